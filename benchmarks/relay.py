#!/usr/bin/env python3
"""The relay under load on loopback: N concurrent WebSocket peers in rooms of 5, relaying game messages.

    python3 benchmarks/relay.py [--peers 5000] [--rate 2000] [--seconds 10] [--workers 2]

The relay runs in its own process (`python -m tt_relay`); the peers run in `--workers` client processes.
In each room the host creates it and 4 guests join; then every guest sends relay messages to its host
at an even share of `--rate` messages per second in all, each carrying its send time; the host measures
the forward latency on the same clock. Prints a Markdown table: connections held, messages per second
achieved, p50/p99 latency, and the relay's memory per connection (its RSS growth divided by the peers).
Targets (issue 4): 5,000 concurrent peers, p99 <= 20 ms at 2,000 messages per second. Loopback only,
bounded in time.
"""

import argparse
import asyncio
import json
import multiprocessing
import resource
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

from websockets.asyncio.client import ClientConnection, connect

ROOM = 5


def rss_kib(pid: int) -> int:
    """Return a process's resident memory in KiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def expect(ws: ClientConnection, kind: str) -> dict[str, object]:
    """Return the next message of that type from the relay."""
    while True:
        msg = json.loads(await ws.recv())
        if msg["type"] == kind:
            return msg


async def room(url: str, rate: float, seconds: float, start: float, latencies: list[float]) -> int:
    """Run one room (a host and 4 guests) until `start + seconds`; return the messages received."""
    host = await connect(url, max_queue=None)
    await host.send(json.dumps({"type": "create"}))
    created = await expect(host, "created")
    guests = []
    for _ in range(ROOM - 1):
        guest = await connect(url, max_queue=None)
        await guest.send(json.dumps({"type": "join", "room": created["room"]}))
        await expect(guest, "joined")
        guests.append(guest)
    while time.time() < start:  # every room starts sending at the same moment
        await asyncio.sleep(0.05)
    received = 0

    async def listen() -> None:
        nonlocal received
        async for text in host:
            msg = json.loads(text)
            if msg["type"] == "relay":
                latencies.append(time.perf_counter() - float(msg["data"]))
                received += 1

    async def send(guest: ClientConnection) -> None:
        period = 1 / rate
        next_at = time.perf_counter()
        while time.time() < start + seconds:
            await guest.send(
                json.dumps({"type": "relay", "to": created["peer"], "data": repr(time.perf_counter())})
            )
            next_at += period
            await asyncio.sleep(max(0.0, next_at - time.perf_counter()))

    listener = asyncio.create_task(listen())
    await asyncio.gather(*(send(g) for g in guests))
    await asyncio.sleep(0.5)
    listener.cancel()
    for ws in (host, *guests):
        await ws.close()
    return received


def worker(
    url: str, rooms: int, rate: float, seconds: float, start: float, out: "multiprocessing.Queue[object]"
) -> None:
    """Run `rooms` rooms in this process and put (messages, latencies, errors) on the queue."""
    latencies: list[float] = []

    async def main() -> tuple[int, int]:
        results = await asyncio.gather(
            *(room(url, rate, seconds, start, latencies) for _ in range(rooms)), return_exceptions=True
        )
        return sum(r for r in results if isinstance(r, int)), sum(
            1 for r in results if isinstance(r, BaseException)
        )

    received, errors = asyncio.run(main())
    out.put((received, latencies, errors))


def main() -> None:
    """Start the relay, load it from client processes and print the table."""
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--peers", type=int, default=5000)
    p.add_argument("--rate", type=float, default=2000.0, help="messages per second in all")
    p.add_argument("--seconds", type=float, default=10.0)
    p.add_argument("--workers", type=int, default=2)
    args = p.parse_args()
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    relay = subprocess.Popen(
        [sys.executable, "-m", "tt_relay", "--port", str(port), "--rate", "1000"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        time.sleep(1.5)
        base = rss_kib(relay.pid)
        rooms = args.peers // ROOM
        senders = rooms * (ROOM - 1)
        connect_time = max(10.0, args.peers / 250)  # rooms are opened before the clock starts
        start = time.time() + connect_time
        queue: multiprocessing.Queue[object] = multiprocessing.Queue()
        shares = [rooms // args.workers + (1 if i < rooms % args.workers else 0) for i in range(args.workers)]
        procs = [
            multiprocessing.Process(
                target=worker,
                args=(f"ws://127.0.0.1:{port}/relay", n, args.rate / senders, args.seconds, start, queue),
            )
            for n in shares
        ]
        for proc in procs:
            proc.start()
        time.sleep(max(0.0, start - time.time() + 1))
        held = rss_kib(relay.pid)
        results = [queue.get(timeout=args.seconds + connect_time + 60) for _ in procs]
        for proc in procs:
            proc.join(10)
    finally:
        relay.terminate()
        relay.wait(10)
    received = sum(r[0] for r in results)
    latencies = sorted(x for r in results for x in r[1])
    errors = sum(r[2] for r in results)
    p50 = statistics.median(latencies) * 1000 if latencies else float("nan")
    p99 = latencies[int(len(latencies) * 0.99)] * 1000 if latencies else float("nan")
    print(
        f"relay on loopback, {args.workers} client processes, {args.seconds:.0f} s sending, fd limit {hard}"
    )
    print("| peers | rooms failed | messages/s (target) | p50 ms | p99 ms | relay KiB per connection |")
    print("|---|---|---|---|---|---|")
    print(
        f"| {rooms * ROOM} | {errors} | {received / args.seconds:.0f} ({args.rate:.0f}) "
        f"| {p50:.2f} | {p99:.2f} | {(held - base) / max(1, rooms * ROOM):.1f} |"
    )


if __name__ == "__main__":
    main()
