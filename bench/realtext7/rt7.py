#!/usr/bin/env python3
"""The seventh real-text sample of issue 18: realtext4's tools run over NEW sources (``bench/realtext7``).

Drawn while the rules stood as on main 6bed16d (tuned on realtext .. realtext5), from
sources none of the earlier samples uses, that issue 18 does not keep back and that the
parallel sixth sample (``/work/notes/rt6-sources.txt``) does not use. Nothing fetched is
committed: ``SOURCES.tsv`` pins ``repo@commit:path`` + SHA-256; the judgements hold
offsets and context hashes only. This file swaps realtext4's plan and adds one selection
(``re``: paths matching a regular expression) and one transform (``tweets-ytd``); the
commands are realtext3's (``rt3.py``), pointed at this folder: ``pin``, ``build``,
``detect`` (with ``PYTHONPATH=.``), ``judge show|record`` and ``score``; this sample was
drawn with ``places --disputed 16 --agreed 8 --seed 718 --out sample.jsonl``.

Kinds new to these samples: Google Groups raw mail (kasan-dev) and lists.linux.dev
review mail (nvdimm); Pipermail's per-message HTML pages (BerliOS lists, one of them
German); a ZNC-style IRC log without hostmasks (``*** Joins nick``); Rust lang-team
design-meeting minutes (HackMD); nginx's bilingual (Russian/English) ``changes.xml``, NeoMutt's and htop's change logs;
two tweet archives (Ukrainian/Russian, English) in the 2019+ ``window.YTD.tweets`` format; react.dev
translated into Persian, Hebrew, Bengali, Tamil and traditional Chinese.
"""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
RT4_PATH = HERE.parent / "realtext4" / "rt4.py"

PIPERMAIL_MESSAGE = r"^\d{4}-[A-Za-z]+/\d{6}\.html$"  # one message a page (not the author/date/thread indexes)
REACT_LANGS = ("fa", "he", "bn", "ta", "zh-hant")

# genre, repository, how files are chosen, transform. None of these is used by realtext,
# realtext2 .. realtext5 (their SOURCES), kept back by issue 18, or listed by rt6.
PLAN = [
    ("mail-raw", "linux-mailinglist-archives/kasan-dev.googlegroups.com.0", ("inbox", 40), "raw"),
    ("code-review-mail", "linux-mailinglist-archives/nvdimm.lists.linux.dev.0", ("inbox", 40), "raw"),
    ("mail-archive", "BackupTheBerlios/linux-uvc-devel-maillist", ("re", PIPERMAIL_MESSAGE, 30, 2500), "html-text"),
    ("mail-archive", "BackupTheBerlios/cuon-user-de-maillist", ("re", PIPERMAIL_MESSAGE, 12, 1500), "html-text"),
    ("irc", "averne/switchdev-irc-log", ("glob", "20", ".log", 40, 8000), "raw"),
    ("meeting-notes", "rust-lang/lang-team", ("glob", "design-meeting-minutes/", ".md", 40, 3000), "raw"),
    ("release-notes", "nginx/nginx", ("glob", "docs/xml/nginx/changes.xml", "", 1, 0), "html-text"),
    ("release-notes", "neomutt/neomutt", ("glob", "ChangeLog.md", "", 1, 0), "raw"),
    ("release-notes", "htop-dev/htop", ("glob", "ChangeLog", "", 1, 0), "raw"),
    ("social", "vovavasylyna/mytwitterarchive", ("glob", "data/tweets.js", "", 1, 0), "tweets-ytd"),
    ("social", "smithjd/twitter_archive", ("glob", "data/tweets.js", "", 1, 0), "tweets-ytd"),
    *[("tutorials-i18n", f"reactjs/{lang}.react.dev", ("glob", "src/content/learn/", ".md", 8, 4000), "raw")
      for lang in REACT_LANGS],
]


def to_text(data: bytes, transform: str) -> str:
    if transform == "tweets-ytd":  # 2019+ archives: window.YTD.tweets.part0 = [{"tweet": {"full_text": ...}}]
        raw = data.decode("utf-8", errors="replace")
        posts = json.loads(raw[raw.index("[") :])
        return "\n".join((p.get("tweet", p).get("full_text") or "").replace("\n", " ") for p in posts) + "\n"
    return RT4_TO_TEXT(data, transform)


def _git_dir(repo: str) -> Path:
    """A bare copy (``OWNER+NAME/repo``) or a work tree's ``repo/.git``, as the fetch tool leaves them."""
    bare = B2_GIT_DIR(repo)
    return bare if (bare / "HEAD").exists() or not (bare / ".git").is_dir() else bare / ".git"


def pin() -> int:
    """realtext3's ``pin``, with ``("re", pattern, n, min_bytes)`` selections done here."""
    b2 = RT3.B2
    rows: list[tuple[str, ...]] = []
    captured: list[tuple[str, ...]] = []
    for genre, repo, how, transform in PLAN:
        if how[0] != "re":
            RT3.PLAN = [(genre, repo, how, transform)]
            keep, b2.write_sources = b2.write_sources, lambda r: captured.extend(r) or 0
            try:
                RT3.pin()
            finally:
                b2.write_sources = keep
            rows += captured
            captured.clear()
            continue
        head = b2.git(repo, "rev-parse", "HEAD").decode().strip()
        listing = b2.git(repo, "ls-tree", "-r", "-l", head).decode().splitlines()
        meta = [(ln.split("\t", 1)[1], ln.split("\t", 1)[0].split()) for ln in listing]
        names = sorted(n for n, m in meta if m[1] == "blob" and m[3].isdigit() and int(m[3]) >= how[3]
                       and re.match(how[1], n))
        rows += b2.pin_rows(genre, repo, [(head, n) for n in b2._spread(names, how[2])], transform)
    RT3.PLAN = PLAN
    return b2.write_sources(rows)


_spec = importlib.util.spec_from_file_location("rt4", RT4_PATH)
RT4 = sys.modules["rt4"] = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(RT4)
RT3 = RT4.RT3  # realtext3's module, already given realtext4's transforms
RT4_TO_TEXT = RT4.to_text
RT3.HERE, RT3.PLAN, RT3.to_text = HERE, PLAN, to_text
RT3.__doc__ = __doc__
B2_GIT_DIR = None
_RT3_LOAD = RT3._load


def _load(name: str, path: Path):
    """realtext3's loader; the build module gets the git-dir lookup above."""
    global B2_GIT_DIR
    mod = _RT3_LOAD(name, path)
    if name == "rt2_build":
        B2_GIT_DIR, mod.git_dir = mod.git_dir, _git_dir
    return mod


RT3._load = _load
_RT3_PIN = RT3.pin
RT3.pin = lambda: _RT3_PIN() if RT3.PLAN is not PLAN else pin()

if __name__ == "__main__":
    sys.exit(RT4.main())
