"""The review of a game in the browser: a solo game to the end, its review (chart, three costliest decisions
with their reasons), kept for a second opening, and the same record reviewed on the replay page."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .conftest import FAST, PHONE, PageGuard, play_to_the_end, settle, wait_ready

WIDE = {"width": 1280, "height": 800}
REVIEWED = 180_000  # ms a whole review may take in the browser (benchmarks/review.py: seconds in CPython)


def see_review(page: Page, decisions: int = 3) -> None:
    """Check the review shown: its verdict, its chart, and its costliest decisions (three, or at least one
    for a bot's seat, which loses fewer points) each with a reason."""
    review = page.locator("section.tt-review")
    expect(review.locator("[data-review-chart]")).to_be_visible(timeout=REVIEWED)
    expect(review.locator("[data-review-verdict]")).to_contain_text("points")
    if decisions:
        expect(review.locator("[data-review-decision]")).to_have_count(decisions)
    assert review.locator("[data-review-decision]").count() >= 1
    for reason in review.locator("[data-review-reason]").all():
        expect(reason).to_contain_text("points better for")
    assert review.locator("[data-review-chart] polyline").count() == 3  # a line per seat


def test_a_solo_game_is_reviewed_kept_and_reviewed_again_on_the_replay_page(
    page: Page, page_guard: PageGuard
) -> None:
    page.goto(f"play/?game=mercator&players=3&seats=human,bot:2,bot:2&seed=8&{FAST}")
    wait_ready(page)
    play_to_the_end(page, 2, select=0.5)
    start = page.locator("[data-review]")
    expect(start).to_have_count(1)
    start.click()
    expect(page.locator("[data-review-progress]")).to_be_visible()  # worked in slices, the page painted
    see_review(page)
    for name, size in (("wide", WIDE), ("phone", PHONE)):
        page.set_viewport_size(size)
        page.locator("section.tt-review").evaluate("el => el.scrollIntoView()")
        page.screenshot(path=f"/tmp/review-play-{name}.png")
    # Kept with the record: the page opened again shows it at once, no slice worked.
    page.reload()
    wait_ready(page)
    page.locator("[data-review]").click()
    settle(page)
    assert page.locator("[data-review-progress]").count() == 0
    see_review(page)
    # The replay page reviews any seat of the record; a review under way can be stopped.
    page.locator("[data-replay-link]").click()
    page.goto(page.locator("[data-replay-href]").get_attribute("href") or "")
    wait_ready(page)
    expect(page.locator("[data-review]")).to_have_count(3)
    page.locator('[data-review="1"]').click()
    page.locator("[data-review-stop]").click()
    expect(page.locator("[data-review-progress]")).to_have_count(0)
    expect(page.locator("[data-review]")).to_have_count(3)
    page.locator('[data-review="0"]').click()  # the seat reviewed on the play page: kept, shown at once
    settle(page)
    see_review(page)
    page.locator('[data-review="2"]').click()
    expect(page.locator("section.tt-review")).to_have_attribute("data-review-seat", "2", timeout=REVIEWED)
    see_review(page, decisions=0)
    for name, size in (("phone", PHONE), ("wide", WIDE)):
        page.set_viewport_size(size)
        page.locator("section.tt-review").evaluate("el => el.scrollIntoView()")
        page.screenshot(path=f"/tmp/review-replay-{name}.png")
    page_guard.assert_clean()
