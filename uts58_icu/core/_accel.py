"""Which scanning core runs: the compiled one (``_speedups``, C) or the pure-Python reference.

The compiled core (``uts58_icu/core/_speedups.c``) is optional: it is built by
``pip install .`` when a C compiler is available, and skipped otherwise. It is a
transliteration of :func:`uts58_icu.core.detection._scan` (with
``termination._terminate`` and ``email._email_start``) and must give identical
``Link`` objects; ``tests/test_accel.py`` checks that. ``UTS58_PURE_PYTHON=1`` in
the environment (read at import) forces the pure-Python path.

The compiled core has no Unicode data of its own: on first use it is handed the
tables :mod:`uts58_icu.core.properties` derives from the ICU in use, and the
cached Python functions for what needs ICU (UTS #46 for hosts and TLDs).

Those tables and callbacks are process-wide, so the compiled core runs in one
interpreter per process: the first that imports it. In any other (a mod_wsgi
subinterpreter, ``_interpreters``) importing ``_speedups`` raises ImportError and this
module falls back to the pure-Python path there (issue 22 item 4,
tests/test_subinterpreters.py).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Collection
from functools import lru_cache
from types import ModuleType
from typing import Any

__all__ = ["ACCELERATED", "scanner"]


#: The interface version this module expects of ``_speedups`` (its ``ABI_VERSION``).
ABI_VERSION = 8


def _import() -> ModuleType | None:
    try:
        from . import _speedups  # type: ignore[attr-defined]
    except ImportError:
        return None
    if getattr(_speedups, "ABI_VERSION", None) != ABI_VERSION:
        import warnings

        warnings.warn(
            "uts58_icu.core._speedups was built from other sources (rebuild it with "
            "`pip install .`); the pure-Python path is used",
            RuntimeWarning,
            stacklevel=2,
        )
        return None
    return _speedups  # type: ignore[no-any-return]


def _forced_pure() -> bool:
    return os.environ.get("UTS58_PURE_PYTHON", "").strip() not in ("", "0")


_SPEEDUPS = None if _forced_pure() else _import()

#: Whether the compiled core is in use (False: the pure-Python path runs).
ACCELERATED: bool = _SPEEDUPS is not None


def _pure_reason() -> str:
    if _SPEEDUPS is not None:
        return ""
    if _forced_pure():
        return "UTS58_PURE_PYTHON is set"
    from importlib.util import find_spec

    if find_spec(f"{__package__}._speedups") is None:
        return "the compiled core was not built (no C compiler when it was installed?)"
    return "the compiled core was built from other sources"


#: Why the pure-Python path runs, 3-4x slower ('' when the compiled core is in use).
#: ``uts58 --version`` shows it. Like msgpack's or markupsafe's, the fallback is silent
#: at import; ``UTS58_REQUIRE_ACCELERATED=1`` makes it an ImportError instead.
PURE_REASON: str = _pure_reason()

if PURE_REASON and os.environ.get("UTS58_REQUIRE_ACCELERATED", "").strip() not in ("", "0"):
    from .._icu import _running_cli

    _message = f"UTS58_REQUIRE_ACCELERATED is set, but the pure-Python path would run: {PURE_REASON}"
    if _running_cli():  # the `uts58` command: one line and exit 2, no traceback
        import sys

        print(f"uts58: {_message}", file=sys.stderr)
        raise SystemExit(2)
    raise ImportError(_message)

Scanner = Callable[..., list[Any]]


_LOCK = threading.Lock()


@lru_cache(maxsize=1)
def _configured(module: ModuleType) -> ModuleType:
    """``module`` (``_speedups``) handed the run-time tables and callbacks, once."""
    with _LOCK:
        _configure(module)
    return module


def _configure(module: ModuleType) -> None:
    from .._icu import unicode_set_ranges
    from . import detection
    from ._classes import HOST_LABEL_CHAR
    from .properties import derived
    from .tlds import default_tlds

    d = derived()
    module.configure(
        term=d.table,
        email=d.email,
        host_ranges=unicode_set_ranges(HOST_LABEL_CHAR),
        ignorable_ranges=unicode_set_ranges(r"[\p{Default_Ignorable_Code_Point}]"),
        brackets=dict(d.brackets),
        link_type=detection.Link,
        tld_key=detection._tld_key,
        ascii_host=detection._ascii_host,
        ipv4_ok=detection._ipv4_ok,
        ipv6_ok=detection._ipv6_ok,
        special_schemes=detection.SPECIAL_SCHEMES,
        href_safe=detection._HREF_SAFE,
        mailto_safe=detection._MAILTO_SAFE,
        default_tlds=default_tlds,
        dotless_ascii=_dotless_ascii,
    )


def _dotless_ascii(name: str) -> str:
    """The host of a dotless name, as detection._scan computes it (UTS #46 ToASCII)."""
    from .._icu import idna_to_ascii_errors

    return idna_to_ascii_errors(name)[0]


#: ``scan(text)`` with the default TLDs and options: the compiled core, configured by its
#: first call (through the hook below); None on the pure path. The public ``find_links``
#: calls it directly when every argument has its default (the short-message latency).
FAST_DEFAULT_SCAN: Scanner | None = None
if _SPEEDUPS is not None:
    _SPEEDUPS.set_hook(lambda: _configured(_SPEEDUPS))
    FAST_DEFAULT_SCAN = _SPEEDUPS.scan


@lru_cache(maxsize=1)
def scanner() -> Scanner | None:
    """The compiled ``scan(text, tlds[, emails, schemeless, schemes]) -> list[Link]``,
    configured; None on the pure path."""
    if _SPEEDUPS is None:
        return None
    scan: Scanner = _configured(_SPEEDUPS).scan
    return scan


def compiled_module() -> ModuleType | None:
    """The configured ``_speedups`` module even under ``UTS58_PURE_PYTHON=1`` (for the
    differential tests), or None where it was not built."""
    module = _import()
    return None if module is None else _configured(module)


def pure_find_links(text: str, tlds: Collection[str] | None = None) -> list[Any]:
    """The base algorithm on the pure-Python path whatever path is in use (benchmarks, tests)."""
    from . import detection
    return list(detection._scan(text, detection.tld_set(tlds), None))
