"""The same fixtures through every Markdown engine, each the real thing.

markdown-it-py (LinkifyUts58), mistune 3 (uts58_icu.mistune), nbconvert's
HTMLExporter on a notebook, Python-Markdown (uts58_icu.python_markdown) and a real
``sphinx-build`` of a MyST project (uts58_icu.sphinx). Each engine writes links its
own way (attributes, escaping), so the fixtures are checked with patterns on the
``<a>`` elements.
"""

from __future__ import annotations

import functools
import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from docs_blocks import block_after

ROOT = Path(__file__).resolve().parent.parent
PASU = "%E3%83%91%E3%82%B9"  # パス


def a(href: str, text: str) -> re.Pattern[str]:
    """An ``<a>`` with exactly this href and text (any other attributes)."""
    return re.compile(rf'<a [^>]*href="{re.escape(href)}"[^>]*>{re.escape(text)}</a>')


def linked(text: str) -> re.Pattern[str]:
    """Any ``<a>`` whose text contains ``text``."""
    return re.compile(rf"<a [^>]*>[^<]*{re.escape(text)}[^<]*</a>")


# (name, markdown, patterns that must match, patterns that must not, text that must stay)
FIXTURES: list[tuple[str, str, list[re.Pattern[str]], list[re.Pattern[str]], list[str]]] = [
    (
        "cjk",
        "詳細は「example.com/パス」を参照",
        [a(f"https://example.com/{PASU}", "example.com/パス")],
        [linked("を参照")],
        ["」を参照"],
    ),
    (
        "email",
        "Mail αβγ@example.com now.",
        [a("mailto:%CE%B1%CE%B2%CE%B3@example.com", "αβγ@example.com")],
        [],
        [],
    ),
    (
        "parens",
        "See example.com/a_(b) now.",
        [a("https://example.com/a_(b)", "example.com/a_(b)")],
        [],
        [],
    ),
    (
        "filenames",
        "Edit README.md and setup.py first.",
        [],
        [linked("README.md"), linked("setup.py")],
        ["README.md", "setup.py"],
    ),
    (
        "code_span",
        "Run `docs.example.org/x` here.",
        [],
        [linked("docs.example.org")],
        ["docs.example.org/x"],
    ),
    (
        "existing_link",
        "See [example.com/old](https://b.example.com/new) here.",
        [a("https://b.example.com/new", "example.com/old")],
        [re.compile(r'href="https://example\.com/old"'), re.compile(r"<a [^>]*>[^<]*<a ")],
        [],
    ),
]
IDS = [f[0] for f in FIXTURES]
SOURCE = {f[0]: f[1] for f in FIXTURES}


def guide_block(page: str, lang: str) -> str:
    """The first fenced ``lang`` block of the guide ``docs/<page>.md``."""
    return block_after(ROOT / "docs" / f"{page}.md", "\n", lang)


def check(html: str, name: str) -> None:
    _, _, must, must_not, stays = next(f for f in FIXTURES if f[0] == name)
    for pattern in must:
        assert pattern.search(html), f"{name}: {pattern.pattern} not in {html}"
    for pattern in must_not:
        assert not pattern.search(html), f"{name}: {pattern.pattern} in {html}"
    for text in stays:
        assert text in html, f"{name}: {text!r} not in {html}"


# --------------------------------------------------------------------- markdown-it-py


@pytest.mark.parametrize("name", IDS)
def test_markdown_it(name: str) -> None:
    pytest.importorskip("markdown_it", reason="pip install '.[markdown-it]'")
    from markdown_it import MarkdownIt

    from uts58_icu.markdown_it import LinkifyUts58

    md = MarkdownIt("commonmark", {"linkify": True}).enable("linkify")
    md.linkify = LinkifyUts58()
    check(md.render(SOURCE[name]), name)


# --------------------------------------------------------------------------- mistune


@pytest.fixture(scope="module")
def mistune_md() -> Callable[[str], str]:
    mistune = pytest.importorskip("mistune", reason="pip install '.[mistune]'")
    import uts58_icu.mistune

    md = mistune.create_markdown(plugins=["strikethrough", "table", uts58_icu.mistune.linkify])
    return lambda s: str(md(s))


@pytest.mark.parametrize("name", IDS)
def test_mistune(mistune_md: Callable[[str], str], name: str) -> None:
    check(mistune_md(SOURCE[name]), name)


def test_mistune_replaces_the_url_plugin() -> None:
    mistune = pytest.importorskip("mistune", reason="pip install '.[mistune]'")
    import uts58_icu.mistune

    text = "詳細は https://example.com/パス。"
    stock = str(mistune.create_markdown(plugins=["url"])(text))
    assert "パス。</a>" in stock  # the stock pattern takes the CJK full stop
    for plugins in ([uts58_icu.mistune.linkify], ["url", uts58_icu.mistune.linkify]):
        html = str(mistune.create_markdown(plugins=plugins)(text))
        assert a(f"https://example.com/{PASU}", "https://example.com/パス").search(html), html
        assert "パス</a>。" in html


def test_mistune_markup_around_links() -> None:
    mistune = pytest.importorskip("mistune", reason="pip install '.[mistune]'")
    import uts58_icu.mistune

    md = mistune.create_markdown(escape=False, plugins=[uts58_icu.mistune.linkify])
    html = str(md("**https://example.com/x** <a href=\"/q\">a.example.com</a> [see https://a.com/x](https://b.com)"))
    assert '<strong><a href="https://example.com/x">https://example.com/x</a></strong>' in html
    assert '<a href="/q">a.example.com</a>' in html  # raw HTML link left alone
    assert '<a href="https://b.com">see https://a.com/x</a>' in html  # no link inside a link
    html = str(md("    code block example.com\n\nxhttp://a.com/ and https://example.com/a*b*"))
    assert "<pre><code>code block example.com" in html
    # the inline rule never starts a link inside a word; what is linked there is what
    # markdown-it-py with LinkifyUts58 links (the core decides)
    from markdown_it import MarkdownIt

    from uts58_icu.markdown_it import LinkifyUts58

    mdit = MarkdownIt("commonmark", {"linkify": True}).enable("linkify")
    mdit.linkify = LinkifyUts58()
    glued = "see xhttp://a.com/ and yhttps://b.com"
    assert re.findall(r"<a [^>]*>", str(md(glued))) == re.findall(r"<a [^>]*>", mdit.render(glued))
    assert '<a href="https://example.com/a*b">https://example.com/a*b</a>*' in html


def test_mistune_options() -> None:
    mistune = pytest.importorskip("mistune", reason="pip install '.[mistune]'")
    from uts58_icu import LinkPolicy
    from uts58_icu.markdown_it import LinkifyUts58
    from uts58_icu.mistune import make_linkify

    md = mistune.create_markdown(plugins=[make_linkify(options={"fuzzy_email": False}, policy=LinkPolicy())])
    html = str(md("a@example.com README.md"))
    assert "<a" in html and "a@example.com" in html and not linked("a@example.com").search(html)
    assert linked("README.md").search(html)  # the base links it; the recommended policy does not
    with pytest.raises(ValueError, match="either"):
        make_linkify(linkifier=LinkifyUts58(), policy=LinkPolicy())
    with pytest.raises(TypeError, match="linkifier"):
        make_linkify(linkifier="x")  # type: ignore[arg-type]


# ---------------------------------------------------------------------------- nbconvert


def test_nbconvert_html_exporter(tmp_path: Path) -> None:
    nbformat = pytest.importorskip("nbformat", reason="pip install '.[mistune]' nbconvert")
    nbconvert = pytest.importorskip("nbconvert", reason="pip install '.[mistune]' nbconvert")

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell(f[1]) for f in FIXTURES]
    nb.cells.append(nbformat.v4.new_code_cell("print('example.org/in/code')"))
    path = tmp_path / "small.ipynb"
    path.write_text(json.dumps(nb), encoding="utf-8")

    exporter = nbconvert.HTMLExporter(filters={"markdown2html": "uts58_icu.mistune.NbconvertMarkdown2HTML"})
    html, _ = exporter.from_filename(str(path))
    for name in IDS:
        check(html, name)
    assert not linked("example.org/in/code").search(html)

    stock, _ = nbconvert.HTMLExporter().from_filename(str(path))
    assert not a(f"https://example.com/{PASU}", "example.com/パス").search(stock)  # stock: http(s):// only


def test_nbconvert_keeps_the_exporter_options(tmp_path: Path) -> None:
    nbformat = pytest.importorskip("nbformat", reason="pip install '.[mistune]' nbconvert")
    nbconvert = pytest.importorskip("nbconvert", reason="pip install '.[mistune]' nbconvert")

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("# Title\n\nsee example.com")]
    path = tmp_path / "t.ipynb"
    path.write_text(json.dumps(nb), encoding="utf-8")
    exporter = nbconvert.HTMLExporter(
        filters={"markdown2html": "uts58_icu.mistune.NbconvertMarkdown2HTML"}, anchor_link_text="#§#"
    )
    html, _ = exporter.from_filename(str(path))
    assert "#§#" in html and a("https://example.com", "example.com").search(html)


# ----------------------------------------------------------------------- Python-Markdown


@pytest.mark.parametrize("name", IDS)
def test_python_markdown(name: str) -> None:
    markdown = pytest.importorskip("markdown", reason="pip install '.[markdown]'")
    html = markdown.markdown(SOURCE[name], extensions=["uts58_icu.python_markdown"])
    check(html, name)


def test_python_markdown_code_blocks_html_and_options() -> None:
    markdown = pytest.importorskip("markdown", reason="pip install '.[markdown]'")
    from uts58_icu import LinkPolicy
    from uts58_icu.python_markdown import makeExtension

    src = "    example.com/in/block\n\n```\nnot fenced: example.com\n```\n\n<a href=\"/q\">raw.example.com</a> after.example.com"
    html = markdown.markdown(src, extensions=["uts58_icu.python_markdown"])
    assert not linked("example.com/in/block").search(html)
    assert '<a href="/q">raw.example.com</a>' in html
    assert a("https://after.example.com", "after.example.com").search(html)

    html = markdown.markdown(
        "a@example.com b.example.com README.md",
        extensions=[makeExtension(emails=False, policy=LinkPolicy())],
    )
    assert not linked("a@example.com").search(html)
    assert linked("README.md").search(html)
    html = markdown.markdown(
        "x.com y.net",
        extensions=["uts58_icu.python_markdown"],
        extension_configs={"uts58_icu.python_markdown": {"tlds": ["net"], "policy": "base"}},
    )
    assert not linked("x.com").search(html) and linked("y.net").search(html)
    with pytest.raises(ValueError, match="unknown policy .strict."):  # issue 20 item 13: one rule
        makeExtension(policy="strict")
    with pytest.raises(ValueError, match="maybe"):  # Python-Markdown's own bool parsing
        makeExtension(emails="maybe")
    with pytest.raises(TypeError, match="schemes"):
        makeExtension(schemes="git")


def test_guide_mkdocs_yml() -> None:
    """The MkDocs guide's mkdocs.yml block, loaded as MkDocs loads markdown_extensions."""
    markdown = pytest.importorskip("markdown", reason="pip install '.[markdown]'")
    yaml = pytest.importorskip("yaml")
    config = yaml.safe_load(guide_block("python-markdown", "yaml"))
    names, configs = [], {}
    for item in config["markdown_extensions"]:
        if isinstance(item, dict):
            (name, options), = item.items()
            configs[name] = options or {}
        else:
            name = item
        names.append(name)
    assert "uts58_icu.python_markdown" in names
    src = "\n\n".join(SOURCE.values()) + "\n\n```\nfenced example.com/in/fence\n```\n"
    html = markdown.markdown(src, extensions=names, extension_configs=configs)
    for name in IDS:
        check(html, name)
    assert not linked("example.com/in/fence").search(html)


# ------------------------------------------------------------------------------ Sphinx


def sphinx_build(tmp_path: Path, extensions: list[str] | None, body: str, extra: str = "") -> str:
    """Build ``body`` as ``index.md``; ``extensions=None`` takes conf.py from the Sphinx guide."""
    src = tmp_path / "src"
    src.mkdir()
    if extensions is None:
        conf = guide_block("sphinx", "python")
    else:
        conf = f"extensions = {extensions!r}\nmyst_enable_extensions = ['linkify']\n"
    (src / "conf.py").write_text(conf + extra, encoding="utf-8")
    (src / "index.md").write_text("# Test\n\n" + body, encoding="utf-8")
    out = tmp_path / "out"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    proc = subprocess.run(
        [sys.executable, "-m", "sphinx", "-b", "html", "-q", "-E", str(src), str(out)],
        capture_output=True, text=True, env=env, timeout=300, check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert "linkify" not in proc.stderr, proc.stderr  # no "linkify-it-py is not installed" warning
    html = (out / "index.html").read_text(encoding="utf-8")
    # Sphinx cloaks email addresses (docutils' cloak_email_addresses): entities, <span>s
    # and '@' as %40 in the href. Undo that to compare the link itself.
    html = re.sub(r"</?span>", "", html)
    return re.sub(r"&#(\d+);", lambda m: chr(int(m.group(1))), html).replace("%40example", "@example")


def test_sphinx_build_myst(tmp_path: Path) -> None:
    pytest.importorskip("sphinx", reason="pip install '.[sphinx]'")
    pytest.importorskip("myst_parser", reason="pip install '.[sphinx]'")
    body = "\n\n".join(f[1] for f in FIXTURES) + "\n"
    html = sphinx_build(tmp_path, None, body)  # conf.py: the Sphinx guide's block
    for name in IDS:
        check(html, name)


def test_sphinx_stock_myst_links_file_names(tmp_path: Path) -> None:
    """What MyST-Parser#631 reports, with stock linkify-it-py (the difference we fix)."""
    pytest.importorskip("sphinx", reason="pip install '.[sphinx]'")
    pytest.importorskip("myst_parser", reason="pip install '.[sphinx]'")
    pytest.importorskip("linkify_it", reason="stock MyST linkify needs linkify-it-py")
    html = sphinx_build(tmp_path, ["myst_parser"], "Edit README.md first.\n")
    assert linked("README.md").search(html)


def test_sphinx_config_values(tmp_path: Path) -> None:
    pytest.importorskip("sphinx", reason="pip install '.[sphinx]'")
    pytest.importorskip("myst_parser", reason="pip install '.[sphinx]'")
    html = sphinx_build(
        tmp_path, ["myst_parser", "uts58_icu.sphinx"], "Edit README.md, mail a@example.com.\n",
        "uts58_linkify_policy = 'base'\nuts58_linkify_emails = False\n",
    )
    assert linked("README.md").search(html)
    assert not linked("a@example.com").search(html)


# ------------------------------------------------------------------ property: text kept


# Text without Markdown syntax (so the linkify inline rules cannot change how emphasis
# or code parse), 'x' (no xn-- labels) and '%' (markdown-it-py decodes %XX in link text).
PLAIN = st.lists(
    st.sampled_from(list("abcwy019.-/:@()?#=&,; \n") + ["com", "org", "例", "。", "「", "」", "é", "\u200b", "http://", "https://"]),
    max_size=40,
).map("".join)


def text_content(out: str) -> str:
    import html as html_module

    return html_module.unescape(re.sub(r"<[^>]+>", "", out))


@functools.lru_cache(maxsize=1)
def _engines() -> list[tuple[Callable[[str], str], Callable[[str], str]]]:
    """(ours, the same engine without a linkifier) per engine, built once."""
    from markdown_it import MarkdownIt

    from uts58_icu.markdown_it import LinkifyUts58

    mdit = MarkdownIt("commonmark", {"linkify": True}).enable("linkify")
    mdit.linkify = LinkifyUts58()
    plain_mdit = MarkdownIt("commonmark")
    # markdown-it-py's normalizeLinkText maps a host's U+3002 to '.' in the link text
    dots = str.maketrans({"。": "."})
    out = [(lambda s: mdit.render(s).translate(dots), lambda s: plain_mdit.render(s).translate(dots))]
    from uts58_icu.markdown_it import linkify_plugin

    plugin = MarkdownIt("commonmark").use(linkify_plugin)
    out.append((lambda s: plugin.render(s).translate(dots), lambda s: plain_mdit.render(s).translate(dots)))
    import mistune

    import uts58_icu.mistune

    ours_mi, plain_mi = mistune.create_markdown(plugins=[uts58_icu.mistune.linkify]), mistune.create_markdown()
    out.append((lambda s: str(ours_mi(s)), lambda s: str(plain_mi(s))))
    import markdown

    ours_pm = markdown.Markdown(extensions=["uts58_icu.python_markdown"])
    plain_pm = markdown.Markdown()
    out.append((lambda s: ours_pm.reset().convert(s), lambda s: plain_pm.reset().convert(s)))
    return out


@given(PLAIN)
def test_linkify_only_wraps_text(src: str) -> None:
    """In every engine, linkifying adds <a> elements around text and changes no text
    (but a link's display: a ZWSP in a link shows as %E2%80%8B, issue 22 item 5)."""
    pytest.importorskip("mistune")
    pytest.importorskip("markdown")
    for ours, plain in _engines():
        assert text_content(ours(src)).replace("%E2%80%8B", "\u200b") == text_content(plain(src))


def test_sphinx_myst_fuzzy_links_option(tmp_path: Path) -> None:
    """MyST-Parser's own myst_linkify_fuzzy_links reaches LinkifyUts58 (through .set)."""
    pytest.importorskip("sphinx", reason="pip install '.[sphinx]'")
    pytest.importorskip("myst_parser", reason="pip install '.[sphinx]'")
    html = sphinx_build(
        tmp_path, ["myst_parser", "uts58_icu.sphinx"], "See example.org and https://example.net/x.\n",
        "myst_linkify_fuzzy_links = False\n",
    )
    assert not linked("example.org").search(html)
    assert a("https://example.net/x", "https://example.net/x").search(html)
