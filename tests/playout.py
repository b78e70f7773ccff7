"""Helpers for tests: random playouts that yield every state along the way."""

import json
from collections.abc import Iterator

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
