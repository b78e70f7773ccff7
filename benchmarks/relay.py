#!/usr/bin/env python3
"""The relay under load on loopback: N concurrent WebSocket peers in rooms of 5, relaying game messages.

    python3 benchmarks/relay.py [--peers 5000] [--rate 2000 --rate 5000] [--seconds 10] [--workers 2]
                                [--pin] [--relay-args '--ping-interval 0']

The relay runs in its own process (`python -m tt_relay`, default limits); the peers run in `--workers`
client processes (multiprocessing), so clients and relay never share an event loop. In each room a host
creates it and 4 guests join. Once every connection is open, each `--rate` is a phase of `--seconds`: every
guest sends `relay` messages to its host at an even share of that rate, each guest starting at a random
phase of its period (a steady flow, not synchronised bursts); each message carries its send time and the
host, in the same process, measures the forward latency. With `--pin` the relay runs on the last core
and the clients on the others (Linux), so the clients' own scheduling is not counted as the relay's
latency. The relay's memory per connection is its RSS
growth from before the first connection to when all are held, divided by the connections.

Prints a Markdown table per phase: connections held, messages per second achieved (received by hosts),
p50/p99/max forward latency. Targets (issue 4): 5,000 concurrent peers, p99 <= 20 ms at 2,000 messages
per second. Loopback only; bounded in time (connecting, then the phases, then a grace period).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import resource
import shlex
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parents[1]
ROOM = 5
CONNECT_CONCURRENCY = 100  # handshakes in flight per worker
GRACE = 1.0  # seconds after a phase for the last messages to arrive


def rss_kib(pid: int) -> int:
    """A process's resident memory in KiB (Linux /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time a process used so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def raise_fd_limit() -> tuple[int, int]:
    """Raise the soft limit on open files to the hard limit; return (soft before, hard)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return soft, hard


async def expect(ws: ClientConnection, kind: str) -> dict[str, Any]:
    """The next message of that type from the relay."""
    while True:
        message: dict[str, Any] = json.loads(await ws.recv())
        if message["type"] == kind:
            return message
        if message["type"] == "error":
            raise RuntimeError(message)


class Room:
    """One room of the load: a host that measures, and guests that send to it."""

    def __init__(self) -> None:
        self.host: ClientConnection | None = None
        self.host_peer = ""
        self.guests: list[ClientConnection] = []

    async def open(self, url: str, gate: asyncio.Semaphore) -> None:
        async with gate:
            self.host = await connect(url, compression=None, ping_interval=None)
            await self.host.send(json.dumps({"type": "create"}))
            created = await expect(self.host, "created")
            self.host_peer = created["peer"]
            for _ in range(ROOM - 1):
                guest = await connect(url, compression=None, ping_interval=None)
                await guest.send(json.dumps({"type": "join", "room": created["room"]}))
                await expect(guest, "joined")
                self.guests.append(guest)

    def connections(self) -> list[ClientConnection]:
        return [ws for ws in (self.host, *self.guests) if ws is not None]


async def listen(room: Room, latencies: list[list[float]]) -> None:
    """Record the latency of every relayed message the host receives, in the list of its phase."""
    assert room.host is not None
    async for text in room.host:
        message = json.loads(text)
        if message["type"] == "relay":
            phase, sent = message["data"]
            latencies[phase].append(time.perf_counter() - sent)


async def send(guest: ClientConnection, to: str, phase: int, rate: float, start: float, end: float) -> int:
    """Send relay messages at `rate` per second from a random phase after `start` until `end`."""
    period = 1.0 / rate
    at = start + random.random() * period
    sent = 0
    while at < end:
        await asyncio.sleep(max(0.0, at - time.perf_counter()))
        data = [phase, time.perf_counter()]
        await guest.send(json.dumps({"type": "relay", "to": to, "data": data}))
        sent += 1
        at += period
    return sent


def worker(
    url: str, rooms: int, phases: list[float], seconds: float, cpus: set[int], ready: Any, go: Any, out: Any
) -> None:
    """Open `rooms` rooms, report them ready, wait for the go, run the phases, put the results on `out`."""
    raise_fd_limit()
    if cpus:
        os.sched_setaffinity(0, cpus)

    async def main() -> dict[str, Any]:
        gate = asyncio.Semaphore(CONNECT_CONCURRENCY)
        load = [Room() for _ in range(rooms)]
        opened = await asyncio.gather(*(room.open(url, gate) for room in load), return_exceptions=True)
        failed = [repr(result) for result in opened if isinstance(result, BaseException)]
        ready.put((sum(len(room.connections()) for room in load), failed[:3], len(failed)))
        start_wall = await asyncio.to_thread(go.get)
        latencies: list[list[float]] = [[] for _ in phases]
        listeners = [asyncio.create_task(listen(room, latencies)) for room in load if room.host]
        sent, cpu = [], []
        for index, total_rate in enumerate(phases):
            begin = time.perf_counter() + max(0.0, start_wall + index * (seconds + GRACE) - time.time())
            senders = [(room, guest) for room in load for guest in room.guests]
            share = total_rate / max(1, len(senders))  # this worker's share of the phase, evenly
            await asyncio.sleep(max(0.0, begin - time.perf_counter()))
            used = time.process_time()
            counts = await asyncio.gather(
                *(send(g, r.host_peer, index, share, begin, begin + seconds) for r, g in senders)
            )
            cpu.append((time.process_time() - used) / seconds)
            sent.append(sum(counts))
            await asyncio.sleep(max(0.0, begin + seconds + GRACE - time.perf_counter()))
        held = sum(1 for room in load for ws in room.connections() if ws.state.name == "OPEN")
        for task in listeners:
            task.cancel()
        await asyncio.gather(*(ws.close() for room in load for ws in room.connections()))
        return {"sent": sent, "latencies": latencies, "held": held, "cpu": cpu}

    out.put(asyncio.run(main()))


def percentile(ordered: list[float], fraction: float) -> float:
    """The value below which `fraction` of the sorted samples lie (nearest rank), in ms."""
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))] * 1000


def main() -> None:
    """Start the relay, load it from client processes and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--peers", type=int, default=5000, help="connections (rooms of 5)")
    parser.add_argument(
        "--rate", type=float, action="append", help="messages per second in all (repeat: one phase each)"
    )
    parser.add_argument("--seconds", type=float, default=10.0, help="length of each phase")
    parser.add_argument("--workers", type=int, default=2, help="client processes")
    parser.add_argument("--relay-args", default="", help="extra tt_relay flags, e.g. '--ping-interval 0'")
    parser.add_argument("--pin", action="store_true", help="relay on the last core, clients on the others")
    args = parser.parse_args()
    cores = sorted(os.sched_getaffinity(0))
    if args.pin and len(cores) < 2:
        sys.exit("--pin needs at least 2 cores")
    relay_cpus, client_cpus = ({cores[-1]}, set(cores[:-1])) if args.pin else (set(), set())

    def relay_setup() -> None:
        """In the relay's process: raise the open-files limit (one socket per peer), pin it if asked."""
        raise_fd_limit()
        if relay_cpus:
            os.sched_setaffinity(0, relay_cpus)

    phases = args.rate or [2000.0, 5000.0]
    load_before = os.getloadavg()[0]
    soft, hard = raise_fd_limit()
    needed = args.peers // args.workers + 100
    if hard < needed:
        sys.exit(f"the open-files hard limit ({hard}) is below what a worker needs ({needed})")
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    relay = subprocess.Popen(
        [sys.executable, "-m", "tt_relay", "--port", str(port), *shlex.split(args.relay_args)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
        preexec_fn=relay_setup,
    )
    procs: list[multiprocessing.Process] = []
    try:
        assert relay.stdout is not None
        relay.stdout.readline()  # "tt_relay: relay on ws://..." once it listens
        base = rss_kib(relay.pid)
        rooms = args.peers // ROOM
        shares = [rooms // args.workers + (1 if i < rooms % args.workers else 0) for i in range(args.workers)]
        ready: multiprocessing.Queue[Any] = multiprocessing.Queue()
        go: multiprocessing.Queue[Any] = multiprocessing.Queue()
        out: multiprocessing.Queue[Any] = multiprocessing.Queue()
        url = f"ws://127.0.0.1:{port}/relay"
        # Each worker's senders carry the worker's share of every phase's rate.
        worker_phases = [[rate * n / rooms for rate in phases] for n in shares]
        procs = [
            multiprocessing.Process(
                target=worker, args=(url, n, ph, args.seconds, client_cpus, ready, go, out)
            )
            for n, ph in zip(shares, worker_phases, strict=True)
        ]
        began = time.perf_counter()
        for proc in procs:
            proc.start()
        opened = [ready.get(timeout=120) for _ in procs]
        connect_seconds = time.perf_counter() - began
        time.sleep(0.5)
        held_rss = rss_kib(relay.pid)
        start = time.time() + 0.5
        for _ in procs:
            go.put(start)
        cpu = []  # the relay's share of one core during each phase
        for index in range(len(phases)):
            begin = start + index * (args.seconds + GRACE)
            time.sleep(max(0.0, begin - time.time()))
            used = cpu_seconds(relay.pid)
            time.sleep(max(0.0, begin + args.seconds - time.time()))
            cpu.append((cpu_seconds(relay.pid) - used) / args.seconds)
        results = [out.get(timeout=60) for _ in procs]
        for proc in procs:
            proc.join(10)
    finally:
        for proc in procs:
            if proc.is_alive():
                proc.terminate()
        relay.terminate()
        relay.wait(10)

    connected = sum(count for count, _, _ in opened)
    failures = sum(failed for _, _, failed in opened)
    held = sum(result["held"] for result in results)
    print(
        f"relay on loopback, {os.cpu_count()} cores, {args.workers} client processes, "
        f"open-files limit {soft} -> {hard}; {connected} connections opened in {connect_seconds:.1f} s"
        + (f"; relay flags: {args.relay_args}" if args.relay_args else "")
        + (
            f"; relay pinned to CPU {sorted(relay_cpus)}, clients to {sorted(client_cpus)}"
            if args.pin
            else ""
        )
        + (f", {failures} rooms failed: {opened[0][1] or opened[-1][1]}" if failures else "")
    )
    print(f"relay RSS {base / 1024:.1f} MiB idle, {held_rss / 1024:.1f} MiB with every peer connected")
    print(f"load average (1 min) {load_before:.2f} before the run, {os.getloadavg()[0]:.2f} after it")
    print()
    print(
        "| peers held | target msg/s | achieved msg/s | p50 ms | p99 ms | max ms | relay CPU | clients CPU "
        "| relay KiB per connection |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for index, rate in enumerate(phases):
        latencies = sorted(x for result in results for x in result["latencies"][index])
        sent = sum(result["sent"][index] for result in results)
        lost = sent - len(latencies)
        per_connection = (held_rss - base) / max(1, connected)
        print(
            f"| {held} | {rate:.0f} | {len(latencies) / args.seconds:.0f}"
            + (f" ({lost} lost)" if lost else "")
            + f" | {percentile(latencies, 0.5):.2f} | {percentile(latencies, 0.99):.2f}"
            f" | {percentile(latencies, 1.0):.2f} | {cpu[index]:.0%}"
            f" | {sum(result['cpu'][index] for result in results):.0%} | {per_connection:.1f} |"
        )


if __name__ == "__main__":
    main()
