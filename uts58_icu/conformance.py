"""Conformance runner for Unicode's UTS #58 test files (``uts58 conformance``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .core.detection import Link, find_links

__all__ = ["DetectionResult", "mark_links", "run_detection", "LINK_START", "LINK_END"]

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


def _default_errata(version: str) -> Path | None:
    """``conformance/errata-VERSION.txt`` in the current directory or beside the package."""
    name = Path("conformance") / f"errata-{version}.txt"
    for base in (Path.cwd(), Path(__file__).resolve().parent.parent):
        if (base / name).is_file():
            return base / name
    return None


def run_all(version: str = "17.0.0", *, errata: str | None = None) -> tuple[bool, list[str]]:
    """Run every available conformance file for ``version``: ``(all passed, report lines)``."""
    from ._icu import ICU_VERSION, UNICODE_VERSION
    from .data import locate

    lines = [f"uts58-icu on ICU {ICU_VERSION} (Unicode {UNICODE_VERSION}), test data {version}"]
    ok = True
    det = run_detection(locate("LinkDetectionTest.txt", version))
    lines += det.report()
    ok = ok and det.passed == det.total
    try:
        from . import formatting_conformance as fc
    except ImportError:  # pragma: no cover - until formatting lands
        return ok, lines
    errata_path = Path(errata) if errata else _default_errata(version)
    if errata_path is not None and not errata_path.is_file():
        raise FileNotFoundError(f"errata file not found: {errata_path}")
    fmt_ok, fmt_lines = fc.report(locate("LinkFormattingTest.txt", version), errata_path)
    return ok and fmt_ok, lines + fmt_lines
