"""The windows that linkification/context.py keeps apart from the shared look-back
(``_MAX_LOOKBACK``, 4,000 code points, read by ``_line_start``/``_line_end``), issue 18's
"seen and left" review:

- ``_irc_netsplit``: a quit reason's bracket at most 300 after its line's start, an irssi
  ``Netsplit a <-> b`` at most 300 after it, searched to 300 past the link;
- ``_irc_hostmask``: an event word ending at most 300 after the address;
- ``_x_header_prose``: a verb that sends, at most 200 before the address;
- ``_OPEN_CALL`` (``_js_argument``): a call's ``name(`` at most 120 before the name;
- ``_ARCHIVE_LOOKBACK``: a Pipermail header at most 20,000 before a spelt address (or
  ending at most 20,000 after it);
- and the shared ``_MAX_LOOKBACK`` itself (a header's name at most 4,000 back on its own
  line), and ``_MAX_HEADER_LOOKBACK`` (at most 16,000 back over folded lines).

For each, a bound test: the rule's answer one code point inside the window and one outside,
with the Python rules alone and with the compiled gate (both must move if the constant
does), and a scaling test without time: an instrumented pattern or function counts the
characters each read is given (never more than the window) and the reads (a text with 4
times the links: at most 4 times as many). ``iter_links`` and ``explain_notes`` read a
spelt address's archive header from the per-text index as ``find_links`` does (before,
each link searched 20,000 code points each way and matched up to 128 ``From`` lines).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest
import test_accel_policy as tap  # tests/ is on sys.path
from test_context_bounds import counting
from test_context_realtext5 import REC

from uts58_icu.linkification import apply, context

HEADER = "From jroe at example.org  Wed Jul 21 18:01:57 2010\n"


def python_texts(text: str) -> list[str]:
    """recommended()'s links with the Python rules alone; the compiled gate must agree."""
    with tap.gated(False):
        got = [lk.text for lk in apply.find_links(text, policy=REC)]
    tap.assert_gate_parity(text, REC, skip=False)
    return got


def _lines(size: int) -> str:
    """``size`` code points of filler lines (no link, no ``From``)."""
    q, r = divmod(size, 80)
    return ("y" * 79 + "\n") * q + ("y" * (r - 1) + "\n" if r else "")


def netsplit_reason(d: int) -> str:  # the bracket d after the line's start
    return "*** Quits: nick " + "x" * (d - 16) + "(irc.example.net hub.example.org)\n"


def netsplit_line(d: int) -> str:  # "Netsplit" d after the line's start
    return "-!- " + "y" * (d - 5) + " Netsplit irc.example.net <-> hub.example.org quits: a, b\n"


_LONG_SERVER = ".".join(["h" * 60] * 4) + ".example.org"


def netsplit_ahead(d: int) -> str:  # the line's match ends d after the first server
    pad = d - len(" <-> ") - len(_LONG_SERVER) - len(" quits:")
    return "-!- Netsplit irc.example.net <-> " + "h" * pad + _LONG_SERVER + " quits: a\n"


def hostmask(d: int) -> str:  # the event word ends d after the address
    return "jane (jane@host.example.net)" + "z" * (d - 10) + " has quit\n"


def x_prose(d: int) -> str:  # the verb starts d before the address
    return "X-List-Note: send to" + " " * (d - 7) + "list-request@example.org\n"


def open_call(d: int) -> str:  # the callee's last character d before the name
    return "  f(a, " + "b" * (d - 7) + ", item.id)\n"


def archive_back(d: int) -> str:  # the header's "\nFrom" d before the spelt local part
    head = "intro\n" + HEADER
    return head + _lines(d - len(head) + head.index("\nFrom") - 4) + "the peps at python.org process\n"


def archive_ahead(d: int) -> str:  # the header's match ends d after the spelt local part
    spelt = "the peps at python.org process\n"
    end = context._SPELLING_ARCHIVE_HEADER.match(HEADER).end()
    return spelt + _lines(d - len(spelt) + 4 - 1 - end) + "\n" + HEADER


def shared_lookback(d: int) -> str:  # the address d after its header line's start
    return "Received: by " + "w" * (d - 14) + " jane@example.org\n"


def folded_header(d: int) -> str:  # the address d after its folded header line's start
    head = "X-Spamd-Result: x\n"
    f, lines = d - len(head) - 1, []
    while f > 0:  # continuation lines of at most 1,000 code points each (each under _MAX_LOOKBACK)
        n = min(f, 1000)
        if f - n in (1, 2):
            n -= 3  # no tail too short for a line of its own
        lines.append("\t" + "w" * (n - 2) + "\n")
        f -= n
    return head + "".join(lines) + "\tjane@example.org\n"


# name -> (text with the distance d, the window (written out: a change of the constant fails),
# links inside it, links outside it)
BOUNDS: dict[str, tuple[Callable[[int], str], int, list[str], list[str]]] = {
    "irc netsplit reason (300)": (netsplit_reason, 300, [], ["irc.example.net", "hub.example.org"]),
    "irc Netsplit line (300)": (netsplit_line, 300, [], ["irc.example.net", "hub.example.org"]),
    "irc Netsplit line, ahead (300)": (netsplit_ahead, 300, [], ["irc.example.net"]),
    "irc hostmask event (300)": (hostmask, 300, [], ["jane@host.example.net"]),
    "X- header prose (200)": (x_prose, 200, ["list-request@example.org"], []),
    "open call (120)": (open_call, 120, [], ["item.id"]),
    "archive header before (20,000)": (archive_back, 20_000, [], ["python.org"]),
    "archive header after (20,000)": (archive_ahead, 20_000, [], ["python.org"]),
    "shared look-back (4,000)": (shared_lookback, 4000, [], ["jane@example.org"]),
    "folded header look-back (16,000)": (folded_header, 16_000, [], ["jane@example.org"]),
}


def test_texts_measure_what_they_say() -> None:
    """The builders put the distance where the rule measures it."""
    for d in (299, 301):
        t = netsplit_reason(d)
        assert t.index("(") == d
        t = netsplit_line(d)
        assert t.index("Netsplit") == d
        t = netsplit_ahead(d)
        assert re.search(" quits:", t).end() - (t.index("irc.example.net") + len("irc.example.net")) == d  # type: ignore[union-attr]
        t = hostmask(d)
        assert t.index(" has quit") + len(" has quit") - t.index(")") == d
    for d in (199, 201):
        t = x_prose(d)
        assert t.index("list-request") - t.index("send") == d
    for d in (119, 121):
        t = open_call(d)
        assert t.index("item.id") - t.index("f(") == d
    for d in (19_999, 20_001):
        t = archive_back(d)
        assert t.index("peps") - t.index("\nFrom") == d
        t = archive_ahead(d)
        assert context._SPELLING_ARCHIVE_HEADER.search(t).end() - t.index("peps") == d  # type: ignore[union-attr]
    for d in (3999, 4001):
        assert shared_lookback(d).index("jane@") == d
    for d in (15_999, 16_000, 16_001, 16_002, 2003):
        t = folded_header(d)
        assert t.index("jane@") == d and max(len(line) for line in t.split("\n")) <= 1000


@pytest.mark.parametrize("name", sorted(BOUNDS))
def test_window_bound(name: str) -> None:
    """One code point inside the window the rule decides; one outside it does not."""
    make, window, inside, outside = BOUNDS[name]
    assert python_texts(make(window - 1)) == inside
    assert python_texts(make(window + 1)) == outside


@pytest.mark.parametrize("d", [19_999, 20_001])
def test_archive_bound_same_without_the_memo(d: int) -> None:
    """Outside a call (no memo of the text) the bounded scan gives the index's answer."""
    for make in (archive_back, archive_ahead):
        text = make(d)
        pos = text.index("peps")
        assert context._archive_index(text) is None
        assert context._in_spelling_archive(text, pos) is (d < 20_000)


# ------------------------------------------------------------------ scaling, without time


@contextmanager
def counted_function(name: str) -> Iterator[dict[str, int]]:
    """Count the calls of ``context.<name>(text, pos)`` and the characters each may read
    (``_line_start``: up to ``pos``; ``_in_spelling_archive_scan``: 2 x the look-back)."""
    real = getattr(context, name)
    seen = {"calls": 0, "chars": 0, "widest": 0}

    def wrapper(text: str, pos: int) -> object:
        width = pos - max(0, pos - context._MAX_LOOKBACK) if name == "_line_start" else 2 * context._ARCHIVE_LOOKBACK
        seen["calls"] += 1
        seen["chars"] += width
        seen["widest"] = max(seen["widest"], width)
        return real(text, pos)

    setattr(context, name, wrapper)
    try:
        yield seen
    finally:
        setattr(context, name, real)


def _entry_points(text: str) -> list[Callable[[], object]]:
    return [
        lambda: apply.find_links(text, policy=REC),
        lambda: list(apply.iter_links(text, policy=REC)),
        lambda: apply.explain_notes(text, policy=REC),
    ]


# pattern -> (the widest read, a text of n links each read over the whole window)
WORST = {
    "_IRC_SPLIT_EVENT": (300, lambda n: netsplit_reason(290) * n),
    "_IRC_NETSPLIT_LINE": (context._MAX_LOOKBACK + 300 + 16, lambda n: netsplit_line(290) * n),
    "_IRC_EVENT": (300, lambda n: hostmask(295) * n),
    "_X_PROSE_TO": (200, lambda n: x_prose(195) * n),
    "_OPEN_CALL": (120, lambda n: open_call(115) * n),
}


@pytest.mark.parametrize("name", sorted(WORST))
def test_window_scales_linearly(name: str) -> None:
    """Every link at the window's far edge: each read is at most the window, and 4 times the
    links give at most 4 times the reads and characters (find_links, iter_links, explain)."""
    widest, make = WORST[name]
    for k in range(3):
        totals = []
        for n in (40, 160):
            text = make(n)
            with counting(name) as c:
                _entry_points(text)[k]()
            assert c[name].calls >= n, "every link reaches the rule"
            assert c[name].widest <= widest
            totals.append((c[name].calls, c[name].chars))
        (calls, chars), (calls4, chars4) = totals
        assert calls4 <= 4 * calls and chars4 <= 4 * chars + widest, (name, k, totals)


def test_shared_lookback_scales_linearly() -> None:
    """Links late on a long line: each _line_start reads at most 4,000 code points back, and
    the calls grow with the links."""
    totals = []
    for n in (40, 160):
        text = "w" * 5000 + " see a.example.org" * n + "\n"
        with counting(), counted_function("_line_start") as seen:
            apply.find_links(text, policy=REC)
        assert seen["widest"] <= context._MAX_LOOKBACK
        totals.append((seen["calls"], seen["chars"]))
    assert totals[0][0] >= 40
    assert totals[1][0] <= 4 * totals[0][0] and totals[1][1] <= 4 * totals[0][1], totals


def spelt_archive(n: int) -> str:
    """n spelt addresses, each between "From" lines that are no header, under one header."""
    return HEADER + ("the peps at python.org x\nFrom here\n" * n)


@pytest.mark.parametrize("k", range(3), ids=["find_links", "iter_links", "explain_notes"])
def test_archive_window_read_once_per_text(k: int) -> None:
    """Every entry point answers a spelt address from the per-text index: no 20,000-character
    scan per link, one header match per ``From`` line of the text; 4 times the links, at
    most 4 times the matches."""
    matches = []
    for n in (50, 200):
        text = spelt_archive(n)
        with counting("_SPELLING_ARCHIVE_HEADER") as c, counted_function("_in_spelling_archive_scan") as scans:
            _entry_points(text)[k]()
        assert scans["calls"] == 0
        assert c["_SPELLING_ARCHIVE_HEADER"].calls <= text.count("\nFrom") + 1
        matches.append(c["_SPELLING_ARCHIVE_HEADER"].calls)
    assert matches[1] <= 4 * matches[0], matches
    assert context._MEMO == (None, None) and context._TEXT_INDEXES == (None, {})  # nothing outlives the call


def test_iter_links_memo_ends_with_the_iterator() -> None:
    """A lazy iter_links keeps the memo while it runs and drops it when done or closed; a
    call on another text meanwhile takes the memo, and both still get their links."""
    text = spelt_archive(3) + "see example.org\n"
    other = "the peps at python.org process\n"
    it = apply.iter_links(text, policy=REC)
    first = next(it)
    assert context._MEMO[0] is text
    assert [lk.text for lk in apply.find_links(other, policy=REC)] == ["python.org"]
    assert [first.text, *(lk.text for lk in it)] == [lk.text for lk in apply.find_links(text, policy=REC)]
    assert context._MEMO == (None, None)
    it = apply.iter_links(text, policy=REC)
    next(it)
    it.close()  # type: ignore[attr-defined]
    assert context._MEMO == (None, None) and context._TEXT_INDEXES == (None, {})
