"""Issue 18, after the realtext2 hold-out: the general causes of recommended()'s misses.

Each reproducer is made up, in the shape of the hold-out's errors (raw mail, list
archives, release notes, social posts); a property test covers each class.
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


def reasons(text: str, index: int) -> str:
    return " ".join(explain(text, index, policy=REC).reasons)


# (text, links in recommended, the field that decides)
CASES = [
    # a trace header whose host stands alone at the start of a folded line
    ("X-Spam-Checker-Version: SpamAssassin 3.4.6 (2021-04-09) on\n        mx.example.net\nPrecedence: bulk\n",
     [], "reject_mail_trace_headers"),
    ("Received: from a.example.net (192.0.2.1) by\n b.example.org (192.0.2.2) with SMTP\n",
     [], "reject_mail_trace_headers"),
    # a tracker's message identifier in a "Reply To:" line
    ("Reply To: \\<039.2f92a7f91b80feb635fc2dfb37ff6fc9@tracker.example.org\\><br>", [], "reject_message_ids"),
    # an address spelt out with 'dot' and 'at'
    ("(reported by sam dot smith at example.com in issue 12)", [], "reject_obfuscated_addresses"),
    # the wrapped tail of a URL in quoted mail
    ("visit https://groups.example.com/a/\n> example.org/d/msgid/abc-def\nmore", ["https://groups.example.com/a/"],
     "reject_wrapped_url_tails"),
    # a macOS application bundle
    ("restart Terminal.app to see it", [], "reject_file_names"),
    ("I send mail with Mail.app or iTerm.app", [], "reject_file_names"),
    # file names joined by '/'
    (" o dist: Add dictserver.py/negtelnetserver.py to release", [], "reject_file_names"),
    # a wildcard
    ("I dislike the *ho.us thing", [], "reject_patterns"),
    ("the *lists.example.org filter", [], "reject_patterns"),
]


@pytest.mark.parametrize(("text", "expected", "field"), CASES)
def test_holdout_rule(text: str, expected: list[str], field: str) -> None:
    assert texts(text) == expected
    assert texts(text, without(field)) != expected, "the field decides"
    for link in find_links(text, policy=without(field)):
        if link.text not in expected:
            assert f"§8 {field}" in reasons(text, link.start)
            break


KEEPS = [
    ("Reply-To: <bob@example.org>\n", ["bob@example.org"]),
    ("Subject: hi\nTo: a@example.org,\n        b@example.org\n\nbody", ["a@example.org", "b@example.org"]),
    ("follow me on bsky.app and example.app", ["bsky.app", "example.app"]),
    ("but *example.com* and **example.org** are emphasis", ["example.com", "example.org"]),
    ("see example.org/docs/index.html", ["example.org/docs/index.html"]),
    ("write to <name>-request@gnu.org", []),
    ("certificates for *.example.com", []),  # a template stays unlinked
    ("he said at example.com", ["example.com"]),
    ("one is at https://example.com/ here\nexample.org is another", ["https://example.com/", "example.org"]),
]


@pytest.mark.parametrize(("text", "expected"), KEEPS)
def test_holdout_rules_keep(text: str, expected: list[str]) -> None:
    assert texts(text) == expected


def test_email_after_an_html_tag_is_linked() -> None:
    """``<a …>bob@x.org</a>`` and ``<b>bob@x.org``: the '>' closes an HTML tag, not a template."""
    text = '<a href=3D"mailto:x@example.com" target=3D"_blank">ann.lee@example.com</a>'
    assert texts(text) == ["mailto:x@example.com", "ann.lee@example.com"]
    assert texts("<b>ann.lee@example.com</b>") == ["ann.lee@example.com"]
    assert texts("<td>ann.lee@example.com</td>") == ["ann.lee@example.com"]


def test_escaped_closing_tag_ends_a_url() -> None:
    """``trim_markup``: HTML-escaped markup (``&lt;/a&gt;``) that leaked into the text ends a URL."""
    text = "so annoyed today&lt;A&gt;: http://t.co/v6x4bNoL&lt;/a&gt;\nnext"
    assert texts(text) == ["http://t.co/v6x4bNoL"]
    assert "§8 trim_markup" in reasons(text, text.index("http"))
    assert texts(text, without("trim_markup")) != ["http://t.co/v6x4bNoL"]
    assert texts("see https://example.com/?a=1&lt=2 ok") == ["https://example.com/?a=1&lt=2"]


# --- properties ----------------------------------------------------------------------

_LOWER = "abcdefghijklmnopqrstuvwxyz"
_LABEL = st.builds(lambda a, b: a + b, st.sampled_from(_LOWER), st.text(_LOWER + "0123456789", max_size=7))
_HOST = st.lists(_LABEL, min_size=1, max_size=3).map(lambda ls: ".".join(ls) + ".example.org")
_PROSE = "Hi all, see https://example.com/docs and mail bob@example.net.\n"
_PROSE_LINKS = ["https://example.com/docs", "bob@example.net"]


@given(st.sampled_from(["X-Spam-Checker-Version: SpamAssassin 3.4.6 on", "Received: from a.example.net by",
                        "X-Received: by", "Return-Path:", "Delivered-To:"]),
       _HOST, st.sampled_from(["        ", "\t", " "]))
def test_property_folded_trace_host_never_links(head: str, host: str, indent: str) -> None:
    text = f"{head}\n{indent}{host}\nSubject: x\n\n{_PROSE}"
    assert texts(text) == _PROSE_LINKS


@given(st.integers(0, 999999), st.text("0123456789abcdef", min_size=24, max_size=40), _HOST)
def test_property_tracker_reply_ids_never_link(seq: int, digest: str, host: str) -> None:
    text = f"Reply To: <{seq}.{digest}@{host}>\n{_PROSE}"
    assert texts(text) == _PROSE_LINKS


@given(st.lists(_LABEL, min_size=3, max_size=4), st.sampled_from(["com", "org", "de", "net"]))
def test_property_spelled_dot_at_never_links(words: list[str], tld: str) -> None:
    local = " dot ".join(words[:-1])
    text = f"(from {local} at {words[-1]}.{tld} in issue 5)\n{_PROSE}"
    assert texts(text) == _PROSE_LINKS


@given(_LABEL, st.text(_LOWER + "0123456789-", min_size=1, max_size=12), st.sampled_from(["/", "-", "=", "_"]),
       st.sampled_from(["", "> ", ">> "]))
def test_property_wrapped_url_tail_never_links(label: str, tail: str, end: str, quote: str) -> None:
    text = f"{quote}see https://{label}.example.com/a{end}\n{quote}example.org/{tail}\n{_PROSE}"
    links = texts(text)
    assert not any(lk.startswith("example.org") for lk in links)
    assert links[-2:] == _PROSE_LINKS


@given(st.builds(lambda a, b: a + b, st.sampled_from("ABCDEFGHIJKLMNOPQRSTUVWXYZ"), st.text(_LOWER, max_size=9)))
def test_property_app_bundles_never_link(name: str) -> None:
    assert texts(f"open {name}.app to check\n{_PROSE}") == _PROSE_LINKS
    assert texts(f"open {name.lower()}.app to check") in ([f"{name.lower()}.app"], [])


@given(_LABEL, st.sampled_from(["com", "org", "us", "io"]), st.sampled_from(["*", "*."]))
def test_property_wildcards_never_link(label: str, tld: str, star: str) -> None:
    assert texts(f"match {star}{label}.{tld} here\n{_PROSE}") == _PROSE_LINKS


@given(st.sampled_from(["a", "b", "span", "td", "font"]), st.lists(_LABEL, min_size=1, max_size=2).map(".".join),
       st.sampled_from(["", ' class="x"', ' target=3D"_blank"']))
def test_property_email_after_html_tag_links(tag: str, local: str, attrs: str) -> None:
    addr = f"{local}@example.org"
    assert texts(f"<{tag}{attrs}>{addr}</{tag}>") == [addr]


@given(_LABEL, st.text(_LOWER + "0123456789", min_size=1, max_size=8), st.sampled_from(["/a", "/b", "/p"]))
def test_property_escaped_tag_ends_url(label: str, path: str, tag: str) -> None:
    url = f"http://{label}.example.com/{path}"
    assert texts(f"RT x: {url}&lt;{tag}&gt; y") == [url]


# --- found on the fresh sample's first run (bench/realtext3), fixed after it --------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a good reference.  http://t.co/EvsvVeH\u2026\nnext", ["http://t.co/EvsvVeH"]),
        ("to new markets.\u201d http://t.co/\u2026\nRT", []),
        ("see https://example.org/docs/a\u2026\u2026 ok", ["https://example.org/docs/a"]),
    ],
)
def test_truncated_urls(text: str, expected: list[str]) -> None:
    assert texts(text) == expected
    assert texts(text, without("cut_truncated_urls")) != expected
    assert "§8 cut_truncated_urls" in reasons(text, text.index("http"))


def test_capital_initials_are_abbreviations() -> None:
    assert texts("one of my favorite SC.FI. books") == []
    assert texts("see EXAMPLE.COM and HP.COM") == ["EXAMPLE.COM", "HP.COM"]
    assert "§8 reject_abbreviations" in reasons("favorite SC.FI. books", 10)
    assert texts("favorite SC.FI. books", without("reject_abbreviations")) == ["SC.FI"]


def test_hypermail_redaction() -> None:
    text = "Cc: <time.domain.name.hidden>; <issues.domain.name.hidden.org>"
    assert texts(text) == []
    assert texts(text, without("reject_obfuscated_addresses")) != []
    assert "§8 reject_obfuscated_addresses" in reasons(text, text.index("issues"))


@given(_LABEL, st.text(_LOWER + "0123456789/", max_size=10), st.integers(1, 3))
def test_property_truncated_url_ends_before_ellipsis(label: str, path: str, dots: int) -> None:
    url = f"https://{label}.example.com/{path}"
    links = texts(f"RT {url}{chr(0x2026) * dots}\n{_PROSE}")
    assert not any("\u2026" in lk for lk in links)
    assert links[-2:] == _PROSE_LINKS
    if path.strip("/"):
        assert links[0] == url.rstrip("/") or links[0] == url


@given(st.lists(st.text("ABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=1, max_size=2), min_size=2, max_size=3))
def test_property_capital_initials_never_link(labels: list[str]) -> None:
    assert texts(f"my favorite {'.'.join(labels)}. book\n{_PROSE}") == _PROSE_LINKS


@given(st.lists(_LABEL, min_size=1, max_size=2).map(".".join), st.sampled_from(["", ".org", ".com"]))
def test_property_hypermail_redaction_never_links(local: str, tail: str) -> None:
    assert texts(f"From: <{local}.domain.name.hidden{tail}>\n{_PROSE}") == _PROSE_LINKS


# --- general classes probed beyond both samples ------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("use the java.io package", []),
        ("the socket.io library is nice", []),
        ("see example.com packages page", ["example.com"]),
        ("visit example.com package tracking", ["example.com"]),
    ],
)
def test_named_package_is_code(text: str, expected: list[str]) -> None:
    assert texts(text) == expected
    if not expected:
        assert texts(text, without("reject_code_expressions")) != expected
        assert "§8 reject_code_expressions" in reasons(text, text.index(".") - 2)


@pytest.mark.parametrize(
    ("text", "url"),
    [
        ("\u0e25\u0e34\u0e07\u0e01\u0e4c http://example.co.th\u0e19\u0e30\u0e04\u0e23\u0e31\u0e1a", "http://example.co.th"),
        ("\u0e14\u0e39https://www.example.com\u0e04\u0e23\u0e31\u0e1a", "https://www.example.com"),
        ("\u1791\u17c5 https://example.com.kh\u179f\u17bc\u1798", "https://example.com.kh"),
    ],
)
def test_southeast_asian_text_glued_to_a_host(text: str, url: str) -> None:
    """``cjk_host_cut`` also for Thai, Lao, Myanmar and Khmer, written without spaces."""
    assert texts(text) == [url]
    assert texts(text, without("cjk_host_cut")) == []
    assert "§8 cjk_host_cut" in reasons(text, text.index("http"))


_THAI = st.text("\u0e01\u0e02\u0e04\u0e07\u0e08\u0e19\u0e30\u0e04\u0e23\u0e31\u0e1a\u0e48\u0e40\u0e41", min_size=1, max_size=8)


@given(_THAI, _LABEL, st.sampled_from(["com", "co.th", "org", "net"]), _THAI)
def test_property_thai_glued_host_is_the_typed_host(before: str, label: str, tld: str, after: str) -> None:
    url = f"https://{label}.{tld}"
    assert texts(f"{before}{url}{after}") == [url]


@given(_LABEL, st.sampled_from(["io", "net", "org", "path", "util"]), st.sampled_from(["package", "module", "namespace"]))
def test_property_named_package_never_links(first: str, last: str, unit: str) -> None:
    assert texts(f"import the {first}.{last} {unit} here\n{_PROSE}") == _PROSE_LINKS


# --- seen in the fresh sample's unjudged output (not in a judged place) ---------------------


def test_x_headers_are_mail_system_records() -> None:
    text = ("X-ClientProxiedBy: FR3P281CA0133.DEUP281.PROD.OUTLOOK.EXAMPLE.COM\nX-OriginatorOrg: example.com\n"
            "X-Forwarded-Encrypted: i=1; AJvYcCVh0233duDs@lists.example.org\nX-Original-From: Bob <bob@example.org>\n\n")
    assert texts(text) == ["bob@example.org"]
    assert len(texts(text, without("reject_mail_trace_headers"))) == 4
    assert "§8 reject_mail_trace_headers" in reasons(text, text.index("example.com"))


def test_address_cut_by_a_line_break() -> None:
    text = "Cc: a@example.com, andrii@ke\n rnel.org, b@example.org\n"
    assert texts(text) == ["a@example.com", "b@example.org"]
    assert "rnel.org" in texts(text, without("reject_wrapped_url_tails"))
    assert "§8 reject_wrapped_url_tails" in reasons(text, text.index("rnel"))


@given(st.sampled_from(["x-clientproxiedby", "X-OriginatorOrg", "X-Forwarded-Encrypted", "X-Virus-Scanned", "X-Foo-Bar"]),
       _HOST)
def test_property_x_header_hosts_never_link(name: str, host: str) -> None:
    text = f"{name}: {host}\nSubject: x\n\n{_PROSE}"
    assert texts(text) == _PROSE_LINKS


@given(_LABEL, _LABEL, st.integers(1, 5), st.sampled_from(["", "> ", ">> "]))
def test_property_address_cut_tail_never_links(local: str, dom: str, cut: int, quote: str) -> None:
    domain = f"{dom}example.org"
    cut = min(cut, len(dom))
    text = f"{quote}To: x <{local}@{domain[:cut]}\n{quote} {domain[cut:]}>\n{_PROSE}"
    links = texts(text)
    assert links[-2:] == _PROSE_LINKS
    assert not any(lk.endswith("example.org") and "@" not in lk for lk in links)


# --- chat: remote logins and ban masks ---------------------------------------------------


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("try ssh me@server.example.org first", "reject_code_context"),
        ("ssh -p 2222 root@server.example.org", "reject_code_context"),
        ("scp notes.txt me@server.example.org:/tmp", "reject_code_context"),
        ("12:00 -!- ServerMode/#chan [+b *!*@host.example.com] by ChanServ", "reject_irc_hostmasks"),
    ],
)
def test_logins_and_masks_are_not_mailboxes(text: str, field: str) -> None:
    assert not any("@" in lk for lk in texts(text))
    assert any("@" in lk for lk in texts(text, without(field)))


def test_ssh_mentioned_then_an_address_is_kept() -> None:
    assert texts("I use ssh, so mail me@server.example.org") == ["me@server.example.org"]


@given(_LABEL, _HOST, st.sampled_from(["ssh", "ssh -v", "ssh -p 22", "mosh", "sftp -i key", "scp a.txt", "rsync -av d/"]))
def test_property_login_targets_never_link(user: str, host: str, cmd: str) -> None:
    assert texts(f"run {cmd} {user}@{host}\n{_PROSE}") == _PROSE_LINKS


@given(st.sampled_from(["*", "*nick*", "a?c", "foo*"]), st.sampled_from(["*", "~*", "ident"]), _HOST)
def test_property_ban_masks_never_link(nick: str, ident: str, host: str) -> None:
    assert texts(f"12:00 -!- mode/#chan [+b {nick}!{ident}@{host}] by op\n{_PROSE}") == _PROSE_LINKS


# --- a mailing list's address spelt out (Mailman archives' footers) ------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("____\nR-help at r-project.org mailing list -- To UNSUBSCRIBE and more, see\n"
         "https://stat.example.ch/mailman/listinfo/r-help\n", ["https://stat.example.ch/mailman/listinfo/r-help"]),
        ("Send R-devel at r-project.org a note", []),
        ("sign-up at example.com today", ["example.com"]),
        ("look at example.org list of things", ["example.org"]),
    ],
)
def test_list_addresses_spelt_out(text: str, expected: list[str]) -> None:
    assert texts(text) == expected
    if "r-project" in text:
        assert "r-project.org" in texts(text, without("reject_obfuscated_addresses"))


@given(st.text(_LOWER, min_size=1, max_size=8), st.sampled_from(["help", "devel", "users", "announce", "request"]),
       _HOST)
def test_property_list_address_spelt_never_links(name: str, suffix: str, host: str) -> None:
    assert texts(f"{name}-{suffix} at {host} mailing list\n{_PROSE}") == _PROSE_LINKS
    assert texts(f"write to {name}-{suffix} at {host} today\n{_PROSE}") == _PROSE_LINKS


@pytest.mark.parametrize("name", ["Iterator.prototype.map", "Function.prototype.call", "Array.prototype.group"])
def test_javascript_prototype_names_are_code(name: str) -> None:
    text = f"MM: I think {name} is fine."
    assert texts(text) == []
    assert "§8 reject_code_expressions" in reasons(text, text.index(name))


@given(st.builds(lambda a, b: a.upper() + b, st.sampled_from(_LOWER), st.text(_LOWER, max_size=8)),
       st.sampled_from(["map", "call", "group", "at", "app", "dev", "io", "name"]))
def test_property_prototype_members_never_link(cls: str, member: str) -> None:
    assert texts(f"MM: so {cls}.prototype.{member} is fine\n{_PROSE}") == _PROSE_LINKS


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("import java.io.*;\nimport java.net.URL;", []),
        ("\u4f7f\u7528 java.net \u5305", []),  # "use the java.net package" in Chinese
        ("    list.stream().map(x -> x.id).collect();", []),
        ("const f = x => x.id;", []),
        ("From example.com you can download it", ["example.com"]),
        ("see example.com -> it works", ["example.com"]),
        ("\u8bf7\u8bbf\u95ee example.com \u7f51\u7ad9", ["example.com"]),  # "please visit the example.com site"
    ],
)
def test_code_statements_and_units(text: str, expected: list[str]) -> None:
    assert texts(text) == expected
    if not expected:
        assert texts(text, without("reject_code_expressions")) != expected


@given(st.sampled_from(["import ", "import static ", "package ", "using "]), _LABEL,
       st.sampled_from(["io", "net", "org", "app", "dev"]), st.sampled_from([";", ".*;", "\n"]))
def test_property_import_statements_never_link(kw: str, first: str, tld: str, end: str) -> None:
    assert texts(f"{kw}{first}.{tld}{end}\n{_PROSE}") == _PROSE_LINKS


def test_url_wrapped_right_after_its_scheme_links_the_second_line() -> None:
    """First corpus rule 23: ``(https://⏎ packages.example.org/alien)``: the host and path are all there."""
    assert texts("Use Alien (https://\n        packages.example.org/alien) now") == ["packages.example.org/alien"]


def test_statement_end_does_not_depend_on_where_the_text_ends() -> None:
    """``x.co; `` links the same whether more text follows or not (the CLI scans long lines in
    pieces cut after a space: test_cli_issue20's property found ``x.co; `` alone unlinked)."""
    assert texts("x.co; ") == ["x.co"]
    assert texts("x.co; x.co; ") == ["x.co", "x.co"]
    assert texts("const v = input.id;") == []  # ';' right at the end still ends a statement


@given(st.lists(st.sampled_from(["x.co", " ", ";", "example.org", "\t", "=", "a.io"]), max_size=12))
def test_property_links_do_not_change_when_text_follows_a_space(parts: list[str]) -> None:
    text = "".join(parts)
    if not text.endswith((" ", "\t")):
        return
    whole = [(lk.start, lk.end) for lk in find_links(text + "zz", policy=REC) if lk.end <= len(text)]
    assert [(lk.start, lk.end) for lk in find_links(text, policy=REC)] == whole
