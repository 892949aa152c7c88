/*
 * detection.c -- the scan: a line-by-line transliteration of detection.py's _scan
 * (trace=None) and its helpers (_labels, _written_scheme, _EmailAhead, _AuthorityGuard,
 * _bad_local, _domain_end, _listed_after_host, _rejected_authority_end). The hosts go
 * through the cached Python callbacks (_tld_key, _ascii_host: ICU's UTS #46), IP
 * addresses through _ipv4_ok/_ipv6_ok.
 */
#include "_speedups.h"
#if defined(__SSE2__) && defined(__GNUC__)
#include <emmintrin.h>
#endif

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
    if (t->kind == PyUnicode_1BYTE_KIND) { /* typed: no kind switch per character */
        const Py_UCS1 *d = (const Py_UCS1 *)t->data;
        while (i < t->n && (bmp[d[i]] & F_DOMAIN))
            i++;
        return i;
    }
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
    if (t->kind == PyUnicode_1BYTE_KIND) { /* typed: '.' is the only separator below U+0100 */
        const Py_UCS1 *d = (const Py_UCS1 *)t->data;
        for (Py_ssize_t i = start; i < end; i++) {
            if (d[i] == '.') {
                if (i == prev + 1) {
                    *last_label = i;
                    return i;
                }
                prev = i;
            }
        }
        *last_label = prev + 1;
        return -1;
    }
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

/* ------------------------------------------------------------- hosts */

/* detection._ascii_host for the hosts where UTS #46 (as _checked_host runs it: ICU's
 * UseSTD3ASCIIRules, CheckBidi, CheckJoiners, nontransitional; the CheckHyphens error
 * of "--" in positions 3-4 ignored) can only lower-case: ASCII letters, digits and
 * hyphens in labels of 1 to 63 separated by '.', none starting or ending with '-', no
 * A-label ("xn--", which ICU decodes and checks), at most MAX_HOST_LENGTH in all. Such
 * a host has no mapped, disallowed, joiner or right-to-left character, so ICU's answer
 * is its lower-case form (tests/test_accel_hosts.py compares them). Whether text[a:b]
 * is such a host. */
int
ascii_host_is_fast(const Text *t, Py_ssize_t a, Py_ssize_t b)
{
    Py_ssize_t n = b - a;
    if (n <= 0 || n > MAX_HOST_LENGTH)
        return 0;
    Py_ssize_t label = a; /* start of the current label */
    for (Py_ssize_t i = a; i <= b; i++) {
        Py_UCS4 c = i < b ? RD(t, i) : '.';
        if (c == '.') {
            Py_ssize_t len = i - label;
            if (len < 1 || len > 63 || RD(t, label) == '-' || RD(t, i - 1) == '-')
                return 0;
            if (len >= 4 && RD(t, label + 2) == '-' && RD(t, label + 3) == '-' &&
                (RD(t, label) | 0x20) == 'x' && (RD(t, label + 1) | 0x20) == 'n')
                return 0;
            label = i + 1;
        }
        else if (!(c < 128 && (Py_ISALNUM(c) || c == '-')))
            return 0;
    }
    return 1;
}

/* The answer of ascii_host_is_fast's hosts: text[a:b] in lower case (a new str), or
 * NULL without an error for every other host (undecided: the Python function). */
PyObject *
ascii_host_fast(const Text *t, Py_ssize_t a, Py_ssize_t b)
{
    if (!ascii_host_is_fast(t, a, b))
        return NULL;
    PyObject *out = PyUnicode_New(b - a, 127);
    if (!out)
        return NULL;
    Py_UCS1 *o = PyUnicode_1BYTE_DATA(out);
    for (Py_ssize_t i = a; i < b; i++)
        *o++ = (Py_UCS1)Py_TOLOWER(RD(t, i));
    return out;
}

/* A frozenset of str read from C for ASCII labels (issue 19: no str is made and hashed
 * for each lookup). The sets the gate and the scan look labels up in are few and long
 * lived (rules.py's tables, a policy's file_extension_tlds, the default TLDs): the
 * tables of the last CSET_SLOTS sets are kept, each holding a reference to its set, so
 * that the set (immutable) and its members live as long as the table. A set holding
 * anything but exact str is not read this way (its members' __eq__ could match). */
#define CSET_SLOTS 16
#define CSET_MAX 65536

typedef struct {
    uint64_t hash;
    const Py_UCS1 *s; /* NULL: an empty entry */
    Py_ssize_t len;
} CSetEntry;

struct CSet {
    PyObject *set;
    CSetEntry *tab;
    size_t mask;
    int any_nonascii; /* the set holds a non-ASCII str */
};

static CSet csets[CSET_SLOTS];
static int csets_next = 0;

static inline uint64_t
fnv_step(uint64_t h, Py_UCS4 c)
{
    return (h ^ (uint64_t)c) * 1099511628211ULL;
}
#define FNV_START 14695981039346656037ULL

/* The table of set, built on first use; NULL when the set is not read this way (no
 * error) or on an error (PyErr_Occurred()). */
/* The slot last found for a set, by its address (a hint: checked before use). */
#define CSET_HINTS 64
static CSet *cset_hint[CSET_HINTS];

static inline size_t
cset_hint_of(PyObject *set)
{
    return ((uintptr_t)set >> 4) & (CSET_HINTS - 1);
}

CSet *
cset_of(PyObject *set)
{
    CSet *hint = cset_hint[cset_hint_of(set)];
    if (hint && hint->set == set)
        return hint;
    if (!PyFrozenSet_CheckExact(set))
        return NULL;
    for (int k = 0; k < CSET_SLOTS; k++)
        if (csets[k].set == set) {
            cset_hint[cset_hint_of(set)] = &csets[k];
            return &csets[k];
        }
    Py_ssize_t size = PySet_GET_SIZE(set);
    if (size > CSET_MAX)
        return NULL;
    size_t cap = 8;
    while (cap < (size_t)size * 2)
        cap <<= 1;
    CSetEntry *tab = PyMem_Calloc(cap, sizeof(CSetEntry));
    if (!tab) {
        PyErr_NoMemory();
        return NULL;
    }
    PyObject *it = PyObject_GetIter(set), *key;
    if (!it) {
        PyMem_Free(tab);
        return NULL;
    }
    int ok = 1, any_nonascii = 0;
    while ((key = PyIter_Next(it)) != NULL) {
        if (!PyUnicode_CheckExact(key)) {
            ok = 0;
        }
        else if (!PyUnicode_IS_ASCII(key))
            any_nonascii = 1;
        else { /* a non-ASCII member never equals an ASCII label */
            const Py_UCS1 *d = PyUnicode_1BYTE_DATA(key);
            Py_ssize_t len = PyUnicode_GET_LENGTH(key);
            uint64_t h = FNV_START;
            for (Py_ssize_t i = 0; i < len; i++)
                h = fnv_step(h, d[i]);
            size_t j = (size_t)(h ^ (h >> 29)) & (cap - 1);
            while (tab[j].s)
                j = (j + 1) & (cap - 1);
            tab[j].hash = h;
            tab[j].s = d; /* borrowed: the set, kept alive below, holds the member */
            tab[j].len = len;
        }
        Py_DECREF(key);
        if (!ok)
            break;
    }
    Py_DECREF(it);
    if (!ok || PyErr_Occurred()) {
        PyMem_Free(tab);
        return NULL;
    }
    CSet *c = &csets[csets_next];
    csets_next = (csets_next + 1) % CSET_SLOTS;
    PyObject *old = c->set;
    PyMem_Free(c->tab);
    c->set = Py_NewRef(set);
    c->tab = tab;
    c->mask = cap - 1;
    c->any_nonascii = any_nonascii;
    cset_hint[cset_hint_of(set)] = c;
    Py_XDECREF(old); /* a frozenset of str: freeing it runs no Python code */
    return c;
}

/* Whether the set holds a non-ASCII str. */
int
cset_any_nonascii(const CSet *c)
{
    return c->any_nonascii;
}

/* Whether the ASCII label text[a:b] (lower-cased first when lower) is in the set. */
int
cset_has(const CSet *c, const Text *t, Py_ssize_t a, Py_ssize_t b, int lower)
{
    if (t->kind == PyUnicode_1BYTE_KIND && lower) { /* the common call: a label of 1-byte text */
        const Py_UCS1 *d = (const Py_UCS1 *)t->data + a;
        Py_ssize_t len = b - a;
        uint64_t h = FNV_START;
        for (Py_ssize_t i = 0; i < len; i++)
            h = fnv_step(h, (Py_UCS4)Py_TOLOWER(d[i]));
        for (size_t j = (size_t)(h ^ (h >> 29)) & c->mask; c->tab[j].s; j = (j + 1) & c->mask) {
            const CSetEntry *e = &c->tab[j];
            if (e->hash != h || e->len != len)
                continue;
            Py_ssize_t i = 0;
            while (i < len && (Py_UCS1)Py_TOLOWER(d[i]) == e->s[i])
                i++;
            if (i == len)
                return 1;
        }
        return 0;
    }
    uint64_t h = FNV_START;
    for (Py_ssize_t i = a; i < b; i++) {
        Py_UCS4 ch = RD(t, i);
        h = fnv_step(h, lower ? (Py_UCS4)Py_TOLOWER(ch) : ch);
    }
    Py_ssize_t len = b - a;
    for (size_t j = (size_t)(h ^ (h >> 29)) & c->mask; c->tab[j].s; j = (j + 1) & c->mask) {
        const CSetEntry *e = &c->tab[j];
        if (e->hash != h || e->len != len)
            continue;
        Py_ssize_t i = 0;
        while (i < len) {
            Py_UCS4 ch = RD(t, a + i);
            if ((lower ? (Py_UCS4)Py_TOLOWER(ch) : ch) != e->s[i])
                break;
            i++;
        }
        if (i == len)
            return 1;
    }
    return 0;
}

/* ascii_host_fast(host) -> str | None: the answer of the C path for an ASCII host, or
 * None where it leaves the host to detection._ascii_host (tests/test_accel_hosts.py). */
PyObject *
py_ascii_host_fast(PyObject *self, PyObject *host)
{
    if (!PyUnicode_Check(host)) {
        PyErr_SetString(PyExc_TypeError, "ascii_host_fast(host: str)");
        return NULL;
    }
    if (PyUnicode_READY(host) < 0)
        return NULL;
    Text T;
    text_of(&T, host);
    PyObject *r = ascii_host_fast(&T, 0, T.n);
    if (r || PyErr_Occurred())
        return r;
    Py_RETURN_NONE;
}

/* A bounded cache of a Python function of one str, keyed by text[a:b] (issue 19: the
 * call and the substring are made once per distinct host or label, not once per link).
 * Direct-mapped: MEMO_SLOTS entries whose keys are at most MEMO_MAX_KEY code points,
 * so it holds bounded memory whatever the texts (issue 22 item 3); a longer key is
 * never kept. The functions are pure (ICU's UTS #46), so a cached answer is the same. */
#define MEMO_SLOTS 1024
#define MEMO_MAX_KEY (MAX_HOST_LENGTH + 1) /* detection.MAX_CACHED_KEY */

struct MemoSlot {
    PyObject *key, *value;
    uint64_t hash;
};

struct Memo {
    PyObject *fn; /* the function whose answers the slots hold */
    struct MemoSlot slot[MEMO_SLOTS];
};

static Memo host_memo, tld_memo;
Memo confusable_memo;

/* fn(text[a:b]) through memo: a new reference, or NULL with an error set. */
PyObject *
memo_call(Memo *memo, PyObject *fn, const Text *t, Py_ssize_t a, Py_ssize_t b)
{
    Py_ssize_t n = b - a;
    if (memo->fn != fn) { /* another function: the answers kept are not its own */
        for (int k = 0; k < MEMO_SLOTS; k++) {
            Py_CLEAR(memo->slot[k].key);
            Py_CLEAR(memo->slot[k].value);
        }
        Py_XSETREF(memo->fn, Py_NewRef(fn));
    }
    uint64_t h = 14695981039346656037ULL; /* FNV-1a over the code points */
    struct MemoSlot *slot = NULL;
    if (n <= MEMO_MAX_KEY) {
        for (Py_ssize_t i = a; i < b; i++)
            h = (h ^ (uint64_t)RD(t, i)) * 1099511628211ULL;
        slot = &memo->slot[(h ^ (h >> 29)) & (MEMO_SLOTS - 1)];
        PyObject *k = slot->key;
        if (k && slot->hash == h && PyUnicode_GET_LENGTH(k) == n) {
            int kk = PyUnicode_KIND(k);
            const void *kd = PyUnicode_DATA(k);
            Py_ssize_t i = 0;
            while (i < n && PyUnicode_READ(kk, kd, i) == RD(t, a + i))
                i++;
            if (i == n)
                return Py_NewRef(slot->value);
        }
    }
    PyObject *key = PyUnicode_Substring(t->obj, a, b);
    if (!key)
        return NULL;
    PyObject *value = PyObject_CallOneArg(fn, key);
    if (!value || !slot) {
        Py_DECREF(key);
        return value;
    }
    /* the call may have run other threads' scans: the slot is read again here */
    PyObject *old_key = slot->key, *old_value = slot->value;
    slot->key = key;
    slot->value = Py_NewRef(value);
    slot->hash = h;
    Py_XDECREF(old_key);
    Py_XDECREF(old_value);
    return value;
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
    if (alpha && b > a && tlds == default_tlds_obj) {
        CSet *c = cset_of(tlds);
        if (c)
            return cset_has(c, t, a, b, 1);
        if (PyErr_Occurred())
            return -1;
    }
    if (alpha && b > a) {
        key = PyUnicode_New(b - a, 127);
        if (!key)
            return -1;
        Py_UCS1 *o = PyUnicode_1BYTE_DATA(key);
        for (Py_ssize_t i = a; i < b; i++)
            *o++ = (Py_UCS1)Py_TOLOWER(RD(t, i));
    }
    else if (!(key = memo_call(&tld_memo, cb_tld_key, t, a, b)))
        return -1;
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

/* _ascii_host(text[a:b]): a new reference to a str, Py_None, or NULL (error). An ASCII
 * host whose UTS #46 processing is only lower-casing is done here (ascii_host_fast);
 * every other host goes to the Python function (ICU) through host_memo. */
static PyObject *
ascii_host_of(const Text *t, Py_ssize_t a, Py_ssize_t b)
{
    PyObject *r = ascii_host_fast(t, a, b);
    if (r || PyErr_Occurred())
        return r;
    r = memo_call(&host_memo, cb_ascii_host, t, a, b);
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
    if (ascii_host_is_fast(t, start, end))
        return 1; /* its answer is its lower-case form: a host */
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
    static const uint8_t stop[128] = {['/'] = 1, ['?'] = 1, ['#'] = 1, ['\\'] = 1, ['<'] = 1, ['>'] = 1,
                                      ['"'] = 1, ['\''] = 1, ['`'] = 1, ['{'] = 1, ['}'] = 1, ['|'] = 1, ['^'] = 1};
    if (c < 128 && stop[c])
        return 0;
    return !Py_UNICODE_ISSPACE(c);
}

/* detection._rejected_authority_end: the end of the authority of a "scheme://" URL
 * that was not linked when start lies inside it, else -1 (issue 22 item 8). */
static Py_ssize_t
rejected_authority_end(const Text *t, Py_ssize_t start, Py_ssize_t floor)
{
    Py_ssize_t first = start;
    if (t->kind == PyUnicode_1BYTE_KIND) { /* typed: no kind switch per character */
        const Py_UCS1 *d = (const Py_UCS1 *)t->data;
        while (first > floor && is_authority_char(d[first - 1]))
            first--;
    }
    else
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

/* The first i in [i, lim) of 2-byte text where d[i] is '.', ':' or a wide label separator
 * (U+3002, U+FF0E, U+FF61), or lim: eight code units at a time where SSE2 is there. */
static Py_ssize_t
next_sep_or_colon_ucs2(const Py_UCS2 *d, Py_ssize_t i, Py_ssize_t lim)
{
#if defined(__SSE2__) && defined(__GNUC__)
    const __m128i dot = _mm_set1_epi16('.'), colon = _mm_set1_epi16(':'), w1 = _mm_set1_epi16((short)0x3002),
                  w2 = _mm_set1_epi16((short)0xFF0E), w3 = _mm_set1_epi16((short)0xFF61);
    while (i + 8 <= lim) {
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(d + i));
        __m128i m = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi16(x, dot), _mm_cmpeq_epi16(x, colon)),
                                 _mm_or_si128(_mm_cmpeq_epi16(x, w1),
                                              _mm_or_si128(_mm_cmpeq_epi16(x, w2), _mm_cmpeq_epi16(x, w3))));
        int mask = _mm_movemask_epi8(m);
        if (mask)
            return i + (__builtin_ctz((unsigned)mask) >> 1);
        i += 8;
    }
#endif
    for (; i < lim; i++) {
        Py_UCS2 c = d[i];
        if (c == '.' || c == ':' || is_sep(c))
            return i;
    }
    return lim;
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
        if (t->kind == PyUnicode_2BYTE_KIND) {
            const Py_UCS2 *d = (const Py_UCS2 *)t->data;
            for (Py_ssize_t i = pos; i + 1 < n; i++) {
                i = next_sep_or_colon_ucs2(d, i, n - 1);
                if (i >= n - 1)
                    return -1;
                if (is_sep(d[i]) && (flags_of(d[i + 1]) & F_HOST))
                    return i;
            }
            return -1;
        }
        if (t->kind == PyUnicode_4BYTE_KIND)
            SEP_LOOP(Py_UCS4)
#undef SEP_LOOP
    }
    else if (t->kind == PyUnicode_2BYTE_KIND) {
        /* the loop below, typed: only '.', ':' and the wide separators need a look */
        const Py_UCS2 *d = (const Py_UCS2 *)t->data;
        for (Py_ssize_t i = pos; i + 1 < n; i++) {
            i = next_sep_or_colon_ucs2(d, i, n - 1);
            if (i >= n - 1)
                return -1;
            Py_UCS2 c = d[i];
            if (is_sep(c)) {
                if (flags_of(d[i + 1]) & F_HOST)
                    return i;
            }
            else if (c == ':' && i + 3 < n && d[i + 1] == '/' && d[i + 2] == '/') {
                Py_UCS4 e = d[i + 3];
                if (e == '[' || (flags_of(e) & F_HOST)) {
                    *slashes = 1;
                    return i;
                }
            }
        }
        return -1;
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

static int
append_steal(PyObject *list, PyObject *item)
{
    if (!item)
        return -1;
    int r = PyList_Append(list, item);
    Py_DECREF(item);
    return r;
}

/* One array of records kept from call to call (up to SPARE_RECS): a text with many
 * links does not fault its array in again on every call. Taken and given back with the
 * GIL held and no Python code run in between. */
#define SPARE_RECS (1 << 16)
#ifndef Py_GIL_DISABLED
static LinkRec *spare_recs = NULL;
static Py_ssize_t spare_recs_cap = 0;
#endif

int
recs_push(LinkRecs *r, Py_ssize_t start, Py_ssize_t end, int email, PyObject *href)
{
    if (r->n == r->cap) {
        Py_ssize_t cap = r->cap ? r->cap * 2 : 64;
        LinkRec *v;
#ifndef Py_GIL_DISABLED
        if (!r->v && spare_recs) { /* the spare array, taken */
            v = spare_recs;
            cap = spare_recs_cap;
            spare_recs = NULL;
            spare_recs_cap = 0;
        }
        else
#endif
            v = PyMem_Realloc(r->v, (size_t)cap * sizeof(LinkRec));
        if (!v) {
            Py_XDECREF(href);
            PyErr_NoMemory();
            return -1;
        }
        r->v = v;
        r->cap = cap;
    }
    LinkRec *x = &r->v[r->n++];
    x->start = start;
    x->end = end;
    x->href = href;
    x->email = email;
    x->verdict = 0;
    return 0;
}

void
recs_free(LinkRecs *r)
{
    for (Py_ssize_t k = 0; k < r->n; k++)
        Py_CLEAR(r->v[k].href);
#ifndef Py_GIL_DISABLED
    if (r->v && r->cap <= SPARE_RECS && r->cap > spare_recs_cap) {
        PyMem_Free(spare_recs);
        spare_recs = r->v;
        spare_recs_cap = r->cap;
        r->v = NULL;
    }
#endif
    PyMem_Free(r->v);
    r->v = NULL;
    r->n = r->cap = 0;
}

PyObject *
rec_href(PyObject *text, const LinkRec *r)
{
    if (r->href)
        return Py_NewRef(r->href);
    Text T;
    text_of(&T, text);
    return build_href(s_https, "://", HOST_IN_TEXT, r->start, r->end, &T, r->end, r->end, href_safe, 0);
}

PyObject *
rec_link(PyObject *text, const LinkRec *r)
{
    PyObject *href = rec_href(text, r);
    PyObject *lt = href ? PyUnicode_Substring(text, r->start, r->end) : NULL;
    if (!lt) {
        Py_XDECREF(href);
        return NULL;
    }
    return make_link(r->start, r->end, r->email ? s_email : s_url, lt, href);
}

/* PyUnicode_Substring(t->obj, a, b) for a < b, without its checks (a Link's text). */
static inline PyObject *
text_slice(const Text *t, Py_ssize_t a, Py_ssize_t b)
{
    Py_ssize_t len = b - a;
    if (len >= t->n)
        return PyUnicode_Substring(t->obj, a, b);
    if (PyUnicode_IS_ASCII(t->obj)) {
        PyObject *r = PyUnicode_New(len, 127);
        if (r)
            memcpy(PyUnicode_1BYTE_DATA(r), (const Py_UCS1 *)t->data + a, (size_t)len);
        return r;
    }
    return PyUnicode_FromKindAndData(t->kind, (const char *)t->data + a * t->kind, len);
}

/* A found link: a Link appended to out, or (recs) its record. Steals href. */
static inline int
put_link(PyObject *out, LinkRecs *recs, const Text *t, Py_ssize_t start, Py_ssize_t end, PyObject *kind,
         PyObject *href)
{
    if (recs)
        return recs_push(recs, start, end, kind == s_email, href);
    PyObject *lt = text_slice(t, start, end);
    if (!lt) {
        Py_DECREF(href);
        return -1;
    }
    return append_steal(out, make_link(start, end, kind, lt, href));
}

/* scan(text, tlds, emails, schemeless, schemes, dotless_hosts) -> list[Link]:
 * detection._scan with trace=None and those ScanOptions. */
PyObject *
scan(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    return scan_recs(args, nargs, NULL);
}

/* scan(), its links as records appended to recs (no Link made; Py_None returned), or
 * as a list of Links (recs NULL). */
PyObject *
scan_recs(PyObject *const *args, Py_ssize_t nargs, LinkRecs *recs)
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
    PyObject *out = recs ? Py_NewRef(Py_None) : PyList_New(0);
    if (!out) {
        Py_DECREF(tlds);
        return NULL;
    }
    Py_ssize_t pos = 0, last_end = 0;
    /* A host without a label separator (bracketed IPv6) is found from the "://" before it. */
    int authority = dotless != NULL || contains_authority_bracket(t);
    Ahead ah = {-1, -1, -1, -1};
    Guard guard = {0, -1, 1};
    /* The last host (text[last_host_at:][:last_host_len]), whether its last label is
     * in tlds and whether ascii_host_is_fast holds (-1: not asked yet): in 1-byte text,
     * with the default TLDs (a frozenset, held for this scan), both are functions of
     * the host's characters. */
    int memo_hosts = t->kind == PyUnicode_1BYTE_KIND && tlds == default_tlds_obj;
    Py_ssize_t last_host_at = 0, last_host_len = -1;
    int last_host_tld = 0, last_host_fast = -1;

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
            if (t->kind == PyUnicode_1BYTE_KIND) { /* typed: no kind switch per character */
                const Py_UCS1 *d = (const Py_UCS1 *)t->data;
                while (run_start > pos && (bmp[d[run_start - 1]] & F_DOMAIN))
                    run_start--;
            }
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
                /* the last host's answers again for the same characters (a text that
                 * repeats a host: no TLD lookup, no UTS #46 test) */
                Py_ssize_t hlen = host_end - run_start;
                int memo = memo_hosts && hlen <= MAX_HOST_LENGTH, same = 0;
                if (memo && hlen == last_host_len) {
                    const Py_UCS1 *d = (const Py_UCS1 *)t->data, *a = d + run_start, *b = d + last_host_at;
                    Py_ssize_t k = 0;
                    while (k < hlen && a[k] == b[k])
                        k++;
                    same = k == hlen;
                }
                int ok = same ? last_host_tld : tld_ok(t, last_label, host_end, tlds);
                if (ok < 0)
                    goto error;
                if (memo && !same) {
                    last_host_at = run_start;
                    last_host_len = hlen;
                    last_host_tld = ok;
                    last_host_fast = -1;
                }
                if (!ok)
                    continue;
                int fast = memo && last_host_fast >= 0 ? last_host_fast : ascii_host_is_fast(t, run_start, host_end);
                if (memo)
                    last_host_fast = fast;
                /* HOST_IN_TEXT: the host's answer is text[run_start:host_end] in lower
                 * case (ascii_host_is_fast), which build_href writes itself */
                ascii_host = fast ? Py_NewRef(HOST_IN_TEXT) : ascii_host_of(t, run_start, host_end);
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
                PyObject *href = build_href(s_mailto, "@", ascii_host, run_start, host_end, t, local,
                                            run_start - 1, mailto_safe, 1);
                Py_DECREF(ascii_host);
                if (!href)
                    goto error;
                if (put_link(out, recs, t, start, host_end, s_email, href) < 0)
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
        if (recs && ws == 0 && ascii_host == HOST_IN_TEXT && link_start == run_start && end == host_end) {
            /* a schemeless host alone: its href is made only where needed (rec_href) */
            Py_DECREF(ascii_host);
            if (recs_push(recs, link_start, end, 0, NULL) < 0)
                goto error;
            pos = last_end = end;
            continue;
        }
        PyObject *href = build_href(ws == 1 ? scheme : s_https, "://", ascii_host, run_start, host_end, t,
                                    host_end, end, href_safe, 0);
        Py_XDECREF(scheme);
        Py_DECREF(ascii_host);
        if (!href)
            goto error;
        if (put_link(out, recs, t, link_start, end, s_url, href) < 0)
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
