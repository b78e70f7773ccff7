"""A peer's JSON text read with limits: its size, nesting depth and item count are checked before any parser
sees it, so a hostile message can neither exhaust the recursion of the JSON parser nor its memory."""

import json
from typing import Any

MAX_DEPTH = 32  # levels of nesting; the deepest honest message nests six
MAX_ITEMS = 20_000  # commas and colons outside strings: the items of every array and object together


class WireError(ValueError):
    """A peer's text that is not one bounded JSON object."""


def scan(text: str, max_depth: int = MAX_DEPTH, max_items: int = MAX_ITEMS) -> None:
    """Raise WireError if `text` nests deeper than `max_depth` or holds more than `max_items` items (strings
    skipped); a single pass over the text, never a parser."""
    depth = items = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > max_depth:
                raise WireError(f"message nests deeper than {max_depth} levels")
        elif char in "]}":
            depth -= 1
        elif char in ",:":
            items += 1
            if items > max_items:
                raise WireError(f"message holds more than {max_items} items")


def loads(
    text: str, max_bytes: int, max_depth: int = MAX_DEPTH, max_items: int = MAX_ITEMS
) -> dict[str, Any]:
    """Return the object a peer's JSON text holds; raise WireError naming what is wrong."""
    if len(text) > max_bytes or len(text.encode(errors="replace")) > max_bytes:
        raise WireError(f"message too long ({len(text.encode(errors='replace'))} bytes, at most {max_bytes})")
    scan(text, max_depth, max_items)
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        raise WireError("message is not JSON") from None
    if not isinstance(data, dict):
        raise WireError("message must be a JSON object")
    return data
