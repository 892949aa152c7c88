"""Issue 18, the eighth real-text sample (bench/realtext8): the classes of recommended()'s errors.

Each reproducer is made up, in the shape of the first run's errors: a list's spelt address
in a Mailman footer with an upper-case local-part (``Dev-news at lists.example.org`` between
``Dev-news mailing list`` and the ``…/listinfo/…`` URL), a spelt address as a quoted display
name (``"jdoe at example.edu"``), one after an opening bracket that Outlook wrapped to its
own line (``[jroe at example.gov``), and Google Groups' ``X-Original-Sender:``, which names
the author (its address is a link, not a trace record). A property test covers each class;
the compiled and pure paths are compared in tests/test_accel_policy.py.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_context_realtext5 import REC, texts, without  # tests/ is on sys.path

from uts58_icu.linkification.apply import explain_notes
from uts58_icu.linkification.context import _LIST_NAME, _PROSE_BEFORE_AT

LISTINFO = "http://lists.example.org/mailman/listinfo/dev-news"

# (text, links in recommended, the field that decides)
CASES = [
    # a Mailman footer: the list's name, its spelt address, its listinfo page
    (f"> Dev-news mailing list\n> Dev-news at lists.example.org\n> {LISTINFO}\n", [LISTINFO],
     "reject_obfuscated_addresses"),
    ("Dev-news mailing list\nDev-news at lists.example.org\n", [], "reject_obfuscated_addresses"),
    (f"Dev-News at lists.example.org\n{LISTINFO}\n", [LISTINFO], "reject_obfuscated_addresses"),
    # a quoted display name, an address after an opening bracket first on its line
    ('>   <dev at example.edu>, "jdoe at example.edu"\n', [], "reject_obfuscated_addresses"),
    ("[jroe at example.gov\n> <mailto:jroe at example.gov>]\n", [], "reject_obfuscated_addresses"),
    ("> [jroe at example.gov]\n", [], "reject_obfuscated_addresses"),
    # as the hypermail pages write them: blank lines between, a nested quote, a mailto copy,
    # the bracket after a name with the mailto on the wrapped line
    (f"> > Dev-news mailing list\n\n\n> > Dev-news at lists.example.org\n\n\n> > {LISTINFO}\n", [LISTINFO],
     "reject_obfuscated_addresses"),
    ("> Dev-news mailing list\n\n\n> Dev-news at lists.example.org<mailto:Dev-news at lists.example.org>\n", [],
     "reject_obfuscated_addresses"),
    ("> f\u00f6r Jane Roe [jroe at example.gov\n\n\n> <mailto:jroe at example.gov>]\n", [],
     "reject_obfuscated_addresses"),
]


@pytest.mark.parametrize(("text", "expected", "field"), CASES)
def test_realtext8_rule(text: str, expected: list[str], field: str) -> None:
    assert texts(text) == expected
    assert texts(text, without(field)) != expected, "the field decides"
    _, notes = explain_notes(text, policy=REC)  # and explain names it
    assert any(f"§8 {field}:" in str(n) for n in notes), notes


def test_x_original_sender_names_a_person() -> None:
    # Google Groups' header carries the author's address, as Sender: does
    text = "X-Original-Sender: jane.roe@example.org\nX-Original-To: list@example.org\n"
    assert texts(text) == ["jane.roe@example.org"]
    assert texts(text, without("reject_mail_trace_headers")) == ["jane.roe@example.org", "list@example.org"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # prose after "at", quoted or bracketed, stays a link
        ("Meet us at example.org", ["example.org"]),
        ("Look at example.org", ["example.org"]),
        ('"Look at example.org"', ["example.org"]),
        ('He said "meet at example.org"', ["example.org"]),
        ("[look at example.org\n", ["example.org"]),
        ("[see jroe at example.gov\n", ["example.gov"]),
        # a path, text after the bracketed name, a closing quote missing
        ('"jdoe at example.edu/x"', ["example.edu/x"]),
        ("[jroe at example.gov for more\n", ["example.gov"]),
        ('"jdoe at example.edu', ["example.edu"]),
        # a footer line that names another list, a prose word before a listinfo URL
        ("Other mailing list\nDev-news at lists.example.org\n", ["lists.example.org"]),
        (f"Look at example.org\n{LISTINFO}\n", ["example.org", LISTINFO]),
        ("Dev-news at lists.example.org today\n", ["lists.example.org"]),
        # a bracket after a name without the mailto copy on the next line
        ("Jane Roe [jroe at example.gov\nmore\n", ["example.gov"]),
        ("Jane Roe [see at example.gov\n> <mailto:see at example.gov>]\n", ["example.gov"]),
    ],
)
def test_realtext8_kept(text: str, expected: list[str]) -> None:
    assert texts(text) == expected


_local = st.from_regex(r"[a-z]{2,8}", fullmatch=True).filter(lambda w: w not in _PROSE_BEFORE_AT and w != "at")
_host = st.sampled_from(["example.org", "lists.example.org", "example.edu", "mail.example.co.uk"])
_quote = st.sampled_from(["", "> ", ">> "])


@given(_local, _host, _quote)
def test_quoted_or_bracketed_spelt_address_is_not_linked(local: str, host: str, quote: str) -> None:
    assert texts(f'{quote}<a at b.org>, "{local} at {host}"\n') == []
    assert texts(f"{quote}[{local} at {host}\n") == []
    # the domain alone, or after a prose word, stays a link
    assert texts(f'{quote}"{host}"\n') == [host]
    assert texts(f'{quote}"look at {host}"\n') == [host]


@given(st.from_regex(r"[A-Z][a-z]{1,6}(?:-[A-Za-z]{2,6})?", fullmatch=True), _host, _quote)
def test_mailman_footer_address_is_not_linked(name: str, host: str, quote: str) -> None:
    footer = f"{quote}{name} mailing list\n{quote}{name} at {host}\n{quote}https://{host}/mailman/listinfo/x\n"
    assert texts(footer) == [f"https://{host}/mailman/listinfo/x"]
    if name.lower() not in _PROSE_BEFORE_AT:
        assert texts(f"{quote}{name} at {host}\n{quote}https://{host}/listinfo/x\n") == [f"https://{host}/listinfo/x"]
    # the same words in a sentence stay a link, unless the name is a list's ("Aa-DEV at
    # example.org" is the list's address spelt out, as _LIST_NAME reads it)
    if not _LIST_NAME.fullmatch(name):
        assert texts(f"{quote}Ask {name} at {host} today\n") == [host]


def test_spelt_list_and_label_addresses_found_by_the_properties() -> None:
    # Hypothesis examples that the properties' "stays a link" branches met (both spelt-address shapes)
    assert texts("Ask Aa-DEV at example.org today\n") == []
    assert texts("Please go through the co at mail.example.co.uk process?\n") == []
    assert texts("Ask Aa at example.org today\n") == ["example.org"]
