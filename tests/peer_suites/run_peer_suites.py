"""Run bleach's, Django's, Jinja2's, linkify-it-py's and mistune's own tests against our integrations.

    python tests/peer_suites/run_peer_suites.py [--work DIR] [--update]

For each peer: ``pip download`` the sdist of the version that is installed, extract
its test files, run them with pytest and a plugin from this folder that routes the
peer's entry points to ours (``peer_bleach``, ``peer_django``, ``peer_jinja2``,
``peer_linkify_it``, ``peer_mistune``), and
compare the failing test ids with ``expected_differences.txt``. Exit status 1 when a
test fails that is not listed there, or a listed test passes (then the list is stale:
remove the line). Nothing from the peers is kept in the repository; the reasons for
each listed difference are in docs/html.md.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tarfile
import tempfile
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
EXPECTED = HERE / "expected_differences.txt"


@dataclass(frozen=True)
class Suite:
    name: str  # the id prefix in expected_differences.txt
    dist: str  # the PyPI distribution
    plugin: str
    files: tuple[str, ...]  # test files (inside the sdist's top folder) to run
    extract: tuple[str, ...]  # what to extract (prefixes inside the sdist's top folder)
    select: str | None = None  # pytest -k
    rootdir: str = "tests"  # where pytest runs (paths are relative to it)


SUITES = (
    Suite("bleach", "bleach", "peer_bleach",
          ("test_linkify.py", "test_callbacks.py", "test_unicode.py"), ("tests/",)),
    Suite("django", "Django", "peer_django",
          ("template_tests/filter_tests/test_urlize.py", "template_tests/filter_tests/test_urlizetrunc.py",
           "utils_tests/test_html.py"),
          ("tests/template_tests/__init__.py", "tests/template_tests/utils.py",
           "tests/template_tests/filter_tests/__init__.py", "tests/template_tests/filter_tests/test_urlize",
           "tests/utils_tests/__init__.py", "tests/utils_tests/test_html.py"),
          select="Urlize or urlize"),
    Suite("jinja2", "Jinja2", "peer_jinja2",
          ("test_filters.py", "test_utils.py", "test_regression.py"), ("tests/",), select="urlize"),
    Suite("linkify-it", "linkify-it-py", "peer_linkify_it",
          ("test/test_apis.py", "test/test_linkify.py", "test/test_pathological.py", "test/test_port_parity.py"),
          ("test/",), rootdir="."),
    # mistune's url-plugin fixtures; MyST-Parser's sdist (5.2.0) ships no tests.
    Suite("mistune", "mistune", "peer_mistune", ("tests/test_plugins.py",), ("tests/",),
          select="TestPlugin1_url or TestPlugin2_url", rootdir="."),
)  # fmt: skip


def _norm(name: str) -> str:
    """An sdist file name as PEP 625 spells it (``linkify-it-py`` → ``linkify_it_py``)."""
    return name.lower().replace("-", "_")


def fetch(suite: Suite, work: Path) -> Path:
    """Download and extract the installed version's sdist; returns its top folder."""
    ver = version(suite.dist)
    dl = work / "sdists"
    dl.mkdir(parents=True, exist_ok=True)
    found = [p for p in dl.glob("*.tar.gz") if _norm(p.name).startswith(_norm(f"{suite.dist}-{ver}."))]
    if not found:
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--no-binary", ":all:",
             "-d", str(dl), f"{suite.dist}=={ver}"],
            check=True,
        )
        found = [p for p in dl.glob("*.tar.gz") if _norm(p.name).startswith(_norm(f"{suite.dist}-{ver}."))]
    (sdist,) = found
    top = work / sdist.name[: -len(".tar.gz")]
    if not top.exists():
        with tarfile.open(sdist) as tar:
            members = [m for m in tar.getmembers()
                       if any(m.name.split("/", 1)[-1].startswith(p) for p in suite.extract)]
            tar.extractall(work, members=members, filter="data")
    return top


def run(suite: Suite, top: Path, work: Path) -> tuple[set[str], set[str]]:
    """(all test ids, failing test ids) of one suite."""
    report = work / f"{suite.name}.xml"
    cmd = [sys.executable, "-m", "pytest", "-q", "--tb=short", "-p", suite.plugin, "-p", "no:cacheprovider",
           "-o", "addopts=", "-W", "ignore::DeprecationWarning", f"--junitxml={report}", *suite.files]
    if suite.select:
        cmd += ["-k", suite.select]
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(HERE), str(ROOT), env.get("PYTHONPATH", "")])
    log = work / f"{suite.name}.log"
    with log.open("w") as out:
        subprocess.run(cmd, cwd=top / suite.rootdir, env=env, stdout=out, stderr=subprocess.STDOUT, check=False)
    if not report.exists():
        raise SystemExit(f"{suite.name}: pytest wrote no report; see {log}")
    every, failed = set(), set()
    for case in ET.parse(report).iter("testcase"):
        test_id = f"{suite.name}::{case.get('classname')}::{case.get('name')}"
        if case.find("skipped") is not None:
            continue
        every.add(test_id)
        if case.find("failure") is not None or case.find("error") is not None:
            failed.add(test_id)
    return every, failed


def load_expected() -> dict[str, str]:
    expected = {}
    for line in EXPECTED.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            test_id, _, reason = line.partition("\t")
            expected[test_id] = reason.strip()
    return expected


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--work", type=Path, help="where to download and run (default: a temporary folder)")
    ap.add_argument("--update", action="store_true", help="print the current failures as list lines")
    args = ap.parse_args(argv)
    work = args.work or Path(tempfile.mkdtemp(prefix="uts58-peers-"))
    work.mkdir(parents=True, exist_ok=True)
    expected = load_expected()
    bad = 0
    for suite in SUITES:
        top = fetch(suite, work)
        every, failed = run(suite, top, work)
        mine = {k: v for k, v in expected.items() if k.startswith(suite.name + "::")}
        unexpected = sorted(failed - set(mine))
        fixed = sorted(set(mine) & (every - failed))
        missing = sorted(set(mine) - every)
        print(f"{suite.name} {version(suite.dist)}: {len(every)} tests, {len(failed)} fail, "
              f"{len(failed & set(mine))} of them listed differences")
        for test_id in unexpected:
            print(f"  UNEXPECTED FAILURE {test_id}" if not args.update else f"{test_id}\t?")
        for test_id in fixed:
            print(f"  LISTED BUT PASSES  {test_id}")
        for test_id in missing:
            print(f"  LISTED BUT NOT RUN {test_id}")
        bad += len(unexpected) + len(fixed) + len(missing)
        if unexpected:
            print(f"  (pytest output: {work / (suite.name + '.log')})")
    print("OK" if not bad else f"{bad} problem(s)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
