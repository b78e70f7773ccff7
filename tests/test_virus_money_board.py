"""The Virus Money board: well-formed markup, clickable actions equal to the legal ones, roles kept secret."""

import re
import xml.etree.ElementTree as ET
from functools import partial

import pytest
from playout import playout

from pygame_core.bots import bot_names, make_bot
from pygame_core.engine import Rng, get_board
from pygame_core.engine.screen import Screen, log_groups
from pygame_core.engine.table import Table
from pygame_core.games.virus_money.board import TEXTS, describe, render, seat_names
from pygame_core.games.virus_money.rules import VIRUS_MONEY as G


def parse(html: str) -> ET.Element:
    """Return the parsed board; fails if the markup is not well-formed."""
    return ET.fromstring(html)


def actions_in(html: str) -> set[str]:
    """Return every data-action on the board."""
    return {e.attrib["data-action"] for e in parse(html).iter() if "data-action" in e.attrib}


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2)])
def test_the_legal_actions_are_exactly_the_clickable_ones(players, seed):
    steps = 0
    seen = set()
    for state, _, _ in playout(G, players, seed):
        steps += 1
        for p in G.to_act(state):
            legal = G.legal_actions(state, p)
            view = G.view(state, p)
            shown = actions_in(render(view, legal))
            if state["phase"] == "raise":  # a raise is composed with the steppers: try every amount
                for amount in range(61):
                    found = actions_in(render(view, legal, selected=(str(amount),)))
                    assert found <= set(legal)
                    shown |= found
            assert shown == set(legal)
            seen |= {a.split(":")[0] for a in legal}
            for after, acts in own_first_taps(state, p, render(view, legal)):
                assert after["plans"][p]["paying"] is None, f"{acts} pays the whole cost, every step legal"
        assert "data-action" not in render(G.view(state, None), [])
    assert steps > 50 and seen == {"join", "pass", "raise", "use", "pay", "done"}


def test_no_board_shows_a_role_but_the_viewers_own_until_the_round_is_scored():
    for state, _, _ in playout(G, 4, 3):
        if state["phase"] == "over":
            continue
        for viewer in (None, 0, 1, 2, 3):
            legal = G.legal_actions(state, viewer) if viewer is not None else []
            html = render(G.view(state, viewer), legal)
            roles = {e.attrib["data-role"] for e in parse(html).iter() if "data-role" in e.attrib}
            assert roles == (set() if viewer is None else {state["roles"][viewer]})
            swapped = dict(state, roles=["normal"] * 4)
            if viewer is None or state["roles"][viewer] == "normal":
                assert render(G.view(swapped, viewer), legal) == html
            rounds = {e.attrib["data-round"] for e in parse(html).iter() if "data-round" in e.attrib}
            assert rounds == {str(r["round"]) for r in state["history"]}


def test_the_virus_player_is_told_its_role_and_the_reveal_names_it_after_scoring():
    s = G.setup(4, 3)
    s["roles"] = ["normal", "normal", "virus", "normal"]
    html = render(G.view(s, 2), G.legal_actions(s, 2))
    assert "Your role this round: VIRUS player" in html
    assert "VIRUS" not in render(G.view(s, 0), G.legal_actions(s, 0))
    while s["round"] == 1:
        p = G.to_act(s)[0]
        s = G.apply(s, p, G.legal_actions(s, p)[-1])
    html = render(G.view(s, None), [])
    reveal = parse(html).find(".//section[@class='tt-vm-reveal']")
    assert reveal is not None and "Virus: Green" in ET.tostring(reveal, encoding="unicode")


def test_the_card_up_shows_its_cost_and_production_and_the_bids_by_colour():
    s = G.setup(4, 5)
    s["card"] = "G1B4"
    s = G.apply(G.apply(s, 0, "join"), 1, "join")
    html = render(G.view(s, None), [])
    card = parse(html).find(".//section[@class='tt-vm-auction']")
    assert card is not None
    text = ET.tostring(card, encoding="unicode")
    assert 'data-card="G1B4"' in text and "cost 3" in text
    assert 'aria-label="Red 1, Yellow 1"' in text


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("players", [3, 4])
def test_every_view_and_event_renders_in_both_languages(lang, players):
    kinds = set()
    for state, _, _ in playout(G, players, 7):
        for viewer in (None, *range(players)):
            legal = G.legal_actions(state, viewer) if viewer is not None else []
            parse(render(G.view(state, viewer), legal, lang=lang))
        for event in state["events"]:
            kinds.add(event["e"])
            text = describe(event, lang, seat_names(players, lang))
            assert text and "{" not in text
    assert {"round", "card", "join", "raise", "win", "auctions_end", "score", "over"} <= kinds
    html = render(G.view(state, None), [], lang=lang)
    assert 'class="tt-result"' in html


def test_japanese_covers_the_board_words():
    assert set(TEXTS["ja"]) == set(TEXTS["en"])
    s = G.setup(3, 1)
    html = render(G.view(s, 0), G.legal_actions(s, 0), lang="ja")
    assert "参加" in html and "あなたの役職" in html
    assert seat_names(3, "ja") == ["赤", "緑", "青"] and seat_names(4, "en") == [
        "Red",
        "Yellow",
        "Green",
        "Blue",
    ]


def test_the_log_tells_who_won_what_for_how_much():
    s = G.setup(4, 5)
    s["card"] = "Y3"
    s = G.apply(G.apply(G.apply(G.apply(s, 0, "join"), 1, "pass"), 2, "join"), 3, "join")
    s = G.apply(G.apply(G.apply(s, 0, "pass"), 2, "pass"), 3, "raise:2")
    s = G.apply(G.apply(G.apply(s, 0, "raise:3"), 2, "pass"), 3, "pass")
    names = seat_names(4, "en")
    log = [describe(e, "en", names) for e in s["events"]]
    assert log[1] == "Red wins the card making 3 yellow (cost 1) for 3 pieces and takes 1 green, 2 blue"
    ja = describe(s["events"][1], "ja", seat_names(4, "ja"))
    assert ja == "赤が3個で「黄3個」のカード（コスト1）を獲得し、緑1個、青2個を得ました"


def test_the_log_says_what_a_seat_has_chosen_in_secret():
    ready = {"e": "ready", "p": 1}
    assert describe(ready, "en", seat_names(4, "en")) == "Yellow has chosen which cards to use"
    assert describe(ready, "ja", seat_names(4, "ja")) == "黄が使うカードを選び終えました"


def test_the_screen_plays_a_whole_solo_game_by_its_buttons():
    bots = {n: partial(make_bot, G, n) for n in bot_names(G)}
    table = Table.new("virus_money", ["human", "broker", "broker", "random"], 4, bots)
    screen = Screen(table, get_board("virus_money"))
    clicks = 0
    while not table.over:
        while table.bot_to_act() is not None:
            table.bot_move()
        if table.over:
            break
        found = sorted(actions_in(f"<div>{screen.html()}</div>"))
        screen.click("action", found[clicks % len(found)])
        clicks += 1
    assert clicks > 10 and G.result(table.state) is not None
    assert 'class="tt-result"' in screen.html()


EMOJI = re.compile("[\U0001f534\U0001f535\U0001f7e0-\U0001f7eb\u2b24\u26aa\u26ab]")  # coloured discs


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_cards_and_colours_are_named_in_words_never_by_emoji_alone(lang):
    """Issue 14: without an emoji font a card's identity must not be lost, on the board or in the log."""
    for state, _, _ in playout(G, 4, 11):
        for viewer in (None, 0):
            legal = G.legal_actions(state, viewer) if viewer is not None else []
            assert not EMOJI.search(render(G.view(state, viewer), legal, lang=lang))
        for event in state["events"]:
            text = describe(event, lang, seat_names(4, lang))
            assert not EMOJI.search(text), text
            if lang == "ja":
                assert not re.search("[(),:]", text), f"full-width punctuation in Japanese: {text}"


def test_plurals_are_right():
    s = G.setup(4, 5)
    s["card"] = "Y3"
    s = G.apply(G.apply(G.apply(G.apply(s, 0, "join"), 1, "pass"), 2, "pass"), 3, "pass")
    win = next(e for e in s["events"] if e["e"] == "win")
    assert describe(win, "en", seat_names(4, "en")) == (
        "Red wins the card making 3 yellow (cost 1) for 1 piece"
    )


def own_first_taps(state, seat, html):
    """Yield (state after the tap, actions) for each button with `data-then`, played as the page does."""
    for e in parse(html).iter():
        if "data-then" not in e.attrib:
            continue
        s = G.apply(state, seat, e.attrib["data-action"])
        for then in e.attrib["data-then"].split():
            s = G.apply(s, seat, then)  # raises if a step is not legal
        yield s, [e.attrib["data-action"], *e.attrib["data-then"].split()]


def test_one_tap_uses_a_card_paying_with_ones_own_colour_first_and_every_step_stays_a_button():
    """Issue 14: 'pay with my own colour first' in one tap (`data-then`), single payments still possible."""
    from test_virus_money import expansion

    pieces = [[1, 0, 3, 2], [0, 20, 0, 0], [0, 0, 20, 0], [0, 0, 0, 20]]
    s = expansion([["R1G4", "B3"], ["Y3"], [], []], pieces)
    html = render(G.view(s, 0), G.legal_actions(s, 0))
    taps = dict((acts[0], (after, acts)) for after, acts in own_first_taps(s, 0, html))
    after, acts = taps["use:R1G4"]
    assert acts == ["use:R1G4", "pay:R", "pay:G", "pay:G"]
    assert after["plans"][0] == {"uses": [["R1G4", "RGG"]], "paying": None}
    assert {"use:R1G4", "use:B3", "done"} == actions_in(html)
    s = G.apply(s, 0, "use:R1G4")
    html = render(G.view(s, 0), G.legal_actions(s, 0))
    assert actions_in(html) == {"pay:R", "pay:G", "pay:B"}, "each colour is still a button of its own"
    s = G.apply(s, 0, "pay:B")
    html = render(G.view(s, 0), G.legal_actions(s, 0))
    [(after, acts)] = list(own_first_taps(s, 0, html))
    assert acts == ["pay:R", "pay:G"] and after["plans"][0]["uses"] == [["R1G4", "BRG"]]


def test_your_parts_are_marked_for_the_side_column():
    s = G.setup(4, 2)
    html = render(G.view(s, 0), G.legal_actions(s, 0))
    sides = {e.attrib["class"] for e in parse(html).iter() if "tt-side" in e.attrib.get("class", "")}
    assert {"tt-prompt tt-side", "tt-vm-role tt-side", "tt-vm-controls tt-side"} <= sides


def test_the_expansion_shows_who_is_done_but_never_what_others_chose():
    from test_virus_money import expansion, play

    pieces = [[20, 0, 0, 0], [0, 20, 0, 0], [0, 0, 20, 0], [0, 0, 0, 20]]
    s = expansion([["R1G4"], ["Y3"], [], []], pieces)
    table_before = render(G.view(s, None), [])
    s = play(s, (0, "use:R1G4"), (0, "pay:R"))
    assert render(G.view(s, None), []) == table_before
    mine = render(G.view(s, 0), G.legal_actions(s, 0))
    assert "tt-vm-plan" in mine and "Paying for the card making 1 red + 4 green" in mine
    s = play(s, (0, "pay:R"), (0, "pay:R"), (0, "done"))
    html = render(G.view(s, 1), G.legal_actions(s, 1))
    assert 'data-explain="badge:ready"' in html and 'data-explain="badge:choosing"' in html
    assert "tt-vm-plan" not in html and "You are done" not in html
    assert "You are done. Waiting for Yellow" in render(G.view(s, 0), [])


def brokers_log(seed: int) -> list[dict]:
    """Return every public event of one seeded 4-player game of brokers."""
    state = G.new_state(4, Rng(seed), {})
    bots = [make_bot(G, "broker") for _ in range(4)]
    rng, log = Rng(seed), list(state["events"])
    while acting := G.to_act(state):
        seat = acting[0]
        state = G.transition(
            state, seat, bots[seat].choose(G, state, seat, G.legal_actions(state, seat), rng)
        )
        log += state["events"]
    return log


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_run_of_cards_nobody_joins_is_one_log_line(lang):
    """Every card set aside unjoined is named once, and each run of them takes one line, not three a card."""
    log = brokers_log(1)
    aside = [e["card"] for e in log if e["e"] == "nobody"]
    lines = [line for _, group in log_groups(get_board("virus_money"), log, lang) for line in group]
    runs = [e for _, _, e in lines if e["e"] == "nobody"]
    assert [c for e in runs for c in e.get("cards", [e.get("card")])] == aside
    assert max(len(e.get("cards", ())) for e in runs) >= 3
    assert len(runs) < len(aside) / 2
    word = "in a row" if lang == "en" else "枚続けて参加者なし"
    text = [describe(e, lang, seat_names(4, lang)) for e in runs if "cards" in e]
    assert all(word in t for t in text)
