"""A host's gate and its guests over a relay that loses, reorders and repeats frames, on a fake clock.

`gate_and_guests` is the one place tests build a Gate and its Guests (what a guest needs to join: the link);
`Lossy` carries the sealed texts between them the way the relay would, with faults at chosen frames.
"""

from collections.abc import Callable, Iterable

from pygame_core.engine import Rng
from pygame_core.engine.host import Gate, Guest, Host
from pygame_core.engine.tunnel import HostKeys

Clock = Callable[[], float]
Spots = Iterable[tuple[bool, int]]  # (towards the host?, the frame's number in that direction)


def gate_and_guests(host: Host, clock: Clock) -> tuple[Gate, Callable[[str | None], Guest]]:
    """Return the host's gate and a maker of guests holding its join link (a seat token, or None)."""
    keys = HostKeys.new()
    secret = keys.link
    gate = Gate(host, keys, clock)

    def guest(token: str | None) -> Guest:
        made = Guest(token=token, secret=secret)
        made.clock = clock
        return made

    return gate, guest


class Lossy:
    """The relay between a gate and its guests: frames wait in flight, in order, except that the frames
    at `drops` are lost, at `repeats` delivered twice and at `swaps` held back behind the next frame sent
    (numbered per direction, host to guests and guests to host, from 0)."""

    def __init__(self, host: Host, drops: Spots = (), repeats: Spots = (), swaps: Spots = ()) -> None:
        self.now = 0.0
        self.gate, self.make = gate_and_guests(host, lambda: self.now)
        self.guests: dict[str, Guest] = {}
        self.flight: list[tuple[bool, str, str]] = []  # (to the host?, peer, text)
        self.held: list[tuple[bool, str, str]] = []  # frames the next one sent overtakes
        self.counted = {True: 0, False: 0}
        self.drops, self.repeats, self.swaps = set(drops), set(repeats), set(swaps)
        self.faults = 0

    def send(self, to_host: bool, peer: str, text: str) -> None:
        """Put a frame in flight, or lose, repeat or reorder it if its number says so."""
        n = self.counted[to_host]
        self.counted[to_host] += 1
        frame, spot = (to_host, peer, text), (to_host, n)
        if spot in self.drops:
            self.faults += 1
            return
        if spot in self.swaps:
            self.faults += 1
            self.held.append(frame)
            return
        self.flight.append(frame)
        if spot in self.repeats:
            self.faults += 1
            self.flight.append(frame)
        self.flight += self.held
        self.held = []

    def join(self, peer: str) -> Guest:
        """Connect a new phone; its handshake goes through the relay like every frame."""
        self.guests[peer] = guest = self.make(None)
        self.send(True, peer, guest.start())
        return guest

    def deliver(self) -> bool:
        """Deliver the first frame in flight; return False when none is."""
        if not self.flight:
            self.flight, self.held = self.held, []
        if not self.flight:
            return False
        to_host, peer, text = self.flight.pop(0)
        self.now += 0.05
        if to_host:
            self.gate.push(peer, text)
            for kind, to, detail in self.gate.drain():
                if kind == "send" and to in self.guests:
                    self.send(False, to, detail)
        else:
            replies, _ = self.guests[peer].take(text)
            for reply in replies:
                self.send(True, peer, reply)
        return True

    def idle(self, seconds: float) -> None:
        """Let time pass with nothing in flight: each phone's timer may ask the host for its board."""
        self.now += seconds
        for peer, guest in self.guests.items():
            for text in guest.tick():
                self.send(True, peer, text)


def choose(seed: int, seat: int, turn: int, legal: list[str]) -> str:
    """Return a seat's random choice on its `turn`-th action of the game: the same with or without faults."""
    return Rng(seed * 7919 + seat * 104_729 + turn).choice(legal)
