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

Config values:

* ``uts58_linkify_policy``: ``'recommended'`` (default), ``'base'`` or a ``LinkPolicy``
  (anything else stops the build with a ``ConfigError``);
* ``uts58_linkify_emails``: link email addresses without ``mailto:`` (default ``True``);
* ``uts58_linkify_schemes``: extra URL schemes to link (default ``[]``).
"""

from __future__ import annotations

import importlib
from types import SimpleNamespace
from typing import Any

from .linkification.policy import LinkPolicy, resolve_policy
from .markdown_it import LinkifyUts58

__all__ = ["setup"]

_SAVED = "_uts58_saved_linkify_it"


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


def _install(app: Any) -> None:
    mdit_main: Any = importlib.import_module("markdown_it.main")

    if not hasattr(app, _SAVED):
        setattr(app, _SAVED, mdit_main.linkify_it)
    mdit_main.linkify_it = SimpleNamespace(LinkifyIt=_factory(app.config), __name__="uts58_icu.sphinx")


def _restore(app: Any, exception: BaseException | None = None) -> None:
    mdit_main: Any = importlib.import_module("markdown_it.main")

    if hasattr(app, _SAVED):
        mdit_main.linkify_it = getattr(app, _SAVED)
        delattr(app, _SAVED)


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
    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True}
