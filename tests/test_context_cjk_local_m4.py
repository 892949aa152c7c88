"""Issue 18, two classes of the real-text samples (realtext11, realtext12).

1. ``cjk_boundary`` cut an email's local-part at the last CJK-to-ASCII change, so
   ``(共通ID@mail.example.ac.jp)`` became ``ID@mail.example.ac.jp``: an address that was not
   written (a local-part may hold CJK letters, RFC 6531). It now cuts only where the CJK
   text before the ASCII ends in Hiragana (a particle: ``連絡はjane@example.jp``) or CJK
   punctuation (``連絡先：bob@…``). After a Kanji, Katakana or Hangul letter the address
   written is unsure (``サポートsupport@example.jp``: whole, it is one nobody meant), so
   nothing is linked.
2. ``reject_file_names``: a name that is the whole of an m4 macro call's quoted argument
   (``m4_include([extrac22.at])`` in autotest's testsuite.at, ``AT_CHECK([a], [x.at])``) is a
   file, as in a build file's list (``  acls01.at \\``); prose ``.at`` domains stay links.

Each has regression tests, a property, and a check that the compiled gate agrees with the
Python rules on these shapes (as tests/test_accel_policy.py does).
"""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
import test_accel_policy as tap  # tests/ is on sys.path: the compiled gate's differential helpers
from test_context_realtext5 import REC, texts, without

from uts58_icu import LinkPolicy, find_links
from uts58_icu.linkification.apply import explain_notes

def notes(text: str) -> list[str]:
    return [str(n) for n in explain_notes(text, policy=REC)[1]]


HIRAGANA = "はをにでへとのもがかねよ"
PUNCT = "：、。（「｜　"
OTHER_CJK = "共通連絡先サポート係联系我们邮箱연락처"


# ------------------------------------------------------------------ 1. CJK before a local-part


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the judged place (realtext12, social): `ID@…` was an address not written; the
        # whole may be one nobody meant (the next three): unsure, so nothing
        ("utasのアカウント(共通ID@mail.example.ac.jp)", []),
        ("サポートsupport@example.jp", []),
        ("联系我们jane@example.com", []),
        ("연락처는jane@example.com", []),
        # all CJK before the @, or a space before the ASCII: no change of script inside
        ("(共通@mail.example.ac.jp)", ["共通@mail.example.ac.jp"]),
        ("サポート support@example.jp", ["support@example.jp"]),
        # a particle or CJK punctuation before the ASCII: the address people mean
        ("連絡はjane@example.jp", ["jane@example.jp"]),
        ("連絡先はbob@example.com です", ["bob@example.com"]),
        ("お問い合わせinfo@example.jp まで", ["info@example.jp"]),
        ("連絡先：bob@example.com", ["bob@example.com"]),
        ("｜test@google.com｜bar", ["test@google.com"]),
    ],
)
def test_cjk_local_part(text: str, expected: list[str]) -> None:
    assert texts(text) == expected
    only = LinkPolicy(cjk_boundary=True)
    assert texts(text, only) == expected


def test_cjk_local_part_explain() -> None:
    # the cut is explained, and so is the unsure address left unlinked
    assert any("§8 cjk_boundary: starts after the CJK text" in n for n in notes("連絡はjane@example.jp"))
    assert any("§8 cjk_boundary: a Kanji, Katakana or Hangul letter" in n for n in notes("(共通ID@mail.example.ac.jp)"))
    # URLs keep their cut after any CJK (§8's own example), only the local-part changed
    assert texts("ウェブサイトexample.com です") == ["example.com"]


_ascii_local = st.from_regex(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,8}[A-Za-z0-9]", fullmatch=True)
_domain = st.sampled_from(["example.com", "mail.example.ac.jp", "example.org"])


@given(st.text(st.sampled_from(HIRAGANA + PUNCT + OTHER_CJK), min_size=1, max_size=6), _ascii_local, _domain,
       st.sampled_from(["", " ", "(", "\n"]), st.sampled_from(["", " ", ")", "。", " です"]))
@example("共通", "ID", "mail.example.ac.jp", "(", ")")
@example("連絡は", "jane", "example.jp", "", "")
def test_cjk_local_part_never_a_different_address(cjk: str, local: str, domain: str, lead: str, tail: str) -> None:
    """An email that recommended links is the base's as written, or starts right after
    Hiragana or CJK punctuation; after a Kanji, Katakana or Hangul letter glued to the
    ASCII, no email is linked at all."""
    text = f"{lead}{cjk}{local}@{domain}{tail}"
    base = {(lk.start, lk.end) for lk in find_links(text) if lk.kind == "email"}
    for lk in find_links(text, policy=REC):
        if lk.kind != "email":
            continue
        assert any(s <= lk.start and lk.end == e for s, e in base), (text, lk)
        if (lk.start, lk.end) not in base:
            assert text[lk.start - 1] in HIRAGANA + PUNCT, (text, lk.text)
            assert lk.text.split("@")[0].isascii()
    if cjk[-1] not in HIRAGANA + PUNCT:
        assert [lk for lk in find_links(text, policy=REC) if lk.kind == "email"] == [], text


# ------------------------------------------------------------------ 2. m4 quoted arguments

M4 = (
    "@@ -349,6 +349,7 @@ m4_include([extrac21.at])\n m4_include([extrac22.at])\n+m4_include([extrac32.at])\n"
    " \n m4_include([backup01.at])\n"
)


@pytest.mark.parametrize(
    "text",
    [M4, "m4_include([acls01.at])", "AT_SETUP([xform03.at])\n", "AT_CHECK([cat], [x.at])", "sinclude([local.at])dnl",
     "  m4_include([testsuite.at]) m4_include([attr01.at])"],
)
def test_m4_quoted_argument_is_a_file(text: str) -> None:
    assert texts(text) == []
    assert texts(text, without("reject_file_names")) != []  # the field decides
    assert any("an m4 macro's quoted argument" in n for n in notes(text))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("see [example.at] now", ["example.at"]),  # a bracket in prose
        ("([example.at])", ["example.at"]),  # no macro name
        ("9([example.at])", ["example.at"]),  # not an identifier
        ("m4_include([example.com])", ["example.com"]),  # a host TLD, as for build-file lists
        ("m4_include([example.at/x])", ["example.at/x"]),  # a path
        ("AC_INIT([tar], [1.35], [bug-tar@example.org])", ["bug-tar@example.org"]),
        ("Visit example.at ([Wien]) today", ["example.at"]),
    ],
)
def test_m4_rule_keeps(text: str, expected: list[str]) -> None:
    assert texts(text) == expected


_macro = st.from_regex(r"(?:m4_|A[TCM]_)?[A-Za-z_][A-Za-z0-9_]{0,12}", fullmatch=True)
_name = st.from_regex(r"[a-z][a-z0-9_-]{0,10}", fullmatch=True)


@given(_macro, _name, st.sampled_from(["at", "m4", "in", "it", "de"]), st.integers(0, 2),
       st.sampled_from(["])", "])dnl", "],"]))
@example("m4_include", "extrac22", "at", 0, "])")
def test_m4_argument_never_links(macro: str, name: str, tld: str, before: int, close: str) -> None:
    args = "[x], " * before
    assert texts(f"{macro}({args}[{name}.{tld}{close}\n") == []
    # the same name in prose stays what the other rules say of it
    prose = f"see {name}.{tld} today\n"
    assert texts(prose) == texts(prose, without("reject_file_names")) or tld in ("m4", "in")


# ------------------------------------------------------------------ compiled gate parity

SHAPES = [
    "\n", " ", "(", ")", "[", "]", "],", "])", "([", ", [", "m4_include", "AT_SETUP", "9", "x.at", "acls01.at",
    "example.com", "bob@example.org", "共通", "ID@mail.example.ac.jp", "連絡は", "jane@example.jp", "：", "サポート",
    "联系", "연락처는", "の", "。", "+", "@@ -1 +1 @@ ", "dnl",
]
shapes = st.lists(st.sampled_from(SHAPES), max_size=14).map("".join)


@given(shapes)
@example(M4 + "(共通ID@mail.example.ac.jp) 連絡はjane@example.jp サポートsupport@example.jp")
@example("AT_CHECK([cat], [x.at]) see [example.at] 9([a.at])")
def test_gate_agrees_on_cjk_local_and_m4_shapes(text: str) -> None:
    tap.assert_gate_parity(text, REC)
