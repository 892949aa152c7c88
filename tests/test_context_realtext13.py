"""Issue 18, the thirteenth real-text sample (bench/realtext13): handles, other protocols' URIs.

The reproducers are made up, in the shape of the sample's errors:

- a fediverse handle ``@jane@toot.example.social`` was linked as the email ``jane@…``
  (``reject_fediverse_handles``);
- the ``user@host`` of ``xmpp:wg@jabber.example.org?join`` was linked as an email
  (``reject_protocol_uri_addresses``);
- the ``http://…`` inside a garbled ``hhttp://…`` was linked (``reject_compound_schemes``);
- a URL whose base64 query ends in ``==`` at a line's end was dropped as a quoted-printable
  soft break (``reject_quoted_printable_breaks`` now keeps it);
- ``indieweb.social`` in a post was dropped as a bare name under a word TLD
  (``reject_generic_tld_names`` now keeps ``.social`` as ``.app``).

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

from uts58_icu import find_links
from uts58_icu.linkification.apply import explain_notes
from uts58_icu.linkification.context import _PROTOCOL_URI_SCHEMES

# (text, links in recommended, the field that decides)
CASES = [
    ("@jane@toot.example.social thanks!\n", [], "reject_fediverse_handles"),
    ("I'm feeling it\n@jane@example.de this was the last one\n", [], "reject_fediverse_handles"),
    ("#FF #follow @JaneRoe@mstdn.example.party this level of wit\n", [], "reject_fediverse_handles"),
    ("(@jane_r@hachyderm.example.io) like, LIKE?", [], "reject_fediverse_handles"),
    ("\u201c@jane@example.social\u201d", [], "reject_fediverse_handles"),
    ("* [Meeting chat](xmpp:wg@jabber.example.org?join) ([Slack](x))", [], "reject_protocol_uri_addresses"),
    ("xmpp:wg@jabber.example.org", [], "reject_protocol_uri_addresses"),
    ("call sip:alice@atlanta.example.com now", [], "reject_protocol_uri_addresses"),
    ("SIPS:bob@biloxi.example.com", [], "reject_protocol_uri_addresses"),
    ('<blockquote type="cite" cite="mid:0A1B2C3D-4E5F@mail.example.com">', [], "reject_protocol_uri_addresses"),
    ('<img src="cid:part1.wXUPtyG5.VYcSFhtF@example.com">', [], "reject_protocol_uri_addresses"),
    ("Andrea\nim:jane76@jabber.example.it\nhttp://www.example.it\n",
     ["http://www.example.it"], "reject_protocol_uri_addresses"),
    ("* [Minutes](hhttp://pad.example.org:9000/p/notes-97)\n", [], "reject_compound_schemes"),
    ("see hhttps://example.org/x", [], "reject_compound_schemes"),
    ("HHTTP://example.org/", [], "reject_compound_schemes"),
]


@pytest.mark.parametrize(("text", "expected", "field"), CASES)
def test_realtext13_rule(text: str, expected: list[str], field: str) -> None:
    check_rule(text, expected, field)  # the links, the field decides, explain names it


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a label that is no URI scheme, a word ending in a scheme's letters, mailto:
        ("Email:jane@example.org", ["jane@example.org"]),
        ("E-mail:jane@example.org", ["jane@example.org"]),
        ("To:jane@example.org", ["jane@example.org"]),
        ("Gossip:jane@example.org", ["jane@example.org"]),
        ("mailto:jane@example.org", ["mailto:jane@example.org"]),
        # an '@' that starts no word: not a handle
        ("a@@jane@example.org", ["jane@example.org"]),
        ("@ jane@example.org", ["jane@example.org"]),
        ("cc @jane and jane@example.org", ["jane@example.org"]),
        # a letter glued before the scheme that is not its first letter doubled at a word start
        ("Visithttps://example.org/x", ["https://example.org/x"]),
        ("ahhttp://example.org/x", ["http://example.org/x"]),
        ("https://example.org/x", ["https://example.org/x"]),
        # base64 padding at a line's end, and the next line after it
        ("https://www.example.com/p/AbC/?igshid=MzRlODBiNWFlZA==\nDark days",
         ["https://www.example.com/p/AbC/?igshid=MzRlODBiNWFlZA=="]),
        ("x=MzRl==\nhttps://example.org/a b", ["https://example.org/a"]),
        ("==========================\njane@example.org   | Finger\n", ["jane@example.org"]),
        # a quoted-printable soft break still cuts
        ("see https://example.org/a-very-long-pa=\nth/x\n", []),
        # a fediverse server named by its domain; a code object's attribute stays code
        ("...apparently still good from here on indieweb.social\nLowland", ["indieweb.social"]),
        ("every time anybody sees that\n  Mastodon.social is essentially", ["Mastodon.social"]),
        ("self.social", []),
        ("this.social = true;", []),
    ],
)
def test_realtext13_rules_keep(text: str, expected: list[str]) -> None:
    assert texts(text) == expected


_local = st.from_regex(r"[A-Za-z0-9_]{1,12}", fullmatch=True)
_host = st.sampled_from(["toot.example.social", "example.de", "mstdn.example.party", "hachyderm.example.io",
                         "jabber.example.org", "mail.example.com"])
_opener = st.sampled_from(["", " ", "\n", "\t", "(", "[", "{", "\u201c", "\u2018", "\u00ab", '"', "'"])


@given(_opener, _local, _host, st.sampled_from(["", " thanks", ")", "\n", ":", "."]))
@example("", "jane", "toot.example.social", " thanks")
def test_handles_never_link_an_email(opener: str, local: str, host: str, tail: str) -> None:
    text = f"x{opener}@{local}@{host}{tail}" if opener else f"@{local}@{host}{tail}"
    assert not [lk for lk in find_links(text, policy=REC) if lk.kind == "email"]
    # the same address without the '@' before it: this rule rejects none of it
    plain = text.replace(f"@{local}@", f"{local}@", 1)
    assert texts(plain) == texts(plain, without("reject_fediverse_handles"))


@given(st.sampled_from(sorted(_PROTOCOL_URI_SCHEMES)), st.booleans(), _local, _host,
       st.sampled_from(["", "?join", ")", " now", ";transport=tcp"]), st.sampled_from(["", " ", "(", "\n", '"']))
@example("xmpp", False, "wg", "jabber.example.org", "?join", "(")
def test_protocol_uris_never_link_an_email(scheme: str, upper: bool, local: str, host: str, tail: str,
                                           before: str) -> None:
    text = f"{before}{scheme.upper() if upper else scheme}:{local}@{host}{tail}"
    assert not [lk for lk in find_links(text, policy=REC) if lk.kind == "email"]
    # a label that is no URI scheme, or a longer word: this rule rejects none of it
    for label in ("Email", "Contact", f"x{scheme}", f"{scheme}x"):
        other = f"{before}{label}:{local}@{host}{tail}"
        assert texts(other) == texts(other, without("reject_protocol_uri_addresses"))


@given(st.sampled_from(["http", "https"]), st.booleans(), st.sampled_from(["", " ", "(", "\n", "]("]),
       st.sampled_from(["", "/p/notes", ":9000/p"]), st.sampled_from(["", "a", "x", "1", "_"]))
@example("http", False, "](", ":9000/p/notes", "")
def test_doubled_scheme_letter_never_links(scheme: str, upper: bool, before: str, path: str, glued: str) -> None:
    first = scheme[0].upper() if upper else scheme[0]
    text = f"{before}{glued}{first}{scheme}://pad.example.org{path} x"
    links = texts(text)
    if glued:  # the doubled letter does not start the word: the rule leaves the base's link
        assert links == texts(text, without("reject_compound_schemes"))
    else:
        assert links == []
        _, notes = explain_notes(text, policy=REC)
        assert any("§8 reject_compound_schemes:" in str(n) for n in notes), notes


@given(st.from_regex(r"[A-Za-z0-9]{1,20}", fullmatch=True), st.integers(1, 4),
       st.sampled_from(["", "Dark days", "https://example.org/b", "jane@example.org"]))
@example("MzRlODBiNWFlZA", 2, "Dark days")
@example("MzRlODBiNWFlZA", 1, "Dark days")
@example("3DMzRlODBi", 1, "")
def test_base64_padding_is_no_soft_break(value: str, pads: int, next_line: str) -> None:
    url = f"https://www.example.com/p/AbC/?igshid={value}{'=' * pads}"
    links = texts(f"{url}\n{next_line}")
    if pads == 1:
        # one '=' ending the line: a quoted-printable soft break, the link goes on, unless an
        # '=' before it starts no "=XX" escape ("?igshid=Mz…": quoted-printable writes "=3D")
        qp = all(c in "0123456789ABCDEFabcdef" for c in value[:2]) and len(value) >= 2
        assert (url not in links) == qp
    else:
        assert links[0] == url
        assert links[1:] == texts(next_line)  # the next line is no tail of a soft break


# ------------------------------------------------------------------ compiled gate parity

SHAPES = [
    "\n", " ", "\t", "(", ")", "[", "](", "\u201c", "@", "@@", ":", "x:", "xmpp:", "SIP:", "mid:", "Email:", "?join",
    "jane@example.social", "wg@jabber.example.org", "a", "h", "hhttp://", "hhttps://", "http://", "Visithttps://",
    "pad.example.org", ":9000/p", "/p/x", "?igshid=MzRl", "=", "==", "=\n", "==\n", "indieweb.social", "self.social",
    "Mastodon.social", "example.org",
]
shapes = st.lists(st.sampled_from(SHAPES), max_size=14).map("".join)


@given(shapes)
@example("@jane@toot.example.social thanks\n[chat](xmpp:wg@jabber.example.org?join) Email:jane@example.org\n"
         "[M](hhttp://pad.example.org:9000/p) Visithttps://example.org\nhttps://example.org/?x=MzRl==\n"
         "https://example.org/a\non indieweb.social self.social")
def test_gate_agrees_on_realtext13_shapes(text: str) -> None:
    tap.assert_gate_parity(text, REC)
