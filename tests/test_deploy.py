"""Deploying the relay: its Dockerfile (parsed and checked: no container tool here), its health check, and
two relay processes behind a real nginx that hashes rooms to instances (docs/deploy.md)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import tomllib
import urllib.request
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
from aio import run_apart

pytest.importorskip("websockets", reason="the relay needs websockets (pip install -e .[dev])")

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from pygame_core.engine.rooms import new_room
from tt_relay.cli import parse_args

ROOT = Path(__file__).resolve().parents[1]
DOCKERFILE = ROOT / "tt_relay/Dockerfile"
INSTRUCTIONS = {"FROM", "ENV", "RUN", "WORKDIR", "COPY", "USER", "EXPOSE", "HEALTHCHECK", "STOPSIGNAL", "CMD"}


def instructions(text: str) -> list[tuple[str, str]]:
    """The Dockerfile's instructions as (NAME, arguments), continuation lines joined, comments dropped."""
    joined = re.sub(
        r"\\\n", " ", "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))
    )
    return [
        (line.split(None, 1)[0].upper(), line.split(None, 1)[1].strip())
        for line in joined.splitlines()
        if line.strip()
    ]


def free_port() -> int:
    """A free TCP port on loopback."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def wait_listening(port: int, process: subprocess.Popen[Any] | None = None) -> None:
    """Return once something accepts connections on the port (fail after 20 s or if process ended)."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise AssertionError(f"the process ended with {process.returncode}")
        with contextlib.suppress(OSError):
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return
        time.sleep(0.1)
    raise AssertionError(f"nothing listens on port {port}")


@contextlib.contextmanager
def relay_process(port: int, *flags: str) -> Iterator[subprocess.Popen[str]]:
    """`python -m tt_relay` on the port, configured by environment variables, stopped with SIGTERM."""
    env = {**os.environ, "TT_RELAY_PORT": str(port), "TT_RELAY_TRUSTED_PROXY": "127.0.0.1"}
    process = subprocess.Popen([sys.executable, "-m", "tt_relay", *flags], cwd=ROOT, env=env, text=True)
    try:
        wait_listening(port, process)
        yield process
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def health(port: int) -> dict[str, Any]:
    """GET /healthz of one relay instance."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5) as response:
        answer: dict[str, Any] = json.loads(response.read())
        return answer


# --- the Dockerfile ---------------------------------------------------------------------------------


def test_the_dockerfile_builds_a_slim_non_root_relay_with_a_health_check() -> None:
    steps = instructions(DOCKERFILE.read_text())
    names = [name for name, _ in steps]
    assert set(names) <= INSTRUCTIONS, names
    assert names[0] == "FROM" and re.fullmatch(r"python:3\.\d+-slim", steps[0][1]), steps[0]
    users = [args for name, args in steps if name == "USER"]
    assert users and users[-1] not in ("root", "0"), users
    assert names.index("USER") > max(i for i, name in enumerate(names) if name == "RUN")  # runs as it
    assert json.loads(dict(steps)["CMD"]) == ["python", "-m", "tt_relay"]
    assert dict(steps)["STOPSIGNAL"] == "SIGTERM"
    assert dict(steps)["EXPOSE"] == str(parse_args([], {}).port)
    assert "TT_RELAY_HOST=0.0.0.0" in dict(steps)["ENV"]  # reachable from outside the container
    for name, args in steps:
        if name == "COPY":
            source = args.split()[0]
            assert (ROOT / source).exists(), source
            assert f"!{source}" in (ROOT / ".dockerignore").read_text().split(), source
    pinned = re.search(r'"websockets==([\d.]+)"', dict(steps)["RUN"])
    relay_extra = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"][
        "relay"
    ]
    minimum = next(re.fullmatch(r"websockets>=(\d+)", spec) for spec in relay_extra)
    assert pinned and minimum and int(pinned[1].split(".")[0]) >= int(minimum[1])
    check = dict(steps)["HEALTHCHECK"]
    assert re.match(r"(--\w[\w-]*=\S+\s+)*CMD \[", check), check


def test_the_health_check_command_passes_on_a_running_relay_and_fails_without_one() -> None:
    check = dict(instructions(DOCKERFILE.read_text()))["HEALTHCHECK"]
    command = json.loads(check[check.index("CMD") + 3 :])
    assert command[0] == "python"
    port = free_port()
    env = {**os.environ, "TT_RELAY_PORT": str(port), "TT_RELAY_HOST": "0.0.0.0"}
    with relay_process(port):
        done = subprocess.run([sys.executable, *command[1:]], cwd=ROOT, env=env, timeout=30)
        assert done.returncode == 0
    done = subprocess.run([sys.executable, *command[1:]], cwd=ROOT, env=env, timeout=30, capture_output=True)
    assert done.returncode == 1 and "healthz" in done.stderr.decode()


# --- N instances behind nginx -----------------------------------------------------------------------

NGINX = shutil.which("nginx") or next((p for p in ("/usr/sbin/nginx",) if Path(p).exists()), None)

NGINX_CONF = """
daemon off;
worker_processes 1;
pid {tmp}/nginx.pid;
error_log {tmp}/error.log warn;
events {{ worker_connections 256; }}
http {{
    access_log off;
    client_body_temp_path {tmp}/body;
    proxy_temp_path {tmp}/proxy;
    fastcgi_temp_path {tmp}/fastcgi;
    uwsgi_temp_path {tmp}/uwsgi;
    scgi_temp_path {tmp}/scgi;
{body}
    server {{
        listen 127.0.0.1:{port};
{locations}
    }}
}}
"""


def deploy_conf() -> tuple[str, str]:
    """The upstream/map block and the location blocks of docs/deploy.md's nginx example (between its
    `# upstream` and `# locations` markers), so the test runs the documented configuration."""
    text = (ROOT / "docs/deploy.md").read_text()
    block = re.search(r"```nginx\n(.*?)```", text, re.S)
    assert block is not None, "docs/deploy.md has no ```nginx block"
    body, _, locations = block[1].partition("# locations\n")
    return body, locations


class Peer:
    """An in-process table member through nginx: JSON in and out, with timeouts."""

    def __init__(self, url: str, room: str) -> None:
        self.url, self.room = url, room
        self.ws: ClientConnection | None = None

    async def open(self) -> None:
        """Connect (again) to /relay?room=ROOM, as the table page does."""
        self.ws = await connect(f"{self.url}?room={self.room}", open_timeout=10)

    async def send(self, **message: Any) -> None:
        assert self.ws is not None
        await self.ws.send(json.dumps(message))

    async def expect(self, kind: str, timeout: float = 5) -> dict[str, Any]:
        """The next message, which must be of this type."""
        assert self.ws is not None
        message: dict[str, Any] = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
        assert message["type"] == kind, message
        return message

    async def closed(self) -> int | None:
        """Wait for the relay to close the connection; return its close code."""
        assert self.ws is not None
        with pytest.raises(ConnectionClosed):
            while True:
                await asyncio.wait_for(self.ws.recv(), 10)
        return self.ws.close_code


async def table(url: str, room: str) -> tuple[Peer, str, Peer, str]:
    """A host that creates the room it proposes and a guest that joins it: (host, key, guest, guest id)."""
    host, guest = Peer(url, room), Peer(url, room)
    await host.open()
    await host.send(type="create", room=room)
    key = (await host.expect("created"))["key"]
    await guest.open()
    await guest.send(type="join", room=room)
    guest_id = (await guest.expect("joined"))["peer"]
    await host.expect("peer-joined")
    return host, key, guest, guest_id


async def play(host: Peer, guest: Peer, guest_id: str, turns: int = 3) -> None:
    """A few turns: the guest acts, the host answers with the new state."""
    for turn in range(turns):
        await guest.send(type="ping")
        await guest.expect("pong")
        await host.send(type="relay", to=guest_id, data=f"state {turn}")
        got = await guest.expect("relay")
        assert got["data"] == f"state {turn}"
        host_id = got["from"]
        await guest.send(type="relay", to=host_id, data=f"action {turn}")
        assert (await host.expect("relay"))["data"] == f"action {turn}"


@contextlib.asynccontextmanager
async def closing(*peers: Peer) -> AsyncIterator[None]:
    """Close the peers' sockets at the end."""
    try:
        yield
    finally:
        for peer in peers:
            if peer.ws is not None:
                await peer.ws.close()


@pytest.mark.skipif(
    NGINX is None, reason="nginx is not installed (apt-get install nginx-light; .ci/run does)"
)
def test_two_relays_behind_nginx_hash_rooms_and_a_table_comes_back_when_its_instance_stops(
    tmp_path: Path,
) -> None:
    assert NGINX is not None
    ports = [free_port(), free_port()]
    front = free_port()
    body, locations = deploy_conf()
    upstreams = "\n".join(f"        server 127.0.0.1:{port} max_fails=1 fail_timeout=30s;" for port in ports)
    body = re.sub(r"(?m)^\s*server 127\.0\.0\.1:\d+.*\n", "", body).replace(
        "{\n", "{\n" + upstreams + "\n", 1
    )
    conf = tmp_path / "nginx.conf"
    conf.write_text(NGINX_CONF.format(tmp=tmp_path, port=front, body=body, locations=locations))
    url = f"ws://127.0.0.1:{front}/relay"
    with contextlib.ExitStack() as stack:
        relays = [stack.enter_context(relay_process(port)) for port in ports]
        nginx = subprocess.Popen(
            [NGINX, "-p", str(tmp_path), "-c", str(conf), "-e", str(tmp_path / "error.log")]
        )
        stack.callback(nginx.wait, 10)
        stack.callback(nginx.terminate)
        wait_listening(front, nginx)

        async def scenario() -> None:
            # Proposed codes until one lands on each instance (a host connects with its code in the URL).
            tables: dict[int, tuple[Peer, str, Peer, str]] = {}
            for _ in range(40):
                before = [health(port)["rooms"] for port in ports]
                made = await table(url, new_room())
                after = [health(port)["rooms"] for port in ports]
                where = next(i for i in range(2) if after[i] > before[i])
                assert after[1 - where] == before[1 - where]
                if where not in tables:
                    tables[where] = made
                else:
                    for peer in made[::2]:
                        assert peer.ws is not None
                        await peer.ws.close()
                if len(tables) == 2:
                    break
            assert len(tables) == 2, "40 codes all landed on one instance"
            (host_a, key_a, guest_a, id_a), (host_b, _, guest_b, id_b) = tables[0], tables[1]
            async with closing(host_a, guest_a, host_b, guest_b):
                await play(host_a, guest_a, id_a)
                await play(host_b, guest_b, id_b)
                relays[0].send_signal(signal.SIGTERM)  # instance 0 goes away (a deploy, a crash)
                assert await host_a.closed() == 1012 and await guest_a.closed() == 1012
                await play(host_b, guest_b, id_b)  # the other instance's table never noticed
                # The page reconnects with the same room in the URL: nginx sends it to instance 1, where
                # the host re-creates the room with its key and the guest joins again (no-room until then).
                await guest_a.open()
                await guest_a.send(type="join", room=guest_a.room)
                assert (await guest_a.expect("error"))["code"] == "no-room"
                await host_a.open()
                await host_a.send(type="create", room=host_a.room, key=key_a)
                host_id = (await host_a.expect("created"))["peer"]
                await guest_a.send(type="join", room=guest_a.room)
                joined = await guest_a.expect("joined")
                assert joined["host"] == host_id
                await host_a.expect("peer-joined")
                await play(host_a, guest_a, joined["peer"])
                await play(host_b, guest_b, id_b)
                assert health(ports[1])["rooms"] >= 2 and health(ports[1])["members"] >= 4

        run_apart(scenario())
        assert relays[0].wait(10) == 0  # it shut down cleanly on SIGTERM
