"""The game protocol every game implements, and the types it speaks in.

A game is pure: `setup` makes a state, `apply` returns a new state and never changes the old one.
State is plain JSON data (dicts, lists, str, int, bool, None), so it round-trips through JSON unchanged;
every state holds its seat count under the key "players" and its RNG state (`Rng.state`) under "rng".
"""

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from .errors import BadSetup, IllegalAction, NotYourTurn
from .rng import Rng

Player = int
Action = str
State = dict[str, Any]
View = dict[str, Any]
Options = dict[str, Any]

REVEAL_WORLDS = 8  # worlds per seat that `Game.reveals` tries: a fact all 8 agree on is counted as known


@dataclass(frozen=True)
class Outcome:
    """The end of a game: each seat's final score and the seats that share the victory."""

    scores: tuple[int, ...]
    winners: tuple[Player, ...]

    def to_json(self) -> dict[str, Any]:
        """Return the outcome as JSON data."""
        return {"scores": list(self.scores), "winners": list(self.winners)}


def top_scorers(scores: tuple[int, ...]) -> Outcome:
    """Return the outcome where every seat with the highest score wins."""
    best = max(scores)
    return Outcome(scores, tuple(p for p, s in enumerate(scores) if s == best))


class Game(ABC):
    """A game's rules. Subclasses implement the abstract methods; `apply` checks legality for them."""

    id: ClassVar[str]
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_options: ClassVar[Mapping[str, Any]] = {}
    option_choices: ClassVar[Mapping[str, tuple[Any, ...]]] = {}  # every option's allowed values

    def setup(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> State:
        """Return the opening state for `players` seats, shuffled by `seed`."""
        if isinstance(players, bool) or not isinstance(players, int):
            raise BadSetup(f"the player count must be a whole number, not {players!r}")
        if not self.min_players <= players <= self.max_players:
            raise BadSetup(
                f"{self.name} is for {self.min_players} to {self.max_players} players, not {players}"
            )
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise BadSetup(f"the seed must be a whole number, not {seed!r}")
        return self.new_state(players, Rng(seed), self.check_options(options or {}))

    def check_options(self, options: Mapping[str, Any]) -> Options:
        """Return the options merged over the defaults; unknown keys, types or values raise BadSetup."""
        merged = dict(self.default_options)
        for key, value in options.items():
            if key not in merged:
                known = ", ".join(sorted(merged)) or "none"
                raise BadSetup(f"{self.name} has no option {key!r} (options: {known})")
            if type(value) is not type(merged[key]):
                raise BadSetup(f"option {key!r} must be {type(merged[key]).__name__}, not {value!r}")
            choices = self.option_choices[key]
            if value not in choices:
                allowed = ", ".join(map(str, choices))
                raise BadSetup(f"option {key!r} must be one of {allowed}, not {value!r}")
            merged[key] = value
        return merged

    @abstractmethod
    def new_state(self, players: int, rng: Rng, options: Options) -> State:
        """Return the opening state; the arguments are already checked."""

    @abstractmethod
    def to_act(self, state: State) -> tuple[Player, ...]:
        """Return the seats that must act now: several for secret simultaneous choices, none at the end."""

    @abstractmethod
    def legal_actions(self, state: State, player: Player) -> list[Action]:
        """Return every legal action of `player` now, in a stable order; empty if not to act."""

    @abstractmethod
    def transition(self, state: State, player: Player, action: Action) -> State:
        """Return the state after a legal action; callers must have checked legality."""

    @abstractmethod
    def view(self, state: State, player: Player | None) -> View:
        """Return what `player` may know (None: the public table); never another seat's secrets."""

    @abstractmethod
    def result(self, state: State) -> Outcome | None:
        """Return the outcome once the game is over, else None."""

    @abstractmethod
    def determinize(self, state: State, player: Player, rng: Rng) -> State:
        """Return a state that `player` cannot tell from this one, with all hidden facts resampled.

        Hidden facts include the RNG state: the world's "rng" comes from `rng`, never from `state`, or a
        search would see the cards still to be dealt. The result depends only on what `player` sees and on
        `rng` (sort a pool of unseen cards before shuffling it).
        """

    def reveals(self, state: State, player: Player, action: Action) -> bool:
        """Return whether `player` taking `action` shows any seat a fact hidden from it (a card drawn or
        turned, bids opened, a role revealed, a hand card played face up).

        A seat learns something when what it then sees rules out a world it could not tell from `state`:
        for some of `REVEAL_WORLDS` worlds dealt from its view (`determinize`), no action `player` could
        take there gives the seat the view it now has (`action` itself when the seat is `player`, who
        knows what it did). Never true for an action that shows nothing; it misses a fact only when all
        the worlds agree with the real one on it, so a fact the seat can nearly tell. Override it only
        where a game knows better.
        """
        after = self.transition(state, player, action)
        for seat in range(state["players"]):
            seen = self.view(after, seat)
            for i in range(REVEAL_WORLDS):
                world = self.determinize(state, seat, Rng(i))
                moves = self.legal_actions(world, player)
                tried = [action] if seat == player else sorted(moves, key=lambda a: a != action)
                if not any(self.view(self.transition(world, player, a), seat) == seen for a in tried):
                    return True
        return False

    def packed_legal(self, state: State, player: Player) -> Any:
        """Return `player`'s legal actions as sent to its phone: the list itself, unless the game has a
        compact form (`unpacked_legal` expands it)."""
        return self.legal_actions(state, player)

    def unpacked_legal(self, packed: Any) -> list[Action]:
        """Return the legal actions a `packed_legal` form names; raise ValueError if it names none."""
        if not isinstance(packed, list) or not all(isinstance(a, str) for a in packed):
            raise ValueError("legal actions must be a list of strings")
        return list(packed)

    def estimate(self, state: State) -> tuple[float, ...]:
        """Return each seat's expected final score from here: the final scores once over, else zeros."""
        outcome = self.result(state)
        if outcome is not None:
            return tuple(float(s) for s in outcome.scores)
        seats: int = state["players"]
        return (0.0,) * seats

    def why_illegal(self, state: State, player: Player, action: Action) -> str:
        """Return a reason a person can read for why `action` is not legal now."""
        return f"{action!r} is not one of the {len(self.legal_actions(state, player))} legal actions"

    def apply(self, state: State, player: Player, action: Action) -> State:
        """Return the state after `player` takes `action`; raise IllegalAction and keep `state` if illegal."""
        acting = self.to_act(state)
        if player not in acting:
            who = ", ".join(map(str, acting)) or "nobody (the game is over)"
            raise NotYourTurn(f"player {player} is not to act now; to act: {who}")
        if action not in self.legal_actions(state, player):
            raise IllegalAction(
                f"player {player} cannot {action!r}: {self.why_illegal(state, player, action)}"
            )
        return self.transition(state, player, action)
