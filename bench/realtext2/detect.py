#!/usr/bin/env python3
"""Run every detector over the second corpus, in one run: ``out/spans/NAME.jsonl``.

Detectors: those of ``bench/realtext/detect.py`` (base, recommended, linkify-it-py,
urlextract, turbohtml) and linkify-it from npm (``node/``: ``npm ci`` there first),
run by node on the same documents, with its default options (6.x: ``fuzzyLink`` off,
so bare domains are not linked) and with ``fuzzyLink: true`` (``linkify-it-npm-fuzzy``,
5.x's default); its UTF-16 offsets are converted to code points.

  python bench/realtext2/detect.py [--only NAME] [--tag TAG]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "out"
NODE = HERE / "node"  # linkify-it from npm (bench/realtext3 points here too)
sys.path.insert(0, str(HERE.parent / "realtext"))
import detect as first  # noqa: E402  (bench/realtext/detect.py: the shared detector factories)


def documents() -> list[tuple[str, str]]:
    rows = (OUT / "manifest.tsv").read_text(encoding="utf-8").splitlines()[1:]
    return [(r.split("\t")[0], (OUT / "docs" / f"{r.split(chr(9))[0]}.txt").read_text(encoding="utf-8")) for r in rows]


def _utf16_to_cp(text: str) -> list[int]:
    """Map from UTF-16 offset to code-point offset."""
    out = []
    for i, ch in enumerate(text):
        out.append(i)
        if ord(ch) > 0xFFFF:
            out.append(i)
    out.append(len(text))
    return out


def run_npm_linkify(docs: list[tuple[str, str]], fuzzy: bool = False) -> dict[str, list[list]]:
    node = NODE
    payload = "".join(json.dumps({"doc": d, "text": t}) + "\n" for d, t in docs)
    res = subprocess.run(["node", str(node / "run_linkify_it.mjs"), *(["--fuzzy"] if fuzzy else [])], input=payload, capture_output=True,
                         text=True, check=True, cwd=node)
    texts = dict(docs)
    out = {}
    for line in res.stdout.splitlines():
        rec = json.loads(line)
        m = _utf16_to_cp(texts[rec["doc"]])
        out[rec["doc"]] = sorted({(m[s], m[e], k) for s, e, k in rec["spans"]})
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    names = [*first.DETECTORS, "linkify-it-npm", "linkify-it-npm-fuzzy"]
    ap.add_argument("--only", action="append", choices=names)
    ap.add_argument("--tag", default="")
    args = ap.parse_args()
    (OUT / "spans").mkdir(parents=True, exist_ok=True)
    docs = documents()
    for name in args.only or names:
        t0 = time.perf_counter()
        if name.startswith("linkify-it-npm"):
            fuzzy = name.endswith("-fuzzy")
            spans = run_npm_linkify(docs, fuzzy)
            version = json.loads((NODE / "node_modules" / "linkify-it" / "package.json").read_text())["version"]
            opts = "{fuzzyLink: true}" if fuzzy else "(default options)"
            meta = {"label": f"linkify-it (npm) new LinkifyIt({opts}).match(text), node", "version": version}
        else:
            run, meta = first.DETECTORS[name]()
            spans = {d: sorted(set(run(t))) for d, t in docs}
        out_name = f"{name}@{args.tag}" if args.tag else name
        with open(OUT / "spans" / f"{out_name}.jsonl", "w", encoding="utf-8") as f:
            for d, _ in docs:
                f.write(json.dumps({"doc": d, "spans": [list(s) for s in spans.get(d, [])]}) + "\n")
        n = sum(len(v) for v in spans.values())
        meta = dict(meta, name=out_name, spans=str(n), seconds=f"{time.perf_counter() - t0:.1f}")
        (OUT / "spans" / f"{out_name}.meta.json").write_text(json.dumps(meta, indent=1) + "\n", encoding="utf-8")
        print(f"{out_name}: {n} spans, {meta['seconds']} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
