"""``--jobs N``: workers read their own byte ranges; the output is byte-identical to
``--jobs 1`` for every mode, whatever the file (long lines, CRLF, invalid UTF-8, lines
across range and block boundaries, an empty file), and errors never become tracebacks."""

from __future__ import annotations

import multiprocessing
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from uts58_icu import _parallel, cli

#: The CLI with tiny ranges, read blocks and huge-line pieces, so that every cut point of
#: every kind falls inside the test files.
TINY = (
    "import sys\n"
    "from uts58_icu import _parallel, cli\n"
    "_parallel.RANGE_SIZE = 4096\n"
    "_parallel.cpu_count = lambda: 8\n"  # --jobs 3: three workers, however many CPUs
    "cli.READ_SIZE = 1500\n"
    "cli.HUGE_BLOCK = 20000\n"
    "cli.HUGE_PIECE = 3000\n"
    "sys.exit(cli.main(sys.argv[1:]))\n"
)

WORDS = [
    "see", "https://example.com/a_(b)?q=1#f", "bücher.de/bücher", "σωκράτης@example.gr", "x.co",
    "詳細は「example.com/パス」を参照。", "mailto:a+b@example.org", "http://127.0.0.1:8080/x",
    "(www.youtube.com/@핑크퐁)", "plain", "—", '"q"', "<b>", "&",
]  # fmt: skip


def _lines(n: int, seed: int, end: str = "\n") -> str:
    import random

    rng = random.Random(seed)
    return "".join(" ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 12))) + end for _ in range(n))


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    d = tmp_path_factory.mktemp("ranges")
    made = {
        "plain": _lines(600, 1).encode(),
        "crlf": _lines(600, 2, "\r\n").encode(),
        # lines longer than a range, a read block and a huge-line piece
        "long": (_lines(50, 3) + " ".join(WORDS) * 700 + "\n" + _lines(50, 4) + "x.co " * 9000).encode(),
        "no-final-newline": _lines(300, 5).encode() + b"tail example.com",
        "empty": b"",
        "blank-lines": b"\n" * 9000 + b"x.co\n" + b"\n" * 9000,
        "bad-utf8": _lines(400, 6).encode() + b"bad \xff example.com\n" + _lines(400, 7).encode(),
        "bad-utf8-late-in-line": (_lines(200, 8) + "y.co " * 1000).encode() + b"\xc3(" + b" z.co\n" * 2000,
    }
    out = {}
    for name, data in made.items():
        path = d / f"{name}.txt"
        path.write_bytes(data)
        out[name] = path
    return out


def run(args: list[str]) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-c", TINY, *args], capture_output=True, timeout=600)


MODES = [
    ["detect"], ["detect", "--json"], ["detect", "--explain"], ["detect", "--json", "--explain"],
    ["detect", "--policy", "recommended"], ["linkify"], ["linkify", "--policy", "base"],
    ["detect", "--errors=replace"], ["detect", "--json", "--errors=replace"],
]  # fmt: skip


@pytest.mark.parametrize("mode", MODES, ids=" ".join)
def test_jobs_1_2_3_give_the_same_bytes(files: dict[str, Path], mode: list[str]) -> None:
    paths = [str(p) for p in files.values()]
    results = [run([*mode, "--jobs", str(j), *paths]) for j in (1, 2, 3)]
    one = results[0]
    strict = "--errors=replace" not in mode
    assert one.returncode == (2 if strict else 0), one.stderr
    assert len(one.stdout) > 100_000
    for other in results[1:]:
        assert other.returncode == one.returncode
        assert other.stdout == one.stdout
        assert other.stderr == one.stderr  # the same messages, in the same order
        assert b"Traceback" not in other.stderr
    if strict:
        assert one.stderr.count(b"invalid UTF-8") == 2


def test_jobs_on_an_empty_file_and_a_missing_one(files: dict[str, Path], tmp_path: Path) -> None:
    for j in ("1", "2"):
        proc = run(["detect", "--json", "--jobs", j, str(files["empty"]), str(tmp_path / "missing.txt")])
        assert proc.returncode == 2
        assert proc.stdout == b""
        assert b"cannot read" in proc.stderr and b"Traceback" not in proc.stderr


def test_jobs_on_a_directory_is_reported(tmp_path: Path) -> None:
    proc = run(["detect", "--jobs", "2", str(tmp_path), str(tmp_path)])
    assert proc.returncode == 2
    assert b"Traceback" not in proc.stderr and b"cannot read" in proc.stderr


# In process: the workers' tasks run one after another here, against the serial path, on
# random text and random cut sizes (each task waits on the chain of offsets as a worker does).

_ALPHABET = st.sampled_from(
    ["a", " ", "\n", "\r\n", "x.co", "example.com/p(q)", "b@c.de", "é", "例", "😀", "\t", ".", ")", "\xff", "\xc3"]
)


class _Null:
    def __init__(self) -> None:
        self.buffer = _Bytes()
        self.encoding, self.errors = "utf-8", "strict"

    def flush(self) -> None:
        pass


class _Bytes:
    def __init__(self) -> None:
        self.data = bytearray()

    def write(self, b: bytes) -> int:
        self.data += b
        return len(b)

    def flush(self) -> None:
        pass

    def fileno(self) -> int:
        raise OSError("not a file")


def _serial(spec: cli.Spec, path: str, monkeypatch: pytest.MonkeyPatch) -> tuple[bytes, list[str]]:
    out = _Null()
    monkeypatch.setattr(sys, "stdout", out)
    errors: list[str] = []
    cli._run_serial(spec, [path], cli._Out(), errors.append)
    return bytes(out.buffer.data), errors


@settings(deadline=None)
@given(
    pieces=st.lists(_ALPHABET, min_size=8, max_size=300),
    range_size=st.integers(1, 64),
    read_size=st.integers(1, 100),
    mode=st.sampled_from(["marks", "json", "explain", "json-explain", "linkify"]),
    errors=st.sampled_from(["strict", "replace"]),
)
def test_tasks_in_order_give_the_serial_output(
    tmp_path_factory: pytest.TempPathFactory, pieces: list[str], range_size: int, read_size: int, mode: str,
    errors: str,
) -> None:
    with pytest.MonkeyPatch.context() as mp:
        d = tmp_path_factory.mktemp("prop")
        path = d / "in.txt"
        path.write_bytes("".join(pieces).encode("utf-8", "surrogateescape").replace(b"\xc3\x83", b"\xc3")
                         .replace(b"\xc3\xbf", b"\xff"))
        mp.setattr(cli, "READ_SIZE", read_size)
        mp.setattr(_parallel, "RANGE_SIZE", range_size)
        mp.setattr(cli, "INLINE_SIZE", 50)
        spec = cli.Spec(mode, {}, ' rel="nofollow"', "utf-8", "strict", errors)
        want, want_errors = _serial(spec, str(path), mp)
        parts = _parallel.ranges(path.stat().st_size)
        offsets = mode in ("json", "explain", "json-explain")
        bases = _parallel.Bases(multiprocessing.get_context(), len(parts) + 1) if offsets else None
        if bases is not None:
            bases.start(0)
        cli._init_worker(spec, bases, str(d))
        got = bytearray()
        got_errors: list[str] = []
        for i, (a, b) in enumerate(parts):
            result, error = cli._work(None, str(path), a, b, str(path), None if offsets else 0, i, i)
            if isinstance(result, str):
                with open(result, "rb") as f:
                    got += f.read()
                os.unlink(result)
            else:
                got += result
            if error:
                got_errors.append(error)
                break
        assert bytes(got) == want
        assert got_errors == want_errors


def test_no_process_shared_semaphores_runs_as_one_job(files: dict[str, Path], tmp_path: Path) -> None:
    """Where the pool cannot be made (no sem_open: AWS Lambda, some containers), or TMPDIR
    cannot be written, --jobs runs as one job: same output, no traceback, nothing left."""
    no_sem = (
        "import sys, concurrent.futures.process as p\n"
        "from uts58_icu import _parallel\n"
        "_parallel.can_fork = lambda: False\n"  # the process pool's path
        "def init(self, *a, **k):\n"
        "    raise OSError(38, 'Function not implemented')\n"
        "p.ProcessPoolExecutor.__init__ = init\n"
    ) + TINY
    paths = [str(files["plain"]), str(files["crlf"])]
    one = run(["detect", "--json", *paths])
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    env = {**os.environ, "TMPDIR": str(tmp)}
    proc = subprocess.run([sys.executable, "-c", no_sem, "detect", "--json", "--jobs", "2", *paths],
                          capture_output=True, timeout=300, env=env)
    assert proc.returncode == 0 and proc.stderr == b"", proc.stderr
    assert proc.stdout == one.stdout
    assert list(tmp.iterdir()) == []
    proc = subprocess.run([sys.executable, "-c", TINY, "detect", "--json", "--jobs", "2", *paths],
                          capture_output=True, timeout=300, env={**os.environ, "TMPDIR": str(tmp / "missing")})
    assert proc.returncode == 0 and proc.stderr == b"", proc.stderr
    assert proc.stdout == one.stdout
