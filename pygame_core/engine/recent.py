"""The games this browser finished last, newest first, for the replay page to list and open again.

A page keeps them as one JSON list (python.js stores it under KEY): each game its packed record (`r`, as a
replay link's `#r=` carries it), when it ended (`at`, ms since 1970), who sat where and the scores.
"""

import json
from collections.abc import Callable
from typing import Any

from .errors import UnknownGame
from .record import to_fragment
from .registry import get_board, get_game
from .render import Texts, esc, ranked, score_line, tag, translate
from .screen import seat_name
from .table import Table

KEY = "trading-table:recent"
LIMIT = 12  # games kept: a record packs to a few kilobytes
TEXTS: Texts = {
    "en": {
        "title": "Your recent games",
        "about": "The last games finished in this browser. Tap one to watch it again.",
        "won": "{line} (won)",
        "sep": " · ",
    },
    "ja": {
        "title": "最近のゲーム",
        "about": "このブラウザーで最後まで遊んだゲームです。タップするともう一度見られます。",
        "won": "{line}（勝ち）",
        "sep": "、",
    },
}


def games(saved: str | None) -> list[dict[str, Any]]:
    """Return the kept games from their JSON ([] for none; a game that is not one of ours is left out)."""
    try:
        kept = json.loads(saved or "[]")
    except json.JSONDecodeError:
        return []
    return [g for g in kept if _sound(g)] if isinstance(kept, list) else []


def _sound(game: Any) -> bool:
    """Return whether a kept game has every field, of its type, and names a registered game."""
    kinds: dict[str, type | tuple[type, ...]] = {
        "r": str,
        "game": str,
        "at": (int, float),
        "seats": list,
        "scores": list,
        "winners": list,
    }
    if not isinstance(game, dict) or not all(isinstance(game.get(k), t) for k, t in kinds.items()):
        return False
    try:
        get_game(game["game"])
    except UnknownGame:
        return False
    return len(game["seats"]) == len(game["scores"]) and all(isinstance(s, int) for s in game["scores"])


def remembered(saved: str | None, table: Table, at: float) -> str | None:
    """Return the kept games (JSON) with the table's finished game first, at most LIMIT of them; None
    while the game goes on or when it is kept already (a finished game reloaded stays where it was)."""
    outcome = table.game.result(table.state)
    if outcome is None:
        return None
    kept = games(saved)
    packed = to_fragment(table.record)
    if any(g["r"] == packed for g in kept):
        return None
    game = {
        "r": packed,
        "game": table.game.id,
        "at": at,
        "seats": [s.kind for s in table.seats],
        "scores": list(outcome.scores),
        "winners": list(outcome.winners),
    }
    return json.dumps([game, *kept][:LIMIT])


def recent_html(saved: str | None, lang: str, when: Callable[[float], str]) -> str:
    """Return the kept games as a list, each a button (`data-recent`: its packed record), "" for none;
    `when(at)` says when a game ended, in the reader's time zone."""
    kept = games(saved)
    if not kept:
        return ""
    items = "".join(
        tag("li", tag("button", _line(g, lang, when), type="button", data_recent=g["r"])) for g in kept
    )
    body = tag("h2", translate(TEXTS, lang, "title")) + tag("p", translate(TEXTS, lang, "about"))
    return tag("section", body + tag("ul", items), class_="tt-recent")


def _line(game: dict[str, Any], lang: str, when: Callable[[float], str]) -> str:
    """Return one kept game's button text: the game, when it ended, every seat's score best first."""
    colours = get_board(game["game"]).seat_names(len(game["seats"]), lang)
    people = game["seats"].count("human")
    names = [
        seat_name(c, kind == "human", people, lang) for c, kind in zip(colours, game["seats"], strict=True)
    ]
    lines = [score_line(names[p], game["scores"][p], lang) for p in range(len(names))]
    words = [
        translate(TEXTS, lang, "won", line=lines[p]) if p in game["winners"] else lines[p]
        for p in ranked(game["scores"])
    ]
    head = tag("strong", get_game(game["game"]).name) + " " + tag("time", esc(when(game["at"])))
    return head + tag("span", translate(TEXTS, lang, "sep").join(words))
