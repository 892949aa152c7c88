/*
 * html.c -- uts58_icu.html's driver in compiled code (issue 19): a transliteration of
 * html.py's _tokens (the WHATWG tokenizer's data, tag, comment, character-reference and
 * raw-text states, as turbohtml's tokenizer reads them), Linker._chunks, Linker._flush
 * and the default anchor writer (Linker._anchor with DEFAULT_CALLBACKS).
 *
 * html.py stays the readable reference and runs everything this file does not cover:
 * html_linkify() returns None, and the caller runs the Python driver, on any document
 * where the tree builder's view differs from the tokenizer's in ways _chunks tracks
 * (svg, math, select, frameset, noscript, tables and templates, the a-scope
 * boundaries), a script holding "<!--" (the escaped script states), a tag name that
 * is not ASCII, and a run whose gaps do not settle within html._MAX_RESCANS levels.
 * A text longer than html._LONG_RUN takes its links lazily from Linker._found
 * (iter_links), as the Python driver does. The output is the
 * same string as the Python driver's: tests/test_html_compiled.py compares both.
 *
 * Links come from the compiled core directly (scan, or scan_gated with the §8 gate);
 * a run the gate cannot decide goes to the Linker's Python _found, as apply.py does.
 */
#include "core/_speedups.h"
/* SSE2: every x86-64 compiler (MSVC does not define __SSE2__) */
#if defined(__SSE2__) || defined(_M_X64) || (defined(_M_IX86_FP) && _M_IX86_FP >= 2)
#define HTML_SSE2 1
#include <emmintrin.h>
#endif

#define MAX_RESCANS 16      /* html._MAX_RESCANS */
#define LONG_RUN (1 << 16)  /* html._LONG_RUN */
#define LAZY_ITER_THRESHOLD (1 << 20) /* core.detection.LAZY_ITER_THRESHOLD */
#define JOIN_EVERY 512      /* html._JOIN_EVERY */
#define MAX_SKIP 64
#define MAX_NAME 16

/* The few loops written for vector compares (GCC vectorizes at -O3; clang at -O2). */
#if defined(__GNUC__) && !defined(__clang__)
#define VECTORIZE __attribute__((optimize("O3")))
#else
#define VECTORIZE
#endif

#if defined(HTML_SSE2)
/* Whether eight 2-byte characters hold ":", "@" or a label separator (is_sep). */
static inline int
ucs2_link_chars(__m128i v)
{
    __m128i m = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi16(v, _mm_set1_epi16(':')), _mm_cmpeq_epi16(v, _mm_set1_epi16('@'))),
                             _mm_or_si128(_mm_cmpeq_epi16(v, _mm_set1_epi16('.')), _mm_cmpeq_epi16(v, _mm_set1_epi16((short)0x3002))));
    m = _mm_or_si128(m, _mm_or_si128(_mm_cmpeq_epi16(v, _mm_set1_epi16((short)0xFF0E)),
                                     _mm_cmpeq_epi16(v, _mm_set1_epi16((short)0xFF61))));
    return _mm_movemask_epi8(m) != 0;
}
#endif

/* ------------------------------------------------------------ escaping */

/* What each ASCII character (and U+00A0) is replaced by; NULL: kept. */
typedef struct {
    const char *rep[128];
    const char *nbsp;
} Esc;

static Esc ESC_TEXT, ESC_ATTR; /* html._escape_text, html._escape_attr */

static void
init_escapes(void)
{
    ESC_TEXT.rep['&'] = ESC_ATTR.rep['&'] = "&amp;";
    ESC_TEXT.rep['<'] = ESC_ATTR.rep['<'] = "&lt;";
    ESC_TEXT.rep['>'] = ESC_ATTR.rep['>'] = "&gt;";
    ESC_TEXT.nbsp = ESC_ATTR.nbsp = "&nbsp;";
    ESC_ATTR.rep['"'] = "&quot;";
}

static inline const char *
replacement(const Esc *e, Py_UCS4 c)
{
    return c < 128 ? e->rep[c] : c == 0xA0 ? e->nbsp : NULL;
}

/* ------------------------------------------------------------ output */

/* The output is a list of segments: a slice of the input (obj NULL), the slice escaped
 * with the Out's escapes (obj NULL, len longer than the slice: written escaped when the
 * segments are built, no str per piece), or a str. Every
 * SEGS_EVERY segments are written into one str (a chunk), so a long document's pieces
 * do not stay alive until the end; the result is the chunks joined (or the segments
 * written at once when there is a single chunk). */
#define SEGS_EVERY 4096

typedef struct {
    PyObject *obj; /* owned; NULL: src[a:b] */
    Py_ssize_t a, b;
    Py_ssize_t len; /* obj NULL: the output's length (b - a, or more when escaped) */
} Seg;

typedef struct {
    PyObject *src;  /* borrowed: the input the slices are taken from */
    const Esc *esc; /* the escapes of the escaped slices */
    Seg *segs;
    Py_ssize_t n, cap;
    PyObject *chunks; /* list of str */
    /* 1-byte output written at once while no segment waits (1-byte input: always):
     * chunks, then buf or the segments, never both */
    Py_UCS1 *buf;
    Py_ssize_t blen, bcap;
    Py_ssize_t hint; /* the length of the input this Out writes (buf's first size) */
    Py_UCS1 bor;   /* the OR of buf's bytes: >= 0x80 when not ASCII */
    int src1;      /* src is 1-byte */
    int src_ascii; /* src is ASCII */
} Out;

static PyObject *empty_str = NULL;

/* One output buffer kept from call to call (up to SPARE_MAX bytes): a long text's
 * buffer is not given back to the system and faulted in again on every call. Taken and
 * given back with the GIL held and no Python code run in between. */
#define SPARE_MAX (8 << 20)
#ifndef Py_GIL_DISABLED
static Py_UCS1 *spare_buf = NULL;
static Py_ssize_t spare_cap = 0;
#endif

static void
buf_release(Py_UCS1 *buf, Py_ssize_t cap)
{
#ifndef Py_GIL_DISABLED
    if (buf && cap <= SPARE_MAX && cap > spare_cap) {
        PyMem_Free(spare_buf);
        spare_buf = buf;
        spare_cap = cap;
        return;
    }
#endif
    PyMem_Free(buf);
}

static int
out_init(Out *o, PyObject *src, const Esc *esc)
{
    o->src = src;
    o->esc = esc;
    o->segs = NULL;
    o->n = o->cap = 0;
    o->buf = NULL;
    o->blen = o->bcap = 0;
    o->hint = PyUnicode_GET_LENGTH(src);
    o->bor = 0;
    o->src1 = PyUnicode_KIND(src) == PyUnicode_1BYTE_KIND;
    o->src_ascii = PyUnicode_IS_ASCII(src);
    o->chunks = PyList_New(0);
    return o->chunks ? 0 : -1;
}

static void
out_clear_segs(Out *o)
{
    for (Py_ssize_t k = 0; k < o->n; k++)
        Py_CLEAR(o->segs[k].obj);
    o->n = 0;
}

static void
out_free(Out *o)
{
    out_clear_segs(o);
    PyMem_Free(o->segs);
    o->segs = NULL;
    o->cap = 0;
    buf_release(o->buf, o->bcap);
    o->buf = NULL;
    o->blen = o->bcap = 0;
    Py_CLEAR(o->chunks);
}

/* The widest character of t[a:b], rounded up to what PyUnicode_New picks a kind by. */
static Py_UCS4
max_char(const Text *t, Py_ssize_t a, Py_ssize_t b)
{
    if (PyUnicode_IS_ASCII(t->obj))
        return 0x7F;
    Py_UCS4 m = 0;
    if (t->kind == PyUnicode_1BYTE_KIND) {
        const Py_UCS1 *d = (const Py_UCS1 *)t->data;
        for (Py_ssize_t i = a; i < b; i++)
            m |= d[i];
        return m & 0x80 ? 0xFF : 0x7F;
    }
    for (Py_ssize_t i = a; i < b && m <= 0xFFFF; i++) {
        Py_UCS4 c = RD(t, i);
        if (c > m)
            m = c;
    }
    return m > 0xFFFF ? 0x10FFFF : m > 0xFF ? 0xFFFF : m > 0x7F ? 0xFF : 0x7F;
}

/* The segments written into one str. */
static PyObject *
out_build(Out *o)
{
    Text t;
    text_of(&t, o->src);
    Py_ssize_t total = 0;
    Py_UCS4 maxc = 0x7F, bound = PyUnicode_MAX_CHAR_VALUE(o->src);
    for (Py_ssize_t k = 0; k < o->n; k++) {
        Seg *g = &o->segs[k];
        Py_UCS4 m;
        if (g->obj) {
            total += PyUnicode_GET_LENGTH(g->obj);
            m = PyUnicode_MAX_CHAR_VALUE(g->obj);
        }
        else {
            total += g->len;
            m = maxc >= bound ? 0x7F : max_char(&t, g->a, g->b); /* no wider than the input */
        }
        if (m > maxc)
            maxc = m;
    }
    PyObject *r = PyUnicode_New(total, maxc);
    if (!r)
        return NULL;
    Py_ssize_t pos = 0;
    int rkind = PyUnicode_KIND(r);
    char *rdata = PyUnicode_DATA(r);
    for (Py_ssize_t k = 0; k < o->n; k++) {
        Seg *g = &o->segs[k];
        PyObject *from = g->obj ? g->obj : o->src;
        Py_ssize_t a = g->obj ? 0 : g->a, len = g->obj ? PyUnicode_GET_LENGTH(g->obj) : g->b - g->a;
        if (!g->obj && g->len != len) { /* escaped: the replacements are ASCII */
            if (t.kind == PyUnicode_1BYTE_KIND && rkind == PyUnicode_1BYTE_KIND) {
                const Py_UCS1 *d = (const Py_UCS1 *)t.data;
                Py_UCS1 *w = (Py_UCS1 *)rdata;
                for (Py_ssize_t i = g->a; i < g->b; i++) {
                    const char *rp = replacement(o->esc, d[i]);
                    if (!rp)
                        w[pos++] = d[i];
                    else
                        for (; *rp; rp++)
                            w[pos++] = (Py_UCS1)*rp;
                }
                continue;
            }
            for (Py_ssize_t i = g->a; i < g->b; i++) {
                Py_UCS4 c = RD(&t, i);
                const char *rp = replacement(o->esc, c);
                if (!rp)
                    PyUnicode_WRITE(rkind, rdata, pos++, c);
                else
                    for (; *rp; rp++)
                        PyUnicode_WRITE(rkind, rdata, pos++, (Py_UCS4)(unsigned char)*rp);
            }
            continue;
        }
        int fkind = PyUnicode_KIND(from);
        const char *fdata = (const char *)PyUnicode_DATA(from);
        if (len && fkind == rkind)
            memcpy(rdata + pos * rkind, fdata + a * rkind, (size_t)(len * rkind));
        else if (len && fkind < rkind) { /* widened (an anchor's ASCII pieces in wider text) */
            if (fkind == PyUnicode_1BYTE_KIND && rkind == PyUnicode_2BYTE_KIND)
                for (Py_ssize_t i = 0; i < len; i++)
                    ((Py_UCS2 *)rdata)[pos + i] = ((const Py_UCS1 *)fdata)[a + i];
            else if (fkind == PyUnicode_1BYTE_KIND)
                for (Py_ssize_t i = 0; i < len; i++)
                    ((Py_UCS4 *)rdata)[pos + i] = ((const Py_UCS1 *)fdata)[a + i];
            else
                for (Py_ssize_t i = 0; i < len; i++)
                    ((Py_UCS4 *)rdata)[pos + i] = ((const Py_UCS2 *)fdata)[a + i];
        }
        else if (len && PyUnicode_CopyCharacters(r, pos, from, a, len) < 0) {
            Py_DECREF(r);
            return NULL;
        }
        pos += len;
    }
    return r;
}

/* buf as a str. */
static PyObject *
out_buf_str(Out *o)
{
    PyObject *r = PyUnicode_New(o->blen, o->bor & 0x80 ? 0xFF : 0x7F);
    if (r && o->blen)
        memcpy(PyUnicode_1BYTE_DATA(r), o->buf, (size_t)o->blen);
    o->blen = 0;
    o->bor = 0;
    return r;
}

/* Room for len more bytes in buf. */
static inline int
out_buf_room(Out *o, Py_ssize_t len)
{
    if (o->blen + len <= o->bcap)
        return 0;
    Py_ssize_t cap = o->bcap ? o->bcap : o->hint + o->hint / 8 + 256;
    while (cap < o->blen + len)
        cap *= 2;
#ifndef Py_GIL_DISABLED
    if (!o->buf && spare_buf && spare_cap >= cap) { /* the spare buffer, taken */
        o->buf = spare_buf;
        o->bcap = spare_cap;
        spare_buf = NULL;
        spare_cap = 0;
        return 0;
    }
#endif
    Py_UCS1 *buf = PyMem_Realloc(o->buf, (size_t)cap);
    if (!buf) {
        PyErr_NoMemory();
        return -1;
    }
    o->buf = buf;
    o->bcap = cap;
    return 0;
}

/* src[a:b] into buf (1-byte src), escaped with o->esc when escaped. */
static int
out_buf_slice(Out *o, Py_ssize_t a, Py_ssize_t b, int escaped)
{
    const Py_UCS1 *d = PyUnicode_1BYTE_DATA(o->src);
    if (out_buf_room(o, b - a) < 0)
        return -1;
    Py_UCS1 *w = o->buf + o->blen, bor = 0;
    if (!escaped || !o->esc) {
        memcpy(w, d + a, (size_t)(b - a));
        o->blen += b - a;
        if (!o->src_ascii)
            for (Py_ssize_t i = a; i < b; i++)
                bor |= d[i];
        o->bor |= bor;
        return 0;
    }
    for (Py_ssize_t i = a; i < b; i++) {
        const char *rp = replacement(o->esc, d[i]);
        if (!rp) {
            *w++ = d[i];
            bor |= d[i];
            continue;
        }
        if (o->bcap - (w - o->buf) < 16 + (b - i)) { /* a replacement is shorter than 16 (read_escapes) */
            Py_ssize_t at = w - o->buf;
            o->blen = at;
            if (out_buf_room(o, 16 + (b - i)) < 0)
                return -1;
            w = o->buf + at;
        }
        while (*rp)
            *w++ = (Py_UCS1)*rp++;
    }
    o->blen = w - o->buf;
    o->bor |= bor;
    return 0;
}

static int
out_flush_segs(Out *o)
{
    if (o->blen) {
        PyObject *chunk = out_buf_str(o);
        int r = chunk ? PyList_Append(o->chunks, chunk) : -1;
        Py_XDECREF(chunk);
        if (r < 0 || !o->n)
            return r;
    }
    PyObject *chunk = out_build(o);
    if (!chunk)
        return -1;
    int r = PyList_Append(o->chunks, chunk);
    Py_DECREF(chunk);
    out_clear_segs(o);
    return r;
}

/* out_seg_len's rare part: the array grown (obj stolen, released on error). */
static int
out_grow(Out *o, PyObject *obj)
{
    Py_ssize_t cap = o->cap ? o->cap * 2 : 64;
    Seg *segs = PyMem_Realloc(o->segs, cap * sizeof(Seg));
    if (!segs) {
        Py_XDECREF(obj);
        PyErr_NoMemory();
        return -1;
    }
    o->segs = segs;
    o->cap = cap;
    return 0;
}

/* Appends a segment (obj stolen; NULL: src[a:b], escaped when len > b - a). Inline:
 * an anchor writes six segments. */
static inline int
out_seg_len(Out *o, PyObject *obj, Py_ssize_t a, Py_ssize_t b, Py_ssize_t len)
{
    if (o->n == 0 && (obj ? PyUnicode_KIND(obj) == PyUnicode_1BYTE_KIND : o->src1)) {
        if (!obj)
            return out_buf_slice(o, a, b, len != b - a);
        Py_ssize_t n = PyUnicode_GET_LENGTH(obj);
        int r = out_buf_room(o, n);
        if (r == 0) {
            memcpy(o->buf + o->blen, PyUnicode_1BYTE_DATA(obj), (size_t)n);
            o->blen += n;
            if (!PyUnicode_IS_ASCII(obj))
                o->bor |= 0x80;
        }
        Py_DECREF(obj);
        return r;
    }
    if (o->blen && out_flush_segs(o) < 0) {
        Py_XDECREF(obj);
        return -1;
    }
    if (o->n == o->cap && out_grow(o, obj) < 0)
        return -1;
    Seg *g = &o->segs[o->n++];
    g->obj = obj;
    g->a = a;
    g->b = b;
    g->len = len;
    if (o->n >= SEGS_EVERY)
        return out_flush_segs(o);
    return 0;
}

static int
out_seg(Out *o, PyObject *obj, Py_ssize_t a, Py_ssize_t b)
{
    return out_seg_len(o, obj, a, b, b - a);
}

/* Appends piece (a new reference, stolen; NULL is an error). */
static int
out_put(Out *o, PyObject *piece)
{
    if (!piece)
        return -1;
    return out_seg(o, piece, 0, 0);
}

/* Appends s[a:b] in ASCII lower case (s[a:b] is ASCII). */
static int
out_lower(Out *o, PyObject *s, Py_ssize_t a, Py_ssize_t b)
{
    Text t;
    text_of(&t, s);
    Py_UCS1 *w;
    PyObject *str = NULL;
    if (o->n == 0) { /* written at once */
        if (out_buf_room(o, b - a) < 0)
            return -1;
        w = o->buf + o->blen;
        o->blen += b - a;
    }
    else {
        if (!(str = PyUnicode_New(b - a, 127)))
            return -1;
        w = PyUnicode_1BYTE_DATA(str);
    }
    for (Py_ssize_t i = a; i < b; i++)
        *w++ = (Py_UCS1)Py_TOLOWER(RD(&t, i));
    return str ? out_put(o, str) : 0;
}

static PyObject *
out_value(Out *o)
{
    if (PyList_GET_SIZE(o->chunks) == 0)
        return o->n ? out_build(o) : out_buf_str(o);
    if (out_flush_segs(o) < 0)
        return NULL;
    return PyUnicode_Join(empty_str, o->chunks);
}

/* Appends other's output (other is emptied). */
static int
out_extend(Out *o, Out *other)
{
    if (o->n == 0 && o->blen == 0 && PyList_GET_SIZE(o->chunks) == 0 && o->src == other->src &&
        o->esc == other->esc) {
        /* o is empty: it takes other's segments and chunks as they are */
        Out t = *o;
        *o = *other;
        *other = t;
        return 0;
    }
    if (other->blen && out_flush_segs(other) < 0) /* other's buf: its last chunk (no segment waits) */
        return -1;
    if (PyList_GET_SIZE(other->chunks)) {
        if (out_flush_segs(o) < 0 ||
            PyList_SetSlice(o->chunks, PY_SSIZE_T_MAX, PY_SSIZE_T_MAX, other->chunks) < 0)
            return -1;
    }
    for (Py_ssize_t k = 0; k < other->n; k++) {
        Seg g = other->segs[k];
        other->segs[k].obj = NULL;
        if (out_seg_len(o, g.obj, g.a, g.b, g.len) < 0)
            return -1;
    }
    other->n = 0;
    return 0;
}

/* s[a:b] escaped with e: a new reference. */
static PyObject *
escape_with(PyObject *s, Py_ssize_t a, Py_ssize_t b, const Esc *e)
{
    Text t;
    text_of(&t, s);
    Py_ssize_t extra = 0, first = a;
    if (t.kind == PyUnicode_1BYTE_KIND) { /* the common case: nothing to escape */
        const Py_UCS1 *d = (const Py_UCS1 *)t.data;
#if defined(HTML_SSE2)
        /* 16 at a time past bytes none of "&<>\"" and U+00A0 (the characters any Esc
         * may replace: the five of read_escapes and the no-break space) */
        const __m128i c1 = _mm_set1_epi8('&'), c2 = _mm_set1_epi8('<'), c3 = _mm_set1_epi8('>'),
                      c4 = _mm_set1_epi8('"'), c5 = _mm_set1_epi8('\''), c6 = _mm_set1_epi8((char)0xA0);
        for (; b - first >= 16; first += 16) {
            __m128i v = _mm_loadu_si128((const __m128i *)(d + first));
            __m128i m = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, c1), _mm_cmpeq_epi8(v, c2)),
                                     _mm_or_si128(_mm_cmpeq_epi8(v, c3), _mm_cmpeq_epi8(v, c4)));
            if (_mm_movemask_epi8(_mm_or_si128(m, _mm_or_si128(_mm_cmpeq_epi8(v, c5), _mm_cmpeq_epi8(v, c6)))))
                break;
        }
#endif
        while (first < b && !replacement(e, d[first]))
            first++;
    }
    else
        while (first < b && !replacement(e, RD(&t, first)))
            first++;
    if (first == b)
        return a == 0 && b == t.n ? Py_NewRef(s) : PyUnicode_Substring(s, a, b);
    for (Py_ssize_t i = first; i < b; i++) {
        const char *r = replacement(e, RD(&t, i));
        if (r)
            extra += (Py_ssize_t)strlen(r) - 1;
    }
    /* the replacements are ASCII: the result's widest character is the slice's */
    PyObject *slice = a == 0 && b == t.n ? Py_NewRef(s) : PyUnicode_Substring(s, a, b);
    if (!slice)
        return NULL;
    PyObject *out = PyUnicode_New(b - a + extra, PyUnicode_MAX_CHAR_VALUE(slice));
    Py_DECREF(slice);
    if (!out)
        return NULL;
    int kind = PyUnicode_KIND(out);
    void *data = PyUnicode_DATA(out);
    Py_ssize_t k = 0;
    for (Py_ssize_t i = a; i < b; i++) {
        Py_UCS4 c = RD(&t, i);
        const char *r = replacement(e, c);
        if (!r)
            PyUnicode_WRITE(kind, data, k++, c);
        else
            for (; *r; r++)
                PyUnicode_WRITE(kind, data, k++, (Py_UCS4)(unsigned char)*r);
    }
    return out;
}

/* ------------------------------------------------------------ context */

enum { MODE_BASE = 0, MODE_GATE = 1, MODE_PYTHON = 2 };

typedef struct {
    PyObject *html;   /* the input: the output is built from its slices */
    PyObject *srcobj; /* the input as tokenized (html._tokens: CR as space, NUL as U+FFFD) */
    Text src;
    /* from the context tuple (borrowed) */
    char skip[MAX_SKIP][MAX_NAME + 1];
    Py_ssize_t skip_len[MAX_SKIP];
    int n_skip;
    int parse_email;
    int mode;
    PyObject *gate_args[4]; /* config, dotless_hosts, names, cjk_host_cut */
    PyObject *found;        /* Linker._found */
    PyObject *settle;       /* apply._settle for the Linker's policy (MODE_GATE) */
    PyObject *anchor;       /* Linker._anchor, or None: the default anchor (nofollow) here */
    PyObject *visible;      /* html._visible_text */
    PyObject *unsafe;       /* html.unsafe_href */
    PyObject *entities;     /* html.entities.html5 */
    int legacy_max;         /* the longest entity name without ';' */
    int named_max;          /* the longest entity name with ';' */
    /* plain text (_urlize.linkify_text): the output is escaped slices of html */
    int plain;
    Esc esc;
    char escbuf[5][16];     /* the strings esc points at: this call's own */
    int escaping;
    /* driver state */
    int open[MAX_SKIP];
    int depth;
    Py_ssize_t copied;
    Out out;
} H;

/* A run of text: its items (literal text or one character reference). */
typedef struct {
    Py_ssize_t s, e;   /* source span */
    Py_ssize_t d;      /* decoded start */
    PyObject *value;   /* a reference's decoded text (owned); NULL for literal text */
} Item;

typedef struct {
    Item *items;
    Py_ssize_t n, cap;
    Py_ssize_t d_len;
    int may_link; /* a ":", "@" or label separator in the decoded text */
} RunBuf;

static void
run_clear(RunBuf *r)
{
    for (Py_ssize_t k = 0; k < r->n; k++)
        Py_CLEAR(r->items[k].value);
    r->n = 0;
    r->d_len = 0;
    r->may_link = 0;
}

/* html._MAY_LINK: ":", "@" or a label separator in t[lo:hi]. */
static int
may_link(const Text *t, Py_ssize_t lo, Py_ssize_t hi)
{
    if (t->kind == PyUnicode_1BYTE_KIND) {
        const Py_UCS1 *d = (const Py_UCS1 *)t->data;
        Py_ssize_t i = lo;
#if defined(HTML_SSE2)
        const __m128i colon = _mm_set1_epi8(':'), at = _mm_set1_epi8('@'), dot = _mm_set1_epi8('.');
        for (; hi - i >= 16; i += 16) {
            __m128i v = _mm_loadu_si128((const __m128i *)(d + i));
            if (_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, colon), _mm_cmpeq_epi8(v, at)),
                                               _mm_cmpeq_epi8(v, dot))))
                return 1;
        }
#endif
        for (; i < hi; i++)
            if (d[i] == ':' || d[i] == '@' || d[i] == '.')
                return 1;
        return 0;
    }
    Py_ssize_t i = lo;
#if defined(HTML_SSE2)
    if (t->kind == PyUnicode_2BYTE_KIND) {
        const Py_UCS2 *d = (const Py_UCS2 *)t->data;
        for (; hi - i >= 8; i += 8)
            if (ucs2_link_chars(_mm_loadu_si128((const __m128i *)(d + i))))
                return 1;
    }
#endif
    for (; i < hi; i++) {
        Py_UCS4 c = RD(t, i);
        if (c == ':' || c == '@' || is_sep(c))
            return 1;
    }
    return 0;
}

/* Adds literal text src[s:e] (merged into the last item when adjacent) or a reference
 * (value stolen). */
static int
run_add(RunBuf *r, Py_ssize_t s, Py_ssize_t e, PyObject *value)
{
    if (!value && r->n && !r->items[r->n - 1].value && r->items[r->n - 1].e == s) {
        r->items[r->n - 1].e = e;
        r->d_len += e - s;
        return 0;
    }
    if (r->n == r->cap) {
        Py_ssize_t cap = r->cap ? r->cap * 2 : 16;
        Item *items = PyMem_Realloc(r->items, cap * sizeof(Item));
        if (!items) {
            Py_XDECREF(value);
            PyErr_NoMemory();
            return -1;
        }
        r->items = items;
        r->cap = cap;
    }
    if (value && !r->may_link) {
        Text vt;
        text_of(&vt, value);
        r->may_link = may_link(&vt, 0, vt.n);
    }
    Item *it = &r->items[r->n++];
    it->s = s;
    it->e = e;
    it->d = r->d_len;
    it->value = value;
    r->d_len += value ? PyUnicode_GET_LENGTH(value) : e - s;
    return 0;
}

/* Run.source_offset: -1 inside a character reference. */
static Py_ssize_t
source_offset(const RunBuf *r, Py_ssize_t d, Py_ssize_t s_end)
{
    if (d >= r->d_len)
        return s_end;
    if (r->n == 1) /* one item (plain text: the whole text) */
        return d == 0 ? r->items[0].s : r->items[0].value ? -1 : r->items[0].s + d;
    Py_ssize_t lo = 0, hi = r->n - 1;
    while (lo < hi) { /* the last item with items[i].d <= d */
        Py_ssize_t mid = (lo + hi + 1) >> 1;
        if (r->items[mid].d <= d)
            lo = mid;
        else
            hi = mid - 1;
    }
    const Item *it = &r->items[lo];
    Py_ssize_t delta = d - it->d;
    if (delta == 0)
        return it->s;
    return it->value ? -1 : it->s + delta;
}

static PyObject *
run_text(H *h, const RunBuf *r)
{
    if (r->n == 1 && !r->items[0].value)
        return PyUnicode_Substring(h->srcobj, r->items[0].s, r->items[0].e);
    PyObject *parts = PyList_New(r->n);
    if (!parts)
        return NULL;
    for (Py_ssize_t k = 0; k < r->n; k++) {
        const Item *it = &r->items[k];
        PyObject *p = it->value ? Py_NewRef(it->value) : PyUnicode_Substring(h->srcobj, it->s, it->e);
        if (!p) {
            Py_DECREF(parts);
            return NULL;
        }
        PyList_SET_ITEM(parts, k, p);
    }
    PyObject *text = PyUnicode_Join(empty_str, parts);
    Py_DECREF(parts);
    return text;
}


/* The output for the input's html[a:b]: the slice itself, or escaped for plain text. */
static PyObject *
piece(H *h, Py_ssize_t a, Py_ssize_t b)
{
    if (h->plain && h->escaping)
        return escape_with(h->html, a, b, &h->esc);
    return PyUnicode_Substring(h->html, a, b);
}

static int
out_piece(H *h, Out *o, Py_ssize_t a, Py_ssize_t b)
{
    if (b <= a)
        return 0;
    if (o->n == 0 && o->src1) /* written at once */
        return out_buf_slice(o, a, b, h->plain && h->escaping);
    Py_ssize_t len = b - a;
    if (h->plain && h->escaping) { /* a slice written escaped (out_build) */
        Text t;
        text_of(&t, h->html);
        if (t.kind == PyUnicode_1BYTE_KIND) {
            const Py_UCS1 *d = (const Py_UCS1 *)t.data;
            for (Py_ssize_t i = a; i < b; i++) {
                const char *r = replacement(&h->esc, d[i]);
                if (r)
                    len += (Py_ssize_t)strlen(r) - 1;
            }
        }
        else
            for (Py_ssize_t i = a; i < b; i++) {
                const char *r = replacement(&h->esc, RD(&t, i));
                if (r)
                    len += (Py_ssize_t)strlen(r) - 1;
            }
    }
    return out_seg_len(o, NULL, a, b, len);
}

/* ------------------------------------------------------------ links */

/* Linker._found(text): 1 with its links as records in recs (no Link made) where the
 * default anchor writer takes them and no suspect is left for the Python rules; 0 with
 * *out a new list of Links; -1 with an error set. */
static int
found_links(H *h, PyObject *text, LinkRecs *recs, PyObject **out)
{
    PyObject *links = NULL;
    *out = NULL;
    if (h->mode == MODE_BASE || h->mode == MODE_GATE) {
        Py_ssize_t suspects = 0;
        int r;
        if (h->mode == MODE_BASE) {
            PyObject *done = scan_recs(&text, 1, recs);
            r = done ? 1 : -1;
            Py_XDECREF(done);
        }
        else {
            PyObject *args[5] = {h->gate_args[0], h->gate_args[1], h->gate_args[2], h->gate_args[3], text}; /* scan_gated takes the text last */
            r = scan_gated_recs(args, 5, recs, &suspects);
        }
        if (r < 0) {
            recs_free(recs);
            return -1;
        }
        if (r == 1 && !suspects && !h->parse_email) { /* Linker._found drops the emails */
            Py_ssize_t k = 0;
            for (Py_ssize_t i = 0; i < recs->n; i++) {
                if (recs->v[i].email)
                    Py_CLEAR(recs->v[i].href);
                else if (k++ != i) {
                    recs->v[k - 1] = recs->v[i];
                    recs->v[i].href = NULL;
                }
            }
            recs->n = k;
        }
        if (r == 1 && !suspects && h->anchor == Py_None)
            return 1;
        if (r == 1) {
            links = recs_gated_result(text, recs, suspects);
            recs_free(recs);
            if (!links)
                return -1;
            if (suspects) {
                /* (links, suspects): the suspects go through the Python rules (apply._settle) */
                PyObject *settled = PyObject_CallFunctionObjArgs(h->settle, text, PyTuple_GET_ITEM(links, 0),
                                                                 PyTuple_GET_ITEM(links, 1), NULL);
                Py_DECREF(links);
                links = settled ? PySequence_List(settled) : NULL;
                Py_XDECREF(settled);
                if (!links)
                    return -1;
            }
            else {
                *out = links; /* emails dropped above */
                return 0;
            }
        }
        /* r == 0: the gate cannot serve the text: Linker._found (below) */
    }
    if (!links) {
        PyObject *r = PyObject_CallOneArg(h->found, text);
        if (!r)
            return -1;
        *out = PySequence_List(r);
        Py_DECREF(r);
        return *out ? 0 : -1; /* _found filtered the emails */
    }
    if (!h->parse_email) {
        Py_ssize_t n = PyList_GET_SIZE(links), k = 0;
        for (Py_ssize_t i = 0; i < n; i++) {
            PyObject *link = PyList_GET_ITEM(links, i);
            PyObject *kind = PyObject_GetAttr(link, s_kind);
            if (!kind) {
                Py_DECREF(links);
                return -1;
            }
            int email = PyUnicode_Check(kind) && PyUnicode_Compare(kind, s_email) == 0;
            Py_DECREF(kind);
            if (!email) {
                Py_INCREF(link);
                PyList_SetItem(links, k++, link);
            }
        }
        if (PyList_SetSlice(links, k, n, NULL) < 0) {
            Py_DECREF(links);
            return -1;
        }
    }
    *out = links;
    return 0;
}

/* An anchor's pieces, written after the gap before it. */
typedef struct {
    PyObject *p[6]; /* NULL: the input's html[sa:sb], or at lower_at, low[la:lb] in lower case */
    int n;
    Py_ssize_t sa, sb;
    int lower_at;
    PyObject *low; /* borrowed */
    Py_ssize_t la, lb;
} Anchor;

static void
anchor_clear(Anchor *a)
{
    for (int k = 0; k < a->n; k++)
        Py_CLEAR(a->p[k]);
    a->n = 0;
}

static PyObject *s_href = NULL, *s_text = NULL, *s_puny = NULL, *s_invis = NULL;
static PyObject *s_open = NULL, *s_rel = NULL, *s_norel = NULL, *s_close = NULL, *s_https_sep = NULL;

static int
is_bidi_control(Py_UCS4 c)
{
    return c == 0x061C || c == 0x200E || c == 0x200F || (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
}

/* The Link fields the anchor writer reads, straight from their slots where the link's
 * type is a class with __slots__ and no __getattribute__ of its own (Link): the offsets
 * of the member descriptors, looked up once per type and version tag (a changed class
 * looks them up again); PyObject_GetAttr otherwise, or where a slot is unset. */
enum { F_HREF, F_TEXT, F_PUNY, F_INVIS, N_FIELDS };
static PyTypeObject *fields_type = NULL;
static unsigned int fields_version = 0;
static Py_ssize_t fields_off[N_FIELDS];
static int fields_ok = 0;

static PyObject *link_attr_slow(PyObject *link, int k);

static inline PyObject *
link_attr(PyObject *link, int k)
{
    PyTypeObject *tp = Py_TYPE(link);
    if (fields_ok && tp == fields_type && tp->tp_version_tag == fields_version) { /* the common case, inline */
        PyObject *v = *(PyObject **)((char *)link + fields_off[k]);
        if (v)
            return Py_NewRef(v);
    }
    return link_attr_slow(link, k);
}

static PyObject *
link_attr_slow(PyObject *link, int k)
{
    PyObject *const names[N_FIELDS] = {s_href, s_text, s_puny, s_invis};
    PyTypeObject *tp = Py_TYPE(link);
    if (tp != fields_type || tp->tp_version_tag != fields_version) {
        Py_XSETREF(fields_type, (PyTypeObject *)Py_NewRef(tp));
        fields_version = tp->tp_version_tag;
        fields_ok = tp->tp_getattro == PyObject_GenericGetAttr &&
                    PyType_HasFeature(tp, Py_TPFLAGS_VALID_VERSION_TAG);
        for (int j = 0; j < N_FIELDS && fields_ok; j++) {
            PyObject *d = _PyType_Lookup(tp, names[j]); /* borrowed */
            fields_ok = d && Py_IS_TYPE(d, &PyMemberDescr_Type) &&
                        ((PyMemberDescrObject *)d)->d_member->type == T_OBJECT_EX;
            if (fields_ok)
                fields_off[j] = ((PyMemberDescrObject *)d)->d_member->offset;
        }
    }
    if (fields_ok) {
        PyObject *v = *(PyObject **)((char *)link + fields_off[k]);
        if (v)
            return Py_NewRef(v);
    }
    return PyObject_GetAttr(link, names[k]);
}

/* bool(v) for a new reference v (released), -1 with an error set (v NULL: the error's). */
static int
truthy_steal(PyObject *v)
{
    if (!v)
        return -1;
    int r = PyObject_IsTrue(v);
    Py_DECREF(v);
    return r;
}

static int
truthy_attr(PyObject *obj, int k)
{
    return truthy_steal(link_attr(obj, k));
}

/* Whether the default anchor writer leaves href unlinked (html.unsafe_href): 1, 0, or -1
 * with an error set. */
static int
href_refused(H *h, PyObject *href)
{
    Text ht;
    text_of(&ht, href);
    if (starts(&ht, 0, "https://", 8) || starts(&ht, 0, "http://", 7) || starts(&ht, 0, "mailto:", 7))
        return 0;
    return truthy_steal(PyObject_CallOneArg(h->unsafe, href));
}

/* The default anchor's pieces: shown (stolen) is its escaped text, NULL for the
 * source's html[s0:s1]. 1, or -1 with an error set. */
static int
anchor_fill(PyObject *href, PyObject *shown, Py_ssize_t s0, Py_ssize_t s1, Anchor *a)
{
    Text ht;
    text_of(&ht, href);
    int mailto = ht.n >= 7;
    for (Py_ssize_t i = 0; i < 7 && mailto; i++) {
        Py_UCS4 c = RD(&ht, i);
        if (c >= 'A' && c <= 'Z')
            c += 32;
        mailto = c == (Py_UCS4) "mailto:"[i];
    }
    PyObject *esc = escape_with(href, 0, ht.n, &ESC_ATTR);
    if (!esc) {
        Py_XDECREF(shown);
        return -1;
    }
    a->p[0] = Py_NewRef(s_open);
    a->p[1] = esc;
    a->p[2] = Py_NewRef(mailto ? s_norel : s_rel);
    a->p[3] = shown;
    a->sa = s0;
    a->sb = s1;
    a->p[4] = Py_NewRef(s_close);
    a->n = 5;
    return 1;
}

static int make_anchor(H *h, PyObject *link, Py_ssize_t s0, Py_ssize_t s1, Anchor *a);

/* make_anchor for a record of the scan, a link of text[lo:] (the default anchor writer:
 * h->anchor is None). Its Link's default fields (no Punycode display, no escaped
 * invisibles) make its text the visible one unless it holds a default-ignorable or bidi
 * control character; such a link takes make_anchor with a Link. */
static int
make_anchor_rec(H *h, PyObject *text, Py_ssize_t lo, const LinkRec *x, Py_ssize_t s0, Py_ssize_t s1, Anchor *a)
{
    a->n = 0;
    a->sa = a->sb = 0;
    a->lower_at = -1;
    if (PyUnicode_MAX_CHAR_VALUE(text) > 0x7F) {
        Text tt;
        text_of(&tt, text);
        for (Py_ssize_t i = lo + x->start; i < lo + x->end; i++) {
            Py_UCS4 c = RD(&tt, i);
            if (c > 0x7F && ((flags_of(c) & F_IGNORABLE) || is_bidi_control(c))) {
                PyObject *lt = PyUnicode_Substring(text, lo + x->start, lo + x->end);
                PyObject *href = lt ? rec_href(text, x) : NULL; /* x->start: of text[lo:] */
                PyObject *link = href ? make_link(x->start, x->end, x->email ? s_email : s_url, lt, href) : NULL;
                if (!href)
                    Py_XDECREF(lt);
                if (!link)
                    return -1;
                int r = make_anchor(h, link, s0, s1, a);
                Py_DECREF(link);
                return r;
            }
        }
    }
    if (!x->href) {
        /* "https://" and the host in lower case (rec_href): an ASCII letter, digit, '-'
         * or '.' each, nothing to escape */
        a->p[0] = Py_NewRef(s_open);
        a->p[1] = Py_NewRef(s_https_sep);
        a->p[2] = NULL;
        a->lower_at = 2;
        a->low = text;
        a->la = lo + x->start;
        a->lb = lo + x->end;
        a->p[3] = Py_NewRef(s_rel);
        a->p[4] = NULL;
        a->sa = s0;
        a->sb = s1;
        a->p[5] = Py_NewRef(s_close);
        a->n = 6;
        return 1;
    }
    int bad = href_refused(h, x->href);
    if (bad)
        return bad < 0 ? -1 : 0;
    return anchor_fill(x->href, NULL, s0, s1, a);
}

/* Linker._anchor(link, html[s0:s1]): 1 with a filled, 0 for None, -1 on error. */
static int
make_anchor(H *h, PyObject *link, Py_ssize_t s0, Py_ssize_t s1, Anchor *a)
{
    a->n = 0;
    a->sa = a->sb = 0;
    a->lower_at = -1;
    int sliced = h->anchor == Py_None; /* the source as a slice (out_piece: escaped in plain text) */
    PyObject *source = sliced ? Py_NewRef(Py_None) : piece(h, s0, s1);
    if (!source)
        return -1;
    if (h->anchor != Py_None) {
        PyObject *r = PyObject_CallFunctionObjArgs(h->anchor, link, source, NULL);
        Py_DECREF(source);
        if (!r)
            return -1;
        if (r == Py_None) {
            Py_DECREF(r);
            return 0;
        }
        a->p[a->n++] = r;
        return 1;
    }
    /* the default callbacks (nofollow), as Linker._anchor writes them */
    PyObject *href = link_attr(link, F_HREF);
    PyObject *text = href ? link_attr(link, F_TEXT) : NULL;
    PyObject *display = NULL;
    int ret = -1;
    if (!text || !PyUnicode_Check(href) || !PyUnicode_Check(text)) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_TypeError, "Link.href and Link.text must be str");
        goto done;
    }
    int bad = href_refused(h, href);
    if (bad) {
        ret = bad < 0 ? -1 : 0;
        goto done;
    }
    /* _visible_text(link) */
    int raw = 0;
    Text tt;
    text_of(&tt, text);
    if (PyUnicode_MAX_CHAR_VALUE(text) > 0x7F)
        for (Py_ssize_t i = 0; i < tt.n && !raw; i++) {
            Py_UCS4 c = RD(&tt, i);
            raw = (flags_of(c) & F_IGNORABLE) || is_bidi_control(c);
        }
    if (!raw) {
        int p = truthy_attr(link, F_PUNY);
        int e = p ? (p < 0 ? -1 : 1) : truthy_attr(link, F_INVIS);
        if (p < 0 || e < 0)
            goto done;
        raw = p || e;
    }
    if (raw) {
        display = PyObject_CallOneArg(h->visible, link);
        if (!display)
            goto done;
        if (!PyUnicode_Check(display)) {
            PyErr_SetString(PyExc_TypeError, "_visible_text must return a str");
            goto done;
        }
    }
    else
        display = Py_NewRef(text);
    PyObject *shown;
    int same = display == text ? 1 : PyUnicode_Compare(display, text) == 0;
    if (same && sliced)
        shown = NULL;
    else if (same)
        shown = Py_NewRef(source);
    else if (PyErr_Occurred() || !(shown = escape_with(display, 0, PyUnicode_GET_LENGTH(display), &ESC_TEXT)))
        goto done;
    ret = anchor_fill(href, shown, s0, s1, a);
done:
    Py_DECREF(source);
    Py_XDECREF(href);
    Py_XDECREF(text);
    Py_XDECREF(display);
    return ret;
}

/* The default anchor of a record without href (a schemeless ASCII host alone: its
 * href is "https://" and the host in lower case, its text html[s0:s1] as it is, since
 * a host's characters are ASCII letters, digits, '-' and '.', nothing any Esc
 * replaces), written straight into o's buffer after the gap html[g0:s0]: what
 * make_anchor_rec's six pieces write, with one reservation and no str touched.
 * low[la:lb] is the host in the decoded text. o writes at once (o->n == 0, 1-byte
 * input). */
static int
out_host_anchor(H *h, Out *o, Py_ssize_t g0, Py_ssize_t s0, Py_ssize_t s1, const Text *low, Py_ssize_t la,
                Py_ssize_t lb)
{
    static const char open[] = "<a href=\"https://", rel[] = "\" rel=\"nofollow\">", close[] = "</a>";
    Py_ssize_t hl = lb - la, sl = s1 - s0, gl = s0 - g0;
    /* a short gap (the common one between links) is written here, each character
     * escaped into at most 15 (read_escapes, ESC_TEXT), with the one reservation */
    int short_gap = gl <= 64;
    if (!short_gap && out_buf_slice(o, g0, s0, h->plain && h->escaping) < 0)
        return -1;
    if (out_buf_room(o, (Py_ssize_t)(sizeof open + sizeof rel + sizeof close - 3) + hl + sl +
                            (short_gap ? gl * 15 : 0)) < 0)
        return -1;
    Py_UCS1 *w = o->buf + o->blen;
    if (short_gap && gl > 0) {
        const Py_UCS1 *g = PyUnicode_1BYTE_DATA(o->src) + g0;
        const Esc *e = h->plain && h->escaping ? o->esc : NULL;
        Py_UCS1 bor = 0;
        for (Py_ssize_t i = 0; i < gl; i++) {
            const char *rp = e ? replacement(e, g[i]) : NULL;
            if (!rp) {
                *w++ = g[i];
                bor |= g[i];
            }
            else
                while (*rp)
                    *w++ = (Py_UCS1)*rp++;
        }
        o->bor |= bor;
    }
    memcpy(w, open, sizeof open - 1);
    w += sizeof open - 1;
    if (low->kind == PyUnicode_1BYTE_KIND) {
        const Py_UCS1 *d = (const Py_UCS1 *)low->data + la;
        for (Py_ssize_t i = 0; i < hl; i++)
            w[i] = (Py_UCS1)Py_TOLOWER(d[i]);
    }
    else
        for (Py_ssize_t i = 0; i < hl; i++)
            w[i] = (Py_UCS1)Py_TOLOWER(RD(low, la + i));
    w += hl;
    memcpy(w, rel, sizeof rel - 1);
    w += sizeof rel - 1;
    const Py_UCS1 *src = PyUnicode_1BYTE_DATA(o->src) + s0;
    for (Py_ssize_t i = 0; i < sl; i++) /* a host's few characters: no call */
        w[i] = src[i];
    w += sl;
    memcpy(w, close, sizeof close - 1);
    w += sizeof close - 1;
    o->blen = w - o->buf;
    return 0;
}

/* ------------------------------------------------------------ Linker._flush */

enum { SCAN_ERROR = -1, SCAN_UNSETTLED = 0, SCAN_OK = 1, SCAN_BAIL = 2 };

/* Whether s[lo:hi] holds a LINE FEED (where iter_links cuts its pieces). */
static int
has_lf(PyObject *s, Py_ssize_t lo, Py_ssize_t hi)
{
    Text t;
    text_of(&t, s);
    if (t.kind == PyUnicode_1BYTE_KIND)
        return memchr((const Py_UCS1 *)t.data + lo, '\n', (size_t)(hi - lo)) != NULL;
    for (Py_ssize_t i = lo; i < hi; i++)
        if (RD(&t, i) == '\n')
            return 1;
    return 0;
}

typedef struct {
    H *h;
    const RunBuf *run;
    PyObject *text;
    Py_ssize_t n;
    Py_ssize_t s_end;
    Py_ssize_t copied;
    Out *pieces;
} Flush;

/* Whether flush_scan(f, lo, hi, level) would return SCAN_OK at once (a gap without a
 * link at a level within the limit): the call is skipped. */
static inline int
gap_settled(const Flush *f, Py_ssize_t lo, Py_ssize_t hi, int level)
{
    if (level > MAX_RESCANS)
        return 0;
    Text t;
    text_of(&t, f->text);
    return !may_link(&t, lo, hi);
}

static int
flush_scan(Flush *f, Py_ssize_t lo, Py_ssize_t hi, int level)
{
    if (level > MAX_RESCANS)
        return SCAN_BAIL; /* rare: the Python driver decides (Linker._would_link) */
    H *h = f->h;
    int whole = lo == 0 && hi == f->n;
    if (!whole) {
        Text t;
        text_of(&t, f->text);
        if (!may_link(&t, lo, hi))
            return SCAN_OK; /* Linker._found: no link */
    }
    PyObject *sub = whole ? Py_NewRef(f->text) : PyUnicode_Substring(f->text, lo, hi);
    if (!sub)
        return SCAN_ERROR;
    /* A long text's links come one at a time from Linker._found (iter_links: a piece of
     * whole lines at a time), each freed once used: memory stays proportional to the
     * text, not to its links. A shorter text's come as a list (each Link freed once used
     * too), and so do a long line's up to LAZY_ITER_THRESHOLD: iter_links holds them
     * all at once as well (one piece), and the list costs no Python per link. */
    PyObject *links = NULL, *iter = NULL;
    LinkRecs recs = {NULL, 0, 0}; /* the links as records (found_links) */
    int use_recs = 0;
    if (hi - lo > LONG_RUN && (hi - lo > LAZY_ITER_THRESHOLD || has_lf(f->text, lo, hi))) {
        PyObject *r = PyObject_CallOneArg(h->found, sub);
        iter = r ? PyObject_GetIter(r) : NULL;
        Py_XDECREF(r);
    }
    else
        use_recs = found_links(h, sub, &recs, &links) == 1;
    Py_DECREF(sub);
    if (!links && !iter && !use_recs)
        return SCAN_ERROR;
    Py_ssize_t prev = lo;
    int ret = SCAN_OK;
    /* out_host_anchor serves the records without href: the default anchor writer, the
     * output written at once (1-byte input, see out_host_anchor) */
    int host_direct = use_recs && h->anchor == Py_None && f->pieces->src1;
    Text tt;
    text_of(&tt, f->text);
    if (host_direct && f->pieces->n == 0 && recs.n) {
        /* the buffer sized once for this scan's anchors: each adds its markup and its
         * host (twice for a host alone) to the text's length; escapes may add more */
        Py_ssize_t extra = 0;
        for (Py_ssize_t k = 0; k < recs.n; k++)
            extra += 48 + (recs.v[k].end - recs.v[k].start) +
                     (recs.v[k].href ? PyUnicode_GET_LENGTH(recs.v[k].href) : 8);
        if (out_buf_room(f->pieces, (hi - lo) + (hi - lo) / 8 + extra) < 0)
            ret = SCAN_ERROR;
    }
    for (Py_ssize_t k = 0; ret == SCAN_OK; k++) {
        PyObject *link = NULL; /* a new reference */
        LinkRec *rec = NULL;
        Py_ssize_t ls, le;
        if (use_recs) {
            if (k >= recs.n)
                break;
            rec = &recs.v[k];
            ls = rec->start;
            le = rec->end;
        }
        else if (iter) {
            link = PyIter_Next(iter);
            if (!link) {
                if (PyErr_Occurred())
                    ret = SCAN_ERROR;
                break;
            }
        }
        else {
            if (k >= PyList_GET_SIZE(links))
                break;
            link = Py_NewRef(PyList_GET_ITEM(links, k));
            /* each Link is freed once used (memory: a long text's links) */
            if (PyList_SetItem(links, k, Py_NewRef(Py_None)) < 0) {
                Py_DECREF(link);
                ret = SCAN_ERROR;
                break;
            }
        }
        PyObject *kind;
        if (link && !link_slots(link, &ls, &le, &kind)) {
            PyObject *vs = PyObject_GetAttr(link, s_start);
            PyObject *ve = vs ? PyObject_GetAttr(link, s_end) : NULL;
            ls = vs ? PyLong_AsSsize_t(vs) : -1;
            le = ve ? PyLong_AsSsize_t(ve) : -1;
            Py_XDECREF(vs);
            Py_XDECREF(ve);
            if (PyErr_Occurred()) {
                Py_DECREF(link);
                ret = SCAN_ERROR;
                break;
            }
        }
        Py_ssize_t d0 = lo + ls, d1 = lo + le;
        if (d0 < lo || d1 > hi || d0 > d1) {
            Py_XDECREF(link);
            PyErr_SetString(PyExc_ValueError, "a link outside its text");
            ret = SCAN_ERROR;
            break;
        }
        Py_ssize_t s0 = source_offset(f->run, d0, f->s_end);
        Py_ssize_t s1 = source_offset(f->run, d1, f->s_end);
        if (s0 < 0 || s1 < 0) {
            Py_XDECREF(link);
            continue; /* a link edge inside a character reference */
        }
        if (rec && !rec->href && host_direct && f->pieces->n == 0) {
            /* a host alone, the default anchor: written straight into the buffer */
            if (d0 > prev && (level + 1 > MAX_RESCANS || may_link(&tt, prev, d0))) { /* !gap_settled */
                int sr = flush_scan(f, prev, d0, level + 1);
                if (sr != SCAN_OK) {
                    ret = sr;
                    break;
                }
            }
            if (out_host_anchor(h, f->pieces, f->copied, s0, s1, &tt, d0, d1) < 0) {
                ret = SCAN_ERROR;
                break;
            }
            f->copied = s1;
            prev = d1;
            continue;
        }
        Anchor a;
        int r;
        if (rec) {
            r = make_anchor_rec(h, f->text, lo, rec, s0, s1, &a);
            Py_CLEAR(rec->href); /* each link freed once used */
        }
        else {
            r = make_anchor(h, link, s0, s1, &a);
            Py_DECREF(link);
        }
        if (r < 0) {
            ret = SCAN_ERROR;
            break;
        }
        if (r == 0)
            continue;
        if (d0 > prev && !gap_settled(f, prev, d0, level + 1)) {
            int sr = flush_scan(f, prev, d0, level + 1);
            if (sr != SCAN_OK) {
                anchor_clear(&a);
                ret = sr;
                break;
            }
        }
        int err = out_piece(h, f->pieces, f->copied, s0) < 0;
        for (int j = 0; j < a.n; j++) {
            if (!err)
                err = (a.p[j] ? out_put(f->pieces, a.p[j])
                       : j == a.lower_at ? out_lower(f->pieces, a.low, a.la, a.lb)
                                         : out_piece(h, f->pieces, a.sa, a.sb)) < 0;
            else
                Py_XDECREF(a.p[j]);
            a.p[j] = NULL;
        }
        if (err) {
            ret = SCAN_ERROR;
            break;
        }
        f->copied = s1;
        prev = d1;
    }
    Py_XDECREF(links);
    Py_XDECREF(iter);
    recs_free(&recs);
    if (ret != SCAN_OK)
        return ret;
    if (prev != lo && hi > prev && !gap_settled(f, prev, hi, level + 1))
        return flush_scan(f, prev, hi, level + 1);
    return SCAN_OK;
}

/* Linker._flush with in_table False: writes html[h->copied:s_end], links inserted. */
static int
flush_run(H *h, RunBuf *run, Py_ssize_t s_end)
{
    Py_ssize_t start = h->copied;
    h->copied = s_end;
    if (!run->may_link)
        return out_piece(h, &h->out, start, s_end) < 0 ? SCAN_ERROR : SCAN_OK;
    PyObject *text = run_text(h, run);
    if (!text)
        return SCAN_ERROR;
    Text t;
    text_of(&t, text);
    Out pieces;
    if (out_init(&pieces, h->html, h->out.esc) < 0) {
        out_free(&pieces);
        Py_DECREF(text);
        return SCAN_ERROR;
    }
    pieces.hint = s_end - start;
    Flush f = {h, run, text, t.n, s_end, start, &pieces};
    int r = flush_scan(&f, 0, t.n, 0);
    Py_DECREF(text);
    if (r == SCAN_UNSETTLED || (r == SCAN_OK && f.copied == start)) {
        out_free(&pieces);
        return out_piece(h, &h->out, start, s_end) < 0 ? SCAN_ERROR : SCAN_OK;
    }
    if (r != SCAN_OK) {
        out_free(&pieces);
        return r;
    }
    /* out.extend(pieces); out.append(html[copied:s_end]) */
    int err = out_extend(&h->out, &pieces) < 0;
    out_free(&pieces);
    if (err || out_piece(h, &h->out, f.copied, s_end) < 0)
        return SCAN_ERROR;
    return SCAN_OK;
}

/* ------------------------------------------------------------ tokenizer */

#define SRC(i) RD(&h->src, (i))

static int
is_ws(Py_UCS4 c)
{
    return c == '\t' || c == '\n' || c == '\f' || c == ' ' || c == '\r';
}

static int
is_alpha(Py_UCS4 c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static int
is_alnum(Py_UCS4 c)
{
    return is_alpha(c) || (c >= '0' && c <= '9');
}

static Py_UCS4
lower(Py_UCS4 c)
{
    return c >= 'A' && c <= 'Z' ? c + 32 : c;
}

/* The tag starting at src[i] (the first character of its name): the index after its
 * ">", or -1 when the input ends inside it (the token is dropped). The name is
 * src[i:*name_end]. WHATWG tag name, attribute and self-closing states. */
static Py_ssize_t
parse_tag(H *h, Py_ssize_t i, Py_ssize_t *name_end)
{
    enum { NAME, BAN, AN, AAN, BAV, DQ, SQ, UQ, AVQ, SC } st = NAME;
    Py_ssize_t n = h->src.n;
    *name_end = n;
    for (; i < n; i++) {
        Py_UCS4 c = SRC(i);
        switch (st) {
        case NAME:
            if (is_ws(c) || c == '/' || c == '>') {
                *name_end = i;
                if (c == '>')
                    return i + 1;
                st = c == '/' ? SC : BAN;
            }
            break;
        case BAN:
            if (is_ws(c))
                break;
            if (c == '/' || c == '>') {
                st = AAN;
                i--;
            }
            else
                st = AN; /* "=" is the first character of the name */
            break;
        case AN:
            if (is_ws(c) || c == '/' || c == '>') {
                st = AAN;
                i--;
            }
            else if (c == '=')
                st = BAV;
            break;
        case AAN:
            if (is_ws(c))
                break;
            if (c == '/')
                st = SC;
            else if (c == '=')
                st = BAV;
            else if (c == '>')
                return i + 1;
            else {
                st = AN;
                i--;
            }
            break;
        case BAV:
            if (is_ws(c))
                break;
            if (c == '"')
                st = DQ;
            else if (c == '\'')
                st = SQ;
            else if (c == '>')
                return i + 1;
            else {
                st = UQ;
                i--;
            }
            break;
        case DQ:
            if (c == '"')
                st = AVQ;
            break;
        case SQ:
            if (c == '\'')
                st = AVQ;
            break;
        case UQ:
            if (is_ws(c))
                st = BAN;
            else if (c == '>')
                return i + 1;
            break;
        case AVQ:
            if (is_ws(c))
                st = BAN;
            else if (c == '/')
                st = SC;
            else if (c == '>')
                return i + 1;
            else {
                st = BAN;
                i--;
            }
            break;
        case SC:
            if (c == '>')
                return i + 1;
            st = BAN;
            i--;
            break;
        }
    }
    return -1;
}

/* The index after the first ">" at or after i, or the end. */
static Py_ssize_t
to_gt(H *h, Py_ssize_t i)
{
    for (; i < h->src.n; i++)
        if (SRC(i) == '>')
            return i + 1;
    return h->src.n;
}

/* A comment starting at src[i] == "<!--": the index after it (the end when unclosed). */
static Py_ssize_t
comment_end(H *h, Py_ssize_t i)
{
    Py_ssize_t n = h->src.n;
    if (i + 4 < n && SRC(i + 4) == '>')
        return i + 5; /* "<!-->" */
    if (i + 5 < n && SRC(i + 4) == '-' && SRC(i + 5) == '>')
        return i + 6; /* "<!--->" */
    for (Py_ssize_t j = i + 4; j + 2 < n; j++) {
        if (SRC(j) != '-' || SRC(j + 1) != '-')
            continue;
        if (SRC(j + 2) == '>')
            return j + 3;
        if (SRC(j + 2) == '!' && j + 3 < n && SRC(j + 3) == '>')
            return j + 4;
    }
    return n;
}

static const Py_UCS4 C1_REPLACEMENTS[32] = {
    0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
    0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
};

/* A character reference at src[i] == "&": its end and decoded text (a new reference),
 * 0; 1 when it is not one (the "&" is text); -1 on error. */
static int
char_ref(H *h, Py_ssize_t i, Py_ssize_t *end, PyObject **value)
{
    Py_ssize_t n = h->src.n;
    if (i + 1 >= n)
        return 1;
    Py_UCS4 c = SRC(i + 1);
    if (c == '#') {
        Py_ssize_t j = i + 2;
        int hex = j < n && (SRC(j) == 'x' || SRC(j) == 'X');
        if (hex)
            j++;
        Py_ssize_t k = j;
        Py_UCS4 v = 0;
        for (; k < n; k++) {
            Py_UCS4 d = SRC(k);
            int digit;
            if (d >= '0' && d <= '9')
                digit = (int)(d - '0');
            else if (hex && d >= 'a' && d <= 'f')
                digit = (int)(d - 'a' + 10);
            else if (hex && d >= 'A' && d <= 'F')
                digit = (int)(d - 'A' + 10);
            else
                break;
            if (v <= 0x10FFFF)
                v = v * (hex ? 16 : 10) + (Py_UCS4)digit;
        }
        if (k == j)
            return 1; /* absence of digits */
        *end = k < n && SRC(k) == ';' ? k + 1 : k;
        if (v == 0 || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF))
            v = 0xFFFD;
        else if (v >= 0x80 && v <= 0x9F)
            v = C1_REPLACEMENTS[v - 0x80];
        *value = PyUnicode_FromOrdinal((int)v);
        return *value ? 0 : -1;
    }
    if (!is_alnum(c))
        return 1;
    Py_ssize_t k = i + 1;
    while (k < n && is_alnum(SRC(k)))
        k++;
    Py_ssize_t len = k - (i + 1);
    if (k < n && SRC(k) == ';' && len + 1 <= h->named_max) {
        PyObject *name = PyUnicode_Substring(h->srcobj, i + 1, k + 1);
        if (!name)
            return -1;
        PyObject *v = PyDict_GetItemWithError(h->entities, name);
        Py_DECREF(name);
        if (v) {
            *end = k + 1;
            *value = Py_NewRef(v);
            return 0;
        }
        if (PyErr_Occurred())
            return -1;
    }
    for (Py_ssize_t l = len < h->legacy_max ? len : h->legacy_max; l > 0; l--) {
        PyObject *name = PyUnicode_Substring(h->srcobj, i + 1, i + 1 + l);
        if (!name)
            return -1;
        PyObject *v = PyDict_GetItemWithError(h->entities, name);
        Py_DECREF(name);
        if (!v) {
            if (PyErr_Occurred())
                return -1;
            continue;
        }
        /* A match without ";": the letters and digits after it come with it (as the
         * tokenizer used by html.py reports the token). */
        *end = k;
        if (i + 1 + l == k) {
            *value = Py_NewRef(v);
            return 0;
        }
        PyObject *rest = PyUnicode_Substring(h->srcobj, i + 1 + l, k);
        *value = rest ? PyUnicode_Concat(v, rest) : NULL;
        Py_XDECREF(rest);
        return *value ? 0 : -1;
    }
    return 1;
}

/* ------------------------------------------------------------ Linker._chunks */

/* Tags that make html.py's _chunks track the tree builder (or a boundary of an a's
 * scope): the Python driver handles the document. */
static const char *const BAIL_TAGS[] = {
    "svg", "math", "select", "frameset", "noscript", "table", "template", "tbody", "thead", "tfoot", "tr",
    "colgroup", "col", "td", "th", "caption", "applet", "marquee", "object", NULL,
};

enum { RAW_NONE = 0, RAW_TEXT, RAW_SCRIPT, RAW_PLAINTEXT };

static int
raw_kind(const char *name)
{
    static const char *const raw[] = {"style", "xmp", "iframe", "noembed", "noframes", "title", "textarea", NULL};
    if (!strcmp(name, "script"))
        return RAW_SCRIPT;
    if (!strcmp(name, "plaintext"))
        return RAW_PLAINTEXT;
    for (int k = 0; raw[k]; k++)
        if (!strcmp(name, raw[k]))
            return RAW_TEXT;
    return RAW_NONE;
}

/* The end tag that closes a raw-text element named name (ASCII, lower-case) whose
 * content starts at i: its start, or the end of the input. */
static Py_ssize_t
raw_end(H *h, Py_ssize_t i, const char *name, Py_ssize_t len)
{
    Py_ssize_t n = h->src.n;
    for (Py_ssize_t j = i; j + 2 + len < n; j++) {
        if (SRC(j) != '<' || SRC(j + 1) != '/')
            continue;
        Py_ssize_t k = 0;
        while (k < len && lower(SRC(j + 2 + k)) == (Py_UCS4)(unsigned char)name[k])
            k++;
        if (k < len)
            continue;
        Py_UCS4 c = SRC(j + 2 + len);
        if (is_ws(c) || c == '/' || c == '>')
            return j;
    }
    return n;
}

/* A start or end tag of the driver (name ASCII, lower-case). SCAN_OK or SCAN_BAIL. */
static int
driver_tag(H *h, int is_start, const char *name, Py_ssize_t len)
{
    if (strchr("acfmnost", name[0]))
        for (int k = 0; BAIL_TAGS[k]; k++)
            if (BAIL_TAGS[k][0] == name[0] && !strcmp(name, BAIL_TAGS[k]))
                return SCAN_BAIL;
    for (int k = 0; k < h->n_skip; k++) {
        if (h->skip_len[k] != len || h->skip[k][0] != name[0] || memcmp(name, h->skip[k], (size_t)len))
            continue;
        int is_a = name[0] == 'a' && !name[1];
        if (is_start) {
            if (is_a && h->open[k])
                return SCAN_OK; /* an <a> closes the open a first: a elements never nest */
            h->open[k]++;
            h->depth++;
        }
        else if (h->open[k]) {
            h->open[k]--;
            h->depth--;
        }
        return SCAN_OK;
    }
    return SCAN_OK;
}

/* 1: ends literal text ("<", "&"); 2: a character html._MAY_LINK looks for. */
static uint8_t STOP[256];

static void
init_stop(void)
{
    STOP['<'] = STOP['&'] = 1;
    STOP[':'] = STOP['@'] = STOP['.'] = 2;
}

/* The end of the literal text at d[j:] (the next "<" or "&", or n) in 2- and 4-byte
 * text; *seen = 2 when a ":", "@" or label separator comes before it. */
#define TEXT_END(T)                                                                     \
    static Py_ssize_t text_end_##T(const T *d, Py_ssize_t j, Py_ssize_t n, int *seen)   \
    {                                                                                   \
        for (; j < n; j++) {                                                            \
            T c = d[j];                                                                 \
            if (c < 0x80) {                                                             \
                if (STOP[c] & 1)                                                        \
                    break;                                                              \
                *seen |= STOP[c];                                                       \
            }                                                                           \
            else if (c == 0x3002 || c == 0xFF0E || c == 0xFF61) /* is_sep */            \
                *seen = 2;                                                              \
        }                                                                               \
        return j;                                                                       \
    }
TEXT_END(Py_UCS2)
TEXT_END(Py_UCS4)
#undef TEXT_END

#if defined(HTML_SSE2)
/* text_end_Py_UCS2 eight characters at a time (SSE2 compares), up to the eight that hold
 * the "<" or "&"; text_end_Py_UCS2 from there. */
static Py_ssize_t
text_end_ucs2(const Py_UCS2 *d, Py_ssize_t j, Py_ssize_t n, int *seen)
{
    const __m128i lt = _mm_set1_epi16('<'), amp = _mm_set1_epi16('&');
    for (; n - j >= 8; j += 8) {
        __m128i v = _mm_loadu_si128((const __m128i *)(d + j));
        if (_mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi16(v, lt), _mm_cmpeq_epi16(v, amp))))
            break;
        if (ucs2_link_chars(v))
            *seen = 2;
    }
    return text_end_Py_UCS2(d, j, n, seen);
}
#else
#define text_end_ucs2 text_end_Py_UCS2
#endif

static int
drive(H *h, RunBuf *run)
{
    Py_ssize_t n = h->src.n, i = 0, run_end = 0;
    /* the next "<", "&", ":", "@" and "." at or after the last search (1-byte text) */
    static const int NEXT_CHARS[5] = {'<', '&', ':', '@', '.'};
    Py_ssize_t next[5] = {-1, -1, -1, -1, -1};
#define FLUSH()                                                   \
    do {                                                          \
        if (run->n) {                                             \
            int fr_ = flush_run(h, run, run_end);                 \
            run_clear(run);                                       \
            if (fr_ != SCAN_OK)                                   \
                return fr_;                                       \
        }                                                         \
    } while (0)
#define TEXT(a, b, v)                                             \
    do {                                                          \
        if (!h->depth) {                                          \
            if (run_add(run, (a), (b), (v)) < 0)                  \
                return SCAN_ERROR;                                \
            run_end = (b);                                        \
        }                                                         \
        else                                                      \
            Py_XDECREF(v);                                        \
    } while (0)
    while (i < n) {
        /* literal text up to the next "<" or "&" */
        Py_ssize_t j = i;
        int seen = 0;
        if (h->src.kind == PyUnicode_1BYTE_KIND) {
            /* memchr per character, each from where its last search ended: linear */
            const Py_UCS1 *d = (const Py_UCS1 *)h->src.data;
            Py_ssize_t stop = n;
            for (int k = 0; k < 5; k++) {
                if (next[k] < i) {
                    const Py_UCS1 *p = memchr(d + i, NEXT_CHARS[k], (size_t)(n - i));
                    next[k] = p ? p - d : n;
                }
                if (k < 2 && next[k] < stop)
                    stop = next[k];
                else if (k >= 2 && next[k] < stop)
                    seen = 2;
            }
            j = stop;
        }
        else if (h->src.kind == PyUnicode_2BYTE_KIND)
            j = text_end_ucs2((const Py_UCS2 *)h->src.data, i, n, &seen);
        else
            j = text_end_Py_UCS4((const Py_UCS4 *)h->src.data, i, n, &seen);
        if (j > i) {
            TEXT(i, j, (PyObject *)NULL);
            if (seen && !h->depth)
                run->may_link = 1;
        }
        i = j;
        if (i >= n)
            break;
        if (SRC(i) == '&') {
            Py_ssize_t end;
            PyObject *value = NULL;
            int r = char_ref(h, i, &end, &value);
            if (r < 0)
                return SCAN_ERROR;
            if (r == 1) {
                TEXT(i, i + 1, (PyObject *)NULL);
                i++;
            }
            else {
                TEXT(i, end, value);
                i = end;
            }
            continue;
        }
        /* "<" */
        Py_UCS4 c = i + 1 < n ? SRC(i + 1) : 0;
        int is_start = is_alpha(c);
        int is_end = c == '/' && i + 2 < n && is_alpha(SRC(i + 2));
        if (!is_start && !is_end) {
            Py_ssize_t end;
            if (c == '!') {
                if (i + 3 < n && SRC(i + 2) == '-' && SRC(i + 3) == '-')
                    end = comment_end(h, i);
                else
                    end = to_gt(h, i + 2); /* DOCTYPE, CDATA (bogus here), bogus comment */
            }
            else if (c == '?' || (c == '/' && i + 2 < n)) {
                if (c == '/' && SRC(i + 2) == '>')
                    return SCAN_BAIL; /* "</>" (html._tokens blanks them first) */
                end = to_gt(h, i + 2);
            }
            else { /* "<" as text */
                TEXT(i, i + 1, (PyObject *)NULL);
                i++;
                continue;
            }
            FLUSH();
            i = end;
            continue;
        }
        Py_ssize_t name_start = is_start ? i + 1 : i + 2, name_end;
        Py_ssize_t end = parse_tag(h, name_start, &name_end);
        FLUSH();
        if (end < 0)
            break; /* cut off by the end of the input: dropped, the rest copied */
        char name[MAX_NAME + 1];
        Py_ssize_t len = name_end - name_start;
        int known = len <= MAX_NAME;
        for (Py_ssize_t k = 0; k < len; k++) {
            Py_UCS4 ch = SRC(name_start + k);
            if (ch > 0x7F)
                return SCAN_BAIL; /* str.lower() of a non-ASCII name */
            if (known)
                name[k] = (char)lower(ch);
        }
        if (!known) { /* longer than any name this driver looks at */
            i = end;
            continue;
        }
        name[len] = 0;
        int r = driver_tag(h, is_start, name, len);
        if (r != SCAN_OK)
            return r;
        i = end;
        if (!is_start)
            continue;
        int raw = raw_kind(name);
        if (raw == RAW_PLAINTEXT)
            break; /* the rest is text inside plaintext: skipped */
        if (raw == RAW_NONE)
            continue;
        Py_ssize_t close = raw_end(h, i, name, len);
        if (raw == RAW_SCRIPT) {
            for (Py_ssize_t k = i; k + 3 < close; k++)
                if (SRC(k) == '<' && SRC(k + 1) == '!' && SRC(k + 2) == '-' && SRC(k + 3) == '-')
                    return SCAN_BAIL; /* the escaped script states */
        }
        if (close >= n)
            break;
        if (h->depth == 0)
            return SCAN_BAIL; /* never: raw-text elements are always skipped */
        i = close; /* the end tag, read by the loop */
        Py_ssize_t close_end = parse_tag(h, close + 2, &name_end);
        if (close_end < 0)
            break;
        r = driver_tag(h, 0, name, len);
        if (r != SCAN_OK)
            return r;
        i = close_end;
    }
    FLUSH();
#undef FLUSH
#undef TEXT
    return out_piece(h, &h->out, h->copied, PyUnicode_GET_LENGTH(h->html)) < 0 ? SCAN_ERROR : SCAN_OK;
}

static int
read_ctx(H *h, PyObject *ctx)
{
    /* (skip_names, parse_email, gate_args | None, mode, found, anchor | None, visible,
     *  unsafe, entities, legacy_max, named_max, settle | None) */
    if (!PyTuple_Check(ctx) || PyTuple_GET_SIZE(ctx) != 12) {
        PyErr_SetString(PyExc_TypeError, "html_linkify: a bad context");
        return -1;
    }
    PyObject *skip = PyTuple_GET_ITEM(ctx, 0);
    if (!PyTuple_Check(skip) || PyTuple_GET_SIZE(skip) > MAX_SKIP) {
        PyErr_SetString(PyExc_TypeError, "html_linkify: skip names must be a tuple");
        return -1;
    }
    h->n_skip = (int)PyTuple_GET_SIZE(skip);
    for (int k = 0; k < h->n_skip; k++) {
        PyObject *s = PyTuple_GET_ITEM(skip, k);
        Py_ssize_t len;
        const char *u = PyUnicode_Check(s) ? PyUnicode_AsUTF8AndSize(s, &len) : NULL;
        if (!u || len > MAX_NAME || !PyUnicode_IS_ASCII(s)) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "html_linkify: skip names must be short ASCII str");
            return -1;
        }
        memcpy(h->skip[k], u, (size_t)len + 1);
        h->skip_len[k] = len;
        h->open[k] = 0;
    }
    h->parse_email = PyObject_IsTrue(PyTuple_GET_ITEM(ctx, 1));
    PyObject *gate = PyTuple_GET_ITEM(ctx, 2);
    PyObject *mode = PyTuple_GET_ITEM(ctx, 3);
    h->mode = (int)PyLong_AsLong(mode);
    if (h->parse_email < 0 || PyErr_Occurred())
        return -1;
    if (h->mode == MODE_GATE) {
        if (!PyTuple_Check(gate) || PyTuple_GET_SIZE(gate) != 4) {
            PyErr_SetString(PyExc_TypeError, "html_linkify: gate arguments must be a 4-tuple");
            return -1;
        }
        for (int k = 0; k < 4; k++)
            h->gate_args[k] = PyTuple_GET_ITEM(gate, k);
    }
    else if (h->mode != MODE_BASE && h->mode != MODE_PYTHON) {
        PyErr_SetString(PyExc_ValueError, "html_linkify: a bad mode");
        return -1;
    }
    h->found = PyTuple_GET_ITEM(ctx, 4);
    h->anchor = PyTuple_GET_ITEM(ctx, 5);
    h->visible = PyTuple_GET_ITEM(ctx, 6);
    h->unsafe = PyTuple_GET_ITEM(ctx, 7);
    h->entities = PyTuple_GET_ITEM(ctx, 8);
    h->legacy_max = (int)PyLong_AsLong(PyTuple_GET_ITEM(ctx, 9));
    h->named_max = (int)PyLong_AsLong(PyTuple_GET_ITEM(ctx, 10));
    h->settle = PyTuple_GET_ITEM(ctx, 11);
    if (h->mode == MODE_GATE && !PyCallable_Check(h->settle)) {
        PyErr_SetString(PyExc_TypeError, "html_linkify: a bad context");
        return -1;
    }
    if (PyErr_Occurred())
        return -1;
    if (!PyDict_Check(h->entities) || !PyCallable_Check(h->found) || !PyCallable_Check(h->visible) ||
        !PyCallable_Check(h->unsafe) || (h->anchor != Py_None && !PyCallable_Check(h->anchor))) {
        PyErr_SetString(PyExc_TypeError, "html_linkify: a bad context");
        return -1;
    }
    return 0;
}

static int
init_strings(void)
{
    if (s_close)
        return 0;
#define INTERN(var, lit)                                \
    if (!(var = PyUnicode_InternFromString(lit)))       \
        return -1;
    init_stop();
    init_escapes();
    INTERN(empty_str, "");
    INTERN(s_href, "href");
    INTERN(s_text, "text");
    INTERN(s_puny, "punycode_host");
    INTERN(s_invis, "escape_invisibles");
    INTERN(s_open, "<a href=\"");
    INTERN(s_rel, "\" rel=\"nofollow\">");
    INTERN(s_norel, "\">");
    INTERN(s_close, "</a>");
    INTERN(s_https_sep, "https://");
#undef INTERN
    return 0;
}

/* The plain-text mode's escapes: None (the text is HTML as it stands) or the
 * replacements of & < > " ' (ASCII str). */
static int
read_escapes(H *h, PyObject *escapes)
{
    static const char chars[5] = {'&', '<', '>', '"', '\''};
    h->plain = 1;
    if (escapes == Py_None)
        return 0;
    if (!PyTuple_Check(escapes) || PyTuple_GET_SIZE(escapes) != 5) {
        PyErr_SetString(PyExc_TypeError, "html_linkify: escapes must be None or a 5-tuple");
        return -1;
    }
    for (int k = 0; k < 5; k++) {
        PyObject *r = PyTuple_GET_ITEM(escapes, k);
        Py_ssize_t len;
        const char *u = PyUnicode_Check(r) && PyUnicode_IS_ASCII(r) ? PyUnicode_AsUTF8AndSize(r, &len) : NULL;
        if (!u || len < 1 || len >= 16) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "html_linkify: an escape must be a short ASCII str");
            return -1;
        }
        memcpy(h->escbuf[k], u, (size_t)len + 1); /* kept in the call's state: no call sees another's */
        h->esc.rep[(unsigned char)chars[k]] = h->escbuf[k];
    }
    h->escaping = 1;
    return 0;
}

/* html_linkify(html, src, ctx) -> str | None: Linker.linkify(html) for the calls the
 * compiled driver covers, None for the others (the Python driver then runs).
 * html_linkify(text, decoded, ctx, escapes) -> str | None: _urlize.linkify_text, the
 * text linked as one run of plain text, the output escaped. */
/* Whether the tokenizer's input differs from the document (html._tokenizer_input: a CR,
 * a NUL or "</>" in it). Blocks of characters OR-ed without a branch per character,
 * which compilers turn into vector compares: the common answer, no, costs a fraction
 * of a pass of str.__contains__ (a NUL in 2-byte text has no memchr shortcut). */
#define SOURCE_CHANGED(T)                                                               \
    VECTORIZE static int source_changed_##T(const T *d, Py_ssize_t n)                    \
    {                                                                                   \
        for (Py_ssize_t i = 0; i < n; i += 512) {                                       \
            Py_ssize_t e = n - i > 512 ? i + 512 : n;                                   \
            unsigned hit = 0;                                                           \
            for (Py_ssize_t k = i; k < e; k++)                                          \
                hit |= (unsigned)(d[k] == 0) | (unsigned)(d[k] == '\r');                \
            Py_ssize_t e3 = e < n - 2 ? e : n - 2; /* "</>" starting in the block */    \
            for (Py_ssize_t k = i; k < e3; k++)                                         \
                hit |= (unsigned)(d[k] == '<') & (unsigned)(d[k + 1] == '/') & (unsigned)(d[k + 2] == '>'); \
            if (hit)                                                                    \
                return 1;                                                               \
        }                                                                               \
        return 0;                                                                       \
    }
SOURCE_CHANGED(Py_UCS1)
SOURCE_CHANGED(Py_UCS2)
SOURCE_CHANGED(Py_UCS4)
#undef SOURCE_CHANGED

#if defined(HTML_SSE2)
/* source_changed_T with SSE2 compares: W characters of B bytes a vector (the last few
 * and a text shorter than W + 2 by the loops above). */
#define SOURCE_CHANGED_SSE2(T, W, SET1, CMPEQ)                                            \
    static int source_changed_sse2_##T(const T *d, Py_ssize_t n)                          \
    {                                                                                   \
        const __m128i nul = SET1(0), cr = SET1('\r'), lt = SET1('<'), sl = SET1('/'), gt = SET1('>'); \
        Py_ssize_t k = 0;                                                               \
        for (; n - k >= W + 2; k += W) {                                                \
            __m128i v0 = _mm_loadu_si128((const __m128i *)(d + k));                     \
            __m128i v1 = _mm_loadu_si128((const __m128i *)(d + k + 1));                 \
            __m128i v2 = _mm_loadu_si128((const __m128i *)(d + k + 2));                 \
            __m128i m = _mm_or_si128(CMPEQ(v0, nul), CMPEQ(v0, cr));                    \
            m = _mm_or_si128(m, _mm_and_si128(CMPEQ(v0, lt), _mm_and_si128(CMPEQ(v1, sl), CMPEQ(v2, gt)))); \
            if (_mm_movemask_epi8(m))                                                   \
                return 1;                                                               \
        }                                                                               \
        return source_changed_##T(d + k, n - k);                                        \
    }
SOURCE_CHANGED_SSE2(Py_UCS1, 16, _mm_set1_epi8, _mm_cmpeq_epi8)
SOURCE_CHANGED_SSE2(Py_UCS2, 8, _mm_set1_epi16, _mm_cmpeq_epi16)
#undef SOURCE_CHANGED_SSE2
#else
#define source_changed_sse2_Py_UCS1 source_changed_Py_UCS1
#define source_changed_sse2_Py_UCS2 source_changed_Py_UCS2
#endif

static int
source_changed(PyObject *html)
{
    Text t;
    text_of(&t, html);
    if (t.kind == PyUnicode_1BYTE_KIND)
        return source_changed_sse2_Py_UCS1((const Py_UCS1 *)t.data, t.n);
    if (t.kind == PyUnicode_2BYTE_KIND)
        return source_changed_sse2_Py_UCS2((const Py_UCS2 *)t.data, t.n);
    return source_changed_Py_UCS4((const Py_UCS4 *)t.data, t.n);
}

/* html_linkify(html, src, ctx[, escapes]): the linked document, or None where the
 * Python driver decides. src is html._tokenizer_input(html), or None for "html itself
 * if it is its own tokenizer input": then NotImplemented when it is not, and the
 * caller passes the tokenizer input (html.Linker.linkify). */
PyObject *
py_html_linkify(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if ((nargs != 3 && nargs != 4) || !PyUnicode_Check(args[0]) || (!PyUnicode_Check(args[1]) && args[1] != Py_None)) {
        PyErr_SetString(PyExc_TypeError, "html_linkify(html, src, ctx[, escapes])");
        return NULL;
    }
    if (PyUnicode_READY(args[0]) < 0 || (args[1] != Py_None && PyUnicode_READY(args[1]) < 0))
        return NULL;
    PyObject *src = args[1];
    if (src == Py_None) {
        if (source_changed(args[0]))
            Py_RETURN_NOTIMPLEMENTED;
        src = args[0];
    }
    if (PyUnicode_GET_LENGTH(args[0]) != PyUnicode_GET_LENGTH(src)) {
        PyErr_SetString(PyExc_ValueError, "html_linkify: html and src differ in length");
        return NULL;
    }
    if (init_strings() < 0 || (!configured && ensure_configured() < 0))
        return NULL;
    H h;
    memset(&h, 0, sizeof h);
    h.html = args[0];
    h.srcobj = src;
    text_of(&h.src, src);
    if (read_ctx(&h, args[2]) < 0 || (nargs == 4 && read_escapes(&h, args[3]) < 0))
        return NULL;
    if (out_init(&h.out, h.html, h.escaping ? &h.esc : NULL) < 0) {
        out_free(&h.out);
        return NULL;
    }
    RunBuf run = {NULL, 0, 0, 0, 0};
    int r;
    if (h.plain) {
        if (h.src.n && run_add(&run, 0, h.src.n, NULL) < 0)
            r = SCAN_ERROR;
        else {
            run.may_link = may_link(&h.src, 0, h.src.n);
            r = run.n ? flush_run(&h, &run, h.src.n) : SCAN_OK;
        }
    }
    else
        r = drive(&h, &run);
    run_clear(&run);
    PyMem_Free(run.items);
    PyObject *result = NULL;
    if (r == SCAN_OK)
        result = out_value(&h.out);
    else if (r == SCAN_BAIL)
        result = Py_NewRef(Py_None);
    out_free(&h.out);
    return result;
}
