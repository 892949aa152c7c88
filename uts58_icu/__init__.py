"""uts58_icu — Unicode Link Detection and Formatting (UTS #58), on ICU.

The three UTS #58 properties are derived at import from the ICU in use
(:data:`UNICODE_VERSION` says which Unicode that is).
"""

from ._icu import ICU_VERSION, UNICODE_VERSION
from .parts import BRACKET_STACK_LIMIT, PARTS, Part
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
    "LinkTerm",
    "Part",
    "__version__",
    "link_bracket",
    "link_bracket_map",
    "link_email",
    "link_email_ranges",
    "link_term",
    "link_term_ranges",
]
