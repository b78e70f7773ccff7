"""Stock Trader: a stock market card game for 3-4 players; registers the game and its bots."""

from functools import partial

from ...engine import register
from ...engine.render import Board
from . import board
from .bot import BrokerBot, PlannerBot
from .rules import STOCK_TRADER, StockTrader

PLANNER_SAMPLES = 6  # worlds sampled per decision
PLANNER_HORIZON = 24  # rollout actions after each candidate

register(
    STOCK_TRADER,
    {
        "broker": BrokerBot,
        "planner": partial(PlannerBot, PLANNER_SAMPLES, PLANNER_HORIZON),
    },
    Board(board.render, board.describe, board.seat_names),
)

__all__ = ["STOCK_TRADER", "BrokerBot", "PlannerBot", "StockTrader"]
