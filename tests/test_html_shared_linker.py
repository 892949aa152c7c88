"""``uts58_icu.html.linkify`` with default options shares one :class:`Linker` per
``(parse_email, policy)`` (issue 19: building a Linker and its compiled context cost
about 0.7 ms a call, a third of linking a 60 kB page)."""

from __future__ import annotations

import pytest

pytest.importorskip("turbohtml")

from uts58_icu import LinkPolicy
from uts58_icu import html as uhtml
from uts58_icu.html import Linker, linkify, target_blank

DOC = '<p>see example.com and bob@example.org, <a href="x">a.org</a></p><pre>b.org</pre>'


@pytest.mark.parametrize("policy", [None, "recommended", "base", LinkPolicy.recommended(), LinkPolicy()])
@pytest.mark.parametrize("parse_email", [True, False])
def test_shared_linker_gives_a_fresh_linkers_output(policy: object, parse_email: bool) -> None:
    fresh = Linker(parse_email=parse_email, policy=policy).linkify(DOC)  # type: ignore[arg-type]
    assert linkify(DOC, parse_email=parse_email, policy=policy) == fresh  # type: ignore[arg-type]
    assert linkify(DOC, parse_email=parse_email, policy=policy) == fresh  # type: ignore[arg-type]


def test_default_calls_reuse_one_linker() -> None:
    linkify(DOC)
    before = uhtml._default_linker.cache_info().hits
    for _ in range(3):
        linkify(DOC)
    assert uhtml._default_linker.cache_info().hits == before + 3
    assert uhtml._default_linker(True, None)._compiled is not None  # its compiled context, built once


def test_other_options_build_their_own_linker() -> None:
    before = uhtml._default_linker.cache_info()
    out = linkify(DOC, callbacks=[target_blank], skip_tags=())
    assert out == Linker(callbacks=[target_blank], skip_tags=()).linkify(DOC)
    assert 'target="_blank"' in out and '<pre><a href="https://b.org"' in out
    assert linkify(DOC, tlds=["com"]) == Linker(tlds=["com"]).linkify(DOC)
    after = uhtml._default_linker.cache_info()
    assert (after.hits, after.misses) == (before.hits, before.misses)


@pytest.mark.parametrize(
    "kwargs, error",
    [({"policy": "strict"}, ValueError), ({"policy": 3}, TypeError), ({"policy": ["base"]}, TypeError),
     ({"parse_email": 1}, TypeError), ({"parse_email": None}, TypeError)],
)  # fmt: skip
def test_bad_options_raise_as_before(kwargs: dict[str, object], error: type[Exception]) -> None:
    with pytest.raises(error) as shared:
        linkify(DOC, **kwargs)  # type: ignore[arg-type]
    with pytest.raises(error) as fresh:
        Linker(**kwargs)  # type: ignore[arg-type]
    assert str(shared.value) == str(fresh.value)
