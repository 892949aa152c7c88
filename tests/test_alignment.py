"""Formatting and detection agree: a minimally escaped URL is link-detected whole.

URLs are generated as structure (host from a fixed list of real domains, scheme
``https://`` or none, path segments, query pairs, fragment, fragment
directives) from characters chosen to stress §3.5.1 and §4.1: non-ASCII
letters, brackets (matched, unmatched, crossing separators), Soft characters
(biased to the ends of parts), literal syntax characters inside content, Hard
characters (spaces), and ``%``. Each is serialised to a partly escaped string
the way a browser or document might give it, then:

(a) ``find_links(" " + minimal_escape(u) + " ")`` finds exactly that one link;
(b) the meaning is preserved (and the structure-based and string-based ways agree);
(c) ``minimal_escape`` is idempotent.
"""

from __future__ import annotations

import random
import re

from hypothesis import given
from hypothesis import strategies as st

from uts58_icu._icu import idna_to_unicode
from uts58_icu.core.escaping import UrlParts, format_url_parts, minimal_escape, parse_url

HOSTS = [
    "example.com",
    "bücher.de",
    "xn--bcher-kva.de",
    "ja.wikipedia.org",
    "ru.wikinews.org",
    "www.example.org",
    "abc.com",
]

LETTERS = "aZ09-_~*$αüアك中"
BRACKETS = "()[]{}<>（）「」"
SOFT = ".,!?:;'\"。？«»’"
SYNTAX = "/?#&=+%:~\\"
HEX = "Af4"
HARD = " \u00a0\u3000\t"
ALPHABET = LETTERS + BRACKETS + SOFT + SYNTAX + HEX + HARD

_content = st.text(alphabet=st.sampled_from(ALPHABET), max_size=8)
_soft_tail = st.text(alphabet=st.sampled_from(SOFT + BRACKETS), max_size=2)
#: Content biased to end in Soft characters and brackets.
content = st.one_of(_content, st.tuples(_content, _soft_tail).map("".join))

structures = st.builds(
    UrlParts,
    scheme=st.sampled_from(["https", ""]),
    host=st.sampled_from(HOSTS),
    path=st.lists(content, max_size=4).map(tuple),
    query=st.lists(st.tuples(content, st.none() | content), max_size=3).map(tuple),
    fragment=st.none() | content,
    directives=st.lists(content, max_size=2).map(tuple),
    port=st.none() | st.sampled_from([80, 8080]),
)

_HEX_PAIR = re.compile(r"%[0-9A-Fa-f]{2}")
# ASCII characters minimal_escape decodes in each part (a browser re-escapes them).
_FREE = {"path": ' "<>`{}', "query": " \"<>'", "fragment": ' "<>`'}


def _esc(ch: str, rng: random.Random) -> str:
    hex_ = "".join(f"%{b:02X}" for b in ch.encode("utf-8"))
    return hex_.lower() if rng.random() < 0.3 else hex_


def _serialise_content(
    text: str, syntax: str, free: str, rng: random.Random, *, directive_follows: bool = False,
    directive_sep: bool = False,
) -> str:
    """Write ``text`` as a browser might: syntax escaped, other escapes optional."""
    probe = text + ":~:" if directive_follows else text
    out = []
    for i, ch in enumerate(text):
        if ch == "%":
            out.append("%25" if _HEX_PAIR.match(text, i) else "%")  # as the test file does
        elif ch in syntax or (directive_sep and probe.startswith(":~:", i)):
            out.append(_esc(ch, rng))
        elif (ord(ch) > 0x7F or ch in free or ch == "\t") and rng.random() < 0.5:
            out.append(_esc(ch, rng))
        else:
            out.append(ch)
    return "".join(out)


def serialise(u: UrlParts, rng: random.Random) -> str:
    """A partly percent-escaped URL string for ``u``."""
    out = [f"{u.scheme}://" if u.scheme else "", u.host]
    if u.port is not None:
        out.append(f":{u.port}")
    if u.path:
        out.append("/" + "/".join(_serialise_content(s, "?#/\\", _FREE["path"], rng) for s in u.path))
    if u.query:
        pairs = []
        for k, v in u.query:
            key = _serialise_content(k, "+#=&", _FREE["query"], rng)
            pairs.append(key if v is None else key + "=" + _serialise_content(v, "+#=&", _FREE["query"], rng))
        out.append("?" + "&".join(pairs))
    if u.fragment is not None or u.directives:
        out.append("#" + _serialise_content(
            u.fragment or "", "", _FREE["fragment"], rng,
            directive_follows=bool(u.directives), directive_sep=True,
        ))
    for n, d in enumerate(u.directives):
        out.append(":~:" + _serialise_content(
            d, "&,", _FREE["fragment"], rng,
            directive_follows=n < len(u.directives) - 1, directive_sep=True,
        ))
    url = "".join(out)
    # A URL string never ends in raw whitespace (parsers strip it): escape it there.
    trailing = re.search(r"[ \t]+\Z", url)
    if trailing:
        url = url[: trailing.start()] + "".join(_esc(ch, rng) for ch in trailing.group())
    return url


def meaning(u: UrlParts) -> UrlParts:
    """What :func:`parse_url` gives for a URL with structure ``u``."""
    host, ok = idna_to_unicode(u.host)
    fragment = "" if u.fragment is None and u.directives else u.fragment
    return UrlParts(u.scheme, host if ok else u.host, u.path, u.query, fragment, u.directives, u.port)


@given(structures, st.randoms(use_true_random=False))
def test_minimal_escape_is_detected_whole(u: UrlParts, rng: random.Random) -> None:
    from uts58_icu import find_links  # written alongside; imported here on purpose

    out = minimal_escape(serialise(u, rng))
    links = find_links(" " + out + " ")
    assert [(link.start, link.end, link.text) for link in links] == [(1, 1 + len(out), out)]


@given(structures, st.randoms(use_true_random=False))
def test_meaning_preserved_and_both_ways_agree(u: UrlParts, rng: random.Random) -> None:
    source = serialise(u, rng)
    out = minimal_escape(source)
    assert parse_url(source) == meaning(u)
    assert parse_url(out) == meaning(u)
    assert format_url_parts(u) == out


@given(structures, st.randoms(use_true_random=False))
def test_idempotent(u: UrlParts, rng: random.Random) -> None:
    out = minimal_escape(serialise(u, rng))
    assert minimal_escape(out) == out
    structured = format_url_parts(u)
    assert minimal_escape(structured) == structured


@given(st.text())
def test_any_text_idempotent_and_meaning_preserved(text: str) -> None:
    out = minimal_escape(text)
    assert minimal_escape(out) == out
    assert parse_url(out) == parse_url(text)


@given(st.text(alphabet=st.sampled_from(ALPHABET + "%ÿé€😎\ud800"), max_size=30))
def test_url_like_text_idempotent_and_meaning_preserved(tail: str) -> None:
    for url in ("https://example.com/" + tail, "abc.com?" + tail, "x.com#" + tail):
        out = minimal_escape(url)
        assert minimal_escape(out) == out
        assert parse_url(out) == parse_url(url)
