"""The Stock Trader board: well-formed markup whose clickable actions are exactly the legal actions, and
the board contract: rules, explanations, the log's words, the end."""

import re
import xml.etree.ElementTree as ET
from functools import partial

import pytest
from playout import playout

from pygame_core.bots import bot_names, make_bot
from pygame_core.engine import get_board, play_match
from pygame_core.engine.howto import explained, markup_html, rules_html
from pygame_core.engine.screen import Screen
from pygame_core.engine.table import Table
from pygame_core.games.stock_trader import BrokerBot, board, help
from pygame_core.games.stock_trader import rules as R
from pygame_core.games.stock_trader.board import TEXTS, describe, render, seat_names
from pygame_core.games.stock_trader.rules import COLOURED, PLAIN
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


# -- The board contract (docs/boards.md): rules, explanations, the log, the end.


def test_the_rules_text_takes_its_numbers_from_the_rules_module(monkeypatch):
    before = {lang: help.rules(lang) for lang in ("en", "ja")}
    assert "10C and an IOU" in before["en"] and "10Cと借用書1枚" in before["ja"]
    monkeypatch.setattr(R, "LOAN", 13)
    monkeypatch.setattr(R, "IOU_PENALTY", 41)
    monkeypatch.setattr(R, "DIVIDENDS", {**R.DIVIDENDS, 15: 7})
    monkeypatch.setattr(R, "COSTS", {**R.COSTS, "fairy": 9})
    en, ja = help.rules("en"), help.rules("ja")
    assert "take 13C and an IOU" in en and "13Cと借用書1枚" in ja
    assert "minus 41C for each IOU" in en and "−41C" in ja
    assert "**Fairy's guidance**: 1 card, cost 9." in en and "**妖精の導き**：1枚、コスト9。" in ja
    assert ">7C</td>" in help.figures("en")["rates"]
    assert "13C" in help.explain("ious", None, "en")


def test_the_rules_render_with_their_figures_in_both_languages():
    for lang in ("en", "ja"):
        html = rules_html("stock_trader", lang)
        assert html.count("<h2>") >= 9 and html.count('class="tt-figure"') == 3
        assert html == markup_html(help.rules(lang), help.figures(lang))
    assert " " not in "".join(re.findall(r"<p>([^<]*)", rules_html("stock_trader", "ja")))


def test_every_card_kind_has_its_effect_explained_in_both_languages():
    s = G.setup(4, 1)
    view = G.view(s, 0)
    for k in [*COLOURED, *PLAIN]:
        card = f"{k}-R" if k in COLOURED else k
        for lang in ("en", "ja"):
            text = help.explain(f"card:{card}", view, lang)
            assert text and help.effect(k, lang) in text and board.card_name(card, lang) in text
            assert explained(get_board("stock_trader"), f"card:{card}", view, lang).startswith("<p><strong>")
    assert "take one ±2 card off" in help.explain("card:credit", view, "en")
    assert "取り除きます" in help.explain("card:credit", view, "ja")
    assert help.explain("card:nothing", view, "en") is None and help.explain("nope", view, "en") is None


def test_an_untradeable_colours_card_shows_and_explains_the_cost_charged():
    s = G.setup(4, 1)
    s["hands"][0] = ["basic-R", "double-G", "up-R"]
    s["dead"]["R"] = "fallen"
    view = G.view(s, 0)
    html = render(view, G.legal_actions(s, 0))
    cards = {
        e.attrib["data-select"]: "".join(e.itertext())
        for e in parse(html).iter()
        if "data-select" in e.attrib
    }
    assert "cost 1" in cards["up-R"] and "cost 1" in cards["basic-R"] and "cost 1" in cards["double-G"]
    assert "Use Credit up (Red) (cost 1)" in render(view, G.legal_actions(s, 0), selected=("up-R",))
    assert "acts as Anywhere trade, cost 1" in help.explain("card:up-R", view, "en")


def test_plus_minus_cards_lie_under_the_price_square_they_modify():
    s = G.setup(4, 1)
    s["sheet"]["R"], s["mods"]["R"], s["mods"]["B"] = 12, 2, -1  # red's price square is 8
    root = parse(render(G.view(s, None), []))
    squares = {e.attrib["data-square"]: e for e in root.iter() if "data-square" in e.attrib}
    cards = [e for e in root.iter() if e.attrib.get("class") == "tt-credit-card"]
    assert len(cards) == 3
    red = squares["R8"]
    left, bottom = float(red.attrib["x"]), float(red.attrib["y"]) + float(red.attrib["height"])
    for card in cards[:2]:
        assert left <= float(card.attrib["x"]) < left + float(red.attrib["width"])
        assert bottom <= float(card.attrib["y"]) + 4 and card.attrib["data-explain"] == "mod:plus"
    assert cards[2].attrib["data-explain"] == "mod:minus"
    assert left != float(squares["B5"].attrib["x"])
    assert float(squares["B5"].attrib["x"]) <= float(cards[2].attrib["x"])


def test_credit_manipulation_offers_to_take_a_card_off():
    s = G.setup(4, 1)
    s["hands"][0] = ["credit", "basic-R", "basic-B"]
    s["mods"]["R"] = -1
    s = G.apply(G.apply(s, 0, "play:credit"), 0, "colour:R")
    view = G.view(s, 0)
    html = render(view, G.legal_actions(s, 0))
    assert "Take a −2 card off" in html and "−2 card" in html
    assert board.action_name("credit:up", view, "en") == "Take a −2 card off Red"
    assert board.action_name("credit:down", view, "ja") == "赤に株価−2カードを置く"
    assert "or take one off" in html


def test_the_dividend_rates_are_on_the_board_from_the_rules():
    html = render(G.view(G.setup(4, 1), None), [])
    table = next(e for e in parse(html).iter("table") if e.attrib.get("data-explain") == "dividends")
    cells = ["".join(td.itertext()) for td in table.iter("td")]
    assert cells[: len(R.DIVIDENDS)] == [f"{rate}C" for rate in R.DIVIDENDS.values()]


def test_your_parts_are_marked_and_every_thing_is_explained():
    s = G.setup(4, 1)
    html = render(G.view(s, 0), G.legal_actions(s, 0))
    root = parse(html)
    side = [e for e in root.iter() if "tt-side" in e.attrib.get("class", "").split()]
    classes = {c for e in side for c in e.attrib["class"].split()}
    assert {"tt-prompt", "tt-controls", "tt-hand"} <= classes
    keys = {e.attrib["data-explain"] for e in root.iter() if "data-explain" in e.attrib}
    assert {"dividends", "pile", "discard", "mod:free", "cash", "ious", "worth", "status", "square:5"} <= keys
    assert {f"card:{c}" for c in s["hands"][0]} <= keys and {"stock:R", "price:B", "holding:G"} <= keys
    for key in keys:
        for lang in ("en", "ja"):
            assert help.explain(key, G.view(s, 0), lang)


def test_log_lines_name_colours_once_with_right_plurals_and_full_width_japanese():
    s = G.setup(4, 1)
    s["hands"][0] = ["basic-B", "basic-R", "basic-G"]
    s = G.apply(s, 0, "play:basic-B")
    prompt = render(G.view(s, 0), G.legal_actions(s, 0), lang="ja")
    assert "基本取引（青）：" in prompt and "（青）（青）" not in prompt
    assert "Basic trade (Blue): buy" in render(G.view(s, 0), G.legal_actions(s, 0))
    names = seat_names(4, "en")
    assert (
        describe({"e": "loan", "p": 0, "ious": 1}, "en", names) == "Player 1 takes a loan of 10C (now 1 IOU)"
    )
    assert describe({"e": "loan", "p": 0, "ious": 2}, "en", names).endswith("(now 2 IOUs)")
    assert describe({"e": "drew", "p": 1, "n": 1, "from": "pile"}, "en", names) == "Player 2 draws 1 card"
    sold = {"e": "sell", "p": 0, "c": "R", "n": 1, "price": 5, "to": 4}
    assert describe(sold, "en", names) == "Player 1 sells 1 Red stock at 5C; Red is now 4C"
    assert describe(sold, "ja", seat_names(4, "ja")) == "プレイヤー1が赤の株1枚を5Cで売却、赤の株価は4C"
    paid = {"e": "dividend", "pile": 0, "rates": {"R": 1, "B": 0, "G": 2}, "paid": [1, 2, 3, 4]}
    assert describe(paid, "ja", names).endswith("：赤1C、青0C、緑2C")
    merged = board.merge({"e": "repay", "p": 2, "ious": 1}, {"e": "repay", "p": 2, "ious": 0})
    assert (
        merged is not None
        and describe(merged, "en", names) == "Player 3 pays 2 IOUs back for 40C (0 IOUs left)"
    )
    assert board.merge({"e": "repay", "p": 2, "ious": 1}, {"e": "loan", "p": 2, "ious": 2}) is None


def test_the_hand_over_three_is_trimmed_on_the_board():
    s = G.setup(4, 1)
    s["hands"][0] = ["basic-R", "basic-B", "up-G", "double-R"]
    s["step"] = "trim"
    view = G.view(s, 0)
    html = render(view, G.legal_actions(s, 0))
    assert actions_in(html) == set(G.legal_actions(s, 0)) and "discard 1 face down" in html
    assert board.action_name("drop:up-G", view, "en") == "Discard Credit up (Green) face down to keep 3 cards"


def test_banners_chapters_breakdown_and_verdict():
    assert {"dividend", "legendary", "fallen"} == board.BANNERS
    match = play_match(G, [BrokerBot(), BrokerBot(), BrokerBot(), BrokerBot()], 4)
    state = match.state
    view = G.view(state, None)
    for lang in ("en", "ja"):
        parts = board.breakdown(view, lang)
        assert [sum(p for _, p in seat) for seat in parts] == view["result"]["scores"]
        assert [seat[0][1] for seat in parts] == view["paid"]
        assert board.decided(view, seat_names(4, lang), lang)
    assert board.chapter({"e": "start", "colours": ["R"]}, "en") == "Pile I"
    assert board.chapter({"e": "dividend", "pile": 0}, "ja") == "山札II"
    assert board.chapter({"e": "dividend", "pile": 4}, "en") is None
    assert board.chapter({"e": "buy"}, "en") is None
    tie = dict(view, result={"scores": [40, 40, 12, 3], "winners": [0, 1]})
    text = board.decided(tie, seat_names(4, "en"), "en")
    assert "**Player 1 and Player 2** share the win with 40C each" in text and "no ties" in text
