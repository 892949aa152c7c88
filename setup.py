"""Build the optional compiled core (uts58_icu/core/*.c, one extension module); metadata is in pyproject.toml.

When the extension cannot be built (no C compiler, no Python headers), the build
prints a warning and the package installs without it: the pure-Python path runs
(``uts58_icu.ACCELERATED`` is False). ``UTS58_PURE_PYTHON_BUILD=1`` skips the build.
``UTS58_CFLAGS`` adds compiler flags (the sanitizer CI step uses it).
"""

from __future__ import annotations

import os
import shlex
import sys
from pathlib import Path

from setuptools import Extension, setup  # type: ignore[import-untyped]
from setuptools.command.build_ext import build_ext  # type: ignore[import-untyped]


class OptionalBuildExt(build_ext):  # type: ignore[misc]
    """build_ext that turns a failed compile into a warning."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # noqa: BLE001 - any failure means "pure path"
            self._warn(exc)

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as exc:  # noqa: BLE001
            self._warn(exc)

    @staticmethod
    def _warn(exc: BaseException) -> None:
        print(
            f"WARNING: the compiled core of uts58-icu was not built ({exc!r}); "
            "the pure-Python path will be used (uts58_icu.ACCELERATED is False).",
            file=sys.stderr,
        )


ext_modules = []
if os.environ.get("UTS58_PURE_PYTHON_BUILD", "").strip() in ("", "0"):
    ext_modules.append(
        Extension(
            "uts58_icu.core._speedups",
            # one C file beside each core module it transliterates (see _speedups.h)
            sources=[*sorted(str(p) for p in Path("uts58_icu/core").glob("*.c")), "uts58_icu/html.c"],
            depends=["uts58_icu/core/_speedups.h"],
            extra_compile_args=["-O2", *shlex.split(os.environ.get("UTS58_CFLAGS", ""))],
            extra_link_args=shlex.split(os.environ.get("UTS58_LDFLAGS", "")),
            optional=True,
        )
    )
    ext_modules.append(  # the command line's output writer (cli.py runs without it too)
        Extension(
            "uts58_icu._clirender",
            sources=["uts58_icu/_clirender.c"],
            extra_compile_args=["-O2", *shlex.split(os.environ.get("UTS58_CFLAGS", ""))],
            extra_link_args=shlex.split(os.environ.get("UTS58_LDFLAGS", "")),
            optional=True,
        )
    )

setup(ext_modules=ext_modules, cmdclass={"build_ext": OptionalBuildExt})
