"""Futures!: the rulebook's worked examples, its procedures, and invariants on every step."""

import copy
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from playout import final_state, playout

from pygame_core.engine import IllegalAction, NotYourTurn
from pygame_core.games.futures.rules import (
    CARDS,
    COPIES,
    FUTURES,
    LADDER,
    SOURCES,
    START_ROW,
    current,
    free_markers,
    trade_fee,
)

RED, BLUE, YELLOW, PURPLE = 0, 1, 2, 3
C, R, P = 0, 1, 2


def row(price: int) -> int:
    """Return the ladder row of a price."""
    return LADDER.index(price)


def turn_of(player: int, players: int = 4, phase: str = "early", last: bool = False, **fields):
    """Return a state in `player`'s action step (the last turn of the phase if `last`), with fields set."""
    s = FUTURES.setup(players, 1)
    k = players - 1 if last else 0
    start = (player - k) % players if phase == "early" else (player + 1 + k) % players
    s.update(phase=phase, start=start, turn=k, step="act", actions=1)
    s.update(copy.deepcopy(fields))
    assert current(s) == player and FUTURES.to_act(s) == (player,)
    return s


def market(face_up: list[str], players: int = 4) -> dict:
    """Return slot fields with the given face-up top cards and the other slots face down (by seat 0)."""
    tops = face_up + ["CU"] * (6 - len(face_up))
    return {"slots": [[c] for c in tops], "down": [None] * len(face_up) + [0] * (6 - len(face_up))}


def moves(state) -> dict[str, int]:
    """Return the net rows each commodity moved in a state's events."""
    out = {}
    for e in state["events"]:
        if e["e"] == "move":
            out[e["c"]] = row(e["to"]) - row(e["from"])
    return out


# -- The price ladder (assumption A1) agrees with every example in the rulebook.


def test_ladder_has_17_rows_from_0_to_50_with_25_in_the_middle():
    assert len(LADDER) == 17 and LADDER[0] == 0 and LADDER[-1] == 50 and LADDER[START_ROW] == 25
    assert list(LADDER) == sorted(set(LADDER))


@pytest.mark.parametrize(("start", "end", "rows"), [(8, 18, 3), (15, 8, -2), (12, 4, -2)])
def test_ladder_fits_the_rulebook_examples(start, end, rows):
    assert row(end) - row(start) == rows


# -- Trade fees (p. 9): 1, 3 and 2.


def test_fee_example_red_corn_up_at_8_pays_1():
    s = turn_of(RED, rows=[row(8), START_ROW, START_ROW], money=[0, 0, 0, 0])
    s = FUTURES.apply(s, RED, "trade:C:U")
    assert s["money"][RED] == -1 and [RED, "C", "U", 8] in s["markers"]


def test_fee_example_blue_rice_down_at_15_pays_3_counting_its_own_marker():
    markers = [[BLUE, "R", "D", 15], [YELLOW, "R", "D", 15], [RED, "R", "U", 15]]
    s = turn_of(BLUE, rows=[START_ROW, row(15), START_ROW], markers=markers, money=[0, 10, 0, 0])
    assert trade_fee(markers, "R", "D", 15) == 3
    assert FUTURES.apply(s, BLUE, "trade:R:D")["money"][BLUE] == 7


def test_fee_example_purple_pepper_up_at_12_pays_2_ignoring_the_down_square():
    markers = [[RED, "P", "U", 12], [YELLOW, "P", "D", 12]]
    s = turn_of(PURPLE, rows=[START_ROW, START_ROW, row(12)], markers=markers, money=[0, 0, 0, 0])
    assert FUTURES.apply(s, PURPLE, "trade:P:U")["money"][PURPLE] == -2


# -- Settlements (p. 10): +10, +7, -8; and the money-track examples (p. 5) as plain sums.


@pytest.mark.parametrize(
    ("player", "marker", "rows", "gain"),
    [
        (RED, [RED, "C", "U", 8], [row(18), START_ROW, START_ROW], 10),
        (BLUE, [BLUE, "R", "D", 15], [START_ROW, row(8), START_ROW], 7),
        (PURPLE, [PURPLE, "P", "U", 12], [START_ROW, START_ROW, row(4)], -8),
    ],
)
def test_settlement_examples(player, marker, rows, gain):
    s = turn_of(player, rows=rows, markers=[marker], money=[50] * 4)
    action = "settle:{}:{}:{}".format(*marker[1:])
    after = FUTURES.apply(s, player, action)
    assert after["money"][player] == 50 + gain
    assert after["markers"] == [] and free_markers(after)[player] == 3


@pytest.mark.parametrize(("money", "gain", "total"), [(72, 5, 77), (81, -6, 75), (77, 5, 82), (75, -5, 70)])
def test_money_track_examples(money, gain, total):
    side = "U" if gain > 0 else "D"
    start = 23 - gain if side == "U" else 23 + gain
    s = turn_of(RED, rows=[row(23), START_ROW, START_ROW], markers=[[RED, "C", side, start]])
    s["money"][RED] = money
    assert FUTURES.apply(s, RED, f"settle:C:{side}:{start}")["money"][RED] == total


def test_pass_takes_one():
    s = turn_of(YELLOW, money=[0, 0, 3, 0])
    assert FUTURES.apply(s, YELLOW, "pass")["money"] == [0, 0, 4, 0]


# -- Market fluctuation (pp. 4, 7, 8).


def test_setup_fluctuation_example():
    s = turn_of(RED, phase="late", last=True, **market(["CU", "RU", "RD", "PU", "PD", "PD"]))
    after = FUTURES.apply(s, RED, "pass")
    assert moves(after) == {"C": 1, "P": -1}
    assert after["rows"] == [START_ROW + 1, START_ROW, START_ROW - 1]


def test_mid_fluctuation_uses_only_the_two_face_up_cards():
    s = turn_of(PURPLE, last=True, **market(["RU", "PD"]))
    s["slots"] = [["RU"], ["PD"], ["CU"], ["CU"], ["CU"], ["CU"]]
    after = FUTURES.apply(s, PURPLE, "pass")
    assert moves(after) == {"R": 1, "P": -1}
    assert after["phase"] == "late"


def test_end_fluctuation_uses_all_six_cards():
    s = turn_of(BLUE, phase="late", last=True, **market(["CU", "CU", "CU", "RU", "PD", "PD"]))
    after = FUTURES.apply(s, BLUE, "pass")
    assert moves(after) == {"C": 3, "R": 1, "P": -2}


# -- Forced settlement (p. 11).


def test_forced_settlement_at_0_pays_debts_and_no_dividends():
    s = turn_of(
        PURPLE,
        last=True,
        rows=[START_ROW, START_ROW, row(4)],
        markers=[[RED, "P", "U", 12], [YELLOW, "P", "D", 12], [BLUE, "C", "U", 25]],
        money=[20, 20, 20, 20],
        **market(["PD", "PD"]),
    )
    after = FUTURES.apply(s, PURPLE, "pass")
    assert after["money"] == [8, 20, 20, 21]
    assert after["markers"] == [[BLUE, "C", "U", 25]]
    assert after["rows"][P] == START_ROW
    burst = [e for e in after["events"] if e["e"] == "burst"]
    assert burst == [
        {"e": "burst", "c": "P", "at": 0, "settled": [[RED, "U", 12, -12], [YELLOW, "D", 12, 0]], "to": 25}
    ]


def test_a_burst_past_the_top_resets_to_25_without_overshoot():
    s = turn_of(
        RED,
        phase="late",
        last=True,
        rows=[row(46), START_ROW, START_ROW],
        markers=[[BLUE, "C", "D", 38], [RED, "C", "U", 38]],
        money=[0] * 4,
        **market(["CU", "CU", "CU", "RU", "RD", "PU"]),
    )
    after = FUTURES.apply(s, RED, "pass")
    assert after["rows"][C] == START_ROW
    assert after["money"][BLUE] == -12 and after["money"][RED] == 1


# -- Turn order, placement and the NPC.


def test_early_trading_goes_clockwise_from_the_start_player_and_late_trading_back():
    s = FUTURES.setup(4, 2)
    s["start"] = 1
    seen = []
    while s["phase"] != "carry":
        p = FUTURES.to_act(s)[0]
        seen.append((s["phase"], p))
        legal = FUTURES.legal_actions(s, p)
        s = FUTURES.apply(s, p, "pass" if "pass" in legal else legal[0])
    firsts = [x for i, x in enumerate(seen) if i == 0 or seen[i - 1] != x]
    assert firsts == [
        ("early", 1),
        ("early", 2),
        ("early", 3),
        ("early", 0),
        ("late", 0),
        ("late", 3),
        ("late", 2),
        ("late", 1),
    ]


def test_a_card_cannot_go_on_a_slot_already_covered_this_phase():
    s = FUTURES.setup(4, 3)
    s = FUTURES.apply(s, 0, FUTURES.legal_actions(s, 0)[0])
    s = FUTURES.apply(s, 0, "pass")
    covered = s["down"].index(0)
    assert not any(a.startswith(f"place:{covered}:") for a in FUTURES.legal_actions(s, 1))
    with pytest.raises(IllegalAction, match="slot"):
        FUTURES.apply(s, 1, f"place:{covered}:{s['hands'][1][0]}")


def test_three_players_the_npc_covers_its_slot_then_moves_right_and_wraps():
    s = FUTURES.setup(3, 4)
    assert s["down"][0] == -1 and len(s["deck"]) == 54 - 15 - 6 - 1
    assert not any(a.startswith("place:0:") for a in FUTURES.legal_actions(s, 0))
    npc_slots = []
    for state, _, _ in playout(FUTURES, 3, 4):
        if state["phase"] == "early" and state["turn"] == 0 and state["step"] == "card":
            npc_slots.append(state["npc"])
            assert state["down"][state["npc"]] == -1
    assert npc_slots == [0, 1, 2, 3, 4, 5, 0, 1, 2]


def test_late_trading_can_reveal_the_npc_card_and_the_last_face_down_card_is_revealed():
    s = FUTURES.setup(3, 4)
    while s["phase"] == "early":
        p = FUTURES.to_act(s)[0]
        s = FUTURES.apply(s, p, "pass" if s["step"] == "act" else FUTURES.legal_actions(s, p)[0])
    assert s["down"].count(None) == 2 and "reveal:0" in FUTURES.legal_actions(s, FUTURES.to_act(s)[0])
    while s["phase"] == "late":
        p = FUTURES.to_act(s)[0]
        legal = FUTURES.legal_actions(s, p)
        s = FUTURES.apply(s, p, "pass" if s["step"] == "act" else legal[-1])
    assert s["down"] == [None] * 6
    assert [e for e in s["events"] if e["e"] == "reveal" and e["p"] is None] == [
        {"e": "reveal", "p": None, "slot": 0, "card": s["slots"][0][-1]}
    ]


# -- Extra actions and the 4th marker (pp. 11-12).


def test_discarding_two_cards_gives_one_more_action_and_four_give_two():
    s = turn_of(RED, hands=[["CU", "CU", "RD", "PU"], [], [], []], money=[0] * 4)
    s = FUTURES.apply(s, RED, "discard:CU:CU")
    s = FUTURES.apply(s, RED, "discard:RD:PU")
    assert s["actions"] == 3 and s["hands"][RED] == [] and s["discards"][RED] == ["CU", "CU", "RD", "PU"]
    s = FUTURES.apply(s, RED, "trade:C:U")
    s = FUTURES.apply(s, RED, "trade:C:U")
    s = FUTURES.apply(s, RED, "pass")
    assert s["money"][RED] == -1 - 2 + 1 and FUTURES.to_act(s) == (BLUE,)
    assert not any(
        a.startswith("discard") for a in FUTURES.legal_actions(turn_of(RED, hands=[["CU"], [], [], []]), RED)
    )


def test_the_fourth_marker_costs_5_once_uses_no_action_and_needs_5():
    s = turn_of(RED, money=[5, 0, 0, 0], markers=[[RED, "C", "U", 25]] * 3)
    assert "trade:C:U" not in FUTURES.legal_actions(s, RED)
    s = FUTURES.apply(s, RED, "marker")
    assert s["money"][RED] == 0 and s["actions"] == 1 and free_markers(s)[RED] == 1
    assert "marker" not in FUTURES.legal_actions(s, RED)
    s = FUTURES.apply(s, RED, "trade:R:D")
    assert free_markers(s)[RED] == 0
    poor = turn_of(RED, money=[4, 0, 0, 0])
    with pytest.raises(IllegalAction, match="costs 5 and you have 4"):
        FUTURES.apply(poor, RED, "marker")


def test_the_fourth_marker_can_be_bought_before_the_card_step():
    """p. 12: 「自分の手番中であれば、アクションを消費せずに」 — the card step is part of the turn."""
    s = FUTURES.setup(4, 1)
    s["money"] = [5, 5, 0, 0]
    assert s["step"] == "card" and "marker" in FUTURES.legal_actions(s, 0)
    assert "marker" not in FUTURES.legal_actions(s, 1)  # not Blue's turn
    s = FUTURES.apply(s, 0, "marker")
    assert s["step"] == "card" and s["money"][0] == 0 and free_markers(s)[0] == 4
    assert all(a.startswith("place:") for a in FUTURES.legal_actions(s, 0))


def test_the_fourth_marker_can_be_bought_with_the_money_the_last_action_earned():
    """p. 12: 「各プレイヤーは自分の手番中であれば、アクションを消費せずに取引マーカーを買うことができます」:
    a settlement's +10 buys the marker before the turn ends, not next turn (when a BURST may take it)."""
    s = turn_of(RED, money=[0, 0, 0, 0], rows=[row(18), START_ROW, START_ROW], markers=[[RED, "C", "U", 8]])
    s = FUTURES.apply(s, RED, "settle:C:U:8")
    assert s["money"][RED] == 10 and s["step"] == "end" and FUTURES.to_act(s) == (RED,)
    assert FUTURES.legal_actions(s, RED) == ["end", "marker"]
    bought = FUTURES.apply(s, RED, "marker")
    assert bought["money"][RED] == 5 and bought["bought"][RED] and FUTURES.to_act(bought) == (BLUE,)
    ended = FUTURES.apply(s, RED, "end")
    assert ended["money"][RED] == 10 and not ended["bought"][RED] and FUTURES.to_act(ended) == (BLUE,)
    with pytest.raises(IllegalAction, match="buy the 4th marker with marker, or end your turn"):
        FUTURES.apply(s, RED, "pass")


def test_the_turn_ends_at_once_when_the_marker_was_affordable_before_the_last_action():
    """Buying before the last action gives the same table, so no end step is offered (assumption A6)."""
    s = FUTURES.apply(turn_of(RED, money=[7, 0, 0, 0]), RED, "pass")
    assert s["money"][RED] == 8 and FUTURES.to_act(s) == (BLUE,)
    s = FUTURES.apply(turn_of(RED, money=[4, 0, 0, 0], bought=[True] + [False] * 3), RED, "pass")
    assert FUTURES.to_act(s) == (BLUE,)  # bought already: nothing to offer


def test_every_change_of_money_is_in_the_ledger_by_source():
    for players in (3, 4):
        state, _ = final_state(FUTURES, players, 17)
        view = FUTURES.view(state, None)
        assert [sum(sources.values()) for sources in view["ledger"]] == state["money"]
        assert set(view["ledger"][0]) == set(SOURCES)


# -- Carry-over (p. 8) and the end of the game (p. 12).


def test_carry_over_draws_one_passes_one_left_secretly_and_moves_the_start_player():
    s = FUTURES.setup(4, 6)
    while s["phase"] != "carry":
        p = FUTURES.to_act(s)[0]
        s = FUTURES.apply(s, p, "pass" if s["step"] == "act" else FUTURES.legal_actions(s, p)[0])
    assert [len(h) for h in s["hands"]] == [5] * 4 and len(s["deck"]) == 28 - 4
    assert FUTURES.to_act(s) == (0, 1, 2, 3)
    gifts = {p: s["hands"][p][0] for p in range(4)}
    for p in (2, 0, 3):
        s = FUTURES.apply(s, p, f"give:{gifts[p]}")
        assert FUTURES.view(s, 1)["giving"] is None and "giving" not in FUTURES.view(s, None)
        assert FUTURES.view(s, p)["giving"] == gifts[p]
    with pytest.raises(NotYourTurn):
        FUTURES.apply(s, 0, f"give:{s['hands'][0][0]}")
    s = FUTURES.apply(s, 1, f"give:{gifts[1]}")
    for p in range(4):
        assert s["received"][p] == gifts[(p - 1) % 4] and s["passed"][p] == gifts[p]
    assert s["start"] == 1 and s["round"] == 2 and s["phase"] == "early" and FUTURES.to_act(s) == (1,)


def test_the_last_round_has_no_carry_over_and_settles_two_markers_per_player():
    s = turn_of(
        RED,
        phase="late",
        last=True,
        round=8,
        rows=[START_ROW] * 3,
        markers=[
            [RED, "C", "U", 15],
            [RED, "R", "U", 21],
            [RED, "P", "D", 29],
            [RED, "C", "D", 21],
            [BLUE, "R", "D", 18],
        ],
        money=[0] * 4,
        **market(["CU", "CD", "RU", "RD", "PU", "PD"]),
    )
    after = FUTURES.apply(s, RED, "pass")
    assert after["phase"] == "over" and FUTURES.to_act(after) == ()
    # RED: +10 and +4 settled, +4 forced to nothing, -4 paid; plus the pass.
    assert after["money"] == [1 + 10 + 4 + 0 - 4, -7, 0, 0]
    assert FUTURES.result(after).winners == (RED,)


def test_ties_share_the_victory():
    s = turn_of(RED, phase="late", last=True, round=8, money=[3, 4, 4, 1], **market(["CU"] * 3 + ["CD"] * 3))
    assert FUTURES.result(FUTURES.apply(s, RED, "pass")).winners == (RED, BLUE, YELLOW)


# -- Views.


def test_a_player_sees_their_hand_their_face_down_card_and_counts_of_others():
    s = FUTURES.setup(4, 8)
    s = FUTURES.apply(s, 0, "place:1:" + s["hands"][0][0])
    mine, theirs, table = FUTURES.view(s, 0), FUTURES.view(s, 1), FUTURES.view(s, None)
    assert mine["hand"] == s["hands"][0] and theirs["hand"] == s["hands"][1]
    assert mine["hand_sizes"] == [4, 5, 5, 5]
    assert mine["slots"][1] == {"height": 2, "down": True, "by": 0, "card": s["slots"][1][-1]}
    assert theirs["slots"][1] == table["slots"][1] == {"height": 2, "down": True, "by": 0}
    assert "hand" not in table and "giving" not in table


def test_no_view_holds_another_seats_cards_card_by_card():
    for state, _, _ in playout(FUTURES, 4, 9):
        for viewer in range(4):
            v = FUTURES.view(state, viewer)
            assert v["hand"] == state["hands"][viewer]
            for i, slot in enumerate(v["slots"]):
                by = state["down"][i]
                assert ("card" in slot) == (by is None or by == viewer)
            assert v["giving"] in (None, state["giving"][viewer])
            assert set(v) & {"hands", "deck_cards", "discard_pile"} == set()


# -- Invariants on every step.


def card_count(s) -> Counter:
    """Return every card in the game by kind: deck, hands, gifts, market stacks and discards."""
    cards = Counter(s["deck"]) + Counter(c for pile in s["discards"] for c in pile)
    for h in s["hands"]:
        cards += Counter(h)
    for stack in s["slots"]:
        cards += Counter(stack)
    cards += Counter(g for g in s["giving"] if g)
    return cards


@pytest.mark.parametrize("players", [3, 4])
@settings(max_examples=30, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_invariants_hold_on_every_step(players, seed):
    draws = {4: 28, 3: 33}[players]
    prev = None
    rounds_seen = set()
    for s, _, _ in playout(FUTURES, players, seed):
        assert card_count(s) == {c: COPIES for c in CARDS}
        rounds_seen.add(s["round"])
        if s["phase"] == "carry" and s["giving"] == [None] * players:
            npc = players == 3
            assert len(s["deck"]) == draws - npc * s["round"] - players * s["round"]
        if prev is not None:
            delta = [a - b for a, b in zip(s["money"], prev["money"], strict=True)]
            explained = [0] * players
            for e in s["events"]:
                if e["e"] == "burst":
                    for owner, _, _, owed in e["settled"]:
                        explained[owner] += owed
                elif "amount" in e:
                    explained[e["p"]] += e["amount"]
            assert delta == explained
        prev = s
    assert len(s["deck"]) == 0 and s["phase"] == "over"
    assert rounds_seen == set(range(1, {4: 8, 3: 9}[players] + 1))


# -- Errors.


def test_errors_say_what_was_wrong_and_leave_the_state_alone():
    s = FUTURES.setup(4, 1)
    before = copy.deepcopy(s)
    with pytest.raises(NotYourTurn, match="player 2 is not to act now; to act: 0"):
        FUTURES.apply(s, 2, "pass")
    with pytest.raises(IllegalAction, match="first place:<slot>:<card>"):
        FUTURES.apply(s, 0, "pass")
    missing = next(c for c in CARDS if c not in s["hands"][0])
    with pytest.raises(IllegalAction, match=f"you hold no {missing} card"):
        FUTURES.apply(s, 0, f"place:1:{missing}")
    assert s == before
