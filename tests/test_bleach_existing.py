"""The bleach adapter against real bleach: callbacks on existing links (issue 20), the
callback uses bleach's documentation shows, ``callbacks=None`` and the clear errors
for what the adapter does not provide (issue 20 item 15).

Every case runs the same call through ``uts58_icu.bleach`` and through the installed
``bleach`` and compares, apart from the differences listed in ``DIFFERENT``.
"""

from __future__ import annotations

from urllib.parse import quote, urlsplit

import pytest

bleach = pytest.importorskip("bleach")
pytest.importorskip("turbohtml")

from bleach import linkifier as real_linkifier  # noqa: E402

from uts58_icu import bleach as ours  # noqa: E402

HREF = (None, "href")


# Callbacks doing what the ones in bleach's linkify documentation do (written here).
def add_title(attrs, new=False):
    attrs[(None, "title")] = "from a user"
    return attrs


def external_new_tab(attrs, new=False):
    if urlsplit(attrs[HREF]).netloc in ("my-domain.com", "other-domain.com"):
        attrs.pop((None, "target"), None)
    else:
        attrs[(None, "target")] = "_blank"
        attrs[(None, "class")] = "external"
    return attrs


def keep_some_attrs(attrs, new=False):
    keep = {HREF, (None, "target"), (None, "rel"), (None, "title"), "_text"}
    return {key: value for key, value in attrs.items() if key in keep}


def drop_title(attrs, new=False):
    attrs.pop((None, "title"), None)
    return attrs


def shorten_new(attrs, new=False):
    if new and len(attrs["_text"]) > 25:
        attrs["_text"] = attrs["_text"][:22] + "..."
    return attrs


def bounce_outgoing(attrs, new=False):
    if urlsplit(attrs.get(HREF, "")).netloc not in ("", "example.com", "www.example.com"):
        attrs[HREF] = "http://bn.ce/?destination=" + quote(attrs[HREF])
    return attrs


def no_python_files(attrs, new=False):
    text = attrs["_text"]
    if new and text.endswith(".py") and not text.lower().startswith(("http:", "https:")):
        return None
    return attrs


def unlink_mailto(attrs, new=False):
    return None if attrs[HREF].startswith("mailto:") else attrs


DOCUMENTED = [  # (callbacks, skip_tags, input): the uses bleach's linkify docs show
    ([add_title], None, "abc http://example.com def"),
    ([external_new_tab], None, "abc http://example.com def"),
    ([keep_some_attrs], None, '<a style="font-weight: super bold;" href="http://example.com">link</a>'),
    ([drop_title], None, '<a href="http://example.com">link</a>'),
    ([drop_title], None, '<a title="bad title" href="http://example.com">link</a>'),
    ([shorten_new], None, "http://example.com/longlonglonglonglongurl"),
    ([bounce_outgoing], None, "http://example.com"),
    ([bounce_outgoing], None, "http://foo.com"),
    ([no_python_files], None, "abc http://example.com def"),
    ([no_python_files], None, "abc models.py def"),
    ([unlink_mailto], None, '<a href="mailto:janet@example.com">mail janet!</a>'),
    (bleach.linkifier.DEFAULT_CALLBACKS, {"pre"}, "a b c http://example.com d e f"),
]

EXISTING = [  # existing links: nofollow and callbacks as in bleach
    '<a href="http://spam.example.com">x</a>',
    'see <a onclick="steal()" href="http://spam.example.com">cheap pills</a> and http://example.com',
    '<a href="http://example.com" rel="nofollow">already</a>',
    '<a href="http://example.com" rel="external">rel kept</a>',
    '<p><a href="http://a.example">one</a> <b><a href="http://b.example">two</a></b></p>',
    '<pre><a href="http://example.com">in pre</a></pre>',
    '<a href="mailto:a@example.com">mail</a>',
    "<a>no href</a>",
    '<a href="http://a.example">open to the end',
    '<a href="http://a.example">one<a href="http://b.example">two</a>',
    '<a href="http://a.example"><b>bold</b> text</a>',
]

#: (callbacks name or "*" for all that keep the link, input) -> why ours differs from bleach's output.
DIFFERENT = {
    # bleach drops the markup inside a link it unlinks (only the text stays); ours keeps it.
    ("unlink", '<a href="http://a.example"><b>bold</b> text</a>'): "UNLINK-MARKUP",
    # bleach re-serializes the parsed tree, so it writes the "</a>" the parser implied
    # (at the end of the input, before a second <a>); ours adds no tag to the input.
    ("*", '<a href="http://a.example">open to the end'): "VERBATIM",
    ("*", '<a href="http://a.example">one<a href="http://b.example">two</a>'): "VERBATIM",
}


def _unlink(attrs, new=False):
    return None


@pytest.mark.parametrize(("callbacks", "skip_tags", "text"), DOCUMENTED)
def test_documented_uses_match_bleach(callbacks, skip_tags, text):
    real = real_linkifier.Linker(callbacks=callbacks, skip_tags=skip_tags).linkify(text)
    mine = ours.Linker(callbacks=callbacks, skip_tags=skip_tags).linkify(text)
    assert mine == real


@pytest.mark.parametrize("name", ["nofollow", "unlink", "none", "empty"])
@pytest.mark.parametrize("text", EXISTING)
def test_existing_links_match_bleach(name, text):
    callbacks = {"nofollow": bleach.linkifier.DEFAULT_CALLBACKS, "unlink": [_unlink], "none": None, "empty": []}[name]
    real = bleach.linkify(text, callbacks=callbacks)
    mine = ours.linkify(text, callbacks=callbacks)
    if (name, text) in DIFFERENT or (name != "unlink" and ("*", text) in DIFFERENT):
        assert mine != real, "listed as a difference but now the same: remove it from DIFFERENT"
        # the same up to the listed difference: the same links and texts
        assert mine.count("<a ") == real.count("<a ")
        assert mine.count("nofollow") == real.count("nofollow")
    else:
        assert mine == real


def test_issue_reproducer_existing_link_gets_nofollow():
    assert ours.linkify('<a href="http://spam.example.com">x</a>') == (
        '<a href="http://spam.example.com" rel="nofollow">x</a>'
    )


def test_callbacks_see_existing_links_with_new_false():
    seen = []

    def spy(attrs, new=False):
        seen.append((dict(attrs), new))
        return attrs

    ours.linkify('<a href="http://a.example" onclick="x()">t &amp; u</a> b.example.com', callbacks=[spy])
    assert seen[0] == ({HREF: "http://a.example", (None, "onclick"): "x()", "_text": "t & u"}, False)
    assert seen[1][1] is True and seen[1][0]["_text"] == "b.example.com"


def test_onclick_stripped_from_existing_link():
    out = ours.linkify('<a href="http://a.example" onclick="steal()">x</a>', callbacks=[keep_some_attrs])
    assert out == '<a href="http://a.example">x</a>'


def test_changed_text_replaces_content_escaped():
    def rename(attrs, new=False):
        attrs["_text"] = "<new>"
        return attrs

    out = ours.linkify('<a href="http://a.example"><i>old</i></a>', callbacks=[rename])
    assert out == '<a href="http://a.example">&lt;new&gt;</a>'
    assert out == bleach.linkify('<a href="http://a.example"><i>old</i></a>', callbacks=[rename])


def test_unchanged_start_tag_is_kept_byte_for_byte():
    text = "<A HREF=http://a.example TITLE='t'>x</A>"
    assert ours.linkify(text, callbacks=[drop_title]) == '<a href="http://a.example">x</A>'
    assert ours.Linker(callbacks=[add_title]).linkify("<A HREF='http://a.example' title='from a user'>x</A>") == (
        "<A HREF='http://a.example' title='from a user'>x</A>"
    )


def test_keep_option_leaves_existing_links_alone():
    text = '<a href="http://spam.example.com" onclick="x()">x</a> b.example.com'
    out = ours.Linker(existing_links="keep").linkify(text)
    assert out == '<a href="http://spam.example.com" onclick="x()">x</a> <a href="https://b.example.com" rel="nofollow">b.example.com</a>'
    with pytest.raises(ValueError, match="existing_links"):
        ours.Linker(existing_links="drop")


def test_existing_links_never_linkified_inside():
    out = ours.linkify('<a href="http://a.example">see b.example.com</a>')
    assert out == '<a href="http://a.example" rel="nofollow">see b.example.com</a>'


def test_callback_returning_bad_type_is_a_clear_error():
    with pytest.raises(TypeError, match="dict or None"):
        ours.linkify('<a href="http://a.example">x</a>', callbacks=[lambda attrs, new: "x"])
    with pytest.raises(ValueError, match="attribute name"):
        ours.linkify('<a href="http://a.example">x</a>', callbacks=[lambda attrs, new: {**attrs, (None, "a b"): "1"}])


# -- issue 20 item 15 --------------------------------------------------------------------


def test_callbacks_none_is_accepted_as_in_bleach():
    text = "x.example.com <a href='http://a.example'>a</a>"
    assert ours.linkify(text, callbacks=None) == ours.linkify(text, callbacks=[])
    bleach.linkify(text, callbacks=None)  # the peer accepts it too


@pytest.mark.parametrize(
    ("module", "name", "hint"),
    [
        (ours, "clean", "nh3"),
        (ours, "Cleaner", "nh3"),
        (ours.linkifier, "build_url_re", "policy="),
        (ours.linkifier, "build_email_re", "policy="),
        (ours.linkifier, "LinkifyFilter", "nh3"),
    ],
)
def test_missing_bleach_names_give_a_hint(module, name, hint):
    assert hasattr(bleach if module is ours else real_linkifier, name)  # they exist in bleach
    with pytest.raises(AttributeError, match=hint):
        getattr(module, name)


def test_other_missing_names_are_plain_attribute_errors():
    with pytest.raises(AttributeError, match="no attribute 'nosuch'"):
        ours.nosuch  # noqa: B018
    assert not hasattr(ours, "__wrapped__")


def test_callback_cannot_make_an_existing_link_unsafe():
    def to_js(attrs, new=False):
        attrs[HREF] = " javascript:alert(1)"
        return attrs

    assert ours.linkify('<a href="http://a.example">x</a> y', callbacks=[to_js]) == "x y"
