"""Issue 18, the errors of two fresh blind samples (bench/realtext16, bench/realtext17).

The reproducers are made up, in the shape of the real ones:

- an ssh login named in prose, ``passwordless SSH from build@ci.lab.example.net``, was linked
  as a mailbox: ``reject_code_context`` reads SSH (any case) with ``from``/``to``/``into``/
  ``onto``/``as``/``via`` right before ``user@host`` as a login, as it reads ``ssh user@host``;
- ``Envelope-From:`` (an MTA's envelope sender, like ``Return-Path:``) is a trace header:
  ``reject_mail_trace_headers``;
- a site named by its domain under a word TLD, right before a URL to that same host, was
  dropped by ``reject_generic_tld_names`` (``[Promises - JavaScript.Info](https://javascript.info/…)``):
  the URL says the name is the site (``rules.names_its_target``).

Property tests cover each class; the last test compares the compiled gate with the Python
rules on these shapes.
"""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
import test_accel_policy as tap  # tests/ is on sys.path: the compiled gate's differential helpers
from test_context_realtext5 import REC, texts, without
from test_context_realtext8 import test_realtext8_rule as check_rule

from uts58_icu import LinkPolicy
from uts58_icu.linkification.apply import explain_notes
from uts58_icu.linkification.rules import names_its_target

BASE = LinkPolicy()

# (text, links in recommended, the field that decides)
CASES = [
    ("- Allow passwordless SSH from build@ci.lab.example.net (see ~/.ssh/authorized_keys)", [],
     "reject_code_context"),
    ("then ssh'd into root@host.example.org to check", [], "reject_code_context"),
    ("Log in with Ssh as deploy@web1.example.com.", [], "reject_code_context"),
    ("Envelope-From: bounce-123@lists.example.org\nFrom: Jane Roe <jane@example.org>\n", ["jane@example.org"],
     "reject_mail_trace_headers"),
    # realtext18, realtext19
    ("app.get('/', (req, res) => {\n  res.send(res.locals.data);\n});\n", [], "reject_code_expressions"),
    ("console.log(a, user.profile.data)", [], "reject_code_expressions"),
    ("* ASP.net (VB/C#)\n* a VB.net lexer\n", [], "reject_code_expressions"),
]

# realtext18: an empty last query value at a line's end in a text that is not quoted-printable
# (an '=' that starts no =XX escape before it); the same URL written in quoted-printable is cut
QP = [
    ("Drafts at:\nhttps://tracker.example.org/doc/search?name=x&sort=&by=group&group=\nMailing list: x\n",
     ["https://tracker.example.org/doc/search?name=x&sort=&by=group&group="]),
    ("Drafts at:\nhttps://tracker.example.org/doc/search?name=3Dx&sort=3D&by=3Dgroup&group=\n3Dwg\n", []),
]


@pytest.mark.parametrize(("text", "expected"), QP)
def test_soft_break_needs_quoted_printable_text(text: str, expected: list[str]) -> None:
    assert texts(text) == expected


@pytest.mark.parametrize(("text", "expected", "field"), CASES)
def test_realtext16_rule(text: str, expected: list[str], field: str) -> None:
    check_rule(text, expected, field)  # the links, the field decides, explain names it


# (a text with {} for the URL's host, the name): reject_generic_tld_names keeps the name
# before a URL to its own host, and drops it before a URL to another host
SITE_NAMES = [
    ("- [Promises - Example.Info](https://{}/promises)", "Example.Info"),
    ("- [Промисы — JavaScript.Info](https://{}/promise).", "JavaScript.Info"),
    ("The tutorial JavaScript.info (https://{}) is translated.", "JavaScript.info"),
    ("Results: wpt.fyi: https://www.{}/results", "wpt.fyi"),
]


@pytest.mark.parametrize(("shape", "name"), SITE_NAMES)
def test_site_name_before_its_url(shape: str, name: str) -> None:
    text = shape.format(name.lower())
    links = texts(text)
    assert links[0] == name and len(links) == 2 and name.lower() in links[1], links
    other = shape.format("other-" + name.lower())
    assert name not in texts(other)
    _, notes = explain_notes(other, policy=REC)
    assert any("§8 reject_generic_tld_names:" in str(n) for n in notes), notes


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # SSH named without a preposition right before the address: a mailbox
        ("SSH keys: mail admin@example.org", ["admin@example.org"]),
        ("Questions on SSH? Write to admin@example.org", ["admin@example.org"]),
        ("the SSHFS list is sshfs-users@lists.example.net", ["sshfs-users@lists.example.net"]),
        # X-Envelope-From was a trace header already; From: stays a mailbox
        ("X-Envelope-From: a@example.org\nFrom: b@example.org\n", ["b@example.org"]),
        # a web host in a call, or a name glued to no identifier's '(': links
        ("homepage(www.example.de)", ["www.example.de"]),
        ("site(docs.example.com)", ["docs.example.com"]),
        ("see (res.locals.data)", ["res.locals.data"]),
        ("see PHP.net for docs", ["PHP.net"]),
        # another host, a longer host, no scheme, or too far away: the word-TLD rule decides
        ("see logger.info (https://example.info)", ["https://example.info"]),
        ("see example.info (https://example.information.org)", ["https://example.information.org"]),
        ("see example.info (example.info)", []),
        ("see example.info" + " " * 20 + "(https://example.info)", ["https://example.info"]),
    ],
)
def test_realtext16_rules_keep(text: str, expected: list[str]) -> None:
    assert texts(text) == expected


def test_names_its_target_compares_whole_hosts() -> None:
    text = "a.info](https://a.info.evil.example/x)"
    assert not names_its_target(text, len("a.info"), "a.info")
    for after in ("](https://a.info/x)", " (https://a.info)", ": http://www.a.info", " <ftp://A.INFO>", "](https://a.info"):
        assert names_its_target("a.info" + after, len("a.info"), "a.info"), after


_login = st.from_regex(r"[a-z][a-z0-9_-]{0,8}", fullmatch=True)
_label = st.from_regex(r"[a-z][a-z0-9]{0,8}", fullmatch=True)


@given(st.sampled_from(["SSH", "ssh", "Ssh", "ssh'd", "SSH'd", "sshd"]), st.sampled_from(["from", "to", "into", "onto", "as", "via"]),
       _login, st.lists(_label, min_size=1, max_size=3), st.sampled_from(["com", "org", "net", "de", "io"]),
       st.sampled_from(["", "Allow passwordless ", "- Then ", "We "]), st.sampled_from(["", ".", " (see the notes)", "\n"]))
@example("SSH", "from", "build", ["ci", "lab", "example"], "net", "Allow passwordless ", " (see")
def test_ssh_logins_in_prose_never_link(word: str, prep: str, user: str, labels: list[str], tld: str, lead: str,
                                        tail: str) -> None:
    address = f"{user}@{'.'.join([*labels, tld])}"
    text = f"{lead}{word} {prep} {address}{tail}"
    links = texts(text)
    if word == "sshd":  # no ssh word: the daemon's name is not the command
        assert address in texts(text, BASE)
        return
    assert address not in links
    assert address in texts(text, BASE)  # the base links it: only the §8 layer drops it


@given(_label.filter(lambda x: not x.startswith("www")), st.sampled_from(["info", "name", "fyi", "tech", "Info"]),
       st.sampled_from(["](https://{}/x)", " (https://{})", ": https://www.{}/", " <http://{}>"]),
       st.sampled_from(["- [Docs - ", "See ", "The site "]))
@example("javascript", "Info", "](https://{}/promise)", "- [Promises - ")
def test_names_followed_by_their_own_url_link(label: str, tld: str, after: str, lead: str) -> None:
    name = f"{label.capitalize()}.{tld}"
    text = lead + name + after.format(name.lower()) + " more"
    assert name in texts(text)
    # a URL to another host: the name is left to the word-TLD rule
    other = lead + name + after.format("other-" + name.lower()) + " more"
    assert not names_its_target(other, len(lead) + len(name), name)
    assert name not in texts(other)


@given(st.lists(_label.filter(lambda x: x != "www"), min_size=3, max_size=5), st.sampled_from(["send", "log", "f", "$"]),
       st.sampled_from(["data", "id", "name", "info", "io", "de"]), st.sampled_from(["", "a, ", "x.y, "]))
@example(["res", "locals", "x"], "send", "data", "")
def test_member_chains_in_a_call_never_link(labels: list[str], fn: str, tld: str, first: str) -> None:
    chain = ".".join([*labels[:-1], tld])
    assert texts(f"  {fn}({first}{chain});\n") == []
    # under a web TLD it is left to the other rules
    web = ".".join([*labels[:-1], "com"])
    assert texts(f"  {fn}({first}{web});\n") == texts(f"  {fn}({first}{web});\n", without("reject_code_expressions"))


SHAPES = ["\n", " ", "\t", "  ", "     ", "\t\t\t", "ASP.net", "VB.net", "PHP.net", "res.locals.data", "send(",
          "(", ")", ", ", "=\n", "?a=x&b=", "?a=3D", "SSH", "ssh", "Ssh", "'d", "from ", "to ", "into ", "as ", "keys", "build@ci.example.net",
          "jane@example.org", "Envelope-From: ", "From: ", "X-Envelope-From: ", "Example.Info", "javascript.info",
          "](", "(", ")", "https://", "http://www.", "example.info", "/x", "[", ": ", "logger.info"]


@given(st.lists(st.sampled_from(SHAPES), max_size=14).map("".join))
@example("passwordless SSH from build@ci.example.net\nEnvelope-From: jane@example.org\n"
         "- [Docs - Example.Info](https://example.info/x) and javascript.info (https://javascript.info)")
@example("Ssh as jane@example.org")
@example("see example.info" + " " * 20 + "(https://example.info)")
@example("see kb.info (https://\u212ab.info) and blog.info \"https://news.de\"")
@example("see example.info\t\t](  https://example.info)")
def test_gate_agrees_on_realtext16_shapes(text: str) -> None:
    if tap._compiled is None:
        pytest.skip("the compiled core is not built")
    tap.assert_gate_parity(text, REC)


@pytest.mark.skipif(tap._compiled is None, reason="the compiled core is not built")
def test_gate_sends_only_a_name_before_its_own_url() -> None:
    """gate.c names_its_target is rules.names_its_target exactly: a word-TLD name before a URL
    to another host stays a sure drop in C (one link sent to Python costs its per-text work:
    0.4 M instructions on bench/corpus.py's 100 kB ASCII text)."""
    from uts58_icu.core.detection import find_links as base_find
    from uts58_icu.linkification import _gate

    config = _gate.config(REC)

    def reasons(text: str) -> list[int]:
        return list(tap._compiled.gate_reasons(text, base_find(text), config, True))  # type: ignore[union-attr]

    assert reasons('This blog.info "https://news.de" x')[0] < 0
    assert reasons("This blog.info (https://news.de) x")[0] < 0
    assert reasons("This blog.info (https://blog.info) x")[0] > 0
    assert reasons("This blog.info](https://www.BLOG.info/x) x")[0] > 0
