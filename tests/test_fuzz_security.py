"""Property tests for the classes of issue 9 items 2, 3, 6, 8, 10, 13 and 15.

The ``ci`` Hypothesis profile (tests/conftest.py) runs 2,000 examples of each.
"""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from uts58_icu import (
    LinkPolicy,
    explain,
    find_links,
    format_email,
    format_parts,
    linkify_text_to_html,
    minimal_escape,
    parse_url,
)
from uts58_icu._icu import idna_to_unicode, unicode_set_ranges
from uts58_icu.core.escaping import _split, decode_for_checks, escape_invisibles
from uts58_icu.core.properties import regex_class
from uts58_icu.linkification.homographs import homograph_flags
from uts58_icu.offsets import OffsetConverter

# Every code point, lone surrogates included.
ANY_CHAR = st.characters(min_codepoint=0, max_codepoint=0x10FFFF, exclude_categories=())
ANY_TEXT = st.text(ANY_CHAR, max_size=40)

INVISIBLE = [
    "\u202e", "\u202d", "\u2066", "\u2069", "\u200e", "\u200f", "\u061c", "\u200b", "\u200c",
    "\u200d", "\ufeff", "\u115f", "\u3164", "\u00ad", "\u034f", "\u2060", "\ufe0f", "\U000E0067",
    "\U000E007F", "\U000E0100",
]
PIECES = st.sampled_from(
    [
        "example.com", "http://", "https://", "x.com/", "bob@", "@", "1.2.3.4", "[::1]", "/", "?",
        "#", ":~:", "&", "=", "(", ")", "{", "}", "[", "]", "<", ">", "（", "）", "「", "」", " ",
        ".", "%", "%E2%80%AE", "%E2%80%8B", "%EF%BB%BF", "%E1%85%9F", "%E2%80%8D", "%F0%9F",
        "xn--80ak6aa92e.com", "аррӏе.com", "bücher.de", "\U0001F468", "\U0001F3F4", "\u0645",
        "\u0915\u094d", "a", "1", ":", "ＨＴＴＰＳ", "xn--", "%2F", "%25",
    ]
    + INVISIBLE
)
LINKY_TEXT = st.lists(st.one_of(PIECES, ANY_CHAR), max_size=30).map("".join)
BRACKETY_TEXT = st.lists(
    st.one_of(st.sampled_from(list("(){}[]<>（）「」『』〈〉«»\"'%{}") + ["x.com/", "{i}", "{ch}", "{0}", " "]), ANY_CHAR),
    max_size=40,
).map(lambda parts: "see example.com/" + "".join(parts))

_BIDI = re.compile(regex_class(unicode_set_ranges(r"[\p{Bidi_Control}]")))
_INVISIBLE = re.compile(regex_class(unicode_set_ranges(r"[\p{Bidi_Control}\p{Default_Ignorable_Code_Point}]")))

POLICIES = st.builds(
    LinkPolicy,
    require_identifier_allowed=st.booleans(),
    spoof_check=st.booleans(),
    reject_spoof=st.booleans(),
    bidi_controls=st.sampled_from(["allow", "reject", "escape"]),
    cjk_boundary=st.booleans(),
    guard_false_positives=st.booleans(),
    idn_display=st.sampled_from(["unicode", "punycode_if_confusable"]),
)


@given(st.one_of(ANY_TEXT, LINKY_TEXT), POLICIES)
def test_entry_points_never_crash(text: str, policy: LinkPolicy) -> None:
    links = find_links(text, policy=policy)
    for link in links:
        assert text[link.start : link.end] == link.text
        link.display  # noqa: B018
        homograph_flags(link.text.split("/")[0])
    linkify_text_to_html(text, policy=policy)
    explain(text, len(text) // 2)
    minimal_escape(text)
    parse_url(text)
    conv = OffsetConverter(text)
    assert conv.from_utf16(conv.utf16(len(text) // 2)) == len(text) // 2
    assert conv.from_utf8(conv.utf8(len(text))) == len(text)
    try:
        format_email(text)
    except ValueError:
        pass


@given(st.one_of(LINKY_TEXT, ANY_TEXT), POLICIES)
def test_display_never_shows_bidi_or_invisible_raw(text: str, policy: LinkPolicy) -> None:
    for link in find_links(text, policy=policy):
        shown = link.display
        assert not _BIDI.search(shown), (text, shown)
        # Only the kept sequences (emoji, CONTEXTJ) may hold a default-ignorable character.
        assert escape_invisibles(shown) == shown, (text, shown)
        if link.escape_invisibles:
            assert not _INVISIBLE.search(shown), (text, shown)
        if policy.bidi_controls == "reject":  # the raw and the %XX-decoded form
            assert not _INVISIBLE.search(link.text)
            assert not _INVISIBLE.search(decode_for_checks(link.text))
    # The text of every <a> is a display: no raw Bidi_Control.
    html = linkify_text_to_html(text, policy=policy)
    assert not _BIDI.search("".join(re.findall(r"<a [^>]*>(.*?)</a>", html, flags=re.DOTALL))), html


@given(st.one_of(ANY_TEXT, LINKY_TEXT))
def test_minimal_escape_idempotent_on_any_string(text: str) -> None:
    once = minimal_escape(text)
    assert minimal_escape(once) == once, (text, once)
    if _split(text).scheme is None:  # never turns a relative string into an absolute URL
        assert _split(once).scheme is None, (text, once)


HOSTS = st.one_of(
    ANY_TEXT,
    st.lists(st.one_of(PIECES, ANY_CHAR), max_size=8).map("".join),
    st.sampled_from(["x.com", "good.com@evil.com", "evil.com/good.com", "[::1]", "1.2.3.4", "a_b.example"]),
)
SCHEMES = st.one_of(st.sampled_from(["https", "http", "", "javascript", "git+ssh", "HTTPS://", "file"]), ANY_TEXT)


@given(SCHEMES, HOSTS, st.lists(ANY_TEXT, max_size=3), st.one_of(st.none(), ANY_TEXT))
def test_format_parts_host_is_the_given_host(scheme: str, host: str, path: list[str], fragment: str | None) -> None:
    try:
        url = format_parts(scheme, host, path, fragment=fragment)
    except ValueError:
        return
    parsed = parse_url(url)
    uni, ok = idna_to_unicode(host)
    assert parsed.host in {host, host.lower(), uni if ok else host}, (scheme, host, url)
    if scheme.rstrip(":/"):
        assert parsed.scheme == scheme.rstrip(":/").lower()


@given(BRACKETY_TEXT, st.integers(min_value=0, max_value=60))
def test_explain_on_bracket_heavy_text(text: str, index: int) -> None:
    ex = explain(text, min(index, len(text)))
    assert all(isinstance(r, str) for r in ex.reasons)


@given(st.one_of(st.text(max_size=5), st.lists(st.text(max_size=5), max_size=4), st.frozensets(st.text(max_size=5), max_size=4)))
def test_file_extension_tlds_normalised_or_rejected(value: object) -> None:
    try:
        policy = LinkPolicy(file_extension_tlds=value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return
    for tld in policy.file_extension_tlds:
        assert tld == tld.lower() and not tld.startswith(".") and tld
    if isinstance(value, str):
        assert len(policy.file_extension_tlds) == 1
