"""End-to-end sealing of peer play: the relay forwards only text it can neither read nor forge.

The host makes a table secret (32 random bytes) that travels only in the join link's `#fragment` and its
QR code. Every guest connection opens a session with the host, then every message either way (game
messages and WebRTC signalling alike) is sealed: `s1.` + base64url(counter | ciphertext | tag).

- With the secret (link or QR): guest `{"t": "open", "k": 1, "n": Ng}`, host `{"t": "opened", "n": Nh}`;
  the keys come from the secret and both nonces, so only a device with the link can seal or open.
- With the room code alone: Diffie-Hellman (RFC 3526 group 14) with a commitment, so a relay in the middle
  cannot grind a matching check code: guest `{"t": "open", "k": 0, "c": H(Ng|gx)}`, host `{"t":
  "opened", "n": Nh, "g": gy}`, guest `{"t": "reveal", "n": Ng, "g": gx}`. Both sides show a six-digit
  check code; the host lets the device in only when its owner confirms the phone shows the same code.

Sealing is encrypt-then-MAC with the standard library (the same code in Pyodide and in tests, synchronous,
so messages keep their order): a SHAKE-256 keystream from the direction's key and the message counter,
and an HMAC-SHA-256 tag (128 bits) over counter and ciphertext. Counters never repeat within a session;
a receiver accepts each counter once, within a window (a message may overtake another when a data channel
opens), so a replayed or reordered-beyond-the-window frame is refused.
"""

import base64
import hashlib
import hmac
import json
import secrets
from typing import Any

from .wire import loads

PREFIX = "s1."
TAG_BYTES = 16
COUNTER_BYTES = 8
WINDOW = 256  # counters accepted below the highest seen (each once)
NONCE_BYTES = 16
MAX_PLAIN = 48 << 10  # bytes of a sealed message's JSON (a state message stays under 24 KiB)
SECRET_BYTES = 32
# RFC 3526, group 14 (2048-bit MODP), generator 2; exponents of 256 bits.
PRIME = int(
    "FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DDEF"
    "9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7EDEE38"
    "6BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F83655D"
    "23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3BE39E772C"
    "180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA051015728E5A8A"
    "ACAA68FFFFFFFFFFFFFFFF",
    16,
)


class SealError(ValueError):
    """A frame that is not a valid sealed message of this session (forged, tampered or replayed)."""


def b64(data: bytes) -> str:
    """Return base64url text without padding."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: object) -> bytes:
    """Return the bytes of base64url text; raise SealError if it is not that."""
    if not isinstance(text, str) or len(text) > 1 << 22:
        raise SealError("not base64 text")
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except ValueError:
        raise SealError("not base64 text") from None


def new_secret() -> str:
    """Return a new table secret, as the text that goes into the join link's fragment."""
    return b64(secrets.token_bytes(SECRET_BYTES))


def kdf(*parts: bytes) -> bytes:
    """Return 32 bytes derived from labelled, length-prefixed parts."""
    h = hashlib.sha256(b"trading-table/1")
    for part in parts:
        h.update(len(part).to_bytes(4, "big") + part)
    return h.digest()


def xor(data: bytes, stream: bytes) -> bytes:
    """Return data XOR stream (same length)."""
    n = len(data)
    return (int.from_bytes(data, "big") ^ int.from_bytes(stream, "big")).to_bytes(n, "big")


def check_code(key: bytes) -> str:
    """Return the six-digit code both screens show for a code-only device."""
    return f"{int.from_bytes(kdf(key, b'check')[:8], 'big') % 1_000_000:06d}"


class Session:
    """One side of a sealed session: seals what it sends, opens what it receives (each counter once)."""

    def __init__(self, key: bytes, role: str, trusted: bool) -> None:
        out, back = ("h2g", "g2h") if role == "host" else ("g2h", "h2g")
        self.out_enc, self.out_mac = kdf(key, out.encode(), b"enc"), kdf(key, out.encode(), b"mac")
        self.in_enc, self.in_mac = kdf(key, back.encode(), b"enc"), kdf(key, back.encode(), b"mac")
        self.trusted = trusted  # the peer proved it has the table secret
        self.code = check_code(key)
        self.sent = 0
        self.top = 0
        self.seen: set[int] = set()

    def seal(self, message: dict[str, Any]) -> str:
        """Return the sealed text of a message."""
        self.sent += 1
        counter = self.sent.to_bytes(COUNTER_BYTES, "big")
        plain = json.dumps(message, separators=(",", ":")).encode()
        cipher = xor(plain, hashlib.shake_256(self.out_enc + counter).digest(len(plain)))
        tag = hmac.new(self.out_mac, counter + cipher, "sha256").digest()[:TAG_BYTES]
        return PREFIX + b64(counter + cipher + tag)

    def open(self, text: object) -> dict[str, Any]:
        """Return the message sealed in text; raise SealError if it is forged, tampered or replayed."""
        if not isinstance(text, str) or not text.startswith(PREFIX):
            raise SealError("not a sealed message")
        raw = unb64(text[len(PREFIX) :])
        if len(raw) < COUNTER_BYTES + TAG_BYTES:
            raise SealError("sealed message too short")
        counter, cipher, tag = raw[:COUNTER_BYTES], raw[COUNTER_BYTES:-TAG_BYTES], raw[-TAG_BYTES:]
        if not hmac.compare_digest(
            hmac.new(self.in_mac, counter + cipher, "sha256").digest()[:TAG_BYTES], tag
        ):
            raise SealError("a message failed its authentication (forged or tampered)")
        n = int.from_bytes(counter, "big")
        if n <= self.top - WINDOW or n in self.seen:
            raise SealError("a message was replayed")
        self.seen.add(n)
        if n > self.top:
            self.top = n
            self.seen = {c for c in self.seen if c > n - WINDOW}
        plain = xor(cipher, hashlib.shake_256(self.in_enc + counter).digest(len(cipher)))
        try:
            return loads(plain.decode(), MAX_PLAIN)
        except ValueError as e:  # WireError and UnicodeDecodeError
            raise SealError(f"a sealed message: {e}") from None


def secret_bytes(secret: str | None) -> bytes | None:
    """Return the table secret's bytes, or None without one (a link without a valid fragment)."""
    if not secret:
        return None
    try:
        raw = unb64(secret)
    except SealError:
        return None
    return raw if len(raw) == SECRET_BYTES else None


def nonce(text: object) -> bytes:
    """Return a peer's handshake nonce; raise SealError unless it is base64 of NONCE_BYTES bytes."""
    raw = unb64(text)
    if len(raw) != NONCE_BYTES:
        raise SealError("bad nonce")
    return raw


def public_number(value: object) -> int:
    """Return a peer's Diffie-Hellman public value; raise SealError unless it is in range."""
    if not isinstance(value, str) or len(value) > 600:
        raise SealError("bad key exchange value")
    try:
        number = int(value, 16)
    except ValueError:
        raise SealError("bad key exchange value") from None
    if not 1 < number < PRIME - 1:
        raise SealError("bad key exchange value")
    return number


class GuestOpening:
    """A guest's side of the handshake: `start()` to send, then `finish(opened)`."""

    def __init__(self, secret: str | None) -> None:
        self.secret = secret_bytes(secret)
        self.nonce = secrets.token_bytes(NONCE_BYTES)
        self.x = secrets.randbits(256) | 1 << 255
        self.gx = format(pow(2, self.x, PRIME), "x") if self.secret is None else ""

    def start(self) -> dict[str, Any]:
        """Return the `open` message (plain: it carries nothing secret)."""
        if self.secret is not None:
            return {"t": "open", "k": 1, "n": b64(self.nonce)}
        return {"t": "open", "k": 0, "c": b64(kdf(self.nonce, self.gx.encode()))}

    def finish(self, opened: dict[str, Any]) -> tuple[Session, dict[str, Any] | None]:
        """Return the session and the `reveal` message to send (None with the secret)."""
        host_nonce = nonce(opened.get("n"))
        if self.secret is not None:
            return Session(kdf(self.secret, self.nonce, host_nonce), "guest", True), None
        gy = public_number(opened.get("g"))
        shared = format(pow(gy, self.x, PRIME), "x").encode()
        key = kdf(b"code-only", shared, self.nonce, host_nonce, self.gx.encode(), format(gy, "x").encode())
        return Session(key, "guest", False), {"t": "reveal", "n": b64(self.nonce), "g": self.gx}


class HostOpening:
    """The host's side of one guest's handshake: `answer(open)`, then for a code-only guest `finish`."""

    def __init__(self, secret: str, opening: dict[str, Any]) -> None:
        self.secret = secret_bytes(secret)
        self.nonce = secrets.token_bytes(NONCE_BYTES)
        self.with_secret = opening.get("k") == 1
        if self.with_secret:
            self.guest_nonce = nonce(opening.get("n"))
        else:
            self.commit = unb64(opening.get("c"))
            self.y = secrets.randbits(256) | 1 << 255
            self.gy = format(pow(2, self.y, PRIME), "x")

    def answer(self) -> dict[str, Any]:
        """Return the `opened` message."""
        if self.with_secret:
            return {"t": "opened", "n": b64(self.nonce)}
        return {"t": "opened", "n": b64(self.nonce), "g": self.gy}

    def session(self, reveal: dict[str, Any] | None = None) -> Session:
        """Return the session: at once with the secret, else from the guest's `reveal` (checked)."""
        if self.with_secret:
            if self.secret is None:
                raise SealError("this table has no secret")
            return Session(kdf(self.secret, self.guest_nonce, self.nonce), "host", True)
        if reveal is None:
            raise SealError("a code-only device must reveal its key")
        guest_nonce = nonce(reveal.get("n"))
        gx = public_number(reveal.get("g"))
        gx_hex = format(gx, "x").encode()
        if not hmac.compare_digest(kdf(guest_nonce, gx_hex), self.commit):
            raise SealError("the key does not match its commitment")
        shared = format(pow(gx, self.y, PRIME), "x").encode()
        key = kdf(b"code-only", shared, guest_nonce, self.nonce, gx_hex, self.gy.encode())
        return Session(key, "host", False)
