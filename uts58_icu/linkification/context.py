"""§8 rules that read the context of a link: mail headers, IRC logs, code (issue 18).

Text that people write to each other (raw mail, list archives, chat logs) holds
strings that are syntactically addresses but are identifiers: Message-IDs, trace
headers, IRC hostmasks, addresses spelt out against spam harvesters. Each rule here is
one :class:`~uts58_icu.linkification.policy.LinkPolicy` field, on in ``recommended()``.

Rules that reject (:func:`reject_reason`) only drop a base link. Two rules step past
the base, on purpose, and say so in ``conformance/NOTES.md``:

- ``split_glued_urls`` cuts one base link in two where Outlook glued a URL to its own
  copy in angle brackets (``https://a.example/x<https://a.example/x>``): both pieces
  lie inside the base link's span;
- ``extend_mailto_headers`` extends a written ``mailto:`` link over its RFC 6068 header
  fields (``mailto:list-request@example.org?subject=unsubscribe``), past §5.2's end.

Every test is local: a bounded look at the characters and lines around the link
(at most ``_MAX_LOOKBACK`` code points back), so the cost stays linear in the text.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Collection, Iterator
from dataclasses import replace
from typing import TYPE_CHECKING, TypeVar

from .._lazy import lazy_compile
from ..core.detection import Link, LinkAnatomy, anatomy, link_at
from .rules import _WEB_TLDS, _reterminate

if TYPE_CHECKING:
    from .policy import LinkPolicy

__all__ = ["assignment_starts", "extend_mailto", "reject_reason", "split_glued"]

#: How far back a header's continuation lines are followed (code points, lines).
_MAX_LOOKBACK = 4000
#: How far back a folded header's name may be from a link on its continuation lines: a spam
#: filter's result listing every recipient's domain (``X-Spamd-Result:``) or a long thread's
#: ``References:`` runs to several thousand code points. Each line is still at most
#: ``_MAX_LOOKBACK`` long, and the lines above a link are read once per text (the memo of
#: :func:`remember`; gate.c keeps the header of the line it last read).
_MAX_HEADER_LOOKBACK = 16000
_MAX_LINES = 60

# Header fields whose values are message identifiers (RFC 5322 §3.6.4, RFC 2045 Content-ID).
_MSGID_HEADERS = frozenset({
    "message-id", "references", "in-reply-to", "resent-message-id", "original-message-id",
    "x-original-message-id", "supersedes", "content-id", "x-message-id",
    "x-mailman-original-message-id", "x-mailman-original-references",
})
# Trace and envelope fields (RFC 5321 §4.4, RFC 5322 §3.6.7, RFC 2919 List-Id, RFC 6376
# DKIM, RFC 8601): routing records and machine addresses, not addresses to write to.
_TRACE_HEADERS = frozenset({
    "received", "x-received", "return-path", "delivered-to", "x-original-to", "envelope-to",
    "envelope-from", "x-envelope-to", "x-envelope-from", "errors-to", "x-beenthere", "dkim-signature",
    "x-google-dkim-signature", "authentication-results", "received-spf", "x-forwarded-to",
    "x-forwarded-for", "x-originating-ip", "x-gm-message-state", "x-google-smtp-source",
    "list-id", "x-mailing-list", "x-loop", "x-received-from",
    "x-detected-operating-system", "x-spam-checker-version", "x-spam-status", "x-spam-level",
    "x-mailfrom", "x-antiabuse", "x-spamd-result", "x-spamd-bar", "x-get-message-sender-via",
    # a delivery status notification's per-message and per-recipient fields (RFC 3464 §2.2,
    # §2.3): ``Final-Recipient: rfc822; bob@example.org``, ``Reporting-MTA: dns; mx.example.net``
    "final-recipient", "original-recipient", "reporting-mta", "remote-mta", "received-from-mta",
    # a filter's own stamp (OpenDKIM, OpenDMARC: ``DKIM-Filter: OpenDKIM Filter v2.11.0
    # mx.example.org 4AB12C``) and the DomainKeys fields before DKIM (RFC 4870 §3.3)
    "dkim-filter", "dmarc-filter", "domainkey-signature", "domainkey-status",
})
# ``X-`` fields that name a person's address or a page for people (kept as links).
# ``X-Original-Sender:`` (Google Groups) carries the author's address, as ``Sender:`` does.
_PERSON_X_HEADERS = frozenset({
    "x-original-from", "x-original-cc", "x-original-sender", "x-reply-to", "x-url", "x-homepage", "x-website",
})
_TRACE_PREFIXES = ("arc-", "x-ms-", "x-microsoft-", "x-spam", "x-ironport", "x-forefront", "x-gm-", "x-google-", "x-rspamd-")
_HEADER_NAME = lazy_compile(r"(?:>(?: ?>)* ?)?([A-Za-z][A-Za-z0-9-]*(?: [A-Za-z][A-Za-z0-9-]*)?):")
# The local-part of a message identifier as mail programs make them: Thunderbird
# (``54EF720C.3040203``), a UUID, Gmail (``CAESLx0+…``), a timestamp (``20081218010343.GC23506``).
_MSGID_LOCAL = lazy_compile(
    r"[0-9A-F]{8}\.[0-9]{5,}|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-|CA[A-Za-z0-9+_=-]{24,}|[0-9]{12,}"
    # Trac and other trackers: a sequence number, then a hex digest (``039.2f92…6fc9``);
    # any local-part made of a hex digest of 24 or more digits
    r"|[0-9]{1,6}\.[0-9a-fA-F]{16,}@|[0-9a-fA-F]{24,}@"
)
_QUOTE_PREFIX = lazy_compile(r">(?: ?>)* ?")
# What goes on with an address's domain on the line after a soft break: a domain character.
_DOMAIN_GOES_ON = lazy_compile(r"[A-Za-z0-9.\-\u0080-\U0010FFFF]")
# A key fingerprint after a spelt address on a signature line (``jroe at example.com
# 1A2B 3C4D …``, OpenPGP's groups of four hex digits).
_FINGERPRINT_AFTER = lazy_compile(r"[ \t]+(?:[0-9A-F]{4}[ \t]+){3,}[0-9A-F]{4}\b")
# Characters a URL wrapped by a mail program or an archive ends its first line with.
_WRAP_END = frozenset("/-._=?&%#~+")
# DSN/SMTP original recipient (RFC 3461): ``ORCPT=rfc822;bob@example.org``.
_ORCPT = lazy_compile(r"ORCPT[\s=<(]*rfc822;\s*<?\Z", re.IGNORECASE)
# An address as an Authentication-Results property value (RFC 8601 §2.3:
# ``smtp.mailfrom=bob@x.org``, ``header.from=``, DKIM's ``header.i=@x.org``) or a
# Received-SPF key (RFC 7208 §9.1: ``envelope-from=``), also when a test fixture or a log
# unfolds the header so that the value starts no header line.
_AUTH_KEY = r"(?:smtp\.(?:mailfrom|rcptto|helo)|header\.(?:from|sender|i)|envelope-from)=[\"<]?"
_AUTH_PROPERTY = lazy_compile(_AUTH_KEY, re.IGNORECASE)
# ... the same key right before the address, starting a token (``envelope-from=<bob@x.org>``)
_AUTH_PROPERTY_BEFORE = lazy_compile(r"(?<![A-Za-z0-9.-])" + _AUTH_KEY + r"\Z", re.IGNORECASE)
# The comment an SPF checker writes (RFC 7208 §9.1, as every implementation words it):
# ``domain of bob@x.org designates 192.0.2.1 as permitted sender``, ``… does not designate …``.
_SPF_DOMAIN_OF = lazy_compile(r"\bdomain of \Z")
# The date after an mbox separator line's address (RFC 4155): blanks, then a weekday or a digit.
_MBOX_DATE_AFTER = lazy_compile(r"[ \t]+(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun|[0-9])")
_SPF_DESIGNATES = lazy_compile(r" (?:designates|does not designate) ")
# Usenet and archive quoting of a message identifier: ``In article <…@…>``.
_IN_ARTICLE = lazy_compile(r"\b(?:[Ii]n article|[Mm]essage-?[Ii][Dd]|[Mm]sg-?[Ii][Dd])\s*[:=]?\s*<\Z")

# ``jane at example.org`` (Pipermail, MHonArc): the word before `` at `` is a local-part;
# ``jane @ example.org``: an address spelt with spaces around its ``@``.
# The look-behind only skips starts inside the word (the leftmost match is the same, and
# the search linear, not quadratic, in the length of the words before).
_SPELLED_AT = lazy_compile(r"(?<![A-Za-z0-9._%+~=-])([A-Za-z0-9._%+~=-]+)(\s+(?:at|AT)\s+|[ \t]+@[ \t]+)\Z")
_LOCAL_ONLY = lazy_compile(r"[._%+=\d]")
# A mailing list's address spelt out (``R-help at r-project.org mailing list``, every
# message's footer in a Mailman archive): the list's name, or "mailing list" after it.
_LIST_NAME = lazy_compile(
    r"(?i)[a-z0-9][a-z0-9.]*-(?:help|devel|dev|users?|announce|request|bounces|owner|admin|discuss|"
    r"general|commits|bugs|questions|talk|list|l|sig|package-devel)"
)
_LIST_AFTER = lazy_compile(r"[ \t]+mailing[ \t]+list\b")
# A local-part spelt out with ``dot`` too: ``jing dot empty at gmail.com``.
_SPELLED_DOT = lazy_compile(r"[A-Za-z0-9_%+~-]\s+(?:dot|DOT|\[dot\]|\(dot\))\s+\Z")
# Pipermail's author line: ``Jane Doe jane at example.org`` (a name, then the spelt-out address).
_NAME_BEFORE = lazy_compile(r"(?:^|\n)[ \t]*[A-Z][\w'-]+(?: [A-Z][\w'.-]+)+[ \t]+\Z")
# An archive's redaction of a local-part (``mi***a@example.org``) and an address split by
# markup against harvesters (``bob<span>@</span>example.org``, ``bob&#64;example.org``).
_REDACTED = lazy_compile(r"(?<=[^\s*])(?:\*{2,}|\.{3}|\u2026)")
# An address masked with x's, its local-part and the first label of its domain
# (``xxxxxx@xxxxxxxx.com`` in a forwarded message): a redaction, not an address.
_X_REDACTED = lazy_compile(r"[xX]{3,}@[xX]{3,}(?:\.[A-Za-z0-9-]+)+")
# Hypermail's redaction of an address (``bob.domain.name.hidden``; its ``hypermail.rc``
# option ``spamprotect``): whatever it leaves is a piece of an address, not a host.
_HIDDEN_DOMAIN = lazy_compile(r"(?i)(?:^|[.@])domain\.name\.hidden(?:$|[.>])")
_SPLIT_AT = lazy_compile(r"(?:@|&#64;|&#x40;|&commat;)(?:</span>|</b>|</i>)?\Z")
_HEADER_LINE_START = lazy_compile(r"(?:>[ >]*)?(?:From|To|Cc|CC|Reply-To|Sender|Author|Maintainer)\s*:\s*", re.IGNORECASE)
# The mbox separator line that starts each message of Pipermail's text archive
# (``From jane at example.org  Thu Mar  4 13:44:07 2010``): the sender, then the date.
_MBOX_FROM_LINE = lazy_compile(r"(?:>[ >]*)?From[ \t]+")
_MBOX_DATE_AFTER = lazy_compile(
    r"[ \t]+(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[ \t]+(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[ \t]+\d"
)

# IRC: ``nick!ident@host``; ``(~ident@host)`` / ``[n=ident@host]`` in join/quit lines.
_NICK = lazy_compile(r"[A-Za-z\[\]\\`_^{|}][A-Za-z0-9\[\]\\`_^{|}-]*")
# A ban or ignore mask's nick part (``*!*@host``, ``foo*!~bar@host``).
_MASK = lazy_compile(r"[A-Za-z0-9\[\]\\`_^{|}*?-]*[*?][A-Za-z0-9\[\]\\`_^{|}*?-]*")
_IDENT_PREFIX = lazy_compile(r"(?:[~+^=-]|[ni]=)")
_IRC_EVENT = lazy_compile(
    r"has (?:joined|quit|left)|\b(?:joined|left|quit|parted|Quit|Read error|Ping timeout|"
    r"is now known as|Remote host closed)\b"
)
# (``--`` alone: weechat's network marker; not the ``---`` of a rule or of Bugzilla's
# ``--- Comment #5 from Jane Roe (jroe@example.org) ---``)
_NICK_ALONE = lazy_compile(r"[ \t]*\S+[ \t]+")
_IRC_LINE_START = lazy_compile(r"\s*(?:\[?[\d:.\- T]+\]?\s*)?(?:-!-|\*\*\*|-->|<--|\*|(?<!-)--(?!-)|Joins:|Quits:|Parts:)")

# Code: a receiver that starts a member access (``this.constructor.name``, ``input.id``).
_CODE_RECEIVERS = frozenset({
    "this", "self", "super", "document", "window", "navigator", "event", "evt", "input", "props",
    "module", "exports", "process", "el", "req", "request", "JSON", "Math", "Object", "Array", "String", "Number",
    "Promise", "Reflect", "Symbol", "localStorage", "sessionStorage", "ctx", "args", "kwargs", "cls", "obj",
    # a language's standard library or a module's conventional alias (Zig's ``std.io``,
    # NumPy's ``np.ma``, TensorFlow's ``tf.io``, pandas' ``pd.io``)
    "std", "np", "tf", "pd",
})
# Words that are also the first label of real hosts are left out (``console.cloud.google.com``,
# ``res.cloudinary.com``, ``element.io``, ``state.nj.us``); under the web's own TLDs a
# two-label name is a host (``self.com``, ``window.org``).
_WEB_HOST_TLDS = frozenset({"com", "org", "net", "edu", "gov", "mil", "int"})
_CAMEL = lazy_compile(r"[a-z][a-z0-9]*[A-Z]")
_CAMEL_HUMP = lazy_compile(r"[a-z0-9][A-Z]")  # a lower-case letter or digit, then a capital
# An interactive interpreter's prompt and the blanks after it, or nothing: Python's ``>>>``
# and ``...``, IPython's ``In [12]:`` (gate.c at_line_start_after_prompt reads the same).
_PROMPT = r"(?:(?:>>>|\.\.\.|In[ \t]?\[[0-9]{1,6}\]:)[ \t]+)?"
_CODE_BEFORE = lazy_compile(
    r"(?:(?:^|\s)(?:[=!]==?|&&|\|\||->|=>)|\b(?:return|typeof|await|var|const)"
    # an import or package statement at the line's start (Java, Go, Kotlin, C#), or after
    # an interactive prompt (``>>> import numpy.ma as ma``)
    r"|^[ \t]*(?:" + _PROMPT + r"import(?:[ \t]+static)?|package|using))[ \t]+\Z",
    re.M,
)
# Python's ``from NAME import …`` (also in a diff: ``+from twisted.internet.app import X``,
# and after a prompt: ``>>> from sunpy.net import Fido``, ``In [3]: from scipy.io import …``).
_PY_FROM_BEFORE = lazy_compile(r"^[ \t]*[+-]?[ \t]*" + _PROMPT + r"from[ \t]+\Z", re.M)
_PY_IMPORT_AFTER = lazy_compile(r"[ \t]+import[ \t]")
# ``;`` then the line's end: a statement. Only the end of the text right after ``;`` counts as one
# (``x.co; `` at the end of a piece that the CLI cuts after a space is not: same links in pieces).
_CODE_AFTER = lazy_compile(r"[ \t]+(?:[=!]==?|&&|\|\||[+-]?=)[ \t]|\?\.|;(?:[ \t]*\n|\Z)")
# A Sphinx role with an explicit title, up to its target's ``<``:
# ``:meth:`next <scrapy.utils.python.MutableChain.next>``` names a Python object, not a host.
_ROLE_TARGET_BEFORE = lazy_compile(r":(?:py:)?(?:meth|func|class|attr|mod|obj|exc|data|const|ref|doc|term):`[^`<\n]*<\Z")
# (``ASP.net``, ``ADO.net``, ``VB.net``: the family's names with ``.net`` in any case; other
# capitals before a lower-case ``.net`` may be a site: ``PHP.net``)
_DOTNET = lazy_compile(r"[A-Z]{2,4}\.NET|(?:ASP|ADO|VB)\.(?i:net)")
# A word naming a unit of code right after the name (``the java.io package``, ``the
# os.path module``, ``the socket.io library``): the name is a package, not a site.
_CODE_UNIT_AFTER = lazy_compile(r"[ \t]+(?:package|module|namespace|crate|library|gem|header)\b(?![ \t]*(?:page|site|hours)\b)")
# The same in CJK text, where the unit word follows the name (``java.net 包``, ``os.path モジュール``).
_CJK_CODE_UNIT_AFTER = lazy_compile(r"[ \t]?(?:包|模块|模組|套件|类库|類庫|パッケージ|モジュール|ライブラリ|패키지|모듈|라이브러리)")
_ARTICLE_BEFORE = lazy_compile(r"(?i)\b(?:the|a|an|this|that)[ \t]+\Z")

# ``mailto:…`` then RFC 6068 header fields: ``?hfname=hfvalue *( "&" hfname=hfvalue )``.
_HFIELDS = lazy_compile(r"(?:[?&][A-Za-z][A-Za-z0-9._~%-]*=[A-Za-z0-9._~%!$'*+,;:@/=-]*)+")
_GLUED = lazy_compile(r"<(?=(?:https?|ftp)://|mailto:)", re.IGNORECASE)
# Where a ``KEY=`` before an email starts a value: the line's start, after a space, an
# option dash, a separator of a query string or parameter list, a quote, or the backslash of
# an escape in a string literal (``"USER=foo\\nEMAIL=foo@example.org"``: the key is ``EMAIL``).
_ASSIGNMENT_BEFORE = frozenset(" \t\n-;&?\"',\\")


def _line_start(text: str, pos: int) -> int:
    """Start of the line holding ``pos``, looking back at most ``_MAX_LOOKBACK`` characters:
    on a longer line, the start of that window (see :func:`_at_line_start`), so that the
    work per link stays bounded and the whole scan linear."""
    lo = max(0, pos - _MAX_LOOKBACK)
    nl = text.rfind("\n", lo, pos)
    return lo if nl == -1 else nl + 1


def _at_line_start(text: str, pos: int) -> bool:
    """Whether ``pos`` really starts a line (not the edge of a look-back window)."""
    return pos == 0 or text[pos - 1] == "\n"


def _line_end(text: str, pos: int) -> int:
    """End of the line holding ``pos`` (its line break, or the text's end), looking ahead at
    most ``_MAX_LOOKBACK`` characters: on a longer line, the end of that window (see
    :func:`_at_line_end`), as :func:`_line_start` looks back."""
    hi = min(len(text), pos + _MAX_LOOKBACK)
    nl = text.find("\n", pos, hi)
    return hi if nl == -1 else nl


def _at_line_end(text: str, pos: int) -> bool:
    """Whether ``pos`` really ends a line (not the edge of a look-ahead window)."""
    return pos == len(text) or text[pos] == "\n"


def header_name(text: str, pos: int) -> str | None:
    """The mail header field (lower case) whose value holds ``pos``, or None.

    Follows folded continuation lines (a line starting with white space, after an
    optional ``>`` quote prefix) back to the field name, at most ``_MAX_LINES`` lines.
    """
    ls = _line_start(text, pos)
    memo = _MEMO
    above = memo[1] if memo[0] is text else None
    for i in range(_MAX_LINES):
        if not _at_line_start(text, ls):
            return None  # a line longer than the look-back: no header
        q = _QUOTE_PREFIX.match(text, ls)
        body = q.end() if q else ls
        if text[body : body + 1] in (" ", "\t"):  # a folded continuation line
            le = text.find("\n", ls, pos)
            # a blank line ends the header block; the line holding ``pos`` holds the link,
            # so it is not blank even where the link starts it (``\n        host.example``)
            if ls == 0 or (le != -1 and not text[ls:le].strip(" \t>")):
                return None
            ls = _line_start(text, ls - 1)
            if pos - ls > _MAX_HEADER_LOOKBACK:
                return None
            if above is not None:  # the lines above, read once for every link of the text
                top = _header_above(text, ls, above)
                if top is None or i + 1 + top[2] >= _MAX_LINES or pos - top[0] > _MAX_HEADER_LOOKBACK:
                    return None
                return top[1]
            continue
        if not _at_line_start(text, ls):
            return None  # a line longer than the look-back: no header
        m = _HEADER_NAME.match(text, ls)
        return m.group(1).lower().replace(" ", "-") if m is not None and m.end() <= pos else None
    return None


#: The memo of the text whose links are being settled (:func:`remember`): a line start ->
#: what :func:`_header_above` says of it.
_MEMO: tuple[str | None, dict[int, tuple[int, str | None, int] | None] | None] = (None, None)


def remember(text: str) -> bool:
    """Keep a memo of ``text``'s lines while its links go through the rules (the caller
    then calls :func:`forget`); False when one is kept for it already. One text at a
    time: a memo of another text is not read (threads get the plain reading)."""
    global _MEMO
    if _MEMO[0] is text:
        return False
    _MEMO = (text, {})
    return True


def forget(text: str) -> None:
    """Drop the memo of ``text`` (:func:`remember`) and its indexes (:func:`_text_index`),
    so that no text is kept alive by them."""
    global _MEMO, _TEXT_INDEXES
    if _MEMO[0] is text:
        _MEMO = (None, None)
        _TEXT_INDEXES = (None, {})


_Index = TypeVar("_Index")
#: The indexes of the text whose links are being settled, by name, keyed on its memo
#: (:data:`_MEMO`'s dict, new for every :func:`remember`; :func:`forget` drops them with it).
_TEXT_INDEXES: tuple[object, dict[str, object]] = (None, {})


def _text_index(text: str, name: str, build: Callable[[str], _Index]) -> _Index | None:
    """The index ``name`` of ``text``, made by ``build(text)`` on its first use while
    ``text`` is remembered (:func:`remember`), or None when it is not."""
    global _TEXT_INDEXES
    memo = _MEMO
    if memo[0] is not text:
        return None
    if _TEXT_INDEXES[0] is not memo[1]:
        _TEXT_INDEXES = (memo[1], {})
    indexes = _TEXT_INDEXES[1]
    if name not in indexes:
        indexes[name] = build(text)
    return indexes[name]  # type: ignore[return-value]


def _header_above(text: str, ls: int, above: dict[int, tuple[int, str | None, int] | None]
                  ) -> tuple[int, str | None, int] | None:
    """:func:`header_name`'s reading from ``ls`` up, ``ls`` being a line above the link's:
    ``(start of the header line, its name or None, lines up to it)``, or None where the
    reading ends without one. Not bounded here (the caller bounds lines and look-back):
    each line is read once per text, and remembered in ``above``."""
    chain = []
    while True:
        if ls in above:
            top = above[ls]
            break
        if not _at_line_start(text, ls):
            top = None
            break
        q = _QUOTE_PREFIX.match(text, ls)
        body = q.end() if q else ls
        if text[body : body + 1] in (" ", "\t"):  # folded: blank or the text's first line ends it
            if ls == 0 or not text[ls : text.find("\n", ls)].strip(" \t>"):
                top = None
                break
            chain.append(ls)
            ls = _line_start(text, ls - 1)
            continue
        m = _HEADER_NAME.match(text, ls)
        top = above[ls] = (ls, m.group(1).lower().replace(" ", "-") if m is not None else None, 0)
        break
    for k, line in enumerate(reversed(chain), 1):
        above[line] = None if top is None else (top[0], top[1], top[2] + k)
    return top if top is None or not chain else above[chain[0]]


def _is_trace(name: str) -> bool:
    # any other ``X-`` field is a mail system's own record too (``X-ClientProxiedBy:``,
    # ``X-OriginatorOrg:``, ``X-Forwarded-Encrypted:``), except those that carry a person's address
    return (name in _TRACE_HEADERS or name.startswith(_TRACE_PREFIXES)
            or (name.startswith("x-") and name not in _PERSON_X_HEADERS))


def _spelled_at(text: str, link: Link) -> str | None:
    """``reject_obfuscated_addresses``: ``jane at example.org``, ``mi***a@example.org`` and pieces of them."""
    if (not link.text.isascii() or "hidden" in link.text.lower()) and _HIDDEN_DOMAIN.search(link.text):
        return "§8 reject_obfuscated_addresses: Hypermail's redaction 'domain.name.hidden' stands for an address"
    if link.kind == "email":
        local = link.text[: link.text.rindex("@")]
        if _REDACTED.search(local):
            return f"§8 reject_obfuscated_addresses: {local!r} is redacted, not an address anyone can write to"
        if _X_REDACTED.fullmatch(link.text):
            return f"§8 reject_obfuscated_addresses: {link.text!r} is masked with x's, not an address anyone can write to"
        if link.start >= 2 and text[link.start - 1] == "@" and (text[link.start - 2].isalnum() or text[link.start - 2] in "._%+-"):
            # ``jane@doe77@mail.example.com`` (a name replaced by a redaction holding an '@'):
            # the address written is not valid, and its tail is not the address meant
            return "§8 reject_obfuscated_addresses: a second '@' glued before the local-part: the address written is not valid"
    elif link.start and text[link.start - 1] in "@;>" and _SPLIT_AT.search(text, max(0, link.start - 12), link.start):
        return "§8 reject_obfuscated_addresses: the domain of an address split by markup ('@</span>')"
    before = text[max(0, link.start - 80) : link.start]
    found = _spelled_at_split(before)
    if found is None:
        return None
    local, at = before[found[0] : found[1]], before[found[1] :]  # _SPELLED_AT's groups
    head = before[: found[0]]
    after = text[link.end : link.end + 12]
    why = f"§8 reject_obfuscated_addresses: '{local}{at}…' is an address spelt out, not a host"
    # one test passing is enough (each is pure): the cheap ones first, the line only then
    if head.endswith(("<", "mailto:", "(")) or after.startswith((">", " (", ")")) or _LOCAL_ONLY.search(local):
        return why
    ls = _line_start(text, link.start)
    line = text[ls : link.start] if _at_line_start(text, ls) else ""
    if (
        _HEADER_LINE_START.match(line)
        or (_MBOX_FROM_LINE.fullmatch(line, 0, len(line) - len(local) - len(at)) and _MBOX_DATE_AFTER.match(text, link.end))
        or _spelled_dot_before(head)
        or (local.islower() and _name_before(head))
        or after.lstrip().startswith("wrote")
        or _LIST_AFTER.match(text, link.end)
        or _LIST_NAME.fullmatch(local)
        or _spelled_address_shape(text, link, local, at, line)
        or _spelt_in_mail(text, link, local, at, line)
    ):
        return why
    return None


# _SPELLED_AT's local-part characters.
_SPELLED_LOCAL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._%+~=-"


def _spelled_at_split(before: str) -> tuple[int, int] | None:
    """Where ``_SPELLED_AT.search(before)`` finds its groups, ``(local-part start, " at "
    start)``, or None; read back from the end (the pattern ends at the end), not tried at
    every position of the window. ``str.isspace`` is what ``\\s`` matches in a ``str``."""
    body = before.rstrip()
    if len(body) == len(before) or len(body) < 3:
        return None
    if body[-1] == "@":  # [ \t]+@[ \t]+\Z
        if before[len(body) :].strip(" \t"):
            return None
        word = body[:-1].rstrip(" \t")
        if len(word) == len(body) - 1:
            return None
    elif body.endswith(("at", "AT")):  # \s+(?:at|AT)\s+\Z
        word = body[:-2].rstrip()
        if len(word) == len(body) - 2:
            return None
    else:
        return None
    i = len(word.rstrip(_SPELLED_LOCAL))
    return (i, len(word)) if i < len(word) else None


def _spelled_dot_before(head: str) -> bool:
    """``_SPELLED_DOT.search(head)``: only where ``head`` ends with blanks after a "dot"."""
    body = head.rstrip()
    return (len(body) < len(head) and body.endswith(("dot", "DOT", "[dot]", "(dot)"))
            and _SPELLED_DOT.search(head) is not None)


def _name_before(head: str) -> bool:
    """``_NAME_BEFORE.search(head)``: the match starts at the last line break (nothing it
    matches after one is a line break) or, without one, at the start."""
    return _NAME_BEFORE.match(head, max(0, head.rfind("\n"))) is not None


_LINE_END_BLANKS = lazy_compile(r"[ \t\r]*(?:\n|\Z)")
# Words that put a site after "at" in prose, wrapped onto an indented line of their own
# (``the new site is\n    available at example.org``): not a local-part.
_PROSE_BEFORE_AT = frozenset({
    "available", "hosted", "located", "found", "online", "live", "now", "here", "there", "up", "us", "me",
    "them", "look", "looking", "see", "visit", "meet", "stay", "work", "shop", "is", "are", "was", "be", "it",
    "link", "links", "page", "site", "website", "point", "points", "pointed", "pointing", "aimed", "based",
    "published", "posted", "stored", "kept", "mirrored", "served", "running", "runs", "deployed", "lives",
    "patch", "patches", "bug", "ticket", "issue", "more", "details", "documentation", "tutorial", "slides",
    "instructions", "examples", "download", "downloads", "article", "homepage", "repository", "mirror", "demo",
    "code", "someone", "somebody", "anyone", "everyone", "folks", "friends", "colleagues", "guys",
})
# A label that names an address channel, right before a spelt address: a signature's
# contact line (``Twitter: jroe    Jabber: jroe at example.de``, ``E-Mail: jroe at example.de``).
_CONTACT_LABEL = lazy_compile(
    r"(?i)(?:^|[ \t])(?:e-?mail|mail|mailto|e-?post|jabber|xmpp|gtalk|google[ \t]talk|msn|icq|aim|yahoo|skype|sip|"
    r"contact|kontakt|correo|courriel|adresse|address)[ \t]*:[ \t]*\Z"
)


def _spelled_address_shape(text: str, link: Link, local: str, at: str, line: str) -> bool:
    """An address spelt out that no prose reading fits: ``jane @ example.org`` (a lower-case
    local-part, spaces around ``@``), a local-part that is a label of the domain (``jcea at
    jcea.es``), a line that is the spelt address alone (``forsberg at efod.se``, an
    archive's list of members; indented: Pipermail's message header), or a spelt address
    after a contact label (``Jabber: jroe at example.de``)."""
    if at.strip() == "@":
        return local.islower()
    host = link.text.split("/", 1)[0].lower()
    if local.lower() in host.split(".")[:-1]:
        return True
    if "/" not in link.text and _mailman_footer(text, link, local + at, line):
        return True
    if not local.islower():
        return False
    if "/" not in link.text and local not in _PROSE_BEFORE_AT:
        # a display name in a quoted header (``<dev at example.edu>, "jdoe at example.edu"``)
        # or an address Outlook wrapped after its opening bracket (``[jroe at example.gov``
        # first on its line, ``> <mailto:jroe at example.gov>]`` on the next)
        quoted = line.endswith('"' + local + at) and text.startswith('"', link.end)
        end = _LINE_END_BLANKS.match(text, link.end)
        bracketed = (line[len(_quote_prefix(line)):] == "[" + local + at
                     and (text.startswith("]", link.end) or end is not None))
        if quoted or bracketed:
            return True
        # the bracket after a name (``David Roe [jroe at example.gov`` ⏎ ``> <mailto:jroe at
        # example.gov>]``): the wrapped line repeats the address as a mailto
        if line.endswith("[" + local + at) and end is not None and text.endswith("\n", 0, end.end()):
            nxt = _next_content_line(text, end.end() - 1, 1)
            return nxt is not None and nxt[len(_quote_prefix(nxt)):].lstrip(" \t").startswith("<mailto:" + local + at)
    if line == local + at and (link.end == len(text) or text[link.end] in "\r\n"):
        return True
    spelt = local + at
    if ("/" in link.text or local in _PROSE_BEFORE_AT or not line.endswith(spelt)
            or (link.end < len(text) and text[link.end] not in " \t\r\n")):
        return False
    # the same line indented, blanks after it (Pipermail's HTML message page: the sender's
    # name on one line, then ``␠␠␠␠jroe at example.edu``); or a contact label before the
    # spelt address on a signature line (``Twitter: jroe    Jabber: jroe at example.de``)
    return ((not line[: -len(spelt)].strip(" \t")
             and (_LINE_END_BLANKS.match(text, link.end) is not None or _FINGERPRINT_AFTER.match(text, link.end)))
            or _CONTACT_LABEL.search(line, 0, len(line) - len(spelt)) is not None)


# The URL of a Mailman list's page, on the line after the list's address in a footer
# (``http://lists.example.org/mailman/listinfo/dev-news``, ``…/cgi-bin/mailman/listinfo/…``).
_LISTINFO_LINE = lazy_compile(r"[ \t]*<?https?://[^\s/]+/[^\s]*\blistinfo/")
_MAILING_LIST_LINE = lazy_compile(r"[ \t]*(\S+)[ \t]+mailing[ \t]+list[ \t\r]*", re.IGNORECASE)


def _quote_prefix(line: str) -> str:
    """The ``>`` quote prefix a line starts with (``""`` when none)."""
    q = _QUOTE_PREFIX.match(line)
    return q.group() if q else ""


def _next_content_line(text: str, pos: int, step: int) -> str | None:
    """The first line after (``step`` 1) or before (-1) the line break at or before ``pos``
    that holds more than blanks and ``>`` quote markers, looking at most 6 lines away
    (archives put blank lines between the lines of a message), or None. A line is read
    within the shared bound of :func:`_line_start` and :func:`_line_end` (``_MAX_LOOKBACK``):
    a longer line ends the search, as it ends :func:`header_name`'s."""
    for _ in range(6):
        if step > 0:
            if pos >= len(text):
                return None
            end = _line_end(text, pos + 1)
            if not _at_line_end(text, end):
                return None
            line = text[pos + 1 : end]
            pos = end
        else:
            if pos <= 0:
                return None
            start = _line_start(text, pos)
            if not _at_line_start(text, start):
                return None
            line = text[start:pos]
            pos = start - 1
        if line.strip(" \t\r>"):
            return line.rstrip("\r")
    return None


def _mailman_footer(text: str, link: Link, spelt: str, line: str) -> bool:
    """A list's address in a Mailman footer, first on its line (after an optional ``>``
    quote prefix), whatever the case of its local-part, the line ending there or with a
    ``<mailto:…>`` copy: ``Dev-news mailing list`` on the line before, naming the same list,
    or the list's ``…/listinfo/…`` page on the line after (``> Dev-news mailing list`` ⏎
    ``> Dev-news at lists.example.org`` ⏎ ``> http://lists.example.org/mailman/listinfo/dev-news``;
    blank lines between, as archives write them)."""
    if line[len(_quote_prefix(line)):].lstrip(" \t") != spelt:
        return False
    m = _LINE_END_BLANKS.match(text, link.end)
    if m is None and not text.startswith("<mailto:", link.end):
        return False
    local = spelt.split()[0].lower()
    prev = _next_content_line(text, link.start - len(line) - 1, -1)
    if prev is not None:
        pm = _MAILING_LIST_LINE.fullmatch(prev, len(_quote_prefix(prev)))
        if pm is not None and pm.group(1).lower() == local:
            return True
    if local in _PROSE_BEFORE_AT or m is None:
        return False
    nxt = _next_content_line(text, m.end() - 1, 1) if text.endswith("\n", 0, m.end()) else None
    return nxt is not None and _LISTINFO_LINE.match(nxt, len(_quote_prefix(nxt))) is not None


# An IRC client's status line whose actor is a server (HexChat, mIRC):
# ``May 19 23:59:44 *\tzinc.libera.chat sets mode +n on #chan``: a timestamp, the event
# marker, the server's name, then the mode change.
_IRC_STATUS_PREFIX = lazy_compile(
    r"[ \t]*(?:\[?(?:[A-Z][a-z]{2}[ \t]+\d{1,2}[ \t]+)?\d{1,2}:\d{2}(?::\d{2})?\]?[ \t]*)?(?:\*{1,3}|-!-)[ \t]+"
)
_IRC_SERVER_ACT = lazy_compile(r" sets (?:mode|ban|exempt|invite)\b")


# A netsplit's quit reason: exactly two server names in one pair of brackets, closing the
# line (``*** Quits nick (irc.example.nl hub.example)``; irssi writes ``[a.net b.net]``,
# Pidgin ``left the room (quit: a.net b.net).``). Servers make it, in place of a quit
# message (a user's own reason gets "Quit: " from the server, so it cannot take this
# shape); ``*.net *.split`` is a network's hidden form.
_IRC_SPLIT_NAME = r"[A-Za-z0-9*](?:[A-Za-z0-9*-]*[A-Za-z0-9*])?(?:\.[A-Za-z0-9*](?:[A-Za-z0-9*-]*[A-Za-z0-9*])?)+"
_IRC_SPLIT_REASON = lazy_compile(
    rf"(?:\((?:quit: )?({_IRC_SPLIT_NAME}) ({_IRC_SPLIT_NAME})\)|\[({_IRC_SPLIT_NAME}) ({_IRC_SPLIT_NAME})\])"
    r"\.?[ \t\r]*(?:\n|\Z)"
)
# irssi's summary of a netsplit (its default, ``hide_netsplit_quits``):
# ``-!- Netsplit irc.example.nl <-> hub.example quits: nick1, nick2``.
_IRC_NETSPLIT_LINE = lazy_compile(rf"\bNetsplit ({_IRC_SPLIT_NAME}) <-> ({_IRC_SPLIT_NAME})(?: quits:|[ \t\r]*(?:\n|\Z))")
# The event of the line, before the reason: a quit, part or kick as IRC clients and
# bouncers log it (ZNC "*** Quits: nick", irssi/weechat/HexChat/XChat/Quassel "has quit",
# mIRC "Quit", Textual "left IRC", "has left #chan", "was kicked by op", "*** Kicks:").
_IRC_SPLIT_EVENT = lazy_compile(r"(?i)\b(?:quits?|parts?|kicks?|has (?:quit|left)|left|was kicked|kicked)\b")
# The 300 of _irc_netsplit and _irc_hostmask bounds one IRC line, not the shared look-back
# (_MAX_LOOKBACK, how far a mail header's folded lines are followed), on purpose: an IRC
# message is at most 512 bytes with its prefix and command (RFC 1459 §2.3, RFC 2812 §2.3),
# and a logged event, its hostmask and a quit's reason lie in its first few hundred code
# points; an event word further away is not read (the link is then kept). Each link reads
# at most that window past the line's start (tests/test_context_bounds.py).


def _irc_netsplit(text: str, link: Link) -> bool:
    """``reject_irc_server_sources``: a server of a netsplit's quit reason, ``(a.net b.net)``
    closing a quit, part or kick line of an IRC log (the two servers whose link split)."""
    s, e = link.start, link.end
    if text.startswith(" <-> ", e) or text.endswith(" <-> ", 0, s):
        ls = _line_start(text, s)
        m = _IRC_NETSPLIT_LINE.search(text, ls, min(len(text), e + 300))
        return m is not None and m.start() - ls <= 300 and (s, e) in (m.span(1), m.span(2))
    if s == 0 or e >= len(text):
        return False
    if text[s - 1] in "([" and text[e] == " ":
        opener = s - 1
    elif text.endswith("(quit: ", 0, s) and text[e] == " ":
        opener = s - 7
    elif text[s - 1] == " " and text[e] in ")]":
        opener = max(text.rfind("(", max(0, s - 256), s - 1), text.rfind("[", max(0, s - 256), s - 1))
        if opener < 0:
            return False
    else:
        return False
    m = _IRC_SPLIT_REASON.match(text, opener)
    if m is None or (s, e) not in {m.span(i) for i in range(1, 5)}:
        return False
    ls = _line_start(text, opener)
    return opener - ls <= 300 and _IRC_SPLIT_EVENT.search(text, ls, opener) is not None


def _irc_server_source(text: str, link: Link) -> bool:
    """``reject_irc_server_sources``: the server that a status line says set a mode, or a
    server of a netsplit's quit reason (:func:`_irc_netsplit`)."""
    if "@" in link.text or "/" in link.text:
        return False
    if not text.startswith(" sets ", link.end) or not _IRC_SERVER_ACT.match(text, link.end):
        return _irc_netsplit(text, link)
    ls = _line_start(text, link.start)
    return (_at_line_start(text, ls) and link.start - ls <= 40
            and _IRC_STATUS_PREFIX.fullmatch(text, ls, link.start) is not None)


def _irc_hostmask(text: str, link: Link) -> bool:
    at = link.start + link.text.rindex("@")
    ts = link.start
    lo = max(0, link.start - 64)
    while ts > lo and not text[ts - 1].isspace() and text[ts - 1] not in "([<":
        ts -= 1
    token = text[ts:at]
    bang = token.find("!")
    if bang > 0 and (_NICK.fullmatch(token[:bang].lstrip(":@+%&~")) or _MASK.fullmatch(token[:bang])):
        return True
    opener = text[ts - 1] if ts > 0 else ""
    closer = text[link.end] if link.end < len(text) else ""
    if opener not in "([" or not opener or closer not in ")]" or not closer:
        return False
    if _IDENT_PREFIX.match(text, ts):
        return True
    line_end = text.find("\n", link.end, link.end + 300)
    rest = text[link.end : line_end if line_end != -1 else link.end + 300]
    if _IRC_EVENT.search(rest):
        return True
    # a log line's marker, then the nick alone before the bracket (``* nick (ident@host)``);
    # a list item's ``*`` before a name of several words is not one (``  * Jane Doe (jane@x.org)``)
    ls = _line_start(text, ts)
    m = _IRC_LINE_START.match(text, ls) if _at_line_start(text, ls) else None
    return m is not None and _NICK_ALONE.fullmatch(text, m.end(), ts - 1) is not None


# Usenet's ``Path:`` header (RFC 5536 §3.1.5): the news servers a message went through,
# ``!``-separated (``Path: news.example.edu!relay.example.net!not-for-mail``), a trace like
# ``Received:``. Only a name next to a ``!`` (a documentation line ``Path: example.com/x``
# is no trace).
_BANG_PATH_HEADERS = frozenset({"path"})
# A request to write to the address, in the prose of a list's own ``X-`` header
# (``X-List-Note: To join send "subscribe" to list-request@example.org``).
# A phrase, not a line: the verb at most 120 code points before "to", the search at most 200
# before the address (_x_header_prose), a bound of its own (the words of one request), not
# the shared look-back, which would let each address of a long header line read 4,000.
_X_PROSE_TO = lazy_compile(r"(?i)\b(?:send|mail|write|e-?mail|contact)\b[^\n]{0,120}?\b(?:to|at)[ \t]+<?\Z")


def _bang_path_host(text: str, link: Link) -> bool:
    """A name of a ``!``-separated Usenet path (``a.example.edu!b.example.net!user``)."""
    return text.startswith("!", link.end) or text.endswith("!", 0, link.start)


def _x_header_prose(text: str, link: Link, name: str) -> bool:
    """An address that the prose of a non-standard ``X-`` header asks the reader to write
    to (``send "subscribe" to list-request@example.org``): a link, not a trace record.
    Only ``X-`` names that no table knows (not ``X-Spam-…``, ``X-Original-To:``)."""
    if link.kind != "email" or name in _TRACE_HEADERS or name.startswith(_TRACE_PREFIXES):
        return False
    return _X_PROSE_TO.search(text, max(_line_start(text, link.start), link.start - 200), link.start) is not None


def _code_name(text: str, link: Link, a: LinkAnatomy) -> str | None:
    """``reject_code_expressions``: a member access or a product name, not a host."""
    if a.has_scheme or link.end != a.after:
        return None
    host = text[a.host_start : a.host_end]
    labels = host.split(".")
    if len(labels) < 2:
        return None
    if labels[0] in _CODE_RECEIVERS and (len(labels) > 2 or labels[-1].lower() not in _WEB_HOST_TLDS):
        return f"§8 reject_code_expressions: {labels[0]!r} starts a member access ({host!r} is code)"
    if any(label in ("prototype", "__proto__", "constructor") for label in labels[1:-1]):
        return f"§8 reject_code_expressions: {host!r} names a JavaScript method (a 'prototype' label)"
    if any(_CAMEL.match(label) for label in labels[1:-1]):
        return f"§8 reject_code_expressions: a camelCase inner label in {host!r} (code)"
    if len(labels) == 2 and labels[1] == "id" and _CAMEL_HUMP.search(labels[0]):
        # ``WidgetCore.id``, ``currentUser.id``: a camelCase name's member ``id`` (code);
        # the sites of .id are written in lower case (``kompas.id``)
        return f"§8 reject_code_expressions: {host!r} reads the member 'id' of the camelCase name {labels[0]!r} (code)"
    if text.startswith(">`", link.end) and _ROLE_TARGET_BEFORE.search(text, max(0, link.start - 120), link.start):
        return f"§8 reject_code_expressions: {host!r} is the target of a Sphinx role (a Python object's path)"
    if _DOTNET.fullmatch(host):
        return f"§8 reject_code_expressions: {host!r} is a product name (.NET family), not a host"
    if (_CODE_UNIT_AFTER.match(text, link.end) and _ARTICLE_BEFORE.search(text, max(0, link.start - 8), link.start)
            or _CJK_CODE_UNIT_AFTER.match(text, link.end)):
        return f"§8 reject_code_expressions: {host!r} names a package or module ({text[link.end:link.end + 12].strip()!r} follows)"
    # the operators _CODE_BEFORE looks for stand just before the link: a short window
    # _CODE_BEFORE and _PY_FROM_BEFORE end with ``[ \t]+\Z``: they can match only after a blank
    blank = link.start > 0 and text[link.start - 1] in " \t"
    ls = max(_line_start(text, link.start), link.start - 40) if blank else link.start
    op = _CODE_BEFORE.search(text, ls, link.start) if blank else None
    # an arrow before a host under a web TLD is prose (``moved: old.example.org -> example.com``);
    # before another name it is code (``def f() -> app.run:``, ``(x) => x.id``)
    if op is not None and labels[-1].lower() in _WEB_HOST_TLDS and op.group().rstrip(" \t")[-2:] in ("->", "=>"):
        op = None
    if op is not None or _CODE_AFTER.match(text, link.end):
        return f"§8 reject_code_expressions: {host!r} is an operand of an expression (code)"
    if blank and _PY_IMPORT_AFTER.match(text, link.end) and _PY_FROM_BEFORE.search(text, ls, link.start):
        return f"§8 reject_code_expressions: {host!r} is the module of a Python 'from … import' statement"
    return _js_argument(text, link, a, labels)


def _wrapped_tail(text: str, link: Link) -> str | None:
    """``reject_wrapped_url_tails``: a schemeless name that starts a line continuing the URL
    the line before ends with (``https://groups.example.com/a/⏎> example.org/d/msgid/…``)."""
    if link.start < 2 or text[link.start - 1] not in "\n \t>":  # not first on its line (after quotes, blanks)
        return None
    ls = _line_start(text, link.start)
    if ls < 2 or not _at_line_start(text, ls):
        return None
    q = _QUOTE_PREFIX.match(text, ls)
    body = q.end() if q else ls
    while body < link.start and text[body] in " \t":
        body += 1
    if body != link.start:
        return None
    pls = _line_start(text, ls - 1)
    prev = text[pls : ls - 1]
    if not prev or prev[-1].isspace() or not _at_line_start(text, pls):
        return None
    token = prev.rsplit(None, 1)[-1]
    if token.endswith("://"):
        return None  # wrapped right after the scheme (``(https://⏎ packages.debian.org/x)``): the host is all here
    if "://" in token and prev[-1] in _WRAP_END:
        return (f"§8 reject_wrapped_url_tails: the line before ends inside the URL {token!r}; "
                "this is its wrapped tail, not an address by itself")
    at = token.rfind("@")
    if at != -1 and token[-1].isalnum() and "." not in token[at:] and token[at + 1 :].isalnum():
        # ``andrii@ke⏎ rnel.org``: a line cut inside an address's domain
        return (f"§8 reject_wrapped_url_tails: the line before ends inside the address {token!r}; "
                "this is the rest of its domain, not a host")
    return None


_QP_NOT_ESCAPE = lazy_compile(r"=(?![0-9A-Fa-f]{2})")


def _qp_break(text: str, link: Link) -> str | None:
    """``reject_quoted_printable_breaks``: a link cut by a quoted-printable soft line break.
    An address the break follows is whole when the next line does not go on with its domain
    (``team@example.com=⏎</a>``): it stays."""
    if (link.kind == "email" and text.startswith("=\n", link.end)
            and not _DOMAIN_GOES_ON.match(text, link.end + 2)):
        return None
    # a literal '=' is written "=3D" in quoted-printable: "==" ending a line is base64 padding
    # (``?igshid=MzRlODBi==``), not a soft break, and a link with an '=' that starts no
    # "=XX" escape before its last character is not quoted-printable text
    # (``…/search?sort=&by=group&group=`` then a line break: an empty last value)
    soft = (link.text.endswith("=") and not link.text.endswith("==") and text.startswith("\n", link.end)
            or text.startswith("=\n", link.end) and not link.text.endswith("="))
    if soft and not _QP_NOT_ESCAPE.search(link.text.removesuffix("=")):
        return "§8 reject_quoted_printable_breaks: '=' ends the line (quoted-printable soft break): the link goes on"
    ls = link.start  # the link starts its line: a line break before it (ls >= 3)
    if ls >= 3 and text[ls - 1] == "\n" and text[ls - 2] == "=" and not text[ls - 3].isspace() and text[ls - 3] != "=":
        return "§8 reject_quoted_printable_breaks: the tail of a token cut by a quoted-printable soft break"
    return None


def _mbox_separator(text: str, link: Link) -> bool:
    """The address of an mbox separator line, ``From jane@example.org  Sun Jun 16 10:00:00 2019``
    (RFC 4155: ``From``, a blank, the envelope sender, the date in asctime() form): the
    line starts with ``From `` right before the address and a weekday or a digit follows it."""
    s = link.start
    return (s >= 5 and text.startswith("From ", s - 5) and (s == 5 or text[s - 6] == "\n")
            and _MBOX_DATE_AFTER.match(text, link.end) is not None)


def _auth_result(text: str, link: Link, lo: int) -> bool:
    """An email that a mail check recorded: an RFC 8601 property or RFC 7208 key before it,
    inside the base link (``smtp.mailfrom=bob@x.org``: '=' is atext) or just before it
    (``envelope-from=<bob@x.org>``), or the SPF comment ``domain of bob@x.org designates``."""
    s = link.start
    m = _AUTH_PROPERTY.match(text, s)
    if m is not None and text.find("@", s, m.end()) == -1:
        return True
    # (a slice: the window's start counts as a token's start, as the key may be cut there)
    if text[s - 1 : s] in ("=", '"', "<") and _AUTH_PROPERTY_BEFORE.search(text[lo:s]):
        return True
    return _SPF_DESIGNATES.match(text, link.end) is not None and _SPF_DOMAIN_OF.search(text, lo, s) is not None


def reject_reason(text: str, link: Link, a: LinkAnatomy, policy: LinkPolicy) -> str | None:
    """The rejecting context rule of ``policy`` for base ``link``, or None to keep it."""
    if policy.reject_quoted_printable_breaks:
        why = _qp_break(text, link)
        if why:
            return why
    scheme = a.has_scheme if link.kind == "url" else link.text[:7].lower() == "mailto:"
    if (policy.reject_message_ids or policy.reject_mail_trace_headers) and not scheme:
        name = header_name(text, link.start)
        if name is not None:
            if policy.reject_message_ids and name in _MSGID_HEADERS:
                return f"§8 reject_message_ids: in the {name!r} header, a message identifier, not a mailbox"
            if (policy.reject_message_ids and name in ("reply-to", "in-reply") and link.kind == "email"
                    and _MSGID_LOCAL.match(link.text)):
                return f"§8 reject_message_ids: a message identifier in the {name!r} line, not a mailbox"
            if policy.reject_mail_trace_headers and _is_trace(name) and not _x_header_prose(text, link, name):
                return f"§8 reject_mail_trace_headers: in the {name!r} trace/routing header, not an address to visit"
            if policy.reject_mail_trace_headers and name in _BANG_PATH_HEADERS and _bang_path_host(text, link):
                return (f"§8 reject_mail_trace_headers: a host of the Usenet {name!r} header "
                        "(a '!'-separated routing trace), not an address to visit")
    if link.kind == "email" and not scheme:
        lo = max(0, link.start - 40)
        if policy.reject_mail_trace_headers and _ORCPT.search(text, lo, link.start):
            return "§8 reject_mail_trace_headers: an ORCPT original-recipient parameter (SMTP DSN)"
        if policy.reject_mail_trace_headers and _mbox_separator(text, link):
            return ("§8 reject_mail_trace_headers: the envelope sender on an mbox 'From ' separator line "
                    "(a delivery record), not an address to write to")
        if policy.reject_mail_trace_headers and _auth_result(text, link, lo):
            return ("§8 reject_mail_trace_headers: an Authentication-Results or Received-SPF value "
                    "(a check's record of the sender), not an address to write to")
        if policy.reject_message_ids and _IN_ARTICLE.search(text, lo, link.start) and text.startswith(">", link.end):
            return "§8 reject_message_ids: a quoted message identifier <…@…>, not a mailbox"
        if policy.reject_irc_hostmasks and _irc_hostmask(text, link):
            return "§8 reject_irc_hostmasks: an IRC hostmask (nick!ident@host, (~ident@host) has joined)"
        if policy.reject_fediverse_handles and _fediverse_handle(text, link):
            return "§8 reject_fediverse_handles: '@' starts the word before the address: a fediverse handle, not a mailbox"
        if policy.reject_protocol_uri_addresses:
            uri = _protocol_uri_address(text, link)
            if uri is not None:
                return f"§8 reject_protocol_uri_addresses: the address of a {uri!r} URI (another protocol), not a mailbox"
    if policy.reject_matrix_ids and link.kind == "url" and not scheme:
        sigil = _matrix_id_sigil(text, link.start)
        if sigil is not None:
            what = "user id '@localpart:server'" if sigil == "@" else "room alias '#alias:server'"
            return f"§8 reject_matrix_ids: the server name of a Matrix {what}, an identity, not a link"
        if _matrix_local_name(text, link):
            return "§8 reject_matrix_ids: the alias or localpart of a Matrix id ('#rust.de:matrix.org'), not a host"
    if policy.reject_irc_server_sources and link.kind == "url" and not scheme and _irc_server_source(text, link):
        return ("§8 reject_irc_server_sources: an IRC status line's source server ('… sets mode') or a server "
                "of a netsplit's quit reason ('(a.net b.net)'), not an address to visit")
    if policy.reject_wrapped_url_tails and link.kind == "url" and not scheme:
        why = _wrapped_tail(text, link)
        if why:
            return why
    if policy.reject_obfuscated_addresses and not scheme:
        why = _spelled_at(text, link)
        if why:
            return why
    elif policy.reject_obfuscated_addresses and link.kind == "email" and _redacted_mailto(link):
        return "§8 reject_obfuscated_addresses: a redacted local-part after 'mailto:' is not an address anyone can write to"
    if policy.reject_code_expressions and link.kind == "url":
        return _code_name(text, link, a)
    return None


def assignment_starts(text: str, key_start: int) -> bool:
    """Whether a ``KEY=`` at ``key_start`` is an assignment whose value starts after ``=``."""
    return key_start == 0 or text[key_start - 1] in _ASSIGNMENT_BEFORE


def split_glued(
    text: str, link: Link, policy: LinkPolicy, tlds: Collection[str] | None
) -> Iterator[tuple[Link, str | None]]:
    """``split_glued_urls``: ``https://a.example/x<https://a.example/x>`` is two links.

    Yields the pieces of ``link`` (each inside its span) with a note, or ``link`` alone.
    """
    if not policy.split_glued_urls or link.kind != "url":
        yield link, None
        return
    m = _GLUED.search(text, link.start + 1, link.end)
    if m is None:
        yield link, None
        return
    cut = m.start()
    a = anatomy(link)
    first_end = _reterminate(text, link, a, cut) if cut > a.after else cut
    first = link_at(text, link.start, first_end, "url", tlds=tlds, dotless_hosts=policy.dotless_hosts)
    if first is not None:
        yield first, f"§8 split_glued_urls: '<' glues a second URL on at {cut}; the first ends at {first_end}"
    kind = "email" if text.startswith("mailto:", cut + 1) or text.startswith("MAILTO:", cut + 1) else "url"
    end = link.end - 1 if text[link.end - 1] == ">" else link.end  # the base keeps '>' after mailto:
    second = link_at(text, cut + 1, end, kind, tlds=tlds, dotless_hosts=policy.dotless_hosts)
    if second is not None:
        yield replace(second, spoof=link.spoof), f"§8 split_glued_urls: the bracketed URL [{cut + 1}:{end}]"


def extend_mailto(text: str, link: Link, policy: LinkPolicy) -> tuple[Link, str] | None:
    """``extend_mailto_headers``: a written ``mailto:`` link takes its RFC 6068 header fields."""
    if not policy.extend_mailto_headers or link.kind != "email" or link.text[:7].lower() != "mailto:":
        return None
    if not text.startswith("?", link.end):
        return None
    m = _HFIELDS.match(text, link.end)
    if m is None:
        return None
    end = m.end()
    while end > link.end and text[end - 1] in ".,;:!'*":
        end -= 1
    fields = text[link.end : end]
    if "=" not in fields:
        return None
    from urllib.parse import quote  # here: urllib.parse (and ipaddress) cost `import uts58_icu` ~2 ms

    new = replace(link, end=end, text=text[link.start : end], href=link.href + quote(fields, safe="?&=%!$'()*+,;:@/~-._"))
    return new, f"§8 extend_mailto_headers: RFC 6068 header fields {fields!r} belong to the mailto: URL"


# A Pipermail text archive's message header: its mbox separator (``From jane at example.org
# Wed Jul 21 18:01:57 2010``) or its ``From: jane at example.org (Jane Roe)`` line. Pipermail
# writes every '@' of the messages it archives as `` at ``.
_SPELLING_ARCHIVE_HEADER = lazy_compile(
    r"From:?[ \t]+[A-Za-z0-9._%+~=-]+ at [A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+[ \t]+"
    r"(?:\(|(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) )"
)


# How far before a spelt address a Pipermail header is looked for (a long message: quoted
# replies, logs), and how many lines starting with "From" are tried on the way.
_ARCHIVE_LOOKBACK = 20_000
_ARCHIVE_FROM_LINES = 64


# Outlook's and hypermail's header labels, localised and in Markdown bold, first on a line:
# ``*To:* list at example.org``, ``> De: jroe at example.org``, ``Till:``, ``Kopia:`` (Swedish).
_LOCAL_HEADER_LABEL = lazy_compile(
    r"(?:>[ >]*)?\*{0,2}(?:From|To|Cc|Bcc|Reply-To|Sender|De|Para|Von|Till|Kopia|Kopie|Aan|Van)\*{0,2}[ \t]*:"
    r"[ \t]*\*{0,2}[ \t]*",
    re.IGNORECASE,
)
# A verb that sends something to the address after "to": ``sent to enquiries at example.ac.uk``,
# ``I've forwarded your message to dev at example.org``.
_TO_BEFORE = lazy_compile(r"(?<![A-Za-z])to\s+\Z")
_SEND_BEFORE = lazy_compile(
    r"(?i)\b(?:send|sends|sent|sending|mail|mailed|e-?mail|e-?mailed|forward|forwarded|write|writing)\b[^\n.!?]*\Z"
)
_MAILTO_COPY_AFTER = lazy_compile(r"[ \t]*[<\[(]mailto:")


def _spelt_in_mail(text: str, link: Link, local: str, at: str, line: str) -> bool:
    """Where mail archives spell an address that a prose reading does not fit, any case: the
    archive's own ``<mailto:…>`` copy of it right after (``jroe at example.org <mailto:jroe at
    example.org>``, hypermail), a header label first on the line, localised or in Markdown bold
    (``*To:* list at example.org``, ``> De: jroe at example.org``), or a verb that sends to it
    (``sent to enquiries at example.ac.uk``); and, for a lower-case word that is not prose, a
    Pipermail text archive around it (``through the peps at python.org process``)."""
    if "/" in link.text or not at.strip().lower() == "at":
        return False
    spelt = local + at
    if _MAILTO_COPY_AFTER.match(text, link.end) and (local + at.rstrip()) in text[link.end : link.end + 160]:
        return True
    if line.endswith(spelt) and _LOCAL_HEADER_LABEL.fullmatch(line, 0, len(line) - len(spelt)):
        return True
    to = _TO_BEFORE.search(text, max(0, link.start - len(spelt) - 8), link.start - len(spelt))
    if (to is not None and local.lower() not in _PROSE_BEFORE_AT
            and _SEND_BEFORE.search(text, max(0, to.start() - 40), to.start())):
        return True
    return (local.islower() and local not in _PROSE_BEFORE_AT and not link.text[0].isupper()
            and not link.text.lower().startswith("www.") and _in_spelling_archive(text, link.start - len(spelt)))


def _in_spelling_archive_scan(text: str, pos: int) -> bool:
    """:func:`_in_spelling_archive` read from the text around ``pos`` (no memo of the text:
    :func:`_archive_near` gives the same answer from a per-text index). Bounded: at
    most ``_ARCHIVE_FROM_LINES`` lines are matched, each found by a C search."""
    lo = max(0, pos - _ARCHIVE_LOOKBACK)
    i = text.rfind("\nFrom", lo, pos)
    for _ in range(_ARCHIVE_FROM_LINES):
        if i == -1:
            if lo == 0 and _SPELLING_ARCHIVE_HEADER.match(text, 0, pos) is not None:
                return True
            break
        if _SPELLING_ARCHIVE_HEADER.match(text, i + 1, pos):
            return True
        i = text.rfind("\nFrom", lo, i)
    # an excerpt of an archive that starts inside a message: the next message's header
    hi = min(len(text), pos + _ARCHIVE_LOOKBACK)
    i = text.find("\nFrom", pos, hi)
    for _ in range(_ARCHIVE_FROM_LINES):
        if i == -1:
            return False
        if _SPELLING_ARCHIVE_HEADER.match(text, i + 1, hi):
            return True
        i = text.find("\nFrom", i + 1, hi)
    return False


def _redacted_mailto(link: Link) -> bool:
    """``<mailto:ju***c@example.org>``: an archive's redaction (``***``, ``...``, ``…``) of the
    local-part of a ``mailto:`` link, as ``_spelled_at`` reads it in a bare address."""
    return link.text[:7].lower() == "mailto:" and _REDACTED.search(link.text, 7, link.text.rindex("@")) is not None


# ``reject_code_expressions`` (realtext12): a property access ``item.id`` passed to a call or
# set as an object member's value in a fenced code block. An ASCII identifier (a first label,
# a callee's last character), a call opened on the line and still open (``f(a, ``), a member
# line's key (``    id: ``) and its end (``,`` or nothing, then the line's end).
_IDENT = lazy_compile(r"[A-Za-z_$][A-Za-z0-9_$]*")
# (_OPEN_CALL is searched at most 120 code points back, on the line: a call's open argument
# list before the name, a bound of its own, not the shared look-back of a header's lines.)
_OPEN_CALL = lazy_compile(r"[A-Za-z0-9$]\([^()\n]*, \Z")
_MEMBER_KEY = lazy_compile(r"[ \t]+[A-Za-z_$][A-Za-z0-9_$]*: \Z")
_MEMBER_END = lazy_compile(r",?\r?(?:\n|\Z)")
# ``{{ expr }}`` around a name, and a framework's bound attribute right before one (Vue's
# ``:name=`` / ``v-…=`` / ``@event=``, Angular's ``[prop]=`` / ``(event)=`` / ``*ngFor=``).
_MUSTACHE_OPEN = lazy_compile(r"\{\{[ \t]+\Z")
_MUSTACHE_CLOSE = lazy_compile(r"[ \t]{1,8}\}\}")
_BOUND_ATTRIBUTE = lazy_compile(r"[\s<](?::[\w.:-]+|@[\w.:-]+|v-[\w.:-]+|\[[\w.-]+\]|\([\w.-]+\)|\*ng[A-Za-z]+)=[\"']\Z")
# An opening fence with an info string (```` ```js ````): the nearest fence before a line
# that has one opens the block the line is in (a closing fence has none).
_FENCE_INFO = lazy_compile(r"[A-Za-z][A-Za-z0-9_+#.-]*[ \t]*\r?\n")


def _in_fenced_code(text: str, ls: int) -> bool:
    """Whether the line at ``ls`` is inside a Markdown fenced code block whose opening fence
    names a language, at most ``_MAX_LOOKBACK`` characters before it (the shared bound)."""
    f = text.rfind("```", max(0, ls - _MAX_LOOKBACK), ls)
    if f < 0:
        return False
    fs = _line_start(text, f)
    return f - fs <= 3 and not text[fs:f].strip(" ") and _FENCE_INFO.match(text, f + 3) is not None


def _js_argument(text: str, link: Link, a: LinkAnatomy, labels: list[str]) -> str | None:
    """``reject_code_expressions``: a two-label name with no port or path whose first label is
    an ASCII identifier (or a longer member chain of identifiers, not under a web TLD), as a
    call's argument (``onToggle(letter.id);``, ``f(a, item.id)``, ``res.send(res.locals.data)``)
    or as the value of an object literal's member line in a fenced code block (``  id: todo.id,``)."""
    s, e = link.start, link.end
    if len(labels) < 2 or a.host_end != e or not _IDENT.fullmatch(labels[0]) or s < 2:
        return None
    # three labels or more (``res.send(res.locals.data)``) only as a member chain: every label an
    # identifier, not a web host (``www.``, ``.com``, ``.org``, …) written in a call
    if len(labels) > 2 and (labels[0].lower() == "www" or labels[-1].lower() in _WEB_HOST_TLDS
                            or not all(_IDENT.fullmatch(label) for label in labels[1:])):
        return None
    host = text[a.host_start : a.host_end]
    if e < len(text) and text[e] in "),":
        if text[s - 1] == "(" and (text[s - 2].isascii() and (text[s - 2].isalnum() or text[s - 2] == "$")):
            return f"§8 reject_code_expressions: {host!r} is a call's argument (code)"
        if text[s - 1] == " " and text[s - 2] == "," and _OPEN_CALL.search(text, max(_line_start(text, s), s - 120), s):
            return f"§8 reject_code_expressions: {host!r} is a call's argument (code)"
    # under a TLD that is not a web host's: a template's expression, a mustache interpolation
    # with blanks (``{{ row.id }}``: Vue, Angular, Jinja, Handlebars) or a framework's bound
    # attribute (``:key="row.id"``, ``v-bind:id="item.id"``, ``[value]="user.name"``), or a
    # name in a parenthesis opened on its line in a fenced code block (``@for (os of list;
    # track os.id)``, ``if (user.id) {``)
    if len(labels) == 2 and labels[-1].lower() not in _WEB_HOST_TLDS:
        if text[s - 1] in " \t" and _MUSTACHE_OPEN.search(text, max(0, s - 8), s) and _MUSTACHE_CLOSE.match(text, e):
            return f"§8 reject_code_expressions: {host!r} is a template's interpolated expression (code)"
        if text[s - 1] in "\"'" and _BOUND_ATTRIBUTE.search(text, max(0, s - 40), s):
            return f"§8 reject_code_expressions: {host!r} is the expression of a template's bound attribute (code)"
        if e < len(text) and text[e] == ")":
            ls = _line_start(text, s)
            o = text.rfind("(", max(ls, s - 120), s)
            if o != -1 and text.find(")", o, s) == -1 and _in_fenced_code(text, ls):
                return f"§8 reject_code_expressions: {host!r} is in a parenthesised expression in a code block (code)"
    if len(labels) == 2 and text[s - 1] == " " and text[s - 2] == ":" and _MEMBER_END.match(text, e):
        ls = _line_start(text, s)
        if _MEMBER_KEY.fullmatch(text, ls, s) and _in_fenced_code(text, ls):
            return f"§8 reject_code_expressions: {host!r} is an object member's value in a code block (code)"
    return None


def _in_spelling_archive(text: str, pos: int) -> bool:
    """Whether ``pos`` is in a message of a Pipermail text archive: its header is at most
    ``_ARCHIVE_LOOKBACK`` characters before (among the last ``_ARCHIVE_FROM_LINES`` lines
    starting with ``From`` there), or after it, where the text starts inside a message. There,
    a lower-case word then `` at `` and a domain (``through the peps at python.org process``)
    is an address the archive spelt out, not a word of prose before a site (the caller has
    ruled out the words of ``_PROSE_BEFORE_AT`` and a capitalised domain, ``archive at
    Nabble.com``). While the text's links go through the rules (:func:`remember`), the
    answer comes from an index of its ``From`` lines built once per text
    (:func:`_archive_index`), so each link costs a few binary searches; otherwise from a
    bounded search around ``pos`` (:func:`_in_spelling_archive_scan`), with the same answer."""
    index = _archive_index(text)
    if index is None:
        return _in_spelling_archive_scan(text, pos)
    return _archive_near(index, pos, len(text))


#: ``(the positions of "\nFrom", those of the Pipermail headers after them, the end of each
#: such header, the end of a header at the text's start or -1)``.
_ArchiveIndex = tuple[list[int], list[int], list[int], int]


def _archive_index(text: str) -> _ArchiveIndex | None:
    r"""The archive-header index of ``text`` (:func:`_in_spelling_archive`), built on its first
    use while ``text`` is remembered, or None when it is not. Linear: one C search for each
    ``\nFrom``, and one match of ``_SPELLING_ARCHIVE_HEADER`` after each (which stays on
    that line: ``\n`` is in none of its classes)."""
    return _text_index(text, "archive", _build_archive_index)


def _build_archive_index(text: str) -> _ArchiveIndex:
    """:func:`_archive_index`'s reading of ``text``."""
    froms: list[int] = []
    heads: list[int] = []
    ends: list[int] = []
    i = text.find("\nFrom")
    while i != -1:
        froms.append(i)
        m = _SPELLING_ARCHIVE_HEADER.match(text, i + 1)
        if m is not None:
            heads.append(i)
            ends.append(m.end())
        i = text.find("\nFrom", i + 5)
    m = _SPELLING_ARCHIVE_HEADER.match(text, 0)
    return froms, heads, ends, m.end() if m is not None else -1


def _archive_near(index: _ArchiveIndex, pos: int, n: int) -> bool:
    """:func:`_in_spelling_archive_scan`'s answer for ``pos`` in a text of length ``n``, from
    its index. A header's match ends on its line, so ends grow with positions: of the
    headers in a range of ``From`` lines only the last (looking back) or the first (looking
    ahead) can end past the bound its match was given."""
    froms, heads, ends, end0 = index
    lo = max(0, pos - _ARCHIVE_LOOKBACK)
    k0, k1 = bisect_left(froms, lo), bisect_right(froms, pos - 5)  # "\nFrom" in text[lo:pos]
    first = max(k0, k1 - _ARCHIVE_FROM_LINES)
    if first < k1:
        h0, h1 = bisect_left(heads, froms[first]), bisect_right(heads, froms[k1 - 1])
        if h1 - h0 >= 2 or (h1 - h0 == 1 and ends[h0] <= pos):
            return True
    if k1 - k0 < _ARCHIVE_FROM_LINES and lo == 0 and 0 <= end0 <= pos:
        return True
    hi = min(n, pos + _ARCHIVE_LOOKBACK)
    k0, k1 = bisect_left(froms, pos), bisect_right(froms, hi - 5)  # "\nFrom" in text[pos:hi]
    last = min(k1, k0 + _ARCHIVE_FROM_LINES)
    if k0 < last:
        h0, h1 = bisect_left(heads, froms[k0]), bisect_right(heads, froms[last - 1])
        return h0 < h1 and ends[h0] <= hi
    return False
# Opening punctuation before the ``@`` of a handle (``(@jane@example.social)``): Unicode's
# open and initial-quote punctuation (Ps, Pi), and the ASCII quotes.
_HANDLE_OPENERS = frozenset("\"'")


def _fediverse_handle(text: str, link: Link) -> bool:
    """``reject_fediverse_handles``: the address is glued after an ``@`` that starts a word
    (``@jane@toot.example.social`` at the start of the text, after white space or opening
    punctuation): a fediverse handle, the account ``jane`` on a server, not a mailbox.
    ``a@@jane@x.org``, ``x:@jane@x.org`` (no word starts at the ``@``) keep the address."""
    s = link.start
    if s < 1 or text[s - 1] != "@":
        return False
    return s == 1 or _opens_word(text[s - 2], _HANDLE_OPENERS)


def _opens_word(c: str, openers: frozenset[str]) -> bool:
    """Whether a word starts after ``c``: white space, Unicode's open and initial-quote
    punctuation, a symbol used as a bullet (So: ``🔹@jane@example.social``, ``◆``), or one of
    ``openers`` (a sigil there starts a handle or an id)."""
    return c.isspace() or c in openers or unicodedata.category(c) in ("Ps", "Pi", "So")


# A Matrix user id's localpart (spec: historically ``[A-Za-z0-9._=\-/+]``); a room alias's
# localpart may hold any character but ':' (white space and the openers below end the word).
_MATRIX_LOCAL = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._=-/+")
# What may stand before the sigil of a Matrix id that starts a word (besides white space, the
# text's start and Unicode's open and initial-quote punctuation): `<@bob:example.org>` (a quoted
# reply), `*@alice:…` (a bridged emote), `>@alice:…` (a quote marker).
_MATRIX_OPENERS = frozenset("<([{\"'*>")
# The longest localpart looked at: a whole Matrix id is at most 255 bytes.
_MATRIX_MAX_LOCAL = 255


def _matrix_id_sigil(text: str, start: int) -> str | None:
    """``reject_matrix_ids``: the sigil (``'@'`` or ``'#'``) of the Matrix user id
    ``@localpart:server`` or room alias ``#alias:server`` whose server name starts at
    ``start``, when the sigil starts a word (the text's start, white space or an opener
    before it), or None. ``a:example.com``, ``10:example.com`` (no sigil) and
    ``x@alice:example.org`` (no word starts at the ``@``) give None."""
    if start < 3 or text[start - 1] != ":":
        return None
    j, lo = start - 2, max(-1, start - 2 - _MATRIX_MAX_LOCAL)
    while j > lo:
        c = text[j]
        if c == ":" or _opens_word(c, _MATRIX_OPENERS):
            break
        j -= 1
    if j == lo and lo >= 0:  # no word start within the longest localpart
        return None
    sigil = j + 1  # the word's first character
    if sigil > start - 3 or text[sigil] not in "@#" or (j >= 0 and text[j] == ":"):
        return None
    local = text[sigil + 1 : start - 1]
    if text[sigil] == "@":
        return "@" if all(c in _MATRIX_LOCAL for c in local) else None
    return "#" if "@" not in local else None


# A Matrix server name after the ``:`` of an id: a host of two labels or more.
_MATRIX_SERVER = lazy_compile(r"[A-Za-z0-9][A-Za-z0-9-]*(?:\.[A-Za-z0-9-]+)+")


def _matrix_local_name(text: str, link: Link) -> bool:
    """``reject_matrix_ids``: a name that is all of the alias or localpart of a Matrix id,
    ``#rust.de:matrix.org`` (the sigil starts a word, ``:`` and a server follow the name):
    the writer named a room, not the host ``rust.de``."""
    s = link.start
    if s < 1 or text[s - 1] not in "#@" or not text.startswith(":", link.end):
        return False
    if s >= 2 and not _opens_word(text[s - 2], _MATRIX_OPENERS):
        return False
    return _MATRIX_SERVER.match(text, link.end + 1) is not None


#: URI schemes whose ``scheme:user@host`` names an account or an identifier of another
#: protocol, by the scheme's RFC: XMPP (RFC 5122), SIP and SIPS (RFC 3261), instant messaging
#: and presence (RFC 3860, RFC 3859), H.323 (RFC 3508), the WebFinger account (RFC 7565),
#: message and content IDs (RFC 2392), Netnews articles (RFC 5538). (``ssh://user@host`` and
#: other ``//`` forms need no entry: the base links no address after ``//``.) ``mailto:`` is
#: the one scheme whose address is a mailbox; a label that is no URI scheme (``Email:``,
#: ``E-mail:``, ``To:``, ``Contact:``) is prose, and the address after it stays a link.
_PROTOCOL_URI_SCHEMES = frozenset({"xmpp", "sip", "sips", "im", "pres", "h323", "acct", "mid", "cid", "news", "nntp"})
# A scheme glued right before the address: the whole run of scheme characters before ':'.
_SCHEME_BEFORE = lazy_compile(r"(?<![A-Za-z0-9+.-])([A-Za-z][A-Za-z0-9+.-]{1,8}):\Z")


def _protocol_uri_address(text: str, link: Link) -> str | None:
    """``reject_protocol_uri_addresses``: the scheme of another protocol's URI glued before
    the address (``xmpp:wg@jabber.example.org?join``), or None."""
    s = link.start
    if s < 3 or text[s - 1] != ":":
        return None
    m = _SCHEME_BEFORE.search(text, max(0, s - 11), s)
    if m is None or m.group(1).lower() not in _PROTOCOL_URI_SCHEMES:
        return None
    return m.group(1)


# A Python module's dotted name as written in a code span: lower-case ASCII identifiers
# (``sunpy.net``, ``foo.io``), no path, port or scheme.
_MODULE_NAME = lazy_compile(r"[a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)+")
# A word of code right before or after the span: ``import `x.net```, ``pip install `x.net```,
# ``python -m `x.net```, ``the module `x.net```, ``from `x.net` import``, ```x.net` module``.
_MODULE_WORD_BEFORE = lazy_compile(
    r"(?i)\b(import|(?:sub)?modules?|(?:sub)?packages?|pip3?[ \t]+install(?:[ \t]+-U)?|python3?[ \t]+-m|from)[ \t]+`\Z"
)
_MODULE_WORD_AFTER = lazy_compile(r"`[ \t]+(?i:(?:sub)?modules?|(?:sub)?packages?)\b")
_IMPORT_AFTER = lazy_compile(r"`[ \t]+import\b")
#: How far from the span another name of the same package counts (code points either side).
_MODULE_EVIDENCE_SPAN = 2048
# Another name of a package in the text: a code span holding a dotted module path
# (```sunpy.map```, ```sunpy.io.fits```) or a Python import line (``import sunpy``,
# ``>>> from sunpy.net import Fido``); group 1 or 2 is the package's top-level name.
_MODULE_EVIDENCE = lazy_compile(
    r"(?m)`([a-z_][a-z0-9_]{0,40})\.[a-z_][a-z0-9_]{0,40}(?:\.[a-z_][a-z0-9_]{0,40}){0,6}`"
    r"|^[ \t>.]{0,8}(?:import|from)[ \t]+([a-z_][a-z0-9_]{0,40})(?=[ \t]*$|[ \t]+import\b|[.,][ \t]*[a-z_]|[ \t]+as\b)"
)


def _module_evidence(m: re.Match[str]) -> str | None:
    """The package a :data:`_MODULE_EVIDENCE` match names, or None where the code span's
    name could be a web host itself (a last label of RFC 1591, ```example.org```)."""
    if m.group(2) is not None:
        return m.group(2)
    span = m.group(0)
    return None if span[span.rindex(".") + 1 : -1] in _WEB_TLDS else m.group(1)


def _module_index(text: str) -> dict[str, list[int]] | None:
    """The index of :data:`_MODULE_EVIDENCE` in ``text``, built once while ``text`` is
    remembered (:func:`remember`), or None when it is not. Linear: one scan of the text
    (top-level name -> sorted positions of its matches)."""
    return _text_index(text, "module", _build_module_index)


def _build_module_index(text: str) -> dict[str, list[int]]:
    """:func:`_module_index`'s reading of ``text``."""
    index: dict[str, list[int]] = {}
    for m in _MODULE_EVIDENCE.finditer(text):
        root = _module_evidence(m)
        if root is not None:
            index.setdefault(root, []).append(m.start())
    return index


def _same_package_near(text: str, root: str, start: int, end: int) -> bool:
    """Whether another name of the package ``root`` (:data:`_MODULE_EVIDENCE`) starts at most
    :data:`_MODULE_EVIDENCE_SPAN` code points from the span ``text[start:end]``. From the
    text's index while it is remembered, else from a bounded scan with the same answer."""
    lo, hi = max(0, start - _MODULE_EVIDENCE_SPAN), end + _MODULE_EVIDENCE_SPAN
    index = _module_index(text)
    if index is not None:
        found = index.get(root, ())
        return bisect_left(found, lo) < bisect_right(found, hi)
    # a match starting at ``hi`` is at most 400 code points long
    for m in _MODULE_EVIDENCE.finditer(text, lo, min(len(text), hi + 400)):
        if m.start() > hi:
            break
        if _module_evidence(m) == root:
            return True
    return False


def module_code_span(text: str, start: int, end: int) -> str | None:
    """``reject_code_spans``: ``text[start:end]`` fills a code span (a backtick either side)
    and is written like a Python module, lower-case identifiers joined by dots with no path,
    port or scheme (``sunpy.net``), and the writing around it says code: a word of code right
    before or after the span (``import `foo.net```, ``pip install``, ``python -m``, ``the
    module``, ``from `x.net` import``), or another name of the same package within
    :data:`_MODULE_EVIDENCE_SPAN` code points (```sunpy.map```, ``import sunpy``). Returns
    which of the two, or None. A name in a code span about a site (``your app at
    `example.com```) has neither and stays a link."""
    if not (0 < start and end < len(text) and text[start - 1] == "`" and text[end] == "`"):
        return None
    if _MODULE_NAME.fullmatch(text, start, end) is None:
        return None
    word = _MODULE_WORD_BEFORE.search(text, max(0, start - 40), start)
    if word is not None and word.group(1).lower() == "from":  # ``from `x.net` import y``
        word = word if _IMPORT_AFTER.match(text, end) is not None else None
    if word is not None or _MODULE_WORD_AFTER.match(text, end) is not None:
        return "a word of code beside it"
    root = text[start : text.index(".", start)]
    if _same_package_near(text, root, start - 1, end + 1):
        return f"another name of the package {root!r} near it"
    return None
