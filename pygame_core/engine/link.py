"""Play links: `/play/?game=futures&players=4&seats=human,bot,bot,bot&seed=7` read into a checked setup.

Seats are `human`, `bot` (the link's `level`, default 2), `bot:<level>` or `bot:<name>`.
Bot levels count from 1, weakest first: random, then the game's own bots.

>>> import pygame_core.games
>>> setup = read_link({"game": "futures", "seats": "human,bot,bot:1", "seed": "7"}, ["random", "trader"])
>>> setup.seats, setup.players, setup.seed
(('human', 'trader', 'random'), 3, 7)
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .errors import BadSetup
from .registry import get_game
from .table import HUMAN

DEFAULT_GAME = "futures"
DEFAULT_LEVEL = 2
DEFAULT_PACE_MS = 700
LANGS = ("en", "ja")


@dataclass(frozen=True)
class Setup:
    """A checked play link: the game, one seat kind per player, the seed (None: pick one), language, pace."""

    game: str
    seats: tuple[str, ...]
    seed: int | None
    lang: str | None
    pace: int

    @property
    def players(self) -> int:
        """Return the number of seats."""
        return len(self.seats)

    def query(self, seed: int) -> str:
        """Return the link's canonical query string with this seed."""
        kinds = ",".join(s if s == HUMAN else f"bot:{s}" for s in self.seats)
        return f"game={self.game}&players={self.players}&seats={kinds}&seed={seed}"


def _whole(params: Mapping[str, str], key: str, low: int, high: int) -> int | None:
    """Return a whole-number parameter in [low, high], None if absent; raise BadSetup otherwise."""
    text = params.get(key)
    if text is None or text == "":
        return None
    if not text.lstrip("-").isdigit() or not low <= int(text) <= high:
        raise BadSetup(f"{key} must be a whole number from {low} to {high}, not {text!r}")
    return int(text)


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
    return Setup(game.id, seats, seed, lang, DEFAULT_PACE_MS if pace is None else pace)


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
