"""Plain text to linked HTML for the ``urlize`` filters (Django, Jinja2), without an HTML parser.

``urlize`` on text that is not yet HTML escapes it and then links it as HTML:
``Linker.linkify(escape(text))``. Escaped text has no tag and no character
reference but the ones ``escape`` wrote, each standing for one character, so its
decoded text is ``text`` itself and every link edge falls on a character boundary.
:func:`linkify_text` gives the same string straight from ``text``: the links of
:meth:`Linker.links`, the same rescans of the gaps between them (see
``Linker._flush``), ``escape`` on each piece. Without the tokenizer a character
reference costs nothing (Django's CVE-2024-41990 and CVE-2024-45230 payloads), and
the links are consumed as the output grows, so memory stays a small multiple of the
input. ``tests/test_urlize_plain.py`` checks the equality on random text.

Where the compiled core is in use, the same loop runs in C (``uts58_icu/html.c``'s
plain-text mode, through :func:`uts58_icu.html.link_plain_text`) for the escape
functions in :data:`ESCAPES`; the Python loop below is its reference.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable

from .core._classes import LABEL_SEPARATORS
from .html import RESCAN_LEVELS, Linker, link_plain_text, new_anchor

__all__ = ["MAYBE_LINK", "linkify_text"]

#: A text without any of these characters has no link for any ``Linker``: a URL has a
#: scheme (``:``) or a dotted host, an email an ``@``, Jinja's extra schemes a ``:``.
MAYBE_LINK = re.compile("[@:" + re.escape(LABEL_SEPARATORS) + "]")
#: Output pieces joined into one string at a time (bounds the per-piece overhead).
_JOIN_EVERY = 4096


#: The escape functions the compiled driver knows: what each writes for ``&<>"'``
#: (None: the identity). Another function takes the Python path below.
ESCAPES: dict[Callable[[str], str], tuple[str, ...] | None] = {
    html.escape: ("&amp;", "&lt;", "&gt;", "&quot;", "&#x27;"),
    str: None,
}


class _Abandon(Exception):
    """The gaps did not settle within ``RESCAN_LEVELS`` levels: leave the text unlinked."""


def linkify_text(linker: Linker, text: str, escape: Callable[[str], str]) -> str:
    """``linker.linkify(escape(text))``, for an ``escape`` that replaces each of ``&<>"'``
    by a character reference and leaves every other character as it is
    (``html.escape``, ``markupsafe.escape``), or for the identity on text without
    ``&`` and ``<`` (which is then HTML as it stands)."""
    # What the HTML tokenizer makes of the text (see html._tokens): CR reads as a space
    # and NUL as U+FFFD, one character each.
    decoded = text.replace("\r", " ") if "\r" in text else text
    if "\0" in decoded:
        decoded = decoded.replace("\0", "\ufffd")
    if escape in ESCAPES:
        linked = link_plain_text(linker, text, decoded, ESCAPES[escape])
        if linked is not None:
            return linked
    chunks: list[str] = []
    out: list[str] = []

    def put(piece: str) -> None:
        out.append(piece)
        if len(out) >= _JOIN_EVERY:
            chunks.append("".join(out))
            out.clear()

    def span(lo: int, hi: int, level: int) -> None:
        """Output for ``text[lo:hi]``: its links (found in ``decoded[lo:hi]`` alone), and
        the gaps between them rescanned one level down."""
        if MAYBE_LINK.search(decoded, lo, hi) is None:
            put(escape(text[lo:hi]))
            return
        links = linker.links(decoded if (lo, hi) == (0, len(decoded)) else decoded[lo:hi])
        if level > RESCAN_LEVELS:
            # Not settled after the last level (as Linker._flush): a second pass would
            # link more here, so the whole text is left unlinked.
            if any(new_anchor(linker, link, escape(text[lo + link.start : lo + link.end])) is not None for link in links):
                raise _Abandon
            put(escape(text[lo:hi]))
            return
        links.reverse()  # consumed from the end of the list: each Link is freed once used
        prev = lo
        while links:
            link = links.pop()
            start, end = lo + link.start, lo + link.end
            anchor = new_anchor(linker, link, escape(text[start:end]))
            if anchor is None:
                continue
            if start > prev:
                span(prev, start, level + 1)
            put(anchor)
            prev = end
        if prev == lo:  # no link: the text as it is
            put(escape(text[lo:hi]))
        elif hi > prev:
            span(prev, hi, level + 1)

    try:
        span(0, len(text), 0)
    except _Abandon:
        return escape(text)
    finally:
        del span  # the nested functions refer to each other: free them (and the pieces) now
    chunks.append("".join(out))
    out.clear()
    result = chunks[0] if len(chunks) == 1 else "".join(chunks)
    chunks.clear()  # before the caller copies the result (Jinja's Markup)
    return result
