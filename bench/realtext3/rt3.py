#!/usr/bin/env python3
"""The fresh sample of issue 18: realtext2's tools run over NEW sources (``bench/realtext3``).

Drawn after the rules were tuned on realtext2 (round 1 and hold-out), from sources
that realtext2 does not use and that issue 18 does not keep back. Nothing fetched is
committed: ``SOURCES.tsv`` pins ``repo@commit:path`` + SHA-256; the judgements hold
offsets and context hashes only. The scripts are realtext2's, pointed at this folder:

  python bench/realtext3/rt3.py pin               # choose the files again → SOURCES.tsv
  python bench/realtext3/rt3.py build             # out/docs, out/manifest.tsv (hash-checked)
  PYTHONPATH=. python bench/realtext3/rt3.py detect   # every detector in one run (node: ../realtext2/node)
  python bench/realtext3/rt3.py places --disputed 10 --agreed 6 --seed 318 --out sample.jsonl
  python bench/realtext3/rt3.py judge show|record ...
  python bench/realtext3/rt3.py score --judgements judgements.jsonl --markdown
"""

from __future__ import annotations

import html.parser
import importlib.util
import json
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
RT2 = HERE.parent / "realtext2"

# genre, repository, how files are chosen, transform. None of these is used by
# realtext2 (SOURCES.tsv there) or kept back by issue 18.
PLAN = [
    ("mail-raw", "linux-mailinglist-archives/linaro-mm-sig.lists.linaro.org.0", ("inbox", 40), "raw"),
    ("code-review-mail", "linux-mailinglist-archives/linux-integrity.vger.kernel.org.0", ("inbox", 40), "raw"),
    ("mail-archive", "riceissa/everything-list-1998-2009", ("glob", "", ".html", 60, 3000), "html-text"),
    ("irc", "fluid-project/fluid-irc-logs", ("glob", "botbot.me/", ".log", 40, 6000), "raw"),
    ("meeting-notes", "WebAssembly/meetings", ("glob", "main/20", ".md", 40, 0), "raw"),
    ("release-notes", "libexpat/libexpat", ("history", "expat/Changes", 12), "raw"),
    ("social", "06b/Twitter-Archive", ("glob", "data/js/tweets/", ".js", 40, 0), "tweets-js"),
    ("tutorials-i18n", "goldbergyoni/nodebestpractices", ("i18n", 50), "raw"),
]
# Translations in CJK, Cyrillic, Hebrew and Indonesian (the repository's file suffixes).
I18N_SUFFIXES = (".chinese.md", ".japanese.md", ".korean.md", ".russian.md", ".hebrew.md", ".indonesian.md")


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


class _Text(html.parser.HTMLParser):
    """The text a browser shows of an archive's HTML page (scripts and styles dropped)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag, attrs):  # noqa: ANN001
        if tag in ("script", "style"):
            self.skip += 1
        elif tag in ("br", "p", "div", "li", "tr", "h1", "h2", "h3", "pre", "address"):
            self.parts.append("\n")

    def handle_endtag(self, tag):  # noqa: ANN001
        if tag in ("script", "style"):
            self.skip = max(0, self.skip - 1)

    def handle_data(self, data):  # noqa: ANN001
        if not self.skip:
            self.parts.append(data)


def to_text(data: bytes, transform: str) -> str:
    if transform == "html-text":
        p = _Text()
        p.feed(data.decode("utf-8", errors="replace"))
        return "".join(p.parts)
    if transform == "tweets-js":  # a Twitter archive's data/js/tweets/YYYY_MM.js: the "text" of each post
        raw = data.decode("utf-8", errors="replace")
        posts = json.loads(raw[raw.index("[") :])
        return "\n".join(p.get("text", "").replace("\n", " ") for p in posts) + "\n"
    return _RT2_TO_TEXT(data, transform)


def pin() -> int:
    rows = []
    for genre, repo, how, transform in PLAN:
        head = B2.git(repo, "rev-parse", "HEAD").decode().strip()
        if how[0] == "inbox":
            commits = B2.git(repo, "rev-list", "--first-parent", head).decode().split()
            chosen = [(c, "m") for c in B2._spread(commits, how[1])]
        elif how[0] == "history":
            commits = B2.git(repo, "rev-list", "--first-parent", head, "--", how[1]).decode().split()
            chosen = [(c, how[1]) for c in B2._spread(commits, how[2])]
        else:
            listing = B2.git(repo, "ls-tree", "-r", "-l", head).decode().splitlines()
            meta = [(ln.split("\t", 1)[1], ln.split("\t", 1)[0].split()) for ln in listing]
            sized = [(n, int(m[3])) for n, m in meta if m[1] == "blob" and m[3].isdigit()]  # absent blobs skipped
            if how[0] == "glob":
                names = sorted(n for n, size in sized if n.startswith(how[1]) and n.endswith(how[2]) and size >= how[4])
                chosen = [(head, n) for n in B2._spread(names, how[3])]
            else:
                names = sorted(n for n, _ in sized if n.endswith(I18N_SUFFIXES) and not n.startswith(".history/"))
                chosen = [(head, n) for n in B2._spread(names, how[1])]
        rows += B2.pin_rows(genre, repo, chosen, transform)
    return B2.write_sources(rows)


def main() -> int:
    global B2
    if len(sys.argv) < 2 or sys.argv[1] not in ("pin", "build", "detect", "places", "judge", "score"):
        print(__doc__)
        return 2
    cmd = sys.argv.pop(1)
    B2 = _load("rt2_build", RT2 / "build.py")
    global _RT2_TO_TEXT
    _RT2_TO_TEXT = B2.to_text
    B2.HERE, B2.OUT, B2.to_text = HERE, HERE / "out", to_text
    if cmd == "pin":
        return pin()
    if cmd == "build":
        return B2.build()
    places = _load("places", RT2 / "places.py")  # the name score.py and judge.py import
    places.HERE, places.OUT = HERE, HERE / "out"
    mod = _load(f"rt2_{cmd}", RT2 / f"{cmd}.py")
    mod.HERE, mod.OUT = HERE, HERE / "out"
    if cmd == "detect":
        mod.NODE = RT2 / "node"
    return mod.main()


B2 = None
_RT2_TO_TEXT = None

if __name__ == "__main__":
    try:
        sys.exit(main())
    except subprocess.CalledProcessError as e:
        print(f"git failed: {e.cmd}: {e.stderr.decode(errors='replace')[:300]}", file=sys.stderr)
        sys.exit(1)
