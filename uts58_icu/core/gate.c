/*
 * gate.c -- the compiled gate of the §8 linkification layer (issue 19).
 *
 * linkification/apply.py's apply_policy runs every rule of a LinkPolicy (context.py,
 * rules.py, the homograph and bidi checks of _one) on every base link. Nearly every
 * link in prose is plain: an ASCII https:// URL or address with a space before and
 * after it, on which no rule can fire. This gate proves that cheaply, looking only at
 * the link's characters and its neighbourhood, and says which links may be touched by
 * some rule ("suspects"): only those go through the Python reference, which stays the
 * statement of every rule. The gate never decides what a rule does; it only has to
 * be conservative: for a plain link, every rule of the gated fields must leave the
 * link as it is (tests/test_accel_policy.py checks it against the pure path).
 *
 * Which LinkPolicy fields the gate covers is one table in
 * linkification/_gate.py (GATE_FIELDS); a policy that turns on any other field
 * never uses the gate. A new rule is added here as one more "suspect if" test, or
 * listed there as a field that falls back.
 *
 * Every test below names the rule (the LinkPolicy field) and the Python function
 * it covers. Tests are the same whichever gated fields are on: a link that a rule
 * of an "off" field would touch is merely sent to Python, which then keeps it.
 */
#if defined(__GNUC__) && !defined(__clang__)
/* The gate's loops read the text through PyUnicode_READ (a switch on the str kind per
 * code point): -O3's loop unswitching takes the switch out of the loops. This file
 * only (the base scan, detection.c, keeps the build's flags). */
#pragma GCC optimize("O3")
#endif
#include "_speedups.h"

static inline int
is_ascii_digit_g(Py_UCS4 c)
{
    return c >= '0' && c <= '9';
}

static inline int
is_space_tab(Py_UCS4 c)
{
    return c == ' ' || c == '\t';
}

static inline int
is_alpha_ascii(Py_UCS4 c)
{
    return c < 128 && Py_ISALPHA(c);
}

static inline int
is_alnum_ascii(Py_UCS4 c)
{
    return c < 128 && Py_ISALNUM(c);
}

static inline int
is_hex_ascii(Py_UCS4 c)
{
    return c < 128 && Py_ISXDIGIT(c);
}

/* Whether the ASCII code point c (0 < c < 128) is one of chars: a table of 128 bytes
 * filled from chars on first use (strchr, without a call per link). */
static inline int
in_ascii_set(Py_UCS4 c, const char *chars, uint8_t *table)
{
    if (!table[0]) {
        for (const char *p = chars; *p; p++)
            table[(unsigned char)*p] = 2;
        table[0] = 1; /* filled (NUL is never asked) */
    }
    return table[c] == 2;
}

static uint8_t before_set[128], after_set[128];

/* str.isupper() and its kin for one code point, with the ASCII answer inline (the
 * Py_UNICODE_IS* functions are calls into the interpreter's tables). */
static inline int
u_isupper(Py_UCS4 c)
{
    return c < 128 ? (c >= 'A' && c <= 'Z') : Py_UNICODE_ISUPPER(c);
}

static inline int
u_islower(Py_UCS4 c)
{
    return c < 128 ? (c >= 'a' && c <= 'z') : Py_UNICODE_ISLOWER(c);
}

static inline int
u_isalpha(Py_UCS4 c)
{
    return c < 128 ? (int)Py_ISALPHA(c) : (int)Py_UNICODE_ISALPHA(c);
}

static inline int
u_istitle(Py_UCS4 c)
{
    return c >= 128 && Py_UNICODE_ISTITLE(c);
}

static inline int
u_isdigit(Py_UCS4 c)
{
    return c < 128 ? (c >= '0' && c <= '9') : Py_UNICODE_ISDIGIT(c);
}

/* The first code unit ch (an ASCII character) in d[i:n] of 2-byte text, or -1: memchr
 * over the bytes (vectorised), a byte of another code unit skipped. */
static Py_ssize_t
find_ucs2(const Py_UCS2 *d, Py_ssize_t i, Py_ssize_t n, Py_UCS2 ch)
{
    const char *base = (const char *)d;
    while (i < n) {
        const char *p = memchr(base + 2 * i, (int)ch, (size_t)(2 * (n - i)));
        if (!p)
            return -1;
        Py_ssize_t k = (p - base) / 2;
        if (d[k] == ch)
            return k;
        i = k + 1;
    }
    return -1;
}

/* The first ASCII character ch in text[i:n) (n <= t->n), or -1: memchr over 1-byte
 * text, find_ucs2 over 2-byte text, a loop over 4-byte text. */
static Py_ssize_t
find_ascii(const Text *t, Py_ssize_t i, Py_ssize_t n, Py_UCS4 ch)
{
    if (i < 0)
        i = 0;
    if (i >= n)
        return -1;
    if (t->kind == PyUnicode_1BYTE_KIND) {
        const Py_UCS1 *d = (const Py_UCS1 *)t->data;
        const Py_UCS1 *p = memchr(d + i, (int)ch, (size_t)(n - i));
        return p ? p - d : -1;
    }
    if (t->kind == PyUnicode_2BYTE_KIND)
        return find_ucs2((const Py_UCS2 *)t->data, i, n, (Py_UCS2)ch);
    for (; i < n; i++)
        if (RD(t, i) == ch)
            return i;
    return -1;
}

/* The words that may be spelt before an address or a domain: context._spelled_at's
 * _SPELLED_AT (`` at ``), rules._OBFUSCATED_AT (``[at]``, ``-at-``, ``_at_``, `` AT``)
 * (reject_obfuscated_addresses, reject_obfuscated_email_domains). */
static int
maybe_spelled_at(const Text *t, Py_ssize_t s)
{
    Py_ssize_t j = s;
    while (j > 0 && s - j < 80 && Py_UNICODE_ISSPACE(RD(t, j - 1)))
        j--;
    if (j < 2)
        return 0;
    Py_UCS4 c = RD(t, j - 1);
    if (c == ']' || c == ')' || c == '}' || c == '>' || c == '-' || c == '_') {
        /* "[at]", "(at)", "<at>", "-at-", "_at_" (_OBFUSCATED_AT) */
        Py_ssize_t k = j - 1;
        while (k > 0 && j - k < 8 && Py_UNICODE_ISSPACE(RD(t, k - 1)))
            k--;
        if (k > 0 && RD(t, k - 1) < 128 && RD(t, k - 1) != 0 && strchr("=.*~#-", (int)RD(t, k - 1)) != NULL) {
            /* a mark inside the brackets: "(=at=)", "[-at-]" (_OBFUSCATED_AT) */
            Py_ssize_t m = --k;
            while (k > 0 && m - k < 8 && Py_UNICODE_ISSPACE(RD(t, k - 1)))
                k--;
        }
        if (k >= 2 && (RD(t, k - 1) | 0x20) == 't' && (RD(t, k - 2) | 0x20) == 'a')
            return __LINE__;
        return 0;
    }
    /* '@' between spaces: "jane @ example.org" (_SPELLED_AT) */
    if (c == '@' && j < s && Py_UNICODE_ISSPACE(RD(t, j - 2)))
        return __LINE__;
    /* "at" or "AT" after white space (_SPELLED_AT, _OBFUSCATED_AT's "\sAT") */
    if (j >= 3 && Py_UNICODE_ISSPACE(RD(t, j - 3))) {
        Py_UCS4 b = RD(t, j - 2);
        if ((b == 'a' && c == 't') || (b == 'A' && c == 'T'))
            return __LINE__;
    }
    return 0;
}

/* Whether text[i:j] is white space (' ', '\t') from a line's start (0 or after '\n'). */
static int
at_line_start_after_blanks(const Text *t, Py_ssize_t i)
{
    while (i > 0 && is_space_tab(RD(t, i - 1)))
        i--;
    return i == 0 || RD(t, i - 1) == '\n';
}

/* at_line_start_after_blanks, or after blanks, an interactive prompt, blanks, and then
 * blanks from the line's start: context._PROMPT (">>>", "...", "In [12]:", "In[12]:"). */
static int
at_line_start_after_prompt(const Text *t, Py_ssize_t i)
{
    if (at_line_start_after_blanks(t, i))
        return 1;
    Py_ssize_t j = i;
    while (j > 0 && is_space_tab(RD(t, j - 1)))
        j--;
    if (j == i || j < 3)
        return 0;
    Py_UCS4 c = RD(t, j - 1);
    if ((c == '>' || c == '.') && RD(t, j - 2) == c && RD(t, j - 3) == c)
        return at_line_start_after_blanks(t, j - 3);
    if (c != ':' || RD(t, j - 2) != ']')
        return 0;
    Py_ssize_t k = j - 2;
    while (k > 0 && j - 2 - k < 7 && RD(t, k - 1) >= '0' && RD(t, k - 1) <= '9')
        k--;
    if (k == j - 2 || j - 2 - k > 6 || k < 3 || RD(t, k - 1) != '[')
        return 0;
    k--;
    if (is_space_tab(RD(t, k - 1)))
        k--;
    return k >= 2 && RD(t, k - 2) == 'I' && RD(t, k - 1) == 'n' && at_line_start_after_blanks(t, k - 2);
}

/* Whether the word maybe_spelled_at found is a lower-case "at" or a '@' between spaces:
 * a shape only context._SPELLED_AT looks at (rules._OBFUSCATED_AT needs brackets, dashes,
 * underscores or "AT"), so that context._spelled_at alone decides the link
 * (reject_obfuscated_addresses) when no other test of the gate sends it to Python. */
static int
spelled_at_only(const Text *t, Py_ssize_t s)
{
    Py_ssize_t j = s;
    while (j > 0 && s - j < 80 && Py_UNICODE_ISSPACE(RD(t, j - 1)))
        j--;
    if (j < 3 || j == s)
        return 0;
    Py_UCS4 c = RD(t, j - 1), b = RD(t, j - 2);
    return (c == '@' || (b == 'a' && c == 't')) && Py_UNICODE_ISSPACE(RD(t, j - (c == '@' ? 2 : 3)));
}

/* context._CODE_BEFORE and _CODE_AFTER (reject_code_expressions): an operator or a
 * keyword next to the name. Before it, as the pattern (wider only where noted): "==",
 * "!=", "&&", "||", "->" or "=>" (the white space or line start before them not
 * checked); "return", "typeof", "await", "var" or "const" (the word boundary before
 * them not checked); "import", "import static", "package" or "using" after nothing but
 * blanks on their line, or "import" after a prompt (the pattern's 40-character window
 * not checked). */
static int
maybe_code_operand(const Text *t, Py_ssize_t s, Py_ssize_t e)
{
    Py_ssize_t j = s;
    while (j > 0 && s - j < 40 && is_space_tab(RD(t, j - 1)))
        j--;
    if (j < s && j > 0) {
        Py_UCS4 c = RD(t, j - 1), b = j >= 2 ? RD(t, j - 2) : 0;
        if ((c == '=' && (b == '=' || b == '!')) || (c == '&' && b == '&') || (c == '|' && b == '|') ||
            (c == '>' && (b == '-' || b == '=')))
            return 1;
        if (is_alpha_ascii(c)) {
            static const char *words[] = {"return", "typeof", "await", "var", "const",
                                          "import", "static", "package", "using", NULL};
            static const Py_ssize_t lens[] = {6, 6, 5, 3, 5, 6, 6, 7, 5};
            for (int w = 0; words[w]; w++) {
                Py_ssize_t ws = j - lens[w];
                if ((Py_UCS4)words[w][lens[w] - 1] != c || !starts(t, ws, words[w], lens[w]))
                    continue;
                if (w < 5)
                    return 1;
                if (w == 5) /* import: first on its line, or after a prompt */
                    if (at_line_start_after_prompt(t, ws))
                        return 1;
                if (w > 6) /* package, using: first on their line */
                    if (at_line_start_after_blanks(t, ws))
                        return 1;
                if (w == 6) { /* static: after "import" and blanks, first on its line or after a prompt */
                    Py_ssize_t k = ws;
                    while (k > 0 && is_space_tab(RD(t, k - 1)))
                        k--;
                    if (k < ws && starts(t, k - 6, "import", 6) && at_line_start_after_prompt(t, k - 6))
                        return 1;
                }
            }
        }
    }
    Py_ssize_t n = t->n, k = e;
    while (k < n && is_space_tab(RD(t, k)))
        k++;
    if (k > e && k < n) {
        Py_UCS4 c = RD(t, k), d = k + 1 < n ? RD(t, k + 1) : 0;
        if (c == '=' || ((c == '!' || c == '+' || c == '-') && d == '=') || (c == '&' && d == '&') ||
            (c == '|' && d == '|'))
            return 1;
        if (c == 'i' && starts(t, k, "import", 6)) /* Python's "from NAME import" */
            return 1;
    }
    return 0;
}

/* A label text[a:b] in a set of str (str.lower() first when lower): 1, 0, -1 error. */
static int
label_in(const Text *t, Py_ssize_t a, Py_ssize_t b, PyObject *set, int lower)
{
    if (set == Py_None || b <= a)
        return 0;
    int ascii = 1;
    for (Py_ssize_t i = a; i < b && ascii; i++)
        if (RD(t, i) >= 128)
            ascii = 0;
    PyObject *s;
    CSet *c = cset_of(set);
    if (!c && PyErr_Occurred())
        return -1;
    if (c && !ascii && !cset_any_nonascii(c)) {
        /* a non-ASCII label is in a set of ASCII names only if str.lower() makes it ASCII:
         * only where a character's lower case is ASCII (U+212A KELVIN SIGN, U+0130) */
        int maybe = 0;
        for (Py_ssize_t i = a; i < b && !maybe; i++) {
            Py_UCS4 ch = RD(t, i);
            maybe = ch >= 128 && lower && Py_UNICODE_TOLOWER(ch) < 128;
        }
        if (!maybe)
            return 0;
    }
    if (ascii) {
        if (c)
            return cset_has(c, t, a, b, lower);
        s = PyUnicode_New(b - a, 127);
        if (!s)
            return -1;
        Py_UCS1 *o = PyUnicode_1BYTE_DATA(s);
        for (Py_ssize_t i = a; i < b; i++) {
            Py_UCS4 c = RD(t, i);
            *o++ = (Py_UCS1)(lower ? Py_TOLOWER(c) : c);
        }
    }
    else {
        PyObject *sub = PyUnicode_Substring(t->obj, a, b);
        if (!sub)
            return -1;
        if (!lower)
            s = sub;
        else {
            s = PyObject_CallMethod(sub, "lower", NULL);
            Py_DECREF(sub);
            if (!s)
                return -1;
        }
    }
    int r = PySequence_Contains(set, s);
    Py_DECREF(s);
    return r;
}

/* The sets, tables and limits the gate reads (linkification/_gate.py builds them). */
typedef struct {
    PyObject *file_ext;        /* policy.file_extension_tlds */
    PyObject *inner_ext;       /* rules._INNER_EXTENSIONS */
    PyObject *reverse_first;   /* rules._REVERSE_DNS_FIRST */
    PyObject *host_tlds;       /* rules._HOST_TLDS */
    PyObject *code_receivers;  /* context._CODE_RECEIVERS */
    Py_ssize_t max_link, max_part; /* -1: None */
    const uint8_t *cls;        /* 0x10000 bytes of G_* bits (BMP) */
    PyObject *astral_letters;  /* ((lo, hi), ...): CJK letters beyond the BMP */
    PyObject *confusable;      /* host -> bool (may be confusable), or None */
    PyObject *headers;         /* dict: a header name -> H_* bits (_gate._header_bits) */
    PyObject *header_prefixes; /* context._TRACE_PREFIXES */
    PyObject *web_only;        /* rules._SITE_TLDS */
    PyObject *rules_receivers; /* rules._CODE_RECEIVERS */
    PyObject *host_cue;        /* rules._host_cue(text, start) -> bool */
    long drops;                /* D_* bits: the rules gate.c decides itself (when on) */
    int allow_drop;            /* no TLD named by the caller */
    struct LineCache *lines;   /* line starts met so far (links come in text order) */
    PyObject *cfg;             /* the configuration tuple (borrowed): the name memo's key */
} GateConfig;

/* The start of the line of the last position asked (links come in order: the text is
 * read once for all of them). */
typedef struct LineCache {
    Py_ssize_t pos, start; /* start: just after the last '\n' before pos, or 0 */
    /* maybe_header's reading of the folded line last asked (hdr_ls, -1 none): the start of
     * its header line (hdr_top, -1 none) and that name's H_* bits; every link on that line
     * shares it (links come in order: a later one is farther from the header) */
    Py_ssize_t hdr_ls, hdr_top;
    long hdr_bits;
} LineCache;

/* GateConfig.drops: a schemeless name these rules reject is dropped here (no Python). */
#define D_REVERSE_DNS 0x01 /* reject_reverse_dns_names */
#define D_FILE_NAMES 0x02  /* reject_file_names or guard_false_positives */
#define D_GENERIC_TLD 0x04 /* reject_generic_tld_names */
/* ... and the bound-moving rules gate.c follows (off: they move nothing) */
#define D_CJK_END 0x08     /* cjk_end */
#define D_EMPTY_QUERY 0x10 /* drop_empty_query */
/* ... and the header rules (context.reject_reason), which gate.c decides where it is sure */
#define D_MSGID 0x20       /* reject_message_ids */
#define D_TRACE 0x40       /* reject_mail_trace_headers */
/* ... and the IRC rules, where gate.c is sure (sure_irc_ident, sure_irc_split) */
#define D_IRC_HOSTMASK 0x80 /* reject_irc_hostmasks */
#define D_IRC_SERVER 0x100  /* reject_irc_server_sources */
/* ... and the spelt and split addresses, where sure (sure_redacted, sure_split_at) */
#define D_OBFUSCATED 0x200  /* reject_obfuscated_addresses */
/* ... and a schemeless name after '/', '\\' or '$' (rules.reject_reason) */
#define D_CODE_CONTEXT 0x400 /* reject_code_context */
/* ... and a name in a code span written as code (rules.reject_reason, sure_code_host) */
#define D_CODE_SPANS 0x800 /* reject_code_spans */
/* ... and a name that is an operand, an operator after it (context._code_name, sure_code_operand) */
#define D_CODE_EXPR 0x1000 /* reject_code_expressions */

/* Bits of a header name in GateConfig.headers (_gate._header_bits). */
#define H_MSGID 0x01 /* context._MSGID_HEADERS */
#define H_TRACE 0x02 /* context._is_trace */
#define H_OTHER 0x04 /* a rule looks at links there ("reply-to", "in-reply") */

/* Bits of GateConfig.cls (rules.py's classes). */
#define G_CJK_LETTER 0x01 /* rules._CJK_LETTER_CLASS */
#define G_CJK_PUNCT 0x02  /* rules._CJK_PUNCT_CLASS */
#define G_HIRAGANA 0x04   /* rules._HIRAGANA */
#define G_GLUE 0x08       /* rules._GLUE_BEFORE */
#define G_BIDI 0x10       /* rules._BIDI_CONTROLS, patterns().bidi_or_ignorable */
#define G_SA_LETTER 0x20  /* rules._SA_LETTER_CLASS (the BMP: all of it) */

static inline uint8_t
cls_of(const GateConfig *g, Py_UCS4 c)
{
    if (c < 0x10000)
        return g->cls[c];
    Py_ssize_t k, n = PyTuple_GET_SIZE(g->astral_letters);
    for (k = 0; k < n; k++) {
        PyObject *r = PyTuple_GET_ITEM(g->astral_letters, k);
        if (c >= (Py_UCS4)PyLong_AsLong(PyTuple_GET_ITEM(r, 0)) &&
            c <= (Py_UCS4)PyLong_AsLong(PyTuple_GET_ITEM(r, 1)))
            return G_CJK_LETTER;
    }
    return 0;
}

/* context._line_start: the start of the line holding pos, or -1 when it starts more
 * than _MAX_LOOKBACK code points back (not a line start then: no header). */
static Py_ssize_t
line_start(const Text *t, Py_ssize_t pos)
{
    Py_ssize_t lo = pos > 4000 ? pos - 4000 : 0; /* context._MAX_LOOKBACK */
    Py_ssize_t ls = pos;
    while (ls > lo && RD(t, ls - 1) != '\n')
        ls--;
    if (ls > 0 && RD(t, ls - 1) != '\n')
        return -1;
    return ls;
}

/* The '(' that is still open at text[from] on its line: the last '(' in [lo, from] with no
 * ')' or line break after it up to from, or -1 (context._OPEN_CALL, context._js_argument). */
static Py_ssize_t
open_paren_before(const Text *t, Py_ssize_t from, Py_ssize_t lo)
{
    for (Py_ssize_t i = from; i >= 0 && i >= lo; i--) {
        Py_UCS4 c = RD(t, i);
        if (c == '\n' || c == ')')
            return -1;
        if (c == '(')
            return i;
    }
    return -1;
}

/* context._in_fenced_code, widened: a "```" within 8,000 code points before pos, the
 * link's start (the rule looks up to _MAX_LOOKBACK before the line's start, itself at most
 * _MAX_LOOKBACK before pos, and wants the fence to open a block with an info string, at
 * most three blanks into its line); prose without code fences costs a memchr. */
static int
fence_before(const Text *t, Py_ssize_t pos)
{
    Py_ssize_t lo = pos > 8000 ? pos - 8000 : 0;
    for (Py_ssize_t i = find_ascii(t, lo, pos, '`'); i >= 0 && i + 2 < pos; i = find_ascii(t, i + 1, pos, '`'))
        if (RD(t, i + 1) == '`' && RD(t, i + 2) == '`')
            return 1;
    return 0;
}

/* rules._quoted_in_code_span, widened: a '`' on pos's line within 200 code points before
 * it (_CODE_SPAN_REACH). */
static int
backtick_before(const Text *t, Py_ssize_t pos)
{
    Py_ssize_t lo = pos > 200 ? pos - 200 : 0;
    for (Py_ssize_t i = pos - 1; i >= lo; i--) {
        Py_UCS4 c = RD(t, i);
        if (c == '`')
            return 1;
        if (c == '\n')
            return 0;
    }
    return 0;
}

/* line_start(t, pos) through the cache of a gate run: linear over the links of a text. */
static Py_ssize_t
line_start_cached(const Text *t, Py_ssize_t pos, LineCache *lc)
{
    if (!lc || pos < lc->pos)
        return line_start(t, pos);
    Py_ssize_t start = lc->start;
    /* the last '\n' in [lc->pos, pos), read backward with a typed loop per str kind */
#define LAST_NL(TYPE)                                          \
    {                                                          \
        const TYPE *d = (const TYPE *)t->data;                 \
        for (Py_ssize_t i = pos; i > lc->pos; i--)             \
            if (d[i - 1] == '\n') {                            \
                start = i;                                     \
                break;                                         \
            }                                                  \
    }
    if (t->kind == PyUnicode_1BYTE_KIND) {
        const Py_UCS1 *d = (const Py_UCS1 *)t->data;
        /* the last '\n' in [lc->pos, pos) by memchr forward (portable; one call per line) */
        Py_ssize_t i = lc->pos;
        while (i < pos) {
            const Py_UCS1 *p = memchr(d + i, '\n', (size_t)(pos - i));
            if (!p)
                break;
            i = p - d + 1;
            start = i;
        }
    }
    else if (t->kind == PyUnicode_2BYTE_KIND) {
        /* the last '\n' in [lc->pos, pos), forward (one memchr per line) */
        const Py_UCS2 *d = (const Py_UCS2 *)t->data;
        for (Py_ssize_t i = find_ucs2(d, lc->pos, pos, '\n'); i >= 0; i = find_ucs2(d, i + 1, pos, '\n'))
            start = i + 1;
    }
    else
        LAST_NL(Py_UCS4)
#undef LAST_NL
    lc->pos = pos;
    lc->start = start;
    Py_ssize_t lo = pos > 4000 ? pos - 4000 : 0; /* context._MAX_LOOKBACK */
    return start >= lo ? start : -1;
}

/* _QUOTE_PREFIX.match(text, i): >(?: ?>)* ? -> its end (i when none). */
static Py_ssize_t
quote_prefix_end(const Text *t, Py_ssize_t i)
{
    if (i >= t->n || RD(t, i) != '>')
        return i;
    i++;
    for (;;) {
        if (i < t->n && RD(t, i) == '>')
            i++;
        else if (i + 1 < t->n && RD(t, i) == ' ' && RD(t, i + 1) == '>')
            i += 2;
        else
            break;
    }
    if (i < t->n && RD(t, i) == ' ')
        i++;
    return i;
}

/* Whether "to" or "at", blanks and an optional '<' stand right before pos (the end of
 * context._X_PROSE_TO; its word boundary and its verb are left to Python). Blanks are
 * followed as far as Python's window (200 before the address, context._x_header_prose):
 * its [ \t]+ has no bound of its own. */
static int
to_or_at_before(const Text *t, Py_ssize_t pos)
{
    Py_ssize_t j = pos;
    if (j > 0 && RD(t, j - 1) == '<')
        j--;
    Py_ssize_t k = j;
    while (k > 0 && j - k < 200 && is_space_tab(RD(t, k - 1)))
        k--;
    if (k == j || k < 2)
        return 0;
    Py_UCS4 a = RD(t, k - 2) | 0x20, b = RD(t, k - 1) | 0x20;
    return (a == 't' && b == 'o') || (a == 'a' && b == 't');
}

/* The H_* bits of the header name text[n0:i] (0: no rule looks there), -1 on error. */
static long
header_bits(const Text *t, Py_ssize_t n0, Py_ssize_t i, const GateConfig *g)
{
    /* the name, lower case, ' ' as '-' */
    PyObject *name = PyUnicode_New(i - n0, 127);
    if (!name)
        return -1;
    Py_UCS1 *o = PyUnicode_1BYTE_DATA(name);
    for (Py_ssize_t k = n0; k < i; k++) {
        Py_UCS4 d = RD(t, k);
        *o++ = (Py_UCS1)(d == ' ' ? '-' : Py_TOLOWER(d));
    }
    long bits = 0;
    PyObject *v = PyDict_GetItemWithError(g->headers, name); /* borrowed */
    if (v) {
        bits = PyLong_AsLong(v);
    }
    else if (!PyErr_Occurred()) {
        for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(g->header_prefixes); k++) {
            int m = PyUnicode_Tailmatch(name, PyTuple_GET_ITEM(g->header_prefixes, k), 0, PY_SSIZE_T_MAX, -1);
            if (m < 0)
                break;
            if (m) {
                bits = H_TRACE;
                break;
            }
        }
    }
    Py_DECREF(name);
    return PyErr_Occurred() ? -1 : bits;
}

/* context.header_name(text, pos), step for step: the H_* bits of the header whose value
 * holds pos (0: none, or no rule looks there; -1: error). ls0: the line start of pos. A
 * folded line's reading is kept in g->lines for the next link on the same line: it
 * depends on pos only through the look-back bound, checked against the header line. */
static long
header_at(const Text *t, Py_ssize_t pos, Py_ssize_t ls0, const GateConfig *g)
{
    LineCache *lc = g->lines;
    if (lc && ls0 >= 0 && lc->hdr_ls == ls0)
        return (lc->hdr_top >= 0 && pos - lc->hdr_top <= 16000) ? lc->hdr_bits : 0;
    Py_ssize_t ls = ls0;
    int folded = 0;
    long bits = 0;
    Py_ssize_t top = -1;
    for (int line = 0; line < 60; line++) { /* context._MAX_LINES */
        if (ls < 0)
            break; /* a line longer than the look-back: no header */
        Py_ssize_t body = quote_prefix_end(t, ls);
        if (body < t->n && (RD(t, body) == ' ' || RD(t, body) == '\t')) { /* a folded line */
            Py_ssize_t le = ls;
            while (le < pos && RD(t, le) != '\n')
                le++;
            int content = 0;
            for (Py_ssize_t i = ls; i < le && !content; i++) {
                Py_UCS4 c = RD(t, i);
                content = !(c == ' ' || c == '\t' || c == '>');
            }
            /* the line holding pos holds the link: not blank (context.header_name) */
            if (ls == 0 || (le < pos && !content))
                break;
            folded = 1;
            ls = line_start(t, ls - 1);
            if (ls >= 0 && pos - ls > 16000) /* context._MAX_HEADER_LOOKBACK */
                break;
            continue;
        }
        /* _HEADER_NAME.match(text, ls): (?:>(?: ?>)* ?)?([A-Za-z][A-Za-z0-9-]*(?: [A-Za-z][A-Za-z0-9-]*)?): */
        Py_ssize_t i = body, n0;
        if (i >= pos || !is_alpha_ascii(RD(t, i)))
            break;
        n0 = i++;
        while (i < pos && (is_alnum_ascii(RD(t, i)) || RD(t, i) == '-'))
            i++;
        if (i + 1 < pos && RD(t, i) == ' ' && is_alpha_ascii(RD(t, i + 1))) {
            Py_ssize_t k = i + 2;
            while (k < pos && (is_alnum_ascii(RD(t, k)) || RD(t, k) == '-'))
                k++;
            if (k < pos && RD(t, k) == ':')
                i = k;
        }
        if (!(i < pos && RD(t, i) == ':'))
            break; /* m.end() <= pos */
        bits = header_bits(t, n0, i, g);
        if (bits < 0)
            return -1;
        top = ls;
        break;
    }
    if (lc && folded) {
        lc->hdr_ls = ls0;
        lc->hdr_top = top;
        lc->hdr_bits = bits;
    }
    return bits;
}

/* context.header_name(text, pos) (header_at), then whether a rule may drop a link in that
 * header (reject_message_ids, reject_mail_trace_headers): GateConfig.headers maps the
 * names the rules know to H_* bits; a name not in it is a trace header when it starts
 * with one of header_prefixes (context._is_trace: every "x-" name that is not a person's
 * is in the map). 0 (no rule), a line number (a rule may drop it: to Python), -1
 * (error). *drop: a rule that is on rejects it for sure (a message-id or trace header:
 * context.reject_reason's first rule after _qp_break, which rejects too). ls0: the line
 * start of pos (line_start). */
static int
maybe_header(const Text *t, Py_ssize_t pos, Py_ssize_t ls0, const GateConfig *g, int *drop)
{
    long bits = header_at(t, pos, ls0, g);
    if (bits <= 0)
        return (int)bits;
    if ((bits & H_MSGID) && (g->drops & D_MSGID))
        *drop = 1;
    else if ((bits & H_TRACE) && (g->drops & D_TRACE) && !to_or_at_before(t, pos))
        *drop = 1; /* "send … to list-request@…" in an X- header: Python (context._x_header_prose) */
    return __LINE__;
}

/* reject_irc_hostmasks (context._irc_hostmask) for an address in ( ) or [ ]: an
 * ident prefix (_IDENT_PREFIX), an event word after it (_IRC_EVENT), or an IRC log's
 * line start (_IRC_LINE_START), each conservatively. */
static int
maybe_irc(const Text *t, Py_ssize_t ts, Py_ssize_t e, const GateConfig *g)
{
    Py_UCS4 c = RD(t, ts);
    if (c == '~' || c == '+' || c == '^' || c == '=' || c == '-' ||
        ((c == 'n' || c == 'i') && ts + 1 < t->n && RD(t, ts + 1) == '='))
        return __LINE__;
    static const char *words[] = {"joined", "left", "quit", "Quit", "parted", "Read error",
                                  "Ping timeout", "is now known as", "Remote host closed", NULL};
    Py_ssize_t stop = e + 300 < t->n ? e + 300 : t->n;
    Py_ssize_t nl = find_ascii(t, e, stop, '\n');
    if (nl >= 0)
        stop = nl; /* a word starting before the line break (none holds one) */
    static const Py_ssize_t lens[] = {6, 4, 4, 4, 6, 10, 12, 15, 18};
    for (int w = 0; words[w]; w++) { /* each word, where its first letter is */
        Py_ssize_t len = lens[w];
        Py_UCS4 first = (Py_UCS4)words[w][0];
        for (Py_ssize_t i = find_ascii(t, e, stop, first); i >= 0; i = find_ascii(t, i + 1, stop, first))
            if (starts(t, i, words[w], len))
                return __LINE__;
    }
    Py_ssize_t ls = line_start_cached(t, ts, g->lines);
    if (ls < 0)
        return 0;
    /* \s*(?:\[?[\d:.\- T]+\]?\s*)? then -!- *** --> <-- * -- Joins: Quits: Parts: */
    Py_ssize_t i = ls;
    while (i < t->n && (Py_UNICODE_ISSPACE(RD(t, i)) || RD(t, i) == '[' || RD(t, i) == ']' ||
                        is_ascii_digit_g(RD(t, i)) || RD(t, i) == ':' || RD(t, i) == '.' ||
                        RD(t, i) == '-' || RD(t, i) == 'T'))
        i++;
    if (i < t->n) {
        Py_UCS4 d = RD(t, i);
        if (d == '*' || d == '<' || d == 'J' || d == 'Q' || d == 'P')
            return __LINE__;
    }
    for (Py_ssize_t k = ls; k < i; k++)
        if (RD(t, k) == '-')
            return __LINE__; /* "-!-", "--", "-->", also before blanks ("--\tnick") */
    return 0;
}

/* cjk_boundary (rules.cjk_start) on text[lo:hi]: a CJK character followed by an ASCII
 * letter or digit. */
static int
maybe_cjk_start(const Text *t, Py_ssize_t lo, Py_ssize_t hi, const GateConfig *g)
{
    for (Py_ssize_t i = lo; i + 1 < hi; i++) {
        Py_UCS4 c = RD(t, i);
        if (c >= 128 && (cls_of(g, c) & (G_CJK_LETTER | G_CJK_PUNCT)) && RD(t, i + 1) < 128 &&
            is_alnum_ascii(RD(t, i + 1)))
            return __LINE__;
    }
    return 0;
}

/* cjk_end (rules.cjk_end) on the path text[after:end], step for step: where it cuts the
 * URL (before rules._reterminate), or -1. */
static Py_ssize_t
cjk_end_cut(const Text *t, Py_ssize_t after, Py_ssize_t end, const GateConfig *g)
{
    Py_ssize_t pos = after;
    while (pos < end) {
        Py_UCS4 c = RD(t, pos);
        if (!(c >= 128 && (cls_of(g, c) & (G_CJK_LETTER | G_CJK_PUNCT)))) {
            pos++;
            continue;
        }
        Py_ssize_t i = pos;
        Py_UCS4 prev = RD(t, i - 1); /* i > after >= 1: the host is before */
        if (prev < 128 && (g->cls[prev] & G_GLUE))
            return i; /* glued to an ASCII letter, digit or closer */
        Py_ssize_t j = i, punct = -1;
        int hira = 0, hira_before_punct = 0;
        while (j < end) { /* _CJK_RUNS */
            uint8_t k = RD(t, j) >= 128 ? cls_of(g, RD(t, j)) : 0;
            if (!(k & (G_CJK_LETTER | G_CJK_PUNCT)))
                break;
            if ((k & G_CJK_PUNCT) && punct < 0) {
                punct = j;
                hira_before_punct = hira;
            }
            if (k & G_HIRAGANA)
                hira = 1;
            j++;
        }
        if (punct >= 0)
            return hira_before_punct ? i : punct;
        if (j == end && j < t->n && hira && RD(t, j) >= 128 && (cls_of(g, RD(t, j)) & G_CJK_PUNCT))
            return i;
        pos = j;
    }
    return -1;
}

/* idn_display (homographs.homograph_flags) of a non-ASCII host text[a:b]: the Python
 * callback (cached there, ICU's skeletons) says whether it may be confusable. */
static int
maybe_confusable(const Text *t, Py_ssize_t a, Py_ssize_t b, const GateConfig *g)
{
    if (g->confusable == Py_None)
        return 0;
    int ascii = 1;
    for (Py_ssize_t i = a; i < b && ascii; i++)
        if (RD(t, i) >= 128)
            ascii = 0;
    if (ascii)
        return 0; /* an ASCII host that is no A-label ("xn--" is a suspect already) */
    PyObject *r = memo_call(&confusable_memo, g->confusable, t, a, b);
    if (!r)
        return -1;
    int v = PyObject_IsTrue(r);
    Py_DECREF(r);
    return v < 0 ? -1 : v ? __LINE__ : 0;
}

/* _HOST_CUE's alternatives that end in "at", "on" or "to" need a word before it, after
 * white space: "sign up at", "available at", "hosted at|on", "follow|find|join [us|me|
 * them] on", "go to", "head [over] to". Whether text[:k] (k: the start of that last
 * word) may end that way: 0 only when it surely does not (a non-ASCII character: may). */
static int
cue_word_before(const Text *t, Py_ssize_t k, const char *last)
{
    static const char *at[] = {"up", "available", "hosted", NULL};
    static const char *on[] = {"hosted", "us", "me", "them", "follow", "find", "join", NULL};
    static const char *to[] = {"go", "head", "over", NULL};
    const char **words = last[0] == 'a' ? at : last[0] == 'o' ? on : to;
    Py_ssize_t j = k;
    while (j > 0 && k - j < 40 && Py_UNICODE_ISSPACE(RD(t, j - 1)))
        j--;
    if (j == k)
        return j > 0 && RD(t, j - 1) >= 128; /* \s+ is needed; a non-ASCII space: may */
    for (int w = 0; words[w]; w++) {
        Py_ssize_t len = (Py_ssize_t)strlen(words[w]);
        if (j < len)
            continue;
        int same = 1;
        for (Py_ssize_t i = 0; i < len && same; i++) {
            Py_UCS4 c = RD(t, j - len + i);
            same = c >= 128 || Py_TOLOWER(c) == words[w][i];
        }
        if (same)
            return 1;
    }
    return 0;
}

/* rules._host_cue(text, start): 1, 0, -1 error. */
static int
host_cue(const Text *t, Py_ssize_t s, const GateConfig *g)
{
    /* _HOST_CUE ends with a cue word or an arrow, then \s*:?\s*: without one of the last
     * words of its alternatives before the name, no cue (and no call) */
    static const char *last_words[] = {"visit", "website", "site", "homepage", "page", "url", "domain", "to", "at", "on", NULL};
    Py_ssize_t j = s;
    while (j > 0 && s - j < 40 && (Py_UNICODE_ISSPACE(RD(t, j - 1)) || RD(t, j - 1) == ':'))
        j--;
    int maybe = j > 0 && RD(t, j - 1) == 0x2192;
    for (int w = 0; !maybe && last_words[w]; w++) {
        Py_ssize_t len = (Py_ssize_t)strlen(last_words[w]);
        if (j >= len) {
            /* a non-ASCII character may match a letter under IGNORECASE (U+017F, U+212A) */
            int same = 1;
            for (Py_ssize_t k = 0; k < len && same; k++) {
                Py_UCS4 c = RD(t, j - len + k);
                same = c >= 128 || Py_TOLOWER(c) == last_words[w][k];
            }
            if (same && len == 2)
                same = cue_word_before(t, j - len, last_words[w]);
            maybe = same;
        }
    }
    if (!maybe)
        return 0;
    PyObject *pos = PyLong_FromSsize_t(s);
    if (!pos)
        return -1;
    PyObject *r = PyObject_CallFunctionObjArgs(g->host_cue, t->obj, pos, NULL);
    Py_DECREF(pos);
    if (!r)
        return -1;
    int v = PyObject_IsTrue(r);
    Py_DECREF(r);
    return v;
}

/* reject_wrapped_url_tails (context._wrapped_tail), widened: a name at the start of a
 * line's content (after '>' quote marks, spaces, tabs) whose line before ends, with no
 * space, in a token holding "://" or '@'. */
static int
maybe_wrapped_tail(const Text *t, Py_ssize_t s)
{
    Py_ssize_t j = s;
    while (j > 0 && s - j < 4000 && (RD(t, j - 1) == ' ' || RD(t, j - 1) == '\t' || RD(t, j - 1) == '>'))
        j--;
    if (j < 2 || RD(t, j - 1) != '\n')
        return 0;
    Py_ssize_t k = j - 1; /* the '\n' ending the line before */
    if (Py_UNICODE_ISSPACE(RD(t, k - 1)))
        return 0;
    for (Py_ssize_t i = k - 1; i >= 0 && !Py_UNICODE_ISSPACE(RD(t, i)); i--) {
        if (k - i > 4000)
            return __LINE__; /* a very long token: to Python */
        if (RD(t, i) == '@' || (RD(t, i) == ':' && starts(t, i, "://", 3)))
            return __LINE__;
    }
    return 0;
}

/* A case-insensitive ASCII word w at text[i:]. */
static inline int
starts_ci(const Text *t, Py_ssize_t i, const char *w)
{
    Py_ssize_t len = (Py_ssize_t)strlen(w); /* a literal: known at compile time once inlined */
    if (i < 0 || i + len > t->n)
        return 0;
    for (Py_ssize_t k = 0; k < len; k++) {
        Py_UCS4 c = RD(t, i + k);
        if (c >= 128 || (Py_UCS4)Py_TOLOWER(c) != (Py_UCS4)(unsigned char)w[k])
            return 0;
    }
    return 1;
}

/* reject_obfuscated_addresses: Hypermail's "domain.name.hidden" (context._HIDDEN_DOMAIN)
 * anywhere in text[s:e]. */
static int
maybe_hidden_domain(const Text *t, Py_ssize_t s, Py_ssize_t e)
{
    /* the '.' of "name.hidden" at i + 4, for i in [s, e - 11] */
    for (Py_ssize_t p = find_ascii(t, s + 4, e - 6, '.'); p >= 0; p = find_ascii(t, p + 1, e - 6, '.'))
        if (starts_ci(t, p - 4, "name.hidden"))
            return __LINE__;
    return 0;
}

/* reject_code_expressions (context._CODE_UNIT_AFTER, _CJK_CODE_UNIT_AFTER), widened: a
 * unit-of-code word after the name (after an article for an ASCII word). */
static int
maybe_code_unit_after(const Text *t, Py_ssize_t s, Py_ssize_t e)
{
    Py_ssize_t k = e;
    while (k < t->n && is_space_tab(RD(t, k)))
        k++;
    if (k >= t->n)
        return 0;
    Py_UCS4 c = RD(t, k);
    if (k > e && c < 128) {
        /* _ARTICLE_BEFORE (without its 8-character window: wider) */
        Py_ssize_t j = s;
        while (j > 0 && is_space_tab(RD(t, j - 1)))
            j--;
        if (j == s)
            return 0;
        static const char *articles[] = {"the", "a", "an", "this", "that", NULL};
        int art = 0;
        for (int w = 0; articles[w] && !art; w++) {
            Py_ssize_t len = (Py_ssize_t)strlen(articles[w]);
            art = starts_ci(t, j - len, articles[w]) &&
                  !(j - len > 0 && (is_alnum_ascii(RD(t, j - len - 1)) || RD(t, j - len - 1) == '_'));
        }
        if (!art)
            return 0;
        static const char *words[] = {"package", "module", "namespace", "crate", "library", "gem", "header", NULL};
        for (int w = 0; words[w]; w++)
            if (starts(t, k, words[w], (Py_ssize_t)strlen(words[w])))
                return __LINE__;
        return 0;
    }
    if (k - e <= 1 && c >= 128) {
        /* 包 模块 模組 套件 类库 類庫 パッケージ モジュール ライブラリ 패키지 모듈 라이브러리 */
        static const Py_UCS4 first[] = {0x5305, 0x6a21, 0x5957, 0x7c7b, 0x985e, 0x30d1, 0x30e2, 0x30e9,
                                        0xd328, 0xbaa8, 0xb77c, 0};
        for (int w = 0; first[w]; w++)
            if (c == first[w])
                return __LINE__;
    }
    return 0;
}

/* reject_code_context (rules._LOGIN_COMMAND), widened: "ssh", "sftp", "mosh", "scp" or
 * "rsync", or "SSH" in any case, within 60 characters before an email that follows a
 * space or a tab. */
static int
maybe_login_target(const Text *t, Py_ssize_t s)
{
    if (s < 1 || !is_space_tab(RD(t, s - 1)))
        return 0;
    static const char *words[] = {"ssh", "sftp", "mosh", "scp", "rsync", NULL};
    static const Py_ssize_t lens[] = {3, 4, 4, 3, 5};
    /* a word starting at i in [lo, s): each has an 's' at offset 0 ("ssh", "sftp", "scp"),
     * 1 ("rsync") or 2 ("mosh"): the 's' characters in [lo, s + 2) are read */
    static const Py_ssize_t s_at[] = {0, 0, 2, 0, 1};
    Py_ssize_t lo = s > 60 ? s - 60 : 0, hi = s + 2 < t->n ? s + 2 : t->n;
    for (Py_ssize_t p = find_ascii(t, lo, hi, 's'); p >= 0; p = find_ascii(t, p + 1, hi, 's'))
        for (int w = 0; words[w]; w++) {
            Py_ssize_t i = p - s_at[w];
            if (i >= lo && i < s && starts(t, i, words[w], lens[w]))
                return __LINE__;
        }
    /* "SSH" in prose ("passwordless SSH from user@host"), any case: the 'S' characters */
    for (Py_ssize_t p = find_ascii(t, lo, s, 'S'); p >= 0; p = find_ascii(t, p + 1, s, 'S'))
        if (starts_ci(t, p, "ssh"))
            return __LINE__;
    return 0;
}

/* rules.names_its_target, exactly (rules._TARGET_AFTER): after the link's end e, an
 * optional ']', at most two blanks, one of "(<:", at most two blanks, "http://",
 * "https://" or "ftp://", an optional "www.", then its host text[s:he] again (ASCII case
 * ignored; a non-ASCII character never matches), then the text's end or one of "/?#:)>]". */
static int
names_its_target(const Text *t, Py_ssize_t s, Py_ssize_t he, Py_ssize_t e)
{
    Py_ssize_t n = t->n, i = e, k;
    if (i < n && RD(t, i) == ']')
        i++;
    for (k = 0; k < 2 && i < n && is_space_tab(RD(t, i)); k++)
        i++;
    if (i >= n || (RD(t, i) != '(' && RD(t, i) != '<' && RD(t, i) != ':'))
        return 0;
    i++;
    for (k = 0; k < 2 && i < n && is_space_tab(RD(t, i)); k++)
        i++;
    if (starts(t, i, "http://", 7))
        i += 7;
    else if (starts(t, i, "https://", 8))
        i += 8;
    else if (starts(t, i, "ftp://", 6))
        i += 6;
    else
        return 0;
    if (starts(t, i, "www.", 4))
        i += 4;
    if (i + (he - s) > n)
        return 0;
    for (k = 0; k < he - s; k++) {
        Py_UCS4 a = RD(t, s + k), b = RD(t, i + k);
        if (a >= 128 || b >= 128 || Py_TOLOWER(a) != Py_TOLOWER(b))
            return 0;
    }
    i += he - s;
    if (i == n)
        return 1;
    Py_UCS4 c = RD(t, i);
    return c == '/' || c == '?' || c == '#' || c == ':' || c == ')' || c == '>' || c == ']';
}

/* The host rules of a schemeless URL whose host is text[s:he] (rules.reject_reason after
 * the context tests, context._code_name): reject_reverse_dns_names,
 * reject_code_expressions, reject_file_names, reject_abbreviations,
 * reject_generic_tld_names. after: the end of the host and port. Every other rule was
 * ruled out by gate_one, so where one of D_* rejects the link for sure, *drop is set.
 * Returns 0 (no rule), a line number, or -1 (error). */
static int
name_rule(const Text *t, Py_ssize_t s, Py_ssize_t he, Py_ssize_t after, Py_ssize_t e, const GateConfig *g,
          int *drop)
{
    if (he <= s)
        return __LINE__;
    /* labels: rules._LABEL_SEP */
    Py_ssize_t first_end = s, nlabels = 1, last_start = s, prev_start = s;
    while (first_end < he && !is_sep(RD(t, first_end)))
        first_end++;
    for (Py_ssize_t i = s; i < he; i++)
        if (is_sep(RD(t, i))) {
            nlabels++;
            prev_start = last_start;
            last_start = i + 1;
        }
    int r;
    int may_drop = g->allow_drop;
    /* reject_reverse_dns_names */
    if (nlabels >= 3 && (r = label_in(t, s, first_end, g->reverse_first, 1)) != 0) {
        if (r > 0 && may_drop && (g->drops & D_REVERSE_DNS))
            *drop = 1;
        return r < 0 ? -1 : __LINE__;
    }
    /* reject_reverse_dns_names: a name under .arpa */
    if (he - last_start == 4 && starts_ci(t, last_start, "arpa")) {
        if (may_drop && (g->drops & D_REVERSE_DNS))
            *drop = 1;
        return __LINE__;
    }
    /* reject_code_expressions (_code_name): a receiver, a camelCase inner label, .NET */
    if ((r = label_in(t, s, first_end, g->code_receivers, 0)) != 0)
        return r < 0 ? -1 : __LINE__;
    {
        /* a camelCase inner label (context._CAMEL, labels[1:-1] of host.split(".")): exactly
         * in an ASCII host ("README.ko-KR.md" has none); any capital in a non-ASCII one */
        int ascii_host = 1;
        for (Py_ssize_t i = s; i < he && ascii_host; i++)
            ascii_host = RD(t, i) < 128;
        for (Py_ssize_t i = first_end; i < last_start; i++) {
            if (!ascii_host) {
                if (u_isupper(RD(t, i)))
                    return __LINE__;
                continue;
            }
            if (RD(t, i) != '.' || i + 1 >= last_start)
                continue;
            Py_ssize_t k = i + 1; /* [a-z][a-z0-9]*[A-Z] at the label's start */
            if (!(RD(t, k) >= 'a' && RD(t, k) <= 'z'))
                continue;
            while (k < he && ((RD(t, k) >= 'a' && RD(t, k) <= 'z') || is_ascii_digit_g(RD(t, k))))
                k++;
            if (k < he && RD(t, k) >= 'A' && RD(t, k) <= 'Z')
                return __LINE__;
        }
    }
    /* reject_code_expressions (context._code_name): "WidgetCore.id", "currentUser.id": two
     * labels, the last "id", a lower-case letter or digit then a capital in the first */
    if (nlabels == 2 && he - last_start == 2 && RD(t, last_start) == 'i' && RD(t, last_start + 1) == 'd')
        for (Py_ssize_t i = s; i + 1 < first_end; i++) {
            Py_UCS4 c = RD(t, i), d = RD(t, i + 1);
            if (((c >= 'a' && c <= 'z') || is_ascii_digit_g(c)) && d >= 'A' && d <= 'Z')
                return __LINE__;
        }
    /* reject_code_expressions: an inner label prototype, __proto__, constructor */
    for (Py_ssize_t i = first_end; i < last_start; i++)
        if (RD(t, i) == 'p' || RD(t, i) == 'c' || RD(t, i) == '_')
            if (starts(t, i, "prototype", 9) || starts(t, i, "__proto__", 9) || starts(t, i, "constructor", 11))
                return __LINE__;
    if (after < e && RD(t, after) == '/') {
        /* reject_file_names (rules._FILE_PATH_TAIL): file names joined by '/' need a
         * file-extension TLD */
        if ((r = label_in(t, last_start, he, g->file_ext, 1)) != 0)
            return r < 0 ? -1 : __LINE__;
        /* reject_file_names: a path inside a macOS bundle, "Xxx.app/Contents/" (rules.py:
         * text.startswith("/Contents/", a.after)); the memo below keys this path apart */
        if (nlabels == 2 && he - last_start == 3 && starts_ci(t, last_start, "app")
            && starts(t, after, "/Contents/", 10))
            return __LINE__;
        return 0; /* rules.reject_reason: any other path keeps the link */
    }
    /* reject_file_names: a macOS bundle Xxx.app (two labels, the first not lower case:
     * not str.islower(), here: not only [a-z0-9_-] with a letter) */
    if (nlabels == 2 && he - last_start == 3 && starts_ci(t, last_start, "app")) {
        int lower = 0;
        for (Py_ssize_t i = s; i < first_end; i++) {
            Py_UCS4 c = RD(t, i);
            if (c >= 'a' && c <= 'z')
                lower = 1;
            else if (!(is_ascii_digit_g(c) || c == '-' || c == '_')) {
                lower = 0;
                break;
            }
        }
        if (!lower)
            return __LINE__;
    }
    /* reject_abbreviations: every label one or two letters, upper case (str.isalpha()
     * and str.isupper(): capital initials, SC.FI) */
    {
        int caps = 1, upper = 0;
        Py_ssize_t len = 0;
        for (Py_ssize_t i = s; i <= he && caps; i++) {
            if (i == he || is_sep(RD(t, i))) {
                caps = len >= 1 && len <= 2 && upper;
                len = 0;
                upper = 0;
                continue;
            }
            Py_UCS4 c = RD(t, i);
            if (!u_isalpha(c) || u_islower(c) || u_istitle(c))
                caps = 0;
            if (u_isupper(c))
                upper = 1;
            len++;
        }
        if (caps)
            return __LINE__;
    }
    /* reject_file_names: capitals in the last label, a double extension, the TLD */
    for (Py_ssize_t i = last_start; i < he; i++)
        if (u_isupper(RD(t, i)))
            return __LINE__;
    /* reject_code_expressions (context._DOTNET): "ASP.net", "ADO.net", "VB.net" */
    if (nlabels == 2 && he - last_start == 3 && starts_ci(t, last_start, "net") &&
        ((first_end - s == 3 && (starts(t, s, "ASP", 3) || starts(t, s, "ADO", 3))) ||
         (first_end - s == 2 && starts(t, s, "VB", 2))))
        return __LINE__;
    if (nlabels >= 3 && (r = label_in(t, prev_start, last_start - 1, g->inner_ext, 1)) != 0)
        return r < 0 ? -1 : __LINE__;
    /* reject_abbreviations: a one-letter first label then labels of one or two letters
     * (_ABBREVIATION), a numeric first label */
    if (first_end - s == 1) {
        int abbrev = 1;
        Py_ssize_t len = 0;
        for (Py_ssize_t i = first_end + 1; i <= he && abbrev; i++) {
            if (i == he || is_sep(RD(t, i))) {
                abbrev = len >= 1 && len <= 2;
                len = 0;
            }
            else
                len++;
        }
        if (abbrev)
            return __LINE__;
    }
    if (nlabels >= 3 && u_isdigit(RD(t, s)))
        return __LINE__;
    /* reject_abbreviations (rules._release_name), widened: a numeric label before the last */
    if (nlabels >= 3 && last_start - 1 > prev_start) {
        Py_ssize_t i = prev_start;
        while (i < last_start - 1 && is_ascii_digit_g(RD(t, i)))
            i++;
        if (i == last_start - 1)
            return __LINE__;
    }
    int file = 0, generic = 0;
    if ((r = label_in(t, last_start, he, g->file_ext, 1)) < 0)
        return -1;
    file = r;
    /* reject_generic_tld_names: two labels under an ASCII TLD of three or more letters */
    int ascii_tld = 1;
    for (Py_ssize_t i = last_start; i < he; i++)
        if (RD(t, i) >= 128)
            ascii_tld = 0;
    if (!file && ascii_tld && nlabels == 2 && he - last_start > 2) {
        if ((r = label_in(t, last_start, he, g->host_tlds, 1)) < 0)
            return -1;
        generic = !r;
    }
    if (!file && !generic)
        return 0;
    if (!may_drop)
        return __LINE__;
    /* The rule is sure to reject unless a host cue keeps the name (_host_cue) */
    if (file && !(g->drops & D_FILE_NAMES))
        return __LINE__;
    if (generic) {
        if (!(g->drops & D_GENERIC_TLD))
            return __LINE__;
        for (Py_ssize_t i = s; i < first_end; i++) { /* rules._IDENTIFIER */
            Py_UCS4 c = RD(t, i);
            if (!(is_alnum_ascii(c) || c == '_'))
                return __LINE__;
        }
        if ((r = label_in(t, last_start, he, g->web_only, 1)) != 0) {
            if (r < 0)
                return -1;
            if ((r = label_in(t, s, first_end, g->rules_receivers, 1)) <= 0)
                return r; /* a web site under .app, .dev, .page, .social: the rule keeps it */
        }
        /* rules.markdown_link_text keeps it: '[' before, "][" or "](" after */
        if (s > 0 && RD(t, s - 1) == '[' && e + 1 < t->n && RD(t, e) == ']' &&
            (RD(t, e + 1) == '[' || RD(t, e + 1) == '('))
            return __LINE__;
        /* rules.names_its_target may keep it */
        if (names_its_target(t, s, he, e))
            return __LINE__;
    }
    if ((r = host_cue(t, s, g)) != 0)
        return r < 0 ? -1 : __LINE__;
    if (file && e < t->n && is_space_tab(RD(t, e))) {
        /* reject_file_names keeps a name between two links (rules._between_links): blanks,
         * then "http" or "ftp" after it */
        Py_ssize_t i = e;
        while (i < t->n && i - e < 16 && is_space_tab(RD(t, i)))
            i++;
        if (starts_ci(t, i, "http") || starts_ci(t, i, "ftp"))
            return __LINE__;
    }
    *drop = 1;
    return __LINE__;
}

/* The "no rule" verdicts of name_rule, remembered per host (issue 19: a text names the
 * same hosts again and again). A verdict of 0 depends only on the host's characters
 * text[s:he], on whether a '/' (or "/Contents/") follows the host and port, and on the configuration
 * (its sets): never on the text around the name (host_cue is asked only on the way to
 * a non-zero verdict), so it is kept under exactly that key. Direct-mapped, bounded;
 * the table belongs to one configuration tuple at a time (a reference is held, so its
 * address names no other tuple while it owns the table). */
#define NAME_MEMO_SLOTS 256
#define NAME_MEMO_MAX 48 /* code points of a host remembered */

typedef struct {
    uint64_t hash;
    Py_ssize_t len; /* 0: an empty slot */
    int path;
    Py_UCS4 c[NAME_MEMO_MAX];
} NameMemoSlot;

static NameMemoSlot name_memo[NAME_MEMO_SLOTS];
static PyObject *name_memo_owner = NULL;

static int
maybe_name_rule(const Text *t, Py_ssize_t s, Py_ssize_t he, Py_ssize_t after, Py_ssize_t e, const GateConfig *g,
                int *drop)
{
    Py_ssize_t len = he - s;
    if (len <= 0 || len > NAME_MEMO_MAX || !g->cfg)
        return name_rule(t, s, he, after, e, g, drop);
    /* 0: no path; 1: a path; 2: a path starting "/Contents/" (a macOS bundle's, name_rule) */
    int path = after < e && RD(t, after) == '/';
    if (path && starts(t, after, "/Contents/", 10))
        path = 2;
    uint64_t h = 14695981039346656037ULL ^ (uint64_t)path;
    for (Py_ssize_t i = s; i < he; i++)
        h = (h ^ (uint64_t)RD(t, i)) * 1099511628211ULL;
    NameMemoSlot *slot = &name_memo[(h ^ (h >> 29)) & (NAME_MEMO_SLOTS - 1)];
    if (name_memo_owner == g->cfg && slot->len == len && slot->hash == h && slot->path == path) {
        Py_ssize_t i = 0;
        while (i < len && slot->c[i] == RD(t, s + i))
            i++;
        if (i == len)
            return 0;
    }
    int r = name_rule(t, s, he, after, e, g, drop);
    if (r != 0 || *drop)
        return r;
    if (name_memo_owner != g->cfg) {
        memset(name_memo, 0, sizeof name_memo);
        Py_XSETREF(name_memo_owner, Py_NewRef(g->cfg));
    }
    slot->hash = h;
    slot->len = len;
    slot->path = path;
    for (Py_ssize_t i = 0; i < len; i++)
        slot->c[i] = RD(t, s + i);
    return 0;
}

/* rules._M4_BLANKS: the white space between the names of an m4 quoted argument */
static inline int is_m4_blank(Py_UCS4 c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/* rules._m4_quoted_arg's brackets: the last "[" in [s - 120, s) with no "]" after it, and
 * the first "]" in [e, e + 120) with no "[" before it, followed by ")" or "," */
static int
m4_argument_around(const Text *t, Py_ssize_t s, Py_ssize_t e)
{
    /* the "]" side first, by memchr: prose has none, and the answer is the AND of both */
    Py_ssize_t hi = e + 120 < t->n ? e + 120 : t->n;
    Py_ssize_t close = find_ascii(t, e, hi, ']');
    if (close < 0 || find_ascii(t, e, close, '[') >= 0 || close + 1 >= t->n ||
        (RD(t, close + 1) != ')' && RD(t, close + 1) != ','))
        return 0;
    Py_ssize_t i = s - 1;
    for (; i >= 0 && i >= s - 120; i--) {
        Py_UCS4 c = RD(t, i);
        if (c == ']')
            return 0;
        if (c == '[')
            break;
    }
    return !(i < 0 || i < s - 120);
}

/* reject_file_names (rules._build_list_item): a name that may fill a line of a build
 * file's list: '\\' after it and blanks, or a line's start before it (a diff's '+' or '-'
 * and blanks) after a line that ends with '\\' (blanks after it). */
static int
maybe_list_item(const Text *t, Py_ssize_t s, Py_ssize_t e)
{
    Py_ssize_t i = e;
    while (i < t->n && is_space_tab(RD(t, i)))
        i++;
    if (i < t->n && RD(t, i) == '\\')
        return __LINE__;
    Py_ssize_t j = s;
    while (j > 0 && s - j < 32 && is_space_tab(RD(t, j - 1)))
        j--;
    if (j > 0 && (RD(t, j - 1) == '+' || RD(t, j - 1) == '-'))
        j--;
    if (j == 0 || RD(t, j - 1) != '\n')
        return 0;
    Py_ssize_t k = j - 1;
    while (k > 0 && j - k < 302 && (is_space_tab(RD(t, k - 1)) || RD(t, k - 1) == '\r'))
        k--;
    return k > 0 && RD(t, k - 1) == '\\' ? __LINE__ : 0;
}

/* The closing quote of rules._QUOTES for an opening one, else 0. */
static Py_UCS4
quote_closer(Py_UCS4 c)
{
    switch (c) {
    case '"': return '"';
    case '\'': return '\'';
    case 0x201C: return 0x201D;
    case 0x2018: return 0x2019;
    case 0x201E: return 0x201C;
    case 0x00AB: return 0x00BB;
    case 0x2039: return 0x203A;
    case 0x300C: return 0x300D;
    case 0x300E: return 0x300F;
    default: return 0;
    }
}

/* reject_irc_server_sources (context._irc_netsplit): the name is one of exactly two names
 * in one pair of brackets, "(a.net b.net)", "[a.net b.net]", "(quit: a.net b.net)" (a
 * netsplit's quit reason), or next to " <-> " (irssi's netsplit line). */
static inline int
is_split_name(Py_UCS4 c)
{
    return is_alnum_ascii(c) || c == '.' || c == '-' || c == '*';
}

static int
maybe_irc_split(const Text *t, Py_ssize_t s, Py_ssize_t e, Py_UCS4 before, Py_UCS4 after)
{
    Py_ssize_t i;
    /* irssi's "Netsplit a.net <-> b.net quits: …" */
    if ((after == ' ' && starts(t, e, " <-> ", 5)) || (before == ' ' && s >= 5 && starts(t, s - 5, " <-> ", 5)))
        return __LINE__;
    if (before == ' ' && after == ' ' && s >= 7 && starts(t, s - 7, "(quit: ", 7))
        before = '('; /* Pidgin's "left the room (quit: a.net b.net)." */
    if ((before == '(' || before == '[') && after == ' ') {
        for (i = e + 1; i < t->n && i - e < 256 && is_split_name(RD(t, i)); i++)
            ;
        return i > e + 1 && i < t->n && RD(t, i) == (before == '(' ? ')' : ']') ? __LINE__ : 0;
    }
    if (before == ' ' && (after == ')' || after == ']')) {
        for (i = s - 1; i > 0 && s - i < 256 && is_split_name(RD(t, i - 1)); i--)
            ;
        if (i >= 7 && i < s - 1 && starts(t, i - 7, "(quit: ", 7))
            return __LINE__;
        return i < s - 1 && i > 0 && RD(t, i - 1) == (after == ')' ? '(' : '[') ? __LINE__ : 0;
    }
    return 0;
}

/* reject_irc_hostmasks where context._irc_hostmask is sure to say yes: an address alone in
 * ( ) or [ ] whose ident has a prefix (``(~ident@host)``, ``[n=ident@host]``): the token
 * before the '@' starts right after the bracket, and _IDENT_PREFIX matches there.
 * context.reject_reason then rejects the link, by that rule or by one before it. */
static int
sure_irc_ident(const Text *t, Py_ssize_t s, Py_ssize_t e)
{
    if (s == 0 || e >= t->n)
        return 0;
    Py_UCS4 o = RD(t, s - 1), c = RD(t, e), f = RD(t, s);
    if (!(o == '(' || o == '[') || !(c == ')' || c == ']'))
        return 0;
    return f == '~' || f == '+' || f == '^' || f == '=' || f == '-' ||
           ((f == 'n' || f == 'i') && s + 1 < t->n && RD(t, s + 1) == '=');
}

/* reject_obfuscated_addresses where context._spelled_at is sure to say yes for an email
 * text[s:e] (not a mailto: link: the caller): its local-part holds "**" after a character
 * other than '*' (context._REDACTED, ``mi***a@example.org``). context.reject_reason
 * rejects it then, by that rule or by one before it. */
static int
sure_redacted(const Text *t, Py_ssize_t s, Py_ssize_t e)
{
    Py_ssize_t at = e - 1;
    while (at >= s && RD(t, at) != '@')
        at--;
    for (Py_ssize_t i = s + 1; i + 1 < at; i++)
        if (RD(t, i) == '*' && RD(t, i + 1) == '*' && RD(t, i - 1) != '*' && !Py_UNICODE_ISSPACE(RD(t, i - 1)))
            return 1;
    return 0;
}

/* The same for a schemeless name right after an address's '@' split from it by markup
 * (context._SPLIT_AT within 12 characters before s: ``bob&#64;example.org``,
 * ``bob@</span>example.org``). */
static int
sure_split_at(const Text *t, Py_ssize_t s)
{
    static const char *ats[] = {"@", "&#64;", "&#x40;", "&commat;", NULL};
    static const char *tags[] = {"", "</span>", "</b>", "</i>", NULL};
    for (int k = 0; tags[k]; k++) {
        Py_ssize_t lt = (Py_ssize_t)strlen(tags[k]);
        if (!starts(t, s - lt, tags[k], lt))
            continue;
        for (int a = 0; ats[a]; a++) {
            Py_ssize_t la = (Py_ssize_t)strlen(ats[a]);
            if (la + lt <= 12 && starts(t, s - lt - la, ats[a], la))
                return 1;
        }
    }
    return 0;
}

/* The same for a name after a spelt '@' (``jane at example.org``) where context._spelled_at
 * is sure to say yes: its _SPELLED_AT, read back from s within 80 characters (the
 * local-part, then " at ", " AT " or " @ "), and one of its first tests: "<", "mailto:" or
 * "(" before the local-part, '>', ')' or " (" after the name, or a character of
 * _LOCAL_ONLY in the local-part. */
static int
sure_spelled_at(const Text *t, Py_ssize_t s, Py_ssize_t e)
{
    Py_ssize_t lo = s > 80 ? s - 80 : 0, j = s, k, i;
    while (j > lo && Py_UNICODE_ISSPACE(RD(t, j - 1)))
        j--;
    if (j == s || j - lo < 3)
        return 0;
    if (RD(t, j - 1) == '@') { /* [ \t]+@[ \t]+ */
        for (i = j; i < s; i++)
            if (!is_space_tab(RD(t, i)))
                return 0;
        for (k = j - 1; k > lo && is_space_tab(RD(t, k - 1)); k--)
            ;
        if (k == j - 1)
            return 0;
    }
    else if ((RD(t, j - 2) == 'a' && RD(t, j - 1) == 't') || (RD(t, j - 2) == 'A' && RD(t, j - 1) == 'T')) {
        for (k = j - 2; k > lo && Py_UNICODE_ISSPACE(RD(t, k - 1)); k--)
            ;
        if (k == j - 2)
            return 0;
    }
    else
        return 0;
    int local_only = 0;
    for (i = k; i > lo; i--) {
        Py_UCS4 c = RD(t, i - 1);
        if (c >= 128 || !(is_alnum_ascii(c) || strchr("._%+~=-", (int)c)))
            break;
        local_only |= c == '.' || c == '_' || c == '%' || c == '+' || c == '=' || is_ascii_digit_g(c);
    }
    if (i == k)
        return 0;
    Py_UCS4 a = e < t->n ? RD(t, e) : 0;
    return local_only || (i > lo && (RD(t, i - 1) == '<' || RD(t, i - 1) == '(')) ||
           (i - lo >= 7 && starts(t, i - 7, "mailto:", 7)) || a == '>' || a == ')' ||
           (a == ' ' && e + 1 < t->n && RD(t, e + 1) == '(');
}

/* The end of a name of context._IRC_SPLIT_NAME at i: the run of name characters there,
 * two or more labels of [A-Za-z0-9*-] between dots, none starting or ending with '-'
 * (what the pattern matches when a space or a bracket follows it); -1 when it is not one. */
static Py_ssize_t
split_name_end(const Text *t, Py_ssize_t i)
{
    Py_ssize_t j = i;
    int labels = 1;
    Py_UCS4 prev = '.';
    for (; j < t->n && is_split_name(RD(t, j)); j++) {
        Py_UCS4 c = RD(t, j);
        if (c == '.' && (prev == '.' || prev == '-'))
            return -1;
        if (c == '-' && prev == '.')
            return -1;
        labels += c == '.';
        prev = c;
    }
    return j == i || prev == '.' || prev == '-' || labels < 2 ? -1 : j;
}

/* re's \w in a str pattern (the word boundaries of context._IRC_SPLIT_EVENT). */
static inline int
is_re_word(Py_UCS4 c)
{
    return c == '_' || Py_UNICODE_ISALNUM(c);
}

/* A word of context._IRC_SPLIT_EVENT in text[lo:hi]: quit(s), part(s), kick(s), kicked,
 * left ("has quit", "has left", "was kicked" hold one), in ASCII letters of any case
 * (the pattern's other case folds are left to Python), between word boundaries. */
static int
has_split_event(const Text *t, Py_ssize_t lo, Py_ssize_t hi)
{
    static const char *words[] = {"quits", "quit", "parts", "part", "kicks", "kicked", "kick", "left", NULL};
    for (Py_ssize_t i = lo; i < hi; i++) {
        Py_UCS4 c = RD(t, i);
        if (c >= 128 || !strchr("qQpPkKlL", (int)c) || (i > 0 && is_re_word(RD(t, i - 1))))
            continue;
        for (int w = 0; words[w]; w++) {
            Py_ssize_t len = (Py_ssize_t)strlen(words[w]);
            if (i + len <= hi && starts_ci(t, i, words[w]) && !(i + len < t->n && is_re_word(RD(t, i + len))))
                return 1;
        }
    }
    return 0;
}

/* reject_irc_server_sources where context._irc_netsplit is sure to say yes for the
 * schemeless name text[s:e] (no " sets " after it: the caller): one of the two names of a
 * netsplit's quit reason, ``(a.net b.net)``, ``[a.net b.net]`` or ``(quit: a.net b.net)``
 * closing its line, on a line (started within 300 characters of the bracket) that holds
 * a quit, part or kick word before it. Not irssi's `` <-> `` line (to Python). */
static int
sure_irc_split(const Text *t, Py_ssize_t s, Py_ssize_t e)
{
    Py_ssize_t n = t->n, opener = -1;
    if (s == 0 || e >= n || starts(t, e, " <-> ", 5) || starts(t, s - 5, " <-> ", 5))
        return 0;
    Py_UCS4 b = RD(t, s - 1), a = RD(t, e);
    if ((b == '(' || b == '[') && a == ' ')
        opener = s - 1;
    else if (a == ' ' && starts(t, s - 7, "(quit: ", 7))
        opener = s - 7;
    else if (b == ' ' && (a == ')' || a == ']')) {
        /* max(text.rfind("(", lo, s - 1), text.rfind("[", lo, s - 1)) */
        for (Py_ssize_t i = s - 2, lo = s > 256 ? s - 256 : 0; i >= lo && opener < 0; i--)
            if (RD(t, i) == '(' || RD(t, i) == '[')
                opener = i;
    }
    if (opener < 0)
        return 0;
    /* context._IRC_SPLIT_REASON.match(text, opener), (s, e) one of its names */
    Py_UCS4 close = RD(t, opener) == '(' ? ')' : ']';
    Py_ssize_t i = opener + 1;
    if (close == ')' && starts(t, i, "quit: ", 6))
        i += 6;
    Py_ssize_t e1 = split_name_end(t, i);
    if (e1 < 0 || e1 >= n || RD(t, e1) != ' ')
        return 0;
    Py_ssize_t e2 = split_name_end(t, e1 + 1);
    if (e2 < 0 || e2 >= n || RD(t, e2) != close)
        return 0;
    if (!((s == i && e == e1) || (s == e1 + 1 && e == e2)))
        return 0;
    Py_ssize_t k = e2 + 1;
    if (k < n && RD(t, k) == '.')
        k++;
    while (k < n && (RD(t, k) == ' ' || RD(t, k) == '\t' || RD(t, k) == '\r'))
        k++;
    if (k < n && RD(t, k) != '\n')
        return 0;
    /* the line's start within 300 of the bracket, then _IRC_SPLIT_EVENT before it */
    Py_ssize_t ls = opener;
    while (ls > 0 && opener - ls <= 300 && RD(t, ls - 1) != '\n')
        ls--;
    return opener - ls <= 300 && has_split_event(t, ls, opener);
}

/* The tests of a name's line and the words before it, for URLs and emails alike:
 * reject_message_ids, reject_mail_trace_headers (context.header_name), then
 * reject_obfuscated_addresses, reject_obfuscated_email_domains (context._spelled_at).
 * With spelled, a lower-case " at " before is noted in *spelled and 0 returned, so
 * that the other tests go on. 0, a line number, or -1 (error). */
static int
maybe_header_or_spelled_at(const Text *t, Py_ssize_t s, Py_ssize_t e, const GateConfig *g, int *spelled, int *drop,
                           int header)
{
    int r = header ? maybe_header(t, s, line_start_cached(t, s, g->lines), g, drop) : 0;
    if (r != 0)
        return r;
    if ((r = maybe_spelled_at(t, s)) != 0) {
        if ((g->drops & D_OBFUSCATED) && sure_spelled_at(t, s, e))
            *drop = 1;
        if (*drop || !spelled || !spelled_at_only(t, s))
            return r;
        *spelled = r;
    }
    return 0;
}

/* 0 when no rule can touch the link text[s:e]; else a positive number (the line of the
 * test that sent it to Python, for gate_reasons()); -1 on error. */
/* The rules of gate_one on text[s:e]. The two bound-moving rules gate.c follows itself
 * are left to the caller: *want_q (drop_empty_query: a trailing '?') and *cut
 * (cjk_end's cut, -1 none); *after: the end of the host and port of a URL. */
/* One of "dmyhsDMYHS." (rules._DATE_FORMAT). */
static inline int
is_date_format_char(Py_UCS4 c)
{
    switch (c | 0x20) {
    case 'd': case 'm': case 'y': case 'h': case 's':
        return 1;
    default:
        return c == '.';
    }
}

/* context._code_name's _CODE_AFTER at e, exactly: blanks, then "===", "==", "!==", "!=",
 * "&&", "||", "+=", "-=" or "=" and a blank; or ';' then blanks and a line end, or ';'
 * ending the text ("?." after: gate_rules' test of what stands after the name). */
static int
code_after(const Text *t, Py_ssize_t e)
{
    Py_ssize_t n = t->n, k = e;
    if (k < n && RD(t, k) == ';') {
        if (++k == n)
            return 1; /* the text's end right after ';' only */
        while (k < n && is_space_tab(RD(t, k)))
            k++;
        return k < n && RD(t, k) == '\n';
    }
    while (k < n && is_space_tab(RD(t, k)))
        k++;
    if (k == e)
        return 0;
    static const char *ops[] = {"===", "==", "!==", "!=", "&&", "||", "+=", "-=", "=", NULL};
    for (int w = 0; ops[w]; w++) {
        Py_ssize_t len = (Py_ssize_t)strlen(ops[w]);
        if (starts(t, k, ops[w], len) && k + len < n && is_space_tab(RD(t, k + len)))
            return 1;
    }
    return 0;
}

/* A sure rejection of reject_code_expressions (context._code_name, which reads the base
 * link: context.reject_reason runs before any rule moves a bound, and each of its tests
 * before this one only rejects): a schemeless name with no path, query or fragment
 * (e == its host and port's end), a '.' in its host text[s:he], and an operator or a
 * statement's ';' after it (code_after). */
static int
sure_code_operand(const Text *t, Py_ssize_t s, Py_ssize_t e, Py_ssize_t he, Py_ssize_t after_host,
                  const GateConfig *g)
{
    if (!(g->drops & D_CODE_EXPR) || after_host != e)
        return 0;
    Py_ssize_t i = s;
    while (i < he && RD(t, i) != '.')
        i++;
    return i < he && code_after(t, e);
}

/* A sure rejection of rules.reject_reason for the schemeless ASCII name text[s:e] with no
 * path, query or fragment (e == its host and port's end), whose host is text[s:he], where
 * gate_rules found no other rule that may move its bounds: in such a name trim_markup_end
 * looks only after the host, cjk_*, trim_bidi_controls and the templates need non-ASCII
 * text or a path, and the rules before reject_reason only reject. Then:
 * - reject_code_context: '=' or '{' (not "{{", a placeholder) or "::" before ('_' before:
 *   gate_rules, where it meets trim_markup's emphasis test), or '_', '(',
 *   '=' or "['"/'["' after (the name is host-only; '_' before, emphasis, is not asked here);
 * - reject_code_spans: '`' on both sides and a host that is not lower case (str.islower()),
 *   whatever its TLD.
 * Each comes before any test of reject_reason that keeps the link. */
static int
sure_code_host(const Text *t, Py_ssize_t s, Py_ssize_t e, Py_ssize_t he, Py_UCS4 before, Py_UCS4 after,
               const GateConfig *g)
{
    if (g->drops & D_CODE_CONTEXT) {
        if (before == '=' || (before == '{' && !(s >= 2 && RD(t, s - 2) == '{')) ||
            (before == ':' && s >= 2 && RD(t, s - 2) == ':'))
            return 1;
        if (before != '_' && (after == '_' || after == '(' || after == '=' ||
                              (after == '[' && e + 1 < t->n && (RD(t, e + 1) == '\'' || RD(t, e + 1) == '"'))))
            return 1;
    }
    if ((g->drops & D_CODE_SPANS) && before == '`' && after == '`') {
        int upper = 0, lower = 0;
        for (Py_ssize_t i = s; i < he; i++) {
            Py_UCS4 c = RD(t, i);
            upper |= c >= 'A' && c <= 'Z';
            lower |= c >= 'a' && c <= 'z';
        }
        return upper || !lower;
    }
    return 0;
}

static int
gate_rules(const Text *t, Py_ssize_t s, Py_ssize_t e, int email, const GateConfig *g, int *drop,
           int *want_q, Py_ssize_t *cut, Py_ssize_t *after_out, int *spelled)
{
    Py_ssize_t n = t->n;
    int r;
    if (s < 0 || e > n || e <= s)
        return __LINE__;
    /* max_link_length; max_part_length: no part is longer than the link */
    if (g->max_link >= 0 && e - s > g->max_link)
        return __LINE__;
    if (g->max_part >= 0 && e - s > g->max_part)
        return __LINE__;
    /* The link's own characters. */
    Py_ssize_t at = -1;
    int nonascii = 0, cjk = 0;
    /* the ASCII characters some test below looks at */
    static const char interesting[] = "<`\\*{}$!%([-@&";
    static uint8_t look[256]; /* and every code unit >= 128 of 1-byte text */
    if (!look['@']) {
        for (const char *p = interesting; *p; p++)
            look[(unsigned char)*p] = 1;
        memset(look + 128, 1, 128);
    }
    Py_ssize_t from = s;
    if (t->kind == PyUnicode_1BYTE_KIND) { /* a typed loop to the first character to look at */
        const Py_UCS1 *d = (const Py_UCS1 *)t->data;
        while (from < e && !look[d[from]])
            from++;
    }
    else if (t->kind == PyUnicode_2BYTE_KIND) {
        const Py_UCS2 *d = (const Py_UCS2 *)t->data;
        while (from < e && d[from] < 128 && !look[d[from]])
            from++;
    }
    for (Py_ssize_t i = from; i < e; i++) {
        Py_UCS4 c = RD(t, i);
        if (c < 128 && !look[c])
            continue;
        if (c >= 128) {
            nonascii = 1;
            uint8_t k = cls_of(g, c);
            /* bidi_controls, trim_bidi_controls: Bidi_Control, default-ignorables */
            if ((k & G_BIDI) || (flags_of(c) & F_IGNORABLE))
                return __LINE__;
            if (k & (G_CJK_LETTER | G_CJK_PUNCT))
                cjk = 1;
            if (c == 0x2026) /* reject_obfuscated_addresses: a redaction (context._REDACTED) */
                return __LINE__;
            continue;
        }
        switch (c) {
        case '<': /* split_glued_urls (context._GLUED), trim_markup (rules._TAG) */
        case '`': /* trim_markup: a code span */
        case '\\': /* reject_patterns (rules._PATTERN) */
        case '*': /* reject_patterns (.*), trim_markup (**), reject_obfuscated_addresses (***) */
            if (email && (g->drops & D_OBFUSCATED) && !(e - s >= 7 && (RD(t, s) | 0x20) == 'm' && RD(t, s + 6) == ':') &&
                sure_redacted(t, s, e))
                *drop = 1;
            return __LINE__;
        case '{': /* reject_patterns (rules._TEMPLATE), reject_code_context (brace expansion) */
        case '}':
        case '$': /* reject_patterns: ${VERSION}, $(cmd) */
        case '!': /* reject_code_context (a bang path), reject_irc_hostmasks */
            return __LINE__;
        case '%':
            /* bidi_controls: decode_for_checks decodes %XX (a byte >= 0x80 may be
             * invisible); reject_patterns: %s, %d, %( */
            if (i + 1 < e) {
                Py_UCS4 d = RD(t, i + 1);
                if (d == 's' || d == '(' || d == '8' || d == '9' || (is_hex_ascii(d) && !is_ascii_digit_g(d)))
                    return __LINE__;
            }
            break;
        case '(':
            if (i + 1 < e && RD(t, i + 1) == '.') /* reject_patterns: (.+) */
                return __LINE__;
            break;
        case '[':
            if (i + 1 < e && RD(t, i + 1) == '^') /* reject_patterns: [^ */
                return __LINE__;
            /* cut_truncated_urls (rules._REPR_CUT): "[N" ends the link, " chars]" after it */
            if (i + 1 < e && is_ascii_digit_g(RD(t, i + 1)) && starts(t, e, " chars]", 7))
                return __LINE__;
            break;
        case '-': /* idn_display (homographs): an A-label "xn--" */
            if (i >= s + 3 && RD(t, i - 1) == '-' && (RD(t, i - 2) | 0x20) == 'n' && (RD(t, i - 3) | 0x20) == 'x')
                return __LINE__;
            break;
        case '@':
            at = i;
            break;
        case '&': /* trim_markup: an escaped tag "&lt;" (rules._ESCAPED_TAG) */
            if (starts(t, i + 1, "lt;", 3))
                return __LINE__;
            break;
        default:
            break;
        }
    }
    Py_UCS4 last = RD(t, e - 1);
    /* reject_quoted_printable_breaks ('=' then a line end) */
    if (last == '=')
        return __LINE__;
    /* drop_empty_query: a trailing '?' (a URL's; gate_one follows the rule) */
    if (last == '?') {
        if (email)
            return __LINE__;
        *want_q = 1;
    }
    Py_UCS4 before = s > 0 ? RD(t, s - 1) : 0, after = e < n ? RD(t, e) : 0;
    /* reject_quoted_printable_breaks (context._qp_break): '=' after, or a line that
     * starts with the link after "=\n" */
    if (after == '=' || (before == '\n' && s >= 2 && RD(t, s - 2) == '='))
        return __LINE__;
    if (!email) {
        /* trim_markup (rules.trim_markup_end): an entity's ';', emphasis; a quote
         * before the link whose closer is in it */
        if (before == ';' || before == '*' || before == '~')
            return __LINE__;
        /* '_' before: to Python below, once the name's anatomy is known (sure_code_host) */
        int underscore = before == '_' ? __LINE__ : 0;
        Py_UCS4 closer = quote_closer(before);
        if (closer)
            for (Py_ssize_t i = s; i < e; i++)
                if (RD(t, i) == closer)
                    return __LINE__;
        /* reject_compound_schemes: git+https://; a scheme's first letter doubled before
         * the link (rules._doubled_scheme_letter: "hhttp://") */
        if (before == '+' || (before < 128 && is_alpha_ascii(before) && (before | 0x20) == (RD(t, s) | 0x20)))
            return __LINE__;
        /* detection.anatomy: patterns().scheme_prefix, the host, the port */
        Py_ssize_t hs = s;
        if (is_alpha_ascii(RD(t, s))) {
            Py_ssize_t i = s + 1;
            while (i < e && (is_alnum_ascii(RD(t, i)) || RD(t, i) == '+' || RD(t, i) == '.' || RD(t, i) == '-'))
                i++;
            if (i + 3 <= e && starts(t, i, "://", 3))
                hs = i + 3;
        }
        Py_ssize_t he = hs;
        if (he < e && RD(t, he) == '[') {
            while (he < e && RD(t, he) != ']')
                he++;
            he = he < e ? he + 1 : e;
        }
        else
            while (he < e && RD(t, he) != ':' && RD(t, he) != '/' && RD(t, he) != '?' && RD(t, he) != '#')
                he++;
        Py_ssize_t after_host = he;
        if (he > hs && RD(t, he - 1) != ']' && is_sep(RD(t, he - 1)))
            he--; /* a trailing FQDN dot */
        if (after_host < e && RD(t, after_host) == ':') {
            Py_ssize_t k = after_host + 1;
            while (k < e && is_ascii_digit_g(RD(t, k)))
                k++;
            if (k > after_host + 1 && k - after_host - 1 <= 5)
                after_host = k;
        }
        *after_out = after_host;
        if (underscore) {
            /* reject_code_context: '_' before a schemeless name (not emphasis, "_x.org_", nor
             * a nick's affiliation, "_-_x.org>"): the end of a longer identifier */
            if (hs == s && !nonascii && after_host == e && after != '_' && after != '>' &&
                (g->drops & D_CODE_CONTEXT))
                *drop = 1;
            return underscore;
        }
        if (nonascii) {
            /* idn_display: a non-ASCII host */
            if ((r = maybe_confusable(t, hs, he, g)) != 0)
                return r;
            /* cjk_end: CJK in the path (gate_one follows the cut) */
            if (cjk && after_host < e)
                *cut = cjk_end_cut(t, after_host, e, g);
        }
        /* cut_truncated_urls (rules.cut_after_host): '…' right after the link */
        if (after == 0x2026)
            return __LINE__;
        /* cut_glued_sentences (rules.glued_sentence_end): the path ends in '.', a capital and
         * at most 15 lower-case letters ("I", "That"), after an ASCII letter or digit */
        if (after_host < e) {
            Py_ssize_t k = e;
            while (k > after_host && e - k < 16 && RD(t, k - 1) >= 'a' && RD(t, k - 1) <= 'z')
                k--;
            if (k - 3 >= after_host && RD(t, k - 1) >= 'A' && RD(t, k - 1) <= 'Z' && RD(t, k - 2) == '.' &&
                is_alnum_ascii(RD(t, k - 3)))
                return __LINE__;
        }
        /* cut_truncated_urls (rules._REPR_MARK): "[N chars]" right after the link */
        if (after == '[' && e + 1 < n && is_ascii_digit_g(RD(t, e + 1)))
            return __LINE__;
        if (hs > s)
            return 0; /* every other rule of a URL is for a schemeless one */
        if ((g->drops & D_OBFUSCATED) && sure_split_at(t, s)) {
            *drop = 1;
            return __LINE__;
        }
        if (nonascii) {
            /* cjk_boundary (rules.cjk_start) on [start, host end) */
            if (cjk && (r = maybe_cjk_start(t, s, he, g)) != 0)
                return r;
        }
        if ((r = maybe_header_or_spelled_at(t, s, e, g, spelled, drop, 1)) != 0)
            return r;
        if ((r = maybe_hidden_domain(t, s, e)) != 0)
            return r;
        /* reject_wrapped_url_tails */
        if ((r = maybe_wrapped_tail(t, s)) != 0)
            return r;
        /* reject_irc_server_sources (context._irc_server_source): " sets " after the name */
        if (after == ' ' && starts(t, e + 1, "sets ", 5))
            return __LINE__;
        if ((g->drops & D_IRC_SERVER) && sure_irc_split(t, s, e)) {
            *drop = 1;
            return __LINE__;
        }
        if ((r = maybe_irc_split(t, s, e, before, after)) != 0)
            return r;
        /* reject_code_expressions: a unit-of-code word after (package, モジュール) */
        if ((r = maybe_code_unit_after(t, s, e)) != 0)
            return r;
        /* reject_patterns: a wildcard "*." before */
        if (before == '.' && s >= 2 && RD(t, s - 2) == '*')
            return __LINE__;
        /* reject_code_spans (rules._quoted_in_code_span): a quoted name with a backtick
         * before it on its line, within _CODE_SPAN_REACH ("``x=['a.b.email']``") */
        if ((before == '\'' || before == '"') && after == before && backtick_before(t, s))
            return __LINE__;
        /* What may stand before a schemeless name: reject_code_context ("/\$_={" and
         * "::"; '%', a percent-escape), reject_code_spans ('`'), reject_obfuscated_addresses
         * ('@', ';', '>': an address split by markup). */
        if (before != 0 && before < 128 && in_ascii_set(before, "/\\$_={:`@;>+*~%", before_set)) {
            /* reject_code_context (rules.reject_reason): '/', '\\' or '$' before a schemeless
             * name rejects it whatever the tests after this one say. The rules before it
             * reject or leave the start where it is (only cjk_start moves a URL's start,
             * ruled out above); a schemeless name is no IP address; '<' (split_glued) was
             * ruled out by the scan of the link's characters. A sure rejection. */
            if ((before == '/' || before == '\\' || before == '$') && (g->drops & D_CODE_CONTEXT))
                *drop = 1;
            else if (!nonascii && after_host == e && sure_code_host(t, s, e, he, before, after, g))
                *drop = 1;
            return __LINE__;
        }
        /* reject_matrix_ids (context._matrix_local_name), widened: '#' before and ':' after,
         * the alias of a room "#rust.de:matrix.org" ('@' before is a suspect above) */
        if (before == '#' && after == ':')
            return __LINE__;
        /* What may stand after it: reject_code_context ("_(=[", '['), reject_code_spans
         * ('`'), reject_code_expressions (';', '?.'). */
        if (after != 0 && after < 128 &&
            (in_ascii_set(after, "_(=[`;", after_set) || (after == '?' && e + 1 < n && RD(t, e + 1) == '.'))) {
            if ((!nonascii && after_host == e && sure_code_host(t, s, e, he, before, after, g)) ||
                (after == ';' && sure_code_operand(t, s, e, he, after_host, g)))
                *drop = 1; /* '_', '(', '=', "['" after a host-only name; "x.id;" ending a line */
            return __LINE__;
        }
        if (maybe_code_operand(t, s, e)) {
            if (sure_code_operand(t, s, e, he, after_host, g))
                *drop = 1;
            return __LINE__;
        }
        /* reject_code_expressions (context._js_argument), a little wider: a call's argument,
         * "f(x.id)" (an ASCII letter, digit or '$' glued before the '(') or "f(a, x.id,"
         * (context._OPEN_CALL: such a "name(" within 120 characters back, no '(', ')' or line
         * break between); an object member's value, "  id: x.id," (context._MEMBER_KEY: the
         * line is blanks, an identifier and ": " up to the name) */
        /* reject_code_expressions (context._js_argument): a template's expression, "{{ x.id }}"
         * (blanks, then "}}" after it), or a bound attribute's value, ':key="x.id"' (a quote
         * after '=' before it) */
        if ((before == '"' || before == '\'') && s >= 2 && RD(t, s - 2) == '=')
            return __LINE__;
        /* ... or a Sphinx role's target, ":meth:`next <pkg.Chain.next>`" ('<' before, ">`" after) */
        if (before == '<' && after == '>' && e + 1 < n && RD(t, e + 1) == '`')
            return __LINE__;
        if (after == ' ' || after == '\t') {
            Py_ssize_t k = e;
            while (k < n && k - e < 8 && is_space_tab(RD(t, k)))
                k++;
            if (k + 1 < n && RD(t, k) == '}' && RD(t, k + 1) == '}')
                return __LINE__;
        }
        if ((after == ')' || after == ',') && s >= 2) {
            Py_UCS4 p2 = RD(t, s - 2);
            if (before == '(' && (is_alnum_ascii(p2) || p2 == '$'))
                return __LINE__;
            /* ... or in a parenthesis opened on its line, ")" after (context._js_argument: in a
             * fenced code block, "track os.id)"): a '(' within 120 back, no ')' or line break between */
            if (after == ')' && open_paren_before(t, s - 1, s - 120) >= 0 && fence_before(t, s))
                return __LINE__;
            if (before == ' ' && p2 == ',') {
                Py_ssize_t p = open_paren_before(t, s - 3, s - 120);
                if (p >= 1 && (is_alnum_ascii(RD(t, p - 1)) || RD(t, p - 1) == '$'))
                    return __LINE__;
            }
        }
        if (before == ' ' && s >= 4 && RD(t, s - 2) == ':' &&
            (after == ',' || after == '\n' || after == '\r' || after == 0)) {
            Py_ssize_t i = s - 3; /* back over the key, then at least one blank to the line's start */
            while (i >= 0 && (is_alnum_ascii(RD(t, i)) || RD(t, i) == '_' || RD(t, i) == '$'))
                i--;
            if (i < s - 3 && i >= 0 && is_space_tab(RD(t, i)) && at_line_start_after_blanks(t, i + 1))
                return __LINE__;
        }
        /* reject_patterns (rules._DATE_FORMAT): a name of d, m, y, h, s and dots (dd.mm) */
        {
            Py_ssize_t i = s;
            while (i < e && is_date_format_char(RD(t, i)))
                i++;
            if (i == e)
                return __LINE__;
        }
        /* reject_file_names (rules._build_list_item): a line of a build file's list */
        if (after_host == e && (r = maybe_list_item(t, s, e)) != 0)
            return r;
        /* reject_file_names (rules._m4_quoted_arg): "[" or a blank before, "]" or a blank
         * after, a "[" at most 120 back with no "]" between, and a "]" then ")" or "," at
         * most 120 on with no "[" between (a name in an m4 quoted argument,
         * "AC_CONFIG_FILES([Makefile x.at y.at])") */
        if (after_host == e && s >= 3 && e < t->n && (before == '[' || is_m4_blank(before)) &&
            (after == ']' || is_m4_blank(after)) && m4_argument_around(t, s, e))
            return __LINE__;
        /* reject_generic_tld_names (rules._glued_sentence): ".it" then an apostrophe
         * ("click.it's"), ".my" then a space after a name that starts with a digit */
        if (he - s >= 4 && is_sep(RD(t, he - 3))) {
            Py_UCS4 l1 = RD(t, he - 2), l2 = RD(t, he - 1);
            if (l1 == 'i' && l2 == 't' && (after == '\'' || after == 0x2019))
                return __LINE__;
            if (l1 == 'm' && l2 == 'y' && after == ' ' && is_ascii_digit_g(RD(t, s)))
                return __LINE__;
        }
        /* reject_code_context (rules._PROMPT_TERNARY): zsh's "%20(l.yes.no)" */
        if (before == '(' && after == ')')
            for (Py_ssize_t i = s - 2; i >= 0 && i >= s - 8; i--)
                if (RD(t, i) == '%')
                    return __LINE__;
        return maybe_name_rule(t, s, he, after_host, e, g, drop);
    }
    /* An email. */
    if (at < 0)
        return __LINE__;
    /* extend_mailto_headers and every mailto: rule: rare, to Python */
    if (e - s >= 7 && (RD(t, s) | 0x20) == 'm' && RD(t, s + 6) == ':')
        return __LINE__;
    if ((g->drops & D_IRC_HOSTMASK) && sure_irc_ident(t, s, e)) {
        *drop = 1;
        return __LINE__;
    }
    /* The header rules first: context.reject_reason applies them to the base link as it
     * is (split_glued is for URLs, _qp_break rejects too), so a sure drop there is the
     * link's fate whatever the tests below would say (message identifiers, trace lines). */
    if ((r = maybe_header(t, s, line_start_cached(t, s, g->lines), g, drop)) != 0)
        return r;
    if (nonascii) {
        /* cjk_boundary on the local-part; idn_display on the domain */
        if (cjk && (r = maybe_cjk_start(t, s, at, g)) != 0)
            return r;
        if ((r = maybe_confusable(t, at + 1, e, g)) != 0)
            return r;
    }
    /* reject_obfuscated_addresses (context._X_REDACTED): a local-part of x's only */
    {
        Py_ssize_t i = s;
        while (i < at && (RD(t, i) | 0x20) == 'x')
            i++;
        if (i == at && at - s >= 3)
            return __LINE__;
    }
    Py_UCS4 first = RD(t, s);
    /* trim_markup: leading quotes and emphasis on an email (rules.trim_markup_end) */
    if (first == '`' || first == '\'' || first == '"' || first == '_' || first == '~')
        return __LINE__;
    /* reject_code_context (rules.code_key_email): key=, a template's tail, an scp remote */
    for (Py_ssize_t i = s; i < at; i++)
        if (RD(t, i) == '=')
            return __LINE__;
    if (before == '>' || before == '}')
        return __LINE__;
    /* reject_fediverse_handles (context._fediverse_handle): '@' before; reject_protocol_uri_addresses
     * (context._protocol_uri_address): "scheme:" before */
    if (before == '@' || (before == ':' && s >= 3))
        return __LINE__;
    if (after == ':' && e + 1 < n) {
        Py_UCS4 d = RD(t, e + 1);
        if (d == '~' || d == '/' || d == '_' || is_alpha_ascii(d))
            return __LINE__;
    }
    /* reject_message_ids: <...@...> after "In article", "Message-ID" (context._IN_ARTICLE) */
    if (after == '>' && before == '<') {
        Py_ssize_t j = s - 1;
        while (j > 0 && (Py_UNICODE_ISSPACE(RD(t, j - 1)) || RD(t, j - 1) == ':' || RD(t, j - 1) == '='))
            j--;
        /* "article", "...ID", "...Id" */
        if ((j >= 7 && starts(t, j - 7, "article", 7)) ||
            (j >= 2 && (RD(t, j - 2) | 0x20) == 'i' && (RD(t, j - 1) | 0x20) == 'd'))
            return __LINE__;
    }
    /* reject_irc_hostmasks (context._irc_hostmask): '!' in the token before the '@'
     * (above), or the token in ( ) or [ ] (``(~ident@host) has joined``) */
    Py_ssize_t ts = s, lo = s > 64 ? s - 64 : 0;
    while (ts > lo) {
        Py_UCS4 c = RD(t, ts - 1);
        if (Py_UNICODE_ISSPACE(c) || c == '(' || c == '[' || c == '<')
            break;
        ts--;
        if (c == '!')
            return __LINE__;
    }
    Py_UCS4 opener = ts > 0 ? RD(t, ts - 1) : 0;
    if ((opener == '(' || opener == '[') && (after == ')' || after == ']') && (r = maybe_irc(t, ts, e, g)) != 0)
        return r;
    /* reject_code_context: a login target (ssh me@host); reject_obfuscated_addresses */
    if ((r = maybe_login_target(t, s)) != 0 || (r = maybe_hidden_domain(t, s, e)) != 0)
        return r;
    /* reject_mail_trace_headers: ORCPT=rfc822; (context._ORCPT) */
    if (find_ascii(t, s > 40 ? s - 40 : 0, s, ';') >= 0)
        return __LINE__;
    /* reject_mail_trace_headers (context._auth_result): "=" before, with '"' or '<'
     * between (an Authentication-Results or Received-SPF value; '=' inside the link is
     * sent above), and the SPF comment "domain of ADDR designates" */
    if ((before == '"' || before == '<') && s >= 2 && RD(t, s - 2) == '=')
        return __LINE__;
    if (after == ' ' && (starts(t, e, " designates ", 12) || starts(t, e, " does not designate ", 20)))
        return __LINE__;
    /* reject_mail_trace_headers (context._mbox_separator): "From " starting the line before it */
    if (s >= 5 && starts(t, s - 5, "From ", 5) && (s == 5 || RD(t, s - 6) == '\n'))
        return __LINE__;
    return maybe_header_or_spelled_at(t, s, e, g, spelled, drop, 0); /* the header: above */
}

/* 0 when no rule can touch the link text[s:e] (or, with new_end, when the only rules
 * that touch it are cjk_end and drop_empty_query, which gate.c then follows: *new_end
 * is where the link ends after them); else a positive number (the line of the test
 * that sent it to Python, for gate_reasons()); -1 on error. *drop: a rule rejects it. */
static int
gate_one(const Text *t, Py_ssize_t s, Py_ssize_t e, int email, const GateConfig *g, int *drop,
         Py_ssize_t *new_end, int depth, int *spelled)
{
    int want_q = 0, sp = 0;
    Py_ssize_t cut = -1, after = -1;
    if (new_end)
        *new_end = e;
    int r = gate_rules(t, s, e, email, g, drop, &want_q, &cut, &after, spelled ? &sp : NULL);
    if (!(g->drops & D_CJK_END))
        cut = -1;
    if (!(g->drops & D_EMPTY_QUERY))
        want_q = 0;
    if (sp && r == 0) {
        /* only context._spelled_at may touch the link: the caller asks it (0 and
         * *spelled), unless a cut is also due (then to Python, as any suspect) */
        if (*drop || cut >= 0 || want_q)
            return sp;
        *spelled = 1;
        return 0;
    }
    if (r != 0 || *drop || (cut < 0 && !want_q))
        return r;
    if (!new_end || depth > 3 || after < 0)
        return __LINE__;
    Py_ssize_t end;
    if (cut >= 0) {
        /* cjk_end, then rules._reterminate: §3.5.1 as if the text ended at the cut */
        if (cut <= after)
            end = cut;
        else {
            Text view = *t;
            view.n = cut;
            end = terminate(&view, after);
        }
    }
    else {
        /* drop_empty_query (rules.trailing_question_mark): a lone '?' after the host */
        if (e - 1 < after)
            return 0;
        for (Py_ssize_t i = after; i < e; i++)
            if ((RD(t, i) == '?' && i < e - 1) || RD(t, i) == '#')
                return 0; /* the rule keeps the link */
        end = e - 1;
    }
    if (end <= s || end >= e)
        return __LINE__;
    /* the shortened link, through every rule again (rules._rebuild, then the rest of _one) */
    int drop2 = 0;
    Py_ssize_t inner = end;
    r = gate_one(t, s, end, email, g, &drop2, &inner, depth + 1, NULL);
    if (r != 0 || drop2)
        return r ? r : __LINE__;
    *new_end = inner;
    return 0;
}

/* Link.start, Link.end and Link.kind == "email" of a Link. */
static int
link_span(PyObject *link, Py_ssize_t *s, Py_ssize_t *e, int *email)
{
    PyObject *kind;
    if (link_slots(link, s, e, &kind)) {
        *email = kind == s_email || (kind != s_url && PyUnicode_Check(kind) && PyUnicode_Compare(kind, s_email) == 0);
        return 0;
    }
    PyObject *vs = PyObject_GetAttr(link, s_start), *ve = vs ? PyObject_GetAttr(link, s_end) : NULL;
    PyObject *vk = ve ? PyObject_GetAttr(link, s_kind) : NULL;
    int r = -1;
    if (vk) {
        *s = PyLong_AsSsize_t(vs);
        *e = PyLong_AsSsize_t(ve);
        if (!PyErr_Occurred()) {
            *email = vk == s_email || (PyUnicode_Check(vk) && PyUnicode_Compare(vk, s_email) == 0);
            r = 0;
        }
    }
    Py_XDECREF(vs);
    Py_XDECREF(ve);
    Py_XDECREF(vk);
    return r;
}

#define N_CONFIG 16

static int
read_config(PyObject *cfg, GateConfig *g)
{
    if (!PyTuple_Check(cfg) || PyTuple_GET_SIZE(cfg) != N_CONFIG) {
        PyErr_SetString(PyExc_TypeError, "the gate's config must be the tuple of _gate.config()");
        return -1;
    }
    g->file_ext = PyTuple_GET_ITEM(cfg, 0);
    g->inner_ext = PyTuple_GET_ITEM(cfg, 1);
    g->reverse_first = PyTuple_GET_ITEM(cfg, 2);
    g->host_tlds = PyTuple_GET_ITEM(cfg, 3);
    g->code_receivers = PyTuple_GET_ITEM(cfg, 4);
    g->max_link = PyLong_AsSsize_t(PyTuple_GET_ITEM(cfg, 5));
    g->max_part = PyLong_AsSsize_t(PyTuple_GET_ITEM(cfg, 6));
    if (PyErr_Occurred())
        return -1;
    PyObject *cls = PyTuple_GET_ITEM(cfg, 7);
    if (!PyBytes_Check(cls) || PyBytes_GET_SIZE(cls) != 0x10000) {
        PyErr_SetString(PyExc_TypeError, "the gate's class table must be 0x10000 bytes");
        return -1;
    }
    g->cls = (const uint8_t *)PyBytes_AS_STRING(cls);
    g->astral_letters = PyTuple_GET_ITEM(cfg, 8);
    g->confusable = PyTuple_GET_ITEM(cfg, 9);
    g->headers = PyTuple_GET_ITEM(cfg, 10);
    g->header_prefixes = PyTuple_GET_ITEM(cfg, 11);
    g->web_only = PyTuple_GET_ITEM(cfg, 12);
    g->rules_receivers = PyTuple_GET_ITEM(cfg, 13);
    g->host_cue = PyTuple_GET_ITEM(cfg, 14);
    g->lines = NULL;
    g->cfg = cfg;
    g->drops = PyLong_AsLong(PyTuple_GET_ITEM(cfg, 15));
    if (g->drops == -1 && PyErr_Occurred())
        return -1;
    if (!PyDict_CheckExact(g->headers)) {
        PyErr_SetString(PyExc_TypeError, "the gate's headers must be a dict of str to int");
        return -1;
    }
    if (!PyTuple_Check(g->astral_letters) || !PyTuple_Check(g->header_prefixes)) {
        PyErr_SetString(PyExc_TypeError, "the gate's ranges and prefixes must be tuples");
        return -1;
    }
    for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(g->astral_letters); k++) {
        PyObject *r = PyTuple_GET_ITEM(g->astral_letters, k);
        if (!PyTuple_Check(r) || PyTuple_GET_SIZE(r) != 2 || !PyLong_Check(PyTuple_GET_ITEM(r, 0)) ||
            !PyLong_Check(PyTuple_GET_ITEM(r, 1))) {
            PyErr_SetString(PyExc_TypeError, "the gate's ranges must be (lo, hi) pairs of int");
            return -1;
        }
    }
    for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(g->header_prefixes); k++)
        if (!PyUnicode_Check(PyTuple_GET_ITEM(g->header_prefixes, k))) {
            PyErr_SetString(PyExc_TypeError, "the gate's header prefixes must be str");
            return -1;
        }
    return 0;
}

/* read_config, remembered for the last config tuple (the same object on every call of
 * a policy: _gate.config is cached): a tuple is immutable, and the reference held keeps
 * its items alive. */
static PyObject *last_cfg = NULL;
static GateConfig last_g;

static int
read_config_cached(PyObject *cfg, GateConfig *g)
{
    if (cfg == last_cfg) {
        *g = last_g;
        return 0;
    }
    if (read_config(cfg, g) < 0)
        return -1;
    last_g = *g;
    Py_XSETREF(last_cfg, Py_NewRef(cfg));
    return 0;
}

/* The gate over a list of links: reasons (a list of int) or a mask (bytes | None). */
static PyObject *
gate_links(PyObject *text, PyObject *links, GateConfig *gp, int reasons)
{
    GateConfig g = *gp;
    LineCache lc = {0, 0, -1, -1, 0};
    g.lines = &lc;
    Text T;
    text_of(&T, text);
    Py_ssize_t count = PyList_GET_SIZE(links);
    PyObject *out = reasons ? PyList_New(count) : NULL;
    if (reasons && !out)
        return NULL;
    for (Py_ssize_t k = 0; k < count && k < PyList_GET_SIZE(links); k++) {
        PyObject *link = PyList_GET_ITEM(links, k);
        Py_INCREF(link); /* a callback may run other threads */
        Py_ssize_t s = 0, e = 0;
        int email = 0;
        int drop = 0;
        int r = link_span(link, &s, &e, &email);
        if (r == 0)
            r = gate_one(&T, s, e, email, &g, &drop, NULL, 0, NULL);
        Py_DECREF(link);
        if (r < 0) {
            Py_XDECREF(out);
            return NULL;
        }
        if (reasons) {
            PyObject *v = PyLong_FromLong(drop ? -r : r);
            if (!v) {
                Py_DECREF(out);
                return NULL;
            }
            PyList_SET_ITEM(out, k, v);
            continue;
        }
        if (r && !out) {
            out = PyBytes_FromStringAndSize(NULL, count);
            if (!out)
                return NULL;
            memset(PyBytes_AS_STRING(out), 0, (size_t)count);
        }
        if (r)
            PyBytes_AS_STRING(out)[k] = drop ? 2 : 1;
    }
    if (PyList_GET_SIZE(links) != count) {
        Py_XDECREF(out);
        PyErr_SetString(PyExc_RuntimeError, "the list of links changed during gate()");
        return NULL;
    }
    if (!out)
        Py_RETURN_NONE;
    return out;
}

static PyObject *
run_gate(PyObject *const *args, Py_ssize_t nargs, int reasons)
{
    GateConfig g;
    if (nargs != 4 || !PyUnicode_Check(args[0]) || !PyList_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "gate(text: str, links: list[Link], config: tuple, allow_drop: bool)");
        return NULL;
    }
    if (read_config(args[2], &g) < 0)
        return NULL;
    if ((g.allow_drop = PyObject_IsTrue(args[3])) < 0)
        return NULL;
    if (PyUnicode_READY(args[0]) < 0)
        return NULL;
    return gate_links(args[0], args[1], &g, reasons);
}

/* gate(text, links, config, allow_drop) -> bytes | None: one byte per link, 0 for a
 * plain one, 1 for a link some rule may touch (to the Python reference), 2 for a link
 * a rule rejects for sure (only with allow_drop); None when all are plain. */
PyObject *
py_gate(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    return run_gate(args, nargs, 0);
}

/* gate_reasons(text, links, config, allow_drop) -> list[int]: 0 for a plain link, else
 * the line of gate.c whose test sent it to Python, negative for a drop (tests, tuning). */
PyObject *
py_gate_reasons(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    return run_gate(args, nargs, 1);
}

/* The next "://" at or after i, or -1; memchr on 1-byte text. */
static Py_ssize_t
next_authority(const Text *t, Py_ssize_t i)
{
    if (t->kind == PyUnicode_1BYTE_KIND) {
        const Py_UCS1 *d = (const Py_UCS1 *)t->data;
        while (i + 3 < t->n) {
            const Py_UCS1 *p = memchr(d + i, ':', (size_t)(t->n - 3 - i));
            if (!p)
                return -1;
            i = p - d;
            if (d[i + 1] == '/' && d[i + 2] == '/')
                return i;
            i++;
        }
        return -1;
    }
    if (t->kind == PyUnicode_2BYTE_KIND) {
        const Py_UCS2 *d = (const Py_UCS2 *)t->data;
        while (i + 3 < t->n) {
            i = find_ucs2(d, i, t->n - 3, ':');
            if (i < 0)
                return -1;
            if (d[i + 1] == '/' && d[i + 2] == '/')
                return i;
            i++;
        }
        return -1;
    }
    for (; i + 3 < t->n; i++)
        if (RD(t, i) == ':' && RD(t, i + 1) == '/' && RD(t, i + 2) == '/')
            return i;
    return -1;
}

/* rules.cjk_host_cuts may propose a link in text (1-byte ASCII text ruled out by the
 * caller): "://" then ASCII host characters and, right after them, a non-ASCII character
 * (g NULL) or, with the gate's tables, a letter of _CJK_GLUED_AUTHORITY's lookahead
 * (rules._CJK_LETTER_CLASS, rules._SA_LETTER_CLASS: "…" or "，" after a host is none). */
static int
cjk_cut_possible_in(const Text *t, const GateConfig *g)
{
    for (Py_ssize_t i = next_authority(t, 0); i >= 0; i = next_authority(t, i + 1)) {
        Py_ssize_t j = i + 3, dot = -1;
        while (j < t->n) {
            Py_UCS4 c = RD(t, j);
            if (!(is_alnum_ascii(c) || c == '-' || c == '.'))
                break;
            if (c == '.')
                dot = j;
            j++;
        }
        /* _CJK_GLUED_HOST: labels, then '.' and two or more letters, then a CJK letter */
        if (j < t->n && RD(t, j) >= 128 && dot > i + 3 && j - dot > 2 &&
            (!g || (cls_of(g, RD(t, j)) & (G_CJK_LETTER | G_SA_LETTER)))) {
            int letters = 1;
            for (Py_ssize_t k = dot + 1; k < j; k++)
                if (!is_alpha_ascii(RD(t, k)))
                    letters = 0;
            if (letters)
                return 1;
        }
    }
    return 0;
}

/* cjk_cut_possible(text) -> bool: cjk_cut_possible_in without the gate's tables (any
 * non-ASCII character after the host). */
PyObject *
py_cjk_cut_possible(PyObject *self, PyObject *text)
{
    if (!PyUnicode_Check(text)) {
        PyErr_SetString(PyExc_TypeError, "cjk_cut_possible(text: str)");
        return NULL;
    }
    if (PyUnicode_READY(text) < 0)
        return NULL;
    if (PyUnicode_IS_ASCII(text))
        Py_RETURN_FALSE;
    Text T;
    text_of(&T, text);
    return PyBool_FromLong(cjk_cut_possible_in(&T, NULL));
}

/* dotless_after_scheme(text, hosts) -> bool: whether "://" is followed by one of hosts
 * (ASCII names, lower case), ignoring case: apply._dotless_after_scheme's search, for
 * ASCII names. A non-ASCII character where a name's letter may stand counts as a match
 * (re's IGNORECASE folds 'K' and U+212A KELVIN SIGN alike): the scan with the dotless
 * hosts then runs, which finds the same links, only slower. */
PyObject *
py_dotless_after_scheme(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2 || !PyUnicode_Check(args[0]) || !PyTuple_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "dotless_after_scheme(text: str, hosts: tuple[str, ...])");
        return NULL;
    }
    PyObject *hosts = args[1];
    for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(hosts); k++) {
        PyObject *h = PyTuple_GET_ITEM(hosts, k);
        if (!PyUnicode_Check(h) || !PyUnicode_IS_ASCII(h)) {
            PyErr_SetString(PyExc_TypeError, "dotless_after_scheme: hosts must be ASCII str");
            return NULL;
        }
    }
    if (PyUnicode_READY(args[0]) < 0)
        return NULL;
    Text T, *t = &T;
    text_of(&T, args[0]);
    for (Py_ssize_t i = next_authority(t, 0); i >= 0; i = next_authority(t, i + 1)) {
        for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(hosts); k++) {
            PyObject *h = PyTuple_GET_ITEM(hosts, k);
            const Py_UCS1 *name = PyUnicode_1BYTE_DATA(h);
            Py_ssize_t len = PyUnicode_GET_LENGTH(h), m = 0;
            while (m < len && i + 3 + m < t->n) {
                Py_UCS4 c = RD(t, i + 3 + m);
                if (c >= 128)
                    Py_RETURN_TRUE;
                if ((Py_UCS4)Py_TOLOWER(c) != (Py_UCS4)Py_TOLOWER(name[m]))
                    break;
                m++;
            }
            if (m == len)
                Py_RETURN_TRUE;
        }
    }
    Py_RETURN_FALSE;
}

/* The links of the policy from the links of a scan (default fields), with the gate:
 * plain links kept, sure rejections dropped, the cuts of cjk_end and drop_empty_query
 * made here (the href loses the percent-encoding of the cut-off text: detection's href
 * encodes code point by code point). Returns the list, or (list, indices) where the
 * links at those indices go to the Python rules; an index k written ~k (negative): only
 * context._spelled_at may touch that link (apply._settle asks it alone). */
/* The gate on the scan's records, in place: a dropped link leaves, a cut one gets its
 * new end and href (as rules._rebuild), a suspect is marked (verdict 1; 2: only
 * context._spelled_at may touch it). The number of suspects, or -1 with an error set. */
static Py_ssize_t
gate_recs(PyObject *text, LinkRecs *recs, GateConfig *gp)
{
    GateConfig g = *gp;
    LineCache lc = {0, 0, -1, -1, 0};
    g.lines = &lc;
    Text T;
    text_of(&T, text);
    Py_ssize_t k = 0, suspects = 0;
    for (Py_ssize_t i = 0; i < recs->n; i++) {
        LinkRec *x = &recs->v[i];
        Py_ssize_t e = x->end, end = 0;
        int drop = 0, spelled = 0;
        int r = gate_one(&T, x->start, e, x->email, &g, &drop, &end, 0, &spelled);
        if (r < 0)
            return -1;
        if (r > 0 && drop) {
            Py_CLEAR(x->href);
            continue;
        }
        x->verdict = r > 0 ? 1 : spelled ? 2 : 0;
        suspects += x->verdict != 0;
        if (r == 0 && end != e) {
            if (!x->href && !(x->href = rec_href(text, x)))
                return -1;
            Py_ssize_t cutoff = percent_len(&T, end, e, href_safe), lh = PyUnicode_GET_LENGTH(x->href);
            if (cutoff > lh) {
                PyErr_SetString(PyExc_RuntimeError, "gate: an href shorter than its text");
                return -1;
            }
            PyObject *nh = PyUnicode_Substring(x->href, 0, lh - cutoff);
            if (!nh)
                return -1;
            Py_SETREF(x->href, nh);
            x->end = end;
            x->email = 0;
        }
        if (k != i) {
            recs->v[k] = *x;
            x->href = NULL; /* moved */
        }
        k++;
    }
    recs->n = k;
    return suspects;
}

/* scan_gated's answer from gated records: the list of Links, or (links, suspects) where
 * suspects lists the index of each suspect (~index: only context._spelled_at may touch
 * it, apply._settle). */
PyObject *
recs_gated_result(PyObject *text, const LinkRecs *recs, Py_ssize_t suspects)
{
    PyObject *out = PyList_New(recs->n), *idx = suspects ? PyList_New(0) : NULL;
    if (!out || (suspects && !idx))
        goto error;
    for (Py_ssize_t k = 0; k < recs->n; k++) {
        const LinkRec *x = &recs->v[k];
        PyObject *link = rec_link(text, x);
        if (!link)
            goto error;
        PyList_SET_ITEM(out, k, link);
        if (x->verdict) {
            PyObject *i = PyLong_FromSsize_t(x->verdict == 1 ? k : ~k);
            if (!i || PyList_Append(idx, i) < 0) {
                Py_XDECREF(i);
                goto error;
            }
            Py_DECREF(i);
        }
    }
    if (!idx)
        return out;
    PyObject *pair = PyTuple_Pack(2, out, idx);
    Py_DECREF(out);
    Py_DECREF(idx);
    return pair;
error:
    Py_XDECREF(out);
    Py_XDECREF(idx);
    return NULL;
}

/* scan_gated's scan and gate into records: 1 done (*suspects of them marked), 0 when
 * the gate cannot serve the text (scan_gated's None), -1 with an error set. */
int
scan_gated_recs(PyObject *const *argv, Py_ssize_t nargs, LinkRecs *recs, Py_ssize_t *suspects)
{
    GateConfig g;
    /* the text comes last: functools.partial(scan_gated, config, ...) is the policy's
     * scanner (apply._fast_scanner); args[] below is in the order of the text first */
    if (nargs != 5 || !PyUnicode_Check(argv[4]) || !PyTuple_Check(argv[2])) {
        PyErr_SetString(PyExc_TypeError, "scan_gated(config, dotless_hosts, names, cjk_host_cut, text)");
        return -1;
    }
    PyObject *args[5] = {argv[4], argv[0], argv[1], argv[2], argv[3]};
    if (read_config_cached(args[1], &g) < 0)
        return -1;
    g.allow_drop = 1;
    int cjk = PyObject_IsTrue(args[4]);
    if (cjk < 0)
        return -1;
    if (cjk) {
        if (PyUnicode_READY(args[0]) < 0)
            return -1;
        if (!PyUnicode_IS_ASCII(args[0])) {
            Text T;
            text_of(&T, args[0]);
            if (cjk_cut_possible_in(&T, &g))
                return 0;
        }
    }
    PyObject *done;
    int dotless = 0;
    if (PyTuple_GET_SIZE(args[3]) > 0) {
        PyObject *dargs[2] = {args[0], args[3]};
        PyObject *r = py_dotless_after_scheme(NULL, dargs, 2);
        if (!r)
            return -1;
        Py_DECREF(r);
        dotless = r == Py_True;
    }
    if (dotless) {
        /* configured first: special_schemes is set by configure() */
        if (!configured && ensure_configured() < 0)
            return -1;
        PyObject *sargs[6] = {args[0], Py_None, Py_True, Py_True, special_schemes, args[2]};
        done = scan_recs(sargs, 6, recs);
    }
    else
        done = scan_recs(args, 1, recs);
    if (!done)
        return -1;
    Py_DECREF(done);
    *suspects = recs->n ? gate_recs(args[0], recs, &g) : 0;
    return *suspects < 0 ? -1 : 1;
}

PyObject *
py_scan_gated(PyObject *self, PyObject *const *argv, Py_ssize_t nargs)
{
    LinkRecs recs = {NULL, 0, 0};
    Py_ssize_t suspects = 0;
    int r = scan_gated_recs(argv, nargs, &recs, &suspects);
    PyObject *out = r < 0 ? NULL : r == 0 ? Py_NewRef(Py_None) : recs_gated_result(argv[4], &recs, suspects);
    recs_free(&recs);
    return out;
}
