"""uts58_icu.redact: replacing URLs and email addresses (PII removal)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from uts58_icu import Link, LinkPolicy, find_links, redact


def test_non_ascii_email_and_path_are_replaced_whole() -> None:
    text = "Write to σωκράτης@example.gr or see example.com/パス. Thanks"
    assert redact(text) == "Write to <EMAIL> or see example.com/パス. Thanks"
    assert redact(text, urls="<URL>") == "Write to <EMAIL> or see <URL>. Thanks"
    assert redact(text, emails=None, urls="<URL>") == "Write to σωκράτης@example.gr or see <URL>. Thanks"


def test_nothing_to_replace_returns_the_text() -> None:
    text = "mail bob@example.org"
    assert redact(text, emails=None, urls=None) is text
    assert redact("no links here") == "no links here"


def test_callable_receives_the_link() -> None:
    seen: list[Link] = []

    def repl(link: Link) -> str:
        seen.append(link)
        return f"[{link.kind}:{len(link.text)}]"

    assert redact("a bob@example.org b x.org/p", emails=repl, urls=repl) == "a [email:15] b [url:7]"
    assert [lk.text for lk in seen] == ["bob@example.org", "x.org/p"]


def test_policy_is_applied() -> None:
    text = "edit setup.py or mail a@b.org"
    assert redact(text, urls="<URL>") == "edit <URL> or mail <EMAIL>"
    strict = LinkPolicy(guard_false_positives=True)
    assert redact(text, urls="<URL>", policy=strict) == "edit setup.py or mail <EMAIL>"


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"emails": 3}, TypeError),
        ({"urls": b"x"}, TypeError),
        ({"emails": lambda link: 3}, TypeError),
    ],
)
def test_bad_arguments(kwargs: dict[str, object], error: type[Exception]) -> None:
    with pytest.raises(error):
        redact("mail bob@example.org", **kwargs)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="text"):
        redact(b"bytes")  # type: ignore[arg-type]


@given(st.lists(st.sampled_from(["bob@example.org", " ", "x.com/ä", "σ@παράδειγμα.gr", ".", "(", "a", "é", "http://[::1]/"]), max_size=30).map(" ".join))
def test_redaction_replaces_exactly_the_links(text: str) -> None:
    """Invariant: the text between links is kept byte for byte, each link becomes its tag.

    (Pieces apart: glued ones can hide more to remove, tests/test_redact_pii.py.)"""
    links = find_links(text)
    expected = []
    pos = 0
    for link in links:
        expected.append(text[pos : link.start])
        expected.append("<E>" if link.kind == "email" else "<U>")
        pos = link.end
    expected.append(text[pos:])
    assert redact(text, emails="<E>", urls="<U>") == "".join(expected)
