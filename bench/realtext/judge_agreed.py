#!/usr/bin/env python3
"""Helper for judging the sampled agreed spans by hand (same rules as judge.py).

  judge_agreed.py show [--from N] [--count K]   print not-yet-judged sampled agreed spans: the
                                                 context (150 code points either side, the span
                                                 marked with ⟦ ⟧); the kind is not shown
  judge_agreed.py record FILE                    append verdicts to judgements_agreed.jsonl

Verdict lines in FILE:  ``ID | GOLD | reason``  where GOLD is
  - empty: no link in the region;  ``?``: undecidable;
  - ``=``: the marked span itself is the gold link;
  - one or more exact link texts separated by `` || `` (found overlapping the region,
    nearest its start).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from judge import find_text
from places import CONTEXT, context_hash, doc_text

JUDGEMENTS = HERE / "judgements_agreed.jsonl"


def load_sample() -> list[dict]:
    return [json.loads(l) for l in (HERE / "agreed_sample.jsonl").read_text(encoding="utf-8").splitlines() if l.strip()]


def judged_ids() -> set[str]:
    if not JUDGEMENTS.exists():
        return set()
    return {json.loads(l)["id"] for l in JUDGEMENTS.read_text(encoding="utf-8").splitlines() if l.strip()}


def show(start: int, count: int) -> None:
    done = judged_ids()
    for p in [p for p in load_sample() if p["id"] not in done][start:start + count]:
        text = doc_text(p["doc"])
        rs, re_ = p["region"]
        ctx = text[max(0, rs - CONTEXT):rs] + "⟦" + text[rs:re_] + "⟧" + text[re_:re_ + CONTEXT]
        print(f"=== {p['id']} {p['doc']}  span={text[rs:re_]!r}")
        print(ctx.replace("\n", "⏎"))
        print()


def record(path: Path) -> None:
    sample = {p["id"]: p for p in load_sample()}
    done = judged_ids()
    new = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        parts = [x.strip() for x in line.split("|", 2)] + ["", ""]
        pid, gold, reason = parts[0], parts[1], parts[2]
        if pid in done:
            print(f"{pid}: already judged, skipped", file=sys.stderr)
            continue
        p = sample[pid]
        text = doc_text(p["doc"])
        rs, re_ = p["region"]
        if gold == "?":
            spans = None
        elif gold == "=":
            spans = [[rs, re_]]
        else:
            spans = [list(find_text(text, rs, re_, g)) for g in [g.strip() for g in gold.split(" || ")] if g]
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
