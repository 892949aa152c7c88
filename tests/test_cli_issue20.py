"""The ``uts58`` command as a Unix tool (issue 20 items 5–11, issue 22 items 10–11), run as
``python -m uts58_icu`` in a subprocess."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import uts58_icu
from uts58_icu import cli, find_links
from uts58_icu import linkify_text_to_html as linkify_html
from uts58_icu.conformance import LINK_END, LINK_START
from uts58_icu.linkification.policy import LinkPolicy

REPO = Path(__file__).resolve().parent.parent
DATA = REPO / "tests" / "data" / "17.0.0" / "linkification"
#: The package under test: the checkout's, or the installed one (.ci/test_installed.py)
PACKAGE = Path(uts58_icu.__file__).resolve().parent
PACKAGE_DATA = PACKAGE / "unicode_tests" / "17.0.0" / "linkification"


def run(*args: str, stdin: bytes = b"", cwd: Path = REPO, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[bytes]:
    e = dict(os.environ)
    e["PYTHONPATH"] = str(REPO) + os.pathsep + e.get("PYTHONPATH", "")
    e.pop("PYTHONIOENCODING", None)
    e.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "uts58_icu", *args], input=stdin, capture_output=True, cwd=cwd, env=e, timeout=300
    )


# --- item 5: conformance offline after a plain install -------------------------------


def test_package_ships_the_two_test_files_verbatim_and_no_property_file() -> None:
    names = sorted(p.name for p in PACKAGE_DATA.iterdir())
    assert names == ["LinkDetectionTest.txt", "LinkFormattingTest.txt"]
    for name in names:
        assert (PACKAGE_DATA / name).read_bytes() == (DATA / name).read_bytes()  # license header included
        assert b"terms_of_use" in (PACKAGE_DATA / name).read_bytes()[:1000]


def test_conformance_offline_with_only_the_package(tmp_path: Path) -> None:
    """No UTS58_DATA_DIR, no checkout beside the package, no cache, no network: as after
    ``pip install`` of the wheel, run from another directory."""
    site = tmp_path / "site"
    import shutil

    shutil.copytree(PACKAGE, site / "uts58_icu", ignore=shutil.ignore_patterns("__pycache__"))
    env = {k: v for k, v in os.environ.items() if not k.startswith("UTS58_")}
    env.update(PYTHONPATH=str(site), UTS58_NO_DOWNLOAD="1", UTS58_CACHE_DIR=str(tmp_path / "empty-cache"))
    work = tmp_path / "elsewhere"
    work.mkdir()
    proc = subprocess.run(
        [sys.executable, "-m", "uts58_icu", "conformance"], capture_output=True, cwd=work, env=env, timeout=300
    )
    text = proc.stdout.decode("utf-8")
    assert proc.returncode == 0, text + proc.stderr.decode("utf-8")
    assert "344/344" in text and str(site / "uts58_icu" / "unicode_tests") in text


# --- item 6: the JSON record's fields ---------------------------------------------------


def test_json_record_fields_in_order() -> None:
    proc = run("detect", "--json", stdin=b"see example.com\n")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.decode() == (
        '{"file": "-", "start": 4, "end": 15, "kind": "url", "text": "example.com", '
        '"href": "https://example.com"}\n'
    )


# --- item 7: --explain after each line; no final newline; --json --explain --------------


TEXT = "see example.com/a) and\nfoo.zz x\nlast https://a.b.com."  # no final line end


def test_explain_reasons_follow_each_line() -> None:
    proc = run("detect", "--explain", stdin=TEXT.encode())
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.decode().split("\n")
    assert lines[0] == "see ⸠example.com/a⸡) and"
    assert lines[1].startswith("  [17:17] unmatched U+0029 ')'")
    assert lines[2] == "foo.zz x"
    assert lines[3] == "  [23:29] TLD 'zz' is not in the TLD list"
    assert lines[4] == "last ⸠https://a.b.com⸡."  # the reasons are not glued onto it
    assert lines[5].startswith("  [52:52] U+002E '.' at offset 52 ")  # the file's offset, twice
    assert lines[6:] == [""]


def test_explain_without_reasons_keeps_the_input_bytes() -> None:
    proc = run("detect", "--explain", stdin=b"plain text, no line end")
    assert proc.stdout == b"plain text, no line end"


def test_json_explain_records_carry_the_reasons() -> None:
    proc = run("detect", "--json", "--explain", stdin=TEXT.encode())
    assert proc.returncode == 0, proc.stderr
    records = [json.loads(x) for x in proc.stdout.decode().splitlines()]
    assert [(r["kind"], r["text"]) for r in records] == [
        ("url", "example.com/a"), ("rejected", "foo.zz"), ("url", "https://a.b.com"),
    ]
    assert records[0]["reasons"][0].startswith("unmatched U+0029 ')'")
    assert records[1]["reasons"] == ["TLD 'zz' is not in the TLD list"] and records[1]["href"] is None
    for r in records:
        assert TEXT[r["start"] : r["end"]] == r["text"]


# --- item 8: format reads files and stdin; -e URL ----------------------------------------


def test_format_reads_stdin_files_and_dash(tmp_path: Path) -> None:
    f = tmp_path / "t.txt"
    f.write_bytes(b"https://xn--bcher-kva.de/b%C3%BCcher\r\nexample.com/%7Ex\n")
    assert run("format", "-", stdin=b"https://xn--bcher-kva.de/\n").stdout == "https://bücher.de/\n".encode()
    assert run("format", stdin=b"https://xn--bcher-kva.de/").stdout == "https://bücher.de/\n".encode()
    proc = run("format", str(f), "-", stdin=b"a.com/x\n")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.decode() == "https://bücher.de/bücher\nexample.com/%7Ex\na.com/x\n"


def test_format_url_operand_that_is_no_file_hints_at_e(tmp_path: Path) -> None:
    proc = run("format", "https://example.com/")
    assert proc.returncode == 2 and proc.stdout == b""
    err = proc.stderr.decode()
    assert err.count("\n") == 1 and "use -e URL" in err


def test_format_e_then_files(tmp_path: Path) -> None:
    f = tmp_path / "t.txt"
    f.write_text("b.com/%7E\n", encoding="utf-8")
    assert run("format", "-e", "a.com", str(f)).stdout == b"a.com\nb.com/%7E\n"
    assert run("format", "-e", "a.com", stdin=b"never read\n").stdout == b"a.com\n"


# --- item 9: a missing file is reported, the others are done, exit 2 ----------------------


@pytest.mark.parametrize("extra", [[], ["--json"], ["--jobs", "2"], ["--json", "--jobs", "2"]])
def test_missing_file_in_the_middle(tmp_path: Path, extra: list[str]) -> None:
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_text("a x.com\n", encoding="utf-8")
    b.write_text("b y.com\n", encoding="utf-8")
    proc = run("detect", *extra, str(a), str(tmp_path / "nosuch.txt"), str(b))
    assert proc.returncode == 2
    err = proc.stderr.decode()
    assert err == f"uts58: cannot read {tmp_path / 'nosuch.txt'}: No such file or directory\n"
    got = proc.stdout.decode()
    if "--json" in extra:
        assert [json.loads(x)["text"] for x in got.splitlines()] == ["x.com", "y.com"]
    else:
        assert got == "a ⸠x.com⸡\nb ⸠y.com⸡\n"


def test_invalid_utf8_file_is_reported_and_the_next_one_done(tmp_path: Path) -> None:
    bad, good = tmp_path / "bad.txt", tmp_path / "good.txt"
    bad.write_bytes(b"ok x.com\nbad \xff\nnever\n")
    good.write_text("b y.com\n", encoding="utf-8")
    for extra in ([], ["--jobs", "2"]):
        proc = run("detect", *extra, str(bad), str(good))
        assert proc.returncode == 2
        assert proc.stdout.decode() == "ok ⸠x.com⸡\nb ⸠y.com⸡\n"
        assert f"{bad}: invalid UTF-8 at byte offset 13" in proc.stderr.decode()


# --- item 10: one-line errors ---------------------------------------------------------------


def test_missing_data_error_is_one_line() -> None:
    proc = run("conformance", "--version", "99.0.0", env={"UTS58_NO_DOWNLOAD": "1"})
    assert proc.returncode == 2
    err = proc.stderr.decode()
    assert err.count("\n") == 1 and err.startswith("uts58: cannot find 99.0.0/linkification/")
    assert "UTS58_DATA_DIR" in err


def test_no_icu_error_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "icu.py").write_text('raise ImportError("No module named \'icu\'")\n', encoding="utf-8")
    proc = run("detect", env={"PYTHONPATH": f"{tmp_path}{os.pathsep}{REPO}"})
    assert proc.returncode == 2
    err = proc.stderr.decode()
    assert err.count("\n") == 1 and "pip install icukit-pyicu" in err and "pyicu-wheels" in err
    assert "py3-none-any" not in err  # the wheel has a platform tag (issue 20 item 1)


# --- item 11: which core runs is visible ------------------------------------------------------


def test_version_says_which_core() -> None:
    compiled = run("--version").stdout.decode()
    pure = run("--version", env={"UTS58_PURE_PYTHON": "1", "UTS58_REQUIRE_ACCELERATED": "0"}).stdout.decode()
    assert "pure Python" in pure and "UTS58_PURE_PYTHON" in pure and pure.count("\n") == 1
    from uts58_icu import ACCELERATED

    if ACCELERATED:
        assert "compiled core" in compiled


def test_require_accelerated(tmp_path: Path) -> None:
    proc = run("--version", env={"UTS58_PURE_PYTHON": "1", "UTS58_REQUIRE_ACCELERATED": "1"})
    assert proc.returncode != 0
    err = proc.stderr.decode()
    assert "UTS58_REQUIRE_ACCELERATED" in err and "Traceback" not in err
    assert err.count("\n") == 1


# --- issue 22 item 10: one 12 MB-like line, bounded memory, same links ---------------------


@pytest.mark.parametrize("policy", [None, "recommended"])
@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(
    ["x.co", " ", "\t", "a.com/(b)", "`", "_", "'", '"', "::", "=", "/", "$", "bob@", "example.org",
     "http://", "ｘ.com", "詳細は", "。", "e.org://", "(", ")", "**", ".", "@", "&lt;", "&gt;", ";"]
), max_size=60))
@example(parts=[" ", "x.co", " ", "=", " "])  # `x.co = x.co`: an expression across a space (recommended)
def test_cut_pieces_give_the_links_of_the_whole_line(policy: str | None, parts: list[str]) -> None:
    """A long line is scanned in pieces cut after a space or tab (the base; with a policy
    whole, since §8 rules read past spaces): same links as the whole."""
    text = "".join(parts) * 3
    pol = LinkPolicy.recommended() if policy else None
    whole = [(lk.start, lk.end, lk.href) for lk in find_links(text, policy=pol)]
    old = cli.HUGE_BLOCK, cli.HUGE_PIECE
    cli.HUGE_BLOCK, cli.HUGE_PIECE = 0, 7
    try:
        got = [
            (off + lk.start, off + lk.end, lk.href)
            for off, piece in cli._pieces(text, pol) for lk in find_links(piece, policy=pol)
        ]
        pieces = list(cli._pieces(text, pol))
    finally:
        cli.HUGE_BLOCK, cli.HUGE_PIECE = old
    assert "".join(p for _, p in pieces) == text
    assert got == whole


def test_one_long_line_output_equals_the_library(tmp_path: Path) -> None:
    line = ("see x.co and (https://a.com/b_(c)) bob@example.org\t`y.com` " * 40_000) + "end.com"  # 2.3 MB
    f = tmp_path / "long.txt"
    f.write_text(line, encoding="utf-8")
    proc = run("detect", str(f))
    assert proc.returncode == 0, proc.stderr
    marked, pos = [], 0
    for lk in find_links(line):
        marked += [line[pos : lk.start], LINK_START, lk.text, LINK_END]
        pos = lk.end
    marked.append(line[pos:])
    assert proc.stdout.decode() == "".join(marked)
    proc = run("linkify", "--policy", "recommended", str(f))
    assert proc.stdout.decode() == linkify_html(line)
