/*
 * href.c -- the hrefs of Links: detection.py's _percent (UTF-8, surrogatepass,
 * percent-encoded outside a safe set), _href (scheme://host + rest) and _mailto
 * (mailto:local@domain), written straight into one ASCII str.
 */
#include "_speedups.h"

static const char HEX[] = "0123456789ABCDEF";
uint8_t href_safe[128], mailto_safe[128];

static void
init_safe(uint8_t *tab, const char *safe)
{
    for (int b = 0; b < 128; b++)
        tab[b] = (Py_ISALNUM(b) || (b && strchr(safe, b) != NULL)) ? 1 : 0;
}

/* Bytes of the percent-encoded UTF-8 (surrogatepass) of text[a:b]. */
Py_ssize_t
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

/* prefix + percent(text[a:b], safe) + mid + host; prefix/mid/host are ASCII str. A host
 * HOST_IN_TEXT is text[ha:hb] in lower case (ASCII: detection.c ascii_host_is_fast). */
PyObject *
build_href(PyObject *prefix, const char *mid, PyObject *host, Py_ssize_t ha, Py_ssize_t hb, const Text *t,
           Py_ssize_t a, Py_ssize_t b, const uint8_t *safe, int encode_first)
{
    if (host == HOST_IN_TEXT && !PyUnicode_IS_ASCII(prefix)) {
        /* not expected (schemes are ASCII): the host as a str, then as below */
        PyObject *h = PyUnicode_New(hb - ha, 127);
        if (!h)
            return NULL;
        Py_UCS1 *o = PyUnicode_1BYTE_DATA(h);
        for (Py_ssize_t i = ha; i < hb; i++)
            *o++ = (Py_UCS1)Py_TOLOWER(RD(t, i));
        PyObject *r = build_href(prefix, mid, h, 0, 0, t, a, b, safe, encode_first);
        Py_DECREF(h);
        return r;
    }
    /* encode_first: prefix + pct + mid + host (mailto); else prefix + mid + host + pct */
    Py_ssize_t lp = PyUnicode_GET_LENGTH(prefix);
    Py_ssize_t lh = host == HOST_IN_TEXT ? hb - ha : PyUnicode_GET_LENGTH(host);
    Py_ssize_t lm = (Py_ssize_t)strlen(mid);
    Py_ssize_t lq = percent_len(t, a, b, safe);
    if (host != HOST_IN_TEXT && (!PyUnicode_IS_ASCII(prefix) || !PyUnicode_IS_ASCII(host))) {
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
    if (host == HOST_IN_TEXT) {
        if (t->kind == PyUnicode_1BYTE_KIND) {
            const Py_UCS1 *d = (const Py_UCS1 *)t->data;
            for (Py_ssize_t i = ha; i < hb; i++)
                *o++ = (Py_UCS1)Py_TOLOWER(d[i]);
        }
        else
            for (Py_ssize_t i = ha; i < hb; i++)
                *o++ = (Py_UCS1)Py_TOLOWER(RD(t, i));
    }
    else {
        memcpy(o, PyUnicode_1BYTE_DATA(host), lh);
        o += lh;
    }
    if (!encode_first)
        o = percent_write(o, t, a, b, safe);
    return out;
}

/* The ASCII safe set of an href ("!#$..."): ASCII alphanumerics plus these. */
int
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
