#!/usr/bin/env python3
"""The twenty-first real-text sample of issue 18 (``bench/realtext21``): realtext18's tools over NEW sources.

A measurement only, and a held-out check of the rules on branch ``fix8`` (8b03695): nobody tunes
rules on it. Sources from GitHub owners whose name starts with n-z (or a digit) only, used by no
earlier sample and not kept back by issue 18 (list: /work/notes/rt23-sources.txt). This file
imports realtext18's ``rt20.py`` (and through it every earlier tool: ``pin``, ``build``,
``detect``, ``judge``, ``score``, ``places``, ``topup``) and only sets this sample's plan and folder.
Drawn with ``places --disputed 14 --agreed 6 --seed 2121 --out sample.jsonl``; the social, irc and
mail-raw strata were drawn the same way after their sources were added and appended (README.md).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
RT20_PATH = HERE.parent / "realtext18" / "rt20.py"

PLAN = [
    ("meeting-notes", "privacycg/meetings", ("glob", "20", "minutes.md", 14, 3000), "raw"),
    ("release-notes", "urllib3/urllib3", ("history", "CHANGES.rst", 1), "raw"),
    ("release-notes", "rsyslog/rsyslog", ("history", "ChangeLog", 1), "raw"),
    ("social", "PyThaiNLP/thai-sentiment-analysis-dataset", ("glob", "general-amy", ".csv", 1, 0), "raw"),
    ("social", "PyThaiNLP/thai-sentiment-analysis-dataset", ("glob", "tcas61", ".csv", 1, 0), "raw"),
    ("social", "Waisze/hackApp2019", ("glob", "src/mock/mockTweets", ".ts", 1, 0), "raw"),
    ("tutorials-i18n", "vitejs/docs-cn", ("glob", "guide/", ".md", 12, 3000), "raw"),
    # added last (after the first verdicts), so earlier document numbers stay: a MeetBot IRC log kept as JSON
    ("irc", "pronovic/hcoop-meetbot", ("glob", "src/tests/hcoopmeetbotlogic/fixtures/test_cli/", ".log.json", 1, 0), "raw"),
    # raw mail with full headers (a mail parser's third-party test messages), also added last
    ("mail-raw", "stalwartlabs/mail-parser", ("glob", "resources/eml/thirdparty/", ".eml", 25, 1500), "raw"),
]

_spec = importlib.util.spec_from_file_location("rt20", RT20_PATH)
RT20 = sys.modules["rt20"] = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(RT20)
RT20.use(HERE, PLAN, __doc__)

if __name__ == "__main__":
    sys.exit(RT20.run(topup_seed=2122))
