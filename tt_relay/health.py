"""`python -m tt_relay.health`: exit 0 when the relay configured here answers GET /healthz, else 1.

The container's HEALTHCHECK: it reads the same flags and environment as `python -m tt_relay` (the port
from TT_RELAY_PORT or PORT) and asks the relay on this machine.
"""

from __future__ import annotations

import json
import sys
import urllib.request
from collections.abc import Sequence

from tt_relay.cli import parse_args
from tt_relay.server import HEALTH_PATH


def main(argv: Sequence[str] | None = None) -> int:
    """Ask the local relay for its health; print why when it is not healthy."""
    args = parse_args(argv)
    host = "127.0.0.1" if args.host in ("", "0.0.0.0", "::") else args.host
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{args.port}{HEALTH_PATH}"
    try:
        with urllib.request.urlopen(url, timeout=3) as response:
            healthy = json.loads(response.read()).get("ok") is True
    except (OSError, ValueError) as exc:
        print(f"tt_relay.health: {url}: {exc}", file=sys.stderr)
        return 1
    return 0 if healthy else 1


if __name__ == "__main__":
    sys.exit(main())
