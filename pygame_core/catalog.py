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

import html
import json
import re
from typing import Any
from urllib.parse import urlencode

from .bots import bot_factories, bot_levels
from .engine import Game, all_games, get_board, get_game
from .engine.howto import rules_html
from .engine.link import LANGS, read_link
from .engine.render import Texts, dotted, esc, tag, translate
from .engine.screen import Screen, help_button, preview
from .engine.table import HUMAN

DEFAULT_PLAYERS = 4  # the player count a form and a preview start at, within the game's range
PREVIEW_SEED = 1
COUNTS = [
    "No",
    "One",
    "Two",
    "Three",
    "Four",
    "Five",
    "Six",
    "Seven",
    "Eight",
    "Nine",
    "Ten",
    "Eleven",
    "Twelve",
]

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
        "minutes": "{low}–{high} min",
        "minutes_one": "about {low} min",
        "play": "Play vs bots",
        "hotseat": "Pass one phone",
        "table": "Phones around a table",
        "howto": "How to play",
        "options": "Options",
        "rules_title": "How to play {name}",
        "other_lang": "日本語",
        "home": "All games",
    },
    "ja": {
        "range": "{low}〜{high}人",
        "players": "人数",
        "seats": "席",
        "person": "人",
        "bot": "ボット・レベル{n}（{name}）",
        "bot=random": "ランダム",
        "bot=planner": "プランナー",
        "seat": "席{n}",
        "language": "言語",
        "browser": "ブラウザーの設定",
        "start": "開始",
        "create": "テーブルを作る",
        "minutes": "{low}〜{high}分",
        "minutes_one": "約{low}分",
        "play": "ボットと遊ぶ",
        "hotseat": "1台を回して遊ぶ",
        "table": "各自のスマホで遊ぶ",
        "howto": "遊び方",
        "options": "設定",
        "rules_title": "{name}の遊び方",
        "other_lang": "English",
        "home": "ゲーム一覧",
    },
}


def players_at_start(game: Game) -> int:
    """Return the player count a form and a preview start at."""
    return min(max(DEFAULT_PLAYERS, game.min_players), game.max_players)


def preview_board(game_id: str, lang: str = "en", players: int = 0) -> str:
    """Return the public board of a new game (of `players`, else as a form starts), the first paint of its
    pages before the runtime loads."""
    return preview(game_id, players or players_at_start(get_game(game_id)), PREVIEW_SEED, lang)


def play_params(game: Game, players: int = 0, people: bool = False) -> dict[str, str]:
    """Return the home page's "play vs bots" link of a game (of `players`, else as a form starts): you in
    seat 0, bots in the others; with `people`, a person in every seat (one phone passed, or a table)."""
    players = players or players_at_start(game)
    seats = [HUMAN] * players if people else [HUMAN] + ["bot"] * (players - 1)
    return {"game": game.id, "players": str(players), "seats": ",".join(seats)}


# The ways to play a game, each a button of the home page's card (TEXTS key, page, a person in every seat)
WAYS = (("play", "play", False), ("hotseat", "play", True), ("table", "table", True))


def _first(game_id: str, lang: str, players: int = 0) -> Screen:
    """Return the screen the home page's link of a game opens on, dealt with the preview seed."""
    game = get_game(game_id)
    setup = read_link(play_params(game, players), bot_levels(game))
    screen = Screen(setup.deal(PREVIEW_SEED, bot_factories(game)), get_board(game.id), lang)
    screen.pace = setup.pace
    return screen


def first_screen(game_id: str, lang: str = "en", players: int = 0) -> str:
    """Return the screen the home page's link of a game opens on (of `players`, else as a form starts),
    dealt with the preview seed: the play page's first paint (under "Shuffling…") until the engine paints
    its own deal, laid out as that will be (tools, prompt, hand, log), so nothing moves and no text style
    is new to the browser then."""
    return _first(game_id, lang, players).html()


def first_explanations(game_id: str, lang: str = "en", players: int = 0) -> dict[str, str]:
    """Return what each thing on that first screen is, as the sheet shows it (its `data-explain` key ->
    HTML): the play page explains its preview from these while Python starts."""
    screen = _first(game_id, lang, players)
    keys = dict.fromkeys(html.unescape(key) for key in re.findall(r'data-explain="([^"]*)"', screen.html()))
    return {key: screen.explain(key) for key in keys}


def preview_page(game_id: str, lang: str, players: int = 0) -> str:
    """Return a game's first screen with its explanations (`<script type="application/json"
    data-explanations>`): what the play page shows until the engine paints."""
    explanations = json_script(first_explanations(game_id, lang, players))
    return first_screen(game_id, lang, players) + tag(
        "script", explanations, type="application/json", data_explanations=""
    )


def preview_templates() -> str:
    """Return every game's first screen in each language, at the count a form starts at, in a `<template
    data-game data-lang data-players data-most>` each (data-most: a link's count when it names none), for
    the play page to pick one; its other counts are files of their own (build.py, PLAY_PREVIEWS)."""
    return "".join(
        tag(
            "template",
            preview_page(game.id, lang),
            data_game=game.id,
            data_lang=lang,
            data_players=players_at_start(game),
            data_most=game.max_players,
        )
        for game in all_games()
        for lang in LANGS
    )


def help_templates() -> str:
    """Return the "How to play" tool in each language, in a `<template data-help-button data-lang
    data-games>` each (`data-games`: every game's id), for a page that knows its game from its link before
    Python is up (a phone's join link) to open the game's rules page's text."""
    games = " ".join(game.id for game in all_games())
    return "".join(
        tag("template", help_button(lang), data_help_button="", data_lang=lang, data_games=games)
        for lang in LANGS
    )


def json_script(value: object) -> str:
    """Return JSON to put in a `<script>` element (no `</` in it to end the element early)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")


def game_facts() -> dict[str, dict[str, Any]]:
    """Return what an embed's preview checks before any download: each game's name, players (and the count
    a form starts at), levels."""
    return {
        g.id: {
            "name": g.name,
            "players": [g.min_players, g.max_players],
            "start": players_at_start(g),
            "levels": len(bot_levels(g)),
        }
        for g in all_games()
    }


def catalog(root: str, table: bool = False, lang: str = "en") -> str:
    """Return the HTML of every registered game's section, with links relative to `root`; with `table`,
    the forms create a peer-play table instead of starting a game on this device."""
    return "\n".join(game_section(game, root, table, lang) for game in all_games())


def home(root: str, lang: str = "en") -> str:
    """Return the home page's grid of games: for each a picture drawn by its own board, its players,
    minutes and pitch, "Play vs bots" in one tap, "How to play", and the full setup behind "Options"."""
    return tag("div", "".join(game_card(game, root, lang) for game in all_games()), class_="tt-games")


def game_count(lang: str) -> str:
    """Return how many games are registered as the home page and the manifest say it: "Five" in English
    (a word up to twelve, capitalised to start a sentence), "5" in Japanese."""
    count = len(all_games())
    return COUNTS[count] if lang == "en" and count < len(COUNTS) else str(count)


def picture(game: Game, lang: str) -> str:
    """Return the first picture of a new game's public board (its renderer's own SVG)."""
    board = preview(game.id, players_at_start(game), PREVIEW_SEED, lang)
    start = board.find("<svg")
    return board[start : board.find("</svg>", start) + len("</svg>")] if start >= 0 else ""


def pitch(text: str) -> str:
    """Return the first sentence of a paragraph."""
    for end in ("。", ". "):
        if end in text:
            return text[: text.index(end) + len(end)].strip()
    return text


def game_card(game: Game, root: str, lang: str) -> str:
    """Return one game's card on the home page."""
    board = get_board(game.id)

    def t(key: str, **fields: object) -> str:
        return translate(TEXTS, lang, key, **fields)

    low, high = board.minutes
    facts = [t("range", low=game.min_players, high=game.max_players)]
    if low:
        facts.append(t("minutes", low=low, high=high) if high > low else t("minutes_one", low=low))
    links = {
        key: f"{root}{page}/?{urlencode({**play_params(game, people=people), 'lang': lang}, safe=',')}"
        + ("&create=1" if page == "table" else "")
        for key, page, people in WAYS
    }
    rules = f"{root}rules/{game.id}/" + ("ja/" if lang == "ja" else "")
    about = board.about.get(lang) or board.about.get("en", "")
    ways = "".join(
        tag("a", t(key), href=links[key], class_="tt-act tt-way", **{f"data_{key}": game.id})
        for key, _, _ in WAYS
    )
    return tag(
        "article",
        tag("a", picture(game, lang), href=links["play"], class_="tt-pic", tabindex="-1", aria_hidden="true")
        + tag("h2", esc(game.name) + " " + tag("small", dotted(facts, lang)))
        + tag("p", esc(pitch(about)))
        + tag("p", ways, class_="tt-ways")
        + tag("p", tag("a", t("howto"), href=rules, class_="tt-act", data_rules=game.id), class_="tt-cta")
        + tag("details", tag("summary", t("options")) + setup_form(game, root, False, lang)),
        class_="tt-game",
        id=game.id,
    )


def rules_title(game_id: str, lang: str) -> str:
    """Return a rules page's title, "How to play <game>" in `lang` (HTML)."""
    return translate(TEXTS, lang, "rules_title", name=get_game(game_id).name)


def rules_page(game_id: str, lang: str, root: str) -> str:
    """Return the body of a game's how-to-play page (`/rules/<game>/`, Japanese under `ja/`): the rules
    (`[data-rules-text]`: the play page shows them from here while Python starts), a link to the other
    language, "Play vs bots" and the way home."""
    game = get_game(game_id)

    def t(key: str, **fields: object) -> str:
        return translate(TEXTS, lang, key, **fields)

    other = f"{root}rules/{game_id}/" + ("" if lang == "ja" else "ja/")
    players = players_at_start(game)
    seats = ",".join(["human"] + ["bot"] * (players - 1))
    play = f"{root}play/?game={game_id}&players={players}&seats={seats}&lang={lang}"
    nav = tag(
        "nav",
        tag("a", t("home"), href=f"{root}{'?lang=ja' if lang == 'ja' else ''}")
        + tag("a", t("other_lang"), href=other, hreflang="en" if lang == "ja" else "ja", data_other_lang=""),
        class_="tt-nav",
    )
    cta = tag("p", tag("a", t("play"), href=play, class_="tt-act tt-big", data_play=game_id), class_="tt-cta")
    text = tag("div", rules_html(game_id, lang), data_rules_text="")
    body = tag("h1", rules_title(game_id, lang)) + cta + text + cta
    return nav + tag("article", body, class_="tt-rules")


def game_section(game: Game, root: str, table: bool = False, lang: str = "en") -> str:
    """Return one game's section: its name, player range, description and setup form."""
    board = get_board(game.id)
    low, high = game.min_players, game.max_players
    title = tag("h2", f"{game.name} " + tag("small", translate(TEXTS, lang, "range", low=low, high=high)))
    about = tag("p", board.about.get(lang) or board.about.get("en", ""))
    return tag("section", title + about + setup_form(game, root, table, lang), class_="tt-game", id=game.id)


def setup_form(game: Game, root: str, table: bool, lang: str) -> str:
    """Return a game's setup form: players, seats, options and language; it starts a game or a table."""
    board = get_board(game.id)
    low, high = game.min_players, game.max_players

    def t(key: str, **fields: object) -> str:
        return translate(TEXTS, lang, key, **fields)

    start = players_at_start(game)
    players = "".join(
        tag(
            "label",
            tag("input", type="radio", name_="players", value=n, checked="" if n == start else None)
            + f" {n}",
        )
        for n in range(low, high + 1)
    )
    seats = "".join(
        tag("li", seat_select(game, i, lang, table), data_seat=i, hidden="" if i >= start else None)
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
    return tag(
        "form", hidden + "".join(fields), class_="tt-setup", action=action, method="get", data_setup=""
    )


def bot_label(game: Game, name: str, lang: str = "en") -> str:
    """Return how a bot of `game` is named to people: its level (1 the weakest) and its name in `lang`."""
    key = f"bot={name}"  # the game's own labels, then the shared bots' (random, planner), then the name
    shown = get_board(game.id).labels.get(lang, {}).get(key) or TEXTS.get(lang, {}).get(key, name)
    return translate(TEXTS, lang, "bot", n=bot_levels(game).index(name) + 1, name=shown)


def seat_select(game: Game, seat: int, lang: str = "en", people: bool = False) -> str:
    """Return the select of seat `seat`: a person or a bot of some level (the first seat a person, and
    with `people`, a table's, every seat)."""
    levels = bot_levels(game)
    default = "human" if seat == 0 or people else f"bot:{min(2, len(levels))}"
    kinds = [("human", translate(TEXTS, lang, "person"))] + [
        (f"bot:{n}", bot_label(game, name, lang)) for n, name in enumerate(levels, start=1)
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


__all__ = [
    "bot_label",
    "catalog",
    "game_facts",
    "help_templates",
    "home",
    "preview_board",
    "preview_templates",
    "rules_page",
    "rules_title",
]
