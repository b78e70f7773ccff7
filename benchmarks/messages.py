#!/usr/bin/env python3
"""The largest state message a phone is sent, per game and player count, over random games.

    python3 benchmarks/messages.py [--games 200] [--write]

Each game (from the registry) is played at each player count with every value of each option (over the
defaults), `--games` seeded games in all per row, every move a random legal one of a seat to act; at every
version the host's state message for every seat (`Host.state_for`, as compact JSON, as the seal takes it) is
measured. Prints a Markdown table with the limit beside it: a state message's JSON must stay under 24 KiB
(the seal pads to 1 KiB and base64 adds a third; the relay's frame limit is 64 KiB). `--write` puts the
table into docs/performance.md's "State messages" section.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pygame_core.games  # noqa: E402, F401  (registers the games)
from pygame_core.engine import Rng, all_games  # noqa: E402
from pygame_core.engine.game import Game  # noqa: E402
from pygame_core.engine.host import Host  # noqa: E402
from pygame_core.engine.screen import names_by_language  # noqa: E402
from pygame_core.engine.table import Table  # noqa: E402

LIMIT = 24 << 10  # bytes of a state message's JSON
DATE = "2026-11-28"
SECTION = "## State messages"


def variants(game: Game) -> Iterator[dict[str, Any]]:
    """Yield the game's options: the defaults, then every other value of each option on its own."""
    yield {}
    for key, choices in getattr(game, "option_choices", {}).items():
        for value in choices:
            if value != game.default_options[key]:
                yield {key: value}


def largest(game_id: str, players: int, seed: int, options: Mapping[str, Any]) -> int:
    """Return the bytes of the largest state message of one random game, over every seat and version."""
    table = Table.new(game_id, ["human"] * players, seed, {}, dict(options))
    host = Host(table, names_by_language(table))
    rng, most = Rng(seed), 0
    while True:
        for seat in range(players):
            most = max(most, len(json.dumps(host.state_for(seat), separators=(",", ":")).encode()))
        if table.over:
            return most
        seat = table.game.to_act(table.state)[0]
        table.act(seat, rng.choice(table.game.legal_actions(table.state, seat)))


def rows(games: int) -> list[tuple[str, int, int, str]]:
    """Return (game, players, largest bytes, the options of the largest) per game and player count."""
    out = []
    for game in all_games():
        for players in range(game.min_players, game.max_players + 1):
            options = list(variants(game))
            sizes = [
                (largest(game.id, players, seed, options[seed % len(options)]), seed % len(options))
                for seed in range(games)
            ]
            size, which = max(sizes)
            out.append((game.id, players, size, json.dumps(options[which]) if options[which] else "defaults"))
    return out


def table_md(found: list[tuple[str, int, int, str]], games: int) -> str:
    """Return the rows as a Markdown table."""
    lines = [
        f"Measured {DATE} with `python3 benchmarks/messages.py --games {games}`: the largest state message "
        f"(compact JSON, before the seal) over {games} random games per row, the options taking turns.",
        "",
        "| game | players | largest state (bytes) | limit (bytes) | options of the largest |",
        "|---|---:|---:|---:|---|",
    ]
    lines += [f"| {g} | {p} | {size:,} | {LIMIT:,} | {opts} |" for g, p, size, opts in found]
    return "\n".join(lines) + "\n"


def write(text: str) -> None:
    """Put the section into docs/performance.md (replacing an earlier one)."""
    path = ROOT / "docs" / "performance.md"
    old = path.read_text() if path.exists() else "# Performance\n"
    section = f"{SECTION}\n\n{text}"
    pattern = re.compile(rf"^{re.escape(SECTION)}\n.*?(?=^## |\Z)", re.S | re.M)
    if pattern.search(old):
        new = pattern.sub(lambda _: section + "\n", old)
    else:
        new = old.rstrip() + "\n\n" + section
    path.write_text(new.rstrip() + "\n")


def main() -> None:
    """Measure and print (and write, with --write) the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    text = table_md(rows(args.games), args.games)
    print(text)
    if args.write:
        write(text)


if __name__ == "__main__":
    main()
