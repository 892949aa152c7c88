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

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from uts58_icu import LinkPolicy, explain, find_links

REC = LinkPolicy.recommended()


def texts(text: str, policy: LinkPolicy = REC) -> list[str]:
    return [lk.text for lk in find_links(text, policy=policy)]


def without(field: str) -> LinkPolicy:
    return dataclasses.replace(REC, **{field: False})  # type: ignore[arg-type]


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


def test_explain_names_the_rules() -> None:
    cut = "RT @a: x https://t.co\u2026\n"
    assert "§8 cut_truncated_urls" in " ".join(explain(cut, cut.index("t.co"), policy=REC).reasons)
    imp = "from twisted.internet.app import Application"
    assert "§8 reject_code_expressions" in " ".join(explain(imp, imp.index("internet"), policy=REC).reasons)
    fmt = "format dd.mm here"
    assert "§8 reject_patterns" in " ".join(explain(fmt, fmt.index("mm"), policy=REC).reasons)


_LOWER = "abcdefghijklmnopqrstuvwxyz"
_LABEL = st.text(_LOWER + "0123456789", min_size=1, max_size=10).filter(lambda s: s[0].isalpha())
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
