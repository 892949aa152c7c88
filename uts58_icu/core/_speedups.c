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
 * (_tld_key, _ascii_host: ICU's UTS #46), IP-host URLs through _next_ip_link.
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
#define F_DOMAIN (F_HOST | F_SEP)

enum { T_INCLUDE = 0, T_HARD = 1, T_SOFT = 2, T_OPEN = 3, T_CLOSE = 4 };

#define BRACKET_STACK_LIMIT 125

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
static PyObject *cb_next_ip = NULL;      /* _next_ip_link(text, pos, None) -> Link | None */
static PyTypeObject *link_type = NULL;
static Py_ssize_t off_fields[7];         /* slot offsets of Link's fields, in field order */
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

/* ------------------------------------------------------------ scheme */

/* A character of [A-Za-z0-9+.\-] under regex's (?i): ASCII plus the four
 * characters whose simple case folding is ASCII (U+0130, U+0131, U+017F, U+212A). */
static inline int
is_scheme_char_ci(Py_UCS4 c)
{
    return (c < 128 && (Py_ISALNUM(c) || c == '+' || c == '.' || c == '-')) ||
           c == 0x130 || c == 0x131 || c == 0x17F || c == 0x212A;
}

/* Character c matches ASCII letter l under (?i) (l is lower case). */
static inline int
ci_eq(Py_UCS4 c, char l)
{
    if (c == (Py_UCS4)l || c == (Py_UCS4)(l - 32))
        return 1;
    return l == 's' && c == 0x17F;
}

/* patterns().scheme_before.match(text, 0, end): (?ri)(?<![A-Za-z0-9+.\-])(https?)://
 * ending at `end`. Returns the start of the scheme or -1; *slen = its length. */
static Py_ssize_t
scheme_before(const Text *t, Py_ssize_t end, Py_ssize_t *slen)
{
    if (end < 7 || end > t->n || !starts(t, end - 3, "://", 3))
        return -1;
    /* reverse matching tries "https" first, then "http" */
    for (int withs = 1; withs >= 0; withs--) {
        Py_ssize_t s = end - 3 - 4 - withs;
        if (s < 0)
            continue;
        if (!(ci_eq(RD(t, s), 'h') && ci_eq(RD(t, s + 1), 't') && ci_eq(RD(t, s + 2), 't') &&
              ci_eq(RD(t, s + 3), 'p')))
            continue;
        if (withs && !ci_eq(RD(t, s + 4), 's'))
            continue;
        if (s > 0 && is_scheme_char_ci(RD(t, s - 1)))
            continue;
        *slen = 4 + withs;
        return s;
    }
    return -1;
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
    /* steals text and href */
    PyObject *vals[7];
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
    Py_INCREF(empty_tuple);
    vals[5] = empty_tuple;
    Py_INCREF(Py_False);
    vals[6] = Py_False;
    PyObject *obj;
    if (fast_link) {
        obj = link_type->tp_alloc(link_type, 0);
        if (obj) {
            for (int k = 0; k < 7; k++)
                *(PyObject **)((char *)obj + off_fields[k]) = vals[k];
            return obj;
        }
    }
    else
        obj = PyObject_Vectorcall((PyObject *)link_type, vals, 7, NULL);
    for (int k = 0; k < 7; k++)
        Py_DECREF(vals[k]);
    return obj;
}

/* ------------------------------------------------------------- scan */

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

/* One of the Link's integer fields (start or end) of a Python-made Link. */
static int
link_pos(PyObject *link, PyObject *name, Py_ssize_t *out)
{
    PyObject *v = PyObject_GetAttr(link, name);
    if (!v)
        return -1;
    *out = PyLong_AsSsize_t(v);
    Py_DECREF(v);
    return (*out == -1 && PyErr_Occurred()) ? -1 : 0;
}

/* _next_ip_link(text, pos, None), with a prefilter: the Python function only
 * returns links whose "://" is followed by a digit or "[", so the "://"s before
 * the first such one are skipped here (exactly as it would skip them). */
static PyObject *
next_ip(const Text *t, Py_ssize_t pos)
{
    Py_ssize_t n = t->n;
    for (Py_ssize_t s = pos; s + 3 < n; s++) {
        if (RD(t, s) != ':' || RD(t, s + 1) != '/' || RD(t, s + 2) != '/')
            continue;
        Py_UCS4 c = RD(t, s + 3);
        if (!((c >= '0' && c <= '9') || c == '['))
            continue;
        PyObject *p = PyLong_FromSsize_t(s);
        if (!p)
            return NULL;
        PyObject *args[3] = {t->obj, p, Py_None};
        PyObject *r = PyObject_Vectorcall(cb_next_ip, args, 3, NULL);
        Py_DECREF(p);
        return r;
    }
    Py_RETURN_NONE;
}

static int
contains_2(const Text *t, Py_UCS4 a, Py_UCS4 b)
{
    for (Py_ssize_t i = 0; i + 1 < t->n; i++)
        if (RD(t, i) == a && RD(t, i + 1) == b)
            return 1;
    return 0;
}

/* The trigger: a label separator followed by a host label character; -1 if none. */
static Py_ssize_t
find_trigger(const Text *t, Py_ssize_t pos)
{
    Py_ssize_t n = t->n;
    if (t->kind == PyUnicode_1BYTE_KIND) {
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
    for (Py_ssize_t i = pos; i + 1 < n; i++)
        if (is_sep(RD(t, i)) && (flags_of(RD(t, i + 1)) & F_HOST))
            return i;
    return -1;
}

static inline int
is_domain(const Text *t, Py_ssize_t i)
{
    return (flags_of(RD(t, i)) & F_DOMAIN) != 0;
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

static PyObject *
scan(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2 || !PyUnicode_Check(args[0])) {
        PyErr_SetString(PyExc_TypeError, "scan(text: str, tlds)");
        return NULL;
    }
    if (!configured) {
        PyErr_SetString(PyExc_RuntimeError, "_speedups.configure() was not called");
        return NULL;
    }
    PyObject *tlds = args[1];
    Text T, *t = &T;
    T.obj = args[0];
    T.kind = PyUnicode_KIND(T.obj);
    T.data = PyUnicode_DATA(T.obj);
    T.n = PyUnicode_GET_LENGTH(T.obj);
    Py_ssize_t n = T.n;

    PyObject *out = PyList_New(0);
    if (!out)
        return NULL;
    PyObject *next_ip_link = NULL; /* owned, or NULL */
    Py_ssize_t ip_start = 0, ip_end = 0;
    Py_ssize_t pos = 0, last_end = 0, ip_at = 0;
    int ip_search = contains_2(t, '/', '/');

    while (pos < n) {
        Py_ssize_t m = find_trigger(t, pos);
        Py_ssize_t run_start = n;
        if (m >= 0) {
            run_start = m;
            while (run_start > pos && is_domain(t, run_start - 1))
                run_start--;
        }
        /* URLs with an IP host (only with an explicit scheme) come in order too. */
        while (ip_search && ip_at <= run_start) {
            if (next_ip_link == NULL || ip_start < pos) {
                Py_CLEAR(next_ip_link);
                PyObject *r = next_ip(t, pos > ip_at ? pos : ip_at);
                if (!r)
                    goto error;
                if (r == Py_None) {
                    Py_DECREF(r);
                    ip_search = 0;
                    break;
                }
                next_ip_link = r;
                if (link_pos(r, s_start, &ip_start) < 0 || link_pos(r, s_end, &ip_end) < 0)
                    goto error;
            }
            if (ip_start > run_start)
                break;
            int rc = PyList_Append(out, next_ip_link);
            Py_CLEAR(next_ip_link);
            if (rc < 0)
                goto error;
            pos = ip_at = last_end = ip_end;
        }
        if (m < 0)
            break;
        if (run_start == pos && pos > 0 && is_domain(t, pos - 1)) {
            /* a run that began inside the previous link or run */
            Py_ssize_t j = m;
            while (j < n && is_domain(t, j))
                j++;
            pos = j;
            continue;
        }
        Py_ssize_t run_end = m;
        while (run_end < n && is_domain(t, run_end))
            run_end++;
        pos = run_end;
        Py_ssize_t host_end = run_end;
        while (host_end > run_start && is_sep(RD(t, host_end - 1)))
            host_end--;
        if (host_end == run_start)
            continue;
        /* _labels: an empty label, and the start of the last label */
        if (is_sep(RD(t, run_start)))
            continue;
        Py_ssize_t last_label = run_start;
        int empty = 0;
        for (Py_ssize_t i = run_start; i < host_end; i++) {
            if (is_sep(RD(t, i))) {
                if (i == last_label) {
                    empty = 1;
                    break;
                }
                last_label = i + 1;
            }
        }
        if (empty)
            continue;
        int ok = tld_ok(t, last_label, host_end, tlds);
        if (ok < 0)
            goto error;
        if (!ok)
            continue;
        PyObject *host = PyUnicode_Substring(t->obj, run_start, host_end);
        if (!host)
            goto error;
        PyObject *ascii_host = PyObject_CallOneArg(cb_ascii_host, host);
        Py_DECREF(host);
        if (!ascii_host)
            goto error;
        if (ascii_host == Py_None || !PyUnicode_Check(ascii_host)) {
            Py_DECREF(ascii_host);
            continue;
        }

        if (run_start > 0 && RD(t, run_start - 1) == '@') {
            /* §5: the domain of an email address. If the local-part fails, nothing is linked. */
            Py_ssize_t start = email_start(t, run_start - 1);
            Py_ssize_t sl;
            if (start < 0 || (starts(t, start, "//", 2) && scheme_before(t, start + 2, &sl) >= 0) ||
                start < last_end) {
                Py_DECREF(ascii_host);
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

        Py_ssize_t link_start = run_start, slen = 0;
        Py_ssize_t sstart = scheme_before(t, run_start, &slen);
        if (sstart >= 0)
            link_start = sstart;
        else if (starts(t, run_start - 2, "//", 2)) {
            Py_DECREF(ascii_host);
            continue; /* after '//' of a scheme that is not http or https */
        }

        /* A trailing FQDN dot is kept only when a path, query or fragment follows. */
        Py_ssize_t after = host_end;
        if (run_end - host_end == 1 && run_end < n &&
            (RD(t, run_end) == '/' || RD(t, run_end) == '?' || RD(t, run_end) == '#'))
            after = run_end;
        else if (run_end == host_end && run_end < n && RD(t, run_end) == ':') {
            /* port: ":([0-9]{1,5})(?![0-9])" and at most 65535 */
            Py_ssize_t j = host_end + 1;
            long v = 0;
            while (j < n && j - host_end <= 5 && RD(t, j) >= '0' && RD(t, j) <= '9') {
                v = v * 10 + (long)(RD(t, j) - '0');
                j++;
            }
            if (j > host_end + 1 && !(j < n && RD(t, j) >= '0' && RD(t, j) <= '9') && v <= 65535)
                after = j;
        }
        Py_ssize_t end;
        Py_UCS4 ca = after < n ? RD(t, after) : 0;
        if (after == n || !(ca == '/' || ca == '?' || ca == '#'))
            end = after; /* §3.5.1 step 5.2.1 at once */
        else
            end = terminate(t, after);

        PyObject *scheme;
        if (sstart >= 0) {
            if (RD(t, sstart + slen - 1) < 128) { /* ASCII: "http" or "https" */
                scheme = slen == 5 ? s_https : s_http;
                Py_INCREF(scheme);
            }
            else { /* "httpſ" (U+017F matches "s" under (?i)): str.lower() as the reference */
                PyObject *raw = PyUnicode_Substring(t->obj, sstart, sstart + slen);
                if (!raw) {
                    Py_DECREF(ascii_host);
                    goto error;
                }
                scheme = PyObject_CallMethod(raw, "lower", NULL);
                Py_DECREF(raw);
                if (!scheme) {
                    Py_DECREF(ascii_host);
                    goto error;
                }
            }
        }
        else {
            scheme = s_https;
            Py_INCREF(scheme);
        }
        PyObject *href = build_href(scheme, "://", ascii_host, t, host_end, end, href_safe, 0);
        Py_DECREF(scheme);
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
    Py_XDECREF(next_ip_link);
    return out;
error:
    Py_XDECREF(next_ip_link);
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
    if (!configured) {
        PyErr_SetString(PyExc_RuntimeError, "_speedups.configure() was not called");
        return NULL;
    }
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
    if (!configured) {
        PyErr_SetString(PyExc_RuntimeError, "_speedups.configure() was not called");
        return NULL;
    }
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
    static const char *names[7] = {"start", "end", "kind", "text", "href", "spoof",
                                   "escape_invisibles"};
    if (!PyType_Check(type)) {
        PyErr_SetString(PyExc_TypeError, "link_type must be a class");
        return -1;
    }
    Py_XSETREF(link_type, (PyTypeObject *)Py_NewRef(type));
    fast_link = 0;
    /* The fields must be exactly these seven, in this order (dataclass fields). */
    PyObject *fields = PyObject_GetAttrString(type, "__dataclass_fields__");
    if (!fields) {
        PyErr_Clear();
        return 0;
    }
    int same = PyDict_Check(fields) && PyDict_GET_SIZE(fields) == 7;
    if (same) {
        Py_ssize_t ppos = 0, k = 0;
        PyObject *key, *val;
        while (PyDict_Next(fields, &ppos, &key, &val)) {
            if (!PyUnicode_Check(key) || PyUnicode_CompareWithASCIIString(key, names[k++]) != 0) {
                same = 0;
                break;
            }
        }
    }
    Py_DECREF(fields);
    if (!same || link_type->tp_dictoffset != 0 || link_type->tp_alloc == NULL)
        return 0;
    for (int k = 0; k < 7; k++) {
        PyObject *d = PyDict_GetItemString(link_type->tp_dict, names[k]);
        if (!d || !Py_IS_TYPE(d, &PyMemberDescr_Type))
            return 0;
        PyMemberDef *def = ((PyMemberDescrObject *)d)->d_member;
        if (def->type != T_OBJECT_EX || (def->flags & READONLY))
            return 0;
        off_fields[k] = def->offset;
    }
    fast_link = 1;
    return 0;
}

static PyObject *
configure(PyObject *self, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"term", "email", "host_ranges", "brackets", "link_type",
                             "tld_key", "ascii_host", "next_ip_link", NULL};
    PyObject *term, *email, *host_ranges, *br, *lt, *tk, *ah, *ni;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OOOOOOOO:configure", kwlist, &term, &email,
                                     &host_ranges, &br, &lt, &tk, &ah, &ni))
        return NULL;
    if (!PyDict_Check(br)) {
        PyErr_SetString(PyExc_TypeError, "brackets must be a dict");
        return NULL;
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
    if (mark_ranges(host_ranges, all, F_HOST) < 0) {
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
    Py_XSETREF(cb_next_ip, Py_NewRef(ni));
    configured = 1;
    Py_RETURN_NONE;
}

static PyObject *
fast_links(PyObject *self, PyObject *unused)
{
    return PyBool_FromLong(fast_link);
}

static PyMethodDef methods[] = {
    {"configure", (PyCFunction)(void (*)(void))configure, METH_VARARGS | METH_KEYWORDS,
     "configure(term, email, host_ranges, brackets, link_type, tld_key, ascii_host, "
     "next_ip_link): the run-time tables and callbacks."},
    {"scan", (PyCFunction)(void (*)(void))scan, METH_FASTCALL,
     "scan(text, tlds) -> list[Link]: detection._scan without a trace."},
    {"terminate", (PyCFunction)(void (*)(void))py_terminate, METH_FASTCALL,
     "terminate(text, start) -> int: §3.5.1 (termination._terminate)."},
    {"email_start", (PyCFunction)(void (*)(void))py_email_start, METH_FASTCALL,
     "email_start(text, at) -> int | None: §5.2 (email._email_start)."},
    {"fast_links", fast_links, METH_NOARGS, "Whether Links are built without calling the class."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_speedups",
    "The compiled scanning core of uts58_icu (see detection.py for the reference).", -1,
    methods,
};

PyMODINIT_FUNC
PyInit__speedups(void)
{
    init_safe(href_safe, "!#$%&'()*+,-./:;=?@[]_~");
    init_safe(mailto_safe, "!$&'*+-./=^_`{|}~");
    s_url = PyUnicode_InternFromString("url");
    s_email = PyUnicode_InternFromString("email");
    s_https = PyUnicode_InternFromString("https");
    s_http = PyUnicode_InternFromString("http");
    s_mailto = PyUnicode_InternFromString("mailto:");
    s_start = PyUnicode_InternFromString("start");
    s_end = PyUnicode_InternFromString("end");
    empty_tuple = PyTuple_New(0);
    if (!s_url || !s_email || !s_https || !s_http || !s_mailto || !s_start || !s_end || !empty_tuple)
        return NULL;
    return PyModule_Create(&module);
}
