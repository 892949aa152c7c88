"""Issue 18 classes 1–8: context rules of LinkPolicy.recommended() for mail, chat and code.

The examples are made up, in the shape of the real ones (list archives, raw mail,
IRC logs, tutorials).
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
    """REC with ``field`` (or each of ``a|b``) off."""
    return dataclasses.replace(REC, **{f: False for f in field.split("|")})  # type: ignore[arg-type]


# (text, links in recommended, the field that decides, whether the base links more)
CASES = [
    # 1. addresses spelt out against harvesters (Pipermail)
    ("From: jane at example.org (Jane Doe)", [], "reject_obfuscated_addresses"),
    ("Jane Doe jane at example.org\nMon Jan 5", [], "reject_obfuscated_addresses"),
    ("write to <jane.doe at lists.example.org>", [], "reject_obfuscated_addresses"),
    ("On Mon, bob_smith at example.net wrote:", [], "reject_obfuscated_addresses"),
    ("From: Tim White <ti***8@example.com>", [], "reject_obfuscated_addresses"),
    ("Joe <j_***r@example.de> and Al <l.***g@example.com>", [], "reject_obfuscated_addresses"),
    ('Return to "[Jo <jo***s<span>@</span>example.org>]"', [], "reject_obfuscated_addresses"),
    # archives that print the headers for people
    ("Message ID: \\<534BCAEB.9020907@example.com\\><br>", [], "reject_message_ids"),
    ("Reply To: \\<CAESLx0+hT+8JpPky18yP-scaj7_v7DGic7F@mail.example.com\\><br>", [], "reject_message_ids"),
    ("X-MailFrom: wade@example.com\nX-Mailman-Rule-Misses: x", [], "reject_mail_trace_headers"),
    # quoted-printable soft line breaks
    ('<a href=3D"http://lists.example.com/mailman/lis=\ntinfo/x">', [], "reject_quoted_printable_breaks"),
    ('cite=3D"mid:AB12@CD34.=\nPROD.EXAMPLE.COM"', [], "reject_quoted_printable_breaks"),
    # 2. message identifiers
    ("Message-ID: <54EF720C.3040203@mail.example.com>", [], "reject_message_ids"),
    ("References: <a1b2@x.example.com>\n <CAJ=abc+def@mail.gmail.com>\nSubject: hi", [], "reject_message_ids"),
    ("> In-Reply-To: <20150101.GA123@host.example.org>", [], "reject_message_ids"),
    ("In article <4f2a@news.example.net>, Bob wrote:", [], "reject_message_ids"),
    ("Message-ID: <54EF720C.3040203 at mail.example.com>", [], "reject_message_ids|reject_obfuscated_addresses"),
    # 3. trace and routing headers
    ("Received: from a.example.net (a.example.net [192.0.2.1])\n\tby mx.example.org with ESMTP\n\tfor <bob@example.org>; Mon",
     [], "reject_mail_trace_headers"),
    ("id S2344 (ORCPT <rfc822;bob@example.org>);", [], "reject_mail_trace_headers"),
    ("List-Id: <dev.lists.example.org>", [], "reject_mail_trace_headers"),
    ("Return-Path: <dev-bounces+bob=example.org@lists.example.org>", [], "reject_mail_trace_headers"),
    ("Authentication-Results: mx.example.org;\n dkim=pass header.i=@example.com", [], "reject_mail_trace_headers"),
    # 4. IRC hostmasks
    (":nick!~ident@host.example.net PRIVMSG #chan :hi", [], "reject_irc_hostmasks"),
    ("-!- jdoe [n=jd@host.example.de] has joined #foo", [], "reject_irc_hostmasks"),
    ("* jdoe (~jd@cpe-1-2.example.com) has quit (Ping timeout)", [], "reject_irc_hostmasks"),
    ("12:01 --> jdoe (jd@dyn.example.net) joined #foo", [], "reject_irc_hostmasks"),
    # 6. code whose last label is a TLD; product names
    ("const v = input.id;", [], "reject_code_expressions"),
    ("var f = document.forms.my", [], "reject_code_expressions"),
    ("print this.constructor.name here", [], "reject_code_expressions"),
    ("built with ASP.NET and VB.NET", [], "reject_code_expressions"),
    ("if (a.b == foo.id) {", [], "reject_code_expressions"),
]


@pytest.mark.parametrize(("text", "expected", "field"), CASES)
def test_context_rule(text: str, expected: list[str], field: str) -> None:
    assert texts(text) == expected
    assert texts(text, without(field)) != expected, "the field decides"
    for link in find_links(text, policy=without(field)):
        if link.text not in expected:
            reasons = " ".join(explain(text, link.start, policy=REC).reasons)
            assert any(f"§8 {f}" in reasons for f in field.split("|")), reasons
            break


PROSE_KEEPS = [
    ("Look at example.org for details", ["example.org"]),
    ("The docs are available at example.org.", ["example.org"]),
    ("Visit us at example.org", ["example.org"]),
    ("Mail bob@example.org about it", ["bob@example.org"]),
    ("From: Jane Doe <jane@example.org>", ["jane@example.org"]),
    ("Reply-To: dev@lists.example.org", ["dev@lists.example.org"]),
    ("List-Archive: <https://lists.example.org/archive/dev>", ["https://lists.example.org/archive/dev"]),
    ("<nick> see https://example.org/x and bob@example.org", ["https://example.org/x", "bob@example.org"]),
    ("(jane@example.org) sent the patch", ["jane@example.org"]),
    ("Note: see example.com; it has the docs", ["example.com"]),
    ("The site example.com is ours", ["example.com"]),
    ("Check out the new example.com site", ["example.com"]),
    ("Open console.cloud.google.com and res.cloudinary.com", ["console.cloud.google.com", "res.cloudinary.com"]),
    ("Chat on element.io or read self.com", ["element.io", "self.com"]),
    ("Please update at example.org now", ["example.org"]),
    ("started based on a discussion at example.org", ["example.org"]),
    ("Reply-To: Sam Reiter <sam@example.com>", ["sam@example.com"]),
    ("see https://example.com/a=b\nnext line", ["https://example.com/a=b"]),
]


@pytest.mark.parametrize(("text", "expected"), PROSE_KEEPS)
def test_prose_around_still_links(text: str, expected: list[str]) -> None:
    assert texts(text) == expected


# 5. mailto: with RFC 6068 header fields (a step past §5.2, NOTES.md)
def test_mailto_header_fields_extend() -> None:
    text = "Unsubscribe: mailto:dev-request@lists.example.org?subject=unsubscribe."
    [link] = find_links(text, policy=REC)
    assert link.text == "mailto:dev-request@lists.example.org?subject=unsubscribe"
    assert link.href == "mailto:dev-request@lists.example.org?subject=unsubscribe"
    assert texts(text, without("extend_mailto_headers")) == ["mailto:dev-request@lists.example.org"]
    assert [lk.text for lk in find_links(text)] == ["mailto:dev-request@lists.example.org"]  # base: §5.2
    reasons = " ".join(explain(text, link.start, policy=REC).reasons)
    assert "§8 extend_mailto_headers" in reasons


def test_mailto_header_field_holding_an_address_is_one_link() -> None:
    text = "mailto:a@example.org?cc=b@example.org&body=hi%20there ok"
    assert texts(text) == ["mailto:a@example.org?cc=b@example.org&body=hi%20there"]


def test_mailto_without_scheme_or_fields_unchanged() -> None:
    assert texts("a@example.org?subject=x") == ["a@example.org"]  # no scheme written
    assert texts("mailto:a@example.org? Really") == ["mailto:a@example.org"]


# 7. a ``word=`` prefix is stripped only where an assignment starts the value
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("EMAIL=foo@example.org", ["foo@example.org"]),
        ("export EMAIL=foo@example.org", ["foo@example.org"]),
        ("git commit --author=foo@example.org", ["foo@example.org"]),
        ('config = StringIO("USER=foo\\nEMAIL=foo@example.org")', ["foo@example.org"]),
        ("see <CAJ=abc@example.com> there", ["CAJ=abc@example.com"]),
        ("x[CAJ=abc@example.com]", ["CAJ=abc@example.com"]),
    ],
)
def test_key_prefix_only_in_assignments(text: str, expected: list[str]) -> None:
    assert texts(text) == expected


def test_key_prefix_field_decides() -> None:
    assert texts("see <CAJ=abc@example.com>", without("keep_unassigned_email_keys")) == ["abc@example.com"]


# 8. Outlook-glued URLs
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("https://a.example.org/x<https://a.example.org/x>", ["https://a.example.org/x", "https://a.example.org/x"]),
        ("see https://a.example.org/x<https://a.example.org/y>. ok", ["https://a.example.org/x", "https://a.example.org/y"]),
        ("https://a.example.org/(x)<https://a.example.org/(x)>", ["https://a.example.org/(x)", "https://a.example.org/(x)"]),
        ("mail https://a.example.org/<mailto:bob@example.org>", ["https://a.example.org/", "mailto:bob@example.org"]),
    ],
)
def test_glued_urls_split(text: str, expected: list[str]) -> None:
    assert texts(text) == expected
    assert len(texts(text, without("split_glued_urls"))) == 1


# --- properties ----------------------------------------------------------------------

_LOWER = "abcdefghijklmnopqrstuvwxyz"
_LABEL = st.builds(lambda a, b: a + b, st.sampled_from(_LOWER), st.text(_LOWER + "0123456789", max_size=7))
_HOST = st.lists(_LABEL, min_size=1, max_size=3).map(lambda ls: ".".join(ls) + ".example.org")
_LOCAL = st.builds(lambda a, b, c: a + b + c, st.sampled_from("aZ9"), st.text(_LOWER + "AZ09.+_=-", max_size=12),
                   st.sampled_from("bY8"))
_PROSE = "Hi all, see https://example.com/docs and mail bob@example.net.\n"
_PROSE_LINKS = ["https://example.com/docs", "bob@example.net"]


@given(st.sampled_from(["Message-ID", "Message-Id", "References", "In-Reply-To"]), st.lists(
    st.tuples(_LOCAL, _HOST), min_size=1, max_size=3), st.booleans())
def test_property_message_id_headers_never_link(name: str, ids: list[tuple[str, str]], quoted: bool) -> None:
    q = "> " if quoted else ""
    value = f"\n{q} ".join(f"<{loc}@{host}>" for loc, host in ids)
    text = f"{q}{name}: {value}\n{q}Subject: x\n\n{_PROSE}"
    assert texts(text) == _PROSE_LINKS


@given(st.lists(st.tuples(_HOST, _HOST, _LOCAL), min_size=1, max_size=3))
def test_property_trace_headers_never_link(hops: list[tuple[str, str, str]]) -> None:
    lines = []
    for a, b, local in hops:
        lines.append(f"Received: from {a} ({a} [192.0.2.7])\n\tby {b} with ESMTP id X1\n\tfor <{local}@{b}>; Mon, 1 Jan")
    text = "\n".join(lines) + f"\nList-Id: <dev.{hops[0][0]}>\nDelivered-To: {hops[0][2]}@{hops[0][1]}\n\n" + _PROSE
    assert texts(text) == _PROSE_LINKS


_NICKS = st.builds(lambda a, b: a + b, st.sampled_from("aZ_"), st.text(_LOWER + "AZ09_-", max_size=8))
_IDENT = st.builds(lambda p, a: p + a, st.sampled_from(["", "~", "n=", "i="]), _LABEL)


@given(_NICKS, _IDENT, _HOST, st.sampled_from([
    "{n}!{i}@{h}", "-!- {n} [{i}@{h}] has joined #chan", "* {n} ({i}@{h}) has quit (Quit: bye)",
    "--> {n} ({i}@{h}) has joined #chan", "<-- {n} ({i}@{h}) has left #chan",
]))
def test_property_irc_hostmasks_never_link(nick: str, ident: str, host: str, shape: str) -> None:
    line = shape.format(n=nick, i=ident, h=host)
    text = f"12:00 {line}\n12:01 <{nick}> {_PROSE}"
    assert texts(text) == _PROSE_LINKS


@given(_LABEL, st.sampled_from(["org", "net", "com", "de", "my", "id"]))
def test_property_spelled_at_never_links(local: str, tld: str) -> None:
    for shape in ("From: {l} at example.{t} (Jane)", "<{l}.x at example.{t}>", "{l}_1 at example.{t}"):
        text = shape.format(l=local, t=tld) + "\n" + _PROSE
        assert texts(text) == _PROSE_LINKS, text


@given(st.sampled_from(sorted(["this", "self", "document", "window", "input", "event", "props", "module"])),
       st.lists(st.builds(lambda a, b: a + b, st.sampled_from(_LOWER), st.text(_LOWER + "ABCXYZ", max_size=8)),
                min_size=0, max_size=2),
       st.sampled_from(["id", "name", "my", "app", "dev", "io"]))
def test_property_member_access_never_links(receiver: str, middle: list[str], last: str) -> None:
    expr = ".".join([receiver, *middle, last])
    text = f"const v = {expr};\n{_PROSE}"
    assert texts(text) == _PROSE_LINKS


@given(_LABEL, st.text(_LOWER + "0123456789", max_size=6).map(lambda p: "/" + p))
def test_property_glued_pair_links_both(label: str, path: str) -> None:
    url = f"https://{label}.example.org{path}"
    assert texts(f"see {url}<{url}> now") == [url, url]


@given(st.lists(_LABEL, min_size=1, max_size=3).map(".".join),
       st.lists(st.tuples(st.text(_LOWER, min_size=1, max_size=7), st.text(_LOWER + "AZ09%._-", max_size=9)),
                min_size=1, max_size=3))
def test_property_mailto_fields_whole(local: str, fields: list[tuple[str, str]]) -> None:
    url = f"mailto:{local}@lists.example.org?" + "&".join(f"{k}={v}" for k, v in fields)
    url = url.rstrip(".-_")
    [link] = find_links(f"Send {url} now", policy=REC)
    assert link.text.startswith(f"mailto:{local}@lists.example.org")
    assert url.startswith(link.text) and len(url) - len(link.text) <= 2


@given(st.text(_LOWER, min_size=1, max_size=8), st.integers(1, 30))
def test_property_qp_soft_break_never_links_a_piece(word: str, cut: int) -> None:
    url = f"http://lists.example.com/mailman/listinfo/{word}"
    cut = min(cut, len(url) - len("http://lists.example.com") - 1) + len("http://lists.example.com")
    text = f'<a href=3D"{url[:cut]}=\n{url[cut:]}">x</a>\n' + _PROSE
    assert texts(text) == _PROSE_LINKS
