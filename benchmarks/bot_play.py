#!/usr/bin/env python3
"""Whether the level-2 bots play the game: one table of them per seed, Virus Money and Mercator.

    python3 benchmarks/bot_play.py [--games 6] [--players 3,4] [--mercator-games 10]

Virus Money (brokers): the share of join questions answered "join", the share of cards nobody joined,
the seat-rounds in which a seat joined no auction, and the mean points per seat per game.
Mercator (merchants, 3-5 players): ships that finish empty, cards per ship, chips per seat.
"""

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame_core.games  # noqa: F401  (registers every game)
from pygame_core.bots import make_bot
from pygame_core.engine import Rng, get_game, play_match


def main() -> None:
    """Print one Markdown table per game, a row per player count."""
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=6)
    p.add_argument("--players", default="3,4")
    p.add_argument("--mercator-games", type=int, default=10)
    args = p.parse_args()
    virus_money(args.games, [int(x) for x in args.players.split(",")])
    mercator(args.mercator_games)


def virus_money(games: int, counts: list[int]) -> None:
    """Print the Virus Money table."""
    game = get_game("virus_money")
    print("| players | games | joined | cards nobody joined | idle seat-rounds | points per seat |")
    print("|---|---|---|---|---|---|")
    for n in counts:
        asked = joins = cards = nobody = idle = points = 0
        for seed in range(games):
            state = game.new_state(n, Rng(seed), {})
            bots = [make_bot(game, "broker") for _ in range(n)]
            rng = Rng(seed)
            per_round: Counter[tuple[int, int]] = Counter()
            while acting := game.to_act(state):
                seat = acting[0]
                action = bots[seat].choose(game, state, seat, game.legal_actions(state, seat), rng)
                if state["phase"] == "join":
                    asked += 1
                    joins += action == "join"
                    per_round[state["round"], seat] += action == "join"
                state = game.transition(state, seat, action)
                cards += sum(e["e"] == "card" for e in state["events"])
                nobody += sum(e["e"] == "nobody" for e in state["events"])
            idle += sum(per_round[r, s] == 0 for r in range(1, 4) for s in range(n))
            points += sum(state["totals"])
        print(
            f"| {n} | {games} | {joins / asked:.0%} | {nobody / cards:.0%} | "
            f"{idle} of {3 * n * games} | {points / (n * games):.0f} |"
        )


def mercator(games: int) -> None:
    """Print the Mercator table."""
    game = get_game("mercator")
    print()
    print("| players | games | empty ships | cards per ship | chips per seat |")
    print("|---|---|---|---|---|")
    for n in (3, 4, 5):
        holds: list[int] = []
        chips = 0
        for seed in range(games):
            final = play_match(game, [make_bot(game, "merchant") for _ in range(n)], seed).state
            holds += [len(h) for h in game.view(final, None)["holds"]]
            chips += sum(final["chips"])
        empty = sum(h == 0 for h in holds)
        print(
            f"| {n} | {games} | {empty} of {len(holds)} | {sum(holds) / len(holds):.2f} | "
            f"{chips / len(holds):.1f} |"
        )


if __name__ == "__main__":
    main()
