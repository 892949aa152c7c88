"""Throughput and latency of link detection: uts58_icu vs turbohtml, linkify-it-py, urlextract and bleach.

Every detector runs on the same two corpora from ``bench/corpus.py`` (ASCII-heavy
English-like prose and multilingual prose, ~1 MB each), in one process. uts58_icu
runs twice: on the path in use (the compiled core when it is built) and on the
pure-Python path (``uts58-pure``), so both are compared with the peers in one run. Speed is
MB/s of the UTF-8 size of the input (1 MB = 1,000,000 bytes), from the best of
``--repeat`` runs measured with ``time.perf_counter`` (the runs of all detectors
alternate, so load on a shared machine hits them alike).

Before timing, each detector is set up and called once on a short string; that
one-time cost (import + construction + first call: pattern compilation, TLD
loading) is reported separately as "warm-up". The first full pass over each
corpus is also reported ("first pass"), since it fills per-process caches
(uts58_icu memoises TLD and host checks).

Latency (``--latency``): microseconds per call on short chat messages (best of
``--repeat`` timings of a loop of calls), for a ~100-character English message with
one link, one without links, and a Japanese message with an email address and a URL.

    python bench/bench_detect.py [--size-mb 1] [--repeat 5] [--only uts58,turbohtml] [--latency] [--json]
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
    from uts58_icu import find_links  # the public function (default policy: the conformant base)

    return lambda text: len(find_links(text))


def _setup_uts58_pure() -> Callable[[str], int]:
    from uts58_icu.core._accel import pure_find_links

    return lambda text: len(pure_find_links(text))


def _setup_turbohtml() -> Callable[[str], int]:
    from turbohtml.clean import LinkDetector

    find = LinkDetector().find  # default options (URLs and emails)
    return lambda text: len(find(text))


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


def _uts58_note() -> str:
    try:
        import uts58_icu

        return "URLs + emails; " + ("compiled core" if uts58_icu.ACCELERATED else "pure Python (core not built)")
    except Exception:
        return "URLs + emails"


DETECTORS = {
    "uts58": Detector("uts58_icu.find_links", _setup_uts58, _uts58_note(), ""),
    "uts58-pure": Detector("uts58_icu (pure Python)", _setup_uts58_pure, "URLs + emails; the reference path", ""),
    "turbohtml": Detector("turbohtml LinkDetector", _setup_turbohtml, "LinkDetector().find, default options", _version("turbohtml")),
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


#: Short chat messages for the latency benchmark (about 100 characters each).
MESSAGES = {
    "en-link": "Hi all, the release notes are up at https://example.com/releases/v2.1 so please take a look today!",
    "en-none": "Hi all, the release notes are not up yet, so please wait until tomorrow before you take a look.",
    "ja-email-url": "明日の会議資料は taro.yamada@example.co.jp に送ってください。詳細は https://example.jp/kaigi/2025 をご覧ください。",
}
LATENCY_LINKS: dict[str, dict[str, int]] = {m: {} for m in MESSAGES}


def measure_latency(runners: dict[str, Callable[[str], int]], repeat: int) -> dict[str, dict[str, float]]:
    """Microseconds per call of each detector on each message (best of the timed loops;
    the loops of all detectors alternate, as in the throughput runs)."""
    out: dict[str, dict[str, float]] = {key: {} for key in runners}
    for mname, msg in MESSAGES.items():
        numbers = {}
        for key, run in runners.items():
            LATENCY_LINKS[mname][key] = run(msg)
            t0 = time.perf_counter()
            run(msg)
            once = time.perf_counter() - t0
            numbers[key] = max(1, min(20_000, int(0.05 / max(once, 1e-7))))
            out[key][mname] = float("inf")
        for _ in range(max(repeat, 5)):
            for key, run in runners.items():
                number = numbers[key]
                t0 = time.perf_counter()
                for _ in range(number):
                    run(msg)
                out[key][mname] = min(out[key][mname], (time.perf_counter() - t0) / number * 1e6)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--size-mb", type=float, default=1.0, help="corpus size in MB (default 1)")
    ap.add_argument("--repeat", type=int, default=5, help="runs per detector and corpus; best is reported (default 5)")
    ap.add_argument("--budget", type=float, default=20.0, help="stop repeating a detector on a corpus after this many seconds (default 20)")
    ap.add_argument("--only", default=",".join(DETECTORS), help=f"comma-separated subset of {','.join(DETECTORS)}")
    ap.add_argument("--json", action="store_true", help="print results as JSON instead of tables")
    ap.add_argument("--latency", action="store_true", help="also time short messages (microseconds per call)")
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
        if key.startswith("uts58"):
            det.version = _version("uts58_icu")
        warm[key] = {"setup_s": t1 - t0, "first_call_s": t2 - t1, "second_call_s": t3 - t2}
        runners[key] = run

    results: list[Result] = []
    for cname, text in texts.items():
        # Round-robin: repeat i of every detector runs before repeat i + 1 of any, so a
        # burst of load on a shared machine hits all detectors alike (best of the repeats).
        timings: dict[str, list[float]] = {key: [] for key in runners}
        found: dict[str, int] = {}
        for _ in range(args.repeat):
            for key, run in runners.items():
                if sum(timings[key]) > args.budget:
                    continue
                links, _first, times = time_run(run, text, 1, args.budget)
                found[key] = links
                timings[key] += times
        for key in runners:
            times = timings[key]
            best = min(times)
            results.append(Result(key, cname, sizes[cname], found[key], times[0], best, sizes[cname] / best / corpus.MB, times))
            if not args.json:
                print(f"  .. {key:<10} {cname:<12} best {best:8.3f} s", file=sys.stderr)

    ratios: dict[str, dict[str, float]] = {}
    for cname in texts:
        by = {r.detector: r for r in results if r.corpus == cname}
        for a, b in (("uts58", "turbohtml"), ("uts58", "linkify"), ("uts58-pure", "linkify")):
            if a in by and b in by:
                ratios.setdefault(f"{a} / {b}", {})[cname] = by[a].mb_per_s / by[b].mb_per_s
    latency = measure_latency(runners, args.repeat) if args.latency else {}

    if args.json:
        print(
            json.dumps(
                {
                    "python": sys.version.split()[0],
                    "versions": {k: DETECTORS[k].version for k in runners},
                    "corpus_bytes": sizes,
                    "warm_up": warm,
                    "results": [asdict(r) for r in results],
                    "ratios": ratios,
                    "latency_us": latency,
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
        for pair, by_corpus in ratios.items():
            for cname, ratio in by_corpus.items():
                print(f"throughput {pair} on '{cname}': {ratio:.2f}x")
    if latency:
        print()
        print("Latency on short messages: microseconds per call (best of the repeats)")
        print(f"{'detector':<24} " + " ".join(f"{m:>10}" for m in MESSAGES))
        for key, row in latency.items():
            print(f"{DETECTORS[key].name:<24} " + " ".join(f"{row[m]:>10.2f}" for m in MESSAGES))
        print("links found: " + "; ".join(f"{m}: " + ", ".join(f"{k}={n}" for k, n in LATENCY_LINKS[m].items()) for m in MESSAGES))
    return 0


if __name__ == "__main__":
    sys.exit(main())
