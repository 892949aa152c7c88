"""LinkifyUts58 as markdown-it-py's linkifier, against stock linkify-it-py."""

from __future__ import annotations

import importlib.metadata

import pytest

markdown_it = pytest.importorskip("markdown_it", reason="pip install '.[test]'")
linkify_it = pytest.importorskip("linkify_it", reason="pip install '.[test]'")

from markdown_it import MarkdownIt  # noqa: E402

from uts58_icu import LinkPolicy  # noqa: E402
from uts58_icu.markdown_it import LinkifyUts58, Match  # noqa: E402


@pytest.fixture(scope="module")
def ours() -> MarkdownIt:
    # The conformant base (no §8 policy): these cases document UTS #58 itself; the
    # default policy (LinkPolicy.recommended()) is tested in test_markdown_engines.py.
    md = MarkdownIt("commonmark", {"linkify": True}).enable("linkify")
    md.linkify = LinkifyUts58(policy=LinkPolicy())
    return md


@pytest.fixture(scope="module")
def stock() -> MarkdownIt:
    return MarkdownIt("commonmark", {"linkify": True}).enable("linkify")


EINSTEIN = "https://ja.wikipedia.org/wiki/アルベルト・アインシュタイン"
EINSTEIN_HREF = (
    "https://ja.wikipedia.org/wiki/%E3%82%A2%E3%83%AB%E3%83%99%E3%83%AB%E3%83%88%E3%83%BB"
    "%E3%82%A2%E3%82%A4%E3%83%B3%E3%82%B7%E3%83%A5%E3%82%BF%E3%82%A4%E3%83%B3"
)
PASU = "%E3%83%91%E3%82%B9"  # パス

# (markdown, our exact HTML, whether stock linkify-it-py renders it differently)
CASES = [
    (
        f"See {EINSTEIN} now",
        f'<p>See <a href="{EINSTEIN_HREF}">{EINSTEIN}</a> now</p>\n',
        False,
    ),
    (
        f"See {EINSTEIN}.",
        f'<p>See <a href="{EINSTEIN_HREF}">{EINSTEIN}</a>.</p>\n',
        False,
    ),
    (
        "(see example.com/a_(b))",
        '<p>(see <a href="https://example.com/a_(b)">example.com/a_(b)</a>)</p>\n',
        True,  # stock: http:// for a URL without a scheme
    ),
    (
        "(see https://example.com/a_(b)) and",
        '<p>(see <a href="https://example.com/a_(b)">https://example.com/a_(b)</a>) and</p>\n',
        False,
    ),
    # trailing closing brackets and quotes that are not ASCII
    (
        "（example.com/パス）を参照",
        f'<p>（<a href="https://example.com/{PASU}">example.com/パス</a>）を参照</p>\n',
        True,
    ),
    (
        "«https://example.com/x» and “https://example.com/y”",
        '<p>«<a href="https://example.com/x">https://example.com/x</a>» and '
        '“<a href="https://example.com/y">https://example.com/y</a>”</p>\n',
        True,
    ),
    # CJK punctuation
    (
        "詳細は「example.com/パス」を参照",
        f'<p>詳細は「<a href="https://example.com/{PASU}">example.com/パス</a>」を参照</p>\n',
        True,
    ),
    (
        "詳細は https://example.com/パス。",
        f'<p>詳細は <a href="https://example.com/{PASU}">https://example.com/パス</a>。</p>\n',
        True,
    ),
    (
        # No space before the host: CJK letters are valid in a domain label, so the
        # whole run is the host (UTS #58 leaves the start of a link to the host parser).
        "詳細はexample.com/パス。次",
        '<p><a href="https://xn--example-2e4fu924d8y1a.com/'
        f'{PASU}%E3%80%82%E6%AC%A1">詳細はexample.com/パス。次</a></p>\n',
        True,  # stock: http://
    ),
    # email addresses
    (
        "Mail αβγ.δεζ@example.com or mailto:john@example.com today.",
        '<p>Mail <a href="mailto:%CE%B1%CE%B2%CE%B3.%CE%B4%CE%B5%CE%B6@example.com">'
        'αβγ.δεζ@example.com</a> or <a href="mailto:john@example.com">mailto:john@example.com</a>'
        " today.</p>\n",
        True,  # stock does not link a non-ASCII local-part
    ),
    # Markdown around links: emphasis, existing links, code, escapes
    (
        "See **https://example.com/x** and *example.com/y*",
        '<p>See <strong><a href="https://example.com/x">https://example.com/x</a></strong> and '
        '<em><a href="https://example.com/y">example.com/y</a></em></p>\n',
        True,
    ),
    (
        "[x](https://a.com) and <https://b.com> and `c.com`",
        '<p><a href="https://a.com">x</a> and <a href="https://b.com">https://b.com</a> and '
        "<code>c.com</code></p>\n",
        False,
    ),
    (
        "http\\://example.com/ and https://example.com/a*b*",
        '<p>http://example.com/ and <a href="https://example.com/a*b">https://example.com/a*b</a>*'
        "</p>\n",
        False,
    ),
    (
        "See https://example.com/page#:~:text=foo,bar now",
        '<p>See <a href="https://example.com/page#:~:text=foo,bar">'
        "https://example.com/page#:~:text=foo,bar</a> now</p>\n",
        False,
    ),
    ("No links here.", "<p>No links here.</p>\n", False),
]


_MDIT_MAJOR = int(importlib.metadata.version("markdown-it-py").split(".")[0])


@pytest.mark.parametrize("source, html, stock_differs", CASES, ids=[c[0][:40] for c in CASES])
def test_render(ours: MarkdownIt, stock: MarkdownIt, source: str, html: str, stock_differs: bool) -> None:
    if not stock_differs and _MDIT_MAJOR < 4:
        # markdown-it-py 3 (the newest for Python 3.10) runs linkify after emphasis, so
        # `a*b*` splits before the link is found, for the stock linkifier as for ours.
        assert ours.render(source) == stock.render(source)
        return
    assert ours.render(source) == html
    if stock_differs:
        assert stock.render(source) != html
    else:
        assert stock.render(source) == html


def test_stock_known_problems(stock: MarkdownIt) -> None:
    """What the stock linkifier does on the cases UTS #58 fixes (documents the difference)."""
    assert "」を参照</a>" in stock.render("詳細は「example.com/パス」を参照")
    assert "）を参照</a>" in stock.render("（example.com/パス）を参照")
    assert "<a" not in stock.render("Mail αβγ@example.com")
    assert "パス。</a>" in stock.render("詳細は https://example.com/パス。")


def test_interface() -> None:
    lin = LinkifyUts58()
    text = "Go to example.com/α, https://e.com/x or a@example.com."
    assert lin.pretest(text) and lin.test(text)
    assert not lin.pretest("no links") and not lin.test("no links")
    assert not lin.test("a.b is not a link")
    matches = lin.match(text)
    assert matches is not None
    expected = [("", "example.com/α"), ("https:", "https://e.com/x"), ("mailto:", "a@example.com")]
    assert [(m.schema, m.raw, m.text) for m in matches] == [(s, t, t) for s, t in expected]
    for m in matches:
        assert text[m.index : m.last_index] == m.raw
    assert [m.index for m in matches] == [6, 21, 40]
    assert [m.url for m in matches] == [
        "https://example.com/%CE%B1",
        "https://e.com/x",
        "mailto:a@example.com",
    ]
    assert lin.match("nothing") is None
    assert lin.match("") is None


def test_match_at_start() -> None:
    lin = LinkifyUts58()
    m = lin.match_at_start("https://example.com/α). more")
    assert m == Match("https:", 0, 21, "https://example.com/α", "https://example.com/α", "https://example.com/α")
    assert lin.match_at_start("example.com/x") is None  # no scheme
    assert lin.match_at_start(" https://example.com") is None  # not at the start
    assert lin.match_at_start("") is None
    assert lin.test_schema_at("see https://example.com", "https:", 10) == len("//example.com")
    assert lin.test_schema_at("see https://example.com", "http:", 10) == 0


def test_options() -> None:
    text = "a@example.com example.com https://e.com"
    lin = LinkifyUts58({"fuzzy_email": False})
    assert [m.raw for m in lin.match(text) or []] == ["example.com", "https://e.com"]
    lin.set({"fuzzy_link": False})
    assert [m.raw for m in lin.match(text) or []] == ["https://e.com"]
    only_net = LinkifyUts58(tlds={"net"})
    assert only_net.match("example.com example.net") == [
        Match("", 12, 23, "example.net", "example.net", "https://example.net")
    ]
    md = MarkdownIt("commonmark", {"linkify": True}).enable("linkify")
    md.linkify = LinkifyUts58({"fuzzy_email": False})
    assert md.render("a@example.com") == "<p>a@example.com</p>\n"


def test_type_errors() -> None:
    lin = LinkifyUts58()
    for method in (lin.pretest, lin.test, lin.match, lin.match_at_start):
        with pytest.raises(TypeError):
            method(b"example.com")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        lin.set(["fuzzy_link"])  # type: ignore[arg-type]
