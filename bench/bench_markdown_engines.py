"""Each Markdown engine with uts58-icu against its stock linkifier, on real Markdown files.

Engines (each the real package):

* markdown-it-py: ``LinkifyUts58`` against linkify-it-py;
* MyST: MyST-Parser's own ``create_md_parser`` with ``linkify`` on (what
  ``sphinx-build`` runs per document), ``uts58_icu.sphinx``'s linkifier against
  linkify-it-py;
* mistune 3: ``uts58_icu.mistune.linkify`` against the stock ``url`` plugin;
* Python-Markdown: ``uts58_icu.python_markdown`` against ``pymdownx.magiclink``
  (Python-Markdown has no linkifier of its own; MkDocs sites use magiclink), both
  with ``fenced_code``.

For each document the anchors of both HTML outputs are compared as multisets of
link texts: a text linked only by one side is counted there; a text linked by both
with another href is counted as "href differs" (mostly ``http://`` against
``https://`` for links without a scheme). Links written in Markdown are the same on
both sides and cancel out.

Markdown files come from, in order:

* ``--docs DIR``: the ``md*.txt`` documents of the real-text corpus
  (``bench/realtext/out/docs``, rebuilt by ``bench/realtext/build_corpus.py``);
* ``--sdists DIR``: README/CHANGELOG/HISTORY/CHANGES ``.md`` files inside the PyPI
  sdists (``*.tar.gz``) in DIR
  (for example ``bench/realtext/out/cache/pypi``, where the corpus build keeps them,
  or a folder filled with ``pip download --no-deps --no-binary :all: NAME==VERSION``).

    python bench/bench_markdown_engines.py [--docs DIR | --sdists DIR] [--samples 4] [--json]
"""

from __future__ import annotations

import argparse
import html
import json
import re
import sys
import tarfile
from collections import Counter
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DEFAULT_DOCS = ROOT / "bench" / "realtext" / "out" / "docs"
MAX_BYTES = 60_000  # a longer file is cut at a line boundary, as the corpus does


DOC_NAMES = re.compile(r"(?i)^(readme|changelog|changes|history|news)[^/]*\.md$")
ANCHOR = re.compile(r"<a\b[^>]*?href=\"([^\"]*)\"[^>]*>(.*?)</a>", re.DOTALL)
TAG = re.compile(r"<[^>]+>")


def anchors(out: str) -> Counter[tuple[str, str]]:
    """(link text, href) of each ``<a href>`` in ``out``."""
    return Counter(
        (html.unescape(TAG.sub("", text)).strip(), html.unescape(href)) for href, text in ANCHOR.findall(out)
    )


def load_docs(args: argparse.Namespace) -> list[tuple[str, str]]:
    if args.sdists:
        docs = []
        for tgz in sorted(Path(args.sdists).rglob("*.tar.gz")):
            try:
                with tarfile.open(tgz) as tf:
                    for member in sorted(tf.getmembers(), key=lambda m: m.name):
                        parts = member.name.split("/")
                        if member.isfile() and len(parts) == 2 and DOC_NAMES.match(parts[1]):
                            f = tf.extractfile(member)
                            if f is not None:
                                text = f.read().decode("utf-8", "replace")
                                docs.append((member.name, cut(text)))
            except (tarfile.TarError, OSError) as exc:
                print(f"skipped {tgz.name}: {exc}", file=sys.stderr)
        return docs
    folder = Path(args.docs) if args.docs else DEFAULT_DOCS
    markdown_ids = None
    manifest = folder.parent / "manifest.tsv"
    if manifest.exists():  # keep the Markdown files of the md stratum (it also holds reST)
        markdown_ids = set()
        for line in manifest.read_text(encoding="utf-8").splitlines()[1:]:
            cols = line.split("\t")
            if len(cols) >= 6 and cols[1] == "md" and cols[5].lower().endswith((".md", ".markdown")):
                markdown_ids.add(cols[0])
    return [
        (f"{p.stem}", p.read_text(encoding="utf-8"))
        for p in sorted(folder.glob("md*.txt"))
        if markdown_ids is None or p.stem in markdown_ids
    ]


def cut(text: str) -> str:
    if len(text.encode()) <= MAX_BYTES:
        return text
    return text.encode()[:MAX_BYTES].decode("utf-8", "ignore").rsplit("\n", 1)[0]


def engines() -> dict[str, tuple[Callable[[str], str], Callable[[str], str], str]]:
    """name -> (ours, stock, stock's name)."""
    out: dict[str, tuple[Callable[[str], str], Callable[[str], str], str]] = {}
    import linkify_it
    from markdown_it import MarkdownIt

    from uts58_icu.markdown_it import LinkifyUts58

    ours_md = MarkdownIt("commonmark", {"linkify": True}).enable("linkify")
    ours_md.linkify = LinkifyUts58()
    stock_md = MarkdownIt("commonmark", {"linkify": True}).enable("linkify")
    out["markdown-it-py"] = (ours_md.render, stock_md.render, f"linkify-it-py {version('linkify-it-py')}")

    try:
        from markdown_it.renderer import RendererHTML
        from myst_parser.config.main import MdParserConfig
        from myst_parser.parsers.mdit import create_md_parser

        config = MdParserConfig(enable_extensions={"linkify"})
        stock_myst = create_md_parser(config, RendererHTML)
        ours_myst = create_md_parser(config, RendererHTML)
        ours_myst.linkify = LinkifyUts58().set({"fuzzy_link": config.linkify_fuzzy_links})
        out["MyST (sphinx)"] = (ours_myst.render, stock_myst.render, f"linkify-it-py {version('linkify-it-py')}")
    except ImportError as exc:
        print(f"MyST skipped: {exc}", file=sys.stderr)

    import mistune

    import uts58_icu.mistune

    ours_mi = mistune.create_markdown(plugins=["strikethrough", "table", uts58_icu.mistune.linkify])
    stock_mi = mistune.create_markdown(plugins=["strikethrough", "table", "url"])
    out["mistune"] = (lambda s: str(ours_mi(s)), lambda s: str(stock_mi(s)), f"mistune {mistune.__version__} url plugin")

    import markdown

    def ours_pm(s: str) -> str:
        return markdown.markdown(s, extensions=["fenced_code", "uts58_icu.python_markdown"])

    try:
        import pymdownx  # noqa: F401

        def stock_pm(s: str) -> str:
            return markdown.markdown(s, extensions=["fenced_code", "pymdownx.magiclink"])

        out["Python-Markdown"] = (ours_pm, stock_pm, f"pymdownx.magiclink {version('pymdown-extensions')}")
    except ImportError:
        print("Python-Markdown skipped: pip install pymdown-extensions", file=sys.stderr)
    del linkify_it
    return out


def version(dist: str) -> str:
    from importlib.metadata import version as v

    return v(dist)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    src = ap.add_mutually_exclusive_group()
    src.add_argument("--docs", help="folder of md*.txt corpus documents (default bench/realtext/out/docs)")
    src.add_argument("--sdists", help="folder of PyPI sdists (*.tar.gz) to take README/CHANGELOG .md from")
    ap.add_argument("--samples", type=int, default=4, help="differences shown per engine and side")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    docs = load_docs(args)
    if not docs:
        ap.error("no Markdown documents found: give --docs or --sdists")
    total_bytes = sum(len(t.encode()) for _, t in docs)
    report: dict = {"documents": len(docs), "bytes": total_bytes, "engines": {}}
    for name, (ours, stock, stock_name) in engines().items():
        row: dict = {"stock": stock_name, "docs_differ": 0, "ours_links": 0, "stock_links": 0,
                     "only_ours": 0, "only_stock": 0, "href_differs": 0,
                     "sample_only_ours": [], "sample_only_stock": [], "sample_href": []}
        for doc_id, text in docs:
            a, b = anchors(ours(text)), anchors(stock(text))
            row["ours_links"] += sum(a.values())
            row["stock_links"] += sum(b.values())
            ta = Counter({t: 0 for t, _ in a}) + Counter(t for t, _ in a.elements())
            tb = Counter(t for t, _ in b.elements())
            only_a, only_b = ta - tb, tb - ta
            # same text, linked as often on both sides, but with other hrefs
            hrefs_a: dict[str, Counter[str]] = {}
            hrefs_b: dict[str, Counter[str]] = {}
            for (t, h), k in a.items():
                hrefs_a.setdefault(t, Counter())[h] += k
            for (t, h), k in b.items():
                hrefs_b.setdefault(t, Counter())[h] += k
            hd = [t for t in set(ta) & set(tb) if ta[t] == tb[t] and hrefs_a[t] != hrefs_b[t]]
            href_a = {t: min(hrefs_a[t] - hrefs_b[t]) for t in hd}
            href_b = {t: min(hrefs_b[t] - hrefs_a[t]) for t in hd}
            if only_a or only_b or hd:
                row["docs_differ"] += 1
            row["only_ours"] += sum(only_a.values())
            row["only_stock"] += sum(only_b.values())
            row["href_differs"] += len(hd)
            for key, items in (("sample_only_ours", sorted(only_a)), ("sample_only_stock", sorted(only_b))):
                for t in items:
                    if len(row[key]) < args.samples and all(t != s[1] for s in row[key]):
                        row[key].append((doc_id, t))
            for t in sorted(hd):
                if len(row["sample_href"]) < args.samples:
                    row["sample_href"].append((doc_id, t, href_a[t], href_b[t]))
        report["engines"][name] = row
        print(f"  .. {name}: {row['docs_differ']} documents differ", file=sys.stderr)
    if args.json:
        print(json.dumps(report, indent=2, ensure_ascii=False))
        return 0
    print(f"{report['documents']} Markdown documents, {total_bytes:,} bytes.\n")
    print("| engine | stock linkifier | links (ours / stock) | documents that differ | linked only by ours | only by stock | same text, other href |")
    print("|---|---|---|---|---|---|---|")
    for name, r in report["engines"].items():
        print(f"| {name} | {r['stock']} | {r['ours_links']:,} / {r['stock_links']:,} | {r['docs_differ']} | "
              f"{r['only_ours']:,} | {r['only_stock']:,} | {r['href_differs']:,} |")
    for name, r in report["engines"].items():
        print(f"\n{name}:")
        for doc_id, t in r["sample_only_ours"]:
            print(f"  only ours:  {t[:80]!r}  ({doc_id})")
        for doc_id, t in r["sample_only_stock"]:
            print(f"  only stock: {t[:80]!r}  ({doc_id})")
        for doc_id, t, ha, hb in r["sample_href"]:
            print(f"  href:       {t[:50]!r} ours {ha[:60]!r} stock {hb[:60]!r}  ({doc_id})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
