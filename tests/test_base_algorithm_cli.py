"""``uts58 detect`` / ``uts58 linkify`` options of the base detector (issue 15 item 8)."""

from __future__ import annotations

from test_cli import out, uts58

TEXT = "mail bob@example.com, see example.org, ssh://h.example.com/x and 1.http://example.net\n"


def test_detect_default() -> None:
    assert out(uts58("detect", stdin=TEXT)) == (
        "mail ⸠bob@example.com⸡, see ⸠example.org⸡, ssh://h.example.com/x and 1.⸠http://example.net⸡\n"
    )


def test_detect_options() -> None:
    got = out(uts58("detect", "--no-emails", "--no-schemeless", "--scheme", "ssh", "--scheme", "irc", stdin=TEXT))
    assert got == "mail bob@example.com, see example.org, ⸠ssh://h.example.com/x⸡ and 1.⸠http://example.net⸡\n"


def test_detect_explain_with_options() -> None:
    got = out(uts58("detect", "--explain", "--no-schemeless", stdin=TEXT))
    assert "schemeless=False" in got and "scheme 'ssh' is not linked" in got


def test_linkify_options() -> None:
    got = out(uts58("linkify", "--no-emails", "--scheme", "ssh", stdin=TEXT))
    assert 'href="ssh://h.example.com/x"' in got and "mailto:" not in got


def test_refused_scheme_is_a_usage_error() -> None:
    proc = uts58("detect", "--scheme", "javascript", stdin="x\n")
    assert proc.returncode == 2
    assert b"never linked" in proc.stderr and b"Traceback" not in proc.stderr
