"""UTS #58 links for Sphinx with MyST: MyST's ``linkify`` runs on uts58-icu.

In ``conf.py``::

    extensions = ["myst_parser", "uts58_icu.sphinx"]
    myst_enable_extensions = ["linkify"]

MyST-Parser builds one markdown-it-py parser per document (``create_md_parser``);
when the ``linkify`` extension is on it enables markdown-it-py's linkify rules and
calls ``md.linkify.set({"fuzzy_link": myst_linkify_fuzzy_links})`` on the
parser's linkifier. markdown-it-py makes that linkifier from its module global
``markdown_it.main.linkify_it`` (``linkify_it.LinkifyIt()``). This extension puts
a stand-in there from ``builder-inited`` (before MyST-Parser checks that a
linkifier is available) to ``build-finished``, whose ``LinkifyIt()`` is a
:class:`uts58_icu.markdown_it.LinkifyUts58`: every markdown-it-py parser the build
creates (MyST-Parser's, MyST-NB's) links with UTS #58, and linkify-it-py need not
be installed. ``myst_linkify_fuzzy_links`` keeps working.

For the same span, the parsers' two ``linkify`` rules are those of
:func:`uts58_icu.markdown_it.linkify_plugin` (markdown-it-py builds each parser's
rule chains from its module lists ``parser_inline._rules`` and ``parser_core._rules``):
each link is shown as its ``display`` (no raw bidi control, a confusable host in
Punycode), and the inline rule stays linear on text with many ``scheme://``. With
another linkifier those rules run markdown-it-py's own.

Config values:

* ``uts58_linkify_policy``: ``'recommended'`` (default), ``'base'`` or a ``LinkPolicy``
  (anything else stops the build with a ``ConfigError``);
* ``uts58_linkify_emails``: link email addresses without ``mailto:`` (default ``True``);
* ``uts58_linkify_schemes``: extra URL schemes to link (default ``[]``).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

from .linkification.policy import LinkPolicy, resolve_policy
from .markdown_it import LinkifyUts58, core_rule, inline_rule

__all__ = ["patch_markdown_it", "setup"]

_UNDO = "_uts58_undo_patch"
# markdown-it-py module whose list ``_rules`` holds a ``linkify`` rule -> ours
_RULES = (("markdown_it.parser_inline", inline_rule), ("markdown_it.parser_core", core_rule))


def _check_config(app: Any, config: Any) -> None:
    """``config-inited``: a bad ``uts58_linkify_*`` value is Sphinx's ``ConfigError``
    (one line, "Configuration error: …"), not an extension crash (issue 20 item 14)."""
    from sphinx.errors import ConfigError

    try:
        _settings(config)
    except (TypeError, ValueError) as exc:
        raise ConfigError(str(exc)) from None


def _settings(config: Any) -> tuple[LinkPolicy, bool, list[str]]:
    policy = config.uts58_linkify_policy
    if not isinstance(policy, (str, LinkPolicy)):  # conf.py may build a LinkPolicy
        raise TypeError(f"uts58_linkify_policy must be a policy name or a LinkPolicy, not {type(policy).__name__}")
    try:
        resolved = resolve_policy(policy)
    except ValueError as exc:
        raise ValueError(f"uts58_linkify_policy: {exc}") from None
    emails = config.uts58_linkify_emails
    if not isinstance(emails, bool):
        raise TypeError(f"uts58_linkify_emails must be a bool, not {type(emails).__name__}")
    schemes = config.uts58_linkify_schemes
    if isinstance(schemes, str) or not isinstance(schemes, (list, tuple)):
        raise TypeError(f"uts58_linkify_schemes must be a list of schemes, not {type(schemes).__name__}")
    for scheme in schemes:
        if not isinstance(scheme, str):
            raise TypeError(f"uts58_linkify_schemes must hold str, not {type(scheme).__name__}")
        LinkifyUts58().add(scheme, "http:")  # the ValueError for a bad scheme, now
    return resolved, emails, list(schemes)


def _factory(config: Any) -> Any:
    policy, emails, schemes = _settings(config)

    def LinkifyIt(*args: Any, **kwargs: Any) -> LinkifyUts58:
        lin = LinkifyUts58({"fuzzy_email": emails}, policy=policy)
        for scheme in schemes:
            lin.add(scheme, "http:")
        return lin

    return LinkifyIt


def patch_markdown_it(factory: Callable[[], LinkifyUts58]) -> Callable[[], None]:
    """Make every markdown-it-py parser created from now on link with ``factory()``
    (its ``md.linkify``) and the rules of :func:`uts58_icu.markdown_it.linkify_plugin`;
    returns the function that undoes it. What :func:`setup` does for a Sphinx build,
    for other hosts of MyST-Parser (its docutils parser, ``myst-docutils-html``).
    """
    mdit_main: Any = importlib.import_module("markdown_it.main")
    saved_linkify_it = mdit_main.linkify_it
    mdit_main.linkify_it = SimpleNamespace(LinkifyIt=lambda *a, **k: factory(), __name__="uts58_icu.sphinx")
    saved: list[tuple[list[Any], int, Any]] = []
    for module_name, ours in _RULES:
        rules = getattr(importlib.import_module(module_name), "_rules", None)
        if not isinstance(rules, list):
            continue  # another markdown-it-py: its own rules (where the drop-in links less)
        for i, entry in enumerate(rules):
            if isinstance(entry, tuple) and len(entry) == 2 and entry[0] == "linkify":
                saved.append((rules, i, entry))
                rules[i] = ("linkify", ours)

    def undo() -> None:
        mdit_main.linkify_it = saved_linkify_it
        for rules, i, entry in saved:
            rules[i] = entry

    return undo


def _install(app: Any) -> None:
    if not hasattr(app, _UNDO):
        setattr(app, _UNDO, patch_markdown_it(_factory(app.config)))


def _restore(app: Any, exception: BaseException | None = None) -> None:
    undo = getattr(app, _UNDO, None)
    if undo is not None:
        undo()
        delattr(app, _UNDO)


def _is_link_text(text: str) -> bool:
    """Whether ``text`` is one link, whole (the text of an inserted link or autolink)."""
    from . import find_links

    found = find_links(text)
    return len(found) == 1 and found[0].start == 0 and found[0].end == len(text)


def _keep_link_text_transform() -> type:
    """A transform marking the text of URL links ``support_smartquotes=False``.

    Sphinx's smart quotes (on by default) also turn ``--`` into an en dash: the
    Punycode host ``xn--80ak6aa92e.com`` that the display rule shows for a confusable
    host would read ``xn–80ak6aa92e.com``, another name. Runs before them (750).
    """
    from docutils import nodes
    from sphinx.transforms import SphinxTransform

    class KeepLinkText(SphinxTransform):
        default_priority = 700

        def apply(self, **kwargs: Any) -> None:
            for node in self.document.findall(nodes.reference):
                if node.get("refuri") and _is_link_text(node.astext()):
                    node["support_smartquotes"] = False

    return KeepLinkText


def setup(app: Any) -> dict[str, Any]:
    """Sphinx entry point."""
    from . import __version__

    app.setup_extension("myst_parser")
    app.add_config_value("uts58_linkify_policy", "recommended", "env", types=[str, LinkPolicy])
    app.add_config_value("uts58_linkify_emails", True, "env", types=[bool])
    app.add_config_value("uts58_linkify_schemes", [], "env", types=[list, tuple])
    app.connect("config-inited", _check_config)
    # before MyST-Parser's builder-inited handler (priority 500) checks for a linkifier
    app.connect("builder-inited", _install, priority=100)
    app.connect("build-finished", _restore)
    app.add_transform(_keep_link_text_transform())
    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True}
