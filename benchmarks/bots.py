#!/usr/bin/env python3
"""Bot strength and speed in Futures!: one seat of bot A against bot B in every other seat.

    python3 benchmarks/bots.py [--games 200] [--players 3,4] [--rows trader:random,planner:trader]
                               [--samples S --horizon H]   # try other planner settings

Game k uses seed k and puts A in seat k mod players, so A sits in every seat equally often. All rows
run one after another in this process. Columns: A's win rate (shared wins count), A's mean score minus
the mean score of the B seats, and A's mean time per decision (all its turns, and only those with a
choice of more than one action; a search bot spends nothing on the others).
"""

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame_core.games  # noqa: F401  (registers every game)
from pygame_core.bots import make_bot
from pygame_core.bots.search import SearchBot
from pygame_core.engine import Action, Bot, Game, Player, Rng, State, get_game, play_match
from pygame_core.games.futures import TraderBot


class Timed:
    """Wraps a bot and adds up the time it takes to choose."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.seconds = self.choice_seconds = 0.0
        self.decisions = self.choices = 0

    def choose(self, game: Game, state: State, player: Player, legal: Sequence[Action], rng: Rng) -> Action:
        """Return the wrapped bot's action, timing it."""
        start = time.perf_counter()
        action = self.bot.choose(game, state, player, legal, rng)
        spent = time.perf_counter() - start
        self.seconds += spent
        self.decisions += 1
        if len(legal) > 1:
            self.choice_seconds += spent
            self.choices += 1
        return action


def main() -> None:
    """Print one Markdown table row per pairing and player count."""
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--players", default="3,4")
    p.add_argument("--rows", default="trader:random,planner:trader", help="A:B pairs, comma-separated")
    p.add_argument("--samples", type=int, help="planner samples (default: the registered planner's)")
    p.add_argument("--horizon", type=int, help="planner horizon (default: the registered planner's)")
    args = p.parse_args()
    game = get_game("futures")

    def bot(name: str) -> Bot:
        """Return a new bot by name; the planner with the settings asked for, if any."""
        made = make_bot(game, name)
        if name == "planner" and isinstance(made, SearchBot):
            samples = args.samples if args.samples is not None else made.samples
            horizon = args.horizon if args.horizon is not None else made.horizon
            return SearchBot(TraderBot, samples, horizon)
        return made

    planner = bot("planner")
    assert isinstance(planner, SearchBot)
    print(f"Python {sys.version.split()[0]}, one process; planner: samples={planner.samples}", end="")
    print(f", horizon={planner.horizon}, rollouts by the trader")
    print()
    print("| A | B | players | games | A wins | A score - B mean | A ms/decision | A ms/choice |")
    print("|---|---|---|---|---|---|---|---|")
    for row in args.rows.split(","):
        a, b = row.split(":")
        for n in map(int, args.players.split(",")):
            wins, diff = 0.0, 0.0
            timed = Timed(bot(a))
            for seed in range(args.games):
                seat = seed % n
                bots: list[Bot] = [bot(b) for _ in range(n)]
                bots[seat] = timed
                outcome = play_match(game, bots, seed).outcome
                wins += seat in outcome.winners
                others = [s for p, s in enumerate(outcome.scores) if p != seat]
                diff += outcome.scores[seat] - sum(others) / len(others)
            print(
                f"| {a} | {b} | {n} | {args.games} | {100 * wins / args.games:.1f}% "
                f"| {diff / args.games:+.1f} | {1000 * timed.seconds / max(timed.decisions, 1):.1f} "
                f"| {1000 * timed.choice_seconds / max(timed.choices, 1):.1f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
