"""The conformant low-level layer: UTS #58 §3–§6, exactly.

Properties (§6.1, derived from ICU at run time), the parts table (Table 3-3), the
§3.5.1 termination algorithm, §5.2 email detection, detection in text (§3, §5) and
minimal escaping (§4.1, §5.3). Nothing here imports the linkification layer
(:mod:`uts58_icu.linkification`) or an integration.
"""
