#!/usr/bin/env python3
"""Find the places where the detectors disagree, cluster them into kinds, draw the sample.

A *place* is a maximal region of a document covered by the union of all
detectors' spans (overlapping spans merged) in which the detectors do not all
return the identical set of spans. Regions where all detectors return the
identical spans are *agreed*; score.py counts agreed spans as correct.

Each place gets features (see ``features``) and one *kind*: ``stratum/category``,
with the category chosen by the first matching rule of ``category``. The sample
is a stratified random sample (``random.Random(SEED)``): every kind gets
``max(MIN_PER_KIND, round(TARGET * N_kind / N))`` places (or all of them when it
has fewer), drawn without replacement.

Writes (all small, committed):
  kinds.tsv     kind, population count N_kind, sampled count, share of places
  sample.jsonl  the sampled places: id, doc, region [start, end), kind, features,
                sha1 of the context (150 code points either side) so that a rebuilt
                corpus can be checked against the judgements
and ``out/places.jsonl`` (every place, for score.py and the error tables).

The sampled run is also frozen (offsets only) in ``frozen.json.gz``: every place's id, kind and
region and every agreed span, so that score.py works after detector outputs are overwritten.

Usage: places.py [--detectors base,recommended,linkify-it,urlextract,turbohtml]
                 [--target 270] [--write-sample]
Without --write-sample, only out/places.jsonl and a summary are written (the
committed sample is never overwritten by accident).
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import random
import re
import sys
import unicodedata
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
OUT = HERE / "out"
DETECTORS = ["base", "recommended", "linkify-it", "urlextract", "turbohtml"]
SEED = 58
TARGET = 270
MIN_PER_KIND = 3
CONTEXT = 150

# TLDs that are also common file extensions (feature only; independent of any detector's list)
EXT_TLDS = {"py", "md", "zip", "mov", "rs", "sh", "ps", "pl", "cc", "so", "pm", "ml", "am", "in", "ac",
            "do", "mk", "st", "sc", "cs", "hs", "pt", "gz", "ts", "rb", "js", "tt", "pa", "la", "ai", "cf"}
WEB_SCHEMES = ("http://", "https://")
CODE_BEFORE = set("_/\\$={.:-#%@")
CODE_AFTER = set("_(")
WRAP = set("`*_'\"<[(«「『（【")


def load_manifest() -> dict[str, dict[str, str]]:
    rows = {}
    lines = (OUT / "manifest.tsv").read_text(encoding="utf-8").splitlines()
    head = lines[0].split("\t")
    for line in lines[1:]:
        r = dict(zip(head, line.split("\t")))
        rows[r["doc_id"]] = r
    return rows


def load_spans(name: str) -> dict[str, list[tuple[int, int, str]]]:
    out = {}
    with open(OUT / "spans" / f"{name}.jsonl", encoding="utf-8") as f:
        for line in f:
            d = json.loads(line)
            out[d["doc"]] = [tuple(s) for s in d["spans"]]
    return out


def doc_text(doc_id: str) -> str:
    return (OUT / "docs" / f"{doc_id}.txt").read_text(encoding="utf-8")


def context_hash(text: str, start: int, end: int) -> str:
    return hashlib.sha1(text[max(0, start - CONTEXT): end + CONTEXT].encode("utf-8")).hexdigest()[:16]


def regions(per_det: dict[str, list[tuple[int, int, str]]]) -> list[tuple[int, int]]:
    """Union of all spans, overlapping spans merged, as [start, end) regions."""
    allspans = sorted({(s, e) for spans in per_det.values() for s, e, _ in spans})
    out: list[list[int]] = []
    for s, e in allspans:
        if out and s < out[-1][1]:
            out[-1][1] = max(out[-1][1], e)
        else:
            out.append([s, e])
    return [(s, e) for s, e in out]


def is_cjk(ch: str) -> bool:
    if not ch:
        return False
    name = unicodedata.name(ch, "")
    return any(k in name for k in ("CJK", "HIRAGANA", "KATAKANA", "HANGUL", "IDEOGRAPHIC", "FULLWIDTH"))


def host_of(s: str) -> str:
    s = re.sub(r"^[a-zA-Z][a-zA-Z0-9+.-]*://", "", s)
    s = s.split("/")[0].split("?")[0].split("#")[0]
    if "@" in s:
        s = s.rsplit("@", 1)[1]
    s = re.sub(r":\d*$", "", s)
    return s.strip(".")


def features(text: str, rs: int, re_: int, per: dict[str, list[tuple[int, int, str]]]) -> dict[str, Any]:
    region = text[rs:re_]
    before = text[rs - 1] if rs > 0 else ""
    after = text[re_] if re_ < len(text) else ""
    cands = sorted({(s, e) for spans in per.values() for s, e, _ in spans}, key=lambda x: (x[0] - x[1], x[0]))
    longest = text[cands[0][0]:cands[0][1]] if cands else region
    linked_by = [d for d in DETECTORS if per.get(d)]
    f: dict[str, Any] = {}
    f["linked_by"] = "+".join(linked_by)
    f["presence"] = len(linked_by) < len(per)  # some detector links nothing here
    low = region.lower()
    m = re.search(r"\b([a-z][a-z0-9+.-]*)://", low)
    f["scheme"] = m.group(1) if m else ("mailto" if "mailto:" in low else "")
    f["email"] = "@" in longest and "://" not in longest and not longest.lower().startswith(("http", "ftp", "www."))
    f["userinfo"] = bool(re.search(r"://[^/\s]*@", region))
    host = host_of(longest).lower()
    f["host"] = host
    tld = host.rsplit(".", 1)[-1] if "." in host else ""
    f["tld"] = tld
    f["ext_tld"] = tld in EXT_TLDS and "/" not in longest.split("://")[-1] and not f["scheme"] and not f["email"]
    f["cc_tld"] = len(tld) == 2 and tld.isalpha()
    f["local"] = bool(re.match(r"^(localhost|127\.|0\.0\.0\.0|\[?::1|\d+\.\d+\.\d+\.\d+)", host))
    f["www"] = host.startswith("www.")
    f["cjk_before"] = is_cjk(before) or any(is_cjk(c) for c in region[:1])
    f["cjk_inside"] = any(is_cjk(c) for c in region)
    f["wrap_before"] = before in WRAP
    f["markup"] = bool(re.search(r"[`*]|</?[a-z]+[ >]|\"/?>", region)) or (before in "`*_" and before != "")
    f["code_ctx"] = (before in CODE_BEFORE) or (after in CODE_AFTER) or bool(re.search(r"\w\(", text[re_:re_ + 2]))
    ends = {e for spans in per.values() for _, e, _ in spans}
    starts = {s for spans in per.values() for s, _, _ in spans}
    f["end_diff"] = len(ends) > 1
    f["start_diff"] = len(starts) > 1
    if f["end_diff"]:
        tail = text[min(ends):max(ends)]
        f["punct_tail"] = bool(tail) and all(unicodedata.category(c)[0] in "PS" or c.isspace() for c in tail)
    else:
        f["punct_tail"] = False
    f["nonascii_host"] = not host.isascii()
    return f


def category(f: dict[str, Any]) -> str:
    """The first matching rule names the place's kind (stratum is added by the caller)."""
    if f["userinfo"]:
        return "userinfo-in-url"
    if f["email"]:
        if f["cjk_before"] or f["cjk_inside"]:
            return "email-cjk"
        if f["markup"] or f["wrap_before"]:
            return "email-markup"
        return "email-presence" if f["presence"] else "email-bounds"
    if f["scheme"] == "ftp":
        return "scheme-ftp"
    if f["scheme"] and f["scheme"] not in ("http", "https", "mailto"):
        return "scheme-other"
    if f["scheme"] and f["local"]:
        return "scheme-localhost-ip"
    if f["scheme"]:
        if f["cjk_inside"] or f["cjk_before"]:
            return "scheme-cjk"
        if f["markup"]:
            return "scheme-markup"
        if f["punct_tail"]:
            return "scheme-trailing-punct"
        return "scheme-presence" if f["presence"] else "scheme-bounds"
    # schemeless
    if f["cjk_before"] or f["cjk_inside"]:
        return "bare-cjk"
    if f["ext_tld"]:
        return "bare-file-ext-tld"
    if f["code_ctx"]:
        return "bare-code-context"
    if f["markup"] or f["wrap_before"]:
        return "bare-markup"
    if f["www"]:
        return "bare-www"
    if f["punct_tail"]:
        return "bare-trailing-punct"
    if f["local"]:
        return "bare-ip"
    if f["cc_tld"]:
        return "bare-cctld"
    return "bare-gtld"


def compute(detectors: list[str]) -> tuple[list[dict[str, Any]], dict[str, int], int, dict[str, list[list[int]]]]:
    manifest = load_manifest()
    spans = {d: load_spans(d) for d in detectors}
    places: list[dict[str, Any]] = []
    agreed = 0
    agreed_by_stratum: Counter[str] = Counter()
    agreed_spans: dict[str, list[list[int]]] = defaultdict(list)
    for doc_id, row in manifest.items():
        per_doc = {d: spans[d].get(doc_id, []) for d in detectors}
        if not any(per_doc.values()):
            continue
        text = doc_text(doc_id)
        for rs, re_ in regions(per_doc):
            per = {d: [s for s in per_doc[d] if s[0] < re_ and s[1] > rs] for d in detectors}
            sets = {tuple((s, e) for s, e, _ in per[d]) for d in detectors}
            if len(sets) == 1:
                n = len(next(iter(sets)))
                agreed += n
                agreed_by_stratum[row["stratum"]] += n
                agreed_spans[doc_id] += [[s, e] for s, e, _ in per[detectors[0]]]
                continue
            f = features(text, rs, re_, per)
            kind = f"{row['stratum']}/{category(f)}"
            places.append({"doc": doc_id, "region": [rs, re_], "kind": kind, "features": f,
                           "spans": {d: [[s, e] for s, e, _ in per[d]] for d in detectors},
                           "hash": context_hash(text, rs, re_)})
    for i, p in enumerate(places):
        p["id"] = f"P{i:05d}"
    return places, dict(agreed_by_stratum), agreed, dict(agreed_spans)


def allocate(pop: Counter[str], target: int) -> dict[str, int]:
    n = sum(pop.values())
    return {k: min(c, max(MIN_PER_KIND, round(target * c / n))) for k, c in pop.items()}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--detectors", default=",".join(DETECTORS))
    ap.add_argument("--target", type=int, default=TARGET)
    ap.add_argument("--write-sample", action="store_true")
    args = ap.parse_args()
    dets = args.detectors.split(",")
    places, agreed_by_stratum, agreed, agreed_spans = compute(dets)
    with open(OUT / "places.jsonl", "w", encoding="utf-8") as f:
        f.writelines(json.dumps(p, ensure_ascii=False) + "\n" for p in places)
    pop = Counter(p["kind"] for p in places)
    alloc = allocate(pop, args.target)
    print(f"agreed spans: {agreed} {agreed_by_stratum}; places: {len(places)}; kinds: {len(pop)}; sample size: {sum(alloc.values())}")
    for k, c in sorted(pop.items()):
        print(f"  {k:40s} {c:6d} -> {alloc[k]}")
    if args.write_sample:
        rng = random.Random(SEED)
        by_kind: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for p in places:
            by_kind[p["kind"]].append(p)
        sample = []
        for k in sorted(by_kind):
            sample += rng.sample(by_kind[k], alloc[k])
        rng.shuffle(sample)  # judging order: random, so that any prefix is a fair mix of kinds
        with open(HERE / "sample.jsonl", "w", encoding="utf-8") as f:
            for p in sample:
                f.write(json.dumps({"id": p["id"], "doc": p["doc"], "region": p["region"], "kind": p["kind"],
                                    "hash": p["hash"], "features": p["features"]}, ensure_ascii=False) + "\n")
        lines = ["# kind\tpopulation\tsampled\tshare_of_places"]
        for k in sorted(pop):
            lines.append(f"{k}\t{pop[k]}\t{alloc[k]}\t{pop[k] / len(places):.4f}")
        lines.append(f"# agreed spans (all detectors identical, counted correct): {agreed}")
        lines.append(f"# detectors: {','.join(dets)}")
        (HERE / "kinds.tsv").write_text("\n".join(lines) + "\n", encoding="utf-8")
        # the sampled run's places and agreed spans (offsets only), so that score.py can tell
        # a new detector output's spans in judged, unjudged-but-sampled-population and
        # never-seen regions apart even after the detector files have been overwritten
        frozen = {"places": defaultdict(list), "agreed": agreed_spans}
        for p in places:
            frozen["places"][p["doc"]].append([p["id"], p["kind"], *p["region"]])
        with gzip.open(HERE / "frozen.json.gz", "wt", encoding="utf-8", compresslevel=9) as f:
            json.dump(frozen, f, separators=(",", ":"))
        print(f"wrote {len(sample)} places to sample.jsonl")
    return 0


if __name__ == "__main__":
    sys.exit(main())
