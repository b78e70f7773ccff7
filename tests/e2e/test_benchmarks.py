"""The benchmarks that drive the built site, run once on it: what they time is there to time."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from playwright.sync_api import Browser

import build

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import paints  # benchmarks/

pytestmark = pytest.mark.e2e


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
        context.add_init_script(paints.LONG_FRAMES)
        page = context.new_page()
        page.goto(site.url)
        page.evaluate(
            """new Promise((resolve) => requestAnimationFrame(() => {
              const end = performance.now() + 120;
              while (performance.now() < end); // a frame of 120 ms at least
              requestAnimationFrame(() => setTimeout(resolve, 100));
            }))"""
        )
        assert [ms for _, ms in page.evaluate("window.__frames") if ms >= 120], page.evaluate(
            "window.__frames"
        )
    finally:
        context.close()
