"""Peer play's sessions: Noise handshakes, then sealed frames the relay can neither read nor forge.

The host holds the table's keys (`HostKeys`): a static X25519 key pair and a pre-shared key. The join link
and its QR code carry the pre-shared key and the host's public key in the `#fragment` (never sent to a
server), so a phone with the link runs `Noise_NKpsk0_25519_ChaChaPoly_SHA256`: it gets in, and it knows it
talks to the host, since only the holder of the host's private key can answer. A phone with the link can
therefore never pose as the host to another phone.

A phone that typed only the room code runs `Noise_NN_25519_ChaChaPoly_SHA256` with a commitment first (the
hash-commitment of ZRTP and Bluetooth's numeric comparison): it sends the hash of its ephemeral key, the host
answers with its own ephemeral key, and only then does the phone reveal its key. The commitment is the
handshake's prologue, and each side shows a six-digit check code computed from its own transcript's hash.
A relay in the middle has to fix its keys on both sides before it learns the phone's, so the two codes agree
with a chance of one in a million; the host's owner lets the phone in only when they do.

After the handshake each side has two ciphers (`noise.Handshake.split`): frames are `s2.` + base64url(an
8-byte counter | ChaCha20-Poly1305 ciphertext), the counter sent in the clear and used as the nonce, and
accepted once within a window (as WireGuard's transport does: a message may overtake another when a data
channel opens). Every plaintext is padded to a multiple of `PAD` bytes, so a frame's length does not tell
which act, role or hand it carries. Ephemeral keys make every session's keys new: recorded frames stay
closed even to someone who later learns the link.
"""

import base64
import json
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from .crypto import KEY_BYTES, sha256
from .noise import CipherState, Handshake, Keypair, NoiseError
from .wire import loads

PREFIX = "s2."
COUNTER_BYTES = 8
WINDOW = 256  # counters accepted below the highest seen (each once)
PAD = 1024  # every sealed plaintext is a multiple of this many bytes
OLD_KEYS = 4  # earlier pre-shared keys a phone may still come back with (to its own seat only)
LINK_PROLOGUE = b"trading-table/2 link"
CODE_PROLOGUE = b"trading-table/2 code "
MAX_PLAIN = 48 << 10  # bytes of a sealed message's JSON (a state message stays under 24 KiB)
MAX_FIELD = 200  # characters of a handshake field: every one is a few dozen


class SealError(ValueError):
    """A frame or handshake message that is not a valid one of this session (forged, tampered or replayed)."""


def b64(data: bytes) -> str:
    """Return base64url text without padding."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: object, size: int | None = None, limit: int = 1 << 22) -> bytes:
    """Return the bytes of base64url text (exactly `size` of them, if given); raise SealError otherwise."""
    if not isinstance(text, str) or len(text) > limit:
        raise SealError("not base64 text")
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except ValueError:
        raise SealError("not base64 text") from None
    if size is not None and len(raw) != size:
        raise SealError(f"a handshake field of {len(raw)} bytes, not {size}")
    return raw


@dataclass(frozen=True)
class HostKeys:
    """The table's keys, kept by the host only: its static key pair and the link's pre-shared key."""

    psk: bytes
    static: Keypair
    old: tuple[bytes, ...] = ()  # earlier pre-shared keys ("New phone" made new ones)

    @classmethod
    def new(cls) -> "HostKeys":
        """Return the keys of a new table."""
        return cls(secrets.token_bytes(KEY_BYTES), Keypair.new())

    @property
    def link(self) -> str:
        """Return what the join link's fragment carries: the pre-shared key and the host's public key."""
        return b64(self.psk + self.static.public)

    def rotated(self) -> "HostKeys":
        """Return the keys with a new pre-shared key (the old link lets a phone back to its own seat only)."""
        return HostKeys(secrets.token_bytes(KEY_BYTES), self.static, (self.psk, *self.old)[:OLD_KEYS])

    def to_text(self) -> str:
        """Return the keys as text, for the host's own storage."""
        return ".".join(b64(k) for k in (self.psk, self.static.private, *self.old))

    @classmethod
    def from_text(cls, text: object) -> "HostKeys | None":
        """Return keys stored by `to_text`, or None for anything else (an older table's secret)."""
        if not isinstance(text, str):
            return None
        try:
            psk, private, *old = (unb64(part, KEY_BYTES) for part in text.split("."))
        except (SealError, ValueError):
            return None
        return cls(psk, Keypair.of(private), tuple(old[:OLD_KEYS]))


def link_keys(link: object) -> tuple[bytes, bytes] | None:
    """Return (pre-shared key, host's public key) from a link's fragment, or None if it is not one."""
    try:
        raw = unb64(link, 2 * KEY_BYTES, limit=200)
    except SealError:
        return None
    return raw[:KEY_BYTES], raw[KEY_BYTES:]


def check_code(handshake_hash: bytes) -> str:
    """Return the six-digit code a side shows for a code-only session: from its own transcript's hash."""
    digest = sha256(b"trading-table/2 check code" + handshake_hash)
    return f"{int.from_bytes(digest[:8], 'big') % 1_000_000:06d}"


def pad(plain: bytes) -> bytes:
    """Return plain padded to a multiple of PAD (ISO/IEC 7816-4: a 0x80 byte, then zeros)."""
    return plain + b"\x80" + bytes(-(len(plain) + 1) % PAD)


def unpad(padded: bytes) -> bytes:
    """Return what `pad` padded; raise SealError if it is not padded so."""
    plain = padded.rstrip(b"\0")
    if not plain.endswith(b"\x80"):
        raise SealError("a sealed message without its padding")
    return plain[:-1]


class Session:
    """One side of a session: seals what it sends, opens what it receives (each counter once)."""

    def __init__(
        self, send: CipherState, recv: CipherState, trusted: bool, code: str = "", current: bool = True
    ) -> None:
        self.send, self.recv = send, recv
        self.trusted = trusted  # the peer proved it holds the link, or the host let it in by its code
        self.current = current  # ... the link as it is now (not one made before a "New phone")
        self.code = code  # the check code of a code-only session, from this side's transcript
        self.sent = 0
        self.top = -1
        self.seen: set[int] = set()

    def seal(self, message: dict[str, Any]) -> str:
        """Return the sealed text of a message."""
        n, self.sent = self.sent, self.sent + 1
        plain = pad(json.dumps(message, separators=(",", ":")).encode())
        return PREFIX + b64(n.to_bytes(COUNTER_BYTES, "big") + self.send.encrypt_at(n, b"", plain))

    def open(self, text: object) -> dict[str, Any]:
        """Return the message sealed in text; raise SealError if it is forged, tampered or replayed."""
        if not isinstance(text, str) or not text.startswith(PREFIX):
            raise SealError("not a sealed message")
        raw = unb64(text[len(PREFIX) :])
        if len(raw) < COUNTER_BYTES:
            raise SealError("not a sealed message")
        n = int.from_bytes(raw[:COUNTER_BYTES], "big")
        if n <= self.top - WINDOW or n in self.seen:
            raise SealError("a message was replayed")
        try:
            plain = unpad(self.recv.decrypt_at(n, b"", raw[COUNTER_BYTES:]))
        except NoiseError:
            raise SealError("a message failed its authentication (forged or tampered)") from None
        self.seen.add(n)
        if n > self.top:
            self.top = n
            self.seen = {c for c in self.seen if c > n - WINDOW}
        try:
            return loads(plain.decode(), MAX_PLAIN)
        except ValueError as e:  # WireError and UnicodeDecodeError
            raise SealError(f"a sealed message: {e}") from None


def field(message: dict[str, Any], name: str) -> bytes:
    """Return a handshake message's base64 field."""
    return unb64(message.get(name), limit=MAX_FIELD)


@contextmanager
def peer_step() -> Iterator[None]:
    """Turn a Noise failure inside the block into a SealError (a peer's bad handshake message)."""
    try:
        yield
    except NoiseError as e:
        raise SealError(str(e)) from None


class GuestOpening:
    """A phone's side of the handshake: `start()` to send, then `finish(opened)`."""

    def __init__(self, link: str | None) -> None:
        self.keys = link_keys(link)
        self.e = Keypair.new()
        if self.keys is not None:
            psk, host = self.keys
            self.handshake = Handshake("NKpsk0", True, LINK_PROLOGUE, rs=host, psk=psk, e=self.e)
        else:
            self.commit = sha256(self.e.public)
            self.handshake = Handshake("NN", False, CODE_PROLOGUE + self.commit, e=self.e)

    def start(self) -> dict[str, Any]:
        """Return the `open` message (plain: it carries nothing secret)."""
        if self.keys is not None:
            return {"t": "open", "k": 1, "m": b64(self.handshake.write())}
        return {"t": "open", "k": 0, "c": b64(self.commit)}

    def finish(self, opened: dict[str, Any]) -> tuple[Session, dict[str, Any] | None]:
        """Return the session and the `reveal` message to send (None with the link)."""
        with peer_step():
            self.handshake.read(field(opened, "m"))
            reveal = None if self.keys is not None else {"t": "reveal", "m": b64(self.handshake.write())}
        send, recv = self.handshake.split()
        if self.keys is not None:
            return Session(send, recv, True), None
        return Session(send, recv, False, check_code(self.handshake.hash)), reveal


class HostOpening:
    """The host's side of one phone's handshake: `answer()`, then `session()` (for a code-only phone, with
    its `reveal`, checked against its commitment)."""

    def __init__(self, keys: HostKeys, opening: dict[str, Any]) -> None:
        self.with_link = opening.get("k") == 1
        self.current = True
        if self.with_link:
            first = field(opening, "m")
            for i, psk in enumerate((keys.psk, *keys.old)):
                self.handshake = Handshake("NKpsk0", False, LINK_PROLOGUE, s=keys.static, psk=psk)
                try:
                    self.handshake.read(first)
                    self.current = i == 0
                    return
                except NoiseError:
                    continue
            raise SealError("a phone without this table's link (its handshake failed)")
        self.commit = unb64(opening.get("c"), KEY_BYTES, limit=MAX_FIELD)
        self.handshake = Handshake("NN", True, CODE_PROLOGUE + self.commit)

    def answer(self) -> dict[str, Any]:
        """Return the `opened` message."""
        return {"t": "opened", "m": b64(self.handshake.write())}

    def session(self, reveal: dict[str, Any] | None = None) -> Session:
        """Return the session: at once with the link, else from the phone's `reveal` (checked)."""
        if not self.with_link:
            if reveal is None:
                raise SealError("a code-only phone must reveal its key")
            with peer_step():
                self.handshake.read(field(reveal, "m"))
            if self.handshake.re is None or sha256(self.handshake.re) != self.commit:
                raise SealError("the phone's key does not match its commitment")
        send, recv = self.handshake.split()
        if self.with_link:
            return Session(send, recv, True, current=self.current)
        return Session(send, recv, False, check_code(self.handshake.hash))
