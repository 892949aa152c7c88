"""Redaction: replace the URLs and email addresses in text (PII removal in data pipelines).

Detection is :func:`uts58_icu.find_links` (the conformant base by default, or a
:class:`~uts58_icu.LinkPolicy`), so non-ASCII local-parts (``σωκράτης@example.gr``)
and non-ASCII paths (``example.com/パス``) are replaced whole, and the punctuation
around a link is kept.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Union

from .._args import require_str
from ..core.detection import Link
from .apply import find_links
from .policy import LinkPolicy, resolve_policy

__all__ = ["Replacement", "redact"]

#: What a link is replaced with: a string, a callable given the :class:`Link` that returns
#: the string, or ``None`` to keep links of that kind as they are.
Replacement = Union[str, Callable[[Link], str], None]


def _check_replacement(value: object, name: str) -> None:
    if value is not None and not isinstance(value, str) and not callable(value):
        raise TypeError(f"{name} must be a str, a callable taking a Link, or None, not {type(value).__name__}")


def redact(
    text: str,
    *,
    emails: Replacement = "<EMAIL>",
    urls: Replacement = None,
    policy: LinkPolicy | str | None = None,
    tlds: Collection[str] | None = None,
) -> str:
    """``text`` with each email address replaced by ``emails`` and each URL by ``urls``.

    >>> redact("Write to σωκράτης@example.gr or see example.com/パス.", urls="<URL>")
    'Write to <EMAIL> or see <URL>.'
    >>> redact("mail bob@example.org", emails=lambda link: "<" + link.text.split("@")[1] + ">")
    'mail <example.org>'

    Everything outside the replaced links is returned unchanged; with both
    arguments ``None`` the result is ``text``.
    """
    require_str(text, "text")
    _check_replacement(emails, "emails")
    _check_replacement(urls, "urls")
    policy = resolve_policy(policy)  # checked even when nothing is replaced
    if emails is None and urls is None:
        return text
    out: list[str] = []
    pos = 0
    for link in find_links(text, tlds=tlds, policy=policy):
        repl = emails if link.kind == "email" else urls
        if repl is None:
            continue
        new = repl if isinstance(repl, str) else repl(link)
        if not isinstance(new, str):
            raise TypeError(f"a replacement callable must return a str, not {type(new).__name__}")
        out.append(text[pos : link.start])
        out.append(new)
        pos = link.end
    out.append(text[pos:])
    return "".join(out)
