#!/usr/bin/env python3
"""The twenty-sixth real-text sample of issue 18 (``bench/realtext26``): realtext18's tools over NEW sources.

A measurement only, and a held-out check of the rules on main a70011d: nobody tunes rules on it.
Sources from GitHub owners whose name starts with a-m (or a digit) only, used by no earlier sample
(/work/notes/used-repos.txt) and not kept back by issue 18. This file imports realtext18's
``rt20.py`` (and through it every earlier tool: ``pin``, ``build``, ``detect``, ``judge``,
``score``, ``places``, ``topup``) and only sets this sample's plan, its pinned files and its folder.
Drawn with ``places --disputed 14 --agreed 6 --seed 2626 --out sample.jsonl`` (then ``topup``,
seed 2627, for a genre with fewer than 20 places).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
RT20_PATH = HERE.parent / "realtext18" / "rt20.py"

PLAN = [
    # raw list mail with full headers (Received, DKIM, Received-SPF, List-*), one message a commit
    ("mail-raw", "linux-mailinglist-archives/intel-wired-lan.osuosl.org.0", ("inbox", 40), "raw"),
    # Pipermail monthly text archives ("jane at example.org")
    ("mail-archive", "BackupTheBerlios/ogle-user-maillist", ("glob", "20", ".txt", 10, 3000), "raw"),
    ("mail-archive", "BackupTheBerlios/noteedit-user-maillist", ("glob", "20", ".txt", 10, 5000), "raw"),
    # release notes of a C (libpng CHANGES) and a Python (marshmallow CHANGELOG.rst) project
    ("release-notes", "glennrp/libpng", ("history", "CHANGES", 1), "raw"),
    ("release-notes", "marshmallow-code/marshmallow", ("history", "CHANGELOG.rst", 1), "raw"),
    # two Twitter archives in the older format (data/js/tweets/YYYY_MM.js)
    ("social", "IaninSheffield/MyTweets", ("glob", "data/js/tweets/", ".js", 20, 0), "tweets-js"),
    ("social", "JAForbes/twitter_archive", ("glob", "data/js/tweets/", ".js", 10, 0), "tweets-js"),
    # the FastAPI docs in Hindi (Devanagari; code blocks, localhost URLs)
    ("tutorials-i18n", "fastapi/fastapi", ("glob", "docs/hi/docs/", ".md", 14, 3000), "raw"),
]

# An IRC channel log (Textual format: joins, quits with reasons, hostmasks), kept as a parser's
# test data, removed from the default branch later: pinned at the commit that added it.
PINNED = [("irc", "lizmat/IRC-Log-Textual", "fe1f126409cd15074d2d01e72b97e65f5b21f262", f"t/2021-04-{d}.txt", "raw")
          for d in ("23", "24", "25")]

_spec = importlib.util.spec_from_file_location("rt20", RT20_PATH)
RT20 = sys.modules["rt20"] = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(RT20)
RT20.use(HERE, PLAN, __doc__, PINNED)

if __name__ == "__main__":
    sys.exit(RT20.run(topup_seed=2627))
