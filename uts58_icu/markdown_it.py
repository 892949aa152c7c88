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
import sys
import weakref
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache, partial
from typing import Any

from ._args import require_str
from ._icu import idna_to_unicode
from .core import detection as _core
from .core._classes import LABEL_SEPARATORS, patterns
from .core.detection import Link
from .core.escaping import decode_for_checks, escape_invisibles
from .core.properties import SOFT, derived, regex_class
from .core.tlds import default_tlds
from .linkification import _gate
from .linkification.apply import _with_host_cuts, apply_policy
from .linkification.apply import find_links as _find_with_policy
from .linkification.policy import LinkPolicy, resolve_policy

__all__ = ["LinkifyItOptions", "LinkifyUts58", "Match", "linkify_plugin", "shown_as_written", "visible_text"]

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
#: Where an authority ends (RFC 3986 with WHATWG's backslash; the rejected-authority and
#: userinfo rules read up to it: an '@' far after the host changes the whole URL).
_AUTHORITY_END = re.compile(r"[\s/?#\\<>\"'`{}|^]")
#: First windows whose answer link_at keeps (then it starts again).
_WINDOWS_KEPT = 512
_UNKNOWN = object()


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
    #: UTS #58's href, which the default :meth:`LinkifyUts58.normalize` puts in ``url``.
    _href: str = field(default="", repr=False, compare=False)


def _schema(link: Link) -> str:
    if link.kind == "email":
        return "mailto:"
    m = _SCHEME.match(link.text)
    return m.group(1).lower() if m else ""


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
    if shown.isascii() and not link.punycode_host:
        return shown  # every Bidi_Control and Default_Ignorable character is outside ASCII
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


# ----------------------------------------------------------------------------------
# linkify-it-py's options and schemas (issue 20). Kept apart from the detection code
# of LinkifyUts58 below, which calls in through _init_options, _apply_policy,
# _normalized, _has_extras, _extra_matches, _extra_at_start and _custom_pretest.

#: The options linkify-it-py documents (``"---"``: end a link at ``---``).
_ALL_OPTIONS = (*_OPTIONS, "---")
#: linkify-it-py's built-in schemas, all on UTS #58 here.
_BUILTIN = ("http:", "https:", "ftp:", "mailto:", "//")
_IPV4 = re.compile(r"(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])")
_IPV4_BEFORE = re.compile(r"[\w.\-@:/]")  # a character before an IP that makes it part of something else


@lru_cache(maxsize=1)
def _unicode_sources() -> dict[str, str]:
    """linkify-it's Unicode character-class sources (``src_Z``, ``src_P``, ``src_Cc``,
    ``src_ZPCc``, ``src_ZCc``) for validators that read ``self.re`` (its README's
    Example 3), built from Python's Unicode database."""
    import unicodedata

    groups: dict[str, list[tuple[int, int]]] = {"Z": [], "P": [], "Cc": []}
    for cp in range(0x110000):
        cat = unicodedata.category(chr(cp))
        key = "Cc" if cat == "Cc" else cat[0]
        if key in groups:
            ranges = groups[key]
            if ranges and ranges[-1][1] == cp - 1:
                ranges[-1] = (ranges[-1][0], cp)
            else:
                ranges.append((cp, cp))
    src = {f"src_{k}": regex_class(v) for k, v in groups.items()}
    src["src_ZPCc"] = "|".join((src["src_Z"], src["src_P"], src["src_Cc"]))
    src["src_ZCc"] = "|".join((src["src_Z"], src["src_Cc"]))
    return src


def _schema_boundary(text: str, i: int) -> bool:
    """linkify-it's rule: a schema starts the text or follows white space, punctuation,
    a control character or ``<``/``>``/``｜`` — never ``_``."""
    if i == 0:
        return True
    prev = text[i - 1]
    if prev == "_":
        return False
    if prev in "<>\uff5c":
        return True
    import unicodedata

    cat = unicodedata.category(prev)
    return cat[0] in "ZP" or cat == "Cc"


def _merge(first: list[Match], second: list[Match]) -> list[Match]:
    """Both lists in text order; of overlapping matches the earlier (then the longer) wins."""
    out: list[Match] = []
    last = 0
    for m in sorted([*first, *second], key=lambda m: (m.index, -m.last_index)):
        if m.index >= last:
            out.append(m)
            last = m.last_index
    return out


def _host_tld(link: Link) -> str:
    from urllib.parse import urlsplit

    host = link.href.rpartition("@")[2] if link.kind == "email" else (urlsplit(link.href).hostname or "")
    label = host.rstrip(".").rpartition(".")[2]
    try:
        return _tld_key(label) if label else ""
    except ValueError:
        return ""


@dataclass(frozen=True)
class _Custom:
    """A schema added with a ``{"validate": …, "normalize": …}`` definition."""

    validate: Any  # callable(self, text, pos) -> int, or a compiled pattern
    normalize: Any  # callable(self, match) or None
    anchored: bool  # a pattern that began with "^": matched at pos


class LinkifyItOptions:
    """linkify-it-py's documented options and schemas, on :class:`LinkifyUts58`.

    * :meth:`set`: ``fuzzy_link``, ``fuzzy_email`` and ``fuzzy_ip`` (a URL without a
      scheme whose host is an IPv4 address, ``192.168.1.1:8080/x``, linked as
      ``http://…``, its end found by UTS #58 as for ``http://192.168.1.1:8080/x``);
      ``"---"`` raises ``NotImplementedError`` (UTS #58 termination decides where a
      link ends); other keys raise ``ValueError``.
    * :meth:`add`: ``None`` disables a schema (``http:`` also disables links without
      a scheme, ``mailto:`` also email addresses without one, ``//`` links written
      ``//host/path``); a str alias of ``http:``/``https:``/``ftp:`` (or of a scheme
      already added) links that scheme before a host by UTS #58's rules; an alias of
      a ``validate`` schema copies it; a ``{"validate": …, "normalize": …}``
      definition is run as linkify-it-py runs it: ``validate`` is a function
      ``(self, text, pos) -> length`` or a pattern (``re.Pattern`` or str, starting
      with ``^``) matched after the schema, ``normalize`` a function
      ``(self, match)``; any schema key works (``"@"`` for mentions).
    * :meth:`tlds`: names added with ``keep_old=True`` are linked as bare names
      (``tamanegi.onion``) even where the policy's ``reject_generic_tld_names``
      would reject a word TLD: the caller asked for them.
    * :meth:`normalize` (override it to change every match's ``url``) and ``re``
      (linkify-it's ``src_ZPCc``, ``src_Z``, ``src_P``, ``src_Cc``, ``src_ZCc`` and
      room for validators to cache patterns).
    """

    policy: LinkPolicy
    _tlds: frozenset[str] | None

    def _init_options(self) -> None:
        self._opts: dict[str, bool] = {"fuzzy_link": True, "fuzzy_email": True, "fuzzy_ip": False}
        self._tlds = None
        self._named_tlds: frozenset[str] = frozenset()  # tlds(..., keep_old=True)
        self._schemes: tuple[str, ...] = ()  # added with add(schema, str alias)
        self._disabled: frozenset[str] = frozenset()  # add(schema, None)
        self._custom: dict[str, _Custom] = {}
        self._custom_re: Any = None
        self._re: dict[str, Any] | None = None
        self._changed()

    def _changed(self) -> None:
        """Called after every change of the options, TLDs or schemas: results cached
        for one configuration are not used for another."""
        self._version: object = object()

    @property
    def re(self) -> dict[str, Any]:
        """linkify-it's ``re`` dict: its Unicode class sources, and a place for
        validators to keep compiled patterns (``self.re["twitter"] = …``)."""
        if self._re is None:
            self._re = dict(_unicode_sources())
        return self._re

    # -- configuration -------------------------------------------------------------

    def set(self, options: Mapping[str, bool]) -> Any:
        """Update options, as ``LinkifyIt.set``: ``fuzzy_link`` (link URLs without a
        scheme, default ``True``), ``fuzzy_email`` (link email addresses without
        ``mailto:``, default ``True``), ``fuzzy_ip`` (link an IPv4 host without a
        scheme, default ``False``). ``{"---": True}`` raises ``NotImplementedError``;
        an unknown key raises ``ValueError``. Returns ``self``.
        """
        if not isinstance(options, Mapping):
            raise TypeError(f"options must be a mapping, not {type(options).__name__}")
        for key, value in options.items():
            if key not in _ALL_OPTIONS:
                raise ValueError(f"unknown option {key!r}: linkify-it-py's options are " + ", ".join(_ALL_OPTIONS))
            if not isinstance(value, bool):
                raise TypeError(f"option {key!r} must be a bool, not {type(value).__name__}")
            if key == "---" and value:
                raise NotImplementedError(
                    "the '---' option cannot be honoured: where a link ends is UTS #58 §3.5.1 "
                    "termination (a '-' inside a path is part of it)"
                )
        self._opts.update({k: v for k, v in options.items() if k in _OPTIONS})
        self._changed()
        return self

    def tlds(self, list_tlds: str | Iterable[str], keep_old: bool = False) -> Any:
        """Set the top-level domains, as ``LinkifyIt.tlds``; ``keep_old`` adds them to
        the ones in use instead (and links them as bare names, see the class notes).
        Names are normalised (``'.COM'`` → ``'com'``, ``'xn--p1ai'`` → ``'рф'``).
        Returns ``self``.
        """
        if not isinstance(keep_old, bool):
            raise TypeError(f"keep_old must be a bool, not {type(keep_old).__name__}")
        items = [list_tlds] if isinstance(list_tlds, str) else list_tlds
        if isinstance(items, (bytes, bytearray)) or not isinstance(items, Iterable):
            raise TypeError(f"list_tlds must be a str or an iterable of str, not {type(list_tlds).__name__}")
        new = frozenset(_tld_key(t) for t in items)
        if keep_old:
            old = default_tlds() if self._tlds is None else self._tlds
            self._named_tlds = self._named_tlds | new
            new = frozenset(old) | new
        else:
            self._named_tlds = frozenset()
        self._tlds = new
        self._changed()
        return self

    def add(self, schema: str, definition: str | Mapping[str, Any] | None) -> Any:
        """Add or disable a schema, as ``LinkifyIt.add`` (see the class notes).
        Returns ``self``."""
        require_str(schema, "schema")
        key = schema.lower()
        if not key:
            raise ValueError("schema must not be empty")
        self._changed()
        if definition is None:
            self._disabled = self._disabled | {key}
            self._schemes = tuple(s for s in self._schemes if s + ":" != key)
            self._set_custom(key, None)
            return self
        if isinstance(definition, str):
            return self._add_alias(schema, key, definition.lower())
        if not isinstance(definition, Mapping):
            raise TypeError(f"definition must be a str, a mapping or None, not {type(definition).__name__}")
        unknown = set(definition) - {"validate", "normalize"}
        if unknown:
            raise ValueError(f"a schema definition has 'validate' and 'normalize', not {sorted(unknown)!r}")
        self._set_custom(key, _custom(definition, schema))
        self._disabled = self._disabled - {key}
        return self

    def _add_alias(self, schema: str, key: str, target: str) -> Any:
        if target in self._custom:
            self._set_custom(key, self._custom[target])
        elif target in ("http:", "https:", "ftp:") or target.rstrip(":") in self._schemes:
            name = key.rstrip(":")  # "git" is taken as "git:" (integrations pass scheme names)
            if not _SCHEME_NAME.fullmatch(name):
                raise ValueError(f"an alias of {target!r} must be a URL scheme such as 'git:', not {schema!r}")
            key = name + ":"
            if "schemes" not in _core_options():  # pragma: no cover - older core
                raise NotImplementedError("adding a schema needs the schemes= option of uts58_icu.find_links")
            if name not in self._schemes:
                self._schemes = (*self._schemes, name)
            self._set_custom(key, None)
        elif target in ("mailto:", "//"):
            raise NotImplementedError(
                f"an alias of {target!r} cannot be honoured: UTS #58 links email addresses as "
                "written (with or without mailto:) and '//host' only as written"
            )
        else:
            raise ValueError(f"cannot alias {schema!r} to {target!r}: no such schema")
        self._disabled = self._disabled - {key}
        return self

    def _set_custom(self, key: str, custom: _Custom | None) -> None:
        if custom is None:
            self._custom.pop(key, None)
        else:
            self._custom[key] = custom
        keys = sorted(self._custom, key=len, reverse=True)
        self._custom_re = re.compile("|".join(map(re.escape, keys)), re.IGNORECASE) if keys else None

    def normalize(self, match: Match) -> None:
        """linkify-it's default normalizer, run on every match of :meth:`match` as
        there (override it, or set it on the instance, to change ``url``): ``url``
        comes in as the matched text and leaves as UTS #58's ``href``; a match of a
        custom schema gets linkify-it's ``http://`` / ``mailto:`` rule."""
        if match._href and match.url == match.raw:
            match.url = match._href
        elif not match.schema and "://" not in match.url:
            match.url = "https://" + match.url
        elif match.schema == "mailto:" and not match.url.lower().startswith("mailto:"):
            match.url = "mailto:" + match.url

    # -- hooks for LinkifyUts58 ----------------------------------------------------

    def _normalized(self, match: Match) -> Match:
        self.normalize(match)
        return match

    def _apply_policy(self, text: str, links: Iterable[Link], tlds: Collection[str]) -> Iterator[Link]:
        if not (self._named_tlds and self.policy.reject_generic_tld_names):
            return apply_policy(text, links, self.policy, tlds=tlds)
        # TLDs the caller named: their bare names are wanted (see tlds)
        import dataclasses

        named, other = [], []
        for link in links:
            (named if _host_tld(link) in self._named_tlds else other).append(link)
        relaxed = dataclasses.replace(self.policy, reject_generic_tld_names=False)
        out = [*apply_policy(text, other, self.policy, tlds=tlds), *apply_policy(text, named, relaxed, tlds=tlds)]
        return iter(sorted(out, key=lambda link: link.start))

    def _has_extras(self) -> bool:
        return bool(self._custom) or "//" not in self._disabled or self._fuzzy_ip()

    def _fuzzy_ip(self) -> bool:
        return self._opts["fuzzy_ip"] and self._opts["fuzzy_link"] and "http:" not in self._disabled

    def _custom_pretest(self, text: str) -> bool:
        return self._custom_re is not None and self._custom_re.search(text) is not None

    def _extra_matches(self, text: str) -> list[Match]:
        """Matches of the custom schemas, of ``//host`` and (``fuzzy_ip``) of IPv4 hosts."""
        out: list[Match] = []
        if self._custom_re is not None:
            # As linkify-it's schema regex, whose match takes the character before the
            # schema too: a schema right after another one's match ("@@x") is not one.
            consumed = 0
            m = self._custom_re.search(text)
            while m is not None:
                i = m.start()
                if i == 0 or (i - 1 >= consumed and _schema_boundary(text, i)):
                    consumed = m.end()
                    found = self._custom_at(text, i, m.group().lower())
                    if found is not None:
                        out.append(found)
                m = self._custom_re.search(text, i + 1)
        if "//" not in self._disabled and "//" not in self._custom:
            pos = text.find("//")
            while pos >= 0:
                found = self._slashes_at(text, pos)
                if found is not None:
                    out.append(found)
                pos = text.find("//", pos + 2)
        if self._fuzzy_ip():
            for m in _IPV4.finditer(text):
                if m.start() and _IPV4_BEFORE.match(text[m.start() - 1]):
                    continue
                found = self._prefixed(text, m.start(), "http://", "")
                if found is not None:
                    out.append(found)
        return out

    def _extra_at_start(self, text: str) -> Match | None:
        """As ``match_at_start``: a custom schema or ``//host`` at ``text[0]`` (``url``
        is the link text, as there)."""
        found = None
        if self._custom_re is not None:
            m = self._custom_re.match(text)
            if m is not None:
                found = self._custom_at(text, 0, m.group().lower())
        if found is None and text.startswith("//") and "//" not in self._disabled and "//" not in self._custom:
            found = self._slashes_at(text, 0)
        if found is not None:
            found.url = found.raw  # as LinkifyUts58.match_at_start: the text
        return found

    def _custom_at(self, text: str, start: int, key: str) -> Match | None:
        custom = self._custom.get(key)
        if custom is None:
            return None
        pos = start + len(key)
        length = _run_validate(self, custom, text, pos)
        if length <= 0:
            return None
        raw = text[start : pos + length]
        found = Match(key, start, pos + length, raw, raw, raw)
        if custom.normalize is None:
            self.normalize(found)
        elif inspect.ismethod(custom.normalize):
            custom.normalize(found)
        else:
            custom.normalize(self, found)
        return found

    def _slashes_at(self, text: str, pos: int) -> Match | None:
        """``//host/path`` (linkify-it's ``//`` schema): not after ``:`` or ``/``."""
        if not _schema_boundary(text, pos) or (pos and text[pos - 1] in ":/"):
            return None
        return self._prefixed(text, pos, "https:", "//")

    def _prefixed(self, text: str, pos: int, prefix: str, schema: str) -> Match | None:
        """The link UTS #58 finds in ``prefix + text[pos:]`` starting at its start, as a
        match of ``text`` (its ``url`` the href); read through growing windows, as
        :meth:`LinkifyUts58.link_at`."""
        n = len(text) - pos
        size = _FIRST_WINDOW
        host_start = len(prefix) + (2 if schema == "//" else 0)
        while True:
            window = prefix + text[pos : pos + min(n, size)]
            link = next(self._base(window), None)  # type: ignore[attr-defined]
            if link is not None and link.start != 0:
                link = None
            if size >= n or self._settled(window, host_start, link):  # type: ignore[attr-defined]
                break
            size *= 16
        if link is None or link.end <= len(prefix) + 1 or link.kind != "url":
            return None
        tlds = default_tlds() if self._tlds is None else self._tlds
        kept = next(self._apply_policy(window, [link], tlds), None)
        if kept is None or kept.start != 0:
            return None
        end = pos + kept.end - len(prefix)
        raw = text[pos:end]
        # markdown-it-py shows the match as written: not where that would break the §8
        # display rule, for the link or for one UTS #58 finds inside it ("//x.org/(b)аррӏе.com")
        if not shown_as_written(kept) or not all(shown_as_written(link) for link in self._iter(raw)):
            return None
        return self._normalized(Match(schema, pos, end, raw, raw, raw, kept.href))


def _untouched(text: str, link: Link, policy: LinkPolicy, tlds: Collection[str]) -> bool:
    """Whether the compiled gate proves that no rule of ``policy`` touches ``link`` (the
    first link of ``text``): ``apply_policy`` then yields it as it is. One call into the
    gate instead of the generators of ``apply_policy`` (``link_at`` runs at every
    ``://``); False without the compiled gate."""
    gate = _gate.gate
    if gate is None:
        return False
    config = _gate.config_of(policy)
    return config is not None and gate(text, [link], config, tlds is default_tlds()) is None


def _raw_match(link: Link) -> Match:
    """A match before :meth:`LinkifyItOptions.normalize`: ``url`` is the text, as in linkify-it."""
    return Match(_schema(link), link.start, link.end, link.text, link.text, link.text, link.href)


def _custom(definition: Mapping[str, Any], schema: str) -> _Custom:
    validate = definition.get("validate")
    normalize = definition.get("normalize")
    if normalize is not None and not callable(normalize):
        raise TypeError(f"schema {schema!r}: normalize must be a function, not {type(normalize).__name__}")
    if isinstance(validate, str):
        validate = re.compile(validate, re.IGNORECASE)  # as linkify-it-py: str patterns ignore case
    if isinstance(validate, re.Pattern):
        anchored = validate.pattern.startswith("^")
        if anchored:  # matched at pos, without copying the rest of the text
            validate = re.compile(validate.pattern[1:], validate.flags)
        return _Custom(validate, normalize, anchored)
    if not callable(validate):
        raise TypeError(
            f"schema {schema!r}: validate must be a function, a re.Pattern or a str, not {type(validate).__name__}"
        )
    return _Custom(validate, normalize, False)


def _run_validate(owner: Any, custom: _Custom, text: str, pos: int) -> int:
    validate = custom.validate
    if isinstance(validate, re.Pattern):
        m = validate.match(text, pos) if custom.anchored else validate.search(text[pos:])
        return len(m.group(0)) if m else 0
    length = validate(text, pos) if inspect.ismethod(validate) else validate(owner, text, pos)
    if not isinstance(length, int):  # (False, as linkify-it's validators return, is 0)
        raise TypeError(f"a schema's validate must return an int (a length), not {type(length).__name__}")
    return max(0, min(length, len(text) - pos))



class LinkifyUts58(LinkifyItOptions):
    """linkify-it-py's ``LinkifyIt`` interface, as markdown-it-py uses it, on UTS #58.

    ``options`` takes linkify-it-py's options (see :meth:`set`). ``tlds`` replaces
    the default top-level domains (see :meth:`tlds`). ``schemas`` are added as with
    :meth:`add` (``LinkifyIt(schemas, options)`` takes them first; here ``options``
    comes first, as before 0.2). ``policy`` is the §8 linkification policy (a
    ``LinkPolicy``, ``'recommended'`` or ``'base'``); the default (``None``) is
    :meth:`LinkPolicy.recommended`, the policy for text people read.

    Differences from linkify-it-py, by design: the TLD list applies to every URL,
    with or without a scheme (UTS #58 requires a known TLD); URLs and emails are
    found by UTS #58 (with their ``href`` as ``url``: ``https://`` for a URL without
    a scheme). The options and schemas linkify-it-py documents are in
    :class:`LinkifyItOptions`.
    """

    def __init__(
        self,
        options: Mapping[str, bool] | None = None,
        *,
        tlds: Collection[str] | None = None,
        policy: LinkPolicy | str | None = None,
        schemas: Mapping[str, Any] | None = None,
    ) -> None:
        self.policy: LinkPolicy = resolve_policy(policy, "recommended")
        self._scan_setup: tuple[Any, frozenset[str], Any] | None = None
        self._last_links: tuple[Any, str, list[Link]] | None = None
        self._windows: tuple[object, LinkPolicy, int | None, dict[tuple[str, bool, int], Link | None]] | None = None
        self._plain_for: tuple[object, bool] | None = None
        self._finder_for: tuple[object, LinkPolicy, Callable[[str], Iterable[Link]]] | None = None
        self._memo: tuple[Any, dict[Any, Any]] | None = None
        self._init_options()
        if tlds is not None:
            self.tlds(tlds)
        if schemas is not None:
            if not isinstance(schemas, Mapping):
                raise TypeError(f"schemas must be a mapping, not {type(schemas).__name__}")
            for key, definition in schemas.items():
                self.add(key, definition)
        if options is not None:
            self.set(options)

    # -- detection -----------------------------------------------------------------

    def _base(self, text: str) -> Iterator[Link]:
        """The base links of ``text`` (``iter_links`` with this linkifier's options)."""
        dotless = self.policy.dotless_hosts  # single-label hosts the policy links after a scheme
        key = (self._version, dotless)
        setup = self._scan_setup
        if setup is None or setup[0] != key:
            # validated and built once per configuration, not on every call (match_at_start
            # runs at each "://" of a paragraph)
            opts = _core.scan_options(schemes=self._schemes, schemeless=self._opts["fuzzy_link"], dotless_hosts=dotless)
            setup = self._scan_setup = (key, _core.tld_set(self._tlds), opts)
        return _core._iter(text, setup[1], setup[2])

    def _links(self, text: str) -> list[Link]:
        """``list(self._iter(text))``, kept for the last text: markdown-it-py's core rule
        calls :meth:`test` and then :meth:`match` on the same text."""
        key = (self._version, self.policy)
        last = self._last_links
        if last is not None and last[0] == key and (last[1] is text or last[1] == text):
            return last[2]
        found = list(self._iter(text))
        self._last_links = (key, text, found)
        return found

    def _wanted(self, link: Link) -> bool:
        schema = _schema(link)
        if schema in self._disabled:
            return False
        if link.kind == "email":
            return self._opts["fuzzy_email"] or link.text[:7].lower() == "mailto:"
        if schema == "":  # as linkify-it: fuzzy links go with the http: schema
            return self._opts["fuzzy_link"] and "http:" not in self._disabled
        return schema not in self._custom

    def _paragraph_memo(self, state: object) -> dict[Any, Any]:
        """A dict for the inline parse ``state`` (markdown-it-py's ``StateInline``, one
        per paragraph), empty for a new one; held through a weak reference."""
        held = self._memo
        if held is not None and held[0]() is state:
            return held[1]
        memo = self._new_memo()
        self._memo = (weakref.ref(state), memo)
        return memo

    @staticmethod
    def _new_memo() -> dict[Any, Any]:
        """An empty memo of markdown-it-py's normalizers (tests replace it by one that forgets)."""
        return {}

    def _plain(self) -> bool:
        """Whether every option, TLD and schema is linkify-it-py's default (the common
        case): then the links of a text are ``find_links(text, policy=self.policy)``,
        which the compiled core and gate answer in one call."""
        known = self._plain_for
        if known is not None and known[0] is self._version:
            return known[1]
        plain = (
            self._tlds is None and not self._schemes and not self._disabled and not self._custom
            and self._opts["fuzzy_link"] and self._opts["fuzzy_email"]
        )
        self._plain_for = (self._version, plain)
        return plain

    def _iter(self, text: str) -> Iterator[Link]:
        if self._plain():
            # the same links as below: the base scan, the host cuts and the policy, with
            # every link wanted (tests/test_markdown_caches.py compares the two)
            return iter(_find_with_policy(text, policy=self.policy))
        return self._iter_general(text)

    def _iter_general(self, text: str) -> Iterator[Link]:
        tlds = default_tlds() if self._tlds is None else self._tlds
        base = _with_host_cuts(text, self._base(text), self.policy, tlds, _core.SPECIAL_SCHEMES | set(self._schemes))
        for link in self._apply_policy(text, base, tlds):
            if self._wanted(link):
                yield link

    def _finder(self) -> Callable[[str], Iterable[Link]]:
        """:meth:`links` without the argument check, for text an integration took from
        its parser: ``find_links`` with the policy bound when :meth:`_plain` (then a
        text :meth:`pretest` rejects has no link either), else the general path."""
        known = self._finder_for
        policy = self.policy
        if known is not None and known[0] is self._version and known[1] is policy:
            return known[2]
        find: Callable[[str], Iterable[Link]] = (
            partial(_find_with_policy, policy=policy) if self._plain() else self._iter_general
        )
        self._finder_for = (self._version, policy, find)
        return find

    def links(self, text: str) -> Iterator[Link]:
        """The links of ``text`` in order, as :class:`~uts58_icu.Link` objects: the
        policy applied, the options and TLDs of this linkifier. For integrations that
        show the links themselves, through :func:`visible_text`."""
        require_str(text, "text")
        return self._iter(text)

    def pretest(self, text: str) -> bool:
        """A quick check: ``False`` means ``text`` surely has no link."""
        require_str(text, "text")
        return (
            "//" in text or "@" in text or any(sep in text for sep in LABEL_SEPARATORS)
            or self._custom_pretest(text)
        )

    def test(self, text: str) -> bool:
        """Whether ``text`` has a link."""
        if not self.pretest(text):
            return False
        if self._has_extras():
            return self.match(text) is not None
        return any(shown_as_written(link) for link in self._links(text))

    def match(self, text: str) -> list[Match] | None:
        """All links of ``text`` in order, or ``None`` when there is none.

        Called by markdown-it-py's own core rule, which shows a link as
        ``normalizeLinkText(text)``: a link that would then not be shown as its
        ``display`` (see :func:`shown_as_written`) is left out. :func:`linkify_plugin`
        shows such a link as its ``display``.
        """
        require_str(text, "text")
        found = [self._normalized(_raw_match(link)) for link in self._links(text) if shown_as_written(link)]
        if self._has_extras():
            found = _merge(found, self._extra_matches(text))
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
        at = _stock_rule_position(text)
        if at is not None and not _scheme_ends_at(text, at):
            return None  # markdown-it-py's rule took a scheme that is not the one before its "://"
        kept = self.link_at(text, 0)
        if kept is None:
            found = self._extra_at_start(text)
        elif not shown_as_written(kept):
            return None
        else:
            # markdown-it-py advances by len(match.url) and normalizes url itself:
            # here url is the link text, not the (escaped) href.
            found = Match(_schema(kept), 0, kept.end, kept.text, kept.text, kept.text)
        if found is not None and at is not None and len(found.url.rstrip("*")) <= at:
            return None  # the rule would not move past its "://" (checked above; kept as a guard)
        return found

    def link_at(self, text: str, pos: int, end: int | None = None) -> Link | None:
        """The link with a scheme that starts at ``text[pos]`` (offsets relative to
        ``pos``), as :meth:`match_at_start` finds it, without copying ``text``;
        ``end`` limits the text read (default: to its end).

        The link returned always covers ``scheme://`` and more: a link that starts
        at ``pos`` but ends before the ``://`` (``e.org`` in ``e.org://x``, a link
        without a scheme) is not the link with a scheme that starts there (issue 22
        item 2: markdown-it-py's inline rule would not move on).
        """
        limit = len(text) if end is None or end > len(text) else end
        head = _SCHEME.match(text, pos, limit)
        if head is None:
            return None
        n = limit - pos
        scheme_end = head.end() - pos
        windows = self._windows
        if windows is None or windows[0] is not self._version or windows[1] is not self.policy:
            # per configuration: the window cap and the answers kept
            windows = self._windows = (self._version, self.policy, self._window_cap(), {})
        cap = windows[2]
        size = _FIRST_WINDOW if cap is None else min(_FIRST_WINDOW, cap)
        # The answer is a function of the first window, when it settles there: kept for
        # the windows seen last (text that repeats itself: "http://a.com," * n).
        window = text[pos : pos + size] if size < n else text[pos:limit]
        key = (window, size >= n, scheme_end)
        known = windows[3].get(key, _UNKNOWN)
        if known is not _UNKNOWN:
            return known  # type: ignore[return-value]
        first = True
        while True:
            if not first:
                if cap is not None:
                    size = min(size, cap)
                window = text[pos : pos + min(n, size)]
            link = next(self._base(window), None)
            if link is not None and link.start != 0:
                link = None
            if len(window) == n or self._settled(window, scheme_end, link):
                break
            first = False
            if cap is not None and len(window) >= cap:
                # Longer than any link the policy keeps: markdown-it-py then moves one
                # character on and calls again inside the same long link, so reading it
                # whole each time would be quadratic. The core rule (match) still sees it.
                return None
            size *= 16
        kept = self._kept_at(window, link, scheme_end)
        if first:
            if len(windows[3]) >= _WINDOWS_KEPT:
                windows[3].clear()
            windows[3][key] = kept
        return kept

    def _kept_at(self, window: str, link: Link | None, scheme_end: int) -> Link | None:
        """The policy's link from the base ``link`` at the start of ``window`` (see link_at)."""
        if link is None or link.end <= scheme_end:
            return None
        tlds = default_tlds() if self._tlds is None else self._tlds
        if _untouched(window, link, self.policy, tlds):
            kept = link  # what apply_policy yields for it
        else:
            kept = next(apply_policy(window, [link], self.policy, tlds=tlds), None)
        if kept is None or kept.start != 0 or kept.kind != "url" or not (self._plain() or self._wanted(kept)):
            return None
        if kept.end <= scheme_end:
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
        if _AUTHORITY_END.search(window, host_start, limit) is None:
            return False  # the authority may go on (``http://1.2.3.4:~:,,,…,@host``)
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
_PROTO = re.compile(r"(?:^|[^A-Za-z0-9.+\-])([A-Za-z][A-Za-z0-9.+\-]*)\Z")
#: The longest scheme looked for; the core detector looks no further either.
_MAX_PROTO = 64
_PROTO_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789.+-")
_PROTO_FIRST = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")


#: The module of markdown-it-py's own inline ``linkify`` rule (3.x and 4.x).
_STOCK_RULE_MODULE = "markdown_it.rules_inline.linkify"
#: How many callers up :func:`_stock_rule_position` looks for that rule (a subclass's
#: ``match_at_start`` calling this one's, and ``test_schema_at``).
_STOCK_RULE_DEPTH = 4


def _stock_rule_position(text: str) -> int | None:
    """Where markdown-it-py's inline ``linkify`` rule stands in ``text`` (the index of
    its ``://``) when that rule is the caller of :meth:`LinkifyUts58.match_at_start`;
    ``None`` when another caller is.

    The rule passes ``state.src[pos - len(proto):]``, with ``proto`` the scheme it reads
    at the end of ``state.pending``, and moves on by ``len(match.url) - len(proto)``.
    While markdown-it-py skips a link label (``[…``, its rules run in validation mode),
    ``state.pending`` is not kept, so ``proto`` can be a stale run of letters of any
    length (``xn--ls8h.la[http://[::1]*ftp://``): a match shorter than it made the rule
    go back, and markdown-it-py raised ``RuntimeError("inline rule didn't increment
    state.pos")``. Only the rule's ``state`` tells where it stands, so it is read
    from the caller's frame."""
    frame = sys._getframe(2)
    for _ in range(_STOCK_RULE_DEPTH):
        if frame is None:
            return None
        if frame.f_globals.get("__name__") == _STOCK_RULE_MODULE:
            state = frame.f_locals.get("state")
            src = getattr(state, "src", None)
            pos = getattr(state, "pos", None)
            if not isinstance(src, str) or not isinstance(pos, int) or len(src) - pos > len(text):
                return None
            return len(text) - (len(src) - pos)
        frame = frame.f_back
    return None


def _scheme_ends_at(text: str, at: int) -> bool:
    """Whether ``text`` starts with a scheme whose ``://`` is at ``text[at]`` (what
    markdown-it-py's rule assumes when it calls :meth:`LinkifyUts58.match_at_start`)."""
    head = _SCHEME.match(text)
    return head is not None and head.end() == at + 3


def _scheme_before(text: str, end: int) -> str | None:
    """The scheme of ``_PROTO.search(text, max(0, end - _MAX_PROTO - 1), end)``, without a
    regular expression tried at every position of the window (the rules run at every
    ``://``): the run of scheme characters ending at ``end``, when it starts with a
    letter after a character that is not one inside the window, or at the start of
    ``text`` (tests/test_markdown_fast_paths.py compares the two)."""
    lo = max(0, end - _MAX_PROTO - 1)
    start = end
    while start > lo and text[start - 1] in _PROTO_CHARS:
        start -= 1
    if start == end or (start == lo and lo > 0) or text[start] not in _PROTO_FIRST:
        return None
    return text[start:end]
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
    proto = _scheme_before(pending, len(pending))
    if proto is None:
        return False
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
    # markdown-it-py's normalizers (pure functions of their argument) once per distinct
    # link of the paragraph: text that repeats one link pays for it once
    memo = lin._paragraph_memo(state)
    href = memo.get(link.href, "")
    if href == "":
        href = state.md.normalizeLink(link.href)
        href = memo[link.href] = href if state.md.validateLink(href) else None
    if href is None:
        return False
    if not silent:
        state.pending = pending[: -len(proto)]
        shown = memo.get(("shown", text))
        if shown is None:
            shown = memo[("shown", text)] = state.md.normalizeLinkText(text)
        _push_link(state.push, href, visible_text(link, shown))
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

    # markdown-it-py's normalizers (pure functions of their argument) once per distinct
    # link of the token: text that repeats one link ("a.com " * n) pays for it once
    memo = lin._new_memo()
    last = 0
    for link in found:
        href = memo.get(link.href, "")
        if href == "":
            href = md.normalizeLink(link.href)
            href = memo[link.href] = href if md.validateLink(href) else None
        if href is None:
            continue
        if link.start > last:
            push("text", "", 0).content = text[last : link.start]
        key = (link.kind, link.text)
        normalized = memo.get(key)
        if normalized is None:
            normalized = memo[key] = _normalized_text(md, link)
        _push_link(push, href, visible_text(link, normalized))
        last = link.end
    if last < len(text):
        push("text", "", 0).content = text[last:]
    return out
