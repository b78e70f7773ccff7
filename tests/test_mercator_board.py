"""The Mercator board: well-formed markup whose clickable actions are exactly the legal actions."""

import xml.etree.ElementTree as ET
from functools import partial

import pytest
from playout import playout

from pygame_core.bots import bot_names, make_bot
from pygame_core.engine import Rng, get_board
from pygame_core.engine.screen import Screen
from pygame_core.engine.table import Table
from pygame_core.games.mercator.board import card_label, describe, render, seat_names
from pygame_core.games.mercator.rules import MERCATOR, counted_chips


def parse(html: str) -> ET.Element:
    """Return the parsed board; fails if the markup is not well-formed."""
    return ET.fromstring(html)


def actions_in(html: str) -> set[str]:
    """Return every data-action on the board."""
    return {e.attrib["data-action"] for e in parse(html).iter() if "data-action" in e.attrib}


def selects_in(html: str) -> set[str]:
    """Return every data-select on the board."""
    return {e.attrib["data-select"] for e in parse(html).iter() if "data-select" in e.attrib}


def selections() -> list[tuple[str, ...]]:
    """Return every selection a person can make: nothing, or one amount composed with the adjusters."""
    return [(), *((str(x),) for x in range(61))]


@pytest.mark.parametrize(("players", "seed", "options"), [(3, 1, {}), (5, 2, {}), (4, 3, {"open": True})])
def test_the_legal_actions_are_exactly_the_clickable_ones(players, seed, options):
    steps = 0
    for state, _, _ in playout_with(players, seed, options):
        steps += 1
        for p in MERCATOR.to_act(state):
            legal = set(MERCATOR.legal_actions(state, p))
            view = MERCATOR.view(state, p)
            shown: set[str] = set()
            for sel in selections():
                found = actions_in(render(view, sorted(legal), selected=sel))
                assert found <= legal
                shown |= found
            assert shown == legal
    assert steps > 10


def playout_with(players, seed, options):
    """Return the states of a random game with options, every third one (the board test is slow)."""
    state = MERCATOR.setup(players, seed, options)
    rng = Rng(seed)
    k = 0
    while acting := MERCATOR.to_act(state):
        if k % 3 == 0:
            yield state, None, None
        k += 1
        state = MERCATOR.apply(state, acting[0], rng.choice(MERCATOR.legal_actions(state, acting[0])))
    yield state, None, None


def test_the_adjusters_reach_every_bid_from_the_default_by_taps():
    """From nothing selected, tapping the adjusters (as the screen would) composes any amount 0-50."""
    state = MERCATOR.apply(MERCATOR.setup(4, 1), 0, "auction")
    legal = MERCATOR.legal_actions(state, 1)
    view = MERCATOR.view(state, 1)
    reach = {0}
    frontier = [0]
    while frontier:
        amount = frontier.pop()
        for nxt in selects_in(render(view, legal, selected=(str(amount),))):
            if int(nxt) not in reach:
                reach.add(int(nxt))
                frontier.append(int(nxt))
    assert reach == set(range(51))
    assert actions_in(render(view, legal)) == {"bid:0"}
    assert actions_in(render(view, legal, selected=("12", "37"))) == {"bid:37"}, "the latest amount counts"
    assert actions_in(render(view, legal, selected=("99",))) == {"bid:0"}, "out of range: the default"


def test_the_open_auction_entry_starts_above_the_high_bid_and_offers_dropping_out():
    s = MERCATOR.apply(MERCATOR.setup(3, 1, {"open": True}), 0, "auction")
    s = MERCATOR.apply(s, 1, "raise:7")
    legal = MERCATOR.legal_actions(s, 2)
    html = render(MERCATOR.view(s, 2), legal)
    assert actions_in(html) == {"raise:8", "drop"}
    assert min(int(x) for x in selects_in(html)) >= 8


def test_a_sealed_bid_is_on_no_other_board_until_all_are_in_then_all_show_at_once():
    s = MERCATOR.apply(MERCATOR.setup(3, 4), 0, "auction")
    a, b = MERCATOR.apply(s, 1, "bid:23"), MERCATOR.apply(s, 1, "bid:4")
    for viewer in (None, 0, 2):
        legal = MERCATOR.legal_actions(a, viewer) if viewer is not None else []
        assert render(MERCATOR.view(a, viewer), legal) == render(MERCATOR.view(b, viewer), legal)
    assert "You bid 23" in render(MERCATOR.view(a, 1), [])
    s = MERCATOR.apply(MERCATOR.apply(a, 0, "bid:9"), 2, "bid:11")
    html = render(MERCATOR.view(s, None), [])
    reveal = parse(html).find(".//section[@class='tt-reveal']")
    assert reveal is not None
    bids = [li.text for li in reveal.iter("li")]
    assert bids == ["Red: 9", "Blue: 23", "Yellow: 11"]
    assert "Blue buys it for 23" in ET.tostring(reveal, encoding="unicode")
    log = [describe(e, "en", seat_names(3, "en")) for e in s["events"]]
    assert f"Bids open for {card_label(s['last']['lot'][0])}: Red 9, Blue 23, Yellow 11" in log


def chip_cells(html: str) -> list[str]:
    """Return the text of the merchants' table's chips column, one per seat."""
    table = parse(html).find(".//table[@class='tt-players']")
    assert table is not None
    return ["".join(row.findall("td")[2].itertext()) for row in table.iter("tr") if row.findall("td")]


def test_every_seats_chips_are_shown_as_counted_from_the_prices_they_paid():
    """Chips are secret at the table, but every price paid is announced: the board counts for a person
    what a bot counts (assumption A6), the owner's own chips exact."""
    s = MERCATOR.setup(4, 2)
    s["chips"], s["paid"] = [31, 42, 17, 8], [19, 8, 33, 42]
    for viewer in (None, 0, 1, 2, 3):
        assert chip_cells(render(MERCATOR.view(s, viewer), [])) == ["31", "42", "17", "8"]
    assert MERCATOR.view(s, 1)["chips"] == [None, 42, None, None], "the view itself keeps chips secret"
    mine = parse(render(MERCATOR.view(s, 2), [])).find(".//tr[@data-seat='2']/td[3]/strong")
    assert mine is not None and mine.text == "17"


def test_the_count_is_the_real_chips_on_every_step_of_real_games():
    for options in ({}, {"open": True}, {"games": 2}):
        for state, _, _ in playout(MERCATOR, 5, 11, options):
            if state["phase"] != "over":
                assert counted_chips(state) == state["chips"]
                assert MERCATOR.view(state, None)["paid"] == state["paid"]


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("options", [{}, {"open": True, "colour_bonus": True, "games": 2}])
def test_every_view_and_event_renders_in_both_languages(lang, options):
    state = MERCATOR.setup(4, 7, options)
    for state, _, _ in playout_with(4, 7, options):
        for viewer in (None, 0, 1, 2, 3):
            legal = MERCATOR.legal_actions(state, viewer) if viewer is not None else []
            parse(render(MERCATOR.view(state, viewer), legal, lang=lang))
        for event in state["events"]:
            assert describe(event, lang, ["A", "B", "C", "D"])
    assert MERCATOR.result(state) is not None
    html = render(MERCATOR.view(state, None), [], lang=lang)
    assert 'class="tt-result"' in html


def test_every_event_of_a_game_is_described():
    kinds = set()
    for state, _, _ in playout(MERCATOR, 3, 2):
        for event in state["events"]:
            kinds.add(event["e"])
            text = describe(event)
            assert text and "{" not in text
    assert {"game", "turn", "auction", "bid", "reveal", "win", "sale", "over"} <= kinds


def test_the_table_board_has_no_action_no_selection_and_only_counted_chips():
    state = MERCATOR.apply(MERCATOR.setup(4, 1), 0, "auction")
    html = render(MERCATOR.view(state, None), [])
    assert "data-action" not in html and "data-select" not in html
    assert MERCATOR.view(state, None)["chips"] == [None] * 4
    assert chip_cells(html) == ["50"] * 4, "counted: nobody has paid anything yet"


def test_japanese_covers_the_board_words():
    s = MERCATOR.setup(4, 1)
    html = render(MERCATOR.view(s, 0), MERCATOR.legal_actions(s, 0), lang="ja")
    assert "もう一枚めくる" in html and "商人" in html and "積荷の価値" in html


def test_the_screen_composes_a_bid_from_taps_and_plays_it():
    bots = {n: partial(make_bot, MERCATOR, n) for n in bot_names(MERCATOR)}
    table = Table.new("mercator", ["human", "merchant", "merchant"], 3, bots)
    screen = Screen(table, get_board("mercator"))
    table.act(0, "auction")
    while table.bot_to_act() is not None:
        table.bot_move()
    assert 0 in table.humans_to_act()
    for tap in ("10", "15", "14"):
        screen.click("select", tap)
    assert 'data-action="bid:14"' in screen.html()
    screen.click("action", "bid:14")
    assert table.state["phase"] != "sealed" or table.state["bids"][0] == 14
