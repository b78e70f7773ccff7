"""Stock Trader in the browser: whole solo games against bots, played by clicking `[data-action]` only."""

from __future__ import annotations

import random

from playwright.sync_api import Error, Page, expect

from .conftest import PageGuard, wait_ready

FAST = "pace=0"


def game_over(page: Page) -> bool:
    """Return whether the page says the game is over."""
    return page.evaluate("document.documentElement.dataset.gameOver === '1'")


def click_one(page: Page, selector: str, rng: random.Random) -> bool:
    """Click a random element matching `selector`; return False if there was none or it went stale."""
    found = page.locator(selector)
    n = found.count()
    if n == 0:
        return False
    try:
        found.nth(rng.randrange(n)).click(timeout=3000)
    except Error:
        return False  # the board was repainted by a bot's move meanwhile
    return True


def play_to_the_end(page: Page, seed: int, max_clicks: int = 1500) -> int:
    """Click random legal actions (selecting hand cards now and then) until the game is over."""
    rng = random.Random(seed)
    clicks = 0
    while not game_over(page):
        assert clicks < max_clicks, "the game did not end"
        if rng.random() < 0.3:
            click_one(page, "#board [data-select]", rng)
        if not click_one(page, "#board [data-action]", rng):
            page.wait_for_timeout(20)  # bots are moving
            continue
        clicks += 1
    return clicks


def test_four_players_one_person_and_three_bots_to_the_game_over_panel(
    page: Page, page_guard: PageGuard
) -> None:
    page.goto(f"play/?game=stock_trader&players=4&seats=human,bot,bot,bot&seed=7&{FAST}")
    wait_ready(page)
    expect(page.locator(".tt-status")).to_contain_text("Pile I")
    expect(page.locator("svg.tt-sheet")).to_be_visible()
    expect(page.locator(".tt-stock")).to_have_count(69)
    assert play_to_the_end(page, 1) > 10
    expect(page.locator(".tt-result")).to_be_visible()
    expect(page.locator(".tt-status")).to_contain_text("Game over")
    assert page.locator(".tt-log-lines li").count() > 0
    page_guard.assert_clean()


def test_three_players_in_japanese_on_a_phone_to_the_end(page: Page, page_guard: PageGuard) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"play/?game=stock_trader&players=3&seats=human,bot,bot:1&seed=3&lang=ja&{FAST}")
    wait_ready(page)
    expect(page.locator(".tt-stock")).to_have_count(46)
    expect(page.locator(".tt-status")).to_contain_text("山札I")
    page.wait_for_function("document.querySelector('#board [data-action]') !== null")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    play_to_the_end(page, 2)
    expect(page.locator(".tt-result")).to_be_visible()
    expect(page.locator(".tt-status")).to_contain_text("ゲーム終了")
    page_guard.assert_clean()
