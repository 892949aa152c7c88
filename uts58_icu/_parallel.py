"""Parallel helpers for ``uts58 … --jobs N``: the worker count, and byte ranges of a file
cut at line ends (each worker reads and decodes its own range)."""

from __future__ import annotations

import os
from typing import Any

__all__ = ["cpu_count", "line_range", "ranges", "warm_up", "worker_count"]

#: With ``--jobs``, a file is cut into byte ranges of about this size, one task each.
RANGE_SIZE = 1 << 20
#: At most this many ranges per file (a larger file gets larger ranges).
MAX_RANGES = 4096


def cpu_count() -> int:
    """The CPUs this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1  # pragma: no cover - not Linux


def worker_count(jobs: int, tasks: int | None) -> int:
    """Worker processes for ``--jobs jobs``: never more than the CPUs, nor than ``tasks``
    (when the number of tasks is known), at least 1 (issue 22 item 11)."""
    n = min(jobs, cpu_count())
    if tasks is not None:
        n = min(n, tasks)
    return max(1, n)


def ranges(size: int) -> list[tuple[int, int]]:
    """``[start, end)`` byte ranges covering a file of ``size`` bytes."""
    step = max(RANGE_SIZE, -(-size // MAX_RANGES))
    return [(a, min(a + step, size)) for a in range(0, size, step)] or [(0, 0)]


def line_range(path: str, start: int, end: int) -> tuple[int, bytes]:
    """The lines of ``path`` that *begin* in ``[start, end)``: ``(their byte offset, bytes)``.

    A line begins at 0 or after a LINE FEED. So consecutive ranges give every line of the
    file exactly once, each whole, whatever the cut points; a range inside one long line
    gives nothing, after reading no more than the range itself.
    """
    step = 1 << 16
    with open(path, "rb") as f:
        first = start
        if start > 0:
            f.seek(start - 1)
            pos = start - 1
            while True:  # the first line start at or after `start`, looked for before `end`
                buf = f.read(min(step, end - pos))
                if not buf:
                    return end, b""
                i = buf.find(b"\n")
                if i >= 0:
                    first = pos + i + 1
                    break
                pos += len(buf)
                if pos >= end - 1:
                    return end, b""
        if first >= end:
            return first, b""
        f.seek(first)
        data = f.read(end - first)
        if not data or data.endswith(b"\n"):
            return first, data
        tail = [data]  # the last line goes on past `end`: read it to its end
        while True:
            buf = f.read(step)
            if not buf:
                break
            i = buf.find(b"\n")
            if i >= 0:
                tail.append(buf[: i + 1])
                break
            tail.append(buf)
        return first, b"".join(tail)


def warm_up(options: dict[str, Any] | None = None) -> None:
    """Per-worker set-up: derive the ICU tables, compile the patterns, load the TLDs
    (and the policy's, with ``options`` of ``find_links``)."""
    from .linkification.apply import find_links

    find_links("warm up: example.com/a?b=c#d bob@example.org http://127.0.0.1/", **(options or {}))
