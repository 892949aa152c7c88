"""Check the built sdist and wheel in DIST_DIR hold what they must (run by .ci/run).

sdist: the package, tests (with conftest.py and the verbatim Unicode files),
conformance/, bench/, docs/ (the site's sources), tox.ini, LICENSE, CHANGELOG.md, SECURITY.md.
Wheel: every subpackage, py.typed, the errata file, Unicode's two test files, the license;
no tests and no property file.
"""

from __future__ import annotations

import sys
import tarfile
import zipfile
from pathlib import Path

SDIST_MUST = [
    "LICENSE", "README.md", "CHANGELOG.md", "tox.ini", "pyproject.toml",
    "uts58_icu/__init__.py", "uts58_icu/py.typed", "uts58_icu/errata-17.0.0.txt",
    "tests/conftest.py", "tests/test_cli.py",
    "uts58_icu/unicode_tests/17.0.0/linkification/LinkDetectionTest.txt",
    *(f"tests/data/17.0.0/linkification/{n}" for n in (
        "LinkTerm.txt", "LinkBracket.txt", "LinkEmail.txt",
        "LinkDetectionTest.txt", "LinkFormattingTest.txt", "ReadMe.txt")),
    "conformance/NOTES.md", "conformance/run.py", "bench/bench_detect.py", "bench/README.md",
    "SECURITY.md", "docs/conf.py", "docs/index.md", "docs/html.md", "docs/quickstart.md", "docs/_ext/uts58_figures.py",
    ".ci/test_installed.py",
]
WHEEL_MUST = [
    "uts58_icu/__init__.py", "uts58_icu/py.typed", "uts58_icu/errata-17.0.0.txt", "uts58_icu/cli.py",
    # Unicode's two test files: `uts58 conformance` runs offline after `pip install`.
    *(f"uts58_icu/unicode_tests/17.0.0/linkification/{n}" for n in ("LinkDetectionTest.txt", "LinkFormattingTest.txt")),
]
#: The property files never ship: the properties are derived from ICU at run time.
WHEEL_MUST_NOT = ("LinkTerm.txt", "LinkBracket.txt", "LinkEmail.txt")


def main(dist: Path) -> int:
    problems: list[str] = []
    (sdist,) = dist.glob("uts58_icu-*.tar.gz")
    (wheel,) = dist.glob("uts58_icu-*.whl")
    with tarfile.open(sdist) as tf:
        names = {n.split("/", 1)[1] for n in tf.getnames() if "/" in n}
    problems += [f"sdist lacks {n}" for n in SDIST_MUST if n not in names]
    # Every page of the documentation is in the sdist (the README links to them).
    repo_docs = Path(__file__).resolve().parent.parent / "docs"
    problems += [f"sdist lacks {p}" for p in (str(f.relative_to(repo_docs.parent)) for f in repo_docs.rglob("*.md")
                                               if "_build" not in f.parts) if p not in names]
    problems += [f"sdist holds a built site: {n}" for n in names if n.startswith("docs/_build/")]
    # Every source of the compiled core (one C file per core module, and their header).
    core = repo_docs.parent / "uts58_icu" / "core"
    problems += [f"sdist lacks {p}" for p in (str(f.relative_to(core.parent.parent)) for f in
                                               [*core.glob("*.c"), *core.glob("*.h")]) if p not in names]
    repo = Path(__file__).resolve().parent.parent
    # Every package directory of the source tree is in the wheel (subpackages ship).
    packages = sorted(
        str(p.parent.relative_to(repo)) for p in (repo / "uts58_icu").rglob("__init__.py")
    )
    with zipfile.ZipFile(wheel) as zf:
        wnames = set(zf.namelist())
        metadata = next(zf.read(n).decode() for n in wnames if n.endswith(".dist-info/METADATA"))
    problems += [f"wheel lacks {n}" for n in WHEEL_MUST if n not in wnames]
    problems += [f"wheel lacks package {p}" for p in packages if f"{p}/__init__.py" not in wnames]
    problems += [f"wheel holds tests: {n}" for n in wnames if n.startswith("tests/")]
    problems += [f"wheel holds a property file: {n}" for n in wnames if n.endswith(WHEEL_MUST_NOT)]
    if not any(n.endswith(".dist-info/licenses/LICENSE") for n in wnames):
        problems.append("wheel lacks the LICENSE file")
    for field in ("License-Expression: MIT", "Author: uts58-icu developers", "Project-URL: ", "Provides-Extra: markdown-it"):
        if field not in metadata:
            problems.append(f"wheel METADATA lacks {field!r}")
    for p in problems:
        print("FAIL", p)
    print(f"sdist: {len(names)} entries; wheel: {len(wnames)} entries, packages {packages}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
