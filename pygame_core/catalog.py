"""The home page's game list: one section per registered game, with a setup form that makes a play link.

The form's fields are the play link's (`link.py`): `game`, `players`, one `seat` select per seat, `lang`,
and each of the game's options under its own name. `assets/setup.js` joins the seats into `seats=` and
hides the seats beyond the player count (`data-seat`). The same forms create a peer-play table.

>>> import pygame_core.games
>>> html = catalog("../")
>>> 'id="futures"' in html and 'action="../play/"' in html
True
>>> 'name="create" value="1"' in catalog("../", table=True)
True
"""

from typing import Any

from .bots import bot_levels
from .engine import Game, all_games, get_board, get_game
from .engine.render import Texts, tag, translate
from .engine.screen import preview

DEFAULT_PLAYERS = 4  # the player count a form and a preview start at, within the game's range
PREVIEW_SEED = 1

TEXTS: Texts = {
    "en": {
        "range": "{low}–{high} players",
        "players": "Players",
        "seats": "Seats",
        "person": "Person",
        "bot": "Bot · level {n} ({name})",
        "seat": "Seat {n}",
        "language": "Language",
        "browser": "Browser's",
        "start": "Start",
        "create": "Create table",
    },
    "ja": {
        "range": "{low}〜{high}人",
        "players": "人数",
        "seats": "席",
        "person": "人",
        "bot": "ボット · レベル{n}（{name}）",
        "seat": "席{n}",
        "language": "言語",
        "browser": "ブラウザーの設定",
        "start": "開始",
        "create": "テーブルを作る",
    },
}


def players_at_start(game: Game) -> int:
    """Return the player count a form and a preview start at."""
    return min(max(DEFAULT_PLAYERS, game.min_players), game.max_players)


def preview_board(game_id: str) -> str:
    """Return the public board of a new game, the first paint of its pages before the runtime loads."""
    return preview(game_id, players_at_start(get_game(game_id)), PREVIEW_SEED)


def preview_templates() -> str:
    """Return every game's preview board in a `<template data-game>`, for a page to pick one."""
    return "".join(tag("template", preview_board(g.id), data_game=g.id) for g in all_games())


def game_facts() -> dict[str, dict[str, Any]]:
    """Return what an embed's preview checks before any download: each game's name, players and levels."""
    return {
        g.id: {"name": g.name, "players": [g.min_players, g.max_players], "levels": len(bot_levels(g))}
        for g in all_games()
    }


def catalog(root: str, table: bool = False, lang: str = "en") -> str:
    """Return the HTML of every registered game's section, with links relative to `root`; with `table`,
    the forms create a peer-play table instead of starting a game on this device."""
    return "\n".join(game_section(game, root, table, lang) for game in all_games())


def game_section(game: Game, root: str, table: bool = False, lang: str = "en") -> str:
    """Return one game's section: its name, player range, description and setup form."""
    board = get_board(game.id)
    low, high = game.min_players, game.max_players

    def t(key: str, **fields: object) -> str:
        return translate(TEXTS, lang, key, **fields)

    title = tag("h2", f"{game.name} " + tag("small", t("range", low=low, high=high)))
    about = tag("p", board.about.get(lang) or board.about.get("en", ""))
    start = players_at_start(game)
    players = "".join(
        tag(
            "label",
            tag("input", type="radio", name_="players", value=n, checked="" if n == start else None)
            + f" {n}",
        )
        for n in range(low, high + 1)
    )
    levels = bot_levels(game)
    seats = "".join(
        tag("li", seat_select(i, levels, lang), data_seat=i, hidden="" if i >= start else None)
        for i in range(high)
    )
    labels = {**board.labels.get("en", {}), **board.labels.get(lang, {})}
    languages = [("", t("browser")), ("en", "English"), ("ja", "日本語")]
    fields = [
        tag("fieldset", tag("legend", t("players")) + players),
        tag("fieldset", tag("legend", t("seats")) + tag("ol", seats, class_="tt-seats")),
        *(option_field(game, key, labels) for key in game.default_options),
        tag(
            "label",
            t("language")
            + " "
            + tag(
                "select",
                "".join(
                    tag("option", text, value=v, selected="" if v == lang else None) for v, text in languages
                ),
                name_="lang",
            ),
        ),
        tag("p", tag("button", t("create" if table else "start"), type="submit", class_="tt-act tt-big")),
    ]
    hidden = tag("input", type="hidden", name_="game", value=game.id)
    if table:
        hidden += tag("input", type="hidden", name_="create", value="1")
    action = f"{root}{'table' if table else 'play'}/"
    form = tag(
        "form", hidden + "".join(fields), class_="tt-setup", action=action, method="get", data_setup=""
    )
    return tag("section", title + about + form, class_="tt-game", id=game.id)


def seat_select(seat: int, levels: list[str], lang: str = "en") -> str:
    """Return the select of seat `seat`: a person or a bot of some level (the first seat a person)."""
    default = "human" if seat == 0 else f"bot:{min(2, len(levels))}"
    kinds = [("human", translate(TEXTS, lang, "person"))] + [
        (f"bot:{n}", translate(TEXTS, lang, "bot", n=n, name=name)) for n, name in enumerate(levels, start=1)
    ]
    options = "".join(
        tag("option", text, value=value, selected="" if value == default else None) for value, text in kinds
    )
    return tag("select", options, name_="seat", aria_label=translate(TEXTS, lang, "seat", n=seat + 1))


def option_field(game: Game, key: str, labels: dict[str, str]) -> str:
    """Return a form field for one option: a checkbox for yes/no, else a select of its choices."""
    label = labels.get(key, key)
    default = game.default_options[key]
    if isinstance(default, bool):
        box = tag("input", type="checkbox", name_=key, value="1", checked="" if default else None)
        return tag("label", f"{box} {label}", class_="tt-option")
    choices = "".join(
        tag("option", labels.get(f"{key}={c}", str(c)), value=c, selected="" if c == default else None)
        for c in game.option_choices[key]
    )
    return tag("label", f"{label} " + tag("select", choices, name_=key), class_="tt-option")


__all__ = ["catalog", "game_facts", "preview_board", "preview_templates"]
