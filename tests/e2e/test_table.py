"""Peer play: a host in table mode and three guests in separate browser contexts, through the real relay."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Browser, Page

from .conftest import BLOCK_STORAGE, READY_TIMEOUT_MS, click_some, opened, wait_ready

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


SEALED = re.compile(r"s1\.[A-Za-z0-9_-]+")


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
                assert set(handshake) <= {"t", "k", "n", "c", "g"}, handshake
    assert forwarded > 20


def play(
    browser: Browser,
    url: str,
    transport: str,
    disrupt: bool,
    game: str = "futures",
    check: Check = futures_secrets_kept,
    selector: str = "#board [data-action]",
) -> tuple[Page, list[Page]]:
    """Play a whole 4-player game (three phones and a bot) hosted by a table screen; return the pages."""
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
        clicks += click_some(guests, rng, selector)
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
    assert_opaque(frames)
    assert problems == []
    return host, guests


def test_a_whole_game_over_webrtc_data_channels_with_a_guest_rejoining_and_the_host_reloading(
    browser: Browser, relay_site: str
) -> None:
    play(browser, relay_site, "webrtc", disrupt=True)


def test_a_whole_game_forced_onto_the_relay(browser: Browser, relay_site: str) -> None:
    play(browser, relay_site, "relay", disrupt=False)


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
        assert page.locator(".tt-unsaved").count() == 1
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
    host.click("[data-seat-bot='0']")
    host.wait_for_selector("[data-seat='0']:has-text('bot (trader)')")
    host.click("[data-seat-free='1']")
    expect_text = "your seat was handed over"
    kept.wait_for_function(f"document.body.innerText.includes({json.dumps(expect_text)})")
    newcomer = opened(browser, link, problems)
    wait_ready(newcomer)
    assert json.loads(newcomer.evaluate("window.ttReceived[0]"))["seat"] == 1
    rng, clicks = random.Random(5), 0
    while host.evaluate("document.documentElement.dataset.gameOver") != "1":
        assert clicks < 600, "the game did not end"
        clicks += click_some([newcomer], rng)
        host.wait_for_timeout(30)
    assert check_messages(newcomer, 1) > 0
    assert problems == []
