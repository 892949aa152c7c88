"""The compiled core's own answers for hosts against the Python (ICU) reference (issue 19).

The compiled scan answers ``detection._ascii_host`` itself for an ASCII host whose
UTS #46 processing can only lower-case it (``ascii_host_fast`` in ``core/detection.c``),
and keeps the answers of ``_ascii_host`` and ``_tld_key`` for other hosts and labels in
a bounded cache keyed by the text. Both must give what the Python functions give:
the first is compared here host by host over ASCII host shapes (case, digits, hyphens
at every place, ``xn--``, label and host lengths at their limits); the cache through
whole scans, compiled against pure, with the same hosts met again and again.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from uts58_icu.core import _accel, detection

_compiled = _accel.compiled_module()
if _compiled is None and os.environ.get("UTS58_REQUIRE_ACCELERATED", "") not in ("", "0"):
    raise RuntimeError("UTS58_REQUIRE_ACCELERATED is set but uts58_icu.core._speedups is not built")
pytestmark = pytest.mark.skipif(_compiled is None, reason="the compiled core is not built")

#: Labels: letters of both cases, digits, hyphens anywhere (first, last, positions 3-4),
#: A-label prefixes in any case, lengths around 63; and a few characters the fast path
#: must leave to ICU ('_', non-ASCII, a fullwidth dot).
_LABEL = st.one_of(
    st.text(alphabet="aZk09-", min_size=0, max_size=6),
    st.text(alphabet="abcXYZ0189-", min_size=60, max_size=66),
    st.sampled_from(["xn--p1ai", "XN--P1AI", "xN--abc", "xn--", "xn-a", "ab--cd", "a--", "--a", "-", "ab-"]),
    st.builds(lambda a, b: a + b, st.sampled_from(["xn--", "Xn--", "b_", "é", "ß", "\uff0e"]),
              st.text(alphabet="ab9-", max_size=4)),
)
_HOST = st.lists(_LABEL, min_size=1, max_size=6).map(".".join) | st.builds(
    lambda label, k, tld: ".".join([label] * k) + "." + tld,  # total lengths near 253
    st.text(alphabet="aB1-", min_size=1, max_size=63), st.integers(1, 64), st.sampled_from(["com", "Io", "c0m"]),
)


def _fast(host: str) -> str | None:
    assert _compiled is not None
    out: str | None = _compiled.ascii_host_fast(host)
    return out


@given(_HOST)
@example("Example.COM")
@example("a--b.com")
@example("xn--p1ai.com")
@example("a" * 63 + ".com")
@example("a" * 64 + ".com")
@example(".".join(["a" * 62] * 4) + ".c")  # 253 code points
@example(".".join(["a" * 62] * 4) + ".co")  # 254
@example("a.com.")
@example("-a.com")
def test_ascii_fast_path_is_icu(host: str) -> None:
    """Where the C path answers, it answers what UTS #46 (ICU) answers."""
    fast = _fast(host)
    if fast is not None:
        assert fast == detection._ascii_host(host), host


def test_ascii_fast_path_answers_ordinary_hosts() -> None:
    """It is used: the hosts of prose are answered in C (lower-cased)."""
    for host in ("example.com", "WWW.Example.CO.UK", "a-b.c9.io", "a--b.net", "x" * 63 + ".org"):
        assert _fast(host) == host.lower() == detection._ascii_host(host)
    for host in ("xn--p1ai.com", "b_c.com", "é.com", "a..com", "-a.com", "a-.com", "a.com.", "x" * 64 + ".org"):
        assert _fast(host) is None, host


def test_ascii_fast_path_rejects_non_str() -> None:
    assert _compiled is not None
    with pytest.raises(TypeError):
        _compiled.ascii_host_fast(b"example.com")


_WORDS = ["пример.рф", "例え.テスト.jp", "Bücher.de", "straße.de", "xn--p1ai.xn--p1ai", "a.рф", "ex.COM",
          "пример.РФ", "ⓔxample.com", "x.ابوظبي", "a.com", "b@пример.рф", "c@例え.jp"]


@given(st.lists(st.sampled_from(_WORDS), min_size=1, max_size=40).map(" ".join))
def test_host_cache_keeps_icu_answers(text: str) -> None:
    """Non-ASCII hosts and labels, met again and again: compiled (cached) == pure."""
    assert _compiled is not None
    tlds = detection.tld_set(None)
    assert _compiled.scan(text) == list(detection._scan(text, tlds, None))


def test_host_cache_overflow_and_long_keys() -> None:
    """More distinct hosts than the cache holds, and hosts longer than its longest key."""
    assert _compiled is not None
    tlds = detection.tld_set(None)
    words = [f"пример{i}.рф x{i}.рф" for i in range(3000)] + ["é" * 300 + ".com", "a." + "é" * 260 + ".com"]
    text = " ".join(words * 2)
    assert _compiled.scan(text) == list(detection._scan(text, tlds, None))
