"""The base algorithm's fixes: issue 15 Part 1 and the detector items of issue 9.

Each case is the exact input of the issue; the choices where the issue left a
decision are explained in conformance/NOTES.md ("Base algorithm (issue 15 Part 1)").
"""

from __future__ import annotations

import pytest

from uts58_icu import LinkPolicy
from uts58_icu import find_links as policy_find_links
from uts58_icu.core.detection import explain_notes, find_links, link_at, scan_options
from uts58_icu.linkification.apply import explain_notes as policy_explain_notes
from uts58_icu.linkification.linkify import linkify_text_to_html


def texts(text: str, **kwargs: object) -> list[str]:
    return [link.text for link in find_links(text, **kwargs)]  # type: ignore[arg-type]


# --- Item 1: an explicit http(s):// glued to the text before it ----------------------


@pytest.mark.parametrize(
    ("text", "start"),
    [("1.http://example.com", 2), ("See...http://example.com", 6), ("foo-http://example.com", 4),
     ("a+https://example.com", 2), ("xhttp://example.com", 1)],
)
def test_glued_http_scheme_is_linked(text: str, start: int) -> None:
    [link] = find_links(text)
    assert (link.start, link.end) == (start, len(text))
    assert link.href == text[start:]


def test_explain_names_the_scheme_it_refuses() -> None:
    _, notes = explain_notes("news://example.com/x")
    reasons = " ".join(n.reason for n in notes)
    assert "'news'" in reasons and "not http or https" not in reasons
    # and never says "not http or https" about an http scheme
    _, notes = explain_notes("1.http://example.com")
    assert not any("not http or https" in n.reason for n in notes)


def test_scheme_suffix_rule_is_only_for_http() -> None:
    # "news://" must not become "ws://", nor "sftp://" "ftp://": both are real schemes.
    assert texts("news://example.com/x") == []
    assert texts("sftp://example.com/x") == []


# --- Items 2 and 3: WHATWG host and port parsing ----------------------------------------


def test_fqdn_dot_before_port_links_whole_url() -> None:
    assert texts("example.com.:8080/x") == ["example.com.:8080/x"]
    assert texts("see http://example.com.:8080/x now") == ["http://example.com.:8080/x"]


@pytest.mark.parametrize(
    "text",
    ["http://example.com:99999/x", "example.com:99999/x", "http://example.com:65536",
     "http://1.2.3.4:70000/", "pаypal.com:8080evil.com", "example.com:8080.evil.com/x",
     "http://example.com:1234567890123456789012345678901234567890/"],
)
def test_invalid_port_links_nothing(text: str) -> None:
    assert find_links(text) == []


def test_valid_ports() -> None:
    assert texts("http://example.com:65535/x") == ["http://example.com:65535/x"]
    assert texts("See example.com:8080.") == ["example.com:8080"]
    assert texts("See example.com: it works") == ["example.com"]


# --- Item 4: special schemes ------------------------------------------------------------


@pytest.mark.parametrize("scheme", ["ftp", "ws", "wss", "FTP"])
def test_special_schemes_are_linked(scheme: str) -> None:
    text = f"get {scheme}://example.com/pub/x.tar.gz now"
    [link] = find_links(text)
    assert link.text == f"{scheme}://example.com/pub/x.tar.gz"
    assert link.href == f"{scheme.lower()}://example.com/pub/x.tar.gz"


def test_file_is_opt_in() -> None:
    assert texts("file://example.com/x") == []
    assert texts("file://example.com/x", schemes=["file"]) == ["file://example.com/x"]


# --- Item 5: userinfo never becomes an email --------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["https://alice:s3cret@example.com/private", "git clone ssh://user@example.com/p.git", "://@e.com",
     "http://john.smith@example.com", "http://a.com:pw@b.com/x", "http://a.com+x@b.com/x",
     "ssh://git@github.com/org/repo.git", "http://user:pass@example.com/path"],
)
def test_userinfo_links_nothing(text: str) -> None:
    assert find_links(text) == []
    assert find_links(text, schemes=("ssh",)) == []


def test_no_email_local_part_starts_with_slash() -> None:
    assert texts("x //bob@example.com") == []
    assert texts("see a/b@example.com") == ["a/b@example.com"]


# --- Item 6: an email whose local-part looks like a domain ------------------------------


def test_email_wins_over_schemeless_host() -> None:
    [link] = find_links("<ptmcg.gm+pyparsing@gmail.com>")
    assert (link.kind, link.text) == ("email", "ptmcg.gm+pyparsing@gmail.com")


def test_url_path_covering_the_at_wins() -> None:
    text = "Lorem ipsum www.mail-archive.com/ruby-talk@ruby-lang.org/ dolor sit amet"
    assert texts(text) == ["www.mail-archive.com/ruby-talk@ruby-lang.org/"]


def test_url_wins_when_the_email_would_fail() -> None:
    assert texts("a.com+x.@b.com") == ["a.com"]  # the local-part ends with '.'
    assert texts("<ptmcg.gm+pyparsing@gmail.com>", emails=False) == ["ptmcg.gm"]


# --- Item 7: the decisions --------------------------------------------------------------


def test_ellipsis_ends_a_host() -> None:
    assert texts("Go to example.com...then") == ["example.com"]
    # with a scheme the host runs to "/": an empty label links nothing (test file line)
    assert texts("See http://foo..example.com/αβγ on…") == []
    assert texts("foo..example.com") == []


def test_check_hyphens_false() -> None:
    assert texts("ab--cd.com") == ["ab--cd.com"]
    assert texts("xn--abc.com") == []  # not valid Punycode: WHATWG rejects it too
    assert texts("-ab.com") == []  # leading hyphen stays an error


def test_variation_selector_after_tld() -> None:
    [link] = find_links("example.com\ufe0f x")
    assert link.text == "example.com"


# --- Item 8: options --------------------------------------------------------------------


def test_options() -> None:
    text = "mail bob@example.com, see example.org and ssh://h.example.com/x"
    assert texts(text) == ["bob@example.com", "example.org"]
    assert texts(text, emails=False) == ["example.org"]
    assert texts(text, schemeless=False) == ["bob@example.com"]
    assert texts(text, schemes=("ssh",)) == ["bob@example.com", "example.org", "ssh://h.example.com/x"]
    assert texts("git+https://github.com/a/b") == ["https://github.com/a/b"]
    assert texts("git+https://github.com/a/b", schemes=["git+https"]) == ["git+https://github.com/a/b"]
    assert texts("irc://irc.libera.chat/python", schemes={"IRC"}) == ["irc://irc.libera.chat/python"]


@pytest.mark.parametrize("scheme", ["javascript", "data", "vbscript", "JavaScript"])
def test_refused_schemes(scheme: str) -> None:
    with pytest.raises(ValueError, match="never linked"):
        find_links("x", schemes=[scheme])


@pytest.mark.parametrize(("value", "error"), [("ssh", TypeError), (["ssh://"], ValueError), ([1], TypeError)])
def test_bad_schemes_argument(value: object, error: type[Exception]) -> None:
    with pytest.raises(error, match="schemes"):
        find_links("x", schemes=value)  # type: ignore[arg-type]


def test_options_pass_through_linkification() -> None:
    text = "bob@example.com ssh://h.example.com/x"
    assert [lk.text for lk in policy_find_links(text, emails=False, schemes=["ssh"])] == ["ssh://h.example.com/x"]
    links, _ = policy_explain_notes(text, schemeless=False, emails=False)
    assert links == []
    assert "<a" not in linkify_text_to_html(text, emails=False)


# --- B: dotless hosts ---------------------------------------------------------------------


def test_dotless_hosts() -> None:
    text = "run http://localhost:8000/x or localhost:8000 and http://intranet/"
    assert texts(text) == []
    assert texts(text, dotless_hosts={"localhost"}) == ["http://localhost:8000/x"]
    assert texts("http://LOCALHOST/a", dotless_hosts=["localhost"]) == ["http://LOCALHOST/a"]
    assert texts("http://localhost:99999/", dotless_hosts=["localhost"]) == []
    assert texts("http://u:p@localhost/", dotless_hosts=["localhost"]) == []
    link = link_at("http://localhost:8000/x", 0, 23, "url", dotless_hosts=["localhost"])
    assert link is not None and link.href == "http://localhost:8000/x"
    with pytest.raises(ValueError, match="dotless_hosts"):
        scan_options(dotless_hosts=["local.host"])


# --- Issue 9 -----------------------------------------------------------------------------


def test_issue9_item1_ip_hosts_pass_the_policy_gate() -> None:
    text = "http://127.0.0.1/\u202egpj.exe"
    assert policy_find_links(text, policy=LinkPolicy(bidi_controls="reject", max_link_length=20)) == []
    assert policy_find_links(text, policy=LinkPolicy(bidi_controls="reject")) == []
    assert policy_find_links(text, policy=LinkPolicy(max_link_length=20)) == []
    assert policy_find_links("http://127.0.0.1/aaaaaaaaaa", policy=LinkPolicy(max_part_length=5)) == []
    [link] = policy_find_links(text, policy=LinkPolicy(bidi_controls="escape"))
    assert "\u202e" not in link.display


@pytest.mark.parametrize(
    ("text", "expected"),
    [("http://1.1.1.1/x.com", ["http://1.1.1.1/x.com"]),
     ("https://127.0.0.1é.com/x", ["https://127.0.0.1é.com/x"]),
     ("router http://192.168.0.1/login?next=example.com/x ok", ["http://192.168.0.1/login?next=example.com/x"]),
     ("http://1.1.1.1é/x", []),
     ("http://[::1]:8080/x.com and b.com", ["http://[::1]:8080/x.com", "b.com"]),
     ("http://[::1]é.com/x", []),
     ("See http://[::1].", ["http://[::1]"]),
     ("http://010.0.0.1/ http://1.2.3.4.5/ http://256.1.1.1/", [])],
)
def test_issue9_item5_ip_hosts_never_overlap(text: str, expected: list[str]) -> None:
    assert texts(text) == expected


def test_issue9_item5_marks_round_trip() -> None:
    from uts58_icu.conformance import mark_links

    text = "router http://192.168.0.1/login?next=example.com/x ok"
    marked = mark_links(text, find_links(text))
    assert marked.replace("⸠", "").replace("⸡", "") == text


def test_issue9_item9_display_is_detectable() -> None:
    [link] = find_links("xn--ls8h.la")
    assert link.display == "xn--ls8h.la"
    assert find_links(" 💩.la ") == []
    [again] = find_links(f" {link.display} ")
    assert again.text == link.display and again.href == link.href
    [mixed] = find_links("xn--bcher-kva.xn--ls8h.la/x")
    assert mixed.display == "bücher.xn--ls8h.la/x"
    [mail] = find_links("bob@xn--ls8h.la")
    assert mail.display == "bob@xn--ls8h.la"


def test_issue9_item11_policy_never_creates_a_link_from_a_port() -> None:
    text = "pаypal.com:8080evil.com"
    assert find_links(text) == []
    assert policy_find_links(text, policy=LinkPolicy(reject_spoof=True)) == []


def test_issue9_item15_mailto_percent_encodes_rfc6068_delimiters() -> None:
    [link] = find_links("mail a&b=c/d'e`f{g}h|i^j@example.com now")
    assert link.href == "mailto:a%26b%3Dc%2Fd%27e%60f%7Bg%7Dh%7Ci%5Ej@example.com"


def test_issue9_item15_href_never_holds_a_quote() -> None:
    [link] = find_links("see example.com/it's")
    assert link.text == "example.com/it's"
    assert "'" not in link.href and link.href == "https://example.com/it%27s"


@pytest.mark.parametrize("tld", ["COM", ".com", "com", ".COM"])
def test_issue9_item15_tlds_normalised(tld: str) -> None:
    assert texts("see example.com", tlds={tld}) == ["example.com"]


def test_issue9_item15_punycode_tld() -> None:
    assert texts("пример.рф and xn--e1afmkfd.xn--p1ai", tlds={"xn--p1ai"}) == ["пример.рф", "xn--e1afmkfd.xn--p1ai"]


@pytest.mark.parametrize("tld", ["", ".", "a.b", "co m", "xn--abc"])
def test_issue9_item15_bad_tlds_raise(tld: str) -> None:
    with pytest.raises(ValueError, match="tlds"):
        find_links("x", tlds={tld})


@pytest.mark.parametrize("text", ["1.2.3.4 ://", "//@x.com //", "1.2.3.4 //"])
def test_lookbehind_never_wraps_round_to_the_end(text: str) -> None:
    """A check for "://" before offset 0 must not look at the end of the text."""
    assert find_links(text) == []


def test_port_of_many_zeros() -> None:
    """Leading zeros are allowed (WHATWG), and a huge run of them is no int() overflow."""
    text = "a.com:" + "0" * 10_000
    assert texts(text) == [text]  # port 0
    assert texts("a.com:00080/x") == ["a.com:00080/x"]
    assert texts("a.com:" + "0" * 10_000 + "65536/x") == []


def test_issue9_item5_linkify_html_does_not_duplicate_text() -> None:
    html = linkify_text_to_html("router http://192.168.0.1/login?next=example.com/x ok")
    assert html.count("example.com/x") == 2  # once in href, once as the link text
    assert html.count("<a ") == 1


def test_empty_port_after_a_scheme() -> None:
    assert texts("http://example.com:/x") == ["http://example.com:/x"]
    assert texts("see example.com:/x") == ["example.com"]  # no scheme: a colon in prose


@pytest.mark.parametrize("text", ["com.\u200d", "x com.\u200d", "see com.\u200d now", "com。\u200d"])
def test_single_label_left_after_ignorable_is_not_a_host(text: str) -> None:
    """Found by the compiled core's differential fuzzer: once a trailing separator and a
    default-ignorable are dropped, one label is left, which is not a domain (§1.4)."""
    assert find_links(text) == []


def test_single_label_fix_keeps_real_hosts() -> None:
    assert [lk.text for lk in find_links("see example.com.\u200d now")] == ["example.com"]
