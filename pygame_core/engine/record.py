"""Game records: the setup and every action, as a JSON document that replays to the same state."""

import base64
import binascii
import json
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from .errors import BadRecord, GameError
from .game import Action, Game, Player, State
from .registry import get_game

FORMAT = "trading-table-record/1"


@dataclass(frozen=True)
class Record:
    """Who played what: `{format, game, players, seed, options, actions: [[player, action], ...]}`."""

    game: str
    players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    actions: tuple[tuple[Player, Action], ...] = ()

    def to_json(self) -> str:
        """Return the record as a JSON document with keys in a fixed order."""
        return json.dumps(
            {
                "format": FORMAT,
                "game": self.game,
                "players": self.players,
                "seed": self.seed,
                "options": self.options,
                "actions": [list(a) for a in self.actions],
            },
            ensure_ascii=False,
        )

    def with_action(self, player: Player, action: Action) -> "Record":
        """Return the record with one more action."""
        return Record(self.game, self.players, self.seed, self.options, (*self.actions, (player, action)))

    @classmethod
    def from_json(cls, text: str) -> "Record":
        """Return the record parsed from JSON text; raise BadRecord naming what is malformed."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise BadRecord(f"the record is not JSON: {e}") from None
        if not isinstance(data, dict):
            raise BadRecord("the record must be a JSON object")
        if data.get("format") != FORMAT:
            raise BadRecord(f"the record's format must be {FORMAT!r}, not {data.get('format')!r}")
        kinds: dict[str, type] = {"game": str, "players": int, "seed": int, "options": dict, "actions": list}
        for key, kind in kinds.items():
            if type(data.get(key)) is not kind:
                raise BadRecord(f"the record's {key!r} must be a JSON {kind.__name__}")
        actions = []
        for i, item in enumerate(data["actions"]):
            if not (
                isinstance(item, list)
                and len(item) == 2
                and type(item[0]) is int
                and isinstance(item[1], str)
            ):
                raise BadRecord(f"action {i} must be [player, action], not {item!r}")
            actions.append((item[0], item[1]))
        return cls(data["game"], data["players"], data["seed"], data["options"], tuple(actions))


def to_fragment(record: Record) -> str:
    """Return the record packed for a link's `#fragment`: deflated JSON in URL-safe base64.

    >>> r = Record("futures", 3, 7, {}, ((0, "pass"),))
    >>> from_fragment(to_fragment(r)) == r
    True
    """
    packed = zlib.compress(record.to_json().encode(), 9)
    return base64.urlsafe_b64encode(packed).decode().rstrip("=")


def replay_link(record: Record) -> str:
    """Return the replay page's link to a record, from a page one folder deep (play/, table/)."""
    return "../replay/#r=" + to_fragment(record)


def from_fragment(text: str) -> Record:
    """Return the record packed by `to_fragment`; raise BadRecord if it is not one."""
    text = text.strip()
    try:
        packed = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        unpacked = zlib.decompress(packed).decode()
    except (binascii.Error, zlib.error, UnicodeDecodeError) as e:
        raise BadRecord(f"the link does not hold a record ({e})") from None
    return Record.from_json(unpacked)


def start(record: Record) -> tuple[Game, State]:
    """Return the game and its opening state for a record; raise BadRecord if it cannot start."""
    try:
        game = get_game(record.game)
        return game, game.setup(record.players, record.seed, record.options)
    except GameError as e:
        raise BadRecord(f"the record cannot start: {e}") from None


def states(record: Record) -> Iterator[tuple[Game, State]]:
    """Yield the game with its opening state, then with the state after each action; raise BadRecord
    naming the first bad action's index."""
    game, state = start(record)
    yield game, state
    for i, (player, action) in enumerate(record.actions):
        try:
            state = game.apply(state, player, action)
        except GameError as e:
            raise BadRecord(f"action {i} [{player}, {action!r}] is illegal: {e}") from None
        yield game, state


def replay(record: Record) -> tuple[Game, State]:
    """Return the game and the state after every action; raise BadRecord naming the bad action's index."""
    *_, last = states(record)
    return last
