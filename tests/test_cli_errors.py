"""Every CLI failure is one clean message and exit 2, never a traceback (issue 9 items 14, 15)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parent.parent
DATA = REPO / "tests" / "data"


def run(
    *args: str, stdin: bytes = b"", cwd: Path = REPO, extra_env: dict[str, str] | None = None,
    **kwargs: Any,
) -> subprocess.CompletedProcess[bytes]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    env.pop("PYTHONIOENCODING", None)
    env.update(extra_env or {})
    if "stdin" not in kwargs and "preexec_fn" not in kwargs:
        kwargs["input"] = stdin
    if "stdout" not in kwargs and "stderr" not in kwargs:
        kwargs["capture_output"] = True
    return subprocess.run(
        [sys.executable, "-m", "uts58_icu", *args], cwd=cwd, env=env, timeout=120, **kwargs
    )


def clean_failure(proc: subprocess.CompletedProcess[bytes], *needles: str) -> str:
    err = (proc.stderr or b"").decode("utf-8", "replace")
    assert proc.returncode == 2, (proc.returncode, err)
    assert "Traceback" not in err and "Exception ignored" not in err, err
    assert err.startswith("uts58: ") or err.startswith("usage:"), err
    for needle in needles:
        assert needle in err, (needle, err)
    return err


posix_only = pytest.mark.skipif(os.name != "posix", reason="closes file descriptors with preexec_fn")


@posix_only
def test_stdin_closed() -> None:
    proc = run("detect", preexec_fn=lambda: os.close(0), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    clean_failure(proc, "standard input is closed")


@posix_only
def test_stdout_closed() -> None:
    proc = run(
        "detect", stdin=subprocess.DEVNULL, preexec_fn=lambda: os.close(1), stderr=subprocess.PIPE
    )
    clean_failure(proc, "standard output is closed")


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("args", [("detect",), ("linkify",), ("detect", "--json"), ("props", "U+0041")])
def test_stdout_on_dev_full(args: tuple[str, ...]) -> None:
    with open("/dev/full", "wb") as full:
        proc = run(*args, stdin=b"see example.com\n" * 3, stdout=full, stderr=subprocess.PIPE)
    clean_failure(proc, "cannot write to standard output", "No space left on device")


def test_errata_missing() -> None:
    proc = run("conformance", "--errata", "/nonexistent")
    clean_failure(proc, "/nonexistent")


def test_errata_malformed(tmp_path: Path) -> None:
    bad = tmp_path / "errata.txt"
    bad.write_text("not\tan erratum\n", encoding="utf-8")
    clean_failure(run("conformance", "--errata", str(bad)), "4 TAB-separated fields")


def test_missing_data() -> None:
    """No published file for this version anywhere, and downloads disabled."""
    proc = run("conformance", "--version", "99.0.0", extra_env={"UTS58_NO_DOWNLOAD": "1"})
    err = clean_failure(proc, "99.0.0/linkification/LinkDetectionTest.txt", "UTS58_DATA_DIR")
    assert err.count("Provide it in one of these ways") == 1


def test_corrupt_data_file(tmp_path: Path) -> None:
    d = tmp_path / "17.0.0" / "linkification"
    d.mkdir(parents=True)
    good = (DATA / "17.0.0" / "linkification" / "LinkDetectionTest.txt").read_bytes()
    (d / "LinkDetectionTest.txt").write_bytes(good[:500] + b"\xff\xfe" + good[500:])
    # The other file, intact, so that an installed copy (no tests/data beside it) gets as far.
    shutil.copy(DATA / "17.0.0" / "linkification" / "LinkFormattingTest.txt", d)
    proc = run("conformance", extra_env={"UTS58_DATA_DIR": str(tmp_path)})
    clean_failure(proc, "not valid UTF-8")


def test_props_write_unwritable() -> None:
    clean_failure(run("props", "--write", "/dev/null/x"), "cannot write to /dev/null/x")


def test_output_encoding_cannot_encode() -> None:
    proc = run("detect", stdin=b"see example.com\n", extra_env={"PYTHONIOENCODING": "latin-1"})
    clean_failure(proc, "U+2E20", "in encoding", "PYTHONIOENCODING=utf-8")


def test_output_encoding_that_can_encode_works() -> None:
    proc = run("linkify", stdin=b"see example.com\n", extra_env={"PYTHONIOENCODING": "latin-1"})
    assert proc.returncode == 0, proc.stderr
    assert b'<a href="https://example.com"' in proc.stdout


@pytest.mark.parametrize("arg", ["U+0x41", "U+\u0664\u0661", "U+_41", "U+ 41", "U+41 ", "U+1234567", "U+110000"])
def test_props_rejects_non_hex_code_points(arg: str) -> None:
    clean_failure(run("props", arg))


@pytest.mark.parametrize(("arg", "row"), [("U+41", "U+0041\t"), ("u+0041", "U+0041\t"), ("U+10FFFF", "U+10FFFF\t"), ("+", "U+002B\t")])
def test_props_accepts_code_points(arg: str, row: str) -> None:
    proc = run("props", arg)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.decode("utf-8").startswith(row)


@pytest.mark.parametrize("version", ["../../../../etc", "17.0.0/../../x", "17.0", "17.0.0.0", "١٧.0.0", ""])
def test_conformance_version_must_be_a_version(version: str) -> None:
    clean_failure(run("conformance", "--version", version), "17.0.0")


def test_conformance_from_another_directory(tmp_path: Path) -> None:
    """The errata ship inside the package: no 'unexpected failures' outside the repo root."""
    proc = run("conformance", cwd=tmp_path)
    text = proc.stdout.decode("utf-8")
    assert proc.returncode == 0, text + proc.stderr.decode("utf-8")
    assert "344/344" in text and " 0 unexpected failures" in text and "unused: 0" in text


def _fake_no_icu(tmp_path: Path) -> dict[str, str]:
    """A PYTHONPATH whose first entry makes ``import icu`` fail, as with no PyICU installed."""
    (tmp_path / "icu.py").write_text('raise ImportError("No module named \'icu\'")\n', encoding="utf-8")
    return {"PYTHONPATH": f"{tmp_path}{os.pathsep}{REPO}"}


@pytest.mark.parametrize("args", [("--help",), ("--version",), ("detect",)])
def test_without_icu_python_m(tmp_path: Path, args: tuple[str, ...]) -> None:
    proc = run(*args, extra_env=_fake_no_icu(tmp_path))
    err = clean_failure(proc, "PyICU", "[bundled]", "[system]")
    assert proc.stdout == b""
    assert err.count("is not installed") == 1  # printed once


def test_without_icu_console_script(tmp_path: Path) -> None:
    """What pip's ``uts58`` console script does, with the script named ``uts58``."""
    script = tmp_path / "bin" / "uts58"
    script.parent.mkdir()
    script.write_text("import sys\nfrom uts58_icu.cli import main\nsys.exit(main())\n", encoding="utf-8")
    env = dict(os.environ, **_fake_no_icu(tmp_path))
    proc = subprocess.run(
        [sys.executable, str(script), "--help"], capture_output=True, env=env, timeout=60
    )
    clean_failure(proc, "PyICU", "[bundled]")


def test_without_icu_import_still_raises_importerror(tmp_path: Path) -> None:
    env = dict(os.environ, **_fake_no_icu(tmp_path))
    proc = subprocess.run(
        [sys.executable, "-c", "import uts58_icu"], capture_output=True, env=env, timeout=60
    )
    assert proc.returncode == 1
    assert b"ImportError" in proc.stderr and b"[bundled]" in proc.stderr
