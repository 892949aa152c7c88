"""§8 policy checks, explain(), and the href/display pair on Link."""

from __future__ import annotations

import pickle

import pytest

from uts58_icu import LinkPolicy, explain, find_links, linkify_text_to_html
from uts58_icu.conformance import mark_links


def marked(text: str, **policy: object) -> str:
    return mark_links(text, find_links(text, policy=LinkPolicy(**policy)))  # type: ignore[arg-type]


def test_default_policy_is_the_base_algorithm() -> None:
    text = "see helpers.py, ウェブサイトはexample.com です, pаypal.com"
    assert find_links(text, policy=LinkPolicy()) == find_links(text)
    assert LinkPolicy().is_default


def test_identifier_status() -> None:
    text = "go to ᚠᚢ.com or abc.com"  # Runic letters are Identifier_Status=Restricted
    strict = LinkPolicy(require_identifier_allowed=True)
    assert [link.text for link in find_links(text)] == ["ᚠᚢ.com", "abc.com"]
    assert [link.text for link in find_links(text, policy=strict)] == ["abc.com"]
    assert any("Identifier_Status" in r for r in explain(text, 7, policy=strict).reasons)


def test_spoof_data_and_rejection() -> None:
    [link] = find_links("pаypal.com", policy=LinkPolicy(spoof_check=True))  # Cyrillic а
    assert "mixed-script" in link.spoof
    assert find_links("pаypal.com", policy=LinkPolicy(reject_spoof=True)) == []
    [ok] = find_links("bücher.de", policy=LinkPolicy(reject_spoof=True))
    assert ok.spoof == ()


def test_bidi_controls() -> None:
    text = "x.com/a\u202eb"
    assert find_links(text, policy=LinkPolicy(bidi_controls="reject")) == []
    [link] = find_links(text, policy=LinkPolicy(bidi_controls="escape"))
    assert link.display == "x.com/a%E2%80%AEb"
    # Base algorithm: Bidi_Control is Include (the link is found), but display never
    # shows it raw, under any policy (issue 9 item 2).
    assert find_links(text)[0].text == text
    assert find_links(text)[0].display == "x.com/a%E2%80%AEb"


def test_lengths() -> None:
    text = "x.com/" + "a" * 50
    assert find_links(text, policy=LinkPolicy(max_link_length=40)) == []
    assert find_links(text, policy=LinkPolicy(max_part_length=30)) == []
    assert find_links(text, policy=LinkPolicy(max_part_length=60))[0].text == text


def test_cjk_boundary() -> None:
    assert marked("ウェブサイトはexample.com です。", cjk_boundary=True) == "ウェブサイトは⸠example.com⸡ です。"
    assert marked("ウェブサイトはexample.com です。") == "⸠ウェブサイトはexample.com⸡ です。"
    assert marked("see https://ウェブサイトはexample.com", cjk_boundary=True).count("⸠") == 1


def test_false_positive_guard() -> None:
    on = {"guard_false_positives": True}
    assert marked("edit helpers.py now", **on) == "edit helpers.py now"
    assert marked("a M.Sc. degree", **on) == "a M.Sc. degree"
    assert marked("docs.rs/regex and https://setup.py", **on) == "⸠docs.rs/regex⸡ and ⸠https://setup.py⸡"
    assert marked("edit helpers.py now") == "edit ⸠helpers.py⸡ now"


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [({"bidi_controls": "drop"}, ValueError), ({"max_link_length": 0}, ValueError),
     ({"max_link_length": "9"}, TypeError), ({"cjk_boundary": 1}, TypeError)],
)
def test_policy_validation(kwargs: dict[str, object], error: type[Exception]) -> None:
    with pytest.raises(error):
        LinkPolicy(**kwargs)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="policy must be"):
        find_links("a.com", policy={"cjk_boundary": True})  # type: ignore[arg-type]


def test_policy_pickles_and_is_immutable() -> None:
    p = LinkPolicy(cjk_boundary=True, max_link_length=9)
    assert pickle.loads(pickle.dumps(p)) == p
    with pytest.raises(AttributeError):
        p.cjk_boundary = False  # type: ignore[misc]


def test_href_and_display() -> None:
    [link] = find_links("see xn--bcher-kva.de/b%C3%BCcher.")
    assert link.href == "https://xn--bcher-kva.de/b%C3%BCcher"
    assert link.display == "bücher.de/bücher"
    [link] = find_links("https://ja.wikipedia.org/wiki/アルベルト")
    assert link.href == "https://ja.wikipedia.org/wiki/%E3%82%A2%E3%83%AB%E3%83%99%E3%83%AB%E3%83%88"
    [email] = find_links("mail σωκράτης@παράδειγμα.ελ now")
    assert email.href.startswith("mailto:%CF%83") and email.href.endswith("@xn--hxajbheg2az3al.xn--qxam")
    html = linkify_text_to_html("see xn--bcher-kva.de/b%C3%BCcher.")
    assert '<a href="https://xn--bcher-kva.de/b%C3%BCcher" rel="nofollow noopener">bücher.de/bücher</a>.' in html


@pytest.mark.parametrize(
    ("text", "index", "link", "reason"),
    [
        ("x example.com/a(b]c", 5, "example.com/a(b", "does not match '('"),
        ("x example.com/ab) c", 5, "example.com/ab", "unmatched U+0029"),
        ("x example.com/ab.. c", 5, "example.com/ab", "trailing Soft characters dropped: '..'"),
        ("x example.com/a b", 5, "example.com/a", "Hard character U+0020"),
        ("x example.com/" + "(" * 130, 5, None, "bracket stack limit (125)"),
        ("x foo.notatld y", 4, None, "TLD 'notatld' is not in the TLD list"),
        ("x helpers.py y", 4, None, "is also a file extension"),
    ],
)
def test_explain(text: str, index: int, link: str | None, reason: str) -> None:
    e = explain(text, index, policy=LinkPolicy(guard_false_positives=True))
    if link is not None:
        assert e.link is not None and e.link.text == link
    assert any(reason in r for r in e.reasons), e.reasons


def test_explain_parts() -> None:
    e = explain("go https://example.com:8080/a/b?x=1&y#f:~:text=t ok", 5)
    assert e.parts is not None
    assert (e.parts.scheme, e.parts.host, e.parts.port) == ("https", "example.com", 8080)
    assert e.parts.path == ("a", "b") and e.parts.query == (("x", "1"), ("y", None))
    assert e.parts.fragment == "f" and e.parts.directives == ("text=t",)
    email = explain("mail bob@example.org", 6)
    assert email.parts is not None and email.parts.path == ("bob",)
    with pytest.raises(TypeError, match="index"):
        explain("abc", "1")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="index"):
        explain("abc", 9)
