"""Compiled patterns built from the ICU-derived ranges (never a regex engine's own ``\\p{…}``).

Forward scans use the standard library's ``re``: it compiles a large class into a
bitmap for the BMP, so a membership test costs the same for every script (measured
0.002 µs per katakana character, against 1.2 µs in the ``regex`` module, which tests
the ranges of a class one by one). Backward scans over large classes use ``re`` on a
reversed slice (:func:`run_back`); the ``regex`` module's reverse matching (``(?r)``)
is used where the class is small ASCII (the scheme before a host).
Compiled lazily, once, on first use by detection.
"""

from __future__ import annotations

import sys

if sys.version_info >= (3, 11):
    import re
else:  # possessive quantifiers (*+, ++) came to re in 3.11; the regex package has them
    import regex as re
from functools import lru_cache
from typing import Any

from .._icu import unicode_set_ranges
from .parts import SYNTAX_START_CHARS
from .properties import HARD, INCLUDE, SOFT, _merge, derived, regex_class

__all__ = ["HOST_LABEL_CHAR", "LABEL_SEPARATORS", "patterns", "run_back"]

#: Label separators, as UTS #46 maps them: FULL STOP, IDEOGRAPHIC FULL STOP,
#: FULLWIDTH FULL STOP, HALFWIDTH IDEOGRAPHIC FULL STOP.
LABEL_SEPARATORS = ".\u3002\uFF0E\uFF61"

#: Characters that can stand in a domain label (§1.4: "Characters outside of the valid
#: characters and label separators definitely terminate the domain name"). This is the
#: IDNA2008 shape of PVALID (letters, marks, decimal digits, the hyphen, the CONTEXTO and
#: CONTEXTJ characters and exceptions) plus what UTS #46 maps onto it (upper case,
#: fullwidth forms); whether a candidate really is a valid domain is then decided by ICU's
#: UTS #46 processing.
HOST_LABEL_CHAR = (
    r"[[a-zA-Z0-9\-]"
    r"[[\p{L}\p{Mn}\p{Mc}\p{Nd}\u00B7\u0375\u05F3\u05F4\u0F0B\u3007\u30FB\u200C\u200D]"
    r"-\p{ASCII}-[\u3002\uFF0E\uFF61]]]"
)


def _without(ranges: tuple[tuple[int, int], ...], cps: set[int]) -> tuple[tuple[int, int], ...]:
    out = []
    for lo, hi in ranges:
        start = lo
        for c in sorted(c for c in cps if lo <= c <= hi):
            if start <= c - 1:
                out.append((start, c - 1))
            start = c + 1
        if start <= hi:
            out.append((start, hi))
    return tuple(out)


class _Patterns:
    def __init__(self) -> None:
        import regex  # only needed once detection runs: keeps `import uts58_icu` fast

        d = derived()
        host = regex_class(unicode_set_ranges(HOST_LABEL_CHAR))
        sep = "[" + "".join(f"\\u{ord(c):04X}" for c in LABEL_SEPARATORS) + "]"
        hs = host[:-1] + sep[1:]  # union of both classes
        # Trigger: a label separator followed by a label character. From there a
        # domain run (label characters and separators) is extended backward and forward.
        self.trigger: Any = re.compile(rf"{sep}(?={host})")
        # The same, plus a "://" before a host that has no label separator (a bracketed
        # IPv6 address, or one of ``dotless_hosts``): used only when such a host can occur.
        self.trigger_authority: Any = re.compile(rf"(?P<slashes>://)(?=\[|{host})|{sep}(?={host})")
        self.label_chars: Any = re.compile(rf"{host}*+")
        # Scheme characters (RFC 3986 ``ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )``),
        # scanned backward from "://" with run_back.
        self.scheme_chars: Any = re.compile(r"[A-Za-z0-9+.\-]*+")
        self.port_digits: Any = re.compile(r":([0-9]+)")
        # What may stand between "//" and "@" in a URL authority (WHATWG URL: the
        # authority ends at "/", "?", "#" or "\\"); in plain text, also at white space
        # and at the delimiters "<", ">" and '"'. Scanned both ways.
        # \x1c-\x1f: str.isspace() and re's \s hold them, the regex package's \s (3.10) does not
        self.userinfo_chars: Any = re.compile(r'[^\s\x1c-\x1f/?#@\\<>"]*+')
        self.ipv6_host: Any = re.compile(r"\[[0-9A-Fa-f:.]{2,45}\]")
        self.digits_and_dots: Any = re.compile(r"[0-9.]+")
        self.default_ignorable: Any = re.compile(
            regex_class(unicode_set_ranges(r"[\p{Default_Ignorable_Code_Point}]"))
        )
        self.domain_chars: Any = re.compile(rf"{hs}*+")
        self.separator: Any = re.compile(sep)
        self.wide_separator: Any = re.compile(
            "[" + "".join(f"\\u{ord(c):04X}" for c in LABEL_SEPARATORS if c != ".") + "]"
        )
        self.port: Any = re.compile(r":([0-9]{1,5})(?![0-9])")
        self.scheme_before: Any = regex.compile(r"(?ri)(?<![A-Za-z0-9+.\-])(https?)://")
        self.other_scheme_before: Any = regex.compile(r"(?r)(?:[A-Za-z][A-Za-z0-9+.\-]*:)?//")
        self.scheme_char: Any = re.compile(r"[A-Za-z0-9+.\-]")
        self.scheme_prefix: Any = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*://")
        self.host_stop: Any = re.compile(r"[:/?#]")
        self.ipv4: Any = re.compile(r"[0-9]{1,3}(?:\.[0-9]{1,3}){3}")
        self.href_safe: Any = re.compile(r"[A-Za-z0-9!#$%&()*+,\-./:;=?@\[\]_~]*")
        self.scheme_ip: Any = re.compile(
            r"(?i)https?://"
            r"(?:(?P<v4>[0-9]{1,3}(?:\.[0-9]{1,3}){3})(?![0-9.]*[0-9A-Za-z\-])"
            r"|(?P<v6>\[[0-9A-Fa-f:.]{2,45}\]))"
        )
        # §5.2: Link_Email characters (scanned backward with run_back).
        self.email_chars: Any = re.compile(regex_class(d.email_ranges) + "*+")
        # Fast path for the §3.5.1 loop: runs of Include and Soft characters that
        # cannot start any initiator, terminator or ClearStackOpen sequence.
        syntax = {ord(c) for c in SYNTAX_START_CHARS}
        inc_soft = _without(_merge(d.term_ranges[INCLUDE] + d.term_ranges[SOFT]), syntax)
        self.text_run: Any = re.compile(regex_class(inc_soft) + "++")
        self.hard: Any = re.compile(regex_class(d.term_ranges[HARD]))
        # §8 display ordering: characters that must never be shown raw in ``Link.display``.
        self.bidi_or_ignorable: Any = re.compile(
            regex_class(unicode_set_ranges(r"[\p{Bidi_Control}\p{Default_Ignorable_Code_Point}]"))
        )


@lru_cache(maxsize=1)
def patterns() -> _Patterns:
    """The compiled patterns (built on first use)."""
    return _Patterns()


def run_back(chars: Any, text: str, end: int, floor: int = 0) -> int:
    """Start of the run of ``chars`` (a ``re`` pattern ``[…]*+``) that ends at ``end``.

    Scans a reversed slice, growing it geometrically, so the cost is linear in the
    length of the run; never goes below ``floor``.
    """
    size = 32
    while True:
        lo = max(floor, end - size)
        window = text[lo:end][::-1]
        k: int = chars.match(window).end()
        if k < len(window) or lo == floor:
            return end - k
        size *= 4
