"""Argument checks shared by the public functions: clear errors that name the parameter."""

from __future__ import annotations

__all__ = ["check_span", "require_int", "require_str"]


def require_str(value: object, name: str) -> str:
    """``value`` if it is a ``str``, else ``TypeError`` naming ``name``."""
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str, not {type(value).__name__}")
    return value


def require_int(value: object, name: str) -> int:
    """``value`` if it is an ``int`` (not ``bool``), else ``TypeError`` naming ``name``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    return value


def check_span(text: object, start: object, end: object) -> None:
    """``text`` is a ``str`` and ``0 <= start <= end <= len(text)`` (else TypeError/ValueError)."""
    s = require_str(text, "text")
    a, b = require_int(start, "start"), require_int(end, "end")
    if not 0 <= a <= b <= len(s):
        raise ValueError(f"need 0 <= start <= end <= len(text) ({len(s)}); got {a}, {b}")
