"""URL Parts and their sequence sets: Table 3-3 of UTS #58 (§3.5), as data.

Both link detection (§3.5.1) and minimal escaping (§4.1) read this one table.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "BRACKET_STACK_LIMIT",
    "FRAGMENT",
    "FRAGMENT_DIRECTIVE",
    "PARTS",
    "PATH",
    "Part",
    "QUERY",
    "SYNTAX_START_CHARS",
    "initiator_at",
]

#: §3.5.1 step 3 / §4.1 step 2.4.7: the limit of the stack of open brackets.
BRACKET_STACK_LIMIT = 125


@dataclass(frozen=True)
class Part:
    """One row of Table 3-3: a URL Part and its Initiator, Terminator and ClearStackOpen sets."""

    name: str
    initiator: str
    terminators: tuple[str, ...]
    clear_stack_open: tuple[str, ...]

    def terminator_at(self, text: str, i: int) -> str | None:
        """The member of the Terminator set that matches ``text`` at ``i``, if any."""
        for seq in self.terminators:
            if text.startswith(seq, i):
                return seq
        return None

    def clear_stack_open_at(self, text: str, i: int) -> str | None:
        """The member of the ClearStackOpen set that matches ``text`` at ``i``, if any."""
        for seq in self.clear_stack_open:
            if text.startswith(seq, i):
                return seq
        return None


# Table 3-3. Link Termination by URL Part
PATH = Part("path", "/", terminators=("?", "#"), clear_stack_open=("/",))
QUERY = Part("query", "?", terminators=("#",), clear_stack_open=("=", "&"))
FRAGMENT = Part("fragment", "#", terminators=(":~:",), clear_stack_open=())
# "In a fragment directive, the comma and ampersand are separators"; the
# initiator is only activated inside a fragment or a fragment directive.
FRAGMENT_DIRECTIVE = Part(
    "fragment directive", ":~:", terminators=(), clear_stack_open=("&", ",", ":~:")
)

PARTS: tuple[Part, ...] = (PATH, QUERY, FRAGMENT, FRAGMENT_DIRECTIVE)

#: First characters of every initiator, terminator and ClearStackOpen sequence.
#: Characters outside this set never change the Part or the stack by syntax alone.
SYNTAX_START_CHARS: frozenset[str] = frozenset(
    seq[0]
    for part in PARTS
    for seq in (part.initiator, *part.terminators, *part.clear_stack_open)
)


def initiator_at(text: str, i: int) -> Part | None:
    """The Part whose initiator matches ``text`` at ``i`` (§3.5.1 step 5.2)."""
    for part in PARTS:
        if text.startswith(part.initiator, i):
            return part
    return None
