"""Regression tests for issue 9, items 2, 3, 6, 8, 10, 13 and 15 (file_extension_tlds):
each with the issue's exact reproducer."""

from __future__ import annotations

import subprocess
import sys
import tracemalloc

import pytest

from uts58_icu import (
    LinkPolicy,
    explain,
    find_links,
    format_parts,
    linkify_text_to_html,
    minimal_escape,
)
from uts58_icu.core.escaping import _split, escape_invisibles, link_display
from uts58_icu.linkification.homographs import ascii_lookalike, homograph_flags
from uts58_icu.offsets import OffsetConverter

# ---------------------------------------------------------------- item 2


@pytest.mark.parametrize(
    "escaped, raw",
    [("%E2%80%AE", "\u202e"), ("%E2%80%8B", "\u200b"), ("%EF%BB%BF", "\ufeff"), ("%E1%85%9F", "\u115f")],
)
def test_item2_escaped_bidi_and_invisible_rejected(escaped: str, raw: str) -> None:
    text = f"example.com/{escaped}moc.live"
    assert find_links(text, policy=LinkPolicy(bidi_controls="reject")) == []
    # Under every policy, including the default, display never shows it raw.
    for policy in (None, LinkPolicy(), LinkPolicy(bidi_controls="escape"), LinkPolicy.recommended()):
        [link] = find_links(text, policy=policy)
        assert raw not in link.display
        assert link.display == text


def test_item2_issue_reproducer() -> None:
    text = "example.com/%E2%80%AEmoc.live"
    assert find_links(text, policy=LinkPolicy(bidi_controls="reject")) == []
    assert find_links(text)[0].display == "example.com/%E2%80%AEmoc.live"
    assert "\u202e" not in linkify_text_to_html(text)
    assert "\u202e" not in linkify_text_to_html("see http://127.0.0.1/\u202egpj.exe now")
    assert "\u202e" not in linkify_text_to_html("see example.com/\u202egpj.exe now")


def test_item2_raw_u115f_in_display() -> None:
    [link] = find_links("example.com/a\u115fb")
    assert link.display == "example.com/a%E1%85%9Fb"


def test_item2_display_keeps_emoji_and_contextj_sequences() -> None:
    family = "\U0001F468\u200d\U0001F469\u200d\U0001F467"
    assert escape_invisibles(f"x.com/{family}") == f"x.com/{family}"
    assert escape_invisibles("x.com/\u2764\ufe0f") == "x.com/\u2764\ufe0f"
    persian = "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645"  # ZWNJ between joining letters
    assert escape_invisibles(f"x.com/{persian}") == f"x.com/{persian}"
    flag = "\U0001F3F4\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F"
    assert escape_invisibles(f"x.com/{flag}") == f"x.com/{flag}"
    # ... but not a ZWJ between letters, a lone VS16 or a tag without its base
    assert escape_invisibles("x.com/a\u200db") == "x.com/a%E2%80%8Db"
    assert escape_invisibles("x.com/\ufe0f") == "x.com/%EF%B8%8F"
    assert escape_invisibles("x.com/\U000E0067") == "x.com/%F3%A0%81%A7"
    # strict (bidi_controls='escape') escapes all of them
    assert escape_invisibles(f"x.com/{family}", strict=True) == (
        "x.com/\U0001F468%E2%80%8D\U0001F469%E2%80%8D\U0001F467"
    )


def test_item2_email_display() -> None:
    assert link_display("bob@example.com", "email") == "bob@example.com"
    assert link_display("bob@xn--bcher-kva.de", "email", ascii_host=True) == "bob@xn--bcher-kva.de"


# ---------------------------------------------------------------- item 3


def test_item3_issue_reproducer() -> None:
    policy = LinkPolicy(spoof_check=True, reject_spoof=True, require_identifier_allowed=True)
    assert find_links("xn--80ak6aa92e.com", policy=policy) == []
    [link] = find_links("xn--80ak6aa92e.com", policy=LinkPolicy(spoof_check=True))
    assert "whole-script-confusable" in link.spoof
    assert link.display == "аррӏе.com"  # idn_display defaults to 'unicode'


def test_item3_flags() -> None:
    assert homograph_flags("аррӏе.com") == ("whole-script-confusable",)
    assert homograph_flags("p\u0430ypal.com") == ("mixed-script-confusable",)
    assert homograph_flags("\u0261oogle.com") == ()  # Latin look-alike: same script
    assert homograph_flags("bærum.no") == ()  # skeleton baerum.no, but Latin
    # ICU 78 gives 'apple.corn'; ICU 72's data maps U+04CF to 'i' ('appie.corn').
    assert ascii_lookalike("xn--80ak6aa92e.com") in {"apple.corn", "appie.corn"}
    for host in ("bücher.de", "example.com", "касса.рф", "яндекс.рф", "例え.jp", "ελληνικά.gr"):
        assert homograph_flags(host) == (), host


def test_item3_punycode_display_in_recommended_policy() -> None:
    assert LinkPolicy.recommended().idn_display == "punycode_if_confusable"
    [link] = find_links("see аррӏе.com/login now", policy=LinkPolicy.recommended())
    assert link.punycode_host
    assert link.display == "xn--80ak6aa92e.com/login"
    assert "аррӏе" not in linkify_text_to_html("see аррӏе.com/login now", policy=LinkPolicy.recommended())
    [ok] = find_links("see bücher.de now", policy=LinkPolicy.recommended())
    assert ok.display == "bücher.de"
    [mail] = find_links("mail bob@аррӏе.com", policy=LinkPolicy.recommended())
    assert mail.display == "bob@xn--80ak6aa92e.com"


def test_item3_idn_display_validated() -> None:
    with pytest.raises(ValueError, match="idn_display"):
        LinkPolicy(idn_display="ascii")  # type: ignore[arg-type]


# ---------------------------------------------------------------- item 6


def test_item6_explain_brace() -> None:
    ex = explain("see example.com/a{b) now", 4)
    assert ex.link is not None and ex.link.text == "example.com/a{b"
    assert any("does not match '{'" in r for r in ex.reasons)
    for text in ("see example.com/{i}{ch}) x", "x.com/{0}", "x.com/}{", "x.com/{{)"):
        explain(text, 0)


def test_item6_cli_explain_brace() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "uts58_icu", "detect", "--explain"],
        input="see example.com/a{b) now\n", capture_output=True, text=True, encoding="utf-8", check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr


# ---------------------------------------------------------------- item 8


@pytest.mark.parametrize(
    "args",
    [
        ("https", "good.com@evil.com", ["x"]),
        ("https", "evil.com/good.com"),
        ("javascript", "x", ["\nalert(1)"]),
        ("ht tp", "x.com"),
        ("1http", "x.com"),
        ("https", "x.com:80"),
        ("https", "[::1"),
        ("https", "[not:ipv6]"),
        ("https", "ex ample.com"),
        ("https", "a#b.com"),
        ("https", ""),
    ],
)
def test_item8_format_parts_rejects(args: tuple) -> None:
    with pytest.raises(ValueError):
        format_parts(*args)


def test_item8_format_parts_accepts() -> None:
    assert format_parts("https", "1.2.3.4", ["x"]) == "https://1.2.3.4/x"
    assert format_parts("https", "[::1]", ["x"]) == "https://[::1]/x"
    assert format_parts("git+ssh", "example.com", ["r"]) == "git+ssh://example.com/r"
    assert format_parts("file", "", ["etc", "hosts"]) == "file:///etc/hosts"
    assert format_parts("https", "a_b.example", ["x"]) == "https://a_b.example/x"


# ---------------------------------------------------------------- item 10


@pytest.mark.parametrize(
    "url",
    [
        "ＨＴＴＰＳ://xn--bcher-kva.de",
        "\u200bhttps://xn--bcher-kva.de",
        "%E2%80%8Bhttps://xn--bcher-kva.de",
    ],
)
def test_item10_minimal_escape_stays_relative_and_idempotent(url: str) -> None:
    once = minimal_escape(url)
    assert minimal_escape(once) == once
    assert _split(once).scheme is None


# ---------------------------------------------------------------- item 13


def _peak_beyond(fn, arg) -> int:  # type: ignore[no-untyped-def]
    tracemalloc.start()
    base, _ = tracemalloc.get_traced_memory()
    result = fn(arg)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak - base - (sys.getsizeof(result) if isinstance(result, str) else 0)


def test_item13_memory_bounded() -> None:
    # 200 KB instead of the issue's 10 MB (tracemalloc is slow); the ratio is what counts.
    emoji = "\U0001F60E" * 50_000
    assert _peak_beyond(OffsetConverter, emoji) <= 5 * sys.getsizeof(emoji)
    conv = OffsetConverter(emoji)
    assert conv.utf16(50_000) == 100_000 and conv.from_utf8(200_000) == 50_000
    for text in ("a" * 200_000, " " * 200_000, "例" * 70_000):
        assert _peak_beyond(lambda t: format_parts("https", "x.com", [t]), text) <= 5 * sys.getsizeof(text)
    for text in ("https://x.com/" + "%C3%A9" * 30_000, "https://x.com/" + "\U0001F60E" * 50_000):
        assert _peak_beyond(minimal_escape, text) <= 5 * sys.getsizeof(text)


# ---------------------------------------------------------------- item 15 (file_extension_tlds)


def test_item15_file_extension_tlds() -> None:
    assert LinkPolicy(file_extension_tlds="py").file_extension_tlds == frozenset({"py"})
    assert LinkPolicy(file_extension_tlds={"PY", ".Md"}).file_extension_tlds == frozenset({"py", "md"})
    assert LinkPolicy(file_extension_tlds={"xn--p1ai"}).file_extension_tlds == frozenset({"рф"})
    policy = LinkPolicy(guard_false_positives=True, file_extension_tlds={"PY"})
    assert find_links("see helpers.py", policy=policy) == []
    with pytest.raises(TypeError):
        LinkPolicy(file_extension_tlds=3)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        LinkPolicy(file_extension_tlds={"a.b"})
