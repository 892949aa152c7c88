"""``bleach.linkifier`` on :mod:`uts58_icu.html`: ``Linker`` and ``linkify``."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from typing import Any, Literal

from ..core.detection import Link
from ..html import Callback, ExistingLinkHook
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


def _run(callbacks: tuple[BleachCallback, ...], attrs: dict[str, str], new: bool) -> dict[str, str] | None:
    """bleach's ``apply_callbacks``: each callback in turn, ``None`` stops."""
    out: Any = {_key(name): value for name, value in attrs.items()}
    for callback in callbacks:
        out = callback(out, new)
        if out is None:
            return None
        if not isinstance(out, dict):
            raise TypeError(f"a linkify callback must return a dict or None, not {type(out).__name__}")
    return {_name(key): value for key, value in out.items()}


def _new_links(callbacks: tuple[BleachCallback, ...]) -> Callback:
    def native(attrs: dict[str, str], link: Link) -> dict[str, str] | None:
        return _run(callbacks, attrs, True)

    return native


def _existing_links(callbacks: tuple[BleachCallback, ...]) -> ExistingLinkHook:
    def hook(attrs: dict[str, str]) -> dict[str, str] | None:
        return _run(callbacks, attrs, False)

    return hook


#: What :class:`Linker` does with the ``<a>`` elements already in the input.
ExistingLinks = Literal["callbacks", "keep"]


class Linker:
    """``bleach.linkifier.Linker``: the same constructor, UTS #58 detection.

    As in bleach, the callbacks run on every ``<a>`` already in the input too, with
    ``new=False`` (so the default ``nofollow`` adds ``rel="nofollow"`` to the links the
    user wrote; a callback may change or drop their attributes, change ``"_text"``,
    or return ``None`` to unlink: the tags go, the content stays). Only a start tag
    whose attributes a callback changed is rewritten (attributes in their order,
    values double-quoted); everything else is the input as written.
    ``existing_links="keep"`` leaves the input's ``<a>`` elements alone (callbacks
    see new links only; the behaviour before 0.2).

    ``url_re`` and ``email_re`` cannot be honoured (detection is UTS #58) and raise
    ``ValueError`` if given; ``recognized_tags`` is accepted and not needed (the
    tokenizer recognizes every tag). ``policy``, ``tlds`` and ``existing_links`` are
    this library's.
    """

    def __init__(
        self,
        callbacks: Iterable[BleachCallback] | None = DEFAULT_CALLBACKS,
        skip_tags: Collection[str] | None = None,
        parse_email: bool = False,
        url_re: object = None,
        email_re: object = None,
        recognized_tags: object = None,
        *,
        policy: LinkPolicy | str | None = None,
        tlds: Collection[str] | None = None,
        existing_links: ExistingLinks = "callbacks",
    ) -> None:
        if url_re is not None or email_re is not None:
            raise ValueError("url_re and email_re are not supported: detection is UTS #58 (use policy=)")
        if callbacks is None:  # bleach: ``callbacks or []``
            callbacks = ()
        if isinstance(callbacks, (str, bytes)) or not isinstance(callbacks, Iterable):
            raise TypeError(f"callbacks must be an iterable of callables, not {type(callbacks).__name__}")
        cbs = tuple(callbacks)
        for cb in cbs:
            if not callable(cb):
                raise TypeError(f"callbacks must be callables, not {type(cb).__name__}")
        if existing_links not in ("callbacks", "keep"):
            raise ValueError(f"existing_links must be 'callbacks' or 'keep', not {existing_links!r}")
        self._linker = _HtmlLinker(
            callbacks=[_new_links(cbs)] if cbs else [],
            existing_links=_existing_links(cbs) if cbs and existing_links == "callbacks" else None,
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
    callbacks: Iterable[BleachCallback] | None = DEFAULT_CALLBACKS,
    skip_tags: Collection[str] | None = None,
    parse_email: bool = False,
) -> str:
    """``bleach.linkify``: the same arguments and defaults, UTS #58 detection.

    The callbacks also run on the ``<a>`` elements already in ``text`` (see
    :class:`Linker`, whose ``existing_links="keep"`` turns that off).
    """
    return Linker(callbacks=callbacks, skip_tags=skip_tags, parse_email=parse_email).linkify(text)


_NOT_HERE = {
    name: "detection is UTS #58, not a regular expression: pass policy= (a LinkPolicy or "
    "'base'/'recommended') and tlds= to Linker instead"
    for name in ("build_url_re", "build_email_re", "URL_RE", "EMAIL_RE", "PROTO_RE", "TLDS")
}
_NOT_HERE["LinkifyFilter"] = (
    "there is no html5lib filter; linkify HTML with Linker(...).linkify, and sanitize with nh3 (nh3.clean)"
)


def __getattr__(name: str) -> object:
    if name in _NOT_HERE:
        raise AttributeError(f"uts58_icu.bleach.linkifier has no {name!r}: {_NOT_HERE[name]}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
