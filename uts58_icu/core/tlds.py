"""Top-level domains: the ICANN section of the Public Suffix List.

The list comes from the ``publicsuffixlist`` package, which is released with
each PSL update, so ``pip install -U publicsuffixlist`` refreshes it (its own
``python -m publicsuffixlist.update`` downloads the newest list in place).
Callers can pass their own set of TLDs to the detection functions instead.
"""

from __future__ import annotations

import os
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
    # The package's own PSLFILE, found without importing the package (which costs more
    # than reading the list).
    from importlib.util import find_spec

    spec = find_spec("publicsuffixlist")
    if spec is not None and spec.submodule_search_locations:
        path = os.path.join(list(spec.submodule_search_locations)[0], "public_suffix_list.dat")
        if os.path.isfile(path):
            return path
    import publicsuffixlist

    return str(publicsuffixlist.PSLFILE)


_VERSION = re.compile(r"^//\s*VERSION:\s*(\S+)", re.M)
# The line boundaries of str.splitlines other than "\n".
_OTHER_BREAKS = "\r\v\f\x1c\x1d\x1e\x85\u2028\u2029"
# After a "\n", a non-blank, non-comment line's first word: "!" exceptions dropped, up to
# its last "." (starting at the "\n", not "^", lets the scan jump from line to line).
_RULE_TLD = re.compile(r"\n[^\S\n]*(?=\S)(?!//)!*(?:\S*\.)?([^\s.]*)")


@lru_cache(maxsize=1)
def _load() -> tuple[frozenset[str], TldSource]:
    path = _psl_path()
    with open(path, "rb") as f:
        text = f.read().decode("utf-8")  # (a text-mode read decodes more slowly)
    # The header's "// VERSION: …" line, and the ICANN section's rules (one a line, read up
    # to the first whitespace; "//" comments), as publicsuffixlist reads them.
    begin = text.find("===BEGIN ICANN DOMAINS===")
    m = _VERSION.search(text, 0, len(text) if begin < 0 else begin)
    version = m.group(1) if m else "unknown"
    end = text.find("===END ICANN DOMAINS===", begin)
    icann = "" if begin < 0 else text[begin : len(text) if end < 0 else end]
    # One C-level scan of the section (after its BEGIN line) instead of a Python step per
    # line: a rule's last label, as the line-by-line reading (tests/test_startup.py) gets it.
    if any(c in icann for c in _OTHER_BREAKS):  # (rare) the same lines, "\n" between them
        icann = "\n".join(icann.splitlines())
    nl = icann.find("\n")  # the rest of the BEGIN line is not a rule
    labels = set(_RULE_TLD.findall(icann, nl if nl >= 0 else len(icann)))
    tlds = {label.lower() for label in labels}  # (lowered once per distinct label)
    tlds.discard("*")
    frozen = frozenset(tlds)
    return frozen, TldSource(str(path), version, len(frozen))


def default_tlds() -> frozenset[str]:
    """The default TLD set, in Unicode (U-label) lowercase form, e.g. ``'com'``, ``'香港'``."""
    return _load()[0]


def tld_source() -> TldSource:
    """The source file, PSL version and size of :func:`default_tlds`."""
    return _load()[1]
