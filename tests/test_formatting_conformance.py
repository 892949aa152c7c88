"""Unicode's LinkFormattingTest.txt, run structure-based and string-based, with errata."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

import uts58_icu
from uts58_icu import link_term
from uts58_icu.core.escaping import format_url_parts, parse_url
from uts58_icu.formatting_conformance import (
    FormattingResult,
    parse_structure,
    read_cases,
    read_errata,
    run,
)

ERRATA = Path(uts58_icu.__file__).resolve().parent / "errata-17.0.0.txt"  # the installed copy under test


@pytest.fixture(scope="module")
def test_file(published: Callable[[str], Path]) -> Path:
    return published("LinkFormattingTest.txt")


@pytest.fixture(scope="module")
def result(test_file: Path) -> FormattingResult:
    return run(test_file, read_errata(ERRATA))


def test_every_pair_passes_both_ways_except_errata(result: FormattingResult) -> None:
    print()
    print(result.summary())
    for way in result.ways.values():
        failures = "\n".join(str(f) for f in way.failures)
        assert not way.failures, f"{len(way.failures)} {way.way}-based failures:\n{failures}"


def test_errata_are_not_stale(result: FormattingResult) -> None:
    for way in result.ways.values():
        stale = "\n".join(f"line {e.line}: {e.expected}" for e in way.unexpected_passes)
        assert not way.unexpected_passes, (
            f"{way.way}-based: these errata now pass; remove them from {ERRATA.name}:\n{stale}"
        )
    unused = "\n".join(f"line {e.line}: {e.expected}" for e in result.unused_errata)
    assert not result.unused_errata, f"errata that match no pair of the test file:\n{unused}"


def test_counts(result: FormattingResult) -> None:
    structure, string = result.ways["structure"], result.ways["string"]
    assert structure.total == string.total == len(result.cases) > 50
    assert structure.passed + len(structure.expected_failures) == structure.total, result.summary()
    assert string.passed + len(string.expected_failures) == string.total, result.summary()


def test_final_soft_errata_really_end_in_soft(result: FormattingResult) -> None:
    both = [e for e in result.errata if e.way == "both"]
    assert both
    for e in both:
        assert link_term(e.expected[-1]) == "Soft", e
        failure = next(
            f for f in result.ways["structure"].expected_failures if f.expected == e.expected
        )
        # §4.1 step 2.6: the only difference is that final Soft character, escaped.
        assert failure.got.startswith(e.expected[:-1])
        assert failure.got[len(e.expected) - 1 :].startswith("%")


def test_ambiguous_errata_really_are_ambiguous(test_file: Path) -> None:
    cases = {c.expected: c for c in read_cases(test_file)}
    ambiguous = [e for e in read_errata(ERRATA) if e.way == "string"]
    assert len(ambiguous) == 5
    for e in ambiguous:
        case = cases[e.expected]
        # Parsing the source does not give the structure of the comment …
        assert parse_url(case.source) != case.structure, case.source
        # … while the expected line does.
        assert parse_url(case.expected) == case.structure, case.expected


def test_expected_lines_mean_their_structure(test_file: Path) -> None:
    for case in read_cases(test_file):
        assert parse_url(case.expected) == case.structure, case.line
        assert parse_url(format_url_parts(case.structure)) == case.structure, case.line


def test_parse_structure() -> None:
    s = parse_structure("𝑺=https:// 𝑯=example.com 𝑷=αβ γ 𝑸=θ 𝑽=ικ λ 𝑸= 𝑽=γξο 𝑭=πρ σ")
    assert s.scheme == "https"
    assert s.path == ("αβ γ",)
    assert s.query == (("θ", "ικ λ"), ("", "γξο"))
    assert s.fragment == "πρ σ"
    s = parse_structure("𝑺=https:// 𝑯=x 𝑭=reserved 𝑫=text=a,b 𝑫=text=c")
    assert s.directives == ("text=a,b", "text=c")
    with pytest.raises(ValueError):
        parse_structure("𝑽=v")


def test_read_errata_rejects_bad_lines(tmp_path: Path) -> None:
    bad = tmp_path / "errata.txt"
    bad.write_text("both\t1\thttps://x\n", encoding="utf-8")
    with pytest.raises(ValueError, match="4 TAB-separated"):
        read_errata(bad)
    bad.write_text("sideways\t1\thttps://x\t# r\n", encoding="utf-8")
    with pytest.raises(ValueError, match="way"):
        read_errata(bad)
