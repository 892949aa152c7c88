"""Link detection: one readable line per case, links marked ⸠…⸡."""

from __future__ import annotations

import subprocess
import sys

import pytest

from uts58_icu import Link, email_start, find_links, iter_links, terminate
from uts58_icu.conformance import LINK_END, LINK_START, mark_links


def marked(text: str) -> str:
    return mark_links(text, find_links(text))


@pytest.mark.parametrize(
    "expected",
    [
        # trailing punctuation and brackets (§3.1)
        "See ⸠abc.com?def⸡!",
        "See ⸠abc.com?def!ghi⸡",
        "(See ⸠abc.com?def=a⸡). And…",
        "See ⸠abc.com?def=(a)⸡. And…",
        # Table 3-2 prose shows the link ending before both "?"; the algorithm makes the
        # first "?" a query initiator and includes it (conformance/NOTES.md).
        "⸠https://ja.wikipedia.org/wiki/アルベルト・アインシュタイン?⸡??",
        "⸠https://ja.wikipedia.org/wiki/アルベルト・アインシュタイン?⸡?? abc",
        "⸠https://ja.wikipedia.org/wiki/アルベルト・アインシュタイン??abc⸡",
        "(⸠https://ja.wikipedia.org/wiki/アルベルト⸡)アインシュタイン",
        "⸠www.youtube.com/@핑크퐁⸡",
        "⸠https://hi.wikipedia.org/wiki/महात्मा_गांधी⸡",
        # fragment directives
        "⸠example.com#a:~:text=(b),(c)⸡",
        "⸠example.com#a:~:text=foo&text=bar⸡.",
        "⸠example.com/a:~:text=x⸡",  # ":~:" is only syntax inside a fragment
        "⸠example.com?a:~:text=x⸡",
        "⸠example.com#a(:~:text=b⸡)",
        # ports and hosts
        "⸠http://example.com:8080/x⸡ y",
        "example.com:99999/x is not linked (an invalid port: issue 15 item 3)",
        "⸠http://127.0.0.1:8000/x⸡ y",
        "⸠https://[::1]:8443/a⸡ b",
        "127.0.0.1:8000/x is not linked without a scheme",
        "⸠bücher.de/bücher⸡",
        "⸠xn--bcher-kva.de⸡",
        "⸠ＥＸＡＭＰＬＥ．ＣＯＭ⸡",
        "file.tar.gz is not linked",
        "⸠ftp://example.com/x⸡ is linked (a special scheme: issue 15 item 4)",
        # emails (§5.2)
        "Contact ⸠abcd@example.com⸡",
        "Contact ⸠x.abcd@example.com⸡.",
        "Contact ⸠σωκράτης@example.gr⸡!",
        "Contact john..doe@example.com",
        "Contact .john@example.com",
        "Contact ⸠mailto:a+b@example.com⸡",
        "⸠john.com@example.com⸡",
    ],
)
def test_marked(expected: str) -> None:
    plain = expected.replace(LINK_START, "").replace(LINK_END, "")
    assert marked(plain) == expected


def test_link_fields() -> None:
    [url, email] = find_links("go to example.com/x or mail bob@example.org")
    assert url == Link(6, 19, "url", "example.com/x", "https://example.com/x")
    assert email.kind == "email" and email.href == "mailto:bob@example.org"
    with pytest.raises(AttributeError):
        url.start = 3  # type: ignore[misc]
    assert list(iter_links("a.com b.com")) == find_links("a.com b.com")


def test_custom_tlds() -> None:
    assert find_links("see intranet.corp now", tlds={"corp"})[0].text == "intranet.corp"
    assert find_links("see example.com", tlds={"corp"}) == []


def test_terminate_and_email_start() -> None:
    text = "x example.com/a(b)c). y"
    assert terminate(text, len("x example.com")) == len("x example.com/a(b)c")
    assert terminate("abc", 3) == 3
    text = "mail: mailto:a.b@example.com"
    assert email_start(text, text.index("@")) == text.index("mailto:")
    assert email_start("a.@x.com", 2) is None
    assert email_start("@x.com", 0) is None


def test_bracket_stack_limit() -> None:
    ok = "example.com/" + "(" * 125 + "a"
    assert find_links(ok)[0].end == len(ok)
    over = "example.com/" + "(" * 126 + "a"
    assert find_links(over)[0].end == len("example.com/") + 125


@pytest.mark.parametrize(
    ("func", "args", "exc", "msg"),
    [
        (find_links, (b"example.com",), TypeError, "text must be a str"),
        (find_links, (None,), TypeError, "text must be a str"),
        (terminate, ("abc", "1"), TypeError, "start must be an int"),
        (terminate, ("abc", 4), ValueError, "start must be in"),
        (email_start, ("abc", 1), ValueError, "must be '@'"),
        (email_start, (3, 1), TypeError, "text must be a str"),
    ],
)
def test_bad_arguments(func, args, exc, msg) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(exc, match=msg):
        func(*args)
    with pytest.raises(TypeError, match="tlds"):
        find_links("a.com", tlds="com")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "text",
    ["\ud800example.com\udfff", "\x00a.com\x07", "e\u0301xample.com/\u200e\u202e", "@" * 50, "(" * 50],
)
def test_odd_strings_give_results(text: str) -> None:
    for link in find_links(text):
        assert text[link.start : link.end] == link.text


HOSTILE = """
import sys
from uts58_icu import find_links
MB = 1_000_000
cases = {
    "(": "(" * MB,
    "a.": "a." * (MB // 2),
    "@": "@" * MB,
    ".com": ".com" * (MB // 4),
    "x.+tld": "x." * (MB // 2) + "com",
    "x.com*": "x.com" * (MB // 5),
    "url(": "example.com/" + "(" * MB,
    "url()": "example.com/" + "()" * (MB // 2),
    "a@": "a@" * (MB // 2),
    "url": "https://example.com/" + "a" * MB,
    "frag:~:": "example.com#" + ":~:" * (MB // 3),
    "%": "example.com/" + "%" * MB,
}
for name, text in cases.items():
    links = find_links(text)
    assert all(text[l.start:l.end] == l.text for l in links), name
    print(name, len(links))
"""


def test_hostile_inputs_finish() -> None:
    """1 MB adversarial inputs; only a generous hang guard, no timing assertion."""
    out = subprocess.run(
        [sys.executable, "-c", HOSTILE], capture_output=True, text=True, timeout=600
    )
    assert out.returncode == 0, out.stderr
    assert len(out.stdout.splitlines()) == 12
