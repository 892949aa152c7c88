"""The ``uts58`` command line.

Exit codes: 0 success; 1 a check failed (``conformance``); 2 usage error,
unreadable input or invalid UTF-8 on input (unless ``--errors=replace``).
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import gc
import itertools
import operator
import os
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import IO, TYPE_CHECKING, Any, NamedTuple

from . import ACCELERATED, __version__
from ._icu import ICU_VERSION, UNICODE_VERSION, char_name
from .core._accel import PURE_REASON

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
            from pathlib import Path

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


def _label(name: str) -> str:
    return "<stdin>" if name == "-" else name


#: Input is read in blocks of about this many bytes, cut after the block's last line end:
#: a link never spans a line break (LINE FEED is Link_Term=Hard and not Link_Email), so a
#: block of whole lines gives the same links as the lines one by one, for one call.
READ_SIZE = 1 << 18
#: A block (one line) longer than this many code points is scanned lazily and written in
#: pieces, so memory stays proportional to the text, not to its links.
HUGE_BLOCK = 1 << 20
#: Output is written in pieces of about this many parts.
_PARTS = 1 << 12


def _read_blocks(
    stream: IO[bytes], label: str, size: int = 0, *, whole: bool = False
) -> Iterator[bytes | bytearray]:
    """Blocks of whole lines of ``stream`` (the last may lack its line end), about ``size``
    (0: :data:`READ_SIZE`) bytes each; a longer line is one block. ``whole``: fill each read (else a pipe's
    lines come out as they arrive). A read error raises :class:`InputError`."""
    read = stream.read if whole or not hasattr(stream, "read1") else stream.read1
    size = size or READ_SIZE
    # The start of the next block (a line longer than one read grows here in place:
    # a bytearray is decoded as it is, so one huge line is held once, not joined again).
    pending = bytearray()
    while True:
        try:
            chunk = read(size)
        except OSError as exc:  # e.g. a directory, or an I/O error mid-file
            raise InputError(f"cannot read {label}: {exc.strerror or exc}") from None
        if not chunk:
            break
        cut = chunk.rfind(b"\n") + 1
        if cut == 0:
            pending += chunk
            continue
        head: bytes | bytearray
        if pending:
            pending += memoryview(chunk)[:cut]
            head, pending = pending, bytearray()
        else:
            head = chunk if cut == len(chunk) else chunk[:cut]
        box = [head]  # handed over, not kept here while the caller works on it (one huge line)
        del head
        yield box.pop()
        if cut < len(chunk):
            pending += memoryview(chunk)[cut:]
    if pending:
        box = [pending]
        del pending
        yield box.pop()


def _decode(raw: bytes | bytearray, errors: str, label: str, offset: int) -> tuple[str, str | None]:
    """``(text, error)``: the decoded block; on invalid UTF-8 (strict), the whole lines
    before the bad byte and the message naming the input and byte offset."""
    try:
        return raw.decode("utf-8", errors), None
    except UnicodeDecodeError as exc:
        good = raw[: raw.rfind(b"\n", 0, exc.start) + 1].decode("utf-8")
        return good, (
            f"{label}: invalid UTF-8 at byte offset {offset + exc.start} "
            f"(use --errors=replace to substitute U+FFFD)"
        )


def _input_blocks(
    name: str, report: Callable[[str], None], size: int = 0, *, whole: bool = False, hint: str = ""
) -> Iterator[tuple[int, bytes | bytearray]]:
    """``(byte offset, block)`` for the blocks of whole lines of one input (stdin for ``-``).
    An input that cannot be opened or read is reported (``hint`` added to an open error)
    and ends there."""
    label = _label(name)
    try:
        stream = _stdin() if name == "-" else open(name, "rb")
    except OSError as exc:
        report(f"cannot read {label}: {exc.strerror or exc}{hint}")
        return
    except InputError as exc:
        report(str(exc))
        return
    offset = 0
    try:
        for raw in _read_blocks(stream, label, size, whole=whole):
            n, box = len(raw), [raw]
            del raw  # (as in _read_blocks)
            yield offset, box.pop()
            offset += n
    except InputError as exc:
        report(str(exc))
    finally:
        if name != "-":
            stream.close()


def _jobs(arg: str) -> int:
    """``--jobs N``: a whole number of worker processes, 1 or more (0: one per CPU)."""
    try:
        n = int(arg)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {arg!r}") from None
    if n < 0:
        raise argparse.ArgumentTypeError(f"must be 0 (one per CPU) or more, got {n}")
    if n == 0:
        from ._parallel import cpu_count

        n = cpu_count()
    return n


def _add_input_args(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "files", nargs="*", metavar="FILE",
        help="input files, each processed on its own ('-' or none: stdin); an unreadable "
        "one is reported and skipped (exit 2 at the end)",
    )
    p.add_argument(
        "-j", "--jobs", type=_jobs, default=1, metavar="N",
        help="worker processes (default 1; 0 = one per CPU; never more than the CPUs); "
        "the output is the same, in the same order",
    )
    p.add_argument(
        "--errors", choices=("strict", "replace"), default="strict",
        help="invalid UTF-8: report it and skip the rest of that input, exit 2 (strict, "
        "default), or substitute U+FFFD",
    )


def _policy(name: str) -> LinkPolicy | None:
    """``--policy``: ``base`` (the conformant algorithm: None, the library's fast default)
    or ``recommended`` (§8, for people)."""
    if name != "recommended":
        return None  # (the §8 layer is not even imported)
    from .linkification.policy import LinkPolicy

    return LinkPolicy.recommended()


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


class Spec(NamedTuple):
    """What to make of each block: sent once to each worker process with ``--jobs``."""

    #: ``marks``, ``json``, ``explain``, ``json-explain`` or ``linkify``.
    mode: str
    #: Keyword arguments of ``find_links`` (the policy and the detector's options).
    options: dict[str, Any]
    #: ``linkify``: the attributes after ``href`` (`` rel="…"`` …).
    attrs: str = ""
    #: How the output is encoded (that of standard output).
    encoding: str = "utf-8"
    encode_errors: str = "strict"
    errors: str = "strict"


def _spec(args: argparse.Namespace, mode: str) -> Spec:
    options = {
        "emails": args.emails, "schemeless": args.schemeless, "schemes": tuple(args.schemes),
        "policy": _policy(args.policy),
    }
    defaults = {"emails": True, "schemeless": True, "schemes": (), "policy": None}
    # Only what differs from find_links' defaults: with none, it calls the compiled core at once.
    options = {k: v for k, v in options.items() if v != defaults[k]}
    attrs = ""
    for name in ("rel", "target"):
        value = getattr(args, name, None)
        if value:
            import html

            attrs += f' {name}="{html.escape(value, quote=True)}"'
    out = _stdout()
    return Spec(
        mode, options, attrs, getattr(out, "encoding", None) or "utf-8",
        getattr(out, "errors", None) or "strict", args.errors,
    )


#: A line longer than :data:`HUGE_BLOCK` is scanned in pieces of about this many code
#: points, each cut just after a SPACE or TAB.
HUGE_PIECE = 1 << 16


def _cut(text: str) -> Iterator[tuple[int, str]]:
    """``text`` in pieces, each with its offset: whole if it is short, else cut just after
    a SPACE or TAB about every :data:`HUGE_PIECE` code points.

    A link never holds a SPACE or TAB (Link_Term=Hard, not Link_Email), and the base reads
    a space next to a link as it reads the start or end of the text, so the pieces give
    the base's links of the whole line (tests/test_cli_issue20.py checks it against the
    library). This keeps one 12 MB line on the compiled core with memory proportional to a
    piece. The §8 rules read past spaces (``x.co = y.co`` is an expression, a header's
    folded lines), so with a policy the line is not cut (:func:`_pieces`).
    """
    n = len(text)
    if n <= HUGE_BLOCK:
        yield 0, text
        return
    pos = 0
    while pos < n:
        stop = pos + HUGE_PIECE
        if stop >= n:
            yield pos, text[pos:]
            return
        k = max(text.rfind(" ", pos, stop), text.rfind("\t", pos, stop))
        if k < 0:  # no space in the window: the next one after it
            k = min((i for i in (text.find(" ", stop), text.find("\t", stop)) if i >= 0), default=n - 1)
        yield pos, text[pos : k + 1]
        pos = k + 1


def _pieces(text: str, policy: Any) -> Iterator[tuple[int, str]]:
    """The pieces ``text`` is scanned in, each with its offset: :func:`_cut`'s for the base;
    with a policy ``text`` whole (its links are then found lazily, :func:`_render_piece`)."""
    return _cut(text) if policy is None else iter(((0, text),))


def _render(spec: Spec, text: str, name: str, base: int) -> Iterator[bytes]:
    """The output for ``text`` (whole lines of input ``name``, starting at code point
    ``base`` of it), encoded, in pieces of bounded size."""
    if spec.mode.endswith("explain"):
        yield _render_explain(spec, text, name, base).encode(spec.encoding, spec.encode_errors)
        return
    for offset, piece in _pieces(text, spec.options.get("policy")):
        yield from _render_piece(spec, piece, name, base + offset)


#: ``mode`` numbers of the compiled writer (``_clirender.render``).
_MODES = {"marks": 0, "json": 1, "linkify": 2}


@functools.lru_cache(maxsize=8)
def _compiled_writer(encoding: str) -> Callable[..., bytes | None] | None:
    """``_clirender.render`` (the compiled output writer) where the compiled core is in
    use and the output is UTF-8; None where the Python loops of :func:`_write_batch` run."""
    import codecs

    if not ACCELERATED:  # UTS58_PURE_PYTHON=1, or no compiled core: all Python
        return None
    try:
        if codecs.lookup(encoding).name != "utf-8":
            return None
        from ._clirender import render  # type: ignore[import-not-found]
    except (ImportError, LookupError):
        return None
    return render  # type: ignore[no-any-return]


def _json_str() -> Callable[[str], str]:
    """The C function ``json.dumps`` writes a str with (without importing the ``json``
    package, whose decoder compiles its patterns at import)."""
    try:
        from _json import encode_basestring
    except ImportError:  # pragma: no cover - not CPython
        from json.encoder import encode_basestring
    return encode_basestring  # type: ignore[no-any-return]


def _finders(options: dict[str, Any]) -> tuple[Callable[..., list[Any]], Callable[..., Iterator[Any]]]:
    """``find_links`` and ``iter_links`` for ``options``: with no policy, the core's (the
    same links as the public ones with ``policy=None``; the §8 layer is not imported)."""
    if "policy" in options:
        from .linkification import apply

        return apply.find_links, apply.iter_links
    from .core import detection

    return detection.find_links, detection.iter_links


def _render_piece(spec: Spec, text: str, name: str, base: int) -> Iterator[bytes]:
    find_links, iter_links = _finders(spec.options)
    mode = spec.mode
    huge = len(text) > HUGE_BLOCK
    found: Any = (iter_links if huge else find_links)(text, **spec.options)
    # the links a batch at a time (memory: the output of a batch is held at once)
    batches: Iterable[list[Any]]
    if huge:  # lazily
        batches = iter(lambda: list(itertools.islice(found, _PARTS)), [])
    else:
        batches = [found] if len(found) <= _PARTS else [found[i : i + _PARTS] for i in range(0, len(found), _PARTS)]
    write = _compiled_writer(spec.encoding)
    head = '{"file": ' + _json_str()(name) + ', "start": ' if mode == "json" else ""
    head_bytes = b""
    if write is not None:
        try:
            head_bytes = head.encode("utf-8")
        except UnicodeEncodeError:  # (a file name from bytes that are not UTF-8): said by Python
            write = None
    pos = 0
    for k, batch in enumerate(batches):
        # the output covers text[pos:hi]: to the end of the batch's last link, or of the text
        hi = len(text) if not huge and k == len(batches) - 1 else batch[-1].end  # type: ignore[arg-type]
        anchors = _anchors(batch, spec.attrs) if mode == "linkify" else None
        data = None
        if write is not None:
            data = write(_MODES[mode], text, batch, base if mode == "json" else pos, hi, head_bytes, anchors)
        if data is None:
            data = _write_batch(mode, text, batch, pos, hi, base, head, anchors).encode(
                spec.encoding, spec.encode_errors
            )
        yield data
        pos = hi
    if huge and pos < len(text) and mode != "json":  # the text after the last link
        yield _write_batch(mode, text, [], pos, len(text), base, head, [] if mode == "linkify" else None).encode(
            spec.encoding, spec.encode_errors
        )


def _write_batch(
    mode: str, text: str, links: Sequence[Any], lo: int, hi: int, base: int, head: str,
    anchors: Sequence[str] | None,
) -> str:
    """The output for ``links`` (the reference of the compiled writer, ``_clirender.c``):
    the marked or linked text of ``text[lo:hi]``, or the JSON lines, offsets from ``base``."""
    from .conformance import LINK_END, LINK_START

    out: list[str] = []
    if mode == "json":
        enc = _json_str()
        for lk in links:
            out.append(
                f'{head}{base + lk.start}, "end": {base + lk.end}, "kind": {enc(lk.kind)}, '
                f'"text": {enc(lk.text)}, "href": {enc(lk.href)}}}\n'
            )
        return "".join(out)
    pos = lo
    if mode == "linkify":
        from html import escape

        assert anchors is not None
        for lk, anchor in zip(links, anchors):  # as uts58_icu.linkify_text_to_html writes each link
            out += (escape(text[pos : lk.start], quote=False), anchor)
            pos = lk.end
        out.append(escape(text[pos:hi], quote=False))
    else:  # marks, as in LinkDetectionTest.txt
        for lk in links:
            out += (text[pos : lk.start], LINK_START, lk.text, LINK_END)
            pos = lk.end
        out.append(text[pos:hi])
    return "".join(out)


#: Each link's ``<a>`` element, by what it is made of (a link written again, as links
#: in real text are, costs a look-up instead of its ``display``, tens of µs in Python).
_ANCHOR_CACHES: dict[str, dict[tuple[Any, ...], str]] = {}
#: The most anchors kept (the cache is emptied when it is full).
_ANCHOR_CACHE_SIZE = 1 << 15
#: What a link's ``<a>`` depends on: ``display`` is a function of the first four alone
#: (:func:`uts58_icu.core.escaping.link_display`), the ``href`` is written as it is.
_ANCHOR_KEY = operator.attrgetter("text", "kind", "punycode_host", "escape_invisibles", "href")


def _anchors(links: Sequence[Any], attrs: str) -> list[str]:
    """The ``<a>`` element of each link, as ``uts58_icu.linkify_text_to_html`` writes it
    (with ``attrs`` after the ``href``)."""
    from html import escape

    cache = _ANCHOR_CACHES.setdefault(attrs, {})
    out: list[str] = []
    for lk in links:
        key = _ANCHOR_KEY(lk)
        anchor = cache.get(key)
        if anchor is None:
            if len(cache) >= _ANCHOR_CACHE_SIZE:
                cache.clear()
            anchor = cache[key] = (
                f'<a href="{escape(lk.href, quote=True)}"{attrs}>{escape(lk.display, quote=False)}</a>'
            )
        out.append(anchor)
    return out


def _render_explain(spec: Spec, text: str, name: str, base: int) -> str:
    """``--explain``: each line marked, then the reasons for that line's links and
    rejections; with ``--json``, each link record carries its ``reasons``, and each
    rejected candidate gets a record of kind ``rejected``."""
    import json
    from bisect import bisect_right

    from .conformance import LINK_END, LINK_START
    from .core.termination import Note
    from .linkification.apply import explain_notes

    links, notes = explain_notes(text, **spec.options)
    if base:  # the reasons' own "at offset N" count from the block: make them the file's
        notes = [Note(n.start, n.end, _OFFSET.sub(lambda m: f"offset {base + int(m[1])}", n.reason)) for n in notes]
    notes.sort(key=lambda n: (n.start, n.end))
    out: list[str] = []
    if spec.mode == "json-explain":
        starts = [lk.start for lk in links]
        reasons: list[list[str]] = [[] for _ in links]
        records: list[tuple[int, int, dict[str, Any]]] = []
        for n in notes:
            i = bisect_right(starts, n.end) - 1  # the last link starting at or before the note's end
            if i >= 0 and n.start <= links[i].end:
                reasons[i].append(n.reason)
            else:
                rec = {"file": name, "start": base + n.start, "end": base + n.end, "kind": "rejected",
                       "text": text[n.start : n.end], "href": None, "reasons": [n.reason]}
                records.append((n.start, 1, rec))
        for lk, why in zip(links, reasons):
            rec = {"file": name, "start": base + lk.start, "end": base + lk.end, "kind": lk.kind,
                   "text": lk.text, "href": lk.href, "reasons": why}
            records.append((lk.start, 0, rec))
        records.sort(key=lambda r: (r[0], r[1]))
        return "".join(json.dumps(rec, ensure_ascii=False) + "\n" for _, _, rec in records)
    li = ni = 0
    line_start, n_text = 0, len(text)
    while line_start < n_text:
        nl = text.find("\n", line_start)
        line_end = n_text if nl < 0 else nl + 1
        pos = line_start
        while li < len(links) and links[li].start < line_end:
            lk = links[li]
            out += (text[pos : lk.start], LINK_START, lk.text, LINK_END)
            pos = lk.end
            li += 1
        out.append(text[pos:line_end])
        said = []
        while ni < len(notes) and (notes[ni].start < line_end or line_end == n_text):
            note = notes[ni]
            said.append(f"  [{base + note.start}:{base + note.end}] {note.reason}\n")
            ni += 1
        if said and nl < 0:  # the last line has no line end: the reasons start on their own line
            out.append("\n")
        out += said
        line_start = line_end
    return "".join(out)


#: An offset inside an explain reason ("… at offset 17 …").
_OFFSET = re.compile(r"\boffset ([0-9]+)")


class _Out:
    """Standard output as bytes, encoded as standard output would encode them."""

    def __init__(self) -> None:
        out = _stdout()
        out.flush()
        self.buffer = getattr(out, "buffer", None)
        self.text = out

    def write(self, data: bytes) -> None:
        self.write_bytes(data)

    def write_bytes(self, data: bytes) -> None:
        if self.buffer is not None:
            self.buffer.write(data)
        else:  # pragma: no cover - a text-only stream (e.g. in-process tests)
            self.text.write(data.decode("utf-8"))

    def flush(self) -> None:
        (self.buffer or self.text).flush()

    def copy_file(self, path: str) -> None:
        """Write the bytes of the file at ``path`` (by ``os.sendfile`` where it can)."""
        import shutil

        with open(path, "rb") as f:
            self.flush()
            sent = _sendfile(self.buffer, f) if self.buffer is not None else 0
            f.seek(sent)
            if self.buffer is not None:
                shutil.copyfileobj(f, self.buffer, 1 << 20)  # type: ignore[misc]
            else:  # pragma: no cover - a text-only stream (e.g. in-process tests)
                self.text.write(f.read().decode("utf-8"))


def _sendfile(dest: IO[bytes], src: IO[bytes]) -> int:
    """Copy ``src`` to ``dest`` in the kernel; returns the bytes copied, which is less than
    the file where ``os.sendfile`` cannot write to ``dest`` (the rest is then copied)."""
    import errno

    if not hasattr(os, "sendfile"):  # pragma: no cover - not Linux or macOS
        return 0
    try:
        fd = dest.fileno()
    except (AttributeError, OSError, ValueError):
        return 0
    size, sent = os.fstat(src.fileno()).st_size, 0
    try:
        while sent < size:
            n = os.sendfile(fd, src.fileno(), sent, size - sent)
            if n == 0:
                break
            sent += n
    except OSError as exc:
        if exc.errno not in (errno.EINVAL, errno.ENOSYS, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EAGAIN):
            raise
    return sent


def _run_serial(spec: Spec, names: Sequence[str], out: _Out, report: Callable[[str], None]) -> None:
    """Each input in turn, block by block in this process."""
    for name in names:
        base = 0
        for offset, raw in _input_blocks(name, report):
            text, error = _decode(raw, spec.errors, _label(name), offset)
            del raw  # the bytes are not held while the text is scanned
            for piece in _render(spec, text, name, base):
                out.write_bytes(piece)
            if _STARTING:  # the first block has built the tables
                _end_start_up()
            if error:
                report(error)
                break
            if name == "-":
                out.flush()  # a pipe's lines come out as they come in
            base += len(text)


#: The worker process's set-up (by :func:`_init_worker`): the :class:`Spec`, the shared
#: :class:`~uts58_icu._parallel.Bases` (None when the output has no offsets) and the
#: directory for output files.
_SPEC: Spec | None = None
_BASES: Any = None
_OUTDIR = ""


def _init_worker(spec: Spec, bases: Any = None, outdir: str = "") -> None:
    """Set up a worker (and, first, the parent: forked workers then start warm)."""
    from ._parallel import warm_up

    global _SPEC, _BASES, _OUTDIR
    _SPEC, _BASES, _OUTDIR = spec, bases, outdir
    warm_up(spec.options)


#: A task's output up to this many bytes goes back with its result (an ordinary 1 MiB range
#: gives about that much); beyond it, the worker writes it to a file of its own in the
#: run's temporary directory as it goes, and the parent copies that file to standard
#: output (``os.sendfile``) and removes it: one huge line (``'x.co ' * 2.4M`` gives 240 MB
#: of JSON) is never held whole. (Files for every range measured slower in wall-clock time
#: on a busy disk-backed /tmp: creating and removing them waits on the file system.)
INLINE_SIZE = 1 << 22


class _Sink:
    """A task's encoded output: in memory up to :data:`INLINE_SIZE` bytes, then in a file."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.buf = bytearray()
        self.file: IO[bytes] | None = None

    def write(self, data: bytes) -> None:
        if self.file is not None:
            self.file.write(data)
            return
        self.buf += data
        if len(self.buf) > INLINE_SIZE:
            self.file = open(self.path, "xb")
            self.file.write(self.buf)
            self.buf = bytearray()

    def result(self) -> bytes | str:
        """The output, or the path of the file that holds it."""
        if self.file is None:
            return bytes(self.buf)
        self.file.close()
        return self.path

    def discard(self) -> None:
        if self.file is not None:
            self.file.close()
            os.unlink(self.path)


def _work(
    raw: bytes | bytearray | None, path: str, start: int, end: int, name: str, base: int | None, slot: int,
    task: int,
) -> tuple[bytes | str, str | None]:
    """One task in a worker: read the lines of ``path`` that begin in ``[start, end)`` (or
    take ``raw``, a block of a stream read by the parent), decode and render them; return
    the encoded output (or the path of the file that holds it) and an input error, if any.

    ``base`` is the code point the text starts at; None: range ``slot`` of the file's
    :class:`~uts58_icu._parallel.Bases` chain gives it, once the range is decoded.
    """
    spec = _SPEC
    assert spec is not None
    sink = _Sink(os.path.join(_OUTDIR, f"{task}.out"))
    try:
        chain = base if base is not None else (lambda count: int(_BASES.chain(slot, count)))
        error = _work_into(sink, spec, raw, path, start, end, name, chain)
        return sink.result(), error
    except BaseException:
        sink.discard()
        raise


def _work_into(
    sink: _Sink | _TurnSink, spec: Spec, raw: bytes | bytearray | None, path: str, start: int, end: int,
    name: str, base: int | Callable[[int], int],
) -> str | None:
    """:func:`_work`'s body: the output goes to ``sink``; returns the input error, if any.

    ``base``: the code point the text starts at; or a function that, given the number of
    code points of the whole range (decoded first, before any is rendered), returns it
    (a chain of ranges: called whatever happens, so that no later range waits for ever).
    """
    from ._parallel import RangeReader, line_start

    label = _label(name)
    texts: list[tuple[int, str]] = []  # with offsets: the range decoded, before any is rendered
    count, error, first_cp = 0, None, 0
    try:
        with contextlib.ExitStack() as stack:
            if raw is None:
                # Read in blocks of whole lines as the serial path reads (each block's text
                # stays in the CPU's cache, and no large buffer is allocated per range).
                try:
                    f = stack.enter_context(open(path, "rb"))
                    first = line_start(f, start, end)
                    blocks = _read_blocks(RangeReader(f, first, end), label, whole=True)
                except OSError as exc:
                    return f"cannot read {label}: {exc.strerror or exc}"
            else:
                first, blocks = start, iter([raw])
            offset = first
            for block in blocks:
                text, error = _decode(block, spec.errors, label, offset)
                offset += len(block)
                del block  # the bytes are not held while the text is scanned
                if callable(base):
                    texts.append((count, text))
                else:
                    for part in _render(spec, text, name, base + count):
                        sink.write(part)
                count += len(text)
                if error:
                    break
    except InputError as exc:  # a read error mid-range
        error = str(exc)
    finally:
        if callable(base):  # passed on whatever happened, so no later range waits for ever
            first_cp = base(count)
    texts.reverse()
    while texts:  # each block let go once written
        at, text = texts.pop()
        for part in _render(spec, text, name, first_cp + at):
            sink.write(part)
    return error


def _take(result: bytes | str, out: _Out | None) -> None:
    """Write a worker's output (``out`` None: drop it), and remove its file."""
    if isinstance(result, bytes):
        if out is not None and result:
            out.write_bytes(result)
        return
    try:
        if out is not None:
            out.copy_file(result)
    finally:
        os.unlink(result)


def _regular_file(name: str) -> int | None:
    """The size of ``name`` if it is a regular file (then workers read it themselves)."""
    import stat

    if name == "-":
        return None
    try:
        st = os.stat(name)
    except OSError:
        return None
    return st.st_size if stat.S_ISREG(st.st_mode) else None


def _run_parallel(spec: Spec, names: Sequence[str], jobs: int, out: _Out, report: Callable[[str], None]) -> None:
    """The inputs on worker processes, output in input order.

    A regular file is cut into byte ranges at line ends; each worker reads and decodes its
    own ranges, so the parent never holds or sends the text. With offsets in the output
    (``--json``, ``--explain``) each worker passes the next range its first code point
    (:class:`~uts58_icu._parallel.Bases`). Other inputs (stdin, pipes) are read here in
    blocks of bytes, which the workers decode. Workers write large output to files that
    this process copies to standard output in order.
    """
    import multiprocessing
    import shutil
    import tempfile
    from collections import deque
    from concurrent.futures import Future, ProcessPoolExecutor

    from ._parallel import Bases, ranges, worker_count

    sizes = [_regular_file(name) for name in names]
    parts = [None if size is None else ranges(size) for size in sizes]
    known = sum(len(p) for p in parts if p is not None)
    streams = any(p is None for p in parts)
    workers = worker_count(jobs, None if streams else known)
    offsets = spec.mode in ("json", "explain", "json-explain")
    outdir = ""
    try:
        if workers <= 1:
            raise NotImplementedError
        outdir = tempfile.mkdtemp(prefix="uts58-")
        ctx = multiprocessing.get_context()
        files = len(parts) - parts.count(None)
        bases = Bases(ctx, known + files) if offsets and files else None
        pool = ProcessPoolExecutor(
            max_workers=workers, mp_context=ctx, initializer=_init_worker, initargs=(spec, bases, outdir)
        )
    except (NotImplementedError, ImportError, OSError):  # one worker; no semaphores or TMPDIR here
        if outdir:
            os.rmdir(outdir)
        _run_serial(spec, names, out, report)
        return
    failed: set[int] = set()
    pending: deque[tuple[int, Future[tuple[bytes | str, str | None]]]] = deque()

    def drain() -> None:
        index, future = pending.popleft()
        data, error = future.result()
        _take(data, None if index in failed else out)
        if error and index not in failed:
            failed.add(index)
            report(error)

    try:
        _init_worker(spec, bases, outdir)  # before the pool forks its workers (at the first task)
        _end_start_up()
        with pool:
            try:
                slot = task = 0
                for index, (name, file_parts) in enumerate(zip(names, parts)):
                    tasks: Iterator[tuple[Any, ...]]
                    if file_parts is not None:
                        if bases is not None:
                            bases.start(slot)
                        first, slot = slot, slot + len(file_parts) + 1
                        tasks = (
                            (None, name, a, b, name, None if bases is not None else 0, first + i)
                            for i, (a, b) in enumerate(file_parts)
                        )
                    else:
                        tasks = _stream_tasks(name, offsets, report)
                    for args in tasks:
                        if index in failed:
                            break
                        pending.append((index, pool.submit(_work, *args, task)))
                        task += 1
                        while len(pending) >= 2 * workers:
                            drain()
                while pending:
                    drain()
            finally:  # stopped early (e.g. a closed pipe): drop the rest, and their files
                for _, future in pending:
                    if not future.cancel() and not future.exception():
                        _take(future.result()[0], None)
    finally:
        shutil.rmtree(outdir, ignore_errors=True)


def _stream_tasks(name: str, offsets: bool, report: Callable[[str], None]) -> Iterator[tuple[Any, ...]]:
    """``_work`` arguments for each block of a stream (stdin, a pipe), read here as bytes
    (a stream cannot be read by the workers at their own offsets)."""
    from ._parallel import RANGE_SIZE

    base = 0
    for offset, raw in _input_blocks(name, report, RANGE_SIZE, whole=True):
        yield raw, name, offset, offset + len(raw), name, base, -1
        if offsets:
            base += len(raw.decode("utf-8", "replace"))


# --jobs on files, where the platform can fork: the workers are forks of this process
# (which has imported and warmed up everything), each takes every n-th range of the
# inputs, and each writes its own output to the standard output's file descriptor, in
# turn, passing the turn on along a ring of pipes: nothing is pickled, and no process
# copies another's output.

#: Exit codes of a forked worker (the parent turns them into its own outcome).
_W_OK, _W_PROBLEMS, _W_FAILED, _W_ABORTED, _W_PIPE, _W_INTERRUPTED = 0, 1, 2, 3, 4, 130


def _write_all(fd: int, data: bytes | bytearray) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


class _TurnSink:
    """A range's encoded output in a forked worker: held until this range's turn to
    write comes, then written straight to ``fd``. Once more than :data:`INLINE_SIZE` bytes
    are held (by this range and the ones before it that wait for their turn), the worker
    waits for its turn and writes as it goes (one huge line is never held whole). The
    turn says whether an earlier range stopped this input (an invalid byte): then the
    output is dropped."""

    def __init__(self, turns: _Turns, turn: bool) -> None:
        self.turns = turns
        self.held: list[bytes] = []  # the parts as made (not joined: written one by one)
        self.size = 0
        self.mine = turn  # this range's turn has come
        self.skip = False  # … and this input was stopped before this range
        self.error: str | None = None  # this range's input error (reported in its turn)
        self.stops = False  # an error here or before stops the input at the next range
        self.last = False  # the last range of all (no turn to pass on)

    def write(self, data: bytes) -> None:
        if self.mine:
            if not self.skip:
                _write_all(self.turns.fd, data)
            return
        self.held.append(data)
        self.size += len(data)
        self.turns.held += len(data)
        if self.turns.held > INLINE_SIZE:
            self.turns.flush_before(self)

    def write_held(self) -> None:
        """This range's turn has come: write what is held."""
        held, self.held = self.held, []
        self.turns.held -= self.size
        self.size = 0
        held.reverse()
        while held:  # each part let go once written
            part = held.pop()
            if not self.skip:
                _write_all(self.turns.fd, part)


class _Turns:
    """A forked worker's ranges that are done but wait for their turn to write, in order:
    the worker goes on to its next range instead of waiting (the ranges' costs differ, so
    workers that waited for each other at every range would wait, in turn, for the
    slower one of every pair), and writes each as its turn comes, looked for between
    ranges and while waiting for an offset."""

    def __init__(self, ring: Any, fd: int, report: Callable[[str], None]) -> None:
        from collections import deque

        self.ring, self.fd, self.report = ring, fd, report
        self.done: deque[_TurnSink] = deque()
        self.held = 0  # bytes held by the ranges of ``done`` and the range being made

    def pump(self, block: bool) -> None:
        """Write the ranges of ``done`` whose turn has come (``block``: all of them,
        waiting for each turn), and pass each turn on."""
        while self.done:
            sink = self.done[0]
            if not sink.mine:
                turn = self.ring.take(b"T")
                if turn is None:
                    if not self.ring.fill(block):
                        return
                    continue
                sink.skip, sink.mine = bool(turn), True
            self.done.popleft()
            sink.write_held()
            if sink.error and not sink.skip:
                self.report(sink.error)
            if not sink.last:  # an input stopped by an error stays stopped to its end
                self.ring.send(b"T", int(sink.stops and (sink.skip or sink.error is not None)))

    def flush_before(self, sink: _TurnSink) -> None:
        """Too much is held: write every range before ``sink``, then ``sink``'s own output
        once its turn comes (it writes as it goes from then on)."""
        self.pump(block=True)
        if not sink.mine:
            sink.skip, sink.mine = bool(self.ring.recv(b"T")), True
        sink.write_held()

    def offset(self) -> int:
        """The next ``B`` message (the code point a range starts at), writing the ranges
        whose turn comes meanwhile (the worker that sends it may be waiting for them)."""
        while True:
            value = self.ring.take(b"B")
            if value is not None:
                return int(value)
            self.ring.fill(block=True)
            self.pump(block=False)


def _ring_worker(
    spec: Spec, names: Sequence[str], chunks: Sequence[tuple[int, int, int]], ring: Any, k: int, fd: int,
    report: Callable[[str], None],
) -> None:
    """Worker ``k`` of ``ring.n``: ranges ``k``, ``k + n``, … of ``chunks`` (``(input,
    start, end)``, every input's ranges in order), each read, decoded and rendered, and
    written in its turn."""
    offsets = spec.mode in ("json", "explain", "json-explain")
    last = len(chunks) - 1
    turns = _Turns(ring, fd, report)
    for i in range(k, len(chunks), ring.n):
        index, start, end = chunks[i]
        name = names[index]
        starts_input = i == 0 or chunks[i - 1][0] != index
        input_goes_on = i < last and chunks[i + 1][0] == index

        def chain(count: int, starts_input: bool = starts_input, input_goes_on: bool = input_goes_on) -> int:
            base = 0 if starts_input else turns.offset()
            if input_goes_on:
                ring.send(b"B", base + count)
            return base

        sink = _TurnSink(turns, turn=i == 0)
        sink.error = _work_into(sink, spec, None, name, start, end, name, chain if offsets else 0)
        sink.stops, sink.last = input_goes_on, i == last
        turns.done.append(sink)
        turns.pump(block=turns.held > INLINE_SIZE)
    turns.pump(block=True)


def _ring_inputs(names: Sequence[str], workers: int) -> list[tuple[int, int, int]] | None:
    """``(input, start, end)`` byte ranges of every input (for ``workers`` workers that take
    them in turn: see :func:`~uts58_icu._parallel.ranges`), or None if one is not a file
    (stdin, a pipe, a device: they cannot be read at a worker's own offset). A missing
    or unreadable file or a directory is one range, whose worker reports it in turn."""
    import stat

    from ._parallel import RING_SPLIT, ranges

    chunks: list[tuple[int, int, int]] = []
    for index, name in enumerate(names):
        if name == "-":
            return None
        try:
            st = os.stat(name)
        except OSError:
            size = 0
        else:
            if not stat.S_ISREG(st.st_mode) and not stat.S_ISDIR(st.st_mode):
                return None
            size = st.st_size if stat.S_ISREG(st.st_mode) else 0
        chunks += ((index, a, b) for a, b in ranges(size, workers, RING_SPLIT if workers > 1 else 1))
    return chunks


def _run_forked(
    spec: Spec, names: Sequence[str], jobs: int, out: _Out, report: Callable[[str], None]
) -> int | None:
    """``--jobs`` with forked workers (this process is worker 0); the number of problems
    the workers reported, or None where this cannot be done here (then the caller uses
    the process pool): no fork, standard output not a file descriptor, an input that is
    not a file.

    A worker's input error is reported by that worker, in its turn; a worker that fails
    says why in one line; a closed output (``| head``) stops every worker quietly; when a
    worker stops, for whatever reason, the next one reads the end of its pipe and stops
    too, so no worker waits for ever.
    """
    from ._parallel import RANGE_SIZE, Ring, RingBroken, can_fork, warm_up, worker_count

    if out.buffer is None or not can_fork():
        return None
    try:
        fd = out.buffer.fileno()
        if not os.get_blocking(fd):
            return None
    except (AttributeError, OSError, ValueError):
        return None
    chunks = _ring_inputs(names, 1)
    if chunks is None:
        return None
    # No more workers than ranges of about 1 MiB (many small files: no worker at all).
    total = sum(b - a for _, a, b in chunks)
    workers = worker_count(jobs, min(len(chunks), -(-total // RANGE_SIZE)))
    if workers > 1:
        chunks = _ring_inputs(names, workers) or []
    if workers <= 1 or not chunks:
        _run_serial(spec, names, out, report)
        return 0
    try:
        ring = Ring(workers)
    except OSError:
        return None
    warm_up(spec.options)  # before the fork: every worker starts warm
    _end_start_up()
    out.flush()
    if sys.stderr is not None:
        sys.stderr.flush()
    pids: list[int] = []
    try:
        for k in range(1, workers):
            pid = os.fork()
            if pid == 0:  # pragma: no cover - in the child (its coverage is not collected)
                os._exit(_ring_child(spec, names, chunks, ring, k, fd))
            pids.append(pid)
    except OSError:  # no more processes: the ones made read the end of their pipes
        ring.close()
        for pid in pids:
            os.waitpid(pid, 0)
        return None
    ring.attach(0)
    broken = False
    try:
        _ring_worker(spec, names, chunks, ring, 0, fd, report)
    except RingBroken:
        broken = True
    finally:
        ring.close()  # before waiting: a worker still reading its pipe then stops
        codes = [os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) for pid in pids]
    if _W_PIPE in codes:
        raise BrokenPipeError
    if _W_INTERRUPTED in codes:
        raise KeyboardInterrupt
    problems = 0
    for code in codes:
        if code < 0:
            import signal  # (only here: its import makes enums, 3.7 M instructions before the fork)

            report(f"a --jobs worker process was killed by {signal.Signals(-code).name}")
        elif code in (_W_PROBLEMS, _W_FAILED):
            problems += 1  # said by the worker
    if broken and not problems and all(c == _W_OK for c in codes):  # pragma: no cover - a bug
        report("a --jobs worker process stopped without saying why")
    return problems


def _ring_child(
    spec: Spec, names: Sequence[str], chunks: Sequence[tuple[int, int, int]], ring: Any, k: int, fd: int
) -> int:  # pragma: no cover - in the child (its coverage is not collected)
    """A forked worker's whole life: its exit code (it never returns to the caller's
    code: the parent's buffers, atexit handlers and ``finally`` blocks are the parent's)."""
    from ._parallel import RingBroken

    problems: list[str] = []

    def report(message: str) -> None:
        problems.append(message)
        _error(message)

    try:
        ring.attach(k)
        _ring_worker(spec, names, chunks, ring, k, fd, report)
        return _W_PROBLEMS if problems else _W_OK
    except RingBroken:
        return _W_ABORTED
    except BrokenPipeError:
        return _W_PIPE
    except KeyboardInterrupt:
        return _W_INTERRUPTED
    except UnicodeEncodeError as exc:
        _error(_encode_error_message(exc))
    except OSError as exc:
        _error(_write_error_message(exc))
    except BaseException as exc:
        _error(f"a --jobs worker process failed: {type(exc).__name__}: {exc}")
    return _W_FAILED


def _run(args: argparse.Namespace, mode: str) -> int:
    """``detect`` and ``linkify``: every input in order; an input error is reported, the
    input skipped, and the exit code is 2 at the end (as ``cat`` and ``grep`` do)."""
    spec = _spec(args, mode)
    names = list(args.files or ["-"])
    out = _Out()
    problems: list[str] = []

    def report(message: str) -> None:
        out.flush()  # the output before the error comes first
        problems.append(message)
        _error(message)

    try:
        if args.jobs > 1:
            silent = _run_forked(spec, names, args.jobs, out, report)
            if silent is None:
                _run_parallel(spec, names, args.jobs, out, report)
            else:
                problems += [""] * silent  # said by the workers
        else:
            _run_serial(spec, names, out, report)
    finally:
        out.flush()
    return EXIT_USAGE if problems else EXIT_OK


def _cmd_detect(args: argparse.Namespace) -> int:
    mode = ("json-" if args.json else "") + "explain" if args.explain else "json" if args.json else "marks"
    return _run(args, mode)


def _cmd_linkify(args: argparse.Namespace) -> int:
    return _run(args, "linkify")


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


def _input_lines(name: str, errors: str, report: Callable[[str], None]) -> Iterator[str]:
    """The lines of one input (stdin for ``-``) without their line ends; an unreadable
    input or invalid UTF-8 is reported and ends that input."""
    hint = " (to format a URL given on the command line, use -e URL)" if ":" in name else ""
    for offset, raw in _input_blocks(name, report, hint=hint):
        text, error = _decode(raw, errors, _label(name), offset)
        lines = text.split("\n")
        if lines[-1] == "":
            lines.pop()  # after the last line end
        for line in lines:
            yield line[:-1] if line.endswith("\r") else line
        if error:
            report(error)
            return


def _cmd_format(args: argparse.Namespace) -> int:
    """Print the minimally escaped form (§4.1) of each URL: those given with ``-e``, else
    one per line of each FILE (``-`` or none: stdin), as ``detect`` reads its inputs."""
    from .core.escaping import minimal_escape

    out = _stdout()
    problems: list[str] = []

    def report(message: str) -> None:
        out.flush()
        problems.append(message)
        _error(message)

    names = args.files or ([] if args.urls else ["-"])
    lines = (line for name in names for line in _input_lines(name, args.errors, report))
    for url in itertools.chain(args.urls, lines):
        out.write(minimal_escape(url, legacy_encoding=args.legacy) + "\n")
    return EXIT_USAGE if problems else EXIT_OK


def _stdout() -> IO[str]:
    if sys.stdout is None:  # started with stdout closed (`uts58 detect >&-`)
        raise CliError("cannot write: standard output is closed")
    return sys.stdout


#: The commands, as ``uts58 COMMAND`` names them.
COMMANDS = ("props", "detect", "linkify", "conformance", "format")


def _terminal_columns() -> int:
    """``shutil.get_terminal_size().columns``, without importing shutil (which imports bz2,
    lzma, zlib and fnmatch: ~2 ms of every start, for argparse's help width)."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    try:
        lines = int(os.environ["LINES"])
    except (KeyError, ValueError):
        lines = 0
    if columns <= 0 or lines <= 0:  # shutil asks the terminal unless both are set
        try:
            size = os.get_terminal_size(sys.__stdout__.fileno())  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            size = os.terminal_size((80, 24))
        if columns <= 0:
            columns = size.columns or 80
    return columns


class _Width:
    """argparse's formatters take this width when none is given, as they compute it."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:  # fmt: skip
        if width is None:
            width = _terminal_columns() - 2
        super().__init__(prog, indent_increment, max_help_position, width)  # type: ignore[call-arg]


class _HelpFormatter(_Width, argparse.HelpFormatter):
    pass


class _RawDescriptionHelpFormatter(_Width, argparse.RawDescriptionHelpFormatter):
    pass


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The ``uts58`` argument parser; with ``only`` (a command's name), that command's
    alone (what ``uts58 COMMAND …`` reads the same with, at less start-up cost)."""
    parser = argparse.ArgumentParser(
        prog="uts58",
        description="Unicode link detection and formatting (UTS #58) on ICU.",
        epilog="Exit codes: 0 ok, 1 a check failed, 2 usage or input error.",
        formatter_class=_RawDescriptionHelpFormatter,  # --version on one line
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"uts58-icu {__version__} (ICU {ICU_VERSION}, Unicode {UNICODE_VERSION}; "
        f"{'compiled core' if ACCELERATED else 'pure Python, 3-4x slower: ' + PURE_REASON})",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    if only in (None, "props"):
        p = sub.add_parser("props", formatter_class=_HelpFormatter, help="show Link_Term, Link_Bracket, Link_Email of characters")
        p.add_argument("chars", nargs="*", type=_parse_char, metavar="CHAR", help="a character or U+XXXX")
        p.add_argument("--write", metavar="DIR", help="write LinkTerm.txt, LinkBracket.txt, LinkEmail.txt")
        p.set_defaults(func=_cmd_props)

    if only in (None, "detect"):
        p = sub.add_parser("detect", formatter_class=_HelpFormatter, help="mark links in text as ⸠…⸡ (or --json)")
        _add_input_args(p)
        p.add_argument(
            "--json", action="store_true",
            help='one JSON object per link instead: {"file": FILE as given ("-": stdin), "start", '
            '"end" (code points from the start of FILE), "kind", "text", "href"}',
        )
        p.add_argument(
            "--explain", action="store_true",
            help="after each line, say why each link starts and ends where it does, and what was "
            "rejected; with --json, each link's record gets \"reasons\" and each rejected candidate "
            "a record of kind \"rejected\"",
        )
        p.add_argument(
            "--policy", choices=("base", "recommended"), default="base",
            help="base: the conformant algorithm (default); recommended: §8 rules for text people read",
        )
        _add_detection_args(p)
        p.set_defaults(func=_cmd_detect)

    if only in (None, "linkify"):
        p = sub.add_parser("linkify", formatter_class=_HelpFormatter, help="turn text into HTML with <a href> links")
        _add_input_args(p)
        p.add_argument("--rel", default="nofollow noopener", help="rel attribute ('' for none)")
        p.add_argument("--target", default=None, help="target attribute, e.g. _blank")
        p.add_argument(
            "--policy", choices=("base", "recommended"), default="recommended",
            help="recommended: §8 rules for text people read (default); base: the conformant algorithm",
        )
        _add_detection_args(p)
        p.set_defaults(func=_cmd_linkify)

    if only in (None, "conformance"):
        p = sub.add_parser("conformance", formatter_class=_HelpFormatter, help="run Unicode's LinkDetectionTest/LinkFormattingTest")
        p.add_argument(
            "--version", dest="version", default="17.0.0", type=_parse_version,
            help="data version, three numbers (default 17.0.0)",
        )
        p.add_argument(
            "--errata", default=None,
            help="errata file (default: the one shipped in the package for VERSION, if any)",
        )
        p.set_defaults(func=_cmd_conformance)

    if only in (None, "format"):
        p = sub.add_parser(
            "format", formatter_class=_HelpFormatter, help="print the minimally escaped form (§4.1) of each URL: one per line of FILEs, or -e URL",
        )
        p.add_argument(
            "files", nargs="*", metavar="FILE",
            help="files of URLs, one per line ('-' or none: stdin)",
        )
        p.add_argument(
            "-e", "--url", dest="urls", action="append", default=[], metavar="URL",
            help="format URL itself (repeatable), before the lines of any FILE; with -e and no "
            "FILE, stdin is not read",
        )
        p.add_argument(
            "--legacy", action="store_true",
            help="the URLs come from a legacy (non-UTF-8) page: keep non-ASCII escapes",
        )
        p.add_argument(
            "--errors", choices=("strict", "replace"), default="strict",
            help="invalid UTF-8: report it and skip the rest of that input, exit 2 (strict, "
            "default), or substitute U+FFFD",
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


def _encode_error_message(exc: UnicodeEncodeError) -> str:
    encoding = getattr(sys.stdout, "encoding", "?")
    return (
        f"cannot write U+{ord(exc.object[exc.start]):04X} to standard output in encoding "
        f"{encoding}; uts58 writes UTF-8: set PYTHONIOENCODING=utf-8 (or a UTF-8 locale)"
    )


def _write_error_message(exc: OSError) -> str:
    where = exc.filename if exc.filename is not None else "standard output"
    return f"cannot write to {where}: {exc.strerror or exc}"


#: While :func:`main` starts up (imports, the ICU tables, the TLD list) the cyclic garbage
#: collector is off: start-up allocates hundreds of thousands of objects and frees almost
#: none, so each collection (15 M instructions in all, 4 % of `uts58 detect`'s start-up)
#: found nothing to free. :func:`_end_start_up` turns it back on.
_STARTING = False
#: Whether the collector was on when :func:`main` was called (it is turned back on then).
_GC_WAS_ON = False


def _end_start_up() -> None:
    """The start-up is over (the tables are built, the patterns compiled): what it made is
    kept out of every later collection (``gc.freeze``), and the collector is on again
    (if it was when :func:`main` was called)."""
    global _STARTING
    if not _STARTING:
        return
    _STARTING = False
    gc.freeze()
    if _GC_WAS_ON:
        gc.enable()


def _leave_at_once() -> bool:
    """Whether :func:`main` may end the process itself (``os._exit``) once its output is
    flushed: only where this process is the ``uts58`` command, never when a program
    calls :func:`main` (it gets the exit code back)."""
    from ._icu import _running_cli

    return _running_cli()


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (see the module docstring)."""
    global _STARTING, _GC_WAS_ON
    gc_was_on = gc.isenabled()
    _STARTING, _GC_WAS_ON = True, gc_was_on
    gc.disable()  # until _end_start_up()
    try:
        return _main(argv)
    finally:
        _STARTING = False
        if gc_was_on:
            gc.enable()


def _main(argv: Sequence[str] | None) -> int:
    args_list = sys.argv[1:] if argv is None else list(argv)
    # A command named first: only its parser is built (the others only show in the
    # top-level --help, which is not what was asked).
    first = args_list[0] if args_list else None
    parser = build_parser(first if first in COMMANDS else None)
    args = parser.parse_args(args_list)
    if not getattr(args, "func", None):
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    if args.func not in (_cmd_detect, _cmd_linkify):  # (they end the start-up after their set-up)
        _end_start_up()
    try:
        code = int(args.func(args))
        if sys.stdout is not None:
            sys.stdout.flush()
        if getattr(args, "jobs", 1) > 1 and _leave_at_once():
            # --jobs: the output is written and flushed; the interpreter's shutdown (freeing
            # every module and table: 0.01-0.02 G instructions) would be the last thing this
            # run waits for. The workers are gone (waited for), and no atexit handler of
            # this command has anything left to do.
            if sys.stderr is not None:
                sys.stderr.flush()
            os._exit(code)
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
        message = _encode_error_message(exc)
        _silence_stdout()
        _error(message)
        return EXIT_USAGE
    except BrokenPipeError:  # e.g. `uts58 detect big.txt | head`
        _silence_stdout()
        return EXIT_OK
    except OSError as exc:  # e.g. stdout on /dev/full
        _silence_stdout()
        _error(_write_error_message(exc))
        return EXIT_USAGE
    except KeyboardInterrupt:
        _silence_stdout()
        return 130
