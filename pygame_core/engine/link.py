"""Play links: `/play/?game=futures&players=4&seats=human,bot,bot,bot&seed=7` read into a checked setup.

Seats are `human`, `bot` (the link's `level`, default 2), `bot:<level>` or `bot:<name>`.
Bot levels count from 1, weakest first: random, then the game's own bots. A game's options go by their
own names (`&open=1&games=3`); yes/no options read 1/0, true/false, yes/no or on/off.

>>> import pygame_core.games
>>> setup = read_link({"game": "futures", "seats": "human,bot,bot:1", "seed": "7"}, ["random", "trader"])
>>> setup.seats, setup.players, setup.seed
(('human', 'trader', 'random'), 3, 7)
"""

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from .bot import BotFactory
from .errors import BadSetup
from .game import Game, Options
from .registry import DEFAULT_GAME, get_game
from .rooms import ALPHABET, CODE_LENGTH
from .table import HUMAN, Table

DEFAULT_LEVEL = 2
DEFAULT_PACE_MS = 700
LANGS = ("en", "ja")
YES, NO = ("1", "true", "yes", "on"), ("0", "false", "no", "off")
# The relay's room codes (tt_relay.server: ALPHABET, CODE_LENGTH) and peer ids (8 URL-safe characters).
ROOM_ALPHABET, ROOM_LENGTH = ALPHABET, CODE_LENGTH
PEER_ID = re.compile(r"[A-Za-z0-9_-]{8}")


def room_code(text: object) -> str | None:
    """Return a room code as the relay spells it (any case, spaces and dashes ignored), or None if `text`
    is not one: nothing the relay or a person types goes into a link, a QR code or a page unchecked."""
    if not isinstance(text, str) or len(text) > 40:
        return None
    code = "".join(text.split()).replace("-", "").upper()
    return code if len(code) == ROOM_LENGTH and all(c in ROOM_ALPHABET for c in code) else None


def peer_id(value: object) -> str | None:
    """Return a relay's peer id if `value` has the form of one, else None."""
    return value if isinstance(value, str) and PEER_ID.fullmatch(value) else None


@dataclass(frozen=True)
class Setup:
    """A checked play link: the game, one seat kind per player, the seed (None: pick one), language, pace,
    and the game's options that differ from its defaults."""

    game: str
    seats: tuple[str, ...]
    seed: int | None
    lang: str | None
    pace: int
    options: Options = field(default_factory=dict)

    @property
    def players(self) -> int:
        """Return the number of seats."""
        return len(self.seats)

    def deal(self, seed: int, bots: dict[str, BotFactory]) -> Table:
        """Return a new table of this setup dealt with `seed` (the link's own seed, or another)."""
        return Table.new(self.game, list(self.seats), seed, bots, self.options)

    def query(self, seed: int | None) -> str:
        """Return the link's canonical query string with this seed (None: none, a new deal each time)."""
        kinds = ",".join(s if s == HUMAN else f"bot:{s}" for s in self.seats)
        options = "".join(f"&{k}={_text(v)}" for k, v in self.options.items())
        dealt = "" if seed is None else f"&seed={seed}"
        return f"game={self.game}&players={self.players}&seats={kinds}{dealt}{options}"

    def rotated(self) -> "Setup":
        """Return the setup for a rematch: every seat moved one place on, so another seat starts."""
        return replace(self, seats=moved_on(self.seats))


def moved_on(seats: Sequence[str]) -> tuple[str, ...]:
    """Return a rematch's seats: each one place on (seat p's player sits at p + 1, the last at 0)."""
    return (seats[-1], *seats[:-1])


def _text(value: Any) -> str:
    """Return an option's value as a link writes it."""
    return ("1" if value else "0") if isinstance(value, bool) else str(value)


def _whole(params: Mapping[str, str], key: str, low: int, high: int) -> int | None:
    """Return a whole-number parameter in [low, high], None if absent; raise BadSetup otherwise."""
    text = params.get(key)
    if text is None or text == "":
        return None
    if not text.lstrip("-").isdigit() or not low <= int(text) <= high:
        raise BadSetup(f"{key} must be a whole number from {low} to {high}, not {text!r}")
    return int(text)


def page_lang(asked: str | None, browser: str) -> str:
    """Return a page's language: the link's `lang` if it is one of LANGS, else the browser's (ja or en)."""
    if asked in LANGS:
        return str(asked)
    return "ja" if browser.startswith("ja") else "en"


def read_link(params: Mapping[str, str], levels: Sequence[str]) -> Setup:
    """Return the setup a link asks for; `levels` are the game's bot names, weakest first."""
    game = get_game(params.get("game") or DEFAULT_GAME)
    level = _whole(params, "level", 1, len(levels)) or min(DEFAULT_LEVEL, len(levels))
    players = _whole(params, "players", game.min_players, game.max_players)
    kinds = [k.strip() for k in params.get("seats", "").split(",") if k.strip()]
    if not kinds:
        kinds = [HUMAN] + ["bot"] * ((players or game.max_players) - 1)
    if players is not None and len(kinds) != players:
        raise BadSetup(f"seats names {len(kinds)} seats but players is {players}")
    if not game.min_players <= len(kinds) <= game.max_players:
        raise BadSetup(
            f"{game.name} is for {game.min_players} to {game.max_players} players, not {len(kinds)}"
        )
    seats = tuple(_seat(k, levels, level) for k in kinds)
    lang = params.get("lang") or None
    if lang is not None and lang not in LANGS:
        raise BadSetup(f"lang must be one of {', '.join(LANGS)}, not {lang!r}")
    pace = _whole(params, "pace", 0, 10_000)
    seed = _whole(params, "seed", 0, 2**53)
    options = _options(game, params)
    return Setup(game.id, seats, seed, lang, DEFAULT_PACE_MS if pace is None else pace, options)


def _options(game: Game, params: Mapping[str, str]) -> Options:
    """Return the game's options the link sets to other than their defaults, checked by the game."""
    asked: Options = {}
    for key, default in game.default_options.items():
        text = params.get(key)
        if text is None or text == "":
            continue
        if isinstance(default, bool):
            if text.lower() not in YES + NO:
                raise BadSetup(f"{key} must be 1 or 0 (yes or no), not {text!r}")
            asked[key] = text.lower() in YES
        elif isinstance(default, int):
            choices = game.option_choices[key]
            asked[key] = _whole(params, key, min(choices), max(choices))
        else:
            asked[key] = text
    game.check_options(asked)
    return {k: v for k, v in asked.items() if v != game.default_options[k]}


def _seat(kind: str, levels: Sequence[str], level: int) -> str:
    """Return `human` or the bot name a seat kind stands for."""
    if kind == HUMAN:
        return HUMAN
    if kind == "bot":
        return levels[level - 1]
    name = kind.removeprefix("bot:")
    if name.isdigit() and 1 <= int(name) <= len(levels):
        return levels[int(name) - 1]
    if kind.startswith("bot:") and name in levels:
        return name
    raise BadSetup(f"a seat is 'human', 'bot', 'bot:<level 1-{len(levels)}>' or 'bot:<name>', not {kind!r}")
