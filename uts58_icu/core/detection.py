"""Link detection in plain text: URLs (§1.4, §3) and email addresses (§5).

The scan looks for trigger points with one ``regex`` pass over the text (a run of
domain labels joined by label separators), and runs Python code only there:
backward to a scheme or to the start of an email local-part (§5.2, with reverse
matching), forward over a port and through the §3.5.1 termination algorithm.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from .._args import require_str
from .._icu import idna_to_ascii_errors, idna_to_unicode, idna_to_unicode_errors
from ._accel import FAST_DEFAULT_SCAN, scanner
from ._classes import LABEL_SEPARATORS, patterns, run_back
from .email import MAILTO, _email_start
from .termination import Note, _terminate
from .tlds import default_tlds

__all__ = [
    "DEFAULT_OPTIONS",
    "MAX_HOST_LENGTH",
    "REFUSED_SCHEMES",
    "SPECIAL_SCHEMES",
    "Link",
    "LinkAnatomy",
    "Note",
    "ScanOptions",
    "TldSet",
    "anatomy",
    "explain_notes",
    "find_links",
    "iter_links",
    "link_at",
    "scan_options",
    "tld_set",
]

#: A host longer than this (in code points, or in its ASCII form) is not linked (RFC 1035).
MAX_HOST_LENGTH = 253

LinkKind = Literal["url", "email"]

# Characters left as they are in an href (RFC 3986 reserved and unreserved, and "%"),
# except "'": an href is then safe inside any attribute quoting (issue 9 item 15).
_HREF_SAFE = "!#$%&()*+,-./:;=?@[]_~"
# In a mailto: local-part, RFC 6068 §2 allows unreserved and "some-delims" as they
# are; atext's "#", "&", "'", "/", "=", "?", "^", "`", "{", "|", "}" are percent-encoded
# ("'" too, although some-delims allows it: an href never holds "'").
_MAILTO_SAFE = "!$*+-._~"


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
    #: Whether ``display`` escapes *every* Bidi_Control / default-ignorable character,
    #: emoji and CONTEXTJ sequences included (``LinkPolicy(bidi_controls='escape')``).
    escape_invisibles: bool = False
    #: Whether ``display`` shows the host in Punycode (set by
    #: ``LinkPolicy(idn_display='punycode_if_confusable')`` for a host confusable with an ASCII one).
    punycode_host: bool = False

    @property
    def display(self) -> str:
        """The link for people: minimally escaped (§4.1), Unicode host (UTS #46 ToUnicode).

        Never shows a Bidi_Control or Default_Ignorable_Code_Point character raw (§8);
        see :func:`uts58_icu.core.escaping.link_display`. A Punycode label that detection
        would not accept in Unicode form stays in Punycode (§4 goal 3).
        """
        from .escaping import link_display

        shown = link_display(self.text, self.kind, ascii_host=self.punycode_host, strict=self.escape_invisibles)
        return shown if self.punycode_host else _detectable_host(self, shown)


#: WHATWG URL special schemes (§1.4 parses "as specified in WHATWG URL"; §3.3 names
#: "Special schemes: http://, https://, etc."): linked when written before a host.
#: ``file`` is special too, but names a file on the reader's own machine: it is linked
#: only when given in ``schemes``.
SPECIAL_SCHEMES: frozenset[str] = frozenset({"http", "https", "ftp", "ws", "wss"})
#: Schemes that run code or carry their content inline: refused in ``schemes``.
REFUSED_SCHEMES: frozenset[str] = frozenset({"javascript", "data", "vbscript"})
# RFC 3986 §3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ).
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*\Z")
# Longest scheme looked for before "://" (longer runs are not a scheme anyone registered).
_MAX_SCHEME = 64
# ICU's UIDNA_ERROR_HYPHEN_3_4: "--" in label positions 3–4, a UTS #46 CheckHyphens
# error. WHATWG URL runs UTS #46 with CheckHyphens=false, so detection ignores it
# (``ab--cd.com``); leading and trailing hyphens stay errors (see conformance/NOTES.md).
_HYPHEN_3_4 = 0x20


@dataclass(frozen=True, slots=True)
class ScanOptions:
    """What the base scan links: the keyword arguments of :func:`find_links`, validated.

    Build one with :func:`scan_options`; the default is exactly the conformant base.
    """

    #: Link email addresses (§5).
    emails: bool = True
    #: Link URLs written without a scheme (``example.com/x``).
    schemeless: bool = True
    #: Schemes linked when written before ``//`` and a host (lower case).
    schemes: frozenset[str] = SPECIAL_SCHEMES
    #: Single-label host names (lower case) linked after an explicit scheme, like an IP host.
    dotless_hosts: frozenset[str] = frozenset()


DEFAULT_OPTIONS = ScanOptions()


class TldSet(frozenset[str]):
    """A set of TLDs already normalised by :func:`tld_set` (lower-case U-labels)."""


def _collection(value: object, name: str) -> Collection[object]:
    if isinstance(value, (str, bytes, bytearray, memoryview)) or not isinstance(value, Collection):
        raise TypeError(f"{name} must be a collection of str, not {type(value).__name__}")
    return value


def tld_set(tlds: Collection[str] | None) -> frozenset[str]:
    """``tlds`` normalised for lookup: lower case, U-labels, no leading dot.

    ``{'COM', '.org', 'xn--p1ai'}`` becomes ``{'com', 'org', 'рф'}``; ``None`` is the
    default set. Raises ``TypeError`` for a non-collection or a non-str item and
    ``ValueError`` for an item that is not a single valid label.
    """
    if tlds is None:
        return default_tlds()
    if isinstance(tlds, TldSet) or tlds is default_tlds():
        return tlds
    out: set[str] = set()
    for item in _collection(tlds, "tlds"):
        if not isinstance(item, str):
            raise TypeError(f"tlds must hold str TLDs, not {type(item).__name__}")
        label = item[1:] if item[:1] in LABEL_SEPARATORS else item
        key = _tld_key(label) if label and not patterns().separator.search(label) else ""
        if not key:
            raise ValueError(
                f"tlds: {item!r} is not a top-level domain label "
                "(give e.g. 'com', '.com', 'COM', 'рф' or 'xn--p1ai')"
            )
        out.add(key)
    return TldSet(out)


def scan_options(
    *,
    emails: bool = True,
    schemeless: bool = True,
    schemes: Collection[str] = (),
    dotless_hosts: Collection[str] = (),
) -> ScanOptions:
    """Validated :class:`ScanOptions` (see :func:`find_links` for the meaning of each)."""
    for name, flag in (("emails", emails), ("schemeless", schemeless)):
        if not isinstance(flag, bool):
            raise TypeError(f"{name} must be a bool, not {type(flag).__name__}")
    extra = _collection(schemes, "schemes")
    hosts = _collection(dotless_hosts, "dotless_hosts")
    if emails and schemeless and not extra and not hosts:
        return DEFAULT_OPTIONS
    names = set(SPECIAL_SCHEMES)
    for item in extra:
        if not isinstance(item, str):
            raise TypeError(f"schemes must hold str scheme names, not {type(item).__name__}")
        if not _SCHEME.match(item):
            raise ValueError(
                f"schemes: {item!r} is not a URL scheme name (RFC 3986: a letter, then letters, "
                "digits, '+', '-' or '.'; without ':' or '//')"
            )
        low = item.lower()
        if low in REFUSED_SCHEMES:
            raise ValueError(f"schemes: {item!r} is never linked: it runs code or carries its content inline")
        names.add(low)
    single: set[str] = set()
    for item in hosts:
        if not isinstance(item, str):
            raise TypeError(f"dotless_hosts must hold str host names, not {type(item).__name__}")
        low = item.lower()
        _, errors = idna_to_ascii_errors(low) if low else ("", 1)
        if not low or not patterns().label_chars.fullmatch(low) or errors & ~_HYPHEN_3_4:
            raise ValueError(f"dotless_hosts: {item!r} is not a single valid host label such as 'localhost'")
        single.add(low)
    return ScanOptions(emails, schemeless, frozenset(names), frozenset(single))


def _detectable_host(link: Link, shown: str) -> str:
    """§4 goal 3: what ``display`` shows is detected again as the same link.

    A Punycode label whose Unicode form holds characters that no domain label in
    text can hold (``xn--ls8h`` is U+1F4A9 PILE OF POO, which UTS #46 allows but
    §1.4's label characters do not) stays in Punycode in ``display``.
    """
    a = anatomy(link)
    host = link.text[a.host_start - link.start : a.host_end - link.start]
    if "xn--" not in host.lower() or host.startswith("["):
        return shown
    uni, ok = idna_to_unicode(host)
    p = patterns()
    if not ok or p.domain_chars.fullmatch(uni):
        return shown
    # Each kept label in its ASCII form (ToASCII), not as written: a written label can
    # hold a default-ignorable character that ToUnicode drops ("\u115fxn--ls8h"), which
    # display never shows raw (issue 22 item 12).
    written, _ = idna_to_ascii_errors(host)
    ascii_labels = written.lower().split(".")
    labels = uni.split(".")
    if len(ascii_labels) != len(labels):
        return shown
    mixed = ".".join(u if p.label_chars.fullmatch(u) else a for a, u in zip(ascii_labels, labels))
    at = shown.rfind(uni) if link.kind == "email" else shown.find(uni)
    return shown if at < 0 else shown[:at] + mixed + shown[at + len(uni) :]


def _check(text: object, tlds: object) -> None:
    require_str(text, "text")
    if tlds is not None and (isinstance(tlds, (str, bytes, bytearray, memoryview)) or not isinstance(tlds, Collection)):
        raise TypeError(f"tlds must be a collection of str TLDs or None, not {type(tlds).__name__}")


def find_links(
    text: str,
    *,
    tlds: Collection[str] | None = None,
    emails: bool = True,
    schemeless: bool = True,
    schemes: Collection[str] = (),
    dotless_hosts: Collection[str] = (),
) -> list[Link]:
    """All URLs and email addresses in ``text``, in order, non-overlapping: exactly §3–§5.

    ``tlds`` replaces the default set of top-level domains (ICANN section of the
    Public Suffix List); ``'com'``, ``'.com'``, ``'COM'``, ``'рф'`` and ``'xn--p1ai'``
    are all accepted (normalised to lower-case U-labels).
    ``emails=False`` links no email address; ``schemeless=False`` links only URLs
    written with a scheme. ``schemes`` adds schemes to the special ones (``http``,
    ``https``, ``ftp``, ``ws``, ``wss``), e.g. ``("ssh", "git+https", "irc")``;
    ``file`` is linked only when named here, and ``javascript``, ``data`` and
    ``vbscript`` raise ``ValueError``. ``dotless_hosts`` names single-label hosts
    (e.g. ``{"localhost"}``) linked after an explicit scheme, like an IP address;
    the default (none) is the conformant base.
    This is the conformant low-level detector; the §8 linkification layer
    (:mod:`uts58_icu.linkification`) filters its results with a ``LinkPolicy``.
    """
    if (
        FAST_DEFAULT_SCAN is not None and type(text) is str and tlds is None and emails is True
        and schemeless is True and schemes == () and dotless_hosts == ()
    ):
        return FAST_DEFAULT_SCAN(text)  # every default: the compiled core at once
    _check(text, tlds)
    opts = _options(emails, schemeless, schemes, dotless_hosts)
    return _find(text, tld_set(tlds), opts)


def iter_links(
    text: str,
    *,
    tlds: Collection[str] | None = None,
    emails: bool = True,
    schemeless: bool = True,
    schemes: Collection[str] = (),
    dotless_hosts: Collection[str] = (),
) -> Iterator[Link]:
    """Like :func:`find_links`, lazily."""
    _check(text, tlds)
    return _iter(text, tld_set(tlds), _options(emails, schemeless, schemes, dotless_hosts))


def _options(emails: object, schemeless: object, schemes: object, dotless_hosts: object) -> ScanOptions:
    """:func:`scan_options`, with no work for the defaults (the common call)."""
    if emails is True and schemeless is True and schemes == () and dotless_hosts == ():
        return DEFAULT_OPTIONS
    return scan_options(
        emails=emails, schemeless=schemeless, schemes=schemes, dotless_hosts=dotless_hosts  # type: ignore[arg-type]
    )


def _find(text: str, tlds: Collection[str], opts: ScanOptions = DEFAULT_OPTIONS) -> list[Link]:
    """``list(_scan(text, tlds, None, opts))``: by the compiled core when it is in use and
    handles ``opts`` (the Links are the same; tests/test_accel.py)."""
    fast = scanner()
    if fast is not None:
        if opts is DEFAULT_OPTIONS:
            return fast(text, tlds)
        return fast(text, tlds, opts.emails, opts.schemeless, opts.schemes, opts.dotless_hosts)
    return list(_scan(text, tlds, None, opts))


#: A line longer than this many code points is scanned by :func:`iter_links` with the lazy
#: pure-Python generator even when the compiled core is in use: the core returns every
#: link of its text at once, and an iterator must keep memory proportional to the text,
#: not to its links (one 12 MB line can hold 2 M links). The results are the same
#: (tests/test_accel.py).
LAZY_ITER_THRESHOLD = 1 << 20
#: A text longer than this many code points is scanned by :func:`iter_links` in pieces of
#: about this size, each cut just after a LINE FEED (issue 22 item 10: the links of one
#: piece at a time, not of the whole text).
LAZY_PIECE = 1 << 16


def _iter(text: str, tlds: Collection[str], opts: ScanOptions = DEFAULT_OPTIONS) -> Iterator[Link]:
    """Like :func:`_find`; lazy on the pure-Python path, and for long texts on both."""
    if scanner() is None:
        return _scan(text, tlds, None, opts)
    if len(text) <= LAZY_PIECE:
        return iter(_find(text, tlds, opts))
    return _iter_pieces(text, tlds, opts)


def _iter_pieces(text: str, tlds: Collection[str], opts: ScanOptions) -> Iterator[Link]:
    """The links of ``text``, scanned a piece at a time, each piece whole lines.

    A link never holds a LINE FEED (Link_Term=Hard, not Link_Email), and nothing the scan
    reads around a candidate (scheme, authority, local-part, look-ahead to an '@') runs
    across white space, so the lines give the links of the whole text, as the command
    line's blocks do (tests/test_memory.py compares them). A piece that is one line
    longer than :data:`LAZY_ITER_THRESHOLD` is scanned by the lazy generator.
    """
    n = len(text)
    pos = 0
    while pos < n:
        stop = pos + LAZY_PIECE
        if stop >= n:
            cut = n
        else:
            nl = text.rfind("\n", pos, stop)
            if nl < 0:
                nl = text.find("\n", stop)
            cut = n if nl < 0 else nl + 1
        if pos == 0 and cut == n:
            piece = text
        else:
            piece = text[pos:cut]
        if len(piece) > LAZY_ITER_THRESHOLD:
            links: Iterable[Link] = _scan(piece, tlds, None, opts)
        else:
            links = _find(piece, tlds, opts)
        if pos == 0:
            yield from links
        else:
            for link in links:
                yield Link(
                    link.start + pos, link.end + pos, link.kind, link.text, link.href,
                    link.spoof, link.escape_invisibles, link.punycode_host,
                )
        del links, piece
        pos = cut


#: The longest argument the ICU caches below keep as a key (issue 22 item 3): a longer
#: label or host is computed each time and never held after the call, so the caches
#: hold at most 8,192 × this many code points whatever the texts were.
MAX_CACHED_KEY = MAX_HOST_LENGTH + 1


def _tld_key(label: str) -> str:
    """The lower-case U-label of a label, for TLD lookup ('' when it is not valid)."""
    if label.isascii() and label.isalpha():
        return label.lower()
    if len(label) > MAX_CACHED_KEY:
        return _idna_tld_key.__wrapped__(label)
    return _idna_tld_key(label)


@lru_cache(maxsize=8192)
def _idna_tld_key(label: str) -> str:
    out, ok = idna_to_unicode(label)
    return out.lower() if ok else ""


def _ascii_host(host: str) -> str | None:
    """The ASCII form of a domain if UTS #46 processing accepts it within DNS length.

    ICU runs UTS #46 with CheckHyphens; WHATWG URL (which §1.4 follows for the host)
    runs it with CheckHyphens=false, so the "--" in positions 3–4 is no error here.
    """
    if len(host) > MAX_HOST_LENGTH:
        return None  # before the cache: its keys stay short (MAX_CACHED_KEY)
    return _checked_host(host)


@lru_cache(maxsize=8192)
def _checked_host(host: str) -> str | None:
    ascii_form, errors = idna_to_ascii_errors(host)
    if errors & ~_HYPHEN_3_4:
        return None
    _, errors = idna_to_unicode_errors(host)
    if errors & ~_HYPHEN_3_4:
        return None
    return ascii_form if len(ascii_form) <= MAX_HOST_LENGTH else None


_OCTET = r"(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])"
#: What ``ipaddress.IPv4Address`` accepts (tests/test_markdown_caches.py compares them),
#: without its exception on every rejected host: the scan asks at each dotted number.
_IPV4 = re.compile(rf"{_OCTET}(?:\.{_OCTET}){{3}}")


def _ipv4_ok(host: str) -> bool:
    """WHATWG's IPv4 parser, restricted to what reads the same everywhere: four decimal
    parts 0–255 without leading zeros (``010.0.0.1`` is octal 8.0.0.1 to a browser)."""
    return _IPV4.fullmatch(host) is not None


def _ipv6_ok(bracketed: str) -> bool:
    import ipaddress

    try:
        ipaddress.IPv6Address(bracketed[1:-1])
    except ValueError:
        return False
    return True


def _labels(text: str, start: int, end: int) -> tuple[int | None, int]:
    """``(offset of an empty label or None, start of the last label)`` in ``text[start:end]``."""
    if text[start] in LABEL_SEPARATORS:
        return start, start
    if text[end - 1] in LABEL_SEPARATORS:
        return end - 1, end
    if not patterns().wide_separator.search(text, start, end):  # only "." separators
        double = text.find("..", start, end)
        last = text.rfind(".", start, end)  # -1 (no separator): the last label is the whole run
        return (None if double == -1 else double + 1), (start if last == -1 else last + 1)
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
    """Percent-encode what an href cannot hold as is (non-ASCII, controls, ``"'<>\\^`{|}``)."""
    if patterns().href_safe.fullmatch(rest):
        return rest
    return _percent(rest, _HREF_SAFE)


def _href(scheme: str, ascii_host: str, rest: str) -> str:
    return f"{scheme}://{ascii_host}{_quote(rest)}"


def _mailto(local: str, ascii_domain: str) -> str:
    return MAILTO + _percent(local, _MAILTO_SAFE) + "@" + ascii_domain


Trace = list[Note]


def _just_before(text: str, s: str, end: int) -> bool:
    """Whether ``text[:end]`` ends with ``s`` (never wrapping round to the end of text)."""
    return end >= len(s) and text.startswith(s, end - len(s))


# What ends a URL's authority in text (WHATWG: "/", "?", "#", "\\"; and whitespace, quotes,
# angle brackets and the other characters that delimit a URL in prose or markup).
_AUTHORITY_STOP = "/?#\\<>\"'`{}|^"
_AUTHORITY_RUN = re.compile("[^\\s" + re.escape(_AUTHORITY_STOP) + "]*")


def _rejected_authority_end(text: str, start: int, floor: int) -> int:
    """Issue 22 item 8: the end of the authority of a ``scheme://`` URL that was not linked
    when ``start`` lies inside it (after its first character), else -1.

    ``http://user:pw@bank.com:443evil.com/login`` is rejected (userinfo), and
    ``443evil.com/login`` is a piece of its authority: linking it would send the reader
    to a host the text does not name. ``floor`` is the end of the last link: an
    authority that began before it belongs to a URL that was linked.
    """
    first = run_back(_AUTHORITY_RUN, text, start, floor)
    if first == start or not _just_before(text, "://", first):
        return -1
    return _AUTHORITY_RUN.match(text, start).end()


_INSIDE_AUTHORITY = "inside the authority of a 'scheme://' URL that was not linked: nothing in it is linked"


def _written_scheme(text: str, host_start: int, schemes: frozenset[str]) -> tuple[int, str | None, str | None]:
    """``(link start, scheme, rejection)`` for the host that starts at ``host_start``.

    No ``//`` before the host: ``(host_start, None, None)``, a schemeless candidate.
    """
    if not _just_before(text, "//", host_start):
        return host_start, None, None
    colon = host_start - 3
    if colon < 0 or text[colon] != ":":
        return host_start, None, "after '//' with no scheme before it"
    first = run_back(patterns().scheme_chars, text, colon, max(0, colon - _MAX_SCHEME))
    written = text[first:colon]
    low = written.lower()
    if low in schemes and written[:1].isalpha():
        return first, low, None
    # §3.3 special schemes: an explicit "http://" or "https://" glued to the text before
    # it ("1.http://", "See...http://", "foo-http://", "git+https://" when git+https is
    # not asked for) is still that scheme: nobody means a scheme "1.http" (NOTES.md).
    for name in ("https", "http"):
        if low.endswith(name):
            return colon - len(name), name, None
    return host_start, None, (
        f"after {written + '://'!r}: scheme {written!r} is not linked "
        "(special schemes http, https, ftp, ws, wss; add others with schemes=)"
    )


class _EmailAhead:
    """§5 look-ahead for a schemeless host: is it the start of an email's local-part?

    Every answer is cached so the scan stays linear: the forward run of Link_Email
    characters (the same end for every start inside one run) and, per '@', whether an
    email would be linked there.
    """

    def __init__(self, text: str, tlds: Collection[str]) -> None:
        self.text = text
        self.tlds = tlds
        self.run_lo = self.run_hi = -1
        self.start_at: dict[int, int | None] = {}

    def email_start(self, end: int) -> int | None:
        """The start of the email whose local-part runs on from ``end`` to an '@', or None."""
        text = self.text
        if not self.run_lo <= end <= self.run_hi:
            self.run_lo, self.run_hi = end, patterns().email_chars.match(text, end).end()
        at = self.run_hi
        if at >= len(text) or text[at] != "@":
            return None
        if at not in self.start_at:
            self.start_at[at] = self._email_at(at)
        return self.start_at[at]

    def _email_at(self, at: int) -> int | None:
        text = self.text
        start = _email_start(text, at)
        if start is None or _bad_local(text, start, at) is not None:
            return None
        return start if _domain_end(text, at + 1, self.tlds) is not None else None


def _domain_end(text: str, start: int, tlds: Collection[str]) -> int | None:
    """End of the valid domain (TLD listed, UTS #46 valid) that starts at ``start``, or None."""
    p = patterns()
    end = p.domain_chars.match(text, start).end()
    while end > start and text[end - 1] in LABEL_SEPARATORS:
        end -= 1
    if end == start:
        return None
    empty, last_label = _labels(text, start, end)
    # A single label is no email domain (as in _scan): and never a TLD lookup of more
    # than the run (issue 22 item 3: that was text[0:end], quadratic over many '@').
    if empty is not None or last_label == start or _tld_key(text[last_label:end]) not in tlds:
        return None
    return end if _ascii_host(text[start:end]) is not None else None


# What ends a URL authority in plain text, scanning back from a candidate: white space
# and "/", "?", "#", "\\", "<", ">", '"' (patterns().userinfo_chars without "@").
_AUTHORITY_STOP_RE = re.compile(r'[\s/?#\\<>"]')


def _listed_after_host(text: str, u: int, end: int) -> bool:
    """Whether the authority that starts at ``u`` is a host ended by ``,`` or ``;`` before ``end``.

    ``Acme,https://acme.example,sales@acme.example`` (CSV exports, contact lists): the
    ``,`` or ``;`` right after a host ends that URL, so what follows is neither its
    userinfo nor its host (issue 18). A ``:`` after it is a password: still userinfo. RFC 3986 allows both in userinfo, but a URL whose
    userinfo starts with a whole host name is not one anybody writes.
    """
    p = patterns()
    e: int = p.domain_chars.match(text, u).end()
    return (
        u < e < end and text[e] in ",;" and text.find(":", e, end) == -1  # no password follows
        and p.separator.search(text, u, e) is not None
    )


class _AuthorityGuard:
    """Is a schemeless candidate inside the authority of a URL written before it?

    ``http://✪df.ws/ejp``: the host after ``//`` is ``✪df.ws`` (WHATWG URL, §1.4), which
    detection does not accept; linking its tail ``df.ws/ejp`` would send the reader to
    a host that was never written (issue 18). A candidate is inside an authority when
    only authority characters (no white space, ``/ ? # \\ < > "``) stand between the
    last ``//`` before it and its start. Queried at increasing offsets, every answer
    re-uses the last one, so a scan stays linear.
    """

    def __init__(self, text: str) -> None:
        self.text = text
        self.to = 0  # offsets below this have been looked at
        self.slashes = -1  # the last "//" found
        self.stopped = True  # an authority stop lies between that "//" and ``to``

    def inside(self, start: int) -> int | None:
        """The offset of the ``//`` whose authority holds ``start`` (not right after it), or None."""
        text = self.text
        if start < self.to:  # not reached by a scan (candidates come in order): look afresh
            self.to, self.slashes, self.stopped = 0, -1, True
        q = text.rfind("//", max(0, self.to - 1), start)
        if q != -1:
            self.slashes = q
            self.stopped = _AUTHORITY_STOP_RE.search(text, q + 2, start) is not None
        elif not self.stopped:
            self.stopped = _AUTHORITY_STOP_RE.search(text, self.to, start) is not None
        self.to = start
        u = self.slashes + 2
        if self.slashes < 0 or self.stopped or u >= start or _listed_after_host(text, u, start):
            return None
        return self.slashes


def _bad_local(text: str, start: int, at: int) -> str | None:
    """Why the §5.2 local-part ``text[start:at]`` is not an email after all (or None).

    Issue 15 item 5: the userinfo of a URL (``scheme://user[:password]@host``,
    deprecated: §3 Table 3-1 notes) is never an email address, and no local-part
    starts with '/' (that '/' belongs to the "//" of a URL).
    """
    local = text[start + len(MAILTO) : at] if text.startswith(MAILTO, start) else text[start:at]
    if local.startswith("/"):
        return "email local-part starts with '/': the '//' of a URL, not an address"
    u = run_back(patterns().userinfo_chars, text, start)
    if _just_before(text, "//", u) and not _listed_after_host(text, u, start):
        return "userinfo of a URL (scheme://user[:password]@host, deprecated): nothing is linked"
    return None


def _scan(
    text: str, tlds: Collection[str], trace: Trace | None, opts: ScanOptions = DEFAULT_OPTIONS
) -> Iterator[Link]:
    """The base algorithm over ``text``: links in order, never overlapping."""
    p = patterns()
    n = len(text)
    pos = 0  # where the scan resumes
    last_end = 0  # end of the last link: later candidates may not overlap it

    def reject(start: int, end: int, reason: str) -> None:
        if trace is not None:
            trace.append(Note(start, end, reason))

    # A host without a label separator (bracketed IPv6, a dotless host) is found from
    # the "://" before it; every other host from a label separator inside it.
    authority = bool(opts.dotless_hosts) or "://[" in text
    trigger = (p.trigger_authority if authority else p.trigger).search
    domain_chars = p.domain_chars
    run_forward = domain_chars.match
    ahead = _EmailAhead(text, tlds) if opts.emails else None
    guard = _AuthorityGuard(text)
    ascii_host: str
    while pos < n:
        m = trigger(text, pos)
        if m is None:
            return
        if authority and m.lastgroup == "slashes":
            # "scheme://" then a host that holds no label separator.
            run_start = m.end()
            pos = run_start
            if text.startswith("[", run_start):
                bracket = p.ipv6_host.match(text, run_start)
                if bracket is None or not _ipv6_ok(bracket.group()):
                    reject(run_start, run_start + 1, "'[' after '://' does not start a valid IPv6 address")
                    continue
                host_end = run_end = bracket.end()
                glued = run_forward(text, host_end).end()
                if text[host_end:glued].strip(LABEL_SEPARATORS):  # "[::1]é.com": no valid host
                    reject(run_start, glued, "label characters right after an IPv6 address")
                    pos = glued
                    continue
                ascii_host = text[run_start:host_end]
            else:
                host_end = p.label_chars.match(text, run_start).end()
                if host_end < n and text[host_end] in LABEL_SEPARATORS and p.label_chars.match(
                    text, host_end + 1
                ).end() > host_end + 1:
                    continue  # a dotted host: found from its separator
                name = text[run_start:host_end].lower()
                if name not in opts.dotless_hosts:
                    continue
                run_end = host_end
                ascii_host, _ = idna_to_ascii_errors(name)
        else:
            run_start = run_back(domain_chars, text, m.start(), pos)
            if run_start == pos and pos > 0 and domain_chars.match(text, pos - 1, pos).end() == pos:
                # a run that began inside the previous link or run
                pos = run_forward(text, m.start()).end()
                continue
            run_end = run_forward(text, m.start()).end()
            pos = run_end
            # UTS #46 maps a default-ignorable character (U+FE0F VARIATION SELECTOR-16 …)
            # to nothing: one that ends the run is not part of the host (NOTES.md), nor
            # the separators after it (``example.com\ufe0f.``: no FQDN dot follows a host).
            dots = run_end
            while dots > run_start and text[dots - 1] in LABEL_SEPARATORS:
                dots -= 1
            if dots < run_end and dots > run_start and text[dots - 1] > "\x7f" and p.default_ignorable.match(text, dots - 1):
                run_end = dots
            while run_end > run_start and text[run_end - 1] > "\x7f" and p.default_ignorable.match(text, run_end - 1):
                run_end -= 1
            host_end = run_end
            while host_end > run_start and text[host_end - 1] in LABEL_SEPARATORS:
                host_end -= 1
            if host_end == run_start:
                continue
            if not p.separator.search(text, run_start, host_end):
                # Only one label left once a trailing separator and default-ignorable are
                # dropped (``com.\u200d``): not a domain with a TLD (§1.4).
                reject(run_start, host_end, "a single label is not a host")
                continue
            empty, last_label = _labels(text, run_start, host_end)
            if empty is not None:
                # An empty label. "Go to example.com...then": an ellipsis ends a host
                # written without a scheme; the rest of the run starts no link (NOTES.md).
                cut = empty - 1
                if (
                    empty == run_start
                    or _just_before(text, "//", run_start)
                    or not p.separator.search(text, run_start, cut)
                ):
                    reject(run_start, host_end, f"empty domain label at offset {empty}")
                    continue
                host_end = run_end = cut
                empty, last_label = _labels(text, run_start, host_end)
                if empty is not None:
                    reject(run_start, host_end, f"empty domain label at offset {empty}")
                    continue
            tld = text[last_label:host_end]
            host = text[run_start:host_end]
            before = text[run_start - 1] if run_start else ""
            if tld.isascii() and tld.isdigit():
                # WHATWG URL "ends in a number": the host is an IPv4 address or nothing.
                if before == "@" or not _just_before(text, "://", run_start) or not _ipv4_ok(host):
                    reject(run_start, host_end, f"{host!r} ends in a number: only a valid IPv4 address after a scheme is linked")
                    continue
                ascii_host = host
            else:
                if _tld_key(tld) not in tlds:
                    reject(run_start, host_end, f"TLD {tld!r} is not in the TLD list")
                    continue
                checked = _ascii_host(host)
                if checked is None:
                    reject(run_start, host_end, f"host {host!r} fails UTS #46 (ICU IDNA) or DNS length")
                    continue
                ascii_host = checked

            if before == "@":
                # §5: the domain of an email address. If the local-part fails, nothing is linked.
                if not opts.emails:
                    reject(run_start - 1, host_end, "email address (emails=False)")
                    continue
                start = _email_start(text, run_start - 1)
                if start is None:
                    reject(run_start - 1, host_end, "email local-part fails §5.2 (empty, or a bad '.')")
                    continue
                why = _bad_local(text, start, run_start - 1)
                if why is not None:
                    reject(start, host_end, why)
                    continue
                if start < last_end:
                    reject(start, host_end, f"local-part overlaps the link that ends at offset {last_end}")
                    continue
                inside = _rejected_authority_end(text, start, last_end)
                if inside >= 0:
                    reject(start, inside, _INSIDE_AUTHORITY)
                    pos = max(pos, inside)
                    continue
                local = text[start : run_start - 1]
                local = local.removeprefix(MAILTO)
                if trace is not None:
                    trace.append(Note(start, host_end, "email: local-part by §5.2, ends with the domain"))
                yield Link(start, host_end, "email", text[start:host_end], _mailto(local, ascii_host))
                pos = last_end = host_end
                continue
            if run_end < n and text[run_end] == "@":
                reject(run_start, run_end, "followed by '@': an email local-part, not a host")
                continue

        # A URL: scheme (if written), host, port; then §3.5.1 termination.
        link_start, scheme, why = _written_scheme(text, run_start, opts.schemes)
        if why is not None:
            reject(run_start, host_end, why)
            continue
        if scheme is None:
            slashes = guard.inside(run_start)
            if slashes is not None:
                reject(run_start, host_end, f"inside the host of the URL whose '//' is at offset {slashes}: "
                       "its tail is not the host written (§1.4, WHATWG URL)")
                continue
            if not opts.schemeless:
                reject(run_start, host_end, "no scheme written (schemeless=False)")
                continue
        if link_start < last_end:
            reject(link_start, host_end, f"overlaps the link that ends at offset {last_end}")
            continue
        if scheme is None:
            inside = _rejected_authority_end(text, link_start, last_end)
            if inside >= 0:
                reject(link_start, inside, _INSIDE_AUTHORITY)
                pos = max(pos, inside)
                continue
        if scheme is not None:
            tail = p.userinfo_chars.match(text, host_end).end()
            if tail < n and text[tail] == "@" and not _listed_after_host(text, run_start, tail):
                # "scheme://user[:password]@host": the real host comes after the '@'.
                reject(link_start, tail, "userinfo of a URL (scheme://user[:password]@host, deprecated): nothing is linked")
                continue
        # Port (WHATWG URL port state). A trailing FQDN dot before a port, path, query
        # or fragment is part of the URL (WHATWG accepts "example.com.:8080").
        dot = run_end if run_end - host_end == 1 else host_end
        after = host_end
        if dot < n and text[dot] == ":":
            port = p.port_digits.match(text, dot)
            if port:
                digits, nxt = port.group(1), port.end()
                glued = run_forward(text, nxt).end()
                if (
                    len(digits.lstrip("0")) > 5
                    or int(digits.lstrip("0") or "0") > 65535
                    or text[nxt:glued].strip(LABEL_SEPARATORS)
                ):
                    # Linking the host alone would point somewhere other than the text says.
                    reject(link_start, glued, f"invalid port {text[dot:glued]!r} (WHATWG URL: 0–65535, then '/', '?', '#' or the end): nothing is linked")
                    pos = max(pos, glued)
                    continue
                after = nxt
            elif scheme is not None and dot + 1 < n and text[dot + 1] in "/?#":
                after = dot + 1  # an empty port (WHATWG: "http://example.com:/x" is valid)
        elif dot > host_end and dot < n and text[dot] in "/?#":
            after = dot
        if trace is None and (after == n or text[after] not in "/?#"):
            end = after  # §3.5.1 step 5.2.1 at once: no Path, Query or Fragment follows
        else:
            end = _terminate(text, after, trace)
        if scheme is None and ahead is not None and end < n and not text[end].isspace():
            # §5: "invoked whenever an '@' … followed by a valid domain name". When all
            # between this host's end and that '@' is Link_Email, the host is part of
            # the local-part (<ptmcg.gm+pyparsing@gmail.com>): the email wins.
            email_start = ahead.email_start(end)
            if email_start is not None and last_end <= email_start <= link_start:
                reject(link_start, end, "the start of an email address's local-part (§5), not a host")
                continue
        link_text = text[link_start:end]
        href = _href(scheme or "https", ascii_host, text[host_end:end])
        yield Link(link_start, end, "url", link_text, href)
        pos = last_end = end


def explain_notes(
    text: str,
    *,
    tlds: Collection[str] | None = None,
    emails: bool = True,
    schemeless: bool = True,
    schemes: Collection[str] = (),
    dotless_hosts: Collection[str] = (),
) -> tuple[list[Link], list[Note]]:
    """Links and every note (rejections, where and why each link ends) for ``text``."""
    _check(text, tlds)
    opts = scan_options(emails=emails, schemeless=schemeless, schemes=schemes, dotless_hosts=dotless_hosts)
    trace: Trace = []
    links = list(_scan(text, tld_set(tlds), trace, opts))
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


def link_at(
    text: str,
    start: int,
    end: int,
    kind: LinkKind,
    *,
    tlds: Collection[str] | None = None,
    dotless_hosts: Collection[str] = (),
) -> Link | None:
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
        local = local.removeprefix(MAILTO)
        return Link(start, end, "email", t, _mailto(local, ascii_domain))
    head = patterns().scheme_prefix.match(t)
    if t.startswith("[", head.end() if head else 0) and "]" not in t:
        return None  # a bracketed host without its ']' ("http://[::1" cut by split_glued_urls)
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
    elif a.has_scheme and host.lower() in scan_options(dotless_hosts=dotless_hosts).dotless_hosts:
        ascii_host = idna_to_ascii_errors(host.lower())[0]
    else:
        last = patterns().separator.split(host)[-1]
        if _tld_key(last) not in tld_set(tlds):
            return None
        ascii_host = _ascii_host(host)
    if ascii_host is None:
        return None
    return Link(start, end, "url", t, _href(scheme, ascii_host, text[a.host_end : end]))
