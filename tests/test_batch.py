"""uts58_icu.batch: detection and redaction over Arrow arrays."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

pa = pytest.importorskip("pyarrow", reason="the [arrow] extra is not installed")

from uts58_icu import LinkPolicy, find_links, redact  # noqa: E402
from uts58_icu.batch import find_links_batch, link_struct_type, redact_batch  # noqa: E402
from uts58_icu.offsets import utf8_offsets, utf16_offsets  # noqa: E402

TEXTS = ["see example.com/パス.", None, "no links", "😎 σωκράτης@example.gr and http://[::1]:8080/x", ""]


def expected(texts: list[str | None], unit: str = "codepoint", policy: LinkPolicy | None = None) -> list[object]:
    out: list[object] = []
    for text in texts:
        if text is None:
            out.append(None)
            continue
        row = []
        for link in find_links(text, policy=policy):
            span = (link.start, link.end)
            if unit == "utf8":
                span = utf8_offsets(text, link.start, link.end)
            elif unit == "utf16":
                span = utf16_offsets(text, link.start, link.end)
            row.append({"start": span[0], "end": span[1], "kind": link.kind, "text": link.text, "href": link.href})
        out.append(row)
    return out


@pytest.mark.parametrize("unit", ["codepoint", "utf8", "utf16"])
@pytest.mark.parametrize("kind", ["list", "array", "large", "chunked"])
def test_matches_find_links(unit: str, kind: str) -> None:
    data: object = {
        "list": TEXTS,
        "array": pa.array(TEXTS, pa.string()),
        "large": pa.array(TEXTS, pa.large_string()),
        "chunked": pa.chunked_array([TEXTS[:2], TEXTS[2:]], pa.string()),
    }[kind]
    result = find_links_batch(data, offsets=unit)  # type: ignore[arg-type]
    assert isinstance(result, pa.ListArray)
    assert result.type.value_type == link_struct_type()
    assert result.null_count == 1
    assert result.to_pylist() == expected(TEXTS, unit)


def test_utf8_offsets_point_into_the_arrow_buffer() -> None:
    arr = pa.array(["😎 σωκράτης@example.gr and x.org/ä"])
    row = find_links_batch(arr, offsets="utf8").to_pylist()[0]
    raw = arr[0].as_buffer().to_pybytes()
    assert [raw[r["start"] : r["end"]].decode() for r in row] == [r["text"] for r in row]


def test_policy_is_applied() -> None:
    texts = ["edit setup.py now", "see example.org"]
    strict = LinkPolicy(guard_false_positives=True)
    assert find_links_batch(texts, policy=strict).to_pylist() == expected(texts, policy=strict)


def test_redact_batch() -> None:
    result = redact_batch(pa.array(TEXTS), urls="<URL>")
    assert result.to_pylist() == [None if t is None else redact(t, urls="<URL>") for t in TEXTS]


@pytest.mark.parametrize(
    ("texts", "kwargs", "error"),
    [
        ("a string", {}, TypeError),
        ([b"bytes"], {}, TypeError),
        (pa.array([1, 2]), {}, TypeError),
        (["x"], {"offsets": "bytes"}, ValueError),
    ],
)
def test_bad_input(texts: object, kwargs: dict[str, object], error: type[Exception]) -> None:
    with pytest.raises(error):
        find_links_batch(texts, **kwargs)  # type: ignore[arg-type]


@given(st.lists(st.one_of(st.none(), st.text(alphabet=st.sampled_from("ab.@/ é😎cm:"), max_size=40)), max_size=8),
       st.sampled_from(["codepoint", "utf8", "utf16"]))
def test_batch_equals_per_text(texts: list[str | None], unit: str) -> None:
    assert find_links_batch(pa.array(texts, pa.string()), offsets=unit).to_pylist() == expected(texts, unit)  # type: ignore[arg-type]
