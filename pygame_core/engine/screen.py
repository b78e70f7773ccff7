"""What one device shows of a table: whose view, the hot-seat hand-over, selected cards, undo and the log.

It is pure: the page turns a click into `click(kind, value)` and paints `html()`. No browser import here.
"""

from collections.abc import Sequence
from typing import Any

from .game import Player
from .registry import get_board, get_game
from .render import Board, Texts, tag, translate
from .table import Table

LOG_LINES = 14

TEXTS: Texts = {
    "en": {
        "handover": "Pass the device to {name}",
        "handover_hint": "Only {name} should look at the next screen.",
        "i_am": "I am {name} — show my hand",
        "undo": "Undo my last move",
        "thinking": "{name} is thinking…",
        "log": "What happened",
        "bot": "{name} (bot)",
        "you": "You",
        "waiting": "Waiting for the host…",
    },
    "ja": {
        "handover": "{name}に端末を渡してください",
        "handover_hint": "次の画面は{name}だけが見てください。",
        "i_am": "{name}です — 手札を表示",
        "undo": "一手戻す",
        "thinking": "{name}が考えています…",
        "log": "ゲームの記録",
        "bot": "{name}（ボット）",
        "you": "あなた",
        "waiting": "ホストを待っています…",
    },
}


class Screen:
    """One device's screen of a table, in one language."""

    def __init__(self, table: Table, board: Board, lang: str = "en", names: Sequence[str] | None = None):
        self.table = table
        self.board = board
        self.lang = lang
        self.selected: list[str] = []
        self.confirmed: Player | None = None
        colours = board.seat_names(table.record.players, lang)
        people = table.humans()
        self.names = (
            list(names) if names else [self._default_name(p, colours[p], people) for p in range(len(colours))]
        )

    def _default_name(self, seat: Player, colour: str, people: list[Player]) -> str:
        """Return a seat's name: its colour, marked as a bot or, alone at the table, as you."""
        if not self.table.seats[seat].is_human:
            return translate(TEXTS, self.lang, "bot", name=colour)
        if len(people) == 1:
            return f"{colour} ({translate(TEXTS, self.lang, 'you')})"
        return colour

    def audience(self) -> Player | None:
        """Return whose view the device shows: the only person, the person to act, or the table (None)."""
        people = self.table.humans()
        if len(people) == 1:
            return people[0]
        acting = self.table.humans_to_act()
        return acting[0] if acting else None

    def needs_handover(self) -> bool:
        """Return whether a pass-the-device screen must hide the board until the next person taps."""
        who = self.audience()
        return len(self.table.humans()) > 1 and who is not None and who != self.confirmed

    def html(self) -> str:
        """Return the whole play area: the hand-over screen, or the board, undo, thinking and the log."""
        who = self.audience()
        if self.needs_handover() and who is not None:
            name = self.names[who]
            return tag(
                "section",
                tag("h2", translate(TEXTS, self.lang, "handover", name=name))
                + tag("p", translate(TEXTS, self.lang, "handover_hint", name=name))
                + tag(
                    "button",
                    translate(TEXTS, self.lang, "i_am", name=name),
                    type="button",
                    class_="tt-act tt-big",
                    data_handover=who,
                ),
                class_="tt-handover",
            )
        game, state = self.table.game, self.table.state
        legal = game.legal_actions(state, who) if who is not None else []
        parts = [
            self.board.render(
                game.view(state, who), legal, lang=self.lang, names=self.names, selected=self.selected
            )
        ]
        bot = self.table.bot_to_act()
        if bot is not None:
            parts.append(
                tag(
                    "p",
                    translate(TEXTS, self.lang, "thinking", name=self.names[bot]),
                    class_="tt-thinking",
                    role="status",
                )
            )
        if self.table.can_undo():
            parts.append(
                tag(
                    "button",
                    translate(TEXTS, self.lang, "undo"),
                    type="button",
                    class_="tt-undo",
                    data_undo="1",
                )
            )
        parts.append(log_html(self.board, self.table.log, self.lang, self.names))
        return "".join(parts)

    def click(self, kind: str, value: str) -> None:
        """Handle a tap: `action` plays it, `select`/`deselect` a hand card, `handover` and `undo` do so."""
        if kind == "action":
            who = self.audience()
            if who is None or self.needs_handover():
                raise ValueError("nobody may act on this screen now")
            self.table.act(who, value)
            self.selected = []
        elif kind == "select":
            self.selected = [*self.selected, value][-2:]
        elif kind == "deselect" and value in self.selected:
            self.selected.remove(value)
        elif kind == "handover":
            if self.audience() == int(value):
                self.confirmed = int(value)
                self.selected = []
        elif kind == "undo":
            self.table.undo()
            self.selected = []
        else:
            raise ValueError(f"unknown tap {kind!r}")


def log_html(board: Board, log: Sequence[dict[str, Any]], lang: str, names: Sequence[str]) -> str:
    """Return the last lines of a public log, oldest first."""
    items = "".join(tag("li", board.describe(e, lang, names)) for e in log[-LOG_LINES:])
    return tag(
        "section",
        tag("h2", translate(TEXTS, lang, "log")) + tag("ol", items, class_="tt-log-lines"),
        class_="tt-log",
    )


def preview(game_id: str, players: int, seed: int, lang: str = "en") -> str:
    """Return the public board of a new game: the page's first paint, rendered before the runtime loads."""
    game = get_game(game_id)
    state = game.setup(players, seed)
    return get_board(game_id).render(game.view(state, None), [], lang=lang)
