"""Value Scale in the browser: a solo game to the end in each auction mode, clicking actions and steppers."""

from __future__ import annotations

import random

from playwright.sync_api import Page, expect

from .conftest import PageGuard, wait_ready
from .test_futures_play import FAST, click_one, game_over

CLICKABLE = "#board [data-action], #board [data-select]"  # the steppers too, so bids and payments vary


def play_solo(page: Page, seed: int, max_clicks: int = 3000) -> set[str]:
    """Click random actions and steppers until the game is over; return the kinds of action offered."""
    rng = random.Random(seed)
    offered: set[str] = set()
    clicks = 0
    while not game_over(page):
        assert clicks < max_clicks, "the game did not end"
        actions = page.locator("#board [data-action]").evaluate_all("els => els.map(e => e.dataset.action)")
        offered.update(a.split(":")[0] for a in actions)
        # A payment composed to the wrong sum has no action: only then is a stepper the sole way on.
        selector = CLICKABLE if actions else "#board [data-select]"
        if click_one(page, selector, rng):
            clicks += 1
        else:
            page.wait_for_timeout(20)  # bots are moving
    return offered


def test_a_solo_open_auction_game_against_appraiser_and_planner_bots_to_the_end(
    page: Page, page_guard: PageGuard
) -> None:
    page.goto(f"play/?game=value_scale&players=4&seats=human,bot:2,bot:3,bot:2&seed=5&{FAST}")
    wait_ready(page)
    expect(page.locator(".tt-status")).to_contain_text("Auction")
    seen = play_solo(page, 1)
    assert {"offer", "start", "bid", "drop"} <= seen and "seal" not in seen
    expect(page.locator(".tt-result")).to_be_visible()
    assert page.locator(".tt-log-lines li").count() > 5
    page_guard.assert_clean()


def test_a_solo_sealed_bid_game_to_the_end(page: Page, page_guard: PageGuard) -> None:
    page.goto(f"play/?game=value_scale&players=3&seats=human,bot:2,bot:3&seed=8&mode=sealed&{FAST}")
    wait_ready(page)
    assert "&mode=sealed" in page.url
    expect(page.locator(".tt-status")).to_contain_text("Sealed bids")
    seen = play_solo(page, 3)
    assert {"offer", "seal"} <= seen and not {"start", "bid", "drop"} & seen
    expect(page.locator(".tt-result")).to_be_visible()
    page_guard.assert_clean()


def test_phone_portrait_fits_the_width_and_every_action_is_reachable(
    page: Page, page_guard: PageGuard
) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"play/?game=value_scale&seats=human,bot,bot&seed=4&{FAST}&lang=ja&mode=sealed")
    wait_ready(page)
    rng = random.Random(5)
    for _ in range(10):
        page.wait_for_function("document.querySelector('#board [data-action]') !== null")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        boxes = page.evaluate(
            "[...document.querySelectorAll('#board [data-action], #board [data-select]')]"
            ".map(e => e.getBoundingClientRect()).map(r => [r.left, r.right, r.width, r.height])"
        )
        assert boxes and all(
            left >= 0 and right <= 390 and w >= 40 and h >= 40 for left, right, w, h in boxes
        )
        click_one(page, "#board [data-action]", rng)
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    expect(page.locator(".tt-status")).to_contain_text("入札")
    page_guard.assert_clean()
