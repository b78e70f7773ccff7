"""Virus Money in the browser: whole three-round games played by clicking `[data-action]` elements only."""

from __future__ import annotations

import random

from playwright.sync_api import Page, expect

from .conftest import FAST, PHONE, PageGuard, assert_fits_phone, click_one, play_to_the_end, wait_ready


def test_four_players_one_person_and_three_bots_play_three_rounds_to_the_result(
    page: Page, page_guard: PageGuard
) -> None:
    page.goto(f"play/?game=virus_money&players=4&seats=human,bot,bot,bot&seed=7&{FAST}")
    wait_ready(page)
    expect(page.locator(".tt-status")).to_contain_text("Round 1/3")
    expect(page.locator(".tt-vm-role")).to_have_count(1)
    assert play_to_the_end(page, 1).clicks > 10
    expect(page.locator(".tt-result")).to_be_visible()
    expect(page.locator(".tt-status")).to_contain_text("Round 3/3")
    expect(page.locator(".tt-vm-reveal tr[data-round]")).to_have_count(3)
    expect(page.locator(".tt-log-lines")).to_contain_text("Over:")
    page_guard.assert_clean()


def test_three_players_on_a_phone_in_japanese_fit_the_width_to_the_end(
    page: Page, page_guard: PageGuard
) -> None:
    page.set_viewport_size(PHONE)
    page.goto(f"play/?game=virus_money&players=3&seats=human,bot,bot:1&seed=3&{FAST}&lang=ja")
    wait_ready(page)
    expect(page.locator(".tt-status")).to_contain_text("ラウンド")
    rng = random.Random(5)
    for _ in range(15):
        page.wait_for_function("document.querySelector('#board [data-action]') !== null")
        assert_fits_phone(page)
        click_one(page, "#board [data-action]", rng)
    play_to_the_end(page, 6)
    expect(page.locator(".tt-result")).to_be_visible()
    page_guard.assert_clean()
