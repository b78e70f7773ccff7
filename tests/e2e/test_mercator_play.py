"""Mercator in the browser: solo games against bots, the open auction, and sealed bids in peer play."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, Page, expect

import pygame_core.games  # noqa: F401  (registers every game)

from .conftest import FAST, PageGuard, play_to_the_end, wait_ready
from .test_table import own_views_only, play


def test_a_solo_game_against_merchant_and_planner_bots_to_the_end(page: Page, page_guard: PageGuard) -> None:
    page.goto(f"play/?game=mercator&players=4&seats=human,bot:2,bot:3,bot:2&seed=5&{FAST}")
    wait_ready(page)
    assert {"bid", "turn", "auction"} <= play_to_the_end(page, 1, select=0.5).offered
    expect(page.locator(".tt-result")).to_be_visible()
    assert page.locator(".tt-log-lines li").count() > 5
    page_guard.assert_clean()


def test_the_open_auction_variant_played_to_the_end(page: Page, page_guard: PageGuard) -> None:
    page.goto(f"play/?game=mercator&players=3&seats=human,bot:2,bot:2&seed=8&open=1&{FAST}")
    wait_ready(page)
    assert "&open=1" in page.url
    seen = play_to_the_end(page, 3, select=0.5).offered
    assert {"raise", "drop"} <= seen and "bid" not in seen
    expect(page.locator(".tt-result")).to_be_visible()
    page_guard.assert_clean()


def sealed_bids_kept(msg: dict[str, Any], seat: int) -> None:
    """Check a Mercator state message shows no other seat's chips or sealed bid."""
    view = msg["view"]
    assert "bids" not in view
    if view["phase"] != "over":
        assert all(c is None for p, c in enumerate(view["chips"]) if p != seat)


def test_peer_play_with_sealed_bids_sends_each_phone_exactly_its_own_view(
    browser: Browser, relay_site: str
) -> None:
    # Half the taps on the bid's steps, so bids vary.
    host, guests = play(browser, relay_site, "webrtc", False, "mercator", sealed_bids_kept, select=0.5)
    sealed_seen = sum(
        state["phase"] == "sealed"
        and any(b is not None for q, b in enumerate(state["bids"]) if q != msg["seat"])
        for state, msg in own_views_only(host, guests)
    )
    assert sealed_seen > 0  # phones were sent states while others' bids were in but unopened
