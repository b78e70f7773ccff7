#!/usr/bin/env python3
"""The relay at its open-file limit: its CPU and a member's round trips while connections keep coming.

    python3 benchmarks/relay_fd_limit.py [--limit 64] [--pending 300] [--seconds 4]

The relay runs in its own process with RLIMIT_NOFILE lowered to --limit; one WebSocket member connects
first, then this process opens --pending raw TCP connections (more than the relay can accept), and the
member pings the relay every 0.2 s for --seconds. Printed as a Markdown table, with accepting paused after
a refused accept (tt_relay's ListeningSocket) and without (ACCEPT_PAUSE = 0: asyncio's own accept loop).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import socket
import subprocess
import sys
import time
from pathlib import Path

from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parents[1]

RELAY = r"""
import asyncio, logging, resource, sys, time
import tt_relay.server
from tt_relay.server import Limits, Relay
tt_relay.server.ACCEPT_PAUSE = float(sys.argv[2])
logging.basicConfig(level=logging.CRITICAL)
async def main():
    relay = Relay(Limits(per_address=100_000))
    async with relay.serving("127.0.0.1", 0) as server:
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (int(sys.argv[1]), hard))
        print("PORT", server.sockets[0].getsockname()[1], flush=True)
        await asyncio.to_thread(sys.stdin.readline)
        cpu, wall = time.process_time(), time.monotonic()
        await asyncio.to_thread(sys.stdin.readline)
        print("CPU", (time.process_time() - cpu) / (time.monotonic() - wall), relay.fd_failures, flush=True)
        await asyncio.to_thread(sys.stdin.readline)
asyncio.run(main())
"""


async def measure(limit: int, pending: int, seconds: float, pause: float) -> tuple[float, float, float, int]:
    """Return (relay CPU share, median and worst member round trip in ms, refused accepts)."""
    relay = subprocess.Popen(
        [sys.executable, "-c", RELAY, str(limit), str(pause)],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert relay.stdin is not None and relay.stdout is not None
    held: list[socket.socket] = []
    try:
        port = int(relay.stdout.readline().split()[1])
        async with connect(f"ws://127.0.0.1:{port}/relay") as member:
            for _ in range(pending):
                sock = socket.socket()
                sock.setblocking(False)
                with contextlib.suppress(BlockingIOError):
                    sock.connect(("127.0.0.1", port))
                held.append(sock)
            await asyncio.sleep(0.5)
            relay.stdin.write("start\n")
            relay.stdin.flush()
            trips = []
            end = time.monotonic() + seconds
            while time.monotonic() < end:
                start = time.monotonic()
                await member.send('{"type": "ping"}')
                await member.recv()
                trips.append((time.monotonic() - start) * 1000)
                await asyncio.sleep(0.2)
            relay.stdin.write("stop\n")
            relay.stdin.flush()
            _, cpu, refused = relay.stdout.readline().split()
        trips.sort()
        return float(cpu), trips[len(trips) // 2], trips[-1], int(refused)
    finally:
        for sock in held:
            sock.close()
        relay.kill()
        relay.wait()


def main() -> None:
    """Measure with and without the accept pause; print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--limit", type=int, default=64, help="the relay's RLIMIT_NOFILE")
    parser.add_argument("--pending", type=int, default=300, help="raw connections opened at the limit")
    parser.add_argument("--seconds", type=float, default=4.0, help="how long the member measures")
    args = parser.parse_args()
    print("| accepting | relay CPU | member round trip p50 | max | refused accepts |")
    print("|---|---|---|---|---|")
    for name, pause in (("paused 0.5 s after a refusal (tt_relay)", 0.5), ("asyncio's loop alone", 0.0)):
        cpu, p50, worst, refused = asyncio.run(measure(args.limit, args.pending, args.seconds, pause))
        print(f"| {name} | {cpu:.1%} | {p50:.1f} ms | {worst:.1f} ms | {refused:,} |")


if __name__ == "__main__":
    main()
