"""``uts58 detect --jobs N`` and ``uts58 linkify --jobs N``: the same output as one job."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from uts58_icu import _parallel
from uts58_icu._parallel import line_range, ranges, worker_count

LINES = [
    "See https://ja.wikipedia.org/wiki/アルベルト・アインシュタイン. Mail σωκράτης@example.gr!\n",
    "詳細は「example.com/パス」を参照。(see example.com/a_(b)) x\n",
    "plain words only\n",
    "http://127.0.0.1:8080/x?y=1 and bob@example.org, www.youtube.com/@핑크퐁\n",
]


#: The CLI with byte ranges of 64 KiB (not 1 MiB): the test files make many ranges, so two
#: workers really share the work and the cut points fall everywhere.
SMALL_RANGES = (
    "import sys\n"
    "from uts58_icu import _parallel, cli\n"
    "_parallel.RANGE_SIZE = 1 << 16\n"
    "sys.exit(cli.main(sys.argv[1:]))\n"
)


def run(*args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-c", SMALL_RANGES, *args], capture_output=True, timeout=300)


@pytest.fixture(scope="module")
def big_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """About 0.6 MB: ten 64 KiB ranges, so two workers really share the work."""
    path = tmp_path_factory.mktemp("jobs") / "in.txt"
    path.write_text("".join(LINES[i % len(LINES)] for i in range(9000)), encoding="utf-8")
    return path


@pytest.mark.parametrize("extra", [[], ["--json"], ["--explain"], ["--json", "--explain"], ["--policy", "recommended"]])
def test_detect_jobs_output_is_identical(big_file: Path, extra: list[str]) -> None:
    one = run("detect", *extra, str(big_file))
    two = run("detect", *extra, "--jobs", "2", str(big_file))
    assert one.returncode == two.returncode == 0, two.stderr
    assert len(one.stdout) > 500_000
    assert one.stdout == two.stdout


@pytest.mark.parametrize("extra", [["--json"], []])
def test_jobs_on_stdin_and_files_together(big_file: Path, extra: list[str]) -> None:
    """stdin is read here in blocks of bytes (the workers decode them); files by the workers."""
    data = big_file.read_bytes()
    args = ["detect", *extra, str(big_file), "-", str(big_file)]
    one = subprocess.run([sys.executable, "-c", SMALL_RANGES, *args], input=data, capture_output=True, timeout=300)
    two = subprocess.run(
        [sys.executable, "-c", SMALL_RANGES.replace("1 << 16", "1 << 15"), *args, "--jobs", "2"],
        input=data, capture_output=True, timeout=300,
    )
    assert one.returncode == two.returncode == 0, two.stderr
    assert one.stdout == two.stdout and len(one.stdout) > 1_000_000


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


@pytest.mark.parametrize("size", [1, 7, 64, 1000])
def test_line_ranges_give_every_line_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: int) -> None:
    """Whatever the cut points, the ranges' lines put together are the file, each line whole."""
    monkeypatch.setattr(_parallel, "RANGE_SIZE", size)
    path = tmp_path / "lines.txt"
    data = "".join(LINES[i % 4] for i in range(40)) + "x" * 300 + "\n\n" + "last line, no end"
    path.write_bytes(data.encode())
    raw = path.read_bytes()
    parts = ranges(len(raw))
    assert parts[0][0] == 0 and parts[-1][1] == len(raw)
    pieces = [line_range(str(path), a, b) for a, b in parts]
    assert b"".join(p for _, p in pieces) == raw
    for start, piece in pieces:
        if piece:
            assert start == 0 or raw[start - 1 : start] == b"\n"  # each piece starts a line
            assert raw[start : start + len(piece)] == piece


def test_a_range_inside_one_long_line_reads_only_itself(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_parallel, "RANGE_SIZE", 1000)
    path = tmp_path / "one-line.txt"
    path.write_bytes(b"x.co " * 20000)  # 100 KB, no line end
    parts = ranges(100_000)
    assert len(parts) == 100
    assert line_range(str(path), *parts[0]) == (0, b"x.co " * 20000)  # the first range: the line
    assert all(line_range(str(path), a, b)[1] == b"" for a, b in parts[1:])


def test_worker_count_is_capped_by_cpus_and_tasks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 22 item 11: --jobs 3000 on a one-line file started 746 processes."""
    monkeypatch.setattr(_parallel, "cpu_count", lambda: 2)
    assert worker_count(3000, 1) == 1
    assert worker_count(3000, 5) == 2
    assert worker_count(3000, None) == 2
    assert worker_count(1, 10) == 1


def test_jobs_3000_on_a_one_line_file_starts_no_pool(tmp_path: Path) -> None:
    """No worker at all for one range: the output comes from this process, as with one job
    (neither a pool nor a fork; with more ranges, forks, at most one per CPU less this one)."""
    path = tmp_path / "one.txt"
    path.write_text("see example.com\n", encoding="utf-8")
    code = (
        "import os, sys, concurrent.futures as cf\n"
        "started = []\n"
        "orig = cf.ProcessPoolExecutor.__init__\n"
        "def init(self, max_workers=None, *a, **k):\n"
        "    started.append(max_workers); orig(self, max_workers, *a, **k)\n"
        "cf.ProcessPoolExecutor.__init__ = init\n"
        "fork, parent = os.fork, os.getpid()\n"
        "def counted_fork():\n"
        "    pid = fork()\n"
        "    if pid and started and started[-1] < 0:\n"
        "        started[-1] -= 1\n"
        "    elif pid:\n"
        "        started.append(-2)\n"  # -N: N forked workers, this process included
        "    return pid\n"
        "os.fork = counted_fork\n"
        "from uts58_icu.cli import main\n"
        "code = main(['detect', '--jobs', '3000', sys.argv[1]])\n"
        "sys.stdout.flush()\n"
        "sys.stderr.write(repr(started))\n"
        "sys.exit(code)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "see ⸠example.com⸡\n".encode()
    assert proc.stderr == b"[]"
    many = tmp_path / "many.txt"
    many.write_text("see example.com\n" * 200_000, encoding="utf-8")  # 3.2 MB: 4 ranges
    proc = subprocess.run([sys.executable, "-c", code, str(many)], capture_output=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr in (b"[]", b"[2]", b"[3]", b"[4]", b"[-2]", b"[-3]", b"[-4]")  # the ranges and CPUs
    assert abs(int(proc.stderr[1:-1] or 1)) <= min(4, len(os.sched_getaffinity(0)))


def test_large_worker_output_goes_through_a_temporary_file(big_file: Path, tmp_path: Path) -> None:
    """Output over INLINE_SIZE goes through a file of the worker's, copied here in order,
    byte-identical; none is left in TMPDIR."""
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    code = (
        "import sys, os\n"
        "from uts58_icu import cli, _parallel\n"
        "_parallel.can_fork = lambda: False\n"  # the process pool's path (forked workers write themselves)
        "cli.INLINE_SIZE = 1000\n"
        "_parallel.RANGE_SIZE = 1 << 16\n"
        "copy = cli._Out.copy_file\n"
        "def copy_file(self, path):\n"
        "    sys.stderr.write('FILE')\n"
        "    return copy(self, path)\n"
        "cli._Out.copy_file = copy_file\n"
        "sys.exit(cli.main(sys.argv[1:]))\n"
    )
    for extra in ([], ["--json"]):
        one = run("detect", *extra, str(big_file))
        two = subprocess.run(
            [sys.executable, "-c", code, "detect", *extra, "--jobs", "2", str(big_file)],
            capture_output=True, timeout=300, env={**os.environ, "TMPDIR": str(tmp)},
        )
        assert two.returncode == 0, two.stderr
        assert two.stdout == one.stdout
        assert two.stderr.count(b"FILE") >= 2  # the workers did write files
    assert list(tmp.iterdir()) == []


@pytest.mark.parametrize("multiple", [1, 2, 3, 7])
@pytest.mark.parametrize("size", [0, 1, 999, 1000, 1001, 2500, 10_007, 123_456])
def test_ranges_for_n_workers_are_a_multiple_of_n_of_equal_size(
    monkeypatch: pytest.MonkeyPatch, size: int, multiple: int
) -> None:
    """Forked workers take every n-th range: a file of more than one range gets a multiple
    of n ranges, their sizes within one byte, covering the file in order."""
    monkeypatch.setattr(_parallel, "RANGE_SIZE", 1000)
    monkeypatch.setattr(_parallel, "MAX_RANGES", 50)
    parts = ranges(size, multiple)
    assert parts[0][0] == 0 and parts[-1][1] == size
    assert all(a[1] == b[0] for a, b in zip(parts, parts[1:]))
    if size <= 1000:
        assert len(parts) == 1
    else:
        assert len(parts) % multiple == 0
        assert len(parts) >= min(-(-size // 1000), 50 - multiple + 1)  # about RANGE_SIZE each, if not too many
        if multiple > 1:
            assert max(b - a for a, b in parts) - min(b - a for a, b in parts) <= 1
        assert len(parts) <= max(50, multiple)
