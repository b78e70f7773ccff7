"""Peer play's logic: a host (the only authority) and guests exchanging JSON texts, with no network."""

import json
import xml.etree.ElementTree as ET
from functools import partial

import pytest

from pygame_core.bots import bot_levels, make_bot
from pygame_core.engine import Rng, get_game
from pygame_core.engine.host import MAX_MESSAGE, Guest, Host
from pygame_core.engine.table import Table

GAME = get_game("futures")
BOTS = {n: partial(make_bot, GAME, n) for n in bot_levels(GAME)}
NAMES = ["Red", "Blue", "Yellow", "Purple"]


def new_host(seats=("human", "human", "human", "trader"), seed=4) -> Host:
    """Return a host of a new Futures! table; it holds no seat itself (table mode)."""
    return Host(Table.new("futures", list(seats), seed, BOTS), NAMES[: len(seats)])


class Wire:
    """Delivers the host's messages to guests, checking each one carries only its seat's secrets."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.guests: dict[str, Guest] = {}
        self.delivered = 0

    def deliver(self, out) -> None:
        for peer, msg in out:
            if msg["t"] == "state":
                seat = self.host.peers[peer]
                assert msg["seat"] == seat and msg["view"]["viewer"] == seat
                assert msg["view"] == GAME.view(self.host.table.state, seat)
                assert "hands" not in json.dumps(msg)
            self.guests[peer].receive(json.dumps(msg))
            self.delivered += 1

    def join(self, peer: str, token=None) -> Guest:
        self.guests[peer] = guest = Guest(token=token)
        self.deliver(self.host.receive(peer, guest.hello()))
        return guest

    def send(self, peer: str, text: str) -> None:
        self.deliver(self.host.receive(peer, text))


def actions(guest: Guest) -> list[str]:
    """Return the actions the guest's screen offers."""
    root = ET.fromstring(f"<r>{guest.html()}</r>")
    return [e.attrib["data-action"] for e in root.iter() if "data-action" in e.attrib]


def test_three_guests_and_a_bot_play_a_whole_game_through_the_host():
    host = new_host()
    wire = Wire(host)
    guests = {p: wire.join(p) for p in ("a", "b", "c")}
    assert {host.peers[p] for p in guests} == {0, 1, 2}
    rng = Rng(9)
    while not host.table.over:
        if host.table.bot_to_act() is not None:
            host.table.bot_move()
            wire.deliver(host.broadcast())
            continue
        peer = next(p for p, g in guests.items() if actions(g))
        wire.send(peer, guests[peer].click("action", rng.choice(actions(guests[peer]))))
        assert all(g.message == "" for g in guests.values())
    assert all(g.state["view"]["result"] is not None for g in guests.values())
    assert 'class="tt-result"' in guests["a"].html()


def test_stale_duplicate_and_foreign_actions_are_rejected_without_change():
    host = new_host()
    wire = Wire(host)
    a, b = wire.join("a"), wire.join("b")
    act = a.click("action", actions(a)[0])
    wire.send("a", act)
    before = host.table.to_json()
    wire.send("a", act)  # the same message again: its version is stale now
    assert "stale action" in a.message and host.table.to_json() == before
    wire.send("b", json.dumps({"t": "act", "v": host.version, "action": "pass", "seat": 0}))
    assert "player 1 is not to act" in b.message and host.table.to_json() == before


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("{", "not JSON"),
        ("[1]", 'string "t"'),
        ('{"t": "dance"}', "unknown message type"),
        ('{"t": "act", "v": 0}', 'string "action"'),
        ("x" * (MAX_MESSAGE + 1), "too long"),
    ],
)
def test_malformed_and_oversized_messages_get_a_reason_and_change_nothing(text, reason):
    host = new_host()
    wire = Wire(host)
    guest = wire.join("a")
    before = host.table.to_json()
    wire.send("a", text)
    assert reason in guest.message and host.table.to_json() == before


def test_a_device_without_a_seat_cannot_act_and_a_full_table_says_so():
    host = new_host(seats=("human", "trader", "trader"))
    wire = Wire(host)
    wire.join("a")
    late = wire.join("b")
    assert late.message == "the table is full" and late.state is None
    wire.send("b", json.dumps({"t": "act", "v": 0, "action": "pass"}))
    assert "no seat" in late.message


def test_a_guest_that_reloads_gets_its_seat_back_with_its_token():
    host = new_host()
    wire = Wire(host)
    wire.join("a")
    b = wire.join("b")
    host.leave("b")
    again = wire.join("b2", token=b.token)
    assert host.peers["b2"] == 1 and again.state["seat"] == 1 and "b" not in host.peers
    wire.join("x", token="forged")
    assert host.peers["x"] == 2


def test_a_seat_whose_phone_is_gone_goes_to_a_bot_or_a_new_phone():
    host = new_host()
    wire = Wire(host)
    a, b = wire.join("a"), wire.join("b")
    wire.deliver(host.release(1, "trader"))
    assert "handed over" in b.message and not host.table.seats[1].is_human
    host.leave("a")
    wire.deliver(host.release(0))
    wire.join("n")
    assert host.peers["n"] == 0
    wire.join("a2", token=a.token)
    assert host.peers["a2"] == 2  # the old token no longer names seat 0
