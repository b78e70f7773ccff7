"""Futures! explained: the rules text follows the rules module, every thing on the board is explained in
both languages, log lines read cleanly, and the end says where the money came from and why the winners won."""

import re

import pytest
from playout import final_state, playout

from pygame_core.engine import get_board
from pygame_core.engine.howto import markup_html, rules_html
from pygame_core.games.futures import help, rules
from pygame_core.games.futures.board import describe, render
from pygame_core.games.futures.rules import FUTURES

LANGS = ("en", "ja")


def text_of(html: str) -> str:
    """Return the visible text of some markup."""
    return re.sub(r"<[^>]+>", "", html)


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_text_follows_the_constants_of_the_rules_module(lang, monkeypatch):
    before = help.rules_text(lang)
    monkeypatch.setattr(rules, "EXTRA_MARKER_PRICE", 97)
    monkeypatch.setattr(rules, "PASS_INCOME", 93)
    monkeypatch.setattr(rules, "HAND_SIZE", 91)
    monkeypatch.setattr(rules, "ROUNDS", {3: 89, 4: 88})
    monkeypatch.setattr(rules, "FINAL_SETTLEMENTS", 83)
    monkeypatch.setattr(rules, "COPIES", 11)  # 66 cards
    monkeypatch.setattr(rules, "LADDER", (0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 55, 60, 65, 70, 75, 80, 99))
    after = help.rules_text(lang)
    assert after != before
    for number in ("97", "93", "91", "89", "88", "83", "66", "99"):
        assert number not in before and number in after, number


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_sheet_has_its_sections_and_figures_drawn_by_the_board(lang):
    html = rules_html("futures", lang)
    assert html.count("<h2>") >= 6 and len(text_of(html)) > 1500
    assert (
        html.count('class="tt-figure"') == 2 and 'class="tt-ladders"' in html and 'class="tt-market"' in html
    )
    key = {"en": "BURST", "ja": "強制決済"}[lang]
    assert key in html


def test_japanese_rules_join_wrapped_lines_without_spaces():
    text = text_of(markup_html(help.rules_text("ja"), help.figures("ja")))
    assert not re.search(r"[ぁ-んァ-ン一-龥。、] [ぁ-んァ-ン一-龥]", text)


@pytest.mark.parametrize("lang", LANGS)
def test_every_explained_thing_says_what_it_is_and_unknown_keys_say_nothing(lang):
    board = get_board("futures")
    seen: set[str] = set()
    for step, (state, _, _) in enumerate(playout(FUTURES, 3, 4)):
        if step % 5:
            continue
        view = FUTURES.view(state, 0)
        html = render(view, FUTURES.legal_actions(state, 0), lang=lang)
        for key in set(re.findall(r'data-explain="([^"]+)"', html)):
            seen.add(
                key.split(":")[0] + (":" + key.split(":")[1] if key.startswith(("col", "badge")) else "")
            )
            text = board.explain(key, view, lang)
            assert text and markup_html(text), key
            assert board.explain(key, None, lang), key
    assert {
        "card",
        "square",
        "price",
        "burst",
        "marker",
        "badge:sp",
        "npc",
        "slot",
        "deck",
        "discards",
    } <= seen
    assert {"col:money", "col:markers", "col:discarded", "fee", "out"} <= seen
    assert board.explain("nothing:here", None, lang) is None
    assert board.explain("col:nothing", None, lang) is None


def test_the_explanation_of_a_square_gives_todays_fee_and_the_green_and_red_columns():
    state = FUTURES.setup(4, 1)
    view = FUTURES.view(state, 0)
    price = view["prices"][0]
    assert "green" in help.explain("square:U:C", view, "en") and "red" in help.explain(
        "square:D:C", view, "en"
    )
    assert f"at {price}, costs {rules.BASE_FEE}:" in help.explain("square:U:C", view, "en")
    view["markers"] = [[1, "C", "U", price], [2, "C", "U", price]]
    assert f"costs {rules.BASE_FEE + 2}: {rules.BASE_FEE} plus 1 for each of the 2 markers" in help.explain(
        "square:U:C", view, "en"
    )
    assert "start player" in help.explain("badge:sp", view, "en") and "Red" in help.explain(
        "badge:sp", view, "en"
    )
    assert "holds 1 card." in help.explain("slot:0", view, "en")


def test_the_board_numbers_the_slots_names_who_put_each_face_down_card_and_shows_discards():
    s = FUTURES.setup(4, 8)
    s = FUTURES.apply(s, 0, "place:2:" + s["hands"][0][0])
    s = FUTURES.apply(s, 0, "discard:" + ":".join(s["hands"][0][:2]))
    html = render(FUTURES.view(s, None), [], names=["Red (bot)", "Blue (You)", "Yellow (bot)", "Purple"])
    assert all(f'data-explain="slot:{i}">{i + 1}</text>' in html for i in range(rules.SLOTS))
    # The back of the card Red put on slot 3 names Red's colour, as its ring shows it, in full (a card is
    # too narrow for "Red (bot)", which was cut to 8 characters).
    assert ">Red</text>" in html
    row = re.search(r'<tr[^>]*data-seat="0">(.*?)</tr>', html)
    assert row and row[1].count('class="tt-chip"') == 2


def test_your_parts_are_marked_and_the_end_step_offers_the_marker_and_the_end():
    s = FUTURES.setup(4, 1)
    s.update(
        step="act", actions=1, money=[0] * 4, rows=[rules.LADDER.index(18), 8, 8], markers=[[0, "C", "U", 8]]
    )
    s = FUTURES.apply(s, 0, "settle:C:U:8")
    html = render(FUTURES.view(s, 0), FUTURES.legal_actions(s, 0))
    assert 'data-action="end"' in html and 'data-action="marker"' in html
    assert 'class="tt-prompt tt-side"' in html and 'class="tt-actions tt-side"' in html
    assert 'class="tt-hand tt-side"' in html and "paid for the 4th marker" in html
    assert help.action_name("end", FUTURES.view(s, 0), "en") == "End the turn without buying the 4th marker"


def test_japanese_log_lines_use_full_width_punctuation():
    names = help.seat_names(4, "ja")
    for seed in (1, 2, 3):
        for state, _, _ in playout(FUTURES, 4, seed):
            for event in state["events"]:
                line = describe(event, "ja", names)
                assert not re.search(r"[(),]|、、|。。", line), line


@pytest.mark.parametrize("players", [3, 4])
def test_the_breakdown_sums_to_each_score_and_the_verdict_names_the_winners(players):
    board = get_board("futures")
    for seed in range(4):
        state, _ = final_state(FUTURES, players, seed)
        view = FUTURES.view(state, None)
        for lang in LANGS:
            parts = board.breakdown(view, lang)
            assert [sum(n for _, n in seat) for seat in parts] == view["result"]["scores"]
            names = help.seat_names(players, lang)
            verdict = board.decided(view, names, lang)
            assert all(names[p] in verdict for p in view["result"]["winners"])


def test_a_tie_is_a_shared_victory_as_the_rules_say():
    view = {
        "result": {"scores": [7, 7, 3], "winners": [0, 1]},
        "ledger": [dict.fromkeys(rules.SOURCES, 0)] * 3,
    }
    assert "share the victory with 7 each" in help.decided(view, ["Ann", "Bob", "Cy"], "en")
    assert "勝利を分かち合います" in help.decided(view, ["Ann", "Bob", "Cy"], "ja")


def test_banners_and_chapters():
    board = get_board("futures")
    assert board.banners == {"burst", "final"}
    assert board.chapter({"e": "phase", "phase": "early", "round": 3}, "en") == "Round 3"
    assert board.chapter({"e": "phase", "phase": "early", "round": 3}, "ja") == "ラウンド3"
    assert board.chapter({"e": "phase", "phase": "late", "round": 3}, "en") is None


def test_the_log_merges_a_run_of_carry_over_choices_into_one_line():
    board = get_board("futures")
    names = help.seat_names(4, "en")
    one = board.merge({"e": "give", "p": 0}, {"e": "give", "p": 2})
    assert describe(one, "en", names) == "Red and Yellow have chosen their cards to give"
    three = board.merge(one, {"e": "give", "p": 3})
    assert describe(three, "en", names) == "Red, Yellow and Purple have chosen their cards to give"
    assert describe(three, "ja", help.seat_names(4, "ja")) == "赤、黄と紫が渡すカードを選びました"
    assert board.merge({"e": "pass", "p": 0, "amount": 1}, {"e": "give", "p": 1}) is None


def test_malformed_keys_are_unknown_not_errors():
    view = FUTURES.view(FUTURES.setup(4, 1), 0)
    for key in ("slot:9", "slot:x", "marker:C", "marker:C:U:x", "square:U", "price:Z", "card:XX", "badge:no"):
        assert help.explain(key, view, "en") is None, key
