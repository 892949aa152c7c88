"""Jinja2 ``urlize(extra_schemes=…)`` against real Jinja2's filter (issue 20).

Both filters run in real ``jinja2.Environment``s on the same template and input; the
outputs must be equal except for the listed, reasoned differences.
"""

from __future__ import annotations

import pytest

jinja2 = pytest.importorskip("jinja2")
pytest.importorskip("turbohtml")

from uts58_icu.jinja2 import install  # noqa: E402

SCHEMES = '["tel:", "xmpp:", "git:", "ftp://", "web+app:"]'
TEMPLATE = "{{ t|urlize(extra_schemes=" + SCHEMES + ") }}"
SAME = [
    "call tel:+15551234 now",
    "tel:+15551234",
    "chat xmpp:bob@example.org.",
    "xmpp:bob@example.org?message",
    "(tel:+1-555-1234)",
    "<tel:+15551234>",
    "tel:+1(555)1234)",
    "tel: alone",
    "tel:",
    "see git://example.com/r.git and ftp://localhost/x",
    "web+app:open?id=1, then https://example.com/.",
    "TEL:+1555 (case as written: Jinja matches the scheme as given)",
    "mail bob@example.org or http://example.com/x",
]
#: input -> why the output differs from Jinja's
DIFFERENT = {
    # UTS #58 links a.com without "www." or a scheme; Jinja does not.
    "tel:+1555, and a.com": "SCHEMELESS",
    # a word with invisible characters or a javascript: URL is never linked
    "tel:+1555\u200b6": "INVISIBLE",
}


@pytest.fixture(scope="module")
def envs():
    return jinja2.Environment(autoescape=True), install(jinja2.Environment(autoescape=True))


@pytest.mark.parametrize("text", SAME)
def test_extra_schemes_as_jinja(envs, text):
    real, ours = envs
    assert ours.from_string(TEMPLATE).render(t=text) == real.from_string(TEMPLATE).render(t=text)


@pytest.mark.parametrize("text", DIFFERENT)
def test_listed_differences(envs, text):
    real, ours = envs
    assert ours.from_string(TEMPLATE).render(t=text) != real.from_string(TEMPLATE).render(t=text)


def test_issue_reproducers(envs):
    _, ours = envs
    out = ours.from_string('{{ t|urlize(extra_schemes=["tel:", "xmpp:"]) }}').render(
        t="tel:+15551234 xmpp:bob@example.org"
    )
    assert out == (
        '<a href="tel:+15551234" rel="noopener">tel:+15551234</a> '
        '<a href="xmpp:bob@example.org" rel="noopener">xmpp:bob@example.org</a>'
    )
    assert "mailto:" not in out


def test_policy_extra_schemes_and_no_extra(envs):
    _, ours = envs
    env = install(jinja2.Environment(autoescape=True))
    env.policies["urlize.extra_schemes"] = ["tel:"]
    assert env.from_string("{{ t|urlize }}").render(t="tel:+1555") == '<a href="tel:+1555" rel="noopener">tel:+1555</a>'
    assert ours.from_string("{{ t|urlize }}").render(t="tel:+1555") == "tel:+1555"  # not without the scheme


def test_unsafe_scheme_words_never_linked(envs):
    _, ours = envs
    template = ours.from_string("{{ t|urlize(extra_schemes=[s]) }}")
    for scheme in ("javascript:", "data:"):
        with pytest.raises(jinja2.exceptions.FilterArgumentError, match="never linked"):
            template.render(t=scheme + "x", s=scheme)
    assert "<a" not in template.render(t='x-y:"a"', s="x-y:")  # quotes: markup, not a URL


from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

PIECES = st.lists(
    st.sampled_from(["tel:", "xmpp:", "+1", "a@b.org", "(", ")", "<", ">", ".", ",", " ", "\n", "x.com", "&", '"', "\u200b"]),
    max_size=14,
).map("".join)


@given(PIECES)
def test_scheme_words_change_no_text(text):
    import html
    import re

    env = install(jinja2.Environment(autoescape=True))
    out = env.from_string('{{ t|urlize(extra_schemes=["tel:", "xmpp:"]) }}').render(t=text)
    assert html.unescape(re.sub(r"<[^>]*>", "", out)) == text  # only <a> tags added
    assert out.count("<a ") == out.count("</a>")
