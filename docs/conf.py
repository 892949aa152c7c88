"""Sphinx configuration: the documentation is Markdown (MyST) and its links come from
uts58-icu itself (``uts58_icu.sphinx`` runs MyST's ``linkify`` on UTS #58)."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the checkout's uts58_icu (tox builds the compiled core there)
sys.path.insert(0, str(HERE / "_ext"))

import uts58_icu  # noqa: E402

project = "uts58-icu"
author = "uts58-icu developers"
copyright = "uts58-icu developers"
release = version = uts58_icu.__version__

extensions = [
    "myst_parser",
    "uts58_icu.sphinx",  # dogfooding: MyST's linkify runs on uts58-icu
    "sphinx.ext.autodoc",
    "uts58_figures",  # docs/_ext: figures drawn from explain() at build time
]
myst_enable_extensions = ["linkify", "colon_fence", "deflist"]
myst_heading_anchors = 3
uts58_linkify_policy = "recommended"

source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "README.md"]
highlight_language = "text"

html_theme = "alabaster"
html_static_path = ["_static"]
html_title = f"uts58-icu {release}"
html_theme_options = {"description": "UTS #58 link detection on ICU", "fixed_sidebar": True}
html_sidebars = {"**": ["about.html", "navigation.html", "searchbox.html"]}

autodoc_typehints = "description"
autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "show-inheritance": False}
autodoc_preserve_defaults = True

# Offline build (no intersphinx): names of the standard library and of the libraries an
# integration plugs into are not cross-referenced; every uts58_icu name must resolve.
nitpicky = True
nitpick_ignore_regex = [
    (r"py:.*", r"(builtins\.)?(str|int|bool|float|bytes|object|None|type|tuple|list|dict|set|frozenset|Exception|ValueError)"),
    (r"py:.*", r"(typing|collections|collections\.abc|re|os|pathlib|dataclasses|enum|types|concurrent\.futures|functools)\..*"),
    (r"py:.*", r"(Any|Callable|Iterable|Iterator|Mapping|Sequence|Literal|Pattern|Path|Enum|NamedTuple|TypeAlias)"),
    (r"py:.*", r"(xml|markupsafe|Markdown|OffsetUnit|Replacement|NbconvertMarkdown2HTML)(\..*)?"),
    # short names in integration docstrings, resolved for the reader by the page's context
    (r"py:meth", r"LinkPolicy\.recommended"),
    (r"py:.*", r"(match|tlds|add|reject_reason|Link\.display|MAX_PASSES|escape_invisibles|ExistingLinks|uts58_icu\.markdown_it\.LinkifyUts58\.add)"),
    # private helpers named in docstrings of internal modules
    (r"py:.*", r"_\w+|uts58_icu\._icu\.\w+|uts58_icu\.parts|uts58_icu\.core\.detection\.Link\.display|uts58_icu\.core\.escaping\.link_display"),
    (r"py:.*", r"(pyarrow|pa|pandas|pd|pyspark|dask|distributed|datatrove|markdown_it|markdown|mistune|nbconvert|traitlets|sphinx|docutils|django|jinja2|Environment|Markup|bleach|icu|turbohtml|publicsuffixlist|regex)(\..*)?"),
]
