"""tt_relay: the Trading Table relay (rooms, WebRTC signalling, fallback message forwarding).

The protocol is docs/relay-protocol.md. Run it with `python -m tt_relay` (see `tt_relay.cli`), or with
`python3 build.py serve`, which serves the built site and the relay on one port.

This package is not part of the browser wheel. Its `static` module uses only the standard library (build.py
imports it before the venv exists); `server` and `cli` need the `websockets` package (extra `relay`).
"""
