#!/usr/bin/env python3
"""The thirty-third real-text sample of issue 18 (``bench/realtext31``): realtext18's tools over NEW sources.

A measurement only, and a held-out check of the rules on main (dd68c12): nobody tunes rules on
it. Sources from GitHub owners whose name starts with n-z only, used by no earlier sample
(/work/notes/used-repos.txt) and not kept back by issue 18: raw phishing mail with full headers
(``Received:``, ``Authentication-Results:``, ``Received-SPF:``, DKIM), the release notes of a C
(Unbound's ``doc/Changelog``) and a JS (Vue's ``CHANGELOG.md``) project, a 2010-2011 tweet
archive kept as JSON, and the Vue guide translated into Arabic and Bengali. This file imports
realtext18's ``rt20.py`` (and through it every earlier tool: ``pin``, ``build``, ``detect``,
``judge``, ``score``, ``places``, ``topup``) and only sets this sample's plan and folder.
Drawn with ``places --disputed 14 --agreed 6 --seed 3131 --out sample.jsonl`` (then ``topup``,
seed 3132, where a genre was short). No mail-archive or irc source was found in the time (README.md).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
RT20_PATH = HERE.parent / "realtext18" / "rt20.py"

PLAN = [
    # raw mail with full headers: a public collection of phishing messages (.eml)
    ("mail-raw", "rf-peixoto/phishing_pot", ("glob", "email/sample-", ".eml", 25, 3000), "raw"),
    # release notes of a C project and of a JS project
    ("release-notes", "NLnetLabs/unbound", ("history", "doc/Changelog", 1), "raw"),
    ("release-notes", "vuejs/core", ("history", "CHANGELOG.md", 1), "raw"),
    # the Vue guide in Arabic and in Bengali (scripts earlier samples lacked in this repository)
    ("tutorials-i18n", "vuejs-translations/docs-ar", ("glob", "src/guide/", ".md", 8, 3000), "raw"),
    ("tutorials-i18n", "vuejs-translations/docs-bn", ("glob", "src/guide/", ".md", 8, 3000), "raw"),
]

# A tweet archive kept as JSON (a list of posts with "text"), dropped from the default branch later.
PINNED = [("social", "tophboogie/trumptweets", "c9232c053452d22fdf82e7f0c36d96e805634b0d",
           f"backend/archive/{year}.json", "tweets-js") for year in (2010, 2011)]

_spec = importlib.util.spec_from_file_location("rt20", RT20_PATH)
RT20 = sys.modules["rt20"] = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(RT20)
RT20.use(HERE, PLAN, __doc__, PINNED)

if __name__ == "__main__":
    sys.exit(RT20.run(topup_seed=3132))
