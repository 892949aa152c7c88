"""``uts58 detect --jobs N`` and ``uts58 linkify --jobs N``: the same output as one job."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from uts58_icu._parallel import ordered_map

LINES = [
    "See https://ja.wikipedia.org/wiki/アルベルト・アインシュタイン. Mail σωκράτης@example.gr!\n",
    "詳細は「example.com/パス」を参照。(see example.com/a_(b)) x\n",
    "plain words only\n",
    "http://127.0.0.1:8080/x?y=1 and bob@example.org, www.youtube.com/@핑크퐁\n",
]


def run(*args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "uts58_icu", *args], capture_output=True, timeout=300)


@pytest.fixture(scope="module")
def big_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """About 1.5 MB: many 64K-code-point blocks, so two workers really share the work."""
    path = tmp_path_factory.mktemp("jobs") / "in.txt"
    path.write_text("".join(LINES[i % len(LINES)] for i in range(9000)), encoding="utf-8")
    return path


@pytest.mark.parametrize("extra", [[], ["--json"], ["--explain"]])
def test_detect_jobs_output_is_identical(big_file: Path, extra: list[str]) -> None:
    one = run("detect", *extra, str(big_file))
    two = run("detect", *extra, "--jobs", "2", str(big_file))
    assert one.returncode == two.returncode == 0, two.stderr
    assert len(one.stdout) > 500_000
    assert one.stdout == two.stdout


def test_linkify_jobs_output_is_identical(big_file: Path) -> None:
    one = run("linkify", str(big_file))
    two = run("linkify", "-j", "2", str(big_file))
    assert one.returncode == two.returncode == 0, two.stderr
    assert one.stdout == two.stdout


def test_good_output_before_invalid_utf8_with_jobs(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_bytes(("ok example.com\n" * 20000).encode() + b"bad \xff x.com\n")
    proc = run("detect", "--jobs", "2", str(path))
    assert proc.returncode == 2
    assert b"invalid UTF-8" in proc.stderr
    assert proc.stdout == "ok ⸠example.com⸡\n".encode() * 20000


@pytest.mark.parametrize("bad", ["-1", "two", "1.5"])
def test_bad_jobs_is_a_usage_error(bad: str) -> None:
    proc = run("detect", "--jobs", bad)
    assert proc.returncode == 2
    assert b"Traceback" not in proc.stderr


def _square(x: int) -> int:
    return x * x


def test_ordered_map_keeps_order_and_reports_errors_after_good_results() -> None:
    assert list(ordered_map(_square, range(50), 2)) == [x * x for x in range(50)]

    def items() -> object:
        yield from range(10)
        raise ValueError("bad input")

    got: list[int] = []
    with pytest.raises(ValueError, match="bad input"):
        for value in ordered_map(_square, items(), 2):  # type: ignore[arg-type]
            got.append(value)
    assert got == [x * x for x in range(10)]
    with pytest.raises(ValueError):
        list(ordered_map(_square, [1], 0))
