"""UTS #58 links for Python-Markdown (and so MkDocs): an extension.

>>> import markdown
>>> markdown.markdown("See example.com/a_(b) or `setup.py`.", extensions=["uts58_icu.python_markdown"])
'<p>See <a href="https://example.com/a_(b)">example.com/a_(b)</a> or <code>setup.py</code>.</p>'

After Python-Markdown's inline processing, a tree processor links URLs and email
addresses in the text of the document. It never links inside code spans, code
blocks (their text is an ``AtomicString``), existing links (``<a>``, from Markdown
or raw HTML) or other raw HTML. Each link shows its text as written, or its
:attr:`~uts58_icu.Link.display` where that would break the §8 display rule (a raw
bidi control; a confusable host in Unicode under the recommended policy): see
:func:`uts58_icu.markdown_it.visible_text`.

Config options (``extension_configs`` or ``makeExtension(**options)``):

* ``policy``: a :class:`uts58_icu.LinkPolicy`, or ``'recommended'`` (default) or
  ``'base'`` (the conformant base, no §8 policy), for YAML configs such as MkDocs';
* ``emails``: link email addresses written without ``mailto:`` (default ``True``);
* ``schemeless``: link URLs written without a scheme (default ``True``);
* ``schemes``: extra URL schemes to link (``['git', 'ssh']``), see
  :meth:`uts58_icu.markdown_it.LinkifyUts58.add`;
* ``tlds``: top-level domains replacing the default list.

In ``mkdocs.yml``::

    markdown_extensions:
      - uts58_icu.python_markdown:
          emails: false
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as etree
from collections.abc import Collection
from typing import Any

from markdown import Markdown
from markdown.extensions import Extension
from markdown.treeprocessors import Treeprocessor
from markdown.util import HTML_PLACEHOLDER_RE, AtomicString

from .linkification.policy import LinkPolicy, resolve_policy
from .markdown_it import LinkifyUts58, visible_text

__all__ = ["LinkifyTreeprocessor", "Uts58LinkifyExtension", "makeExtension"]

#: Elements whose content is never linked.
SKIP_TAGS = frozenset({"a", "code", "pre", "kbd", "samp", "script", "style", "textarea"})
_PLACEHOLDER = HTML_PLACEHOLDER_RE  # raw HTML stashed by Python-Markdown
_A_OPEN = re.compile(r"<a[\s>]", re.IGNORECASE)
_A_CLOSE = re.compile(r"</a\s*>", re.IGNORECASE)


def _policy(value: object) -> LinkPolicy:
    return resolve_policy(value, "recommended")


def _bool(value: object, name: str) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be a bool, not {type(value).__name__}")
    return value


def build_linkifier(
    policy: object = "recommended",
    emails: object = True,
    schemeless: object = True,
    schemes: object = (),
    tlds: Collection[str] | None = None,
) -> LinkifyUts58:
    if isinstance(tlds, str) or (tlds is not None and not isinstance(tlds, Collection)):
        raise TypeError(f"tlds must be a list of TLDs, not {type(tlds).__name__}")
    """The :class:`LinkifyUts58` for these config options (checked, clear errors)."""
    if isinstance(schemes, str) or not isinstance(schemes, Collection):
        raise TypeError(f"schemes must be a list of scheme names, not {type(schemes).__name__}")
    lin = LinkifyUts58(
        {"fuzzy_email": _bool(emails, "emails"), "fuzzy_link": _bool(schemeless, "schemeless")},
        tlds=tlds or None,
        policy=_policy(policy),
    )
    for scheme in schemes:
        lin.add(scheme, "http:")
    return lin


class LinkifyTreeprocessor(Treeprocessor):
    """Links URLs and email addresses in the text of the tree (not in code or links)."""

    def __init__(self, md: Markdown, linkifier: LinkifyUts58) -> None:
        super().__init__(md)
        self.linkifier = linkifier

    def run(self, root: etree.Element) -> None:
        self._walk(root, [0])

    def _walk(self, elem: etree.Element, in_html_link: list[int]) -> None:
        if elem.tag in SKIP_TAGS:
            return
        if elem.text:
            new = self._pieces(elem.text, in_html_link)
            if new is not None:
                elem.text = new[0]
                for i, a in enumerate(new[1:]):
                    elem.insert(i, a)
        # children in document order; links added for a tail go right after its element
        i = 0
        while i < len(elem):
            child = elem[i]
            self._walk(child, in_html_link)
            i += 1
            if child.tail:
                new = self._pieces(child.tail, in_html_link)
                if new is not None:
                    child.tail = new[0]
                    for j, a in enumerate(new[1:]):
                        elem.insert(i + j, a)
                    i += len(new) - 1

    def _pieces(self, text: str, in_html_link: list[int]) -> list[Any] | None:
        """``[leading text, <a>, <a>, …]`` (each ``<a>`` carrying its tail) or None."""
        if isinstance(text, AtomicString):
            return None
        out: list[Any] = [""]
        changed = False
        pos = 0
        for m in _PLACEHOLDER.finditer(text):
            changed |= self._link_segment(text[pos : m.start()], out, in_html_link[0] > 0)
            self._append(out, m.group())
            html = self._stashed(int(m.group(1)))
            if _A_OPEN.match(html):
                in_html_link[0] += 1
            elif _A_CLOSE.match(html) and in_html_link[0]:
                in_html_link[0] -= 1
            pos = m.end()
        changed |= self._link_segment(text[pos:], out, in_html_link[0] > 0)
        return out if changed else None

    def _stashed(self, index: int) -> str:
        blocks = self.md.htmlStash.rawHtmlBlocks
        if 0 <= index < len(blocks):
            html = blocks[index]
            return html if isinstance(html, str) else ""
        return ""

    @staticmethod
    def _append(out: list[Any], text: str) -> None:
        if len(out) == 1:
            out[0] += text
        else:
            out[-1].tail = (out[-1].tail or "") + text

    def _link_segment(self, text: str, out: list[Any], skip: bool) -> bool:
        lin = self.linkifier
        links = [] if skip or not text or not lin.pretest(text) else list(lin.links(text))
        if not links:
            self._append(out, text)
            return False
        last = 0
        for link in links:
            self._append(out, text[last : link.start])
            a = etree.Element("a", {"href": link.href})
            a.text = AtomicString(visible_text(link))  # the display where the text would break §8
            a.tail = ""
            out.append(a)
            last = link.end
        self._append(out, text[last:])
        return True


class Uts58LinkifyExtension(Extension):
    """Python-Markdown extension: UTS #58 links (``uts58_icu.python_markdown``)."""

    def __init__(self, **kwargs: Any) -> None:
        self.config = {
            "policy": ["recommended", "LinkPolicy, 'recommended' or 'base'"],
            "emails": [True, "link email addresses without mailto:"],
            "schemeless": [True, "link URLs without a scheme"],
            "schemes": [[], "extra URL schemes to link"],
            "tlds": [[], "top-level domains replacing the default list (empty: the default)"],
        }
        super().__init__(**kwargs)
        self.linkifier = build_linkifier(**self.getConfigs())

    def extendMarkdown(self, md: Markdown) -> None:
        md.treeprocessors.register(LinkifyTreeprocessor(md, self.linkifier), "uts58_linkify", 15)


def makeExtension(**kwargs: Any) -> Uts58LinkifyExtension:
    """Python-Markdown's entry point: ``extensions=['uts58_icu.python_markdown']``."""
    return Uts58LinkifyExtension(**kwargs)
