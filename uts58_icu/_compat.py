"""Python 3.10 stand-ins for what the standard library's ``re`` gained in 3.11.

Possessive quantifiers (``*+``, ``++``) and atomic groups arrived in ``re`` with Python
3.11. On 3.10 the character-class patterns compile with the ``regex`` package (a
dependency), but a repeated *group* such as ``(?:%[0-9A-Fa-f]{2})++`` keeps a backtracking
mark per repetition there too (tens of bytes per escape), so :class:`EscapeRuns` finds runs
of ``%XX`` escapes by joining adjacent single escapes instead, in constant extra memory.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

_ONE_ESCAPE = re.compile(r"%[0-9A-Fa-f]{2}")


class EscapeRun:
    """A run of ``%XX`` escapes: the part of ``re.Match`` the escaping code reads."""

    __slots__ = ("_text", "_start", "_end")

    def __init__(self, text: str, start: int, end: int) -> None:
        self._text, self._start, self._end = text, start, end

    def group(self, index: int = 0) -> str:
        if index != 0:
            raise IndexError("no such group")
        return self._text[self._start : self._end]

    def start(self) -> int:
        return self._start

    def end(self) -> int:
        return self._end

    def span(self) -> tuple[int, int]:
        return self._start, self._end


class EscapeRuns:
    """``re.compile(r"(?:%[0-9A-Fa-f]{2})++")`` for 3.10: ``finditer`` and ``sub``."""

    pattern = r"(?:%[0-9A-Fa-f]{2})++"

    def finditer(self, text: str) -> Iterator[EscapeRun]:
        start = end = -1
        for m in _ONE_ESCAPE.finditer(text):
            if m.start() == end:
                end = m.end()
                continue
            if start >= 0:
                yield EscapeRun(text, start, end)
            start, end = m.start(), m.end()
        if start >= 0:
            yield EscapeRun(text, start, end)

    def sub(self, repl: Callable[[EscapeRun], str], text: str) -> str:
        out: list[str] = []
        last = 0
        for run in self.finditer(text):
            out.append(text[last : run.start()])
            out.append(repl(run))
            last = run.end()
        out.append(text[last:])
        return "".join(out)
