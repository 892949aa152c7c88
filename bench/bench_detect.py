"""Throughput of link detection: uts58_icu vs linkify-it-py, urlextract and bleach.

Every detector runs on the same two corpora from ``bench/corpus.py`` (ASCII-heavy
English-like prose and multilingual prose, ~1 MB each), in one process. Speed is
MB/s of the UTF-8 size of the input (1 MB = 1,000,000 bytes), from the best of
``--repeat`` runs measured with ``time.perf_counter``.

Before timing, each detector is set up and called once on a short string; that
one-time cost (import + construction + first call: pattern compilation, TLD
loading) is reported separately as "warm-up". The first full pass over each
corpus is also reported ("first pass"), since it fills per-process caches
(uts58_icu memoises TLD and host checks).

    python bench/bench_detect.py [--size-mb 1] [--repeat 5] [--only uts58,linkify] [--json]
"""

from __future__ import annotations

import argparse
import gc
import importlib
import json
import os
import socket
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.append(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # after PYTHONPATH

import corpus  # noqa: E402

WARM_TEXT = "Mail bob@example.com or see https://example.com/a_(b) and www.example.org."

# Don't let anything hang on the network (urlextract only downloads on update(), but be safe).
socket.setdefaulttimeout(5)


@dataclass
class Detector:
    name: str
    setup: Callable[[], Callable[[str], int]]  # returns run(text) -> number of links found
    note: str = ""
    version: str = ""


def _version(dist: str) -> str:
    if dist == "uts58_icu":
        try:
            import uts58_icu

            return f"{uts58_icu.__version__} (ICU {uts58_icu.ICU_VERSION})"
        except Exception:
            return "?"
    try:
        from importlib.metadata import version

        return version(dist)
    except Exception:
        return "?"


def _setup_uts58() -> Callable[[str], int]:
    from uts58_icu.core.detection import find_links

    return lambda text: len(find_links(text))


def _setup_linkify() -> Callable[[str], int]:
    from linkify_it import LinkifyIt

    lf = LinkifyIt()  # default options and default TLD list

    def run(text: str) -> int:
        return len(lf.match(text) or ())

    return run


def _setup_urlextract() -> Callable[[str], int]:
    import logging

    from urlextract import URLExtract

    logging.getLogger("urlextract").setLevel(logging.CRITICAL)
    try:
        ex = URLExtract(limit=None)  # default limit (10,000 URLs) raises on 1 MB corpora
    except Exception as exc:  # pragma: no cover - cache problems
        print(f"urlextract: construction failed ({exc!r}); retrying with package cache", file=sys.stderr)
        ex = URLExtract(limit=None, cache_dir=None)
    return lambda text: len(ex.find_urls(text))


def _setup_bleach() -> Callable[[str], int]:
    import bleach

    return lambda text: bleach.linkify(text).count("<a ")


DETECTORS = {
    "uts58": Detector("uts58_icu.find_links", _setup_uts58, "URLs + emails", ""),
    "linkify": Detector("linkify-it-py match", _setup_linkify, "default options (fuzzy link+email)", _version("linkify-it-py")),
    "urlextract": Detector("urlextract find_urls", _setup_urlextract, "limit=None; emails off (default)", _version("urlextract")),
    "bleach": Detector("bleach.linkify", _setup_bleach, "HTML parse+serialise; emails off (default)", _version("bleach")),
}


@dataclass
class Result:
    detector: str
    corpus: str
    bytes: int
    links: int
    first_pass_s: float
    best_s: float
    mb_per_s: float
    runs: list[float] = field(default_factory=list)


def time_run(run: Callable[[str], int], text: str, repeat: int, budget_s: float) -> tuple[int, float, list[float]]:
    """(links, first pass seconds, all timings). Stops repeating once ``budget_s`` is spent."""
    times = []
    links = 0
    spent = 0.0
    for i in range(repeat):
        gc.collect()
        t0 = time.perf_counter()
        links = run(text)
        dt = time.perf_counter() - t0
        times.append(dt)
        spent += dt
        if spent > budget_s:
            break
    return links, times[0], times


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--size-mb", type=float, default=1.0, help="corpus size in MB (default 1)")
    ap.add_argument("--repeat", type=int, default=5, help="runs per detector and corpus; best is reported (default 5)")
    ap.add_argument("--budget", type=float, default=20.0, help="stop repeating a detector on a corpus after this many seconds (default 20)")
    ap.add_argument("--only", default=",".join(DETECTORS), help=f"comma-separated subset of {','.join(DETECTORS)}")
    ap.add_argument("--json", action="store_true", help="print results as JSON instead of tables")
    args = ap.parse_args(argv)

    size = int(args.size_mb * corpus.MB)
    texts = {name: fn(size) for name, fn in corpus.CORPORA.items()}
    sizes = {name: len(t.encode("utf-8")) for name, t in texts.items()}

    warm: dict[str, dict[str, float]] = {}
    runners: dict[str, Callable[[str], int]] = {}
    for key in args.only.split(","):
        det = DETECTORS[key]
        t0 = time.perf_counter()
        try:
            run = det.setup()
        except Exception as exc:
            print(f"{det.name}: skipped ({exc!r})", file=sys.stderr)
            continue
        t1 = time.perf_counter()
        run(WARM_TEXT)
        t2 = time.perf_counter()
        run(WARM_TEXT)
        t3 = time.perf_counter()
        if key == "uts58":
            det.version = _version("uts58_icu")
        warm[key] = {"setup_s": t1 - t0, "first_call_s": t2 - t1, "second_call_s": t3 - t2}
        runners[key] = run

    results: list[Result] = []
    for cname, text in texts.items():
        for key, run in runners.items():
            links, first, times = time_run(run, text, args.repeat, args.budget)
            best = min(times)
            results.append(Result(key, cname, sizes[cname], links, first, best, sizes[cname] / best / corpus.MB, times))
            if not args.json:
                print(f"  .. {key:<10} {cname:<12} best {best:8.3f} s", file=sys.stderr)

    ratios = {}
    for cname in texts:
        by = {r.detector: r for r in results if r.corpus == cname}
        if "uts58" in by and "linkify" in by:
            ratios[cname] = by["uts58"].mb_per_s / by["linkify"].mb_per_s

    if args.json:
        print(
            json.dumps(
                {
                    "python": sys.version.split()[0],
                    "versions": {k: DETECTORS[k].version for k in runners},
                    "corpus_bytes": sizes,
                    "warm_up": warm,
                    "results": [asdict(r) for r in results],
                    "ratio_uts58_over_linkify": ratios,
                },
                indent=2,
            )
        )
        return 0

    print()
    print(f"Python {sys.version.split()[0]}; best of up to {args.repeat} runs; 1 MB = 10^6 bytes of UTF-8")
    print()
    print("One-time warm-up (import + construction, then first and second call on a 74-char string)")
    print(f"{'detector':<24} {'version':<16} {'setup':>10} {'1st call':>10} {'2nd call':>10}")
    for key, w in warm.items():
        d = DETECTORS[key]
        print(f"{d.name:<24} {d.version:<16} {w['setup_s'] * 1e3:8.1f}ms {w['first_call_s'] * 1e3:8.1f}ms {w['second_call_s'] * 1e3:8.2f}ms")
    for cname in texts:
        print()
        print(f"Corpus '{cname}': {sizes[cname]:,} bytes, {len(texts[cname]):,} code points")
        print(f"{'detector':<24} {'links':>7} {'1st pass s':>11} {'best s':>9} {'MB/s':>8}  note")
        for r in results:
            if r.corpus != cname:
                continue
            d = DETECTORS[r.detector]
            print(f"{d.name:<24} {r.links:>7} {r.first_pass_s:>11.3f} {r.best_s:>9.3f} {r.mb_per_s:>8.2f}  {d.note}")
    if ratios:
        print()
        for cname, ratio in ratios.items():
            print(f"uts58 / linkify-it-py throughput on '{cname}': {ratio:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
