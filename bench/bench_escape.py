"""URLs per second for ``uts58_icu.core.escaping.minimal_escape``.

Input: ~2,000 realistic percent-escaped URLs (``corpus.escaped_urls``: Wikipedia
titles, YouTube handles, IDN hosts and multilingual path/query words, escaped with
``urllib.parse.quote`` as browsers and server logs show them).

The floor is ``urllib.parse.quote(urllib.parse.unquote(url), safe=...)`` -- a
decode and re-encode in pure Python, with no knowledge of URL parts, brackets or
Link_Term. It is not a correct minimal escaper; it shows what "just string work"
costs per URL.

    python bench/bench_escape.py [--n 2000] [--repeat 5] [--json]

If ``uts58_icu/escaping.py`` (or ``minimal_escape`` in it) does not exist yet,
that row prints "skipped: not available yet".
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import sys
import time
from collections.abc import Callable
from urllib.parse import quote, unquote

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.append(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # after PYTHONPATH

import corpus  # noqa: E402

SAFE = "/?#&=@:_-.~"


def floor(url: str) -> str:
    return quote(unquote(url), safe=SAFE)


def _load_minimal_escape() -> tuple[Callable[[str], str] | None, str]:
    try:
        from uts58_icu.core.escaping import minimal_escape
    except Exception as exc:  # ImportError, or the module is mid-edit
        return None, f"{type(exc).__name__}: {exc}"
    return minimal_escape, ""


def bench(fn: Callable[[str], str], urls: list[str], repeat: int) -> tuple[float, float]:
    """(first pass seconds, best seconds) for one pass over ``urls``."""
    times = []
    for _ in range(repeat):
        gc.collect()
        t0 = time.perf_counter()
        for u in urls:
            fn(u)
        times.append(time.perf_counter() - t0)
    return times[0], min(times)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--n", type=int, default=2000, help="number of URLs (default 2000)")
    ap.add_argument("--repeat", type=int, default=5, help="passes; best is reported (default 5)")
    ap.add_argument("--json", action="store_true", help="print results as JSON")
    args = ap.parse_args(argv)

    urls = corpus.escaped_urls(args.n)
    total_chars = sum(map(len, urls))
    rows = []

    t0 = time.perf_counter()
    minimal_escape, why = _load_minimal_escape()
    import_s = time.perf_counter() - t0
    if minimal_escape is None:
        rows.append({"name": "uts58_icu minimal_escape", "skipped": f"not available yet ({why})"})
    else:
        t0 = time.perf_counter()
        sample = minimal_escape(urls[0])  # first call: derived tables, ICU
        warm_s = time.perf_counter() - t0
        first, best = bench(minimal_escape, urls, args.repeat)
        rows.append(
            {
                "name": "uts58_icu minimal_escape",
                "import_s": import_s,
                "first_call_s": warm_s,
                "first_pass_s": first,
                "best_s": best,
                "urls_per_s": len(urls) / best,
                "example": [urls[0], sample],
            }
        )
    first, best = bench(floor, urls, args.repeat)
    rows.append({"name": "urllib unquote+quote (floor)", "first_pass_s": first, "best_s": best, "urls_per_s": len(urls) / best})

    if args.json:
        print(json.dumps({"n_urls": len(urls), "chars": total_chars, "results": rows}, indent=2, ensure_ascii=False))
        return 0

    print(f"{len(urls)} percent-escaped URLs, {total_chars:,} chars (avg {total_chars / len(urls):.0f}); best of {args.repeat} passes")
    print()
    print(f"{'function':<30} {'1st pass s':>11} {'best s':>9} {'URLs/s':>10} {'µs/URL':>8}")
    for r in rows:
        if "skipped" in r:
            print(f"{r['name']:<30} skipped: {r['skipped']}")
            continue
        print(f"{r['name']:<30} {r['first_pass_s']:>11.4f} {r['best_s']:>9.4f} {r['urls_per_s']:>10,.0f} {r['best_s'] / len(urls) * 1e6:>8.1f}")
    ms = next((r for r in rows if "urls_per_s" in r and r["name"].startswith("uts58")), None)
    if ms:
        fl = rows[-1]
        print()
        print(f"minimal_escape import {ms['import_s'] * 1e3:.1f} ms, first call {ms['first_call_s'] * 1e3:.1f} ms")
        print(f"minimal_escape is {fl['urls_per_s'] / ms['urls_per_s']:.1f}x slower than the floor")
        print(f"e.g. {ms['example'][0]}\n  -> {ms['example'][1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
