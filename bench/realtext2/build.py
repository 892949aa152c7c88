#!/usr/bin/env python3
"""Build the second real-text corpus (issue 18) from pinned files of public repositories.

Nothing fetched is committed. ``SOURCES.tsv`` names every file as
``genre  repo  commit  path  sha256  bytes  transform``; this script reads each blob
from a local git copy of its repository, checks its SHA-256, converts it to text and
writes ``out/docs/ID.txt`` and ``out/manifest.tsv`` (``out/`` is gitignored).

Getting the repositories (once): a git directory per repository holding the pinned
commit, found at ``$REALTEXT2_MIRRORS/OWNER+NAME/repo`` (default ``/work/.mirror``, where
the project's ``fetch`` tool puts them), e.g. ``git clone --bare https://github.com/OWNER/NAME
$REALTEXT2_MIRRORS/OWNER+NAME/repo``. The script exits non-zero when a blob is missing
or its hash differs.

  python bench/realtext2/build.py            # build out/ from SOURCES.tsv (verifies hashes)
  python bench/realtext2/build.py --pin      # maintainer: choose the files again, rewrite SOURCES.tsv
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import io
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "out"
MIRRORS = Path(os.environ.get("REALTEXT2_MIRRORS", "/work/.mirror"))
MAX_DOC = 60_000  # code points per document (a longer file is cut into parts)

# genre, repository, how files are chosen (used by --pin only), transform
PLAN = [
    ("mail-raw", "linux-mailinglist-archives/usrp-users.lists.ettus.com.0", ("inbox", 120), "raw"),
    ("code-review-mail", "linux-mailinglist-archives/linux-api.vger.kernel.org.0", ("inbox", 80), "raw"),
    ("mail-archive", "GraseHotspot/mailing-list-archives", ("glob", "_emails/", ".md", 150), "raw"),
    ("irc", "monero-project/research-lab", ("glob", "meta/research-meeting-logs/", ".txt", 10), "raw"),
    ("irc", "monero-project/monero-site", ("glob", "_posts/", "-meeting-held-on", 40, "logs-for-the"), "raw"),
    ("meeting-notes", "nodejs/TSC", ("glob", "meetings/", ".md", 60), "raw"),
    ("release-notes", "tmux/tmux", ("glob", "CHANGES", "", 1), "raw"),
    ("release-notes", "curl/curl", ("history", "RELEASE-NOTES", 25), "raw"),
    ("social", "Archie22is/tweet-archive", ("glob", "data/csv/", ".csv", 200), "tweets-csv"),
    ("tutorials-i18n", "trekhleb/javascript-algorithms", ("i18n", 90), "raw"),
]
# Translations in right-to-left, CJK, Indic and Southeast Asian scripts.
I18N_TAGS = ("ar-AR", "ar.AR", "fa-IR", "he-IL", "ur-PK", "bn-BD", "km_KH", "km-KH", "zh-CN", "zh-TW",
             "ja-JP", "ko-KR", "vi-VN", "th-TH", "hi-IN", "ta-IN", "id-ID", "my-MM")


def git_dir(repo: str) -> Path:
    return MIRRORS / repo.replace("/", "+") / "repo"


def git(repo: str, *args: str) -> bytes:
    return subprocess.run(["git", "--git-dir", str(git_dir(repo)), *args], check=True, capture_output=True).stdout


def _spread(items: list, n: int) -> list:
    if len(items) <= n:
        return items
    step = len(items) / n
    return [items[int(i * step)] for i in range(n)]


def pin() -> int:
    rows = []
    for genre, repo, how, transform in PLAN:
        head = git(repo, "rev-parse", "HEAD").decode().strip()
        if how[0] == "inbox":  # public-inbox v2 shard: one message per commit, in file "m"
            commits = git(repo, "rev-list", "--first-parent", head).decode().split()
            chosen = [(c, "m") for c in _spread(commits, how[1])]
        else:
            names = git(repo, "ls-tree", "-r", "--name-only", head).decode().splitlines()
            if how[0] == "history":  # the file as it was at commits spread over its history
                commits = git(repo, "rev-list", "--first-parent", head, "--", how[1]).decode().split()
                chosen = [(c, how[1]) for c in _spread(commits, how[2])]
            elif how[0] == "glob":
                names = sorted(n for n in names if n.startswith(how[1]) and (n.endswith(how[2]) or how[2] in n)
                               and (len(how) < 5 or how[4] in n))
                chosen = [(head, n) for n in _spread(names, how[3])]
            else:
                names = sorted(n for n in names if n.endswith(".md") and any(f".{t}." in n for t in I18N_TAGS))
                chosen = [(head, n) for n in _spread(names, how[1])]
        rows += pin_rows(genre, repo, chosen, transform)
    return write_sources(rows)


def pin_rows(genre: str, repo: str, chosen: list[tuple[str, str]], transform: str) -> list[tuple[str, ...]]:
    """SOURCES.tsv rows (with SHA-256 and size) of the chosen ``(commit, path)`` blobs."""
    rows = []
    for commit, path in chosen:
        try:
            data = git(repo, "show", f"{commit}:{path}")
        except subprocess.CalledProcessError:
            continue
        rows.append((genre, repo, commit, path, hashlib.sha256(data).hexdigest(), str(len(data)), transform))
    return rows


def write_sources(rows: list[tuple[str, ...]]) -> int:
    with open(HERE / "SOURCES.tsv", "w", encoding="utf-8") as f:
        f.write("# genre\trepo\tcommit\tpath\tsha256\tbytes\ttransform\n")
        for r in rows:
            f.write("\t".join(r) + "\n")
    print(f"pinned {len(rows)} files")
    return 0


def to_text(data: bytes, transform: str) -> str:
    text = data.decode("utf-8", errors="replace").replace("\r\n", "\n")
    if transform == "tweets-csv":  # the text column of a Twitter archive export, one post a line
        reader = csv.DictReader(io.StringIO(text))
        return "\n".join((row.get("text") or "").replace("\n", " ") for row in reader) + "\n"
    return text


def sources() -> list[list[str]]:
    lines = (HERE / "SOURCES.tsv").read_text(encoding="utf-8").splitlines()
    return [ln.split("\t") for ln in lines if ln and not ln.startswith("#")]


def build() -> int:
    docs = OUT / "docs"
    docs.mkdir(parents=True, exist_ok=True)
    bad = 0
    manifest = ["doc\tgenre\trepo\tcommit\tpath\tpart\tchars"]
    n = 0
    for genre, repo, commit, path, sha, _size, transform in sources():
        try:
            data = git(repo, "show", f"{commit}:{path}")
        except (subprocess.CalledProcessError, FileNotFoundError):
            print(f"MISSING {repo}@{commit}:{path} (see the docstring: fetch the repository first)", file=sys.stderr)
            bad += 1
            continue
        if hashlib.sha256(data).hexdigest() != sha:
            print(f"HASH MISMATCH {repo}@{commit}:{path}", file=sys.stderr)
            bad += 1
            continue
        text = to_text(data, transform)
        for part, lo in enumerate(range(0, max(len(text), 1), MAX_DOC)):
            doc = f"{genre}-{n:04d}"
            n += 1
            chunk = text[lo : lo + MAX_DOC]
            (docs / f"{doc}.txt").write_text(chunk, encoding="utf-8")
            manifest.append(f"{doc}\t{genre}\t{repo}\t{commit}\t{path}\t{part}\t{len(chunk)}")
            if genre != "release-notes" and part >= 1:
                break  # at most two parts of one file, except the single release-notes file
    (OUT / "manifest.tsv").write_text("\n".join(manifest) + "\n", encoding="utf-8")
    print(f"{n} documents from {len(sources())} files; {bad} problems")
    return 1 if bad else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pin", action="store_true", help="choose the files again and rewrite SOURCES.tsv")
    args = ap.parse_args()
    return pin() if args.pin else build()


if __name__ == "__main__":
    sys.exit(main())
