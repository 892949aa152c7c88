"""Issue 22 items 1, 6 (HTML part) and 14: mutation XSS, homographs in link text, foster parenting.

Each reproducer from the issue, and the property that would have found its class: the
output, parsed by html5lib (a WHATWG tree builder with foreign content, scripting on and
off), is the input's tree with ``<a>`` elements added around text and nothing else —
no attribute changed, no text moved. The real-browser check is tests/test_html_browser.py.
"""

from __future__ import annotations

from html import escape as html_escape
from typing import Any

import django
import html5lib
import pytest
from django.conf import settings
from hypothesis import example, given
from hypothesis import strategies as st
from jinja2 import Environment
from markupsafe import Markup

from uts58_icu import Link, LinkPolicy, find_links
from uts58_icu import bleach as ubleach
from uts58_icu.html import Linker, linkify, nofollow

if not settings.configured:
    settings.configure(INSTALLED_APPS=["uts58_icu.django"], USE_I18N=False)
    django.setup()

from django.template import Context, Engine
from django.utils.safestring import mark_safe

from uts58_icu.django import urlize as django_urlize
from uts58_icu.jinja2 import install
from uts58_icu.jinja2 import urlize as jinja_urlize

HTML_NS = "{http://www.w3.org/1999/xhtml}"
MARK = "data-sec"


def _mark(attrs: dict[str, str], link: Link) -> dict[str, str]:
    attrs[MARK] = "1"
    return attrs


MARKED = Linker(callbacks=[nofollow, _mark])
BASE_MARKED = Linker(callbacks=[_mark], policy=LinkPolicy())
XSS = 'http://x.com/onerror=document.title=1337//">'
RAW_TEXT = ["style", "title", "textarea", "xmp", "noembed", "iframe", "noscript", "noframes", "script"]


def dom(html: str, scripting: bool, mark: str = MARK) -> tuple[Any, ...] | None:
    """html5lib's tree of ``html``, inserted ``<a>`` (``mark="1"``) unwrapped, text merged."""
    parser = html5lib.HTMLParser(namespaceHTMLElements=True)
    try:
        root = parser.parse(html, scripting=scripting)
    except AssertionError:  # html5lib 1.1 trips on a few inputs
        return None
    return tuple(_children(root, [], mark))


def _text(out: list[Any], text: str | None) -> None:
    if text:
        if out and isinstance(out[-1], str):
            out[-1] += text
        else:
            out.append(text)


def _children(el: Any, out: list[Any], mark: str) -> list[Any]:
    _text(out, el.text)
    for child in el:
        if not isinstance(child.tag, str):
            out.append(("#comment", child.text))
        elif child.tag == HTML_NS + "a" and child.get(mark) == "1":
            _children(child, out, mark)
        else:
            out.append((child.tag, tuple(sorted(child.attrib.items())), tuple(_children(child, [], mark))))
        _text(out, child.tail)
    return out


def assert_same_tree(before: str, after: str, mark: str = MARK) -> None:
    """``after`` parses (scripting on and off) to ``before``'s tree plus marked ``<a>``."""
    for scripting in (True, False):
        assert dom(after, scripting, mark) == dom(before, scripting, mark), (scripting, before, after)


# --- item 1: mutation XSS through foreign content -----------------------------------


def test_issue_reproducer_is_not_linked() -> None:
    html = '<svg><style><img src=x title="</style></svg>http://x.com/onerror=document.title=1337//">'
    assert linkify(html) == html
    assert_same_tree(html, MARKED.linkify(html))


@pytest.mark.parametrize("root", ["svg", "math"])
@pytest.mark.parametrize("raw", RAW_TEXT)
def test_raw_text_names_in_foreign_content(root: str, raw: str) -> None:
    # The 11 confirmed payloads and the rest of the family: the tokenizer reads raw text,
    # the browser an element whose attribute our href's '"' would close.
    html = f'<{root}><{raw}><img src=x title="</{raw}></{root}>{XSS}'
    out = MARKED.linkify(html)
    assert out == html
    assert_same_tree(html, out)


@pytest.mark.parametrize(
    "html",
    [
        # An HTML element inside an integration point: "</svg>" is ignored there.
        f'<svg><foreignObject><div></svg></div></foreignObject><style><img src=x title="</style>{XSS}',
        f'<svg><desc><b></svg></b></desc><style><img src=x title="</style>{XSS}',
        f'<math><mi><div></math></div></mi><style><img src=x title="</style>{XSS}',
        f'<math><annotation-xml encoding="text/html"><p></math></p></annotation-xml><xmp><img src=x title="</xmp>{XSS}',
        # A CDATA section in foreign content is a bogus comment to a standalone tokenizer.
        f'<svg><![CDATA[></svg>]]><style><img src=x title="</style>{XSS}',
        f'<math><mi><![CDATA[></math>]]></mi><style><img src=x title="</style>{XSS}',
        # Raw text read as markup by the old "in select" mode (the start tag is ignored).
        f'<select><xmp></select><img src=x title="</xmp>{XSS}',
        f'<select><style></select><img src=x title="</style>{XSS}',
        # noscript is markup when scripting is off (DOMParser, sanitizers, html5lib's default).
        f'<noscript><p title="</noscript>{XSS}',
        f'<noscript><img src=x title="</noscript>{XSS}',
        f'<noscript><style></noscript><img src=x title="</style>{XSS}',
        # After a frameset, raw-text start tags are ignored.
        f'<frameset><style><frame title="</style>{XSS}',
    ],
)
def test_tree_builder_context_payloads(html: str) -> None:
    out = MARKED.linkify(html)
    assert out == html  # nothing after the point where the readings part is linked
    assert_same_tree(html, out)


def test_text_before_the_disagreement_is_still_linked() -> None:
    html = f'see a.com <svg><style><img src=x title="</style></svg>{XSS}'
    out = linkify(html)
    assert out.startswith('see <a href="https://a.com" rel="nofollow">a.com</a> <svg>')
    assert out.endswith(html[len("see a.com") :])


@pytest.mark.parametrize(
    "html",
    [
        "<svg><title>Icon</title><path d='M0 0'/></svg> see a.com",
        "<svg/> see a.com",
        "<math><mi>x</mi></math> see a.com",
        "<svg><style>.a{fill:red}</style></svg> see a.com",
        "<noscript><img src=pixel.gif></noscript> see a.com",
        '<noscript><iframe src="https://t.example/ns.html?id=X" height="0"></iframe></noscript> see a.com',
        "<noscript><style>p{}</style></noscript> see a.com",
        "<noscript><p>Enable JavaScript</p></noscript> see a.com",
        "<select><option>x</option></select><style>p{}</style> see a.com",
        "<svg></svg><textarea>t</textarea> see a.com",
    ],
)
def test_ordinary_foreign_content_keeps_linking(html: str) -> None:
    out = MARKED.linkify(html)
    assert out.endswith('see <a href="https://a.com" rel="nofollow" data-sec="1">a.com</a>'), out
    assert_same_tree(html, out)


@pytest.mark.parametrize(
    "html",
    [
        "<svg><style><b>x</b></style></svg> see a.com",  # markup inside: the browser's reading differs
        "<noscript><style>p{}</noscript> see a.com",  # a style the end tag leaves open (scripting off)
        "<noscript><a href=u>x</noscript> see a.com",  # an a left open when scripting is off
        "<svg><foreignObject><p>x</p></foreignObject></svg> see a.com",
        "<svg><script>if (a<b) x()</script></svg> see a.com",
        "<noscript><!-- x </noscript> see a.com",  # a comment the end tag does not close
        "<svg><style><img title='</style></svg> see a.com",
    ],
)
def test_unsure_documents_stop_linking(html: str) -> None:
    assert MARKED.linkify(html) == html


# Pieces of the mutation-XSS families: foreign content, integration points, raw-text
# names, CDATA, comments, quotes in attributes, select, frameset, tables, templates.
PIECES = [
    "<svg>", "</svg>", "<math>", "</math>", "<svg/>", "<foreignObject>", "</foreignObject>", "<desc>",
    "</desc>", "<mi>", "</mi>", '<annotation-xml encoding="text/html">', "<mtext>", "<g>", "<p>", "</p>",
    "<div>", "</div>", "<b>", "</b>", "<select>", "</select>", "<option>", "<table>", "</table>", "<td>",
    "</td>", "<tr>", "<caption>", "<colgroup>", "<template>", "</template>", "<![CDATA[", "]]>", "<!--",
    "-->", '<img src=x title="', "<p title='", '">', "'>", '"', "http://x.com/onerror=alert(1)//",
    " a.com ", "x.com", "b.org", " ", "\n", "<a>", "</a>", "&amp;", "<br>", "<frameset>",
    *(f"<{raw}>" for raw in RAW_TEXT), *(f"</{raw}>" for raw in RAW_TEXT),
]  # fmt: skip
documents = st.lists(st.sampled_from(PIECES), max_size=18).map("".join)
# The shape of a mutation-XSS payload: contexts opened, a raw-text (or CDATA, comment)
# start, an attribute left open, closers, a URL, the attribute's end.
OPENERS = ["<svg>", "<math>", "<math><mi>", "<svg><foreignObject>", "<div>", "<svg><desc>", "<select>",
           "<noscript>", "<table>", "<template>", "<p>", "<b>", "<svg/>", "<a>", "</a>", " a.com "]
STARTS = [*(f"<{raw}>" for raw in RAW_TEXT), *(f"<{raw}/>" for raw in RAW_TEXT), "<![CDATA[", "<!--", "<plaintext>", ""]
CLOSERS = [*(f"</{raw}>" for raw in RAW_TEXT), "</svg>", "</math>", "</mi>", "</foreignObject>", "</desc>", "</div>",
           "</p>", "</select>", "</table>", "</template>", "]]>", "-->", "</noscript>", " "]
shaped = st.tuples(
    st.lists(st.sampled_from(OPENERS), max_size=4).map("".join),
    st.sampled_from(STARTS),
    st.sampled_from(['<img src=x title="', "<p title='", "<a title=", "<b>", ""]),
    st.lists(st.sampled_from(CLOSERS), max_size=4).map("".join),
    st.sampled_from(["http://x.com/onerror=alert(1)//", " a.com", "me@b.org", "x.com b.org"]),
    st.sampled_from(['">', "'>", ">", ""]),
).map("".join)  # fmt: skip


@given(st.one_of(documents, shaped))
@example('<svg><style><img src=x title="</style></svg>http://x.com/onerror=alert(1)//">')
@example('<math><xmp><img src=x title="</xmp></math>http://x.com/onerror=alert(1)//">')
@example("<table> x.com</table>")
@example("<template><tr> x.com</tr></template>")
@example('<noscript><p title="</noscript>http://x.com/onerror=alert(1)//">')
def test_output_tree_is_input_tree_plus_links(html: str) -> None:
    for linker in (MARKED, BASE_MARKED):
        out = linker.linkify(html)
        assert linker.linkify(out) == out  # idempotent
        assert_same_tree(html, out)


# --- item 14: foster-parented text in tables ------------------------------------------


@pytest.mark.parametrize(
    "html",
    ["<table> x.com</table>", "<table>x.com </table>", "<table><tr> a.com b.org</tr></table>",
     "<table><td>1</td> x.com</table>", "<template><tr> x.com</tr></template>",
     "<table><caption>c</caption>\n a.com</table>", "<table> &#32;x.com</table>"],
)  # fmt: skip
def test_no_link_that_moves_whitespace_into_a_table(html: str) -> None:
    out = MARKED.linkify(html)
    assert out == html
    assert_same_tree(html, out)


@pytest.mark.parametrize(
    "html",
    ["<table>x.com</table>", "<table>x.com y</table>", "<table><td> x.com </td></table>",
     "<table><caption> x.com </caption></table>", "<table></table> x.com", "<p> x.com </p>"],
)  # fmt: skip
def test_links_where_no_whitespace_moves(html: str) -> None:
    out = MARKED.linkify(html)
    assert 'data-sec="1">x.com</a>' in out
    assert_same_tree(html, out)


@pytest.mark.parametrize(
    "html", ["<template>x.com<colgroup><col></colgroup></template>", "<template>a.com<tr><td>1</template>",
             "<template><link rel=x>a.com<caption>c</caption></template>"],
)  # fmt: skip
def test_no_link_that_switches_a_template_to_in_body(html: str) -> None:
    # Found by the Chromium fuzz: an inserted <a> is the template's first start tag, which
    # switches its contents to "in body", and the colgroup/tr/caption after it is dropped.
    assert MARKED.linkify(html) == html


def test_template_text_is_linked_once_its_mode_is_set() -> None:
    assert MARKED.linkify("<template><p>a.com</p> b.org</template>").count('data-sec="1"') == 2


# --- item 6: what an inserted link shows follows idn_display --------------------------

HOMOGRAPH = "аррӏе.com"  # Cyrillic, confusable with apple.com
PUNY = "xn--80ak6aa92e.com"


def test_html_linkify_shows_punycode_for_a_homograph() -> None:
    assert linkify(HOMOGRAPH) == f'<a href="https://{PUNY}" rel="nofollow">{PUNY}</a>'
    # The base policy shows Unicode (idn_display='unicode').
    assert linkify(HOMOGRAPH, policy=LinkPolicy()) == f'<a href="https://{PUNY}" rel="nofollow">{HOMOGRAPH}</a>'
    assert linkify(HOMOGRAPH, policy=LinkPolicy(idn_display="punycode_if_confusable")).endswith(f">{PUNY}</a>")
    # A host that is not confusable keeps its Unicode form and its source.
    assert linkify("bücher.de/&amp;") == '<a href="https://xn--bcher-kva.de/&amp;" rel="nofollow">bücher.de/&amp;</a>'


@pytest.mark.parametrize("text", ["see https://example.com/a\u202egpj.exe", "see a.com/\u200bx", "a.com/\u2066x\u2069",
                                  *(f"{c}xn--ls8h.la" for c in "\u115f\u1160\u3164\uffa0\u034f\u17b4")])
def test_html_linkify_shows_invisibles_as_link_display(text: str) -> None:
    # The visible text is Link.display whenever the text holds a Bidi_Control or a
    # default-ignorable character, whatever the policy (display never shows one raw;
    # issue 22 item 12 is display's own part).
    for policy in (None, LinkPolicy()):
        links = find_links(text, policy=policy or LinkPolicy.recommended())
        out = linkify(text, policy=policy)
        for link in links:
            assert f">{html_escape(link.display, quote=False)}</a>" in out, (out, link)
        if "\u202e" in text:
            assert "\u202e" not in out


def test_django_urlize_shows_punycode() -> None:
    engine = Engine(libraries={"uts58": "uts58_icu.django.templatetags.uts58"})
    for template in ("{% load uts58 %}{{ v|urlize }}", "{% load uts58 %}{{ v|urlizetrunc:40 }}"):
        for value in (HOMOGRAPH, mark_safe(f"<b>{HOMOGRAPH}</b>")):
            out = engine.from_string(template).render(Context({"v": value}))
            assert f">{PUNY}</a>" in out and HOMOGRAPH not in out, out
    assert django_urlize(f"see {HOMOGRAPH}", trim_url_limit=10).endswith(f">{PUNY[:9]}…</a>")


def test_jinja2_urlize_shows_punycode() -> None:
    for autoescape in (True, False):
        env = install(Environment(autoescape=autoescape))
        for value in (HOMOGRAPH, Markup(f"<i>{HOMOGRAPH}</i>")):
            out = env.from_string("{{ v|urlize }}").render(v=value)
            assert f">{PUNY}</a>" in out and HOMOGRAPH not in out, out
    assert str(jinja_urlize(f"mail me@{HOMOGRAPH}")).endswith(f">me@{PUNY}</a>")


def test_bleach_adapter_shows_punycode() -> None:
    seen: list[str] = []

    def cb(attrs: dict[Any, str], new: bool = False) -> dict[Any, str]:
        seen.append(attrs["_text"])
        return attrs

    assert ubleach.linkify(HOMOGRAPH) == f'<a href="https://{PUNY}" rel="nofollow">{PUNY}</a>'
    assert ubleach.linkify(f"x@{HOMOGRAPH}", parse_email=True, callbacks=[cb]).endswith(f">x@{PUNY}</a>")
    assert seen == [f"x@{PUNY}"]  # callbacks see the text that will be shown
