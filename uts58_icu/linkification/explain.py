"""Why a link starts and ends where it does (or why a candidate is not a link)."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from .._args import require_int
from ..core.detection import Link
from ..core.escaping import UrlParts, parse_url
from ..core.termination import Note
from .apply import explain_notes
from .policy import LinkPolicy

__all__ = ["Explanation", "explain"]


@dataclass(frozen=True)
class Explanation:
    """The link at an index, the reasons for its bounds, and its parsed parts."""

    index: int
    link: Link | None
    reasons: tuple[str, ...]
    #: Scheme, host, port, path segments, query pairs, fragment and directives; for an
    #: email, scheme ``'mailto'``, the domain as host and the local-part as the one segment.
    parts: UrlParts | None


def _parts(link: Link) -> UrlParts:
    if link.kind == "email":
        text = link.text[len("mailto:") :] if link.text.startswith("mailto:") else link.text
        local, _, domain = text.rpartition("@")
        return UrlParts(scheme="mailto", host=parse_url("mailto://" + domain).host, path=(local,))
    return parse_url(link.text if "://" in link.text else "https://" + link.text)


def explain(
    text: str,
    index: int,
    *,
    tlds: Collection[str] | None = None,
    policy: LinkPolicy | str | None = None,
) -> Explanation:
    """Explain detection at ``text[index]``: the link covering it, or why there is none.

    Reasons name Hard characters, unmatched closers (and the opener they were
    compared with), trailing Soft characters dropped, TLDs not in the list, the
    bracket stack limit and §8 policy rejections, each with its offset.
    """
    require_int(index, "index")
    links, notes = explain_notes(text, tlds=tlds, policy=policy)
    if not 0 <= index <= len(text):
        raise ValueError(f"index must be in 0..len(text) ({len(text)}), got {index}")
    link = next((lk for lk in links if lk.start <= index < lk.end), None)
    # Notes that touch the link (its end notes sit at link.end), else those covering index.
    lo, hi = (link.start, link.end) if link else (index, index)
    reasons = tuple(f"[{n.start}:{n.end}] {n.reason}" for n in notes if n.start <= hi and n.end >= lo)
    return Explanation(index, link, reasons, _parts(link) if link else None)


def explain_all(
    text: str, *, tlds: Collection[str] | None = None, policy: LinkPolicy | str | None = None
) -> tuple[list[Link], list[Note]]:
    """Every link and every note for ``text`` (what ``uts58 detect --explain`` prints)."""
    return explain_notes(text, tlds=tlds, policy=policy)
