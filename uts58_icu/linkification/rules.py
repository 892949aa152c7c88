"""The rules of :meth:`LinkPolicy.recommended` (§8 linkification for text people read).

UTS #58 §8: "linkifying every substring in plaintext that has a syntactically valid
domain would … be a bad user experience (eg, M.Sc.)", "an implementation might
refrain from linkify helpers.py if there is no scheme before it", and a higher level
"could also adjust the boundaries from link detection". Each rule below is one
:class:`~uts58_icu.linkification.policy.LinkPolicy` field; each only drops a base
link or moves its bounds inward, and says which field did it (``explain()`` shows it).

Every rule is a cheap local test: precompiled ``re`` patterns over the few
characters around a link, no ICU call, no look at the rest of the text. Rules that
move the end of a URL cut it at a point and re-run the §3.5.1 termination algorithm
as if the text ended there (so trailing Soft characters and unmatched closers before
the cut are dropped exactly as the base algorithm drops them at a text end).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from functools import lru_cache
from dataclasses import replace
from typing import TYPE_CHECKING

from .._lazy import lazy_compile
from ..core.detection import Link, LinkAnatomy, _tld_key, anatomy, link_at
from ..core.tlds import default_tlds
from ..core.termination import _terminate

if TYPE_CHECKING:
    from .policy import LinkPolicy

__all__ = [
    "FILE_EXTENSION_TLDS",
    "LEGACY_GENERIC_TLDS",
    "narrow",
    "reject_reason",
]

Reject = Callable[[str], None]

#: TLDs that are also common file extensions or unit-file suffixes, so that a bare
#: ``name.ext`` in text is far more often a file than a host: source and build files
#: (``setup.py``, ``README.md``, ``config.sh``, ``pam_motd.so``, ``Makefile.am``,
#: ``configure.ac``, ``Makefile.in``, ``IOUtil.java``, ``lib.rs``, ``foo.pl``/``.pm``,
#: ``foo.cc``, ``foo.ml``, ``foo.mk``, ``meson.build``, ``build.ninja``,
#: ``app.properties``, ``foo.inc``, ``libfoo.la``, ``foo.mo``, ``main.cf``, ``foo.do``,
#: BitBake recipes of Yocto/OpenEmbedded ``local.bb``, ``image1.bb``),
#: documents and archives (``foo.ps``, ``foo.zip``, ``foo.mov``, bzip's ``foo.bz`` and
#: ``tar.bz``) and systemd unit
#: files (``network.target``, ``foo.network``, ``foo.link``). TLDs whose use as
#: domains dominates (``.ai``, ``.io``, ``.me``, ``.app``, ``.info``, ``.ms``) are left out.
FILE_EXTENSION_TLDS: frozenset[str] = frozenset(
    {
        "ac", "am", "bb", "build", "bz", "cc", "cf", "do", "in", "inc", "java", "la", "link", "md", "mk",
        "ml", "mo", "mov", "network", "ninja", "pl", "pm", "properties", "ps", "py", "rs",
        "sh", "so", "target", "zip",
    }
)

#: The generic TLDs delegated before ICANN's 2012 round (RFC 1591 and the 2000/2004
#: rounds, plus ``arpa``). Since 2013 about 1,200 generic TLDs have been added, most
#: of them ordinary words (``.network``, ``.target``, ``.next``, ``.data``, ``.abc``),
#: so that ``word.word`` in text is more often a code identifier than an address.
# The generic TLDs whose bare names are read as hosts even when the first label could be
# an identifier: the web's own (``.info``, ``.name``, ``.pro`` are also attribute names:
# ``logging.info``, ``os.name``).
_HOST_TLDS = frozenset({"com", "net", "org", "edu", "gov", "mil", "arpa"})
LEGACY_GENERIC_TLDS: frozenset[str] = frozenset(
    {
        "com", "net", "org", "edu", "gov", "mil", "int", "arpa", "info", "biz", "name",
        "pro", "aero", "coop", "museum", "mobi", "asia", "tel", "travel", "jobs", "cat",
        "post", "xxx",
    }
)

# CJK letters: Hangul Jamo, CJK radicals, Hiragana, Katakana, Bopomofo, Hangul
# compatibility Jamo, CJK extension A, CJK unified ideographs, Hangul syllables, CJK
# compatibility ideographs, halfwidth Katakana/Hangul, supplementary ideographs.
_CJK_LETTER_CLASS = (
    "\u1100-\u11ff\u2e80-\u2fdf\u3005-\u3007\u3021-\u3029\u3031-\u3035\u3038-\u303c"
    "\u3041-\u30ff\u3100-\u31ff\u3400-\u4dbf\u4e00-\u9fff\ua960-\ua97f\uac00-\ud7ff"
    "\uf900-\ufaff\uff66-\uffdc\U00020000-\U0003134f"
)
# CJK punctuation: ideographic space and punctuation, fullwidth ASCII punctuation,
# halfwidth CJK punctuation.
_CJK_PUNCT_CLASS = (
    "\u3000-\u3004\u3008-\u3020\u3030\u303d-\u303f"
    "\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65"
)
_CJK_ANY = lazy_compile(f"[{_CJK_LETTER_CLASS}{_CJK_PUNCT_CLASS}]")
_CJK_PUNCT = lazy_compile(f"[{_CJK_PUNCT_CLASS}]")
_CJK_RUNS = lazy_compile(f"[{_CJK_LETTER_CLASS}{_CJK_PUNCT_CLASS}]+")
_HIRAGANA = lazy_compile("[\u3041-\u309f]")
# The last CJK character (letter or punctuation) followed by an ASCII letter or digit.
_CJK_THEN_ASCII = lazy_compile(f"[{_CJK_LETTER_CLASS}{_CJK_PUNCT_CLASS}](?=[A-Za-z0-9])")
# Characters after which a CJK letter glued on in a path is the sentence resuming:
# an ASCII letter or digit, or a closing bracket or quote.
_GLUE_BEFORE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789)]}>\"'")

# Opening quotes and the closer that ends a quoted link.
_QUOTES = {'"': '"', "'": "'", "\u201c": "\u201d", "\u2018": "\u2019", "\u201e": "\u201c",
           "\u00ab": "\u00bb", "\u2039": "\u203a", "\u300c": "\u300d", "\u300e": "\u300f"}
# HTML-escaped brackets and quotes around a link in plain text (``&lt;https://x.org/&gt;``).
_ENTITY_PAIRS = (("&lt;", "&gt"), ("&quot;", "&quot"), ("&#60;", "&#62"), ("&#34;", "&#34"))
# An HTML tag that leaked into plain text: '<' then '/', '!' or an ASCII letter.
_TAG = lazy_compile(r"<[/!A-Za-z]")
# The same escaped, in text taken from HTML (``http://t.co/x&lt;/a&gt;``): '&lt;' is not
# a URL code point anyone types raw, so an escaped tag after the host ends the URL.
_ESCAPED_TAG = lazy_compile(r"&lt;[/!A-Za-z]")
# An HTML tag, not a template placeholder, before an email (``<a href="…">bob@x.org``,
# ``<b>bob@x.org``): attributes, or the name of a common inline or block element.
_HTML_TAG_BEFORE = lazy_compile(
    r"<(?:[A-Za-z][A-Za-z0-9]*\s[^<>]*|(?i:a|b|i|u|p|br|em|strong|span|div|font|td|th|li|tt|code|pre|small|big|center))>\Z"
)
# Inline markup wrapping a whole link: emphasis, strong, strikethrough.
_WRAP_CHARS = "*_~"
# A remote-login command and its options right before ``user@host`` (a login, not a mailbox),
# or SSH named in prose with a preposition (``passwordless SSH from build@ci.example.net``).
_LOGIN_COMMAND = lazy_compile(
    r"\b(?:(?:ssh|sftp|mosh|sshfs|autossh)(?:[ \t]+-\w+(?:[ \t]+[^\s@-][^\s@]*)?)*"
    r"|(?:scp|rsync)(?:[ \t]+[^\s@]+)*"
    r"|(?i:ssh)(?:'?d)?[ \t]+(?:from|to|into|onto|as|via))[ \t]+\Z"
)
# What follows ``user@host:`` in an scp-style SSH remote (``git@host:team/repo.git``).
_SCP_PATH = lazy_compile(r"[~/A-Za-z_][\w.~-]*(?:/|\.git\b)")
# A ``key=`` before an email address inside what §5.2 takes as its local-part.
_KEY_EQUALS = lazy_compile(r"-{0,2}[A-Za-z_][A-Za-z0-9_.\-]*=")
_EMAIL_LEADING_QUOTES = "`'\""
# The generic TLDs of RFC 1591 that web sites use (a name under them in a code span
# is still written as a host).
_WEB_TLDS = frozenset({"com", "org", "net", "edu", "gov"})
# File extensions that, as the label before the TLD, make a name a file with a double
# extension (``bootstrap.min.css.map``, ``defines.h.top``, ``config.mak.dev``).
# A date or time format written with dots (``dd.mm``, ``hh.mm.ss``, ``YYYY.MM.DD``).
_DATE_FORMAT_PART = r"(?:dd?|mm?|yy(?:yy)?|hh?|ss?)"
_DATE_FORMAT = lazy_compile(rf"(?i){_DATE_FORMAT_PART}(?:\.{_DATE_FORMAT_PART})+")
#: TLDs that product and library names take as an all-capital suffix (``Socket.IO``,
#: ``Microsoft.NET``, ``Character.AI``): written so after a mixed-case name, not a host.
_PRODUCT_SUFFIX_TLDS = frozenset({"io", "ai", "net"})
# ``cut_glued_sentences``: a path's last segment ending in a file name with an extension of
# _INNER_EXTENSIONS (or a web page's), then ``.`` and a capitalised word (``I``, ``That``).
_GLUED_SENTENCE = lazy_compile(r"[/][^/?#]*?[A-Za-z0-9_-]\.([A-Za-z0-9]{1,10})(\.(?:I|[A-Z][a-z]{1,15}))\Z")
_WEB_PAGE_EXTENSIONS = frozenset({"php", "asp", "aspx", "jsp", "shtml", "cgi"})
_INNER_EXTENSIONS = frozenset(
    {
        "c", "h", "cc", "cpp", "hpp", "cxx", "js", "mjs", "cjs", "ts", "css", "scss", "html", "htm",
        "json", "xml", "yml", "yaml", "toml", "txt", "md", "rst", "py", "rb", "pl", "sh", "min",
        "map", "tar", "gz", "bz2", "xz", "zst", "conf", "cfg", "ini", "in", "mak", "mk", "tmpl",
        "tpl", "dist", "sample", "orig", "bak", "svg", "png", "jpg", "gif", "pdf", "so", "o", "a",
    }
)
#: First labels that make a dotted name a reverse-DNS identifier: ``com.example.Foo``
#: (D-Bus, Java), ``org.freedesktop.DBus``, ``net.ipv4.ip_forward``, ``io.github.app``.
_REVERSE_DNS_FIRST = frozenset({"com", "org", "net", "edu", "gov", "mil", "io"})
_WORD = lazy_compile(r"\w")
_ABBREVIATION = lazy_compile(r"[^\W\d_](?:[.\u3002\uff0e\uff61][^\W\d_]{1,2})+")
# The "at" of an address spelt against spam harvesters, right before the domain.
# A mark may stand on each side of "at" inside the brackets (``jane (=at=) example.com``,
# ``[-at-]``, ``(.at.)``).
_OBFUSCATED_AT = lazy_compile(r"(?:[\[({<]\s*(?:[=.*~#-]\s*)?at\s*(?:[=.*~#-]\s*)?[\])}>]|-at-|_at_|\sAT)\s*\Z")
# A label that could be a programming-language identifier or a number (no '-'):
# ``universal-acceptance-test.icu`` cannot be code, ``collections.abc`` and ``1.day`` can.
_IDENTIFIER = lazy_compile(r"[A-Za-z0-9_]+")
_HEX2 = lazy_compile(r"[0-9A-Fa-f]{2}")
# A label of a module path: a capitalised word or an acronym (``Data``, ``ByteString``, ``GHC``).
_TITLE_WORD = lazy_compile(r"[A-Z][A-Za-z0-9]*")
# Regular-expression syntax in a path: an escaped dot or slash, a group of any
# characters, a character class (Debian watch files, rewrite rules, linter configs).
_PATTERN = lazy_compile(r"\\[./?+*()\[\]dswS]|\(\.[*+]\)|\.\*|\[\^")
# A template placeholder in a path (RFC 6570 ``{owner}``, shell ``${VERSION}`` and
# ``$(hostname)``, printf ``%s``/``%d``): the address goes on only up to it.
# Braces holding only hex digits and hyphens are a GUID (``sourcedoc={5F3A1B2C-…}`` in
# SharePoint and Office links), data of the address, not a placeholder.
_TEMPLATE = lazy_compile(r"\{(?![0-9A-Fa-f-]*\})[^{}\s]*\}|\$[{(]|%[sd](?![0-9A-Fa-f])|%\([A-Za-z_]+\)[sd]")
_LABEL_SEP = lazy_compile("[.\u3002\uff0e\uff61]")
# A path that is one more file name (``/negtelnetserver.py``): its extension.
_FILE_PATH_TAIL = lazy_compile(r"/(?:[\w-]+/)*[\w-]+\.([A-Za-z0-9]{1,5})")
_LABEL_SEPS = ".\u3002\uff0e\uff61"
# Words that introduce a web address right before a bare name (``visit bun.sh``,
# ``follow us on bsky.app``, ``available at deno.land``, ``Website: notion.so``); never
# words that also introduce files in technical prose ("via setup.py", "check out main.rs").
_HOST_CUE = lazy_compile(
    r"(?i)(?:\b(?:visit|website|web\s*site|homepage|home\s*page|url|domain|go\s+to|head\s+(?:over\s+)?to|"
    r"sign\s+up\s+at|available\s+at|hosted\s+(?:at|on)|(?:follow|find|join)(?:\s+(?:us|me|them))?\s+on)"
    r"|→)\s*:?\s*\Z"
)
# TLDs whose registry serves only HTTPS web sites (HSTS-preloaded for the whole TLD:
# .app, .dev, .page): a name under one is a web site unless it reads as an attribute
# of a code object (``self.app``, ``this.page``).
_WEB_ONLY_TLDS = frozenset({"app", "dev", "page"})
# The same for ``.social``, the TLD of fediverse servers (``mastodon.social``, ``indieweb.social``):
# a name under it is a server people are on, unless it reads as a code object's attribute.
_SITE_TLDS = _WEB_ONLY_TLDS | {"social"}
_CODE_RECEIVERS = frozenset(
    {
        "self", "this", "cls", "ctx", "req", "request", "res", "resp", "response", "flask", "current",
        "window", "document", "module", "exports", "os", "sys", "settings", "config", "conf", "env",
        "environ", "options", "opts", "args", "params", "props", "state", "store", "router", "app",
        "paginator", "page", "vm", "scope", "instance", "obj", "context",
    }
)  # fmt: skip
# Mail quote markers before an address (``>>name@example.com`` in a quoted reply).
_QUOTE_MARKS = lazy_compile(r"[>\s]*>")
# Bidi_Control=Yes, and those that close an isolate or an embedding.
_BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_BIDI_CLOSE = lazy_compile("[\u202c\u2069]")
# "scheme://" then an ASCII host whose last label is glued to a CJK letter.
# Letters of the Southeast Asian scripts written without spaces between words
# (Line_Break=Complex_Context: Thai, Lao, Myanmar, Khmer): glued to a URL like CJK.
_SA_LETTER_CLASS = "\u0e01-\u0e3a\u0e40-\u0e4e\u0e81-\u0edf\u1000-\u109f\u1780-\u17dd"
_CJK_GLUED_AUTHORITY = (
    rf"://[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*\.[A-Za-z]{{2,}}(?=[{_CJK_LETTER_CLASS}{_SA_LETTER_CLASS}])"
)
_CJK_GLUED_HOST = lazy_compile(rf"([A-Za-z][A-Za-z0-9+.\-]*){_CJK_GLUED_AUTHORITY}")
# The same from its "://" (a literal first: re's fast search, not a try at every letter);
# cjk_host_cuts finds the scheme before it (what _CJK_GLUED_HOST's finditer matches).
_CJK_GLUED_AFTER_SCHEME = lazy_compile(_CJK_GLUED_AUTHORITY)
_SCHEME_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+.-")
_ASCII_LETTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")


def _reterminate(text: str, link: Link, a: LinkAnatomy, cut: int) -> int:
    """§3.5.1 termination of ``link`` as if the text ended at ``cut``."""
    if cut <= a.after:
        return min(cut, a.after)
    return link.start + _terminate(text[link.start : cut], a.after - link.start)


def _rebuild(
    text: str, link: Link, start: int, end: int, tlds: Collection[str] | None, policy: LinkPolicy
) -> Link | None:
    if (start, end) == (link.start, link.end):
        return link
    new = link_at(text, start, end, link.kind, tlds=tlds, dotless_hosts=policy.dotless_hosts)
    if new is None:
        return None
    return replace(new, spoof=link.spoof, escape_invisibles=link.escape_invisibles)


# --- rules that move bounds ---------------------------------------------------------


def trim_markup_end(text: str, link: Link, a: LinkAnatomy) -> tuple[int, int, str] | None:
    """``trim_markup``: lightweight markup and leaked HTML around a link is not part of it.

    Rationale: none of these characters is a URL code point that people write raw
    (WHATWG URL percent-encodes `````, ``"``, ``<`` in paths, RFC 3986 excludes them),
    while Markdown, reST and HTML use them as delimiters.

    - URL: cut at the first backtick after the host (Markdown/reST code span);
      cut at ``<`` starting a tag (``…</a>``); when the link follows an opening
      quote, cut at its closing quote (``src="…"/>``, ``“…/Release”``); when it
      follows a run of ``*``/``_``/``~`` and ends with the same run, drop that run
      (``**https://x.org/a**``, ``_https://x.org/a_``).
    - Email: drop leading backticks and quotes from the local-part
      (```` ``bob@x.org`` ````, ``'bob@x.org'``), a leading ``*``/``_``/``~``
      run or ``{`` that the text closes right after the address, and a leading run of
      two or more of ``*``/``_``/``~`` (a bold phrase: ``**bob@x.org, press**``).

    Returns the new ``(start, end, why)`` or None when nothing changes.
    """
    start, end = link.start, link.end
    if link.kind == "email":
        at = link.text.rindex("@") + link.start
        i = start
        while i < at and text[i] in _EMAIL_LEADING_QUOTES:
            i += 1
        if i == start and text[i] in _WRAP_CHARS + "{":
            c = text[i]
            closer = "}" if c == "{" else c
            run = i
            while run < at and text[run] == c and c != "{":
                run += 1
            run = max(run, i + 1)
            width = run - i
            # closed right after the address; or a strong-emphasis run (``**``, ``__``) that
            # opens a bold phrase closed later (``- **press@example.org purpose**``): no
            # address starts with two of them
            if text.startswith(closer * width, end) or (width >= 2 and c != "{" and run < at):
                i = run
        if i != start:
            # all of the local-part may be markup (````@app.post``): then nothing is left
            return i, end, f"markup {text[start:i]!r} before an email address"
        return None
    cut = end
    why = ""
    tick = text.find("`", a.after, end)
    if tick != -1:
        cut, why = tick, "backtick (code span) in a URL"
    tags = [m for m in (_TAG.search(text, a.after, cut), _ESCAPED_TAG.search(text, a.after, cut)) if m]
    tag = min(tags, key=lambda m: m.start()) if tags else None
    if tag:
        cut, why = tag.start(), f"HTML tag {tag.group()!r} in a URL"
    if start > 0 and text[start - 1] in _QUOTES:
        closer = _QUOTES[text[start - 1]]
        q = text.find(closer, a.after, cut)
        while q != -1 and closer in "'\u2019" and q + 1 < len(text) and text[q + 1].isalnum():
            q = text.find(closer, q + 1, cut)  # an apostrophe inside a word
        if q != -1:
            cut, why = q, f"closing quote {closer!r} of the quote that opens before the link"
    for opener, closer in _ENTITY_PAIRS if start > 0 and text[start - 1] == ";" else ():
        if text.endswith(opener, 0, start):
            q = text.find(closer, a.after, cut)
            if q != -1:
                cut, why = q, f"escaped markup {closer!r} closes the {opener!r} before the link"
    if cut == end and start > 0 and text[start - 1] in _WRAP_CHARS:
        c = text[start - 1]
        width = 1
        while width < 3 and start - width - 1 >= 0 and text[start - width - 1] == c:
            width += 1
        if text[end - width : end] == c * width and end - width > a.after:
            cut, why = end - width, f"{c * width!r} wraps the link (emphasis)"
    if cut == end:
        return None
    new_end = _reterminate(text, link, a, cut)
    return start, new_end, why


def cjk_start(text: str, link: Link, a: LinkAnatomy) -> int | None:  # -1, -2: reject
    """``cjk_boundary``: a schemeless link glued after CJK text starts after it.

    §8: "it might move the start boundary so that the domain name doesn't contain two
    adjacent characters with different values for (Line_Break=Ideographic OR
    Complex_Context)" (``ウェブサイトはexample.com``) — "a bit tricky, though, because it
    would block some reasonable URLs, like 最高のSONY製品.com". So the start moves only
    to the last CJK→ASCII change when everything after it, to the end of the host, is
    ASCII: Japanese and Chinese are written without spaces, so an ASCII host glued
    after CJK text starts where the script changes (``のビルドシステムです。configure.ac``),
    while a host with CJK in its last labels (``最高のSONY製品.com``) stays whole.
    For an email the same holds for the local-part (``連絡先はbob@example.com``), but only
    where the CJK text before the ASCII ends in Hiragana (a particle: は, を, に, で, の, …) or
    CJK punctuation (``連絡先：bob@…``). After a Kanji, Katakana or Hangul letter it is
    unsure which address was written: a local-part may hold CJK letters (RFC 6531), so
    ``共通ID@mail.example.ac.jp`` may be one address (cut, it is ``ID@…``), while in
    ``サポートsupport@example.jp`` the Katakana is prose (whole, it is an address nobody
    meant). Either link could send mail to a different address, so neither is made (-2).
    When only one ASCII word is left after an IDEOGRAPHIC FULL STOP
    (``…が必要になります。info autoconf``), the 。 ended a sentence and nothing is a link.
    """
    if link.kind == "url":
        if a.has_scheme:
            return None
        lo, hi = link.start, a.host_end
    else:
        lo, hi = link.start, link.start + link.text.rindex("@")
    if text[lo:hi].isascii():
        return None
    last = None
    for m in _CJK_THEN_ASCII.finditer(text, lo, hi):
        last = m.end()
    if last is None or not text[last:hi].isascii():
        return None
    if link.kind == "url" and "." not in text[last:hi]:
        return -1  # only a TLD-like word is left: ``です。info`` — the 。 was a full stop
    if link.kind == "email" and _HIRAGANA.match(text, last - 1) is None and _CJK_PUNCT.match(text, last - 1) is None:
        return -2  # ``共通ID@…``: Kanji, Katakana or Hangul glued to the ASCII, the address's own or prose
    return last


def cjk_end(text: str, link: Link, a: LinkAnatomy) -> tuple[int, str] | None:
    """``cjk_end``: a URL's path ends where a CJK reader's sentence resumes.

    Chinese and Japanese are written without spaces, so the text after a URL is often
    glued to it. Each run of CJK letters and CJK punctuation in the path, query or
    fragment is read as follows:

    - right after an ASCII letter, digit or closing quote/bracket, it is the sentence
      resuming: no address switches script inside a word
      (``…/wanna-build.txtで記述されている``, ``…/Release”，內容如下``);
    - if it holds CJK punctuation (ideographic and fullwidth ``。，、「」（）``, sentence
      punctuation that addresses don't contain), the text from the punctuation on is
      the sentence, and the whole run is when it holds Hiragana before it (Japanese
      particles and inflections: ``…/パスを見てください。`` );
    - if it ends the link and CJK punctuation follows the link, the same: a run with
      Hiragana is sentence text.

    A path segment that is a CJK name (``/wiki/アルベルト``,
    ``/wiki/Wikipedia:すべての言語版にあるべき項目の一覧``) stays.
    """
    if link.kind != "url" or a.after >= link.end or text.isascii():  # isascii: O(1), no CJK
        return None
    end = link.end
    pos = a.after
    while True:
        m = _CJK_ANY.search(text, pos, end)
        if m is None:
            return None
        i = m.start()
        if text[i - 1] in _GLUE_BEFORE:
            return i, f"CJK text glued to the URL after {text[i - 1]!r}"
        run = _CJK_RUNS.match(text, i, end)
        j = run.end() if run else i + 1
        punct = _CJK_PUNCT.search(text, i, j)
        if punct is not None:
            if _HIRAGANA.search(text, i, punct.start()):
                return i, "CJK sentence text (Hiragana, then CJK punctuation) in the path"
            return punct.start(), f"CJK punctuation {punct.group()!r} in the path"
        if j == end and j < len(text) and _CJK_PUNCT.match(text, j) and _HIRAGANA.search(text, i, j):
            return i, "CJK sentence text (Hiragana) at the end of the path"
        pos = j


def code_key_email(text: str, link: Link, assignment_only: bool = False) -> int | None:
    """``reject_code_context`` for emails: ``key=bob@x.org`` links only ``bob@x.org``.

    ``=`` and ``!`` are allowed in a local-part (§5.1 Link_Email) but addresses people
    write don't use them: ``name=value`` is option or configuration syntax
    (``--email=bob@x.org``, ``EMAIL=bob@x.org``), and ``!`` separates a UUCP bang
    path or a prefix from the address (``host!bob@x.org``,
    ``2021-11-01T05:30:28Z!bob@x.org`` in Gnulib change logs). Returns -1 (reject) for
    shell brace expansion (``{french,spanish}@lists.debian.org``), the tail of a
    template (``<name>-request@gnu.org``), an scp-style SSH remote
    (``git@salsa.debian.org:team/repo.git``) and the target of a remote-login command
    (``ssh me@server.example.org``): none is an address to write to.
    """
    if link.kind != "email":
        return None
    at = link.start + link.text.rindex("@")
    m = _KEY_EQUALS.match(text, link.start, at)
    if m and m.end() < at:
        if not assignment_only or _assignment_starts(text, link.start):
            return m.end()
        return None  # ``<CAJ=abc@…>``: not a value that starts after '=' (issue 18 class 7)
    if ("{" in link.text) != ("}" in link.text):
        return -1  # shell brace expansion: ``{french,spanish}@lists.debian.org``
    if (link.start > 0 and text[link.start - 1] in ">}"
            and not _QUOTE_MARKS.fullmatch(text, _word_start(text, link.start), link.start)
            and not _HTML_TAG_BEFORE.search(text, max(0, link.start - 300), link.start)):
        return -1  # the tail of a template: ``<name>-request@gnu.org`` (not ``<b>bob@x.org``)
    if text.startswith(":", link.end) and _SCP_PATH.match(text, link.end + 1):
        return -1  # an scp-style SSH remote: ``git@salsa.debian.org:team/repo.git``
    if _LOGIN_COMMAND.search(text, max(0, link.start - 60), link.start):
        return -1  # a login target: ``ssh me@server.example.org``, ``ssh -p 2222 root@host``
    bang = text.rfind("!", link.start, at)
    if bang != -1 and bang + 1 < at:
        return bang + 1
    return None


def _word_start(text: str, end: int) -> int:
    """Start of the run of non-white-space characters that ends at ``end``."""
    i, lo = end, max(0, end - 64)  # bounded: the quote markers it looks for are short
    while i > lo and not text[i - 1].isspace():
        i -= 1
    return i


def bidi_end(text: str, link: Link, a: LinkAnatomy) -> int | None:
    """``trim_bidi_controls``: a URL ends before the Bidi_Control characters that close it.

    RTL text isolates or embeds a URL (``مرحبا \u2068https://example.com/path\u2069 نص``):
    the closing U+2069 POP DIRECTIONAL ISOLATE or U+202C POP DIRECTIONAL FORMATTING is
    the text's, not the address's (§6.1 makes Cf characters Include, so §3.5.1 keeps
    them). The URL ends at the first such closer after the host, and before any run
    of Bidi_Control characters that ends it (LRM, RLM, ALM, isolates, embeddings).
    """
    if link.kind != "url" or text.isascii():  # isascii: O(1), no Bidi_Control
        return None
    m = _BIDI_CLOSE.search(text, a.host_start, link.end)
    end = m.start() if m else link.end
    while end > a.host_start and text[end - 1] in _BIDI_CONTROLS:
        end -= 1
    return end if end < link.end else None


def cjk_host_cuts(text: str, tlds: Collection[str], schemes: Collection[str]) -> list[Link]:
    """``cjk_host_cut``: URLs whose ASCII host is glued to CJK text (``…してるhttp://example.comいま…``).

    The base algorithm reads ``example.comいまなにしてる`` as one host (CJK letters are
    label characters), finds no TLD and links nothing. Japanese, Chinese and Korean
    are written without spaces, so this proposes the URL ``http://example.com`` when:
    a scheme of ``schemes`` is written, the host after ``//`` is ASCII letters, digits,
    ``-`` and ``.`` up to the first CJK letter (Han, Hiragana, Katakana, Hangul) or letter
    of a Southeast Asian script written without spaces (Thai, Lao, Myanmar, Khmer) glued
    right after its last label, the glued CJK text holds no further label separator
    (else the CJK is a label of the host: ``http://example.comいま.jp``), and the ASCII
    host is valid with a listed TLD (:func:`~uts58_icu.core.detection.link_at`). The
    host linked is exactly the characters the writer typed after ``//``; nothing is
    proposed where a base link overlaps (the caller merges).
    """
    if "://" not in text or text.isascii():
        return []
    from ..core._classes import patterns

    p = patterns()
    out = []
    for m in _CJK_GLUED_AFTER_SCHEME.finditer(text):
        # _CJK_GLUED_HOST's match: from the first letter of the run of scheme characters
        # before "://" (a match ends before a CJK letter, so runs never overlap one)
        colon = m.start()
        scheme_start = colon
        while scheme_start > 0 and text[scheme_start - 1] in _SCHEME_CHARS:
            scheme_start -= 1
        while scheme_start < colon and text[scheme_start] not in _ASCII_LETTERS:
            scheme_start += 1
        if scheme_start == colon:
            continue
        scheme = text[scheme_start:colon].lower()
        if scheme not in schemes and not scheme.endswith("http") and not scheme.endswith("https"):
            continue
        if scheme not in schemes:  # glued letters before an explicit http(s): as the base does
            scheme_start = colon - (5 if scheme.endswith("https") else 4)
        cut = m.end()
        run = p.domain_chars.match(text, cut).end()
        while run > cut and text[run - 1] in _LABEL_SEPS:
            run -= 1
        if _LABEL_SEP.search(text, cut, run):
            continue
        link = link_at(text, scheme_start, cut, "url", tlds=tlds)
        if link is not None:
            out.append(link)
    return out


def _assignment_starts(text: str, key_start: int) -> bool:
    from .context import assignment_starts

    return assignment_starts(text, key_start)


# Python's unittest shortens a long repr in a failure message with ``[N chars]`` in place of
# the characters left out (``'<HTML xmlns:pp="http://www.example.com/[1736 chars]TML>'``): the
# base link ends at ``[N``, the rest of the marker (`` chars]``) right after it.
_REPR_CUT = lazy_compile(r"\[\d+\Z")
_REPR_MARK = lazy_compile(r"\[\d+ chars\]")  # right after a host (the base ends the link before the bracket)



def truncation_cut(text: str, link: Link, a: LinkAnatomy) -> tuple[int, str] | None:
    """``cut_truncated_urls``: where a mark of a cut ends the URL ``link``, and the mark: ``…``
    at its end (``http://t.co/EvsvVeH…``), or unittest's ``[N chars]`` (the base ends the link
    at ``[N``, or before the ``[`` right after a host). None when there is no such mark."""
    if link.text.endswith("\u2026"):
        end = link.end
        while end > a.after and text[end - 1] == "\u2026":
            end -= 1
        return end, "'…'"
    if text.startswith(" chars]", link.end):
        m = _REPR_CUT.search(text, a.after, link.end)
        return (m.start(), "a repr's '[N chars]'") if m else None
    if text.startswith("[", link.end) and text[a.after : link.end] in ("", "/") and _REPR_MARK.match(text, link.end):
        return link.end, "a repr's '[N chars]'"
    return None


def glued_sentence_end(link: Link, a: LinkAnatomy) -> int | None:
    """``cut_glued_sentences``: where a URL ends whose file name is glued to the next sentence.

    ``…/docs/setup.8.md.That worked``: a space is missing after the sentence's full stop,
    so §3.5.1 takes the next sentence's first word into the path. A path whose last segment
    (no query or fragment) is a file name with a known extension, then ``.`` and a
    capitalised word, ends after the extension: no file is named ``x.md.That``.
    """
    if link.kind != "url" or a.after >= link.end:
        return None
    m = _GLUED_SENTENCE.search(link.text, a.after - link.start)
    if m is None or (m.group(1).lower() not in _INNER_EXTENSIONS and m.group(1).lower() not in _WEB_PAGE_EXTENSIONS):
        return None
    if m.group(2)[1:].lower() in _INNER_EXTENSIONS:
        return None  # a second extension written in capitals (``x.tar.Gz``), not a word
    return link.start + m.start(2)


def cut_after_host(text: str, link: Link, a: LinkAnatomy) -> bool:
    """``cut_truncated_urls``: ``RT @a: … https://t.co…`` where the post ends, cut right after the host.

    The base ends the link before ``…`` (it starts no path), so the rule on ``…`` inside
    a link does not see it. Only a written scheme with nothing after the host (or a lone
    ``/``), ``…`` glued to it, and the line or text ending after the ``…`` (where an
    archive cuts a post): ``see https://example.com… more`` keeps its link.
    """
    end = link.end
    if not a.has_scheme or not text.startswith("\u2026", end) or text[a.after : end] not in ("", "/"):
        return False
    end += 1
    while text.startswith("\u2026", end):
        end += 1
    return end == len(text) or text[end] in "\r\n"


def trailing_question_mark(text: str, link: Link, a: LinkAnatomy) -> int | None:
    """``drop_empty_query``: a lone ``?`` at the end of a URL is the sentence's.

    ``Have you seen example.com?``: §3.5.1 keeps ``?`` as the start of a Query, but an
    empty query at the very end of a link names the same resource, while in prose it
    is a question mark.
    """
    if link.kind != "url" or link.end - 1 < a.after or text[link.end - 1] != "?":
        return None
    if text.find("?", a.after, link.end - 1) != -1 or text.find("#", a.after, link.end) != -1:
        return None
    return link.end - 1


def narrow(
    text: str, link: Link, a: LinkAnatomy, policy: LinkPolicy, tlds: Collection[str] | None, reject: Reject
) -> Link | None:
    """Apply the bound-moving rules of ``policy`` to ``link`` (anatomy ``a``); None if nothing is left."""
    if policy.trim_markup:
        moved = trim_markup_end(text, link, a)
        if moved is not None:
            start, end, why = moved
            new = _rebuild(text, link, start, end, tlds, policy)
            if new is None:
                reject(f"§8 trim_markup: {why}; what is left is not a link")
                return None
            reject(f"§8 trim_markup: {why}: link moved to [{start}:{end}]")
            link, a = new, anatomy(new)
    if policy.cjk_boundary:
        cjk = cjk_start(text, link, a)
        if cjk == -1:
            reject("§8 cjk_boundary: after the CJK text only a single word is left (。 is a full stop)")
            return None
        if cjk == -2:
            reject("§8 cjk_boundary: a Kanji, Katakana or Hangul letter is glued before the address's "
                   "ASCII; the address written is unsure (with or without it), so it is not linked")
            return None
        if cjk is not None:
            new = _rebuild(text, link, cjk, link.end, tlds, policy)
            if new is None:
                reject("§8 cjk_boundary: what is left after the CJK text is not a link")
                return None
            reject(f"§8 cjk_boundary: starts after the CJK text, at {cjk}")
            link, a = new, anatomy(new)
    if policy.cjk_end:
        cut = cjk_end(text, link, a)
        if cut is not None:
            end = _reterminate(text, link, a, cut[0])
            new = _rebuild(text, link, link.start, end, tlds, policy)
            if new is None:
                reject(f"§8 cjk_end: {cut[1]}; what is left is not a link")
                return None
            reject(f"§8 cjk_end: {cut[1]}: link ends at {end}")
            link, a = new, anatomy(new)
    if policy.reject_code_context:
        key = code_key_email(text, link, policy.keep_unassigned_email_keys)
        if key == -1:
            reject("§8 reject_code_context: brace expansion, a template, an SSH remote or login, not an email address")
            return None
        if key is not None:
            new = _rebuild(text, link, key, link.end, tlds, policy)
            if new is None:
                reject("§8 reject_code_context: 'key=' or '!' before an email; the rest is not an address")
                return None
            reject(f"§8 reject_code_context: {text[link.start:key]!r} is not part of the address")
            link, a = new, anatomy(new)
    if policy.reject_patterns and link.kind == "url" and link.end > a.after:
        lo, hi = a.after, link.end  # each placeholder holds "{", "$" or "%": fast scans first
        held = text.find("{", lo, hi) != -1 or text.find("$", lo, hi) != -1 or text.find("%", lo, hi) != -1
        m = _TEMPLATE.search(text, lo, hi) if held else None
        if m:
            end = _reterminate(text, link, a, m.start())
            new = _rebuild(text, link, link.start, end, tlds, policy)
            if new is None:
                reject(f"§8 reject_patterns: template placeholder {m.group()!r}; nothing usable before it")
                return None
            reject(f"§8 reject_patterns: template placeholder {m.group()!r}: link ends at {end}")
            link, a = new, anatomy(new)
    if policy.trim_bidi_controls:
        end_b = bidi_end(text, link, a)
        if end_b is not None:
            end = _reterminate(text, link, a, end_b)
            new = _rebuild(text, link, link.start, end, tlds, policy)
            if new is None:
                reject("§8 trim_bidi_controls: Bidi_Control characters close the URL; what is left is not a link")
                return None
            reject(f"§8 trim_bidi_controls: the Bidi_Control characters that close the URL are the text's: link ends at {end}")
            link, a = new, anatomy(new)
    cut = (truncation_cut(text, link, a) if policy.cut_truncated_urls and link.kind == "url"
           and (link.text[-1] == "\u2026" or text.startswith(("[", " chars]"), link.end)) else None)
    if cut is not None:
        end, marker = cut
        if text[a.after : end] in ("", "/"):
            reject(f"§8 cut_truncated_urls: {marker} cuts the URL right after its host; the address written is lost")
            return None
        end = _reterminate(text, link, a, end)
        new = _rebuild(text, link, link.start, end, tlds, policy)
        if new is None:
            reject(f"§8 cut_truncated_urls: {marker} marks a cut URL; what is left before it is not a link")
            return None
        reject(f"§8 cut_truncated_urls: {marker} marks where the URL was cut (a shortened post, excerpt or repr): "
               f"link ends at {end}")
        link, a = new, anatomy(new)
    if policy.cut_truncated_urls and link.kind == "url" and cut_after_host(text, link, a):
        reject("§8 cut_truncated_urls: '…' right after the host ends a cut post; the address written is lost")
        return None
    if policy.cut_glued_sentences and link.kind == "url" and "A" <= link.text[-1] <= "z":
        end_g = glued_sentence_end(link, a)
        if end_g is not None:
            new = _rebuild(text, link, link.start, end_g, tlds, policy)
            if new is None:
                reject("§8 cut_glued_sentences: the next sentence is glued to the file name; what is left is not a link")
                return None
            reject(f"§8 cut_glued_sentences: {text[end_g:link.end]!r} starts the next sentence (a missing space): "
                   f"link ends at {end_g}")
            link, a = new, anatomy(new)
    if policy.drop_empty_query:
        end_q = trailing_question_mark(text, link, a)
        if end_q is not None:
            new = _rebuild(text, link, link.start, end_q, tlds, policy)
            if new is not None:
                reject("§8 drop_empty_query: a lone trailing '?' is the sentence's question mark")
                link = new
    return link


# --- rules that reject ----------------------------------------------------------------


def _is_emphasis(text: str, start: int, end: int) -> bool:
    """``_example.com_``: a ``_`` pair around the link with no word character outside."""
    if not (start > 0 and end < len(text) and text[start - 1] == "_" and text[end] == "_"):
        return False
    outer_before = text[start - 2] if start >= 2 else " "
    outer_after = text[end + 1] if end + 1 < len(text) else " "
    return not _WORD.match(outer_before) and not _WORD.match(outer_after)


def named_tld(tld: str, tlds: Collection[str] | None) -> bool:
    """Whether the caller named ``tld`` in ``tlds=`` (a TLD the caller names is meant).

    With ``tlds=None`` (the default list) none is named; a list that extends the
    default (markdown-it's ``.tlds([...], keep_old=True)``) names what it adds; any
    other list names every TLD in it.
    """
    if tlds is None or tld not in tlds:
        return False
    default = default_tlds()
    if tlds is default:
        return False
    if tld not in default:
        return True
    try:
        return not _extends_default(tlds)  # type: ignore[arg-type]
    except TypeError:  # an unhashable collection given to apply_policy
        return not default <= set(tlds)


@lru_cache(maxsize=16)
def _extends_default(tlds: frozenset[str]) -> bool:
    return tlds >= default_tlds()


#: How far a code span's opening backtick is looked for before a quoted name (gate.c
#: backtick_before reads the same bound), and its closing one after it.
_CODE_SPAN_REACH = 200
_BACKTICKS = lazy_compile(r"`+")


def _quoted_in_code_span(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]``, quoted, stands inside a code span on its line: an odd
    number of backtick runs (a run of two opens a reST literal) between the line's start and
    it, and a backtick after it on the line, each within :data:`_CODE_SPAN_REACH`."""
    lo = max(0, start - _CODE_SPAN_REACH)
    ls = text.rfind("\n", lo, start) + 1 or lo
    if text.find("`", ls, start) < 0:
        return False
    if sum(1 for _ in _BACKTICKS.finditer(text, ls, start)) % 2 == 0:
        return False
    hi = min(len(text), end + _CODE_SPAN_REACH)
    nl = text.find("\n", end, hi)
    return text.find("`", end, hi if nl < 0 else nl) >= 0


def _host_cue(text: str, start: int) -> bool:
    """Words before a bare name that introduce a web address (``visit bun.sh``)."""
    return _HOST_CUE.search(text, max(0, start - 40), start) is not None


_SCHEME_TOKEN = lazy_compile(r"(?i)(?:https?|ftp)://[^\s/]")
_BLANKS_SCHEME_AFTER = lazy_compile(r"(?i)[ \t]{1,16}(?:https?|ftp)://[^\s/]")


def _between_links(text: str, start: int, end: int) -> bool:
    """A bare name between two URLs written with a scheme, only blanks between them (a post's
    list of addresses: ``get started at http://t.co/AbCd example.cc http://t.co/Xy``): the
    writer's context says address, like a host cue. Bounded look-back (one token)."""
    if not _BLANKS_SCHEME_AFTER.match(text, end):
        return False
    i = start
    while i > 0 and start - i < 16 and text[i - 1] in " \t":
        i -= 1
    if i == start:
        return False
    lo = max(0, i - 2048)
    j = max(text.rfind(c, lo, i) for c in " \t\n") + 1
    if j == 0 and lo > 0:
        return False  # a token longer than the look-back
    return _SCHEME_TOKEN.match(text, j, i) is not None


# A file name listed in a build file, one name a line, the lines continued with ``\``
# (``TESTSUITE_AT = \`` then ``  acls01.at \``; in a diff ``+ acls01.at\``), a diff's
# marker and indentation before it.
_LIST_ITEM_HEAD = lazy_compile(r"[ +-]?[ \t]*")
_LIST_ITEM_TAIL = lazy_compile(r"[ \t]*(\\?)[ \t\r]*(?:\n|\Z)")
_LIST_ITEM_LINE = lazy_compile(r"[ +-]?[ \t]*(\S+?)[ \t]*\\?[ \t\r]*")
# The line that opens such a list: a make variable (``EXTRA_DIST = \``, ``SRCS += \``),
# also after a diff's hunk header (``@@ -68,14 +71,15 @@ TESTSUITE_AT = \``).
_MAKE_LIST_START = lazy_compile(r"(?:@@ [^\n]*?@@ |[ +-])?[ \t]*[A-Za-z_][A-Za-z0-9_.]*[ \t]*[:+?!]?=[ \t]*\\[ \t\r]*")


def _line_around(text: str, pos: int, step: int) -> str | None:
    """The line before the line that starts at ``pos`` (step -1) or after the line that
    ends at the line break ``pos - 1`` (step 1), at most 300 code points, or None."""
    if step < 0:
        if pos == 0:
            return None
        start = text.rfind("\n", max(0, pos - 302), pos - 1) + 1
        return None if start == 0 and pos - 1 > 300 else text[start : pos - 1]
    if pos >= len(text):
        return None
    end = text.find("\n", pos, pos + 301)
    return text[pos : end if end != -1 else min(len(text), pos + 300)]


def _build_list_item(text: str, start: int, end: int, ext: str) -> bool:
    r"""``reject_file_names``: ``text[start:end]`` fills a line of a build file's list of
    names, continued with ``\`` (or the list's last line, after one), and the list is of
    files: a make variable opens it, or a name next to it has the same extension."""
    ls = text.rfind("\n", max(0, start - 16), start) + 1
    if (ls == 0 and start > 16) or not _LIST_ITEM_HEAD.fullmatch(text, ls, start):
        return False
    tail = _LIST_ITEM_TAIL.match(text, end)
    if tail is None:
        return False
    prev = _line_around(text, ls, -1)
    prev_cont = prev is not None and prev.rstrip(" \t\r").endswith("\\")
    if not (tail.group(1) or prev_cont):
        return False
    if prev_cont and _MAKE_LIST_START.fullmatch(prev):
        return True
    near = [prev] if prev_cont else []
    if tail.group(1) and text.endswith("\n", 0, tail.end()):
        near.append(_line_around(text, tail.end(), 1))
    ext = "." + ext.lower()
    for line in near:
        m = _LIST_ITEM_LINE.fullmatch(line) if line else None
        if m is not None and m.group(1).lower().endswith(ext) and len(m.group(1)) > len(ext):
            return True
    return False


# An m4 macro call's quoted arguments up to the one a name fills (autoconf's configure.ac,
# autotest's testsuite.at): ``m4_include([``, ``AT_CHECK([cat], [``.
_M4_BLANKS = frozenset(" \t\n\r")
_M4_CALL_ARGS = lazy_compile(r"[A-Za-z_][A-Za-z0-9_]*\((?:\[[^\[\]\n]*\],[ \t]*)*\[")


def _m4_quoted_arg(text: str, start: int, end: int) -> bool:
    """``reject_file_names``: ``text[start:end]`` is the whole of an m4 macro call's quoted
    argument (``m4_include([acls01.at])``, ``AT_SETUP([x], [y.at])``), or one of the names
    separated by white space in it (``AC_CONFIG_FILES([Makefile x.at y.at])``): a file of an
    autoconf or autotest source, as in a build file's list. Bounded: the argument's ``[`` at
    most 120 code points back and its ``]`` at most 120 on, no bracket between; the call's
    ``([`` at most 120 code points back, its name at most 64."""
    if start < 3 or end >= len(text) or not (text[start - 1] == "[" or text[start - 1] in _M4_BLANKS):
        return False
    if not (text[end] == "]" or text[end] in _M4_BLANKS):
        return False
    q = text.rfind("[", max(0, start - 120), start)  # the argument's '['
    if q < 2 or text.find("]", q, start) != -1:
        return False
    c = text.find("]", end, end + 120)  # the argument's ']'
    if c == -1 or text.find("[", end, c) != -1 or not text.startswith((")", ","), c + 1):
        return False
    start = q + 1
    p = text.rfind("([", max(0, start - 120), start)
    i = p
    while i > max(0, p - 64) and text[i - 1].isascii() and (text[i - 1].isalnum() or text[i - 1] == "_"):
        i -= 1
    return 0 <= i < p and _M4_CALL_ARGS.fullmatch(text, i, start) is not None


# Two words glued at a full stop where the second is a word that is also a ccTLD: ``it``
# with a contraction (``the click.it’s``), ``my`` then a word, after a number glued to
# its unit (``almost 1year.my heart``).
# A chat nick that names the speaker's company by its domain, the spaces of a display name
# written as ``_`` (an IRC bridge's ``<Jane_Doe_-_example.com>``): `` - `` before the domain.
_NICK_AFFILIATION = lazy_compile(r"<[A-Za-z0-9_.'-]{1,60}_-_\Z")


def _nick_affiliation(text: str, start: int, end: int) -> bool:
    """``reject_code_context`` keeps the domain that ends a nick after ``_-_``
    (``<Jane_Doe_-_example.com>``): a company named by its domain, not an identifier."""
    return text.startswith(">", end) and _NICK_AFFILIATION.search(text, max(0, start - 64), start) is not None


# zsh's conditional prompt escape ``%N(x.true.false)`` (``%20(l.yes.no)``): the ``%`` and count.
_PROMPT_TERNARY = lazy_compile(r"%-?\d*\Z")
_IT_CONTRACTION = lazy_compile(r"['\u2019](?:s|ll|d)(?![^\W\d_])")
_COUNT_WORD = lazy_compile(r"\d+[a-z]{2,}")
_WORD_AFTER = lazy_compile(r" [a-z]")


def _glued_sentence(text: str, end: int, labels: list[str]) -> bool:
    """``reject_generic_tld_names``: a lower-case two-label name that reads as two words of
    a sentence glued at its full stop (the space after it missing)."""
    if len(labels) != 2 or not labels[0].islower():
        return False
    if labels[1] == "it":
        return _IT_CONTRACTION.match(text, end) is not None
    return labels[1] == "my" and _COUNT_WORD.fullmatch(labels[0]) is not None and _WORD_AFTER.match(text, end) is not None


def _placeholder_host(text: str, link: Link, a: LinkAnatomy, policy: LinkPolicy) -> bool:
    """``keep_placeholder_hosts``: a host written whole in a ``{{…}}`` placeholder, in lower
    case under a TLD of RFC 1591 (``--domain {{example.com}}`` in tldr-pages), is the example
    address the writer typed; ``{{page.id}}``, ``{site.url}`` stay template expressions."""
    if not (policy.keep_placeholder_hosts and text.endswith("{{", 0, link.start)
            and text.startswith("}}", link.end) and link.end == a.after):
        return False
    host = text[a.host_start : a.host_end]
    return host.islower() and _LABEL_SEP.split(host)[-1] in _WEB_TLDS


def _translated_file_name(labels: list[str], policy: LinkPolicy) -> bool:
    """``reject_translated_file_names``: every label before an ASCII file-extension TLD is
    written in a script other than Latin (``ফাইল.py``, ``文件.md``, ``файл.sh``): a file name
    in a translated document (tldr-pages' ``{{ফাইল.py/এর/পাথ}}``), not an IDN host."""
    tld = labels[-1]
    return (len(labels) >= 2 and tld.isascii() and tld.lower() in policy.file_extension_tlds
            and all(any(c.isalpha() for c in lb) and not any(c.isascii() and c.isalpha() for c in lb)
                    for lb in labels[:-1]))


def markdown_link_text(text: str, start: int, end: int) -> bool:
    """A name that is all of a Markdown link's text: ``[DevSummit.Tech][]``, ``[Name.Tech][ref]``,
    ``[proto.school](https://proto.school/)``. The writer made the name a link: a site named by
    its domain (a generic-TLD word is not code there)."""
    return (start > 0 and text[start - 1] == "[" and text.startswith("]", end)
            and end + 1 < len(text) and text[end + 1] in "[(")


# What may stand between a name and a URL written right after it: a Markdown link's
# ``](``, an opening bracket (``Name.info (https://name.info)``), a colon, and at most two
# blanks on each side (gate.c names_its_target reads the same).
_TARGET_AFTER = lazy_compile(r"\]?[ \t]{0,2}[(<:][ \t]{0,2}(?:https?|ftp)://(?:www\.)?")


def names_its_target(text: str, end: int, host: str) -> bool:
    """A name followed by a URL, written with its scheme, to the same host:
    ``[Promises - JavaScript.Info](https://javascript.info/promise)``,
    ``JavaScript.info (https://javascript.info)``. The writer named the site the URL
    goes to (gate.c names_its_target is the same test, so the gate sends such a name to Python)."""
    m = _TARGET_AFTER.match(text, end)
    if m is None:
        return False
    j = m.end() + len(host)
    again = text[m.end() : j]  # (ASCII only: "\u212a".lower() is "k")
    return again.isascii() and again.lower() == host.lower() and (j == len(text) or text[j] in "/?#:)>]")


def _release_name(labels: list[str]) -> bool:
    """``yocto-1.5.final``, ``foo-2.0.final``: a name that ends in a version number (a numeric
    label after a label ending in a digit) under a word TLD of the 2012 round: a release's
    name, not a host (RFC 1591's TLDs and the country codes keep ``web-1.2.com``)."""
    tld = labels[-1]
    return (len(labels) >= 3 and labels[-2].isascii() and labels[-2].isdigit() and labels[-3][-1:].isdigit()
            and len(tld) > 2 and tld.isascii() and tld.isalpha() and tld.lower() not in LEGACY_GENERIC_TLDS)


def _doubled_scheme_letter(text: str, start: int) -> bool:
    """``reject_compound_schemes``: the word before the URL's scheme is its first letter again
    (``[Minutes](hhttp://pad.example.org/p)``: the base links the ``http://…`` inside a garbled
    word). Only that shape: ``Visithttps://x`` (a word glued on) is left as the base reads it."""
    if start < 1:
        return False
    c = text[start - 1]
    if not (c.isascii() and c.isalpha() and c.lower() == text[start].lower()):
        return False
    return start == 1 or not (text[start - 2].isalnum() or text[start - 2] in "+.-_")


def reject_reason(
    text: str, link: Link, a: LinkAnatomy, policy: LinkPolicy, tlds: Collection[str] | None = None
) -> str | None:
    """The rejecting rule of ``policy`` for a schemeless URL ``link``, or None to keep it.

    Only URLs written without a scheme are judged here (§8: "if there is no scheme
    before it"); a scheme always keeps the link. ``tlds`` is the caller's list: a TLD
    the caller named (:func:`named_tld`) is meant, so the TLD-name rules keep it.
    """
    if link.kind != "url":
        return None
    if policy.reject_patterns and link.end > a.after:
        lo, hi = a.after, link.end  # each pattern holds "\\", "(.", ".*" or "[^": fast scans first
        held = (text.find("\\", lo, hi) != -1 or text.find(".*", lo, hi) != -1 or text.find("(.", lo, hi) != -1
                or text.find("[^", lo, hi) != -1)
        m = _PATTERN.search(text, lo, hi) if held else None
        if m:
            return f"§8 reject_patterns: {m.group()!r} is pattern syntax, not part of an address"
    if policy.reject_compound_schemes and a.has_scheme and link.start >= 2 and text[link.start - 1] == "+" \
            and text[link.start - 2].isalnum():
        return "§8 reject_compound_schemes: 'VCS+https://' is a package or VCS reference (pip, npm), not a web link"
    if policy.reject_compound_schemes and a.has_scheme and _doubled_scheme_letter(text, link.start):
        return (f"§8 reject_compound_schemes: {text[link.start - 1 : link.start + 1]!r} starts the word: a garbled "
                "scheme (its first letter doubled), not the address written")
    if a.has_scheme:
        return None
    host_only = link.end == a.after  # no path, query or fragment
    before = text[link.start - 1] if link.start else ""
    after = text[link.end] if link.end < len(text) else ""
    if policy.reject_code_context:
        # `/` or `\` before: the name is a segment of a file path (``src/setup.py``,
        # ``C:\dir\a.cc``); `_` or `$` before: it is the end of a longer identifier
        # or a variable (``CODE_OF_CONDUCT.md``, ``CHANGELOG_V16.md#16.1``, ``$HOME.com``).
        # A host name has neither before it, whatever follows.
        if before in ("/", "\\", "$") or (before == "_" and not _is_emphasis(text, link.start, link.end)
                                           and not _nick_affiliation(text, link.start, link.end)):
            return f"§8 reject_code_context: {before!r} before (code or a file path, not a host)"
        if before == "%" and _HEX2.match(link.text):
            # ``mailto:dev%40example.net``: the name starts inside a percent-escape (``%40`` is
            # ``@``), a piece of an encoded address or URL, never the host written
            return f"§8 reject_code_context: {text[link.start - 1 : link.start + 2]!r} is a percent-escape (an encoded string, not a host)"
        if host_only and not _is_emphasis(text, link.start, link.end):
            # `=` or `{` before: an assignment or a template; `::` before: a scope
            # (C++, Perl, Rust, APT's ``Acquire::http::Proxy::example.org``); `_` after:
            # the name goes on as an identifier (``jinja2.is_undefined``); `(` after: a
            # call or a man-page section (``response.next()``, ``systemd.network(5)``);
            # `=` after: a key being set (``rd.luks.name=``); `["` after: a subscript
            # (``obj.re["twitter"]``).
            if (before == "=" or (before == "{" and not _placeholder_host(text, link, a, policy))
                    or text.endswith("::", 0, link.start)):
                return f"§8 reject_code_context: {text[link.start - 2 : link.start]!r} before (code, not a host)"
            if after in ("_", "(", "=") or (after == "[" and text[link.end + 1 : link.end + 2] in ("'", '"')):
                return f"§8 reject_code_context: {after!r} after (code, not a host)"
            if before == "(" and after == ")" and _PROMPT_TERNARY.search(text, max(0, link.start - 8), link.start - 1):
                # zsh's prompt escape ``%20(l.yes.no)``: a test, then the two texts to print
                return f"§8 reject_code_context: {text[link.start - 2 : link.start]!r} before (a prompt escape), not a host"
    host = text[a.host_start : a.host_end]
    labels = _LABEL_SEP.split(host)
    if policy.reject_obfuscated_email_domains and host_only and _OBFUSCATED_AT.search(text, max(0, link.start - 12), link.start):
        # ``kju -at- fqdn.org``, ``eric-m AT wanadoo.fr``, ``bob [at] example.com``: an
        # address spelt against spam harvesters; its domain alone is not what is meant.
        return "§8 reject_obfuscated_email_domains: the domain of an address spelt with 'at'"
    # A Markdown/reST code span marks its text as code, not prose: a bare name in one
    # is linked only when written as a web host name, in lower case under one of the
    # TLDs of RFC 1591 (``python-requests.org``), not an identifier (``Flask.name``,
    # ``func.name``, ``docutils.io``, ``moment.fn.zone``).
    # The same for a name with a path alone in a code span (a container image reference
    # ``ghcr.io/owner/name``, ``ssl.read/write()``): code, unless written as a web host.
    if (
        policy.reject_code_spans
        and before == "`"
        and after == "`"
        and not (host.islower() and labels[-1] in _WEB_TLDS)
    ):
        return f"§8 reject_code_spans: {host!r} in a code span reads as code"
    if policy.reject_code_spans and before == "`" and host_only:
        # A web host's spelling in a code span where the writing says code: ``import
        # `sunpy.net```, ```sunpy.net``` beside ```sunpy.map``` (a Python module's name)
        from .context import module_code_span

        why = module_code_span(text, link.start, link.end)
        if why is not None:
            return f"§8 reject_code_spans: {host!r} in a code span names a Python module ({why})"
    if (policy.reject_code_spans and host_only and before in ("'", '"') and after == before
            and not (host.islower() and labels[-1] in _WEB_TLDS) and _quoted_in_code_span(text, link.start, link.end)):
        # ``exclude=['post.owner.email']`` in a code span: a string of code (a field path),
        # unless written as a web host name, as in a span it fills
        return f"§8 reject_code_spans: {host!r} is a quoted string inside a code span (code)"
    if policy.reject_reverse_dns_names and len(labels) >= 3 and labels[0].lower() in _REVERSE_DNS_FIRST:
        return (
            f"§8 reject_reverse_dns_names: {host!r} starts with the TLD {labels[0]!r} "
            "(a reverse-DNS identifier: Java package, D-Bus or application name, sysctl key)"
        )
    if policy.reject_reverse_dns_names and labels[-1].lower() == "arpa":
        # ``7.2.0.192.in-addr.arpa``, ``ip6.arpa``, ``home.arpa`` (RFC 8375): the one TLD
        # of DNS infrastructure (reverse lookups, special-use names), where no site is.
        return f"§8 reject_reverse_dns_names: {host!r} is under .arpa (DNS infrastructure, not a site)"
    if policy.reject_patterns and (
        (before == "*" and after != "*") or text.endswith("*.", 0, link.start)
    ):
        # ``*.example.org``, ``*ho.us``: a wildcard (certificate, glob, filter rule), not a host;
        # ``*example.org*`` is emphasis and stays
        return f"§8 reject_patterns: '*' glued before {host!r} makes it a wildcard pattern"
    if policy.reject_patterns and host_only and _DATE_FORMAT.fullmatch(host):
        # ``[dd.mm | -<days ago>] hh:mi``: a date or time format, not a host (``.mm`` is a ccTLD)
        return f"§8 reject_patterns: {host!r} is a date or time format"
    if (policy.reject_file_names or policy.guard_false_positives) and link.end > a.after and text[a.after] == "/":
        m = _FILE_PATH_TAIL.fullmatch(text, a.after, link.end)
        if (m and labels[-1].lower() in policy.file_extension_tlds
                and m.group(1).lower() in policy.file_extension_tlds | _INNER_EXTENSIONS):
            # ``dictserver.py/negtelnetserver.py``: file names joined by '/', not a site and path
            return f"§8 reject_file_names: {text[link.start : link.end]!r} joins file names (no scheme)"
    if policy.reject_translated_file_names and _translated_file_name(labels, policy) and not _host_cue(text, link.start):
        return (f"§8 reject_translated_file_names: {host!r} is a file name translated into another script "
                f"under the file extension '.{labels[-1]}' (no scheme)")
    if (len(labels) == 2 and text.startswith("/Contents/", a.after) and labels[-1].lower() == "app"
            and not labels[0].islower() and (policy.reject_file_names or policy.guard_false_positives)):
        # ``Tool.app/Contents/MacOS/Tool`` (a crash log's image list): a path inside a macOS bundle
        return f"§8 reject_file_names: {host!r}/Contents/ is a path inside a macOS application bundle"
    if link.end > a.after and text[a.after] == "/":
        return None  # a path keeps the link (``example.py/docs``); a port does not (``setup.py:45``)
    tld = labels[-1].lower()
    if named_tld(_tld_key(labels[-1]), tlds):
        return None  # ``find_links("see intranet.corp", tlds={"corp"})``: the caller means it
    # A host cue (``visit bun.sh``, ``follow us on bsky.app``) or a web-only TLD says
    # the name is a site, whatever its TLD is also used for.
    site = _host_cue(text, link.start)
    if (policy.reject_file_names or policy.guard_false_positives) and not site:
        if tld == "app" and len(labels) == 2 and not labels[0].islower() and host_only:
            # ``Terminal.app``, ``Mail.app``, ``iTerm.app``: a macOS application bundle (a
            # directory name); a web site under .app is written in lower case (``bsky.app``)
            return f"§8 reject_file_names: {host!r} is a macOS application bundle, not a host"
        # (a file-extension TLD between two links written with a scheme is one more address)
        if tld in policy.file_extension_tlds and not (host_only and _between_links(text, link.start, link.end)):
            return f"§8 reject_file_names: '.{labels[-1]}' is also a file extension (no scheme, no path)"
        if host_only and tld not in _HOST_TLDS and _build_list_item(text, link.start, link.end, labels[-1]):
            return (f"§8 reject_file_names: {host!r} is an item of a build file's list of files "
                    "(a line continued with '\\'), not a host")
        if host_only and tld not in _HOST_TLDS and _m4_quoted_arg(text, link.start, link.end):
            return f"§8 reject_file_names: {host!r} is in an m4 macro's quoted argument (m4_include([x.at]), AC_CONFIG_FILES([a.at b.at])), a file"
        if len(labels) >= 3 and labels[-2].lower() in _INNER_EXTENSIONS and tld not in LEGACY_GENERIC_TLDS:
            return f"§8 reject_file_names: '.{labels[-2]}.{labels[-1]}' is a double file extension"
        # An upper-case letter in the last label after an all-lower-case first label is
        # a file suffix or a class name (``debian.NEWS``, ``tokenize.NL``,
        # ``marshmallow.fields.Date``): people capitalise a host name from its start
        # (``Example.com``, ``EXAMPLE.COM``, ``X.Org``), never only its TLD.
        if labels[-1].isalpha() and any(c.isupper() for c in labels[-1]) and labels[0].islower():
            return f"§8 reject_file_names: capitalised last label '.{labels[-1]}' after a lower-case name"
        # The same for an all-capital last label after a name that is not all capitals: a
        # product, library or event name (``Socket.IO``, ``Microsoft.NET``, ``Dentoo.LT``),
        # not a host; except a camel-case name under a TLD that product names do not take
        # as a suffix, a site named by its domain (``SourceForge.JP``, ``HackLab.TO``).
        # Three or more labels, each a capitalised word or an acronym, the TLD a capitalised
        # word (``Data.Foo.Int``, ``GHC.Prim.Int#``, ``Control.Monad.Info``,
        # ``Customer.Address.Country``): a Haskell module or a
        # namespace path, not a host. Two such labels are often a site's own spelling of
        # its name (``JavaScript.Info``, ``Rocket.Chat``); a writer who capitalises every
        # label of a host does so under a TLD of RFC 1591 (``Mail.Google.Com`` stays).
        if (len(labels) >= 3 and len(labels[-1]) > 2 and tld not in _HOST_TLDS and labels[-1][1:].islower()
                and all(_TITLE_WORD.fullmatch(label) for label in labels)):
            return f"§8 reject_file_names: every label of {host!r} is a capitalised word (a module or namespace path)"
        if (len(labels[-1]) > 1 and labels[-1].isalpha() and labels[-1].isupper() and not labels[0].isupper()
                and (tld in _PRODUCT_SUFFIX_TLDS or not any(c.isupper() for c in labels[0][1:]))):
            return f"§8 reject_file_names: all-capital last label '.{labels[-1]}' after a mixed-case name"
    if policy.reject_abbreviations or policy.guard_false_positives:
        # §8 "(eg, M.Sc.)": single letters and one- or two-letter labels are initials
        # and abbreviations; numeric labels before the TLD are a version
        # (``3.0.0.final``), not a host.
        if _ABBREVIATION.fullmatch(host) and len(labels[0]) == 1 and not host.islower():
            return f"§8 reject_abbreviations: {host!r} looks like an abbreviation"
        if host_only and all(0 < len(label) <= 2 and label.isalpha() and label.isupper() for label in labels):
            # ``SC.FI.``, ``U.S``, ``QA.PT``: capital initials, not a host written in capitals
            # (``EXAMPLE.COM`` has a longer label)
            return f"§8 reject_abbreviations: {host!r} is capital initials (an abbreviation)"
        if len(labels) >= 3 and all(label.isdigit() for label in labels[:-1]):
            return f"§8 reject_abbreviations: {host!r} looks like a version number"
        if len(labels) >= 3 and _release_name(labels):
            return f"§8 reject_abbreviations: {host!r} is a release name (a version number, then the word '.{labels[-1]}')"
    if policy.reject_generic_tld_names and host_only and not site and _glued_sentence(text, link.end, labels):
        return (f"§8 reject_generic_tld_names: {host!r} is two words glued at a full stop "
                f"('{labels[-1]}' starts the next clause), not a host")
    if (policy.reject_generic_tld_names and host_only and len(labels) >= 3 and not site
            and all(label.isascii() and label.isalpha() and label.isupper() for label in labels)
            and len(tld) > 2 and tld not in _HOST_TLDS and labels[0] != "WWW"
            and before and not before.isalnum() and not before.isspace() and after in ("!", "?")):
        # ``(++MADE.MY.DAY!)``: a shouted phrase of words under a word TLD, glued to
        # punctuation on both sides (an exclamation after it), not a host written in capitals
        return f"§8 reject_generic_tld_names: {host!r} is a shouted phrase under the word TLD '.{labels[-1]}'"
    if (
        policy.reject_generic_tld_names
        and len(labels) == 2
        and _IDENTIFIER.fullmatch(labels[0])
        and tld.isascii()
        and len(tld) > 2
        and not tld.startswith("xn--")
        and tld not in _HOST_TLDS
        and not site
        and not (tld in _SITE_TLDS and labels[0].lower() not in _CODE_RECEIVERS)
        and not markdown_link_text(text, link.start, link.end)
        and not names_its_target(text, link.end, host)
    ):
        return (
            f"§8 reject_generic_tld_names: {host!r} is a bare name under the word TLD "
            f"'.{labels[-1]}' (no scheme, www or path)"
        )
    return None
