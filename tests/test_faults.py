"""The table keeps going whatever the network does: every game played by phones through a relay that loses,
reorders and repeats frames ends as it does without faults; and every state message stays small."""

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from peers import Lossy, choose

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
from messages import LIMIT, largest, variants

import pygame_core.games  # noqa: F401  (registers the games)
from pygame_core.engine import all_games, get_game
from pygame_core.engine.game import Outcome
from pygame_core.engine.host import BURST, COOL_DOWN, STRIKES, Host
from pygame_core.engine.screen import names_by_language
from pygame_core.engine.table import Table

GAMES = [game.id for game in all_games()]
SEED = 6
HANDSHAKES = 20  # frames each way the phones' handshakes take at most (the handshake is not retried)


def turn_of(table: Table, seat: int) -> int:
    """Return how many actions `seat` has played in this game."""
    return sum(1 for player, _ in table.record.actions if player == seat)


def without_faults(game: str, players: int, options: dict[str, Any]) -> Outcome | None:
    """Return the result of the game the seats' choices make, played straight on the table."""
    table = Table.new(game, ["human"] * players, SEED, {}, options)
    while not table.over:
        seat = table.game.to_act(table.state)[0]
        table.act(seat, choose(SEED, seat, turn_of(table, seat), table.game.legal_actions(table.state, seat)))
    return table.game.result(table.state)


def through_faults(game: str, players: int, options: dict[str, Any], faults: int) -> tuple[Host, Lossy]:
    """Play the game with a phone at every seat through a relay with `faults` of each kind each way, spread
    over the frames the game takes without faults (after the handshakes)."""
    spots: list[tuple[bool, int]] = []
    if faults:
        _, clean = through(game, players, options, Lossy)
        for way, count in clean.counted.items():
            spots += [(way, n) for n in range(HANDSHAKES, count, (count - HANDSHAKES) // (3 * faults))][
                : 3 * faults
            ]
    return through(game, players, options, lambda host: Lossy(host, spots[0::3], spots[1::3], spots[2::3]))


def through(
    game: str, players: int, options: dict[str, Any], relay_of: Callable[[Host], Lossy]
) -> tuple[Host, Lossy]:
    """Play the game with a phone at every seat through the relay `relay_of` makes; return the host and it."""
    host = Host(Table.new(game, ["human"] * players, SEED, {}, options), {})
    host.names = names_by_language(host.table)
    relay = relay_of(host)
    guests = {str(p): relay.join(str(p)) for p in range(players)}
    acted: dict[str, object] = {}
    for _ in range(100_000):
        delivered = relay.deliver()
        for peer, guest in guests.items():  # a phone taps one of its actions on each new board it gets
            state = guest.state
            if state is not None and state["legal"] and acted.get(peer) is not state:
                acted[peer] = state
                seat = state["seat"]
                action = choose(SEED, seat, turn_of(host.table, seat), state["legal"])
                relay.send(True, peer, guest.seal(guest.click("action", action)) or "")
        shown = [g.state is not None and g.state["view"].get("result") is not None for g in guests.values()]
        if host.table.over and all(shown):
            return host, relay
        if not delivered and not relay.flight:
            relay.idle(1.0)
    raise AssertionError(f"the table stalled at version {host.version}")


@pytest.mark.parametrize("faults", [1, 2, 5])
@pytest.mark.parametrize("game", GAMES)
def test_every_game_ends_as_without_faults_when_frames_are_lost_reordered_and_repeated(game, faults):
    players = 3
    host, relay = through_faults(game, players, {}, faults)
    assert relay.faults == 3 * faults * 2  # each kind, each way, all happened
    assert host.version == through_faults(game, players, {}, 0)[0].version
    assert host.table.game.result(host.table.state) == without_faults(game, players, {})


def test_a_sealed_auction_of_four_phones_bidding_at_once_survives_lost_frames():
    options = {"mode": "sealed"}
    host, relay = through_faults("value_scale", 4, options, 5)
    assert relay.faults == 30
    assert host.table.game.result(host.table.state) == without_faults("value_scale", 4, options)


@pytest.mark.parametrize("game", GAMES)
def test_every_state_message_of_random_games_stays_far_under_the_relays_frame_limit(game):
    # 24 KiB of JSON: the seal pads to a multiple of 1 KiB and base64 adds a third: under the 64 KiB frame.
    found = get_game(game)
    for players in (found.min_players, found.max_players):
        for seed, options in enumerate(variants(found)):
            assert largest(game, players, seed, options) < LIMIT, (players, options, seed)


def seated(players: int = 3, game: str = "futures") -> tuple[Host, Lossy, dict[str, Any]]:
    """Return a host, a fault-free relay and a phone at each seat, every handshake done."""
    host = Host(Table.new(game, ["human"] * players, SEED, {}), {})
    host.names = names_by_language(host.table)
    relay = Lossy(host)
    guests = {str(p): relay.join(str(p)) for p in range(players)}
    while relay.deliver():
        pass
    return host, relay, guests


def settle(relay: Lossy) -> None:
    """Deliver every frame in flight."""
    while relay.deliver():
        pass


def test_a_phone_that_missed_a_state_asks_for_the_board_after_a_gap_or_a_silence():
    host, relay, guests = seated()
    mover = next(p for p, g in guests.items() if g.state["legal"])
    relay.drops = {(False, relay.counted[False])}  # the host's next frame to a phone is lost
    tap = guests[mover].click("action", guests[mover].state["legal"][0])
    relay.send(True, mover, guests[mover].seal(tap))
    settle(relay)
    behind = [p for p, g in guests.items() if g.state["v"] != host.version]
    assert len(behind) == 1  # no later frame came to it: only the silence tells it
    relay.idle(4.0)
    assert not relay.flight  # a phone waits a few seconds before asking
    relay.idle(1.0)
    settle(relay)
    assert all(g.state["v"] == host.version for g in guests.values())
    # A gap: the next frame to a phone is lost, the one after it arrives: the phone asks at once.
    peer = behind[0]
    relay.drops = {(False, relay.counted[False])}
    for _ in range(2):  # two states (a second one queued at once would replace the first)
        relay.gate.send(host.current(peer))
        for _kind, to, text in relay.gate.drain():
            relay.send(False, to, text)
    relay.deliver()
    assert relay.flight and relay.flight[0][:2] == (True, peer)  # its sync, before any timer


def test_a_state_older_than_the_board_shown_is_ignored():
    host, relay, guests = seated()
    peer = next(p for p, g in guests.items() if g.state["legal"])
    guest = guests[peer]
    old = host.current(peer)[0][1]
    relay.send(True, peer, guest.seal(guest.click("action", guest.state["legal"][0])))
    settle(relay)
    shown = guest.state
    guest.receive({**old, "n": guest.seq + 1})
    assert guest.state is shown and shown["v"] > old["v"]


def test_an_over_limit_phone_is_sent_the_board_and_a_flooder_stays_out_with_its_token():
    host, relay, guests = seated()
    gate, peer = relay.gate, next(p for p, g in guests.items() if g.state["legal"])
    guest = guests[peer]
    sync = [guest.seal({"t": "sync"}) for _ in range(BURST)]
    for text in sync:  # all at one instant: the phone's bucket is empty after them
        gate.push(peer, text)
    settle(relay)
    before, seq = host.version, guest.seq
    tap = guest.click("action", guest.state["legal"][0])
    relay.send(True, peer, guest.seal(tap))
    settle(relay)
    assert host.version == before and guest.seq == seq + 1  # not played, but the phone got the board
    relay.now += 1.0
    relay.send(True, peer, guest.seal(guest.click("action", tap["action"])))  # offered again
    settle(relay)
    assert host.version == before + 1
    # A flooder cut off comes back with its token on a new connection: still shut, for a while.
    relay.now += 10
    for _ in range(STRIKES + BURST):
        gate.push(peer, sync[0])
    gate.drain()
    assert peer in gate.closed and peer not in host.peers
    back = relay.make(guest.token)
    relay.guests["again"] = back
    relay.send(True, "again", back.start())
    settle(relay)
    assert "again" not in host.peers and back.ended and "come back in" in back.message
    relay.now += COOL_DOWN + 1
    later = relay.make(guest.token)
    relay.guests["later"] = later
    relay.send(True, "later", later.start())
    settle(relay)
    assert host.peers.get("later") == guest.state["seat"] == later.state["seat"]  # back in its own seat


def test_a_deeply_nested_sealed_message_is_a_notice_for_developers_never_parsed():
    host, relay, guests = seated()
    guest, before = guests["0"], host.table.to_json()
    nested: Any = "x"
    for _ in range(900):  # as deep as the sealing side can encode; Pyodide died at 2,500
        nested = [nested]
    text = guest.seal({"t": "act", "v": host.version, "action": nested})
    relay.gate.push("0", text)
    events = relay.gate.drain()
    assert [detail for kind, _, detail in events if kind == "notice"] == [
        "a sealed message: message nests deeper than 32 levels"
    ]
    assert host.table.to_json() == before
