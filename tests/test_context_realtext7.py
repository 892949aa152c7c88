"""Issue 18, the seventh real-text sample (bench/realtext7): the classes of recommended()'s errors.

Each reproducer is made up, in the shape of the first run's error: a netsplit's quit reason
in an IRC log (``*** Quits nick (irc.example.nl hub.example)``, the two servers whose link
split), Pipermail's HTML message header (the sender's spelt address alone on an indented
line), a spelt address after a contact label on a signature line (``Jabber: jroe at
example.de``), a shouted phrase spelled like a domain (``(++MADE.MY.DAY!)``) and a bare name
under a file-extension TLD between two links of a post (``… http://t.co/x example.cc
http://t.co/y``). A property test covers each class; the compiled and pure paths are
compared in tests/test_accel_policy.py.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_context_realtext5 import _LABEL, REC, texts, without  # tests/ is on sys.path

from uts58_icu.linkification.apply import explain_notes
from uts58_icu.linkification.context import _PROSE_BEFORE_AT

# (text, links in recommended, the field that decides)
CASES = [
    # a netsplit's quit reason (ZNC/Textual, irssi's brackets, weechat, mIRC, a kick)
    ("[09:26:40] *** Quits nick (irc.example.nl hub.example)\n", [], "reject_irc_server_sources"),
    ("[09:26:40] *** Quits: nick (efnet.example.eu irc.example.nl)\n", [], "reject_irc_server_sources"),
    ("12:34 -!- bob [~b@host.example.org] has quit [irc.a.net irc.b.org]\n", [], "reject_irc_server_sources"),
    ("2020-01-01 12:34:56\t<--\tbob (~b@h) has quit (irc.a.net irc.b.org)\n", [], "reject_irc_server_sources"),
    ("[12:34] * bob Quit (irc.a.net irc.b.org)\r\n", [], "reject_irc_server_sources"),
    ("* bob was kicked by op (irc.a.net irc.b.org)", [], "reject_irc_server_sources"),
    ("(12:34:56) bob left the room (quit: irc.a.net irc.b.org).\n", [], "reject_irc_server_sources"),
    ("12:34 -!- Netsplit irc.a.net <-> irc.b.org quits: bob, jane\n", [], "reject_irc_server_sources"),
    # Pipermail's HTML message header: the name, then the spelt address alone, indented
    ("Subject\n    Jane Roe \n    jroe at EXAMPLE.EDU\n       \n", [], "reject_obfuscated_addresses"),
    ("    jroe at example.es \n    jroe at example.es\n", [], "reject_obfuscated_addresses"),
    # a spelt address after a contact label
    ("Twitter: janeOne    Jabber: jroe at example.de\n", [], "reject_obfuscated_addresses"),
    ("Roe GmbH            E-Mail: jroe at mail.example.co.uk\n", [], "reject_obfuscated_addresses"),
    # a shouted phrase under a word TLD between punctuation
    ("my class! ;-)  (++MADE.MY.DAY!) cc @a", [], "reject_generic_tld_names"),
    # a name under a file-extension TLD between two links written with a scheme
    ("#meetup get started at http://t.co/AbCd example.cc http://t.co/Xy more",
     ["http://t.co/AbCd", "example.cc", "http://t.co/Xy"], "reject_file_names"),
]


@pytest.mark.parametrize(("text", "expected", "field"), CASES)
def test_realtext7_rule(text: str, expected: list[str], field: str) -> None:
    assert texts(text) == expected
    if field == "reject_file_names":  # a rule that keeps: without the name rule, nothing rejects it either
        assert texts(text.replace("http://t.co/Xy", "and")) == ["http://t.co/AbCd"]
    else:
        assert texts(text, without(field)) != expected, "the field decides"
        _, notes = explain_notes(text, policy=REC)  # and explain names it
        assert any(f"§8 {field}:" in str(n) for n in notes), notes


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # two names in brackets without a quit, part or kick; one name; not closing the line
        ("see (example.com example.org)\n", ["example.com", "example.org"]),
        ("bob quit (see example.com)\n", ["example.com"]),
        ("bob quit (a.example.com b.example.org) today\n", ["a.example.com", "b.example.org"]),
        # a scheme is never a netsplit reason
        ("* bob Quit (https://a.example.net b.example.org)\n", ["https://a.example.net", "b.example.org"]),
        ("I said (quit: a.example.com b.example.org) no\n", ["a.example.com", "b.example.org"]),
        ("see a.example.com <-> b.example.org\n", ["a.example.com", "b.example.org"]),
        # prose after an indented "at", a label that names no address channel, a path
        ("    look at example.org for more\n", ["example.org"]),
        ("the new site is\n    available at example.org\n", ["example.org"]),
        ("Home: now at example.org\n", ["example.org"]),
        ("Blog: now at example.org\n", ["example.org"]),
        ("Contact: us at example.org/contact\n", ["example.org/contact"]),
        # a host written in capitals after a space, www, a web TLD
        ("VISIT SHOP.EXAMPLE.STORE!", ["SHOP.EXAMPLE.STORE"]),
        ("(WWW.EXAMPLE.DAY!)", ["WWW.EXAMPLE.DAY"]),
        ("x+MADE.MY.COM!", ["MADE.MY.COM"]),
        # a file name next to one link only, or between links not separated by blanks alone
        ("see http://a.example.org/x main.cc\n", ["http://a.example.org/x"]),
        ("build main.cc then http://a.example.org/x\n", ["http://a.example.org/x"]),
        # Bugzilla's comment header is no IRC line; weechat's "--" marker still is
        ("--- Comment #5 from Jane Roe (jroe@example.org) ---\n", ["jroe@example.org"]),
        ("--\tnick (jroe@host.example.org) joined\n", []),
    ],
)
def test_realtext7_rules_keep(text: str, expected: list[str]) -> None:
    assert texts(text) == expected


_TLD = st.sampled_from(["com", "org", "net", "nl", "eu", "se"])
_SERVER = st.tuples(st.lists(_LABEL, min_size=1, max_size=3).map(".".join), _TLD).map(".".join)
_STAMP = st.sampled_from(["", "[09:26:40] ", "12:34 ", "2020-01-01 12:34:56\t", "May 19 23:59:44 "])
# (line before the reason, opening and closing bracket): ZNC, Textual, irssi, weechat,
# HexChat/XChat, mIRC, Quassel, parts and kicks, Pidgin
_EVENT = st.sampled_from([
    ("*** Quits nick ", "()"), ("*** Quits: nick (~u@h.example.org) ", "()"), ("nick (~u@h) left IRC ", "()"),
    ("-!- nick [~u@h.example.org] has quit ", "[]"), ("<--\tnick (~u@h) has quit ", "()"),
    ("*\tnick has quit ", "()"), ("* nick (~u@h) Quit ", "()"), ("<-- nick has quit ", "()"),
    ("*** Parts: nick #chan ", "()"), ("-!- nick was kicked from #chan by op ", "[]"),
    ("nick left the room ", "(quit: ", ")."),  # Pidgin
])


@given(_STAMP, _EVENT, _SERVER, _SERVER, st.sampled_from(["", "\n", " \n", "\r\n", "\nnext line"]))
def test_property_netsplit_reasons_never_link(stamp: str, event: tuple[str, ...], a: str, b: str, end: str) -> None:
    line, op, cl = event if len(event) == 3 else (event[0], *event[1])
    assert texts(f"x\n{stamp}{line}{op}{a} {b}{cl}{end}") == []


@given(_STAMP, _SERVER, _SERVER, st.sampled_from([" quits: bob, jane", "", "\r"]), st.sampled_from(["", "\nnext"]))
def test_property_irssi_netsplit_lines_never_link(stamp: str, a: str, b: str, rest: str, end: str) -> None:
    assert texts(f"x\n{stamp}-!- Netsplit {a} <-> {b}{rest}{end}") == []


@given(_LABEL, _LABEL, _TLD, _TLD, st.sampled_from(["see ", "I said ", "Bob ", ""]))
def test_property_two_names_in_prose_keep(x: str, y: str, tx: str, ty: str, before: str) -> None:
    a, b = f"site{x}.{tx}", f"mirror.site{y}.{ty}"  # hosts no other rule reads as code
    assert texts(f"{before}({a} {b})\n") == [a, b]


_LOCAL = _LABEL.filter(lambda w: w not in _PROSE_BEFORE_AT)  # "available at example.org" is prose


@given(_LOCAL, st.lists(_LABEL, min_size=1, max_size=2).map(".".join), _TLD,
       st.sampled_from(["  ", "    ", "\t", " \t "]), st.sampled_from(["", " ", "  \t"]))
def test_property_indented_spelt_address_lines_never_link(local: str, domain: str, tld: str, indent: str,
                                                           blanks: str) -> None:
    assert texts(f"Jane Roe \n{indent}{local} at {domain}.{tld}{blanks}\n") == []


@given(st.sampled_from(["Jabber", "XMPP", "E-Mail", "email", "Mail", "ICQ", "Contact", "Kontakt"]),
       _LOCAL, st.lists(_LABEL, min_size=1, max_size=2).map(".".join), _TLD,
       st.sampled_from(["", "Twitter: jroe    ", "Jane Roe        ", "> "]))
def test_property_contact_label_spelt_address_never_links(label: str, local: str, domain: str, tld: str,
                                                          before: str) -> None:
    assert texts(f"{before}{label}: {local} at {domain}.{tld}\n") == []


_WORD = st.text("ABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=1, max_size=8)


@given(st.lists(_WORD, min_size=2, max_size=3).filter(lambda w: w[0] != "WWW").map(".".join), st.sampled_from(["DAY", "LIFE", "FUN", "WORLD"]),
       st.sampled_from(["(++", "*", "#", "(", "\""]), st.sampled_from(["!", "!)", "?!", "?"]))
def test_property_shouted_phrases_never_link(words: str, tld: str, before: str, after: str) -> None:
    assert texts(f"wow {before}{words}.{tld}{after} ok") == []


@given(_LABEL, st.sampled_from(["cc", "py", "rs", "md", "sh"]),
       st.sampled_from([" ", "  ", "\t"]), st.sampled_from([" ", "  ", "\t"]))
def test_property_name_between_links_links(name: str, ext: str, b1: str, b2: str) -> None:
    host = f"site{name}.{ext}"  # not a code receiver (input.cc)
    assert texts(f"get started at http://t.co/AbCd{b1}{host}{b2}https://t.co/Xy") == [
        "http://t.co/AbCd", host, "https://t.co/Xy"]
