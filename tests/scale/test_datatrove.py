"""uts58_icu.datatrove.LinkRedactor in a real datatrove LocalPipelineExecutor (2 workers)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("datatrove", reason="the [datatrove] extra is not installed (tox -e scale installs it)")

from datatrove.executor import LocalPipelineExecutor  # noqa: E402
from datatrove.pipeline.formatters import PIIFormatter  # noqa: E402
from datatrove.pipeline.readers import JsonlReader  # noqa: E402
from datatrove.pipeline.writers import JsonlWriter  # noqa: E402

from uts58_icu import find_links  # noqa: E402
from uts58_icu.datatrove import LinkRedactor  # noqa: E402

NON_ASCII = ["σωκράτης@example.gr", "用户@例子.中国", "José.Niño@ejemplo.es", "пользователь@пример.рф"]
ASCII = ["bob@example.org", "alice.smith@example.net"]


def write_input(folder: Path) -> list[str]:
    folder.mkdir()
    texts = []
    for shard in range(2):
        with open(folder / f"part{shard}.jsonl", "w", encoding="utf-8") as f:
            for i in range(50):
                email = (NON_ASCII + ASCII)[(i + shard) % 6]
                text = f"Doc {shard}-{i}: contact {email}, server 8.8.8.8, lan 10.0.0.{i % 250}."
                texts.append(text)
                f.write(json.dumps({"id": f"{shard}-{i}", "text": text}, ensure_ascii=False) + "\n")
    return texts


def run(step: object, src: Path, dst: Path, logs: Path) -> list[str]:
    LocalPipelineExecutor(
        [JsonlReader(str(src)), step, JsonlWriter(str(dst), compression=None)],
        tasks=2, workers=2, logging_dir=str(logs),
    ).run()
    out = []
    for path in sorted(dst.glob("*.jsonl")):
        out += [json.loads(line)["text"] for line in path.read_text(encoding="utf-8").splitlines()]
    return out


def test_link_redactor_finds_what_pii_formatter_misses(tmp_path: Path) -> None:
    texts = write_input(tmp_path / "in")
    ours = run(LinkRedactor(email_replacement="<EMAIL>", ip_replacement="<IP>"),
               tmp_path / "in", tmp_path / "ours", tmp_path / "logs1")
    stock = run(PIIFormatter(email_replacement="<EMAIL>", ip_replacement="<IP>"),
                tmp_path / "in", tmp_path / "stock", tmp_path / "logs2")
    assert len(ours) == len(stock) == len(texts) == 100
    emails_in = sum(len([lk for lk in find_links(t) if lk.kind == "email"]) for t in texts)
    ours_found = sum(t.count("<EMAIL>") for t in ours)
    stock_found = sum(t.count("<EMAIL>") for t in stock)
    assert emails_in == 100
    assert ours_found == 100
    assert stock_found < ours_found  # the stock regex misses the non-ASCII local-parts
    for t in ours:
        assert not any(e in t for e in NON_ASCII + ASCII)
        assert "<IP>" in t and "10.0.0." in t  # public IPs replaced, private ones kept
    print(f"emails: {emails_in} in the input; LinkRedactor replaced {ours_found}, PIIFormatter {stock_found}")


def test_defaults_match_pii_formatter() -> None:
    """Issue 20 item 16: a drop-in swap keeps PIIFormatter's defaults (the shared parameters)."""
    import inspect

    stock = inspect.signature(PIIFormatter).parameters
    ours = inspect.signature(LinkRedactor).parameters
    shared = set(stock) & set(ours)
    assert {"remove_emails", "remove_ips", "only_remove_public_ips", "email_replacement", "ip_replacement"} <= shared
    for name in shared:
        assert ours[name].default == stock[name].default, name
    text = "server 8.8.8.8 and 1.1.1.1"
    assert LinkRedactor().format(text) == PIIFormatter().format(text)
