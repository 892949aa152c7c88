"""The locator for published files, and the verbatim copies in tests/data (issue 10)."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import urllib.error
from pathlib import Path

import pytest

import uts58_icu
from uts58_icu import data

REPO = Path(__file__).resolve().parent.parent
TEST_DATA = REPO / "tests" / "data"
SHARED = REPO.parent / "shared" / "unicode"

#: SHA-256 of Unicode's files as published at https://www.unicode.org/Public/17.0.0/linkification/
PUBLISHED_SHA256 = {
    "LinkBracket.txt": "d095d8156ad5ce49527fd6a20dbb51df05c7585ca081e3c745809d4ccaa9d5bc",
    "LinkDetectionTest.txt": "b57ea7e297b5fc4b8e6e93322a578d8a25ac44cbfaf0f931d5ad682be4887ddb",
    "LinkEmail.txt": "bab2d8476fb73fa62895a73edd3d87c5e49e9664035ccf4d841a17a44bb1ebb9",
    "LinkFormattingTest.txt": "c90e3882d8dcedabc0b615b65e1b5e44302c8662c5136cb25ba28b3cb4081dd1",
    "LinkTerm.txt": "b5c3b78099278cf6c2dcc9e3730c6638b60f4464f35c5894e08339902e7b1138",
    "ReadMe.txt": "aca18d833677d7b1faf87da4713ea38051d5e42d9710b37b3a8bdec336566b40",
}


@pytest.fixture
def isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """No UTS58_DATA_DIR, no tests/data, an empty cache in tmp_path/cache; downloads on."""
    monkeypatch.delenv("UTS58_DATA_DIR", raising=False)
    monkeypatch.delenv("UTS58_NO_DOWNLOAD", raising=False)
    monkeypatch.setenv("UTS58_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(data, "extra_dirs", [])
    monkeypatch.setattr(data, "_checkout_data_dir", lambda: None)
    return tmp_path


class _Resp:
    def __enter__(self) -> "_Resp":
        return self

    def __exit__(self, *a: object) -> None:
        return None

    def read(self) -> bytes:
        return b"downloaded"


def _layout(base: Path, name: str, body: str = "x") -> Path:
    f = base / "17.0.0" / "linkification" / name
    f.parent.mkdir(parents=True, exist_ok=True)
    f.write_text(body)
    return f


def test_tests_data_are_verbatim_copies() -> None:
    d = TEST_DATA / "17.0.0" / "linkification"
    assert sorted(p.name for p in d.iterdir()) == sorted(PUBLISHED_SHA256)
    for name, digest in PUBLISHED_SHA256.items():
        assert hashlib.sha256((d / name).read_bytes()).hexdigest() == digest, name
        if (SHARED / "17.0.0" / "linkification" / name).is_file():  # the project's own copy
            assert (d / name).read_bytes() == (SHARED / "17.0.0" / "linkification" / name).read_bytes()
    assert (d / "LinkTerm.txt").read_bytes().startswith(b"# LinkTerm.txt\n# Date: 2025-12-26")
    assert b"terms_of_use" in (d / "LinkDetectionTest.txt").read_bytes()[:1000]  # license header kept


def test_order_env_dir_then_tests_data_then_cache(isolated: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    env_dir, extra, cache = isolated / "env", isolated / "extra", isolated / "cache"
    in_cache = _layout(cache, "LinkTerm.txt")
    assert data.locate("LinkTerm.txt") == in_cache
    monkeypatch.setattr(data, "_checkout_data_dir", lambda: TEST_DATA)
    assert data.locate("LinkTerm.txt") == TEST_DATA / "17.0.0" / "linkification" / "LinkTerm.txt"
    monkeypatch.setattr(data, "extra_dirs", [extra])
    in_extra = _layout(extra, "LinkTerm.txt")
    assert data.locate("LinkTerm.txt") == in_extra
    monkeypatch.setenv("UTS58_DATA_DIR", str(env_dir))
    assert data.locate("LinkTerm.txt") == in_extra  # env dir without the file: next one
    in_env = _layout(env_dir, "LinkTerm.txt")
    assert data.locate("LinkTerm.txt") == in_env
    assert data.search_dirs() == [env_dir, extra, TEST_DATA, data._package_data_dir(), cache]


def test_checkout_tests_data_is_found_without_any_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("UTS58_DATA_DIR", raising=False)
    monkeypatch.setattr(data, "extra_dirs", [])
    monkeypatch.setenv("UTS58_NO_DOWNLOAD", "1")
    if data._checkout_data_dir() is None:
        pytest.skip("uts58_icu is imported from an installed copy, not from this checkout")
    for name in data.FILE_NAMES:
        assert data.locate(name) == TEST_DATA / "17.0.0" / "linkification" / name


def test_cache_then_download(isolated: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []

    def fake_urlopen(url: str, timeout: float) -> _Resp:
        calls.append(url)
        return _Resp()

    monkeypatch.setattr(data.urllib.request, "urlopen", fake_urlopen)
    p = data.locate("LinkEmail.txt")
    assert p == isolated / "cache" / "17.0.0" / "linkification" / "LinkEmail.txt"
    assert p.read_bytes() == b"downloaded"
    assert calls == ["https://www.unicode.org/Public/17.0.0/linkification/LinkEmail.txt"]
    assert data.locate("LinkEmail.txt") == p  # now from the cache
    assert len(calls) == 1


@pytest.mark.parametrize("value", ["1", "yes"])
def test_no_download(isolated: Path, monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    def never(url: str, timeout: float) -> None:
        raise AssertionError("no download may be tried")

    monkeypatch.setattr(data.urllib.request, "urlopen", never)
    monkeypatch.setenv("UTS58_NO_DOWNLOAD", value)
    with pytest.raises(data.DataFileError, match="UTS58_NO_DOWNLOAD") as info:
        data.locate("LinkTerm.txt")
    assert "UTS58_DATA_DIR" in str(info.value)
    with pytest.raises(data.DataFileError):
        data.locate("LinkTerm.txt", download=False)


def test_failure_says_how_to_provide(isolated: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def fail(url: str, timeout: float) -> None:
        raise urllib.error.URLError("no network")

    monkeypatch.setattr(data.urllib.request, "urlopen", fail)
    with pytest.raises(data.DataFileError, match="UTS58_DATA_DIR") as info:
        data.locate("LinkTerm.txt")
    assert "no network" in str(info.value)


def test_bad_names() -> None:
    with pytest.raises(ValueError, match="LinkTerm.txt"):
        data.locate("Other.txt")
    with pytest.raises(TypeError):
        data.locate(3)  # type: ignore[arg-type]


@pytest.mark.parametrize("version", ["../../../../etc", "17.0.0/..", "17.0", "", "１７.0.0", "17.0.0\n"])
def test_bad_versions_never_become_paths(isolated: Path, version: str) -> None:
    """Issue 9 item 15: no path outside the data directories."""
    with pytest.raises(ValueError, match="17.0.0"):
        data.locate("LinkTerm.txt", version)
    with pytest.raises(TypeError):
        data.check_version(17)


def test_published_version() -> None:
    assert data.published_version("17.0") == "17.0.0"
    assert data.published_version("15.0") is None


def test_missing_file_message_printed_once(tmp_path: Path) -> None:
    """With no data anywhere, each file's instructions appear once in a pytest run, not per test."""
    project = tmp_path / "project"
    shutil.copytree(Path(uts58_icu.__file__).parent, project / "uts58_icu", ignore=shutil.ignore_patterns("__pycache__", "unicode_tests"))
    (project / "tests").mkdir()
    conftest = (REPO / "tests" / "conftest.py").read_text(encoding="utf-8")
    (project / "tests" / "conftest.py").write_text(conftest, encoding="utf-8")
    (project / "tests" / "test_needs_data.py").write_text(
        "import pytest\n"
        "@pytest.fixture(scope='module')\n"
        "def detection(published):\n"
        "    return published('LinkDetectionTest.txt')\n"
        "@pytest.mark.parametrize('i', range(3))\n"
        "def test_module_fixture(detection, i):\n"
        "    pass\n"
        "@pytest.mark.parametrize('i', range(3))\n"
        "def test_direct(published, i):\n"
        "    published('LinkTerm.txt')\n",
        encoding="utf-8",
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith("UTS58_")}
    env.update(UTS58_NO_DOWNLOAD="1", UTS58_CACHE_DIR=str(tmp_path / "empty-cache"))
    env.pop("PYTHONPATH", None)
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"],
        cwd=project, env=env, capture_output=True, text=True, timeout=300,
    )
    text = proc.stdout + proc.stderr
    assert proc.returncode == 1, text
    assert "6 failed" in text or ("3 failed" in text and "3 error" in text), text
    # pytest's own "short test summary info" index repeats each failure's first message (in
    # full when CI is set); the failure reports themselves must hold the instructions once.
    reports = text.split("short test summary info")[0]
    for name in ("LinkDetectionTest.txt", "LinkTerm.txt"):
        assert reports.count(f"/17.0.0/linkification/{name};") == 1, text  # instructions: once
        assert reports.count(f"{name}: see the first failure that names it") >= 2, text
