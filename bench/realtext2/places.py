#!/usr/bin/env python3
"""Places of the second corpus and the stratified sample to judge → ``sample.jsonl``.

A place is a maximal group of overlapping candidate spans (union of every detector's
spans in a document). Strata: genre × agreed/disputed (JUDGING_RULES.md, "Sampling").

  python bench/realtext2/places.py [--disputed 25] [--agreed 15] [--seed 18] [--out sample.jsonl]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "out"


def _first_places():  # bench/realtext/places.py (same module name as this file: load it by path)
    import importlib.util

    spec = importlib.util.spec_from_file_location("realtext_places", HERE.parent / "realtext" / "places.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


regions = _first_places().regions  # union of all spans, overlapping spans merged

DETECTORS = ["base", "recommended", "linkify-it", "urlextract", "turbohtml", "linkify-it-npm", "linkify-it-npm-fuzzy"]


def load_spans(name: str) -> dict[str, list[tuple[int, int, str]]]:
    out = {}
    for line in (OUT / "spans" / f"{name}.jsonl").read_text(encoding="utf-8").splitlines():
        rec = json.loads(line)
        out[rec["doc"]] = [tuple(s) for s in rec["spans"]]
    return out


def manifest() -> dict[str, str]:
    rows = (OUT / "manifest.tsv").read_text(encoding="utf-8").splitlines()[1:]
    return {r.split("\t")[0]: r.split("\t")[1] for r in rows}


def context_hash(text: str, lo: int, hi: int) -> str:
    return hashlib.sha256(text[max(0, lo - 150) : hi + 150].encode("utf-8")).hexdigest()[:16]


def places(detectors: list[str] = DETECTORS) -> list[dict]:
    spans = {d: load_spans(d) for d in detectors}
    genre = manifest()
    out = []
    for doc in genre:
        for lo, hi in regions({d: spans[d].get(doc, []) for d in detectors}):
            per = {d: sorted((s, e) for s, e, _ in spans[d].get(doc, []) if lo <= s and e <= hi) for d in detectors}
            agreed = len({tuple(v) for v in per.values()}) == 1
            out.append({"doc": doc, "genre": genre[doc], "region": [lo, hi], "agreed": agreed})
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--disputed", type=int, default=25)
    ap.add_argument("--agreed", type=int, default=15)
    ap.add_argument("--seed", type=int, default=18)
    ap.add_argument("--out", default="sample.jsonl")
    ap.add_argument("--exclude", default="", help="a sample file whose places are not drawn again (hold-out)")
    args = ap.parse_args()
    allp = places()
    seen = set()
    if args.exclude:
        for line in (HERE / args.exclude).read_text(encoding="utf-8").splitlines():
            r = json.loads(line)
            seen.add((r["doc"], tuple(r["region"])))
    strata: dict[tuple[str, bool], list[dict]] = defaultdict(list)
    for p in allp:
        strata[(p["genre"], p["agreed"])].append(p)
    rng = random.Random(args.seed)
    rows = []
    counts = {}
    for key in sorted(strata):
        pool = [p for p in strata[key] if (p["doc"], tuple(p["region"])) not in seen]
        k = min(len(pool), args.agreed if key[1] else args.disputed)
        chosen = rng.sample(pool, k)
        counts[f"{key[0]}/{'agreed' if key[1] else 'disputed'}"] = [len(strata[key]), k]
        for p in sorted(chosen, key=lambda p: (p["doc"], p["region"])):
            text = (OUT / "docs" / f"{p['doc']}.txt").read_text(encoding="utf-8")
            lo, hi = p["region"]
            rows.append(dict(p, id=f"Q{len(rows):04d}", stratum_size=len(strata[key]), hash=context_hash(text, lo, hi)))
    with open(HERE / args.out, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r) + "\n")
    (HERE / (Path(args.out).stem + "_strata.json")).write_text(json.dumps(counts, indent=1) + "\n", encoding="utf-8")
    for k, v in counts.items():
        print(f"{k:32s} places {v[0]:6d} sampled {v[1]}")
    print(f"{len(rows)} places sampled")
    return 0


if __name__ == "__main__":
    sys.exit(main())
