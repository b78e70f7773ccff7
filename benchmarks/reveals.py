#!/usr/bin/env python3
"""How well and how fast `Game.reveals` (what undo relies on) tells a move that shows something hidden.

    python3 benchmarks/reveals.py [--games 3] [--reference 32]

For every registered game at its fewest players, every action of random games from seeds 0..N-1 is
judged with the registered number of worlds per seat (`REVEAL_WORLDS`) and with `--reference` worlds.
`reveals` never reports a reveal that did not happen, so a reference "yes" it answered "no" is a miss.
Columns: actions judged, how many revealed something, misses, and ms per action with each world count.
"""

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame_core.games  # noqa: F401  (registers every game)
from pygame_core.engine import Game, Rng, all_games
from pygame_core.engine import game as game_module


def judged(game: Game, seed: int, worlds: int) -> tuple[list[bool], float]:
    """Return whether each action of a random game revealed something, and the seconds spent judging."""
    default = game_module.REVEAL_WORLDS
    game_module.REVEAL_WORLDS = worlds
    state = game.setup(game.min_players, seed)
    rng = Rng(seed)
    answers, spent = [], 0.0
    try:
        while acting := game.to_act(state):
            player = rng.choice(acting)
            action = rng.choice(game.legal_actions(state, player))
            start = time.perf_counter()
            answers.append(game.reveals(state, player, action))
            spent += time.perf_counter() - start
            state = game.apply(state, player, action)
    finally:
        game_module.REVEAL_WORLDS = default
    return answers, spent


def main() -> None:
    """Print one table row per game."""
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--games", type=int, default=3)
    p.add_argument("--reference", type=int, default=32)
    args = p.parse_args()
    worlds = game_module.REVEAL_WORLDS
    print(f"Python {sys.version.split()[0]}, one process; {worlds} worlds against {args.reference}")
    ms = f"ms/action ({worlds}) | ms/action ({args.reference})"
    print(f"| game | players | actions | reveals | misses | {ms} |")
    print("|---|---|---|---|---|---|---|")
    for game in all_games():
        actions = shown = misses = 0
        fast = slow = 0.0
        for seed in range(args.games):
            few, t_few = judged(game, seed, worlds)
            many, t_many = judged(game, seed, args.reference)
            actions, shown = actions + len(many), shown + sum(many)
            misses += sum(m and not f for f, m in zip(few, many, strict=True))
            fast, slow = fast + t_few, slow + t_many
        print(
            f"| {game.id} | {game.min_players} | {actions} | {shown} | {misses} "
            f"| {1000 * fast / actions:.1f} | {1000 * slow / actions:.1f} |"
        )


if __name__ == "__main__":
    main()
