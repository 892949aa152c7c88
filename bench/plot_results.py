#!/usr/bin/env python3
"""Plots and a Markdown table for the documentation, from ``bench_detect.py --json`` output
(or from ``bench/realtext/score.py --json``, whose ``detectors`` part gives precision and recall).

    python bench/bench_detect.py --repeat 9 --budget 12 --latency --json > bench/results/detect-DATE.json
    python bench/plot_results.py bench/results/detect-DATE.json docs/_static/plots
    python bench/plot_results.py bench/results/realtext.json docs/_static/plots
    python bench/plot_results.py bench/results/scale-2026-11-23.json docs/_static/plots
    python bench/plot_results.py bench/realtext2/score_holdout_final_onerun.md docs/_static/plots

A ``.md`` input is ``bench/realtext2/score.py --markdown`` output (P / R / F1 per genre and
detector): it gives ``realtext-genres.svg``, F1 per genre for each detector.

Writes ``throughput.svg`` (MB/s of each detector on each corpus, log scale) and
``latency.svg`` (µs per call on each short message, log scale) into OUT_DIR, and prints
the same numbers as Markdown tables (the performance page's tables). The SVGs are
reproducible: no date in their metadata, fixed element ids.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

NAMES = {  # detector key -> label
    "uts58": "uts58-icu (compiled)",
    "uts58-pure": "uts58-icu (pure Python)",
    "turbohtml": "turbohtml",
    "linkify": "linkify-it-py",
    "urlextract": "urlextract",
    "bleach": "bleach",
}
COLOURS = {"uts58": "#1a7f37", "uts58-pure": "#7fc28e", "turbohtml": "#6e7781", "linkify": "#0969da",
           "urlextract": "#bc4c00", "bleach": "#8250df"}


def _label(key: str, data: dict[str, Any]) -> str:
    version = data.get("versions", {}).get(key, "")
    return f"{NAMES.get(key, key)} {version}".strip()


def _bars(ax: Any, groups: list[str], series: dict[str, list[float]], data: dict[str, Any], unit: str) -> None:
    n = len(series)
    width = 0.8 / max(n, 1)
    for i, (key, values) in enumerate(series.items()):
        xs = [g + (i - (n - 1) / 2) * width for g in range(len(groups))]
        bars = ax.bar(xs, values, width, label=_label(key, data), color=COLOURS.get(key, None))
        for bar, v in zip(bars, values):
            ax.annotate(f"{v:.3g}", (bar.get_x() + bar.get_width() / 2, v), ha="center", va="bottom",
                        fontsize=7, xytext=(0, 2), textcoords="offset points")
    ax.set_xticks(range(len(groups)), groups)
    ax.set_yscale("log")
    ax.set_ylabel(unit)
    ax.grid(axis="y", which="major", alpha=0.3)
    ax.legend(fontsize=8, frameon=False, ncols=2)


def plot(data: dict[str, Any], out: Path) -> list[Path]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams["svg.hashsalt"] = "uts58"
    plt.rcParams["svg.fonttype"] = "none"  # text stays text
    out.mkdir(parents=True, exist_ok=True)
    written = []
    results = data["results"]
    corpora = list(dict.fromkeys(r["corpus"] for r in results))
    keys = list(dict.fromkeys(r["detector"] for r in results))
    series = {k: [next(r["mb_per_s"] for r in results if r["detector"] == k and r["corpus"] == c) for c in corpora] for k in keys}
    fig, ax = plt.subplots(figsize=(8, 4.2))
    _bars(ax, corpora, series, data, "MB/s (log scale; higher is better)")
    ax.set_title(f"Throughput on 1 MB corpora (Python {data.get('python', '?')}, best of the runs)", fontsize=10)
    fig.tight_layout()
    path = out / "throughput.svg"
    fig.savefig(path, metadata={"Date": None})
    written.append(path)
    plt.close(fig)
    latency = data.get("latency_us") or {}
    if latency:
        messages = list(next(iter(latency.values())))
        series = {k: [latency[k][m] for m in messages] for k in latency}
        fig, ax = plt.subplots(figsize=(8, 4.2))
        _bars(ax, messages, series, data, "µs per call (log scale; lower is better)")
        ax.set_title("Latency on short messages", fontsize=10)
        fig.tight_layout()
        path = out / "latency.svg"
        fig.savefig(path, metadata={"Date": None})
        written.append(path)
        plt.close(fig)
    return written


def plot_realtext(data: dict[str, Any], out: Path) -> list[Path]:
    """Precision and recall of each detector with their 95% intervals (``realtext.svg``)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams["svg.hashsalt"] = "uts58"
    plt.rcParams["svg.fonttype"] = "none"
    out.mkdir(parents=True, exist_ok=True)
    dets = data["detectors"]
    names = list(dets)
    fig, axes = plt.subplots(1, 2, figsize=(8, 0.5 * len(names) + 1.4), sharey=True)
    for ax, metric in zip(axes, ("precision", "recall")):
        for i, name in enumerate(names):
            d = dets[name]
            lo, hi = d[f"{metric}_ci"]
            colour = "#1a7f37" if name.startswith("uts58") else "#0969da"
            ax.errorbar(d[metric], i, xerr=[[d[metric] - lo], [hi - d[metric]]], fmt="o", color=colour, capsize=3)
            ax.annotate(f"{d[metric]:.3f}", (d[metric], i), xytext=(0, 6), textcoords="offset points", ha="center", fontsize=7)
        ax.set_title(f"{metric} (95% interval)", fontsize=10)
        ax.set_xlim(0.8, 1.005)
        ax.grid(axis="x", alpha=0.3)
    axes[0].set_yticks(range(len(names)), names)
    axes[0].invert_yaxis()
    fig.tight_layout()
    path = out / "realtext.svg"
    fig.savefig(path, metadata={"Date": None})
    plt.close(fig)
    return [path]


def parse_genre_table(text: str) -> tuple[list[str], dict[str, dict[str, tuple[float, float, float]]]]:
    """``score.py --markdown``'s table: the detectors, and genre -> detector -> (P, R, F1)."""
    rows = [line.strip().strip("|").split("|") for line in text.splitlines() if line.startswith("|")]
    header = [c.strip() for c in rows[0]]
    detectors = header[2:]
    table: dict[str, dict[str, tuple[float, float, float]]] = {}
    for row in rows[2:]:
        cells = [c.strip().replace("*", "") for c in row]
        table[cells[0]] = {
            d: tuple(float(x) for x in cell.split(" / "))  # type: ignore[misc]
            for d, cell in zip(detectors, cells[2:])
        }
    return detectors, table


def plot_genres(text: str, out: Path) -> list[Path]:
    """F1 per genre for each detector (``realtext-genres.svg``)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams["svg.hashsalt"] = "uts58"
    plt.rcParams["svg.fonttype"] = "none"
    out.mkdir(parents=True, exist_ok=True)
    detectors, table = parse_genre_table(text)
    genres = list(table)
    palette = ["#7fc28e", "#1a7f37", "#0969da", "#bc4c00", "#6e7781", "#8250df", "#d4a72c", "#cf222e"]
    fig, ax = plt.subplots(figsize=(8, 0.55 * len(genres) * 1.6 + 1))
    height = 0.8 / len(detectors)
    for j, det in enumerate(detectors):
        ys = [i + (j - (len(detectors) - 1) / 2) * height for i in range(len(genres))]
        ax.barh(ys, [table[g][det][2] for g in genres], height, color=palette[j % len(palette)], label=det)
    ax.set_yticks(range(len(genres)), genres, fontsize=8)
    ax.invert_yaxis()
    ax.set_xlim(0, 1.0)
    ax.set_xlabel("F1 (weighted)")
    ax.set_title("F1 per genre, hold-out sample (one run)", fontsize=10)
    ax.legend(fontsize=7, frameon=False, loc="lower left", bbox_to_anchor=(1.0, 0.0))
    ax.grid(axis="x", alpha=0.3)
    fig.tight_layout()
    path = out / "realtext-genres.svg"
    fig.savefig(path, metadata={"Date": None})
    plt.close(fig)
    return [path]


def plot_scaling(data: dict[str, Any], out: Path) -> list[Path]:
    """MB/s of each workload with 1 and 2 workers, with the speed-up (``scaling.svg``)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams["svg.hashsalt"] = "uts58"
    plt.rcParams["svg.fonttype"] = "none"
    out.mkdir(parents=True, exist_ok=True)
    rows = data["scaling"]
    fig, ax = plt.subplots(figsize=(8, 3.6))
    width = 0.35
    for j, colour in enumerate(("#7fc28e", "#1a7f37")):
        xs = [i + (j - 0.5) * width for i in range(len(rows))]
        values = [r["mb_per_s"][j] for r in rows]
        bars = ax.bar(xs, values, width, color=colour, label=f"{rows[0]['workers'][j]} worker{'s' if rows[0]['workers'][j] > 1 else ''}")
        for bar, v in zip(bars, values):
            ax.annotate(f"{v:.3g}", (bar.get_x() + bar.get_width() / 2, v), ha="center", va="bottom", fontsize=7,
                        xytext=(0, 2), textcoords="offset points")
    labels = [f"{r['workload']}\n×{r['mb_per_s'][1] / r['mb_per_s'][0]:.2f}" for r in rows]
    ax.set_xticks(range(len(rows)), labels, fontsize=8)
    ax.set_ylabel("MB/s")
    ax.set_title("Scaling from 1 to 2 workers on a 2-core machine", fontsize=10)
    ax.legend(fontsize=8, frameon=False)
    ax.grid(axis="y", alpha=0.3)
    fig.tight_layout()
    path = out / "scaling.svg"
    fig.savefig(path, metadata={"Date": None})
    plt.close(fig)
    return [path]


def tables(data: dict[str, Any]) -> str:
    results = data["results"]
    corpora = list(dict.fromkeys(r["corpus"] for r in results))
    keys = list(dict.fromkeys(r["detector"] for r in results))
    lines = ["| corpus | " + " | ".join(_label(k, data) for k in keys) + " |", "|---" * (len(keys) + 1) + "|"]
    for c in corpora:
        row = [next(r for r in results if r["detector"] == k and r["corpus"] == c) for k in keys]
        lines.append(f"| {c} | " + " | ".join(f"{r['mb_per_s']:.3g} MB/s ({r['links']:,} links)" for r in row) + " |")
    latency = data.get("latency_us") or {}
    if latency:
        messages = list(next(iter(latency.values())))
        lines += ["", "| message | " + " | ".join(_label(k, data) for k in latency) + " |", "|---" * (len(latency) + 1) + "|"]
        for m in messages:
            lines.append(f"| {m} | " + " | ".join(f"{latency[k][m]:.3g} µs" for k in latency) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("results", type=Path, help="the JSON written by bench_detect.py --json")
    ap.add_argument("out_dir", type=Path, help="where to write the SVG plots")
    args = ap.parse_args(argv)
    if args.results.suffix == ".md":  # score.py --markdown: per genre
        for path in plot_genres(args.results.read_text(encoding="utf-8"), args.out_dir):
            print("wrote", path, file=sys.stderr)
        return 0
    data = json.loads(args.results.read_text(encoding="utf-8"))
    if "scaling" in data:
        for path in plot_scaling(data, args.out_dir):
            print("wrote", path, file=sys.stderr)
        return 0
    if "results" not in data:  # score.py's report
        for path in plot_realtext(data, args.out_dir):
            print("wrote", path, file=sys.stderr)
        return 0
    for path in plot(data, args.out_dir):
        print("wrote", path, file=sys.stderr)
    print(tables(data))
    return 0


if __name__ == "__main__":
    sys.exit(main())
