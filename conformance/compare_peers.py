"""Measure uts58-icu and other Python link detectors on UTS #58's LinkDetectionTest.txt.

Run ``python conformance/compare_peers.py`` (with ``UTS58_DATA_DIR`` set, or
network access for the download) to print a Markdown table: for each library,
the number of test lines whose marked output equals the expected line (overall
and per section of the file), with and without :func:`uts58_icu.linkification.migration.refine`
applied to its spans, then one row per feature probe. Every cell is measured by
running the library; nothing is typed in.

Importable: :func:`score` counts matching lines for any span function, and
:func:`peers` returns the span functions of the installed libraries.
"""

from __future__ import annotations

import argparse
import html
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from html.parser import HTMLParser
from importlib import metadata
from pathlib import Path
from typing import Any

if __name__ == "__main__":  # run as a script from a checkout: import the package beside it
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from uts58_icu import ICU_VERSION, UNICODE_VERSION, find_links  # noqa: E402
from uts58_icu.conformance import LINK_END, LINK_START, detection_cases  # noqa: E402
from uts58_icu.data import locate  # noqa: E402
from uts58_icu.linkification.migration import refine  # noqa: E402

__all__ = [
    "FEATURES",
    "Score",
    "SpanFunc",
    "Feature",
    "feature_result",
    "mark_spans",
    "markdown_table",
    "peers",
    "plain_cases",
    "refine_table",
    "refined",
    "score",
]

Span = tuple[int, int]
SpanFunc = Callable[[str], list[Span]]

#: Top-level sections of LinkDetectionTest.txt 17.0.0 (comment lines starting so).
SECTIONS = (
    ("Misc. test cases", "Misc."),
    ("Email addresses", "Email"),
    ("Sample pages", "Wikipedia pages"),
    ("Test cases contributed by ICANN", "ICANN"),
)


def plain_cases(path: Path | None = None) -> list[tuple[str, str, str]]:
    """``(section, expected marked line, plain line)`` for each test line of the file."""
    path = path or locate("LinkDetectionTest.txt")
    section_at: list[tuple[int, str]] = []
    with open(path, encoding="utf-8") as f:
        for lineno, raw in enumerate(f, 1):
            body = raw.lstrip("#").strip()
            if raw.startswith("#"):
                for prefix, name in SECTIONS:
                    if body.startswith(prefix):
                        section_at.append((lineno, name))
    out = []
    for lineno, expected in detection_cases(path):
        section = "other"
        for at, name in section_at:
            if at < lineno:
                section = name
        plain = expected.replace(LINK_START, "").replace(LINK_END, "")
        out.append((section, expected, plain))
    return out


def mark_spans(text: str, spans: Iterable[Span]) -> str:
    """``text`` with each span wrapped in ⸠…⸡ (spans sorted, overlaps dropped)."""
    out = []
    pos = 0
    for start, end in sorted(spans):
        if start < pos or end <= start:
            continue
        out += [text[pos:start], LINK_START, text[start:end], LINK_END]
        pos = end
    out.append(text[pos:])
    return "".join(out)


@dataclass
class Score:
    """Lines whose marked output equals the expected line, overall and per section."""

    passed: int = 0
    total: int = 0
    by_section: dict[str, list[int]] = field(default_factory=dict)  # name → [passed, total]
    failures: list[tuple[str, str]] = field(default_factory=list)  # (expected, got)

    def __str__(self) -> str:
        return f"{self.passed}/{self.total}"


def score(spans: SpanFunc, cases: Sequence[tuple[str, str, str]] | None = None) -> Score:
    """Run ``spans`` over every test line (see :func:`plain_cases`) and count exact matches.

    A span function that raises on a line counts as failing that line.
    """
    result = Score()
    for section, expected, plain in plain_cases() if cases is None else cases:
        try:
            got = mark_spans(plain, spans(plain))
        except Exception as exc:  # noqa: BLE001 - a peer's crash is a failed line
            got = f"<{type(exc).__name__}: {exc}>"
        counts = result.by_section.setdefault(section, [0, 0])
        result.total += 1
        counts[1] += 1
        if got == expected:
            result.passed += 1
            counts[0] += 1
        else:
            result.failures.append((expected, got))
    return result


def refined(spans: SpanFunc, *, always: bool = False) -> SpanFunc:
    """``spans`` followed by :func:`uts58_icu.linkification.migration.refine` on each span (§10.1)."""

    def run(text: str) -> list[Span]:
        return [refine(text, s, e, always=always) for s, e in spans(text)]

    return run


# --- the detectors -----------------------------------------------------------------


def _uts58(text: str) -> list[Span]:
    return [(link.start, link.end) for link in find_links(text)]


def _linkify_it() -> SpanFunc:
    from linkify_it import LinkifyIt  # type: ignore[import-untyped]

    lin = LinkifyIt()

    def run(text: str) -> list[Span]:
        return [(m.index, m.last_index) for m in lin.match(text) or []]

    return run


def _urlextract() -> SpanFunc:
    from urlextract import URLExtract  # type: ignore[import-untyped]

    # Loads the TLD list shipped with the package (or its cache); find_urls never
    # updates it (only .update()/.update_when_older() download), and check_dns stays off.
    ext = URLExtract(extract_email=True)

    def run(text: str) -> list[Span]:
        found: Any = ext.find_urls(text, get_indices=True)
        return [(int(b), int(e)) for _url, (b, e) in found]

    return run


class _AnchorSpans(HTMLParser):
    """Rebuild the plain text of bleach's output, recording the text span of each ``<a>``."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.length = 0
        self.spans: list[Span] = []
        self._open: int | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "a":
            self._open = self.length

    def handle_endtag(self, tag: str) -> None:
        if tag == "a" and self._open is not None:
            self.spans.append((self._open, self.length))
            self._open = None

    def handle_data(self, data: str) -> None:
        self.parts.append(data)
        self.length += len(data)


def _bleach() -> SpanFunc:
    import bleach  # type: ignore[import-untyped]

    def run(text: str) -> list[Span]:
        # bleach parses its input as HTML: escape it first so the text stays text.
        out = bleach.linkify(html.escape(text, quote=False), parse_email=True)
        parser = _AnchorSpans()
        parser.feed(out)
        parser.close()
        if "".join(parser.parts) != text:
            raise ValueError("bleach changed the text")
        return parser.spans

    return run


_PEERS: tuple[tuple[str, str | None, Callable[[], SpanFunc]], ...] = (
    ("linkify-it-py", "linkify-it-py", _linkify_it),
    ("urlextract", "urlextract", _urlextract),
    ("bleach", "bleach", _bleach),
)


def peers(names: Iterable[str] | None = None) -> dict[str, SpanFunc]:
    """Span functions of uts58-icu and of each installed peer library, by name."""
    wanted = None if names is None else set(names)
    out: dict[str, SpanFunc] = {"uts58-icu": _uts58}
    for name, _dist, make in _PEERS:
        if wanted is not None and name not in wanted:
            continue
        try:
            out[name] = make()
        except ImportError:
            continue
    if wanted is not None:
        out = {k: v for k, v in out.items() if k in wanted}
    return out


def _version(name: str) -> str:
    if name == "uts58-icu":
        return f"ICU {ICU_VERSION}"
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return "?"


# --- feature probes ----------------------------------------------------------------


@dataclass(frozen=True)
class Feature:
    """A probe: ``text`` must give exactly the links ``expected`` (substrings, in order)."""

    name: str
    text: str
    expected: tuple[str, ...]

    def expected_spans(self) -> list[Span]:
        """The expected substrings as spans of ``text`` (first occurrences, in order)."""
        spans = []
        pos = 0
        for s in self.expected:
            i = self.text.index(s, pos)
            spans.append((i, i + len(s)))
            pos = i + len(s)
        return spans


FEATURES: tuple[Feature, ...] = (
    Feature(
        "non-ASCII path kept whole",
        "Go to https://ja.wikipedia.org/wiki/アルベルト・アインシュタイン to read.",
        ("https://ja.wikipedia.org/wiki/アルベルト・アインシュタイン",),
    ),
    Feature("trailing `)` excluded", "(see https://example.com/foo) and", ("https://example.com/foo",)),
    Feature("trailing `.` excluded", "Visit https://example.com/foo. Then", ("https://example.com/foo",)),
    Feature(
        "`(…)` inside path kept",
        "See https://en.wikipedia.org/wiki/Mercury_(planet) now",
        ("https://en.wikipedia.org/wiki/Mercury_(planet)",),
    ),
    Feature("IDN host", "Visit bücher.de/katalog now", ("bücher.de/katalog",)),
    Feature("non-ASCII email", "Write to αβγ.δεζ@example.com now", ("αβγ.δεζ@example.com",)),
    Feature("ideographic dot `。` as label separator", "見て example。com を", ("example。com",)),
    Feature("ideographic full stop `。` after path excluded", "詳細は example.com/パス。", ("example.com/パス",)),
    Feature("CJK brackets `「…」` excluded", "詳細は「example.com/パス」を参照", ("example.com/パス",)),
    Feature(
        "`:~:` fragment directive",
        "See https://example.com/page#:~:text=foo,bar now",
        ("https://example.com/page#:~:text=foo,bar",),
    ),
    Feature("`file.py` not linked", "Run file.py now", ()),
)


def feature_result(spans: SpanFunc, feature: Feature) -> bool:
    """Whether ``spans`` finds exactly the expected links of ``feature``."""
    try:
        got = sorted(spans(feature.text))
    except Exception:  # noqa: BLE001
        return False
    return got == feature.expected_spans()


# --- the table ---------------------------------------------------------------------


def markdown_table(cases: Sequence[tuple[str, str, str]] | None = None) -> str:
    """The comparison table (Markdown), every cell measured now."""
    cases = plain_cases() if cases is None else cases
    base = peers()
    columns: list[tuple[str, SpanFunc]] = []
    for name, fn in base.items():
        columns.append((f"{name} {_version(name)}", fn))
    for name, fn in base.items():
        if name != "uts58-icu":
            columns.append((f"{name} + `refine`", refined(fn)))
    scores = [score(fn, cases) for _, fn in columns]
    sections = list(dict.fromkeys(s for s, _, _ in cases))
    head = "| | " + " | ".join(c for c, _ in columns) + " |"
    rule = "|---|" + "---|" * len(columns)
    rows = [head, rule]
    rows.append(
        "| **LinkDetectionTest.txt, lines matching exactly** | "
        + " | ".join(f"**{s.passed}/{s.total}**" for s in scores)
        + " |"
    )
    for section in sections:
        cells = []
        for s in scores:
            p, t = s.by_section.get(section, [0, 0])
            cells.append(f"{p}/{t}")
        rows.append(f"| — {section} | " + " | ".join(cells) + " |")
    for feat in FEATURES:
        cells = ["✓" if feature_result(fn, feat) else "✗" for _, fn in columns]
        rows.append(f"| {feat.name}: `{feat.text}` | " + " | ".join(cells) + " |")
    return "\n".join(rows)


def refine_table(cases: Sequence[tuple[str, str, str]] | None = None) -> str:
    """Lines matching per peer: as is, with §10.1 ``refine``, and with ``refine(always=True)``."""
    cases = plain_cases() if cases is None else cases
    rows = [
        "| library | as is | + `refine` (§10.1) | + `refine(always=True)` |",
        "|---|---|---|---|",
    ]
    for name, fn in peers().items():
        if name == "uts58-icu":
            continue
        counts = [score(f, cases) for f in (fn, refined(fn), refined(fn, always=True))]
        rows.append(f"| {name} {_version(name)} | " + " | ".join(str(c) for c in counts) + " |")
    return "\n".join(rows)


def main(argv: Sequence[str] | None = None) -> int:
    """Print the table (and, with ``--failures NAME``, that library's failing lines)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--failures", metavar="NAME", help="also list the lines NAME gets wrong")
    args = ap.parse_args(argv)
    print(f"uts58-icu on ICU {ICU_VERSION} (Unicode {UNICODE_VERSION})\n")
    print(markdown_table())
    print()
    print(refine_table())
    if args.failures:
        fns = peers([args.failures])
        if args.failures not in fns:
            print(f"unknown or missing library {args.failures!r}", file=sys.stderr)
            return 2
        for expected, got in score(fns[args.failures]).failures:
            print(f"\nexpected: {expected}\ngot:      {got}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
