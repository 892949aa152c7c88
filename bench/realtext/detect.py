#!/usr/bin/env python3
"""Run the link detectors over the real-text corpus and write their spans.

For each detector ``NAME`` the spans go to ``out/spans/NAME.jsonl`` (one line per
document: ``{"doc": id, "spans": [[start, end, "url"|"email"], ...]}``, offsets in
code points of the document text) and a description to ``out/spans/NAME.meta.json``.

Detectors:
  base         uts58_icu.find_links(text)
  recommended  uts58_icu.find_links(text, policy=LinkPolicy.recommended()); while
               LinkPolicy.recommended does not exist, the fallback
               LinkPolicy(guard_false_positives=True, cjk_boundary=True), labelled so
  linkify-it   linkify-it-py LinkifyIt().match(text), default options (fuzzy links and emails)
  urlextract   URLExtract(extract_email=True).find_urls(text, get_indices=True)
  turbohtml    turbohtml.clean.LinkDetector().find(text), default options

uts58_icu is imported from PYTHONPATH first, then this checkout, so a newer
library can be re-scored with e.g.
  PYTHONPATH=/work/main python bench/realtext/detect.py --only recommended --tag new
(``--tag`` writes ``out/spans/recommended@new.jsonl``; score.py --detector recommended@new).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "out"
sys.path.append(str(HERE.parent.parent))  # after PYTHONPATH: an explicit checkout wins

Span = tuple[int, int, str]
Detector = Callable[[str], list[Span]]


def make_base() -> tuple[Detector, dict[str, str]]:
    import uts58_icu

    def run(text: str) -> list[Span]:
        return [(l.start, l.end, "email" if l.kind == "email" else "url") for l in uts58_icu.find_links(text)]

    return run, {"label": "uts58_icu.find_links(text)", "module": uts58_icu.__file__, "version": uts58_icu.__version__}


def make_recommended() -> tuple[Detector, dict[str, str]]:
    import uts58_icu

    if hasattr(uts58_icu.LinkPolicy, "recommended"):
        policy = uts58_icu.LinkPolicy.recommended()
        label = "uts58_icu.find_links(text, policy=LinkPolicy.recommended())"
    else:
        policy = uts58_icu.LinkPolicy(guard_false_positives=True, cjk_boundary=True)
        label = ("FALLBACK (LinkPolicy.recommended not available): "
                 "uts58_icu.find_links(text, policy=LinkPolicy(guard_false_positives=True, cjk_boundary=True))")

    def run(text: str) -> list[Span]:
        return [(l.start, l.end, "email" if l.kind == "email" else "url")
                for l in uts58_icu.find_links(text, policy=policy)]

    return run, {"label": label, "module": uts58_icu.__file__, "version": uts58_icu.__version__, "policy": repr(policy)}


def make_linkify() -> tuple[Detector, dict[str, str]]:
    from importlib.metadata import version

    import linkify_it

    lf = linkify_it.LinkifyIt()

    def run(text: str) -> list[Span]:
        ms = lf.match(text) or []
        return [(m.index, m.last_index, "email" if m.schema == "mailto:" or (m.url.startswith("mailto:")) else "url") for m in ms]

    return run, {"label": "linkify_it.LinkifyIt().match(text) (default options)", "version": version("linkify-it-py")}


def make_urlextract() -> tuple[Detector, dict[str, str]]:
    from importlib.metadata import version

    from urlextract import URLExtract

    ex = URLExtract(extract_email=True)  # emails on, as every other detector here finds them

    def run(text: str) -> list[Span]:
        out = []
        for url, (s, e) in ex.find_urls(text, get_indices=True):
            kind = "email" if ("@" in url and "://" not in url and "/" not in url) else "url"
            out.append((s, e, kind))
        return out

    return run, {"label": "URLExtract(extract_email=True).find_urls(text, get_indices=True)", "version": version("urlextract")}


def make_turbohtml() -> tuple[Detector, dict[str, str]]:
    from importlib.metadata import version

    from turbohtml.clean import LinkDetector

    d = LinkDetector()

    def run(text: str) -> list[Span]:
        return [(s.start, s.end, "email" if s.is_email else "url") for s in d.find(text)]

    return run, {"label": "turbohtml.clean.LinkDetector().find(text) (default options)", "version": version("turbohtml")}


DETECTORS: dict[str, Callable[[], tuple[Detector, dict[str, str]]]] = {
    "base": make_base,
    "recommended": make_recommended,
    "linkify-it": make_linkify,
    "urlextract": make_urlextract,
    "turbohtml": make_turbohtml,
}


def documents() -> Iterator[tuple[str, str]]:
    manifest = (OUT / "manifest.tsv").read_text(encoding="utf-8").splitlines()[1:]
    for line in manifest:
        doc_id = line.split("\t")[0]
        yield doc_id, (OUT / "docs" / f"{doc_id}.txt").read_text(encoding="utf-8")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", action="append", choices=sorted(DETECTORS), help="run only this detector (repeatable)")
    ap.add_argument("--tag", default="", help="write NAME@TAG.jsonl instead of NAME.jsonl (keeps the sampled run's outputs)")
    args = ap.parse_args()
    names = args.only or list(DETECTORS)
    (OUT / "spans").mkdir(parents=True, exist_ok=True)
    docs = list(documents())
    total_chars = sum(len(t) for _, t in docs)
    for name in names:
        run, meta = DETECTORS[name]()
        out_name = f"{name}@{args.tag}" if args.tag else name
        t0 = time.perf_counter()
        n = 0
        with open(OUT / "spans" / f"{out_name}.jsonl", "w", encoding="utf-8") as f:
            for doc_id, text in docs:
                spans = sorted(set(run(text)))
                n += len(spans)
                f.write(json.dumps({"doc": doc_id, "spans": [list(s) for s in spans]}, ensure_ascii=False) + "\n")
        dt = time.perf_counter() - t0
        meta = dict(meta, name=out_name, spans=str(n), seconds=f"{dt:.1f}", docs=str(len(docs)), chars=str(total_chars))
        (OUT / "spans" / f"{out_name}.meta.json").write_text(json.dumps(meta, indent=1) + "\n", encoding="utf-8")
        print(f"{out_name}: {n} spans in {len(docs)} docs, {dt:.1f} s  [{meta['label']}]", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
