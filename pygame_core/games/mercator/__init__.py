"""Mercator: auctions of goods for 3-7 merchants; registers the game and its bots."""

from functools import partial

from ...engine import register
from ...engine.render import Board
from . import board
from .bot import MerchantBot, PlannerBot
from .rules import MERCATOR, Mercator

PLANNER_SAMPLES = 6  # worlds sampled per decision
PLANNER_HORIZON = 12  # rollout actions after each candidate

register(
    MERCATOR,
    {
        "merchant": MerchantBot,
        "planner": partial(PlannerBot, PLANNER_SAMPLES, PLANNER_HORIZON),
    },
    Board(board.render, board.describe, board.seat_names),
)

__all__ = ["MERCATOR", "Mercator", "MerchantBot", "PlannerBot"]
