"""What the pages do, run once by build.py in Pyodide to find which standard library modules they import.

Every registered game is played to its end from a seed, read from a link as the play page does: one person
choosing at random and a seat for each bot level, the screen painted at every move, a hint asked once and an
illegal move's error formatted with its traceback. Then the record is packed and replayed, the table saved
and resumed, the rules and explanations shown in both languages, and one game hosted for a phone through
the sealed gate, with the lobby and the join link's QR code.
"""

import re
import traceback
from collections.abc import Callable, Generator
from typing import TypeVar

import segno
from tt_crypto import Noble

import pygame_core.games  # noqa: F401  (registers every game)
from pygame_core.bots import bot_factories, bot_levels
from pygame_core.bots.hint import hint_steps
from pygame_core.bots.review import Reviews
from pygame_core.catalog import catalog
from pygame_core.engine import Game, GameError, Rng, all_games, crypto, get_board
from pygame_core.engine.host import Event, Gate, Guest, Host
from pygame_core.engine.howto import rules_html
from pygame_core.engine.link import read_link
from pygame_core.engine.record import from_fragment, to_fragment
from pygame_core.engine.replayer import Replayer
from pygame_core.engine.screen import Screen, names_by_language
from pygame_core.engine.table import HUMAN, Table
from pygame_core.engine.tunnel import HostKeys

LANGS = ("en", "ja")
SEED = 7
T = TypeVar("T")


def finish(steps: Generator[None, None, T]) -> T:
    """Run sliced work (a bot's move, a hint) to its end, as a page does between paints."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            result: T = done.value
            return result


def new_table(game: Game) -> Table:
    """A table from a link: a person in seat 0, then one seat per bot level (weakest first)."""
    levels = bot_levels(game)
    players = max(game.min_players, min(game.max_players, len(levels) + 1))
    seats = [HUMAN, *(f"bot:{levels[i % len(levels)]}" for i in range(players - 1))]
    setup = read_link({"game": game.id, "seats": ",".join(seats), "seed": str(SEED)}, levels)
    return setup.deal(SEED, bot_factories(game))


def explain_all(html: str, explain: Callable[[str], str]) -> None:
    """Explain each kind of thing a board marks with data-explain."""
    for key in dict.fromkeys(re.findall(r'data-explain="([^"]+)"', html)):
        explain(key)


def play(game: Game) -> Table:
    """Play a whole game on the play page's screen and return its table."""
    table = new_table(game)
    screen = Screen(table, get_board(game.id))
    rng = Rng(SEED)
    try:
        table.act(0, "not an action")
    except GameError:
        traceback.format_exc()
    hinted = False
    while not table.over:
        explain_all(screen.html(), screen.explain)
        if table.bot_to_act() is not None:
            finish(table.bot_steps())
            continue
        if not hinted:
            screen.hints = finish(hint_steps(game, table.state, 0, SEED))
            hinted = True
        screen.click("action", rng.choice(game.legal_actions(table.state, 0)))
    for lang in LANGS:
        end = Screen(table, get_board(game.id), lang)
        explain_all(end.html(), end.explain)
        rules_html(game.id, lang)
    return table


def replay(game: Game, table: Table) -> None:
    """Save and resume the table, pack its record into a link and step through it as the replay page."""
    Table.from_json(table.to_json(), bot_factories(game))
    record = from_fragment(to_fragment(table.record))
    for lang in LANGS:
        replayer = Replayer(record, lang)
        for step in (0, len(record.actions) // 2, len(record.actions)):
            replayer.go(step)
            explain_all(replayer.html(), replayer.explain)
        replayer.see_as(0)
        replayer.html()
    reviews = Reviews(record, replayer.states, {})  # a seat's review, worked and shown as the pages do
    reviews.start(0)
    while reviews.working is not None:
        reviews.step()
    for lang in LANGS:
        reviews.html([0], replayer.names, lang)


def host(game: Game) -> None:
    """Host a new table of the game for a phone that joins by the link and plays its first move, sealed."""
    crypto.use(Noble())  # the table page's primitives, as its worker has them
    keys = HostKeys.new()
    table = new_table(game)
    gate = Gate(Host(table, names_by_language(table)), keys)
    guest = Guest("ja", None, keys.link)

    def deliver(events: list[Event]) -> None:
        for kind, _, detail in events:
            if kind == "send":
                for reply in guest.take(detail)[0]:
                    gate.push("phone", reply)
                    deliver(gate.drain())

    gate.push("phone", guest.start())
    deliver(gate.drain())
    while guest.state is not None and not guest.state["legal"] and table.bot_to_act() is not None:
        table.bot_move()
        gate.send(gate.host.broadcast())
        deliver(gate.drain())
    assert guest.state is not None and guest.state["legal"], "the phone got no seat or no move"
    gate.push("phone", guest.seal(guest.click("action", guest.state["legal"][0]) or {}))
    deliver(gate.drain())
    explain_all(guest.html(), guest.explain)
    for lang in LANGS:
        catalog("../", table=True, lang=lang)
    link = f"https://example.org/table/?room=ROOM#k={keys.link}"
    segno.make(link, error="m").svg_inline(scale=4, dark="#111", light="#fff")


def main() -> None:
    """Do all the pages do, for every game."""
    for game in all_games():
        replay(game, play(game))
    host(next(iter(all_games())))


if __name__ == "__main__":
    main()
