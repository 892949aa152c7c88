"""Cost of the §8 recommended policy: find_links with and without it, in one run.

Same two corpora as ``bench_detect.py`` (``bench/corpus.py``: ASCII-heavy English-like
prose and multilingual prose, ~1 MB each). Speed is MB/s of the UTF-8 size, best of
``--repeat`` runs after one warm-up pass; also the number of links each returns.

    python bench/bench_policy.py [--size-mb 1] [--repeat 5] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.append(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # after PYTHONPATH

import corpus  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size-mb", type=float, default=1.0)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()

    from uts58_icu import LinkPolicy, find_links

    size = int(args.size_mb * corpus.MB)
    texts = {"ascii": corpus.ascii_corpus(size), "multilingual": corpus.multilingual_corpus(size)}
    policies = {"base (policy=None)": None, "recommended": LinkPolicy.recommended()}
    rows = []
    for cname, text in texts.items():
        mb = len(text.encode("utf-8")) / 1e6
        for pname, policy in policies.items():
            n = len(find_links(text, policy=policy))  # warm-up pass (caches)
            best = float("inf")
            for _ in range(args.repeat):
                t0 = time.perf_counter()
                find_links(text, policy=policy)
                best = min(best, time.perf_counter() - t0)
            rows.append({"corpus": cname, "policy": pname, "links": n, "MB/s": round(mb / best, 2),
                         "seconds": round(best, 4), "MB": round(mb, 3)})
    if args.json:
        print(json.dumps(rows, indent=1))
        return
    print(f"{'corpus':<13} {'policy':<20} {'links':>7} {'MB/s':>7} {'best s':>8}")
    for r in rows:
        print(f"{r['corpus']:<13} {r['policy']:<20} {r['links']:>7} {r['MB/s']:>7} {r['seconds']:>8}")


if __name__ == "__main__":
    main()
