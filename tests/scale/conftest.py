"""Tests that start real engines (Spark, Dask, datatrove): `tox -e scale` runs them.

`python -m pytest` from the repository root does not collect this folder (see
``norecursedirs`` in pyproject.toml); `python -m pytest tests/scale` does.
"""

from __future__ import annotations

import random

import pytest

SNIPPETS = [
    "See https://ja.wikipedia.org/wiki/アルベルト・アインシュタイン. ",
    "Mail σωκράτης@example.gr today! ",
    "詳細は「example.com/パス」を参照。",
    "(see example.com/a_(b)) ",
    "user 用户@例子.中国 wrote: ",
    "plain words without any link ",
    "http://127.0.0.1:8080/x?y=1 ",
    "www.youtube.com/@핑크퐁 ",
    "bob@example.org, alice@example.net. ",
    "edit setup.py and README.md ",
]


@pytest.fixture(scope="session")
def documents() -> list[str | None]:
    """3,000 deterministic documents (some null) mixing scripts, URLs and emails."""
    rng = random.Random(58)
    docs: list[str | None] = []
    for i in range(3000):
        if i % 97 == 0:
            docs.append(None)
            continue
        docs.append("".join(rng.choice(SNIPPETS) for _ in range(rng.randint(0, 8))))
    return docs
