"""The replay: a record stepped through, from the table's view or, once over, any seat's."""

import re

import pytest
from playout import final_state

from pygame_core.engine import BadRecord, Record, all_games
from pygame_core.engine.replayer import Replayer
from pygame_core.engine.screen import TEXTS


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_a_finished_record_steps_from_start_to_end_with_the_same_result(game):
    state, actions = final_state(game, game.min_players, 11)
    replayer = Replayer(Record(game.id, game.min_players, 11, {}, tuple(actions)), "ja")
    assert replayer.over and replayer.step == len(actions)
    end = replayer.html()
    assert (
        'class="tt-result"' in end
        and f'data-winners="{",".join(map(str, game.result(state).winners))}"' in end
    )
    replayer.go(-5)
    assert replayer.step == 0 and 'data-replay-at="0"' in replayer.html()
    replayer.go(1)
    assert replayer.view() == game.view(replayer.states[1], None)
    slider = re.search(r"<input [^>]*data-replay-scrub[^>]*>", replayer.html())[0]  # to go to any action
    assert 'type="range"' in slider and f'max="{len(actions)}"' in slider and 'value="1"' in slider
    replayer.see_as(game.min_players - 1)
    assert replayer.view()["viewer"] == game.min_players - 1


def log_jumps(game, seed: int, element: str) -> tuple[Replayer, list[tuple[str, str]]]:
    """Replay a whole game; return it and the log's jumps in `element`s, (step, text), newest first."""
    _, actions = final_state(game, game.min_players, seed)
    replayer = Replayer(Record(game.id, game.min_players, seed, {}, tuple(actions)))
    button = rf'<{element}><button type="button" data-replay-step="(\d+)">(.*?)</button></{element}>'
    return replayer, re.findall(button, replayer.html())


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_a_chapter_heading_in_the_log_goes_to_the_step_where_that_chapter_began(game):
    replayer, jumps = log_jumps(game, 5, "h3")
    assert len(jumps) >= 2, "a whole game has chapters"

    def newest_heading() -> str:
        """The newest chapter the log shows."""
        return re.search(r"<h3>(?:<button[^>]*>)?(.*?)<", replayer.html().split('class="tt-log"')[1])[1]

    for step, heading in jumps:
        replayer.go(int(step))
        assert newest_heading() == heading
        if int(step) > 0:
            replayer.go(int(step) - 1)
            assert heading not in replayer.html().split('class="tt-log"')[1]


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_a_line_in_the_log_goes_to_the_step_that_completed_it(game):
    replayer, jumps = log_jumps(game, 6, "li")
    assert len(jumps) > 10 and jumps[-1][0] in ("0", "1"), "every line jumps, the oldest to the start"
    assert TEXTS["en"]["log_jump"] in replayer.html()  # and the log says so

    def shown(step: int, line: str) -> int:
        """How many of the log's lines at `step` read `line`."""
        replayer.go(step)
        return len(re.findall(rf"<li><button [^>]*>{re.escape(line)}</button></li>", replayer.html()))

    for step, line in jumps[:: max(1, len(jumps) // 20)]:  # every line is one more there than a step before
        assert shown(int(step), line) > (shown(int(step) - 1, line) if int(step) else 0), (step, line)


def test_a_game_not_yet_over_shows_only_the_table():
    game = all_games()[0]
    _, actions = final_state(game, 3, 4)
    replayer = Replayer(Record(game.id, 3, 4, {}, tuple(actions[:20])))
    assert not replayer.over and "data-replay-viewer" not in replayer.html()
    with pytest.raises(ValueError):
        replayer.see_as(0)


def test_a_bad_record_names_the_action():
    with pytest.raises(BadRecord, match=re.escape("action 0 [0, 'fly']")):
        Replayer(Record("futures", 3, 1, {}, ((0, "fly"),)))
