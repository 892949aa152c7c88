#!/usr/bin/env python3
"""The fifteenth real-text sample of issue 18: realtext5's tools run over NEW sources (``bench/realtext15``).

A measurement only, and the held-out check of the rules on branch ``fix7`` (3a82b7e): nobody
tunes rules on it. Drawn from sources that no earlier sample (realtext, realtext2..14,
/work/notes/rt*-sources.txt) uses and that issue 18 does not keep back, in the same eight
genres: raw list mail of an infradead.org list (linux-um) and of a vger list (linux-rtc),
Pipermail's gzipped monthly text archives of a SourceForge/BerliOS list (mseide-msegui),
Matrix room exports (NDJSON events, Discord bridged) and a chat site's JSON export, a
community's meeting and sync notes (tomeshnet), the release notes of a Python (black
``CHANGES.md``) and a C (rsync ``NEWS.md``) project, Spanish and Persian tweets (CSV exports),
and localized READMEs and translated docs with code blocks in Arabic, Persian, Urdu, Hindi,
Nepali, Bengali, Malayalam, Thai and Chinese, plus a Chinese interview Q&A index.
Nothing fetched is committed: ``SOURCES.tsv`` pins ``repo@commit:path`` + SHA-256; the
judgements hold offsets and context hashes only. This file reuses realtext14's ``rt16.py``
(its ``pin`` of plan + pinned files; through it realtext12's ``rt14.py``, realtext8's
transforms and realtext3's commands), with this sample's plan and four transforms, pointed
at this folder: ``pin``, ``build``, ``detect`` (with ``PYTHONPATH=.``), ``judge show|record``
and ``score``; this sample was drawn with
``places --disputed 14 --agreed 6 --seed 1515 --out sample.jsonl``.
"""

from __future__ import annotations

import gzip
import importlib.util
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
RT16_PATH = HERE.parent / "realtext14" / "rt16.py"

PLAN = [
    # list mail with full headers, one message a commit (public-inbox shards)
    ("mail-raw", "linux-mailinglist-archives/linux-um.lists.infradead.org.0", ("inbox", 40), "raw"),
    ("code-review-mail", "linux-mailinglist-archives/linux-rtc.vger.kernel.org.0", ("inbox", 40), "raw"),
    # Pipermail's gzipped monthly text archives ("jane at example.org")
    ("mail-archive", "BackupTheBerlios/mseide-msegui-talk-maillist", ("glob", "20", ".txt.gz", 20, 20000), "gz"),
    # Matrix room exports (one event a line; Discord users bridged as @_discord_N:t2bot.io)
    ("irc", "dzaima/chatlogs", ("glob", "logs/matrix_", "", 2, 0), "matrix-ndjson"),
    ("irc", "dzaima/chatlogs", ("glob", "logs/ta_", ".json", 2, 0), "chat-json"),
    ("meeting-notes", "tomeshnet/documents", ("glob", "meeting_notes/", ".md", 25, 1000), "raw"),
    ("meeting-notes", "tomeshnet/documents", ("glob", "mesh_sync/", "-notes.md", 8, 0), "raw"),
    ("release-notes", "psf/black", ("history", "CHANGES.md", 2), "raw"),
    ("release-notes", "RsyncProject/rsync", ("history", "NEWS.md", 2), "raw"),
    # tweets as CSV exports: Spanish (column "text") and Persian (column "Tweet")
    ("social", "Alisbasa/AMLOTweet", ("glob", "tweets.csv", "", 1, 0), "tweets-csv"),
    ("social", "Armitahoo/NUFDI-Media-Analysis", ("glob", "tweets", ".csv", 4, 0), "csv:Tweet"),
]

# Localized READMEs and translated docs (right-to-left, Indic, Thai, Chinese), and a Chinese
# interview Q&A index (questions linking to their issue threads); commit "" = HEAD at pin time.
_GETX = ("README-ar.md", "README.ur-PK.md", "README-hi.md", "README-ne.md", "README-bn.md", "README.zh-cn.md",
         "documentation/ar_EG/route_management.md", "documentation/ar_EG/dependency_management.md")
_CHECKLIST = ("README-ar.md", "README-fa.md", "README-hi.md", "README-bn.md", "README-ml.md", "README-th.md")
PINNED = [
    *[("tutorials-i18n", "jonataslaw/getx", "", f, "raw") for f in _GETX],
    *[("tutorials-i18n", "shieldfy/API-Security-Checklist", "", f, "raw") for f in _CHECKLIST],
    *[("tutorials-i18n", "haizlin/fe-interview", "", f, "raw") for f in ("lib/Vue.md", "lib/React.md", "category/js.md")],
]

_spec = importlib.util.spec_from_file_location("rt16", RT16_PATH)
RT16 = sys.modules["rt16"] = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(RT16)
RT14, RT3 = RT16.RT14, RT16.RT3
RT16.PINNED = PINNED
RT14.HERE, RT14.PLAN = HERE, PLAN
RT3.HERE, RT3.PLAN = HERE, PLAN
RT3.__doc__ = __doc__
_PREV_TO_TEXT = RT3.to_text  # realtext8's (tweets-ytd), realtext4's and realtext3's transforms


def to_text(data: bytes, transform: str) -> str:
    if transform == "gz":  # a gzipped text file
        return _PREV_TO_TEXT(gzip.decompress(data), "raw")
    if transform.startswith("csv:"):  # one column of a CSV export, each post once, one a line
        import csv
        import io

        col = transform[4:]
        rows = csv.DictReader(io.StringIO(data.decode("utf-8-sig", errors="replace")))
        seen: dict[str, None] = {}
        for row in rows:
            seen.setdefault((row.get(col) or "").replace("\r", " ").replace("\n", " "), None)
        return "\n".join(seen) + "\n"
    if transform == "matrix-ndjson":  # a Matrix room export: "<sender> body" and membership lines
        out = []
        for line in data.decode("utf-8", errors="replace").splitlines():
            try:
                ev = json.loads(line)
            except ValueError:
                continue
            if not isinstance(ev, dict):
                continue
            content = ev.get("content") or {}
            if ev.get("type") == "m.room.message" and isinstance(content.get("body"), str):
                out.append(f"<{ev.get('sender', '')}> {content['body']}")
            elif ev.get("type") == "m.room.member" and isinstance(content, dict):
                out.append(f"* {ev.get('sender', '')} {content.get('membership', '')} ({content.get('displayname', '')})")
        return "\n".join(out) + "\n"
    if transform == "chat-json":  # a chat site's JSON export: "date <user> message text"
        posts = json.loads(data.decode("utf-8", errors="replace"))
        out = []
        for p in posts:
            body = _PREV_TO_TEXT((p.get("html") or "").encode("utf-8"), "html-text").strip()
            out.append(f"{p.get('date', '')} <{p.get('username', '')}> {body}")
        return "\n".join(out) + "\n"
    return _PREV_TO_TEXT(data, transform)


RT3.to_text = to_text

if __name__ == "__main__":
    sys.exit(RT14.RT8.RT4.main())
