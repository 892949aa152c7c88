"""URL minimal escaping (UTS #58 §4.1) and email minimal quoting (§5.3): unit tests."""

from __future__ import annotations

from typing import Any

import pytest

from uts58_icu.core.escaping import (
    UrlParts,
    format_email,
    format_parts,
    minimal_escape,
    parse_url,
    percent_escape,
)

JA_SOURCE = (
    "https://ja.wikipedia.org/wiki/%E3%82%A2%E3%83%AB%E3%83%99%E3%83%AB%E3%83%88%29"
    "%E3%82%A2%E3%82%A4%E3%83%B3%E3%82%B7%E3%83%A5%E3%82%BF%E3%82%A4%E3%83%B3"
)


# --- the spec's own examples (§4) -------------------------------------------------


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://xn--bcher-kva.de/b%C3%BCcher", "https://bücher.de/bücher"),
        ("https://abc.com/path1./path2.", "https://abc.com/path1./path2%2E"),
        ("abc.com/path1./path2.", "abc.com/path1./path2%2E"),  # schemeless stays schemeless
        (JA_SOURCE, "https://ja.wikipedia.org/wiki/アルベルト%29アインシュタイン"),
    ],
)
def test_spec_examples(url: str, expected: str) -> None:
    assert minimal_escape(url) == expected


def test_spec_examples_structure() -> None:
    assert format_parts("https", "xn--bcher-kva.de", ["bücher"]) == "https://bücher.de/bücher"
    assert format_parts("", "abc.com", ["path1.", "path2."]) == "abc.com/path1./path2%2E"
    assert (
        format_parts("https://", "ja.wikipedia.org", ["wiki", "アルベルト)アインシュタイン"])
        == "https://ja.wikipedia.org/wiki/アルベルト%29アインシュタイン"
    )


# --- interior escaping (§4.1 "normal interior escaping") ------------------------


def test_interior_escaping_path() -> None:
    assert format_parts("https", "x.com", ["a/b?c#d"]) == "https://x.com/a%2Fb%3Fc%23d"


def test_interior_escaping_query() -> None:
    assert format_parts("https", "x.com", query=[("a+b", "c=d&e#f")]) == (
        "https://x.com?a%2Bb=c%3Dd%26e%23f"
    )
    assert format_parts("https", "x.com", query=[("k", None), ("", "v"), ("e", "")]) == (
        "https://x.com?k&=v&e="
    )


def test_interior_escaping_fragment_and_directives() -> None:
    assert format_parts("https", "x.com", fragment="a:~:b") == "https://x.com#a%3A~:b"
    assert format_parts("https", "x.com", fragment="top", directives=["text=a&b,c"]) == (
        "https://x.com#top:~:text=a%26b%2Cc"
    )
    # A fragment ending in ":~" would form ":~:" with the separator; it is escaped.
    url = format_parts("https", "x.com", fragment="a:~", directives=["text=b"])
    assert url == "https://x.com#a%3A~:~:text=b"
    assert parse_url(url).fragment == "a:~"
    # Directives without a fragment still need the fragment's "#".
    assert format_parts("https", "x.com", directives=["text=b"]) == "https://x.com#:~:text=b"


def test_backslash_in_path_is_escaped_for_special_schemes() -> None:
    assert format_parts("https", "x.com", ["a\\b"]) == "https://x.com/a%5Cb"
    assert format_parts("foo", "x.com", ["a\\b"]) == "foo://x.com/a\\b"


@pytest.mark.parametrize(
    ("segment", "expected"),
    [
        ("β%41γ%ε%", "β%2541γ%ε%"),  # % before two hex digits -> %25; a lone % stays
        ("%", "%"),
        ("%4", "%4"),
        ("%4g", "%4g"),
        ("%aF", "%25aF"),
        ("100%", "100%"),
    ],
)
def test_percent_rule(segment: str, expected: str) -> None:
    assert format_parts("https", "x.com", [segment]) == f"https://x.com/{expected}"
    assert parse_url(f"https://x.com/{expected}").path == (segment,)


def test_percent_rule_minimal_escape() -> None:
    # An escaped % stays escaped; a lone % stays lone.
    assert minimal_escape("https://x.com/%2541%%ce%b1%") == "https://x.com/%2541%α%"


# --- the §4.1 loop ----------------------------------------------------------------


def test_hard_characters_escaped() -> None:
    assert format_parts("https", "x.com", ["a b\u00a0c\u3000d"]) == (
        "https://x.com/a%20b%C2%A0c%E3%80%80d"
    )
    assert minimal_escape("https://x.com/a b%20c") == "https://x.com/a%20b%20c"


def test_soft_only_escaped_at_the_very_end() -> None:
    assert format_parts("https", "x.com", ["a.", "b!?"]) == "https://x.com/a./b!%3F"
    # Soft at the end of a part that is not the last one stays.
    assert format_parts("https", "x.com", ["a."], [("k", "v.")], "f.") == (
        "https://x.com/a.?k=v.#f%2E"
    )
    assert format_parts("https", "x.com", ["a."], fragment="") == "https://x.com/a.#"


def test_brackets() -> None:
    assert format_parts("https", "x.com", ["a(b)"]) == "https://x.com/a(b)"
    assert format_parts("https", "x.com", ["a(b))"]) == "https://x.com/a(b)%29"
    assert format_parts("https", "x.com", ["a)"]) == "https://x.com/a%29"
    # Brackets do not match across a ClearStackOpen ("/" in a path, "=" "&" in a query).
    assert format_parts("https", "x.com", ["(a", "b)"]) == "https://x.com/(a/b%29"
    assert format_parts("https", "x.com", query=[("(a", "b)")]) == "https://x.com?(a=b%29"
    # Nor across parts.
    assert format_parts("https", "x.com", ["(a"], fragment="b)") == "https://x.com/(a#b%29"
    # Link_Bracket pairs: （ ）, 「 」, < >.
    assert format_parts("https", "x.com", ["（a）「b」<c>"]) == "https://x.com/（a）「b」<c>"
    assert format_parts("https", "x.com", ["(a]"]) == "https://x.com/(a%5D"


def test_unmatched_close_does_not_pop() -> None:
    # DEVIATION from §4.1 step 2.4.8.1 (see uts58_icu.core.escaping): "]" is escaped and
    # the "(" stays on the stack, as link detection sees it, so ")" matches.
    assert format_parts("https", "x.com", ["(a]b)"]) == "https://x.com/(a%5Db)"
    assert minimal_escape("https://x.com/（(]）") == "https://x.com/（(%5D%EF%BC%89"
    assert minimal_escape(minimal_escape("https://x.com/（(]）")) == minimal_escape(
        "https://x.com/（(]）"
    )


def test_bracket_stack_limit() -> None:
    # 125 "(" are pushed; the 126th is escaped (§4.1 step 2.4.7.1).
    assert format_parts("https", "x.com", ["(" * 125]) == "https://x.com/" + "(" * 125
    assert format_parts("https", "x.com", ["a", "(" * 126]) == (
        "https://x.com/a/" + "(" * 125 + "%28"
    )
    # A ClearStackOpen empties the stack again.
    assert format_parts("https", "x.com", ["(" * 125, "("]) == (
        "https://x.com/" + "(" * 125 + "/("
    )


def test_percent_escape() -> None:
    assert percent_escape("é") == "%C3%A9"
    assert percent_escape(" ") == "%20"
    assert percent_escape("😎") == "%F0%9F%98%8E"


# --- scheme, host, port, present/absent parts --------------------------------------


def test_scheme_host_port() -> None:
    assert format_parts("HTTPS", "EXAMPLE.com", port=8080) == "https://example.com:8080"
    assert minimal_escape("HTTPS://XN--BCHER-KVA.DE:8080/a") == "https://bücher.de:8080/a"
    # A host that ToUnicode rejects is kept as given.
    assert format_parts("https", "a_b.example", ["x"]) == "https://a_b.example/x"
    assert minimal_escape("https://user@[::1]:80/a") == "https://user@[::1]:80/a"
    assert minimal_escape("abc.com:8080/a.") == "abc.com:8080/a%2E"


def test_empty_parts_are_kept() -> None:
    assert minimal_escape("https://x.com/") == "https://x.com/"
    assert minimal_escape("https://x.com?") == "https://x.com?"
    assert minimal_escape("https://x.com#") == "https://x.com#"
    assert minimal_escape("https://x.com") == "https://x.com"
    assert format_parts("https", "x.com", [""]) == "https://x.com/"


def test_minimal_escape_keeps_syntax_escapes() -> None:
    assert minimal_escape("https://x.com/a%2fb?k%3d=v%26w%2B#f%3a~:g") == (
        "https://x.com/a%2Fb?k%3D=v%26w%2B#f%3A~:g"
    )
    # ASCII escapes a browser would re-escape anyway are decoded; %22 is '"'.
    assert minimal_escape("https://x.com/%D7%A0%22%D7%95") == 'https://x.com/נ"ו'
    assert minimal_escape("https://x.com/a%22") == "https://x.com/a%22"
    assert minimal_escape("https://x.com/a%7Bb%7D") == "https://x.com/a{b}"


def test_minimal_escape_fragment_directives() -> None:
    assert minimal_escape("https://x.com/p#top:~:text=%CE%B1,%CE%B2") == (
        "https://x.com/p#top:~:text=α,β"
    )
    assert minimal_escape("https://x.com#:~:text=a:~:text=b.") == "https://x.com#:~:text=a:~:text=b%2E"


def test_invalid_utf8_keeps_every_non_ascii_escape() -> None:
    assert minimal_escape("https://x.com/%FF/%C3%BC/ü") == "https://x.com/%FF/%C3%BC/ü"
    assert minimal_escape("https://x.com/%C2%C2?%ce%b1") == "https://x.com/%C2%C2?%CE%B1"
    assert minimal_escape("https://x.com/%C3%BC", legacy_encoding=True) == "https://x.com/%C3%BC"
    assert minimal_escape("https://x.com/%C3%BC") == "https://x.com/ü"


def test_lone_surrogates_become_replacement_character() -> None:
    assert minimal_escape("https://x.com/a\ud800b") == "https://x.com/a\ufffdb"
    assert format_parts("https", "x.com", ["\udfff"]) == "https://x.com/\ufffd"


def test_any_string_is_handled() -> None:
    for s in ["", " ", ":", "::", "//", "?", "#", "%", "a:b", "mailto:x@y.z", "[", "a@b@c/d"]:
        out = minimal_escape(s)
        assert minimal_escape(out) == out


@pytest.mark.parametrize(
    "url",
    [
        "https://example.com/%CE%B1(%CE%B2))?%CE%B3=%CE%B4.#%CF%80.",
        "https://x.com/%E3%80%82",
        "https://x.com/a%20",
        "https://x.com/(((]",
        "abc.com/path1./path2.",
        JA_SOURCE,
    ],
)
def test_idempotent_and_meaning_preserved(url: str) -> None:
    once = minimal_escape(url)
    assert minimal_escape(once) == once
    assert parse_url(once) == parse_url(url)


def test_parse_url() -> None:
    assert parse_url("abc.com:8080/a%2Fb/?x=%CE%B1&y#f:~:t") == UrlParts(
        scheme="", host="abc.com", path=("a/b", ""), query=(("x", "α"), ("y", None)),
        fragment="f", directives=("t",), port=8080,
    )


# --- type and value errors ---------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "name"),
    [
        ({"scheme": b"https", "host": "x"}, "scheme"),
        ({"scheme": "https", "host": None}, "host"),
        ({"scheme": "https", "host": "x", "path": "a/b"}, "path"),
        ({"scheme": "https", "host": "x", "path": [1]}, "path segment"),
        ({"scheme": "https", "host": "x", "query": [("k", 1)]}, "query value"),
        ({"scheme": "https", "host": "x", "query": ["k"]}, "query"),
        ({"scheme": "https", "host": "x", "fragment": 3}, "fragment"),
        ({"scheme": "https", "host": "x", "directives": [None]}, "directive"),
        ({"scheme": "https", "host": "x", "port": "80"}, "port"),
        ({"scheme": "https", "host": "x", "port": True}, "port"),
    ],
)
def test_format_parts_type_errors(kwargs: dict[str, Any], name: str) -> None:
    with pytest.raises(TypeError, match=name):
        format_parts(**kwargs)


def test_other_type_errors() -> None:
    with pytest.raises(TypeError, match="url"):
        minimal_escape(b"https://x.com")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="legacy_encoding"):
        minimal_escape("x.com", legacy_encoding=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="address"):
        format_email(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="port"):
        format_parts("https", "x.com", port=70000)


# --- §5.3 email minimal quoting ----------------------------------------------------


@pytest.mark.parametrize(
    ("address", "expected"),
    [
        ("abcd@example.com", "abcd@example.com"),
        ("σωκράτης@example.om", "σωκράτης@example.om"),
        ("アルベルト.アルベルト@example.com", "アルベルト.アルベルト@example.com"),
        ("john doe@example.com", '"john doe"@example.com'),
        ('a"b@example.com', '"a\\"b"@example.com'),
        ("a\\b@example.com", '"a\\\\b"@example.com'),
        ("a(b)@example.com", '"a(b)"@example.com'),
        ("john..doe@example.com", '"john..doe"@example.com'),
        (".john@example.com", '".john"@example.com'),
        ('"abcd"@example.com', "abcd@example.com"),  # already quoted, needlessly
        ('"john\\ doe"@example.com', '"john doe"@example.com'),
        ("x@xn--bcher-kva.de", "x@bücher.de"),
        ("mailto:x y@example.com", 'mailto:"x y"@example.com'),
        ('"a@b"@example.com', '"a@b"@example.com'),
    ],
)
def test_format_email(address: str, expected: str) -> None:
    assert format_email(address) == expected
    assert format_email(expected) == expected


@pytest.mark.parametrize("address", ["no-at-sign", "@example.com", "a\tb@example.com", "\ud800@x.com"])
def test_format_email_errors(address: str) -> None:
    with pytest.raises(ValueError):
        format_email(address)


# --- CLI -----------------------------------------------------------------------------


def test_cli_format(capsys: pytest.CaptureFixture[str]) -> None:
    from uts58_icu.cli import main

    assert main(["format", "-e", "https://xn--bcher-kva.de/b%C3%BCcher", "-e", "abc.com/path1./path2."]) == 0
    assert capsys.readouterr().out == "https://bücher.de/bücher\nabc.com/path1./path2%2E\n"
    assert main(["format", "--legacy", "-e", "https://x.com/%C3%BC"]) == 0
    assert capsys.readouterr().out == "https://x.com/%C3%BC\n"
