#!/usr/bin/env python3
"""The seventeenth real-text sample of issue 18: realtext5's tools run over NEW sources (``bench/realtext17``).

A measurement only, and the held-out check of the rules on branch ``mend8`` (dac9ee9): nobody
tunes rules on it. Drawn from sources that no earlier sample (realtext, realtext2..16,
/work/notes/rt*-sources.txt) uses and that issue 18 does not keep back, from GitHub owners whose
name starts with n-z (this sample's list: /work/notes/rt19-sources.txt), in the same eight
genres: a mail filter's test messages with full headers (rspamd), qemu-devel patch mail as
gzipped mboxes (patchew's test data), Gmane list-archive messages of many software lists
(webis-de's annotated sample, rendered with their headers), X-Chat logs of #rockbox (2002,
``-->  nick (~ident@host) has joined``) and the #zeromq IRC log as HTML pages, the W3C WebExtensions
CG minutes, the release notes of a C (strace ``NEWS``) and a Python (pip ``NEWS.rst``) project,
multilingual tweets about TV shows (English, Japanese, Thai, Arabic, Korean, Russian...), and
translated tutorials with code blocks (learn-regex in Hebrew, Persian, Russian, Korean, Chinese,
Japanese, Vietnamese, Greek; React's docs in Korean) and a Chinese Python interview Q&A with answers.
Nothing fetched is committed: ``SOURCES.tsv`` pins ``repo@commit:path`` + SHA-256; the
judgements hold offsets and context hashes only. This file reuses realtext15's ``rt17.py``
(its transforms ``gz`` and ``csv:``; through it realtext14's ``pin`` of plan + pinned files,
realtext12's, realtext8's and realtext3's tools), with this sample's plan, pinned files and two
transforms (``gmane-jsonl``, ``tweets-by-show``), pointed at this folder: ``pin``, ``build``,
``detect`` (with ``PYTHONPATH=.``), ``judge show|record`` and ``score``; this sample was drawn
with ``places --disputed 14 --agreed 6 --seed 1717 --out sample.jsonl``.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
RT17_PATH = HERE.parent / "realtext15" / "rt17.py"

PLAN = [
    # a mail filter's test messages: full headers (Received, DKIM, ARC, List-*), HTML and text bodies
    ("mail-raw", "rspamd/rspamd", ("glob", "test/functional/messages/", ".eml", 40, 1000), "raw"),
    # qemu-devel patch series and reviews as gzipped mboxes (patchew's test data)
    ("code-review-mail", "patchew-project/patchew", ("glob", "tests/data/", ".mbox.gz", 36, 0), "gz"),
    ("meeting-notes", "w3c/webextensions", ("glob", "_minutes/", ".md", 30, 4000), "raw"),
    ("release-notes", "strace/strace", ("history", "NEWS", 2), "raw"),
    ("release-notes", "pypa/pip", ("history", "NEWS.rst", 2), "raw"),
    ("tutorials-i18n", "reactjs/ko.react.dev", ("glob", "src/content/learn/", ".md", 8, 0), "raw"),
]

_ROCKBOX_IRC = ("0325", "0326", "0418", "0423", "0427", "0430", "0505", "0511", "0513", "0519",
                "0521", "0522", "0605", "0610", "0611", "0612")
# #zeromq's IRC log, one HTML page a day (branch gh-pages; pages over 12,000 bytes, spread over 2010-2011)
_ZMQ_DAYS = ("100331", "100514", "100623", "100814", "100920", "101024", "101124", "110105", "110206", "110309",
             "110413", "110517", "110623", "110731", "110903", "111006")
_LEARN_REGEX = ("he", "fa", "ru", "ko", "cn", "ja", "vn", "gr")
PINNED = [
    # Gmane list-archive messages (many lists), rendered with their headers
    ("mail-archive", "webis-de/acl20-crawling-mailing-lists", "",
     "annotations/annotations-final-validation.jsonl", "gmane-jsonl"),
    # X-Chat logs of #rockbox, 2002 (joins with ident@host, quits, topics), at the commit that added them
    *[("irc", "Rockbox/www", "1d2507e842c37e66ae73952bf044f11694270d02", f"irc/rockbox-2002{d}.log", "raw")
      for d in _ROCKBOX_IRC],
    *[("irc", "travlr/zmqirclog", "73775afd96adb756f33a7b1185b573e92e456191", f"{d}.html", "html-text")
      for d in _ZMQ_DAYS],
    ("social", "nicolasf10/tv-shows", "", "Data_Python/tweets_by_show.json", "tweets-by-show"),
    *[("tutorials-i18n", "ziishaned/learn-regex", "", f"translations/README-{lang}.md", "raw") for lang in _LEARN_REGEX],
    ("tutorials-i18n", "taizilongxu/interview_python", "", "Readme.md", "raw"),
]

_spec = importlib.util.spec_from_file_location("rt17", RT17_PATH)
RT17 = sys.modules["rt17"] = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(RT17)
RT16, RT14, RT3 = RT17.RT16, RT17.RT14, RT17.RT3
RT16.PINNED = PINNED
RT14.HERE, RT14.PLAN = HERE, PLAN
RT3.HERE, RT3.PLAN = HERE, PLAN
RT3.__doc__ = __doc__
_PREV_TO_TEXT = RT17.to_text  # realtext15's transforms (gz, csv:COLUMN, ...) and the earlier ones

_GMANE_HEADERS = (("from", "From"), ("to", "To"), ("cc", "Cc"), ("subject", "Subject"), ("message_id", "Message-ID"),
                  ("in_reply_to", "In-Reply-To"), ("references", "References"), ("list_id", "List-Id"))


def to_text(data: bytes, transform: str) -> str:
    if transform == "gmane-jsonl":  # one archived message a line: its headers as written, then its text
        out = []
        for line in data.decode("utf-8", errors="replace").splitlines():
            try:
                msg = json.loads(line)
            except ValueError:
                continue
            if not isinstance(msg, dict):
                continue
            meta = msg.get("meta") if isinstance(msg.get("meta"), dict) else {}
            heads = meta.get("headers") if isinstance(meta.get("headers"), dict) else {}
            out += [f"{name}: {meta[key]}" for key, name in (("groupname", "Newsgroups"), ("@timestamp", "Date")) if meta.get(key)]
            out += [f"{name}: {heads[key]}" for key, name in _GMANE_HEADERS if heads.get(key)]
            out += ["", str(msg.get("text", "")), "", ""]
        return "\n".join(out) + "\n"
    if transform == "tweets-by-show":  # {"show": [{"text", "user_name", "user_screen_name"}, ...]}: one post a line
        shows = json.loads(data.decode("utf-8", errors="replace"))
        out = []
        for show, posts in shows.items():
            for p in posts:
                body = str(p.get("text", "")).replace("\n", " ")
                out.append(f"[{show}] @{p.get('user_screen_name', '')} ({p.get('user_name', '')}): {body}")
        return "\n".join(out) + "\n"
    return _PREV_TO_TEXT(data, transform)


RT3.to_text = to_text

if __name__ == "__main__":
    sys.exit(RT14.RT8.RT4.main())
