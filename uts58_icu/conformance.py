"""Conformance runner for Unicode's UTS #58 test files (``uts58 conformance``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .core.detection import Link, find_links

__all__ = [
    "LINK_END",
    "LINK_START",
    "DetectionResult",
    "default_errata",
    "mark_links",
    "run_all",
    "run_detection",
]

#: The markers LinkDetectionTest.txt puts around each link.
LINK_START = "\u2e20"  # ⸠
LINK_END = "\u2e21"  # ⸡


def mark_links(text: str, links: Iterable[Link]) -> str:
    """``text`` with each link wrapped in ⸠…⸡."""
    out = []
    pos = 0
    for link in links:
        out += [text[pos : link.start], LINK_START, link.text, LINK_END]
        pos = link.end
    out.append(text[pos:])
    return "".join(out)


@dataclass
class DetectionResult:
    """Counts and failures of one run over LinkDetectionTest.txt."""

    path: str
    total: int = 0
    passed: int = 0
    failures: list[tuple[int, str, str]] = field(default_factory=list)  # (line no, expected, got)

    def summary(self) -> str:
        return f"LinkDetectionTest.txt: {self.passed}/{self.total} lines"

    def report(self) -> list[str]:
        lines = [self.summary()]
        for lineno, expected, got in self.failures:
            lines += [f"  line {lineno}:", f"    expected: {expected}", f"    got:      {got}"]
        return lines


def detection_cases(path: Path) -> list[tuple[int, str]]:
    """The test lines of LinkDetectionTest.txt with their line numbers."""
    cases = []
    with open(path, encoding="utf-8") as f:
        for lineno, raw in enumerate(f, 1):
            line = raw.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            cases.append((lineno, line))
    return cases


def run_detection(
    path: Path, detect: Callable[[str], Sequence[Link]] = find_links
) -> DetectionResult:
    """Run link detection on every test line and compare the marked result."""
    result = DetectionResult(str(path))
    for lineno, expected in detection_cases(path):
        plain = expected.replace(LINK_START, "").replace(LINK_END, "")
        got = mark_links(plain, detect(plain))
        result.total += 1
        if got == expected:
            result.passed += 1
        else:
            result.failures.append((lineno, expected, got))
    return result


def default_errata(version: str) -> Path | None:
    """The errata file shipped in the package for ``version`` (``uts58_icu/errata-VERSION.txt``)."""
    from .data import check_version

    path = Path(__file__).resolve().parent / f"errata-{check_version(version)}.txt"
    return path if path.is_file() else None


def run_all(version: str = "17.0.0", *, errata: str | None = None) -> tuple[bool, list[str]]:
    """Run every available conformance file for ``version``: ``(all passed, report lines)``.

    Raises :class:`~uts58_icu.data.DataFileError` when a test file cannot be found,
    :class:`FileNotFoundError` when ``errata`` does not exist, and :class:`ValueError`
    for a malformed ``version`` or errata file.
    """
    from . import formatting_conformance as fc
    from ._icu import ICU_VERSION, UNICODE_VERSION
    from .data import check_version, locate

    check_version(version)
    errata_path = Path(errata) if errata else default_errata(version)
    if errata_path is not None and not errata_path.is_file():
        raise FileNotFoundError(f"errata file not found: {errata_path}")
    detection_file = locate("LinkDetectionTest.txt", version)
    formatting_file = locate("LinkFormattingTest.txt", version)
    lines = [f"uts58-icu on ICU {ICU_VERSION} (Unicode {UNICODE_VERSION}), test data {version}"]
    det = run_detection(detection_file)
    lines += det.report()
    fmt_ok, fmt_lines = fc.report(formatting_file, errata_path)
    return det.passed == det.total and fmt_ok, lines + fmt_lines
