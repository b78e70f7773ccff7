"""benchmarks/bots_browser.py's arguments and tables (no browser, nothing timed)."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import bots_browser
from bots_browser import LongTasks, Timings


def run(python: str, decisions: list[float], slices: list[float], record: str) -> dict[str, object]:
    """One run of a game, as bot_decisions.play reports it."""
    return {"decisions": decisions, "slices": slices, "record": record, "python": python}


def timings(runtime: str, python: str, decisions: list[float], slices: list[float], record: str) -> Timings:
    """Timings of one game run once."""
    made = Timings(runtime)
    made.add([run(python, decisions, slices, record)])
    return made


def test_defaults_are_every_game_at_its_default_count() -> None:
    args = bots_browser.parse_args([])
    assert args.setups == [
        ("futures", 4),
        ("mercator", 4),
        ("stock_trader", 4),
        ("value_scale", 4),
        ("virus_money", 4),
    ]
    assert (args.seeds, args.repeat, args.watch, args.phone, args.python) == (1, 1, 15, False, sys.executable)


def test_player_counts_a_game_does_not_allow_are_left_out() -> None:
    args = bots_browser.parse_args(["--games", "futures,mercator", "--players", "3,5", "--seeds", "2"])
    assert args.setups == [("futures", 3), ("mercator", 3), ("mercator", 5)]
    assert args.seeds == 2


@pytest.mark.parametrize(
    "argv",
    [
        ["--games", "chess"],
        ["--players", "three"],
        ["--games", "futures", "--players", "6"],
        ["--seeds", "0"],
        ["--repeat", "0"],
        ["--watch", "-1"],
    ],
)
def test_bad_arguments_exit(argv: list[str]) -> None:
    with pytest.raises(SystemExit):
        bots_browser.parse_args(argv)


def test_percentile_stays_within_the_values() -> None:
    values = [float(v) for v in range(1, 102)]
    assert bots_browser.percentile(values, 50) == 51
    assert bots_browser.percentile(values, 95) == 96
    assert bots_browser.percentile([0.25], 95) == 0.25


def test_tables_show_milliseconds_and_ratios() -> None:
    web = timings("Pyodide", "3.14.2", [0.010, 0.020, 0.030], [0.005, 0.020, 0.010], "abc")
    native = timings("CPython", "3.11.7", [0.005, 0.010, 0.015], [0.004, 0.008, 0.005], "abc")
    results = {("futures", 4): (web, native)}
    assert bots_browser.decision_table(results).splitlines()[2:] == [
        "| futures | 4 | Pyodide 3.14.2 | 3 | 20.0 | 29.0 | 30.0 | 20.0 |",
        "| futures | 4 | CPython 3.11.7 | 3 | 10.0 | 14.5 | 15.0 | 8.0 |",
    ]
    assert bots_browser.ratio_table(results).splitlines()[2] == (
        "| futures | 4 | Pyodide 3.14.2 / CPython 3.11.7 | 2.00x | 2.00x | 2.50x | 2.00x | yes |"
    )
    native.add([run("3.11.7", [0.01], [0.01], "def")])
    web.add([run("3.14.2", [0.01], [0.01], "xyz")])
    assert bots_browser.ratio_table(results).endswith("| no |")


def test_repeated_runs_keep_each_decisions_fastest_time() -> None:
    made = Timings("CPython")
    made.add([run("3.13.0", [0.3, 0.1], [0.2, 0.1], "abc"), run("3.13.0", [0.2, 0.4], [0.1, 0.3], "abc")])
    assert (made.decisions, made.slices, made.records, made.name) == (
        [0.2, 0.1],
        [0.1, 0.1],
        ["abc"],
        "CPython 3.13.0",
    )
    with pytest.raises(RuntimeError):
        made.add([run("3.13.0", [0.1], [0.1], "abc"), run("3.13.0", [0.1], [0.1], "def")])


def test_long_tasks_are_split_at_ready_and_the_end_of_the_watch() -> None:
    seen = LongTasks(ready=1000.0, tasks=[(100.0, 400.0), (1000.0, 80.0), (5000.0, 120.0), (7000.0, 300.0)])
    assert seen.split(5000) == ([400.0], [80.0, 120.0])
    row = bots_browser.long_task_table({("mercator", 3): seen}, 5).splitlines()[2]
    assert row == "| mercator | 3 | 1000 | 1 | 400 | 2 | 120 | 100 |"
