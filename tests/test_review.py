"""The review of a game by the strongest bot: from the seat's view only, and it finds a known blunder."""

import pytest
from playout import playout, snapshot, twin

from pygame_core.bots import make_bot, review
from pygame_core.bots.review import Review, Reviews, kept_key, review_html, review_steps, verdict
from pygame_core.engine import Action, Game, Player, Record, Rng, State, all_games, get_board, get_game, hint


def run(game: Game, states: list[State], actions: list[tuple[Player, Action]], seat: Player) -> Review:
    """Return the finished review, checking the part done only grows, up to 1."""
    steps = review_steps(game, states, actions, seat, 7)
    parts = []
    while True:
        try:
            parts.append(next(steps))
        except StopIteration as done:
            assert parts == sorted(parts) and parts[-1] == pytest.approx(1.0)
            return done.value


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_a_review_is_the_same_in_every_world_the_seat_could_not_tell_apart(game):
    """Every state redealt from the seat's view (hidden facts and RNG state new) and every other seat's
    action blanked out: the review of the seat is unchanged, so it never read a hidden fact."""
    steps = list(playout(game, game.min_players, 3))
    states = [s for s, _, _ in steps]
    actions = [(p, a) for _, p, a in steps[:-1]]
    seat = 1
    twins = [twin(game, s, seat, Rng(100 + i)) for i, s in enumerate(states)]
    assert sum(snapshot(a) != snapshot(b) for a, b in zip(states, twins, strict=True)) > len(states) // 2
    blanked = [(p, a if p == seat else "?") for p, a in actions]
    real, other = run(game, states, actions, seat), run(game, twins, blanked, seat)
    assert real.decisions, "the seat had no decision, so this test could not fail"
    assert real == other
    assert Review.from_json(real.to_json()) == Review.from_json(other.to_json())


def test_a_bid_far_above_the_lots_worth_is_named_the_costliest_decision():
    """Mercator's merchants bid sensibly; once, the first seat bids every chip for a lot: the review names
    that bid the costliest decision, with a better bid and a reason in the game's words."""
    game = get_game("mercator")
    state, rng = game.setup(3, 11), Rng(11)
    bots = [make_bot(game, "merchant") for _ in range(3)]
    states, actions, blunder = [state], [], None
    while acting := game.to_act(state):
        seat = acting[0]
        legal = game.legal_actions(state, seat)
        action = bots[seat].choose(game, state, seat, legal, rng)
        bids = [a for a in legal if a.startswith("bid:")]
        if seat == 0 and blunder is None and len(bids) > 10 and len(states) > 20:
            action, blunder = max(bids, key=lambda a: int(a[4:])), len(actions)
        actions.append((seat, action))
        state = game.transition(state, seat, action)
        states.append(state)
    review = run(game, states, actions, 0)
    worst = review.costliest()[0]
    assert (worst.step, worst.made) == (blunder, actions[blunder][1])
    assert int(worst.better[4:]) < int(worst.made[4:]) and worst.loss >= 5
    board = get_board("mercator")
    html = review_html(review, game, board, states, ["Red", "Blue", "Green"], "en")
    assert f'data-review-decision="{blunder}"' in html and "Bids: " in html
    assert html.count("data-review-decision=") == min(3, len(review.costliest()))
    assert "lost about" in verdict(review, board, "Red", "en") and "入札" in verdict(
        review, board, "赤", "ja"
    )


def test_a_page_works_a_review_in_slices_keeps_it_and_shows_it_again_at_once():
    """Reviews: started, it paints now and then and hands back what to keep; a page opened again with what
    was kept shows it without working; a stopped review shows the buttons again."""
    game = get_game("value_scale")
    steps = list(playout(game, 3, 5))
    record = Record("value_scale", 3, 5, {}, tuple((p, a) for _, p, a in steps[:-1]))
    states = [s for s, _, _ in steps]
    reviews, names = Reviews(record, states, {}), ["Red", "Blue", "Green"]
    assert reviews.start(2)
    assert "data-review-progress" in reviews.html([0, 1, 2], names, "en")
    paints, kept = 0, None
    while reviews.working is not None:
        paint, done = reviews.step()
        paints += paint
        kept = done or kept
    assert kept is not None and kept[0] == kept_key(record, 2) != kept_key(record, 1)
    assert 10 <= paints <= 60  # painted as it goes, not at every slice
    again = Reviews(record, states, {kept[0]: kept[1], kept_key(record, 0): "not a review"})
    assert not again.start(2) and again.working is None
    html = again.html([0, 1, 2], names, "ja")
    assert 'data-review-seat="2"' in html and "data-review-chart" in html
    assert 'data-review="2"' not in html and 'data-review="0"' in html  # shown; the others offered
    assert again.start(0)  # what was kept for seat 0 was not a review: worked again
    again.stop()
    assert again.html([0, 1, 2], names, "en").count("data-review=") == 3
    with pytest.raises(ValueError, match="no seat 3"):
        again.start(3)


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_every_kind_of_move_has_its_words_in_both_languages(game):
    """The reasons and the verdict name each kind of move a game plays in its own words, in each language."""
    verbs = {
        a.split(":")[0]
        for state, p, _ in playout(game, game.max_players, 4)
        if p >= 0
        for a in game.legal_actions(state, p)
    }
    kinds = get_board(game.id).kinds
    assert verbs <= set(kinds["en"]) and set(kinds["en"]) == set(kinds["ja"])


def test_the_review_and_reason_texts_are_complete_in_both_languages():
    assert set(review.TEXTS["en"]) == set(review.TEXTS["ja"]) and set(hint.TEXTS["en"]) == set(
        hint.TEXTS["ja"]
    )
