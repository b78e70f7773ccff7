"""Value Scale: auctions of goods paid in three currencies, 3-5 players; registers the game and its bots."""

from functools import partial

from ...engine import register
from ...engine.render import Board
from . import board
from .bot import AppraiserBot, PlannerBot
from .rules import VALUE_SCALE, ValueScale

PLANNER_SAMPLES = 4  # worlds sampled per decision
PLANNER_HORIZON = 1  # auctions played out after the one under way

register(
    VALUE_SCALE,
    {
        "appraiser": AppraiserBot,
        "planner": partial(PlannerBot, PLANNER_SAMPLES, PLANNER_HORIZON),
    },
    Board(board.render, board.describe, board.seat_names),
)

__all__ = ["VALUE_SCALE", "AppraiserBot", "PlannerBot", "ValueScale"]
