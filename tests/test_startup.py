"""What ``import uts58_icu`` does not do (it stays fast: issue 19 asks for at most 50 ms over
``import icu``, measured by bench/bench_startup.py, never timed here), the lazily compiled
patterns, and the TLD list read on first use."""

from __future__ import annotations

import contextlib
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from uts58_icu._lazy import LazyPattern, lazy_compile
from uts58_icu.core import tlds


def _after_import(code: str) -> object:
    """``result`` as ``code`` sets it, run in a fresh interpreter just after ``import uts58_icu``."""
    code = "import sys, uts58_icu\n" + code + "\nimport json\nprint(json.dumps(result))\n"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


#: Modules that ``import uts58_icu`` must not load: the integrations and the CLI (each has
#: its own import), their frameworks, the process pool, and the TLD list's package.
NOT_IMPORTED = [
    "uts58_icu.cli", "uts58_icu._parallel", "uts58_icu.html", "uts58_icu.markdown_it", "uts58_icu.mistune",
    "uts58_icu.python_markdown", "uts58_icu.sphinx", "uts58_icu.django", "uts58_icu.jinja2", "uts58_icu.bleach",
    "uts58_icu.batch", "uts58_icu.spark", "uts58_icu.datatrove", "uts58_icu.conformance",
    "uts58_icu.unicode_files", "argparse", "json", "tempfile", "concurrent.futures", "multiprocessing",
    "subprocess", "publicsuffixlist", "pyarrow", "markdown_it", "mistune", "markdown", "django", "jinja2",
    "turbohtml", "bleach", "html.parser",
]  # fmt: skip


def test_import_loads_no_integration_framework_or_pool() -> None:
    loaded = _after_import(f"result = [m for m in {NOT_IMPORTED!r} if m in sys.modules]")
    assert loaded == []


def test_import_derives_no_property_table_and_reads_no_tld_list() -> None:
    """Both happen on first use (bench_startup reports them as first_link_term and
    first_find_links)."""
    state = _after_import(
        "from uts58_icu.core import properties, tlds\n"
        "result = [properties.derived.cache_info().currsize, tlds._load.cache_info().currsize]"
    )
    assert state == [0, 0]


def test_import_compiles_none_of_the_policy_layers_patterns() -> None:
    """The §8 rules' patterns (the CJK classes alone were 40% of the import's instructions)
    are compiled when a policy first needs them, not at import."""
    compiled = _after_import(
        "import re\n"
        "from uts58_icu.linkification import context, rules\n"
        "result = sorted(f'{m.__name__}.{k}' for m in (rules, context) for k, v in vars(m).items()"
        " if isinstance(v, re.Pattern))"
    )
    assert compiled == []


def test_the_first_recommended_call_compiles_what_it_needs() -> None:
    from uts58_icu import LinkPolicy, find_links

    assert [lk.text for lk in find_links("詳細は「example.com/パス」を参照。", policy=LinkPolicy.recommended())] == [
        "example.com/パス"
    ]


# lazy_compile


def test_lazy_pattern_compiles_on_first_use_and_behaves_as_the_pattern() -> None:
    source, flags = r"(?P<w>[\u4e00-\u9fff]+)|x", re.IGNORECASE
    lazy = lazy_compile(source, flags)
    assert isinstance(lazy, LazyPattern) and not lazy.compiled
    want = re.compile(source, flags)
    text = "X 漢字 yx 字"
    assert [m.span() for m in lazy.finditer(text)] == [m.span() for m in want.finditer(text)]
    assert lazy.compiled
    assert lazy.search(text, 2).group("w") == "漢字"
    assert lazy.match(text).group() == "X" and lazy.fullmatch("字字")
    assert lazy.sub("-", text) == want.sub("-", text) and lazy.subn("-", text) == want.subn("-", text)
    assert lazy.split(text) == want.split(text) and lazy.findall(text) == want.findall(text)
    assert (lazy.pattern, lazy.flags, lazy.groups, dict(lazy.groupindex)) == (
        want.pattern, want.flags, want.groups, dict(want.groupindex)
    )


def test_lazy_pattern_attribute_errors_and_bad_patterns() -> None:
    lazy = lazy_compile("[")
    with pytest.raises(AttributeError):
        lazy.no_such_method  # noqa: B018
    assert not lazy.compiled
    with pytest.raises(re.error):  # the error comes on first use, as compile's would
        lazy.search("x")


# The TLD list: parsed from the whole file at once, the same set as a line-by-line reader.


def _reference(text: str) -> tuple[frozenset[str], str]:
    """The Public Suffix List's ICANN TLDs, read line by line as its format describes."""
    found: set[str] = set()
    version, inside = "unknown", False
    for raw in text.splitlines():
        line = raw.strip()
        m = re.match(r"//\s*VERSION:\s*(\S+)", line)
        if m:
            version = m.group(1)
        if "===BEGIN ICANN DOMAINS===" in line:
            inside = True
        elif "===END ICANN DOMAINS===" in line:
            inside = False
        elif inside and line and not line.startswith("//"):
            found.add(line.split()[0].lstrip("!").rsplit(".", 1)[-1].lower())
    found.discard("*")
    return frozenset(found), version


def _load_from(path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[frozenset[str], str]:
    monkeypatch.setattr(tlds, "_psl_path", lambda: str(path))
    found, source = tlds._load.__wrapped__()
    return found, source.version


def test_tld_list_is_the_line_by_line_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    path = Path(tlds.tld_source().path)
    found, version = _load_from(path, monkeypatch)
    assert (found, version) == _reference(path.read_text(encoding="utf-8"))
    assert len(found) > 1000 and {"com", "org", "香港"} <= found


def test_tld_list_format_details(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = (
        "// header\n// VERSION: 2099-01-01_00-00-00_UTC\n\n"
        "// ===BEGIN ICANN DOMAINS===\n"
        "// ac : comment\nac\ncom.ac\n  \n*.ck\n!www.ck\nXN--FIQS8S   trailing words\nnet\t// tab\n\n"
        "// ===END ICANN DOMAINS===\n// ===BEGIN PRIVATE DOMAINS===\nprivate-only\n"
    )
    path = tmp_path / "psl.dat"
    path.write_text(text, encoding="utf-8")
    found, version = _load_from(path, monkeypatch)
    assert (found, version) == _reference(text)
    assert found == {"ac", "ck", "xn--fiqs8s", "net"} and version == "2099-01-01_00-00-00_UTC"
    path.write_text("no sections at all\n", encoding="utf-8")
    assert _load_from(path, monkeypatch) == (frozenset(), "unknown")


def test_import_loads_no_url_parser() -> None:
    """urllib.parse (with ipaddress) is imported by the one rule that quotes (extend_mailto_headers)."""
    assert _after_import("result = [m for m in ('urllib.parse', 'ipaddress') if m in sys.modules]") == []


@settings(max_examples=500)
@given(st.lists(st.text(st.sampled_from("ab.!*/ \t\r\n\v\x1c\x85\u2028\u3000香X"), max_size=12), max_size=12))
def test_tld_scan_is_the_line_by_line_reading_for_any_lines(lines: list[str]) -> None:
    text = "// VERSION: v\n// ===BEGIN ICANN DOMAINS===\n" + "\n".join(lines) + "\n// ===END ICANN DOMAINS===\n"
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "psl.dat"
        path.write_bytes(text.encode("utf-8"))
        with pytest.MonkeyPatch.context() as mp:
            assert _load_from(path, mp) == _reference(text)


# The CLI's argparse help width, read as shutil reads it (without importing shutil).


def test_cli_start_imports_no_shutil(tmp_path: Path) -> None:
    path = tmp_path / "in.txt"
    path.write_text("see example.com\n", encoding="utf-8")
    code = (
        "import sys\nfrom uts58_icu.cli import main\nsys.argv = ['uts58', 'detect', sys.argv[1]]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\nprint('shutil' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == ["see ⸠example.com⸡", "False"]


@pytest.mark.parametrize("columns", [None, "", "0", "x", "-3", "1", "57", "200"])
@pytest.mark.parametrize("lines", [None, "", "0", "12"])
def test_cli_help_width_is_shutils(columns: str | None, lines: str | None, monkeypatch: pytest.MonkeyPatch) -> None:
    import shutil

    from uts58_icu.cli import _terminal_columns

    for name, value in (("COLUMNS", columns), ("LINES", lines)):
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)
    assert _terminal_columns() == shutil.get_terminal_size().columns


# The public names of uts58_icu, imported on first use (PEP 562): every way of reaching them
# gives the same objects as the modules that define them.


def test_every_public_name_is_its_modules_object() -> None:
    import importlib

    import uts58_icu

    where = {name: f"uts58_icu.{module}" for name, module in uts58_icu._FROM.items()}
    where.update(ACCELERATED="uts58_icu.core._accel", ICU_VERSION="uts58_icu._icu", UNICODE_VERSION="uts58_icu._icu")
    assert set(where) | {"__version__"} == set(uts58_icu.__all__)
    for name, module in where.items():
        assert getattr(uts58_icu, name) is getattr(importlib.import_module(module), name), name
    assert set(uts58_icu.__all__) <= set(dir(uts58_icu))
    with pytest.raises(AttributeError, match="has no attribute 'no_such_name'"):
        uts58_icu.no_such_name  # noqa: B018
    with pytest.raises(ImportError):
        exec("from uts58_icu import no_such_name", {})


def test_a_fresh_import_is_lazy_and_gives_every_name() -> None:
    state = _after_import(
        "before = sorted(m for m in sys.modules if m.startswith('uts58_icu.'))\n"
        "names = {}\n"
        "exec('from uts58_icu import *', names)\n"
        "from uts58_icu import find_links, LinkPolicy\n"
        "import uts58_icu.core.detection as d, uts58_icu.linkification.apply as a\n"
        "result = [before, sorted(k for k in names if not k.startswith('__')), sorted(uts58_icu.__all__),\n"
        "          find_links is a.find_links, uts58_icu.Link is d.Link, sorted(set(uts58_icu.__all__) - set(dir(uts58_icu))),\n"
        "          uts58_icu.core is sys.modules['uts58_icu.core'], uts58_icu.linkification.__name__]"
    )
    before, star, all_, same_find, same_link, not_in_dir, core, linkification = state  # type: ignore[misc]
    assert before == ["uts58_icu._icu", "uts58_icu.core", "uts58_icu.core._accel", "uts58_icu.core._speedups"] or (
        before == ["uts58_icu._icu", "uts58_icu.core", "uts58_icu.core._accel"]  # no compiled core
    )
    assert star == sorted(n for n in all_ if not n.startswith("__"))
    assert same_find and same_link and core and not_in_dir == [] and linkification == "uts58_icu.linkification"


def test_type_checkers_see_every_lazy_name_from_its_module() -> None:
    """The ``if TYPE_CHECKING:`` imports of __init__.py (what mypy and pyright read) name
    the same modules as the table the lazy ``__getattr__`` reads, and no module-level
    ``__getattr__`` is visible to them (a typo in ``from uts58_icu import …`` stays an error)."""
    import ast

    import uts58_icu

    tree = ast.parse(Path(uts58_icu.__file__).read_text(encoding="utf-8"))
    seen: dict[str, str] = {}
    hidden: list[str] = []
    for node in tree.body:
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            for imp in node.body:
                assert isinstance(imp, ast.ImportFrom) and imp.level == 1 and imp.module
                seen.update((alias.name, imp.module) for alias in imp.names)
        if isinstance(node, ast.If) and isinstance(node.test, ast.UnaryOp) and isinstance(node.test.op, ast.Not):
            hidden += [f.name for f in node.body if isinstance(f, ast.FunctionDef)]
        assert not (isinstance(node, ast.FunctionDef) and node.name == "__getattr__")
    assert seen == uts58_icu._FROM
    assert sorted(hidden) == ["__dir__", "__getattr__"]


# `uts58 detect` without a policy: the core alone (issue 19, start-up before --jobs forks).


def _cli_modules(tmp_path: Path, *args: str) -> list[object]:
    path = tmp_path / "in.txt"
    path.write_text("see example.com and bob@example.org\n", encoding="utf-8")
    code = (
        "import gc, sys\nfrom uts58_icu.cli import main\n"
        "was = gc.isenabled()\ncode = main([*sys.argv[2:], sys.argv[1]])\n"
        "print(code, 'uts58_icu.linkification' in sys.modules, was == gc.isenabled(), gc.get_freeze_count() > 0)"
    )
    out = subprocess.run([sys.executable, "-c", code, str(path), *args], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    return [lines[0], *lines[-1].split()]


def test_cli_base_path_imports_no_policy_layer(tmp_path: Path) -> None:
    assert _cli_modules(tmp_path, "detect") == ["see ⸠example.com⸡ and ⸠bob@example.org⸡", "0", "False", "True", "True"]
    assert _cli_modules(tmp_path, "detect", "--json")[1:] == ["0", "False", "True", "True"]
    assert _cli_modules(tmp_path, "detect", "--policy", "recommended")[2] == "True"
    assert _cli_modules(tmp_path, "linkify")[2] == "True"  # (recommended by default)
    assert _cli_modules(tmp_path, "linkify", "--policy", "base")[2] == "False"


def test_spoof_checker_is_made_on_first_use_only(tmp_path: Path) -> None:
    """`uts58 detect` (the base) never makes ICU's spoof checker; the §8 homograph checks
    make it once, and ``_icu._SPOOF`` (its old name) is that one checker."""
    code = (
        "import io, sys, contextlib\nfrom uts58_icu import _icu\nfrom uts58_icu.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(['detect', '--json', sys.argv[1]])\n"
        "base = _icu._SPOOF_CHECKER is None\n"
        "checks = _icu.spoof_checks('p\u0430ypal')\n"
        "made = _icu._SPOOF_CHECKER\n"
        "print(base, checks, made is not None and _icu._SPOOF is made and _icu._spoof() is made,\n"
        "      _icu.confusable_skeleton('paypa1') == _icu.confusable_skeleton('paypal'), hasattr(_icu, 'nothing'))"
    )
    path = tmp_path / "in.txt"
    path.write_text("see ünï.com and example.com\n", encoding="utf-8")
    out = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["True", "('mixed-script',)", "True", "True", "False"]


def test_main_gives_the_collector_back_as_it_found_it(tmp_path: Path) -> None:
    """The collector is off during the start-up only: main() leaves it as it found it."""
    import gc

    from uts58_icu.cli import main

    path = tmp_path / "in.txt"
    path.write_text("x.co\n" * 3, encoding="utf-8")
    was = gc.isenabled()
    try:
        for state in (True, False):
            (gc.enable if state else gc.disable)()
            with open(os.devnull, "w") as null, contextlib.redirect_stdout(null):
                assert main(["detect", str(path)]) == 0
                assert main(["detect", str(tmp_path / "missing")]) == 2
            assert gc.isenabled() is state
    finally:
        (gc.enable if was else gc.disable)()


# --jobs as the `uts58` command (python -m uts58_icu): the process ends by os._exit once its
# output is flushed; output, messages and exit codes are those of --jobs 1.


@pytest.mark.skipif(not hasattr(os, "fork") or sys.platform == "darwin", reason="forked workers")
def test_jobs_as_the_command_keeps_output_and_exit_codes(tmp_path: Path) -> None:
    big = tmp_path / "big.txt"
    big.write_text("see example.com/a?b=c and bob@example.org, ünï.com (x.co)\n" * 50_000, encoding="utf-8")
    assert big.stat().st_size > 2 << 20  # more than one range: workers are forked
    runs = {}
    for jobs in ("1", "2"):
        for files in ([big], [big, tmp_path / "missing.txt", big]):
            out = subprocess.run(
                [sys.executable, "-m", "uts58_icu", "detect", "--jobs", jobs, *map(str, files)],
                capture_output=True, timeout=300,
            )
            runs[jobs, len(files)] = (out.returncode, out.stdout, out.stderr)
    for n in (1, 3):
        assert runs["1", n] == runs["2", n]
    assert runs["1", 1][0] == 0 and runs["1", 1][2] == b""
    code, stdout, stderr = runs["2", 3]
    assert code == 2 and stderr.decode().count("\n") == 1 and "missing.txt" in stderr.decode()
    assert stdout.count(b"\n") == 100_000


def test_other_commands_run_with_the_collector_on(tmp_path: Path) -> None:
    """Only detect and linkify keep the collector off until their tables are built; format
    (a stream of any length) runs with it on, as before."""
    code = (
        "import gc, sys\nfrom uts58_icu import cli\nfrom uts58_icu.core import escaping\n"
        "seen = []\norig = escaping.minimal_escape\n"
        "cli_escape = lambda *a, **k: (seen.append(gc.isenabled()), orig(*a, **k))[1]\n"
        "escaping.minimal_escape = cli_escape\n"
        "code = cli.main(['format', '-e', 'http://a.com/ä'])\nprint(code, seen, gc.isenabled())"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[-1] == "0 [True] True"
