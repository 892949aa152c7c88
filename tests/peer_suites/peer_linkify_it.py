"""pytest plugin (-p peer_linkify_it): linkify-it-py's own tests construct LinkifyUts58.

Loaded before collection, so ``from linkify_it import LinkifyIt`` in its test modules
gets a class with LinkifyIt's constructor, ``LinkifyIt(schemas=None, options=None)``,
that is LinkifyUts58 with the conformant base policy (``policy="base"``: the suite
checks detection, and the §8 recommended rules are this library's choice for
Markdown; run with UTS58_PEER_POLICY=recommended to see those too).
``linkify_it.main.Match`` and ``SchemaError`` stay linkify-it-py's.
"""

from __future__ import annotations

import os
from typing import Any

import linkify_it
import linkify_it.main

from uts58_icu.markdown_it import LinkifyUts58

POLICY = os.environ.get("UTS58_PEER_POLICY", "base")


class LinkifyIt(LinkifyUts58):
    def __init__(self, schemas: Any = None, options: Any = None) -> None:
        super().__init__(options, schemas=schemas, policy=POLICY)


linkify_it.LinkifyIt = LinkifyIt  # type: ignore[misc]
linkify_it.main.LinkifyIt = LinkifyIt  # type: ignore[misc]
