"""The compiled gate asks Python whether a non-ASCII host may be confusable
(``_gate._may_be_confusable``, ICU's skeletons) once per distinct host, not once per
link: gate.c's ``maybe_confusable`` goes through ``memo_call`` (detection.c, a bounded
direct-mapped memo keyed by the host's text). Issue 19, rec9: on bench/corpus.py's
multilingual megabyte a second ``find_links(t, policy=recommended())`` makes no call
to Python for any host, so the wall-clock gap to turbohtml is not made of callbacks.

The count is read from the callback's own ``lru_cache`` statistics (hits + misses: one
per call that reached Python), never from a clock.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from test_accel_policy import _compiled

from uts58_icu import LinkPolicy, find_links
from uts58_icu.linkification import _gate

pytestmark = pytest.mark.skipif(_compiled is None or _gate.scan_gated is None,
                                reason="the compiled core is not built (or UTS58_PURE_PYTHON)")

REC = LinkPolicy.recommended()

# Non-ASCII hosts: Cyrillic look-alikes of ASCII names (skeleton ASCII: may be
# confusable), and names whose skeleton stays non-ASCII, in 2- and 4-byte text.
HOSTS = [
    "\u0430\u0440\u0440\u04cf\u0435.com", "\u0440\u0430\u0443\u0440\u0430\u04cf.com", "g\u043e\u043egle.com",
    "b\u00fccher.de", "m\u00fcnchen.de", "\u043f\u0440\u0438\u043c\u0435\u0440.\u0440\u0444",
    "\u4f8b\u3048.jp", "xn--80ak6aa92e.com", "\u0441\u0430\u0439\u0442.example.org", "caf\u00e9.fr",
]


def calls() -> int:
    info = _gate._may_be_confusable.cache_info()
    return info.hits + info.misses


def steady_calls(text: str) -> tuple[int, int]:
    """Calls to the callback in a first and in a second identical run."""
    before = calls()
    first = find_links(text, policy=REC)
    middle = calls()
    second = find_links(text, policy=REC)
    assert second == first
    return middle - before, calls() - middle


@pytest.mark.parametrize(("n", "prefix"), list(enumerate(["", "\u4e3a ", "\U0001f600 "])))
def test_a_host_seen_before_costs_no_callback(n: int, prefix: str) -> None:
    fresh = f"\u0430\u0440\u0440{n}\u0435.com"  # a host no other test has seen
    hosts = [*HOSTS, fresh]
    text = prefix + " ".join(f"see https://{h}/p{i} or {h} ." for i in range(40) for h in hosts)
    first, second = steady_calls(text)
    assert 1 <= first <= 2 * len(hosts)  # once per host and form (with and without a path)
    assert second == 0


def test_the_bench_corpus_makes_no_callback_once_warm() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
    try:
        import corpus
    finally:
        sys.path.pop(0)
    text = corpus.CORPORA["multilingual"](200_000)
    first, second = steady_calls(text)
    assert second == 0, (first, second)
