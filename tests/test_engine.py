"""The engine: RNG, registry, setup checks, records and replay."""

import json
import xml.etree.ElementTree as ET

import pytest

from pygame_core.bots import make_bot
from pygame_core.engine import (
    BadRecord,
    BadSetup,
    Record,
    Rng,
    UnknownGame,
    get_game,
    play_match,
    replay,
)
from pygame_core.engine.record import from_fragment, to_fragment
from pygame_core.engine.render import amount_entry


def test_rng_gives_known_numbers_on_every_python():
    # SplitMix64 reference values for seed 0 (from the algorithm's published test vector).
    r = Rng(0)
    assert [r.next64() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


def test_rng_resumes_from_its_stored_state():
    r = Rng(42)
    r.below(100)
    copy = Rng(r.state)
    assert [r.below(1000) for _ in range(10)] == [copy.below(1000) for _ in range(10)]


def test_rng_shuffle_is_a_permutation_and_below_is_in_range():
    r = Rng(5)
    items = list(range(50))
    assert sorted(r.shuffled(items)) == items and r.shuffled(items) != items
    assert {r.below(3) for _ in range(200)} == {0, 1, 2}
    with pytest.raises(ValueError):
        r.below(0)


def test_unknown_game_names_the_known_ones():
    with pytest.raises(UnknownGame, match="unknown game 'chess' \\(games: futures"):
        get_game("chess")


@pytest.mark.parametrize(
    ("players", "seed", "options", "message"),
    [
        (2, 1, {}, "Futures! is for 3 to 4 players, not 2"),
        (5, 1, {}, "not 5"),
        ("4", 1, {}, "whole number"),
        (4, "x", {}, "seed must be a whole number"),
        (4, 1, {"speed": 3}, "has no option 'speed'"),
    ],
)
def test_bad_setups_say_what_is_wrong(players, seed, options, message):
    with pytest.raises(BadSetup, match=message):
        get_game("futures").setup(players, seed, options)


def test_a_record_replays_byte_for_byte():
    game = get_game("futures")
    match = play_match(game, [make_bot(game, "trader")] * 4, seed=12)
    text = match.record.to_json()
    assert json.loads(text)["format"] == "trading-table-record/1"
    _, state = replay(Record.from_json(text))
    assert json.dumps(state) == json.dumps(match.state)
    assert game.result(state) == match.outcome


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "not JSON"),
        ("[]", "must be a JSON object"),
        ('{"format": "x"}', "format must be"),
        ('{"format": "trading-table-record/1", "game": "futures"}', "'players' must be"),
    ],
)
def test_malformed_records_are_rejected(text, message):
    with pytest.raises(BadRecord, match=message):
        Record.from_json(text)


def test_a_record_with_an_illegal_action_names_its_index_and_reason():
    game = get_game("futures")
    state = game.setup(4, 3)
    first = game.legal_actions(state, 0)[0]
    record = Record("futures", 4, 3, {}, ((0, first), (0, "marker")))
    with pytest.raises(BadRecord, match=r"action 1 \[0, 'marker'\] is illegal: .*costs 5 and you have 0"):
        replay(record)
    with pytest.raises(BadRecord, match=r"cannot start: .*not 9"):
        replay(Record("futures", 9, 3))
    with pytest.raises(BadRecord, match="action 0 must be"):
        Record.from_json(
            '{"format": "trading-table-record/1", "game": "futures", "players": 4, '
            '"seed": 1, "options": {}, "actions": [[0]]}'
        )


def test_the_amount_entry_reaches_every_amount_by_taps_and_plays_only_the_one_shown():
    """From nothing selected, tapping steppers and ends (as the screen would) composes any amount."""
    texts = {"en": {"b_bid": "Bid {n}"}}

    def entry(*selected: str) -> ET.Element:
        return ET.fromstring(amount_entry("bid", 3, 37, selected, "en", texts))

    reach, frontier = {3}, [3]
    while frontier:
        html = entry(str(frontier.pop()))
        for e in html.iter():
            if "data-select" in e.attrib and int(e.attrib["data-select"]) not in reach:
                reach.add(int(e.attrib["data-select"]))
                frontier.append(int(e.attrib["data-select"]))
    assert reach == set(range(3, 38))
    actions = [e.attrib["data-action"] for e in entry("12", "20").iter() if "data-action" in e.attrib]
    assert actions == ["bid:20"], "the latest amount counts"
    assert entry("12", "20").find(".//output").text == "20"
    assert [e.text for e in entry("99").iter() if "data-action" in e.attrib] == ["Bid 3"], "out of range"
    disabled = [e.text for e in entry("37").iter() if e.attrib.get("disabled")]
    assert disabled == ["+1", "+5"], "steps that cannot move are shown disabled"


def test_a_record_packed_for_a_link_comes_back_whole_and_junk_is_refused():
    record = Record("futures", 3, 7, {}, ((0, "place:0:CU"), (0, "pass")))
    packed = to_fragment(record)
    assert from_fragment(packed) == record and all(c.isalnum() or c in "-_" for c in packed)
    for junk in ("", "!!", "abcd", to_fragment(record)[:-4]):
        with pytest.raises(BadRecord):
            from_fragment(junk)
