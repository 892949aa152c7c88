"""The mistune plugin's scheme rule answered from one gated scan of the inline source
(``uts58_icu.mistune._paragraph_links``) gives what ``LinkifyUts58.link_at`` gives.

The rule runs at every ``://``; ``link_at`` reads a window at the scheme and applies
the policy to it, several Python steps per link. The plugin scans the whole source
of the inline parse once instead, when the compiled gate settles every link of it,
and asks ``link_at`` only for a start that scan has no URL at. These tests render
each text both ways (the scan switched off: every link from ``link_at``) and require
the same HTML and the same tokens.
"""

from __future__ import annotations

import re
import sys
from html import unescape
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from uts58_icu import LinkPolicy, find_links
from uts58_icu.linkification import apply
from uts58_icu.markdown_it import LinkifyUts58, visible_text

mistune = pytest.importorskip("mistune")
import uts58_icu.mistune as um  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent

# Links with a scheme in the contexts the policy's rules look at: CJK text and
# brackets around them, markup, code, mail and chat lines, glued and truncated links.
PIECES = [
    "https://example.com/a", "http://例え.jp/パス", "https://zh.wikipedia.org/wiki/孔子", "ftp://f.net/x.tar.gz",
    "https://bücher.de/家族/文字、カタカナ", "http://a.com,", "https://t.co…", "http://localhost:8000/",
    "https://a.la//b.la", "http://[::1]", "https://x.org/a_(b)", "https://аррӏе.com/", "ws://h.io/s",
    "HTTP://A.COM/X", "https://e.org://x", "http://a.com*", "https://a.com/**b**", "ｈｔｔｐ://x.org",
    "老师，", "」", "「", "。", "（", "）", "、", "(", ")", "[", "]", "](", "<", ">", "*", "**", "_", "`", "~~",
    " ", "\n", ".", ",", ":", "\"", "'", "&amp;", "\u202e", "\u200b", "a.com", "me@a.com", "www.a.com",
    "From: ", "Received: from ", "> ", "- ", "# ", "<a href='x'>", "</a>", "from x.y import ", "see ",
    "[t](http://t.org)", "<http://x.org>", "12:03 <nick> ", "*** Quits: nick (", "dd.mm ", "setup.py ",
]  # fmt: skip
TEXT = st.lists(st.sampled_from(PIECES) | st.text(max_size=3), max_size=14).map("".join)
POLICIES = [None, LinkPolicy(), LinkPolicy.recommended()]


@lru_cache(maxsize=None)
def engines(policy_index: int) -> tuple[Any, Any]:
    """An HTML Markdown and an AST one (``renderer=None``, the token path), one plugin."""
    plugin = um.make_linkify(policy=POLICIES[policy_index])
    html = mistune.create_markdown(plugins=["strikethrough", "table", plugin])
    ast = mistune.create_markdown(renderer=None, plugins=["strikethrough", "table", plugin])
    return html, ast


def without_scan(render: Any, src: str) -> Any:
    """``render(src)`` with every scheme link from the rule and ``link_at``."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(um, "_paragraph_links", lambda state, lin, source: None)
        patch.setattr(um, "_plain_tail", lambda inline, source, pos: False)
        return render(src)


def rule_always(render: Any, src: str) -> Any:
    """``render(src)`` with every scheme link taken by the scheme rule (no step aside
    for a URL whose run of text holds no rule's character: ``um._plain_tail``)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(um, "_plain_tail", lambda inline, source, pos: False)
        return render(src)


@settings(max_examples=400)
@given(TEXT, st.integers(0, len(POLICIES) - 1))
def test_scan_gives_what_link_at_gives(src: str, policy_index: int) -> None:
    for render in engines(policy_index):
        assert rule_always(render, src) == without_scan(render, src)


_A = re.compile(r'<a href="([^"]*)">(.*?)</a>')


@settings(max_examples=400)
@given(TEXT, st.integers(0, len(POLICIES) - 1))
def test_plain_urls_left_to_the_text_scan_render_the_same(src: str, policy_index: int) -> None:
    """The scheme rule steps aside for a URL that starts a word whose text up to white
    space holds no character a rule starts at; the text's scan links it. The HTML is the
    same outside the links; where the paragraph has no such character at all (nor a line
    break) and the rule steps aside for each URL, its links are ``find_links``'s on it,
    whichever the rule's own split would give
    (``https://t.co…setup.py``: the rule's run of text after the cut is scanned again;
    ``https://a.example/x setup.py https://b.example/``: a name between two URLs)."""
    html, _ = engines(policy_index)
    ours, ruled = html(src), rule_always(html, src)
    assert _A.sub(r"\2", ours) == _A.sub(r"\2", ruled)
    colons = [i for i in range(len(src)) if src.startswith("://", i)]
    if (not set(src) & (set(html.inline._get_fast_trigger_chars()) - {":"})
            and all(um._plain_tail(html.inline, src, i) for i in colons)):
        policy = POLICIES[policy_index] or LinkPolicy.recommended()
        want = [visible_text(link) for link in find_links(src, policy=policy)]  # the texts shown
        assert [unescape(text) for _, text in _A.findall(ours)] == want


def test_a_cut_remainder_is_not_rescanned_as_find_links_does_not() -> None:
    html, _ = engines(2)
    src = "see https://t.co…setup.py now\n"
    assert html(src) == '<p>see <a href="https://t.co">https://t.co</a>…setup.py now</p>\n'
    assert [link.text for link in find_links(src, policy=LinkPolicy.recommended())] == ["https://t.co"]
    assert "setup.py</a>" in rule_always(engines(1)[0], src)  # the rule's run of text, rescanned by the base


def test_bench_documents_render_the_same() -> None:
    sys.path.insert(0, str(ROOT / "bench"))
    import corpus  # type: ignore[import-not-found]  # noqa: PLC0415

    html, ast = engines(2)
    for text in (corpus.multilingual_corpus(60_000), corpus.ascii_corpus(60_000)):
        for para in text.split("\n\n"):
            expected = without_scan(html, para)
            assert html(para) == expected == rule_always(html, para)
            assert ast(para) == rule_always(ast, para)


def test_the_rule_steps_aside_only_for_plain_text() -> None:
    html, _ = engines(2)
    inline = html.inline
    src = "see https://example.com/パス and https://example.com/a*b* or https://x.org/a:b\n"
    assert um._plain_tail(inline, src, src.index("://"))
    assert not um._plain_tail(inline, src, src.index("://", 30))  # '*': emphasis would read it
    assert not um._plain_tail(inline, src, src.rindex("://"))  # ':' starts a rule (this one)
    long = "https://example.com/" + "a" * 600 + " x"
    assert not um._plain_tail(inline, long, long.index("://"))  # past the reach: the rule decides
    assert html(long).count("<a ") == 1


def counting(monkeypatch: pytest.MonkeyPatch) -> tuple[dict[str, int], LinkifyUts58]:
    """A linkifier whose link_at calls, and gated scans of the plugin, are counted."""
    calls = {"link_at": 0, "scan": 0, "long scan": 0}
    lin = LinkifyUts58()
    link_at = lin.link_at

    def counted_link_at(*args: Any) -> Any:
        calls["link_at"] += 1
        return link_at(*args)

    monkeypatch.setattr(lin, "link_at", counted_link_at)
    fast_scanner = apply._fast_scanner

    def counted_fast_scanner(policy: Any) -> Any:
        scanner = fast_scanner(policy)
        if scanner is None:
            return None

        def scan(text: str) -> Any:
            calls["scan"] += 1
            calls["long scan"] += len(text) > 1000
            return scanner(text)

        return scan

    monkeypatch.setattr(um, "_fast_scanner", counted_fast_scanner)
    return calls, lin


def test_scheme_links_come_from_one_scan(monkeypatch: pytest.MonkeyPatch) -> None:
    from uts58_icu import ACCELERATED

    calls, lin = counting(monkeypatch)
    md = mistune.create_markdown(plugins=[um.make_linkify(linkifier=lin)])
    src = "See https://a.com/x and http://b.org/パス, then ftp://c.net/f.\n"
    out = md(src)
    assert out == (
        '<p>See <a href="https://a.com/x">https://a.com/x</a> and '
        '<a href="http://b.org/%E3%83%91%E3%82%B9">http://b.org/パス</a>, then '
        '<a href="ftp://c.net/f">ftp://c.net/f</a>.</p>\n'
    )
    assert calls["link_at"] == 0  # each starts a plain word: the scheme rule steps aside (_plain_tail)
    md("See https://a.com/x_y and http://b.org/パス_z.\n")  # "_" in the word: the rule takes them
    if ACCELERATED:  # the pure path has no gated scan: the rule's links come from link_at
        assert calls["link_at"] == 0
    else:
        assert calls["link_at"] == 2


def test_each_source_is_scanned_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Link labels are parsed with their own source in between the paragraph's rules:
    the paragraph is not scanned again after each (which would be quadratic)."""
    from uts58_icu import ACCELERATED

    if not ACCELERATED:
        pytest.skip("no gated scan on the pure path")
    calls, lin = counting(monkeypatch)
    md = mistune.create_markdown(plugins=[um.make_linkify(linkifier=lin)])
    n = 50
    src = " ".join(f"[https://l{i}.org/x](https://t.org) https://p{i}.org/y" for i in range(n)) + "\n"
    out = md(src)
    assert out.count('<a href="https://p') == n
    assert calls["long scan"] == 1  # the paragraph once (the labels and runs are short)
    assert calls["link_at"] == 0
