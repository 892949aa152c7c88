"""Link detection in plain text: URLs (§1.4, §3) and email addresses (§5).

The scan looks for trigger points with one ``regex`` pass over the text (a run of
domain labels joined by label separators), and runs Python code only there:
backward to a scheme or to the start of an email local-part (§5.2, with reverse
matching), forward over a port and through the §3.5.1 termination algorithm.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from .._args import require_str
from ._classes import LABEL_SEPARATORS, patterns, run_back
from .._icu import idna_to_ascii, idna_to_unicode
from ._accel import scanner
from .email import MAILTO, _email_start
from .termination import Note, _terminate
from .tlds import default_tlds

__all__ = ["Link", "LinkAnatomy", "MAX_HOST_LENGTH", "Note", "anatomy", "find_links", "iter_links", "link_at"]

#: A host longer than this (in code points, or in its ASCII form) is not linked (RFC 1035).
MAX_HOST_LENGTH = 253

LinkKind = Literal["url", "email"]

# Characters left as they are in an href (RFC 3986 reserved and unreserved, and "%").
_HREF_SAFE = "!#$%&'()*+,-./:;=?@[]_~"
# In a mailto: local-part, RFC 6068 leaves atext except those with meaning in a URL.
_MAILTO_SAFE = "!$&'*+-./=^_`{|}~"


@dataclass(frozen=True, slots=True)
class Link:
    """A link found in text: ``text[start:end] == link.text``.

    ``href`` is for an ``<a>``: scheme added, ASCII (Punycode) host and
    percent-encoded non-ASCII, ready for any HTTP client. ``display`` is for people:
    minimally escaped (§4) with a Unicode host.
    """

    start: int
    end: int
    kind: LinkKind
    text: str
    href: str
    #: UTS #39 checks the host fails (filled only with ``LinkPolicy(spoof_check=True)``).
    spoof: tuple[str, ...] = ()
    #: Whether Bidi_Control / default-ignorable characters are escaped in ``display``.
    escape_invisibles: bool = False

    @property
    def display(self) -> str:
        """The link for people: minimally escaped (§4.1), Unicode host (UTS #46 ToUnicode)."""
        from .escaping import format_email, minimal_escape, percent_escape

        shown = format_email(self.text) if self.kind == "email" else minimal_escape(self.text)
        if self.escape_invisibles:
            shown = patterns().bidi_or_ignorable.sub(lambda m: percent_escape(m.group()), shown)
        return shown


def _check(text: object, tlds: object) -> None:
    require_str(text, "text")
    if tlds is not None and (isinstance(tlds, (str, bytes, bytearray, memoryview)) or not isinstance(tlds, Collection)):
        raise TypeError(f"tlds must be a collection of str TLDs or None, not {type(tlds).__name__}")


def find_links(text: str, *, tlds: Collection[str] | None = None) -> list[Link]:
    """All URLs and email addresses in ``text``, in order, non-overlapping: exactly §3–§5.

    ``tlds`` replaces the default set of top-level domains (ICANN section of the
    Public Suffix List); give lower-case U-labels such as ``'com'`` or ``'香港'``.
    This is the conformant low-level detector; the §8 linkification layer
    (:mod:`uts58_icu.linkification`) filters its results with a ``LinkPolicy``.
    """
    _check(text, tlds)
    return _find(text, default_tlds() if tlds is None else tlds)


def iter_links(text: str, *, tlds: Collection[str] | None = None) -> Iterator[Link]:
    """Like :func:`find_links`, lazily."""
    _check(text, tlds)
    if scanner() is not None:
        return iter(_find(text, default_tlds() if tlds is None else tlds))
    return _scan(text, default_tlds() if tlds is None else tlds, None)


def _find(text: str, tlds: Collection[str]) -> list[Link]:
    """``list(_scan(text, tlds, None))``: by the compiled core when it is in use (same Links)."""
    fast = scanner()
    if fast is not None:
        return fast(text, tlds)
    return list(_scan(text, tlds, None))


@lru_cache(maxsize=8192)
def _tld_key(label: str) -> str:
    """The lower-case U-label of a label, for TLD lookup ('' when it is not valid)."""
    if label.isascii() and label.isalpha():
        return label.lower()
    out, ok = idna_to_unicode(label)
    return out.lower() if ok else ""


@lru_cache(maxsize=8192)
def _ascii_host(host: str) -> str | None:
    """The ASCII form of a domain if ICU's UTS #46 processing accepts it within DNS length."""
    if len(host) > MAX_HOST_LENGTH:
        return None
    _, ok = idna_to_unicode(host)
    if not ok:
        return None
    ascii_form, ok = idna_to_ascii(host)
    return ascii_form if ok and len(ascii_form) <= MAX_HOST_LENGTH else None


def _labels(text: str, start: int, end: int) -> tuple[int | None, int]:
    """``(offset of an empty label or None, start of the last label)`` in ``text[start:end]``."""
    if text[start] in LABEL_SEPARATORS:
        return start, start
    if text[end - 1] in LABEL_SEPARATORS:
        return end - 1, end
    if not patterns().wide_separator.search(text, start, end):  # only "." separators
        double = text.find("..", start, end)
        return (None if double == -1 else double + 1), text.rfind(".", start, end) + 1
    prev = start - 1
    for m in patterns().separator.finditer(text, start, end):
        here: int = m.start()
        if here == prev + 1:
            return here, here
        prev = here
    return None, prev + 1


@lru_cache(maxsize=4)
def _byte_table(safe: str) -> dict[int, str]:
    """Each UTF-8 byte (as a latin-1 character) to itself when safe, else to ``%XX``."""
    return {
        b: chr(b) if b < 0x80 and (chr(b).isalnum() or chr(b) in safe) else f"%{b:02X}"
        for b in range(256)
    }


def _percent(text: str, safe: str) -> str:
    """Percent-encode the UTF-8 of ``text`` except ASCII alphanumerics and ``safe``."""
    return text.encode("utf-8", "surrogatepass").decode("latin-1").translate(_byte_table(safe))


def _quote(rest: str) -> str:
    """Percent-encode what an href cannot hold as is (non-ASCII, controls, ``"<>\\^`{|}``)."""
    if patterns().href_safe.fullmatch(rest):
        return rest
    return _percent(rest, _HREF_SAFE)


def _href(scheme: str, ascii_host: str, rest: str) -> str:
    return f"{scheme}://{ascii_host}{_quote(rest)}"


def _mailto(local: str, ascii_domain: str) -> str:
    return MAILTO + _percent(local, _MAILTO_SAFE) + "@" + ascii_domain


Trace = list[Note]


def _scan(text: str, tlds: Collection[str], trace: Trace | None) -> Iterator[Link]:
    p = patterns()
    n = len(text)
    pos = 0  # where the scan resumes
    last_end = 0  # end of the last link: later candidates may not overlap it
    ip_search = "//" in text

    def reject(start: int, end: int, reason: str) -> None:
        if trace is not None:
            trace.append(Note(start, end, reason))

    trigger = p.trigger.search
    domain_chars = p.domain_chars
    run_forward = domain_chars.match
    next_ip: Link | None = None
    ip_at = 0  # where the IP-host search resumes
    while pos < n:
        m = trigger(text, pos)
        run_start = run_back(domain_chars, text, m.start(), pos) if m else n
        # URLs with an IP host (only with an explicit scheme) come in order too.
        while ip_search and ip_at <= run_start:
            if next_ip is None or next_ip.start < pos:
                next_ip = _next_ip_link(text, max(pos, ip_at), trace)
                if next_ip is None:
                    ip_search = False
                    break
            if next_ip.start > run_start:
                break
            yield next_ip
            pos = ip_at = last_end = next_ip.end
            next_ip = None
        if m is None:
            return
        if run_start == pos and pos > 0 and domain_chars.match(text, pos - 1, pos).end() == pos:
            # a run that began inside the previous link or run
            pos = run_forward(text, m.start()).end()
            continue
        run_end = run_forward(text, m.start()).end()
        pos = run_end
        host_end = run_end
        while host_end > run_start and text[host_end - 1] in LABEL_SEPARATORS:
            host_end -= 1
        if host_end == run_start:
            continue
        empty, last_label = _labels(text, run_start, host_end)
        if empty is not None:
            reject(run_start, host_end, f"empty domain label at offset {empty}")
            continue
        tld = text[last_label:host_end]
        if _tld_key(tld) not in tlds:
            reject(run_start, host_end, f"TLD {tld!r} is not in the TLD list")
            continue
        host = text[run_start:host_end]
        ascii_host = _ascii_host(host)
        if ascii_host is None:
            reject(run_start, host_end, f"host {host!r} fails UTS #46 (ICU IDNA) or DNS length")
            continue

        before = text[run_start - 1] if run_start else ""
        if before == "@":
            # §5: the domain of an email address. If the local-part fails, nothing is linked.
            start = _email_start(text, run_start - 1)
            if start is None:
                reject(run_start - 1, host_end, "email local-part fails §5.2 (empty, or a bad '.')")
                continue
            if _is_userinfo(text, start):
                reject(start, host_end, "userinfo of a URL (deprecated), not an email address")
                continue
            if start < last_end:
                reject(start, host_end, f"local-part overlaps the link that ends at offset {last_end}")
                continue
            link_text = text[start:host_end]
            local = text[start : run_start - 1]
            if local.startswith(MAILTO):
                local = local[len(MAILTO) :]
            if trace is not None:
                trace.append(Note(start, host_end, "email: local-part by §5.2, ends with the domain"))
            yield Link(start, host_end, "email", link_text, _mailto(local, ascii_host))
            pos = last_end = host_end
            continue
        if run_end < n and text[run_end] == "@":
            reject(run_start, run_end, "followed by '@': an email local-part, not a host")
            continue

        link_start = run_start
        scheme = p.scheme_before.match(text, 0, run_start) if text.startswith("://", run_start - 3) else None
        if scheme:
            link_start = scheme.start()
        elif text.startswith("//", run_start - 2) and p.other_scheme_before.match(text, 0, run_start):
            reject(run_start, host_end, "after '//' of a scheme that is not http or https")
            continue

        # A trailing FQDN dot is kept only when a path, query or fragment follows.
        after = host_end
        if run_end - host_end == 1 and run_end < n and text[run_end] in "/?#":
            after = run_end
        elif run_end == host_end and run_end < n and text[run_end] == ":":
            port = p.port.match(text, host_end)
            if port and int(port.group(1)) <= 65535:
                after = port.end()
        if trace is None and (after == n or text[after] not in "/?#"):
            end = after  # §3.5.1 step 5.2.1 at once: no Path, Query or Fragment follows
        else:
            end = _terminate(text, after, trace)
        link_text = text[link_start:end]
        href = _href(scheme.group(1).lower() if scheme else "https", ascii_host, text[host_end:end])
        yield Link(link_start, end, "url", link_text, href)
        pos = last_end = end


def _is_userinfo(text: str, start: int) -> bool:
    """``http://user@host``: the local-part is the userinfo of a URL (deprecated), not an email."""
    return text.startswith("//", start) and bool(patterns().scheme_before.match(text, 0, start + 2))


def _next_ip_link(text: str, pos: int, trace: Trace | None) -> Link | None:
    """The next URL from ``pos`` whose host is an IPv4 or bracketed IPv6 address (explicit scheme)."""
    import ipaddress

    p = patterns()
    while True:
        slashes = text.find("://", pos)
        if slashes == -1:
            return None
        pos = slashes + 3
        m = p.scheme_ip.match(text, slashes - 5 if text[slashes - 1] in "sS" else slashes - 4)
        if m is None or (m.start() and p.scheme_char.match(text, m.start() - 1)):
            continue
        host = m.group("v4") or m.group("v6")
        try:
            if m.group("v4"):
                ipaddress.IPv4Address(host)
            else:
                ipaddress.IPv6Address(host[1:-1])
        except ValueError:
            if trace is not None:
                trace.append(Note(m.start(), m.end(), f"{host!r} is not a valid IP address"))
            continue
        after = m.end()
        port = p.port.match(text, after)
        if port and int(port.group(1)) <= 65535:
            after = port.end()
        end = _terminate(text, after, trace)
        scheme = text[m.start() : m.start("v4") if m.group("v4") else m.start("v6")].lower()
        href = scheme + host + _quote(text[m.end() : end])
        return Link(m.start(), end, "url", text[m.start() : end], href)


def explain_notes(text: str, *, tlds: Collection[str] | None = None) -> tuple[list[Link], list[Note]]:
    """Links and every note (rejections, where and why each link ends) for ``text``."""
    _check(text, tlds)
    trace: Trace = []
    links = list(_scan(text, default_tlds() if tlds is None else tlds, trace))
    return links, trace


@dataclass(frozen=True, slots=True)
class LinkAnatomy:
    """Where the pieces of a detected link are, as offsets into the text.

    For a URL: ``host_start:host_end`` is the host (after any ``scheme://``, without a
    trailing FQDN dot) and ``after`` the end of the host and port, where the path,
    query or fragment begins. For an email: ``host_start`` is just after the ``@``.
    """

    host_start: int
    host_end: int
    after: int
    has_scheme: bool


def anatomy(link: Link) -> LinkAnatomy:
    """The :class:`LinkAnatomy` of a link that :func:`find_links` (or :func:`link_at`) made."""
    t = link.text
    if link.kind == "email":
        at = t.rindex("@")
        return LinkAnatomy(link.start + at + 1, link.end, link.end, False)
    m = patterns().scheme_prefix.match(t)
    hs = m.end() if m else 0
    if t.startswith("[", hs):
        he = t.index("]", hs) + 1
    else:
        stop = patterns().host_stop.search(t, hs)
        he = stop.start() if stop else len(t)
    after = he
    if he > hs and t[he - 1] in LABEL_SEPARATORS and not t.startswith("[", hs):
        he -= 1  # a trailing FQDN dot before a path, query or fragment
    port = patterns().port.match(t, after)
    if port:
        after = port.end()
    return LinkAnatomy(link.start + hs, link.start + he, link.start + after, m is not None)


def link_at(text: str, start: int, end: int, kind: LinkKind, *, tlds: Collection[str] | None = None) -> Link | None:
    """The link the base algorithm would make of exactly ``text[start:end]``, or None.

    For the linkification layer, which may move a link's bounds inward (§8): the span
    must still be a URL with a valid host (or an email with a valid domain); ``href`` is
    computed afresh. Termination is not re-run: the caller chooses the bounds.
    """
    if not 0 <= start < end <= len(text):
        return None
    t = text[start:end]
    if kind == "email":
        at = t.rfind("@")
        if at <= 0:
            return None
        local, domain = t[:at], t[at + 1 :]
        ascii_domain = _ascii_host(domain)
        if ascii_domain is None or _email_start(t, at) != 0:
            return None
        if local.startswith(MAILTO):
            local = local[len(MAILTO) :]
        return Link(start, end, "email", t, _mailto(local, ascii_domain))
    probe = Link(start, end, "url", t, "")
    a = anatomy(probe)
    host = text[a.host_start : a.host_end]
    if not host:
        return None
    scheme = t[: a.host_start - start - 3].lower() if a.has_scheme else "https"
    if host.startswith("["):
        import ipaddress

        try:
            ipaddress.IPv6Address(host[1:-1])
        except ValueError:
            return None
        ascii_host: str | None = host
    elif patterns().ipv4.fullmatch(host):
        import ipaddress

        try:
            ipaddress.IPv4Address(host)
        except ValueError:
            return None
        ascii_host = host
    else:
        last = patterns().separator.split(host)[-1]
        if tlds is None:
            tlds = default_tlds()
        if _tld_key(last) not in tlds:
            return None
        ascii_host = _ascii_host(host)
    if ascii_host is None:
        return None
    return Link(start, end, "url", t, _href(scheme, ascii_host, text[a.host_end : end]))
