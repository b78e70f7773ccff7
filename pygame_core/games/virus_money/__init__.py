"""Virus Money: auctions, production and hidden roles for 3-4 players; registers the game and its bots."""

from functools import partial

from ...engine import register
from ...engine.render import Board
from . import board
from .bot import BrokerBot, PlannerBot
from .rules import VIRUS_MONEY, VirusMoney

PLANNER_SAMPLES = 6  # worlds sampled per decision
PLANNER_HORIZON = 24  # rollout actions after each candidate

register(
    VIRUS_MONEY,
    {
        "broker": BrokerBot,
        "planner": partial(PlannerBot, PLANNER_SAMPLES, PLANNER_HORIZON),
    },
    Board(board.render, board.describe, board.seat_names),
)

__all__ = ["VIRUS_MONEY", "BrokerBot", "PlannerBot", "VirusMoney"]
