"""linkify-it-py's README examples and documented options, with ``LinkifyUts58`` in
place of ``LinkifyIt``, against the installed linkify-it-py on the same input
(issue 20). Differences are listed with their reason.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

linkify_it = pytest.importorskip("linkify_it")
from linkify_it.tlds import TLDS  # noqa: E402

from uts58_icu.markdown_it import LinkifyUts58  # noqa: E402


def fields(matches: Any, url: bool = True) -> list[tuple[Any, ...]] | None:
    if matches is None:
        return None
    return [(m.schema, m.index, m.last_index, m.raw, m.text) + ((m.url,) if url else ()) for m in matches]


def example2(cls: Any) -> Any:
    return cls().tlds(TLDS).tlds("onion", True).add("git:", "http:").add("ftp:", None).set({"fuzzy_ip": True})


def test_example1_simple_use() -> None:
    text = "Site github.com!"
    assert LinkifyUts58().test(text) is linkify_it.LinkifyIt().test(text) is True
    # the same match but for url: UTS #58 hrefs get https:// where linkify-it writes http://
    assert fields(LinkifyUts58().match(text), url=False) == fields(linkify_it.LinkifyIt().match(text), url=False)
    assert LinkifyUts58().match(text)[0].url == "https://github.com"  # type: ignore[index]


def test_example2_with_options() -> None:
    ours, stock = example2(LinkifyUts58), example2(linkify_it.LinkifyIt)
    text = "Site tamanegi.onion!"
    assert ours.test(text) is stock.test(text) is True
    assert fields(ours.match(text), url=False) == fields(stock.match(text), url=False)
    # every option of the chain does what it does in linkify-it-py
    for text in ["clone git://example.com/r.git now", "get ftp://example.com/f now", "ip 192.168.1.1:8080/x now",
                 "see example.com/a and http://example.org/b."]:  # fmt: skip
        assert fields(ours.match(text), url=False) == fields(stock.match(text), url=False), text


def validate_mention(obj: Any, text: str, pos: int) -> int:
    # a handle of 1-15 word characters, not after "@@"; caches its pattern in obj.re
    if not obj.re.get("mention"):
        obj.re["mention"] = re.compile(r"[A-Za-z0-9_]{1,15}(?!_)(?=$|" + obj.re["src_ZPCc"] + ")")
    if pos >= 2 and text[pos - 2] == "@":
        return 0
    m = obj.re["mention"].match(text, pos)
    return len(m.group()) if m else 0


def normalize_mention(obj: Any, match: Any) -> None:
    match.url = "https://social.example/" + match.url.lstrip("@")


MENTIONS = ["hi @alice and @bob_smith!", "mail a@b.example.com", "@@x @toolongname_1234567 (@carol)", "@"]


@pytest.mark.parametrize("text", MENTIONS)
def test_example3_mentions_handler(text: str) -> None:
    definition = {"validate": validate_mention, "normalize": normalize_mention}
    ours, stock = LinkifyUts58().add("@", definition), linkify_it.LinkifyIt().add("@", definition)
    assert fields(ours.match(text)) == fields(stock.match(text))
    assert ours.test(text) == stock.test(text)


@pytest.mark.parametrize(
    "validate", [r"^\/\/[a-z]+", re.compile(r"^\/\/[a-z]+"), lambda self, text, pos: 5 if text[pos:pos + 2] == "//" else 0]
)
def test_add_validate_forms(validate: Any) -> None:
    text = "google.com. my:// my://asdf!"
    ours, stock = LinkifyUts58().add("my:", {"validate": validate}), linkify_it.LinkifyIt().add("my:", {"validate": validate})
    assert fields(ours.match(text), url=False) == fields(stock.match(text), url=False)
    assert ours.match_at_start("my://asdf!").raw == stock.match_at_start("my://asdf!").raw  # type: ignore[union-attr]


def test_alias_key_without_colon_is_the_scheme() -> None:
    # the Sphinx and Python-Markdown integrations pass scheme names ("git")
    lin = LinkifyUts58().add("git", "http:")
    assert [m.raw for m in lin.match("clone git://example.com/r.git") or []] == ["git://example.com/r.git"]


def test_string_alias_of_a_validate_schema() -> None:
    definition = {"validate": r"^[0-9+]{4,}"}
    text = "call skype:+12345 or phone:+98765"
    ours = LinkifyUts58().add("skype:", definition).add("phone:", "skype:")
    stock = linkify_it.LinkifyIt().add("skype:", definition).add("phone:", "skype:")
    assert fields(ours.match(text)) == fields(stock.match(text))


def test_protocol_relative_and_disabling_it() -> None:
    text = "see //example.com/x and //bad"
    ours, stock = LinkifyUts58(), linkify_it.LinkifyIt()
    assert fields(ours.match(text), url=False) == fields(stock.match(text), url=False)
    assert ours.match(text)[0].url == "https://example.com/x"  # type: ignore[index]
    assert fields(LinkifyUts58().add("//", None).match(text)) == fields(linkify_it.LinkifyIt().add("//", None).match(text))


@pytest.mark.parametrize(
    ("options", "text"),
    [
        ({"fuzzy_link": False}, "a.com http://b.com c@d.com"),
        ({"fuzzy_email": False}, "a.com http://b.com c@d.com mailto:e@f.com"),
        ({"fuzzy_ip": True}, "v1.2.3.4 a-1.2.3.4 ip 10.0.0.1:80/x. 1.2.3.4.5 300.1.1.1"),
        ({"fuzzy_ip": True, "fuzzy_link": False}, "ip 10.0.0.1/x"),
    ],
)
def test_options(options: dict[str, bool], text: str) -> None:
    ours, stock = LinkifyUts58().set(options), linkify_it.LinkifyIt().set(options)
    assert fields(ours.match(text), url=False) == fields(stock.match(text), url=False)


def test_pretest_test_match_at_start_normalize() -> None:
    ours, stock = LinkifyUts58(), linkify_it.LinkifyIt()
    for text in ["nolink", "a.com", "x@y.com", "//example.com"]:
        assert ours.pretest(text) == stock.pretest(text) or ours.pretest(text), text  # ours may say "maybe" more
        assert ours.test(text) == stock.test(text), text
    assert ours.match_at_start("http://example.com/x y").raw == stock.match_at_start("http://example.com/x y").raw  # type: ignore[union-attr]

    class Shouting(LinkifyUts58):
        def normalize(self, match: Any) -> None:
            super().normalize(match)
            match.url = match.url.upper()

    assert Shouting().match("see a.com")[0].url == "HTTPS://A.COM"  # type: ignore[index]


def test_meaningless_options_raise() -> None:
    with pytest.raises(NotImplementedError, match="UTS #58"):
        LinkifyUts58().set({"---": True})
    LinkifyUts58().set({"---": False})
    with pytest.raises(ValueError, match="unknown option 'fuzzy'"):
        LinkifyUts58().set({"fuzzy": True})
    with pytest.raises(NotImplementedError, match="mailto"):
        LinkifyUts58().add("email:", "mailto:")
    with pytest.raises(ValueError, match="no such schema"):
        LinkifyUts58().add("x:", "nosuch:")
    with pytest.raises(TypeError, match="validate"):
        LinkifyUts58().add("x:", {"validate": 42})
    with pytest.raises(ValueError, match="'validate' and 'normalize'"):
        LinkifyUts58().add("x:", {"validat": r"^x"})


def test_validate_returning_a_non_int_is_a_clear_error() -> None:
    lin = LinkifyUts58().add("x:", {"validate": lambda self, text, pos: "3"})
    with pytest.raises(TypeError, match="length"):
        lin.match("x:abc")


from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

PIECES = st.lists(
    st.sampled_from(["@", "@@", "ab", "_", " ", "//", "://", "http:", "my:", "10.0.0.1", ".", "/x", ":80",
                     "example.com", "a@b.org", "(", ")", "!", "\n", "é", "。"]),
    max_size=16,
).map("".join)  # fmt: skip
CONFIGURED = (
    LinkifyUts58()
    .set({"fuzzy_ip": True})
    .add("@", {"validate": validate_mention, "normalize": normalize_mention})
    .add("my:", {"validate": r"^\/\/[a-z]+"})
)


@given(PIECES)
def test_options_matches_are_ordered_disjoint_slices(text: str) -> None:
    found = CONFIGURED.match(text) or []
    last = 0
    for m in found:
        assert last <= m.index < m.last_index <= len(text)
        assert m.raw == text[m.index : m.last_index]
        last = m.last_index
    assert CONFIGURED.test(text) == bool(found)
    if found:
        assert CONFIGURED.pretest(text)
