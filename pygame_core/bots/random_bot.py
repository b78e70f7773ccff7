"""The random bot: any game, a uniformly chosen legal action."""

from collections.abc import Sequence

from ..engine import Action, Game, Player, Rng, State


class RandomBot:
    """Plays a uniformly random legal action."""

    def choose(self, game: Game, state: State, player: Player, legal: Sequence[Action], rng: Rng) -> Action:
        """Return one legal action chosen uniformly."""
        return rng.choice(legal)
