"""The relay server: rooms, forwarding and limits of docs/relay-protocol.md on websockets' asyncio API.

One `Relay` holds the rooms and the connected members. `Relay.serving(host, port)` runs it: WebSocket
upgrades at /relay go to the protocol, every other path is answered by `process_request` (the static site
when there is one, else 404). Nothing a client sends can raise out of a handler: each violation becomes an
`error` message, and a close where the protocol says so.
"""

from __future__ import annotations

import asyncio
import contextlib
import email.utils
import errno
import ipaddress
import json
import logging
import re
import secrets
import socket
import time
from collections.abc import AsyncIterator, Awaitable
from dataclasses import dataclass, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from tt_relay.static import StaticSite

if TYPE_CHECKING:
    from websockets.typing import DataLike

log = logging.getLogger("tt_relay")

RELAY_PATH = "/relay"
HEALTH_PATH = "/healthz"
# Close code and reason for every member when the relay shuts down (SIGTERM): "service restart", so pages
# reconnect at once (a load balancer sends them to another instance).
SHUTDOWN_CODE = 1012
# Room codes: 5 characters without look-alikes (no 0/O, 1/I/L): 31**5, about 29 million codes.
ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 5
KEY_PATTERN = re.compile(r"[A-Za-z0-9_-]{24}")  # a host key: secrets.token_urlsafe(18)
# A frame up to this many times the message limit still gets a `too-big` error before the close;
# websockets itself closes (1009, no error message) on anything larger without buffering it.
HARD_SIZE_FACTOR = 4
# A member whose unsent output exceeds this many times the message limit does not read: it is dropped
# rather than making its senders wait.
WRITE_BUFFER_FACTOR = 16
# Seconds a closing handshake may take before the connection is dropped.
CLOSE_TIMEOUT = 5.0
# Nesting deeper than this in a message is refused (a page never sends more than a few levels).
MAX_DEPTH = 32
# At most one log line per this many seconds about running out of file descriptors.
EMFILE_LOG_PERIOD = 60.0
# accept() errors that mean "out of descriptors or memory": accepting pauses for ACCEPT_PAUSE seconds.
FD_ERRNOS = frozenset({errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM})
ACCEPT_PAUSE = 0.5
BACKLOG = 4096  # pending connections the kernel queues


@dataclass(frozen=True)
class Limits:
    """The relay's limits (docs/relay-protocol.md, "Limits"); every one is settable from the CLI."""

    max_message: int = 64 * 1024  # bytes of one frame
    max_members: int = 16  # per room, host included (one place is kept for the host)
    rate: float = 50.0  # messages per second per connection, sustained
    burst: int = 100  # messages in a burst (token bucket size)
    idle_timeout: float = 60.0  # seconds without a message and without a pong
    ping_interval: float = 20.0  # seconds between WebSocket pings (0: none)
    room_expiry: float = 600.0  # seconds a room outlives its last member
    room_max_age: float = 12 * 3600.0  # seconds a room lives at most
    max_rooms: int = 20_000  # rooms on the relay
    rooms_per_connection: int = 8  # rooms one connection may create
    per_address: int = 64  # connections from one address (loopback, i.e. a proxy in front, is exempt)
    lobby_timeout: float = 30.0  # seconds a connection may stay in no room
    quiet_guest: float = 30.0  # a full room lets a new guest in by closing a guest silent this long
    # Connections, creates and joins per second from one address, sustained, and in a burst (kept across
    # the address's connections). Generous: the phones of a table often share one address (a café's Wi-Fi,
    # a carrier's NAT), and after a relay restart each reconnects and asks for its room every 2 s.
    address_rate: float = 20.0
    address_burst: int = 300
    cooldown: float = 30.0  # seconds an address that went over its rate is refused

    def __post_init__(self) -> None:
        """Reject limits that make no sense (all must be positive; ping_interval may be 0)."""
        for spec in fields(self):
            value = getattr(self, spec.name)
            if value < 0 or (value == 0 and spec.name != "ping_interval"):
                raise ValueError(f"limit {spec.name} must be positive, not {value}")
        if self.max_members < 2:
            raise ValueError("limit max_members must be at least 2 (the host and one guest)")

    @property
    def tick(self) -> float:
        """Period of the sweep that finds idle connections and expired rooms."""
        shortest = min(self.idle_timeout, self.room_expiry, self.room_max_age, self.lobby_timeout)
        return max(0.01, min(1.0, shortest / 4))


class ListeningSocket(socket.socket):
    """A listening socket whose accept() pauses for ACCEPT_PAUSE after running out of descriptors.

    asyncio's accept loop tries up to its backlog (here 4,096) accepts per wake-up and, at the descriptor
    limit, schedules a retry and an error report for each failed one: thousands a second, a busy relay
    whose members wait. While paused, accept() says "nothing to accept", so one wake-up costs one
    failed accept, one report and one retry a second.
    """

    paused_until = 0.0

    def accept(self) -> tuple[socket.socket, Any]:
        """Accept a connection, or raise BlockingIOError while paused."""
        if time.monotonic() < self.paused_until:
            raise BlockingIOError(errno.EAGAIN, "accepting is paused: out of file descriptors")
        try:
            return super().accept()
        except OSError as exc:
            if exc.errno in FD_ERRNOS:
                self.paused_until = time.monotonic() + ACCEPT_PAUSE
            raise


def listen(host: str, port: int) -> ListeningSocket:
    """A ListeningSocket bound to host:port (0: a free port); an IPv6 `::` also takes IPv4."""
    family, kind, proto, _, address = socket.getaddrinfo(
        host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
    )[0]
    sock = ListeningSocket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if family == socket.AF_INET6:
            sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
        sock.bind(address)
        sock.listen(BACKLOG)
    except OSError:
        sock.close()
        raise
    sock.setblocking(False)
    return sock


class RelayConnection(ServerConnection):
    """A server connection that remembers when the last pong to one of its pings came back."""

    last_pong: float = 0.0

    async def ping(self, data: DataLike | None = None) -> Awaitable[float]:
        """Send a ping (websockets' keepalive calls this too) and note the time its pong arrives."""
        waiter = await super().ping(data)
        if isinstance(waiter, asyncio.Future):
            waiter.add_done_callback(self._ponged)
        return waiter

    def _ponged(self, waiter: asyncio.Future[float]) -> None:
        if not waiter.cancelled() and waiter.exception() is None:
            self.last_pong = time.monotonic()


class Member:
    """One connection: its place in a room (if any), its token bucket and its last activity."""

    __slots__ = (
        "address",
        "closing",
        "created",
        "last_forward",
        "last_message",
        "opened",
        "peer",
        "room",
        "stamp",
        "tokens",
        "ws",
    )

    def __init__(self, ws: RelayConnection, limits: Limits, address: str) -> None:
        now = time.monotonic()
        self.ws = ws
        self.peer: str | None = None
        self.room: Room | None = None
        self.tokens = float(limits.burst)
        self.stamp = now
        self.last_message = now
        self.last_forward = now  # the last `relay` or `signal` it sent (or when it joined)
        self.opened = now
        self.created = 0  # rooms this connection created
        self.closing = False
        self.address = address  # the client's address ("" when it is not counted: loopback, unknown)

    def take_token(self, limits: Limits, now: float) -> bool:
        """Token bucket: refill at `rate` up to `burst`, spend one; False when the bucket is empty.

        A room's host answers every guest, so its rate and burst grow with the guests present (its fan-out
        is never held against it).
        """
        share = self.share()
        burst = float(limits.burst * share)
        self.tokens = min(burst, self.tokens + (now - self.stamp) * limits.rate * share)
        self.stamp = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True

    def share(self) -> int:
        """Return how many connections this one speaks for: a room's host, one per guest present."""
        room = self.room
        return max(1, len(room.members) - 1) if room is not None and room.host is self else 1

    def last_seen(self) -> float:
        """Last sign of life: a message, or a pong to the server's ping."""
        return max(self.last_message, self.ws.last_pong)


class Room:
    """A room: its code, the host's key, the members by peer id and its clock."""

    __slots__ = ("code", "created", "emptied", "host", "key", "members")

    def __init__(self, code: str, now: float, key: str | None = None) -> None:
        self.code = code
        self.key = key or secrets.token_urlsafe(18)
        self.host: Member | None = None
        self.members: dict[str, Member] = {}
        self.created = now
        self.emptied: float | None = None

    def add(self, member: Member) -> str:
        """Give member a new random peer id (48 bits: unique in practice across the relay) and seat it."""
        peer = secrets.token_urlsafe(6)
        while peer in self.members:
            peer = secrets.token_urlsafe(6)
        self.members[peer] = member
        member.peer, member.room = peer, self
        self.emptied = None
        return peer

    def remove(self, member: Member, now: float) -> None:
        """Unseat member (the room starts its expiry clock when it is empty)."""
        if member.peer is not None:
            self.members.pop(member.peer, None)
        if self.host is member:
            self.host = None
        member.room = None
        if not self.members:
            self.emptied = now

    def guests(self) -> list[str]:
        """Peer ids of the guests present."""
        return [peer for peer, member in self.members.items() if member is not self.host]


class Address:
    """What the relay keeps about one client address across its connections: how many are open, a token
    bucket of opens (connections, creates, joins) and the end of a cool-down after it went over."""

    __slots__ = ("connections", "cool_until", "stamp", "tokens")

    def __init__(self, limits: Limits, now: float) -> None:
        self.connections = 0
        self.tokens = float(limits.address_burst)
        self.stamp = now
        self.cool_until = 0.0

    def take(self, limits: Limits, now: float) -> bool:
        """Spend one open; False (and a cool-down starts) when the bucket is empty or cooling down."""
        if now < self.cool_until:
            return False
        self.tokens = min(float(limits.address_burst), self.tokens + (now - self.stamp) * limits.address_rate)
        self.stamp = now
        if self.tokens < 1.0:
            self.cool_until = now + limits.cooldown
            return False
        self.tokens -= 1.0
        return True

    def idle(self, limits: Limits, now: float) -> bool:
        """Return whether nothing is left to remember (no connection, no cool-down, a full bucket)."""
        full = self.tokens + (now - self.stamp) * limits.address_rate >= limits.address_burst
        return not self.connections and now >= self.cool_until and full


class ProtocolError(Exception):
    """A client mistake answered with an `error` message; the connection stays open."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def dumps(message: dict[str, Any]) -> str:
    """Compact JSON text of one message."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


def too_deep(frame: str) -> bool:
    """Return whether a JSON text nests deeper than MAX_DEPTH (checked only when it has many brackets)."""
    if frame.count("[") + frame.count("{") <= MAX_DEPTH:
        return False
    depth = 0
    in_string = escaped = False
    for char in frame:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return True
        elif char in "]}":
            depth -= 1
    return False


Networks = tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]


def parse_networks(text: str) -> Networks:
    """Addresses or networks, separated by commas or spaces (`10.0.0.0/8, ::1`); ValueError if one is not."""
    networks = []
    for part in text.replace(",", " ").split():
        try:
            networks.append(ipaddress.ip_network(part, strict=False))
        except ValueError:
            raise ValueError(f"not an IP address or network: {part!r}") from None
    return tuple(networks)


def in_networks(address: str, networks: Networks) -> bool:
    """Return whether address (text) lies in one of the networks."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in network for network in networks)


def client_address(peer: str, forwarded: str | None, trusted: Networks) -> str:
    """The client's address: the peer's own, unless the peer is a trusted proxy; then the right-most
    address of X-Forwarded-For that is not itself a trusted proxy (the ones left of it are the client's
    word, which anyone can write). Loopback and unreadable addresses give "" (not counted)."""
    address = peer
    if forwarded is not None and in_networks(peer, trusted):
        hops = [hop.strip() for hop in forwarded.split(",")]
        address = next((hop for hop in reversed(hops) if not in_networks(hop, trusted)), "")
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return ""
    return "" if ip.is_loopback else str(ip)


def normalize_code(code: str) -> str:
    """Room codes are read case-insensitively, without spaces or dashes (people type them)."""
    return code.upper().replace(" ", "").replace("-", "")


def is_code(normal: str) -> bool:
    """Return whether a normalized text is a room code (its length, its alphabet)."""
    return len(normal) == CODE_LENGTH and set(normal) <= set(ALPHABET)


class Relay:
    """The rooms and members of one relay, and the handlers websockets calls."""

    def __init__(
        self, limits: Limits | None = None, static: Path | None = None, trusted_proxies: Networks = ()
    ) -> None:
        """A relay with these limits; with `static`, plain HTTP requests are served from that folder; a
        connection from one of `trusted_proxies` is counted under its X-Forwarded-For address."""
        self.limits = limits or Limits()
        self.site = StaticSite(static) if static is not None else None
        self.trusted_proxies = trusted_proxies
        self.rooms: dict[str, Room] = {}
        self.members: set[Member] = set()
        self.addresses: dict[str, Address] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self.fd_failures = 0
        self.fd_logged = -EMFILE_LOG_PERIOD
        self.listening: ListeningSocket | None = None

    # --- running -----------------------------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def serving(self, host: str = "127.0.0.1", port: int = 8765) -> AsyncIterator[Server]:
        """Listen on host:port (0: any free port) while the context lasts."""
        limits = self.limits
        self.listening = listen(host, port)
        async with serve(
            self.handler,
            sock=self.listening,
            process_request=self.process_request,
            create_connection=RelayConnection,
            compression=None,
            max_size=limits.max_message * HARD_SIZE_FACTOR,
            max_queue=16,
            write_limit=limits.max_message * WRITE_BUFFER_FACTOR,
            ping_interval=limits.ping_interval or None,
            # The sweep closes silent connections with an `idle` error first; this is only a backstop.
            ping_timeout=2 * limits.idle_timeout,
            close_timeout=CLOSE_TIMEOUT,
            backlog=BACKLOG,  # asyncio calls listen() again with it
        ) as server:
            loop = asyncio.get_running_loop()
            loop.set_exception_handler(self.loop_exception)
            sweeper = asyncio.create_task(self.sweep())
            try:
                yield server
            finally:
                sweeper.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await sweeper

    def loop_exception(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """Out of file descriptors: one warning a minute, with the count (not a traceback a second)."""
        exc = context.get("exception")
        if isinstance(exc, ValueError) and self.listening is not None and self.listening.fileno() == -1:
            return  # asyncio's accept retry, due after the server closed, finds its socket gone
        if isinstance(exc, OSError) and exc.errno in FD_ERRNOS:
            self.fd_failures += 1
            now = time.monotonic()
            if now - self.fd_logged >= EMFILE_LOG_PERIOD:
                log.warning(
                    "out of file descriptors (%s): %d connection(s) refused since the last warning; "
                    "raise the limit (ulimit -n, systemd LimitNOFILE), see docs/relay-protocol.md",
                    errno.errorcode.get(exc.errno or 0, exc.errno),
                    self.fd_failures,
                )
                self.fd_logged, self.fd_failures = now, 0
            return
        loop.default_exception_handler(context)

    # --- HTTP side ---------------------------------------------------------------------------------

    async def process_request(self, ws: ServerConnection, request: Request) -> Response | None:
        """Let /relay through to the WebSocket handshake; answer every other path as plain HTTP."""
        path = request.path.partition("?")[0]
        if path == RELAY_PATH:
            return None
        if path == HEALTH_PATH:
            health = dumps({"ok": True, "rooms": len(self.rooms), "members": len(self.members)})
            response = ws.respond(200, health + "\n")
            response.headers["Content-Type"] = "application/json"
            response.headers["Cache-Control"] = "no-store"
            return response
        if self.site is None:
            return ws.respond(404, f"Not found. This is the Trading Table relay: connect to {RELAY_PATH}.\n")
        method = getattr(request, "method", "GET")  # websockets < 17 parses GET requests only
        answer = await asyncio.to_thread(self.site.respond, method, request.path)
        headers = Headers(
            [("Date", email.utils.formatdate(usegmt=True)), ("Connection", "close"), *answer.headers]
        )
        return Response(answer.status, answer.reason, headers, answer.body)

    # --- WebSocket side ----------------------------------------------------------------------------

    async def handler(self, ws: ServerConnection) -> None:
        """One connection's life: read frames, apply the limits, dispatch, leave the room at the end."""
        assert isinstance(ws, RelayConnection)
        limits = self.limits
        remote = ws.remote_address
        peer = str(remote[0]) if isinstance(remote, tuple) and remote else ""
        forwarded = ws.request.headers.get("X-Forwarded-For") if ws.request is not None else None
        member = Member(ws, limits, client_address(peer, forwarded, self.trusted_proxies))
        ws.last_pong = member.last_message
        self.members.add(member)
        if member.address:
            now = member.opened
            address = self.addresses.get(member.address) or Address(limits, now)
            self.addresses[member.address] = address
            address.connections += 1
            if address.connections > limits.per_address:
                message = f"at most {limits.per_address} connections from one address"
                self.fail(member, "too-many-connections", message, 1008)
            else:
                self.count_open(member, now)
        try:
            async for frame in ws:
                now = time.monotonic()
                member.last_message = now
                if member.closing:  # keep reading (and dropping) frames so that the close can complete
                    continue
                if not member.take_token(limits, now):
                    self.fail(member, "rate", f"more than {limits.rate:g} messages per second", 1008)
                elif isinstance(frame, bytes):
                    self.fail(member, "binary", "binary frames are not part of the protocol", 1003)
                elif len(frame) > limits.max_message // 4 and len(frame.encode()) > limits.max_message:
                    self.fail(member, "too-big", f"a message is at most {limits.max_message} bytes", 1009)
                else:
                    try:
                        await self.dispatch(member, frame)
                    except ProtocolError as exc:
                        await self.send(member, {"type": "error", "code": exc.code, "message": exc.message})
        except ConnectionClosed:
            pass
        except Exception:  # a bug here must not take the server down; the client sees 1011
            log.exception("relay handler failed")
        finally:
            self.members.discard(member)
            if member.address in self.addresses:
                self.addresses[member.address].connections -= 1
            await self.leave(member)

    def count_open(self, member: Member, now: float) -> None:
        """Spend one of the address's opens (a connection, a create, a join); over its rate: `rate`, 1008,
        and the address is refused for the cool-down, however often it reconnects."""
        address = self.addresses.get(member.address) if member.address else None
        if address is not None and not address.take(self.limits, now):
            wait = max(0.0, address.cool_until - now)
            message = f"too many connections, creates or joins from one address: wait {wait:.0f} s"
            self.fail(member, "rate", message, 1008)

    async def dispatch(self, member: Member, frame: str) -> None:
        """Parse one text frame and act on it; client mistakes raise ProtocolError."""
        if too_deep(frame):
            raise ProtocolError("bad-json", f"a message nests at most {MAX_DEPTH} levels")
        try:
            message = json.loads(frame)
        except (ValueError, RecursionError):
            raise ProtocolError("bad-json", "a message is one JSON object") from None
        if not isinstance(message, dict):
            raise ProtocolError("bad-json", "a message is one JSON object")
        kind = message.get("type")
        if kind == "relay" or kind == "signal":
            await self.forward(member, kind, message)
        elif kind == "ping":
            await self.send(member, {"type": "pong"})
        elif kind == "create" or kind == "join":
            self.count_open(member, time.monotonic())
            if member.closing:
                return
            await (self.create(member, message) if kind == "create" else self.join(member, message))
        elif not isinstance(kind, str):
            raise ProtocolError("bad-type", "a message needs a string `type`")
        else:
            raise ProtocolError("bad-type", f"unknown message type {kind[:40]!r}")

    async def forward(self, member: Member, kind: str, message: dict[str, Any]) -> None:
        """signal/relay: pass `data` to the member `to` of the sender's room, marked `from`."""
        to = message.get("to")
        if not isinstance(to, str):
            raise ProtocolError("bad-field", f"`{kind}` needs `to`, a peer id")
        if "data" not in message:
            raise ProtocolError("bad-field", f"`{kind}` needs `data`")
        room = member.room
        if room is None:
            raise ProtocolError("not-in-room", "create or join a room first")
        target = room.members.get(to)
        if target is None:
            raise ProtocolError("unknown-peer", f"no peer {to[:40]!r} in this room")
        text = dumps({"type": kind, "from": member.peer, "data": message["data"]})
        if not text.isascii():
            try:
                text.encode()
            except UnicodeEncodeError:
                raise ProtocolError("bad-json", "a message holds a lone UTF-16 surrogate") from None
        member.last_forward = time.monotonic()
        await self.send(target, text)

    async def create(self, member: Member, message: dict[str, Any]) -> None:
        """create: a new room (under the proposed `room` if free), or with `room` and `key` the same room
        back (the host reloaded, or the relay restarted)."""
        code, key = message.get("room"), message.get("key")
        now = time.monotonic()
        if key is None and (code is None or isinstance(code, str)):  # a new room, with its code proposed
            normal = None if code is None else normalize_code(code)
            if normal is not None and not is_code(normal):
                raise ProtocolError("bad-field", f"{normal[:16]!r} is not a room code")
            if normal is not None and normal in self.rooms:
                raise ProtocolError("room-taken", f"room {normal} exists: propose another code")
            self.room_allowed(member)
            await self.leave(member)
            room = Room(normal or self.new_code(), now)
            self.rooms[room.code] = room
            member.created += 1
        elif not isinstance(code, str) or not isinstance(key, str):
            raise ProtocolError("bad-field", "to take a room back, `create` needs both `room` and `key`")
        else:
            normal = normalize_code(code)
            found = self.rooms.get(normal)
            if found is None:  # the relay restarted (or the room expired): the host re-creates it
                if not is_code(normal):
                    raise ProtocolError("no-room", f"no room {code[:16]!r}, and it is not a room code")
                if not KEY_PATTERN.fullmatch(key):
                    raise ProtocolError("bad-key", "a room key is 24 URL-safe characters")
                self.room_allowed(member)
                found = self.rooms[normal] = Room(normal, now, key)
                member.created += 1
            if not secrets.compare_digest(found.key.encode(), key.encode()):
                raise ProtocolError("bad-key", "wrong key for this room")
            room = found
            await self.leave(member)
            old = room.host
            if old is not None:  # the previous host connection is still open: it is replaced
                room.remove(old, now)
                self.spawn(self.close(old, 1000, "replaced"))
        room.host = member
        peer = room.add(member)
        guests = room.guests()
        await self.send(
            member, {"type": "created", "room": room.code, "key": room.key, "peer": peer, "peers": guests}
        )
        for guest in guests:
            await self.send(room.members[guest], {"type": "host-back", "host": peer})

    def room_allowed(self, member: Member) -> None:
        """Refuse a new room beyond the relay's or the connection's cap."""
        if len(self.rooms) >= self.limits.max_rooms:
            raise ProtocolError("too-many-rooms", "the relay holds as many rooms as it can: try again later")
        if member.created >= self.limits.rooms_per_connection:
            limit = self.limits.rooms_per_connection
            raise ProtocolError("too-many-rooms", f"one connection creates at most {limit} rooms")

    async def join(self, member: Member, message: dict[str, Any]) -> None:
        """join: seat member as a guest; the host (if present) gets peer-joined."""
        code = message.get("room")
        if not isinstance(code, str):
            raise ProtocolError("bad-field", "`join` needs `room`, a room code")
        room = self.rooms.get(normalize_code(code))
        if room is None:
            raise ProtocolError("no-room", f"no room {code[:16]!r}")
        others = [other for other in room.members.values() if other is not room.host and other is not member]
        if len(others) >= self.limits.max_members - 1:  # one place stays free for the host
            quiet = min(others, key=lambda other: other.last_forward)
            if time.monotonic() - quiet.last_forward < self.limits.quiet_guest:
                raise ProtocolError("room-full", f"a room holds at most {self.limits.max_members} members")
            await self.leave(quiet)  # a guest that never says anything gives its place to one that comes
            self.fail(quiet, "idle", f"silent for {self.limits.quiet_guest:g} s in a full room", 1001)
        await self.leave(member)
        peer = room.add(member)
        host = room.host
        host_peer = host.peer if host is not None else None
        await self.send(member, {"type": "joined", "room": room.code, "peer": peer, "host": host_peer})
        if host is not None:
            await self.send(host, {"type": "peer-joined", "peer": peer})

    async def leave(self, member: Member) -> None:
        """Take member out of its room, if any; the others get peer-left."""
        room, peer = member.room, member.peer
        if room is None:
            return
        room.remove(member, time.monotonic())
        for other in list(room.members.values()):
            await self.send(other, {"type": "peer-left", "peer": peer})

    def new_code(self) -> str:
        """A room code not in use."""
        while True:
            code = "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))
            if code not in self.rooms:
                return code

    # --- sending and closing -----------------------------------------------------------------------

    async def send(self, member: Member, message: dict[str, Any] | str, last: bool = False) -> None:
        """Send without ever waiting on a peer that does not read: such a peer is dropped instead.

        Nothing is sent to a closing member, except its `last` message (the error that explains why).
        """
        if member.closing and not last:
            return
        text = message if isinstance(message, str) else dumps(message)
        size = len(text) if text.isascii() else len(text.encode())
        transport = member.ws.transport
        if transport.get_write_buffer_size() + size + 16 > self.limits.max_message * WRITE_BUFFER_FACTOR * (
            member.share() if member.room is not None else 1
        ):
            log.info("dropping a connection that does not read its messages")
            self.drop(member)
            return
        with contextlib.suppress(ConnectionClosed):
            await member.ws.send(text)

    def fail(self, member: Member, code: str, message: str, close_code: int) -> None:
        """Send an error, then close with close_code (reason: the error code), in the background.

        The connection's handler goes on reading, and dropping, what the client still sends: a handler
        that stopped reading would leave websockets unable to read the client's closing frame.
        """
        if member.closing:
            return
        member.closing = True

        async def error_then_close() -> None:
            await self.send(member, {"type": "error", "code": code, "message": message}, last=True)
            await self.close(member, close_code, code)

        self.spawn(error_then_close())

    async def close(self, member: Member, code: int, reason: str) -> None:
        """Close, waiting at most twice the closing timeout before dropping the connection."""
        member.closing = True
        try:
            async with asyncio.timeout(2 * CLOSE_TIMEOUT):
                await member.ws.close(code, reason)
        except (TimeoutError, ConnectionClosed):
            self.drop(member)

    @staticmethod
    def drop(member: Member) -> None:
        """Cut the connection at once (no closing handshake)."""
        member.closing = True
        if not member.ws.transport.is_closing():  # aborting a closed transport fails on CPython 3.11
            member.ws.transport.abort()

    async def shutdown(self) -> None:
        """Close every member with SHUTDOWN_CODE (reason `restart`), at once, and wait for the closes."""
        members = list(self.members)
        for member in members:
            member.closing = True
        await asyncio.gather(*(self.close(member, SHUTDOWN_CODE, "restart") for member in members))

    def spawn(self, job: Awaitable[None]) -> None:
        """Run a coroutine in the background, keeping a reference until it ends."""

        async def guarded() -> None:
            try:
                await job
            except Exception:
                log.exception("relay background job failed")

        task = asyncio.get_running_loop().create_task(guarded())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # --- the sweep: idle connections, expired rooms ------------------------------------------------

    async def sweep(self) -> None:
        """Every tick, close idle connections and forget expired rooms."""
        while True:
            await asyncio.sleep(self.limits.tick)
            try:
                self.sweep_once(time.monotonic())
            except Exception:
                log.exception("relay sweep failed")

    def sweep_once(self, now: float) -> None:
        """One pass of the sweep at time now."""
        limits = self.limits
        for member in list(self.members):
            if member.closing:
                continue
            if now - member.last_seen() > limits.idle_timeout:
                message = f"no message and no pong for {limits.idle_timeout:g} s"
                self.fail(member, "idle", message, 1001)
            elif member.room is None and now - max(member.opened, member.last_forward) > limits.lobby_timeout:
                self.fail(member, "idle", f"in no room for {limits.lobby_timeout:g} s", 1001)
        for code, room in list(self.rooms.items()):
            if now - room.created >= limits.room_max_age:
                del self.rooms[code]
                for member in list(room.members.values()):
                    room.remove(member, now)
                    message = f"the room is closed after {limits.room_max_age:g} s"
                    self.fail(member, "expired", message, 1001)
            elif room.emptied is not None and now - room.emptied >= limits.room_expiry:
                del self.rooms[code]
        for name, address in list(self.addresses.items()):
            if address.idle(limits, now):
                del self.addresses[name]
