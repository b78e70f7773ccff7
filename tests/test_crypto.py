"""pygame_core.engine.crypto in CPython (pyca's primitives) against the RFCs' known answers
(tests/crypto_vectors.py, which tests/e2e/test_crypto_browser.py runs in the browser's worker)."""

from collections.abc import Iterator

import pytest
from crypto_vectors import CHECKS, Mismatch, outcomes

from pygame_core.engine import crypto


@pytest.fixture(autouse=True)
def pyca() -> Iterator[None]:
    """Each test starts, and leaves, with pyca's primitives installed."""
    crypto.use(crypto.Pyca())
    yield
    crypto.use(crypto.Pyca())


@pytest.mark.parametrize("name", CHECKS)
def test_known_answer(name: str) -> None:
    CHECKS[name]()


class Broken(crypto.Pyca):
    """pyca's primitives with every output a bit off, no low-order key refused and no tag checked."""

    def x25519_public(self, private: bytes) -> bytes:
        """Return the public key with its last bit flipped."""
        public = super().x25519_public(private)
        return public[:-1] + bytes([public[-1] ^ 1])

    def x25519(self, private: bytes, public: bytes) -> bytes:
        """Return the shared secret with its first bit flipped, something for a low-order key."""
        try:
            shared = super().x25519(private, public)
        except crypto.CryptoError:
            return bytes([1]) * crypto.KEY_BYTES
        return bytes([shared[0] ^ 1]) + shared[1:]

    def encrypt(self, key: bytes, nonce: bytes, ad: bytes, plaintext: bytes) -> bytes:
        """Return the ciphertext and tag with their first bit flipped."""
        sealed = super().encrypt(key, nonce, ad, plaintext)
        return bytes([sealed[0] ^ 1]) + sealed[1:]

    def decrypt(self, key: bytes, nonce: bytes, ad: bytes, ciphertext: bytes) -> bytes:
        """Return the ciphertext without its tag, unchecked."""
        return ciphertext[: -crypto.TAG_BYTES]


def test_every_check_of_the_primitives_fails_on_broken_ones() -> None:
    crypto.use(Broken())
    failed = {name for name, outcome in outcomes().items() if outcome != "ok"}
    assert failed == set(CHECKS) - {"hkdf_vectors"}  # HKDF is the standard library's HMAC, not theirs


def test_a_wrong_hkdf_fails_its_check(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(crypto, "hmac_sha256", lambda key, data: crypto.sha256(key + data))
    with pytest.raises(Mismatch, match="HKDF test case 1"):
        CHECKS["hkdf_vectors"]()


def test_the_low_order_key_and_a_tampered_tag_raise_crypto_errors_from_pyca_itself() -> None:
    pyca = crypto.Pyca()
    with pytest.raises(crypto.CryptoError, match="not a valid X25519 public key"):
        pyca.x25519(bytes(range(32)), bytes(32))
    with pytest.raises(crypto.CryptoError, match="failed its authentication"):
        pyca.decrypt(bytes(32), bytes(12), b"", bytes(crypto.TAG_BYTES))
