"""The Futures! board: what only it draws and says (the board contract every game meets is test_boards.py)."""

import xml.etree.ElementTree as ET

from playout import playout

from pygame_core.games.futures.board import describe, ladders_svg, render
from pygame_core.games.futures.rules import COMMODITIES, FUTURES


def parse(html: str) -> ET.Element:
    """Return the parsed board; fails if the markup is not well-formed."""
    return ET.fromstring(html)


def test_the_table_board_has_no_hand_and_no_action():
    state = FUTURES.setup(4, 1)
    html = render(FUTURES.view(state, None), [])
    assert 'class="tt-hand"' not in html and "data-action" not in html and "data-select" not in html


def test_japanese_covers_the_board_words():
    html = render(
        FUTURES.view(FUTURES.setup(4, 1), 0), FUTURES.legal_actions(FUTURES.setup(4, 1), 0), lang="ja"
    )
    assert "前期取引" in html and "場札" in html and "手札" in html


def test_a_burst_lists_the_forced_settlements_with_each_language_s_commas_and_brackets():
    settled = [[3, "D", 18, -32], [1, "U", 46, 0], [2, "D", 27, 4]]  # seat, side, price, owed
    burst = {"e": "burst", "c": "P", "at": 50, "settled": settled, "to": 25}
    assert describe(burst, "en") == (
        "BURST! PEPPER hits 50; forced settlement (Purple −32, Yellow +4); back to 25"
    )
    assert describe(burst, "ja") == "バースト！胡椒が50に到達、強制決済（紫−32、黄+4）。25に戻ります"


def test_a_burst_names_a_seat_with_two_markers_there_once_with_their_sum():
    settled = [[3, "D", 18, -8], [0, "D", 21, -8], [3, "D", 23, -12]]  # seat, side, price, owed
    burst = {"e": "burst", "c": "C", "at": 50, "settled": settled, "to": 25}
    assert describe(burst, "en") == "BURST! CORN hits 50; forced settlement (Purple −20, Red −8); back to 25"


def test_a_price_or_marker_that_moves_changes_only_its_own_ladder_in_the_markup():
    before, seen = None, set()
    for state, _, _ in playout(FUTURES, 4, 5):
        view = FUTURES.view(state, None)
        root = parse(ladders_svg(view, set(), "en"))
        paths = [ET.tostring(p) for p in root.iter("path")]
        ladders = [ET.tostring(g) for g in root.iter("g")]
        assert len(ladders) == 3
        if before is not None:
            assert paths == before[0], "the squares are drawn the same all game"
            for i, (now, then) in enumerate(zip(ladders, before[1], strict=True)):
                moved = view["rows"][i] != before[2]["rows"][i] or [
                    m for m in view["markers"] if m[1] == COMMODITIES[i]
                ] != [m for m in before[2]["markers"] if m[1] == COMMODITIES[i]]
                assert (now != then) == moved
                seen.add(moved)
        before = (paths, ladders, view)
    assert seen == {True, False}
