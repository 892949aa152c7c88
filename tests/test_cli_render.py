"""The command line's compiled output writer (``uts58_icu/_clirender.c``) against its
Python reference (``cli._write_batch``), and the ``<a>`` cache of ``uts58 linkify``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from json.encoder import encode_basestring
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from uts58_icu import ACCELERATED, LinkPolicy, cli, find_links
from uts58_icu.core.detection import Link

REPO = Path(__file__).resolve().parent.parent

try:
    from uts58_icu._clirender import render
except ImportError:  # not built (pure install): the Python loops run, nothing to compare
    render = None

needs_writer = pytest.mark.skipif(render is None, reason="uts58_icu._clirender is not built")

MODES = {"marks": 0, "json": 1, "linkify": 2}

#: Text with links in several scripts and the characters each output escapes.
ALPHABET = st.sampled_from(
    list("ab.:/@-_?=#&<>\"'\\ \t\n\r\x00\x01\x1f\x7f%()[]")
    + ["é", "ß", "\xa0", "ü", "α", "ж", "香", "港", "😀", "\u2e20", "\u202e", "\ufeff", "\U0010ffff"]
    + ["example.com", "https://", "x.co", "b@c.de", "bücher.de", "xn--bcher-kva.de", "www.", ".org"]
)
TEXTS = st.lists(ALPHABET, max_size=40).map("".join)


def both(mode: str, text: str, links: list[Link], lo: int, hi: int, base: int, name: str = "f.txt") -> tuple[bytes | None, bytes]:
    head = '{"file": ' + encode_basestring(name) + ', "start": ' if mode == "json" else ""
    anchors = cli._anchors(links, ' rel="nofollow noopener"') if mode == "linkify" else None
    ours = render(MODES[mode], text, links, base if mode == "json" else lo, hi, head.encode(), anchors)
    ref = cli._write_batch(mode, text, links, lo, hi, base, head, anchors).encode("utf-8", "surrogatepass")
    return ours, ref


@needs_writer
@given(TEXTS, st.sampled_from(list(MODES)), st.booleans(), st.integers(0, 10**12))
def test_compiled_writer_is_the_python_one(text: str, mode: str, recommended: bool, base: int) -> None:
    """Every mode, on the links either policy finds in random text (escapes, NUL, CR,
    non-BMP characters, the marks themselves), gives the reference's bytes."""
    links = find_links(text, policy=LinkPolicy.recommended() if recommended else None)
    ours, ref = both(mode, text, links, 0, len(text), base)
    assert ours == ref


@needs_writer
@given(TEXTS, st.integers(0, 40), st.integers(0, 40), st.sampled_from(["marks", "linkify"]))
def test_compiled_writer_covers_lo_to_hi(text: str, a: int, b: int, mode: str) -> None:
    """A batch writes ``text[lo:hi]``: the gap before its first link starts at ``lo``,
    the text after its last link stops at ``hi``."""
    lo, hi = sorted((min(a, len(text)), min(b, len(text))))
    links = [lk for lk in find_links(text) if lo <= lk.start and lk.end <= hi]
    ours, ref = both(mode, text, links, lo, hi, 0)
    assert ours == ref


@needs_writer
@given(st.lists(st.tuples(st.text(max_size=12), st.text(max_size=12), st.text(max_size=6)), max_size=6), st.text(max_size=8))
def test_json_strings_escape_as_json_dumps(fields: list[tuple[str, str, str]], name: str) -> None:
    """Any str in a Link's text, href and kind (and the file name) is written as
    ``json.encoder.encode_basestring`` writes it; a lone surrogate gives None (the Python
    path then reports the encoding error)."""
    links = [Link(i, i + 1, kind, text, href) for i, (text, href, kind) in enumerate(fields)]  # type: ignore[arg-type]
    surrogate = any("\ud800" <= c <= "\udfff" for f in fields for s in f for c in s)
    head = ('{"file": ' + encode_basestring(name) + ', "start": ').encode("utf-8", "surrogatepass")
    ours = render(1, "", links, 7, 0, head, None)
    if surrogate:
        assert ours is None
        return
    ref = cli._write_batch("json", "", links, 0, 0, 7, head.decode("utf-8", "surrogatepass"), None)
    assert ours == ref.encode("utf-8", "surrogatepass")
    for line, link, (text, href, kind) in zip(ours.decode().split("\n"), links, fields):
        record = json.loads(line)
        assert record == {"file": name, "start": link.start + 7, "end": link.end + 7, "kind": kind, "text": text, "href": href}


@needs_writer
def test_a_lone_surrogate_gives_none() -> None:
    text = "see example.com \ud800 now"
    links = find_links(text)
    assert render(0, text, links, 0, len(text), b"", None) is None
    assert render(2, text, links, 0, len(text), b"", cli._anchors(links, "")) is None


@needs_writer
def test_bad_arguments_raise() -> None:
    text = "a example.com b"
    links = find_links(text)
    with pytest.raises(TypeError):
        render(0, text, tuple(links), 0, len(text), b"", None)
    with pytest.raises(ValueError):
        render(3, text, links, 0, len(text), b"", None)
    with pytest.raises(ValueError):
        render(0, text, links, 0, len(text) + 1, b"", None)
    with pytest.raises(ValueError):  # a link outside [lo, hi]
        render(0, text, links, 5, len(text), b"", None)
    with pytest.raises(ValueError):  # out of order
        render(0, text, links + links, 0, len(text), b"", None)
    with pytest.raises(ValueError):  # not one anchor per link
        render(2, text, links, 0, len(text), b"", [])
    with pytest.raises(TypeError):
        render(2, text, links, 0, len(text), b"", [b"<a>"])
    with pytest.raises(AttributeError):
        render(1, text, [object()], 0, 0, b"", None)
    with pytest.raises(ValueError):  # a negative offset
        render(1, text, [Link(-2, 1, "url", "x", "h")], 0, 0, b"", None)
    with pytest.raises(ValueError):
        render(1, text, links, -1, 0, b"", None)
    with pytest.raises(TypeError):
        render(1, text, [Link(0, 1, "url", 5, "h")], 0, 0, b"", None)  # type: ignore[arg-type]


def _fresh_anchor(link: Link, attrs: str) -> str:
    import html

    return f'<a href="{html.escape(link.href, quote=True)}"{attrs}>{html.escape(link.display, quote=False)}</a>'


def test_anchor_cache_keeps_apart_what_display_depends_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two links with the same text but another ``punycode_host``, ``escape_invisibles``,
    ``kind`` or ``href`` get their own ``<a>``; a full cache is emptied, not wrong."""
    monkeypatch.setattr(cli, "_ANCHOR_CACHES", {})
    monkeypatch.setattr(cli, "_ANCHOR_CACHE_SIZE", 3)
    text = "https://xn--bcher-kva.de/a\U0001f468\u200d\U0001f469b"  # a ZWJ only strict display escapes
    base = Link(0, len(text), "url", text, "https://xn--bcher-kva.de/a%F0%9F%91%A8%E2%80%8D%F0%9F%91%A9b")
    links = [
        base,
        Link(0, len(text), "url", text, base.href, punycode_host=True),
        Link(0, len(text), "url", text, base.href, escape_invisibles=True),
        Link(0, len(text), "url", text, "https://xn--bcher-kva.de/other"),
        base,
    ]
    for attrs in ("", ' rel="x"'):
        got = cli._anchors(links * 3, attrs)
        assert got == [_fresh_anchor(lk, attrs) for lk in links * 3]
    assert len({*got}) == 4  # the four differ
    assert all(len(c) <= 3 for c in cli._ANCHOR_CACHES.values())


def _run(args: list[str], data: bytes, pure: bool) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONPATH": str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    env.pop("PYTHONIOENCODING", None)
    if pure:
        env["UTS58_PURE_PYTHON"] = "1"
        env.pop("UTS58_REQUIRE_ACCELERATED", None)  # set by the compiled envs; this run is pure on purpose
    return subprocess.run([sys.executable, "-m", "uts58_icu", *args], input=data, capture_output=True, env=env, cwd=REPO, timeout=120)


SAMPLE = (
    "See example.com/αβγ. And bücher.de! <b>x.com?a=1&b=2</b>\r\n"
    "Mail σωκράτης@example.gr or https://ja.wikipedia.org/wiki/アルベルト?\n"
    "tab\tx.co\x01 \"q\" 'a' \\ https://example.com/a_(b) 😀 x.香港\n"
    + "word example.org/" * 3000 + "\n"  # more than one batch of links
).encode()


@pytest.mark.skipif(not ACCELERATED or render is None, reason="the compiled writer is not in use")
@pytest.mark.parametrize("args", [["detect"], ["detect", "--json"], ["linkify"], ["linkify", "--policy", "base", "--target", "_blank"]])
def test_the_command_line_writes_what_the_pure_path_writes(args: list[str]) -> None:
    compiled, pure = _run(args, SAMPLE, False), _run(args, SAMPLE, True)
    assert compiled.returncode == pure.returncode == 0, compiled.stderr + pure.stderr
    assert compiled.stdout == pure.stdout
    assert compiled.stdout.count(b"example.org/") >= 3000  # (and in each href with --json)


def test_not_utf8_output_takes_the_python_path() -> None:
    """Standard output in another encoding: the text is encoded in it, as before (and an
    unencodable character is one clear line and exit 2)."""
    env = {**os.environ, "PYTHONPATH": str(REPO), "PYTHONIOENCODING": "latin-1"}
    args = [sys.executable, "-m", "uts58_icu", "linkify", "--rel", ""]
    ok = subprocess.run(args, input="é example.com\n".encode(), capture_output=True, env=env, timeout=120)
    assert ok.returncode == 0, ok.stderr
    assert ok.stdout == b'\xe9 <a href="https://example.com">example.com</a>\n'
    bad = subprocess.run(args, input="香 example.com\n".encode(), capture_output=True, env=env, timeout=120)
    assert bad.returncode == 2 and b"Traceback" not in bad.stderr and len(bad.stderr.splitlines()) == 1


@needs_writer
def test_a_link_attribute_that_empties_the_list_does_not_crash_the_writer() -> None:
    """The writer works on a copy of the lists: a link whose attribute runs code that
    empties them cannot make it read a freed item."""
    text = "a example.com b x.org c"
    links: list[object] = []
    anchors: list[str] = []

    class Emptying:
        def __init__(self, link: Link) -> None:
            self.start, self.end, self.kind, self.href = link.start, link.end, link.kind, link.href

        @property
        def text(self) -> str:
            links.clear()
            anchors.clear()
            return text[self.start : self.end]

    for mode in (0, 1, 2):
        links[:] = [Emptying(lk) for lk in find_links(text)]
        anchors[:] = ["<a>", "<a>"]
        out = render(mode, text, links, 0, len(text), b"{", anchors if mode == 2 else None)
        assert out == (b"a <a> b <a> c" if mode == 2 else b"a \xe2\xb8\xa0example.com\xe2\xb8\xa1 b \xe2\xb8\xa0x.org\xe2\xb8\xa1 c" if mode == 0 else out)
        assert mode != 1 or out.count(b"{") == 2 and b'"text": "x.org"' in out  # one head a record
