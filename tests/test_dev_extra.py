"""Issue 20 item 2: the ``[dev]`` extra installs every package the test suite imports.

Reads ``pyproject.toml``, expands ``[dev]`` (its ``uts58-icu[...]`` self-reference
included) and checks that each third-party module imported by ``tests/test_*.py``
(imports and ``pytest.importorskip``) belongs to a distribution listed there or in the
core dependencies.
"""

from __future__ import annotations

import ast
import re
import sys

try:
    import tomllib
except ImportError:  # Python 3.10
    import tomli as tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: Provided by the ICU extra the developer picks, or by the standard library / the repo.
NOT_FROM_DEV = {"icu", "uts58_icu", "test_accel", "test_cli", "test_fuzz", "tests", "tomllib"}  # tomllib: stdlib 3.11+


def _name(requirement: str) -> str:
    return re.split(r"[\s<>=!~;\[]", requirement, maxsplit=1)[0].lower().replace("_", "-")


def dev_distributions() -> set[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = project["optional-dependencies"]
    out = {_name(r) for r in project["dependencies"]}
    todo = list(extras["dev"])
    while todo:
        req = todo.pop()
        m = re.match(r"uts58-icu\[([^\]]+)\]", req)
        if m:
            for extra in m.group(1).split(","):
                todo.extend(extras[extra.strip()])
        else:
            out.add(_name(req))
    return out


def _test_modules() -> set[str]:
    found = set()
    for path in (ROOT / "tests").glob("test_*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                found.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                found.add(node.module.split(".")[0])
            elif (isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "importorskip"
                  and node.args and isinstance(node.args[0], ast.Constant)):  # fmt: skip
                found.add(str(node.args[0].value).split(".")[0])
    local = {p.stem for d in ("tests", "bench") for p in (ROOT / d).iterdir()}  # the repo's own modules
    return {m for m in found if m not in sys.stdlib_module_names and m not in NOT_FROM_DEV | local}


def test_dev_extra_covers_the_test_imports() -> None:
    dists = packages_distributions()
    wanted = dev_distributions()
    missing = {}
    for module in sorted(_test_modules()):
        # a module not installed here (tomli on 3.11+): its distribution has its name
        # (Python 3.10 finds no distribution for packages without top_level.txt, such as
        # flit-built ones): then the distribution is named after the module
        guess = module.lower().replace("_", "-")
        names = {d.lower().replace("_", "-") for d in dists.get(module, [])} or {guess, guess + "-py"}
        if not names & wanted:
            missing[module] = sorted(names)
    assert not missing, f"add to the [dev] extra of pyproject.toml: {missing}"
