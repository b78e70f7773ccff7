"""Typed errors: every bad input raises one of these with a message a person can read."""


class GameError(Exception):
    """Base class of every error the engine raises on bad input."""


class UnknownGame(GameError):
    """A game id that is not registered."""


class BadSetup(GameError):
    """A player count, seed or option that the game cannot start with."""


class IllegalAction(GameError):
    """An action that is not legal for that player in that state."""


class NotYourTurn(IllegalAction):
    """An action by a player who is not to act now."""


class StaleAction(IllegalAction):
    """An action chosen on a board the game has since left, whose choices are no longer the same."""


class BadRecord(GameError):
    """A game record that is malformed or does not replay."""
