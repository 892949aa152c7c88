#!/usr/bin/env python3
"""The twentieth real-text sample of issue 18: realtext5's tools run over NEW sources (``bench/realtext20``).

A measurement only, and the held-out check of the rules on branch ``fix8`` (8b03695): nobody
tunes rules on it. Drawn from GitHub owners whose name starts with a-m only (realtext21 takes
n-z), from sources that no earlier sample (every ``bench/realtext*/SOURCES.tsv``,
/work/notes/rt*-sources.txt) uses and that issue 18 does not keep back. This file reuses
realtext18's ``rt20.py`` (its ``irc-jsonl`` and ``topup``; through it realtext16's ``rt18.py``,
realtext15's ``rt17.py``, realtext14's ``pin``, realtext8's transforms and realtext3's commands),
imported, with this sample's plan, pointed at this folder: ``pin``, ``build``, ``detect`` (with
``PYTHONPATH=.``), ``judge show|record``, ``score`` and ``topup``.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
RT20_PATH = HERE.parent / "realtext18" / "rt20.py"

PLAN = [
    # list mail with full headers (Mailman) and patch review (vger), one message a commit
    ("mail-raw", "linux-mailinglist-archives/driverdev-devel.linuxdriverproject.org.0", ("inbox", 40), "raw"),
    ("code-review-mail", "linux-mailinglist-archives/linux-serial.vger.kernel.org.0", ("inbox", 40), "raw"),
    # a dircproxy IRC log (joins, quits, hostmasks) kept as a tool's test case
    ("irc", "mgedmin/irclog2html", ("glob", "porting/testcases/", ".log", 3, 0), "raw"),
    ("meeting-notes", "ietf-wg-alto/wg-materials", ("glob", "meetings-ietf-alto/", ".md", 4, 0), "raw"),
    ("release-notes", "lz4/lz4", ("history", "NEWS", 2), "raw"),
    ("release-notes", "aio-libs/aiohttp", ("history", "CHANGES.rst", 2), "raw"),
    # added after the first draw (its verdicts committed): English posts, translated tutorials
    ("social", "kjgryboski/kj-tweet-archive", ("glob", "scraped-tweets", ".json", 1, 0), "json-list:tweets.text"),
    ("tutorials-i18n", "denysdovhan/bash-handbook", ("glob", "translations/", "README.md", 4, 0), "raw"),
    ("tutorials-i18n", "DrkSephy/es6-cheatsheet", ("glob", "README_", ".md", 2, 0), "raw"),
]

_spec = importlib.util.spec_from_file_location("rt20", RT20_PATH)
RT20 = sys.modules["rt20"] = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(RT20)
RT3 = RT20.RT3
RT20.use(HERE, PLAN, __doc__)
_PREV_TO_TEXT = RT3.to_text  # realtext18's (irc-jsonl) and everything before it


def to_text(data: bytes, transform: str) -> str:
    if transform.startswith("json-list:"):  # json-list:KEY.FIELD: {KEY: [{FIELD: text}, ...]}, each post once, one a line
        import json

        key, field = transform.split(":", 1)[1].split(".", 1)
        seen: dict[str, None] = {}
        for item in json.loads(data.decode("utf-8")).get(key, []):
            text = item.get(field) if isinstance(item, dict) else None
            if isinstance(text, str):
                seen.setdefault(" ".join(text.split()), None)
        return "\n".join(seen) + "\n"
    return _PREV_TO_TEXT(data, transform)


RT3.to_text = to_text

if __name__ == "__main__":
    sys.exit(RT20.run(topup_seed=2021))
