"""Time every decision of a seeded game the strongest bots play in every seat, slice by slice.

    python3 benchmarks/bot_decisions.py GAME PLAYERS SEED    prints `play`'s result as JSON

Standard library and pygame_core only: benchmarks/bots_browser.py runs this same file in CPython (as above,
with any python) and, copied into Pyodide's file system, in the browser. A decision is one move's whole
`Table.bot_steps` (every slice, as the play page works them); a slice is one step of it, what a thread that
paints between slices cannot interrupt.
"""

from __future__ import annotations

import hashlib
import json
import platform
import sys
import time
from functools import partial
from typing import Any

import pygame_core.games  # noqa: F401  (registers every game)
from pygame_core.bots import bot_levels, make_bot
from pygame_core.engine import get_game
from pygame_core.engine.table import Table


def strongest(game_id: str) -> str:
    """Return the name of the game's strongest bot (the last level, as hints use)."""
    return bot_levels(get_game(game_id))[-1]


def play(game_id: str, players: int, seed: int) -> dict[str, Any]:
    """Play one game to its end; return each decision's seconds, its longest slice's, the record's digest and
    the Python version."""
    game, name = get_game(game_id), strongest(game_id)
    table = Table.new(game_id, [name] * players, seed, {name: partial(make_bot, game, name)})
    decisions: list[float] = []
    slices: list[float] = []
    while not table.over:
        steps = table.bot_steps()
        spent = longest = 0.0
        thinking = True
        while thinking:
            start = time.perf_counter()
            try:
                next(steps)
            except StopIteration:
                thinking = False
            took = time.perf_counter() - start
            spent, longest = spent + took, max(longest, took)
        decisions.append(spent)
        slices.append(longest)
    digest = hashlib.sha256(table.record.to_json().encode()).hexdigest()[:12]
    return {"decisions": decisions, "slices": slices, "record": digest, "python": platform.python_version()}


if __name__ == "__main__":
    game_id, players, seed = sys.argv[1:]
    print(json.dumps(play(game_id, int(players), int(seed))))
