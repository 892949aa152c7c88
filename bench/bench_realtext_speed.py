"""recommended() on real mail-heavy text, per genre, against turbohtml (issue 19).

The real-text corpora of issue 18 (``bench/realtextN/out/docs``, built locally by each
sample's ``build.py``; never committed) hold raw mail, list archives, IRC logs, code
review mail, meeting notes, release notes, social posts and tutorials. The §8 context
rules (mail headers, IRC lines, spelt addresses) fire there far more than on
``bench/corpus.py``'s prose, so this is where recommended's Python rules cost most.

The documents of the directories in ``UTS58_REALTEXT_DIRS`` (``os.pathsep``-separated;
each a ``docs`` directory or a directory holding one) are grouped by genre (the file
name without its ``-NNNN.txt``) and joined with blank lines, one text per genre. Per
genre, in one process, interleaved A B C A B C … (best of ``--repeat``):

* ``find_links(t)`` (the base),
* ``find_links(t, policy=LinkPolicy.recommended())``,
* turbohtml's ``LinkDetector().find(t)``;

ratios are turbohtml's time divided by ours (≥ 1: we are faster). Without
``UTS58_REALTEXT_DIRS`` the script says so and exits 0.

``--callgrind`` counts instructions instead (``valgrind --tool=callgrind``): each detector
(``--detectors``) is run under callgrind with 1 and with 3 calls after a warm-up call, per
genre, and the count per call is the difference / 2 (slow: use ``--max-mb``). ``--profile GENRE`` prints a cProfile of
recommended on that genre's text (the top functions by own time).

    UTS58_REALTEXT_DIRS=/path/realtext2/out/docs:/path/realtext3/out/docs \\
        python bench/bench_realtext_speed.py [--repeat 7] [--max-mb 2] [--genres mail-raw,irc] [--json] [--callgrind]
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.append(str(HERE.parent))  # after PYTHONPATH, as the other scripts

_GENRE = re.compile(r"^(.*?)-\d+\.txt$")
DETECTORS = ("base", "recommended", "turbohtml")


def corpus_dirs() -> list[Path]:
    """The ``docs`` directories named by ``UTS58_REALTEXT_DIRS`` (empty when unset)."""
    env = os.environ.get("UTS58_REALTEXT_DIRS", "")
    out = []
    for d in filter(None, env.split(os.pathsep)):
        p = Path(d)
        if (p / "docs").is_dir():
            p = p / "docs"
        if p.is_dir():
            out.append(p)
    return out


def genre_texts(dirs: list[Path], max_mb: float | None = None, only: set[str] | None = None) -> dict[str, str]:
    """One text per genre: its documents in every directory, in name order, joined by blank
    lines (at most ``max_mb`` MB of UTF-8 each)."""
    parts: dict[str, list[str]] = {}
    sizes: dict[str, int] = {}
    for d in dirs:
        for f in sorted(d.rglob("*.txt")):
            m = _GENRE.match(f.name)
            genre = m.group(1) if m else "other"
            if only and genre not in only:
                continue
            if max_mb is not None and sizes.get(genre, 0) >= max_mb * 1e6:
                continue
            t = f.read_text(encoding="utf-8", errors="surrogatepass")
            parts.setdefault(genre, []).append(t)
            sizes[genre] = sizes.get(genre, 0) + len(t.encode("utf-8", "surrogatepass"))
    return {g: "\n\n".join(p) for g, p in sorted(parts.items())}


def runners() -> dict[str, Callable[[str], int]]:
    from turbohtml.clean import LinkDetector

    from uts58_icu import LinkPolicy, find_links

    rec = LinkPolicy.recommended()
    th = LinkDetector().find
    return {
        "base": lambda t: len(find_links(t)),
        "recommended": lambda t: len(find_links(t, policy=rec)),
        "turbohtml": lambda t: len(th(t)),
    }


def uptime() -> str:
    try:
        return subprocess.run(["uptime"], capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "load average: %.2f, %.2f, %.2f" % os.getloadavg()


def time_genres(texts: dict[str, str], repeat: int) -> list[dict[str, object]]:
    run = runners()
    rows = []
    for genre, text in texts.items():
        best = {k: float("inf") for k in DETECTORS}
        for _ in range(repeat):
            for k in DETECTORS:
                gc.collect()
                t0 = time.perf_counter()
                run[k](text)
                best[k] = min(best[k], time.perf_counter() - t0)
        rows.append({
            "genre": genre, "MB": len(text.encode("utf-8", "surrogatepass")) / 1e6,
            "links": {k: run[k](text) for k in DETECTORS},
            "seconds": best,
            "base_ratio": best["turbohtml"] / best["base"],
            "recommended_ratio": best["turbohtml"] / best["recommended"],
        })
    return rows


def callgrind_child(detector: str, genre: str, calls: int, max_mb: float | None) -> None:
    text = genre_texts(corpus_dirs(), max_mb, {genre})[genre]
    fn = runners()[detector]
    fn(text)
    for _ in range(calls):
        fn(text)


def callgrind_counts(texts: dict[str, str], max_mb: float | None,
                     detectors: tuple[str, ...] = DETECTORS) -> list[dict[str, object]]:
    rows = []
    for genre, text in texts.items():
        per_call = {}
        for det in detectors:
            counts = []
            for calls in (1, 3):
                with tempfile.TemporaryDirectory() as tmp:
                    out = Path(tmp) / "cg.out"
                    cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable,
                           str(Path(__file__).resolve()), "--_callgrind-child", det, genre, str(calls),
                           str(max_mb if max_mb is not None else 0)]
                    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                    counts.append(next(int(line.split()[1]) for line in out.read_text().splitlines()
                                       if line.startswith(("summary:", "totals:"))))
            per_call[det] = (counts[1] - counts[0]) / 2
        rows.append({"genre": genre, "MB": len(text.encode("utf-8", "surrogatepass")) / 1e6,
                     "instructions": per_call})
        print(f"{genre:<18} {rows[-1]['MB']:6.2f} MB  " + "  ".join(
            f"{d} {per_call[d] / 1e6:9.1f} M" for d in detectors), flush=True)
    return rows


def profile(text: str, top: int) -> None:
    import cProfile
    import pstats

    from uts58_icu import LinkPolicy, find_links

    rec = LinkPolicy.recommended()
    find_links(text, policy=rec)
    pr = cProfile.Profile()
    pr.enable()
    find_links(text, policy=rec)
    pr.disable()
    pstats.Stats(pr).sort_stats("tottime").print_stats(top)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--max-mb", type=float, default=None, help="at most this much text per genre")
    ap.add_argument("--genres", default="", help="comma-separated genres (default: all)")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--callgrind", action="store_true", help="instruction counts instead of times")
    ap.add_argument("--detectors", default=",".join(DETECTORS), help="with --callgrind: which (comma-separated)")
    ap.add_argument("--profile", metavar="GENRE", help="cProfile of recommended on GENRE")
    ap.add_argument("--_callgrind-child", nargs=4, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args._callgrind_child:
        det, genre, calls, mb = args._callgrind_child
        callgrind_child(det, genre, int(calls), float(mb) or None)
        return 0
    dirs = corpus_dirs()
    if not dirs:
        print("UTS58_REALTEXT_DIRS is not set (or names no directory): nothing to measure", file=sys.stderr)
        return 0
    only = set(filter(None, args.genres.split(","))) or None
    texts = genre_texts(dirs, args.max_mb, only)
    if args.profile:
        profile(texts[args.profile], 30)
        return 0
    load = uptime()
    if args.callgrind:
        rows = callgrind_counts(texts, args.max_mb, tuple(d for d in args.detectors.split(",") if d in DETECTORS))
    else:
        rows = time_genres(texts, args.repeat)
    load_after = uptime()
    if args.json:
        print(json.dumps({"load_before": load, "load_after": load_after, "rows": rows}, indent=1))
        return 0
    print(f"# {load}")
    if not args.callgrind:
        print(f"{'genre':<18} {'MB':>6}  {'links b/r/t':>20}  {'base':>7} {'rec':>7} {'th':>7} s   base×  rec×")
        for r in rows:
            s, n = r["seconds"], r["links"]
            print(f"{r['genre']:<18} {r['MB']:6.2f}  {n['base']:>6}/{n['recommended']:>6}/{n['turbohtml']:>6}  "
                  f"{s['base']:7.4f} {s['recommended']:7.4f} {s['turbohtml']:7.4f}   "
                  f"{r['base_ratio']:4.2f}  {r['recommended_ratio']:4.2f}")
    print(f"# {load_after}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
