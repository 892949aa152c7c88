"""Show that ``uts58 detect`` and ``uts58 linkify`` stream with constant memory.

Generates an input file of ``--mb`` megabytes (default 1024) in chunks, lines of
text with URLs and email addresses in them, runs the CLI on it as a subprocess
with its output sent to /dev/null, samples the child's resident set size
(``VmRSS``, and the kernel's high-water mark ``VmHWM``, from /proc/<pid>/status)
every 0.2 s and prints the peak RSS, RSS over time and the throughput in MB/s.

    python bench/bench_cli_stream.py --mb 100
    python bench/bench_cli_stream.py                 # 1 GiB input
    python bench/bench_cli_stream.py --mb 100 --commands detect "detect --json"
    python bench/bench_cli_stream.py --mb 30 --vs-library     # MB/s: CLI vs find_links, --jobs
    python bench/bench_cli_stream.py --mb 30 --vs-library --corpus users --commands detect "detect --jobs 2"
    python bench/bench_cli_stream.py --hostile                # peak memory per entry point

``--vs-library`` runs the library's ``find_links`` on the decoded file and the CLI
commands on the file, interleaved, ``--repeat`` times (best of), and prints MB/s, the
ratio CLI / library and the CPU time (user + system of all the command's processes: on a
shared machine wall-clock time is noisy), then each ``--jobs N`` command against the
same command with one job, with and without start-up. ``--hostile`` prints the peak resident memory beyond the interpreter,
over the input size, of each CLI entry point on one 12 MB line (``'x.co ' * 2.4M``, issue 22
item 10) and of the library's entry points on ``--prose-mb`` of generated prose.

Linux only (reads /proc). The input file is deleted afterwards unless ``--keep``.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
MB = 1024 * 1024

WORDS = [
    "the", "link", "is", "here", "and", "there", "text", "σωκράτης", "bücher", "アルベルト",
    "عربي", "😀", "(see", "also)", "—", "!", "?", ".", ",", "<b>", "&", '"quoted"',
]  # fmt: skip
LINKS = [
    "example.com", "https://example.com/path?q=1&r=2#frag", "bücher.de/bücher",
    "https://ja.wikipedia.org/wiki/アルベルト・アインシュタイン", "www.youtube.com/@핑크퐁",
    "σωκράτης@example.gr", "mailto:a+b@example.org", "http://127.0.0.1:8000/x",
    "https://en.wikipedia.org/wiki/Link_(disambiguation)", "例え.テスト/パス",
    "example.com#a:~:text=(b),(c)",
]  # fmt: skip


def make_chunk(rng: random.Random, size: int) -> bytes:
    """About ``size`` bytes of UTF-8 lines, roughly one link per 8 words."""
    lines: list[str] = []
    total = 0
    while total < size:
        n = rng.randint(3, 30)
        words = [rng.choice(LINKS) if rng.random() < 0.12 else rng.choice(WORDS) for _ in range(n)]
        line = " ".join(words) + "\n"
        lines.append(line)
        total += len(line.encode("utf-8"))
    return "".join(lines).encode("utf-8")


def generate(path: Path, megabytes: int, seed: int = 58) -> int:
    rng = random.Random(seed)
    chunks = [make_chunk(rng, MB) for _ in range(8)]  # reuse a few chunks: generation stays fast
    target = megabytes * MB
    written = 0
    with open(path, "wb") as f:
        i = 0
        while written < target:
            chunk = chunks[i % len(chunks)]
            f.write(chunk)
            written += len(chunk)
            i += 1
    return written


def _status_kb(pid: int) -> tuple[int, int] | None:
    """(VmRSS, VmHWM) of ``pid`` in kB, or None once it is gone."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as f:
            text = f.read()
    except (FileNotFoundError, ProcessLookupError):
        return None
    rss = hwm = 0
    for line in text.splitlines():
        if line.startswith("VmRSS:"):
            rss = int(line.split()[1])
        elif line.startswith("VmHWM:"):
            hwm = int(line.split()[1])
    return rss, hwm


def run(command: str, path: Path, size: int, python: str, interval: float) -> dict[str, object]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    argv = [python, "-m", "uts58_icu", *shlex.split(command), str(path)]
    samples: list[tuple[float, int]] = []
    peak_hwm = 0
    t0 = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=REPO, env=env)
    while proc.poll() is None:
        st = _status_kb(proc.pid)
        if st is not None and st[0]:
            samples.append((time.perf_counter() - t0, st[0]))
            peak_hwm = max(peak_hwm, st[1])
        time.sleep(interval)
    elapsed = time.perf_counter() - t0
    err = proc.stderr.read().decode("utf-8", "replace") if proc.stderr else ""
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed with exit {proc.returncode}:\n{err}")
    rss = [kb for _, kb in samples] or [0]
    # RSS once start-up (imports, ICU data, regex compilation) is over: after 10% of the run.
    steady = [kb for t, kb in samples if t >= 0.1 * elapsed] or rss
    return {
        "command": command,
        "seconds": elapsed,
        "mb_per_s": size / MB / elapsed,
        "peak_rss_mb": max(rss) / 1024,
        "peak_hwm_mb": peak_hwm / 1024,
        "steady_min_mb": min(steady) / 1024,
        "steady_max_mb": max(steady) / 1024,
        "samples": len(samples),
        "timeline": [(round(t, 1), round(kb / 1024, 1)) for t, kb in samples],
    }


_LIBRARY = """
import sys, time, resource
from uts58_icu import find_links
find_links("warm up: example.com/a?b=c bob@example.org http://127.0.0.1/")
data = open(sys.argv[1], "rb").read()
t0, c0 = time.perf_counter(), time.process_time()
links = find_links(data.decode("utf-8"))
print(time.perf_counter() - t0, time.process_time() - c0, len(links))
"""


def _users_corpus(path: Path, megabytes: int) -> int:
    """bench/corpus.py text, as bench_users.py's CLI rows use it; returns its size."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from bench_users import write_cli_input

    return write_cli_input(path, megabytes * MB)[0]


def _timed(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall-clock seconds, and CPU seconds (user + system, of the command and its worker
    processes), of one run with its output sent to /dev/null."""
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, env=env, check=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def vs_library(path: Path, size: int, python: str, commands: list[str], repeat: int) -> None:
    """MB/s of the CLI commands and of the library's find_links on the same file, one run
    (interleaved, best of ``repeat``), with CPU time; then each ``--jobs N`` command against
    the same command with one job."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # start-up as after pip install: bytecode cached
    best: dict[str, float] = {}
    cpu: dict[str, float] = {}
    load_before = os.getloadavg()
    for _ in range(repeat):
        out = subprocess.run([python, "-c", _LIBRARY, str(path)], capture_output=True, text=True, env=env, check=True)
        wall, lib_cpu = (float(x) for x in out.stdout.split()[:2])
        key = "library find_links (decode + scan)"
        best[key] = min(best.get(key, 1e9), wall)
        cpu[key] = min(cpu.get(key, 1e9), lib_cpu)
        for command in ["--version", *commands]:
            argv = [python, "-m", "uts58_icu", *shlex.split(command)] + ([] if command == "--version" else [str(path)])
            key = "start-up (uts58 --version)" if command == "--version" else f"uts58 {command}"
            wall, used = _timed(argv, env)
            best[key] = min(best.get(key, 1e9), wall)
            cpu[key] = min(cpu.get(key, 1e9), used)
    lib = best["library find_links (decode + scan)"]
    start = best["start-up (uts58 --version)"]
    print(f"load average before {load_before}, after {os.getloadavg()}; {os.cpu_count()} CPUs; "
          f"best of {repeat}; {size / MB:.1f} MiB")
    print(f"{'what':<40}{'time s':>8}{'CPU s':>8}{'MB/s':>8}{'vs lib':>8}{'vs lib, start-up excluded':>27}")
    for key, t in best.items():
        rest = "" if key.startswith(("library", "start-up")) else f"{lib / max(t - start, 1e-9):>27.2f}"
        print(f"{key:<40}{t:>8.2f}{cpu[key]:>8.2f}{size / MB / t:>8.1f}{lib / t:>8.2f}{rest}")
    jobs = [k for k in best if re.search(r" (?:--jobs|-j) ?([0-9]+)", k)]
    if jobs:
        print("\n--jobs N against the same command with one job (wall: best of each; CPU: user + system of "
              "all processes; start-up excluded: minus the best `uts58 --version`)")
        print(f"{'command':<40}{'speed-up':>9}{'start-up excluded':>19}{'CPU ratio':>11}")
        for key in jobs:
            one = re.sub(r" (?:--jobs|-j) ?[0-9]+", "", key)
            if one in best:
                print(f"{key:<40}{best[one] / best[key]:>9.2f}"
                      f"{(best[one] - start) / max(best[key] - start, 1e-9):>19.2f}{cpu[key] / cpu[one]:>11.2f}")


_PEAK = """
import resource, runpy, sys
sys.argv = ["uts58"] + sys.argv[1:]
try:
    runpy.run_module("uts58_icu", run_name="__main__")
except SystemExit:
    pass
sys.stdout.flush()
# VmHWM, not ru_maxrss: Linux carries ru_maxrss over from the parent across exec.
self = int(next(x for x in open("/proc/self/status") if x.startswith("VmHWM")).split()[1])
kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
sys.stderr.write(f"PEAK {self} {kids}\\n")
"""

_LIBRARY_PEAK = """
import resource, sys
name = sys.argv[1]
text = open(sys.argv[2], encoding="utf-8").read()
if name == "html.linkify":
    from uts58_icu.html import linkify as f
elif name == "django urlize":
    import django
    from django.conf import settings
    settings.configure()
    django.setup()
    from uts58_icu.django import urlize as f
elif name == "find_links_batch":
    from uts58_icu.batch import find_links_batch
    f = lambda t: find_links_batch([t])
else:
    import uts58_icu
    f = getattr(uts58_icu, name)
f("warm up example.com bob@example.org")
def hwm():
    return int(next(x for x in open("/proc/self/status") if x.startswith("VmHWM")).split()[1])
before = hwm()
result = f(text)
peak = hwm()
sys.stderr.write(f"PEAK {before} {peak}\\n")
"""


def _peak(python: str, argv: list[str], env: dict[str, str]) -> tuple[int, int]:
    proc = subprocess.run([python, "-c", *argv], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, text=True)
    line = proc.stderr.rsplit("PEAK", 1)
    if len(line) != 2:
        raise SystemExit(f"{argv} failed: {proc.stderr[-2000:]}")
    a, b = line[1].split()
    return int(a), int(b)


def hostile(python: str, prose_mb: float, workdir: str | None) -> None:
    """Peak memory beyond the interpreter, over the input size, per entry point."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    with tempfile.TemporaryDirectory(dir=workdir) as d:
        line, tiny, prose = Path(d) / "line.txt", Path(d) / "tiny.txt", Path(d) / "prose.txt"
        line.write_text("x.co " * 2_400_000, encoding="utf-8")
        tiny.write_text("x.co\n", encoding="utf-8")
        rng = random.Random(58)
        prose.write_bytes(make_chunk(rng, int(prose_mb * MB)))
        print(f"load average: {os.getloadavg()}; VmHWM; 'kids' is the largest worker's ru_maxrss "
              "(shared pages of the parent included); peak/in = peak beyond the same command "
              "on a 5-byte file, over the input")
        print(f"{'entry point':<34}{'input MB':>9}{'peak MB':>9}{'kids MB':>9}{'peak/in':>9}")
        size = line.stat().st_size
        for command in ["detect", "detect --json", "linkify", "linkify --policy base",
                        "detect --jobs 2", "detect --json --jobs 2", "linkify --jobs 2"]:
            args = shlex.split(command)
            base_self, _ = _peak(python, [_PEAK, *args, str(tiny)], env)
            peak_self, peak_kids = _peak(python, [_PEAK, *args, str(line)], env)
            extra = max(peak_self - base_self, peak_kids - base_self if peak_kids else 0) * 1024
            print(f"{'uts58 ' + command:<34}{size / MB:>9.1f}{peak_self / 1024:>9.1f}"
                  f"{peak_kids / 1024:>9.1f}{extra / size:>9.2f}")
            sys.stdout.flush()
        size = prose.stat().st_size
        for name in ("find_links", "linkify_html", "redact", "minimal_escape", "html.linkify",
                     "django urlize", "find_links_batch"):
            try:
                before, peak = _peak(python, [_LIBRARY_PEAK, name, str(prose)], env)
            except SystemExit as exc:
                print(f"{name:<34} failed: {str(exc)[-200:]}")
                continue
            print(f"{name + ' (prose)':<34}{size / MB:>9.1f}{peak / 1024:>9.1f}{'':>9}"
                  f"{(peak - before) * 1024 / size:>9.2f}")
            sys.stdout.flush()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mb", type=int, default=1024, help="input size in MiB (default 1024)")
    ap.add_argument("--commands", nargs="+", default=["detect", "linkify"],
                    help="CLI commands to run (default: detect linkify)")
    ap.add_argument("--python", default=sys.executable, help="interpreter to run the CLI with")
    ap.add_argument("--interval", type=float, default=0.2, help="RSS sampling interval in seconds")
    ap.add_argument("--dir", default=None, help="directory for the temporary input file")
    ap.add_argument("--keep", action="store_true", help="keep the generated input file")
    ap.add_argument("--timeline", action="store_true", help="print every RSS sample")
    ap.add_argument("--vs-library", action="store_true",
                    help="MB/s of the CLI commands against the library's find_links, one run")
    ap.add_argument("--repeat", type=int, default=3, help="--vs-library: best of N (default 3)")
    ap.add_argument("--corpus", choices=("stream", "users"), default="stream",
                    help="stream: the lines generated here (link-dense, default); users: bench/corpus.py "
                    "text as bench_users.py writes it (ASCII and multilingual megabytes alternating)")
    ap.add_argument("--hostile", action="store_true", help="peak memory per entry point (issue 22 item 10)")
    ap.add_argument("--prose-mb", type=float, default=9.5, help="--hostile: prose size for the library")
    args = ap.parse_args(argv)
    if not Path("/proc/self/status").exists():
        raise SystemExit("needs Linux /proc to sample RSS")
    if args.hostile:
        hostile(args.python, args.prose_mb, args.dir)
        return 0

    fd, name = tempfile.mkstemp(prefix="uts58-stream-", suffix=".txt", dir=args.dir)
    os.close(fd)
    path = Path(name)
    try:
        t = time.perf_counter()
        size = generate(path, args.mb) if args.corpus == "stream" else _users_corpus(path, args.mb)
        print(f"input: {path} {size / MB:.0f} MiB ({args.corpus} text) generated in {time.perf_counter() - t:.1f}s")
        if args.vs_library:
            commands = args.commands if args.commands != ["detect", "linkify"] else [
                "detect", "detect --jobs 2", "detect --json", "detect --json --jobs 2"]
            vs_library(path, size, args.python, commands, args.repeat)
            return 0
        print(f"{'command':<16}{'MB/s':>8}{'time s':>9}{'peak RSS MB':>13}{'VmHWM MB':>10}"
              f"{'steady RSS MB (min..max)':>26}")
        for command in args.commands:
            r = run(command, path, size, args.python, args.interval)
            print(f"{r['command']:<16}{r['mb_per_s']:>8.2f}{r['seconds']:>9.1f}{r['peak_rss_mb']:>13.1f}"
                  f"{r['peak_hwm_mb']:>10.1f}{r['steady_min_mb']:>14.1f} .. {r['steady_max_mb']:<8.1f}")
            if args.timeline:
                print("  timeline (s, MB):", r["timeline"])
            sys.stdout.flush()
    finally:
        if not args.keep:
            path.unlink(missing_ok=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
