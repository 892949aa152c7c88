"""``uts58-explain``: an SVG figure of how UTS #58 decides one link, drawn at build time.

In a MyST page::

    ```{uts58-explain} (see example.com/a(b)c?q=[2)]. ok
    :index: 6
    :policy: base
    ```

The figure shows each code point of the text coloured by its Link_Term value (from the ICU
in use), the link that :func:`uts58_icu.explain` finds at ``index`` (with its parts), and
each reason ``explain`` gives, at its offset. Nothing is drawn by hand: change the library
and the figure changes with it.
"""

from __future__ import annotations

import html
import re
from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from docutils.statemachine import StringList
from sphinx.util.docutils import SphinxDirective

CELL, TOP, ROW = 18, 30, 24
CHAR_W = 7.3  # advance of one character at font-size 12 (monospace)
COLOURS = {  # Link_Term value -> fill
    "Include": "#e8f0fe", "Soft": "#fff4cc", "Hard": "#fde2e1", "Open": "#e1f5e4", "Close": "#d9f0ee",
}
REASON = re.compile(r"^\[(\d+):(\d+)\] (.*)$")


def draw(text: str, index: int, policy: str = "base") -> str:
    """The SVG (a string) for ``explain(text, index)`` under ``policy`` (``base``/``recommended``)."""
    from uts58_icu import LinkPolicy, explain, link_term

    pol = LinkPolicy.recommended() if policy == "recommended" else None
    e = explain(text, index, policy=pol)
    right = CELL * len(text) + 20.0  # the rightmost x drawn so far
    out: list[str] = []
    add = out.append
    for i, ch in enumerate(text):
        x = 10 + CELL * i
        term = str(link_term(ch).value)
        add(f'<rect x="{x}" y="{TOP}" width="{CELL - 2}" height="{ROW}" rx="3" fill="{COLOURS.get(term, "#eee")}" stroke="#999" stroke-width="0.5"><title>U+{ord(ch):04X} Link_Term={term}</title></rect>')
        add(f'<text x="{x + (CELL - 2) / 2}" y="{TOP + 18}" text-anchor="middle" font-size="13">{html.escape(ch if ch != " " else "·")}</text>')
        add(f'<text x="{x + (CELL - 2) / 2}" y="{TOP - 6}" text-anchor="middle" font-size="7" fill="#777">{term[0]}</text>')
    y = TOP + ROW + 8
    if e.link is not None:
        x0, x1 = 10 + CELL * e.link.start, 10 + CELL * e.link.end - 2
        add(f'<rect x="{x0 - 2}" y="{TOP - 2}" width="{x1 - x0 + 4}" height="{ROW + 4}" rx="4" fill="none" stroke="#1a7f37" stroke-width="2.5"/>')
        add(f'<text x="{x0}" y="{y + 12}" font-size="12" fill="#1a7f37">{e.link.kind}: {html.escape(e.link.text)}</text>')
        right = max(right, x0 + CHAR_W * (len(e.link.text) + 8))
        y += 20
    for n, reason in enumerate(e.reasons, 1):
        m = REASON.match(reason)
        start, end, why = (int(m[1]), int(m[2]), m[3]) if m else (index, index, reason)
        xs, xe = 10 + CELL * start - 1, 10 + CELL * max(end, start) - 1
        add(f'<line x1="{xs}" y1="{TOP - 4}" x2="{xs}" y2="{y + 4}" stroke="#c62828" stroke-dasharray="3,2"/>')
        if xe > xs:
            add(f'<line x1="{xs}" y1="{TOP + ROW + 3}" x2="{xe}" y2="{TOP + ROW + 3}" stroke="#c62828" stroke-width="3"/>')
        label = f"{n}. {why}"
        if xs + 4 + CHAR_W * len(label) > right and CHAR_W * len(label) < right:
            anchor, lx = "end", xs - 4  # too long to the right: write it leftwards
            if lx - CHAR_W * len(label) < 0:
                anchor, lx = "start", 10
        else:
            anchor, lx = "start", xs + 4
        add(f'<text x="{lx}" y="{y + 12}" font-size="12" fill="#c62828" text-anchor="{anchor}">{html.escape(label)}</text>')
        right = max(right, lx + CHAR_W * len(label) + 10 if anchor == "start" else right)
        y += 20
    legend_x = 10
    y += 6
    for term, fill in COLOURS.items():
        add(f'<rect x="{legend_x}" y="{y}" width="12" height="12" fill="{fill}" stroke="#999" stroke-width="0.5"/>')
        add(f'<text x="{legend_x + 16}" y="{y + 10}" font-size="11">{term}</text>')
        legend_x += 80
    y += 20
    width = int(max(right, legend_x)) + 10
    label = html.escape(f"explain({text!r}, {index})")
    return (f'<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="{label}" width="{width}" '
            f'height="{y}" style="max-width:100%;height:auto" viewBox="0 0 {width} {y}" font-family="DejaVu Sans Mono, monospace">'
            + "".join(out) + "</svg>")


class ExplainFigure(SphinxDirective):
    required_arguments = 1
    final_argument_whitespace = True
    has_content = True
    option_spec = {"index": directives.nonnegative_int, "policy": lambda v: directives.choice(v, ("base", "recommended"))}

    def run(self) -> list[nodes.Node]:
        text = self.arguments[0]
        svg = draw(text, self.options.get("index", 0), self.options.get("policy", "base"))
        fig = nodes.container(classes=["uts58-figure"])
        fig += nodes.raw("", f'<div class="uts58-svg">{svg}</div>', format="html")
        if self.content:
            para = nodes.paragraph()
            self.state.nested_parse(self.content, self.content_offset, para)
            fig += para.children
        return [fig]


def setup(app: Any) -> dict[str, Any]:
    app.add_directive("uts58-explain", ExplainFigure)
    app.add_directive("uts58-policy-rules", PolicyRules)
    app.add_css_file("uts58.css")
    return {"parallel_read_safe": True, "parallel_write_safe": True}


class PolicyRules(SphinxDirective):
    """``uts58-policy-rules``: one row per field of :class:`uts58_icu.LinkPolicy`, generated.

    Content lines are ``field: example text``. Each row gives the field, its value in
    ``recommended()``, the first sentence of its ``#:`` documentation (with its §8 basis),
    and for the example: the links of the base algorithm, of ``recommended()``, and the
    reason ``explain()`` gives. A field without an example is still listed, so a new field
    appears here as soon as it exists.
    """

    has_content = True

    def run(self) -> list[nodes.Node]:
        import dataclasses

        from sphinx.pycode import ModuleAnalyzer

        from uts58_icu import LinkPolicy, explain, find_links

        docs = ModuleAnalyzer.for_module("uts58_icu.linkification.policy").find_attr_docs()
        examples: dict[str, str] = {}
        for line in self.content:
            if line.strip():
                name, _, text = line.partition(":")
                examples[name.strip()] = text.strip()
        fields = [f.name for f in dataclasses.fields(LinkPolicy)]
        unknown = set(examples) - set(fields)
        if unknown:
            raise self.error(f"not LinkPolicy fields: {sorted(unknown)}")
        rec = LinkPolicy.recommended()

        def cell(value: str) -> str:
            return value.replace("|", "\\|").replace("\n", " ")

        def code(value: str) -> str:
            return f"`` {value} ``" if "`" in value else f"`{value}`"

        rows = ["| field | in `recommended()` | what it does | example | base | `recommended()` | `explain()` says |",
                "|---|---|---|---|---|---|---|"]
        for name in fields:
            doc = " ".join(line.strip() for line in docs.get(("LinkPolicy", name), []))
            first = re.split(r"(?<=[.;])\s", doc, maxsplit=1)[0] if doc else ""
            value = getattr(rec, name)
            if value in (False, None, "allow"):
                shown = "—"
            elif isinstance(value, frozenset) and len(value) > 3:
                shown = f"{len(value)} names"
            else:
                shown = code(repr(value))
            text = examples.get(name)
            if text:
                base = [lk.text for lk in find_links(text)]
                recd = [lk.text for lk in find_links(text, policy=rec)]
                at = next((lk.start for lk in find_links(text)), 0)
                reasons = [r.split("] ", 1)[-1] for r in explain(text, at, policy=rec).reasons if name in r]
                row = [code(name), shown, cell(first), code(text), cell(", ".join(code(b) for b in base) or "—"),
                       cell(", ".join(code(r) for r in recd) or "—"), cell(code(reasons[0]) if reasons else "")]
            else:
                row = [code(name), shown, cell(first), "", "", "", ""]
            rows.append("| " + " | ".join(row) + " |")
        container = nodes.container(classes=["uts58-policy-rules"])
        self.state.nested_parse(StringList(rows, source="<uts58-policy-rules>"), self.content_offset, container)
        return [container]
