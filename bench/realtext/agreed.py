#!/usr/bin/env python3
"""Stratify the *agreed* spans of the sampled run into kinds and draw a judged sample of them.

An agreed span is one that all five detectors returned identically in the sampled run
(``frozen.json.gz``, key ``agreed``). They used to be counted as correct; they are not
assumed correct any more: a sample of them is judged by the same rules
(``JUDGING_RULES.md``) as the disagreement places, and ``score.py`` weights each judged
agreed span by ``N_kind / n_kind`` exactly like a judged place.

Kinds (``stratum/category``, first matching rule of ``category``), from features of the
span text and its neighbours only (no detector is consulted):
  email-cjk         email with CJK right before/after or inside
  email             other emails
  scheme-cjk        URL with a scheme, CJK right before/after or inside
  scheme-host       URL with a scheme, host only (no path/query/fragment beyond "/")
  scheme-path       URL with a scheme and a path/query/fragment
  bare-cjk          schemeless, CJK right before/after or inside
  bare-filelike     schemeless, last label is a common file extension or the label before
                    it looks like a file/code name (``Makefile``, ``configure``, ``README``,
                    ``_``, CamelCase, ``config``, ``setup`` …)
  bare-www          schemeless, ``www.`` host
  bare-host         schemeless, host only
  bare-path         schemeless, with a path
Risky kinds (``bare-*``, ``*-cjk``) get ``RISK_FACTOR`` times their proportional share.

Writes ``agreed_kinds.tsv`` (population, sampled) and ``agreed_sample.jsonl`` (id, doc,
region = the span, kind, features, context hash). Ids are ``A`` + the span's index in the
frozen order (documents sorted, spans in frozen order).

  agreed.py [--target 300] [--write-sample]
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from places import context_hash, doc_text, is_cjk, load_manifest

SEED = 5858
TARGET = 300
MIN_PER_KIND = 3
RISK_FACTOR = 10
# last labels that are (also) common file extensions
FILE_EXTS = {"in", "am", "ac", "mk", "h", "c", "cc", "cpp", "hpp", "py", "md", "sh", "so", "pl", "pm", "rs",
             "js", "ts", "rb", "go", "java", "txt", "rst", "html", "htm", "css", "json", "yml", "yaml", "toml",
             "cfg", "ini", "conf", "xml", "gz", "bz2", "xz", "zip", "tar", "deb", "dsc", "png", "jpg", "svg",
             "pdf", "ps", "tex", "sgml", "po", "pot", "mo", "diff", "patch", "log", "lock", "zone", "tab",
             "map", "info", "target", "service", "socket", "mount", "d", "el", "vim", "st", "ml", "mov", "cs",
             "hs", "sc", "ai", "do", "ps1", "bat", "exe", "dll", "o", "a", "la", "lo", "m4", "awk", "sed"}
FILE_STEMS = {"makefile", "configure", "config", "setup", "readme", "changelog", "changes", "news", "license",
              "copying", "install", "index", "main", "manifest", "package", "cfg", "local", "test", "tests",
              "conftest", "todo", "authors", "history", "contributing", "version", "settings", "init",
              "module", "lib", "src", "build", "debian", "control", "rules", "app", "server", "client", "util",
              "utils", "helpers", "common", "types", "style", "styles", "script", "bootstrap", "webpack",
              "tsconfig", "requirements", "pyproject", "tox", "docker-compose", "dockerfile", "gulpfile"}
SCHEME_RE = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*):(//)?")


def looks_filelike(host: str) -> bool:
    labels = host.split(".")
    if len(labels) < 2:
        return False
    tld, before = labels[-1].lower(), labels[-2]
    if tld in FILE_EXTS:
        return True
    return ("_" in before or before.lower() in FILE_STEMS
            or bool(re.search(r"[a-z][A-Z]", before)) or (before.isupper() and len(before) > 1))


def features(text: str, s: int, e: int) -> dict[str, Any]:
    span = text[s:e]
    before = text[s - 1] if s > 0 else ""
    after = text[e] if e < len(text) else ""
    m = SCHEME_RE.match(span)
    scheme = m.group(1).lower() if m and (m.group(2) or m.group(1).lower() == "mailto") else ""
    f: dict[str, Any] = {"scheme": scheme}
    f["email"] = "@" in span and (not scheme or scheme == "mailto")
    rest = span[m.end():] if scheme else span
    if f["email"]:
        rest = rest.rsplit("@", 1)[1]
    host = re.split(r"[/?#]", rest, maxsplit=1)[0]
    host = re.sub(r":\d*$", "", host.rsplit("@", 1)[-1])
    f["host"] = host.lower()
    f["path"] = len(rest) > len(host) + (1 if rest[len(host):len(host) + 1] == "/" and len(rest) == len(host) + 1 else 0)
    f["tld"] = host.rsplit(".", 1)[-1].lower() if "." in host else ""
    f["filelike"] = not scheme and not f["email"] and looks_filelike(host)
    f["www"] = f["host"].startswith("www.")
    f["cjk"] = is_cjk(before) or is_cjk(after) or any(is_cjk(c) for c in span)
    return f


def category(f: dict[str, Any]) -> str:
    if f["email"]:
        return "email-cjk" if f["cjk"] else "email"
    if f["scheme"]:
        if f["cjk"]:
            return "scheme-cjk"
        return "scheme-path" if f["path"] else "scheme-host"
    if f["cjk"]:
        return "bare-cjk"
    if f["filelike"]:
        return "bare-filelike"
    if f["www"]:
        return "bare-www"
    return "bare-path" if f["path"] else "bare-host"


def risky(kind: str) -> bool:
    cat = kind.split("/", 1)[1]
    return cat.startswith("bare-") or cat.endswith("-cjk")


def load_frozen() -> dict[str, Any]:
    with gzip.open(HERE / "frozen.json.gz", "rt", encoding="utf-8") as f:
        return json.load(f)


def agreed_spans() -> list[dict[str, Any]]:
    """Every agreed span with its id, doc, region, kind, features and context hash."""
    frozen = load_frozen()
    manifest = load_manifest()
    out = []
    i = 0
    for doc in sorted(frozen["agreed"]):
        text = doc_text(doc)
        for s, e in frozen["agreed"][doc]:
            f = features(text, s, e)
            out.append({"id": f"A{i:05d}", "doc": doc, "region": [s, e],
                        "kind": f"{manifest[doc]['stratum']}/{category(f)}", "features": f,
                        "hash": context_hash(text, s, e)})
            i += 1
    return out


def allocate(pop: Counter[str], target: int) -> dict[str, int]:
    w = {k: c * (RISK_FACTOR if risky(k) else 1) for k, c in pop.items()}
    tot = sum(w.values())
    return {k: min(c, max(MIN_PER_KIND, round(target * w[k] / tot))) for k, c in pop.items()}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--target", type=int, default=TARGET)
    ap.add_argument("--write-sample", action="store_true")
    args = ap.parse_args()
    spans = agreed_spans()
    pop = Counter(a["kind"] for a in spans)
    alloc = allocate(pop, args.target)
    print(f"agreed spans: {len(spans)}; kinds: {len(pop)}; sample size: {sum(alloc.values())}")
    for k in sorted(pop):
        print(f"  {k:24s} {pop[k]:6d} -> {alloc[k]}")
    if args.write_sample:
        rng = random.Random(SEED)
        by_kind: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for a in spans:
            by_kind[a["kind"]].append(a)
        sample = []
        for k in sorted(by_kind):
            sample += rng.sample(by_kind[k], alloc[k])
        rng.shuffle(sample)
        with open(HERE / "agreed_sample.jsonl", "w", encoding="utf-8") as f:
            f.writelines(json.dumps(a, ensure_ascii=False) + "\n" for a in sample)
        lines = ["# kind\tpopulation\tsampled"]
        lines += [f"{k}\t{pop[k]}\t{alloc[k]}" for k in sorted(pop)]
        lines.append(f"# agreed spans: {len(spans)}; seed {SEED}; risk factor {RISK_FACTOR} for bare-* and *-cjk")
        (HERE / "agreed_kinds.tsv").write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"wrote {len(sample)} agreed spans to agreed_sample.jsonl")
    return 0


if __name__ == "__main__":
    sys.exit(main())
