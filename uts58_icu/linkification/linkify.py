"""Turning plain text into HTML with links."""

from __future__ import annotations

from collections.abc import Collection

from .._args import require_str
from .apply import find_links
from .policy import LinkPolicy, resolve_policy

__all__ = ["linkify_html"]


def linkify_html(
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
    """HTML for ``text``: all text escaped, each link an ``<a href="…">``.

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
    out = []
    pos = 0
    policy = resolve_policy(policy, "recommended")
    for link in find_links(
        text, tlds=tlds, policy=policy, emails=emails, schemeless=schemeless, schemes=schemes
    ):
        out.append(html.escape(text[pos : link.start], quote=False))
        out.append(
            f'<a href="{html.escape(link.href, quote=True)}"{extra}>'
            f"{html.escape(link.display, quote=False)}</a>"
        )
        pos = link.end
    out.append(html.escape(text[pos:], quote=False))
    return "".join(out)
