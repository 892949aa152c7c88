"""Django integration: add ``"uts58_icu.django"`` to ``INSTALLED_APPS``, then
``{% load uts58 %}`` gives the ``urlize`` and ``urlizetrunc`` filters with Django's
semantics (``is_safe``, ``needs_autoescape``, ``rel="nofollow"`` on URLs, trimming
with ``…``) and UTS #58 detection (``LinkPolicy.recommended()``).

:func:`urlize` here is the counterpart of ``django.utils.html.urlize``. Text that is
not safe is escaped first (when autoescaping); safe text is treated as HTML, so its
tags and attributes are left alone and only its text is linked.
"""

from __future__ import annotations

from functools import lru_cache
from html import escape as _escape

from .._urlize import linkify_text
from ..core.detection import Link
from ..html import Callback, Linker
from ..html import nofollow as _nofollow

__all__ = ["trim_url", "urlize"]


def trim_url(text: str, limit: int | None) -> str:
    """Django's trimming: at most ``limit`` characters, the last one ``…`` when cut."""
    if limit is None or len(text) <= limit:
        return text
    return text[: max(0, limit - 1)] + "…"


@lru_cache(maxsize=64)
def _linker(trim_url_limit: int | None, nofollow: bool) -> Linker:
    callbacks: list[Callback] = []
    if trim_url_limit is not None:
        limit = trim_url_limit

        def trim(attrs: dict[str, str], link: Link) -> dict[str, str]:
            attrs["_text"] = trim_url(attrs["_text"], limit)
            return attrs

        callbacks.append(trim)
    if nofollow:
        callbacks.append(_nofollow)
    # Django links everywhere in the text (no pre/code exception).
    return Linker(callbacks=callbacks, skip_tags=(), parse_email=True)


def urlize(text: str, trim_url_limit: int | None = None, nofollow: bool = False, autoescape: bool = False) -> str:
    """``django.utils.html.urlize`` with UTS #58 detection.

    With ``autoescape`` and text that is not ``SafeData``, the text is escaped with
    ``django.utils.html.escape`` and then linked; otherwise it is linked as HTML.
    Both give what :meth:`uts58_icu.html.Linker.linkify` gives on the (escaped) text;
    text without markup is linked without the HTML tokenizer
    (``uts58_icu._urlize.linkify_text``).
    """
    from django.utils.safestring import SafeData

    if trim_url_limit is not None and (isinstance(trim_url_limit, bool) or not isinstance(trim_url_limit, int)):
        raise TypeError(f"trim_url_limit must be an int or None, not {type(trim_url_limit).__name__}")
    value = str(text)
    linker = _linker(trim_url_limit, bool(nofollow))
    if autoescape and not isinstance(text, SafeData):
        # django.utils.html.escape is SafeString(html.escape(str(text)))
        return linkify_text(linker, value, _escape)
    if "<" not in value and "&" not in value:  # HTML without markup: its text as it stands
        return linkify_text(linker, value, str)
    return linker.linkify(value)
