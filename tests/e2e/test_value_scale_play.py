"""Value Scale in the browser: a solo game to the end in each auction mode, clicking actions and steppers."""

from __future__ import annotations

import random

from playwright.sync_api import Page, expect

from .conftest import (
    FAST,
    PHONE,
    PageGuard,
    assert_fits_phone,
    click_one,
    game_over,
    play_to_the_end,
    wait_ready,
)


def test_a_solo_open_auction_game_against_appraiser_and_planner_bots_to_the_end(
    page: Page, page_guard: PageGuard
) -> None:
    page.goto(f"play/?game=value_scale&players=4&seats=human,bot:2,bot:3,bot:2&seed=5&{FAST}")
    wait_ready(page)
    expect(page.locator(".tt-status")).to_contain_text("Auction")
    seen = play_to_the_end(page, 1, select=0.5).offered
    assert {"offer", "start", "bid", "drop"} <= seen and "seal" not in seen
    expect(page.locator(".tt-result")).to_be_visible()
    assert page.locator(".tt-log-lines li").count() > 5
    page_guard.assert_clean()


def test_a_solo_sealed_bid_game_to_the_end(page: Page, page_guard: PageGuard) -> None:
    page.goto(f"play/?game=value_scale&players=3&seats=human,bot:2,bot:3&seed=8&mode=sealed&{FAST}")
    wait_ready(page)
    assert "&mode=sealed" in page.url
    expect(page.locator(".tt-status")).to_contain_text("Sealed bids")
    seen = play_to_the_end(page, 3, select=0.5).offered
    assert {"offer", "seal"} <= seen and not {"start", "bid", "drop"} & seen
    expect(page.locator(".tt-result")).to_be_visible()
    page_guard.assert_clean()


def test_phone_portrait_fits_the_width_and_every_action_is_reachable(
    page: Page, page_guard: PageGuard
) -> None:
    page.set_viewport_size(PHONE)
    page.goto(f"play/?game=value_scale&seats=human,bot,bot&seed=4&{FAST}&lang=ja&mode=sealed")
    wait_ready(page)
    rng = random.Random(5)
    for _ in range(10):
        page.wait_for_function("document.querySelector('#board [data-action]') !== null")
        assert_fits_phone(page, touch=40)
        click_one(page, "#board [data-action]", rng)
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    expect(page.locator(".tt-status")).to_contain_text("入札")
    page_guard.assert_clean()


def test_the_coin_pick_up_shows_the_order_and_offers_the_rest_in_one_tap(
    page: Page, page_guard: PageGuard
) -> None:
    page.goto(f"play/?game=value_scale&players=4&seats=human,bot,bot,bot&seed=7&{FAST}")
    wait_ready(page)
    rng = random.Random(2)
    rest = page.locator("#board [data-action='pick:rest']")
    for _ in range(300):
        if rest.count() or game_over(page):
            break
        if not click_one(page, "#board [data-action]:not([data-action^='pick:'])", rng):
            page.wait_for_timeout(20)
    expect(rest).to_contain_text("Take the rest in order")
    expect(page.locator("#board .vs-order")).to_contain_text("Pick order: Red (You)")
    assert page.locator('#board [data-explain="badge:out"]').count() == 0, (
        "the pick order, not who dropped out"
    )
    assert page.locator("#board [data-action^='pick:']").count() >= 3, "and every single coin too"
    purse = page.locator("#board .vs-purse").inner_text()
    rest.click()
    expect(page.locator("#board .vs-purse")).not_to_have_text(purse)
    expect(page.locator("#board [data-action^='pick:']")).to_have_count(0)  # one tap: not asked again
    page_guard.assert_clean()
