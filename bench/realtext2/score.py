#!/usr/bin/env python3
"""Weighted precision / recall / F1 per genre for every detector (one run of detect.py).

  python bench/realtext2/score.py [--judgements judgements.jsonl] [--detectors base,recommended,...]
                                  [--errors NAME] [--markdown]

Each judged place weighs ``stratum size / judged places of the stratum`` (stratum =
genre × agreed/disputed). A detector's spans overlapping a judged place are compared
with its gold spans (exact start and end). ``context mismatches`` counts places whose
context hash differs from the corpus on disk (0: the corpus is the judged one).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "out"
sys.path.insert(0, str(HERE))
from places import DETECTORS, context_hash, load_spans  # noqa: E402


def prf(tp: float, fp: float, fn: float) -> tuple[float, float, float]:
    p = tp / (tp + fp) if tp + fp else 1.0
    r = tp / (tp + fn) if tp + fn else 1.0
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--judgements", default="judgements.jsonl")
    ap.add_argument("--detectors", default=",".join(DETECTORS))
    ap.add_argument("--errors", default="")
    ap.add_argument("--markdown", action="store_true")
    args = ap.parse_args()
    dets = args.detectors.split(",")
    judged = [json.loads(x) for x in (HERE / args.judgements).read_text(encoding="utf-8").splitlines() if x.strip()]
    sample = {json.loads(x)["id"]: json.loads(x) for x in (HERE / "sample.jsonl").read_text(encoding="utf-8").splitlines()}
    for extra in HERE.glob("sample_*.jsonl"):
        for x in extra.read_text(encoding="utf-8").splitlines():
            sample.setdefault(json.loads(x)["id"], json.loads(x))
    undecidable = sum(1 for j in judged if j["undecidable"])
    judged = [j for j in judged if not j["undecidable"]]
    per_stratum = Counter((j["genre"], sample[j["id"]]["agreed"]) for j in judged)
    texts: dict[str, str] = {}
    mismatches = 0
    spans = {d: load_spans(d) for d in dets}
    acc: dict[str, dict[str, list[float]]] = {d: defaultdict(lambda: [0.0, 0.0, 0.0]) for d in dets}
    errors = []
    for j in judged:
        s = sample[j["id"]]
        doc, (lo, hi) = j["doc"], j["region"]
        if doc not in texts:
            texts[doc] = (OUT / "docs" / f"{doc}.txt").read_text(encoding="utf-8")
        if context_hash(texts[doc], lo, hi) != j["hash"]:
            mismatches += 1
        w = s["stratum_size"] / per_stratum[(j["genre"], s["agreed"])]
        gold = {tuple(g) for g in j["gold"]}
        for d in dets:
            got = {(a, b) for a, b, _ in spans[d].get(doc, []) if a < hi and b > lo}
            tp, fp, fn = len(got & gold), len(got - gold), len(gold - got)
            for key in (j["genre"], "all"):
                acc[d][key][0] += w * tp
                acc[d][key][1] += w * fp
                acc[d][key][2] += w * fn
            if d == args.errors and (fp or fn):
                errors.append((j["id"], j["genre"], sorted(got), sorted(gold), j["reason"],
                               texts[doc][max(0, lo - 40) : hi + 40].replace("\n", "⏎")))
    genres = sorted({j["genre"] for j in judged}) + ["all"]
    n_by_genre = Counter(j["genre"] for j in judged)
    if args.markdown:
        print("| genre | judged | " + " | ".join(dets) + " |")
        print("|---|---|" + "---|" * len(dets))
        for g in genres:
            cells = []
            for d in dets:
                p, r, f = prf(*acc[d][g])
                cells.append(f"{p:.2f} / {r:.2f} / **{f:.2f}**" if f == max(prf(*acc[x][g])[2] for x in dets) else f"{p:.2f} / {r:.2f} / {f:.2f}")
            n = len(judged) if g == "all" else n_by_genre[g]
            print(f"| {g} | {n} | " + " | ".join(cells) + " |")
    else:
        for g in genres:
            n = len(judged) if g == "all" else n_by_genre[g]
            print(f"== {g} ({n} judged places)")
            for d in dets:
                p, r, f = prf(*acc[d][g])
                print(f"  {d:28s} P {p:.3f}  R {r:.3f}  F1 {f:.3f}")
    print(f"judged {len(judged)} places, undecidable {undecidable}, context mismatches: {mismatches}")
    for e in errors:
        print("ERR", *e)
    return 0


if __name__ == "__main__":
    sys.exit(main())
