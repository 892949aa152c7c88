"""The compiled gate of the §8 layer (``core/gate.c``, ``linkification/_gate.py``, issue 19)
against the Python rules alone.

The gate decides, per base link, that no rule of the policy can touch it (the link is
kept as it is), that a rule rejects it for sure (dropped), or that Python must look
(``linkification/apply.py``, ``context.py``, ``rules.py``). Differential: every entry
point gives the same ``Link``s, field by field, with the gate and without it, for
``recommended()`` and for random policies (Hypothesis), on hostile generated text, the
``bench/corpus.py`` corpora and, where they were built locally, the real-text corpora
(``bench/realtext*/out/docs``, or the directories in ``UTS58_REALTEXT_DIRS``);
``explain_notes`` gives the same notes. A per-link property checks the gate's verdicts
themselves: a link it keeps is what the rules return for it alone, a link it drops is
rejected by them.
"""

from __future__ import annotations

import dataclasses
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from test_fuzz import any_text, targeted_text, url_text

from uts58_icu.core import _accel
from uts58_icu.core.detection import find_links as base_find
from uts58_icu.linkification import _gate, apply
from uts58_icu.linkification.policy import LinkPolicy

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

import corpus  # noqa: E402

_compiled = _accel.compiled_module()
if _compiled is None and os.environ.get("UTS58_REQUIRE_ACCELERATED", "") not in ("", "0"):
    raise RuntimeError("UTS58_REQUIRE_ACCELERATED is set but uts58_icu.core._speedups is not built")
pytestmark = pytest.mark.skipif(_compiled is None, reason="the compiled core is not built")

R = LinkPolicy.recommended()
_NAMES = ("gate", "gate_reasons", "scan_gated", "cjk_cut_possible", "dotless_after_scheme")


@contextmanager
def gated(on: bool) -> Iterator[None]:
    """The layer with the compiled gate (on) or with the Python rules alone (off); the
    gate is taken from the compiled module even on the pure path (UTS58_PURE_PYTHON=1)."""
    saved = {n: getattr(_gate, n) for n in _NAMES}
    for n in _NAMES:
        setattr(_gate, n, getattr(_compiled, n) if on else None)
    apply._LAST_FAST = (None, None)
    try:
        yield
    finally:
        for n, v in saved.items():
            setattr(_gate, n, v)
        apply._LAST_FAST = (None, None)


def both(fn, *args, **kw):  # type: ignore[no-untyped-def]
    with gated(True):
        a = fn(*args, **kw)
    with gated(False):
        b = fn(*args, **kw)
    return a, b


def assert_same(text: str, policy: LinkPolicy, tlds: object = None) -> None:
    a, b = both(lambda: apply.find_links(text, policy=policy, tlds=tlds))  # type: ignore[arg-type]
    assert a == b, (text, [x for x in a if x not in b], [x for x in b if x not in a])
    assert [type(x) for x in a] == [type(x) for x in b]
    a, b = both(lambda: list(apply.iter_links(text, policy=policy, tlds=tlds)))  # type: ignore[arg-type]
    assert a == b
    a, b = both(lambda: apply.explain_notes(text, policy=policy, tlds=tlds))  # type: ignore[arg-type]
    assert a == b


def assert_verdicts(text: str, policy: LinkPolicy) -> None:
    """Each verdict of the gate is what the rules say about the link alone."""
    config = _gate.config(policy)
    if config is None:
        return
    links = base_find(text)
    reasons = _compiled.gate_reasons(text, links, config, True)  # type: ignore[union-attr]
    for link, why in zip(links, reasons):
        if why > 0:
            continue
        alone = list(apply._apply(text, (link,), policy, None, None, [0]))
        if why == 0:
            assert alone == [link], (text, link, alone)
        else:  # dropped by gate.c line -why
            assert alone == [], (text, link, -why, alone)


def assert_gate_parity(text: str, policy: LinkPolicy, *, skip: bool = True) -> None:
    """The compiled gate and the Python rules alone agree on ``text`` under ``policy``: the
    same ``Link``s and notes from every entry point (``assert_same``) and each verdict of
    the gate is the rules' (``assert_verdicts``). Without the compiled core there is no
    gate to compare with: the test is skipped, or, with ``skip=False`` (a test that has
    assertions of its own), nothing more is checked."""
    if _compiled is None:
        if skip:
            pytest.skip("the compiled core is not built")
        return
    assert_same(text, policy)
    assert_verdicts(text, policy)


# ------------------------------------------------------------------ the table


def test_every_policy_field_is_classified() -> None:
    """A new LinkPolicy field must be given a "suspect if" test in gate.c and listed in
    _gate.GATED, or listed in _gate.FALLBACK (or SCAN for a base-scan option)."""
    assert _gate.unclassified() == set()
    assert not (_gate.GATED & _gate.FALLBACK or _gate.GATED & _gate.SCAN or _gate.FALLBACK & _gate.SCAN)
    names = {f.name for f in dataclasses.fields(LinkPolicy)}
    assert _gate.GATED | _gate.FALLBACK | _gate.SCAN == names


def test_fallback_fields_turn_the_gate_off() -> None:
    assert _gate.config(R) is not None
    for name in _gate.FALLBACK:
        assert _gate.config(dataclasses.replace(R, **{name: True})) is None


def test_the_gate_keeps_most_links_of_prose() -> None:
    """The point of the gate: nearly every link of prose needs no Python."""
    for text in (corpus.ascii_corpus(200_000), corpus.multilingual_corpus(200_000)):
        links = base_find(text)
        mask = _compiled.gate(text, links, _gate.config(R), True)  # type: ignore[union-attr]
        to_python = sum(1 for m in (mask or b"") if m == 1)
        assert to_python < len(links) // 10


# ------------------------------------------------------------------ differential


@pytest.mark.parametrize("name", ["ascii", "multilingual"])
def test_corpora(name: str) -> None:
    text = corpus.CORPORA[name](300_000)
    assert_gate_parity(text, R)
    assert_same(text, R, tlds={"com", "org", "py", "md", "app", "io", "jp", "de"})


def _realtext_files() -> list[Path]:
    dirs = os.environ.get("UTS58_REALTEXT_DIRS")
    roots = [Path(d) for d in dirs.split(os.pathsep)] if dirs else sorted(ROOT.glob("bench/realtext*/out/docs"))
    return sorted(f for r in roots if r.is_dir() for f in r.rglob("*.txt"))


def test_real_text() -> None:
    files = _realtext_files()
    if not files:
        pytest.skip("no real-text corpus built here (bench/realtext*/out, or UTS58_REALTEXT_DIRS)")
    for f in files[:2000]:
        text = f.read_text(encoding="utf-8", errors="surrogatepass")
        assert_gate_parity(text, R)


# Pieces of text around links that the rules of recommended() look at.
CONTEXT = [
    " ", "\n", "\n\n", "\t", "  ", "(", ")", "[", "]", "<", ">", "{", "}", '"', "'", "`", "``", "*", "**", "_",
    "~", "=", "=\n", ";", ":", "::", "/", "\\", "$", "+", "!", "?", "?.", "&&", " = ", " == ", "return ",
    "const ", " at ", " AT ", " [at] ", " -at- ", "_at_", "@", "@</span>", "&#64;", "&lt;", "&gt;", "&quot;",
    "Message-ID: <", "References: ", "Received: from ", "From: ", "Reply-To: ", "> ", ">> ", "\n  ",
    "\n\t", "In article <", "ORCPT=rfc822;", "-!- ", "*** ", "[12:00] ", " has joined", " has quit",
    "(~", "[n=", "nick!", "visit ", "Website: ", "git+", "\u201c", "\u201d", "\u300c", "\u300d", "\u3002",
    "\u3001", "\uff0c", "\u306e", "\u3067\u3059", "\u4e2d\u6587", "\u30c6\u30b9\u30c8", "\ud55c\uad6d\uc5b4",
    "\u2068", "\u2069", "\u202c", "\u200f", "\u00ad", "\u0440\u0443\u0441",
    # rt's round-3 triggers: truncation, wrapped lines, X- headers (folded), logins, masks, code
    "\u2026", "\u2026 ", "https://groups.example.com/a/\n> ", "https://e.com/a-\n", "andrii@ke\n ",
    "X-Originating-IP: ", "X-Url: ", "X-ClientProxiedBy: x\n  ", "Reply To: ", "ssh ", "ssh -p 22 ",
    "scp f ", "rsync -a ", "*!*@", "foo*!~", "*.", "import ", "import static ", "package ", "using ",
    " -> ", " => ", "the ", " package", " module", " \u5305", "\u30e2\u30b8\u30e5\u30fc\u30eb",
    " dot ", " mailing list", "R-help at ", "&lt;/a&gt;", "<b>", "<a href=\"x\">", "\u0e20\u0e32\u0e29\u0e32",
    "\u1780\u17d2\u1798", "\u1019\u103c",
]
LINKS = [
    "https://example.com/a", "http://example.com/x?y=1#z", "https://example.jp/\u30d1\u30b9", "example.com",
    "www.example.org/docs", "bob@example.com", "mailto:bob@example.com", "mailto:list@example.org?subject=x",
    "setup.py", "README.md", "M.Sc.", "3.0.0.final", "com.example.Foo", "self.app", "input.id", "ASP.NET",
    "collections.abc", "bun.sh", "http://t.co/EvsvVeH\u2026", "http://t.co/\u2026", "Terminal.app",
    "bsky.app", "SC.FI.", "QA.PT", "java.io", "os.path", "a.prototype.b.com", "bob.domain.name.hidden.com",
    "dictserver.py/negtelnetserver.py", "example.org/d/msgid/x", "http://example.com&lt;/a&gt;", "docs.rs", "a.b.c", "xn--bcher-kva.de", "b\u00fccher.de", "\u0430\u0440\u0440\u04cf\u0435.com",
    "\u4f8b\u3048.\u30c6\u30b9\u30c8", "https://example.com/%E2%80%8F", "https://example.com/%s/x", "https://e.com/{owner}/r",
    "https://e.com/a.*", "http://localhost:8000/", "https://a.example/x<https://a.example/x>", "jo***1@gmail.com",
    "key=bob@example.org", "host!bob@example.org", "{a,b}@example.org", "git@example.org", "\u9023\u7d61\u306fbob@example.com",
    "https://example.com/path?", "example.info", "Example.COM", "debian.NEWS", "mail.example.co.uk", "1.2.3.4",
    "https://[::1]/", "https://example.com\u3044\u307e", "user@example.com.", "example.com:8080/x", "foo.bar.baz.qux",
]
hostile = st.lists(st.sampled_from(CONTEXT) | st.sampled_from(LINKS), max_size=14).map("".join)
# The shapes of rt's round-3 rules, denser than in ``hostile``: lines wrapped inside a URL
# or an address (quoted or folded), '…', X- headers, login commands, wildcard masks, import
# statements and unit-of-code words, escaped tags, spelt addresses, capital initials.
ROUND3 = [
    "\n", "\n> ", "\n>> ", "\n ", "\n\t", " ", "\r\n", "https://e.com/a/", "https://e.com/a-", "http://x.org/p?q=",
    "https://", "(https://", "bob@ke", "x@y", "\u2026", "\u2026\u2026", "...", "X-Foo: ", "X-Url: ", "X-Ms-Exchange: ",
    "Received: ", "Reply To: ", "ssh ", "ssh -i k ", "sftp ", "scp a b ", "rsync -av ", "*", "*.", "*!*@", "foo*!~",
    " -> ", " => ", "import ", "import static ", "package ", "using ", "the ", "The ", "a ", " package", " module",
    " library", "\u5305", " \u30e2\u30b8\u30e5\u30fc\u30eb", "\ud328\ud0a4\uc9c0", "&lt;/a&gt;", "&lt;b", "&lt;",
    "<b>", "<span>", '<a href="x">', "<name>-", " at ", " dot ", " mailing list", "R-help", "-devel", "name.hidden",
    "prototype.", "constructor.", "Terminal.app", "iTerm.app", "bsky.app", "SC.FI.", "QA.PT", "U.S", "\u0e20\u0e32",
    "example.org", "example.org/d/x", "bob@example.org", "http://t.co/x", "http://t.co/", "java.io", "docs.py/x.py",
    "a.b.com", "domain.name.hidden", "24cf9c0e0a7f1d2b3c4d5e6f@example.org",
    # rt4: the mbox separator line, translated file names, placeholders ({{example.com}})
    "From ", "  Thu Mar  4 1", "{{", "}}", "{", "}", "\u09ab\u09be\u0987\u09b2.py", "\u6587\u4ef6.md", "/\u098f\u09b0",
    # rt5: an IRC status line's source server, spaced '@', a spelt address alone on a line
    "May 19 23:59:44 *\t", "*\t", "-!- ", " sets mode +n", " sets ", "jane", " @ ", "\t@ ", "jane.es",
    # rt6: a post cut right after a host, Python's from-import, a date format
    "https://t.co", "\u2026\n", "from ", "+from ", " import ", "dd.mm", "hh.mm.ss", "DD.MM",
    # rt8: netsplit quit reasons, indented spelt addresses, contact labels, shouts, names between links
    "*** Quits: n ", " has quit ", "(", ")", "[", "]", "irc.a.net", "*.net", "    ", "Jabber: ", "E-Mail: ",
    "MADE.MY.DAY", "(++", "!)", "main.cc", "http://t.co/Ab ", "\u044f.\u043e\u043d\u043b\u0430\u0439\u043d",
    "(quit: ", ").", "Netsplit ", " <-> ", " quits: ",
    # rt10 (realtext8): Mailman footers, quoted and bracketed spelt addresses, X-Original-Sender
    "Dev-news", " mailing list\n", "http://l.org/mailman/listinfo/d", '"', '"jdoe', "[jroe", "X-Original-Sender: ",
    # rtfix (realtext9 and earlier): code spans with a path, Markdown link text, release names, archives
    "`", "ghcr.io/acme/tool", "[", "][]", "](", "CoreDev.Tech", "proto.school", "request.client.host",
    "yocto-1.5.final", "tar.bz", "From jroe at example.org  Wed ", "From: jroe at example.org (J)\n", "peps",
    "http://e.com/[1736", " chars]", "[36 chars]", "Tool.app/Contents/MacOS/T", "Nabble.com",
    # rec6: gate.c's sure drops of an IRC ident in brackets and of a netsplit's two servers
    " was kicked ", " left ", "parts ", "QUIT ", "quitt\u00e9 ", "_quit ", "\u00e9quit ", "(~j@x.org)", "[i=j@x.org]",
    "(+j@x.org]", "(n=", "a.b-c.d", "-a.b", "a-.b", "a..b", "a.b.", " (a.net b.net).\r\n", "(quit: a.net b.net)",
    # rtfix3 (realtext12): a property access as a call's argument or an object member's value in a fence
    "onToggle(letter.id);", "f(a, item.id)", ", e)", "```js\n", "```\n", "    id: ", "todo.id,", "_(", ": ",
    # rtfix4: CJK before a local-part (cut only after Hiragana or CJK punctuation), m4 quoted arguments
    "\u5171\u901a", "ID@mail.example.ac.jp", "\u9023\u7d61\u306f", "\uff1a", "m4_include([", "x.at", "])", "], [",
    # rtfix5 (realtext13): fediverse handles, another protocol's URI, a doubled scheme letter, base64 '=='
    "@", "@jane@x.social", "xmpp:", "SIP:", "mid:", "Email:", "?join", "hhttp://", "Hhttps://", "==\n", "indieweb.social",
    # realtext14: a name under .arpa
    "home.arpa", "in-addr.ARPA", ".arpa",
]
round3 = st.lists(st.sampled_from(ROUND3), max_size=12).map("".join)
texts = st.one_of(hostile, round3, targeted_text, any_text, url_text)

fields_bool = [f.name for f in dataclasses.fields(LinkPolicy) if f.type in ("bool", bool)]
policies = st.builds(
    lambda flags, bidi, idn, max_link, max_part, hosts, ext: LinkPolicy(
        **flags, bidi_controls=bidi, idn_display=idn, max_link_length=max_link, max_part_length=max_part,
        dotless_hosts=hosts, file_extension_tlds=ext,
    ),
    # the FALLBACK fields turn the gate off: mostly off, so that the gate is exercised
    st.fixed_dictionaries({n: st.sampled_from([False] * 9 + [True]) if n in _gate.FALLBACK else st.booleans()
                           for n in fields_bool}),
    st.sampled_from(["allow", "reject", "escape"]),
    st.sampled_from(["unicode", "punycode_if_confusable"]),
    st.none() | st.integers(1, 60),
    st.none() | st.integers(1, 30),
    st.sampled_from([frozenset(), frozenset({"localhost"}), frozenset({"localhost", "intranet"})]),
    st.sampled_from([_gate._DEFAULTS.file_extension_tlds, frozenset({"py", "com"}), frozenset()]),
)


@given(texts)
@example("visit setup.py or main.rs, see src/setup.py and README.md")
@example("Message-ID: <54EF720C.3040203@example.org>\nFrom: bob@example.org")
@example("(~ident@host.example.org) has joined #chan")
@example("see https://groups.example.com/a/\n> example.org/d/msgid/x and http://t.co/EvsvVeH\u2026 http://t.co/\u2026")
@example("mail andrii@ke\n rnel.org\nX-ClientProxiedBy: mail.example.org\nX-Foo: a\n        host.example.org")
@example("ssh -p 2222 root@host.example.org; scp f me@example.org; ban *!*@ho.us *.example.org *ho.us")
@example("import java.io\nthe os.path module, java.net \u5305, x -> a.prototype.b.com, Terminal.app SC.FI.")
@example("jing dot empty at example.com, R-help at r-project.org mailing list, bob.domain.name.hidden.com")
@example("<b>bob@x.org</b> http://example.com&lt;/a&gt; dictserver.py/negtelnetserver.py http://example.com\u0e20\u0e32")
@example("From jane at example.org  Thu Mar  4 1 {{\u09ab\u09be\u0987\u09b2.py/\u098f\u09b0}} {{example.com}} {x.com}")
@example("RT @a: x https://t.co\u2026\n+from twisted.internet.app import A\n[dd.mm | x] see https://e.com\u2026 y")
@example("[09:26:40] *** Quits n (irc.a.net se.hub)\n-!- m [~u@h.example.org] has quit [a.b.net irc.c.org]\n"
         "    jroe at EXAMPLE.EDU \nJabber: jroe at example.de\n(++MADE.MY.DAY!) at http://t.co/A main.cc http://t.co/B\n"
         "x left the room (quit: a.b.net c.d.org).\n-!- Netsplit a.b.net <-> c.d.org quits: x\n")
@example("`ghcr.io/acme/tool` [CoreDev.Tech][] [proto.school](https://proto.school/) request.client.host\n"
         "yocto-1.5.final tar.bz\nFrom: jroe at example.org (J)\nthe peps at python.org process\n"
         "'<a x=\"http://e.com/pa[1508 chars]>' '<a x=\"http://e.com[36 chars]>' Tool.app/Contents/MacOS/T")
def test_recommended_hostile(text: str) -> None:
    assert_gate_parity(text, R)


@given(texts, policies)
def test_random_policies(text: str, policy: LinkPolicy) -> None:
    assert_gate_parity(text, policy)


def test_first_call_with_a_dotless_host() -> None:
    """Regression: the first call of a process, with "://localhost" in the text, went to the
    scan before the core was configured (special_schemes still NULL: a crash)."""
    import subprocess

    code = ("from uts58_icu import find_links, LinkPolicy\n"
            "print(len(find_links('see http://localhost:8000/x', policy=LinkPolicy.recommended())))")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "1"


@given(st.text(st.sampled_from("://localhostLOCALHOSTK\u212a\u017fs."), max_size=30))
def test_dotless_after_scheme_is_never_missed(text: str) -> None:
    """The compiled prefilter of the dotless-host scan says yes wherever the regular
    expression of the full path finds "://localhost" (ignoring case)."""
    if apply._dotless_after_scheme(frozenset({"localhost"})).search(text):
        assert _compiled.dotless_after_scheme(text, ("localhost",))  # type: ignore[union-attr]


@given(st.lists(st.sampled_from(["http://", "https://", "example", ".", "com", "jp", "-", "1",
                                 "\u3044\u307e", "\u4e2d", "\u3002", " "]), max_size=10).map("".join))
def test_cjk_cut_prefilter_is_never_missed(text: str) -> None:
    from uts58_icu.core.detection import SPECIAL_SCHEMES, tld_set
    from uts58_icu.linkification import rules

    if rules.cjk_host_cuts(text, tld_set(None), SPECIAL_SCHEMES):
        assert _compiled.cjk_cut_possible(text)  # type: ignore[union-attr]


# rules._HOST_CUE before a name a rule would drop: gate.c calls the Python cue only where
# the words before "at", "on", "to" may make one (issue 19: the call cost more than the
# whole gate); a non-ASCII letter may match an ASCII one under IGNORECASE (U+017F, U+212A).
_CUES = ["sign up at", "SIGN  UP\tAT", "available at", "hosted at", "hosted on", "follow us on",
         "find them on", "join on", "go to", "Head over to", "head to", "visit", "viſit", "web site",
         "homepage", "url", "→", "met at", "up at", "are on", "went to", "ſign up at", "go\u2003to", "at", "on",
         "to", "over  to", "we at", "K at"]
_NAMES_DROPPED = ["bun.sh", "notes.info", "example.zip", "readme.md", "acme.tools", "main.py", "foo.app"]


@given(st.sampled_from(_CUES), st.sampled_from(["", " ", ": ", " :  ", "\n"]), st.sampled_from(_NAMES_DROPPED),
       st.sampled_from(["", "We ", "x", "Then, "]))
@example("sign up at", " ", "bun.sh", "")
@example("viſit", " ", "example.zip", "")
def test_host_cue_before_a_dropped_name(cue: str, gap: str, name: str, lead: str) -> None:
    assert_same(f"{lead}{cue}{gap}{name} today", R)


def test_host_cue_keeps_and_drops() -> None:
    """Both verdicts occur: a cue keeps the name, the same words without one drop it."""
    with gated(True):
        assert [x.text for x in apply.find_links("sign up at bun.sh today", policy=R)] == ["bun.sh"]
        assert [x.text for x in apply.find_links("we met at bun.sh today", policy=R)] == []
        assert [x.text for x in apply.find_links("follow us on acme.tools", policy=R)] == ["acme.tools"]
        assert [x.text for x in apply.find_links("we are on acme.tools", policy=R)] == []


# 2-byte text is searched by bytes (memchr) for ':' and '\n' (gate.c find_ucs2): code
# units whose low or high byte is 0x3A or 0x0A (U+043A 'к', U+3A00, U+010A, U+0A00) must
# be skipped, and the '://' and line starts found wherever they fall.
_UCS2_PIECES = ["к", "\u3a00", "\u010a", "\u0a00", "ĺ", "://", ":", "/", "\n", "a.com", "例", "x", " ",
                "https://例え.jp", "http://a.com例", "see: ", "=\n", "Message-ID: ", "<", ">", "@", "b@c.org"]


@given(st.lists(st.sampled_from(_UCS2_PIECES), min_size=1, max_size=30).map("".join))
@example("к://a.com例 x")
@example("\u3a00\u010a\nhttp://a.com例")
def test_two_byte_text_searches(text: str) -> None:
    assert_same(text, R)
    if apply.rules.cjk_host_cuts(text, apply.tld_set(None), apply.SPECIAL_SCHEMES):
        assert _compiled.cjk_cut_possible(text)


# gate.c maybe_code_operand against context._CODE_BEFORE and _CODE_AFTER: the operators
# and keywords before a name, at and off a line's start, with the spaces and tabs between
# (issue 19: "package" mid-line and a bare '>' are no longer suspects).
_OPERAND_PIECES = ["import", "import static", "static", "package", "using", "return", "typeof", "var", "const",
                   "xvar", "==", "!=", "!==", "===", "=", "!", "&&", "&", "||", "|", "->", "=>", ">", "-", " ", "  ",
                   "\t", "\n", "\n ", "x", "word", "\u0932>", "java.io", "example.com", "os.path", "\u043f\u0440.\u0440\u0444",
                   "bob@example.org", " = 1", " == ", " += ", " && ", ";", "\u0916"]
# A lower-case " at " (or " @ ") before a name: gate.c leaves the link to
# context._spelled_at alone (apply._settle), when no other test sends it to Python.
_SPELLED_PIECES = ["jane", "Jane", "R-help", "jcea", "x.y", " at ", "  at\t", " AT ", " @ ", "\t@\t", " [at] ", "-at-",
                   "example.org", "jcea.es", "bob@example.org", "jane@jane.es", "https://example.org/x", "\n", " ",
                   "From ", "  Thu Mar  4 1", " wrote", " (", ")", ">", "<", "mailto:", " dot ", " mailing list",
                   "sign up", "hosted", "we met", "the", "example.org/x?", "\u4f8b.jp/\u30c6\u30b9\u30c8", ":"]


@given(st.lists(st.sampled_from(_OPERAND_PIECES), min_size=1, max_size=16).map("".join)
       | st.lists(st.sampled_from(_SPELLED_PIECES), min_size=1, max_size=14).map("".join))
@example("function package stackoverflow.app/search")
@example("package java.io")
@example("  import\t static os.path")
@example("x import static java.io")
@example("\u0938\u0935\u093e\u0932> \u043f\u0440\u0438\u043c\u0435\u0440.\u0440\u0444/x a -> b.com c => d.org")
@example("a == b.com, a = b.com, a != example.com")
@example("war at download.md people")
@example("jcea at jcea.es")
@example("jane at example.org wrote")
@example("For at carol@youtube.fr result")
@example("jane at example.org/x?")
@example("jane @ example.org\n")
def test_code_operands_and_spelled_at(text: str) -> None:
    assert_gate_parity(text, R)


def test_code_operand_suspects_are_narrow() -> None:
    """A keyword off its line's start, or a '>' that is no arrow, sends nothing to Python;
    the shapes of the rule still do."""
    config = _gate.config(R)

    def reasons(text: str) -> list[int]:
        return list(_compiled.gate_reasons(text, base_find(text), config, True))  # type: ignore[union-attr]

    assert reasons("the function package stackoverflow.com") == [0]
    assert reasons("\u0938\u0935\u093e\u0932> \u043f\u0440\u0438\u043c\u0435\u0440.\u0440\u0444 x") == [0]
    # (an arrow before a host under a web TLD is prose, "moved -> example.com": the gate still
    # sends it, the rule keeps it; before another name it is code)
    for code in ("package java.com", "  import static java.com", "x -> java.io", "a == java.com", "return java.com"):
        assert reasons(code)[0] > 0, code
        assert not apply.find_links(code, policy=R), code


def test_spelled_at_alone_both_verdicts() -> None:
    """The gate marks both shapes ~k; _settle keeps one and drops the other."""
    with gated(True):
        args = apply._fast_args(R)
        for text, kept in (("the war at python.de/x people", ["python.de/x"]), ("ask jcea at jcea.es today", [])):
            links, suspects = _gate.scan_gated(*args, text)  # type: ignore[misc]
            assert list(suspects) == [~0], text
            assert [x.text for x in apply.find_links(text, policy=R)] == kept


@given(st.lists(st.sampled_from(["jane", "a", "x.y", "%", "~", "=", "-", " ", "\t", "\n", "\u2003", "at", "AT", "@",
                                 "At", "!", "(", "\u00e9"]), max_size=20).map("".join))
@example("war at ")
@example("a.b-c at\t")
def test_spelled_at_pattern_with_look_behind(before: str) -> None:
    """context._SPELLED_AT's look-behind (a linear search) finds what the pattern without it found."""
    import re

    from uts58_icu.linkification import context

    plain = re.compile(r"([A-Za-z0-9._%+~=-]+)(\s+(?:at|AT)\s+|[ \t]+@[ \t]+)\Z")
    a, b = plain.search(before), context._SPELLED_AT.search(before)
    assert (a is None) == (b is None)
    if a is not None and b is not None:
        assert a.span() == b.span() and a.groups() == b.groups()


# gate.c decides the header rules itself (issue 19, rec4): a schemeless link in a
# message-id or trace header (context.header_name, _MSGID_HEADERS, _is_trace) is dropped
# without Python; "reply-to"/"in-reply" still go to Python, a person's X- header keeps.
_HEADER_PIECES = ["Received: ", "Message-ID: ", "References: ", "In-Reply-To: ", "Reply-To: ", "Reply To: ",
                  "X-Original-From: ", "X-Url: ", "X-Foo: ", "X-Ms-Exchange: ", "ARC-Seal: ", "From: ", "To: ",
                  "Subject: ", "List-Id: ", "Return-Path: ", "> ", ">> ", "\n", "\n ", "\n\t", "\n\n", "\n> ",
                  " ", "from ", "by ", "<", ">", "bob@example.org", "mail.example.org", "example.org/x",
                  "https://example.org", "mailto:bob@example.org", "54EF720C.3040203@example.org", "=\n", "x=",
                  "; ", "(", ")", "jane at ", "\u4f8b.jp", "Received: from", "received:", "x-spam-status: "]


@given(st.lists(st.sampled_from(_HEADER_PIECES), min_size=1, max_size=16).map("".join), policies)
@example("Received: from mail.example.org by mx.example.com; x\n", R)
@example("Message-ID: <54EF720C.3040203@example.org>\nX-Url: example.org\nReply-To: bob@example.org", R)
@example("X-Original-From: bob@example.org\nX-Foo: mail.example.org\n  host.example.org\n\n  x.example.org", R)
def test_header_rules_decided_in_c(text: str, policy: LinkPolicy) -> None:
    assert_gate_parity(text, policy)


def test_header_drops_and_keeps() -> None:
    """The reproducer of the real-text suspects (Pipermail and lore archives: 5,000-7,000 per
    corpus went to Python for the header rules alone): gate.c's verdicts, then the links."""
    config = _gate.config(R)
    text = ("Received: from mail.example.org (mx.example.com)\n\tby relay.example.net\n"
            "Message-ID: <54EF720C.3040203@example.org>\nX-Original-From: bob@example.org\n"
            "Reply-To: jane@example.org\n\nsee example.org\n")
    links = base_find(text)
    reasons = list(_compiled.gate_reasons(text, links, config, True))  # type: ignore[union-attr]
    verdict = {x.text: r for x, r in zip(links, reasons)}
    for dropped in ("mail.example.org", "mx.example.com", "relay.example.net", "54EF720C.3040203@example.org"):
        assert verdict[dropped] < 0, dropped  # an email's header is tested before its other shapes
    assert verdict["bob@example.org"] == 0  # a person's X- header: no header rule
    assert verdict["jane@example.org"] > 0  # reply-to: _MSGID_LOCAL, in Python
    assert verdict["example.org"] == 0
    assert [x.text for x in apply.find_links(text, policy=R)] == ["bob@example.org", "jane@example.org", "example.org"]
    assert_same(text, R)
    # with the rules off, nothing is dropped for a header
    off = dataclasses.replace(R, reject_message_ids=False, reject_mail_trace_headers=False)
    assert all(r >= 0 for r in _compiled.gate_reasons(text, links, _gate.config(off), True))  # type: ignore[union-attr]
    assert_same(text, off)


# gate.c remembers name_rule's "no rule" verdicts per host (issue 19, rec4): the same host
# again, in other company, after a policy whose sets differ, must get the rules' answer.
_MEMO_HOSTS = ["setup.py", "x.com", "mysite.tools", "mysite.tools/x", "example.app", "Terminal.app", "java.io",
               "docs.py/x", "a.b.com", "U.S", "main.rs", "example.org/x", "x.com/a"]
_MEMO_CONTEXT = [" ", "\n", "visit ", "sign up at ", "&", "the ", " module", " package", "import ", "a == ", "(", ")"]


@given(st.lists(st.sampled_from(_MEMO_HOSTS) | st.sampled_from(_MEMO_CONTEXT), min_size=1, max_size=14).map("".join),
       st.lists(policies, min_size=2, max_size=3))
@example("setup.py visit setup.py x.com&x.com", [R, dataclasses.replace(R, file_extension_tlds=frozenset())])
@example("main.rs main.rs", [dataclasses.replace(R, file_extension_tlds=frozenset()), R])
@example("see mysite.tools/x and mysite.tools", [R, R])  # kept with a path, dropped without
def test_name_memo_across_texts_and_policies(text: str, pols: list[LinkPolicy]) -> None:
    for policy in pols + pols[::-1]:
        assert_gate_parity(text, policy)


# IRC log lines as clients write them (rec6: gate.c drops an ident in brackets and a
# netsplit's servers itself; every such drop must be a rejection of the rules).
IRC_PIECES = [
    "*** ", "-!- ", "[12:00] ", "<nick> ", "nick", " has quit ", " has left ", " was kicked ", "Quits: ", "Parts: ",
    "left", "kicked", "Kick", "QUIT", "quits", "(", ")", "[", "]", "(quit: ", " ", "\n", "\r\n", ".", "\u0130",
    "irc.a.net", "hub.b.org", "*.net", "*.split", "a-b.c", "-a.b", "a.b-", "x", "~", "+", "n=", "i=", "=", "^",
    "ident@host.example.org", "j@x.org", "!", "Netsplit ", " <-> ", " sets mode +n", "\u00e9", "_",
]
irc_text = st.lists(st.sampled_from(IRC_PIECES), max_size=16).map("".join)


@given(irc_text)
@example("*** Quits: nick (irc.a.net hub.b.org)\n")
@example("nick has quit [irc.a.net *.split].\r\n")
@example("nick left the room (quit: irc.a.net hub.b.org).")
@example("-!- nick (~ident@host.example.org) has joined #c\n")
@example("[n=ident@host.example.org] x")
@example("\u00e9quit (irc.a.net hub.b.org)")
def test_irc_lines(text: str) -> None:
    assert_gate_parity(text, R)


# Addresses spelt out, redacted or split by markup (rec6: gate.c drops a redacted
# local-part, a name right after a split '@' and some spelt addresses itself).
SPLIT_PIECES = [
    "a", "b", "*", "**", "***", " ", "\t", "@", "&#64;", "&#x40;", "&commat;", "</span>", "</b>", "</i>", "<span>",
    "example.org", "x.example.com/p", "mailto:", "MAILTO:", "m", "mx:", "jo", ".", "\u2026", "...", "\n", "=",
    "https://", "\u00e9", "(", ")",
    # spelt addresses (gate.c's sure_spelled_at): " at ", " AT ", " @ " and the tests after them
    " at ", " AT ", " At ", " @ ", "\u3000at\u3000", "\nat ", "jane", "j.doe", "j_2", "~j", "<", ">", " (", "\r",
    "From ", "wrote", " mailing list", "R-help", "Jane Doe ",
]
split_text = st.lists(st.sampled_from(SPLIT_PIECES), max_size=14).map("".join)


@given(split_text)
@example("mi***a@example.org")
@example("bob&commat;</b>example.org bob&#x40;</span>example.org")
@example("mailto:mi***a@example.org")
@example("**a@example.org")
@example("<jane at example.org> (j.doe at example.org) mailto:jane at example.org jane @ example.org)")
def test_split_and_redacted_addresses(text: str) -> None:
    assert_gate_parity(text, R)
