// The audited noble libraries' X25519 and ChaCha20-Poly1305 on the worker's global scope as `ttCrypto`
// (Uint8Arrays in and out, synchronous), for web/assets/tt_crypto.py: the browser has no pyca `cryptography`.
// The worker imports this module for the pages whose script tag names it (data-imports: the table page),
// not for the others. build.py vendors the modules (vendor_noble), their imports of each other made relative.
import { x25519 } from "{{NOBLE}}/curves/ed25519.js";
import { chacha20poly1305 } from "{{NOBLE}}/ciphers/chacha.js";

globalThis.ttCrypto = Object.freeze({
  x25519Public: (secret) => x25519.getPublicKey(secret),
  // Throws for a low-order public key.
  x25519: (secret, peer) => x25519.getSharedSecret(secret, peer),
  encrypt: (key, nonce, ad, plaintext) => chacha20poly1305(key, nonce, ad).encrypt(plaintext),
  // Throws for a tag that does not match.
  decrypt: (key, nonce, ad, ciphertext) => chacha20poly1305(key, nonce, ad).decrypt(ciphertext),
});
