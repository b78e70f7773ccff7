"""Learning a game on the site (issue 13): the rules sheet over the board, explanations on tap, hints,
the rules pages and a home page that fits a phone."""

from __future__ import annotations

import json
import re
from urllib.parse import urlencode
from urllib.request import urlopen

import pytest
from playwright.sync_api import Page, expect

from pygame_core.catalog import PREVIEW_SEED, play_params
from pygame_core.engine import Record, all_games, get_game, replay
from pygame_core.engine.howto import rules_html

from .conftest import FAST, PHONE, PageGuard, board_html, settle, wait_ready

GAMES = [g.id for g in all_games()]


def first_heading(game: str, lang: str) -> str:
    """Return the text of the first section heading of a game's rules."""
    return re.search(r"<h2>(.*?)</h2>", rules_html(game, lang))[1]


def bots_link(game: str, seats: str = "human,bot,bot", extra: str = FAST) -> str:
    """Return a play link with three seats."""
    return f"play/?game={game}&players={seats.count(',') + 1}&seats={seats}&seed=5&{extra}"


@pytest.mark.parametrize("game", GAMES)
def test_rules_explanations_and_a_hint_without_losing_anything(
    page: Page, page_guard: PageGuard, game: str
) -> None:
    page.goto(bots_link(game))
    wait_ready(page)
    page.wait_for_function("document.querySelector('#board [data-hint]') !== null")
    selectable = page.locator("#board [data-select]")
    if selectable.count():
        selectable.first.click()
        settle(page)
    before = board_html(page)
    # The rules, over the board, in English then Japanese; closing changes nothing.
    page.locator("[data-help]").click()
    sheet = page.locator("dialog#sheet")
    expect(sheet).to_be_visible()
    expect(sheet).to_have_attribute("role", "dialog")
    expect(sheet).to_contain_text(first_heading(game, "en"))
    page.keyboard.press("Escape")
    expect(sheet).to_be_hidden()
    assert board_html(page) == before
    # Explanations: at least five kinds of thing, through the "i" mode.
    keys = page.locator("#board [data-explain]").evaluate_all(
        "els => [...new Set(els.map(e => e.dataset.explain))]"
    )
    assert len(keys) >= 5, keys
    page.locator("[data-explain-mode]").click()
    for key in keys[:5]:
        page.locator(f'#board [data-explain="{key}"]').first.dispatch_event("click")
        expect(sheet).to_be_visible()
        assert sheet.inner_text().strip() not in ("", "✕", key)
        page.mouse.click(2, 2)  # a tap outside the sheet closes it
        expect(sheet).to_be_hidden()
    page.locator("[data-explain-mode]").click()
    assert board_html(page) == before
    # A hint: three legal actions, none played.
    saved = page.evaluate("Object.values({...localStorage}).find(v => v.includes('trading-table-record'))")
    record = Record.from_json(saved)
    game_rules, state = replay(record)
    legal = game_rules.legal_actions(state, 0)
    page.locator("[data-hint]").click()
    hinted = page.locator("[data-hint-action]")
    expect(hinted.first).to_be_visible(timeout=60_000)
    items = hinted.evaluate_all("els => els.map(e => [e.dataset.hintAction, e.dataset.hintSelect ?? null])")
    actions = [action for action, _ in items]
    assert len(actions) == min(3, len(legal)) and set(actions) <= set(legal)
    # Each is marked where it is played (or at the choice that brings up its control), with its rank (a
    # choice two moves share, the better); the first (or, with no mark, the list) is in view.
    for rank, (action, choice) in enumerate(items, 1):
        marked = f'#board [data-select="{choice}"]' if choice else f'#board [data-action="{action}"]'
        ranks = page.locator(marked).evaluate_all("els => els.map(e => Number(e.dataset.hintRank))")
        assert all(0 < mark <= rank for mark in ranks) and (ranks or not choice)
    first = page.locator('#board [data-hint-rank="1"]')
    expect(first.first if first.count() else page.locator("#board .tt-hints")).to_be_in_viewport()
    # A badge sits within its control's width, so the edge of a column never cuts it off.
    rights = page.locator("#board [data-hint-rank]:not(svg *)").evaluate_all(
        "els => els.map(e => parseFloat(getComputedStyle(e, '::after').right))"
    )
    assert all(right >= 0 for right in rights), rights
    assert (
        json.loads(
            page.evaluate("Object.values({...localStorage}).find(v => v.includes('trading-table-record'))")
        )["actions"]
        == json.loads(saved)["actions"]
    )
    # The same sheet in Japanese.
    page.locator('button[data-lang="ja"]').click()
    page.locator("[data-help]").click()
    expect(sheet).to_contain_text(first_heading(game, "ja"))
    page.keyboard.press("Escape")
    page_guard.assert_clean()


def test_a_hint_on_a_phone_marks_its_moves_where_the_person_is_looking(
    page: Page, page_guard: PageGuard
) -> None:
    page.set_viewport_size(PHONE)
    page.goto(bots_link("value_scale", "human,bot,bot,bot").replace("seed=5", "seed=4"))
    wait_ready(page)
    page.locator("[data-hint]").click()
    first = page.locator('#board [data-hint-rank="1"]')
    expect(first).to_have_count(1, timeout=60_000)
    action = page.locator("[data-hint-action]").first.get_attribute("data-hint-action")
    assert first.get_attribute("data-action") == action and action.startswith("offer:")
    expect(first).to_be_in_viewport()  # the dealer's offers, under the prompt
    page_guard.assert_clean()


IN_VIEW = "el => { const r = el.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight; }"


def test_on_a_phone_a_hint_step_brings_the_next_mark_into_view(page: Page, page_guard: PageGuard) -> None:
    page.set_viewport_size(PHONE)
    page.goto(bots_link("stock_trader", extra="pace=0").replace("seed=5", "seed=4"))
    wait_ready(page)
    page.locator("[data-hint]").click()
    card = page.locator('#board [data-hint-rank="1"]')
    expect(card).to_have_attribute("data-select", "confusion", timeout=60_000)  # its moves: not yet drawn
    card.evaluate("el => scrollTo(0, scrollY + el.getBoundingClientRect().top - 10)")  # the card at the top
    card.click()
    settle(page)
    move = page.locator('#board [data-hint-rank="1"]')
    assert move.get_attribute("data-action") == page.locator("[data-hint-action]").first.get_attribute(
        "data-hint-action"
    )
    assert move.evaluate(IN_VIEW), "the move the card brought up, above the cards, came into view"
    page_guard.assert_clean()


def test_a_paint_that_leaves_the_hint_as_it_was_leaves_the_page_where_it_is(
    page: Page, page_guard: PageGuard
) -> None:
    page.set_viewport_size(PHONE)
    page.goto(bots_link("mercator", extra="pace=0"))
    wait_ready(page)
    for _ in range(3):  # the first move each time: the sealed bids open, in a banner
        page.locator("#board [data-action]:not([disabled])").first.click()
        settle(page)
        page.wait_for_function("!document.querySelector('#board .tt-thinking')")
    page.locator("[data-hint]").click()
    expect(page.locator('#board [data-hint-rank="1"]')).to_have_count(1, timeout=60_000)
    hints = page.locator("#board .tt-hints")
    hints.scroll_into_view_if_needed()  # reading the list, far below the marked move on a phone
    assert not page.locator('#board [data-hint-rank="1"]').evaluate(IN_VIEW)
    page.locator("#board [data-banner] [data-dismiss]").evaluate("el => el.click()")  # as its timer does
    expect(page.locator("#board [data-banner]")).to_have_count(0)
    settle(page)
    assert hints.evaluate(IN_VIEW), "the page stayed on the list"
    page_guard.assert_clean()


def test_a_long_press_explains_an_action_without_playing_it_and_enter_explains_too(
    page: Page, page_guard: PageGuard
) -> None:
    page.goto(bots_link("futures"))
    wait_ready(page)
    target = page.locator("#board [data-action][data-explain], #board [data-select][data-explain]").first
    before = board_html(page)
    box = target.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.wait_for_timeout(800)
    page.mouse.up()
    sheet = page.locator("dialog#sheet")
    expect(sheet).to_be_visible()
    page.keyboard.press("Escape")
    assert board_html(page) == before
    quiet = page.locator("#board [data-explain][tabindex='0']").first
    quiet.focus()
    page.keyboard.press("Enter")
    expect(sheet).to_be_visible()
    page_guard.assert_clean()


def test_bots_wait_while_the_rules_are_open_and_hot_seat_stays_hidden(
    page: Page, page_guard: PageGuard
) -> None:
    page.goto("play/?game=mercator&players=3&seats=bot,bot,bot&seed=2&pace=300")
    wait_ready(page)
    page.locator("[data-help]").click()
    expect(page.locator("#sheet")).to_be_visible()  # the rules come from Python, in the worker
    line = page.locator("[data-last-event]").inner_text()
    page.wait_for_timeout(2000)
    assert page.locator("[data-last-event]").inner_text() == line
    page.keyboard.press("Escape")
    expect(page.locator("[data-last-event]")).not_to_have_text(line, timeout=20_000)
    page.goto(f"play/?game=futures&seats=human,human,human&seed=11&{FAST}")
    wait_ready(page)
    expect(page.locator(".tt-handover")).to_be_visible()
    page.locator("[data-help]").click()
    page.keyboard.press("Escape")
    expect(page.locator(".tt-handover")).to_be_visible()
    expect(page.locator(".tt-hand")).to_have_count(0)
    page_guard.assert_clean()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_rules_open_while_python_starts_and_the_bots_wait_for_them(
    page: Page, page_guard: PageGuard, lang: str
) -> None:
    held = []
    page.route("**/assets/worker.mjs", lambda route: held.append(route))  # Python waits for the rules
    page.goto(f"play/?game=value_scale&players=3&seats=bot,bot,bot&seed=2&pace=300&lang={lang}")
    help_button = page.locator(".loading [data-help]")
    expect(help_button).to_have_text(page.locator("#board [data-help]").inner_text())  # the page's language
    help_button.click()
    sheet = page.locator("#sheet [data-sheet-body]")
    expect(sheet.locator("h2").first).to_have_text(first_heading("value_scale", lang))
    early = sheet.inner_html()
    held[0].continue_()
    page.wait_for_function("document.documentElement.dataset.ready === '1'", timeout=120_000)
    expect(page.locator(".loading")).to_be_hidden()
    line = page.locator("[data-last-event]").inner_text()
    page.wait_for_timeout(2000)  # the sheet opened before Python was up, and still the bots wait for it
    assert page.locator("[data-last-event]").inner_text() == line
    page.keyboard.press("Escape")
    expect(page.locator("[data-last-event]")).not_to_have_text(line, timeout=20_000)
    page.locator("#board [data-help]").click()
    expect(sheet.locator("h2").first).to_be_visible()
    assert sheet.inner_html() == early  # Python's own rules sheet: the same text
    page_guard.assert_clean()


@pytest.mark.parametrize(
    ("game", "lang", "players"), [("futures", "en", 0), ("stock_trader", "ja", 0), ("futures", "ja", 3)]
)
def test_the_preview_explains_what_is_on_it_while_python_starts_as_python_then_does(
    page: Page, page_guard: PageGuard, game: str, lang: str, players: int
) -> None:
    held = []
    page.route("**/assets/worker.mjs", lambda route: held.append(route))  # Python waits
    params = {**play_params(get_game(game), players), "seed": PREVIEW_SEED, "lang": lang}
    page.goto(f"play/?{urlencode(params)}")  # the home page's link, at the seed the preview was dealt with
    expect(page.locator(".loading .tt-tip")).to_be_visible()
    preview = page.locator("#board.tt-preview")
    if players:  # another count than the page holds: its own preview, fetched
        expect(preview.locator("[data-seat]")).to_have_count(players)
    card = preview.locator("[data-select][data-explain], [data-action][data-explain]").first  # one to play
    key = card.get_attribute("data-explain")
    card.click()
    sheet = page.locator("#sheet [data-sheet-body]")
    expect(sheet.locator("p").first).to_be_visible()
    early = sheet.inner_html()
    assert preview.locator("[data-help]").evaluate("e => e.inert")  # its other controls answer nothing
    assert page.evaluate("document.documentElement.dataset.ready") is None  # nothing was played
    held[0].continue_()
    wait_ready(page)  # the sheet opened on the preview is still open, so the bots wait for it
    shown = """async (key) => {
      const box = document.createElement("div");
      box.innerHTML = await TradingTable.explain(key);
      return box.innerHTML;
    }"""
    assert page.evaluate(shown, key) == early  # Python's explanation, as the sheet would show it
    page_guard.assert_clean()


def test_rules_pages_exist_in_both_languages_and_every_home_link_resolves(site, page: Page) -> None:
    for game in GAMES:
        for lang, sub in (("en", ""), ("ja", "ja/")):
            html = urlopen(f"{site.url}rules/{game}/{sub}").read().decode()
            assert f'lang="{lang}"' in html and first_heading(game, lang) in html
            name = get_game(game).name  # the tab says it in the page's language
            title = f"How to play {name} · " if lang == "en" else f"{name}の遊び方・"
            assert re.search("<title>(.*?)</title>", html)[1] == title + "Trading Table"
    for lang in ("en", "ja"):
        page.goto(f"./?lang={lang}")
        links = page.locator("main a[href]").evaluate_all("els => els.map(a => a.href)")
        assert len(links) >= 3 * len(GAMES)
        for link in {link.split("#")[0] for link in links}:
            assert urlopen(link).status == 200, link


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_nothing_scrolls_sideways_at_360_px(page: Page, lang: str) -> None:
    page.set_viewport_size({"width": 360, "height": 780})
    for path in ["./", "table/", *(f"rules/{g}/{'ja/' if lang == 'ja' else ''}" for g in GAMES)]:
        page.goto(f"{path}?lang={lang}")
        page.wait_for_load_state("networkidle")
        page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")  # every option
        assert page.evaluate("document.documentElement.scrollWidth") <= 360, path
    for game in GAMES:
        page.goto(bots_link(game, extra=f"{FAST}&lang={lang}"))
        wait_ready(page)
        page.wait_for_load_state("networkidle")
        assert page.evaluate("document.documentElement.scrollWidth") <= 360, game


def test_play_vs_bots_is_one_tap_from_the_home_page(page: Page, page_guard: PageGuard) -> None:
    page.goto("./")
    page.locator("#stock_trader [data-play]").click()
    page.wait_for_url("**/play/?*")
    wait_ready(page)
    assert "seats=human%2Cbot" in page.url or "seats=human,bot" in page.url
    expect(page.locator("#board .tt-board")).to_be_visible()
    page_guard.assert_clean()
