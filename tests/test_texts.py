"""What every game says, in both languages: rules and explanations marked up whole, Japanese spaced as
Japanese, English plurals that agree, and Futures!' names the same on the board, in its rules and at home."""

import re

import pytest

import pygame_core.games  # noqa: F401  (registers the games)
from pygame_core.catalog import first_explanations, first_screen, home
from pygame_core.engine import all_games, get_board, get_game
from pygame_core.engine.howto import rules_html
from pygame_core.engine.link import LANGS
from pygame_core.games.futures import board as futures_board
from tests.playout import playout

GAMES = [game.id for game in all_games()]


def shown(markup: str, gap: str = "") -> str:
    """Return the text a page shows of markup: tags taken out (each left as `gap`)."""
    return re.sub(r"<[^>]*>", gap, markup)


def texts(game_id: str, lang: str) -> list[str]:
    """Return a game's rules, the first screen of its home link and what each thing on it is, as text."""
    return [shown(t) for t in (rules_html(game_id, lang), first_screen(game_id, lang))] + [
        shown(t) for t in first_explanations(game_id, lang).values()
    ]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", GAMES)
def test_no_markup_is_left_raw_in_the_rules_or_the_explanations(game_id: str, lang: str) -> None:
    for text in texts(game_id, lang):
        assert "**" not in text, re.search(r".{0,40}\*\*.{0,40}", text)


@pytest.mark.parametrize("game_id", GAMES)
def test_japanese_puts_no_space_after_its_full_stops_and_commas(game_id: str) -> None:
    for text in [*texts(game_id, "ja"), shown(home("../", "ja"))]:
        assert not re.search(r"[。、：] ", text), re.search(r".{0,20}[。、：] .{0,20}", text)


@pytest.mark.parametrize("game_id", GAMES)
def test_english_counts_of_one_take_the_singular_all_game_long(game_id: str) -> None:
    game, board = get_game(game_id), get_board(game_id)
    for players in (game.min_players, game.max_players):
        for state, _, _ in playout(game, players, seed=players):
            for seat in [*game.to_act(state)[:1], None]:
                view = game.view(state, seat)
                legal = game.legal_actions(state, seat) if seat is not None else []
                text = shown(board.render(view, legal, lang="en"), " ")
                assert not re.search(r"(?<![\d.])1 (coins|cards|icons|markers|points|bids|pieces)\b", text), (
                    text
                )


def test_futures_names_its_goods_and_moves_in_japanese_as_the_home_page_does() -> None:
    names = [futures_board.TEXTS["ja"][key] for key in ("C", "R", "P", "U", "D", "burst")]
    assert names == ["コーン", "米", "胡椒", "上昇", "下落", "バースト"]
    assert "コーン・米・胡椒" in shown(home("../", "ja")).split("Futures!")[1]
    assert "バースト" in get_board("futures").about["ja"]
    for text in texts("futures", "ja"):
        assert not re.search(r"CORN|RICE|PEPPER|\bUP\b|\bDOWN\b|BURST", text), text
    rules = shown(rules_html("futures", "ja"))
    assert all(name in rules for name in names)


def test_a_value_scale_card_tells_its_value_from_its_icons() -> None:
    board = get_board("value_scale")
    assert board.action_name is not None
    rules = shown(rules_html("value_scale", "en"))
    assert "6 (1 icon), 5 (2 icons)" in rules and "6×1" not in rules
    assert "6・アイコン1個" in shown(rules_html("value_scale", "ja"))
