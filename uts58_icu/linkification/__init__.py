"""The §8 linkification layer: policies over the conformant detector.

It may reject links found by :mod:`uts58_icu.core` or move their bounds inward,
never add one. ``LinkPolicy()`` applies nothing; ``LinkPolicy.recommended()`` is the
policy for text that people will read.
"""
