"""Readers for Unicode's published UTS #58 files (``LinkTerm.txt`` and friends).

Used by the cross-check tests and by ``uts58 props --write`` round trips.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

__all__ = [
    "read_link_bracket",
    "read_link_email",
    "read_link_term",
    "read_missing",
    "write_property_files",
]


def _data_lines(path: Path) -> Iterator[list[str]]:
    with open(path, encoding="utf-8") as f:
        for raw in f:
            line = raw.split("#", 1)[0].strip()
            if line:
                yield [field.strip() for field in line.split(";")]


def _range(field: str) -> range:
    lo, _, hi = field.partition("..")
    return range(int(lo, 16), int(hi or lo, 16) + 1)


def read_missing(path: Path) -> str | None:
    """The value of the file's ``# @missing:`` line, if it has one."""
    with open(path, encoding="utf-8") as f:
        for raw in f:
            if raw.startswith("# @missing:"):
                return raw.split(";", 1)[1].strip()
    return None


def read_link_term(path: Path) -> list[str]:
    """A 0x110000-entry list of Link_Term values (the ``@missing`` value where unlisted)."""
    values = [read_missing(path) or "Hard"] * 0x110000
    for fields in _data_lines(path):
        for cp in _range(fields[0]):
            values[cp] = fields[1]
    return values


def read_link_bracket(path: Path) -> dict[int, int]:
    """Link_Bracket as a mapping from Close code point to Open code point."""
    return {int(f[0], 16): int(f[1], 16) for f in _data_lines(path)}


def read_link_email(path: Path) -> set[int]:
    """The set of code points with Link_Email=Yes."""
    out: set[int] = set()
    for fields in _data_lines(path):
        out.update(_range(fields[0]))
    return out


_SEPARATOR = "# ================================================"
_TR58 = "https://www.unicode.org/reports/tr58/"


def _header(file_name: str, prop: str, fields: list[str], kind: list[str], missing: str | None) -> list[str]:
    """The published files' header, with their date and copyright lines replaced by ours."""
    from . import __version__
    from ._icu import ICU_VERSION, UNICODE_VERSION

    lines = [
        f"# {file_name}",
        f"# Derived by uts58-icu {__version__} from ICU {ICU_VERSION} (Unicode {UNICODE_VERSION})",
        "# with the UnicodeSet expressions of UTS #58 section 6.1.",
        "# Not a Unicode file: compare with https://www.unicode.org/Public/<version>/linkification/",
        "# For Unicode's terms of use, see https://www.unicode.org/terms_of_use.html",
        "# ",
        f"# The usage and stability of these values is covered in {_TR58}",
        "# ",
        _SEPARATOR,
        "# ",
        f"# Property:\t{prop}",
        "# Format",
        "# ",
        *fields,
        f"#          For more information, see {_TR58}#property-data. ",
        "# ",
        f"# For the purpose of regular expressions, the property {prop} is defined as",
        *kind,
        "# ",
        f"#  All code points not explicitly listed for {prop}",
        f"#  have the value {missing or 'No'}.",
        "# ",
    ]
    if missing is not None:
        lines += [f"# @missing: 0000..10FFFF; {missing}", "# "]
    return lines + [_SEPARATOR, "# "]


class _Namer:
    """The ``age [count] (chars)  NAMES`` comments of Unicode's data files."""

    def __init__(self) -> None:
        from ._icu import unicode_set_ranges

        # Shown as U+XXXX rather than raw: format characters and default ignorables.
        self.invisible = _range_set(unicode_set_ranges(r"[\p{Cf}\p{Default_Ignorable_Code_Point}]"))
        self.format_chars = _range_set(unicode_set_ranges(r"[\p{Cf}]"))

    def show(self, cp: int) -> str:
        return f"U+{cp:04X}" if cp in self.invisible else chr(cp)

    def split(self, ranges: tuple[tuple[int, int], ...]) -> list[tuple[int, int]]:
        """Ranges cut where the age changes or a run of format characters (gc=Cf) starts or ends."""
        from ._icu import char_age

        out: list[tuple[int, int]] = []
        for lo, hi in ranges:
            start = lo
            key = (char_age(lo), lo in self.format_chars)
            for cp in range(lo + 1, hi + 1):
                k = (char_age(cp), cp in self.format_chars)
                if k != key:
                    out.append((start, cp - 1))
                    start, key = cp, k
            out.append((start, hi))
        return out

    def comment(self, lo: int, hi: int) -> str:
        from ._icu import char_age, char_name

        count = f"[{hi - lo + 1}]" if hi > lo else ""
        age_count = f"{char_age(lo):<4}{count:>5}"
        if " " not in age_count:
            age_count = f"{char_age(lo)} {count}"
        if hi == lo:
            return f"{age_count} ({self.show(lo)})  {char_name(lo)}"
        return (
            f"{age_count} ({self.show(lo)}..{self.show(hi)})  {char_name(lo)}..{char_name(hi)}"
        )


def _range_set(ranges: tuple[tuple[int, int], ...]) -> set[int]:
    out: set[int] = set()
    for lo, hi in ranges:
        out.update(range(lo, hi + 1))
    return out


def _field(lo: int, hi: int) -> str:
    return f"{lo:04X}" if lo == hi else f"{lo:04X}..{hi:04X}"


def write_property_files(directory: Path) -> list[Path]:
    """Write LinkTerm.txt, LinkBracket.txt and LinkEmail.txt for the ICU in use.

    The layout is that of Unicode's published files — the same range splitting
    (by age, and around format characters), columns, comments and totals — so that
    ``diff`` against them shows only the header lines, plus any property drift.
    """
    from ._icu import char_age, char_name
    from .core.properties import derived, link_term_ranges

    namer = _Namer()
    directory.mkdir(parents=True, exist_ok=True)

    term = _header(
        "LinkTerm.txt", "Link_Term",
        ["# Field 0: code point range", "# Field 1: a Link_Term value"],
        [
            "# an enumerated property of code points.",
            "# The short name of the property is the same as its long name.",
            "# The possible values are:  Include, Hard, Soft, Close, Open",
            "# ",
            "# The short name of each value is the same as its long name.",
        ],
        "Hard",
    )
    for value in ("Soft", "Close", "Open", "Include"):
        total = 0
        for lo, hi in namer.split(link_term_ranges(value)):
            term.append(f"{_field(lo, hi):<14}; {value:<8}# {namer.comment(lo, hi)}")
            total += hi - lo + 1
        term += ["", f"# Total code points: {total}", ""]

    bracket = _header(
        "LinkBracket.txt", "Link_Bracket",
        ["# Field 0: code point", "# Field 1: code point"],
        [
            "# a string property whose value is either a single code point or is <none>.",
            "# ",
            "# The short name of the property is the same as its long name.",
        ],
        "<none>",
    )
    pairs = sorted(derived().brackets.items())
    for close, open_ in pairs:
        shown = f"({chr(close)} \u21d2 {chr(open_)})"
        bracket.append(
            f"{close:04X}          ; {open_:04X} #{char_age(close):<8}{shown:<14}{char_name(close)}"
        )
    bracket += ["", f"# Total code points: {len(pairs)}"]

    email = _header(
        "LinkEmail.txt", "Link_Email",
        ["# Field 0: code point range"],
        [
            "# a binary property.",
            "# ",
            "# The short name of the property is the same as its long name.",
        ],
        None,
    )
    total = 0
    for lo, hi in namer.split(derived().email_ranges):
        email.append(f"{_field(lo, hi):<15}# {namer.comment(lo, hi)}")
        total += hi - lo + 1
    email += ["", f"# Total code points: {total}"]

    written = []
    for name, lines in (("LinkTerm.txt", term), ("LinkBracket.txt", bracket), ("LinkEmail.txt", email)):
        path = directory / name
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            f.write("\n".join(lines) + "\n")
        written.append(path)
    return written
