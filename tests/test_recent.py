"""Recent games: a finished game is kept once, newest first, and listed for the replay page to open."""

import json
import re
from functools import partial

import pytest

from pygame_core.bots import bot_factories, make_bot
from pygame_core.engine import get_game
from pygame_core.engine.recent import LIMIT, games, recent_html, remembered
from pygame_core.engine.record import from_fragment
from pygame_core.engine.table import Seat, Table

GAME = get_game("virus_money")


def finished(seed: int, seats: tuple[str, ...] = ("human", "random", "random")) -> Table:
    """Return a Virus Money table played to its end by random bots, then seated as `seats`."""
    bots = {"random": partial(make_bot, GAME, "random")}
    table = Table.new(GAME.id, ["random"] * len(seats), seed, bots)
    while not table.over:
        table.bot_move()
    return Table(table.record, [Seat(s) for s in seats], bot_factories(GAME))


def test_a_finished_game_is_kept_first_once_and_only_the_newest_are_kept():
    saved = None
    tables = [finished(seed) for seed in range(1, LIMIT + 3)]
    for at, table in enumerate(tables):
        saved = remembered(saved, table, at * 1000.0)
    kept = games(saved)
    assert [from_fragment(g["r"]) for g in kept] == [t.record for t in reversed(tables)][:LIMIT]
    outcome = GAME.result(tables[-1].state)
    assert kept[0]["scores"] == list(outcome.scores) and kept[0]["winners"] == list(outcome.winners)
    assert kept[0]["seats"] == ["human", "random", "random"] and kept[0]["at"] == (LIMIT + 1) * 1000.0
    assert remembered(saved, tables[-3], 99e9) is None  # a finished game reloaded stays where it was


def test_an_unfinished_game_is_not_kept_and_what_is_not_a_kept_game_is_left_out():
    unfinished = Table.new(GAME.id, ["human", "random", "random"], 1, bot_factories(GAME))
    assert remembered(None, unfinished, 0) is None and remembered("[]", unfinished, 0) is None
    good = games(remembered(None, finished(1), 0))
    assert games("not json") == [] and games('{"r": 1}') == [] and games(None) == []
    broken = [{"r": "x"}, {**good[0], "game": "chess"}, {**good[0], "scores": [1]}, *good]
    assert games(json.dumps(broken)) == good


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_list_names_the_game_when_and_every_score_best_first_with_the_winners_and_you(lang):
    table = finished(2)
    saved = remembered(None, table, 1.7e12)
    html = recent_html(saved, lang, lambda at: f"<{at:.0f}>")
    outcome = GAME.result(table.state)
    assert re.findall(r'data-recent="([^"]+)"', html) == [games(saved)[0]["r"]]
    assert "<strong>Virus Money</strong> <time>&lt;1700000000000&gt;</time>" in html
    names = (
        ["Red (You)", "Green (bot)", "Blue (bot)"]
        if lang == "en"
        else ["赤（あなた）", "緑（ボット）", "青（ボット）"]
    )
    line, won, sep = ("{}: {}", " (won)", " · ") if lang == "en" else ("{}：{}", "（勝ち）", "、")
    best_first = sorted(range(3), key=lambda p: -outcome.scores[p])
    words = [
        line.format(names[p], outcome.scores[p]) + (won if p in outcome.winners else "") for p in best_first
    ]
    assert f"<span>{sep.join(words)}</span>" in html
    assert recent_html(None, lang, str) == "" and recent_html("[]", lang, str) == ""
