"""Concurrency: threads and processes give the results of a serial run.

The library shares one ICU ``IDNA`` (UTS #46) instance between all callers
(``uts58_icu._icu``), module-level ``lru_cache`` results and lazily compiled
``regex`` patterns. ICU documents a UTS #46 instance as immutable and usable
concurrently; PyICU holds the GIL for the duration of every ICU call. These tests
check that nothing else (lazy initialisation, caches) races: 8 threads started
together, each over the whole corpus, must agree with a serial run.
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import pickle
import random
import threading

import pytest

import uts58_icu
from uts58_icu import Link, find_links, linkify_text_to_html

THREADS = 8

PIECES = [
    "See example.com/αβγ.", "bücher.de/bücher", "xn--bcher-kva.de", "https://ja.wikipedia.org/wiki/アルベルト?",
    "(see https://example.com/a_(b))", "mailto:a+b@example.com", "σωκράτης@example.gr", "john..doe@example.com",
    "http://127.0.0.1:8000/x", "https://[::1]:8443/a", "example.com#a:~:text=(b),(c)", "ＥＸＡＭＰＬＥ．ＣＯＭ",
    "例え.テスト/パス", "عربي.مصر/مسار", "\u202eevil.com/\u202c", "www.youtube.com/@핑크퐁", "x.香港。", "file.tar.gz",
    "ftp://example.com/x", "http://user@example.com", "<script>alert('x')</script>", "&amp; \"quoted\"",
    "a@b.com", "example.com:8080/x?y=z&w#f", "example.com/%CE%B1%2F", "\U0001f600.com", "😀 example.org 😀",
    " ", " ", "\n", "。", ".", "@", "(", ")", "[", "]", "/", "?", "#",
]  # fmt: skip


def make_corpus(n: int = 400, seed: int = 58) -> list[str]:
    rng = random.Random(seed)
    corpus = [p for p in PIECES]
    while len(corpus) < n:
        corpus.append("".join(rng.choice(PIECES) for _ in range(rng.randint(1, 12))))
    return corpus


CORPUS = make_corpus()


def _run_all(fn, items, barrier: threading.Barrier | None = None):  # type: ignore[no-untyped-def]
    if barrier is not None:
        barrier.wait()  # start all threads together
    return [fn(x) for x in items]


def _in_threads(fn, items):  # type: ignore[no-untyped-def]
    barrier = threading.Barrier(THREADS)
    with concurrent.futures.ThreadPoolExecutor(max_workers=THREADS) as pool:
        futures = [pool.submit(_run_all, fn, items, barrier) for _ in range(THREADS)]
        return [f.result(timeout=600) for f in futures]


def test_corpus_has_links() -> None:
    found = sum(len(find_links(t)) for t in CORPUS)
    assert found > len(CORPUS)  # the corpus exercises detection, IDNA and email paths
    assert any(link.kind == "email" for t in CORPUS for link in find_links(t))


def test_find_links_in_threads_equals_serial() -> None:
    serial = [find_links(t) for t in CORPUS]
    for result in _in_threads(find_links, CORPUS):
        assert result == serial


def test_find_links_threads_cold_caches() -> None:
    """The same, with the lru caches of detection cleared first (races in refilling them)."""
    from uts58_icu.core import detection

    serial = [find_links(t) for t in CORPUS]
    for name in ("_idna_tld_key", "_checked_host", "_valid_host"):
        cache = getattr(detection, name, None)
        if cache is not None and hasattr(cache, "cache_clear"):
            cache.cache_clear()
    for result in _in_threads(find_links, CORPUS):
        assert result == serial


def test_linkify_and_display_in_threads_equal_serial() -> None:
    def work(text: str) -> tuple[str, list[str]]:
        return linkify_text_to_html(text, target="_blank"), [link.display for link in find_links(text)]

    serial = [work(t) for t in CORPUS]
    for result in _in_threads(work, CORPUS):
        assert result == serial


def test_minimal_escape_in_threads_equals_serial() -> None:
    from uts58_icu.core.escaping import minimal_escape

    urls = [link.text for t in CORPUS for link in find_links(t) if link.kind == "url"]
    urls += ["https://example.com/" + t for t in CORPUS]
    serial = [minimal_escape(u) for u in urls]
    for result in _in_threads(minimal_escape, urls):
        assert result == serial


def test_idna_in_threads_equals_serial() -> None:
    """The shared ICU IDNA instance directly (ToASCII and ToUnicode, valid and invalid)."""
    from uts58_icu._icu import idna_to_ascii, idna_to_unicode

    hosts = ["bücher.de", "xn--bcher-kva.de", "例え.テスト", "a..b", "-a.com", "ＥＸＡＭＰＬＥ．ＣＯＭ",
             "xn--zz.com", "عربي.مصر", "a\u200db.com", "ß.de"] * 20  # fmt: skip

    def both(h: str) -> tuple[tuple[str, bool], tuple[str, bool]]:
        return idna_to_ascii(h), idna_to_unicode(h)

    serial = [both(h) for h in hosts]
    for result in _in_threads(both, hosts):
        assert result == serial


# ---------------------------------------------------------------------------
# Pickling and processes
# ---------------------------------------------------------------------------


def test_links_pickle_round_trip() -> None:
    links = [link for t in CORPUS for link in find_links(t)]
    assert links
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(links, protocol=protocol))
        assert back == links
        assert all(type(x) is Link for x in back)
        assert [x.display for x in back] == [x.display for x in links]


def test_policy_pickles() -> None:
    policy_cls = getattr(uts58_icu, "LinkPolicy", None)
    if policy_cls is None:
        pytest.fail("uts58_icu.LinkPolicy is missing")
    policy = policy_cls(bidi_controls="escape", max_link_length=100)
    assert pickle.loads(pickle.dumps(policy)) == policy


@pytest.mark.parametrize("method", ["spawn", "fork"])
def test_find_links_in_process_pool(method: str) -> None:
    if method not in multiprocessing.get_all_start_methods():
        pytest.fail(f"start method {method!r} is not available on this platform")
    serial = [find_links(t) for t in CORPUS]
    ctx = multiprocessing.get_context(method)
    with concurrent.futures.ProcessPoolExecutor(max_workers=2, mp_context=ctx) as pool:
        result = list(pool.map(find_links, CORPUS, chunksize=50, timeout=600))
    assert result == serial
