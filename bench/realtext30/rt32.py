#!/usr/bin/env python3
"""The thirtieth real-text sample of issue 18 (``bench/realtext30``): realtext18's tools over NEW sources.

A measurement only, and a held-out check of the rules on main dd68c12: nobody tunes rules on it.
Sources from GitHub owners whose name starts with a-m (or a digit) only, used by no earlier sample
(list: /work/notes/used-repos.txt) and not kept back by issue 18. This file imports realtext18's
``rt20.py`` (and through it every earlier tool: ``pin``, ``build``, ``detect``, ``judge``,
``score``, ``places``, ``topup``) and only sets this sample's plan, pinned files and folder.
Drawn with ``places --disputed 14 --agreed 6 --seed 3030 --out sample.jsonl``, then ``topup``
(seed 3031) for the genres with fewer than 20 places (README.md).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
RT20_PATH = HERE.parent / "realtext18" / "rt20.py"

PLAN = [
    # raw messages with full headers: a mail client's test messages (DKIM checks between providers,
    # Authentication-Results, bounces / delivery status notifications, mailing-list mail)
    ("mail-raw", "deltachat/deltachat-core-rust", ("glob", "test-data/message/dkimchecks", "", 12, 0), "raw"),
    ("mail-raw", "deltachat/deltachat-core-rust", ("glob", "test-data/message/", ".eml", 30, 1500), "raw"),
    # es-discuss (Pipermail) messages as a Pipermail reader's test snapshots: bodies with quoted
    # "Name <jane at example.org>" headers, the archive's mailto: reply links and message URLs
    ("mail-archive", "esdiscuss/pipermail", ("glob", "src/__tests__/__snapshots__/", ".snap", 3, 4000), "raw"),
    # a Supybot IRC log of #ceph kept as a test fixture ("*** nick has joined #ceph", "has quit IRC")
    ("irc", "chaoss/grimoirelab-perceval", ("glob", "tests/data/supybot/", ".log", 6, 0), "raw"),
    # a C project (Jansson CHANGES) and a Python project (Bleach CHANGES)
    ("release-notes", "akheron/jansson", ("history", "CHANGES", 1), "raw"),
    ("release-notes", "mozilla/bleach", ("history", "CHANGES", 1), "raw"),
    # Twitter's older archive (data/js/tweets/YYYY_MM.js): an Indian developer's and a French developer's posts
    ("social", "debloper/tweets", ("glob", "data/js/tweets/", ".js", 20, 0), "tweets-js"),
    ("social", "dgageot/tweets", ("glob", "data/js/tweets/", ".js", 15, 0), "tweets-js"),
]

# Localized READMEs of an Android app in Arabic, Bengali, Hindi, Thai and Persian (install steps,
# links), a functional-programming guide's Thai README and a JavaScript cheat sheet in Vietnamese.
PINNED = [
    *[("tutorials-i18n", "JunkFood02/Seal", "", f"translations/README-{lang}.md", "raw")
      for lang in ("ar", "bn", "hi", "th", "fa")],
    ("tutorials-i18n", "mahasak/mostly-adequate-guide", "", "README-th.md", "raw"),
    ("tutorials-i18n", "BoTranVan/javascript-in-one-pic", "", "vi/README.md", "raw"),
]

_spec = importlib.util.spec_from_file_location("rt20", RT20_PATH)
RT20 = sys.modules["rt20"] = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(RT20)
RT20.use(HERE, PLAN, __doc__, PINNED)

if __name__ == "__main__":
    sys.exit(RT20.run(topup_seed=3031))
