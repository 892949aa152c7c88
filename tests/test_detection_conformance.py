"""LinkDetectionTest.txt, every line, through find_links."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from uts58_icu.conformance import run_detection


def test_link_detection_test_file(published: Callable[[str], Path]) -> None:
    result = run_detection(published("LinkDetectionTest.txt"))
    print(result.summary())
    assert result.total == 344, result.summary()
    assert result.failures == [], "\n".join(result.report())
