"""Mercator's board contract: how to play, explanations on tap, the log in words, the end's breakdown."""

import re
import xml.etree.ElementTree as ET

import pytest
from playout import playout

from pygame_core.engine import get_board
from pygame_core.engine.howto import rules_html
from pygame_core.games.mercator import board, help
from pygame_core.games.mercator import rules as R
from pygame_core.games.mercator.rules import MERCATOR

BOARD = get_board("mercator")
EMOJI = re.compile("[\U0001f300-\U0001faff\u2600-\u27bf]")


def table(players=4, lot=("R5",), holds=None, **options):
    """Return a state in seat 0's turn with the given lot and holds (deck: the other cards)."""
    s = MERCATOR.setup(players, 1, options)
    holds = [list(h) for h in holds] if holds is not None else [[] for _ in range(players)]
    used = set(lot) | {c for h in holds for c in h}
    deck = [c for c in R.CARDS if c not in used][:20]
    s.update(active=0, phase="turn", lot=list(lot), holds=holds, deck=deck)
    return s


def texts(el: ET.Element) -> str:
    """Return an element's text content."""
    return "".join(el.itertext())


# -- How to play.


def test_the_rules_text_follows_the_rules_modules_constants(monkeypatch):
    before = {lang: help.rules(lang) for lang in ("en", "ja")}
    assert "50 chips" in before["en"] and "50チップ" in before["ja"]
    monkeypatch.setattr(R, "START_CHIPS", 77)
    monkeypatch.setattr(R, "COLOUR_BONUS", 13)
    monkeypatch.setattr(R, "PAYOUTS", {**R.PAYOUTS, 3: (33, 17)})
    monkeypatch.setattr(R, "DECK_SIZES", {**R.DECK_SIZES, 3: 23})
    for lang in ("en", "ja"):
        text = help.rules(lang)
        assert text != before[lang]
        for number in ("77", "13", "33", "17", "23"):
            assert re.search(rf"\b{number}\b|{number}(?=[^0-9])", text), f"{number} missing in {lang}"
        unit = "チップ" if lang == "ja" else " chips"
        assert text.count(f"77{unit}") == before[lang].count(f"50{unit}") and f"50{unit}" not in text
    html = rules_html("mercator", "en")
    assert ">33<" in html, "the payout figure is drawn from the constants too"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_rules_sheet_has_every_section_and_the_figures(lang):
    html = rules_html("mercator", lang)
    assert html.count("<h2>") >= 7
    assert html.count('class="tt-figure"') == 2
    assert html.count('data-explain="payout"') == 1, "one grid: places down, player counts across"
    assert "tt-card" in html
    text = re.sub("<[^>]+>", "", html)
    assert len(text) > (3000 if lang == "en" else 2000)
    for term in ("60", "40"):  # the 7-player payouts
        assert term in text
    if lang == "ja":
        assert not re.search(r"[ぁ-んァ-ヶ一-龠][,:()]|[,:()][ぁ-んァ-ヶ一-龠]", text), (
            "full-width punctuation"
        )
        assert "公開競り" in text and "色ボーナス" in text and "シリーズ" in text
    else:
        assert "Open auction" in text and "Colour bonus" in text and "Series" in text


# -- Explain on tap.

KINDS = {
    *(f"card:{c}" for c in R.COLOURS),
    "lot",
    "ship",
    "track",
    "cargo",
    "chips",
    "total",
    "bids",
    "payout",
    "bonus",
    "deck",
    "discarded",
    "badge:active",
    "badge:full",
    "badge:bid_in",
    "badge:sits_out",
}


def test_every_kind_of_thing_on_the_board_is_explained_in_both_languages():
    found: set[str] = set()
    options = {"colour_bonus": True, "games": 2}
    for step, (state, _, _) in enumerate(playout(MERCATOR, 5, 4, options)):
        if step % 2:
            continue
        for viewer in (None, 0):
            legal = MERCATOR.legal_actions(state, viewer) if viewer is not None else []
            view = MERCATOR.view(state, viewer)
            keys = set(re.findall(r'data-explain="([^"]+)"', board.render(view, legal)))
            found |= keys
            for key in keys:
                for lang in ("en", "ja"):
                    assert help.explain(key, view, lang), f"{key} in {lang}"
    assert found >= KINDS, f"never on a board: {sorted(KINDS - found)}"
    assert help.explain("nonsense", None, "en") is None and help.explain("card:X", None, "en") is None
    for key in found:
        assert help.explain(key, None, "en"), "an explanation needs no view"


def test_an_explanation_says_what_the_thing_does_now():
    s = table(5, lot=("R7", "B3"), holds=[[], ["G1", "G2", "G3", "G4", "G5"], [], [], []])
    s = MERCATOR.apply(s, 0, "auction")
    view = MERCATOR.view(s, 2)
    lot = help.explain("lot", view, "en")
    assert "red 7, blue 3" in lot and "worth 10" in lot and "Blue" not in lot.split("Bidding:")[1]
    payout = help.explain("payout", view, "en")
    assert "With 5 merchants: 1st 40, 2nd 30, 3rd 20, 4th 10" in payout
    assert "赤7・青3" in help.explain("lot", view, "ja")
    assert "Red cards seen so far: 1, worth 7" in help.explain("card:R", view, "en")


# -- The board: the key table, sit-outs, the open auction, the colour bonus, your side.


def test_the_payout_table_for_the_player_count_sits_beside_the_cargo_track():
    for players in range(3, 8):
        s = table(players, holds=[["R9"], ["B2"]] + [[]] * (players - 2))
        html = board.render(MERCATOR.view(s, 0), [])
        box = ET.fromstring(html).find(".//section[@class='tt-payout-box']")
        assert box is not None
        rows = [[texts(td) for td in tr.findall("td")] for tr in box.iter("tr") if tr.findall("td")]
        assert [int(r[1]) for r in rows] == [*R.PAYOUTS[players], 0]
        assert rows[0][2] == "Red 9" and rows[1][2] == "Blue 2"
        assert str(players) in texts(box.find("h2"))


def test_a_merchant_who_sits_out_is_told_why():
    holds = [[], ["G1", "G2", "G3", "G4", "G5"], [], []]
    s = MERCATOR.apply(table(4, lot=("R7", "B3"), holds=holds), 0, "auction")
    assert 1 not in s["bidders"]
    html = board.render(MERCATOR.view(s, 1), [])
    assert "You sit out this auction: the 2 cards would overflow your ship (room for 1)" in html
    assert "sits out: room for 1, the lot has 2" in board.render(MERCATOR.view(s, None), [])
    assert "参加できません" in board.render(MERCATOR.view(s, 1), [], lang="ja")


def test_the_open_auction_never_says_the_highest_bid_is_0():
    s = MERCATOR.apply(table(3, open=True), 0, "auction")
    html = board.render(MERCATOR.view(s, 1), MERCATOR.legal_actions(s, 1))
    assert "nobody has bid yet" in html and "highest bid is 0" not in html and "with 0" not in html
    s = MERCATOR.apply(s, 1, "raise:6")
    assert "Blue leads with 6" in board.render(MERCATOR.view(s, 2), MERCATOR.legal_actions(s, 2))


def test_the_colour_bonus_shows_in_the_cargo_column_and_on_the_track():
    rainbow = ["R1", "Y1", "G1", "B1", "P1"]
    s = table(3, holds=[[*rainbow, "R2"], [*rainbow[:4], "P2"], []], colour_bonus=True)
    root = ET.fromstring(board.render(MERCATOR.view(s, None), []))
    cargo = [texts(tr.findall("td")[1]) for tr in root.iter("tr") if tr.get("data-seat")]
    assert cargo == ["7 + 10", "6 +10 when full", "0"]
    track = root.find(".//*[@class='tt-track']")
    assert track is not None and "Red 17" in track.get("aria-label", "")
    assert len(track.findall("rect")) == R.TRACK + R.COLOUR_BONUS
    plain = ET.fromstring(board.render(MERCATOR.view(table(3, holds=[[*rainbow, "R2"], [], []]), None), []))
    assert len(plain.find(".//*[@class='tt-track']").findall("rect")) == R.TRACK


def test_your_prompt_actions_and_result_are_marked_as_your_side():
    s = MERCATOR.setup(4, 3)
    root = ET.fromstring(board.render(MERCATOR.view(s, 0), MERCATOR.legal_actions(s, 0)))
    sides = [e for e in root.iter() if "tt-side" in e.get("class", "").split()]
    assert any("tt-prompt" in e.get("class") for e in sides)
    assert any(e.find(".//*[@data-action]") is not None for e in sides)
    final = list(playout(MERCATOR, 4, 3))[-1][0]
    html = board.render(MERCATOR.view(final, 0), [])
    assert re.search(r'class="tt-side"><section class="tt-result"', html)


def test_plurals_in_english():
    s = MERCATOR.setup(4, 3)
    assert "Auction this card" in board.render(MERCATOR.view(s, 0), MERCATOR.legal_actions(s, 0))
    s = MERCATOR.apply(s, 0, "turn")
    assert "Auction these 2 cards" in board.render(MERCATOR.view(s, 0), MERCATOR.legal_actions(s, 0))
    s["deck"] = s["deck"][:1]
    assert "Deck: 1 card<" in board.render(MERCATOR.view(s, 0), [])


# -- The log: cards in words, runs merged, chapters, banners, actions in words.


def folded(events):
    """Return the log as the page builds it: runs merged with the board's merge."""
    out = []
    for e in events:
        both = BOARD.merge(out[-1], e) if out else None
        if both is not None:
            out[-1] = both
        else:
            out.append(e)
    return out


@pytest.mark.parametrize("options", [{}, {"open": True, "colour_bonus": True, "games": 2}])
def test_the_log_names_cards_in_words_merges_runs_and_keeps_japanese_clean(options):
    events = [e for s, _, _ in playout(MERCATOR, 4, 9, options) for e in s["events"]]
    lines = folded(events)
    assert len(lines) < len(events), "runs were merged"
    for lang in ("en", "ja"):
        names = board.seat_names(4, lang)
        for e in lines:
            text = board.describe(e, lang, names)
            assert text and not EMOJI.search(text), text
            if lang == "ja":
                assert not re.search(r", |: |\(|\)", text), text
                assert not re.search(r"(（[^）]+）)\1", text), text
    turned = next(e for e in events if e["e"] == "turn")
    assert board.card_label(turned["card"], "en") in board.describe(turned, "en")
    bids = [e for e in lines if e["e"] == "bid"]
    if bids:
        assert max(len(e.get("ps", [0])) for e in bids) > 1


def test_merged_runs_read_as_one_line():
    both = board.merge({"e": "bid", "p": 0}, {"e": "bid", "p": 1})
    three = board.merge(both, {"e": "bid", "p": 2})
    assert board.describe(three, "en") == "Red, Blue and Yellow have bid"
    assert board.describe(three, "ja") == "赤、青と黄が競り値を決めました"
    turns = board.merge(
        {"e": "turn", "p": 1, "card": "R3", "lot_no": 2}, {"e": "turn", "p": 1, "card": "B10"}
    )
    assert board.describe(turns, "en") == "Blue turns red 3, blue 10"
    assert board.chapter(turns, "en") == "Lot 2"
    assert (
        board.merge({"e": "turn", "p": 1, "card": "R3"}, {"e": "turn", "p": 2, "card": "R4", "lot_no": 3})
        is None
    )
    assert board.merge({"e": "raise", "p": 0, "to": 3}, {"e": "raise", "p": 1, "to": 4}) is None


def test_chapters_banners_and_actions_in_words():
    events = [e for s, _, _ in playout(MERCATOR, 3, 2, {"games": 2}) for e in s["events"]]
    heads = [board.chapter(e, "en") for e in events if board.chapter(e, "en")]
    assert heads[0] == "Game 1 of 2" and "Game 2 of 2" in heads and heads.count("Sale in Rome") == 2
    assert "Lot 1" in heads and "第2/2ゲーム" in [board.chapter(e, "ja") for e in events]
    assert {e["e"] for e in events} >= BOARD.banners == {"reveal", "sale"}
    s = MERCATOR.setup(4, 1)
    view = MERCATOR.view(s, 0)
    card = board.card_label(s["lot"][0])
    assert BOARD.action_name("auction", view, "en") == f"Auction {card}"
    assert BOARD.action_name("turn", view, "en") == "Turn another card (the lot becomes 2 cards)"
    s = MERCATOR.apply(s, 0, "auction")
    view = MERCATOR.view(s, 1)
    assert [BOARD.action_name(a, view, "en") for a in ("bid:0", "bid:1", "bid:12")] == [
        "Bid nothing (0)",
        "Bid 1 chip",
        "Bid 12 chips",
    ]
    assert BOARD.action_name("bid:7", view, "ja") == "7チップで入札"


# -- The end: where the chips came from, why the winners won.


@pytest.mark.parametrize(
    ("players", "seed", "options"), [(3, 1, {}), (5, 2, {"games": 3}), (7, 3, {"open": True})]
)
def test_the_breakdown_sums_to_each_score_and_names_its_sources(players, seed, options):
    final = list(playout(MERCATOR, players, seed, options))[-1][0]
    view = MERCATOR.view(final, None)
    games = options.get("games", 1)
    for lang in ("en", "ja"):
        parts = BOARD.breakdown(view, lang)
        assert [sum(x for _, x in seat) for seat in parts] == view["result"]["scores"]
        assert all(seat[0][1] == R.START_CHIPS * games for seat in parts)
        assert [-seat[1][1] for seat in parts] == [sum(g[p] for g in final["spent"]) for p in range(players)]
    html = board.render(view, [])
    assert (
        "(Starting chips " in html and "Paid for goods −" in html and "tt-decided" not in html
    )  # the end panel says why


def test_decided_says_why_including_the_tie_rule():
    final = list(playout(MERCATOR, 4, 6))[-1][0]
    view = MERCATOR.view(final, None)
    names = board.seat_names(4, "en")
    scores, (w,) = view["result"]["scores"], view["result"]["winners"] or (None,)
    text = BOARD.decided(view, names, "en")
    assert text.startswith(f"{names[w]} is the richest merchant with {scores[w]} chips")
    view["result"] = {"scores": [60, 60, 40, 30], "winners": [0, 1]}
    assert "no tie-break, so they share the victory" in BOARD.decided(view, names, "en")
    assert "勝利を分け合います" in BOARD.decided(view, board.seat_names(4, "ja"), "ja")
