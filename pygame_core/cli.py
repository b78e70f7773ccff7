"""The command line: list games, simulate bot matches, replay records, play in the terminal.

Bad input prints one line `error: ...` on stderr and exits with code 2.
"""

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from . import games as _games  # noqa: F401  (registers every game)
from .bots import bot_names, make_bot
from .engine import Game, GameError, Record, Rng, all_games, get_game, play_match, replay


def cmd_games(args: argparse.Namespace, out: TextIO) -> int:
    """Print one line per registered game; return 0."""
    for g in all_games():
        print(
            f"{g.id}\t{g.name}\t{g.min_players}-{g.max_players} players\tbots: {', '.join(bot_names(g))}",
            file=out,
        )
    return 0


def seat_bots(game: Game, players: int, names: str | None, default: str) -> list[str]:
    """Return one bot name per seat from a comma list (one name fills every seat)."""
    chosen = names.split(",") if names else [default]
    if len(chosen) == 1:
        chosen *= players
    if len(chosen) != players:
        raise GameError(f"--bots names {len(chosen)} bots for {players} players")
    for name in chosen:
        make_bot(game, name)
    return chosen


def cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    """Play bot matches and print one JSON summary line; return 0."""
    game = get_game(args.game)
    names = seat_bots(game, args.players, args.bots, "random")
    options = json.loads(args.options)
    if args.games < 1:
        raise GameError("--games must be at least 1")
    wins = [0] * args.players
    scores: list[list[int]] = [[] for _ in range(args.players)]
    actions = 0
    start = time.perf_counter()
    for i in range(args.games):
        match = play_match(game, [make_bot(game, n) for n in names], args.seed + i, options)
        actions += len(match.record.actions)
        for p in match.outcome.winners:
            wins[p] += 1
        for p, s in enumerate(match.outcome.scores):
            scores[p].append(s)
    elapsed = time.perf_counter() - start
    summary = {
        "game": game.id,
        "players": args.players,
        "bots": names,
        "games": args.games,
        "games_per_second": round(args.games / elapsed, 1),
        "average_actions": round(actions / args.games, 2),
        "wins": wins,
        "scores": [
            {
                "mean": round(statistics.fmean(s), 2),
                "min": min(s),
                "max": max(s),
                "stdev": round(statistics.pstdev(s), 2),
            }
            for s in scores
        ],
    }
    print(json.dumps(summary), file=out)
    return 0


def cmd_replay(args: argparse.Namespace, out: TextIO) -> int:
    """Replay a record file and print its final state and result as JSON; return 0."""
    try:
        with open(args.record, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        raise GameError(f"cannot read {args.record}: {e.strerror}") from None
    game, state = replay(Record.from_json(text))
    outcome = game.result(state)
    print(json.dumps({"state": state, "result": outcome.to_json() if outcome else None}), file=out)
    return 0


def describe(view: dict[str, Any]) -> str:
    """Return a view as `key: value` lines for the terminal."""
    return "\n".join(f"  {k}: {json.dumps(v)}" for k, v in view.items() if k != "events")


def cmd_play(args: argparse.Namespace, out: TextIO, ask: Callable[[str], str] = input) -> int:
    """Play in the terminal as one seat against bots; return 0 (also when input ends)."""
    game = get_game(args.game)
    names = seat_bots(game, args.players, args.bots, bot_names(game)[0])
    bots = [make_bot(game, n) for n in names]
    state = game.setup(args.players, args.seed, json.loads(args.options))
    record = Record(game.id, args.players, args.seed, game.check_options(json.loads(args.options)))
    rng = Rng(args.seed)
    while acting := game.to_act(state):
        player = acting[0]
        legal = game.legal_actions(state, player)
        if player != args.seat:
            action = bots[player].choose(game, state, player, legal, rng)
            print(f"seat {player} ({names[player]}): {action}", file=out)
        else:
            print(f"\nYour view (seat {player}):\n{describe(game.view(state, player))}", file=out)
            for i, a in enumerate(legal, 1):
                print(f"  {i:>3}. {a}", file=out)
            try:
                answer = ask("your action (number or text): ").strip()
            except EOFError:
                print("\nbye", file=out)
                return 0
            action = legal[int(answer) - 1] if answer.isdigit() and 0 < int(answer) <= len(legal) else answer
            try:
                state = game.apply(state, player, action)
            except GameError as e:
                print(f"  not legal: {e}", file=out)
                continue
            record = record.with_action(player, action)
            continue
        state = game.transition(state, player, action)
        record = record.with_action(player, action)
    outcome = game.result(state)
    print(
        json.dumps(
            {"result": outcome.to_json() if outcome else None, "record": json.loads(record.to_json())}
        ),
        file=out,
    )
    return 0


def parser() -> argparse.ArgumentParser:
    """Return the argument parser of every command."""
    p = argparse.ArgumentParser(prog="python -m pygame_core", description=__doc__)
    sub = p.add_subparsers(dest="command", required=True)
    sub.add_parser("games", help="list the games").set_defaults(run=cmd_games)
    for name, run, text in (
        ("simulate", cmd_simulate, "play bot matches and print a JSON summary"),
        ("play", cmd_play, "play in the terminal against bots"),
    ):
        s = sub.add_parser(name, help=text)
        s.add_argument("game")
        s.add_argument("--players", type=int, default=4)
        s.add_argument("--seed", type=int, default=1)
        s.add_argument("--bots", help="comma-separated bot names, one per seat (or one for all)")
        s.add_argument("--options", default="{}", help="game options as JSON")
        s.set_defaults(run=run)
        if name == "simulate":
            s.add_argument("--games", type=int, default=100)
        else:
            s.add_argument("--seat", type=int, default=0, help="your seat")
    r = sub.add_parser("replay", help="replay a record and print the final state")
    r.add_argument("record")
    r.set_defaults(run=cmd_replay)
    return p


def main(argv: Sequence[str] | None = None, out: TextIO = sys.stdout) -> int:
    """Run the command line; return the exit code (2 on bad input)."""
    args = parser().parse_args(argv)
    try:
        code: int = args.run(args, out)
        return code
    except (GameError, json.JSONDecodeError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
