"""Show that ``uts58 detect`` and ``uts58 linkify`` stream with constant memory.

Generates an input file of ``--mb`` megabytes (default 1024) in chunks, lines of
text with URLs and email addresses in them, runs the CLI on it as a subprocess
with its output sent to /dev/null, samples the child's resident set size
(``VmRSS``, and the kernel's high-water mark ``VmHWM``, from /proc/<pid>/status)
every 0.2 s and prints the peak RSS, RSS over time and the throughput in MB/s.

    python bench/bench_cli_stream.py --mb 100
    python bench/bench_cli_stream.py                 # 1 GiB input
    python bench/bench_cli_stream.py --mb 100 --commands detect "detect --json"

Linux only (reads /proc). The input file is deleted afterwards unless ``--keep``.
"""

from __future__ import annotations

import argparse
import os
import random
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
    args = ap.parse_args(argv)
    if not Path("/proc/self/status").exists():
        raise SystemExit("needs Linux /proc to sample RSS")

    fd, name = tempfile.mkstemp(prefix="uts58-stream-", suffix=".txt", dir=args.dir)
    os.close(fd)
    path = Path(name)
    try:
        t = time.perf_counter()
        size = generate(path, args.mb)
        print(f"input: {path} {size / MB:.0f} MiB generated in {time.perf_counter() - t:.1f}s")
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
