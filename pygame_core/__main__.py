"""`python -m pygame_core`: the command line."""

import sys

from .cli import main

sys.exit(main())
