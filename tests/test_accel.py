"""The compiled core (``uts58_icu.core._speedups``) against the pure-Python reference.

Differential: the same input goes to both paths and the ``Link`` lists must be equal,
field by field (``Link.__eq__`` compares every field), with the same class, hash and
pickle. Inputs: Hypothesis-generated hostile strings (six properties; the "ci" profile
runs 2,000 examples each, 12,000 in all), every LinkDetectionTest.txt line, every
LinkFormattingTest.txt source, the two benchmark corpora and hostile shapes (10 MB of
"(", 1 MB tokens, lone surrogates, astral characters).

These tests load the compiled module even where ``UTS58_PURE_PYTHON=1`` makes the
library use the pure path; they skip where it was not built (a ``CC=false`` install),
unless ``UTS58_REQUIRE_ACCELERATED=1`` (set by the accelerated tox envs) says it must
be there.
"""

from __future__ import annotations

import dataclasses
import os
import pickle
import subprocess
import sys
from collections.abc import Callable, Collection
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from test_fuzz import FRAGMENTS, any_char, any_text, link_like, targeted_text, url_text

import uts58_icu
from uts58_icu.core import _accel, detection
from uts58_icu.core.email import _email_start
from uts58_icu.core.termination import _terminate
from uts58_icu.core.tlds import default_tlds

ROOT = Path(__file__).resolve().parent.parent

_compiled = _accel.compiled_module()
if _compiled is None and os.environ.get("UTS58_REQUIRE_ACCELERATED", "") not in ("", "0"):
    raise RuntimeError("UTS58_REQUIRE_ACCELERATED is set but uts58_icu.core._speedups is not built")
needs_compiled = pytest.mark.skipif(_compiled is None, reason="the compiled core is not built")


def _c() -> ModuleType:
    assert _compiled is not None
    return _compiled


Options = detection.ScanOptions


def pure(text: str, tlds: Collection[str] | None = None, opts: Options = detection.DEFAULT_OPTIONS) -> list[detection.Link]:
    return list(detection._scan(text, detection.tld_set(tlds), None, opts))


def fast(text: str, tlds: Collection[str] | None = None, opts: Options = detection.DEFAULT_OPTIONS) -> list[detection.Link]:
    use = detection.tld_set(tlds)
    if opts is detection.DEFAULT_OPTIONS:
        links: list[detection.Link] = _c().scan(text, use)
    else:
        links = _c().scan(text, use, opts.emails, opts.schemeless, opts.schemes, opts.dotless_hosts)
    return links


def same(
    text: str, tlds: Collection[str] | None = None, opts: Options = detection.DEFAULT_OPTIONS
) -> list[detection.Link]:
    """Both paths on ``text``: identical Links (fields, class, hash, pickle)."""
    expected = pure(text, tlds, opts)
    got = fast(text, tlds, opts)
    assert got == expected, (text, got, expected)
    for a, b in zip(got, expected):
        assert type(a) is detection.Link and type(b) is detection.Link
        fields = [f.name for f in dataclasses.fields(detection.Link)]
        assert [getattr(a, f) for f in fields] == [getattr(b, f) for f in fields]
        assert hash(a) == hash(b)
        assert pickle.loads(pickle.dumps(a)) == a
    return got


#: Scan options (every option of ScanOptions is handled by the compiled core).
OPTIONS = [
    detection.DEFAULT_OPTIONS,
    detection.scan_options(emails=False),
    detection.scan_options(schemeless=False),
    detection.scan_options(schemes=("ssh", "git+https", "irc", "file", "x-y.z")),
    detection.scan_options(emails=False, schemeless=False, schemes=("HTTPX",)),
    detection.scan_options(dotless_hosts=("localhost", "intranet", "例え", "xn--r8jz45g")),
]
options = st.sampled_from(OPTIONS)


# ---------------------------------------------------------------------------
# Hypothesis: hostile strings (6 properties; 2,000 examples each under "ci")
# ---------------------------------------------------------------------------

#: Pieces that steer the scan into every branch: schemes glued to text, ports, '@',
#: brackets, separators of every width, the case-folding scheme letters (U+017F …).
HOSTILE = FRAGMENTS + [
    "httpſ://", "HTTPſ://", "ſ", "K", "İ", "ı", "http://", "https://a.com", "://", "//", ":/",
    ":65535", ":65536", ":00080", ":123456", "::", "@@", "a@b.com", "mailto:x@y.com", ".@", "@.",
    "user@", "http://user@", "http://1.2.3.4", "http://[::1]", "https://10.0.0.256", "1.2.3.4",
    "xn--", "xn--bcher-kva", "ab--c.com", "-.com", "a-.com", ".com", "com.", "。", "．", "｡",
    "...", "\ufe0f", "\u00ad", "://[", "[::1]:80", "[1:2:3:4:5:6:7:8]", "ftp://", "wss://", "ws:",
    "ssh://", "git+https://", "1.http://", "http://localhost", "LOCALHOST", "intranet", "例え", "xn--r8jz45g", "http://例え/", "foo-http://", ":0080", ":00000000080", "a.com:80x",
    "\\", "\"", "<a@b.com>", "http://[::1]é.com", "http://[::1].", "http://a.com:/x", ":/", ":?", ":#", "ptmcg.gm+pyparsing@gmail.com", "255.255.255.255", "01.2.3.4",
    ":~:", "#:~:text=a", "?a=b&c", "(((", ")))", "[[", "]]", "{", "}", "<", ">", "\u2329", "\u232a",
    "\U0001d518", "\U00010000", "\U0010ffff", "\ud83d", "\ude00", "例", "テスト", "中国", "рф",
]
hostile_piece = st.sampled_from(HOSTILE) | st.text(any_char, max_size=3)
hostile_text = st.lists(hostile_piece | link_like, max_size=24).map("".join)
email_text = st.lists(
    st.sampled_from(["a", "b.c", "x+y", "..", ".", "@", "mailto:", "例", "σ", "/", "//", "http:", "https:",
                     "example.com", "b.org", "ex.香港", " ", "\t", "!", "#", "'", "%", "é", "ß"]),
    max_size=20,
).map("".join)
astral_text = st.lists(
    st.sampled_from(["a", ".", "/", "(", ")", "@", "\U0001d518", "\U0001f600", "\U00020000", "\ud800",
                     "\udfff", "com", ":", "?", "#", "http://", "。"]),
    max_size=40,
).map("".join)


@needs_compiled
@given(any_text)
def test_differential_any_text(text: str) -> None:
    same(text)


@needs_compiled
@given(targeted_text)
@example("httpſ://example.com/x")
@example("Ahttps://example.com")
@example("http://user@example.com")
@example("mailto:a@b.com.")
@example("x com.\u200d@@")
@example("com.\u200d")
def test_differential_targeted(text: str) -> None:
    same(text)


@needs_compiled
@given(hostile_text, options)
def test_differential_hostile(text: str, opts: Options) -> None:
    same(text, None, opts)


@needs_compiled
@given(url_text)
def test_differential_url_tails(text: str) -> None:
    same(text)


@needs_compiled
@given(email_text, options)
def test_differential_emails(text: str, opts: Options) -> None:
    same(text, None, opts)


@needs_compiled
@given(astral_text, st.sampled_from([None, ["com"], {"org", "香港"}, frozenset(), ("COM", ".com", "xn--j6w193g")]))
def test_differential_astral_and_tlds(text: str, tlds: Collection[str] | None) -> None:
    same(text, tlds)


@needs_compiled
@given(st.lists(hostile_piece, max_size=20).map("".join), st.data())
def test_differential_terminate_and_email_start(text: str, data: st.DataObject) -> None:
    start = data.draw(st.integers(0, len(text)))
    assert _c().terminate(text, start) == _terminate(text, start)
    for at in [i for i, ch in enumerate(text) if ch == "@"]:
        assert _c().email_start(text, at) == _email_start(text, at)


# ---------------------------------------------------------------------------
# Unicode's test files and the benchmark corpora
# ---------------------------------------------------------------------------


def _lines(path: Path) -> list[str]:
    with open(path, encoding="utf-8") as f:
        return [line.rstrip("\n") for line in f if line.strip() and not line.startswith("#")]


@needs_compiled
def test_differential_link_detection_test_file(published: Callable[[str], Path]) -> None:
    lines = _lines(published("LinkDetectionTest.txt"))
    assert len(lines) == 344
    for line in lines:
        source = line.replace("\u2e20", "").replace("\u2e21", "")
        for opts in OPTIONS:
            same(source, None, opts)
        same(line)  # with the markers in, too


@needs_compiled
def test_differential_link_formatting_sources(published: Callable[[str], Path]) -> None:
    from uts58_icu.formatting_conformance import read_cases

    cases = read_cases(published("LinkFormattingTest.txt"))
    assert cases
    for case in cases:
        same(case.source)
        same(case.source + " " + case.source)


@needs_compiled
def test_differential_benchmark_corpora() -> None:
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        import corpus
    finally:
        sys.path.remove(str(ROOT / "bench"))
    total = 0
    for make in corpus.CORPORA.values():
        text = make(200_000)
        total += len(same(text))
    assert total > 1000


# ---------------------------------------------------------------------------
# Hostile shapes (memory safety: run under ASan/UBSan by .ci/sanitize.sh)
# ---------------------------------------------------------------------------

HOSTILE_SHAPES: list[tuple[str, Callable[[int], str]]] = [
    ("open parens after a URL", lambda n: "https://example.com/" + "(" * n),
    ("open parens", lambda n: "(" * n),
    ("one long token", lambda n: "a" * n + ".com"),
    ("long host run", lambda n: "a." * (n // 2) + "com"),
    ("long local-part", lambda n: "a" * n + "@example.com"),
    ("dots and ats", lambda n: ".@" * (n // 2)),
    ("lone surrogates", lambda n: ("\ud800x.com/\udfff" * n)[:n]),
    ("astral path", lambda n: "https://example.com/" + "\U0001f600" * n),
    ("astral hosts", lambda n: ("\U0001d518.com " * n)[:n]),
    ("schemes", lambda n: ("http://" * n)[:n]),
    ("ports", lambda n: ("a.com:" + "9" * 7 + " ") * (n // 14)),
    ("brackets past the limit", lambda n: "https://example.com/" + "([{" * (n // 3) + ")]}" * (n // 3)),
    ("fragment directives", lambda n: "https://example.com/#" + ":~:" * (n // 3)),
]


@needs_compiled
@pytest.mark.parametrize("name,make", HOSTILE_SHAPES, ids=[s[0] for s in HOSTILE_SHAPES])
def test_differential_hostile_shapes(name: str, make: Callable[[int], str]) -> None:
    same(make(20_000))


@needs_compiled
@pytest.mark.parametrize("name,make", HOSTILE_SHAPES, ids=[s[0] for s in HOSTILE_SHAPES])
def test_compiled_hostile_shapes_large(name: str, make: Callable[[int], str]) -> None:
    """1 MB of each shape through the compiled core alone (the reference would take long)."""
    text = make(1_000_000)
    links = fast(text)
    for link in links:
        assert 0 <= link.start < link.end <= len(text)
        assert text[link.start : link.end] == link.text


@needs_compiled
def test_compiled_ten_megabytes_of_open_parens() -> None:
    text = "https://example.com/" + "(" * 10_000_000
    (link,) = fast(text)
    assert link.end == len("https://example.com/") + 125  # the bracket stack limit (§3.5.1 step 3)


@needs_compiled
@pytest.mark.parametrize("kind", ["latin-1", "ucs-2", "ucs-4"])
def test_every_str_kind(kind: str) -> None:
    """The same ASCII links in a 1-, 2- and 4-byte-per-code-point str."""
    widen = {"latin-1": "é", "ucs-2": "例", "ucs-4": "\U0001f600"}[kind]
    text = f"{widen} see https://example.com/a_(b)?q=1#x and mail bob@example.org. {widen}"
    links = same(text)
    assert [link.text for link in links] == ["https://example.com/a_(b)?q=1#x", "bob@example.org"]


@pytest.mark.parametrize(
    "text,expected",
    [
        # Found by the fuzz tests: a negative start in str.startswith counts from the end,
        # so a text ending in "//" or "://" changed what was linked at its start.
        ("0@0.AL//", ["0@0.AL"]),
        ("a.com...b //", ["a.com"]),
        ("1.2.3.4 ://", []),
    ],
)
def test_text_end_does_not_change_its_start(text: str, expected: list[str]) -> None:
    for find in (pure, fast) if _compiled is not None else (pure,):
        assert [link.text for link in find(text)] == expected
        assert [link.text for link in find(" " + text + " ")] == expected


# ---------------------------------------------------------------------------
# The dispatcher, the public flag and its errors
# ---------------------------------------------------------------------------


def test_accelerated_flag_matches_the_path() -> None:
    assert isinstance(uts58_icu.ACCELERATED, bool)
    assert uts58_icu.ACCELERATED is _accel.ACCELERATED
    forced_pure = os.environ.get("UTS58_PURE_PYTHON", "").strip() not in ("", "0")
    assert uts58_icu.ACCELERATED == (_compiled is not None and not forced_pure)
    assert (_accel.scanner() is not None) == uts58_icu.ACCELERATED


def _same_package_env(**extra: str) -> dict[str, str]:
    """An environment whose ``import uts58_icu`` finds the package these tests import."""
    here = str(Path(uts58_icu.__file__).resolve().parent.parent)
    path = os.pathsep.join(p for p in (here, os.environ.get("PYTHONPATH", "")) if p)
    return dict(os.environ, PYTHONPATH=path, **extra)


def test_pure_python_env_forces_the_pure_path(tmp_path: Path) -> None:
    code = "import uts58_icu; print(uts58_icu.ACCELERATED)"
    env = _same_package_env(UTS58_PURE_PYTHON="1", UTS58_REQUIRE_ACCELERATED="0")
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True, cwd=tmp_path
    )
    assert out.stdout.strip() == "False"


def test_version_names_the_path(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "uts58_icu", "--version"],
        env=_same_package_env(), capture_output=True, text=True, check=True, cwd=tmp_path,
    )
    assert ("compiled core" if uts58_icu.ACCELERATED else "pure Python") in out.stdout


@needs_compiled
def test_compiled_errors_are_clear() -> None:
    with pytest.raises(TypeError):
        _c().scan(b"example.com", default_tlds())
    with pytest.raises(TypeError):
        _c().scan("example.com", None, True, True, detection.SPECIAL_SCHEMES, (), "one too many")
    with pytest.raises(TypeError):
        _c().scan()
    assert _c().scan("see example.com") == _c().scan("see example.com", default_tlds()) == pure("see example.com")


@needs_compiled
def test_links_are_not_tracked_by_the_cyclic_gc() -> None:
    """The core's Links hold only ints, strs, bools and the empty tuple, so it leaves them
    out of the cyclic GC (no cycle can run through one); they still compare, hash, pickle,
    ``dataclasses.replace`` and free like the pure path's, and a Link that gets a container
    (``replace`` with a spoof tuple) is a new, tracked object."""
    import gc
    import weakref

    from uts58_icu import LinkPolicy
    from uts58_icu.linkification import _gate, apply

    text = "see https://example.com/x, jane@example.org and пример.рф/путь"
    saved, _gate.scan_gated = _gate.scan_gated, _c().scan_gated  # also on the pure path
    try:
        args = apply._fast_args(LinkPolicy.recommended())
    finally:
        _gate.scan_gated = saved
    assert args is not None
    gated = _c().scan_gated(*args, text)
    assert type(gated) is list  # no suspects: every Link is the core's
    for links in (_c().scan(text), gated):
        assert len(links) == 3
        assert not any(gc.is_tracked(x) for x in links)
        for f in dataclasses.fields(detection.Link):
            for x in links:
                assert type(getattr(x, f.name)) in (int, str, bool, tuple)
                assert getattr(x, f.name) == () or type(getattr(x, f.name)) is not tuple
    (link,) = _c().scan("see https://example.com/x")
    changed = dataclasses.replace(link, spoof=("mixed-script",))
    assert gc.is_tracked(changed) and changed != link
    assert dataclasses.replace(changed, spoof=()) == link
    # a cycle through a list that holds untracked Links is still collected
    class Holder(list):  # type: ignore[type-arg]
        pass

    holder = Holder([link])
    holder.append(holder)
    ref = weakref.ref(holder)
    del holder
    gc.collect()
    assert ref() is None
    assert pure("see https://example.com/x") == [link]


@needs_compiled
def test_links_are_built_without_calling_the_class() -> None:
    """The core fills Link's slots directly (every field, defaults included)."""
    assert _c().fast_links()
    (link,) = _c().scan("see https://example.com/x")
    assert link == detection.Link(4, 25, "url", "https://example.com/x", "https://example.com/x")

    class Boom:
        def __contains__(self, item: Any) -> bool:
            raise KeyError("boom")

        def __iter__(self) -> Any:
            return iter(())

        def __len__(self) -> int:
            return 0

    with pytest.raises(KeyError):
        _c().scan("see example.com", Boom())
    with pytest.raises(ValueError):
        _c().terminate("abc", 4)
    with pytest.raises(ValueError):
        _c().email_start("abc", 3)


@needs_compiled
@pytest.mark.parametrize("space", ["\x1c", "\x1d", "\x1e", "\x1f", "\x85", "\u2028", "\u3000"])
def test_differential_python_whitespace_in_an_authority(space: str) -> None:
    """Found on Python 3.10 (the pure path's patterns use the regex package there, whose
    \\s lacks U+001C..U+001F): every str.isspace() character ends an authority on both paths."""
    assert space.isspace()
    for text in (f"http://{space}a@example.com", f"http://a{space}b@example.com", f"x{space}a@example.com"):
        same(text)
