"""What users run, against the fastest peer of each path, interleaved in one run (issue 19).

Every row is one user path of uts58_icu timed against its peer on the same input in
the same process, A B A B … (best of ``--repeat``), so load on a shared machine hits
both alike. The ratio is the peer's time divided by ours: ≥ 1 means we are faster.

* detect: ``find_links(t)`` (the base) and ``find_links(t, policy=LinkPolicy.recommended())``
  against turbohtml's ``LinkDetector().find`` (set up as in ``bench_detect.py``);
* html: ``uts58_icu.html.linkify(doc)`` against turbohtml's
  ``Linker(Linkify(parse_email=True)).linkify`` and ``bleach.linkify(parse_email=True)``
  (the peers of ``bench_html.py``) on ``<p>`` pages rendered from each corpus;
* markdown: markdown-it-py with ``LinkifyUts58`` against the same render with
  linkify-it-py, mistune with ``uts58_icu.mistune.linkify`` against its ``url`` plugin,
  Python-Markdown with ``uts58_icu.python_markdown`` against ``pymdownx.magiclink``
  (the engines of ``bench_markdown_engines.py``) on Markdown documents made from each corpus;
* cli: ``python -m uts58_icu detect``, ``detect --json`` (against ``find_links(t)``) and
  ``linkify`` (against ``find_links(t, policy=recommended)``) on a ~30 MB file made of
  ``bench/corpus.py`` text; the ratio here is the CLI's throughput over the library's
  (start-up, reading, decoding and writing to /dev/null included on the CLI side only);
  then ``detect --jobs 2`` against ``--jobs 1`` (ratio = jobs-1 time / jobs-2 time);
* django: ``uts58_icu.django.urlize`` against ``django.utils.html.urlize`` on the CVE
  payloads of ``bench_html.py --cve`` (N = ``--cve-n``);
* latency: microseconds per call on the short chat messages of ``bench_detect.py``,
  ``find_links(m, policy=recommended)`` (and the base) against turbohtml.

Corpora: ``bench/corpus.py``'s ASCII and multilingual prose (``--size-mb`` each), and
with ``--corpus DIR`` the ``*.txt`` files of DIR as a third, held-out corpus.

The goal column is issue 19's target for the row (``-`` where the issue sets none);
"met" compares the measured ratio with it.

``--callgrind`` also counts instructions (``valgrind --tool=callgrind``) of one call of
the base, recommended and turbohtml on a 100 kB slice of each corpus: each is run twice
under callgrind, with 1 and with 3 timed calls after a warm-up call, and the count per
call is the difference / 2 (start-up and warm-up cancel out).

    python bench/bench_users.py [--quick] [--json] [--corpus DIR] [--callgrind] [--only detect,html,...]

``--quick`` runs in under 2 minutes on a quiet 2-core machine; the default mode in under 10.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.append(str(ROOT))  # after PYTHONPATH, as the other scripts

import bench_detect  # noqa: E402
import bench_html  # noqa: E402
import corpus  # noqa: E402

SECTIONS = ("detect", "html", "markdown", "cli", "django", "latency")
Row = dict[str, object]


def uptime() -> str:
    try:
        return subprocess.run(["uptime"], capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "load average: %.2f, %.2f, %.2f" % os.getloadavg()


def interleave(runners: dict[str, Callable[[], object]], repeat: int, budget: float) -> dict[str, float]:
    """Best seconds of each runner; run ``i`` of every runner comes before run ``i + 1`` of any.
    A runner stops repeating once it has spent ``budget`` seconds (after at least 2 runs)."""
    best = {k: float("inf") for k in runners}
    spent = {k: 0.0 for k in runners}
    for i in range(repeat):
        for key, run in runners.items():
            if i >= 2 and spent[key] > budget:
                continue
            gc.collect()
            t0 = time.perf_counter()
            run()
            dt = time.perf_counter() - t0
            best[key] = min(best[key], dt)
            spent[key] += dt
    return best


def row(section: str, path: str, peer: str, corpus_name: str, ours_s: float, peer_s: float,
        goal: float | None, nbytes: int | None = None, ratio: float | None = None, note: str = "") -> Row:
    r = peer_s / ours_s if ratio is None else ratio
    out: Row = {"section": section, "path": path, "peer": peer, "corpus": corpus_name,
                "ours_s": ours_s, "peer_s": peer_s, "ratio": r, "goal": goal,
                "met": None if goal is None else r >= goal, "note": note}
    if nbytes:
        out["ours_MB_s"] = nbytes / corpus.MB / ours_s
        out["peer_MB_s"] = nbytes / corpus.MB / peer_s
    return out


def load_texts(size: int, corpus_dir: str | None) -> dict[str, str]:
    texts = {name: fn(size) for name, fn in corpus.CORPORA.items()}
    if corpus_dir:
        parts: list[str] = []
        total = 0
        for p in sorted(Path(corpus_dir).rglob("*.txt")):
            t = p.read_text(encoding="utf-8", errors="replace")
            parts.append(t)
            total += len(t.encode("utf-8"))
            if total >= 3 * size:
                break
        if parts:
            texts["held-out"] = "\n\n".join(parts)
    return texts


def nbytes(s: str) -> int:
    return len(s.encode("utf-8"))


# --------------------------------------------------------------------------- sections


def bench_detect_paths(texts: dict[str, str], repeat: int, budget: float) -> list[Row]:
    from uts58_icu import LinkPolicy, find_links

    rec = LinkPolicy.recommended()
    th = bench_detect._setup_turbohtml()
    rows = []
    for cname, text in texts.items():
        runners = {
            "base": lambda: find_links(text),
            "recommended": lambda: find_links(text, policy=rec),
            "turbohtml": lambda: th(text),
        }
        best = interleave(runners, repeat, budget)
        n = nbytes(text)
        links = f"links: base {len(find_links(text))}, recommended {len(find_links(text, policy=rec))}, turbohtml {th(text)}"
        rows.append(row("detect", "find_links(t)", "turbohtml LinkDetector().find", cname, best["base"], best["turbohtml"], None, n, note=links))
        rows.append(row("detect", "find_links(t, policy=recommended())", "turbohtml LinkDetector().find", cname, best["recommended"], best["turbohtml"], None, n))
    return rows


def bench_html_paths(texts: dict[str, str], repeat: int, budget: float, page_mb: float) -> list[Row]:
    import uts58_icu.html

    peers = bench_html.contenders()
    rows = []
    for cname, text in texts.items():
        pages = bench_html.render_pages(text[: int(page_mb * corpus.MB)], cname)
        n = sum(nbytes(p) for p in pages)
        runners = {
            "ours": lambda: [uts58_icu.html.linkify(p) for p in pages],
            "turbohtml": lambda: [peers["turbohtml linkify"](p) for p in pages],
            "bleach": lambda: [peers["bleach.linkify"](p) for p in pages],
        }
        best = interleave(runners, repeat, budget)
        note = f"{len(pages)} pages"
        rows.append(row("html", "uts58_icu.html.linkify(doc)", "turbohtml Linker(Linkify(parse_email=True)).linkify", cname, best["ours"], best["turbohtml"], 1.0, n, note=note))
        rows.append(row("html", "uts58_icu.html.linkify(doc)", "bleach.linkify(parse_email=True)", cname, best["ours"], best["bleach"], None, n, note=note))
    return rows


def markdown_docs(text: str, doc_bytes: int = 20_000) -> list[str]:
    """Ordinary Markdown documents from prose: headings, paragraphs, lists, a fenced block."""
    docs, body, size = [], [], 0
    for i, para in enumerate(p for p in text.split("\n\n") if p.strip()):
        if i % 10 == 0:
            body.append(f"## Section {i // 10}")
        if i % 6 == 4:
            body.append("\n".join(f"- {s.strip()}" for s in para.split(". ") if s.strip()))
        elif i % 9 == 7:
            body.append("```\n" + para + "\n```")
        else:
            body.append(para)
        size += len(body[-1])
        if size >= doc_bytes:
            docs.append("\n\n".join(body) + "\n")
            body, size = [], 0
    if body:
        docs.append("\n\n".join(body) + "\n")
    return docs


MARKDOWN_GOALS = {"markdown-it-py": 1.5, "mistune": 1.0, "Python-Markdown": 1.0}


def bench_markdown_paths(texts: dict[str, str], repeat: int, budget: float, md_mb: float) -> list[Row]:
    import bench_markdown_engines

    engines = {k: v for k, v in bench_markdown_engines.engines().items() if k in MARKDOWN_GOALS}
    rows = []
    for cname, text in texts.items():
        docs = markdown_docs(text[: int(md_mb * corpus.MB)])
        n = sum(nbytes(d) for d in docs)
        for ename, (ours, stock, stock_name) in engines.items():
            best = interleave({"ours": lambda: [ours(d) for d in docs], "stock": lambda: [stock(d) for d in docs]}, repeat, budget)
            rows.append(row("markdown", f"{ename} + uts58_icu", f"{ename} + {stock_name}", cname, best["ours"], best["stock"],
                            MARKDOWN_GOALS[ename], n, note=f"{len(docs)} documents"))
    return rows


def write_cli_input(path: Path, target: int) -> tuple[int, str]:
    """~``target`` bytes of bench/corpus.py text (ASCII and multilingual megabytes alternating)."""
    chunks = [corpus.ascii_corpus(corpus.MB, seed=58), corpus.multilingual_corpus(corpus.MB, seed=58),
              corpus.ascii_corpus(corpus.MB, seed=59), corpus.multilingual_corpus(corpus.MB, seed=59)]
    data = [c.encode("utf-8") + b"\n\n" for c in chunks]
    written = 0
    with open(path, "wb") as f:
        i = 0
        while written < target:
            f.write(data[i % len(data)])
            written += len(data[i % len(data)])
            i += 1
    return written, path.read_text(encoding="utf-8")


def bench_cli_paths(repeat: int, budget: float, cli_mb: float, tmpdir: str | None) -> list[Row]:
    from uts58_icu import LinkPolicy, find_links

    rec = LinkPolicy.recommended()
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (env.get("PYTHONPATH", ""), str(ROOT)) if p)
    # An installed package has its byte-code (pip compiles it): with PYTHONDONTWRITEBYTECODE
    # set, every CLI run would compile the package's sources at start-up (0.75 G instructions
    # against 0.43 G), a cost no user pays. The first run writes the cache; best-of keeps the rest.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    fd, name = tempfile.mkstemp(prefix="uts58-users-", suffix=".txt", dir=tmpdir)
    os.close(fd)
    path = Path(name)
    rows = []
    try:
        size, text = write_cli_input(path, int(cli_mb * corpus.MB))

        def cli(*args: str) -> Callable[[], None]:
            argv = [sys.executable, "-m", "uts58_icu", *args, str(path)]

            def run() -> None:
                subprocess.run(argv, stdout=subprocess.DEVNULL, check=True, cwd=ROOT, env=env)

            return run

        runners = {
            "detect": cli("detect"),
            "detect --json": cli("detect", "--json"),
            "linkify": cli("linkify"),
            "find_links(t)": lambda: find_links(text),
            "find_links(t, recommended)": lambda: find_links(text, policy=rec),
        }
        best = interleave(runners, repeat, budget)
        mb = f"{size / corpus.MB:.1f} MB"
        for cmd, lib, goal in (("detect", "find_links(t)", 0.5), ("detect --json", "find_links(t)", 0.5),
                               ("linkify", "find_links(t, recommended)", None)):
            ours, peer = best[cmd], best[lib]
            rows.append(row("cli", f"uts58 {cmd} FILE", f"library {lib}", mb, ours, peer, goal, size,
                            ratio=peer / ours, note="ratio = CLI throughput / library throughput"))
        del text
        jobs = interleave({"1": cli("detect", "--jobs", "1"), "2": cli("detect", "--jobs", "2")}, repeat, budget)
        rows.append(row("cli", "uts58 detect --jobs 2 FILE", "uts58 detect --jobs 1 FILE", mb, jobs["2"], jobs["1"], 1.8, size,
                        note=f"{os.cpu_count()} CPUs"))
    finally:
        path.unlink(missing_ok=True)
    return rows


def bench_django_paths(repeat: int, n: int) -> list[Row]:
    import django
    from django.conf import settings

    if not settings.configured:
        settings.configure()
        django.setup()
    from django.utils.html import urlize as django_urlize

    from uts58_icu.django import urlize as ours

    for fn in (ours, django_urlize):
        fn("warm up example.com", nofollow=True, autoescape=True)
    rows = []
    for pname, text in bench_html.cve_payloads(n).items():
        best = interleave({"ours": lambda: ours(text, nofollow=True, autoescape=True),
                           "django": lambda: django_urlize(text, nofollow=True, autoescape=True)}, repeat, float("inf"))
        rows.append(row("django", "uts58_icu.django.urlize", "django.utils.html.urlize", pname, best["ours"], best["django"], 0.5,
                        note=f"{len(text):,} chars"))
    return rows


def bench_latency(repeat: int) -> list[Row]:
    from uts58_icu import LinkPolicy, find_links

    rec = LinkPolicy.recommended()
    runners = {"base": lambda m: len(find_links(m)), "recommended": lambda m: len(find_links(m, policy=rec)),
               "turbohtml": bench_detect._setup_turbohtml()}
    us = bench_detect.measure_latency(runners, repeat)
    rows = []
    for mname in bench_detect.MESSAGES:
        for key, goal in (("recommended", 1.0), ("base", None)):
            path = "find_links(m, policy=recommended())" if key == "recommended" else "find_links(m)"
            rows.append(row("latency", path, "turbohtml LinkDetector().find", mname, us[key][mname] / 1e6,
                            us["turbohtml"][mname] / 1e6, goal, note=f"µs/message: ours {us[key][mname]:.2f}, "
                            f"turbohtml {us['turbohtml'][mname]:.2f}"))
    return rows


# --------------------------------------------------------------------------- callgrind

CALLGRIND_DETECTORS = ("base", "recommended", "turbohtml")


def callgrind_child(detector: str, cname: str, calls: int, kb: int) -> None:
    """Run under valgrind: set up, one warm-up call, then ``calls`` calls."""
    from uts58_icu import LinkPolicy, find_links

    text = corpus.CORPORA[cname](kb * 1000)
    if detector == "turbohtml":
        fn = bench_detect._setup_turbohtml()
    else:
        policy = LinkPolicy.recommended() if detector == "recommended" else None

        def fn(t: str) -> int:
            return len(find_links(t, policy=policy))
    fn(text)
    for _ in range(calls):
        fn(text)


def callgrind_counts(kb: int) -> list[Row]:
    import shutil

    if shutil.which("valgrind") is None:
        raise SystemExit("--callgrind needs valgrind (apt-get install valgrind)")
    rows: list[Row] = []
    for cname in corpus.CORPORA:
        per_call: dict[str, float] = {}
        for det in CALLGRIND_DETECTORS:
            counts = []
            for calls in (1, 3):
                with tempfile.TemporaryDirectory() as tmp:
                    out = Path(tmp) / "cg.out"
                    subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable,
                                    str(Path(__file__).resolve()), "--_callgrind-child", det, cname, str(calls), str(kb)],
                                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                    total = next(int(line.split()[1]) for line in out.read_text().splitlines()
                                 if line.startswith(("summary:", "totals:")))
                    counts.append(total)
            per_call[det] = (counts[1] - counts[0]) / 2
            print(f"  .. callgrind {det:<12} {cname:<12} {per_call[det] / 1e6:10.1f} M instructions/call", file=sys.stderr)
        for det in ("base", "recommended"):
            path = "find_links(t)" if det == "base" else "find_links(t, policy=recommended())"
            rows.append(row("callgrind", path, "turbohtml LinkDetector().find", f"{cname} {kb} kB", per_call[det],
                            per_call["turbohtml"], None, note=f"instructions/call: ours {per_call[det]:,.0f}, "
                            f"turbohtml {per_call['turbohtml']:,.0f}"))
    return rows


# --------------------------------------------------------------------------- main


def print_table(rows: list[Row]) -> None:
    print("| section | path (ours) | peer | corpus | ours | peer | ratio | goal | met |")
    print("|---|---|---|---|---:|---:|---:|---:|---|")
    for r in rows:
        if r["section"] == "callgrind":
            fmt = lambda v: f"{v / 1e6:.1f} M instr"  # noqa: E731
        elif r["section"] == "latency":
            fmt = lambda v: f"{v * 1e6:.2f} µs"  # noqa: E731
        else:
            fmt = lambda v: f"{v:.4g}"  # noqa: E731
        goal = "-" if r["goal"] is None else f"≥ {r['goal']}"
        met = "-" if r["met"] is None else ("yes" if r["met"] else "**no**")
        print(f"| {r['section']} | {r['path']} | {r['peer']} | {r['corpus']} | {fmt(r['ours_s'])} | {fmt(r['peer_s'])} | "
              f"{r['ratio']:.2f}× | {goal} | {met} |")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="smaller inputs, fewer repeats (< 2 min)")
    ap.add_argument("--json", action="store_true", help="print the rows as JSON")
    ap.add_argument("--corpus", metavar="DIR", help="also a held-out corpus: the *.txt files of DIR")
    ap.add_argument("--only", default=",".join(SECTIONS), help=f"comma-separated subset of {','.join(SECTIONS)}")
    ap.add_argument("--repeat", type=int, help="runs per path (best is kept); default 5, --quick 3")
    ap.add_argument("--size-mb", type=float, help="size of each corpus for detect (default 1, --quick 0.3)")
    ap.add_argument("--cli-mb", type=float, help="CLI input size in MB (default 30, --quick 6)")
    ap.add_argument("--cve-n", type=int, default=20_000, help="N of the CVE payloads (default 20000, as bench_html.py)")
    ap.add_argument("--tmpdir", help="directory for the CLI input file")
    ap.add_argument("--callgrind", action="store_true", help="also count instructions with valgrind --tool=callgrind")
    ap.add_argument("--callgrind-kb", type=int, default=100, help="text size of the callgrind runs (default 100 kB)")
    ap.add_argument("--_callgrind-child", nargs=4, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args._callgrind_child:
        det, cname, calls, kb = args._callgrind_child
        callgrind_child(det, cname, int(calls), int(kb))
        return 0
    q = args.quick
    repeat = args.repeat or (3 if q else 5)
    size_mb = args.size_mb or (0.3 if q else 1.0)
    cli_mb = args.cli_mb or (6.0 if q else 30.0)
    budget = 4.0 if q else 20.0
    only = set(args.only.split(","))
    unknown = only - set(SECTIONS)
    if unknown:
        ap.error(f"unknown sections: {', '.join(sorted(unknown))}")

    import uts58_icu

    started = time.perf_counter()
    load_start = uptime()
    print(f"start: {load_start}", file=sys.stderr)
    texts = load_texts(int(size_mb * corpus.MB), args.corpus)
    rows: list[Row] = []
    steps: list[tuple[str, Callable[[], list[Row]]]] = [
        ("detect", lambda: bench_detect_paths(texts, repeat, budget)),
        ("html", lambda: bench_html_paths(texts, repeat, budget, size_mb)),
        ("markdown", lambda: bench_markdown_paths(texts, repeat, budget, size_mb / 3)),
        ("cli", lambda: bench_cli_paths(2 if q else 3, budget * 2, cli_mb, args.tmpdir)),
        ("django", lambda: bench_django_paths(2 if q else 3, args.cve_n)),
        ("latency", lambda: bench_latency(repeat)),
    ]
    for name, step in steps:
        if name in only:
            t0 = time.perf_counter()
            rows += step()
            print(f"  .. {name} done in {time.perf_counter() - t0:.1f} s", file=sys.stderr)
    if args.callgrind:
        rows += callgrind_counts(args.callgrind_kb)
    load_end = uptime()
    meta = {
        "python": sys.version.split()[0], "uts58_icu": uts58_icu.__version__, "compiled": uts58_icu.ACCELERATED,
        "mode": "quick" if q else "default", "repeat": repeat, "corpus_bytes": {k: nbytes(t) for k, t in texts.items()},
        "uptime_start": load_start, "uptime_end": load_end, "seconds": time.perf_counter() - started,
    }
    if args.json:
        print(json.dumps({"meta": meta, "rows": rows}, indent=2, ensure_ascii=False))
        return 0
    print(f"Python {meta['python']}, uts58_icu {meta['uts58_icu']} ({'compiled' if meta['compiled'] else 'pure Python'}); "
          f"{meta['mode']} mode, best of {repeat}; corpora (bytes): {meta['corpus_bytes']}")
    print(f"load at start: {load_start}\nload at end:   {load_end}\n")
    print("ratio = peer time / our time (≥ 1: we are faster); cli rows: CLI throughput / library throughput\n")
    print_table(rows)
    notes = [f"{r['section']} {r['corpus']}: {r['note']}" for r in rows if r["note"]]
    if notes:
        print()
        print("\n".join(dict.fromkeys(notes)))
    met = [r for r in rows if r["met"] is not None]
    print(f"\ngoals met: {sum(bool(r['met']) for r in met)} of {len(met)}; total {meta['seconds']:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
