"""Order-preserving parallel map over a stream, with bounded memory (``uts58 … --jobs N``)."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from typing import TypeVar

__all__ = ["ordered_map", "warm_up"]

T = TypeVar("T")
R = TypeVar("R")


def warm_up() -> None:
    """Per-worker set-up: derive the ICU tables, compile the patterns, load the TLDs."""
    from .linkification.apply import find_links

    find_links("warm up: example.com/a?b=c#d bob@example.org http://127.0.0.1/")


def ordered_map(fn: Callable[[T], R], items: Iterable[T], jobs: int) -> Iterator[R]:
    """``map(fn, items)`` on ``jobs`` worker processes, results in input order.

    At most ``2 * jobs`` items are in flight, so memory stays bounded whatever the
    length of ``items``. If ``items`` raises, the results of every item before the
    failure are yielded first, then the exception propagates (so a CLI writes all the
    good output before reporting bad input). ``jobs == 1`` runs in this process.
    """
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, got {jobs}")
    if jobs == 1:
        for item in items:
            yield fn(item)
        return
    window = 2 * jobs
    pending: deque[Future[R]] = deque()
    with ProcessPoolExecutor(max_workers=jobs, initializer=warm_up) as pool:
        try:
            try:
                for item in items:
                    pending.append(pool.submit(fn, item))
                    if len(pending) >= window:
                        yield pending.popleft().result()
            except Exception:  # bad input: first the results of everything before it
                while pending:
                    yield pending.popleft().result()
                raise
            while pending:
                yield pending.popleft().result()
        finally:  # the consumer stopped early (e.g. a closed pipe): drop the rest
            for future in pending:
                future.cancel()
