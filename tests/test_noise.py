"""The Noise handshakes against the published test vectors, and the ways a handshake must fail."""

import pytest
from noise_vectors import VECTORS_FILE, blocks, run_vector

from pygame_core.engine.noise import Handshake, Keypair, NoiseError


@pytest.mark.parametrize("vector", blocks(), ids=lambda v: f"{v['handshake']}-{len(v)}")
def test_published_vectors(vector: dict[str, str]) -> None:
    """Every message of the published vectors comes out byte for byte."""
    expected = [vector[f"msg_{i}_ciphertext"] for i in range(10) if f"msg_{i}_ciphertext" in vector]
    assert run_vector(vector) == expected


def test_vectors_are_the_published_ones() -> None:
    """The vectors kept in the tests stand word for word in the published file (Debian's copy)."""
    if not VECTORS_FILE.exists():
        pytest.skip(f"{VECTORS_FILE} missing: apt-get install golang-github-flynn-noise-dev (.ci/run does)")
    assert blocks() == blocks(VECTORS_FILE.read_text())


def pair(psk: bytes = bytes(32), rs_ok: bool = True) -> tuple[Handshake, Handshake]:
    """Return an NKpsk0 initiator and responder (the initiator knows the responder's key unless not rs_ok)."""
    host = Keypair.new()
    rs = host.public if rs_ok else Keypair.new().public
    init = Handshake("NKpsk0", True, b"p", rs=rs, psk=psk)
    return init, Handshake("NKpsk0", False, b"p", s=host, psk=bytes(32))


def test_wrong_psk_or_key_or_prologue_fails() -> None:
    """A phone with another pre-shared key, another host's key or another prologue is refused."""
    for init, resp in (pair(psk=b"x" * 32), pair(rs_ok=False)):
        with pytest.raises(NoiseError):
            resp.read(init.write())
    host = Keypair.new()
    init = Handshake("NKpsk0", True, b"room A", rs=host.public, psk=bytes(32))
    resp = Handshake("NKpsk0", False, b"room B", s=host, psk=bytes(32))
    with pytest.raises(NoiseError):
        resp.read(init.write())


def test_tampered_message_and_low_order_key_fail() -> None:
    """A flipped bit anywhere, or an all-zero (low-order) ephemeral key, fails the handshake."""
    init, resp = pair()
    message = bytearray(init.write())
    message[40] ^= 1
    with pytest.raises(NoiseError):
        resp.read(bytes(message))
    init, resp = pair()
    with pytest.raises(NoiseError):
        resp.read(bytes(32) + init.write()[32:])


def test_out_of_turn_and_missing_keys() -> None:
    """Messages out of turn, a split before the end and a pattern without its keys raise NoiseError."""
    init, resp = pair()
    with pytest.raises(NoiseError):
        resp.write()
    with pytest.raises(NoiseError):
        init.split()
    with pytest.raises(NoiseError):
        Handshake("NKpsk0", True, rs=Keypair.new().public)
    with pytest.raises(NoiseError):
        Handshake("NKpsk0", True, psk=bytes(32))
