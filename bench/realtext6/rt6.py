#!/usr/bin/env python3
"""The sixth real-text sample of issue 18: realtext5's tools run over NEW sources (``bench/realtext6``).

Drawn after the rules were tuned on realtext (docs), realtext2 (round 1 + hold-out),
realtext3, realtext4 and realtext5, from sources none of them uses and that issue 18 does
not keep back. Nothing fetched is committed: ``SOURCES.tsv`` pins ``repo@commit:path`` +
SHA-256; the judgements hold offsets and context hashes only. This file loads realtext5's
runner (and so realtext4's transforms and realtext3's commands) and swaps the plan and the
folder: ``pin``, ``build``, ``detect`` (with ``PYTHONPATH=.``), ``judge show|record`` and
``score``; this sample was drawn with
``places --disputed 14 --agreed 6 --seed 618 --out sample.jsonl``.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
RT5_PATH = HERE.parent / "realtext5" / "rt5.py"

# "How to contribute to open source" and its sister guides (github/opensource.guide) in
# right-to-left, Indic, Southeast Asian and CJK scripts (_articles/XX/).
GUIDE_LANGS = ("ar", "fa", "bn", "hi", "ta", "sa", "id", "ms", "ja", "ko", "zh-hans", "zh-hant")

# genre, repository, how files are chosen, transform. None of these is used by realtext,
# realtext2..5 (their SOURCES) or kept back by issue 18.
PLAN = [
    ("mail-raw", "linux-mailinglist-archives/linux-erofs.lists.ozlabs.org.0", ("inbox", 40), "raw"),
    ("code-review-mail", "linux-mailinglist-archives/linux-leds.vger.kernel.org.0", ("inbox", 40), "raw"),
    # Pipermail's monthly text archives of imagej-devel (headers, "jane at example.org")
    ("mail-archive", "imagej/pipermail", ("glob", "imagej-devel/", ".txt", 30, 10000), "raw"),
    # I2P's developer meetings, irssi and Pidgin logs 2002-2023 (modes, joins, .i2p hosts)
    ("irc", "i2p/i2p.www", ("glob", "i2p2www/meetings/logs/", ".log", 40, 2000), "raw"),
    ("meeting-notes", "openjs-foundation/cross-project-council", ("glob", "meetings/", ".md", 40, 2000), "raw"),
    ("release-notes", "the-tcpdump-group/libpcap", ("history", "CHANGES", 6), "raw"),
    ("release-notes", "weechat/weechat", ("history", "CHANGELOG.md", 2), "raw"),
    ("social", "0xabad1dea/tweets", ("glob", "data/js/tweets/", ".js", 40, 0), "tweets-js"),
    *[("tutorials-i18n", "github/opensource.guide", ("glob", f"_articles/{lang}/", ".md", 3, 0), "raw")
      for lang in GUIDE_LANGS],
]

_spec = importlib.util.spec_from_file_location("rt5", RT5_PATH)
RT5 = sys.modules["rt5"] = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(RT5)  # loads realtext4's runner and realtext3's commands
RT5.RT4.RT3.HERE, RT5.RT4.RT3.PLAN = HERE, PLAN
RT5.RT4.RT3.__doc__ = __doc__

if __name__ == "__main__":
    sys.exit(RT5.RT4.main())
