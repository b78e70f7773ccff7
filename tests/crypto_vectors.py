"""Known answers for pygame_core.engine.crypto, typed from the RFCs, and the checks that run them on the
installed primitives: tests/test_crypto.py runs them in CPython (pyca's), tests/e2e/test_crypto_browser.py
in the table page's worker (noble's, through web/assets/tt_crypto.py). No `assert`: the worker runs -OO."""

from collections.abc import Callable

from pygame_core.engine import crypto

# RFC 7748, section 5.2: X25519(scalar, u-coordinate) = output.
X25519_VECTORS = [
    (
        "a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4",
        "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c",
        "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552",
    ),
    (
        "4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d",
        "e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493",
        "95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957",
    ),
]
# RFC 7748, section 5.2: k and u start as the base point 9; each iteration k, u = X25519(k, u), k.
X25519_ITERATED = {
    1: "422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079",
    1000: "684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51",
}
# RFC 7748, section 6.1: Alice's and Bob's keys and their shared secret.
ALICE_PRIVATE = "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a"
ALICE_PUBLIC = "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a"
BOB_PRIVATE = "5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb"
BOB_PUBLIC = "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f"
SHARED = "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742"
# Public keys of low order: 0 and 1 (a shared secret of all zeros, RFC 7748 section 6.1).
LOW_ORDER = ["00" * 32, "01" + "00" * 31]

# RFC 8439, section 2.8.2: the AEAD_CHACHA20_POLY1305 example.
AEAD_KEY = bytes(range(0x80, 0xA0)).hex()
AEAD_NONCE = "070000004041424344454647"
AEAD_AD = "50515253c0c1c2c3c4c5c6c7"
AEAD_PLAINTEXT = (
    b"Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, "
    b"sunscreen would be it."
)
AEAD_CIPHERTEXT = (
    "d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d63dbea45e8ca9671282fafb69da92728b"
    "1a71de0a9e060b2905d6a5b67ecd3b3692ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc"
    "3ff4def08e4b7a9de576d26586cec64b6116"
)
AEAD_TAG = "1ae10b594f09e26a7e902ecbd0600691"

# RFC 5869, appendix A, test cases 1 to 3 (HKDF-SHA-256): IKM, salt, info, L, OKM.
HKDF_VECTORS = [
    (
        "0b" * 22,
        "000102030405060708090a0b0c",
        "f0f1f2f3f4f5f6f7f8f9",
        42,
        "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865",
    ),
    (
        bytes(range(0x00, 0x50)).hex(),
        bytes(range(0x60, 0xB0)).hex(),
        bytes(range(0xB0, 0x100)).hex(),
        82,
        "b11e398dc80327a1c8e7f78c596a49344f012eda2d4efad8a050cc4c19afa97c59045a99cac7827271cb41c65e590e09"
        "da3275600c2f09b8367793a9aca3db71cc30c58179ec3e87c14c01d5c1f3434f1d87",
    ),
    (
        "0b" * 22,
        "",
        "",
        42,
        "8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d9d201395faa4b61a96c8",
    ),
]


class Mismatch(Exception):
    """A computed value that is not the RFC's, or an error that was not raised."""


def same(what: str, got: bytes, want: str) -> None:
    """Raise Mismatch unless got is the hex want."""
    if got.hex() != want:
        raise Mismatch(f"{what}: got {got.hex()}, want {want}")


def x25519_vectors() -> None:
    """RFC 7748 section 5.2's two single multiplications."""
    for scalar, u, output in X25519_VECTORS:
        same(f"X25519({scalar[:8]}…)", crypto.dh(bytes.fromhex(scalar), bytes.fromhex(u)), output)


def x25519_iterated() -> None:
    """RFC 7748 section 5.2's iterations: after 1 and after 1,000."""
    k = u = bytes([9]) + bytes(31)
    for i in range(1, max(X25519_ITERATED) + 1):
        k, u = crypto.dh(k, u), k
        if i in X25519_ITERATED:
            same(f"after {i} iterations", k, X25519_ITERATED[i])


def alice_and_bob() -> None:
    """RFC 7748 section 6.1: each public key from its private key, and the same shared secret both ways."""
    primitives = crypto.primitives()
    alice, bob = bytes.fromhex(ALICE_PRIVATE), bytes.fromhex(BOB_PRIVATE)
    same("Alice's public key", primitives.x25519_public(alice), ALICE_PUBLIC)
    same("Bob's public key", primitives.x25519_public(bob), BOB_PUBLIC)
    same("Alice's shared secret", crypto.dh(alice, bytes.fromhex(BOB_PUBLIC)), SHARED)
    same("Bob's shared secret", crypto.dh(bob, bytes.fromhex(ALICE_PUBLIC)), SHARED)


def low_order_keys() -> None:
    """A low-order public key raises CryptoError."""
    for public in LOW_ORDER:
        try:
            crypto.dh(bytes.fromhex(ALICE_PRIVATE), bytes.fromhex(public))
        except crypto.CryptoError:
            continue
        raise Mismatch(f"the low-order public key {public} gave a shared secret")


def aead_example() -> None:
    """RFC 8439 section 2.8.2: the ciphertext and tag, and back to the plaintext."""
    primitives = crypto.primitives()
    key, nonce, ad = bytes.fromhex(AEAD_KEY), bytes.fromhex(AEAD_NONCE), bytes.fromhex(AEAD_AD)
    sealed = primitives.encrypt(key, nonce, ad, AEAD_PLAINTEXT)
    same("ciphertext and tag", sealed, AEAD_CIPHERTEXT + AEAD_TAG)
    same("plaintext", primitives.decrypt(key, nonce, ad, sealed), AEAD_PLAINTEXT.hex())


def tampered() -> None:
    """The example's ciphertext with a flipped bit in its tag, in its text or in its AD raises CryptoError."""
    primitives = crypto.primitives()
    key, nonce, ad = bytes.fromhex(AEAD_KEY), bytes.fromhex(AEAD_NONCE), bytes.fromhex(AEAD_AD)
    sealed = bytes.fromhex(AEAD_CIPHERTEXT + AEAD_TAG)
    flipped = {
        "tag": (ad, sealed[:-1] + bytes([sealed[-1] ^ 1])),
        "text": (ad, bytes([sealed[0] ^ 0x80]) + sealed[1:]),
        "AD": (ad[:-1] + bytes([ad[-1] ^ 1]), sealed),
    }
    for what, (data, text) in flipped.items():
        try:
            primitives.decrypt(key, nonce, data, text)
        except crypto.CryptoError:
            continue
        raise Mismatch(f"a flipped bit in the {what} was not detected")


def hkdf_vectors() -> None:
    """RFC 5869 test cases 1-3: hkdf's 32-byte blocks, concatenated, begin with the OKM."""
    for number, (ikm, salt, info, length, okm) in enumerate(HKDF_VECTORS, 1):
        blocks = crypto.hkdf(bytes.fromhex(salt), bytes.fromhex(ikm), -(-length // 32), bytes.fromhex(info))
        same(f"HKDF test case {number}", b"".join(blocks)[:length], okm)


CHECKS: dict[str, Callable[[], None]] = {
    check.__name__: check
    for check in (
        x25519_vectors,
        x25519_iterated,
        alice_and_bob,
        low_order_keys,
        aead_example,
        tampered,
        hkdf_vectors,
    )
}


def outcomes() -> dict[str, str]:
    """Each check's outcome by its name: "ok", or what went wrong."""
    found = {}
    for name, check in CHECKS.items():
        try:
            check()
            found[name] = "ok"
        except Exception as e:
            found[name] = f"{type(e).__name__}: {e}"
    return found
