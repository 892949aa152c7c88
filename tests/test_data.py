"""The locator for published files: env dir, then cache, then download; clear failures."""

from __future__ import annotations

import urllib.error
from pathlib import Path

import pytest

from uts58_icu import data


def test_env_dir_wins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    f = tmp_path / "17.0.0" / "linkification" / "LinkTerm.txt"
    f.parent.mkdir(parents=True)
    f.write_text("x")
    monkeypatch.setenv("UTS58_DATA_DIR", str(tmp_path))
    assert data.locate("LinkTerm.txt") == f


def test_cache_then_download(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("UTS58_DATA_DIR", raising=False)
    monkeypatch.delenv("UTS58_NO_DOWNLOAD", raising=False)
    monkeypatch.setenv("UTS58_CACHE_DIR", str(tmp_path))
    calls: list[str] = []

    class Resp:
        def __enter__(self) -> "Resp":
            return self

        def __exit__(self, *a: object) -> None:
            return None

        def read(self) -> bytes:
            return b"downloaded"

    def fake_urlopen(url: str, timeout: float) -> Resp:
        calls.append(url)
        return Resp()

    monkeypatch.setattr(data.urllib.request, "urlopen", fake_urlopen)
    p = data.locate("LinkEmail.txt")
    assert p == tmp_path / "17.0.0" / "linkification" / "LinkEmail.txt"
    assert p.read_bytes() == b"downloaded"
    assert calls == ["https://www.unicode.org/Public/17.0.0/linkification/LinkEmail.txt"]
    assert data.locate("LinkEmail.txt") == p  # now from the cache
    assert len(calls) == 1


def test_failure_says_how_to_provide(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("UTS58_DATA_DIR", raising=False)
    monkeypatch.delenv("UTS58_NO_DOWNLOAD", raising=False)
    monkeypatch.setenv("UTS58_CACHE_DIR", str(tmp_path))

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


def test_published_version() -> None:
    assert data.published_version("17.0") == "17.0.0"
    assert data.published_version("15.0") is None
