"""The conformance suite every registered game passes, for every player count it allows."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from playout import Traced, decisions, final_state, playout, snapshot, twin, view_leaks

from pygame_core.bots import SearchBot, bot_levels, make_bot
from pygame_core.engine import IllegalAction, NotYourTurn, Record, Rng, all_games, replay
from pygame_core.engine import game as game_module

CASES = [(g, n) for g in all_games() for n in range(g.min_players, g.max_players + 1)]
IDS = [f"{g.id}-{n}p" for g, n in CASES]
seeds = st.integers(min_value=0, max_value=2**63 - 1)
slow = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
@slow
@given(seed=seeds)
def test_random_playouts_finish_with_a_result(game, players, seed):
    state, _ = final_state(game, players, seed)
    outcome = game.result(state)
    assert outcome is not None and len(outcome.scores) == players
    assert outcome.winners and all(outcome.scores[w] == max(outcome.scores) for w in outcome.winners)
    assert game.legal_actions(state, 0) == []


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
@slow
@given(seed=seeds)
def test_same_seed_and_actions_give_identical_json(game, players, seed):
    state, actions = final_state(game, players, seed)
    record = Record(game.id, players, seed, {}, tuple(actions))
    again = replay(record)[1]
    assert snapshot(again) == snapshot(state)
    assert snapshot(game.setup(players, seed)) == snapshot(game.setup(players, seed))


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
@slow
@given(seed=seeds)
def test_state_and_record_json_round_trip(game, players, seed):
    actions = []
    for state, player, action in playout(game, players, seed):
        assert json.loads(json.dumps(state)) == state
        if action:
            actions.append((player, action))
    record = Record(game.id, players, seed, {}, tuple(actions))
    assert Record.from_json(record.to_json()) == record
    assert Record.from_json(record.to_json()).to_json() == record.to_json()


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
@settings(max_examples=10, deadline=None)
@given(seed=seeds)
def test_illegal_actions_raise_and_leave_the_state_unchanged(game, players, seed):
    seen: set[str] = {"", "pass:", "nonsense", "trade", "place:9:XX", ":", "give:"}
    for state, _, _ in playout(game, players, seed):
        before = snapshot(state)
        acting = game.to_act(state)
        for p in range(players):
            legal = set(game.legal_actions(state, p))
            for wrong in sorted(seen - legal)[:40]:
                with pytest.raises(IllegalAction) as info:
                    game.apply(state, p, wrong)
                assert str(info.value)
                if p not in acting:
                    assert isinstance(info.value, NotYourTurn)
            for right in sorted(legal)[:3]:
                game.apply(state, p, right)
            assert snapshot(state) == before
            seen |= legal


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
@settings(max_examples=10, deadline=None)
@given(seed=seeds)
def test_views_do_not_change_when_hidden_facts_are_redealt(game, players, seed):
    """A view that leaked anything another seat hides would differ after `determinize`."""
    leaks, changed = view_leaks(game, players, seed)
    assert leaks == []
    assert changed > 0, "determinize never changed a hidden fact, so this test could not fail"


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_determinized_states_play_on_to_the_end(game, players):
    rng = Rng(3)
    for i, (state, _, _) in enumerate(playout(game, players, 11)):
        if i % 17:
            continue
        s = game.determinize(state, i % players, rng)
        while acting := game.to_act(s):
            s = game.apply(s, acting[0], rng.choice(game.legal_actions(s, acting[0])))
        assert game.result(s) is not None


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_determinize_depends_only_on_what_the_player_sees(game, players):
    """Two states a seat cannot tell apart, RNG state included, give the same sampled world for the same
    rng (search bots then choose alike in both, so they cannot read a secret through the sampling)."""
    for i, (state, _, _) in enumerate(playout(game, players, 13)):
        if i % 5:
            continue
        p = i % players
        other = twin(game, state, p, Rng(i))
        assert snapshot(game.determinize(other, p, Rng(99))) == snapshot(game.determinize(state, p, Rng(99)))


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_every_state_keeps_its_rng_state_under_rng(game):
    """The convention `twin` relies on to give a world a new RNG state."""
    assert all("rng" in state for state, _, _ in playout(game, game.min_players, 2))


BOT_CASES = [(g, name) for g in all_games() for name in bot_levels(g)]


@pytest.mark.parametrize(("game", "name"), BOT_CASES, ids=[f"{g.id}-{n}" for g, n in BOT_CASES])
def test_bots_choose_alike_in_worlds_they_cannot_tell_apart(game, name):
    """At a few decisions of a random game, every bot level run with the same rng on the real state and on
    a twin whose hidden facts and RNG state are redealt must do the same: choose the same action, sample
    the same worlds (so a search bot's rollouts are the same) and leave its rng in the same state."""
    players = game.max_players
    for state, p, legal in decisions(game, players, 8, count=4):
        other = twin(game, state, p, Rng(len(legal)))
        assert game.view(other, p) == game.view(state, p) and game.legal_actions(other, p) == legal
        runs = []
        for world in (state, other):
            bot, traced, rng = make_bot(game, name), Traced(game), Rng(1 + len(state["events"]))
            if isinstance(bot, SearchBot):  # the cheapest search that still rolls out
                bot.samples, bot.horizon = 2, bot.horizon // 2
            action = bot.choose(traced, world, p, legal, rng)
            runs.append((action, traced.worlds, rng.state))
        assert runs[0] == runs[1], f"{name} chose {runs[0][0]} in the real state, {runs[1][0]} in its twin"


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_reveals_finds_what_many_more_worlds_find(game, monkeypatch):
    """At every 4th step of a random game, `reveals` (what undo relies on) says what 4 times as many
    sampled worlds say, and it finds both quiet actions and revealing ones."""
    steps = [(s, p, a) for s, p, a in playout(game, game.min_players, 6) if a][::4]
    few = [game.reveals(s, p, a) for s, p, a in steps]
    monkeypatch.setattr(game_module, "REVEAL_WORLDS", 4 * game_module.REVEAL_WORLDS)
    assert few == [game.reveals(s, p, a) for s, p, a in steps]
    assert any(few) and not all(few)


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_the_table_view_shows_no_hand(game, players):
    for state, _, _ in playout(game, players, 5):
        table = game.view(state, None)
        assert table["viewer"] is None and "hand" not in table
        json.dumps(table)


OPTION_CASES = [
    (g, {key: value})
    for g in all_games()
    for key, choices in g.option_choices.items()
    for value in choices
    if value != g.default_options[key]
]


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_every_option_lists_its_choices_default_first(game):
    assert set(game.option_choices) == set(game.default_options)
    for key, choices in game.option_choices.items():
        assert choices[0] == game.default_options[key] and len(set(choices)) == len(choices) > 1
        assert all(type(c) is type(choices[0]) for c in choices)


@pytest.mark.parametrize(("game", "options"), OPTION_CASES, ids=[f"{g.id}-{o}" for g, o in OPTION_CASES])
def test_every_option_plays_to_the_end_without_leaks(game, options):
    players = game.min_players
    steps = list(playout(game, players, 4, options))
    assert game.result(steps[-1][0]) is not None
    record = Record(game.id, players, 4, options, tuple((p, a) for _, p, a in steps[:-1]))
    assert snapshot(replay(record)[1]) == snapshot(steps[-1][0])
    leaks, changed = view_leaks(game, players, 4, options)
    assert not leaks and changed
    rng = Rng(5)
    for i, (state, _, _) in enumerate(steps):
        if i % 13 == 0:
            s = game.determinize(state, i % players, rng)
            while acting := game.to_act(s):
                s = game.apply(s, acting[0], rng.choice(game.legal_actions(s, acting[0])))
            assert game.result(s) is not None


def test_the_leak_check_catches_a_view_that_shows_every_hand():
    class Leaky(type(all_games()[0])):  # type: ignore[misc]
        def view(self, state, player):
            return {**super().view(state, player), "all_hands": state["hands"]}

    leaks, _ = view_leaks(Leaky(), 3, 1)
    assert leaks and "shows a secret" in leaks[0]
