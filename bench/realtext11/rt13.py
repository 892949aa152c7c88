#!/usr/bin/env python3
"""The eleventh real-text sample of issue 18: realtext5's tools run over NEW sources (``bench/realtext11``).

A measurement only, and the held-out check of the session's rule fixes: nobody tunes
rules on it. Drawn from sources that no earlier sample (realtext, realtext2..9,
/work/notes/rt6,rt7,rt9,rt11-sources.txt) uses and that issue 18 does not keep back, from
repositories whose owner's name starts with n-z (the parallel sample takes a-m), in the
same eight genres, preferring kinds of text the earlier samples lack: a mail parser's
test mails (spam and Outlook, full headers), ``git format-patch`` mails kept as
``.patch`` files, the 1990s cypherpunks list archive (one message a file, trimmed
headers), an irssi-format IRC log with a Discord bridge, W3C Credentials CG transcripts
(an IRC bot's tab-separated log and the minutes mailed to the list), zsh's ``NEWS`` and
rsync's ``NEWS.md``, a multilingual tweet set written as a JavaScript array, and Astro's
docs in Arabic, Hindi, Japanese, Korean and Chinese. Nothing fetched is committed:
``SOURCES.tsv`` pins ``repo@commit:path`` + SHA-256; the judgements hold offsets and
context hashes only. This file swaps realtext8's plan (as ``realtext9/rt11.py`` does) and
adds one transform; the commands are realtext3's (``rt3.py``), pointed at this folder:
``pin``, ``build``, ``detect`` (with ``PYTHONPATH=.``), ``judge show|record`` and
``score``; this sample was drawn with ``places --disputed 14 --agreed 6 --seed 1113
--out sample.jsonl``.
"""

from __future__ import annotations

import ast
import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
RT8_PATH = HERE.parent / "realtext8" / "rt8.py"

ASTRO_LANGS = ("ar", "hi", "ja", "ko", "zh-cn", "zh-tw")

PLAN = [
    # a mail parser's test mails: spam and Outlook messages with every header
    ("mail-raw", "SpamScope/mail-parser", ("glob", "tests/mails/", "", 30, 0), "raw"),
    # git format-patch mails kept as .patch files (From:, Subject: [PATCH], Signed-off-by, Upstream-Status)
    ("code-review-mail", "openembedded/openembedded-core", ("glob", "meta/recipes-", ".patch", 50, 3000), "raw"),
    # the cypherpunks list archive, one message a file (From/Date/To/Subject/Message-ID kept)
    ("mail-archive", "tombusby/cypherpunk-mailing-list-archive-parser", ("glob", "raw_messages/", ".txt", 80, 3000), "raw"),
    # irssi-format IRC logs ("12:34 < bridge> <nick> text"), a Discord bridge in the channel
    ("irc", "TeeworldsDB/irclogs", ("glob", "", ".log", 25, 3000), "raw"),
    # an IRC bot's tab-separated log of W3C CCG calls ("[ISO time]\t<nick>\ttext")
    ("irc", "w3c-ccg/meetings", ("glob", "20", "/irc.log", 10, 3000), "raw"),
    # the W3C CCG minutes as mailed to the list
    ("meeting-notes", "w3c-ccg/meetings", ("glob", "20", "/email.log", 35, 3000), "raw"),
    ("release-notes", "zsh-users/zsh", ("history", "NEWS", 2), "raw"),
    ("release-notes", "WayneD/rsync", ("history", "NEWS.md", 2), "raw"),
    # tweets in many languages, written as a JavaScript array of strings
    ("social", "tomayac/language-identifier", ("glob", "data/tweets.js", "", 1, 0), "js-string-array"),
    *[("tutorials-i18n", "withastro/docs", ("glob", f"src/content/docs/{lang}/", ".mdx", 7, 2000), "raw")
      for lang in ASTRO_LANGS],
]


def to_text(data: bytes, transform: str) -> str:
    if transform == "js-string-array":  # ``var x = ['…', '…'];``: each string once, a line each
        raw = data.decode("utf-8", errors="replace")
        items = ast.literal_eval(raw[raw.index("[") : raw.rindex("]") + 1])
        seen = dict.fromkeys(str(s).replace("\n", " ") for s in items)
        return "\n".join(seen) + "\n"
    return RT8.to_text(data, transform)


_spec = importlib.util.spec_from_file_location("rt8", RT8_PATH)
RT8 = sys.modules["rt8"] = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(RT8)
RT8.RT4.RT3.HERE, RT8.RT4.RT3.PLAN, RT8.RT4.RT3.to_text = HERE, PLAN, to_text  # realtext8's transforms stay
RT8.RT4.RT3.__doc__ = __doc__

if __name__ == "__main__":
    sys.exit(RT8.RT4.main())
