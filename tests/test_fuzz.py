"""Property tests (Hypothesis) for detection, termination, email, linkify and escaping.

Two kinds of input: any ``str`` at all (every general category, lone surrogates and
controls included) and text built from fragments that matter to link detection
(hosts, schemes, brackets, ``:~:``, percent escapes, Bidi controls, CJK full stops …).
The "ci" profile (tests/conftest.py) runs 2,000 examples per test with a fixed seed.

The escaping module is imported inside its tests, so this file imports (and the
other tests run) even where :mod:`uts58_icu.core.escaping` is not present.
"""

from __future__ import annotations

import html.parser
import unicodedata
import urllib.parse

import pytest
from hypothesis import assume, example, given
from hypothesis import strategies as st

from uts58_icu import (
    LinkPolicy,
    email_start,
    find_links,
    iter_links,
    link_email,
    linkify_text_to_html,
    terminate,
)

# ---------------------------------------------------------------------------
# Strategies
# ---------------------------------------------------------------------------

ALL_CATEGORIES = [
    "Cc", "Cf", "Cn", "Co", "Cs",
    "Ll", "Lm", "Lo", "Lt", "Lu",
    "Mc", "Me", "Mn",
    "Nd", "Nl", "No",
    "Pc", "Pd", "Pe", "Pf", "Pi", "Po", "Ps",
    "Sc", "Sk", "Sm", "So",
    "Zl", "Zp", "Zs",
]  # fmt: skip

#: Any code point, lone surrogates (Cs) and controls included.
any_char = st.characters(codec=None, categories=ALL_CATEGORIES)
any_text = st.text(any_char, max_size=80)

FRAGMENTS = [
    # hosts and their pieces
    "example.com", "EXAMPLE.COM", "bücher.de", "xn--bcher-kva.de", "www.", "a.", "com", "org",
    "ja", "例え.テスト", "中国", "香港", "عربي.مصر", "ＥＸＡＭＰＬＥ．ＣＯＭ", "127.0.0.1",
    "[::1]", ":8080", ":99999", "a", "Z", "0", "-", "_",
    # schemes
    "http://", "https://", "HTTPS://", "mailto:", "MAILTO:", "ftp://", "//",
    "javascript:", "JaVaScRiPt:", "data:", "vbscript:", " javascript:", "java\tscript:",
    # syntax
    "@", ".", "..", "/", "?", "#", ":~:", ":", "~", "&", "=", "+", "%", "%2F", "%2f",
    "%CE%B1", "%FF", "%", ",", ";", "!", "'", '"', "`", "*", "\\",
    # brackets
    "(", ")", "[", "]", "{", "}", "<", ">", "（", "）", "「", "」", "«", "»",
    # spaces and line breaks
    " ", "  ", "\t", "\n", "\r\n", "\u00a0", "\u2028", "\u3000",
    # non-ASCII: astral, RTL, Bidi controls, CJK, combining, joiners
    "𝔘", "😀", "\U0001f1fa\U0001f1f8", "עברית", "العربية", "\u202e", "\u202a", "\u2066",
    "\u200e", "\u200f", "中文", "。", "．", "｡", "、", "\u0301", "\u200d", "\u200c", "σ", "ß",
    "İ", "\ufffd", "\x00", "\x7f", "\ud800", "\udfff",
]  # fmt: skip

fragment = st.sampled_from(FRAGMENTS) | st.text(any_char, max_size=3)

#: Something shaped like a link: [scheme] [local-part@] host [:port] [path/query/fragment].
HOSTS = ["example.com", "a.b.example.org", "bücher.de", "xn--bcher-kva.de", "例え.テスト",
         "ＥＸＡＭＰＬＥ．ＣＯＭ", "www.youtube.com", "abc.com.", "127.0.0.1", "[::1]",
         "a-b.co.uk", "σ.gr", "x.香港", "a..com", "-a.com", "example.c", "e\u0301.com"]
link_like = st.tuples(
    st.sampled_from(["", "", "http://", "https://", "HTTPS://", "mailto:", "ftp://", "//",
                     "javascript:", "x"]),
    st.sampled_from(["", "", "", "a@", "john.doe@", "a..b@", ".a@", "σωκράτης@", "user:pw@",
                     "a+b@", "@"]),
    st.sampled_from(HOSTS) | st.lists(st.sampled_from(["a", "b", "中", "é", "1", "-"]),
                                      min_size=1, max_size=4).map(lambda x: "".join(x) + ".com"),
    st.sampled_from(["", "", "", ":8080", ":0", ":65536", ":"]),
    st.lists(fragment, max_size=6).map("".join),
).map("".join)

targeted_text = st.lists(fragment | link_like, max_size=16).map("".join)

#: Both kinds, for the invariants that hold for every input.
texts = st.one_of(any_text, targeted_text)

#: The tail of a URL after "https://example.com/": fragments that are URL content.
URL_FRAGMENTS = [f for f in FRAGMENTS if f not in ("\ud800", "\udfff")] + [
    "α", "β", "/", "?", "#", "=", "&", ":~:text=", ".", ",", "(", ")",
]  # fmt: skip
url_tail = st.lists(st.sampled_from(URL_FRAGMENTS) | st.text(any_char, max_size=2), max_size=16)
url_text = url_tail.map(lambda parts: "https://example.com/" + "".join(parts))

DANGEROUS_SCHEMES = ("javascript:", "data:", "vbscript:")
ALLOWED_SCHEMES = {"http", "https", "ftp", "ws", "wss", "mailto"}  # WHATWG special schemes
STRIP = "".join(chr(c) for c in range(0x21))  # what browsers strip around a URL


# ---------------------------------------------------------------------------
# Checks shared by several tests
# ---------------------------------------------------------------------------


def check_links(text: str, links: list) -> None:
    """Every invariant of a ``find_links`` result."""
    prev_end = 0
    for link in links:
        assert 0 <= prev_end <= link.start < link.end <= len(text), (links, text)
        assert text[link.start : link.end] == link.text
        assert link.kind in ("url", "email")
        href = link.href
        assert isinstance(href, str) and href
        assert href.isascii(), href  # ASCII host, percent-encoded rest
        parsed = urllib.parse.urlsplit(href)  # raises ValueError on a bad netloc
        assert parsed.scheme in ALLOWED_SCHEMES, href
        if parsed.scheme != "mailto":
            assert parsed.hostname, href
            parsed.port  # noqa: B018 — raises ValueError on a port out of range
        if link.kind == "email":
            assert href.startswith("mailto:"), href
            assert "@" in link.text
        else:
            assert href.lower().startswith(("http://", "https://", "ftp://", "ws://", "wss://")), href
        lowered = href.strip(STRIP).lower().replace("\t", "").replace("\n", "").replace("\r", "")
        assert not lowered.startswith(DANGEROUS_SCHEMES), href
        prev_end = link.end


class _TagCollector(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.starts: list[tuple[str, list[tuple[str, str | None]]]] = []
        self.ends: list[str] = []
        self.others: list[str] = []
        self.data: list[str] = []
        self.link_texts: list[str] = []
        self._in_a = False

    def handle_starttag(self, tag, attrs):  # type: ignore[no-untyped-def]
        self.starts.append((tag, attrs))
        self._in_a = tag == "a"
        if self._in_a:
            self.link_texts.append("")

    def handle_endtag(self, tag):  # type: ignore[no-untyped-def]
        self.ends.append(tag)
        self._in_a = False

    def handle_startendtag(self, tag, attrs):  # type: ignore[no-untyped-def]
        self.others.append(f"<{tag}/>")

    def handle_data(self, data):  # type: ignore[no-untyped-def]
        self.data.append(data)
        if self._in_a:
            self.link_texts[-1] += data

    def handle_comment(self, data):  # type: ignore[no-untyped-def]
        self.others.append(f"<!--{data}-->")

    def handle_decl(self, decl):  # type: ignore[no-untyped-def]
        self.others.append(f"<!{decl}>")

    def handle_pi(self, data):  # type: ignore[no-untyped-def]
        self.others.append(f"<?{data}>")

    def unknown_decl(self, data):  # type: ignore[no-untyped-def]
        self.others.append(f"<![{data}]>")


def parse_html(out: str) -> _TagCollector:
    p = _TagCollector()
    p.feed(out)
    p.close()
    return p


# ---------------------------------------------------------------------------
# find_links / iter_links
# ---------------------------------------------------------------------------


@given(texts)
@example("\ud800example.com\udfff")
@example("https://[::1]:8443/a b")
@example("http://user@example.com")
@example("javascript:alert(1)//example.com")
@example("JAVASCRIPT:example.com")
@example("mailto:a@example.com mailto:@example.com")
@example("ＥＸＡＭＰＬＥ．ＣＯＭ。")
@example("a.com+@b.com")  # a URL, then an email whose local-part starts inside it
@example("a@b.com@c.com")  # an email, then one whose local-part is the first's domain
def test_find_links_invariants(text: str) -> None:
    links = find_links(text)
    assert isinstance(links, list)
    check_links(text, links)
    assert list(iter_links(text)) == links
    assert find_links(text) == links  # deterministic (no state kept between calls)


@given(texts)
def test_link_display_is_detected_whole(text: str) -> None:
    """``Link.display`` (minimally escaped, Unicode host) is itself found as one whole link."""
    for link in find_links(text):
        shown = link.display
        assert isinstance(shown, str) and shown
        if link.kind == "url":
            assert_detected_whole(shown)


policies = st.builds(
    LinkPolicy,
    require_identifier_allowed=st.booleans(),
    spoof_check=st.booleans(),
    reject_spoof=st.booleans(),
    bidi_controls=st.sampled_from(["allow", "reject", "escape"]),
    max_link_length=st.none() | st.integers(1, 40),
    max_part_length=st.none() | st.integers(1, 20),
    cjk_boundary=st.booleans(),
    guard_false_positives=st.booleans(),
)


@given(texts, policies)
def test_find_links_with_policy(text: str, policy: LinkPolicy) -> None:
    links = find_links(text, policy=policy)
    check_links(text, links)
    for link in links:
        assert link.display
    if not policy.cjk_boundary:  # the other checks only ever drop links
        base = {(x.start, x.end, x.href) for x in find_links(text)}
        assert {(x.start, x.end, x.href) for x in links} <= base


@given(texts)
def test_find_links_shift_with_surrounding_spaces(text: str) -> None:
    """A space before or after the text changes nothing but the offsets."""
    links = find_links(text)
    shifted = [(x.start + 1, x.end + 1, x.kind, x.text, x.href) for x in links]
    got = [(x.start, x.end, x.kind, x.text, x.href) for x in find_links(" " + text + " ")]
    assert got == shifted


@given(texts)
def test_find_links_without_tlds_only_ip_urls(text: str) -> None:
    """With an empty TLD set nothing but scheme + IP-address URLs can be found."""
    for link in find_links(text, tlds=()):
        assert link.kind == "url"
        assert link.href.lower().startswith(("http://", "https://", "ftp://", "ws://", "wss://"))
        host = urllib.parse.urlsplit(link.href).hostname or ""
        assert host.replace(".", "").isdigit() or ":" in host, link


@given(texts)
def test_find_links_with_tlds_subset(text: str) -> None:
    """With ``tlds={"com"}`` every domain link (URL or email) has a ``com`` top-level domain."""
    import regex

    from uts58_icu.core._classes import LABEL_SEPARATORS
    from uts58_icu.core.detection import _tld_key

    links = find_links(text, tlds=frozenset({"com"}))
    check_links(text, links)
    for link in links:
        if link.kind == "email":
            host = link.text.rpartition("@")[2]
        else:
            host = regex.match(r"(?:[A-Za-z][A-Za-z0-9+.\-]*://)?([^/?#]*)", link.text).group(1)
            host = regex.sub(r":[0-9]*$", "", host)  # a port, possibly empty
            if host.startswith("[") or host.replace(".", "").isdigit():
                continue  # an IP address
        last = regex.split("[" + LABEL_SEPARATORS + "]", host.rstrip(LABEL_SEPARATORS))[-1]
        assert _tld_key(last) == "com", (text, link)


# ---------------------------------------------------------------------------
# terminate / email_start
# ---------------------------------------------------------------------------


@given(texts, st.data())
def test_terminate_in_bounds(text: str, data: st.DataObject) -> None:
    start = data.draw(st.integers(0, len(text)), label="start")
    end = terminate(text, start)
    assert isinstance(end, int) and start <= end <= len(text)
    assert terminate(text, start) == end


@given(texts)
def test_terminate_every_start(text: str) -> None:
    for start in range(len(text) + 1):
        assert start <= terminate(text, start) <= len(text)


@given(texts)
@example("@")
@example("a..b@c")
@example("mailto:x@example.com")
def test_email_start(text: str) -> None:
    for at, ch in enumerate(text):
        if ch != "@":
            continue
        start = email_start(text, at)
        if start is None:
            continue
        assert isinstance(start, int) and 0 <= start < at
        local = text[start:at]
        if local.startswith("mailto:") and start + 7 < at and all(
            link_email(c) for c in local[7:]
        ):
            local = local[7:]
        assert local, text
        assert all(link_email(c) for c in local), (text, local)
        assert not local.startswith(".") and not local.endswith(".") and ".." not in local


# ---------------------------------------------------------------------------
# linkify_text_to_html
# ---------------------------------------------------------------------------


@given(texts, st.sampled_from([None, "", "nofollow", 'x" onmouseover="y']),
       st.sampled_from([None, "", "_blank", "<script>"]))
@example('<script>alert("x")</script> example.com/"><img src=x>', None, None)
@example("example.com/?a=<b>&c='d'", "nofollow noopener", "_blank")
def test_linkify_html(text: str, rel: str | None, target: str | None) -> None:
    links = find_links(text, policy=LinkPolicy.recommended())  # linkify_text_to_html's default
    out = linkify_text_to_html(text, rel=rel, target=target)
    assert isinstance(out, str)
    p = parse_html(out)
    assert [tag for tag, _ in p.starts] == ["a"] * len(links), out
    assert p.ends == ["a"] * len(links), out
    assert p.others == [], out
    for (_, attrs), link, shown in zip(p.starts, links, p.link_texts):
        names = [name for name, _ in attrs]
        assert set(names) <= {"href", "rel", "target"}, attrs
        assert len(names) == len(set(names))
        values = dict(attrs)
        assert values["href"] == link.href
        assert values.get("rel") == (rel or None)
        assert values.get("target") == (target or None)
        assert shown == link.display
        assert not values["href"].strip(STRIP).lower().startswith(DANGEROUS_SCHEMES)
    # Outside the links, the text (and only the text) comes back once the markup is parsed.
    expected, pos = [], 0
    for link in links:
        expected += [text[pos : link.start], link.display]
        pos = link.end
    expected.append(text[pos:])
    assert "".join(p.data) == "".join(expected)


# ---------------------------------------------------------------------------
# Dangerous schemes, whatever the case and the whitespace
# ---------------------------------------------------------------------------

scheme_spelling = st.sampled_from(["javascript", "data", "vbscript"]).flatmap(
    lambda s: st.tuples(*[st.sampled_from([c.lower(), c.upper()]) for c in s]).map("".join)
)
ws = st.text(st.sampled_from(" \t\n\r\x00\x0b\x0c\u00a0\u200b\ufeff"), max_size=3)


@given(ws, scheme_spelling, ws, st.sampled_from(["", "//", "/", "\\\\"]),
       st.sampled_from(["example.com", "alert(1)//example.com", "text/html,example.com",
                        "x@example.com", "//example.com/%0aalert(1)", "https://example.com"]))
def test_dangerous_schemes_never_linked(lead: str, scheme: str, mid: str, slashes: str,
                                        rest: str) -> None:
    text = f"{lead}{scheme}{mid}:{slashes}{rest}"
    links = find_links(text)
    check_links(text, links)
    out = linkify_text_to_html(text)
    for _, attrs in parse_html(out).starts:
        href = dict(attrs)["href"]
        assert urllib.parse.urlsplit(href).scheme in ALLOWED_SCHEMES
        assert not href.strip(STRIP).lower().startswith(DANGEROUS_SCHEMES)


# ---------------------------------------------------------------------------
# Non-str input: TypeError naming the parameter
# ---------------------------------------------------------------------------

NON_STR = [b"example.com", bytearray(b"x"), None, 42, 4.2, ["example.com"], ("a",), object()]


@pytest.mark.parametrize("bad", NON_STR, ids=lambda v: type(v).__name__)
def test_non_str_text_raises_type_error(bad: object) -> None:
    for call in (
        lambda: find_links(bad),  # type: ignore[arg-type]
        lambda: iter_links(bad),  # type: ignore[arg-type]
        lambda: terminate(bad, 0),  # type: ignore[arg-type]
        lambda: email_start(bad, 0),  # type: ignore[arg-type]
        lambda: linkify_text_to_html(bad),  # type: ignore[arg-type]
    ):
        with pytest.raises(TypeError, match=r"\btext\b"):
            call()


@pytest.mark.parametrize("bad", [b"0", "0", None, 1.0, True], ids=repr)
def test_non_int_offsets_raise_type_error(bad: object) -> None:
    with pytest.raises(TypeError, match=r"\bstart\b"):
        terminate("example.com", bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"\bat\b"):
        email_start("a@example.com", bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [b"x", 1, ["x"]], ids=repr)
def test_linkify_bad_attributes_raise_type_error(bad: object) -> None:
    with pytest.raises(TypeError, match=r"\brel\b"):
        linkify_text_to_html("example.com", rel=bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"\btarget\b"):
        linkify_text_to_html("example.com", target=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", ["com", b"com", bytearray(b"com"), 3], ids=repr)
def test_bad_tlds_raise_type_error(bad: object) -> None:
    with pytest.raises(TypeError, match=r"\btlds\b"):
        find_links("example.com", tlds=bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"\btlds\b"):
        linkify_text_to_html("example.com", tlds=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", NON_STR, ids=lambda v: type(v).__name__)
def test_minimal_escape_non_str_raises_type_error(bad: object) -> None:
    from uts58_icu.core.escaping import minimal_escape

    with pytest.raises(TypeError, match=r"\burl\b"):
        minimal_escape(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [b"https", None, 1], ids=repr)
def test_format_parts_non_str_raises_type_error(bad: object) -> None:
    from uts58_icu.core.escaping import format_parts

    with pytest.raises(TypeError, match=r"\bscheme\b"):
        format_parts(bad, "example.com")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"\bhost\b"):
        format_parts("https", bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"\bpath\b"):
        format_parts("https", "example.com", [bad])  # type: ignore[list-item]
    if bad is not None:  # fragment=None means "no fragment"
        with pytest.raises(TypeError, match=r"\bfragment\b"):
            format_parts("https", "example.com", fragment=bad)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------
# minimal_escape / format_parts
# ---------------------------------------------------------------------------


def assert_detected_whole(url: str) -> None:
    text = " " + url + " "
    links = find_links(text)
    assert [(x.start, x.end) for x in links] == [(1, len(text) - 1)], (url, links)


@given(st.one_of(texts, url_text))
@example("https://example.com/（(]）")
@example("https://example.com/%ff%CE%B1")
@example("https://example.com/a\ud800b")
def test_minimal_escape_idempotent(url: str) -> None:
    from uts58_icu.core.escaping import minimal_escape

    once = minimal_escape(url)
    assert isinstance(once, str)
    assert minimal_escape(once) == once, (url, once)


@given(url_text)
@example("https://example.com/a.")
@example("https://example.com/(a")
@example("https://example.com/a?b=c&d#e:~:text=f,g")
@example("https://example.com/\u202eabc")
@example("https://example.com/a b\nc")
def test_minimal_escape_detected_whole(url: str) -> None:
    from uts58_icu.core.escaping import minimal_escape

    escaped = minimal_escape(url)
    assert escaped.startswith("https://example.com/")
    assert_detected_whole(escaped)


@given(url_text)
def test_minimal_escape_keeps_meaning(url: str) -> None:
    from uts58_icu.core.escaping import minimal_escape, parse_url

    assert parse_url(minimal_escape(url)) == parse_url(url)


segment = st.one_of(any_text.filter(lambda s: len(s) < 12), st.lists(fragment, max_size=4).map("".join))
query_pairs = st.lists(st.tuples(segment, st.none() | segment), max_size=3)


@given(
    st.lists(segment, max_size=4),
    query_pairs,
    st.none() | segment,
    st.lists(segment, max_size=2),
    st.none() | st.integers(0, 65535),
)
def test_format_parts_detected_whole_and_round_trips(
    path: list[str],
    query: list[tuple[str, str | None]],
    frag: str | None,
    directives: list[str],
    port: int | None,
) -> None:
    from uts58_icu.core.escaping import format_parts, minimal_escape, parse_url

    url = format_parts("https", "example.com", path, query, frag, directives, port)
    assert isinstance(url, str)
    assert url.startswith("https://example.com")
    assert_detected_whole(url)
    assert minimal_escape(url) == url
    parsed = parse_url(url)

    def usv(s: str) -> str:
        return "".join("\ufffd" if 0xD800 <= ord(c) <= 0xDFFF else c for c in s)

    assert parsed.scheme == "https" and parsed.host == "example.com" and parsed.port == port
    assert parsed.path == tuple(usv(s) for s in path)
    assert parsed.query == tuple((usv(k), None if v is None else usv(v)) for k, v in query)
    expected_fragment = frag if frag is not None else ("" if directives else None)
    assert parsed.fragment == (None if expected_fragment is None else usv(expected_fragment))
    assert parsed.directives == tuple(usv(d) for d in directives)
