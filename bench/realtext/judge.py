#!/usr/bin/env python3
"""Helper for judging the sampled places by hand.

  judge.py show [--from N] [--count K]   print sampled places N..N+K-1 that are not yet judged:
                                          the context (150 code points either side, region
                                          marked with ⟦ ⟧) and the distinct candidate spans
                                          (numbered, NOT attributed to detectors)
  judge.py record FILE                    read hand-written verdicts and append them to
                                          judgements.jsonl

Verdict lines in FILE:  ``ID | GOLD | reason``  where GOLD is
  - empty: no link in the region;
  - ``?``: undecidable (dropped from scoring, counted);
  - one or more gold spans separated by `` || ``, each either a candidate number ``c3``
    (gold text itself must not contain ``|``)
    or the exact link text (found in the region, or overlapping it, nearest the region start).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from places import CONTEXT, DETECTORS, context_hash, doc_text, load_spans

JUDGEMENTS = HERE / "judgements.jsonl"


def load_sample() -> list[dict]:
    return [json.loads(l) for l in (HERE / "sample.jsonl").read_text(encoding="utf-8").splitlines() if l.strip()]


def judged_ids() -> set[str]:
    if not JUDGEMENTS.exists():
        return set()
    return {json.loads(l)["id"] for l in JUDGEMENTS.read_text(encoding="utf-8").splitlines() if l.strip()}


_spans_cache: dict[str, dict] = {}


def candidates(p: dict) -> list[tuple[int, int]]:
    rs, re_ = p["region"]
    out = set()
    for d in DETECTORS:
        if d not in _spans_cache:
            _spans_cache[d] = load_spans(d)
        for s, e, _ in _spans_cache[d].get(p["doc"], []):
            if s < re_ and e > rs:
                out.add((s, e))
    return sorted(out)


def show(start: int, count: int) -> None:
    done = judged_ids()
    todo = [p for p in load_sample() if p["id"] not in done][start:start + count]
    for p in todo:
        text = doc_text(p["doc"])
        rs, re_ = p["region"]
        ctx = text[max(0, rs - CONTEXT):rs] + "⟦" + text[rs:re_] + "⟧" + text[re_:re_ + CONTEXT]
        print(f"=== {p['id']} {p['doc']} {p['kind']} region={rs}-{re_}")
        print(ctx.replace("\n", "⏎\n"))
        for i, (s, e) in enumerate(candidates(p)):
            print(f"  c{i}: {text[s:e]!r}")
        print()


def find_text(text: str, rs: int, re_: int, t: str) -> tuple[int, int]:
    lo = max(0, rs - len(t))
    best = None
    i = text.find(t, lo)
    while i != -1 and i < re_:
        if i + len(t) > rs:
            if best is None or abs(i - rs) < abs(best - rs):
                best = i
        i = text.find(t, i + 1)
    if best is None:
        raise ValueError(f"gold text {t!r} not found at region {rs}-{re_}")
    return best, best + len(t)


def record(path: Path) -> None:
    sample = {p["id"]: p for p in load_sample()}
    done = judged_ids()
    new = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        parts = [x.strip() for x in line.split("|", 2)] + ["", ""]
        pid, gold, reason = parts[0], parts[1], parts[2]
        p = sample[pid]
        if pid in done:
            print(f"{pid}: already judged, skipped", file=sys.stderr)
            continue
        text = doc_text(p["doc"])
        rs, re_ = p["region"]
        cands = candidates(p)
        if gold == "?":
            spans = None
        else:
            spans = []
            for g in [g.strip() for g in gold.split(" || ") if g.strip()]:
                if len(g) <= 3 and g[0] == "c" and g[1:].isdigit():
                    spans.append(list(cands[int(g[1:])]))
                else:
                    spans.append(list(find_text(text, rs, re_, g)))
        new.append({"id": pid, "doc": p["doc"], "region": [rs, re_], "hash": context_hash(text, rs, re_),
                    "gold": spans, "undecidable": spans is None, "reason": reason})
        done.add(pid)
    with open(JUDGEMENTS, "a", encoding="utf-8") as f:
        f.writelines(json.dumps(j, ensure_ascii=False) + "\n" for j in new)
    print(f"recorded {len(new)}; judged now {len(done)} of {len(sample)}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("show")
    s.add_argument("--from", dest="start", type=int, default=0)
    s.add_argument("--count", type=int, default=25)
    r = sub.add_parser("record")
    r.add_argument("file", type=Path)
    args = ap.parse_args()
    if args.cmd == "show":
        show(args.start, args.count)
    else:
        record(args.file)
    return 0


if __name__ == "__main__":
    sys.exit(main())
