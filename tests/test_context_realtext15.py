"""Issue 18, two precision defects left by the last session (rtfix6).

The reproducers are made up, in the shape of the real ones:

- a Python module's dotted name in a code span under a TLD of RFC 1591 was linked
  (``In `sunpy.net` added support for searching``, judged "no link" in bench/realtext12):
  ``reject_code_spans`` now drops such a name where the writing around it says code, a word
  of code beside the span (``import `x.net```, ``pip install``, ``the module``, ``from `x.net`
  import``) or another name of the same package near it (```sunpy.map```, ``import sunpy``);
  a name in a code span about a site (``your app at `example.com```) stays a link;
- only the whole of an m4 quoted argument was read as a file (``m4_include([x.at])``), not
  each name of a list in one (``AC_CONFIG_FILES([Makefile x.at y.at])``): ``reject_file_names``.

Property tests cover each class; the last test compares the compiled gate with the Python
rules on these shapes (as tests/test_accel_policy.py does).
"""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
import test_accel_policy as tap  # tests/ is on sys.path: the compiled gate's differential helpers
from test_context_realtext5 import REC, texts, without
from test_context_realtext8 import test_realtext8_rule as check_rule

from uts58_icu.linkification import context
from uts58_icu.linkification.apply import explain_notes
from uts58_icu.linkification.rules import _REVERSE_DNS_FIRST

# (text, links in recommended, the field that decides)
CASES = [
    ("    - In `sunpy.coordinates` there is a context manager\n    - In `sunpy.net` added support for searching\n",
     [], "reject_code_spans"),
    ("`sunpy.map` is new.\n\n`sunpy.net` provides the search.\n", [], "reject_code_spans"),
    (">>> import sunpy\n\n`sunpy.net` provides the search.\n", [], "reject_code_spans"),
    (">>> from sunpy import net\nThen `sunpy.net` searches.\n", [], "reject_code_spans"),
    ("import `sunpy.net`", [], "reject_code_spans"),
    ("from `sunpy.net` import Fido", [], "reject_code_spans"),
    ("Run pip install `foo.com` first.", [], "reject_code_spans"),
    ("python -m `tool.net` --help", [], "reject_code_spans"),
    ("The `sunpy.net` module provides the search.", [], "reject_code_spans"),
    ("the sub-package `astro.org`", [], "reject_code_spans"),
    ("AC_CONFIG_FILES([Makefile x.at y.at])", [], "reject_file_names"),
    ("AC_CONFIG_FILES([x.at\n  y.at])\n", [], "reject_file_names"),
    ("AT_CHECK([cat], [a.at b.at], [0])", [], "reject_file_names"),
    ("m4_include([x.at])", [], "reject_file_names"),
]


@pytest.mark.parametrize(("text", "expected", "field"), CASES)
def test_realtext15_rule(text: str, expected: list[str], field: str) -> None:
    check_rule(text, expected, field)  # the links, the field decides, explain names it


def test_explain_names_why() -> None:
    _, notes = explain_notes("import `sunpy.net`", policy=REC)
    assert any("names a Python module (a word of code beside it)" in str(n) for n in notes), notes
    _, notes = explain_notes("`sunpy.map` and `sunpy.net`", policy=REC)
    assert any("another name of the package 'sunpy' near it" in str(n) for n in notes), notes
    _, notes = explain_notes("AC_CONFIG_FILES([Makefile x.at y.at])", policy=REC)
    assert sum("m4 macro's quoted argument" in str(n) for n in notes) == 2, notes


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a code span about a site: no word of code, no other name of the package
        ("`sunpy.net` provides the search", ["sunpy.net"]),
        ("Let's say you have an existing web app at `example.com` built with Rails",
         ["example.com"]),
        ("from `example.com` you get the files", ["example.com"]),
        ("see `example.com` and `example.org`", ["example.com", "example.org"]),
        ("-   `python-requests.org` default User-Agent header", ["python-requests.org"]),
        ("`https://x.net`", ["https://x.net"]),
        ("import `https://x.net`", ["https://x.net"]),
        ("the `example.com/some-app/` route, the module `x.y`", ["example.com/some-app/"]),
        # another package near it, or the same package too far away
        ("`numpy.linalg` and `sunpy.net`", ["sunpy.net"]),
        ("`sunpy.map`" + " word" * 500 + " `sunpy.net`", ["sunpy.net"]),
        # a capital or a hyphen: no Python module's name
        ("import `Sunpy.net`", []),
        ("import `my-lib.net`", ["my-lib.net"]),
        # an m4 quoted argument not closed by ']' then ')' or ',', or no macro call before it
        ("see [a.at b.at] ok", ["a.at", "b.at"]),
        ("AC_CONFIG_FILES([Makefile x.at y.at] more", ["x.at", "y.at"]),
        ("AC_CONFIG_FILES([Makefile] x.at y.at])", ["x.at", "y.at"]),
    ],
)
def test_realtext15_rules_keep(text: str, expected: list[str]) -> None:
    assert texts(text) == expected


_ident = st.from_regex(r"[a-z][a-z0-9]{0,8}", fullmatch=True)
_web_tld = st.sampled_from(["com", "org", "net", "edu", "gov"])
_before_word = st.sampled_from(["import", "Import", "module", "the modules", "package", "subpackage",
                                "pip install", "pip3 install -U", "python -m", "python3 -m"])


# (a first label that is a TLD reads as reverse DNS, "io.a.com": reject_reverse_dns_names)
@given(st.lists(_ident, min_size=1, max_size=3).filter(lambda ls: ls[0] not in _REVERSE_DNS_FIRST), _web_tld, _before_word,
       st.sampled_from(["", ".", " first.", ", then", "\n"]))
@example(["sunpy"], "net", "import", "")
def test_module_names_after_a_word_of_code_never_link(labels: list[str], tld: str, word: str, tail: str) -> None:
    name = ".".join([*labels, tld])
    text = f"Then {word} `{name}`{tail}"
    assert texts(text) == []
    # the same span after a word of prose: this rule leaves it (a web host's spelling)
    prose = f"Then see `{name}`{tail}"
    assert texts(prose) == [name]
    # the name after the package's other name in the text: code again
    assert texts(f"`{labels[0]}.util` and {prose}") == []


@given(st.lists(_ident, min_size=1, max_size=3), _web_tld, st.integers(0, 3000), st.booleans())
@example(["sunpy"], "net", 2040, False)
def test_package_evidence_index_equals_scan(labels: list[str], tld: str, gap: int, line: bool) -> None:
    # the index built while a text is remembered and the bounded scan give the same answer
    name = ".".join([*labels, tld])
    other = f">>> import {labels[0]}\n" if line else f"`{labels[0]}.map` "
    text = other + "x" * gap + f" `{name}` " + "y" * gap
    start = text.index(f"`{name}`") + 1
    end = start + len(name)
    scan = context.module_code_span(text, start, end)
    assert context.remember(text)
    try:
        assert context.module_code_span(text, start, end) == scan
    finally:
        context.forget(text)
    # the other name counts where it starts at most _MODULE_EVIDENCE_SPAN before the '`'
    assert (scan is not None) == (start - 1 <= context._MODULE_EVIDENCE_SPAN)


_file = st.from_regex(r"[a-z][a-z0-9_-]{0,6}\.(at|am|in|m4)", fullmatch=True)
_blank = st.sampled_from([" ", "  ", "\n  ", "\t", "\r\n"])


@given(st.lists(st.tuples(_file, _blank), min_size=1, max_size=6),
       st.sampled_from(["AC_CONFIG_FILES(", "m4_include(", "AT_CHECK([cat], ", "AC_CONFIG_FILES([x], "]),
       st.sampled_from(["])", "],", " ])", "\n])"]), st.sampled_from(["", "Makefile "]))
@example([("x.at", " "), ("y.at", " ")], "AC_CONFIG_FILES(", "])", "Makefile ")
def test_m4_argument_names_never_link(names: list[tuple[str, str]], call: str, close: str, lead: str) -> None:
    arg = lead + "".join(f"{n}{b}" for n, b in names).rstrip()
    text = f"{call}[{arg}{close}\n"
    assert texts(text) == []
    # the same list in brackets without a macro call: this rule rejects none of it
    _, notes = explain_notes(f"see [{arg}] ok", policy=REC)
    assert not any("m4 macro" in str(n) for n in notes), notes


# ------------------------------------------------------------------ compiled gate parity

SHAPES = [
    "\n", " ", "\t", "`", "[", "]", "(", ")", ",", "])", "AC_CONFIG_FILES([", "m4_include([", "Makefile", "x.at",
    "y.at", "src/x.at", "sunpy.net", "sunpy.map", "example.com", "import ", "from ", " import", "pip install ",
    " module", "import sunpy\n", "see ", "a.at b.at",
]
shapes = st.lists(st.sampled_from(SHAPES), max_size=14).map("".join)


@given(shapes)
@example("AC_CONFIG_FILES([Makefile x.at y.at])\nimport `sunpy.net`\n`sunpy.map` `sunpy.net` see `example.com`\n"
         "see [a.at b.at] ok AC_CONFIG_FILES([x.at\n  y.at])")
def test_gate_agrees_on_realtext15_shapes(text: str) -> None:
    if tap._compiled is None:
        pytest.skip("the compiled core is not built")
    tap.assert_same(text, REC)
    tap.assert_verdicts(text, REC)
