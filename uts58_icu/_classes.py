"""Compiled ``regex`` patterns built from the ICU-derived ranges (never ``\\p{…}`` of ``regex``).

Compiled lazily, once, on first use by detection.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import regex

from ._icu import unicode_set_ranges
from .parts import SYNTAX_START_CHARS
from .properties import HARD, INCLUDE, SOFT, derived, regex_class

__all__ = ["HOST_LABEL_CHAR", "LABEL_SEPARATORS", "patterns"]

#: Label separators, as UTS #46 maps them: FULL STOP, IDEOGRAPHIC FULL STOP,
#: FULLWIDTH FULL STOP, HALFWIDTH IDEOGRAPHIC FULL STOP.
LABEL_SEPARATORS = ".\u3002\uFF0E\uFF61"

#: Characters that can stand in a domain label (§1.4: "Characters outside of the valid
#: characters and label separators definitely terminate the domain name"). This is the
#: IDNA2008 shape of PVALID (letters, marks, decimal digits, the hyphen, the CONTEXTO and
#: CONTEXTJ characters and exceptions) plus what UTS #46 maps onto it (upper case,
#: fullwidth forms); whether a candidate really is a valid domain is then decided by ICU's
#: UTS #46 processing.
HOST_LABEL_CHAR = (
    r"[[a-zA-Z0-9\-]"
    r"[[\p{L}\p{Mn}\p{Mc}\p{Nd}\u00B7\u0375\u05F3\u05F4\u0F0B\u3007\u30FB\u200C\u200D]"
    r"-\p{ASCII}-[\u3002\uFF0E\uFF61]]]"
)


class _Patterns:
    def __init__(self) -> None:
        d = derived()
        host = regex_class(unicode_set_ranges(HOST_LABEL_CHAR))
        sep = "[" + "".join(f"\\u{ord(c):04X}" for c in LABEL_SEPARATORS) + "]"
        hs = host[:-1] + sep[1:]  # union of both classes
        # A maximal run of label characters and separators that has at least one
        # separator followed by a label character. The lookbehind makes each run start
        # at its beginning, and the possessive quantifiers keep the scan linear.
        self.domain_run: Any = regex.compile(
            rf"(?<!{hs}){host}*+(?:{sep}++{host}++)++{sep}*+"
        )
        self.separator: Any = regex.compile(sep)
        self.separator_back: Any = regex.compile("(?r)" + sep)
        self.port: Any = regex.compile(r":([0-9]{1,5})(?![0-9])")
        self.scheme_before: Any = regex.compile(r"(?ri)(?<![A-Za-z0-9+.\-])(https?)://")
        self.other_scheme_before: Any = regex.compile(r"(?r)(?:[A-Za-z][A-Za-z0-9+.\-]*:)?//")
        self.scheme_ip: Any = regex.compile(
            r"(?i)(?<![A-Za-z0-9+.\-])https?://"
            r"(?:(?P<v4>[0-9]{1,3}(?:\.[0-9]{1,3}){3})(?![0-9.]*[0-9A-Za-z\-])"
            r"|(?P<v6>\[[0-9A-Fa-f:.]{2,45}\]))"
        )
        # §5.2: scanning backward over Link_Email characters.
        self.email_back: Any = regex.compile(r"(?r)" + regex_class(d.email_ranges) + "*+")
        # Fast paths for the §3.5.1 loop: runs of Include (or Soft) characters that
        # cannot start any initiator, terminator or ClearStackOpen sequence.
        syntax = {ord(c) for c in SYNTAX_START_CHARS}

        def without_syntax(value: int) -> str:
            ranges = []
            for lo, hi in d.term_ranges[value]:
                start = lo
                for s in sorted(c for c in syntax if lo <= c <= hi):
                    if start <= s - 1:
                        ranges.append((start, s - 1))
                    start = s + 1
                if start <= hi:
                    ranges.append((start, hi))
            return regex_class(ranges)

        self.include_run: Any = regex.compile(without_syntax(INCLUDE) + "++")
        self.soft_run: Any = regex.compile(without_syntax(SOFT) + "++")
        self.hard: Any = regex.compile(regex_class(d.term_ranges[HARD]))


@lru_cache(maxsize=1)
def patterns() -> _Patterns:
    """The compiled patterns (built on first use)."""
    return _Patterns()
