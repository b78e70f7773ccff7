"""The Noise protocol framework (revision 34, noiseprotocol.org), for the two patterns peer play uses.

`Noise_NKpsk0_25519_ChaChaPoly_SHA256` joins a phone that has the table's link (the host's static public key
and a pre-shared key); `Noise_NN_25519_ChaChaPoly_SHA256` joins a phone that typed the room code (its owner
then compares a check code). This is the specification's CipherState, SymmetricState and HandshakeState,
written out for these token sets; the primitives are `crypto`'s. It is checked against the published test
vectors (flynn/noise's `vectors.txt`) in tests/test_noise.py.
"""

import secrets
from dataclasses import dataclass, field

from .crypto import KEY_BYTES, TAG_BYTES, CryptoError, dh, hkdf, primitives, sha256

MAX_NONCE = 2**64 - 1  # reserved by the specification: a CipherState never uses it
PATTERNS: dict[str, tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]] = {
    # name -> (the responder's pre-message tokens, the messages' tokens; the initiator sends first)
    "NN": ((), (("e",), ("e", "ee"))),
    "NKpsk0": (("s",), (("psk", "e", "es"), ("e", "ee"))),
}
SUITE = "25519_ChaChaPoly_SHA256"


class NoiseError(ValueError):
    """A handshake or transport message that does not follow the protocol, or fails its authentication."""


def nonce_bytes(n: int) -> bytes:
    """Return ChaChaPoly's 96-bit nonce for counter n: 32 bits of zeros, then n as 64-bit little-endian."""
    return b"\0\0\0\0" + n.to_bytes(8, "little")


@dataclass
class CipherState:
    """A key and the next nonce; with no key, messages pass in the clear (the handshake's start)."""

    k: bytes | None = None
    n: int = 0

    def encrypt_at(self, n: int, ad: bytes, plaintext: bytes) -> bytes:
        """Return the AEAD ciphertext of plaintext under nonce n (the transport's explicit counters)."""
        if self.k is None:
            return plaintext
        if not 0 <= n < MAX_NONCE:
            raise NoiseError("nonce out of range")
        return primitives().encrypt(self.k, nonce_bytes(n), ad, plaintext)

    def decrypt_at(self, n: int, ad: bytes, ciphertext: bytes) -> bytes:
        """Return the plaintext of ciphertext under nonce n; raise NoiseError if it fails authentication."""
        if self.k is None:
            return ciphertext
        if not 0 <= n < MAX_NONCE or len(ciphertext) < TAG_BYTES:
            raise NoiseError("not a ciphertext of this session")
        try:
            return primitives().decrypt(self.k, nonce_bytes(n), ad, ciphertext)
        except CryptoError as e:
            raise NoiseError(str(e)) from None

    def encrypt_with_ad(self, ad: bytes, plaintext: bytes) -> bytes:
        """Return the ciphertext under the next nonce (the specification's EncryptWithAd)."""
        out = self.encrypt_at(self.n, ad, plaintext)
        self.n += self.k is not None
        return out

    def decrypt_with_ad(self, ad: bytes, ciphertext: bytes) -> bytes:
        """Return the plaintext under the next nonce (DecryptWithAd); the nonce moves on only on success."""
        out = self.decrypt_at(self.n, ad, ciphertext)
        self.n += self.k is not None
        return out


@dataclass
class SymmetricState:
    """The chaining key, the handshake hash and the current cipher."""

    ck: bytes
    h: bytes
    cipher: CipherState = field(default_factory=CipherState)

    @classmethod
    def named(cls, protocol: str) -> "SymmetricState":
        """Return InitializeSymmetric(protocol name)."""
        name = protocol.encode()
        h = name.ljust(KEY_BYTES, b"\0") if len(name) <= KEY_BYTES else sha256(name)
        return cls(h, h)

    def mix_key(self, ikm: bytes) -> None:
        """MixKey."""
        self.ck, key = hkdf(self.ck, ikm, 2)
        self.cipher = CipherState(key)

    def mix_hash(self, data: bytes) -> None:
        """MixHash."""
        self.h = sha256(self.h + data)

    def mix_key_and_hash(self, ikm: bytes) -> None:
        """MixKeyAndHash."""
        self.ck, temp_h, key = hkdf(self.ck, ikm, 3)
        self.mix_hash(temp_h)
        self.cipher = CipherState(key)

    def encrypt_and_hash(self, plaintext: bytes) -> bytes:
        """EncryptAndHash."""
        ciphertext = self.cipher.encrypt_with_ad(self.h, plaintext)
        self.mix_hash(ciphertext)
        return ciphertext

    def decrypt_and_hash(self, ciphertext: bytes) -> bytes:
        """DecryptAndHash."""
        plaintext = self.cipher.decrypt_with_ad(self.h, ciphertext)
        self.mix_hash(ciphertext)
        return plaintext

    def split(self) -> tuple[CipherState, CipherState]:
        """Split: the initiator's sending cipher, then the responder's."""
        k1, k2 = hkdf(self.ck, b"", 2)
        return CipherState(k1), CipherState(k2)


@dataclass
class Keypair:
    """An X25519 key pair."""

    private: bytes
    public: bytes

    @classmethod
    def of(cls, private: bytes) -> "Keypair":
        """Return the key pair of a private key."""
        if len(private) != KEY_BYTES:
            raise NoiseError("an X25519 private key is 32 bytes")
        return cls(private, primitives().x25519_public(private))

    @classmethod
    def new(cls) -> "Keypair":
        """Return a fresh random key pair."""
        return cls.of(secrets.token_bytes(KEY_BYTES))


class Handshake:
    """One side of a handshake (the specification's HandshakeState): `write` and `read` messages in turn;
    when both are done, `split()` gives the transport ciphers and `hash` the transcript's hash."""

    def __init__(
        self,
        pattern: str,
        initiator: bool,
        prologue: bytes = b"",
        s: Keypair | None = None,
        rs: bytes | None = None,
        psk: bytes | None = None,
        e: Keypair | None = None,
    ) -> None:
        """Start a handshake; `e` fixes the ephemeral key (test vectors, and a key committed to earlier)."""
        pre, self.messages = PATTERNS[pattern]
        if any("psk" in m for m in self.messages) and (psk is None or len(psk) != KEY_BYTES):
            raise NoiseError("this pattern needs a 32-byte pre-shared key")
        self.initiator, self.s, self.rs, self.psk, self.e = initiator, s, rs, psk, e
        self.re: bytes | None = None
        self.psk_mode = psk is not None
        self.state = SymmetricState.named(f"Noise_{pattern}_{SUITE}")
        self.state.mix_hash(prologue)
        for token in pre:  # only the responder's static key is known ahead in these patterns
            key = self.s.public if not initiator and self.s else self.rs
            if token != "s" or key is None:
                raise NoiseError("this pattern needs the responder's static key")
            self.state.mix_hash(key)
        self.step = 0

    @property
    def done(self) -> bool:
        """Return whether every message of the pattern has been written or read."""
        return self.step == len(self.messages)

    @property
    def hash(self) -> bytes:
        """Return the handshake hash: both sides' are equal exactly when they saw the same transcript."""
        return self.state.h

    def my_turn(self) -> bool:
        """Return whether the next message is this side's to write."""
        return not self.done and (self.step % 2 == 0) == self.initiator

    def write(self, payload: bytes = b"") -> bytes:
        """Return the next handshake message, carrying payload."""
        if not self.my_turn():
            raise NoiseError("not this side's turn to write a handshake message")
        out = b""
        for token in self.messages[self.step]:
            if token == "e":
                self.e = self.e or Keypair.new()
                out += self.e.public
                self.state.mix_hash(self.e.public)
                if self.psk_mode:
                    self.state.mix_key(self.e.public)
            else:
                self.token(token)
        self.step += 1
        return out + self.state.encrypt_and_hash(payload)

    def read(self, message: bytes) -> bytes:
        """Read the peer's next handshake message; return its payload (raise NoiseError if it is bad)."""
        if self.done or self.my_turn():
            raise NoiseError("a handshake message out of turn")
        for token in self.messages[self.step]:
            if token == "e":
                if len(message) < KEY_BYTES:
                    raise NoiseError("a handshake message too short")
                self.re, message = message[:KEY_BYTES], message[KEY_BYTES:]
                self.state.mix_hash(self.re)
                if self.psk_mode:
                    self.state.mix_key(self.re)
            else:
                self.token(token)
        payload = self.state.decrypt_and_hash(message)
        self.step += 1
        return payload

    def token(self, token: str) -> None:
        """Process a token other than `e`: a Diffie-Hellman or the pre-shared key."""
        try:
            if token == "psk" and self.psk is not None:
                self.state.mix_key_and_hash(self.psk)
            elif token == "ee" and self.e and self.re:
                self.state.mix_key(dh(self.e.private, self.re))
            elif token == "es" and self.initiator and self.e and self.rs:
                self.state.mix_key(dh(self.e.private, self.rs))
            elif token == "es" and not self.initiator and self.s and self.re:
                self.state.mix_key(dh(self.s.private, self.re))
            else:
                raise NoiseError(f"cannot process the token {token!r} here")
        except CryptoError as e:
            raise NoiseError(str(e)) from None

    def split(self) -> tuple[CipherState, CipherState]:
        """Return (this side's sending cipher, its receiving cipher) once the handshake is done."""
        if not self.done:
            raise NoiseError("the handshake is not finished")
        first, second = self.state.split()
        return (first, second) if self.initiator else (second, first)
