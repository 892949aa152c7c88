"""datatrove: a pipeline step that redacts email addresses, URLs and IP addresses.

``LinkRedactor`` is a drop-in for datatrove's ``PIIFormatter`` (``pip install
'uts58-icu[datatrove]'``) whose email detection is UTS #58 §5 instead of an ASCII-only
regular expression, so ``σωκράτης@example.gr`` and ``用户@例子.中国`` are found::

    from datatrove.executor import LocalPipelineExecutor
    from datatrove.pipeline.readers import JsonlReader
    from datatrove.pipeline.writers import JsonlWriter
    from uts58_icu.datatrove import LinkRedactor

    LocalPipelineExecutor(
        [JsonlReader("in/"), LinkRedactor(remove_urls=True), JsonlWriter("out/")],
        tasks=4, workers=2,
    ).run()

Replacements are strings or tuples of strings used in turn, as in ``PIIFormatter``.
IP addresses (IPv4 and IPv6, written bare in text, which UTS #58 does not link) are
found by a pattern and checked with :mod:`ipaddress`; by default only globally
routable ones are replaced, as ``PIIFormatter`` does.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Sequence

from datatrove.pipeline.formatters.base import BaseFormatter

from .core.detection import Link
from .linkification.policy import LinkPolicy, resolve_policy
from .linkification.redact import redact

__all__ = ["LinkRedactor"]

# Candidates only: every match is validated by ipaddress before it is replaced.
_IP_CANDIDATE = re.compile(
    r"(?<![0-9A-Za-z.:])"
    r"(?:[0-9]{1,3}(?:\.[0-9]{1,3}){3}|[0-9A-Fa-f]{0,4}(?::[0-9A-Fa-f]{0,4}){2,7})"
    r"(?![0-9A-Za-z]|\.[0-9]|:[0-9A-Fa-f])"
)


#: ``PIIFormatter``'s default ``ip_replacement`` (datatrove 0.4–0.10): addresses in
#: turn, so a drop-in swap changes no output byte for the same IPs (issue 20 item 16).
PII_FORMATTER_IPS: tuple[str, ...] = (
    "22.214.171.124",
    "126.96.36.199",
    "188.8.131.52",
    "184.108.40.206",
    "220.127.116.11",
    "18.104.22.168",
)


class _Rotation:
    """Replacement strings used in turn (picklable, for datatrove's worker processes)."""

    def __init__(self, value: str | Sequence[str], name: str) -> None:
        items = (value,) if isinstance(value, str) else tuple(value)
        if not items or not all(isinstance(v, str) for v in items):
            raise TypeError(f"{name} must be a str or a non-empty sequence of str")
        self.items = items
        self.i = 0

    def next(self) -> str:
        item = self.items[self.i]
        self.i = (self.i + 1) % len(self.items)
        return item


class LinkRedactor(BaseFormatter):  # type: ignore[misc]
    """Replace email addresses (and optionally URLs and IP addresses) in ``Document.text``."""

    name = "🔗 UTS #58 PII"

    def __init__(
        self,
        remove_emails: bool = True,
        remove_ips: bool = True,
        only_remove_public_ips: bool = True,
        remove_urls: bool = False,
        email_replacement: str | Sequence[str] = ("email@example.com", "firstname.lastname@example.org"),
        ip_replacement: str | Sequence[str] = PII_FORMATTER_IPS,
        url_replacement: str | Sequence[str] = "https://example.com/",
        policy: LinkPolicy | str | None = None,
    ) -> None:
        super().__init__()
        self.remove_emails = remove_emails
        self.remove_ips = remove_ips
        self.only_remove_public_ips = only_remove_public_ips
        self.remove_urls = remove_urls
        self.policy = resolve_policy(policy, "base")
        self._emails = _Rotation(email_replacement, "email_replacement")
        self._ips = _Rotation(ip_replacement, "ip_replacement")
        self._urls = _Rotation(url_replacement, "url_replacement")

    def _email(self, link: Link) -> str:
        return self._emails.next()

    def _url(self, link: Link) -> str:
        return self._urls.next()

    def _ip(self, m: re.Match[str]) -> str:
        try:
            ip = ipaddress.ip_address(m.group())
        except ValueError:
            return m.group()
        if self.only_remove_public_ips and not ip.is_global:
            return m.group()
        return self._ips.next()

    def format(self, text: str) -> str:
        """The document text with the chosen kinds replaced."""
        if self.remove_emails or self.remove_urls:
            text = redact(
                text,
                emails=self._email if self.remove_emails else None,
                urls=self._url if self.remove_urls else None,
                policy=self.policy,
            )
        if self.remove_ips:
            text = _IP_CANDIDATE.sub(self._ip, text)
        return text
