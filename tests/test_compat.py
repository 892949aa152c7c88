"""uts58_icu._compat: the Python 3.10 stand-in for the possessive escape-run pattern
gives the same runs as the pattern, on any text (run on every Python version)."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from uts58_icu._compat import EscapeRuns

RUNS = re.compile(r"(?:%[0-9A-Fa-f]{2})+")  # maximal runs: the same as the possessive form here


@given(st.text(alphabet="%0aFgz%é", max_size=60))
def test_escape_runs_match_the_pattern(text: str) -> None:
    assert [r.span() for r in EscapeRuns().finditer(text)] == [m.span() for m in RUNS.finditer(text)]
    assert [r.group() for r in EscapeRuns().finditer(text)] == [m.group() for m in RUNS.finditer(text)]
    upper = EscapeRuns().sub(lambda r: r.group().upper(), text)
    assert upper == RUNS.sub(lambda m: m.group().upper(), text)


def test_escape_runs_examples() -> None:
    assert [r.group() for r in EscapeRuns().finditer("a%C3%A9b%2%41%4")] == ["%C3%A9", "%41"]
    assert EscapeRuns().sub(lambda r: "<" + r.group() + ">", "%20%20x%7e") == "<%20%20>x<%7e>"
