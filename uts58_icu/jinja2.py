"""Jinja2 integration: a ``urlize`` filter on UTS #58 detection.

>>> from jinja2 import Environment
>>> from uts58_icu.jinja2 import install
>>> env = install(Environment(autoescape=True))
>>> env.from_string("{{ t|urlize }}").render(t="see example.com & co")
'see <a href="https://example.com" rel="noopener">example.com</a> &amp; co'

Like Jinja's own filter, plain text is escaped first (``Markup`` is kept as it is and
treated as HTML: only its text is linked), ``rel`` and ``target`` go on URLs (not on
``mailto:`` links), and ``trim_url_limit`` cuts the visible text and adds ``...``.

``extra_schemes`` works as in Jinja: a word (between white space, without the
leading ``(`` / ``<`` and trailing ``)``, ``>``, ``.``, ``,`` Jinja leaves out) that
starts with one of them, and is more than the scheme, is linked as written —
``tel:+15551234``, ``xmpp:bob@example.org`` — whether or not it has a host. Such a
word is one link, never an email address or URL found inside it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from jinja2 import Environment, pass_eval_context
from jinja2.exceptions import FilterArgumentError
from jinja2.nodes import EvalContext
from markupsafe import Markup, escape

from ._urlize import ESCAPES, linkify_text
from .core.detection import Link
from .html import Callback, Linker, unsafe_href

__all__ = ["do_urlize", "install", "urlize"]

# Jinja's rule for an extra scheme: "name:" with up to two slashes.
_SCHEME = re.compile(r"[\w.+-]{2,}:/{0,2}\Z")


def _check_schemes(extra_schemes: Iterable[str] | None) -> tuple[str, ...]:
    if extra_schemes is None:
        return ()
    if isinstance(extra_schemes, str):
        raise TypeError("extra_schemes must be an iterable of schemes such as 'tel:', not a str")
    out = tuple(extra_schemes)
    for scheme in out:
        if not isinstance(scheme, str) or _SCHEME.match(scheme) is None:
            raise ValueError(f"{scheme!r} is not a valid URI scheme prefix.")
    return out


_WORD = re.compile(r"\S+")
_LEAD = re.compile(r"[(<]+")
_TRAIL = re.compile(r"[)>.,]+\Z")


class _SchemeWordLinker(Linker):
    """:class:`Linker` plus Jinja's ``extra_schemes`` rule for whole words."""

    def __init__(self, extra_schemes: tuple[str, ...], **options: Any) -> None:
        super().__init__(**options)
        self.extra_schemes = extra_schemes

    def links(self, text: str) -> list[Link]:
        found = super().links(text)
        words = list(self._scheme_words(text))
        if not words:
            return found
        # A word with an extra scheme is one link; a UTS #58 link starting where the
        # word starts (``git://host/…`` with ``git:`` extra) keeps its own rules.
        starts = {link.start for link in found}
        words = [w for w in words if w.start not in starts]
        kept = [link for link in found if not any(w.start < link.end and link.start < w.end for w in words)]
        return sorted([*kept, *words], key=lambda link: link.start)

    def _scheme_words(self, text: str) -> Iterable[Link]:
        for m in _WORD.finditer(text):
            start, end = m.span()
            lead = _LEAD.match(text, start, end)
            if lead:
                start = lead.end()
            trail = _TRAIL.search(text, start, end)
            if trail:
                end = trail.start()
                # as Jinja: a ")" that closes a "(" of the word stays in it
                opened = text.count("(", start, end) - text.count(")", start, end)
                while opened > 0 and end < trail.end() and ")" in text[end : trail.end()]:
                    end = text.index(")", end, trail.end()) + 1
                    opened -= 1
            word = text[start:end]
            if not any(word != s and word.startswith(s) for s in self.extra_schemes):
                continue
            if not word.isprintable() or any(c in word for c in "<>\"'`") or unsafe_href(word):
                continue  # link less: invisible characters, markup, javascript: and the like
            yield Link(start, end, "url", word, word)


@lru_cache(maxsize=64)
def _linker(trim_url_limit: int | None, rel: str | None, target: str | None, schemes: tuple[str, ...]) -> Linker:
    def attrs_cb(attrs: dict[str, str], link: Link) -> dict[str, str]:
        if trim_url_limit is not None and len(attrs["_text"]) > trim_url_limit:
            attrs["_text"] = attrs["_text"][:trim_url_limit] + "..."
        if link.kind == "email" and attrs["_text"][:7].lower() == "mailto:":
            attrs["_text"] = attrs["_text"][7:]  # as Jinja: the address without the scheme
        if not attrs["href"].lower().startswith("mailto:"):
            if rel:
                attrs["rel"] = rel
            if target:
                attrs["target"] = target
        return attrs

    callbacks: list[Callback] = [attrs_cb]
    if schemes:
        return _SchemeWordLinker(
            schemes, callbacks=callbacks, skip_tags=(), parse_email=True,
            schemes=[s.rstrip("/").rstrip(":") for s in schemes],
        )
    return Linker(callbacks=callbacks, skip_tags=(), parse_email=True)


def urlize(
    value: Any,
    trim_url_limit: int | None = None,
    nofollow: bool = False,
    target: str | None = None,
    rel: str | None = None,
    extra_schemes: Iterable[str] | None = None,
) -> Markup:
    """``value`` (escaped unless it is ``Markup``) with links, as ``Markup``."""

    if trim_url_limit is not None and (isinstance(trim_url_limit, bool) or not isinstance(trim_url_limit, int)):
        raise TypeError(f"trim_url_limit must be an int or None, not {type(trim_url_limit).__name__}")
    for name, arg in (("target", target), ("rel", rel)):
        if arg is not None and not isinstance(arg, str):
            raise TypeError(f"{name} must be a str or None, not {type(arg).__name__}")
    rel_parts = set((rel or "").split())
    if nofollow:
        rel_parts.add("nofollow")
    schemes = _check_schemes(extra_schemes)
    linker = _linker(trim_url_limit, " ".join(sorted(rel_parts)) or None, target or None, schemes)
    if hasattr(value, "__html__"):  # Markup: linked as HTML
        return Markup(linker.linkify(str(escape(value))))
    # Plain text: what linker.linkify(escape(value)) gives, without the HTML tokenizer.
    return Markup(linkify_text(linker, str(value), _escape_str))


def _escape_str(text: str) -> str:
    return str(escape(text))


# markupsafe.escape's replacements, for the compiled plain-text linker (tests/test_urlize_plain.py)
ESCAPES[_escape_str] = ("&amp;", "&lt;", "&gt;", "&#34;", "&#39;")


@pass_eval_context
def do_urlize(
    eval_ctx: EvalContext,
    value: Any,
    trim_url_limit: int | None = None,
    nofollow: bool = False,
    target: str | None = None,
    rel: str | None = None,
    extra_schemes: Iterable[str] | None = None,
) -> Any:
    """Jinja's ``urlize`` filter on UTS #58, with the environment's ``urlize.*`` policies."""
    policies = eval_ctx.environment.policies
    rel_parts = set((rel or "").split())
    rel_parts.update((policies.get("urlize.rel") or "").split())
    if target is None:
        target = policies.get("urlize.target")
    if extra_schemes is None:
        extra_schemes = policies.get("urlize.extra_schemes") or ()
    try:
        rv = urlize(value, trim_url_limit, nofollow, target, " ".join(sorted(rel_parts)) or None, extra_schemes)
    except ValueError as exc:  # a scheme that is not one, or one never linked (javascript:)
        raise FilterArgumentError(str(exc)) from None
    return rv if eval_ctx.autoescape else str(rv)


def install(env: Environment) -> Environment:
    """Register :func:`do_urlize` as ``env``'s ``urlize`` filter; returns ``env``.

    The filter honours ``env.policies["urlize.rel"]``, ``["urlize.target"]`` and
    ``["urlize.extra_schemes"]`` as Jinja's own does, and returns ``Markup`` only when
    the template autoescapes.
    """
    env.filters["urlize"] = do_urlize
    return env
