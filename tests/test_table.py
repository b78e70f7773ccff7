"""The table: people and bots in seats, the log, undo as a real table allows, and saving and resuming."""

import json
from functools import partial

import pytest

from pygame_core.bots import bot_names, make_bot
from pygame_core.engine import BadRecord, BadSetup, IllegalAction, Record, get_game
from pygame_core.engine.table import Seat, Table
from tests.playout import playout

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


def lone_person(game_id: str, seed: int = 4) -> Table:
    """Return a 3-seat table of `game_id`: a person in seat 0 (first to act), the first bot elsewhere."""
    game = get_game(game_id)
    bots = {n: partial(make_bot, game, n) for n in bot_names(game)}
    return Table.new(game_id, ["human", bot_names(game)[0], bot_names(game)[0]], seed, bots)


def act_first(table: Table, prefix: str, wait: bool = True) -> str:
    """Play the person's first legal action that starts with `prefix`; return it. With `wait`, bots
    choosing alongside the person then choose."""
    action = next(a for a in table.game.legal_actions(table.state, 0) if a.startswith(prefix))
    table.act(0, action)
    while wait and table.humans_to_act() and table.bot_to_act() is not None:
        table.bot_move()
    return action


QUIET = {  # a person's first action that shows nothing hidden and keeps their turn, and one that ends it
    "futures": ("place:", "pass"),  # a card face down; then 1 from the exchange
    "mercator": ("auction", "bid:1"),  # the lot up for auction; then a sealed bid before the bots bid
}
REVEALING = {  # a person's turn with an action that shows something hidden
    "futures": ("place:", "discard:"),  # two hand cards discarded face up
    "mercator": ("turn",),  # the next card of the deck turned onto the lot
}


@pytest.mark.parametrize("game_id", sorted(QUIET))
def test_undo_takes_back_a_quiet_move_within_the_persons_turn(game_id):
    table = lone_person(game_id)
    assert not table.can_undo()
    before = table.to_json()
    act_first(table, QUIET[game_id][0])
    assert table.can_undo()
    table.undo()
    assert table.to_json() == before and table.record.actions == () and not table.can_undo()
    with pytest.raises(BadSetup, match="undo is only"):
        table.undo()


@pytest.mark.parametrize("game_id", sorted(QUIET))
def test_an_illegal_action_leaves_undo_as_it_was(game_id):
    """The state before each action stays in step with the record, so undo restores the right one."""
    table = lone_person(game_id)
    before = table.to_json()
    with pytest.raises(IllegalAction):
        table.act(0, "not an action")
    act_first(table, QUIET[game_id][0])
    with pytest.raises(IllegalAction):
        table.act(0, "not an action")
    assert table.can_undo()
    table.undo()
    assert table.to_json() == before and not table.can_undo()


@pytest.mark.parametrize("game_id", sorted(QUIET))
def test_undo_is_refused_once_the_persons_turn_is_over(game_id):
    table = lone_person(game_id)
    state = table.state
    for prefix in QUIET[game_id]:
        action = act_first(table, prefix, wait=False)
        assert not table.game.reveals(state, 0, action)  # refused for the turn, not for a reveal
        state = table.state
    assert not table.humans_to_act() and not table.can_undo()
    while not table.humans_to_act():
        table.bot_move()
    assert not table.can_undo()
    with pytest.raises(BadSetup, match="undo is only"):
        table.undo()


@pytest.mark.parametrize("game_id", sorted(REVEALING))
def test_undo_is_refused_after_something_hidden_is_shown(game_id):
    """A replay from the same seed deals the same cards, so undoing past a reveal would replay knowing it."""
    table = lone_person(game_id)
    *quiet, shows = REVEALING[game_id]
    for prefix in quiet:
        act_first(table, prefix)
    before = table.state
    action = act_first(table, shows)
    assert table.game.reveals(before, 0, action) and 0 in table.humans_to_act() and not table.can_undo()
    with pytest.raises(BadSetup, match="undo is only"):
        table.undo()


def test_undo_waits_for_bots_choosing_alongside_and_takes_their_choices_back():
    """Mercator's sealed bids: the bots bid first, showing nothing; the person's bid opens every fist."""
    table = lone_person("mercator")
    table.act(0, "auction")
    assert table.bot_to_act() is not None and not table.can_undo()
    table.bot_move()
    assert not table.can_undo()
    table.bot_move()
    assert table.humans_to_act() == [0] and table.can_undo()
    before = table.state
    table.act(0, "bid:1")
    assert table.game.reveals(before, 0, "bid:1") and not table.can_undo()


@pytest.mark.parametrize("game_id", ["futures", "value_scale"])
def test_undo_is_refused_once_the_game_is_over(game_id):
    """Found among random games: one that a person in the last seat to act ends without showing anything."""
    game = get_game(game_id)
    for seed in range(40):
        steps = list(playout(game, 3, seed))
        last_state, person, last = steps[-2]
        if not game.reveals(last_state, person, last):
            break
    else:
        pytest.fail("no random game ended quietly")
    seats = [bot_names(game)[0]] * 3
    seats[person] = "human"
    bots = {n: partial(make_bot, game, n) for n in bot_names(game)}
    record = Record(game_id, 3, seed, {}, tuple((p, a) for _, p, a in steps[:-1]))
    table = Table(record, [Seat(k) for k in seats], bots)
    assert table.over and not table.can_undo()
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
