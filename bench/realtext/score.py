#!/usr/bin/env python3
"""Weighted precision, recall and F1 of each detector, from the committed judgements.

Inputs: ``judgements.jsonl`` (gold spans per sampled disagreement place), ``kinds.tsv``
(population of each place kind), ``judgements_agreed.jsonl`` (gold spans per sampled
agreed span), ``agreed_kinds.tsv`` (population of each agreed-span kind; see agreed.py),
``frozen.json.gz`` (every place's region and every agreed span of the sampled run,
offsets only) and the detectors' outputs ``out/spans/NAME.jsonl`` (written by detect.py
on the rebuilt corpus).

The sampled run splits every detector's output into two populations:
* **places**: regions where the five detectors disagreed (kinds in kinds.tsv);
* **agreed spans**: spans all five returned identically (kinds in agreed_kinds.tsv).
Both are sampled (stratified by kind) and judged by the same rules, and both are
scored the same way; agreed spans are NOT assumed correct (they were until the
agreed sample existed: ``--assume-agreed`` reproduces that older method).

How a detector's spans are counted (document by document):
* a span overlapping a **judged unit** (a judged place, or the region of a judged
  agreed span) is scored against that unit's gold spans: exact (start, end) match = TP,
  otherwise FP; a gold span of the unit that the detector does not return exactly =
  FN. Each judged unit carries the weight N_kind / n_kind (population of its kind /
  judged units of its kind, undecidable ones dropped). A span is assigned to the
  first unit it overlaps (places first), so it is counted once;
* a span overlapping a place or an agreed span that was **not sampled** is not
  counted: the judged units of its kind stand for it through the weights (so does
  a missing one);
* any other span lies where no detector linked anything in the sampled run (a new
  detector version links something new): it is **unjudged**. Its count and
  examples are reported, with the precision it would have if every unjudged span
  were wrong; it is not silently dropped.

P = TP / (TP + FP), R = TP / (TP + FN), F1 = 2PR / (P + R). 95% intervals: stratified
bootstrap over the judged units of both samples (resampled with replacement within each
kind, weights recomputed), 2,000 resamples, ``random.Random(58)``, 2.5th and 97.5th
percentiles.

  score.py [--detectors base,recommended,...] [--errors DET] [--json]
           [--places-only | --agreed-only | --assume-agreed]
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


def load_kinds(name: str = "kinds.tsv", prefix: str = "") -> dict[str, int]:
    pop = {}
    for line in (HERE / name).read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        k, n, *_ = line.split("\t")
        pop[prefix + k] = int(n)
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


def score_detector(name: str, units: list[dict[str, Any]], frozen: dict[str, Any],
                   assume_agreed: bool = False) -> dict[str, Any]:
    """Per judged unit (TP, FP, FN); spans outside every population of the sampled run (unjudged).

    With ``assume_agreed`` (the older method) agreed spans are not sampled: each one the
    detector returns is a TP and each one it misses an FN (``agreed_tp``/``agreed_fn``)."""
    spans = load_spans(name)
    units_by_doc: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for u in units:
        units_by_doc[u["doc"]].append(u)
    per_unit: dict[str, tuple[int, int, int]] = {}
    agreed_tp = agreed_fn = 0
    unjudged: list[tuple[str, int, int]] = []
    docs = set(spans) | set(frozen["agreed"]) | set(frozen["places"])
    for doc in docs:
        dspans = spans.get(doc, [])
        places = frozen["places"].get(doc, [])
        agreed_list = [tuple(a) for a in frozen["agreed"].get(doc, [])]
        used: set[tuple[int, int]] = set()
        for u in units_by_doc.get(doc, []):  # places come before agreed units in ``units``
            rs, re_ = u["region"]
            mine = {(s, e) for s, e in dspans if overlaps(s, e, rs, re_) and (s, e) not in used}
            used |= mine
            gold = {tuple(g) for g in u["gold"]}
            per_unit[u["uid"]] = (len(mine & gold), len(mine - gold), len(gold - mine))
        for s, e in dspans:
            if (s, e) in used:
                continue
            if any(overlaps(s, e, rs, re_) for _, _, rs, re_ in places):
                continue  # an unsampled place: represented by its kind's judged places
            if assume_agreed and (s, e) in agreed_list:
                agreed_tp += 1
                continue
            if not assume_agreed and any(overlaps(s, e, a, b) for a, b in agreed_list):
                continue  # an unsampled agreed span: represented by its kind's judged agreed spans
            unjudged.append((doc, s, e))
        if assume_agreed:
            have = set(dspans)
            agreed_fn += sum(1 for a in agreed_list if a not in have)
    return {"per_unit": per_unit, "agreed_tp": agreed_tp, "agreed_fn": agreed_fn, "unjudged": unjudged}


def prf(tp: float, fp: float, fn: float) -> tuple[float, float, float]:
    p = tp / (tp + fp) if tp + fp else 1.0
    r = tp / (tp + fn) if tp + fn else 1.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    return p, r, f


def weighted(res: dict[str, Any], units: list[dict[str, Any]], pop: dict[str, int]) -> tuple[float, float, float]:
    n_k: dict[str, int] = defaultdict(int)
    for u in units:
        n_k[u["kind"]] += 1
    tp, fp, fn = float(res["agreed_tp"]), 0.0, float(res["agreed_fn"])
    for u in units:
        w = pop[u["kind"]] / n_k[u["kind"]]
        a, b, c = res["per_unit"][u["uid"]]
        tp += w * a
        fp += w * b
        fn += w * c
    return tp, fp, fn


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--detectors", default=",".join(DEFAULT))
    ap.add_argument("--errors", metavar="DET", help="list every judged unit DET gets wrong, with context (needs the corpus)")
    ap.add_argument("--resamples", type=int, default=RESAMPLES)
    ap.add_argument("--json", action="store_true")
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--places-only", action="store_true",
                      help="score the disagreement places alone (agreed spans left out)")
    mode.add_argument("--agreed-only", action="store_true",
                      help="score the agreed-span population alone (disagreement places left out)")
    mode.add_argument("--assume-agreed", action="store_true",
                      help="the older method: agreed spans counted as correct, the agreed sample unused")
    args = ap.parse_args()
    dets = args.detectors.split(",")
    pop = load_kinds("kinds.tsv", "place:")
    apop = load_kinds("agreed_kinds.tsv", "agreed:")
    sample = {p["id"]: p for p in load_jsonl(HERE / "sample.jsonl")}
    asample = {p["id"]: p for p in load_jsonl(HERE / "agreed_sample.jsonl")}
    units: list[dict[str, Any]] = []
    undecidable = {"place": 0, "agreed": 0}
    judged_n = {"place": 0, "agreed": 0}
    if not args.agreed_only:
        for j in load_jsonl(HERE / "judgements.jsonl"):
            if j["undecidable"]:
                undecidable["place"] += 1
                continue
            units.append({**j, "uid": j["id"], "kind": "place:" + sample[j["id"]]["kind"]})
            judged_n["place"] += 1
    else:
        pop = {}
    if not (args.places_only or args.assume_agreed):
        for j in load_jsonl(HERE / "judgements_agreed.jsonl"):
            if j["undecidable"]:
                undecidable["agreed"] += 1
                continue
            units.append({**j, "uid": j["id"], "kind": "agreed:" + asample[j["id"]]["kind"]})
            judged_n["agreed"] += 1
        pop = {**pop, **apop}
    with gzip.open(HERE / "frozen.json.gz", "rt", encoding="utf-8") as f:
        frozen = json.load(f)
    # context check: the rebuilt corpus must be the judged one
    sys.path.insert(0, str(HERE))
    from places import context_hash, doc_text

    bad = 0
    for u in units:
        try:
            if context_hash(doc_text(u["doc"]), *u["region"]) != u["hash"]:
                bad += 1
        except FileNotFoundError:
            bad += 1
    results = {d: score_detector(d, units, frozen, assume_agreed=args.assume_agreed) for d in dets}
    by_kind: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for u in units:
        by_kind[u["kind"]].append(u)
    rng = random.Random(SEED)
    boots: dict[str, list[tuple[float, float, float]]] = {d: [] for d in dets}
    for _ in range(args.resamples):
        rs = [rng.choice(v) for k in sorted(by_kind) for v in [by_kind[k]] for _ in v]
        for d in dets:
            boots[d].append(prf(*weighted(results[d], rs, pop)))

    def ci(vals: list[float]) -> tuple[float, float]:
        v = sorted(vals)
        return v[int(0.025 * len(v))], v[min(len(v) - 1, int(0.975 * len(v)))]

    method = ("places only" if args.places_only else "agreed spans only" if args.agreed_only
              else "OLD METHOD: agreed spans assumed correct" if args.assume_agreed
              else "places + agreed spans, both sampled and judged")
    report: dict[str, Any] = {"method": method, "judged_places": judged_n["place"],
                              "judged_agreed": judged_n["agreed"], "undecidable": undecidable,
                              "context_mismatches": bad, "population": {
                                  "places": sum(v for k, v in pop.items() if k.startswith("place:")),
                                  "agreed_spans": sum(v for k, v in pop.items() if k.startswith("agreed:"))},
                              "kinds": len(pop), "detectors": {}}
    n_k: dict[str, int] = defaultdict(int)
    for u in units:
        n_k[u["kind"]] += 1
    missing_kinds = [k for k in pop if n_k[k] == 0]
    for d in dets:
        tp, fp, fn = weighted(results[d], units, pop)
        p, r, f1 = prf(tp, fp, fn)
        un = len(results[d]["unjudged"])
        p_low = tp / (tp + fp + un) if tp + fp + un else 1.0
        meta_path = OUT / "spans" / f"{d}.meta.json"
        label = json.loads(meta_path.read_text())["label"] if meta_path.exists() else d
        errs_fp: dict[str, float] = defaultdict(float)
        errs_fn: dict[str, float] = defaultdict(float)
        for u in units:
            w = pop[u["kind"]] / n_k[u["kind"]]
            _, b, c = results[d]["per_unit"][u["uid"]]
            errs_fp[u["kind"]] += w * b
            errs_fn[u["kind"]] += w * c
        report["detectors"][d] = {
            "label": label, "precision": p, "recall": r, "f1": f1,
            "precision_ci": ci([b[0] for b in boots[d]]), "recall_ci": ci([b[1] for b in boots[d]]),
            "f1_ci": ci([b[2] for b in boots[d]]), "tp": tp, "fp": fp, "fn": fn,
            "agreed_tp_assumed": results[d]["agreed_tp"], "agreed_fn_assumed": results[d]["agreed_fn"],
            "unjudged_spans": un, "precision_if_unjudged_wrong": p_low,
            "unjudged_examples": [list(x) for x in results[d]["unjudged"][:20]],
            "fp_by_kind": dict(sorted(errs_fp.items(), key=lambda x: -x[1])),
            "fn_by_kind": dict(sorted(errs_fn.items(), key=lambda x: -x[1])),
        }
    if args.json:
        print(json.dumps(report, indent=1, ensure_ascii=False))
    else:
        print(f"method: {method}")
        print(f"judged places: {judged_n['place']} (+{undecidable['place']} undecidable); judged agreed spans: "
              f"{judged_n['agreed']} (+{undecidable['agreed']} undecidable); population: "
              f"{report['population']['places']} places, {report['population']['agreed_spans']} agreed spans, "
              f"{len(pop)} kinds; kinds with no judged unit: {len(missing_kinds)}; context mismatches: {bad}")
        print(f"{'detector':26s} {'precision':>22s} {'recall':>22s} {'F1':>22s}  unjudged")
        for d in dets:
            x = report["detectors"][d]
            cell = lambda v, c: f"{v:.3f} [{c[0]:.3f}, {c[1]:.3f}]"
            print(f"{d:26s} {cell(x['precision'], x['precision_ci']):>22s} {cell(x['recall'], x['recall_ci']):>22s} "
                  f"{cell(x['f1'], x['f1_ci']):>22s}  {x['unjudged_spans']:8d}")
        for d in dets:
            x = report["detectors"][d]
            print(f"\n{d}: {x['label']}")
            print(f"  weighted TP {x['tp']:.0f}  FP {x['fp']:.0f}  FN {x['fn']:.0f}")
            if x["unjudged_spans"]:
                print(f"  {x['unjudged_spans']} spans outside the sampled run's places and agreed spans (unjudged); "
                      f"precision if all were wrong: {x['precision_if_unjudged_wrong']:.3f}; e.g.")
                for doc, s, e in results[d]["unjudged"][:5]:
                    text = doc_text(doc)
                    print(f"    {doc} {s}-{e}: " + (text[max(0, s - 40):s] + "⟦" + text[s:e] + "⟧"
                                                   + text[e:e + 40]).replace("\n", "⏎"))
            print("  top FP kinds (weighted count): " + ", ".join(f"{k} {v:.0f}" for k, v in list(x["fp_by_kind"].items())[:6] if v > 0))
            print("  top FN kinds (weighted count): " + ", ".join(f"{k} {v:.0f}" for k, v in list(x["fn_by_kind"].items())[:6] if v > 0))
    if args.errors:
        d = args.errors
        spans = load_spans(d)
        print(f"\n== judged units where {d} differs from gold ==")
        for u in units:
            _, b, c = results[d]["per_unit"][u["uid"]]
            if not (b or c):
                continue
            text = doc_text(u["doc"])
            rs, re_ = u["region"]
            mine = sorted({(s, e) for s, e in spans.get(u["doc"], []) if overlaps(s, e, rs, re_)})
            print(f"--- {u['uid']} {u['kind']} FP={b} FN={c}  ({u['reason']})")
            print("   ctx: " + (text[max(0, rs - 80):rs] + "⟦" + text[rs:re_] + "⟧" + text[re_:re_ + 80]).replace("\n", "⏎"))
            print(f"   {d}: {[text[s:e] for s, e in mine]}   gold: {[text[s:e] for s, e in u['gold']]}")
        for doc, s, e in results[d]["unjudged"][:50]:
            text = doc_text(doc)
            print(f"--- unjudged {doc} {s}-{e}: " + (text[max(0, s - 60):s] + "⟦" + text[s:e] + "⟧" + text[e:e + 60]).replace("\n", "⏎"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
