"""Issue 18, the eleventh real-text sample (bench/realtext11): the classes of recommended()'s errors.

Each reproducer is made up, in the shape of the first run's errors:
- file names with a ccTLD extension in a build file's list, one name a line, the lines
  continued with ``\\`` (``TESTSUITE_AT = \\`` then ``  acls01.at\\``, in a patch's diff);
- the hosts of a Usenet ``Path:`` header, a ``!``-separated routing trace;
- an address spelt with a mark inside the brackets (``jane (=at=) example.com``);
- two words glued at a full stop in a post, the second a word that is also a ccTLD
  (``the click.it’s``, ``1year.my heart``);
- a list's ``-request`` address in the prose of a non-standard ``X-`` header (a link);
- zsh's prompt escape ``%20(l.yes.no)``;
- a company domain that ends an IRC nick after ``_-_`` (``<Jane_Doe_-_example.com>``, a link).
A property test covers each class; the last tests compare the compiled gate with the
Python rules on these shapes (as tests/test_accel_policy.py does).
"""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
import test_accel_policy as tap  # tests/ is on sys.path: the compiled gate's differential helpers
from test_context_realtext5 import REC, texts, without
from test_context_realtext8 import test_realtext8_rule as check_rule

from uts58_icu.linkification.context import _CODE_RECEIVERS
from uts58_icu.linkification.rules import _CODE_RECEIVERS as _RULES_RECEIVERS
from uts58_icu.linkification.rules import _REVERSE_DNS_FIRST

# (text, links in recommended, the field that decides)
CASES = [
    # an autotools list of test files in a patch: the list's opening line, diff markers,
    # the last name without a backslash
    ("@@ -68,14 +71,15 @@ TESTSUITE_AT = \\\n  append04.at\\\n- acls01.at\\\n+ acls02.at\\\n+ xform03.at\n", [],
     "reject_file_names"),
    ("TESTSUITE_AT = \\\n testsuite.at \\\n compress.m4 \\\n", [], "reject_file_names"),
    ("SRCS += \\\n\tmain.cc \\\n\tutil.de \\\n\tio.de\n", [], "reject_file_names"),
    # Usenet's Path: header
    ("Newsgroups: alt.example\nPath: news.example.edu!relay.example.net!not-for-mail\nFrom: a@example.org\n",
     ["a@example.org"], "reject_mail_trace_headers"),
    # a mark inside the brackets of a spelt "at"
    ("email me at: jane (=at=) example.com i have", [], "reject_obfuscated_email_domains"),
    ("jroe [-at-] example.de, jroe (.at.) example.de", [], "reject_obfuscated_email_domains"),
    # two words glued at a full stop
    ("I feel the click.it\u2019s almost", [], "reject_generic_tld_names"),
    ("it was almost 1year.my heart just", [], "reject_generic_tld_names"),
    # zsh's prompt escapes (``%20(l.yes.no)``, with a digit before the '(', is also a call's
    # argument for reject_code_expressions since realtext18: test_zsh_escape_after_a_digit)
    ("  - %(l.yes.no) in prompts prints yes if", [], "reject_code_context"),
]


def test_zsh_escape_after_a_digit() -> None:
    import dataclasses

    text = "  - %20(l.yes.no) in prompts prints yes if"
    assert texts(text) == []
    both_off = dataclasses.replace(REC, reject_code_context=False, reject_code_expressions=False)
    assert texts(text, both_off) == ["l.yes.no"]


@pytest.mark.parametrize(("text", "expected", "field"), CASES)
def test_realtext11_rule(text: str, expected: list[str], field: str) -> None:
    check_rule(text, expected, field)  # the links, the field decides, explain names it


def test_x_header_prose_address_is_a_link() -> None:
    text = 'X-List-Note: To join send "subscribe" to list-request@example.org\nDate: x\n'
    assert texts(text) == ["list-request@example.org"]
    # the same address as the header's whole value is the list system's record
    assert texts("X-List-Note: list-request@example.org\n") == []
    # sendmail's warning names the address the sender was set to (no request to write)
    warning = "X-Authentication-Warning: h.example.org: jdoe set sender to jdoe@example.org using -f\n"
    assert texts(warning) == []
    # the tables' X- headers stay trace records whatever their words
    assert texts("X-Spam-Report: send reports to abuse@example.org\n") == []
    assert texts("X-Original-To: send to list@example.org\n") == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # real domains under ccTLDs that are words, in posts
        ("see example.it, shop.my has deals", ["example.it", "shop.my"]),
        ("Reserve your connect.me username, Tweet.it is here, Scoop.it\u2019s page", [
            "connect.me", "Tweet.it", "Scoop.it"]),
        ("I am sad I can't sign up for about.me because", ["about.me"]),
        ("example.it is mine, 1password.my", ["example.it", "1password.my"]),
        # a host after a shell continuation, a list of hosts under the web's TLDs
        ("curl -s \\\n  example.de\n", ["example.de"]),
        ("MIRRORS = \\\n  ftp.example.com \\\n  ftp.example.org\n", ["ftp.example.com", "ftp.example.org"]),
        # a name in a line with other words, a list of hosts of different ccTLDs
        ("  see example.de \\\n", ["example.de"]),
        ("hosts \\\n  a.example.de \\\n  b.example.at \\\n", ["a.example.de", "b.example.at"]),
        # a Path: without '!' (documentation), a Path: of a URL
        ("Path: example.com/docs\n", ["example.com/docs"]),
        ("Path: https://example.com/a!b\n", ["https://example.com/a!b"]),
        # a host in brackets, a percentage before a bracketed host
        ("(see example.com) and (example.com)", ["example.com", "example.com"]),
        # a company named by its domain in an IRC bridge's nick (judging rule 28)
        ("[2024-01-02T16:20:40.025Z]\t<Jane_Doe_-_example.com>\tpresent+\n", ["example.com"]),
    ],
)
def test_realtext11_rules_keep(text: str, expected: list[str]) -> None:
    assert texts(text) == expected


_stem = st.from_regex(r"[a-z][a-z0-9_-]{0,10}", fullmatch=True)
# ccTLDs that are file extensions of some tool (autotest's .at, Perl's .pl), none under the
# web's own TLDs and none in file_extension_tlds (rejected wherever they stand)
_ext = st.sampled_from(sorted({"at", "de", "in", "it", "my", "am", "ac", "mk", "pl", "sh", "ml", "st"}
                              - REC.file_extension_tlds))
_marker = st.sampled_from(["  ", "+ ", "- ", " ", "\t", "+\t"])
_slash = st.sampled_from(["\\", " \\", "\t\\", " \\ "])


@given(st.lists(_stem, min_size=2, max_size=6), _ext, st.lists(_marker, min_size=6, max_size=6), _slash,
       st.sampled_from(["TESTSUITE_AT = \\\n", "EXTRA_DIST += \\\n", ""]))
def test_build_list_of_files_never_links(stems: list[str], ext: str, markers: list[str], slash: str, head: str) -> None:
    lines = [f"{m}{s}.{ext}" for m, s in zip(markers, stems)]
    text = head + "".join(f"{ln}{slash}\n" for ln in lines[:-1]) + lines[-1] + "\n"
    assert texts(text) == []
    # the same names in a sentence stay links (no scheme, a ccTLD: a host as far as one can tell)
    prose = "see " + ", ".join(f"{s}.{ext}" for s in stems) + " today"
    assert texts(prose, without("reject_file_names")) == texts(prose)


_label = st.from_regex(r"[a-z][a-z0-9-]{0,8}[a-z0-9]", fullmatch=True)
# first labels that other rules read as code (``self.x.net``) or a reverse-DNS name (``io.x.net``) left out
_first = _label.filter(lambda w: w not in _REVERSE_DNS_FIRST | _RULES_RECEIVERS | _CODE_RECEIVERS)
_host = st.tuples(_first, st.lists(_label, max_size=2)).map(lambda p: ".".join([p[0], *p[1], "example", "net"]))


@given(st.lists(_host, min_size=2, max_size=5), st.sampled_from(["not-for-mail", "jdoe", "news"]),
       st.sampled_from(["Path: ", "> Path: ", "path: "]))
def test_usenet_path_hosts_never_link(hosts: list[str], tail: str, name: str) -> None:
    assert texts(f"Subject: x\n{name}{'!'.join(hosts)}!{tail}\nLines: 5\n") == []
    # the same names written as a list in prose stay links
    assert texts("Relays: " + ", ".join(hosts) + "\n", without("reject_mail_trace_headers")) == hosts


@given(_label, st.sampled_from(["()", "[]", "{}", "<>"]), st.sampled_from("=.*~#-"),
       st.sampled_from(["", " "]), _host)
def test_marked_bracket_at_never_links(local: str, brackets: str, mark: str, gap: str, host: str) -> None:
    spelt = f"{brackets[0]}{gap}{mark}at{mark}{gap}{brackets[1]}"
    assert texts(f"mail {local} {spelt} {host} now") == []


_word = st.from_regex(r"[a-z]{2,10}", fullmatch=True)


@given(_word, st.sampled_from(["\u2019s", "'s", "\u2019ll", "'d"]), st.integers(1, 99),
       st.sampled_from(["year", "day", "week", "years"]), _word)
@example("click", "\u2019s", 1, "year", "heart")
def test_glued_words_at_a_full_stop_never_link(w1: str, contraction: str, n: int, unit: str, w2: str) -> None:
    assert texts(f"I feel the {w1}.it{contraction} almost") == []
    assert texts(f"almost {n}{unit}.my {w2} just") == []
    # the same names followed by a word stay links
    assert texts(f"see {w1}.it now") == texts(f"see {w1}.it now", without("reject_generic_tld_names"))
    assert texts(f"{w1}.my {w2}") == texts(f"{w1}.my {w2}", without("reject_generic_tld_names"))


_xname = st.from_regex(r"X-(?:List|FC|Club)-(?:Note|Info|URL|Help)", fullmatch=True)


@given(_xname, st.sampled_from(["send", "Send", "mail", "write", "e-mail", "contact"]),
       st.sampled_from(['"subscribe" to', "a note to", "to", "us at"]), _label)
def test_x_header_prose_address_links(name: str, verb: str, obj: str, local: str) -> None:
    address = f"{local}-request@lists.example.org"
    assert texts(f"{name}: To join {verb} {obj} {address}\nDate: x\n") == [address]
    assert texts(f"{name}: {address}\n") == []


@given(st.lists(st.from_regex(r"[A-Z][a-z]{1,8}", fullmatch=True), min_size=1, max_size=3), _first)
def test_nick_affiliation_links_and_identifiers_do_not(names: list[str], label: str) -> None:
    host = f"{label}.example.com"
    assert texts(f"[2024-01-02T16:20:40Z]\t<{'_'.join(names)}_-_{host}>\tpresent+\n") == [host]
    # an identifier's tail after '_' stays code (no '_-_', no closing '>')
    assert texts(f"<{'_'.join(names)}_{host}> {'_'.join(names)}_-_{host}\n") == []


# ------------------------------------------------------------------ compiled gate parity

SHAPES = [
    "\n", " ", "\\", " \\", "\\\n", " \\\n", "\r\n", "+ ", "- ", "  ", "\t", "TESTSUITE_AT = \\\n", "@@ -1 +1 @@ ",
    "acls01.at", "T-cd.at", "compress.m4", "example.com", "main.cc", "shop.my", "click.it", "1year.my",
    "\u2019s", "'s", " heart", "Path: ", "!", "news.example.edu", "!not-for-mail", "X-List-Note: ",
    "X-Spam-Report: ", "send ", '"subscribe" ', " to ", "to ", " at ", "<", "list-request@example.org",
    "(", ")", "[", "]", "=", "-", ".", "*", "at", "(=at=) ", "%20(", "%(", "l.yes.no", "yes.no",
    "<Jane_Doe_-_", "_-_", "_", ">", "\t",
]
shapes = st.lists(st.sampled_from(SHAPES), max_size=14).map("".join)


@given(shapes)
@example("TESTSUITE_AT = \\\n- testsuite.at\\\n  T-cd.at \\\n+ acls01.at\\\n+ xform03.at\n")
@example("Path: news.example.edu!relay.example.net!not-for-mail\nX-List-Note: send \"x\" to list-request@example.org\n")
@example("jane (=at=) example.com; the click.it\u2019s almost 1year.my heart; %20(l.yes.no)\n")
def test_gate_agrees_on_realtext11_shapes(text: str) -> None:
    tap.assert_gate_parity(text, REC)
