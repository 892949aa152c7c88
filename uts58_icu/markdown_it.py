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

This module does not import markdown-it-py or linkify-it-py.
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
from .core.properties import SOFT, derived, regex_class
from .core.tlds import default_tlds
from .linkification.apply import apply_policy
from .linkification.policy import LinkPolicy, resolve_policy

__all__ = ["LinkifyUts58", "Match"]

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
        policy: LinkPolicy | str | None = None,
    ) -> None:
        self.policy: LinkPolicy = resolve_policy(policy, "recommended")
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
        for link in apply_policy(text, self._base(text), self.policy, tlds=tlds):
            if self._wanted(link):
                yield link

    def pretest(self, text: str) -> bool:
        """A quick check: ``False`` means ``text`` surely has no link."""
        require_str(text, "text")
        return "//" in text or "@" in text or any(sep in text for sep in LABEL_SEPARATORS)

    def test(self, text: str) -> bool:
        """Whether ``text`` has a link."""
        if not self.pretest(text):
            return False
        return next(self._iter(text), None) is not None

    def match(self, text: str) -> list[Match] | None:
        """All links of ``text`` in order, or ``None`` when there is none."""
        require_str(text, "text")
        found = [_to_match(link) for link in self._iter(text)]
        return found or None

    def match_at_start(self, text: str) -> Match | None:
        """The link with a scheme (``https://…``) that starts ``text``, if any.

        As with linkify-it-py, links without a scheme are not matched here. Unlike
        :meth:`match`, ``url`` is the link *text* (markdown-it-py's inline rule
        advances by ``len(url)`` and builds the href with ``normalizeLink``).

        markdown-it-py calls this at every ``://`` with the whole rest of the
        paragraph, so the time must not depend on what follows the link. Detection
        runs on a prefix of ``text`` (a window) that grows geometrically until the
        result cannot depend on what lies beyond it (:meth:`_settled`): the cost is
        proportional to the link and the characters detection must look at after it.
        """
        require_str(text, "text")
        kept = self.link_at(text, 0)
        if kept is None:
            return None
        # markdown-it-py advances by len(match.url) and normalizes url itself:
        # here url is the link text, not the (escaped) href.
        return Match(_schema(kept), 0, kept.end, kept.text, kept.text, kept.text)

    def link_at(self, text: str, pos: int) -> Link | None:
        """The link with a scheme that starts at ``text[pos]`` (offsets relative to
        ``pos``), as :meth:`match_at_start` finds it, without copying ``text``."""
        head = _SCHEME.match(text, pos)
        if head is None:
            return None
        n = len(text) - pos
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
        if link is None:
            return None
        tlds = default_tlds() if self._tlds is None else self._tlds
        kept = next(apply_policy(window, [link], self.policy, tlds=tlds), None)
        if kept is None or kept.start != 0 or not self._wanted(kept):
            return None
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
