"""tests/peer_suites/run_peer_cases.py: the compare modes, the list format, and a clear
error when the case files are absent (the cases themselves run in ``tox -e peer-cases``)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from uts58_icu import find_links

HERE = Path(__file__).resolve().parent / "peer_suites"
spec = importlib.util.spec_from_file_location("run_peer_cases", HERE / "run_peer_cases.py")
assert spec is not None and spec.loader is not None
harness = importlib.util.module_from_spec(spec)
spec.loader.exec_module(harness)


def case(text: str, expected: list[tuple[int, int]], compare: str, scope: tuple[str, ...] = ("url", "email")) -> dict:
    return {
        "suite": "s", "id": "1", "text": text, "compare": compare, "scope": list(scope),
        "expected": [{"start": a, "end": b, "text": text[a:b], "kind": None} for a, b in expected],
    }  # fmt: skip


@pytest.mark.parametrize(
    ("c", "agrees"),
    [
        (case("see example.com and b@c.com", [(4, 15), (20, 27)], "spans"), True),
        (case("see example.com and b@c.com", [(4, 15)], "spans"), False),
        (case("see example.com and b@c.com", [(4, 15)], "spans", ("url",)), True),  # emails out of scope
        (case("see example.com", [(4, 15)], "texts"), True),
        (case("see example.com/x", [(4, 15)], "texts"), False),
        (case("example.com then b.org", [(0, 11)], "first"), True),
        (case("nothing here", [], "none"), True),
        (case("example.com", [], "none"), False),
    ],
)
def test_compare_modes(c: dict, agrees: bool) -> None:
    assert harness.verdict(c, find_links(c["text"])) is agrees


def test_missing_case_folder_is_a_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("UTS58_PEER_CASES", str(tmp_path))
    with pytest.raises(SystemExit, match="UTS58_PEER_CASES"):
        harness.cases_dir()


def test_expected_list_lines_need_a_reason(tmp_path: Path) -> None:
    bad = tmp_path / "list.txt"
    bad.write_text("recommended::s::1\n", encoding="utf-8")
    with pytest.raises(SystemExit, match="reason"):
        harness.load_expected(bad)
    good = tmp_path / "ok.txt"
    good.write_text("# comment\nrecommended::s::1\tTLD: §1.4\n", encoding="utf-8")
    assert harness.load_expected(good) == {"recommended::s::1": "TLD: §1.4"}


def test_the_committed_list_parses_and_every_line_has_a_class() -> None:
    listed = harness.load_expected()
    assert listed
    for key, reason in listed.items():
        assert key.split("::", 1)[0] in harness.POLICIES, key
        assert reason.split(":", 1)[0].replace("-", "").isupper(), (key, reason)


def test_run_on_a_small_folder(tmp_path: Path) -> None:
    for name in harness.FILES:
        (tmp_path / name).write_bytes(b"")
    import gzip

    (tmp_path / "twitter-text.jsonl").write_text(
        json.dumps({**case("see example.com", [(4, 15)], "spans"), "suite": "twitter-text"}) + "\n", encoding="utf-8"
    )
    with gzip.open(tmp_path / "autolinker-generated.jsonl.gz", "wt", encoding="utf-8") as f:
        for text in ("(example.org)", "example.org."):
            f.write(json.dumps({**case(text, [(text.index("e"), text.index("e") + 11)], "spans"),
                                "suite": "autolinker-generated"}) + "\n")
    per_suite, failing, differ = harness.run(tmp_path, ("base",))
    assert per_suite == {"twitter-text": 1, "autolinker-generated": 2}
    assert failing == {} and differ == set()
