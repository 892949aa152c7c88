"""Issue 18, the errors of the held-out samples bench/realtext24 and bench/realtext25.

The reproducers are made up, in the shape of the real ones:

- a ChangeLog bullet crediting a contributor, ``  * Jane Doe (jane@example.net)``, read as
  an IRC log line (a ``*`` marker, then an address in brackets): ``reject_irc_hostmasks``
  now wants the nick alone between a log line's marker and the bracket (``* nick (ident@host)``);
- a delivery status notification's fields (RFC 3464: ``Final-Recipient: rfc822; bob@…``,
  ``Reporting-MTA: dns; mx…``) and an mbox separator line's envelope sender (``From
  bob@example.org  Sun Jun 16 10:00:00 2019``) are trace values: ``reject_mail_trace_headers``;
- an address masked with x's (``xxxxxx@xxxxxxxx.com``): ``reject_obfuscated_addresses``;
- a bold phrase that starts with an address (``- **press@example.org purpose**``) kept its
  ``**``: ``trim_markup`` drops a leading run of two or more emphasis marks;
- a template's expressions in a code block (``{{ row.id }}``, ``:key="row.id"``) and a Sphinx
  role's target (``:meth:`next <pkg.util.Chain.next>```) were linked: ``reject_code_expressions``;
- a fediverse handle after a symbol used as a bullet (``🔹@jane@social.example``) was linked as a
  mailbox: ``reject_fediverse_handles`` reads a symbol (So) as a word start;
- (not from a sample) a standard library's or a module alias's member, ``std.io`` (Zig),
  ``np.ma``: ``reject_code_expressions``.

Property tests cover each class; the last test compares the compiled gate with the Python
rules on these shapes.
"""

from __future__ import annotations

import pytest
from hypothesis import assume, example, given
from hypothesis import strategies as st
import test_accel_policy as tap  # tests/ is on sys.path: the compiled gate's differential helpers
from test_context_realtext5 import REC, texts, without
from test_context_realtext8 import test_realtext8_rule as check_rule

from uts58_icu import LinkPolicy
from uts58_icu.linkification.context import _CODE_RECEIVERS

BASE = LinkPolicy()

# (text, links in recommended, the field that decides)
CASES = [
    ("Final-Recipient: rfc822; someone@example.org\nAction: failed\n", [], "reject_mail_trace_headers"),
    ("Original-Recipient: rfc822;someone@example.org\n", [], "reject_mail_trace_headers"),
    ("Reporting-MTA: dns; mx.example.net\n", [], "reject_mail_trace_headers"),
    ("From jane@example.com  Sun Jun 16 10:00:00 2019\nFrom: Jane <jane@example.com>\n", ["jane@example.com"],
     "reject_mail_trace_headers"),
    ("To: xxxxxx@xxxxxxxx.com\n", [], "reject_obfuscated_addresses"),
    ("- **press@example.org purpose**\n", ["press@example.org"], "trim_markup"),
    ("```vue-html\n<li v-for=\"row in rows\" :key=\"row.id\">{{ row.id }}</li>\n```\n", [], "reject_code_expressions"),
    ("  * parser.c - J. Doe (jane.doe@example.net)\n", ["jane.doe@example.net"], "reject_irc_hostmasks"),
    ("*   The :meth:`next <pkg.util.python.MutableChain.next>` method\n", [], "reject_code_expressions"),
    ("<andrewrk> use std.io for that, or np.ma in Python\n", [], "reject_code_expressions"),
    ("Find me at: \U0001f539@jane@social.example.com \U0001f539https://example.com/\n", ["https://example.com/"],
     "reject_fediverse_handles"),
]


@pytest.mark.parametrize(("text", "expected", "field"), CASES)
def test_realtext24_rule(text: str, expected: list[str], field: str) -> None:
    if field == "reject_irc_hostmasks":  # the rule no longer fires: the field decides nothing here
        assert texts(text) == expected == texts(text, without(field))
        return
    check_rule(text, expected, field)  # the links, the field decides, explain names it


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # IRC log lines keep their hostmasks dropped: a marker, the nick alone, the bracket
        ("* jane (jane@host.example.net)\n", []),
        ("[12:00] * jane (~jane@host.example.net) has joined #x\n", []),
        ("-!- jane [jane@host.example.net] has quit\n", []),
        ("--> jane (jane@host.example.net)\n", []),
        # a list item of names: mailboxes
        ("  * Jane Doe (jane@example.net)\n", ["jane@example.net"]),
        ("* Thanks to Jane Doe (jane@example.net)\n", ["jane@example.net"]),
        # From: is an address header; "From " in prose is not a separator line
        ("From: jane@example.com\n", ["jane@example.com"]),
        ("Mail from jane@example.com  Sun at 10\n", ["jane@example.com"]),
        ("From jane@example.com: thanks\n", ["jane@example.com"]),
        # x's that are not a mask: a real local-part or domain
        ("write to xxx@example.org or max@xxxxx.org\n", ["xxx@example.org", "max@xxxxx.org"]),
        # one emphasis mark that the text does not close right after: part of the local-part
        ("*jane@example.org\n", ["*jane@example.org"]),
        # a plain attribute and a host under a web TLD stay links
        ('<a href="example.io">x</a>', ["example.io"]),
        ("{{ example.com }}", ["example.com"]),
        ("std.com and np.org are hosts", ["std.com", "np.org"]),
        ('<input :placeholder="example.com">', ["example.com"]),
    ],
)
def test_realtext24_rules_keep(text: str, expected: list[str]) -> None:
    assert texts(text) == expected


_label = st.from_regex(r"[a-z][a-z0-9]{0,8}", fullmatch=True)
_name = st.lists(st.from_regex(r"[A-Z][a-z]{1,8}", fullmatch=True), min_size=2, max_size=3).map(" ".join)
_domain = st.builds(lambda labels, tld: ".".join([*labels, tld]), st.lists(_label, min_size=1, max_size=3),
                    st.sampled_from(["com", "org", "net", "de", "io"]))


@given(_name, _label, _domain, st.sampled_from(["  * ", "* ", "\t* ", "- "]), st.sampled_from(["", "file.c - ", "Fix: "]))
@example("Jane Doe", "jane", "example.net", "  * ", "")
def test_credit_lines_keep_their_addresses(name: str, local: str, domain: str, bullet: str, lead: str) -> None:
    address = f"{local}@{domain}"
    assert address in texts(f"{bullet}{lead}{name} ({address})\n")


@given(st.sampled_from(["Final-Recipient", "Original-Recipient", "final-recipient"]),
       st.sampled_from(["rfc822; ", "rfc822;", "RFC822; "]), _label, _domain)
def test_dsn_recipients_never_link(field: str, kind: str, local: str, domain: str) -> None:
    address = f"{local}@{domain}"
    text = f"Reporting-MTA: dns; mx.example.net\n\n{field}: {kind}{address}\nAction: failed\n"
    assert texts(text) == []
    assert address in texts(text, BASE)


@given(_label, _domain, st.sampled_from(["Sun Jun 16 10:00:00 2019", "Mon Jan  1 00:00:00 2001", "Thu Nov 24 2026"]),
       st.sampled_from([" ", "  ", "\t"]))
def test_mbox_separator_senders_never_link(local: str, domain: str, date: str, gap: str) -> None:
    address = f"{local}@{domain}"
    text = f"From {address}{gap}{date}\nSubject: x\n\nbody\n"
    assert address not in texts(text)
    assert address in texts(f"From: {address}\n")


@given(st.integers(3, 12), st.integers(3, 12), st.sampled_from(["com", "org", "co.uk"]), st.sampled_from(["x", "X"]))
def test_masked_addresses_never_link(n: int, m: int, tld: str, x: str) -> None:
    assert texts(f"To: {x * n}@{x * m}.{tld}\n") == []


@given(_label.filter(lambda x: x not in _CODE_RECEIVERS), st.sampled_from(["id", "name", "io", "de"]),
       st.sampled_from(['{{ %s }}', ':key="%s"', 'v-bind:id="%s"', '[value]="%s"', '(click)="%s"', '@click="%s"']))
def test_template_expressions_never_link(obj: str, tld: str, shape: str) -> None:
    name = f"{obj}.{tld}"
    text = f"```html\n<div {shape % name}></div>\n```\n"
    assert name not in texts(text)


SHAPES = ["\n", " ", "  ", "\t", "* ", "  * ", "-!- ", "[12:00] ", "(", ")", "[", "]", "jane", "Jane Doe ",
          "jane@example.net", "~jane@host.example.net", " has joined", "Final-Recipient: ", "rfc822; ",
          "Reporting-MTA: dns; ", "mx.example.net", "From ", "From: ", " Sun Jun 16 10:00:00 2019", "xxxx@xxxx.com",
          "**", "__", "press@example.org", "{{ ", " }}", ":key=\"", "\"", "row.id", "example.com", "```html\n",
          ":meth:`", "x <", "a.b.Chain.next", ">`", "\U0001f539", "@jane"]


@given(st.lists(st.sampled_from(SHAPES), max_size=14).map("".join))
@example("From jane@example.com  Sun Jun 16 10:00:00 2019\nFinal-Recipient: rfc822; a@example.org\n"
         "  * Jane Doe (jane@example.net)\n* jane (jane@host.example.net)\nTo: xxxxxx@xxxxxxxx.com\n"
         "- **press@example.org purpose**\n```vue-html\n<li :key=\"row.id\">{{ row.id }}</li>\n```\n")
def test_gate_agrees_on_realtext24_shapes(text: str) -> None:
    if tap._compiled is None:
        pytest.skip("the compiled core is not built")
    tap.assert_gate_parity(text, REC)
