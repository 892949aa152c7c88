#!/usr/bin/env python3
"""The tenth real-text sample of issue 18: realtext5's tools run over NEW sources (``bench/realtext10``).

A measurement only: nobody tunes rules on it. Drawn from sources that no earlier sample
(realtext, realtext2..9, /work/notes/rt6,rt7,rt9,rt11-sources.txt) uses and that issue 18
does not keep back, from GitHub owners whose names start with a-m (the parallel sample
``realtext11`` takes n-z), in the same eight genres, preferring kinds of text the earlier
samples lack: a PircBot IRC log rendered as HTML (``* nick (~ident@host) Quit (…)``,
server notices ``-holmes.freenode.net- ***``), a Chinese IRC log bridged from Telegram,
Pipermail monthly ``.txt`` archives (Mailman footers, ``jane at example.org``), an LTP
Mailman list as raw mail, IETF HTTP WG minutes and W3C (scribe.perl) minutes, coreutils'
and libarchive's NEWS, two Twitter archives (German and English), the Prompt Engineering
Guide in Arabic, Chinese, Japanese and Korean, and a Persian/Chinese project guide.
Nothing fetched is committed: ``SOURCES.tsv`` pins ``repo@commit:path`` + SHA-256; the
judgements hold offsets and context hashes only. This file swaps realtext8's plan (as
``realtext9/rt11.py`` does) and reuses its ``tweets-ytd`` transform; the commands are
realtext3's (``rt3.py``), pointed at this folder: ``pin``, ``build``, ``detect`` (with
``PYTHONPATH=.``), ``judge show|record`` and ``score``; this sample was drawn with
``places --disputed 14 --agreed 6 --seed 1012 --out sample.jsonl``.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
RT8_PATH = HERE.parent / "realtext8" / "rt8.py"

PLAN = [
    # the LTP list (Mailman at lists.linux.it) as raw mail: full headers, Mailman footers
    ("mail-raw", "linux-mailinglist-archives/ltp.lists.linux.it.0", ("inbox", 40), "raw"),
    ("code-review-mail", "linux-mailinglist-archives/linux-watchdog.vger.kernel.org.0", ("inbox", 40), "raw"),
    # Pipermail monthly text archives (addresses written "jane at example.org")
    ("mail-archive", "BackupTheBerlios/mapnik-devel-maillist", ("glob", "", ".txt", 20, 20000), "raw"),
    # PircBot logs as HTML ("* nick (~ident@host) has joined #duraspace"), the text a browser shows
    ("irc", "duraspace/irclogs", ("glob", "original-logs/", ".log", 25, 4000), "html-text"),
    # a Chinese LUG channel with a Telegram bridge ("[10:28:08] tg2gzlug: [name] …")
    ("irc", "gzlug/irclog", ("glob", "201", ".log", 20, 3000), "raw"),
    # IETF HTTP WG minutes (text and Markdown) and W3C Immersive Web minutes (scribe.perl)
    ("meeting-notes", "httpwg/wg-materials", ("glob", "ietf", "minutes.md", 15, 2000), "raw"),
    ("meeting-notes", "httpwg/wg-materials", ("glob", "ietf", "minutes.txt", 15, 2000), "raw"),
    ("meeting-notes", "immersive-web/administrivia", ("glob", "meetings/wg/", "-minutes.md", 5, 2000), "raw"),
    ("meeting-notes", "immersive-web/administrivia", ("glob", "TPAC-2020/minutes", ".txt", 1, 0), "raw"),
    ("release-notes", "coreutils/coreutils", ("history", "NEWS", 2), "raw"),
    ("release-notes", "libarchive/libarchive", ("history", "NEWS", 2), "raw"),
    ("social", "andreruffert/twitter", ("glob", "data/tweets.js", "", 1, 0), "tweets-ytd"),
    ("social", "mkommar/twitter", ("glob", "data/tweets.js", "", 1, 0), "tweets-ytd"),
    ("tutorials-i18n", "dair-ai/Prompt-Engineering-Guide", ("glob", "ar-pages/", ".ar.mdx", 12, 1500), "raw"),
    ("tutorials-i18n", "dair-ai/Prompt-Engineering-Guide", ("glob", "pages/", ".zh.mdx", 8, 1500), "raw"),
    ("tutorials-i18n", "dair-ai/Prompt-Engineering-Guide", ("glob", "pages/", ".jp.mdx", 8, 1500), "raw"),
    ("tutorials-i18n", "dair-ai/Prompt-Engineering-Guide", ("glob", "pages/", ".kr.mdx", 6, 1500), "raw"),
    ("tutorials-i18n", "elsewhencode/project-guidelines", ("glob", "README-ir.md", "", 1, 0), "raw"),
    ("tutorials-i18n", "elsewhencode/project-guidelines", ("glob", "README-zh.md", "", 1, 0), "raw"),
]

_spec = importlib.util.spec_from_file_location("rt8", RT8_PATH)
RT8 = sys.modules["rt8"] = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(RT8)
RT8.RT4.RT3.HERE, RT8.RT4.RT3.PLAN = HERE, PLAN  # realtext8's transforms (tweets-ytd) stay
RT8.RT4.RT3.__doc__ = __doc__

if __name__ == "__main__":
    sys.exit(RT8.RT4.main())
