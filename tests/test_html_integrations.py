"""The bleach adapter, the Django app (real Engine) and the Jinja2 filter (real Environment)."""

from __future__ import annotations

import re

import django
import pytest
from django.conf import settings
from jinja2 import Environment
from jinja2.exceptions import FilterArgumentError
from markupsafe import Markup

from uts58_icu import bleach
from uts58_icu.bleach.callbacks import nofollow, target_blank
from uts58_icu.jinja2 import install
from uts58_icu.jinja2 import urlize as jinja_urlize

if not settings.configured:
    settings.configure(INSTALLED_APPS=["uts58_icu.django"], USE_I18N=False)
    django.setup()

from django.template import Context, Engine
from django.utils.html import escape
from django.utils.safestring import SafeData, mark_safe

from uts58_icu.django import urlize as django_urlize

# --- bleach adapter ---------------------------------------------------------------


def test_bleach_signature_and_defaults() -> None:
    assert bleach.linkify("a.com and a@b.com") == (
        '<a href="https://a.com" rel="nofollow">a.com</a> and a@b.com'  # parse_email=False by default
    )
    assert bleach.linkify("<pre>a.com</pre>") == '<pre><a href="https://a.com" rel="nofollow">a.com</a></pre>'
    assert bleach.linkify("<pre>a.com</pre>", skip_tags=["pre"]) == "<pre>a.com</pre>"
    assert bleach.linkify("a@b.com", parse_email=True) == '<a href="mailto:a@b.com">a@b.com</a>'
    assert bleach.linkify("a.com", callbacks=[nofollow, target_blank]) == (
        '<a href="https://a.com" rel="nofollow" target="_blank">a.com</a>'
    )


def test_bleach_callback_api() -> None:
    seen = []

    def cb(attrs: dict, new: bool = False) -> dict | None:
        seen.append((dict(attrs), new))
        if "b.org" in attrs["_text"]:
            return None
        attrs[(None, "title")] = "t"
        attrs["_text"] = attrs["_text"].upper()
        return attrs

    out = bleach.linkify("a.com b.org", callbacks=[cb])
    assert out == '<a href="https://a.com" title="t">A.COM</a> b.org'
    assert seen[0] == ({(None, "href"): "https://a.com", "_text": "a.com"}, True)
    linker = bleach.linkifier.Linker(callbacks=[])
    assert linker.linkify("x a.com") == 'x <a href="https://a.com">a.com</a>'
    with pytest.raises(ValueError, match="url_re"):
        bleach.linkifier.Linker(url_re=object())
    with pytest.raises(TypeError, match="text type"):
        bleach.linkify(b"a.com")  # type: ignore[arg-type]


# --- Django ------------------------------------------------------------------------

ENGINE = Engine(libraries={"uts58": "uts58_icu.django.templatetags.uts58"})


def render(template: str, **context: object) -> str:
    return ENGINE.from_string("{% load uts58 %}" + template).render(Context(context))


def test_django_installed_app_library() -> None:
    from django.template.backends.django import get_installed_libraries

    assert get_installed_libraries()["uts58"] == "uts58_icu.django.templatetags.uts58"


def test_django_urlize_filter() -> None:
    text = "x<y> see example.com/?a=1&b=2, or me@mail.net"
    assert render("{{ t|urlize }}", t=text) == (
        'x&lt;y&gt; see <a href="https://example.com/?a=1&amp;b=2" rel="nofollow">example.com/?a=1&amp;b=2</a>,'
        ' or <a href="mailto:me@mail.net">me@mail.net</a>'
    )
    # Safe input is HTML: its tags and attributes stay as they are.
    assert render("{{ t|urlize }}", t=mark_safe('<i title="a.com">a.com</i>')) == (
        '<i title="a.com"><a href="https://a.com" rel="nofollow">a.com</a></i>'
    )
    assert render("{% autoescape off %}{{ t|urlize }}{% endautoescape %}", t="a&b a.com") == (
        'a&b <a href="https://a.com" rel="nofollow">a.com</a>'
    )


def test_django_urlizetrunc() -> None:
    assert render("{{ t|urlizetrunc:8 }}", t="http://example.com/path") == (
        '<a href="http://example.com/path" rel="nofollow">http://…</a>'
    )
    assert render("{{ t|urlizetrunc:'30' }}", t="a.com") == '<a href="https://a.com" rel="nofollow">a.com</a>'


@pytest.mark.parametrize(
    ("payload", "href"),
    [  # Django urlize CVE payloads (see tests/test_html.py), through the real filter
        ("a@" + "a." * 3000 + "!", None),
        ("(" * 3000 + "http://example.com/" + ")" * 3000, "http://example.com/"),
        ("example.com" + "&" * 3000 + ";" * 3000, "https://example.com"),
    ],
)
def test_django_cve_payloads(payload: str, href: str | None) -> None:
    out = render("{{ t|urlize }}", t=payload)
    assert re.findall(r'<a href="([^"]*)"', out) == ([href] if href else [])
    assert re.sub(r"<a [^>]*>|</a>", "", out) == str(escape(payload))


def test_django_function() -> None:
    out = django_urlize("a.com <b>", autoescape=True)
    assert out == '<a href="https://a.com">a.com</a> &lt;b&gt;'
    assert not isinstance(out, SafeData)
    from uts58_icu.django.templatetags.uts58 import urlize

    assert urlize.is_safe and urlize.needs_autoescape  # type: ignore[attr-defined]
    assert isinstance(urlize("a.com"), SafeData)
    with pytest.raises(TypeError, match="trim_url_limit"):
        django_urlize("a.com", trim_url_limit="3")  # type: ignore[arg-type]


# --- Jinja2 ------------------------------------------------------------------------


def test_jinja_filter_and_policies() -> None:
    env = install(Environment(autoescape=True))
    t = env.from_string("{{ v|urlize }}")
    assert t.render(v="a.com & <b>") == '<a href="https://a.com" rel="noopener">a.com</a> &amp; &lt;b&gt;'
    env.policies["urlize.rel"] = "ugc"
    env.policies["urlize.target"] = "_top"
    assert env.from_string("{{ v|urlize(10, true) }}").render(v="http://example.com/path me@x.org") == (
        '<a href="http://example.com/path" rel="nofollow ugc" target="_top">http://exa...</a>'
        ' <a href="mailto:me@x.org">me@x.org</a>'
    )
    for bad in (["bad scheme"], ["javascript:"]):
        env.policies["urlize.extra_schemes"] = bad
        with pytest.raises(FilterArgumentError):
            env.from_string("{{ v|urlize }}").render(v="x")


def test_jinja_function() -> None:
    out = jinja_urlize("a.com <i>", rel="ugc", target="_blank")
    assert isinstance(out, Markup)
    assert out == '<a href="https://a.com" rel="ugc" target="_blank">a.com</a> &lt;i&gt;'
    assert jinja_urlize(Markup("<i>a.com</i>")) == '<i><a href="https://a.com">a.com</a></i>'
    env = install(Environment(autoescape=False))
    assert type(env.from_string("{{ v|urlize }}").render(v="a.com")) is str


def test_jinja_extra_schemes() -> None:
    # find_links(schemes=…) adds schemes written before a host (UTS #58 links have one).
    out = jinja_urlize("see gopher://example.com/x and tel:+1-555-0100", extra_schemes=["gopher:"])
    assert out == 'see <a href="gopher://example.com/x">gopher://example.com/x</a> and tel:+1-555-0100'
    env = install(Environment(autoescape=True))
    env.policies["urlize.extra_schemes"] = ["gopher://"]
    assert "<a href" in env.from_string("{{ v|urlize }}").render(v="gopher://example.com/x")
    assert "<a href" not in jinja_urlize("gopher://example.com/x")
