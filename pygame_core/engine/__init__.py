"""What every game shares: the protocol, registry, seeded RNG, errors, records and the match runner."""

from .bot import Bot, BotFactory
from .errors import BadRecord, BadSetup, GameError, IllegalAction, NotYourTurn, StaleAction, UnknownGame
from .game import Action, Game, Options, Outcome, Player, State, View, top_scorers
from .match import Match, play_match
from .record import Record, replay
from .registry import DEFAULT_GAME, all_games, get_board, get_game, register
from .rng import Rng

__all__ = [
    "DEFAULT_GAME",
    "Action",
    "BadRecord",
    "BadSetup",
    "Bot",
    "BotFactory",
    "Game",
    "GameError",
    "IllegalAction",
    "Match",
    "NotYourTurn",
    "Options",
    "Outcome",
    "Player",
    "Record",
    "Rng",
    "StaleAction",
    "State",
    "UnknownGame",
    "View",
    "all_games",
    "get_board",
    "get_game",
    "play_match",
    "register",
    "replay",
    "top_scorers",
]
