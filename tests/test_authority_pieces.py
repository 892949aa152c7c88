"""Issue 22 item 8: nothing inside the authority of a ``scheme://`` URL that is not
linked becomes a link of its own (a piece of a rejected host or port names another host)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from uts58_icu import LinkPolicy, find_links
from uts58_icu.core._accel import compiled_module, pure_find_links

POLICIES = [None, LinkPolicy.recommended()]


@pytest.mark.parametrize(
    "text",
    [
        "http://user:pw@bank.com:443evil.com/login",
        "https://bank.com:443evil.com/login",
        "http://bank.com:443evil.com/login",
        "http://foo:443evil.com/login",
        "http://bank.zzz:443evil.com/login",
        "http://u@bank.com:1:evil.com/x",
        "ftp://a:b@bank.com:21x.evil.com",
    ],
)
def test_issue22_item8_no_link_from_a_rejected_authority(text: str) -> None:
    for policy in POLICIES:
        assert find_links(text, policy=policy) == [], policy
        assert find_links("see " + text + " and x.com", policy=policy)[-1].text == "x.com"


def test_accepted_url_keeps_what_follows() -> None:
    """Only a URL that is not linked stops its authority from linking: after a linked
    one (``http://a.com``), ``b.com`` is still a link."""
    assert [lk.text for lk in find_links("http://a.com,b.com")] == ["http://a.com", "b.com"]


AUTHORITY = st.lists(
    st.sampled_from(["user", ":", "pw", "@", "bank.com", "443", "evil.com", "a.zzz", "x", ".", "é", "-", "1.1.1.1",
                     "[::1]", "example.org", "b@c.com", ",", "%", "+", "!", "localhost", "xn--ls8h.la", "\u2721"]),
    min_size=1, max_size=8,
).map("".join)


@given(st.sampled_from(["http", "https", "ftp", "ssh", "foo"]), AUTHORITY, st.sampled_from(["/login", "/", "?q", "#f", "", " x.com"]))
def test_no_link_starts_inside_a_rejected_authority(scheme: str, authority: str, rest: str) -> None:
    text = f"{scheme}://{authority}{rest}"
    inside = range(len(scheme) + 4, len(scheme) + 3 + len(authority))
    scans = [lambda t, p=p: find_links(t, policy=p) for p in POLICIES] + [pure_find_links]
    compiled = compiled_module()
    if compiled is not None:
        scans.append(compiled.scan)
    for scan in scans:
        links = scan(text)
        if links and links[0].start == 0:
            continue  # the URL is linked
        assert not [lk for lk in links if lk.start in inside], (text, links)
