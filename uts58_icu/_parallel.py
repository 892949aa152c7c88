"""Parallel helpers for ``uts58 … --jobs N``: the worker count, byte ranges of a file cut
at line ends (each worker reads and decodes its own range), and the chain of code-point
offsets that the workers pass each other (for ``--json`` and ``--explain``)."""

from __future__ import annotations

import os
from typing import Any, BinaryIO

__all__ = ["Bases", "RangeReader", "cpu_count", "line_range", "line_start", "ranges", "warm_up", "worker_count"]

#: With ``--jobs``, a file is cut into byte ranges of about this size, one task each.
RANGE_SIZE = 1 << 20
#: At most this many ranges per file (a larger file gets larger ranges).
MAX_RANGES = 4096
#: Bytes read at a time while looking for a line end.
_STEP = 1 << 16


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


def line_start(f: BinaryIO, start: int, end: int) -> int:
    """The first line start of file ``f`` at or after ``start``, or ``end`` if none is before
    ``end`` (a line begins at 0 or after a LINE FEED); reads no more than ``[start - 1, end)``."""
    if start <= 0:
        return 0
    f.seek(start - 1)
    pos = start - 1
    while pos < end - 1:
        buf = f.read(min(_STEP, end - 1 - pos + 1))
        if not buf:
            return end
        i = buf.find(b"\n")
        if i >= 0:
            return min(pos + i + 1, end)
        pos += len(buf)
    return end


class RangeReader:
    """A readable stream of the lines of file ``f`` that *begin* in ``[first, end)``, where
    ``first`` is a line start: the bytes from ``first`` up to ``end``, then on to the end
    of the line that crosses ``end`` (its LINE FEED included)."""

    def __init__(self, f: BinaryIO, first: int, end: int) -> None:
        self.f, self.pos, self.end = f, first, end
        self.done = first >= end
        f.seek(first)

    def read(self, size: int) -> bytes:
        if self.done:
            return b""
        if self.pos < self.end:
            data = self.f.read(min(size, self.end - self.pos))
            self.pos += len(data)
            if not data or (self.pos >= self.end and data.endswith(b"\n")):
                self.done = True
            return data
        data = self.f.read(min(size, _STEP))  # past the end: to the end of the line
        i = data.find(b"\n")
        if i >= 0 or not data:
            self.done = True
            return data[: i + 1] if i >= 0 else data
        return data


def line_range(path: str, start: int, end: int) -> tuple[int, bytes]:
    """The lines of ``path`` that *begin* in ``[start, end)``: ``(their byte offset, bytes)``.

    A line begins at 0 or after a LINE FEED. So consecutive ranges give every line of the
    file exactly once, each whole, whatever the cut points; a range inside one long line
    gives nothing, after reading no more than the range itself.
    """
    with open(path, "rb") as f:
        first = line_start(f, start, end)
        reader = RangeReader(f, first, end)
        return first, b"".join(iter(lambda: reader.read(1 << 20), b""))


class Bases:
    """The code point at which each byte range of a file starts, worked out by the workers.

    Slot ``i`` holds range ``i``'s first code point (-1 while unknown). A worker that has
    decoded range ``i`` (``n`` code points) waits for slot ``i``, then fills slot ``i + 1``
    with the sum: a decode is the first thing each task does, and the tasks are taken in
    order, so the wait is for the decode of the range before, not for its scan. The first
    range of each file is set to 0 by the parent; each file keeps one spare slot after its
    last range, so no file's chain runs into the next.
    """

    def __init__(self, ctx: Any, slots: int) -> None:
        self.values = ctx.Array("q", [-1] * slots, lock=False)
        self.cond = ctx.Condition()

    def start(self, i: int) -> None:
        """Range ``i`` is the first of its file: it starts at code point 0."""
        self.values[i] = 0

    def chain(self, i: int, n: int) -> int:
        """Wait for range ``i``'s start, record that range ``i + 1`` starts ``n`` later,
        and return range ``i``'s start."""
        with self.cond:
            while self.values[i] < 0:
                self.cond.wait()
            base = self.values[i]
            self.values[i + 1] = base + n
            self.cond.notify_all()
        return base


def warm_up(options: dict[str, Any] | None = None) -> None:
    """Per-worker set-up: derive the ICU tables, compile the patterns, load the TLDs
    (and the policy's, with ``options`` of ``find_links``)."""
    from .linkification.apply import find_links

    find_links("warm up: example.com/a?b=c#d bob@example.org http://127.0.0.1/", **(options or {}))
