"""Homograph detection for hosts (§8, UTS #39 §4 and §5), on ICU's confusable data.

Since ICU 58 the single-string ``SpoofChecker.check`` no longer evaluates the
whole-script and mixed-script *confusable* flags (UTS #39 defines them between
two strings), so :func:`uts58_icu._icu.spoof_checks` never reports them. This
module uses what ICU does offer — confusable skeletons (``getSkeleton``) and the
restriction-level check — to answer the question a browser asks before it shows
a host in Unicode: *is this host confusable with an ASCII host?*

A host is **confusable with an ASCII host** when

* it holds a non-ASCII character (after UTS #46 ToUnicode), and
* its skeleton is all ASCII — so the ASCII string with that skeleton is a host
  that looks the same (``аррӏе.com`` → ``apple.corn``, the skeleton of
  ``apple.com``), and
* its top-level label is ASCII, or has the skeleton of an ASCII TLD in the TLD
  list (a Cyrillic label under ``.рф`` cannot pass for an ASCII host).

* some non-ASCII label is not all Latin: the host's own script differs from the
  ASCII host's. A Latin-only IDN whose skeleton is ASCII (``bærum.no``, whose
  skeleton is ``baerum.no``) is not flagged: measured on the Public Suffix List,
  that rule flagged 10 of 459 real IDN names, all Norwegian.

The flag names follow UTS #39 §4: ``whole-script-confusable`` when every label
is single-script (``аррӏе.com``); ``mixed-script-confusable`` when a label mixes
scripts (``pаypal.com``).
"""

from __future__ import annotations

from collections.abc import Collection
from functools import lru_cache

from .._icu import confusable_skeleton, idna_to_unicode, scripts_of

__all__ = ["CONFUSABLE_FLAGS", "ascii_lookalike", "homograph_flags"]

#: The flags of :func:`homograph_flags`; any of them means "confusable with an ASCII host".
CONFUSABLE_FLAGS = frozenset({"whole-script-confusable", "mixed-script-confusable"})


@lru_cache(maxsize=8)
def _ascii_tld_skeletons(tlds: frozenset[str]) -> frozenset[str]:
    return frozenset(confusable_skeleton(t) for t in tlds if t.isascii())


def _tld_set(tlds: Collection[str] | None) -> frozenset[str]:
    if tlds is None:
        from ..core.tlds import default_tlds

        tlds = default_tlds()
    return tlds if isinstance(tlds, frozenset) else frozenset(tlds)


def ascii_lookalike(host: str, tlds: Collection[str] | None = None) -> str | None:
    """The skeleton shared with an ASCII host when ``host`` is confusable with one, else None.

    ``host`` may be given in Unicode or Punycode; ``tlds`` defaults to the
    detection TLD list (ICANN section of the Public Suffix List).

    >>> ascii_lookalike("xn--80ak6aa92e.com") in {"apple.corn", "appie.corn"}  # ICU 78, 72
    True
    >>> ascii_lookalike("bücher.de") is None
    True
    """
    uni, ok = idna_to_unicode(host)
    if not ok or not uni:
        return None
    uni = uni.lower().rstrip(".")
    if uni.isascii():
        return None
    skeleton = confusable_skeleton(uni)
    if not skeleton.isascii():
        return None
    tld = uni.rsplit(".", 1)[-1]
    if not tld.isascii() and confusable_skeleton(tld) not in _ascii_tld_skeletons(_tld_set(tlds)):
        return None
    return skeleton


def homograph_flags(host: str, tlds: Collection[str] | None = None) -> tuple[str, ...]:
    """UTS #39-style confusable flags of ``host`` (empty when it is not confusable
    with an ASCII host in another script); see the module docstring.

    >>> homograph_flags("xn--80ak6aa92e.com")
    ('whole-script-confusable',)
    >>> homograph_flags("xn--pypal-4ve.com")
    ('mixed-script-confusable',)
    """
    if ascii_lookalike(host, tlds) is None:
        return ()
    uni, _ = idna_to_unicode(host)
    mixed = other = False
    for label in uni.lower().split("."):
        if label.isascii():
            continue
        scripts = scripts_of(label)
        if len(scripts) > 1:
            mixed = True
        elif scripts and scripts != {"Latn"}:
            other = True
    if mixed:
        return ("mixed-script-confusable",)
    if other:
        return ("whole-script-confusable",)
    return ()  # Latin only: the same script as the ASCII host
