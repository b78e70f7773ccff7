"""Play links: the setup they ask for, and a clear message for each bad one."""

import pytest

from pygame_core.engine import BadSetup, UnknownGame
from pygame_core.engine.link import ROOM_ALPHABET, ROOM_LENGTH, page_lang, peer_id, read_link, room_code
from tt_relay import server

LEVELS = ["random", "trader", "planner"]


def test_a_full_link():
    setup = read_link(
        {
            "game": "futures",
            "players": "4",
            "seats": "human,bot,bot:3,bot:random",
            "seed": "7",
            "lang": "ja",
            "pace": "0",
        },
        LEVELS,
    )
    assert setup.seats == ("human", "trader", "planner", "random")
    assert (setup.seed, setup.lang, setup.pace, setup.players) == (7, "ja", 0, 4)
    assert setup.query(7) == "game=futures&players=4&seats=human,bot:trader,bot:planner,bot:random&seed=7"


def test_defaults_one_person_against_bots_of_the_default_level():
    setup = read_link({}, LEVELS)
    assert setup.game == "futures" and setup.seats == ("human", "trader", "trader", "trader")
    assert setup.seed is None and setup.lang is None and setup.pace == 700
    assert read_link({"players": "3", "level": "3"}, LEVELS).seats == ("human", "planner", "planner")


def test_canonical_queries_read_back_to_the_same_setup():
    setup = read_link({"seats": "human,human,bot:1"}, LEVELS)
    again = read_link(dict(p.split("=") for p in setup.query(5).split("&")), LEVELS)
    assert again.seats == setup.seats and again.seed == 5


def test_options_go_by_their_names_and_only_changed_ones_stay_in_the_link():
    params = {"game": "mercator", "open": "yes", "colour_bonus": "0", "games": "3", "seats": "human,bot,bot"}
    setup = read_link(params, ["random", "merchant"])
    assert setup.options == {"open": True, "games": 3}
    query = setup.query(2)
    assert query.endswith("&seed=2&open=1&games=3")
    again = read_link(dict(p.split("=") for p in query.split("&")), ["random", "merchant"])
    assert again.options == setup.options


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"open": "maybe"}, "open must be 1 or 0"),
        ({"games": "11"}, "games must be a whole number from 1 to 10, not '11'"),
        ({"games": "two"}, "games must be a whole number"),
    ],
)
def test_bad_options_in_a_link_say_what_is_wrong(params, message):
    with pytest.raises(BadSetup, match=message):
        read_link({"game": "mercator", **params}, ["random", "merchant"])


@pytest.mark.parametrize(
    ("params", "error", "message"),
    [
        ({"game": "chess"}, UnknownGame, "unknown game 'chess'"),
        ({"players": "9"}, BadSetup, "players must be a whole number from 3 to 4, not '9'"),
        ({"seats": "human,bot"}, BadSetup, "Futures! is for 3 to 4 players, not 2"),
        ({"players": "3", "seats": "human,bot,bot,bot"}, BadSetup, "seats names 4 seats but players is 3"),
        ({"seats": "human,robot,bot"}, BadSetup, "a seat is 'human', 'bot'"),
        ({"seats": "human,bot:9,bot"}, BadSetup, "not 'bot:9'"),
        ({"level": "0"}, BadSetup, "level must be a whole number from 1 to 3"),
        ({"seed": "abc"}, BadSetup, "seed must be a whole number"),
        ({"lang": "fr"}, BadSetup, "lang must be one of en, ja"),
    ],
)
def test_bad_links_say_what_is_wrong(params, error, message):
    with pytest.raises(error, match=message):
        read_link(params, LEVELS)


def test_a_link_without_a_seed_deals_anew_and_a_rematch_moves_every_seat_on():
    setup = read_link({"game": "futures", "seats": "human,bot,bot:1", "seed": "7"}, ["random", "trader"])
    assert "seed=" not in setup.query(None)
    assert setup.rotated().seats == ("random", "human", "trader")


def test_a_page_speaks_the_links_language_else_the_browsers():
    assert page_lang("ja", "en-GB") == "ja" and page_lang("en", "ja-JP") == "en"
    assert page_lang(None, "ja-JP") == "ja" and page_lang(None, "de") == "en"
    assert page_lang("fr", "ja") == "ja"  # a language the site does not have: the browser's


@pytest.mark.parametrize(
    "text", ["R46S4#k=AAAA", "R46S4&relay=x", "<b>R46S4", "R" * 40, "R46S", "R46S40", "R46SO", None, 12345]
)
def test_a_room_value_that_is_not_a_room_code_never_reaches_a_link(text):
    assert room_code(text) is None


def test_room_codes_read_as_the_relay_reads_them_and_peer_ids_are_checked():
    assert room_code(" r46-s4 ") == "R46S4"
    assert (ROOM_ALPHABET, ROOM_LENGTH) == (server.ALPHABET, server.CODE_LENGTH)  # one alphabet, two sides
    assert peer_id("Ab3_-xY9") == "Ab3_-xY9"
    assert [peer_id(v) for v in ("Ab3_-xY", "Ab3_-xY9z", "Ab3<-xY9", 7)] == [None] * 4
