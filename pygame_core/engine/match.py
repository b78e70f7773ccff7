"""The match runner: bots and people take turns until the game is over, and a record is kept."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .bot import Bot
from .errors import IllegalAction
from .game import Action, Game, Outcome, Player, State
from .record import Record
from .rng import Rng


@dataclass(frozen=True)
class Match:
    """A finished match: its final state, outcome and record."""

    state: State
    outcome: Outcome
    record: Record


def play_match(
    game: Game,
    bots: Sequence[Bot],
    seed: int,
    options: Mapping[str, Any] | None = None,
    bot_seed: int | None = None,
) -> Match:
    """Return the finished match of `bots` (one per seat) from `seed`."""
    state = game.setup(len(bots), seed, options)
    rng = Rng(seed * 7919 + 1 if bot_seed is None else bot_seed)
    actions: list[tuple[Player, Action]] = []
    while acting := game.to_act(state):
        player = acting[0]
        legal = game.legal_actions(state, player)
        action = bots[player].choose(game, state, player, legal, rng)
        if action not in legal:
            raise IllegalAction(f"bot of seat {player} chose {action!r}, which is not legal")
        state = game.transition(state, player, action)
        actions.append((player, action))
    outcome = game.result(state)
    if outcome is None:
        raise RuntimeError(f"{game.name}: nobody is to act but the game has no result")
    record = Record(game.id, len(bots), seed, game.check_options(options or {}), tuple(actions))
    return Match(state, outcome, record)
