"""bleach-style link callbacks: ``callback(attrs, new=False) -> attrs | None``.

``attrs`` maps ``(namespace, name)`` to values (``(None, "href")``) plus ``"_text"``,
the link's visible text, as in bleach.
"""

from __future__ import annotations

from typing import Any

__all__ = ["nofollow", "target_blank"]

_HREF = (None, "href")


def nofollow(attrs: dict[Any, str], new: bool = False) -> dict[Any, str]:
    """Add ``nofollow`` to ``rel`` (not on ``mailto:`` links)."""
    href = attrs.get(_HREF)
    if href is None or href.startswith("mailto:"):
        return attrs
    rel = [value for value in attrs.get((None, "rel"), "").split(" ") if value]
    if "nofollow" not in (value.lower() for value in rel):
        rel.append("nofollow")
    attrs[(None, "rel")] = " ".join(rel)
    return attrs


def target_blank(attrs: dict[Any, str], new: bool = False) -> dict[Any, str]:
    """Set ``target="_blank"`` (not on ``mailto:`` links)."""
    href = attrs.get(_HREF)
    if href is None or href.startswith("mailto:"):
        return attrs
    attrs[(None, "target")] = "_blank"
    return attrs
