"""The play page: binds a pygame_core table and screen to the DOM. No rule lives here.

The link says what to play (see pygame_core.engine.link); the table is saved in the browser after every
move under the link's canonical query, so a reload resumes it. Bots think in slices between paints.
"""

import random
from functools import partial
from urllib.parse import quote

from pyodide.ffi import create_proxy
from pyscript import document, window

import pygame_core.games  # noqa: F401  (registers every game)
from pygame_core.bots import bot_levels, make_bot
from pygame_core.bots.hint import hint_steps
from pygame_core.engine import GameError, get_board, get_game
from pygame_core.engine.howto import rules_html
from pygame_core.engine.link import read_link
from pygame_core.engine.record import to_fragment
from pygame_core.engine.screen import SPEEDS, Screen
from pygame_core.engine.table import Table

root = document.documentElement
# Embed mode (web/embed/frame.js): these stay in the link, so a reload inside the frame stays embedded.
EMBED_PARAMS = ("embed", "frame", "host", "theme", "size")
board = document.querySelector("#board")
TT = window.TradingTable
SPEED_KEY = "trading-table:speed"  # the bots' speed, kept per browser
SHEET_WAIT_MS = 250  # how often paused bots look whether the sheet was closed


def show_error(message: str) -> None:
    """Show a message in the page's alert box."""
    window.TradingTable.showError(message)


def link_params() -> dict[str, str]:
    """Return the page's query parameters."""
    params = window.URLSearchParams.new(window.location.search)
    return {k: params.get(k) for k in params.keys()}  # noqa: SIM118  (a JS iterator, not a dict)


def browser_lang() -> str:
    """Return `ja` if the browser prefers Japanese, else `en`."""
    return "ja" if str(window.navigator.language).startswith("ja") else "en"


class Page:
    """The game on this page: its table, its screen, saving, painting and the bots' turns."""

    def __init__(self) -> None:
        params = link_params()
        game_id = params.get("game") or "futures"
        game = get_game(game_id)
        levels = bot_levels(game)
        setup = read_link(params, levels)
        seed = setup.seed if setup.seed is not None else random.randrange(1, 10**9)
        self.key = "trading-table:" + setup.query(seed)
        embed = "".join(f"&{k}={quote(params[k], safe='')}" for k in EMBED_PARAMS if params.get(k))
        pace = f"&pace={setup.pace}" if params.get("pace") else ""
        window.history.replaceState(None, "", "?" + setup.query(seed) + pace + embed)
        bots = {name: partial(make_bot, game, name) for name in levels}
        saved = window.TradingTable.load(self.key)
        table = None
        if saved:
            try:
                table = Table.from_json(saved, bots)
            except GameError as e:
                show_error(f"The saved game could not be resumed ({e}); a new one starts.")
        if table is None:
            table = Table.new(setup.game, list(setup.seats), seed, bots, setup.options)
        self.setup, self.seed, self.params = setup, seed, params
        speed = TT.load(SPEED_KEY)
        self.pace = SPEEDS[speed] if params.get("pace") is None and speed in SPEEDS else setup.pace
        self.lang = setup.lang or browser_lang()
        self.screen = self.new_screen(table)
        self.thinking = None  # the bot move under way, worked in slices
        self.hinting = None  # the hint under way, worked in slices
        self.timer = None

    def new_screen(self, table: Table, old: Screen | None = None) -> Screen:
        """Return a screen of the table in the page's language, keeping what the old one showed."""
        screen = Screen(table, get_board(table.game.id), self.lang)
        screen.pace = self.pace
        if old is not None:
            screen.confirmed, screen.selected, screen.shown = old.confirmed, old.selected, old.shown
        return screen

    def save(self) -> None:
        """Store the table in the browser."""
        window.TradingTable.store(self.key, self.screen.table.to_json())

    def paint(self) -> None:
        """Draw the screen, mark the page ready (and over), and let a bot move if one is to act."""
        TT.paint(board, self.screen.html())
        board.classList.remove("tt-preview")
        root.lang = self.lang
        root.dataset.ready = "1"
        if self.screen.table.over:
            root.dataset.gameOver = "1"
        else:
            root.removeAttribute("data-game-over")
        if self.screen.table.bot_to_act() is not None and self.timer is None:
            self.timer = window.setTimeout(create_proxy(self.bot_slice), self.pace)

    def bot_slice(self, *_: object) -> None:
        """Work one slice of the bot's thinking; when it has chosen, save and paint. Bots wait while the
        rules or an explanation are open."""
        self.timer = None
        if TT.sheetOpen():
            self.timer = window.setTimeout(create_proxy(self.bot_slice), SHEET_WAIT_MS)
            return
        try:
            if self.thinking is None:
                self.thinking = self.screen.table.bot_steps()
            try:
                next(self.thinking)
            except StopIteration:
                self.thinking = None
                self.save()
                self.paint()
                return
            self.timer = window.setTimeout(create_proxy(self.bot_slice), 0)
        except Exception as e:  # every error reaches the person
            self.thinking = None
            show_error(f"A bot could not move: {e}")

    def hint_slice(self, *_: object) -> None:
        """Work one slice of the hint; when it is ready, show it."""
        try:
            next(self.hinting)
            window.setTimeout(create_proxy(self.hint_slice), 0)
        except StopIteration as done:
            self.hinting = None
            self.screen.hints = done.value
            self.paint()
        except Exception as e:  # every error reaches the person
            self.hinting = None
            show_error(f"No hint: {e}")

    def ask_hint(self) -> None:
        """Start ranking the person's actions with the strongest bot, in slices."""
        table, who = self.screen.table, self.screen.audience()
        if self.hinting is not None or who is None or not self.screen.hint_allowed():
            return
        self.hinting = hint_steps(table.game, table.state, who, self.seed + len(table.record.actions))
        for tool in document.querySelectorAll("[data-hint]"):
            tool.disabled = True
            tool.setAttribute("aria-busy", "true")
        window.setTimeout(create_proxy(self.hint_slice), 0)

    def go(self, query: str) -> None:
        """Open another game on this page (a new link keeps its own saved table)."""
        embed = "".join(f"&{k}={quote(self.params[k], safe='')}" for k in EMBED_PARAMS if self.params.get(k))
        window.location.search = "?" + query + f"&lang={self.lang}" + embed

    def again(self, rematch: bool) -> None:
        """Play again with the same setup and a new deal, or a rematch: seats rotated by one, next seed."""
        if rematch:
            self.go(self.setup.rotated().query(self.seed + 1))
        else:
            self.go(self.setup.query(None))

    def download_record(self) -> None:
        """Offer the game record as a JSON file (what `python -m pygame_core replay` reads)."""
        table = self.screen.table
        blob = window.Blob.new([table.to_json()], {"type": "application/json"})
        link = document.createElement("a")
        link.href = window.URL.createObjectURL(blob)
        link.download = f"trading-table-{table.game.id}-{table.record.seed}.json"
        link.click()

    def replay_link(self, target: object) -> None:
        """Copy the link of this game's replay and show it under the button."""
        url = (
            window.URL.new("../replay/", window.location.href).href
            + "#r="
            + to_fragment(self.screen.table.record)
        )
        shown = document.createElement("p")
        anchor = document.createElement("a")
        anchor.href, anchor.textContent = url, url
        anchor.setAttribute("data-replay-href", "1")
        shown.append(anchor)
        shown.className = "tt-link"
        target.closest("section").append(shown)
        clipboard = window.navigator.clipboard
        if clipboard:
            clipboard.writeText(url).catch(create_proxy(lambda _: None))

    def on_click(self, event: object) -> None:
        """Turn a tap on the board into a screen click, then save and paint."""
        target = event.target.closest(
            "[data-action],[data-select],[data-handover],[data-undo],[data-lang],[data-dismiss],[data-hint],"
            "[data-play-again],[data-rematch],[data-new-game],[data-record],[data-replay-link]"
        )
        if target is None:
            return
        try:
            if target.hasAttribute("data-lang"):
                self.set_lang(target.getAttribute("data-lang"))
                return
            for attr, run in (
                ("data-hint", self.ask_hint),
                ("data-play-again", lambda: self.again(rematch=False)),
                ("data-rematch", lambda: self.again(rematch=True)),
                ("data-new-game", lambda: window.location.assign("../")),
                ("data-record", self.download_record),
                ("data-replay-link", lambda: self.replay_link(target)),
            ):
                if target.hasAttribute(attr):
                    run()
                    return
            if self.thinking is not None and not target.hasAttribute("data-handover"):
                return
            if target.hasAttribute("data-action"):
                self.screen.click(
                    "action", target.getAttribute("data-action"), target.getAttribute("data-then") or ""
                )
            else:
                for attr, kind in (
                    ("data-handover", "handover"),
                    ("data-undo", "undo"),
                    ("data-dismiss", "dismiss"),
                ):
                    if target.hasAttribute(attr):
                        self.screen.click(kind, target.getAttribute(attr))
                        break
                else:
                    pressed = target.getAttribute("aria-pressed") == "true"
                    self.screen.click("deselect" if pressed else "select", target.getAttribute("data-select"))
            self.save()
            self.paint()
        except (GameError, ValueError) as e:
            show_error(str(e))

    def on_change(self, event: object) -> None:
        """Take a new bots' speed from the tool bar, and keep it for this browser."""
        if event.target.hasAttribute("data-speed"):
            name = event.target.value
            self.pace = self.screen.pace = SPEEDS[name]
            TT.store(SPEED_KEY, name)
            params = window.URLSearchParams.new(window.location.search)
            if params.has("pace"):
                params.set("pace", str(self.pace))
                window.history.replaceState(None, "", "?" + params.toString())

    def set_lang(self, lang: str) -> None:
        """Switch the language of the screen and the link."""
        self.lang = lang
        self.screen = self.new_screen(self.screen.table, self.screen)
        params = window.URLSearchParams.new(window.location.search)
        params.set("lang", lang)
        window.history.replaceState(None, "", "?" + params.toString())
        self.paint()


try:
    page = Page()
    document.addEventListener("click", create_proxy(page.on_click))
    document.addEventListener("change", create_proxy(page.on_change))
    TT.explain = create_proxy(lambda key: page.screen.explain(key))
    TT.rules = create_proxy(lambda: rules_html(page.screen.table.game.id, page.lang))
    page.save()
    page.paint()
except GameError as e:
    show_error(str(e))
