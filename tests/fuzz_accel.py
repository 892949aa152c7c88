"""Random differential fuzzing of the compiled core against the pure-Python reference.

Not collected by pytest (the name does not start with ``test_``). Run from the repo root:

    python tests/fuzz_accel.py [--seconds 60] [--seed 1]

Each string joins up to 20 pieces: the hostile fragments of tests/test_accel.py, or any
code point (lone surrogates, astral, default-ignorables …). Every string goes to both
paths under every option set of test_accel.OPTIONS; the first difference is printed and
the exit status is 1. It found the ``_labels`` last-label quirk ("com.\\u200d") that the
seeded Hypothesis run had missed.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(1, str(Path(__file__).resolve().parent.parent))

import test_accel as t


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    if t._compiled is None:
        print("the compiled core is not built", file=sys.stderr)
        return 2
    pieces = [*t.HOSTILE, "a", "b", "1", ".", "@", "/", ":", "com", "org", "例", " "]
    rng = random.Random(args.seed)
    stop = time.monotonic() + args.seconds
    count = 0
    while time.monotonic() < stop:
        text = "".join(
            rng.choice(pieces) if rng.random() < 0.8 else chr(rng.randint(0, 0x10FFFF))
            for _ in range(rng.randint(0, 20))
        )
        for opts in t.OPTIONS:
            try:
                t.same(text, None, opts)
            except AssertionError as exc:
                print(f"difference for {text!r} with {opts}:\n{exc}")
                return 1
        count += 1
    print(f"{count:,} strings, {len(t.OPTIONS)} option sets each: no difference")
    return 0


if __name__ == "__main__":
    sys.exit(main())
