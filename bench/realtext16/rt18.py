#!/usr/bin/env python3
"""The sixteenth real-text sample of issue 18: realtext5's tools run over NEW sources (``bench/realtext16``).

A measurement only, and the held-out check of the rules on branch ``mend8`` (dac9ee9): nobody
tunes rules on it. Drawn from GitHub owners whose name starts with a-m only, from sources that
no earlier sample (realtext, realtext2..15, /work/notes/rt*-sources.txt) uses and that issue 18
does not keep back, in the same eight genres: raw Mailman mail of a linux-foundation.org list
(iommu), patch review of two vger lists (linux-mips as a public-inbox copy, linux-edac),
Pipermail's gzipped monthly text archives of two BerliOS lists (fetchmail-users, gpsd-dev),
IRC team-meeting logs kept in a project wiki (Mono accessibility: irssi ``-!- nick [~ident@host]
has joined`` and Pidgin ``(03:46:27 PM) nick:`` lines), the GraphQL working group's notes, the
release notes of two Python/C projects (Cython ``CHANGES.rst``, lxml ``CHANGES.txt``), tweets in
English/Arabic context, Chinese check-ins, and a topic dataset in Spanish, Greek, Japanese and
English, and tutorials with code blocks: the modern JS cheatsheet translated into Persian, Thai,
Russian, Chinese, Japanese, German, French, Polish and Portuguese, and a Chinese Java interview
Q&A with answers. Nothing fetched is committed: ``SOURCES.tsv`` pins ``repo@commit:path`` +
SHA-256; the judgements hold offsets and context hashes only. This file reuses realtext15's
``rt17.py`` (its transforms ``gz`` and ``csv:COLUMN``; through it realtext14's ``rt16.py`` and its
``pin``, realtext12's ``rt14.py``, realtext8's transforms and realtext3's commands), imported, with
this sample's plan and one more transform (``jsonl:FIELD``), pointed at this folder: ``pin``,
``build``, ``detect`` (with ``PYTHONPATH=.``), ``judge show|record`` and ``score``; this sample
was drawn with ``places --disputed 14 --agreed 6 --seed 1616 --out sample.jsonl``.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
RT17_PATH = HERE.parent / "realtext15" / "rt17.py"

PLAN = [
    # list mail with full headers, one message a commit (public-inbox shards / copies)
    ("mail-raw", "linux-mailinglist-archives/iommu.lists.linux-foundation.org.0", ("inbox", 40), "raw"),
    ("code-review-mail", "copslock/kenerl_mipsel_loongson", ("inbox", 30), "raw"),
    ("code-review-mail", "linux-mailinglist-archives/linux-edac.vger.kernel.org.0", ("inbox", 20), "raw"),
    # Pipermail's gzipped monthly text archives ("jane at example.org")
    ("mail-archive", "BackupTheBerlios/fetchmail-users-maillist", ("glob", "20", ".txt.gz", 15, 20000), "gz"),
    ("mail-archive", "BackupTheBerlios/gpsd-dev-maillist", ("glob", "20", ".txt.gz", 15, 20000), "gz"),
    # IRC meeting logs kept in a wiki (irssi "-!- nick [~ident@host] has joined #chan", Pidgin lines)
    ("irc", "mono/website", ("glob", "archived/accessibility_", ".md", 30, 5000), "raw"),
    ("meeting-notes", "graphql/graphql-wg", ("glob", "notes/", ".md", 35, 3000), "raw"),
    ("release-notes", "cython/cython", ("history", "CHANGES.rst", 2), "raw"),
    ("release-notes", "lxml/lxml", ("history", "CHANGES.txt", 2), "raw"),
    # tweets: Twitter's older archive (data/js/tweets/YYYY_MM.js) and a topic dataset (JSON lines)
    ("social", "alomran/ahmed-tweets", ("glob", "data/js/tweets/", ".js", 25, 0), "tweets-js"),
    ("social", "hotoo/twitter", ("glob", "data/js/tweets/", ".js", 25, 0), "tweets-js"),
    ("social", "anon7331/tweet_topicXL", ("glob", "data/", "_1000.jsonl", 4, 0), "jsonl:text"),
    ("tutorials-i18n", "mbeaudru/modern-js-cheatsheet", ("glob", "translations/", ".md", 10, 0), "raw"),
    ("tutorials-i18n", "doocs/advanced-java", ("glob", "docs/", ".md", 25, 2000), "raw"),
]
PINNED: list[tuple[str, str, str, str, str]] = []

_spec = importlib.util.spec_from_file_location("rt17", RT17_PATH)
RT17 = sys.modules["rt17"] = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(RT17)
RT16, RT14, RT3 = RT17.RT16, RT17.RT14, RT17.RT3
RT16.PINNED = PINNED
RT14.HERE, RT14.PLAN = HERE, PLAN
RT3.HERE, RT3.PLAN = HERE, PLAN
RT3.__doc__ = __doc__
_PREV_TO_TEXT = RT3.to_text  # realtext15's (gz, csv:), realtext8's (tweets-ytd), realtext3's (tweets-js) ...


def to_text(data: bytes, transform: str) -> str:
    if transform.startswith("jsonl:"):  # one field of a JSON-lines dataset, each post once, one a line
        field = transform[6:]
        seen: dict[str, None] = {}
        for line in data.decode("utf-8", errors="replace").splitlines():
            try:
                rec = json.loads(line)
            except ValueError:
                continue
            if isinstance(rec, dict) and isinstance(rec.get(field), str):
                seen.setdefault(rec[field].replace("\r", " ").replace("\n", " "), None)
        return "\n".join(seen) + "\n"
    return _PREV_TO_TEXT(data, transform)


RT3.to_text = to_text

if __name__ == "__main__":
    sys.exit(RT14.RT8.RT4.main())
