"""Run Unicode's UTS #58 conformance files against this checkout: ``python conformance/run.py``.

The same runner is installed as ``uts58 conformance``; this script only makes sure the
checkout's package (and so its errata file, ``uts58_icu/errata-VERSION.txt``) is the one
used. Data files come from ``$UTS58_DATA_DIR``, the checkout's ``tests/data``, the user
cache, or a download (see ``uts58_icu.data``).
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from uts58_icu.conformance import run_all  # noqa: E402


def main() -> int:
    version = sys.argv[1] if len(sys.argv) > 1 else "17.0.0"
    ok, lines = run_all(version)
    print("\n".join(lines))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
