"""Link detection in plain text: URLs (§1.4, §3) and email addresses (§5).

The scan looks for trigger points with one ``regex`` pass over the text (a run of
domain labels joined by label separators), and runs Python code only there:
backward to a scheme or to the start of an email local-part (§5.2, with reverse
matching), forward over a port and through the §3.5.1 termination algorithm.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Collection, Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from ._classes import LABEL_SEPARATORS, patterns
from ._icu import idna_to_ascii, idna_to_unicode
from .email import MAILTO, _email_start
from .termination import _terminate
from .tlds import default_tlds

__all__ = ["Link", "MAX_HOST_LENGTH", "find_links", "iter_links"]

#: A host longer than this (in code points, or in its ASCII form) is not linked (RFC 1035).
MAX_HOST_LENGTH = 253

LinkKind = Literal["url", "email"]


@dataclass(frozen=True, slots=True)
class Link:
    """A link found in text: ``text[start:end] == link.text``."""

    start: int
    end: int
    kind: LinkKind
    text: str
    href: str


def _check(text: object, tlds: object) -> None:
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, not {type(text).__name__}")
    if tlds is not None and (isinstance(tlds, str) or not isinstance(tlds, Collection)):
        raise TypeError(f"tlds must be a collection of str TLDs or None, not {type(tlds).__name__}")


def find_links(text: str, *, tlds: Collection[str] | None = None) -> list[Link]:
    """All URLs and email addresses in ``text``, in order, non-overlapping.

    ``tlds`` replaces the default set of top-level domains (ICANN section of the
    Public Suffix List); give lower-case U-labels such as ``'com'`` or ``'香港'``.
    """
    return list(iter_links(text, tlds=tlds))


def iter_links(text: str, *, tlds: Collection[str] | None = None) -> Iterator[Link]:
    """Like :func:`find_links`, lazily."""
    _check(text, tlds)
    return _iter_links(text, default_tlds() if tlds is None else tlds)


@lru_cache(maxsize=8192)
def _tld_key(label: str) -> str:
    """The lower-case U-label of a label, for TLD lookup ('' when it is not valid)."""
    if label.isascii() and label.isalpha():
        return label.lower()
    out, ok = idna_to_unicode(label)
    return out.lower() if ok else ""


@lru_cache(maxsize=8192)
def _valid_host(host: str) -> bool:
    """Whether ICU's UTS #46 processing accepts the domain, within DNS length."""
    if len(host) > MAX_HOST_LENGTH:
        return False
    _, ok = idna_to_unicode(host)
    if not ok:
        return False
    ascii_form, ok = idna_to_ascii(host)
    return ok and len(ascii_form) <= MAX_HOST_LENGTH


def _labels_ok(text: str, start: int, end: int) -> bool:
    """No empty label in ``text[start:end]`` (a separator at either end, or two in a row)."""
    if text[start] in LABEL_SEPARATORS or text[end - 1] in LABEL_SEPARATORS:
        return False
    sep = patterns().separator
    prev = start - 1
    for m in sep.finditer(text, start, end):
        if m.start() == prev + 1:
            return False
        prev = m.start()
    return True


def _last_label(text: str, start: int, end: int) -> str:
    m = patterns().separator_back.search(text, start, end)
    return text[m.end() : end] if m else text[start:end]


def _iter_links(text: str, tlds: Collection[str]) -> Iterator[Link]:
    p = patterns()
    n = len(text)
    pos = 0
    ip_links = _ip_links(text) if "//" in text else []
    while pos < n:
        m = p.domain_run.search(text, pos)
        # URLs with an IP host (only with an explicit scheme) come in order too.
        while ip_links and (m is None or ip_links[0].start < m.start()):
            link = ip_links.pop(0)
            if link.start >= pos:
                yield link
                pos = link.end
        if m is None:
            return
        run_start, run_end = m.span()
        pos = run_end
        host_end = run_end
        while text[host_end - 1] in LABEL_SEPARATORS and host_end > run_start:
            host_end -= 1
        if host_end == run_start:
            continue
        if not _labels_ok(text, run_start, host_end):
            continue
        if _tld_key(_last_label(text, run_start, host_end)) not in tlds:
            continue
        host = text[run_start:host_end]
        if not _valid_host(host):
            continue

        before = text[run_start - 1] if run_start else ""
        if before == "@":
            # §5: the domain of an email address. If the local-part fails, nothing is linked.
            start = _email_start(text, run_start - 1)
            if start is None or _is_userinfo(text, start):
                continue
            link_text = text[start:host_end]
            href = link_text if link_text.startswith(MAILTO) else MAILTO + link_text
            yield Link(start, host_end, "email", link_text, href)
            pos = host_end
            continue
        if run_end < n and text[run_end] == "@":
            continue  # a local-part, not a host: the email is found at its domain

        link_start = run_start
        scheme = p.scheme_before.match(text, 0, run_start)
        if scheme:
            link_start = scheme.start()
        elif p.other_scheme_before.match(text, 0, run_start):
            continue  # a scheme we do not link ("ftp://…"), or "//host"

        # A trailing FQDN dot is kept only when a path, query or fragment follows.
        after = host_end
        if run_end - host_end == 1 and run_end < n and text[run_end] in "/?#":
            after = run_end
        elif run_end == host_end:
            port = p.port.match(text, host_end)
            if port and int(port.group(1)) <= 65535:
                after = port.end()
        end = _terminate(text, after)
        link_text = text[link_start:end]
        href = link_text if scheme else "https://" + link_text
        yield Link(link_start, end, "url", link_text, href)
        pos = end


def _is_userinfo(text: str, start: int) -> bool:
    """``http://user@host``: the local-part is the userinfo of a URL (deprecated), not an email."""
    return text.startswith("//", start) and bool(patterns().scheme_before.match(text, 0, start + 2))


def _ip_links(text: str) -> list[Link]:
    """URLs whose host is an IPv4 or bracketed IPv6 address, with an explicit scheme."""
    out = []
    p = patterns()
    for m in p.scheme_ip.finditer(text):
        host = m.group("v4") or m.group("v6")
        try:
            if m.group("v4"):
                ipaddress.IPv4Address(host)
            else:
                ipaddress.IPv6Address(host[1:-1])
        except ValueError:
            continue
        after = m.end()
        port = p.port.match(text, after)
        if port and int(port.group(1)) <= 65535:
            after = port.end()
        end = _terminate(text, after)
        out.append(Link(m.start(), end, "url", text[m.start() : end], text[m.start() : end]))
    return out
