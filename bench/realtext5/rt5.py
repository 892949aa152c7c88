#!/usr/bin/env python3
"""The fifth real-text sample of issue 18: realtext4's tools run over NEW sources (``bench/realtext5``).

Drawn after the rules were tuned on realtext (docs), realtext2 (round 1 + hold-out),
realtext3 and realtext4, from sources none of them uses and that issue 18 does not keep
back. Nothing fetched is committed: ``SOURCES.tsv`` pins ``repo@commit:path`` + SHA-256;
the judgements hold offsets and context hashes only. This file swaps realtext4's plan;
the transforms are realtext4's and realtext3's, the commands realtext3's (``rt3.py``),
pointed at this folder: ``pin``, ``build``, ``detect`` (with ``PYTHONPATH=.``),
``judge show|record`` and ``score``; this sample was drawn with
``places --disputed 14 --agreed 6 --seed 518 --out sample.jsonl``.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
RT4_PATH = HERE.parent / "realtext4" / "rt4.py"

# freeCodeCamp's guide in right-to-left, Indic, CJK, Greek, Armenian and Cyrillic scripts
# (README-XX.md at the repository's root).
README_LANGS = ("AR", "FA", "HE", "UR", "BN", "GU", "HI", "ML", "MR", "NE", "SA", "SI", "TA", "TE",
                "CN", "JA", "KO", "GR", "HY", "RU", "BG", "UK")
# The newest whole log of each channel (the repository's dated files repeat one another).
IRC_LOGS = ("__acridfusion_log_2026-01-28", "_wmjpg_log_2026-01-12", "_obsidian_md_log_2025-05-24")

# genre, repository, how files are chosen, transform. None of these is used by realtext,
# realtext2, realtext3 or realtext4 (their SOURCES) or kept back by issue 18.
PLAN = [
    ("mail-raw", "linux-mailinglist-archives/openbmc.lists.ozlabs.org.0", ("inbox", 40), "raw"),
    ("code-review-mail", "linux-mailinglist-archives/linux-hwmon.vger.kernel.org.0", ("inbox", 40), "raw"),
    # Pipermail's monthly text archives of python-committers
    ("mail-archive", "JulienPalard/python-committers-archives", ("glob", "20", ".txt", 30, 10000), "raw"),
    *[("irc", "oldtowneast/irc-logs", ("glob", name, ".log", 1, 0), "raw") for name in IRC_LOGS],
    ("meeting-notes", "ipfs/team-mgmt", ("glob", "meeting-notes/", ".md", 40, 2000), "raw"),
    ("release-notes", "the-tcpdump-group/tcpdump", ("history", "CHANGES", 6), "raw"),
    ("social", "anildash/tweets", ("glob", "data/js/tweets/", ".js", 40, 0), "tweets-js"),
    *[("tutorials-i18n", "freeCodeCamp/how-to-contribute-to-open-source", ("glob", f"README-{lang}.md", "", 1, 0), "raw")
      for lang in README_LANGS],
]

_spec = importlib.util.spec_from_file_location("rt4", RT4_PATH)
RT4 = sys.modules["rt4"] = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(RT4)
RT4.RT3.HERE, RT4.RT3.PLAN = HERE, PLAN  # realtext3's module, already given realtext4's transforms
RT4.RT3.__doc__ = __doc__

if __name__ == "__main__":
    sys.exit(RT4.main())
