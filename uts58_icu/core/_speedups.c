/*
 * uts58_icu.core._speedups -- the compiled scanning core (issue 11).
 *
 * A line-by-line transliteration of the pure-Python reference in
 * detection.py (_scan, _labels, _href, _mailto), termination.py (_terminate)
 * and email.py (_email_start). The Python modules stay the statement of the
 * spec; tests/test_accel.py requires identical Links from both paths.
 *
 * No Unicode data is compiled in: configure() receives, once, the tables that
 * properties.py and _classes.py derive from the ICU in use (Link_Term and
 * Link_Email per code point, Link_Bracket, host label characters) and packs
 * them into a 64 KiB flag table for the BMP plus a run list for astral code
 * points. Non-ASCII TLDs and every host go through the cached Python callbacks
 * (_tld_key, _ascii_host: ICU's UTS #46), IP addresses through _ipv4_ok/_ipv6_ok.
 *
 * Text is read in place for every PyUnicode kind (1, 2 or 4 bytes per code
 * point) with PyUnicode_READ; every index is checked against the length.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <string.h>
#include <stdint.h>

/* Flag bits of one code point. */
#define F_TERM 0x07   /* Link_Term value: properties.py INCLUDE..CLOSE */
#define F_HOST 0x08   /* host label character (_classes.HOST_LABEL_CHAR) */
#define F_SEP 0x10    /* label separator (_classes.LABEL_SEPARATORS) */
#define F_EMAIL 0x20  /* Link_Email=Yes */
#define F_SYNTAX 0x40 /* first character of a Table 3-3 sequence */
#define F_IGNORABLE 0x80 /* Default_Ignorable_Code_Point */
#define F_DOMAIN (F_HOST | F_SEP)

enum { T_INCLUDE = 0, T_HARD = 1, T_SOFT = 2, T_OPEN = 3, T_CLOSE = 4 };

/* Bump with every change of the interface to _accel.py (configure, scan, set_hook). */
#define ABI_VERSION 5
#define BRACKET_STACK_LIMIT 125
#define MAX_SCHEME 64 /* detection._MAX_SCHEME */
#define MAX_SPECIAL 16

static uint8_t bmp[0x10000];
typedef struct { uint32_t lo, hi; uint8_t flags; } Run;
static Run *astral = NULL;
static Py_ssize_t n_astral = 0;
typedef struct { uint32_t close, open; } Bracket;
static Bracket *brackets = NULL;
static Py_ssize_t n_brackets = 0;
static int configured = 0;

/* Python callbacks and objects. */
static PyObject *cb_tld_key = NULL;      /* _tld_key(label) -> str */
static PyObject *cb_ascii_host = NULL;   /* _ascii_host(host) -> str | None */
static PyObject *cb_ipv4_ok = NULL;      /* _ipv4_ok(host) -> bool */
static PyObject *cb_ipv6_ok = NULL;      /* _ipv6_ok("[...]") -> bool */
static PyObject *cb_dotless_ascii = NULL; /* UTS #46 ToASCII of a dotless host name -> str */
static PyObject *special_schemes = NULL; /* detection.SPECIAL_SCHEMES (the default schemes) */
static PyObject *configure_hook = NULL;  /* called by the first scan: calls configure() */
static PyObject *cb_default_tlds = NULL; /* default_tlds(), called once for tlds=None */
static PyObject *default_tlds_obj = NULL;
static char special_names[MAX_SPECIAL + 1][MAX_SCHEME + 1];
static PyObject *special_strs[MAX_SPECIAL + 1];
static PyTypeObject *link_type = NULL;
#define MAX_FIELDS 16
static Py_ssize_t off_fields[MAX_FIELDS]; /* slot offsets of Link's fields, in field order */
static PyObject *field_defaults[MAX_FIELDS]; /* defaults of the fields after href */
static int n_fields = 0;
static int fast_link = 0;
static PyObject *s_url = NULL, *s_email = NULL, *s_https = NULL, *s_http = NULL, *s_mailto = NULL;
static PyObject *s_start = NULL, *s_end = NULL, *empty_tuple = NULL;

static inline uint8_t
flags_of(Py_UCS4 c)
{
    if (c < 0x10000)
        return bmp[c];
    Py_ssize_t lo = 0, hi = n_astral - 1;
    while (lo <= hi) {
        Py_ssize_t mid = (lo + hi) >> 1;
        if (c < astral[mid].lo)
            hi = mid - 1;
        else if (c > astral[mid].hi)
            lo = mid + 1;
        else
            return astral[mid].flags;
    }
    return 0;
}

static uint32_t
bracket_of(Py_UCS4 close)
{
    Py_ssize_t lo = 0, hi = n_brackets - 1;
    while (lo <= hi) {
        Py_ssize_t mid = (lo + hi) >> 1;
        if (close < brackets[mid].close)
            hi = mid - 1;
        else if (close > brackets[mid].close)
            lo = mid + 1;
        else
            return brackets[mid].open;
    }
    return 0xFFFFFFFFu;
}

/* ------------------------------------------------------------------ text */

typedef struct {
    PyObject *obj;
    int kind;
    const void *data;
    Py_ssize_t n;
} Text;

#define RD(t, i) PyUnicode_READ((t)->kind, (t)->data, (i))

/* text.startswith(ascii literal, i), with bounds checks (i may be negative). */
static inline int
starts(const Text *t, Py_ssize_t i, const char *s, Py_ssize_t len)
{
    if (i < 0 || i + len > t->n)
        return 0;
    for (Py_ssize_t k = 0; k < len; k++)
        if (RD(t, i + k) != (Py_UCS4)(unsigned char)s[k])
            return 0;
    return 1;
}

static inline int
is_sep(Py_UCS4 c)
{
    return c == '.' || c == 0x3002 || c == 0xFF0E || c == 0xFF61;
}

/* ------------------------------------------------- §3.5.1 termination */

enum { P_NONE = 0, P_PATH, P_QUERY, P_FRAGMENT, P_DIRECTIVE };

/* Part.terminator_at: length of the Terminator matched at i, else 0. */
static inline Py_ssize_t
terminator_at(const Text *t, int part, Py_ssize_t i)
{
    Py_UCS4 c = RD(t, i);
    switch (part) {
    case P_PATH:
        return (c == '?' || c == '#') ? 1 : 0;
    case P_QUERY:
        return c == '#' ? 1 : 0;
    case P_FRAGMENT:
        return starts(t, i, ":~:", 3) ? 3 : 0;
    default:
        return 0;
    }
}

/* initiator_at (order: path, query, fragment, fragment directive). */
static inline int
initiator_at(const Text *t, Py_ssize_t i, Py_ssize_t *len)
{
    Py_UCS4 c = RD(t, i);
    *len = 1;
    if (c == '/')
        return P_PATH;
    if (c == '?')
        return P_QUERY;
    if (c == '#')
        return P_FRAGMENT;
    if (starts(t, i, ":~:", 3)) {
        *len = 3;
        return P_DIRECTIVE;
    }
    return P_NONE;
}

/* Part.clear_stack_open_at: length of the ClearStackOpen sequence at i, else 0. */
static inline Py_ssize_t
clear_stack_open_at(const Text *t, int part, Py_ssize_t i)
{
    Py_UCS4 c = RD(t, i);
    switch (part) {
    case P_PATH:
        return c == '/' ? 1 : 0;
    case P_QUERY:
        return (c == '=' || c == '&') ? 1 : 0;
    case P_DIRECTIVE:
        if (c == '&' || c == ',')
            return 1;
        return starts(t, i, ":~:", 3) ? 3 : 0;
    default:
        return 0;
    }
}

static Py_ssize_t
terminate(const Text *t, Py_ssize_t start)
{
    Py_ssize_t n = t->n;
    Py_ssize_t last_safe = start; /* step 1 (see conformance/NOTES.md) */
    int part = P_NONE, previous = P_NONE; /* step 2 */
    uint32_t stack[BRACKET_STACK_LIMIT]; /* steps 3, 4 */
    int sp = 0;
    Py_ssize_t i = start;
    while (i < n) { /* step 5 */
        Py_UCS4 c = RD(t, i);
        uint8_t f = flags_of(c);
        if (f & F_SYNTAX) {
            /* 5.1 a terminator of the current part ends it */
            if (part != P_NONE && terminator_at(t, part, i)) {
                previous = part;
                part = P_NONE;
            }
            /* 5.2 with no part, an initiator must start one */
            if (part == P_NONE) {
                Py_ssize_t len;
                int new_part = initiator_at(t, i, &len);
                if (new_part == P_NONE) /* 5.2.1 */
                    return last_safe;
                /* 5.2.3 */
                if (new_part == P_DIRECTIVE && previous != P_FRAGMENT && previous != P_DIRECTIVE)
                    return last_safe;
                part = new_part; /* 5.2.2 */
                i += len;        /* 5.2.4 */
                last_safe = i;   /* 5.2.5 */
                sp = 0;          /* 5.2.6 */
                continue;        /* 5.2.7 */
            }
            /* 5.3 ClearStackOpen */
            Py_ssize_t len = clear_stack_open_at(t, part, i);
            if (len) {
                i += len;
                last_safe = i;
                sp = 0;
                continue;
            }
        }
        else if (part == P_NONE) { /* 5.2.1 */
            return last_safe;
        }
        switch (f & F_TERM) { /* 5.4 */
        case T_INCLUDE: /* 5.5 */
            i++;
            last_safe = i;
            break;
        case T_SOFT: /* 5.6 */
            i++;
            break;
        case T_HARD: /* 5.7 */
            return last_safe;
        case T_OPEN: /* 5.8 */
            if (sp == BRACKET_STACK_LIMIT)
                return last_safe;
            stack[sp++] = c;
            i++;
            last_safe = i;
            break;
        default: /* 5.9 Close */
            if (sp == 0)
                return last_safe;
            if (bracket_of(c) == stack[--sp]) {
                i++;
                last_safe = i;
            }
            else
                return last_safe;
        }
    }
    return last_safe; /* step 6 */
}

/* ------------------------------------------------------- §5.2 email */

/* _email_start(text, at): start of the address, or -1. */
static Py_ssize_t
email_start(const Text *t, Py_ssize_t at)
{
    if (at == 0) /* step 1 */
        return -1;
    if (RD(t, at - 1) == '.') /* step 2 */
        return -1;
    Py_ssize_t start = at; /* step 3: back over Link_Email */
    while (start > 0 && (flags_of(RD(t, start - 1)) & F_EMAIL))
        start--;
    for (Py_ssize_t k = start; k + 1 < at; k++) /* step 3.1.1 */
        if (RD(t, k) == '.' && RD(t, k + 1) == '.')
            return -1;
    if (start == at) /* step 5 */
        return -1;
    if (RD(t, start) == '.') /* step 4 */
        return -1;
    if (start >= 7 && starts(t, start - 7, "mailto:", 7)) /* step 6 */
        start -= 7;
    return start;
}

/* ------------------------------------------------------------- hrefs */

static const char HEX[] = "0123456789ABCDEF";
static uint8_t href_safe[128], mailto_safe[128];

static void
init_safe(uint8_t *tab, const char *safe)
{
    for (int b = 0; b < 128; b++)
        tab[b] = (Py_ISALNUM(b) || (b && strchr(safe, b) != NULL)) ? 1 : 0;
}

/* Bytes of the percent-encoded UTF-8 (surrogatepass) of text[a:b]. */
static Py_ssize_t
percent_len(const Text *t, Py_ssize_t a, Py_ssize_t b, const uint8_t *safe)
{
    Py_ssize_t len = 0;
    for (Py_ssize_t i = a; i < b; i++) {
        Py_UCS4 c = RD(t, i);
        if (c < 0x80)
            len += safe[c] ? 1 : 3;
        else if (c < 0x800)
            len += 6;
        else if (c < 0x10000)
            len += 9;
        else
            len += 12;
    }
    return len;
}

static inline Py_UCS1 *
put_pct(Py_UCS1 *o, unsigned b)
{
    *o++ = '%';
    *o++ = HEX[b >> 4];
    *o++ = HEX[b & 15];
    return o;
}

static Py_UCS1 *
percent_write(Py_UCS1 *o, const Text *t, Py_ssize_t a, Py_ssize_t b, const uint8_t *safe)
{
    for (Py_ssize_t i = a; i < b; i++) {
        Py_UCS4 c = RD(t, i);
        if (c < 0x80) {
            if (safe[c])
                *o++ = (Py_UCS1)c;
            else
                o = put_pct(o, c);
        }
        else if (c < 0x800) {
            o = put_pct(o, 0xC0 | (c >> 6));
            o = put_pct(o, 0x80 | (c & 0x3F));
        }
        else if (c < 0x10000) { /* surrogates too: surrogatepass */
            o = put_pct(o, 0xE0 | (c >> 12));
            o = put_pct(o, 0x80 | ((c >> 6) & 0x3F));
            o = put_pct(o, 0x80 | (c & 0x3F));
        }
        else {
            o = put_pct(o, 0xF0 | (c >> 18));
            o = put_pct(o, 0x80 | ((c >> 12) & 0x3F));
            o = put_pct(o, 0x80 | ((c >> 6) & 0x3F));
            o = put_pct(o, 0x80 | (c & 0x3F));
        }
    }
    return o;
}

/* prefix + percent(text[a:b], safe) + mid + host; prefix/mid/host are ASCII str. */
static PyObject *
build_href(PyObject *prefix, const char *mid, PyObject *host, const Text *t, Py_ssize_t a,
           Py_ssize_t b, const uint8_t *safe, int encode_first)
{
    /* encode_first: prefix + pct + mid + host (mailto); else prefix + mid + host + pct */
    Py_ssize_t lp = PyUnicode_GET_LENGTH(prefix), lh = PyUnicode_GET_LENGTH(host);
    Py_ssize_t lm = (Py_ssize_t)strlen(mid);
    Py_ssize_t lq = percent_len(t, a, b, safe);
    if (!PyUnicode_IS_ASCII(prefix) || !PyUnicode_IS_ASCII(host)) {
        /* not expected (ICU's ToASCII gives ASCII): concatenate str objects */
        PyObject *q = PyUnicode_New(lq, 127), *m = PyUnicode_FromString(mid), *r = NULL;
        if (q && m) {
            percent_write(PyUnicode_1BYTE_DATA(q), t, a, b, safe);
            r = encode_first ? PyUnicode_FromFormat("%U%U%U%U", prefix, q, m, host)
                             : PyUnicode_FromFormat("%U%U%U%U", prefix, m, host, q);
        }
        Py_XDECREF(q);
        Py_XDECREF(m);
        return r;
    }
    PyObject *out = PyUnicode_New(lp + lm + lh + lq, 127);
    if (!out)
        return NULL;
    Py_UCS1 *o = PyUnicode_1BYTE_DATA(out);
    memcpy(o, PyUnicode_1BYTE_DATA(prefix), lp);
    o += lp;
    if (encode_first)
        o = percent_write(o, t, a, b, safe);
    memcpy(o, mid, lm);
    o += lm;
    memcpy(o, PyUnicode_1BYTE_DATA(host), lh);
    o += lh;
    if (!encode_first)
        o = percent_write(o, t, a, b, safe);
    return out;
}

/* ------------------------------------------------------------- Links */

static PyObject *
make_link(Py_ssize_t start, Py_ssize_t end, PyObject *kind, PyObject *text, PyObject *href)
{
    /* steals text and href; the fields after href take their dataclass defaults */
    PyObject *vals[5];
    vals[0] = PyLong_FromSsize_t(start);
    vals[1] = PyLong_FromSsize_t(end);
    if (!vals[0] || !vals[1]) {
        Py_XDECREF(vals[0]);
        Py_XDECREF(vals[1]);
        Py_DECREF(text);
        Py_DECREF(href);
        return NULL;
    }
    Py_INCREF(kind);
    vals[2] = kind;
    vals[3] = text;
    vals[4] = href;
    PyObject *obj;
    if (fast_link) {
        obj = link_type->tp_alloc(link_type, 0);
        if (obj) {
            for (int k = 0; k < 5; k++)
                *(PyObject **)((char *)obj + off_fields[k]) = vals[k];
            for (int k = 5; k < n_fields; k++)
                *(PyObject **)((char *)obj + off_fields[k]) = Py_NewRef(field_defaults[k]);
            return obj;
        }
    }
    else
        obj = PyObject_Vectorcall((PyObject *)link_type, vals, 5, NULL);
    for (int k = 0; k < 5; k++)
        Py_DECREF(vals[k]);
    return obj;
}

/* ------------------------------------------------------------- scan */

static inline int
is_domain(const Text *t, Py_ssize_t i)
{
    return (flags_of(RD(t, i)) & F_DOMAIN) != 0;
}

static inline int
is_ascii_digit(Py_UCS4 c)
{
    return c >= '0' && c <= '9';
}

/* [A-Za-z0-9+.\-]: RFC 3986 scheme characters (patterns().scheme_chars). */
static inline int
is_scheme_char(Py_UCS4 c)
{
    return c < 128 && (Py_ISALNUM(c) || c == '+' || c == '.' || c == '-');
}

/* [^\s/?#@\\<>"] (patterns().userinfo_chars; re's \s is str.isspace). */
static inline int
is_userinfo_char(Py_UCS4 c)
{
    return !(c == '/' || c == '?' || c == '#' || c == '@' || c == '\\' || c == '<' || c == '>' ||
             c == '"' || Py_UNICODE_ISSPACE(c));
}

static Py_ssize_t
domain_run_end(const Text *t, Py_ssize_t i)
{
    while (i < t->n && is_domain(t, i))
        i++;
    return i;
}

/* _labels(text, start, end): the offset of an empty label (or -1) and the start of the
 * last label. */
static Py_ssize_t
labels(const Text *t, Py_ssize_t start, Py_ssize_t end, Py_ssize_t *last_label)
{
    if (is_sep(RD(t, start))) {
        *last_label = start;
        return start;
    }
    if (is_sep(RD(t, end - 1))) {
        *last_label = end;
        return end - 1;
    }
    Py_ssize_t prev = start - 1;
    for (Py_ssize_t i = start; i < end; i++) {
        if (is_sep(RD(t, i))) {
            if (i == prev + 1) {
                *last_label = i;
                return i;
            }
            prev = i;
        }
    }
    /* no separator at all: the last label is the whole run (as detection._labels) */
    *last_label = prev + 1;
    return -1;
}

/* _tld_key(label) in tlds, for text[a:b]. Returns 1, 0 or -1 (error). */
static int
tld_ok(const Text *t, Py_ssize_t a, Py_ssize_t b, PyObject *tlds)
{
    int alpha = 1;
    for (Py_ssize_t i = a; i < b; i++) {
        Py_UCS4 c = RD(t, i);
        if (!(c < 128 && Py_ISALPHA(c))) {
            alpha = 0;
            break;
        }
    }
    PyObject *key;
    if (alpha && b > a) {
        key = PyUnicode_New(b - a, 127);
        if (!key)
            return -1;
        Py_UCS1 *o = PyUnicode_1BYTE_DATA(key);
        for (Py_ssize_t i = a; i < b; i++)
            *o++ = (Py_UCS1)Py_TOLOWER(RD(t, i));
    }
    else {
        PyObject *label = PyUnicode_Substring(t->obj, a, b);
        if (!label)
            return -1;
        key = PyObject_CallOneArg(cb_tld_key, label);
        Py_DECREF(label);
        if (!key)
            return -1;
    }
    int r = PySequence_Contains(tlds, key);
    Py_DECREF(key);
    return r;
}

/* A Python predicate on text[a:b] (_ipv4_ok, _ipv6_ok): 1, 0 or -1. */
static int
call_pred(PyObject *fn, const Text *t, Py_ssize_t a, Py_ssize_t b)
{
    PyObject *sub = PyUnicode_Substring(t->obj, a, b);
    if (!sub)
        return -1;
    PyObject *r = PyObject_CallOneArg(fn, sub);
    Py_DECREF(sub);
    if (!r)
        return -1;
    int v = PyObject_IsTrue(r);
    Py_DECREF(r);
    return v;
}

/* _ascii_host(text[a:b]): a new reference to a str, Py_None, or NULL (error). */
static PyObject *
ascii_host_of(const Text *t, Py_ssize_t a, Py_ssize_t b)
{
    PyObject *host = PyUnicode_Substring(t->obj, a, b);
    if (!host)
        return NULL;
    PyObject *r = PyObject_CallOneArg(cb_ascii_host, host);
    Py_DECREF(host);
    if (r && r != Py_None && !PyUnicode_Check(r)) {
        Py_DECREF(r);
        Py_RETURN_NONE;
    }
    return r;
}

/* _listed_after_host(text, u, end): the authority at u is a dotted host ended by ',' or ';' */
static int
listed_after_host(const Text *t, Py_ssize_t u, Py_ssize_t end)
{
    Py_ssize_t e = domain_run_end(t, u);
    if (!(u < e && e < end && (RD(t, e) == ',' || RD(t, e) == ';')))
        return 0;
    for (Py_ssize_t i = e; i < end; i++)
        if (RD(t, i) == ':')
            return 0; /* a password follows: still userinfo */
    for (Py_ssize_t i = u; i < e; i++)
        if (is_sep(RD(t, i)))
            return 1;
    return 0;
}

/* detection._AUTHORITY_STOP_RE: white space, / ? # \ < > " */
static inline int
is_authority_stop(Py_UCS4 c)
{
    return c != '@' && !is_userinfo_char(c);
}

/* _AuthorityGuard of one scan. */
typedef struct {
    Py_ssize_t to, slashes;
    int stopped;
} Guard;

/* guard.inside(start): the offset of the "//" whose authority holds start, or -1. */
static Py_ssize_t
guard_inside(Guard *g, const Text *t, Py_ssize_t start)
{
    if (start < g->to) {
        g->to = 0;
        g->slashes = -1;
        g->stopped = 1;
    }
    Py_ssize_t lo = g->to > 1 ? g->to - 1 : 0, q = -1;
    for (Py_ssize_t i = start - 2; i >= lo; i--)
        if (RD(t, i) == '/' && RD(t, i + 1) == '/') {
            q = i;
            break;
        }
    Py_ssize_t from = -1;
    if (q >= 0) {
        g->slashes = q;
        g->stopped = 0;
        from = q + 2;
    }
    else if (!g->stopped)
        from = g->to;
    if (from >= 0)
        for (Py_ssize_t i = from; i < start; i++)
            if (is_authority_stop(RD(t, i))) {
                g->stopped = 1;
                break;
            }
    g->to = start;
    Py_ssize_t u = g->slashes + 2;
    if (g->slashes < 0 || g->stopped || u >= start || listed_after_host(t, u, start))
        return -1;
    return g->slashes;
}

/* _bad_local(text, start, at) is not None */
static int
bad_local(const Text *t, Py_ssize_t start, Py_ssize_t at)
{
    Py_ssize_t local = starts(t, start, "mailto:", 7) ? start + 7 : start;
    if (local < at && RD(t, local) == '/')
        return 1;
    Py_ssize_t u = start;
    while (u > 0 && is_userinfo_char(RD(t, u - 1)))
        u--;
    return starts(t, u - 2, "//", 2) && !listed_after_host(t, u, start);
}

/* _domain_end(text, start, tlds) is not None: 1, 0 or -1 (error). */
static int
domain_ok(const Text *t, Py_ssize_t start, PyObject *tlds)
{
    Py_ssize_t end = domain_run_end(t, start);
    while (end > start && is_sep(RD(t, end - 1)))
        end--;
    if (end == start)
        return 0;
    Py_ssize_t last_label;
    /* a single label is no email domain; never a TLD lookup beyond the run (issue 22 item 3) */
    if (labels(t, start, end, &last_label) >= 0 || last_label == start)
        return 0;
    int ok = tld_ok(t, last_label, end, tlds);
    if (ok <= 0)
        return ok;
    PyObject *a = ascii_host_of(t, start, end);
    if (!a)
        return -1;
    ok = a != Py_None;
    Py_DECREF(a);
    return ok;
}

/* _EmailAhead: the cached look-ahead of one scan. */
typedef struct {
    Py_ssize_t run_lo, run_hi, at, start; /* start: -1 none, -2 not computed */
} Ahead;

/* ahead.email_start(end): start of the email, -1 for None, -2 on error. */
static Py_ssize_t
ahead_email_start(Ahead *ah, const Text *t, Py_ssize_t end, PyObject *tlds)
{
    if (!(ah->run_lo <= end && end <= ah->run_hi)) {
        Py_ssize_t j = end;
        while (j < t->n && (flags_of(RD(t, j)) & F_EMAIL))
            j++;
        ah->run_lo = end;
        ah->run_hi = j;
    }
    Py_ssize_t at = ah->run_hi;
    if (at >= t->n || RD(t, at) != '@')
        return -1;
    if (ah->at != at) {
        ah->at = at;
        Py_ssize_t s = email_start(t, at);
        if (s >= 0 && bad_local(t, s, at))
            s = -1;
        if (s >= 0) {
            int ok = domain_ok(t, at + 1, tlds);
            if (ok < 0) {
                ah->at = -1;
                return -2;
            }
            if (!ok)
                s = -1;
        }
        ah->start = s;
    }
    return ah->start;
}

/* detection._AUTHORITY_RUN: what may stand in a URL's authority in text */
static inline int
is_authority_char(Py_UCS4 c)
{
    if (c != 0 && c < 128 && strchr("/?#\\<>\"'`{}|^", (int)c) != NULL)
        return 0;
    return !Py_UNICODE_ISSPACE(c);
}

/* detection._rejected_authority_end: the end of the authority of a "scheme://" URL
 * that was not linked when start lies inside it, else -1 (issue 22 item 8). */
static Py_ssize_t
rejected_authority_end(const Text *t, Py_ssize_t start, Py_ssize_t floor)
{
    Py_ssize_t first = start;
    while (first > floor && is_authority_char(RD(t, first - 1)))
        first--;
    if (first == start || !starts(t, first - 3, "://", 3))
        return -1;
    Py_ssize_t end = start;
    while (end < t->n && is_authority_char(RD(t, end)))
        end++;
    return end;
}

/* _written_scheme: 0 schemeless, 1 scheme (*scheme a new reference, *link_start set),
 * 2 rejected, -1 error. */
static int
written_scheme(const Text *t, Py_ssize_t host_start, PyObject *schemes, Py_ssize_t *link_start,
               PyObject **scheme)
{
    *link_start = host_start;
    *scheme = NULL;
    if (host_start < 2 || !starts(t, host_start - 2, "//", 2))
        return 0;
    Py_ssize_t colon = host_start - 3;
    if (colon < 0 || RD(t, colon) != ':')
        return 2;
    Py_ssize_t floor = colon - MAX_SCHEME > 0 ? colon - MAX_SCHEME : 0;
    Py_ssize_t first = colon;
    while (first > floor && is_scheme_char(RD(t, first - 1)))
        first--;
    Py_ssize_t len = colon - first;
    char low[MAX_SCHEME + 1];
    for (Py_ssize_t k = 0; k < len; k++)
        low[k] = (char)Py_TOLOWER(RD(t, first + k));
    low[len] = 0;
    int alpha_first = len > 0 && Py_ISALPHA(low[0]);
    if (schemes == special_schemes) {
        for (int k = 0; special_names[k][0]; k++) {
            if (strcmp(low, special_names[k]) == 0) {
                if (!alpha_first)
                    break;
                *link_start = first;
                *scheme = Py_NewRef(special_strs[k]);
                return 1;
            }
        }
    }
    else {
        PyObject *s = PyUnicode_FromStringAndSize(low, len);
        if (!s)
            return -1;
        int in = PySequence_Contains(schemes, s);
        if (in < 0) {
            Py_DECREF(s);
            return -1;
        }
        if (in && alpha_first) {
            *link_start = first;
            *scheme = s;
            return 1;
        }
        Py_DECREF(s);
    }
    /* §3.3: an "http://" or "https://" glued to the text before it */
    if (len >= 5 && memcmp(low + len - 5, "https", 5) == 0) {
        *link_start = colon - 5;
        *scheme = Py_NewRef(s_https);
        return 1;
    }
    if (len >= 4 && memcmp(low + len - 4, "http", 4) == 0) {
        *link_start = colon - 4;
        *scheme = Py_NewRef(s_http);
        return 1;
    }
    return 2;
}

/* "://[" in text (a bracketed IPv6 host may follow), with a typed loop per str kind. */
static int
contains_authority_bracket(const Text *t)
{
    Py_ssize_t n = t->n;
#define AUTH_LOOP(TYPE)                                                             \
    {                                                                               \
        const TYPE *d = (const TYPE *)t->data;                                      \
        for (Py_ssize_t i = 0; i + 3 < n; i++)                                      \
            if (d[i] == ':' && d[i + 1] == '/' && d[i + 2] == '/' && d[i + 3] == '[') \
                return 1;                                                           \
        return 0;                                                                   \
    }
    if (t->kind == PyUnicode_1BYTE_KIND) {
        const Py_UCS1 *d = (const Py_UCS1 *)t->data;
        Py_ssize_t i = 0;
        while (i + 3 < n) {
            const Py_UCS1 *p = memchr(d + i, ':', (size_t)(n - 3 - i));
            if (!p)
                return 0;
            i = p - d;
            if (d[i + 1] == '/' && d[i + 2] == '/' && d[i + 3] == '[')
                return 1;
            i++;
        }
        return 0;
    }
    if (t->kind == PyUnicode_2BYTE_KIND)
        AUTH_LOOP(Py_UCS2)
    AUTH_LOOP(Py_UCS4)
#undef AUTH_LOOP
}

/* The trigger (patterns().trigger / trigger_authority): the first i >= pos with a label
 * separator followed by a host label character, or (authority) "://" followed by "[" or
 * a host label character. Returns i or -1; *slashes says which. */
static Py_ssize_t
find_trigger(const Text *t, Py_ssize_t pos, int authority, int *slashes)
{
    Py_ssize_t n = t->n;
    *slashes = 0;
    if (t->kind == PyUnicode_1BYTE_KIND && !authority) {
        const Py_UCS1 *d = (const Py_UCS1 *)t->data;
        while (pos < n - 1) {
            const Py_UCS1 *p = memchr(d + pos, '.', (size_t)(n - 1 - pos));
            if (!p)
                return -1;
            pos = p - d;
            if (bmp[d[pos + 1]] & F_HOST)
                return pos;
            pos++;
        }
        return -1;
    }
    if (!authority) { /* a typed loop per str kind: no kind switch per character */
#define SEP_LOOP(TYPE)                                                              \
    {                                                                               \
        const TYPE *d = (const TYPE *)t->data;                                      \
        for (Py_ssize_t i = pos; i + 1 < n; i++)                                    \
            if (is_sep(d[i]) && (flags_of(d[i + 1]) & F_HOST))                      \
                return i;                                                           \
        return -1;                                                                  \
    }
        if (t->kind == PyUnicode_2BYTE_KIND)
            SEP_LOOP(Py_UCS2)
        if (t->kind == PyUnicode_4BYTE_KIND)
            SEP_LOOP(Py_UCS4)
#undef SEP_LOOP
    }
    for (Py_ssize_t i = pos; i + 1 < n; i++) {
        Py_UCS4 c = RD(t, i);
        if (is_sep(c)) {
            if (flags_of(RD(t, i + 1)) & F_HOST)
                return i;
        }
        else if (authority && c == ':' && i + 3 < n && RD(t, i + 1) == '/' && RD(t, i + 2) == '/') {
            Py_UCS4 d = RD(t, i + 3);
            if (d == '[' || (flags_of(d) & F_HOST)) {
                *slashes = 1;
                return i;
            }
        }
    }
    return -1;
}

/* patterns().ipv6_host.match(text, i): \[[0-9A-Fa-f:.]{2,45}\] -> end or -1. */
static Py_ssize_t
ipv6_host_end(const Text *t, Py_ssize_t i)
{
    if (i >= t->n || RD(t, i) != '[')
        return -1;
    Py_ssize_t j = i + 1;
    while (j < t->n && j - i - 1 < 45) {
        Py_UCS4 c = RD(t, j);
        if (!(c < 128 && (Py_ISXDIGIT(c) || c == ':' || c == '.')))
            break;
        j++;
    }
    /* greedy {2,45} then "]": backtracking cannot help, the class excludes "]" */
    if (j - i - 1 < 2 || j >= t->n || RD(t, j) != ']')
        return -1;
    return j + 1;
}

/* The first scan calls the hook set by set_hook() (uts58_icu.core._accel), which
 * derives the tables from ICU and calls configure(). */
static int
ensure_configured(void)
{
    if (configured)
        return 0;
    if (!configure_hook) {
        PyErr_SetString(PyExc_RuntimeError, "_speedups.configure() was not called");
        return -1;
    }
    PyObject *r = PyObject_CallNoArgs(configure_hook);
    if (!r)
        return -1;
    Py_DECREF(r);
    if (!configured) {
        PyErr_SetString(PyExc_RuntimeError, "the configure hook did not configure _speedups");
        return -1;
    }
    return 0;
}

static int
append_steal(PyObject *list, PyObject *item)
{
    if (!item)
        return -1;
    int r = PyList_Append(list, item);
    Py_DECREF(item);
    return r;
}

/* scan(text, tlds, emails, schemeless, schemes, dotless_hosts) -> list[Link]:
 * detection._scan with trace=None and those ScanOptions. */
static PyObject *
scan(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs < 1 || nargs > 6 || !PyUnicode_Check(args[0])) {
        PyErr_SetString(PyExc_TypeError, "scan(text: str, tlds=None, emails=True, schemeless=True, "
                                         "schemes=SPECIAL_SCHEMES, dotless_hosts=())");
        return NULL;
    }
    if (!configured && ensure_configured() < 0)
        return NULL;
    PyObject *tlds = nargs > 1 ? args[1] : Py_None;
    if (tlds == Py_None) {
        if (!default_tlds_obj) {
            PyObject *d = PyObject_CallNoArgs(cb_default_tlds);
            if (!d)
                return NULL;
            Py_XSETREF(default_tlds_obj, d);
        }
        tlds = default_tlds_obj;
    }
    int emails = 1, schemeless = 1;
    if (nargs > 2 && (emails = PyObject_IsTrue(args[2])) < 0)
        return NULL;
    if (nargs > 3 && (schemeless = PyObject_IsTrue(args[3])) < 0)
        return NULL;
    PyObject *schemes = nargs > 4 ? args[4] : special_schemes;
    PyObject *dotless = nargs > 5 ? args[5] : NULL; /* a collection of lower-case names */
    if (dotless != NULL) {
        Py_ssize_t size = PyObject_Length(dotless);
        if (size < 0)
            return NULL;
        if (size == 0)
            dotless = NULL;
    }
    if (PyUnicode_READY(args[0]) < 0)
        return NULL;
    Text T, *t = &T;
    T.obj = args[0];
    T.kind = PyUnicode_KIND(T.obj);
    T.data = PyUnicode_DATA(T.obj);
    T.n = PyUnicode_GET_LENGTH(T.obj);
    Py_ssize_t n = T.n;

    Py_INCREF(tlds); /* a callback may run other threads: keep it alive for this scan */
    PyObject *out = PyList_New(0);
    if (!out) {
        Py_DECREF(tlds);
        return NULL;
    }
    Py_ssize_t pos = 0, last_end = 0;
    /* A host without a label separator (bracketed IPv6) is found from the "://" before it. */
    int authority = dotless != NULL || contains_authority_bracket(t);
    Ahead ah = {-1, -1, -1, -1};
    Guard guard = {0, -1, 1};

    while (pos < n) {
        int slashes;
        Py_ssize_t m = find_trigger(t, pos, authority, &slashes);
        if (m < 0)
            break;
        Py_ssize_t run_start, run_end, host_end;
        PyObject *ascii_host = NULL;
        if (slashes) {
            /* "scheme://" then a host that holds no label separator. */
            run_start = m + 3;
            pos = run_start;
            if (RD(t, run_start) == '[') {
                Py_ssize_t e = ipv6_host_end(t, run_start);
                if (e < 0)
                    continue;
                int ok = call_pred(cb_ipv6_ok, t, run_start, e);
                if (ok < 0)
                    goto error;
                if (!ok)
                    continue;
                host_end = run_end = e;
                Py_ssize_t glued = domain_run_end(t, host_end);
                int glued_text = 0;
                for (Py_ssize_t k = host_end; k < glued; k++)
                    if (!is_sep(RD(t, k))) {
                        glued_text = 1;
                        break;
                    }
                if (glued_text) { /* "[::1]é.com": no valid host */
                    pos = glued;
                    continue;
                }
                ascii_host = PyUnicode_Substring(t->obj, run_start, host_end);
                if (!ascii_host)
                    goto error;
            }
            else {
                /* a dotless host (ScanOptions.dotless_hosts) */
                host_end = run_start;
                while (host_end < n && (flags_of(RD(t, host_end)) & F_HOST))
                    host_end++;
                if (host_end + 1 < n && is_sep(RD(t, host_end)) &&
                    (flags_of(RD(t, host_end + 1)) & F_HOST))
                    continue; /* a dotted host: found from its separator */
                if (dotless == NULL)
                    continue;
                PyObject *raw = PyUnicode_Substring(t->obj, run_start, host_end);
                if (!raw)
                    goto error;
                PyObject *name = PyObject_CallMethod(raw, "lower", NULL);
                Py_DECREF(raw);
                if (!name)
                    goto error;
                int in = PySequence_Contains(dotless, name);
                if (in <= 0) {
                    Py_DECREF(name);
                    if (in < 0)
                        goto error;
                    continue;
                }
                run_end = host_end;
                ascii_host = PyObject_CallOneArg(cb_dotless_ascii, name);
                Py_DECREF(name);
                if (!ascii_host)
                    goto error;
                if (!PyUnicode_Check(ascii_host)) {
                    Py_DECREF(ascii_host);
                    PyErr_SetString(PyExc_TypeError, "dotless_ascii must return a str");
                    goto error;
                }
            }
        }
        else {
            run_start = m;
            while (run_start > pos && is_domain(t, run_start - 1))
                run_start--;
            if (run_start == pos && pos > 0 && is_domain(t, pos - 1)) {
                /* a run that began inside the previous link or run */
                pos = domain_run_end(t, m);
                continue;
            }
            run_end = domain_run_end(t, m);
            pos = run_end;
            /* a default-ignorable character that ends the run is not part of the host,
             * nor the separators after it */
            {
                Py_ssize_t dots = run_end;
                while (dots > run_start && is_sep(RD(t, dots - 1)))
                    dots--;
                if (dots < run_end && dots > run_start && RD(t, dots - 1) > 0x7F &&
                    (flags_of(RD(t, dots - 1)) & F_IGNORABLE))
                    run_end = dots;
            }
            while (run_end > run_start && RD(t, run_end - 1) > 0x7F &&
                   (flags_of(RD(t, run_end - 1)) & F_IGNORABLE))
                run_end--;
            host_end = run_end;
            while (host_end > run_start && is_sep(RD(t, host_end - 1)))
                host_end--;
            if (host_end == run_start)
                continue;
            {
                /* only one label left (``com.\u200d``): not a host (detection._scan) */
                int any_sep = 0;
                for (Py_ssize_t i = run_start; i < host_end && !any_sep; i++)
                    any_sep = is_sep(RD(t, i));
                if (!any_sep)
                    continue;
            }
            Py_ssize_t last_label;
            Py_ssize_t empty = labels(t, run_start, host_end, &last_label);
            if (empty >= 0) {
                /* an ellipsis ends a host written without a scheme */
                Py_ssize_t cut = empty - 1;
                int has_sep = 0;
                for (Py_ssize_t i = run_start; i < cut; i++)
                    if (is_sep(RD(t, i))) {
                        has_sep = 1;
                        break;
                    }
                if (empty == run_start || starts(t, run_start - 2, "//", 2) || !has_sep)
                    continue;
                host_end = run_end = cut;
                if (labels(t, run_start, host_end, &last_label) >= 0)
                    continue;
            }
            int digits = last_label < host_end;
            for (Py_ssize_t i = last_label; i < host_end && digits; i++)
                digits = is_ascii_digit(RD(t, i));
            int at_before = run_start > 0 && RD(t, run_start - 1) == '@';
            if (digits) {
                /* WHATWG URL "ends in a number": an IPv4 address or nothing */
                if (at_before || !starts(t, run_start - 3, "://", 3))
                    continue;
                int ok = call_pred(cb_ipv4_ok, t, run_start, host_end);
                if (ok < 0)
                    goto error;
                if (!ok)
                    continue;
                ascii_host = PyUnicode_Substring(t->obj, run_start, host_end);
                if (!ascii_host)
                    goto error;
            }
            else {
                int ok = tld_ok(t, last_label, host_end, tlds);
                if (ok < 0)
                    goto error;
                if (!ok)
                    continue;
                ascii_host = ascii_host_of(t, run_start, host_end);
                if (!ascii_host)
                    goto error;
                if (ascii_host == Py_None) {
                    Py_DECREF(ascii_host);
                    continue;
                }
            }
            if (at_before) {
                /* §5: the domain of an email address. If the local-part fails, nothing is linked. */
                Py_ssize_t start = emails ? email_start(t, run_start - 1) : -1;
                if (start < 0 || bad_local(t, start, run_start - 1) || start < last_end) {
                    Py_DECREF(ascii_host);
                    continue;
                }
                Py_ssize_t inside = rejected_authority_end(t, start, last_end);
                if (inside >= 0) {
                    Py_DECREF(ascii_host);
                    if (inside > pos)
                        pos = inside;
                    continue;
                }
                Py_ssize_t local = start;
                if (starts(t, local, "mailto:", 7))
                    local += 7;
                PyObject *href = build_href(s_mailto, "@", ascii_host, t, local, run_start - 1,
                                            mailto_safe, 1);
                Py_DECREF(ascii_host);
                if (!href)
                    goto error;
                PyObject *lt = PyUnicode_Substring(t->obj, start, host_end);
                if (!lt) {
                    Py_DECREF(href);
                    goto error;
                }
                if (append_steal(out, make_link(start, host_end, s_email, lt, href)) < 0)
                    goto error;
                pos = last_end = host_end;
                continue;
            }
            if (run_end < n && RD(t, run_end) == '@') {
                Py_DECREF(ascii_host);
                continue;
            }
        }

        /* A URL: scheme (if written), host, port; then §3.5.1 termination. */
        Py_ssize_t link_start;
        PyObject *scheme;
        int ws = written_scheme(t, run_start, schemes, &link_start, &scheme);
        if (ws < 0) {
            Py_DECREF(ascii_host);
            goto error;
        }
        if (ws == 2 || (ws == 0 && (!schemeless || guard_inside(&guard, t, run_start) >= 0)) ||
            link_start < last_end) {
            Py_XDECREF(scheme);
            Py_DECREF(ascii_host);
            continue;
        }
        if (ws == 0) {
            Py_ssize_t inside = rejected_authority_end(t, link_start, last_end);
            if (inside >= 0) {
                Py_DECREF(ascii_host);
                if (inside > pos)
                    pos = inside;
                continue;
            }
        }
        if (ws == 1) {
            Py_ssize_t tail = host_end;
            while (tail < n && is_userinfo_char(RD(t, tail)))
                tail++;
            if (tail < n && RD(t, tail) == '@' && !listed_after_host(t, run_start, tail)) {
                /* "scheme://user[:password]@host": nothing is linked */
                Py_DECREF(scheme);
                Py_DECREF(ascii_host);
                continue;
            }
        }
        /* Port (WHATWG URL port state); a trailing FQDN dot before it is kept. */
        Py_ssize_t dot = run_end - host_end == 1 ? run_end : host_end;
        Py_ssize_t after = host_end;
        if (dot < n && RD(t, dot) == ':') {
            Py_ssize_t j = dot + 1, significant = 0;
            long value = 0;
            while (j < n && is_ascii_digit(RD(t, j))) {
                Py_UCS4 c = RD(t, j);
                if (significant || c != '0') {
                    significant++;
                    if (significant <= 6)
                        value = value * 10 + (long)(c - '0');
                }
                j++;
            }
            if (j > dot + 1) {
                Py_ssize_t glued = domain_run_end(t, j);
                int glued_text = 0;
                for (Py_ssize_t k = j; k < glued; k++)
                    if (!is_sep(RD(t, k))) {
                        glued_text = 1;
                        break;
                    }
                if (significant > 5 || value > 65535 || glued_text) {
                    /* linking the host alone would point somewhere else */
                    Py_XDECREF(scheme);
                    Py_DECREF(ascii_host);
                    if (glued > pos)
                        pos = glued;
                    continue;
                }
                after = j;
            }
            else if (ws == 1 && dot + 1 < n &&
                     (RD(t, dot + 1) == '/' || RD(t, dot + 1) == '?' || RD(t, dot + 1) == '#'))
                after = dot + 1; /* an empty port (WHATWG: "http://example.com:/x" is valid) */
        }
        else if (dot > host_end && dot < n &&
                 (RD(t, dot) == '/' || RD(t, dot) == '?' || RD(t, dot) == '#'))
            after = dot;
        Py_ssize_t end;
        Py_UCS4 ca = after < n ? RD(t, after) : 0;
        if (after == n || !(ca == '/' || ca == '?' || ca == '#'))
            end = after; /* §3.5.1 step 5.2.1 at once */
        else
            end = terminate(t, after);
        if (ws == 0 && emails && end < n && !Py_UNICODE_ISSPACE(RD(t, end))) {
            /* §5: the host is the start of an email's local-part: the email wins */
            Py_ssize_t es = ahead_email_start(&ah, t, end, tlds);
            if (es == -2) {
                Py_DECREF(ascii_host);
                goto error;
            }
            if (es >= 0 && last_end <= es && es <= link_start) {
                Py_DECREF(ascii_host);
                continue;
            }
        }
        PyObject *href = build_href(ws == 1 ? scheme : s_https, "://", ascii_host, t, host_end, end,
                                    href_safe, 0);
        Py_XDECREF(scheme);
        Py_DECREF(ascii_host);
        if (!href)
            goto error;
        PyObject *lt = PyUnicode_Substring(t->obj, link_start, end);
        if (!lt) {
            Py_DECREF(href);
            goto error;
        }
        if (append_steal(out, make_link(link_start, end, s_url, lt, href)) < 0)
            goto error;
        pos = last_end = end;
    }
    Py_DECREF(tlds);
    return out;
error:
    Py_DECREF(tlds);
    Py_DECREF(out);
    return NULL;
}

/* terminate(text, start) -> int, for the differential test of §3.5.1 alone. */
static PyObject *
py_terminate(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2 || !PyUnicode_Check(args[0]) || !PyLong_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "terminate(text: str, start: int)");
        return NULL;
    }
    if (!configured && ensure_configured() < 0)
        return NULL;
    if (PyUnicode_READY(args[0]) < 0)
        return NULL;
    Text T;
    T.obj = args[0];
    T.kind = PyUnicode_KIND(T.obj);
    T.data = PyUnicode_DATA(T.obj);
    T.n = PyUnicode_GET_LENGTH(T.obj);
    Py_ssize_t start = PyLong_AsSsize_t(args[1]);
    if (start == -1 && PyErr_Occurred())
        return NULL;
    if (start < 0 || start > T.n) {
        PyErr_SetString(PyExc_ValueError, "start out of range");
        return NULL;
    }
    return PyLong_FromSsize_t(terminate(&T, start));
}

/* email_start(text, at) -> int | None, for the differential test of §5.2 alone. */
static PyObject *
py_email_start(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2 || !PyUnicode_Check(args[0]) || !PyLong_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "email_start(text: str, at: int)");
        return NULL;
    }
    if (!configured && ensure_configured() < 0)
        return NULL;
    if (PyUnicode_READY(args[0]) < 0)
        return NULL;
    Text T;
    T.obj = args[0];
    T.kind = PyUnicode_KIND(T.obj);
    T.data = PyUnicode_DATA(T.obj);
    T.n = PyUnicode_GET_LENGTH(T.obj);
    Py_ssize_t at = PyLong_AsSsize_t(args[1]);
    if (at == -1 && PyErr_Occurred())
        return NULL;
    if (at < 0 || at >= T.n) {
        PyErr_SetString(PyExc_ValueError, "at out of range");
        return NULL;
    }
    Py_ssize_t r = email_start(&T, at);
    if (r < 0)
        Py_RETURN_NONE;
    return PyLong_FromSsize_t(r);
}

/* ---------------------------------------------------------- configure */

static int
read_table(PyObject *obj, const char *name, Py_buffer *view)
{
    if (PyObject_GetBuffer(obj, view, PyBUF_SIMPLE) < 0)
        return -1;
    if (view->len != 0x110000) {
        PyBuffer_Release(view);
        PyErr_Format(PyExc_ValueError, "%s must have 0x110000 bytes", name);
        return -1;
    }
    return 0;
}

/* Mark every code point of a ((lo, hi), ...) sequence in a 0x110000-byte map. */
static int
mark_ranges(PyObject *ranges, uint8_t *map, uint8_t bit)
{
    PyObject *seq = PySequence_Fast(ranges, "ranges must be a sequence of (lo, hi)");
    if (!seq)
        return -1;
    for (Py_ssize_t k = 0; k < PySequence_Fast_GET_SIZE(seq); k++) {
        long lo, hi;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(seq, k), "ll", &lo, &hi)) {
            Py_DECREF(seq);
            return -1;
        }
        if (lo < 0 || hi >= 0x110000 || lo > hi) {
            Py_DECREF(seq);
            PyErr_SetString(PyExc_ValueError, "range out of 0..0x10FFFF");
            return -1;
        }
        for (long c = lo; c <= hi; c++)
            map[c] |= bit;
    }
    Py_DECREF(seq);
    return 0;
}

static int
setup_link_type(PyObject *type)
{
    /* Link's first five fields must be these; later fields must have plain defaults. */
    static const char *names[5] = {"start", "end", "kind", "text", "href"};
    if (!PyType_Check(type)) {
        PyErr_SetString(PyExc_TypeError, "link_type must be a class");
        return -1;
    }
    Py_XSETREF(link_type, (PyTypeObject *)Py_NewRef(type));
    fast_link = 0;
    for (int k = 0; k < MAX_FIELDS; k++)
        Py_CLEAR(field_defaults[k]);
    n_fields = 0;
    PyObject *fields = PyObject_GetAttrString(type, "__dataclass_fields__");
    if (!fields) {
        PyErr_Clear();
        return 0;
    }
    PyObject *dataclasses = PyImport_ImportModule("dataclasses");
    PyObject *missing = dataclasses ? PyObject_GetAttrString(dataclasses, "MISSING") : NULL;
    Py_XDECREF(dataclasses);
    if (!missing) {
        Py_DECREF(fields);
        return -1;
    }
    int ok = PyDict_Check(fields) && PyDict_GET_SIZE(fields) >= 5 &&
             PyDict_GET_SIZE(fields) <= MAX_FIELDS && link_type->tp_dictoffset == 0 &&
             link_type->tp_alloc != NULL;
    Py_ssize_t ppos = 0;
    int k = 0;
    PyObject *key, *val;
    while (ok && PyDict_Next(fields, &ppos, &key, &val)) {
        if (!PyUnicode_Check(key) || (k < 5 && PyUnicode_CompareWithASCIIString(key, names[k]) != 0)) {
            ok = 0;
            break;
        }
        PyObject *d = PyDict_GetItemWithError(link_type->tp_dict, key);
        if (!d || !Py_IS_TYPE(d, &PyMemberDescr_Type)) {
            ok = 0;
            break;
        }
        PyMemberDef *def = ((PyMemberDescrObject *)d)->d_member;
        if (def->type != T_OBJECT_EX || (def->flags & READONLY)) {
            ok = 0;
            break;
        }
        off_fields[k] = def->offset;
        if (k >= 5) {
            PyObject *dflt = PyObject_GetAttrString(val, "default");
            if (!dflt || dflt == missing) {
                Py_XDECREF(dflt);
                PyErr_Clear();
                ok = 0;
                break;
            }
            field_defaults[k] = dflt;
        }
        k++;
    }
    Py_DECREF(missing);
    Py_DECREF(fields);
    if (PyErr_Occurred())
        return -1;
    if (ok) {
        n_fields = k;
        fast_link = 1;
    }
    return 0;
}

/* The ASCII safe set of an href ("!#$..."): ASCII alphanumerics plus these. */
static int
read_safe(PyObject *safe, uint8_t *tab)
{
    const char *u = PyUnicode_Check(safe) ? PyUnicode_AsUTF8(safe) : NULL;
    if (!u) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_TypeError, "safe sets must be str");
        return -1;
    }
    init_safe(tab, u);
    return 0;
}

static PyObject *
configure(PyObject *self, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"term", "email", "host_ranges", "ignorable_ranges", "brackets",
                             "link_type", "tld_key", "ascii_host", "ipv4_ok", "ipv6_ok",
                             "special_schemes", "href_safe", "mailto_safe", "default_tlds",
                             "dotless_ascii", NULL};
    PyObject *term, *email, *host_ranges, *ign_ranges, *br, *lt, *tk, *ah, *v4, *v6, *sp, *hs, *ms, *dt,
        *da;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OOOOOOOOOOOOOOO:configure", kwlist, &term, &email,
                                     &host_ranges, &ign_ranges, &br, &lt, &tk, &ah, &v4, &v6, &sp,
                                     &hs, &ms, &dt, &da))
        return NULL;
    if (configured) /* once per process: a scan in progress keeps reading the tables */
        Py_RETURN_NONE;
    if (!PyDict_Check(br)) {
        PyErr_SetString(PyExc_TypeError, "brackets must be a dict");
        return NULL;
    }
    if (!PyAnySet_Check(sp) || PySet_GET_SIZE(sp) > MAX_SPECIAL) {
        PyErr_SetString(PyExc_TypeError, "special_schemes must be a small frozenset of str");
        return NULL;
    }
    if (read_safe(hs, href_safe) < 0 || read_safe(ms, mailto_safe) < 0)
        return NULL;
    {
        PyObject *it = PyObject_GetIter(sp), *item;
        int k = 0;
        if (!it)
            return NULL;
        while ((item = PyIter_Next(it)) != NULL) {
            const char *u = PyUnicode_Check(item) ? PyUnicode_AsUTF8(item) : NULL;
            if (!u || strlen(u) > MAX_SCHEME || !PyUnicode_IS_ASCII(item)) {
                Py_DECREF(item);
                Py_DECREF(it);
                if (!PyErr_Occurred())
                    PyErr_SetString(PyExc_ValueError, "special_schemes must hold short ASCII names");
                return NULL;
            }
            strcpy(special_names[k], u);
            Py_XSETREF(special_strs[k], item); /* steals the new reference */
            k++;
        }
        Py_DECREF(it);
        if (PyErr_Occurred())
            return NULL;
        special_names[k][0] = 0;
    }
    Py_buffer tv, ev;
    if (read_table(term, "term", &tv) < 0)
        return NULL;
    if (read_table(email, "email", &ev) < 0) {
        PyBuffer_Release(&tv);
        return NULL;
    }
    uint8_t *all = PyMem_Malloc(0x110000);
    if (!all) {
        PyBuffer_Release(&tv);
        PyBuffer_Release(&ev);
        return PyErr_NoMemory();
    }
    const uint8_t *tp = tv.buf, *ep = ev.buf;
    for (Py_ssize_t c = 0; c < 0x110000; c++) {
        uint8_t v = tp[c];
        if (v > T_CLOSE) {
            PyMem_Free(all);
            PyBuffer_Release(&tv);
            PyBuffer_Release(&ev);
            PyErr_SetString(PyExc_ValueError, "term values must be 0..4");
            return NULL;
        }
        all[c] = v | (ep[c] ? F_EMAIL : 0);
    }
    PyBuffer_Release(&tv);
    PyBuffer_Release(&ev);
    if (mark_ranges(host_ranges, all, F_HOST) < 0 || mark_ranges(ign_ranges, all, F_IGNORABLE) < 0) {
        PyMem_Free(all);
        return NULL;
    }
    all['.'] |= F_SEP;
    all[0x3002] |= F_SEP;
    all[0xFF0E] |= F_SEP;
    all[0xFF61] |= F_SEP;
    for (const char *s = "/?#:=&,"; *s; s++)
        all[(unsigned char)*s] |= F_SYNTAX;
    /* pack: the BMP as is, astral code points as runs of equal flags */
    memcpy(bmp, all, sizeof bmp);
    Py_ssize_t runs = 0;
    for (Py_ssize_t c = 0x10000; c < 0x110000; c++)
        if (c == 0x10000 || all[c] != all[c - 1])
            runs++;
    Run *ar = PyMem_Malloc(sizeof(Run) * (size_t)runs);
    if (!ar) {
        PyMem_Free(all);
        return PyErr_NoMemory();
    }
    Py_ssize_t r = -1;
    for (Py_ssize_t c = 0x10000; c < 0x110000; c++) {
        if (c == 0x10000 || all[c] != all[c - 1]) {
            r++;
            ar[r].lo = (uint32_t)c;
            ar[r].flags = all[c];
        }
        ar[r].hi = (uint32_t)c;
    }
    PyMem_Free(all);
    /* Link_Bracket */
    Py_ssize_t nb = PyDict_GET_SIZE(br), k = 0, ppos = 0;
    Bracket *bs = PyMem_Malloc(sizeof(Bracket) * (size_t)(nb ? nb : 1));
    if (!bs) {
        PyMem_Free(ar);
        return PyErr_NoMemory();
    }
    PyObject *key, *val;
    while (PyDict_Next(br, &ppos, &key, &val)) {
        long a = PyLong_AsLong(key), b = PyLong_AsLong(val);
        if ((a == -1 || b == -1) && PyErr_Occurred()) {
            PyMem_Free(bs);
            PyMem_Free(ar);
            return NULL;
        }
        bs[k].close = (uint32_t)a;
        bs[k].open = (uint32_t)b;
        k++;
    }
    /* insertion sort by close (a few dozen entries) */
    for (Py_ssize_t i = 1; i < nb; i++) {
        Bracket x = bs[i];
        Py_ssize_t j = i - 1;
        while (j >= 0 && bs[j].close > x.close) {
            bs[j + 1] = bs[j];
            j--;
        }
        bs[j + 1] = x;
    }
    if (setup_link_type(lt) < 0) {
        PyMem_Free(bs);
        PyMem_Free(ar);
        return NULL;
    }
    PyMem_Free(astral);
    astral = ar;
    n_astral = runs;
    PyMem_Free(brackets);
    brackets = bs;
    n_brackets = nb;
    Py_XSETREF(cb_tld_key, Py_NewRef(tk));
    Py_XSETREF(cb_ascii_host, Py_NewRef(ah));
    Py_XSETREF(cb_ipv4_ok, Py_NewRef(v4));
    Py_XSETREF(cb_ipv6_ok, Py_NewRef(v6));
    Py_XSETREF(special_schemes, Py_NewRef(sp));
    Py_XSETREF(cb_default_tlds, Py_NewRef(dt));
    Py_XSETREF(cb_dotless_ascii, Py_NewRef(da));
    configured = 1;
    Py_RETURN_NONE;
}

static PyObject *
set_hook(PyObject *self, PyObject *hook)
{
    if (!PyCallable_Check(hook)) {
        PyErr_SetString(PyExc_TypeError, "the hook must be callable");
        return NULL;
    }
    Py_XSETREF(configure_hook, Py_NewRef(hook));
    Py_RETURN_NONE;
}

static PyObject *
fast_links(PyObject *self, PyObject *unused)
{
    return PyBool_FromLong(fast_link);
}

static PyMethodDef methods[] = {
    {"configure", (PyCFunction)(void (*)(void))configure, METH_VARARGS | METH_KEYWORDS,
     "configure(term, email, host_ranges, ignorable_ranges, brackets, link_type, tld_key, "
     "ascii_host, ipv4_ok, ipv6_ok, special_schemes, href_safe, mailto_safe): the run-time "
     "tables and callbacks."},
    {"scan", (PyCFunction)(void (*)(void))scan, METH_FASTCALL,
     "scan(text, tlds=None, emails=True, schemeless=True, schemes=SPECIAL_SCHEMES, "
     "dotless_hosts=()) -> list[Link]: detection._scan without a trace."},
    {"terminate", (PyCFunction)(void (*)(void))py_terminate, METH_FASTCALL,
     "terminate(text, start) -> int: §3.5.1 (termination._terminate)."},
    {"email_start", (PyCFunction)(void (*)(void))py_email_start, METH_FASTCALL,
     "email_start(text, at) -> int | None: §5.2 (email._email_start)."},
    {"set_hook", set_hook, METH_O,
     "set_hook(fn): fn() is called by the first scan and must call configure()."},
    {"fast_links", fast_links, METH_NOARGS, "Whether Links are built without calling the class."},
    {NULL, NULL, 0, NULL},
};

/* The compiled core keeps process-wide state (the tables, the callbacks and the Link
 * class handed over by configure()). Issue 22 item 4: a second interpreter in the
 * process (mod_wsgi, _interpreters) must never use the objects of another one, nor
 * leave its own behind when it is destroyed. So the module is multi-phase (PEP 489),
 * executed once per interpreter, and only the first interpreter that imports it gets
 * it: in any other one the import fails with ImportError and _accel.py uses the
 * pure-Python path there. */
static int64_t owner_interp = -1;

static int
speedups_exec(PyObject *mod)
{
    int64_t id = PyInterpreterState_GetID(PyInterpreterState_Get());
    if (id < 0)
        return -1;
    if (owner_interp >= 0 && owner_interp != id) {
        PyErr_Format(PyExc_ImportError,
                     "uts58_icu.core._speedups runs in one interpreter per process (interpreter "
                     "%lld imported it first); interpreter %lld uses the pure-Python path",
                     (long long)owner_interp, (long long)id);
        return -1;
    }
    if (owner_interp < 0) {
        s_url = PyUnicode_InternFromString("url");
        s_email = PyUnicode_InternFromString("email");
        s_https = PyUnicode_InternFromString("https");
        s_http = PyUnicode_InternFromString("http");
        s_mailto = PyUnicode_InternFromString("mailto:");
        s_start = PyUnicode_InternFromString("start");
        s_end = PyUnicode_InternFromString("end");
        empty_tuple = PyTuple_New(0);
        if (!s_url || !s_email || !s_https || !s_http || !s_mailto || !s_start || !s_end ||
            !empty_tuple)
            return -1;
        owner_interp = id;
    }
    /* _accel.py checks it: a stale build from older sources is not used */
    return PyModule_AddIntConstant(mod, "ABI_VERSION", ABI_VERSION);
}

static PyModuleDef_Slot slots[] = {
    {Py_mod_exec, (void *)speedups_exec},
#ifdef Py_mod_multiple_interpreters
    /* not Py_MOD_PER_INTERPRETER_GIL_SUPPORTED: an interpreter with its own GIL is
     * refused by the import system itself */
    {Py_mod_multiple_interpreters, Py_MOD_MULTIPLE_INTERPRETERS_SUPPORTED},
#endif
    {0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_speedups",
    "The compiled scanning core of uts58_icu (see detection.py for the reference).", 0,
    methods, slots,
};

PyMODINIT_FUNC
PyInit__speedups(void)
{
    return PyModuleDef_Init(&module);
}
