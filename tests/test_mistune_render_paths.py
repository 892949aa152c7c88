"""The mistune plugin's rendering shortcuts give the HTML of the long way.

* ``uts58_html`` tokens (runs of text and links already written) are found by the
  renderer as an attribute (``str``) instead of through an ``AttributeError`` and the
  method registered with ``renderer.register``: the same string either way.
* A link's text is shown as written, without calling ``visible_text``, when its host
  is not in Punycode and ``_maybe_bidi(text) and _bidi(text)`` finds no Bidi_Control or
  Default_Ignorable character. ``_maybe_bidi`` searches a superset of the class
  ``visible_text`` searches; these tests check that class against it over every code
  point, and render generated text both ways (``visible_text`` called for every link).
"""

from __future__ import annotations

import sys
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from uts58_icu import LinkPolicy
from uts58_icu.core._classes import patterns

mistune = pytest.importorskip("mistune")
import uts58_icu.mistune as um  # noqa: E402

# Links into text with and without the characters the display rule escapes.
PIECES = [
    "https://example.com/a", "http://例え.jp/パス", "https://zh.wikipedia.org/wiki/孔子", "例子.中国/网页",
    "m.forum.fr/दिन/देश?q=जीवन", "пользователь@пример.рф", "https://аррӏе.com/", "xn--80ak6aa92e.com/x",
    "https://a.com/\u200b", "https://a.com/\u202ex", "b.de/\u00ad", "c.org/\ufe0f", "https://d.net/\U000e0041",
    "e.io/\U0001bca0", "f.jp/\u3164", "https://g.com/\U0001d173", "\u2066", "\u2069", "&", "<", "\"",
    " ", "\n", "*", "_", "`", "[", "](", "。", "、", "「", "」", "-- ", "see ", "a@b.cc",
]  # fmt: skip
TEXT = st.lists(st.sampled_from(PIECES) | st.text(max_size=3), max_size=12).map("".join)
POLICIES = [LinkPolicy.recommended(), LinkPolicy()]


def test_the_superset_holds_every_character_of_the_display_rule_class() -> None:
    exact = patterns().bidi_or_ignorable
    every = "".join(chr(c) for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF)
    assert um._maybe_bidi("a\u200b") and um._bidi("a\u200b")  # (both bound after a first call)
    found = exact.findall(every)
    assert len(found) > 4000  # U+E0000..U+E0FFF alone
    assert all(um._maybe_bidi(c) for c in found)
    both = [c for c in every if not c.isascii() and um._maybe_bidi(c) and um._bidi(c)]
    assert both == found


def test_a_link_holding_a_bidi_control_is_still_shown_as_its_display() -> None:
    md = mistune.create_markdown(plugins=[um.make_linkify(policy=POLICIES[0])])
    out = md("see https://a.com/\u202ex and b.de/\u00ady")
    assert "\u202e" not in out and "\u00ad" not in out


def _md(policy: LinkPolicy, *, escape: bool = True) -> Any:
    return mistune.create_markdown(escape=escape, plugins=["strikethrough", um.make_linkify(policy=policy)])


ENGINES = [(_md(p), _md(p, escape=False)) for p in POLICIES]


def _long_way(render: Any, src: str) -> str:
    """``render(src)`` with ``visible_text`` called for every link whose text is not
    ASCII (the test before this change)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(um, "_maybe_bidi", lambda text: True)
        patch.setattr(um, "_bidi", lambda text: True)
        return str(render(src))


@settings(max_examples=300, deadline=None)
@given(src=TEXT, which=st.integers(0, len(POLICIES) - 1), escape=st.booleans())
def test_shown_as_written_without_visible_text(src: str, which: int, escape: bool) -> None:
    render = ENGINES[which][0 if escape else 1]
    assert str(render(src)) == _long_way(render, src)


def test_the_html_token_is_found_as_an_attribute() -> None:
    md = mistune.create_markdown(plugins=[um.linkify])
    src = "x https://a.com/パス y b.org &amp; <i>z</i>\n\n- item c.net\n"
    fast = md(src)
    assert vars(md.renderer)[um._HTML] is str
    del md.renderer.uts58_html  # the method registered with renderer.register answers
    assert md(src) == fast
    assert '<a href="https://a.com/%E3%83%91%E3%82%B9">https://a.com/パス</a>' in fast


def test_the_html_token_attribute_is_not_set_for_other_renderers() -> None:
    ast = mistune.create_markdown(renderer=None, plugins=[um.linkify])
    assert ast("x a.com")[0]["children"][1]["type"] == "link"
    md = mistune.create_markdown(renderer=mistune.HTMLRenderer(), plugins=[um.linkify])

    class Own(mistune.HTMLRenderer):
        def render_token(self, token: dict[str, Any], state: Any) -> str:
            return str(super().render_token(token, state))

    own = mistune.create_markdown(renderer=Own(), plugins=[um.linkify])
    assert um._HTML in vars(md.renderer) and um._HTML not in vars(own.renderer)
    assert own("x a.com") == md("x a.com")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(pytest.main([__file__, "-q"]))
