"""The command line: games, simulate, replay and play, and its one-line errors with exit code 2."""

import io
import json
import subprocess
import sys

import pytest

from pygame_core.bots import make_bot
from pygame_core.cli import main
from pygame_core.engine import get_game, play_match


def run(*argv: str) -> tuple[int, str]:
    """Return the exit code and standard output of the command line."""
    out = io.StringIO()
    return main(list(argv), out), out.getvalue()


def test_games_lists_futures():
    code, out = run("games")
    assert code == 0 and out.startswith("futures\tFutures!\t3-4 players")


def test_simulate_prints_one_json_summary():
    code, out = run("simulate", "futures", "--players", "4", "--games", "20", "--seed", "1")
    summary = json.loads(out)
    assert code == 0 and out.count("\n") == 1
    assert summary["games"] == 20 and sum(summary["wins"]) >= 20 and len(summary["scores"]) == 4
    assert summary["games_per_second"] > 0 and summary["average_actions"] > 100
    code, out = run("simulate", "futures", "--players", "3", "--games", "5", "--bots", "trader,random,random")
    assert json.loads(out)["bots"] == ["trader", "random", "random"]


def test_simulate_is_deterministic_apart_from_speed():
    a = json.loads(run("simulate", "futures", "--games", "10", "--seed", "4")[1])
    b = json.loads(run("simulate", "futures", "--games", "10", "--seed", "4")[1])
    a.pop("games_per_second"), b.pop("games_per_second")
    assert a == b


def test_replay_prints_the_final_state_and_result(tmp_path):
    game = get_game("futures")
    match = play_match(game, [make_bot(game, "random")] * 3, seed=2)
    path = tmp_path / "game.json"
    path.write_text(match.record.to_json())
    code, out = run("replay", str(path))
    data = json.loads(out)
    assert code == 0 and data["state"] == match.state and data["result"] == match.outcome.to_json()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "chess"], "error: unknown game 'chess'"),
        (["simulate", "futures", "--players", "9"], "error: Futures! is for 3 to 4 players, not 9"),
        (["simulate", "futures", "--bots", "genius"], "error: Futures! has no bot 'genius'"),
        (["simulate", "futures", "--bots", "random,random"], "error: --bots names 2 bots for 4 players"),
        (["replay", "/nonexistent.json"], "error: cannot read /nonexistent.json"),
    ],
)
def test_bad_input_prints_one_line_and_exits_2(argv, message, capsys):
    code, _ = run(*argv)
    err = capsys.readouterr().err
    assert code == 2 and err.startswith(message) and err.count("\n") == 1


def test_replay_of_an_illegal_action_exits_2_naming_it(tmp_path):
    record = {
        "format": "trading-table-record/1",
        "game": "futures",
        "players": 4,
        "seed": 1,
        "options": {},
        "actions": [[1, "pass"]],
    }
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    proc = subprocess.run(
        [sys.executable, "-m", "pygame_core", "replay", str(path)], capture_output=True, text=True
    )
    assert proc.returncode == 2
    assert proc.stderr.strip() == (
        "error: action 0 [1, 'pass'] is illegal: player 1 is not to act now; to act: 0"
    )


def test_play_in_the_terminal_to_the_end():
    answers = iter(["1"] * 2000)
    out = io.StringIO()
    from pygame_core.cli import cmd_play, parser

    args = parser().parse_args(["play", "futures", "--players", "3", "--seed", "5"])
    assert cmd_play(args, out, lambda _: next(answers)) == 0
    text = out.getvalue()
    assert "Your view (seat 0)" in text and "  hand: [" in text
    final = json.loads(text.strip().splitlines()[-1])
    assert final["result"]["winners"] and final["record"]["game"] == "futures"


def test_play_stops_cleanly_when_input_ends():
    def eof(_: str) -> str:
        raise EOFError

    from pygame_core.cli import cmd_play, parser

    out = io.StringIO()
    assert cmd_play(parser().parse_args(["play", "futures"]), out, eof) == 0
    assert out.getvalue().rstrip().endswith("bye")
