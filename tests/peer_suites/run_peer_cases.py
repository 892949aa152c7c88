"""Run other linkifiers' own test cases (as data) through uts58_icu, in CI.

    python tests/peer_suites/run_peer_cases.py [--cases DIR] [--update] [--policy base|recommended]

The cases were extracted from twitter-text, GFM's autolink spec, linkify-it,
linkifyjs and Autolinker.js (one JSON object per line; fields and compare modes in
the cases' README). They are not in this repository: the folder is found at
``$UTS58_PEER_CASES``, else at ``shared/peers/cases/`` beside the checkout (CI puts
``shared/`` next to the clone). Each case is run under two policies:
``recommended`` (``LinkPolicy.recommended()``: what every integration gives users)
and ``base`` (the conformant UTS #58 ``find_links()``).

A case that disagrees must be listed in ``expected_case_differences.txt`` as
``POLICY::SUITE::ID``, a TAB, and the reason (the UTS #58 section or the peer's own
product rule); the generated Autolinker cases are listed per expected link with the
number of its variants that differ. Exit status 1 when a disagreement is not listed,
or when a listed line is no longer one (it agrees now, its count changed, or the case
is gone: update the list).
``--update`` prints the current disagreements as list lines (reason ``?``) instead.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
EXPECTED = HERE / "expected_case_differences.txt"
FILES = (
    "twitter-text.jsonl", "gfm-autolink.jsonl", "linkify-it.jsonl", "linkifyjs.jsonl",
    "autolinker.jsonl", "autolinker-generated.jsonl.gz",
)  # fmt: skip
POLICIES = ("recommended", "base")
#: Suites generated from a few hand-written links × brackets × trailing punctuation:
#: listed per expected link, with how many of its variants differ
#: (``POLICY::SUITE::<expected texts> [differing/variants]``).
GROUPED = frozenset({"autolinker-generated"})


def cases_dir(given: Path | None = None) -> Path:
    """The folder of case files: ``given``, ``$UTS58_PEER_CASES``, or ``../shared/peers/cases``."""
    env = os.environ.get("UTS58_PEER_CASES")
    folder = given or (Path(env) if env else ROOT.parent / "shared" / "peers" / "cases")
    missing = [name for name in FILES if not (folder / name).is_file()]
    if missing:
        raise SystemExit(
            f"peer cases not found: {folder} lacks {', '.join(missing)}.\n"
            "Put the shared/ folder beside the checkout (shared/peers/cases/) "
            "or set UTS58_PEER_CASES to the folder that holds the case files."
        )
    return folder


def read_cases(folder: Path) -> Iterator[dict]:
    for name in FILES:
        opener = gzip.open if name.endswith(".gz") else open
        with opener(folder / name, "rt", encoding="utf-8") as f:  # type: ignore[operator]
            for line in f:
                if line.strip():
                    yield json.loads(line)


def verdict(case: dict, links: list) -> bool:
    """Whether ``links`` (uts58_icu Links) agree with the case under its compare mode."""
    scope = set(case["scope"])
    found = [link for link in links if link.kind in scope]
    expected = case["expected"]
    mode = case["compare"]
    if mode == "spans":
        return [(link.start, link.end) for link in found] == [(e["start"], e["end"]) for e in expected]
    if mode == "texts":
        return [link.text for link in found] == [e["text"] for e in expected]
    if mode == "first":
        return bool(found) and found[0].text == expected[0]["text"]
    if mode == "none":
        return not found
    raise SystemExit(f"{case['suite']}::{case['id']}: unknown compare mode {mode!r}")


def run(folder: Path, policies: tuple[str, ...]) -> tuple[dict[str, int], dict[str, int], set[str]]:
    """(cases per suite, differing cases per ``POLICY::SUITE``, the keys that disagree).

    A key is ``POLICY::SUITE::ID``, or for a :data:`GROUPED` suite
    ``POLICY::SUITE::<expected texts> [differing/variants]``.
    """
    from uts58_icu import LinkPolicy, find_links

    chosen = {"base": None, "recommended": LinkPolicy.recommended()}
    per_suite: dict[str, int] = {}
    failing: dict[str, int] = {}
    differ: set[str] = set()
    groups: dict[tuple[str, str], list[int]] = {}
    for case in read_cases(folder):
        suite = case["suite"]
        per_suite[suite] = per_suite.get(suite, 0) + 1
        for name in policies:
            links = find_links(case["text"], policy=chosen[name], schemeless=case.get("schemeless", True))
            agrees = verdict(case, links)
            if not agrees:
                failing[f"{name}::{suite}"] = failing.get(f"{name}::{suite}", 0) + 1
            if suite in GROUPED:
                tally = groups.setdefault((f"{name}::{suite}", " | ".join(e["text"] for e in case["expected"])), [0, 0])
                tally[0] += not agrees
                tally[1] += 1
            elif not agrees:
                differ.add(f"{name}::{suite}::{case['id']}")
    for (prefix, group), (bad, total) in groups.items():
        if bad:
            differ.add(f"{prefix}::{group} [{bad}/{total}]")
    return per_suite, failing, differ


def load_expected(path: Path = EXPECTED) -> dict[str, str]:
    expected: dict[str, str] = {}
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        key, tab, reason = line.partition("\t")
        if not tab or not reason.strip() or key in expected:
            raise SystemExit(f"{path.name}:{n}: want 'POLICY::SUITE::ID<TAB>reason' once per case: {line!r}")
        expected[key] = reason.strip()
    return expected


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", type=Path, help="the folder of case files (default: $UTS58_PEER_CASES or ../shared/peers/cases)")
    ap.add_argument("--policy", choices=POLICIES, action="append", help="run only this policy (repeatable)")
    ap.add_argument("--update", action="store_true", help="print every disagreement as a list line")
    args = ap.parse_args(argv)
    policies = tuple(args.policy or POLICIES)
    per_suite, failing, differ = run(cases_dir(args.cases), policies)
    expected = {k: v for k, v in load_expected().items() if k.split("::", 1)[0] in policies}
    if args.update:
        for key in sorted(differ):
            print(f"{key}\t{expected.get(key, '?')}")
        return 0
    listed = set(expected)
    for policy in policies:
        for suite, count in per_suite.items():
            prefix = f"{policy}::{suite}::"
            d = {k for k in differ if k.startswith(prefix)}
            bad = failing.get(f"{policy}::{suite}", 0)
            print(f"{policy:11} {suite:22} {count:6} cases, {count - bad:6} agree, {bad:5} differ "
                  f"({len(d & listed)} listed lines, {len(d - listed)} unlisted)")
    unexpected = sorted(differ - listed)
    stale = sorted(listed - differ)
    for key in unexpected:
        print(f"  UNLISTED DIFFERENCE {key}")
    for key in stale:
        print(f"  LISTED BUT NOT A DIFFERENCE (agrees now, count changed, or no such case) {key}\t{expected[key]}")
    bad = len(unexpected) + len(stale)
    print("OK" if not bad else f"{bad} problem(s)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
