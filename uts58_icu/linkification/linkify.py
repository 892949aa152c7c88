"""Turning plain text into HTML with links: :func:`linkify_text_to_html`.

Text in, HTML out: every character of the input is escaped (``<b>`` becomes
``&lt;b&gt;``). To add links to HTML that is already HTML (tags kept), use
:func:`uts58_icu.html.linkify`. ``linkify_html`` is the old name of
:func:`linkify_text_to_html` (deprecated: it read as "linkify some HTML").
"""

from __future__ import annotations

import warnings
from collections.abc import Collection
from itertools import islice
from typing import Any

from .._args import require_str
from ..core._pieces import BLOCK_PIECES, WINDOW, Pieces
from .apply import iter_links
from .policy import LinkPolicy, resolve_policy

__all__ = ["linkify_html", "linkify_text_to_html"]


def linkify_text_to_html(
    text: str,
    *,
    rel: str | None = "nofollow noopener",
    target: str | None = None,
    tlds: Collection[str] | None = None,
    policy: LinkPolicy | str | None = None,
    emails: bool = True,
    schemeless: bool = True,
    schemes: Collection[str] = (),
) -> str:
    """HTML for the plain text ``text``: all of it escaped, each link an ``<a href="…">``.

    The input is text, not HTML: ``linkify_text_to_html("<b>x.com</b>")`` is
    ``'&lt;b&gt;<a href="https://x.com" rel="nofollow noopener">x.com</a>&lt;/b&gt;'``.
    For HTML input (tags kept, only text nodes linked) use :func:`uts58_icu.html.linkify`,
    whose default ``rel`` is bleach's ``"nofollow"``; here ``rel`` defaults to
    ``"nofollow noopener"``.

    The attribute is the link's ``href`` (ASCII host, percent-encoded) and the
    visible text its ``display`` (minimally escaped, Unicode host). Both are
    HTML-escaped; nothing from the input can open a tag or an attribute.
    ``emails``, ``schemeless`` and ``schemes`` are those of :func:`find_links`.

    ``policy`` defaults to :meth:`LinkPolicy.recommended` (text for people to read);
    pass ``LinkPolicy()`` for the conformant base algorithm.
    """
    import html

    require_str(text, "text")
    for name, value in (("rel", rel), ("target", target)):
        if value is not None and not isinstance(value, str):
            raise TypeError(f"{name} must be a str or None, not {type(value).__name__}")
    extra = ""
    if rel:
        extra += f' rel="{html.escape(rel, quote=True)}"'
    if target:
        extra += f' target="{html.escape(target, quote=True)}"'
    # Memory (issue 22 item 10): the links come one at a time and the output is joined a
    # block at a time, so the call holds about twice the output at its highest.
    escape = html.escape
    out = Pieces()
    pending = out.pending
    pos = 0
    policy = resolve_policy(policy, "recommended")
    links = iter_links(text, tlds=tlds, policy=policy, emails=emails, schemeless=schemeless, schemes=schemes)
    # A batch of links at a time (detection, then their HTML) runs faster than one by one.
    while batch := list(islice(links, BLOCK_PIECES // 2)):
        for link in batch:
            if link.start - pos <= WINDOW:
                pending.append(escape(text[pos : link.start], quote=False))
            else:
                _escape_text(out, text, pos, link.start)
            pending.append(
                f'<a href="{escape(link.href, quote=True)}"{extra}>'
                f"{escape(link.display, quote=False)}</a>"
            )
            pos = link.end
        out.flush()
    _escape_text(out, text, pos, len(text))
    return out.join()


def _escape_text(out: Pieces, text: str, start: int, end: int) -> None:
    """Append ``html.escape(text[start:end], quote=False)``, a window at a time."""
    import html

    for lo in range(start, end, WINDOW):
        out.append(html.escape(text[lo : min(lo + WINDOW, end)], quote=False))


def linkify_html(text: str, **options: Any) -> str:
    """Deprecated name of :func:`linkify_text_to_html` (text in, HTML out).

    Emits ``DeprecationWarning``: the name read as "linkify this HTML", which is
    :func:`uts58_icu.html.linkify`.
    """
    warnings.warn(
        "uts58_icu.linkify_html is renamed linkify_text_to_html: it escapes its input as plain text; "
        "to add links to HTML (tags kept) use uts58_icu.html.linkify",
        DeprecationWarning,
        stacklevel=2,
    )
    return linkify_text_to_html(text, **options)
