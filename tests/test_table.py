"""The table: people and bots in seats, the log, undo, and saving and resuming by replay."""

import json
from functools import partial

import pytest

from pygame_core.bots import bot_names, make_bot
from pygame_core.engine import BadRecord, BadSetup, IllegalAction, get_game
from pygame_core.engine.table import Table

GAME = get_game("futures")
BOTS = {n: partial(make_bot, GAME, n) for n in bot_names(GAME)}


def play_person(table: Table, person: int) -> None:
    """Play the person's first legal action."""
    table.act(person, GAME.legal_actions(table.state, person)[0])


def test_a_person_and_three_bots_play_to_the_end():
    table = Table.new("futures", ["human", "trader", "random", "trader"], 5, BOTS)
    while not table.over:
        if table.bot_to_act() is not None:
            table.bot_move()
        else:
            [person] = table.humans_to_act()
            play_person(table, person)
    assert GAME.result(table.state) is not None
    assert table.log[-1] == {"e": "phase", "phase": "over", "round": 8}
    assert sum(1 for e in table.log if e["e"] == "phase" and e["phase"] == "early") == 8


def test_illegal_actions_leave_the_table_alone():
    table = Table.new("futures", ["human", "trader", "trader"], 2, BOTS)
    before = table.to_json()
    with pytest.raises(IllegalAction):
        table.act(0, "pass")
    with pytest.raises(IllegalAction):
        table.act(1, "pass")
    assert table.to_json() == before


def test_saving_and_resuming_gives_the_same_table():
    table = Table.new("futures", ["human", "trader", "trader", "random"], 9, BOTS)
    for _ in range(40):
        if table.bot_to_act() is not None:
            table.bot_move()
        else:
            play_person(table, table.humans_to_act()[0])
    again = Table.from_json(table.to_json(), BOTS)
    assert again.state == table.state and again.log == table.log and again.seats == table.seats
    assert json.loads(table.to_json())["seats"] == ["human", "trader", "trader", "random"]


def test_bot_moves_are_deterministic_for_the_same_table():
    a = Table.new("futures", ["trader", "random", "trader"], 3, BOTS)
    b = Table.new("futures", ["trader", "random", "trader"], 3, BOTS)
    for _ in range(60):
        assert a.bot_move() == b.bot_move()


def test_undo_takes_back_the_persons_last_action_and_the_bots_after_it():
    table = Table.new("futures", ["human", "trader", "trader"], 4, BOTS)
    assert not table.can_undo()
    play_person(table, 0)
    before = table.to_json()
    play_person(table, 0)
    while table.bot_to_act() is not None:
        table.bot_move()
    table.undo()
    assert table.to_json() == before
    table.undo()
    assert table.record.actions == () and not table.can_undo()
    with pytest.raises(BadSetup, match="undo is only"):
        table.undo()


def test_undo_is_refused_with_two_people():
    table = Table.new("futures", ["human", "human", "trader"], 4, BOTS)
    play_person(table, 0)
    assert not table.can_undo()


def test_broken_saves_and_bad_seats_are_rejected():
    with pytest.raises(BadSetup, match="no bot 'genius'"):
        Table.new("futures", ["human", "genius", "trader"], 1, BOTS)
    table = Table.new("futures", ["human", "trader", "trader"], 1, BOTS)
    data = json.loads(table.to_json())
    data["actions"] = [[2, "pass"]]
    with pytest.raises(BadRecord, match="action 0"):
        Table.from_json(json.dumps(data), BOTS)
    del data["seats"]
    with pytest.raises(BadRecord, match="no list of seats"):
        Table.from_json(json.dumps(data), BOTS)
