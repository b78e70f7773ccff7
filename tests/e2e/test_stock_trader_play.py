"""Stock Trader in the browser: whole solo games against bots, played by clicking `[data-action]` only."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .conftest import FAST, PHONE, PageGuard, assert_fits_phone, play_to_the_end, wait_ready


def test_four_players_one_person_and_three_bots_to_the_game_over_panel(
    page: Page, page_guard: PageGuard
) -> None:
    page.goto(f"play/?game=stock_trader&players=4&seats=human,bot,bot,bot&seed=7&{FAST}")
    wait_ready(page)
    expect(page.locator(".tt-status")).to_contain_text("Pile I")
    expect(page.locator("svg.tt-sheet")).to_be_visible()
    expect(page.locator(".tt-stock")).to_have_count(69)
    assert play_to_the_end(page, 1, select=0.3).clicks > 10
    expect(page.locator(".tt-result")).to_be_visible()
    expect(page.locator(".tt-status")).to_contain_text("Game over")
    assert page.locator(".tt-log-lines li").count() > 0
    page_guard.assert_clean()


def test_three_players_in_japanese_on_a_phone_to_the_end(page: Page, page_guard: PageGuard) -> None:
    page.set_viewport_size(PHONE)
    page.goto(f"play/?game=stock_trader&players=3&seats=human,bot,bot:1&seed=3&lang=ja&{FAST}")
    wait_ready(page)
    expect(page.locator(".tt-stock")).to_have_count(46)
    expect(page.locator(".tt-status")).to_contain_text("山札I")
    page.wait_for_function("document.querySelector('#board [data-action]') !== null")
    assert_fits_phone(page)
    play_to_the_end(page, 2, select=0.3)
    expect(page.locator(".tt-result")).to_be_visible()
    expect(page.locator(".tt-status")).to_contain_text("ゲーム終了")
    page_guard.assert_clean()
