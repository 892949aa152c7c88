"""HTML linkify: uts58_icu.html.linkify vs bleach.linkify vs turbohtml's linkify, MB/s in one run.

Corpus (rebuilt into ``bench/out/html_corpus``, never committed):

* ``debian/`` — the HTML documentation of two Debian packages, ``debian-reference-en``
  (a reference manual full of URLs) and ``git-doc`` (the Git manual pages), fetched with
  ``apt-get download`` and unpacked with ``dpkg-deb``; files in name order up to
  ``--mb`` megabytes.
* ``rendered/`` — HTML pages rendered from the text corpora of ``bench/corpus.py``
  (English-like and multilingual prose with URLs and emails): ``<p>`` per paragraph,
  text escaped, some ``<code>``/``<a>`` elements and attributes that contain URLs.

For every file it checks that our output outside the inserted ``<a>…</a>`` is the
input, byte for byte (a marker attribute finds the inserted links), and reports the
count of files that fail that check (0 expected). Then it times each library over the
whole corpus (best of ``--repeat``) and reports MB/s and link counts.

``--cve`` adds the Django urlize denial-of-service payloads (CVE-2018-7536,
CVE-2024-38875, CVE-2024-41990, CVE-2024-45230, built from their public descriptions)
at 1× and 4× size: seconds (best of 3) and the growth factor (≈4 linear, ≈16 quadratic) for ours
(``uts58_icu.django.urlize``) and Django's own ``django.utils.html.urlize``.

``--pages`` instead times, interleaved in one run (A B C D …, best of ``--repeat``), on
the ``<p>`` pages that ``bench/bench_users.py`` renders from ``bench/corpus.py``'s ASCII
and multilingual prose (``--pages-mb`` of text each): ``html.linkify`` with its default
policy (``recommended()``) and with the base policy, turbohtml's ``Linker`` and bleach.
Times are CPU time of this process (``time.process_time``: all four are single-threaded,
and on a shared machine wall time also counts the waits). The ratio is the peer's time
over ours (≥ 1: we are faster). The difference between
the two policies, over the links inserted, is the recommended policy's cost per link;
the base row is what the HTML driver itself costs (tokenizer, runs, output).

    python bench/bench_html.py [--mb 3] [--repeat 2] [--cve] [--json] [--check-only]
    python bench/bench_html.py --pages [--pages-mb 1] [--repeat 5]
"""

from __future__ import annotations

import argparse
import html as html_lib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.append(str(ROOT))
sys.path.append(str(HERE))

OUT = HERE / "out" / "html_corpus"
MB = 1_000_000
# package -> where its HTML is installed
PACKAGES = {"debian-reference-en": "usr/share/debian-reference", "git-doc": "usr/share/doc/git-doc"}
MARK = "data-uts58-bench"


def build_debian(budget: int) -> list[Path]:
    dest = OUT / "debian"
    if dest.exists() and any(dest.iterdir()):
        return sorted(dest.rglob("*.html"))
    if shutil.which("apt-get") is None or shutil.which("dpkg-deb") is None:
        raise SystemExit("bench_html: the Debian part of the corpus needs apt-get and dpkg-deb")
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["apt-get", "download", *PACKAGES], cwd=tmp, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for deb in sorted(Path(tmp).glob("*.deb")):
            subprocess.run(["dpkg-deb", "-x", str(deb), str(Path(tmp) / "x")], check=True)
        per_package = budget // len(PACKAGES)
        dest.mkdir(parents=True, exist_ok=True)
        for pkg, where in PACKAGES.items():
            used = 0
            base = Path(tmp) / "x" / where
            for src in sorted(base.rglob("*.html")):
                size = src.stat().st_size
                if used + size > per_package:
                    continue
                target = dest / pkg / src.relative_to(base)
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(src, target)
                used += size
    return sorted(dest.rglob("*.html"))


def render_pages(text: str, title: str, page_bytes: int = 60_000) -> list[str]:
    """HTML pages for a text: a <p> per paragraph, plus code, links and attributes with URLs."""
    pages, body, size = [], [], 0
    for i, para in enumerate(p for p in text.split("\n\n") if p.strip()):
        esc = html_lib.escape(para, quote=False)
        if i % 7 == 3:
            body.append(f"<pre><code>{esc}</code></pre>")
        elif i % 5 == 1:
            body.append(f'<p title="see https://example.org/{i}">{esc} <a href="https://example.net/">example.net</a></p>')
        else:
            body.append(f"<p>{esc}</p>")
        size += len(body[-1])
        if size >= page_bytes:
            pages.append(body)
            body, size = [], 0
    if body:
        pages.append(body)
    return [
        f"<!DOCTYPE html>\n<html lang=en>\n<head><meta charset=utf-8><title>{title} {n}</title></head>\n"
        f"<body>\n<h1>{title} {n}</h1>\n" + "\n".join(b) + "\n</body>\n</html>\n"
        for n, b in enumerate(pages)
    ]


def build_rendered(budget: int) -> list[Path]:
    from corpus import ascii_corpus, multilingual_corpus

    dest = OUT / "rendered"
    if dest.exists() and any(dest.iterdir()):
        return sorted(dest.rglob("*.html"))
    dest.mkdir(parents=True, exist_ok=True)
    for name, gen in (("ascii", ascii_corpus), ("multilingual", multilingual_corpus)):
        for n, page in enumerate(render_pages(gen(budget // 2), name)):
            (dest / f"{name}-{n:03}.html").write_text(page, encoding="utf-8")
    return sorted(dest.rglob("*.html"))


def check_identical(docs: dict[str, str]) -> tuple[int, int]:
    """(files whose output outside the inserted links differs from the input, links inserted)."""
    from uts58_icu.html import Linker

    def mark(attrs: dict[str, str], link: object) -> dict[str, str]:
        attrs[MARK] = "1"
        return attrs

    linker = Linker(callbacks=[mark])
    inserted = re.compile(r'<a href="[^"]*" ' + MARK + r'="1">(.*?)</a>', re.DOTALL)
    bad = links = 0
    for name, doc in docs.items():
        out = linker.linkify(doc)
        links += len(inserted.findall(out))
        if inserted.sub(lambda m: m.group(1), out) != doc:
            bad += 1
            print(f"  NOT BYTE-IDENTICAL: {name}", file=sys.stderr)
    return bad, links


def contenders() -> dict[str, Callable[[str], str]]:
    import bleach
    import turbohtml.clean as th

    from uts58_icu.html import Linker

    ours = Linker()  # recommended policy, nofollow, skip pre/code
    ours_code = Linker(skip_tags=())  # also in pre/code, as bleach's default
    th_linker = th.Linker(th.Linkify(parse_email=True))
    return {
        "uts58_icu.html.linkify": ours.linkify,
        "uts58_icu.html.linkify(skip_tags=())": ours_code.linkify,
        "bleach.linkify": lambda s: bleach.linkify(s, parse_email=True),
        "turbohtml linkify": th_linker.linkify,
    }


def count_links(doc: str) -> int:
    """``a`` elements with an ``href`` in the parsed document (re-serializers copy
    ``<a id=x/>`` as reconstructed elements, so counting ``<a `` in the text overcounts)."""
    import turbohtml

    return len(turbohtml.parse(doc).select("a[href]"))


def time_all(docs: list[str], fn: Callable[[str], str], repeat: int) -> tuple[float, int]:
    best = float("inf")
    outs: list[str] = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        outs = [fn(d) for d in docs]
        best = min(best, time.perf_counter() - t0)
    links = sum(count_links(o) - count_links(d) for o, d in zip(outs, docs))
    return best, links


def cve_payloads(n: int) -> dict[str, str]:
    return {
        "CVE-2018-7536 (a@ + 'a.'*N)": "a@" + "a." * n + "!",
        "CVE-2018-7536 (dots)": "example.com" + "." * n,
        "CVE-2024-38875 ('('*N url ')'*N)": "(" * n + "http://example.com/" + ")" * n,
        "CVE-2024-41990 ('&lt;'*N ']'*N)": "http://example.com/" + "&lt;" * n + "]" * n,
        "CVE-2024-45230 ('&'*N ';'*N)": "example.com" + "&" * n + ";" * n,
        "CVE-2024-45230 ('x.com&'*N)": "x.com&" * n,
    }


def run_cve(n: int) -> list[dict[str, object]]:
    import django
    from django.conf import settings

    if not settings.configured:
        settings.configure()
        django.setup()
    from django.utils.html import urlize as django_urlize

    from uts58_icu.django import urlize as ours

    rows = []
    small, big = cve_payloads(n), cve_payloads(4 * n)
    for name in small:
        row: dict[str, object] = {"payload": name, "chars_1x": len(small[name])}
        for label, fn in (("ours", ours), ("django", django_urlize)):
            fn("warm up example.com", nofollow=True, autoescape=True)
            times = []
            for text in (small[name], big[name]):
                best = float("inf")
                for _ in range(3):
                    t0 = time.perf_counter()
                    fn(text, nofollow=True, autoescape=True)
                    best = min(best, time.perf_counter() - t0)
                times.append(best)
            row[f"{label}_s_1x"], row[f"{label}_s_4x"] = times
            row[f"{label}_growth"] = times[1] / max(times[0], 1e-9)
        rows.append(row)
    return rows


def load() -> str:
    with open("/proc/loadavg", encoding="ascii") as f:
        return " ".join(f.read().split()[:3])


def run_pages(mb: float, repeat: int) -> int:
    """html.linkify (recommended and base) against turbohtml's Linker and bleach, interleaved."""
    import corpus

    from uts58_icu.html import Linker

    peers = contenders()
    runners = {
        "html.linkify (recommended, the default)": Linker().linkify,
        "html.linkify(policy='base')": Linker(policy="base").linkify,
        "turbohtml Linker(Linkify(parse_email=True))": peers["turbohtml linkify"],
        "bleach.linkify(parse_email=True)": peers["bleach.linkify"],
    }
    print(f"load average at start: {load()}")
    rows = []
    for cname, gen in (("ASCII", corpus.ascii_corpus), ("multilingual", corpus.multilingual_corpus)):
        pages = render_pages(gen(int(mb * MB))[: int(mb * MB)], cname)
        size = sum(len(p.encode("utf-8")) for p in pages)
        best = dict.fromkeys(runners, float("inf"))
        for _ in range(repeat):
            for name, fn in runners.items():
                t0 = time.process_time()
                for p in pages:
                    fn(p)
                best[name] = min(best[name], time.process_time() - t0)
        links = {name: sum(fn(p).count("<a href=") - p.count("<a href=") for p in pages)
                 for name, fn in list(runners.items())[:2]}
        rows.append((cname, size, len(pages), best, links))
    print(f"load average at end: {load()}\n")
    print("| corpus | ours | CPU seconds | MB/s | turbohtml / ours | bleach / ours |\n|---|---|---:|---:|---:|---:|")
    names = list(runners)
    for cname, size, npages, best, links in rows:
        for ours in names[:2]:
            print(f"| {cname} ({size / MB:.2f} MB, {npages} pages) | {ours} | {best[ours]:.4f} | "
                  f"{size / MB / best[ours]:.1f} | {best[names[2]] / best[ours]:.2f}× | {best[names[3]] / best[ours]:.2f}× |")
    print()
    for cname, size, _, best, links in rows:
        rec, base = names[0], names[1]
        print(f"{cname}: turbohtml {best[names[2]]:.4f} s ({size / MB / best[names[2]]:.1f} MB/s), bleach "
              f"{best[names[3]]:.4f} s; links inserted: recommended {links[rec]}, base {links[base]}; the recommended "
              f"policy costs {best[rec] - best[base]:.4f} s over the base, "
              f"{(best[rec] - best[base]) / max(links[rec], 1) * 1e6:.1f} µs per link")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mb", type=float, default=3.0, help="megabytes per corpus part (default 3)")
    ap.add_argument("--repeat", type=int, default=2)
    ap.add_argument("--cve", action="store_true", help="also time the Django CVE payloads (1x and 4x)")
    ap.add_argument("--cve-n", type=int, default=20_000, help="N of the 1x CVE payloads (default 20000)")
    ap.add_argument("--check-only", action="store_true", help="only the byte-identical check")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--pages", action="store_true", help="time html.linkify against its peers on bench_users' pages")
    ap.add_argument("--pages-mb", type=float, default=1.0, help="text per corpus for --pages (default 1, as bench_users)")
    args = ap.parse_args(argv)
    if args.pages:
        return run_pages(args.pages_mb, max(args.repeat, 5) if "--repeat" not in (argv or sys.argv) else args.repeat)
    budget = int(args.mb * MB)
    files = build_debian(budget) + build_rendered(budget)
    docs = {str(p.relative_to(OUT)): p.read_text(encoding="utf-8", errors="replace") for p in files}
    total = sum(len(d.encode("utf-8")) for d in docs.values())
    bad, marked = check_identical(docs)
    result: dict[str, object] = {
        "files": len(docs), "bytes": total, "not_identical": bad, "links_inserted": marked,
        "parts": {part: sum(1 for k in docs if k.startswith(part)) for part in ("debian", "rendered")},
    }
    if not args.check_only:
        rows = []
        for name, fn in contenders().items():
            for part in ("debian", "rendered"):
                sel = [d for k, d in docs.items() if k.startswith(part)]
                size = sum(len(d.encode("utf-8")) for d in sel)
                secs, links = time_all(sel, fn, args.repeat)
                rows.append({"library": name, "part": part, "MB": size / MB, "seconds": secs,
                             "MB_per_s": size / MB / secs, "links": links})
        result["throughput"] = rows
    if args.cve:
        result["cve"] = run_cve(args.cve_n)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(f"{result['files']} files ({result['parts']}), {total / MB:.2f} MB; "
              f"outside the inserted links, not byte-identical: {bad} files; {marked} links inserted")
        if "throughput" in result:
            print("\n| library | corpus | MB | seconds | MB/s | links |\n|---|---|---:|---:|---:|---:|")
            for r in result["throughput"]:  # type: ignore[union-attr]
                print(f"| {r['library']} | {r['part']} | {r['MB']:.2f} | {r['seconds']:.2f} | "
                      f"{r['MB_per_s']:.2f} | {r['links']} |")
        if "cve" in result:
            print("\n| payload | chars (1×) | ours 1× s | ours 4× s | growth | Django 1× s | Django 4× s | growth |")
            print("|---|---:|---:|---:|---:|---:|---:|---:|")
            for r in result["cve"]:  # type: ignore[union-attr]
                print(f"| {r['payload']} | {r['chars_1x']} | {r['ours_s_1x']:.4f} | {r['ours_s_4x']:.4f} | "
                      f"{r['ours_growth']:.1f} | {r['django_s_1x']:.4f} | {r['django_s_4x']:.4f} | "
                      f"{r['django_growth']:.1f} |")
    return 1 if bad else 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    sys.exit(main())
