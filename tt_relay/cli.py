"""Command line: `python -m tt_relay [--host H] [--port P] [--static DIR] [--trusted-proxy NETS] [limits]`.

Every flag also reads an environment variable (the flag wins): `--max-message` is `TT_RELAY_MAX_MESSAGE`,
and so on (`env_name`); the port also reads `PORT`, which container platforms set.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import signal
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server

from tt_relay.server import RELAY_PATH, Limits, Relay, parse_networks

# flag -> (Limits field, type, help)
LIMIT_FLAGS: dict[str, tuple[str, type[int] | type[float], str]] = {
    "--max-message": ("max_message", int, "bytes in one message"),
    "--max-members": ("max_members", int, "members per room, host included"),
    "--rate": ("rate", float, "messages per second per connection, sustained"),
    "--burst": ("burst", int, "messages per connection in a burst"),
    "--idle-timeout": ("idle_timeout", float, "seconds without a message and without a pong"),
    "--ping-interval": ("ping_interval", float, "seconds between WebSocket pings (0: none)"),
    "--room-expiry": ("room_expiry", float, "seconds a room outlives its last member"),
    "--room-max-age": ("room_max_age", float, "seconds a room lives at most"),
    "--max-rooms": ("max_rooms", int, "rooms on the relay"),
    "--rooms-per-connection": ("rooms_per_connection", int, "rooms one connection may create"),
    "--per-address": ("per_address", int, "connections from one address (loopback exempt)"),
    "--lobby-timeout": ("lobby_timeout", float, "seconds a connection may stay in no room"),
    "--quiet-guest": ("quiet_guest", float, "a full room closes a guest silent this long for a new one"),
    "--address-rate": ("address_rate", float, "connections, creates and joins per second from one address"),
    "--address-burst": ("address_burst", int, "... in a burst"),
    "--cooldown": ("cooldown", float, "seconds an address over its rate is refused"),
}


def env_name(flag: str) -> str:
    """The environment variable of a flag: `--max-message` -> `TT_RELAY_MAX_MESSAGE`."""
    return "TT_RELAY_" + flag.removeprefix("--").replace("-", "_").upper()


def raise_fd_limit() -> tuple[int, int]:
    """Raise the soft limit on open files to the hard limit (each connection is one); return both."""
    try:
        import resource
    except ImportError:  # not on Windows
        return (0, 0)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
    return soft, hard


def parse_args(argv: Sequence[str] | None, env: Mapping[str, str] | None = None) -> argparse.Namespace:
    """Parse the command line; the environment (default os.environ) gives the defaults."""
    env = os.environ if env is None else env
    parser = argparse.ArgumentParser(
        prog="python -m tt_relay",
        description="The Trading Table relay. Every flag also reads TT_RELAY_<FLAG> from the environment "
        "(--max-message: TT_RELAY_MAX_MESSAGE); the port also reads PORT.",
    )

    def default(flag: str, kind: Callable[[str], Any], fallback: Any, *names: str) -> Any:
        """The flag's default: its environment variable (or one of names) converted by kind, else fallback."""
        for name in (env_name(flag), *names):
            if env.get(name, "").strip():
                try:
                    return kind(env[name].strip())
                except ValueError as exc:
                    parser.error(f"{name}={env[name]!r}: {exc}")
        return fallback

    def add(flag: str, kind: Callable[[str], Any], fallback: Any, text: str, *names: str) -> None:
        """One flag with its environment variable."""
        parser.add_argument(flag, type=kind, default=default(flag, kind, fallback, *names), help=text)

    add("--host", str, "127.0.0.1", "address to listen on (default 127.0.0.1; 0.0.0.0 or :: for all)")
    add("--port", int, 8765, "port (default 8765; 0 picks a free one)", "PORT")
    add("--static", Path, None, "also serve this built site folder (e.g. dist) over HTTP")
    add(
        "--trusted-proxy",
        parse_networks,
        (),
        "addresses or networks of proxies in front (e.g. 127.0.0.1,10.0.0.0/8): a connection from one is "
        "counted under the right-most X-Forwarded-For address that is not a trusted proxy",
    )
    verbose = default("--verbose", lambda text: text.lower() in ("1", "true", "yes"), False)
    parser.add_argument("-v", "--verbose", action="store_true", default=verbose, help="log every connection")
    defaults = Limits()
    limits = parser.add_argument_group("limits (docs/relay-protocol.md)")
    for flag, (name, kind, text) in LIMIT_FLAGS.items():
        fallback = getattr(defaults, name)
        limits.add_argument(
            flag, type=kind, default=default(flag, kind, fallback), help=f"{text} (default %(default)s)"
        )
    return parser.parse_args(argv)


def urls(server: Server, static: bool) -> list[str]:
    """Lines naming where the relay (and the site) listen."""
    lines = []
    for sock in server.sockets:
        host, port = sock.getsockname()[:2]
        shown = f"[{host}]" if ":" in host else host
        lines.append(f"relay on ws://{shown}:{port}{RELAY_PATH}")
        if static:
            lines.append(f"site on http://{shown}:{port}/")
    return lines


async def run(relay: Relay, host: str, port: int, say: Callable[[str], None]) -> None:
    """Serve until SIGINT or SIGTERM, then close every member with 1012 (`restart`)."""
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(signum, stop.set)
    async with relay.serving(host, port) as server:
        for line in urls(server, relay.site is not None):
            say(line)
        soft, _ = raise_fd_limit()
        if 0 < soft < 4096:
            say(f"open-file limit {soft}: about {soft - 24} connections (docs/relay-protocol.md to raise it)")
        say("Ctrl-C to stop")
        await stop.wait()
        await relay.shutdown()


def main(argv: Sequence[str] | None = None, say: Callable[[str], None] | None = None) -> int:
    """Run the relay; `say` prints the listening lines (default: print with a `tt_relay:` prefix)."""
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.INFO if args.verbose else logging.WARNING, format="%(asctime)s %(name)s: %(message)s"
    )
    if say is None:

        def say(line: str) -> None:
            print(f"tt_relay: {line}", flush=True)

    try:
        limits = Limits(**{name: getattr(args, name) for name, _, _ in LIMIT_FLAGS.values()})
        relay = Relay(limits, args.static, args.trusted_proxy)
    except (ValueError, FileNotFoundError) as exc:
        print(f"tt_relay: error: {exc}", file=sys.stderr)
        return 2
    try:
        asyncio.run(run(relay, args.host, args.port, say))
    except OSError as exc:
        print(f"tt_relay: error: cannot listen on {args.host}:{args.port}: {exc.strerror}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        pass
    return 0
