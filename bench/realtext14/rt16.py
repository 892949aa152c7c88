#!/usr/bin/env python3
"""The fourteenth real-text sample of issue 18: realtext5's tools run over NEW sources (``bench/realtext14``).

A measurement only, and the held-out check of the session's §8 rule fixes (rtfix4 + rtfix5,
merged as branch ``rtm2``): nobody tunes rules on it. Drawn from sources that no earlier sample
(realtext, realtext2..13, /work/notes/rt*-sources.txt) uses and that issue 18 does not keep
back, in the same eight genres: raw Mailman mail of a SourceForge list (linux-f2fs-devel),
man-pages patch review (linux-man), Pipermail monthly text archives of two lists (mutt-ng
users, supertux devel), Bitcoin Core PR Review Club IRC meeting logs and
an IETF MASQUE Jabber room log, IETF CoRE and MASQUE minutes, the release notes of a Python
(Flask ``CHANGES.rst``) and a C (Dovecot ``NEWS``) project, Thai tweets, and tutorials with
code blocks in Japanese, Chinese (simplified and traditional), Korean and Vietnamese.
Nothing fetched is committed: ``SOURCES.tsv`` pins ``repo@commit:path`` + SHA-256; the
judgements hold offsets and context hashes only. This file reuses realtext12's ``rt14.py``
(its ``pin`` of plan + pinned files, and through it realtext8's transforms and realtext3's
commands), with this sample's plan, pointed at this folder: ``pin``, ``build``, ``detect``
(with ``PYTHONPATH=.``), ``judge show|record`` and ``score``; this sample was drawn with
``places --disputed 14 --agreed 6 --seed 1414 --out sample.jsonl``.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
RT14_PATH = HERE.parent / "realtext12" / "rt14.py"

PLAN = [
    # Mailman list mail with full headers (SourceForge), one message a commit
    ("mail-raw", "linux-mailinglist-archives/linux-f2fs-devel.lists.sourceforge.net.0", ("inbox", 40), "raw"),
    ("code-review-mail", "linux-mailinglist-archives/linux-man.vger.kernel.org.0", ("inbox", 40), "raw"),
    # Pipermail monthly text archives ("jane at example.org")
    ("mail-archive", "BackupTheBerlios/mutt-ng-users-maillist", ("glob", "20", ".txt", 10, 5000), "raw"),
    ("mail-archive", "supertux-community/supertux-devel-maillist", ("glob", "20", ".txt", 10, 20000), "raw"),
    # Bitcoin Core PR Review Club posts, each ending in its IRC meeting log ("17:00 < nick> #startmeeting")
    ("irc", "bitcoin-core-review-club/website", ("glob", "_posts/", ".md", 30, 8000), "raw"),
    ("meeting-notes", "core-wg/wg-materials", ("glob", "ietf", ".md", 20, 10000), "raw"),
    ("meeting-notes", "ietf-wg-masque/wg-materials", ("glob", "ietf1", "minutes.md", 15, 5000), "raw"),
    ("release-notes", "pallets/flask", ("history", "CHANGES.rst", 2), "raw"),
    ("release-notes", "dovecot/core", ("history", "NEWS", 2), "raw"),
    # Thai tweets (one post a block, "----" between posts)
    ("social", "gunsodo/TweetTh", ("glob", "test/extract_", ".txt", 2, 0), "raw"),
    ("tutorials-i18n", "donnemartin/system-design-primer", ("glob", "README-", ".md", 3, 0), "raw"),
    ("tutorials-i18n", "donnemartin/system-design-primer", ("glob", "solutions/", "README-zh-Hans.md", 4, 0), "raw"),
    ("tutorials-i18n", "Asabeneh/30-Days-Of-JavaScript", ("glob", "Korea/", ".md", 6, 0), "raw"),
    ("tutorials-i18n", "Asabeneh/30-Days-Of-JavaScript", ("glob", "Vietnamese/", ".md", 6, 0), "raw"),
]

# The IETF 108 MASQUE session's Jabber room log (a chat log kept beside the minutes).
PINNED = [
    ("irc", "ietf-wg-masque/wg-materials", "", "ietf108/jabber.md", "raw"),
]

_spec = importlib.util.spec_from_file_location("rt14", RT14_PATH)
RT14 = sys.modules["rt14"] = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(RT14)
RT3 = RT14.RT3
RT14.HERE, RT14.PLAN = HERE, PLAN
RT3.HERE, RT3.PLAN = HERE, PLAN  # realtext8's transforms stay
RT3.__doc__ = __doc__


def _pinned() -> list[tuple[str, str, str, str, str]]:
    """``PINNED`` with an empty commit read as the repository's HEAD (at ``pin`` time)."""
    return [(g, repo, c or RT3.B2.git(repo, "rev-parse", "HEAD").decode().strip(), path, t)
            for g, repo, c, path, t in PINNED]


def pin() -> int:
    RT14.PINNED = _pinned()
    return RT14.pin()


RT3.pin = pin

if __name__ == "__main__":
    sys.exit(RT14.RT8.RT4.main())
