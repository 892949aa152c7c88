"""``bleach.linkifier`` on :mod:`uts58_icu.html`: ``Linker`` and ``linkify``."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from typing import Any

from ..core.detection import Link
from ..html import Callback
from ..html import Linker as _HtmlLinker
from ..linkification.policy import LinkPolicy
from . import callbacks as _callbacks

__all__ = ["DEFAULT_CALLBACKS", "BleachCallback", "Linker", "linkify"]

#: ``callback(attrs, new) -> attrs | None`` as in bleach.
BleachCallback = Callable[[dict[Any, str], bool], "dict[Any, str] | None"]

DEFAULT_CALLBACKS: list[BleachCallback] = [_callbacks.nofollow]


def _key(name: str) -> tuple[None, str] | str:
    return name if name == "_text" else (None, name)


def _name(key: object) -> str:
    if isinstance(key, tuple) and len(key) == 2 and isinstance(key[1], str):
        return key[1]
    if isinstance(key, str):
        return key
    raise TypeError(f"a linkify callback returned an attribute key {key!r}; use (None, name) or '_text'")


def _adapt(callback: BleachCallback) -> Callback:
    def native(attrs: dict[str, str], link: Link) -> dict[str, str] | None:
        out = callback({_key(name): value for name, value in attrs.items()}, True)
        if out is None or not isinstance(out, dict):
            return out
        return {_name(key): value for key, value in out.items()}

    return native


class Linker:
    """``bleach.linkifier.Linker``: the same constructor, UTS #58 detection.

    ``url_re`` and ``email_re`` cannot be honoured (detection is UTS #58) and raise
    ``ValueError`` if given; ``recognized_tags`` is accepted and not needed (the
    tokenizer recognizes every tag). ``policy`` and ``tlds`` are this library's.
    """

    def __init__(
        self,
        callbacks: Iterable[BleachCallback] = DEFAULT_CALLBACKS,
        skip_tags: Collection[str] | None = None,
        parse_email: bool = False,
        url_re: object = None,
        email_re: object = None,
        recognized_tags: object = None,
        *,
        policy: LinkPolicy | None = None,
        tlds: Collection[str] | None = None,
    ) -> None:
        if url_re is not None or email_re is not None:
            raise ValueError("url_re and email_re are not supported: detection is UTS #58 (use policy=)")
        if isinstance(callbacks, (str, bytes)) or not isinstance(callbacks, Iterable):
            raise TypeError(f"callbacks must be an iterable of callables, not {type(callbacks).__name__}")
        self._linker = _HtmlLinker(
            callbacks=[_adapt(cb) for cb in callbacks],
            skip_tags=() if skip_tags is None else skip_tags,
            parse_email=parse_email,
            policy=policy,
            tlds=tlds,
        )

    def linkify(self, text: str) -> str:
        """``text`` (HTML) with links added."""
        if not isinstance(text, str):
            raise TypeError(f"argument cannot be of '{type(text).__name__}' type, must be of text type")
        return self._linker.linkify(text)


def linkify(
    text: str,
    callbacks: Iterable[BleachCallback] = DEFAULT_CALLBACKS,
    skip_tags: Collection[str] | None = None,
    parse_email: bool = False,
) -> str:
    """``bleach.linkify``: the same arguments and defaults, UTS #58 detection."""
    return Linker(callbacks=callbacks, skip_tags=skip_tags, parse_email=parse_email).linkify(text)
