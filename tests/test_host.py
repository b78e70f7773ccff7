"""Peer play's logic: a host (the only authority), its gate and guests exchanging texts, with no network.

`Wire` is the plain layer (host messages as objects); `Relay` carries the sealed texts the way the real relay
would, recording every frame it forwards, and can tamper with them or replay them.
"""

import json
import re
import xml.etree.ElementTree as ET
from functools import partial
from typing import Any

import pytest

from pygame_core.bots import bot_levels, make_bot
from pygame_core.engine import Rng, all_games, get_game
from pygame_core.engine.errors import BadSetup
from pygame_core.engine.host import (
    BURST,
    GUEST_TEXTS,
    HANDED_OVER,
    MAX_MESSAGE,
    OUT_OF_DATE,
    PAUSE,
    QUEUE,
    Gate,
    Guest,
    Host,
)
from pygame_core.engine.noise import Handshake
from pygame_core.engine.screen import names_by_language
from pygame_core.engine.table import Table
from pygame_core.engine.tunnel import (
    CODE_PROLOGUE,
    GuestOpening,
    HostKeys,
    HostOpening,
    SealError,
    b64,
    unb64,
)

GAME = get_game("futures")
BOTS = {n: partial(make_bot, GAME, n) for n in bot_levels(GAME)}
NAMES = {"en": ["Red", "Blue", "Yellow", "Purple", "Green"], "ja": ["赤", "青", "黄", "紫", "緑"]}
GAMES = [game.id for game in all_games()]


def new_host(seats=("human", "human", "human", "trader"), seed=4, game="futures") -> Host:
    """Return a host of a new table; it holds no seat itself (table mode)."""
    bots = {n: partial(make_bot, get_game(game), n) for n in bot_levels(get_game(game))}
    names = {lang: seat_names[: len(seats)] for lang, seat_names in NAMES.items()}
    return Host(Table.new(game, list(seats), seed, bots), names)


class Wire:
    """Delivers the host's messages to guests, checking each one carries only its seat's secrets."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.guests: dict[str, Guest] = {}

    def deliver(self, out) -> None:
        for peer, msg in out:
            if msg["t"] == "state":
                seat = self.host.peers[peer]
                assert msg["seat"] == seat and msg["view"]["viewer"] == seat
                assert msg["view"] == self.host.table.game.view(self.host.table.state, seat)
                assert "hands" not in json.dumps(msg)
            self.guests[peer].receive(json.loads(json.dumps(msg)))

    def join(self, peer: str, token=None, lang: str = "en") -> Guest:
        self.guests[peer] = guest = Guest(lang, token=token)
        self.send(peer, guest.hello())
        return guest

    def send(self, peer: str, message: Any) -> None:
        self.deliver(self.host.receive(peer, message if isinstance(message, str) else json.dumps(message)))


def refused_as_stale(guest: Guest, host: Host) -> bool:
    """Whether the host's last answer refused an action as chosen on an earlier board, with the board as it is
    now, and the phone says so in its own words (not the host's English reason) beside that board."""
    assert guest.last is not None and guest.state is not None
    return (
        guest.last["t"] == "state"
        and guest.state["v"] == host.version
        and guest.message == GUEST_TEXTS[guest.lang]["stale"]
    )


def actions(guest: Guest) -> list[str]:
    """Return the actions the guest's screen offers."""
    root = ET.fromstring(f"<r>{guest.html()}</r>")
    return [e.attrib["data-action"] for e in root.iter() if "data-action" in e.attrib]


def play_out(host: Host, wire: Wire, guests: dict[str, Guest], rng: Rng) -> None:
    """Play the host's game to its end: the bots move, each guest taps one of its actions."""
    while not host.table.over:
        if host.table.bot_to_act() is not None:
            host.table.bot_move()
            wire.deliver(host.broadcast())
            continue
        peer = next(p for p, g in guests.items() if actions(g))
        wire.send(peer, guests[peer].click("action", rng.choice(actions(guests[peer]))))
        assert all(g.message == "" for g in guests.values())


def test_three_guests_and_a_bot_play_a_whole_game_through_the_host():
    host = new_host()
    wire = Wire(host)
    guests = {p: wire.join(p) for p in ("a", "b", "c")}
    assert {host.peers[p] for p in guests} == {0, 1, 2}
    play_out(host, wire, guests, Rng(9))
    assert all(g.state["view"]["result"] is not None for g in guests.values())
    assert 'class="tt-result"' in guests["a"].html()


def test_a_rematch_deals_anew_with_every_seat_moved_on_and_each_phone_moving_with_its_seat():
    host = new_host(seats=("human", "human", "trader"))
    wire = Wire(host)
    guests = {p: wire.join(p) for p in ("a", "b")}
    with pytest.raises(BadSetup, match="once the game is over"):
        host.rematch(5, BOTS)
    play_out(host, wire, guests, Rng(3))
    last = {p: g.state for p, g in guests.items()}
    stale = {"t": "act", "v": last["a"]["v"], "action": "pass"}
    wire.deliver(host.rematch(5, BOTS))
    assert [s.kind for s in host.table.seats] == ["trader", "human", "human"]
    assert (host.table.record.seed, host.table.record.actions) == (5, ())
    for peer, guest in guests.items():  # Wire checks each state is the new game's view of its seat
        assert guest.state["seat"] == last[peer]["seat"] + 1 and guest.state["view"]["result"] is None
        assert guest.state["v"] > last[peer]["v"]  # a version is never used twice at a table
    assert host.names == names_by_language(host.table)  # the bot's seat is named as a bot's now
    before = host.table.to_json()
    wire.send("a", stale)  # a tap from the last game's screen, arriving late: refused, nothing changes
    assert refused_as_stale(guests["a"], host) and host.table.to_json() == before
    back = wire.join("a2", token=guests["a"].token)  # a reloaded phone finds its moved seat
    assert back.state["seat"] == guests["a"].state["seat"]
    play_out(host, wire, {"a2": back, "b": guests["b"]}, Rng(4))


def test_stale_duplicate_and_foreign_actions_are_rejected_without_change():
    host = new_host()
    wire = Wire(host)
    a, b = wire.join("a"), wire.join("b")
    act = a.click("action", actions(a)[0])
    wire.send("a", act)
    before = host.table.to_json()
    wire.send("a", act)  # the same message again: its version is stale and a's choices changed
    assert refused_as_stale(a, host) and host.table.to_json() == before
    wire.send("b", {"t": "act", "v": host.version, "action": "pass", "seat": 0})
    assert "player 1 is not to act" in b.message and host.table.to_json() == before


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_tap_made_on_an_earlier_board_says_so_and_counts_only_with_the_same_choices_now(lang: str):
    host = new_host()
    wire = Wire(host)
    a = wire.join("a", lang=lang)
    wire.join("b")
    seen = a.state["v"]
    wire.send("a", a.click("action", actions(a)[0]))
    late = a.click("action", actions(a)[0], seen)  # a tap on the board a reloaded phone kept
    assert late["v"] == seen < a.state["v"]
    before = host.table.to_json()
    wire.send("a", late)  # a's choices changed since that board: refused
    assert refused_as_stale(a, host) and host.table.to_json() == before


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("{", "not JSON"),
        ("[1]", "a JSON object"),
        ('{"t": "dance"}', "unknown message type"),
        ('{"t": "act", "v": 0}', 'string "action"'),
        ("x" * (MAX_MESSAGE + 1), "too long"),
        ("[" * 5000 + "]" * 5000, "too long"),
        ("[" * 2000 + "]" * 2000, "nests deeper than 32"),
        ('{"t": "act", "a": ' + "[" * 33 + "]" * 33 + "}", "nests deeper than 32"),
        ('{"t": "act", "a": "' + "[" * 200 + '"}', 'string "action"'),  # brackets in a string do not count
        ('{"t": "act", "a": [' + "0," * 1500 + "0]}", "more than 1000 items"),
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
    assert "every seat is held" in late.message and late.state is None
    wire.send("b", {"t": "act", "v": 0, "action": "pass"})
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


def test_a_held_seat_never_goes_to_a_tokenless_device_and_its_token_always_wins_it_back():
    host = new_host()
    wire = Wire(host)
    a, _, c = wire.join("a"), wire.join("b"), wire.join("c")
    host.leave("c")  # c's phone locks: its seat waits for its token
    for intruder in ("x", "y"):
        assert "every seat is held" in wire.join(intruder).message and intruder not in host.peers
        assert wire.join(intruder + "2", token="guessed").state is None
    back = wire.join("c2", token=c.token)
    assert back.state["seat"] == 2 and host.peers["c2"] == 2
    # A device with a's token while a is still connected: the newer connection wins, a is told why.
    other = wire.join("a2", token=a.token)
    assert other.state["seat"] == 0 and "a" not in host.peers and "taken over" in a.message
    # Only the host's "new phone" action frees a seat for a tokenless device.
    wire.deliver(host.release(1))
    assert wire.join("z").state["seat"] == 1


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
    old = wire.join("a2", token=a.token)  # the old token no longer names seat 0, nor any other
    assert "a2" not in host.peers and old.ended and old.message == HANDED_OVER


def test_simultaneous_choices_are_all_accepted_when_still_legal_for_their_seat():
    # Value Scale's sealed auction: every phone bids from the same version at the same moment.
    host = Host(Table.new("value_scale", ["human"] * 4, 3, {}, {"mode": "sealed"}), NAMES)
    wire = Wire(host)
    guests = {p: wire.join(p) for p in "abcd"}
    rng, simultaneous = Rng(5), 0
    while not host.table.over and simultaneous < 20:
        acting = [p for p, g in guests.items() if g.state["legal"]]
        sent = [(p, guests[p].click("action", rng.choice(guests[p].state["legal"]))) for p in acting]
        simultaneous += len(sent) > 1
        for peer, message in sent:  # all chosen before any reply arrives
            wire.send(peer, message)
            assert guests[peer].message == "", guests[peer].message
    assert simultaneous >= 5


class Relay:
    """Carries texts between a gate and guests the way the relay does; records every frame it forwards."""

    def __init__(self, gate: Gate) -> None:
        self.gate = gate
        self.now = 0.0
        gate.clock = lambda: self.now  # a phone that plays at a person's pace
        self.guests: dict[str, Guest] = {}
        self.frames: list[str] = []
        self.notices: list[tuple[str, str]] = []
        self.confirm: dict[str, str] = {}

    def to_host(self, peer: str, text: str) -> None:
        self.now += 0.2
        self.frames.append(text)
        self.gate.push(peer, text)
        self.pump()

    def pump(self) -> None:
        while True:
            events = self.gate.drain()
            if not events:
                return
            for kind, peer, detail in events:
                if kind == "send" and peer in self.guests:
                    self.frames.append(detail)
                    replies, _ = self.guests[peer].take(detail)
                    for reply in replies:
                        self.frames.append(reply)
                        self.gate.push(peer, reply)
                elif kind == "notice":
                    self.notices.append((peer, detail))
                elif kind == "confirm":
                    self.confirm[peer] = detail

    def join(self, peer: str, secret: str | None, token: str | None = None) -> Guest:
        self.guests[peer] = guest = Guest(token=token, secret=secret)
        self.to_host(peer, guest.start())
        return guest

    def act(self, peer: str, message: dict[str, Any]) -> None:
        self.to_host(peer, self.guests[peer].seal(message))


SEALED = re.compile(r"s2\.[A-Za-z0-9_-]+")
HANDSHAKE_KEYS = {"t", "k", "m", "c"}


def opaque(frame: str) -> bool:
    """Return whether a relayed frame is sealed, or a handshake message carrying only keys and nonces."""
    if SEALED.fullmatch(frame):
        return True
    message = json.loads(frame)
    return set(message) <= HANDSHAKE_KEYS and message["t"] in ("open", "opened", "reveal")


@pytest.mark.parametrize("game", GAMES)
def test_every_frame_the_relay_forwards_is_opaque_over_a_whole_game(game):
    players = get_game(game).min_players
    host = new_host(seats=("human",) * players, game=game, seed=11)
    keys = HostKeys.new()
    secret = keys.link
    relay = Relay(Gate(host, keys))
    guests = {str(p): relay.join(str(p), secret) for p in range(players)}
    rng, moves = Rng(2), 0
    while not host.table.over:
        assert moves < 5000
        peer = next(p for p, g in guests.items() if g.state and g.state["legal"])
        relay.act(peer, guests[peer].click("action", rng.choice(guests[peer].state["legal"])))
        moves += 1
    assert all(g.state["view"]["result"] is not None for g in guests.values())
    assert not relay.notices and all(opaque(frame) for frame in relay.frames)
    names = [name for seat_names in NAMES.values() for name in seat_names[:players]]
    words = {"hand", "card", "bid", "role", "view", "legal", "state", *names}
    plain = " ".join(f for f in relay.frames if not f.startswith("s2."))
    assert not [w for w in words if w in plain]


def test_a_tampered_or_replayed_frame_is_dropped_with_a_notice_and_no_state_change():
    host = new_host()
    keys = HostKeys.new()
    secret = keys.link
    relay = Relay(Gate(host, keys))
    a = relay.join("a", secret)
    message = a.seal(a.click("action", a.state["legal"][0]))
    before = host.table.to_json()
    flipped = message[:-8] + ("A" if message[-8] != "A" else "B") + message[-7:]
    relay.to_host("a", flipped)
    assert host.table.to_json() == before and "authentication" in relay.notices[-1][1]
    relay.to_host("a", message)
    after = host.table.to_json()
    assert after != before
    relay.to_host("a", message)  # the same frame again
    assert host.table.to_json() == after and "replayed" in relay.notices[-1][1]
    relay.to_host("a", "s2.AAAA")
    assert host.table.to_json() == after and len(relay.notices) == 3


def test_a_device_without_the_link_cannot_open_or_forge_and_a_wrong_link_gets_nothing():
    host = new_host()
    keys = HostKeys.new()
    relay = Relay(Gate(host, keys))
    thief = relay.join("t", HostKeys.new().link)  # a link of another table, or a guessed one
    assert thief.state is None and thief.session is None and "t" not in host.peers
    assert "without this table's link" in relay.notices[-1][1]
    other_psk = HostKeys(HostKeys.new().psk, keys.static)  # the host's key, but not the link's secret
    relay.join("u", other_psk.link)
    assert "u" not in host.peers and "without this table's link" in relay.notices[-1][1]


def test_a_guest_holding_the_link_cannot_pose_as_the_host_to_another_phone():
    # The link carries the host's public key and the pre-shared key: a guest (with the relay's help) can
    # answer a phone's handshake only with a static key of its own, and the phone's first message was
    # sealed to the host's key.
    keys = HostKeys.new()
    phone = GuestOpening(keys.link)
    opening = phone.start()
    impostor = HostKeys(keys.psk, HostKeys.new().static)
    with pytest.raises(SealError, match="without this table's link"):
        HostOpening(impostor, opening)
    real = HostOpening(keys, opening)
    phone_session, _ = phone.finish(real.answer())
    assert real.session().open(phone_session.seal({"t": "hello"})) == {"t": "hello"}
    other = GuestOpening(keys.link)
    other.start()
    with pytest.raises(SealError):  # a real answer, but of another session
        other.finish(HostOpening(keys, GuestOpening(keys.link).start()).answer())


def test_a_code_only_phone_waits_for_the_host_to_confirm_its_check_code_then_gets_the_link():
    host = new_host()
    keys = HostKeys.new()
    gate = Gate(host, keys)
    relay = Relay(gate)
    phone = relay.join("p", None)
    assert phone.state is None and phone.code and relay.confirm == {"p": phone.code}
    assert gate.asking() == {"p": phone.code} and f'data-check="{phone.code}"' in phone.html()
    relay.act("p", {"t": "act", "v": 0, "action": "pass"})
    assert "wait until the table" in phone.message and "p" not in host.peers
    gate.confirm("p")
    relay.pump()
    assert phone.state["seat"] == 0 and phone.secret == keys.link and phone.code == ""
    refused = relay.join("r", None)
    gate.refuse("r")
    relay.pump()
    assert refused.ended and "did not let" in refused.message and "r" not in host.peers


class MiddleRelay(Relay):
    """A relay in the middle of a code-only join: it answers the phone as a host of its own (its own keys)
    and joins the real host as a phone of its own, passing on whatever it can."""

    def __init__(self, gate: Gate) -> None:
        super().__init__(gate)
        self.fake = Gate(new_host(), HostKeys.new())  # what the phone talks to
        self.fake.clock = lambda: self.now
        self.inner = Guest()  # what the real host talks to
        self.heard: list[dict[str, Any]] = []  # every message the relay could open from the real host

    def attack(self, phone: Guest) -> None:
        self.fake.push("p", phone.start())
        for kind, _, text in self.fake.drain():
            if kind == "send":
                for reply in phone.take(text)[0]:
                    self.fake.push("p", reply)
        self.fake.drain()
        self.gate.push("m", self.inner.start())
        for _ in range(3):
            for kind, peer, detail in self.gate.drain():
                if kind == "send":
                    replies, _ = self.inner.take(detail)
                    if self.inner.last:
                        self.heard.append(self.inner.last)
                    for reply in replies:
                        self.gate.push("m", reply)
                elif kind == "confirm":
                    self.confirm[peer] = detail


def test_a_relay_in_the_middle_of_a_code_only_join_cannot_make_the_codes_agree_and_gets_nothing():
    # The relay must fix its keys on both sides before the phone reveals its own, so the code the phone shows
    # (its own session's) and the one the host shows (the relay's session with it) agree 1 in a million.
    for _ in range(20):
        host = new_host()
        relay = MiddleRelay(Gate(host, HostKeys.new()))
        phone = Guest()
        relay.attack(phone)
        shown_on_phone = re.search(r'data-check="(\d{6})"', phone.html())
        assert shown_on_phone and shown_on_phone[1] == phone.code
        assert relay.gate.asking() == {"m": relay.confirm["m"]} and relay.confirm["m"] != phone.code
        relay.gate.refuse("m")  # the owner sees two codes and refuses
        relay.gate.drain()
        assert not host.peers and all(m["t"] in ("wait", "bye") for m in relay.heard)
        assert not [m for m in relay.heard if {"token", "secret", "view"} & set(m)]
    # Nor can it swap in another key after the phone's commitment: under the phone's prologue, another key
    # fails the commitment; under its own, the transcript differs.
    phone_opening = GuestOpening(None)
    commit = phone_opening.start()
    for prologue in (CODE_PROLOGUE + phone_opening.commit, CODE_PROLOGUE + bytes(32)):
        host_opening = HostOpening(HostKeys.new(), commit)
        swapped = Handshake("NN", False, prologue)
        swapped.read(unb64(host_opening.answer()["m"]))
        with pytest.raises(SealError, match=r"commitment|authentication"):
            host_opening.session({"t": "reveal", "m": b64(swapped.write())})


def test_a_handshake_field_of_the_wrong_size_or_kind_is_refused_on_either_side():
    keys = HostKeys.new()
    for link in (keys.link, None):
        phone = GuestOpening(link)
        host = HostOpening(keys, phone.start())
        with pytest.raises(SealError):
            phone.finish({**host.answer(), "m": "AAAA"})
        with pytest.raises(SealError):
            GuestOpening(link).finish({"t": "opened", "m": ["not", "text"]})
    for bad in (
        {"t": "open", "k": 1, "m": "AAAA"},
        {"t": "open", "k": 0, "c": "AAAA"},
        {"t": "open", "k": 0},
    ):
        with pytest.raises(SealError):
            HostOpening(keys, bad)
    phone = GuestOpening(None)
    host = HostOpening(keys, phone.start())
    _, reveal = phone.finish(host.answer())
    with pytest.raises(SealError):
        host.session({**reveal, "m": reveal["m"][:-4]})


def test_every_sealed_frame_of_one_size_bucket_has_one_length():
    # Lengths must not tell acts, roles or hands apart: a pass and a long bid seal to the same length.
    keys = HostKeys.new()
    phone = GuestOpening(keys.link)
    host = HostOpening(keys, phone.start())
    session, _ = phone.finish(host.answer())
    acts = [{"t": "act", "v": 3, "action": a} for a in ("pass", "bid:17:3", "place:corn:up", "x" * 900)]
    assert len({len(session.seal(m)) for m in acts}) == 1
    assert len(session.seal({"t": "act", "v": 3, "action": "x" * 1100})) > len(session.seal(acts[0]))


def test_a_new_phone_keeps_the_old_one_out_and_the_other_phones_get_the_new_link():
    host = new_host()
    keys = HostKeys.new()
    gate = Gate(host, keys)
    relay = Relay(gate)
    a, b = relay.join("a", keys.link), relay.join("b", keys.link)
    gate.send(host.release(0))  # "New phone" for a's seat
    gate.relink()
    relay.pump()
    assert a.ended and a.message == HANDED_OVER and "a" in gate.closed
    assert b.secret == gate.keys.link != keys.link
    before = host.table.to_json()
    relay.act("a", {"t": "act", "v": host.version, "action": "pass"})  # its next message is not heard
    assert host.table.to_json() == before and "a" not in host.peers
    back = relay.join("a2", keys.link, token=a.token)  # the old phone again, with its old link and token
    assert back.ended and back.message == HANDED_OVER and "a2" not in host.peers
    stranger = relay.join("s", keys.link)  # the old link, no token: not even the free seat
    assert stranger.ended and stranger.message == OUT_OF_DATE and "s" not in host.peers
    new = relay.join("n", gate.keys.link)
    assert host.peers["n"] == 0 and new.state["seat"] == 0
    again = relay.join("b2", keys.link, token=b.token)  # b reconnecting with the link it had: its own seat
    assert host.peers["b2"] == 1 and again.state["seat"] == 1


def test_a_flooding_phone_is_warned_then_cut_and_a_real_phone_is_answered_throughout():
    host = new_host()
    keys = HostKeys.new()
    secret = keys.link
    gate = Gate(host, keys)
    relay = Relay(gate)
    real, flooder = relay.join("real", secret), relay.join("flood", secret)
    junk = flooder.seal({"t": "act", "v": 0, "action": "nonsense"})
    sent_to_flooder = 0
    for i in range(3000):
        gate.push("flood", junk if i % 2 else "{")
        relay.now += 0.001
        if i % 100 == 0:  # a real phone's action in the middle of the flood is handled at the next drain
            v = real.state["v"]
            if real.state["legal"]:
                relay.act("real", real.click("action", real.state["legal"][0]))
                assert real.state["v"] > v or real.message
        events = gate.drain()
        sent_to_flooder += sum(1 for kind, peer, _ in events if kind == "send" and peer == "flood")
    assert "flood" in gate.closed and "flood" not in host.peers
    assert sent_to_flooder <= BURST + QUEUE  # what the host answered the flood, warning and bye included
    assert host.peers["real"] == 0


def test_a_hello_flood_gets_one_reply_per_hello_and_at_most_the_rate():
    host = new_host()
    keys = HostKeys.new()
    secret = keys.link
    gate = Gate(host, keys)
    relay = Relay(gate)
    guest = relay.join("a", secret)
    replies = 0
    for _ in range(450):  # 45 hellos a second for 10 s
        relay.now += 1 / 45
        gate.push("a", guest.seal(guest.hello()))
        replies += sum(1 for kind, *_ in gate.drain() if kind == "send")
    assert replies <= 10 * 8 + BURST + 2  # the host's own rate, never the relay's 50 a second


def test_strangers_cannot_turn_out_a_waiting_phone_and_refusals_pause_code_joins_but_not_links():
    host = new_host()
    keys = HostKeys.new()
    gate = Gate(host, keys)
    relay = Relay(gate)
    phones = {f"p{i}": relay.join(f"p{i}", None) for i in range(5)}
    assert list(gate.asking()) == ["p0", "p1", "p2"]  # the first three wait; later ones are turned away
    busy = GUEST_TEXTS["en"]["busy"]
    assert [g.message == busy for g in phones.values()] == [False, False, False, True, True]
    assert gate.attempts() == (2, 0.0)
    for peer in ("p0", "p1", "p2"):  # three refused in a row: code-only joins pause
        gate.refuse(peer)
    relay.pump()
    assert gate.attempts() == (5, PAUSE)
    assert relay.join("late", None).message == busy  # paused
    assert relay.join("link", keys.link).state is not None  # a phone with the link still comes in
    relay.now += PAUSE
    honest = relay.join("honest", None)
    assert honest.code and gate.asking() == {"honest": honest.code}
    gate.leave("honest")  # gone before the host decided: abandoned, counted
    assert gate.attempts()[0] == 7


def test_a_code_only_phone_that_never_reveals_its_key_gives_its_place_up():
    gate = Gate(new_host(), HostKeys.new())
    relay = Relay(gate)
    for i in range(3):  # three strangers start a code-only handshake and never finish it
        relay.to_host(f"s{i}", json.dumps(GuestOpening(None).start()))
    assert relay.join("late", None).message == GUEST_TEXTS["en"]["busy"]
    relay.now += 31  # the three count as abandoned, which pauses code-only joins
    assert relay.join("honest", None).message == GUEST_TEXTS["en"]["busy"] and gate.attempts()[0] == 5
    relay.now += PAUSE
    assert relay.join("honest2", None).code and "honest2" in gate.asking()


def test_a_new_session_on_a_seated_connection_holds_no_seat_until_it_says_hello_again():
    # A relay may forge an `open` "from" a seated phone and run a code-only session the host lets in:
    # that session starts without the seat, and a tokenless hello gets none while every seat is held.
    host = new_host(seats=("human", "trader", "trader"))
    keys = HostKeys.new()
    secret = keys.link
    gate = Gate(host, keys)
    relay = Relay(gate)
    relay.join("a", secret)
    assert host.peers == {"a": 0}
    forged = relay.join("a", None)  # the same peer id, a new code-only session
    gate.confirm("a")
    relay.pump()
    assert "every seat is held" in forged.message and host.peers == {}
    before = host.table.to_json()
    relay.act(
        "a", {"t": "act", "v": host.version, "action": host.table.game.legal_actions(host.table.state, 0)[0]}
    )
    assert "no seat" in forged.message and host.table.to_json() == before


def test_each_phone_names_the_seats_in_its_own_language_and_its_own_seat_as_you() -> None:
    table = Table.new("futures", ["human", "human", "trader"], 4, BOTS)
    host = Host(table, names_by_language(table))
    for lang, names, you in (
        ("en", ["Red (You)", "Blue", "Yellow (bot)"], "Blue (You)"),
        ("ja", ["赤（あなた）", "青", "黄（ボット）"], "青（あなた）"),
    ):
        guest = Guest(lang)
        guest.state = host.state_for(0)
        shown = guest.html()
        assert all(name in shown for name in names), (lang, names)
        assert you not in shown
        guest.state = host.state_for(1)
        assert you in guest.html()
    assert "Red" not in shown
