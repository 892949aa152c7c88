"""Issue 18, the fifth real-text sample (bench/realtext5): the classes of recommended()'s errors.

Each reproducer is made up, in the shape of the first run's errors: an IRC client's status
line naming the server that set a mode (HexChat/mIRC: ``May 19 23:59:44 *\\tzinc.example.chat
sets mode +n on #chan``), and addresses spelt out that no prose reading fits: spaces around
``@`` (``jane @ example.org``), a local-part that is a label of the domain (``jane at
jane.es``) and a line that is a spelt address alone (a list archive's members). A property
test covers each class; the compiled and pure paths are compared in tests/test_accel_policy.py.
"""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from uts58_icu import LinkPolicy, explain, find_links

REC = LinkPolicy.recommended()


def texts(text: str, policy: LinkPolicy = REC) -> list[str]:
    return [lk.text for lk in find_links(text, policy=policy)]


def without(field: str) -> LinkPolicy:
    return dataclasses.replace(REC, **{field: False})  # type: ignore[arg-type]


# (text, links in recommended, the field that decides)
CASES = [
    # HexChat's log: the server that set the channel's modes on join
    ("May 19 23:59:44 *\tNow talking on #chan\nMay 19 23:59:44 *\tzinc.example.chat sets mode +n on #chan\n",
     [], "reject_irc_server_sources"),
    ("[12:01] * irc.example.net sets mode +o bob\n", [], "reject_irc_server_sources"),
    ("14:02 -!- irc.example.org sets ban *!*@host\n", [], "reject_irc_server_sources"),
    # an address spelt with spaces around '@' (meeting notes)
    ("please contact Portia at portia @ example.ai\n", [], "reject_obfuscated_addresses"),
    # Pipermail: a signature whose local-part is the domain's label; a list of members, one a line
    ("jane at jane.es - https://www.jane.es/\n", ["https://www.jane.es/"],
     "reject_obfuscated_addresses"),
    ("Jane <jane at example.org>\nforsberg at efod.example.se\nfred at example.com\n", [],
     "reject_obfuscated_addresses"),
]


@pytest.mark.parametrize(("text", "expected", "field"), CASES)
def test_realtext5_rule(text: str, expected: list[str], field: str) -> None:
    assert texts(text) == expected
    assert texts(text, without(field)) != expected, "the field decides"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a server or domain named in a message a person typed stays a link
        ("May 19 23:59:44 <wm>\tzinc.example.chat sets mode +n for everyone", ["zinc.example.chat"]),
        ("irc.example.net sets mode +C on join, see irc.example.net", ["irc.example.net", "irc.example.net"]),
        ("May 19 23:59:44 *\twm has joined, see zinc.example.chat sets", ["zinc.example.chat"]),
        # prose "at" and "@": a capitalised word, a verb phrase, a line with more on it
        ("Look at example.com\n", ["example.com"]),
        ("we met at example.com today\n", ["example.com"]),
        ("Meetup @ example.com tonight", ["example.com"]),
        ("forsberg at efod.example.se and more\n", ["efod.example.se"]),
    ],
)
def test_realtext5_rules_keep(text: str, expected: list[str]) -> None:
    assert texts(text) == expected


def test_explain_names_the_rules() -> None:
    irc = "May 19 23:59:44 *\tzinc.example.chat sets mode +n on #chan\n"
    assert "§8 reject_irc_server_sources" in " ".join(explain(irc, irc.index("zinc"), policy=REC).reasons)
    spaced = "contact portia @ example.ai\n"
    assert "§8 reject_obfuscated_addresses" in " ".join(explain(spaced, spaced.index("example"), policy=REC).reasons)


_LOWER = "abcdefghijklmnopqrstuvwxyz"
_LABEL = st.text(_LOWER + "0123456789", min_size=1, max_size=10).filter(lambda s: s[0].isalpha())
_TLD = st.sampled_from(["com", "org", "net", "chat", "de"])
_STAMP = st.sampled_from(["May 19 23:59:44 ", "[12:01] ", "12:01:07 ", ""])
_MARK = st.sampled_from(["*\t", "* ", "*** ", "-!- "])


@given(_STAMP, _MARK, st.lists(_LABEL, min_size=1, max_size=3).map(".".join), _TLD,
       st.sampled_from(["mode +n on #chan", "mode +o bob", "ban *!*@x"]))
def test_property_irc_server_sources_never_link(stamp: str, mark: str, host: str, tld: str, rest: str) -> None:
    assert texts(f"x\n{stamp}{mark}{host}.{tld} sets {rest}\ny") == []


@given(_LABEL, st.lists(_LABEL, min_size=1, max_size=2).map(".".join), _TLD, st.sampled_from([" @ ", "\t@ ", " @\t"]))
def test_property_spaced_at_never_links(local: str, domain: str, tld: str, at: str) -> None:
    assert texts(f"mail {local}{at}{domain}.{tld}\n") == []


@given(_LABEL, st.lists(_LABEL, max_size=2), _TLD)
def test_property_local_part_label_of_domain_never_links(local: str, more: list[str], tld: str) -> None:
    domain = ".".join([*more, local, tld])
    assert texts(f"mail {local} at {domain} please") == []


@given(_LABEL, st.lists(_LABEL, min_size=1, max_size=2).map(".".join), _TLD)
def test_property_spelt_address_lines_never_link(local: str, domain: str, tld: str) -> None:
    assert texts(f"members:\n{local} at {domain}.{tld}\n") == []
