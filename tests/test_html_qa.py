"""Regression tests for the defects the QA attack on the HTML layer found (notes: qa.md).

Each has its exact reproducer here; its class is a property in tests/test_html_fuzz.py.
"""

from __future__ import annotations

import html5lib
import pytest

from uts58_icu import Link
from uts58_icu import bleach as ubleach
from uts58_icu.html import linkify

LINK = '<a href="https://a.com" rel="nofollow">a.com</a>'


def _links_inside_links(html: str) -> int:
    doc = html5lib.parse(html, namespaceHTMLElements=False)
    return sum(1 for outer in doc.iter("a") for inner in outer.iter("a") if inner is not outer)


@pytest.mark.parametrize(
    "html",
    [
        # "</a>" is ignored while a table (object, applet, select, …) opened inside the a
        # is open; "a.com" is foster-parented into the a: a link there nests links.
        "<a><table></a>a.com",
        "<a><object></a>a.com",
        "<a><applet></a>a.com",
        "<a><marquee></a>a.com",
        "<a><select></a>a.com",
        "<a href=u><table><tr><td><a>x</a>a.com",
        "<a><b><table></a></table>a.com",
    ],
)
def test_no_link_where_end_a_is_ignored(html: str) -> None:
    out = linkify(html)
    assert out == html
    assert _links_inside_links(out) == _links_inside_links(html)


@pytest.mark.parametrize(
    ("html", "out"),
    [
        # the boundary closed before "</a>": the a is closed and the text is free again
        ("<a><table></table></a>a.com", "<a><table></table></a>" + LINK),
        ("<a><object></object></a>a.com", "<a><object></object></a>" + LINK),
        ("<table><tr><td><a>x</a>a.com</td></tr></table>", "<table><tr><td><a>x</a>" + LINK + "</td></tr></table>"),
    ],
)
def test_links_after_a_closes_with_boundaries(html: str, out: str) -> None:
    assert linkify(html) == out


@pytest.mark.parametrize(
    "extra",
    [{"HREF": "javascript:alert(1)"}, {"Rel": "a", "rel": "b"}, {"_TEXT": "x"}, {"Target": "a", "TARGET": "b"}],
)
def test_callback_attribute_names_are_case_insensitive(extra: dict[str, str]) -> None:
    # Was: '<a href="https://a.com" href="javascript:alert(1)">' (a duplicate attribute).
    def cb(attrs: dict[str, str], link: Link) -> dict[str, str]:
        return {**attrs, **extra}

    with pytest.raises(ValueError, match="twice"):
        linkify("a.com", callbacks=[cb])
    with pytest.raises(ValueError, match="twice"):
        ubleach.linkify("a.com", callbacks=[lambda a, new: {**a, **{k if k.startswith("_") else (None, k): v
                                                                       for k, v in extra.items()}}])  # fmt: skip
