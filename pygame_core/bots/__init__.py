"""Game-agnostic bots and the lookup of any game's bots by name."""

from functools import partial

from ..engine import Bot, BotFactory, Game
from ..engine.errors import BadSetup
from ..engine.registry import game_bots
from .random_bot import RandomBot
from .search import SearchBot

GENERIC: dict[str, type[RandomBot]] = {"random": RandomBot}


def bot_names(game: Game) -> list[str]:
    """Return the names of the bots that can play `game`, the game's own first."""
    return [*game_bots(game.id), *GENERIC]


def bot_levels(game: Game) -> list[str]:
    """Return the bot names by level, weakest first: random, then the game's own bots."""
    return [*GENERIC, *game_bots(game.id)]


def make_bot(game: Game, name: str) -> Bot:
    """Return a new bot called `name` for `game`, or raise BadSetup naming the choices."""
    own = game_bots(game.id)
    if name in own:
        return own[name]()
    if name in GENERIC:
        return GENERIC[name]()
    raise BadSetup(f"{game.name} has no bot {name!r} (bots: {', '.join(bot_names(game))})")


def bot_factories(game: Game) -> dict[str, BotFactory]:
    """Return every bot of `game` by name, as a table takes them."""
    return {name: partial(make_bot, game, name) for name in bot_names(game)}


__all__ = ["RandomBot", "SearchBot", "bot_factories", "bot_levels", "bot_names", "make_bot"]
