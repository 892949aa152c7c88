"""Batch detection and redaction over Apache Arrow arrays (``pip install 'uts58-icu[arrow]'``).

For data pipelines (Spark ``mapInArrow``/``pandas_udf``, Ray Data ``map_batches``,
Dask, datatrove) that hold text as Arrow string columns:

>>> import pyarrow as pa
>>> from uts58_icu.batch import find_links_batch
>>> result = find_links_batch(pa.array(["see example.com/パス.", None, "no links"]), offsets="utf8")
>>> result.to_pylist()[0]
[{'start': 4, 'end': 22, 'kind': 'url', 'text': 'example.com/パス', 'href': 'https://example.com/%E3%83%91%E3%82%B9'}]
>>> result.to_pylist()[1:]
[None, []]

Nulls stay nulls. ``offsets="utf8"`` gives byte offsets straight into the UTF-8
buffers of an Arrow string array; ``"utf16"`` gives UTF-16 code units (JavaScript,
Java); ``"codepoint"`` (the default) gives Python ``str`` indices.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Iterator
from typing import TYPE_CHECKING, Any, Literal

from .core import detection
from .core.detection import Link
from .linkification.apply import find_links, iter_links
from .linkification.policy import LinkPolicy
from .linkification.redact import Replacement, redact

if TYPE_CHECKING:  # pragma: no cover
    import pyarrow as pa

__all__ = ["LINK_FIELDS", "OffsetUnit", "find_links_batch", "find_links_series", "link_struct_type", "redact_batch"]

OffsetUnit = Literal["codepoint", "utf8", "utf16"]
_UNITS = ("codepoint", "utf8", "utf16")

#: The fields of each link in a batch result, in order.
LINK_FIELDS = ("start", "end", "kind", "text", "href")


def _pa() -> Any:
    try:
        import pyarrow
    except ImportError:  # pragma: no cover - depends on the environment
        raise ImportError(
            "uts58_icu.batch needs pyarrow: pip install 'uts58-icu[arrow]' (or pip install pyarrow)"
        ) from None
    return pyarrow


def link_struct_type() -> pa.StructType:
    """``struct<start: int64, end: int64, kind: string, text: string, href: string>``."""
    pa = _pa()
    return pa.struct(
        [
            ("start", pa.int64()),
            ("end", pa.int64()),
            ("kind", pa.string()),
            ("text", pa.string()),
            ("href", pa.string()),
        ]
    )


def _iter_texts(texts: object) -> Iterator[str | None]:
    """The values of a pyarrow string array, chunked array or an iterable of ``str``/``None``."""
    pa = _pa()
    if isinstance(texts, pa.ChunkedArray):
        if not (pa.types.is_string(texts.type) or pa.types.is_large_string(texts.type)):
            raise TypeError(f"texts must be a string array, not {texts.type}")
        for chunk in texts.chunks:
            yield from _iter_texts(chunk)
        return
    if isinstance(texts, pa.Array):
        if not (pa.types.is_string(texts.type) or pa.types.is_large_string(texts.type)):
            raise TypeError(f"texts must be a string array, not {texts.type}")
        # to_pylist() per slice keeps the Python strings for one slice alive at a time.
        step = 4096
        for lo in range(0, len(texts), step):
            yield from texts.slice(lo, step).to_pylist()
        return
    if isinstance(texts, (str, bytes, bytearray, memoryview)) or not isinstance(texts, Iterable):
        raise TypeError(
            "texts must be a pyarrow string Array or ChunkedArray, or a list of str (None for null), "
            f"not {type(texts).__name__}"
        )
    for i, value in enumerate(texts):
        if value is not None and not isinstance(value, str):
            raise TypeError(f"texts[{i}] must be a str or None, not {type(value).__name__}")
        yield value


_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def _arrow_str(s: str) -> str:
    """``s`` as an Arrow string can hold it: Arrow strings are UTF-8, which has no lone
    surrogates, so each becomes U+FFFD (one code point, one UTF-16 unit and three UTF-8
    bytes, like the surrogate: offsets are unchanged). Issue 22 item 13."""
    if s.isascii() or not _LONE_SURROGATE.search(s):
        return s
    return _LONE_SURROGATE.sub("\ufffd", s)


def _unit_offsets(text: str, links: Iterable[Link], unit: OffsetUnit) -> Iterator[tuple[tuple[int, int], Link]]:
    """Each link with its span in ``unit``, in one left-to-right pass (linear in ``len(text)``)."""
    if unit == "codepoint" or text.isascii():
        for link in links:
            yield (link.start, link.end), link
        return
    pos = 0
    acc = 0
    for link in links:
        acc += _units(text[pos : link.start], unit)
        start = acc
        acc += _units(link.text, unit)
        yield (start, acc), link
        pos = link.end


def _units(s: str, unit: OffsetUnit) -> int:
    if unit == "utf8":
        return len(s.encode("utf-8", "surrogatepass"))
    return len(s.encode("utf-16-le", "surrogatepass")) // 2


def find_links_batch(
    texts: Any,
    *,
    policy: LinkPolicy | str | None = None,
    offsets: OffsetUnit = "codepoint",
    tlds: Collection[str] | None = None,
) -> pa.ListArray:
    """The links of every text: a ``list<struct<start, end, kind, text, href>>`` array.

    ``texts`` is a pyarrow ``string``/``large_string`` Array or ChunkedArray, or a list of
    ``str`` (``None`` for null). Entry *i* of the result lists the links of ``texts[i]``
    as :func:`uts58_icu.find_links` finds them with ``policy`` and ``tlds``; a null text
    gives a null entry. ``offsets`` chooses the unit of ``start`` and ``end``.
    """
    if offsets not in _UNITS:
        raise ValueError(f"offsets must be one of {', '.join(map(repr, _UNITS))}, not {offsets!r}")
    pa = _pa()
    list_offsets: list[int | None] = [0]
    columns = _LinkColumns(pa)
    starts, ends, kinds, link_texts, hrefs = columns.pending
    count = 0
    for text in _iter_texts(texts):
        if text is None:
            list_offsets.append(None)
            continue
        # Memory (issue 22 item 10): the links of a long text come one at a time, and all
        # go into Arrow arrays a block at a time.
        if len(text) <= detection.LAZY_PIECE:
            links: Iterable[Link] = find_links(text, policy=policy, tlds=tlds)
        else:
            links = iter_links(text, policy=policy, tlds=tlds)
        for (start, end), link in _unit_offsets(text, links, offsets):
            starts.append(start)
            ends.append(end)
            kinds.append(link.kind)
            link_texts.append(_arrow_str(link.text))
            hrefs.append(_arrow_str(link.href))
            count += 1
            if len(starts) >= _BLOCK_LINKS:
                columns.flush()
        list_offsets.append(count)
    # A null offset marks a null list; Arrow needs the offsets themselves to be valid, so
    # a null entry repeats the previous offset and is marked in the mask.
    mask = [o is None for o in list_offsets[1:]]
    filled: list[int] = []
    last = 0
    for o in list_offsets:
        last = last if o is None else o
        filled.append(last)
    values = columns.struct_array()
    return pa.ListArray.from_arrays(pa.array(filled, pa.int32()), values, mask=pa.array(mask, pa.bool_()))


class _LinkColumns:
    """The fields of links, gathered in Python lists of at most :data:`_BLOCK_LINKS` and
    kept as Arrow arrays (a few bytes a link, not a Python object per field).

    The arrays come from Arrow's system memory pool (``malloc``): the default pool
    (mimalloc) keeps the blocks freed after concatenation, which took the peak from 3.5x
    to 5.7x the input on 4 MB of ASCII prose (bench/bench_hostile.py).
    """

    def __init__(self, pa: Any) -> None:
        self.pa = pa
        self.pool = pa.system_memory_pool()
        self.types = [pa.int64(), pa.int64(), pa.string(), pa.string(), pa.string()]
        self.pending: list[list[Any]] = [[] for _ in LINK_FIELDS]
        self.chunks: list[list[Any]] = [[] for _ in LINK_FIELDS]

    def flush(self) -> None:
        for values, chunks, type_ in zip(self.pending, self.chunks, self.types):
            chunks.append(self.pa.array(values, type_, memory_pool=self.pool))
            values.clear()

    def struct_array(self) -> Any:
        """One ``StructArray`` of every link added (each column concatenated, then released)."""
        pa = self.pa
        if self.pending[0] or not self.chunks[0]:
            self.flush()
        arrays = []
        for chunks in self.chunks:
            arrays.append(chunks[0] if len(chunks) == 1 else pa.concat_arrays(chunks, memory_pool=self.pool))
            chunks.clear()
        return pa.StructArray.from_arrays(arrays, fields=list(link_struct_type()))


#: Links gathered in Python lists before they go into Arrow arrays.
_BLOCK_LINKS = 4096


def redact_batch(
    texts: Any,
    *,
    emails: Replacement = "<EMAIL>",
    urls: Replacement = None,
    policy: LinkPolicy | str | None = None,
    tlds: Collection[str] | None = None,
) -> pa.StringArray:
    """:func:`uts58_icu.redact` over every text: a pyarrow string array; nulls stay nulls.

    A lone surrogate in a text (which Arrow's UTF-8 cannot hold) is U+FFFD in the result.
    """
    pa = _pa()
    out = [
        None if text is None else _arrow_str(redact(text, emails=emails, urls=urls, policy=policy, tlds=tlds))
        for text in _iter_texts(texts)
    ]
    return pa.array(out, pa.string())


def pandas_values(texts: Any) -> list[Any]:
    """The values of a pandas Series, with each missing value (``None``, ``NaN``, ``pd.NA``) as ``None``."""
    import pandas as pd

    return [None if not isinstance(v, str) and pd.isna(v) else v for v in texts]


def find_links_series(
    texts: Any,
    *,
    policy: LinkPolicy | str | None = None,
    offsets: OffsetUnit = "codepoint",
    tlds: Collection[str] | None = None,
) -> Any:
    """A pandas Series of link lists (``None`` for a missing text), index kept.

    For ``dask.dataframe``'s ``map_partitions`` and other pandas-based engines::

        ddf["links"] = ddf["text"].map_partitions(find_links_series, meta=("links", object))
    """
    import pandas as pd

    result = find_links_batch(pandas_values(texts), policy=policy, offsets=offsets, tlds=tlds)
    return pd.Series(result.to_pylist(), index=texts.index, dtype=object, name=getattr(texts, "name", None))
