"""A drop-in replacement for linkify-it-py in markdown-it-py, backed by UTS #58.

>>> from markdown_it import MarkdownIt
>>> md = MarkdownIt("commonmark", {"linkify": True}).enable("linkify")
>>> md.linkify = LinkifyUts58()
>>> md.render("See example.com/a_(b)).")
'<p>See <a href="https://example.com/a_(b)">example.com/a_(b)</a>).</p>\\n'

markdown-it-py (3.x and 4.x) calls four methods of ``md.linkify``:

* the core rule ``linkify`` calls :meth:`LinkifyUts58.pretest` and
  :meth:`LinkifyUts58.test` on each text token, then :meth:`LinkifyUts58.match`
  and reads ``index``, ``last_index``, ``schema``, ``text`` and ``url`` of each match;
* the inline rule ``linkify`` (at ``://``) calls :meth:`LinkifyUts58.match_at_start`
  on the rest of the paragraph and advances by ``len(match.url)`` (so there ``url``
  is the link text).

``url`` is the link's ``href`` (``https://`` is prepended to a URL without a
scheme, ``mailto:`` to an email address); markdown-it-py then percent-encodes it
(``normalizeLink``). ``schema`` is ``''`` for a URL without a scheme, ``'mailto:'``
for an email address, else the scheme in lower case with its colon (``'https:'``),
as linkify-it-py reports them.

The options of linkify-it-py's ``LinkifyIt`` are here too (``set``, ``tlds``,
``add``), mapped onto UTS #58 detection; see :class:`LinkifyUts58`.

markdown-it-py's own rules show a link as ``normalizeLinkText(text)``, which decodes
``%XX`` escapes and shows hosts in Unicode; with the drop-in alone, a link that would
then break the §8 display rule is not linked (:func:`shown_as_written`). The plugin
:func:`linkify_plugin` (``md.use(linkify_plugin)``) replaces those two rules: such a
link is shown as its :attr:`~uts58_icu.Link.display`, and text with many
``scheme://`` that are no link renders in linear time.

This module does not import markdown-it-py (its rules do, when they run) or linkify-it-py.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ._args import require_str
from ._icu import idna_to_unicode
from .core import detection as _core
from .core._classes import LABEL_SEPARATORS, patterns
from .core.detection import Link
from .core.escaping import decode_for_checks, escape_invisibles
from .core.properties import SOFT, derived, regex_class
from .core.tlds import default_tlds
from .linkification.apply import _with_host_cuts, apply_policy
from .linkification.policy import LinkPolicy

__all__ = ["LinkifyUts58", "Match", "linkify_plugin", "shown_as_written", "visible_text"]

_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.\-]*:)//")
_SCHEME_NAME = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*")
_OPTIONS = ("fuzzy_link", "fuzzy_email", "fuzzy_ip")

# match_at_start reads the text through a window that grows geometrically (see there).
_FIRST_WINDOW = 128
#: Characters after the point where detection of the link at the start has surely
#: stopped, kept in the window: they cover the longest lookahead of detection
#: (a ``:~:`` sequence, a 5-digit port, a bracketed IPv6 host) and of the policy's
#: context rules (what stands right after a link).
_MARGIN = 64


@dataclass(slots=True)
class Match:
    """One link, with the attributes of ``linkify_it.main.Match``.

    ``raw`` and ``text`` are the linked text, ``url`` the href; ``index`` and
    ``last_index`` are code point offsets of the link in the searched text.
    """

    schema: str
    index: int
    last_index: int
    raw: str
    text: str
    url: str


def _schema(link: Link) -> str:
    if link.kind == "email":
        return "mailto:"
    m = _SCHEME.match(link.text)
    return m.group(1).lower() if m else ""


def _to_match(link: Link) -> Match:
    return Match(_schema(link), link.start, link.end, link.text, link.text, link.href)


@lru_cache(maxsize=1)
def _not_soft() -> Any:
    """A character that is not Link_Term=Soft (Include, Hard, Open or Close)."""
    return re.compile(regex_class(derived().term_ranges[SOFT], negate=True))


@lru_cache(maxsize=1)
def _core_options() -> frozenset[str]:
    """Which of ``schemes``, ``emails``, ``schemeless``, ``dotless_hosts`` the core detector accepts."""
    params = inspect.signature(_core.iter_links).parameters
    return frozenset(p for p in ("schemes", "emails", "schemeless", "dotless_hosts") if p in params)


def _breaks_display_rule(link: Link, shown: str) -> bool:
    """Whether showing ``link`` as ``shown`` breaks the §8 display rule of
    :attr:`Link.display`: a Bidi_Control or Default_Ignorable character raw outside
    the glyph sequences the display keeps (issue 22 item 5), or a host in Unicode
    where the policy shows it in Punycode (``idn_display``, item 6)."""
    if link.punycode_host and not shown.isascii():
        return True
    return bool(patterns().bidi_or_ignorable.search(shown)) and (
        escape_invisibles(shown, strict=link.escape_invisibles) != shown
    )


def visible_text(link: Link, shown: str | None = None) -> str:
    """The text people see for ``link``: ``shown`` (how an engine shows a link by
    itself; default the text as written), or :attr:`Link.display` where ``shown``
    would break the §8 display rule (a raw bidi control or default-ignorable
    character, a confusable host in Unicode)."""
    shown = link.text if shown is None else shown
    return link.display if _breaks_display_rule(link, shown) else shown


def shown_as_written(link: Link) -> bool:
    """Whether markdown-it-py's own linkify rules show ``link`` as the display rule requires.

    Those rules show a link as ``normalizeLinkText(text)``: ``%XX`` escapes decoded,
    the host from Punycode to Unicode. That is safe unless the text, raw or decoded,
    holds a Bidi_Control or Default_Ignorable character that :attr:`Link.display`
    would escape (issue 22 item 5), or the policy shows the host in Punycode
    (``idn_display``, item 6). :meth:`LinkifyUts58.match` and
    :meth:`~LinkifyUts58.match_at_start` leave such a link out (link less);
    :func:`linkify_plugin` shows it as its ``display``.
    """
    if link.punycode_host:
        return False
    return not any(_breaks_display_rule(link, shown) for shown in (link.text, decode_for_checks(link.text)))


def _tld_key(tld: object) -> str:
    if not isinstance(tld, str):
        raise TypeError(f"each TLD must be a str, not {type(tld).__name__}")
    key = tld.strip().lstrip(".").lower()
    if not key:
        raise ValueError(f"empty TLD: {tld!r}")
    if key.startswith("xn--"):
        uni, ok = idna_to_unicode(key)
        if not ok:
            raise ValueError(f"TLD {tld!r} is not a valid A-label")
        key = uni.lower()
    return key


class LinkifyUts58:
    """linkify-it-py's ``LinkifyIt`` interface, as markdown-it-py uses it, on UTS #58.

    ``options`` takes linkify-it-py's options (see :meth:`set`). ``tlds`` replaces
    the default top-level domains (see :meth:`tlds`). ``policy`` is the §8
    linkification policy; the default (``None``) is :meth:`LinkPolicy.recommended`,
    the policy for text people read; ``LinkPolicy()`` is the conformant base.

    Differences from linkify-it-py, by design: the TLD list applies to every URL,
    with or without a scheme (UTS #58 requires a known TLD); a URL with an IP host is
    linked only with a scheme, so ``fuzzy_ip`` changes nothing; a schema added with
    :meth:`add` is linked by UTS #58's rules (its ``validate`` / ``normalize`` are
    not run).
    """

    def __init__(
        self,
        options: Mapping[str, bool] | None = None,
        *,
        tlds: Collection[str] | None = None,
        policy: LinkPolicy | None = None,
    ) -> None:
        if policy is not None and not isinstance(policy, LinkPolicy):
            raise TypeError(f"policy must be a LinkPolicy or None, not {type(policy).__name__}")
        self.policy: LinkPolicy = LinkPolicy.recommended() if policy is None else policy
        self._opts: dict[str, bool] = {"fuzzy_link": True, "fuzzy_email": True, "fuzzy_ip": False}
        self._tlds: frozenset[str] | None = None
        self._schemes: tuple[str, ...] = ()  # added with add(schema, definition)
        self._disabled: frozenset[str] = frozenset()  # add(schema, None)
        if tlds is not None:
            self.tlds(tlds)
        if options is not None:
            self.set(options)

    # -- linkify-it-py's configuration methods -------------------------------------

    def set(self, options: Mapping[str, bool]) -> LinkifyUts58:
        """Update options, as ``LinkifyIt.set``: ``fuzzy_link`` (link URLs without a
        scheme, default ``True``), ``fuzzy_email`` (link email addresses without
        ``mailto:``, default ``True``), ``fuzzy_ip`` (accepted; see the class notes).
        Other keys are accepted and ignored, as linkify-it-py does. Returns ``self``.
        """
        if not isinstance(options, Mapping):
            raise TypeError(f"options must be a mapping, not {type(options).__name__}")
        for key, value in options.items():
            if key in _OPTIONS and not isinstance(value, bool):
                raise TypeError(f"option {key!r} must be a bool, not {type(value).__name__}")
        self._opts.update({k: bool(v) for k, v in options.items() if k in _OPTIONS})
        return self

    def tlds(self, list_tlds: str | Iterable[str], keep_old: bool = False) -> LinkifyUts58:
        """Set the top-level domains, as ``LinkifyIt.tlds``; ``keep_old`` adds them to
        the ones in use instead. Names are normalised (``'.COM'`` → ``'com'``,
        ``'xn--p1ai'`` → ``'рф'``). Returns ``self``.
        """
        if not isinstance(keep_old, bool):
            raise TypeError(f"keep_old must be a bool, not {type(keep_old).__name__}")
        items = [list_tlds] if isinstance(list_tlds, str) else list_tlds
        if isinstance(items, (bytes, bytearray)) or not isinstance(items, Iterable):
            raise TypeError(f"list_tlds must be a str or an iterable of str, not {type(list_tlds).__name__}")
        new = frozenset(_tld_key(t) for t in items)
        if keep_old:
            old = default_tlds() if self._tlds is None else self._tlds
            new = frozenset(old) | new
        self._tlds = new
        return self

    def add(self, schema: str, definition: str | Mapping[str, Any] | None) -> LinkifyUts58:
        """Add or disable a schema, as ``LinkifyIt.add``.

        ``definition`` ``None`` disables ``schema`` (``add('ftp:', None)``); a str
        (an alias, ``add('git:', 'http:')``) or a mapping links URLs with that scheme
        by UTS #58's rules, through the ``schemes`` option of :func:`uts58_icu.find_links`.
        Returns ``self``.
        """
        require_str(schema, "schema")
        name = schema.lower().rstrip(":")
        if not _SCHEME_NAME.fullmatch(name):
            raise ValueError(f"schema must be a URL scheme such as 'git:', not {schema!r}")
        if definition is None:
            self._disabled = self._disabled | {name + ":"}
            self._schemes = tuple(s for s in self._schemes if s != name)
            return self
        if not isinstance(definition, (str, Mapping)):
            raise TypeError(
                f"definition must be a str, a mapping or None, not {type(definition).__name__}"
            )
        if "schemes" not in _core_options():
            raise NotImplementedError(
                "adding a schema needs the schemes= option of uts58_icu.find_links, "
                "which this version does not have"
            )
        self._disabled = self._disabled - {name + ":"}
        if name not in self._schemes:
            self._schemes = (*self._schemes, name)
        return self

    # -- detection -----------------------------------------------------------------

    def _base(self, text: str) -> Iterator[Link]:
        kwargs: dict[str, Any] = {}
        have = _core_options()
        if self._schemes and "schemes" in have:
            kwargs["schemes"] = self._schemes
        if not self._opts["fuzzy_link"] and "schemeless" in have:
            kwargs["schemeless"] = False
        dotless = getattr(self.policy, "dotless_hosts", None)
        if dotless and "dotless_hosts" in have:
            kwargs["dotless_hosts"] = dotless  # single-label hosts the policy links after a scheme
        return _core.iter_links(text, tlds=self._tlds, **kwargs)

    def _wanted(self, link: Link) -> bool:
        schema = _schema(link)
        if schema in self._disabled:
            return False
        if link.kind == "email":
            return self._opts["fuzzy_email"] or link.text[:7].lower() == "mailto:"
        return self._opts["fuzzy_link"] or schema != ""

    def _iter(self, text: str) -> Iterator[Link]:
        tlds = default_tlds() if self._tlds is None else self._tlds
        base = _with_host_cuts(text, self._base(text), self.policy, tlds, _core.SPECIAL_SCHEMES | set(self._schemes))
        for link in apply_policy(text, base, self.policy, tlds=tlds):
            if self._wanted(link):
                yield link

    def links(self, text: str) -> Iterator[Link]:
        """The links of ``text`` in order, as :class:`~uts58_icu.Link` objects: the
        policy applied, the options and TLDs of this linkifier. For integrations that
        show the links themselves, through :func:`visible_text`."""
        require_str(text, "text")
        return self._iter(text)

    def pretest(self, text: str) -> bool:
        """A quick check: ``False`` means ``text`` surely has no link."""
        require_str(text, "text")
        return "//" in text or "@" in text or any(sep in text for sep in LABEL_SEPARATORS)

    def test(self, text: str) -> bool:
        """Whether ``text`` has a link."""
        if not self.pretest(text):
            return False
        return any(shown_as_written(link) for link in self._iter(text))

    def match(self, text: str) -> list[Match] | None:
        """All links of ``text`` in order, or ``None`` when there is none.

        Called by markdown-it-py's own core rule, which shows a link as
        ``normalizeLinkText(text)``: a link that would then not be shown as its
        ``display`` (see :func:`shown_as_written`) is left out. :func:`linkify_plugin`
        shows such a link as its ``display``.
        """
        require_str(text, "text")
        found = [_to_match(link) for link in self._iter(text) if shown_as_written(link)]
        return found or None

    def match_at_start(self, text: str) -> Match | None:
        """The link with a scheme (``https://…``) that starts ``text``, if any.

        As with linkify-it-py, links without a scheme are not matched here. Unlike
        :meth:`match`, ``url`` is the link *text* (markdown-it-py's inline rule
        advances by ``len(url)`` and builds the href with ``normalizeLink``). The
        match always covers ``scheme://`` and more, so the inline rule moves on.

        markdown-it-py calls this at every ``://`` with the whole rest of the
        paragraph, so the time must not depend on what follows the link. Detection
        runs on a prefix of ``text`` (a window) that grows geometrically until the
        result cannot depend on what lies beyond it (:meth:`_settled`): the cost is
        proportional to the link and the characters detection must look at after it.
        """
        require_str(text, "text")
        kept = self.link_at(text, 0)
        if kept is None or not shown_as_written(kept):
            return None
        # markdown-it-py advances by len(match.url) and normalizes url itself:
        # here url is the link text, not the (escaped) href.
        return Match(_schema(kept), 0, kept.end, kept.text, kept.text, kept.text)

    def link_at(self, text: str, pos: int, end: int | None = None) -> Link | None:
        """The link with a scheme that starts at ``text[pos]`` (offsets relative to
        ``pos``), as :meth:`match_at_start` finds it, without copying ``text``;
        ``end`` limits the text read (default: to its end).

        The link returned always covers ``scheme://`` and more: a link that starts
        at ``pos`` but ends before the ``://`` (``e.org`` in ``e.org://x``, a link
        without a scheme) is not the link with a scheme that starts there (issue 22
        item 2: markdown-it-py's inline rule would not move on).
        """
        head = _SCHEME.match(text, pos, len(text) if end is None else end)
        if head is None:
            return None
        n = (len(text) if end is None else min(end, len(text))) - pos
        size = _FIRST_WINDOW
        cap = self._window_cap()
        while True:
            if cap is not None:
                size = min(size, cap)
            window = text[pos : pos + min(n, size)]
            link = next(self._base(window), None)
            if link is not None and link.start != 0:
                link = None
            if len(window) == n or self._settled(window, head.end() - pos, link):
                break
            if cap is not None and len(window) >= cap:
                # Longer than any link the policy keeps: markdown-it-py then moves one
                # character on and calls again inside the same long link, so reading it
                # whole each time would be quadratic. The core rule (match) still sees it.
                return None
            size *= 16
        if link is None or link.end <= head.end() - pos:
            return None
        tlds = default_tlds() if self._tlds is None else self._tlds
        kept = next(apply_policy(window, [link], self.policy, tlds=tlds), None)
        if kept is None or kept.start != 0 or kept.kind != "url" or not self._wanted(kept):
            return None
        if kept.end <= head.end() - pos:
            return None  # narrowed by the policy to no more than its scheme
        return kept

    def _window_cap(self) -> int | None:
        """With a length limit in the policy, a window size past which the link at the
        start is certainly too long for the policy (its rules only narrow a link by a
        few characters of markup or at CJK text); ``None`` without a limit."""
        longest = self.policy.max_link_length
        if self.policy.max_part_length is not None:
            # scheme, host (≤ 253) and port, then at most path, query, fragment, directive
            by_parts = 300 + 4 * self.policy.max_part_length
            longest = by_parts if longest is None else min(longest, by_parts)
        return None if longest is None else 2 * (longest + _MARGIN)

    @staticmethod
    def _settled(window: str, host_start: int, link: Link | None) -> bool:
        """Whether the link at the start of ``window`` is the one of any longer text.

        With a link ending at ``end``: some character at or after ``end`` (with
        ``_MARGIN`` characters after it) is not Link_Term=Soft. §3.5.1 step 5 either
        stops at such a character or moves lastSafe past it, so termination stopped
        before it, and the link would end at ``end`` whatever follows. Without a
        link: the run of host characters after ``scheme://`` ended ``_MARGIN``
        characters before the end of the window, and whether a host is valid is
        decided from that run and the character after it.
        """
        limit = len(window) - _MARGIN
        if link is None:
            run_end: int = patterns().domain_chars.match(window, host_start).end()
            return run_end < limit
        return link.end < limit and _not_soft().search(window, link.end, limit) is not None

    def test_schema_at(self, text: str, name: str, position: int) -> int:
        """Length of the link tail after schema ``name`` ending at ``position`` (0 if none)."""
        require_str(text, "text")
        require_str(name, "name")
        start = position - len(name)
        if start < 0 or text[start:position].lower() != name.lower():
            return 0
        m = self.match_at_start(text[start:])
        return m.last_index - len(name) if m else 0


# -- markdown-it-py rules: every link shown as its display ----------------------------

#: A scheme before ``://`` at the end of markdown-it-py's pending text (RFC 3986
#: scheme characters, after a character that is not one or at the start).
_PROTO = re.compile(r"(?:^|[^A-Za-z0-9.+\-])([A-Za-z][A-Za-z0-9.+\-]*+)\Z")
#: The longest scheme looked for; the core detector looks no further either.
_MAX_PROTO = 64
_A_OPEN = re.compile(r"<a[>\s]", re.IGNORECASE)
_A_CLOSE = re.compile(r"</a\s*>", re.IGNORECASE)


def linkify_plugin(md: Any, linkifier: LinkifyUts58 | None = None) -> None:
    """markdown-it-py plugin: ``MarkdownIt("commonmark").use(linkify_plugin)``.

    Turns linkify on (option, rules) with ``linkifier`` (default: ``md.linkify`` when
    it is a :class:`LinkifyUts58`, else ``LinkifyUts58()``), and replaces
    markdown-it-py's two ``linkify`` rules with ones that

    * show each link as markdown-it-py does (``normalizeLinkText(text)``: ``%XX``
      decoded, the host in Unicode), or as its :attr:`~uts58_icu.Link.display` where
      that would break the §8 display rule (a raw Bidi_Control or Default_Ignorable
      character; a confusable host in Unicode under
      ``idn_display='punycode_if_confusable'``): see :func:`visible_text`;
    * take the href from the link (``Link.href``, through ``md.normalizeLink``);
    * find the scheme before ``://`` in a bounded tail of the pending text, and read
      the paragraph without copying it, so text with many ``scheme://`` that are no
      link renders in linear time (markdown-it-py's rule searches the whole pending
      text at each one: issue 22 item 9).

    The rules keep markdown-it-py's names (``md.enable("linkify")`` and
    ``md.disable("linkify")`` still work); with another linkifier in ``md.linkify``
    they run markdown-it-py's own rules.
    """
    if linkifier is None:
        linkifier = md.linkify if isinstance(md.linkify, LinkifyUts58) else LinkifyUts58()
    elif not isinstance(linkifier, LinkifyUts58):
        raise TypeError(f"linkifier must be a LinkifyUts58, not {type(linkifier).__name__}")
    md.linkify = linkifier
    md.options["linkify"] = True
    md.inline.ruler.at("linkify", inline_rule)
    md.core.ruler.at("linkify", core_rule)
    md.enable("linkify")


def inline_rule(state: Any, silent: bool) -> bool:
    """markdown-it-py inline rule ``linkify`` (see :func:`linkify_plugin`): at ``://``,
    links the URL with a scheme that starts at the scheme before it."""
    lin = state.md.linkify
    if not isinstance(lin, LinkifyUts58):
        from markdown_it.rules_inline import linkify as stock

        return bool(stock(state, silent))
    if not state.md.options.get("linkify") or state.linkLevel > 0:
        return False
    pos: int = state.pos
    src: str = state.src
    if pos + 3 > state.posMax or not src.startswith("://", pos):
        return False
    pending: str = state.pending
    m = _PROTO.search(pending, max(0, len(pending) - _MAX_PROTO - 1))
    if m is None:
        return False
    proto = m.group(1)
    start = pos - len(proto)
    if start < 0 or src[start:pos] != proto:
        return False
    link = lin.link_at(src, start, state.posMax)
    if link is None:
        return False
    text = link.text
    cut = len(text.rstrip("*"))  # as markdown-it-py: a final '*' is emphasis
    if cut < len(text):
        link = lin.link_at(src, start, start + cut)
        if link is None:
            return False
        text = link.text
    href = state.md.normalizeLink(link.href)
    if not state.md.validateLink(href):
        return False
    if not silent:
        state.pending = pending[: -len(proto)]
        _push_link(state.push, href, visible_text(link, state.md.normalizeLinkText(text)))
    state.pos = start + len(text)  # > pos: link_at's link covers "scheme://" and more
    return True


def _push_link(push: Any, href: str, shown: str) -> list[Any]:
    """``link_open``, ``text``, ``link_close`` through ``push(type, tag, nesting)``."""
    opening = push("link_open", "a", 1)
    opening.attrs = {"href": href}
    text = push("text", "", 0)
    text.content = shown
    closing = push("link_close", "a", -1)
    for tok in (opening, closing):
        tok.markup = "linkify"
        tok.info = "auto"
    return [opening, text, closing]


def core_rule(state: Any) -> None:
    """markdown-it-py core rule ``linkify`` (see :func:`linkify_plugin`): links the text
    tokens of each inline block, outside Markdown links and raw HTML ``<a>``."""
    lin = state.md.linkify
    if not isinstance(lin, LinkifyUts58):
        from markdown_it.rules_core import linkify as stock

        stock(state)
        return
    if not state.md.options.get("linkify"):
        return
    for block in state.tokens:
        if block.type == "inline" and block.children and lin.pretest(block.content):
            block.children = _linkify_children(state.md, lin, block.children)


def _linkify_children(md: Any, lin: LinkifyUts58, tokens: list[Any]) -> list[Any]:
    out: list[Any] = []
    in_link = 0  # inside a Markdown link
    in_html_link = 0  # inside a raw HTML <a>…</a>
    for i, tok in enumerate(tokens):
        kind = tok.type
        if kind == "link_open":
            in_link += 1
        elif kind == "link_close":
            in_link = max(0, in_link - 1)
        elif kind == "html_inline":
            if _A_OPEN.match(tok.content):
                in_html_link += 1
            elif _A_CLOSE.match(tok.content) and in_html_link:
                in_html_link -= 1
        elif kind == "text" and not in_link and not in_html_link and lin.pretest(tok.content):
            after_escape = i > 0 and tokens[i - 1].type == "text_special"
            out.extend(_split_text(md, lin, tok, after_escape))
            continue
        out.append(tok)
    return out


def _normalized_text(md: Any, link: Link) -> str:
    """How markdown-it-py's own core rule shows ``link``: ``md.normalizeLinkText``, with
    ``http://`` before a URL without a scheme so that its host is recoded too."""
    if link.kind == "url" and not _SCHEME.match(link.text):
        shown: str = md.normalizeLinkText("http://" + link.text)
        return shown[7:] if shown.startswith("http://") else shown
    return str(md.normalizeLinkText(link.text))


def _split_text(md: Any, lin: LinkifyUts58, tok: Any, after_escape: bool) -> list[Any]:
    text: str = tok.content
    found = list(lin.links(text))
    if found and after_escape and found[0].start == 0:
        found = found[1:]  # "http\://x.com": what follows an escape stays text, as in markdown-it-py
    if not found:
        return [tok]
    token_type = type(tok)
    out: list[Any] = []

    def push(kind: str, tag: str, nesting: int) -> Any:
        new = token_type(kind, tag, nesting)
        new.level = tok.level + (1 if out and out[-1].nesting == 1 else 0)  # a link's text is inside it
        out.append(new)
        return new

    last = 0
    for link in found:
        href = md.normalizeLink(link.href)
        if not md.validateLink(href):
            continue
        if link.start > last:
            push("text", "", 0).content = text[last : link.start]
        _push_link(push, href, visible_text(link, _normalized_text(md, link)))
        last = link.end
    if last < len(text):
        push("text", "", 0).content = text[last:]
    return out
