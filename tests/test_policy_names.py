"""One rule for ``policy=`` at every entry point (issue 20 item 13) and Sphinx's
``uts58_linkify_policy`` as a ``ConfigError`` (item 14).

Every entry point accepts a ``LinkPolicy``, ``None`` (its documented default) or a
name of ``POLICY_NAMES``; an unknown name is a ``ValueError`` that lists the names,
anything else a ``TypeError``.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from uts58_icu import LinkPolicy, explain, find_links, iter_links, linkify_text_to_html
from uts58_icu.linkification.policy import POLICY_NAMES, resolve_policy
from uts58_icu.linkification.redact import redact

ROOT = Path(__file__).resolve().parents[1]
# "README.md" is a link for the base algorithm and not for recommended() (file name).
TEXT = "Edit README.md at example.com."


def _html(policy: Any) -> str:
    pytest.importorskip("turbohtml")
    from uts58_icu.html import linkify

    return linkify(TEXT, policy=policy)


def _bleach(policy: Any) -> str:
    pytest.importorskip("turbohtml")
    from uts58_icu import bleach

    return bleach.linkifier.Linker(policy=policy).linkify(TEXT)


def _markdown_it(policy: Any) -> str:
    from uts58_icu.markdown_it import LinkifyUts58

    return repr(LinkifyUts58(policy=policy).match(TEXT))


def _mistune(policy: Any) -> str:
    mistune = pytest.importorskip("mistune")
    from uts58_icu.mistune import make_linkify

    return str(mistune.create_markdown(plugins=[make_linkify(policy=policy)])(TEXT))


def _python_markdown(policy: Any) -> str:
    markdown = pytest.importorskip("markdown")
    from uts58_icu.python_markdown import Uts58LinkifyExtension

    return markdown.markdown(TEXT, extensions=[Uts58LinkifyExtension(policy=policy)])


def _batch(policy: Any) -> str:
    pytest.importorskip("pyarrow")
    from uts58_icu.batch import find_links_batch

    return str(find_links_batch([TEXT], policy=policy).to_pylist())


ENTRY_POINTS: dict[str, Callable[[Any], object]] = {
    "find_links": lambda p: find_links(TEXT, policy=p),
    "iter_links": lambda p: list(iter_links(TEXT, policy=p)),
    "explain": lambda p: explain(TEXT, 6, policy=p),
    "redact": lambda p: redact(TEXT, urls="<URL>", policy=p),
    "linkify_text_to_html": lambda p: linkify_text_to_html(TEXT, policy=p),
    "html.linkify": _html,
    "bleach.Linker": _bleach,
    "LinkifyUts58": _markdown_it,
    "mistune.make_linkify": _mistune,
    "python_markdown": _python_markdown,
    "batch.find_links_batch": _batch,
}


@pytest.mark.parametrize("entry", ENTRY_POINTS)
def test_names_mean_their_policies(entry: str) -> None:
    call = ENTRY_POINTS[entry]
    assert call("base") == call(LinkPolicy())
    assert call("recommended") == call(LinkPolicy.recommended())
    assert call("base") != call("recommended")  # README.md is linked only by the base


@pytest.mark.parametrize("entry", ENTRY_POINTS)
def test_unknown_names_and_types_are_clear_errors(entry: str) -> None:
    call = ENTRY_POINTS[entry]
    with pytest.raises(ValueError, match="unknown policy 'strict'.*'base', 'recommended'"):
        call("strict")
    with pytest.raises(TypeError, match="policy must be a LinkPolicy, a policy name"):
        call(42)


def test_resolve_policy() -> None:
    assert POLICY_NAMES == ("base", "recommended")
    assert resolve_policy(None) == LinkPolicy()
    assert resolve_policy(None, "recommended") == LinkPolicy.recommended()
    custom = LinkPolicy(trim_markup=True)
    assert resolve_policy(custom) is custom
    with pytest.raises(ValueError, match="Recommended"):
        resolve_policy("Recommended")  # names are exact, as in YAML/conf.py


def _sphinx(tmp_path: Path, setting: str) -> subprocess.CompletedProcess[str]:
    pytest.importorskip("sphinx")
    pytest.importorskip("myst_parser")
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text(
        "extensions = ['myst_parser', 'uts58_icu.sphinx']\nmyst_enable_extensions = ['linkify']\n" + setting,
        encoding="utf-8",
    )
    (src / "index.md").write_text("# T\n\nEdit README.md at example.com.\n", encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    return subprocess.run(
        [sys.executable, "-m", "sphinx", "-b", "html", "-q", "-E", str(src), str(tmp_path / "out")],
        capture_output=True, text=True, env=env, timeout=300, check=False,
    )


@pytest.mark.parametrize(
    ("setting", "message"),
    [
        ("uts58_linkify_policy = 'strict'\n", "unknown policy 'strict'"),
        ("uts58_linkify_emails = 'yes'\n", "uts58_linkify_emails must be a bool"),
        ("uts58_linkify_schemes = ['not a scheme']\n", "must be a URL scheme such as 'git:'"),
    ],
)
def test_sphinx_bad_config_is_a_config_error(tmp_path: Path, setting: str, message: str) -> None:
    proc = _sphinx(tmp_path, setting)
    assert proc.returncode == 2, proc.stderr
    assert "Configuration error" in proc.stderr and message in proc.stderr, proc.stderr
    assert "Extension error" not in proc.stderr  # (Sphinx 9 prints its context for every error)


def test_sphinx_policy_object_in_conf_py(tmp_path: Path) -> None:
    proc = _sphinx(tmp_path, "from uts58_icu import LinkPolicy\nuts58_linkify_policy = LinkPolicy()\n")
    assert proc.returncode == 0, proc.stderr
    html = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    assert 'href="https://readme.md">README.md</a>' in html  # the base links the file name
