"""The §8 rules' fast paths give what the patterns they stand for give (issue 19).

``linkification/context.py`` and ``rules.py`` read some patterns back from the end of a
window, or search only where a pattern can start, instead of trying a regular
expression at every position (recommended() on real mail-heavy text spent most of
its time there). Each shortcut is checked here against the pattern itself, on text
made of the characters the pattern looks at (Hypothesis). Also: the neighbour lines
``context._next_content_line`` reads are bounded as ``_line_start``'s (``_MAX_LOOKBACK``).
"""

from __future__ import annotations

import re

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from uts58_icu import LinkPolicy, find_links
from uts58_icu.core.detection import SPECIAL_SCHEMES, Link, link_at, tld_set
from uts58_icu.core.detection import find_links as base_find
from uts58_icu.linkification import context, rules
from uts58_icu.linkification.explain import explain_notes
from uts58_icu.linkification.homographs import homograph_flags

# Pieces of the text before a spelt address: local-part characters, blanks of every
# kind (\s is str.isspace), "at"/"AT"/"@", "dot", names, line breaks.
SPELT = ["a", "t", "A", "T", "at", "AT", "At", "@", " ", "  ", "\t", "\n", "\r", "\x1c", "\u3000", "\u00a0",
         "\u2028", ".", "-", "_", "%", "+", "~", "=", "(", "<", "x", "Jane", "Doe", "jane", "dot", "DOT",
         "[dot]", "(dot)", "'", "\u00e9", "\u0130", "9", "mailto:", " at ", " AT ", " @ "]
spelt_text = st.lists(st.sampled_from(SPELT), max_size=14).map("".join)


def _reference_split(before: str) -> tuple[int, int] | None:
    m = context._SPELLED_AT.search(before)
    return None if m is None else (m.start(1), m.start(2))


@given(spelt_text)
@example("jane at ")
@example("x.at at ")
@example("a \t@ \t")
@example("a @\n")
@example("\u3000at\u3000")
def test_spelled_at_split_is_the_pattern(before: str) -> None:
    assert context._spelled_at_split(before) == _reference_split(before)


@given(spelt_text)
@example("jing dot ")
@example("a\u3000[dot]\t")
def test_spelled_dot_before_is_the_pattern(head: str) -> None:
    assert context._spelled_dot_before(head) == (context._SPELLED_DOT.search(head) is not None)


@given(spelt_text)
@example("Jane Doe ")
@example("x\nJane Doe\t")
@example("\nJane Doe ")
@example("Jane Doe\nJohn Roe ")
def test_name_before_is_the_pattern(head: str) -> None:
    assert context._name_before(head) == (context._NAME_BEFORE.search(head) is not None)


# ------------------------------------------------------------------ cjk_host_cuts

GLUED = ["http", "https", "HTTP", "ftp", "git+https", "xhttp", "1", "9http", "://", "//", ":", "a", "b-c", ".",
         "example", ".com", ".jp", ".co.jp", ".c", "いま", "中文", "ไทย", "。", " ", "\n", "+", "-", "@", "/x",
         "x.y"]
glued_text = st.lists(st.sampled_from(GLUED), max_size=16).map("".join)


def _reference_cuts(text: str, tlds: frozenset[str], schemes: frozenset[str]) -> list[object]:
    """rules.cjk_host_cuts as it was written first: _CJK_GLUED_HOST tried at every position."""
    if "://" not in text or text.isascii():
        return []
    from uts58_icu.core._classes import patterns

    p = patterns()
    out = []
    for m in rules._CJK_GLUED_HOST.finditer(text):
        scheme_start = m.start()
        scheme = m.group(1).lower()
        if scheme not in schemes and not scheme.endswith("http") and not scheme.endswith("https"):
            continue
        if scheme not in schemes:
            scheme_start = m.end(1) - (5 if scheme.endswith("https") else 4)
        cut = m.end()
        run = p.domain_chars.match(text, cut).end()
        while run > cut and text[run - 1] in rules._LABEL_SEPS:
            run -= 1
        if rules._LABEL_SEP.search(text, cut, run):
            continue
        link = link_at(text, scheme_start, cut, "url", tlds=tlds)
        if link is not None:
            out.append(link)
    return out


@given(glued_text)
@example("見てhttp://example.comいま")
@example("1://a.comいま https://b.jpです")
@example("x9http://example.comいま")
@example("abc.com2http://x.comいま")
def test_cjk_host_cuts_is_the_pattern(text: str) -> None:
    tlds = tld_set(None)
    assert rules.cjk_host_cuts(text, tlds, SPECIAL_SCHEMES) == _reference_cuts(text, tlds, SPECIAL_SCHEMES)


# ------------------------------------------------------------------ apply._one

ascii_host = st.text(st.sampled_from("abcxnXN-._0123456789Z"), min_size=1, max_size=20)


@given(ascii_host)
@example("xn--80ak6aa92e.com")
@example("XN--80AK6AA92E.COM")
def test_ascii_hosts_without_a_labels_have_no_homograph_flags(host: str) -> None:
    """apply._one skips homograph_flags for an ASCII host without "xn--": its ToUnicode is ASCII."""
    if "xn--" not in host.lower():
        assert homograph_flags(host) == ()


# ------------------------------------------------------------------ the look-back bound

LIMIT = context._MAX_LOOKBACK
R = LinkPolicy.recommended()


def _footer(prev_pad: int, next_pad: int, name: str = "Dev-news") -> str:
    """A Mailman footer: the list's name line, its spelt address, its listinfo page line."""
    return (f"x\n> {name} mailing list" + " " * prev_pad + f"\n> {name} at lists.example.org\n"
            f"> http://lists.example.org/mailman/listinfo/dev-news" + " " * next_pad + "\nz\n")


@pytest.mark.parametrize("step", [1, -1])
def test_next_content_line_reads_lines_up_to_the_shared_bound(step: int) -> None:
    """_next_content_line reads a neighbour line of up to _MAX_LOOKBACK characters, the bound of
    _line_start/_at_line_start (header_name's), each way; a longer one ends the search."""
    for n, found in ((LIMIT, True), (LIMIT + 1, False), (301, True)):
        line = "a" * n
        text = ("top\n" + line + "\n\nlink\n") if step < 0 else ("link\n\n" + line + "\nend")
        pos = text.index("link") - 1 if step < 0 else text.index("\n")
        got = context._next_content_line(text, pos, step)
        assert got == (line if found else None), (step, n)
    # the same at the text's edge (no line break beyond the line)
    assert context._next_content_line("a" * LIMIT + "\nlink", LIMIT, -1) == "a" * LIMIT
    assert context._next_content_line("a" * (LIMIT + 1) + "\nlink", LIMIT + 1, -1) is None
    assert context._next_content_line("link\n" + "a" * LIMIT, 4, 1) == "a" * LIMIT
    assert context._next_content_line("link\n" + "a" * (LIMIT + 1), 4, 1) is None


def test_mailman_footer_neighbour_lines_at_the_bound() -> None:
    """A footer's neighbour line counts up to _MAX_LOOKBACK characters (it was 300 before the
    bound was shared, and the line after was cut to 300 rather than refused)."""
    base = len("> Dev-news mailing list")
    assert [x.text for x in find_links(_footer(LIMIT - base, 0), policy=R)] == [
        "http://lists.example.org/mailman/listinfo/dev-news"]
    # the line before is one character too long: not read, so the line after decides
    # (a capitalised local-part: only the footer tests reject it)
    assert [x.text for x in find_links(_footer(LIMIT - base + 1, 0), policy=R)] == [
        "http://lists.example.org/mailman/listinfo/dev-news"]
    far = len("> http://lists.example.org/mailman/listinfo/dev-news")
    assert "lists.example.org" not in [x.text for x in find_links(_footer(LIMIT - base + 1, LIMIT - far), policy=R)]
    assert "lists.example.org" in [x.text for x in find_links(_footer(LIMIT - base + 1, LIMIT - far + 1), policy=R)]
    assert "lists.example.org" not in [x.text for x in find_links(_footer(400, 400), policy=R)]


# ------------------------------------------------------------------ header_name's memo

HEADERS = ["Received: from a.example.org", "Message-ID: <a@b.example>", "X-Foo: bar", "To: jane@example.org",
           "References:", "From x", "x", "> ", ">> ", "> >", "\n", "\n ", "\n\t", "\n  ", "\n> ", "\n>  ", "\n\n",
           " ", "\t", "host.example.org", "a@b.example", "\n   x" * 30, " " * 1500, "y" * 2000, ":", "\n" + " " * 3990]
header_text = st.lists(st.sampled_from(HEADERS), max_size=16).map("".join)


@given(header_text)
@example("Received: from a\n" + "  x\n" * 70 + "  host.example.org")
@example("Received: from a\n" + "  " + "x" * 3990 + "\n  host.example.org")
@example("X-Foo: a\n  \n  host.example.org")
def test_header_name_memo_reads_as_the_plain_walk(text: str) -> None:
    """header_name with the memo of its text's lines (context.remember, kept across links)
    answers as the bounded walk from each link's line does alone."""
    positions = [i for i in range(len(text)) if not text[i].isspace() and (i == 0 or text[i - 1].isspace())]
    plain = [context.header_name(text, p) for p in positions]
    assert context.remember(text)
    try:
        assert [context.header_name(text, p) for p in positions] == plain
        assert [context.header_name(text, p) for p in reversed(positions)] == plain[::-1]
    finally:
        context.forget(text)
    assert context._MEMO == (None, None)


# ------------------------------------------------------------------ line tests without a look-back

LINES = ["=", "=\n", "\n", "?a=", "=3D", "&b=", "=x", "\n> ", "\n>> ", "> ", " ", "\t", "x", "ab", "https://e.com/a/", "https://e.com/a-", "bob@ke",
         "example.org", "a.example.com/x", "rnel.org", "\r\n", "\n ", "\u3000"]
line_text = st.lists(st.sampled_from(LINES), max_size=12).map("".join)


def _qp_break_reference(text: str, link: Link) -> str | None:
    """context._qp_break as first written (the line start by _line_start), with rtfix5's
    exceptions: "==" at a line's end is base64 padding, a row of '=' is no soft break."""
    # (and, since issue 18's realtext18: every '=' before the link's last character starts an "=XX" escape)
    # (and, since realtext31: an address is whole when the line after its soft break does not go on with its domain)
    if link.kind == "email" and text.startswith("=\n", link.end) and not re.match(
            r"[A-Za-z0-9.\-\u0080-\U0010FFFF]", text[link.end + 2 : link.end + 3]):
        return None
    escapes_only = all(re.fullmatch(r"[0-9A-Fa-f]{2}", link.text[i + 1 : i + 3])
                       for i, c in enumerate(link.text[:-1]) if c == "=")
    if (link.text.endswith("=") and not link.text.endswith("==") and text.startswith("\n", link.end) and escapes_only
            or text.startswith("=\n", link.end) and not link.text.endswith("=") and escapes_only):
        return "§8 reject_quoted_printable_breaks: '=' ends the line (quoted-printable soft break): the link goes on"
    ls = context._line_start(text, link.start)
    if (ls == link.start and ls >= 2 and text[ls - 2] == "=" and ls >= 3 and not text[ls - 3].isspace()
            and text[ls - 3] != "="):
        return "§8 reject_quoted_printable_breaks: the tail of a token cut by a quoted-printable soft break"
    return None


@given(line_text)
@example("ab=\nexample.org")
@example("a =\nexample.org")
@example("=\nexample.org")
@example("a.example.com/x==\n")  # found by the ci profile after "==" became base64 padding
@example("==\nexample.org")
def test_line_tests_without_a_look_back(text: str) -> None:
    """_qp_break reads the characters before a link instead of its line's start, and
    _wrapped_tail returns at once unless blanks, '>' or a line break stand before it."""
    for link in base_find(text):
        assert context._qp_break(text, link) == _qp_break_reference(text, link)
        ls = context._line_start(text, link.start)
        first = ls >= 2 and context._at_line_start(text, ls) and not text[ls:link.start].strip(" \t>")
        if not first:
            assert context._wrapped_tail(text, link) is None


# rec7: _code_name searches _CODE_BEFORE and _PY_FROM_BEFORE only when a blank stands just
# before the link; sound only while both patterns end with ``[ \t]+\Z``.
_BEFORE_PIECES = ["return", "const", " = ", " == ", "&&", "->", "=>", "import", "import static", "package",
                  "using", "from", "+from", " ", "\t", "\n", "x", "=", "!", "."]


@given(st.lists(st.sampled_from(_BEFORE_PIECES), max_size=8), st.integers(0, 3))
@example(["\n", "from", " "], 0)
@example(["x", " = "], 0)
def test_code_before_patterns_end_after_a_blank(pieces: list[str], lo: int) -> None:
    text = "".join(pieces)
    lo = min(lo, len(text))
    for pattern in (context._CODE_BEFORE, context._PY_FROM_BEFORE):
        if pattern.search(text, lo, len(text)) is not None:
            assert text[-1] in " \t"


@pytest.mark.parametrize("text, why", [
    ("if (a == foo.bar)", "an operand of an expression"), ("if (a ==\tfoo.bar)", "an operand of an expression"),
    ("from example.app import x", "'from … import'"), ("if (a ==foo.bar)", None), ("(a==\nfoo.bar)", None),
])
def test_code_name_verdicts_around_the_blank_test(text: str, why: str | None) -> None:
    _, notes = explain_notes(text, policy=LinkPolicy.recommended())
    code = [n.reason for n in notes if "reject_code_expressions" in n.reason]
    assert code == [] if why is None else (len(code) == 1 and why in code[0])
