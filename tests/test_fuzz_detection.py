"""Property tests for the classes of detector bugs in issues 9 and 15.

- links over text that mixes IP hosts, domains, emails, ports and userinfo are sorted,
  never overlap, and marking them then stripping the marks gives the input back;
- no email local-part starts with '/'; no link carries the password of a userinfo;
- ``Link.display``, isolated by spaces, is detected whole as the same link, hosts included;
- a random ``LinkPolicy`` only removes links or moves their bounds inward.
"""

from __future__ import annotations

import string

from hypothesis import assume, given
from hypothesis import strategies as st

from uts58_icu import LinkPolicy
from uts58_icu import find_links as policy_find_links
from uts58_icu._icu import idna_to_ascii
from uts58_icu.conformance import LINK_END, LINK_START, mark_links
from uts58_icu.core.detection import find_links

PIECES = [
    "http://", "https://", "HTTP://", "ftp://", "ssh://", "irc://", "://", "//", "1.", "-", "+",
    "1.1.1.1", "192.168.0.1", "127.0.0.1", "010.0.0.1", "256.1.1.1", "[::1]", "[2001:db8::1]", "[zz]",
    "example.com", "x.com", "a.b.org", "bücher.de", "xn--ls8h.la", "пример.рф", "localhost", "www.",
    "@", "bob", "alice:s3cret", "mailto:", ".", "..", "...", ":", ":8080", ":99999", ":0", "/", "?", "#",
    "=", "&", "é", "日本", "。", " ", "\n", "(", ")", "<", ">", "'", '"', "\u202e", "\ufe0f", "\u200d",
]  # fmt: skip

piece = st.sampled_from(PIECES) | st.text(st.characters(blacklist_categories=("Cs",)), max_size=2)
mixed = st.lists(piece, max_size=24).map("".join).map(lambda t: t.replace(LINK_START, "").replace(LINK_END, ""))

options = st.fixed_dictionaries(
    {
        "emails": st.booleans(),
        "schemeless": st.booleans(),
        "schemes": st.sets(st.sampled_from(["ssh", "irc", "git+https", "file"]), max_size=2),
        "dotless_hosts": st.sets(st.just("localhost"), max_size=1),
    }
)


@given(mixed, options)
def test_links_sorted_disjoint_and_marks_round_trip(text: str, opts: dict[str, object]) -> None:
    """Issue 9 item 5: whatever the host kind, links never overlap and nothing is duplicated."""
    links = find_links(text, **opts)  # type: ignore[arg-type]
    prev = 0
    for link in links:
        assert prev <= link.start < link.end <= len(text), (text, links)
        assert text[link.start : link.end] == link.text
        assert "'" not in link.href
        prev = link.end
    marked = mark_links(text, links)
    assert marked.replace(LINK_START, "").replace(LINK_END, "") == text
    assert marked.encode("utf-8", "surrogatepass").replace(LINK_START.encode(), b"").replace(
        LINK_END.encode(), b""
    ) == text.encode("utf-8", "surrogatepass")


@given(mixed)
def test_no_email_local_part_starts_with_slash(text: str) -> None:
    """Issue 9 item 7: a '/' before the local-part belongs to a URL's '//'."""
    for link in find_links(text):
        if link.kind == "email":
            local = link.text.removeprefix("mailto:").rpartition("@")[0]
            assert not local.startswith("/"), (text, link)


password = st.text(string.ascii_letters + string.digits, min_size=1, max_size=8).map(lambda s: "PW" + s)


@given(
    mixed,
    st.sampled_from(["http", "https", "ftp", "ssh", "wss"]),
    st.text(string.ascii_lowercase + "._-", max_size=6),
    password,
    st.sampled_from(["example.com", "1.2.3.4", "[::1]", "localhost", "mail.example.org"]),
    st.sampled_from(["", "/", "/p.git", ":22/x", "?q=1"]),
    mixed,
)
def test_no_link_carries_a_password(
    before: str, scheme: str, user: str, pw: str, host: str, path: str, after: str
) -> None:
    """Issue 9 item 7 / issue 15 item 5: ``scheme://user:password@host`` links nothing."""
    assume("PW" not in before + after)
    text = f"{before} {scheme}://{user}:{pw}@{host}{path} {after}"
    for link in find_links(text, schemes=("ssh",), dotless_hosts={"localhost"}):
        assert pw not in link.text and pw not in link.href, (text, link)


# Letters, marks and digits (what labels hold) and symbols such as emoji, which UTS #46
# allows but §1.4's label characters do not (xn--ls8h is U+1F4A9).
label_chars = st.characters(
    min_codepoint=0x61, max_codepoint=0x1FAFF, whitelist_categories=("Ll", "Lo", "Mn", "Nd", "So")
)


@given(
    st.lists(st.text(label_chars, min_size=1, max_size=4), min_size=1, max_size=2),
    st.sampled_from(["com", "la", "de", "xn--p1ai"]),
    st.sampled_from(["", "/", "/é", "/a?b=c", "#x"]),
    st.booleans(),
)
def test_display_is_detected_whole_hosts_included(labels: list[str], tld: str, rest: str, punycode: bool) -> None:
    """Issue 9 item 9 (§4 goal 3): display, isolated by spaces, is the same link again."""
    host, ok = idna_to_ascii(".".join(labels))
    assume(ok and host)
    if not punycode:
        host = ".".join(labels)
    text = f"{host}.{tld}{rest}"
    links = find_links(text)
    assume(len(links) == 1 and links[0].text == text)
    link = links[0]
    again = find_links(f" {link.display} ")
    assert [(x.text, x.href) for x in again] == [(link.display, link.href)], (text, link.display)


policies = st.builds(
    LinkPolicy,
    require_identifier_allowed=st.booleans(),
    spoof_check=st.booleans(),
    reject_spoof=st.booleans(),
    bidi_controls=st.sampled_from(["allow", "reject", "escape"]),
    max_link_length=st.none() | st.integers(1, 40),
    max_part_length=st.none() | st.integers(1, 20),
    cjk_boundary=st.booleans(),
    guard_false_positives=st.booleans(),
)

cjk_pieces = st.sampled_from(["ウェブサイトは", "です。", "最高のSONY製品", "pаypal", ":8080evil", "setup.py", "M.Sc."])
policy_text = st.lists(piece | cjk_pieces, max_size=20).map("".join)


@given(policy_text, policies)
def test_policy_only_removes_or_narrows(text: str, policy: LinkPolicy) -> None:
    """Issue 9 item 11: every policy link lies inside one base link (cjk_boundary included)."""
    base = find_links(text)
    for link in policy_find_links(text, policy=policy):
        assert any(b.start <= link.start < link.end <= b.end and b.kind == link.kind for b in base), (
            text,
            policy,
            link,
            base,
        )
