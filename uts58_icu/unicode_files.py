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


def _comment_names(lo: int, hi: int) -> str:
    from ._icu import char_age, char_name

    count = f"[{hi - lo + 1}] " if hi > lo else ""
    names = char_name(lo) if hi == lo else f"{char_name(lo)}..{char_name(hi)}"
    return f"{char_age(lo)} {count}{names}"


def _header(file_name: str, prop: str, kind: str, missing: str | None) -> list[str]:
    from ._icu import ICU_VERSION, UNICODE_VERSION

    lines = [
        f"# {file_name}",
        f"# Derived by uts58-icu from ICU {ICU_VERSION} (Unicode {UNICODE_VERSION})",
        "# with the UnicodeSet expressions of UTS #58 §6.1.",
        "#",
        f"# Property:\t{prop}",
        f"# {kind}",
        "#",
    ]
    if missing is not None:
        lines += [f"# @missing: 0000..10FFFF; {missing}", "#"]
    return lines + ["# ================================================", ""]


def write_property_files(directory: Path) -> list[Path]:
    """Write LinkTerm.txt, LinkBracket.txt and LinkEmail.txt for the ICU in use.

    The format follows Unicode's published files (ranges, ``@missing``, value
    comments), so ``diff`` against the published files shows any drift.
    """
    from .core.properties import derived, link_term_ranges

    directory.mkdir(parents=True, exist_ok=True)
    written = []

    term = _header("LinkTerm.txt", "Link_Term", "Enumerated property", "Hard")
    for value in ("Soft", "Open", "Close", "Include"):
        for lo, hi in link_term_ranges(value):
            rng = f"{lo:04X}" if lo == hi else f"{lo:04X}..{hi:04X}"
            term.append(f"{rng:<14}; {value:<8}# {_comment_names(lo, hi)}")
        term.append("")
    bracket = _header("LinkBracket.txt", "Link_Bracket", "String property", "<none>")
    for close, open_ in sorted(derived().brackets.items()):
        bracket.append(f"{close:04X}          ; {open_:04X} # {_comment_names(close, close)}")
    email = _header("LinkEmail.txt", "Link_Email", "Binary property", None)
    for lo, hi in derived().email_ranges:
        rng = f"{lo:04X}" if lo == hi else f"{lo:04X}..{hi:04X}"
        email.append(f"{rng:<15}# {_comment_names(lo, hi)}")

    for name, lines in (("LinkTerm.txt", term), ("LinkBracket.txt", bracket), ("LinkEmail.txt", email)):
        path = directory / name
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        written.append(path)
    return written
