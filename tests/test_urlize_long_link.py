"""One very long link through the §8 rules (issue 19: Django's CVE-2024-41990 payload,
``'http://example.com/' + '&lt;' * N + ']' * N``, is one 80 K link that the rules read).

The rules skip a regular-expression search over the link where a cheaper test proves it
cannot match: ``str.isascii()`` (O(1)) for the classes that hold no ASCII character, and
``str.find`` for the characters every match of a pattern holds. These tests check the
premises of those shortcuts, so that a pattern changed later cannot make them wrong,
and that the payload's links and output are unchanged.
"""

from __future__ import annotations

import sys
from pathlib import Path

import django
import pytest
from django.conf import settings
from hypothesis import given
from hypothesis import strategies as st

if not settings.configured:
    settings.configure(INSTALLED_APPS=["uts58_icu.django"], USE_I18N=False)
    django.setup()

from django.utils.html import escape as django_escape

from uts58_icu import LinkPolicy, find_links
from uts58_icu import django as dj
from uts58_icu.core._classes import patterns
from uts58_icu.linkification import rules

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

ASCII = "".join(map(chr, range(128)))


@pytest.mark.parametrize(
    "name, pattern",
    [("_CJK_ANY", rules._CJK_ANY), ("_BIDI_CLOSE", rules._BIDI_CLOSE),
     ("bidi_or_ignorable", patterns().bidi_or_ignorable)],
)  # fmt: skip
def test_non_ascii_classes_match_no_ascii_character(name: str, pattern: object) -> None:
    # cjk_end, bidi_end and apply._one skip these searches on ASCII text
    assert all(pattern.search(c) is None for c in ASCII), name  # type: ignore[attr-defined]
    assert not set(ASCII) & rules._BIDI_CONTROLS


# Every character the two patterns name, and a few others.
_PATTERN_ALPHABET = "{}$%()sdAz_-0f9. \\*[]^/?+wS&;"


@given(st.text(alphabet=_PATTERN_ALPHABET, max_size=24))
def test_template_matches_hold_a_brace_dollar_or_percent(text: str) -> None:
    # narrow() searches _TEMPLATE only where "{", "$" or "%" is in the span
    m = rules._TEMPLATE.search(text)
    if m is not None:
        assert any(c in m.group() for c in "{$%")
    if not any(c in text for c in "{$%"):
        assert m is None


@given(st.text(alphabet=_PATTERN_ALPHABET, max_size=24))
def test_pattern_matches_hold_one_of_the_scanned_pieces(text: str) -> None:
    # reject_reason() searches _PATTERN only where one of these pieces is in the span
    pieces = ("\\", ".*", "(.", "[^")
    m = rules._PATTERN.search(text)
    if m is not None:
        assert any(p in m.group() for p in pieces)
    if not any(p in text for p in pieces):
        assert m is None


@pytest.mark.parametrize("text", [
    "see http://example.com/{name}/x and https://example.org/a%sb now",
    "http://example.com/a\\.b http://example.com/(.*)x http://example.com/[^a]",
    "http://example.com/${HOME}/x http://example.com/%(name)s.html",
])  # fmt: skip
def test_patterns_still_cut_and_reject(text: str) -> None:
    # the shortcuts leave the rules' answers as they were (each text needs the search)
    rec = LinkPolicy.recommended()
    got = [(link.start, link.end) for link in find_links(text, policy=rec)]
    base = [(link.start, link.end) for link in find_links(text)]
    assert got != base  # some rule cut or rejected a link


def test_cve_2024_41990_payload() -> None:
    pytest.importorskip("turbohtml")  # Django's urlize goes through the HTML linker (Python 3.11+)
    import bench_html

    text = bench_html.cve_payloads(2000)["CVE-2024-41990 ('&lt;'*N ']'*N)"]
    links = find_links(text, policy=LinkPolicy.recommended())
    end = len("http://example.com/") + 4 * 2000 - 1  # the last ";" ends the sentence (§3.5)
    assert [(link.start, link.end) for link in links] == [(0, end)]
    out = dj.urlize(text, nofollow=True, autoescape=True)
    assert out == dj._linker(None, True).linkify(str(django_escape(text)))
    assert out.startswith('<a href="http://example.com/&amp;lt;') and out.endswith("</a>;" + "]" * 2000)
