"""Peer play without the network: the host's authority, its door to the wire, and a guest's screen.

The host runs the table and is the only authority: it checks every guest action against the state version
and `legal_actions`, applies it, and sends each guest only its own seat's view. `Gate` is the host's side of
the wire: every guest's sealed session (`tunnel`), its rate limit and bounded queue, the confirmation of a
device that typed the room code, and coalesced replies. The page moves the texts over WebRTC data channels
or the relay; nothing here knows which.

Inside a sealed session, guest to host: `{"t": "hello", "token": str | null}`, `{"t": "act", "v": version,
"action": str}`, `{"t": "sync"}` (send the board as it is now), `{"t": "sig", "d": signalling}`. Host to
guest, each message numbered `n` in its session (a phone that sees a gap asks for a `sync`):
`{"t": "state", "v", "seat", "game", "view", "legal", "names", "log"}` (legal in the game's packed form,
`Game.packed_legal`; names by language; with `token`, and `secret` (the join link's fragment) for a
confirmed code-only device, when it answers a hello), `{"t": "error", "reason"}` (with `"stale": true` for
an action chosen on a board the game has since left, then the current state), `{"t": "full"}`, `{"t":
"wait"}` (the host is asked to confirm this device: each side shows the check code of its own session),
`{"t": "relink", "secret"}` (the link changed: a "New phone" made a new one), `{"t": "bye", "reason"}` (the
host will not listen to this connection any more), `{"t": "sig", "d"}`. Plain (before a session): the
handshake's `open`, `opened` and `reveal` (tunnel.py), and `{"t": "busy"}` (the table takes no code-only
phone now). A state's `v` counts the actions played at this table, a
rematch's game going on from the last game's count, so no version is used twice.
"""

import json
import secrets
import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .bot import BotFactory
from .errors import BadSetup, GameError, StaleAction
from .game import Player
from .howto import explained
from .link import moved_on
from .registry import get_board, get_game
from .render import Texts, esc, plain, tag, translate
from .screen import (
    LOG_LINES,
    TEXTS,
    chosen,
    end_panel,
    last_event,
    log_html,
    names_by_language,
    tools_html,
    with_last_event,
)
from .table import HUMAN, Table
from .tunnel import PREFIX, GuestOpening, HostKeys, HostOpening, SealError, Session
from .wire import loads

MAX_MESSAGE = 4096  # bytes of a guest's message; a legal one is far smaller
MAX_ITEMS = 1000  # items (of every array and object) in a guest's message; a legal one holds a few
MAX_WIRE = 3 * MAX_MESSAGE  # characters of a frame on the wire (sealed: base64 and a header)
RATE = 8.0  # messages per second a guest may send the host, sustained
BURST = 24  # ... and in a burst
QUEUE = 32  # messages waiting per guest; more is a flood
STRIKES = 40  # messages over the limit before the host stops listening to that seat's phone
COOL_DOWN = 30.0  # seconds a seat cut off for flooding stays shut (doubling each time), its token or not
ANSWER_EVERY = 1.0  # seconds between the current states a phone over its limit is sent (it offers again)
HISTORY = 64  # versions of each seat's legal actions remembered, to accept simultaneous choices
MAX_ASKING = 3  # code-only devices waiting for the host's decision at once (more are turned away)
PAUSE_AFTER = 3  # code-only attempts refused or abandoned in a row before code-only joins pause
PAUSE = 60.0  # seconds a pause lasts (phones with the link are not affected)
REVEAL_WITHIN = 30.0  # seconds a code-only phone has to finish its handshake before it counts as abandoned
HANDED_OVER = "your seat was handed over to another phone"
OUT_OF_DATE = "this phone's link is out of date: ask the table for its new link or QR code"
SYNC_AFTER = 5.0  # seconds without a word from the host before a phone asks for the current board
Outgoing = tuple[str, dict[str, Any]]  # (peer id, message)
Event = tuple[str, str, Any]  # (kind, peer id, detail): see Gate


def parse(text: str, limit: int = MAX_MESSAGE) -> dict[str, Any]:
    """Return a message object; raise ValueError naming what is wrong with it."""
    data = loads(text, limit, max_items=MAX_ITEMS)
    if not isinstance(data.get("t"), str):
        raise ValueError('message must be an object with a string "t"')
    return data


class Host:
    """The authority of a table played from several devices."""

    def __init__(self, table: Table, names: Mapping[str, Sequence[str]]) -> None:
        """Host `table`; `names` are the seats' names in each language (each phone shows its own)."""
        self.table = table
        self.names = {lang: list(seats) for lang, seats in names.items()}
        self.tokens: dict[str, Player] = {}
        self.peers: dict[str, Player] = {}
        self.offered: dict[Player, dict[int, list[str]]] = {}  # seat -> version -> legal actions sent
        self.handed: set[str] = set()  # tokens of seats handed over ("New phone", a bot): never seated again
        self.played_from: dict[Player, int] = {}  # seat -> the version its last action was chosen on
        self.base = 0  # the versions the table's earlier games used up (a rematch never reuses one)

    @property
    def version(self) -> int:
        """Return the state version: the number of actions played at this table, earlier games included."""
        return self.base + len(self.table.record.actions)

    def open_seats(self) -> list[Player]:
        """Return the people's seats that no phone holds: no token names them (a held seat stays held)."""
        held = set(self.tokens.values())
        return [p for p in self.table.humans() if p not in held]

    def receive(self, peer: str, text: str) -> list[Outgoing]:
        """Handle a guest's message text; return the messages to send (an error to the sender if bad)."""
        try:
            return self.handle(peer, parse(text))
        except ValueError as e:
            return [(peer, {"t": "error", "reason": str(e)})]

    def handle(self, peer: str, msg: dict[str, Any]) -> list[Outgoing]:
        """Handle a guest's message object; return the messages to send."""
        try:
            if msg.get("t") == "hello":
                return self._hello(peer, msg.get("token"))
            if msg.get("t") == "act":
                return self._act(peer, msg)
            if msg.get("t") == "sync":
                return self.current(peer)
            raise ValueError(f"unknown message type {str(msg.get('t'))[:20]!r}")
        except StaleAction as e:  # with the board as it is now, so the phone offers its choices again
            return [(peer, {"t": "error", "reason": str(e), "stale": True}), *self.current(peer)]
        except (ValueError, GameError) as e:
            return [(peer, {"t": "error", "reason": str(e)})]

    def _hello(self, peer: str, token: object) -> list[Outgoing]:
        """Seat a guest: back in its own seat if its token is known (the newer connection wins), else in a
        seat no phone holds."""
        if token in self.handed:
            return [(peer, {"t": "bye", "reason": HANDED_OVER})]
        seat = self.tokens.get(token) if isinstance(token, str) else None
        out: list[Outgoing] = []
        if seat is None or not self.table.seats[seat].is_human:
            opened = self.open_seats()
            if not opened:
                return [(peer, {"t": "full"})]
            seat = opened[0]
            token = secrets.token_urlsafe(12)
            self.tokens[token] = seat
        for other, held in list(self.peers.items()):
            if held == seat and other != peer:
                del self.peers[other]
                reason = "this seat was taken over by another connection with its token (a newer one)"
                out.append((other, {"t": "bye", "reason": reason}))
        self.peers[peer] = seat
        return [*out, (peer, {**self.state_for(seat), "token": token})]

    def _act(self, peer: str, msg: dict[str, Any]) -> list[Outgoing]:
        """Apply a seated guest's action if it is legal for its seat now and was chosen from the same
        choices (the version it saw, or a later one with the same legal actions for that seat)."""
        seat = self.peers.get(peer)
        if seat is None:
            raise ValueError("say hello first: this device has no seat")
        action, seen = msg.get("action"), msg.get("v")
        if not isinstance(action, str):
            raise ValueError('an act message needs a string "action"')
        if not isinstance(seen, int) or isinstance(seen, bool):
            raise ValueError('an act message needs an integer "v": the version of the board it was made on')
        if seen <= self.played_from.get(seat, -1):
            raise StaleAction(f"a repeat: this seat already played from the board of version {seen}")
        if seen != self.version:
            legal_then = self.offered.get(seat, {}).get(seen)
            now = self.table.game.legal_actions(self.table.state, seat)
            if legal_then is None or legal_then != now:
                raise StaleAction(f"stale action: the game is at version {self.version}, not {seen!r}")
        self.table.act(seat, action)
        self.played_from[seat] = seen
        return self.broadcast()

    def rematch(self, seed: int, bots: dict[str, BotFactory]) -> list[Outgoing]:
        """Deal the same game anew with every seat moved one place on (`moved_on`: another seat starts),
        each phone moving with its seat and keeping its token; return every guest's new state."""
        table, n = self.table, len(self.table.seats)
        if not table.over:
            raise BadSetup("a rematch starts once the game is over")
        seats = moved_on([seat.kind for seat in table.seats])
        self.base = self.version + 1
        self.table = Table.new(table.game.id, seats, seed, bots, table.record.options)
        self.tokens = {token: (seat + 1) % n for token, seat in self.tokens.items()}
        self.peers = {peer: (seat + 1) % n for peer, seat in self.peers.items()}
        self.offered, self.played_from = {}, {}
        self.names = names_by_language(self.table)
        return self.broadcast()

    def leave(self, peer: str) -> None:
        """Forget a device that went away; its seat waits for its token, or the host frees it."""
        self.peers.pop(peer, None)

    def release(self, seat: Player, kind: str = HUMAN) -> list[Outgoing]:
        """Hand a seat to a new phone (`human`: its old token no longer works) or to a bot by name."""
        self.table.set_seat(seat, kind)
        self.handed |= {t for t, s in self.tokens.items() if s == seat}
        self.tokens = {t: s for t, s in self.tokens.items() if s != seat}
        gone = [p for p, s in self.peers.items() if s == seat]
        self.peers = {p: s for p, s in self.peers.items() if s != seat}
        return [(p, {"t": "bye", "reason": HANDED_OVER}) for p in gone] + self.broadcast()

    def state_for(self, seat: Player) -> dict[str, Any]:
        """Return a seat's state message: only what that seat may see (its legal actions remembered)."""
        game, state = self.table.game, self.table.state
        legal = game.legal_actions(state, seat)
        offered = self.offered.setdefault(seat, {})
        offered[self.version] = legal
        for old in [v for v in offered if v <= self.version - HISTORY]:
            del offered[old]
        return {
            "t": "state",
            "v": self.version,
            "seat": seat,
            "game": game.id,
            "view": game.view(state, seat),
            "legal": game.packed_legal(state, seat),
            "names": self.names,
            "log": self.table.log[-LOG_LINES:],
        }

    def current(self, peer: str) -> list[Outgoing]:
        """Return a seated guest's current state (it asked, or its message came from an older board)."""
        seat = self.peers.get(peer)
        if seat is None:
            raise ValueError("say hello first: this device has no seat")
        return [(peer, self.state_for(seat))]

    def broadcast(self) -> list[Outgoing]:
        """Return the current state message for every connected guest."""
        return [(peer, self.state_for(seat)) for peer, seat in self.peers.items()]


class Bucket:
    """A token bucket: `rate` a second, up to `burst`."""

    def __init__(self, rate: float, burst: int, now: float) -> None:
        self.rate, self.burst, self.tokens, self.stamp = rate, burst, float(burst), now

    def take(self, now: float) -> bool:
        """Spend one token; False when there is none."""
        self.tokens = min(float(self.burst), self.tokens + max(0.0, now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True


class Gate:
    """The host's side of the wire: sessions, limits, queues, confirmations and coalesced replies.

    The page calls `push` for every frame from a guest (relay or data channel) and `drain` soon after
    (once per frame is enough); `drain` returns events for the page, in order:
    `("send", peer, text)`, `("signal", peer, data)` (WebRTC signalling, authenticated),
    `("ready", peer, None)` (a session the host trusts: open a data channel), `("close", peer, None)`
    (stop listening to that connection), `("notice", peer, detail)` (a peer's mistake, for developers' log
    only: never shown raw), `("confirm", peer, code)` (a code-only phone asks to be let in: the host's owner
    compares the code with the phone's), and `("changed", "", None)` when the table changed (save once,
    repaint).

    Code-only attempts are counted (`attempts`, shown on the host's screen); after PAUSE_AFTER refused or
    abandoned ones in a row, code-only joins pause for PAUSE seconds. A phone waiting to be let in is never
    turned out by a newer one: beyond MAX_ASKING, the newer ones are turned away.
    """

    def __init__(self, host: Host, keys: HostKeys, clock: Callable[[], float] = time.monotonic) -> None:
        self.host, self.keys, self.clock = host, keys, clock
        self.openings: dict[str, tuple[HostOpening, float]] = {}  # code-only handshakes begun, and when
        self.sessions: dict[str, Session] = {}
        self.waiting: dict[str, dict[str, Any]] = {}  # code-only peer -> its hello, until confirmed
        self.buckets: dict[str, Bucket] = {}  # by `limit_key`: a phone keeps its limits when it rejoins
        self.queues: dict[str, deque[object]] = {}
        self.strikes: dict[str, int] = {}  # by `limit_key`
        self.cuts: dict[str, int] = {}  # by `limit_key`: how often it was cut off for flooding
        self.shut: dict[str, float] = {}  # by `limit_key`: when its cool-down ends
        self.owed: dict[str, float] = {}  # peer over its limit -> when it was last sent the current state
        self.sequence: dict[str, int] = {}  # peer -> messages sealed for it (`n`: a phone sees a gap)
        self.closed: set[str] = set()
        self.events: list[Event] = []
        self.outbox: dict[str, list[dict[str, Any]]] = {}
        self.failed = 0  # code-only attempts refused or abandoned since one was let in (or a pause began)
        self.turned_away = 0  # code-only attempts refused, abandoned or turned away, in all
        self.paused_until = 0.0

    # --- in ---------------------------------------------------------------------------------------

    def limit_key(self, peer: str) -> str:
        """Return what a peer's limits count against: its seat's token once seated (a re-join with it does
        not start afresh), else the connection."""
        seat = self.host.peers.get(peer)
        if seat is None:
            return f"peer {peer}"
        token = next((t for t, s in self.host.tokens.items() if s == seat), None)
        return f"token {token}" if token is not None else f"peer {peer}"

    def push(self, peer: str, data: object) -> None:
        """Queue a frame from a guest, within its seat's rate and queue limits; over them, the phone is sent
        the current state now and then (an honest phone offers its move again), and a flood is cut."""
        if peer in self.closed:
            return
        now, key = self.clock(), self.limit_key(peer)
        bucket = self.buckets.setdefault(key, Bucket(RATE, BURST, now))
        queue = self.queues.setdefault(peer, deque())
        if bucket.take(now) and len(queue) < QUEUE:
            queue.append(data)
            return
        strikes = self.strikes[key] = self.strikes.get(key, 0) + 1
        if strikes == 1:
            self.notice(peer, "sends too many messages")
        if strikes >= STRIKES:
            cuts = self.cuts[key] = self.cuts.get(key, 0) + 1
            self.shut[key] = now + COOL_DOWN * 2 ** (cuts - 1)
            self.strikes[key] = 0
            self.cut(peer, "too many messages: the table disconnected this phone for a while")
        elif peer in self.host.peers and now - self.owed.get(peer, -ANSWER_EVERY) >= ANSWER_EVERY:
            self.owed[peer] = now
            self.send(self.host.current(peer))

    def drain(self, budget: int = 64) -> list[Event]:
        """Handle queued frames, taking turns between guests; return the events for the page."""
        while budget > 0 and any(self.queues.values()):
            for peer, queue in list(self.queues.items()):
                if queue and budget > 0:
                    budget -= 1
                    self.take(peer, queue.popleft())
        self.flush()
        events, self.events = self.events, []
        return events

    def flush(self) -> None:
        """Seal the queued replies into `send` events."""
        for peer, messages in self.outbox.items():
            session = self.sessions.get(peer)
            if session is not None and peer not in self.closed:
                for message in messages:
                    n = self.sequence[peer] = self.sequence.get(peer, 0) + 1
                    self.events.append(("send", peer, session.seal({**message, "n": n})))
        self.outbox = {}

    def pending(self) -> bool:
        """Return whether frames wait in a queue."""
        return any(self.queues.values())

    def take(self, peer: str, data: object) -> None:
        """Handle one frame of a guest."""
        if peer in self.closed:
            return
        try:
            if not isinstance(data, str) or len(data) > MAX_WIRE:
                raise SealError("a frame that is not text of a sensible size")
            if data.startswith(PREFIX):
                session = self.sessions.get(peer)
                if session is None:
                    raise SealError("a sealed message before its session")
                self.inner(peer, session, session.open(data))
            else:
                self.opening(peer, parse(data))
        except ValueError as e:  # SealError included
            self.notice(peer, str(e))

    def opening(self, peer: str, msg: dict[str, Any]) -> None:
        """Handle a plain handshake message: `open` or `reveal`."""
        if msg["t"] == "open":  # a new session: whatever seat this connection held, it must ask again
            self.abandoned(peer)
            self.forget(peer, keep_limits=True)
            self.host.leave(peer)
            if msg.get("k") != 1 and not self.takes_code_only():
                self.turned_away += 1
                self.events.append(("send", peer, json.dumps({"t": "busy"})))
                self.events.append(("changed", "", None))
                raise SealError("a code-only phone turned away (joins paused, or too many waiting)")
            opening = HostOpening(self.keys, msg)
            self.events.append(("send", peer, json.dumps(opening.answer())))
            if opening.with_link:
                self.sessions[peer] = opening.session()
            else:
                self.openings[peer] = (opening, self.clock())
        elif msg["t"] == "reveal" and peer in self.openings:
            self.sessions[peer] = self.openings.pop(peer)[0].session(msg)
        else:
            raise SealError(f"an unexpected plain message {msg['t'][:20]!r}")

    def takes_code_only(self) -> bool:
        """Return whether a new code-only phone may start: no pause, and room to wait."""
        for peer, (_, began) in list(self.openings.items()):
            if self.clock() - began > REVEAL_WITHIN:
                self.abandoned(peer)
                del self.openings[peer]
        return self.clock() >= self.paused_until and len(self.waiting) + len(self.openings) < MAX_ASKING

    def attempts(self) -> tuple[int, float]:
        """Return the code-only attempts not let in so far, and the seconds left in a pause (0: none)."""
        return self.turned_away, max(0.0, self.paused_until - self.clock())

    def failure(self) -> None:
        """Count a refused or abandoned code-only attempt; enough in a row pause code-only joins."""
        self.turned_away += 1
        self.failed += 1
        if self.failed >= PAUSE_AFTER:
            self.failed, self.paused_until = 0, self.clock() + PAUSE
        self.events.append(("changed", "", None))

    def abandoned(self, peer: str) -> None:
        """Count a code-only attempt given up on this connection (a new handshake, or gone)."""
        if peer in self.openings or peer in self.waiting:
            self.failure()

    def inner(self, peer: str, session: Session, msg: dict[str, Any]) -> None:
        """Handle a message opened from a session: a trusted one goes to the host, else it waits."""
        if not session.trusted:
            if msg.get("t") == "hello":
                self.waiting[peer] = msg
                self.reply(peer, {"t": "wait"})
                self.events.append(("confirm", peer, session.code))
            else:
                self.reply(peer, {"t": "error", "reason": "wait until the table lets this phone in"})
            return
        if not session.current and msg.get("t") == "hello" and msg.get("token") not in self.host.tokens:
            self.cut(peer, HANDED_OVER if msg.get("token") in self.host.handed else OUT_OF_DATE)
            return
        if msg.get("t") == "sig":
            self.events.append(("signal", peer, msg.get("d")))
            return
        if msg.get("t") == "hello" and self.shut.get(self.hello_key(msg), 0.0) > self.clock():
            wait = round(self.shut[self.hello_key(msg)] - self.clock())
            self.cut(peer, f"this phone sent too many messages: it may come back in {wait} s")
            return
        first = peer not in self.host.peers
        before = self.host.version
        self.send(self.host.handle(peer, msg))
        if first and peer in self.host.peers:
            self.events.append(("ready", peer, None))
        if self.host.version != before or (msg.get("t") == "hello" and peer in self.host.peers):
            self.events.append(("changed", "", None))

    def hello_key(self, hello: dict[str, Any]) -> str:
        """Return the limit key a hello's token names (its seat's), or one no limit uses."""
        token = hello.get("token")
        return f"token {token}" if isinstance(token, str) and token in self.host.tokens else ""

    # --- the host's decisions ---------------------------------------------------------------------

    def confirm(self, peer: str) -> None:
        """Let a code-only device in (its owner showed the same check code): it gets the join link."""
        hello, session = self.waiting.pop(peer, None), self.sessions.get(peer)
        if hello is None or session is None:
            return
        self.failed = 0
        session.trusted = True
        self.inner(peer, session, hello)
        for message in self.outbox.get(peer, []):
            if message.get("t") == "state" and "token" in message:
                message["secret"] = self.keys.link

    def refuse(self, peer: str) -> None:
        """Refuse a code-only device."""
        if self.waiting.pop(peer, None) is not None:
            self.failure()
            self.cut(peer, "the table did not let this phone in")

    def asking(self) -> dict[str, str]:
        """Return the code-only phones waiting for the host's decision, each with its session's check code."""
        return {peer: self.sessions[peer].code for peer in self.waiting if peer in self.sessions}

    def relink(self) -> None:
        """Make a new join link (after a "New phone"): the seated phones get it; an old link brings a phone
        back to its own seat only, never to a free one."""
        self.keys = self.keys.rotated()
        for peer in self.host.peers:
            self.reply(peer, {"t": "relink", "secret": self.keys.link})

    def cut(self, peer: str, reason: str) -> None:
        """Tell a connection why, then stop listening to it; the game goes on."""
        self.reply(peer, {"t": "bye", "reason": reason})
        self.flush()
        self.closed.add(peer)
        self.host.leave(peer)
        self.forget(peer, keep_limits=True)
        self.events.append(("close", peer, None))
        self.events.append(("changed", "", None))

    def leave(self, peer: str) -> None:
        """Forget a connection that closed."""
        self.abandoned(peer)
        self.host.leave(peer)
        self.forget(peer)
        self.closed.discard(peer)

    def forget(self, peer: str, keep_limits: bool = False) -> None:
        """Drop a peer's session state (and its counters unless kept)."""
        self.openings.pop(peer, None)
        self.sessions.pop(peer, None)
        self.waiting.pop(peer, None)
        self.outbox.pop(peer, None)
        self.sequence.pop(peer, None)
        self.owed.pop(peer, None)
        if not keep_limits:
            self.buckets.pop(f"peer {peer}", None)
            self.queues.pop(peer, None)
            self.strikes.pop(f"peer {peer}", None)

    # --- out --------------------------------------------------------------------------------------

    def send(self, out: list[Outgoing]) -> None:
        """Queue the host's messages; a newer state for a peer replaces one not yet sent."""
        for peer, message in out:
            if message.get("t") == "bye":
                self.cut(peer, str(message.get("reason", "")))
            else:
                self.reply(peer, message)

    def reply(self, peer: str, message: dict[str, Any]) -> None:
        """Queue one message for a peer (sealed at the next drain)."""
        box = self.outbox.setdefault(peer, [])
        if message.get("t") == "state":
            kept = [m for m in box if m.get("t") == "state" and "token" in m]
            box[:] = [m for m in box if m.get("t") != "state"]
            if kept and "token" not in message:
                message = {**message, **{k: kept[-1][k] for k in ("token", "secret") if k in kept[-1]}}
        box.append(message)

    def seal(self, peer: str, message: dict[str, Any]) -> str | None:
        """Return a message sealed for a peer (WebRTC signalling), or None without a session."""
        session = self.sessions.get(peer)
        return session.seal(message) if session is not None and session.trusted else None

    def notice(self, peer: str, detail: str) -> None:
        """Note a peer's mistake for the developers' log."""
        self.events.append(("notice", peer, detail[:200]))


GUEST_TEXTS: Texts = {
    "en": {
        "check": "Show the table this code: {code}. It lets this phone in when the codes match.",
        "busy": "The table takes no phone by its code just now: ask for its link or QR code, or try again "
        "in a minute.",
        "stale": "The board changed before your tap reached the table, so it was not played: here it is now.",
    },
    "ja": {
        "check": "このコードをテーブルに見せてください：{code}。一致すればこのスマホが参加できます。",
        "busy": "テーブルは今、コードでの参加を受け付けていません。参加リンクかQRコードをもらうか、"
        "1分後にもう一度試してください。",
        "stale": "タップが届く前に盤面が変わったため、その手は行われませんでした。今の盤面です。",
    },
}


class Guest:
    """A guest's device: its sealed session, the latest state from the host, its selection and seat token."""

    def __init__(self, lang: str = "en", token: str | None = None, secret: str | None = None) -> None:
        self.lang = lang
        self.token = token
        self.secret = secret
        self.opening: GuestOpening | None = None
        self.session: Session | None = None
        self.state: dict[str, Any] | None = None
        self.selected: list[str] = []
        self.message = ""
        self.code = ""  # the check code a code-only device shows while the host confirms it
        self.ended = False
        self.last: dict[str, Any] | None = None  # the last message opened (the page keeps them for tests)
        self.clock: Callable[[], float] = time.monotonic
        self.heard = self.clock()  # when the host last said anything
        self.seq = 0  # the `n` of the host's last message in this session
        self.behind = False  # a message was lost or refused: ask the host for the board as it is now
        self.refused = False  # the host's last word refused a tap as stale (its state follows)

    def start(self) -> str:
        """Return the `open` message that starts a session with the host (after joining, or its return)."""
        self.opening = GuestOpening(self.secret)
        self.session = None
        self.seq, self.heard = 0, self.clock()
        return json.dumps(self.opening.start())

    def hello(self) -> dict[str, Any]:
        """Return the greeting that asks the host for a seat (the same one after a reload)."""
        return {"t": "hello", "token": self.token}

    def take(self, text: object) -> tuple[list[str], Any]:
        """Take a frame from the host; return the texts to send back and any signalling it carried."""
        if isinstance(text, str) and text.startswith(PREFIX) and self.session is not None:
            try:
                msg = self.session.open(text)
            except SealError as e:
                return [], {"notice": str(e)}
            if msg.get("t") == "sig":
                return [], msg.get("d")
            self.receive(msg)
            return self.resync(), None
        if self.opening is None or not isinstance(text, str):
            return [], None
        try:
            opened = parse(text, limit=1 << 12)
            if opened["t"] == "busy":
                self.message = translate(GUEST_TEXTS, self.lang, "busy")
                return [], None
            if opened["t"] != "opened":
                return [], None
            self.session, reveal = self.opening.finish(opened)
        except ValueError:
            return [], None
        self.opening = None
        self.code = self.session.code  # a code-only phone shows its own session's code, never the host's
        out = [json.dumps(reveal)] if reveal else []
        return [*out, self.session.seal(self.hello())], None

    def seal(self, message: dict[str, Any]) -> str | None:
        """Return a message sealed for the host, or None before the session is open."""
        return self.session.seal(message) if self.session is not None else None

    def resync(self) -> list[str]:
        """Return the sealed `sync` to send if this phone is behind the host (a gap, a refusal), else none."""
        if not self.behind or self.session is None:
            return []
        self.behind = False
        return [self.session.seal({"t": "sync"})]

    def tick(self) -> list[str]:
        """Return what to send after a while without a word from the host while the game goes on: a `sync`
        (the page's timer calls it every few seconds; a lost message never leaves the phone stuck)."""
        waiting = self.state is not None and self.state["view"].get("result") is None
        if waiting and not self.ended and self.clock() - self.heard >= SYNC_AFTER:
            self.behind, self.heard = True, self.clock()
        return self.resync()

    def receive(self, msg: dict[str, Any]) -> None:
        """Take a message opened from the host: a state older than the one shown is ignored, and a gap in
        the host's messages or a refusal makes the phone ask for the current board (`resync`)."""
        self.last, self.heard = msg, self.clock()
        n = msg.get("n")
        if isinstance(n, int):
            self.behind |= n > self.seq + 1
            self.seq = max(self.seq, n)
        kind = msg.get("t")
        if kind == "state":
            if not isinstance(msg.get("v"), int):
                self.behind = True
                return
            if self.state is not None and msg["v"] < self.state["v"]:
                return  # reordered on the way: the phone shows a later board already
            try:
                msg = {**msg, "legal": get_game(msg["game"]).unpacked_legal(msg.get("legal"))}
            except (ValueError, KeyError, TypeError, GameError):
                self.behind = True
                return
            self.token = msg.get("token", self.token)
            self.secret = msg.get("secret", self.secret)
            if self.state is not None and msg["v"] != self.state["v"]:
                self.selected = []
            note = self.message if self.refused else ""  # the refusal stays beside the board sent with it
            self.state, self.message, self.code, self.refused = msg, note, "", False
        elif kind == "relink" and isinstance(msg.get("secret"), str):
            self.secret = msg["secret"]
        elif kind == "error" and msg.get("stale"):
            self.message = translate(GUEST_TEXTS, self.lang, "stale")
            self.behind = self.refused = True
        elif kind in ("error", "full", "bye"):
            self.message = str(msg.get("reason", "every seat is held: ask the table for a new phone"))
            self.ended = kind == "bye"

    def click(self, kind: str, value: str, seen: int | None = None) -> dict[str, Any] | None:
        """Handle a tap: return the message to send for an action (made on the board of version `seen`, if
        an earlier one: the host takes it only if the seat's choices are the same now), else update the
        selection."""
        if kind == "action" and self.state is not None:
            return {"t": "act", "v": self.state["v"] if seen is None else seen, "action": value}
        if kind in ("select", "deselect"):
            self.selected = chosen(self.selected, kind, value)
        return None

    def html(self) -> str:
        """Return the guest's screen: its board, any message from the host, and the log."""
        note = tag("p", esc(self.message), class_="tt-prompt", role="alert") if self.message else ""
        if self.code:
            check = translate(GUEST_TEXTS, self.lang, "check", code=self.code)
            note += tag("p", check, class_="tt-prompt", data_check=self.code)
        if self.state is None:
            return note + tag("p", translate(TEXTS, self.lang, "waiting"), class_="tt-prompt")
        s = self.state
        board = get_board(s["game"])
        names = self.names(s)
        html = board.render(s["view"], s["legal"], lang=self.lang, names=names, selected=self.selected)
        html = with_last_event(html, last_event(board, s["log"], self.lang, names))
        end = end_panel(
            board, s["view"], names, self.lang, note=translate(TEXTS, self.lang, "rematch_on_table")
        )
        return tools_html(self.lang) + note + html + end + log_html(board, s["log"], self.lang, names)

    def names(self, s: dict[str, Any]) -> list[str]:
        """Return the seats' names in state message `s`, in this phone's language, its own seat as you."""
        names = list(s["names"][self.lang])
        seat = s["seat"]
        names[seat] = plain(TEXTS, self.lang, "you", name=names[seat])
        return names

    def explain(self, key: str) -> str:
        """Return what the thing marked `data-explain="<key>"` on this seat's board is and does now."""
        if self.state is None:
            return esc(key)
        return explained(get_board(self.state["game"]), key, self.state["view"], self.lang)
