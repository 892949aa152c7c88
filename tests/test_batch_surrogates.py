"""Issue 22 item 13: lone surrogates in batch input (Arrow strings are UTF-8, which cannot
hold them): every batch entry point gives a result, never UnicodeEncodeError."""

from __future__ import annotations

import importlib.util

import pytest
from hypothesis import given
from hypothesis import strategies as st

pytest.importorskip("pyarrow")

from uts58_icu import find_links, redact  # noqa: E402
from uts58_icu.batch import find_links_batch, redact_batch  # noqa: E402


def _arrow(s: str) -> str:
    return "".join("\ufffd" if 0xD800 <= ord(c) <= 0xDFFF else c for c in s)


def test_issue22_item13_reproducer() -> None:
    assert redact_batch(["\ud800 a@b.com"]).to_pylist() == ["\ufffd <EMAIL>"]
    [links] = find_links_batch(["\ud800 a@b.com"]).to_pylist()
    assert [link["text"] for link in links] == ["a@b.com"]


texts = st.lists(
    st.none()
    | st.lists(
        st.sampled_from(["\ud800", "\udfff", "\udc00\ud83d", "a@b.com", "x.com/", "é", " ", "/", "http://"]),
        max_size=8,
    ).map("".join)
    | st.text(alphabet=st.characters(min_codepoint=0xD7F0, max_codepoint=0xE010) | st.sampled_from("a.com/@ "), max_size=12),
    max_size=4,
)


@given(texts)
def test_batch_entry_points_accept_lone_surrogates(batch: list[str | None]) -> None:
    redacted = redact_batch(batch, urls="<URL>").to_pylist()
    assert redacted == [None if t is None else _arrow(redact(t, urls="<URL>")) for t in batch]
    for unit in ("codepoint", "utf8", "utf16"):
        result = find_links_batch(batch, offsets=unit).to_pylist()
        assert [r is None for r in result] == [t is None for t in batch]
        for t, links in zip(batch, result):
            if t is not None:
                assert [lk["text"] for lk in links] == [_arrow(lk.text) for lk in find_links(t)]
    if importlib.util.find_spec("pandas") is not None:
        import pandas as pd

        from uts58_icu.batch import find_links_series

        series = find_links_series(pd.Series(batch, dtype=object))
        assert len(series) == len(batch)
