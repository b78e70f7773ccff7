"""A table in play: a game, who sits in each seat (a person or a bot), the record, and the public log.

It is what a page or a host keeps: people act through `act`, bots through `bot_move`; the whole table is
saved as JSON (setup, seats and record) and resumed by replaying the record. A lone person may undo as a
real table allows: within their own turn, never past a moment something hidden was shown.
"""

import json
from collections.abc import Generator, Sequence
from dataclasses import dataclass
from typing import Any

from .bot import BotFactory, thinking
from .errors import BadRecord, BadSetup
from .game import Action, Player, State
from .record import Record, replay, start
from .registry import get_game
from .rng import Rng

HUMAN = "human"


@dataclass(frozen=True)
class Seat:
    """Who plays a seat: `human`, or the name of a bot."""

    kind: str

    @property
    def is_human(self) -> bool:
        """Return whether a person plays this seat."""
        return self.kind == HUMAN


class Table:
    """A game in play with its seats; every change goes through `act`, `bot_move` or `undo`."""

    def __init__(self, record: Record, seats: Sequence[Seat], bots: dict[str, BotFactory]) -> None:
        if len(seats) != record.players:
            raise BadSetup(f"{len(seats)} seats for {record.players} players")
        for seat in seats:
            if not seat.is_human and seat.kind not in bots:
                raise BadSetup(f"no bot {seat.kind!r} (bots: {', '.join(bots)})")
        self.seats = tuple(seats)
        self._bots = bots
        self.game, self.state = start(record)
        self.record = Record(
            record.game, record.players, record.seed, self.game.check_options(record.options)
        )
        self.log: list[dict[str, Any]] = list(self.state["events"])
        self._before: list[State] = []  # the state before each recorded action
        self._revealed: dict[int, bool] = {}  # whether recorded action i showed anyone a hidden fact
        for player, action in record.actions:
            self._apply(player, action, checked=True)

    @classmethod
    def new(
        cls,
        game_id: str,
        seats: Sequence[str],
        seed: int,
        bots: dict[str, BotFactory],
        options: dict[str, Any] | None = None,
    ) -> "Table":
        """Return a fresh table of `game_id` with one seat per entry of `seats` (`human` or a bot name)."""
        get_game(game_id)
        return cls(Record(game_id, len(seats), seed, options or {}), [Seat(s) for s in seats], bots)

    def _apply(self, player: Player, action: Action, checked: bool) -> None:
        """Apply an action, record it and extend the log; an illegal one raises and changes nothing."""
        before = self.state
        if checked:
            self.state = self.game.apply(before, player, action)
        else:
            self.state = self.game.transition(before, player, action)
        self._before.append(before)
        self.record = self.record.with_action(player, action)
        self.log.extend(self.state["events"])

    @property
    def over(self) -> bool:
        """Return whether the game has ended."""
        return not self.game.to_act(self.state)

    def humans_to_act(self) -> list[Player]:
        """Return the seats played by people that must act now."""
        return [p for p in self.game.to_act(self.state) if self.seats[p].is_human]

    def bot_to_act(self) -> Player | None:
        """Return a bot seat that must act now, or None."""
        return next((p for p in self.game.to_act(self.state) if not self.seats[p].is_human), None)

    def act(self, player: Player, action: Action) -> None:
        """Apply a person's action; raise IllegalAction (state unchanged) if it is not legal now."""
        self._apply(player, action, checked=True)

    def bot_steps(self) -> Generator[None, None, tuple[Player, Action]]:
        """Let the bot to act think, yielding between slices; apply its action and return who did what."""
        player = self.bot_to_act()
        if player is None:
            raise BadSetup("no bot is to act now")
        legal = self.game.legal_actions(self.state, player)
        rng = Rng(self.record.seed * 1_000_003 + len(self.record.actions))
        bot = self._bots[self.seats[player].kind]()
        for action in thinking(bot, self.game, self.state, player, legal, rng):
            if action is None:
                yield
            else:
                self._apply(player, action, checked=True)
                return player, action
        raise BadSetup(f"the bot of seat {player} chose nothing")

    def bot_move(self) -> tuple[Player, Action]:
        """Let the bot to act choose and apply its action at once; return who did what."""
        steps = self.bot_steps()
        while True:
            try:
                next(steps)
            except StopIteration as done:
                moved: tuple[Player, Action] = done.value
                return moved

    def set_seat(self, seat: Player, kind: str) -> None:
        """Give a seat to a person (`human`) or to a bot by name."""
        if kind != HUMAN and kind not in self._bots:
            raise BadSetup(f"no bot {kind!r} (bots: {', '.join(self._bots)})")
        self.seats = tuple(Seat(kind) if p == seat else s for p, s in enumerate(self.seats))

    def humans(self) -> list[Player]:
        """Return the seats played by people."""
        return [p for p, s in enumerate(self.seats) if s.is_human]

    def can_undo(self) -> bool:
        """Return whether the lone person may take back their last action (see `undo`)."""
        return self._undo_point() is not None

    def _undo_point(self) -> int | None:
        """Return the index of the action `undo` takes back, or None when undo is not allowed now."""
        people = self.humans()
        if len(people) != 1 or self.humans_to_act() != people or self.bot_to_act() is not None:
            return None  # the lone person's turn (never once over), no bot still choosing alongside
        person = people[0]
        for i in range(len(self.record.actions) - 1, -1, -1):
            player, action = self.record.actions[i]
            before = self._before[i]
            if player != person and person not in self.game.to_act(before):
                return None  # another seat's turn came after the person's last action
            if i not in self._revealed:
                self._revealed[i] = self.game.reveals(before, player, action)
            if self._revealed[i]:
                return None
            if player == person:
                return i
        return None

    def undo(self) -> None:
        """Take back the person's last action and every bot action after it.

        Allowed only as at a real table: one person plays and it is still their turn (so the game is not
        over; bots choosing at the same time have chosen), no other seat has had a turn since that action
        (bots choosing at the same time may have acted), and none of the actions taken back showed anyone
        a hidden fact (`Game.reveals`): a replay deals the same cards, so it must never follow what was
        seen.
        """
        keep = self._undo_point()
        if keep is None:
            raise BadSetup(
                "undo is only for one person, within their turn and before anything hidden is shown"
            )
        record = Record(
            self.record.game,
            self.record.players,
            self.record.seed,
            self.record.options,
            self.record.actions[:keep],
        )
        restored = Table(record, self.seats, self._bots)
        self.state, self.record, self.log = restored.state, restored.record, restored.log
        self._before, self._revealed = (
            restored._before,
            {i: shown for i, shown in self._revealed.items() if i < keep},
        )

    def file_name(self) -> str:
        """Return the name of this table's record as a downloaded file."""
        return f"trading-table-{self.game.id}-{self.record.seed}.json"

    def to_json(self) -> str:
        """Return the table as JSON: the record plus the seats."""
        data = json.loads(self.record.to_json())
        data["seats"] = [s.kind for s in self.seats]
        return json.dumps(data, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str, bots: dict[str, BotFactory]) -> "Table":
        """Return the table saved by `to_json`, its record replayed; raise BadRecord if it is broken."""
        record = Record.from_json(text)
        seats = json.loads(text).get("seats")
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            raise BadRecord("the saved table has no list of seats")
        replay(record)  # names the first bad action, if any
        return cls(record, [Seat(s) for s in seats], bots)
