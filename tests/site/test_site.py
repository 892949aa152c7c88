"""The built documentation in a real browser (`tox -e docs` builds it first).

Every page of ``docs/_build/html`` is opened in headless Chromium (Debian's ``chromium``),
driven over the DevTools protocol on a pipe (no extra Python package): each page must load,
render its text, and log nothing to the console (no JavaScript error, no failed resource).
Every internal link (``href``/``src`` to a file of the site, with its ``#fragment``) must
resolve to a file and an element id that exist.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
SITE = Path(os.environ.get("UTS58_DOCS_HTML", ROOT / "docs" / "_build" / "html"))
PAGES = sorted(p for p in SITE.rglob("*.html") if "_static" not in p.parts and "_sources" not in p.parts) if SITE.is_dir() else []
# Pages written by Sphinx itself, without our content.
SPHINX_PAGES = {"genindex.html", "search.html", "py-modindex.html"}

pytestmark = pytest.mark.skipif(not PAGES, reason=f"no built site in {SITE} (tox -e docs builds it)")


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name == "id" and value:
                self.ids.add(value)
            if name in ("href", "src") and value and not (tag == "link" and ("rel", "canonical") in attrs):
                self.links.append(value)


def _parse(path: Path) -> _Links:
    p = _Links()
    p.feed(path.read_text(encoding="utf-8"))
    return p


def test_every_internal_link_resolves() -> None:
    parsed = {p: _parse(p) for p in PAGES}
    broken = []
    checked = 0
    for page, links in parsed.items():
        for link in links.links:
            parts = urlsplit(link)
            if parts.scheme or parts.netloc or link.startswith(("mailto:", "javascript:")):
                continue  # external: not this test's business
            target_url, fragment = parts.path, parts.fragment
            target = (page.parent / unquote(target_url)).resolve() if target_url else page
            checked += 1
            if not target.is_file():
                broken.append(f"{page.relative_to(SITE)}: {link} (no file)")
            elif fragment and target.suffix == ".html":
                ids = parsed[target].ids if target in parsed else _parse(target).ids
                if unquote(fragment) not in ids:
                    broken.append(f"{page.relative_to(SITE)}: {link} (no id {fragment!r})")
    assert checked > 200
    assert not broken, "\n".join(broken)


class _Chromium:
    """Headless Chromium over ``--remote-debugging-pipe`` (fd 3 in, fd 4 out, NUL-framed JSON)."""

    def __init__(self, exe: str) -> None:
        r_in, w_in = os.pipe()  # we write -> chromium reads fd 3
        r_out, w_out = os.pipe()  # chromium writes fd 4 -> we read
        self._tmp = Path(os.environ.get("TMPDIR", "/tmp")) / f"uts58-chromium-{os.getpid()}"
        args = [exe, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--no-first-run", "--remote-debugging-pipe", f"--user-data-dir={self._tmp}", "about:blank"]

        def fds() -> None:
            os.dup2(r_in, 3)
            os.dup2(w_out, 4)

        self.proc = subprocess.Popen(args, preexec_fn=fds, pass_fds=(3, 4), stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
        os.close(r_in)
        os.close(w_out)
        self._w = os.fdopen(w_in, "wb", buffering=0)
        self._r = os.fdopen(r_out, "rb", buffering=0)
        self._buf = b""
        self._id = 0
        self.events: list[dict[str, Any]] = []
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        for domain in ("Page", "Runtime", "Log"):
            self.call(f"{domain}.enable", session=True)

    def _read(self) -> dict[str, Any]:
        while b"\0" not in self._buf:
            chunk = self._r.read(65536)
            if not chunk:
                raise RuntimeError("chromium closed the pipe")
            self._buf += chunk
        msg, self._buf = self._buf.split(b"\0", 1)
        return json.loads(msg)

    def call(self, method: str, session: bool = False, **params: Any) -> dict[str, Any]:
        self._id += 1
        msg: dict[str, Any] = {"id": self._id, "method": method, "params": params}
        if session:
            msg["sessionId"] = self.session
        self._w.write(json.dumps(msg).encode() + b"\0")
        while True:
            reply = self._read()
            if reply.get("id") == self._id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def wait_for(self, event: str, timeout: float = 30) -> None:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if any(e.get("method") == event for e in self.events):
                return
            self.events.append(self._read())
        raise TimeoutError(event)

    def close(self) -> None:
        try:
            self.call("Browser.close")
        except Exception:  # noqa: BLE001 - it may close before replying
            pass
        self.proc.wait(timeout=30)
        shutil.rmtree(self._tmp, ignore_errors=True)


@pytest.fixture(scope="module")
def browser() -> Any:
    exe = os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    if exe is None:
        pytest.fail("chromium is not installed (apt-get install chromium; .ci/run installs it)")
    b = _Chromium(exe)
    yield b
    b.close()


def _problems(events: list[dict[str, Any]]) -> list[str]:
    out = []
    for e in events:
        p = e.get("params", {})
        if e.get("method") == "Runtime.consoleAPICalled":
            out.append(f"console.{p['type']}: " + " ".join(str(a.get("value", a.get("description"))) for a in p["args"]))
        elif e.get("method") == "Runtime.exceptionThrown":
            out.append("exception: " + p["exceptionDetails"].get("exception", {}).get("description", p["exceptionDetails"]["text"]))
        elif e.get("method") == "Log.entryAdded" and p["entry"]["level"] in ("error", "warning"):
            out.append(f"{p['entry']['level']}: {p['entry']['text']} {p['entry'].get('url', '')}")
    return out


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(SITE)))
def test_page_renders_without_console_errors(browser: _Chromium, page: Path) -> None:
    browser.events.clear()
    browser.call("Page.navigate", session=True, url=page.as_uri())
    browser.wait_for("Page.loadEventFired")
    time.sleep(0.2)  # let scripts that run after load (search, highlighting) report
    result = browser.call("Runtime.evaluate", session=True, returnByValue=True, expression=(
        "JSON.stringify({title: document.title, text: document.body.innerText.length,"
        " h1: document.querySelectorAll('div.body h1').length,"
        " svg: [...document.querySelectorAll('.uts58-svg svg')].map(s => s.getBBox().width)})"))
    info = json.loads(result["result"]["value"])
    assert "uts58-icu" in info["title"]
    assert info["text"] > 200, info
    if page.name not in SPHINX_PAGES:
        assert info["h1"] == 1, info
    assert all(w > 100 for w in info["svg"]), info  # the figures were drawn
    problems = _problems(browser.events)
    assert not problems, "\n".join(problems)
