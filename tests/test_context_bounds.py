"""The look-around windows of linkification/context.py stay bounded (issue 18's review items).

- ``_in_spelling_archive`` answered from a search up to ``_ARCHIVE_LOOKBACK`` (20,000) code
  points around each spelt address, matching up to ``_ARCHIVE_FROM_LINES`` (64) ``From`` lines
  each way. While a text's links go through the rules it now answers from an index of the
  text's ``From`` lines built once per text: the same answers (compared here on the built
  real-text corpora and on Hypothesis texts with small bounds), and one header match per
  ``From`` line of the text instead of up to 128 per link.
- The windows that context.py keeps apart from the shared ``_MAX_LOOKBACK`` (IRC lines 300,
  an X- header's prose 200, a call's open argument list 120) are bounds of their own on
  purpose (see the comments there). Time-free check that none makes a rule superlinear: no
  single read of a pattern is longer than its window on texts of any length, and the number
  of reads grows in proportion to the text (a text 4 times longer: at most 4 times as many).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
import test_accel_policy as tap  # tests/ is on sys.path: gated(False) runs the Python rules alone
from test_context_realtext5 import REC

from uts58_icu import find_links
from uts58_icu.linkification import context

# ------------------------------------------------------------------ the archive index


def _positions(text: str) -> list[int]:
    near = {m.start() + k for m in re.finditer("\nFrom", text) for k in (-1, 0, 1, 5, 6, 40)}
    return sorted({m.start() for m in re.finditer(r" at |@", text)} | {p for p in near if 0 <= p <= len(text)})


def test_archive_index_same_answers_on_real_text() -> None:
    files = tap._realtext_files()
    if not files:
        pytest.skip("no real-text corpus built here (bench/realtext*/out, or UTS58_REALTEXT_DIRS)")
    checked = 0
    for f in files:
        text = f.read_text(encoding="utf-8", errors="surrogatepass")
        index = context._build_archive_index(text)
        for pos in _positions(text):
            old = context._in_spelling_archive_scan(text, pos)
            assert context._archive_near(index, pos, len(text)) == old, (f.name, pos)
            checked += 1
    assert checked > 0


@contextmanager
def small_bounds(lookback: int, lines: int) -> Iterator[None]:
    saved = context._ARCHIVE_LOOKBACK, context._ARCHIVE_FROM_LINES
    context._ARCHIVE_LOOKBACK, context._ARCHIVE_FROM_LINES = lookback, lines
    try:
        yield
    finally:
        context._ARCHIVE_LOOKBACK, context._ARCHIVE_FROM_LINES = saved


ARCHIVE_PIECES = [
    "From jane at example.org  Wed Jul 21 18:01:57 2010\n", "From: jroe at example.org (J. Roe)\n",
    "From jane at example.org", "  Wed", " (J)", "\nFrom ", "\nFrom", "From", "\n", " ", "x", "the peps at python.org",
    "From: a at b.c\t(", "From:\ta at b.c Mon ", "From x at y", "\r\n",
]


@given(st.lists(st.sampled_from(ARCHIVE_PIECES), max_size=16).map("".join), st.integers(1, 120), st.integers(1, 4))
@example("From jane at example.org  Wed Jul 21 18:01:57 2010\nthe peps at python.org", 20_000, 64)
@example("\nFrom\nFrom\nFrom: jroe at example.org (J. Roe)\nx\nFrom\nFrom", 40, 2)
def test_archive_index_same_answers(text: str, lookback: int, lines: int) -> None:
    """Every position, with small bounds so that both of them cut: the index gives the scan's answer."""
    with small_bounds(lookback, lines):
        index = context._build_archive_index(text)
        for pos in range(len(text) + 1):
            assert context._archive_near(index, pos, len(text)) == context._in_spelling_archive_scan(text, pos), pos


def test_archive_index_is_per_text_and_dropped() -> None:
    archive = "From jane at example.org  Wed Jul 21 18:01:57 2010\n\nthrough the peps at python.org process\n"
    prose = "through the peps at python.org process\n"
    assert [lk.text for lk in find_links(archive, policy=REC)] == []  # spelt by the archive
    assert [lk.text for lk in find_links(prose, policy=REC)] == ["python.org"]  # prose: the index is not reused
    assert context._TEXT_INDEXES == (None, {})  # forget() dropped it: no text's index outlives its call
    # outside a call (no memo of the text), the bounded scan answers
    assert context._archive_index(archive) is None
    assert context._in_spelling_archive(archive, archive.index("peps"))


class Counting:
    """A pattern that counts its calls and the characters it is given to read."""

    def __init__(self, pattern: object) -> None:
        self.pattern = pattern
        self.calls = 0
        self.chars = 0
        self.widest = 0

    def _count(self, string: str, pos: int = 0, endpos: int | None = None) -> None:
        width = (len(string) if endpos is None else min(endpos, len(string))) - pos
        self.calls += 1
        self.chars += max(0, width)
        self.widest = max(self.widest, width)

    def search(self, string: str, pos: int = 0, endpos: int = 2**62) -> object:
        self._count(string, pos, endpos)
        return self.pattern.search(string, pos, endpos)  # type: ignore[attr-defined]

    def match(self, string: str, pos: int = 0, endpos: int = 2**62) -> object:
        self._count(string, pos, endpos)
        return self.pattern.match(string, pos, endpos)  # type: ignore[attr-defined]

    def fullmatch(self, string: str, pos: int = 0, endpos: int = 2**62) -> object:
        self._count(string, pos, endpos)
        return self.pattern.fullmatch(string, pos, endpos)  # type: ignore[attr-defined]


@contextmanager
def counting(*names: str) -> Iterator[dict[str, Counting]]:
    saved = {n: getattr(context, n) for n in names}
    counters = {n: Counting(p) for n, p in saved.items()}
    for n, c in counters.items():
        setattr(context, n, c)
    try:
        with tap.gated(False):  # the Python rules read every link
            yield counters
    finally:
        for n, p in saved.items():
            setattr(context, n, p)


def test_archive_header_matched_once_per_from_line() -> None:
    """A Pipermail header is matched once per ``From`` line of the text, not up to 128 times per link."""
    text = ("x at y.org " * 50 + "\nFrom ") * 30 + "\nFrom jane at example.org  Wed Jul 21 18:01:57 2010\n"
    with counting("_SPELLING_ARCHIVE_HEADER") as c:
        links = find_links(text, policy=REC)
    assert links == []
    assert c["_SPELLING_ARCHIVE_HEADER"].calls <= text.count("\nFrom") + 1


# ------------------------------------------------------------------ context.py's own windows

LOOKBACK = context._MAX_LOOKBACK
# pattern -> (the widest read one call may be given, a text that makes the rule read it on every link)
WINDOWS = {
    # the netsplit line is searched from its line's start (shared look-back) to 300 past the link
    "_IRC_NETSPLIT_LINE": (LOOKBACK + 300 + 64, lambda n: "-!- Netsplit a.example.net <-> b.example.org " * n),
    "_IRC_SPLIT_EVENT": (300, lambda n: "*** Quits: nick (a.example.net b.example.org)\n" * n),
    "_X_PROSE_TO": (200, lambda n: "X-List-Note: send subscribe to list-request@example.org\n" * n),
    "_OPEN_CALL": (120, lambda n: "  f(a, " + "b, item.id, " * n + ")\n"),
    "_IRC_EVENT": (300, lambda n: "(ident@host.example.net) " * n),
}


@pytest.mark.parametrize("name", sorted(WINDOWS))
def test_window_keeps_the_rule_linear(name: str) -> None:
    """Each read is at most the window, whatever the text's length, and the reads grow with
    the text's links: the characters read are at most the window times a linear count."""
    widest, make = WINDOWS[name]
    calls = []
    for n in (300, 1200):
        text = make(n)
        with counting(name) as c:
            find_links(text, policy=REC)
        assert c[name].calls > 0, "the text reaches the rule"
        assert c[name].widest <= widest
        assert c[name].chars <= c[name].calls * widest
        calls.append(c[name].calls)
    assert calls[1] <= 4 * calls[0] + 4, calls  # 4 times the text: at most 4 times the reads
