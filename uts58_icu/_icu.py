"""The one module that imports ICU (through PyICU).

Everything else in :mod:`uts58_icu` asks this module for Unicode facts, so the
library always answers for the Unicode version of the ICU it runs on.
"""

from __future__ import annotations

from typing import Any

#: What to install when PyICU is missing (also printed by the ``uts58`` command): one line,
#: naming packages that install as they are, whatever way uts58-icu itself was installed.
INSTALL_MESSAGE = (
    "uts58_icu needs PyICU (the 'icu' module), which is not installed: pip install icukit-pyicu "
    "(ICU 78 in a wheel; Linux x86_64 with glibc 2.35+, macOS arm64) or pyicu-wheels (ICU 77, any platform), "
    "or PyICU (built on the system ICU; needs libicu-dev and pkg-config); "
    "the extras uts58-icu[bundled] and uts58-icu[system] name the same packages"
)


def _running_cli() -> bool:
    """Whether this process is the ``uts58`` command (console script or ``python -m uts58_icu``)."""
    import os
    import sys

    argv = getattr(sys, "orig_argv", [])
    if any(a == "-m" for a in argv) and "uts58_icu" in argv[argv.index("-m") + 1 : argv.index("-m") + 2]:
        return True
    script = os.path.basename(sys.argv[0]) if sys.argv else ""
    return script in ("uts58", "uts58.exe", "uts58-script.py")


try:
    import icu as _icu
except ImportError as exc:  # exercised by subprocess tests
    if _running_cli():  # `uts58 --help` without ICU: the message and exit 2, no traceback
        import sys

        print(f"uts58: {INSTALL_MESSAGE}", file=sys.stderr)
        raise SystemExit(2) from None
    raise ImportError(INSTALL_MESSAGE) from exc

__all__ = [
    "ICU_VERSION",
    "INSTALL_MESSAGE",
    "UNICODE_VERSION",
    "Ranges",
    "bidi_paired_bracket",
    "char_age",
    "char_name",
    "are_confusable",
    "confusable_skeleton",
    "scripts_of",
    "identifier_allowed_ranges",
    "idna_to_ascii",
    "idna_to_ascii_errors",
    "idna_to_unicode",
    "idna_to_unicode_errors",
    "spoof_checks",
    "unicode_set_ranges",
]

Ranges = tuple[tuple[int, int], ...]

#: Version of the ICU library in use, e.g. ``'78.3'``.
ICU_VERSION: str = str(_icu.ICU_VERSION)
#: Unicode version of that ICU, as ``'major.minor'`` (e.g. ``'17.0'``).
UNICODE_VERSION: str = ".".join(str(_icu.UNICODE_VERSION).split(".")[:2])


def unicode_set_ranges(pattern: str) -> Ranges:
    """Evaluate a UnicodeSet pattern with ICU and return inclusive code point ranges."""
    uset = _icu.UnicodeSet(pattern)
    return tuple((ord(a), ord(b)) for a, b in uset.ranges())


def bidi_paired_bracket(cp: int) -> int:
    """Bidi_Paired_Bracket of ``cp`` (``cp`` itself when it has none)."""
    return int(_icu.Char.getBidiPairedBracket(cp))


def char_name(cp: int) -> str:
    """The character's name, or its name alias / code point label when it has none."""
    name = str(_icu.Char.charName(cp))
    if not name:
        name = str(_icu.Char.charName(cp, _icu.UCharNameChoice.EXTENDED_CHAR_NAME))
    return name


def char_age(cp: int) -> str:
    """The Unicode version in which ``cp`` was assigned, as ``'major.minor'``."""
    age = _icu.Char.charAge(cp)
    if isinstance(age, str):
        return ".".join(age.split(".")[:2])
    return f"{age[0]}.{age[1]}"


_IDNA_OPTIONS = (
    _icu.IDNA.USE_STD3_RULES
    | _icu.IDNA.CHECK_BIDI
    | _icu.IDNA.CHECK_CONTEXTJ
    | _icu.IDNA.CHECK_NONTRANSITIONAL_TO_ASCII
    | _icu.IDNA.CHECK_NONTRANSITIONAL_TO_UNICODE
)
_IDNA = _icu.IDNA(_IDNA_OPTIONS)


def idna_to_unicode(name: str) -> tuple[str, bool]:
    """UTS #46 ToUnicode of a domain name: ``(result, ok)``.

    ``ok`` is false when ICU reports any processing error (disallowed code
    points, empty labels, hyphen rules, Bidi or CONTEXTJ rules, bad Punycode).
    """
    info = _icu.IDNAInfo()
    out = _IDNA.nameToUnicode(name, info)
    return str(out), not info.errors()


def idna_to_ascii(name: str) -> tuple[str, bool]:
    """UTS #46 ToASCII of a domain name: ``(result, ok)``."""
    info = _icu.IDNAInfo()
    out = _IDNA.nameToASCII(name, info)
    return str(out), not info.errors()


def identifier_allowed_ranges() -> Ranges:
    """UTS #39 Identifier_Status=Allowed, from ICU (``\\p{Identifier_Status}`` on ICU 75+,
    else the spoof checker's Recommended ∪ Inclusion sets, which define it)."""
    try:
        return unicode_set_ranges(r"[\p{Identifier_Status=Allowed}]")
    except _icu.ICUError:
        sc = _icu.SpoofChecker()
        allowed = _icu.UnicodeSet(sc.getRecommendedUnicodeSet())
        allowed.addAll(sc.getInclusionUnicodeSet())
        return tuple((ord(a), ord(b)) for a, b in allowed.ranges())


_SPOOF_CHECK_NAMES = (
    ("RESTRICTION_LEVEL", "mixed-script"),
    ("MIXED_SCRIPT_CONFUSABLE", "mixed-script-confusable"),
    ("WHOLE_SCRIPT_CONFUSABLE", "whole-script-confusable"),
    ("INVISIBLE", "invisible"),
    ("MIXED_NUMBERS", "mixed-numbers"),
)
#: The spoof checker (made on first use: only the §8 homograph rules need it, and making
#: it costs 4.4 M instructions, which `uts58 detect` would pay at every start).
_SPOOF_CHECKER: Any = None


def _spoof() -> Any:
    """The spoof checker with the checks of :data:`_SPOOF_CHECK_NAMES`."""
    global _SPOOF_CHECKER
    checker = _SPOOF_CHECKER
    if checker is None:
        checker = _icu.SpoofChecker()
        checker.setChecks(
            _icu.USpoofChecks.RESTRICTION_LEVEL
            | _icu.USpoofChecks.MIXED_SCRIPT_CONFUSABLE
            | _icu.USpoofChecks.WHOLE_SCRIPT_CONFUSABLE
            | _icu.USpoofChecks.INVISIBLE
            | _icu.USpoofChecks.MIXED_NUMBERS
        )
        _SPOOF_CHECKER = checker
    return checker


def __getattr__(name: str) -> Any:
    if name == "_SPOOF":  # (the name it had when it was made at import)
        return _spoof()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def spoof_checks(label: str) -> tuple[str, ...]:
    """Names of the UTS #39 checks that ``label`` fails, from ICU's SpoofChecker."""
    result = int(_spoof().check(label))
    return tuple(
        name for flag, name in _SPOOF_CHECK_NAMES if result & int(getattr(_icu.USpoofChecks, flag))
    )


def confusable_skeleton(text: str) -> str:
    """The UTS #39 confusable skeleton of ``text``."""
    return str(_spoof().getSkeleton(0, text))


def idna_to_ascii_errors(name: str) -> tuple[str, int]:
    """UTS #46 ToASCII of a domain name: ``(result, ICU UIDNA_ERROR_* bit set)``.

    For callers that tolerate some errors (detection ignores the CheckHyphens
    position 3–4 rule, as the WHATWG URL standard does).
    """
    info = _icu.IDNAInfo()
    out = _IDNA.nameToASCII(name, info)
    return str(out), int(info.errors())


def idna_to_unicode_errors(name: str) -> tuple[str, int]:
    """UTS #46 ToUnicode of a domain name: ``(result, ICU UIDNA_ERROR_* bit set)``."""
    info = _icu.IDNAInfo()
    out = _IDNA.nameToUnicode(name, info)
    return str(out), int(info.errors())


def are_confusable(a: str, b: str) -> bool:
    """UTS #39: whether ``a`` and ``b`` have the same confusable skeleton (ICU ``areConfusable``)."""
    return bool(_spoof().areConfusable(a, b))


_COMMON_SCRIPTS = frozenset({"Zyyy", "Zinh", "Zzzz"})


def scripts_of(text: str) -> frozenset[str]:
    """ISO 15924 codes of the scripts of ``text``'s characters (Script property),
    Common, Inherited and Unknown left out."""
    out = {str(_icu.Script.getScript(ord(ch)).getShortName()) for ch in set(text)}
    return frozenset(out - _COMMON_SCRIPTS)
