#!/usr/bin/env python3
"""Full games per second for every registered game and player count, in this CPython, on one core.

    python3 benchmarks/engine.py [--games 500] [--bots random]

Each game is played by the match runner (legal actions listed, the bot's choice checked, the action
applied) from seeds 0..N-1. Target for Futures!: >= 500 random games per second.
"""

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame_core.games  # noqa: F401  (registers every game)
from pygame_core.bots import make_bot
from pygame_core.engine import all_games, play_match


def main() -> None:
    """Print one table row per game, player count and bot."""
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--games", type=int, default=500)
    p.add_argument("--bots", default="random", help="comma-separated bot names to measure")
    args = p.parse_args()
    print(f"Python {sys.version.split()[0]}, one process")
    print("| game | players | bot | games | games/s | actions/game | ms/game |")
    print("|---|---|---|---|---|---|---|")
    for game in all_games():
        for n in range(game.min_players, game.max_players + 1):
            for bot in args.bots.split(","):
                actions = 0
                start = time.perf_counter()
                for seed in range(args.games):
                    match = play_match(game, [make_bot(game, bot) for _ in range(n)], seed)
                    actions += len(match.record.actions)
                elapsed = time.perf_counter() - start
                print(
                    f"| {game.id} | {n} | {bot} | {args.games} | {args.games / elapsed:.0f} "
                    f"| {actions / args.games:.1f} | {1000 * elapsed / args.games:.2f} |"
                )


if __name__ == "__main__":
    main()
