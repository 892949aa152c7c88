"""``python -m uts58_icu`` runs the ``uts58`` command line."""

import sys

from .cli import main

sys.exit(main())
