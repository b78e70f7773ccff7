"""Peer play: a host in table mode and three guests in separate browser contexts, through the real relay."""

from __future__ import annotations

import contextlib
import json
import random
import re
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Page, Route, expect
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect
from websockets.sync.server import serve

import build
import pygame_core.games  # noqa: F401  (registers every game)
from pygame_core.engine import Record, all_games, get_game
from pygame_core.engine.host import GUEST_TEXTS, Gate, Guest, Host
from pygame_core.engine.howto import rules_html
from pygame_core.engine.record import from_fragment, states
from pygame_core.engine.rooms import fallback_room
from pygame_core.engine.table import Table
from pygame_core.engine.tunnel import HostKeys

from .conftest import (
    BLOCK_STORAGE,
    HOLD_PAINTS,
    PHONE,
    READY_TIMEOUT_MS,
    ROOT,
    SMALL_PHONE,
    click_some,
    fits_narrow,
    opened,
    wait_ready,
)

Check = Callable[[dict[str, Any], int], None]


def futures_secrets_kept(msg: dict[str, Any], seat: int) -> None:
    """Check a Futures! state message shows no other seat's hand or face-down card."""
    view = msg["view"]
    assert len(view["hand"]) == view["hand_sizes"][seat]
    assert {"hands", "deck_cards"}.isdisjoint(view) and "giving" not in json.dumps(msg["log"])
    for slot in view["slots"]:
        assert "card" not in slot or not slot["down"] or slot["by"] == seat


def check_messages(page: Page, seat: int, check: Check = futures_secrets_kept) -> int:
    """Check every message the guest received carries only its own seat's view; return their number."""
    texts = page.evaluate("window.ttReceived.slice()")
    for text in texts:
        msg = json.loads(text)
        if msg["t"] == "state":
            assert msg["seat"] == seat and msg["view"]["viewer"] == seat
            check(msg, seat)
    return len(texts)


def own_views_only(host: Page, guests: list[Page]) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """Check every state message the guests got is exactly its seat's view and choices of the game at that
    version, replayed from the record the host keeps; return each (state, message)."""
    room = host.get_attribute("[data-room]", "data-room")
    saved = json.loads(host.evaluate(f"localStorage.getItem('trading-table-host:{room}')"))
    record = Record.from_json(saved["table"])
    game, replayed = get_game(record.game), [state for _, state in states(record)]
    seen = []
    for guest in guests:
        for text in guest.evaluate("window.ttReceived.slice()"):
            msg = json.loads(text)
            if msg["t"] == "state":
                state = replayed[msg["v"]]
                assert msg["view"] == json.loads(json.dumps(game.view(state, msg["seat"])))
                assert game.unpacked_legal(msg["legal"]) == game.legal_actions(state, msg["seat"])
                seen.append((state, msg))
    return seen


SEALED = re.compile(r"s2\.[A-Za-z0-9_-]+")


def hosted(browser: Browser, relay_site: str, setup: str, problems: list[str]) -> Page:
    """Return a new table's shared screen (`setup`: the link's game, players and seats), once it shows its
    join link."""
    host = opened(browser, f"{relay_site}table/?create=1&{setup}", problems)
    host.wait_for_selector("[data-join]", state="attached", timeout=READY_TIMEOUT_MS)
    return host


def join_link(host: Page) -> str:
    """Return the host's join link (with the table secret in its fragment)."""
    link = host.get_attribute("[data-join]", "href")
    assert link and "#k=" in link and "k=" not in link.split("#")[0]
    return link


def watch_relay(page: Page) -> list[str]:
    """Record every frame a page sends to or gets from the relay (the relay sees no more than these)."""
    frames: list[str] = []

    def on_socket(ws: Any) -> None:
        ws.on("framesent", lambda payload: frames.append(str(payload)))
        ws.on("framereceived", lambda payload: frames.append(str(payload)))

    page.on("websocket", on_socket)
    return frames


def assert_opaque(frames: list[str]) -> None:
    """Every game message and all signalling the relay forwarded is sealed (or a bare handshake)."""
    forwarded = 0
    for frame in frames:
        message = json.loads(frame)
        assert message["type"] != "signal", message  # signalling travels sealed, as `relay` data
        if message["type"] == "relay":
            data, forwarded = message["data"], forwarded + 1
            if not SEALED.fullmatch(data):
                handshake = json.loads(data)
                assert set(handshake) <= {"t", "k", "m", "c"}, handshake
    assert forwarded > 20


def play(
    browser: Browser,
    url: str,
    transport: str,
    disrupt: bool,
    game: str = "futures",
    check: Check = futures_secrets_kept,
    select: float = 0.0,
    narrow: bool = False,
) -> tuple[Page, list[Page]]:
    """Play a whole 4-player game (three phones and a bot) hosted by a table screen; return the pages.
    `narrow`: the last phone is a small one, which never scrolls sideways (checked before every tap)."""
    problems: list[str] = []
    extra = "&transport=relay" if transport == "relay" else ""
    host = opened(
        browser,
        f"{url}table/?create=1&game={game}&players=4&seats=human,human,human,bot:2&pace=0{extra}",
        problems,
    )
    frames = watch_relay(host)
    host.wait_for_selector("[data-room]", timeout=READY_TIMEOUT_MS)
    room = host.get_attribute("[data-room]", "data-room")
    assert host.locator(".tt-qr svg").count() == 1
    link = join_link(host)
    guests = [opened(browser, link.replace("#", f"{extra}#"), problems) for _ in range(3)]
    for guest in guests:
        wait_ready(guest)
    if narrow:
        guests[-1].set_viewport_size(SMALL_PHONE)
    seats = [int(g.evaluate("JSON.parse(window.ttReceived[0]).seat")) for g in guests]
    assert sorted(seats) == [0, 1, 2]
    host.wait_for_function(
        f"document.querySelectorAll('[data-transport=\"{transport}\"]').length === 3",
        timeout=30_000,
    )
    rng = random.Random(7)
    clicks = 0
    while host.evaluate("document.documentElement.dataset.gameOver") != "1":
        assert clicks < 1500, "the game did not end"
        if narrow:
            fits_narrow(guests[-1])
        clicks += click_some(guests, rng, select=select)
        if disrupt and clicks == 20:  # a guest closes its page and comes back to the same seat
            assert check_messages(guests[0], seats[0], check) > 0
            context = guests[0].context
            guests[0].close()
            guests[0] = context.new_page()
            guests[0].goto(f"{url}table/?room={room}{extra}")  # no fragment: the phone kept the secret
            wait_ready(guests[0])
            assert json.loads(guests[0].evaluate("window.ttReceived[0]"))["seat"] == seats[0]
            clicks += 1
        if disrupt and clicks == 50:  # the host reloads; the guests reconnect
            host.reload()
            host.wait_for_selector(f"[data-room='{room}']", timeout=READY_TIMEOUT_MS)
            clicks += 1
        host.wait_for_timeout(30)
    for guest, seat in zip(guests, seats, strict=True):
        guest.wait_for_selector('html[data-game-over="1"]', timeout=30_000)
        assert check_messages(guest, seat, check) > 0
    assert host.locator(".tt-result").count() == 1 and host.locator(".tt-hand").count() == 0
    assert len(own_views_only(host, guests)) > 3
    assert_opaque(frames)
    assert problems == []
    return host, guests


def test_a_whole_game_over_webrtc_data_channels_with_a_guest_rejoining_and_the_host_reloading(
    browser: Browser, relay_site: str
) -> None:
    play(browser, relay_site, "webrtc", disrupt=True)


def last_state(page: Page) -> dict[str, Any]:
    """Return the last state message a guest got."""
    texts = page.evaluate("window.ttReceived.slice()")
    return next(m for m in map(json.loads, reversed(texts)) if m["t"] == "state")


def test_a_whole_game_forced_onto_the_relay_then_its_record_and_a_rematch_at_the_same_table(
    browser: Browser, relay_site: str
) -> None:
    host, guests = play(browser, relay_site, "relay", disrupt=False, narrow=True)
    ended = [last_state(guest) for guest in guests]
    assert "rematch" in guests[0].inner_text("#board")  # the phone is told where a rematch starts
    assert guests[0].locator("[data-rematch]").count() == 0
    with host.expect_download() as download:
        host.locator("[data-record]").click()
    record = Record.from_json(Path(download.value.path()).read_text())
    game, state = get_game(record.game), [s for _, s in states(record)][-1]
    assert game.result(state) is not None and len(record.actions) == ended[0]["v"]
    # The host's browser lists the game among its recent ones, and its replay page opens it.
    shelf = host.context.new_page()
    shelf.goto(host.url.split("table/")[0] + "replay/")
    shelf.wait_for_selector("html[data-ready='1']")
    shelf.locator(".tt-recent [data-recent]").first.click()
    shelf.wait_for_selector(".tt-result")
    assert from_fragment(shelf.locator("[data-recent]").first.get_attribute("data-recent")) == record
    shelf.close()
    guests[0].set_viewport_size(PHONE)
    for page in (host, *guests):  # each screen is scrolled down to its end panel
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    assert guests[0].evaluate("scrollY") > 0
    host.locator("[data-rematch]").click()
    host.wait_for_function("document.documentElement.dataset.gameOver === undefined", timeout=10_000)
    for guest, before in zip(guests, ended, strict=True):  # each phone moved one seat on, in a new deal
        guest.wait_for_function("document.documentElement.dataset.gameOver === undefined", timeout=10_000)
        now = last_state(guest)
        assert now["seat"] == (before["seat"] + 1) % 4 and now["v"] > before["v"]
        assert now["view"]["result"] is None and now["view"]["viewer"] == now["seat"]
        assert guest.evaluate("scrollY") == 0, "the new deal is shown from its top"
    assert host.locator(".tt-end").count() == 0
    versions = [last_state(g)["v"] for g in guests]
    rng, clicks = random.Random(3), 0
    while clicks < 6:  # the new game takes the phones' taps
        clicks += click_some(guests, rng)
        host.wait_for_timeout(50)
    assert max(last_state(g)["v"] for g in guests) > max(versions)


# Every registered game: Futures is played whole above (its secrets checked), Mercator's sealed bids below.
@pytest.mark.parametrize("game", [g.id for g in all_games() if g.id not in ("futures", "mercator")])
def test_every_game_at_a_table_sends_each_phone_only_its_own_seat_s_view_and_fits_a_small_one(
    browser: Browser, relay_site: str, game: str
) -> None:
    play(browser, relay_site, "relay", False, game, lambda msg, seat: None, select=0.3, narrow=True)


def test_the_lobby_creates_a_table_of_any_game_and_a_phone_joins_by_code(
    browser: Browser, relay_site: str
) -> None:
    problems: list[str] = []
    host = opened(browser, f"{relay_site}table/", problems)
    wait_ready(host)
    form = host.locator("#mercator form")
    form.locator('input[name="players"][value="3"]').check()
    form.locator('select[aria-label="Seat 3"]').select_option("bot:2")
    form.locator('input[name="open"]').check()
    form.locator("button[type=submit]").click()
    host.wait_for_selector("[data-room]", timeout=READY_TIMEOUT_MS)
    room = host.get_attribute("[data-room]", "data-room")
    assert host.locator(".tt-seat-list li").count() == 3
    phone = opened(browser, f"{relay_site}table/", problems)
    wait_ready(phone)
    phone.fill('input[name="room"]', room)
    phone.locator(".tt-lobby form:not([data-setup]) button").click()
    # The code alone: the host lets the phone in once the check codes on both screens match.
    phone.wait_for_selector("[data-check]", timeout=READY_TIMEOUT_MS)
    code = phone.get_attribute("[data-check]", "data-check")
    host.wait_for_selector(f"[data-asking='{code}'] [data-admit]").click()
    phone.wait_for_selector("#board [data-action]", timeout=READY_TIMEOUT_MS)
    state = json.loads(phone.evaluate("window.ttReceived[window.ttReceived.length - 1]"))
    assert state["game"] == "mercator" and state["view"]["open"] is True and state["seat"] == 0
    assert problems == []


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_phone_joining_by_the_link_can_read_the_games_rules_while_python_starts(
    browser: Browser, relay_site: str, lang: str
) -> None:
    problems: list[str] = []
    host = hosted(browser, relay_site, "game=mercator&players=3&seats=human,bot,bot", problems)
    query, secret = join_link(host).split("#")
    assert "game=mercator" in query  # the link names the game, so the phone knows it before Python does
    phone = browser.new_context().new_page()
    phone.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    held = []
    phone.route("**/assets/worker.mjs", lambda route: held.append(route))  # Python waits
    phone.goto(f"{query}&lang={lang}#{secret}")
    phone.locator(".loading [data-help]").click()
    heading = re.search(r"<h2>(.*?)</h2>", rules_html("mercator", lang))[1]
    expect(phone.locator("#sheet [data-sheet-body] h2").first).to_have_text(heading)
    phone.keyboard.press("Escape")
    held[0].continue_()
    wait_ready(phone)
    expect(phone.locator("[data-help]")).to_have_count(1)  # the board's own, once the phone is in
    assert problems == []


def test_the_shared_screen_puts_the_board_first_once_every_seat_has_its_phone(
    browser: Browser, relay_site: str
) -> None:
    problems: list[str] = []
    host = hosted(browser, relay_site, "game=value_scale&players=3&seats=human,human,bot&pace=0", problems)
    join = host.locator("[data-join]")
    expect(join).to_be_visible()  # seats wait for phones: the link and QR code show
    host.set_viewport_size(SMALL_PHONE)  # a phone as the shared screen: the link wraps
    assert host.evaluate("document.documentElement.scrollWidth") <= SMALL_PHONE["width"]
    host.set_viewport_size({"width": 1280, "height": 800})
    first, second = (opened(browser, join_link(host), problems) for _ in range(2))
    for phone in (first, second):
        wait_ready(phone)
        expect(phone.locator("#board")).to_contain_text("(You)")  # each phone names its own seat
        expect(phone.locator("[data-needs-network]")).to_be_hidden()  # at the table: no need to say it
    expect(join).to_be_hidden()
    board = host.locator(".tt-board")
    expect(board).to_be_visible()  # the host's paint after the last join may still be on its way
    assert board.bounding_box()["y"] < 300  # the board is on the first screen
    host.locator(".tt-lobby summary").click()  # opened by hand, it stays open as the game goes on
    expect(join).to_be_visible()
    moves, rng = host.locator("[data-log] li"), random.Random(2)
    shown = moves.count()
    while moves.count() <= shown + 2:
        click_some([first, second], rng, "#board [data-action], #board [data-select]")
        host.wait_for_timeout(100)
    expect(join).to_be_visible()
    host.locator(".tt-lobby summary").click()
    expect(join).to_be_hidden()
    second.context.close()  # a phone is gone: its seat needs a phone, so the link shows again by itself
    expect(join).to_be_visible(timeout=20_000)
    first.context.set_offline(True)  # offline, a phone says that the table needs the network
    expect(first.locator("[data-needs-network]")).to_be_visible()
    first.context.set_offline(False)
    assert problems == []


def test_tabs_name_the_game_and_a_phone_buzzes_and_says_so_when_its_seat_comes_to_act(
    browser: Browser, relay_site: str
) -> None:
    problems: list[str] = []
    host = hosted(
        browser, relay_site, "game=value_scale&players=3&seats=human,human,bot&pace=0&seed=4", problems
    )  # seed 4: Blue's first move after any offer is a bid
    buzz = "navigator.vibrate = () => ((window.ttBuzzes = (window.ttBuzzes || 0) + 1), true);"
    link = join_link(host).replace("#", "&lang=ja#")  # the second phone reads Japanese
    phones = [opened(browser, url, problems, init_script=buzz) for url in (join_link(host), link)]
    for phone in phones:
        wait_ready(phone)
    seats = [json.loads(phone.evaluate("window.ttReceived[0]"))["seat"] for phone in phones]
    dealer, other = (phones[seats.index(0)], phones[seats.index(1)])  # Red deals first

    def titled(phone: Page, turn: bool) -> None:
        """The phone's tab names the game and the table, after "Your turn" when its seat is to act."""
        if phone is phones[1]:
            title = ("あなたの番・" if turn else "") + "Value Scale・テーブル・Trading Table"
        else:
            title = ("Your turn · " if turn else "") + "Value Scale · Table · Trading Table"
        expect(phone).to_have_title(title)

    titled(dealer, True)
    titled(other, False)
    expect(host).to_have_title(re.compile(r"^Value Scale · Table [A-Z0-9]+ · Trading Table$"))
    assert dealer.evaluate("window.ttBuzzes") is None  # no tap on it yet: a browser lets no page buzz then
    other.mouse.click(1, 1)  # a tap anywhere lets the page buzz from then on
    dealer.locator("#board [data-action^='offer:']").first.click()
    dealer.locator("#board [data-action='start:1']").click()  # Blue bids first
    titled(other, True)
    titled(dealer, False)
    assert other.evaluate("window.ttBuzzes") == 1
    other.locator("#board [data-action^='bid:']").first.click()  # then the bot, then Red again
    titled(dealer, True)
    assert dealer.evaluate("window.ttBuzzes") == 1
    assert other.evaluate("window.ttBuzzes") == 1  # once a turn
    assert problems == []


def red_and_blue(
    browser: Browser, relay_site: str, problems: list[str], open_red: Callable[[str], Page]
) -> tuple[Page, Page, Page]:
    """Return a Mercator table's shared screen and the phones of Red, who starts, and Blue (a bot is third);
    `open_red` opens Red's phone at the join link."""
    host = hosted(browser, relay_site, "game=mercator&players=3&seats=human,human,bot&pace=0", problems)
    link = join_link(host)
    red = open_red(link)
    wait_ready(red)  # seated before Blue opens the link: on a slow machine Blue's join could come first
    blue = opened(browser, link, problems)
    wait_ready(blue)
    assert json.loads(red.evaluate("window.ttReceived[0]"))["seat"] == 0  # the first in: Red, who starts
    return host, red, blue


def test_a_phone_reloaded_shows_its_board_at_once_and_a_tap_on_it_counts_as_the_host_judges_it(
    browser: Browser, relay_site: str
) -> None:
    problems: list[str] = []

    def open_red(link: str) -> Page:
        red = browser.new_context(service_workers="block").new_page()  # its worker script is held below
        red.on("pageerror", lambda e: problems.append(f"page error: {e}"))
        red.goto(link)
        return red

    host, red, blue = red_and_blue(browser, relay_site, problems, open_red)
    held: list[Route] = []
    red.route(
        "**/assets/worker.mjs", lambda route: held.append(route)
    )  # Python waits while the kept board is shown

    def reload_red() -> None:
        red.reload()
        expect(red.locator("html")).to_have_attribute("data-quick", "1")
        assert red.evaluate("document.documentElement.dataset.ready") == "1"
        expect(red.locator(".tt-reconnecting")).to_be_visible()
        while not held:
            red.wait_for_timeout(50)

    reload_red()
    red.locator("#board [data-action='auction']").click()
    held.pop().continue_()
    expect(red.locator(".tt-reconnecting")).to_be_hidden()
    expect(red.locator("#board [data-action='bid:0']")).to_be_visible()  # the tap played: the auction is on
    reload_red()
    blue.locator("#board [data-action='bid:0']").click()  # Blue's secret bid while Red reconnects
    expect(blue.locator("#board [data-action^='bid:']")).to_have_count(0)
    red.locator("#board [data-action='bid:0']").click()  # on the board as it was: the same choices as now
    held.pop().continue_()
    expect(red.locator(".tt-reconnecting")).to_be_hidden()
    expect(host.locator("[data-log]")).to_contain_text("Bids open")  # every bid in: Red's was taken
    expect(red.locator("#board [data-action^='bid:']")).to_have_count(0)
    assert problems == []


# Whether a kept message carries a message from the host of type `t` (python.js's `received` op, for tests).
HELD = """(t) => window.ttHold.some((event) => JSON.parse(event.data).some(
  (op) => op.op === "received" && op.text !== null && JSON.parse(op.text).t === t))"""


def test_a_tap_on_a_board_a_newer_one_is_on_its_way_to_counts_as_made_on_the_board_it_was_made_on(
    browser: Browser, relay_site: str
) -> None:
    problems: list[str] = []
    _, red, _ = red_and_blue(
        browser, relay_site, problems, lambda link: opened(browser, link, problems, HOLD_PAINTS)
    )
    heard = red.evaluate("window.ttHold = []; window.ttReceived.length")
    red.locator("#board [data-action='auction']").click()  # Red's choices are bids from then on
    # The host's new state has reached Red's Python, which has drawn it; the page still shows the last board.
    red.wait_for_function(HELD, arg="state")
    expect(red.locator("html")).not_to_have_attribute("data-busy", "1")
    red.locator("#board [data-action='turn']").click()  # a second tap, on that board
    red.wait_for_function(HELD, arg="error")
    red.evaluate("window.ttRelease(); window.ttHold = null")
    # The kept messages run in order, each paint a frame after its board is made: the answer comes after them.
    red.wait_for_function(f"window.ttReceived.slice({heard}).some((text) => JSON.parse(text).t === 'error')")
    answers = [json.loads(t) for t in red.evaluate(f"window.ttReceived.slice({heard})")]
    errors = [m for m in answers if m["t"] == "error"]
    assert len(errors) == 1 and errors[0].get("stale") is True, answers  # judged on its board: refused
    expect(red.locator("#board [role=alert]")).to_have_text(GUEST_TEXTS["en"]["stale"])
    assert problems == []


def test_a_table_and_a_phone_that_refuse_storage_play_on_unsaved(browser: Browser, relay_site: str) -> None:
    problems: list[str] = []
    host = opened(
        browser, f"{relay_site}table/?create=1&players=3&seats=human,bot,bot&pace=0", problems, BLOCK_STORAGE
    )
    host.wait_for_selector("[data-room]", timeout=READY_TIMEOUT_MS)
    phone = opened(browser, join_link(host), problems, BLOCK_STORAGE)
    rng = random.Random(3)
    for _ in range(5):
        phone.wait_for_selector("#board [data-action]", timeout=READY_TIMEOUT_MS)
        click_some([phone], rng)
        phone.wait_for_timeout(200)
    phone.wait_for_selector("#board [data-action]", timeout=30_000)
    assert phone.evaluate("window.ttReceived.length") > 5
    for page in (host, phone):
        assert page.locator(".tt-notice").count() == 1
    assert problems == []


def test_the_host_hands_a_gone_phone_seat_to_a_bot_and_another_seat_to_a_new_phone(
    browser: Browser, relay_site: str
) -> None:
    problems: list[str] = []
    host = opened(browser, f"{relay_site}table/?create=1&players=3&seats=human,human,bot:2&pace=0", problems)
    host.wait_for_selector("[data-room]", timeout=READY_TIMEOUT_MS)
    link = join_link(host)
    first, second = (opened(browser, link, problems) for _ in range(2))
    for phone in (first, second):
        wait_ready(phone)
    seat_of = {id(p): json.loads(p.evaluate("window.ttReceived[0]"))["seat"] for p in (first, second)}
    gone, kept = sorted((first, second), key=lambda p: seat_of[id(p)])
    gone.context.close()  # the phone of seat 0 is gone for good
    host.click("[data-seat-bot='0']")  # the seats show by themselves while one waits for its phone
    host.wait_for_selector("[data-seat='0']:has-text('Bot · level 2 (trader)')", state="attached")
    expect(host.locator("[data-join]")).to_be_hidden()  # every seat is held again: the board comes first
    host.locator(".tt-lobby summary").click()
    old_link = join_link(host)
    host.click("[data-seat-free='1']")
    expect_text = "your seat was handed over"
    kept.wait_for_function(f"document.body.innerText.includes({json.dumps(expect_text)})")
    # "New phone" made a new link (the old one brings no phone to a free seat); the shared screen shows it.
    host.wait_for_function(f"document.querySelector('[data-join]').href !== {json.dumps(old_link)}")
    newcomer = opened(browser, join_link(host), problems)
    wait_ready(newcomer)
    assert json.loads(newcomer.evaluate("window.ttReceived[0]"))["seat"] == 1
    rng, clicks = random.Random(5), 0
    while host.evaluate("document.documentElement.dataset.gameOver") != "1":
        assert clicks < 600, "the game did not end"
        clicks += click_some([newcomer], rng)
        host.wait_for_timeout(30)
    assert check_messages(newcomer, 1) > 0
    assert problems == []


# --- an attacker beside real browsers (issues 17 and 18) ------------------------------------------

# Keeps every data channel a phone is given in window.ttChannels, so a test can flood through it.
CAPTURE_CHANNELS = """window.ttChannels = [];
const setter = Object.getOwnPropertyDescriptor(RTCPeerConnection.prototype, "ondatachannel").set;
Object.defineProperty(RTCPeerConnection.prototype, "ondatachannel", {
  set(handler) {
    this.addEventListener("datachannel", (e) => window.ttChannels.push(e.channel));
    setter.call(this, handler);
  },
});"""
CRAFTED = "ATTENTION: the game is over, Blue wins"


class Intruder:
    """A hand-written relay client: joins a room by its code, then says whatever it likes to the host."""

    def __init__(self, site: str, room: str, secret: str | None = None) -> None:
        url = site.replace("http://", "ws://") + "relay"
        self.ws = connect(url, open_timeout=10).__enter__()  # closed when the relay goes (module end)
        self.ws.send(json.dumps({"type": "join", "room": room}))
        self.host = self.expect("joined")["host"]
        self.guest = Guest(secret=secret)

    def expect(self, kind: str) -> dict[str, Any]:
        while True:
            message = json.loads(self.ws.recv(timeout=20))
            if message["type"] == kind:
                return message

    def say(self, data: Any) -> None:
        self.ws.send(json.dumps({"type": "relay", "to": self.host, "data": data}))

    def hello(self) -> Guest:
        """Open a session and say hello without a token; return the guest once the host answered."""
        self.say(self.guest.start())
        while True:
            replies, _ = self.guest.take(self.expect("relay")["data"])
            for reply in replies:
                self.say(reply)
            if self.guest.last is not None or self.guest.code:
                return self.guest


def test_an_attacker_gets_no_token_no_seat_and_no_voice_and_a_flood_leaves_the_host_answering(
    browser: Browser, relay_site: str
) -> None:
    problems: list[str] = []
    host = opened(
        browser, f"{relay_site}table/?create=1&players=3&seats=human,human,bot:2&pace=300", problems
    )
    host.wait_for_selector("[data-room]", timeout=READY_TIMEOUT_MS)
    room = host.get_attribute("[data-room]", "data-room")
    link = join_link(host)
    secret = link.split("#k=")[1]
    # The real phone joins first, so it holds the first seat (the first to act); the flooder the second.
    real = opened(browser, link, problems, CAPTURE_CHANNELS)
    wait_ready(real)
    flooder = opened(browser, link, problems, CAPTURE_CHANNELS)
    wait_ready(flooder)
    host.wait_for_function(
        "document.querySelectorAll('[data-transport=\"webrtc\"]').length === 2", timeout=30_000
    )

    # A link naming another relay: refused before any socket opens, so the seat token goes nowhere.
    sockets: list[str] = []
    evil = real.context.new_page()
    evil.on("websocket", lambda ws: sockets.append(ws.url))
    evil.goto(f"{relay_site}table/?room={room}&relay=ws://127.0.0.1:9/relay#k={secret}")
    evil.wait_for_selector("[data-relay-refused]", timeout=READY_TIMEOUT_MS)
    evil.wait_for_timeout(500)
    assert sockets == [] and "relay server of its own" in evil.inner_text("#board")
    evil.close()

    # Someone with the room code only: junk, crafted text, a forged frame, then a hello that waits.
    intruder = Intruder(relay_site, room)
    for junk in (
        {"x": 1},
        CRAFTED,
        "s2.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        "[" * 31 + "]" * 31,
        None,
    ):
        intruder.say(junk)
    waiting = intruder.hello()
    assert waiting.code and waiting.state is None
    host.wait_for_selector(f"[data-asking='{waiting.code}']")  # the host sees it; nobody lets it in
    # Someone with the link: while a seat's phone is away, a tokenless hello still gets no seat.
    gone_seat = json.loads(flooder.evaluate("window.ttReceived[0]"))["seat"]
    friend = Intruder(relay_site, room, secret).hello()
    assert friend.state is None and "every seat is held" in friend.message

    # The flooding phone sends 3,000 junk messages over its own data channel; the real phone is
    # answered within a second throughout, and the flooder is warned, then disconnected.
    flooder.evaluate(
        """() => { const ch = window.ttChannels[0];
        let i = 0; const burst = () => { for (let k = 0; k < 300 && i < 3000; k++, i++) {
          try { ch.send(JSON.stringify({t: "act", v: 0, action: "x" + i})); } catch (e) { i = 3000; } }
          if (i < 3000) setTimeout(burst, 10); }; burst(); }"""
    )
    waits = []
    for _ in range(6):
        before = real.evaluate("window.ttReceived.length")
        start = time.monotonic()
        actions = real.locator("#board [data-action]")
        if actions.count():
            actions.first.click(timeout=2000)
            real.wait_for_function(f"window.ttReceived.length > {before}", timeout=1000)
            waits.append(time.monotonic() - start)
        real.wait_for_timeout(300)
    flooder.wait_for_function("document.body.innerText.includes('disconnected this phone')", timeout=20_000)
    assert waits, "the real phone had nothing to do"
    text = host.inner_text("body")
    assert CRAFTED not in text and "Traceback" not in text and "no peer" not in text
    assert host.locator("[data-peer-trouble]").count() == 1
    assert gone_seat in (0, 1)
    assert problems == []


class MiddleRelay:
    """A relay in the middle of one phone's code-only join: a WebSocket proxy in front of the real relay,
    which the phone's page is given as its relay (its built-in setting rewritten in the page). To the phone it
    answers as a host of its own keys; to the real host it is a phone of its own, and it keeps whatever the
    host sends it."""

    def __init__(self, upstream: str) -> None:
        table = Table.new("futures", ["human"] * 3, 1, {})
        self.fake = Gate(Host(table, {"en": ["A", "B", "C"]}), HostKeys.new())  # what the phone talks to
        self.inner = Guest()  # what the real host talks to
        self.heard: list[dict[str, Any]] = []
        self.upstream, self.host_peer = upstream, ""
        self.server = serve(self.proxy, "127.0.0.1", 0)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"ws://127.0.0.1:{self.server.socket.getsockname()[1]}/relay"

    def proxy(self, phone: Any) -> None:
        with connect(self.upstream + (phone.request.path.split("/relay", 1)[1]), open_timeout=10) as server:
            threading.Thread(target=self.from_server, args=(server, phone), daemon=True).start()
            for frame in phone:
                message = json.loads(frame)
                data = message.get("data")
                if message.get("type") != "relay":
                    server.send(frame)
                    continue
                if isinstance(data, str) and data.startswith("{") and json.loads(data).get("t") == "open":
                    server.send(
                        json.dumps({"type": "relay", "to": self.host_peer, "data": self.inner.start()})
                    )
                self.fake.push("phone", data)
                for kind, _, text in self.fake.drain():
                    if kind == "send":
                        phone.send(json.dumps({"type": "relay", "from": self.host_peer, "data": text}))

    def from_server(self, server: Any, phone: Any) -> None:
        with contextlib.suppress(ConnectionClosed):
            self.pass_on(server, phone)

    def pass_on(self, server: Any, phone: Any) -> None:
        for frame in server:
            message = json.loads(frame)
            if message.get("type") == "joined":
                self.host_peer = message["host"]
            if message.get("type") != "relay":
                phone.send(frame)
                continue
            replies, _ = self.inner.take(message["data"])
            if self.inner.last is not None:
                self.heard.append(self.inner.last)
                self.inner.last = None
            for reply in replies:
                server.send(json.dumps({"type": "relay", "to": self.host_peer, "data": reply}))

    def give_to(self, page: Page) -> None:
        """Make the page's table use this relay: its built-in relay setting, rewritten as the page loads."""

        def rewrite(route: Route) -> None:
            body = (
                route.fetch()
                .text()
                .replace('name="tt-relay" content=""', f'name="tt-relay" content="{self.url}"')
            )
            route.fulfill(body=body, content_type="text/html")

        page.route(re.compile(r".*/table/(\?.*)?$"), rewrite)


def test_a_relay_in_the_middle_of_a_code_only_join_shows_two_codes_and_the_table_plays_on(
    browser: Browser, relay_site: str
) -> None:
    problems: list[str] = []
    host = hosted(browser, relay_site, "game=futures&players=3&seats=human,human,bot:2&pace=300", problems)
    room = host.get_attribute("[data-room]", "data-room")
    honest = opened(browser, join_link(host), problems)
    wait_ready(honest)
    middle = MiddleRelay(relay_site.replace("http://", "ws://") + "relay")
    phone = opened(browser, f"{relay_site}table/", problems)
    middle.give_to(phone)
    phone.goto(f"{relay_site}table/?room={room}")
    phone.wait_for_selector("[data-check]", timeout=READY_TIMEOUT_MS)
    shown = phone.get_attribute("[data-check]", "data-check")
    asking = host.wait_for_selector("[data-asking]", timeout=READY_TIMEOUT_MS).get_attribute("data-asking")
    assert shown and asking and shown != asking  # the owner sees two codes: the relay is found out
    host.locator(f"[data-asking='{asking}'] [data-refuse]").click()
    host.wait_for_selector("[data-turned-away='1']")
    assert middle.heard and all(m["t"] in ("wait", "bye") for m in middle.heard)
    assert not [m for m in middle.heard if {"token", "secret", "view", "legal"} & set(m)]
    before = honest.evaluate("window.ttReceived.length")  # the honest phone plays on
    honest.wait_for_selector("#board [data-action]", timeout=READY_TIMEOUT_MS).click()
    honest.wait_for_function(f"window.ttReceived.length > {before}", timeout=20_000)
    assert json.loads(honest.evaluate("window.ttReceived[window.ttReceived.length - 1]"))["t"] == "state"
    middle.server.shutdown()
    assert problems == []


LAST_VERSION = (
    "Math.max(-1, ...window.ttReceived.map(t => JSON.parse(t)).filter(m => m.t === 'state').map(m => m.v))"
)


def start_relay(port: int, *flags: str) -> subprocess.Popen[bytes]:
    """Run tt_relay serving dist/ on a given port (with more flags); return once it listens."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "tt_relay", "--port", str(port), "--static", str(ROOT / "dist"), *flags],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return proc
        except OSError:
            time.sleep(0.1)
    raise AssertionError("the relay did not start")


def test_a_relay_restart_and_a_host_reload_mid_game_resume_the_game(browser: Browser) -> None:
    port = free_port()
    site = f"http://127.0.0.1:{port}/"
    relay = start_relay(port)
    problems: list[str] = []
    try:
        host = opened(browser, f"{site}table/?create=1&players=3&seats=human,human,bot:2&pace=0", problems)
        host.wait_for_selector("[data-room]", timeout=READY_TIMEOUT_MS)
        room = host.get_attribute("[data-room]", "data-room")
        phones = [opened(browser, join_link(host), problems) for _ in range(2)]
        for phone in phones:
            wait_ready(phone)
        rng, clicks = random.Random(4), 0
        while clicks < 10:
            clicks += click_some(phones, rng)
            host.wait_for_timeout(50)
        version = max(p.evaluate(LAST_VERSION) for p in phones)
        counts = [p.evaluate("window.ttReceived.length") for p in phones]
        relay.terminate()
        relay.wait(10)
        for page in (host, *phones):  # each says that it cannot reach the relay, and keeps trying
            expect(page.locator("[data-relay-down]")).to_contain_text(f"ws://127.0.0.1:{port}/relay")
        relay = start_relay(port)  # a deploy: the new relay knows no room
        for phone in phones:  # back: the phone says no more, and waits for the host to open the room again
            expect(phone.locator("[data-relay-down]")).to_have_count(0, timeout=30_000)
        host.reload()
        host.wait_for_selector(f"[data-room='{room}']", timeout=READY_TIMEOUT_MS)
        caught_up(phones, counts, version, 30_000)  # each phone gets its seat back, same game
        play_to_end(host, phones, rng, clicks)
        # Browsers log the failed reconnections while the relay was down; nothing else may go wrong.
        assert [p for p in problems if "WebSocket" not in p and "ERR_CONNECTION_REFUSED" not in p] == []
    finally:
        relay.terminate()
        relay.wait(10)


def caught_up(phones: list[Page], counts: list[int], version: int, timeout: int) -> None:
    """Wait until each phone has a message more than it had (`counts`) and a board at `version` or later."""
    for phone, count in zip(phones, counts, strict=True):
        phone.wait_for_function(f"window.ttReceived.length > {count}", timeout=timeout)
        assert phone.evaluate(LAST_VERSION) >= version


def play_to_end(host: Page, phones: list[Page], rng: random.Random, clicks: int) -> None:
    """Tap the phones' moves until the shared screen shows the game over (`clicks` taps made so far)."""
    while host.evaluate("document.documentElement.dataset.gameOver") != "1":
        assert clicks < 1500, "the game did not end"
        clicks += click_some(phones, rng)
        host.wait_for_timeout(30)


def free_port() -> int:
    """A free port on loopback."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def test_a_stranger_taking_the_room_code_after_a_relay_restart_sends_the_table_to_its_fallback_room(
    browser: Browser,
) -> None:
    port = free_port()
    site = f"http://127.0.0.1:{port}/"
    relay = start_relay(port)
    problems: list[str] = []
    squatter = None
    try:
        host = opened(browser, f"{site}table/?create=1&players=3&seats=human,human,bot:2&pace=0", problems)
        host.wait_for_selector("[data-room]", timeout=READY_TIMEOUT_MS)
        room = host.get_attribute("[data-room]", "data-room")
        link = join_link(host)
        fallback = fallback_room(link.split("#k=", 1)[1])
        phones = [opened(browser, link, problems) for _ in range(2)]
        for phone in phones:
            wait_ready(phone)
        rng, clicks = random.Random(5), 0
        while clicks < 6:
            clicks += click_some(phones, rng)
            host.wait_for_timeout(50)
        version = max(p.evaluate(LAST_VERSION) for p in phones)
        counts = [p.evaluate("window.ttReceived.length") for p in phones]
        relay.terminate()
        relay.wait(10)
        relay = start_relay(port)  # a deploy; before any page is back, a stranger takes the code
        squatter = connect(f"ws://127.0.0.1:{port}/relay?room={room}", open_timeout=10).__enter__()
        squatter.send(json.dumps({"type": "create", "room": room, "key": "S" * 24}))
        assert json.loads(squatter.recv(10))["type"] == "created"
        # The host gets bad-key, moves to the room only the secret names; the phones find it there.
        host.wait_for_selector(f"[data-room='{fallback}']", timeout=30_000)
        caught_up(phones, counts, version, 40_000)
        host.reload()  # a reload finds the table where it is
        host.wait_for_selector(f"[data-room='{fallback}']", timeout=READY_TIMEOUT_MS)
        play_to_end(host, phones, rng, clicks)
        assert [p for p in problems if "WebSocket" not in p and "ERR_CONNECTION_REFUSED" not in p] == []
    finally:
        if squatter is not None:
            squatter.close()
        relay.terminate()
        relay.wait(10)


def test_a_host_the_relay_keeps_closing_backs_off_and_says_why_on_the_shared_screen(browser: Browser) -> None:
    port = free_port()
    relay = start_relay(port, "--max-message", "1500")  # a table's state is bigger: `too-big`, 1009
    problems: list[str] = []
    try:
        host = opened(
            browser, f"http://127.0.0.1:{port}/table/?create=1&players=3&seats=human,bot,bot&pace=0", problems
        )
        frames = watch_relay(host)
        host.wait_for_selector("[data-room]", timeout=READY_TIMEOUT_MS)
        opened(browser, join_link(host), problems)
        expect(host.locator("[data-relay-dropped]")).to_contain_text(
            "The relay closed the connection (too-big); trying again in", timeout=READY_TIMEOUT_MS
        )
        start = time.monotonic()
        creates = sum('"type": "create"' in frame for frame in frames)
        host.wait_for_timeout(15_000)
        taken_back = sum('"type": "create"' in frame for frame in frames) - creates
        # Waits of 1.5, 3, 6, 12 s...: at most 4 take-backs in 15 s (the issue saw one every 1.7 s).
        assert 1 <= taken_back <= 4, (taken_back, time.monotonic() - start)
    finally:
        relay.terminate()
        relay.wait(10)


def test_a_table_and_a_phone_that_cannot_reach_the_relay_say_so_in_their_language(
    browser: Browser, site: build.DistServer
) -> None:
    problems: list[str] = []  # the site's server has no /relay: the workers' sockets fail, nothing else
    host = opened(browser, f"{site.url}table/?create=1&players=3&seats=human,human,bot&pace=0", problems)
    phone = opened(browser, f"{site.url}table/?room=ABCDE&game=mercator&lang=ja", problems)
    relay = f"ws://{urlsplit(site.url).netloc}/relay"
    expect(host.locator("[data-relay-down]")).to_have_text(
        f"Cannot reach the relay server ({relay}), so no phone can talk to this table. Trying again…",
        timeout=READY_TIMEOUT_MS,
    )
    expect(host.locator("[data-loading-text]")).to_have_text("Connecting to the table…")
    expect(host.get_by_role("link", name="play on one phone")).to_be_visible()  # offline play, one tap away
    expect(phone.locator("[data-relay-down]")).to_contain_text(
        "につながらないため、このスマホはテーブルとやり取りできません。", timeout=READY_TIMEOUT_MS
    )
    expect(phone.locator("[data-loading-text]")).to_have_text("テーブルに接続中…")
    assert problems == []


def test_sealed_bids_sent_at_the_same_moment_are_all_taken_and_a_reload_keeps_the_selection(
    browser: Browser, relay_site: str
) -> None:
    problems: list[str] = []
    host = opened(
        browser,
        f"{relay_site}table/?create=1&game=value_scale&players=3&mode=sealed&seats=human,human,human",
        problems,
    )
    host.wait_for_selector("[data-room]", timeout=READY_TIMEOUT_MS)
    phones = [opened(browser, join_link(host), problems) for _ in range(3)]
    for phone in phones:
        wait_ready(phone)
    seal = "#board [data-action^='seal:']"
    rng, rounds, reloaded = random.Random(2), 0, False
    while rounds < 3:
        if all(p.locator(seal).count() for p in phones):
            if not reloaded:  # a phone composes a bid, reloads, and finds its bid as it left it
                steppers = phones[0].locator("#board [data-select]")
                if steppers.count():
                    steppers.nth(rng.randrange(steppers.count())).click()
                    phones[0].wait_for_timeout(200)
                composed = phones[0].get_attribute(seal, "data-action")
                phones[0].reload()
                phones[0].wait_for_selector(seal, timeout=READY_TIMEOUT_MS)
                assert phones[0].get_attribute(seal, "data-action") == composed
                reloaded = True
            # What each phone heard before (a phone just reloaded, whose Python is not up yet, nothing).
            heard = [phone.evaluate("(window.ttReceived || []).length") for phone in phones]
            for phone in phones:  # every phone seals its bid at once, before any answer comes back
                phone.evaluate(f"document.querySelector({json.dumps(seal)}).click()")
            for phone in phones:
                phone.wait_for_function(
                    f"document.querySelector({json.dumps(seal)}) === null", timeout=10_000
                )
            for phone, since in zip(phones, heard, strict=True):  # every bid taken: no error at all
                answers = [json.loads(t) for t in phone.evaluate(f"window.ttReceived.slice({since})")]
                assert not [m for m in answers if m["t"] == "error"], answers
            rounds += 1
        else:
            click_some(phones, rng, "#board [data-action]:not([data-action^='seal:'])")
            host.wait_for_timeout(100)
    for phone in phones:  # a random tap may come an instant after another phone's move: refused as such
        errors = [json.loads(t) for t in phone.evaluate("window.ttReceived.slice()")]
        assert not [m for m in errors if m["t"] == "error" and not m.get("stale")], errors
    assert problems == []


def test_a_hello_flood_and_fat_frames_from_a_guest_never_get_the_host_cut_off_by_the_relay(
    browser: Browser, relay_site: str
) -> None:
    problems: list[str] = []
    host = opened(browser, f"{relay_site}table/?create=1&players=3&seats=human,human,bot:2&pace=0", problems)
    sockets: list[str] = []
    host.on("websocket", lambda ws: sockets.append(ws.url))
    host.wait_for_selector("[data-room]", timeout=READY_TIMEOUT_MS)
    room, link = host.get_attribute("[data-room]", "data-room"), join_link(host)
    phone = opened(browser, link, problems)
    wait_ready(phone)
    flooder = Intruder(relay_site, room, link.split("#k=")[1])
    seated = flooder.hello()
    assert seated.state is not None  # a guest with the link and a seat of its own
    hello = seated.hello()
    start = time.monotonic()
    for i in range(270):  # 45 hellos a second for 6 s (under the relay's 50), every 3rd also 60 KB of junk
        flooder.say(seated.seal(hello))
        if i % 3 == 0:
            flooder.say("x" * 60_000)
        time.sleep(max(0.0, start + (i + 1) / 45 - time.monotonic()))
    seat = json.loads(phone.evaluate("window.ttReceived[0]"))["seat"]
    phone.reload()  # the host still answers a real phone: its seat back at once
    phone.wait_for_function("window.ttReceived && window.ttReceived.length > 0", timeout=READY_TIMEOUT_MS)
    assert json.loads(phone.evaluate("window.ttReceived[0]"))["seat"] == seat
    assert sockets == [sockets[0]]  # the host kept its one relay connection throughout
    assert "rate" not in host.inner_text("body") and problems == []


def test_the_rules_explanations_and_the_last_event_on_the_table_and_a_phone(
    browser: Browser, relay_site: str
) -> None:
    problems: list[str] = []
    host = opened(
        browser,
        f"{relay_site}table/?create=1&game=mercator&players=3&seats=human,bot:2,bot:2&pace=0",
        problems,
    )
    host.wait_for_selector("[data-room]", timeout=READY_TIMEOUT_MS)
    phone = opened(browser, join_link(host), problems)
    wait_ready(phone)
    seats = host.locator(".tt-seat-list li")
    expect(seats.nth(1)).to_contain_text("Bot · level 2 (")  # its level, as the home page's options say
    expect(seats.nth(0)).to_contain_text(re.compile(r"phone connected \((direct|through the relay)\)"))
    for page in (host, phone):
        page.wait_for_selector("[data-last-event]")
        page.locator("[data-help]").click()
        sheet = page.locator("dialog#sheet")
        sheet.wait_for(state="visible")
        assert "Mercator" in sheet.inner_text() or "chips" in sheet.inner_text()
        page.keyboard.press("Escape")
        sheet.wait_for(state="hidden")
        page.locator("[data-explain-mode]").click()
        page.locator("#board [data-explain]").first.dispatch_event("click")
        sheet.wait_for(state="visible")
        assert sheet.inner_text().strip() not in ("", "✕")
        page.keyboard.press("Escape")
    assert not problems, problems
