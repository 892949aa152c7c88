"""Fenced blocks of the README and docs/*.md, for the tests that run them as written."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
_FENCE = re.compile(r"^```([\w-]*)[^\n]*\n(.*?)^```", re.M | re.S)


def pages() -> list[Path]:
    """The README, SECURITY.md and every Markdown page of the documentation."""
    return [ROOT / "README.md", ROOT / "SECURITY.md", *sorted(DOCS.rglob("*.md"))]


def blocks(path: Path, *langs: str) -> list[str]:
    """The bodies of ``path``'s fenced blocks whose language is one of ``langs``."""
    text = path.read_text(encoding="utf-8")
    return [m.group(2) for m in _FENCE.finditer(text) if m.group(1) in langs]


def block_after(path: Path, heading: str, lang: str) -> str:
    """The first fenced ``lang`` block after ``heading`` in ``path``."""
    text = path.read_text(encoding="utf-8")
    section = text[text.index(heading) :]
    m = re.search(rf"^```{lang}\n(.*?)^```", section, re.M | re.S)
    assert m, f"no {lang} block after {heading!r} in {path.name}"
    return m.group(1)


def scripts(path: Path) -> list[str]:
    """Python blocks written as scripts (with an ``if __name__ == "__main__":`` guard)."""
    return [b for b in blocks(path, "python") if 'if __name__ == "__main__":' in b]
