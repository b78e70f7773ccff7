"""Bots: the Futures! trader is clearly stronger than random over 1,000 seeded games."""

import pytest

from pygame_core.bots import bot_levels, bot_names, make_bot
from pygame_core.engine import BadSetup, get_game, play_match


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
