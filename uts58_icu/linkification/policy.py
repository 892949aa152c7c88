"""Higher-level linkification checks of §8 (Security Considerations), all opt-in.

The defaults of :class:`LinkPolicy` are the conformant base algorithm: no check
is applied, and results match Unicode's test files. Each check cites the §8
paragraph that suggests it. :meth:`LinkPolicy.recommended` turns on the rules for
text that people read (their logic is in :mod:`uts58_icu.linkification.rules`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Literal

from .._icu import identifier_allowed_ranges, idna_to_unicode, unicode_set_ranges
from ..core.properties import regex_class
from .rules import FILE_EXTENSION_TLDS

__all__ = ["DEFAULT_FILE_EXTENSION_TLDS", "POLICY_NAMES", "LinkPolicy", "resolve_policy"]

#: TLDs that are also common file extensions (``helpers.py``, ``README.md``, ``a.zip``);
#: see :data:`uts58_icu.linkification.rules.FILE_EXTENSION_TLDS` for the rationale.
DEFAULT_FILE_EXTENSION_TLDS: frozenset[str] = FILE_EXTENSION_TLDS


_BOOL_FIELDS = (
    "require_identifier_allowed", "spoof_check", "reject_spoof", "cjk_boundary", "cjk_end",
    "trim_markup", "reject_code_context", "reject_file_names", "reject_abbreviations",
    "reject_generic_tld_names", "reject_code_spans", "reject_obfuscated_email_domains", "reject_patterns", "reject_compound_schemes", "reject_reverse_dns_names", "drop_empty_query", "guard_false_positives",
    "trim_bidi_controls", "cjk_host_cut",
    "reject_obfuscated_addresses", "reject_message_ids", "reject_mail_trace_headers", "reject_irc_hostmasks",
    "reject_irc_server_sources", "extend_mailto_headers", "reject_code_expressions", "keep_unassigned_email_keys", "split_glued_urls",
    "reject_quoted_printable_breaks", "reject_wrapped_url_tails", "cut_truncated_urls", "cut_glued_sentences",
    "reject_translated_file_names", "keep_placeholder_hosts",
    "reject_fediverse_handles", "reject_protocol_uri_addresses", "reject_matrix_ids",
)


@dataclass(frozen=True)
class LinkPolicy:
    """Opt-in checks applied on top of UTS #58 detection. Immutable; pickles.

    The default instance applies nothing (the conformant base algorithm).
    """

    #: §8: "Some character in a detected domain name label doesn't have the Unicode
    #: property value Identifier_Status=Recommended" — reject hosts with characters
    #: outside UTS #39 Identifier_Status=Allowed.
    require_identifier_allowed: bool = False
    #: §8 and UTS #39: run ICU's SpoofChecker on the host and record the failed
    #: checks on ``Link.spoof`` (mixed-script, confusables, invisible characters).
    spoof_check: bool = False
    #: Reject links whose host fails any SpoofChecker check (implies ``spoof_check``).
    reject_spoof: bool = False
    #: §8: "Some character in a detected link has the Unicode property value
    #: Bidi_Control=Yes" — ``'reject'`` drops such links, ``'escape'`` percent-escapes
    #: Bidi_Control and Default_Ignorable_Code_Point characters in ``Link.display``.
    bidi_controls: Literal["allow", "reject", "escape"] = "allow"
    #: §8: "Many real-world linkifiers and validators have length limits for URLs and
    #: email addresses, either as wholes or for certain Parts" — links longer than this
    #: (code points) are rejected.
    max_link_length: int | None = None
    #: The same, per Path, Query or Fragment part (code points, initiator included).
    max_part_length: int | None = None
    #: §8: "it might move the start boundary so that the domain name doesn't contain two
    #: adjacent characters with different values for (Line_Break=Ideographic OR
    #: Complex_Context)" (``ウェブサイトはexample.com``) — moved only when the rest of the
    #: host is ASCII, so ``最高のSONY製品.com`` stays whole. Schemeless URLs and the
    #: local-part of emails.
    cjk_boundary: bool = False
    #: §8 "alter the bounds": a URL's path ends where glued-on CJK text resumes the
    #: sentence (``https://example.jp/パスを見てください。``, ``…/Release”，內容如下``).
    cjk_end: bool = False
    #: §8 "alter the bounds": trim markup that wraps a link (backticks, ``**…**``,
    #: ``_…_``, quotes, a leading quote or backtick on an email) and HTML that leaked
    #: into plain text (``…</a>``, ``"/>`` after an attribute value).
    trim_markup: bool = False
    #: §8 "refrain from linkify helpers.py if there is no scheme": a schemeless name
    #: with ``_ / \ $ = {`` before it or ``_ (`` after it is code
    #: (``pam_motd.so``, ``jinja2.is_undefined``, ``response.next()``); ``key=`` is
    #: not part of an email address.
    reject_code_context: bool = False
    #: §8 ("helpers.py"): reject schemeless host-only names whose TLD is also a file
    #: extension (``file_extension_tlds``): ``README.md``, ``setup.py``, ``configure.ac``;
    #: a host cue before it (``visit``), or links written with a scheme on both sides
    #: (``at http://t.co/x example.cc http://t.co/y``, a post's list of addresses), keeps it.
    #: Also a name filling a line of a build file's list continued with ``\\`` (``  acls01.at \\``).
    reject_file_names: bool = False
    #: §8 ("eg, M.Sc."): reject schemeless names that look like abbreviations (``M.Sc.``)
    #: or version numbers (``3.0.0.final``, a release name ``yocto-1.5.final``).
    reject_abbreviations: bool = False
    #: §8 usability: reject a bare two-label schemeless name under a generic TLD other
    #: than .com/.net/.org/.edu/.gov/.mil/.arpa (since 2013 mostly words; ``.info``,
    #: ``.name`` are attribute names too) whose first label could be a programming
    #: identifier (``collections.abc``, ``logging.info``); a scheme, ``www.``, a path
    #: or a hyphen (``universal-acceptance-test.icu``) keeps it. Also a shouted phrase:
    #: three or more all-capital words under such a TLD, glued to punctuation before and
    #: ``!`` or ``?`` after (``(++MADE.MY.DAY!)``); ``WWW.`` keeps it. Also two words glued at a
    #: full stop, the second a ccTLD that starts the next clause (``the click.it’s``, ``1year.my heart``).
    #: A name that is all of a Markdown link's text (``[CoreDev.Tech][]``, ``[proto.school](…)``)
    #: is a site: kept.
    reject_generic_tld_names: bool = False
    #: §8 usability: a schemeless name alone in a Markdown/reST code span (backticks), with
    #: or without a path, is code unless written as a lower-case host under an original
    #: generic TLD (``Flask.name``, ``docutils.io``, the container image ``ghcr.io/o/n`` are
    #: not linked; ``python-requests.org``, ``example.com/app/`` are).
    reject_code_spans: bool = False
    #: §8 usability: reject the domain of an address spelt against spam harvesters
    #: (``bob -at- example.org``, ``bob AT example.org``, ``bob [at] example.org``, ``bob (=at=) example.org``).
    reject_obfuscated_email_domains: bool = False
    #: §8 usability: reject a URL whose path holds regular-expression syntax (``\.``,
    #: ``(.+)``, ``.*``, ``[^``): a pattern (watch files, rewrite rules), not an address,
    #: with or without a scheme; end a URL before a template placeholder
    #: (``https://github.com/{owner}/repo``, ``${VERSION}``, ``%s``); reject a date or time
    #: format written with dots (``dd.mm``, ``hh.mm.ss``).
    reject_patterns: bool = False
    #: §8 usability: reject ``https://`` glued to ``word+`` (``git+https://…``, pip and
    #: npm requirement syntax): a package or VCS reference, not a web link.
    reject_compound_schemes: bool = False
    #: §8 usability: reject a schemeless name of three or more labels whose first label
    #: is a TLD (``com.example.Foo``, ``org.freedesktop.DBus``, ``net.ipv4.ip_forward``):
    #: reverse-DNS identifiers, not hosts; and a schemeless name under ``.arpa``
    #: (``1.2.0.192.in-addr.arpa``, ``home.arpa``): DNS infrastructure, not a site.
    reject_reverse_dns_names: bool = False
    #: §8 "alter the bounds": drop a lone trailing ``?`` (``Have you seen example.com?``).
    drop_empty_query: bool = False
    #: Single-label hosts linked when a scheme is written (``http://localhost:8000/``),
    #: passed to the base detector. Not registrable domains: a deliberate step past
    #: §1.4 for developer documentation, where a written scheme shows the intent.
    dotless_hosts: frozenset[str] = frozenset()
    #: §8 usability (issue 18, :mod:`~uts58_icu.linkification.context`): an address that
    #: is not valid as written is not a link, and neither is its domain alone: spelt out
    #: in a list archive (``jane at example.org``, Pipermail), redacted (``mi***a@example.org``)
    #: or split by markup (``bob<span>@</span>example.org``); a spelt address alone on a
    #: line (also indented: Pipermail's HTML message header) or after a contact label
    #: (``Jabber: jane at example.org``).
    reject_obfuscated_addresses: bool = False
    #: §8 usability: ``<…@…>`` in ``Message-ID:``, ``References:``, ``In-Reply-To:`` (also
    #: folded, quoted with ``>``, or ``In article <…>``) is a message identifier, not a mailbox.
    reject_message_ids: bool = False
    #: §8 usability: names and addresses in mail trace and envelope headers (``Received:``,
    #: ``Return-Path:``, ``Delivered-To:``, ``List-Id:``, DKIM, ``ORCPT rfc822;…``, and every
    #: ``X-`` field but a few that name a person, such as ``X-Original-From:``) are routing
    #: records; a written URL or ``mailto:`` (``List-Unsubscribe:``) stays a link, and so does an
    #: address an ``X-`` header's prose asks you to write to (``send "subscribe" to list-request@…``).
    #: The hosts of a Usenet ``Path:`` (``a.example!b.example!not-for-mail``) are a trace too.
    reject_mail_trace_headers: bool = False
    #: §8 usability: an IRC hostmask (``nick!~ident@host``, ``(~ident@host) has joined``)
    #: is a connection identity, not a mailbox.
    reject_irc_hostmasks: bool = False
    #: §8 usability: an IRC server named by a client's status line as the source of a
    #: mode change (``May 19 23:59:44 *\tzinc.libera.chat sets mode +n on #chan``,
    #: HexChat and mIRC logs) is a connection identity, like a hostmask; so are the two
    #: servers of a netsplit's quit reason closing a quit, part or kick line
    #: (``*** Quits nick (irc.example.nl hub.example)``, irssi's ``[a.net b.net]``, Pidgin's
    #: ``(quit: a.net b.net).``) and irssi's ``Netsplit a.net <-> b.net quits: …``. A server
    #: named in a message typed by a person stays a link.
    reject_irc_server_sources: bool = False
    #: A step past §5.2 (like ``dotless_hosts``): a written ``mailto:`` link takes its
    #: RFC 6068 header fields (``mailto:list-request@example.org?subject=unsubscribe``).
    extend_mailto_headers: bool = False
    #: §8 "refrain from linkify helpers.py": a schemeless name that is a member access
    #: (``this.constructor.name``, ``input.id``, ``document.forms.my``), an operand of an
    #: expression, the module of Python's ``from NAME import`` or a ``.NET`` product name
    #: (``ASP.NET``) is code, not a host.
    reject_code_expressions: bool = False
    #: With ``reject_code_context``: strip ``KEY=`` before an email only where it starts
    #: a value (``EMAIL=foo@example.org`` at a line start or after a space, ``--email=``);
    #: elsewhere (``<CAJ=abc@…>``, ``[n=ident@host]``) keep the base's span.
    keep_unassigned_email_keys: bool = False
    #: A step past the base's bounds (inside its span): ``https://a.example/x<https://a.example/x>``
    #: (Outlook's plain-text form) is two links, the second without the ``<``.
    split_glued_urls: bool = False
    #: §8 usability: in raw mail, a link that a quoted-printable soft line break (``=`` at
    #: the end of a line) cuts is not the address written; neither is the tail after it.
    reject_quoted_printable_breaks: bool = False
    #: §8 usability: a name without a scheme that starts a line (after any ``>`` quote
    #: prefix) is the wrapped tail of the URL the line before ends with, when that line
    #: ends, with no space, inside a ``scheme://`` URL (``…/a/⏎> example.org/d/…``) or
    #: inside an address's domain (``andrii@ke⏎ rnel.org``): not an address by itself.
    reject_wrapped_url_tails: bool = False
    #: §8 "alter the bounds": ``…`` (U+2026) at the end of a URL marks where a post or an
    #: excerpt was cut (``http://t.co/EvsvVeH…``): the link ends before it, and none is
    #: made when the cut leaves nothing after the host (``http://t.co/…``, and
    #: ``https://t.co…`` where the ``…`` ends the line: the base ends that link before it).
    cut_truncated_urls: bool = False
    #: §8 "alter the bounds": a URL whose path ends in a file name glued to the next
    #: sentence by a missing space (``…/setup.8.md.That worked``, ``…/index.html.Thanks``)
    #: ends after the file's extension; the ``.`` and the capitalised word are the text's.
    cut_glued_sentences: bool = False
    #: §8 ("helpers.py"): a schemeless name whose labels are all in a script other than
    #: Latin under an ASCII file-extension TLD (``file_extension_tlds``) is a file name in a
    #: translated document (``ফাইল.py/এর/পাথ``, ``文件.md``), with or without a path.
    reject_translated_file_names: bool = False
    #: With ``reject_code_context``: a host written whole in a ``{{…}}`` placeholder
    #: (tldr-pages' argument syntax, ``--domain {{example.com}}``) is kept when it is in
    #: lower case under .com/.org/.net/.edu/.gov: the example address the writer typed, not
    #: a template expression (``{{page.id}}``, ``{site.url}`` stay code).
    keep_placeholder_hosts: bool = False
    #: §8 usability: an address glued after an ``@`` that starts a word (at the start of the
    #: text, after white space or opening punctuation) is a fediverse handle
    #: (``@jane@toot.example.social``, Mastodon), an account on a server, not a mailbox.
    reject_fediverse_handles: bool = False
    #: §8 usability: the ``user@host`` of a URI of another protocol, glued after its scheme
    #: (``xmpp:wg@jabber.example.org?join``, ``sip:``, ``sips:``, ``im:``, ``pres:``, ``h323:``,
    #: ``acct:``, ``mid:``, ``cid:``, ``news:``, ``nntp:``) is that protocol's address or
    #: identifier, not a mailbox. A label that is no URI scheme (``Email:jane@example.org``)
    #: keeps the address.
    reject_protocol_uri_addresses: bool = False
    #: §8 usability: the server name of a Matrix user id ``@localpart:server_name`` or room
    #: alias ``#alias:server_name`` (``<@alice:chat.example.org>``, ``#room:example.org``;
    #: server_name is host[:port]) is part of an identity, not a link: the schemeless name
    #: right after ``@localpart:`` or ``#alias:`` is not linked when the ``@`` or ``#``
    #: starts a word (the text's start, white space or one of ``<([{"'*>`` before it).
    #: ``a:example.com``, ``x@alice:example.org`` and a URL with a scheme
    #: (``https://matrix.to/#/@alice:example.org``) keep their links.
    reject_matrix_ids: bool = False
    #: The older switch: ``reject_file_names`` and ``reject_abbreviations`` together.
    guard_false_positives: bool = False
    file_extension_tlds: frozenset[str] = field(default=DEFAULT_FILE_EXTENSION_TLDS)
    #: §8 and UTS #39 §5.2, as browsers display IDNs: ``'punycode_if_confusable'`` shows
    #: a host that is confusable with an ASCII host (``аррӏе.com``) in Punycode in
    #: ``Link.display`` (see :mod:`uts58_icu.linkification.homographs`).
    idn_display: Literal["unicode", "punycode_if_confusable"] = "unicode"
    #: §8 "alter the bounds": a URL ends before the Bidi_Control characters that close
    #: it (``\u2068https://example.com/path\u2069`` in RTL text: the U+2069 is the text's).
    trim_bidi_controls: bool = False
    #: §8, a step past the base: link ``http://example.com`` in
    #: ``いまなにしてるhttp://example.comいまなにしてる``, where the base reads the glued CJK
    #: text as part of the host and links nothing. Proposed only with a written scheme,
    #: when the ASCII host typed after ``//`` is valid and CJK letters, or Thai, Lao,
    #: Myanmar or Khmer letters (also written without spaces), are glued right after its
    #: TLD with no further label separator (see ``rules.cjk_host_cuts``).
    cjk_host_cut: bool = False

    def __post_init__(self) -> None:
        for name in _BOOL_FIELDS:
            if not isinstance(getattr(self, name), bool):
                raise TypeError(f"{name} must be a bool, not {type(getattr(self, name)).__name__}")
        if self.bidi_controls not in ("allow", "reject", "escape"):
            raise ValueError(
                f"bidi_controls must be 'allow', 'reject' or 'escape', not {self.bidi_controls!r}"
            )
        if self.idn_display not in ("unicode", "punycode_if_confusable"):
            raise ValueError(
                f"idn_display must be 'unicode' or 'punycode_if_confusable', not {self.idn_display!r}"
            )
        for name in ("max_link_length", "max_part_length"):
            value = getattr(self, name)
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
                raise TypeError(f"{name} must be an int or None, not {type(value).__name__}")
            if value is not None and value < 1:
                raise ValueError(f"{name} must be at least 1, got {value}")
        if isinstance(self.dotless_hosts, str) or not isinstance(self.dotless_hosts, (frozenset, set, tuple, list)):
            raise TypeError(
                f"dotless_hosts must be a collection of str host names, not {type(self.dotless_hosts).__name__}"
            )
        hosts = set()
        for host in self.dotless_hosts:
            if not isinstance(host, str):
                raise TypeError(f"dotless_hosts must hold str host names, not {type(host).__name__}")
            if not host or any(c in host for c in "./:@[] \t\n\u3002\uff0e\uff61"):
                raise ValueError(f"dotless_hosts: {host!r} is not a single host label such as 'localhost'")
            hosts.add(host.lower())  # fully checked (UTS #46) by the base detector on first use
        object.__setattr__(self, "dotless_hosts", frozenset(hosts))
        object.__setattr__(self, "file_extension_tlds", _tld_set(self.file_extension_tlds))

    @property
    def is_default(self) -> bool:
        """Whether this policy applies nothing (the conformant base algorithm)."""
        return self == DEFAULT_POLICY

    @classmethod
    def recommended(cls) -> LinkPolicy:
        """The policy recommended for text that people will read (§8 linkification).

        Used by default by everything that makes links for people (``linkify_text_to_html``,
        ``uts58 linkify``, the Markdown and HTML integrations); :func:`find_links`
        keeps the conformant base by default. Every rule is its own field, so one can
        be turned off with :func:`dataclasses.replace`::

            dataclasses.replace(LinkPolicy.recommended(), reject_generic_tld_names=False)

        On: ``trim_markup``, ``cjk_boundary``, ``cjk_end``, ``reject_code_context``,
        ``reject_file_names``, ``reject_abbreviations``, ``reject_generic_tld_names``,
        ``reject_code_spans``, ``reject_obfuscated_email_domains``, ``reject_patterns``, ``reject_compound_schemes``, ``reject_reverse_dns_names``, ``drop_empty_query``, the mail/chat/code context rules of
        issue 18 (``reject_obfuscated_addresses``, ``reject_message_ids``,
        ``reject_mail_trace_headers``, ``reject_irc_hostmasks``, ``reject_irc_server_sources``,
        ``reject_code_expressions``, ``keep_unassigned_email_keys``, ``split_glued_urls``, ``extend_mailto_headers``,
        ``reject_quoted_printable_breaks``, ``reject_wrapped_url_tails``), ``reject_translated_file_names``,
        ``keep_placeholder_hosts``, ``cut_truncated_urls``, ``cut_glued_sentences``, ``trim_bidi_controls``, ``cjk_host_cut``,
        ``reject_fediverse_handles``, ``reject_protocol_uri_addresses``, ``reject_matrix_ids``,
        ``bidi_controls='escape'``, and
        ``dotless_hosts={'localhost'}`` (``http://localhost:8000/`` is linked when the
        scheme is written: a deliberate step past "registrable domain").
        """
        return RECOMMENDED_POLICY


def _tld_set(value: object) -> frozenset[str]:
    """``file_extension_tlds`` as a set of lower-case TLDs without a leading dot.

    A single ``str`` is one TLD (``"py"``, not ``{'p', 'y'}``); ``'.PY'`` is ``'py'``
    (issue 9 item 15).
    """
    items = (value,) if isinstance(value, str) else value
    try:
        seq = list(items)  # type: ignore[call-overload]
    except TypeError:
        raise TypeError(
            f"file_extension_tlds must be a str or a collection of str, not {type(value).__name__}"
        ) from None
    out = set()
    for item in seq:
        if not isinstance(item, str):
            raise TypeError(f"file_extension_tlds must hold str, not {type(item).__name__}")
        tld = item.lower().removeprefix(".")
        if tld.startswith("xn--"):  # compared with U-labels (detection's _tld_key)
            uni, ok = idna_to_unicode(tld)
            tld = uni if ok else tld
        if not tld or "." in tld:
            raise ValueError(f"file_extension_tlds: {item!r} is not a top-level domain")
        out.add(tld)
    return frozenset(out)


DEFAULT_POLICY = LinkPolicy()
RECOMMENDED_POLICY = LinkPolicy(
    trim_markup=True,
    cjk_boundary=True,
    cjk_end=True,
    reject_code_context=True,
    reject_file_names=True,
    reject_abbreviations=True,
    reject_generic_tld_names=True,
    reject_code_spans=True,
    reject_obfuscated_email_domains=True,
    reject_patterns=True,
    reject_compound_schemes=True,
    reject_reverse_dns_names=True,
    drop_empty_query=True,
    trim_bidi_controls=True,
    cjk_host_cut=True,
    reject_obfuscated_addresses=True,
    reject_message_ids=True,
    reject_mail_trace_headers=True,
    reject_irc_hostmasks=True,
    reject_irc_server_sources=True,
    extend_mailto_headers=True,
    reject_code_expressions=True,
    keep_unassigned_email_keys=True,
    split_glued_urls=True,
    reject_quoted_printable_breaks=True,
    reject_wrapped_url_tails=True,
    reject_translated_file_names=True,
    keep_placeholder_hosts=True,
    cut_truncated_urls=True,
    cut_glued_sentences=True,
    reject_fediverse_handles=True,
    reject_protocol_uri_addresses=True,
    reject_matrix_ids=True,
    dotless_hosts=frozenset({"localhost"}),
    bidi_controls="escape",
    idn_display="punycode_if_confusable",
)


class _PolicyPatterns:
    def __init__(self) -> None:
        import re

        allowed = identifier_allowed_ranges()
        self.not_allowed: Any = re.compile(regex_class(allowed, negate=True))
        self.id_or_sa: Any = re.compile(
            regex_class(unicode_set_ranges(r"[\p{Line_Break=Ideographic}\p{Line_Break=Complex_Context}]"))
        )


@lru_cache(maxsize=1)
def policy_patterns() -> _PolicyPatterns:
    return _PolicyPatterns()


#: The names every ``policy=`` argument and setting accepts: ``"base"`` is
#: ``LinkPolicy()`` (the conformant base algorithm), ``"recommended"`` is
#: :meth:`LinkPolicy.recommended`.
POLICY_NAMES: tuple[str, ...] = ("base", "recommended")


def resolve_policy(value: object, default: Literal["base", "recommended"] = "base") -> LinkPolicy:
    """The one rule of every entry point's ``policy=`` (issue 20 item 13).

    A :class:`LinkPolicy` is used as it is; a name of :data:`POLICY_NAMES` stands for
    its policy; ``None`` is the entry point's ``default``. An unknown name raises
    ``ValueError`` listing the names, anything else ``TypeError``.
    """
    if isinstance(value, LinkPolicy):
        return value
    if value is None:
        value = default
    if isinstance(value, str):
        if value == "base":
            return DEFAULT_POLICY
        if value == "recommended":
            return RECOMMENDED_POLICY
        raise ValueError(
            f"unknown policy {value!r}: use a LinkPolicy or one of " + ", ".join(map(repr, POLICY_NAMES))
        )
    raise TypeError(f"policy must be a LinkPolicy, a policy name ('base', 'recommended') or None, "
                    f"not {type(value).__name__}")
