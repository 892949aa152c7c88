"""The compiled HTML driver (``uts58_icu/html.c``) gives the Python driver's output (issue 19).

``Linker.linkify`` runs ``html.c`` where it covers the call and falls back to the Python
driver in ``html.py`` (the reference) for everything else. Each document here is linked
both ways and the strings must be equal: Hypothesis HTML-ish documents (character
references, comments, CDATA, raw-text elements, ``<a>``, attributes, CR, NUL, non-ASCII
text), the benchmark's pages, the hand-written pages of ``test_html_pages.py`` and the
peers' test texts read as HTML. The compiled driver must also cover the ordinary
documents (it returns None where it leaves the call to Python).
"""

from __future__ import annotations

import gzip
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from uts58_icu import html as uhtml
from uts58_icu.html import Linker, nofollow, target_blank

from test_html_pages import HANDWRITTEN, PAGES  # noqa: E402  (tests/ is on sys.path)

pytestmark = pytest.mark.skipif(uhtml._compiled_driver() is None, reason="the compiled core is not in use")

LINKERS = {
    "default": Linker(),
    "base": Linker(policy="base"),
    "no-email": Linker(parse_email=False),
    "everywhere": Linker(skip_tags=()),
    "callbacks": Linker(callbacks=(nofollow, target_blank)),
    "no-callbacks": Linker(callbacks=()),
    "skip-p": Linker(skip_tags=("p", "b", "br")),
    "tlds": Linker(tlds=("com", "org")),
}


def python_driver(linker: Linker, doc: str) -> str:
    uhtml._USE_COMPILED = False
    try:
        return linker.linkify(doc)
    finally:
        uhtml._USE_COMPILED = True


def compiled_driver(linker: Linker, doc: str) -> str | None:
    """The compiled driver's output, or None where it leaves the document to Python."""
    linker.linkify("")  # sets linker._compiled
    driver, context = linker._compiled
    result: str | None = driver(doc, uhtml._tokenizer_input(doc), context)
    return result


def check(linker: Linker, doc: str) -> str | None:
    compiled = compiled_driver(linker, doc)
    expected = python_driver(linker, doc)
    if compiled is not None:
        assert compiled == expected, doc
    assert linker.linkify(doc) == expected
    return compiled


FRAGMENTS = [
    "<p>", "</p>", "<P class=x>", "<a href=x>", "<a href='y.com'>", "</a>", "</A >", "<b>", "</b>", "<br/>",
    "<pre>", "</pre>", "<code>", "</code>", "<div title=\"a>b.com\">", "<img src=x.png alt='c.org'>",
    "<p a=b c d='e' f=\"g\"/>", "<p =x>", "<a<b>", "</ x>", "</>", "</", "<", "<3", "<!--", "-->", "<!-- c.com -->",
    "<!-->", "<!--->", "--!>", "<!doctype html>", "<!DOCTYPE x y='>'>", "<![CDATA[x.com]]>", "<?pi a.com?>", "<!x>",
    "<script>", "</script>", "<script>var u='http://x.com';</script>", "<style>p{}</style>", "<title>t.com</title>",
    "<textarea>h.com</textarea>", "<xmp><b>x.com</xmp>", "<iframe>y.com</iframe>", "<plaintext>", "</style",
    "<noscript>", "<svg>", "</svg>", "<math>", "<table>", "<td>", "<select>", "<template>",
    "&amp;", "&amp", "&lt;", "&gt", "&#46;", "&#x2F;", "&#x40;", "&period;", "&colon;", "&commat;", "&notit;", "&ampx",
    "&copy2024", "&#0;", "&#x80;", "&#xD800;", "&#99999999999;", "&#", "&#x", "&", "&zzz;", "&AElig", "&nbsp;",
    " ", "\n", "\r\n", "\r", "\t", "\0", ".", ":", "@", "/", "(", ")", "=", "\"", "'",
    "a.com", "x@y.org", "http://", "https://ex.com/p?q=1&amp;r=2", "www.", "b.org", "a.comhttp://b.org", "例.中国",
    "。", "é", "\u00a0", "\u202e", "\u200b", "file.py", "http://localhost/", "してるhttp://example.comいま",
    "mailto:a@b.co?subject=x", "1.2.3.4", "xn--80ak6aa92e.com", "аррӏе.com", "javascript:alert(1)", "😀",
]  # fmt: skip

docs = st.lists(st.sampled_from(FRAGMENTS), max_size=40).map("".join)


@given(docs, st.sampled_from(sorted(LINKERS)))
def test_compiled_driver_gives_the_python_drivers_output(doc: str, name: str) -> None:
    check(LINKERS[name], doc)


@given(st.text(alphabet=st.sampled_from("<>/!-&#;=\"' \n\rax.c:@ép\0"), max_size=60))
def test_compiled_driver_on_markup_noise(doc: str) -> None:
    check(LINKERS["default"], doc)


def test_compiled_driver_on_pages() -> None:
    for page in PAGES:
        for name in ("default", "base", "everywhere"):
            assert check(LINKERS[name], page) is not None  # covered: no fallback on ordinary pages


def test_compiled_driver_on_handwritten_pages() -> None:
    for case in HANDWRITTEN:
        doc = case[0] if isinstance(case, tuple) else case
        for linker in LINKERS.values():
            check(linker, doc)


def _peer_texts() -> Iterator[str]:
    cases = Path(os.environ.get("UTS58_PEER_CASES", Path(__file__).resolve().parents[2] / "shared" / "peers" / "cases"))
    for path in sorted(cases.glob("*.jsonl*")):
        opener: Any = gzip.open if path.suffix == ".gz" else open
        with opener(path, "rt", encoding="utf-8") as lines:
            for line in lines:
                text = json.loads(line).get("text")
                if isinstance(text, str):
                    yield text


def test_compiled_driver_on_the_peers_texts() -> None:
    texts = list(_peer_texts())
    if not texts:
        pytest.skip("the peers' cases are not here (../shared/peers/cases)")
    covered = 0
    for text in texts:
        covered += check(LINKERS["default"], text) is not None
    assert covered > len(texts) * 0.9


@pytest.mark.parametrize(
    "doc",
    [
        "<svg><a>i.com</a></svg> x.com",  # foreign content: _chunks tracks the tree builder
        "<table><tr><td>a.com</td></tr></table>",
        "<select><option>b.com</select>",
        "<noscript><p>c.com</p></noscript>",
        "<script><!--<script></script>d.com</script>e.com",  # the escaped script states
        "<p\u212a>f.com</p>",  # a non-ASCII tag name
    ],
)
def test_what_the_compiled_driver_leaves_to_python(doc: str) -> None:
    assert compiled_driver(LINKERS["default"], doc) is None
    check(LINKERS["default"], doc)


# Runs longer than html._LONG_RUN: their links come lazily from Linker._found
# (iter_links, a piece of whole lines at a time) in both drivers.
LONG_RUNS = {
    "one line": "see a.com " * 7_000,
    "lines": "see a.com, me@b.org and http://x.org/y?q=1\n" * 1_700,
    "dense": "x.com&" * 12_000,
    "references": "a&amp;b.com &lt;c.org&gt; &#46;d.net\n" * 2_000,
    "gaps": "a.comhttp://b.org/ " * 4_000,
    "multilingual": "例え.テスト と bücher.de です。\n" * 3_000,
    "lines then a long line": "a.com\n" * 5_000 + "b.org " * 12_000,
}


@pytest.mark.parametrize("name", list(LONG_RUNS))
@pytest.mark.parametrize("how", ["base", "default", "no-email", "callbacks"])
def test_a_long_run_is_the_python_drivers(name: str, how: str) -> None:
    doc = LONG_RUNS[name]
    assert len(doc) > uhtml._LONG_RUN
    assert check(LINKERS[how], doc) is not None  # covered by the compiled driver


def test_a_long_run_between_tags_is_the_python_drivers() -> None:
    doc = "<p>" + "see a.com " * 7_000 + "</p><pre>" + "b.org " * 12_000 + "</pre><b>c.net</b>"
    for how in ("base", "default", "skip-p"):
        assert check(LINKERS[how], doc) is not None


def test_what_the_compiled_driver_is_not_used_for() -> None:
    class Sub(Linker):
        pass

    assert Sub().linkify("x.com") == Linker().linkify("x.com")
    for linker in (Sub(), Linker(existing_links=lambda attrs: attrs), Linker(skip_tags=("é",))):
        linker.linkify("")
        assert linker._compiled == ()


def test_the_entity_table_is_the_tokenizers() -> None:
    # html.c decodes named references with html.entities.html5 (longest match, the
    # letters and digits after a match without ";" in the same token): turbohtml must agree.
    from html.entities import html5

    import turbohtml

    for name, value in html5.items():
        doc = f"&{name} "
        tokens = list(turbohtml.tokenize(doc, capture_source=True, resolve_references=False))
        assert (tokens[0].source, tokens[0].data) == (f"&{name}", value), name
    doc = "&notit; &ampx &copy2024 &ampamp;"
    refs = [(t.source, t.data) for t in turbohtml.tokenize(doc, capture_source=True, resolve_references=False)
            if t.type == turbohtml.TokenType.CHARACTER_REFERENCE]  # fmt: skip
    assert refs == [("&notit", "¬it"), ("&ampx", "&x"), ("&copy2024", "©2024"), ("&ampamp", "&amp")]


@pytest.mark.parametrize("number", [0, 9, 10, 13, 46, 64, 0x80, 0x81, 0x9F, 0xA0, 0xD800, 0xFFFE, 0x10FFFF, 0x110000, 10**12])
def test_numeric_references(number: int) -> None:
    for ref in (f"&#{number};", f"&#x{number:x}", f"&#X{number:X};"):
        check(LINKERS["default"], f"<p>a{ref}b.com x.org{ref}c@d.org</p>")


def test_the_constants_are_the_python_drivers() -> None:
    # html.c repeats a few constants of the Python side; a drift would change its memory
    # (LAZY_ITER_THRESHOLD: when a long line's links come lazily) or its output.
    import re

    from uts58_icu.core.detection import LAZY_ITER_THRESHOLD

    source = (Path(uhtml.__file__).parent / "html.c").read_text(encoding="utf-8")
    defines = {name: 1 << int(shift) if shift else int(value)
               for name, shift, value in re.findall(r"^#define (\w+) (?:\(1 << (\d+)\)|(\d+))", source, re.M)}
    assert defines["LONG_RUN"] == uhtml._LONG_RUN
    assert defines["MAX_RESCANS"] == uhtml._MAX_RESCANS
    assert defines["JOIN_EVERY"] == uhtml._JOIN_EVERY
    assert defines["LAZY_ITER_THRESHOLD"] == LAZY_ITER_THRESHOLD


# The document itself is the tokenizer's input unless it holds a CR, a NUL or "</>":
# html.c checks that in blocks of 512 characters (html_linkify(doc, None, ctx)); the
# pieces straddle the block edges and each string kind (1, 2 and 4 bytes a character).
_SOURCE_PIECES = ["\r", "\0", "</>", "</", "/>", "<", "/", ">", "a", "<p>", "é", "例", "😀", " "]


@given(
    st.lists(st.sampled_from(_SOURCE_PIECES), max_size=6).map("".join),
    st.sampled_from([0, 1, 509, 510, 511, 512, 1021, 1022, 1023, 1024]) | st.integers(0, 1100),
    st.sampled_from(["x", "é", "例", "😀"]),
)
def test_compiled_driver_reads_the_document_as_its_tokenizer_input(piece: str, pad: int, fill: str) -> None:
    doc = fill * pad + piece + fill * (pad % 7)
    linker = LINKERS["default"]
    linker.linkify("")
    driver, context = linker._compiled
    direct = driver(doc, None, context)
    if uhtml._tokenizer_input(doc) != doc:
        assert direct is NotImplemented
    else:
        assert direct is not NotImplemented and direct == driver(doc, doc, context)
    assert linker.linkify(doc) == python_driver(linker, doc)


# The links the driver writes from the scan's records (no Link object; issue 19): a host
# alone, whose href is written lower-cased from the text; an email (dropped for
# parse_email=False); a link holding an invisible character (written through a Link);
# a gate cut; a suspect for the Python rules; text of each str kind; a host spelt with
# a character reference.
RECORD_TEXTS = [
    "X.COM&Y.Org.&z.net", "see Ex.Org. and a.b.COM, then x.com?", "mail A@B.COM or c@d.org", "x.co/Path?Q=1&amp;r",
    "https://ex.com/a\u200eb x.com", "http://ex.com/a\u00adb and a\u00adb.com", "https://Ex.COM/p? and y.org?",
    "Message-ID: <a@b.com>\nIn-Reply-To: <c@d.org>\nsee x.com", "café X.com résumé", "日本 X.COM ü y.org",
    "X&#46;COM and y&period;org", "<p>A.COM</p><p>b.org &amp; C.net</p>", "x.com&" * 50, "\u00e9x.com&" * 30,
]  # fmt: skip


@pytest.mark.parametrize("doc", RECORD_TEXTS)
def test_links_written_from_the_scans_records(doc: str) -> None:
    for linker in LINKERS.values():
        check(linker, doc)


@given(st.lists(st.sampled_from(["X.COM", "a.org", "b@C.de", "&", "&amp;", " ", "\u00ad", "\u200e", "é", "日", "?", "/P",
                                 "\n", "Message-ID: ", "<p>", "https://"]), max_size=16).map("".join),
       st.sampled_from(sorted(LINKERS)))  # fmt: skip
def test_records_path_gives_the_python_drivers_output(doc: str, name: str) -> None:
    check(LINKERS[name], doc)
