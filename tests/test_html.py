"""uts58_icu.html.linkify: links in text nodes only, everything else byte-identical."""

from __future__ import annotations

import re

import nh3
import pytest
from hypothesis import given
from hypothesis import strategies as st

from uts58_icu import BRACKET_STACK_LIMIT, Link, LinkPolicy
from uts58_icu.html import (
    Linker,
    Misaligned,
    _tokens,
    linkify,
    nofollow,
    target_blank,
    unsafe_href,
)

ISSUE_IN = "see example.com/?a=1&amp;b=2 now"
ISSUE_OUT = 'see <a href="https://example.com/?a=1&amp;b=2" rel="nofollow">example.com/?a=1&amp;b=2</a> now'

MARK = "data-uts58-test"


def mark(attrs: dict[str, str], link: Link) -> dict[str, str]:
    attrs[MARK] = "1"
    return attrs


MARKED = Linker(callbacks=[mark])
INSERTED = re.compile(r'<a href="[^"]*" ' + MARK + r'="1">(.*?)</a>', re.DOTALL)


def unlinked(out: str) -> str:
    """``out`` with the inserted ``<a>`` removed (their source text kept)."""
    return INSERTED.sub(lambda m: m.group(1), out)


def test_issue_example() -> None:
    assert linkify(ISSUE_IN) == ISSUE_OUT


@pytest.mark.parametrize(
    ("html", "out"),
    [
        ("<p>a.com</p>", '<p><a href="https://a.com" rel="nofollow">a.com</a></p>'),
        ('<a href="x">a.com</a> ', '<a href="x">a.com</a> '),
        ("<a>x <b>a.com</b></a>", "<a>x <b>a.com</b></a>"),
        ("<script>a.com</script><style>a.com</style><textarea>a.com</textarea>",
         "<script>a.com</script><style>a.com</style><textarea>a.com</textarea>"),
        ("<title>a.com</title><xmp>a.com</xmp><svg><text>a.com</text></svg>",
         "<title>a.com</title><xmp>a.com</xmp><svg><text>a.com</text></svg>"),
        ("<pre>a.com</pre><code>a.com</code>", "<pre>a.com</pre><code>a.com</code>"),
        ('<img alt="a.com" title=b.com>', '<img alt="a.com" title=b.com>'),
        ("<!-- a.com --><!DOCTYPE html>", "<!-- a.com --><!DOCTYPE html>"),
        ("<P CLASS='x'>a.com</P >", "<P CLASS='x'><a href=\"https://a.com\" rel=\"nofollow\">a.com</a></P >"),
        ("a@b.com", '<a href="mailto:a@b.com">a@b.com</a>'),
        ("&#x68;ttp://x.com", '<a href="http://x.com" rel="nofollow">&#x68;ttp://x.com</a>'),
        ("a\r\nb.com\r\n", 'a\r\n<a href="https://b.com" rel="nofollow">b.com</a>\r\n'),
        ("x</>y.com", 'x</><a href="https://y.com" rel="nofollow">y.com</a>'),
        ("<b>cut a.com <i", '<b>cut <a href="https://a.com" rel="nofollow">a.com</a> <i'),
        ("ウェブサイトはexample.com", 'ウェブサイトは<a href="https://example.com" rel="nofollow">example.com</a>'),
    ],
)
def test_cases(html: str, out: str) -> None:
    assert linkify(html) == out
    assert linkify(out) == out


def test_skip_tags() -> None:
    html = "<pre>a.com</pre><code>b.com</code>"
    assert linkify(html, skip_tags=["pre"]) == (
        '<pre>a.com</pre><code><a href="https://b.com" rel="nofollow">b.com</a></code>'
    )
    assert linkify("<a>a.com</a><script>a.com</script>", skip_tags=[]) == "<a>a.com</a><script>a.com</script>"


def test_parse_email_and_callbacks() -> None:
    assert linkify("a@b.com", parse_email=False) == "a@b.com"
    out = linkify("a.com a@b.com", callbacks=[nofollow, target_blank])
    assert out == ('<a href="https://a.com" rel="nofollow" target="_blank">a.com</a> '
                   '<a href="mailto:a@b.com">a@b.com</a>')
    assert linkify("a.com", callbacks=[]) == '<a href="https://a.com">a.com</a>'
    assert linkify("a.com b.org", callbacks=[lambda a, link: None if "a.com" in link.text else a]) == (
        'a.com <a href="https://b.org">b.org</a>'
    )


def test_callback_text_and_attributes_are_escaped() -> None:
    def evil(attrs: dict[str, str], link: Link) -> dict[str, str]:
        attrs["_text"] = "<script>&\xa0"
        attrs["title"] = '"><script>'
        return attrs

    assert linkify("a.com", callbacks=[evil]) == (
        '<a href="https://a.com" title="&quot;&gt;&lt;script&gt;">&lt;script&gt;&amp;&nbsp;</a>'
    )


@pytest.mark.parametrize("href", ["javascript:alert(1)", " JaVa\tScript:x", "\x01data:text/html,x", "VBSCRIPT:x"])
def test_unsafe_href_is_never_linked(href: str) -> None:
    assert unsafe_href(href)
    assert linkify("a.com", callbacks=[lambda a, link: {**a, "href": href}]) == "a.com"


def test_bad_arguments() -> None:
    with pytest.raises(TypeError, match="html"):
        linkify(b"a.com")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="skip_tags"):
        linkify("x", skip_tags="pre")
    with pytest.raises(TypeError, match="callbacks"):
        linkify("x", callbacks=[1])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="policy"):
        linkify("x", policy=3)  # type: ignore[arg-type]  (names are accepted: issue 20 item 13)
    with pytest.raises(TypeError, match="parse_email"):
        linkify("x", parse_email=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="attribute name"):
        linkify("a.com", callbacks=[lambda a, link: {**a, "on x": "y"}])


def test_policy_is_used() -> None:
    assert linkify("see x.py") == "see x.py"  # recommended: .py is a file extension
    assert linkify("see x.py", policy=LinkPolicy(), callbacks=[]) == 'see <a href="https://x.py">x.py</a>'


PIECES = [
    "a.com", "http://ex.org/p?q=1&r=2", "www.x.org/(a)", "me@mail.net", "&amp;", "&lt;", "&#x2e;",
    "&copy", " ", "\n", "\r\n", ".", ",", "(", ")", "<p>", "</p>", "<b>", "</b>", "<a href='x.com'>",
    "</a>", "<pre>", "</pre>", "<code>", "</code>", "<script>", "</script>", "<br/>", "<!-- c.com -->",
    "</>", "<", ">", "&", '"', "'", "例え.jp", "テスト", "\x00", "é", "<textarea>", "</textarea>",
    "<img alt=a.com>", "<svg>", "</svg>", "<title>", "</title>", "x", "y.com",
]  # fmt: skip
html_like = st.lists(st.sampled_from(PIECES), max_size=30).map("".join)


@given(html_like)
def test_nothing_else_changes(html: str) -> None:
    out = MARKED.linkify(html)
    assert unlinked(out) == html


@given(html_like)
def test_idempotent(html: str) -> None:
    out = linkify(html)
    assert linkify(out) == out


@given(st.lists(st.sampled_from([*"<>/!-?&#;xap=\"' \r\n\x00\x0céb", "script", "<!--", "]]>", "title"]),
                max_size=40).map("".join))
def test_tokenizer_offsets_always_align(html: str) -> None:
    try:
        spans = list(_tokens(html))
    except Misaligned as exc:  # pragma: no cover - the failure being tested for
        pytest.fail(str(exc))
    last = 0
    for _kind, start, end, _decoded, _tag, _closing in spans:
        assert last <= start <= end <= len(html)
        last = end


NH3_ATTRS = {"a": {"href", "rel", "target"}}
nh3_pieces = st.lists(
    st.sampled_from(["a.com", "http://ex.org/p?q=1&amp;r=2", "me@mail.net", " ", "<p>", "</p>", "<b>", "</b>",
                     "&amp;", "&lt;", "x", "(", ")", "www.例え.jp/パス", ".", "\n"]),
    max_size=20,
).map("".join)


@given(nh3_pieces)
def test_nh3_keeps_the_output(html: str) -> None:
    if nh3.clean(html, attributes=NH3_ATTRS, link_rel=None) != html:
        return  # only inputs that nh3 itself leaves alone can be compared
    for callbacks in ([nofollow], [nofollow, target_blank]):
        out = linkify(html, callbacks=callbacks)
        assert nh3.clean(out, attributes=NH3_ATTRS, link_rel=None) == out


def test_nh3_on_a_known_case() -> None:
    out = linkify("<p>see http://例え.jp/パス?a=1&amp;b=2 and me@mail.net</p>", callbacks=[nofollow, target_blank])
    assert "<a " in out
    assert nh3.clean(out, attributes=NH3_ATTRS, link_rel=None) == out


# Payloads built from the public descriptions of Django's urlize denial-of-service CVEs:
# CVE-2018-7536 (backtracking in the email/URL patterns on long dotted words),
# CVE-2024-38875 (very many brackets), CVE-2024-41990 and CVE-2024-45230 (very large
# inputs with repeated trailing punctuation / entity sequences such as "&lt;" and "&;").
# Time is measured in bench/bench_html.py; here only correctness, on modest sizes.
N = 3000
CVE_PAYLOADS = {  # name: (payload, the href of the one link expected, or None)
    "CVE-2018-7536-email": ("a@" + "a." * N + "!", None),  # host far too long to be a link
    "CVE-2018-7536-dots": ("example.com" + "." * N, "https://example.com"),
    "CVE-2024-38875": ("(" * N + "http://example.com/" + ")" * N, "http://example.com/"),
    "CVE-2024-38875-square": ("[" * N + "example.com" + "]" * N, "https://example.com"),
    # "<" is an opening bracket of §3.5.1 termination: the link ends at the stack limit
    "CVE-2024-41990": ("http://example.com/" + "&lt;" * N + "]" * N,
                       "http://example.com/" + "%3C" * BRACKET_STACK_LIMIT),
    "CVE-2024-45230": ("example.com" + "&" * N + ";" * N, "https://example.com"),
}


@pytest.mark.parametrize("name", sorted(CVE_PAYLOADS))
def test_django_cve_payloads(name: str) -> None:
    payload, href = CVE_PAYLOADS[name]
    out = MARKED.linkify(payload)
    assert unlinked(out) == payload
    assert re.findall(r'<a href="([^"]*)"', out) == ([href] if href else [])


def test_import_uts58_icu_loads_no_parser_or_framework() -> None:
    import subprocess
    import sys

    code = (
        "import sys, uts58_icu; "
        "print(sorted(m for m in ('turbohtml', 'django', 'jinja2', 'markupsafe', 'nh3') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_a_elements_never_nest() -> None:
    # "<a id=x/>" opens an a (no self-closing in HTML) and everything up to the next
    # a is inside it; a new <a> closes it (adoption agency), so after "</a>" text is free.
    html = '<h2><a id="s"/>Title a.com</h2><p>see <a href="u">u</a> then b.com</p>'
    assert linkify(html) == html.replace("b.com", '<a href="https://b.com" rel="nofollow">b.com</a>')
