"""LinkifyUts58: linkify-it-py's options, and match_at_start in time linear in the link."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from uts58_icu import LinkPolicy
from uts58_icu.core import detection as core
from uts58_icu.core.tlds import default_tlds
from uts58_icu.linkification.apply import apply_policy
from uts58_icu.markdown_it import LinkifyUts58, _core_options, shown_as_written


def raws(lin: LinkifyUts58, text: str) -> list[str]:
    return [m.raw for m in lin.match(text) or []]




# Pieces that make detection look far ahead: long Soft runs, long hosts, brackets,
# ports, IP hosts, fragment directives, whitespace.
PIECES = st.sampled_from(
    [
        "a", "example", ".", ".com", "/", "?", "#", ":~:", "=", "&", ",", ";", "!", ".", " ",
        "(", ")", "[", "]", "@", ":8080", ":", "1.2.3.4", "[::1]", "例", "。", "\u200b",
        "," * 130, "." * 200, "a" * 150, "a." * 80, "x" * 300 + ".com", ")" * 70, "(" * 70,
        "http://a.com", "https://1.1.1.1", "ftp://", "%", "'", "\"", "*", "_",
    ]
)


@given(
    scheme=st.sampled_from(["http://", "https://", "HTTP://", "ftp://", "git://"]),
    host=st.sampled_from(["", "a.com/", "example.com/p", "1.2.3.4/"]),
    pad=st.integers(0, 600),
    pieces=st.lists(PIECES, max_size=12),
    policy=st.sampled_from([LinkPolicy(), LinkPolicy.recommended()]),
)
def test_match_at_start_is_detection_on_the_whole_text(
    scheme: str, host: str, pad: int, pieces: list[str], policy: LinkPolicy
) -> None:
    # the padding moves what follows across the edges of the windows (128, 512, ...)
    text = scheme + host + "x" * (pad if host else 0) + "".join(pieces)
    lin = LinkifyUts58(policy=policy)
    got = lin.match_at_start(text)
    link = next(lin._base(text), None)
    expected = None
    if link is not None and link.start == 0:
        kept = next(apply_policy(text, [link], policy, tlds=default_tlds()), None)
        if kept is not None and kept.start == 0 and lin._wanted(kept) and shown_as_written(kept):
            expected = kept.text
    assert (got.raw if got else None) == expected
    if got is not None:
        assert (got.index, got.last_index, got.url) == (0, len(expected or ""), expected)


def test_match_at_start_reads_a_bounded_window() -> None:
    """Issue 9 item 4: markdown-it-py calls match_at_start at every '://' with the rest
    of the paragraph; detection must look only at a window around the link."""
    text = "http://a.com," * 20_000
    lin = LinkifyUts58()
    seen: list[int] = []
    base = lin._base

    def spy(window: str):  # type: ignore[no-untyped-def]
        seen.append(len(window))
        return base(window)

    lin._base = spy  # type: ignore[method-assign]
    for start in range(0, 13 * 50, 13):
        m = lin.match_at_start(text[start:])
        assert m is not None and m.raw == "http://a.com"
    assert seen and max(seen) <= 128


def test_match_at_start_long_soft_run_grows_the_window() -> None:
    lin = LinkifyUts58(policy=LinkPolicy())
    text = "http://a.com/x" + "," * 1000 + "y and more"
    m = lin.match_at_start(text)
    assert m is not None and m.raw == text[: -len(" and more")]
    cut = "http://a.com/x" + "," * 1000
    assert lin.match_at_start(cut).raw == "http://a.com/x"  # type: ignore[union-attr]
    host = "http://" + "a" * 500 + ".com/p"
    assert lin.match_at_start(host) is None  # a label longer than 63: not a host
    assert lin.match_at_start("http://" + "a." * 100 + "com/p").raw == "http://" + "a." * 100 + "com/p"  # type: ignore[union-attr]


def test_fuzzy_options() -> None:
    text = "a@example.com mailto:b@example.com example.com https://e.com"
    assert raws(LinkifyUts58(), text) == [
        "a@example.com", "mailto:b@example.com", "example.com", "https://e.com"
    ]
    assert raws(LinkifyUts58({"fuzzy_email": False}), text) == [
        "mailto:b@example.com", "example.com", "https://e.com"
    ]
    assert raws(LinkifyUts58().set({"fuzzy_link": False}), text) == [
        "a@example.com", "mailto:b@example.com", "https://e.com"
    ]
    # fuzzy_ip links an IPv4 host without a scheme (issue 20); off by default
    lin = LinkifyUts58().set({"fuzzy_ip": True})
    assert raws(lin, "192.168.0.1/x http://192.168.0.1/x") == ["192.168.0.1/x", "http://192.168.0.1/x"]
    assert raws(LinkifyUts58(), "192.168.0.1/x http://192.168.0.1/x") == ["http://192.168.0.1/x"]
    with pytest.raises(TypeError, match="fuzzy_link"):
        LinkifyUts58({"fuzzy_link": "no"})  # type: ignore[dict-item]


def test_tlds() -> None:
    lin = LinkifyUts58().tlds(["NET", ".org"])
    assert raws(lin, "example.com example.net example.org") == ["example.net", "example.org"]
    lin.tlds(["com"], keep_old=True)
    assert raws(lin, "example.com example.net example.org") == ["example.com", "example.net", "example.org"]
    assert raws(LinkifyUts58().tlds("xn--p1ai"), "пример.рф example.com") == ["пример.рф"]
    base = LinkifyUts58(policy=LinkPolicy())  # the recommended policy rejects bare names under word TLDs
    assert raws(base.tlds(["onion"], True), "abc.onion example.com") == ["abc.onion", "example.com"]
    assert raws(LinkifyUts58(tlds=["net"]), "example.com example.net") == ["example.net"]
    with pytest.raises(TypeError, match="TLD"):
        LinkifyUts58().tlds([b"com"])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="empty TLD"):
        LinkifyUts58().tlds(["."])
    with pytest.raises(TypeError, match="keep_old"):
        LinkifyUts58().tlds(["com"], keep_old="yes")  # type: ignore[arg-type]


def test_add_none_disables_a_schema() -> None:
    lin = LinkifyUts58().add("http:", None)  # as linkify-it: links without a scheme go too
    assert raws(lin, "http://a.com/x https://b.com/y c.com") == ["https://b.com/y"]
    assert lin.match_at_start("http://a.com/x") is None
    assert raws(LinkifyUts58().add("mailto:", None), "a@b.com x.com") == ["x.com"]
    with pytest.raises(ValueError, match="schema"):
        LinkifyUts58().add("", None)
    with pytest.raises(ValueError, match="URL scheme"):
        LinkifyUts58().add("not a scheme", "http:")
    with pytest.raises(TypeError, match="definition"):
        LinkifyUts58().add("git:", 42)  # type: ignore[arg-type]


@pytest.mark.xfail(
    "schemes" not in _core_options(),
    reason="needs find_links(schemes=...) from the corefix branch (issue 15 item 8)",
    raises=NotImplementedError,
    strict=True,
)
def test_add_a_schema() -> None:
    lin = LinkifyUts58().add("git:", "http:")
    assert raws(lin, "clone git://example.com/r.git now") == ["git://example.com/r.git"]
    m = lin.match_at_start("git://example.com/r.git now")
    assert m is not None and m.raw == "git://example.com/r.git"


def test_policy_default_is_recommended() -> None:
    assert LinkifyUts58().policy == LinkPolicy.recommended()
    assert LinkifyUts58(policy=LinkPolicy()).policy == LinkPolicy()
    assert LinkifyUts58(policy="recommended").policy == LinkPolicy.recommended()  # issue 20 item 13
    with pytest.raises(TypeError, match="policy"):
        LinkifyUts58(policy=1)  # type: ignore[arg-type]
    base = LinkifyUts58(policy=LinkPolicy(max_link_length=10))
    assert raws(base, "a.com/xxxxxxxxxxxxxxx b.com") == ["b.com"]
    assert base.match_at_start("https://example.com/") is None


def test_core_iter_links_unchanged() -> None:
    # the drop-in only filters the core's links
    text = "see example.com and a@b.com"
    assert [m.raw for m in LinkifyUts58(policy=LinkPolicy()).match(text) or []] == [
        link.text for link in core.iter_links(text)
    ]


def test_match_at_start_with_a_length_limit_reads_a_bounded_window() -> None:
    """A link the policy rejects as too long: markdown-it-py calls again at every '://'
    inside it, so each call must not read the whole link (it would be quadratic)."""
    import dataclasses

    policy = dataclasses.replace(LinkPolicy.recommended(), max_link_length=100)
    lin = LinkifyUts58(policy=policy)
    seen: list[int] = []
    base = lin._base

    def spy(window: str):  # type: ignore[no-untyped-def]
        seen.append(len(window))
        return base(window)

    lin._base = spy  # type: ignore[method-assign]
    text = "http://a.com/" * 5_000
    for start in range(0, 13 * 40, 13):
        assert lin.match_at_start(text[start:]) is None
    assert max(seen) <= 2 * (100 + 64)
    short = "http://a.com/x " + text
    assert lin.match_at_start(short).raw == "http://a.com/x"  # type: ignore[union-attr]
    # the core rule still sees the text: nothing there is short enough either
    assert lin.match(text) is None


def test_match_at_start_sees_an_at_sign_far_in_the_authority() -> None:
    """Found by the property above: the '@' 130 characters after the host makes the whole
    URL a userinfo one (no link); the window must reach the end of the authority before it
    answers, or it links a host (1.2.3.4) that is not the URL's."""
    text = "http://1.2.3.4:~:" + "," * 130 + "@"
    for policy in (LinkPolicy(), LinkPolicy.recommended()):
        lin = LinkifyUts58(policy=policy)
        assert lin.match_at_start(text) is None
        assert lin.link_at(text, 0) is None
