"""Code point ↔ UTF-16 / UTF-8 offsets (uts58_icu.offsets)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from uts58_icu import find_links
from uts58_icu.offsets import OffsetConverter, utf8_offsets, utf16_offsets

ASTRAL = "😎 see 𝑺𝑺.example.com/𠀀𠀁?q=🎉 and é.com/ü — 𠀀@example.com!"


def _u16(text: str, i: int) -> int:
    return len(text[:i].encode("utf-16-le", "surrogatepass")) // 2


def _u8(text: str, i: int) -> int:
    return len(text[:i].encode("utf-8", "surrogatepass"))


def test_links_in_astral_text_slice_back() -> None:
    links = find_links(ASTRAL)
    assert links, "expected links in the sample"
    b16 = ASTRAL.encode("utf-16-le")
    b8 = ASTRAL.encode("utf-8")
    conv = OffsetConverter(ASTRAL)
    for link in links:
        s16, e16 = utf16_offsets(ASTRAL, link.start, link.end)
        s8, e8 = utf8_offsets(ASTRAL, link.start, link.end)
        assert b16[2 * s16 : 2 * e16].decode("utf-16-le") == link.text
        assert b8[s8:e8].decode("utf-8") == link.text
        assert conv.utf16_span(link.start, link.end) == (s16, e16)
        assert conv.utf8_span(link.start, link.end) == (s8, e8)
        assert conv.from_utf16(s16) == link.start and conv.from_utf8(e8) == link.end


def test_every_offset_of_astral_text() -> None:
    conv = OffsetConverter(ASTRAL)
    assert conv.utf16_length == len(ASTRAL.encode("utf-16-le")) // 2
    assert conv.utf8_length == len(ASTRAL.encode("utf-8"))
    for i in range(len(ASTRAL) + 1):
        assert conv.utf16(i) == _u16(ASTRAL, i) == utf16_offsets(ASTRAL, i, i)[0]
        assert conv.utf8(i) == _u8(ASTRAL, i) == utf8_offsets(ASTRAL, 0, i)[1]
        assert conv.from_utf16(conv.utf16(i)) == i
        assert conv.from_utf8(conv.utf8(i)) == i


def test_known_values() -> None:
    text = "𝑺x😎y𠀀z"
    assert utf16_offsets(text, 1, 2) == (2, 3)
    assert utf16_offsets(text, 3, 6) == (5, 9)
    assert utf8_offsets(text, 1, 2) == (4, 5)
    assert utf8_offsets(text, 3, 6) == (9, 15)
    assert utf8_offsets("aé€😎", 0, 4) == (0, 10)
    assert utf16_offsets("", 0, 0) == (0, 0)


def test_inside_a_character_is_rejected() -> None:
    conv = OffsetConverter("a😎b")
    assert conv.from_utf16(1) == 1 and conv.from_utf16(3) == 2
    with pytest.raises(ValueError, match="inside"):
        conv.from_utf16(2)
    for x in (2, 3, 4):
        with pytest.raises(ValueError, match="inside"):
            conv.from_utf8(x)
    assert conv.from_utf8(5) == 2


def test_lone_surrogates_count_as_surrogatepass() -> None:
    text = "a\ud800b\udfffc\ud83d\ude00"  # the last two: a pair stored as two code points
    conv = OffsetConverter(text)
    for i in range(len(text) + 1):
        assert conv.utf16(i) == i  # each surrogate is 1 UTF-16 code unit
        assert conv.utf8(i) == _u8(text, i)
    assert utf8_offsets(text, 1, 2) == (1, 4)  # 3 bytes
    assert utf8_offsets(text, 5, 7) == (9, 15)  # 6 bytes, not 4
    assert utf16_offsets(text, 5, 7) == (5, 7)


@pytest.mark.parametrize(
    "args, exc",
    [
        ((b"abc", 0, 1), TypeError),
        (("abc", "0", 1), TypeError),
        (("abc", 0, 1.0), TypeError),
        (("abc", True, 1), TypeError),
        (("abc", -1, 1), ValueError),
        (("abc", 2, 1), ValueError),
        (("abc", 0, 4), ValueError),
    ],
)
def test_bad_arguments(args: tuple[object, object, object], exc: type[Exception]) -> None:
    for fn in (utf16_offsets, utf8_offsets):
        with pytest.raises(exc):
            fn(*args)  # type: ignore[arg-type]


def test_converter_bad_arguments() -> None:
    with pytest.raises(TypeError):
        OffsetConverter(b"x")  # type: ignore[arg-type]
    conv = OffsetConverter("a😎")
    with pytest.raises(ValueError):
        conv.utf16(3)
    with pytest.raises(ValueError):
        conv.from_utf16(4)
    with pytest.raises(TypeError):
        conv.utf8("1")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        conv.utf8_span(2, 1)


@given(st.text(), st.data())
def test_matches_encoding(text: str, data: st.DataObject) -> None:
    i = data.draw(st.integers(0, len(text)))
    j = data.draw(st.integers(i, len(text)))
    conv = OffsetConverter(text)
    s16, e16 = utf16_offsets(text, i, j)
    s8, e8 = utf8_offsets(text, i, j)
    assert text.encode("utf-16-le")[2 * s16 : 2 * e16].decode("utf-16-le") == text[i:j]
    assert text.encode("utf-8")[s8:e8].decode("utf-8") == text[i:j]
    assert conv.utf16_span(i, j) == (s16, e16)
    assert conv.utf8_span(i, j) == (s8, e8)
    assert conv.from_utf16(s16) == i and conv.from_utf8(s8) == i
