#!/usr/bin/env python3
"""Weighted precision, recall and F1 of each detector, from the committed judgements.

Inputs: ``judgements.jsonl`` (gold spans per sampled place), ``kinds.tsv`` (population
count of each kind), ``frozen.json.gz`` (every place's region and every agreed span of
the sampled run, offsets only) and the detectors' outputs ``out/spans/NAME.jsonl``
(written by detect.py on the rebuilt corpus).

How a detector's spans are counted (document by document):
* a span overlapping a **judged place** is scored against that place's gold spans:
  exact (start, end) match = TP, otherwise FP; a gold span of the place that the
  detector does not return exactly = FN. Each judged place carries the weight
  N_kind / n_kind (population of its kind / judged places of its kind, undecidable
  places dropped);
* a span overlapping a place that was **not sampled** is not counted (the judged
  places of its kind stand for it through the weights);
* a span identical to an **agreed span** (all five detectors returned exactly it in
  the sampled run) is a TP: agreed spans are assumed correct; an agreed span that the
  detector does not return is an FN;
* any other span lies where no detector disagreed in the sampled run (a new
  detector version links something new, or moves the bounds of an agreed span):
  it is **unjudged**. Its count is reported, with the precision it would have if
  every unjudged span were wrong; it is not silently dropped.

P = TP / (TP + FP), R = TP / (TP + FN), F1 = 2PR / (P + R). 95% intervals: stratified
bootstrap over the judged places (resampled with replacement within each kind, weights
recomputed), 2,000 resamples, ``random.Random(58)``, 2.5th and 97.5th percentiles.

  score.py [--detectors base,recommended,...] [--errors DET] [--json]
  (a tagged output such as recommended@new is scored as a detector of that name)
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
OUT = HERE / "out"
DEFAULT = ["base", "recommended", "linkify-it", "urlextract", "turbohtml"]
RESAMPLES = 2000
SEED = 58


def load_jsonl(path: Path) -> list[dict[str, Any]]:
    return [json.loads(l) for l in path.read_text(encoding="utf-8").splitlines() if l.strip()]


def load_kinds() -> dict[str, int]:
    pop = {}
    for line in (HERE / "kinds.tsv").read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        k, n, *_ = line.split("\t")
        pop[k] = int(n)
    return pop


def load_spans(name: str) -> dict[str, list[tuple[int, int]]]:
    out = {}
    with open(OUT / "spans" / f"{name}.jsonl", encoding="utf-8") as f:
        for line in f:
            d = json.loads(line)
            out[d["doc"]] = [(s, e) for s, e, _ in d["spans"]]
    return out


def overlaps(s: int, e: int, rs: int, re_: int) -> bool:
    return s < re_ and e > rs


def score_detector(name: str, judged: list[dict[str, Any]], frozen: dict[str, Any],
                   kind_of: dict[str, str]) -> dict[str, Any]:
    spans = load_spans(name)
    judged_by_doc: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for j in judged:
        judged_by_doc[j["doc"]].append(j)
    per_place: dict[str, tuple[int, int, int]] = {}
    agreed_tp = agreed_fn = 0
    unjudged: list[tuple[str, int, int]] = []
    docs = set(spans) | set(frozen["agreed"]) | set(frozen["places"])
    for doc in docs:
        dspans = spans.get(doc, [])
        places = frozen["places"].get(doc, [])
        agreed = {tuple(a) for a in frozen["agreed"].get(doc, [])}
        jplaces = judged_by_doc.get(doc, [])
        used = set()
        for j in jplaces:
            rs, re_ = j["region"]
            mine = {(s, e) for s, e in dspans if overlaps(s, e, rs, re_)}
            used |= mine
            gold = {tuple(g) for g in j["gold"]}
            per_place[j["id"]] = (len(mine & gold), len(mine - gold), len(gold - mine))
        for s, e in dspans:
            if (s, e) in used:
                continue
            if any(overlaps(s, e, rs, re_) for _, _, rs, re_ in places):
                continue  # an unsampled place: represented by its kind's judged places
            if (s, e) in agreed:
                agreed_tp += 1
            else:
                unjudged.append((doc, s, e))
        have = set(dspans)
        agreed_fn += sum(1 for a in agreed if a not in have)
    return {"per_place": per_place, "agreed_tp": agreed_tp, "agreed_fn": agreed_fn, "unjudged": unjudged}


def prf(tp: float, fp: float, fn: float) -> tuple[float, float, float]:
    p = tp / (tp + fp) if tp + fp else 1.0
    r = tp / (tp + fn) if tp + fn else 1.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    return p, r, f


def weighted(res: dict[str, Any], places: list[dict[str, Any]], pop: dict[str, int]) -> tuple[float, float, float]:
    n_k: dict[str, int] = defaultdict(int)
    for j in places:
        n_k[j["kind"]] += 1
    tp, fp, fn = float(res["agreed_tp"]), 0.0, float(res["agreed_fn"])
    for j in places:
        w = pop[j["kind"]] / n_k[j["kind"]]
        a, b, c = res["per_place"][j["id"]]
        tp += w * a
        fp += w * b
        fn += w * c
    return tp, fp, fn


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--detectors", default=",".join(DEFAULT))
    ap.add_argument("--errors", metavar="DET", help="list every judged place DET gets wrong, with context (needs the corpus)")
    ap.add_argument("--resamples", type=int, default=RESAMPLES)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--places-only", action="store_true",
                    help="leave the agreed spans out (precision/recall on the disagreement places alone)")
    args = ap.parse_args()
    dets = args.detectors.split(",")
    pop = load_kinds()
    sample = {p["id"]: p for p in load_jsonl(HERE / "sample.jsonl")}
    alljudged = load_jsonl(HERE / "judgements.jsonl")
    for j in alljudged:
        j["kind"] = sample[j["id"]]["kind"]
    judged = [j for j in alljudged if not j["undecidable"]]
    undecidable = len(alljudged) - len(judged)
    with gzip.open(HERE / "frozen.json.gz", "rt", encoding="utf-8") as f:
        frozen = json.load(f)
    kind_of = {pid: sample[pid]["kind"] for pid in sample}
    # context check: the rebuilt corpus must be the judged one
    sys.path.insert(0, str(HERE))
    from places import context_hash, doc_text

    bad = 0
    for j in judged:
        try:
            if context_hash(doc_text(j["doc"]), *j["region"]) != j["hash"]:
                bad += 1
        except FileNotFoundError:
            bad += 1
    results = {d: score_detector(d, judged, frozen, kind_of) for d in dets}
    if args.places_only:
        for r in results.values():
            r["agreed_tp"] = r["agreed_fn"] = 0
    by_kind: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for j in judged:
        by_kind[j["kind"]].append(j)
    rng = random.Random(SEED)
    boots: dict[str, list[tuple[float, float, float]]] = {d: [] for d in dets}
    for _ in range(args.resamples):
        rs = [rng.choice(v) for k in sorted(by_kind) for v in [by_kind[k]] for _ in v]
        for d in dets:
            boots[d].append(prf(*weighted(results[d], rs, pop)))

    def ci(vals: list[float]) -> tuple[float, float]:
        v = sorted(vals)
        return v[int(0.025 * len(v))], v[min(len(v) - 1, int(0.975 * len(v)))]

    report: dict[str, Any] = {"judged": len(judged), "undecidable": undecidable, "context_mismatches": bad,
                              "places_population": sum(pop.values()), "kinds": len(pop), "detectors": {}}
    n_k: dict[str, int] = defaultdict(int)
    for j in judged:
        n_k[j["kind"]] += 1
    missing_kinds = [k for k in pop if n_k[k] == 0]
    for d in dets:
        tp, fp, fn = weighted(results[d], judged, pop)
        p, r, f1 = prf(tp, fp, fn)
        un = len(results[d]["unjudged"])
        p_low = tp / (tp + fp + un) if tp + fp + un else 1.0
        meta_path = OUT / "spans" / f"{d}.meta.json"
        label = json.loads(meta_path.read_text())["label"] if meta_path.exists() else d
        errs_fp: dict[str, float] = defaultdict(float)
        errs_fn: dict[str, float] = defaultdict(float)
        for j in judged:
            w = pop[j["kind"]] / n_k[j["kind"]]
            a, b, c = results[d]["per_place"][j["id"]]
            errs_fp[j["kind"]] += w * b
            errs_fn[j["kind"]] += w * c
        report["detectors"][d] = {
            "label": label, "precision": p, "recall": r, "f1": f1,
            "precision_ci": ci([b[0] for b in boots[d]]), "recall_ci": ci([b[1] for b in boots[d]]),
            "f1_ci": ci([b[2] for b in boots[d]]), "tp": tp, "fp": fp, "fn": fn,
            "agreed_tp": results[d]["agreed_tp"], "agreed_fn": results[d]["agreed_fn"],
            "unjudged_spans": un, "precision_if_unjudged_wrong": p_low,
            "fp_by_kind": dict(sorted(errs_fp.items(), key=lambda x: -x[1])),
            "fn_by_kind": dict(sorted(errs_fn.items(), key=lambda x: -x[1])),
        }
    if args.json:
        print(json.dumps(report, indent=1, ensure_ascii=False))
    else:
        print(f"judged places: {len(judged)} (+{undecidable} undecidable, dropped); population of places: "
              f"{sum(pop.values())} in {len(pop)} kinds; kinds with no judged place: {len(missing_kinds)}; "
              f"context mismatches: {bad}")
        print(f"{'detector':18s} {'precision':>22s} {'recall':>22s} {'F1':>22s}  agreed-FN unjudged")
        for d in dets:
            x = report["detectors"][d]
            cell = lambda v, c: f"{v:.3f} [{c[0]:.3f}, {c[1]:.3f}]"
            print(f"{d:18s} {cell(x['precision'], x['precision_ci']):>22s} {cell(x['recall'], x['recall_ci']):>22s} "
                  f"{cell(x['f1'], x['f1_ci']):>22s}  {x['agreed_fn']:9d} {x['unjudged_spans']:8d}")
        for d in dets:
            x = report["detectors"][d]
            print(f"\n{d}: {x['label']}")
            if x["unjudged_spans"]:
                print(f"  {x['unjudged_spans']} spans outside the sampled run's places and agreed spans (unjudged); "
                      f"precision if all were wrong: {x['precision_if_unjudged_wrong']:.3f}")
            print("  top FP kinds (weighted count): " + ", ".join(f"{k} {v:.0f}" for k, v in list(x["fp_by_kind"].items())[:6] if v > 0))
            print("  top FN kinds (weighted count): " + ", ".join(f"{k} {v:.0f}" for k, v in list(x["fn_by_kind"].items())[:6] if v > 0))
    if args.errors:

        d = args.errors
        spans = load_spans(d)
        print(f"\n== places where {d} differs from gold ==")
        for j in judged:
            a, b, c = results[d]["per_place"][j["id"]]
            if not (b or c):
                continue
            text = doc_text(j["doc"])
            rs, re_ = j["region"]
            mine = sorted({(s, e) for s, e in spans.get(j["doc"], []) if overlaps(s, e, rs, re_)})
            print(f"--- {j['id']} {j['kind']} FP={b} FN={c}  ({j['reason']})")
            print("   ctx: " + (text[max(0, rs - 80):rs] + "⟦" + text[rs:re_] + "⟧" + text[re_:re_ + 80]).replace("\n", "⏎"))
            print(f"   {d}: {[text[s:e] for s, e in mine]}   gold: {[text[s:e] for s, e in j['gold']]}")
        for doc, s, e in results[d]["unjudged"][:50]:
            text = doc_text(doc)
            print(f"--- unjudged {doc} {s}-{e}: " + (text[max(0, s - 60):s] + "⟦" + text[s:e] + "⟧" + text[e:e + 60]).replace("\n", "⏎"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
