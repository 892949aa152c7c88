"""Properties of every HTML entry point, found by the QA attack (see tests/test_html_qa.py).

The output is parsed back with html5lib (a WHATWG tree builder, as browsers) and compared
with the input's tree: the only new elements are ``<a>`` with our attributes, none of them
inside another ``a``, and every new ``href`` has a scheme we allow. Each property runs
2,000 examples under the ``ci`` profile.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import django
import html5lib
import pytest
from django.conf import settings
from hypothesis import given
from hypothesis import strategies as st
from jinja2 import Environment
from markupsafe import Markup

from uts58_icu import Link, linkify_text_to_html
from uts58_icu import bleach as ubleach
from uts58_icu.html import Linker, nofollow, target_blank, unsafe_href
from uts58_icu.jinja2 import install

from test_html_security import assert_same_tree  # noqa: E402  (tests/ is on sys.path)

if not settings.configured:
    settings.configure(INSTALLED_APPS=["uts58_icu.django"], USE_I18N=False)
    django.setup()

from django.template import Context, Engine
from django.utils.safestring import mark_safe

HTML_NS = "{http://www.w3.org/1999/xhtml}"
A = HTML_NS + "a"
ALLOWED_SCHEMES = ("http:", "https:", "ftp:", "ws:", "wss:", "mailto:")

MARK = "data-qa"


def _mark(attrs: dict[str, str], link: Link) -> dict[str, str]:
    attrs[MARK] = "1"
    return attrs


MARKED = Linker(callbacks=[_mark])
INSERTED = re.compile(r'<a href="[^"]*" ' + MARK + r'="1">(.*?)</a>', re.DOTALL)


def _tree(html: str) -> Any | None:
    try:
        return html5lib.parse(html, namespaceHTMLElements=True)
    except AssertionError:  # html5lib 1.1 trips on a few inputs (e.g. "<table><div><math><font><html>")
        return None


def _elements(doc: Any) -> Counter[tuple[str, tuple[tuple[str, str], ...]]]:
    return Counter((el.tag, tuple(sorted(el.attrib.items()))) for el in doc.iter() if isinstance(el.tag, str))


def _nested_links(doc: Any) -> int:
    count = 0
    stack = [(doc, False)]
    while stack:
        el, inside = stack.pop()
        for child in el:
            if not isinstance(child.tag, str):
                continue
            is_a = child.tag == A
            count += is_a and inside
            stack.append((child, inside or is_a))
    return count


def assert_only_links_added(before: str, after: str, attributes: set[str]) -> None:
    """``after`` parses to ``before``'s elements plus ``<a>`` with ``attributes`` only."""
    t0, t1 = _tree(before), _tree(after)
    if t0 is None or t1 is None:
        return
    for tag, attrs in _elements(t1) - _elements(t0):
        names = {name for name, _value in attrs}
        assert tag == A, (before, after, tag)
        assert "href" in names and names <= attributes, (before, after, attrs)
        href = dict(attrs)["href"].lower()
        assert href.startswith(ALLOWED_SCHEMES), (before, after, href)
    assert _nested_links(t1) <= _nested_links(t0), (before, after)


# Markup that moves text in or out of elements in tree construction (scope boundaries,
# formatting elements, foster parenting, foreign content), XSS payload pieces, references.
STRUCTURE = [
    "a.com", "http://ex.org/p?q=1&r=2", "me@mail.net", "www.例え.jp/パス", " ", "x",
    "<a>", "</a>", "<a href=u>", "<b>", "</b>", "<i>", "</i>", "<p>", "</p>", "<div>", "</div>",
    "<table>", "</table>", "<tr>", "<td>", "</td>", "<th>", "<caption>", "</caption>", "<select>",
    "</select>", "<option>", "<object>", "</object>", "<applet>", "<marquee>", "</marquee>",
    "<template>", "</template>", "<svg>", "</svg>", "<math>", "<mi>", "<foreignObject>", "<button>",
    "<nobr>", "<li>", "<form>", "<h1>", "</h1>", "<pre>", "</pre>", "<code>", "</code>", "<font>",
    "<noscript>", "</noscript>", "<textarea>", "</textarea>", "<title>", "<script>", "</script>",
    "<style>", "<xmp>", "<plaintext>", "<iframe>", "<![CDATA[", "]]>", "<!--", "-->", "</>",
    "<", ">", "&", "&amp;", "&lt;", "&quot;", "&#x6a;", "&#0;", "&notit;", '"', "'", "=",
    "javascript:", "data:", "vbscript:", "<img src=x onerror=alert(1)>", '" onmouseover="x',
    "\r\n", "\r", "\n", "\x00", "\u202e", "\xa0",
]  # fmt: skip
structured = st.lists(st.sampled_from(STRUCTURE), max_size=16).map("".join)
# Text as it comes from users: XSS pieces mixed with arbitrary characters.
texty = st.lists(st.one_of(st.sampled_from(STRUCTURE), st.text(max_size=4)), max_size=12).map("".join)


def _source_text(attrs: dict[str, str], link: Link) -> dict[str, str]:
    attrs["_text"] = link.text  # show the text as written (no display form), to compare trees
    return attrs


SOURCE_MARKED = Linker(callbacks=[_mark, _source_text])


@given(structured)
def test_linkify_adds_only_links(html: str) -> None:
    out = MARKED.linkify(html)
    if "\u202e" not in html:  # the recommended policy shows an escaped bidi control in link text
        assert INSERTED.sub(lambda m: m.group(1), out) == html  # nothing else changes
    assert MARKED.linkify(out) == out  # idempotent
    assert_only_links_added(html, out, {"href", MARK})
    # Stronger (issue 22 items 1 and 14): the whole tree, attributes and text in place.
    assert_same_tree(html, SOURCE_MARKED.linkify(html), MARK)


@given(structured)
def test_default_linkify_adds_only_links(html: str) -> None:
    out = Linker(callbacks=[nofollow, target_blank]).linkify(html)
    assert_only_links_added(html, out, {"href", "rel", "target"})


@given(texty)
def test_linkify_html_adds_only_links(text: str) -> None:
    out = linkify_text_to_html(text, target="_blank")
    assert_only_links_added("", out, {"href", "rel", "target"})
    assert linkify_text_to_html(text) == linkify_text_to_html(text)


KEEP_EXISTING = ubleach.linkifier.Linker(parse_email=True, existing_links="keep")


@given(texty)
def test_bleach_adapter_adds_only_links(html: str) -> None:
    out = KEEP_EXISTING.linkify(html)
    assert_only_links_added(html, out, {"href", "rel"})
    assert KEEP_EXISTING.linkify(out) == out


@given(texty)
def test_bleach_adapter_nofollow_on_every_link(html: str) -> None:
    # Issue 20: as bleach, the default callbacks also run on the input's own links, so
    # every link of the parsed output, new or written by the user, is rel="nofollow".
    out = ubleach.linkify(html, parse_email=True)
    assert ubleach.linkify(out, parse_email=True) == out
    tree = _tree(out)
    if tree is None:
        return
    if "noscript" in html.lower():
        # An <a> written inside noscript is raw text to the tokenizer (scripting on) and
        # gets no callbacks; html5lib parses with scripting off and may see a link there
        # (docs/migrate/bleach.md, "Existing links"; test_bleach_adapter_leaves_noscript_links).
        return
    for el in tree.iter():
        href = el.get("href") if el.tag == A else None
        if href is not None and not href.lower().startswith("mailto:"):
            assert "nofollow" in el.get("rel", "").split(), (html, out)


def test_bleach_adapter_leaves_noscript_links() -> None:
    # Found by test_bleach_adapter_nofollow_on_every_link: an <a> written inside noscript
    # is raw text to the tokenizer (scripting on), so it gets no callbacks; where the
    # scripting-off reading sees markup there, nothing after the noscript is linked.
    for doc in ("<noscript><a href=u>x</a></noscript> see a.com", "<noscript><a href=u>"):
        assert ubleach.linkify(doc, parse_email=True) == doc
    # A noscript holding only simple elements reads the same both ways: linking goes on.
    out = ubleach.linkify("<noscript><img src=x></noscript> see a.com <a href=v>y</a>")
    assert out.endswith('see <a href="https://a.com" rel="nofollow">a.com</a> <a href="v" rel="nofollow">y</a>')


ENGINE = Engine(libraries={"uts58": "uts58_icu.django.templatetags.uts58"})
DJANGO = {
    (autoescape, trunc): ENGINE.from_string(
        "{% load uts58 %}{% autoescape " + ("on" if autoescape else "off") + " %}"
        + ("{{ v|urlizetrunc:n }}" if trunc else "{{ v|urlize }}") + "{% endautoescape %}"
    )
    for autoescape in (True, False)
    for trunc in (True, False)
}


@given(texty, st.integers(-3, 40), st.booleans())
def test_django_filters_add_only_links(value: str, limit: int, safe: bool) -> None:
    v = mark_safe(value) if safe else value
    for (autoescape, _trunc), template in DJANGO.items():
        out = template.render(Context({"v": v, "n": limit}))
        # Plain text under autoescape is escaped first: no element of its own survives.
        assert_only_links_added(value if safe or not autoescape else "", out, {"href", "rel"})


JINJA_ON = install(Environment(autoescape=True))
JINJA_OFF = install(Environment(autoescape=False))
TEMPLATE = "{{ v|urlize(n, nofollow, target, rel) }}"


@given(texty, st.one_of(st.none(), st.integers(-3, 40)), st.booleans(),
       st.one_of(st.none(), st.text(max_size=6)), st.one_of(st.none(), st.text(max_size=6)), st.booleans())
def test_jinja2_filter_adds_only_links(value: str, limit: int | None, nofollow_: bool, target: str | None,
                                       rel: str | None, markup: bool) -> None:  # fmt: skip
    v: Any = Markup(value) if markup else value
    args = {"v": v, "n": limit, "nofollow": nofollow_, "target": target, "rel": rel}
    for env in (JINJA_ON, JINJA_OFF):
        out = env.from_string(TEMPLATE).render(**args)
        assert_only_links_added(value if markup else "", out, {"href", "rel", "target"})


@pytest.mark.parametrize("entry", ["linkify", "bleach"])
@given(st.dictionaries(st.sampled_from(["href", "HREF", "Href", "rel", "REL", "target", "_text", "_TEXT", "title"]),
                       st.sampled_from(["https://b.org", "javascript:x", " JAVASCRIPT:x", "x", ""]), max_size=4))
def test_callback_attributes_are_checked(entry: str, extra: dict[str, str]) -> None:
    # A callback's attributes: either a clear ValueError, or each attribute once, and no
    # unsafe href, whatever the case of the names.
    if entry == "linkify":
        linker: Any = Linker(callbacks=[lambda attrs, link: {**attrs, **extra}])
    else:
        linker = ubleach.linkifier.Linker(
            callbacks=[lambda attrs, new: {**attrs, **{k if k.startswith("_") else (None, k): v
                                                       for k, v in extra.items()}}])  # fmt: skip
    try:
        out = linker.linkify("see a.com now")
    except ValueError as exc:
        assert "twice" in str(exc)
        return
    tree = _tree(out)
    assert tree is not None
    links = [el for el in tree.iter() if el.tag == A]
    for el in links:
        assert not unsafe_href(el.get("href", ""))  # a callback may set any other href
    names = re.findall(r'\s([^\s=>]+)="', out)
    assert len(names) == len({n.lower() for n in names}), out


# The class of the "<a><table></a>a.com" defect: markup between an open a and its end tag.
A_SCOPE = ["a.com", " ", "<a>", "</a>", "<b>", "</b>", "<p>", "<table>", "</table>", "<td>", "<caption>",
           "<select>", "</select>", "<object>", "</object>", "<applet>", "<marquee>", "<template>", "</template>"]


@given(st.lists(st.sampled_from(A_SCOPE), max_size=8).map("".join))
def test_no_link_inside_a_link(html: str) -> None:
    out = MARKED.linkify(html)
    assert_only_links_added(html, out, {"href", MARK})


# The class of "a.comhttp://" * 17 + "a.com": chains where every rescan of a gap between
# new links finds one more link, around the bound on rescan levels.
GLUED = ["a.comhttp://", "x.co/http://", "me@a.comme@", "a.com@b.com@", "www.a.comwww.", "a.com.b.com/", "(a.com)"]


@given(st.sampled_from(GLUED), st.integers(0, 40), structured, st.sampled_from(["", "a.com", " b.org", "http://"]))
def test_idempotent_on_glued_chains(unit: str, k: int, around: str, tail: str) -> None:
    html = around + unit * k + tail + around
    out = MARKED.linkify(html)
    assert MARKED.linkify(out) == out
    if "\u202e" not in html:  # the recommended policy shows an escaped bidi control in link text
        assert INSERTED.sub(lambda m: m.group(1), out) == html


VOID = ["br", "img", "hr", "wbr", "input", "BR"]


@given(structured.map(lambda h: h.replace("<p>", "<br>").replace("</b>", "<img src=x>")),
       st.lists(st.sampled_from(VOID), min_size=1, max_size=3), st.sampled_from([(), ("pre",), ("pre", "code")]))
def test_void_skip_tags_change_nothing(html: str, void: list[str], skip: tuple[str, ...]) -> None:
    # The class of skip_tags=["br"]: a void element has no content, so naming it skips nothing.
    assert Linker(skip_tags=[*skip, *void]).linkify(html) == Linker(skip_tags=skip).linkify(html)
