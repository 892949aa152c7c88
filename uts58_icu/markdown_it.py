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
  and advances by ``len(match.url)`` (so there ``url`` is the link text).

``url`` is the link's ``href`` (``https://`` is prepended to a URL without a
scheme, ``mailto:`` to an email address); markdown-it-py then percent-encodes it
(``normalizeLink``). ``schema`` is ``''`` for a URL without a scheme, ``'mailto:'``
for an email address, else the scheme in lower case with its colon (``'https:'``),
as linkify-it-py reports them.

This module does not import markdown-it-py or linkify-it-py.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass

from ._args import require_str
from .core._classes import LABEL_SEPARATORS
from .core.detection import Link
from .linkification.apply import iter_links

__all__ = ["LinkifyUts58", "Match"]

_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.\-]*:)//")
_WHITESPACE = re.compile(r"\s")


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


class LinkifyUts58:
    """linkify-it-py's ``LinkifyIt`` interface, as markdown-it-py uses it, on UTS #58.

    ``options`` takes linkify-it-py's ``fuzzy_link`` (link URLs without a scheme,
    default ``True``) and ``fuzzy_email`` (link email addresses, default ``True``);
    ``tlds`` replaces the default top-level domains (see :func:`uts58_icu.find_links`).
    """

    def __init__(
        self,
        options: Mapping[str, bool] | None = None,
        *,
        tlds: Collection[str] | None = None,
    ) -> None:
        self._opts: dict[str, bool] = {"fuzzy_link": True, "fuzzy_email": True}
        self._tlds = tlds
        if options is not None:
            self.set(options)

    def set(self, options: Mapping[str, bool]) -> LinkifyUts58:
        """Update ``fuzzy_link`` / ``fuzzy_email`` (other keys are accepted and ignored)."""
        if not isinstance(options, Mapping):
            raise TypeError(f"options must be a mapping, not {type(options).__name__}")
        self._opts.update({k: bool(v) for k, v in options.items()})
        return self

    def _wanted(self, link: Link) -> bool:
        if link.kind == "email":
            return self._opts.get("fuzzy_email", True) or link.text.lower().startswith("mailto:")
        return self._opts.get("fuzzy_link", True) or bool(_SCHEME.match(link.text))

    def _links(self, text: str) -> list[Link]:
        require_str(text, "text")
        return [link for link in iter_links(text, tlds=self._tlds) if self._wanted(link)]

    def pretest(self, text: str) -> bool:
        """A quick check: ``False`` means ``text`` surely has no link."""
        require_str(text, "text")
        return "//" in text or "@" in text or any(sep in text for sep in LABEL_SEPARATORS)

    def test(self, text: str) -> bool:
        """Whether ``text`` has a link."""
        if not self.pretest(text):
            return False
        for link in iter_links(text, tlds=self._tlds):
            if self._wanted(link):
                return True
        return False

    def match(self, text: str) -> list[Match] | None:
        """All links of ``text`` in order, or ``None`` when there is none."""
        found = [_to_match(link) for link in self._links(text)]
        return found or None

    def match_at_start(self, text: str) -> Match | None:
        """The link with a scheme (``https://…``, ``mailto:…``) that starts ``text``, if any.

        As with linkify-it-py, links without a scheme are not matched here. Unlike
        :meth:`match`, ``url`` is the link *text* (markdown-it-py's inline rule
        advances by ``len(url)`` and builds the href with ``normalizeLink``).
        """
        require_str(text, "text")
        # A link never contains whitespace (Link_Term=Hard), and the end of the
        # text acts like a Hard character: cutting there changes nothing.
        ws = _WHITESPACE.search(text)
        head = text[: ws.start()] if ws else text
        for link in iter_links(head, tlds=self._tlds):
            schema = _schema(link)
            if link.start != 0 or schema in ("", "mailto:") and not link.text.lower().startswith(
                "mailto:"
            ):
                return None  # not at the start, or no scheme in the text
            # markdown-it-py advances by len(match.url) and normalizes url itself:
            # here url is the link text, not the (escaped) href.
            return Match(schema, 0, link.end, link.text, link.text, link.text)
        return None

    def test_schema_at(self, text: str, name: str, position: int) -> int:
        """Length of the link tail after schema ``name`` ending at ``position`` (0 if none)."""
        start = position - len(name)
        if start < 0 or text[start:position].lower() != name.lower():
            return 0
        m = self.match_at_start(text[start:])
        return m.last_index - len(name) if m else 0
