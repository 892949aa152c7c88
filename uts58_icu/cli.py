"""The ``uts58`` command line.

Exit codes: 0 success; 1 a check failed (``conformance``); 2 usage error,
unreadable input or invalid UTF-8 on input (unless ``--errors=replace``).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from . import ACCELERATED, __version__
from ._icu import ICU_VERSION, UNICODE_VERSION, char_name

if TYPE_CHECKING:
    from .linkification.policy import LinkPolicy

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2

#: ``U+`` and 1–6 ASCII hex digits (``int(…, 16)`` alone also takes ``0x41``, ``٤١``, ``_``).
_CODE_POINT = re.compile(r"[Uu]\+([0-9A-Fa-f]{1,6})")


def _parse_char(arg: str) -> int:
    """A CLI character argument: a single character, or ``U+`` and 1–6 ASCII hex digits."""
    m = _CODE_POINT.fullmatch(arg)
    if m:
        cp = int(m.group(1), 16)
        if cp > 0x10FFFF:
            raise argparse.ArgumentTypeError(f"code point out of range: {arg!r}")
        return cp
    if arg[:2] in ("U+", "u+") and len(arg) > 2:
        raise argparse.ArgumentTypeError(
            f"not a code point: {arg!r} (U+ must be followed by 1 to 6 ASCII hex digits, e.g. U+0041)"
        )
    if len(arg) != 1:
        raise argparse.ArgumentTypeError(
            f"expected one character or U+XXXX, got {arg!r} ({len(arg)} code points)"
        )
    return ord(arg)


def _parse_version(arg: str) -> str:
    """A data version such as ``17.0.0`` (so no path can leave the data directories)."""
    from .data import check_version

    try:
        return check_version(arg)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


class CliError(Exception):
    """A clean failure of a command: the message is printed and the exit code is 2."""


class InputError(CliError):
    """Unreadable input or invalid UTF-8 (exit code 2)."""


def _cmd_props(args: argparse.Namespace) -> int:
    from .core.properties import link_bracket, link_email, link_term

    if args.write:
        from .unicode_files import write_property_files

        try:
            written = write_property_files(Path(args.write))
        except OSError as exc:
            raise CliError(f"cannot write to {args.write}: {exc.strerror or exc}") from None
        for path in written:
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


def _stdin() -> IO[bytes]:
    if sys.stdin is None:  # started with stdin closed (`uts58 detect <&-`)
        raise InputError("cannot read <stdin>: standard input is closed")
    return sys.stdin.buffer


def _file_lines(name: str, errors: str) -> Iterator[str]:
    """Decoded lines of one input (stdin for ``-``), one at a time.

    Memory stays constant whatever the input size. Invalid UTF-8 raises
    :class:`InputError` naming the file and byte offset, unless ``errors='replace'``.
    """
    label = _label(name)
    try:
        stream: IO[bytes] = _stdin() if name == "-" else open(name, "rb")
    except OSError as exc:
        raise InputError(f"cannot read {label}: {exc.strerror or exc}") from None
    offset = 0
    try:
        while True:
            try:
                raw = stream.readline()
            except OSError as exc:  # e.g. a directory, or an I/O error mid-file
                raise InputError(f"cannot read {label}: {exc.strerror or exc}") from None
            if not raw:
                break
            try:
                yield raw.decode("utf-8", errors)
            except UnicodeDecodeError as exc:
                raise InputError(
                    f"{label}: invalid UTF-8 at byte offset {offset + exc.start} "
                    f"(use --errors=replace to substitute U+FFFD)"
                ) from None
            offset += len(raw)
    finally:
        if name != "-":
            stream.close()


def _label(name: str) -> str:
    return "<stdin>" if name == "-" else name


#: Lines are processed in blocks of about this many code points. A link never spans a
#: line break (LINE FEED is Link_Term=Hard and not Link_Email), so a block of whole
#: lines gives the same links as the lines one by one, with less per-call overhead.
BLOCK_SIZE = 1 << 16
#: With ``--jobs N`` a worker gets blocks of about this many code points: fewer, larger
#: tasks, so the per-task cost of sending work to a process stays small next to the work.
PARALLEL_BLOCK_SIZE = 1 << 20


def _file_blocks(name: str, errors: str, size_limit: int = BLOCK_SIZE) -> Iterator[str]:
    """Whole lines of one input joined into blocks of about ``size_limit`` code points.

    Every line read before an error is yielded before the error is raised, so the
    output keeps each good line that came before invalid UTF-8.
    """
    block: list[str] = []
    size = 0
    try:
        for line in _file_lines(name, errors):
            if len(line) >= size_limit and not block:
                yield line  # one long line: no copy
                continue
            block.append(line)
            size += len(line)
            if size >= size_limit:
                yield "".join(block)
                block, size = [], 0
    except CliError:
        if block:
            yield "".join(block)
        raise
    if block:
        yield "".join(block)


def _input_blocks(paths: Sequence[str], errors: str, jobs: int = 1) -> Iterator[tuple[int, str, str]]:
    """``(input index, name as given, block)`` for each input in turn; inputs are never joined."""
    size_limit = BLOCK_SIZE if jobs <= 1 else PARALLEL_BLOCK_SIZE
    for index, name in enumerate(paths or ["-"]):
        for block in _file_blocks(name, errors, size_limit):
            yield index, name, block


def _jobs(arg: str) -> int:
    """``--jobs N``: a whole number of worker processes, 1 or more (0: one per CPU)."""
    try:
        n = int(arg)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {arg!r}") from None
    if n < 0:
        raise argparse.ArgumentTypeError(f"must be 0 (one per CPU) or more, got {n}")
    if n == 0:
        import os

        n = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return n


def _add_input_args(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "files", nargs="*", metavar="FILE",
        help="input files, each processed on its own ('-' or none: stdin)",
    )
    p.add_argument(
        "-j", "--jobs", type=_jobs, default=1, metavar="N",
        help="worker processes (default 1; 0 = one per CPU); the output is the same, in the same order",
    )
    p.add_argument(
        "--errors", choices=("strict", "replace"), default="strict",
        help="invalid UTF-8: fail with exit 2 (strict, default) or substitute U+FFFD",
    )


class _Writer:
    """Buffered text output in pieces, so one huge line never becomes one huge string."""

    LIMIT = 1 << 16

    def __init__(self, out: IO[str]) -> None:
        self.out = out
        self.pieces: list[str] = []
        self.size = 0

    def write(self, piece: str) -> None:
        self.pieces.append(piece)
        self.size += len(piece)
        if self.size >= self.LIMIT:
            self.flush()

    def flush(self) -> None:
        if self.pieces:
            self.out.write("".join(self.pieces))
            self.pieces, self.size = [], 0


def _policy(name: str) -> LinkPolicy:
    """``--policy``: ``base`` (the conformant algorithm) or ``recommended`` (§8, for people)."""
    from .linkification.policy import LinkPolicy

    return LinkPolicy.recommended() if name == "recommended" else LinkPolicy()


def _scheme_arg(value: str) -> str:
    """A --scheme value, checked as find_links(schemes=…) checks it."""
    from .core.detection import scan_options

    try:
        scan_options(schemes=(value,))
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return value


def _add_detection_args(p: argparse.ArgumentParser) -> None:
    """The base detector's options (issue 15 item 8)."""
    p.add_argument("--no-emails", dest="emails", action="store_false", help="link no email addresses")
    p.add_argument(
        "--no-schemeless", dest="schemeless", action="store_false",
        help="link only URLs written with a scheme (https://…)",
    )
    p.add_argument(
        "--scheme", dest="schemes", action="append", default=[], metavar="S", type=_scheme_arg,
        help="also link URLs with scheme S (repeatable), e.g. --scheme ssh --scheme git+https",
    )


def _detection_options(args: argparse.Namespace) -> dict[str, Any]:
    return {"emails": args.emails, "schemeless": args.schemeless, "schemes": tuple(args.schemes)}


#: What a worker needs for one block: the block, the output mode and the find_links options.
DetectJob = tuple[str, str, dict[str, Any]]
DetectResult = tuple[str, list[tuple[int, int, str, str, str]], list[tuple[int, int, str]]]


def _detect_block(job: DetectJob) -> DetectResult:
    """Detection on one block (in a worker process with ``--jobs``): marked text, links, notes."""
    from .conformance import mark_links
    from .linkification.apply import explain_notes, find_links

    block, mode, options = job
    if mode == "explain":
        links, notes = explain_notes(block, **options)
        return mark_links(block, links), [], [(n.start, n.end, n.reason) for n in notes]
    links = find_links(block, **options)
    if mode == "json":
        return "", [(lk.start, lk.end, lk.kind, lk.text, lk.href) for lk in links], []
    return mark_links(block, links), [], []


def _detect_here(block: str, mode: str, options: dict[str, Any], out: _Writer) -> DetectResult:
    """Detection on one block in this process, writing marked text per link as it goes
    (one huge line never holds all its links at once); JSON links are returned lazily."""
    from .conformance import LINK_END, LINK_START, mark_links
    from .linkification.apply import explain_notes, iter_links

    if mode == "explain":
        links, notes = explain_notes(block, **options)
        out.write(mark_links(block, links))
        return "", [], [(n.start, n.end, n.reason) for n in notes]
    if mode == "json":
        return "", _LazyLinks(iter_links(block, **options)), []  # type: ignore[return-value]
    pos = 0
    for link in iter_links(block, **options):  # marked as in LinkDetectionTest.txt
        out.write(block[pos : link.start])
        out.write(LINK_START)
        out.write(link.text)
        out.write(LINK_END)
        pos = link.end
    out.write(block[pos:])
    return "", [], []


class _LazyLinks:
    """The ``(start, end, kind, text, href)`` of links, one at a time."""

    def __init__(self, links: Iterator[Any]) -> None:
        self.links = links

    def __iter__(self) -> Iterator[tuple[int, int, str, str, str]]:
        for lk in self.links:
            yield lk.start, lk.end, lk.kind, lk.text, lk.href


def _cmd_detect(args: argparse.Namespace) -> int:
    import json

    mode = "explain" if args.explain else "json" if args.json else "marks"
    options = {**_detection_options(args), "policy": _policy(args.policy)}
    out = _Writer(_stdout())
    offset = 0
    current = -1
    try:
        for (index, name, block), (marked, links, notes) in _zip_blocks(
            # --explain prints notes after each block: the same blocks whatever --jobs is.
            _input_blocks(args.files, args.errors, 1 if mode == "explain" else args.jobs), mode, options, args.jobs, out
        ):
            if index != current:  # offsets count code points from the start of each input
                current, offset = index, 0
            out.write(marked)
            for start, end, kind, text, href in links:
                obj = {
                    "file": name,  # as given; "-" is stdin
                    "start": offset + start,
                    "end": offset + end,
                    "kind": kind,
                    "text": text,
                    "href": href,
                }
                out.write(json.dumps(obj, ensure_ascii=False) + "\n")
            for start, end, reason in notes:
                out.write(f"  [{offset + start}:{offset + end}] {reason}\n")
            offset += len(block)
    finally:
        out.flush()  # the good lines before an input error are written
    return EXIT_OK


def _zip_blocks(
    blocks: Iterator[tuple[int, str, str]], mode: str, options: dict[str, Any], jobs: int, out: _Writer
) -> Iterator[tuple[tuple[int, str, str], DetectResult]]:
    """``(input, result)`` pairs in input order, computed on ``jobs`` processes (or here,
    streaming, for one job)."""
    from collections import deque

    from ._parallel import ordered_map

    if jobs <= 1:
        for item in blocks:
            yield item, _detect_here(item[2], mode, options, out)
        return
    sent: deque[tuple[int, str, str]] = deque()  # the blocks in flight (at most 2 * jobs)

    def tagged() -> Iterator[DetectJob]:
        for item in blocks:
            sent.append(item)
            yield item[2], mode, options

    for result in ordered_map(_detect_block, tagged(), jobs):
        yield sent.popleft(), result


def _linkify_block(job: tuple[str, str | None, str | None, dict[str, Any]]) -> str:
    from .linkification.linkify import linkify_text_to_html as linkify_html

    block, rel, target, options = job
    return linkify_html(block, rel=rel, target=target, **options)


def _cmd_linkify(args: argparse.Namespace) -> int:
    from ._parallel import ordered_map

    out = _stdout()
    options = {**_detection_options(args), "policy": _policy(args.policy)}
    jobs = (
        (block, args.rel, args.target, options)
        for _index, _name, block in _input_blocks(args.files, args.errors, args.jobs)
    )
    for html in ordered_map(_linkify_block, jobs, args.jobs):
        out.write(html)
    return EXIT_OK


def _cmd_conformance(args: argparse.Namespace) -> int:
    from .conformance import run_all
    from .data import DataFileError

    try:
        ok, lines = run_all(args.version, errata=args.errata)
    except DataFileError as exc:
        raise CliError(str(exc)) from None
    except UnicodeDecodeError as exc:
        raise CliError(
            f"a data or errata file is not valid UTF-8 ({exc.reason} at byte {exc.start}); "
            "is it corrupt? Remove it to have it found again or downloaded"
        ) from None
    except OSError as exc:
        raise CliError(str(exc) if not exc.strerror else f"{exc.filename}: {exc.strerror}") from None
    except ValueError as exc:  # a malformed test or errata file
        raise CliError(f"cannot run the conformance files: {exc}") from None
    _stdout().write("\n".join(lines) + "\n")
    return EXIT_OK if ok else EXIT_FAILED


def _cmd_format(args: argparse.Namespace) -> int:
    """Print the minimally escaped form (§4.1) of each URL (arguments, else stdin lines)."""
    from .core.escaping import minimal_escape

    urls: Iterator[str] = (
        iter(args.urls) if args.urls else (line.rstrip("\r\n") for line in _file_lines("-", args.errors))
    )
    out = _stdout()
    for url in urls:
        out.write(minimal_escape(url, legacy_encoding=args.legacy) + "\n")
    return EXIT_OK


def _stdout() -> IO[str]:
    if sys.stdout is None:  # started with stdout closed (`uts58 detect >&-`)
        raise CliError("cannot write: standard output is closed")
    return sys.stdout


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="uts58",
        description="Unicode link detection and formatting (UTS #58) on ICU.",
        epilog="Exit codes: 0 ok, 1 a check failed, 2 usage or input error.",
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"uts58-icu {__version__} (ICU {ICU_VERSION}, Unicode {UNICODE_VERSION}; "
        f"{'compiled core' if ACCELERATED else 'pure Python'})",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("props", help="show Link_Term, Link_Bracket, Link_Email of characters")
    p.add_argument("chars", nargs="*", type=_parse_char, metavar="CHAR", help="a character or U+XXXX")
    p.add_argument("--write", metavar="DIR", help="write LinkTerm.txt, LinkBracket.txt, LinkEmail.txt")
    p.set_defaults(func=_cmd_props)

    p = sub.add_parser("detect", help="mark links in text as ⸠…⸡ (or --json)")
    _add_input_args(p)
    p.add_argument("--json", action="store_true", help="one JSON object per link instead")
    p.add_argument(
        "--explain", action="store_true",
        help="after each line, say why each link starts and ends where it does, and what was rejected",
    )
    p.add_argument(
        "--policy", choices=("base", "recommended"), default="base",
        help="base: the conformant algorithm (default); recommended: §8 rules for text people read",
    )
    _add_detection_args(p)
    p.set_defaults(func=_cmd_detect)

    p = sub.add_parser("linkify", help="turn text into HTML with <a href> links")
    _add_input_args(p)
    p.add_argument("--rel", default="nofollow noopener", help="rel attribute ('' for none)")
    p.add_argument("--target", default=None, help="target attribute, e.g. _blank")
    p.add_argument(
        "--policy", choices=("base", "recommended"), default="recommended",
        help="recommended: §8 rules for text people read (default); base: the conformant algorithm",
    )
    _add_detection_args(p)
    p.set_defaults(func=_cmd_linkify)

    p = sub.add_parser("conformance", help="run Unicode's LinkDetectionTest/LinkFormattingTest")
    p.add_argument(
        "--version", dest="version", default="17.0.0", type=_parse_version,
        help="data version, three numbers (default 17.0.0)",
    )
    p.add_argument(
        "--errata", default=None,
        help="errata file (default: the one shipped in the package for VERSION, if any)",
    )
    p.set_defaults(func=_cmd_conformance)

    p = sub.add_parser("format", help="print the minimally escaped form of URLs (§4.1)")
    p.add_argument("urls", nargs="*", metavar="URL", help="URLs (default: one per line on stdin)")
    p.add_argument(
        "--legacy", action="store_true",
        help="the URLs come from a legacy (non-UTF-8) page: keep non-ASCII escapes",
    )
    p.add_argument(
        "--errors", choices=("strict", "replace"), default="strict",
        help="invalid UTF-8 on stdin: fail with exit 2 (strict, default) or substitute U+FFFD",
    )
    p.set_defaults(func=_cmd_format)
    return parser


def _silence_stdout() -> None:
    """Point stdout at the null device, so the interpreter's final flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, AttributeError, ValueError):  # pragma: no cover - no usable stdout
        pass


def _error(message: str) -> None:
    if sys.stderr is not None:
        try:
            print(f"uts58: {message}", file=sys.stderr, flush=True)
        except OSError:  # pragma: no cover - stderr unwritable too
            pass


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (see the module docstring)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    try:
        code = int(args.func(args))
        if sys.stdout is not None:
            sys.stdout.flush()
        return code
    except CliError as exc:
        try:
            if sys.stdout is not None:
                sys.stdout.flush()  # the good output before the error comes first
        except OSError:
            _silence_stdout()
        _error(str(exc))
        return EXIT_USAGE
    except UnicodeEncodeError as exc:
        encoding = getattr(sys.stdout, "encoding", "?")
        _silence_stdout()
        _error(
            f"cannot write U+{ord(exc.object[exc.start]):04X} to standard output in encoding "
            f"{encoding}; uts58 writes UTF-8: set PYTHONIOENCODING=utf-8 (or a UTF-8 locale)"
        )
        return EXIT_USAGE
    except BrokenPipeError:  # e.g. `uts58 detect big.txt | head`
        _silence_stdout()
        return EXIT_OK
    except OSError as exc:  # e.g. stdout on /dev/full
        _silence_stdout()
        where = exc.filename if exc.filename is not None else "standard output"
        _error(f"cannot write to {where}: {exc.strerror or exc}")
        return EXIT_USAGE
    except KeyboardInterrupt:
        _silence_stdout()
        return 130
