#!/usr/bin/env python3
"""Whether Virus Money's level-2 bots (brokers) play the game: one table of brokers per seed.

    python3 benchmarks/bot_play.py [--games 6] [--players 3,4]

Columns: the share of join questions answered "join", the share of cards nobody joined, the seat-rounds
in which a seat joined no auction, and the mean points per seat per game.
"""

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame_core.games  # noqa: F401  (registers every game)
from pygame_core.bots import make_bot
from pygame_core.engine import Rng, get_game


def main() -> None:
    """Print one Markdown table row per player count."""
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=6)
    p.add_argument("--players", default="3,4")
    args = p.parse_args()
    game = get_game("virus_money")
    print("| players | games | joined | cards nobody joined | idle seat-rounds | points per seat |")
    print("|---|---|---|---|---|---|")
    for n in (int(x) for x in args.players.split(",")):
        asked = joins = cards = nobody = idle = points = 0
        for seed in range(args.games):
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
            f"| {n} | {args.games} | {joins / asked:.0%} | {nobody / cards:.0%} | "
            f"{idle} of {3 * n * args.games} | {points / (n * args.games):.0f} |"
        )


if __name__ == "__main__":
    main()
