#!/usr/bin/env python3
"""The twenty-second real-text sample of issue 18 (``bench/realtext22``): realtext18's tools over NEW sources.

A measurement only, and a held-out check of the rules at 0eb83ed: nobody tunes rules on it.
Sources from GitHub owners whose name starts with a-m (or a digit) only, used by no earlier
sample (/work/notes/used-repos.txt) and not kept back by issue 18. This file imports
realtext18's ``rt20.py`` (and through it every earlier tool: ``pin``, ``build``, ``detect``,
``judge``, ``score``, ``places``, ``topup``) and only sets this sample's plan, its pinned files
and its folder. Drawn with ``places --disputed 14 --agreed 6 --seed 2222 --out sample.jsonl``
(then ``topup``, seed 2223, for a genre with fewer than 20 places; README.md).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
RT20_PATH = HERE.parent / "realtext18" / "rt20.py"

PLAN = [
    # Pipermail monthly text archives of two BerliOS lists ("jane at example.org")
    ("mail-archive", "BackupTheBerlios/smb4k-general-maillist", ("glob", "20", ".txt", 12, 3000), "raw"),
    ("mail-archive", "BackupTheBerlios/crrcsim-devel-maillist", ("glob", "20", ".txt", 10, 3000), "raw"),
    # raw Mailman list mail with full headers (Received, DKIM-Signature, Authentication-Results, List-*)
    ("mail-raw", "linux-mailinglist-archives/linux-stm32.st-md-mailman.stormreply.com.0", ("inbox", 40), "raw"),
    # Bytecode Alliance meeting minutes (Markdown)
    ("meeting-notes", "bytecodealliance/meetings", ("glob", "TSC/20", ".md", 10, 1500), "raw"),
    ("meeting-notes", "bytecodealliance/meetings", ("glob", "wasmtime/20", ".md", 10, 1500), "raw"),
    # release notes of a Python project (httpx CHANGELOG.md); the C project's file is pinned below
    ("release-notes", "encode/httpx", ("glob", "CHANGELOG.md", "", 1, 0), "raw"),
    # tweets: Twitter's older archive (data/js/tweets/YYYY_MM.js), English and Japanese
    ("social", "cogdog/tweets", ("glob", "data/js/tweets/", ".js", 12, 0), "tweets-js"),
    ("social", "masawada/tweets", ("glob", "data/js/tweets/", ".js", 12, 0), "tweets-js"),
    # the Angular tutorials translated into Japanese (kana and kanji, code blocks)
    ("tutorials-i18n", "angular/angular-ja", ("glob", "adev-ja/src/content/tutorials/", "README.md", 16, 2000), "raw"),
]

# A channel's daily logs (Limnoria/supybot style: "*** nick <nick!ident@host> has joined #ltsp",
# quits with their reasons), kept on a side branch of ltsp/irclogs: the October 2019 days of 4 kB or more.
_LTSP_DAYS = ("01", "02", "03", "04", "06", "07", "08", "09", "10", "11", "13", "14", "15", "17", "18", "19")

# c-ares's hand-written CHANGES (a C project), as last kept before it became a stub (2011),
# and its Markdown release notes at the pinned HEAD.
PINNED = [
    *[("irc", "ltsp/irclogs", "e143ec1c854ae5e1a0e0da51d32c4911f509e9df", f"2019-10/{d}.txt", "raw") for d in _LTSP_DAYS],
    ("release-notes", "c-ares/c-ares", "622313ab3b1c4ea96c3a9fa46081f4303720d7f4", "CHANGES", "raw"),
    ("release-notes", "c-ares/c-ares", "", "RELEASE-NOTES.md", "raw"),
]

_spec = importlib.util.spec_from_file_location("rt20", RT20_PATH)
RT20 = sys.modules["rt20"] = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(RT20)
RT20.use(HERE, PLAN, __doc__, PINNED)

if __name__ == "__main__":
    sys.exit(RT20.run(topup_seed=2223))
