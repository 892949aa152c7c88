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
each conversion is a binary search over checkpoints every 256 code points, then
at most 256 code points re-encoded; its memory is 16 bytes per 256 code points.
"""

from __future__ import annotations

from bisect import bisect_right

from ._args import check_span, require_int, require_str

__all__ = ["OffsetConverter", "utf16_offsets", "utf8_offsets"]

def _utf16_len(s: str) -> int:
    return len(s.encode("utf-16-le", "surrogatepass")) // 2


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


#: Code points per checkpoint of :class:`OffsetConverter` (memory: 16 bytes per block).
_BLOCK = 256


class _Table:
    """Encoded offsets every ``_BLOCK`` code points; within a block, the block is re-encoded.

    Memory is ``len(text) / _BLOCK`` integers whatever the text (issue 9 item 13:
    a table entry per wide character took +880 MB on 10 MB of emoji).
    """

    __slots__ = ("codec", "divisor", "marks", "text")

    def __init__(self, text: str, codec: str, divisor: int) -> None:
        from array import array

        self.text, self.codec, self.divisor = text, codec, divisor
        self.marks = array("q", [0])  # marks[k]: encoded offset of code point k * _BLOCK
        total = 0
        for k in range(0, len(text), _BLOCK):
            total += self._width(text[k : k + _BLOCK])
            self.marks.append(total)

    def _width(self, s: str) -> int:
        return len(s.encode(self.codec, "surrogatepass")) // self.divisor

    def encode(self, i: int) -> int:
        k = i // _BLOCK
        return self.marks[k] + self._width(self.text[k * _BLOCK : i])

    def decode(self, x: int, unit: str) -> int:
        # marks[-1] is the total, not the start of a block
        k = max(bisect_right(self.marks, x, 0, len(self.marks) - 1) - 1, 0)
        i, pos = k * _BLOCK, self.marks[k]
        while pos < x:
            pos += self._width(self.text[i])
            i += 1
        if pos != x:
            raise ValueError(f"{unit} offset {x} is inside a character")
        return i


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
        self._u8 = _Table(text, "utf-8", 1)
        self._u16 = _Table(text, "utf-16-le", 2)

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
