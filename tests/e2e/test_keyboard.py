"""Games played by keyboard alone (Tab to a move, Enter to play it) and what a screen reader is given."""

from __future__ import annotations

import random
from typing import Any

from playwright.sync_api import Page, ViewportSize, expect

import build

from .conftest import FAST, PageGuard, game_over, settle, wait_ready

# axe-core, the accessibility checker, for the tests only (never shipped): pinned as build.NPM_PACKAGES are
AXE = (
    "axe-core",
    "4.14.1",
    "sha512-FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASyFNNtuFooJpZe37OgudVGtQ==",
)

DESKTOP: ViewportSize = {"width": 1280, "height": 800}
FOCUSED_ACTION = (
    "document.activeElement?.closest('#board') ? document.activeElement.dataset.action ?? null : null"
)


def tab_to(page: Page, action: str, most: int = 200) -> int:
    """Press Tab until the move `action` has the focus; return the presses (0: it went from the board)."""
    for presses in range(1, most + 1):
        page.keyboard.press("Tab")
        if page.evaluate(FOCUSED_ACTION) == action:
            return presses
    return 0


def play_by_keyboard(page: Page, seed: int) -> list[str]:
    """Play random legal moves by Tab and Enter only until the game is over; return the moves played."""
    rng = random.Random(seed)
    played: list[str] = []
    while not game_over(page):
        assert len(played) < 400, "the game did not end"
        actions = page.locator("#board [data-action]:not([disabled])").evaluate_all(
            "els => els.map(e => e.dataset.action)"
        )
        if not actions:
            page.wait_for_timeout(20)  # bots are moving
            continue
        want = rng.choice(actions)
        if tab_to(page, want) and page.evaluate(FOCUSED_ACTION) == want:
            page.keyboard.press("Enter")
            settle(page)
            played.append(want)
    return played


def test_futures_is_played_to_the_end_by_keyboard_alone_market_slots_included(
    page: Page, page_guard: PageGuard
) -> None:
    page.set_viewport_size(DESKTOP)
    page.goto(f"play/?game=futures&players=3&seats=human,bot,bot&seed=5&{FAST}")
    wait_ready(page)
    played = play_by_keyboard(page, 1)
    assert {"place", "reveal", "trade"} <= {a.split(":")[0] for a in played}
    expect(page.locator("html")).to_have_attribute("data-game-over", "1")
    expect(page.locator(".tt-result")).to_be_visible()
    page_guard.assert_clean()


def test_virus_money_is_played_to_the_end_by_keyboard_alone(page: Page, page_guard: PageGuard) -> None:
    page.set_viewport_size(DESKTOP)
    page.goto(f"play/?game=virus_money&players=3&seats=human,bot,bot&seed=4&{FAST}")
    wait_ready(page)
    assert len(play_by_keyboard(page, 2)) > 5
    expect(page.locator("html")).to_have_attribute("data-game-over", "1")
    page_guard.assert_clean()


def test_futures_moves_in_svg_are_named_buttons_and_a_drawing_is_no_string_of_tab_stops(
    page: Page, page_guard: PageGuard
) -> None:
    page.set_viewport_size(DESKTOP)
    page.goto(f"play/?game=futures&players=4&seats=human,bot,bot,bot&seed=7&{FAST}")
    wait_ready(page)
    page.wait_for_function("document.querySelector('#board [data-action^=\"place:\"]') !== null")
    slots = page.locator("#board svg [data-action]")
    assert slots.count() > 0
    for slot in slots.all():
        assert slot.get_attribute("tabindex") == "0" and slot.get_attribute("role") == "button"
        assert slot.get_attribute("aria-label")
    expect(page.locator("#board svg.tt-market")).to_have_attribute("role", "group")
    assert page.locator("#board svg [tabindex]:not([data-action])").count() == 0
    # From the page's top, the first hand card is a few presses away (not one per ladder square).
    page.evaluate("document.activeElement?.blur()")
    presses = 0
    while not page.evaluate("document.activeElement?.matches('.tt-hand [data-select]')"):
        assert presses < 25, "the hand is far from the page's top by Tab"
        page.keyboard.press("Tab")
        presses += 1
    page_guard.assert_clean()


def test_the_page_has_a_heading_a_named_sheet_a_focusable_log_and_tells_others_moves(
    page: Page, page_guard: PageGuard
) -> None:
    page.goto("play/?game=mercator&players=3&seats=human,bot,bot&seed=2&pace=100")
    wait_ready(page)
    expect(page.locator("h1")).to_have_count(1)
    expect(page.locator("h1")).to_contain_text("Mercator")
    log = page.locator("[data-log]")
    expect(log).to_have_attribute("tabindex", "0")
    expect(log).to_have_attribute("aria-label", "What happened")
    page.locator("[data-help]").first.click()
    sheet = page.locator("dialog#sheet")
    expect(sheet).to_be_visible()
    title = sheet.get_attribute("aria-labelledby")
    assert title and page.locator(f"#{title}").inner_text()
    page.keyboard.press("Escape")
    announced = page.locator("[data-announce]")
    expect(announced).to_have_attribute("aria-live", "polite")
    expect(announced).not_to_be_empty(timeout=20_000)  # a bot's move, told without a tap
    page_guard.assert_clean()


def axe_violations(page: Page) -> list[Any]:
    """Return what axe-core finds wrong with the page as it is: each rule's id, impact and first element."""
    page.add_script_tag(path=build.unpacked(build.npm_tarball(*AXE)) / "axe.min.js")
    found: list[Any] = page.evaluate(
        "async () => (await axe.run(document)).violations.map((v) => [v.id, v.impact, v.nodes[0].target])"
    )
    return found


def test_axe_finds_nothing_on_the_play_page_at_the_start_with_the_rules_open_and_at_the_end(
    page: Page, page_guard: PageGuard
) -> None:
    page.set_viewport_size(DESKTOP)
    page.goto(f"play/?game=futures&players=3&seats=human,bot,bot&seed=5&{FAST}")
    wait_ready(page)
    assert axe_violations(page) == []
    page.locator("[data-help]").first.click()
    expect(page.locator("dialog#sheet")).to_be_visible()
    assert axe_violations(page) == []
    page.keyboard.press("Escape")
    page.goto(f"play/?game=futures&players=3&seats=bot,bot,bot&seed=5&{FAST}")
    expect(page.locator("html")).to_have_attribute("data-game-over", "1", timeout=120_000)
    assert axe_violations(page) == []
    page_guard.assert_clean()
