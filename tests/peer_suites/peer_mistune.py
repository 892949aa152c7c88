"""pytest plugin (-p peer_mistune): mistune's ``url`` plugin tests run uts58_icu.mistune.linkify.

Loaded before collection: ``create_markdown(plugins=["url"])`` in mistune's tests
resolves the name through ``mistune.plugins._plugins``, which is pointed at
:func:`uts58_icu.mistune.linkify` (the recommended policy, as the plugin's default).
"""

from __future__ import annotations

import mistune.plugins

mistune.plugins._plugins["url"] = "uts58_icu.mistune.linkify"
