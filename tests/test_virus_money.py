"""Virus Money: the card list, the rulebook's scoring examples, auctions, expansion, rounds, hidden roles."""

import json
from collections import Counter

import pytest
from playout import playout

from pygame_core.bots import bot_levels, make_bot
from pygame_core.bots.random_bot import RandomBot
from pygame_core.engine import IllegalAction, Rng, get_game, play_match
from pygame_core.games.virus_money import BrokerBot, PlannerBot
from pygame_core.games.virus_money.bot import casts
from pygame_core.games.virus_money.rules import (
    CARDS,
    CAST,
    COLOURS,
    KINDS,
    PIECES_PER_COLOUR,
    VIRUS_MONEY,
    colour_of,
    cost,
    deck_for,
    production,
    round_scores,
)

G = VIRUS_MONEY
R, Y, Gr, B = range(4)


def table(players: int = 4, *, card: str = "R3", pieces=None, hands=None, deck=None, roles=None, opener=0):
    """Return a state of round 1 with `card` up for auction from `opener`, and the given facts."""
    s = G.setup(players, 1)
    n = players
    if pieces is not None:
        s["pieces"] = [list(x) for x in pieces]
    s["supply"] = [PIECES_PER_COLOUR - sum(x[c] for x in s["pieces"]) for c in range(len(COLOURS))]
    if hands is not None:
        s["hands"] = [list(h) for h in hands]
    if roles is not None:
        s["roles"] = list(roles)
    if deck is not None:
        s["deck"] = list(deck)
    s["card"], s["opener"] = card, opener
    s["queue"] = [
        (opener + k) % n for k in range(n) if s["pieces"][(opener + k) % n][colour_of(s, (opener + k) % n)]
    ]
    s["actor"] = s["queue"][0]
    s["bids"], s["passes"] = [None] * n, []
    return s


def play(s, *moves):
    """Return the state after the moves, each (seat, action), all checked."""
    for seat, action in moves:
        s = G.apply(s, seat, action)
    return s


def conserved(s) -> bool:
    """Return whether every colour's 60 pieces are all with the players, on the table or in the supply."""
    for c in range(len(COLOURS)):
        bids = sum(b for p, b in enumerate(s["bids"]) if b is not None and colour_of(s, p) == c)
        held = sum(x[c] for x in s["pieces"])
        if held + bids + s["supply"][c] != PIECES_PER_COLOUR or s["supply"][c] < 0:
            return False
    return True


# -- The trade cards (assumption A1): 40 cards, 24 kinds, three shapes, 23 without yellow.


def test_forty_cards_in_twenty_four_kinds_of_three_shapes():
    assert len(CARDS) == 40 and len(KINDS) == 24 and set(CARDS) == set(KINDS)
    shapes = Counter()
    for card in KINDS:
        made = sorted(k for k in production(card) if k)
        shapes[(cost(card), tuple(made))] += 1
    assert shapes == {(1, (3,)): 4, (2, (2, 2)): 8, (3, (1, 4)): 12}
    copies = Counter(CARDS)
    assert all(copies[c] == {1: 3, 2: 2, 3: 1}[cost(c)] for c in KINDS)


def test_three_players_use_the_23_cards_without_yellow():
    three = deck_for(3)
    assert len(three) == 23 and all(production(c)[Y] == 0 for c in three)
    assert sorted(deck_for(4)) == sorted(CARDS)


def test_every_colour_is_made_equally_by_the_four_player_deck():
    made = [sum(production(c)[k] for c in CARDS) for k in range(4)]
    assert made == [40, 40, 40, 40]


def test_the_supply_can_never_run_out_at_production():
    """No colour's cards make more than the 40 pieces left in the box after the 20 of its player."""
    for n in (3, 4):
        for k in range(4):
            assert sum(production(c)[k] for c in deck_for(n)) <= PIECES_PER_COLOUR - 20


# -- The rulebook's scoring examples (得点計算).


def test_provisional_score_example_red_6_yellow_9_green_3_blue_6_is_2100():
    provisional, finals, _ = round_scores([[6, 9, 3, 6]], [R], None)
    assert provisional == [2100] and finals == [2100]


def test_virus_score_example_blue_virus_scores_1700_for_6_7_4_blue_pieces_held_by_the_others():
    holdings = [[6, 9, 3, 6], [0, 20, 0, 7], [0, 0, 20, 4], [5, 5, 5, 20]]
    _, finals, money = round_scores(holdings, [R, Y, Gr, B], 3)
    assert money == [6, 7, 4, 0]
    assert finals[3] == 1700


def test_final_score_example_red_loses_600_for_six_blue_virus_money_and_ends_on_1500():
    holdings = [[6, 9, 3, 6], [0, 20, 0, 7], [0, 0, 20, 4], [5, 5, 5, 20]]
    provisional, finals, _ = round_scores(holdings, [R, Y, Gr, B], 3)
    assert provisional[0] == 2100 and finals[0] == 1500


def test_the_virus_player_scores_nothing_for_the_pieces_it_holds():
    holdings = [[20, 0, 0, 0], [0, 20, 0, 0], [0, 0, 20, 0], [9, 9, 9, 20]]
    _, finals, _ = round_scores(holdings, [R, Y, Gr, B], 3)
    assert finals == [1000, 1000, 1000, 0]


# -- Setup and the cast cards (役職決定).


@pytest.mark.parametrize("players", [3, 4])
def test_each_round_starts_with_20_pieces_of_ones_own_colour_and_a_card_up(players):
    s = G.setup(players, 5)
    colours = [colour_of(s, p) for p in range(players)]
    assert colours == ([R, Gr, B] if players == 3 else [R, Y, Gr, B])
    for p in range(players):
        assert s["pieces"][p] == [20 if c == colours[p] else 0 for c in range(4)]
    assert s["card"] is not None and len(s["deck"]) == len(deck_for(players)) - 1
    assert sorted([*s["deck"], s["card"]]) == deck_for(players)
    assert conserved(s) and s["phase"] == "join" and G.to_act(s) == (0,)


def test_roles_come_from_four_normal_and_one_virus_cast_card_so_at_most_one_virus():
    counts = Counter()
    for seed in range(2000):
        n = 3 + seed % 2
        roles = G.setup(n, seed)["roles"]
        assert len(roles) == n and roles.count("virus") <= 1
        assert not Counter(roles) - Counter(CAST)
        counts[(n, "virus" in roles)] += 1
    assert 0.55 < counts[(3, True)] / 1000 < 0.65, "3 of 5 cast cards are drawn: a virus 60% of the time"
    assert 0.75 < counts[(4, True)] / 1000 < 0.85, "4 of 5 cast cards are drawn: a virus 80% of the time"


def test_a_role_is_in_no_view_but_its_owners_until_the_scoring():
    s = table(roles=["normal", "virus", "normal", "normal"])
    assert G.view(s, None)["role"] is None
    assert [G.view(s, p)["role"] for p in range(4)] == ["normal", "virus", "normal", "normal"]
    other = dict(s, roles=["virus", "normal", "normal", "normal"])
    for viewer in (None, 2, 3):
        assert G.view(other, viewer) == G.view(s, viewer)


# -- The auction (競り).


def test_nobody_joins_the_card_is_set_aside_and_the_next_is_turned_for_the_next_seat():
    s = table(card="B3", deck=["R3", "G3"])
    s = play(s, (0, "pass"), (1, "pass"), (2, "pass"), (3, "pass"))
    assert s["removed"] == ["B3"] and s["card"] == "G3" and s["opener"] == 1 and G.to_act(s) == (1,)
    assert conserved(s)


def test_a_lone_joiner_takes_the_card_for_its_one_piece_which_goes_to_the_supply():
    s = table(card="B3", deck=["R3", "G3"])
    s = play(s, (0, "pass"), (1, "join"), (2, "pass"), (3, "pass"))
    assert s["hands"][1] == ["B3"] and s["pieces"][1][Y] == 19 and s["supply"][Y] == 41
    assert s["events"][1] == {"e": "win", "p": 1, "card": "B3", "bids": [None, 1, None, None]}
    assert conserved(s)


def test_rulebook_example_green_1_blue_2_red_3_red_takes_the_card_and_the_green_and_blue_bids():
    s = table(card="Y3", deck=["R3", "G3"])
    s = play(s, (0, "join"), (1, "pass"), (2, "join"), (3, "join"))
    s = play(s, (0, "pass"), (2, "pass"), (3, "raise:2"), (0, "raise:3"), (2, "pass"), (3, "pass"))
    assert s["hands"][0] == ["Y3"] and s["pieces"][0] == [17, 0, 1, 2]
    assert s["supply"] == [43, 40, 40, 40]
    assert s["pieces"][3][B] == 18 and s["pieces"][2][Gr] == 19
    assert conserved(s)


def test_a_raise_must_beat_the_highest_bid_and_is_paid_in_ones_own_colour():
    s = table(card="Y3", deck=["R3"], pieces=[[4, 0, 0, 0], [0, 20, 0, 0], [0, 0, 20, 0], [0, 0, 0, 20]])
    s = play(s, (0, "join"), (1, "join"), (2, "pass"), (3, "pass"))
    assert G.legal_actions(s, 0) == ["raise:2", "raise:3", "raise:4", "pass"]
    s = play(s, (0, "raise:4"))
    assert s["pieces"][0][R] == 0 and s["bids"] == [4, 1, None, None]
    assert G.legal_actions(s, 1)[0] == "raise:5"
    with pytest.raises(IllegalAction):
        G.apply(s, 1, "raise:4")


def test_the_leader_is_skipped_and_a_pass_does_not_drop_a_bidder_out():
    s = table(card="Y3", deck=["R3", "B3"])
    s = play(s, (0, "join"), (1, "join"), (2, "join"), (3, "pass"))
    s = play(s, (0, "raise:2"), (1, "pass"))
    assert G.to_act(s) == (2,)
    s = play(s, (2, "raise:3"))
    assert G.to_act(s) == (0,), "a raise gives everyone who passed another turn; the leader is skipped"
    s = play(s, (0, "pass"), (1, "raise:4"), (2, "pass"), (0, "pass"))
    assert s["hands"][1] == ["Y3"] and s["pieces"][1] == [2, 16, 3, 0]


def test_equal_highest_bids_set_the_card_aside_and_send_every_bid_to_the_supply():
    s = table(card="Y3", deck=["R3", "B3"])
    s = play(s, (0, "join"), (1, "join"), (2, "pass"), (3, "pass"), (0, "pass"), (1, "pass"))
    assert s["removed"] == ["Y3"] and s["hands"] == [[], [], [], []]
    assert (
        s["pieces"][0][R] == 19 and s["pieces"][1][Y] == 19 and s["supply"][R] == 41 and s["supply"][Y] == 41
    )
    assert [e["e"] for e in s["events"]][:2] == ["pass", "tie"] and conserved(s)


def test_a_tie_nobody_can_break_ends_the_auction_at_once():
    s = table(card="Y3", deck=["R3", "B3"], pieces=[[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 20, 0], [0, 0, 0, 20]])
    s = play(s, (0, "join"), (1, "join"), (2, "pass"), (3, "pass"))
    assert s["removed"] == ["Y3"] and s["card"] == "B3"


def test_seats_without_pieces_of_their_colour_are_not_asked():
    pieces = [[0, 0, 5, 0], [0, 20, 0, 0], [0, 0, 20, 0], [0, 0, 0, 20]]
    s = table(card="Y3", deck=["R3", "B3"], pieces=pieces, opener=3)
    assert s["queue"] == [3, 1, 2]
    s = play(s, (3, "pass"), (1, "pass"), (2, "pass"))
    assert s["opener"] == 0 and G.to_act(s) == (1,), "red opens but has no red piece: yellow is asked first"


def test_every_view_counts_the_auctions_each_seat_joined_and_stayed_out_of_this_round():
    s = table(card="B3", deck=["G3", "Y3"])
    s = play(s, (0, "pass"), (1, "join"), (2, "pass"), (3, "join"), (1, "raise:2"), (3, "pass"))
    s = play(s, (1, "join"), (2, "pass"), (3, "join"), (0, "pass"))
    assert s["joined"] == [0, 2, 0, 2] and s["stayed"] == [2, 0, 2, 0]
    for viewer in (None, 0, 3):
        view = G.view(s, viewer)
        assert view["joined"] == [0, 2, 0, 2] and view["stayed"] == [2, 0, 2, 0]
    s = finish_round(play(s, (1, "raise:2"), (3, "pass"), *((p, "pass") for p in (2, 3, 0, 1))))
    assert s["round"] == 2 and s["joined"] == [0] * 4 and s["stayed"] == [0] * 4, "counted per round"


# -- The end of the auction phase (A3).


def test_the_auctions_end_once_everyone_holds_three_cards():
    hands = [["R3", "R3", "G3"], ["Y3", "Y3", "B3"], ["G3", "B3", "R3"], ["Y3", "G3"]]
    s = table(card="B3", deck=["R1G4", "B1R4"], hands=hands)
    s = play(s, (0, "pass"), (1, "pass"), (2, "pass"), (3, "join"))
    assert s["phase"] == "expand" and s["ended"] == "cards"
    assert {"e": "auctions_end", "why": "cards", "deck": 2} in s["events"]


def test_the_auctions_end_when_no_seat_short_of_three_cards_has_a_piece_to_join_with():
    hands = [["R3", "R3", "G3"], ["Y3", "Y3", "B3"], ["G3"], ["Y3", "G3"]]
    pieces = [[20, 0, 0, 0], [0, 20, 0, 0], [0, 0, 0, 0], [0, 0, 0, 1]]
    s = table(card="B3", deck=["R1G4", "B1R4"], hands=hands, pieces=pieces)
    s = play(s, (0, "pass"), (1, "pass"), (3, "join"))
    assert s["phase"] == "expand" and s["ended"] == "pieces"


def test_the_auctions_end_when_the_deck_runs_out():
    s = table(card="B3", deck=[], hands=[["R3"], [], [], []])
    s = play(s, (0, "pass"), (1, "pass"), (2, "pass"), (3, "pass"))
    assert s["phase"] == "expand" and s["ended"] == "deck" and s["removed"] == ["B3"]
    assert G.to_act(s) == (0,), "only red has a card to use"


def test_random_games_always_reach_the_expansion_by_a_named_end():
    ends = Counter()
    for seed in range(40):
        for state, _, _ in playout(G, 3 + seed % 2, seed):
            for e in state["events"]:
                if e["e"] == "auctions_end":
                    ends[e["why"]] += 1
    assert sum(ends.values()) == 40 * 3 and set(ends) <= {"cards", "pieces", "deck"}


# -- Expansion (拡大生産): secret and simultaneous, all chosen cards processed together.


def expansion(hands, pieces=None, roles=None):
    """Return the state at the start of the expansion, with the given hands and pieces."""
    s = table(card="B3", deck=[], hands=hands, pieces=pieces, roles=roles)
    return play(s, *((p, "pass") for p in list(s["queue"])))


def test_a_card_is_paid_in_any_colours_and_makes_its_pieces_from_the_supply():
    pieces = [[18, 2, 1, 0], [0, 20, 0, 0], [0, 0, 20, 0], [0, 0, 0, 20]]
    s = expansion([["G1B4"], [], [], []], pieces)
    assert G.to_act(s) == (0,) and G.legal_actions(s, 0) == ["use:G1B4", "done"]
    s = play(s, (0, "use:G1B4"))
    assert G.legal_actions(s, 0) == ["pay:R", "pay:Y", "pay:G"]
    s = play(s, (0, "pay:Y"), (0, "pay:G"), (0, "pay:Y"))
    assert s["pieces"][0] == pieces[0] and s["plans"][0] == {"uses": [["G1B4", "YGY"]], "paying": None}
    assert conserved(s)
    s = play(s, (0, "done"))
    assert {"e": "use", "p": 0, "card": "G1B4", "paid": "YGY"} in s["events"]
    assert s["round"] == 2 and s["history"][0]["pieces"][0] == [18, 0, 1, 4]
    assert s["history"][0]["used"] == [["G1B4"], [], [], []]


def test_production_cannot_pay_for_another_card_in_the_same_expansion():
    """「選択したカードすべてに対し同時に処理する」: costs come from the pieces held before any production."""
    pieces = [[1, 0, 0, 0], [0, 20, 0, 0], [0, 0, 20, 0], [0, 0, 0, 20]]
    s = expansion([["G3", "R3"], [], [], []], pieces)
    s = play(s, (0, "use:G3"), (0, "pay:R"))
    assert G.legal_actions(s, 0) == ["done"]


def test_unused_cards_are_set_aside_and_seats_with_nothing_to_use_are_not_asked():
    pieces = [[20, 0, 0, 0], [0, 20, 0, 0], [0, 0, 2, 0], [0, 0, 0, 20]]
    s = expansion([["R3", "B3"], [], ["R1G4"], ["Y2B2"]], pieces)
    assert G.to_act(s) == (0, 3), "yellow won nothing; green cannot pay 3"
    s = play(s, (0, "use:B3"), (0, "pay:R"), (0, "done"))
    assert s["round"] == 1 and G.to_act(s) == (3,)
    s = play(s, (3, "done"))
    assert s["round"] == 2
    record = s["history"][0]
    assert record["pieces"][0] == [19, 0, 0, 3] and record["pieces"][2] == [0, 0, 2, 0]
    expanded = [e for e in s["events"] if e["e"] == "expanded"]
    assert {"e": "expanded", "p": 0, "unused": ["R3"]} in expanded


def test_everyone_chooses_at_once_from_the_rounds_starter():
    s = table(card="B3", deck=[], hands=[["R3"], ["R3"], ["R3"], ["R3"]])
    s["starter"] = 2
    s = play(s, *((p, "pass") for p in list(s["queue"])))
    assert s["phase"] == "expand" and G.to_act(s) == (2, 3, 0, 1)
    assert all(G.legal_actions(s, p) == ["use:R3", "done"] for p in range(4))


def test_expansion_choices_are_secret_until_everyone_is_done_then_revealed_together():
    """Rulebook 拡大生産 1: 「使用するトレードカードを選択する。…以降は、選択したカードすべてに対し
    同時に処理する」: no seat sees another's choice before all have chosen (issue 16)."""
    pieces = [[20, 0, 0, 0], [0, 20, 0, 0], [0, 0, 20, 0], [0, 0, 0, 20]]
    s = expansion([["R1G4"], ["Y3"], ["G3"], []], pieces)
    before = {p: dict(G.view(s, p), events=[]) for p in (None, 1, 2)}
    s = play(s, (0, "use:R1G4"), (0, "pay:R"), (0, "pay:R"), (0, "pay:R"))
    for viewer, view in before.items():
        assert G.view(s, viewer) == view, "the plan in progress shows on no other screen"
    assert G.view(s, 0)["plans"][0] == {"uses": [["R1G4", "RRR"]], "paying": None}
    s = play(s, (0, "done"))
    assert s["events"] == [{"e": "ready", "p": 0}] and s["ready"] == [True, False, False, True]
    assert G.view(s, 1)["plans"] == [None, {"uses": [], "paying": None}, None, None]
    s = play(s, (2, "done"), (1, "use:Y3"), (1, "pay:Y"))
    assert s["round"] == 1 and G.to_act(s) == (1,)
    s = play(s, (1, "done"))
    kinds = [e["e"] for e in s["events"]]
    assert kinds[:5] == ["ready", "expansions", "use", "use", "expanded"]
    assert s["events"][1] == {"e": "expansions", "used": [["R1G4"], ["Y3"], [], []]}
    assert s["history"][0]["pieces"][:3] == [[18, 0, 4, 0], [0, 22, 0, 0], [0, 0, 20, 0]]


def test_determinize_hides_the_other_seats_plans():
    pieces = [[20, 0, 0, 0], [0, 20, 0, 0], [0, 0, 20, 0], [0, 0, 0, 20]]
    s = expansion([["R1G4", "B3"], ["Y3"], ["G3"], []], pieces)
    s = play(s, (0, "use:B3"), (0, "pay:R"), (0, "done"), (1, "use:Y3"))
    for me in (1, 2):
        world = G.determinize(s, me, Rng(4))
        assert world["plans"][me] == s["plans"][me]
        guess = {"uses": [["R1G4", "RRR"], ["B3", "R"]], "paying": None}
        assert world["plans"][0] == guess, "a seat that is done: the greedy guess, not its real plan"
        assert world["ready"] == s["ready"]
    assert G.determinize(s, 2, Rng(4))["plans"][1] == {"uses": [], "paying": None}, "still choosing: none yet"


# -- Scoring, rounds and the end (得点計算, ラウンドの終了, 勝敗).


def finish_round(s):
    """Return the state after every remaining seat ends its expansion with `done`."""
    while s["phase"] == "expand":
        for p in G.to_act(s):
            s = G.apply(s, p, "done")
    return s


def test_the_round_is_scored_with_the_roles_revealed_and_the_next_round_resets_everything():
    pieces = [[6, 9, 3, 6], [0, 20, 0, 7], [0, 0, 20, 4], [5, 5, 5, 20]]
    s = expansion([["R3"], [], [], []], pieces, roles=["normal", "normal", "normal", "virus"])
    s = finish_round(s)
    record = s["history"][0]
    assert record["roles"] == ["normal", "normal", "normal", "virus"] and record["virus"] == 3
    assert record["provisional"][0] == 2100 and record["finals"][0] == 1500 and record["finals"][3] == 1700
    assert s["totals"] == record["finals"] and s["virus_points"] == [0, 0, 0, 1700]
    assert s["round"] == 2 and s["starter"] == 1 and s["phase"] == "join"
    assert all(s["pieces"][p] == [20 if c == p else 0 for c in range(4)] for p in range(4))
    assert len(s["deck"]) == 39 and s["removed"] == [] and s["hands"] == [[], [], [], []]
    assert conserved(s)
    score = next(e for e in s["events"] if e["e"] == "score")
    assert score["finals"] == record["finals"]


def test_three_rounds_then_the_highest_total_wins():
    s = G.setup(3, 4)
    rng = Rng(2)
    while G.to_act(s):
        p = G.to_act(s)[0]
        s = G.apply(s, p, rng.choice(G.legal_actions(s, p)))
    assert len(s["history"]) == 3 and s["phase"] == "over"
    assert s["totals"] == [sum(r["finals"][p] for r in s["history"]) for p in range(3)]
    outcome = G.result(s)
    assert outcome is not None and outcome.scores == tuple(s["totals"])
    assert G.view(s, None)["result"] == outcome.to_json()


def test_equal_totals_rank_the_seat_with_fewer_virus_points_first():
    s = G.setup(3, 1)
    s.update(phase="over", totals=[3000, 3000, 2000], virus_points=[1200, 0, 0])
    assert G.result(s).winners == (1,)
    s.update(virus_points=[0, 0, 1500])
    assert G.result(s).winners == (0, 1), "otherwise equal: they share the place"


# -- Hidden facts, determinize and invariants.


def test_determinize_redraws_only_the_other_roles_and_the_deck_order():
    s = G.setup(4, 3)
    me = 1
    seen = Counter()
    for k in range(400):
        d = G.determinize(s, me, Rng(k))
        assert d["roles"][me] == s["roles"][me] and d["roles"].count("virus") <= 1
        assert sorted(d["deck"]) == sorted(s["deck"]) and d["pieces"] == s["pieces"]
        assert G.view(d, me) == G.view(s, me) and G.view(d, None) == G.view(s, None)
        seen[tuple(d["roles"])] += 1
    if s["roles"][me] == "normal":
        assert len(seen) == 4, "any other seat, or none, may hold the virus card"
    else:
        assert list(seen) == [tuple("virus" if p == me else "normal" for p in range(4))]


def test_views_never_show_the_current_rounds_roles_and_pieces_are_conserved_on_every_step():
    for seed in range(12):
        n = 3 + seed % 2
        for state, _, _ in playout(G, n, seed):
            assert conserved(state)
            finished = len(state["history"])
            for viewer in (None, *range(n)):
                view = G.view(state, viewer)
                assert view["role"] == (None if viewer is None else state["roles"][viewer])
                assert len(view["history"]) == finished
                redrawn = dict(state, roles=["normal"] * n)
                if viewer is None or state["roles"][viewer] == "normal":
                    assert G.view(redrawn, viewer) == view
                else:
                    assert G.view(redrawn, viewer)["role"] == "normal"
            for event in state["events"]:
                if event["e"] != "score":
                    assert "roles" not in event and "virus" not in json.dumps(event)


def test_cards_are_all_accounted_for_in_each_round():
    for state, _, _ in playout(G, 4, 9):
        if state["phase"] in ("join", "raise", "expand"):
            cards = [*state["deck"], *state["removed"], *(c for h in state["hands"] for c in h)]
            if state["card"] is not None:
                cards.append(state["card"])
            assert Counter(cards) == Counter(CARDS)


# -- Bots.


def test_bots_are_registered_weakest_first():
    game = get_game("virus_money")
    assert bot_levels(game) == ["random", "broker", "planner"]
    assert isinstance(make_bot(game, "broker"), BrokerBot)
    assert isinstance(make_bot(game, "planner"), PlannerBot)


def test_the_broker_beats_random_bots_over_1000_games():
    """1,000 seeded games, 3 and 4 players alternately, the broker's seat rotating (measured 60%)."""
    wins = 0
    for seed in range(1000):
        n = 3 + seed % 2
        seat = (seed // 2) % n
        bots = [RandomBot() for _ in range(n)]
        bots[seat] = BrokerBot()
        wins += seat in play_match(G, bots, seed).outcome.winners
    assert wins / 1000 > 0.45, f"the broker won {wins} of 1000 games (a random seat wins about 29%)"


def lead(bot, seed: int) -> float:
    """Return the total of `bot` minus the mean of the brokers around it, 3 and 4 players alternately."""
    n = 3 + seed % 2
    seat = (seed // 2) % n
    bots = [BrokerBot() for _ in range(n)]
    bots[seat] = bot
    scores = play_match(G, bots, seed).outcome.scores
    return scores[seat] - (sum(scores) - scores[seat]) / (n - 1)


def test_a_cheap_planner_leads_the_brokers_by_more_than_a_broker_does():
    """Over 12 seeded games (measured at full strength: see docs/rules/virus_money.md). Since the planner
    no longer sees the next round's deal (determinize draws a new RNG), its lead here is about 100 points a
    game over a broker's (it was over 200 with that foresight)."""
    seeds = range(100, 112)
    planner = sum(lead(PlannerBot(2, 12), s) for s in seeds) / len(seeds)
    broker = sum(lead(BrokerBot(), s) for s in seeds) / len(seeds)
    assert planner > broker + 50, f"planner {planner:+.0f} vs broker {broker:+.0f} per game"


def test_the_planner_plays_legally_and_is_deterministic():
    a = play_match(G, [PlannerBot(1, 6), BrokerBot(), RandomBot()], 5, bot_seed=3)
    b = play_match(G, [PlannerBot(1, 6), BrokerBot(), RandomBot()], 5, bot_seed=3)
    assert a.record == b.record and a.outcome.winners


def test_the_planners_think_yields_between_worlds_and_ends_with_its_choice():
    s = table(card="R1G4", deck=["R3", "B3"])
    s = play(s, (0, "join"), (1, "join"), (2, "pass"), (3, "pass"))
    legal = G.legal_actions(s, 0)
    steps = list(PlannerBot(3, 6).think(G, s, 0, legal, Rng(2)))
    assert steps[:-1] == [None] * 3 and steps[-1] in legal
    assert steps[-1] == PlannerBot(3, 6).choose(G, s, 0, legal, Rng(2))


def chances(view) -> dict:
    """Return the viewer's belief as {the virus seat or None: chance}."""
    return {roles.index("virus") if "virus" in roles else None: w for w, roles in casts(view)}


def test_a_normal_broker_suspects_the_seat_that_joins_every_auction():
    s = table(roles=["normal", "normal", "normal", "virus"])
    before = chances(G.view(s, 0))
    assert before == pytest.approx({1: 0.25, 2: 0.25, 3: 0.25, None: 0.25}), "the cast cards' odds"
    s.update(joined=[0, 1, 0, 6], stayed=[6, 5, 6, 0])
    after = chances(G.view(s, 0))
    assert sum(after.values()) == pytest.approx(1.0)
    assert after[3] > 0.9 and after[1] < after[None] and after[2] < after[None]
    assert chances(G.view(dict(s, roles=["normal"] * 4), 0)) == after, "read from public play only"
    assert chances(G.view(s, 3)) == {3: 1.0}, "the virus player knows everyone else is normal"


def test_the_planner_draws_each_worlds_cast_from_the_brokers_belief():
    s = table(roles=["normal", "virus", "normal", "normal"], deck=["R3", "G3", "B3"])
    s.update(joined=[0, 0, 0, 6], stayed=[6, 6, 6, 0])
    planner = PlannerBot(1, 0)
    seen = Counter()
    for k in range(200):
        world = planner.sample(G, s, 0, Rng(k))
        assert world["roles"][0] == "normal" and world["roles"].count("virus") <= 1
        assert world == planner.sample(G, dict(s, roles=["normal"] * 4), 0, Rng(k)), "never the true cast"
        seen["virus" in world["roles"] and world["roles"].index("virus")] += 1
    assert seen[3] > 180, f"the seat that always joins is the virus in most worlds: {seen}"


def test_a_normal_broker_uses_good_cards_and_the_virus_broker_uses_none():
    pieces = [[20, 0, 0, 0], [0, 20, 0, 0], [0, 0, 20, 0], [0, 0, 0, 20]]
    for role, first in (("normal", "use:R1G4"), ("virus", "done")):
        s = expansion([["R1G4", "R3"], [], [], []], pieces, roles=[role, "normal", "normal", "normal"])
        legal = G.legal_actions(s, 0)
        assert BrokerBot().choose(G, s, 0, legal, Rng(1)) == first
    pieces[0] = [20, 0, 2, 3]
    s = play(expansion([["R1G4"], ["Y3"], [], []], pieces), (0, "use:R1G4"))
    assert G.legal_actions(s, 0) == ["pay:R", "pay:G", "pay:B"]
    assert BrokerBot().choose(G, s, 0, G.legal_actions(s, 0), Rng(1)) == "pay:R", "own pieces are worth least"


def test_bots_choose_alike_whatever_the_other_seats_chose_in_secret():
    """Issue 16: a bot's expansion cannot depend on another seat's hidden plan."""
    pieces = [[20, 0, 0, 0], [0, 20, 0, 0], [0, 0, 20, 0], [0, 0, 0, 20]]
    s = expansion([["R1G4", "B3"], ["Y3", "Y1R4"], ["G3"], []], pieces)
    one = play(s, (1, "use:Y1R4"), (1, "pay:Y"), (1, "pay:Y"), (1, "pay:Y"), (1, "done"))
    other = play(s, (1, "done"))
    for seat in (0, 2):
        legal = G.legal_actions(one, seat)
        assert legal == G.legal_actions(other, seat)
        assert BrokerBot().choose(G, one, seat, legal, Rng(3)) == BrokerBot().choose(
            G, other, seat, legal, Rng(3)
        )
        assert PlannerBot(2, 8).choose(G, one, seat, legal, Rng(3)) == PlannerBot(2, 8).choose(
            G, other, seat, legal, Rng(3)
        )
