"""Embeds (web/embed.js, web/embed/, web/examples/): a cheap preview, then a game in a sandboxed frame."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from playwright.sync_api import Frame, Page, expect

import build
import pygame_core.games  # noqa: F401  (registers every game)
from pygame_core.bots import bot_levels
from pygame_core.catalog import players_at_start
from pygame_core.engine import all_games, get_game
from tests.colours import contrast

from .conftest import PageGuard, click_one, wait_ready

pytestmark = pytest.mark.e2e

POST = "examples/blog-post.html"
BUDGET = 30_000  # bytes an embed may cost the host page before Play (embed.js + its preview page)
RUNTIME = re.compile(r"/runtime/|\.whl$|/play/")
# What a frame transferred: its document (the navigation entry) and its resources.
ENTRIES = """() => ['navigation', 'resource'].flatMap((type) => performance.getEntriesByType(type))
  .map((e) => [e.name, e.entryType, e.initiatorType, e.transferSize])"""
CONTENT_HEIGHT = "Math.ceil(document.documentElement.getBoundingClientRect().height)"


def embeds(page: Page, count: int) -> list[Frame]:
    """Wait for `count` embeds showing their preview; return their frames."""
    expect(page.locator("iframe")).to_have_count(count)
    frames = []
    for i in range(count):
        iframe = page.locator("iframe").nth(i)
        expect(iframe).to_have_attribute("sandbox", "allow-scripts allow-same-origin")
        frame = iframe.element_handle().content_frame()
        assert frame is not None
        expect(frame.locator('[data-play]:not([hidden]), [role="alert"]:not([hidden])')).to_be_visible()
        frames.append(frame)
    return frames


def host_page(other_origin: tuple[str, Path], site: build.DistServer, name: str, body: str) -> str:
    """Write a page on the other origin that loads the site's embed.js, with `body`; return its URL."""
    blog, folder = other_origin
    (folder / f"{name}.html").write_text(
        '<!doctype html><link rel="icon" href="data:,">'
        f'<script src="{site.url}embed.js" async></script>{body}'
    )
    return f"{blog}{name}.html"


def play(frame: Frame) -> None:
    """Press Play in an embed and wait until its board accepts input."""
    frame.locator("[data-play]").click()
    frame.wait_for_url("**/play/?*")
    wait_ready(frame)  # a Frame has the methods wait_ready uses


def click_an_action(frame: Frame, rng: random.Random) -> bool:
    """Click a random `[data-action]` in the frame; False if there was none or the board was repainted."""
    return click_one(frame, "#board [data-action]", rng)


def assert_fits(page: Page, index: int, frame: Frame) -> int:
    """Wait until the index-th iframe is as tall as its content (plus its 2 px of border); return that."""
    iframe = page.locator("iframe").nth(index)
    for _ in range(100):
        content = frame.evaluate(CONTENT_HEIGHT)
        outer = iframe.evaluate("(e) => e.getBoundingClientRect().height")
        if abs(outer - 2 - content) <= 1:
            return content
        page.wait_for_timeout(100)
    pytest.fail(f"iframe {index} is {outer}px tall for {content}px of content")


def cost_before_play(page: Page) -> tuple[int, list[str]]:
    """Bytes the embeds transferred (the post's own document aside): each frame's document and resources."""
    total, lines = 0, []
    for frame in page.frames:
        for name, kind, initiator, size in frame.evaluate(ENTRIES):
            if frame == page.main_frame and (kind == "navigation" or initiator == "iframe"):
                continue  # the post itself; a frame's document is counted by the frame
            total += size
            lines.append(f"{size:>7} {name.split('#')[0]}")
    return total, lines


def test_the_preview_knows_every_game_as_pygame_core_does() -> None:
    page = (build.DIST / "embed" / "index.html").read_text()
    games = json.loads(re.search(r'<script type="application/json" id="tt-games">(.*?)</script>', page)[1])
    assert games.keys() == {g.id for g in all_games()}
    for game_id, known in games.items():
        game = get_game(game_id)
        assert known == {
            "name": game.name,
            "players": [game.min_players, game.max_players],
            "start": players_at_start(game),
            "levels": len(bot_levels(game)),
        }
        for players in range(game.min_players, game.max_players + 1):  # a preview of each count
            count = "" if players == players_at_start(game) else f"{players}/"
            for lang in ("", "ja/"):
                assert (build.DIST / f"embed/{game_id}/{count}{lang}index.html").is_file()


# The faded still's first line of text: its colour, its box's, the page's, and the still's opacity.
FADED = """() => {
  const still = document.querySelector(".tt-preview");
  const prompt = still.querySelector(".tt-prompt");
  const style = (node) => getComputedStyle(node);
  return [style(prompt).color, style(prompt).backgroundColor, style(document.documentElement).backgroundColor,
    Number(style(still).opacity)];
}"""


def test_an_embed_preview_opened_on_its_own_reads_clearly(page: Page, page_guard: PageGuard) -> None:
    """A link to the preview page itself (shared from the frame): the faded still's prompt keeps 4.5:1
    against its box once both are faded over the page."""
    page.goto("embed/mercator/")
    expect(page.locator(".tt-preview .tt-prompt").first).to_be_visible()
    text, box, canvas, opacity = page.evaluate(FADED)

    def channels(css: str) -> tuple[list[float], float]:
        """The r, g, b and alpha of a computed rgb()/rgba() colour."""
        values = [float(v) for v in re.findall(r"[\d.]+", css)]
        return values[:3], (values[3] if len(values) > 3 else 1.0)

    def over(colour: list[float], under: list[float], alpha: float) -> list[float]:
        """A colour drawn at `alpha` over another."""
        return [u + alpha * (c - u) for c, u in zip(colour, under, strict=True)]

    page_rgb, box_rgb, box_alpha = channels(canvas)[0], *channels(box)
    tinted = over(box_rgb, page_rgb, box_alpha)  # the box's tint over the page
    ink, paper = over(channels(text)[0], page_rgb, opacity), over(tinted, page_rgb, opacity)
    assert contrast(tuple(ink), tuple(paper)) >= 4.5
    page_guard.assert_clean()


def test_an_embed_of_another_game_shows_its_own_preview_then_plays_it(
    page: Page, page_guard: PageGuard, site: build.DistServer, other_origin: tuple[str, Path]
) -> None:
    page.goto(
        host_page(
            other_origin,
            site,
            "mercator",
            '<div data-trading-table="mercator" data-players="5" data-open="1" data-pace="0"></div>'
            '<div data-trading-table="mercator" data-title="Our Mercator"></div>',
        )
    )
    frame, titled = embeds(page, 2)
    expect(frame.locator("body > header")).to_contain_text("Mercator · 5 players · 4 bots")
    expect(titled.locator("body > header")).to_contain_text("Mercator")
    iframes = page.locator("iframe")
    expect(iframes.first).to_have_attribute("title", "Mercator · Trading Table")  # named by the frame
    expect(iframes.last).to_have_attribute("title", "Our Mercator")  # unless the host names it
    expect(frame.locator(".tt-preview .tt-track")).to_have_count(1)  # Mercator's board, not Futures!'
    expect(frame.locator(".tt-preview .tt-track circle")).to_have_count(5)  # five merchants on the track
    assert "/embed/mercator/5/" in frame.url
    assert not [url for url in page_guard.requests if RUNTIME.search(url)]
    play(frame)
    assert "game=mercator&players=5" in frame.url and "open=1" in frame.url
    expect(frame.locator("#board .tt-track")).to_have_count(1)
    expect(iframes.first).to_have_attribute("title", "Mercator · Trading Table")
    page_guard.assert_clean()


def test_a_frame_is_named_for_its_game_before_it_has_loaded(
    page: Page, page_guard: PageGuard, site: build.DistServer, other_origin: tuple[str, Path]
) -> None:
    page.route("**/embed/**", lambda route: route.abort())  # frames that never load their page
    page.goto(
        host_page(
            other_origin,
            site,
            "slow",
            '<div data-trading-table="value_scale" data-lang="ja"></div>'
            '<div data-trading-table="stock_trader"></div><div data-trading-table="chess"></div>',
        )
    )
    iframes = page.locator("iframe")
    expect(iframes).to_have_count(3)
    titles = ["Value Scale・Trading Table", "Stock Trader · Trading Table", "Trading Table"]
    for index, title in enumerate(titles):
        expect(iframes.nth(index)).to_have_attribute("title", title)
    assert len(page_guard.errors) == 3 and all("/embed/ net::ERR_FAILED" in e for e in page_guard.errors)
    page_guard.errors.clear()  # the frames' pages, cut off on purpose


def test_the_example_post_costs_little_until_play_then_both_embeds_play(
    page: Page, page_guard: PageGuard
) -> None:
    # The guard's route (abort what leaves the origin) turns Chromium's HTTP cache off, and embeds
    # count on it: the second preview is the first one's URL. Without the route the guard still
    # records every request and fails the test if one left the origin.
    page.context.unroute_all(behavior="ignoreErrors")
    page.goto(POST)
    english, japanese = embeds(page, 2)
    expect(english.locator("body > header")).to_contain_text("Futures! · 4 players · 3 bots")
    expect(japanese.locator("[data-play]")).to_have_text("▶ プレイ")
    expect(japanese.locator("body > header")).to_contain_text("Futures!・3人・ボット2")
    # Its preview too, of its three players (nine rounds at three)
    expect(japanese.locator(".tt-preview .tt-status")).to_contain_text("ラウンド 1/9")
    expect(page.locator("iframe").last).to_have_attribute("title", "Futures!・Trading Table")
    preview_height = assert_fits(page, 0, english)
    assert not [url for url in page_guard.requests if RUNTIME.search(url)], "the runtime loaded before Play"
    cost, lines = cost_before_play(page)
    print(f"\nbytes transferred before Play: {cost}\n" + "\n".join(lines))
    previews = [line.split()[-1] for line in lines if "/embed/" in line]
    assert previews == [
        f"{page.url.split('examples/')[0]}embed/",
        f"{page.url.split('examples/')[0]}embed/futures/3/ja/",
    ]
    assert cost < BUDGET * len(previews), "\n".join(lines)  # the Japanese embed has a preview of its own

    rng = random.Random(1)
    for index, frame in enumerate((english, japanese)):
        play(frame)
        expect(frame.locator(".tt-nav")).to_be_hidden()  # embed mode: no site chrome
        frame.wait_for_function("document.querySelector('#board [data-action]') !== null")
        before = frame.locator("#board").inner_html()
        assert click_an_action(frame, rng)
        frame.wait_for_function("(old) => document.querySelector('#board').innerHTML !== old", arg=before)
        assert_fits(page, index, frame)
    expect(japanese.locator(".tt-status")).to_contain_text("ラウンド")
    assert assert_fits(page, 0, english) > preview_height  # the whole board is taller than the preview
    assert any("/runtime/" in url for url in page_guard.requests)
    page_guard.assert_clean()


def test_a_whole_game_in_an_embed_on_another_origin(
    page: Page, page_guard: PageGuard, site: build.DistServer, other_origin: tuple[str, Path]
) -> None:
    blog, folder = other_origin
    post = (build.DIST / POST).read_text()
    post = post.replace('src="../embed.js"', f'src="{site.url}embed.js"')
    post = post.replace("<div data-trading-table=", '<div data-pace="0" data-seed="7" data-trading-table=')
    (folder / "post.html").write_text(post)
    page.goto(blog + "post.html")
    frame = embeds(page, 2)[0]
    # Another origin: the host page cannot reach into the frame.
    assert page.evaluate("document.querySelector('iframe').contentDocument") is None
    assert frame.evaluate("location.origin") + "/" == site.url
    play(frame)
    # No service worker in a frame, nor anything handed over to one (worker.mjs): its cache would stay.
    assert frame.evaluate("TradingTable.offline()") is False
    rng, clicks = random.Random(7), 0
    while frame.evaluate("document.documentElement.dataset.gameOver") != "1":
        assert clicks < 2000, "the game did not end"
        if click_an_action(frame, rng):
            clicks += 1
        else:
            frame.wait_for_timeout(20)  # bots are moving
    assert clicks > 8
    expect(frame.locator(".tt-result")).to_be_visible()
    assert_fits(page, 0, frame)
    assert frame.evaluate("caches.keys()") == []
    assert frame.evaluate("navigator.serviceWorker.getRegistrations().then((found) => found.length)") == 0
    page_guard.assert_clean()


def test_bad_options_show_a_readable_message_in_the_embed(
    page: Page, page_guard: PageGuard, site: build.DistServer, other_origin: tuple[str, Path]
) -> None:
    page.goto(
        host_page(
            other_origin,
            site,
            "bad",
            '<div data-trading-table="chess"></div><div data-trading-table="futures" data-players="9"></div>'
            '<div data-trading-table="chess" data-lang="ja"></div>',
        )
    )
    chess, nine, chess_ja = embeds(page, 3)
    expect(chess.locator('[role="alert"]')).to_contain_text("unknown game 'chess' (games: futures, mercator")
    # An unknown game's page is the English one: the Japanese alert marks it Japanese.
    expect(chess_ja.locator('[role="alert"]')).to_contain_text("このゲームは始められません：unknown game")
    expect(chess_ja.locator("html")).to_have_attribute("lang", "ja")
    nine_players = "players must be a whole number from 3 to 4, not '9'"  # read_link's words
    expect(nine.locator('[role="alert"]')).to_contain_text(nine_players)
    for index, frame in enumerate((chess, nine)):
        expect(frame.locator("[data-play]")).to_be_hidden()
        assert 20 < assert_fits(page, index, frame) < 200  # a small box with the message, not a blank one
    assert not [url for url in page_guard.requests if RUNTIME.search(url)]
    page_guard.assert_clean()
