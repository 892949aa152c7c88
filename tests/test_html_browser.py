"""Issue 22 item 1: the output of ``uts58_icu.html.linkify``, rendered in a real headless Chromium.

Payloads of the mutation-XSS families (foreign content with every raw-text name,
integration points, CDATA, ``noscript``, ``select``, comments in attributes, ``</p>``
and text in tables, ``<template>``, script escapes) are linked, then input and output
are loaded side by side, each in an ``<iframe srcdoc>`` of one page, in ONE Chromium
launch (``--dump-dom``). A script in the page reads each frame's title (payloads set
``document.title=1337`` when they run) and its DOM, with the inserted ``<a>`` (marked by
a callback attribute) unwrapped. The test asserts that no payload runs in the output
and that the output's DOM is the input's.

Chromium is Debian's ``chromium`` (``UTS58_CHROMIUM`` names another binary). Without
one the test is skipped — except under ``CI=true``, where it fails.
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import subprocess
import tempfile

import pytest

from uts58_icu import Link
from uts58_icu.html import Linker, nofollow


def _chromium() -> str | None:
    for name in (os.environ.get("UTS58_CHROMIUM"), "chromium", "chromium-browser", "google-chrome"):
        if name and shutil.which(name):
            return shutil.which(name)
    return None


CHROMIUM = _chromium()
if CHROMIUM is None:
    if os.environ.get("CI", "").lower() == "true":
        raise RuntimeError("CI=true and no Chromium: apt-get install -y chromium (tests/test_html_browser.py)")
    pytest.skip("no chromium binary (apt-get install chromium)", allow_module_level=True)

MARK = "data-u58"


def _mark(attrs: dict[str, str], link: Link) -> dict[str, str]:
    attrs[MARK] = "1"
    return attrs


LINKER = Linker(callbacks=[nofollow, _mark])
RUN = "document.title=1337//"  # what a payload runs
XSS = f'http://x.com/onerror={RUN}">'
ROOTS = ["svg", "math"]
RAW_TEXT = ["style", "title", "textarea", "xmp", "noembed", "iframe", "noscript", "noframes", "script"]

PAYLOADS = [
    # The reproducer and its family: every raw-text name in svg and math.
    *(f'<{root}><{raw}><img src=x title="</{raw}></{root}>{XSS}' for root in ROOTS for raw in RAW_TEXT),
    *(f'<{root}><{raw}><img src=x title="</{raw}>{XSS}' for root in ROOTS for raw in RAW_TEXT),
    *(f'<p>see a.com</p><{root}><g><{raw}/><img src=x title="</{raw}></g></{root}>{XSS}'
      for root in ROOTS for raw in ("style", "title", "xmp")),
    # An HTML element inside an integration point: the browser ignores "</svg>" there.
    f'<svg><foreignObject><div></svg></div></foreignObject><style><img src=x title="</style>{XSS}',
    f'<svg><desc><b></svg></b></desc><style><img src=x title="</style>{XSS}',
    f'<math><mi><div></math></div></mi><style><img src=x title="</style>{XSS}',
    f'<math><mtext><p></math></p></mtext><xmp><img src=x title="</xmp>{XSS}',
    f'<math><annotation-xml encoding="text/html"><p></math></p></annotation-xml><style><img src=x title="</style>{XSS}',
    # CDATA: a section in foreign content, a bogus comment in HTML.
    f'<svg><![CDATA[></svg>]]><style><img src=x title="</style>{XSS}',
    f'<math><mi><![CDATA[></math>]]></mi><style><img src=x title="</style>{XSS}',
    f'<![CDATA[><img src=x title="]]>{XSS}',
    '<svg><![CDATA[ a.com ]]></svg> b.org',
    # noscript: raw text with scripting on, markup with it off.
    f'<noscript><p title="</noscript>{XSS}',
    f'<noscript><img src=x title="</noscript>{XSS}',
    f'<noscript><style></noscript><img src=x title="</style>{XSS}',
    '<noscript><img src=x></noscript> see a.com',
    '<noscript><iframe src="about:blank" height="0"></iframe></noscript> see a.com',
    f'<noscript><iframe><img src=x title="</iframe></noscript>{XSS}',
    f'<noscript><style></noscript><img src=x title="</style>{XSS}',
    # select: raw-text start tags ignored by the old "in select" mode.
    f'<select><xmp></select><img src=x title="</xmp>{XSS}',
    f'<select><style></select><img src=x title="</style>{XSS}',
    f'<select><option>a.com<textarea><img src=x title="</textarea>{XSS}',
    # Comments in attributes, and attributes in comments.
    '<img src=x title="<!--">http://x.com/ -->',
    '<p title="-->">x.com</p><!-- a.com -->',
    f'<!--<img src=x title="-->{XSS}',
    f'<!--><img src=x title="-->{XSS}',
    f'<!---><img src=x title="--!>{XSS}',
    '<a title="<!--">x</a> http://x.com <!-- -->',
    # Tables: "</p>" and text are foster-parented; whitespace alone is not.
    '<table></p>x.com<td>a.com</table>',
    f'<table><tr></p> {XSS}</table>',
    '<table> x.com</table>',
    '<table><td></td> x.com </table>',
    '<table><caption> a.com </caption><tr><td> b.org </td></tr> c.net</table>',
    '<table><b> a.com </b></table>',
    f'<table><style><img src=x title="</style>{XSS}</table>',
    # Templates.
    f'<template><style><img src=x title="</style>{XSS}</template>',
    f'<template><svg><style><img src=x title="</style>{XSS}</template>',
    '<template><tr> x.com</tr></template>',
    '<template> a.com </template> b.org',
    '<template>x.com<colgroup><col></colgroup></template>',
    '<template><b>a.com</b><tr><td>1</template>',
    # "<!--" inside raw text and script escapes.
    f'<style><!--</style><img src=x title="-->{XSS}',
    '<script><!--<script></script>x.com</script> a.com',
    f'<textarea><img src=x title="</textarea>{XSS}',
    f'<title><img src=x title="</title>{XSS}',
    # Plain prose, as a control: it is linked.
    '<p>see a.com, b.org/x?y=1&amp;z=2 and me@c.net</p>',
]  # fmt: skip

PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>harness</title></head><body>
<script>
function unwrap(node) {  // the inserted links, in template contents too; then merge text
  for (const child of Array.from(node.childNodes)) unwrap(child);
  if (node.content) unwrap(node.content);
  if (node.namespaceURI === "http://www.w3.org/1999/xhtml" && node.localName === "a"
      && node.getAttribute("%s") === "1") node.replaceWith(...node.childNodes);
  else node.normalize();
}
window.addEventListener("load", () => {
  const out = [];
  for (const f of document.querySelectorAll("iframe")) {
    const d = f.contentDocument;
    if (!d) { out.push(null); continue; }
    const title = d.title;
    unwrap(d.documentElement);
    out.push([title, d.documentElement.outerHTML]);
  }
  const t = document.createElement("textarea");
  t.id = "out";
  t.textContent = JSON.stringify(out);
  document.body.appendChild(t);
});
</script>
%s
</body></html>"""


def render(documents: list[str]) -> list[tuple[str, str]]:
    """(title, DOM) of each document, loaded in an iframe of one page in one Chromium run."""
    frames = "\n".join(f'<iframe srcdoc="{html.escape(doc, quote=True)}"></iframe>' for doc in documents)
    with tempfile.TemporaryDirectory() as tmp:
        page = os.path.join(tmp, "page.html")
        with open(page, "w", encoding="utf-8") as fh:
            fh.write(PAGE % (MARK, frames))
        cmd = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--mute-audio",
               "--disable-extensions", "--allow-file-access-from-files", f"--user-data-dir={tmp}/profile",
               "--dump-dom", "file://" + page]  # fmt: skip
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=180, check=False)
    found = re.search(r'<textarea id="out">(.*?)</textarea>', proc.stdout, re.DOTALL)
    assert found, f"Chromium gave no result (exit {proc.returncode}): {proc.stderr[-2000:]}"
    result = json.loads(html.unescape(found.group(1)))
    assert len(result) == len(documents) and None not in result
    return [(title, dom) for title, dom in result]


@pytest.fixture(scope="module")
def rendered() -> list[tuple[str, str, tuple[str, str], tuple[str, str]]]:
    outputs = [LINKER.linkify(p) for p in PAYLOADS]
    pages = render([doc for pair in zip(PAYLOADS, outputs) for doc in pair])
    return [(p, o, pages[2 * i], pages[2 * i + 1]) for i, (p, o) in enumerate(zip(PAYLOADS, outputs))]


def test_the_harness_sees_a_payload_run() -> None:
    # The output of the old linker: Chromium runs it, and the DOMs differ.
    before = '<svg><style><img src=x title="</style></svg>http://x.com/onerror=document.title=1337//">'
    old_output = ('<svg><style><img src=x title="</style></svg><a href="http://x.com/onerror=document.title=1337//"'
                  f' rel="nofollow" {MARK}="1">http://x.com/onerror=document.title=1337//</a>">')  # fmt: skip
    (t0, d0), (t1, d1) = render([before, old_output])
    assert t0 == "" and t1 == "1337"
    assert d0 != d1


def test_no_payload_runs_and_no_dom_changes(rendered: list) -> None:
    failures = []
    for payload, output, (t_in, dom_in), (t_out, dom_out) in rendered:
        assert t_in != "1337", f"the payload runs without linkify: {payload!r}"
        if t_out != t_in or dom_out != dom_in:
            failures.append(f"{payload!r}\n  output {output!r}\n  title {t_out!r}\n  {dom_in}\n  {dom_out}")
    assert not failures, "\n".join(failures)


def test_the_controls_are_linked(rendered: list) -> None:
    # The test would pass vacuously if nothing were linked: count the linked payloads.
    linked = [payload for payload, output, _in, _out in rendered if output != payload]
    assert PAYLOADS[-1] in linked
    assert len(linked) >= 8, linked
