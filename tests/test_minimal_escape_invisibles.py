"""Issue 22 item 5 (core): ``minimal_escape``, ``format_parts`` and ``uts58 format`` never
output a raw Bidi_Control or default-ignorable character unless asked to
(``raw_invisibles=True``, the bare §4.1 algorithm)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from uts58_icu import format_parts, minimal_escape
from uts58_icu._icu import unicode_set_ranges
from uts58_icu.cli import main
from uts58_icu.core.properties import regex_class

BIDI = re.compile(regex_class(unicode_set_ranges(r"[:Bidi_Control:]")))
# Every default-ignorable but those display keeps raw inside a glyph sequence (ZWJ, ZWNJ,
# VS15/16 and tags: emoji sequences, CONTEXTJ joiners), which tests/test_security.py covers.
SHOWN = re.compile(regex_class(unicode_set_ranges(
    r"[[[:Default_Ignorable_Code_Point:][:Bidi_Control:]]-[\u200C\u200D\uFE0E\uFE0F\U000E0020-\U000E007F]]"
)))
INVISIBLES = [chr(c) for lo, hi in unicode_set_ranges(r"[[:Bidi_Control:][:Default_Ignorable_Code_Point:]]")
              for c in range(lo, min(hi, lo + 40) + 1)]


def test_issue22_item5_reproducer() -> None:
    assert minimal_escape("http://a.com/%E2%80%AEgpj.exe") == "http://a.com/%E2%80%AEgpj.exe"
    assert minimal_escape("http://a.com/\u202egpj.exe") == "http://a.com/%E2%80%AEgpj.exe"
    # the bare §4.1 result, on request
    assert minimal_escape("http://a.com/%E2%80%AEgpj.exe", raw_invisibles=True) == "http://a.com/\u202egpj.exe"
    assert format_parts("https", "a.com", ["\u202egpj.exe"]) == "https://a.com/%E2%80%AEgpj.exe"
    assert format_parts("https", "a.com", ["\u202egpj.exe"], raw_invisibles=True) == "https://a.com/\u202egpj.exe"
    with pytest.raises(TypeError):
        minimal_escape("a.com", raw_invisibles="yes")  # type: ignore[arg-type]


def test_glyph_sequences_stay() -> None:
    family = "\U0001F468\u200d\U0001F469"
    assert minimal_escape(f"https://a.com/{family}") == f"https://a.com/{family}"


def test_format_command_is_safe(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["format", "-e", "http://a.com/%E2%80%AEgpj.exe", "-e", "http://a.com/x\u2066y\u00adz"]) == 0
    out = capsys.readouterr().out
    assert out == "http://a.com/%E2%80%AEgpj.exe\nhttp://a.com/x%E2%81%A6y%C2%ADz\n"


def _escaped(c: str) -> str:
    return "".join(f"%{b:02X}" for b in c.encode("utf-8"))


@given(
    st.lists(
        st.sampled_from(["https://", "a.com", "/", "?", "q=", "#", "x", "é", "%20", ".", "Ω"])
        | st.sampled_from(INVISIBLES)
        | st.sampled_from(INVISIBLES).map(_escaped),
        max_size=10,
    ).map("".join)
)
def test_minimal_escape_never_shows_invisibles(text: str) -> None:
    out = minimal_escape(text)
    assert not SHOWN.search(out), (text, out)
    assert not BIDI.search(out), (text, out)
    assert minimal_escape(out) == out
    assert not BIDI.search(minimal_escape(text, legacy_encoding=True))
