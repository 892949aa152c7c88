"""Issue 18: base-algorithm defects found by other linkifiers' test suites and by
differential testing against Unicode's reference (regressions with the reproducers,
and a property per class). Compiled and pure paths: tests/test_accel.py compares them;
the properties here run both."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from uts58_icu import LinkPolicy
from uts58_icu import find_links as policy_find_links
from uts58_icu.core.detection import _scan, explain_notes, find_links
from uts58_icu.core.tlds import default_tlds

RECOMMENDED = LinkPolicy.recommended()


def spans(text: str, policy: LinkPolicy | None = None) -> list[str]:
    return [link.text for link in policy_find_links(text, policy=policy)]


def pure(text: str) -> list[str]:
    return [link.text for link in _scan(text, default_tlds(), None)]


# --- a different host than the one written ------------------------------------------

@pytest.mark.parametrize(
    "text",
    [
        "http://✪df.ws/ejp",
        "http://↑↑↓↓←→←→ba.tk/",
        "https://gcs_test_env.storage.googleapis.com/file.pdf",
        "see https://x✪evil.com/login now",
        "//✪df.ws/ejp",
        "http://u@✪bank.com/",
    ],
)
@pytest.mark.parametrize("policy", [None, RECOMMENDED])
def test_tail_of_a_host_after_slashes_is_never_linked(text: str, policy: LinkPolicy | None) -> None:
    assert spans(text, policy) == []
    assert pure(text) == []


def test_tail_of_a_host_explained() -> None:
    links, notes = explain_notes("http://✪df.ws/ejp")
    assert links == []
    assert any("inside the host of the URL" in n.reason for n in notes)


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("http://example.com/✪df.ws", ["http://example.com/✪df.ws"]),  # a path, not a host
        ("http:// df.ws", ["df.ws"]),  # white space ends the authority
        ("see http://a.com/x then b.com", ["http://a.com/x", "b.com"]),
        ("<http://x>b.com", ["b.com"]),
    ],
)
def test_text_after_an_authority_still_links(text: str, want: list[str]) -> None:
    assert spans(text) == want
    assert pure(text) == want


HOSTISH = st.lists(
    st.sampled_from(list("abcxyz019.-_@:✪↑é日本ア한\ufe0f\u200d%!$&'()*+=~") + [".com", ".ws", "example.org", "a.b.c"]),
    min_size=1,
    max_size=12,
).map("".join)


@given(
    st.sampled_from(["http", "https", "ftp", "ssh", "foo", "HTTP", ""]),
    HOSTISH,
    st.sampled_from(["", "x ", "日本語", "a.com ", "(", "1."]),
    st.sampled_from(["", " tail.org", "x", ")"]),
)
def test_links_start_at_the_scheme_or_stay_out_of_the_authority(scheme: str, host: str, before: str, after: str) -> None:
    text = f"{before}{scheme}://{host}/path{after}"
    scheme_at = len(before)
    auth_start = scheme_at + len(scheme) + 3
    auth_end = auth_start + len(host)
    for found in (policy_find_links(text), policy_find_links(text, policy=RECOMMENDED), list(_scan(text, default_tlds(), None))):
        for link in found:
            assert link.start <= scheme_at or link.end <= auth_start or link.start >= auth_end, (text, link)


# --- a URL, then ',' or ';', then an email ------------------------------------------


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("https://a.com,b@c.com", ["https://a.com", "b@c.com"]),
        ("https://a.com;b@c.com", ["https://a.com", "b@c.com"]),
        ("Acme,https://acme.com,sales@acme.com", ["https://acme.com", "sales@acme.com"]),
        ("Acme;https://acme.com/;sales@acme.com", ["https://acme.com/;sales@acme.com"]),  # a path: §3.5.1
        # still userinfo: a password, or no host before the ','
        ("http://a.com,b:pw@c.com", []),
        ("http://user,name:pass@bank.com", []),
        ("http://user,name@bank.com", []),
        ("http://u:p@bank.com", []),
    ],
)
@pytest.mark.parametrize("policy", [None, RECOMMENDED])
def test_url_then_list_separator_then_email(text: str, want: list[str], policy: LinkPolicy | None) -> None:
    assert spans(text, policy) == want
    assert pure(text) == want


@given(st.sampled_from(["a.com", "x.example.org", "bücher.de"]), st.sampled_from([",", ";"]),
       st.sampled_from(["b", "sales", "j.doe"]), st.sampled_from(["c.com", "acme.org"]))
def test_csv_of_url_and_email_links_both(host: str, sep: str, local: str, domain: str) -> None:
    text = f"Acme{sep}https://{host}{sep}{local}@{domain}{sep}x"
    for found in (find_links(text), list(_scan(text, default_tlds(), None))):
        assert [link.kind for link in found] == ["url", "email"], text
        assert found[1].text == f"{local}@{domain}"


# --- differential testing against Unicode's reference ---------------------------------


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("a /example.com", ["example.com"]),
        ("https:/example.com", ["example.com"]),
        ("See example.com\ufe0f.", ["example.com"]),
        ("See example.com.\ufe0f.", ["example.com"]),
        ("See пример.рф\u200b.", ["пример.рф"]),
    ],
)
def test_reference_regressions(text: str, want: list[str]) -> None:
    assert [link.text for link in find_links(text)] == want
    assert pure(text) == want


def test_slash_before_a_host_is_explained_when_rejected() -> None:
    # no silent rejection any more: '//' without a scheme says why
    _, notes = explain_notes("a //example.com")
    assert any("'//' with no scheme" in n.reason for n in notes)


@given(st.sampled_from(["example.com", "a.b.org", "пример.рф"]),
       st.lists(st.sampled_from(["\ufe0f", "\u200b", "\u00ad", "\u200d"]), min_size=1, max_size=3).map("".join),
       st.sampled_from([".", "..", "。", ". ", ""]))
def test_default_ignorable_after_a_host_is_never_in_the_link(host: str, ignorables: str, dots: str) -> None:
    text = f"See {host}{ignorables}{dots}"
    for found in (find_links(text), list(_scan(text, default_tlds(), None))):
        assert [link.text for link in found] == [host], text
