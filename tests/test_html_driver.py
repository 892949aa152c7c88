"""html.linkify's shortcuts give the output of the plain path (issue 19).

The driver skips text that holds no ``:``, ``@`` or label separator, runs a policy only
on text where the base finds a link or ``://`` is written, writes the default
callbacks' ``<a>`` directly, finds the links of a long run lazily and joins its output
in chunks, and rescans the gaps between new links depth first. Each shortcut is
switched off here (or forced on for every run) and the output must not change.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from uts58_icu import LinkPolicy, find_links
from uts58_icu import html as uhtml
from uts58_icu.html import Linker, nofollow

from test_html_pages import PAGES, corpus  # noqa: E402  (tests/ is on sys.path)

FRAGMENTS = [
    "<p>", "</p>", "<a href=x>", "</a>", "<b>", "</b>", "<table>", "<tr>", "<td>", "</table>", "<pre>", "</pre>",
    "<svg>", "</svg>", "<template>", "</template>", "<!--", "-->", "<script>", "</script>", "<br/>",
    "&amp;", "&#46;", "&lt;", "&#x40;", "&period;", " ", "\n", "\t", ".", ":", "@", "/", "(", ")", "=\n",
    "a.com", "x@y.org", "http://", "https://ex.com/p?q=1", "www.", "b.org", "a.comhttp://b.org", "例.中国",
    "。", "é", "\u202e", "file.py", "jane at example.org", "http://localhost/", "してるhttp://example.comいま",
    "mailto:a@b.co?subject=x", "1.2.3.4", "xn--80ak6aa92e.com", "аррӏе.com",
]  # fmt: skip

docs = st.lists(st.sampled_from(FRAGMENTS), max_size=30).map("".join)


def plain(attrs: dict[str, str], link: object) -> dict[str, str] | None:
    """``nofollow`` through the generic callback path (not recognised as the default)."""
    return nofollow(attrs, link)  # type: ignore[arg-type]


@contextmanager
def shortcuts_off() -> Iterator[None]:
    """Every text scanned, every run lazy with its output joined a piece at a time."""
    saved = uhtml._MAY_LINK, uhtml._LONG_RUN, uhtml._JOIN_EVERY, uhtml._BASE_FIRST
    uhtml._MAY_LINK, uhtml._LONG_RUN, uhtml._JOIN_EVERY, uhtml._BASE_FIRST = re.compile(""), 0, 1, False
    try:
        yield
    finally:
        uhtml._MAY_LINK, uhtml._LONG_RUN, uhtml._JOIN_EVERY, uhtml._BASE_FIRST = saved


def both(doc: str, policy: str) -> tuple[str, str]:
    fast = Linker(policy=policy).linkify(doc)
    with shortcuts_off():
        slow = Linker(policy=policy, callbacks=[plain]).linkify(doc)
    return fast, slow


@given(docs, st.sampled_from(["base", "recommended"]))
def test_shortcuts_change_nothing(doc: str, policy: str) -> None:
    fast, slow = both(doc, policy)
    assert fast == slow


def test_shortcuts_change_nothing_on_pages() -> None:
    for page in PAGES:
        for policy in ("base", "recommended"):
            fast, slow = both(page, policy)
            assert fast == slow


def _texts(detection_test: Path) -> Iterator[str]:
    yield corpus.ascii_corpus(100_000)
    yield corpus.multilingual_corpus(100_000)
    for line in detection_test.read_text(encoding="utf-8").splitlines():
        yield line.split("#", 1)[0]
    yield from FRAGMENTS


def test_every_link_holds_a_colon_an_at_or_a_label_separator(published: Callable[[str], Path]) -> None:
    """What ``_MAY_LINK`` relies on, for the base and the recommended policy (a rule that
    links anything else must change ``_MAY_LINK`` with it)."""
    rec = LinkPolicy.recommended()
    seen = 0
    for text in _texts(published("LinkDetectionTest.txt")):
        for link in [*find_links(text), *find_links(text, policy=rec)]:
            assert uhtml._MAY_LINK.search(link.text), link
            seen += 1
    assert seen > 2_000


def test_a_policy_links_only_where_the_base_does_or_after_a_scheme(published: Callable[[str], Path]) -> None:
    """What ``Linker._base_first`` relies on: every link of the recommended policy lies
    inside a link of the base, or the text holds ``://`` (cjk_host_cut, dotless hosts)."""
    rec = LinkPolicy.recommended()
    checked = 0
    for text in _texts(published("LinkDetectionTest.txt")):
        base = find_links(text)
        for link in find_links(text, policy=rec):
            checked += 1
            assert "://" in text or any(b.start <= link.start and link.end <= b.end for b in base) or (
                link.text[:7].lower() == "mailto:"  # extend_mailto_headers: the base link is its start
                and any(b.start == link.start for b in base)
            ), link
    assert checked > 1_000


def test_gaps_are_rescanned() -> None:
    # "a.com" is no link glued to "http://b.org"; once that is linked, a second pass sees
    # "a.com" alone, so the gap is scanned again on its own (depth first, before b.org)
    once = uhtml.linkify("<p>a.comhttp://b.org x.org</p>")
    assert [m.group(1) for m in re.finditer(r'<a href="([^"]*)"', once)] == [
        "https://a.com", "http://b.org", "https://x.org"
    ]
    assert uhtml.linkify(once) == once
