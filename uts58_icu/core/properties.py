"""The three UTS #58 character properties, derived from ICU (§3.4, §5.1, §6.1).

Each property value is computed once, from the UnicodeSet expressions of §6.1
evaluated by the ICU in use, into:

* a 0x110000-entry byte table for O(1) per-character lookup, and
* inclusive code point ranges, from which character classes for the
  ``regex`` module are built (never the ``regex`` module's own ``\\p{…}``,
  whose Unicode version can differ from ICU's).

Precedence follows the published data files: Hard wins over every other value
(e.g. U+2329 is deprecated, so Hard, although it is a paired bracket), then
Soft, then Open/Close; Include is everything else (§6.1 "All other code points").
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from functools import lru_cache
from types import MappingProxyType
from typing import Union

from .._icu import Ranges, bidi_paired_bracket, unicode_set_ranges

__all__ = [
    "LINK_EMAIL_ASCII",
    "LINK_EMAIL_NON_ASCII",
    "LINK_TERM_CLOSE",
    "LINK_TERM_HARD",
    "LINK_TERM_OPEN",
    "LINK_TERM_SOFT",
    "LinkTerm",
    "CodePoint",
    "link_bracket",
    "link_bracket_map",
    "link_email",
    "link_email_ranges",
    "link_term",
    "link_term_ranges",
    "regex_class",
]

# §6.1 Link_Term=Hard: whitespace, noncharacters, controls/private-use/surrogates/
# unassigned ([\p{C}-\p{Cf}]) and deprecated characters.
LINK_TERM_HARD = r"[\p{whitespace}\p{NChar}[\p{C}-\p{Cf}]\p{deprecated}]"
# §6.1 Link_Term=Soft: termination characters and ambiguous quotation marks.
LINK_TERM_SOFT = r"[\p{Term}\p{lb=qu}]"
# §6.1 Link_Term=Open: Bidi_Paired_Bracket_Type=Open, plus "<".
LINK_TERM_OPEN = r"[\p{Bidi_Paired_Bracket_Type=Open}<]"
# §6.1 Link_Term=Close: Bidi_Paired_Bracket_Type=Close, plus ">".
LINK_TERM_CLOSE = r"[\p{Bidi_Paired_Bracket_Type=Close}>]"
# §6.1 Link_Email, ASCII range: RFC 5322 §3.2.3 atext, plus "." which the
# published LinkEmail.txt includes (the dot rules themselves are in §5.2).
LINK_EMAIL_ASCII = r"[a-zA-Z0-9_\-!?'\{\}*/\&#%`\^+=|~\$.]"
# §6.1 Link_Email, outside ASCII: UAX #31 identifier continue characters.
LINK_EMAIL_NON_ASCII = r"[\p{XID_Continue}-\p{ASCII}]"


class LinkTerm(str, enum.Enum):
    """Values of the Link_Term property (§3.4.1, Table 3-2)."""

    INCLUDE = "Include"
    HARD = "Hard"
    SOFT = "Soft"
    OPEN = "Open"
    CLOSE = "Close"

    def __str__(self) -> str:
        return self.value


# Small ints used in the lookup table; index into _VALUES.
INCLUDE, HARD, SOFT, OPEN, CLOSE = range(5)
_VALUES = (LinkTerm.INCLUDE, LinkTerm.HARD, LinkTerm.SOFT, LinkTerm.OPEN, LinkTerm.CLOSE)
_NAMES = {v.value.lower(): i for i, v in enumerate(_VALUES)}

CodePoint = Union[str, int]
_MAX = 0x110000


class _Derived:
    """All property data, derived once from ICU."""

    def __init__(self) -> None:
        # The table: each §6.1 expression evaluated once by ICU and written over the ones it
        # takes precedence over (Open, Close, then Soft, then Hard; Include is the rest, 0),
        # which gives the values of the ranges below without evaluating Hard five times
        # and Soft four (issue 19: the start-up of `uts58 detect`; tests/test_startup.py).
        table = bytearray(_MAX)  # INCLUDE == 0 everywhere, so its ranges need no writing
        for value, expr in ((OPEN, LINK_TERM_OPEN), (CLOSE, LINK_TERM_CLOSE), (SOFT, LINK_TERM_SOFT),
                            (HARD, LINK_TERM_HARD)):  # fmt: skip
            fill = bytes([value])
            for lo, hi in unicode_set_ranges(expr):
                table[lo : hi + 1] = fill * (hi - lo + 1)
        self.table = bytes(table)
        self._term_ranges: dict[int, Ranges] | None = None

        # §6.1 Link_Bracket: Bidi_Paired_Bracket of Bidi_Paired_Bracket_Type=Close
        # characters, plus ">" -> "<"; only for characters whose Link_Term is Close.
        brackets: dict[int, int] = {}
        for lo, hi in unicode_set_ranges(r"[\p{Bidi_Paired_Bracket_Type=Close}]"):
            for cp in range(lo, hi + 1):
                if self.table[cp] == CLOSE:
                    brackets[cp] = bidi_paired_bracket(cp)
        brackets[ord(">")] = ord("<")
        self.brackets: Mapping[int, int] = MappingProxyType(brackets)

        email = bytearray(_MAX)
        self.email_ranges = _merge(
            unicode_set_ranges(LINK_EMAIL_ASCII) + unicode_set_ranges(LINK_EMAIL_NON_ASCII)
        )
        for lo, hi in self.email_ranges:
            email[lo : hi + 1] = b"\x01" * (hi - lo + 1)
        self.email = bytes(email)

    @property
    def term_ranges(self) -> dict[int, Ranges]:
        """Each Link_Term value's code points, as ranges (derived on first use: the compiled
        core needs only the table). Precedence by set algebra; Include is the rest."""
        ranges = self._term_ranges
        if ranges is None:
            ranges = self._term_ranges = {
                HARD: unicode_set_ranges(LINK_TERM_HARD),
                SOFT: unicode_set_ranges(f"[{LINK_TERM_SOFT}-{LINK_TERM_HARD}]"),
                OPEN: unicode_set_ranges(f"[{LINK_TERM_OPEN}-[{LINK_TERM_HARD}{LINK_TERM_SOFT}]]"),
                CLOSE: unicode_set_ranges(f"[{LINK_TERM_CLOSE}-[{LINK_TERM_HARD}{LINK_TERM_SOFT}]]"),
                INCLUDE: unicode_set_ranges(
                    f"[^{LINK_TERM_HARD}{LINK_TERM_SOFT}{LINK_TERM_OPEN}{LINK_TERM_CLOSE}]"
                ),
            }
        return ranges


def _merge(ranges: Iterable[tuple[int, int]]) -> Ranges:
    out: list[list[int]] = []
    for lo, hi in sorted(ranges):
        if out and lo <= out[-1][1] + 1:
            out[-1][1] = max(out[-1][1], hi)
        else:
            out.append([lo, hi])
    return tuple((a, b) for a, b in out)


@lru_cache(maxsize=1)
def derived() -> _Derived:
    """The derived property data (computed on first use, then shared)."""
    return _Derived()


def _code_point(ch: object, param: str = "ch") -> int:
    if isinstance(ch, bool):
        raise TypeError(f"{param} must be a one-code-point str or an int code point, not bool")
    if isinstance(ch, int):
        if not 0 <= ch < _MAX:
            raise ValueError(f"{param} must be a code point in 0..0x10FFFF, got {ch:#x}")
        return ch
    if isinstance(ch, str):
        if len(ch) != 1:
            raise ValueError(f"{param} must be exactly one code point, got a str of length {len(ch)}")
        return ord(ch)
    raise TypeError(
        f"{param} must be a one-code-point str or an int code point, not {type(ch).__name__}"
    )


def link_term(ch: CodePoint) -> LinkTerm:
    """The Link_Term value of a character (§3.4.1).

    >>> link_term("?")
    <LinkTerm.SOFT: 'Soft'>
    >>> link_term("?") == "Soft"
    True
    """
    return _VALUES[derived().table[_code_point(ch)]]


def link_bracket(ch: CodePoint) -> str | None:
    """The Link_Bracket value (§3.4.2): the Open character a Close character pairs with.

    >>> link_bracket("}")
    '{'
    >>> link_bracket("a") is None
    True
    """
    cp = derived().brackets.get(_code_point(ch))
    return None if cp is None else chr(cp)


def link_email(ch: CodePoint) -> bool:
    """Whether the character has Link_Email=Yes (§5.1)."""
    return derived().email[_code_point(ch)] == 1


def link_term_ranges(value: str) -> Ranges:
    """All code points with the given Link_Term value, as inclusive ``(first, last)`` ranges."""
    if not isinstance(value, str):
        raise TypeError(f"value must be a Link_Term value name (str), not {type(value).__name__}")
    key = _NAMES.get(value.lower())
    if key is None:
        raise ValueError(
            f"value must be one of {', '.join(v.value for v in _VALUES)}; got {value!r}"
        )
    return derived().term_ranges[key]


def link_email_ranges() -> Ranges:
    """All code points with Link_Email=Yes, as inclusive ``(first, last)`` ranges."""
    return derived().email_ranges


def link_bracket_map() -> Mapping[str, str]:
    """The whole Link_Bracket mapping, Close character -> Open character."""
    return {chr(k): chr(v) for k, v in derived().brackets.items()}


def _esc(cp: int) -> str:
    return f"\\u{cp:04X}" if cp <= 0xFFFF else f"\\U{cp:08X}"


def regex_class(ranges: Iterable[tuple[int, int]], *, negate: bool = False) -> str:
    """A character class for the ``regex`` module matching exactly ``ranges``."""
    body = "".join(_esc(lo) if lo == hi else f"{_esc(lo)}-{_esc(hi)}" for lo, hi in ranges)
    if not body:
        return "[^\\u0000-\\U0010FFFF]" if not negate else "[\\u0000-\\U0010FFFF]"
    return f"[{'^' if negate else ''}{body}]"
