#!/usr/bin/env python3
"""The twenty-fifth real-text sample of issue 18 (``bench/realtext25``): realtext18's tools over NEW sources.

A measurement only, a held-out check of the rules at 2acae9b: nobody tunes rules on it. Sources from
GitHub owners whose name starts with n-z only, used by no earlier sample (/work/notes/used-repos.txt)
and not kept back by issue 18: a Pipermail-style list archive kept as one Markdown file a message
(Hungarian), a mail parser's raw test messages with full headers, Node.js Community Committee minutes,
the release notes of a C (OpenSC ``NEWS``) and a Python (Scrapy ``docs/news.rst``) project, a Mastodon
outbox (English posts with links), and the Vue guide in Korean and Persian (code blocks). No chat log
(irc) was found in the time. This file imports realtext18's ``rt20.py`` (and through it every earlier
tool: ``pin``, ``build``, ``detect``, ``judge``, ``score``, ``places``, ``topup``), sets this sample's
plan and folder, and adds realtext13's ``mastodon-outbox`` transform (the same code). Drawn with
``places --disputed 14 --agreed 6 --seed 2525 --out sample.jsonl`` (``topup`` seed 2526).
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
RT20_PATH = HERE.parent / "realtext18" / "rt20.py"

_MAILS = ("issue115", "issue126", "issue133", "issue149", "issue158a", "issue163", "issue182", "issue230",
          "issue84", "m0001", "m0002", "m0003", "m0007", "m0009", "m0013", "m0015", "m0018", "m0020", "m0024",
          "m0129")

PLAN = [
    # a list archive, one message a Markdown file (body only; "name at host" addresses, wrapped URLs)
    ("mail-archive", "zoltanctoth/Subbacultcha-mailing-list-archive", ("glob", "20", ".md", 20, 3000), "raw"),
    # raw messages with full headers (a MIME parser's test messages)
    *[("mail-raw", "php-mime-mail-parser/php-mime-mail-parser", ("glob", f"tests/mails/{m}", "", 1, 0), "raw")
      for m in _MAILS],
    ("meeting-notes", "nodejs/community-committee", ("glob", "meetings/20", ".md", 16, 2000), "raw"),
    ("release-notes", "OpenSC/OpenSC", ("history", "NEWS", 1), "raw"),
    ("release-notes", "scrapy/scrapy", ("history", "docs/news.rst", 1), "raw"),
    # a Mastodon outbox: the text of each post's HTML content, one post a line
    ("social", "philhawksworth/hawksworx.com", ("glob", "outbox.json", "", 1, 0), "mastodon-outbox"),
    ("tutorials-i18n", "vuejs-translations/docs-ko", ("glob", "src/guide/", ".md", 8, 3000), "raw"),
    ("tutorials-i18n", "vuejs-translations/docs-fa", ("glob", "src/guide/", ".md", 8, 3000), "raw"),
]

_spec = importlib.util.spec_from_file_location("rt20", RT20_PATH)
RT20 = sys.modules["rt20"] = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(RT20)
RT3 = RT20.RT3
RT20.use(HERE, PLAN, __doc__)
_PREV_TO_TEXT = RT3.to_text


def to_text(data: bytes, transform: str) -> str:
    if transform == "mastodon-outbox":  # realtext13's: the text a browser shows of each post's HTML content, one post a line
        items = json.loads(data.decode("utf-8", errors="replace")).get("orderedItems", [])
        posts = [i["object"].get("content") or "" for i in items if isinstance(i.get("object"), dict)]
        seen = dict.fromkeys(_PREV_TO_TEXT(p.encode("utf-8"), "html-text").replace("\n", " ").strip() for p in posts)
        return "\n".join(seen) + "\n"
    return _PREV_TO_TEXT(data, transform)


RT3.to_text = to_text

if __name__ == "__main__":
    sys.exit(RT20.run(topup_seed=2526))
