"""The ``uts58`` command line, run as ``python -m uts58_icu`` in a subprocess."""

from __future__ import annotations

import html.parser
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from uts58_icu import find_links
from uts58_icu.conformance import LINK_END, LINK_START

REPO = Path(__file__).resolve().parent.parent

SAMPLE = (
    "See example.com/αβγ. And bücher.de!\n"
    "Mail σωκράτης@example.gr or https://ja.wikipedia.org/wiki/アルベルト?\n"
    "no links here\n"
    "😀 x.香港 (https://example.com/a_(b))\n"
)


def env() -> dict[str, str]:
    e = dict(os.environ)
    e["PYTHONPATH"] = str(REPO) + os.pathsep + e.get("PYTHONPATH", "")
    e.pop("PYTHONIOENCODING", None)
    return e


def uts58(*args: str, stdin: bytes | str | None = None, timeout: float = 120) -> subprocess.CompletedProcess[bytes]:
    data = stdin.encode("utf-8") if isinstance(stdin, str) else stdin
    return subprocess.run(
        [sys.executable, "-m", "uts58_icu", *args],
        input=data if data is not None else b"",
        capture_output=True,
        cwd=REPO,
        env=env(),
        timeout=timeout,
    )


def out(proc: subprocess.CompletedProcess[bytes]) -> str:
    return proc.stdout.decode("utf-8")


def marked(text: str) -> str:
    pieces, pos = [], 0
    for link in find_links(text):
        pieces += [text[pos : link.start], LINK_START, link.text, LINK_END]
        pos = link.end
    pieces.append(text[pos:])
    return "".join(pieces)


def expected_marked(text: str) -> str:
    return "".join(marked(line) for line in text.splitlines(keepends=True))


# ---------------------------------------------------------------------------
# detect
# ---------------------------------------------------------------------------


def test_detect_stdin() -> None:
    proc = uts58("detect", stdin=SAMPLE)
    assert proc.returncode == 0, proc.stderr
    assert out(proc) == expected_marked(SAMPLE)
    assert "⸠example.com/αβγ⸡." in out(proc)
    assert "⸠σωκράτης@example.gr⸡" in out(proc)


def test_detect_files_and_dash(tmp_path: Path) -> None:
    a = tmp_path / "a.txt"
    b = tmp_path / "b.txt"
    a.write_text("first example.com\n", encoding="utf-8")
    b.write_text("third bücher.de\nno newline at end: a@example.org", encoding="utf-8")
    stdin_text = "second https://example.org/x\n"
    proc = uts58("detect", str(a), "-", str(b), stdin=stdin_text)
    assert proc.returncode == 0, proc.stderr
    whole = a.read_text("utf-8") + stdin_text + b.read_text("utf-8")
    assert out(proc) == expected_marked(whole)
    lines = out(proc).splitlines()
    assert lines[0] == "first ⸠example.com⸡"
    assert lines[1] == "second ⸠https://example.org/x⸡"
    assert lines[2] == "third ⸠bücher.de⸡"
    assert lines[3] == "no newline at end: ⸠a@example.org⸡"


def test_detect_json_offsets_are_code_points_per_file(tmp_path: Path) -> None:
    f = tmp_path / "more.txt"
    f.write_text("😀😀 tail 𝔘 example.net/𝔘\n", encoding="utf-8")
    proc = uts58("detect", "--json", "-", str(f), stdin=SAMPLE)
    assert proc.returncode == 0, proc.stderr
    objs = [json.loads(line) for line in out(proc).splitlines()]
    expected = []
    for name, whole in (("-", SAMPLE), (str(f), f.read_text("utf-8"))):
        offset = 0
        for line in whole.splitlines(keepends=True):
            for link in find_links(line):
                expected.append((name, offset + link.start, offset + link.end, link.kind, link.text, link.href))
            offset += len(line)
    assert [(o["file"], o["start"], o["end"], o["kind"], o["text"], o["href"]) for o in objs] == expected
    assert len(objs) >= 7
    texts = {"-": SAMPLE, str(f): f.read_text("utf-8")}
    for o in objs:
        assert set(o) >= {"file", "start", "end", "kind", "text", "href"}
        assert texts[o["file"]][o["start"] : o["end"]] == o["text"]
    assert any(o["kind"] == "email" for o in objs)
    assert objs[-1]["text"] == "example.net/𝔘"  # after astral characters: code points, not UTF-16
    assert (objs[-1]["start"], objs[-1]["end"]) == (10, 23)  # counted from the start of its file


def test_detect_files_are_not_joined(tmp_path: Path) -> None:
    """Issue 9 item 12: a link never spans two files."""
    f1, f2 = tmp_path / "f1", tmp_path / "f2"
    f1.write_bytes(b"mail bob@example")
    f2.write_bytes(b".com/x\n")
    proc = uts58("detect", str(f1), str(f2))
    assert proc.returncode == 0, proc.stderr
    assert out(proc) == "mail bob@example.com/x\n"  # no ⸠…⸡ across the files
    assert marked("mail bob@example.com/x\n") != out(proc)  # joined, it would be linked
    proc = uts58("detect", "--json", str(f1), str(f2))
    assert out(proc) == ""
    # The same file twice: offsets restart at 0 for each.
    f3 = tmp_path / "f3"
    f3.write_text("a x.com\n", encoding="utf-8")
    proc = uts58("detect", "--json", str(f3), str(f3))
    objs = [json.loads(line) for line in out(proc).splitlines()]
    assert [(o["file"], o["start"], o["end"]) for o in objs] == [(str(f3), 2, 7)] * 2


def test_good_lines_before_invalid_utf8_are_written() -> None:
    """Issue 10: the valid first line is not lost."""
    proc = uts58("detect", stdin=b"ok example.com\nbad \xff x.com\n")
    assert proc.returncode == 2
    assert out(proc) == "ok ⸠example.com⸡\n"
    assert "byte offset 19" in proc.stderr.decode("utf-8")
    proc = uts58("detect", "--json", stdin=b"ok example.com\nbad \xff x.com\n")
    assert proc.returncode == 2
    assert [json.loads(x)["text"] for x in out(proc).splitlines()] == ["example.com"]
    proc = uts58("linkify", stdin=b"ok example.com\nbad \xff x.com\n")
    assert proc.returncode == 2
    assert out(proc) == 'ok <a href="https://example.com" rel="nofollow noopener">example.com</a>\n'


def test_good_files_before_a_bad_one_are_written(tmp_path: Path) -> None:
    good, bad = tmp_path / "good.txt", tmp_path / "bad.txt"
    good.write_text("a x.com\n", encoding="utf-8")
    bad.write_bytes(b"b y.com\n\xc3(\n")
    proc = uts58("detect", str(good), str(bad))
    assert proc.returncode == 2
    assert out(proc) == "a ⸠x.com⸡\nb ⸠y.com⸡\n"
    assert f"{bad}: invalid UTF-8 at byte offset 8" in proc.stderr.decode("utf-8")


def test_detect_json_non_ascii_is_not_escaped() -> None:
    proc = uts58("detect", "--json", stdin="bücher.de\n")
    assert proc.returncode == 0
    assert '"text": "bücher.de"' in out(proc)


# ---------------------------------------------------------------------------
# linkify
# ---------------------------------------------------------------------------


class _Tags(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.data: list[str] = []

    def handle_starttag(self, tag, attrs):  # type: ignore[no-untyped-def]
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data):  # type: ignore[no-untyped-def]
        self.data.append(data)


def test_linkify_escapes_html() -> None:
    text = '<script>alert("x")</script> & \'q\' example.com/?a="b"&c=<d>\n'
    proc = uts58("linkify", stdin=text)
    assert proc.returncode == 0, proc.stderr
    got = out(proc)
    assert "<script>" not in got
    assert "&lt;script&gt;" in got
    p = _Tags()
    p.feed(got)
    p.close()
    assert [t for t, _ in p.tags] == ["a"]
    attrs = p.tags[0][1]
    assert attrs["href"] is not None and attrs["href"].startswith("https://example.com/")
    assert attrs["rel"] == "nofollow noopener"
    assert "target" not in attrs
    assert "".join(p.data).startswith('<script>alert("x")</script> & \'q\' ')


def test_linkify_rel_and_target() -> None:
    proc = uts58("linkify", "--rel", 'ugc "x"', "--target", "_blank", stdin="example.com\n")
    assert proc.returncode == 0, proc.stderr
    assert out(proc) == (
        '<a href="https://example.com" rel="ugc &quot;x&quot;" target="_blank">example.com</a>\n'
    )
    proc = uts58("linkify", "--rel", "", stdin="example.com\n")
    assert out(proc) == '<a href="https://example.com">example.com</a>\n'


def test_linkify_files(tmp_path: Path) -> None:
    f = tmp_path / "in.txt"
    f.write_text("a <b> example.org\n", encoding="utf-8")
    proc = uts58("linkify", str(f), str(f))
    assert proc.returncode == 0, proc.stderr
    line = 'a &lt;b&gt; <a href="https://example.org" rel="nofollow noopener">example.org</a>\n'
    assert out(proc) == line * 2


# ---------------------------------------------------------------------------
# Input errors
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["detect", "linkify"])
def test_invalid_utf8_exit_2_with_byte_offset(command: str) -> None:
    data = "line one example.com\nαβ ".encode() + b"\xff\xfe rest\n"
    bad_at = data.index(b"\xff")
    proc = uts58(command, stdin=data)
    assert proc.returncode == 2
    err = proc.stderr.decode("utf-8")
    assert f"byte offset {bad_at}" in err, err
    assert "<stdin>" in err
    assert "Traceback" not in err


def test_invalid_utf8_in_file_names_the_file(tmp_path: Path) -> None:
    f = tmp_path / "bad.txt"
    f.write_bytes(b"ok\n\xc3(")
    proc = uts58("detect", str(f))
    assert proc.returncode == 2
    err = proc.stderr.decode("utf-8")
    assert str(f) in err and "byte offset 3" in err, err


@pytest.mark.parametrize("command", ["detect", "linkify"])
def test_errors_replace(command: str) -> None:
    data = b"see example.com/\xff x\n"
    proc = uts58(command, "--errors=replace", stdin=data)
    assert proc.returncode == 0, proc.stderr
    assert "\ufffd" in out(proc)
    assert "example.com/\ufffd" in out(proc)


def test_missing_file_exit_2(tmp_path: Path) -> None:
    missing = tmp_path / "does-not-exist.txt"
    proc = uts58("detect", str(missing))
    assert proc.returncode == 2
    err = proc.stderr.decode("utf-8")
    assert str(missing) in err
    assert "No such file" in err or "cannot read" in err
    assert "Traceback" not in err


def test_directory_as_file_exit_2(tmp_path: Path) -> None:
    proc = uts58("detect", str(tmp_path))
    assert proc.returncode == 2
    err = proc.stderr.decode("utf-8")
    assert str(tmp_path) in err and "Traceback" not in err


# ---------------------------------------------------------------------------
# Help, props, usage
# ---------------------------------------------------------------------------


def test_help_lists_every_subcommand() -> None:
    proc = uts58("--help")
    assert proc.returncode == 0
    text = out(proc)
    for command in ("props", "detect", "linkify", "conformance", "format"):
        assert command in text, command


def test_props_question_mark() -> None:
    proc = uts58("props", "?")
    assert proc.returncode == 0, proc.stderr
    assert out(proc).startswith("U+003F\tQUESTION MARK\tLink_Term=Soft")


def test_props_bad_argument_exit_2() -> None:
    proc = uts58("props", "ab")
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr.decode("utf-8")


def test_no_subcommand_exit_2() -> None:
    proc = uts58()
    assert proc.returncode == 2
    assert "usage" in proc.stderr.decode("utf-8").lower()


def test_unknown_subcommand_exit_2() -> None:
    proc = uts58("nonsense")
    assert proc.returncode == 2


def test_format_urls_with_e() -> None:
    proc = uts58("format", "-e", "https://xn--bcher-kva.de/b%C3%BCcher", "--url", "a.com/%7E")
    assert proc.returncode == 0, proc.stderr
    assert out(proc) == "https://bücher.de/bücher\na.com/%7E\n"


# ---------------------------------------------------------------------------
# Broken pipe
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["detect", "linkify"])
def test_broken_pipe_no_traceback(tmp_path: Path, command: str) -> None:
    """``uts58 detect big.txt | head -1``: no traceback, no 'Exception ignored'."""
    big = tmp_path / "big.txt"
    line = "Some text with example.com/path and a@example.org, more text here.\n"
    big.write_text(line * 200_000, encoding="utf-8")  # ~13 MB, far above any pipe buffer
    proc = subprocess.Popen(
        [sys.executable, "-m", "uts58_icu", command, str(big)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=REPO,
        env=env(),
    )
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    assert first
    proc.stdout.close()  # like `head -1` exiting
    err = proc.stderr.read().decode("utf-8", "replace")
    code = proc.wait(timeout=120)
    assert "Traceback" not in err and "BrokenPipe" not in err and "Exception ignored" not in err, err
    assert code in (0, 1, -13, 120, 141), code  # never a crash: 0, or SIGPIPE-like


def test_broken_pipe_shell(tmp_path: Path) -> None:
    big = tmp_path / "big.txt"
    big.write_text("x example.com y\n" * 300_000, encoding="utf-8")
    cmd = f'"{sys.executable}" -m uts58_icu detect "{big}" | head -1'
    proc = subprocess.run(cmd, shell=True, capture_output=True, cwd=REPO, env=env(), timeout=120)
    assert proc.stdout.decode("utf-8") == "x ⸠example.com⸡ y\n"
    assert b"Traceback" not in proc.stderr, proc.stderr
    assert proc.stderr == b""


# ---------------------------------------------------------------------------
# Memory (issue 9 item 13)
# ---------------------------------------------------------------------------

_PEAK = (
    "import resource, sys, runpy\n"
    "sys.argv = ['uts58'] + sys.argv[1:]\n"
    "try:\n"
    "    runpy.run_module('uts58_icu', run_name='__main__')\n"
    "except SystemExit:\n"
    "    pass\n"
    "sys.stderr.write('PEAK %d\\n' % resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)\n"
)


def _peak_kib(path: Path, *args: str) -> int:
    proc = subprocess.run(
        [sys.executable, "-c", _PEAK, *args, str(path)],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=REPO, env=env(), timeout=300,
    )
    err = proc.stderr.decode()
    assert "PEAK" in err and "Traceback" not in err, err
    return int(err.rsplit("PEAK", 1)[1])


@pytest.mark.skipif(sys.platform != "linux", reason="ru_maxrss in KiB is Linux's unit")
@pytest.mark.parametrize("mode", [(), ("--json",)])
def test_one_long_line_with_many_links_streams(tmp_path: Path, mode: tuple[str, ...]) -> None:
    """One 2 MB line with 333,333 links: peak memory stays within ~5x the input
    (before: every Link of the line at once, 60x the input)."""
    small, big = tmp_path / "small.txt", tmp_path / "big.txt"
    small.write_text("x.com\n", encoding="utf-8")
    big.write_text("x.com " * 333_333 + "\n", encoding="utf-8")
    base = _peak_kib(small, "detect", *mode)  # interpreter, ICU, patterns, TLDs
    peak = _peak_kib(big, "detect", *mode)
    size_kib = big.stat().st_size // 1024
    assert peak - base <= 5 * size_kib, (peak, base, size_kib)
