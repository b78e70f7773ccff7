"""The bot protocol: a player program that picks one legal action."""

from collections.abc import Callable, Iterator, Sequence
from typing import Protocol

from .game import Action, Game, Player, State
from .rng import Rng


class Bot(Protocol):
    """A player program. It must base its choice only on `game.view(state, player)` or on
    `game.determinize(state, player, rng)`: the full state is passed so search bots can sample from it."""

    def choose(self, game: Game, state: State, player: Player, legal: Sequence[Action], rng: Rng) -> Action:
        """Return one of `legal`."""
        ...


BotFactory = Callable[[], Bot]


def thinking(
    bot: Bot, game: Game, state: State, player: Player, legal: Sequence[Action], rng: Rng
) -> Iterator[Action | None]:
    """Yield None between slices of work, then the action; only bots with a `think` method work in slices."""
    think = getattr(bot, "think", None)
    if think is None:
        yield bot.choose(game, state, player, legal, rng)
    else:
        yield from think(game, state, player, legal, rng)
