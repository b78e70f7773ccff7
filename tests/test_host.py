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
from pygame_core.engine.host import BURST, GUEST_TEXTS, MAX_MESSAGE, QUEUE, Gate, Guest, Host
from pygame_core.engine.screen import names_by_language
from pygame_core.engine.table import Table
from pygame_core.engine.tunnel import GuestOpening, HostOpening, SealError, new_secret

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


def refused_as_stale(guest: Guest) -> bool:
    """Whether the host's last answer refused an action as chosen on an earlier board, and the phone says so
    in its own words (not the host's English reason)."""
    assert guest.last is not None
    return (
        guest.last["t"] == "error"
        and guest.last.get("stale") is True
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
    assert refused_as_stale(guests["a"]) and host.table.to_json() == before
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
    assert refused_as_stale(a) and host.table.to_json() == before
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
    assert refused_as_stale(a) and host.table.to_json() == before


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("{", "not JSON"),
        ("[1]", 'string "t"'),
        ('{"t": "dance"}', "unknown message type"),
        ('{"t": "act", "v": 0}', 'string "action"'),
        ("x" * (MAX_MESSAGE + 1), "too long"),
        ("[" * 5000 + "]" * 5000, "too long"),
        ("[" * 2000 + "]" * 2000, "not JSON"),
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
    wire.join("a2", token=a.token)
    assert host.peers["a2"] == 2  # the old token no longer names seat 0


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


SEALED = re.compile(r"s1\.[A-Za-z0-9_-]+")
HANDSHAKE_KEYS = {"t", "k", "n", "c", "g"}


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
    secret = new_secret()
    relay = Relay(Gate(host, secret))
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
    plain = " ".join(f for f in relay.frames if not f.startswith("s1."))
    assert not [w for w in words if w in plain]


def test_a_tampered_or_replayed_frame_is_dropped_with_a_notice_and_no_state_change():
    host = new_host()
    secret = new_secret()
    relay = Relay(Gate(host, secret))
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
    relay.to_host("a", "s1.AAAA")
    assert host.table.to_json() == after and len(relay.notices) == 3


def test_a_device_without_the_link_cannot_open_or_forge_and_a_wrong_secret_gets_nothing():
    host = new_host()
    relay = Relay(Gate(host, new_secret()))
    thief = relay.join("t", new_secret())  # a link of another table, or a guessed secret
    assert thief.state is None and "t" not in host.peers
    relay.to_host("t", thief.seal({"t": "hello", "token": None}))
    assert "t" not in host.peers and relay.notices


def test_a_code_only_phone_waits_for_the_host_to_confirm_its_check_code_then_gets_the_secret():
    host = new_host()
    secret = new_secret()
    gate = Gate(host, secret)
    relay = Relay(gate)
    phone = relay.join("p", None)
    assert phone.state is None and phone.code and relay.confirm == {"p": phone.code}
    relay.act("p", {"t": "act", "v": 0, "action": "pass"})
    assert "wait until the table" in phone.message and "p" not in host.peers
    gate.confirm("p")
    relay.pump()
    assert phone.state["seat"] == 0 and phone.secret == secret and phone.code == ""
    refused = relay.join("r", None)
    gate.refuse("r")
    relay.pump()
    assert refused.ended and "did not let" in refused.message and "r" not in host.peers


def test_a_relay_in_the_middle_of_a_code_only_handshake_shows_different_codes():
    # The relay runs one handshake with the phone and another with the host: it must commit to its key
    # before it sees the phone's, so it cannot make the two check codes match (1 in a million by chance).
    phone = GuestOpening(None)
    fake_host = HostOpening(new_secret(), phone.start())
    fake_phone = GuestOpening(None)
    real_host = HostOpening(new_secret(), fake_phone.start())
    phone_session, reveal = phone.finish(fake_host.answer())
    fake_phone_session, fake_reveal = fake_phone.finish(real_host.answer())
    assert reveal and fake_reveal
    host_session = real_host.session(fake_reveal)
    assert phone_session.code != host_session.code
    assert host_session.code == fake_phone_session.code
    with pytest.raises(SealError, match="commitment"):
        HostOpening(new_secret(), phone.start()).session(fake_reveal)


@pytest.mark.parametrize("secret", [new_secret(), None])
def test_a_handshake_nonce_of_the_wrong_size_is_refused_on_either_side(secret):
    phone = GuestOpening(secret)
    host = HostOpening(secret or new_secret(), phone.start())
    short = {**host.answer(), "n": "AAAA"}
    with pytest.raises(SealError, match="bad nonce"):
        phone.finish(short)
    if secret:
        with pytest.raises(SealError, match="bad nonce"):
            HostOpening(secret, {**phone.start(), "n": "AAAA"})
    else:
        _, reveal = phone.finish(host.answer())
        with pytest.raises(SealError, match="bad nonce"):
            host.session({**reveal, "n": "AAAA"})


def test_a_flooding_phone_is_warned_then_cut_and_a_real_phone_is_answered_throughout():
    host = new_host()
    secret = new_secret()
    gate = Gate(host, secret)
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
    secret = new_secret()
    gate = Gate(host, secret)
    relay = Relay(gate)
    guest = relay.join("a", secret)
    replies = 0
    for _ in range(450):  # 45 hellos a second for 10 s
        relay.now += 1 / 45
        gate.push("a", guest.seal(guest.hello()))
        replies += sum(1 for kind, *_ in gate.drain() if kind == "send")
    assert replies <= 10 * 8 + BURST + 2  # the host's own rate, never the relay's 50 a second


def test_code_only_handshakes_are_rationed_and_at_most_three_devices_wait_for_the_host():
    host = new_host()
    gate = Gate(host, new_secret())
    relay = Relay(gate)
    phones = {f"p{i}": relay.join(f"p{i}", None) for i in range(6)}  # 0.2 s apart
    asked = [p for p, g in phones.items() if g.code]
    assert asked == ["p0", "p1", "p2"] and sum("too many code-only" in d for _, d in relay.notices) == 3
    relay.now += 2  # one more handshake allowed; the oldest waiting device makes room for it
    late = relay.join("late", None)
    assert late.code and list(gate.waiting) == ["p1", "p2", "late"] and phones["p0"].ended
    assert not host.peers


def test_a_new_session_on_a_seated_connection_holds_no_seat_until_it_says_hello_again():
    # A relay may forge an `open` "from" a seated phone and run a code-only session the host lets in:
    # that session starts without the seat, and a tokenless hello gets none while every seat is held.
    host = new_host(seats=("human", "trader", "trader"))
    secret = new_secret()
    gate = Gate(host, secret)
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
