"""The compiled gate's sure rejections of a schemeless name in code (issue 19, rec10).

On real text (tutorials, release notes) most of the links the gate sent to Python were
names in code: ``alt={person.name}``, ``{items.map(…)}``, ``irc.look.smart_filter``,
```Response.next```. ``rules.reject_reason`` rejects a name written without a scheme and
without a path, query or fragment there whatever else holds:

- ``reject_code_context``: ``=``, ``{`` (not ``{{``, a placeholder ``keep_placeholder_hosts``
  may keep), ``::`` or ``_`` (not emphasis nor a nick's affiliation) before; ``_``, ``(``, ``=``
  or ``["``/``['`` after;
- ``reject_code_spans``: a backtick on both sides and a host that is not lower case;
- ``reject_code_expressions`` (``context._code_name``'s ``_CODE_AFTER``): an operator
  (``=``, ``==``, ``!==``, ``+=``, ``&&``…) between blanks, or a ``;`` ending the line, after it.

Two tests made exact: ``scan_gated``'s test for ``rules.cjk_host_cuts`` reads the letter
after a host (``…`` or ``，`` there is none that rule cuts before; a social post's
``https://t.co…`` sent the whole text to the slower path, which asked the rule for nothing);
and a camelCase inner label (``context._CAMEL``) in an ASCII host,
where any capital sent the name to Python (``README.ko-KR.md``: now the file-name rule's
sure drop).

gate.c (``sure_code_host``, ``sure_code_operand``) now drops such an ASCII name itself. Each case is checked in
the three ``str`` kinds against the Python rules alone (``assert_same``: the same
``Link``s on both paths; ``assert_verdicts``: every verdict of the gate is the rules'),
with the field off (then the name goes to Python as before), and by a Hypothesis property.
"""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from test_accel_policy import R, _compiled, assert_same, assert_verdicts
from test_rules_speed_gate import KINDS, _reason  # the 1-, 2- and 4-byte prefixes; gate_reasons' verdict

from uts58_icu.core.detection import SPECIAL_SCHEMES, tld_set
from uts58_icu.core.detection import find_links as base_find
from uts58_icu.linkification import _gate, apply, rules

pytestmark = pytest.mark.skipif(_compiled is None, reason="the compiled core is not built")

DROPS = [
    ("<img alt={person.name} />", "person.name", "reject_code_context"),
    ("<li key={place.id}>", "place.id", "reject_code_context"),
    ("{items.map(item => x)}", "items.map", "reject_code_context"),
    ("value=foo.com;", "foo.com", "reject_code_context"),
    ("Acquire::http::Proxy::example.org here", "example.org", "reject_code_context"),
    ("add option irc.look.smart_filter now", "irc.look.smart", "reject_code_context"),
    ("setStartTime(Date.now());", "Date.now", "reject_code_context"),
    ("obj.re[\"twitter\"] and obj.re['x']", "obj.re", "reject_code_context"),
    ("through `test_runner.py` now", "runner.py", "reject_code_context"),
    ("o CURLOPT_TIMECONDITION.md: works", "TIMECONDITION.md", "reject_code_context"),
    ("add make_vms.com to contrib", "vms.com", "reject_code_context"),
    ("[_\ud55c\uad6d\uc5b4_](README.ko-KR.md),", "README.ko-KR.md", "reject_file_names"),
    ("if (t.id === action.id) {", "t.id", "reject_code_expressions"),
    ("  item.id\t!=\tselected", "item.id", "reject_code_expressions"),
    ("x.total += 1", "x.total", "reject_code_expressions"),
    ("a = person.email;\nb", "person.email", "reject_code_expressions"),
    ("a = person.email;", "person.email", "reject_code_expressions"),
    ("the `Response.next` property", "Response.next", "reject_code_spans"),
    ("see `README.md` first", "README.md", "reject_code_spans"),
    ("run `GetNPUsers.py` now", "GetNPUsers.py", "reject_code_spans"),
    ("a `EXAMPLE.COM` host", "EXAMPLE.COM", "reject_code_spans"),
]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize(("text", "name", "field"), DROPS)
def test_a_name_in_code_is_a_sure_drop(kind: str, text: str, name: str, field: str) -> None:
    """gate.c drops the name (the field on) where the rules reject it; with the field off
    it goes to Python as before."""
    text = kind + text
    assert _reason(text, name) < 0
    off = dataclasses.replace(R, **{field: False})
    assert _reason(text, name, off) > 0
    for policy in (R, off):
        assert_same(text, policy)
        assert_verdicts(text, policy)


SUSPECTS = [
    "see {{example.com}} here",  # a placeholder keep_placeholder_hosts may keep
    "see {example.com/path} here",  # a path: reject_reason's host-only tests do not apply
    "see {пример.рф} here",  # non-ASCII: cjk and bidi rules may move the bounds
    "see `example.com` here",  # lower case: a web host in a code span may stay
    "see `hcachever.sh` here",
    "see _example.com_ here",  # emphasis: '_' on both sides keeps it
    "<Jane_Doe_-_example.com> wrote",  # a nick's affiliation
    "see _example.com/x_ here",  # a path: trim_markup moves its end
    "see `example.com/x` here",
    "see (a.fooBar.md) here",  # a camelCase inner label: reject_code_expressions
    "see (a.x2Y.md) here",
    "see (a.\u00e9Y.md) here",  # a capital in a non-ASCII host's inner label
    "x.id ==y",  # no blank after the operator
    "x.id =>y",
    "x.id; y",  # ';' not ending the line
    "see x.example; ",  # blanks after ';' at the text's end
    "a = x.id/p;\n",  # a path
    "ask foo.com(",  # '(' after a name ending the text: host-only, rejected (checked below)
]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("text", SUSPECTS)
def test_what_the_gate_leaves_to_python(kind: str, text: str) -> None:
    """Where a rule may keep the name, gate.c still sends it to Python; every verdict is
    the rules'."""
    text = kind + text
    assert_same(text, R)
    assert_verdicts(text, R)
    links = base_find(text)
    reasons = _compiled.gate_reasons(text, links, _gate.config(R), True)  # type: ignore[union-attr]
    if "(" not in text:
        assert all(why >= 0 for why in reasons), (text, reasons)


PIECES = [
    "{", "}", "{{", "}}", "=", "::", ":", "_", "(", ")", "[", "]", "['", "[\"", "`", " ", "\n", "x", "/",
    "a.py", "example.org", "/path", ":8080", "?", "#x", "*", "**", "~", "@", ";", ">", "+", "'", "\"",
    "\u4e3a", "\u2026", "=\n", "&lt;", "bob@", " === ", " == ", " = ", " =", "==", " != ", " !== ", " && ", " || ",
    " += ", " -= ", " |", "\t=\t", ";\n", "; \n", "; ", " import ",
]
NAMES = ["a.py", "example.org", "Example.org", "EXAMPLE.ORG", "foo.com", "Date.now", "a.b", "x.NL", "README.md",
         "b.\u4e3a.com", "\u0416.com", "xn--p1ai.com", "example.org.", "a.com:80", "a.com/x", "1.2.3.4", "a.b.c.d",
         "localhost", "README.ko-KR.md", "a.fooBar.md", "a.x2Y.org", "a.Foo.org", "a.b-C.com", "MADE.MY.DAY",
         "x.\u00e9Y.md"]
pieces = st.lists(st.sampled_from(PIECES), max_size=4).map("".join)


# text: a kind prefix, then pieces, a name and pieces (the name meets every piece on either side)
@given(st.tuples(st.sampled_from(KINDS), pieces, st.sampled_from(NAMES), pieces))
@example(("", "{{", "example.com", "}}"))
@example(("", "{", "example.com:80", "}"))
@example(("", "_", "example.com", "("))
@example(("", "`", "Example.org:8080", "`"))
@example(("", "`", "example.org.", "`"))
@example(("", "`", "example.org", "`"))
@example(("\u4e3a: ", "{", "b.\u4e3a.com", "}"))
@example(("", "=", "foo.com", "?"))
@example(("", "=", "a.com/x", " "))
@example(("", "x_", "a.com/x", "_"))
@example(("<Jane_Doe_-", "_", "example.com", ">"))
@example(("", "{", "\u0416.com", "}"))
@example(("", "", "localhost.", " = "))
@example(("", "", "localhost", " = "))
@example(("", "", "a.com", ";"))
@example(("", "", "a.com", "; \r\n"))
@example(("", "", "example.org", "; "))
def test_code_drops_agree_with_the_rules(parts: tuple[str, str, str, str]) -> None:
    text = "".join(parts)
    assert_same(text, R)
    assert_verdicts(text, R)


# --- scan_gated's test for rules.cjk_host_cuts (the letter after the host) -------------------

GLUED = ["\u3044\u307e", "\u4e2d\u6587", "\ud55c", "\u0e20\u0e32", "\u1780", "\U00020000", "\u2026", "\uff0c",
         "\u3002", "\u00e9", "\u0416", " ", ".jp", "\u3001x"]
HOSTS = ["example.com", "t.co", "a.b.example.org", "x.c", "a-b.info", "localhost", "1.2.3.4", "example.c0m"]


# scan_gated is None where the library runs the pure path (UTS58_PURE_PYTHON) though the
# compiled module is built: these tests are about scan_gated itself.
needs_scan_gated = pytest.mark.skipif(_gate.scan_gated is None, reason="scan_gated is not in use (UTS58_PURE_PYTHON)")


def _cut_possible(text: str) -> bool:
    """Whether scan_gated leaves the text to the path that asks rules.cjk_host_cuts (None)."""
    args = apply._fast_args(R)
    assert args is not None
    return _gate.scan_gated(*args, text) is None  # type: ignore[misc]


@needs_scan_gated
@pytest.mark.parametrize("text", ["see https://t.co\u2026 more", "at https://opensource.com\uff0c\u4e2d\u6587",
                                  "http://example.com\u3002"])
def test_a_host_before_punctuation_is_no_cjk_cut(text: str) -> None:
    """'…', '，' or '。' after a host is no letter rules.cjk_host_cuts cuts before: scan_gated
    no longer leaves such a text to the slower path (which asked the rule and found nothing)."""
    assert not rules.cjk_host_cuts(text, tld_set(None), SPECIAL_SCHEMES)
    assert not _cut_possible(text)
    assert_same(text, R)


@needs_scan_gated
@given(st.lists(st.sampled_from(["https://", "http://", "ftp://", "://", "see ", "\n", *HOSTS, *GLUED]),
                min_size=1, max_size=8).map("".join))
@example("\u4e3a\u4e86https://example.com\u3044\u307e")
@example("https://example.com\u0e20\u0e32")
@example("https://example.com\U00020000")
def test_cjk_cut_test_is_sound(text: str) -> None:
    """Wherever rules.cjk_host_cuts proposes a link, scan_gated leaves the text to it; and
    the links are those of the pure path."""
    if rules.cjk_host_cuts(text, tld_set(None), SPECIAL_SCHEMES):
        assert _cut_possible(text)
    assert_same(text, R)
