"""`python -m tt_relay`: run the relay (see tt_relay.cli)."""

import sys

from tt_relay.cli import main

sys.exit(main())
