#!/usr/bin/env python3
"""The twenty-ninth real-text sample of issue 18 (``bench/realtext27``): realtext18's tools over NEW sources.

A measurement only, and a held-out check of the rules on main ``a70011d``: nobody tunes rules on
it. Sources from GitHub owners whose name starts with n-z only, used by no earlier sample
(/work/notes/used-repos.txt) and not kept back by issue 18, in six genres: raw mail with full
headers (a DKIM/ARC library's test messages: ``DKIM-Signature:``, ``ARC-*``,
``Authentication-Results:``, abuse and DMARC feedback reports; a mail parser's fixtures with a
delivery-status bounce), a Pipermail monthly text archive (haskell-cafe, "jane at example.org"),
an IRC log kept in a project's notes (HexChat ``* nick (~ident@host) has joined`` and quits with
reasons), the release notes of a C (xz ``NEWS``) and a Python (Pillow ``CHANGES.rst``) project,
two Twitter archives (Catalan and Chinese/English posts, ``data/js/tweets/*.js``) and the React
docs in Vietnamese (code blocks). This file imports realtext18's ``rt20.py`` (and through it every
earlier tool: ``pin``, ``build``, ``detect``, ``judge``, ``score``, ``places``, ``topup``) and only
sets this sample's plan, pinned files and folder. Drawn with
``places --disputed 14 --agreed 6 --seed 2727 --out sample.jsonl`` (then ``topup``, seed 2728, where
a genre has fewer than 20 places).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
RT20_PATH = HERE.parent / "realtext18" / "rt20.py"

_MAIL_AUTH = "stalwartlabs/mail-auth"
PLAN = [
    # raw mail with full headers: a DKIM/ARC/DMARC library's test messages
    ("mail-raw", _MAIL_AUTH, ("glob", "resources/dkim/", ".txt", 6, 0), "raw"),
    ("mail-raw", _MAIL_AUTH, ("glob", "resources/arc/", ".txt", 2, 0), "raw"),
    ("mail-raw", _MAIL_AUTH, ("glob", "resources/arf/", ".eml", 5, 0), "raw"),
    ("mail-raw", _MAIL_AUTH, ("glob", "resources/dmarc-feedback/", ".eml", 5, 0), "raw"),
    ("mail-raw", _MAIL_AUTH, ("glob", "resources/dkim2/expected/", ".eml", 10, 0), "raw"),
    # a Pipermail monthly text archive ("jane at example.org"), kept as a parser's test input
    ("mail-archive", "pete-murphy/elm-land-haskell-cafe", ("glob", "tests/may.txt", "", 1, 0), "raw"),
    # an IRC log (HexChat style: joins with hostmasks, quits with reasons) kept in a project's notes
    ("irc", "trungnvfet/Openstack-Ironic-Scripts", ("glob", "BFV_Add_Extra_Volume/iPXE/_irc_chat_logs.md", "", 1, 0), "raw"),
    ("release-notes", "tukaani-project/xz", ("history", "NEWS", 1), "raw"),
    ("release-notes", "python-pillow/Pillow", ("history", "CHANGES.rst", 1), "raw"),
    ("social", "rroset/tuits_geoinquiets", ("glob", "data/js/tweets/", ".js", 12, 0), "tweets-js"),
    ("social", "siuying/twitter", ("glob", "data/js/tweets/", ".js", 12, 0), "tweets-js"),
    ("tutorials-i18n", "reactjs/vi.react.dev", ("glob", "src/content/learn/", ".md", 12, 3000), "raw"),
    ("tutorials-i18n", "reactjs/vi.react.dev", ("glob", "src/content/community/", ".md", 4, 3000), "raw"),
]

# A mail parser's small fixtures (its large ones are stress inputs, left out); commit "" = HEAD at pin time.
PINNED = [("mail-raw", "nodemailer/mailparser", "", f"test/fixtures/{f}.eml", "raw")
          for f in ("delivery-status", "spam", "nested", "mixed", "nodemailer")]

_spec = importlib.util.spec_from_file_location("rt20", RT20_PATH)
RT20 = sys.modules["rt20"] = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(RT20)
RT20.use(HERE, PLAN, __doc__, PINNED)

if __name__ == "__main__":
    sys.exit(RT20.run(topup_seed=2728))
