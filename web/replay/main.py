"""The replay page: opens a game record (a `#r=` link, a file or pasted JSON) and steps through it with
pygame_core's Replayer. No rule lives here; a bad record shows the reason `replay` gives."""

from pyodide.ffi import create_proxy
from pyscript import document, window

import pygame_core.games  # noqa: F401  (registers every game)
from pygame_core.engine import GameError, Record
from pygame_core.engine.record import from_fragment
from pygame_core.engine.render import Texts, translate
from pygame_core.engine.replayer import Replayer

root = document.documentElement
board = document.querySelector("#board")
form = document.querySelector("#open")
TT = window.TradingTable
params = window.URLSearchParams.new(window.location.search)
lang = params.get("lang") or ("ja" if str(window.navigator.language).startswith("ja") else "en")
TEXTS: Texts = {
    "en": {
        "title": "Replay a game",
        "file": "Record file",
        "paste": "Or paste the record (JSON)",
        "open": "Open",
    },
    "ja": {
        "title": "ゲームのリプレイ",
        "file": "記録ファイル",
        "paste": "または記録（JSON）を貼り付け",
        "open": "開く",
    },
}
replayer: Replayer | None = None


def paint() -> None:
    """Draw the replay, or the form to open a record."""
    root.lang = lang
    for label in document.querySelectorAll("[data-text]"):
        label.textContent = translate(TEXTS, lang, label.dataset.text)
    form.hidden = replayer is not None
    if replayer is not None:
        TT.paint(board, replayer.html())
    root.dataset.ready = "1"


def show(record: Record) -> None:
    """Replay a record and show its end."""
    global replayer
    replayer = Replayer(record, lang)
    TT.explain = create_proxy(
        lambda key: (
            replayer.board.explain(
                key, replayer.game.view(replayer.states[replayer.step], replayer.viewer), lang
            )
            or key
        )
    )
    paint()


def open_text(text: str, packed: bool = False) -> None:
    """Open a record from JSON text (or a link's packed fragment); a bad one is explained on the page."""
    try:
        show(from_fragment(text) if packed else Record.from_json(text))
    except GameError as e:
        TT.showError(str(e))
        paint()


def on_click(event: object) -> None:
    """Step, or switch the language."""
    target = event.target.closest("[data-replay-step],[data-lang]")
    if target is None:
        return
    global lang
    if target.hasAttribute("data-lang"):
        lang = target.getAttribute("data-lang")
        if replayer is not None:
            replayer.lang, replayer.names = lang, replayer.board.seat_names(replayer.record.players, lang)
    elif replayer is not None:
        replayer.go(int(target.getAttribute("data-replay-step")))
    paint()


def on_change(event: object) -> None:
    """See the game as another seat, or open a chosen file."""
    target = event.target
    if target.hasAttribute("data-replay-viewer") and replayer is not None:
        value = target.value
        replayer.see_as(None if value == "table" else int(value))
        paint()
    elif target.hasAttribute("data-record-file") and target.files.length:
        target.files.item(0).text().then(create_proxy(open_text))


def on_submit(event: object) -> None:
    """Open the pasted record."""
    event.preventDefault()
    open_text(document.querySelector("[data-record-text]").value)


document.addEventListener("click", create_proxy(on_click))
document.addEventListener("change", create_proxy(on_change))
form.addEventListener("submit", create_proxy(on_submit))
fragment = str(window.location.hash)
if fragment.startswith("#r="):
    open_text(fragment[3:], packed=True)
else:
    paint()
