"""The compiled gate's searches by ``memchr`` (issue 19, rec8) look where its per-character
loops looked: the login command before an address (``ssh``, ``sftp``, ``scp``, ``rsync``,
``mosh`` within 60 characters), Hypermail's ``name.hidden`` in a link, the IRC event
words after an address in brackets (up to the line's end, 300 characters at most) and
the ``;`` of ``ORCPT=rfc822;`` within 40 characters before an address.

Each search is checked in the three ``str`` kinds (1, 2 and 4 bytes a code point: the
gate has a typed path for the first two), at the edges of its window, against the
Python rules alone (``tests/test_accel_policy.py``'s ``assert_same`` and
``assert_verdicts``: same ``Link``s, and every verdict of the gate is the rules').
Also the one rule the gate now decides itself: a schemeless name after '/', '\\' or
'$' is dropped by gate.c (``reject_code_context``), not sent to Python.
"""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from test_accel_policy import R, _compiled, assert_same, assert_verdicts

from uts58_icu.core.detection import find_links as base_find
from uts58_icu.linkification import _gate

pytestmark = pytest.mark.skipif(_compiled is None, reason="the compiled core is not built")

# A prefix that makes the text 1-byte (Latin-1), 2-byte or 4-byte str.
KINDS = ["", "\u00e9 ", "\u0416 ", "\u4e3a: ", "\U0001f600 "]

PIECES = [
    "ssh", "sftp", "scp", "rsync", "mosh", "s", "sh", "rsyn", "mos", " ", "  ", "\t", "\n", "x",
    "me@example.org", "bob@host.example.com", "(", ")", "[", "]", "~", "(~ident@example.net)",
    " has joined", " joined", " left", " quit", " Quit: bye", " parted", " Read error", " Ping timeout",
    " is now known as x", " Remote host closed", "domain.name.hidden", "name.hidde", "NAME.HIDDEN",
    "x.name.hidden.org", "ORCPT=rfc822;", ";", "a" * 20, "b" * 37, "\u4e3a", "\u3002", "\u0416",
    "\U0001f600", "example.org", "https://example.com/a.name.hidden",
]
texts = st.tuples(st.sampled_from(KINDS), st.lists(st.sampled_from(PIECES), min_size=1, max_size=14).map("".join))


@given(texts)
@example(("", "ssh " + "x" * 55 + " me@example.org"))
@example(("", "rsync" + "x" * 55 + " me@example.org"))
@example(("\u0416 ", "mosh" + "x" * 56 + " me@example.org"))
@example(("", "(bob@host.example.com) " + "x" * 280 + " joined"))
@example(("\u4e3a: ", "(bob@host.example.com) x\n has joined"))
@example(("", ";" + "x" * 39 + " me@example.org"))
@example(("\U0001f600 ", "x.domain.name.hidden"))
def test_searches_agree_with_the_rules(kind_text: tuple[str, str]) -> None:
    text = kind_text[0] + kind_text[1]
    assert_same(text, R)
    assert_verdicts(text, R)


def _suspect(text: str, target: str) -> bool:
    """Whether the gate sends the link whose text is ``target`` to Python (or drops it)."""
    config = _gate.config(R)
    links = base_find(text)
    reasons = _compiled.gate_reasons(text, links, config, True)  # type: ignore[union-attr]
    found = [why for link, why in zip(links, reasons) if link.text == target]
    assert found, (text, links)
    return found[0] != 0


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("word", ["ssh", "sftp", "scp", "rsync", "mosh"])
def test_login_word_window(kind: str, word: str) -> None:
    """A login word that starts 60 characters before the address or nearer sends it to
    Python; one that starts 61 characters before does not (the window of gate.c)."""
    for gap, inside in ((60, True), (61, False)):
        text = kind + "\n" + word + "x" * (gap - len(word) - 1) + " me@example.org"
        assert _suspect(text, "me@example.org") is inside, (text, gap)


@pytest.mark.parametrize("kind", KINDS)
def test_irc_word_stops_at_the_line_break(kind: str) -> None:
    for tail, inside in ((" has joined", True), ("\n has joined", False), (" " + "x" * 300 + " joined", False),
                         (" " + "x" * 290 + " joined", True)):
        text = kind + "\n(bob@host.example.com)" + tail
        assert _suspect(text, "bob@host.example.com") is inside, repr(tail[:20])


@pytest.mark.parametrize("kind", KINDS)
def test_semicolon_window_and_hidden_domain(kind: str) -> None:
    for gap, inside in ((40, True), (41, False)):
        text = kind + "\n;" + "x" * (gap - 2) + " me@example.org"
        assert _suspect(text, "me@example.org") is inside, gap
    for host, inside in (("name.hidden.org", True), ("x.NAME.Hidden.org", True), ("name.hiddex.org", False),
                         ("nme.hidden.org", False)):
        assert _suspect(kind + f"\nsee bob@{host} now", f"bob@{host}") is inside, host


def _reason(text: str, target: str, policy: object = R) -> int:
    config = _gate.config(policy)  # type: ignore[arg-type]
    links = base_find(text)
    reasons = _compiled.gate_reasons(text, links, config, True)  # type: ignore[union-attr]
    return [why for link, why in zip(links, reasons) if link.text == target][0]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize(("text", "name"), [("see src/setup.py now", "setup.py"), ("C:\\dir\\notes.info here", "notes.info"),
                                            ("echo $HOME.com", "HOME.com"), ("path/to/example.org/x", "example.org/x")])
def test_code_context_before_is_a_sure_drop(kind: str, text: str, name: str) -> None:
    """'/', '\\' or '$' before a schemeless name: rules.reject_reason rejects it whatever
    else holds, so gate.c drops it (reject_code_context on) instead of asking Python;
    with the field off the name goes to Python as before."""
    text = kind + text
    assert _reason(text, name) < 0
    off = dataclasses.replace(R, reject_code_context=False)
    assert _reason(text, name, off) > 0
    for policy in (R, off):
        assert_same(text, policy)
        assert_verdicts(text, policy)


@given(st.tuples(st.sampled_from(KINDS), st.lists(st.sampled_from(
    ["/", "\\", "$", "_", "{", "`", " ", "\n", "x", "src", "a.py", "example.org", "\u4e3a", "b.\u4e3a.com", "/path",
     "?", "#x", "<", ">", "**", "\"", "'", "(", ")", "$HOME", "=", "..", "1.2.3.4", "xn--p1ai.com"]),
    min_size=1, max_size=12).map("".join)))
@example(("", "/a.py<b>"))
@example(("", "$b.\u4e3a.com"))
def test_code_context_drops_agree_with_the_rules(kind_text: tuple[str, str]) -> None:
    text = kind_text[0] + kind_text[1]
    assert_same(text, R)
    assert_verdicts(text, R)
