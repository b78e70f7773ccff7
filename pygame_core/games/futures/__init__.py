"""Futures!: commodity futures for 3-4 players; registers the game and its bots."""

from ...engine import register
from .bot import TraderBot
from .rules import FUTURES, Futures

register(FUTURES, {"trader": TraderBot})

__all__ = ["FUTURES", "Futures", "TraderBot"]
