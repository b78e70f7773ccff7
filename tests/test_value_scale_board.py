"""The Value Scale board: well-formed markup whose clickable actions are exactly the legal actions."""

import xml.etree.ElementTree as ET
from functools import partial

import pytest

from pygame_core.bots import bot_names, make_bot
from pygame_core.engine import Rng, get_board
from pygame_core.engine.screen import Screen
from pygame_core.engine.table import Table
from pygame_core.games.value_scale.board import TEXTS, describe, render, seat_names
from pygame_core.games.value_scale.rules import VALUE_SCALE, comp_text, compositions

G = VALUE_SCALE


def parse(html: str) -> ET.Element:
    """Return the parsed board; fails if the markup is not well-formed."""
    return ET.fromstring(html)


def actions_in(html: str) -> set[str]:
    """Return every data-action on the board."""
    return {e.attrib["data-action"] for e in parse(html).iter() if "data-action" in e.attrib}


def selects_in(html: str) -> set[str]:
    """Return every data-select on the board."""
    return {e.attrib["data-select"] for e in parse(html).iter() if "data-select" in e.attrib}


def selections(state, player) -> list[tuple[str, ...]]:
    """Return every selection a person can make now: nothing, a count to bid, or a mix of the coins held."""
    if state["phase"] == "auction":
        return [(), *((str(x),) for x in range(76))]
    if state["phase"] in ("pay", "sealed", "crash_sealed"):
        return [(), *((comp_text(m),) for m in compositions(state["coins"][player]))]
    return [()]


def sealed_offer(players=3, seed=1):
    """Return a sealed-mode game just after the dealer offered its first face-up card that is not a crash."""
    s = G.setup(players, seed, {"mode": "sealed"})
    return G.apply(s, 0, "offer:" + next(c for c in s["row"] if c[0] != "X"))


def states(players, seed, mode, every=4):
    """Yield every `every`-th state of a random game in `mode`, and the last."""
    state = G.setup(players, seed, {"mode": mode})
    rng = Rng(seed)
    k = 0
    while acting := G.to_act(state):
        if k % every == 0:
            yield state
        k += 1
        p = acting[rng.below(len(acting))]
        state = G.apply(state, p, rng.choice(G.legal_actions(state, p)))
    yield state


@pytest.mark.parametrize(("players", "seed", "mode"), [(3, 1, "open"), (5, 2, "open"), (4, 3, "sealed")])
def test_the_legal_actions_are_exactly_the_clickable_ones(players, seed, mode):
    phases = set()
    for state in states(players, seed, mode):
        for p in G.to_act(state):
            legal = set(G.legal_actions(state, p))
            view = G.view(state, p)
            assert actions_in(render(view, sorted(legal))), "something is always clickable as it stands"
            shown: set[str] = set()
            for sel in selections(state, p):
                found = actions_in(render(view, sorted(legal), selected=sel))
                assert found <= legal
                shown |= found
            assert shown == legal
            phases.add(state["phase"])
    assert {"offer", "pick"} <= phases and phases & {"auction", "sealed"}


def test_the_coin_steppers_reach_every_mix_of_a_sealed_bid_by_taps():
    """From nothing selected, tapping the steppers (as the screen would) composes any mix of the coins."""
    state = sealed_offer()
    legal = G.legal_actions(state, 1)
    view = G.view(state, 1)
    reach = {"0.0.0"}
    frontier = ["0.0.0"]
    while frontier:
        mix = frontier.pop()
        for nxt in selects_in(render(view, legal, selected=(mix,))):
            if nxt not in reach:
                reach.add(nxt)
                frontier.append(nxt)
    assert {f"seal:{m}" for m in reach} == set(legal) and len(reach) == 8 * 6 * 4
    assert actions_in(render(view, legal)) == {"seal:0.0.0"}
    assert actions_in(render(view, legal, selected=("1.0.0", "2.1.0"))) == {"seal:2.1.0"}, "the latest counts"
    assert actions_in(render(view, legal, selected=("9.9.9",))) == {"seal:0.0.0"}, "too many: the default"


def test_the_payment_entry_confirms_only_a_mix_that_sums_to_the_price():
    s = G.setup(4, 1)
    s = G.apply(s, 0, "offer:" + next(c for c in s["row"] if c[0] in "MSWU"))
    for move in ((0, "start:1"), (1, "bid:4"), (2, "drop"), (3, "drop"), (0, "drop")):
        s = G.apply(s, *move)
    assert s["phase"] == "pay"
    view, legal = G.view(s, 1), G.legal_actions(s, 1)
    assert actions_in(render(view, legal)) == {"pay:4.0.0"}, "the default: the cheapest coins"
    assert actions_in(render(view, legal, selected=("1.1.1",))) == set()
    assert "Choose 1 more" in render(view, legal, selected=("1.1.1",))
    assert actions_in(render(view, legal, selected=("1.2.1",))) == {"pay:1.2.1"}


def test_the_crash_auction_offers_each_other_currency_and_taking_the_middle():
    s = G.setup(3, 5)
    s["row"] = ["XF", "M3x3", "S4x2"]
    s = G.apply(G.apply(s, 0, "offer:XF"), 0, "start:1")
    s = G.apply(s, 1, "coin:G")
    html = render(G.view(s, 2), G.legal_actions(s, 2))
    assert actions_in(html) == {"coin:D", "coin:G", "take"}
    assert "Take florin crash and 1 guilder" in html


def test_every_seat_shows_its_counted_coins_and_sealed_bids_show_only_after_the_reveal():
    s = sealed_offer(4, 2)
    s["coins"][2] = [4, 6, 5]
    for viewer in (None, 0, 3):
        seat = parse(render(G.view(s, viewer), [])).find(".//div[@data-seat='2']")
        assert seat is not None
        shown = [
            t.text
            for g in seat.iter("g")
            if g.get("data-explain", "").startswith("coin:")
            for t in g.iter("text")
        ]
        assert shown == ["4", "6", "5"], "the coins every careful player has counted"
    s = sealed_offer(4, 2)
    a, b = G.apply(s, 1, "seal:5.0.0"), G.apply(s, 1, "seal:0.1.1")
    for viewer in (None, 0, 2):
        legal = G.legal_actions(a, viewer) if viewer is not None else []
        assert render(G.view(a, viewer), legal) == render(G.view(b, viewer), legal)
    assert "You sealed 5 ducats" in render(G.view(a, 1), [])
    s = a
    for p, mix in ((0, "1.0.0"), (2, "0.0.0"), (3, "0.0.1")):
        s = G.apply(s, p, f"seal:{mix}")
    reveal = parse(render(G.view(s, None), [])).find(".//section[@class='tt-reveal']")
    assert reveal is not None
    assert [li.text for li in reveal.iter("li")] == [
        "Red: 1 ducat (1)",
        "Blue: 5 ducats (5)",
        "Yellow: nothing (0)",
        "Purple: 1 guilder (1)",
    ]


def test_the_table_board_has_no_action_and_no_selection():
    s = G.apply(G.setup(4, 1), 0, "offer:" + G.setup(4, 1)["row"][0])
    html = render(G.view(s, None), [])
    assert "data-action" not in html and "data-select" not in html


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("mode", ["open", "sealed"])
def test_every_view_and_event_renders_in_both_languages(lang, mode):
    names = seat_names(4, lang)
    kinds = set()
    for state in states(4, 7, mode, every=1):
        for viewer in (None, 0, 1, 2, 3):
            legal = G.legal_actions(state, viewer) if viewer is not None else []
            parse(render(G.view(state, viewer), legal, lang=lang, names=names))
        for event in state["events"]:
            kinds.add(event["e"])
            text = describe(event, lang, names)
            assert text and "{" not in text
    assert G.result(state) is not None
    assert 'class="tt-result"' in render(G.view(state, None), [], lang=lang)
    assert {"offer", "win", "pick", "acquire", "refill", "dealer", "over"} <= kinds


def test_a_dealer_who_starts_the_bidding_is_named_once():
    names = ["Red (You)", "Blue (bot)"]
    assert describe({"e": "start", "p": 0, "seat": 1}, "en", names) == "Red (You) lets Blue (bot) start"
    assert describe({"e": "start", "p": 0, "seat": 0}, "en", names) == "Red (You) chooses to start"
    ja = describe({"e": "start", "p": 1, "seat": 1}, "ja", ["赤", "青（ボット）"])
    assert ja == "青（ボット）が自分を開始プレイヤーに指名"


def test_japanese_covers_the_board_words():
    s = G.setup(4, 1)
    html = render(G.view(s, 0), G.legal_actions(s, 0), lang="ja")
    assert "を競りにかける" in html and "ディーラー" in html and "表向きのカード" in html
    assert set(TEXTS["ja"]) == set(TEXTS["en"])


def test_the_board_draws_cards_coins_and_stacks_in_svg():
    s = G.setup(3, 4)
    s["stacks"][1][0] = ["M3x3", "M5x2"]
    root = parse(render(G.view(s, 1), []))
    cards = [g.attrib["data-card"] for g in root.iter("g") if "data-card" in g.attrib]
    assert set(s["row"]) <= set(cards) and "M5x2" in cards, "the row and each stack's top card"
    assert "M3x3" not in cards, "only the top of a stack is shown"
    assert "5×5=25" in render(G.view(s, 1), [])


def test_the_screen_composes_a_sealed_bid_from_taps_and_plays_it():
    bots = {n: partial(make_bot, G, n) for n in bot_names(G)}
    table = Table.new("value_scale", ["human", "appraiser", "appraiser"], 3, bots, {"mode": "sealed"})
    screen = Screen(table, get_board("value_scale"))
    table.act(0, "offer:" + next(c for c in table.state["row"] if c[0] != "X"))
    assert 0 in table.humans_to_act()
    for tap in ("1.0.0", "2.0.0", "2.1.0"):
        screen.click("select", tap)
    assert 'data-action="seal:2.1.0"' in screen.html()
    screen.click("action", "seal:2.1.0")
    assert table.state["bids"][0] == [2, 1, 0]
