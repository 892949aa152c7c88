"""Texts that repeat a host, as Django's CVE-2024-45230 payload ``'x.com&' * N`` does
(issue 19): the compiled scan answers a host again from the last one it looked at (its
TLD and whether UTS #46 only lower-cases it), and the compiled driver writes the anchor
of a host alone straight into its output buffer. Both must give what the pure scan and
the Python driver give, whatever repeats and whatever changes between the repeats
(case, one character, the TLD, a trailing dot, a digit label, a non-ASCII letter)."""

from __future__ import annotations

import html as stdlib_html

import django
import pytest
from django.conf import settings
from hypothesis import given
from hypothesis import strategies as st

if not settings.configured:
    settings.configure(INSTALLED_APPS=["uts58_icu.django"], USE_I18N=False)
    django.setup()

from test_accel import needs_compiled, pure, same  # noqa: E402  (tests/ is on sys.path)
from test_accel_policy import assert_same  # noqa: E402

from uts58_icu import django as dj  # noqa: E402
from uts58_icu import html as uhtml  # noqa: E402
from uts58_icu import jinja2 as jj  # noqa: E402
from uts58_icu import find_links  # noqa: E402
from uts58_icu._urlize import linkify_text  # noqa: E402
from uts58_icu.linkification.policy import LinkPolicy  # noqa: E402

# Hosts that differ from each other by little: the memo must tell them apart.
HOSTS = [
    "x.com", "X.COM", "x.Com", "x.con", "x.co", "x.comm", "y.com", "x-y.com", "-x.com", "x-.com", "xn--x.com",
    "xn--bcher-kva.de", "1.com", "x.1com", "x.c0m", "x.com.", "x..com", "a.b.c.com", "x.org", "x.ORG", "x.dev",
    "b\u00fccher.de", "x.\u00e9", "x.local", "localhost.x", "a" * 63 + ".com", "a" * 64 + ".com",
    ("a." * 126) + "com", ("a." * 127) + "com",
]  # fmt: skip
SEPARATORS = ["&", " ", ", ", "&amp;", "<", ">", "@", "/", "?", ":", ".", "\n", "\r\n", "(", ")", "'", '"', "", "\0"]

repeats = st.lists(
    st.tuples(st.sampled_from(HOSTS), st.sampled_from(SEPARATORS), st.integers(1, 4)), min_size=1, max_size=6
).map(lambda parts: "".join((host + sep) * k for host, sep, k in parts))

LINKERS = {
    "django": (lambda: dj._linker(None, True), stdlib_html.escape),
    "django-trim": (lambda: dj._linker(8, False), stdlib_html.escape),
    "jinja": (lambda: jj._linker(None, "nofollow", None, ()), jj._escape_str),
}


def python_only(linker: uhtml.Linker, text: str, escape_fn) -> str:  # type: ignore[no-untyped-def]
    uhtml._USE_COMPILED = False
    try:
        return linkify_text(linker, text, escape_fn)
    finally:
        uhtml._USE_COMPILED = True


@needs_compiled
@given(repeats)
def test_repeated_hosts_scan_as_the_pure_scan(text: str) -> None:
    assert find_links(text) == pure(text)  # the default TLDs: the scan's host memo
    same(text)
    same(text, ("com", "org"))


@given(repeats, st.sampled_from(list(LINKERS)))
def test_repeated_hosts_urlize_as_the_python_driver(text: str, name: str) -> None:
    make, escape_fn = LINKERS[name]
    linker = make()
    assert linkify_text(linker, text, escape_fn) == python_only(linker, text, escape_fn)


@pytest.mark.parametrize("host", HOSTS)
@pytest.mark.parametrize("sep", ["&", " ", "<", "@"])
def test_cve_2024_45230_shape(host: str, sep: str) -> None:
    # the payload's shape with each host, long enough for the buffer to grow
    text = (host + sep) * 700
    for make, escape_fn in LINKERS.values():
        linker = make()
        assert linkify_text(linker, text, escape_fn) == python_only(linker, text, escape_fn)
    if sep == "&":
        assert find_links(text) == find_links(text.replace("&", " "))


def test_cve_2024_45230_payload() -> None:
    text = "x.com&" * 20_000
    out = dj.urlize(text, nofollow=True, autoescape=True)
    anchor = '<a href="https://x.com" rel="nofollow">x.com</a>&amp;'
    assert out == anchor * 20_000
    assert out == python_only(dj._linker(None, True), text, stdlib_html.escape)
    upper = "X.COM&" * 20_000  # the href in lower case, the text as written
    assert dj.urlize(upper, nofollow=True, autoescape=True) == '<a href="https://x.com" rel="nofollow">X.COM</a>&amp;' * 20_000


@needs_compiled
@given(repeats)
def test_repeated_hosts_recommended_with_and_without_the_gate(text: str) -> None:
    # recommended() gates the scan's records: the same Links as the Python rules alone
    assert_same(text, LinkPolicy.recommended())
