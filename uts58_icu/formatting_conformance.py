"""Run Unicode's LinkFormattingTest.txt against :mod:`uts58_icu.escaping`.

The file holds pairs of lines — a fully escaped *source* and the minimally
escaped *expected* result — each pair under a structure comment such as::

    # {𝑺=https:// 𝑯=example.com 𝑷=αβ γ 𝑸=θ 𝑽=ικ λ 𝑸= 𝑽=γξο 𝑭=πρ σ}

Every pair is run two ways:

* ``structure``: :func:`~uts58_icu.escaping.format_parts` of the structure comment;
* ``string``: :func:`~uts58_icu.escaping.minimal_escape` of the source line.

Both run the bare §4.1 algorithm (``raw_invisibles=True``): by default they also
percent-escape Bidi_Control and default-ignorable characters for display (§8), which
no line of the 17.0 file holds (conformance/NOTES.md).

Known problems of the published data are listed in an errata file (see
:func:`read_errata`); an erratum is an *expected failure*, and one that passes
is reported too, so the list cannot go stale.

Errata file format — one entry a line; blank lines and lines starting with
``#`` are comments; four TAB-separated fields::

    <way>	<line>	<expected line>	# <reason>

``way`` is ``both``, ``structure`` or ``string``; ``line`` is the 1-based line
number of the *expected* line in the test file (informative: entries are
matched by the expected text, and by the number only to tell duplicates apart);
``reason`` is free text after ``# ``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from .core.escaping import UrlParts, format_url_parts, minimal_escape

__all__ = [
    "WAYS",
    "Erratum",
    "Failure",
    "FormattingCase",
    "FormattingResult",
    "WayResult",
    "parse_structure",
    "read_cases",
    "read_errata",
    "report",
    "run",
]

_T = TypeVar("_T")

#: The two ways each pair is run.
WAYS = ("structure", "string")
_ERRATA_WAYS = ("both", *WAYS)

_MARKER = re.compile("([𝑺𝑯𝑷𝑸𝑽𝑭𝑫])=")
_STRUCTURE_LINE = re.compile(r"#\s*\{(.*)\}\s*\Z")


@dataclass(frozen=True)
class FormattingCase:
    """One pair of the test file."""

    line: int  # 1-based line number of the source line; the expected line follows it
    structure_text: str  # inside the braces of the structure comment
    structure: UrlParts
    source: str
    expected: str

    @property
    def expected_line(self) -> int:
        """Line number of the expected line."""
        return self.line + 1


@dataclass(frozen=True)
class Erratum:
    """An errata entry: a pair expected to fail in one or both ways."""

    way: str  # "both", "structure" or "string"
    line: int
    expected: str
    reason: str

    def applies_to(self, way: str) -> bool:
        """Whether this entry covers ``way``."""
        return self.way in ("both", way)


@dataclass(frozen=True)
class Failure:
    """A pair whose result differs from the expected line."""

    way: str
    line: int  # line number of the expected line
    input: str  # the source line, or the structure comment
    expected: str
    got: str
    erratum: Erratum | None = None

    def __str__(self) -> str:
        note = f"  [erratum: {self.erratum.reason}]" if self.erratum else ""
        return (
            f"{self.way} line {self.line}: input {self.input!r}\n"
            f"    expected {self.expected!r}\n    got      {self.got!r}{note}"
        )


@dataclass
class WayResult:
    """Outcome of one way over the whole file."""

    way: str
    total: int = 0
    passed: int = 0
    failures: list[Failure] = field(default_factory=list)  # not covered by errata
    expected_failures: list[Failure] = field(default_factory=list)  # covered by errata
    unexpected_passes: list[Erratum] = field(default_factory=list)  # stale errata

    @property
    def ok(self) -> bool:
        """No unexplained failure and no stale erratum."""
        return not self.failures and not self.unexpected_passes


@dataclass
class FormattingResult:
    """Outcome of :func:`run`."""

    path: Path
    cases: list[FormattingCase]
    errata: list[Erratum]
    ways: dict[str, WayResult]
    unused_errata: list[Erratum] = field(default_factory=list)  # matched no pair

    @property
    def ok(self) -> bool:
        """Every way ok, and every erratum matched a pair."""
        return all(w.ok for w in self.ways.values()) and not self.unused_errata

    def summary(self) -> str:
        """One line per way with counts."""
        lines = []
        for w in self.ways.values():
            lines.append(
                f"{w.way}-based: {w.passed}/{w.total} passed, "
                f"{len(w.expected_failures)} errata (expected failures), "
                f"{len(w.failures)} unexpected failures, "
                f"{len(w.unexpected_passes)} stale errata"
            )
        lines.append(f"errata entries: {len(self.errata)}, unused: {len(self.unused_errata)}")
        return "\n".join(lines)


def parse_structure(text: str) -> UrlParts:
    """The :class:`UrlParts` of a structure comment's content (inside the braces).

    Values run to the next marker; the single space before a marker separates
    and is not part of the value (values may hold spaces themselves).
    """
    marks = list(_MARKER.finditer(text))
    if not marks or text[: marks[0].start()].strip():
        raise ValueError(f"not a structure: {text!r}")
    scheme = host = ""
    path: list[str] = []
    query: list[tuple[str, str | None]] = []
    fragment: str | None = None
    directives: list[str] = []
    for k, m in enumerate(marks):
        end = marks[k + 1].start() if k + 1 < len(marks) else len(text)
        value = text[m.end() : end]
        if k + 1 < len(marks):
            if not value.endswith(" "):
                raise ValueError(f"no space before marker at {end} in {text!r}")
            value = value[:-1]
        key = m.group(1)
        if key == "𝑺":
            scheme = value
        elif key == "𝑯":
            host = value
        elif key == "𝑷":
            path.append(value)
        elif key == "𝑸":
            query.append((value, None))
        elif key == "𝑽":
            if not query or query[-1][1] is not None:
                raise ValueError(f"𝑽 without a preceding 𝑸 in {text!r}")
            query[-1] = (query[-1][0], value)
        elif key == "𝑭":
            fragment = value
        else:  # 𝑫
            directives.append(value)
    for suffix in ("://", ":"):
        if scheme.endswith(suffix):
            scheme = scheme[: -len(suffix)]
            break
    return UrlParts(scheme.lower(), host, tuple(path), tuple(query), fragment, tuple(directives))


def read_cases(path: Path | str) -> list[FormattingCase]:
    """All pairs of a LinkFormattingTest.txt file."""
    lines = Path(path).read_text(encoding="utf-8").splitlines()
    cases: list[FormattingCase] = []
    structure: tuple[str, UrlParts] | None = None
    pending: tuple[int, str] | None = None  # (line number, source)
    for number, raw in enumerate(lines, 1):
        line = raw.rstrip("\r")
        if not line.strip():
            continue
        if line.startswith("#"):
            m = _STRUCTURE_LINE.match(line)
            if m:
                if pending is not None:
                    raise ValueError(f"line {pending[0]}: source line without an expected line")
                structure = (m.group(1), parse_structure(m.group(1)))
            continue
        if pending is None:
            pending = (number, line)
            continue
        if structure is None:
            raise ValueError(f"line {pending[0]}: pair without a structure comment")
        cases.append(FormattingCase(pending[0], structure[0], structure[1], pending[1], line))
        pending = None
        structure = None
    if pending is not None:
        raise ValueError(f"line {pending[0]}: source line without an expected line")
    return cases


def read_errata(path: Path | str) -> list[Erratum]:
    """Read an errata file (format in the module docstring)."""
    errata: list[Erratum] = []
    for number, raw in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        if not raw.strip() or raw.startswith("#"):
            continue
        fields = raw.split("\t")
        if len(fields) != 4 or not fields[3].startswith("#"):
            raise ValueError(f"{path}:{number}: expected 4 TAB-separated fields ending in '# reason'")
        way, line, expected, reason = fields
        if way not in _ERRATA_WAYS:
            raise ValueError(f"{path}:{number}: way must be one of {', '.join(_ERRATA_WAYS)}")
        if not line.isdigit():
            raise ValueError(f"{path}:{number}: line must be a number, got {line!r}")
        errata.append(Erratum(way, int(line), expected, reason[1:].strip()))
    return errata


def _match_errata(
    cases: Iterable[FormattingCase], errata: Iterable[Erratum]
) -> tuple[dict[int, list[Erratum]], list[Erratum]]:
    """Errata by the source line number of their pair; and errata that match no pair."""
    by_expected: dict[str, list[FormattingCase]] = {}
    for case in cases:
        by_expected.setdefault(case.expected, []).append(case)
    matched: dict[int, list[Erratum]] = {}
    unused: list[Erratum] = []
    for e in errata:
        candidates = by_expected.get(e.expected, [])
        if len(candidates) > 1:
            candidates = [c for c in candidates if c.expected_line == e.line]
        if len(candidates) != 1:
            unused.append(e)
            continue
        matched.setdefault(candidates[0].line, []).append(e)
    return matched, unused


def run(path: Path | str, errata: Iterable[Erratum] | Path | str | None = None) -> FormattingResult:
    """Run every pair of ``path`` both ways; ``errata`` is a list or an errata file."""
    if isinstance(errata, (str, Path)):
        errata = read_errata(errata)
    errata_list = list(errata or ())
    cases = read_cases(path)
    matched, unused = _match_errata(cases, errata_list)
    ways = {w: WayResult(w) for w in WAYS}
    for case in cases:
        got: Mapping[str, tuple[str, str]] = {
            "structure": (f"{{{case.structure_text}}}", _safe(_bare_parts, case.structure)),
            "string": (case.source, _safe(_bare_string, case.source)),
        }
        for way, (given, result) in got.items():
            w = ways[way]
            w.total += 1
            erratum = next((e for e in matched.get(case.line, []) if e.applies_to(way)), None)
            if result == case.expected:
                w.passed += 1
                if erratum is not None:
                    w.unexpected_passes.append(erratum)
                continue
            failure = Failure(way, case.expected_line, given, case.expected, result, erratum)
            (w.failures if erratum is None else w.expected_failures).append(failure)
    return FormattingResult(Path(path), cases, errata_list, ways, unused)


def report(
    path: Path | str, errata: Iterable[Erratum] | Path | str | None = None
) -> tuple[bool, list[str]]:
    """:func:`run`, as ``(ok, report lines)`` for the ``uts58 conformance`` command."""
    result = run(path, errata)
    lines = [f"LinkFormattingTest.txt ({result.path}):"]
    lines += [f"  {line}" for line in result.summary().splitlines()]
    for way in result.ways.values():
        lines += [f"  FAIL {line}" for f in way.failures for line in str(f).splitlines()]
        lines += [
            f"  STALE {way.way}-based erratum now passes: line {e.line}: {e.expected}"
            for e in way.unexpected_passes
        ]
    lines += [
        f"  UNUSED erratum (matches no pair): line {e.line}: {e.expected}"
        for e in result.unused_errata
    ]
    return result.ok, lines


def _bare_parts(parts: UrlParts) -> str:
    return format_url_parts(parts, raw_invisibles=True)


def _bare_string(source: str) -> str:
    return minimal_escape(source, raw_invisibles=True)


def _safe(func: Callable[[_T], str], arg: _T) -> str:
    """``func(arg)``, or the exception as text (a crash is a failure, not an abort)."""
    try:
        return func(arg)
    except Exception as exc:  # noqa: BLE001 - reported as the result
        return f"<{type(exc).__name__}: {exc}>"
