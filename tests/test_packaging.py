"""Packaging facts that need no network (issue 10); .ci/run checks the built sdist and wheel
(.ci/check_dist.py) and resolves [bundled] against PyPI (.ci/check_bundled.py)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

packaging = pytest.importorskip("packaging", reason="packaging (a pytest dependency) evaluates markers")
from packaging.markers import default_environment  # noqa: E402
from packaging.requirements import Requirement  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))

# (sys_platform, platform_machine) -> the ICU wheel [bundled] must pick there
MATRIX = {
    ("linux", "x86_64"): "icukit-pyicu",
    ("darwin", "arm64"): "icukit-pyicu",
    ("win32", "AMD64"): "pyicu-wheels",
    ("win32", "ARM64"): "pyicu-wheels",
    ("linux", "aarch64"): "pyicu-wheels",
    ("linux", "ppc64le"): "pyicu-wheels",
    ("darwin", "x86_64"): "pyicu-wheels",
}


@pytest.mark.parametrize(("platform", "expected"), list(MATRIX.items()))
def test_bundled_picks_exactly_one_icu_wheel(platform: tuple[str, str], expected: str) -> None:
    reqs = [Requirement(r) for r in PROJECT["project"]["optional-dependencies"]["bundled"]]
    env = {**default_environment(), "extra": "bundled", "sys_platform": platform[0], "platform_machine": platform[1]}
    picked = [r.name for r in reqs if r.marker is None or r.marker.evaluate(env)]
    assert picked == [expected]


def test_metadata() -> None:
    project = PROJECT["project"]
    assert project["license"] == "MIT"  # SPDX expression, not the deprecated table
    assert project["license-files"] == ["LICENSE"]
    assert "MIT License" in (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert project["authors"] and project["urls"]
    extras = project["optional-dependencies"]
    assert extras["markdown-it"] == ["markdown-it-py>=3"]  # the markdown-it example's engine
    assert {"bundled", "icu77", "system", "test"} <= set(extras)
    assert (ROOT / "CHANGELOG.md").is_file()
    assert PROJECT["tool"]["setuptools"]["packages"]["find"]["include"] == ["uts58_icu*"]


def test_errata_ship_in_the_package() -> None:
    data = PROJECT["tool"]["setuptools"]["package-data"]["*"]
    assert "errata-*.txt" in data
    assert (ROOT / "uts58_icu" / "errata-17.0.0.txt").is_file()
    manifest = (ROOT / "MANIFEST.in").read_text(encoding="utf-8")
    for needed in ("graft tests", "graft conformance", "graft bench", "tox.ini", "LICENSE"):
        assert needed in manifest


def test_ci_runs_offline_on_three_icus() -> None:
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "unset UTS58_DATA_DIR" in run and "export UTS58_NO_DOWNLOAD=1" in run
    for env in ("bundled", "system", "icu77"):
        assert f"\n  {env} " in run, env
    tox = (ROOT / "tox.ini").read_text(encoding="utf-8")
    assert "[testenv:icu77]" in tox and "extras = icu77, test" in tox
