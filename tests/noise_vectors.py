"""Published Noise test vectors for the two patterns peer play uses (`pygame_core.engine.noise`).

The blocks are copied unchanged from flynn/noise's `vectors.txt`, as Debian ships it in
`golang-github-flynn-noise-dev` (`VECTORS_FILE`); tests/test_noise.py checks that they still stand there
word for word when that package is installed (`.ci/run` installs it), and runs them in CPython and in the
browser's worker.
"""

from pathlib import Path

from pygame_core.engine.noise import Handshake, Keypair

VECTORS_FILE = Path("/usr/share/gocode/src/github.com/flynn/noise/vectors.txt")
PATTERNS = ("Noise_NN_25519_ChaChaPoly_SHA256", "Noise_NKpsk0_25519_ChaChaPoly_SHA256")

VECTORS = """
handshake=Noise_NN_25519_ChaChaPoly_SHA256
gen_init_ephemeral=202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f
gen_resp_ephemeral=4142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f60
msg_0_payload=
msg_0_ciphertext=358072d6365880d1aeea329adf9121383851ed21a28e3b75e965d0d2cd166254
msg_1_payload=
msg_1_ciphertext=64b101b1d0be5a8704bd078f9895001fc03e8e9f9522f188dd128d9846d48466b9a74f6724441623af038022288c2556
msg_2_payload=79656c6c6f777375626d6172696e65
msg_2_ciphertext=96cd46be111804586a935795eeb4ce62bdec121048a10520b00266b22722eb
msg_3_payload=7375626d6172696e6579656c6c6f77
msg_3_ciphertext=fe2bc534e31964c0bd56337223e921565e39dbc5f156aa04766ced4689a2a2

handshake=Noise_NN_25519_ChaChaPoly_SHA256
gen_init_ephemeral=202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f
gen_resp_ephemeral=4142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f60
msg_0_payload=746573745f6d73675f30
msg_0_ciphertext=358072d6365880d1aeea329adf9121383851ed21a28e3b75e965d0d2cd166254746573745f6d73675f30
msg_1_payload=746573745f6d73675f31
msg_1_ciphertext=64b101b1d0be5a8704bd078f9895001fc03e8e9f9522f188dd128d9846d48466bb598b7e636e9475d9a7d3111d7a7f3929f0f4c47293613c173f
msg_2_payload=79656c6c6f777375626d6172696e65
msg_2_ciphertext=96cd46be111804586a935795eeb4ce62bdec121048a10520b00266b22722eb
msg_3_payload=7375626d6172696e6579656c6c6f77
msg_3_ciphertext=fe2bc534e31964c0bd56337223e921565e39dbc5f156aa04766ced4689a2a2

handshake=Noise_NN_25519_ChaChaPoly_SHA256
gen_init_ephemeral=202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f
gen_resp_ephemeral=4142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f60
prologue=6e6f74736563726574
msg_0_payload=
msg_0_ciphertext=358072d6365880d1aeea329adf9121383851ed21a28e3b75e965d0d2cd166254
msg_1_payload=
msg_1_ciphertext=64b101b1d0be5a8704bd078f9895001fc03e8e9f9522f188dd128d9846d484665cda04f69d491f9bf509e632fc1a20dd
msg_2_payload=79656c6c6f777375626d6172696e65
msg_2_ciphertext=96cd46be111804586a935795eeb4ce62bdec121048a10520b00266b22722eb
msg_3_payload=7375626d6172696e6579656c6c6f77
msg_3_ciphertext=fe2bc534e31964c0bd56337223e921565e39dbc5f156aa04766ced4689a2a2

handshake=Noise_NN_25519_ChaChaPoly_SHA256
gen_init_ephemeral=202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f
gen_resp_ephemeral=4142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f60
prologue=6e6f74736563726574
msg_0_payload=746573745f6d73675f30
msg_0_ciphertext=358072d6365880d1aeea329adf9121383851ed21a28e3b75e965d0d2cd166254746573745f6d73675f30
msg_1_payload=746573745f6d73675f31
msg_1_ciphertext=64b101b1d0be5a8704bd078f9895001fc03e8e9f9522f188dd128d9846d48466bb598b7e636e9475d9a74243a419c31324b40cc77cc7a7ea3b24
msg_2_payload=79656c6c6f777375626d6172696e65
msg_2_ciphertext=96cd46be111804586a935795eeb4ce62bdec121048a10520b00266b22722eb
msg_3_payload=7375626d6172696e6579656c6c6f77
msg_3_ciphertext=fe2bc534e31964c0bd56337223e921565e39dbc5f156aa04766ced4689a2a2

handshake=Noise_NKpsk0_25519_ChaChaPoly_SHA256
resp_static=0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20
gen_init_ephemeral=202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f
gen_resp_ephemeral=4142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f60
preshared_key=2176657279736563726574766572797365637265747665727973656372657421
msg_0_payload=
msg_0_ciphertext=358072d6365880d1aeea329adf9121383851ed21a28e3b75e965d0d2cd166254718a7d4c2e3c99dbf622a533aee2274f
msg_1_payload=
msg_1_ciphertext=64b101b1d0be5a8704bd078f9895001fc03e8e9f9522f188dd128d9846d48466c286f86f4a7cfd2b81fe3d1444add3f2
msg_2_payload=79656c6c6f777375626d6172696e65
msg_2_ciphertext=01d0ab0f394923f44c3abad69154757bbf902c64c5219bf8c624d69b11c959
msg_3_payload=7375626d6172696e6579656c6c6f77
msg_3_ciphertext=2c2a431db9e64c43b6c0a520547bdd8e1368358c099345ab4969f1bb4a9299

handshake=Noise_NKpsk0_25519_ChaChaPoly_SHA256
resp_static=0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20
gen_init_ephemeral=202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f
gen_resp_ephemeral=4142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f60
preshared_key=2176657279736563726574766572797365637265747665727973656372657421
msg_0_payload=746573745f6d73675f30
msg_0_ciphertext=358072d6365880d1aeea329adf9121383851ed21a28e3b75e965d0d2cd166254ca3238dddb5256cd690a81f68c59b5d5216a7806cc1e63fcdceb
msg_1_payload=746573745f6d73675f31
msg_1_ciphertext=64b101b1d0be5a8704bd078f9895001fc03e8e9f9522f188dd128d9846d484660aa92dceb01712153f8dbce8ba3752e32b0a055a3f56a4900e58
msg_2_payload=79656c6c6f777375626d6172696e65
msg_2_ciphertext=01d0ab0f394923f44c3abad69154757bbf902c64c5219bf8c624d69b11c959
msg_3_payload=7375626d6172696e6579656c6c6f77
msg_3_ciphertext=2c2a431db9e64c43b6c0a520547bdd8e1368358c099345ab4969f1bb4a9299

handshake=Noise_NKpsk0_25519_ChaChaPoly_SHA256
resp_static=0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20
gen_init_ephemeral=202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f
gen_resp_ephemeral=4142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f60
prologue=6e6f74736563726574
preshared_key=2176657279736563726574766572797365637265747665727973656372657421
msg_0_payload=
msg_0_ciphertext=358072d6365880d1aeea329adf9121383851ed21a28e3b75e965d0d2cd16625460387695ddb6a97647f93847e8923922
msg_1_payload=
msg_1_ciphertext=64b101b1d0be5a8704bd078f9895001fc03e8e9f9522f188dd128d9846d48466dd59aa9c3ee7803c98e3651db6b3e81b
msg_2_payload=79656c6c6f777375626d6172696e65
msg_2_ciphertext=01d0ab0f394923f44c3abad69154757bbf902c64c5219bf8c624d69b11c959
msg_3_payload=7375626d6172696e6579656c6c6f77
msg_3_ciphertext=2c2a431db9e64c43b6c0a520547bdd8e1368358c099345ab4969f1bb4a9299

handshake=Noise_NKpsk0_25519_ChaChaPoly_SHA256
resp_static=0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20
gen_init_ephemeral=202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f
gen_resp_ephemeral=4142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f60
prologue=6e6f74736563726574
preshared_key=2176657279736563726574766572797365637265747665727973656372657421
msg_0_payload=746573745f6d73675f30
msg_0_ciphertext=358072d6365880d1aeea329adf9121383851ed21a28e3b75e965d0d2cd166254ca3238dddb5256cd690ae943692a4c055f22d3dd834ea90edfd8
msg_1_payload=746573745f6d73675f31
msg_1_ciphertext=64b101b1d0be5a8704bd078f9895001fc03e8e9f9522f188dd128d9846d484660aa92dceb01712153f8d214f8f71c03c898cbd891e751f10d132
msg_2_payload=79656c6c6f777375626d6172696e65
msg_2_ciphertext=01d0ab0f394923f44c3abad69154757bbf902c64c5219bf8c624d69b11c959
msg_3_payload=7375626d6172696e6579656c6c6f77
msg_3_ciphertext=2c2a431db9e64c43b6c0a520547bdd8e1368358c099345ab4969f1bb4a9299
"""


def blocks(text: str = VECTORS) -> list[dict[str, str]]:
    """Return the vectors of the chosen patterns in a text of vectors, each as its fields."""
    out = []
    for block in text.strip().split("\n\n"):
        fields = dict(line.split("=", 1) for line in block.strip().splitlines())
        if fields.get("handshake") in PATTERNS:
            out.append(fields)
    return out


def run_vector(v: dict[str, str]) -> list[str]:
    """Play a vector's handshake and transport messages; return the ciphertexts, in hex."""
    pattern = v["handshake"].split("_")[1]
    prologue = bytes.fromhex(v.get("prologue", ""))
    psk = bytes.fromhex(v["preshared_key"]) if "preshared_key" in v else None
    responder_s = Keypair.of(bytes.fromhex(v["resp_static"])) if "resp_static" in v else None
    init = Handshake(
        pattern,
        True,
        prologue,
        rs=responder_s.public if responder_s else None,
        psk=psk,
        e=Keypair.of(bytes.fromhex(v["gen_init_ephemeral"])),
    )
    resp = Handshake(
        pattern, False, prologue, s=responder_s, psk=psk, e=Keypair.of(bytes.fromhex(v["gen_resp_ephemeral"]))
    )
    out, i = [], 0
    while not init.done:
        writer, reader = (init, resp) if i % 2 == 0 else (resp, init)
        payload = bytes.fromhex(v[f"msg_{i}_payload"])
        message = writer.write(payload)
        if reader.read(message) != payload:
            raise ValueError("a handshake payload came out changed")
        out.append(message.hex())
        i += 1
    if init.hash != resp.hash:
        raise ValueError("the two sides' handshake hashes differ")
    (i_send, i_recv), (r_send, r_recv) = init.split(), resp.split()
    while f"msg_{i}_payload" in v:
        send, recv = (i_send, r_recv) if i % 2 == 0 else (r_send, i_recv)
        payload = bytes.fromhex(v[f"msg_{i}_payload"])
        message = send.encrypt_with_ad(b"", payload)
        if recv.decrypt_with_ad(b"", message) != payload:
            raise ValueError("a transport payload came out changed")
        out.append(message.hex())
        i += 1
    return out


def outcomes() -> list[bool]:
    """Return, for each kept vector, whether every message comes out as published (no `assert`: the
    browser's worker runs Python with -OO)."""
    return [
        run_vector(v) == [v[f"msg_{i}_ciphertext"] for i in range(10) if f"msg_{i}_ciphertext" in v]
        for v in blocks()
    ]
