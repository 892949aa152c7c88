"""Run the test suite against the INSTALLED uts58_icu (a wheel), not a checkout's source.

    python .ci/test_installed.py PROJECT_DIR [pytest args...]

Copies what the tests read (tests/, docs/, README.md, pyproject.toml, …) from PROJECT_DIR
into a temporary directory WITHOUT the uts58_icu package, checks that ``import uts58_icu``
resolves to site-packages, then runs ``pytest`` there. Used by .ci/wheel.sh and by
cibuildwheel's test-command (pyproject.toml), so it is plain Python (Windows too).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

COPY = ["tests", "docs", "conformance", "bench", ".ci", "README.md", "SECURITY.md", "CHANGELOG.md",
        "LICENSE", "MANIFEST.in", "pyproject.toml", "setup.py", "tox.ini"]


def main(project: Path, args: list[str]) -> int:
    with tempfile.TemporaryDirectory(prefix="uts58-installed-") as tmp:
        root = Path(tmp) / "project"
        root.mkdir()
        for name in COPY:
            src = project / name
            if src.is_dir():
                shutil.copytree(src, root / name, ignore=shutil.ignore_patterns("__pycache__", "_build", "out"))
            elif src.is_file():
                shutil.copy2(src, root / name)
        env = dict(os.environ)
        env.pop("PYTHONPATH", None)
        # The wheel does not ship Unicode's test files: the installed `uts58 conformance`
        # finds them where a user would point it (docs/cli.md), in the copied tests/data.
        env.setdefault("UTS58_DATA_DIR", str(root / "tests" / "data"))
        where = subprocess.run(
            [sys.executable, "-c", "import uts58_icu, sys; print(uts58_icu.__file__, uts58_icu.ACCELERATED)"],
            cwd=tmp, env=env, capture_output=True, text=True, check=True,
        ).stdout.strip()
        print("installed:", where)
        if str(project.resolve()) in where or str(root) in where:
            print("uts58_icu was imported from the source tree, not from the installed wheel", file=sys.stderr)
            return 1
        # The pytest executable, not `python -m pytest`: the working directory stays off sys.path.
        cmd = [sys.executable, "-c", "import sys, pytest; sys.exit(pytest.main(sys.argv[1:]))",
               "-q", "-p", "no:cacheprovider", *args]
        return subprocess.run(cmd, cwd=root, env=env).returncode


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]), sys.argv[2:]))
