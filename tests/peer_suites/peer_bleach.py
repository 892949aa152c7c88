"""pytest plugin (-p peer_bleach): bleach's own tests call uts58_icu.bleach instead of bleach.

Loaded before collection, so ``from bleach import linkify`` in bleach's test modules
gets the adapter. Only the linkify entry points and the callbacks are replaced;
bleach.clean and bleach's LinkifyFilter stay bleach's.
"""

from __future__ import annotations

import bleach
import bleach.callbacks
import bleach.linkifier

from uts58_icu import bleach as ours

bleach.linkify = ours.linkify
bleach.linkifier.Linker = ours.Linker  # type: ignore[misc]
bleach.callbacks.nofollow = ours.callbacks.nofollow
bleach.callbacks.target_blank = ours.callbacks.target_blank
