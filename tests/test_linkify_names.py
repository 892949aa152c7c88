"""Issue 20 item 12: text-to-HTML and HTML-to-HTML linkifying have names that say which.

``uts58_icu.linkify_text_to_html`` escapes its input (plain text in, HTML out);
``uts58_icu.html.linkify`` keeps the input's tags (HTML in, HTML out). The old name
``linkify_html`` still works and warns.
"""

from __future__ import annotations

import warnings

import pytest

import uts58_icu
from uts58_icu import linkify_text_to_html


def test_text_in_html_out() -> None:
    assert linkify_text_to_html("<b>x.com</b>") == (
        '&lt;b&gt;<a href="https://x.com" rel="nofollow noopener">x.com</a>&lt;/b&gt;'
    )


def test_html_in_html_out() -> None:
    pytest.importorskip("turbohtml")
    from uts58_icu.html import linkify

    assert linkify("<b>x.com</b>") == '<b><a href="https://x.com" rel="nofollow">x.com</a></b>'


def test_old_name_warns_and_gives_the_same() -> None:
    with pytest.warns(DeprecationWarning, match="linkify_text_to_html.*uts58_icu.html.linkify"):
        old = uts58_icu.linkify_html("<b>x.com</b>", target="_blank")
    assert old == linkify_text_to_html("<b>x.com</b>", target="_blank")


def test_new_name_does_not_warn() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        linkify_text_to_html("see example.com")


def test_docstrings_point_at_each_other() -> None:
    pytest.importorskip("turbohtml")
    from uts58_icu import html

    assert "html.linkify" in (linkify_text_to_html.__doc__ or "")
    assert "linkify_text_to_html" in (html.linkify.__doc__ or "")
