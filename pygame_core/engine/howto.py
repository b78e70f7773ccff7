"""How to play: each game's rules text (a small markup, numbers filled in from its rules module) as HTML.

The markup, one block per blank-line-separated paragraph:

- `## Heading` and `### Subheading`;
- lines starting with `- ` make a list, with `1. ` a numbered list;
- `[[figure:<name>]]` alone on a line is a picture from the board's `figures(lang)`;
- `**words**` are strong; everything else is text (escaped).

>>> markup_html("## Goal\\nBe **rich**.\\n\\n- one\\n- two")
'<h2>Goal</h2><p>Be <strong>rich</strong>.</p><ul><li>one</li><li>two</li></ul>'
"""

import re
from collections.abc import Mapping
from typing import Any

from .errors import UnknownGame
from .registry import get_board, get_game
from .render import Board, esc, tag

FIGURE = re.compile(r"^\[\[figure:([a-z0-9_-]+)\]\]$")


def inline(text: str) -> str:
    """Return a line of text as markup: escaped, with `**strong**` parts."""
    return re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", esc(text))


def _end_paragraph(para: list[str], out: list[str]) -> None:
    """Put the paragraph read so far (its lines as written), if any, into `out` and start a new one."""
    if para:
        out.append(tag("p", inline(" ".join(para))))
        para.clear()


def markup_html(text: str, figures: Mapping[str, str] | None = None) -> str:
    """Return the rules markup as HTML; an unknown figure name is an error (a typo must not vanish). A
    paragraph or list item is marked up whole, so `**strong**` words may run over a line's end."""
    out: list[str] = []
    for block in re.split(r"\n\s*\n", text.strip()):
        lines = [line.strip() for line in block.strip().splitlines()]
        items: list[str] = []  # a list's items as written, lines joined
        kind = ""
        para: list[str] = []  # a paragraph's lines as written
        for line in lines:
            figure = FIGURE.match(line)
            if line.startswith(("### ", "## ")) or figure:
                _end_paragraph(para, out)
            if line.startswith("### "):
                out.append(tag("h3", inline(line[4:])))
            elif line.startswith("## "):
                out.append(tag("h2", inline(line[3:])))
            elif figure:
                if figures is None or figure[1] not in figures:
                    raise KeyError(f"no figure {figure[1]!r}")
                out.append(tag("figure", figures[figure[1]], class_="tt-figure"))
            elif line.startswith("- ") or re.match(r"\d+\. ", line):
                _end_paragraph(para, out)
                kind = "ul" if line.startswith("- ") else "ol"
                items.append(line.split(" ", 1)[1])
            elif items:
                items[-1] += " " + line
            else:
                para.append(line)
        _end_paragraph(para, out)
        if items:
            out.append(tag(kind, "".join(tag("li", inline(item)) for item in items)))
    return "".join(out)


def explained(board: Board, key: str, view: dict[str, Any] | None, lang: str) -> str:
    """Return what the thing marked `data-explain="<key>"` is and does now, as HTML (the key if unknown)."""
    text = board.explain(key, view, lang)
    return markup_html(text) if text else esc(key)


def rules_html(game_id: str, lang: str) -> str:
    """Return a game's how-to-play text as HTML in `lang`; raise UnknownGame if it has none."""
    game, board = get_game(game_id), get_board(game_id)
    if board.rules is None:
        raise UnknownGame(f"{game.name} has no rules text yet")
    return markup_html(board.rules(lang), board.figures(lang))
