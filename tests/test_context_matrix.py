"""Issue 18, the fifteenth real-text sample: the server name of a Matrix id linked as a domain.

A Matrix user id ``@localpart:server_name`` or room alias ``#alias:server_name`` is an identity:
the base links its server name as a bare domain (``<@_discord_123:bridge.example.org>`` ->
``bridge.example.org``), a host the writer did not mean as a link. ``reject_matrix_ids`` drops
the schemeless name right after ``@localpart:`` or ``#alias:`` when the sigil starts a word.
The reproducers are made up, in the shape of the sample's errors. ``<@nick:libera.chat>`` was
not linked before only because ``.chat`` is a word TLD (``reject_generic_tld_names``), which
says nothing of ``.org``, ``.net`` or ``.example``-style servers under ``.com``.
"""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
import test_accel_policy as tap  # tests/ is on sys.path: the compiled gate's differential helpers
from test_context_realtext5 import REC, texts, without
from test_context_realtext8 import test_realtext8_rule as check_rule

from uts58_icu import find_links
from uts58_icu.core.detection import find_links as base_find
from uts58_icu.linkification import _gate
from uts58_icu.linkification.apply import explain_notes
from uts58_icu.linkification.policy import LinkPolicy

FIELD = "reject_matrix_ids"

# (text, links in recommended)
REPRODUCERS = [
    ("<@_discord_123456789:bridge.example.org> sounds good", []),
    ("* @alice:chat.example.org join (alice)", []),
    ("> <@bob:matrix.example.net> quoted reply", []),
    ("@alice:example.com", []),
    ("@alice:example.com:8448 hi", []),
    ("(@alice.smith:example.org)", []),
    ("\u201c@a=b/c+d-e_f:example.org\u201d", []),
    ("*@alice:example.org waves", []),
    (">@alice:example.org said", []),
    ("join #room:example.org today", []),
    # an alias that is itself a domain: neither it nor the server is linked
    ("join #rust.de:matrix.org today", []),
    ("(#0.Bm:example.org)", []),
    ("#freenode_##linux:matrix.example.org", []),
    ("<@bob:example.net> see https://example.org/x", ["https://example.org/x"]),
]


@pytest.mark.parametrize(("text", "expected"), REPRODUCERS)
def test_matrix_id_server_is_no_link(text: str, expected: list[str]) -> None:
    check_rule(text, expected, FIELD)  # the links, the field decides, explain names it


def test_libera_chat_was_dropped_by_another_rule() -> None:
    # '.chat' is a word TLD: reject_generic_tld_names drops the bare name with or without this rule
    text = "<@nick:libera.chat> hi"
    assert texts(text) == [] == texts(text, without(FIELD))
    _, notes = explain_notes(text, policy=without(FIELD))
    assert any("§8 reject_generic_tld_names:" in str(n) for n in notes), notes


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("see https://matrix.example.org", ["https://matrix.example.org"]),
        ("email me@example.org", ["me@example.org"]),
        ("Re: x at 10:example.com", ["example.com"]),
        ("a:example.com", ["example.com"]),
        ("10:example.com", ["example.com"]),
        # a Matrix permalink: a URL with a scheme stays linked whole
        ("https://matrix.to/#/@alice:example.org", ["https://matrix.to/#/@alice:example.org"]),
        ("<https://matrix.to/#/#room:example.org>", ["https://matrix.to/#/#room:example.org"]),
        # no word starts at the sigil, no localpart, a blank in it, a character no user id has
        ("x@alice:example.org", ["example.org"]),
        ("x:@alice:example.org", ["example.org"]),
        ("@:example.org", ["example.org"]),
        ("#:example.org", ["example.org"]),
        ("@ali ce:example.org", ["example.org"]),
        ("@ali!ce:example.org", ["example.org"]),
        ("#a@b:example.org", ["example.org"]),
        # a scheme written after the id: another link
        ("@alice:https://example.org", ["https://example.org"]),
    ],
)
def test_matrix_rule_keeps(text: str, expected: list[str]) -> None:
    assert texts(text) == expected


@pytest.mark.parametrize(("text", "_expected"), REPRODUCERS)
def test_base_policy_still_links_them(text: str, _expected: list[str]) -> None:
    base = [lk.text for lk in find_links(text)]
    assert not LinkPolicy().reject_matrix_ids and REC.reject_matrix_ids
    assert base == [lk.text for lk in find_links(text, policy=LinkPolicy())]
    assert any(not x.startswith("https://") for x in base), base


_local = st.from_regex(r"[A-Za-z0-9._=/+-]{1,20}", fullmatch=True)
_alias = st.from_regex(r"[A-Za-z0-9_.\-\u00e9\u4e2d][A-Za-z0-9_#.\-\u00e9\u4e2d]{0,19}", fullmatch=True)
_server = st.sampled_from(["example.org", "chat.example.org", "matrix.example.net", "bridge.example.com",
                           "m.example.de", "example.co.uk"])
_port = st.sampled_from(["", ":8448", ":443", ":1"])
_opener = st.sampled_from(["", " ", "\n", "\t", "* ", "> ", "<", "(", "[", "{", '"', "'", "*", ">", "\u201c", "\u00ab"])
_tail = st.sampled_from(["", ">", " hi", ")", "]", "\n", ".", ",", "> sounds good", "\u201d"])


@given(_opener, st.sampled_from("@#"), _local, _alias, _server, _port, _tail)
@example("<", "@", "_discord_123456789", "x", "bridge.example.com", "", "> sounds good")
@example("* ", "@", "alice", "x", "chat.example.org", "", " join (alice)")
@example("", "#", "0", "0.Bm", "example.org", "", "")
def test_matrix_ids_never_link_their_server(opener: str, sigil: str, local: str, alias: str, server: str,
                                             port: str, tail: str) -> None:
    name = local if sigil == "@" else alias
    text = f"x{opener}{sigil}{name}:{server}{port}{tail}" if opener else f"{sigil}{name}:{server}{port}{tail}"
    # the server is not linked (nor a localpart or alias that is a domain itself, '#0.Bm:…':
    # test_matrix_ids_whose_name_is_a_domain_link_nothing)
    colon = text.index(f"{sigil}{name}:") + len(name) + 1
    assert [lk for lk in find_links(text, policy=REC) if lk.end > colon] == []
    # without the sigil (a list 'a:example.com', a time '10:example.com'), or glued after a
    # letter (no word starts at it): this rule rejects none of it
    ident = f"{sigil}{name}:"
    for other in (text.replace(ident, f"{name}:", 1), text.replace(ident, f"q{ident}", 1)):
        assert texts(other) == texts(other, without(FIELD))
    tap.assert_gate_parity(text, REC, skip=False)


_domain = st.tuples(st.from_regex(r"[a-z][a-z0-9-]{0,8}[a-z0-9]", fullmatch=True),
                    st.sampled_from(["de", "org", "com", "io", "Bm", "chat"])).map(".".join)


# (no atext character of an address's local-part right before the sigil: ``x'@a0.de`` is an address)
@given(st.sampled_from(["", "x ", "\n", "x\t", "* ", "> ", "<", "(", "[", "\u201c", "\u00ab"]), st.sampled_from("@#"),
       _domain, _server, _port, _tail)
@example("", "#", "rust.de", "matrix.org", "", "")
@example("(", "#", "0.Bm", "example.org", "", ")")
def test_matrix_ids_whose_name_is_a_domain_link_nothing(opener: str, sigil: str, name: str, server: str, port: str,
                                                          tail: str) -> None:
    text = f"{opener}{sigil}{name}:{server}{port}{tail}"
    start = text.index(f"{sigil}{name}:")
    end = start + len(f"{sigil}{name}:{server}{port}")
    assert [lk.text for lk in find_links(text, policy=REC) if lk.start < end and lk.end > start] == []
    # without a server after the ':' (a label, a list, a port), the name is left to the other rules
    plain = text.replace(f"{sigil}{name}:{server}{port}", f"{sigil}{name}: {server}", 1)
    assert texts(plain) == texts(plain, without(FIELD))
    tap.assert_gate_parity(text, REC, skip=False)


# ------------------------------------------------------------------ compiled gate

SHAPES = [
    "\n", " ", "<", ">", "(", ")", "*", '"', "\u201c", "@", "#", ":", "x", "alice", "_discord_1", "a.b=c/d+e-f",
    "example.org", "chat.example.org", ":8448", "https://", "matrix.to/#/", "10", "me@", " hi", "!",
]
shapes = st.lists(st.sampled_from(SHAPES), max_size=14).map("".join)


@given(shapes)
@example("<@_discord_1:example.org> hi\n* @alice:chat.example.org:8448 x\n#a.b=c/d+e-f:example.org "
         "https://matrix.to/#/@alice:example.org me@example.org 10:example.org")
def test_gate_agrees_on_matrix_shapes(text: str) -> None:
    tap.assert_gate_parity(text, REC)


@pytest.mark.skipif(tap._compiled is None, reason="the compiled core is not built")
@pytest.mark.parametrize(("text", "_expected"), REPRODUCERS)
def test_gate_never_keeps_a_matrix_server(text: str, _expected: list[str]) -> None:
    # the compiled gate must not settle such a link "keep" before Python sees it: a
    # schemeless name after ':' is a suspect (gate.c's test of the character before it)
    config = _gate.config(REC)
    links = base_find(text)
    reasons = tap._compiled.gate_reasons(text, links, config, True)
    for link, why in zip(links, reasons):
        if not link.text.startswith("https://"):
            assert why != 0, (text, link)
    tap.assert_gate_parity(text, REC)
