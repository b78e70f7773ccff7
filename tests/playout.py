"""Helpers for tests: random playouts that yield every state along the way."""

import json
from collections.abc import Iterator
from typing import Any

from pygame_core.engine import Action, Game, Options, Player, Rng, State


def snapshot(state: State) -> str:
    """Return the state as canonical JSON text, to compare states exactly."""
    return json.dumps(state, sort_keys=True)


def playout(
    game: Game, players: int, seed: int, options: Options | None = None
) -> Iterator[tuple[State, Player, Action]]:
    """Yield (state, player, action) for each step of a random game, checking each apply."""
    state = game.setup(players, seed, options)
    rng = Rng(seed ^ 0x5EED)
    while acting := game.to_act(state):
        player = acting[rng.below(len(acting))]
        action = rng.choice(game.legal_actions(state, player))
        yield state, player, action
        state = game.apply(state, player, action)
    yield state, -1, ""


def twin(game: Game, state: State, player: Player, rng: Rng) -> State:
    """Return a state `player` cannot tell from `state`: every hidden fact redealt, the RNG state new too.

    The RNG state (key "rng") is replaced outright, so a `determinize` that kept it would show here.
    """
    other = game.determinize(state, player, rng)
    if "rng" in other:
        other["rng"] = rng.next64()
    return other


def decisions(
    game: Game, players: int, seed: int, count: int, every: int = 7
) -> Iterator[tuple[State, Player, list[Action]]]:
    """Yield `count` (state, seat, legal) of a random game: every `every`-th step where a seat can choose."""
    steps = [(s, p, game.legal_actions(s, p)) for s, p, _ in playout(game, players, seed) if p >= 0]
    yield from [step for step in steps if len(step[2]) > 1][::every][:count]


class Traced:
    """A game that records every world `determinize` deals, to compare what two bot runs sampled."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.worlds: list[str] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def determinize(self, state: State, player: Player, rng: Rng) -> State:
        world = self.game.determinize(state, player, rng)
        self.worlds.append(snapshot(world))
        return world


def final_state(game: Game, players: int, seed: int) -> tuple[State, list[tuple[Player, Action]]]:
    """Return the last state of a random game and the actions that led there."""
    steps = list(playout(game, players, seed))
    return steps[-1][0], [(player, action) for _, player, action in steps[:-1]]


def view_leaks(game: Game, players: int, seed: int, options: Options | None = None) -> tuple[list[str], int]:
    """Return the views that change when another seat's secrets are redealt, and how many states changed."""
    rng = Rng(seed)
    leaks: list[str] = []
    changed = 0
    for step, (state, _, _) in enumerate(playout(game, players, seed, options)):
        for p in range(players):
            other = game.determinize(state, p, rng)
            changed += snapshot(other) != snapshot(state)
            for viewer in (p, None):
                if game.view(other, viewer) != game.view(state, viewer):
                    leaks.append(f"step {step}: the view of {viewer} shows a secret hidden from {p}")
            if game.to_act(other) != game.to_act(state):
                leaks.append(f"step {step}: who is to act depends on a secret")
    return leaks, changed
