"""Virus Money's board contract: the rules text and its numbers, explanations, actions in words, the log's
chapters and merged runs, banners, the end's breakdown and tie-break (docs/boards.md, issues 13, 14)."""

import re

import pytest
from playout import playout

from pygame_core.engine import get_board
from pygame_core.engine.howto import markup_html, rules_html
from pygame_core.games.virus_money import help as vm_help
from pygame_core.games.virus_money import rules
from pygame_core.games.virus_money.board import (
    action_name,
    breakdown,
    chapter,
    decided,
    describe,
    merge,
    render,
    seat_names,
)
from pygame_core.games.virus_money.rules import VIRUS_MONEY as G

BOARD = get_board("virus_money")


def text(html: str) -> str:
    """Return the visible text of some HTML."""
    return re.sub("<[^>]+>", "", html)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_rules_cover_every_part_of_the_game_in_both_languages(lang):
    html = rules_html("virus_money", lang)
    heads = re.findall("<h2>(.*?)</h2>", html)
    assert len(heads) >= 8 and len(text(html)) > 1500
    assert html.count('class="tt-vm-card"') == 3 and 'class="tt-vm-bids"' in html, "the board's own figures"
    words = {
        "en": ["virus money", "Expansion", "Auctions", "raise", "supply"],
        "ja": ["ウィルスマネー", "拡大生産", "競り", "コマ置き場"],
    }
    assert all(w in text(html) for w in words[lang])
    if lang == "ja":
        assert not re.search("[(),:;]", text(html)), "full-width punctuation in Japanese"
        assert not re.search("[^\x00-\x7f→−] [^\x00-\x7f→−]", text(html)), "no spaces from wrapped lines"


def test_the_rules_numbers_come_from_the_rules_module(monkeypatch):
    """Change constants: the text follows (nothing retyped)."""
    before = vm_help.rules("en")
    assert "take 20 pieces" not in before and "takes 20 pieces" in before and "**50** per piece" in before
    monkeypatch.setattr(rules, "START_PIECES", 25)
    monkeypatch.setattr(rules, "OWN_VALUE", 40)
    monkeypatch.setattr(rules, "ROUNDS", 4)
    after = vm_help.rules("en")
    assert "takes 25 pieces" in after and "**40** per piece" in after and "**4 rounds**" in after
    assert "6 × 40" not in after and "240 + 1800 = 2040" in after, "the worked example is recomputed"
    ja = vm_help.rules("ja")
    assert "25個ずつ" in ja and "**40点**" in ja and "**4ラウンド**" in ja
    assert vm_help.explain("role:normal", None, "en").startswith("You are a normal player this round: 40 per")


def test_the_rulebook_scoring_example_is_in_the_rules_text():
    """得点計算の例: red 6, yellow 9, green 3, blue 6 as red scores 2100; 1500 if blue was the virus."""
    en = vm_help.rules("en")
    assert "300 + 1800 = 2100" in en and "2100 − 600 = 1500" in en


def explained_keys():
    """Return every data-explain key on the boards of a random game, with a view it appeared on."""
    keys = {}
    for step, (state, _, _) in enumerate(playout(G, 4, 21)):
        if step % 2:
            continue
        for viewer in (None, *range(4)):
            view = G.view(state, viewer)
            html = render(view, G.legal_actions(state, viewer) if viewer is not None else [])
            for key in re.findall(r'data-explain="([^"]+)"', html):
                keys.setdefault(key, view)
    return keys


def test_every_kind_of_thing_on_the_board_explains_itself_now():
    keys = explained_keys()
    kinds = {k.split(":")[0] for k in keys}
    assert {
        "card",
        "piece",
        "role",
        "auction",
        "bids",
        "joins",
        "badge",
        "supply",
        "deck",
        "removed",
    } <= kinds
    assert {"badge:starter", "badge:bid", "badge:ready", "badge:choosing", "role:normal", "reveal"} <= set(
        keys
    )
    for key, view in keys.items():
        for lang in ("en", "ja"):
            assert BOARD.explain(key, view, lang), key
    view = next(v for k, v in keys.items() if k == "supply")
    supply = view["supply"]
    assert f"{supply[3]} blue" in BOARD.explain("supply", view, "en"), "says what it holds now"
    assert "3 cards in the deck" in BOARD.explain("card:R3", view, "en")
    assert "1 card in the deck" in BOARD.explain("card:R1G4", view, "en")
    assert BOARD.explain("nonsense", view, "en") is None


def test_every_action_has_words_in_both_languages():
    seen = set()
    for state, player, action in playout(G, 4, 8):
        if not action:
            continue
        view = G.view(state, player)
        for lang in ("en", "ja"):
            words = action_name(action, view, lang)
            assert words and "{" not in words
        seen.add(action.split(":")[0])
    assert seen == {"join", "pass", "raise", "use", "pay", "done"}


def test_log_chapters_merged_runs_and_banners():
    names = seat_names(4, "en")
    assert chapter({"e": "round", "round": 2, "rounds": 3, "starter": 1}, "en") == "Round 2 of 3"
    assert chapter({"e": "round", "round": 2, "rounds": 3, "starter": 1}, "ja") == "第2/3ラウンド"
    assert chapter({"e": "join", "p": 1}, "en") is None
    two = merge({"e": "stay", "p": 1}, {"e": "stay", "p": 2})
    three = merge(two, {"e": "stay", "p": 3})
    assert describe(three, "en", names) == "Yellow, Green, Blue stay out"
    assert describe(three, "ja", seat_names(4, "ja")) == "黄、緑、青は不参加"
    assert merge({"e": "stay", "p": 1}, {"e": "join", "p": 2}) is None
    used = merge(
        {"e": "use", "p": 0, "card": "R3", "paid": "R"}, {"e": "use", "p": 0, "card": "G3", "paid": "B"}
    )
    assert describe(used, "en", names) == (
        "Red uses the card making 3 red (cost 1), the card making 3 green (cost 1), paying 1 red, 1 blue"
    )
    war = merge(
        merge({"e": "raise", "p": 2, "to": 2}, {"e": "raise", "p": 3, "to": 3}),
        {"e": "raise", "p": 2, "to": 4},
    )
    assert describe(war, "en", names) == "Green, Blue raise in turn from 2 to 4"
    assert describe(war, "ja", seat_names(4, "ja")) == "緑、青が交互に追加（2個から4個まで）"
    assert BOARD.banners == {"expansions", "score"}, "the plans revealed together; the virus and the scores"


def test_a_seeded_game_reaches_every_banner_kind():
    kinds = {e["e"] for state, _, _ in playout(G, 4, 2) for e in state["events"]}
    assert BOARD.banners <= kinds


@pytest.mark.parametrize("seed", range(6))
def test_the_breakdown_sums_to_each_score(seed):
    final = list(playout(G, 3 + seed % 2, seed))[-1][0]
    view = G.view(final, None)
    for lang in ("en", "ja"):
        parts = breakdown(view, lang)
        assert [sum(points for _, points in seat) for seat in parts] == view["result"]["scores"]
        assert all(label for seat in parts for label, _ in seat)


def test_the_breakdown_names_its_sources():
    s = G.setup(4, 1)
    record = {
        "round": 1,
        "roles": ["normal", "normal", "normal", "virus"],
        "virus": 3,
        "pieces": [[6, 9, 3, 6], [0, 20, 0, 7], [0, 0, 20, 4], [5, 5, 5, 20]],
        "used": [[], [], [], []],
        "provisional": [2100, 1700, 1400, 2500],
        "money": [6, 7, 4, 0],
        "finals": [1500, 1000, 1000, 1700],
    }
    s.update(phase="over", history=[record], totals=[1500, 1000, 1000, 1700], virus_points=[0, 0, 0, 1700])
    parts = breakdown(G.view(s, None), "en")
    assert parts[0] == [
        ("Own colour (6 × 50)", 300),
        ("Other colours (18 × 100)", 1800),
        ("Virus money held (6 × −100)", -600),
    ]
    assert parts[3] == [("As the virus (17 × 100)", 1700)]


def test_decided_says_why_including_the_virus_tie_break():
    """勝敗: 「同点だった場合、ウィルスプレイヤーで獲得した点数が少ないプレイヤーが上位」."""
    names = seat_names(3, "en")
    s = G.setup(3, 1)
    s.update(phase="over", totals=[3000, 3000, 2000], virus_points=[1200, 0, 0])
    why = decided(G.view(s, None), names, "en")
    assert (
        why
        == "Red and Green have 3000 each; Green earned the fewest points as the virus (0) and ranks first."
    )
    s.update(virus_points=[0, 0, 1500])
    assert "share the win" in decided(G.view(s, None), names, "en")
    s.update(totals=[3100, 3000, 2000])
    assert decided(G.view(s, None), names, "en") == "Red wins with 3100, 100 ahead of Green."
    assert decided(G.view(s, None), seat_names(3, "ja"), "ja") == "赤が3100点で勝利。緑に100点差です。"
    assert decided(G.view(G.setup(3, 1), None), names, "en") is None


def test_figures_and_markup_render():
    for lang in ("en", "ja"):
        figures = vm_help.figures(lang)
        assert set(figures) == {"cards", "auction"}
        markup_html(vm_help.rules(lang), figures)
