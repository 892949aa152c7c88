#!/usr/bin/env python3
"""Judging helper: ``show`` prints places with context (no detector names), ``record``
turns a verdict file into ``judgements.jsonl`` (offsets and hashes only, no text).

  python bench/realtext2/judge.py show [--sample sample.jsonl] [--from Q0000] [--n 20]
  python bench/realtext2/judge.py record VERDICTS.txt [--sample sample.jsonl] [--out judgements.jsonl]

Verdict lines: ``Q0001 1,3  # reason`` (candidate numbers), ``Q0002 -`` (no link),
``Q0003 s:e`` (offsets written by hand, may be mixed with numbers), ``Q0004 ?`` (undecidable).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "out"
sys.path.insert(0, str(HERE))
from places import DETECTORS, context_hash, load_spans  # noqa: E402


def candidates(doc: str, lo: int, hi: int, spans: dict) -> list[tuple[int, int]]:
    return sorted({(s, e) for d in DETECTORS for s, e, _ in spans[d].get(doc, []) if lo <= s and e <= hi})


def load(sample: str) -> list[dict]:
    return [json.loads(x) for x in (HERE / sample).read_text(encoding="utf-8").splitlines()]


def show(args: argparse.Namespace) -> None:
    spans = {d: load_spans(d) for d in DETECTORS}
    rows = [r for r in load(args.sample) if r["id"] >= args.start][: args.n]
    for r in rows:
        text = (OUT / "docs" / f"{r['doc']}.txt").read_text(encoding="utf-8")
        lo, hi = r["region"]
        ctx = text[max(0, lo - args.ctx) : lo] + "⟦" + text[lo:hi] + "⟧" + text[hi : hi + args.ctx]
        print(f"=== {r['id']} {r['genre']} [{lo}:{hi}]")
        print(ctx.replace("\n", "⏎\n"))
        for i, (s, e) in enumerate(candidates(r["doc"], lo, hi, spans), 1):
            print(f"  {i}: [{s}:{e}] {text[s:e]!r}")


def record(args: argparse.Namespace) -> None:
    spans = {d: load_spans(d) for d in DETECTORS}
    rows = {r["id"]: r for r in load(args.sample)}
    out = []
    for line in Path(args.verdicts).read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        head, _, reason = line.partition("#")
        qid, verdict = head.split(None, 1) if len(head.split()) > 1 else (head.strip(), "-")
        r = rows[qid]
        lo, hi = r["region"]
        cands = candidates(r["doc"], lo, hi, spans)
        gold: list[list[int]] = []
        verdict = verdict.strip()
        undecidable = verdict == "?"
        if verdict not in ("-", "?"):
            for item in verdict.replace(" ", "").split(","):
                if ":" in item:
                    s, e = item.split(":")
                    gold.append([int(s), int(e)])
                else:
                    gold.append(list(cands[int(item) - 1]))
        text = (OUT / "docs" / f"{r['doc']}.txt").read_text(encoding="utf-8")
        assert r["hash"] == context_hash(text, lo, hi), qid
        out.append({"id": qid, "doc": r["doc"], "genre": r["genre"], "region": r["region"], "hash": r["hash"],
                    "gold": sorted(gold), "undecidable": undecidable, "reason": reason.strip()})
    with open(HERE / args.out, "a" if args.append else "w", encoding="utf-8") as f:
        for o in out:
            f.write(json.dumps(o, ensure_ascii=False) + "\n")
    print(f"{len(out)} judgements written to {args.out}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("show")
    s.add_argument("--sample", default="sample.jsonl")
    s.add_argument("--from", dest="start", default="Q0000")
    s.add_argument("--n", type=int, default=20)
    s.add_argument("--ctx", type=int, default=150)
    r = sub.add_parser("record")
    r.add_argument("verdicts")
    r.add_argument("--sample", default="sample.jsonl")
    r.add_argument("--out", default="judgements.jsonl")
    r.add_argument("--append", action="store_true")
    args = ap.parse_args()
    show(args) if args.cmd == "show" else record(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
