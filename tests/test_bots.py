"""Bots: the Futures! trader is clearly stronger than random over 1,000 seeded games."""

from collections import Counter

import pytest

from pygame_core.bots import bot_levels, bot_names, make_bot
from pygame_core.engine import BadSetup, Rng, get_game, play_match


@pytest.mark.parametrize("players", [3, 4])
def test_trader_beats_random_bots_over_500_games_each(players):
    """1,000 games in all (500 per player count); the trader's seat rotates."""
    game = get_game("futures")
    wins = 0
    for seed in range(500):
        seat = seed % players
        bots = [make_bot(game, "random") for _ in range(players)]
        bots[seat] = make_bot(game, "trader")
        wins += seat in play_match(game, bots, seed).outcome.winners
    assert wins / 500 > 0.9, f"the trader won {wins} of 500 games"


def test_bots_by_name():
    game = get_game("futures")
    assert bot_names(game) == ["trader", "planner", "random"]
    assert bot_levels(game) == ["random", "trader", "planner"]
    with pytest.raises(BadSetup, match="no bot 'x'"):
        make_bot(game, "x")


def test_level_two_virus_money_brokers_join_auctions_every_round() -> None:
    """Over 6 seeded 4-player games of brokers (72 seat-rounds), at most 1 seat-round in 10 joins no auction
    (the old brokers sat out whole rounds once behind, 'in 0 · out 40': 20 of these 72)."""
    game = get_game("virus_money")
    idle = []
    for seed in range(6):
        state = game.new_state(4, Rng(seed), {})
        bots = [make_bot(game, "broker") for _ in range(4)]
        rng = Rng(seed)
        joins: Counter[tuple[int, int]] = Counter()
        while acting := game.to_act(state):
            seat = acting[0]
            action = bots[seat].choose(game, state, seat, game.legal_actions(state, seat), rng)
            if state["phase"] == "join":
                joins[state["round"], seat] += action == "join"
            state = game.transition(state, seat, action)
        idle += [(seed, r, p) for r in range(1, 4) for p in range(4) if joins[r, p] == 0]
    assert len(idle) <= 72 // 10, f"(seed, round, seat) with no auction joined: {idle}"


@pytest.mark.parametrize("players", [3, 4, 5])
def test_level_two_mercator_merchants_never_finish_with_an_empty_ship(players: int) -> None:
    """10 seeded games of merchants per player count (the old merchants left 2, 3 and 4 ships empty)."""
    game = get_game("mercator")
    empty = []
    for seed in range(10):
        bots = [make_bot(game, "merchant") for _ in range(players)]
        final = play_match(game, bots, seed).state
        empty += [(seed, p) for p, hold in enumerate(game.view(final, None)["holds"]) if not hold]
    assert not empty, f"(seed, seat) finishing with an empty ship: {empty}"
