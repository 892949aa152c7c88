#!/usr/bin/env python3
"""The eighteenth real-text sample of issue 18: realtext5's tools run over NEW sources (``bench/realtext18``).

A measurement only, and the held-out check of the rules on branch ``fix8`` (58683d1): nobody
tunes rules on it. Drawn from GitHub owners whose name starts with a-m only (realtext19 takes
n-z), from sources that no earlier sample (realtext, realtext2..17, /work/notes/rt*-sources.txt)
uses and that issue 18 does not keep back, in the same eight genres: raw Mailman mail of a
redhat.com list (dm-devel), patch review of a vger list (linux-remoteproc), a Google Groups
index saved as Markdown (tesseract-dev) and a Pipermail monthly text archive (mondorescue-users),
a chat log stored as one JSON event a line (joins, quits with their reasons, messages), IETF
HTTPAPI, MLS, DNSOP and AIPREF working-group minutes, the release notes of a C (libevent ``ChangeLog``) and a
Python (gunicorn's yearly news pages) project, an English Twitter archive, and the Express
guide translated into Russian, Ukrainian, Thai, Japanese, Korean and Chinese (code blocks).
Nothing fetched is committed: ``SOURCES.tsv`` pins ``repo@commit:path`` + SHA-256; the
judgements hold offsets and context hashes only. This file reuses realtext16's ``rt18.py``
(its ``jsonl:FIELD``; through it realtext15's ``rt17.py``, realtext14's ``pin``, realtext8's
transforms and realtext3's commands), imported, with this sample's plan and one more transform
(``irc-jsonl``), pointed at this folder: ``pin``, ``build``, ``detect`` (with ``PYTHONPATH=.``),
``judge show|record`` and ``score``; this sample was drawn with
``places --disputed 14 --agreed 6 --seed 1818 --out sample.jsonl`` and then ``topup`` (agreed places
added, seed 1819, to a genre with fewer than 20 places: meeting-notes has only 9 disputed).
"""

from __future__ import annotations

import importlib.util
import json
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
RT18_PATH = HERE.parent / "realtext16" / "rt18.py"

_EXPRESS_DOCS = ("guide/routing.md", "guide/using-middleware.md", "guide/error-handling.md",
                 "advanced/best-practice-security.md", "starter/faq.md", "resources/middleware.md")

PLAN = [
    # list mail with full headers, one message a commit (public-inbox shards)
    ("mail-raw", "linux-mailinglist-archives/dm-devel.redhat.com.0", ("inbox", 40), "raw"),
    ("code-review-mail", "linux-mailinglist-archives/linux-remoteproc.vger.kernel.org.0", ("inbox", 40), "raw"),
    # a Google Groups index saved as Markdown, and Pipermail's monthly text archives
    ("mail-archive", "GerHobbelt/tesseract-dev-mailing-list-archive", ("glob", "tesseract-dev", "", 1, 0), "raw"),
    ("mail-archive", "BackupTheBerlios/mondorescue-users-maillist", ("glob", "20", ".txt", 5, 0), "raw"),
    # a chat log kept as one JSON event a line (message, join, quit with its reason)
    ("irc", "Glose/irclogs", ("glob", "logs.sample", "", 1, 0), "irc-jsonl"),
    ("meeting-notes", "ietf-wg-httpapi/wg-materials", ("glob", "ietf", "minutes.md", 14, 1000), "raw"),
    ("meeting-notes", "mlswg/wg-materials", ("glob", "ietf", "minutes.md", 14, 1000), "raw"),
    ("meeting-notes", "ietf-wg-dnsop/wg-materials", ("glob", "dnsop-ietf1", "minutes.txt", 14, 3000), "raw"),
    ("meeting-notes", "ietf-wg-aipref/wg-materials", ("glob", "i", "minutes.md", 8, 3000), "raw"),
    ("release-notes", "libevent/libevent", ("history", "ChangeLog", 2), "raw"),
    ("release-notes", "benoitc/gunicorn", ("glob", "docs/content/", "news.md", 16, 0), "raw"),
    ("social", "farzadzamani87/tweets", ("glob", "data/js/tweets/", ".js", 30, 0), "tweets-js"),
    *[("tutorials-i18n", "expressjs/expressjs.com", ("glob", f"src/content/docs/{lang}/", ".mdx", 5, 3000), "raw")
      for lang in ("ja", "ko", "zh-cn")],
]

# The Express guide's Russian, Ukrainian and Thai pages (dropped from the default branch later).
PINNED = [("tutorials-i18n", "expressjs/expressjs.com", "658ab65f150e61d7c3d66f17df7438295abdf718", f"{lang}/{doc}", "raw")
          for lang in ("ru", "uk", "th") for doc in _EXPRESS_DOCS]

_spec = importlib.util.spec_from_file_location("rt18", RT18_PATH)
RT18 = sys.modules["rt18"] = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(RT18)
RT16, RT14, RT3 = RT18.RT16, RT18.RT14, RT18.RT3
RT16.PINNED = PINNED
RT14.HERE, RT14.PLAN = HERE, PLAN
RT3.HERE, RT3.PLAN = HERE, PLAN
RT3.__doc__ = __doc__
_PREV_TO_TEXT = RT3.to_text  # realtext16's (jsonl:), realtext15's (gz, csv:), realtext8's, realtext3's ...


def to_text(data: bytes, transform: str) -> str:
    if transform == "irc-jsonl":  # one chat event a line: "[hh:mm] <nick> text", "* nick has quit (reason)"
        out = []
        for line in data.decode("utf-8", errors="replace").splitlines():
            try:
                ev = json.loads(line)
            except ValueError:
                continue
            if not isinstance(ev, dict):
                continue
            ms = (ev.get("time") or {}).get("$date") if isinstance(ev.get("time"), dict) else None
            stamp = time.strftime("[%H:%M] ", time.gmtime(ms / 1000)) if isinstance(ms, (int, float)) else ""
            nick, kind = ev.get("nick", ""), ev.get("type", "")
            if kind == "message":
                out.append(f"{stamp}<{nick}> {ev.get('text', '')}")
            else:
                extra = ev.get("reason") or ev.get("text") or ev.get("newNick") or ""
                out.append(f"{stamp}* {nick} has {kind}" + (f" ({extra})" if extra else ""))
        return "\n".join(out) + "\n"
    return _PREV_TO_TEXT(data, transform)


RT3.to_text = to_text


def topup(sample: str = "sample.jsonl", least: int = 20, seed: int = 1819) -> int:
    """Add agreed places to each genre that has fewer than ``least`` in ``sample`` (few disputed there)."""
    import random

    places = RT3._load("places", RT3.RT2 / "places.py")
    places.HERE, places.OUT = HERE, HERE / "out"
    rows = [json.loads(ln) for ln in (HERE / sample).read_text(encoding="utf-8").splitlines()]
    seen = {(r["doc"], tuple(r["region"])) for r in rows}
    rng = random.Random(seed)
    added = []
    for genre in sorted({r["genre"] for r in rows}):
        need = least - sum(r["genre"] == genre for r in rows)
        if need <= 0:
            continue
        stratum = [p for p in places.places() if p["genre"] == genre and p["agreed"]]
        pool = [p for p in stratum if (p["doc"], tuple(p["region"])) not in seen]
        for p in sorted(rng.sample(pool, min(need, len(pool))), key=lambda p: (p["doc"], p["region"])):
            text = (HERE / "out" / "docs" / f"{p['doc']}.txt").read_text(encoding="utf-8")
            added.append(dict(p, id=f"Q{len(rows) + len(added):04d}", stratum_size=len(stratum),
                              hash=places.context_hash(text, *p["region"])))
        print(f"{genre}: {min(need, len(pool))} agreed places added")
    with open(HERE / sample, "a", encoding="utf-8") as f:
        for r in added:
            f.write(json.dumps(r) + "\n")
    return 0


def use(here: Path, plan: list, doc: str | None, pinned: list | None = None) -> None:
    """Point these tools at a later sample's folder, plan and pinned files (each later
    sample's script imports this file and calls this, then :func:`run`)."""
    global HERE
    RT16.PINNED = pinned if pinned is not None else []
    HERE = here
    RT14.HERE, RT14.PLAN = here, plan
    RT3.HERE, RT3.PLAN = here, plan
    RT3.__doc__ = doc


def run(topup_seed: int) -> int:
    """A later sample's command line: ``topup`` (agreed places, with that sample's seed) or
    realtext4's commands (``pin``, ``build``, ``detect``, ``places``, ``judge``, ``score``)."""
    if sys.argv[1:2] == ["topup"]:
        return topup(seed=topup_seed)
    return RT14.RT8.RT4.main()


if __name__ == "__main__":
    if sys.argv[1:2] == ["topup"]:  # after ``places``: python rt20.py topup
        sys.exit(topup())
    sys.exit(RT14.RT8.RT4.main())
