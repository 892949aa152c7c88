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

import sys
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from uts58_icu import LinkPolicy
from uts58_icu.linkification import apply
from uts58_icu.markdown_it import LinkifyUts58

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
    """``render(src)`` with every scheme link from ``link_at``."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(um, "_paragraph_links", lambda state, lin, source: None)
        return render(src)


@settings(max_examples=400)
@given(TEXT, st.integers(0, len(POLICIES) - 1))
def test_scan_gives_what_link_at_gives(src: str, policy_index: int) -> None:
    for render in engines(policy_index):
        assert render(src) == without_scan(render, src)


def test_bench_documents_render_the_same() -> None:
    sys.path.insert(0, str(ROOT / "bench"))
    import corpus  # type: ignore[import-not-found]  # noqa: PLC0415

    html, _ = engines(0)
    for text in (corpus.multilingual_corpus(60_000), corpus.ascii_corpus(60_000)):
        for para in text.split("\n\n"):
            assert html(para) == without_scan(html, para)


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
    if ACCELERATED:  # the pure path has no gated scan: every link from link_at
        assert calls["link_at"] == 0
    else:
        assert calls["link_at"] == 3


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
