"""The Markdown engines' fast paths (issue 19) give the answers of the general ones.

* ``LinkifyUts58`` with every option at linkify-it-py's default links a text with
  ``find_links(text, policy=...)`` (the compiled core and gate in one call) instead of
  its general path (the base scan, the host cuts, the policy, the options' filter).
* ``LinkifyUts58.link_at`` keeps a link the compiled gate proves no rule touches
  without running the policy's rules on it.
* mistune, with a stock ``HTMLRenderer``, renders each run of text and links while the
  inline tokens are built, by the renderer's own ``text`` and ``link``; any other
  renderer gets the tokens.

Each is compared with the general path on Markdown-ish text (real engines).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from uts58_icu import LinkPolicy
from uts58_icu.core.tlds import default_tlds
from uts58_icu.linkification.apply import apply_policy
from uts58_icu.markdown_it import LinkifyUts58

PIECES = [
    "a.com", "http://", "https://x.org/a?b=1", "me@a.com", "mailto:b@c.de", "www.a.com", "(a.com)",
    "git://h.io/r", "1.2.3.4", "//x.org/p", "http://localhost:8000/", "ftp://f.net/x.tar.gz",
    " ", ".", ",", "\n", "\n\n", "例え.テスト", "аррӏе.com", "\u202e", "e.org://x", "@", "setup.py",
    "*", "**", "_", "`", "[", "]", "(", ")", "](", "<a href='x'>", "</a>", "<b>", "\\", "&amp;",
    "<http://x.org>", "[t](http://t.org)", "![i](http://i.org/a.png)", "# ", "> ", "- ", "~~",
    "https://例え.jp/パス", "http://example.comいま", "ｈｔｔｐ://", "%41", "\"", "'", "a.b.c.d",
    "Edit ", "see ", "x.com/a_(b)", "user@例え.jp", "http://a.com,", "|a|b|\n|-|-|\n",
]  # fmt: skip
MARKDOWN = st.lists(st.sampled_from(PIECES) | st.text(max_size=3), max_size=16).map("".join)
POLICIES = st.sampled_from([None, LinkPolicy(), LinkPolicy(dotless_hosts=frozenset({"localhost"}))])


def general(lin: LinkifyUts58, text: str) -> list[Any]:
    return list(lin._iter_general(text))


@given(MARKDOWN, POLICIES)
def test_default_options_give_the_general_links(text: str, policy: LinkPolicy | None) -> None:
    lin = LinkifyUts58(policy=policy)
    assert lin._plain()
    assert list(lin.links(text)) == general(lin, text)


def test_any_option_off_the_default_takes_the_general_path() -> None:
    for lin in (
        LinkifyUts58({"fuzzy_email": False}),
        LinkifyUts58({"fuzzy_link": False}),
        LinkifyUts58(tlds=["com"]),
        LinkifyUts58().add("git:", "http:"),
        LinkifyUts58().add("mailto:", None),
        LinkifyUts58().add("@", {"validate": r"^\w+"}),
    ):
        assert not lin._plain()
    lin = LinkifyUts58()
    assert lin._plain()
    lin.set({"fuzzy_email": False})  # a change is seen at once
    assert not lin._plain()
    assert [link.text for link in lin.links("me@a.com and a.com")] == ["a.com"]


def reference_kept_at(lin: LinkifyUts58, window: str, scheme_end: int) -> Any:
    """``_kept_at`` with every link through ``apply_policy`` (no gate shortcut)."""
    link = next(lin._base(window), None)
    if link is None or link.start != 0 or link.end <= scheme_end:
        return None
    kept = next(apply_policy(window, [link], lin.policy, tlds=default_tlds()), None)
    if kept is None or kept.start != 0 or kept.kind != "url" or not lin._wanted(kept) or kept.end <= scheme_end:
        return None
    return kept


SCHEMES = st.sampled_from(["http://", "https://", "ftp://", "HTTP://", "ws://"])


@given(SCHEMES, MARKDOWN, POLICIES)
def test_link_at_keeps_what_the_policy_keeps(scheme: str, rest: str, policy: LinkPolicy | None) -> None:
    lin = LinkifyUts58(policy=policy)
    window = scheme + rest
    link = next(lin._base(window), None)
    assert lin._kept_at(window, link, len(scheme)) == reference_kept_at(lin, window, len(scheme))


# -- mistune ---------------------------------------------------------------------------


@lru_cache(maxsize=None)
def mistune_pair(**kwargs: Any) -> tuple[Any, Any]:
    """mistune with the plugin: on a stock HTMLRenderer (the fast path) and on one whose
    render_token is overridden (same output, the tokens rendered one by one)."""
    mistune = pytest.importorskip("mistune")
    from mistune.renderers.html import HTMLRenderer

    import uts58_icu.mistune

    class TokenByToken(HTMLRenderer):
        def render_token(self, token: dict[str, Any], state: Any) -> str:
            return super().render_token(token, state)

    plugins = ["strikethrough", "table", uts58_icu.mistune.linkify]
    fast = mistune.create_markdown(plugins=plugins, **kwargs)
    slow = mistune.Markdown(
        renderer=TokenByToken(escape=kwargs.get("escape", True)),
        inline=mistune.InlineParser(hard_wrap=False),
        plugins=[mistune.plugins.import_plugin(p) if isinstance(p, str) else p for p in plugins],
    )
    return fast, slow


@given(MARKDOWN)
def test_mistune_renders_runs_as_token_by_token(src: str) -> None:
    for escape in (True, False):
        fast, slow = mistune_pair(escape=escape)
        assert fast.inline._uts58_html is fast.renderer
        assert getattr(slow.inline, "_uts58_html", None) is None
        assert fast(src) == slow(src)


def test_mistune_fast_path_is_taken_and_right() -> None:
    fast, slow = mistune_pair()
    src = "See *a.com* and http://b.org/x, me@c.de, [t](http://t.org) `d.com` <a href='y'>e.com</a>.\n"
    seen: list[Any] = []
    import uts58_icu.mistune as um

    original = um._render_runs

    def spy(tokens: list[Any], lin: Any, html: Any) -> list[Any]:
        seen.append(tokens)
        return original(tokens, lin, html)

    um._render_runs = spy  # type: ignore[assignment]
    try:
        out = fast(src)
    finally:
        um._render_runs = original  # type: ignore[assignment]
    assert seen  # the runs were rendered at once
    assert out == slow(src) == (
        '<p>See <em><a href="https://a.com">a.com</a></em> and <a href="http://b.org/x">http://b.org/x</a>, '
        '<a href="mailto:me@c.de">me@c.de</a>, <a href="http://t.org">t</a> <code>d.com</code> '
        "&lt;a href='y'&gt;e.com&lt;/a&gt;.</p>\n"
    )


def test_mistune_ast_keeps_link_tokens() -> None:
    mistune = pytest.importorskip("mistune")
    import uts58_icu.mistune

    md = mistune.create_markdown(renderer=None, plugins=[uts58_icu.mistune.linkify])
    tokens = md("See a.com and http://b.org/x.")
    children = tokens[0]["children"]
    assert [t["type"] for t in children] == ["text", "link", "text", "link", "text"]
    assert children[1] == {"type": "link", "children": [{"type": "text", "raw": "a.com"}], "attrs": {"url": "https://a.com"}}


def test_mistune_renderer_overrides_are_honoured() -> None:
    """A renderer's own ``link`` and ``text`` render the links (the fast path calls them)."""
    mistune = pytest.importorskip("mistune")
    from mistune.renderers.html import HTMLRenderer

    import uts58_icu.mistune

    class NoFollow(HTMLRenderer):
        def link(self, text: str, url: str, title: str | None = None) -> str:
            return f'<a rel="nofollow" href="{self.safe_url(url)}">{text}</a>'

        def text(self, text: str) -> str:
            return super().text(text).upper()

    md = mistune.create_markdown(renderer=NoFollow(), plugins=[uts58_icu.mistune.linkify])
    assert md("see a.com and http://b.org") == (
        '<p>SEE <a rel="nofollow" href="https://a.com">A.COM</a> AND '
        '<a rel="nofollow" href="http://b.org">HTTP://B.ORG</a></p>\n'
    )


def test_mistune_renderer_swapped_after_the_plugin() -> None:
    """A renderer set after the plugin ran is not the one the fast path was set up for:
    the tokens go to it one by one."""
    mistune = pytest.importorskip("mistune")
    from mistune.renderers.html import HTMLRenderer

    import uts58_icu.mistune

    md = mistune.create_markdown(plugins=[uts58_icu.mistune.linkify])
    md.renderer = HTMLRenderer(escape=False)
    assert md("a.com <b>x</b>") == '<p><a href="https://a.com">a.com</a> <b>x</b></p>\n'


def test_mistune_renderer_changed_after_a_first_render() -> None:
    """What the fast path keeps from one inline parse to the next is checked again each
    time: a ``render_token`` set on the instance, another ``escape`` or another class
    after a first render are honoured."""
    mistune = pytest.importorskip("mistune")
    from mistune.renderers.html import HTMLRenderer

    import uts58_icu.mistune

    md = mistune.create_markdown(renderer=HTMLRenderer(escape=False), plugins=[uts58_icu.mistune.linkify])
    assert md("a.com <b>x</b>") == '<p><a href="https://a.com">a.com</a> <b>x</b></p>\n'
    md.renderer.escape_enabled = True
    assert md("a.com <b>x</b>") == '<p><a href="https://a.com">a.com</a> &lt;b&gt;x&lt;/b&gt;</p>\n'
    seen: list[str] = []
    stock = md.renderer.render_token

    def render_token(token: dict[str, Any], state: Any) -> str:
        seen.append(token["type"])
        return stock(token, state)  # type: ignore[no-any-return]

    md.renderer.render_token = render_token
    assert md("a.com and http://b.org") == (
        '<p><a href="https://a.com">a.com</a> and <a href="http://b.org">http://b.org</a></p>\n'
    )
    assert "link" in seen and "uts58_html" not in seen
    del md.renderer.render_token

    class Shouting(HTMLRenderer):
        def text(self, text: str) -> str:
            return super().text(text).upper()

    md.renderer.__class__ = Shouting
    assert md("see a.com") == '<p>SEE <a href="https://a.com">A.COM</a></p>\n'


# -- markdown-it-py: the normalizers once per distinct link ----------------------------


class Forgetful(dict):  # type: ignore[type-arg]
    """A memo that remembers nothing: every link normalized afresh."""

    def __setitem__(self, key: Any, value: Any) -> None:
        pass


REPEATS = st.lists(st.sampled_from(PIECES), max_size=8).map("".join).flatmap(
    lambda unit: st.tuples(st.just(unit), st.integers(1, 6), MARKDOWN)
).map(lambda t: t[0] * t[1] + t[2])


@lru_cache(maxsize=None)
def markdown_it_pair() -> tuple[Any, Any]:
    """markdown-it-py with the plugin, remembering and forgetting the normalizers."""
    markdown_it = pytest.importorskip("markdown_it")
    from uts58_icu.markdown_it import LinkifyUts58, linkify_plugin

    remembering = markdown_it.MarkdownIt("commonmark").use(linkify_plugin, LinkifyUts58())
    forgetting_lin = LinkifyUts58()
    forgetting_lin._new_memo = Forgetful  # type: ignore[method-assign]
    forgetting = markdown_it.MarkdownIt("commonmark").use(linkify_plugin, forgetting_lin)
    return remembering, forgetting


@given(REPEATS)
def test_markdown_it_memo_gives_fresh_answers(src: str) -> None:
    remembering, forgetting = markdown_it_pair()
    assert remembering.render(src) == forgetting.render(src)


def test_markdown_it_normalizes_a_repeated_link_once() -> None:
    markdown_it = pytest.importorskip("markdown_it")
    from uts58_icu.markdown_it import linkify_plugin

    md = markdown_it.MarkdownIt("commonmark").use(linkify_plugin)
    calls: list[str] = []
    normalize = md.normalizeLink

    def counting(url: str) -> str:
        calls.append(url)
        return normalize(url)

    md.normalizeLink = counting  # type: ignore[method-assign]
    out = md.render("a.com " * 50 + "\n\n" + "http://b.org, " * 50)
    assert out.count('<a href="https://a.com">a.com</a>') == 50
    assert out.count('<a href="http://b.org">http://b.org</a>') == 50
    assert calls.count("https://a.com") == 1  # the core rule: once per text token
    assert calls.count("http://b.org") <= 2  # the inline rule: once per paragraph (and its silent pass)


# -- the scheme before "://" -----------------------------------------------------------

SCHEME_TEXT = st.text(alphabet=st.sampled_from("hH1.+-_ :/xé\n"), max_size=80) | st.lists(
    st.sampled_from(["http", "x", "1", ".", "+", "-", " ", "é", "git+ssh", "a" * 30, "\n"]), max_size=12
).map("".join)


@given(SCHEME_TEXT, st.integers(0, 100))
def test_scheme_before_is_the_regular_expression(text: str, cut: int) -> None:
    from uts58_icu.markdown_it import _MAX_PROTO, _PROTO, _scheme_before

    end = min(cut, len(text))
    m = _PROTO.search(text, max(0, end - _MAX_PROTO - 1), end)
    assert _scheme_before(text, end) == (None if m is None else m.group(1))
    m = _PROTO.search(text, max(0, len(text) - _MAX_PROTO - 1))
    assert _scheme_before(text, len(text)) == (None if m is None else m.group(1))


def test_scheme_before_at_the_window_edge() -> None:
    from uts58_icu.markdown_it import _MAX_PROTO, _PROTO, _scheme_before

    for k in range(_MAX_PROTO - 2, _MAX_PROTO + 3):
        for prefix in ("", " ", "x "):
            text = prefix + "h" * k
            m = _PROTO.search(text, max(0, len(text) - _MAX_PROTO - 1), len(text))
            assert _scheme_before(text, len(text)) == (None if m is None else m.group(1)), (prefix, k)


# -- mistune: links and text written without HTMLRenderer.link / .text -------------------

_HREF_HEADS = ["https://", "HTTP://", "http:", "mailto:", "MailTo:", "ftp://", "FTPS://", "irc:", "tel:", "wss://",
               "javascript:", "JAVASCRIPT:", " https://", "%68ttps://", "data:image/png;", "/", "#", "?", "", "x"]
_HREF_TAIL = st.text(alphabet=st.sampled_from(list('ab%25%41%2F%3A"<>&amp;&#39;;/:?#= パ\u202e')), max_size=24)


@given(head=st.sampled_from(_HREF_HEADS), tail=_HREF_TAIL, shown=st.text(max_size=12), escape=st.booleans())
def test_mistune_link_writer_is_html_renderer_link(head: str, tail: str, shown: str, escape: bool) -> None:
    """The writer of a stock HTMLRenderer gives HTMLRenderer.link's HTML for any href
    (those it writes directly, and the others it passes to link()), and _Html.text the
    renderer's text()."""
    pytest.importorskip("mistune")
    from mistune.renderers.html import HTMLRenderer

    import uts58_icu.mistune as um

    renderer = HTMLRenderer(escape=escape)
    html = um._Html(renderer)
    assert html.special is not None  # the direct path is the one under test
    href = head + tail
    assert html.link(shown, href) == renderer.link(shown, url=href)
    assert html.text(shown) == renderer.text(shown)
    assert html.special(shown) or html.text(shown) == shown
    harmful = HTMLRenderer(allow_harmful_protocols=["javascript:"])
    assert um._Html(harmful).link(shown, href) == harmful.link(shown, url=href)


def test_mistune_link_writer_keeps_overrides() -> None:
    """A renderer whose link() or SAFE_PROTOCOLS differ gets link() itself."""
    pytest.importorskip("mistune")
    from mistune.renderers.html import HTMLRenderer

    import uts58_icu.mistune as um

    class Strict(HTMLRenderer):
        SAFE_PROTOCOLS = ("https:",)

    class Titled(HTMLRenderer):
        def link(self, text: str, url: str, title: str | None = None) -> str:
            return "[" + super().link(text, url, title) + "]"

    for renderer in (Strict(), Titled()):
        html = um._Html(renderer)
        for href in ("https://a.b/x", "http://a.b/%E3%83%91", "mailto:a@b.c"):
            assert html.link("t", href) == renderer.link("t", url=href)
    assert um._Html(Titled()).special is None  # text() goes to the renderer too
