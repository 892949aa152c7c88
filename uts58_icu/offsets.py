"""Converting code point offsets (Python ``str`` indices) to UTF-16 and UTF-8 offsets.

:func:`uts58_icu.find_links` reports offsets in code points, the unit of Python
strings. JavaScript, Java, ICU, Windows and the DOM count UTF-16 code units; Rust,
Go, C and byte buffers count UTF-8 bytes. These helpers convert between them.

Lone surrogates (a ``str`` may hold U+D800..U+DFFF one at a time, e.g. after
``'surrogateescape'`` decoding) are counted as Python's ``'surrogatepass'`` error
handler encodes them: **1** UTF-16 code unit and **3** UTF-8 bytes each. A pair of
surrogates stored as two separate code points therefore counts 2 units / 6 bytes,
not the 2 units / 4 bytes of the astral character they would combine into.

For one conversion, :func:`utf16_offsets` and :func:`utf8_offsets` encode the prefix
(linear time). For many, build an :class:`OffsetConverter` once (linear time), then
each conversion is a binary search over the positions of the wider characters.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right

from ._args import check_span, require_int, require_str

__all__ = ["OffsetConverter", "utf16_offsets", "utf8_offsets"]

_NON_ASCII = re.compile(r"[^\x00-\x7f]")
_ASTRAL = re.compile(r"[\U00010000-\U0010ffff]")


def _utf16_len(s: str) -> int:
    return len(s) + len(_ASTRAL.findall(s))


def _utf8_len(s: str) -> int:
    return len(s.encode("utf-8", "surrogatepass"))


def utf16_offsets(text: str, start: int, end: int) -> tuple[int, int]:
    """``(start, end)`` in code points → the same span in UTF-16 code units.

    >>> utf16_offsets("😎 example.com", 2, 13)
    (3, 14)
    """
    check_span(text, start, end)
    s16 = _utf16_len(text[:start])
    return s16, s16 + _utf16_len(text[start:end])


def utf8_offsets(text: str, start: int, end: int) -> tuple[int, int]:
    """``(start, end)`` in code points → the same span in UTF-8 bytes.

    >>> utf8_offsets("😎 example.com", 2, 13)
    (5, 16)
    """
    check_span(text, start, end)
    s8 = _utf8_len(text[:start])
    return s8, s8 + _utf8_len(text[start:end])


def _utf8_extra(ch: str) -> int:
    cp = ord(ch)
    return 1 if cp < 0x800 else 2 if cp < 0x10000 else 3


class _Table:
    """Positions of the characters wider than 1 unit, with cumulative extra widths."""

    __slots__ = ("positions", "starts", "widths", "cum")

    def __init__(self, items: list[tuple[int, int]]) -> None:
        # items: (code point index, extra units) for each wide character, in order
        self.positions = [p for p, _ in items]
        self.cum = [0]  # cum[k]: extra units of the first k wide characters
        self.starts: list[int] = []  # encoded offset where each wide character starts
        self.widths: list[int] = []
        for p, extra in items:
            self.starts.append(p + self.cum[-1])
            self.widths.append(1 + extra)
            self.cum.append(self.cum[-1] + extra)

    def encode(self, i: int) -> int:
        return i + self.cum[bisect_left(self.positions, i)]

    def decode(self, x: int, unit: str) -> int:
        j = bisect_right(self.starts, x)
        if j and x < self.starts[j - 1] + self.widths[j - 1]:
            if x == self.starts[j - 1]:
                return self.positions[j - 1]
            raise ValueError(f"{unit} offset {x} is inside a character")
        return x - self.cum[j]


class OffsetConverter:
    """Precomputed offset conversions for one text (built in linear time).

    >>> conv = OffsetConverter("𝑺 see 𠀀.com")
    >>> conv.utf16(6), conv.utf8(6)
    (7, 9)
    >>> conv.from_utf16(7), conv.from_utf8(9)
    (6, 6)
    """

    __slots__ = ("text", "_u16", "_u8")

    def __init__(self, text: str) -> None:
        require_str(text, "text")
        self.text = text
        wide = [(m.start(), _utf8_extra(m.group())) for m in _NON_ASCII.finditer(text)]
        self._u8 = _Table(wide)
        self._u16 = _Table([(p, 1) for p, extra in wide if extra == 3])

    def _index(self, i: object) -> int:
        i = require_int(i, "offset")
        if not 0 <= i <= len(self.text):
            raise ValueError(f"offset must be in 0..{len(self.text)}, got {i}")
        return i

    def _encoded(self, x: object, total: int) -> int:
        x = require_int(x, "offset")
        if not 0 <= x <= total:
            raise ValueError(f"offset must be in 0..{total}, got {x}")
        return x

    @property
    def utf16_length(self) -> int:
        """Length of the text in UTF-16 code units."""
        return self._u16.encode(len(self.text))

    @property
    def utf8_length(self) -> int:
        """Length of the text in UTF-8 bytes (surrogatepass)."""
        return self._u8.encode(len(self.text))

    def utf16(self, i: int) -> int:
        """Code point offset ``i`` → UTF-16 code unit offset."""
        return self._u16.encode(self._index(i))

    def utf8(self, i: int) -> int:
        """Code point offset ``i`` → UTF-8 byte offset."""
        return self._u8.encode(self._index(i))

    def utf16_span(self, start: int, end: int) -> tuple[int, int]:
        """A code point span → UTF-16 code unit span."""
        check_span(self.text, start, end)
        return self._u16.encode(start), self._u16.encode(end)

    def utf8_span(self, start: int, end: int) -> tuple[int, int]:
        """A code point span → UTF-8 byte span."""
        check_span(self.text, start, end)
        return self._u8.encode(start), self._u8.encode(end)

    def from_utf16(self, x: int) -> int:
        """UTF-16 code unit offset → code point offset (``ValueError`` inside a pair)."""
        return self._u16.decode(self._encoded(x, self.utf16_length), "UTF-16")

    def from_utf8(self, x: int) -> int:
        """UTF-8 byte offset → code point offset (``ValueError`` inside a sequence)."""
        return self._u8.decode(self._encoded(x, self.utf8_length), "UTF-8")
