#!/usr/bin/env python3
"""The eighth real-text sample of issue 18: realtext5's tools run over NEW sources (``bench/realtext8``).

A measurement only: nobody tunes rules on it. Drawn from sources that no earlier sample
(realtext, realtext2..7) uses and that issue 18 does not keep back, in the same eight
genres, preferring kinds of text the earlier samples lack: a Google Groups list as raw
mail, hypermail HTML pages, an HTML-rendered IRC log with ``(~ident@host) has joined``
lines, Twitter's newer ``window.YTD.tweets`` archive. Nothing fetched is committed:
``SOURCES.tsv`` pins ``repo@commit:path`` + SHA-256; the judgements hold offsets and
context hashes only. This file swaps realtext4's plan (as ``rt5.py`` does) and adds one
transform; the commands are realtext3's (``rt3.py``), pointed at this folder: ``pin``,
``build``, ``detect`` (with ``PYTHONPATH=.``), ``judge show|record`` and ``score``; this
sample was drawn with ``places --disputed 16 --agreed 8 --seed 818 --out sample.jsonl``.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
RT4_PATH = HERE.parent / "realtext4" / "rt4.py"

# The Art of Command Line (README-XX.md) in CJK, Greek and Cyrillic scripts, and the
# h5bp front-end interview questions in right-to-left, Indic, Burmese, Vietnamese and CJK.
ART_LANGS = ("ja", "ko", "zh", "zh-Hant", "el", "uk")
H5BP_LANGS = ("arabic", "farsi", "hebrew", "bengali", "hindi", "burmese", "vietnamese", "chinese", "japanese")

# genre, repository, how files are chosen, transform. None of these is used by realtext,
# realtext2..realtext7 (their SOURCES, /work/notes/rt6-sources.txt, rt7-sources.txt) or kept
# back by issue 18.
PLAN = [
    ("mail-raw", "linux-mailinglist-archives/clang-built-linux.googlegroups.com.0", ("inbox", 40), "raw"),
    ("code-review-mail", "linux-mailinglist-archives/linux-pwm.vger.kernel.org.0", ("inbox", 40), "raw"),
    # hypermail 2.3 HTML pages of the cf-metadata list (the text a browser shows)
    ("mail-archive", "cf-convention/mailing-list-archive", ("glob", "Data/1", ".html", 60, 3000), "html-text"),
    # an HTML-rendered IRC log (mIRC-style "* nick (~ident@host) has joined #flink")
    ("irc", "flink-irc-logs/flink-irc-logs.github.io", ("glob", "_posts/", ".markdown", 40, 3000), "html-text"),
    ("meeting-notes", "rust-lang/leadership-council", ("glob", "minutes/sync-meeting/", ".md", 40, 2000), "raw"),
    ("release-notes", "libuv/libuv", ("history", "ChangeLog", 3), "raw"),
    ("social", "milahu/twitter-milahu104", ("glob", "data/tweets.js", "", 1, 0), "tweets-ytd"),
    ("social", "AlliePinnell/FinalTwitterBackup", ("glob", "data/tweets.js", "", 1, 0), "tweets-ytd"),
    *[("tutorials-i18n", "jlevy/the-art-of-command-line", ("glob", f"README-{lang}.md", "", 1, 0), "raw")
      for lang in ART_LANGS],
    *[("tutorials-i18n", "h5bp/Front-end-Developer-Interview-Questions",
       ("glob", f"src/translations/{lang}/", ".md", 3, 0), "raw") for lang in H5BP_LANGS],
]


def to_text(data: bytes, transform: str) -> str:
    if transform == "tweets-ytd":  # Twitter's newer archive (data/tweets.js): the full_text of each post, once
        raw = data.decode("utf-8", errors="replace")
        posts = json.loads(raw[raw.index("[") :])
        seen: dict[str, None] = {}
        for p in posts:
            seen.setdefault((p.get("tweet", p).get("full_text") or "").replace("\n", " "), None)
        return "\n".join(seen) + "\n"
    return RT4.to_text(data, transform)


_spec = importlib.util.spec_from_file_location("rt4", RT4_PATH)
RT4 = sys.modules["rt4"] = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(RT4)
RT4.RT3.HERE, RT4.RT3.PLAN, RT4.RT3.to_text = HERE, PLAN, to_text  # realtext3's module, with realtext4's transforms
RT4.RT3.__doc__ = __doc__

if __name__ == "__main__":
    sys.exit(RT4.main())
