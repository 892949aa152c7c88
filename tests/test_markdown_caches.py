"""LinkifyUts58's caches (issue 19): the scan options built once per configuration and the
last text's links (markdown-it-py's core rule calls ``test`` then ``match`` on the same
text) never give an answer another configuration or another text would not."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from uts58_icu import LinkPolicy
from uts58_icu.markdown_it import LinkifyUts58

PIECES = [
    "a.com", "http://", "https://x.org/a?b=1", "me@a.com", "mailto:b@c.de", "www.a.com", "(a.com)",
    "git://h.io/r", "tamanegi.onion", "1.2.3.4", "//x.org/p", "localhost", "http://localhost:8000/",
    " ", ".", ",", "\n", "例え.テスト", "аррӏе.com", "\u202e", "*", "e.org://x", "@",
]  # fmt: skip
blocks = st.lists(st.sampled_from(PIECES) | st.text(max_size=3), max_size=12).map("".join)

# Each change is (name, argument): applied to the cached linkifier and to a fresh one.
CHANGES = st.sampled_from([
    ("set", {"fuzzy_link": False}), ("set", {"fuzzy_link": True}), ("set", {"fuzzy_email": False}),
    ("set", {"fuzzy_ip": True}), ("tlds", (["onion"], True)), ("tlds", (["com", "org"], False)),
    ("add", ("git:", "http:")), ("add", ("mailto:", None)), ("add", ("//", None)),
    ("policy", LinkPolicy()), ("policy", LinkPolicy.recommended()),
    ("policy", LinkPolicy(dotless_hosts=frozenset({"localhost"}))),
])  # fmt: skip


def apply(lin: LinkifyUts58, change: tuple[str, Any]) -> None:
    name, arg = change
    if name == "set":
        lin.set(arg)
    elif name == "tlds":
        lin.tlds(arg[0], keep_old=arg[1])
    elif name == "add":
        lin.add(*arg)
    else:
        lin.policy = arg


def answers(lin: LinkifyUts58, text: str) -> tuple[object, ...]:
    found = lin.match(text)
    at = [lin.match_at_start(text[i:]) for i in range(len(text)) if text.startswith("://", i + 1) or i == 0]
    return (
        lin.test(text),
        None if found is None else [(m.schema, m.index, m.last_index, m.text, m.url) for m in found],
        [None if m is None else (m.schema, m.index, m.last_index, m.text, m.url) for m in at],
    )


@given(st.lists(st.tuples(st.lists(CHANGES, max_size=2), blocks), min_size=1, max_size=5))
def test_cached_answers_are_the_uncached_ones(steps: list[tuple[list[tuple[str, Any]], str]]) -> None:
    cached = LinkifyUts58()
    history: list[tuple[str, Any]] = []
    for changes, text in steps:
        for change in changes:
            apply(cached, change)
            history.append(change)
        fresh = LinkifyUts58()
        for change in history:
            apply(fresh, change)
        # twice on the cached one: the second answer comes from the cache
        assert answers(cached, text) == answers(fresh, text) == answers(cached, text)


def test_a_change_of_options_is_seen_at_once() -> None:
    lin = LinkifyUts58()
    text = "see a.com and http://b.org/x or me@c.de"
    assert lin.test(text)
    assert [m.text for m in lin.match(text) or []] == ["a.com", "http://b.org/x", "me@c.de"]
    lin.set({"fuzzy_link": False})
    assert [m.text for m in lin.match(text) or []] == ["http://b.org/x", "me@c.de"]
    lin.set({"fuzzy_email": False})
    assert [m.text for m in lin.match(text) or []] == ["http://b.org/x"]
    lin.policy = LinkPolicy(dotless_hosts=frozenset({"localhost"}))
    assert lin.match_at_start("http://localhost/x") is not None
    lin.policy = LinkPolicy()
    assert lin.match_at_start("http://localhost/x") is None


def test_equal_text_in_another_object_hits_the_same_answer() -> None:
    lin = LinkifyUts58()
    a = "x " + "see a.com"
    b = "".join(["x ", "see a.com"])
    assert a is not b
    assert lin.test(a)
    assert [m.text for m in lin.match(b) or []] == ["a.com"]


@given(st.one_of(
    st.lists(st.integers(0, 300).map(str) | st.sampled_from(["00", "01", "010", "٣", "1 ", "", "+1", "0x1"]), min_size=1, max_size=5).map(".".join),
    st.text(alphabet="0123456789.", max_size=16),
))  # fmt: skip
def test_ipv4_check_is_ipaddress(host: str) -> None:
    # the scan's IPv4 check (asked at every dotted number match_at_start's windows hold)
    import ipaddress

    from uts58_icu.core.detection import _ipv4_ok

    try:
        ipaddress.IPv4Address(host)
        expected = True
    except ValueError:
        expected = False
    assert _ipv4_ok(host) is expected


UNITS = ["http://a.com,", "http://1.1.1.1,", "http://x ", "https://a.com/a-", "http://a.com/x,", "ftp://b.org.", "http://"]


@given(st.sampled_from(UNITS), st.integers(1, 40), blocks, st.sampled_from([None, LinkPolicy(max_link_length=20)]))
def test_repeated_windows_answer_as_fresh(unit: str, k: int, tail: str, policy: LinkPolicy | None) -> None:
    # link_at keeps the answer of each first window: text that repeats itself asks the
    # same window again and again, at different offsets and with different text after it.
    text = unit * k + tail
    for order in (range(len(text)), range(len(text) - 1, -1, -1)):  # either may fill the cache first
        cached = LinkifyUts58(policy=policy)
        for pos in order:
            for end in (None, len(text) - 1):
                assert cached.link_at(text, pos, end) == LinkifyUts58(policy=policy).link_at(text, pos, end), (pos, end)


def test_slashes_schema_follows_the_display_rule() -> None:
    # Found by the engine fuzz test: linkify-it's "//" schema showed a confusable host
    # that UTS #58 finds inside the match, and a raw U+202E, as written.
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark", {"linkify": True}).enable("linkify")
    md.linkify = LinkifyUts58()
    assert "<a" not in md.render("//example.org/a_(b)\u0430\u0440\u0440\u04cf\u0435.com")
    md.linkify = LinkifyUts58(policy="base")
    assert "<a" not in md.render("//e.org://\u202e")
    assert md.render("see //e.org/x") == '<p>see <a href="https://e.org/x">//e.org/x</a></p>\n'
