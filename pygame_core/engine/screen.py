"""What one device shows of a table: whose view, the hot-seat hand-over, selected cards, undo and the log.

It is pure: the page turns a click into `click(kind, value)` and paints `html()`. No browser import here.
"""

import html
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .game import Player
from .hint import Hint, action_words, reason
from .howto import explained, inline
from .link import LANGS
from .registry import get_board, get_game
from .render import Board, Texts, esc, number, plain, signed, tag, translate
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
        "log_jump": "Choose a line or a heading to see the board as it was then.",
        "bot": "{name} (bot)",
        "you": "{name} (You)",
        "waiting": "Waiting for the host…",
        "help": "How to play",
        "explain_mode": "Explain",
        "explain_mode_hint": "Tap anything on the board to learn what it is (or press and hold it).",
        "speed": "Bot speed",
        "slow": "Slow",
        "normal": "Normal",
        "fast": "Fast",
        "instant": "Instant",
        "hint": "Hint",
        "hint_title": "The strongest bot would consider:",
        "hint_line": "{action}: about {gain} over {baseline}",
        "hint_same": "{action}: the one others are compared with",
        "hint_none": "No hint for this move.",
        "last": "Last: {text}",
        "begins": "The game begins.",
        "dismiss": "OK",
        "end": "How the scores came about",
        "total": "Total",
        "play_again": "Play again",
        "rematch": "Rematch",
        "new_game": "Another game",
        "record": "Download the record",
        "replay_link": "Copy the replay link",
        "rematch_on_table": "The table's screen can start a rematch; this phone stays seated.",
    },
    "ja": {
        "handover": "{name}に端末を渡してください",
        "handover_hint": "次の画面は{name}だけが見てください。",
        "i_am": "{name}です — 手札を表示",
        "undo": "一手戻す",
        "thinking": "{name}が考えています…",
        "log": "ゲームの記録",
        "log_jump": "行や見出しを選ぶと、その時点の盤面を表示します。",
        "bot": "{name}（ボット）",
        "you": "{name}（あなた）",
        "waiting": "ホストを待っています…",
        "help": "遊び方",
        "explain_mode": "説明",
        "explain_mode_hint": "ボード上のものをタップすると説明が出ます（長押しでも出ます）。",
        "speed": "ボットの速さ",
        "slow": "ゆっくり",
        "normal": "ふつう",
        "fast": "速い",
        "instant": "すぐ",
        "hint": "ヒント",
        "hint_title": "最強のボットならこう考えます：",
        "hint_line": "{action}：{baseline}より約{gain}",
        "hint_same": "{action}：比較の基準",
        "hint_none": "この手番にはヒントがありません。",
        "last": "直前：{text}",
        "begins": "ゲーム開始。",
        "dismiss": "OK",
        "end": "得点の内訳",
        "total": "合計",
        "play_again": "もう一度",
        "rematch": "再戦",
        "new_game": "別のゲーム",
        "record": "記録をダウンロード",
        "replay_link": "リプレイのリンクをコピー",
        "rematch_on_table": "テーブルの画面から再戦を始められます。このスマホはそのまま参加します。",
    },
}
SOLO_END = ("play_again", "rematch", "new_game", "record", "replay_link")  # a game on one device
TABLE_END = ("rematch", "record", "replay_link")  # a table's screen: its phones stay seated for a rematch
SPEEDS = {"slow": 1500, "normal": 700, "fast": 250, "instant": 0}  # ms between bot moves


def seat_name(colour: str, human: bool, people: int, lang: str) -> str:
    """Return a seat's name: its colour, marked as a bot or, alone at the table (`people` 1), as you."""
    if not human:
        return plain(TEXTS, lang, "bot", name=colour)
    return plain(TEXTS, lang, "you", name=colour) if people == 1 else colour


PATH_BOARDS = 40  # boards a hint may draw to find the choices that lead to its moves (not amounts)
SELECT = re.compile(r'<[^<>]*\sdata-select="([^"]*)"[^<>]*>')  # a choice's tag in a board's markup, its value
ACTION = re.compile(r'data-action="([^"]*)"')
AMOUNT = re.compile(r"\d+(\.\d+)*")  # a count, or counts of several kinds (coins: `2.0.1`)


@dataclass(frozen=True)
class Outline:
    """What a hint's search keeps of a drawn board: its hash, its moves, and its choices drawn unpressed."""

    sign: int
    actions: frozenset[str]
    choices: tuple[str, ...]

    @classmethod
    def of(cls, markup: str) -> "Outline":
        """Return the outline of a board's markup."""
        unpressed = (m[1] for m in SELECT.finditer(markup) if 'aria-pressed="true"' not in m[0])
        return cls(
            hash(markup),
            frozenset(html.unescape(a) for a in ACTION.findall(markup)),
            tuple(dict.fromkeys(html.unescape(v) for v in unpressed)),
        )


class Screen:
    """One device's screen of a table, in one language: the board and all that a page shows around it."""

    def __init__(self, table: Table, board: Board, lang: str = "en", names: Sequence[str] | None = None):
        self.table = table
        self.board = board
        self.lang = lang
        self.selected: list[str] = []
        self.confirmed: Player | None = None
        self.pace: int | None = None  # ms between bot moves; None: no speed control on this screen
        self.hints: list[Hint] | None = None
        self.review = ""  # markup the page shows after the end panel (bots.review: the game's review)
        self.banners: list[str] = []
        self.shown = len(table.log)  # events before this are not bannered again
        colours = board.seat_names(table.record.players, lang)
        people = len(table.humans())
        default = [seat_name(c, table.seats[p].is_human, people, lang) for p, c in enumerate(colours)]
        self.names = list(names) if names else default

    def t(self, key: str, **fields: object) -> str:
        """Return this screen's text for `key`."""
        return translate(TEXTS, self.lang, key, **fields)

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

    def view(self) -> dict[str, Any]:
        """Return what this screen's audience may see now."""
        return self.table.game.view(self.table.state, self.audience())

    def hint_allowed(self) -> bool:
        """Return whether a hint may be asked: one person at the table, to act now."""
        return len(self.table.humans()) == 1 and bool(self.table.humans_to_act())

    def html(self) -> str:
        """Return the whole play area: the hand-over screen, or the tools, banners, board and log."""
        self._note_events()
        who = self.audience()
        if self.needs_handover() and who is not None:
            name = self.names[who]
            return (
                self._tools()
                + self._banners()
                + tag(
                    "section",
                    tag("h2", self.t("handover", name=name))
                    + tag("p", self.t("handover_hint", name=name))
                    + tag(
                        "button",
                        self.t("i_am", name=name),
                        type="button",
                        class_="tt-act tt-big",
                        data_handover=who,
                    ),
                    class_="tt-handover",
                )
            )
        game, state = self.table.game, self.table.state
        legal = game.legal_actions(state, who) if who is not None else []
        view = game.view(state, who)
        drawn = self.board.render(view, legal, lang=self.lang, names=self.names, selected=self.selected)
        hints = self._hints(view, legal, drawn)
        parts = [self._tools(), self._banners(), with_last_event(drawn, self.last_event()), hints]
        bot = self.table.bot_to_act()
        if bot is not None:
            parts.append(
                tag("p", self.t("thinking", name=self.names[bot]), class_="tt-thinking", role="status")
            )
        if self.table.can_undo():
            parts.append(tag("button", self.t("undo"), type="button", class_="tt-undo", data_undo="1"))
        parts.append(end_panel(self.board, view, self.names, self.lang, SOLO_END) + self.review)
        parts.append(log_html(self.board, self.table.log, self.lang, self.names))
        return "".join(parts)

    def _note_events(self) -> None:
        """Queue a banner for each big event since the last paint."""
        log = self.table.log
        self.shown = min(self.shown, len(log))
        for event in log[self.shown :]:
            if event.get("e") in self.board.banners:
                self.banners.append(self.board.describe(event, self.lang, self.names))
        self.shown = len(log)

    def last_event(self) -> str:
        """Return the last thing that happened, in words (a run merged as the log shows it)."""
        return last_event(self.board, self.table.log, self.lang, self.names)

    def _tools(self) -> str:
        """Return the tool bar: how to play, explain mode, the bots' speed and a hint."""
        bots = any(not s.is_human for s in self.table.seats)
        hint = self.hint_allowed() and not self.needs_handover()
        return tools_html(self.lang, self.pace if bots else None, hint)

    def _banners(self) -> str:
        """Return the big events not yet dismissed."""
        if not self.banners:
            return ""
        lines = "".join(tag("p", text) for text in self.banners[-3:])
        button = tag("button", self.t("dismiss"), type="button", class_="tt-act", data_dismiss="1")
        return tag("div", lines + button, class_="tt-banner", role="alert", data_banner="1")

    def _hints(self, view: dict[str, Any], legal: Sequence[str], drawn: str) -> str:
        """Return the hint list, if one was asked for this move; a move the board offers no control for
        names the next step towards one (`data-hint-select`), so the page can mark that instead."""
        if self.hints is None:
            return ""
        if not self.hints:
            return tag("p", self.t("hint_none"), class_="tt-hints tt-side")
        paths = self._hint_paths(view, legal, drawn)

        def words(action: str) -> str:
            return esc(action_words(self.board, action, view, self.lang))

        items = "".join(
            tag(
                "li",
                self.t("hint_same", action=words(h.action))
                if h.action == h.baseline
                else self.t(
                    "hint_line", action=words(h.action), gain=signed(h.gain), baseline=words(h.baseline)
                ),
                data_hint_action=h.action,
                data_hint_select=paths.get(h.action),
            )
            for h in self.hints
        )
        best = self.hints[0]
        why = reason(self.board, view, best.action, best.baseline, best.gain, self.lang)
        because = tag("p", esc(why), data_hint_reason="1") if best.action != best.baseline else ""
        return tag(
            "section", tag("h2", self.t("hint_title")) + tag("ol", items) + because, class_="tt-hints tt-side"
        )

    def _hint_paths(self, view: dict[str, Any], legal: Sequence[str], drawn: str) -> dict[str, str]:
        """Return, for each hinted move with no control on the board as drawn, a choice drawn unpressed to
        tap towards one: for an amount, the stepper to the nearest amount; else the first of the fewest
        taps, boards drawn breadth first (one drawn alike counted once, at most PATH_BOARDS of them)."""
        base = Outline.of(drawn)
        hidden = [h.action for h in self.hints or () if h.action not in base.actions]
        paths = {a: step for a in hidden if (step := nearest(base.choices, a.rpartition(":")[2]))}
        hidden = [a for a in hidden if a not in paths]
        seen, frontier, budget = {base.sign}, [(self.selected, base, "")], PATH_BOARDS
        while hidden and frontier:
            later = []
            for selected, outline, first in frontier:
                for value in outline.choices:
                    if not budget:
                        return paths
                    budget -= 1
                    picked = chosen(selected, "select", value)
                    now = Outline.of(
                        self.board.render(view, legal, lang=self.lang, names=self.names, selected=picked)
                    )
                    if now.sign in seen:
                        continue
                    seen.add(now.sign)
                    for action in [a for a in hidden if a in now.actions]:
                        paths[action] = first or value
                        hidden.remove(action)
                    if not hidden:
                        return paths
                    later.append((picked, now, first or value))
            frontier = later
        return paths

    def explain(self, key: str) -> str:
        """Return what the thing marked `data-explain="<key>"` is and does now (markup)."""
        return explained(self.board, key, self.view(), self.lang)

    def click(self, kind: str, value: str, then: str = "") -> None:
        """Handle a tap: `action` plays it (and each `then` action while legal), `select`/`deselect` a
        choice, `handover`, `undo` and `dismiss` do so."""
        if kind == "action":
            who = self.audience()
            if who is None or self.needs_handover():
                raise ValueError("nobody may act on this screen now")
            self.table.act(who, value)
            for action in then.split():
                if action not in self.table.game.legal_actions(self.table.state, who):
                    break
                self.table.act(who, action)
            self.selected, self.hints = [], None
        elif kind in ("select", "deselect"):
            self.selected = chosen(self.selected, kind, value)
        elif kind == "handover":
            if self.audience() == int(value):
                self.confirmed = int(value)
                self.selected = []
        elif kind == "undo":
            self.table.undo()
            self.selected, self.hints = [], None
        elif kind == "dismiss":
            self.banners = []
        else:
            raise ValueError(f"unknown tap {kind!r}")


def nearest(choices: Sequence[str], amount: str) -> str | None:
    """Return the choice that reads as the amount nearest `amount` (counts, dotted as `2.0.1`: an amount
    stepper's value is the amount it leads to), if `amount` is one and a choice reads as its like."""
    if not AMOUNT.fullmatch(amount):
        return None
    alike = [c for c in choices if AMOUNT.fullmatch(c) and c.count(".") == amount.count(".")]
    want = [int(n) for n in amount.split(".")]
    return min(
        alike,
        key=lambda c: sum(abs(int(n) - w) for n, w in zip(c.split("."), want, strict=True)),
        default=None,
    )


def chosen(selected: Sequence[str], kind: str, value: str) -> list[str]:
    """Return the selection after a `select` tap (the last two chosen) or a `deselect` one (a choice not
    selected stays so: a board painted before Python's may show it pressed)."""
    if kind == "select":
        return [*selected, value][-2:]
    rest = list(selected)
    if value in rest:
        rest.remove(value)  # one of two equal cards
    return rest


def help_button(lang: str) -> str:
    """Return the "How to play" tool, which opens the rules sheet."""
    return tag(
        "button", "? " + translate(TEXTS, lang, "help"), type="button", class_="tt-tool", data_help="1"
    )


def tools_html(lang: str, pace: int | None = None, hint: bool = False) -> str:
    """Return a screen's tool bar: how to play and explain mode, the bots' speed (at `pace`, if given) and
    a hint button (if `hint`)."""

    def t(key: str) -> str:
        return translate(TEXTS, lang, key)

    parts = [
        help_button(lang),
        tag(
            "button",
            "i " + t("explain_mode"),
            type="button",
            class_="tt-tool",
            data_explain_mode="1",
            aria_pressed="false",
            title=t("explain_mode_hint"),
        ),
    ]
    if pace is not None:
        options = "".join(
            tag("option", t(name), value=name, selected="" if ms == pace else None)
            for name, ms in SPEEDS.items()
        )
        parts.append(
            tag("label", t("speed") + " " + tag("select", options, data_speed="1"), class_="tt-tool")
        )
    if hint:
        parts.append(tag("button", t("hint"), type="button", class_="tt-tool", data_hint="1"))
    return tag("div", "".join(parts), class_="tt-tools")


def with_last_event(board_html: str, text: str) -> str:
    """Return the board with the `data-last-event` line right under its prompt (at the top if none)."""
    line = tag("p", text, class_="tt-last tt-side", data_last_event="1")  # told by the page's [data-announce]
    prompt = re.search(r'<p class="tt-prompt[ "].*?</p>', board_html)
    if prompt is None:
        return line + board_html
    return board_html[: prompt.end()] + line + board_html[prompt.end() :]


def end_panel(
    board: Board,
    view: dict[str, Any],
    names: Sequence[str],
    lang: str,
    tools: Sequence[str] = (),
    note: str = "",
) -> str:
    """Return the end of a game: why the winners won, where each seat's points came from, a `note` and
    what next (`tools`: TEXTS keys of buttons, each marked `data-<key>`; SOLO_END or TABLE_END)."""
    result = view.get("result")
    if not result:
        return ""

    def t(key: str) -> str:
        return translate(TEXTS, lang, key)

    parts = [tag("h2", t("end"))]
    why = board.decided(view, names, lang)  # first: a tie-break is read before the long breakdown
    if why:
        parts.append(tag("p", inline(why), class_="tt-decided"))
    if board.breakdown is not None:
        seats = board.breakdown(view, lang)
        order = sorted(range(len(seats)), key=lambda p: -result["scores"][p])
        for p in order:
            rows = "".join(
                tag("tr", tag("td", esc(label)) + tag("td", signed(points))) for label, points in seats[p]
            )
            rows += tag("tr", tag("th", t("total")) + tag("th", number(result["scores"][p])))
            parts.append(
                tag("table", tag("caption", esc(names[p])) + rows, class_="tt-breakdown", data_seat=p)
            )
    if note:
        parts.append(tag("p", esc(note), class_="tt-prompt"))
    if tools:
        buttons = (
            tag("button", t(key), type="button", class_="tt-act", **{f"data_{key}": "1"}) for key in tools
        )
        parts.append(tag("div", "".join(buttons), class_="tt-actions"))
    return tag("section", "".join(parts), class_="tt-end tt-side")


# A line of the log: the indices of its first and last events in the log, and its event (a run merged).
Line = tuple[int, int, dict[str, Any]]


def log_groups(board: Board, log: Sequence[dict[str, Any]], lang: str) -> list[tuple[str, list[Line]]]:
    """Return the log as groups (the board's chapter headings, "" before the first), runs merged."""
    groups: list[tuple[str, list[Line]]] = [("", [])]
    for i, event in enumerate(log):
        heading = board.chapter(event, lang)
        if heading:
            groups.append((heading, []))
        lines = groups[-1][1]
        merged = board.merge(lines[-1][2], event) if lines else None
        if merged is not None:
            lines[-1] = (lines[-1][0], i, merged)
        else:
            lines.append((i, i, event))
    return [(heading, lines) for heading, lines in groups if lines]


def last_event(board: Board, log: Sequence[dict[str, Any]], lang: str, names: Sequence[str]) -> str:
    """Return the last thing in a log, in words (a run merged as the log shows it)."""
    groups = log_groups(board, log, lang)
    return board.describe(groups[-1][1][-1][2], lang, names) if groups else translate(TEXTS, lang, "begins")


def log_html(
    board: Board, log: Sequence[dict[str, Any]], lang: str, names: Sequence[str], steps: Sequence[int] = ()
) -> str:
    """Return the whole public log, newest first: grouped by the board's chapters, runs merged; with
    `steps` (a replay's: the step that logged each event), each chapter's heading goes to where the chapter
    began, and each line to where it was complete."""

    def jump(text: str, event: int) -> str:
        """Return `text` as a button to the replay's step that logged the `event`th event, if a replay's."""
        return tag("button", text, type="button", data_replay_step=steps[event]) if steps else text

    sections = []
    for heading, lines in log_groups(board, log, lang):
        title = tag("h3", jump(esc(heading), lines[0][0])) if heading else ""
        items = "".join(
            tag("li", jump(board.describe(e, lang, names), last)) for _, last, e in reversed(lines)
        )
        sections.append(tag("section", title + tag("ol", items), class_="tt-log-group"))
    hint = tag("p", translate(TEXTS, lang, "log_jump"), class_="tt-hint") if steps else ""
    return tag(
        "section",
        tag("h2", translate(TEXTS, lang, "log"))
        + hint
        # a region that scrolls: one Tab stop to scroll it by keyboard, named as its heading
        + tag(
            "div",
            "".join(reversed(sections)),
            class_="tt-log-lines",
            data_log="1",
            tabindex="0",
            role="region",
            aria_label=translate(TEXTS, lang, "log"),
        ),
        class_="tt-log",
    )


def names_by_language(table: Table) -> dict[str, list[str]]:
    """Return the seats' names in every language (a table's phones each show their own)."""
    return {lang: Screen(table, get_board(table.game.id), lang).names for lang in LANGS}


def preview(game_id: str, players: int, seed: int, lang: str = "en") -> str:
    """Return the public board of a new game: the page's first paint, rendered before the runtime loads."""
    game = get_game(game_id)
    state = game.setup(players, seed)
    return get_board(game_id).render(game.view(state, None), [], lang=lang)
