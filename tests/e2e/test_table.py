"""Peer play: a host in table mode and three guests in separate browser contexts, through the real relay."""

from __future__ import annotations

import json
import random
import socket
import subprocess
import sys
import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Error, Page

import build

from .conftest import CHROMIUM_FLAGS, READY_TIMEOUT_MS  # noqa: F401  (the flags include WebRTC's)


@pytest.fixture(scope="module")
def relay_site() -> Iterator[str]:
    """Run tt_relay serving dist/ and /relay on one free port; return its URL."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen(
        [sys.executable, "-m", "tt_relay", "--port", str(port), "--static", str(build.DIST)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            break
        except OSError:
            time.sleep(0.1)
    yield f"http://127.0.0.1:{port}/"
    proc.terminate()
    proc.wait(10)


def opened(browser: Browser, url: str, problems: list[str]) -> Page:
    """Return a page in a fresh context (its own storage, like its own phone), watching for errors."""
    page = browser.new_context().new_page()
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.on("console", lambda m: problems.append(f"console.error: {m.text}") if m.type == "error" else None)
    page.goto(url)
    return page


def wait_ready(page: Page) -> None:
    """Wait until the page's board accepts input."""
    page.wait_for_selector('html[data-ready="1"]', timeout=READY_TIMEOUT_MS)


def click_some(pages: list[Page], rng: random.Random) -> int:
    """Click one random action on each guest page that offers any; return how many were clicked."""
    clicked = 0
    for page in pages:
        actions = page.locator("#board [data-action]")
        n = actions.count()
        if n:
            try:
                actions.nth(rng.randrange(n)).click(timeout=2000)
                clicked += 1
            except Error:
                pass  # repainted meanwhile
    return clicked


def check_messages(page: Page, seat: int) -> int:
    """Check every message the guest received carries only its own seat's view; return their number."""
    texts = page.evaluate("window.ttReceived.slice()")
    for text in texts:
        msg = json.loads(text)
        if msg["t"] == "state":
            view = msg["view"]
            assert msg["seat"] == seat and view["viewer"] == seat
            assert len(view["hand"]) == view["hand_sizes"][seat]
            assert {"hands", "deck_cards"}.isdisjoint(view) and "giving" not in json.dumps(msg["log"])
            for slot in view["slots"]:
                assert "card" not in slot or not slot["down"] or slot["by"] == seat
    return len(texts)


def play(browser: Browser, url: str, transport: str, disrupt: bool) -> None:
    """Play a whole 4-player game (three phones and a bot) hosted by a table screen."""
    problems: list[str] = []
    extra = "&transport=relay" if transport == "relay" else ""
    host = opened(
        browser, f"{url}table/?create=1&players=4&seats=human,human,human,bot:2&pace=0{extra}", problems
    )
    host.wait_for_selector("[data-room]", timeout=READY_TIMEOUT_MS)
    room = host.get_attribute("[data-room]", "data-room")
    assert host.locator(".tt-qr svg").count() == 1
    guests = [opened(browser, f"{url}table/?room={room}{extra}", problems) for _ in range(3)]
    for guest in guests:
        wait_ready(guest)
    seats = [int(g.evaluate("JSON.parse(window.ttReceived[1]).seat")) for g in guests]
    assert sorted(seats) == [0, 1, 2]
    host.wait_for_function(
        f"document.querySelectorAll('[data-transport=\"{transport}\"]').length === 3",
        timeout=30_000,
    )
    rng = random.Random(7)
    clicks = 0
    while host.evaluate("document.documentElement.dataset.gameOver") != "1":
        assert clicks < 600, "the game did not end"
        clicks += click_some(guests, rng)
        if disrupt and clicks == 20:  # a guest closes its page and comes back to the same seat
            for g in guests[:1]:
                assert check_messages(g, seats[0]) > 0
            context = guests[0].context
            guests[0].close()
            guests[0] = context.new_page()
            guests[0].goto(f"{url}table/?room={room}{extra}")
            wait_ready(guests[0])
            assert json.loads(guests[0].evaluate("window.ttReceived[1]"))["seat"] == seats[0]
            clicks += 1
        if disrupt and clicks == 50:  # the host reloads; the guests reconnect
            host.reload()
            host.wait_for_selector(f"[data-room='{room}']", timeout=READY_TIMEOUT_MS)
            clicks += 1
        host.wait_for_timeout(30)
    for guest, seat in zip(guests, seats, strict=True):
        guest.wait_for_selector('html[data-game-over="1"]', timeout=30_000)
        assert check_messages(guest, seat) > 0
    assert host.locator(".tt-result").count() == 1 and host.locator(".tt-hand").count() == 0
    assert problems == []


def test_a_whole_game_over_webrtc_data_channels_with_a_guest_rejoining_and_the_host_reloading(
    browser: Browser, relay_site: str
) -> None:
    play(browser, relay_site, "webrtc", disrupt=True)


def test_a_whole_game_forced_onto_the_relay(browser: Browser, relay_site: str) -> None:
    play(browser, relay_site, "relay", disrupt=False)
