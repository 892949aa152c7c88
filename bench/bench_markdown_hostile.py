"""Hostile inputs through markdown-it-py: LinkifyUts58 against stock linkify-it-py.

The markdown path of the hostile-input benchmark (``bench_hostile.py`` times
``find_links`` alone). markdown-it-py's inline ``linkify`` rule calls
``match_at_start`` at every ``://`` with the whole rest of the paragraph, and its
core rule calls ``test`` / ``match`` on every text token; this times
``md.render(text)`` with each linkifier, each (case, engine, size) in its own
subprocess (killed after ``--timeout`` seconds), at 10 KB, 100 KB and 300 KB by
default; with ``--repeat N`` the engines run in turn N times and the best is kept. ``find_links`` on the same text is timed too (the core detector alone).
The table shows seconds, the growth between sizes (≈10 then ≈3 is linear) and, at
the largest size, ours / stock. ``uts58`` is the drop-in (``md.linkify =
LinkifyUts58()``, markdown-it-py's own rules), ``uts58_plugin`` is
``md.use(linkify_plugin)`` (our rules).

    python bench/bench_markdown_hostile.py [--sizes 10000,100000,300000] [--timeout 120] [--cases a,b] [--repeat 1] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def rep(unit: str, prefix: str = "", suffix: str = "") -> Callable[[int], str]:
    """``prefix + unit * k + suffix`` of about ``n`` UTF-8 bytes."""

    def make(n: int) -> str:
        fixed = len(prefix.encode()) + len(suffix.encode())
        return prefix + unit * max(1, (n - fixed) // len(unit.encode())) + suffix

    return make


CASES: dict[str, tuple[str, Callable[[int], str]]] = {
    "http_commas": ("'http://a.com,' * N  (issue 9 item 4)", rep("http://a.com,")),
    "ip_commas": ("'http://1.1.1.1,' * N", rep("http://1.1.1.1,")),
    "no_host": ("'http://a' * N  (a '://' every 8 bytes, no link)", rep("http://a")),
    "url_in_path": ("'http://a.com/' * N  (one long link)", rep("http://a.com/")),
    "soft_tail": ("'http://a.com/x' + ',' * N + 'y'", rep(",", prefix="http://a.com/x", suffix="y")),
    "fuzzy_spaced": ("'a.com ' * N  (core rule: links without a scheme)", rep("a.com ")),
    "emails_spaced": ("'a@x.com ' * N", rep("a@x.com ")),
    "declined_host": ("'http://x ' * N  (issue 22 item 9: a '://' with no link)", rep("http://x ")),
    "bare_schemes": ("'http://' * N  (issue 22 item 9)", rep("http://")),
}
#: uts58: md.linkify = LinkifyUts58() (markdown-it-py's rules); uts58_plugin:
#: md.use(linkify_plugin) (our rules); stock: linkify-it-py.
ENGINES = ("uts58", "uts58_plugin", "stock", "find_links")


def worker(case: str, engine: str, size: int) -> dict:
    if ROOT not in sys.path:
        sys.path.insert(0, ROOT)
    text = CASES[case][1](size)
    if engine == "find_links":
        from uts58_icu import find_links

        find_links("warm up https://example.com/x a@b.com")
        t0 = time.perf_counter()
        n = len(find_links(text))
        return {"seconds": time.perf_counter() - t0, "links": n}
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark", {"linkify": True}).enable("linkify")
    if engine == "uts58":
        from uts58_icu.markdown_it import LinkifyUts58

        md.linkify = LinkifyUts58()
    elif engine == "uts58_plugin":
        from uts58_icu.markdown_it import linkify_plugin

        md.use(linkify_plugin)
    md.render("warm up https://example.com/x a@b.com example.com")
    t0 = time.perf_counter()
    html = md.render(text)
    return {"seconds": time.perf_counter() - t0, "links": html.count("<a ")}


def run_worker(case: str, engine: str, size: int, timeout: float) -> dict:
    cmd = [sys.executable, os.path.abspath(__file__), "--worker", case, engine, str(size)]
    try:
        proc = subprocess.run(cmd, check=False, capture_output=True, text=True, timeout=timeout, cwd=ROOT)
    except subprocess.TimeoutExpired:
        return {"error": f"timeout after {timeout:.0f} s"}
    if proc.returncode != 0:
        return {"error": (proc.stderr.strip().splitlines() or ["?"])[-1]}
    return dict(json.loads(proc.stdout.strip().splitlines()[-1]))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="10000,100000,300000", help="sizes in bytes (default 10 KB, 100 KB, 300 KB)")
    ap.add_argument("--timeout", type=float, default=120.0, help="timeout of one run in seconds (default 120)")
    ap.add_argument("--cases", default="", help="comma-separated case names (default: all)")
    ap.add_argument("--repeat", type=int, default=1, help="runs per (case, engine, size), best kept (default 1)")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--worker", nargs=3, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.worker:
        case, engine, size = args.worker
        print(json.dumps(worker(case, engine, int(size))))
        return 0
    sizes = [int(s) for s in args.sizes.split(",")]
    names = [c for c in args.cases.split(",") if c] or list(CASES)
    for c in names:
        if c not in CASES:
            ap.error(f"unknown case {c!r}: one of {', '.join(CASES)}")
    results = []
    for name in names:
        rows = {e: {"case": name, "engine": e, "seconds": {}, "links": None, "status": "ok"} for e in ENGINES}
        for size in sizes:
            # engines interleaved, best of --repeat: a shared machine's load changes over time
            for _ in range(args.repeat):
                for engine, row in rows.items():
                    if row["status"] != "ok":
                        continue
                    res = run_worker(name, engine, size, args.timeout)
                    if "error" in res:
                        row["status"] = f"FAIL at {size}: {res['error']}"
                        continue
                    row["seconds"][size] = min(res["seconds"], row["seconds"].get(size, float("inf")))
                    row["links"] = res["links"]
        for engine, row in rows.items():
            results.append(row)
            print(f"  .. {name:<14} {engine:<10} {row['seconds']} {row['status']}", file=sys.stderr)
    if args.json:
        print(json.dumps({"sizes": sizes, "results": results}, indent=2))
        return 0
    labels = [f"{s / 1000:g}KB" for s in sizes]
    print("Seconds of md.render(text) (find_links: the core detector alone); growth between sizes.")
    print(f"ours/stock: uts58 / stock at {labels[-1]}.")
    print()
    print(f"{'case':<14} {'engine':<12} " + " ".join(f"{'s@' + lb:>10}" for lb in labels)
          + " " + " ".join(f"{'x' + labels[i] + '->' + labels[i + 1]:>14}" for i in range(len(sizes) - 1))
          + f" {'links':>7} {'ours/stock':>10}  status")
    by = {(r["case"], r["engine"]): r for r in results}
    for r in results:
        t = [r["seconds"].get(s) for s in sizes]
        g = [(t[i + 1] / t[i]) if t[i] and t[i + 1] else None for i in range(len(sizes) - 1)]
        ratio = ""
        if r["engine"] in ("uts58", "uts58_plugin"):
            st = by.get((r["case"], "stock"), {}).get("seconds", {}).get(sizes[-1])
            if st and t[-1]:
                ratio = f"{t[-1] / st:.2f}"
        print(f"{r['case']:<14} {r['engine']:<12} " + " ".join(f"{(f'{x:.3f}' if x is not None else '-'):>10}" for x in t)
              + " " + " ".join(f"{(f'{x:.1f}' if x is not None else '-'):>14}" for x in g)
              + f" {r['links'] if r['links'] is not None else '-':>7} {ratio:>10}  {r['status']}")
    print()
    print("Inputs:")
    for name in names:
        print(f"  {name:<14} {CASES[name][0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
