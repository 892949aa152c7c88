#!/usr/bin/env python3
"""The ninth real-text sample of issue 18: realtext5's tools run over NEW sources (``bench/realtext9``).

A measurement only: nobody tunes rules on it. Drawn from sources that no earlier
sample (realtext, realtext2..8, /work/notes/rt6,rt7,rt9-sources.txt) uses and that issue
18 does not keep back, in the same eight genres, preferring kinds of text the earlier
samples lack: a Google Groups web index with redacted addresses, a plain-text IRC log
(``nick, quitting. (Quit: …)``), an mIRC log rendered as HTML (``* Joins: nick
(ident@host)``), Bitcoin Core's IRC-meeting summaries, a Spanish Twitter archive, Arabic,
Japanese and Chinese pages. Nothing fetched is committed: ``SOURCES.tsv`` pins
``repo@commit:path`` + SHA-256; the judgements hold offsets and context hashes only. This
file swaps realtext8's plan (as ``rt8.py`` does) and reuses its ``tweets-ytd`` transform;
the commands are realtext3's (``rt3.py``), pointed at this folder: ``pin``, ``build``,
``detect`` (with ``PYTHONPATH=.``), ``judge show|record`` and ``score``; this sample was
drawn with ``places --disputed 14 --agreed 6 --seed 919 --out sample.jsonl``.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
RT8_PATH = HERE.parent / "realtext8" / "rt8.py"

PLAN = [
    ("mail-raw", "linux-mailinglist-archives/linux-sparse.vger.kernel.org.0", ("inbox", 40), "raw"),
    ("code-review-mail", "linux-mailinglist-archives/linux-spi.vger.kernel.org.0", ("inbox", 40), "raw"),
    # a Google Groups web index saved as Markdown (addresses shown redacted, "dyrac...@gmail.com")
    ("mail-archive", "GerHobbelt/tesseract-ocr-mailing-list-archive", ("glob", "tesseract-ocr mailing list archive", ".md", 3, 0), "raw"),
    # a plain-text IRC log ("[2013-09-04 00:04:56] nick, quitting. (Quit: …)")
    ("irc", "selendroid/irc-logs", ("glob", "201", ".txt", 25, 3000), "raw"),
    # mIRC logs rendered as HTML ("* Joins: nick (ident@host)"), the text a browser shows
    ("irc", "KrijnHoetmer/irc-logs", ("glob", "whatwg/", ".html", 15, 3000), "html-text"),
    ("meeting-notes", "bitcoin-core/bitcoincore.org", ("glob", "_posts/en/meetings/", ".md", 30, 3000), "raw"),
    ("meeting-notes", "python/steering-council", ("glob", "updates/", ".md", 10, 1500), "raw"),
    ("release-notes", "jqlang/jq", ("history", "NEWS.md", 3), "raw"),
    ("release-notes", "jqlang/jq", ("history", "ChangeLog", 1), "raw"),
    ("social", "alrocar/tw", ("glob", "data/tweets.js", "", 1, 0), "tweets-ytd"),
    ("tutorials-i18n", "reactjs/ar.react.dev", ("glob", "src/content/learn/", ".md", 25, 0), "raw"),
    ("tutorials-i18n", "bitcoin-core/bitcoincore.org", ("glob", "_posts/ja/", ".md", 8, 1500), "raw"),
    ("tutorials-i18n", "bitcoin-core/bitcoincore.org", ("glob", "_posts/zh_CN/", ".md", 8, 1500), "raw"),
]

_spec = importlib.util.spec_from_file_location("rt8", RT8_PATH)
RT8 = sys.modules["rt8"] = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(RT8)
RT8.RT4.RT3.HERE, RT8.RT4.RT3.PLAN = HERE, PLAN  # realtext8's transforms (tweets-ytd) stay
RT8.RT4.RT3.__doc__ = __doc__

if __name__ == "__main__":
    sys.exit(RT8.RT4.main())
