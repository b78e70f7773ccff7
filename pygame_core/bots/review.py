"""A review of a game record for one seat: the strongest bot goes over the seat's decisions and says what
each was worth against the best alternative, and where the seat lost points.

It replays the record from the seat's view only: every value comes from the bot's search over worlds the
seat could not tell from the real one (`game.determinize`), the expected scores along the game too, and it
reads no other seat's action. The work comes in slices (one sampled world each) for a page to paint
between them; a finished review is plain JSON, kept with the record.
"""

import hashlib
import json
from collections.abc import Generator, Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass
from typing import Any

from ..engine import Action, Game, Player, Record, Rng, State, get_board, get_game
from ..engine.hint import action_words, kind_name, reason
from ..engine.render import Board, Texts, esc, number, tag, translate
from .hint import strongest

COSTLIEST = 3  # decisions shown
CHART_POINTS = 40  # steps of the game the chart shows at most
WORLDS = 4  # sampled worlds each chart point is the mean of
MEASURE = 7_919  # offsets the seed of the worlds a decision's two moves are measured again on
CLOSE = 0.5  # a kind of decision is close to the bot's when it lost at most this many points a decision
PALETTE = ("#d03a2f", "#2f6fd0", "#c99a00", "#2f9a4a", "#8a4fc9", "#d0702f")  # a line per seat
TEXTS: Texts = {
    "en": {
        "review": "Review the game",
        "review_seat": "Review {name}'s game",
        "title": "Review of {name}'s game",
        "working": "The strongest bot goes over {name}'s decisions…",
        "stop": "Stop",
        "chart": "Expected final score of every seat along the game",
        "actions": "actions",
        "costly": "The costliest decisions",
        "made": "Move made",
        "better": "Better move",
        "lost": "About {n} points lost",
        "verdict_none": "{name} played about as the strongest bot would: no decision lost a point by its "
        "estimate.",
        "verdict": "{name} lost about {n} points to {kind}.",
        "close": "In {kind}, {name} played close to the bot.",
        "no_choice": "{name} had no decision with a choice to review.",
    },
    "ja": {
        "review": "ゲームを振り返る",
        "review_seat": "{name}のゲームを振り返る",
        "title": "{name}のゲームの振り返り",
        "working": "最強のボットが{name}の手を見直しています…",
        "stop": "中止",
        "chart": "ゲームの進行に沿った各席の最終得点の見込み",
        "actions": "手",
        "costly": "最も高くついた手",
        "made": "打った手",
        "better": "よりよい手",
        "lost": "約{n}点の損",
        "verdict_none": "{name}は最強のボットとほぼ同じに打ちました。見込みで1点以上損した手はありません。",
        "verdict": "{name}は{kind}で約{n}点を失いました。",
        "close": "{kind}では{name}はボットに近い手を打ちました。",
        "no_choice": "{name}には選択肢のある手がありませんでした。",
    },
}


@dataclass(frozen=True)
class Decision:
    """One decision of the seat: the step (actions before it), the move made, the bot's best, their values."""

    step: int
    made: Action
    better: Action
    made_value: float
    better_value: float

    @property
    def loss(self) -> float:
        """Return the points the move made lost against the better one (never below 0)."""
        return max(0.0, self.better_value - self.made_value)


@dataclass(frozen=True)
class Review:
    """A seat's review: chart points (step, each seat's expected final score) and its decisions."""

    seat: Player
    chart: tuple[tuple[int, tuple[float, ...]], ...]
    decisions: tuple[Decision, ...]

    def costliest(self, n: int = COSTLIEST) -> list[Decision]:
        """Return up to `n` decisions that lost points, the most first (equal losses the earlier first)."""
        lost = [d for d in self.decisions if round(d.loss) > 0]
        return sorted(lost, key=lambda d: (-d.loss, d.step))[:n]

    def losses(self) -> dict[str, tuple[float, int]]:
        """Return, by kind of action made (its verb), the points lost and the count of decisions."""
        kinds: dict[str, tuple[float, int]] = {}
        for d in self.decisions:
            lost, count = kinds.get(verb(d.made), (0.0, 0))
            kinds[verb(d.made)] = (lost + d.loss, count + 1)
        return kinds

    def to_json(self) -> str:
        """Return the review as JSON text (what a browser keeps with the record)."""
        return json.dumps(
            {
                "seat": self.seat,
                "chart": [[step, list(scores)] for step, scores in self.chart],
                "decisions": [
                    [d.step, d.made, d.better, round(d.made_value, 2), round(d.better_value, 2)]
                    for d in self.decisions
                ],
            }
        )

    @classmethod
    def from_json(cls, text: str) -> "Review":
        """Return the review `to_json` wrote; raise ValueError if the text is not one."""
        try:
            data = json.loads(text)
            chart = tuple((int(s), tuple(float(v) for v in scores)) for s, scores in data["chart"])
            decisions = tuple(
                Decision(int(s), str(m), str(b), float(mv), float(bv))
                for s, m, b, mv, bv in data["decisions"]
            )
            return cls(int(data["seat"]), chart, decisions)
        except (TypeError, KeyError, ValueError) as e:
            raise ValueError(f"not a kept review: {e}") from None


def verb(action: Action) -> str:
    """Return an action's kind: the part before its first `:`."""
    return action.split(":", 1)[0]


def counted(
    ranking: Generator[None, None, list[tuple[Action, float]]], done: int, total: int
) -> Generator[float, None, list[tuple[Action, float]]]:
    """Yield the part done after each sampled world of a ranking (`done` of `total` before it); return it."""
    while True:
        try:
            next(ranking)
        except StopIteration as end:
            ranked: list[tuple[Action, float]] = end.value
            return ranked
        done += 1
        yield done / total


def review_steps(
    game: Game, states: Sequence[State], actions: Sequence[tuple[Player, Action]], seat: Player, seed: int
) -> Generator[float, None, Review]:
    """Yield the part done (0 to 1) between slices; return the review of `seat`.

    `states[i]` is the state before `actions[i]` (one more state at the end). Only the seat's own actions
    are read, and the states only through `game.determinize` from the seat's view and the seat's legal
    actions, so the review is the same in every world the seat could not tell apart.
    """
    bot = strongest(game)
    mine = [
        (i, action)
        for i, (player, action) in enumerate(actions)
        if player == seat and len(game.legal_actions(states[i], seat)) > 1
    ]
    stride = max(1, -(-len(states) // CHART_POINTS))
    shown = sorted({*range(0, len(states), stride), len(states) - 1})
    total = len(shown) + len(mine) * 2 * (bot.samples if bot else 0)  # the ranking, then the measure
    done = 0
    chart = []
    for step in shown:
        rng = Rng(seed * 1_000_003 + step)
        worlds = [game.estimate(game.determinize(states[step], seat, rng)) for _ in range(WORLDS)]
        chart.append(
            (step, tuple(round(sum(w[p] for w in worlds) / WORLDS, 1) for p in range(len(worlds[0]))))
        )
        done += 1
        yield done / total
    decisions: list[Decision] = []
    if bot is None:
        return Review(seat, tuple(chart), ())
    for i, made in mine:
        state, rng = states[i], Rng(seed + i)
        legal = game.legal_actions(state, seat)
        options = list(bot.candidates(game, state, seat, legal, rng))
        if made not in options:
            options.append(made)
        ranked = yield from counted(bot.rank(game, state, seat, options, rng), done, total)
        done += bot.samples
        # The best of many options is flattered by its worlds' luck: the move made and the best are measured
        # again, on worlds of their own, so a decision's loss is not the luck of the first ones.
        better, measured = ranked[0][0], dict(ranked)
        if better != made:
            again = bot.rank(game, state, seat, [better, made], Rng(seed + i + MEASURE))
            measured = dict((yield from counted(again, done, total)))
        done += bot.samples
        yield done / total
        decisions.append(Decision(i, made, better, measured[made], measured[better]))
    return Review(seat, tuple(chart), tuple(decisions))


def verdict(review: Review, board: Board, name: str, lang: str) -> str:
    """Return the review in one line: where the seat lost most, and a kind of decision it played well."""

    def t(key: str, **fields: object) -> str:
        return translate(TEXTS, lang, key, name=name, **fields)

    kinds = review.losses()
    if not kinds:
        return t("no_choice")
    worst = max(kinds, key=lambda k: (kinds[k][0], k))
    if round(kinds[worst][0]) < 1:
        return t("verdict_none")
    line = t("verdict", n=round(kinds[worst][0]), kind=kind_name(board, worst, lang).lower())
    close = [k for k, (lost, count) in kinds.items() if k != worst and lost / count <= CLOSE]
    if close:
        best = max(close, key=lambda k: (kinds[k][1], k))
        line += (" " if lang != "ja" else "") + t("close", kind=kind_name(board, best, lang).lower())
    return line


def chart_svg(review: Review, names: Sequence[str], lang: str) -> str:
    """Return the expected final score of every seat along the game as a line chart (SVG, 360 wide)."""
    width, height, left, right, top, bottom = 360, 200, 34, 8, 10, 34
    if not review.chart:
        return ""
    last = max(step for step, _ in review.chart) or 1
    values = [v for _, scores in review.chart for v in scores]
    low, high = min(0.0, *values), max(1.0, *values)

    def x(step: int) -> float:
        return left + (width - left - right) * step / last

    def y(value: float) -> float:
        return top + (height - top - bottom) * (high - value) / (high - low)

    parts = [
        tag("line", x1=left, y1=y(low), x2=width - right, y2=y(low), stroke="#888"),
        tag("line", x1=left, y1=top, x2=left, y2=y(low), stroke="#888"),
        tag("text", number(round(high)), x=left - 4, y=top + 8, text_anchor="end", font_size=11),
        tag("text", number(round(low)), x=left - 4, y=y(low), text_anchor="end", font_size=11),
        tag(
            "text",
            f"{last} {translate(TEXTS, lang, 'actions')}",
            x=width - right,
            y=y(low) + 14,
            text_anchor="end",
            font_size=11,
        ),
    ]
    if low < 0 < high:
        parts.append(tag("line", x1=left, y1=y(0), x2=width - right, y2=y(0), stroke="#ccc"))
    seats = len(review.chart[0][1])
    for p in range(seats):
        colour = PALETTE[p % len(PALETTE)]
        dots = " ".join(f"{x(step):.1f},{y(scores[p]):.1f}" for step, scores in review.chart)
        wide = 3.5 if p == review.seat else 1.8
        parts.append(tag("polyline", points=dots, fill="none", stroke=colour, stroke_width=wide, data_seat=p))
    legend = "".join(
        tag(
            "span",
            tag("span", "", style=f"display:inline-block;width:1em;height:.3em;background:{PALETTE[p % 6]}")
            + " "
            + esc(names[p])
            + " "
            + number(round(review.chart[-1][1][p])),
            class_="tt-review-key",
        )
        for p in range(seats)
    )
    title = translate(TEXTS, lang, "chart")
    svg = tag(
        "svg",
        tag("title", esc(title)) + "".join(parts),
        viewBox=f"0 0 {width} {height}",
        width="100%",
        role="img",
        aria_label=title,
        data_review_chart="1",
        class_="tt-review-chart",
    )
    return tag("figure", svg + tag("figcaption", esc(title) + tag("p", legend)))


def review_html(
    review: Review, game: Game, board: Board, states: Sequence[State], names: Sequence[str], lang: str
) -> str:
    """Return the review: its verdict, the chart and the costliest decisions, each on its board as the seat
    saw it then, with the move made, the better move, the points lost and the reason in the game's words."""

    def t(key: str, **fields: object) -> str:
        return translate(TEXTS, lang, key, **fields)

    name = names[review.seat]
    items = []
    for d in review.costliest():
        view: dict[str, Any] = game.view(states[d.step], review.seat)
        drawn = board.render(view, [], lang=lang, names=names)
        lines = tag(
            "dl",
            tag("dt", t("made"))
            + tag("dd", esc(action_words(board, d.made, view, lang)))
            + tag("dt", t("better"))
            + tag("dd", esc(action_words(board, d.better, view, lang))),
        )
        items.append(
            tag(
                "li",
                tag("h4", t("lost", n=round(d.loss)))
                + lines
                + tag(
                    "p",
                    esc(reason(board, view, d.better, d.made, d.loss, lang, name)),
                    data_review_reason="1",
                )
                + tag("div", drawn, class_="tt-review-board"),
                data_review_decision=d.step,
            )
        )
    costly = tag("h3", t("costly")) + tag("ol", "".join(items)) if items else ""
    return tag(
        "section",
        tag("h2", t("title", name=name))
        + tag("p", esc(verdict(review, board, name, lang)), data_review_verdict="1", class_="tt-prompt")
        + chart_svg(review, names, lang)
        + costly,
        class_="tt-review tt-side",
        data_review_seat=review.seat,
    )


def working_html(name: str, part: float, lang: str) -> str:
    """Return a review under way: what it does, how far it is, and a button that stops it."""
    return tag(
        "section",
        tag("p", translate(TEXTS, lang, "working", name=name), role="status")
        + tag("progress", f"{round(part * 100)}%", value=f"{part:.3f}", max="1", data_review_progress="1")
        + tag("button", translate(TEXTS, lang, "stop"), type="button", class_="tt-act", data_review_stop="1"),
        class_="tt-review tt-side",
    )


def review_buttons(seats: Sequence[Player], names: Sequence[str], lang: str, one: bool) -> str:
    """Return a button per seat that starts its review (`data-review="<seat>"`; `one`: the page's only
    seat to review, so its button does not name it)."""
    buttons = "".join(
        tag(
            "button",
            translate(TEXTS, lang, "review" if one else "review_seat", name=names[p]),
            type="button",
            class_="tt-act",
            data_review=p,
        )
        for p in seats
    )
    return tag("div", buttons, class_="tt-actions tt-side tt-review-start")


KEPT = "trading-table:review:"  # a browser keeps each finished review under this, the record's digest, seat
PAINT_EVERY = 0.02  # a review under way is painted again once this much more of it is done


def kept_key(record: Record, seat: Player) -> str:
    """Return the key a finished review of `seat` in `record` is kept under in a browser."""
    digest = hashlib.sha256(record.to_json().encode()).hexdigest()[:20]
    return f"{KEPT}{digest}:{seat}"


class Reviews:
    """A page's reviews of one record: those kept, the one under way, and the one shown."""

    def __init__(self, record: Record, states: Sequence[State], kept: Mapping[str, str | None]) -> None:
        """Take the record, its states (`record.states`) and what the browser kept (other records' too)."""
        self.record, self.states = record, list(states)
        self.game = get_game(record.game)
        self.done: dict[Player, Review] = {}
        for seat in range(record.players):
            text = kept.get(kept_key(record, seat))
            with suppress(ValueError):  # kept by an older build: reviewed again when asked
                self.done[seat] = Review.from_json(text or "")
        self.working: Generator[float, None, Review] | None = None
        self.seat: Player | None = None  # the seat under review or shown
        self.part = 0.0
        self.painted = 0.0

    def start(self, seat: Player) -> bool:
        """Show the seat's review: at once if it was done before (return False), else start it (True)."""
        if not 0 <= seat < self.record.players:
            raise ValueError(f"no seat {seat} in this record")
        self.seat = seat
        if seat in self.done:
            self.working = None
            return False
        self.part = self.painted = 0.0
        self.working = review_steps(self.game, self.states, self.record.actions, seat, self.record.seed)
        return True

    def step(self) -> tuple[bool, tuple[str, str] | None]:
        """Work one slice; return whether to paint, and the (key, text) to keep once the review is done."""
        if self.working is None or self.seat is None:
            return False, None
        try:
            self.part = next(self.working)
        except StopIteration as end:
            self.working = None
            self.done[self.seat] = end.value
            return True, (kept_key(self.record, self.seat), end.value.to_json())
        if self.part - self.painted >= PAINT_EVERY:
            self.painted = self.part
            return True, None
        return False, None

    def stop(self) -> None:
        """Stop the review under way (nothing of it is kept)."""
        self.working, self.seat = None, None

    def html(self, seats: Sequence[Player], names: Sequence[str], lang: str) -> str:
        """Return the review under way or shown, and a button for each of `seats` not shown."""
        board = get_board(self.record.game)
        if self.working is not None and self.seat is not None:
            return working_html(names[self.seat], self.part, lang)
        shown = ""
        if self.seat is not None and self.seat in self.done:
            shown = review_html(self.done[self.seat], self.game, board, self.states, names, lang)
        others = [p for p in seats if not (shown and p == self.seat)]
        return shown + (review_buttons(others, names, lang, len(seats) == 1) if others else "")
