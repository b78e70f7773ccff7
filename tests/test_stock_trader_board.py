"""The Stock Trader board: well-formed markup whose clickable actions are exactly the legal actions."""

import xml.etree.ElementTree as ET
from functools import partial

import pytest
from playout import playout

from pygame_core.bots import bot_names, make_bot
from pygame_core.engine import get_board, play_match
from pygame_core.engine.screen import Screen
from pygame_core.engine.table import Table
from pygame_core.games.stock_trader import BrokerBot
from pygame_core.games.stock_trader.board import TEXTS, describe, render, seat_names
from pygame_core.games.stock_trader.rules import STOCK_TRADER as G


def parse(html: str) -> ET.Element:
    """Return the parsed board; fails if the markup is not well-formed."""
    return ET.fromstring(html)


def actions_in(html: str) -> set[str]:
    """Return every data-action on the board."""
    return {e.attrib["data-action"] for e in parse(html).iter() if "data-action" in e.attrib}


def selects_in(html: str) -> set[str]:
    """Return every data-select on the board."""
    return {e.attrib["data-select"] for e in parse(html).iter() if "data-select" in e.attrib}


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2), (4, 3)])
def test_the_legal_actions_are_exactly_the_clickable_ones(players, seed):
    steps = set()
    for state, _, _ in playout(G, players, seed):
        for p in G.to_act(state):
            steps.add(state["step"])
            legal = set(G.legal_actions(state, p))
            view = G.view(state, p)
            shown = actions_in(render(view, sorted(legal)))
            for card in selects_in(render(view, sorted(legal))):
                found = actions_in(render(view, sorted(legal), selected=(card,)))
                assert found <= legal
                shown |= found
            assert shown == legal
    assert {"main", "trade"} <= steps and len(steps) >= 4


def test_selecting_a_card_shows_its_use_and_discards_only():
    s = G.setup(4, 1)
    hand = s["hands"][0]
    legal = G.legal_actions(s, 0)
    html = render(G.view(s, 0), legal, selected=(hand[2],))
    mine = {a for a in actions_in(html) if a.startswith(("play:", "discard:"))}
    assert mine and all(a.split(":")[1] == hand[2] for a in mine)
    assert selects_in(html) == set(hand)


def test_trade_sizes_are_buttons_and_the_sheet_shows_every_stock():
    s = G.apply(G.setup(4, 5), 0, "loan")
    hand = s["hands"][0]
    card = next((c for c in hand if c.startswith(("basic", "double"))), None)
    if card is None:
        pytest.skip("no trade card in this hand")
    s = G.apply(s, 0, f"play:{card}")
    html = render(G.view(s, 0), G.legal_actions(s, 0))
    assert {a for a in actions_in(html) if a.startswith("buy:")} >= {"buy:1", "buy:2", "buy:3"}
    stocks = [e for e in parse(html).iter() if e.attrib.get("class") == "tt-stock"]
    assert len(stocks) == sum(s["sheet"].values())


def test_the_table_board_has_no_hand_and_no_action():
    s = G.setup(4, 1)
    html = render(G.view(s, None), [])
    assert "data-action" not in html and "data-select" not in html and "tt-hand" not in html
    for p in range(1, 4):
        for card in set(s["hands"][p]) - set(s["hands"][0]):
            assert f'data-select="{card}"' not in render(G.view(s, 0), G.legal_actions(s, 0))


def test_the_board_shows_piles_cash_holdings_and_ious():
    s = G.setup(4, 1)
    s["cash"], s["ious"] = [10, 27, 3, 44], [0, 2, 0, 1]
    html = render(G.view(s, None), [])
    players = next(e for e in parse(html).iter("table") if e.attrib.get("class") == "tt-players")
    rows = [[td.text or "".join(td.itertext()) for td in tr.findall("td")] for tr in players.iter("tr")]
    rows = [r for r in rows if r]
    assert [r[1] for r in rows] == ["10C", "27C", "3C", "44C"]
    assert [r[5] for r in rows] == ["0", "2", "0", "1"] and rows[0][6] == "40C"
    piles = [e.text for e in parse(html).iter() if "data-pile" in e.attrib]
    assert piles == ["I: 12", "II: 9", "III: 9", "IV: 9", "V: 9"]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_view_and_event_renders_in_both_languages(lang):
    match = play_match(G, [BrokerBot(), BrokerBot(), BrokerBot(), BrokerBot()], 4)
    kinds = set()
    for state, _, _ in playout(G, 4, 7):
        for viewer in (None, 0, 1, 2, 3):
            legal = G.legal_actions(state, viewer) if viewer is not None else []
            parse(render(G.view(state, viewer), legal, lang=lang))
        for event in state["events"]:
            kinds.add(event["e"])
            text = describe(event, lang, seat_names(4, lang))
            assert text and "{" not in text
    for event in match.state["events"]:
        assert describe(event, lang, seat_names(4, lang))
    assert {"start", "play", "discard", "drew", "buy", "sell", "dividend", "over"} <= kinds
    html = render(G.view(match.state, None), [], lang=lang)
    assert 'class="tt-result"' in html


def test_japanese_covers_the_board_words():
    s = G.setup(4, 1)
    html = render(G.view(s, 0), G.legal_actions(s, 0), lang="ja")
    assert "レートシート" in html and "山札" in html and "所持金" in html
    assert set(TEXTS["ja"]) == set(TEXTS["en"])


def test_the_screen_plays_a_selected_card():
    bots = {n: partial(make_bot, G, n) for n in bot_names(G)}
    table = Table.new("stock_trader", ["human", "broker", "broker"], 3, bots)
    screen = Screen(table, get_board("stock_trader"))
    hand = table.state["hands"][0]
    screen.click("select", hand[1])
    assert f'data-action="discard:{hand[1]}"' in screen.html()
    screen.click("action", f"discard:{hand[1]}")
    assert table.state["turn"] == 1 or table.state["step"] == "end"


def test_plus_minus_cards_and_untradeable_colours_show_on_the_sheet():
    s = G.setup(4, 1)
    s["mods"] = {"R": 2, "B": -1, "G": 0}
    s["dead"]["G"] = "legendary"
    html = render(G.view(s, None), [])
    cards = [e for e in parse(html).iter() if e.attrib.get("class") == "tt-credit-card"]
    assert len(cards) == 3
    assert "Red 9C (+2×2)" in html and "Blue 3C (−2×1)" in html and "LEGENDARY" in html
