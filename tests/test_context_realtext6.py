"""Issue 18, the sixth real-text sample (bench/realtext6): the classes of recommended()'s errors.

Each reproducer is made up, in the shape of the first run's error or of a name left linked
by an earlier sample: a retweet that Twitter's archive cut right after the host of a short
link (``RT @a: text https://t.co…`` at the post's end: the base ends the link before ``…``),
a Python ``from NAME import`` line (``+from twisted.internet.app import Application`` in a
patch mailed to a list) and a date or time format written with dots (``[dd.mm | -<days
ago>] hh:mi``, ``.mm`` being Myanmar's TLD). A property test covers each class; the
compiled and pure paths are compared in tests/test_accel_policy.py.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_context_realtext5 import _LABEL, REC, texts, without  # tests/ is on sys.path

from uts58_icu import explain

# (text, links in recommended, the field that decides)
CASES = [
    # a retweet cut by the archive right after the host of its last link
    ("RT @a: see the thing https://t.co/AbC1 https://t.co\u2026\n@b next post",
     ["https://t.co/AbC1"], "cut_truncated_urls"),
    ("RT @a: and http://t.co\u2026", [], "cut_truncated_urls"),
    ("RT @a: and https://t.co/\u2026\n", [], "cut_truncated_urls"),
    # Python's from-import, also in a diff
    ("+from twisted.internet.app import Application\n", [], "reject_code_expressions"),
    ("    from request.client.host import peer\n", [], "reject_code_expressions"),
    # a date or time format written with dots
    ("Time is the format [dd.mm | -<days ago>] hh:mi[:ss]\n", [], "reject_patterns"),
    ("use DD.MM or hh.mm.ss\n", [], "reject_patterns"),
]


@pytest.mark.parametrize(("text", "expected", "field"), CASES)
def test_realtext6_rule(text: str, expected: list[str], field: str) -> None:
    assert texts(text) == expected
    assert texts(text, without(field)) != expected, "the field decides"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # '…' as prose punctuation (more text on the line), a path before it, no scheme
        ("see https://example.com\u2026 and more", ["https://example.com"]),
        ("RT @a: https://t.co/AbC1\u2026\n", ["https://t.co/AbC1"]),
        ("visit example.com\u2026\n", ["example.com"]),
        # "from" in prose, "import" without "from" at the line's start
        ("I got it from example.com, import it\n", ["example.com"]),
        ("we import from example.com import lists\n", ["example.com"]),
        # names that only look like a format
        ("see dd.mm.example.com and my.mm\n", ["dd.mm.example.com", "my.mm"]),
        ("mail dd@mm.example.org\n", ["dd@mm.example.org"]),
    ],
)
def test_realtext6_rules_keep(text: str, expected: list[str]) -> None:
    assert texts(text) == expected


@pytest.mark.parametrize(("text", "at", "reason"), [
    ("RT @a: x https://t.co\u2026\n", "t.co", "§8 cut_truncated_urls"),
    ("from twisted.internet.app import Application", "internet", "§8 reject_code_expressions"),
    ("format dd.mm here", "mm", "§8 reject_patterns"),
])
def test_explain_names_the_rules(text: str, at: str, reason: str) -> None:
    assert reason in " ".join(explain(text, text.index(at), policy=REC).reasons)


_TLD = st.sampled_from(["com", "org", "net", "co", "app", "de"])
_HOST = st.tuples(st.lists(_LABEL, min_size=1, max_size=3).map(".".join), _TLD).map(".".join)


@given(st.sampled_from(["http", "https", "HTTPS"]), _HOST, st.sampled_from(["", "/"]),
       st.integers(1, 3), st.sampled_from(["", "\n", "\r\n", "\n@next post"]))
def test_property_post_cut_after_the_host_never_links(scheme: str, host: str, slash: str, dots: int, end: str) -> None:
    assert texts(f"RT @a: words {scheme}://{host}{slash}{chr(0x2026) * dots}{end}") == []


@given(_HOST, st.sampled_from(["", "/x", "/a/b?c=1"]), st.sampled_from([" and more", " \u2026 more"]))
def test_property_prose_ellipsis_keeps_the_link(host: str, path: str, rest: str) -> None:
    url = f"https://{host}{path}"
    assert texts(f"see {url}\u2026{rest}") == [url]


@given(st.sampled_from(["", "+", "-", "    ", "+    "]), st.lists(_LABEL, min_size=1, max_size=3).map(".".join),
       _TLD, st.sampled_from(["Application", "*", "(a, b)"]))
def test_property_python_from_import_never_links(prefix: str, module: str, tld: str, names: str) -> None:
    assert texts(f"x\n{prefix}from {module}.{tld} import {names}\n") == []


_PART = st.sampled_from(["d", "dd", "m", "mm", "yy", "yyyy", "h", "hh", "s", "ss", "DD", "MM", "YYYY", "HH", "SS"])


@given(st.lists(_PART, min_size=2, max_size=4).map(".".join), st.sampled_from([" ", "[", "(", "format "]))
def test_property_date_formats_never_link(fmt: str, before: str) -> None:
    assert texts(f"{before}{fmt} |") == []
