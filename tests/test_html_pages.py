"""Whole HTML pages: outside the inserted links, the output is the input, byte for byte.

The pages are rendered the way ``bench/bench_html.py`` renders its corpus (the same
function, on a small size); the benchmark runs the same check on every file of its
corpus, including Debian's HTML documentation.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

from uts58_icu import Link
from uts58_icu.html import Linker, linkify

BENCH = Path(__file__).resolve().parent.parent / "bench"


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


corpus = _load("corpus")
bench_html = _load("bench_html")


def mark(attrs: dict[str, str], link: Link) -> dict[str, str]:
    attrs["data-t"] = "1"
    return attrs


INSERTED = re.compile(r'<a href="[^"]*" data-t="1">(.*?)</a>', re.DOTALL)
PAGES = bench_html.render_pages(corpus.ascii_corpus(60_000), "ascii", 20_000) + bench_html.render_pages(
    corpus.multilingual_corpus(60_000), "multilingual", 20_000
)
HANDWRITTEN = [
    (
        "<!DOCTYPE html>\r\n<html><head><title>a.com</title><style>p{}</style>"
        '<script>var u="http://x.com";</script></head>\r\n<body onload="go(\'b.com\')">'
        "<!-- c.com --><P ALIGN=center>See d.com &amp; e.com&#x2F;x, &copy; f.com</P>"
        "<pre>g.com</pre><textarea>h.com</textarea><svg><a>i.com</a></svg>"
        "<table><tr><td>j.com<td>k@l.com</table><a name=top/>m.com</a> n.com\r\n</body></html>"
    ),
]


@pytest.mark.parametrize("page", PAGES + HANDWRITTEN, ids=range(len(PAGES) + len(HANDWRITTEN)))
def test_page_is_byte_identical_outside_links(page: str) -> None:
    out = Linker(callbacks=[mark]).linkify(page)
    assert INSERTED.sub(lambda m: m.group(1), out) == page
    assert linkify(linkify(page)) == linkify(page)


def test_pages_have_links() -> None:
    assert sum(len(INSERTED.findall(Linker(callbacks=[mark]).linkify(p))) for p in PAGES) > 100
    out = Linker(callbacks=[mark]).linkify(HANDWRITTEN[0])
    assert [m.group(1) for m in INSERTED.finditer(out)] == ["d.com", "e.com&#x2F;x", "f.com", "j.com", "k@l.com",
                                                            "n.com"]
