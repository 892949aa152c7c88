"""Top-level domains: the ICANN section of the Public Suffix List.

The list comes from the ``publicsuffixlist`` package, which is released with
each PSL update, so ``pip install -U publicsuffixlist`` refreshes it (its own
``python -m publicsuffixlist.update`` downloads the newest list in place).
Callers can pass their own set of TLDs to the detection functions instead.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

__all__ = ["TldSource", "default_tlds", "tld_source"]


@dataclass(frozen=True)
class TldSource:
    """Where the default TLD set comes from, and how fresh it is."""

    path: str
    version: str  # the PSL's own "VERSION:" line, e.g. "2026-10-22_08-36-41_UTC"
    count: int


def _psl_path() -> str:
    import publicsuffixlist

    return str(publicsuffixlist.PSLFILE)


@lru_cache(maxsize=1)
def _load() -> tuple[frozenset[str], TldSource]:
    path = _psl_path()
    tlds: set[str] = set()
    version = "unknown"
    in_icann = False
    with open(path, encoding="utf-8") as f:
        for raw in f:
            line = raw.strip()
            m = re.match(r"//\s*VERSION:\s*(\S+)", line)
            if m:
                version = m.group(1)
            if "===BEGIN ICANN DOMAINS===" in line:
                in_icann = True
            elif "===END ICANN DOMAINS===" in line:
                in_icann = False
            elif in_icann and line and not line.startswith("//"):
                rule = line.split()[0].lstrip("!")
                tlds.add(rule.rsplit(".", 1)[-1].lower())
    tlds.discard("*")
    frozen = frozenset(tlds)
    return frozen, TldSource(str(path), version, len(frozen))


def default_tlds() -> frozenset[str]:
    """The default TLD set, in Unicode (U-label) lowercase form, e.g. ``'com'``, ``'香港'``."""
    return _load()[0]


def tld_source() -> TldSource:
    """The source file, PSL version and size of :func:`default_tlds`."""
    return _load()[1]
