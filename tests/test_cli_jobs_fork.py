"""``--jobs N`` on files, with forked workers that write their own output in turn (issue 19):
byte-identical to ``--jobs 1`` on random files, run as real processes; a worker that fails
or is killed gives one clear line and exit 2, never a traceback or a hang; a closed output
(``| head``) stops every worker quietly."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

#: (The CLI's own process decides with ``_parallel.can_fork()``, which also wants it to run
#: one thread: true of the CLI, not always of this test process.)
pytestmark = pytest.mark.skipif(
    not hasattr(os, "fork") or sys.platform == "darwin", reason="forked workers: a system with a safe os.fork"
)

#: The CLI with tiny ranges and read blocks (every cut point of every kind falls inside
#: the test files), and 8 CPUs as far as the worker count goes (so --jobs 3 is 3 workers
#: on a 2-CPU machine).
SETUP = (
    "import os, sys\n"
    "from uts58_icu import _parallel, cli\n"
    "_parallel.RANGE_SIZE = int(os.environ.get('RANGE', '64'))\n"
    "_parallel.cpu_count = lambda: 8\n"
    "cli.READ_SIZE = int(os.environ.get('READ', '40'))\n"
    "cli.INLINE_SIZE = int(os.environ.get('INLINE', str(cli.INLINE_SIZE)))\n"
)

#: One process runs the CLI once per (arguments) line of its stdin, each time with fd 1
#: and 2 on files of its own: the forked workers write to those descriptors themselves.
DRIVER = SETUP + (
    "import json\n"
    "for k, line in enumerate(sys.stdin):\n"
    "    argv, out = json.loads(line)\n"
    "    saved = os.dup(1), os.dup(2)\n"
    "    with open(out + '.out', 'wb') as o, open(out + '.err', 'wb') as e:\n"
    "        os.dup2(o.fileno(), 1); os.dup2(e.fileno(), 2)\n"
    "        code = cli.main(argv)\n"
    "        sys.stdout.flush(); sys.stderr.flush()\n"
    "        os.dup2(saved[0], 1); os.dup2(saved[1], 2)\n"
    "    os.close(saved[0]); os.close(saved[1])\n"
    "    print(code, flush=True)\n"
)

CLI = SETUP + "sys.exit(cli.main(sys.argv[1:]))\n"

#: Pieces of lines: links, multibyte UTF-8 (2, 3 and 4 bytes), CRLF, tabs, invalid bytes
#: (as surrogate escapes: a lone continuation byte, a cut-off sequence, an overlong one).
PIECES = st.sampled_from([
    "a", " ", "\n", "\r\n", "\t", "x.co", "example.com/p(q)", "b@c.de", "https://ex.org/a?b#c", "é", "例",
    "😀", "σωκράτης@example.gr", "www.youtube.com/@핑크퐁", ".", ")", "「", "\udcff", "\udcc3", "\udce0\udc80",
    "\udcc0\udcaf", "    ", "mailto:a@b.cd", "http://127.0.0.1:80/",
])  # fmt: skip

MODES = [
    ["detect"], ["detect", "--json"], ["detect", "--json", "--explain"], ["linkify"],
    ["detect", "--json", "--errors=replace"], ["detect", "--errors=replace", "--explain"],
]  # fmt: skip


def _file(pieces: list[str], long_line: int) -> bytes:
    text = "".join(pieces)
    if long_line:  # a line longer than several ranges and read blocks
        cut = len(text) // 2
        text = text[:cut] + "y.co/" + "é" * long_line + " z.co " * (long_line // 4) + text[cut:]
    return text.encode("utf-8", "surrogateescape")


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    files=st.lists(
        st.tuples(st.lists(PIECES, min_size=0, max_size=120), st.sampled_from([0, 0, 90, 400])), min_size=1, max_size=4
    ),
    mode=st.sampled_from(MODES),
    range_size=st.sampled_from([7, 64, 300]),
    read_size=st.sampled_from([5, 40]),
    held=st.sampled_from(["30", "4194304"]),
)
def test_jobs_1_2_3_give_the_same_bytes_on_random_files(
    tmp_path_factory: pytest.TempPathFactory, files: list[tuple[list[str], int]], mode: list[str], range_size: int,
    read_size: int, held: str,
) -> None:
    """(``held``: the bytes a worker that runs ahead of its turns may hold before it waits.)"""
    d = tmp_path_factory.mktemp("fork")
    paths = []
    for i, (pieces, long_line) in enumerate(files):
        path = d / f"in{i}.txt"
        path.write_bytes(_file(pieces, long_line))
        paths.append(str(path))
    runs = [[[*mode, "--jobs", str(j), *paths], str(d / f"j{j}")] for j in (1, 2, 3)]
    env = {**os.environ, "RANGE": str(range_size), "READ": str(read_size), "INLINE": held}
    proc = subprocess.run(
        [sys.executable, "-c", DRIVER], input="".join(json.dumps(r) + "\n" for r in runs), capture_output=True,
        text=True, timeout=120, env=env,
    )
    assert proc.returncode == 0, proc.stderr
    codes = proc.stdout.split()
    outs = [(Path(out + ".out").read_bytes(), Path(out + ".err").read_bytes()) for _, out in runs]
    assert codes[1:] == codes[:1] * 2
    assert outs[1] == outs[0] and outs[2] == outs[0]
    assert b"Traceback" not in outs[0][1]
    bad = any("\udc80" <= c <= "\udcff" for pieces, _ in files for piece in pieces for c in piece)
    if "--errors=replace" in mode or not bad:
        assert codes[0] == "0"


def test_ring_messages_wait_in_a_queue_of_their_kind() -> None:
    """A worker that runs ahead reads offsets (B) and turns (T) in any mix: each kind
    comes out in the order sent, a message cut across reads is read whole, nothing is
    waited for without ``block``, and the end of the pipe ends a wait, not before the
    messages sent are taken."""
    from uts58_icu._parallel import Ring, RingBroken

    ring = Ring(1)  # (a ring of one: the worker hears itself)
    ring.attach(0)
    try:
        assert ring.take(b"T") is None and ring.fill(block=False) is False
        for kind, value in ((b"B", 5), (b"B", 1 << 40), (b"T", 1), (b"B", 7), (b"T", 0)):
            ring.send(kind, value)
        whole = ring._MSG.pack(b"T", 3)
        os.write(ring.outbox, whole[:4])  # a message cut in two
        assert ring.take(b"T") is None
        assert ring.fill(block=False) is True
        assert [ring.take(b"T"), ring.take(b"T"), ring.take(b"T")] == [1, 0, None]
        os.write(ring.outbox, whole[4:])
        assert ring.recv(b"T") == 3
        assert [ring.take(b"B"), ring.recv(b"B"), ring.take(b"B"), ring.take(b"B")] == [5, 1 << 40, 7, None]
        ring.send(b"B", 9)
        os.close(ring.outbox)
        ring.outbox = -1
        assert ring.recv(b"B") == 9  # sent before the end
        assert ring.fill(block=False) is False
        with pytest.raises(RingBroken):
            ring.recv(b"T")
    finally:
        ring.close()


def _big(tmp_path: Path, lines: int = 3000) -> Path:
    path = tmp_path / "big.txt"
    path.write_text("see example.com/a and bob@example.org, 詳細は「例え.テスト」\n" * lines, encoding="utf-8")
    return path


def test_the_workers_really_fork_and_each_writes(tmp_path: Path) -> None:
    """With three workers, output comes from three processes (each write is counted by
    the process that makes it), the same bytes as one job."""
    path = _big(tmp_path)
    code = CLI.replace(
        "sys.exit(", "write = os.write\n"
        "def counted(fd, data):\n"
        "    if fd == 1: os.write = write; os.write(2, b'W%d ' % os.getpid()); os.write = counted\n"
        "    return write(fd, data)\n"
        "os.write = counted\n"
        "sys.exit(",
    )
    one = subprocess.run([sys.executable, "-c", CLI, "detect", "--json", str(path)], capture_output=True, timeout=120)
    three = subprocess.run(
        [sys.executable, "-c", code, "detect", "--json", "--jobs", "3", str(path)], capture_output=True, timeout=120,
        env={**os.environ, "RANGE": "20000"},
    )
    assert one.returncode == three.returncode == 0, three.stderr
    assert three.stdout == one.stdout
    writers = {w for w in three.stderr.split() if w.startswith(b"W")}
    assert len(writers) == 3


@pytest.mark.parametrize("how", ["raise", "kill"])
def test_a_failing_worker_gives_one_clear_line_and_exit_2(tmp_path: Path, how: str) -> None:
    """A worker that raises, or is killed, ends the run with exit 2 and one line on
    stderr, no traceback, and no process left waiting (the run returns)."""
    path = _big(tmp_path)
    act = "raise MemoryError('no room')" if how == "raise" else "os.kill(os.getpid(), 9)"
    code = CLI.replace(
        "sys.exit(", "parent = os.getpid()\n"
        "render = cli._render\n"
        "def failing(*a):\n"
        f"    if os.getpid() != parent: {act}\n"
        "    return render(*a)\n"
        "cli._render = failing\n"
        "sys.exit(",
    )
    start = time.monotonic()
    proc = subprocess.run(
        [sys.executable, "-c", code, "detect", "--jobs", "2", str(path)], capture_output=True, timeout=120,
        env={**os.environ, "RANGE": "20000"},
    )
    assert proc.returncode == 2
    assert b"Traceback" not in proc.stderr
    lines = proc.stderr.decode().splitlines()
    assert len(lines) == 1, lines
    want = "MemoryError: no room" if how == "raise" else "killed by SIGKILL"
    assert lines[0].startswith("uts58: a --jobs worker process") and want in lines[0]
    assert time.monotonic() - start < 60
    assert proc.stdout.startswith("see ⸠example.com/a⸡".encode())  # the parent's first range


def test_input_errors_are_said_by_the_worker_in_turn(tmp_path: Path) -> None:
    """Two files, each with an invalid byte in a later range, and a missing one between
    them: the messages come in input order, each once, the output stops at each bad line."""
    good = "ok x.co\n" * 400
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_bytes(good.encode() + b"bad \xff\n" + good.encode() + b"\xc3(\n" + good.encode())
    b.write_bytes(good.encode() * 2 + b"\xe0\x80\n" + good.encode())
    args = ["detect", "--json", str(a), str(tmp_path / "missing.txt"), str(b)]
    env = {**os.environ, "RANGE": "500"}
    one = subprocess.run([sys.executable, "-c", CLI, *args], capture_output=True, timeout=120, env=env)
    for j in ("2", "3"):
        many = subprocess.run([sys.executable, "-c", CLI, *args, "--jobs", j], capture_output=True, timeout=120, env=env)
        assert many.returncode == one.returncode == 2
        assert many.stdout == one.stdout
        assert many.stderr == one.stderr
    messages = one.stderr.decode().splitlines()
    assert [m.split(":")[1].strip() for m in messages] == [str(a), "cannot read " + str(tmp_path / "missing.txt"), str(b)]


@pytest.mark.parametrize("extra", [[], ["--json"]])
def test_a_closed_output_stops_every_worker_quietly(tmp_path: Path, extra: list[str]) -> None:
    """``uts58 detect --jobs 2 big | head``: exit 0, nothing on stderr, and no worker left."""
    path = _big(tmp_path, 60000)
    proc = subprocess.Popen(
        [sys.executable, "-c", CLI, "detect", *extra, "--jobs", "2", str(path)], stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, env={**os.environ, "RANGE": "100000"},
    )
    assert proc.stdout is not None and proc.stderr is not None
    head = proc.stdout.read(1000)
    proc.stdout.close()
    err = proc.stderr.read()
    assert proc.wait(timeout=60) == 0, err
    assert len(head) == 1000 and err == b""
    assert not _running_on(path)


def _running_on(path: Path) -> list[int]:
    """Processes whose command line names ``path`` (a forked worker keeps its parent's)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                cmdline = Path(f"/proc/{entry}/cmdline").read_bytes()
            except OSError:
                continue
            if os.fsencode(path) in cmdline.split(b"\0"):
                found.append(int(entry))
    return found


def test_an_interrupt_stops_every_worker(tmp_path: Path) -> None:
    """Ctrl-C (SIGINT to the process group) ends the run with 130, without a traceback."""
    path = _big(tmp_path, 400000)
    proc = subprocess.Popen(
        [sys.executable, "-c", CLI, "detect", "--json", "--jobs", "2", str(path)], stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE, env={**os.environ, "RANGE": "100000"}, start_new_session=True,
    )
    time.sleep(0.6)  # started and working (the run takes about a second or more)
    os.killpg(proc.pid, signal.SIGINT)
    assert proc.stderr is not None
    err = proc.stderr.read()
    code = proc.wait(timeout=60)
    assert code in (130, 0), err  # 0: it had finished already
    assert b"Traceback" not in err
    assert not _running_on(path)


def test_many_small_files_start_no_worker(tmp_path: Path) -> None:
    """Workers only for about 1 MiB of input each: 30 small files are read here, in order."""
    paths = []
    for i in range(30):
        path = tmp_path / f"s{i}.txt"
        path.write_text(f"see x.com/{i}\n", encoding="utf-8")
        paths.append(str(path))
    code = (
        "import os, sys\n"
        "fork, forks = os.fork, []\n"
        "os.fork = lambda: forks.append(1) or fork()\n"
        "from uts58_icu.cli import main\n"
        "code = main(sys.argv[1:])\n"
        "sys.stdout.flush(); sys.stderr.write(str(len(forks))); sys.exit(code)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code, "detect", "--jobs", "2", *paths], capture_output=True, timeout=120)
    assert proc.returncode == 0 and proc.stderr == b"0", proc.stderr
    assert proc.stdout == "".join(f"see ⸠x.com/{i}⸡\n" for i in range(30)).encode()
