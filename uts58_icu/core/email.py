"""§5.2 Email Detection Algorithm (scanning back from the ``@``)."""

from __future__ import annotations

from .._args import require_int, require_str
from ._classes import patterns, run_back

__all__ = ["MAILTO", "email_start"]

MAILTO = "mailto:"


def email_start(text: str, at: int) -> int | None:
    """Start of the email address whose ``@`` is at index ``at`` (§5.2), or ``None``.

    Scans back over Link_Email characters; fails when the local-part is empty,
    starts or ends with ``.``, or contains ``..``. A ``mailto:`` immediately
    before the local-part is included (step 6).
    """
    require_str(text, "text")
    require_int(at, "at")
    if not 0 <= at < len(text):
        raise ValueError(f"at must be an index into text (0..{len(text) - 1}), got {at}")
    if text[at] != "@":
        raise ValueError(f"text[at] must be '@', got {text[at]!r}")
    return _email_start(text, at)


def _email_start(text: str, n: int) -> int | None:
    if n == 0:  # step 1
        return None
    if text[n - 1] == ".":  # step 2
        return None
    # Step 3: scan backward over Link_Email (which includes ".").
    start = run_back(patterns().email_chars, text, n)
    if text.find("..", start, n) != -1:  # step 3.1.1
        return None
    if start == n:  # step 5
        return None
    if text[start] == ".":  # step 4
        return None
    if text.startswith(MAILTO, start - len(MAILTO)) and start >= len(MAILTO):  # step 6
        start -= len(MAILTO)
    return start  # step 7
