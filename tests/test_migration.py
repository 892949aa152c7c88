"""§10.1 Migration: refining the spans of other link detectors (uts58_icu.linkification.migration)."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from uts58_icu.linkification.migration import host_end, refine


def _load_compare_peers() -> ModuleType:
    path = Path(__file__).resolve().parent.parent / "conformance" / "compare_peers.py"
    spec = importlib.util.spec_from_file_location("compare_peers", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("compare_peers", module)
    spec.loader.exec_module(module)
    return module


cp = _load_compare_peers()


def _span(text: str, link: str) -> tuple[int, int]:
    i = text.index(link)
    return i, i + len(link)


# --- refine on its own ------------------------------------------------------------


@pytest.mark.parametrize(
    "text, found, expected",
    [
        # cut short at the first non-ASCII letter: extended
        ("See ja.wikipedia.org/wiki/アルベルト now", "ja.wikipedia.org/wiki/", "ja.wikipedia.org/wiki/アルベルト"),
        ("See https://example.com/a?q=β&r=γ#δ x", "https://example.com/a?q=", "https://example.com/a?q=β&r=γ#δ"),
        ("x https://el.wikipedia.org/wiki/Ελλάδα_(χώρα). y", "https://el.wikipedia.org/wiki/", "https://el.wikipedia.org/wiki/Ελλάδα_(χώρα)"),
        # a host whose path was missed: termination from the end of the host
        ("See example.com/αβγ now", "example.com", "example.com/αβγ"),
        ("See example.com:8080/αβγ now", "example.com:8080", "example.com:8080/αβγ"),
        # fragment directive: the state before the last initiator matters
        ("a https://e.com/p#f:~:text=α,β b", "https://e.com/p#f:~:", "https://e.com/p#f:~:text=α,β"),
        # a span that swallowed what termination excludes, followed by more text
        ("See example.com/a).b", "example.com/a).b", "example.com/a).b"),
        ("(example.com/a)x", "example.com/a)", "example.com/a"),
    ],
)
def test_refine_extends_or_trims(text: str, found: str, expected: str) -> None:
    s, e = _span(text, found)
    assert refine(text, s, e) == _span(text, expected)


@pytest.mark.parametrize(
    "text, found",
    [
        ("See example.com/αβγ", "example.com/αβγ"),  # at the end of the text
        ("See example.com/a). x", "example.com/a)."),  # followed by Hard: step 3
        ("See example.com!x", "example.com"),  # only a host, no /?# follows
        ("john.smith@example.com/foo/bar", "john.smith@example.com"),  # an email
        ("mailto:john@example.com/x", "mailto:john@example.com"),
        ("john.doe@example.com:1234/forum", "john.doe@example.com"),
    ],
)
def test_refine_keeps(text: str, found: str) -> None:
    s, e = _span(text, found)
    assert refine(text, s, e) == (s, e)


def test_refine_always_trims_before_hard() -> None:
    text = "(see https://example.com/foo). Then example.com/a."
    s, e = _span(text, "https://example.com/foo).")
    assert refine(text, s, e) == (s, e)  # §10.1 step 3: followed by a space
    assert refine(text, s, e, always=True) == _span(text, "https://example.com/foo")
    s, e = _span(text, "example.com/a.")
    assert refine(text, s, e, always=True) == _span(text, "example.com/a")


def test_refine_userinfo_url_and_empty_span() -> None:
    text = "http://user@example.com/α x"
    assert host_end(text, 0, 23) == 23
    assert refine(text, 0, 23) == (0, 25)
    assert host_end("a@example.com", 0, 13) is None
    assert refine("abc", 1, 1) == (1, 1)


@pytest.mark.parametrize(
    "args, exc",
    [
        ((b"abc", 0, 1), TypeError),
        (("abc", "0", 1), TypeError),
        (("abc", 0, None), TypeError),
        (("abc", False, 1), TypeError),
        (("abc", -1, 1), ValueError),
        (("abc", 2, 1), ValueError),
        (("abc", 0, 4), ValueError),
    ],
)
def test_refine_bad_arguments(args: tuple[Any, Any, Any], exc: type[Exception]) -> None:
    with pytest.raises(exc):
        refine(*args)


# --- peers over LinkDetectionTest.txt -----------------------------------------------


@pytest.fixture(scope="module")
def cases(published: Callable[[str], Path]) -> list[tuple[str, str, str]]:
    return list(cp.plain_cases(published("LinkDetectionTest.txt")))


def _peer(name: str) -> Callable[[str], list[tuple[int, int]]]:
    fns = cp.peers([name])
    assert name in fns, f"{name} is not installed (pip install '.[test]')"
    fn: Callable[[str], list[tuple[int, int]]] = fns[name]
    return fn


@pytest.mark.parametrize("name", ["linkify-it-py", "urlextract"])
def test_refine_improves_peer(name: str, cases: list[tuple[str, str, str]]) -> None:
    raw = _peer(name)
    before = cp.score(raw, cases)
    after = cp.score(cp.refined(raw), cases)
    always = cp.score(cp.refined(raw, always=True), cases)
    print(f"{name} {before} → refined {after} (always=True: {always})")
    assert before.total == after.total == len(cases) > 300
    assert after.passed > before.passed
    assert always.passed >= after.passed
    # refining never breaks a line the peer got right
    fixed_before = {e for e, _ in before.failures}
    assert {e for e, _ in after.failures} <= fixed_before
    assert {e for e, _ in always.failures} <= fixed_before


def test_uts58_itself_passes_and_refine_is_idempotent(cases: list[tuple[str, str, str]]) -> None:
    own = cp.peers(["uts58-icu"])["uts58-icu"]
    assert cp.score(own, cases).passed == len(cases)
    assert cp.score(cp.refined(own, always=True), cases).passed == len(cases)


def test_mark_spans_matches_conformance_markers() -> None:
    assert cp.mark_spans("a b c", [(2, 3)]) == "a ⸠b⸡ c"
    assert cp.mark_spans("abc", [(1, 2), (0, 2)]) == "⸠ab⸡c"  # overlaps dropped
