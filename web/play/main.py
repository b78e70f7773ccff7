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
from pygame_core.engine import GameError, get_board, get_game
from pygame_core.engine.link import read_link
from pygame_core.engine.screen import Screen
from pygame_core.engine.table import Table

root = document.documentElement
# Embed mode (web/embed/frame.js): these stay in the link, so a reload inside the frame stays embedded.
EMBED_PARAMS = ("embed", "frame", "host", "theme", "size")
board = document.querySelector("#board")


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
        window.history.replaceState(None, "", "?" + setup.query(seed) + f"&pace={setup.pace}" + embed)
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
        self.pace = setup.pace
        self.lang = setup.lang or browser_lang()
        self.screen = Screen(table, get_board(setup.game), self.lang)
        self.thinking = None  # the bot move under way, worked in slices
        self.timer = None

    def save(self) -> None:
        """Store the table in the browser."""
        window.TradingTable.store(self.key, self.screen.table.to_json())

    def paint(self) -> None:
        """Draw the screen, mark the page ready (and over), and let a bot move if one is to act."""
        board.innerHTML = self.screen.html()
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
        """Work one slice of the bot's thinking; when it has chosen, save and paint."""
        self.timer = None
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

    def on_click(self, event: object) -> None:
        """Turn a tap on the board into a screen click, then save and paint."""
        target = event.target.closest("[data-action],[data-select],[data-handover],[data-undo],[data-lang]")
        if target is None:
            return
        try:
            if target.hasAttribute("data-lang"):
                self.set_lang(target.getAttribute("data-lang"))
                return
            if self.thinking is not None and not target.hasAttribute("data-handover"):
                return
            for attr, kind in (
                ("data-action", "action"),
                ("data-handover", "handover"),
                ("data-undo", "undo"),
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

    def set_lang(self, lang: str) -> None:
        """Switch the language of the screen and the link."""
        self.lang = lang
        old = self.screen
        self.screen = Screen(old.table, old.board, lang)
        self.screen.confirmed, self.screen.selected = old.confirmed, old.selected
        params = window.URLSearchParams.new(window.location.search)
        params.set("lang", lang)
        window.history.replaceState(None, "", "?" + params.toString())
        self.paint()


try:
    page = Page()
    document.addEventListener("click", create_proxy(page.on_click))
    page.paint()
except GameError as e:
    show_error(str(e))
