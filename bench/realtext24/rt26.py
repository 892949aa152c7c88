#!/usr/bin/env python3
"""The twenty-fourth real-text sample of issue 18 (``bench/realtext24``): realtext18's tools over NEW sources.

A measurement only, and a held-out check of the rules at 2acae9b: nobody tunes rules on it.
Sources from GitHub owners whose name starts with a-m (or a digit) only, used by no earlier sample
(/work/notes/used-repos.txt) and not kept back by issue 18. This file imports realtext18's
``rt20.py`` (and through it every earlier tool: ``pin``, ``build``, ``detect``, ``judge``,
``score``, ``places``, ``topup``) and only sets this sample's plan and folder.
Drawn with ``places --disputed 14 --agreed 6 --seed 2424 --out sample.jsonl``, then ``topup``
(seed 2425) for a genre with fewer than 20 places (README.md).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
RT20_PATH = HERE.parent / "realtext18" / "rt20.py"

PLAN = [
    # a Mailman/Pipermail monthly text archive (gzipped), a BerliOS list no earlier sample used
    ("mail-archive", "BackupTheBerlios/gpodder-devel-maillist", ("glob", "20", ".txt.gz", 12, 20000), "gz"),
    # raw messages with full headers (a mail library's test messages)
    ("mail-raw", "mikel/mail", ("glob", "spec/fixtures/emails/", ".eml", 40, 800), "raw"),
    # Academy Software Foundation TAC minutes (Markdown)
    ("meeting-notes", "AcademySoftwareFoundation/tac", ("glob", "meetings/20", ".md", 25, 3000), "raw"),
    # release notes of a C project (json-c ChangeLog) and a Python project (dateutil NEWS)
    ("release-notes", "json-c/json-c", ("history", "ChangeLog", 2), "raw"),
    ("release-notes", "dateutil/dateutil", ("history", "NEWS", 2), "raw"),
    # an English Twitter archive (data/js/tweets/YYYY_MM.js)
    ("social", "dchest/tweets", ("glob", "data/js/tweets/", ".js", 30, 0), "tweets-js"),
    # Korean developer-interview tutorials (code blocks, Markdown links)
    ("tutorials-i18n", "gyoogle/tech-interview-for-developer", ("glob", "Computer Science/", ".md", 20, 2000), "raw"),
    ("tutorials-i18n", "gyoogle/tech-interview-for-developer", ("glob", "Web/", ".md", 10, 2000), "raw"),
]

_spec = importlib.util.spec_from_file_location("rt20", RT20_PATH)
RT20 = sys.modules["rt20"] = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(RT20)
RT20.use(HERE, PLAN, __doc__)

if __name__ == "__main__":
    sys.exit(RT20.run(topup_seed=2425))
