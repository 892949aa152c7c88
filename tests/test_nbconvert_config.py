"""Issue 20 item 17: where ``jupyter nbconvert`` reads ``jupyter_nbconvert_config.py``.

Real ``jupyter nbconvert --to html`` runs. It reads the file from Jupyter's config
path (``jupyter --paths``: ``$JUPYTER_CONFIG_PATH``, ``jupyter --config-dir`` i.e.
``~/.jupyter``, the environment's ``etc/jupyter``, …) or from ``--config FILE`` —
never from the current directory alone. These tests pin each of those facts, which
the README states.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("nbconvert")
pytest.importorskip("mistune")

ROOT = Path(__file__).resolve().parents[1]
CONFIG = 'c.HTMLExporter.filters = {"markdown2html": "uts58_icu.mistune.NbconvertMarkdown2HTML"}\n'
LINK = 'href="https://example.com/path"'  # stock mistune does not link a URL without a scheme


def convert(project: Path, *args: str, env: dict[str, str] | None = None) -> str:
    nb = {"cells": [{"cell_type": "markdown", "metadata": {}, "source": ["see example.com/path now"]}],
          "metadata": {}, "nbformat": 4, "nbformat_minor": 5}  # fmt: skip
    (project / "nb.ipynb").write_text(json.dumps(nb), encoding="utf-8")
    full = dict(os.environ)
    full["PYTHONPATH"] = os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])
    full["JUPYTER_CONFIG_DIR"] = str(project / "no-user-config")  # not the tester's ~/.jupyter
    full.pop("JUPYTER_CONFIG_PATH", None)
    full.update(env or {})
    proc = subprocess.run(
        [sys.executable, "-m", "jupyter", "nbconvert", "--to", "html", "nb.ipynb", *args],
        cwd=project, env=full, capture_output=True, text=True, timeout=300, check=False,
    )
    assert proc.returncode == 0, proc.stderr
    return (project / "nb.html").read_text(encoding="utf-8")


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "jupyter_nbconvert_config.py").write_text(CONFIG, encoding="utf-8")
    return tmp_path


def test_current_directory_alone_is_not_read(project: Path) -> None:
    assert LINK not in convert(project)


def test_config_option(project: Path) -> None:
    assert LINK in convert(project, "--config", "jupyter_nbconvert_config.py")


def test_jupyter_config_path(project: Path) -> None:
    assert LINK in convert(project, env={"JUPYTER_CONFIG_PATH": str(project)})


def test_jupyter_config_dir(project: Path) -> None:
    user = project / "user-config"
    user.mkdir()
    (project / "jupyter_nbconvert_config.py").rename(user / "jupyter_nbconvert_config.py")
    assert LINK in convert(project, env={"JUPYTER_CONFIG_DIR": str(user)})
