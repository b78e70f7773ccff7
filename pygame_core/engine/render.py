"""Pure helpers for boards rendered as HTML and SVG strings (well-formed XML, so tests can parse them).

>>> tag("button", "Pass", type="button", data_action="pass")
'<button type="button" data-action="pass">Pass</button>'
>>> tag("rect", x=1, class_="hot")
'<rect x="1" class="hot"/>'
"""

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any

Texts = dict[str, dict[str, str]]


Event = dict[str, Any]


def _no_text(*_: object) -> None:
    """The default of an optional board hook: nothing to say."""
    return None


def _no_merge(_a: Event, _b: Event) -> Event | None:
    """The default log merge: no two events make one line."""
    return None


@dataclass(frozen=True)
class Board:
    """A game's renderer and everything a page says about the game (docs/boards.md has the contract).

    - `render(view, legal, *, lang, names, selected)`: the board; `describe(event, lang, names)`: a log line;
      `seat_names(players, lang)`: default names; `about` (by language), `labels` and `minutes`: the home
      page's.
    - `rules(lang)`: how to play, in the markup of `engine.howto`, every number filled in from the rules
      module's constants; `figures(lang)`: the `[[figure:<name>]]` pictures it names, drawn by the board.
    - `explain(key, view, lang)`: what the thing marked `data-explain="<key>"` is and does now, in the
      markup of `engine.howto` (`howto.explained` makes it HTML), or None for an unknown key.
    - `action_name(action, view, lang)`: a legal action in words (hints, records), or None.
    - `kinds`: by language, an action's kind (the part before its first `:`) in words, as a plural noun
      ("bids"), for the reasons of hints and reviews.
    - `banners`: event kinds (`"e"`) big enough for a banner; `chapter(event, lang)`: the heading of the
      log group the event opens (a round, a game), or None; `merge(a, b)`: one event for a run of two.
    - `breakdown(view, lang)`: at the end, each seat's `(label, points)` parts, summing to its score;
      `decided(view, names, lang)`: why the winners won, tie-breaks included, as one paragraph in
      `engine.howto`'s inline markup (`**strong**`), or None.
    """

    render: Callable[..., str]
    describe: Callable[[Event, str, Sequence[str]], str]
    seat_names: Callable[[int, str], list[str]]
    about: dict[str, str] = field(default_factory=dict)
    labels: Texts = field(default_factory=dict)  # option key, `key=value` for a choice, `bot=<name>`
    minutes: tuple[int, int] = (0, 0)  # playing time, as the rulebook gives it (0: not known)
    rules: Callable[[str], str] | None = None
    figures: Callable[[str], dict[str, str]] = lambda _lang: {}
    explain: Callable[[str, dict[str, Any] | None, str], str | None] = _no_text
    action_name: Callable[[str, dict[str, Any], str], str | None] = _no_text
    kinds: Texts = field(default_factory=dict)
    banners: frozenset[str] = frozenset()
    chapter: Callable[[Event, str], str | None] = _no_text
    merge: Callable[[Event, Event], Event | None] = _no_merge
    breakdown: Callable[[dict[str, Any], str], list[list[tuple[str, int]]]] | None = None
    decided: Callable[[dict[str, Any], Sequence[str], str], str | None] = _no_text


def esc(text: object) -> str:
    """Return text escaped for HTML and XML content and attributes."""
    return escape(str(text), quote=True)


# HTML elements written here that may come out empty; `<x/>` is kept for SVG's and void elements.
OPEN_ENDED = frozenset(
    [
        "a",
        "article",
        "b",
        "button",
        "details",
        "div",
        "em",
        "h1",
        "h2",
        "h3",
        "h4",
        "label",
        "li",
        "nav",
        "ol",
        "option",
        "p",
        "section",
        "select",
        "small",
        "span",
        "strong",
        "summary",
        "td",
        "text",
        "th",
        "ul",
    ]
)


def attrs(**values: object) -> str:
    """Return ` name="value"` pairs; `data_x` becomes `data-x`, `class_` becomes `class`, None is left out."""
    return "".join(
        f' {k.rstrip("_").replace("_", "-")}="{esc(v)}"' for k, v in values.items() if v is not None
    )


def tag(name: str, content: str = "", **values: object) -> str:
    """Return an element; content is trusted markup, and an element without content is self-closed unless
    HTML needs its end tag (OPEN_ENDED: a browser reads `<a/>` as an open link that swallows what follows)."""
    if content == "" and name not in OPEN_ENDED:
        return f"<{name}{attrs(**values)}/>"
    return f"<{name}{attrs(**values)}>{content}</{name}>"


def plain(texts: Texts, lang: str, key: str, **fields: object) -> str:
    """Return the text for `key` in `lang` (English if missing), with fields filled in as they are: plain
    words, or `engine.howto` markup (an explanation, why the winners won), which the engine escapes once."""
    template = texts.get(lang, {}).get(key) or texts["en"][key]
    return template.format(**fields)


def translate(texts: Texts, lang: str, key: str, **fields: object) -> str:
    """Return the text for `key` in `lang` (English if missing), with fields filled in and escaped: HTML."""
    return plain(texts, lang, key, **{k: esc(v) for k, v in fields.items()})


LIST_WORDS = {"en": (", ", " and "), "ja": ("、", "と")}


def commas(items: Iterable[str], lang: str) -> str:
    """Return items joined by commas, with no `and` (`、` in Japanese): `Red, Blue` (`赤、青`)."""
    return LIST_WORDS.get(lang, LIST_WORDS["en"])[0].join(items)


SEPARATORS = {"en": " · ", "ja": "・"}


def dotted(items: Iterable[str], lang: str) -> str:
    """Return a line's parts side by side: `Deck 28 · Discards 3` (in Japanese `山札28・捨て札3`)."""
    return SEPARATORS.get(lang, SEPARATORS["en"]).join(items)


def aside(text: str, note: str, lang: str) -> str:
    """Return text with a note in brackets after it: `text (note)`, in Japanese `text（note）`."""
    return f"{text}（{note}）" if lang == "ja" else f"{text} ({note})"


def figure(name: str, value: object, lang: str) -> str:
    """Return a name and its figure as a list in a line shows them: `Red 12`, `赤（あなた）12` (in Japanese no
    space after a Japanese name)."""
    gap = "" if lang == "ja" and not name[-1:].isascii() else " "
    return f"{name}{gap}{value}"


def points(name: str, n: int, lang: str) -> str:
    """Return a seat's name and its points: `Red 12` (`赤12点`), a negative number with a minus sign."""
    return figure(name, number(n) + ("点" if lang == "ja" else ""), lang)


def listed(items: Sequence[str], lang: str) -> str:
    """Return items as one list in words: `Red, Blue and Yellow` (`赤、青と黄`).

    >>> listed(["Red", "Blue", "Yellow"], "en"), listed(["赤", "青"], "ja"), listed([], "en")
    ('Red, Blue and Yellow', '赤と青', '')
    """
    if len(items) < 2:
        return "".join(items)
    comma, last = LIST_WORDS.get(lang, LIST_WORDS["en"])
    return comma.join(items[:-1]) + last + items[-1]


def sentences(parts: Sequence[str], lang: str) -> str:
    """Return sentences as one paragraph: a space between them in English, none after 。 in Japanese.

    >>> sentences(["One.", "Two."], "en"), sentences(["一。", "", "二。"], "ja")
    ('One. Two.', '一。二。')
    """
    return ("" if lang == "ja" else " ").join(part for part in parts if part)


def number(value: int) -> str:
    """Return a whole number with a true minus sign (35, −35)."""
    return str(value) if value >= 0 else f"−{-value}"


def signed(value: int) -> str:
    """Return a whole number with its sign (+6, −3, ±0)."""
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "±0"


def select_button(
    content: str, value: object, pressed: bool = False, class_: str = "tt-act", **values: object
) -> str:
    """Return a button that selects `value` (`data-select`: a choice composed before a move, not a move)."""
    state = "true" if pressed else "false"
    return tag(
        "button", content, type="button", class_=class_, data_select=value, aria_pressed=state, **values
    )


def off_button(content: str) -> str:
    """Return a disabled button (a step that cannot be taken now)."""
    return tag("button", content, type="button", class_="tt-act", disabled="disabled")


def board_root(parts: Sequence[str], game_class: str, viewer: int | None, **data: object) -> str:
    """Return a board's outer element: its parts, `tt-board` and the game's class, `data-viewer` (a seat,
    or `table` for the public view) and the other `data-*` attributes given (`phase=...`)."""
    extra = {f"data_{k}": v for k, v in data.items()}
    viewed = "table" if viewer is None else viewer
    return tag("div", "".join(parts), class_=f"tt-board {game_class}", data_viewer=viewed, **extra)


AMOUNT_TEXTS: Texts = {
    "en": {"least": "Lowest {n}", "most": "All {n}", "amount": "Amount"},
    "ja": {"least": "最低 {n}", "most": "全部 {n}", "amount": "数"},
}
AMOUNT_STYLE = "font-size:1.6rem;font-weight:700;min-width:3rem;text-align:center;display:inline-block"


def picked(selected: Sequence[str], low: int, high: int) -> int:
    """Return the amount being composed: the latest selected number within [low, high], else `low`.

    >>> picked(["7", "x", "99"], 1, 20), picked([], 3, 9)
    (7, 3)
    """
    for s in reversed(selected):
        if s.isdigit() and low <= int(s) <= high:
            return int(s)
    return low


def amount_entry(
    verb: str,
    low: int,
    high: int,
    selected: Sequence[str],
    lang: str,
    texts: Texts,
    steps: Sequence[int] = (-5, -1, 1, 5),
) -> str:
    """Return the entry of an amount in [low, high] without typing: steppers and the lowest and highest
    amounts select it (`data-select`), it is shown, and one button (text `b_<verb>` in `texts`, with
    `{n}`) plays `<verb>:<n>`."""
    n = picked(selected, low, high)

    def select(text: str, target: int) -> str:
        return off_button(text) if target == n else select_button(text, target)

    steppers = "".join(select(f"+{d}" if d > 0 else f"−{-d}", min(max(n + d, low), high)) for d in steps)
    ends = "".join(
        select(translate(AMOUNT_TEXTS, lang, key, n=target), target)
        for key, target in (("least", low), ("most", high))
        if target != n
    )
    shown = tag(
        "output",
        str(n),
        class_="tt-amount",
        aria_label=translate(AMOUNT_TEXTS, lang, "amount"),
        style=AMOUNT_STYLE,
    )
    button = tag(
        "button",
        translate(texts, lang, f"b_{verb}", n=n),
        type="button",
        class_="tt-act tt-big",
        data_action=f"{verb}:{n}",
    )
    return tag(
        "div",
        tag("div", steppers, class_="tt-actions") + tag("div", ends + shown + button, class_="tt-actions"),
        class_="tt-bid",
    )


CROWN = (  # the winners' mark, drawn (no emoji font needed); the heading names them in words
    '<svg viewBox="0 0 20 14" width="20" height="14" aria-hidden="true" class="tt-crown">'
    '<path d="M1 13h18L17 3l-4 5-3-7-3 7-4-5z" fill="#e0b000" stroke="#8a6a10"/></svg> '
)
RESULT_TEXTS: Texts = {
    "en": {"winner": "Winner: {who}", "winners": "Winners: {who}", "line": "{name}: {score}"},
    "ja": {"winner": "勝者：{who}", "winners": "勝者：{who}", "line": "{name}：{score}"},
}


def ranked(scores: Sequence[int]) -> list[int]:
    """Return the seats best score first (equal scores in seat order)."""
    return sorted(range(len(scores)), key=lambda p: -scores[p])


def score_line(name: str, score: int, lang: str, unit: str = "") -> str:
    """Return `name: score` with its unit (`名前：点`), a negative score with a true minus sign."""
    return translate(RESULT_TEXTS, lang, "line", name=name, score=number(score) + unit)


def result_panel(
    result: dict[str, Any] | None,
    names: Sequence[str],
    lang: str,
    line: Callable[[int], str] | None = None,
    order: Sequence[int] | None = None,
    unit: str = "",
) -> str:
    """Return the game-over panel ("" before the end): the winners, then each seat's line (markup; by
    default `name: score` and the `unit`, `名前：点`) in `order` (by default best score first), the
    winners crowned."""
    if result is None:
        return ""
    scores, winners = result["scores"], result["winners"]
    seats = order if order is not None else ranked(scores)
    rows = "".join(
        tag(
            "li",
            (CROWN if p in winners else "")
            + (line(p) if line else score_line(names[p], scores[p], lang, unit)),
            class_="tt-winner" if p in winners else None,
        )
        for p in seats
    )
    title = translate(
        RESULT_TEXTS,
        lang,
        "winners" if len(winners) > 1 else "winner",
        who=commas((names[p] for p in winners), lang),
    )
    return tag(
        "section",
        tag("h2", title) + tag("ol", rows),
        class_="tt-result",
        data_winners=",".join(map(str, winners)),
    )
