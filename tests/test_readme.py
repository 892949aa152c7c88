"""Every Python example in the README and in docs/ runs as a doctest, so none can drift
from the code; the shell examples of the CLI run as written (tests/test_docs_commands.py)."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

from docs_blocks import DOCS, ROOT, pages

# Pages whose examples need an optional engine: skipped (not failed) where it is missing.
NEEDS = {
    "django.md": ("django", "turbohtml"), "jinja2.md": ("jinja2", "turbohtml"),
    "markdown-it.md": ("markdown_it",), "mistune.md": ("nbconvert",), "python-markdown.md": ("markdown",),
    "html.md": ("turbohtml",), "corpora.md": ("pyarrow",), "bleach.md": ("turbohtml",),
    "urlize.md": ("jinja2", "turbohtml"), "linkify-it-py.md": ("markdown_it",),
}


def run(path: Path) -> doctest.TestResults:
    return doctest.testfile(
        str(path), module_relative=False, optionflags=doctest.NORMALIZE_WHITESPACE, encoding="utf-8"
    )


def test_readme_examples() -> None:
    result = run(ROOT / "README.md")
    assert result.attempted >= 4  # the README is short; the examples live in docs/
    assert result.failed == 0


def test_docs_have_many_examples() -> None:
    parser = doctest.DocTestParser()
    count = sum(len(parser.get_examples(p.read_text(encoding="utf-8"))) for p in pages())
    assert count > 100, count


@pytest.mark.parametrize("path", [p for p in pages() if p.parent != ROOT], ids=lambda p: str(p.relative_to(DOCS)))
def test_docs_examples(path: Path) -> None:
    for module in NEEDS.get(path.name, ()):
        pytest.importorskip(module)
    result = run(path)
    assert result.failed == 0
    if ">>> " in path.read_text(encoding="utf-8"):
        assert result.attempted > 0
