"""§3.5.1 URL Link Detection Termination Algorithm."""

from __future__ import annotations

from dataclasses import dataclass

from .._args import require_int, require_str
from ._classes import patterns
from .parts import (
    BRACKET_STACK_LIMIT,
    FRAGMENT,
    FRAGMENT_DIRECTIVE,
    SYNTAX_START_CHARS,
    Part,
    initiator_at,
)
from .properties import HARD, INCLUDE, OPEN, SOFT, derived

__all__ = ["Note", "terminate"]


@dataclass(frozen=True, slots=True)
class Note:
    """Why a candidate was rejected, or where and why a link ends (see ``explain``)."""

    start: int
    end: int
    reason: str


def _check_text(text: object, start: object) -> None:
    s, i = require_str(text, "text"), require_int(start, "start")
    if not 0 <= i <= len(s):
        raise ValueError(f"start must be in 0..len(text) ({len(s)}), got {i}")


def terminate(text: str, start: int) -> int:
    """Where a URL ends (§3.5.1), given ``start``: the offset just after the host (and port).

    Returns ``link_end``, an offset in ``start..len(text)``: ``start`` itself when no
    Path, Query or Fragment follows.
    """
    _check_text(text, start)
    return _terminate(text, start)


NO_INITIATOR = "{ch} at offset {i} starts no Path, Query or Fragment"


def _stop(text: str, i: int, last_safe: int, why: str, trace: list[Note] | None) -> int:
    """Return ``last_safe``, recording why the loop stopped at ``i`` when tracing."""
    if trace is not None:
        if i < len(text):
            ch = text[i]
            # Plain substitution, never str.format: the template may hold text from the
            # input (an opener such as "{"), which str.format would parse (issue 9 item 6).
            why = why.replace("{i}", str(i)).replace("{ch}", f"U+{ord(ch):04X} {ch!r}")
        trace.append(Note(i, i, why))
        if last_safe < i:
            trace.append(Note(last_safe, i, f"trailing Soft characters dropped: {text[last_safe:i]!r}"))
    return last_safe


def _terminate(text: str, start: int, trace: list[Note] | None = None) -> int:
    p = patterns()
    table = derived().table
    brackets = derived().brackets
    text_run = p.text_run.match
    n = len(text)
    # Step 1. lastSafe starts at the end of the host: see conformance/NOTES.md
    # (the spec writes link_start, which would return an empty link).
    last_safe = start
    part: Part | None = None  # step 2
    previous: Part | None = None
    stack: list[int] = []  # step 4 (limit: step 3, BRACKET_STACK_LIMIT)
    i = start
    while i < n:  # step 5
        if text[i] in SYNTAX_START_CHARS:
            # 5.1 a terminator of the current part ends it
            if part is not None and part.terminators and part.terminator_at(text, i):
                previous, part = part, None
            # 5.2 with no part, an initiator must start one
            if part is None:
                new = initiator_at(text, i)
                if new is None:  # 5.2.1
                    return _stop(text, i, last_safe, NO_INITIATOR, trace)
                # 5.2.3 a fragment directive only follows a fragment or a directive
                if new is FRAGMENT_DIRECTIVE and previous not in (FRAGMENT, FRAGMENT_DIRECTIVE):
                    return _stop(text, i, last_safe, "':~:' at offset {i} outside a fragment", trace)
                part = new  # 5.2.2
                i += len(new.initiator)  # 5.2.4
                last_safe = i  # 5.2.5
                stack.clear()  # 5.2.6
                continue  # 5.2.7
            # 5.3 ClearStackOpen
            if part.clear_stack_open:
                seq = part.clear_stack_open_at(text, i)
                if seq:
                    i += len(seq)
                    last_safe = i
                    stack.clear()
                    continue
        elif part is None:  # 5.2.1: every initiator begins with a syntax character
            return _stop(text, i, last_safe, NO_INITIATOR, trace)
        else:
            # Fast path for 5.5 / 5.6: a run of Include and Soft characters that cannot
            # begin any syntax sequence; lastSafe moves after its last Include character.
            m = text_run(text, i)
            if m:
                j = k = m.end()
                while k > i and table[ord(text[k - 1])] == SOFT:
                    k -= 1
                if k > i:
                    last_safe = k
                i = j
                continue
        cp = ord(text[i])
        lt = table[cp]  # 5.4
        if lt == INCLUDE:  # 5.5
            i += 1
            last_safe = i
        elif lt == SOFT:  # 5.6
            i += 1
        elif lt == HARD:  # 5.7
            return _stop(text, i, last_safe, "Hard character {ch} at offset {i}", trace)
        elif lt == OPEN:  # 5.8
            if len(stack) == BRACKET_STACK_LIMIT:
                return _stop(text, i, last_safe, "bracket stack limit (125) reached at offset {i}", trace)
            stack.append(cp)
            i += 1
            last_safe = i
        else:  # 5.9 (lt == CLOSE)
            if not stack:
                return _stop(text, i, last_safe, "unmatched {ch} at offset {i}: no open bracket", trace)
            top = stack.pop()
            if brackets.get(cp) == top:
                i += 1
                last_safe = i
            else:
                return _stop(
                    text, i, last_safe,
                    "{ch} at offset {i} does not match " + repr(chr(top)) + ", the open bracket on the stack",
                    trace,
                )
    return _stop(text, i, last_safe, "end of text", trace)  # step 6
