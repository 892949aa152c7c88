"""Issue 22 item 12: ``Link.display`` never shows a Default_Ignorable_Code_Point raw.

``find_links('\\u115fxn--ls8h.la')[0].display`` was ``'\\u115fxn--ls8h.la'``: the label kept
in Punycode (§4 goal 3) was copied as written, filler included. The set of code points
comes from ICU (``[:Default_Ignorable_Code_Point:]``), every one of them is tried.
"""

from __future__ import annotations

import pytest

from uts58_icu import LinkPolicy, find_links
from uts58_icu._icu import unicode_set_ranges

DI = [chr(c) for lo, hi in unicode_set_ranges(r"[:Default_Ignorable_Code_Point:]") for c in range(lo, hi + 1)]
# Where a default-ignorable character can sit in a link (host, Punycode label kept as
# written, path, query, email local-part). No template makes an emoji or CONTEXTJ
# sequence, where display keeps ZWJ/ZWNJ/VS/tags raw on purpose.
TEMPLATES = ["{c}xn--ls8h.la", "a.{c}xn--ls8h.la/x", "a{c}b.de/x", "{c}bücher.de", "example.com/{c}x",
             "https://example.com/?q={c}", "a{c}b@example.org"]


@pytest.mark.parametrize("c", ["\u115f", "\u1160", "\u3164", "\uffa0", "\u034f", "\u17b4"])
def test_issue22_item12_reproducers(c: str) -> None:
    links = find_links(c + "xn--ls8h.la")
    from uts58_icu import UNICODE_VERSION

    if tuple(map(int, UNICODE_VERSION.split(".")[:2])) >= (16, 0):
        assert len(links) == 1  # UTS #46 of Unicode 16+ ignores the character in a host
    else:
        assert len(links) <= 1  # Unicode 15's UTS #46 disallows the Hangul fillers: no link
    for link in links:
        assert link.display == "xn--ls8h.la"
        assert c not in link.display


def test_no_default_ignorable_shown_raw() -> None:
    assert len(DI) > 4000  # ICU's set, not a hand-made list
    di = set(DI)
    checked = 0
    for c in DI:
        for template in TEMPLATES:
            text = template.format(c=c)
            for policy in (None, LinkPolicy.recommended()):
                for link in find_links(text, policy=policy):
                    raw = di.intersection(link.display)
                    assert not raw, (text, link.display, policy)
                    checked += 1
    assert checked > len(DI)  # most of them are linked somewhere
