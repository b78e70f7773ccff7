"""The play page's Python, run in a Web Worker (web/assets/worker.mjs): a pygame_core table and screen.

No rule and no DOM lives here. The page (public/assets/python.js) sends what the person did as JSON
messages to `receive`; this answers with ops (paint, store, address, ...) through `post`. The link says
what to play (see pygame_core.engine.link); the table is saved in the browser after every move under the
link's canonical query, so a reload resumes it. Bots think in slices, so a tap reaches them in between.

A quick start (python.js keeps them): a paint marked `keep` is what a reload of this address shows at once,
before Python is up (only with at most one person at the table: a hot-seat game's hands stay private), and
a link without a seed gets the deal of its next visit made ahead (`next`: the seed, the address and the
paint), so that visit shows its real board at once too. Messages that come before the deal wait for it.
"""

import json
import random
import time
from collections.abc import Callable, Generator
from functools import partial
from typing import Any
from urllib.parse import parse_qsl, quote, urlencode, urlsplit

from tt_bridge import LATER, later, post, serve, work_review

import pygame_core.games  # noqa: F401  (registers every game)
from pygame_core.bots import bot_factories, bot_levels
from pygame_core.bots.hint import hint_steps
from pygame_core.bots.review import Reviews
from pygame_core.engine import DEFAULT_GAME, Game, GameError, all_games, get_board, get_game, recent
from pygame_core.engine.howto import rules_html
from pygame_core.engine.link import page_lang, read_link
from pygame_core.engine.record import replay_link, states
from pygame_core.engine.render import Texts, plain, tag, translate
from pygame_core.engine.screen import SPEEDS, Screen
from pygame_core.engine.table import HUMAN, Table

# Embed mode (web/embed/frame.js): these stay in the link, so a reload inside the frame stays embedded.
EMBED_PARAMS = ("embed", "frame", "host", "theme", "size")
SEEDS = range(1, 10**9)  # a new deal's seed (a link may name any other)
SPEED_KEY = "trading-table:speed"  # the bots' speed, kept per browser
# What a click on the board may be, by attribute (python.js sends the clicked element's data-* attributes).
SCREEN_CLICKS = (("data-handover", "handover"), ("data-undo", "undo"), ("data-dismiss", "dismiss"))
TEXTS: Texts = {
    "en": {
        "bad_link": "This link cannot start a game",
        "bad_why": "The game cannot start with what the link asks for: the line above says what is wrong.",
        "usual": "Play {name} with the usual settings",
        "all_games": "All games",
        "not_resumed": "The saved game could not be resumed ({error}); a new one starts.",
    },
    "ja": {
        "bad_link": "このリンクではゲームを始められません",
        "bad_why": "リンクの指定ではゲームを始められません。問題点は上の行にあります。",
        "usual": "{name}をふつうの設定で遊ぶ",
        "all_games": "すべてのゲーム",
        "not_resumed": "保存されたゲームを再開できませんでした（{error}）。新しいゲームを始めます。",
    },
}


class Page:
    """The game on the page: its table, its screen, saving, painting and the bots' turns."""

    def __init__(self, start: dict[str, Any]) -> None:
        params = dict(parse_qsl(urlsplit(start["href"]).query))
        game = get_game(params.get("game") or DEFAULT_GAME)
        levels = bot_levels(game)
        setup = read_link(params, levels)
        ahead = start.get("seed")  # dealt ahead by a visit before (deal_next)
        if setup.seed is not None:
            seed = setup.seed
        else:
            seed = ahead if isinstance(ahead, int) and ahead in SEEDS else new_seed()
        self.key = "trading-table:" + setup.query(seed)
        self.embed = "".join(f"&{k}={quote(params[k], safe='')}" for k in EMBED_PARAMS if params.get(k))
        self.setup, self.seed, self.params = setup, seed, params
        # A paint python.js may show again on a reload: not with two people at one phone (their hands).
        self.keep = sum(seat == HUMAN for seat in setup.seats) <= 1
        self.lang = page_lang(setup.lang, str(start.get("language", "")))
        post("address", query=self.address(seed))
        self.bots = bot_factories(game)
        self.pace = setup.pace
        self.screen: Screen | None = None
        self.thinking: Generator[None, None, tuple[int, str]] | None = None  # the bot move, in slices
        self.hinting: Generator[None, None, Any] | None = None  # the hint under way, worked in slices
        self.waiting = False  # a bot's turn is timed
        self.sheet_open = False  # the rules or an explanation are open: bots wait
        self.recent: str | None = None  # the games this browser finished last (engine.recent)
        self.kept: dict[str, str | None] = dict(start.get("stored") or {})  # finished reviews (bots.review)
        self.reviews: Reviews | None = None  # the finished game's reviews
        post("load", keys=[self.key, SPEED_KEY, recent.KEY])

    def deal(self, saved: str | None, speed: str | None, games: str | None) -> None:
        """Take the kept speed (a link's pace wins) and recent games; resume the saved table or deal a new
        one; paint."""
        self.recent = games
        if "pace" not in self.params and speed in SPEEDS:
            self.pace = SPEEDS[speed]
        table = None
        if saved:
            try:
                table = Table.from_json(saved, self.bots)
            except GameError as e:
                post("notice", message=plain(TEXTS, self.lang, "not_resumed", error=str(e)))
        if table is None:
            table = self.new_table(self.seed)
        self.screen = self.new_screen(table)
        self.save()
        self.paint()
        if self.setup.seed is None:
            later(self.deal_next)
        for message in early:
            receive(json.dumps(message))
        early.clear()

    def address(self, seed: int) -> str:
        """The page's address for a game of the link with this seed: canonical, with its pace and language
        (if the link or the person chose them: a reload keeps them) and embed."""
        pace = f"&pace={self.setup.pace}" if self.params.get("pace") else ""
        lang = f"&lang={self.lang}" if self.params.get("lang") else ""
        return self.setup.query(seed) + pace + lang + self.embed

    def new_table(self, seed: int) -> Table:
        """A new game of the link's setup."""
        return self.setup.deal(seed, self.bots)

    def deal_next(self) -> None:
        """Deal the next visit of this link (it has no seed) ahead, for python.js to show at once."""
        seed = new_seed()
        html = self.new_screen(self.new_table(seed)).html()
        post("next", seed=seed, query=self.address(seed), html=html, lang=self.lang, over=False)

    def new_screen(self, table: Table, old: Screen | None = None) -> Screen:
        """Return a screen of the table in the page's language, keeping what the old one showed."""
        screen = Screen(table, get_board(table.game.id), self.lang)
        screen.pace = self.pace
        if old is not None:
            screen.confirmed, screen.selected, screen.shown = old.confirmed, old.selected, old.shown
        return screen

    @property
    def table(self) -> Table:
        """The table on the screen (dealt before any click is handled)."""
        assert self.screen is not None, "deal() runs before any message but `loaded`"
        return self.screen.table

    def save(self) -> None:
        """Store the table in the browser, and a finished game among the recent ones."""
        post("store", key=self.key, value=self.table.to_json())
        if (kept := recent.remembered(self.recent, self.table, time.time() * 1000)) is not None:
            self.recent = kept
            post("store", key=recent.KEY, value=kept)

    def paint(self) -> None:
        """Draw the screen (the page marks itself ready, and over) and let a bot move if one is to act."""
        assert self.screen is not None
        self.screen.review = self.review_html()
        post(
            "paint",
            html=self.screen.html(),
            lang=self.lang,
            over=self.table.over,
            keep=self.keep,
            title=self.table.game.name,
        )
        self.wake_bots()

    def review_html(self) -> str:
        """Return the review part of the end screen: a button per person's seat, or the review."""
        if not self.table.over:
            return ""
        record = self.table.record
        if self.reviews is None or self.reviews.record != record:
            self.reviews = Reviews(record, [state for _, state in states(record)], self.kept)
        assert self.screen is not None
        return self.reviews.html(self.table.humans(), self.screen.names, self.lang)

    def review(self, seat: str | None) -> None:
        """Show a seat's review (`seat`), worked in slices unless kept, or stop the one under way (None)."""
        if self.reviews is None:
            return
        if seat is None:
            self.reviews.stop()
        elif self.reviews.start(int(seat)):
            work_review(self.reviews, self.paint, self.kept)
        self.paint()

    def wake_bots(self) -> None:
        """Time the next bot slice if a bot is to act and none is timed."""
        if self.table.bot_to_act() is not None and not self.waiting and not self.sheet_open:
            self.waiting = True
            later(self.bot_slice, 0 if self.thinking else self.pace)

    def bot_slice(self) -> None:
        """Work one slice of the bot's thinking; when it has chosen, save and paint. Bots wait while the
        rules or an explanation are open."""
        self.waiting = False
        if self.sheet_open:
            return  # `sheet` wakes it on close
        try:
            if self.thinking is None:
                self.thinking = self.table.bot_steps()
            try:
                next(self.thinking)
            except StopIteration:
                self.thinking = None
                self.save()
                self.paint()
                return
            self.waiting = True
            later(self.bot_slice)
        except Exception as e:  # every error reaches the person
            self.thinking = None
            post("error", message=f"A bot could not move: {e}")

    def hint_slice(self) -> None:
        """Work one slice of the hint; when it is ready, show it."""
        assert self.hinting is not None and self.screen is not None
        try:
            next(self.hinting)
            later(self.hint_slice)
        except StopIteration as done:
            self.hinting = None
            self.screen.hints = done.value
            self.paint()
        except Exception as e:  # every error reaches the person
            self.hinting = None
            post("error", message=f"No hint: {e}")

    def ask_hint(self) -> None:
        """Start ranking the person's actions with the strongest bot, in slices."""
        assert self.screen is not None
        table, who = self.table, self.screen.audience()
        if self.hinting is not None or who is None or not self.screen.hint_allowed():
            return
        self.hinting = hint_steps(table.game, table.state, who, self.seed + len(table.record.actions))
        post("busy", selector="[data-hint]")
        later(self.hint_slice)

    def go(self, query: str) -> None:
        """Open another game on this page (a new link keeps its own saved table)."""
        post("go", url="?" + query + f"&lang={self.lang}" + self.embed)

    def click(self, attrs: dict[str, str]) -> None:
        """Turn a tap on the board (the clicked element's data-* attributes) into a screen click."""
        if "data-lang" in attrs:
            self.set_lang(attrs["data-lang"])
            return
        pages: dict[str, Callable[[], None]] = {
            "data-hint": self.ask_hint,
            "data-review-stop": lambda: self.review(None),
            "data-review": lambda: self.review(attrs["data-review"]),
            "data-play-again": lambda: self.go(self.setup.query(None)),
            "data-rematch": lambda: self.go(self.setup.rotated().query(self.seed + 1)),
            "data-new-game": lambda: post("go", url="../"),
            "data-record": lambda: post("download", name=self.table.file_name(), text=self.table.to_json()),
            "data-replay-link": lambda: post("link", url=replay_link(self.table.record)),
        }
        for attr, run in pages.items():
            if attr in attrs:
                run()
                return
        if self.thinking is not None and "data-handover" not in attrs:
            return
        assert self.screen is not None, "a tap reaches only a dealt page (on)"
        if "data-action" in attrs:
            self.screen.click("action", attrs["data-action"], attrs.get("data-then", ""))
        else:
            for attr, kind in SCREEN_CLICKS:
                if attr in attrs:
                    self.screen.click(kind, attrs[attr])
                    break
            else:
                pressed = attrs.get("aria-pressed") == "true"
                self.screen.click("deselect" if pressed else "select", attrs["data-select"])
        self.save()
        self.paint()

    def set_speed(self, name: str) -> None:
        """Take a new bots' speed from the tool bar, and keep it for this browser."""
        assert self.screen is not None
        if name in SPEEDS:
            self.pace = self.screen.pace = SPEEDS[name]
            post("store", key=SPEED_KEY, value=name)
            if "pace" in self.params:
                post("address", pace=str(self.pace))

    def set_lang(self, lang: str) -> None:
        """Switch the language of the screen and the link."""
        self.lang = self.params["lang"] = lang
        post("address", lang=lang)
        self.screen = self.new_screen(self.table, self.screen)
        self.paint()

    def sheet(self, is_open: bool) -> None:
        """Note whether the sheet is open; a bot whose turn waited for it goes on."""
        self.sheet_open = is_open
        if not is_open:
            self.wake_bots()


page: Page | None = None
# A link no game could start with: its query, the page's language and the game it names (None: unknown).
refused: tuple[dict[str, str], str, Game | None] | None = None
# Messages that came before the deal (a tap on a board python.js showed at once): handled after it.
early: list[dict[str, Any]] = []


def new_seed() -> int:
    """A seed for a new deal."""
    return random.randrange(SEEDS.start, SEEDS.stop)


def start(message: dict[str, Any]) -> None:
    """Read the link and ask the page for what this browser kept; a link no game can start with is said
    (the page's alert) and answered with a way on."""
    global page, refused
    try:
        page = Page(message)
    except GameError as e:
        post("error", message=str(e))
        params = dict(parse_qsl(urlsplit(message["href"]).query))
        lang = page_lang(params.get("lang"), str(message.get("language", "")))
        named = params.get("game") or DEFAULT_GAME
        refused = params, lang, next((g for g in all_games() if g.id == named), None)
        post("paint", html=bad_link_html(*refused), lang=lang, ready=False)


def answer_refused(message: dict[str, Any], params: dict[str, str], lang: str, game: Game | None) -> None:
    """After a link no game could start with, the language buttons and the rules still answer."""
    if message["ev"] == "click" and "data-lang" in message["attrs"]:
        post("go", url="?" + urlencode({**params, "lang": message["attrs"]["data-lang"]}))
    elif message["ev"] in ("explain", "rules"):
        post("sheet", html=rules_html(game.id, lang) if message["ev"] == "rules" and game else "")


def bad_link_html(params: dict[str, str], lang: str, game: Game | None) -> str:
    """Return what the page shows for a link no game can start with: its game with the usual settings (if
    it names one) in the page's language, and all games."""
    t = partial(translate, TEXTS, lang)
    way = tag("a", t("all_games"), href="../")
    if game is not None:
        kept = "".join(f"&{k}={quote(params[k], safe='')}" for k in EMBED_PARAMS if params.get(k))
        usual = f"?game={game.id}&lang={lang}{kept}"
        way = tag("a", t("usual", name=game.name), href=usual, class_="tt-act") + " " + way
    return tag(
        "section",
        tag("h2", t("bad_link")) + tag("p", t("bad_why")) + tag("p", way),
        class_="tt-bad-link",
        data_bad_link="1",
    )


def loaded(message: dict[str, Any]) -> None:
    """Deal with what this browser kept (the page's answer to `load`)."""
    if page is not None:
        values = message["values"]
        page.deal(values.get(page.key), values.get(SPEED_KEY), values.get(recent.KEY))


def on(run: Callable[[Page, dict[str, Any]], None]) -> Callable[[dict[str, Any]], object]:
    """A handler that runs on the dealt page (until the deal, the message waits; after a link no game could
    start with, `answer_refused` answers)."""

    def handle(message: dict[str, Any]) -> object:
        if refused is not None:
            answer_refused(message, *refused)
        elif page is None or page.screen is None:
            early.append(message)
            return LATER
        else:
            run(page, message)
        return None

    return handle


receive = serve(
    {
        "start": start,
        "loaded": loaded,
        "click": on(lambda p, m: p.click(m["attrs"])),
        "change": on(lambda p, m: p.set_speed(m["value"]) if "data-speed" in m["attrs"] else None),
        "sheet": on(lambda p, m: p.sheet(bool(m["open"]))),
        "explain": on(lambda p, m: post("sheet", html=p.screen.explain(m["key"]) if p.screen else "")),
        "rules": on(lambda p, m: post("sheet", html=rules_html(p.setup.game, p.lang))),
    }
)
