"""Coverage-guided fuzzing of find_links / linkify_text_to_html / minimal_escape with atheris.

Not collected by pytest (the name does not start with ``test_``). Run from the repo root:

    pip install atheris
    python tests/fuzz_atheris.py -max_total_time=120 [-dict=...] [corpus_dir]

The invariants are those of tests/test_fuzz.py: links sorted, non-overlapping, in
bounds, ``text[start:end] == link.text``, an http/https/mailto ``href`` that
``urllib.parse.urlsplit`` accepts, one ``<a>`` (and no other markup) per link in
``linkify_text_to_html``, ``minimal_escape`` idempotent and its result detected whole.
"""

from __future__ import annotations

import html.parser
import os
import sys
import urllib.parse
from pathlib import Path

import atheris

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

with atheris.instrument_imports():
    import uts58_icu  # noqa: F401
    from uts58_icu import find_links, linkify_text_to_html
    from uts58_icu.core.escaping import minimal_escape

#: Set UTS58_FUZZ_ALLOW_OVERLAP=1 to keep fuzzing past a known overlap bug (see the report).
ALLOW_OVERLAP = os.environ.get("UTS58_FUZZ_ALLOW_OVERLAP") == "1"
STRIP = "".join(chr(c) for c in range(0x21))
PREFIXES = ["", "https://example.com/", "http://", "mailto:", "a@", "see "]


class _Tags(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.starts: list[tuple[str, list[tuple[str, str | None]]]] = []
        self.ends: list[str] = []
        self.other = 0

    def handle_starttag(self, tag, attrs):  # type: ignore[no-untyped-def]
        self.starts.append((tag, attrs))

    def handle_endtag(self, tag):  # type: ignore[no-untyped-def]
        self.ends.append(tag)

    def handle_startendtag(self, tag, attrs):  # type: ignore[no-untyped-def]
        self.other += 1

    def handle_comment(self, data):  # type: ignore[no-untyped-def]
        self.other += 1

    def handle_decl(self, decl):  # type: ignore[no-untyped-def]
        self.other += 1

    def handle_pi(self, data):  # type: ignore[no-untyped-def]
        self.other += 1

    def unknown_decl(self, data):  # type: ignore[no-untyped-def]
        self.other += 1


def check_links(text: str) -> list:
    links = find_links(text)
    prev = 0
    for link in links:
        assert (ALLOW_OVERLAP or prev <= link.start) and link.start < link.end <= len(text), (text, links)
        assert text[link.start : link.end] == link.text, (text, link)
        assert link.kind in ("url", "email")
        parsed = urllib.parse.urlsplit(link.href)
        assert parsed.scheme in ("http", "https", "mailto"), link
        if link.kind == "email":
            assert link.href.startswith("mailto:")
        else:
            assert parsed.hostname, link
            parsed.port  # noqa: B018
        assert not link.href.strip(STRIP).lower().startswith(("javascript:", "data:", "vbscript:"))
        prev = link.end
    return links


def TestOneInput(data: bytes) -> None:  # noqa: N802 - atheris' name
    fdp = atheris.FuzzedDataProvider(data)
    prefix = PREFIXES[fdp.ConsumeIntInRange(0, len(PREFIXES) - 1)]
    text = prefix + fdp.ConsumeUnicode(fdp.remaining_bytes())  # may hold lone surrogates

    links = check_links(text)

    out = linkify_text_to_html(text, target="_blank")
    p = _Tags()
    p.feed(out)
    p.close()
    assert p.other == 0, (text, out)
    if ALLOW_OVERLAP and any(a.end > b.start for a, b in zip(links, links[1:])):
        return  # linkify output of overlapping links is not checked
    assert [t for t, _ in p.starts] == ["a"] * len(links), (text, out)
    assert p.ends == ["a"] * len(links), (text, out)
    for _, attrs in p.starts:
        assert {k for k, _ in attrs} <= {"href", "rel", "target"}, attrs

    once = minimal_escape(text)
    assert minimal_escape(once) == once, (text, once)
    if text.startswith("https://example.com/"):
        spaced = " " + once + " "
        got = [(x.start, x.end) for x in find_links(spaced)]
        assert got == [(1, len(spaced) - 1)], (text, once, got)


def main() -> None:
    atheris.Setup(sys.argv, TestOneInput)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
