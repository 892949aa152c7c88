"""Issue 22 item 7: ``redact`` errs toward removing (emails in URLs, userinfo passwords,
addresses §5.2 refuses, idempotence)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from uts58_icu import LinkPolicy, find_links, redact


@pytest.mark.parametrize(
    ("text", "kwargs", "expected"),
    [
        ("see https://example.com/unsubscribe?email=bob@example.org", {},
         "see https://example.com/unsubscribe?email=<EMAIL>"),
        ("see https://example.com/u?email=bob%40example.org&x=1", {}, "see https://example.com/u?email=<EMAIL>&x=1"),
        ("http://admin:hunter2@db.example.com/x", {"urls": "<URL>"}, "<URL>"),
        ("http://admin:hunter2@db.example.com/x", {}, "http://<EMAIL>/x"),
        ("bob@example.org.http://x.com/a", {"urls": "<URL>"}, "<EMAIL>.<URL>"),
        (".bob@example.org", {}, ".<EMAIL>"),
        ("ssh://git:token@host.internal/x y", {}, "ssh://<EMAIL>/x y"),
        ("http://localhost:8000/x", {"urls": "<URL>"}, "<URL>"),
        ("http://user:pw@bank.com:443evil.com/login", {}, "http://<EMAIL>/login"),
    ],
)
def test_issue22_item7_reproducers(text: str, kwargs: dict[str, str], expected: str) -> None:
    out = redact(text, **kwargs)  # type: ignore[arg-type]
    assert out == expected
    assert redact(out, **kwargs) == out  # type: ignore[arg-type]


def test_callable_gets_links_for_the_extra_pieces() -> None:
    seen = []

    def repl(link):  # type: ignore[no-untyped-def]
        seen.append((link.kind, link.text))
        return "<%s>" % link.kind

    assert redact("https://x.com/?e=bob@example.org", emails=repl) == "https://x.com/?e=<email>"
    assert seen == [("email", "bob@example.org")]


PIECES = [
    "bob@example.org", "σωκράτης@example.gr", "https://x.com/?e=bob@example.org", "https://x.com/u?m=bob%40example.org",
    "http://admin:hunter2@db.example.com/x", "ftp://u:hunter2@h.example.net", "http://localhost:8000/p",
    "x.com", "example.org", "http://", "https://", "mailto:", "@", ".", "..", ",", ":", "/", "?", "=", "&", " ",
    "(", ")", "<", ">", "a", "é", "443", "%40",
]
POLICIES = [None, LinkPolicy.recommended()]


@given(st.lists(st.sampled_from(PIECES), max_size=14).map("".join))
def test_no_link_of_the_input_survives(text: str) -> None:
    """With URLs and emails replaced, nothing detection finds in the result (base or
    recommended) was in the input; and redaction is idempotent."""
    out = redact(text, urls="<URL>")
    for policy in POLICIES:
        for link in find_links(out, policy=policy):
            assert link.text not in text, (text, out, link)
    assert redact(out, urls="<URL>") == out


@given(st.lists(st.sampled_from(PIECES), max_size=14).map("".join))
def test_no_email_of_the_input_survives(text: str) -> None:
    """The same with URLs kept: no email address found in the result was in the input."""
    out = redact(text)
    for policy in POLICIES:
        for link in find_links(out, policy=policy):
            if link.kind == "email":
                assert link.text not in text, (text, out, link)
    assert redact(out) == out


SECRET_PIECES = [p for p in PIECES if "bob" in p or "hunter2" in p or "σωκράτης" in p]
SEPARATORS = [" ", ", ", " (", ") ", "\n", "; "]


@given(st.lists(st.tuples(st.sampled_from(SECRET_PIECES + PIECES), st.sampled_from(SEPARATORS)), max_size=10))
def test_secrets_are_gone(pieces: list[tuple[str, str]]) -> None:
    """Addresses and passwords written apart are never left in the result."""
    text = "".join(p + sep for p, sep in pieces)
    for kwargs in ({}, {"urls": "<URL>"}):
        out = redact(text, **kwargs)  # type: ignore[arg-type]
        for secret in ("bob", "hunter2", "σωκράτης"):
            assert secret not in out, (text, kwargs, out)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the local-part's start was found by a pattern that also matches nothing, so the
        # text before a refused address went with it ("see " and the space were removed)
        ("see .dave@example.org", "see .<EMAIL>"),
        ("http://y.com/p .dave@example.org", "http://y.com/p .<EMAIL>"),
        ("x(.a@example.org and more", "x(.<EMAIL> and more"),
    ],
)
def test_text_before_a_refused_address_is_kept(text: str, expected: str) -> None:
    assert redact(text) == expected


@given(st.lists(st.tuples(st.sampled_from(PIECES), st.sampled_from([*SEPARATORS, "", ""])), max_size=10))
def test_white_space_is_kept(pieces: list[tuple[str, str]]) -> None:
    """No address, URL or credentials holds white space, so a replacement never takes any:
    the white space of the result is the input's."""
    text = "".join(p + sep for p, sep in pieces)
    for kwargs in ({}, {"urls": "<URL>"}):
        out = redact(text, **kwargs)  # type: ignore[arg-type]
        assert [c for c in out if c.isspace()] == [c for c in text if c.isspace()], (text, kwargs, out)
