#!/usr/bin/env python3
"""The nineteenth real-text sample of issue 18: realtext5's tools run over NEW sources (``bench/realtext19``).

A measurement only, and the held-out check of the rules on branch ``fix8`` (58683d1): nobody tunes
rules on it. Drawn from GitHub owners whose name starts with n-z (or a digit/other) only, from
sources that no earlier sample (realtext, realtext2..18, /work/notes/rt*-sources.txt) uses and
that issue 18 does not keep back, in the same eight genres: release announcements as raw mail with
headers and public-inbox's test messages (nojb/public-inbox), patches in ``git format-patch`` mail
form kept by OpenWrt's package feed (From/Subject/Signed-off-by, lore links), Pipermail's gzipped
monthly text archives of the INDOLOGY list (``name at host``), RRSAgent-logged W3C IRC channels
(``<nick>`` lines, joins, topics with URLs) and the W3C TAG's minutes, the release notes of a C
(libzmq ``NEWS``) and a Python (Pygments ``CHANGES``) project at 2 points each, customer-service
tweets (to @AppleSupport and @SpotifyCares), Arabic tweets and a Mastodon account's posts, and tutorials with code blocks:
React's docs in Russian and Simplified Chinese, and JavaGuide's Chinese Java Q&A. Nothing fetched is
committed: ``SOURCES.tsv`` pins ``repo@commit:path`` + SHA-256; the judgements hold offsets and
context hashes only. This file reuses realtext15's ``rt17.py`` (its ``gz`` and ``csv:COLUMN``
transforms; through it realtext14's ``pin`` of plan + pinned files, realtext12's, realtext8's and
realtext3's tools), imported, with this sample's plan and pinned files, pointed at this folder:
``pin``, ``build``, ``detect`` (with ``PYTHONPATH=.``), ``judge show|record`` and ``score``; this
sample was drawn with ``places --disputed 14 --agreed 6 --seed 1919 --out sample.jsonl``.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
RT17_PATH = HERE.parent / "realtext15" / "rt17.py"

PLAN = [
    # release announcements sent as mail (full headers) and a list archiver's test messages
    ("mail-raw", "nojb/public-inbox", ("glob", "Documentation/RelNotes/", ".eml", 20, 0), "raw"),
    ("mail-raw", "nojb/public-inbox", ("glob", "t/", ".eml", 20, 0), "raw"),
    # Pipermail's gzipped monthly text archives ("jane at example.org")
    ("mail-archive", "wujastyk/INDOLOGY-forum-archives", ("glob", "raw-data/20", ".txt.gz", 14, 20000), "gz"),
    # RRSAgent-logged IRC of the W3C TAG's face-to-face meeting, and the TAG's minutes
    ("irc", "w3ctag/meetings", ("glob", "2014/09-london/", "-irc.txt", 3, 0), "raw"),
    ("meeting-notes", "w3ctag/meetings", ("glob", "20", "-minutes.md", 30, 3000), "raw"),
    ("release-notes", "zeromq/libzmq", ("history", "NEWS", 2), "raw"),
    ("release-notes", "pygments/pygments", ("history", "CHANGES", 2), "raw"),
    ("tutorials-i18n", "reactjs/ru.react.dev", ("glob", "src/content/learn/", ".md", 7, 0), "raw"),
    ("tutorials-i18n", "reactjs/zh-hans.react.dev", ("glob", "src/content/learn/", ".md", 7, 0), "raw"),
    ("tutorials-i18n", "Snailclimb/JavaGuide", ("glob", "docs/java/", ".md", 12, 3000), "raw"),
]

_OPENWRT_PATCHES = (
    "admin/ipmitool/patches/0001-Do-not-require-the-IANA-PEN-registry-file.patch",
    "devel/gcc/patches-15.x/980-fix-build-error-with-Xcode-16.3.patch",
    "lang/lua/lua5.4/patches/200-lua-path.patch",
    "lang/perl/perl-device-usb/patches/110-just_assume_libusb_is_there.patch",
    "lang/python/python-pyproject-hooks/patches/010-relax-flit-core-constraint.patch",
    "libs/abseil-cpp/patches/003-Remove-neon-option-from-cross-compilation.patch",
    "libs/db/patches/050-Fix-libc-compatibility-by-renaming-atomic_init-API.patch",
    "libs/gnutls/patches/020-dont-install-m4-files.patch",
    "libs/libmraa/patches/002-cmake-bump-minimum-version-to-address-a-deprecation-warni.patch",
    "libs/libradiotap/patches/100-build-set-cmake_minimum_required-to-3.10.patch",
    "libs/libupnp/patches/010-format.patch",
    "libs/pthsem/patches/010-autoconf272.patch",
    "libs/yajl/patches/100-Allow-build-with-CMake-4.0.0.patch",
    "multimedia/ffmpeg/patches/050-avcodec-dct-Make-declarations-and-definitions-match.patch",
    "multimedia/go2rtc/patches/0002-alsa-drop-codegen-file-to-be-able-to-build-with-CGO-.patch",
    "net/atftp/patches/0002-Fix-pthread_t-format-warning-for-fprintf.patch",
    "net/fail2ban/patches/010-dropbear-regex-fix.patch",
    "net/git/patches/300-openssl-deprecated.patch",
    "net/linuxptp/patches/020-allow-disabling-MAC-autodetection.patch",
    "net/mdnsresponder/patches/0005-mDNSCore-Fix-broken-debug-parameter.patch",
    "net/net-mtools/patches/001-zero-initialize-sockaddr_storage-in-inet_parse.patch",
    "net/nginx/patches/nginx-mod-lua/101-bugfix-don-t-include-pcre.h-with-PCRE2-used.patch",
    "net/openthread-br/patches/102-openwrt-fix-LuCI-icons.patch",
    "net/openvswitch/patches/0007-build-only-link-libopenvswitch-with-libunwind-libunb.patch",
    "net/pdns-recursor/patches/300-boost-dont-search-host-dirs.patch",
    "net/samba4/patches/011-samba-4-14-disable-python-module-host-check.patch",
    "net/uwsgi/patches/030-plugins-cgi_adds_dontresolve_option.patch",
    "sound/snapcast/patches/010-cmake-add-build-with-soxr-option.patch",
    "utils/bcm27xx-eeprom/patches/0003-rpi-eeprom-update-chmod-silent-f-is-not-supported.patch",
    "utils/canutils/patches/010-Include-time-h-for-timespec-struct-definition.patch",
    "utils/flashrom/patches/0001-libflashrom-fix-build-on-big-endian-targets.patch",
    "utils/lcd4linux/patches/900-plugin_layout-prevent-concurrent-layout-switches.patch",
    "utils/open-vm-tools/patches/0002-off64_t.patch",
    "utils/openocd/patches/0001-jtag-linuxgpiod-adapt-for-libgpiod-v2-API.patch",
    "utils/telldus-core/patches/130-service-switch-to-libftdi1.patch",
)
PINNED = [
    # patches in git format-patch mail form (From:, Subject: [PATCH], trailers, lore links)
    *[("code-review-mail", "openwrt/packages", "", p, "raw") for p in _OPENWRT_PATCHES],
    # customer-service tweets (Kaggle's "Customer Support on Twitter", two excerpts) and Arabic tweets
    ("social", "naman-tiwari/Customer-Support-on-Twitter", "", "sample.csv", "csvnl:text"),
    ("social", "stepanaromanov/python_for_marketing_research_and_analytics", "",
     "_legacy/2_analyzing_social_media_data_in_python/support_requests.csv", "csvnl:text"),
    ("social", "SarahKamall/Arabic-Tweets", "", "NewData.tsv", "raw"),
    # a Mastodon account's posts (links, hashtags, mentions), at the commit that holds its export
    ("social", "quicoto/mastodon-archive", "6b238262cd6d967b98284436307139b2519df1f2", "archive/outbox.json", "mastodon-outbox"),
]

# realtext13's rt15.py, for its transform "mastodon-outbox" only (loaded first: realtext15's chain below re-points realtext3)
_spec15 = importlib.util.spec_from_file_location("rt15", HERE.parent / "realtext13" / "rt15.py")
RT15 = sys.modules["rt15"] = importlib.util.module_from_spec(_spec15)
_spec15.loader.exec_module(RT15)

_spec = importlib.util.spec_from_file_location("rt17", RT17_PATH)
RT17 = sys.modules["rt17"] = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(RT17)
RT16, RT14, RT3 = RT17.RT16, RT17.RT14, RT17.RT3
RT16.PINNED = PINNED
RT14.HERE, RT14.PLAN = HERE, PLAN
RT3.HERE, RT3.PLAN = HERE, PLAN
RT3.__doc__ = __doc__
_PREV_TO_TEXT = RT17.to_text  # realtext15's transforms (gz, csv:COLUMN, ...) and the earlier ones


def to_text(data: bytes, transform: str) -> str:
    if transform.startswith("csvnl:"):  # realtext15's csv:COLUMN, read with newline="" (CR inside quoted fields)
        import csv
        import io

        rows = csv.DictReader(io.StringIO(data.decode("utf-8-sig", errors="replace"), newline=""))
        seen: dict[str, None] = {}
        for row in rows:
            seen.setdefault((row.get(transform[6:]) or "").replace("\r", " ").replace("\n", " "), None)
        return "\n".join(seen) + "\n"
    if transform == "mastodon-outbox":
        return RT15.to_text(data, transform)
    return _PREV_TO_TEXT(data, transform)


RT3.to_text = to_text


def _guard_urlextract() -> None:
    """URLExtract (a peer) raises UnicodeDecodeError on some text (a percent-escape in a userinfo):
    on a raise, run it line by line and count the lines it cannot read as no links (printed)."""
    spec = importlib.util.spec_from_file_location("detect", HERE.parent / "realtext" / "detect.py")
    first = sys.modules["detect"] = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(first)
    make = first.DETECTORS["urlextract"]

    def make_guarded():  # noqa: ANN202
        run, meta = make()

        def guarded(text: str) -> list:
            try:
                return run(text)
            except Exception:  # noqa: BLE001  (the peer's own error)
                out, pos, failed = [], 0, 0
                for line in text.splitlines(keepends=True):
                    try:
                        out += [(s + pos, e + pos, k) for s, e, k in run(line)]
                    except Exception:  # noqa: BLE001
                        failed += 1
                    pos += len(line)
                print(f"urlextract raised on {failed} line(s) of a document: no links there", file=sys.stderr)
                return out

        return guarded, dict(meta, label=meta["label"] + " (a line it raises on: no links)")

    first.DETECTORS["urlextract"] = make_guarded

if __name__ == "__main__":
    if sys.argv[1:2] == ["detect"]:
        _guard_urlextract()
    sys.exit(RT14.RT8.RT4.main())
