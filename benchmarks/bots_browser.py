#!/usr/bin/env python3
"""The strongest bots' decision times in the browser beside CPython, and the long tasks of the play page.

    python3 benchmarks/bots_browser.py [--games futures,mercator] [--players 3,4] [--seeds 1] [--phone]
                                       [--repeat 1] [--watch 15] [--python python3.13] [--no-build]

Decisions: a bare page of the benchmark's own, on the built site's origin, loads dist/'s Pyodide, unpacks
the pygame_core wheel into /home/pyodide (as the pages' start does) and plays seeded games (seeds 1..N)
with the game's strongest bot (its last level) in every seat, timing with time.perf_counter inside Pyodide
every decision (all the slices of `Table.bot_steps` for one move, forced moves included) and its longest
slice (what a thread that paints between slices cannot interrupt). Each game then runs again in CPython
(benchmarks/bot_decisions.py, the same code, in a process of --python, by default the one running this),
and the browser/CPython ratios follow: absolute figures vary per machine, ratios less (Pyodide's Python is
3.14: a CPython of another version adds its own difference). `same moves` says whether both played the
same games. --repeat R plays every game R times in each runtime, alternating, and keeps each decision's
fastest time (and slice), which the other work on a shared machine disturbs least.

Long tasks: for each game, a fresh browser context (no service worker) opens
`play/?game=<g>&players=<n>&seats=bot:<strongest>,...&seed=1&pace=0` with a PerformanceObserver for
'longtask' installed before any script runs, waits for <html data-ready="1">, lets the bots play for
--watch seconds and reports the long tasks (over 50 ms on the page's main thread) up to ready and after
it: their count, the longest and the total blocking time (the sum of each one's time over 50 ms). It
reads nothing but data-ready and the long tasks, so it works whichever thread runs Python.

Players: each game's default count (what the home page starts with), or the --players counts it allows.
--phone throttles the browser's CPU 4x through CDP (startup.py's phone profile), from after Pyodide
has started on the bare page and from the start on the play page; CPython runs as it is.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import bot_decisions  # beside this file: the same code runs in Pyodide
import startup  # its Chromium, page helpers and phone profile

import build  # the project's build.py, stdlib only
from pygame_core.catalog import players_at_start
from pygame_core.engine import all_games, get_game

BARE_PAGE = "__bots_browser__.html"  # answered by the benchmark itself, on the served site's origin
READY_TIMEOUT_MS = 300_000
LONG_TASK_MS = 50
LONG_TASKS = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
}).observe({ type: "longtask", buffered: true });
"""
START_PYODIDE = """async ([runtime, wheel, name, source]) => {
  const { loadPyodide } = await import(runtime + "pyodide.mjs");
  const pyodide = await loadPyodide({ indexURL: runtime });
  const bytes = await (await fetch(wheel)).arrayBuffer();
  pyodide.unpackArchive(bytes, "wheel", { extractDir: "/home/pyodide" });
  pyodide.FS.writeFile(`/home/pyodide/${name}.py`, source);
  window.pyodide = pyodide;
}"""
PLAY = "(code) => pyodide.runPython(code)"


@dataclass
class Timings:
    """Where the games ran, seconds of every decision and of each one's longest slice, and the digest of
    each game played."""

    runtime: str
    python: str = ""
    decisions: list[float] = field(default_factory=list)
    slices: list[float] = field(default_factory=list)
    records: list[str] = field(default_factory=list)

    @property
    def name(self) -> str:
        """Return the runtime with its Python version."""
        return f"{self.runtime} {self.python}".strip()

    def add(self, runs: Sequence[dict[str, Any]]) -> None:
        """Add one game's timings (bot_decisions.play's results of runs of it), the fastest of each."""
        if len({run["record"] for run in runs}) != 1:
            raise RuntimeError("the runs of one seed played different games")
        self.python = runs[0]["python"]
        self.decisions += [min(each) for each in zip(*(run["decisions"] for run in runs), strict=True)]
        self.slices += [min(each) for each in zip(*(run["slices"] for run in runs), strict=True)]
        self.records.append(runs[0]["record"])


@dataclass(frozen=True)
class LongTasks:
    """The play page's long tasks (start, duration in ms) and when it was ready (ms from navigation)."""

    ready: float
    tasks: list[tuple[float, float]]

    def split(self, watch_ms: float) -> tuple[list[float], list[float]]:
        """Return the durations of the tasks that began before ready and of those in the watch after it."""
        before = [d for start, d in self.tasks if start < self.ready]
        after = [d for start, d in self.tasks if self.ready <= start < self.ready + watch_ms]
        return before, after


def percentile(values: Sequence[float], p: int) -> float:
    """Return the p-th percentile (inclusive method: within the values)."""
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[p - 1]


def ms(seconds: float) -> str:
    """Return seconds as milliseconds with one decimal."""
    return f"{seconds * 1000:.1f}"


def decision_table(results: dict[tuple[str, int], tuple[Timings, Timings]]) -> str:
    """Markdown table: per game, player count and runtime, the decisions and their times in ms."""
    lines = [
        "| game | players | runtime | decisions | p50 ms | p95 ms | max decision ms | max slice ms |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for (game, players), runtimes in results.items():
        for t in runtimes:
            cells = [
                percentile(t.decisions, 50),
                percentile(t.decisions, 95),
                max(t.decisions),
                max(t.slices),
            ]
            figures = " | ".join(ms(c) for c in cells)
            lines.append(f"| {game} | {players} | {t.name} | {len(t.decisions)} | {figures} |")
    return "\n".join(lines)


def ratio_table(results: dict[tuple[str, int], tuple[Timings, Timings]]) -> str:
    """Markdown table of the browser's times over CPython's per game: p50, p95, max slice and all the
    thinking."""
    lines = [
        "| game | players | ratio | p50 | p95 | max slice | total | same moves |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for (game, players), (b, n) in results.items():
        pairs = [
            (percentile(b.decisions, 50), percentile(n.decisions, 50)),
            (percentile(b.decisions, 95), percentile(n.decisions, 95)),
            (max(b.slices), max(n.slices)),
            (sum(b.decisions), sum(n.decisions)),
        ]
        ratios = " | ".join(f"{x / y:.2f}x" if y else "-" for x, y in pairs)
        same = "yes" if b.records == n.records else "no"
        lines.append(f"| {game} | {players} | {b.name} / {n.name} | {ratios} | {same} |")
    return "\n".join(lines)


def long_task_table(watched: dict[tuple[str, int], LongTasks], watch_s: float) -> str:
    """Markdown table of the play page's long tasks per game, up to ready and in the watch after it."""
    lines = [
        f"| game | players | ready ms | long tasks to ready | longest ms | long tasks in {watch_s:g} s after "
        "| longest ms | blocking ms |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for (game, players), seen in watched.items():
        before, after = seen.split(watch_s * 1000)
        blocking = sum(d - LONG_TASK_MS for d in after)
        lines.append(
            f"| {game} | {players} | {seen.ready:.0f} | {len(before)} | {max(before, default=0):.0f} "
            f"| {len(after)} | {max(after, default=0):.0f} | {blocking:.0f} |"
        )
    return "\n".join(lines)


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """Parse the command line; --games and --players are checked against the registered games."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", help="game ids, comma-separated (default: every registered game)")
    parser.add_argument("--players", help="player counts, comma-separated (default: each game's default)")
    parser.add_argument("--seeds", type=int, default=1, metavar="N", help="games per setup: seeds 1..N")
    parser.add_argument("--repeat", type=int, default=1, metavar="R", help="runs of each game, fastest kept")
    parser.add_argument("--phone", action="store_true", help="throttle the browser's CPU 4x (CDP)")
    parser.add_argument("--watch", type=float, default=15, metavar="S", help="seconds of the play page's "
                        "long tasks after ready, per game (0: skip the play page)")  # fmt: skip
    parser.add_argument("--python", default=sys.executable, help="the CPython to compare with")
    parser.add_argument("--no-build", action="store_true", help="use dist/ as it is")
    args = parser.parse_args(argv)
    known = [g.id for g in all_games()]
    args.games = args.games.split(",") if args.games else known
    if unknown := [g for g in args.games if g not in known]:
        parser.error(f"unknown game {', '.join(unknown)} (games: {', '.join(known)})")
    try:
        asked = [int(n) for n in args.players.split(",")] if args.players else []
    except ValueError:
        parser.error(f"--players takes whole numbers, comma-separated, not {args.players!r}")
    args.setups = setups(args.games, asked)
    if not args.setups:
        parser.error(f"no game asked for is played by {args.players} players")
    if args.seeds < 1 or args.repeat < 1 or args.watch < 0:
        parser.error("--seeds and --repeat must be at least 1, --watch at least 0")
    return args


def setups(games: Sequence[str], asked: Sequence[int]) -> list[tuple[str, int]]:
    """Return (game, players) pairs: each game's default count, or the asked counts the game allows."""
    pairs = []
    for game_id in games:
        game = get_game(game_id)
        counts = [n for n in asked if game.min_players <= n <= game.max_players]
        pairs += [(game_id, n) for n in (counts if asked else [players_at_start(game)])]
    return pairs


def throttle(context: Any, page: Any) -> None:
    """Slow the page's CPU down as startup.py's phone profile does."""
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": startup.PROFILES["phone"]["cpu"]})


def report_errors(page: Any, where: str) -> None:
    """Print the page's errors and console errors to stderr as they come."""
    page.on("pageerror", lambda error: print(f"{where}: page error: {error}", file=sys.stderr, flush=True))
    page.on(
        "console",
        lambda m: m.type == "error" and print(f"{where}: console: {m.text}", file=sys.stderr, flush=True),
    )


def start_bare_page(browser: Any, server: build.DistServer, phone: bool) -> Any:
    """Open the benchmark's bare page, start dist/'s Pyodide in it with the wheel and bot_decisions.py;
    return the page."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    report_errors(page, "bare page")
    url = server.url + BARE_PAGE
    html = "<!doctype html><meta charset=utf-8><title>Bot decisions</title>"
    page.route(url, lambda route: route.fulfill(body=html, content_type="text/html"))
    page.goto(url)
    (wheel,) = (build.DIST / build.WHEELS_DIR).glob("pygame_core-*.whl")
    source = Path(bot_decisions.__file__).read_text()
    runtime = f"{server.url}{build.PYODIDE_DIR}/"
    args = [runtime, f"{server.url}{build.WHEELS_DIR}/{wheel.name}", bot_decisions.__name__, source]
    page.evaluate(START_PYODIDE, args)
    if phone:
        throttle(context, page)
    return page


def play_in_browser(page: Any, game: str, players: int, seed: int) -> dict[str, Any]:
    """Play one game in the bare page's Pyodide; return bot_decisions.play's result."""
    code = f"import json, {bot_decisions.__name__} as b; json.dumps(b.play({game!r}, {players}, {seed}))"
    result: dict[str, Any] = json.loads(page.evaluate(PLAY, code))
    return result


def play_in_cpython(python: str, game: str, players: int, seed: int) -> dict[str, Any]:
    """Play one game in a process of `python` running bot_decisions.py from the checkout; return its result
    (exit with python's error if it fails)."""
    argv = [python, bot_decisions.__file__, game, str(players), str(seed)]
    env = {**os.environ, "PYTHONPATH": str(build.ROOT)}
    done = subprocess.run(argv, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.exit(f"bots_browser.py: {' '.join(argv)} failed:\n{done.stderr.strip()}")
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def watch_play_page(
    browser: Any, server: build.DistServer, game: str, players: int, seconds: float, phone: bool
) -> LongTasks:
    """Open an all-bot play page in a fresh context, let it play `seconds` after ready; return what the
    long-task observer saw."""
    seats = ",".join([f"bot:{bot_decisions.strongest(game)}"] * players)
    context = browser.new_context(service_workers="block")
    try:
        context.add_init_script(startup.READY_OBSERVER + LONG_TASKS)
        page = context.new_page()
        report_errors(page, f"play {game}")
        if phone:
            throttle(context, page)
        page.goto(f"{server.url}play/?game={game}&players={players}&seats={seats}&seed=1&pace=0")
        ready = startup.wait_ready(page, READY_TIMEOUT_MS)[2]
        page.wait_for_timeout(seconds * 1000)
        tasks = page.evaluate("window.__longTasks")
    finally:
        context.close()
    return LongTasks(ready, [(float(s), float(d)) for s, d in tasks])


def main() -> int:
    """Build and serve dist/, time the decisions in the browser and in CPython, watch the play page."""
    args = parse_args()
    startup.run_on_venv()
    from playwright.sync_api import sync_playwright

    try:
        if not args.no_build:
            build.build()
        server = build.serve_dist(build.DIST)
    except build.BuildError as exc:
        sys.exit(f"bots_browser.py: error: {exc}")
    results: dict[tuple[str, int], tuple[Timings, Timings]] = {}
    watched: dict[tuple[str, int], LongTasks] = {}
    load_before = os.getloadavg()[0]
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=startup.chromium(), args=startup.FLAGS, headless=True
            )
            page = start_bare_page(browser, server, args.phone)
            for game, players in args.setups:
                web, native = Timings("phone: Pyodide" if args.phone else "Pyodide"), Timings("CPython")
                for seed in range(1, args.seeds + 1):
                    runs: tuple[list[dict[str, Any]], list[dict[str, Any]]] = ([], [])
                    for _ in range(args.repeat):
                        runs[0].append(play_in_browser(page, game, players, seed))
                        runs[1].append(play_in_cpython(args.python, game, players, seed))
                    web.add(runs[0])
                    native.add(runs[1])
                    print(f"{game}, {players} players, seed {seed}: played", file=sys.stderr, flush=True)
                results[game, players] = web, native
            page.context.close()
            if args.watch:
                for game, players in args.setups:
                    watched[game, players] = watch_play_page(
                        browser, server, game, players, args.watch, args.phone
                    )
                    print(f"{game}, {players} players: play page watched", file=sys.stderr, flush=True)
            chromium = browser.version
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    seeds = "seed 1" if args.seeds == 1 else f"seeds 1..{args.seeds}"
    seeds += f", the fastest of {args.repeat} runs of each" if args.repeat > 1 else ""
    print(
        f"Pyodide {build.PYODIDE_VERSION} in Chromium {chromium}, the strongest bots in every seat, {seeds}; "
        f"load average {load_before:.1f} at the start, {os.getloadavg()[0]:.1f} at the end ({os.cpu_count()} "
        "cores)\n"
    )
    print(decision_table(results) + "\n")
    print(ratio_table(results) + "\n")
    if watched:
        print(long_task_table(watched, args.watch))
    return 0


if __name__ == "__main__":
    sys.exit(main())
