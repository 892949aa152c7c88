"""Issue 18: §8-layer defects found by other linkifiers' test suites (recommended()),
each with its reproducer, and a property per class."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from uts58_icu import LinkPolicy, find_links, iter_links
from uts58_icu.linkification.apply import explain_notes

R = LinkPolicy.recommended()


def texts(text: str, policy: LinkPolicy | None = R, **kw: object) -> list[str]:
    return [link.text for link in find_links(text, policy=policy, **kw)]  # type: ignore[arg-type]


# --- {GUID} in a query ----------------------------------------------------------------

SHAREPOINT = (
    "https://contoso.sharepoint.com/sites/a/_layouts/15/Doc.aspx"
    "?sourcedoc={5F3A1B2C-1234-4ABC-9DEF-0123456789AB}&action=edit"
)


def test_guid_in_a_query_is_part_of_the_url() -> None:
    assert texts(f"Open {SHAREPOINT} please") == [SHAREPOINT]
    assert find_links(SHAREPOINT, policy=R)[0].href.endswith("%7D&action=edit")


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("https://github.com/{owner}/repo", "https://github.com/"),
        ("https://example.com/dl/${VERSION}/x.tgz", "https://example.com/dl/"),
        ("https://example.com/{id}?a={5F3A}", "https://example.com/"),
    ],
)
def test_placeholders_still_end_the_url(text: str, want: str) -> None:
    assert texts(text) == [want]


@given(st.text("0123456789ABCDEFabcdef-", min_size=1, max_size=40))
def test_hex_and_hyphens_in_braces_never_cut(guid: str) -> None:
    url = f"https://example.com/Doc.aspx?sourcedoc={{{guid}}}&action=edit"
    assert texts(f"see {url} now") == [url]


# --- '>' glued before an email --------------------------------------------------------


@pytest.mark.parametrize("prefix", [">", ">>", "> >", ">>>", "\n>> "])
def test_quoted_reply_marker_keeps_the_email(prefix: str) -> None:
    assert texts(f"{prefix}name@example.com wrote:") == ["name@example.com"]


def test_template_tail_still_rejected() -> None:
    assert texts("<name>-request@gnu.org") == []
    assert texts("{a,b}@lists.debian.org") == []


@given(st.lists(st.sampled_from([">", "> ", " >"]), min_size=1, max_size=4).map("".join),
       st.sampled_from(["bob", "name.last", "a+b"]))
def test_any_quote_marker_run_keeps_the_email(marks: str, local: str) -> None:
    assert texts(f"{marks}{local}@example.org") == [f"{local}@example.org"]


# --- Bidi controls that close a URL ---------------------------------------------------


def test_bidi_isolate_closing_a_url_is_not_in_it() -> None:
    text = "مرحبا \u2068https://example.com/path\u2069 نص"
    (link,) = find_links(text, policy=R)
    assert link.text == "https://example.com/path"
    assert link.href == "https://example.com/path"
    _, notes = explain_notes(text, policy=R)
    assert any("trim_bidi_controls" in n.reason for n in notes)
    off = dataclasses.replace(R, trim_bidi_controls=False)
    assert find_links(text, policy=off)[0].href.endswith("%E2%81%A9")


@given(
    st.sampled_from(["https://example.com/path", "https://example.com/a?b=c", "example.org/x", "https://example.com"]),
    st.lists(st.sampled_from(["\u2069", "\u202c", "\u200e", "\u200f", "\u061c"]), min_size=1, max_size=3).map("".join),
    st.sampled_from(["", " نص", "نص", ".", "x"]),
)
def test_no_closing_bidi_control_ends_up_in_a_link(url: str, controls: str, after: str) -> None:
    text = f"\u2067{url}{controls}{after}"
    for link in find_links(text, policy=R):
        assert not any(c in link.text for c in "\u2069\u202c"), (text, link)
        assert link.text[-1] not in "\u200e\u200f\u061c\u2069\u202c"
        assert link.text.startswith(url.split("/")[0])


# --- CJK glued on both sides of a URL -------------------------------------------------


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("いまなにしてるhttp://example.comいまなにしてる", ["http://example.com"]),
        ("中文https://www.example.com.cn中文", ["https://www.example.com.cn"]),
        ("한국어http://example.co.kr한국어", ["http://example.co.kr"]),
        ("見てhttps://example.com/path見て", ["https://example.com/path"]),  # the base and cjk_end
    ],
)
def test_cjk_glued_url_is_linked(text: str, want: list[str]) -> None:
    assert texts(text) == want
    assert [link.text for link in iter_links(text, policy=R)] == want


@pytest.mark.parametrize(
    "text",
    [
        "いまexample.comいま",  # no scheme: not proposed
        "http://example.xyzzyいま",  # no such TLD
        "http://example.comいま.xyzzy",  # the CJK is a label of a host (no such TLD)
    ],
)
def test_cjk_host_cut_only_cuts_an_ascii_host_at_its_end(text: str) -> None:
    assert texts(text) == []


@pytest.mark.parametrize("text", ["http://example.comいま.jp", "http://exampleいま.com"])
def test_cjk_inside_a_host_stays_the_base_idn(text: str) -> None:
    assert texts(text) == [text]  # an IDN host as written: never cut


def test_cjk_host_cut_is_explained_and_off_in_the_base() -> None:
    text = "いまなにしてるhttp://example.comいまなにしてる"
    assert find_links(text) == []
    _, notes = explain_notes(text, policy=R)
    assert any("cjk_host_cut" in n.reason for n in notes)
    assert texts(text, dataclasses.replace(R, cjk_host_cut=False)) == []


CJK = st.text(st.sampled_from("いまなにしてる中国語日本한국어テスト"), min_size=1, max_size=4)
ASCII_HOST = st.lists(st.text("abcxyz09-", min_size=1, max_size=5), min_size=1, max_size=3).map(".".join)


@given(CJK, st.sampled_from(["http", "https"]), ASCII_HOST, st.sampled_from(["com", "jp", "org", "zz"]), CJK)
def test_cjk_host_cut_links_exactly_the_host_written(before: str, scheme: str, host: str, tld: str, after: str) -> None:
    written = f"{scheme}://{host}.{tld}"
    text = before + written + after
    for link in find_links(text, policy=R):
        # never a different host: the link is the written scheme and ASCII host, or nothing
        assert link.text == written and link.start == len(before), (text, link)


# --- recall on modern domains ---------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("Follow me on bsky.app", ["bsky.app"]),
        ("Read web.dev for more", ["web.dev"]),
        ("see t.co", ["t.co"]),
        ("Visit deno.land for the manual", ["deno.land"]),
        ("Our wiki is on Notion (website: notion.so)", ["notion.so"]),
        ("Head over to bun.sh", ["bun.sh"]),
        ("Visit deno.land and bun.sh", ["deno.land"]),
    ],
)
def test_modern_domains_in_context(text: str, want: list[str]) -> None:
    assert texts(text) == want


@pytest.mark.parametrize(
    "text",
    [
        "Run install.sh first",
        "Edit setup.py",
        "Link against libfoo.so",
        "from collections.abc import Mapping",
        "Use logging.info for that",
        "After=network.target",
        "return self.app",
        "Set settings.dev in production",
        "paginator.page",
        "M.Sc. in physics",
        "Install it via setup.py",
        "Check out main.rs",
    ],
)
def test_file_names_and_code_stay_unlinked(text: str) -> None:
    assert texts(text) == []


# --- an explicit tlds= is meant ------------------------------------------------------


def test_named_tld_is_linked() -> None:
    assert texts("see intranet.corp", tlds={"corp"}) == ["intranet.corp"]
    assert texts("see collections.abc", tlds={"abc"}) == ["collections.abc"]
    assert texts("see collections.abc") == []  # not named: the generic-TLD rule holds
    from uts58_icu.core.tlds import default_tlds

    extended = set(default_tlds()) | {"corp"}
    assert texts("see intranet.corp and collections.abc", tlds=extended) == ["intranet.corp"]


def test_named_tld_through_integrations() -> None:
    import markdown
    from markdown_it import MarkdownIt

    from uts58_icu.markdown_it import LinkifyUts58
    from uts58_icu.python_markdown import makeExtension

    try:
        import turbohtml  # noqa: F401  (the HTML integrations need it: Python 3.11+)
    except ImportError:
        pass
    else:
        from uts58_icu import html

        assert 'href="https://intranet.corp"' in html.linkify("see intranet.corp", tlds={"corp"})
    assert [m.raw for m in LinkifyUts58().tlds(["corp"], keep_old=True).match("see intranet.corp") or []] == ["intranet.corp"]
    assert [m.raw for m in LinkifyUts58(tlds=["corp"]).match("see intranet.corp") or []] == ["intranet.corp"]
    md = MarkdownIt("commonmark", {"linkify": True}).enable("linkify")
    md.linkify = LinkifyUts58().tlds(["corp"], keep_old=True)
    assert 'href="https://intranet.corp"' in md.render("see intranet.corp")
    out = markdown.markdown("see intranet.corp", extensions=[makeExtension(tlds=["corp"])])
    assert 'href="https://intranet.corp"' in out


@given(st.sampled_from(["corp", "internal", "abc", "py", "sh", "lan"]), st.sampled_from(["intranet", "wiki", "a-b"]))
def test_any_named_tld_links_a_bare_name(tld: str, name: str) -> None:
    assert texts(f"see {name}.{tld} now", tlds={tld}) == [f"{name}.{tld}"]


def test_cjk_host_cut_through_markdown_it() -> None:
    from markdown_it import MarkdownIt

    from uts58_icu.markdown_it import LinkifyUts58

    text = "いまなにしてるhttp://example.comいまなにしてる"
    assert [m.raw for m in LinkifyUts58().match(text) or []] == ["http://example.com"]
    md = MarkdownIt("commonmark", {"linkify": True}).enable("linkify")
    md.linkify = LinkifyUts58()
    assert '<a href="http://example.com">http://example.com</a>' in md.render(text)
