"""Issue 22 item 4: the library in subinterpreters (mod_wsgi runs applications in them).

The compiled core keeps process-wide state, so it runs in the first interpreter that
imports it and any other interpreter gets the pure-Python path. Each scenario runs in a
fresh process with CPython's own subinterpreter module (``_interpreters`` on 3.13,
``_xxsubinterpreters`` before): the library is imported and used in a subinterpreter, the
subinterpreter is destroyed, and the main interpreter still gets its own ``Link`` class,
picklable links and the right result.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

_MODULE = next(
    (name for name in ("_interpreters", "_xxsubinterpreters") if importlib.util.find_spec(name)), None
)
pytestmark = pytest.mark.skipif(_MODULE is None, reason="no subinterpreter module in this Python")

_SCRIPT = textwrap.dedent(
    """
    import json, os, pickle, sys, tempfile
    import {module} as interpreters

    ROOT, ORDER = sys.argv[1], sys.argv[2]
    fd, out = tempfile.mkstemp()
    os.close(fd)
    SUB = '''
    import json, sys
    sys.path.insert(0, %r)
    import uts58_icu
    from uts58_icu.core import _accel
    links = uts58_icu.find_links("see bücher1.de/y")
    with open(%r, "w") as f:
        json.dump([_accel.ACCELERATED, [l.href for l in links]], f)
    ''' % (ROOT, out)
    report = {{}}

    def check(name):
        import uts58_icu
        links = uts58_icu.find_links("see bücher1.de/y")
        report[name] = [
            [l.href for l in links],
            all(type(l) is uts58_icu.Link for l in links),
            pickle.loads(pickle.dumps(links)) == links,
        ]

    if ORDER != "sub-first":
        import uts58_icu  # imported by the main interpreter, not yet used
        if ORDER == "main-used":
            check("main-before")
    # mod_wsgi's kind: sharing the main GIL (PyICU has no per-interpreter GIL support)
    try:
        interp = interpreters.create("legacy")  # 3.13 _interpreters
    except TypeError:
        try:
            interp = interpreters.create(isolated=False)  # 3.12 _xxsubinterpreters
        except TypeError:
            interp = interpreters.create()  # 3.11: always shares the GIL
    interpreters.run_string(interp, SUB)
    with open(out) as f:
        report["sub"] = json.load(f)
    if ORDER != "sub-first":
        check("main-while-sub-lives")
    interpreters.destroy(interp)
    os.unlink(out)
    check("main-after")
    from uts58_icu.core import _accel
    report["main-accelerated"] = _accel.ACCELERATED
    print(json.dumps(report))
    """
)

HREF = ["https://xn--bcher1-3ya.de/y"]


@pytest.mark.parametrize("order", ["main-imported", "main-used", "sub-first"])
def test_subinterpreter_then_main(order: str, tmp_path: Path) -> None:
    script = tmp_path / "scenario.py"
    script.write_text(_SCRIPT.format(module=_MODULE), encoding="utf-8")
    # the second interpreter runs the pure path by design: not a missing build
    env = {**os.environ, "PYTHONPATH": str(ROOT), "UTS58_REQUIRE_ACCELERATED": "0"}
    done = subprocess.run(
        [sys.executable, str(script), str(ROOT), order], capture_output=True, text=True, env=env, timeout=300
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.strip().splitlines()[-1])
    sub_accelerated, sub_hrefs = report["sub"]
    assert sub_hrefs == HREF
    for name in ("main-before", "main-while-sub-lives", "main-after"):
        if name in report:
            assert report[name] == [HREF, True, True], (name, report)
    from uts58_icu.core._accel import compiled_module

    if compiled_module() is not None and not os.environ.get("UTS58_PURE_PYTHON"):
        # Exactly one interpreter runs the compiled core: the first to import it.
        if order == "sub-first":
            assert sub_accelerated and not report["main-accelerated"]
        else:
            assert report["main-accelerated"] and not sub_accelerated
