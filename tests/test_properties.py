"""Link_Term, Link_Bracket and Link_Email derived from ICU, cross-checked with Unicode's files."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
import regex

import uts58_icu
from uts58_icu import (
    UNICODE_VERSION,
    LinkTerm,
    link_bracket,
    link_bracket_map,
    link_email,
    link_email_ranges,
    link_term,
    link_term_ranges,
)
from uts58_icu._icu import unicode_set_ranges
from uts58_icu.data import published_version
from uts58_icu.core.properties import regex_class
from uts58_icu.unicode_files import (
    read_link_bracket,
    read_link_email,
    read_link_term,
    write_property_files,
)

# Property changes between an older ICU's Unicode and the published 17.0.0 files, for
# code points assigned in both: {code point: (Unicode version that made the change, why)}.
# On Unicode V, the entries changed after V are expected to differ, and must (so the
# table cannot hide anything): on 15.0 all of them, on 16.0 none (measured: ICU 77 differs
# from the 17.0.0 files only at the 4,803 / 4,699 code points first assigned in 17.0).
DRIFT_LINK_TERM: dict[int, tuple[str, str]] = {
    0x0836: ("16.0", "SAMARITAN ABBREVIATION MARK lost Terminal_Punctuation"),
    0x2024: ("16.0", "ONE DOT LEADER gained Terminal_Punctuation"),
    0x2CF9: ("16.0", "COPTIC OLD NUBIAN FULL STOP gained Terminal_Punctuation"),
    0x2CFA: ("16.0", "COPTIC OLD NUBIAN DIRECT QUESTION MARK gained Terminal_Punctuation"),
    0x2CFB: ("16.0", "COPTIC OLD NUBIAN INDIRECT QUESTION MARK gained Terminal_Punctuation"),
    0xFE12: ("16.0", "PRESENTATION FORM FOR VERTICAL IDEOGRAPHIC FULL STOP gained Terminal_Punctuation"),
    0xFE15: ("16.0", "PRESENTATION FORM FOR VERTICAL EXCLAMATION MARK gained Terminal_Punctuation"),
    0xFE16: ("16.0", "PRESENTATION FORM FOR VERTICAL QUESTION MARK gained Terminal_Punctuation"),
}
DRIFT_LINK_EMAIL: dict[int, tuple[str, str]] = {
    0x200C: ("15.1", "ZERO WIDTH NON-JOINER added to XID_Continue"),
    0x200D: ("15.1", "ZERO WIDTH JOINER added to XID_Continue"),
    0x30FB: ("15.1", "KATAKANA MIDDLE DOT added to XID_Continue"),
    0xFF65: ("15.1", "HALFWIDTH KATAKANA MIDDLE DOT added to XID_Continue"),
}
DRIFT_LINK_BRACKET: dict[int, tuple[str, str]] = {}

EXACT = published_version(UNICODE_VERSION) is not None


def _version(v: str) -> tuple[int, ...]:
    return tuple(int(x) for x in v.split("."))


def expected_drift(table: dict[int, tuple[str, str]], unicode_version: str) -> dict[int, str]:
    """The entries of ``table`` for changes made after ``unicode_version``."""
    return {
        cp: f"{why} in {changed}"
        for cp, (changed, why) in table.items()
        if _version(changed) > _version(unicode_version)
    }


def test_expected_drift_by_version() -> None:
    assert len(expected_drift(DRIFT_LINK_TERM, "15.0")) == 8
    assert len(expected_drift(DRIFT_LINK_EMAIL, "15.0")) == 4
    assert expected_drift(DRIFT_LINK_TERM, "16.0") == {}
    assert expected_drift(DRIFT_LINK_EMAIL, "16.0") == {}
    assert len(expected_drift(DRIFT_LINK_EMAIL, "15.1")) == 0
    assert expected_drift(DRIFT_LINK_TERM, "17.0") == {}


def _assigned() -> set[int]:
    out: set[int] = set()
    for lo, hi in unicode_set_ranges(r"[^\p{Cn}]"):
        out.update(range(lo, hi + 1))
    return out


def _check(differences: dict[int, str], table: dict[int, tuple[str, str]], what: str) -> None:
    if EXACT:
        assert differences == {}, f"{what}: {len(differences)} differences from the published file"
        return
    drift = expected_drift(table, UNICODE_VERSION)
    assigned = _assigned()
    unexplained = {
        f"U+{cp:04X}": d for cp, d in differences.items() if cp in assigned and cp not in drift
    }
    assert unexplained == {}, f"{what}: differences not explained by the drift table"
    # The drift table must not hide anything: each expected entry is a real difference here.
    stale = [f"U+{cp:04X}" for cp in drift if cp not in differences]
    assert stale == [], f"{what}: drift entries that no longer differ on Unicode {UNICODE_VERSION}"


def test_link_term_matches_published(published: Callable[[str], Path]) -> None:
    expected = read_link_term(published("LinkTerm.txt"))
    differences = {
        cp: f"ours={link_term(cp).value} published={expected[cp]}"
        for cp in range(0x110000)
        if link_term(cp).value != expected[cp]
    }
    _check(differences, DRIFT_LINK_TERM, "Link_Term")


def test_link_bracket_matches_published(published: Callable[[str], Path]) -> None:
    expected = read_link_bracket(published("LinkBracket.txt"))
    ours = {ord(k): ord(v) for k, v in link_bracket_map().items()}
    differences = {
        cp: f"ours={ours.get(cp)} published={expected.get(cp)}"
        for cp in set(expected) | set(ours)
        if ours.get(cp) != expected.get(cp)
    }
    _check(differences, DRIFT_LINK_BRACKET, "Link_Bracket")
    for cp in range(0x110000):  # only Close characters map, and all of them do
        assert (link_bracket(cp) is not None) == (link_term(cp) is LinkTerm.CLOSE)


def test_link_email_matches_published(published: Callable[[str], Path]) -> None:
    expected = read_link_email(published("LinkEmail.txt"))
    differences = {
        cp: f"ours={link_email(cp)}" for cp in range(0x110000) if link_email(cp) != (cp in expected)
    }
    _check(differences, DRIFT_LINK_EMAIL, "Link_Email")


def test_written_files_round_trip(tmp_path: Path) -> None:
    write_property_files(tmp_path)
    term = read_link_term(tmp_path / "LinkTerm.txt")
    assert all(term[cp] == link_term(cp).value for cp in range(0x110000))
    assert read_link_bracket(tmp_path / "LinkBracket.txt") == {
        ord(k): ord(v) for k, v in link_bracket_map().items()
    }
    email = read_link_email(tmp_path / "LinkEmail.txt")
    assert all((cp in email) == link_email(cp) for cp in range(0x110000))


@pytest.mark.parametrize(
    ("ch", "value"),
    [("?", "Soft"), (".", "Soft"), (" ", "Hard"), ("(", "Open"), (")", "Close"),
     ("<", "Open"), (">", "Close"), ("a", "Include"), ("/", "Include"), ("\u2329", "Hard"),
     ("\ud800", "Hard"), ("\x00", "Hard"), ("\u0378", "Hard"), ("»", "Soft")],
)
def test_link_term_values(ch: str, value: str) -> None:
    assert link_term(ch) == value
    assert link_term(ord(ch)) is LinkTerm(value)
    assert str(link_term(ch)) == value


def test_link_bracket_values() -> None:
    assert link_bracket("}") == "{"
    assert link_bracket(">") == "<"
    assert link_bracket(0x0F3B) == "\u0f3a"
    assert link_bracket("(") is None
    assert link_bracket("\u232a") is None  # deprecated, so Hard, so no bracket


def test_link_email_values() -> None:
    assert link_email("σ") and link_email(".") and link_email("/") and link_email("+")
    assert not link_email("@") and not link_email(" ") and not link_email(":")


@pytest.mark.parametrize("func", [link_term, link_bracket, link_email])
def test_bad_arguments(func: Callable[[object], object]) -> None:
    with pytest.raises(TypeError, match="ch must be"):
        func(1.5)
    with pytest.raises(TypeError, match="ch must be"):
        func(None)
    with pytest.raises(TypeError, match="ch must be"):
        func(True)
    with pytest.raises(ValueError, match="exactly one code point"):
        func("ab")
    with pytest.raises(ValueError, match="exactly one code point"):
        func("")
    with pytest.raises(ValueError, match="0..0x10FFFF"):
        func(0x110000)
    with pytest.raises(ValueError, match="0..0x10FFFF"):
        func(-1)


def test_ranges_partition_the_code_space() -> None:
    seen = 0
    for value in ("Include", "Hard", "Soft", "Open", "Close"):
        for lo, hi in link_term_ranges(value):
            assert all(link_term(cp) == value for cp in (lo, hi, (lo + hi) // 2))
            seen += hi - lo + 1
    assert seen == 0x110000
    assert link_term_ranges("soft") == link_term_ranges("Soft")
    with pytest.raises(ValueError, match="Include"):
        link_term_ranges("Medium")
    with pytest.raises(TypeError):
        link_term_ranges(3)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", ["Include", "Hard", "Soft", "Open", "Close"])
def test_regex_class_matches_ranges(value: str) -> None:
    cls = regex.compile(regex_class(link_term_ranges(value)))
    for cp in (0, 0x20, 0x28, 0x29, 0x2E, 0x3F, 0x61, 0xD800, 0xDFFF, 0xFFFF, 0x1F600, 0x10FFFF):
        assert bool(cls.fullmatch(chr(cp))) == (link_term(cp) == value), hex(cp)
    email = regex.compile(regex_class(link_email_ranges()))
    assert email.fullmatch("σ") and not email.fullmatch("@")


def test_versions() -> None:
    assert regex.fullmatch(r"\d+\.\d+", uts58_icu.UNICODE_VERSION)
    assert regex.fullmatch(r"\d+\.\d+(\.\d+)*", uts58_icu.ICU_VERSION)


def _run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "uts58_icu", *args],
        input=stdin, capture_output=True, text=True, encoding="utf-8", timeout=120,
    )


def test_cli_props() -> None:
    out = _run("props", "?", "U+0029", "α")
    assert out.returncode == 0, out.stderr
    rows = out.stdout.splitlines()
    assert rows[0].split("\t")[:3] == ["U+003F", "QUESTION MARK", "Link_Term=Soft"]
    assert "Link_Bracket=U+0028" in rows[1]
    assert rows[2].endswith("Link_Email=Yes")
    bad = _run("props", "ab")
    assert bad.returncode == 2 and "U+XXXX" in bad.stderr


def test_cli_props_write(tmp_path: Path) -> None:
    out = _run("props", "--write", str(tmp_path))
    assert out.returncode == 0, out.stderr
    assert (tmp_path / "LinkTerm.txt").read_text(encoding="utf-8").count("@missing") == 1


def test_cli_version() -> None:
    out = _run("--version")
    assert f"Unicode {UNICODE_VERSION}" in out.stdout and "ICU" in out.stdout


def test_import_without_icu_explains_both_installs() -> None:
    code = "import sys; sys.modules['icu'] = None\nimport uts58_icu"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode != 0
    assert "ImportError" in out.stderr
    assert "uts58-icu[bundled]" in out.stderr and "uts58-icu[system]" in out.stderr


def _data_line_span(line: str) -> tuple[int, int] | None:
    field = line.split(";")[0].split("#")[0].strip()
    if not field or line.startswith("#"):
        return None
    lo, _, hi = field.partition("..")
    return int(lo, 16), int(hi or lo, 16)


def _age_of_line(line: str) -> str:
    return line.split("#", 1)[1].split()[0]


@pytest.mark.parametrize("name", ["LinkTerm.txt", "LinkBracket.txt", "LinkEmail.txt"])
def test_props_write_matches_the_published_layout(
    tmp_path: Path, published: Callable[[str], Path], name: str
) -> None:
    """``uts58 props --write`` then ``diff``: only the header's date and copyright lines
    differ on ICU 78. On an older Unicode V, a line differs only where the value of one of
    its code points, or of a neighbour, drifted (the tables above; a neighbour's change
    splits or joins ranges), or where it lists characters new after V."""
    out = _run("props", "--write", str(tmp_path))
    assert out.returncode == 0, out.stderr
    ours = (tmp_path / name).read_text(encoding="utf-8").split("\n")
    theirs = published(name).read_text(encoding="utf-8").split("\n")
    assert ours[0] == theirs[0] == f"# {name}"
    if EXACT:
        diff = [(i + 1, a, b) for i, (a, b) in enumerate(zip(ours, theirs)) if a != b]
        assert len(ours) == len(theirs)
        assert [i for i, _, _ in diff] == [2, 3, 4, 5], diff[:5]  # Date, ©, trademark, terms
        return
    # Older Unicode: the layout of every range whose values did not change is the same.
    drift = set()
    for table in (DRIFT_LINK_TERM, DRIFT_LINK_EMAIL, DRIFT_LINK_BRACKET):
        drift |= set(expected_drift(table, UNICODE_VERSION))
    assert ours[5:30] == theirs[5:30]  # the rest of the header
    ours_data = {line for line in ours if _data_line_span(line)}
    theirs_data = {line for line in theirs if _data_line_span(line)}
    for line in ours_data - theirs_data:
        lo, hi = _data_line_span(line) or (0, -1)
        assert any(lo - 1 <= cp <= hi + 1 for cp in drift), f"differs without drift: {line}"
    newer = 0
    for line in theirs_data - ours_data:
        lo, hi = _data_line_span(line) or (0, -1)
        if _version(_age_of_line(line)) > _version(UNICODE_VERSION):
            newer += 1
            continue
        assert any(lo - 1 <= cp <= hi + 1 for cp in drift), f"published line missing without drift: {line}"
    assert len(ours_data & theirs_data) > 0.8 * len(theirs_data)
