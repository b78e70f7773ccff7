"""The screen: a device's view of a table, played by clicking only what the HTML offers."""

import re
import xml.etree.ElementTree as ET
from dataclasses import replace
from functools import partial
from html import unescape

import pytest

from pygame_core.bots import bot_names, make_bot
from pygame_core.bots.hint import hint_steps
from pygame_core.engine import Rng, all_games, get_board, get_game
from pygame_core.engine.hint import Hint
from pygame_core.engine.render import esc
from pygame_core.engine.screen import Screen, log_html
from pygame_core.engine.table import Table

GAME = get_game("futures")
BOTS = {n: partial(make_bot, GAME, n) for n in bot_names(GAME)}


def clickables(html: str, attr: str) -> list[str]:
    """Return the values of `attr` on every element of the screen."""
    root = ET.fromstring(f"<root>{html}</root>")
    return [e.attrib[attr] for e in root.iter() if attr in e.attrib]


def screen_for(seats: list[str], seed: int = 1, lang: str = "en") -> Screen:
    """Return a screen of a new Futures! table."""
    return Screen(Table.new("futures", seats, seed, BOTS), get_board("futures"), lang)


def play_by_clicking(screen: Screen, rng: Rng) -> int:
    """Play to the end by clicking random offered actions (and sometimes cards); return the hand-overs."""
    handovers = 0
    while not screen.table.over:
        if screen.table.bot_to_act() is not None:
            screen.table.bot_move()
            continue
        html = screen.html()
        if screen.needs_handover():
            assert 'class="tt-hand"' not in html and "data-action" not in html and "data-select" not in html
            screen.click("handover", clickables(html, "data-handover")[0])
            handovers += 1
            continue
        cards = clickables(html, "data-select")
        if cards and rng.below(3) == 0:
            screen.click("select", rng.choice(cards))
            continue
        screen.click("action", rng.choice(clickables(html, "data-action")))
    return handovers


def test_one_person_against_bots_plays_to_the_end_by_clicking():
    screen = screen_for(["human", "trader", "trader", "random"], 3)
    assert screen.audience() == 0 and not screen.needs_handover()
    assert play_by_clicking(screen, Rng(1)) == 0
    html = screen.html()
    assert 'class="tt-result"' in html and "Red (You)" in html


def test_hot_seat_hands_the_device_over_and_hides_the_hand_meanwhile():
    screen = screen_for(["human", "human", "human"], 8)
    assert screen.needs_handover()
    handovers = play_by_clicking(screen, Rng(2))
    assert handovers > 27  # at least each turn of 9 rounds changes hands
    assert GAME.result(screen.table.state) is not None


def test_a_table_of_bots_shows_the_public_table():
    screen = screen_for(["trader", "trader", "trader"])
    assert screen.audience() is None
    html = screen.html()
    assert 'class="tt-hand"' not in html and "data-action" not in html and "is thinking" in html


def test_two_selected_cards_offer_their_discard_and_undo_is_offered():
    screen = screen_for(["human", "trader", "trader", "trader"], 5)
    screen.click("action", clickables(screen.html(), "data-action")[0])
    hand = screen.table.state["hands"][0]
    screen.click("select", hand[0])
    screen.click("select", hand[1])
    a, b = sorted(hand[:2])
    html = screen.html()
    assert f"discard:{a}:{b}" in clickables(html, "data-action") and "data-undo" in html
    screen.click("deselect", hand[1])
    assert not any(x.startswith("discard") for x in clickables(screen.html(), "data-action"))
    screen.click("undo", "1")
    assert screen.table.record.actions == ()


def test_the_latest_selected_card_is_the_one_placed():
    screen = screen_for(["human", "trader", "trader", "trader"], 5)
    hand = screen.table.state["hands"][0]
    last = hand[-1]
    screen.click("select", hand[0])
    screen.click("select", last)
    places = clickables(screen.html(), "data-action")
    assert places and all(p.endswith(":" + last) for p in places)


def test_japanese_screen_and_bad_taps():
    screen = screen_for(["human", "human", "trader"], lang="ja")
    assert "端末を渡してください" in screen.html()
    with pytest.raises(ValueError, match="nobody may act"):
        screen.click("action", "pass")
    with pytest.raises(ValueError, match="unknown tap"):
        screen.click("shake", "")
    assert re.search("赤", screen.html())


def test_the_last_event_sits_under_the_prompt_and_names_a_bots_move():
    screen = screen_for(["human", "trader", "trader", "trader"], 4)
    screen.click("action", clickables(screen.html(), "data-action")[0])
    while screen.table.bot_to_act() is not None:
        screen.table.bot_move()
    html = screen.html()
    line = re.search(r'<p class="tt-last[^>]*data-last-event="1"[^>]*>(.*?)</p>', html)
    assert line and line[1] == screen.board.describe(screen.table.log[-1], "en", screen.names)
    assert html.index('class="tt-prompt') < html.index("data-last-event")


def test_big_events_queue_a_banner_until_dismissed():
    board = replace(get_board("futures"), banners=frozenset({"trade", "pass"}))
    screen = Screen(Table.new("futures", ["human"] * 3, 2, BOTS), board)
    assert "data-banner" not in screen.html()
    rng = Rng(5)
    while not any(
        a.startswith(("trade", "pass")) for a in screen.table.game.legal_actions(screen.table.state, 0)
    ):
        screen.click("handover", str(screen.audience()))
        screen.click("action", rng.choice(clickables(screen.html(), "data-action")))
    screen.click("handover", str(screen.audience()))
    screen.click("action", "pass")
    assert "passes" in screen.html().split("data-banner")[1].split("</div>")[0]
    screen.click("dismiss", "1")
    assert "data-banner" not in screen.html()


def test_then_plays_each_following_action_while_it_stays_legal():
    screen = screen_for(["human", "trader", "trader", "trader"], 4)
    place = clickables(screen.html(), "data-action")[0]
    screen.click("action", place, then="pass nonsense pass")
    actions = [a for p, a in screen.table.record.actions]
    assert actions == [place, "pass"]  # the second pass was no longer legal: the turn had ended


def test_the_log_groups_by_chapter_merges_runs_and_shows_the_newest_first():
    board = replace(
        get_board("futures"),
        chapter=lambda e, lang: (
            f"Round {e['round']}" if e["e"] == "phase" and e["phase"] == "early" else None
        ),
        merge=lambda a, b: {**b, "n": a.get("n", 1) + 1} if a["e"] == b["e"] == "move" else None,
    )
    table = Table.new("futures", ["trader"] * 4, 6, BOTS)
    for _ in range(60):
        table.bot_move()
    html = log_html(board, table.log, "en", board.seat_names(4, "en"))
    headings = re.findall(r"<h3>Round (\d+)</h3>", html)
    assert headings == sorted(headings, reverse=True) and len(headings) >= 2
    runs = sum(1 for a, b in zip(table.log, table.log[1:], strict=False) if a["e"] == b["e"] == "move")
    assert html.count("<li>") == len(table.log) - runs


def test_the_end_shows_the_breakdown_why_and_what_next():
    parts = lambda view, lang: [[("money", s)] for s in view["result"]["scores"]]  # noqa: E731
    board = replace(get_board("futures"), breakdown=parts, decided=lambda v, n, lang: "because")
    screen = Screen(Table.new("futures", ["human", "trader", "trader"], 3, BOTS), board)
    play_by_clicking(screen, Rng(2))
    html = screen.html()
    for hook in ("data-play-again", "data-rematch", "data-new-game", "data-record", "data-replay-link"):
        assert hook in html
    assert html.count('class="tt-breakdown"') == 3 and "because" in html


def test_a_hint_names_three_legal_actions_with_their_value_in_words():
    screen = screen_for(["human", "trader", "trader"], 9)
    steps = hint_steps(screen.table.game, screen.table.state, 0, 1)
    with pytest.raises(StopIteration) as done:
        while True:
            next(steps)
    screen.hints = done.value.value
    html = screen.html()
    hinted = clickables(html, "data-hint-action")
    assert len(hinted) == 3 and set(hinted) <= set(screen.table.game.legal_actions(screen.table.state, 0))
    screen.click("action", hinted[0])
    assert "data-hint-action" not in screen.html()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_hint_gives_its_reason_in_the_games_words(lang):
    """The best hint says why, as the review does: the kind of move, both moves named, the points."""
    screen = screen_for(["human", "trader", "trader", "trader"], 5, lang)
    screen.hints = [Hint("place:1:PU", 3.4, "pass", 0.0), Hint("pass", 0.0, "pass", 0.0)]
    (why,) = re.findall(r'<p data-hint-reason="1">(.*?)</p>', screen.html())
    view = screen.view()
    named = [unescape(get_board("futures").action_name(a, view, lang) or a) for a in ("place:1:PU", "pass")]
    kind = {"en": "Placing cards", "ja": "カードの配置"}[lang]
    assert unescape(why).startswith(kind) and all(n in unescape(why) for n in named) and "3" in why
    screen.hints = [Hint("pass", 0.0, "pass", 0.0)]
    assert "data-hint-reason" not in screen.html()


def test_a_hinted_move_with_no_control_yet_names_the_choice_that_brings_one_up():
    screen = screen_for(["human", "trader", "trader", "trader"], 5)  # hand CD CD PD PU RU; CD's slots drawn
    screen.hints = [Hint("place:1:PU", 2.0, "place:0:CD", 0.0), Hint("place:0:CD", 0.0, "place:0:CD", 0.0)]
    html = screen.html()
    assert 'data-hint-action="place:1:PU" data-hint-select="PU">' in html
    assert 'data-hint-action="place:0:CD">' in html  # a control of its own is drawn: no choice named
    screen.click("select", "PU")
    html = screen.html()
    assert 'data-hint-action="place:1:PU">' in html
    assert 'data-hint-action="place:0:CD" data-hint-select="CD">' in html


def test_a_hinted_move_is_named_at_a_choice_drawn_unpressed_though_tapped_before():
    game = get_game("stock_trader")  # hand basic-B basic-B confusion; the last tap is the card drawn pressed
    bots = {n: partial(make_bot, game, n) for n in bot_names(game)}
    table = Table.new("stock_trader", ["human", "random", "random"], 9, bots)
    screen = Screen(table, get_board("stock_trader"))
    screen.click("select", "basic-B")
    screen.click("select", "confusion")
    screen.hints = [Hint("play:basic-B", 1.0, "play:basic-B", 0.0)]
    assert 'data-hint-action="play:basic-B" data-hint-select="basic-B">' in screen.html()


def test_a_hinted_amount_some_steps_off_is_marked_at_each_step_in_turn():
    game = get_game("mercator")  # an auction bid, 0 to 50, shown at 0 with steppers to 1, 5, 10 and 50
    bots = {n: partial(make_bot, game, n) for n in bot_names(game)}
    table = Table.new("mercator", ["human", "random", "random"], 1, bots)
    table.act(0, "auction")
    while table.bot_to_act() is not None:
        table.bot_move()
    screen = Screen(table, get_board("mercator"))
    screen.hints = [Hint("bid:11", 1.0, "bid:0", 0.0)]
    steps = []
    while 'data-action="bid:11"' not in (html := screen.html()):
        steps.append(re.search(r'data-hint-action="bid:11" data-hint-select="(\d+)">', html)[1])
        screen.click("select", steps[-1])
    assert steps == ["10", "11"] and 'data-hint-action="bid:11">' in html


@pytest.mark.parametrize("game_id", [g.id for g in all_games()])
def test_following_a_hints_marks_reaches_any_legal_move(game_id):
    """Hinted legal moves picked at random: tapping the choice each names brings up the move's control."""
    game, rng = get_game(game_id), Rng(7)
    bots = {n: partial(make_bot, game, n) for n in bot_names(game)}
    screen = Screen(Table.new(game_id, ["human", "random", "random"], 3, bots), get_board(game_id))
    for _ in range(30):
        while screen.table.bot_to_act() is not None:
            screen.table.bot_move()
        if screen.table.over:
            break
        legal = screen.table.game.legal_actions(screen.table.state, 0)
        target = rng.choice(legal)
        screen.hints = [Hint(target, 0.0, target, 0.0)]
        for _ in range(40):
            html = screen.html()
            if f'data-action="{esc(target)}"' in html:
                break
            step = re.search(r'data-hint-select="([^"]*)"', html)
            assert step, (target, screen.selected)
            screen.click("select", unescape(step[1]))
        else:
            raise AssertionError(f"{target} not reached by its marks")
        screen.click("action", target)


def test_no_hint_with_two_people_at_the_table():
    assert "data-hint" not in screen_for(["human", "human", "trader"], 9).html()
    assert 'data-hint="1"' in screen_for(["human", "trader", "trader"], 9).html()


def test_a_deselect_of_a_card_not_selected_changes_nothing_and_raises_nothing():
    # A board painted before Python's (a reload's kept board) can show a card pressed that Python's
    # selection lacks: its tap then says "deselect", which must not reach the person as an error.
    screen = screen_for(["human", "trader", "trader", "trader"], 5)
    hand = screen.table.state["hands"][0]
    other = next(card for card in hand if card != hand[0])
    screen.click("select", hand[0])
    screen.click("deselect", other)
    assert screen.selected == [hand[0]]
