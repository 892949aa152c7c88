"""html.linkify's peak memory on a long text (issue 22 item 10): at most 5× the input.

Measured with ``tracemalloc`` (Python allocations, deterministic), the result included,
on 1.1 M code points of seeded ASCII prose with a link in about eight words, one run of
text (the shape of ``bench/bench_hostile.py``'s ``prose_html.linkify`` case at 9.5 MB),
long enough that its links are found lazily (:func:`uts58_icu.iter_links`). The policy is
the base, to keep the test short: what is measured is the HTML driver. The code before
the fix held every output piece and a line table of the input until the end: 17× here.
"""

from __future__ import annotations

import random
import sys
import tracemalloc

from uts58_icu.core.detection import LAZY_ITER_THRESHOLD
from uts58_icu.html import Linker

WORDS = "the of and to in is was for on that with as by at from this be or an are it not".split()
LINKS = ["example.com", "https://www.example.org/a/b?c=1", "mail bob@example.net", "docs.python.org/3/",
         "http://10.0.0.1:8080/x", "shop.example.co.uk/item(2)", "http://localhost/", "a.b.c.example.io"]


def prose(chars: int, seed: int = 22) -> str:
    rng = random.Random(seed)
    lines, size = [], 0
    while size < chars:
        words = [rng.choice(LINKS) if rng.random() < 0.125 else rng.choice(WORDS) for _ in range(rng.randint(6, 14))]
        line = " ".join(words) + rng.choice([".", ",", ";", ""])
        lines.append(line)
        size += len(line) + 1
    return "\n".join(lines)


def test_html_linkify_peak_memory_is_at_most_5x_the_input() -> None:
    text = prose(1_100_000)
    assert text.isascii() and len(text) > LAZY_ITER_THRESHOLD
    linker = Linker(policy="base")
    linker.linkify(text[:2000])  # patterns, TLDs and caches are loaded before the measurement
    tracemalloc.start()
    try:
        base, _ = tracemalloc.get_traced_memory()
        out = linker.linkify(text)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert out.count("<a href=") > 10_000
    ratio = (peak - base) / sys.getsizeof(text)
    assert ratio <= 5.0, f"peak {ratio:.2f}x the input"
