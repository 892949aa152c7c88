"""A drop-in for ``bleach.linkify``: change ``import bleach`` to ``from uts58_icu import bleach``.

``bleach.linkify(text, callbacks=[…], skip_tags=[…], parse_email=…)``,
``bleach.linkifier.Linker`` and ``bleach.callbacks.nofollow`` / ``target_blank``
keep their signatures and defaults (``parse_email=False``, ``skip_tags=None`` links
everywhere but ``a`` and raw-text elements, callbacks get ``(attrs, new)`` with
``(None, "href")`` keys and ``"_text"``; as in bleach they run on the input's own
``<a>`` elements too, with ``new=False``). Detection is UTS #58 with
``LinkPolicy.recommended()``, and the output is the input with the new links
inserted — not bleach's re-serialization. The differences from bleach's own test
suite are listed, with reasons, in ``docs/html.md``. Only linkify is provided:
for ``bleach.clean`` use nh3 (asking for ``clean`` says so).
"""

from __future__ import annotations

from . import callbacks, linkifier
from .linkifier import DEFAULT_CALLBACKS, Linker, linkify

__all__ = ["DEFAULT_CALLBACKS", "Linker", "callbacks", "linkifier", "linkify"]


_NOT_HERE = {
    "clean": "uts58_icu.bleach provides linkify only; to sanitize HTML use nh3 (nh3.clean) "
    "or keep bleach.clean from bleach itself",
    "Cleaner": "uts58_icu.bleach provides linkify only; to sanitize HTML use nh3 (nh3.clean) "
    "or keep bleach.Cleaner from bleach itself",
}


def __getattr__(name: str) -> object:
    if name in _NOT_HERE:
        raise AttributeError(f"uts58_icu.bleach has no {name!r}: {_NOT_HERE[name]}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
