"""Django and Jinja2 ``urlize`` on plain text: straight from the text (``uts58_icu._urlize``)
instead of through the HTML tokenizer, with the same output (issue 19: Django's CVE
payloads; issue 22 item 10: memory)."""

from __future__ import annotations

import html as stdlib_html
import random
import sys
import tracemalloc
from pathlib import Path

import django
import pytest
from django.conf import settings
from hypothesis import given
from hypothesis import strategies as st
from markupsafe import Markup, escape

pytest.importorskip("turbohtml")  # the HTML path compared against

if not settings.configured:
    settings.configure(INSTALLED_APPS=["uts58_icu.django"], USE_I18N=False)
    django.setup()

from django.utils.html import escape as django_escape
from django.utils.safestring import mark_safe

from uts58_icu import django as dj
from uts58_icu import jinja2 as jj
from uts58_icu import html as uhtml
from uts58_icu._urlize import ESCAPES, MAYBE_LINK, linkify_text
from uts58_icu.html import Linker, _MAX_RESCANS

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

# Pieces of text that make links, break them, need escaping, or change the HTML tokenizer.
PIECES = [
    "a.com", "http://", "https://x.org/a?b=1&c=2", "me@a.com", "www.a.com", "(a.com)", "x.co/",
    "&", "&amp;", "&lt;", "<", ">", '"', "'", "\r", "\r\n", "\n", "\0", " ", ".", ",", ";", "]", ")", "@",
    "例え.テスト", "bücher.de", "аррӏе.com", "\u202e", "\xa0", "tel:+1555", "xmpp:a@b.org", "a.comhttp://",
    "javascript:alert(1)", "\ud800", "ﬀ", "\t", "X.COM", "Ex.Org.", "a\u00adb.com", "\u200e", "x.com?", "é",
]  # fmt: skip
texts = st.lists(st.sampled_from(PIECES) | st.text(max_size=4), max_size=14).map("".join)


def old_django(text: str, trim: int | None, nofollow: bool) -> str:
    """What uts58_icu.django.urlize gave before the plain-text path: the HTML linker on the escaped text."""
    return dj._linker(trim, nofollow).linkify(str(django_escape(text)))


@given(texts, st.sampled_from([None, 0, 5, 20]), st.booleans())
def test_django_plain_text_is_the_html_path(text: str, trim: int | None, nofollow: bool) -> None:
    assert dj.urlize(text, trim, nofollow, autoescape=True) == old_django(text, trim, nofollow)


@given(texts)
def test_django_html_without_markup_is_the_html_path(text: str) -> None:
    out = dj.urlize(text, nofollow=True)  # not escaped: read as HTML
    assert out == dj._linker(None, True).linkify(text)
    assert dj.urlize(mark_safe(text), nofollow=True, autoescape=True) == out


@given(texts, st.sampled_from([None, 6]), st.sampled_from([None, "noopener"]), st.sampled_from([(), ("tel:", "xmpp:")]))
def test_jinja_plain_text_is_the_html_path(text: str, trim: int | None, rel: str | None, schemes: tuple[str, ...]) -> None:
    linker = jj._linker(trim, rel, None, schemes)
    assert str(jj.urlize(text, trim, rel=rel, extra_schemes=schemes or None)) == linker.linkify(str(escape(text)))
    assert str(jj.urlize(Markup(escape(text)), trim, rel=rel, extra_schemes=schemes or None)) == linker.linkify(
        str(escape(text))
    )


@given(st.text())
def test_escapes_are_the_ones_the_filters_use(text: str) -> None:
    assert stdlib_html.escape(text) == str(django_escape(text))
    assert jj._escape_str(text) == str(escape(text))


@given(texts)
def test_maybe_link_is_sound(text: str) -> None:
    # The shortcut: text without '@', ':' or a label separator has no link.
    if MAYBE_LINK.search(text) is None:
        assert Linker(callbacks=[]).links(text) == []
        assert jj._linker(None, None, None, ("tel:",)).links(text) == []


@pytest.mark.parametrize("k", [_MAX_RESCANS - 1, _MAX_RESCANS, _MAX_RESCANS + 1, _MAX_RESCANS + 2, 40])
def test_rescan_levels_as_the_html_path(k: int) -> None:
    # Each rescan of a gap peels one more link off the chain; past the last level the
    # whole text is left unlinked (escaped), as the HTML linker leaves the run.
    text = "a.comhttp://" * k + "a.com & <b>"
    assert dj.urlize(text, autoescape=True) == old_django(text, None, False)
    if k > _MAX_RESCANS:
        assert dj.urlize(text, autoescape=True) == stdlib_html.escape(text)


def cve_payloads(n: int) -> dict[str, str]:
    import bench_html

    return dict(bench_html.cve_payloads(n))


@pytest.mark.parametrize("name", list(cve_payloads(1)))
def test_cve_payloads_as_the_html_path(name: str) -> None:
    text = cve_payloads(300)[name]
    assert dj.urlize(text, nofollow=True, autoescape=True) == old_django(text, None, True)
    linker = jj._linker(None, "nofollow", None, ())
    assert str(jj.urlize(text, nofollow=True)) == linker.linkify(str(escape(text)))


def test_identity_escape_needs_no_markup() -> None:
    linker = dj._linker(None, True)
    text = "see a.com, me@b.org and http://x.org/y\r\nok\0 c.de"
    assert linkify_text(linker, text, str) == linker.linkify(text)


def prose(size: int) -> str:
    import bench_cli_stream

    return bench_cli_stream.make_chunk(random.Random(58), size).decode("utf-8")


def peak_over_input(fn, text: str) -> float:  # type: ignore[no-untyped-def]
    """tracemalloc peak during ``fn(text)`` beyond the result, over the input (as bench_hostile.py)."""
    fn("warm up example.com bob@example.org")
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        base, _ = tracemalloc.get_traced_memory()
        result = fn(text)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return (peak - base - sys.getsizeof(result)) / sys.getsizeof(text)


def test_django_urlize_memory_on_prose() -> None:
    # Issue 22 item 10: at most 5x the input. The HTML path held every Link of the text,
    # the tokenizer's copies and one output piece per link: 10.5x here (tracemalloc).
    text = prose(400_000)
    assert peak_over_input(lambda t: dj.urlize(t, nofollow=True, autoescape=True), text) <= 5.0
    assert peak_over_input(lambda t: str(jj.urlize(t, nofollow=True)), text) <= 5.0


def python_only(fn, *args):  # type: ignore[no-untyped-def]
    """``fn(*args)`` with the compiled HTML driver off (html.py's and _urlize.py's Python code)."""
    uhtml._USE_COMPILED = False
    try:
        return fn(*args)
    finally:
        uhtml._USE_COMPILED = True


@given(texts, st.sampled_from([None, 0, 5, 20]), st.booleans(), st.sampled_from(["django", "jinja", "identity"]))
def test_compiled_plain_text_is_the_python_plain_text(text: str, trim: int | None, nofollow: bool, how: str) -> None:
    # The compiled driver (uts58_icu/html.c) in its plain-text mode against _urlize.py's loop.
    linker = dj._linker(trim, nofollow) if how != "jinja" else jj._linker(trim, "nofollow" if nofollow else None, None, ())
    escape_fn = {"django": stdlib_html.escape, "jinja": jj._escape_str, "identity": str}[how]
    if how == "identity":
        text = text.replace("&", "").replace("<", "")  # the identity is for text without markup
    assert linkify_text(linker, text, escape_fn) == python_only(linkify_text, linker, text, escape_fn)


@pytest.mark.parametrize("name", list(cve_payloads(1)))
def test_compiled_plain_text_on_cve_payloads(name: str) -> None:
    text = cve_payloads(2_000)[name]
    for linker, escape_fn in ((dj._linker(None, True), stdlib_html.escape), (dj._linker(10, False), stdlib_html.escape),
                              (jj._linker(None, "nofollow", None, ()), jj._escape_str)):  # fmt: skip
        assert linkify_text(linker, text, escape_fn) == python_only(linkify_text, linker, text, escape_fn)


# Texts longer than html._LONG_RUN: the compiled loop takes their links lazily (iter_links).
LONG_TEXTS = {
    "one line": "see a.com & <b> " * 5_000,
    "lines": "see a.com, me@b.org and http://x.org/y?q=1&r=2 <i>\r\n" * 1_500,
    "dense": "x.com&" * 12_000,
    "gaps": "a.comhttp://b.org/ " * 4_000,
    "multilingual": "例え.テスト と bücher.de です。\n" * 3_000,
}


@pytest.mark.parametrize("name", list(LONG_TEXTS))
def test_compiled_plain_text_on_long_texts(name: str) -> None:
    text = LONG_TEXTS[name]
    assert len(text) > uhtml._LONG_RUN
    for linker, escape_fn in ((dj._linker(None, True), stdlib_html.escape), (dj._linker(10, False), stdlib_html.escape),
                              (jj._linker(None, "nofollow", None, ()), jj._escape_str)):  # fmt: skip
        assert linkify_text(linker, text, escape_fn) == python_only(linkify_text, linker, text, escape_fn)
    if uhtml._compiled_driver() is not None:  # covered by the compiled loop, not left to Python
        linker = dj._linker(None, True)
        assert uhtml.link_plain_text(linker, text, text.replace("\r", " "), ESCAPES[stdlib_html.escape]) is not None


@pytest.mark.parametrize("k", [_MAX_RESCANS, _MAX_RESCANS + 1, 40])
def test_compiled_plain_text_past_the_rescan_levels(k: int) -> None:
    text = "a.comhttp://" * k + "a.com & <b>"
    linker = dj._linker(None, False)
    assert linkify_text(linker, text, stdlib_html.escape) == python_only(linkify_text, linker, text, stdlib_html.escape)


@given(st.text())
def test_escape_tables_are_the_escape_functions(text: str) -> None:
    # What the compiled plain-text linker writes for each escape function it knows.
    assert set(ESCAPES) == {stdlib_html.escape, str, jj._escape_str}
    for fn, table in ESCAPES.items():
        replaced = table or tuple("&<>\"'")
        built = "".join(replaced["&<>\"'".index(c)] if c in "&<>\"'" else c for c in text)
        assert fn(text) == built
