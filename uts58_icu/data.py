"""Locate Unicode's published UTS #58 data and test files without vendoring them.

Search order for ``<version>/linkification/<name>``:

1. ``$UTS58_DATA_DIR/<version>/linkification/<name>`` (laid out like
   ``https://www.unicode.org/Public/``);
2. the user cache directory (``$UTS58_CACHE_DIR``, else the platform's cache
   dir, e.g. ``~/.cache/uts58-icu``);
3. a download from ``https://www.unicode.org/Public/<version>/linkification/<name>``
   into that cache.
"""

from __future__ import annotations

import os
import sys
import urllib.error
import urllib.request
from pathlib import Path

__all__ = ["DataFileError", "FILE_NAMES", "cache_dir", "locate", "published_version"]

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


class DataFileError(FileNotFoundError):
    """A published data file could not be found locally nor downloaded."""


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


def locate(name: str, version: str = "17.0.0", *, download: bool = True) -> Path:
    """Path to a published file, downloading it into the cache when needed.

    Raises :class:`DataFileError` with instructions when the file cannot be had.
    """
    if not isinstance(name, str):
        raise TypeError(f"name must be a str, not {type(name).__name__}")
    if name not in FILE_NAMES:
        raise ValueError(f"name must be one of {', '.join(FILE_NAMES)}; got {name!r}")
    rel = Path(version) / "linkification" / name
    env = os.environ.get("UTS58_DATA_DIR")
    if env:
        p = Path(env) / rel
        if p.is_file():
            return p
    cached = cache_dir() / rel
    if cached.is_file():
        return cached
    url = f"{BASE_URL}/{version}/linkification/{name}"
    problem = "downloads are disabled"
    if download and not os.environ.get("UTS58_NO_DOWNLOAD"):
        try:
            with urllib.request.urlopen(url, timeout=30) as resp:  # noqa: S310 - fixed https URL
                body = resp.read()
            cached.parent.mkdir(parents=True, exist_ok=True)
            tmp = cached.with_suffix(".part")
            tmp.write_bytes(body)
            tmp.replace(cached)
            return cached
        except (urllib.error.URLError, OSError, TimeoutError) as exc:
            problem = f"downloading {url} failed: {exc}"
    raise DataFileError(
        f"cannot find {rel} ({problem}). Provide it in one of these ways:\n"
        f"  - set UTS58_DATA_DIR to a directory laid out like {BASE_URL}/ "
        f"(containing {rel});\n"
        f"  - put the file at {cached};\n"
        f"  - allow the download of {url}."
    )
