#!/usr/bin/env python3
"""The thirteenth real-text sample of issue 18: realtext5's tools run over NEW sources (``bench/realtext13``).

A measurement only, and the held-out check of the session's §8 rule fixes (rtfix4): nobody
tunes rules on it. Drawn from sources that no earlier sample (realtext, realtext2..12,
/work/notes/rt6,rt7,rt9,rt11,rt12,rt13,rt14-sources.txt) uses and that issue 18 does not keep
back, in the same eight genres, favouring the genres where earlier first runs failed: raw
Mailman mail with full headers (kvmarm), patch mail of a freedesktop list (freedreno),
Pipermail monthly text archives and Pipermail HTML message pages of three projects (ion,
pinot, bcm43xx), Ubuntu IRC logs (irclogs.ubuntu.com format, ``=== nick [~ident@host] has
joined``), IETF QUIC and Rust weekly meeting minutes, the release notes of a JS (express),
a C (PCRE2) and a Perl (Mojolicious) project, two Twitter archives, and tutorials with code
blocks in Arabic, Thai, Japanese, Vietnamese, Hindi, Sinhala, Korean, Chinese and Cyrillic.
Nothing fetched is committed: ``SOURCES.tsv`` pins ``repo@commit:path`` + SHA-256; the
judgements hold offsets and context hashes only. This file swaps realtext8's plan (as
realtext9's ``rt11.py`` and realtext12's ``rt14.py`` do) and reuses its ``tweets-ytd``
transform; the commands are realtext3's (``rt3.py``), pointed at this folder: ``pin``,
``build``, ``detect`` (with ``PYTHONPATH=.``), ``judge show|record`` and ``score``; this
sample was drawn with ``places --disputed 14 --agreed 6 --seed 1313 --out sample.jsonl``.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
RT8_PATH = HERE.parent / "realtext8" / "rt8.py"

# The JavaScript quiz in right-to-left, Thai, Japanese and Vietnamese; wtfjs in Devanagari,
# Sinhala, Hangul and Han; the JS testing guide in Cyrillic and traditional Han.
JSQ_LANGS = ("ar-AR", "ar-EG", "th-TH", "ja-JA", "vi-VI")
WTFJS = ("README-hi.md", "README-si.md", "README-kr.md", "README-zh-cn.md")
JSTEST = ("readme-ru.md", "readme-ua.md", "readme-zh-TW.md")

PLAN = [
    ("mail-raw", "linux-mailinglist-archives/kvmarm.lists.cs.columbia.edu.0", ("inbox", 40), "raw"),
    ("code-review-mail", "linux-mailinglist-archives/freedreno.lists.freedesktop.org.0", ("inbox", 40), "raw"),
    # Pipermail: monthly text archives ("jane at example.org") and per-message HTML pages
    ("mail-archive", "BackupTheBerlios/ion-general-maillist", ("glob", "20", ".txt", 10, 20000), "raw"),
    ("mail-archive", "BackupTheBerlios/pinot-discuss-maillist", ("glob", "20", ".txt", 6, 5000), "raw"),
    ("mail-archive", "BackupTheBerlios/bcm43xx-dev-maillist", ("glob", "20", ".html", 30, 3000), "html-text"),
    # irclogs.ubuntu.com day files (#ubuntu-devel, #kubuntu, #kubuntu-devel), a parser's test data
    ("irc", "prasadtalasila/IRCLogParser", ("glob", "test/functional-test/data/input/", ".txt", 40, 3000), "raw"),
    ("meeting-notes", "quicwg/wg-materials", ("glob", "", "/minutes.md", 20, 5000), "raw"),
    ("meeting-notes", "rust-lang/meeting-minutes", ("glob", "weekly-meetings/", ".md", 20, 3000), "raw"),
    ("release-notes", "expressjs/express", ("history", "History.md", 2), "raw"),
    ("release-notes", "PCRE2Project/pcre2", ("history", "ChangeLog", 2), "raw"),
    ("release-notes", "mojolicious/mojo", ("history", "Changes", 2), "raw"),
    # Twitter archives (window.YTD.tweet / window.YTD.tweets)
    ("social", "denchi/lumeninferiusarchive", ("glob", "data/tweet.js", "", 1, 0), "tweets-ytd"),
    ("social", "eroija/twitter", ("glob", "data/tweets.js", "", 1, 0), "tweets-ytd"),
    ("social", "AGUSTINCORDOBAJ/TwitterArchive", ("glob", "tweets.csv", "", 1, 0), "tweets-csv"),  # Spanish
    # Mastodon exports (ActivityPub outbox.json): a Chinese instance's and an English one
    ("social", "hikurry/Mastodon-archive", ("glob", "outbox.json", "", 1, 0), "mastodon-outbox"),
    ("social", "dealingwith/masto-archive", ("glob", "outbox.json", "", 1, 0), "mastodon-outbox"),
    *[("tutorials-i18n", "lydiahallie/javascript-questions", ("glob", f"{lang}/", ".md", 1, 0), "raw")
      for lang in JSQ_LANGS],
    *[("tutorials-i18n", "denysdovhan/wtfjs", ("glob", name, "", 1, 0), "raw") for name in WTFJS],
    *[("tutorials-i18n", "goldbergyoni/javascript-testing-best-practices", ("glob", name, "", 1, 0), "raw")
      for name in JSTEST],
]

_spec = importlib.util.spec_from_file_location("rt8", RT8_PATH)
RT8 = sys.modules["rt8"] = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(RT8)
RT3 = RT8.RT4.RT3
_RT8_TO_TEXT = RT3.to_text  # realtext8's transforms (tweets-ytd) and those it imports


def to_text(data: bytes, transform: str) -> str:
    if transform == "mastodon-outbox":  # the text a browser shows of each post's HTML content, one post a line
        items = json.loads(data.decode("utf-8", errors="replace")).get("orderedItems", [])
        posts = [i["object"].get("content") or "" for i in items if isinstance(i.get("object"), dict)]
        seen = dict.fromkeys(_RT8_TO_TEXT(p.encode("utf-8"), "html-text").replace("\n", " ").strip() for p in posts)
        return "\n".join(seen) + "\n"
    return _RT8_TO_TEXT(data, transform)


RT3.HERE, RT3.PLAN, RT3.to_text = HERE, PLAN, to_text
RT3.__doc__ = __doc__

if __name__ == "__main__":
    sys.exit(RT8.RT4.main())
