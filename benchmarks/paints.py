#!/usr/bin/env python3
"""What each paint of the play page costs its main thread, for one or more builds side by side.

    python3 benchmarks/paints.py [--site DIR --site DIR ...] [--games futures,virus_money] [--runs 2]
                                 [--players 4] [--level N] [--desktop] [--replay]

Each run plays one whole game per game and site, sites alternated (seed = the run's number), on the play page
with every seat the strongest bot (or --level's: 1 is random) at pace 0, on a phone by default (CPU 4x slower
through CDP, as startup.py's phone profile; 390x844). Every `TradingTable.paint` that puts a board in (a
build that puts in only the newest of the boards waiting paints fewer) is timed with the style and layout it
leaves for the browser (forced at once), plus the making of its board where python.js makes it a frame ahead
(`TradingTable.make`, a task of its own): the page's own work on a board python.js hands it, which is most
of a long task while the game goes on (Python runs in a worker). The first paint, over the preview, is
left out. Beside them, the browser's long animation frames (over 50 ms: script, style, layout and paint of
one frame, whatever task their work came in) from the first paint on: how many, and the longest.
Sites default to dist/ (built unless --site is given); a site is served by build.py's server.
Compare two builds by building each into its own directory (e.g. a copy of dist/ from another commit).

--replay takes the bots' work out of the figures: on a 2-core machine a paint shares the cores with the
worker's bots, and its time says as much about them as about the paint. Each run then plays the game once on
the first site (unthrottled) and keeps every board Python painted; each site's play page (a hot-seat game,
where nothing paints by itself) is then handed the same boards in order as python.js would (made, painted
a frame later), two frames between boards, each timed as above.
So --replay compares the builds' page code (play.js, the CSS), not a change of the boards' markup: every site
is handed the first site's boards. Time a change of a board without it.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import bot_decisions  # beside this file: each game's strongest bot
import bots_browser  # its phone throttle and percentile
import startup  # its Chromium

import build  # the project's build.py, stdlib only
import pygame_core.games  # noqa: F401  (registers every game)
from pygame_core.engine import all_games

TIMED = """
addEventListener("DOMContentLoaded", () => {
  const TT = globalThis.TradingTable, paint = TT.paint, make = TT.make;
  window.__kept = [];
  let making = 0; // the ms of the last board made ahead (python.js makes it a frame before its paint)
  if (make) {
    TT.make = (box, html) => {
      const begun = performance.now();
      const made = make(box, html);
      making = performance.now() - begun;
      return made;
    };
  }
  let last = null;
  TT.paint = (box, html, made) => {
    if (html === last) return paint(box, html, made); // the board already in: no paint (play.js returns)
    last = html;
    const begun = performance.now();
    paint(box, html, made);
    void document.body.offsetHeight; // the style and layout the new board needs, now
    window.__kept.push([begun, performance.now() - begun + (made ? making : 0)]);
  };
});
"""

KEEP_BOARDS = """
addEventListener("DOMContentLoaded", () => {
  const TT = globalThis.TradingTable, paint = TT.paint;
  window.__kept = [];
  TT.paint = (box, html, made) => {
    if (html !== window.__kept.at(-1)) window.__kept.push(html); // each board put in, once
    paint(box, html, made);
  };
});
"""
# Each board painted, then two frames drawn before the next: the paint's own, and one for what play.js does
# once it is drawn (the marks of what changed, whose flashes start there).
PAINT_EACH = """async (boards) => {
  const box = document.getElementById("board"), times = [];
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
  const start = performance.now();
  for (const html of boards) {
    let begun = performance.now();
    const made = TradingTable.make?.(box, html); // as python.js: the board made a frame ahead (a build since)
    const making = performance.now() - begun;
    if (made) await frame();
    begun = performance.now();
    TradingTable.paint(box, html, made);
    void document.body.offsetHeight;
    times.push(making + performance.now() - begun);
    await frame();
    await frame();
  }
  await frame(); // the last frames reported
  return [times, window.__frames.filter(([at]) => at >= start).map(([, ms]) => ms)];
}"""


def to_the_end(
    browser: Any, url: str, desktop: bool, script: str, throttled: bool
) -> tuple[list[Any], list[Any]]:
    """Play the game at url to its end in a fresh context, `script` run first on its page; return what the
    script kept (window.__kept) and the long animation frames."""
    context = browser.new_context(viewport=None if desktop else build.PHONE_VIEWPORT, service_workers="block")
    try:
        context.add_init_script(startup.LONG_FRAMES)
        context.add_init_script(script)
        page = context.new_page()
        bots_browser.report_errors(page, url)
        if throttled:
            bots_browser.throttle(context, page)
        page.goto(url)
        page.wait_for_function("document.documentElement.dataset.gameOver === '1'", timeout=900_000)
        page.evaluate("new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)))")
        return list(page.evaluate("window.__kept")), list(page.evaluate("window.__frames"))
    finally:
        context.close()


def play(browser: Any, url: str, desktop: bool) -> tuple[list[float], list[float]]:
    """Play the game at url to its end in a fresh context; return each paint's ms but the first, and the long
    animation frames' from the second paint on."""
    kept, frames = to_the_end(browser, url, desktop, TIMED, throttled=not desktop)
    start = kept[1][0] if len(kept) > 1 else float("inf")
    return [float(ms) for _, ms in kept[1:]], [float(ms) for at, ms in frames if at >= start]


def boards(browser: Any, url: str, desktop: bool) -> list[str]:
    """Play the game at url to its end, unthrottled, in a fresh context; return every board Python painted."""
    return [str(html) for html in to_the_end(browser, url, desktop, KEEP_BOARDS, throttled=False)[0]]


def repaint(browser: Any, url: str, shown: list[str], desktop: bool) -> tuple[list[float], list[float]]:
    """Hand a hot-seat play page at url the boards after the first, two frames apart; return each paint's
    ms and the long animation frames'."""
    context = browser.new_context(viewport=None if desktop else build.PHONE_VIEWPORT, service_workers="block")
    try:
        context.add_init_script(startup.LONG_FRAMES)
        page = context.new_page()
        bots_browser.report_errors(page, url)
        page.goto(url)
        page.wait_for_function("document.documentElement.dataset.ready === '1'", timeout=120_000)
        if not desktop:
            bots_browser.throttle(context, page)
        times, frames = page.evaluate(PAINT_EACH, shown[1:])
        return [float(ms) for ms in times], [float(ms) for ms in frames]
    finally:
        context.close()


def main() -> int:
    """Serve each site, play the games on each in turn, print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", action="append", type=Path, help="a built site (repeatable; default dist/)")
    parser.add_argument("--games", default=",".join(g.id for g in all_games()), help="default: every game")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--level", type=int, help="the bots' level (1 random; default the strongest)")
    parser.add_argument("--runs", type=int, default=2, help="games per game and site (seeds 1..N)")
    parser.add_argument("--desktop", action="store_true", help="no CPU throttling, the default viewport")
    parser.add_argument("--replay", action="store_true", help="the same boards painted on each site, no bots")
    args = parser.parse_args()
    startup.run_on_venv()
    from playwright.sync_api import sync_playwright

    try:
        if not args.site:
            build.build()
        servers = [build.serve_dist(site) for site in args.site or [build.DIST]]
    except build.BuildError as exc:
        sys.exit(f"paints.py: error: {exc}")
    names = [str(site) for site in args.site or [build.DIST]]
    paints: dict[tuple[str, str], list[float]] = {}
    frames: dict[tuple[str, str], list[float]] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=startup.chromium(), args=startup.FLAGS)
        for seed in range(1, args.runs + 1):
            for game in args.games.split(","):
                seats = ",".join([f"bot:{args.level or bot_decisions.strongest(game)}"] * args.players)
                query = f"play/?game={game}&players={args.players}&seats={seats}&seed={seed}&pace=0"
                shown = boards(browser, servers[0].url + query, args.desktop) if args.replay else []
                hot_seat = query.replace(seats, ",".join(["human"] * args.players))
                for name, server in zip(names, servers, strict=True):
                    times, long = (
                        repaint(browser, server.url + hot_seat, shown, args.desktop)
                        if args.replay
                        else play(browser, server.url + query, args.desktop)
                    )
                    paints.setdefault((game, name), []).extend(times)
                    frames.setdefault((game, name), []).extend(long)
                print(f"run {seed}: {game} played on every site", file=sys.stderr, flush=True)
        browser.close()
    profile = "desktop" if args.desktop else "phone (CPU 4x slower)"
    games = f"{args.runs} whole games each (seeds 1..{args.runs})"
    how = "their boards painted again, no bots" if args.replay else "pace 0"
    bots = f"level {args.level}" if args.level else "strongest"
    print(f"\n{profile}, {args.players} {bots} bots, {how}, {games}\n")
    print("| game | site | paints | p50 ms | p95 ms | max ms | p50 vs first | frames > 50 ms | longest |")
    print("|---|---|---|---|---|---|---|---|---|")
    for game in args.games.split(","):
        first = statistics.median(paints[game, names[0]])
        for name in names:
            times, long = paints[game, name], frames[game, name]
            p50 = statistics.median(times)
            print(
                f"| {game} | {name} | {len(times)} | {p50:.1f} | {bots_browser.percentile(times, 95):.1f} "
                f"| {max(times):.1f} | {p50 / first:.2f}x | {len(long)} | {max(long, default=0):.0f} |"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
