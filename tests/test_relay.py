"""The relay (tt_relay) against docs/relay-protocol.md: a real server on a free loopback port, real clients.

Each test runs its own event loop (asyncio.run) with the server in it; clients are websockets' asyncio
clients. Every test also checks that nothing was logged at ERROR level (no handler crashed).
"""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import json
import logging
import os
import signal
import subprocess
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from aio import run_apart

pytest.importorskip("websockets", reason="the relay needs websockets (pip install -e .[dev])")

import websockets
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from pygame_core.engine import rooms
from pygame_core.engine.rooms import fallback_room
from tt_relay.cli import LIMIT_FLAGS, env_name, parse_args
from tt_relay.server import (
    ALPHABET,
    CODE_LENGTH,
    Limits,
    Networks,
    Relay,
    client_address,
    is_code,
    parse_networks,
)
from tt_relay.static import StaticSite, content_type

WEBSOCKETS_MAJOR = int(websockets.__version__.split(".")[0])

ROOT = Path(__file__).resolve().parents[1]


class Client:
    """A relay client: JSON in and out, with timeouts so that a missing message fails the test."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws

    async def send(self, **message: Any) -> None:
        await self.ws.send(json.dumps(message))

    async def recv(self, timeout: float = 2.0) -> dict[str, Any]:
        frame = await asyncio.wait_for(self.ws.recv(), timeout)
        message = json.loads(frame)
        assert isinstance(message, dict)
        return message

    async def expect(self, type: str, timeout: float = 2.0, **fields: Any) -> dict[str, Any]:
        """The next message, which must have this type and these field values."""
        message = await self.recv(timeout)
        assert message["type"] == type, message
        for name, value in fields.items():
            assert message[name] == value, message
        return message

    async def silent(self, seconds: float = 0.2) -> None:
        """Nothing arrives for a while."""
        with pytest.raises(TimeoutError):
            message = await self.recv(seconds)
            pytest.fail(f"unexpected {message}")

    async def closed(self, timeout: float = 3.0) -> int | None:
        """Wait for the server to close; return the close code."""
        with pytest.raises(ConnectionClosed):
            while True:
                await asyncio.wait_for(self.ws.recv(), timeout)
        return self.ws.close_code

    async def error(self, code: str) -> dict[str, Any]:
        return await self.expect("error", code=code)


class Harness:
    """A relay listening on 127.0.0.1 with a free port, and a way to open clients to it."""

    def __init__(self, relay: Relay, port: int, stack: contextlib.AsyncExitStack) -> None:
        self.relay = relay
        self.port = port
        self.url = f"ws://127.0.0.1:{port}/relay"
        self.stack = stack

    async def client(self, forwarded: str | None = None) -> Client:
        """A new client; with `forwarded`, it says (as a proxy would) it came from there: X-Forwarded-For."""
        headers = {"X-Forwarded-For": forwarded} if forwarded else None
        ws = await self.stack.enter_async_context(
            connect(self.url, compression=None, max_size=None, additional_headers=headers)
        )
        return Client(ws)

    async def room(self, guests: int = 1) -> tuple[Client, dict[str, Any], list[tuple[Client, str]]]:
        """A host with a fresh room and joined guests: (host, created message, [(guest, peer id)])."""
        host = await self.client()
        await host.send(type="create")
        created = await host.expect("created")
        joined = []
        for _ in range(guests):
            guest = await self.client()
            await guest.send(type="join", room=created["room"])
            peer = (await guest.expect("joined", room=created["room"], host=created["peer"]))["peer"]
            await host.expect("peer-joined", peer=peer)
            joined.append((guest, peer))
        return host, created, joined

    def relay_host(self, host: Client) -> str:
        """The peer id the relay gave a host client."""
        return next(m.peer for m in self.relay.members if m.room is not None and m.room.host is m and m.peer)

    async def alive(self) -> None:
        """The relay still answers a new connection."""
        probe = await self.client()
        await probe.send(type="ping")
        await probe.expect("pong")
        await probe.ws.close()

    def http(self, method: str, path: str) -> tuple[int, dict[str, str], bytes]:
        """One raw HTTP request (http.client leaves the path as written: `..` is sent as is)."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
        try:
            conn.request(method, path)
            response = conn.getresponse()
            return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
        finally:
            conn.close()


def run(
    scenario: Callable[[Harness], Awaitable[None]],
    limits: Limits | None = None,
    static: Path | None = None,
    trusted_proxies: Networks = (),
) -> None:
    """Run scenario against a fresh relay in a fresh event loop."""

    async def main() -> None:
        relay = Relay(limits, static, trusted_proxies)
        async with contextlib.AsyncExitStack() as stack:
            server = await stack.enter_async_context(relay.serving("127.0.0.1", 0))
            port = server.sockets[0].getsockname()[1]
            await asyncio.wait_for(scenario(Harness(relay, port, stack)), 20)

    run_apart(main())


@pytest.fixture(autouse=True)
def no_errors_logged(caplog: pytest.LogCaptureFixture) -> AsyncIterator[None]:
    caplog.set_level(logging.WARNING)
    yield
    errors = [record for record in caplog.records if record.levelno >= logging.ERROR]
    assert not errors, [record.getMessage() for record in errors]


# --- the protocol ---------------------------------------------------------------------------------


def test_create_join_signal_relay_and_peer_left() -> None:
    async def scenario(h: Harness) -> None:
        host, created, [(alice, a), (bob, b)] = await h.room(guests=2)
        code = created["room"]
        assert len(code) == CODE_LENGTH and set(code) <= set(ALPHABET)
        assert created["peers"] == [] and created["key"] and created["peer"] not in (a, b)
        offer = {"sdp": "v=0 ...", "kind": "offer"}
        await alice.send(type="signal", to=created["peer"], data=offer)
        await host.expect("signal", **{"from": a, "data": offer})
        await host.send(type="relay", to=b, data={"move": [1, 2], "text": "日本語"})
        await bob.expect("relay", **{"from": created["peer"], "data": {"move": [1, 2], "text": "日本語"}})
        await bob.send(type="relay", to=a, data=None)  # guests reach each other too; data may be null
        await alice.expect("relay", **{"from": b, "data": None})
        await alice.silent(0.1)
        await alice.ws.close()
        await host.expect("peer-left", peer=a)
        await bob.expect("peer-left", peer=a)
        await bob.send(type="signal", to=a, data={})
        await bob.error("unknown-peer")
        await bob.send(type="ping")
        await bob.expect("pong")

    run(scenario)


def test_join_accepts_a_code_typed_in_lower_case_with_spaces() -> None:
    async def scenario(h: Harness) -> None:
        _host, created, _ = await h.room(guests=0)
        guest = await h.client()
        code = created["room"]
        await guest.send(type="join", room=f" {code[:2].lower()} {code[2:].lower()}")
        await guest.expect("joined", room=code, host=created["peer"])

    run(scenario)


def test_host_takes_the_room_back_with_its_key_and_guests_get_host_back() -> None:
    async def scenario(h: Harness) -> None:
        host, created, [(guest, g)] = await h.room(guests=1)
        await host.ws.close()
        await guest.expect("peer-left", peer=created["peer"])
        late = await h.client()  # joining while the host is away: host is null until host-back
        await late.send(type="join", room=created["room"])
        late_peer = (await late.expect("joined", host=None))["peer"]

        back = await h.client()
        await back.send(type="create", room=created["room"], key=created["key"])
        again = await back.expect("created", room=created["room"], key=created["key"])
        assert again["peer"] not in (created["peer"], g, late_peer)
        assert sorted(again["peers"]) == sorted([g, late_peer])
        await guest.expect("host-back", host=again["peer"])
        await late.expect("host-back", host=again["peer"])
        await guest.send(type="signal", to=again["peer"], data="offer")
        await back.expect("signal", **{"from": g, "data": "offer"})

        # Taking the room back while the old host connection is still open replaces that connection.
        third = await h.client()
        await third.send(type="create", room=created["room"].lower(), key=created["key"])
        newest = await third.expect("created", room=created["room"])
        assert await back.closed() == 1000
        await guest.expect("host-back", host=newest["peer"])

    run(scenario)


def test_a_room_survives_a_relay_restart_when_its_host_re_creates_it_with_its_key() -> None:
    saved: dict[str, Any] = {}

    async def before(h: Harness) -> None:
        _, created, _ = await h.room(guests=0)
        saved.update(created)

    async def after(h: Harness) -> None:
        assert not h.relay.rooms  # a new relay process: it knows no room
        guest = await h.client()
        await guest.send(type="join", room=saved["room"])
        await guest.error("no-room")  # the phone asks again until its host is back
        squatter = await h.client()
        host = await h.client()
        await host.send(type="create", room=saved["room"], key=saved["key"])
        back = await host.expect("created", room=saved["room"], key=saved["key"])
        await squatter.send(type="create", room=saved["room"], key="A" * 24)
        await squatter.error("bad-key")  # once re-created, only the same key takes it
        await guest.send(type="join", room=saved["room"])
        await guest.expect("joined", host=back["peer"])

    run(before)
    run(after)


def test_a_stranger_holding_the_code_after_a_restart_sends_the_table_to_its_fallback_room() -> None:
    secret = "table-secret-from-the-join-link-fragment"

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            server = await stack.enter_async_context(Relay().serving("127.0.0.1", 0))
            port = server.sockets[0].getsockname()[1]
            h = Harness(Relay(), port, stack)
            host, created, [(guest, _)] = await h.room(guests=1)
            room, key = created["room"], created["key"]
        async with contextlib.AsyncExitStack() as stack:  # a deploy: a new relay on the same port
            relay = Relay()
            await stack.enter_async_context(relay.serving("127.0.0.1", port))
            h = Harness(relay, port, stack)
            stranger = await h.client()
            await stranger.send(type="create", room=room, key="S" * 24)  # first, with a key of its own
            await stranger.expect("created", room=room)
            host = await h.client()
            await host.send(type="create", room=room, key=key)
            await host.error("bad-key")
            fallback = fallback_room(secret)  # what the page does on bad-key (HostPage.fall_back)
            await host.send(type="create", room=fallback, key=key)
            host_peer = (await host.expect("created", room=fallback, key=key))["peer"]
            guest = await h.client()
            await guest.send(type="join", room=room)
            squatted = (await guest.expect("joined", room=room))["peer"]  # the stranger's: no session opens
            await guest.send(type="join", room=fallback_room(secret))  # GuestPage.rejoin
            me = (await guest.expect("joined", room=fallback, host=host_peer))["peer"]
            await host.expect("peer-joined", peer=me)
            await guest.send(type="relay", to=host_peer, data="sealed open")
            await host.expect("relay", data="sealed open")
            await host.send(type="relay", to=me, data="sealed state")
            await guest.expect("relay", data="sealed state")
            await stranger.expect("peer-joined", peer=squatted)
            await stranger.expect("peer-left", peer=squatted)  # the guest went on to the fallback room
            await stranger.silent()  # and nothing of the table reached the stranger

    run_apart(scenario())


def test_room_codes_of_the_page_are_the_relay_s_and_the_fallback_comes_from_the_secret_alone() -> None:
    assert (rooms.ALPHABET, rooms.CODE_LENGTH) == (ALPHABET, CODE_LENGTH)
    codes = {fallback_room(f"secret {n}") for n in range(200)}
    assert len(codes) == 200 and all(is_code(code) for code in codes)
    assert fallback_room("secret 1") == fallback_room("secret 1") != fallback_room("secret 2")
    assert all(is_code(rooms.new_room()) for _ in range(50))


def test_wrong_key_unknown_room_and_half_a_take_back_are_errors() -> None:
    async def scenario(h: Harness) -> None:
        _, created, _ = await h.room(guests=0)
        other = await h.client()
        await other.send(type="create", room=created["room"], key="guess")
        await other.error("bad-key")
        await other.send(type="join", room="ZZZZZ")
        await other.error("no-room")
        await other.send(type="create", room="ZZ0ZZ", key=created["key"])  # not a room code (0)
        await other.error("no-room")
        await other.send(type="create", room="ZZZZZ", key="short")  # not a host key
        await other.error("bad-key")
        await other.send(type="create", room=created["room"])  # a proposed code that is taken
        await other.error("room-taken")
        await other.send(type="create", key=created["key"])  # a key without a room
        await other.error("bad-field")
        await other.send(type="create", room="AB1")  # a proposed code that is no room code
        await other.error("bad-field")
        await other.send(type="signal", to=created["peer"], data={})
        await other.error("not-in-room")
        await other.send(type="create")  # the connection is still usable
        await other.expect("created")

    run(scenario)


def test_messages_to_a_peer_of_another_room_are_rejected() -> None:
    async def scenario(h: Harness) -> None:
        host1, created1, [(guest1, g1)] = await h.room(guests=1)
        host2, created2, [(guest2, g2)] = await h.room(guests=1)
        assert len({created1["peer"], g1, created2["peer"], g2}) == 4  # peer ids are unique
        for foreign in (created1["peer"], g1, "p1", ""):
            await guest2.send(type="relay", to=foreign, data="theirs")
            await guest2.error("unknown-peer")
            await host2.send(type="signal", to=foreign, data="theirs")
            await host2.error("unknown-peer")
        await guest2.send(type="relay", to=created2["peer"], data="mine")
        await host2.expect("relay", data="mine")
        await host1.silent(0.1)
        await guest1.silent(0.1)

    run(scenario)


# --- the limits -----------------------------------------------------------------------------------


def test_an_oversized_message_gets_too_big_then_1009_and_others_carry_on() -> None:
    async def scenario(h: Harness) -> None:
        host, _created, [(guest, g)] = await h.room(guests=1)
        big = await h.client()
        await big.send(type="relay", to=g, data="x" * (64 * 1024))
        await big.error("too-big")
        assert await big.closed() == 1009
        # Far beyond the limit: websockets closes without reading it all. (This client is left alone
        # afterwards: CPython 3.11's transport fails on a close after dying with megabytes unsent.)
        huge = Client(await connect(h.url, compression=None))
        with contextlib.suppress(ConnectionClosed):
            await huge.ws.send("x" * (4 << 20))
        assert await huge.closed() == 1009
        await host.send(type="relay", to=g, data="y" * 60000)  # just under the limit is fine
        assert len((await guest.expect("relay"))["data"]) == 60000
        await h.alive()

    run(scenario)


def test_a_flood_gets_rate_then_1008() -> None:
    async def scenario(h: Harness) -> None:
        host, _, [(guest, g)] = await h.room(guests=1)
        flood = await h.client()
        for _ in range(300):
            await flood.send(type="ping")
        pongs = 0
        while (message := await flood.recv())["type"] == "pong":
            pongs += 1
        assert message["code"] == "rate"
        assert 100 <= pongs < 200  # the burst, plus what 50/s refilled meanwhile (of 300 sent)
        assert await flood.closed() == 1008
        await host.send(type="relay", to=g, data=1)
        await guest.expect("relay", data=1)

    run(scenario)


def test_a_sustained_rate_under_the_limit_is_fine() -> None:
    async def scenario(h: Harness) -> None:
        client = await h.client()
        for _ in range(30):  # 10 per 0.02 s = 500/s for 0.06 s, then 50/s: inside burst 20 + rate 200/s
            await client.send(type="ping")
            await asyncio.sleep(0.01)
        for _ in range(30):
            await client.expect("pong")

    run(scenario, Limits(rate=200, burst=20))


def test_a_full_room_refuses_the_next_guest_but_keeps_a_place_for_the_host() -> None:
    async def scenario(h: Harness) -> None:
        host, created, guests = await h.room(guests=2)
        extra = await h.client()
        await extra.send(type="create")
        own = await extra.expect("created")
        await extra.send(type="join", room=created["room"])
        await extra.error("room-full")
        await extra.send(type="relay", to=own["peer"], data="still in my own room")
        await extra.expect("relay", data="still in my own room")
        await host.ws.close()
        for guest, _ in guests:
            await guest.expect("peer-left", peer=created["peer"])
        await extra.send(type="join", room=created["room"])  # the host's place stays free while away
        await extra.error("room-full")
        back = await h.client()
        await back.send(type="create", room=created["room"], key=created["key"])
        await back.expect("created")
        await guests[0][0].ws.close()
        await back.expect("peer-left", peer=guests[0][1])
        await extra.send(type="join", room=created["room"])
        await extra.expect("joined")

    run(scenario, Limits(max_members=3))


def test_a_silent_client_that_answers_pings_stays_but_a_dead_one_gets_idle_then_1001() -> None:
    async def scenario(h: Harness) -> None:
        host, _created, [(guest, g)] = await h.room(guests=1)
        dead = await h.client()
        dead.ws.transport.pause_reading()  # stops answering the server's pings
        await asyncio.sleep(1.5)
        # The host and the guest sent nothing for 1.5 s, but answered pings every 0.2 s.
        await host.send(type="relay", to=g, data="still here")
        await guest.expect("relay", data="still here")
        dead.ws.transport.resume_reading()
        await dead.error("idle")
        assert await dead.closed() == 1001

    run(scenario, Limits(idle_timeout=0.6, ping_interval=0.2))


def test_without_pings_silence_alone_is_idle() -> None:
    async def scenario(h: Harness) -> None:
        quiet, talker = await h.client(), await h.client()
        for _ in range(6):
            await talker.send(type="ping")
            await talker.expect("pong")
            await asyncio.sleep(0.15)
        await quiet.error("idle")
        assert await quiet.closed() == 1001
        await talker.send(type="ping")
        await talker.expect("pong")

    run(scenario, Limits(idle_timeout=0.5, ping_interval=0))


def test_an_empty_room_expires_but_can_be_taken_back_before() -> None:
    async def scenario(h: Harness) -> None:
        host, created, _ = await h.room(guests=0)
        await host.ws.close()
        await asyncio.sleep(0.1)
        back = await h.client()
        await back.send(type="create", room=created["room"], key=created["key"])
        await back.expect("created", room=created["room"])
        await back.ws.close()
        await asyncio.sleep(0.8)
        assert created["room"] not in h.relay.rooms
        late = await h.client()
        await late.send(type="join", room=created["room"])
        await late.error("no-room")
        await late.send(type="create", room=created["room"], key=created["key"])  # its host re-creates it
        await late.expect("created", room=created["room"], key=created["key"])

    run(scenario, Limits(room_expiry=0.4))


def test_a_room_closes_at_its_maximum_age() -> None:
    async def scenario(h: Harness) -> None:
        host, _created, [(guest, _)] = await h.room(guests=1)
        await host.error("expired")
        await guest.error("expired")
        assert await host.closed() == 1001
        assert await guest.closed() == 1001
        assert not h.relay.rooms and not h.relay.members
        await h.alive()

    run(scenario, Limits(room_max_age=0.5))


def test_a_member_that_does_not_read_is_dropped_and_its_senders_do_not_wait() -> None:
    async def scenario(h: Harness) -> None:
        host, _, [(slow, s), (fast, f)] = await h.room(guests=2)
        slow.ws.transport.pause_reading()
        chunk = "z" * 60000
        for _ in range(400):  # 24 MB: more than the kernel buffers plus the relay's 16 x 64 KiB
            await host.send(type="relay", to=s, data=chunk)
        await host.send(type="relay", to=f, data="after")
        # The fast guest gets its message, and both learn that the slow one left (in either order).
        got = [await fast.recv(5), await fast.recv(5)]
        assert sorted(m["type"] for m in got) == ["peer-left", "relay"], got
        assert await host.recv(5) == {"type": "peer-left", "peer": s}
        errors = 0  # what the host sent after the drop was refused
        with contextlib.suppress(TimeoutError):
            while True:
                assert (await host.recv(0.3))["code"] == "unknown-peer"
                errors += 1
        assert 0 < errors < 400
        slow.ws.transport.resume_reading()  # lets it see that it was cut off
        assert await slow.closed() == 1006

    run(scenario, Limits(rate=10000, burst=10000))


def test_limits_reject_nonsense_and_the_cli_sets_every_limit() -> None:
    with pytest.raises(ValueError, match="rate"):
        Limits(rate=0)
    with pytest.raises(ValueError, match="max_members"):
        Limits(max_members=1)
    args = parse_args(["--port", "0", "--max-message", "1000", "--rate", "5", "--ping-interval", "0"])
    limits = Limits(**{name: getattr(args, name) for name, _, _ in LIMIT_FLAGS.values()})
    assert (limits.max_message, limits.rate, limits.ping_interval, limits.burst) == (1000, 5.0, 0.0, 100)
    assert {name for name, _, _ in LIMIT_FLAGS.values()} == set(Limits.__dataclass_fields__)


# --- garbage --------------------------------------------------------------------------------------


def test_garbage_gets_errors_and_never_disturbs_other_clients() -> None:
    async def scenario(h: Harness) -> None:
        host, created, [(guest, g)] = await h.room(guests=1)

        async def others_fine() -> None:
            await host.send(type="relay", to=g, data="ok")
            await guest.expect("relay", data="ok")

        bad = await h.client()
        cases = [
            ("{not json", "bad-json"),
            ("[1, 2]", "bad-json"),
            ('"create"', "bad-json"),
            ("{}", "bad-type"),
            ('{"type": 5}', "bad-type"),
            ('{"type": "dance"}', "bad-type"),
            ('{"type": "join"}', "bad-field"),
            ('{"type": "join", "room": 12345}', "bad-field"),
            ('{"type": "signal", "data": {}}', "bad-field"),
            ('{"type": "relay", "to": "p1"}', "bad-field"),
            ('{"type": "relay", "to": ["p1"], "data": 1}', "bad-field"),
            ('{"type": "create", "room": null, "key": "k"}', "bad-field"),
            ("\ud800".encode("utf-8", "surrogatepass").decode("utf-8", "replace"), "bad-json"),
        ]
        for frame, code in cases:
            await bad.ws.send(frame)
            await bad.error(code)
        await others_fine()
        await bad.send(type="join", room=created["room"])  # still open and usable after all that
        await bad.expect("joined")
        await host.expect("peer-joined")

        binary = await h.client()
        await binary.ws.send(b"\x00\x01\x02")
        await binary.error("binary")
        assert await binary.closed() == 1003
        await others_fine()

        spammer = await h.client()
        for i in range(250):
            await spammer.ws.send("\x00garbage" * (i % 7))
        codes = []
        while (message := await spammer.recv())["code"] != "rate":
            codes.append(message["code"])
        assert set(codes) == {"bad-json"} and len(codes) >= 100
        assert await spammer.closed() == 1008
        await others_fine()
        await h.alive()

    run(scenario)


def test_broken_handshakes_and_raw_bytes_leave_the_server_up() -> None:
    async def scenario(h: Harness) -> None:
        for payload in (
            b"\x16\x03\x01\x00\xa5garbage\r\n\r\n",
            b"GET /relay HTTP/1.1\r\n\r\n",
            b"\r\n" * 3,
            b"",
        ):
            reader, writer = await asyncio.open_connection("127.0.0.1", h.port)
            writer.write(payload)
            writer.write_eof()
            await asyncio.wait_for(reader.read(), 5)
            writer.close()
        await h.alive()

    run(scenario)


# --- HTTP: the static site on the same port -------------------------------------------------------


@pytest.fixture
def site(tmp_path: Path) -> Path:
    root = tmp_path / "site"
    (root / "runtime").mkdir(parents=True)
    (root / "play").mkdir()
    (root / "index.html").write_text("<h1>home</h1>")
    (root / "play" / "index.html").write_text("<h1>play</h1>")
    (root / "runtime" / "pyodide.asm.wasm").write_bytes(b"\x00asm\x01\x00\x00\x00")
    (root / "runtime" / "pyodide.mjs").write_text("export {}")
    (root / "game.whl").write_bytes(b"PK")
    (root / "_headers").write_text(
        "/*.wasm\n  Content-Type: application/wasm\n/runtime/*\n  Cache-Control: immutable\n"
    )
    (tmp_path / "secret.txt").write_text("do not serve")
    return root


def test_http_serves_the_site_with_mime_types_and_headers_beside_the_relay(site: Path) -> None:
    async def scenario(h: Harness) -> None:
        def get(path: str, method: str = "GET") -> tuple[int, dict[str, str], bytes]:
            return h.http(method, path)

        status, headers, body = await asyncio.to_thread(get, "/runtime/pyodide.asm.wasm")
        assert (status, headers["content-type"], body) == (
            200,
            "application/wasm",
            b"\x00asm\x01\x00\x00\x00",
        )
        assert headers["cache-control"] == "immutable" and headers["content-length"] == "8"
        status, headers, _ = await asyncio.to_thread(get, "/runtime/pyodide.mjs")
        assert (status, headers["content-type"], headers["content-length"]) == (200, "text/javascript", "9")
        status, headers, _ = await asyncio.to_thread(get, "/game.whl")
        assert (status, headers["content-type"]) == (
            200,
            "application/zip",
        ) and "cache-control" not in headers
        status, headers, body = await asyncio.to_thread(get, "/")
        assert (status, headers["content-type"], body) == (200, "text/html; charset=utf-8", b"<h1>home</h1>")
        status, headers, _ = await asyncio.to_thread(get, "/play?seed=3")
        assert (status, headers["location"]) == (301, "/play/?seed=3")
        assert (await asyncio.to_thread(get, "/play/?seed=3"))[2] == b"<h1>play</h1>"
        for missing in ("/nope.html", "/runtime/nope.wasm", "/_headers"):
            assert (await asyncio.to_thread(get, missing))[0] == 404
        for attack in (
            "/../secret.txt",
            "/runtime/../../secret.txt",
            "/%2e%2e/secret.txt",
            "/..%2fsecret.txt",
        ):
            status, _, body = await asyncio.to_thread(get, attack)
            assert status == 404 and b"do not serve" not in body, attack
        status, _, _ = await asyncio.to_thread(get, "/relay")  # plain GET of the relay path: not a page
        assert status == 426
        await h.alive()  # and the relay answers on the same port

    run(scenario, static=site)


@pytest.mark.skipif(WEBSOCKETS_MAJOR < 17, reason="websockets < 17 answers only GET requests")
def test_http_head_and_other_methods(site: Path) -> None:
    async def scenario(h: Harness) -> None:
        status, headers, body = await asyncio.to_thread(h.http, "HEAD", "/runtime/pyodide.mjs")
        assert (status, headers["content-type"], headers["content-length"], body) == (
            200,
            "text/javascript",
            "9",
            b"",
        )
        status, headers, _ = await asyncio.to_thread(h.http, "POST", "/")
        assert (status, headers["allow"]) == (405, "GET, HEAD")
        await h.alive()

    run(scenario, static=site)


def test_static_site_answers_without_a_server(site: Path) -> None:
    static = StaticSite(site)
    head = static.respond("HEAD", "/runtime/pyodide.asm.wasm")
    assert (head.status, head.body, dict(head.headers)["Content-Length"]) == (200, b"", "8")
    assert dict(head.headers)["Cache-Control"] == "immutable"
    assert static.respond("DELETE", "/").status == 405
    assert static.respond("GET", "/runtime").headers[-1] == ("Location", "/runtime/")
    assert static.respond("GET", "/runtime/").status == 404  # a folder without index.html: no listing
    assert static.locate("/../secret.txt") is None and static.locate("/%00") is None
    assert content_type(Path("a.wasm")) == "application/wasm" and content_type(Path("x.unknownext")) == (
        "application/octet-stream"
    )


def test_without_a_static_root_every_other_path_is_404() -> None:
    async def scenario(h: Harness) -> None:
        status, _, body = await asyncio.to_thread(h.http, "GET", "/index.html")
        assert status == 404 and b"/relay" in body
        await h.alive()

    run(scenario)


def test_python_m_tt_relay_runs_and_says_where() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "tt_relay", "--port", "0", "--static", str(ROOT / "tests")],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        first, second = proc.stdout.readline(), proc.stdout.readline()
        assert first.startswith("tt_relay: relay on ws://127.0.0.1:") and first.rstrip().endswith("/relay")
        assert second.startswith("tt_relay: site on http://127.0.0.1:")
    finally:
        proc.terminate()
        assert proc.wait(10) == 0


# --- abuse (issue 18) -----------------------------------------------------------------------------


def test_lone_surrogates_and_deep_nesting_get_an_error_frame_not_a_traceback() -> None:
    async def scenario(h: Harness) -> None:
        host, _, [(guest, g)] = await h.room(guests=1)
        to = json.dumps(h.relay_host(host))
        await guest.ws.send('{"type": "relay", "to": ' + to + ', "data": "\\ud800"}')
        assert "surrogate" in (await guest.error("bad-json"))["message"]
        for depth in (33, 5000, 30000):
            await guest.ws.send('{"type": "relay", "to": "x", "data": ' + "[" * depth + "]" * depth + "}")
            await guest.error("bad-json")
        fine = "[" * 30 + '"[{{[ in a string"' + "]" * 30
        await guest.ws.send('{"type": "relay", "to": ' + to + ', "data": ' + fine + "}")
        assert (await host.expect("relay"))["from"] == g
        await h.alive()

    run(scenario)


def test_rooms_are_capped_per_connection_and_overall() -> None:
    async def scenario(h: Harness) -> None:
        creator = await h.client()
        for _ in range(3):
            await creator.send(type="create")
            await creator.expect("created")
        await creator.send(type="create")
        assert "at most 3 rooms" in (await creator.error("too-many-rooms"))["message"]
        others = [await h.client() for _ in range(3)]
        for other in others[:2]:
            await other.send(type="create")
            await other.expect("created")
        await others[2].send(type="create")  # 5 rooms now: the relay's cap
        assert "try again later" in (await others[2].error("too-many-rooms"))["message"]
        await others[2].send(type="create", room="ABCDE", key="A" * 24)  # re-creating counts too
        await others[2].error("too-many-rooms")

    run(scenario, Limits(rooms_per_connection=3, max_rooms=5))


def test_a_connection_in_no_room_is_closed_after_the_lobby_timeout() -> None:
    async def scenario(h: Harness) -> None:
        lurker = await h.client()
        host, _, [(guest, g)] = await h.room(guests=1)
        await lurker.error("idle")
        assert await lurker.closed() == 1001
        await host.send(type="relay", to=g, data="still here")
        await guest.expect("relay", data="still here")

    run(scenario, Limits(lobby_timeout=0.4, ping_interval=0.1))


def test_silent_guests_that_fill_a_room_give_their_place_to_a_real_phone() -> None:
    async def scenario(h: Harness) -> None:
        host, created, squatters = await h.room(guests=3)  # the room is full (4 with the host)
        talker = squatters[0]
        await asyncio.sleep(1.2)
        await talker[0].send(type="relay", to=created["peer"], data="hi")  # this one is not silent
        await host.expect("relay")
        for _ in range(2):  # each new phone takes the place of a silent guest
            phone = await h.client()
            await phone.send(type="join", room=created["room"])
            joined = await phone.expect("joined")
            left = await host.expect("peer-left")
            assert left["peer"] in {s[1] for s in squatters[1:]}
            assert (await host.expect("peer-joined"))["peer"] == joined["peer"]
        late = await h.client()  # the room is full of guests that spoke or came lately: refused
        await late.send(type="join", room=created["room"])
        await late.error("room-full")

    run(scenario, Limits(max_members=4, quiet_guest=1.0))


def test_connections_per_address_are_capped_behind_a_trusted_proxy() -> None:
    async def scenario(h: Harness) -> None:
        # The proxy (loopback here) appends the address it saw; what is left of it is the client's word.
        first = [await h.client(f"{spoof}, 203.0.113.7") for spoof in ("1.1.1.1", "2.2.2.2", "3.3.3.3")]
        extra = await h.client("4.4.4.4, 203.0.113.7")
        await extra.error("too-many-connections")
        assert await extra.closed() == 1008
        other = await h.client("203.0.113.7, 198.51.100.9")  # another client of the proxy
        await other.send(type="ping")
        await other.expect("pong")
        await first[0].ws.close()
        await asyncio.sleep(0.1)
        again = await h.client("203.0.113.7")  # a place is free again
        await again.send(type="ping")
        await again.expect("pong")

    run(scenario, Limits(per_address=3), trusted_proxies=parse_networks("127.0.0.1/32"))


def test_without_a_trusted_proxy_x_forwarded_for_is_ignored_and_loopback_is_not_counted() -> None:
    async def scenario(h: Harness) -> None:
        clients = [await h.client("203.0.113.7") for _ in range(4)]
        for client in clients:
            await client.send(type="ping")
            await client.expect("pong")
        assert h.relay.addresses == {}

    run(scenario, Limits(per_address=2))


def test_the_client_address_is_the_right_most_one_not_a_trusted_proxy() -> None:
    trusted = parse_networks("10.0.0.0/8, ::1")
    assert client_address("10.0.0.2", "6.6.6.6, 192.0.2.1, 10.0.0.3", trusted) == "192.0.2.1"
    assert client_address("192.0.2.5", "6.6.6.6", trusted) == "192.0.2.5"  # not from the proxy: its own
    assert client_address("10.0.0.2", None, trusted) == "10.0.0.2"
    assert client_address("10.0.0.2", "garbage", trusted) == ""
    assert client_address("127.0.0.1", None, trusted) == ""  # loopback, not trusted: exempt as before
    with pytest.raises(ValueError, match="not an IP"):
        parse_networks("10.0.0.0/8, proxy.local")


def test_an_address_over_its_rate_cools_down_and_reconnecting_does_not_reset_it() -> None:
    async def scenario(h: Harness) -> None:
        host = await h.client("198.51.100.1")  # 1 open
        await host.send(type="create")  # 2
        created = await host.expect("created")
        guest = await h.client("198.51.100.1")  # 3
        await guest.send(type="join", room=created["room"])  # 4: over the burst
        await guest.error("rate")
        assert await guest.closed() == 1008
        again = await h.client("198.51.100.1")  # a new connection is still cooling down
        await again.error("rate")
        assert await again.closed() == 1008
        other = await h.client("198.51.100.2")  # another address is not held back
        await other.send(type="join", room=created["room"])
        await other.expect("joined")
        await host.expect("peer-joined")
        await asyncio.sleep(1.6)  # the cool-down ends, the bucket refilled
        late = await h.client("198.51.100.1")
        await late.send(type="join", room=created["room"])
        await late.expect("joined")

    limits = Limits(address_rate=2.0, address_burst=3, cooldown=1.5)
    run(scenario, limits, trusted_proxies=parse_networks("127.0.0.1"))


def test_healthz_answers_small_json_without_a_static_site() -> None:
    async def scenario(h: Harness) -> None:
        await h.room(guests=1)
        status, headers, body = await asyncio.to_thread(h.http, "GET", "/healthz")
        assert status == 200 and headers["content-type"] == "application/json"
        assert json.loads(body) == {"ok": True, "rooms": 1, "members": 2}

    run(scenario)


def test_create_takes_a_proposed_code_when_it_is_free() -> None:
    async def scenario(h: Harness) -> None:
        host = await h.client()
        await host.send(type="create", room="ab-cde")
        created = await host.expect("created", room="ABCDE")
        other = await h.client()
        await other.send(type="create", room="ABCDE")
        await other.error("room-taken")
        guest = await h.client()
        await guest.send(type="join", room="ABCDE")
        await guest.expect("joined", host=created["peer"])

    run(scenario)


def test_sigterm_closes_every_member_with_1012_and_the_environment_configures_the_relay() -> None:
    env = {**os.environ, "TT_RELAY_PORT": "0", "TT_RELAY_MAX_MEMBERS": "2"}
    process = subprocess.Popen(
        [sys.executable, "-m", "tt_relay"], cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True
    )
    try:
        assert process.stdout is not None
        url = process.stdout.readline().split()[-1]
        assert url.startswith("ws://127.0.0.1:") and url.endswith("/relay"), url

        async def scenario() -> int | None:
            async with connect(url) as host_ws, connect(url) as guest_ws, connect(url) as third_ws:
                host, guest, third = Client(host_ws), Client(guest_ws), Client(third_ws)
                await host.send(type="create")
                code = (await host.expect("created"))["room"]
                await guest.send(type="join", room=code)
                await guest.expect("joined")
                await third.send(type="join", room=code)
                await third.error("room-full")  # TT_RELAY_MAX_MEMBERS=2
                process.send_signal(signal.SIGTERM)
                assert await guest.closed() == 1012
                assert guest_ws.close_reason == "restart"
                return await host.closed()

        assert run_apart(scenario()) == 1012
        assert process.wait(10) == 0
    finally:
        process.kill()
        process.wait()


def test_every_flag_reads_its_environment_variable() -> None:
    env = {env_name(flag): "7" for flag in LIMIT_FLAGS}
    env |= {"TT_RELAY_HOST": "0.0.0.0", "PORT": "9000", "TT_RELAY_TRUSTED_PROXY": "10.0.0.0/8"}
    args = parse_args([], env)
    assert (args.host, args.port, args.trusted_proxy) == ("0.0.0.0", 9000, parse_networks("10.0.0.0/8"))
    assert all(getattr(args, name) == 7 for name, _, _ in LIMIT_FLAGS.values())
    assert parse_args(["--port", "1"], {"TT_RELAY_PORT": "2"}).port == 1  # the flag wins
    with pytest.raises(SystemExit):
        parse_args([], {"TT_RELAY_RATE": "fast"})


def test_the_host_fan_out_is_not_held_against_it() -> None:
    async def scenario(h: Harness) -> None:
        host, _, guests = await h.room(guests=4)
        await asyncio.sleep(1)  # its bucket fills up to 4 times a guest's while it is quiet
        for _ in range(60):  # a reply to each of 4 guests, 60 times: 240 messages at once, burst 100
            for _, peer in guests:
                await host.send(type="relay", to=peer, data="state")
        for guest, _ in guests:
            for _ in range(60):
                await guest.expect("relay", data="state")
        await host.send(type="ping")
        await host.expect("pong")

    run(scenario)


def test_out_of_file_descriptors_the_relay_pauses_accepting_serves_members_and_logs_one_line() -> None:
    script = """
import asyncio, logging, resource, socket, sys
from websockets.asyncio.client import connect
from tt_relay.server import Limits, Relay
logging.basicConfig(level=logging.WARNING, stream=sys.stdout, format="LOG %(message)s")
async def main():
    relay = Relay(Limits(per_address=10_000))
    async with relay.serving("127.0.0.1", 0) as server:
        port = server.sockets[0].getsockname()[1]
        member = await connect(f"ws://127.0.0.1:{port}/relay")  # a member from before the limit is hit
        resource.setrlimit(resource.RLIMIT_NOFILE, (64, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))
        held = []
        for _ in range(200):  # more than the limit: accept() fails with EMFILE for a while
            try:
                held.append(socket.create_connection(("127.0.0.1", port)))
            except OSError:
                break
            await asyncio.sleep(0)
        served = 0
        for _ in range(10):  # the member keeps being served meanwhile
            await member.send('{"type": "ping"}')
            served += await asyncio.wait_for(member.recv(), 2) == '{"type":"pong"}'
            await asyncio.sleep(0.3)
        print("SERVED", served, "REFUSED", relay.fd_failures)
        for s in held:
            s.close()
        await asyncio.sleep(1.5)
        async with connect(f"ws://127.0.0.1:{port}/relay") as ws:
            await ws.send('{"type": "ping"}')
            print("ANSWER", await ws.recv())
asyncio.run(main())
"""
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    lines = done.stdout.splitlines()
    assert 'ANSWER {"type":"pong"}' in lines, done.stdout + done.stderr
    served = next(line.split() for line in lines if line.startswith("SERVED"))
    # Accepting pauses after a failure: a handful of refused accepts in 3 s, not asyncio's 4,096 a second.
    assert served[1] == "10" and int(served[3]) < 20, served
    logged = [line for line in lines if line.startswith("LOG")]
    assert len(logged) == 1 and "out of file descriptors" in logged[0], lines
    assert "Traceback" not in done.stderr
