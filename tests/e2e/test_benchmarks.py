"""The benchmarks that drive the built site, run once on it: what they time is there to time."""

from __future__ import annotations

import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from playwright.sync_api import Browser, Playwright

import build

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import paints  # benchmarks/
import startup  # benchmarks/

pytestmark = pytest.mark.e2e


def spin(ms: int) -> str:
    """Return a script that keeps its thread busy for `ms`."""
    return f"const end = performance.now() + {ms}; while (performance.now() < end);"


def busy(ms: int) -> str:
    """Return a script that keeps the page's main thread busy for `ms` in its next frame."""
    return f"requestAnimationFrame(() => {{ {spin(ms)} }});"


def reported(page: Any) -> None:
    """Wait until the frames drawn so far are reported to the page's observers."""
    page.evaluate("new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100)))")


def test_paints_times_every_paint_of_a_whole_game(browser: Browser, site: build.DistServer) -> None:
    url = f"{site.url}play/?game=stock_trader&players=3&seats=bot,bot,bot&seed=1&pace=0"
    times, frames = paints.play(browser, url, desktop=True)
    assert len(times) > 20 and all(ms > 0 for ms in times), times
    assert all(ms > 50 for ms in frames), frames  # only long animation frames are reported


def test_paints_replays_a_games_boards_on_a_page_where_nothing_else_paints(
    browser: Browser, site: build.DistServer
) -> None:
    url = f"{site.url}play/?game=stock_trader&players=3&seats=bot,bot,bot&seed=1&pace=0"
    shown = paints.boards(browser, url, desktop=True)
    assert len(shown) > 20 and all("tt-board" in html for html in shown)
    hot_seat = f"{site.url}play/?game=stock_trader&players=3&seats=human,human,human&seed=1"
    times, frames = paints.repaint(browser, hot_seat, shown[:10], desktop=True)
    assert len(times) == 9 and all(ms > 0 for ms in times), times
    assert all(ms > 50 for ms in frames), frames


def test_paints_keeps_the_long_animation_frames(browser: Browser, site: build.DistServer) -> None:
    context = browser.new_context()
    try:
        context.add_init_script(startup.LONG_FRAMES)
        page = context.new_page()
        page.goto(site.url)
        page.evaluate(f"() => {{ {busy(120)} }}")  # a frame of 120 ms at least
        reported(page)
        assert [ms for _, ms in page.evaluate("window.__frames") if ms >= 120], page.evaluate(
            "window.__frames"
        )
    finally:
        context.close()


def test_startup_reports_the_longest_frame_begun_before_the_page_was_ready(
    browser: Browser, site: build.DistServer
) -> None:
    context = browser.new_context()
    try:
        context.add_init_script(startup.READY_OBSERVER)
        context.add_init_script(startup.LONG_FRAMES)
        context.add_init_script(busy(150))  # a frame of 150 ms at least, while the page starts
        page = context.new_page()
        page.goto(f"{site.url}play/?game=futures&players=3&seats=human,bot,bot&seed=1")
        startup.wait_ready(page, 120_000)
        page.evaluate(f"() => {{ {busy(400)} }}")  # one of 400 ms once it is ready
        reported(page)
        assert 150 <= startup.longest_frame(page) < 400, page.evaluate("window.__frames")
    finally:
        context.close()


# A page that keeps a worker busy for 600 ms, then its own main thread for 150 ms, then is ready.
BUSY_WORKER_THEN_PAGE = f"""<!doctype html><title>Busy</title><script>
const code = "{spin(600)} postMessage(0);";
const worker = new Worker(URL.createObjectURL(new Blob([code], {{ type: "text/javascript" }})));
worker.onmessage = () => setTimeout(() => {{
  {spin(150)}
  document.documentElement.dataset.ready = "1";
}});
</script>"""


def test_startup_traces_the_longest_task_on_the_page_s_main_thread(
    playwright: Playwright, other_origin: tuple[str, Path]
) -> None:
    """A task of 150 ms on the page's main thread is its longest, all of it that thread's CPU; the worker's
    600 ms are not the page's."""
    url, folder = other_origin
    (folder / "busy.html").write_text(BUSY_WORKER_THEN_PAGE)
    wall, cpu = startup.longest_task(
        startup.Load(playwright, SimpleNamespace(url=url), "busy.html", {}, 60_000)
    )
    assert 150 <= wall < 600 and 75 < cpu <= wall, (wall, cpu)
