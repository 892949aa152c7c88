#!/usr/bin/env python3
"""The fourth real-text sample of issue 18: realtext3's tools run over NEW sources (``bench/realtext4``).

Drawn after the rules were tuned on realtext (docs), realtext2 (round 1 + hold-out) and
realtext3, from sources none of them uses and that issue 18 does not keep back. Nothing
fetched is committed: ``SOURCES.tsv`` pins ``repo@commit:path`` + SHA-256; the judgements
hold offsets and context hashes only. This file swaps realtext3's plan and adds two
transforms; the commands are realtext3's (``rt3.py``), pointed at this folder: ``pin``,
``build``, ``detect`` (with ``PYTHONPATH=.``), ``judge show|record`` and ``score``; this
sample was drawn with ``places --disputed 14 --agreed 6 --seed 418 --out sample.jsonl``.
"""

from __future__ import annotations

import csv
import importlib.util
import io
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
RT3 = HERE.parent / "realtext3" / "rt3.py"

# Translations of tldr-pages in right-to-left, Indic, Southeast Asian and CJK scripts.
TLDR_LANGS = ("ar", "fa", "bn", "hi", "ta", "ml", "th", "lo", "zh", "ja", "ko")

# genre, repository, how files are chosen, transform. None of these is used by realtext,
# realtext2 or realtext3 (their SOURCES) or kept back by issue 18.
PLAN = [
    ("mail-raw", "linux-mailinglist-archives/linux-aspeed.lists.ozlabs.org.0", ("inbox", 40), "raw"),
    ("code-review-mail", "linux-mailinglist-archives/linux-cifs.vger.kernel.org.0", ("inbox", 40), "raw"),
    # Pipermail's monthly text archives (addresses written "jane at example.org")
    ("mail-archive", "twisted/pipermail", ("glob", "twisted-python/", ".txt", 20, 20000), "raw"),
    ("mail-archive", "twisted/pipermail", ("glob", "twisted-web/", ".txt", 10, 20000), "raw"),
    ("mail-archive", "twisted/pipermail", ("glob", "divunal-devel/", ".txt", 5, 10000), "raw"),
    ("irc", "chrusel/yocto-irc-logs", ("glob", "html/", ".log.html", 40, 30000), "irclog-html"),
    ("meeting-notes", "ethereum/pm", ("glob", "AllCoreDevs-EL-Meetings/", ".md", 20, 4000), "raw"),
    ("meeting-notes", "ethereum/pm", ("glob", "Breakout-Room-Meetings/", ".md", 20, 2000), "raw"),
    ("release-notes", "irssi/irssi", ("history", "NEWS", 4), "raw"),
    ("social", "kracekumar/aaron-swartz-tweet-archive", ("glob", "Aaron_tweets", ".csv", 1, 0), "tweets-status-csv"),
    *[("tutorials-i18n", "tldr-pages/tldr", ("glob", f"pages.{lang}/", ".md", 12, 700), "raw") for lang in TLDR_LANGS],
]


def to_text(data: bytes, transform: str) -> str:
    if transform == "irclog-html":  # irclog2html pages: one line a row, nick and message apart
        raw = data.decode("utf-8", errors="replace")
        raw = raw.replace("<th", " <th").replace("<td", " <td")
        return RT3.to_text(raw.encode("utf-8"), "html-text")
    if transform == "tweets-status-csv":  # the "status" column of a tweet export, each post once
        rows = csv.DictReader(io.StringIO(data.decode("utf-8", errors="replace")))
        seen: dict[str, None] = {}
        for row in rows:
            seen.setdefault((row.get("status") or "").replace("\n", " "), None)
        return "\n".join(seen) + "\n"
    return RT3_TO_TEXT(data, transform)


_spec = importlib.util.spec_from_file_location("rt3", RT3)
RT3 = sys.modules["rt3"] = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(RT3)
RT3_TO_TEXT = RT3.to_text
RT3.HERE, RT3.PLAN, RT3.to_text = HERE, PLAN, to_text
RT3.__doc__ = __doc__


def main() -> int | str:
    """realtext3's commands on the plan in ``RT3.PLAN`` (``bench/realtext5/rt5.py`` swaps it)."""
    try:
        return RT3.main()
    except subprocess.CalledProcessError as e:  # git: a missing repository or commit
        return f"git failed: {e.cmd}: {e.stderr.decode(errors='replace')[:300]}"


if __name__ == "__main__":
    sys.exit(main())
