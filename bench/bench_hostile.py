"""Adversarial inputs for ``uts58_icu.find_links`` and the other entry points: does the
time stay linear, and how much memory does a call take?

Each case is a generator of a pathological text of a given size in bytes. Every
(case, size) is timed in its own subprocess (so a runaway case can be killed),
at three sizes: ``--max-mb``/100, ``--max-mb``/10 and ``--max-mb`` (default 0.1,
1 and 10 MB). For each case the table shows seconds at each size and the growth
factors between sizes: ≈10 means linear, ≈100 quadratic. Each case gets a total
budget of ``--timeout`` seconds (default 60) over its sizes; when a run exceeds
what remains, it is killed and the case is reported as FAIL (larger sizes are
not tried).

Peak memory is measured for the largest size in a separate, fresh subprocess, one
definition for every case (issue 22 item 10):

* **input** is the ``str`` the entry point is given, its size in memory
  (``sys.getsizeof``: 1, 2 or 4 bytes per code point, PEP 393). Sizes on the
  command line (``--max-mb``) are UTF-8 bytes; ``peak/utf8`` divides by those too.
* **peak** is the kernel's high-water mark of the process's resident memory
  (``VmHWM``), reset just before the call (``/proc/self/clear_refs``), minus the
  resident memory (``VmRSS``) at that moment: everything the call holds at its
  highest, whatever allocated it (Python objects, the compiled core, ICU, Arrow),
  **result included**, input excluded (it exists before the call).
* ``peak/in`` = peak / input. The goal is at most 5×. Linux only.

``--tracemalloc`` adds a second column from another subprocess: the ``tracemalloc``
peak (Python allocations only, which is what the tests in tests/test_memory.py can
assert deterministically), also result included, over the same input.

The ``prose_*`` cases are generated prose (seeded; about one link in eight words),
in ASCII and multilingual (Greek, Japanese, Arabic, emoji: a 4-byte-per-code-point
``str``), through every library entry point that takes a whole text:

    python bench/bench_hostile.py --mem-only --max-mb 9.5 --cases 'prose_*'

    python bench/bench_hostile.py [--max-mb 10] [--timeout 60] [--cases a,b,'prose_*'] [--no-mem] [--json]
    python bench/bench_hostile.py --list
"""

from __future__ import annotations

import argparse
import fnmatch
import gc
import json
import random
import os
import subprocess
import sys
import time
from collections.abc import Callable

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
MB = 1_000_000


def rep(unit: str, prefix: str = "", suffix: str = "") -> Callable[[int], str]:
    """``prefix + unit * k + suffix``, with ``k`` chosen to make about ``n`` UTF-8 bytes."""

    def make(n: int) -> str:
        unit_bytes = len(unit.encode("utf-8"))
        fixed = len(prefix.encode("utf-8")) + len(suffix.encode("utf-8"))
        return prefix + unit * max(1, (n - fixed) // unit_bytes) + suffix

    return make


# name -> (description, generator). The first group is the brief's list; then extras.
CASES: dict[str, tuple[str, Callable[[int], str]]] = {
    "open_parens": ("'(' * N", rep("(")),
    "a_dot": ("'a.' * N", rep("a.")),
    "at_signs": ("'@' * N", rep("@")),
    "dot_com": ("'.com' * N", rep(".com")),
    "x_dot_chain_tld": ("'x.' * N + 'com'  (one huge host x.x.x…x.com)", rep("x.", suffix="com")),
    "xcom_nospace": ("'x.com' * N  (x.comx.comx.com…)", rep("x.com")),
    "url_open_parens": ("'example.com/' + '(' * N  (past the 125 bracket limit)", rep("(", prefix="example.com/")),
    "url_paren_pairs": ("'example.com/' + '()' * N", rep("()", prefix="example.com/")),
    "a_at_chain": ("'a@' * N + 'a'  (a@a@a@…a)", rep("a@", suffix="a")),
    "fragment_directives": ("'https://example.com/#' + ':~:' * N", rep(":~:", prefix="https://example.com/#")),
    "percent_run": ("'%' * N", rep("%")),
    "url_percent_run": ("'example.com/' + '%' * N", rep("%", prefix="example.com/")),
    "single_url": ("'https://example.com/' + 'a' * N  (one URL as long as the input)", rep("a", prefix="https://example.com/")),
    # extras
    "letters_no_dot": ("'a' * N", rep("a")),
    "xcom_spaced": ("'x.com ' * N  (a link every 6 bytes)", rep("x.com ")),
    "emails_spaced": ("'a@x.com ' * N  (an email every 8 bytes)", rep("a@x.com ")),
    "url_slashes": ("'example.com/' + '/' * N", rep("/", prefix="example.com/")),
    "url_query_amps": ("'example.com/?' + 'a=b&' * N", rep("a=b&", prefix="example.com/?")),
    "url_close_parens": ("'example.com/a' + ')' * N", rep(")", prefix="example.com/a")),
    "url_in_url": ("'https://example.com' + '/https://x.com' * N", rep("/https://x.com", prefix="https://example.com")),
    "ideographic_stops": ("'例。' * N + '中国'  (U+3002 label separators)", rep("例\u3002", suffix="中国")),
    "long_local_part": ("'a' * N + '@example.com'", rep("a", suffix="@example.com")),
    "dotted_local_part": ("'a.' * N + 'a@example.com'", rep("a.", suffix="a@example.com")),
    "scheme_run": ("'http://' * N", rep("http://")),
    "double_slash_hosts": ("'//x.com' * N  (scheme-relative, not linked)", rep("//x.com")),
    "ip_urls_spaced": ("'http://1.1.1.1 ' * N  (an IPv4 URL every 15 bytes)", rep("http://1.1.1.1 ")),
    "ip_urls_nospace": ("'http://1.1.1.1/' * N  (IPv4 URLs inside one path)", rep("http://1.1.1.1/")),
    # the base-algorithm fixes of issue 15 Part 1 (corefix)
    "ip_glued_letter": ("'http://1.1.1.1é' * N  (IPv4 run glued to a letter)", rep("http://1.1.1.1\u00e9")),
    "ipv6_urls": ("'http://[::1]/ ' * N", rep("http://[::1]/ ")),
    "glued_http": ("'1.http://x.com ' * N  (http:// glued to text before it)", rep("1.http://x.com ")),
    "hosts_before_at": ("'a.com+' * N + 'c@d.com'  (one local-part made of hosts)", rep("a.com+", suffix="c@d.com")),
    "hosts_plus_no_at": ("'a.com+' * N  (Link_Email run with no '@')", rep("a.com+")),
    "userinfo_urls": ("'http://u:p@x.com/ ' * N", rep("http://u:p@x.com/ ")),
    "glued_ports": ("'a.com:8080x' * N  (invalid ports)", rep("a.com:8080x")),
    "long_port": ("'a.com:' + '0' * N", rep("0", prefix="a.com:")),
    "ellipsis_hosts": ("'a.com...' * N", rep("a.com...")),
    # issue 22 items 3 and 8 (sec-core)
    "dotless_email_domain": ("'a.co+b@c ' * N  (email look-ahead to a dotless domain)", rep("a.co+b@c ")),
    "dotless_email_domain_com": ("'a.com+b@c ' * N", rep("a.com+b@c ")),
    "userinfo_glued_port": ("'http://u:p@b.com:443e.com/ ' * N  (rejected authorities)", rep("http://u:p@b.com:443e.com/ ")),
    "hosts_in_rejected_authority": ("'http://x.zzz,' + 'a.com,' * N", rep("a.com,", prefix="http://x.zzz,")),
    "comma_hosts": ("'a.com,' * N  (links with no space between)", rep("a.com,")),
}

# Generated prose (issue 22 item 10): lines of words with about one link in eight words.
_ASCII_WORDS = [
    "the", "link", "is", "here", "and", "there", "text", "(see", "also)", "-", "!", "?", ".", ",",
    "<b>", "&", '"quoted"', "mail", "page", "write", "to", "us",
]  # fmt: skip
_ASCII_LINKS = [
    "example.com", "https://example.com/path?q=1&r=2#frag", "bob@example.org", "www.example.net/a/b",
    "mailto:a+b@example.org", "http://127.0.0.1:8000/x", "https://en.wikipedia.org/wiki/Link_(disambiguation)",
    "example.com#a:~:text=(b),(c)", "ftp://files.example.com/pub/x.tar.gz",
]  # fmt: skip
_ML_WORDS = _ASCII_WORDS + ["σωκράτης", "bücher", "アルベルト", "عربي", "😀", "—"]
_ML_LINKS = _ASCII_LINKS + [
    "bücher.de/bücher", "https://ja.wikipedia.org/wiki/アルベルト・アインシュタイン", "www.youtube.com/@핑크퐁",
    "σωκράτης@example.gr", "例え.テスト/パス",
]  # fmt: skip


def prose(words: list[str], links: list[str]) -> Callable[[int], str]:
    """About ``n`` UTF-8 bytes of seeded prose: a 256 kB block of lines, repeated.

    Built as one block times k (one allocation), so the process holds little else
    before the measured call."""

    def make(n: int) -> str:
        rng = random.Random(58)
        lines = []
        size = 0
        while size < min(n, 1 << 18):
            line = " ".join(rng.choice(links) if rng.random() < 0.12 else rng.choice(words)
                            for _ in range(rng.randint(3, 30))) + "\n"
            lines.append(line)
            size += len(line.encode("utf-8"))
        block = "".join(lines)
        return block * max(1, n // size)

    return make


# Other entry points (issue 9 item 13, issue 22 item 10: memory far beyond the input).
# name -> (description, generator, entry point); the entry point is called on the text.
ENTRY_CASES: dict[str, tuple[str, Callable[[int], str], str]] = {
    "offsets_emoji": ("OffsetConverter('😎' * N)", rep("\U0001F60E"), "offsets"),
    "format_parts_ascii": ("format_parts('https', 'x.com', ['a' * N])", rep("a"), "format_parts"),
    "format_parts_spaces": ("format_parts('https', 'x.com', [' ' * N])  (all Hard)", rep(" "), "format_parts"),
    "format_parts_cjk": ("format_parts('https', 'x.com', ['例' * N])", rep("例"), "format_parts"),
    "minimal_escape_ascii": ("minimal_escape('https://x.com/' + 'a' * N)", rep("a", prefix="https://x.com/"), "minimal_escape"),
    "minimal_escape_escapes": ("minimal_escape('https://x.com/' + '%C3%A9' * N)", rep("%C3%A9", prefix="https://x.com/"), "minimal_escape"),
    "minimal_escape_emoji": ("minimal_escape('https://x.com/' + '😎' * N)", rep("\U0001F60E", prefix="https://x.com/"), "minimal_escape"),
    "display_bidi": ("Link.display of 'https://x.com/' + '\\u202e' * N (every one escaped)", rep("\u202e", prefix="https://x.com/"), "display"),
}
#: The library's whole-text entry points, each run on ASCII and multilingual prose.
PROSE_ENTRIES = (
    "find_links", "redact", "find_links_batch", "minimal_escape", "linkify_text_to_html",
    "html.linkify", "django.urlize",
)  # fmt: skip
for _entry in PROSE_ENTRIES:
    _key = _entry.replace(".", "_")
    ENTRY_CASES[f"prose_{_key}"] = ("ASCII prose, a link in ~8 words", prose(_ASCII_WORDS, _ASCII_LINKS), _entry)
    ENTRY_CASES[f"prose_ml_{_key}"] = (
        "multilingual prose (Greek, Japanese, Arabic, emoji), a link in ~8 words",
        prose(_ML_WORDS, _ML_LINKS),
        _entry,
    )
for _name, (_desc, _gen, _entry) in ENTRY_CASES.items():
    CASES[_name] = (f"{_desc}  [{_entry}]", _gen)


def _entry_point(case: str) -> Callable[[str], object]:
    """The function a case runs: ``find_links`` unless the case names another entry point."""
    entry = ENTRY_CASES[case][2] if case in ENTRY_CASES else "find_links"
    if entry == "offsets":
        from uts58_icu.offsets import OffsetConverter

        return OffsetConverter
    if entry == "format_parts":
        from uts58_icu.core.escaping import format_parts

        return lambda text: format_parts("https", "x.com", [text])
    if entry == "minimal_escape":
        from uts58_icu.core.escaping import minimal_escape

        return minimal_escape
    if entry == "display":
        from uts58_icu.core.detection import Link

        return lambda text: Link(0, len(text), "url", text, "").display
    if entry == "redact":
        from uts58_icu import redact

        return redact
    if entry == "find_links_batch":
        from uts58_icu.batch import find_links_batch

        return lambda text: find_links_batch([text])
    if entry == "linkify_text_to_html":
        from uts58_icu import linkify_text_to_html

        return linkify_text_to_html
    if entry == "html.linkify":
        from uts58_icu.html import linkify

        return linkify
    if entry == "django.urlize":
        import django
        from django.conf import settings

        if not settings.configured:
            settings.configure()
            django.setup()
        from uts58_icu.django import urlize

        return urlize
    from uts58_icu import find_links

    return find_links


def _result_bytes(result: object) -> int:
    """About what the result holds: a str, a list of Links (and their strs), an Arrow array."""
    if isinstance(result, str):
        return sys.getsizeof(result)
    if isinstance(result, list):
        total = sys.getsizeof(result)
        for link in result:
            total += sys.getsizeof(link) + sys.getsizeof(link.text) + sys.getsizeof(link.href)
            total += sys.getsizeof(link.start) + sys.getsizeof(link.end)
        return total
    nbytes = getattr(result, "nbytes", None)
    return int(nbytes) if isinstance(nbytes, int) else 0


def _status_kb(field: str) -> int:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    raise RuntimeError(f"no {field} in /proc/self/status")


def _rss_peak(run: Callable[[str], object], text: str) -> tuple[int, object]:
    """(bytes of resident memory the call added at its highest, result): VmHWM reset
    just before the call, minus VmRSS then."""
    gc.collect()
    try:  # give back what building the input freed, or the call would reuse it unseen
        import ctypes

        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):  # not glibc
        pass
    with open("/proc/self/clear_refs", "w") as f:
        f.write("5")  # reset VmHWM to the current VmRSS (Linux >= 4.0)
    before = _status_kb("VmRSS")
    result = run(text)
    return (_status_kb("VmHWM") - before) * 1024, result


WARM_TEXT = "Mail bob@example.com or see https://example.com/a_(b) and http://1.2.3.4/x."


# ---------------------------------------------------------------------- worker


def worker(case: str, size: int, mode: str) -> dict:
    if ROOT not in sys.path:
        sys.path.append(ROOT)  # after PYTHONPATH, so a snapshot can be benchmarked
    from uts58_icu.core.detection import find_links

    find_links(WARM_TEXT)  # compile patterns, load TLDs
    run = _entry_point(case)
    run(WARM_TEXT)
    text = CASES[case][1](size)
    nbytes = len(text.encode("utf-8"))
    out: dict = {"case": case, "bytes": nbytes, "chars": len(text), "str_bytes": sys.getsizeof(text)}
    if mode in ("mem", "tracemalloc"):
        if mode == "mem":
            peak, result = _rss_peak(run, text)
        else:
            import tracemalloc

            gc.collect()
            tracemalloc.start()
            base, _ = tracemalloc.get_traced_memory()
            result = run(text)
            _, top = tracemalloc.get_traced_memory()
            tracemalloc.stop()
            peak = top - base
        out.update(
            peak_bytes=peak,
            result_bytes=_result_bytes(result),
            links=len(result) if isinstance(result, list) else None,
            # result included, input excluded, over the input str's size in memory
            peak_ratio=peak / out["str_bytes"],
            peak_utf8=peak / nbytes,
        )
        return out
    repeat = 3 if nbytes < MB else 1
    best = float("inf")
    links = []
    for _ in range(repeat):
        links = []
        t0 = time.perf_counter()
        result = run(text)
        best = min(best, time.perf_counter() - t0)
        links = result if isinstance(result, list) else []
    out.update(seconds=best, links=len(links), linked_chars=sum(link.end - link.start for link in links))
    return out


def run_worker(case: str, size: int, mode: str, timeout: float) -> dict:
    """Run one measurement in a subprocess; {'error': ...} on timeout or crash."""
    cmd = [sys.executable, os.path.abspath(__file__), "--worker", case, str(size), mode]
    t0 = time.perf_counter()
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=max(timeout, 0.1), cwd=ROOT)
    except subprocess.TimeoutExpired:
        return {"error": f"timeout after {time.perf_counter() - t0:.0f} s", "wall": time.perf_counter() - t0}
    wall = time.perf_counter() - t0
    if proc.returncode != 0:
        tail = (proc.stderr.strip().splitlines() or ["?"])[-1]
        return {"error": f"exit {proc.returncode}: {tail}", "wall": wall}
    res = json.loads(proc.stdout.strip().splitlines()[-1])
    res["wall"] = wall
    return res


# ---------------------------------------------------------------------- driver


def fmt_s(x: float | None) -> str:
    if x is None:
        return "-"
    return f"{x:.4f}" if x < 10 else f"{x:.2f}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--max-mb", type=float, default=10.0, help="largest size in MB; also /10 and /100 (default 10)")
    ap.add_argument("--timeout", type=float, default=60.0, help="time budget per case in seconds, over all sizes (default 60)")
    ap.add_argument("--mem-timeout", type=float, default=300.0, help="timeout of each memory run (default 300)")
    ap.add_argument("--cases", default="", help="comma-separated case names or patterns, e.g. 'prose_*' (default: all)")
    ap.add_argument("--no-mem", action="store_true", help="skip the memory runs")
    ap.add_argument("--mem-only", action="store_true", help="only the memory run at the largest size (no timing)")
    ap.add_argument("--tracemalloc", action="store_true", help="also the tracemalloc peak (Python allocations only)")
    ap.add_argument("--json", action="store_true", help="print results as JSON")
    ap.add_argument("--list", action="store_true", help="list the cases and exit")
    ap.add_argument("--worker", nargs=3, metavar=("CASE", "BYTES", "MODE"), help=argparse.SUPPRESS)
    args = ap.parse_args(argv)

    if args.worker:
        case, size, mode = args.worker
        print(json.dumps(worker(case, int(size), mode)))
        return 0
    if args.list:
        for name, (desc, _) in CASES.items():
            print(f"{name:<30} {desc}")
        return 0

    names: list[str] = []
    for pattern in [c for c in args.cases.split(",") if c] or ["*"]:
        found = [name for name in CASES if fnmatch.fnmatchcase(name, pattern)]
        if not found:
            ap.error(f"unknown case {pattern!r}; see --list")
        names += [name for name in found if name not in names]
    sizes = [int(args.max_mb * MB / 100), int(args.max_mb * MB / 10), int(args.max_mb * MB)]
    labels = [_mb_label(s) for s in sizes]

    results = []
    for name in names:
        desc = CASES[name][0]
        row: dict = {"case": name, "input": desc, "seconds": {}, "links": None, "status": "ok"}
        budget = args.timeout
        for size, label in zip(sizes, labels):
            if args.mem_only:
                break
            res = run_worker(name, size, "time", budget)
            budget -= res.get("wall", 0.0)
            if "error" in res:
                row["status"] = f"FAIL at {label}: {res['error']}"
                break
            row["seconds"][label] = res["seconds"]
            row["links"] = res["links"]
            row["linked_chars"] = res["linked_chars"]
        t = [row["seconds"].get(label) for label in labels]
        row["growth"] = {
            f"{labels[0]}->{labels[1]}": (t[1] / t[0]) if t[0] and t[1] else None,
            f"{labels[1]}->{labels[2]}": (t[2] / t[1]) if t[1] and t[2] else None,
        }
        g = row["growth"][f"{labels[1]}->{labels[2]}"]
        if g is not None and g > 15 and t[2] > 0.05:
            row["status"] = "SUPERLINEAR?"
        row["peak_mb"] = row["peak_ratio"] = row["peak_utf8"] = row["result_mb"] = row["py_ratio"] = None
        if not args.no_mem and (t[2] is not None or args.mem_only):
            mem = run_worker(name, sizes[2], "mem", args.mem_timeout)
            if "error" in mem:
                row["mem_error"] = mem["error"]
                row["status"] = f"mem: {mem['error']}"
            else:
                row["peak_mb"] = mem["peak_bytes"] / MB
                row["result_mb"] = mem["result_bytes"] / MB
                row["peak_ratio"] = mem["peak_ratio"]
                row["peak_utf8"] = mem["peak_utf8"]
                row["input_mb"] = mem["str_bytes"] / MB
                if row["links"] is None:
                    row["links"] = mem["links"]
            if args.tracemalloc:
                py = run_worker(name, sizes[2], "tracemalloc", args.mem_timeout)
                row["py_ratio"] = py.get("peak_ratio")
        results.append(row)
        if not args.json:
            print(f"  .. {name:<30} {' '.join(fmt_s(x) for x in t)} {num_or_dash(row['peak_ratio'])}  {row['status']}",
                  file=sys.stderr)

    if args.json:
        print(json.dumps({"sizes": dict(zip(labels, sizes)), "results": results}, indent=2))
        return 0

    g01, g12 = f"{labels[0]}->{labels[1]}", f"{labels[1]}->{labels[2]}"
    print()
    print("Seconds per call (best of 3 below 1 MB, a single run from 1 MB); growth ≈10 is linear.")
    print(f"Memory at {labels[2]} (UTF-8), each in a fresh process: in MB = the input str in memory")
    print("(sys.getsizeof); peak MB = VmHWM during the call minus VmRSS before it (result included);")
    print("peak/in = peak / in; peak/utf8 = peak / UTF-8 bytes; result MB = what the result holds;")
    print("py/in = tracemalloc peak / in (--tracemalloc). Load average: "
          + ", ".join(f"{x:.2f}" for x in os.getloadavg()) + f" on {os.cpu_count()} CPUs.")
    print()
    head = f"{'case':<30} " + " ".join(f"{'s@' + lb:>10}" for lb in labels)
    head += f" {'x' + g01:>14} {'x' + g12:>14} {'in MB':>7} {'peak MB':>8} {'result MB':>9}"
    head += f" {'peak/in':>8} {'peak/utf8':>9} {'py/in':>6} {'links':>8}  status"
    print(head)

    def num(x: float | None, spec: str) -> str:
        return "-" if x is None else format(x, spec)

    for row in results:
        t = [row["seconds"].get(lb) for lb in labels]
        gs = [row["growth"][g01], row["growth"][g12]]
        line = f"{row['case']:<30} " + " ".join(f"{fmt_s(x):>10}" for x in t)
        line += " " + " ".join(f"{num(x, '.1f'):>14}" for x in gs)
        line += f" {num(row.get('input_mb'), '.1f'):>7} {num(row['peak_mb'], '.1f'):>8} {num(row['result_mb'], '.1f'):>9}"
        line += f" {num(row['peak_ratio'], '.2f'):>8} {num(row['peak_utf8'], '.2f'):>9} {num(row['py_ratio'], '.2f'):>6}"
        line += f" {row['links'] if row['links'] is not None else '-':>8}  {row['status']}"
        print(line)
    print()
    print("Inputs:")
    for row in results:
        print(f"  {row['case']:<30} {row['input']}")
    return 0


def num_or_dash(x: float | None) -> str:
    return "-" if x is None else f"peak/in {x:.2f}"


def _mb_label(n: int) -> str:
    mb = n / MB
    return f"{mb:g}MB"


if __name__ == "__main__":
    sys.exit(main())
