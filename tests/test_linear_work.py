"""Issue 22 item 3: the work detection hands to ICU stays linear in the text.

``find_links('a.co+b@c ' * 16000)`` was quadratic: for every '@' the email look-ahead
ran UTS #46 on the whole text before it. Timing is never asserted; instead a profile
hook counts the code points passed to the ICU-facing functions (``uts58_icu._icu``,
``_ipv4_ok``, ``_ipv6_ok``) while a text made of one short unit repeated is scanned, on
the compiled and the pure path, with the caches cleared first. Linear work means at
most a constant number of code points per code point of the text; the quadratic look-ahead
handed over ~len(text)/2 per '@'.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from uts58_icu.core import detection
from uts58_icu.core._accel import compiled_module, pure_find_links

#: Code points handed to ICU per code point of text, at most (plus a constant).
FACTOR = 8
SLACK = 64

_COUNTED_NAMES = {"_ipv4_ok", "_ipv6_ok"}


@contextmanager
def icu_work() -> Iterator[list[int]]:
    """Sum of the lengths of the str arguments of every ICU-facing call made inside."""
    total = [0]

    def hook(frame: Any, event: str, arg: object) -> None:
        if event != "call":
            return
        code = frame.f_code
        if code.co_filename.endswith("_icu.py") or code.co_name in _COUNTED_NAMES:
            for i in range(code.co_argcount):
                value = frame.f_locals.get(code.co_varnames[i])
                if isinstance(value, str):
                    total[0] += len(value)

    for cache in (detection._idna_tld_key, detection._checked_host):
        cache.cache_clear()
    old = sys.getprofile()
    sys.setprofile(hook)
    try:
        yield total
    finally:
        sys.setprofile(old)


def _scanners() -> list[Callable[[str], object]]:
    out: list[Callable[[str], object]] = [pure_find_links]
    compiled = compiled_module()
    if compiled is not None:
        out.append(compiled.scan)
    return out


def _assert_linear(text: str) -> None:
    for scan in _scanners():
        scan("a.com b@c.org")  # first use loads tables from ICU: not the text's work
        with icu_work() as work:
            scan(text)
        assert work[0] <= FACTOR * len(text) + SLACK, (scan, len(text), work[0], text[:60])


# Pieces of the hostile shapes of issues 9 and 22, joined into one unit.
PIECES = [
    "a.co+b@c ", "a.com+b@c ", "a.com+", "b@c", "@", "a.", ".com", "x.com", "a@", "+",
    "http://", "u:p@", "b.com:443", "e.com/", ",", " ", "例。", "xn--ls8h.", "1.1.1.1", "[::1]",
]


@given(
    unit=st.lists(st.sampled_from(PIECES), min_size=1, max_size=5).map("".join)
    | st.text(alphabet="a.c@+:/ ,x1-é", min_size=1, max_size=12),
    times=st.integers(30, 80),
)
def test_icu_work_is_linear(unit: str, times: int) -> None:
    _assert_linear(unit * times)


def test_dotless_email_domain_reproducers() -> None:
    """The issue's shapes, at 36 KB (0.5 s and quadratic before the fix)."""
    for unit in ("a.co+b@c ", "a.com+b@c "):
        _assert_linear(unit * 4000)


def test_cache_keys_are_bounded() -> None:
    """The ICU caches never keep a key longer than MAX_CACHED_KEY (1 GB was kept)."""
    for unit in ("a.co+b@c ", "a.com+b@c ", "x." * 400 + "com ", "é" * 300 + ".com "):
        for scan in _scanners():
            scan(unit * 50)
    for cache in (detection._idna_tld_key, detection._checked_host):
        assert cache.cache_info().currsize <= cache.cache_info().maxsize
    # lru_cache keeps no public view of its keys: look up a long label and host directly
    long_label = "é" * (detection.MAX_CACHED_KEY + 1)
    before = detection._idna_tld_key.cache_info().currsize
    detection._tld_key(long_label)
    detection._ascii_host(long_label + ".com")
    assert detection._idna_tld_key.cache_info().currsize == before
    assert detection._tld_key("É") == detection._tld_key("é")
