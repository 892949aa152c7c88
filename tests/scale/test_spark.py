"""uts58_icu.spark on a real SparkSession (local[2])."""


import os
import sys
from collections.abc import Iterator

import pytest

pytest.importorskip("pyspark", reason="the [spark] extra is not installed (tox -e scale installs it)")

from pyspark.sql import SparkSession  # noqa: E402

from uts58_icu import LinkPolicy, find_links, redact  # noqa: E402
from uts58_icu.spark import links_arrow_fn, links_udf, redact_udf, spark_link_type  # noqa: E402


@pytest.fixture(scope="module")
def spark() -> Iterator[SparkSession]:
    # Spark starts its Python workers with `python3` from PATH unless told otherwise.
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    session = (
        SparkSession.builder.master("local[2]")
        .appName("uts58-icu-tests")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.sql.shuffle.partitions", "4")
        .config("spark.sql.execution.arrow.maxRecordsPerBatch", "200")
        .getOrCreate()
    )
    yield session
    session.stop()


def rows(text: str | None, policy: LinkPolicy | None = None) -> list[tuple[int, int, str, str, str]] | None:
    if text is None:
        return None
    return [(lk.start, lk.end, lk.kind, lk.text, lk.href) for lk in find_links(text, policy=policy)]


def test_links_udf_matches_find_links(spark: SparkSession, documents: list[str | None]) -> None:
    df = spark.createDataFrame([(i, d) for i, d in enumerate(documents)], "id long, text string").repartition(4)
    got = {r["id"]: r["links"] for r in df.select("id", links_udf()("text").alias("links")).collect()}
    assert len(got) == len(documents)
    for i, doc in enumerate(documents):
        links = got[i]
        assert (None if links is None else [tuple(x) for x in links]) == rows(doc), i


def test_policy_and_redaction(spark: SparkSession, documents: list[str | None]) -> None:
    policy = LinkPolicy(guard_false_positives=True)
    df = spark.createDataFrame([(i, d) for i, d in enumerate(documents[:500])], "id long, text string")
    out = df.select(
        "id",
        links_udf(policy)("text").alias("links"),
        redact_udf(urls="<URL>")("text").alias("clean"),
    ).collect()
    for r in out:
        doc = documents[r["id"]]
        assert (None if r["links"] is None else [tuple(x) for x in r["links"]]) == rows(doc, policy)
        assert r["clean"] == (None if doc is None else redact(doc, urls="<URL>"))


def test_map_in_arrow(spark: SparkSession, documents: list[str | None]) -> None:
    from pyspark.sql.types import StructField, StructType

    df = spark.createDataFrame([(i, d) for i, d in enumerate(documents[:800])], "id long, text string")
    schema = StructType([*df.schema.fields, StructField("links", spark_link_type())])
    out = df.mapInArrow(links_arrow_fn("text"), schema).collect()
    assert len(out) == 800
    for r in out:
        assert (None if r["links"] is None else [tuple(x) for x in r["links"]]) == rows(documents[r["id"]])


def test_each_worker_sets_up_once(spark: SparkSession, documents: list[str | None]) -> None:
    """Many Arrow batches per Python worker, one set-up per worker process."""
    import pandas as pd
    from pyspark.sql.functions import pandas_udf

    @pandas_udf("string")  # type: ignore[misc]
    def setup_state(texts: pd.Series) -> pd.Series:
        from uts58_icu.spark import worker_setup

        worker_setup()
        info = worker_setup.cache_info()
        return pd.Series([f"{os.getpid()}:{info.misses}:{info.hits}"] * len(texts))

    df = spark.createDataFrame([(d,) for d in documents], "text string").repartition(2)
    states = {r[0] for r in df.select(setup_state("text")).collect()}
    by_pid: dict[str, set[str]] = {}
    for s in states:
        pid, misses, _hits = s.split(":")
        by_pid.setdefault(pid, set()).add(misses)
    assert by_pid and all(m == {"1"} for m in by_pid.values()), by_pid
    batches = len(states)  # distinct (pid, hits) values: one per batch
    assert batches > len(by_pid)
