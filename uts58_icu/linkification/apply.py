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

from collections.abc import Callable, Collection, Iterable, Iterator

from .._icu import idna_to_unicode, spoof_checks
from ..core._accel import FAST_DEFAULT_SCAN
from ..core._classes import patterns
from ..core.detection import (
    Link,
    _check,
    _find,
    _iter,
    _options,
    _scan,
    _tld_key,
    anatomy,
    link_at,
    scan_options,
    tld_set,
)
from ..core.termination import Note
from .policy import DEFAULT_POLICY, LinkPolicy, policy_patterns

__all__ = ["apply_policy", "explain_notes", "find_links", "iter_links"]

Say = Callable[[int, int, str], None]


def _check_policy(policy: object) -> LinkPolicy:
    if policy is None:
        return DEFAULT_POLICY
    if not isinstance(policy, LinkPolicy):
        raise TypeError(f"policy must be a LinkPolicy or None, not {type(policy).__name__}")
    return policy


def find_links(
    text: str,
    *,
    tlds: Collection[str] | None = None,
    policy: LinkPolicy | None = None,
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
        FAST_DEFAULT_SCAN is not None and type(text) is str and tlds is None and policy is None
        and emails is True and schemeless is True and schemes == ()
    ):
        return FAST_DEFAULT_SCAN(text)  # every default: the compiled core at once
    _check(text, tlds)
    pol = _check_policy(policy)
    use = tld_set(tlds)
    links = _find(text, use, _options(emails, schemeless, schemes, ()))
    if pol is DEFAULT_POLICY:
        return links
    return list(apply_policy(text, links, pol, tlds=use))


def iter_links(
    text: str,
    *,
    tlds: Collection[str] | None = None,
    policy: LinkPolicy | None = None,
    emails: bool = True,
    schemeless: bool = True,
    schemes: Collection[str] = (),
) -> Iterator[Link]:
    """Like :func:`find_links`, lazily."""
    _check(text, tlds)
    pol = _check_policy(policy)
    use = tld_set(tlds)
    links = _iter(text, use, _options(emails, schemeless, schemes, ()))
    if pol is DEFAULT_POLICY:
        return links
    return apply_policy(text, links, pol, tlds=use)


def explain_notes(
    text: str,
    *,
    tlds: Collection[str] | None = None,
    policy: LinkPolicy | None = None,
    emails: bool = True,
    schemeless: bool = True,
    schemes: Collection[str] = (),
) -> tuple[list[Link], list[Note]]:
    """Links and every note (rejections, where and why each link ends) for ``text``."""
    _check(text, tlds)
    pol = _check_policy(policy)
    opts = scan_options(emails=emails, schemeless=schemeless, schemes=schemes)
    use = tld_set(tlds)
    trace: list[Note] = []
    base = list(_scan(text, use, trace, opts))

    def say(start: int, end: int, reason: str) -> None:
        trace.append(Note(start, end, reason))

    return list(apply_policy(text, base, pol, tlds=use, say=say)), trace


def apply_policy(
    text: str,
    links: Iterable[Link],
    policy: LinkPolicy,
    *,
    tlds: Collection[str] | None = None,
    say: Say | None = None,
) -> Iterator[Link]:
    """The links of ``policy`` from base-algorithm ``links``: each dropped, kept, or narrowed."""
    for link in links:
        out = _one(text, link, policy, tlds, say)
        if out is not None:
            # The layer only removes links or moves their bounds inward.
            assert link.start <= out.start < out.end <= link.end
            yield out


def _one(text: str, link: Link, policy: LinkPolicy, tlds: Collection[str] | None, say: Say | None) -> Link | None:
    if policy is DEFAULT_POLICY:
        return link

    def reject(reason: str) -> None:
        if say is not None:
            say(link.start, link.end, reason)

    a = anatomy(link)
    host = text[a.host_start : a.host_end]
    is_ip = link.kind == "url" and (host.startswith("[") or bool(patterns().ipv4.fullmatch(host)))
    pp = policy_patterns()
    if policy.cjk_boundary and link.kind == "url" and not a.has_scheme:
        moved = _cjk_start(text, a.host_start, a.host_end)
        if moved is None:
            reject("§8 CJK boundary: no domain left after moving the start")
            return None
        if moved != link.start:
            narrowed = link_at(text, moved, link.end, "url", tlds=tlds)
            if narrowed is None:
                reject("§8 CJK boundary: what is left after moving the start is not a valid host")
                return None
            link, a = narrowed, anatomy(narrowed)
            host = text[a.host_start : a.host_end]
    if policy.require_identifier_allowed and not is_ip:
        unicode_host, _ = idna_to_unicode(host)
        bad = pp.not_allowed.search(unicode_host.replace(".", ""))
        if bad:
            reject(f"§8 Identifier_Status: {bad.group()!r} (U+{ord(bad.group()):04X}) is not Allowed")
            return None
    if (policy.spoof_check or policy.reject_spoof) and not is_ip:
        unicode_host, _ = idna_to_unicode(host)
        failed = tuple(sorted({c for label in unicode_host.split(".") if label for c in spoof_checks(label)}))
        if failed and policy.reject_spoof:
            reject(f"§8 SpoofChecker: host fails {', '.join(failed)}")
            return None
        link = Link(link.start, link.end, link.kind, link.text, link.href, failed, link.escape_invisibles)
    if policy.bidi_controls != "allow" and patterns().bidi_or_ignorable.search(link.text):
        if policy.bidi_controls == "reject":
            reject("§8 Bidi_Control or default-ignorable character in the link")
            return None
        link = Link(link.start, link.end, link.kind, link.text, link.href, link.spoof, True)
    if policy.max_link_length is not None and len(link.text) > policy.max_link_length:
        reject(f"§8 length: {len(link.text)} > max_link_length {policy.max_link_length}")
        return None
    if link.kind == "url":
        if policy.max_part_length is not None:
            longest = max((len(s) for s in _part_lengths(text[a.after : link.end])), default=0)
            if longest > policy.max_part_length:
                reject(f"§8 length: a part of {longest} > max_part_length {policy.max_part_length}")
                return None
        if policy.guard_false_positives and not a.has_scheme and link.end == a.after and not is_ip:
            labels = [label for label in patterns().separator.split(host) if label]
            if labels and _tld_key(labels[-1]) in policy.file_extension_tlds:
                reject(f"§8 false-positive guard: '.{labels[-1]}' is also a file extension")
                return None
            if all(label.isalpha() for label in labels) and len(labels[0]) == 1 and all(
                len(label) <= 2 for label in labels
            ):
                reject(f"§8 false-positive guard: {host!r} looks like an abbreviation")
                return None
    return link


def _cjk_start(text: str, start: int, host_end: int) -> int | None:
    """§8: move the start after the last change between (lb=ID or lb=SA) and other characters."""
    id_or_sa = policy_patterns().id_or_sa
    sep = patterns().separator.search(text, start, host_end)
    first_label_end = sep.start() if sep else host_end
    new = start
    prev = bool(id_or_sa.match(text, start))
    for i in range(start + 1, first_label_end):
        cur = bool(id_or_sa.match(text, i))
        if cur != prev:
            new = i
        prev = cur
    return new if new < first_label_end else None


def _part_lengths(rest: str) -> list[str]:
    """Path, query and fragment pieces of ``rest`` (text after the host and port)."""
    pieces = []
    for sep in "#?":
        rest, found, tail = rest.partition(sep)
        if found:
            pieces.append(sep + tail)
    pieces.append(rest)
    return pieces
