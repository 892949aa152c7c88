"""uts58_icu — Unicode Link Detection and Formatting (UTS #58), on ICU.

The three UTS #58 properties are derived at run time from the ICU in use (once, on first use)
(:data:`UNICODE_VERSION` says which Unicode that is).

Layers (arrows point down): :mod:`uts58_icu.core` is the conformant detector and
formatter (§3–§6); :mod:`uts58_icu.linkification` applies §8 policies on top of it;
integrations (``uts58_icu.markdown_it`` …) sit on top of both. This module re-exports
the public API; :func:`find_links` here takes a ``policy`` (default: the conformant base).
"""

from ._icu import ICU_VERSION, UNICODE_VERSION
from .core._accel import ACCELERATED
from .core.detection import MAX_HOST_LENGTH, Link
from .core.email import email_start
from .core.escaping import UrlParts, format_email, format_parts, minimal_escape, parse_url
from .core.parts import BRACKET_STACK_LIMIT, PARTS, Part
from .core.termination import Note, terminate
from .core.tlds import TldSource, default_tlds, tld_source
from .linkification.apply import find_links, iter_links
from .linkification.explain import Explanation, explain
from .linkification.linkify import linkify_html, linkify_text_to_html
from .linkification.policy import LinkPolicy
from .linkification.redact import redact
from .core.properties import (
    LinkTerm,
    link_bracket,
    link_bracket_map,
    link_email,
    link_email_ranges,
    link_term,
    link_term_ranges,
)

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
