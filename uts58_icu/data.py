"""Locate Unicode's published UTS #58 data and test files.

Search order for ``<version>/linkification/<name>``:

1. ``$UTS58_DATA_DIR/<version>/linkification/<name>`` (laid out like
   ``https://www.unicode.org/Public/``);
2. the directories in :data:`extra_dirs`, then ``tests/data/`` of a source checkout
   or unpacked sdist (verbatim copies of the 17.0.0 files, for the test suite);
3. ``uts58_icu/unicode_tests/``: the two *test* files (``LinkDetectionTest.txt``,
   ``LinkFormattingTest.txt``) ship in the package, so ``uts58 conformance`` runs
   offline after ``pip install``; the property files do not (ICU supplies the properties);
4. the user cache directory (``$UTS58_CACHE_DIR``, else the platform's cache
   dir, e.g. ``~/.cache/uts58-icu``);
5. a download from ``https://www.unicode.org/Public/<version>/linkification/<name>``
   into that cache, unless ``$UTS58_NO_DOWNLOAD`` is set (to anything but ``""`` or ``0``).
"""

from __future__ import annotations

import os
import re
import sys
import urllib.error
import urllib.request
from pathlib import Path

__all__ = [
    "FILE_NAMES",
    "DataFileError",
    "cache_dir",
    "check_version",
    "extra_dirs",
    "locate",
    "published_version",
    "search_dirs",
]

BASE_URL = "https://www.unicode.org/Public"
FILE_NAMES = (
    "LinkTerm.txt",
    "LinkBracket.txt",
    "LinkEmail.txt",
    "LinkDetectionTest.txt",
    "LinkFormattingTest.txt",
)
#: Unicode versions for which UTS #58 data files are published.
PUBLISHED_VERSIONS = ("17.0.0",)

#: More directories laid out like ``UTS58_DATA_DIR``, searched after it and before the
#: cache. The test suite's ``conftest.py`` adds the checkout's ``tests/data``.
extra_dirs: list[Path] = []

_VERSION = re.compile(r"[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}")


class DataFileError(FileNotFoundError):
    """A published data file could not be found locally nor downloaded."""


def check_version(version: object) -> str:
    """``version`` if it is a Unicode version like ``'17.0.0'`` (ASCII digits), else raise.

    This keeps every path the locator builds inside its directories: ``'../../etc'``
    is rejected, not joined.
    """
    if not isinstance(version, str):
        raise TypeError(f"version must be a str, not {type(version).__name__}")
    if not _VERSION.fullmatch(version):
        raise ValueError(f"version must look like 17.0.0 (three numbers), got {version!r}")
    return version


def published_version(unicode_version: str) -> str | None:
    """The published file version (``'17.0.0'``) for a ``'17.0'``-style version, if any."""
    for v in PUBLISHED_VERSIONS:
        if v.startswith(unicode_version + "."):
            return v
    return None


def cache_dir() -> Path:
    """The directory where downloaded files are kept."""
    env = os.environ.get("UTS58_CACHE_DIR")
    if env:
        return Path(env)
    if sys.platform == "win32":  # pragma: no cover
        base = Path(os.environ.get("LOCALAPPDATA", Path.home() / "AppData" / "Local"))
    elif sys.platform == "darwin":  # pragma: no cover
        base = Path.home() / "Library" / "Caches"
    else:
        base = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache"))
    return base / "uts58-icu"


def _checkout_data_dir() -> Path | None:
    """``tests/data`` beside the package, in a source checkout or an unpacked sdist."""
    d = Path(__file__).resolve().parent.parent / "tests" / "data"
    return d if d.is_dir() else None


def _package_data_dir() -> Path:
    """``unicode_tests/`` inside the package: Unicode's two test files, verbatim."""
    return Path(__file__).resolve().parent / "unicode_tests"


def _downloads_disabled() -> bool:
    return os.environ.get("UTS58_NO_DOWNLOAD", "") not in ("", "0")


def search_dirs() -> list[Path]:
    """The local directories :func:`locate` searches, in order (the cache last)."""
    dirs: list[Path] = []
    env = os.environ.get("UTS58_DATA_DIR")
    if env:
        dirs.append(Path(env))
    dirs += extra_dirs
    checkout = _checkout_data_dir()
    if checkout is not None:
        dirs.append(checkout)
    dirs.append(_package_data_dir())
    dirs.append(cache_dir())
    return dirs


def locate(name: str, version: str = "17.0.0", *, download: bool = True) -> Path:
    """Path to a published file, downloading it into the cache when needed.

    Raises :class:`DataFileError` with instructions when the file cannot be had.
    """
    if not isinstance(name, str):
        raise TypeError(f"name must be a str, not {type(name).__name__}")
    if name not in FILE_NAMES:
        raise ValueError(f"name must be one of {', '.join(FILE_NAMES)}; got {name!r}")
    check_version(version)
    rel = Path(version) / "linkification" / name
    for base in search_dirs():
        p = base / rel
        if p.is_file():
            return p
    cached = cache_dir() / rel
    url = f"{BASE_URL}/{version}/linkification/{name}"
    problem = "downloads are disabled" + (": UTS58_NO_DOWNLOAD is set" if _downloads_disabled() else "")
    if download and not _downloads_disabled():
        try:
            with urllib.request.urlopen(url, timeout=30) as resp:
                body = resp.read()
            cached.parent.mkdir(parents=True, exist_ok=True)
            tmp = cached.with_suffix(".part")
            tmp.write_bytes(body)
            tmp.replace(cached)
            return cached
        except (urllib.error.URLError, OSError, TimeoutError) as exc:
            problem = f"downloading {url} failed: " + " ".join(str(exc).split())
    # One line (a command prints it as is): what is missing, why, and the three remedies.
    raise DataFileError(
        f"cannot find {rel} ({problem}). Provide it in one of these ways: set UTS58_DATA_DIR "
        f"to a directory laid out like {BASE_URL}/ (holding {rel}); put the file at {cached}; "
        f"or allow the download of {url}"
    )
