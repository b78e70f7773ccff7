#!/usr/bin/env python3
"""Bot strength and speed in any game: one seat of bot A against bot B in every other seat.

    python3 benchmarks/bots.py [--game futures] [--games 200] [--players 3,4]
                               [--rows trader:random,planner:trader]   # default: each level vs the one below
                               [--samples S --horizon H]   # try other settings of a search bot
                               [--option open=true ...]    # game options, values in JSON

Game k uses seed k and puts A in seat k mod players, so A sits in every seat equally often. All rows
run one after another in this process. Columns: A's win rate (shared wins count), A's mean score minus
the mean score of the B seats, and A's mean time per decision (all its turns, and only those with a
choice of more than one action; a search bot spends nothing on the others).
"""

import argparse
import copy
import json
import sys
import time
from collections.abc import Sequence
from itertools import pairwise
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame_core.games  # noqa: F401  (registers every game)
from pygame_core.bots import bot_levels, make_bot
from pygame_core.bots.search import SearchBot
from pygame_core.engine import DEFAULT_GAME, Action, Bot, Game, Player, Rng, State, get_game, play_match


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
    p.add_argument("--game", default=DEFAULT_GAME)
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--players", help="player counts, comma-separated (default: all the game allows)")
    p.add_argument("--rows", help="A:B pairs, comma-separated (default: each level against the one below)")
    p.add_argument("--samples", type=int, help="search bots' samples (default: as registered)")
    p.add_argument("--horizon", type=int, help="search bots' horizon (default: as registered)")
    p.add_argument("--option", action="append", default=[], help="a game option as key=JSON value")
    args = p.parse_args()
    game = get_game(args.game)
    options = {k: json.loads(v) for k, v in (o.split("=", 1) for o in args.option)}
    levels = bot_levels(game)
    rows = args.rows or ",".join(f"{a}:{b}" for b, a in pairwise(levels))
    counts = args.players or ",".join(map(str, range(game.min_players, game.max_players + 1)))

    def bot(name: str) -> Bot:
        """Return a new bot by name; a search bot with the settings asked for, if any."""
        made = make_bot(game, name)
        if isinstance(made, SearchBot) and (args.samples or args.horizon):
            made = copy.copy(made)
            made.samples = args.samples or made.samples
            made.horizon = args.horizon or made.horizon
        return made

    searching = [
        f"{n}: samples={s.samples}, horizon={s.horizon}" for n in levels if isinstance(s := bot(n), SearchBot)
    ]
    print(
        f"{game.name}, options {json.dumps(options)}, Python {sys.version.split()[0]}, one process; "
        + ("; ".join(searching) or "no search bot")
    )
    print()
    print("| A | B | players | games | A wins | A score - B mean | A ms/decision | A ms/choice |")
    print("|---|---|---|---|---|---|---|---|")
    for row in rows.split(","):
        a, b = row.split(":")
        for n in map(int, counts.split(",")):
            wins, diff = 0.0, 0.0
            timed = Timed(bot(a))
            for seed in range(args.games):
                seat = seed % n
                bots: list[Bot] = [bot(b) for _ in range(n)]
                bots[seat] = timed
                outcome = play_match(game, bots, seed, options).outcome
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
