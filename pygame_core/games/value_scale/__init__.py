"""Value Scale: auctions of goods paid in three currencies, 3-5 players; registers the game and its bots."""

from ...engine import register
from ...engine.render import Board
from . import board
from .rules import VALUE_SCALE, ValueScale

register(VALUE_SCALE, {}, Board(board.render, board.describe, board.seat_names))

__all__ = ["VALUE_SCALE", "ValueScale"]
