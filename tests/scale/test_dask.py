"""The Dask recipe (README "Large corpora") on a real distributed.LocalCluster with 2 worker processes."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

pytest.importorskip("distributed", reason="the [dask] extra is not installed (tox -e scale installs it)")

import pandas as pd  # noqa: E402
from distributed import Client, LocalCluster  # noqa: E402

from uts58_icu import find_links  # noqa: E402
from uts58_icu.batch import find_links_series  # noqa: E402


@pytest.fixture(scope="module")
def client() -> Iterator[Client]:
    cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    with Client(cluster) as c:
        yield c
    cluster.close()


def test_map_partitions_recipe(client: Client, documents: list[str | None]) -> None:
    import dask.dataframe as dd

    pdf = pd.DataFrame({"id": range(len(documents)), "text": documents})
    ddf = dd.from_pandas(pdf, npartitions=6)
    ddf["links"] = ddf["text"].map_partitions(find_links_series, meta=("links", object))
    result = ddf.compute()
    assert len(client.scheduler_info()["workers"]) == 2
    for i, links in zip(result["id"], result["links"]):
        doc = documents[i]
        want = None if doc is None else [
            {"start": lk.start, "end": lk.end, "kind": lk.kind, "text": lk.text, "href": lk.href}
            for lk in find_links(doc)
        ]
        assert links == want, i


def test_bag_recipe(client: Client, documents: list[str | None]) -> None:
    import dask.bag as db

    texts = [d for d in documents if d is not None]
    bag = db.from_sequence(texts, npartitions=4)
    got = bag.map(lambda t: [lk.text for lk in find_links(t)]).compute()
    assert got == [[lk.text for lk in find_links(t)] for t in texts]
