"""Which :class:`LinkPolicy` fields the compiled gate covers (issue 19).

The compiled gate (``uts58_icu/core/gate.c``) looks at each base link and its
neighbourhood and proves, for most links of prose, that no rule of the policy can
touch it: those links are kept as they are, and only the others go through the
Python rules (:func:`~uts58_icu.linkification.apply.apply_policy`, ``context.py``,
``rules.py``), which stay the reference. The gate is conservative: it never decides
what a rule does, it only sends every link a rule might touch to Python.

Every field of :class:`LinkPolicy` is classified here, once (``tests/test_accel_policy.py``
fails when a field is not): ``GATED`` fields have a "suspect if" test in ``gate.c``,
``SCAN`` fields are options of the base scan (the same for both paths), and a policy
that sets any ``FALLBACK`` field away from its default runs wholly in Python. A new
rule is either given its test in ``gate.c`` and listed in ``GATED``, or listed in
``FALLBACK``.
"""

from __future__ import annotations

from dataclasses import fields
from functools import lru_cache
from typing import Any

from .._icu import confusable_skeleton, idna_to_unicode, unicode_set_ranges
from ..core import _accel
from . import context, rules
from .policy import LinkPolicy

__all__ = ["FALLBACK", "GATED", "SCAN", "config", "cjk_cut_possible", "gate"]

#: Fields whose rules gate.c knows: it sends every link they might touch to Python.
GATED: frozenset[str] = frozenset({
    # the link's characters: non-ASCII, %XX of a byte >= 0x80, "xn--"
    "bidi_controls", "idn_display", "cjk_boundary", "cjk_end", "trim_bidi_controls",
    # lengths
    "max_link_length", "max_part_length",
    # rules.narrow and rules.reject_reason
    "trim_markup", "reject_code_context", "keep_unassigned_email_keys", "reject_patterns",
    "drop_empty_query", "reject_compound_schemes", "reject_code_spans",
    "reject_obfuscated_email_domains", "reject_reverse_dns_names", "reject_file_names",
    "file_extension_tlds", "reject_abbreviations", "guard_false_positives",
    "reject_generic_tld_names",
    # a file-extension TLD with a path, or '{' before: gate.c's tests already send them
    "reject_translated_file_names", "keep_placeholder_hosts",
    # context.py
    "reject_quoted_printable_breaks", "reject_message_ids", "reject_mail_trace_headers",
    "reject_irc_hostmasks", "reject_obfuscated_addresses", "reject_code_expressions",
    "split_glued_urls", "extend_mailto_headers",
    "reject_wrapped_url_tails",  # a name at a line's start after a token with "://" or '@'
    "reject_irc_server_sources",  # a schemeless name followed by " sets ", or one of two names in brackets
    "cut_truncated_urls",  # U+2026 in the link: to Python
    "cut_glued_sentences",  # a path ending in ".Word" after an ASCII letter or digit: to Python
    # cjk_host_cut adds links: cjk_cut_possible() says when rules.cjk_host_cuts must run
    "cjk_host_cut",
    # an email after '@' (a handle) or after ':' or "://" (a URI's scheme); a letter before a URL's scheme
    "reject_fediverse_handles", "reject_protocol_uri_addresses",
    "reject_matrix_ids",  # a schemeless name after ':' (a Matrix id's server): gate.c's ':' before
})
#: Options of the base scan, not rules of the layer.
SCAN: frozenset[str] = frozenset({"dotless_hosts"})
#: Fields the gate does not know: a policy that sets one runs in Python only
#: (UTS #39 checks call ICU on every host, ASCII or not).
FALLBACK: frozenset[str] = frozenset({"require_identifier_allowed", "spoof_check", "reject_spoof"})

_DEFAULTS = LinkPolicy()


def unclassified() -> set[str]:
    """Fields of :class:`LinkPolicy` in none of the three tables (must be empty)."""
    return {f.name for f in fields(LinkPolicy)} - (GATED | SCAN | FALLBACK)


def _class_ranges(cls: str) -> list[tuple[int, int]]:
    """The ranges of a regular-expression class body such as rules._CJK_LETTER_CLASS."""
    out, i = [], 0
    while i < len(cls):
        if i + 2 < len(cls) and cls[i + 1] == "-":
            out.append((ord(cls[i]), ord(cls[i + 2])))
            i += 3
        else:
            out.append((ord(cls[i]), ord(cls[i])))
            i += 1
    return out


@lru_cache(maxsize=1)
def _tables() -> tuple[bytes, tuple[tuple[int, int], ...]]:
    """gate.c's class table (G_* bits per BMP code point) and the astral CJK letters."""
    table = 0
    astral = []
    hiragana = rules._HIRAGANA.pattern.strip("[]")
    for bit, ranges in (
        (0x01, _class_ranges(rules._CJK_LETTER_CLASS)),
        (0x02, _class_ranges(rules._CJK_PUNCT_CLASS)),
        (0x04, _class_ranges(hiragana)),
        (0x08, [(ord(c), ord(c)) for c in rules._GLUE_BEFORE]),
        (0x10, [(ord(c), ord(c)) for c in rules._BIDI_CONTROLS]
         + list(unicode_set_ranges(r"[\p{Bidi_Control}\p{Default_Ignorable_Code_Point}]"))),
        # with 0x01, the letters glued after a host that rules.cjk_host_cuts cuts before
        (0x20, _class_ranges(rules._SA_LETTER_CLASS)),
    ):
        plane = bytearray(0x10000)  # this bit, by slices (no loop per code point)
        for lo, hi in ranges:
            if hi >= 0x10000 and bit == 0x01:
                astral.append((max(lo, 0x10000), hi))
            if lo < 0x10000:  # astral default-ignorables: the core's own flag table
                plane[lo : min(hi, 0xFFFF) + 1] = bytes([bit]) * (min(hi, 0xFFFF) + 1 - lo)
        table |= int.from_bytes(plane, "little")
    return table.to_bytes(0x10000, "little"), tuple(astral)


@lru_cache(maxsize=4096)
def _may_be_confusable(host: str) -> bool:
    """Whether ``homograph_flags(host, tlds)`` may be non-empty for some ``tlds``: the
    non-ASCII host's skeleton is ASCII (homographs.ascii_lookalike without its TLD test)."""
    uni, ok = idna_to_unicode(host)
    if not ok or not uni:
        return False
    uni = uni.lower().rstrip(".")
    return not uni.isascii() and confusable_skeleton(uni).isascii()


@lru_cache(maxsize=32)
def _config(policy: LinkPolicy) -> tuple[Any, ...] | None:
    if unclassified():
        return None
    for name in FALLBACK:
        if getattr(policy, name) != getattr(_DEFAULTS, name):
            return None
    table, astral = _tables()
    return (
        policy.file_extension_tlds,
        rules._INNER_EXTENSIONS,
        rules._REVERSE_DNS_FIRST,
        rules._HOST_TLDS,
        context._CODE_RECEIVERS,
        -1 if policy.max_link_length is None else policy.max_link_length,
        -1 if policy.max_part_length is None else policy.max_part_length,
        table,
        astral,
        None if policy.idn_display == "unicode" else _may_be_confusable,
        _header_bits(),
        # a name not in _header_bits() is a trace header when it starts with one of these
        # (context._is_trace: any other "x-" header; _PERSON_X_HEADERS are in the map)
        (*context._TRACE_PREFIXES, "x-"),
        rules._SITE_TLDS,
        rules._CODE_RECEIVERS,
        rules._host_cue,
        # the rules gate.c decides itself where they are on (its D_* bits): the sure
        # rejections of a plain schemeless name, and two rules that cut a URL
        (0x01 if policy.reject_reverse_dns_names else 0)
        | (0x02 if policy.reject_file_names or policy.guard_false_positives else 0)
        | (0x04 if policy.reject_generic_tld_names else 0)
        | (0x08 if policy.cjk_end else 0)
        | (0x10 if policy.drop_empty_query else 0)
        # the header rules: a link in a message-id or trace header is dropped by gate.c
        | (0x20 if policy.reject_message_ids else 0)
        | (0x40 if policy.reject_mail_trace_headers else 0)
        # the IRC rules: an ident in brackets, a netsplit's two servers (gate.c's sure_irc_*)
        | (0x80 if policy.reject_irc_hostmasks else 0)
        | (0x100 if policy.reject_irc_server_sources else 0)
        # a redacted local-part (``mi***a@``), a name after an '@' split by markup (sure_*)
        | (0x200 if policy.reject_obfuscated_addresses else 0)
        # a schemeless name after '/', '\\' or '$' (rules.reject_reason's first code test)
        | (0x400 if policy.reject_code_context else 0)
        # a host-only name in code: '{', '=', '::' before, '_', '(', '=' after; a code span (sure_code_host)
        | (0x800 if policy.reject_code_spans else 0)
        # a host-only name, then an operator or a statement's ';' (sure_code_operand)
        | (0x1000 if policy.reject_code_expressions else 0),
    )


#: Bits of a header name in :func:`_header_bits` (gate.c's H_*).
H_MSGID, H_TRACE, H_OTHER = 0x01, 0x02, 0x04


@lru_cache(maxsize=1)
def _header_bits() -> dict[str, int]:
    """The header names context.reject_reason knows, each with what its rules do there:
    H_MSGID (in _MSGID_HEADERS: reject_message_ids drops every schemeless link), H_TRACE
    (context._is_trace: reject_mail_trace_headers drops them), H_OTHER (a rule looks at
    the link: "reply-to", "in-reply"), 0 (no rule: a person's ``X-`` header)."""
    other = {"reply-to", "in-reply", *context._BANG_PATH_HEADERS}  # Usenet's Path: a rule looks for "!"
    names = context._MSGID_HEADERS | context._TRACE_HEADERS | context._PERSON_X_HEADERS | other
    return {
        name: (H_MSGID if name in context._MSGID_HEADERS else 0)
        | (H_TRACE if context._is_trace(name) else 0)
        | (H_OTHER if name in other else 0)
        for name in sorted(names)
    }


def config(policy: LinkPolicy) -> tuple[Any, ...] | None:
    """The gate's configuration for ``policy``, or None when the gate cannot serve it."""
    try:
        return _config(policy)
    except TypeError:  # an unhashable field (a subclass): no gate
        return None


_BY_ID: dict[int, tuple[LinkPolicy, tuple[Any, ...] | None]] = {}


@lru_cache(maxsize=16)
def ascii_names(hosts: frozenset[str]) -> tuple[str, ...] | None:
    """``hosts`` as a tuple when every name is ASCII (for :data:`dotless_after_scheme`)."""
    return tuple(sorted(hosts)) if all(h.isascii() for h in hosts) else None


def config_of(policy: LinkPolicy) -> tuple[Any, ...] | None:
    """:func:`config` looked up by identity first (the same policy object is passed on
    every call: ``LinkPolicy.recommended()``), without hashing the dataclass."""
    hit = _BY_ID.get(id(policy))
    if hit is not None and hit[0] is policy:
        return hit[1]
    cfg = config(policy)
    if len(_BY_ID) >= 64:
        _BY_ID.clear()
    _BY_ID[id(policy)] = (policy, cfg)  # keeps the policy alive: its id stays its own
    return cfg


_MODULE = _accel._SPEEDUPS
#: ``gate(text, links, config, allow_drop) -> bytes | None``: per link 0 (no rule can
#: touch it), 1 (a rule may: to Python) or 2 (a rule rejects it for sure; only with
#: ``allow_drop``); None when all are 0. None on the pure-Python path (the tests set it to None
#: to compare both paths in one process).
gate = None if _MODULE is None else _MODULE.gate
#: ``gate_reasons(text, links, config, allow_drop) -> list[int]``: why each link went to
#: Python (a line of gate.c; negative: dropped there).
gate_reasons = None if _MODULE is None else _MODULE.gate_reasons
#: ``dotless_after_scheme(text, hosts) -> bool``: ``'://'`` then one of the ASCII names.
dotless_after_scheme = None if _MODULE is None else _MODULE.dotless_after_scheme
#: ``scan_gated(config, dotless_hosts, names, cjk_host_cut, text)``: the scan and the gate
#: in one call (``apply._gated_defaults``; the text last, for ``functools.partial``).
scan_gated = None if _MODULE is None else _MODULE.scan_gated
#: ``cjk_cut_possible(text) -> bool``: whether ``rules.cjk_host_cuts`` may propose a link.
cjk_cut_possible = None if _MODULE is None else _MODULE.cjk_cut_possible
