"""``{% load uts58 %}``: the ``urlize`` and ``urlizetrunc`` filters on UTS #58."""

from __future__ import annotations

from typing import Any

from django import template
from django.template.defaultfilters import stringfilter
from django.utils.safestring import SafeString, mark_safe

from .. import urlize as _urlize

register = template.Library()


@register.filter(is_safe=True, needs_autoescape=True)  # type: ignore[untyped-decorator]
@stringfilter  # type: ignore[untyped-decorator]
def urlize(value: Any, autoescape: bool = True) -> SafeString:
    """Links for the URLs and email addresses in ``value`` (``rel="nofollow"`` on URLs)."""
    return mark_safe(_urlize(value, nofollow=True, autoescape=autoescape))


@register.filter(is_safe=True, needs_autoescape=True)  # type: ignore[untyped-decorator]
@stringfilter  # type: ignore[untyped-decorator]
def urlizetrunc(value: Any, limit: Any, autoescape: bool = True) -> SafeString:
    """:func:`urlize`, each link's text cut to ``limit`` characters (the last ``…``)."""
    return mark_safe(_urlize(value, trim_url_limit=int(limit), nofollow=True, autoescape=autoescape))
