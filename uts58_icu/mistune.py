"""UTS #58 links for mistune 3: the plugin :func:`linkify` replaces mistune's ``url`` plugin.

>>> import mistune
>>> import uts58_icu.mistune
>>> md = mistune.create_markdown(plugins=[uts58_icu.mistune.linkify])
>>> md("詳細は「example.com/パス」を参照")
'<p>詳細は「<a href="https://example.com/%E3%83%91%E3%82%B9">example.com/パス</a>」を参照</p>\\n'

mistune's own ``url`` plugin links only ``http(s)://`` URLs, with an ASCII pattern.
This plugin links what :class:`uts58_icu.markdown_it.LinkifyUts58` links in
markdown-it-py, the same way:

* an inline rule at ``scheme://`` (registered as ``url_link``, the name of the
  stock rule, so it replaces that rule when both plugins are given) links URLs with
  a scheme before emphasis, code spans and the rest see their characters
  (``https://example.com/a*b*``);
* after each inline parse, the text of the paragraph (outside links, code spans and
  raw HTML ``<a>…</a>``) is searched for links without a scheme and email addresses,
  and for a URL with a scheme that starts a word holding no character at which a rule
  of the parse starts (the scheme rule steps aside for it: such text reaches this
  search whole, and its links are ``find_links``'s).

Each link shows its text as written, or its :attr:`~uts58_icu.Link.display` where
that would break the §8 display rule (a raw bidi control; a confusable host in
Unicode under the recommended policy): see :func:`uts58_icu.markdown_it.visible_text`.

The policy defaults to :meth:`uts58_icu.LinkPolicy.recommended`; :func:`make_linkify`
builds a plugin with other options. For nbconvert (which renders notebook Markdown
with mistune), see :class:`NbconvertMarkdown2HTML`.
"""

from __future__ import annotations

import re
import sys
from unicodedata import category
from collections.abc import Callable, Collection, Iterable, Mapping
from typing import Any

from ._icu import unicode_set_ranges
from .core._classes import patterns
from .core.properties import regex_class
from .core.detection import Link
from .linkification.apply import _fast_scanner, _with_suspects
from .linkification.policy import LinkPolicy
from .markdown_it import _PROTO_CHARS, LinkifyUts58, _scheme_before, visible_text

__all__ = ["linkify", "make_linkify"]  # and NbconvertMarkdown2HTML, built on first use

Plugin = Callable[[Any], None]
Token = dict[str, Any]

# Schemes whose "scheme://" starts the inline rule (the core decides what is linked).
_RULE_SCHEMES = ("https", "http", "ftp", "wss", "ws")
_A_OPEN = re.compile(r"<a[\s>]", re.IGNORECASE)
_A_CLOSE = re.compile(r"</a[\s>]", re.IGNORECASE)


def make_linkify(
    *,
    policy: LinkPolicy | str | None = None,
    options: Mapping[str, bool] | None = None,
    tlds: Collection[str] | None = None,
    linkifier: LinkifyUts58 | None = None,
) -> Plugin:
    """A mistune plugin linking with UTS #58.

    ``policy`` (default :meth:`LinkPolicy.recommended`), ``options``
    (``{'fuzzy_link': …, 'fuzzy_email': …}``) and ``tlds`` are those of
    :class:`~uts58_icu.markdown_it.LinkifyUts58`; or give a configured ``linkifier``
    (for ``.add(schema, …)``).
    """
    if linkifier is not None:
        if not isinstance(linkifier, LinkifyUts58):
            raise TypeError(f"linkifier must be a LinkifyUts58, not {type(linkifier).__name__}")
        if policy is not None or options is not None or tlds is not None:
            raise ValueError("give either linkifier or policy/options/tlds, not both")
        lin = linkifier
    else:
        lin = LinkifyUts58(options, tlds=tlds, policy=policy)

    def plugin(md: Any) -> None:
        _install(md, lin)

    plugin.__doc__ = "mistune plugin: UTS #58 links (uts58_icu.mistune)."
    return plugin


def _install(md: Any, lin: LinkifyUts58) -> None:
    schemes = frozenset(s.lower() for s in (*_RULE_SCHEMES, *lin._schemes))

    def parse_url_link(inline: Any, m: re.Match[str], state: Any) -> int | None:
        # The rule starts at the ":" of "://" (the only character it makes mistune stop
        # at): the scheme before it is already the end of the last text token.
        last = state.tokens[-1] if state.tokens else None
        if last is None or last.get("type") != "text" or len(last) != 2:
            return None  # no plain text just before, so no scheme in it: link less
        src: str = state.src
        colon = m.start()
        if _plain_tail(inline, src, colon) and lin._plain():
            return None  # the text's own scan links it, in _render_runs or _linkify_tokens (see _plain_tail)
        proto = _scheme_before(src, colon)
        if proto is None or proto.lower() not in schemes:
            return None  # no scheme, one inside a longer word ("xhttp://"), or another scheme
        if not last["raw"].endswith(proto):
            return None  # the scheme is not plain text just before: link less
        start = colon - len(proto)
        known = state.__dict__.get("_uts58_links")  # (_paragraph_links' answer for src, kept)
        found = known[1] if known is not None and known[0] is src else _paragraph_links(state, lin, src)
        link = None if found is None else found.get(start)
        if link is None or link.end <= colon + 3:
            link = lin.link_at(src, start)
        if link is None:
            return None
        text = link.text
        cut = len(text.rstrip("*")) if text[-1] == "*" else len(text)  # as markdown-it-py: a final '*' is emphasis
        if state.brackets and "]" in text:
            cut = min(cut, text.index("]"))  # inside the text of a Markdown link
        if cut < len(text):
            link = lin.link_at(src, start, start + cut)
            if link is None:
                return None
            text = link.text
        end = start + len(text)
        if state.in_link or state.depth >= inline.max_nested_level:
            inline.process_text(text[len(proto) :], state)
            return end
        if len(last["raw"]) == len(proto):
            state.tokens.pop()
        else:
            last["raw"] = last["raw"][: -len(proto)]
        shown = text
        if link.punycode_host or (not text.isascii() and _maybe_bidi(text) and _bidi(text)):
            shown = visible_text(link)  # the display where the text would break §8
        if state.brackets:  # the source: mistune turns it back into text if this is inside a link's text
            token = _link_token(shown, link.href)  # (with no '[' open, it cannot be: mistune would only
            token["_autolink"] = text  # drop the key)
            state.append_token(token)
            return end
        html: _Html | None = inline._uts58_now
        if html is not None and html.renderer is inline._uts58_md.renderer:
            # written now, as _render_runs would write the link token (see _wrap_inline)
            special = html.special
            if special is None:
                special = _ALWAYS
            shown = html.text(shown) if special(shown) else shown
            state.tokens.append({"type": _HTML, "raw": html.link(shown, link.href)})
        else:
            state.tokens.append(_link_token(shown, link.href))
        return end

    try:
        md.inline.register("url_link", "://", parse_url_link, start_chars=":")
    except TypeError:  # mistune before 3.1: no start_chars
        md.inline.register("url_link", "://", parse_url_link)
    renderer = md.renderer
    if _renders_as_html(renderer):
        renderer.register(_HTML, _render_html)
        # render_token looks a type up as an attribute first: with none, each token
        # raised an AttributeError before the registered method was found (2 us a token)
        vars(renderer).setdefault(_HTML, str)  # str(html) is html
        md.inline._uts58_html = renderer
    _wrap_inline(md, lin)


#: How far :func:`_plain_tail` reads after ``://``: a longer run without white space goes
#: to the scheme rule (each ``://`` costs at most this much, whatever the text).
_PLAIN_TAIL_REACH = 512


_MAX_SCHEME = 16
_URL_MARKS = frozenset("/@:_~%=&?#!$*,;()[]{}<>\"'")


def _plain_tail(inline: Any, src: str, pos: int) -> bool:
    """Whether the scheme whose ``://`` is at ``pos`` starts a word, and the text after the
    ``://`` up to the next white space or the end holds none of the characters at which
    ``inline`` tries a rule (mistune's fast trigger characters: ``*``, ``_``, `````, ``[``,
    ``]``, ``<``, ``\\``, ``:``, those of the plugins' rules), within :data:`_PLAIN_TAIL_REACH`.

    Then no rule of the parse starts inside that run of text, so it reaches
    :func:`_render_runs` (or :func:`_linkify_tokens`) as plain text whether the scheme
    rule takes the URL or not, and the compiled scan of that text, which finds every
    link of it, links it: the scheme rule steps aside (several Python steps and a scan
    of the whole source per link, against none). The rule still takes a URL whose text
    holds such a character (``https://example.com/a*b*``, one inside a link's text
    ``[…https://x.org](…)``), so the parse does not read it as markup. With a mistune
    that does not say which characters start its rules (before 3.1, or a plugin's rule
    without ``start_chars``), the rule takes every URL, as before.
    tests/test_mistune_scan.py renders generated text both ways and requires the same HTML."""
    get = getattr(inline, "_get_fast_trigger_chars", None)
    chars = get() if get is not None else None
    if not chars:
        return False
    known = inline.__dict__.get("_uts58_tail")
    if known is None or known[0] is not chars:
        run = re.compile("[^\\s" + re.escape("".join(sorted(chars))) + "]{0,%d}" % _PLAIN_TAIL_REACH).match
        known = inline._uts58_tail = (chars, run)
    # the scheme starts a word: white space or the source's start before it, or an
    # opening bracket or quote that itself follows neither an ASCII letter or digit nor a
    # character of a URL ("(https://…", "「https://…" after CJK text; not "a.com(https://…")
    start = pos
    while start > 0 and pos - start <= _MAX_SCHEME and src[start - 1] in _PROTO_CHARS:
        start -= 1
    if start > 0 and not src[start - 1].isspace():
        opener = src[start - 1]
        if not (opener in "\"'" or category(opener) in ("Ps", "Pi")):
            return False
        if start > 1 and (src[start - 2] in _PROTO_CHARS or src[start - 2] in _URL_MARKS):
            return False
    end = known[1](src, pos + 3).end()  # type: ignore[union-attr]
    return end == len(src) or (end - pos - 3 < _PLAIN_TAIL_REACH and src[end].isspace())


def _paragraph_links(state: Any, lin: LinkifyUts58, src: str) -> dict[int, Link] | None:
    """The URLs of ``src`` by start, from one compiled gated scan of the whole source
    of the inline parse (``find_links(src, policy=…)``'s first step), when that scan
    settled every link in C, with no link sent to the Python rules; else ``None``.

    The scheme rule takes its link from here instead of ``lin.link_at(src, start)``
    (a base scan of a window at ``start`` and the policy, several Python steps per
    ``://``). A base link that starts at a scheme ends where the text from the scheme
    on says, so the two scans find the same one. ``link_at`` sees no text before it:
    the answers could differ only if a rule settled in C changed the end of a URL
    with a scheme because of the text before it (one that drops the URL or moves its
    start leaves no URL at this start, and ``link_at`` answers). tests/test_mistune_scan.py
    renders generated text both ways, scheme links after mail headers, chat lines,
    code and CJK text among it, and requires the same HTML and tokens. Kept on the
    parse's ``state``: each source is scanned once (a link label is parsed with a
    state and a source of its own)."""
    known = state.__dict__.get("_uts58_links")
    if known is not None and known[0] is src:
        return known[1]  # type: ignore[no-any-return]
    found = None
    scanner = _scans(lin)[1]
    out = None if scanner is None else scanner(src)
    if type(out) is list:
        found = {link.start: link for link in out if link.kind == "url"}
    state.__dict__["_uts58_links"] = (src, found)
    return found


def _bidi_first(text: str) -> object:
    global _bidi, _maybe_bidi
    _bidi = patterns().bidi_or_ignorable.search  # (the patterns are compiled on first use)
    ranges = [(lo, min(hi, 0xFFFF)) for lo, hi in unicode_set_ranges(_BIDI_SET) if lo <= 0xFFFF]
    _maybe_bidi = re.compile(regex_class([*ranges, (0x10000, 0x10FFFF)])).search
    return _maybe_bidi(text) and _bidi(text)


#: Whether ``text`` holds a Bidi_Control or Default_Ignorable character (the search
#: :func:`~uts58_icu.markdown_it.visible_text` makes). Without one, and with the host
#: not in Punycode, ``visible_text`` answers the text as written: ``not text.isascii()
#: and _maybe_bidi(text) and _bidi(text)`` decides that case without its three calls.
#: ``_maybe_bidi`` searches a superset, the set's BMP part and every character beyond
#: the BMP: ``re`` tests that class with a table lookup, and the exact one (ranges
#: beyond the BMP in it) range by range, twice as long on a link into CJK text.
_bidi: Callable[[str], object] = _bidi_first
_maybe_bidi: Callable[[str], object] = _bidi_first
_BIDI_SET = r"[\p{Bidi_Control}\p{Default_Ignorable_Code_Point}]"  # as core._classes


def _link_token(text: str, href: str) -> Token:
    return {"type": "link", "children": [{"type": "text", "raw": text}], "attrs": {"url": href}}


#: A token of HTML already rendered (see :func:`_html_renderer`).
_HTML = "uts58_html"
_TEXT_KEYS = frozenset({"type", "raw", "_emphasis"})
_LINK_KEYS = frozenset({"type", "children", "attrs"})
_URL_ONLY = frozenset({"url"})


def _ALWAYS(text: str) -> bool:
    """``special`` for a renderer whose ``text`` is its own: every piece goes to it."""
    return True


def _render_html(renderer: Any, html: str) -> str:
    return html


def _renders_as_html(renderer: Any) -> bool:
    """Whether ``renderer`` renders a token as mistune's ``HTMLRenderer.render_token``
    does: ``text`` and ``link`` tokens become ``renderer.text(raw)`` and
    ``renderer.link(text, **attrs)``, joined in order (so those calls can be made
    while the tokens are built, see :func:`_linkify_tokens`)."""
    cls = type(renderer)
    known = _HTML_CLASSES.get(cls)
    if known is None:
        known = _HTML_CLASSES[cls] = _class_renders_as_html(cls)
    # (render methods set on the instance itself would be called instead)
    return known and _RENDER_METHODS.isdisjoint(vars(renderer))


_HTML_CLASSES: dict[type, bool] = {}
_RENDER_METHODS = frozenset({"render_token", "render_tokens", "iter_tokens", "_get_method"})


def _class_renders_as_html(cls: type) -> bool:
    try:
        from mistune.core import BaseRenderer
        from mistune.renderers.html import HTMLRenderer
    except ImportError:  # pragma: no cover - mistune 3 has both
        return False
    return (
        issubclass(cls, HTMLRenderer)
        and cls.render_token is HTMLRenderer.render_token
        and cls.render_tokens is BaseRenderer.render_tokens
        and cls.iter_tokens is BaseRenderer.iter_tokens
        and cls._get_method is BaseRenderer._get_method
    )


#: What ``HTMLRenderer.link`` reads of its renderer, besides ``SAFE_PROTOCOLS``.
_LINK_METHODS = ("link", "text", "sanitize_url", "render_attrs", "escape_attribute", "escape_enabled")
_LINK_WRITERS: dict[type, bool] = {}


def _link_writer(renderer: Any) -> Callable[[str, str], str]:
    """``writer(text_html, href)``: what ``renderer.link(text_html, url=href)`` returns.

    With mistune's own ``HTMLRenderer.link`` (3.2 and later), an href that starts with
    one of the renderer's ``SAFE_PROTOCOLS`` is written directly: its URL check
    (``sanitize_url``: the href ``%``-decoded up to three times, lower-cased, compared
    with the protocols) keeps such an href whatever follows the scheme, and decoding
    a long ``%XX`` path was most of the cost of a link on multilingual text. Any other
    href, and other renderers, go through ``renderer.link``
    (tests/test_markdown_engines.py compares the two)."""
    cls = type(renderer)
    known = _LINK_WRITERS.get(cls)
    if known is None:
        known = _LINK_WRITERS[cls] = _stock_link(cls)
    if not known or vars(renderer).keys() & _LINK_NAMES:
        return lambda text_html, href: str(renderer.link(text_html, url=href))
    safe = tuple(p.lower() for p in renderer.SAFE_PROTOCOLS)
    width = max(map(len, safe), default=0)
    link = renderer.link
    attribute = renderer.escape_attribute

    def write(text_html: str, href: str) -> str:
        if href.startswith(safe) or href[:width].lower().startswith(safe):
            return '<a href="' + (attribute(href) if _special(href) else href) + '">' + text_html + "</a>"
        return str(link(text_html, url=href))

    return write


_LINK_NAMES = frozenset(_LINK_METHODS) | {"SAFE_PROTOCOLS"}
#: A protocol whose every spelling at the start of an href survives ``sanitize_url``'s
#: decoding, lower-casing and stripping unchanged (no ``%``, no space).
_PROTOCOL = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*:")


def _stock_link(cls: type) -> bool:
    """Whether ``cls.link`` and what it calls are mistune's ``HTMLRenderer``'s own, of
    a mistune whose ``link`` is ``'<a' + render_attrs({'href': sanitize_url(url)}) + '>'``."""
    try:
        from mistune.renderers.html import HTMLRenderer
    except ImportError:  # pragma: no cover - mistune 3 has it
        return False
    if not all(hasattr(HTMLRenderer, name) for name in _LINK_METHODS):
        return False  # mistune before 3.2: link() wrote its href another way
    if not issubclass(cls, HTMLRenderer) or any(getattr(cls, n) is not getattr(HTMLRenderer, n) for n in _LINK_METHODS):
        return False
    if not all(isinstance(p, str) and _PROTOCOL.fullmatch(p) for p in getattr(cls, "SAFE_PROTOCOLS", (1,))):
        return False
    probe = HTMLRenderer()  # this mistune's link() writes the href as assumed
    return all(
        probe.link("t", url=href) == '<a href="' + probe.escape_attribute(href) + '">t</a>'
        for href in ("https://a.b/%E3%83%91?q=1&amp;r=&lt;\"", "MAILTO:a@b.c", "ftp://x/%2525%20")
    )


class _Html:
    """How runs of text and links are rendered at once (see :func:`_render_runs`):
    ``text(raw)`` and ``link(text_html, href)`` give what the renderer's ``text`` and
    ``link(text_html, url=href)`` give (``link`` through :func:`_link_writer`;
    ``text`` is mistune's own escaping function when the renderer's ``text`` is
    ``HTMLRenderer.text``, for the ``escape`` it was set up with)."""

    __slots__ = ("cls", "escape", "link", "renderer", "special", "text")

    def __init__(self, renderer: Any) -> None:
        self.renderer = renderer
        self.cls = type(renderer)
        self.escape = _escape_enabled(renderer)
        self.link = _link_writer(renderer)
        own = _text_writer(renderer, self.escape)
        self.text: Callable[[str], str] = renderer.text if own is None else own
        #: With mistune's own escaping, ``special(s)`` is falsy when ``text(s)`` is ``s``
        #: (no ``&``, ``<``, ``>`` or ``"``): such pieces are kept without a call.
        self.special: Callable[[str], object] | None = None if own is None else _special


def _special(s: str) -> bool:
    """Whether ``s`` holds a character mistune's ``escape`` and ``safe_entity`` change
    (``&``, ``<``, ``>``, ``"``; ``safe_entity`` unescapes ``&…;`` first). Four
    substring tests, each a ``memchr``-like scan: a regular expression's character
    class is tested one character at a time, several times slower on CJK text."""
    return "&" in s or "<" in s or ">" in s or '"' in s


def _escape_enabled(renderer: Any) -> object:
    return getattr(renderer, "escape_enabled", None)


def _text_writer(renderer: Any, escape: object) -> Callable[[str], str] | None:
    """The function ``HTMLRenderer.text`` calls for ``escape`` (see :class:`_Html`),
    or ``None`` for a renderer with its own ``text``."""
    if not _LINK_WRITERS.get(type(renderer)) or vars(renderer).keys() & _LINK_NAMES:
        return None
    module = sys.modules.get(type(renderer).text.__module__)
    function = getattr(module, "escape_text" if escape is True else "safe_entity", None)
    probe = 'a&amp;<b>"c&#39;'
    if escape not in (True, False) or not callable(function) or function(probe) != renderer.text(probe):
        return None
    return function  # type: ignore[no-any-return]


def _html_renderer(inline: Any) -> _Html | None:
    """How ``inline``'s Markdown renders runs of text and links at once, or ``None``
    when it may not (another renderer, such as the AST, gets the tokens)."""
    attrs = vars(inline)  # one dict for the three attributes (this runs per inline parse)
    md = attrs.get("_uts58_md")
    renderer = attrs.get("_uts58_html")
    if md is None or renderer is None or md.renderer is not renderer:
        return None
    known: _Html | None = attrs.get("_uts58_writers")
    if (
        known is not None and known.renderer is renderer and known.cls is type(renderer)
        and known.escape is getattr(renderer, "escape_enabled", None) and _HTML_CLASSES.get(known.cls)
        and _RENDER_METHODS.isdisjoint(vars(renderer))
    ):
        return known  # what _renders_as_html(renderer) and the check below answer, in one step
    if not _renders_as_html(renderer):
        return None
    if (
        known is None or known.renderer is not renderer or known.cls is not type(renderer)
        or known.escape is not _escape_enabled(renderer)
    ):  # (a class swapped on the instance brings its own text and link)
        known = inline._uts58_writers = _Html(renderer)
    return known


_SUBCLASSES: dict[type, type] = {}


def _wrap_inline(md: Any, lin: LinkifyUts58) -> None:
    """Make ``md.inline(...)`` link the text of each inline parse (links without a scheme, emails)."""
    inline = md.inline
    inline._uts58_linkifier = lin
    inline._uts58_md = md
    inline._uts58_now = None
    base = type(inline)
    if getattr(base, "_uts58_wrapped", False):
        return
    sub = _SUBCLASSES.get(base)
    if sub is None:

        def __call__(self: Any, s: str, env: Any) -> list[Token]:
            # With an HTML renderer, the scheme rule writes its links at once: the parse
            # is rendered by it, in _render_runs (a parse not through here is rendered
            # by the renderer, whose uts58_html is the token's raw HTML: the same).
            html = self._uts58_now = _html_renderer(self)
            tokens = base.__call__(self, s, env)
            if html is None:
                return _linkify_tokens(tokens, self._uts58_linkifier)
            return _render_runs(tokens, self._uts58_linkifier, html)

        sub = type(base.__name__, (base,), {"__call__": __call__, "_uts58_wrapped": True})
        _SUBCLASSES[base] = sub
    inline.__class__ = sub


def _a_depth(tok: Token, depth: int) -> int:
    """How many raw HTML ``<a>`` are open after the ``inline_html`` token ``tok``."""
    raw = tok.get("raw", "")
    if _A_OPEN.match(raw):
        return depth + 1
    if _A_CLOSE.match(raw) and depth:
        return depth - 1
    return depth


def _linked_inside(kind: object, tok: Token) -> bool:
    """Whether the children of ``tok`` (emphasis, a heading's text…) are linked too."""
    return kind not in ("link", "image", "codespan") and isinstance(tok.get("children"), list)


def _linkify_tokens(tokens: list[Token], lin: LinkifyUts58) -> list[Token]:
    """``tokens`` with the links of their text (as ``link`` tokens)."""
    out: list[Token] = []
    in_html_link = 0
    pending: list[str] = []
    for tok in tokens:
        kind = tok.get("type")
        if kind == "text" and tok.keys() <= _TEXT_KEYS:
            pending.append(tok["raw"])
            continue
        if pending:
            text = "".join(pending)
            pending.clear()
            out.extend(_split(text, lin) if not in_html_link else [{"type": "text", "raw": text}])
        if kind == "inline_html":
            in_html_link = _a_depth(tok, in_html_link)
        elif not in_html_link and _linked_inside(kind, tok):
            tok["children"] = _linkify_tokens(tok["children"], lin)
        out.append(tok)
    if pending:
        text = "".join(pending)
        out.extend(_split(text, lin) if not in_html_link else [{"type": "text", "raw": text}])
    return out


def _split(text: str, lin: LinkifyUts58) -> list[Token]:
    if not lin.pretest(text):
        return [{"type": "text", "raw": text}]
    out: list[Token] = []
    last = 0
    for link in lin.links(text):
        if link.start > last:
            out.append({"type": "text", "raw": text[last : link.start]})
        out.append(_link_token(visible_text(link), link.href))
        last = link.end
    if last < len(text):
        out.append({"type": "text", "raw": text[last:]})
    return out


def _render_runs(tokens: list[Token], lin: LinkifyUts58, html: _Html) -> list[Token]:
    """:func:`_linkify_tokens` for an HTML renderer (see :func:`_html_renderer`): each
    run of text and links (the text's links found here, and ``link`` tokens whose
    text is plain) is rendered here, by the renderer's ``text`` and ``link``, into one
    ``uts58_html`` token: the same HTML, without a token and a dispatch per piece."""
    find = _scans(lin)[0]
    if len(tokens) == 1:  # a parse that is one piece of text (the loop below gives the same)
        tok = tokens[0]
        if tok["type"] == "text" and tok.keys() <= _TEXT_KEYS:
            one: list[str] = []
            _write_run(tok["raw"], one, html, find)
            return [{"type": _HTML, "raw": one[0] if len(one) == 1 else "".join(one)}]
    out: list[Token] = []
    in_html_link = 0
    pending: list[str] = []
    parts: list[str] = []  # the run rendered so far
    escape = html.text
    write_link = html.link
    special = html.special
    if special is None:
        special = _ALWAYS

    for tok in tokens:
        kind = tok["type"]
        if kind == "text" and tok.keys() <= _TEXT_KEYS:
            pending.append(tok["raw"])
            continue
        if pending:  # (written here, not in a nested function: one call less per run)
            _write_run(pending[0] if len(pending) == 1 else "".join(pending), parts, html, None if in_html_link else find)
            pending.clear()
        if kind == _HTML:  # a link written by the scheme rule
            parts.append(tok["raw"])
            continue
        if kind == "link":
            keys = tok.keys()
            if keys == _LINK_KEYS:
                children = tok["children"]
                if len(children) == 1 and children[0]["type"] == "text" and children[0].keys() <= _TEXT_KEYS:
                    attrs = tok["attrs"]
                    raw = children[0]["raw"]
                    text_html = escape(raw) if special(raw) else raw
                    if attrs.keys() == _URL_ONLY:
                        parts.append(write_link(text_html, attrs["url"]))
                    else:
                        link = html.renderer.link
                        parts.append(link(text_html, **attrs) if attrs else link(text_html))
                    continue
        if parts:
            out.append({"type": _HTML, "raw": "".join(parts)})
            parts.clear()
        if kind == "inline_html":
            in_html_link = _a_depth(tok, in_html_link)
        elif not in_html_link and _linked_inside(kind, tok):
            tok["children"] = _render_runs(tok["children"], lin, html)
        out.append(tok)
    if pending:
        _write_run(pending[0] if len(pending) == 1 else "".join(pending), parts, html, None if in_html_link else find)
    if parts:
        out.append({"type": _HTML, "raw": "".join(parts)})
    return out


_Scans = tuple[Callable[[str], Iterable[Link]], Callable[[str], object] | None]


def _write_run(text: str, parts: list[str], html: _Html, find: Callable[[str], Iterable[Link]] | None) -> None:
    """Append to ``parts`` the HTML of ``text`` with the links ``find`` finds in it
    (``None``: none, inside a raw HTML ``<a>``)."""
    escape = html.text
    special = html.special
    if special is None:
        special = _ALWAYS
    found = () if find is None else find(text)
    dirty = special(text)  # a piece of a text special() passes passes too (a link's text is one)
    if not found:
        parts.append(escape(text) if dirty else text)
        return
    write_link = html.link
    last = 0
    for link in found:
        start = link.start
        if start > last:
            piece = text[last:start]
            parts.append(escape(piece) if dirty and special(piece) else piece)
        shown = link.text
        if link.punycode_host or (not shown.isascii() and _maybe_bidi(shown) and _bidi(shown)):
            shown = visible_text(link)  # (a text is shown as written unless that would break §8)
        if (dirty or shown is not link.text) and special(shown):
            shown = escape(shown)
        parts.append(write_link(shown, link.href))
        last = link.end
    if last:
        text = text[last:]
    parts.append(escape(text) if dirty and special(text) else text)


def _scans(lin: LinkifyUts58) -> _Scans:
    """``(find, scanner)`` for ``lin``'s configuration. ``find(text)`` is the links of a
    run of text: ``lin._finder()`` after ``lin.pretest``; for the plain finder, the
    compiled gated scan called at once (what ``find_links(text, policy=…)`` calls after
    its argument checks, which cost as much as the scan of a short run of text).
    ``scanner`` is that compiled gated scan (``None`` when the finder is not the plain
    one or the gate cannot serve the policy). Kept on ``lin`` (this runs per inline parse)."""
    known = lin.__dict__.get("_uts58_mistune_scans")
    policy = lin.policy
    if known is not None and known[0] is lin._version and known[1] is policy:
        return known[2]  # type: ignore[no-any-return]
    full = lin._finder()
    plain = lin._plain()
    scanner = _fast_scanner(policy) if plain else None
    find = full
    if not plain:
        pretest = lin.pretest

        def find(text: str) -> Iterable[Link]:
            return full(text) if pretest(text) else ()

    elif scanner is not None:
        gated = scanner

        def find(text: str) -> Iterable[Link]:
            out = gated(text)
            if type(out) is list:
                return out
            if out is None:
                return full(text)  # (the gate cannot serve this text)
            return _with_suspects(text, policy, out)  # type: ignore[arg-type]

    setup = (find, scanner)  # (with the plain finder, lin.pretest would change nothing)
    lin.__dict__["_uts58_mistune_scans"] = (lin._version, policy, setup)
    return setup


#: The mistune plugin: ``mistune.create_markdown(plugins=[uts58_icu.mistune.linkify])``.
linkify: Plugin = make_linkify()


def __getattr__(name: str) -> Any:
    if name == "NbconvertMarkdown2HTML":
        cls = _nbconvert_filter_class()
        globals()[name] = cls
        return cls
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _nbconvert_filter_class() -> type:
    """Build the nbconvert filter class (imports nbconvert, traitlets and jinja2)."""
    import jinja2
    from mistune.plugins import import_plugin
    from nbconvert.filters.markdown_mistune import IPythonRenderer, MarkdownWithMath
    from traitlets.config import Configurable

    # jinja2 passes the template context to a callable with this marker.
    pass_arg = jinja2.pass_context(lambda: None).jinja_pass_arg  # type: ignore[attr-defined]

    class NbconvertMarkdown2HTML(Configurable):
        """nbconvert's ``markdown2html`` filter, linkified with UTS #58.

        nbconvert's ``HTMLExporter`` renders Markdown cells with mistune through its
        ``markdown2html`` template filter, with mistune's ``url`` plugin on. A
        template exporter's ``filters`` option replaces a filter by name; given an
        import string of a configurable class, nbconvert builds it with the exporter
        as its parent::

            HTMLExporter(filters={"markdown2html": "uts58_icu.mistune.NbconvertMarkdown2HTML"})

        or, in ``jupyter_nbconvert_config.py``::

            c.HTMLExporter.filters = {"markdown2html": "uts58_icu.mistune.NbconvertMarkdown2HTML"}

        The cell is rendered as nbconvert renders it (its renderer, with the
        exporter's ``embed_images``, anchor-link and lexer options and the cell's
        attachments; its plugins), with :func:`linkify` in place of ``url``.
        """

        def __init__(self, **kwargs: Any) -> None:
            super().__init__(**kwargs)
            self.jinja_pass_arg = pass_arg
            self.plugin = linkify

        def __call__(self, context: Any, source: str) -> str:
            exporter = self.parent
            cell = context.get("cell", {}) or {}
            resources = context.get("resources", {}) or {}
            renderer = IPythonRenderer(
                escape=False,
                attachments=cell.get("attachments", {}),
                embed_images=getattr(exporter, "embed_images", False),
                path=resources.get("metadata", {}).get("path", ""),
                anchor_link_text=getattr(exporter, "anchor_link_text", "¶"),
                exclude_anchor_links=getattr(exporter, "exclude_anchor_links", False),
                **getattr(exporter, "lexer_options", {}),
            )
            plugins: list[Any] = [import_plugin(p) for p in MarkdownWithMath.DEFAULT_PLUGINS if p != "url"]
            plugins.append(self.plugin)
            return str(MarkdownWithMath(renderer=renderer, plugins=plugins).render(source))

    return NbconvertMarkdown2HTML
