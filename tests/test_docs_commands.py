"""The shell commands of the README and the docs, as written.

* ``console`` sessions: each ``$ `` command that uses ``uts58`` runs (as ``python -m
  uts58_icu``, the same program) and must print exactly the lines shown under it;
* ``tox -e NAME`` in any block names an env of tox.ini that .ci/run runs;
* ``python bench/….py`` / ``conformance/….py`` scripts exist and answer ``--help``;
* ``pip install`` commands are run as written in a fresh venv by .ci/readme_command.sh
  (tox -e wheel), not here; the Spark/Dask/datatrove scripts by tests/scale.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from docs_blocks import ROOT, blocks, pages

SHELL = ("console", "sh", "bash")


def sessions() -> list[tuple[str, str, list[str]]]:
    """(page, command, expected output lines) for every ``$ uts58`` command."""
    out = []
    for page in pages():
        for block in blocks(page, "console"):
            cmd: str | None = None
            expected: list[str] = []
            for line in [*block.splitlines(), "$ "]:
                if line.startswith("$ "):
                    if cmd is not None and re.search(r"(^|\| )uts58 ", cmd):
                        out.append((page.name, cmd, expected))
                    cmd, expected = line[2:], []
                elif cmd is not None:
                    expected.append(line)
    return out


SESSIONS = sessions()


def test_there_are_sessions() -> None:
    assert len(SESSIONS) >= 7


@pytest.mark.parametrize(("page", "command", "expected"), SESSIONS, ids=[f"{p}:{c[:40]}" for p, c, _ in SESSIONS])
def test_console_session(page: str, command: str, expected: list[str]) -> None:
    command = re.sub(r"\s+#.*$", "", command)  # a trailing comment
    program = f"{shlex.quote(sys.executable)} -m uts58_icu "
    run = re.sub(r"(^|\| )uts58 ", lambda m: m.group(1) + program, command)
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""), PYTHONIOENCODING="utf-8")
    done = subprocess.run(["bash", "-c", run], capture_output=True, text=True, encoding="utf-8", env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    if expected:
        assert done.stdout.splitlines() == expected


def _tox_envs() -> set[str]:
    tox = (ROOT / "tox.ini").read_text(encoding="utf-8")
    return set(re.findall(r"^\[testenv:([\w-]+)\]", tox, re.M))


def _ci_envs() -> set[str]:
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    body = run[run.index("ENVS=(") : run.index("\n)", run.index("ENVS=("))]
    return set(re.findall(r"^  ([\w-]+)", body, re.M))


def shell_lines() -> list[tuple[str, str]]:
    return [(page.name, line.removeprefix("$ ").strip())
            for page in pages() for block in blocks(page, *SHELL) for line in block.splitlines()
            if line.strip() and not line.startswith("#")]


def test_every_tox_env_named_in_the_docs_runs_in_ci() -> None:
    tox, ci = _tox_envs(), _ci_envs()
    named = {(page, env) for page, line in shell_lines() for env in re.findall(r"\btox -e ([\w-]+)", line)}
    assert named
    for page, env in named:
        assert env in tox, f"{page}: tox -e {env} is not in tox.ini"
        assert env in ci or env in ("bundled-pure", "system-pure"), f"{page}: tox -e {env} is not run by .ci/run"


def test_every_script_named_in_the_docs_answers_help() -> None:
    scripts = {m for _, line in shell_lines() for m in re.findall(r"python ((?:bench|conformance|tests)/[\w/]+\.py)", line)}
    assert len(scripts) >= 5
    for script in sorted(scripts):
        assert (ROOT / script).is_file(), script
        env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
        done = subprocess.run([sys.executable, str(ROOT / script), "--help"], capture_output=True, text=True, env=env, timeout=120)
        assert done.returncode == 0, f"{script} --help: {done.stderr[-500:]}"
