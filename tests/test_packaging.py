"""Packaging facts that need no network (issue 10); .ci/run checks the built sdist and wheel
(.ci/check_dist.py) and resolves [bundled] against PyPI (.ci/check_bundled.py)."""

from __future__ import annotations

import sys

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10
    import tomli as tomllib
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
    assert "markdown-it-py>=3" in extras["markdown-it"]  # the markdown-it example's engine
    assert {"bundled", "icu77", "system", "test"} <= set(extras)
    assert (ROOT / "CHANGELOG.md").is_file()
    assert PROJECT["tool"]["setuptools"]["packages"]["find"]["include"] == ["uts58_icu*"]


def test_errata_ship_in_the_package() -> None:
    data = PROJECT["tool"]["setuptools"]["package-data"]["*"]
    assert "errata-*.txt" in data
    import uts58_icu  # the checkout's, or the installed wheel's: the file ships in both

    assert (Path(uts58_icu.__file__).parent / "errata-17.0.0.txt").is_file()
    manifest = (ROOT / "MANIFEST.in").read_text(encoding="utf-8")
    for needed in ("graft tests", "graft conformance", "graft bench", "graft docs", "SECURITY.md", "tox.ini", "LICENSE"):
        assert needed in manifest


def test_ci_runs_offline_on_three_icus() -> None:
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "unset UTS58_DATA_DIR" in run and "export UTS58_NO_DOWNLOAD=1" in run
    for env in ("bundled", "system", "icu77"):
        assert f"\n  {env} " in run, env
    tox = (ROOT / "tox.ini").read_text(encoding="utf-8")
    assert "[testenv:icu77]" in tox and "extras = icu77, test" in tox


INTEGRATION_EXTRAS = ["html", "django", "jinja2", "arrow", "spark", "dask", "datatrove",
                      "markdown-it", "mistune", "markdown", "sphinx"]


@pytest.mark.parametrize("extra", INTEGRATION_EXTRAS)
def test_integration_extras_bring_an_icu(extra: str) -> None:
    """`pip install '.[jinja2]'` alone must work on first use: each integration extra
    pulls the bundled ICU (issue 20 item 4)."""
    reqs = [Requirement(r) for r in PROJECT["project"]["optional-dependencies"][extra]]
    assert any(r.name == "uts58-icu" and r.extras == {"bundled"} for r in reqs), extra


def test_dev_extra_installs_what_the_tests_import() -> None:
    """`pip install '.[bundled,dev]' && python -m pytest` needs nothing else (issue 20 item 2):
    every test dependency and every engine the tests import (without an ICU of its own,
    so [system,dev] does not install two)."""
    extras = PROJECT["project"]["optional-dependencies"]
    dev = [Requirement(r) for r in extras["dev"]]
    assert any(r.name == "uts58-icu" and {"test", "integrations"} <= r.extras for r in dev)
    names = {Requirement(r).name.lower() for r in extras["integrations"]}
    assert {"turbohtml", "django", "jinja2", "markdown-it-py", "mistune", "markdown", "sphinx", "myst-parser", "pyarrow"} <= names
    for r in extras["integrations"] + extras["test"]:
        assert Requirement(r).name not in ("uts58-icu", "icukit-pyicu", "pyicu-wheels", "PyICU"), r


def test_classifiers_match_the_tested_pythons() -> None:
    """A platform wheel is not "OS Independent"; the Python classifiers are the versions
    requires-python allows and CI tests (tox envs py310, py312, py313 and 3.11's)."""
    project = PROJECT["project"]
    classifiers = project["classifiers"]
    assert "Operating System :: OS Independent" not in classifiers
    versions = sorted(c.rsplit(" ", 1)[1] for c in classifiers if c.startswith("Programming Language :: Python :: 3."))
    assert versions == ["3.10", "3.11", "3.12", "3.13"]
    assert project["requires-python"] == ">=3.10"
    tox = (ROOT / "tox.ini").read_text(encoding="utf-8")
    for v in ("310", "312", "313"):
        assert f"[testenv:py{v}]" in tox


def test_no_pure_python_wheel_name_is_given() -> None:
    """The wheel holds the compiled core, so it is never py3-none-any: no page and no
    message may tell the user to install that file (issue 20 item 1)."""
    texts = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md")), ROOT / "uts58_icu" / "_icu.py"]
    import uts58_icu._icu as icu_module

    for path in texts:
        if path.is_file():
            assert "none-any" not in path.read_text(encoding="utf-8"), path
    assert "none-any" not in icu_module.INSTALL_MESSAGE
