"""§10.1 Migration: Link Detection — refine a span found by another link detector.

An existing library finds the start of a link and (its idea of) the end; this
module re-computes the end of the Path, Query and Fragment with the UTS #58
termination algorithm (§3.5.1), keeping the library's scheme and host
recognition:

>>> text = "See ja.wikipedia.org/wiki/アルベルト now"
>>> refine(text, 4, 26)   # a detector that stopped at the first non-ASCII letter
(4, 31)

What :func:`refine` does, for the span ``S = start``, ``E = end``:

1. (§10.1 step 3) If ``E == len(text)`` or ``text[E]`` has ``Link_Term=Hard``,
   return ``(S, E)`` unchanged. (With ``always=True`` this step is skipped, so a
   span that swallowed a trailing ``)`` or ``.`` before a space is trimmed too —
   an extension beyond §10.1.)
2. Find the host. Skip a scheme ``[A-Za-z][A-Za-z0-9+.-]*://`` at ``S`` and any
   userinfo up to an ``@``. An email address (a ``mailto:`` span, or an ``@`` in a
   span without ``://``) has no Path, Query or Fragment (§5), so it is returned
   unchanged. The host (with any port) then runs up to the first ``/``, ``?`` or
   ``#`` inside the span; that offset is ``host_end``.
3. If the span has no ``/``, ``?`` or ``#`` after the host, it is only a host:
   unless ``text[E]`` is one of ``/?#`` it is returned unchanged; if it is, the
   Path, Query or Fragment the detector missed starts at ``host_end = E``.
4. (§10.1 steps 4–5) The last initiator of a Path, Query or Fragment inside the
   span lies at or after ``host_end``, and the termination algorithm is followed
   from there. Restarting the algorithm *at* that initiator with an empty state
   would be wrong in general (a ``?`` inside a query is Soft, not an initiator; a
   ``:~:`` is an initiator only after a fragment), so the state at that point —
   current part, previous part, bracket stack — is rebuilt by running
   :func:`uts58_icu.terminate` from ``host_end``; the result is the same as
   continuing the algorithm past the last initiator with its exact state.
   The new end is ``terminate(text, host_end)``: it may be later than ``E`` (a
   span cut short, e.g. at the first non-ASCII letter) or earlier (a span that
   swallowed an unmatched ``)`` or a Soft ``.`` followed by more text).

The start is never changed.
"""

from __future__ import annotations

import re

from .._args import check_span
from ..core.properties import LinkTerm, link_term
from ..core.termination import terminate

__all__ = ["refine"]

_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*://")
_PQF = re.compile(r"[/?#]")


def host_end(text: str, start: int, end: int) -> int | None:
    """Where the host (and port) of the link ``text[start:end]`` ends, or ``None``.

    ``None`` means the span is an email address (no Path, Query or Fragment can
    follow). When the span holds no ``/``, ``?`` or ``#`` after the host, the
    result is ``end``.
    """
    check_span(text, start, end)
    pos = start
    scheme = _SCHEME.match(text, start, end)
    if scheme:
        pos = scheme.end()
    elif text.startswith("mailto:", start) or text.startswith("MAILTO:", start):
        return None
    m = _PQF.search(text, pos, end)
    authority_end = m.start() if m else end
    at = text.rfind("@", pos, authority_end)
    if at >= 0 and not scheme:
        return None  # an email address
    return authority_end


def refine(text: str, start: int, end: int, *, always: bool = False) -> tuple[int, int]:
    """Refine the span ``text[start:end]`` found by another detector (§10.1 steps 3–5).

    Returns ``(start, new_end)``; see the module docstring for the exact steps.
    ``always=True`` skips step 3 (the early return when the span is followed by a
    Hard character or the end of the text), so over-long spans are trimmed too.

    Raises ``TypeError`` for a non-``str`` text or non-``int`` offsets and
    ``ValueError`` unless ``0 <= start <= end <= len(text)``.
    """
    check_span(text, start, end)
    if start == end:
        return start, end
    n = len(text)
    if not always and (end == n or link_term(text[end]) is LinkTerm.HARD):
        return start, end  # step 3
    h = host_end(text, start, end)
    if h is None:
        return start, end
    if h == end and not (end < n and text[end] in "/?#"):
        return start, end  # only a host, and no Path, Query or Fragment follows
    return start, max(h, terminate(text, h))
