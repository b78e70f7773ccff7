"""The registry of games by id; games register themselves when `pygame_core.games` is imported."""

from collections.abc import Mapping

from .bot import BotFactory
from .errors import UnknownGame
from .game import Game
from .render import Board

DEFAULT_GAME = "futures"  # the game of a link, page or embed that names none
_GAMES: dict[str, Game] = {}
_BOTS: dict[str, dict[str, BotFactory]] = {}
_BOARDS: dict[str, Board] = {}


def register(game: Game, bots: Mapping[str, BotFactory], board: Board) -> Game:
    """Register a game with its own bots (weakest first) and its board under its id; return the game."""
    _GAMES[game.id] = game
    _BOTS[game.id] = dict(bots)
    _BOARDS[game.id] = board
    return game


def get_board(game_id: str) -> Board:
    """Return the board of a registered game."""
    get_game(game_id)
    return _BOARDS[game_id]


def game_bots(game_id: str) -> dict[str, BotFactory]:
    """Return the game's own bots by name, weakest first."""
    return dict(_BOTS.get(game_id, {}))


def get_game(game_id: str) -> Game:
    """Return the registered game with that id, or raise UnknownGame."""
    try:
        return _GAMES[game_id]
    except (KeyError, TypeError):
        known = ", ".join(sorted(_GAMES)) or "none"
        raise UnknownGame(f"unknown game {game_id!r} (games: {known})") from None


def all_games() -> list[Game]:
    """Return every registered game, sorted by id."""
    return [_GAMES[k] for k in sorted(_GAMES)]
