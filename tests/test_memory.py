"""Issue 22 item 10: memory of the whole-text entry points, and the pieces that bound it.

The peak is the ``tracemalloc`` peak during the call (Python allocations, the compiled
core's ``Link`` objects included; ICU's and Arrow's own buffers are not seen), the result
included, over the input ``str``'s size in memory (``sys.getsizeof``). It is
deterministic: no timing, no resident-set sampling. ``bench/bench_hostile.py`` measures
the whole process (VmHWM) on 9.5 MB; see docs/limits.md.
"""

from __future__ import annotations

import gc
import html
import random
import sys
import tracemalloc
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

import uts58_icu
from uts58_icu import LinkPolicy, find_links, iter_links, linkify_text_to_html, minimal_escape, redact
from uts58_icu.core import _pieces
from uts58_icu.core import detection as core
from uts58_icu.linkification import linkify as linkify_module

#: Beyond 5x the input: what a call holds whatever the input's size (one piece of lines'
#: links, one block of pieces, caches filled by the first call).
SLACK = 384 * 1024
#: Characters of generated prose per call: big enough that the old code's 7-19x shows
#: clearly over 5x + SLACK, small enough for tracemalloc on the pure-Python path.
SIZE = 400_000

_WORDS = ["the", "link", "is", "here", "and", "there", "text", "(see", "also)", "-", "!", ".", ",", "<b>", "&",
          '"quoted"', "mail"]  # fmt: skip
_LINKS = ["example.com", "https://example.com/path?q=1&r=2#frag", "bob@example.org", "www.example.net/a/b",
          "mailto:a+b@example.org", "http://127.0.0.1:8000/x", "https://en.wikipedia.org/wiki/Link_(disambiguation)",
          "example.com#a:~:text=(b),(c)"]  # fmt: skip


def prose(size: int, seed: int = 58) -> str:
    """About ``size`` characters of ASCII lines, a link or an address in about eight words."""
    rng = random.Random(seed)
    lines = []
    n = 0
    while n < size:
        words = [rng.choice(_LINKS) if rng.random() < 0.12 else rng.choice(_WORDS) for _ in range(rng.randint(3, 30))]
        line = " ".join(words) + "\n"
        lines.append(line)
        n += len(line)
    return "".join(lines)


def peak_of(fn: Callable[[str], object], text: str) -> int:
    """Bytes of Python allocations the call holds at its highest, result included."""
    fn(text[:20_000])  # the same hosts: caches filled before the measured call
    gc.collect()
    tracemalloc.start()
    try:
        base, _ = tracemalloc.get_traced_memory()
        result = fn(text)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    del result
    return peak - base


def _batch(text: str) -> object:
    pytest.importorskip("pyarrow", reason="the [arrow] extra is not installed")
    from uts58_icu.batch import find_links_batch

    return find_links_batch([text])


ENTRY_POINTS: dict[str, Callable[[str], object]] = {
    # old code (before issue 22 item 10), tracemalloc peak / input on this prose:
    "redact": redact,  # 9.1x
    "redact_urls": lambda t: redact(t, urls="<URL>"),
    "minimal_escape": minimal_escape,  # 18.5x
    "linkify_text_to_html": linkify_text_to_html,  # 9.7x
    "find_links_batch": _batch,  # 7.3x (the Python side; Arrow's buffers are not traced)
}


@pytest.fixture(scope="module")
def text() -> str:
    return prose(SIZE)


@pytest.mark.parametrize("name", list(ENTRY_POINTS))
def test_peak_at_most_five_times_the_input(name: str, text: str) -> None:
    peak = peak_of(ENTRY_POINTS[name], text)
    size = sys.getsizeof(text)
    assert peak <= 5 * size + SLACK, f"{name}: {peak / size:.2f}x the input"


def test_minimal_escape_of_words_stays_small() -> None:
    # every space is Hard: the old §4.1 loop kept two objects a word (38x in VmHWM)
    text = "x.com/" + "the link is here and there " * 15_000
    peak = peak_of(minimal_escape, text)
    assert peak <= 5 * sys.getsizeof(text) + SLACK, peak / sys.getsizeof(text)


def test_iter_links_holds_the_links_of_a_piece(text: str) -> None:
    """``iter_links`` on a long text never holds the links of the whole text at once (the
    compiled core returns a whole text's links: it is given a piece of lines at a time)."""
    for policy in (None, "recommended"):
        peak = peak_of(lambda t: sum(1 for _ in iter_links(t, policy=policy)), text)  # noqa: B023
        assert peak <= sys.getsizeof(text) + SLACK, (policy, peak / sys.getsizeof(text))


# ---------------------------------------------------------------- same results


_ALPHABET = ["a", ".", "com", "@", "/", ":", "//", "http", "\n", " ", "(", ")", "x.co", "é", "例", "。", "%",
             "b@c.de", "\n\n", "+", "https://", "From: ", "\t", "\r\n", "u:p@", "mailto:", "[::1]", "1.2.3.4",
             "<", "&", "\u202e", "😀", "#", "?", "=", ":~:"]  # fmt: skip
texts = st.lists(st.sampled_from(_ALPHABET), max_size=40).map("".join)


@given(texts, st.integers(1, 12))
def test_iter_links_in_pieces_equals_find_links(text: str, piece: int) -> None:
    """A piece of whole lines gives the links the whole text gives (base and recommended)."""
    old = core.LAZY_PIECE
    core.LAZY_PIECE = piece
    try:
        for policy in (None, "recommended"):
            assert list(iter_links(text, policy=policy)) == find_links(text, policy=policy)
        assert list(core.iter_links(text, dotless_hosts={"localhost"})) == core.find_links(
            text, dotless_hosts={"localhost"}
        )
    finally:
        core.LAZY_PIECE = old


def _linkify_reference(text: str) -> str:
    """linkify_text_to_html as it was: every piece in one list, joined once."""
    out = []
    pos = 0
    for link in find_links(text, policy=LinkPolicy.recommended()):
        out.append(html.escape(text[pos : link.start], quote=False))
        out.append(
            f'<a href="{html.escape(link.href, quote=True)}" rel="nofollow noopener">'
            f"{html.escape(link.display, quote=False)}</a>"
        )
        pos = link.end
    out.append(html.escape(text[pos:], quote=False))
    return "".join(out)


@given(texts, st.integers(1, 5), st.integers(1, 4))
def test_linkify_in_blocks_and_windows_is_the_same(text: str, window: int, block: int) -> None:
    saved = (linkify_module.WINDOW, linkify_module.BLOCK_PIECES, _pieces.BLOCK_PIECES, core.LAZY_PIECE)
    linkify_module.WINDOW, linkify_module.BLOCK_PIECES, _pieces.BLOCK_PIECES, core.LAZY_PIECE = (
        window, 2 * block, block, 5
    )
    try:
        assert linkify_text_to_html(text) == _linkify_reference(text)
    finally:
        linkify_module.WINDOW, linkify_module.BLOCK_PIECES, _pieces.BLOCK_PIECES, core.LAZY_PIECE = saved


@given(
    st.lists(st.sampled_from(["", "a", "é", "😀", "ab", "例え", "\n", "x.com", "abcd"]), max_size=30),
    st.integers(1, 5),
    st.integers(0, 5),
    st.integers(1, 5),
)
def test_pieces_join_is_join(pieces: list[str], block: int, ascii_run: int, big: int) -> None:
    old = _pieces.BLOCK_PIECES, _pieces.ASCII_RUN, _pieces.BIG_TEXT
    _pieces.BLOCK_PIECES, _pieces.ASCII_RUN, _pieces.BIG_TEXT = block, ascii_run, big
    try:
        out = _pieces.Pieces()
        for k, piece in enumerate(pieces):
            if k % 3:
                out.append(piece)
            else:  # the fast way, as linkify_text_to_html does
                out.pending.append(piece)
                if len(out.pending) >= block:
                    out.flush()
        assert out.join() == "".join(pieces)
        assert out.join() == ""  # released
    finally:
        _pieces.BLOCK_PIECES, _pieces.ASCII_RUN, _pieces.BIG_TEXT = old


def test_pieces_keep_long_ascii_runs_narrow() -> None:
    out = _pieces.Pieces()
    for piece in ["😀", "a" * 100, "é", "b", "😀", "c" * 64]:
        out.append(piece)
    out.flush()
    assert out._blocks == ["😀", "a" * 100, "éb😀", "c" * 64]


@given(texts)
def test_redact_in_pieces_is_the_same(text: str) -> None:
    whole = [redact(text), redact(text, urls="<URL>"), redact(text, policy="recommended")]
    old = (core.LAZY_PIECE, _pieces.BLOCK_PIECES)
    core.LAZY_PIECE, _pieces.BLOCK_PIECES = 3, 2
    try:
        assert [redact(text), redact(text, urls="<URL>"), redact(text, policy="recommended")] == whole
    finally:
        core.LAZY_PIECE, _pieces.BLOCK_PIECES = old


def test_redact_calls_a_callable_in_the_same_order() -> None:
    # the links' replacements first, then the addresses detection does not link (as before)
    seen: list[str] = []

    def number(link: uts58_icu.Link) -> str:
        seen.append(link.text)
        return f"<E{len(seen)}>"

    text = ".ann@example.org see https://x.com/?to=bob@example.org and carol@example.org, http://u:pw@y.com/p"
    assert redact(text, emails=number) == ".<E4> see https://x.com/?to=<E1> and <E2>, http://<E3>/p"
    assert seen == ["bob@example.org", "carol@example.org", "u:pw@y.com", "ann@example.org"]


def test_find_links_batch_in_blocks_is_the_same() -> None:
    pytest.importorskip("pyarrow", reason="the [arrow] extra is not installed")
    from uts58_icu import batch

    texts = [prose(3_000, seed=k) for k in range(3)] + [None, "", "x.com"]
    whole = batch.find_links_batch(texts, offsets="utf16").to_pylist()
    old = (batch._BLOCK_LINKS, core.LAZY_PIECE)
    batch._BLOCK_LINKS, core.LAZY_PIECE = 7, 100
    try:
        assert batch.find_links_batch(texts, offsets="utf16").to_pylist() == whole
    finally:
        batch._BLOCK_LINKS, core.LAZY_PIECE = old
    assert whole[0] == [
        {"start": link.start, "end": link.end, "kind": link.kind, "text": link.text, "href": link.href}
        for link in find_links(texts[0])  # type: ignore[arg-type]
    ]


def test_minimal_escape_of_a_long_url_is_the_same_in_blocks() -> None:
    url = "HTTPS://xn--bcher-kva.de/" + "a b%C3%A9/c?d=e f#g:~:text=h i&j " * 300
    whole = minimal_escape(url)
    old = (_pieces.BLOCK_PIECES, _pieces.BIG_TEXT)
    try:
        _pieces.BLOCK_PIECES = 3
        import uts58_icu.core.escaping as escaping

        saved = escaping.BIG_TEXT
        escaping.BIG_TEXT = 0
        try:
            assert minimal_escape(url) == whole
        finally:
            escaping.BIG_TEXT = saved
    finally:
        _pieces.BLOCK_PIECES, _pieces.BIG_TEXT = old
    assert whole.startswith("https://bücher.de/a%20bé/c?d=e%20f#g:~:text=h%20i&j%20a%20bé")
