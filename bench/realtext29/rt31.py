#!/usr/bin/env python3
"""The twenty-ninth real-text sample of issue 18 (``bench/realtext29``): realtext18's tools over NEW sources.

A measurement only, and a held-out check of the rules on main 7ee36d7 (rule code a70011d): nobody
tunes rules on it. Sources from GitHub owners whose name starts with n-z only, used by no earlier
sample (list: /work/notes/used-repos.txt) and not kept back by issue 18. This file imports
realtext18's ``rt20.py`` (and through it every earlier tool: ``pin``, ``build``, ``detect``,
``judge``, ``score``, ``places``, ``topup``) and only sets this sample's plan, pinned files and folder.
Drawn with ``places --disputed 14 --agreed 6 --seed 2929 --out sample.jsonl``: 20 places in each of
the six genres, so ``topup`` (seed 2930) was not needed.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
RT20_PATH = HERE.parent / "realtext18" / "rt20.py"

PLAN = [
    # raw messages with full headers (DKIM, ARC, Authentication-Results): a mail-auth library's fixtures
    ("mail-raw", "postalsys/mailauth", ("glob", "test/fixtures/", ".eml", 20, 0), "raw"),
    # W3C's list archive pages (the text a browser shows: "From: Name <addr>", quoted replies)
    ("mail-archive", "w3c/mailing-list-archives", ("glob", "samples/", ".html", 13, 0), "html-text"),
    # a Discord server's forum threads exported as text ("[timestamp] user (id=...)" and indented posts)
    ("irc", "teknium1/nous-discord-archive", ("glob", "archives/", ".txt", 40, 1500), "raw"),
    # a C project (flex NEWS) and a Python project (Tornado's per-release notes, reST)
    ("release-notes", "westes/flex", ("history", "NEWS", 1), "raw"),
    ("release-notes", "tornadoweb/tornado", ("glob", "docs/releases/", ".rst", 12, 1500), "raw"),
    # Twitter's older archive (data/js/tweets/YYYY_MM.js): Korean and German posts
    ("social", "seungow/Tweets_crzbro", ("glob", "data/js/tweets/", ".js", 6, 0), "tweets-js"),
    ("social", "pintman/twitter", ("glob", "data/js/tweets/", ".js", 6, 0), "tweets-js"),
    # Clean Code .NET in Thai (C# code blocks)
    ("tutorials-i18n", "T5ive/clean-code-dotnet", ("glob", "README-th.md", "", 1, 0), "raw"),
]

# W3C Internationalization articles in Arabic and Hindi (HTML, the text a browser shows), and a React
# how-to in Vietnamese and Malay (HEAD) and in Thai (pinned: dropped from the default branch later).
_W3C_I18N = ("articles/article-text-size.ar.html", "getting-started/characters.ar.html",
             "getting-started/characters.hi.html", "getting-started/index.ar.html",
             "getting-started/language.ar.html", "getting-started/language.hi.html",
             "questions/qa-doc-charset.hi.html", "questions/qa-forms-utf-8.ar.html", "questions/qa-i18n.ar.html",
             "questions/qa-international-multilingual.ar.html", "questions/qa-mono-multilingual.ar.html",
             "questions/qa-navigation-select.ar.html", "quicktips/index.ar.html")
PINNED = [
    *[("tutorials-i18n", "w3c/i18n-drafts", "", f, "html-text") for f in _W3C_I18N],
    ("tutorials-i18n", "petehunt/react-howto", "", "README-vi.md", "raw"),
    ("tutorials-i18n", "petehunt/react-howto", "", "README-my.md", "raw"),
    ("tutorials-i18n", "petehunt/react-howto", "88ab5326368dacb692a981a74a62066d266a3bcb", "README-th.md", "raw"),
]

_spec = importlib.util.spec_from_file_location("rt20", RT20_PATH)
RT20 = sys.modules["rt20"] = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(RT20)
RT20.use(HERE, PLAN, __doc__, PINNED)

if __name__ == "__main__":
    sys.exit(RT20.run(topup_seed=2930))
