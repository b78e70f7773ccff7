"""Futures! in the browser: whole games played by clicking `[data-action]` elements only."""

from __future__ import annotations

import random
import re

from playwright.sync_api import Page, expect

from .conftest import (
    BLOCK_STORAGE,
    FAST,
    PHONE,
    PageGuard,
    assert_fits_phone,
    board_html,
    click_one,
    play_to_the_end,
    settle,
    wait_ready,
)


def test_four_players_one_person_and_three_bots_to_the_game_over_panel(
    page: Page, page_guard: PageGuard
) -> None:
    page.goto(f"play/?game=futures&players=4&seats=human,bot,bot,bot&seed=7&{FAST}")
    wait_ready(page)
    expect(page.locator(".tt-status")).to_contain_text("Round 1/8")
    assert play_to_the_end(page, 1).clicks > 8
    expect(page.locator(".tt-result")).to_be_visible()
    expect(page.locator(".tt-status")).to_contain_text("Round 8/8")
    assert page.locator(".tt-log-lines li").count() > 0
    page_guard.assert_clean()


def test_three_players_with_the_npc_to_the_end(page: Page, page_guard: PageGuard) -> None:
    page.goto(f"play/?game=futures&players=3&seats=human,bot,bot:1&seed=3&{FAST}")
    wait_ready(page)
    expect(page.locator(".tt-npc")).to_have_count(1)
    expect(page.locator(".tt-log-lines")).to_contain_text("The NPC covers slot 1")
    play_to_the_end(page, 2)
    expect(page.locator(".tt-status")).to_contain_text("Round 9/9")
    expect(page.locator(".tt-result")).to_be_visible()
    page_guard.assert_clean()


def test_hot_seat_three_people_hide_the_hand_while_the_device_is_passed(
    page: Page, page_guard: PageGuard
) -> None:
    page.goto(f"play/?game=futures&seats=human,human,human&seed=11&{FAST}")
    wait_ready(page)
    seen = []

    def check_hidden(p: Page) -> None:
        expect(p.locator(".tt-handover")).to_be_visible()
        assert p.locator(".tt-hand, [data-select], [data-action]").count() == 0
        seen.append(p.locator(".tt-handover h2").inner_text())

    play_to_the_end(page, 3, on_handover=check_hidden)
    assert len(seen) >= 27 and any("Blue" in s for s in seen)
    expect(page.locator(".tt-result")).to_be_visible()
    page_guard.assert_clean()


def test_reload_resumes_the_same_game_and_undo_takes_a_move_back(page: Page, page_guard: PageGuard) -> None:
    page.goto(f"play/?game=futures&seats=human,bot,bot,bot&seed=21&{FAST}")
    wait_ready(page)
    rng = random.Random(4)
    for _ in range(6):
        page.wait_for_function("document.querySelector('#board [data-action]') !== null")
        click_one(page, "#board [data-action]", rng)
    page.wait_for_function("document.querySelector('#board [data-action]') !== null")
    before = board_html(page)
    page.reload()
    wait_ready(page)
    page.wait_for_function("document.querySelector('#board [data-action]') !== null")
    assert board_html(page) == before
    place = "#board [data-action^='place:']"
    while page.locator(place).count() == 0:  # on to the person's next face-down card, which shows nothing
        click_one(page, "#board [data-action]", rng)
        page.wait_for_function("document.querySelector('#board [data-action]') !== null")
    before = board_html(page)
    click_one(page, place, rng)
    page.locator("[data-undo]").click()
    settle(page)  # the board is repainted when Python has answered
    assert board_html(page) == before
    click_one(page, place, rng)
    page.locator("#board [data-action='pass']").click()  # ends the turn: once the bots have played, no undo
    page.wait_for_function("document.querySelector('#board [data-action]') !== null")
    expect(page.locator("[data-undo]")).to_have_count(0)
    page_guard.assert_clean()


def test_a_browser_that_refuses_storage_plays_on_unsaved_and_says_so(
    page: Page, page_guard: PageGuard
) -> None:
    page.add_init_script(BLOCK_STORAGE)
    page.goto(f"play/?game=futures&seats=human,bot,bot,bot&seed=21&{FAST}")
    wait_ready(page)
    expect(page.locator(".tt-notice")).to_have_text(re.compile("reload starts afresh"))
    assert play_to_the_end(page, 2).clicks > 10
    expect(page.locator(".tt-notice")).to_have_count(1)
    page_guard.assert_clean()


def test_a_saved_game_that_cannot_be_resumed_is_said_and_a_new_one_starts(
    page: Page, page_guard: PageGuard
) -> None:
    page.goto(f"play/?game=futures&players=3&seats=human,bot,bot&seed=5&{FAST}")
    wait_ready(page)
    broken = '{"format": "trading-table-record/1", "game": "futures"}'  # as after a change to the rules
    page.evaluate(
        """(broken) => Object.keys(localStorage).filter((k) => k.startsWith("trading-table:game=futures"))
             .forEach((k) => localStorage.setItem(k, broken))""",
        broken,
    )
    page.reload()
    wait_ready(page)
    expect(page.locator(".tt-notice")).to_contain_text("The saved game could not be resumed (")
    expect(page.locator("html")).not_to_have_attribute("data-failed", "1")  # a notice, not a failure
    expect(page.locator('[role="alert"]')).to_be_hidden()
    expect(page.locator("#board [data-action]").first).to_be_visible()
    page_guard.assert_clean()


def test_phone_portrait_fits_the_width_and_every_action_is_reachable(
    page: Page, page_guard: PageGuard
) -> None:
    page.set_viewport_size(PHONE)
    page.goto(f"play/?game=futures&seats=human,bot,bot,bot&seed=5&{FAST}&lang=ja")
    wait_ready(page)
    rng = random.Random(5)
    for _ in range(12):
        page.wait_for_function("document.querySelector('#board [data-action]') !== null")
        assert_fits_phone(page)
        click_one(page, "#board [data-action]", rng)
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    expect(page.locator(".tt-status")).to_contain_text("ラウンド")
    expect(page).to_have_title("Futures!・Trading Table")  # the tab's parts are separated the Japanese way
    page_guard.assert_clean()


def test_a_bad_link_says_what_is_wrong_and_offers_the_game_with_its_usual_settings(
    page: Page, page_guard: PageGuard
) -> None:
    page_guard.expect_errors()
    page.goto("play/?game=futures&players=9&lang=ja")
    expect(page.locator('[role="alert"]')).to_contain_text(
        "players must be a whole number from 3 to 4", timeout=120_000
    )
    expect(page.locator("[data-loading-text]")).to_have_text("問題が起きました：")
    expect(page.locator("[data-bad-link] h2")).to_have_text("このリンクではゲームを始められません")
    expect(page.locator(".loading .tt-tip")).to_be_hidden()  # the preview's "tap to learn" went with it
    page.locator(".loading [data-help]").click()  # the rules are still there
    expect(page.locator("#sheet [data-sheet-body] h2").first).to_be_visible()
    page.keyboard.press("Escape")
    page.get_by_role("link", name="Futures!をふつうの設定で遊ぶ").click()
    wait_ready(page)
    assert "players=4" in page.url and "lang=ja" in page.url
    expect(page.locator("#board [data-action]").first).to_be_visible()
    page.goto("play/?game=chess")
    expect(page.locator("[data-bad-link]")).to_contain_text("This link cannot start a game", timeout=120_000)
    expect(page.locator("[data-bad-link] a")).to_have_attribute("href", "../")  # no game named: all games
    page.click("[data-lang='ja']")  # the language buttons still work
    expect(page.locator("[data-bad-link] h2")).to_have_text("このリンクではゲームを始められません")
    assert "lang=ja" in page.url
    page_guard.assert_clean()
