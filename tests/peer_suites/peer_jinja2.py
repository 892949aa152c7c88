"""pytest plugin (-p peer_jinja2): Jinja2's urlize tests run on uts58_icu.jinja2.

Replaces the built-in ``urlize`` filter (every ``Environment`` copies the default
filters) and ``jinja2.utils.urlize`` (same arguments, mapped onto ours).
"""

from __future__ import annotations

from collections.abc import Iterable

import jinja2.filters
import jinja2.utils

from uts58_icu import jinja2 as ours


def utils_urlize(
    text: str,
    trim_url_limit: int | None = None,
    rel: str | None = None,
    target: str | None = None,
    extra_schemes: Iterable[str] | None = None,
) -> str:
    return str(ours.urlize(text, trim_url_limit, False, target, rel, extra_schemes))


jinja2.filters.FILTERS["urlize"] = ours.do_urlize
jinja2.utils.urlize = utils_urlize
