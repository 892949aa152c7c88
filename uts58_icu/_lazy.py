"""Regular expressions compiled on first use, so that ``import uts58_icu`` stays fast.

A pattern whose character class spans tens of thousands of code points (the CJK classes
of the §8 rules) takes milliseconds to compile; most programs never run the rule that
needs it. :func:`lazy_compile` is a drop-in for ``re.compile`` at module level: the
pattern is compiled the first time one of its methods or attributes is used, and from
then on those are plain attributes of the object (no indirection per call).
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["LazyPattern", "lazy_compile"]

_ATTRS = ("search", "match", "fullmatch", "finditer", "findall", "sub", "subn", "split", "scanner",
          "pattern", "flags", "groups", "groupindex")  # fmt: skip


class LazyPattern:
    """A :class:`re.Pattern` compiled on first use (see :func:`lazy_compile`)."""

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self._source = (pattern, flags)

    @property
    def compiled(self) -> bool:
        """Whether the pattern has been compiled yet."""
        return "search" in self.__dict__

    def __getattr__(self, name: str) -> Any:  # only while not yet compiled
        if name not in _ATTRS:
            raise AttributeError(name)
        compiled = re.compile(*self._source)
        for attr in _ATTRS:
            setattr(self, attr, getattr(compiled, attr))
        return getattr(compiled, name)

    def __repr__(self) -> str:
        return f"lazy_compile({self._source[0]!r}, {self._source[1]!r})"


def lazy_compile(pattern: str, flags: int = 0) -> Any:
    """``re.compile(pattern, flags)``, done the first time the result is used."""
    return LazyPattern(pattern, flags)
