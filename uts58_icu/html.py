"""Linkify HTML: add ``<a>`` elements around the links in its text nodes, change nothing else.

``pip install 'uts58-icu[html]'`` (the parser is turbohtml's WHATWG tokenizer).

>>> from uts58_icu.html import linkify
>>> linkify('<p class=x>see example.com/?a=1&amp;b=2 now</p>')
'<p class=x>see <a href="https://example.com/?a=1&amp;b=2" rel="nofollow">example.com/?a=1&amp;b=2</a> now</p>'

How it works (see ``docs/html.md``): the input is tokenized by a WHATWG HTML
tokenizer that reports where each token starts; the output is built from slices of
the input itself, with the new ``<a …>…</a>`` inserted, so everything outside the
inserted links is the input, byte for byte — nothing is re-serialized. Links are
detected with :func:`uts58_icu.find_links` on the *decoded* text of each run of text
(character references resolved) and are inserted only where both ends of the link
fall on the edges of a character reference or inside literal text.

Text is never linked inside ``a``, ``script``, ``style``, ``textarea``, ``title``,
the other raw-text elements (``xmp``, ``iframe``, ``noembed``, ``noframes``,
``noscript``, ``plaintext``), ``svg`` or ``math`` — nor inside ``pre`` and ``code``,
which is the default of ``skip_tags``. Attributes are never touched, unless
:class:`Linker` is given an ``existing_links`` hook (the bleach adapter's way to run
bleach's callbacks on the links already in the input; see :data:`ExistingLinkHook`).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from functools import lru_cache
from collections.abc import Callable, Collection, Iterable, Iterator
from typing import Any

from ._args import require_str
from .core._classes import LABEL_SEPARATORS, patterns
from .core.detection import Link
from .linkification.apply import find_links, iter_links
from .linkification.policy import DEFAULT_POLICY, LinkPolicy, resolve_policy

__all__ = [
    "ALWAYS_SKIPPED",
    "DEFAULT_CALLBACKS",
    "DEFAULT_SKIP_TAGS",
    "Callback",
    "ExistingLinkHook",
    "Linker",
    "linkify",
    "nofollow",
    "target_blank",
    "unsafe_href",
]

#: A callback gets the new link's attributes — ``{"href": …, "_text": …}`` plus what
#: earlier callbacks added (``rel``, ``target`` …; ``_text`` is the visible text,
#: decoded) — and the :class:`~uts58_icu.Link`. It returns the attributes to use
#: (the same dict changed, or a new one), or ``None`` to leave the text unlinked.
Callback = Callable[[dict[str, str], Link], "dict[str, str] | None"]

#: Called for each ``<a>`` element already in the input with its attributes (names
#: lower-case, values decoded, first of duplicates) plus ``"_text"``, the element's
#: decoded text. Returns the attributes to write (the start tag is kept byte for byte
#: when they are unchanged; a changed ``"_text"`` replaces the element's content), or
#: ``None`` to unlink: the ``<a>`` start and end tags are dropped, the content stays.
ExistingLinkHook = Callable[[dict[str, str]], "dict[str, str] | None"]

#: Elements whose content is never linked, whatever ``skip_tags`` says: links
#: (``a``), raw text and RCDATA elements, where an ``<a>`` would be text, and foreign
#: content (``svg``, ``math``), where it would not be an HTML link.
ALWAYS_SKIPPED: frozenset[str] = frozenset(
    {"a", "script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes",
     "noscript", "plaintext", "svg", "math"}
)
#: The default ``skip_tags``: code is not prose.
DEFAULT_SKIP_TAGS: frozenset[str] = frozenset({"pre", "code"})

_UNSAFE_SCHEMES = ("javascript:", "data:", "vbscript:")
# What browsers strip before reading a URL's scheme (WHATWG URL: leading C0 controls and
# spaces, and every ASCII tab or newline anywhere).
_URL_STRIP = re.compile(r"[\t\n\r]")
_ATTR_NAME = re.compile(r"[A-Za-z_:][-A-Za-z0-9_:.]*\Z")


def unsafe_href(href: str) -> bool:
    """Whether a browser would read ``href`` as a ``javascript:``, ``data:`` or ``vbscript:`` URL."""
    cleaned = _URL_STRIP.sub("", href).lstrip("".join(map(chr, range(0x21)))).lower()
    return cleaned.startswith(_UNSAFE_SCHEMES)


def _is_mailto(attrs: dict[str, str]) -> bool:
    return attrs.get("href", "").lower().startswith("mailto:")


def nofollow(attrs: dict[str, str], link: Link) -> dict[str, str]:
    """Add ``nofollow`` to ``rel`` (not on ``mailto:`` links, as bleach)."""
    if _is_mailto(attrs):
        return attrs
    rel = attrs.get("rel", "").split()
    if "nofollow" not in rel:
        rel.append("nofollow")
    attrs["rel"] = " ".join(rel)
    return attrs


def target_blank(attrs: dict[str, str], link: Link) -> dict[str, str]:
    """Set ``target="_blank"`` (not on ``mailto:`` links, as bleach)."""
    if not _is_mailto(attrs):
        attrs["target"] = "_blank"
    return attrs


DEFAULT_CALLBACKS: tuple[Callback, ...] = (nofollow,)


def _escape_attr(value: str) -> str:
    # chained replace: several times faster than str.translate on long values
    return _escape_text(value).replace('"', "&quot;")


def _escape_text(value: str) -> str:
    return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\xa0", "&nbsp;")


def _tokenizer() -> Any:
    try:
        import turbohtml
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise ImportError(
            "uts58_icu.html needs an HTML parser: pip install 'uts58-icu[html]' "
            "(turbohtml, which needs Python 3.11 or later)"
        ) from exc
    return turbohtml


_TEXT, _REF, _START, _END, _OTHER = range(5)
#: How many times the gaps between new links are scanned again (see ``Linker._flush``).
_MAX_RESCANS = 16
#: Output pieces joined at a time (see ``_Output``).
_JOIN_EVERY = 512
#: A run of text longer than this (code points) is linked lazily: its links are found
#: with :func:`~uts58_icu.iter_links` and its output is written in chunks as they come.
_LONG_RUN = 1 << 16
#: Every link holds one of these: the ``:`` of a scheme, the ``@`` of an address or a
#: label separator between a host and its top-level domain (UTS #58 links nothing
#: else; tests/test_html_speed.py checks it on the corpora); text without any is not
#: scanned.
_MAY_LINK = re.compile("[:@" + re.escape(LABEL_SEPARATORS) + "]")
#: Whether a policy's scan of a short text is preceded by the base scan (see Linker).
_BASE_FIRST = True
#: Hrefs that :func:`unsafe_href` never refuses (the detector's own schemes).
_SAFE_HREFS = ("https://", "http://", "mailto:")
# A dropped token (WHATWG: "</>" is a parse error and emits nothing) would make the
# tokenizer join the text on both sides; spaces of the same length keep offsets 1:1.
_EMPTY_END_TAG = re.compile(r"</>")
#: WHATWG void elements: a start tag and no content, never an end tag.
_VOID_ELEMENTS: frozenset[str] = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "keygen", "link", "meta",
     "param", "source", "track", "wbr"}
)
#: WHATWG "has an element in scope" boundaries (HTML namespace) that can be opened inside
#: an ``a``: while one is open, ``</a>`` does not close the ``a`` (the parser ignores it,
#: and text there, foster-parented or not, is still inside the link). ``select`` ignores
#: ``</a>`` too.
_A_SCOPE_BOUNDARIES: frozenset[str] = frozenset(
    {"applet", "caption", "marquee", "object", "select", "table", "td", "template", "th"}
)


#: Start tags that take the WHATWG tokenizer out of the data state (RAWTEXT, RCDATA,
#: script data, PLAINTEXT) — but only for an HTML element: inside ``svg`` or ``math``
#: the same names are foreign elements whose content is markup, the "in select" and
#: frameset insertion modes may ignore them, and ``noscript`` is markup when scripting
#: is off (``DOMParser``, sanitizers). The tokenizer here always switches.
_RAW_TEXT_ELEMENTS: frozenset[str] = frozenset(
    {"script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "noscript", "plaintext"}
)
_FOREIGN_ROOTS: frozenset[str] = frozenset({"svg", "math"})
#: SVG and MathML elements whose content takes HTML start tags (WHATWG HTML and MathML
#: text integration points; ``annotation-xml`` whatever its encoding).
_INTEGRATION_POINTS: frozenset[str] = frozenset(
    {"foreignobject", "desc", "title", "annotation-xml", "mi", "mo", "mn", "ms", "mtext"}
)
#: Tags whose elements, parsed inside ``noscript`` with scripting off, open no foreign,
#: table, link or template context; raw-text ones are read as the tokenizer here reads
#: them (``<noscript><iframe src=…></iframe></noscript>`` is common) and must end inside.
_NOSCRIPT_TAGS: frozenset[str] = _VOID_ELEMENTS | frozenset(
    {"p", "div", "span", "b", "i", "em", "strong", "small", "u", "s", "center", "font",
     "h1", "h2", "h3", "h4", "h5", "h6", "iframe", "style", "script", "xmp", "textarea", "title",
     "noembed", "noframes"}
)  # fmt: skip
#: Start tags of table structure: text right inside them is foster-parented.
_TABLE_SECTIONS: frozenset[str] = frozenset({"tbody", "thead", "tfoot", "tr", "colgroup", "col"})
_TABLE_CELLS: frozenset[str] = frozenset({"td", "th", "caption"})
_TABLE_TAGS: frozenset[str] = _TABLE_SECTIONS | _TABLE_CELLS | {"table", "template"}
#: Tags that change what ``Linker._chunks`` tracks outside svg, math and raw text.
_WATCHED_TAGS: frozenset[str] = _TABLE_TAGS | _RAW_TEXT_ELEMENTS | {"select", "frameset"}
#: Start tags that leave a template's contents in the "in template" insertion mode
#: (processed by the "in head" rules).
_TEMPLATE_KEEPS_MODE: frozenset[str] = frozenset(
    {"base", "basefont", "bgsound", "link", "meta", "noframes", "script", "style", "template", "title"}
)
# What "in table text" treats as whitespace (ASCII whitespace; NUL is dropped there, and
# U+FFFD stands for a NUL in the tokenized text).
_TABLE_WHITESPACE = " \t\n\x0c\r\x00\ufffd"


#: Whether Linker.linkify uses the compiled driver (``html.c``) where it covers the call
#: (tests turn it off to compare both drivers).
_USE_COMPILED = True
_MODE_BASE, _MODE_GATE, _MODE_PYTHON = range(3)


def _compiled_driver() -> Callable[[str, str | None, tuple[Any, ...]], Any] | None:
    """``html_linkify(html, src, context)`` of the compiled core (``html.c``), or None on the pure path.

    It returns the linked document, or None where the Python driver decides; with
    ``src=None`` (the document is its own tokenizer input), NotImplemented where it is
    not (a CR, a NUL or ``"</>"``): then ``src`` is :func:`_tokenizer_input`'s."""
    from .core import _accel

    if _accel._SPEEDUPS is None:
        return None
    return getattr(_accel._configured(_accel._SPEEDUPS), "html_linkify", None)


class Misaligned(Exception):
    """The tokenizer's positions do not match the input (never expected; see _tokens)."""


def _tokens(html: str) -> Iterator[tuple[int, int, int, str, str, bool]]:
    """(kind, start, end, decoded text, lower-case tag name, self-closing) for each token of ``html``.

    ``html[start:end]`` is the token's source. Tokens the tokenizer drops (an end tag
    without a name, a tag cut off by the end of the input) leave gaps.
    """
    thtml = _tokenizer()
    src = _tokenizer_input(html)
    kinds = _token_kinds(thtml)
    startswith = src.startswith
    find = src.find
    # The token's (line, column) read against the input: the start of line ``line`` is
    # found by walking forward from the previous token's line, once per newline, so the
    # work is linear and nothing is allocated per line.
    line, line_start = 1, 0
    last = 0
    for tok in thtml.tokenize(src, capture_source=True, resolve_references=False):
        kind = kinds.get(tok.type, _OTHER)
        raw = tok.data if kind == _TEXT else tok.source
        tok_line = tok.line
        if raw is None or tok_line < line:
            raise Misaligned(f"token without source or line at line {tok_line}")
        while line < tok_line:
            nl = find("\n", line_start)
            if nl == -1:
                raise Misaligned(f"token at line {tok_line}, after the last line")
            line_start = nl + 1
            line += 1
        start = line_start + tok.col
        end = start + len(raw)
        if start < last or not startswith(raw, start):
            raise Misaligned(f"token {raw[:20]!r} not found at offset {start}")
        last = end
        if kind == _TEXT:
            yield kind, start, end, raw, "", False  # raw is src[start:end] (checked above)
        elif kind == _REF:
            yield kind, start, end, str(tok.data), "", False
        else:
            yield kind, start, end, "", (tok.tag or "").lower(), bool(tok.self_closing)


def _tokenizer_input(html: str) -> str:
    """What the tokenizer reads for ``html``: the same length, offsets 1:1."""
    # The tokenizer turns CR and CRLF into LF (WHATWG input stream preprocessing); a
    # space behaves like CR in every tokenizer state and keeps offsets 1:1.
    src = html.replace("\r", " ") if "\r" in html else html
    if "\0" in src:  # raw-text states turn NUL into U+FFFD: same length, no structure
        src = src.replace("\0", "\ufffd")
    if "</>" in src:
        src = _EMPTY_END_TAG.sub("   ", src)
    return src


def _token_kinds(thtml: Any) -> dict[Any, int]:
    return {
        thtml.TokenType.TEXT: _TEXT,
        thtml.TokenType.CHARACTER_REFERENCE: _REF,
        thtml.TokenType.START_TAG: _START,
        thtml.TokenType.END_TAG: _END,
    }


def _data_state_safe(content: str, tags: frozenset[str]) -> bool:
    """Whether ``content``, tokenized from the data state, ends in the data state.

    Every token must be complete (no tag, comment or doctype cut off by the end), no
    ``<![CDATA[`` (a CDATA section in foreign content), and every tag named in ``tags``.
    This is what a parser that reads a raw-text element's content as markup (foreign
    content, scripting off, an ignored start tag) sees: when it holds, that parser is
    back in the data state at the end tag, as the tokenizer used here.
    """
    pos = 0
    raw = ""  # a raw-text element opened in the content must end there too
    try:
        for kind, start, end, _decoded, tag, _closing in _tokens(content):
            if start != pos:
                return False  # a dropped token (a tag cut off by the end)
            pos = end
            if kind == _START or kind == _END:
                if tag not in tags:
                    return False
                if kind == _START and tag in _RAW_TEXT_ELEMENTS:
                    raw = tag
                elif tag == raw:
                    raw = ""
            elif kind == _OTHER:
                source = content[start:end]
                if source[:9].upper() == "<![CDATA[" or not source.endswith(">"):
                    return False
                if source.startswith("<!--") and not (
                    source.endswith(("-->", "--!>")) or source in ("<!-->", "<!--->")
                ):
                    return False  # a comment closed by the end of the content, not by "-->"
    except Misaligned:  # pragma: no cover - defensive
        return False
    return pos == len(content) and not raw


def _splits_whitespace(text: str, linked: list[tuple[int, int]]) -> bool:
    """Whether a piece of ``text`` outside the ``linked`` spans is whitespace alone."""
    prev = 0
    for lo, hi in sorted(linked):
        if lo > prev and not text[prev:lo].strip(_TABLE_WHITESPACE):
            return True
        prev = hi
    return len(text) > prev and not text[prev:].strip(_TABLE_WHITESPACE)


class _TableContext:
    """Whether the current node may be a ``table``, ``tbody``, ``thead``, ``tfoot``, ``tr``
    or ``colgroup``: there the tree builder foster-parents a run of text that holds a
    non-whitespace character, but leaves a whitespace-only run inside the table, so an
    inserted ``<a>`` that leaves whitespace alone on one side would move it (issue 22
    item 14). Kept as a stack of tables (``T``), cells (``C``) and templates (``P``);
    when unsure it says "table", and the run is linked less.

    A template's contents start in the "in template" insertion mode, where a start tag
    such as ``<a>`` switches to "in body" for good (``<colgroup>``, ``<tr>`` … are then
    ignored) while text does not: text there is not linked until a start tag has
    switched the mode (``P0``, then ``P``).
    """

    __slots__ = ("stack",)

    def __init__(self) -> None:
        self.stack: list[str] = []

    def tag(self, kind: int, tag: str) -> None:
        stack = self.stack
        top = stack[-1] if stack else ""
        if kind == _START:
            if top == "P0" and tag not in _TEMPLATE_KEEPS_MODE:
                stack[-1] = top = "P"  # the template's insertion mode is set now
            if tag == "table":
                stack.append("T")
            elif tag == "template":
                stack.append("P0")
            elif tag in _TABLE_SECTIONS:
                if top == "C":  # a row or section start closes the open cell
                    stack.pop()
                    top = stack[-1] if stack else ""
                if top == "P":  # template contents in a table insertion mode
                    stack.append("T")
            elif tag in _TABLE_CELLS and top in ("T", "P"):
                stack.append("C")
        elif kind == _END:
            if tag in _TABLE_CELLS or tag in _TABLE_SECTIONS:
                if top == "C":
                    stack.pop()
            elif tag in ("table", "template"):
                template = tag == "template"
                for i in range(len(stack) - 1, -1, -1):
                    is_template = stack[i][0] == "P"
                    if is_template or (stack[i] == "T" and not template):
                        if is_template == template:
                            del stack[i:]
                        break  # "</table>" in a template does not close an outer table

    @property
    def text_foster_parented(self) -> bool:
        return bool(self.stack) and self.stack[-1] == "T"

    @property
    def text_unlinkable(self) -> bool:
        return bool(self.stack) and self.stack[-1] == "P0"


class _Run:
    """One run of text between two markup tokens: source spans and their decoded text."""

    __slots__ = ("_index", "items")

    def __init__(self) -> None:
        #: (source start, decoded text, is a character reference) of each token, in order
        self.items: list[tuple[int, str, bool]] = []
        self._index: tuple[list[int], int] | None = None

    def add(self, s_start: int, decoded: str, is_ref: bool) -> None:
        self.items.append((s_start, decoded, is_ref))

    def text(self) -> str:
        items = self.items
        return items[0][1] if len(items) == 1 else "".join([item[1] for item in items])

    def literal_start(self) -> int | None:
        """The source offset of the run when it is one piece of literal text (decoded
        offset d is then at source offset start + d), else None."""
        items = self.items
        return items[0][0] if len(items) == 1 and not items[0][2] else None

    def source_offset(self, d: int, s_end: int) -> int | None:
        """The source offset of decoded offset ``d``; ``None`` inside a character reference."""
        if self._index is None:
            starts, length = [], 0
            for _s, decoded, _ref in self.items:
                starts.append(length)
                length += len(decoded)
            self._index = starts, length
        d_starts, length = self._index
        if d >= length:
            return s_end
        i = bisect_right(d_starts, d) - 1
        delta = d - d_starts[i]
        s_start, _decoded, is_ref = self.items[i]
        if delta == 0:
            return s_start
        return None if is_ref else s_start + delta


class _Output:
    """The output, built by appending pieces: every :data:`_JOIN_EVERY` pieces are joined
    into one chunk, so a long document's many small pieces do not stay alive as objects
    until the end (their per-object overhead would be several times the text)."""

    __slots__ = ("chunks", "parts")

    def __init__(self) -> None:
        self.chunks: list[str] = []
        self.parts: list[str] = []

    def append(self, piece: str) -> None:
        parts = self.parts
        parts.append(piece)
        if len(parts) >= _JOIN_EVERY:
            self.chunks.append("".join(parts))
            parts.clear()

    def extend(self, other: _Output | list[str]) -> None:
        """Appends ``other``'s pieces (``other`` is not used again)."""
        if isinstance(other, _Output):
            if other.chunks:
                self.chunks.append("".join(self.parts))
                self.chunks.extend(other.chunks)
                self.parts = other.parts
                return
            other = other.parts
        self.parts.extend(other)
        if len(self.parts) >= _JOIN_EVERY:
            self.chunks.append("".join(self.parts))
            self.parts.clear()

    def value(self) -> str:
        if not self.chunks:
            return "".join(self.parts)
        self.chunks.append("".join(self.parts))
        return "".join(self.chunks)


class Linker:
    """A reusable, thread-safe HTML linkifier; :func:`linkify` with fixed options.

    ``callbacks`` (default :data:`DEFAULT_CALLBACKS`, i.e. ``nofollow``) are applied in
    order to each new link (see :data:`Callback`). ``skip_tags`` replaces
    :data:`DEFAULT_SKIP_TAGS` (``pre``, ``code``); :data:`ALWAYS_SKIPPED` elements are
    never linked. ``parse_email=False`` leaves email addresses alone. ``policy`` is the
    §8 linkification policy (default ``LinkPolicy.recommended()``) and ``tlds`` the
    set of top-level domains, both passed to :func:`uts58_icu.find_links`, as is
    ``schemes`` (extra URL schemes, written before a host). ``existing_links`` (default
    ``None``: the input's own ``<a>`` elements are left as written) is an
    :data:`ExistingLinkHook` run on each ``<a>`` element of the input.
    """

    def __init__(
        self,
        *,
        callbacks: Iterable[Callback] = DEFAULT_CALLBACKS,
        skip_tags: Collection[str] | None = None,
        parse_email: bool = True,
        policy: LinkPolicy | str | None = None,
        tlds: Collection[str] | None = None,
        schemes: Collection[str] | None = None,
        existing_links: ExistingLinkHook | None = None,
    ) -> None:
        if existing_links is not None and not callable(existing_links):
            raise TypeError(f"existing_links must be a callable or None, not {type(existing_links).__name__}")
        self.existing_links = existing_links
        if isinstance(callbacks, (str, bytes)) or not isinstance(callbacks, Iterable):
            raise TypeError(f"callbacks must be an iterable of callables, not {type(callbacks).__name__}")
        cbs = tuple(callbacks)
        for cb in cbs:
            if not callable(cb):
                raise TypeError(f"callbacks must be callables, not {type(cb).__name__}")
        if skip_tags is None:
            skip = DEFAULT_SKIP_TAGS
        elif isinstance(skip_tags, (str, bytes)) or not isinstance(skip_tags, Iterable):
            raise TypeError(f"skip_tags must be a collection of tag names or None, not {type(skip_tags).__name__}")
        else:
            for tag in skip_tags:
                if not isinstance(tag, str):
                    raise TypeError(f"skip_tags must contain str tag names, not {type(tag).__name__}")
            # A void element has no content to skip; counting its start tag would leave
            # everything after it unlinked (no end tag ever closes it).
            skip = frozenset(tag.lower() for tag in skip_tags) - _VOID_ELEMENTS
        if not isinstance(parse_email, bool):
            raise TypeError(f"parse_email must be a bool, not {type(parse_email).__name__}")
        policy = resolve_policy(policy, "recommended")
        self._find_options: dict[str, Any] = {"tlds": tlds, "policy": policy}
        if schemes is not None:
            self._find_options["schemes"] = schemes  # checked by find_links below
        find_links("", **self._find_options)  # validates the options now rather than on the first text
        self.callbacks: tuple[Callback, ...] = cbs
        self.skip_tags: frozenset[str] = skip
        self.parse_email = parse_email
        self.policy = policy
        self.tlds = tlds
        self._skipped = ALWAYS_SKIPPED | skip
        # find_links' compiled fast path takes no options at all (the base, every default).
        default = policy is DEFAULT_POLICY and tlds is None and schemes is None
        self._scan_options: dict[str, Any] = {} if default else self._find_options
        # With a policy, the base scan (no policy, ~10x cheaper a call) first: a policy only
        # drops links of the base or moves their bounds inward, except the two rules that
        # link after "://" (cjk_host_cut, dotless_hosts) — so text without a base link and
        # without "://" has no link under any policy (tests/test_html_driver.py).
        self._base_first: dict[str, Any] | None = None
        if policy is not DEFAULT_POLICY:
            self._base_first = {k: v for k, v in (("tlds", tlds), ("schemes", schemes)) if v is not None}
        self._own_links = type(self).links is Linker.links  # not overridden by a subclass
        self._nofollow_only = cbs == (nofollow,)
        self._compiled: tuple[Any, ...] | None = None  # see _compiled_context

    def _found(self, text: str) -> Iterable[Link]:
        """:meth:`links`, lazily for a long text (when a subclass does not override it)."""
        if not self._own_links:
            return self.links(text)
        if _MAY_LINK.search(text) is None:
            return ()
        if len(text) > _LONG_RUN:
            found: Iterable[Link] = iter_links(text, **self._find_options)
        elif _BASE_FIRST and self._base_first is not None and "://" not in text and not find_links(
            text, **self._base_first
        ):
            return ()
        else:
            found = find_links(text, **self._scan_options)
        if not self.parse_email:
            found = (link for link in found if link.kind != "email")
        return found

    def links(self, text: str) -> list[Link]:
        """The links that would be made in a decoded text node ``text``."""
        found = find_links(text, **self._find_options)
        if not self.parse_email:
            found = [link for link in found if link.kind != "email"]
        return found

    def linkify(self, html: str) -> str:
        """``html`` with links added around the URLs and email addresses of its text."""
        require_str(html, "html")
        ctx = self._compiled
        if ctx is None:
            ctx = self._compiled = self._compiled_context()
        if ctx and _USE_COMPILED:
            _tokenizer()  # the same ImportError as the Python driver's without the parser
            # None: the document is its own tokenizer input, unless html.c finds a CR, a
            # NUL or "</>" in it (one pass in C; three str.__contains__ passes cost more)
            linked = ctx[0](html, None, ctx[1])
            if linked is NotImplemented:
                linked = ctx[0](html, _tokenizer_input(html), ctx[1])
            if linked is not None:
                return linked  # type: ignore[no-any-return]
        out = _Output()
        try:
            self._chunks(html, out)
        except Misaligned:  # pragma: no cover - defensive: never link what we cannot place
            return html
        return out.value()

    __call__ = linkify

    def _compiled_context(self) -> tuple[Any, ...]:
        """(the compiled driver, its context) when it covers this Linker's calls, else ()."""
        driver = _compiled_driver()
        skipped = tuple(sorted(self._skipped))
        if (
            driver is None or type(self) is not Linker or self.existing_links is not None
            or any(not tag.isascii() or len(tag) > 16 for tag in skipped) or len(skipped) > 64
        ):
            return ()
        from html.entities import html5

        from .linkification.apply import _fast_args, _settle

        tlds, schemes = self._find_options["tlds"], self._find_options.get("schemes")
        gate_args = None
        if tlds is not None or schemes is not None:
            mode = _MODE_PYTHON
        elif self.policy is DEFAULT_POLICY:
            mode = _MODE_BASE
        else:
            gate_args = _fast_args(self.policy)
            mode = _MODE_PYTHON if gate_args is None else _MODE_GATE
        legacy, named = _reference_name_lengths()
        anchor = None if self._nofollow_only else self._anchor
        policy = self.policy

        def settle(text: str, links: list[Link], suspects: Iterable[int]) -> list[Link]:
            return _settle(text, policy, links, suspects)

        context = (skipped, self.parse_email, gate_args, mode, self._found, anchor, _visible_text, unsafe_href,
                   html5, legacy, named, settle)  # fmt: skip
        return driver, context

    def _chunks(self, html: str, out: _Output) -> None:
        """Writes the output to ``out``: the input, with links inserted in text nodes.

        Besides the elements it skips, it follows what a WHATWG tree builder does that
        the standalone tokenizer cannot see (issue 22 item 1, mutation XSS): a raw-text
        start tag (``style``, ``title``, ``noscript`` …) inside ``svg``/``math`` or in a
        ``select`` may be parsed as an ordinary element whose
        content is markup, and ``noscript`` is markup when scripting is off. Where the
        two readings could differ after the end tag — the content, read as markup, does
        not end in the data state — nothing more is linked, to the end of the document:
        an inserted ``"`` could otherwise close an attribute value the browser sees. The
        same happens when an integration point (``foreignObject``, ``desc``, ``mi`` …)
        gets a start tag inside, as then a ``</svg>`` may be ignored, at a
        ``<![CDATA[`` in foreign content, and at a ``<frameset>`` (text dropped there).
        """
        skipped = self._skipped
        open_skips: dict[str, int] = {}
        depth = 0
        a_boundaries = 0  # scope boundaries opened inside the open a (see _A_SCOPE_BOUNDARIES)
        copied = 0  # the input up to here is already in the output
        run: _Run | None = None
        run_end = 0
        hook = self.existing_links
        cur_a: _ExistingA | None = None  # the input's open <a>, when hook is set
        foreign = 0  # open svg and math elements (counted)
        integration_points = 0  # open inside them
        selects = 0
        # The open raw-text element, and the tags its content may hold when read as
        # markup (None: no browser reads it as markup).
        raw_name, raw_start, raw_tags = "", 0, None
        table = _TableContext()
        for kind, start, end, decoded, tag, self_closing in _tokens(html):
            if kind == _TEXT or kind == _REF:
                if cur_a is not None:
                    cur_a.text.append(decoded)
                if depth or table.text_unlinkable:
                    continue
                if run is not None and start != run_end:  # a gap (a dropped token) ends the run
                    self._flush(html, run, run_end, copied, table.text_foster_parented, out)
                    copied, run = run_end, None
                if run is None:
                    run = _Run()
                run.items.append((start, decoded, kind == _REF))
                run_end = end
                continue
            if run is not None:
                self._flush(html, run, run_end, copied, table.text_foster_parented, out)
                copied, run = run_end, None
            if foreign or raw_name or table.stack or tag in _WATCHED_TAGS:
                unsure = False
                if kind == _START:
                    if foreign and integration_points:
                        unsure = True  # HTML inside svg/math: "</svg>" may be ignored from here
                    elif foreign and tag in _INTEGRATION_POINTS and not self_closing:
                        integration_points += 1
                    if tag in _RAW_TEXT_ELEMENTS:
                        ambiguous = foreign or selects
                        raw_name, raw_start = tag, end
                        raw_tags = frozenset() if ambiguous else _NOSCRIPT_TAGS if tag == "noscript" else None
                    elif tag == "select":
                        selects += 1
                    elif tag == "frameset":
                        unsure = True  # a frameset drops text but keeps whitespace; raw text is markup there
                    table.tag(kind, tag)
                elif kind == _END:
                    if tag == raw_name:
                        if raw_tags is not None and not _data_state_safe(html[raw_start:start], raw_tags):
                            unsure = True
                        raw_name = ""
                    if tag in _INTEGRATION_POINTS and integration_points:
                        integration_points -= 1
                    elif tag == "select" and selects:
                        selects -= 1
                    table.tag(kind, tag)
                elif foreign and html.startswith("<![CDATA[", start):
                    unsure = True  # a CDATA section there, a bogus comment to the tokenizer
                if unsure:
                    break
            if tag in _A_SCOPE_BOUNDARIES and open_skips.get("a"):
                # Counted, not matched: an implied end tag leaves the count high, so the
                # a stays open for us — text is left unlinked, the safe direction.
                if kind == _START:
                    a_boundaries += 1
                elif a_boundaries:
                    a_boundaries -= 1
                continue
            if tag in skipped:
                if self_closing and tag in _FOREIGN_ROOTS and kind == _START:
                    continue  # "<svg/>": foreign content acknowledges it, nothing stays open
                n = open_skips.get(tag, 0)
                if kind == _START:
                    if hook is not None and tag == "a":
                        if cur_a is not None:  # closed by this start tag (see below)
                            out.append(html[copied : cur_a.start])
                            out.append(cur_a.rewrite(html, hook, start, start))
                            copied = start
                        cur_a = _ExistingA(start, end)
                    if tag == "a" and n:
                        # WHATWG tree construction: an <a> start tag while an a is open
                        # closes that a first (adoption agency), so a elements never nest.
                        continue
                    open_skips[tag] = n + 1
                    depth += 1
                    if tag in _FOREIGN_ROOTS:
                        foreign += 1
                elif n:
                    if tag == "a" and a_boundaries:
                        continue  # "</a>" with a boundary in between: not in scope, ignored
                    open_skips[tag] = n - 1
                    depth -= 1
                    if tag == "a" and cur_a is not None:
                        out.append(html[copied : cur_a.start])
                        out.append(cur_a.rewrite(html, hook, start, end))  # type: ignore[arg-type]
                        copied, cur_a = end, None
                    if tag in _FOREIGN_ROOTS:
                        foreign -= 1
                        if not foreign:
                            integration_points = 0
        else:
            if run is not None:
                self._flush(html, run, run_end, copied, table.text_foster_parented, out)
                copied = run_end
            if cur_a is not None and hook is not None:  # an <a> open at the end of the input
                out.append(html[copied : cur_a.start])
                out.append(cur_a.rewrite(html, hook, len(html), len(html)))
                copied = len(html)
        out.append(html[copied:])

    def _flush(self, html: str, run: _Run, s_end: int, copied: int, in_table: bool, out: _Output) -> None:
        """Links in one run of text; writes the output from ``copied`` up to ``s_end`` to ``out``.

        ``in_table``: the run may be foster-parented (see :class:`_TableContext`); then it
        is linked only if no piece of it left between links is whitespace alone.

        Idempotence: once links are inserted, a second pass sees the text between them
        as separate runs, and detection depends on context (``a.comhttp://b.org`` links
        only the URL, while ``a.com`` alone is a link). So each gap between inserted
        links is scanned again on its own, as the second pass would, until no gap
        gains a link — at most :data:`_MAX_RESCANS` levels, each over disjoint text,
        so the work stays linear in the run. The gaps are scanned depth first, as soon
        as the link after them is known, so the output is written in order as the
        links come (lazily for a long run: memory stays proportional to the text).
        """
        text = run.text()
        if not text or text.isspace() or (self._own_links and _MAY_LINK.search(text) is None):
            out.append(html[copied:s_end])
            return
        n = len(text)
        start = copied
        # Output of this run; a long run's is joined in chunks as it goes.
        pieces: _Output | list[str] = _Output() if n > _LONG_RUN else []
        emit = pieces.append
        found = self._found
        anchor_of = self._anchor
        base = run.literal_start()
        source_offset = run.source_offset
        last_linked = 0  # decoded end of the last inserted link (for in_table)
        split = False

        def scan(lo: int, hi: int, level: int) -> bool:
            """Inserts the links of ``text[lo:hi]`` and of its gaps; False if not settled."""
            nonlocal copied, last_linked, split
            if level > _MAX_RESCANS:
                # Not settled after the last level: a second pass would link more here.
                # Leave the whole run as it is — the second pass sees the same run, does
                # the same work and leaves it too, so linkify stays idempotent.
                return not self._would_link(html, run, text, lo, hi, s_end)
            prev = lo
            for link in found(text if lo == 0 and hi == n else text[lo:hi]):
                d0 = lo + link.start
                d1 = lo + link.end
                if base is not None:
                    s0, s1 = base + d0, base + d1
                else:
                    s0 = source_offset(d0, s_end)
                    s1 = source_offset(d1, s_end)
                    if s0 is None or s1 is None:
                        continue  # a link edge inside a character reference: leave it unlinked
                anchor = anchor_of(link, html[s0:s1])
                if anchor is None:
                    continue
                if d0 > prev and not scan(prev, d0, level + 1):
                    return False
                if in_table:
                    if d0 > last_linked and not text[last_linked:d0].strip(_TABLE_WHITESPACE):
                        split = True
                    last_linked = d1
                emit(html[copied:s0])
                emit(anchor)
                copied = s1
                prev = d1
            if prev != lo and hi > prev:
                return scan(prev, hi, level + 1)
            return True

        settled = scan(0, n, 0)
        if in_table and last_linked and n > last_linked and not text[last_linked:].strip(_TABLE_WHITESPACE):
            split = True
        if not settled or (in_table and split) or copied == start:
            out.append(html[start:s_end])  # nothing inserted, or the run left as it is
            return
        out.extend(pieces)
        out.append(html[copied:s_end])

    def _would_link(self, html: str, run: _Run, text: str, lo: int, hi: int, s_end: int) -> bool:
        """Whether scanning ``text[lo:hi]`` would insert a link (as one level of ``_flush``)."""
        for link in self._found(text[lo:hi]):
            s0 = run.source_offset(lo + link.start, s_end)
            s1 = run.source_offset(lo + link.end, s_end)
            if s0 is not None and s1 is not None and self._anchor(link, html[s0:s1]) is not None:
                return True
        return False

    def _anchor(self, link: Link, source: str) -> str | None:
        if self._nofollow_only:  # the default callbacks, written directly (same output)
            href = link.href
            if not href.startswith(_SAFE_HREFS) and unsafe_href(href):
                return None
            display = _visible_text(link)
            rel = "" if href[:7].lower() == "mailto:" else ' rel="nofollow"'
            shown = source if display == link.text else _escape_text(display)
            return f'<a href="{_escape_attr(href)}"{rel}>{shown}</a>'
        display = _visible_text(link)
        attrs: dict[str, str] = {"href": link.href, "_text": display}
        for cb in self.callbacks:
            returned = cb(attrs, link)
            if returned is None:
                return None
            if not isinstance(returned, dict):
                raise TypeError(f"a linkify callback must return a dict or None, not {type(returned).__name__}")
            attrs = returned
        href = attrs.get("href")
        if not isinstance(href, str) or unsafe_href(href):
            return None
        shown = attrs.get("_text", display)
        if not isinstance(shown, str):
            raise TypeError(f"callback attribute '_text' must be a str, not {type(shown).__name__}")
        out = [f'<a href="{_escape_attr(href)}"']
        written = {"href"}
        for name, value in attrs.items():
            if name in ("href", "_text"):
                continue
            if not isinstance(name, str) or not _ATTR_NAME.match(name):
                raise ValueError(f"callback returned an invalid attribute name {name!r}")
            if not isinstance(value, str):
                raise TypeError(f"callback attribute {name!r} must be a str, not {type(value).__name__}")
            lower = name.lower()
            if lower in written or lower == "_text":
                # HTML attribute names are case-insensitive: "HREF" next to "href" would be
                # a second href (the first wins in a browser; sanitizers differ).
                raise ValueError(f"callback returned the attribute {name!r} twice (names are case-insensitive)")
            written.add(lower)
            out.append(f' {lower}="{_escape_attr(value)}"')
        # The visible text is the input's own source when nothing asked to change it.
        if shown == link.text:
            out.append(f">{source}</a>")
        else:
            out.append(f">{_escape_text(shown)}</a>")
        return "".join(out)


def new_anchor(linker: Linker, link: Link, source: str) -> str | None:
    """The ``<a>`` element ``linker`` writes for ``link``, whose text in the input is the
    HTML ``source``; None when its callbacks (or an unsafe href) leave the text unlinked.

    Internal: the seam of the plain-text linker of the ``urlize`` filters (``_urlize.py``).
    """
    return linker._anchor(link, source)


#: How many times the gaps between new links are scanned again (see ``Linker._flush``);
#: the plain-text linker of the ``urlize`` filters follows the same limit.
RESCAN_LEVELS = _MAX_RESCANS


def link_plain_text(linker: Linker, text: str, decoded: str, escapes: tuple[str, ...] | None) -> str | None:
    """``_urlize.linkify_text`` by the compiled driver (``html.c``): ``text`` (whose
    tokenized form is ``decoded``, the same length) linked as one run of text, each
    piece of the output escaped with ``escapes`` (the replacements of ``&<>"'``; None:
    as it stands). None when the compiled driver does not cover ``linker`` or the call.

    Internal: the seam of the plain-text linker of the ``urlize`` filters (``_urlize.py``).
    """
    if not _USE_COMPILED:
        return None
    ctx = linker._compiled
    if ctx is None:
        ctx = linker._compiled = linker._compiled_context()
    if not ctx:
        return None
    driver, context = ctx
    # Linker._found gives the links of Linker.links (tests/test_urlize_plain.py), lazily
    # for a text longer than _LONG_RUN (iter_links)
    result: str | None = driver(text, decoded, context, escapes)
    return result


class _ExistingA:
    """An ``<a>`` element of the input, for :data:`ExistingLinkHook` (kept apart from
    the linking code above: only ``_chunks`` calls it)."""

    __slots__ = ("start", "tag_end", "text")

    def __init__(self, start: int, tag_end: int) -> None:
        self.start = start  # the start tag is html[start:tag_end]
        self.tag_end = tag_end
        self.text: list[str] = []  # decoded text inside, in order

    def rewrite(self, html: str, hook: ExistingLinkHook, close: int, close_end: int) -> str:
        """The element's new source, from its start tag up to ``close_end`` (its end tag
        is ``html[close:close_end]``, empty when something else closed it)."""
        tag = html[self.start : self.tag_end]
        inner = html[self.tag_end : close]
        text = "".join(self.text)
        attrs = _start_tag_attrs(tag)
        returned = hook({**attrs, "_text": text})
        if returned is None:  # unlink: the content stays
            return inner
        if not isinstance(returned, dict):
            raise TypeError(f"a linkify callback must return a dict or None, not {type(returned).__name__}")
        new = dict(returned)
        href = new.get("href")
        if href != attrs.get("href") and isinstance(href, str) and unsafe_href(href):
            return inner  # a callback made it a javascript:/data: link: unlink, as for new links
        shown = new.pop("_text", text)
        if not isinstance(shown, str):
            raise TypeError(f"callback attribute '_text' must be a str, not {type(shown).__name__}")
        if new != attrs:
            tag = "<a" + "".join(f' {name}="{_escape_attr(value)}"' for name, value in _checked_attrs(new)) + ">"
        if shown != text:
            inner = _escape_text(shown)
        return tag + inner + html[close:close_end]


def _start_tag_attrs(source: str) -> dict[str, str]:
    """The attributes of one start tag's source, as the WHATWG tokenizer reads them."""
    for tok in _tokenizer().tokenize(source):
        return {str(name): str(value) for name, value in (tok.attrs or ())}
    return {}  # pragma: no cover - the source came from a start tag token


def _checked_attrs(attrs: dict[str, str]) -> Iterator[tuple[str, str]]:
    written: set[str] = set()
    for name, value in attrs.items():
        if not isinstance(name, str) or not _ATTR_NAME.match(name):
            raise ValueError(f"callback returned an invalid attribute name {name!r}")
        if not isinstance(value, str):
            raise TypeError(f"callback attribute {name!r} must be a str, not {type(value).__name__}")
        lower = name.lower()
        if lower in written:
            raise ValueError(f"callback returned the attribute {name!r} twice (names are case-insensitive)")
        written.add(lower)
        yield lower, value


def _visible_text(link: Link) -> str:
    """What an inserted link shows: the text as written, unless that would show a host in
    Unicode the policy wants in Punycode (``idn_display``, a homograph) or could show a
    Bidi_Control or default-ignorable character raw — then :attr:`Link.display`, which
    never does, as ``linkify_html``.
    """
    if link.punycode_host or link.escape_invisibles or patterns().bidi_or_ignorable.search(link.text):
        return link.display
    return link.text


def linkify(
    html: str,
    *,
    callbacks: Iterable[Callback] = DEFAULT_CALLBACKS,
    skip_tags: Collection[str] | None = None,
    parse_email: bool = True,
    policy: LinkPolicy | str | None = None,
    tlds: Collection[str] | None = None,
) -> str:
    """``html`` with ``<a>`` around each link in its text nodes; nothing else changes.

    HTML in, HTML out: tags and character references are kept as written. For plain
    text (to be escaped) use :func:`uts58_icu.linkify_text_to_html`.

    See :class:`Linker` for the options. ``policy`` defaults to
    ``LinkPolicy.recommended()``. The result is idempotent
    (``linkify(linkify(x)) == linkify(x)``): text inside ``<a>`` is never linked.
    """
    if (
        callbacks is DEFAULT_CALLBACKS and skip_tags is None and tlds is None
        and isinstance(parse_email, bool) and (policy is None or type(policy) in (str, LinkPolicy))
    ):
        # The default options (the common call): one Linker, built once, and its compiled
        # context with it (building them costs more than linking a short page).
        linker = _default_linker(parse_email, policy)
    else:
        linker = Linker(callbacks=callbacks, skip_tags=skip_tags, parse_email=parse_email, policy=policy, tlds=tlds)
    return linker.linkify(html)


@lru_cache(maxsize=16)
def _default_linker(parse_email: bool, policy: LinkPolicy | str | None) -> Linker:
    """``Linker(parse_email=parse_email, policy=policy)``, shared by :func:`linkify`'s calls
    (a Linker is immutable and thread-safe)."""
    return Linker(parse_email=parse_email, policy=policy)


@lru_cache(maxsize=1)
def _reference_name_lengths() -> tuple[int, int]:
    """The longest HTML5 named character reference without its ``;`` (the legacy ones)
    and the longest of all, for the compiled tokenizer."""
    from html.entities import html5

    return max(len(name) for name in html5 if not name.endswith(";")), max(len(name) for name in html5)
