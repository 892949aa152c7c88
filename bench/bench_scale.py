"""Scaling on this machine: ``uts58 detect --jobs``, Spark local[N], Dask workers, set-up cost.

    python bench/bench_scale.py --mb 100            # --jobs 1 vs 2 on 100 MB (+ identical output check)
    python bench/bench_scale.py --mb 20 --engines   # also Spark local[1]/[2] and Dask 1/2 workers

The CLI input is the deterministic corpus of ``bench/corpus.py`` (half ASCII, half
multilingual prose), written to a temporary file. Engines need the ``[spark]``/``[dask]``
extras and Java for Spark. Every figure is best of ``--repeat`` runs, measured in one run.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from corpus import MB, ascii_corpus, multilingual_corpus  # noqa: E402


def corpus_file(mb: float, folder: Path) -> Path:
    path = folder / f"corpus-{mb:g}MB.txt"
    half = int(mb * MB / 2)
    # Build in 5 MB pieces with different seeds so a large corpus doesn't repeat one block.
    with open(path, "w", encoding="utf-8") as f:
        seed = 0
        written = 0
        while written < 2 * half:
            piece = 5 * MB if 2 * half - written > 5 * MB else 2 * half - written
            text = (ascii_corpus if seed % 2 == 0 else multilingual_corpus)(piece, seed=58 + seed)
            f.write(text)
            written += len(text.encode("utf-8"))
            seed += 1
    return path


def time_cli(path: Path, jobs: int, repeat: int) -> tuple[float, str]:
    best = float("inf")
    digest = ""
    for _ in range(repeat):
        t0 = time.perf_counter()
        proc = subprocess.run(
            [sys.executable, "-m", "uts58_icu", "detect", "--jobs", str(jobs), str(path)],
            stdout=subprocess.PIPE, check=True,
        )
        best = min(best, time.perf_counter() - t0)
        digest = hashlib.sha256(proc.stdout).hexdigest()
    return best, digest


def setup_cost(repeat: int) -> tuple[float, float]:
    """Seconds for ``import uts58_icu`` and for the first ``find_links`` in a fresh process."""
    code = (
        "import time; t0=time.perf_counter(); import uts58_icu; t1=time.perf_counter();"
        "uts58_icu.find_links('warm up: example.com/a bob@example.org http://127.0.0.1/');"
        "t2=time.perf_counter(); print(t1-t0, t2-t1)"
    )
    runs = [
        tuple(map(float, subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()))
        for _ in range(repeat)
    ]
    return min(r[0] for r in runs), min(r[1] for r in runs)


def documents(mb: float) -> list[str]:
    text = ascii_corpus(int(mb * MB / 2)) + multilingual_corpus(int(mb * MB / 2))
    return [p for p in text.split("\n\n") if p]


def time_spark(docs: list[str], cores: int, repeat: int) -> float:
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    from pyspark.sql import SparkSession
    from pyspark.sql import functions as F

    from uts58_icu.spark import links_udf

    spark = (
        SparkSession.builder.master(f"local[{cores}]").appName("uts58-bench")
        .config("spark.ui.enabled", "false").config("spark.ui.showConsoleProgress", "false").getOrCreate()
    )
    spark.sparkContext.setLogLevel("ERROR")
    try:
        df = spark.createDataFrame([(d,) for d in docs], "text string").repartition(8).cache()
        df.count()
        udf = links_udf()
        df.select(F.size(udf("text"))).agg(F.sum("size(uts58_links(text))")).collect()  # warm the workers
        best = float("inf")
        for _ in range(repeat):
            t0 = time.perf_counter()
            df.select(F.size(udf("text")).alias("n")).agg(F.sum("n")).collect()
            best = min(best, time.perf_counter() - t0)
        return best
    finally:
        spark.stop()


def time_dask(docs: list[str], workers: int, repeat: int) -> float:
    import dask.dataframe as dd
    import pandas as pd
    from distributed import Client, LocalCluster

    from uts58_icu.batch import find_links_series

    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, Client(cluster):
        ddf = dd.from_pandas(pd.DataFrame({"text": docs}), npartitions=8).persist()
        def count(run: int) -> int:
            # A fresh token per run: Dask would otherwise reuse the previous run's result.
            links = ddf["text"].map_partitions(find_links_series, meta=("links", object), token=f"uts58-{run}")
            return int(links.map(len, meta=("n", int)).sum().compute())

        count(-1)  # warm the workers
        best = float("inf")
        for run in range(repeat):
            t0 = time.perf_counter()
            count(run)
            best = min(best, time.perf_counter() - t0)
        return best


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mb", type=float, default=100, help="corpus size for --jobs (MB)")
    ap.add_argument("--engine-mb", type=float, default=10, help="corpus size for Spark and Dask (MB)")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--engines", action="store_true", help="also measure Spark and Dask")
    args = ap.parse_args(argv)

    print(f"machine: {os.cpu_count()} CPUs, Python {sys.version.split()[0]}")
    imp, first = setup_cost(args.repeat)
    print(f"per-worker set-up: import uts58_icu {imp * 1000:.0f} ms + first find_links {first * 1000:.0f} ms")
    with tempfile.TemporaryDirectory() as tmp:
        path = corpus_file(args.mb, Path(tmp))
        size = path.stat().st_size / MB
        t1, d1 = time_cli(path, 1, args.repeat)
        t2, d2 = time_cli(path, 2, args.repeat)
        print(f"| uts58 detect, {size:.0f} MB | --jobs 1 | --jobs 2 | speed-up | output identical |")
        print(f"| | {size / t1:.2f} MB/s ({t1:.1f} s) | {size / t2:.2f} MB/s ({t2:.1f} s) | {t1 / t2:.2f}× | {d1 == d2} |")
    if args.engines:
        docs = documents(args.engine_mb)
        s1 = time_spark(docs, 1, args.repeat)
        s2 = time_spark(docs, 2, args.repeat)
        print(f"| Spark links_udf, {args.engine_mb:g} MB | local[1] {args.engine_mb / s1:.2f} MB/s | local[2] {args.engine_mb / s2:.2f} MB/s | {s1 / s2:.2f}× |")
        k1 = time_dask(docs, 1, args.repeat)
        k2 = time_dask(docs, 2, args.repeat)
        print(f"| Dask map_partitions, {args.engine_mb:g} MB | 1 worker {args.engine_mb / k1:.2f} MB/s | 2 workers {args.engine_mb / k2:.2f} MB/s | {k1 / k2:.2f}× |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
