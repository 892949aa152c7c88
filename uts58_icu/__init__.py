"""uts58_icu — Unicode Link Detection and Formatting (UTS #58), on ICU.

The three UTS #58 properties are derived at import from the ICU in use
(:data:`UNICODE_VERSION` says which Unicode that is).
"""

from ._icu import ICU_VERSION, UNICODE_VERSION
from .detection import MAX_HOST_LENGTH, Link, find_links, iter_links
from .email import email_start
from .linkify import linkify_html
from .parts import BRACKET_STACK_LIMIT, PARTS, Part
from .termination import terminate
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
    "Link",
    "LinkTerm",
    "MAX_HOST_LENGTH",
    "Part",
    "TldSource",
    "__version__",
    "default_tlds",
    "email_start",
    "find_links",
    "iter_links",
    "link_bracket",
    "link_bracket_map",
    "link_email",
    "link_email_ranges",
    "link_term",
    "link_term_ranges",
    "linkify_html",
    "terminate",
    "tld_source",
]
