"""The §8 linkification layer over the conformant detector.

UTS #58 §8: "A conformant implementation can have a fast low-level detection
algorithm … matching this specification — but then at a higher level
(linkification) apply some additional security checks. The result of such checks
could be to reject particular link detection results entirely, or alter the bounds
of the link." This module is that higher level: every link of
:func:`uts58_icu.core.detection.find_links`, whatever its host kind, passes through
one policy gate (:func:`apply_policy`), which only ever drops a link or moves its
bounds inward — it never creates a link the base algorithm did not find.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Iterator
from dataclasses import replace
from functools import lru_cache, partial
from itertools import islice

from .._icu import idna_to_unicode, spoof_checks
from ..core._accel import FAST_DEFAULT_SCAN
from ..core._classes import patterns
from ..core.detection import (
    SPECIAL_SCHEMES,
    Link,
    ScanOptions,
    _check,
    _find,
    _iter,
    _scan,
    anatomy,
    scan_options,
    tld_set,
)
from ..core.escaping import decode_for_checks
from ..core.termination import Note
from ..core.tlds import default_tlds
from . import _gate, context, rules
from .homographs import homograph_flags
from .policy import DEFAULT_POLICY, LinkPolicy, policy_patterns, resolve_policy

__all__ = ["apply_policy", "explain_notes", "find_links", "iter_links"]

Say = Callable[[int, int, str], None]


def _check_policy(policy: object) -> LinkPolicy:
    return resolve_policy(policy, "base")


def _options(
    text: str, policy: LinkPolicy, emails: bool, schemeless: bool, schemes: Collection[str]
) -> ScanOptions:
    """The base detector's options, plus the single-label hosts the policy links after a scheme.

    A dotless host is only linked right after ``://`` (userinfo never is), so when no
    ``://host`` is in the text the core's authority scan is skipped: same links, and the
    recommended policy costs nothing extra on text without ``://localhost``.
    """
    if not policy.dotless_hosts or not _dotless_after_scheme(policy.dotless_hosts).search(text):
        return scan_options(emails=emails, schemeless=schemeless, schemes=schemes)
    if isinstance(schemes, (tuple, frozenset)) and isinstance(emails, bool) and isinstance(schemeless, bool):
        try:
            return _cached_options(emails, schemeless, schemes, policy.dotless_hosts)
        except TypeError:  # unhashable items: validated (and refused) below
            pass
    return scan_options(emails=emails, schemeless=schemeless, schemes=schemes, dotless_hosts=policy.dotless_hosts)


@lru_cache(maxsize=16)
def _dotless_after_scheme(hosts: frozenset[str]) -> re.Pattern[str]:
    return re.compile("://(?:" + "|".join(re.escape(h) for h in sorted(hosts)) + ")", re.IGNORECASE)


@lru_cache(maxsize=64)
def _cached_options(
    emails: bool, schemeless: bool, schemes: Collection[str], dotless_hosts: frozenset[str]
) -> ScanOptions:
    return scan_options(emails=emails, schemeless=schemeless, schemes=schemes, dotless_hosts=dotless_hosts)


def find_links(
    text: str,
    *,
    tlds: Collection[str] | None = None,
    policy: LinkPolicy | str | None = None,
    emails: bool = True,
    schemeless: bool = True,
    schemes: Collection[str] = (),
) -> list[Link]:
    """All URLs and email addresses in ``text``, in order, non-overlapping.

    ``tlds`` replaces the default set of top-level domains (ICANN section of the
    Public Suffix List); ``'com'``, ``'.com'``, ``'COM'`` and ``'xn--p1ai'`` are
    normalised to lower-case U-labels.
    ``policy`` applies §8 linkification checks; the default (``None``) is exactly the
    conformant base algorithm, and ``LinkPolicy.recommended()`` is the policy for
    text that people will read. ``emails``, ``schemeless`` and ``schemes`` are those
    of the base detector (:func:`uts58_icu.core.detection.find_links`).
    """
    if (
        FAST_DEFAULT_SCAN is not None and type(text) is str and tlds is None
        and emails is True and schemeless is True and schemes == ()
    ):
        if policy is None:
            return FAST_DEFAULT_SCAN(text)  # every default: the compiled core at once
        last = _LAST_FAST  # the compiled gate (issue 19), few steps for short messages
        scanner = last[1] if last[0] is policy else _fast_scanner(policy)
        if scanner is not None:
            out = scanner(text)
            if out is None:
                out = _without_host_cuts(text, policy)  # type: ignore[arg-type]
            if type(out) is list:
                return out  # type: ignore[no-any-return]
            if out is not None:
                return _with_suspects(text, policy, out)  # type: ignore[arg-type]
    _check(text, tlds)
    pol = _check_policy(policy)
    opts = _options(text, pol, emails, schemeless, schemes)
    use = tld_set(tlds)
    links = _find(text, use, opts)
    if pol is DEFAULT_POLICY:
        return links
    gate, config = _gate.gate, _gate.config_of(pol)
    if gate is not None and config is not None and not (pol.cjk_host_cut and _gate.cjk_cut_possible(text)):
        mask = gate(text, links, config, tlds is None)
        if mask is None:  # no rule can touch any link (the compiled gate, issue 19)
            return links
        return _listed(text, _apply_masked(text, links, mask, pol, use, None))
    return _listed(text, apply_policy(text, _with_host_cuts(text, links, pol, use, opts.schemes), pol, tlds=use))


def _listed(text: str, links: Iterable[Link]) -> list[Link]:
    """``list(links)``, the rules reading ``text`` with a memo of its lines (context.remember)."""
    mine = context.remember(text)
    try:
        return list(links)
    finally:
        if mine:
            context.forget(text)


def _gated_defaults(text: str, policy: LinkPolicy) -> list[Link] | None:
    """``find_links(text, policy=policy)`` with every other argument at its default, by the
    compiled core and gate in one call; None when the gate cannot serve the policy or the
    text (the full path then runs)."""
    last = _LAST_FAST
    scanner = last[1] if last[0] is policy else _fast_scanner(policy)
    if scanner is None:
        return None
    out = scanner(text)
    if out is None:
        out = _without_host_cuts(text, policy)
    if out is None or type(out) is list:
        return out  # type: ignore[no-any-return]
    return _with_suspects(text, policy, out)


def _without_host_cuts(text: str, policy: LinkPolicy) -> object:
    """``scan_gated``'s answer where it said that ``cjk_host_cut`` may add a link (None):
    when ``rules.cjk_host_cuts`` adds none to this text, the same scan and gate without
    that rule (whose only effect is the links it adds); None (the full path) otherwise."""
    if rules.cjk_host_cuts(text, tld_set(None), SPECIAL_SCHEMES):
        return None
    args = _fast_args(policy)
    return None if args is None else _gate.scan_gated(*args[:3], False, text)  # type: ignore[misc]


def _fast_scanner(policy: object) -> Callable[[str], object] | None:
    """``scan_gated`` bound to the arguments of ``policy`` (remembered for the last policy),
    or None when the gate cannot serve it."""
    global _LAST_FAST
    scanner = None
    if isinstance(policy, LinkPolicy) and policy is not DEFAULT_POLICY:
        args = _fast_args(policy)
        if args is not None:
            scanner = partial(_gate.scan_gated, *args)  # type: ignore[arg-type]
    _LAST_FAST = (policy, scanner)
    return scanner


def _with_suspects(text: str, policy: LinkPolicy, out: tuple[list[Link], list[int]]) -> list[Link]:
    """The links of a gated scan with those at the suspects' indices through the rules."""
    links, suspects = out  # the links at these indices go through the rules
    return _settle(text, policy, links, suspects)


def _settle(text: str, policy: LinkPolicy, links: list[Link], suspects: Iterable[int]) -> list[Link]:
    """The links of ``scan_gated``'s ``(links, suspects)`` on ``text``: the links at the
    indices ``suspects`` go through the Python rules (also html.c's, per run of text). An
    index written ``~k`` (negative) is a link that only ``context._spelled_at`` may touch
    (a lower-case " at " before it; the gate ruled out every other rule): kept when that
    test passes, through the rules otherwise."""
    mine = context.remember(text)
    try:
        return _settled(text, policy, links, suspects)
    finally:
        if mine:
            context.forget(text)


def _settled(text: str, policy: LinkPolicy, links: list[Link], suspects: Iterable[int]) -> list[Link]:
    result: list[Link] = []
    covered = [0]
    prev = 0
    tlds = tld_set(None)
    for k in suspects:
        spelled = k < 0
        if spelled:
            k = ~k
        plain = links[prev:k]
        if plain and plain[0].start < covered[0]:  # inside an extended mailto: link
            plain = [x for x in plain if x.start >= covered[0]]
        result += plain
        link = links[k]
        if spelled and link.start >= covered[0]:
            # no other rule touches the link: kept when _spelled_at passes it; where it
            # rejects it, context.reject_reason rejects it (by that rule or one before)
            if context._spelled_at(text, link) is None:
                result.append(link)
            elif not (policy.reject_obfuscated_addresses and not _has_scheme(link)):
                result += _apply(text, (link,), policy, tlds, None, covered)
        else:
            result += _apply(text, (link,), policy, tlds, None, covered)
        prev = k + 1
    plain = links[prev:]
    if plain and plain[0].start < covered[0]:
        plain = [x for x in plain if x.start >= covered[0]]
    result += plain
    return result


def _has_scheme(link: Link) -> bool:
    """context.reject_reason's ``scheme`` of ``link``."""
    if link.kind == "url":  # anatomy(link).has_scheme
        return "://" in link.text and patterns().scheme_prefix.match(link.text) is not None
    return link.text[:7].lower() == "mailto:"


def _fast_args(policy: LinkPolicy) -> tuple[object, ...] | None:
    """The arguments of ``_gate.scan_gated`` before the text for ``policy``, or None."""
    config = _gate.config_of(policy)
    if config is None or _gate.scan_gated is None:
        return None
    hosts = policy.dotless_hosts
    names = _gate.ascii_names(hosts) if hosts else ()
    if names is None:
        return None  # non-ASCII dotless names: the regular expression of the full path
    try:
        opts = _cached_options(True, True, (), hosts)
    except (TypeError, ValueError):
        return None  # the full path raises the error
    return (config, opts.dotless_hosts, names, policy.cjk_host_cut)


_LAST_FAST: tuple[object, Callable[[str], object] | None] = (None, None)


def iter_links(
    text: str,
    *,
    tlds: Collection[str] | None = None,
    policy: LinkPolicy | str | None = None,
    emails: bool = True,
    schemeless: bool = True,
    schemes: Collection[str] = (),
) -> Iterator[Link]:
    """Like :func:`find_links`, lazily."""
    _check(text, tlds)
    pol = _check_policy(policy)
    opts = _options(text, pol, emails, schemeless, schemes)
    use = tld_set(tlds)
    links = _iter(text, use, opts)
    if pol is DEFAULT_POLICY:
        return links
    return _remembered(text, apply_policy(text, _with_host_cuts(text, links, pol, use, opts.schemes), pol, tlds=use))


def _remembered(text: str, links: Iterable[Link]) -> Iterator[Link]:
    """``links``, lazily, the rules reading ``text`` with a memo of its lines, as in
    :func:`_listed` (so a spelt address finds its archive header by the per-text index,
    not by a 20,000-character search each: context._in_spelling_archive)."""
    mine = context.remember(text)
    try:
        yield from links
    finally:
        if mine:
            context.forget(text)


def explain_notes(
    text: str,
    *,
    tlds: Collection[str] | None = None,
    policy: LinkPolicy | str | None = None,
    emails: bool = True,
    schemeless: bool = True,
    schemes: Collection[str] = (),
) -> tuple[list[Link], list[Note]]:
    """Links and every note (rejections, where and why each link ends) for ``text``."""
    _check(text, tlds)
    pol = _check_policy(policy)
    opts = _options(text, pol, emails, schemeless, schemes)
    use = tld_set(tlds)
    trace: list[Note] = []
    base = list(_scan(text, use, trace, opts))

    def say(start: int, end: int, reason: str) -> None:
        trace.append(Note(start, end, reason))

    merged = _with_host_cuts(text, base, pol, use, opts.schemes, say)
    return _listed(text, apply_policy(text, merged, pol, tlds=use, say=say)), trace


def _with_host_cuts(
    text: str,
    links: Iterable[Link],
    policy: LinkPolicy,
    tlds: Collection[str],
    schemes: Collection[str] = SPECIAL_SCHEMES,
    say: Say | None = None,
) -> Iterable[Link]:
    """The base links plus the URLs ``cjk_host_cut`` proposes where no base link is.

    A step past the base (conformance/NOTES.md): the only place where the layer adds a
    link; the host is validated by the core (``link_at``) and the link then passes the
    same policy gate as every other.
    """
    if not getattr(policy, "cjk_host_cut", False):
        return links
    cuts = rules.cjk_host_cuts(text, tlds, schemes)
    if not cuts:
        return links
    return _merge(links, cuts, say)


def _merge(links: Iterable[Link], cuts: list[Link], say: Say | None) -> Iterator[Link]:
    pending = iter(cuts)
    cut = next(pending, None)

    def proposed(c: Link) -> Link:
        if say is not None:
            say(c.start, c.end, "§8 cjk_host_cut: the ASCII host typed after '//' ends where CJK text is glued on")
        return c

    for link in links:
        while cut is not None and cut.end <= link.start:
            yield proposed(cut)
            cut = next(pending, None)
        while cut is not None and cut.start < link.end:  # overlaps a base link: the base wins
            cut = next(pending, None)
        yield link
    while cut is not None:
        yield proposed(cut)
        cut = next(pending, None)


def apply_policy(
    text: str,
    links: Iterable[Link],
    policy: LinkPolicy,
    *,
    tlds: Collection[str] | None = None,
    say: Say | None = None,
) -> Iterator[Link]:
    """The links of ``policy`` from base-algorithm ``links``: each dropped, kept, or narrowed."""
    gate, config = _gate.gate, _gate.config_of(policy)
    if gate is None or config is None or say is not None:
        # explain (say): the rules on every link, so that the notes come in their order
        return _apply(text, links, policy, tlds, say, [0])
    return _apply_gated(text, links, policy, tlds, say, gate, config)


def _apply_gated(
    text: str, links: Iterable[Link], policy: LinkPolicy, tlds: Collection[str] | None, say: Say | None,
    gate: Callable[..., bytes | None], config: tuple[object, ...],
) -> Iterator[Link]:
    """``apply_policy`` with the compiled gate: the links no rule can touch are kept as
    they are, the others go through the rules (``_apply``). Chunks keep it lazy."""
    it = iter(links)
    covered = [0]
    while True:
        chunk = list(islice(it, 256))  # small: iter_links holds one piece of links, not two
        if not chunk:
            return
        # a sure rejection is decided by the gate only where the caller named no TLD
        # (rules.named_tld)
        drops = tlds is None or tlds is default_tlds()
        yield from _apply_masked(text, chunk, gate(text, chunk, config, drops), policy, tlds, say, covered)


def _apply_masked(
    text: str, links: list[Link], mask: bytes | None, policy: LinkPolicy, tlds: Collection[str] | None,
    say: Say | None, covered: list[int] | None = None,
) -> Iterator[Link]:
    if covered is None:
        covered = [0]
    if mask is None and (not links or links[0].start >= covered[0]):
        yield from links
        return
    for k, link in enumerate(links):
        m = 0 if mask is None else mask[k]
        if m == 1:
            yield from _apply(text, (link,), policy, tlds, say, covered)
        elif m == 0 and link.start >= covered[0]:  # not inside an extended mailto: link
            yield link
        # m == 2: a rule rejects it for sure (gate.c)


def _apply(
    text: str, links: Iterable[Link], policy: LinkPolicy, tlds: Collection[str] | None, say: Say | None,
    covered: list[int],
) -> Iterator[Link]:
    """The rules of ``policy`` on each of ``links`` (the reference path)."""
    # covered[0]: end of an extended mailto: link; base links inside it are its header fields
    for base in links:
        for link, note in context.split_glued(text, base, policy, tlds):
            if note is not None and say is not None:
                say(link.start, link.end, note)
            out = _one(text, link, policy, tlds, say)
            if out is None or out.start < covered[0]:
                continue
            # The layer only removes links or moves their bounds inward (a split piece lies
            # inside its base link); the one step outward is extend_mailto_headers.
            assert base.start <= link.start <= out.start < out.end <= link.end <= base.end
            longer = context.extend_mailto(text, out, policy)
            if longer is not None:
                out = longer[0]
                covered[0] = out.end
                if say is not None:
                    say(out.start, out.end, longer[1])
            yield out


def _one(text: str, link: Link, policy: LinkPolicy, tlds: Collection[str] | None, say: Say | None) -> Link | None:
    if policy is DEFAULT_POLICY:
        return link

    def reject(reason: str) -> None:
        if say is not None:
            say(link.start, link.end, reason)

    a = anatomy(link)
    host = text[a.host_start : a.host_end]
    # §8 context (issue 18): mail headers, IRC hostmasks, spelt-out addresses, code.
    why = context.reject_reason(text, link, a, policy)
    if why is not None:
        reject(why)
        return None
    # of the base link's host (before narrow), read only for a link the context rules keep
    is_ip = link.kind == "url" and (host.startswith("[") or bool(patterns().ipv4.fullmatch(host)))
    pp = policy_patterns()
    # §8 "alter the bounds": the recommended rules that move a link's bounds inward.
    narrowed = rules.narrow(text, link, a, policy, tlds, reject)
    if narrowed is None:
        return None
    if narrowed is not link:
        link, a = narrowed, anatomy(narrowed)
        host = text[a.host_start : a.host_end]
    if policy.require_identifier_allowed and not is_ip:
        unicode_host, _ = idna_to_unicode(host)
        bad = pp.not_allowed.search(unicode_host.replace(".", ""))
        if bad:
            reject(f"§8 Identifier_Status: {bad.group()!r} (U+{ord(bad.group()):04X}) is not Allowed")
            return None
    homographs: tuple[str, ...] = ()
    if (policy.spoof_check or policy.reject_spoof or policy.idn_display != "unicode") and not is_ip and (
            not host.isascii() or "xn--" in host.lower()):  # else ToUnicode is ASCII: no flags
        homographs = homograph_flags(host, tlds)  # UTS #39 skeletons (issue 9 item 3)
    if (policy.spoof_check or policy.reject_spoof) and not is_ip:
        unicode_host, _ = idna_to_unicode(host)
        failed = tuple(sorted(
            {c for label in unicode_host.split(".") if label for c in spoof_checks(label)} | set(homographs)
        ))
        if failed and policy.reject_spoof:
            reject(f"§8 SpoofChecker: host fails {', '.join(failed)}")
            return None
        link = replace(link, spoof=failed)
    bidi = patterns().bidi_or_ignorable
    if policy.idn_display == "punycode_if_confusable" and not is_ip and (
            homographs or (not host.isascii() and bidi.search(host))):
        # browser-style IDN display; also for a host holding an invisible character (a ZWJ
        # after a virama is valid IDNA): its escape in a host would mean nothing, and the
        # text around it could pass for another host (``क्%E2%80%8Dаррӏе.com``)
        link = replace(link, punycode_host=True)
    # §8 reads what people see: Link.display decodes %XX escapes (issue 9 item 2).
    # (an ASCII text holds none of them; without "%" the decoded text is the text: one search)
    if policy.bidi_controls != "allow" and ((not link.text.isascii() and bidi.search(link.text))
                                            or ("%" in link.text and bidi.search(decode_for_checks(link.text)))):
        if policy.bidi_controls == "reject":
            reject("§8 Bidi_Control or default-ignorable character in the link")
            return None
        link = replace(link, escape_invisibles=True)
    if policy.max_link_length is not None and len(link.text) > policy.max_link_length:
        reject(f"§8 length: {len(link.text)} > max_link_length {policy.max_link_length}")
        return None
    if link.kind == "url" and policy.max_part_length is not None:
        longest = max((len(s) for s in _part_lengths(text[a.after : link.end])), default=0)
        if longest > policy.max_part_length:
            reject(f"§8 length: a part of {longest} > max_part_length {policy.max_part_length}")
            return None
    # §8 "reject particular link detection results": schemeless file names, code, abbreviations.
    why = rules.reject_reason(text, link, a, policy, tlds) if not is_ip else None
    if why is not None:
        reject(why)
        return None
    return link


def _part_lengths(rest: str) -> list[str]:
    """Path, query and fragment pieces of ``rest`` (text after the host and port)."""
    pieces = []
    for sep in "#?":
        rest, found, tail = rest.partition(sep)
        if found:
            pieces.append(sep + tail)
    pieces.append(rest)
    return pieces
