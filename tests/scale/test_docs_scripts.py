"""The Spark, Dask and datatrove scripts of docs/corpora.md, run as written (saved as a
file and started with ``python script.py``, as a user would), next to the input each one
names. Without the ``if __name__ == "__main__":`` guard the Dask and datatrove scripts
fail or hang (worker processes re-import the script), so these runs are the check."""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))
from docs_blocks import scripts  # noqa: E402

SCRIPTS = {  # the module each script needs -> its block in docs/corpora.md
    "pyspark": next(s for s in scripts(ROOT / "docs" / "corpora.md") if "pyspark" in s),
    "distributed": next(s for s in scripts(ROOT / "docs" / "corpora.md") if "distributed" in s),
    "datatrove": next(s for s in scripts(ROOT / "docs" / "corpora.md") if "datatrove" in s),
}
TEXTS = ["Mail σωκράτης@example.gr now", "See example.com/パス.", "nothing here", "bob@example.org wrote"]


def run_script(tmp_path: Path, source: str) -> subprocess.CompletedProcess[str]:
    script = tmp_path / "script.py"
    script.write_text(source, encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    done = subprocess.run([sys.executable, str(script)], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return done


def test_every_script_has_the_guard() -> None:
    assert len(scripts(ROOT / "docs" / "corpora.md")) == 3


def test_spark_script(tmp_path: Path) -> None:
    pytest.importorskip("pyspark")
    pq = pytest.importorskip("pyarrow.parquet")
    (tmp_path / "corpus").mkdir()
    (tmp_path / "corpus" / "a.txt").write_text("\n".join(TEXTS) + "\n", encoding="utf-8")
    run_script(tmp_path, SCRIPTS["pyspark"])
    rows = pq.read_table(tmp_path / "links.parquet").to_pylist()
    assert sorted(r["clean"] for r in rows) == sorted(["Mail <EMAIL> now", "See <URL>.", "nothing here", "<EMAIL> wrote"])


def test_dask_script(tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    pa = pytest.importorskip("pyarrow")
    import pyarrow.parquet as pq

    pq.write_table(pa.table({"text": TEXTS}), tmp_path / "docs.parquet")
    done = run_script(tmp_path, SCRIPTS["distributed"])
    assert done.stdout.strip().splitlines()[-1] == "3 links"


def test_datatrove_script(tmp_path: Path) -> None:
    pytest.importorskip("datatrove")
    (tmp_path / "in").mkdir()
    with open(tmp_path / "in" / "part0.jsonl", "w", encoding="utf-8") as f:
        for i, text in enumerate(TEXTS):
            f.write(json.dumps({"id": str(i), "text": text}, ensure_ascii=False) + "\n")
    run_script(tmp_path, SCRIPTS["datatrove"])
    out = []
    for path in sorted((tmp_path / "out").iterdir()):
        opener = gzip.open if path.suffix == ".gz" else open
        with opener(path, "rt", encoding="utf-8") as f:
            out += [json.loads(line)["text"] for line in f]
    assert len(out) == len(TEXTS)
    assert not any("σωκράτης@example.gr" in t or "bob@example.org" in t for t in out)
