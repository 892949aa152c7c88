"""uts58_icu — Unicode Link Detection and Formatting (UTS #58), on ICU.

The three UTS #58 properties are derived at run time from the ICU in use (once, on first use)
(:data:`UNICODE_VERSION` says which Unicode that is).

Layers (arrows point down): :mod:`uts58_icu.core` is the conformant detector and
formatter (§3–§6); :mod:`uts58_icu.linkification` applies §8 policies on top of it;
integrations (``uts58_icu.markdown_it`` …) sit on top of both. This module re-exports
the public API; :func:`find_links` here takes a ``policy`` (default: the conformant base).

Each re-exported name is imported from its module the first time it is used
(``from uts58_icu import find_links``, ``uts58_icu.LinkPolicy``, ``import *``; PEP 562),
so a program that needs only part of the library (the ``uts58 detect`` command, which
needs the core alone) does not pay for the rest at start-up (issue 19).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

# Imported at once: which ICU, and which core (UTS58_REQUIRE_ACCELERATED=1 makes a missing
# compiled core an ImportError of ``import uts58_icu`` itself).
from ._icu import ICU_VERSION, UNICODE_VERSION
from .core._accel import ACCELERATED

if TYPE_CHECKING:  # what type checkers see: every name, as if imported here
    from .core.detection import MAX_HOST_LENGTH, Link
    from .core.email import email_start
    from .core.escaping import UrlParts, format_email, format_parts, minimal_escape, parse_url
    from .core.parts import BRACKET_STACK_LIMIT, PARTS, Part
    from .core.properties import (
        LinkTerm,
        link_bracket,
        link_bracket_map,
        link_email,
        link_email_ranges,
        link_term,
        link_term_ranges,
    )
    from .core.termination import Note, terminate
    from .core.tlds import TldSource, default_tlds, tld_source
    from .linkification.apply import find_links, iter_links
    from .linkification.explain import Explanation, explain
    from .linkification.linkify import linkify_html, linkify_text_to_html
    from .linkification.policy import LinkPolicy
    from .linkification.redact import redact

__version__ = "0.1.0"

__all__ = [
    "ACCELERATED",
    "BRACKET_STACK_LIMIT",
    "ICU_VERSION",
    "PARTS",
    "UNICODE_VERSION",
    "Explanation",
    "Link",
    "LinkPolicy",
    "LinkTerm",
    "MAX_HOST_LENGTH",
    "Note",
    "Part",
    "TldSource",
    "UrlParts",
    "__version__",
    "default_tlds",
    "email_start",
    "explain",
    "format_email",
    "format_parts",
    "find_links",
    "iter_links",
    "link_bracket",
    "link_bracket_map",
    "link_email",
    "link_email_ranges",
    "link_term",
    "link_term_ranges",
    "linkify_html",
    "linkify_text_to_html",
    "minimal_escape",
    "parse_url",
    "redact",
    "terminate",
    "tld_source",
]

#: The module each lazily imported name of ``__all__`` comes from.
_FROM = {
    **dict.fromkeys(("MAX_HOST_LENGTH", "Link"), "core.detection"),
    "email_start": "core.email",
    **dict.fromkeys(("UrlParts", "format_email", "format_parts", "minimal_escape", "parse_url"), "core.escaping"),
    **dict.fromkeys(("BRACKET_STACK_LIMIT", "PARTS", "Part"), "core.parts"),
    **dict.fromkeys(
        ("LinkTerm", "link_bracket", "link_bracket_map", "link_email", "link_email_ranges", "link_term",
         "link_term_ranges"),
        "core.properties",
    ),  # fmt: skip
    **dict.fromkeys(("Note", "terminate"), "core.termination"),
    **dict.fromkeys(("TldSource", "default_tlds", "tld_source"), "core.tlds"),
    **dict.fromkeys(("find_links", "iter_links"), "linkification.apply"),
    **dict.fromkeys(("Explanation", "explain"), "linkification.explain"),
    **dict.fromkeys(("linkify_html", "linkify_text_to_html"), "linkification.linkify"),
    "LinkPolicy": "linkification.policy",
    "redact": "linkification.redact",
}
#: Subpackages (and internal modules) that ``import uts58_icu`` made attributes before the
#: names above were imported lazily: still there on first use.
_SUBMODULES = frozenset({"core", "linkification", "_args", "_compat", "_lazy"})

if not TYPE_CHECKING:  # (type checkers see the imports above, and no catch-all attribute)

    def __getattr__(name: str) -> Any:
        """A name of ``__all__`` (or a subpackage), imported on first use (PEP 562)."""
        from importlib import import_module

        where = _FROM.get(name)
        if where is not None:
            value = getattr(import_module(f"{__name__}.{where}"), name)
        elif name in _SUBMODULES:
            value = import_module(f"{__name__}.{name}")
        else:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        globals()[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted(set(globals()) | set(__all__) | _SUBMODULES)
