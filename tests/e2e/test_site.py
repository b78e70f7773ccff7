"""The built site in headless Chromium: pages start, stay offline and report errors on the page."""

from __future__ import annotations

import html
import re
import urllib.request
from urllib.parse import urlencode

import pytest
from playwright.sync_api import Page, Route, expect

import build
import pygame_core.games  # noqa: F401  (registers every game)
from pygame_core.catalog import PREVIEW_SEED, first_screen, play_params
from pygame_core.engine import all_games, get_game

from .conftest import PageGuard, settle, wait_ready

pytestmark = pytest.mark.e2e


def fetch_headers(url: str) -> dict[str, str]:
    """Response headers of a GET, lower-cased names."""
    with urllib.request.urlopen(url) as response:
        response.read()
        return {name.lower(): value for name, value in response.headers.items()}


def test_hello_page_starts_python_offline(page: Page, page_guard: PageGuard) -> None:
    page.goto("hello/")
    wait_ready(page)
    assert "log: hello" in page_guard.console
    assert any(url.endswith("pyodide.asm.wasm") for url in page_guard.requests)
    page_guard.assert_clean()


def test_play_page_paints_the_preview_then_the_board_from_the_wheel(
    page: Page, page_guard: PageGuard
) -> None:
    page.goto("play/", wait_until="domcontentloaded")
    expect(page.locator('[role="status"]').first).to_be_visible()  # loading indicator before Python runs
    expect(page.locator("#board.tt-preview .tt-board")).to_have_count(1)  # prerendered at build time
    assert page.locator("#board [data-help]").evaluate("b => b.inert"), "its controls answer nothing"
    assert page.locator("#board").get_attribute("aria-busy") == "true"
    top = page.locator("#board").bounding_box()["y"]
    wait_ready(page)
    expect(page.locator("#board.tt-preview")).to_have_count(0)
    assert not page.locator("#board").evaluate("b => b.inert")
    assert page.locator("#board").get_attribute("aria-busy") is None
    assert page.locator("#board").bounding_box()["y"] == top, "the loading line went without moving the board"
    expect(page.locator("#board [data-action]").first).to_be_visible()
    expect(page).to_have_title("Futures! · Trading Table")  # the tab names the game played
    expect(page.locator(".loading")).to_be_hidden()
    expect(page.locator('[role="alert"]')).to_be_hidden()
    assert any("/wheels/pygame_core-" in url for url in page_guard.requests)
    page_guard.assert_clean()


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", [g.id for g in all_games()])
def test_the_first_paint_is_the_preview_of_the_game_the_link_asks_for_in_its_language(
    page: Page, game: str, lang: str
) -> None:
    page.set_viewport_size({"width": 390, "height": 844})  # one column: the markup as rendered (wider, split)
    page.route("**/wheels/*.whl", lambda route: None)  # hold the engine back: only the preview paints
    page.goto(f"play/?game={game}&lang={lang}", wait_until="domcontentloaded")
    expect(page.locator("#board.tt-preview .tt-board")).to_have_count(1)
    assert page.evaluate("document.documentElement.lang") == lang
    painted = page.locator("#board").evaluate(
        "b => [...b.querySelectorAll('[class]')].map(e => e.getAttribute('class'))"
    )
    preview = first_screen(game, lang, get_game(game).max_players)  # a link that names no count: the most
    assert painted == re.findall(r' class="([^"]*)"', preview)
    assert page.locator("#board").text_content() == html.unescape(re.sub(r"<[^>]*>", "", preview))


BOXES = """() => [...document.querySelectorAll("#board .tt-main > *, #board .tt-aside > *")].map((e) => {
  const box = e.getBoundingClientRect();
  return [e.className, Math.round(box.x), Math.round(box.y), Math.round(box.width)];
})"""


def test_on_a_wide_screen_the_preview_is_laid_out_as_the_board_python_then_paints(page: Page) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    held = []
    page.route("**/assets/worker.mjs", lambda route: held.append(route))  # only the preview, for now
    page.goto(f"play/?{urlencode({**play_params(get_game('futures')), 'seed': PREVIEW_SEED})}")
    expect(page.locator("#board.tt-preview .tt-board.tt-split")).to_have_count(1)  # two columns
    preview = page.evaluate(BOXES)
    held[0].continue_()
    wait_ready(page)
    assert page.evaluate(BOXES)[: len(preview)] == preview  # nothing moved (the hints may come below)


IN_BOARD = "!!document.activeElement.closest('#board')"


@pytest.mark.parametrize("width", [390, 1280])
def test_a_keyboard_player_keeps_their_place_from_move_to_move(
    page: Page, page_guard: PageGuard, width: int
) -> None:
    page.set_viewport_size({"width": width, "height": 844})
    page.goto("play/?game=value_scale&players=3&seats=human,bot,bot&seed=4&pace=0")
    wait_ready(page)
    page.locator("#board [data-action]").first.focus()
    for _ in range(6):  # Enter on the focused move, again and again: the board's first move each time
        page.evaluate("window.ttBefore = document.getElementById('board').innerHTML")
        page.keyboard.press("Enter")
        page.wait_for_function("document.getElementById('board').innerHTML !== window.ttBefore")
        settle(page)
        assert page.evaluate(IN_BOARD), "the focus stays on the board, not on the page's top"
        page.wait_for_function("document.activeElement.matches('#board [data-action]')")
    page.keyboard.press("Tab")
    assert page.evaluate(IN_BOARD), "the next Tab goes on within the board"
    page_guard.assert_clean()


@pytest.mark.parametrize("width", [390, 1280])
def test_while_bots_move_the_next_tab_goes_on_from_the_prompt_not_through_the_public_board(
    page: Page, page_guard: PageGuard, width: int
) -> None:
    page.set_viewport_size({"width": width, "height": 844})
    page.goto("play/?game=stock_trader&players=3&seats=human,bot,bot&seed=9&pace=3000")
    wait_ready(page)
    page.locator("#board [data-action]").first.focus()
    page.keyboard.press("Enter")  # a card played, then a stock bought: the bots' turn
    page.wait_for_function("document.activeElement.matches('#board [data-action^=\"buy:\"]')")
    page.keyboard.press("Enter")
    page.wait_for_function("!document.querySelector('#board [data-action]:not([disabled])')")
    page.wait_for_function("document.activeElement.matches('#board .tt-prompt')")
    page.keyboard.press("Tab")
    after = page.evaluate(
        """() => {
            const prompt = document.querySelector('#board .tt-prompt'), now = document.activeElement;
            return [!!(prompt.compareDocumentPosition(now) & Node.DOCUMENT_POSITION_FOLLOWING),
                    !!now.closest('#board'), !!now.closest('.tt-aside')];
        }"""
    )
    assert after == [True, True, width >= 1024], after  # wide: on in the side column, where the moves come
    page_guard.assert_clean()


def test_an_enter_the_moment_the_new_board_has_the_focus_is_taken(page: Page, page_guard: PageGuard) -> None:
    page.goto("play/?game=stock_trader&players=3&seats=human,bot,bot&seed=9&pace=3000")
    wait_ready(page)
    # The earliest a person can act on a paint: right after the task that painted it (a MutationObserver
    # runs then), on the move the focus landed on. The card's paint puts it on a stock to buy.
    page.evaluate(
        """() => new MutationObserver((changes, observer) => {
            const move = document.activeElement;
            if (!move.matches('#board [data-action^="buy:"]')) return;
            observer.disconnect();
            window.ttBusyThen = document.documentElement.dataset.busy ?? null;
            move.click();
        }).observe(document.getElementById('board'), {childList: true, subtree: true, attributes: true})"""
    )
    page.locator("#board [data-action]").first.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("'ttBusyThen' in window")
    assert page.evaluate("window.ttBusyThen") is None, "the board was painted, but the page still waited"
    page.wait_for_function("!document.querySelector('#board [data-action]:not([disabled])')")  # bought
    page_guard.assert_clean()


def test_index_lists_futures_and_its_form_starts_a_game(page: Page, page_guard: PageGuard) -> None:
    page.goto("./")
    expect(page.locator("#futures h2")).to_contain_text("Futures!")
    expect(page.locator('a[href="./hello/"]')).to_have_count(0)  # no developer links on the home page
    page.locator("#futures summary").click()  # the full setup is behind "Options"
    page.locator('#futures input[name="players"][value="3"]').check()
    expect(page.locator('#futures [data-seat="3"]')).to_be_hidden()
    page.locator('#futures select[aria-label="Seat 2"]').select_option("human")
    page.locator('#futures select[aria-label="Seat 3"]').select_option("bot:1")
    page.locator("#futures button[type=submit]").click()
    page.wait_for_url("**/play/?*")
    assert "seats=human%2Chuman%2Cbot%3A1" in page.url or "seats=human,human,bot:1" in page.url
    wait_ready(page)
    expect(page.locator(".tt-handover")).to_contain_text("Red")
    page_guard.assert_clean()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_each_home_card_offers_bots_one_phone_and_a_table_as_equal_buttons(
    page: Page, page_guard: PageGuard, lang: str
) -> None:
    page.goto(f"./?lang={lang}")
    expect(page.locator("main")).to_have_attribute("lang", lang)
    names = {
        "en": ["Play vs bots", "Pass one phone", "Phones around a table"],
        "ja": ["ボットと遊ぶ", "1台を回して遊ぶ", "各自のスマホで遊ぶ"],
    }
    for game in all_games():
        ways = page.locator(f'main[lang="{lang}"] #{game.id} .tt-ways a')
        expect(ways).to_have_text(names[lang])
        boxes = [way.bounding_box() for way in ways.all()]
        assert len({(round(b["width"]), round(b["height"])) for b in boxes if b}) == 1, boxes  # equal
        bots, phone, table = (way.get_attribute("href") or "" for way in ways.all())
        people = ",".join(["human"] * int(play_params(game)["players"]))
        assert "play/?" in bots and "bot" in bots
        assert "play/?" in phone and f"seats={people}&" in phone
        assert "table/?" in table and f"seats={people}&" in table and table.endswith("&create=1")
    page.locator(f'main[lang="{lang}"] #futures [data-hotseat]').click()
    wait_ready(page)
    expect(page.locator(".tt-handover")).to_be_visible()  # one phone passed: the first person's screen
    page_guard.assert_clean()


def test_the_table_page_offers_to_join_first_and_a_new_table_seats_people(
    page: Page, page_guard: PageGuard
) -> None:
    page.goto("table/")
    wait_ready(page)
    forms = page.locator(".tt-lobby form")
    expect(forms.first.locator('input[name="room"]')).to_be_visible()
    expect(page.locator(".tt-lobby h1")).to_have_text("Join a table")
    seats = page.locator("#futures select[name=seat]")
    assert seats.count() == 4 and all(s.input_value() == "human" for s in seats.all())
    page_guard.assert_clean()


def test_every_game_has_a_form_and_options_reach_the_play_link(page: Page, page_guard: PageGuard) -> None:
    page.goto("./")
    expect(page.locator("#mercator h2")).to_contain_text("Mercator")
    page.locator("#mercator summary").click()
    page.locator('#mercator input[name="players"][value="5"]').check()
    expect(page.locator('#mercator [data-seat="4"]')).to_be_visible()
    expect(page.locator('#mercator [data-seat="5"]')).to_be_hidden()
    page.locator('#mercator input[name="open"]').check()
    page.locator('#mercator select[name="games"]').select_option("2")
    page.locator("#mercator button[type=submit]").click()
    page.wait_for_url("**/play/?*")
    wait_ready(page)
    assert "game=mercator&players=5&" in page.url and "&open=1&games=2" in page.url
    expect(page.locator("#board")).to_contain_text("Game 1/2")
    page_guard.assert_clean()


def test_the_home_page_in_japanese_is_remembered_and_starts_games_in_japanese(
    page: Page, page_guard: PageGuard
) -> None:
    page.goto("./")
    expect(page.locator("main")).to_have_attribute("lang", "en")
    page.locator('button[data-lang="ja"]').click()
    expect(page.locator("main")).to_have_attribute("lang", "ja")
    expect(page.locator("#mercator h2 small")).to_contain_text("3〜7人")
    assert not re.search(r"[。、：] ", page.locator("main").inner_text())  # no space after full-width marks
    expect(page.locator("#value_scale select").first).to_contain_text("鑑定士")  # bots named in Japanese
    page.reload()
    page.locator("#futures summary").click()
    expect(page.locator("#futures button[type=submit]")).to_have_text("開始")
    page.locator("#futures button[type=submit]").click()
    page.wait_for_url("**/play/?*")
    wait_ready(page)
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    expect(page.locator(".tt-status")).to_contain_text("ラウンド")
    page_guard.assert_clean()


def test_python_exception_is_shown_on_the_page(page: Page, page_guard: PageGuard) -> None:
    page_guard.expect_errors()
    page.route(
        "**/play/main.py", lambda route: route.fulfill(body="raise RuntimeError('boom from main.py')\n")
    )
    page.goto("play/")
    alert = page.locator('[role="alert"]')
    expect(alert).to_contain_text("RuntimeError: boom from main.py", timeout=120_000)
    expect(page.locator("html")).to_have_attribute("data-failed", "1")
    page_guard.assert_clean()  # still: no request left the origin


def test_missing_wheel_is_shown_on_the_page(page: Page, page_guard: PageGuard) -> None:
    page_guard.expect_errors()

    def not_found(route: Route) -> None:
        route.fulfill(status=404, body="gone")

    page.route("**/wheels/*.whl", not_found)
    page.goto("play/")
    expect(page.locator('[role="alert"]')).to_contain_text("404", timeout=120_000)
    page_guard.assert_clean()


@pytest.mark.parametrize(
    ("path", "content_type"),
    [
        (f"{build.PYODIDE_DIR}/pyodide.asm.wasm", "application/wasm"),
        (f"{build.PYODIDE_DIR}/pyodide.mjs", "text/javascript"),
        (f"{build.PYSCRIPT_DIR}/core.js", "text/javascript"),
        (f"{build.PYODIDE_DIR}/pyodide-lock.json", "application/json"),
        (f"{build.PYODIDE_DIR}/python_stdlib.zip", "application/zip"),
        ("favicon.svg", "image/svg+xml"),
    ],
)
def test_served_content_types(site: build.DistServer, path: str, content_type: str) -> None:
    assert fetch_headers(site.url + path)["content-type"].split(";")[0] == content_type


def test_wheels_are_served_as_zip(site: build.DistServer) -> None:
    (wheel,) = (build.DIST / build.WHEELS_DIR).glob("pygame_core-*.whl")
    assert fetch_headers(f"{site.url}{build.WHEELS_DIR}/{wheel.name}")["content-type"] == "application/zip"


def test_runtime_is_cached_immutably_and_pages_are_not(site: build.DistServer) -> None:
    runtime = fetch_headers(f"{site.url}{build.PYODIDE_DIR}/pyodide.asm.wasm")
    assert runtime["cache-control"] == "public, max-age=31536000, immutable"
    assert "cache-control" not in fetch_headers(site.url + "play/")


def test_guard_blocks_and_records_outside_requests(page: Page, page_guard: PageGuard) -> None:
    page.goto("./")
    outcome = page.evaluate(
        "fetch('https://cdn.example.invalid/x.js').then(() => 'fetched', () => 'blocked')"
    )
    assert outcome == "blocked"
    assert page_guard.outside == ["https://cdn.example.invalid/x.js"]
    assert any("request left" in problem for problem in page_guard.problems())
    page_guard.outside.clear()  # provoked on purpose
    page_guard.errors.clear()
