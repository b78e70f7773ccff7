"""Room codes on the page's side: a new one to propose, and a table's fallback room (docs/relay-protocol.md).

The relay (tt_relay) reads the same alphabet and length. The fallback room is where a table goes when a
stranger holds its code after a relay restart: its code comes from the table secret, which only the host
and the phones with the join link know, so they all find it and a stranger cannot take it first.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"  # no 0/O, 1/I/L
CODE_LENGTH = 5
FALLBACK_LABEL = b"trading-table fallback room"


def spell(number: int) -> str:
    """Return the room code of a number (its last CODE_LENGTH digits in base len(ALPHABET))."""
    letters = []
    for _ in range(CODE_LENGTH):
        number, digit = divmod(number, len(ALPHABET))
        letters.append(ALPHABET[digit])
    return "".join(letters)


def new_room() -> str:
    """Return a random room code for a new table to propose."""
    return spell(secrets.randbits(64))


def fallback_room(secret: str) -> str:
    """Return the table's fallback room: HMAC-SHA-256 of the table secret, spelled as a room code."""
    digest = hmac.new(secret.encode(), FALLBACK_LABEL, hashlib.sha256).digest()
    return spell(int.from_bytes(digest, "big"))
