#!/usr/bin/env python3
"""The twenty-third real-text sample of issue 18 (``bench/realtext23``): realtext18's tools over NEW sources.

A measurement only, and a held-out check of the rules at 0eb83ed: nobody tunes rules on it.
Sources from GitHub owners whose name starts with n-z only, used by no earlier sample
(/work/notes/used-repos.txt) and not kept back by issue 18. This file imports realtext18's
``rt20.py`` (and through it every earlier tool: ``pin``, ``build``, ``detect``, ``judge``,
``score``, ``places``, ``topup``) and only sets this sample's plan and folder.
Drawn with ``places --disputed 14 --agreed 6 --seed 2323 --out sample.jsonl`` (``topup`` seed 2324).
Repositories are read as git dirs under ``$REALTEXT2_MIRRORS/OWNER+NAME/repo`` (README.md).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
RT20_PATH = HERE.parent / "realtext18" / "rt20.py"

PLAN = [
    # raw messages with full headers (bounce mails: Received, DKIM, Authentication-Results, List-*)
    ("mail-raw", "sisimai/set-of-emails", ("glob", "maildir/bsd/", ".eml", 30, 1500), "raw"),
    # English tweets, Twitter's older archive (data/js/tweets/YYYY_MM.js)
    ("social", "soffes/tweets", ("glob", "data/js/tweets/", ".js", 14, 0), "tweets-js"),
    # release notes of a Python project (coverage.py CHANGES.rst) and a C project (OpenVPN Changes.rst)
    ("release-notes", "nedbat/coveragepy", ("history", "CHANGES.rst", 1), "raw"),
    ("release-notes", "OpenVPN/openvpn", ("history", "Changes.rst", 1), "raw"),
    # SPDX meeting minutes in Markdown (tech and legal teams)
    ("meeting-notes", "spdx/meetings", ("glob", "tech/", ".md", 20, 1500), "raw"),
    ("meeting-notes", "spdx/meetings", ("glob", "legal/", ".md", 10, 1500), "raw"),
    # Chinese interview Q&A and the Rust book in Japanese
    ("tutorials-i18n", "wolverinn/Waking-Up", ("glob", "", ".md", 8, 5000), "raw"),
    ("tutorials-i18n", "rust-lang-ja/book-ja", ("glob", "src/ch", ".md", 14, 3000), "raw"),
]

_spec = importlib.util.spec_from_file_location("rt20", RT20_PATH)
RT20 = sys.modules["rt20"] = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(RT20)
RT20.use(HERE, PLAN, __doc__)

if __name__ == "__main__":
    sys.exit(RT20.run(topup_seed=2324))
