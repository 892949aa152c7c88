"""uts58_icu — Unicode Link Detection and Formatting (UTS #58), on ICU.

The three UTS #58 properties are derived at run time from the ICU in use (once, on first use)
(:data:`UNICODE_VERSION` says which Unicode that is).
"""

from ._icu import ICU_VERSION, UNICODE_VERSION
from .detection import MAX_HOST_LENGTH, Link, find_links, iter_links
from .email import email_start
from .escaping import UrlParts, format_email, format_parts, minimal_escape, parse_url
from .explain import Explanation, explain
from .linkify import linkify_html
from .parts import BRACKET_STACK_LIMIT, PARTS, Part
from .policy import LinkPolicy
from .termination import Note, terminate
from .tlds import TldSource, default_tlds, tld_source
from .properties import (
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
    "minimal_escape",
    "parse_url",
    "terminate",
    "tld_source",
]
