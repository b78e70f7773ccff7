#!/usr/bin/env python3
"""How Virus Money's auction phases end, by bot level: the rulebook's end or one of assumption A3's.

    python3 benchmarks/virus_money_ends.py [--games 100] [--players 3,4] [--bots random,broker]

Every seat plays the same bot; game k uses seed k. For each level and player count it prints one JSON
line: how many rounds ended by each reason (`cards`: everyone holds 3, the rulebook's end; `pieces`;
`deck`), the cards won per seat at the end of the auctions, the cards turned up, set aside because
nobody joined or the top bids tied, and the own-colour pieces left per seat when the auctions ended.
"""

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame_core.games  # noqa: F401  (registers every game)
from pygame_core.bots import make_bot
from pygame_core.engine import Rng, get_game
from pygame_core.games.virus_money.rules import TARGET_CARDS, colour_of


def measure(level: str, players: int, games: int) -> dict[str, object]:
    """Return the counts for `games` games of `players` seats of bot `level`."""
    game = get_game("virus_money")
    ends: Counter[str] = Counter()
    won: Counter[int] = Counter()
    turned = nobody = ties = rounds = short = 0
    left: list[int] = []
    for seed in range(games):
        bots = [make_bot(game, level) for _ in range(players)]
        state = game.setup(players, seed)
        rng = Rng(seed * 7919 + 1)
        while acting := game.to_act(state):
            p = acting[0]
            action = bots[p].choose(game, state, p, game.legal_actions(state, p), rng)
            state = game.transition(state, p, action)
            for e in state["events"]:
                kind = e["e"]
                turned += kind == "card"
                nobody += kind == "nobody"
                ties += kind == "tie"
                if kind == "auctions_end":
                    rounds += 1
                    ends[e["why"]] += 1
                    hands = [len(h) for h in state["hands"]]
                    won.update(hands)
                    short += sum(h < TARGET_CARDS for h in hands)
                    left += [state["pieces"][q][colour_of(state, q)] for q in range(players)]
    return {
        "bots": level,
        "players": players,
        "rounds": rounds,
        "ends": dict(ends),
        "cards_won_per_seat": dict(sorted(won.items())),
        "seats_short_of_3": short,
        "turned_per_round": round(turned / rounds, 1),
        "nobody_joined_per_round": round(nobody / rounds, 1),
        "ties_per_round": round(ties / rounds, 1),
        "own_pieces_left_mean": round(sum(left) / len(left), 1),
        "own_pieces_left_zero": sum(k == 0 for k in left),
    }


def main() -> None:
    """Print one JSON line per bot level and player count."""
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--players", default="3,4")
    p.add_argument("--bots", default="random,broker")
    args = p.parse_args()
    for level in args.bots.split(","):
        for n in map(int, args.players.split(",")):
            print(json.dumps(measure(level, n, args.games)), flush=True)


if __name__ == "__main__":
    main()
