"""Following every move and finishing well (issue 14): the last event, the bots' speed, the whole log, a
real end (breakdown, play again, the record, the replay) and a board that uses a wide screen."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from pygame_core.engine import Record, all_games, get_board, replay, screen
from pygame_core.engine.record import from_fragment
from pygame_core.engine.screen import log_groups

from .conftest import (
    DRAWN,
    FAST,
    PHONE,
    SMALL_PHONE,
    PageGuard,
    assert_fits_phone,
    click_one,
    drawn,
    fits_narrow,
    game_over,
    play_to_the_end,
    settle,
    wait_ready,
)

GAMES = [g.id for g in all_games()]


def saved_record(page: Page) -> Record:
    """Return the record the page keeps in the browser."""
    return Record.from_json(
        page.evaluate("Object.values({...localStorage}).find(v => v.includes('trading-table-record'))")
    )


def log_lines(record: Record) -> int:
    """Return how many lines the whole log of a record takes: every event, runs merged by the board."""
    game, state = replay(Record(record.game, record.players, record.seed, record.options))
    events = list(state["events"])
    for player, action in record.actions:
        state = game.apply(state, player, action)
        events.extend(state["events"])
    return sum(len(lines) for _, lines in log_groups(get_board(record.game), events, "en"))


def shown_number(text: str) -> int:
    """Return a whole number as the page shows it (−3, +6, ±0)."""
    return int(text.replace("−", "-").replace("±", ""))


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_then_the_end_the_record_the_replay_and_play_again(
    page: Page, page_guard: PageGuard, game: str, tmp_path
) -> None:
    players = all_games()[GAMES.index(game)].min_players
    seats = ",".join(["human"] + ["bot"] * (players - 1))
    page.goto(f"play/?game={game}&players={players}&seats={seats}&seed=21&{FAST}")
    wait_ready(page)
    seen_bot = False
    rng = random.Random(game)
    while not game_over(page):
        selecting = page.locator("#board [data-select]").count() and rng.random() < 0.3
        if click_one(page, "#board [data-select]" if selecting else "#board [data-action]", rng):
            last, newest, log = page.evaluate(
                "[document.querySelector('[data-last-event]').textContent,"
                " document.querySelector('.tt-log-lines li')?.textContent,"
                " document.querySelector('.tt-log-lines').textContent]"
            )
            assert last == newest
            seen_bot = seen_bot or "(bot)" in log
        else:
            page.wait_for_timeout(20)  # bots are moving
    assert seen_bot
    record = saved_record(page)
    assert page.locator(".tt-log-lines li").count() == log_lines(record)
    # The end: each breakdown sums to the seat's score.
    scores = replay(record)[0].result(replay(record)[1]).scores
    for table in page.locator(".tt-breakdown").all():
        seat = int(table.get_attribute("data-seat"))
        parts = [shown_number(t) for t in table.locator("td + td").all_inner_texts()]
        assert sum(parts) == scores[seat] == shown_number(table.locator("th + th").inner_text())
    # The record downloads and replays in CPython to the same scores.
    with page.expect_download() as download:
        page.locator("[data-record]").click()
    path = tmp_path / "record.json"
    download.value.save_as(path)
    out = subprocess.run(
        [sys.executable, "-m", "pygame_core", "replay", str(path)], capture_output=True, text=True
    )
    assert json.loads(out.stdout)["result"]["scores"] == list(scores)
    # The replay link opens the same game, steps back and forth.
    page.locator("[data-replay-link]").click()
    link = page.locator("[data-replay-href]").get_attribute("href")
    assert from_fragment(link.split("#r=")[1]) == Record.from_json(path.read_text())
    winners = page.locator(".tt-result").get_attribute("data-winners")
    url = page.url
    page.goto(link)
    wait_ready(page)
    expect(page.locator(".tt-result")).to_have_attribute("data-winners", winners)
    controls = page.locator(".tt-aside > *").first  # a wide screen: the steps head the side column
    expect(controls).to_have_class(re.compile(r"\btt-replay-controls\b"))
    page.locator('[data-replay="start"]').click()
    expect(page.locator("[data-replay-at]")).to_have_attribute("data-replay-at", "0")
    page.locator('[data-replay="forward"]').click()
    expect(page.locator("[data-replay-at]")).to_have_attribute("data-replay-at", "1")
    page.locator('[data-replay="forward"]').focus()  # by keyboard: each step keeps the focus where it was
    for at in ("2", "3"):
        settle(page)  # a press while the last one is answered does nothing, as a tap then does
        page.keyboard.press("Enter")
        expect(page.locator("[data-replay-at]")).to_have_attribute("data-replay-at", at)
    page.locator("[data-replay-scrub]").focus()  # the slider goes to any action, by finger or by keys
    for at in ("4", "5"):
        page.keyboard.press("ArrowRight")
        expect(page.locator("[data-replay-at]")).to_have_attribute("data-replay-at", at)
    page.keyboard.press("End")
    expect(page.locator("[data-replay-at]")).to_have_attribute("data-replay-at", str(len(record.actions)))
    page.locator("[data-replay-viewer]").focus()  # over: each seat's view, chosen by keys as well
    for seat in ("0", "1"):
        page.keyboard.press("ArrowDown")
        expect(page.locator("[data-replay-viewer]")).to_have_value(seat)
    lines = page.locator(".tt-log-group li [data-replay-step]")
    line = lines.nth(lines.count() // 2)  # a line halfway down the log
    step = line.get_attribute("data-replay-step")
    assert step and 0 < int(step) < len(record.actions)
    text = line.text_content()
    line.click()  # goes to where that line was complete
    expect(page.locator("[data-replay-at]")).to_have_attribute("data-replay-at", step)
    assert page.evaluate("document.activeElement.textContent") == text  # that line keeps the focus
    first = page.locator(".tt-log-group h3 [data-replay-step]").last  # the log's first chapter heading
    step = first.get_attribute("data-replay-step")
    first.click()  # goes to where that chapter began
    expect(page.locator("[data-replay-at]")).to_have_attribute("data-replay-at", step)
    # The replay page lists the game first among this browser's recent ones, and opens it from there.
    page.goto("replay/")
    wait_ready(page)
    first = page.locator(".tt-recent [data-recent]").first
    assert first.get_attribute("data-recent") == link.split("#r=")[1]
    expect(first).to_contain_text("(You)")
    first.click()
    expect(page.locator(".tt-result")).to_have_attribute("data-winners", winners)
    assert page.url.endswith(link[link.index("#r=") :])  # its own link, and Back comes to the list
    page.go_back()
    expect(page.locator(".tt-result")).to_have_count(0)
    expect(page.locator("#open")).to_be_visible()
    # Play again: the same setup, a new deal.
    page.goto(url)
    wait_ready(page)
    page.locator("[data-play-again]").click()
    page.wait_for_url(re.compile(r"seed=(?!21&)\d+"))
    wait_ready(page)
    assert f"game={game}&players={players}&seats=" in page.url
    assert not game_over(page)
    page_guard.assert_clean()


def test_instant_speed_is_kept_and_bots_do_not_wait(page: Page, page_guard: PageGuard) -> None:
    page.goto("play/?game=virus_money&players=3&seats=bot,bot,bot&seed=4")
    wait_ready(page)
    page.locator("[data-speed]").select_option("instant")
    page.wait_for_function("document.documentElement.dataset.gameOver === '1'", timeout=60_000)
    page.goto("play/?game=futures&players=3&seats=human,bot,bot&seed=4")
    wait_ready(page)
    expect(page.locator("[data-speed]")).to_have_value("instant")
    page_guard.assert_clean()


def test_a_malformed_record_says_why(page: Page, page_guard: PageGuard) -> None:
    page_guard.expect_errors()
    page.add_init_script(  # what data-ready was when the page was first marked failed
        """new MutationObserver(() => { const d = document.documentElement.dataset;
             if (d.failed && window.readyAtFailure === undefined) window.readyAtFailure = d.ready ?? null; })
           .observe(document, {attributes: true, subtree: true, attributeFilter: ["data-failed"]});"""
    )
    page.goto("replay/#r=not-a-record")
    wait_ready(page)
    page.wait_for_function("window.readyAtFailure !== undefined")
    assert page.evaluate("window.readyAtFailure") == "1", "the page is ready before it says the record is bad"
    alert = page.locator('[role="alert"]')
    expect(alert).to_contain_text("the link was cut short when it was copied. (the link does not hold a")
    page.locator("[data-record-text]").fill('{"format": "trading-table-record/1", "game": "futures"}')
    page.locator("#open button[type=submit]").click()
    expect(alert).to_contain_text("This record could not be opened. (")
    expect(alert).to_contain_text("'players'")  # the reason as `replay` gives it, plain text
    page.goto("replay/?lang=ja#r=not-a-record")
    expect(alert).to_contain_text("このリンクの記録を開けませんでした。", timeout=120_000)
    record = screen.TEXTS["ja"]["record"]  # the form says where a record comes from: the end's own button
    expect(page.locator("[data-text='about']")).to_contain_text(f"ゲームの終わりの「{record}」と")


@pytest.mark.parametrize("game", GAMES)
def test_a_wide_screen_shows_the_whole_turn_and_a_phone_never_scrolls_sideways(page: Page, game: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"play/?game={game}&players=3&seats=human,bot,bot&seed=8&{FAST}")
    wait_ready(page)
    mine = "#board [data-action], #board [data-select]"
    page.wait_for_function(f"document.querySelector('{mine}') !== null", timeout=60_000)
    assert page.locator("[data-last-event]").bounding_box()["y"] < 800
    tops = page.locator(mine).evaluate_all("els => els.map(e => e.getBoundingClientRect().top)")
    assert max(tops) < 800, "the hand and the actions are all in the first screen"
    page.set_viewport_size(PHONE)
    page.reload()
    wait_ready(page)
    assert_fits_phone(page)


@pytest.mark.parametrize("game", GAMES)
def test_a_small_phone_never_scrolls_sideways_from_the_deal_to_the_result(page: Page, game: str) -> None:
    players = all_games()[GAMES.index(game)].max_players  # the most rows and columns
    seats = ",".join(["human"] + ["bot"] * (players - 1))
    page.set_viewport_size(SMALL_PHONE)
    page.goto(f"play/?game={game}&players={players}&seats={seats}&seed=5&{FAST}&lang=ja")
    wait_ready(page)
    assert play_to_the_end(page, 1, select=0.3, each=fits_narrow).clicks > 5
    fits_narrow(page)


LEAVES = "els => els.filter(e => !e.children.length).map(e => e.classList.contains('tt-changed'))"


@pytest.mark.parametrize("game", GAMES)
def test_a_move_marks_what_it_changed_and_not_the_rest(page: Page, game: str) -> None:
    page.goto(f"play/?game={game}&players=3&seats=human,bot,bot&seed=8&pace=2000")  # bots wait 2 s
    wait_ready(page)
    page.locator("#board [data-action]").first.click()
    settle(page)
    drawn(page)
    marked = page.locator("#board .tt-board *").evaluate_all(LEAVES)
    assert 0 < sum(marked) <= len(marked) // 4, f"{sum(marked)} of {len(marked)} leaves marked as changed"
    # The next move (yours again, or a bot's: it may open a round), compared with the board as the last
    # paint left it: some leaves marked, not most.
    page.evaluate("window.ttBefore = document.querySelector('#board .tt-board').innerHTML")
    if page.locator("#board [data-action]:not([disabled])").count():
        page.locator("#board [data-action]:not([disabled])").first.click()
    page.wait_for_function("document.querySelector('#board .tt-board').innerHTML !== window.ttBefore")
    settle(page)
    drawn(page)
    marked = page.locator("#board .tt-board *").evaluate_all(LEAVES)
    assert 0 < sum(marked) <= len(marked) // 2, f"next: {sum(marked)} of {len(marked)} leaves marked"


# The last markup Python painted, and the board as a paint that built it anew would show it: the paint's own
# additions (a tabindex on explained things, a hint's rank, the marks of what changed) taken out of both.
KEEP_LAST_PAINT = """addEventListener("DOMContentLoaded", () => {
  const paint = TradingTable.paint;
  TradingTable.paint = (box, html, made) => { window.ttLast = html; paint(box, html, made); };
});"""
SAME_AS_NEW = """box => {
  const fresh = document.createElement("div");
  fresh.innerHTML = window.ttLast;
  const shown = box.cloneNode(true);
  for (const el of [...fresh.querySelectorAll("*"), ...shown.querySelectorAll("*")]) {
    el.removeAttribute("tabindex");
    el.removeAttribute("data-hint-rank");
    el.classList.remove("tt-changed", "tt-anew");
    if (el.getAttribute("class") === "") el.removeAttribute("class");
  }
  if (shown.querySelector(".tt-split")) {  // a wide screen's two columns: the same leaves, in their columns
    const leaves = (el) => [...el.querySelectorAll("*")].filter((e) => !e.children.length);
    const [a, b] = [shown, fresh].map((el) => leaves(el).map((leaf) => leaf.outerHTML).sort());
    return (a.length === b.length && a.every((leaf, i) => leaf === b[i])) || [a.join(""), b.join("")];
  }
  return shown.innerHTML === fresh.innerHTML || [shown.innerHTML, fresh.innerHTML];
}"""


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("width", [PHONE["width"], 1280])
def test_a_paint_changes_only_what_changed_and_leaves_the_board_a_new_one_would_be(
    page: Page, game: str, width: int
) -> None:
    page.set_viewport_size({"width": width, "height": 800})
    page.add_init_script(KEEP_LAST_PAINT)
    page.goto(f"play/?game={game}&players=3&seats=human,bot,bot&seed=4&{FAST}")
    wait_ready(page)
    page.evaluate("window.ttKept = document.querySelector('#board .tt-board')")
    rng = random.Random(4)
    for _ in range(8):
        if not click_one(page, "#board [data-action]:not([disabled]), #board [data-select]", rng):
            break
        settle(page)
        assert page.locator("#board").evaluate(SAME_AS_NEW) is True
        assert page.locator("#board .tt-main").count() == (width >= 1024)
    assert page.evaluate("window.ttKept.isConnected"), "the board is changed in place, not built anew"


def in_a_box(page: Page, script: str) -> Any:
    """Open a play page and run `script`, an async function's body, with `box`: a new element to paint, and
    `drawn()`: the marks of what a paint changed are on (play.js marks it once the paint's frame is drawn)."""
    page.goto("play/?game=futures&players=3&seats=human,bot,bot&seed=4&pace=2000")
    wait_ready(page)
    box = "const box = document.createElement('div'); document.body.append(box);"
    return page.evaluate(f"async () => {{ {box} {DRAWN} {script} }}")


def test_a_thing_changed_again_flashes_from_the_start_while_its_flash_runs_or_after_it(page: Page) -> None:
    ages = in_a_box(
        page,
        """
          const board = (n) => `<div class="tt-board"><p>stays</p><p>${n}</p></div>`;
          const age = () => box.querySelector("p + p").getAnimations().map((flash) => flash.currentTime);
          const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
          TradingTable.paint(box, board(1));
          TradingTable.paint(box, board(2));
          await wait(600);
          const before = age();
          TradingTable.paint(box, board(3));
          const waits = age();  // a paint's marks wait for its frame
          await drawn();
          const again = age();
          await wait(2000);
          const over = age();
          TradingTable.paint(box, board(4));
          await drawn();
          return [before, waits, again, over, age(), box.querySelector("p").getAnimations().length];
        """,
    )
    (before,), waits, (again,), over, (anew,), unchanged = ages
    assert before >= 500 and waits == [] and again < 100, ages
    assert over == [] and anew < 100, ages
    assert unchanged == 0


def test_a_figure_or_label_in_a_picture_flashes_its_colour_not_a_stroke_that_hides_it(page: Page) -> None:
    flashes = in_a_box(
        page,
        """
          const board = (n) => `<div class="tt-board"><svg viewBox="0 0 90 30"><rect width="${n}" height="9"/>
            <text y="20">${n}</text><text y="29"><tspan>Green ${n}C</tspan></text></svg></div>`;
          TradingTable.paint(box, board(6));
          TradingTable.paint(box, board(8));
          await drawn();
          const flash = (el) => el.getAnimations().map((a) => a.animationName);
          return ["rect", "text", "tspan"].map((name) => flash(box.querySelector(name)));
        """,
    )
    assert flashes == [["tt-flash-svg"], ["tt-flash-fill"], ["tt-flash-fill"]], flashes


def test_a_line_put_on_top_of_a_list_is_one_node_put_in_the_rest_untouched(page: Page) -> None:
    changes = in_a_box(
        page,
        """
          const list = (lines) => lines.map((line) => `<li>${line}</li>`).join("");
          const board = (...lines) => `<div class="tt-board"><ol>${list(lines)}</ol></div>`;
          TradingTable.paint(box, board("b", "a"));
          const kept = [...box.querySelectorAll("li")];
          const seen = [];
          const watch = new MutationObserver((records) => seen.push(...records));
          watch.observe(box, { childList: true, subtree: true, characterData: true, attributes: true });
          TradingTable.paint(box, board("c", "b", "a"));
          await drawn();
          const lines = [...box.querySelectorAll("li")];
          const what = (r) => [r.type, r.addedNodes.length, r.removedNodes.length, r.attributeName];
          const top = (r) => [...what(r), r.target === lines[0]];
          const same = kept.every((li, i) => li === lines[i + 1]);
          return [seen.map(top), lines.map((li) => li.textContent), same];
        """,
    )
    seen, lines, kept = changes
    # The new line put in, then marked as new: nothing else.
    assert seen == [["childList", 1, 0, None, False], ["attributes", 0, 0, "class", True]], seen
    assert lines == ["c", "b", "a"] and kept


def test_a_thing_put_in_or_taken_out_among_others_leaves_them_as_they_are(page: Page) -> None:
    seen = in_a_box(
        page,
        """
          const banner = '<div class="tt-banner" data-banner="1">News</div>';
          const item = ([card, n]) => `<li data-card="${card}" title="${card}">${n}</li>`;
          const list = (cards) => Object.entries(cards).map(item).join("");
          const board = (top, cards) => `${top}<div class="tt-board"><ul>${list(cards)}</ul></div>`;
          const seen = [];
          const watch = new MutationObserver((records) => seen.push(...records));
          const paint = async (top, cards) => {
            watch.observe(box, { childList: true, subtree: true, attributes: true });
            TradingTable.paint(box, board(top, cards));
            await drawn();
            const what = (r) => [r.type, r.target === box ? "box" : r.target.dataset.card, r.attributeName];
            const done = [...seen.splice(0), ...watch.takeRecords()].map(what);
            const flashing = [...box.querySelectorAll(".tt-changed")].map((el) => el.dataset.card);
            return [done, flashing];
          };
          await paint("", { a: 1, b: 1, c: 1 });
          const [shown, a, b, c] = box.querySelectorAll(".tt-board, li");
          const came = await paint(banner, { a: 1, b: 2, c: 1 });
          const went = await paint("", { a: 1, c: 1 });
          const kept = [shown, a, c].every((el) => el.isConnected) && !b.isConnected;
          await paint("", { a: 2, c: 1 });
          const after = await paint("", { a: 2, c: 2 });
          return [came, went, kept, after];
        """,
    )
    came, went, kept, after = seen
    # A banner put in above the board is one node put in, and what changed on the board flashes: the board is
    # not made the banner and built anew after it (which flashed nothing).
    assert came == [[["childList", "box", None], ["attributes", "b", "class"]], ["b"]], came
    # It goes again and a card taken out of the middle goes with its node; the one after it stays its own.
    assert ["childList", "box", None] in went[0] and went[1] == [] and kept, went
    # A thing that flashed, the same at the next paint, only loses its mark (not every attribute set anew).
    assert {tuple(r) for r in after[0]} == {("attributes", "a", "class"), ("attributes", "c", "class")}, after
    assert after[1] == ["c"], after
