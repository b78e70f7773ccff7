"""A table's shared screen (the host page, a laptop or TV) shows the whole table on one 1280x800 screen."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from .conftest import READY_TIMEOUT_MS, opened

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("game", ["futures", "mercator"])
def test_the_shared_screen_fits_1280_by_800_without_scrolling(
    browser: Browser, relay_site: str, game: str
) -> None:
    problems: list[str] = []
    host = opened(
        browser,
        f"{relay_site}table/?create=1&game={game}&players=4&seats=human,human,bot,bot&pace=0",
        problems,
    )
    host.set_viewport_size({"width": 1280, "height": 800})
    host.wait_for_selector("[data-join]", state="attached", timeout=READY_TIMEOUT_MS)
    host.wait_for_selector(".tt-aside .tt-lobby")  # the join link and seats beside the board
    assert host.evaluate("document.documentElement.scrollHeight") <= 800
    players = host.locator(".tt-main table").last  # the money table, in view
    box = players.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 800
    assert problems == []
