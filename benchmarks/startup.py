#!/usr/bin/env python3
"""Start-up of the hello page (stock PyScript + Pyodide) vs the play page and a table's guest, side by side.

    python3 benchmarks/startup.py [--runs 5] [--profile desktop --profile phone]
                                  [--page hello/ --page play/ --page guest] [--lighthouse 3] [--tasks]
                                  [--files] [--no-build | --site DIR]

For each profile, run and page (pages interleaved, side by side in one run):
  cold: a fresh browser profile (new user-data-dir: no HTTP cache, no V8/wasm code cache, no service
        worker), opened once the new browser has settled (SETTLE_S on about:blank: a person opens a link in a
        browser that is running already, and a browser's own start-up work would otherwise share the two
        cores with the page's first second);
  warm: a reload in that same persistent context, once the page's service worker (if it has one) has
        taken over, as on a repeat visit;
  again: then the page's link as first opened, once more (for the play page, whose link has no seed: a new
        game, which the first visit dealt ahead).
Each reports first contentful paint and the moment <html data-ready="1"> appears, in ms from navigation
start (performance.now(), recorded by a MutationObserver installed before any page script runs), and the
kilobytes the server sent until then (from a 64 KB socket send buffer, so a download the page gives up
counts about what reached the browser). The server is build.py's, sending text and wasm gzipped as a static
host does (level 6, compressed before the first run; hosts that use brotli send a little less);
`precache` is what the service worker then fetched to make the next visits offline-proof. `python` is when
a worker page's Python runtime was up (python.js marks `tt-python-up`): the rest of `ready` is the wheels,
main.py, the deal and the paint. `frame` is the longest animation frame begun by then (0: none over 50 ms):
how long the page could not answer a tap or scroll while it started (the hello page's Python runs on its
main thread). `start` is how the cold load started (<html data-start>: `snapshot` or
`fresh`), with "(xz files)" when it downloaded the runtime's wasm and the standard library xz-compressed
(a slow network).
`--page guest` is a phone joining a table: each run, another browser hosts a new table (`/table/?create=1`,
Futures!, the phone's seat and two bots; not throttled, set up before the phone's clock starts) and the
phone opens its join link; it is ready when the host's first deal is painted on it. The server hands
/relay on to a `python -m tt_relay` of its own, so the phone talks to the site's relay as on a real host.
A warm or again load of the play page is ready before Python is up (python.js's quick start: the board this
browser kept from the last visit, a tap on which waits for Python), so its `python` column says when a tap
is answered.

Profiles: `desktop` is the machine as it is; `phone` throttles the page through CDP: CPU 4x slower and
Lighthouse's mobile network (150 ms round trip, 1.6 Mbit/s down, 675 kbit/s up). Chromium's CPU throttling
slows only the page's main thread, not the Web Worker where the pages run Python: the phone table is
followed by how far it reached each (measured side by side), so read the phone's Python times as a
phone's at best.

--files adds, per profile and page, what the server sent of each file in the first run's cold load until it
was ready: when its first and last bytes went out (seconds from the navigation) and how many KB (a download
the page gave up counts what left the server's small send buffer: what the browser read ahead, whether or not
it came through the throttle).

--tasks adds, per run and page, one more cold load, traced (CDP): the longest task on the page's main thread
until it was ready, and how much of it was that thread's own CPU time. The rest it waited, for a core
(this machine's other threads: the worker's, the browser's) or on another process (fonts, on Linux). The phone
profile's CPU throttling counts as that thread's CPU time.

--lighthouse N runs Lighthouse (npm package `lighthouse`, installed once into .cache/lighthouse; mobile
preset, simulated throttling) N times on /play/ and reports the median performance score and total
blocking time. It drives the same Chromium (CHROME_PATH).
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import functools
import gzip
import io
import json
import math
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402  (the project's build.py, stdlib only)

FLAGS = list(build.CHROMIUM_FLAGS)
READY_OBSERVER = """
(() => {
  const mark = () => {
    if (window.__readyAt === undefined && document.documentElement?.dataset.ready === "1") {
      window.__readyAt = performance.now();
    }
  };
  new MutationObserver(mark).observe(document, {
    attributes: true, subtree: true, attributeFilter: ["data-ready"],
  });
})();
"""
# Long animation frames (over 50 ms: script, style, layout and paint of one frame, whatever task their work
# came in), kept as [start, duration] from the page's opening.
LONG_FRAMES = """
window.__frames = [];
new PerformanceObserver((list) => {
  for (const frame of list.getEntries()) window.__frames.push([frame.startTime, frame.duration]);
}).observe({ type: "long-animation-frame", buffered: true });
"""
# The longest of them begun by the time the page was ready (0: none), once the frames drawn so far are
# reported.
LONGEST_FRAME = """() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() =>
  setTimeout(() => {
    const begun = window.__frames.filter(([at]) => at <= window.__readyAt);
    resolve(Math.max(0, ...begun.map(([, ms]) => ms)));
  }))))"""
TIMINGS = """() => {
  const paint = performance.getEntriesByName("first-contentful-paint")[0]
    || performance.getEntriesByName("first-paint")[0];
  const up = performance.getEntriesByName("tt-python-up")[0];
  return [paint ? paint.startTime : NaN, up ? up.startTime : NaN, window.__readyAt,
    (document.documentElement.dataset.start || "")
      + (document.documentElement.dataset.wasm === "xz" ? " (xz files)" : "")];
}"""
# Python is up (python.js marked it), or the page's Python is not run by python.js (the hello page).
PYTHON_UP = """!document.querySelector("script[data-worker]")
  || performance.getEntriesByName("tt-python-up").length > 0"""
HAS_SERVICE_WORKER = "!!document.querySelector('script[src$=\"offline.js\"]') && 'serviceWorker' in navigator"
COLUMNS = (
    "cold paint", "cold python", "cold ready", "cold frame", "cold KB", "precache KB",
    "warm paint", "warm python", "warm ready", "warm frame", "warm KB", "again python", "again ready",
)  # fmt: skip
PROFILES: dict[str, dict[str, Any]] = {
    "desktop": {},
    "phone": {  # Lighthouse's mobile throttling, applied for real through CDP
        "cpu": 4,
        "network": {
            "offline": False,
            "latency": 150,
            "downloadThroughput": 1_638_400 / 8,
            "uploadThroughput": 675_000 / 8,
        },
    },
}
COMPRESSIBLE = frozenset({".html", ".js", ".mjs", ".css", ".json", ".svg", ".wasm", ".py", ".toml", ".txt"})
GUEST = "guest"  # --page guest: a phone joining a table hosted by another browser
HOST_TABLE = "table/?create=1&game=futures&players=3&seats=human,bot:2,bot:2&pace=0"
# --tasks: what a trace needs to tell the page's main thread and its tasks (their ms, and CPU ms: tdur).
TRACED = ["devtools.timeline", "disabled-by-default-devtools.timeline"]
SETTLE_S = 2  # seconds a new browser idles on about:blank before the cold load (one_run)
SEND_BUFFER = 64 * 1024  # bytes: the server's socket send buffer (HostLikeHandler.setup)
LIGHTHOUSE = "lighthouse@12"
LIGHTHOUSE_DIR = build.CACHE / "lighthouse"


class HostLikeHandler(build.DistHandler):
    """build.py's static handler, gzipping compressible files when the browser accepts it (as a static host
    does), and counting every byte it sends."""

    server: HostLikeServer

    def setup(self) -> None:
        """Count what goes out on this connection, from a small send buffer: a download the page gives up
        (a slow network's snapshot) then counts about what reached the browser, not what the kernel took."""
        self.request.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)
        super().setup()
        self.wfile = CountingWriter(self.wfile, self)  # type: ignore[assignment]

    def do_GET(self) -> None:
        """Hand /relay to the relay process (when there is one); serve everything else."""
        if self.server.relay_port and urllib.parse.urlsplit(self.path).path == "/relay":
            self.tunnel(self.server.relay_port)
        else:
            super().do_GET()

    def tunnel(self, port: int) -> None:
        """Pass this request (a WebSocket upgrade) to localhost:port, then copy bytes both ways until one
        side closes."""
        upstream = socket.create_connection(("127.0.0.1", port))
        head = "".join(f"{name}: {value}\r\n" for name, value in self.headers.items())
        upstream.sendall(f"{self.requestline}\r\n{head}\r\n".encode())

        def copy(source: socket.socket, target: socket.socket) -> None:
            try:
                while data := source.recv(65536):
                    target.sendall(data)
            except OSError:
                pass
            for end in (source, target):
                with contextlib.suppress(OSError):
                    end.shutdown(socket.SHUT_RDWR)

        back = threading.Thread(target=copy, args=(upstream, self.connection), daemon=True)
        back.start()
        copy(self.connection, upstream)
        back.join()
        upstream.close()
        self.close_connection = True

    def send_head(self) -> Any:
        """Send a gzipped body for compressible files; anything else as build.py's handler does."""
        path = Path(self.translate_path(self.path))
        if path.is_dir() and urllib.parse.urlsplit(self.path).path.endswith("/"):
            path = path / "index.html"
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (accepts and path.is_file() and path.suffix in COMPRESSIBLE):
            return super().send_head()
        stamp = self.date_time_string(int(path.stat().st_mtime))
        if self.headers.get("If-Modified-Since") == stamp:
            self.send_response(304)
            self.end_headers()
            return None
        body = gzipped(path, path.stat().st_mtime)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", stamp)
        self.end_headers()
        return io.BytesIO(body)


class CountingWriter:
    """A write-only stream that adds the length of everything written to its server's counters."""

    def __init__(self, raw: Any, handler: HostLikeHandler) -> None:
        """Wrap `raw` (a socket file), counting into the server of `handler`, whose request names the file."""
        self.raw, self.handler = raw, handler

    def write(self, data: bytes) -> int:
        """Write and count."""
        self.handler.server.count(len(data), urllib.parse.urlsplit(getattr(self.handler, "path", "")).path)
        return int(self.raw.write(data))

    def __getattr__(self, name: str) -> Any:
        """Everything else as the wrapped stream."""
        return getattr(self.raw, name)


class HostLikeServer(build.DistServer):
    """build.py's server with HostLikeHandler and a byte counter."""

    def __init__(self, root: Path) -> None:
        """Serve root on a free localhost port."""
        super().__init__(root)
        self.RequestHandlerClass = functools.partial(HostLikeHandler, directory=str(root))
        self.sends: list[tuple[float, str, int]] = []  # (s from `begun`, path, bytes) of every write
        self.begun = time.perf_counter()
        self.relay_port = 0  # where /relay goes (0: nowhere)
        self.lock = threading.Lock()
        for path in root.rglob("*"):  # gzipped now, as a host has them ready: no page's first run waits
            if path.suffix in COMPRESSIBLE and path.is_file():
                gzipped(path, path.stat().st_mtime)

    def count(self, n: int, path: str) -> None:
        """Add n bytes sent, of the file at `path`."""
        with self.lock:
            self.sends.append((time.perf_counter() - self.begun, path, n))

    @property
    def sent(self) -> int:
        """The bytes sent since the last restart."""
        with self.lock:
            return sum(n for _, _, n in self.sends)

    def restart(self) -> None:
        """Count from zero, and the writes' times from now."""
        with self.lock:
            self.sends, self.begun = [], time.perf_counter()

    def files(self, until: float) -> dict[str, list[float]]:
        """What went out of each file up to `until` s: when its first and last bytes did, and how many."""
        files: dict[str, list[float]] = {}
        with self.lock:
            for at, path, n in self.sends:
                if at <= until:
                    sent = files.setdefault(path, [at, at, 0])
                    sent[1], sent[2] = at, sent[2] + n
        return files

    def handle_error(self, request: Any, client_address: Any) -> None:
        """Say nothing of a download the page gave up (the phone's snapshot); report anything else."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@functools.cache
def gzipped(path: Path, mtime: float) -> bytes:
    """A file's gzip (level 6), once per version of the file."""
    return gzip.compress(path.read_bytes(), compresslevel=6, mtime=int(mtime))


def chromium() -> str:
    """Path of the Chromium binary (env CHROMIUM, default /usr/bin/chromium)."""
    path = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    if not Path(path).exists():
        sys.exit(f"startup.py: Chromium not found at {path} (apt-get install chromium, or set CHROMIUM)")
    return path


def run_on_venv() -> None:
    """Run the command that started this process again on the project venv (where playwright lives), unless
    it already runs there; create or update the venv first."""
    python = build.setup()
    if not build.in_venv():
        os.execv(python, [str(python), str(Path(sys.argv[0]).resolve()), *sys.argv[1:]])


def wait_ready(page: Any, timeout_ms: int) -> tuple[float, float, float, str]:
    """Wait for data-ready on the current navigation; return (first paint, Python's runtime up (NaN on a
    page that does not say), ready, how it started)."""
    page.wait_for_function(
        "window.__readyAt !== undefined || document.documentElement?.dataset.failed === '1'",
        timeout=timeout_ms,
        polling=50,
    )
    if page.evaluate("window.__readyAt === undefined"):
        raise RuntimeError(f"{page.url} failed: {page.inner_text('[role=alert]')}")
    page.wait_for_function(PYTHON_UP, timeout=timeout_ms, polling=50)
    paint, up, ready, start = page.evaluate(TIMINGS)
    return float(paint), float(up), float(ready), str(start)


def longest_frame(page: Any) -> float:
    """Return the ms of the longest animation frame begun by the time the page was ready (0: none)."""
    return float(page.evaluate(LONGEST_FRAME))


def start_relay(server: HostLikeServer) -> subprocess.Popen[bytes]:
    """Run `python -m tt_relay` on a free port for `server` to hand /relay to; return once it listens."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    relay = subprocess.Popen(
        [sys.executable, "-m", "tt_relay", "--port", str(port)],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(200):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            server.relay_port = port
            return relay
        except OSError:
            time.sleep(0.1)
    relay.kill()
    sys.exit("startup.py: the relay (python -m tt_relay) did not start")


def hosted_table(hosts: Any, server: HostLikeServer, timeout_ms: int) -> tuple[Any, str]:
    """Open a new table in its own context of `hosts` (a browser); return that context and the join link."""
    context = hosts.new_context()
    page = context.new_page()
    page.goto(server.url + HOST_TABLE)
    page.wait_for_selector("[data-join]", timeout=timeout_ms)
    return context, urllib.parse.urljoin(page.url, page.get_attribute("[data-join]", "href"))


@dataclasses.dataclass(frozen=True)
class Load:
    """What a cold load needs: the browsers, the site, the page (or GUEST), the profile and the timeout."""

    playwright: Any
    server: HostLikeServer
    page: str
    profile: dict[str, Any]
    timeout_ms: int
    hosts: Any = None  # the browser that hosts the guest page's tables


def one_run(load: Load) -> tuple[list[float], str, dict[str, list[float]]]:
    """Cold load in a brand-new profile, then (after its service worker took over) a warm reload, then the
    first link again; return the figures, how it started and what the server sent of each file in the cold
    load until it was ready (--files)."""
    server, timeout_ms = load.server, load.timeout_ms
    with fresh_page(load) as (page, _, url):
        server.restart()
        page.goto(url, wait_until="commit")
        cold_paint, cold_up, cold_ready, start = wait_ready(page, timeout_ms)
        cold_kb, files = server.sent / 1024, server.files(cold_ready / 1000)
        cold_frame = longest_frame(page)
        precache_kb = 0.0
        if page.evaluate(HAS_SERVICE_WORKER):
            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=timeout_ms)
            precache_kb = server.sent / 1024 - cold_kb
        server.restart()
        page.reload(wait_until="commit")
        warm_paint, warm_up, warm_ready, _ = wait_ready(page, timeout_ms)
        warm_kb, warm_frame = server.sent / 1024, longest_frame(page)
        page.goto(url, wait_until="commit")
        _, again_up, again_ready, _ = wait_ready(page, timeout_ms)
    cold = [cold_paint, cold_up, cold_ready, cold_frame, cold_kb, precache_kb]
    return [*cold, warm_paint, warm_up, warm_ready, warm_frame, warm_kb, again_up, again_ready], start, files


@contextlib.contextmanager
def fresh_page(load: Load) -> Iterator[tuple[Any, Any, str]]:
    """Yield a blank page in a brand-new browser profile, throttled as the load's profile says, with its CDP
    session and the link to open (the guest page's is a new table's, hosted in `load.hosts`)."""
    host, url = (
        hosted_table(load.hosts, load.server, load.timeout_ms)
        if load.page == GUEST
        else (None, load.server.url + load.page)
    )
    user_data = tempfile.mkdtemp(prefix="startup-bench-")
    try:
        context = load.playwright.chromium.launch_persistent_context(
            user_data, executable_path=chromium(), args=FLAGS, headless=True
        )
        try:
            context.add_init_script(READY_OBSERVER)
            context.add_init_script(LONG_FRAMES)
            page = context.pages[0] if context.pages else context.new_page()
            page.goto("about:blank")
            time.sleep(SETTLE_S)
            cdp = context.new_cdp_session(page)
            if load.profile:
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": load.profile["cpu"]})
                cdp.send("Network.enable")
                cdp.send("Network.emulateNetworkConditions", load.profile["network"])
            yield page, cdp, url
        finally:
            context.close()
    finally:
        shutil.rmtree(user_data, ignore_errors=True)
        if host:
            host.close()


def longest_task(load: Load) -> tuple[float, float]:
    """Trace a cold load until it is ready; return the ms of the longest task on the page's main thread, and
    of that thread's own CPU time in it (the rest it waited: for a core, or on another process)."""
    with fresh_page(load) as (page, cdp, url):
        events: list[dict[str, Any]] = []
        done: list[bool] = []
        cdp.on("Tracing.dataCollected", lambda params: events.extend(params["value"]))
        cdp.on("Tracing.tracingComplete", lambda _: done.append(True))
        config = {"includedCategories": TRACED}
        cdp.send("Tracing.start", {"traceConfig": config, "transferMode": "ReportEvents"})
        page.goto(url, wait_until="commit")
        wait_ready(page, load.timeout_ms)
        cdp.send("Tracing.end")
        for _ in range(load.timeout_ms // 50):
            if done:
                break
            page.wait_for_timeout(50)
        if not done:
            raise RuntimeError(f"{url}: the trace did not end")
    return main_thread_task(events)


def main_thread_task(events: list[dict[str, Any]]) -> tuple[float, float]:
    """The ms and CPU ms of the longest task on a page's main thread (CrRendererMain) in a trace's events."""
    mains = {
        (e["pid"], e["tid"])
        for e in events
        if e.get("ph") == "M" and e.get("name") == "thread_name" and e["args"].get("name") == "CrRendererMain"
    }
    tasks = [
        e for e in events if e.get("ph") == "X" and e["name"] == "RunTask" and (e["pid"], e["tid"]) in mains
    ]
    longest = max(tasks, key=lambda e: e["dur"])
    return longest["dur"] / 1000, longest.get("tdur", 0) / 1000


# The same busy loop on the page's main thread and in a Web Worker (ms each, best of 3).
BUSY_LOOP = "let t = performance.now(), x = 0; for (let i = 0; i < 5e7; i++) x += i % 7; "
SLOWDOWN = """async () => {
  const code = "onmessage = () => { BUSY postMessage(performance.now() - t); };";
  const worker = new Worker(URL.createObjectURL(new Blob([code], { type: "text/javascript" })));
  const runs = [];
  for (let k = 0; k < 3; k++) {
    worker.postMessage(0);
    runs.push(await new Promise((resolve) => (worker.onmessage = (e) => resolve(e.data))));
  }
  const here = [];
  for (let k = 0; k < 3; k++) {
    BUSY
    here.push(performance.now() - t);
  }
  return [Math.min(...here), Math.min(...runs)];
}""".replace("BUSY", BUSY_LOOP)


def throttle_reach(playwright: Any, server: HostLikeServer, profile: dict[str, Any]) -> str:
    """How much slower a profile's CDP CPU throttling makes the page's main thread and a Web Worker (where
    the pages run Python): Chromium throttles only the main thread, so a worker's figures are a phone's at
    best."""
    browser = playwright.chromium.launch(executable_path=chromium(), args=FLAGS, headless=True)
    try:
        times = []
        for rate in (1, profile["cpu"]):
            page = browser.new_page()
            page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})
            page.goto(server.url + "favicon.svg")
            times.append(page.evaluate(SLOWDOWN))
            page.close()
    finally:
        browser.close()
    (main, worker), (main_slow, worker_slow) = times
    return (
        f"CPU throttling {profile['cpu']}x reaches the page's main thread as {main_slow / main:.1f}x and a "
        f"Web Worker as {worker_slow / worker:.1f}x (a busy loop, side by side)"
    )


def table(title: str, results: dict[str, list[list[float]]], starts: dict[str, set[str]], runs: int) -> str:
    """Markdown table of medians per page, plus the ratio of each page to the first one."""
    medians = {
        page: [statistics.median(col) for col in zip(*rows, strict=True)] for page, rows in results.items()
    }
    header = f"| {title} (median of {runs} runs; ms, KB) | " + " | ".join(COLUMNS) + " | start |"
    lines = [header, "|" + "---|" * (len(COLUMNS) + 2)]
    for page, values in medians.items():
        how = "/".join(sorted(starts[page])) or "stock"
        cells = " | ".join(f"{v:.0f}" if math.isfinite(v) else "-" for v in values)
        lines.append(f"| {page} | {cells} | {how} |")
    base_name, base = next(iter(medians.items()))
    for page, values in list(medians.items())[1:]:
        ratios = " | ".join(
            f"{v / b:.2f}x" if b and math.isfinite(v / b) else "-" for v, b in zip(values, base, strict=True)
        )
        lines.append(f"| {page.rstrip('/')} / {base_name.rstrip('/')} | {ratios} | |")
    return "\n".join(lines)


def tasks_table(title: str, tasks: dict[str, list[tuple[float, float]]]) -> str:
    """A markdown table of the longest main-thread task while each page started (--tasks): median and most
    of the traced loads, and the median of its CPU time."""
    rows = [
        f"| {title}, traced cold loads: page | longest task ms, median | most | its CPU ms, median |",
        "|---|---|---|---|",
    ]
    for page, loads in tasks.items():
        walls, cpus = zip(*loads, strict=True)
        rows.append(
            f"| {page} | {statistics.median(walls):.0f} | {max(walls):.0f} | {statistics.median(cpus):.0f} |"
        )
    return "\n".join(rows)


def files_table(title: str, files: dict[str, list[float]]) -> str:
    """A markdown table of what the server sent of each file during a cold load, in the order it began."""
    rows = [f"| {title}: file | first byte s | last byte s | KB |", "|---|---|---|---|"]
    for path, (first, last, sent) in sorted(files.items(), key=lambda item: item[1][0]):
        rows.append(f"| {path} | {first:.2f} | {last:.2f} | {sent / 1024:.1f} |")
    total = sum(sent for _, _, sent in files.values()) / 1024
    return "\n".join([*rows, f"| all | | | {total:.0f} |"])


def lighthouse_cli() -> Path:
    """The Lighthouse CLI, installed with npm into .cache/lighthouse the first time."""
    cli = LIGHTHOUSE_DIR / "node_modules" / "lighthouse" / "cli" / "index.js"
    if not cli.exists():
        npm = shutil.which("npm")
        if not npm:
            sys.exit("startup.py: --lighthouse needs npm (Node.js)")
        print(f"startup.py: npm install {LIGHTHOUSE} into {LIGHTHOUSE_DIR}", file=sys.stderr, flush=True)
        LIGHTHOUSE_DIR.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            [
                npm,
                "install",
                "--no-audit",
                "--no-fund",
                "--silent",
                "--prefix",
                str(LIGHTHOUSE_DIR),
                LIGHTHOUSE,
            ],
            check=True,
        )
    return cli


def lighthouse(url: str, runs: int) -> str:
    """Median mobile performance score and total blocking time of `url` over `runs` Lighthouse runs (a run
    that fails, e.g. a DevTools timeout on a loaded machine, is retried once, then left out)."""
    cli = lighthouse_cli()
    scores, tbts = [], []
    for run in range(runs):
        for attempt in range(2):
            with tempfile.TemporaryDirectory() as tmp:
                report = Path(tmp) / "report.json"
                flags = "--headless=new " + " ".join(FLAGS)
                done = subprocess.run(
                    ["node", str(cli), url, "--only-categories=performance", "--output=json",
                     f"--output-path={report}", f"--chrome-flags={flags}", "--quiet"],
                    check=False,
                    env={**os.environ, "CHROME_PATH": chromium()},
                )  # fmt: skip
                data = json.loads(report.read_text()) if done.returncode == 0 and report.exists() else None
            if data:
                break
            print(f"lighthouse {run + 1}/{runs}: failed (attempt {attempt + 1})", file=sys.stderr, flush=True)
        if not data:
            continue
        score = data["categories"]["performance"]["score"] * 100
        tbt = data["audits"]["total-blocking-time"]["numericValue"]
        weight = data["audits"]["total-byte-weight"]["numericValue"] / 1024
        scores.append(score)
        tbts.append(tbt)
        print(
            f"lighthouse {run + 1}/{runs}: performance {score:.0f}, TBT {tbt:.0f} ms, {weight:.0f} KB",
            file=sys.stderr,
            flush=True,
        )
    if not scores:
        return "Lighthouse: every run failed"
    return (
        f"Lighthouse {LIGHTHOUSE} (mobile, simulated throttling) on {urllib.parse.urlsplit(url).path}, "
        f"median of {len(scores)}: performance {statistics.median(scores):.0f}, "
        f"total blocking time {statistics.median(tbts):.0f} ms"
    )


def main() -> int:
    """Parse arguments, build and serve dist/, run the interleaved measurements, print a table per profile."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument(
        "--page", action="append", help=f"page path under dist/, or {GUEST} (repeatable; default all three)"
    )
    parser.add_argument("--profile", action="append", choices=sorted(PROFILES), help="(repeatable)")
    parser.add_argument("--lighthouse", type=int, default=0, metavar="N", help="Lighthouse runs on /play/")
    parser.add_argument("--no-build", action="store_true", help="use dist/ as it is")
    parser.add_argument(
        "--site", type=Path, help="serve this built site instead of dist/ (implies --no-build)"
    )
    parser.add_argument("--timeout", type=float, default=300, help="seconds per page load")
    parser.add_argument("--files", action="store_true", help="each page's files in its first cold load")
    parser.add_argument(
        "--tasks",
        action="store_true",
        help="per run and page, a traced cold load more: its longest main-thread task",
    )
    args = parser.parse_args()
    pages = args.page or ["hello/", "play/", GUEST]
    profiles = args.profile or ["desktop", "phone"]

    run_on_venv()
    from playwright.sync_api import sync_playwright

    try:
        if not (args.no_build or args.site):
            build.build()
        server = HostLikeServer(args.site or build.DIST)
    except build.BuildError as exc:
        sys.exit(f"startup.py: error: {exc}")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    relay = start_relay(server) if GUEST in pages else None
    try:
        with sync_playwright() as playwright:
            hosts = (
                playwright.chromium.launch(executable_path=chromium(), args=FLAGS, headless=True)
                if relay
                else None
            )
            for name in profiles:
                results: dict[str, list[list[float]]] = {page: [] for page in pages}
                starts: dict[str, set[str]] = {page: set() for page in pages}
                files: dict[str, dict[str, list[float]]] = {}
                tasks: dict[str, list[tuple[float, float]]] = {page: [] for page in pages}
                profile, timeout_ms = PROFILES[name], int(args.timeout * 1000)
                for run in range(args.runs):
                    for page in pages:
                        load = Load(playwright, server, page, profile, timeout_ms, hosts)
                        row, start, sent = one_run(load)
                        results[page].append(row)
                        files.setdefault(page, sent)
                        if start:
                            starts[page].add(start)
                        cells = ", ".join(f"{v:.0f}" for v in row)
                        if args.tasks:
                            task = longest_task(load)
                            tasks[page].append(task)
                            cells += f"; traced: longest task {task[0]:.0f} ms, CPU {task[1]:.0f} ms"
                        print(
                            f"{name} run {run + 1}/{args.runs} {page}: {cells} {start}",
                            file=sys.stderr,
                            flush=True,
                        )
                print(table(name, results, starts, args.runs) + "\n", flush=True)
                if args.tasks:
                    print(tasks_table(name, tasks) + "\n", flush=True)
                for page, sent in files.items() if args.files else ():
                    print(files_table(f"{name}, {page} (run 1)", sent) + "\n", flush=True)
                if profile:
                    print(throttle_reach(playwright, server, profile) + "\n", flush=True)
        if args.lighthouse:
            print(lighthouse(server.url + "play/", args.lighthouse), flush=True)
    finally:
        if relay:
            relay.terminate()
            relay.wait(10)
        server.shutdown()
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
