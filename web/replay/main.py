"""The replay page: opens a game record (a `#r=` link, a file or pasted JSON) and steps through it with
pygame_core's Replayer. No rule lives here; a bad record shows the reason `replay` gives. This runs in a
Web Worker (web/assets/worker.mjs); the page (public/assets/python.js) sends taps, changes and the form."""

from typing import Any
from urllib.parse import parse_qsl, urlsplit

import js  # the worker's global scope: its clock and date formats
from pyodide.ffi import to_js
from tt_bridge import post, serve, work_review

import pygame_core.games  # noqa: F401  (registers every game)
from pygame_core.bots.review import Reviews
from pygame_core.engine import GameError, Record, recent, screen
from pygame_core.engine.howto import rules_html
from pygame_core.engine.link import page_lang
from pygame_core.engine.record import from_fragment
from pygame_core.engine.render import Texts, plain, translate
from pygame_core.engine.replayer import Replayer

TEXTS: Texts = {
    "en": {
        "title": "Replay a game",
        "about": "At the end of a game, “{record}” and “{replay_link}” give you what opens here.",
        "file": "Record file",
        "paste": "Or paste the record (JSON)",
        "open": "Open",
    },
    "ja": {
        "title": "ゲームのリプレイ",
        "about": "ゲームの終わりの「{record}」と「{replay_link}」で得たものを、ここで開けます。",
        "file": "記録ファイル",
        "paste": "または記録（JSON）を貼り付け",
        "open": "開く",
    },
}
ERRORS: Texts = {  # what the alert says above the reason `replay` gives (in English)
    "en": {
        "link": "The record in this link could not be opened; perhaps the link was cut short when it was "
        "copied. ({error})",
        "record": "This record could not be opened. ({error})",
    },
    "ja": {
        "link": "このリンクの記録を開けませんでした。コピーのときにリンクが途中で切れたのかもしれません。"
        "（{error}）",
        "record": "この記録を開けませんでした。（{error}）",
    },
}
replayer: Replayer | None = None
lang = "en"
games: str | None = None  # the games this browser finished last (python.js passes them: data-storage)
kept: dict[str, str | None] = {}  # the finished reviews this browser keeps (data-storage too)
reviews: Reviews | None = None  # the open record's reviews, once it reaches the end of its game


def paint(top: bool = False) -> None:
    """Draw the replay, or the form to open a record, and the recent games (`top`: scroll up to it)."""
    buttons = {key: plain(screen.TEXTS, lang, key) for key in ("record", "replay_link")}  # the end's own
    post("texts", texts={key: translate(TEXTS, lang, key, **buttons) for key in TEXTS["en"]})
    post("hide", selector="#open", hidden=replayer is not None)
    if replayer is not None and reviews is not None:
        replayer.review = reviews.html(range(replayer.record.players), replayer.names, lang)
    html = replayer.html() if replayer is not None else ""
    post("paint", html=html + recent.recent_html(games, lang, when), lang=lang, top=top)


def when(at: float) -> str:
    """Return a moment (ms since 1970) as the reader's browser writes a date and time in `lang`."""
    style = to_js({"dateStyle": "medium", "timeStyle": "short"}, dict_converter=js.Object.fromEntries)
    return str(js.Date.new(at).toLocaleString(lang, style))


def open_text(text: str, packed: bool = False) -> None:
    """Open a record from JSON text (or a link's packed fragment) at its top; a bad one is explained."""
    global replayer, reviews
    error = ""
    if reviews is not None:
        reviews.stop()  # the record it reviews is closed
    try:
        replayer = Replayer(from_fragment(text) if packed else Record.from_json(text), lang)
        reviews = Reviews(replayer.record, replayer.states, kept) if replayer.over else None
    except GameError as e:
        error = plain(ERRORS, lang, "link" if packed else "record", error=str(e))
    paint(top=True)  # first: the page is ready (data-ready) with the form before it says what was wrong
    if error:
        post("error", message=error)


def explain(key: str) -> str:
    """Return what a thing on the board is and does at this step, for this viewer."""
    if replayer is None:
        return key
    return replayer.explain(key)


def review(seat: str | None) -> None:
    """Show a seat's review (`seat`), worked in slices unless kept, or stop the one under way (None)."""
    if reviews is not None:
        if seat is None:
            reviews.stop()
        elif reviews.start(int(seat)):
            work_review(reviews, paint, kept)
    paint()


def click(attrs: dict[str, str]) -> None:
    """Step, open a recent game, review a seat's play, or switch the language."""
    global lang
    if "data-review" in attrs or "data-review-stop" in attrs:
        review(attrs.get("data-review"))
        return
    if "data-recent" in attrs:  # its link first (Back comes to the list), then the replay is painted there
        post("address", push="#r=" + attrs["data-recent"])
        open_text(attrs["data-recent"], packed=True)
        return
    if "data-lang" in attrs:
        lang = attrs["data-lang"]
        if replayer is not None:
            replayer.lang, replayer.names = lang, replayer.board.seat_names(replayer.record.players, lang)
    elif replayer is not None and "data-replay-step" in attrs:
        replayer.go(int(attrs["data-replay-step"]))
    paint()


def change(attrs: dict[str, str], value: str) -> None:
    """See the game as another seat, go to the action the slider was moved to, or open a chosen file."""
    if "data-replay-viewer" in attrs and replayer is not None:
        replayer.see_as(None if value == "table" else int(value))
        paint()
    elif "data-replay-scrub" in attrs and replayer is not None:
        replayer.go(int(value))
        paint()
    elif "data-record-file" in attrs:
        open_text(value)


def start(message: dict[str, Any]) -> None:
    """Open the link's record, or show the form; list the recent games."""
    global lang, games
    games = message["stored"].get(recent.KEY)
    kept.update(message["stored"])
    query = dict(parse_qsl(urlsplit(message["href"]).query))
    lang = page_lang(query.get("lang"), str(message["language"]))
    show(message["href"])


def show(href: str) -> None:
    """Open the record an address's `#r=` carries, or show the form (Back from a record opened here)."""
    global replayer, reviews
    fragment = urlsplit(href).fragment
    if fragment.startswith("r="):
        open_text(fragment[2:], packed=True)
    else:
        if reviews is not None:
            reviews.stop()
        replayer, reviews = None, None
        paint(top=True)


receive = serve(
    {
        "start": start,
        "click": lambda m: click(m["attrs"]),
        "change": lambda m: change(m["attrs"], m["value"]),
        "submit": lambda m: open_text(m["fields"].get("record", "")),
        "popstate": lambda m: show(m["href"]),
        "explain": lambda m: post("sheet", html=explain(m["key"])),
        "rules": lambda m: post("sheet", html=rules_html(replayer.game.id, lang) if replayer else ""),
    }
)
