"""Value Scale teaches itself: the rules text follows the rules module, every thing on the board explains
itself, the coin pick-up has a one-tap default, the log merges runs, the end says where points come from."""

import re
import xml.etree.ElementTree as ET

import pytest

from pygame_core.engine import Rng, get_board
from pygame_core.engine.howto import markup_html, rules_html
from pygame_core.games.value_scale import board, help, rules
from pygame_core.games.value_scale.bot import AppraiserBot, candidates
from pygame_core.games.value_scale.rules import CURRENCIES, START_COINS, VALUE_SCALE

G = VALUE_SCALE
LANGS = ("en", "ja")


def states(players, seed, mode):
    """Yield every state of a random game in `mode`, the last included."""
    state = G.setup(players, seed, {"mode": mode})
    rng = Rng(seed)
    while acting := G.to_act(state):
        yield state
        p = acting[rng.below(len(acting))]
        state = G.apply(state, p, rng.choice(G.legal_actions(state, p)))
    yield state


def visible(html: str) -> str:
    """Return the text a reader sees of some HTML."""
    return re.sub("<[^>]+>", "", html)


# -- How to play


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_text_has_every_section_and_its_figures(lang):
    html = rules_html("value_scale", lang)
    assert html.count("<h2>") >= 5 and len(visible(html)) > 1500
    assert html.count('class="tt-figure"') == 3 and html.count("<svg") >= 3
    words = {
        "en": ("Open auction", "Sealed bids", "Coin pick-up", "crash"),
        "ja": ("入札方式", "暴落", "分配"),
    }
    assert all(w in visible(html) for w in words[lang])


def test_the_rules_text_follows_the_rules_module(monkeypatch):
    """Change the constants (a fixture): every number in the text and the explanations follows."""
    before = {lang: help.rules(lang) for lang in LANGS}
    monkeypatch.setattr(rules, "START_COINS", (8, 6, 4))
    monkeypatch.setattr(rules, "SURGE_VALUES", {"D": 2, "F": 3, "G": 9})
    monkeypatch.setattr(rules, "ROW", 4)
    monkeypatch.setattr(rules, "MAX_OFFER", 3)
    en, ja = help.rules("en"), help.rules("ja")
    assert en != before["en"] and ja != before["ja"]
    assert "8 ducats, 6 florins and 4 guilders" in en and "(18 coins)" in en
    assert "guilders 9" in en and "turn 4 face up" in en and "up to 3 of the face-up cards" in en
    assert "A game has 7 to 19 auctions" in en, "23 cards - 4 face up = 19, in lots of up to 3"
    assert "ダカット8枚、フローリン6枚とギルダー4枚（計18枚）" in ja and "ギルダー9点" in ja
    assert "guilder at 9" in (help.explain("card:UG", None, "en") or "")


def test_the_rules_example_is_computed_from_the_scoring():
    assert "5 × 5 = **25**" in help.rules("en") and "5 × 3 = **15**" in help.rules("en")
    assert "5×5＝**25点**" in help.rules("ja")


def test_japanese_texts_use_full_width_punctuation_and_no_doubled_words():
    texts = [help.rules("ja"), *board.TEXTS["ja"].values(), *help.EXPLAIN["ja"].values()]
    for text in texts:
        prose = re.sub(r"\[\[figure:[a-z]+\]\]|\{[a-z_]+\}|\*\*|^\d+\. ", "", text, flags=re.M)
        assert not re.search(r"[,;()]|: |\.\s", prose), prose
        assert "）（" not in prose, prose


# -- Explain on tap


@pytest.mark.parametrize("mode", ["open", "sealed"])
def test_every_explained_thing_says_what_it_is_in_both_languages(mode):
    keys: set[str] = set()
    for k, state in enumerate(states(4, 11, mode)):
        if k % 2:
            continue
        for viewer in (None, 0, 2):
            view = G.view(state, viewer)
            legal = G.legal_actions(state, viewer) if viewer is not None else []
            found = set(re.findall(r'data-explain="([^"]+)"', board.render(view, legal)))
            keys |= found
            for key in found:
                for lang in LANGS:
                    text = help.explain(key, view, lang)
                    assert text and "{" not in text, (key, lang)
    kinds = {key.split(":")[0] for key in keys}
    assert {"card", "coin", "stack", "badge", "row", "lot", "pot", "scale", "counted", "deck"} <= kinds
    assert {f"coin:{c}" for c in CURRENCIES} <= keys
    assert help.explain("nonsense", None, "en") is None


def test_explanations_say_what_a_card_does_now_for_the_viewer():
    s = G.setup(3, 2)
    s["row"] = ["UD", "XG", "M5x2"]
    s["stacks"][0][0] = ["M3x3"]
    v = G.view(s, 0)
    assert "You hold 7 ducats: with it they would be worth 7 more." in help.explain("card:UD", v, "en")
    assert "You hold 3 guilders: with it you would lose 3." in help.explain("card:XG", v, "en")
    assert "On your Metals stack (9 now) it would make 25." in help.explain("card:M5x2", v, "en")
    s["surges"][1] = ["D"]
    assert "Held by Blue." in help.explain("card:UD", G.view(s, 0), "en")


# -- Coin pick-up: the order shown, and one tap for the rest


def pick_state():
    """Return a 4-player game at Red's first choice of coin after Blue won a lot for 12 mixed coins."""
    s = G.setup(4, 1)
    s["row"] = ["M3x3", "S4x2", "W1x5"]
    moves = [(0, "offer:M3x3"), (0, "start:1"), (1, "bid:12"), (2, "drop"), (3, "drop"), (0, "drop")]
    moves.append((1, "pay:5.4.3"))
    for p, a in moves:
        s = G.apply(s, p, a)
    assert s["phase"] == "pick" and G.to_act(s) == (0,)
    return s


def test_the_pick_up_shows_the_pick_order_not_who_dropped_out():
    """Rulebook 「分配は、ディーラーカードを持つプレイヤーから初めて逆時計回りに進行します」: the board shows
    that order while coins are taken."""
    s = pick_state()
    root = ET.fromstring(board.render(G.view(s, 0), G.legal_actions(s, 0)))
    badges = {
        e.get("data-explain") for e in root.iter() if (e.get("data-explain") or "").startswith("badge:")
    }
    assert "badge:pick" in badges and "badge:out" not in badges, "Yellow, Purple and Red dropped out"
    order = [e for e in root.iter() if e.get("data-explain") == "pick_order"]
    assert "".join(order[0].itertext()) == "Pick order: Red → Purple → Yellow"


def buttons(html: str) -> dict[str, str]:
    """Return each clickable action on the board and its words."""
    return {
        e.get("data-action"): "".join(e.itertext())
        for e in ET.fromstring(html).iter()
        if e.get("data-action")
    }


@pytest.mark.parametrize("seed", range(6))
def test_one_tap_takes_the_rest_in_order_and_each_single_coin_stays_possible(seed):
    """A13: `pick:rest` takes, in each of the seat's turns of this pick-up, the coin worth most to it; the
    seat is not asked again, whatever the others take."""
    s = pick_state()
    shown = buttons(board.render(G.view(s, 0), G.legal_actions(s, 0)))
    assert shown["pick:rest"] == (
        "Take the rest in order, worth most to me first (likely 2 ducats, then 1 florin, then 1 guilder)"
    )
    assert set(shown) == set(G.legal_actions(s, 0)) == {"pick:D", "pick:F", "pick:G", "pick:rest"}
    s["surges"][0] = ["F"] if seed % 2 else []
    rng = Rng(seed)
    pot = list(s["pot"])
    player, action = 0, "pick:rest"
    while True:
        s = G.apply(s, player, action)
        for e in s["events"]:
            if e["e"] == "pick":
                if e["p"] == 0:
                    assert e["c"] == rules.best_coin(pot, rules.seat_values(s, 0)), (
                        "the best coin left for Red"
                    )
                pot[CURRENCIES.index(e["c"])] -= 1
        if s["phase"] != "pick":
            break
        player = G.to_act(s)[0]
        assert player != 0, "Red is not asked again"
        action = rng.choice(G.legal_actions(s, player))
    assert sum(pot) == 0 and any(
        e["e"] == "rest" and e["p"] == 0
        for e in G.view(G.apply(pick_state(), 0, "pick:rest"), None)["events"]
    )


def test_the_bots_leave_the_standing_order_to_people():
    s = pick_state()
    legal = G.legal_actions(s, 0)
    assert "pick:rest" in legal
    assert AppraiserBot().choose(G, s, 0, legal, Rng(1)) != "pick:rest"
    assert "pick:rest" not in candidates(G, s, 0, legal, Rng(1))


def test_the_plan_values_coins_by_their_worth_to_the_viewer():
    s = pick_state()
    s["surges"][0] = ["G"]
    assert board.pick_plan(G.view(s, 0))[0] == "G", "a guilder is worth 5 to Red now"


# -- The log: runs merged, chapters, banners, names in words


def merged_log(events):
    """Return the events as the log shows them: each run merged into one entry."""
    out = []
    for e in events:
        m = board.merge(out[-1], e) if out else None
        if m is None:
            out.append(e)
        else:
            out[-1] = m
    return out


def test_a_run_of_bots_raising_one_coin_at_a_time_is_one_log_line():
    s = G.setup(4, 1)
    s["row"] = ["M3x3", "S4x2", "W1x5"]
    s = G.apply(G.apply(s, 0, "offer:M3x3"), 0, "start:1")
    events = []
    for n, p in enumerate([1, 2, 3, 0, 1, 2]):
        s = G.apply(s, p, f"bid:{n}")
        events += s["events"]
    for p in (3, 0, 1):
        s = G.apply(s, p, "drop")
        events += s["events"]
    log = merged_log(events)
    assert [e["e"] for e in log][:1] == ["bidding"]
    line = board.describe(log[0], "en")
    assert (
        line == "Bidding, 9 bids: Blue up to 4, then drops out; Yellow up to 5; Purple 2, then drops out; "
        "Red 3, then drops out"
    )
    assert board.describe(log[0], "ja").startswith("競り（9回）：青は4枚まで競って降りる、黄は5枚まで、")


@pytest.mark.parametrize("mode", ["open", "sealed"])
def test_every_event_and_merged_run_reads_in_words_in_both_languages(mode):
    events = [e for state in states(5, 4, mode) for e in state["events"]]
    for lang in LANGS:
        chapters = [board.chapter(e, lang) for e in events]
        assert [c for c in chapters if c][:2] == (
            ["Auction 1", "Auction 2"] if lang == "en" else ["第1競り", "第2競り"]
        )
        for e in merged_log(events):
            line = board.describe(e, lang)
            assert line and "{" not in line and not re.search(r"[\U0001F300-\U0001FAFF]", line)
            if lang == "ja":
                assert not re.search(r"[,;()]", line), line
    kinds = {e["e"] for e in events}
    assert {"win", "over"} <= kinds and ("reveal" in kinds) == (mode == "sealed")


@pytest.mark.parametrize("mode", ["open", "sealed"])
def test_seeded_games_reach_every_banner_kind_in_either_mode(mode):
    seen = set()
    for seed in range(3):
        seen |= {e["e"] for state in states(5, seed, mode) for e in state["events"]} & board.BANNERS
    assert seen == board.BANNERS == {"win", "crash", "over"}


def test_coins_are_named_with_right_plurals():
    assert board.coins_label([1, 2, 0], "en") == "1 ducat and 2 florins"
    assert board.action_name("bid:1", G.view(G.setup(3, 1), 0), "en") == "Bid 1 coin"
    assert board.action_name("bid:2", G.view(G.setup(3, 1), 0), "en") == "Bid 2 coins"
    assert (
        board.action_name("seal:1.0.0", G.view(G.setup(3, 1), 0), "en")
        == "Seal 1 ducat in your fist (1 coin)"
    )


# -- Counted coins: what the bots count, people see


@pytest.mark.parametrize("mode", ["open", "sealed"])
def test_the_coins_shown_are_exactly_what_public_play_lets_anyone_count(mode):
    """A9, rulebook 「ほかのプレイヤーに公開する必要はありません」: nobody must show their coins, but every
    coin moves in sight of all. Count each seat's coins from the table's log alone: the views show those."""
    counted = None
    fists = None
    for state in states(4, 9, mode):
        table = G.view(state, None)
        if counted is None:
            counted = [list(START_COINS) for _ in range(table["players"])]
        for e in table["events"]:
            kind = e["e"]
            if kind == "reveal":
                fists = e["bids"]
            elif kind == "win":
                counted[e["p"]] = [k - x for k, x in zip(counted[e["p"]], e["paid"], strict=True)]
                fists = None
            elif kind in ("pick", "coin"):
                sign = 1 if kind == "pick" else -1
                counted[e["p"]][CURRENCIES.index(e["c"])] += sign
            elif kind == "crash":
                for p, fist in enumerate(fists or []):
                    counted[p] = [k - x for k, x in zip(counted[p], fist, strict=True)]
                counted[e["p"]] = [k + x for k, x in zip(counted[e["p"]], e["got"], strict=True)]
                fists = None
        assert table["coins"] == counted == state["coins"]


# -- The end


def test_the_end_breaks_every_score_down_and_says_why_the_winner_won():
    *_, last = states(4, 3, "open")
    view = G.view(last, None)
    names = board.seat_names(4, "en")
    for lang in LANGS:
        parts = board.breakdown(view, lang)
        assert [sum(n for _, n in seat) for seat in parts] == view["result"]["scores"]
    text = board.decided(view, names, "en")
    winner = view["result"]["winners"][0]
    assert text and text.startswith(
        f"**{names[winner]}** wins with {view['result']['scores'][winner]} points"
    )
    assert markup_html(text).startswith("<p><strong>")


def test_a_shared_win_says_the_rules_name_no_tie_break():
    s = G.setup(3, 1)
    s["phase"] = "over"
    view = G.view(s, None)
    assert board.decided(view, board.seat_names(3, "en"), "en") == (
        "**Red, Blue and Yellow** share the win with 15 points each: the rules name no tie-break."
    )
    assert board.breakdown(view, "en")[0] == [
        ("7 ducats × 1", 7),
        ("5 florins × 1", 5),
        ("3 guilders × 1", 3),
    ]


def test_your_side_of_the_board_is_marked():
    s = pick_state()
    root = ET.fromstring(board.render(G.view(s, 0), G.legal_actions(s, 0)))
    side = [e.get("class") for e in root.iter() if "tt-side" in (e.get("class") or "").split()]
    assert len(side) == 3, "the prompt, the actions and your coins"
    assert board.render(G.view(s, None), []).count("tt-side") == 1, "the table: only the prompt"


def test_the_board_is_registered_with_the_whole_contract():
    b = get_board("value_scale")
    assert b.rules is help.rules and b.explain is help.explain and b.merge is board.merge
    assert b.breakdown is board.breakdown and b.banners == board.BANNERS
