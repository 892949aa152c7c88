"""Higher-level linkification checks of §8 (Security Considerations), all opt-in.

The defaults of :class:`LinkPolicy` are the conformant base algorithm: no check
is applied, and results match Unicode's test files. Each check cites the §8
paragraph that suggests it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Literal

from .._icu import identifier_allowed_ranges, idna_to_unicode, unicode_set_ranges
from ..core.properties import regex_class

__all__ = ["DEFAULT_FILE_EXTENSION_TLDS", "LinkPolicy"]

#: TLDs that are also common file extensions (``helpers.py``, ``README.md``, ``a.zip``).
DEFAULT_FILE_EXTENSION_TLDS: frozenset[str] = frozenset(
    {"py", "md", "zip", "mov", "rs", "sh", "ps", "pl", "cc", "so", "pm", "ml", "ts", "rb", "cs", "js"}
)


@dataclass(frozen=True)
class LinkPolicy:
    """Opt-in checks applied on top of UTS #58 detection. Immutable; pickles.

    The default instance applies nothing (the conformant base algorithm).
    """

    #: §8: "Some character in a detected domain name label doesn't have the Unicode
    #: property value Identifier_Status=Recommended" — reject hosts with characters
    #: outside UTS #39 Identifier_Status=Allowed.
    require_identifier_allowed: bool = False
    #: §8 and UTS #39: run ICU's SpoofChecker on the host and record the failed
    #: checks on ``Link.spoof`` (mixed-script, confusables, invisible characters).
    spoof_check: bool = False
    #: Reject links whose host fails any SpoofChecker check (implies ``spoof_check``).
    reject_spoof: bool = False
    #: §8: "Some character in a detected link has the Unicode property value
    #: Bidi_Control=Yes" — ``'reject'`` drops such links, ``'escape'`` percent-escapes
    #: Bidi_Control and Default_Ignorable_Code_Point characters in ``Link.display``.
    bidi_controls: Literal["allow", "reject", "escape"] = "allow"
    #: §8: "Many real-world linkifiers and validators have length limits for URLs and
    #: email addresses, either as wholes or for certain Parts" — links longer than this
    #: (code points) are rejected.
    max_link_length: int | None = None
    #: The same, per Path, Query or Fragment part (code points, initiator included).
    max_part_length: int | None = None
    #: §8: "it might move the start boundary so that the domain name doesn't contain two
    #: adjacent characters with different values for (Line_Break=Ideographic OR
    #: Complex_Context)" (``ウェブサイトはexample.com``). Schemeless URLs only.
    cjk_boundary: bool = False
    #: §8: "an implementation might refrain from linkify helpers.py if there is no
    #: scheme before it" and "(eg, M.Sc.)" — reject schemeless host-only candidates
    #: whose TLD is a file extension, or that look like abbreviations.
    guard_false_positives: bool = False
    file_extension_tlds: frozenset[str] = field(default=DEFAULT_FILE_EXTENSION_TLDS)
    #: §8 and UTS #39 §5.2, as browsers display IDNs: ``'punycode_if_confusable'`` shows
    #: a host that is confusable with an ASCII host (``аррӏе.com``) in Punycode in
    #: ``Link.display`` (see :mod:`uts58_icu.linkification.homographs`).
    idn_display: Literal["unicode", "punycode_if_confusable"] = "unicode"

    def __post_init__(self) -> None:
        for name in ("require_identifier_allowed", "spoof_check", "reject_spoof",
                     "cjk_boundary", "guard_false_positives"):
            if not isinstance(getattr(self, name), bool):
                raise TypeError(f"{name} must be a bool, not {type(getattr(self, name)).__name__}")
        if self.bidi_controls not in ("allow", "reject", "escape"):
            raise ValueError(
                f"bidi_controls must be 'allow', 'reject' or 'escape', not {self.bidi_controls!r}"
            )
        if self.idn_display not in ("unicode", "punycode_if_confusable"):
            raise ValueError(
                f"idn_display must be 'unicode' or 'punycode_if_confusable', not {self.idn_display!r}"
            )
        for name in ("max_link_length", "max_part_length"):
            value = getattr(self, name)
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
                raise TypeError(f"{name} must be an int or None, not {type(value).__name__}")
            if value is not None and value < 1:
                raise ValueError(f"{name} must be at least 1, got {value}")
        object.__setattr__(self, "file_extension_tlds", _tld_set(self.file_extension_tlds))

    @property
    def is_default(self) -> bool:
        """Whether this policy applies nothing (the conformant base algorithm)."""
        return self == DEFAULT_POLICY

    @classmethod
    def recommended(cls) -> LinkPolicy:
        """The policy recommended for text that people will read (§8 linkification).

        Used by default by everything that makes links for people (``linkify_html``,
        ``uts58 linkify``, the Markdown and HTML integrations); :func:`find_links`
        keeps the conformant base by default.
        """
        return RECOMMENDED_POLICY


def _tld_set(value: object) -> frozenset[str]:
    """``file_extension_tlds`` as a set of lower-case TLDs without a leading dot.

    A single ``str`` is one TLD (``"py"``, not ``{'p', 'y'}``); ``'.PY'`` is ``'py'``
    (issue 9 item 15).
    """
    items = (value,) if isinstance(value, str) else value
    try:
        seq = list(items)  # type: ignore[call-overload]
    except TypeError:
        raise TypeError(
            f"file_extension_tlds must be a str or a collection of str, not {type(value).__name__}"
        ) from None
    out = set()
    for item in seq:
        if not isinstance(item, str):
            raise TypeError(f"file_extension_tlds must hold str, not {type(item).__name__}")
        tld = item.lower().removeprefix(".")
        if tld.startswith("xn--"):  # compared with U-labels (detection's _tld_key)
            uni, ok = idna_to_unicode(tld)
            tld = uni if ok else tld
        if not tld or "." in tld:
            raise ValueError(f"file_extension_tlds: {item!r} is not a top-level domain")
        out.add(tld)
    return frozenset(out)


DEFAULT_POLICY = LinkPolicy()
RECOMMENDED_POLICY = LinkPolicy(
    guard_false_positives=True, cjk_boundary=True, bidi_controls="escape",
    idn_display="punycode_if_confusable",
)


class _PolicyPatterns:
    def __init__(self) -> None:
        import re

        allowed = identifier_allowed_ranges()
        self.not_allowed: Any = re.compile(regex_class(allowed, negate=True))
        self.id_or_sa: Any = re.compile(
            regex_class(unicode_set_ranges(r"[\p{Line_Break=Ideographic}\p{Line_Break=Complex_Context}]"))
        )


@lru_cache(maxsize=1)
def policy_patterns() -> _PolicyPatterns:
    return _PolicyPatterns()
