"""A replay of a game record, step by step: the board after any action, from the table's view or, once
the game is over, any seat's view, with the log up to that step. Pure, like the screen.
"""

from bisect import bisect_right
from typing import Any

from .game import Player, State
from .howto import explained
from .record import Record, states
from .registry import get_board
from .render import Texts, tag, translate
from .screen import end_panel, log_html

TEXTS: Texts = {
    "en": {
        "step": "Action {n} of {total}",
        "scrub": "Go to an action",
        "start": "Start",
        "back": "Back",
        "forward": "Forward",
        "end": "End",
        "viewer": "Seen by",
        "table": "the table",
        "hidden": "Each seat's own view opens once the game is over.",
    },
    "ja": {
        "step": "{total}手中{n}手目",
        "scrub": "手を選んで移動",
        "start": "最初",
        "back": "戻る",
        "forward": "進む",
        "end": "最後",
        "viewer": "視点",
        "table": "テーブル",
        "hidden": "各プレイヤーの視点はゲーム終了後に選べます。",
    },
}


class Replayer:
    """A record replayed: every state along the way, the step shown and whose view."""

    def __init__(self, record: Record, lang: str = "en") -> None:
        """Replay `record` (BadRecord names its first bad action) and show its last step."""
        self.record = record
        self.lang = lang
        self.board = get_board(record.game)
        self.states: list[State] = []
        self.logs: list[int] = []  # how much of the log each step has
        self.log: list[dict[str, Any]] = []
        for game, state in states(record):
            self.game = game
            self.states.append(state)
            self.log.extend(state["events"])
            self.logs.append(len(self.log))
        # The step that logged each event: where the log's headings and lines go.
        self.steps = [bisect_right(self.logs, i) for i in range(len(self.log))]
        self.step = len(record.actions)
        self.viewer: Player | None = None
        self.review = ""  # markup the page shows after the end panel (bots.review: a seat's review)
        self.names = self.board.seat_names(record.players, lang)

    @property
    def over(self) -> bool:
        """Return whether the record reaches the end of the game."""
        return self.game.result(self.states[-1]) is not None

    def go(self, step: int) -> None:
        """Show the board after `step` actions (clamped to the record)."""
        self.step = min(max(step, 0), len(self.record.actions))

    def see_as(self, viewer: Player | None) -> None:
        """Show a seat's view (only once the game is over: a replay never shows a live game's secrets)."""
        if viewer is not None and not (self.over and 0 <= viewer < self.record.players):
            raise ValueError("a seat's own view opens only once the game is over")
        self.viewer = viewer

    def view(self) -> dict[str, Any]:
        """Return the view shown: the step's state as the chosen seat (or the table) sees it."""
        return self.game.view(self.states[self.step], self.viewer)

    def explain(self, key: str) -> str:
        """Return what the thing marked `data-explain="<key>"` is and does at the step shown (markup)."""
        return explained(self.board, key, self.view(), self.lang)

    def html(self) -> str:
        """Return the controls, the board at the step shown, and the log up to it."""

        def t(key: str, **fields: object) -> str:
            return translate(TEXTS, self.lang, key, **fields)

        total = len(self.record.actions)
        buttons = "".join(
            tag(
                "button",
                t(key),
                type="button",
                class_="tt-act",
                data_replay=key,
                data_replay_step=target,
                disabled="disabled" if target == self.step else None,
            )
            for key, target in (
                ("start", 0),
                ("back", max(self.step - 1, 0)),
                ("forward", min(self.step + 1, total)),
                ("end", total),
            )
        )
        viewers = [("table", t("table"))] + [(str(p), name) for p, name in enumerate(self.names)]
        choice = (
            tag(
                "label",
                t("viewer")
                + " "
                + tag(
                    "select",
                    "".join(
                        tag(
                            "option",
                            text,
                            value=value,
                            selected=""
                            if value == ("table" if self.viewer is None else str(self.viewer))
                            else None,
                        )
                        for value, text in viewers
                    ),
                    data_replay_viewer="1",
                ),
                class_="tt-tool",
            )
            if self.over
            else tag("p", t("hidden"), class_="tt-hint")
        )
        scrub = tag(
            "input",
            type="range",
            min=0,
            max=total,
            value=self.step,
            aria_label=t("scrub"),
            data_replay_scrub="1",
            class_="tt-scrub",
        )
        controls = tag(
            "div",
            tag("p", t("step", n=self.step, total=total), data_replay_at=self.step, class_="tt-prompt")
            + scrub
            + tag("div", buttons + choice, class_="tt-actions"),
            class_="tt-replay-controls tt-side",
        )
        view = self.view()
        board = self.board.render(view, [], lang=self.lang, names=self.names)
        log = log_html(self.board, self.log[: self.logs[self.step]], self.lang, self.names, self.steps)
        end = end_panel(self.board, view, self.names, self.lang)
        return controls + board + end + self.review + log
