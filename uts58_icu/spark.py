"""Apache Spark: UTS #58 link detection and redaction as pandas UDFs (``pip install 'uts58-icu[spark]'``).

>>> from uts58_icu.spark import links_udf, redact_udf          # doctest: +SKIP
>>> df = spark.createDataFrame([("see example.com/パス",)], ["text"])  # doctest: +SKIP
>>> df.select(links_udf()("text").alias("links"), redact_udf(urls="<URL>")("text")).show()  # doctest: +SKIP

``links_udf`` returns ``array<struct<start: bigint, end: bigint, kind: string, text: string,
href: string>>`` per row (null for a null text). Each Python worker process sets up once
(the ICU-derived tables and the TLD list, about 0.1 s) on its first batch and reuses it
for every later batch: Spark reuses Python workers (``spark.python.worker.reuse``, on by
default). :func:`links_arrow_fn` is the same for ``DataFrame.mapInArrow``.
"""


import os
from collections.abc import Callable, Collection, Iterator
from functools import lru_cache
from typing import Any

from .batch import OffsetUnit, find_links_batch, find_links_series, pandas_values, redact_batch
from .linkification.policy import LinkPolicy, resolve_policy
from .linkification.redact import Replacement

__all__ = ["links_arrow_fn", "links_udf", "redact_udf", "spark_link_type", "worker_setup"]


@lru_cache(maxsize=1)
def worker_setup() -> tuple[int, float]:
    """Derive everything detection needs, once per process: ``(pid, seconds it took)``.

    Called at the start of every batch; only the first call in a process does work.
    """
    import time

    from .linkification.apply import find_links

    t0 = time.perf_counter()
    find_links("warm up: example.com/a?b=c#d bob@example.org http://127.0.0.1/")
    return os.getpid(), time.perf_counter() - t0


def spark_link_type() -> Any:
    """The Spark SQL type of ``links_udf``'s result."""
    from pyspark.sql import types as T

    return T.ArrayType(
        T.StructType(
            [
                T.StructField("start", T.LongType()),
                T.StructField("end", T.LongType()),
                T.StructField("kind", T.StringType()),
                T.StructField("text", T.StringType()),
                T.StructField("href", T.StringType()),
            ]
        )
    )


def links_udf(
    policy: LinkPolicy | str | None = None,
    *,
    offsets: OffsetUnit = "codepoint",
    tlds: Collection[str] | None = None,
) -> Any:
    """A ``pandas_udf`` that maps a string column to the links of each value.

    ``policy``, ``offsets`` and ``tlds`` are as for :func:`uts58_icu.batch.find_links_batch`;
    they are pickled into the UDF (``LinkPolicy`` pickles).
    """
    import pandas as pd
    from pyspark.sql.functions import pandas_udf

    policy = resolve_policy(policy, "base")
    frozen_tlds = None if tlds is None else frozenset(tlds)

    @pandas_udf(spark_link_type())  # type: ignore[untyped-decorator]
    def uts58_links(texts: pd.Series) -> pd.Series:
        worker_setup()
        return find_links_series(texts, policy=policy, offsets=offsets, tlds=frozen_tlds)

    return uts58_links


def redact_udf(
    *,
    emails: Replacement = "<EMAIL>",
    urls: Replacement = None,
    policy: LinkPolicy | str | None = None,
    tlds: Collection[str] | None = None,
) -> Any:
    """A ``pandas_udf`` (string → string) applying :func:`uts58_icu.redact` to each value."""
    import pandas as pd
    from pyspark.sql.functions import pandas_udf

    frozen_tlds = None if tlds is None else frozenset(tlds)

    @pandas_udf("string")  # type: ignore[untyped-decorator]
    def uts58_redact(texts: pd.Series) -> pd.Series:
        worker_setup()
        out = redact_batch(pandas_values(texts), emails=emails, urls=urls, policy=policy, tlds=frozen_tlds)
        return pd.Series(out.to_pylist(), index=texts.index, dtype=object)

    return uts58_redact


def links_arrow_fn(
    column: str,
    *,
    policy: LinkPolicy | str | None = None,
    offsets: OffsetUnit = "codepoint",
    output: str = "links",
) -> Callable[[Iterator[Any]], Iterator[Any]]:
    """A function for ``df.mapInArrow(fn, schema)``: adds a ``links`` column to each batch.

    The schema is the input's plus ``StructField(output, spark_link_type())``.
    """

    def fn(batches: Iterator[Any]) -> Iterator[Any]:
        import pyarrow as pa

        worker_setup()
        for batch in batches:
            links = find_links_batch(batch.column(column), policy=policy, offsets=offsets)
            yield pa.RecordBatch.from_arrays(
                [*batch.columns, links], names=[*batch.schema.names, output]
            )

    return fn
