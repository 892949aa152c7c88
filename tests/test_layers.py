"""The layers' imports point down: the spec core never imports the linkification layer or an
integration, and the linkification layer never imports an integration (UTS #58 §8)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import uts58_icu

PACKAGE = Path(uts58_icu.__file__).resolve().parent  # the checkout's, or the installed wheel's
INTEGRATIONS = {
    "markdown_it", "mistune", "python_markdown", "sphinx", "html", "bleach", "django",
    "jinja2", "batch", "spark", "datatrove", "cli",
}


def imported_modules(path: Path) -> set[str]:
    """Absolute names (``uts58_icu.x.y``) of the package modules ``path`` imports."""
    package = ["uts58_icu", *path.relative_to(PACKAGE).parent.parts]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module or ""
            out.add(name)
            out.update(f"{name}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
    return {name for name in out if name == "uts58_icu" or name.startswith("uts58_icu.")}


def layer_files(layer: str) -> list[Path]:
    return sorted((PACKAGE / layer).glob("*.py"))


@pytest.mark.parametrize("path", layer_files("core"), ids=lambda p: p.name)
def test_core_imports_nothing_above_it(path: Path) -> None:
    for name in imported_modules(path):
        parts = name.split(".")
        assert len(parts) < 2 or parts[1] not in {"linkification", *INTEGRATIONS}, (path.name, name)


@pytest.mark.parametrize("path", layer_files("linkification"), ids=lambda p: p.name)
def test_linkification_imports_no_integration(path: Path) -> None:
    for name in imported_modules(path):
        parts = name.split(".")
        assert len(parts) < 2 or parts[1] not in INTEGRATIONS, (path.name, name)


def test_the_check_sees_relative_imports() -> None:
    names = imported_modules(PACKAGE / "linkification" / "apply.py")
    assert "uts58_icu.core.detection" in names
    assert "uts58_icu.linkification.policy" in names
