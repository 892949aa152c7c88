"""Start-up costs: `import uts58_icu` over `import icu`, first-use derivations, lookups.

Each import is timed in a fresh interpreter (best of N). Run it twice: the first run
may compile bytecode; the numbers that matter are with __pycache__ present, as after
`pip install`.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import timeit
from pathlib import Path

# Like the other scripts: an installed or PYTHONPATH copy first, then this checkout.
ROOT = str(Path(__file__).resolve().parent.parent)
sys.path.append(ROOT)
ENV = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [os.environ.get("PYTHONPATH"), ROOT])))

IMPORT = """
import time
t0 = time.perf_counter(); import icu; t1 = time.perf_counter()
import uts58_icu; t2 = time.perf_counter()
from uts58_icu import link_term, find_links
link_term("?"); t3 = time.perf_counter()
find_links("see example.com"); t4 = time.perf_counter()
print(t1 - t0, t2 - t1, t3 - t2, t4 - t3)
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    rows = []
    for _ in range(args.runs):
        out = subprocess.run([sys.executable, "-c", IMPORT], capture_output=True, text=True, check=True, env=ENV)
        rows.append([float(x) * 1e3 for x in out.stdout.split()])
    best = [min(col) for col in zip(*rows)]
    import uts58_icu
    from uts58_icu import link_term

    link_term("?")
    n = 200_000
    lookup_str = timeit.timeit(lambda: link_term("?"), number=n) / n * 1e9
    lookup_int = timeit.timeit(lambda: link_term(0x3F), number=n) / n * 1e9
    result = {
        "icu": uts58_icu.ICU_VERSION,
        "import_icu_ms": best[0],
        "import_uts58_icu_over_icu_ms": best[1],
        "first_link_term_ms (property derivation)": best[2],
        "first_find_links_ms (patterns, TLD list)": best[3],
        "link_term_str_ns": lookup_str,
        "link_term_int_ns": lookup_int,
    }
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        for k, v in result.items():
            print(f"{k:45} {v:.1f}" if isinstance(v, float) else f"{k:45} {v}")


if __name__ == "__main__":
    main()
