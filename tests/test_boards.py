"""The board contract (docs/boards.md), checked on every registered game over random games in both languages:
every legal action playable from the seat's board, every view and event rendered, the Japanese texts' keys,
rules text, explanations of every `data-explain` key, actions in words, the log's groups and the end."""

import importlib
import re
import xml.etree.ElementTree as ET
from functools import partial

import pytest
from colours import contrast, rgb
from playout import playout

from pygame_core.bots import bot_levels, make_bot
from pygame_core.catalog import bot_label
from pygame_core.engine import all_games, get_board
from pygame_core.engine.howto import explained, inline, rules_html
from pygame_core.engine.screen import SELECT, Outline, chosen, end_panel, log_html, seat_name
from pygame_core.engine.table import Table

GAMES = all_games()
LANGS = ("en", "ja")
CASES = [pytest.param(g, id=g.id) for g in GAMES]
BOTS = {g.id: {n: partial(make_bot, g, n) for n in bot_levels(g)} for g in GAMES}


def boards(game, seed=3):
    """Yield (view, html) for every seat's view and the table's, over a random game at the most players."""
    for step, (state, _, _) in enumerate(playout(game, game.max_players, seed)):
        if step % 3:
            continue
        for viewer in (None, *range(state["players"])):
            legal = game.legal_actions(state, viewer) if viewer is not None else []
            view = game.view(state, viewer)
            yield view, get_board(game.id).render(view, legal, lang="en")


# Each game at its fewest and most players with its default options, and at its fewest with the first other
# choice of each option: the setups the contract tests below play through.
SETUPS = [
    pytest.param(g, n, {}, id=f"{g.id}-{n}")
    for g in GAMES
    for n in dict.fromkeys((g.min_players, g.max_players))
] + [
    pytest.param(g, g.min_players, {key: value}, id=f"{g.id}-{key}={value}")
    for g in GAMES
    for key, choices in g.option_choices.items()
    for value in choices[1:2]
]
TAPPED_BOARDS = 1000  # the most boards one seat's taps may draw in one state


def parse(markup: str) -> ET.Element:
    """Return a board's markup parsed; fails if it is not well-formed."""
    return ET.fromstring(markup)


def reachable_actions(game, view, legal, lang) -> set[str]:
    """Return every data-action the seat's board offers as drawn or after taps on its choices: each choice
    drawn unpressed (data-select) tapped as the screen taps it, breadth first; boards that offer the same
    actions and choices with the same ones pressed are one."""
    render = get_board(game.id).render

    def drawn(selected: list[str]) -> tuple[Outline, tuple]:
        markup = render(view, legal, lang=lang, selected=selected)
        outline = Outline.of(markup)
        pressed = sorted(m[1] for m in SELECT.finditer(markup) if 'aria-pressed="true"' in m[0])
        return outline, (outline.actions, outline.choices, tuple(pressed))

    start, key = drawn([])
    seen, frontier = {key}, [([], start)]
    while frontier:
        later = []
        for selected, outline in frontier:
            for value in outline.choices:
                picked = chosen(selected, "select", value)
                now, key = drawn(picked)
                if key not in seen:
                    seen.add(key)
                    later.append((picked, now))
                assert len(seen) <= TAPPED_BOARDS, f"{game.id}: over {TAPPED_BOARDS} boards from one state"
        frontier = later
    return {action for actions, _, _ in seen for action in actions}


# The fewest players and one more, default options: a seat's every choice is tapped through in every state
# looked at, which is slow for amounts and coin mixes (each game's own tests try its options).
TAPPED = [
    pytest.param(g, n, id=f"{g.id}-{n}")
    for g in GAMES
    for n in (g.min_players, g.min_players + 1)
    if n <= g.max_players
]


@pytest.mark.parametrize(("game", "players"), TAPPED)
def test_every_legal_action_and_only_those_can_be_played_from_the_seat_s_board(game, players):
    steps = 0
    for step, (state, _, _) in enumerate(playout(game, players, players)):
        if step % 3:
            continue
        steps += 1
        assert "data-action" not in get_board(game.id).render(game.view(state, None), [])
        for seat in game.to_act(state):
            legal = game.legal_actions(state, seat)
            shown = reachable_actions(game, game.view(state, seat), legal, "en")
            assert shown == set(legal), (step, seat, sorted(shown ^ set(legal))[:5])
    assert steps > 5


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("game", "players", "options"), SETUPS)
def test_every_view_and_event_renders_in_both_languages(game, players, options, lang):
    board = get_board(game.id)
    names = board.seat_names(players, lang)
    for state, _, _ in playout(game, players, 7, options):
        for viewer in (None, *range(players)):
            legal = game.legal_actions(state, viewer) if viewer is not None else []
            parse(board.render(game.view(state, viewer), legal, lang=lang, names=names))
        for event in state["events"]:
            text = board.describe(event, lang, names)
            assert text and "{" not in text, event
    assert game.result(state) is not None
    assert 'class="tt-result"' in board.render(game.view(state, None), [], lang=lang)


@pytest.mark.parametrize("game", CASES)
def test_every_japanese_text_has_its_english_key(game):
    texts = importlib.import_module(f"pygame_core.games.{game.id}.board").TEXTS
    assert set(texts["ja"]) <= set(texts["en"]), "English is the fallback of every key"
    assert texts["ja"], "the board speaks Japanese"


@pytest.mark.parametrize("game", CASES)
def test_rules_text_in_both_languages(game):
    assert get_board(game.id).minutes[0] > 0, "the home page says how long a game takes"
    for lang in LANGS:
        html = rules_html(game.id, lang)
        assert html.count("<h2>") >= 5, "goal, components, setup, turn, actions, end: one heading each"
        assert len(re.sub("<[^>]+>", "", html)) > 1500


@pytest.mark.parametrize("game", CASES)
def test_every_bot_is_named_in_both_languages_where_the_options_list_it(game):
    for level, name in enumerate(bot_levels(game), start=1):
        assert bot_label(game, name, "en") == f"Bot · level {level} ({name})"
        japanese = bot_label(game, name, "ja")
        assert japanese.startswith(f"ボット・レベル{level}（"), japanese
        assert not re.search("[A-Za-z]", japanese), japanese


@pytest.mark.parametrize("game", CASES)
def test_every_explained_thing_has_an_explanation(game):
    board = get_board(game.id)
    keys: set[str] = set()
    for view, html in boards(game):
        found = set(re.findall(r'data-explain="([^"]+)"', html))
        keys |= found
        for key in found:
            for lang in LANGS:
                text = board.explain(key, view, lang)
                assert text and text.strip(), f"{key} has no {lang} explanation"
                html = explained(board, key, view, lang)  # as the sheet shows it
                assert html.startswith("<p>") and not re.search(r"\*\*|&amp;|\n", html), html
    assert len(keys) >= 8, f"only {sorted(keys)} are explained"


@pytest.mark.parametrize("game", CASES)
def test_actions_in_words_chapters_a_breakdown_that_sums_and_why_the_winners_won(game):
    board = get_board(game.id)
    chapters = 0
    for state, player, action in playout(game, game.max_players, 5):
        view = game.view(state, player if player >= 0 else None)
        for lang in LANGS:
            if action:
                assert board.action_name(action, view, lang), f"{action} has no words in {lang}"
            chapters += sum(bool(board.chapter(e, lang)) for e in state["events"])
        if player < 0:
            assert board.breakdown is not None
            for lang in LANGS:
                parts = board.breakdown(view, lang)
                scores = view["result"]["scores"]
                assert [sum(points for _, points in seat) for seat in parts] == scores
                assert all(label for seat in parts for label, _ in seat)
                why = board.decided(view, board.seat_names(game.max_players, lang), lang)
                assert why, f"the end says why the winners won in {lang}"
                shown = inline(why)  # as the end panel shows it
                assert not re.search(r"\*\*|&amp;", shown), shown
                result = re.search(
                    r'<section class="tt-result".*?</section>', board.render(view, [], lang=lang)
                )
                assert result, "the end shows the result"
                panel = end_panel(board, view, board.seat_names(game.max_players, lang), lang)
                assert not re.search(r">[^<]*(?<![\w-])-\d", result[0] + panel), "a minus sign, not a hyphen"
                assert panel.index("tt-decided") < panel.index("tt-breakdown"), "why, then the breakdown"
                if lang == "ja":
                    for text in (why, result[0]):
                        assert not re.search(r"[。、：] |[,:] |\. ", text), f"half-width spacing in {text!r}"
    assert chapters >= 2


@pytest.mark.parametrize("game", CASES)
def test_the_log_writes_a_negative_number_with_a_minus_sign(game):
    board = get_board(game.id)
    for seed in range(6):
        *_, (state, _, _) = playout(game, game.max_players, seed)
        for lang in LANGS:
            log = log_html(board, state["events"], lang, board.seat_names(game.max_players, lang))
            assert not re.search(r">[^<]*(?<![\w-])-\d", log), "a minus sign, not a hyphen"


# In Japanese text: a Latin comma, Latin brackets beside Japanese, a space after 、。：） before a word, or a
# Latin middle dot between parts (render.dotted: 「・」)
LATIN_IN_JAPANESE = re.compile(
    r">([^<]*(?:, |[^\x00-\x7f] ?\(|\) ?[^\x00-\x7f]|[）。、：] [^\s→·×<]| · )[^<]*)<"
)


@pytest.mark.parametrize("game", CASES)
def test_japanese_boards_and_logs_use_japanese_punctuation(game):
    board = get_board(game.id)
    names = [seat_name(c, p == 0, 1, "ja") for p, c in enumerate(board.seat_names(game.max_players, "ja"))]
    for seed in range(3):
        for step, (state, _, _) in enumerate(playout(game, game.max_players, seed)):
            if step % 5 == 0:
                legal = game.legal_actions(state, 0)
                drawn = board.render(game.view(state, 0), legal, lang="ja", names=names)
                assert not LATIN_IN_JAPANESE.search(drawn), LATIN_IN_JAPANESE.search(drawn).group(1)
        log = log_html(board, state["events"], "ja", names)
        assert not LATIN_IN_JAPANESE.search(log), LATIN_IN_JAPANESE.search(log).group(1)


AWKWARD_NAMES = ["O'Brien", "Tom & Jerry", "<b>Bo</b>", 'Zé "Z"', "A&B", "C<D"]


@pytest.mark.parametrize("game", CASES)
def test_names_with_html_characters_are_escaped_exactly_once_at_the_end_and_in_the_log(game):
    board = get_board(game.id)
    names = (AWKWARD_NAMES * 2)[: game.max_players]
    for seed in range(3):
        *_, (state, _, _) = playout(game, game.max_players, seed)
        view = game.view(state, None)
        for lang in LANGS:
            why = inline(board.decided(view, names, lang) or "")
            panel = end_panel(board, view, names, lang)
            log = log_html(board, state["events"], lang, names)
            for shown in (why, panel, log):
                assert not re.search(r"&amp;(amp|#|lt|gt|quot)|<b>", shown), shown
            assert "Tom &amp; Jerry" in panel and "&lt;b&gt;Bo&lt;/b&gt;" in panel


def games_played(game, seeds=40):
    """Yield the states of seeded games at the most players: random ones, then the game's first own bot's."""
    for seed in range(seeds):
        yield from (state for state, _, _ in playout(game, game.max_players, seed))
        table = Table.new(game.id, [bot_levels(game)[1]] * game.max_players, seed, BOTS[game.id])
        while not table.over:
            table.bot_move()
            yield table.state


@pytest.mark.parametrize("game", CASES)
def test_seeded_games_reach_every_banner_kind_and_every_banner_has_words(game):
    board = get_board(game.id)
    assert board.banners, "a game has big events"
    seen: set[str] = set()
    for state in games_played(game):
        for event in state["events"]:
            if event["e"] in board.banners and event["e"] not in seen:
                seen.add(event["e"])
                for lang in LANGS:
                    assert board.describe(event, lang, board.seat_names(game.max_players, lang))
        if seen == set(board.banners):
            break
    assert seen == set(board.banners)


# Text a board colours itself (an element's `color:`, an SVG text's `fill:`) with letters or digits in it and
# no background of its own: a hex colour is read on a white page (or card), light-dark(a,b) on white (a) and
# on Chromium's dark page (b). White text lies on a fill of its own.
COLOURED_TEXT = re.compile(
    r'<(?:\w+)[^>]*?style="([^"]*?(?:(?<![-\w])color|(?<=[;"])fill):\s*([^;"]+)[^"]*)"[^>]*>((?:<tspan[^>]*>)?[^<]*)'
)
PAGES = {"light": (255, 255, 255), "dark": (18, 18, 18)}


@pytest.mark.parametrize("game", CASES)
def test_text_a_board_colours_itself_is_readable_on_a_light_and_a_dark_page(game):
    for _, html in boards(game):
        for style, colour, text in COLOURED_TEXT.findall(html):
            if (
                not re.search(r"\w", re.sub("<[^>]+>", "", text))
                or not colour.startswith(("#", "light-dark"))
                or colour.lower() in ("#fff", "#ffffff")
                or "background" in style
            ):
                continue
            sides = re.findall(r"#[0-9a-fA-F]{6}\b|#[0-9a-fA-F]{3}\b", colour)
            for page, side in zip(PAGES if len(sides) == 2 else ["light"], sides, strict=True):
                shown = f"{text!r} in {colour} on a {page} page"
                assert contrast(rgb(side.lower()), PAGES[page]) >= 4.5, shown


# Each game's coloured chips and cards (fill) with the words and numbers written on them (ink).
PALETTES = [
    ("futures", "GOODS_COLOURS", "GOODS_INK"),
    ("mercator", "CARD_COLOURS", "CARD_INK"),
    ("value_scale", "GOODS_FILL", "GOODS_INK"),
    ("virus_money", "FILL", "INK"),
]


@pytest.mark.parametrize(("game", "fills", "inks"), PALETTES)
def test_words_on_a_coloured_chip_or_card_read_clearly(game: str, fills: str, inks: str) -> None:
    board = importlib.import_module(f"pygame_core.games.{game}.board")
    fill, ink = getattr(board, fills), getattr(board, inks)
    assert fill.keys() == ink.keys()
    for key in fill:  # WCAG AA for text of any size: a card's name or value is often small
        assert contrast(rgb(fill[key].lower()), rgb(ink[key].lower())) >= 4.5, (game, key)
