#!/usr/bin/env python3
"""The twenty-eighth real-text sample of issue 18 (``bench/realtext28``): realtext18's tools over NEW sources.

A measurement only, and a held-out check of the rules on main 7ee36d7 (rule code a70011d): nobody
tunes rules on it. Sources from GitHub owners whose name starts with a-m (or a digit) only, used by
no earlier sample (/work/notes/used-repos.txt) and not kept back by issue 18. This file imports
realtext18's ``rt20.py`` (and through it every earlier tool: ``pin``, ``build``, ``detect``,
``judge``, ``score``, ``places``, ``topup``) and only sets this sample's plan and folder.
Two Pipermail repositories of the fetch tool keep their git directory as ``repo/.git``, so the
corpus is built with ``REALTEXT2_MIRRORS`` pointing at a folder of ``OWNER+NAME/repo`` links (README.md).
Drawn with ``places --disputed 14 --agreed 6 --seed 2828 --out sample.jsonl`` (then ``topup``, seed 2829).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
RT20_PATH = HERE.parent / "realtext18" / "rt20.py"

PLAN = [
    # Mailman list mail with full headers (Received, DKIM-Filter, Authentication-Results), one message a commit
    ("mail-raw", "linux-mailinglist-archives/virtualization.lists.linux-foundation.org.0", ("inbox", 40), "raw"),
    # Pipermail's monthly text archives ("jane at example.org"), gzipped and plain
    ("mail-archive", "BackupTheBerlios/openocd-development-maillist", ("glob", "20", ".txt.gz", 6, 20000), "gz"),
    ("mail-archive", "BackupTheBerlios/dreamchess-devel-maillist", ("glob", "20", ".txt", 8, 0), "raw"),
    # IRC quotes kept as Markdown (irssi "-!- nick [~ident@host] has quit [reason]" lines among chat lines)
    ("irc", "ClusterLabs/high-laughability", ("glob", "README.md", "", 1, 0), "raw"),
    ("release-notes", "libjpeg-turbo/libjpeg-turbo", ("history", "ChangeLog.md", 2), "raw"),
    ("release-notes", "httpie/cli", ("history", "CHANGELOG.md", 2), "raw"),
    # Twitter's older archive (data/js/tweets/YYYY_MM.js): English and Japanese posts
    ("social", "icco/tweets", ("glob", "data/js/tweets/", ".js", 15, 0), "tweets-js"),
    ("social", "a-know/tweets", ("glob", "data/js/tweets/", ".js", 10, 0), "tweets-js"),
]

# The Apollo-11 README translated into Arabic, Bengali, Assamese, Hindi, Nepali, Malayalam, Sinhala,
# Burmese and Vietnamese (commit "" = HEAD at pin time).
_APOLLO = ("ar", "bd_bn", "as_in", "hi_in", "ne", "ml", "si", "mm", "vi")
PINNED = [("tutorials-i18n", "chrislgarry/Apollo-11", "", f"Translations/README.{lang}.md", "raw") for lang in _APOLLO]

_spec = importlib.util.spec_from_file_location("rt20", RT20_PATH)
RT20 = sys.modules["rt20"] = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(RT20)
RT20.use(HERE, PLAN, __doc__, PINNED)

if __name__ == "__main__":
    sys.exit(RT20.run(topup_seed=2829))
