"""The browser's X25519 and ChaCha20-Poly1305 for pygame_core.engine.crypto: the audited noble libraries
(build.py vendors them; web/assets/tt_crypto.mjs, which the worker imports for the pages that seal, puts
them on the worker's global scope as `ttCrypto`). Synchronous, as the engine's Gate and Guest are."""

from typing import Any

import js  # the worker's global scope
from pyodide.ffi import JsException, to_js

from pygame_core.engine.crypto import CryptoError


def _js(data: bytes) -> Any:
    """A Uint8Array copy of data."""
    return to_js(data)


class Noble:
    """crypto.Primitives over the worker's `ttCrypto` (noble's x25519 and chacha20poly1305)."""

    def __init__(self) -> None:
        """Fail at once, clearly, if the page's worker did not import tt_crypto.mjs."""
        if not hasattr(js, "ttCrypto"):
            raise RuntimeError("ttCrypto is missing: the page's worker did not import assets/tt_crypto.mjs")
        self.noble = js.ttCrypto

    def x25519_public(self, private: bytes) -> bytes:
        """Return the public key of a 32-byte private key."""
        public: bytes = self.noble.x25519Public(_js(private)).to_bytes()
        return public

    def x25519(self, private: bytes, public: bytes) -> bytes:
        """Return the shared secret; raise CryptoError for a low-order public key (noble rejects it)."""
        try:
            shared: bytes = self.noble.x25519(_js(private), _js(public)).to_bytes()
        except JsException:
            raise CryptoError("not a valid X25519 public key") from None
        return shared

    def encrypt(self, key: bytes, nonce: bytes, ad: bytes, plaintext: bytes) -> bytes:
        """Return ChaCha20-Poly1305's ciphertext and tag."""
        sealed: bytes = self.noble.encrypt(_js(key), _js(nonce), _js(ad), _js(plaintext)).to_bytes()
        return sealed

    def decrypt(self, key: bytes, nonce: bytes, ad: bytes, ciphertext: bytes) -> bytes:
        """Return the plaintext; raise CryptoError if the tag does not match."""
        try:
            opened: bytes = self.noble.decrypt(_js(key), _js(nonce), _js(ad), _js(ciphertext)).to_bytes()
        except JsException:
            raise CryptoError("a message failed its authentication (forged or tampered)") from None
        return opened
