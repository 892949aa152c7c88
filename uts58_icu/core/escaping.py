"""URL minimal escaping (UTS #58 §4, §4.1) and email minimal quoting (§5.3).

Two ways in, one algorithm:

* :func:`format_parts` takes a URL as *structure* (scheme, host, path segments,
  query pairs, fragment, fragment directives, each holding literal text), applies
  the "normal interior escaping" that §4.1 presupposes, and formats it;
* :func:`minimal_escape` takes a URL as *text* (fully percent-escaped, partly
  escaped or raw Unicode, with or without a scheme), splits it into the same
  parts, undoes the escapes that are safe to undo, and formats it.

Both end in :func:`_assemble`, which runs the §4.1 loop (:func:`_escape_part`)
over each part with the very Part table (Table 3-3, :mod:`uts58_icu.parts`)
that link detection (§3.5.1) uses, so what is formatted here is what detection
finds.

Choices made where §4.1 leaves room (each is marked ``DEVIATION`` or ``CHOICE``
in the code, and is listed in conformance/NOTES.md):

* A part is formatted when it is *present*, even if empty: ``https://x.com/``
  keeps its ``/`` and ``https://x.com?`` its ``?``. An empty part contributes
  only its initiator, so §4.1's loop has nothing to do for it; "last part"
  (step 2.6) means the last present part.
* Fragment directives are parts of their own (initiator ``:~:``) after the
  Fragment; when there are directives the Fragment's ``#`` is written even if
  the Fragment itself is empty, or the directives would not be in a fragment.
* An unmatched Close is escaped *without* popping the open-bracket stack
  (§4.1 step 2.4.8.1 pops). The escaped character is invisible to link
  detection, which therefore keeps that stack entry; not popping keeps the two
  in step, avoids needless escapes and makes :func:`minimal_escape` idempotent
  (with the pop, ``（(]）`` formats as ``（(%5D）`` and that as ``（(%5D%EF%BC%89``).
* Lone surrogates (which no URL can hold) are replaced by U+FFFD first, as a
  browser does when it turns a JavaScript string into a URL; U+FFFD is
  Link_Term=Include, so the result is stable. (Escaping them as a fixed
  ``%EF%BF%BD`` would not be idempotent: the escape decodes to an Include
  character on the next pass.)
* :func:`format_parts` also escapes ``\\`` in path segments (browsers read it
  as ``/`` in http(s) URLs) — §4 goal 1, "correctly parsed by modern browsers".
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .._args import require_str
from .._compat import EscapeRuns
from .._icu import idna_to_ascii, idna_to_unicode
from ._pieces import BIG_TEXT, Pieces
from .parts import (
    BRACKET_STACK_LIMIT,
    FRAGMENT,
    FRAGMENT_DIRECTIVE,
    PATH,
    QUERY,
    SYNTAX_START_CHARS,
    Part,
)
from .properties import CLOSE, HARD, INCLUDE, OPEN, SOFT, derived, link_email

__all__ = [
    "UrlParts",
    "decode_for_checks",
    "escape_invisibles",
    "link_display",
    "format_email",
    "format_parts",
    "format_url_parts",
    "minimal_escape",
    "parse_url",
    "percent_escape",
]

#: Schemes that the WHATWG URL Standard calls "special".
SPECIAL_SCHEMES = frozenset({"http", "https", "ws", "wss", "ftp", "file"})

_SURROGATE = re.compile("[\ud800-\udfff]")
# Possessive: a plain "+" over a group keeps a backtracking mark per escape
# (98 MB for a 2 MB run of escapes, issue 9 item 13).
_ESCAPE_RUN: Any = re.compile(r"(?:%[0-9A-Fa-f]{2})++") if sys.version_info >= (3, 11) else EscapeRuns()
_PERCENT_BEFORE_HEX = re.compile(r"%(?=[0-9A-Fa-f]{2})")
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*:")
_PORT_AFTER_COLON = re.compile(r"[0-9]*(?:[/?#]|\Z)")
_HOST_PORT = re.compile(r"(\[[^\]]*\]|[^:\[\]]*)(?::([0-9]*))?\Z")
_LEADING_TRAILING = "".join(chr(c) for c in range(0x21))  # C0 controls and space

# §4.1 "normal interior escaping": literal syntax characters of each part.
_PATH_SYNTAX = frozenset("?#/")
_QUERY_SYNTAX = frozenset("+#=&")
_DIRECTIVE_SYNTAX = frozenset("&,")
_DIRECTIVE_SEP = FRAGMENT_DIRECTIVE.initiator  # ":~:"

# ASCII escapes that minimal_escape decodes: characters that the WHATWG URL
# parser percent-encodes itself in that component (so decoding them cannot
# change the parsed URL), minus the part's syntax characters. The §4.1 loop
# re-escapes them where needed (space is Hard, '"' Soft, '<' '>' '{' '}' brackets).
_DECODABLE_PATH = frozenset(' "<>`{}')
_DECODABLE_QUERY = frozenset(' "<>')
_DECODABLE_QUERY_SPECIAL = frozenset(" \"<>'")
_DECODABLE_FRAGMENT = frozenset(' "<>`')


def _escaped_bytes(run: re.Match[str]) -> bytes:
    """The bytes of a run of ``%XX`` escapes matched by ``_ESCAPE_RUN``."""
    return bytes.fromhex(run.group().replace("%", ""))


def percent_escape(ch: str) -> str:
    """``percentEscape`` of §4.1: the UTF-8 bytes of ``ch`` as ``%XX`` (uppercase hex)."""
    return "".join(f"%{b:02X}" for b in ch.encode("utf-8", "surrogatepass"))


def _usv(text: str) -> str:
    """Replace lone surrogates by U+FFFD (CHOICE, see the module docstring)."""
    return _SURROGATE.sub("\ufffd", text)


# ---------------------------------------------------------------------------
# §4.1: the minimal escaping loop, shared by both entry points
# ---------------------------------------------------------------------------


def _escape_part(
    text: str,
    part: Part,
    *,
    last: bool,
    table: bytes,
    brackets: Mapping[int, int],
    initiator: str | None = None,
    out: Pieces | list[str],
) -> None:
    """§4.1 step 2 for one part: append ``initiator`` + the minimally escaped ``text`` to ``out``.

    ``text`` is the part's code points ``cp[0..n-1]`` *after* interior escaping
    (it never holds a literal syntax character that is content).
    """
    out.append(part.initiator if initiator is None else initiator)  # step 2.1
    # Memory (issue 9 item 13): ``out`` only grows at Hard characters, and a run of
    # Hard characters is escaped as one piece. ``copied`` is copiedAlready of step
    # 2.2; ``flushed`` is how much of text[:copied] is already in ``out`` — an
    # Include character moves ``copied`` without copying anything yet (the copy of
    # step 2.4.4 happens at the next Hard character or at the end).
    copied = 0  # step 2.2: copiedAlready
    flushed = 0
    hard_from = -1  # start of the current run of Hard characters (escaped when it ends)
    stack: list[int] = []  # step 2.3: openStack
    for i, ch in enumerate(text):  # step 2.4
        cp = ord(ch)
        # Every terminator and ClearStackOpen sequence begins with a syntax character.
        syntax = ch in SYNTAX_START_CHARS
        if syntax and part.terminator_at(text, i) is not None:  # step 2.4.1
            lt = HARD  # step 2.4.1.1
        else:
            lt = table[cp]  # step 2.4.2
        if syntax and part.clear_stack_open_at(text, i) is not None:  # step 2.4.3
            stack.clear()
        if lt == OPEN:  # step 2.4.7
            if len(stack) >= BRACKET_STACK_LIMIT:  # step 2.4.7.1
                lt = HARD
            else:  # step 2.4.7.2
                stack.append(cp)
                lt = INCLUDE
        elif lt == CLOSE:  # step 2.4.8
            # step 2.4.8.1-3: compare with the top of the stack (0 when empty).
            # DEVIATION: pop only on a match; see the module docstring.
            if stack and brackets.get(cp) == stack[-1]:
                stack.pop()
                lt = INCLUDE  # step 2.4.8.2.1
            else:
                lt = HARD  # step 2.4.8.3
        if lt == HARD:  # step 2.4.5
            if hard_from < 0 or hard_from + _HARD_CHUNK <= i or copied != i:
                if hard_from >= 0:
                    _escape_run(out, text, hard_from, flushed)
                out.append(text[flushed:i])  # step 2.4.5.1
                hard_from = i
            copied = flushed = i + 1  # step 2.4.5.2-3 (the escape is written with the run)
            continue
        if hard_from >= 0:
            _escape_run(out, text, hard_from, flushed)
            hard_from = -1
        if lt == INCLUDE:  # step 2.4.4: text[copied:i+1] is kept (copied later)
            copied = i + 1
        else:  # step 2.4.6: Soft — deferred until something follows it
            assert lt == SOFT
    if hard_from >= 0:
        _escape_run(out, text, hard_from, flushed)
    n = len(text)
    if not last or copied == n:  # step 2.5 (and 2.6 with no trailing Soft run)
        out.append(text[flushed:])
    else:  # step 2.6: the trailing run is all Soft; escape its last code point
        out.append(text[flushed : n - 1])  # step 2.6.1
        out.append(percent_escape(text[n - 1]))  # step 2.6.2


#: Hard characters escaped per piece (bounds the temporary strings of one piece).
_HARD_CHUNK = 4096


def _escape_run(out: Pieces | list[str], text: str, start: int, end: int) -> None:
    """Append ``percentEscape`` of every character of ``text[start:end]`` as one piece."""
    if start < end:
        out.append(_percent_chunk(text[start:end]))


@dataclass(frozen=True)
class _Piece:
    """One part ready for §4.1: interior escaping already done."""

    part: Part
    text: str
    initiator: str | None = None  # None: the part's own initiator


def _assemble(prefix: str, pieces: Sequence[_Piece]) -> str:
    """§4.1 steps 1-3: ``prefix`` (scheme, host, port) + every present part."""
    d = derived()
    # Memory (issue 22 item 10): one Pieces for a long URL, joined once.
    out: Pieces | list[str] = Pieces() if sum(len(p.text) for p in pieces) > BIG_TEXT else []
    out.append(prefix)  # step 1 (plus what §4.1 leaves to custom: scheme, host, port)
    for k, piece in enumerate(pieces):  # step 2
        _escape_part(
            piece.text,
            piece.part,
            last=k == len(pieces) - 1,
            table=d.table,
            brackets=d.brackets,
            initiator=piece.initiator,
            out=out,
        )
    return out.join() if isinstance(out, Pieces) else "".join(out)  # step 3


def _to_unicode(host: str) -> str | None:
    """UTS #46 ToUnicode of a non-empty host when it succeeds, else None."""
    if not host:
        return None
    uni, ok = idna_to_unicode(host)
    return uni if ok and uni else None


def _host_for_display(host: str) -> str:
    """UTS #46 ToUnicode of the host when it succeeds, else the host as given (§4.1 intro)."""
    return _to_unicode(host) or host


# ---------------------------------------------------------------------------
# Structure -> text
# ---------------------------------------------------------------------------


def _interior(text: str, syntax: frozenset[str], *, directive_follows: bool = False,
              escape_directive_sep: bool = False) -> str:
    """§4.1's assumed "normal interior escaping" of one piece of literal content.

    * a ``%`` followed by two hex digits is written ``%25`` (a lone ``%`` stays);
    * characters in ``syntax`` are percent-escaped;
    * with ``escape_directive_sep``, the first character of every literal ``:~:`` —
      including one that would only appear once a following ``:~:`` separator is
      appended (``a:~`` + ``:~:``) — is escaped.
    """
    # One regex pass (memory linear in the result, issue 9 item 13): a "%" before two
    # hex digits, a syntax character, or the ":" that starts a literal ":~:" (also one
    # completed by the separator that follows: "…:~" + ":~:").
    alts = [r"%(?=[0-9A-Fa-f]{2})"]
    if syntax:
        alts.append("[" + "".join(re.escape(c) for c in sorted(syntax)) + "]")
    if escape_directive_sep:
        alts.append(r":(?=~:)")
        if directive_follows:
            alts.append(r":(?=~\Z)")
    pattern = _interior_pattern("|".join(alts))
    return pattern.sub(lambda m: "%25" if m.group() == "%" else percent_escape(m.group()), text)


_INTERIOR_PATTERNS: dict[str, re.Pattern[str]] = {}


def _interior_pattern(source: str) -> re.Pattern[str]:
    pat = _INTERIOR_PATTERNS.get(source)
    if pat is None:
        pat = _INTERIOR_PATTERNS.setdefault(source, re.compile(source))
    return pat


def _check_seq(value: object, name: str) -> Sequence[object]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise TypeError(f"{name} must be a sequence (list or tuple), not {type(value).__name__}")
    return value


def _normalize_scheme(scheme: str) -> str:
    """``'HTTPS'``, ``'https:'`` or ``'https://'`` -> ``'https'``."""
    s = scheme
    if s.endswith("//"):
        s = s[:-2]
    if s.endswith(":"):
        s = s[:-1]
    return s.lower()


# RFC 3986 §3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
_RFC3986_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*\Z")
# Schemes whose URL a browser runs as script instead of fetching it from the host:
# "javascript://x/%0Aalert(1)" is a comment line, then code (issue 9 item 8).
_SCRIPT_SCHEMES = frozenset({"javascript", "vbscript", "data"})
# WHATWG URL Standard: forbidden domain code points (C0 controls, space, "%", DEL and
# the forbidden host code points # / : < > ? @ [ \ ] ^ |).
_FORBIDDEN_DOMAIN_CP = re.compile(r"[\x00-\x20%#/:<>?@\[\\\]^|\x7f]")
_IPV4_HOST = re.compile(r"(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])(?:\.(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])){3}\Z")


def _validate_scheme(name: str, given: str) -> None:
    """``ValueError`` unless ``name`` is ``''`` or an RFC 3986 scheme that is not a script scheme."""
    if name and not _RFC3986_SCHEME.match(name):
        raise ValueError(
            f"scheme must match RFC 3986 ALPHA *( ALPHA / DIGIT / '+' / '-' / '.' ), got {given!r}"
        )
    if name in _SCRIPT_SCHEMES:
        raise ValueError(f"scheme {given!r} runs its content as script or a document; not formatted")


def _validate_host(host: str, scheme: str) -> str:
    """The host as shown, or ``ValueError`` when it is not a domain, IPv4 or ``[IPv6]``.

    A domain must pass UTS #46 ToASCII (STD3 rules, Bidi and CONTEXTJ checks), so
    no character that ends a host in a URL (``@ / ? # : \\`` …) can get through
    (issue 9 item 8). An empty host is accepted only for ``file:``.
    """
    if not host:
        if scheme == "file":
            return ""
        raise ValueError("host must not be empty")
    if _IPV4_HOST.match(host):
        return host
    if host.startswith("[") and host.endswith("]"):
        import ipaddress

        try:
            ipaddress.IPv6Address(host[1:-1])
        except ValueError:
            raise ValueError(f"host is not a valid bracketed IPv6 address: {host!r}") from None
        return host.lower()
    _, ok = idna_to_ascii(host)
    uni = _to_unicode(host)
    if ok and uni is not None:
        return uni
    if host.isascii() and not _FORBIDDEN_DOMAIN_CP.search(host):
        # CHOICE: an ASCII host that UTS #46 STD3 rules reject but the WHATWG host
        # parser accepts (``a_b.example``) is kept as given, as before.
        return host
    raise ValueError(f"host is not a valid domain name, IPv4 or [IPv6] address: {host!r}")
    return uni


def format_parts(
    scheme: str,
    host: str,
    path: Sequence[str] = (),
    query: Sequence[tuple[str, str | None]] = (),
    fragment: str | None = None,
    directives: Sequence[str] = (),
    port: int | None = None,
    *,
    raw_invisibles: bool = False,
) -> str:
    """The minimally escaped URL (§4.1) for a URL given as structure.

    All content is literal: ``path=["a/b"]`` is *one* segment ``a/b`` (written
    ``a%2Fb``). ``scheme`` may be ``'https'``, ``'https:'`` or ``'https://'``, or
    ``''`` for a schemeless URL; it is lowercased. ``host`` is shown through
    UTS #46 ToUnicode when that succeeds. A part is written when present: a
    non-empty ``path``/``query`` sequence, a ``fragment`` that is not ``None``,
    or any ``directives`` (which imply the fragment's ``#``). Query pairs are
    ``(key, value)``, with ``value=None`` for a bare key.

    Raises :class:`ValueError` when ``scheme`` is not an RFC 3986 scheme (or is
    ``javascript``, ``vbscript`` or ``data``), or ``host`` is not a valid domain
    name (UTS #46 ToASCII), IPv4 address or bracketed IPv6 address.

    >>> format_parts("https", "xn--bcher-kva.de", ["bücher"])
    'https://bücher.de/bücher'
    >>> format_parts("", "abc.com", ["path1.", "path2."])
    'abc.com/path1./path2%2E'

    Bidi_Control and Default_Ignorable_Code_Point characters are percent-escaped as in
    :func:`minimal_escape`, unless ``raw_invisibles`` (the bare §4.1 result).
    """
    if not isinstance(raw_invisibles, bool):
        raise TypeError(f"raw_invisibles must be a bool, not {type(raw_invisibles).__name__}")
    out = _format_parts(scheme, host, path, query, fragment, directives, port)
    return out if raw_invisibles else escape_invisibles(out)


def _format_parts(
    scheme: str,
    host: str,
    path: Sequence[str],
    query: Sequence[tuple[str, str | None]],
    fragment: str | None,
    directives: Sequence[str],
    port: int | None,
) -> str:
    require_str(scheme, "scheme")
    require_str(host, "host")
    segments = [_usv(require_str(s, "path segment")) for s in _check_seq(path, "path")]
    pairs: list[tuple[str, str | None]] = []
    for pair in _check_seq(query, "query"):
        if not isinstance(pair, tuple) or len(pair) != 2:
            raise TypeError("query must be a sequence of (key, value) tuples")
        key = _usv(require_str(pair[0], "query key"))
        value = None if pair[1] is None else _usv(require_str(pair[1], "query value"))
        pairs.append((key, value))
    if fragment is not None:
        fragment = _usv(require_str(fragment, "fragment"))
    dirs = [_usv(require_str(d, "directive")) for d in _check_seq(directives, "directives")]
    if port is not None and (isinstance(port, bool) or not isinstance(port, int)):
        raise TypeError(f"port must be an int or None, not {type(port).__name__}")
    if port is not None and not 0 <= port <= 65535:
        raise ValueError(f"port must be in 0..65535, got {port}")

    name = _normalize_scheme(_usv(scheme))
    _validate_scheme(name, scheme)
    shown_host = _validate_host(_usv(host), name)
    path_syntax = _PATH_SYNTAX | {"\\"} if (not name or name in SPECIAL_SCHEMES) else _PATH_SYNTAX
    pieces: list[_Piece] = []
    if segments:  # Path: literal [?#/] escaped (plus "\\", see the module docstring)
        pieces.append(_Piece(PATH, "/".join(_interior(s, path_syntax) for s in segments)))
    if pairs:  # Query: literal [+#=&] escaped
        pieces.append(
            _Piece(
                QUERY,
                "&".join(
                    _interior(k, _QUERY_SYNTAX)
                    + ("" if v is None else "=" + _interior(v, _QUERY_SYNTAX))
                    for k, v in pairs
                ),
            )
        )
    if fragment is not None or dirs:  # Fragment: first char of a literal ":~:" escaped
        pieces.append(
            _Piece(
                FRAGMENT,
                _interior(
                    fragment or "", frozenset(), directive_follows=bool(dirs),
                    escape_directive_sep=True,
                ),
            )
        )
    for k, d in enumerate(dirs):  # Fragment directive: [&,] and a literal ":~:" escaped
        pieces.append(
            _Piece(
                FRAGMENT_DIRECTIVE,
                _interior(
                    d, _DIRECTIVE_SYNTAX, directive_follows=k < len(dirs) - 1,
                    escape_directive_sep=True,
                ),
            )
        )
    prefix = (f"{name}://" if name else "") + shown_host
    if port is not None:
        prefix += f":{port}"
    return _assemble(prefix, pieces)


# ---------------------------------------------------------------------------
# Text -> parts
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class _Split:
    """A URL string cut at its syntax characters; every field is raw text."""

    scheme: str | None  # without ":"; None when schemeless
    slashes: bool  # "//" before the authority
    opaque: bool  # "scheme:opaque-path" (mailto:, tel:, …): no authority
    userinfo: str | None
    host: str
    port: str | None  # the digits after ":"; None when there is no ":"
    path: str | None  # after the initial "/" (the whole opaque path when opaque)
    query: str | None
    fragment: str | None  # before the first ":~:"
    directives: tuple[str, ...]


_LEADING = re.compile(f"[{re.escape(_LEADING_TRAILING)}]*")


def _split(url: str, *, head_only: bool = False) -> _Split:
    """Cut ``url`` into its parts, without decoding anything.

    Each part is sliced from ``url`` once (memory, issue 22 item 10). ``head_only``: the
    path, query, fragment and directives are left out (``None`` and ``()``).
    """
    # as the WHATWG URL parser does: C0 controls and space stripped at both ends
    lo = _LEADING.match(url).end()
    hi = len(url)
    if hi > lo and url[hi - 1] <= " ":
        hi = len(url.rstrip(_LEADING_TRAILING))
    scheme: str | None = None
    slashes = opaque = False
    p = lo  # the rest: url[p:end]
    m = _SCHEME.match(url, lo, hi)
    if m and url.startswith("//", m.end(), hi):
        scheme, p, slashes = url[lo : m.end() - 1], m.end() + 2, True
    elif m and not _PORT_AFTER_COLON.match(url, m.end(), hi):
        scheme, p, opaque = url[lo : m.end() - 1], m.end(), True
    elif url.startswith("//", lo, hi):
        p, slashes = lo + 2, True

    end = hi
    fragment: str | None = None
    directives: tuple[str, ...] = ()
    hash_at = url.find("#", p, hi)
    if hash_at >= 0:
        end = hash_at
        if not head_only:  # url[hash_at + 1 : hi].split(_DIRECTIVE_SEP), a piece at a time
            pieces: list[str] = []
            k = hash_at + 1
            while True:
                sep = url.find(_DIRECTIVE_SEP, k, hi)
                if sep < 0:
                    pieces.append(url[k:hi])
                    break
                pieces.append(url[k:sep])
                k = sep + len(_DIRECTIVE_SEP)
            fragment, directives = pieces[0], tuple(pieces[1:])
    query: str | None = None
    q_at = url.find("?", p, end)
    if q_at >= 0:
        if not head_only:
            query = url[q_at + 1 : end]
        end = q_at

    userinfo: str | None = None
    host, port, path = "", None, None
    if opaque:
        path = None if head_only else url[p:end]
    else:
        slash = url.find("/", p, end)
        a_end = end
        if slash >= 0:
            a_end = slash
            path = None if head_only else url[slash + 1 : end]
        at = url.rfind("@", p, a_end)
        a_start = p
        if at >= 0:
            userinfo, a_start = url[p:at], at + 1
        authority = url[a_start:a_end]
        hp = _HOST_PORT.match(authority)
        if hp:
            host, port = hp.group(1), hp.group(2)
            if port is None and authority.endswith(":"):
                port = ""
        else:
            host = authority  # not host[:port]; kept verbatim
    return _Split(scheme, slashes, opaque, userinfo, host, port, path, query, fragment, directives)


def _upper_hex(text: str) -> str:
    return _ESCAPE_RUN.sub(lambda m: m.group().upper(), text)


def _all_escapes_utf8(texts: Iterable[str | None]) -> bool:
    """Whether every run of ``%XX`` escapes in ``texts`` is well-formed UTF-8 (§4.1 intro)."""
    for text in texts:
        if not text:
            continue
        for m in _ESCAPE_RUN.finditer(text):
            try:
                _escaped_bytes(m).decode("utf-8")
            except UnicodeDecodeError:
                return False
    return True


def _decode(text: str, decodable: frozenset[str], *, legacy: bool) -> str:
    """Undo the escapes of ``text`` that are safe to undo; normalise the rest to uppercase.

    Non-ASCII characters are decoded (unless ``legacy``); an ASCII escape only
    when its character is in ``decodable``.
    """
    if legacy:  # §4.1 intro: keep each non-ASCII byte escaped
        return _upper_hex(text)

    keep_escaped = _ascii_kept_escaped(decodable)

    def one_run(m: re.Match[str]) -> str:
        chars = _escaped_bytes(m).decode("utf-8")
        # ASCII characters outside ``decodable`` are escaped again, a run at a time.
        return keep_escaped.sub(
            lambda a: "%" + a.group().encode("ascii").hex("%").upper(), chars
        )

    return _ESCAPE_RUN.sub(one_run, text)


_KEPT_ESCAPED: dict[frozenset[str], re.Pattern[str]] = {}


def _ascii_kept_escaped(decodable: frozenset[str]) -> re.Pattern[str]:
    """Runs of ASCII characters not in ``decodable``."""
    pat = _KEPT_ESCAPED.get(decodable)
    if pat is None:
        chars = "".join(re.escape(chr(c)) for c in range(0x80) if chr(c) not in decodable)
        pat = _KEPT_ESCAPED.setdefault(decodable, re.compile(f"[{chars}]+"))
    return pat


def minimal_escape(url: str, *, legacy_encoding: bool = False, raw_invisibles: bool = False) -> str:
    """The minimally escaped form (§4, §4.1) of a URL given as text.

    ``url`` may be fully percent-escaped, partly escaped or raw Unicode, with a
    scheme (``https://…``) or schemeless (``abc.com/path``). The result means the
    same URL (same scheme, host after IDNA, port, path segments, query pairs,
    fragment and fragment directives) and ``minimal_escape`` of it is itself.

    * Percent-escapes that form UTF-8 non-ASCII characters are decoded, unless
      some escaped bytes are not valid UTF-8 or ``legacy_encoding`` is true;
      then every escape stays (hex is uppercased).
    * ASCII escapes stay escaped, except those of characters a browser would
      escape again by itself in that part (space ``"`` ``<`` ``>``, and ``` ` ```
      ``{`` ``}`` in a path, ``'`` in the query of a special scheme); literal
      syntax characters (``/ ? # & = + %`` …) are never decoded.
    * The host is shown through UTS #46 ToUnicode when that succeeds, else as
      given; the scheme is lowercased; userinfo and port are kept.
    * Lone surrogates become U+FFFD (see the module docstring).
    * Bidi_Control and Default_Ignorable_Code_Point characters are percent-escaped
      (:func:`escape_invisibles`, the rule of ``Link.display``; emoji ZWJ/variation/tag
      sequences and IDNA CONTEXTJ joiners stay raw), as §8 says the minimal escaping
      does for Bidi_Control: a raw U+202E would reorder what people read (issue 22
      item 5). ``raw_invisibles=True`` gives the bare §4.1 result, which leaves them raw
      (§6.1 makes these Cf characters Include); see conformance/NOTES.md.

    >>> minimal_escape("http://a.com/%E2%80%AEgpj.exe")
    'http://a.com/%E2%80%AEgpj.exe'
    >>> minimal_escape("http://a.com/%E2%80%AEgpj.exe", raw_invisibles=True)
    'http://a.com/\u202egpj.exe'

    >>> minimal_escape("https://xn--bcher-kva.de/b%C3%BCcher")
    'https://bücher.de/bücher'
    >>> minimal_escape("abc.com/path1./path2.")
    'abc.com/path1./path2%2E'
    """
    require_str(url, "url")
    if not isinstance(legacy_encoding, bool):
        raise TypeError(f"legacy_encoding must be a bool, not {type(legacy_encoding).__name__}")
    if not isinstance(raw_invisibles, bool):
        raise TypeError(f"raw_invisibles must be a bool, not {type(raw_invisibles).__name__}")
    out = _minimal(url, legacy_encoding=legacy_encoding)
    return out if raw_invisibles else escape_invisibles(out)


def _minimal(url: str, *, legacy_encoding: bool = False, ascii_host: bool = False) -> str:
    """:func:`minimal_escape`; with ``ascii_host``, the host through ToASCII (Punycode)."""
    sp = _split(_usv(url))
    legacy = legacy_encoding or not _all_escapes_utf8(
        (sp.path, sp.query, sp.fragment, *sp.directives)
    )
    special = sp.scheme is None or sp.scheme.lower() in SPECIAL_SCHEMES

    pieces: list[_Piece] = []
    if sp.path is not None:
        pieces.append(
            _Piece(PATH, _decode(sp.path, _DECODABLE_PATH, legacy=legacy),
                   initiator="" if sp.opaque else None)
        )
    if sp.query is not None:
        q_set = _DECODABLE_QUERY_SPECIAL if special else _DECODABLE_QUERY
        pieces.append(_Piece(QUERY, _decode(sp.query, q_set, legacy=legacy)))
    if sp.fragment is not None:
        pieces.append(_Piece(FRAGMENT, _decode(sp.fragment, _DECODABLE_FRAGMENT, legacy=legacy)))
    for d in sp.directives:
        pieces.append(_Piece(FRAGMENT_DIRECTIVE, _decode(d, _DECODABLE_FRAGMENT, legacy=legacy)))
    if len(url) > BIG_TEXT:  # the raw parts are not held while a long result is built
        sp = _Split(sp.scheme, sp.slashes, sp.opaque, sp.userinfo, sp.host, sp.port, None, None, None, ())

    def build(host: str) -> str:
        prefix = ""
        if sp.scheme is not None:
            prefix = sp.scheme.lower() + ":"
        if sp.slashes:
            prefix += "//"
        if sp.userinfo is not None:
            prefix += _upper_hex(sp.userinfo) + "@"
        prefix += host
        if sp.port is not None:
            prefix += ":" + sp.port
        return _assemble(prefix, pieces)

    shown = _display_host(sp.host)
    if ascii_host or (shown != sp.host and _display_patterns().invisible.search(shown)):
        # Punycode for display: asked for (a confusable host), or the Unicode host
        # holds a character that display must not show raw (issue 9 item 2).
        shown = _ascii_display_host(sp.host)
    out = build(shown)
    if shown != sp.host:
        # The Unicode host must not change how the string splits: ToUnicode maps
        # "ＨＴＴＰＳ" or "\u200bhttps" to "https", and "ＨＴＴＰＳ://x.de" would become
        # an absolute URL (issue 9 item 10). Then the host stays as given, which is
        # what the next call sees too (idempotence).
        again = _split(out, head_only=True)
        if (again.scheme, again.slashes, again.opaque, again.userinfo, again.host, again.port) != (
            None if sp.scheme is None else sp.scheme.lower(), sp.slashes, sp.opaque,
            None if sp.userinfo is None else _upper_hex(sp.userinfo), shown, sp.port,
        ):
            out = build(_upper_hex(sp.host))
    return out


def _decoded_host(raw: str) -> str:
    if "%" in raw and _all_escapes_utf8((raw,)):
        return _ESCAPE_RUN.sub(lambda m: _escaped_bytes(m).decode("utf-8"), raw)
    return raw


def _display_host(raw: str) -> str:
    """A host from a URL string: percent-decoded and ToUnicode'd when both succeed."""
    return _to_unicode(_decoded_host(raw)) or _upper_hex(raw)


def _ascii_display_host(raw: str) -> str:
    """A host from a URL string: percent-decoded and ToASCII'd (Punycode) when both succeed."""
    host = _decoded_host(raw)
    if host:
        out, ok = idna_to_ascii(host)
        if ok and out:
            return out
    return _upper_hex(raw)


# ---------------------------------------------------------------------------
# Link.display: what people see (§4 goal 3, §8 display ordering)
# ---------------------------------------------------------------------------


class _DisplayPatterns:
    def __init__(self) -> None:
        from .._icu import unicode_set_ranges
        from .properties import regex_class

        def cls(pattern: str) -> re.Pattern[str]:
            return re.compile(regex_class(unicode_set_ranges(pattern)))

        #: Characters never shown raw, except in the sequences of :func:`_keep_invisible`.
        self.invisible = cls(r"[\p{Bidi_Control}\p{Default_Ignorable_Code_Point}]")
        # One pass: runs of characters that are always escaped, or one that may be kept.
        maybe = r"[\u200C\u200D\uFE0E\uFE0F\U000E0020-\U000E007F]"
        always = regex_class(unicode_set_ranges(
            r"[[\p{Bidi_Control}\p{Default_Ignorable_Code_Point}]-" + maybe + "]"
        ))
        self.runs = re.compile(f"(?P<run>{always}+)|(?P<maybe>{maybe})")
        self.pictographic = cls(r"[\p{Extended_Pictographic}]")
        self.emoji = cls(r"[\p{Emoji}]")
        self.modifier = cls(r"[\p{Emoji_Modifier}\uFE0F]")
        self.virama = cls(r"[\p{Canonical_Combining_Class=Virama}]")
        self.join_left = cls(r"[\p{Joining_Type=Dual_Joining}\p{Joining_Type=Left_Joining}]")
        self.join_right = cls(r"[\p{Joining_Type=Dual_Joining}\p{Joining_Type=Right_Joining}]")
        self.transparent = cls(r"[\p{Joining_Type=Transparent}]")


_DISPLAY_PATTERNS: list[_DisplayPatterns] = []


def _display_patterns() -> _DisplayPatterns:
    if not _DISPLAY_PATTERNS:
        _DISPLAY_PATTERNS.append(_DisplayPatterns())
    return _DISPLAY_PATTERNS[0]


_ZWNJ, _ZWJ = "\u200c", "\u200d"
_TAG_BASE = "\U0001F3F4"  # WAVING BLACK FLAG, the base of emoji tag sequences
_MAX_TAG_RUN = 32  # an emoji tag sequence is a few tags long; bounds the backward look


def _keep_invisible(text: str, i: int) -> bool:
    """Whether the default-ignorable ``text[i]`` is part of a sequence that shows as one glyph.

    CHOICE (conformance/NOTES.md, "Security (issue 9)"): kept raw are a ZWJ inside an
    emoji ZWJ sequence; VS15/VS16 after an Emoji character; the tags of an emoji tag
    sequence (flag of a subdivision); and ZWJ/ZWNJ in the IDNA CONTEXTJ contexts
    (after a virama; ZWNJ between joining letters). Bidi_Control characters and every
    other default-ignorable character (ZWSP, word joiner, BOM, soft hyphen, Hangul
    fillers, other variation selectors, …) are escaped.
    """
    p = _display_patterns()
    ch = text[i]
    prev = text[i - 1] if i else ""
    nxt = text[i + 1] if i + 1 < len(text) else ""
    if ch in (_ZWJ, _ZWNJ):
        if prev and p.virama.match(prev):
            return True
        if ch == _ZWJ:
            j = i - 1
            while j > 0 and p.modifier.match(text[j]):
                j -= 1
            return j >= 0 and bool(p.pictographic.match(text[j])) and bool(nxt) and bool(
                p.pictographic.match(nxt)
            )
        j, k = i - 1, i + 1
        while j >= 0 and p.transparent.match(text[j]):
            j -= 1
        while k < len(text) and p.transparent.match(text[k]):
            k += 1
        return j >= 0 and k < len(text) and bool(p.join_left.match(text[j])) and bool(
            p.join_right.match(text[k])
        )
    if ch in "\ufe0e\ufe0f":
        return bool(prev) and bool(p.emoji.match(prev)) and not p.invisible.match(prev)
    if "\U000E0020" <= ch <= "\U000E007F":
        j = i - 1
        while j >= 0 and i - j <= _MAX_TAG_RUN and "\U000E0020" <= text[j] <= "\U000E007E":
            j -= 1
        return j >= 0 and text[j] == _TAG_BASE
    return False


def escape_invisibles(shown: str, *, strict: bool = False) -> str:
    """``shown`` with every Bidi_Control and Default_Ignorable_Code_Point character
    percent-escaped (§4.1 ``percentEscape``), so none is ever shown raw (§8).

    Unless ``strict``, characters inside an emoji ZWJ, variation or tag sequence, and
    ZWJ/ZWNJ where IDNA's CONTEXTJ rules allow them, stay raw (see
    :func:`_keep_invisible`). In a Path, Query or Fragment an escape means the same
    URL as the raw character.
    """
    p = _display_patterns()
    if not p.invisible.search(shown):
        return shown

    out: Pieces | list[str] = Pieces() if len(shown) > BIG_TEXT else []
    done = 0
    for m in p.runs.finditer(shown):
        start, end = m.span()
        if not strict and m.lastgroup == "maybe" and _keep_invisible(shown, start):
            continue
        out.append(shown[done:start])
        for k in range(start, end, _HARD_CHUNK):  # pieces of bounded size (memory)
            out.append(_percent_chunk(shown[k : min(k + _HARD_CHUNK, end)]))
        done = end
    out.append(shown[done:])
    return out.join() if isinstance(out, Pieces) else "".join(out)


def _percent_chunk(s: str) -> str:
    """``percentEscape`` of every character of ``s``."""
    return "%" + s.encode("utf-8", "surrogatepass").hex("%").upper()


def link_display(text: str, kind: str, *, ascii_host: bool = False, strict: bool = False) -> str:
    """What :attr:`Link.display <uts58_icu.core.detection.Link.display>` shows for a link.

    A URL is minimally escaped (§4.1) with its host through ToUnicode, an email
    minimally quoted (§5.3); then :func:`escape_invisibles`. The host is shown in
    Punycode (ToASCII) when ``ascii_host`` is true (browser-style IDN display of a
    host confusable with an ASCII one) or when its Unicode form holds a character
    that must not be shown raw.
    """
    if kind == "email":
        shown = _format_email(text, ascii_domain=ascii_host)
    else:
        shown = _minimal(text, ascii_host=ascii_host)
    return escape_invisibles(shown, strict=strict)


def decode_for_checks(text: str) -> str:
    """``text`` with every ``%XX`` run decoded (invalid UTF-8 bytes as lone surrogates):
    what a display or a browser may show, for §8 checks (issue 9 item 2)."""
    return _unescape_all(text) if "%" in text else text


# ---------------------------------------------------------------------------
# Text -> structure (meaning), for checks and tests
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class UrlParts:
    """A URL as structure, with every escape decoded: what a URL *means*.

    Absent parts are empty (``path``, ``query``, ``directives``) or ``None``
    (``fragment``, ``port``); the fields are the arguments of :func:`format_parts`.
    """

    scheme: str
    host: str
    path: tuple[str, ...] = ()
    query: tuple[tuple[str, str | None], ...] = ()
    fragment: str | None = None
    directives: tuple[str, ...] = ()
    port: int | None = None


def _unescape_all(text: str) -> str:
    """Decode every ``%XX``; bytes that are not UTF-8 become lone surrogates (surrogateescape)."""
    return _ESCAPE_RUN.sub(
        lambda m: _escaped_bytes(m).decode("utf-8", "surrogateescape"),
        text,
    )


def parse_url(url: str) -> UrlParts:
    """Split ``url`` at its literal syntax characters and decode every part.

    Two URL strings with equal :func:`parse_url` results mean the same URL in
    the sense of §4 (an escaped ``%2F`` in a segment is content, a literal ``/``
    separates segments). The host is percent-decoded and, when ToUnicode
    succeeds, normalised by it; the scheme is lowercased.

    >>> parse_url("https://example.com/a%2Fb/c?k=v&x#f:~:text=t")
    UrlParts(scheme='https', host='example.com', path=('a/b', 'c'), query=(('k', 'v'), ('x', None)), fragment='f', directives=('text=t',), port=None)
    """
    require_str(url, "url")
    sp = _split(_usv(url))
    host = _unescape_all(sp.host)
    uni, ok = idna_to_unicode(host) if host else (host, False)
    pairs: list[tuple[str, str | None]] = []
    if sp.query is not None:
        for item in sp.query.split("&"):
            k, eq, v = item.partition("=")
            pairs.append((_unescape_all(k), _unescape_all(v) if eq else None))
    port = int(sp.port) if sp.port else None
    return UrlParts(
        scheme=(sp.scheme or "").lower(),
        host=uni if ok else host,
        path=() if sp.path is None else tuple(_unescape_all(s) for s in sp.path.split("/")),
        query=tuple(pairs),
        fragment=None if sp.fragment is None else _unescape_all(sp.fragment),
        directives=tuple(_unescape_all(d) for d in sp.directives),
        port=port,
    )


def format_url_parts(parts: UrlParts, *, raw_invisibles: bool = False) -> str:
    """:func:`format_parts` of a :class:`UrlParts`."""
    return format_parts(
        parts.scheme, parts.host, parts.path, parts.query, parts.fragment, parts.directives,
        parts.port, raw_invisibles=raw_invisibles,
    )


# ---------------------------------------------------------------------------
# §5.3 Email minimal quoting
# ---------------------------------------------------------------------------


def _dot_atom_ok(local: str) -> bool:
    """The dot rules of §5.2: no leading or trailing ".", no ".."."""
    return bool(local) and not local.startswith(".") and not local.endswith(".") and ".." not in local


def _unquote_local(local: str) -> str:
    """The content of an already quoted local part (quoted-pairs undone)."""
    out: list[str] = []
    i = 1
    while i < len(local) - 1:
        if local[i] == "\\" and i + 1 < len(local) - 1:
            i += 1
        out.append(local[i])
        i += 1
    return "".join(out)


def format_email(address: str) -> str:
    """Minimal quoting of an email address (§5.3); the domain through ToUnicode.

    The local part is left as is when all its characters are Link_Email and it
    is a valid dot-atom; otherwise it is enclosed in ``"…"``, with a backslash
    before ``"`` and ``\\``. A local part given already quoted is unquoted first,
    so the result is minimal. A ``mailto:`` prefix is kept.

    Raises :class:`ValueError` when there is no ``@``, the local part is empty,
    or it holds characters that cannot be quoted (RFC 5321/6531 ``qtextSMTP``
    and ``quoted-pairSMTP`` allow only printable ASCII, space and non-ASCII).

    >>> format_email("john doe@xn--bcher-kva.de")
    '"john doe"@bücher.de'
    >>> format_email("σωκράτης@example.om")
    'σωκράτης@example.om'
    """
    require_str(address, "address")
    return _format_email(address)


def _format_email(address: str, *, ascii_domain: bool = False) -> str:
    """:func:`format_email`; with ``ascii_domain`` (or a domain whose Unicode form holds
    a character display must not show raw), the domain in Punycode."""
    if _SURROGATE.search(address):
        raise ValueError("address holds a lone surrogate")
    prefix = ""
    if address[:7].lower() == "mailto:":
        prefix, address = address[:7], address[7:]
    at = address.rfind("@")
    if at < 0:
        raise ValueError(f"not an email address (no '@'): {address!r}")
    local, domain = address[:at], address[at + 1 :]
    if len(local) >= 2 and local.startswith('"') and local.endswith('"'):
        local = _unquote_local(local)
    if not local:
        raise ValueError(f"empty local part: {address!r}")
    bad = [ch for ch in local if ord(ch) < 0x20 or ord(ch) == 0x7F]
    if bad:
        raise ValueError(f"local part holds characters that cannot be quoted: {bad!r}")
    if all(link_email(ch) for ch in local) and _dot_atom_ok(local):
        shown = local
    else:  # §5.3: the entire local part in quotation marks, "\" before '"' and '\'
        shown = '"' + local.replace("\\", "\\\\").replace('"', '\\"') + '"'
    shown_domain = _host_for_display(domain)
    if ascii_domain or _display_patterns().invisible.search(shown_domain):
        shown_domain = _ascii_display_host(domain)
    return f"{prefix}{shown}@{shown_domain}"
