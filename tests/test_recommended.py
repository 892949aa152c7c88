"""LinkPolicy.recommended(): every example of issue 15 Part 2, one rule per field."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from uts58_icu import LinkPolicy, explain, find_links, linkify_text_to_html
from uts58_icu.conformance import mark_links
from uts58_icu.linkification.apply import explain_notes

REC = LinkPolicy.recommended()


def rec(text: str, policy: LinkPolicy = REC) -> str:
    return mark_links(text, find_links(text, policy=policy))


def base(text: str) -> str:
    return mark_links(text, find_links(text))


def without(field: str) -> LinkPolicy:
    return dataclasses.replace(REC, **{field: False})  # type: ignore[arg-type]


# --- file names and code identifiers written without a scheme -----------------------

FILE_AND_CODE = [
    ("see README.md for details", "reject_file_names"),
    ("run setup.py install", "reject_file_names"),
    ("edit config.sh first", "reject_file_names"),
    ("the pam_motd.so module", "reject_code_context"),
    ("read CODE_OF_CONDUCT.md please", "reject_code_context"),
    ("regenerate Makefile.am now", "reject_file_names"),
    ("class IOUtil.java here", "reject_file_names"),
    ("edit configure.ac and", "reject_file_names"),
    ("call st.data_editor to", "reject_code_context"),
    ("returns response.next() when", "reject_code_context"),
    ("use jinja2.is_undefined to", "reject_code_context"),
    ("import collections.abc now", "reject_code_expressions"),  # an import statement (checked before the TLD rule)
    ("we use collections.abc now", "reject_generic_tld_names"),
    ("After=network.target is", "reject_code_context"),
    ("after network.target is", "reject_file_names"),
    ("see systemd.network(5) for", "reject_code_context"),
    ("she has an M.Sc. in", "reject_abbreviations"),
]


@pytest.mark.parametrize(("text", "rule"), FILE_AND_CODE)
def test_file_names_and_code_are_not_linked(text: str, rule: str) -> None:
    assert find_links(text)  # the base algorithm links something here
    assert rec(text) == text
    # explain() names the rule that rejected it
    index = next(link.start for link in find_links(text))
    assert any(rule in r for r in explain(text, index, policy=REC).reasons)


@pytest.mark.parametrize(
    ("text", "rule"),
    [("see README.md", "reject_file_names"), ("we use collections.abc", "reject_generic_tld_names"),
     ("the pam_motd.com", "reject_code_context"), ("in com.example.foo", "reject_reverse_dns_names"),
     ("an M.Sc. in", "reject_abbreviations")],
)
def test_one_field_off_brings_the_link_back(text: str, rule: str) -> None:
    assert rec(text) == text
    assert rec(text, without(rule)) == base(text) != text


def test_code_of_conduct_base_links_a_fragment() -> None:
    assert base("CODE_OF_CONDUCT.md") == "CODE_OF_⸠CONDUCT.md⸡"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("see https://setup.py now", "see ⸠https://setup.py⸡ now"),  # a scheme keeps it
        ("see example.py/docs now", "see ⸠example.py/docs⸡ now"),  # a path keeps it
        ("visit example.com or www.example.org.", "visit ⸠example.com⸡ or ⸠www.example.org⸡."),
        ("pkg.go.dev and deno.land/x", "⸠pkg.go.dev⸡ and ⸠deno.land/x⸡"),
        ("X.Org and python.org", "⸠X.Org⸡ and ⸠python.org⸡"),
        ("_example.com_ is emphasis", "_⸠example.com⸡_ is emphasis"),
        ("a = example.com", "a = ⸠example.com⸡"),
    ],
)
def test_links_that_stay(text: str, expected: str) -> None:
    assert rec(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "edit src/setup.py", r"C:\src\main.cc", "$HOME.com", "url={example.com}",
        "#: builders/epub3.py:230", "#: application.py:384", "CHANGELOG_V16.md#16.15.0",
        "com.example.Foo", "org.freedesktop.DBus", "net.ipv4.ip_forward",
        "Version 3.0.0.final", "a_example.com_b",
    ],
)
def test_more_code_contexts(text: str) -> None:
    assert rec(text) == text


# --- markup that wraps a link ---------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("`https://x.org/a`", "`⸠https://x.org/a⸡`"),
        ("``bob@x.org``", "``⸠bob@x.org⸡``"),
        ("**https://x.org/a**", "**⸠https://x.org/a⸡**"),
        ("_https://x.org/a_", "_⸠https://x.org/a⸡_"),
        ("'bob@x.org'", "'⸠bob@x.org⸡'"),
        ("`bob@x.org`", "`⸠bob@x.org⸡`"),
        ("**bob@x.org**", "**⸠bob@x.org⸡**"),
        ('<a href="https://x.org/a">https://x.org/a</a>', '<a href="⸠https://x.org/a⸡">⸠https://x.org/a⸡</a>'),
        ('<img src="https://x.org/a.png"/>', '<img src="⸠https://x.org/a.png⸡"/>'),
    ],
)
def test_trim_markup(text: str, expected: str) -> None:
    assert rec(text) == expected
    assert base(text) != expected
    assert rec(text, without("trim_markup")) == base(text)


@pytest.mark.parametrize(
    "text",
    [
        "Ender 'https://x.org/Ender's_Game' ok",  # an apostrophe inside a word
        "see https://x.org/a_b_ now",  # no opening '_'
    ],
)
def test_trim_markup_leaves_alone(text: str) -> None:
    assert rec(text) == base(text)


def test_key_equals_is_not_part_of_an_email() -> None:
    assert rec("--email=bob@x.org") == "--email=⸠bob@x.org⸡"
    assert base("--email=bob@x.org") == "⸠--email=bob@x.org⸡"


# --- where a CJK reader stops -----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("https://example.jp/パスを見てください。", "⸠https://example.jp/⸡パスを見てください。"),
        ("“https://example.org/dists/Release”，內容如下", "“⸠https://example.org/dists/Release⸡”，內容如下"),
        ("https://example.org/dists/Release”，內容如下", "⸠https://example.org/dists/Release⸡”，內容如下"),
        (
            "https://www.debian.org/doc/wanna-build.txtで記述されている",
            "⸠https://www.debian.org/doc/wanna-build.txt⸡で記述されている",
        ),
        ("ウェブサイトはexample.com です。", "ウェブサイトは⸠example.com⸡ です。"),
        ("連絡先はbob@example.com です", "連絡先は⸠bob@example.com⸡ です"),
        ("https://ja.wikipedia.org/wiki/アルベルト です", "⸠https://ja.wikipedia.org/wiki/アルベルト⸡ です"),
    ],
)
def test_cjk(text: str, expected: str) -> None:
    assert rec(text) == expected
    assert base(text) != expected or "wiki" in text


def test_cjk_reasonable_url_stays_whole() -> None:
    # §8: moving the start "would block some reasonable URLs, like 最高のSONY製品.com"
    assert rec("最高のSONY製品.com") == base("最高のSONY製品.com") == "⸠最高のSONY製品.com⸡"


def test_cjk_start_after_ideographic_full_stop() -> None:
    text = "のビルドシステムです。configure.ac"
    assert base(text) == "⸠のビルドシステムです。configure.ac⸡"
    only_cjk = LinkPolicy(cjk_boundary=True)
    assert rec(text, only_cjk) == "のビルドシステムです。⸠configure.ac⸡"
    assert rec(text) == text  # and then it is a file name
    assert rec("のサイトです。example.com") == "のサイトです。⸠example.com⸡"


# --- localhost and the trailing question mark -------------------------------------------


def test_loopback_ip_with_scheme() -> None:
    assert rec("run http://127.0.0.1:5000/api now") == "run ⸠http://127.0.0.1:5000/api⸡ now"


def test_localhost_with_scheme() -> None:
    assert rec("open http://localhost:8000/admin now") == "open ⸠http://localhost:8000/admin⸡ now"
    assert rec("`http://localhost:5000/`") == "`⸠http://localhost:5000/⸡`"
    assert base("open http://localhost:8000/admin now") == "open http://localhost:8000/admin now"
    assert rec("open localhost:8000/admin now") == "open localhost:8000/admin now"  # no scheme
    assert rec("open http://localhost:8000/", dataclasses.replace(REC, dotless_hosts=frozenset())) == (
        "open http://localhost:8000/"
    )
    with pytest.raises(ValueError, match="dotless_hosts"):
        LinkPolicy(dotless_hosts=frozenset({"local.host"}))
    with pytest.raises(TypeError, match="dotless_hosts"):
        LinkPolicy(dotless_hosts="localhost")  # type: ignore[arg-type]


def test_lone_trailing_question_mark() -> None:
    assert rec("Have you seen example.com?") == "Have you seen ⸠example.com⸡?"
    assert rec("Seen https://x.org/a? Yes") == "Seen ⸠https://x.org/a⸡? Yes"
    assert rec("see https://x.org/a?b=1") == "see ⸠https://x.org/a?b=1⸡"
    assert base("Have you seen example.com?") == "Have you seen ⸠example.com?⸡"
    assert rec("Have you seen example.com?", without("drop_empty_query")) == "Have you seen ⸠example.com?⸡"


# --- the policy object and the defaults ---------------------------------------------------


def test_every_rule_is_a_field_and_on() -> None:
    fields = {f.name for f in dataclasses.fields(LinkPolicy)}
    for name in ("trim_markup", "cjk_boundary", "cjk_end", "reject_code_context", "reject_file_names",
                 "reject_abbreviations", "reject_generic_tld_names", "reject_reverse_dns_names",
                 "drop_empty_query"):
        assert name in fields and getattr(REC, name) is True
    assert LinkPolicy.recommended() is REC
    assert LinkPolicy().is_default and not REC.is_default


def test_linkify_html_uses_the_recommended_policy() -> None:
    html = linkify_text_to_html("edit setup.py, see example.com?")
    assert html.count("<a ") == 1 and ">example.com</a>?" in html
    assert linkify_text_to_html("edit setup.py", policy=LinkPolicy()).count("<a ") == 1


def test_find_links_keeps_the_base() -> None:
    assert find_links("edit setup.py") == find_links("edit setup.py", policy=LinkPolicy())


# --- the layer only narrows or drops -------------------------------------------------------

@given(st.lists(st.sampled_from(
    ["https://", "x.org", "example.com", "setup.py", "/", "a", "_", "`", "**", "'", '"', "<", "/a>",
     "?", "(", "の", "ア", "，", "。", " ", "bob@", "=", "$", "com.", "M.Sc."]), max_size=12).map("".join))
def test_recommended_only_narrows_or_drops(text: str) -> None:
    # cjk_host_cut (conformance/NOTES.md, issue 18) is the one documented rule that adds a
    # link where the base has none; tests/test_issue18_layer.py checks what it adds
    import dataclasses

    base_links = find_links(text)
    for link in find_links(text, policy=dataclasses.replace(REC, cjk_host_cut=False)):
        assert any(b.start <= link.start < link.end <= b.end for b in base_links)
        assert text[link.start : link.end] == link.text


def _cli(*args: str, stdin: str) -> str:
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "uts58_icu", *args], input=stdin.encode(), capture_output=True, check=True
    )
    return done.stdout.decode()


def test_cli_policy_option() -> None:
    line = "edit setup.py, see example.com?\n"
    assert _cli("detect", stdin=line) == "edit ⸠setup.py⸡, see ⸠example.com?⸡\n"
    assert _cli("detect", "--policy", "recommended", stdin=line) == "edit setup.py, see ⸠example.com⸡?\n"
    assert _cli("linkify", stdin=line).count("<a ") == 1
    assert _cli("linkify", "--policy", "base", stdin=line).count("<a ") == 2
    explained = _cli("detect", "--explain", "--policy", "recommended", stdin=line)
    assert "reject_file_names" in explained and "drop_empty_query" in explained


def test_notes_list_the_changed_test_lines(published: Callable[[str], Path]) -> None:
    """conformance/NOTES.md lists each LinkDetectionTest.txt line the policy changes."""
    import re

    from uts58_icu.conformance import run_detection

    result = run_detection(published("LinkDetectionTest.txt"), lambda t: find_links(t, policy=REC))
    changed = {lineno for lineno, _, _ in result.failures}
    notes = Path(__file__).resolve().parent.parent / "conformance" / "NOTES.md"
    section = notes.read_text(encoding="utf-8").split("## Recommended policy vs LinkDetectionTest.txt", 1)[1]
    section = section.split("\n## ", 1)[0]
    listed = {int(n) for n in re.findall(r"^- line (\d+):", section, re.MULTILINE)}
    assert listed == changed, f"NOTES.md lists {sorted(listed)}, the run changes {sorted(changed)}"
    for lineno, _, got in result.failures:
        plain = got.replace("⸠", "").replace("⸡", "")
        rules = {r.split(":")[0].split()[-1] for r in _policy_reasons(plain)}
        entry = re.search(rf"^- line {lineno}:(.*?)(?=^- line |\Z)", section, re.MULTILINE | re.DOTALL)
        assert entry is not None and any(rule in entry.group(1) for rule in rules), (lineno, rules)


def _policy_reasons(text: str) -> list[str]:
    from uts58_icu.linkification.apply import explain_notes

    return [n.reason for n in explain_notes(text, policy=REC)[1] if n.reason.startswith("§8")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('Acquire::http::Proxy::example.org "DIRECT";', 'Acquire::http::Proxy::example.org "DIRECT";'),
        ("rd.luks.name= is honored", "rd.luks.name= is honored"),
        ("Default is 1.day here", "Default is 1.day here"),
        ("add systemd-journal-remote.NEWS to", "add systemd-journal-remote.NEWS to"),
        ("Fix `Ruler.at` and `docutils.io`", "Fix `Ruler.at` and `docutils.io`"),
        ("in\t2021-11-01T05:30:28Z!eggert@cs.ucla.edu.", "in\t2021-11-01T05:30:28Z!⸠eggert@cs.ucla.edu⸡."),
        ("{french,spanish}@lists.debian.org", "{french,spanish}@lists.debian.org"),
        ("see &lt;https://www.gnu.org/licenses/&gt;.", "see &lt;⸠https://www.gnu.org/licenses/⸡&gt;."),
        ("が必要になります。info autoconf を参照", "が必要になります。info autoconf を参照"),
    ],
)
def test_classes_found_in_real_text(text: str, expected: str) -> None:
    assert rec(text) == expected
    assert base(text) != expected


def test_at_in_prose_is_not_obfuscation() -> None:
    assert rec("have a look at example.com today") == "have a look at ⸠example.com⸡ today"
    assert rec("X.Org and WWW.EXAMPLE.COM") == "⸠X.Org⸡ and ⸠WWW.EXAMPLE.COM⸡"


def test_key_colon_host_stays() -> None:
    assert rec("search with site:lists.debian.org to") == "search with site:⸠lists.debian.org⸡ to"
    assert rec("mail bob@example.com: he knows") == "mail ⸠bob@example.com⸡: he knows"
    assert rec("see example.com[1]") == "see ⸠example.com⸡[1]"


def test_code_span_keeps_a_web_host() -> None:
    assert rec("not `python-requests.org` default") == "not `⸠python-requests.org⸡` default"


@pytest.mark.parametrize(
    "text",
    [
        "│   ├── bootstrap-reboot.min.css.map", "Replace acconfig.h, defines.h.top with",
        "Fix a bug in `func.name` now", "``@app.post`` is a shortcut",
        "`Date <marshmallow.fields.Date>`", 'obj.re["twitter"] = 1', "from logging.warning to logging.info",
        "send email to <name>-request@gnu.org with", "or git@salsa.debian.org:ddp-team/debian-faq.git and",
        "relies on Socket.IO for", "Kevin <kju -at- fqdn.org>", "(eric-m AT wanadoo.fr)", "bob [at] example.org",
    ],
)
def test_more_classes_found_in_real_text(text: str) -> None:
    assert rec(text) == text
    assert base(text) != text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("»http://sf.net/Projekt/tar-Name-(.+)\\.tar\\.gz« in", "»http://sf.net/Projekt/tar-Name-(.+)\\.tar\\.gz« in"),
        ("see https://github.com/{owner}/repo now", "see ⸠https://github.com/⸡{owner}/repo now"),
        ("get https://example.com/${VERSION}/x.tar", "get ⸠https://example.com/⸡${VERSION}/x.tar"),
        ("GET https://example.com/api/%s/items", "GET ⸠https://example.com/api/⸡%s/items"),
        ("see https://x.org/a%de ok", "see ⸠https://x.org/a%de⸡ ok"),  # percent-encoding stays
        ('pip install "git+https://github.com/tqdm/tqdm.git@devel#egg=tqdm"',
         'pip install "git+https://github.com/tqdm/tqdm.git@devel#egg=tqdm"'),
    ],
)
def test_patterns_templates_and_compound_schemes(text: str, expected: str) -> None:
    assert rec(text) == expected


_RULE_FIELDS = [
    "trim_markup", "cjk_boundary", "cjk_end", "reject_code_context", "reject_file_names",
    "reject_abbreviations", "reject_generic_tld_names", "reject_code_spans", "reject_patterns",
    "reject_compound_schemes", "reject_reverse_dns_names", "drop_empty_query", "reject_obfuscated_email_domains",
]
_PIECES = st.sampled_from(
    ["https://", "http://localhost:8", "x.org", "a.py", "M.Sc.", "/", "_", "`", "**", "'", '"', "“", "”",
     "<", "/a>", "&lt;", "&gt;", "?", "(", "[\"", "=", "::", "$", "{", "}", "!", ":", "bob@", "com.", ".",
     "の", "ア", "漢", "，", "。", "を", " ", "\u202e", "(.+)", "\\.", "%s", "git+", "1.2.3.", "A.B"]
)


@given(st.lists(_PIECES, max_size=14).map("".join), st.fixed_dictionaries({f: st.booleans() for f in _RULE_FIELDS}))
def test_any_rule_combination_only_narrows(text: str, flags: dict[str, bool]) -> None:
    policy = LinkPolicy(dotless_hosts=frozenset({"localhost"}), **flags)  # type: ignore[arg-type]
    base_links = find_links(text, policy=LinkPolicy(dotless_hosts=frozenset({"localhost"})))
    got = find_links(text, policy=policy)
    assert [link.start for link in got] == sorted(link.start for link in got)
    for link in got:
        assert any(b.start <= link.start < link.end <= b.end for b in base_links)
        assert text[link.start : link.end] == link.text
    assert explain_notes(text, policy=policy)[0] == got
