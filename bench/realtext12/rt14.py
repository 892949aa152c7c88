#!/usr/bin/env python3
"""The twelfth real-text sample of issue 18: realtext5's tools run over NEW sources (``bench/realtext12``).

A measurement only, and the held-out check of the session's §8 rule fixes: nobody tunes
rules on it. Drawn from sources that no earlier sample (realtext, realtext2..11,
/work/notes/rt6,rt7,rt9,rt11,rt12,rt13-sources.txt) uses and that issue 18 does not keep
back, in the same eight genres: raw Mailman mail with full headers (linux-audit), patch
review (linux-i2c), a German Pipermail monthly text archive, ZNC-style IRC logs kept in a
project wiki (``*** Joins: nick (ident@host)``), W3C Web of Things and SunPy minutes, zlib's
ChangeLog and requests' HISTORY.md, a Japanese Twitter archive (``data/tweet.js``), and the
Hindi and Japanese React docs. Nothing fetched is committed: ``SOURCES.tsv`` pins
``repo@commit:path`` + SHA-256; the judgements hold offsets and context hashes only. This
file swaps realtext8's plan (as realtext9's ``rt11.py`` does) and reuses its ``tweets-ytd``
transform; the commands are realtext3's (``rt3.py``), pointed at this folder: ``pin``,
``build``, ``detect`` (with ``PYTHONPATH=.``), ``judge show|record`` and ``score``; this
sample was drawn with ``places --disputed 14 --agreed 6 --seed 1212 --out sample.jsonl``.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
RT8_PATH = HERE.parent / "realtext8" / "rt8.py"

PLAN = [
    # Mailman list mail with full headers (redhat.com), one message a commit
    ("mail-raw", "linux-mailinglist-archives/linux-audit.redhat.com.0", ("inbox", 40), "raw"),
    ("code-review-mail", "linux-mailinglist-archives/linux-i2c.vger.kernel.org.0", ("inbox", 40), "raw"),
    # Pipermail's monthly text archives of a German-language list ("jane at example.de")
    ("mail-archive", "BackupTheBerlios/jverein-mailliste-maillist", ("glob", "20", ".txt", 25, 1000), "raw"),
    ("meeting-notes", "w3c/wot", ("glob", "minutes/", ".md", 40, 1500), "raw"),
    ("release-notes", "madler/zlib", ("history", "ChangeLog", 2), "raw"),
    ("release-notes", "psf/requests", ("history", "HISTORY.md", 2), "raw"),
    # Twitter's archive as data/tweet.js (Japanese)
    ("social", "dsajgiouawj/TweetArchive", ("glob", "data/tweet.js", "", 1, 0), "tweets-ytd"),
    ("tutorials-i18n", "reactjs/hi.react.dev", ("glob", "src/content/learn/", ".md", 14, 0), "raw"),
    ("tutorials-i18n", "reactjs/ja.react.dev", ("glob", "src/content/learn/", ".md", 14, 0), "raw"),
]

# Files pinned at one commit each (not on the repository's default branch): SunPy's wiki
# pages holding ZNC-style IRC logs ("[hh:mm:ss] *** Joins: nick (ident@host)") and minutes.
PINNED = [
    ("irc", "SuleimanFarah/sunpy", "95b06013a1838a2bf445f93e116739e8c35895dd", "IRC-Logs---Talking-about-JSOC-and-VSO.md", "raw"),
    ("irc", "SuleimanFarah/sunpy", "af0f0123cf8157f7ccf2f336400742d7666ad7cf", "IRC-logs---VSO-instrument-lists-etc.md", "raw"),
    ("irc", "SuleimanFarah/sunpy", "ffe9449d5108d4eb1d53f06f51af216dd55b172a", "ORG/SunPy-Org-Meeting-IRC-log.md", "raw"),
    # the same wiki's meeting minutes (branch master)
    *[("meeting-notes", "SuleimanFarah/sunpy", "37c260a16c887166a8f45726334ab35214462687", f, "raw")
      for f in ("Home:-Weekly-Community-Meetings-Archive.md", "ORG/Coordination-Meeting-2020-Notes.md",
                "ORG/Coordination-Meeting-2022-Notes.md")],
]

_spec = importlib.util.spec_from_file_location("rt8", RT8_PATH)
RT8 = sys.modules["rt8"] = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(RT8)
RT3 = RT8.RT4.RT3
RT3.HERE, RT3.PLAN = HERE, PLAN  # realtext8's transforms (tweets-ytd) stay
RT3.__doc__ = __doc__
_PLAN_PIN = RT3.pin


def pin() -> int:
    """realtext3's ``pin`` over ``PLAN``, then the ``PINNED`` files (hashed the same way)."""
    _PLAN_PIN()
    rows = [ln.split("\t") for ln in (HERE / "SOURCES.tsv").read_text(encoding="utf-8").splitlines()
            if ln and not ln.startswith("#")]
    for genre, repo, commit, path, transform in PINNED:
        rows += RT3.B2.pin_rows(genre, repo, [(commit, path)], transform)
    order = {g: i for i, g in enumerate(dict.fromkeys(r[0] for r in (*PLAN, *PINNED)))}
    rows.sort(key=lambda r: order[r[0]])
    return RT3.B2.write_sources([tuple(r) for r in rows])


RT3.pin = pin

if __name__ == "__main__":
    sys.exit(RT8.RT4.main())
