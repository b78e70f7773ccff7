"""Peer play without the network: the host's authority and a guest's screen, as messages in and out.

The host runs the table and is the only authority: it checks every guest action against the state version
and `legal_actions`, applies it, and sends each guest only its own seat's view. The page moves the JSON
texts over WebRTC data channels or the relay; nothing here knows which.

Guest to host: `{"t": "hello", "token": str | null}`, `{"t": "act", "v": version, "action": str}`.
Host to guest: `{"t": "welcome", "seat", "token"}`, `{"t": "state", "v", "seat", "game", "view", "legal",
"names", "log"}`, `{"t": "error", "reason"}`, `{"t": "full"}`.
"""

import json
import secrets
from collections.abc import Sequence
from typing import Any

from .errors import GameError
from .game import Player
from .registry import get_board
from .render import tag, translate
from .screen import LOG_LINES, TEXTS, log_html
from .table import HUMAN, Table

MAX_MESSAGE = 4096  # bytes of a guest's message; a legal one is far smaller
Outgoing = tuple[str, dict[str, Any]]  # (peer id, message)


def parse(text: str, limit: int = MAX_MESSAGE) -> dict[str, Any]:
    """Return a message object; raise ValueError naming what is wrong with it."""
    if len(text.encode()) > limit:
        raise ValueError(f"message too long ({len(text.encode())} bytes, at most {limit})")
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        raise ValueError("message is not JSON") from None
    if not isinstance(data, dict) or not isinstance(data.get("t"), str):
        raise ValueError('message must be an object with a string "t"')
    return data


class Host:
    """The authority of a table played from several devices."""

    def __init__(self, table: Table, names: Sequence[str]) -> None:
        self.table = table
        self.names = list(names)
        self.tokens: dict[str, Player] = {}
        self.peers: dict[str, Player] = {}

    @property
    def version(self) -> int:
        """Return the state version: the number of actions played."""
        return len(self.table.record.actions)

    def open_seats(self) -> list[Player]:
        """Return the people's seats that no connected device holds."""
        held = set(self.peers.values())
        return [p for p in self.table.humans() if p not in held]

    def receive(self, peer: str, text: str) -> list[Outgoing]:
        """Handle a guest's message; return the messages to send (an error to the sender if it is bad)."""
        try:
            msg = parse(text)
            if msg["t"] == "hello":
                return self._hello(peer, msg.get("token"))
            if msg["t"] == "act":
                return self._act(peer, msg)
            raise ValueError(f"unknown message type {msg['t']!r}")
        except (ValueError, GameError) as e:
            return [(peer, {"t": "error", "reason": str(e)})]

    def _hello(self, peer: str, token: object) -> list[Outgoing]:
        """Seat a guest: back in its own seat if its token is known, else in the first open seat."""
        seat = self.tokens.get(token) if isinstance(token, str) else None
        if seat is None or not self.table.seats[seat].is_human:
            opened = self.open_seats()
            if not opened:
                return [(peer, {"t": "full"})]
            seat = opened[0]
            token = secrets.token_urlsafe(12)
            self.tokens = {t: s for t, s in self.tokens.items() if s != seat}
            self.tokens[token] = seat
        self.peers = {p: s for p, s in self.peers.items() if s != seat}
        self.peers[peer] = seat
        return [(peer, {"t": "welcome", "seat": seat, "token": token}), (peer, self.state_for(seat))]

    def _act(self, peer: str, msg: dict[str, Any]) -> list[Outgoing]:
        """Apply a seated guest's action if it is for the current version and legal; then update everyone."""
        seat = self.peers.get(peer)
        if seat is None:
            raise ValueError("say hello first: this device has no seat")
        if msg.get("v") != self.version:
            raise ValueError(f"stale action: the game is at version {self.version}, not {msg.get('v')!r}")
        action = msg.get("action")
        if not isinstance(action, str):
            raise ValueError('an act message needs a string "action"')
        self.table.act(seat, action)
        return self.broadcast()

    def leave(self, peer: str) -> None:
        """Forget a device that went away; its seat waits for its token, a new phone or a bot."""
        self.peers.pop(peer, None)

    def release(self, seat: Player, kind: str = HUMAN) -> list[Outgoing]:
        """Hand a seat to a new phone (`human`: its old token no longer works) or to a bot by name."""
        self.table.set_seat(seat, kind)
        self.tokens = {t: s for t, s in self.tokens.items() if s != seat}
        gone = [p for p, s in self.peers.items() if s == seat]
        self.peers = {p: s for p, s in self.peers.items() if s != seat}
        return [(p, {"t": "error", "reason": "your seat was handed over"}) for p in gone] + self.broadcast()

    def state_for(self, seat: Player) -> dict[str, Any]:
        """Return a seat's state message: only what that seat may see."""
        game, state = self.table.game, self.table.state
        return {
            "t": "state",
            "v": self.version,
            "seat": seat,
            "game": game.id,
            "view": game.view(state, seat),
            "legal": game.legal_actions(state, seat),
            "names": self.names,
            "log": self.table.log[-LOG_LINES:],
        }

    def broadcast(self) -> list[Outgoing]:
        """Return the current state message for every connected guest."""
        return [(peer, self.state_for(seat)) for peer, seat in self.peers.items()]


class Guest:
    """A guest's device: the latest state from the host, the cards it selected, and its seat token."""

    def __init__(self, lang: str = "en", token: str | None = None) -> None:
        self.lang = lang
        self.token = token
        self.state: dict[str, Any] | None = None
        self.selected: list[str] = []
        self.message = ""

    def hello(self) -> str:
        """Return the greeting that asks the host for a seat (the same one after a reload)."""
        return json.dumps({"t": "hello", "token": self.token})

    def receive(self, text: str) -> None:
        """Take a message from the host."""
        msg = parse(text, limit=1 << 20)
        if msg["t"] == "welcome":
            self.token = msg["token"]
        elif msg["t"] == "state":
            if self.state is None or msg["v"] != self.state["v"]:
                self.selected = []
            self.state, self.message = msg, ""
        elif msg["t"] in ("error", "full"):
            self.message = msg.get("reason", "the table is full")

    def click(self, kind: str, value: str) -> str | None:
        """Handle a tap: return the message to send for an action, else update the selection."""
        if kind == "action" and self.state is not None:
            return json.dumps({"t": "act", "v": self.state["v"], "action": value})
        if kind == "select":
            self.selected = [*self.selected, value][-2:]
        elif kind == "deselect" and value in self.selected:
            self.selected.remove(value)
        return None

    def html(self) -> str:
        """Return the guest's screen: its board, any message from the host, and the log."""
        note = tag("p", self.message, class_="tt-prompt", role="alert") if self.message else ""
        if self.state is None:
            return note + tag("p", translate(TEXTS, self.lang, "waiting"), class_="tt-prompt")
        s = self.state
        board = get_board(s["game"])
        html = board.render(s["view"], s["legal"], lang=self.lang, names=s["names"], selected=self.selected)
        return note + html + log_html(board, s["log"], self.lang, s["names"])
