"""Parallel helpers for ``uts58 … --jobs N``: the worker count, byte ranges of a file cut
at line ends (each worker reads and decodes its own range), the ring of pipes that forked
workers pass the turn to write and the code-point offsets along (:class:`Ring`), and the
chain of offsets of the process-pool fallback (:class:`Bases`)."""

from __future__ import annotations

import os
import select
import struct
import sys
from collections import deque
from typing import Any, BinaryIO

__all__ = [
    "Bases", "RING_SPLIT", "RangeReader", "Ring", "RingBroken", "can_fork", "cpu_count", "line_range", "line_start", "ranges",
    "warm_up", "worker_count",
]  # fmt: skip

#: With ``--jobs``, a file is cut into byte ranges of about this size, one task each.
RANGE_SIZE = 1 << 20
#: Forked workers (which take every n-th range) get ranges this many times smaller:
#: the cost of a megabyte varies (ASCII or not, how many links), and a worker that
#: took every other megabyte of a file whose kinds of text alternate by the megabyte
#: would get the one kind (measured: 0.60 G against 0.96 G instructions on
#: bench_users' file, ASCII and multilingual megabytes alternating; halves: 0.86 / 0.85).
RING_SPLIT = 2
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


def ranges(size: int, multiple: int = 1, split: int = 1) -> list[tuple[int, int]]:
    """``[start, end)`` byte ranges covering a file of ``size`` bytes, about
    :data:`RANGE_SIZE` / ``split`` each; with ``multiple``, a file of more than one range gets a
    multiple of that many ranges of equal size (so ``multiple`` workers that take turns
    get equal shares)."""
    step = max(RANGE_SIZE // split, -(-size // MAX_RANGES), 1)
    count = -(-size // step)
    if count > 1 and multiple > 1:
        count = min(-(-count // multiple) * multiple, max(MAX_RANGES // multiple, 1) * multiple)
        return [(size * j // count, size * (j + 1) // count) for j in range(count)]
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
    text = "warm up: example.com/a?b=c#d bob@example.org http://127.0.0.1/"
    if options and "policy" in options:
        from .linkification.apply import find_links

        find_links(text, **options)
    else:  # the base alone: the core's (the §8 layer is not imported)
        from .core import detection

        detection.find_links(text, **(options or {}))


def can_fork() -> bool:
    """Whether ``--jobs`` may fork its workers from this process: ``os.fork`` exists, the
    platform's system libraries are safe after a fork (not macOS, where multiprocessing
    spawns for that reason), and this process runs one thread (a fork copies only the
    calling thread: a lock held by another would never be released in the child)."""
    if not hasattr(os, "fork") or sys.platform == "darwin":
        return False
    try:
        return len(os.listdir("/proc/self/task")) == 1  # every thread, C ones included
    except OSError:  # no /proc: Python's own threads
        import threading

        return threading.active_count() == 1


class RingBroken(Exception):
    """The worker before this one in the ring stopped (its end of the pipe closed)."""


class Ring:
    """Pipes joining ``n`` worker processes in a ring: worker ``k`` hears from worker
    ``k - 1`` and speaks to worker ``k + 1`` (mod ``n``).

    Made before the fork; each process then calls :meth:`attach` with its number, which
    closes every other end, so that when a worker stops, whatever the reason, the next
    one reads the end of its pipe (:class:`RingBroken`) instead of waiting for ever.
    A message is a kind (one byte) and a number; being shorter than ``PIPE_BUF``, each is
    written whole. The worker of range ``i`` sends the code point at which range ``i + 1``
    starts (kind ``B``, only where the output has offsets, once range ``i`` is decoded)
    and the turn to write (kind ``T``, once range ``i``'s output is written). A worker
    may run ahead of its turns (it holds the output of the ranges it has done), so the two
    kinds can come in any mix: each kind's messages come in range order, and are kept in a
    queue of their own until asked for (:meth:`take`).
    """

    _MSG = struct.Struct("<cq")

    def __init__(self, n: int) -> None:
        self.n = n
        self.pipes: list[tuple[int, int]] = []
        self.inbox = self.outbox = -1
        self.queues: dict[bytes, deque[int]] = {b"B": deque(), b"T": deque()}
        self.unread = b""  # the start of a message not yet read whole
        self.ended = False  # the worker before this one has closed its end
        try:
            for _ in range(n):
                self.pipes.append(os.pipe())
        except OSError:
            self.close()
            raise

    def attach(self, k: int) -> None:
        """In worker ``k``: keep its two ends, close the rest."""
        for j, (r, w) in enumerate(self.pipes):
            if j != k:
                os.close(r)
            if j != (k + 1) % self.n:
                os.close(w)
        self.inbox, self.outbox = self.pipes[k][0], self.pipes[(k + 1) % self.n][1]
        self.pipes = []

    def send(self, kind: bytes, value: int) -> None:
        try:
            os.write(self.outbox, self._MSG.pack(kind, value))
        except BrokenPipeError:  # the next worker has stopped
            raise RingBroken from None

    def recv(self, kind: bytes) -> int:
        """Wait for the next message of ``kind``; its number."""
        while True:
            value = self.take(kind)
            if value is not None:
                return value
            self.fill(block=True)

    def take(self, kind: bytes) -> int | None:
        """The next message of ``kind`` if it has come (else None)."""
        queue = self.queues[kind]
        return queue.popleft() if queue else None

    def fill(self, block: bool) -> bool:
        """Read the messages that have come (``block``: wait for at least one byte) into
        their queues; whether anything was read. The end of the pipe, waited for, raises
        :class:`RingBroken`."""
        if self.ended or not (block or select.select([self.inbox], [], [], 0)[0]):
            if self.ended and block:
                raise RingBroken
            return False
        part = os.read(self.inbox, 1 << 12)
        if not part:
            self.ended = True
            if block:
                raise RingBroken
            return False
        data, size = self.unread + part, self._MSG.size
        whole = len(data) - len(data) % size
        for got, value in self._MSG.iter_unpack(data[:whole]):
            if got not in self.queues:  # pragma: no cover - the two sides disagree: a bug, said as such
                raise RuntimeError(f"--jobs: unexpected message {got!r}")
            self.queues[got].append(int(value))
        self.unread = data[whole:]
        return True

    def close(self) -> None:
        """Close this process's ends (every end, before :meth:`attach`)."""
        for fd in [fd for pair in self.pipes for fd in pair] + [self.inbox, self.outbox]:
            if fd >= 0:
                try:
                    os.close(fd)
                except OSError:  # pragma: no cover - already closed
                    pass
        self.pipes, self.inbox, self.outbox = [], -1, -1
