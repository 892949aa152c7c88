"""Redaction: replace the URLs and email addresses in text (PII removal in data pipelines).

Detection is :func:`uts58_icu.find_links` (the conformant base by default, or a
:class:`~uts58_icu.LinkPolicy`), so non-ASCII local-parts (``σωκράτης@example.gr``)
and non-ASCII paths (``example.com/パス``) are replaced whole, and the punctuation
around a link is kept.

Redaction is for privacy, so it errs toward removing (issue 22 item 7): beyond the
links that detection finds, it replaces an email address inside a URL that is kept
(``?email=bob@example.org``, ``bob%40example.org``), the ``user:password@host`` of a URL
with userinfo (which detection never links), an address whose local-part §5.2 refuses
(``.bob@example.org``: the address after the dot) and ``localhost`` URLs, and it runs
again over its own result until nothing changes (a replacement can end a host that
hid an address: ``bob@example.org.http://x.com``).
"""

from __future__ import annotations

import re
from array import array
from functools import lru_cache
from collections.abc import Callable, Collection, Iterator
from typing import Union

from .._args import require_str
from ..core._classes import patterns
from ..core._pieces import Pieces
from ..core.detection import Link, ScanOptions, _ascii_host, _domain_end, _iter, _mailto, anatomy, scan_options, tld_set
from .apply import iter_links
from .policy import LinkPolicy, resolve_policy

__all__ = ["Replacement", "redact"]

#: What a link is replaced with: a string, a callable given the :class:`Link` that returns
#: the string, or ``None`` to keep links of that kind as they are.
Replacement = Union[str, Callable[[Link], str], None]


def _check_replacement(value: object, name: str) -> None:
    if value is not None and not isinstance(value, str) and not callable(value):
        raise TypeError(f"{name} must be a str, a callable taking a Link, or None, not {type(value).__name__}")


#: At most this many passes (each linear): a replacement that keeps completing new
#: links (a callable returning link text) stops here.
MAX_PASSES = 4

# "scheme://userinfo@": the scheme not glued to letters before it, the userinfo up to the
# last '@' of the authority (WHATWG URL).
_USERINFO = re.compile(r"(?<![A-Za-z0-9+.\-])[A-Za-z][A-Za-z0-9+.\-]*://[^\s/?#\\<>\"'`@]*(?:@[^\s/?#\\<>\"'`@]*)*@")
_AUTHORITY_END = re.compile(r"[^\s/?#\\<>\"'`]*")
# An '@' inside a URL, written or percent-encoded.
_AT_IN_URL = re.compile(r"@|%40", re.IGNORECASE)
# What ends a local-part inside a URL, scanning back from its '@' (query and path syntax).
_URL_LOCAL_STOP = frozenset("/?#&=;:,!$'()*[]<>\"\\")

#: Single-label hosts redaction links after a scheme when no policy is given (as
#: ``LinkPolicy.recommended()`` does): the base scan, plus ``http://localhost:8000/``.
_DOTLESS_HOSTS = frozenset({"localhost"})


@lru_cache(maxsize=1)
def _base_options() -> ScanOptions:
    """The scan of redaction without a policy (made once: it runs an IDNA check)."""
    return scan_options(dotless_hosts=_DOTLESS_HOSTS)


def redact(
    text: str,
    *,
    emails: Replacement = "<EMAIL>",
    urls: Replacement = None,
    policy: LinkPolicy | str | None = None,
    tlds: Collection[str] | None = None,
) -> str:
    """``text`` with each email address replaced by ``emails`` and each URL by ``urls``.

    >>> redact("Write to σωκράτης@example.gr or see example.com/パス.", urls="<URL>")
    'Write to <EMAIL> or see <URL>.'
    >>> redact("mail bob@example.org", emails=lambda link: "<" + link.text.split("@")[1] + ">")
    'mail <example.org>'
    >>> redact("see https://example.com/unsubscribe?email=bob@example.org")
    'see https://example.com/unsubscribe?email=<EMAIL>'
    >>> redact("http://admin:hunter2@db.example.com/x")
    'http://<EMAIL>/x'

    A URL kept (``urls=None``) has the email addresses in it and its
    ``user:password@host`` replaced by ``emails``. Everything outside what is replaced
    is returned unchanged; with both arguments ``None`` the result is ``text``.
    ``policy`` chooses what detection links (default: the conformant base, and
    ``localhost`` URLs); the addresses and credentials above are replaced whatever it
    says. The result is redacted again until nothing changes (at most
    :data:`MAX_PASSES` passes), so ``redact(redact(t)) == redact(t)`` for replacement
    strings that hold no link.
    """
    require_str(text, "text")
    _check_replacement(emails, "emails")
    _check_replacement(urls, "urls")
    # checked even when nothing is replaced; None stays None (the base scan plus localhost)
    policy = None if policy is None else resolve_policy(policy)
    if emails is None and urls is None:
        return text
    tld_lookup = tld_set(tlds)
    out = text
    for _ in range(MAX_PASSES):
        again = _redact_once(out, emails, urls, policy, tlds, tld_lookup)
        if again == out:
            break
        out = again
    return out


def _replace(repl: Replacement, link: Link) -> str:
    new = repl if isinstance(repl, str) else repl(link)  # type: ignore[misc]
    if not isinstance(new, str):
        raise TypeError(f"a replacement callable must return a str, not {type(new).__name__}")
    return new


def _shadow(text: str) -> tuple[str, array[int]]:
    """``text`` with each ``scheme://userinfo@`` written as spaces then ``scheme://``, so
    detection sees the URL's host; and, three numbers each, every ``(start, shadow scheme
    start, host start)``. Offsets after each '@' are unchanged."""
    pieces = Pieces()
    spans = array("q")  # memory: 24 bytes a URL, not a tuple of three ints
    pos = 0
    for m in _USERINFO.finditer(text):
        prefix = text[m.start() : text.index("://", m.start()) + 3]
        host = m.end()
        moved = host - len(prefix)
        pieces.append(text[pos : m.start()])
        pieces.append(" " * (moved - m.start()) + prefix)
        spans.extend((m.start(), moved, host))
        pos = host
    if not spans:
        return text, spans
    pieces.append(text[pos:])
    return pieces.join(), spans


def _loose_emails(text: str, lo: int, hi: int, tlds: Collection[str], in_url: bool) -> Iterator[tuple[int, int]]:
    """Spans of email addresses in ``text[lo:hi]`` that detection may not link: an '@' (or
    ``%40`` in a URL) before a valid domain, after a local-part (leading dots dropped)."""
    seg = text[lo:hi]
    if "@" not in seg and not (in_url and "%" in seg):
        return
    email_char = patterns().email_chars
    last = 0
    for m in (_AT_IN_URL.finditer(seg) if in_url else re.finditer("@", seg)):
        if m.start() < last:
            continue
        end = _domain_end(seg, m.end(), tlds)
        if end is None:
            continue
        start = m.start()
        while start > last and email_char.match(seg, start - 1, start).end() == start and not (
            in_url and seg[start - 1] in _URL_LOCAL_STOP
        ):
            start -= 1
        while start < m.start() and seg[start] == ".":
            start += 1
        if start < m.start():
            yield lo + start, lo + end
            last = end


def _email_link(text: str, start: int, end: int) -> Link:
    piece = text[start:end]
    at = piece.rfind("@")
    sep = 1
    if at < 0:
        at, sep = piece.lower().rfind("%40"), 3
    host = piece[at + sep :]
    return Link(start, end, "email", piece, _mailto(piece[:at], _ascii_host(host) or host))


def _credentials(
    text: str, orig: int, host: int, emails: Replacement, urls: Replacement
) -> tuple[int, int, str]:
    """The edit for a ``scheme://userinfo@host`` that no link covers: the whole authority
    by ``urls``, else ``userinfo@host`` by ``emails``."""
    end = _AUTHORITY_END.match(text, host).end()
    if urls is not None:
        return orig, end, _replace(urls, Link(orig, end, "url", text[orig:end], ""))
    cred = text.index("://", orig) + 3
    return cred, end, _replace(emails, _email_link(text, cred, end))


def _redact_once(
    text: str,
    emails: Replacement,
    urls: Replacement,
    policy: LinkPolicy | None,
    tlds: Collection[str] | None,
    tld_lookup: Collection[str],
) -> str:
    # Memory (issue 22 item 10): links come one at a time; the edits and the gaps are kept
    # as numbers in arrays (the replacement strings in a list), and the result is joined a
    # block at a time.
    shadow, userinfo = _shadow(text)
    if policy is None:
        links = _iter(shadow, tld_lookup, _base_options())  # core iter_links, tlds checked
    else:
        links = iter_links(shadow, tlds=tlds, policy=policy)
    # (start, end, replacement), disjoint and in order: link_spans[2k:2k+2], link_new[k]
    link_spans = array("q")
    link_new: list[str] = []
    gaps = array("q")  # text that neither a link nor an edit covers: (start, end) pairs
    pos = 0
    u = 0
    n_userinfo = len(userinfo) // 3

    def edit(start: int, end: int, new: str) -> None:
        link_spans.extend((start, end))
        link_new.append(new)

    def unlinked(orig: int, host: int) -> None:
        nonlocal pos
        if orig >= pos:  # credentials that no link covers go all the same
            start, end, new = _credentials(text, orig, host, emails, urls)
            gaps.extend((pos, start))
            edit(start, end, new)
            pos = end

    for link in links:
        start, cred = link.start, None
        while u < n_userinfo and userinfo[3 * u + 1] <= link.start:
            orig, moved, host = userinfo[3 * u], userinfo[3 * u + 1], userinfo[3 * u + 2]
            u += 1
            if link.start < host:  # this link is that URL: its scheme was moved
                start = orig + (link.start - moved)
                cred = (orig + shadow.index("://", moved) + 3 - moved, anatomy(link).host_end)
            else:
                unlinked(orig, host)
        if start < pos:
            continue
        gaps.extend((pos, start))
        pos = link.end
        repl = emails if link.kind == "email" else urls
        if repl is not None:
            real = Link(start, link.end, link.kind, text[start : link.end], link.href, link.spoof,
                        link.escape_invisibles, link.punycode_host)
            edit(start, link.end, _replace(repl, real))
            continue
        if link.kind == "email" or emails is None:
            continue
        inner = start  # a URL kept: its credentials and the addresses in it go
        if cred is not None:
            edit(cred[0], cred[1], _replace(emails, _email_link(text, cred[0], cred[1])))
            inner = cred[1]
        for s, e in _loose_emails(text, inner, link.end, tld_lookup, True):
            edit(s, e, _replace(emails, _email_link(text, s, e)))
    del links, shadow
    while u < n_userinfo:
        unlinked(userinfo[3 * u], userinfo[3 * u + 2])
        u += 1
    gaps.extend((pos, len(text)))
    gap_spans = array("q")
    gap_new: list[str] = []
    if emails is not None:
        for k in range(0, len(gaps), 2):
            for s, e in _loose_emails(text, gaps[k], gaps[k + 1], tld_lookup, False):
                gap_spans.extend((s, e))
                gap_new.append(_replace(emails, _email_link(text, s, e)))
    del gaps
    if not link_new and not gap_new:
        return text
    # The two lists of edits are each in order and disjoint from each other: merged by start.
    out = Pieces()
    pos = 0
    i = j = 0
    while i < len(link_new) or j < len(gap_new):
        if j == len(gap_new) or (i < len(link_new) and link_spans[2 * i] < gap_spans[2 * j]):
            s, e, new = link_spans[2 * i], link_spans[2 * i + 1], link_new[i]
            i += 1
        else:
            s, e, new = gap_spans[2 * j], gap_spans[2 * j + 1], gap_new[j]
            j += 1
        out.append(text[pos:s])
        out.append(new)
        pos = e
    out.append(text[pos:])
    return out.join()
