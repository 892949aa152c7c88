"""Hostile HTML at 1× and 4× size through every HTML entry point: is the time linear?

For each payload family (deep nesting, unclosed markup, entity storms, CR/NUL/``</>``
storms, many links, rescans between glued links, …) and each entry point
(``uts58_icu.html.linkify``, the bleach adapter, Django ``urlize`` through a real
``django.template.Engine``, Jinja2 ``urlize`` through a real ``Environment``, and
``uts58_icu.linkify_html`` on plain text), it reports seconds (best of ``--repeat``) at
``--kb`` and 4× that, and the growth factor (≈4 linear, ≈16 quadratic). No assertion:
numbers only, one run.

    python bench/bench_html_hostile.py [--kb 50] [--repeat 2] [--only linkify] [--payload nested-b]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def payloads(n: int) -> dict[str, str]:
    """Hostile inputs of about ``n`` characters."""

    def rep(unit: str, tail: str = "") -> str:
        return unit * max(1, n // len(unit)) + tail

    return {
        "many-links": rep("a.com "),
        "nested-b": rep("<b>", "a.com"),
        "nested-a": rep("<a>", "a.com"),
        "a-table-storm": rep("<a><table></a>a.com "),
        "nested-svg": rep("<svg>", "a.com"),
        "unclosed-comment": "<!--" + rep("a.com "),
        "unclosed-attr": '<p title="' + rep("a.com "),
        "unclosed-tag": "<p " + rep("a.com "),
        "entity-amp": "a.com/" + rep("&amp;"),
        "entity-bare": "a.com/?" + rep("&"),
        "entity-named-noterm": rep("&copy"),
        "entity-numeric": "a.com/" + rep("&#x41;"),
        "entity-in-links": rep("a.com&amp;b.org "),
        "cr-storm": rep("a.com\r"),
        "crlf-storm": rep("a.com\r\n"),
        "nul-storm": rep("a.com\0"),
        "empty-end-tags": rep("a.com</>"),
        "glued-rescans": rep("a.comhttp://b.org"),
        "glued-chain": rep("a.comhttp://", "a.com"),
        "one-long-url": "http://a.com/" + rep("x"),
        "brackets": rep("(") + "http://a.com/" + rep(")"),
        "dots": "a.com" + rep("."),
        "emails": rep("me@a.com,"),
        "lt-in-text": rep("a.com<"),
    }


def entry_points() -> dict[str, Callable[[str], str]]:
    import django
    from django.conf import settings

    if not settings.configured:
        settings.configure(INSTALLED_APPS=["uts58_icu.django"], USE_I18N=False)
        django.setup()
    from django.template import Context, Engine
    from jinja2 import Environment

    from uts58_icu import bleach, linkify_html
    from uts58_icu.html import linkify
    from uts58_icu.jinja2 import install

    engine = Engine(libraries={"uts58": "uts58_icu.django.templatetags.uts58"})
    dj = engine.from_string("{% load uts58 %}{{ v|urlizetrunc:20 }}")
    jj = install(Environment(autoescape=True)).from_string("{{ v|urlize(20, true, '_blank') }}")
    return {
        "linkify": linkify,
        "bleach": lambda s: bleach.linkify(s, parse_email=True),
        "django": lambda s: dj.render(Context({"v": s})),
        "jinja2": lambda s: jj.render(v=s),
        "linkify_html": linkify_html,
    }


def best(fn: Callable[[str], str], text: str, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn(text)
        times.append(time.perf_counter() - t0)
    return min(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kb", type=int, default=50, help="size of the 1x payloads in KB (default 50)")
    ap.add_argument("--repeat", type=int, default=2)
    ap.add_argument("--only", action="append", help="entry point(s) to run (default all)")
    ap.add_argument("--payload", action="append", help="payload(s) to run (default all)")
    args = ap.parse_args()
    points = entry_points()
    if args.only:
        points = {k: v for k, v in points.items() if k in args.only}
    small, large = payloads(args.kb * 1000), payloads(4 * args.kb * 1000)
    print(f"{'payload':22} {'entry':13} {'1x s':>8} {'4x s':>8} {'growth':>7}")
    worst = 0.0
    for name in small:
        if args.payload and name not in args.payload:
            continue
        for entry, fn in points.items():
            t1 = best(fn, small[name], args.repeat)
            t4 = best(fn, large[name], args.repeat)
            growth = t4 / t1 if t1 > 0 else float("nan")
            worst = max(worst, growth)
            print(f"{name:22} {entry:13} {t1:8.4f} {t4:8.4f} {growth:7.2f}", flush=True)
    print(f"largest growth: {worst:.2f} (4 = linear, 16 = quadratic)")


if __name__ == "__main__":
    main()
