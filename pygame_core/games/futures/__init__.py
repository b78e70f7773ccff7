"""Futures!: commodity futures for 3-4 players; registers the game and its bots."""

from functools import partial

from ...bots.search import SearchBot
from ...engine import register
from ...engine.render import Board
from . import board
from .bot import TraderBot
from .rules import FUTURES, Futures

PLANNER_SAMPLES = 8  # worlds sampled per decision
PLANNER_HORIZON = 20  # rollout actions after each candidate

register(
    FUTURES,
    {
        "trader": TraderBot,
        "planner": partial(SearchBot, TraderBot, PLANNER_SAMPLES, PLANNER_HORIZON),
    },
    Board(board.render, board.describe, board.seat_names),
)

__all__ = ["FUTURES", "Futures", "TraderBot"]
