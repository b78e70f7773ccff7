"""The primitives peer play is sealed with, from maintained implementations; nothing here implements one.

X25519 (RFC 7748) and ChaCha20-Poly1305 (RFC 8439) come from `cryptography` (pyca) in CPython; the
browser, where that package is not shipped, installs the audited noble libraries with `use()`
(web/assets/tt_crypto.py).
SHA-256 and HMAC come from the standard library, which both have. The Noise protocol on top is `noise.py`.
"""

import hashlib
import hmac
from typing import Protocol

KEY_BYTES = 32  # an X25519 key, a ChaCha20-Poly1305 key, a SHA-256 digest
TAG_BYTES = 16  # a Poly1305 tag


class CryptoError(ValueError):
    """A ciphertext that fails its authentication, or a key that is not a valid X25519 public key."""


class Primitives(Protocol):
    """X25519 and ChaCha20-Poly1305, from one maintained implementation."""

    def x25519_public(self, private: bytes) -> bytes:
        """Return the public key of a 32-byte private key."""
        ...

    def x25519(self, private: bytes, public: bytes) -> bytes:
        """Return the shared secret (RFC 7748), as the implementation computes it (checked by `dh`)."""
        ...

    def encrypt(self, key: bytes, nonce: bytes, ad: bytes, plaintext: bytes) -> bytes:
        """Return ChaCha20-Poly1305's ciphertext and tag (RFC 8439; a 12-byte nonce)."""
        ...

    def decrypt(self, key: bytes, nonce: bytes, ad: bytes, ciphertext: bytes) -> bytes:
        """Return the plaintext; raise CryptoError if the tag does not match."""
        ...


class Pyca:
    """The primitives of `cryptography` (pyca), for CPython."""

    def x25519_public(self, private: bytes) -> bytes:
        """Return the public key of a 32-byte private key."""
        from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey

        return X25519PrivateKey.from_private_bytes(private).public_key().public_bytes_raw()

    def x25519(self, private: bytes, public: bytes) -> bytes:
        """Return the shared secret; raise CryptoError for a low-order public key."""
        from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey

        try:
            peer = X25519PublicKey.from_public_bytes(public)
            return X25519PrivateKey.from_private_bytes(private).exchange(peer)
        except ValueError:
            raise CryptoError("not a valid X25519 public key") from None

    def encrypt(self, key: bytes, nonce: bytes, ad: bytes, plaintext: bytes) -> bytes:
        """Return ChaCha20-Poly1305's ciphertext and tag."""
        from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305

        return ChaCha20Poly1305(key).encrypt(nonce, plaintext, ad)

    def decrypt(self, key: bytes, nonce: bytes, ad: bytes, ciphertext: bytes) -> bytes:
        """Return the plaintext; raise CryptoError if the tag does not match."""
        from cryptography.exceptions import InvalidTag
        from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305

        try:
            return ChaCha20Poly1305(key).decrypt(nonce, ciphertext, ad)
        except InvalidTag:
            raise CryptoError("a message failed its authentication (forged or tampered)") from None


_installed: list[Primitives] = []


def use(primitives: Primitives) -> None:
    """Install the primitives this process uses (the browser's; CPython defaults to `Pyca`)."""
    _installed[:] = [primitives]


def primitives() -> Primitives:
    """Return the installed primitives (`Pyca` unless others were installed)."""
    if not _installed:
        _installed.append(Pyca())
    return _installed[0]


def dh(private: bytes, public: bytes) -> bytes:
    """Return X25519(private, public); raise CryptoError for a malformed or low-order public key."""
    if len(public) != KEY_BYTES or len(private) != KEY_BYTES:
        raise CryptoError("an X25519 key must be 32 bytes")
    shared = primitives().x25519(private, public)
    if not any(shared):  # a low-order point gives all zeros (RFC 7748, section 6.1)
        raise CryptoError("not a valid X25519 public key")
    return shared


def sha256(data: bytes) -> bytes:
    """Return SHA-256 of data."""
    return hashlib.sha256(data).digest()


def hmac_sha256(key: bytes, data: bytes) -> bytes:
    """Return HMAC-SHA-256 (RFC 2104)."""
    return hmac.new(key, data, "sha256").digest()


def hkdf(salt: bytes, ikm: bytes, count: int, info: bytes = b"") -> list[bytes]:
    """Return `count` 32-byte outputs of HKDF-SHA-256 (RFC 5869): extract, then expand (Noise's HKDF is
    this with an empty info)."""
    prk = hmac_sha256(salt, ikm)
    outputs, block = [], b""
    for i in range(1, count + 1):
        block = hmac_sha256(prk, block + info + bytes([i]))
        outputs.append(block)
    return outputs
