"""Issue 18, the fourth real-text sample (bench/realtext4): the classes of recommended()'s errors.

Each reproducer is made up, in the shape of the first run's errors: Pipermail's mbox
separator line (``From jane at example.org  Thu Mar  4 …``), a file name translated into
another script under a file-extension TLD (tldr-pages' ``{{ফাইল.py/এর/পাথ}}``), and an
example domain in a ``{{…}}`` placeholder (``--domain {{example.com}}``), and BitBake
recipes (``local.bb``) in IRC logs. A property test
covers each class; the compiled and pure paths are compared in tests/test_accel_policy.py.
"""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from uts58_icu import LinkPolicy, explain, find_links

REC = LinkPolicy.recommended()


def texts(text: str, policy: LinkPolicy = REC) -> list[str]:
    return [lk.text for lk in find_links(text, policy=policy)]


def without(field: str) -> LinkPolicy:
    return dataclasses.replace(REC, **{field: False})  # type: ignore[arg-type]


def reasons(text: str, index: int, policy: LinkPolicy = REC) -> str:
    return " ".join(explain(text, index, policy=policy).reasons)


# (text, links in recommended, the field that decides)
CASES = [
    # Pipermail's text archive: the mbox separator line before each message
    ("regards\n\n\nFrom jane at example.org  Thu Mar  4 13:44:07 2010\nFrom: jane at example.org (Jane)\n",
     [], "reject_obfuscated_addresses"),
    ("> From bob.smith at mail.example.co.uk  Sat Jul 25 13:16:08 2009\n", [], "reject_obfuscated_addresses"),
    # a file name translated into Bengali, Chinese, Russian under .py/.md/.sh, with a path or not
    ("`2to3 {{[-w|--write]}} {{\u09ab\u09be\u0987\u09b2.py/\u098f\u09b0/\u09aa\u09be\u09a5}}`", [],
     "reject_translated_file_names"),
    ("\u6253\u5f00 \u6587\u4ef6.md/\u8def\u5f84 \u67e5\u770b", [], "reject_translated_file_names"),
    ("\u0437\u0430\u043f\u0443\u0441\u0442\u0438\u0442\u0435 \u0444\u0430\u0439\u043b.sh/\u043f\u0443\u0442\u044c",
     [], "reject_translated_file_names"),
    # a BitBake recipe (Yocto/OpenEmbedded IRC logs): '.bb' is in file_extension_tlds
    ("RP: edit local.bb and rerun bitbake, then check image1.bb", [], "reject_file_names"),
    # an example domain as a placeholder argument (tldr-pages)
    ("`acme.sh --issue --dns {{dns_namesilo}} --domain {{example.com}} --dnssleep {{300}}`", ["example.com"],
     "keep_placeholder_hosts"),
    ("`nix-env -i {{\u8f6f\u4ef6\u5305}} -f {{example.org}}`", ["example.org"], "keep_placeholder_hosts"),
]


@pytest.mark.parametrize(("text", "expected", "field"), CASES)
def test_realtext4_rule(text: str, expected: list[str], field: str) -> None:
    assert texts(text) == expected
    assert texts(text, without(field)) != expected, "the field decides"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # still links: prose after "From", an address written whole, a Latin IDN, a host cue
        ("From the page at example.org  Thu Mar  4 you can read it", ["example.org"]),
        # (an address written whole on the separator line is the envelope sender, a trace
        # value like Return-Path's since realtext25: tests/test_context_realtext24.py)
        ("From jane@example.org:  Thu Mar  4 you can read it", ["jane@example.org"]),
        ("see b\u00fccher.sh/x and caf\u00e9.rs/menu", ["b\u00fccher.sh/x", "caf\u00e9.rs/menu"]),
        ("see \u0440\u0444.com/\u043f\u0443\u0442\u044c", ["\u0440\u0444.com/\u043f\u0443\u0442\u044c"]),
        # template expressions in braces stay code; a path or capitals are not a bare host
        ("{{page.id}} {{site.url}} {{Example.com}} {example.com} {{user.name}}", []),
        ("{{example.com/x}}", ["example.com/x"]),
        ("visit www.gov.bb or https://local.bb/x", ["www.gov.bb", "https://local.bb/x"]),
    ],
)
def test_realtext4_rules_keep(text: str, expected: list[str]) -> None:
    assert texts(text) == expected


def test_explain_names_the_rules() -> None:
    text = "see {{\u09ab\u09be\u0987\u09b2.py/\u098f\u09b0}}"
    assert "§8 reject_translated_file_names" in reasons(text, text.index(".py"))
    mbox = "From jane at example.org  Thu Mar  4 13:44:07 2010\n"
    assert "§8 reject_obfuscated_addresses" in reasons(mbox, mbox.index("example"))
    code = "x {{example.com}}"
    policy = without("keep_placeholder_hosts")
    assert "§8 reject_code_context" in reasons(code, code.index("example"), policy)


_LOWER = "abcdefghijklmnopqrstuvwxyz"
_LABEL = st.text(_LOWER + "0123456789", min_size=1, max_size=10).filter(lambda s: s[0].isalpha())
_DAYS = st.sampled_from(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"])
_MONTHS = st.sampled_from(["Jan", "Feb", "Mar", "Jun", "Oct", "Dec"])
# Letters of scripts other than Latin: Bengali, Devanagari, Han, Cyrillic, Arabic, Thai, Hangul.
_NON_LATIN = st.sampled_from(["\u09ab\u09be\u0987\u09b2", "\u092b\u093c\u093e\u0907\u0932", "\u6587\u4ef6",
                              "\u0444\u0430\u0439\u043b", "\u0645\u0644\u0641", "\u0e44\u0e1f\u0e25\u0e4c",
                              "\ud30c\uc77c"])


@given(_LABEL, st.lists(_LABEL, min_size=1, max_size=3).map(".".join), st.sampled_from(["com", "org", "de", "net"]),
       _DAYS, _MONTHS, st.integers(1, 28), st.sampled_from(["", "> "]))
def test_property_mbox_from_line_never_links(local: str, domain: str, tld: str, day: str, month: str, date: int,
                                             quote: str) -> None:
    text = f"x\n{quote}From {local} at {domain}.{tld}  {day} {month} {date:2d} 13:44:07 2010\nbody\n"
    assert texts(text) == []


@given(st.lists(_NON_LATIN, min_size=1, max_size=2).map(".".join), st.sampled_from(["py", "md", "sh", "rs", "pl"]),
       st.lists(_NON_LATIN, max_size=2).map(lambda p: "".join("/" + s for s in p)),
       st.sampled_from(["{{", " ", "`", "("]))
def test_property_translated_file_names_never_link(name: str, ext: str, path: str, before: str) -> None:
    closer = {"{{": "}}", " ": " ", "`": "`", "(": ")"}[before]
    assert texts(f"x {before}{name}.{ext}{path}{closer} y") == []


# (an inner label "prototype" or "constructor" names a JavaScript method: reject_code_expressions)
@given(_LABEL.filter(lambda s: s not in ("prototype", "constructor")), st.sampled_from(["com", "org", "net", "edu", "gov"]),
       st.sampled_from(["", "www.", "mail."]))
def test_property_placeholder_hosts_link(label: str, tld: str, sub: str) -> None:
    host = f"{sub}{label}.{tld}"
    assert texts(f"`cmd --domain {{{{{host}}}}} -x {{{{300}}}}`") == [host]


@given(_LABEL, st.sampled_from(["id", "pk", "url", "name", "info", "py", "de"]))
def test_property_placeholder_expressions_stay_code(label: str, attr: str) -> None:
    assert texts(f"{{{{{label}.{attr}}}}} and {{{label}.com}}") == []


@given(st.text(_LOWER + "0123456789-_", min_size=1, max_size=16).filter(lambda s: s[0].isalpha()),
       st.sampled_from([" ", "edit ", "the recipe ", "("]))
def test_property_bitbake_recipes_never_link(name: str, before: str) -> None:
    assert texts(f"x {before}{name}.bb y") == []
