"""The ``uts58`` command line.

Exit codes: 0 success; 1 a check failed (``conformance``); 2 usage error,
unreadable input or invalid UTF-8 on input (unless ``--errors=replace``).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from . import __version__
from ._icu import ICU_VERSION, UNICODE_VERSION, char_name

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2


def _parse_char(arg: str) -> int:
    """A CLI character argument: a single character, or ``U+XXXX``."""
    upper = arg.upper()
    if upper.startswith("U+") and len(arg) > 2:
        try:
            cp = int(arg[2:], 16)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a code point: {arg!r}") from None
        if not 0 <= cp <= 0x10FFFF:
            raise argparse.ArgumentTypeError(f"code point out of range: {arg!r}")
        return cp
    if len(arg) != 1:
        raise argparse.ArgumentTypeError(
            f"expected one character or U+XXXX, got {arg!r} ({len(arg)} code points)"
        )
    return ord(arg)


def _cmd_props(args: argparse.Namespace) -> int:
    from .properties import link_bracket, link_email, link_term

    if args.write:
        from .unicode_files import write_property_files

        for path in write_property_files(Path(args.write)):
            print(path)
        return EXIT_OK
    if not args.chars:
        print("uts58 props: give CHAR... or --write DIR", file=sys.stderr)
        return EXIT_USAGE
    for cp in args.chars:
        bracket = link_bracket(cp)
        print(
            f"U+{cp:04X}\t{char_name(cp)}\tLink_Term={link_term(cp).value}"
            f"\tLink_Bracket={'<none>' if bracket is None else f'U+{ord(bracket):04X}'}"
            f"\tLink_Email={'Yes' if link_email(cp) else 'No'}"
        )
    return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="uts58",
        description="Unicode link detection and formatting (UTS #58) on ICU.",
        epilog="Exit codes: 0 ok, 1 a check failed, 2 usage or input error.",
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"uts58-icu {__version__} (ICU {ICU_VERSION}, Unicode {UNICODE_VERSION})",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("props", help="show Link_Term, Link_Bracket, Link_Email of characters")
    p.add_argument("chars", nargs="*", type=_parse_char, metavar="CHAR", help="a character or U+XXXX")
    p.add_argument("--write", metavar="DIR", help="write LinkTerm.txt, LinkBracket.txt, LinkEmail.txt")
    p.set_defaults(func=_cmd_props)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    try:
        return int(args.func(args))
    except BrokenPipeError:  # e.g. `uts58 detect big.txt | head`
        sys.stderr.close()
        return EXIT_OK
