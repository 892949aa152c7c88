"""Issue 18, the class of the fourteenth real-text sample (bench/realtext14): a schemeless
name under ``.arpa`` (``home.arpa``, RFC 8375, written in minutes as a configuration
default) was linked. ``.arpa`` is the TLD of DNS infrastructure (reverse lookups,
special-use names) where no site is, so ``reject_reverse_dns_names`` drops such a name;
with a scheme written the link stays (the writer's intent).
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
import test_accel_policy as tap  # tests/ is on sys.path: the compiled gate's differential helpers
from test_context_realtext5 import REC, texts

from uts58_icu import LinkPolicy, find_links
from uts58_icu.linkification.apply import explain_notes


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("the proxy's default configuration is home.arpa, which can be overridden", []),
        ("PTR record 7.2.0.192.in-addr.arpa. points back", []),
        ("ip6.arpa zone", []),
        ("HOME.ARPA", []),
        # a scheme written: the writer's link
        ("see http://home.arpa/setup", ["http://home.arpa/setup"]),
        # other TLDs are untouched
        ("iana.org runs arpa.example.com", ["iana.org", "arpa.example.com"]),
    ],
)
def test_arpa_names(text: str, expected: list[str]) -> None:
    assert texts(text) == expected
    assert texts(text, LinkPolicy(reject_reverse_dns_names=True)) == expected


def test_arpa_explain() -> None:
    notes = [str(n) for n in explain_notes("default is home.arpa.", policy=REC)[1]]
    assert any("§8 reject_reverse_dns_names: 'home.arpa' is under .arpa" in n for n in notes), notes


_label = st.from_regex(r"[a-z0-9]([a-z0-9-]{0,6}[a-z0-9])?", fullmatch=True)


@given(st.lists(_label, min_size=1, max_size=4), st.sampled_from(["arpa", "ARPA", "Arpa"]),
       st.sampled_from(["", "see ", "(", "is "]), st.sampled_from(["", ".", ",", ")", " zone"]))
def test_no_schemeless_arpa_name_is_linked(labels: list[str], tld: str, lead: str, tail: str) -> None:
    """recommended never links a schemeless name under .arpa, and the compiled gate agrees
    with the Python rules on it."""
    text = f"{lead}{'.'.join(labels)}.{tld}{tail}"
    assert not any(lk.text.lower().rstrip("/").endswith(".arpa") and "://" not in lk.text
                   for lk in find_links(text, policy=REC)), text
    tap.assert_gate_parity(text, REC, skip=False)
