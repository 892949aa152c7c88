/*
 * _clirender.c -- the `uts58` command line's output writer in compiled code (issue 19):
 * a transliteration of cli.py's _render_piece loops for the marks, --json and linkify
 * outputs, writing UTF-8 bytes straight from the text and the Links' fields.
 *
 * cli.py's Python loops stay the readable reference and run wherever this module is
 * missing (no compiler, UTS58_PURE_PYTHON=1), where standard output is not UTF-8, and
 * wherever render() returns None (a lone surrogate, which the Python path reports as
 * an encoding error). tests/test_cli_render.py compares both on random text and links.
 *
 * render(mode, text, links, lo, hi, head, anchors) -> bytes | None
 *   mode 0 (marks):   text[lo:hi] with U+2E20 before and U+2E21 after each link's text;
 *   mode 1 (json):    one line per link: head, start, end, kind, text, href (as
 *                     json.encoder.encode_basestring writes a str); head is the bytes
 *                     up to the start offset, and lo is added to every offset;
 *   mode 2 (linkify): text[lo:hi], html.escape(quote=False) between the links, and
 *                     anchors[i] (a str, written as it is) in place of link i.
 * In modes 0 and 2 the links lie in [lo, hi], in order, without overlap.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

typedef struct {
    char *buf;
    Py_ssize_t len, cap;
} Buf;

static int
buf_grow(Buf *b, Py_ssize_t need)
{
    if (b->len + need <= b->cap)
        return 0;
    Py_ssize_t cap = b->cap ? b->cap : 4096;
    while (cap < b->len + need) {
        if (cap > PY_SSIZE_T_MAX / 2) {
            PyErr_NoMemory();
            return -1;
        }
        cap *= 2;
    }
    char *p = PyMem_Realloc(b->buf, (size_t)cap);
    if (!p) {
        PyErr_NoMemory();
        return -1;
    }
    b->buf = p;
    b->cap = cap;
    return 0;
}

static inline void
put(Buf *b, const char *s, Py_ssize_t n) /* room made by the caller */
{
    memcpy(b->buf + b->len, s, (size_t)n);
    b->len += n;
}

/* How a character is written: plain UTF-8, JSON string content, or HTML text. */
enum { ESC_NONE, ESC_JSON, ESC_HTML };

static const char HEX[] = "0123456789abcdef";

/* The ASCII characters written as they are: in JSON (json.encoder.encode_basestring
 * escapes the C0 controls, '"' and '\\') and in HTML text (html.escape(quote=False):
 * '&', '<', '>'); set by init_tables(). */
static unsigned char JSON_KEEP[256], HTML_KEEP[256];

static void
init_tables(void)
{
    for (int c = 0; c < 128; c++) {
        JSON_KEEP[c] = c >= 0x20 && c != '"' && c != '\\';
        HTML_KEEP[c] = c != '&' && c != '<' && c != '>';
    }
}

/* Write the ASCII character c at o, escaped as `esc` says; the end of what was written
 * (at most 6 bytes). */
static inline char *
put_escape(char *o, unsigned char c, int esc)
{
    if (esc == ESC_JSON && !JSON_KEEP[c]) {
        *o++ = '\\';
        switch (c) {
        case '"': *o++ = '"'; break;
        case '\\': *o++ = '\\'; break;
        case '\b': *o++ = 'b'; break;
        case '\f': *o++ = 'f'; break;
        case '\n': *o++ = 'n'; break;
        case '\r': *o++ = 'r'; break;
        case '\t': *o++ = 't'; break;
        default:
            *o++ = 'u';
            *o++ = '0';
            *o++ = '0';
            *o++ = HEX[(c >> 4) & 0xF];
            *o++ = HEX[c & 0xF];
        }
    }
    else if (esc == ESC_HTML && !HTML_KEEP[c]) {
        const char *r = c == '&' ? "&amp;" : c == '<' ? "&lt;" : "&gt;";
        size_t rn = strlen(r);
        memcpy(o, r, rn);
        o += rn;
    }
    else
        *o++ = (char)c;
    return o;
}

/* Append s[a:b] as UTF-8, escaped as `esc` says. 1: done; 0: a lone surrogate (the
 * caller returns None); -1: an error. */
static int
put_str(Buf *b, PyObject *s, Py_ssize_t a, Py_ssize_t b_end, int esc)
{
    if (b_end <= a)
        return 1;
    int kind = PyUnicode_KIND(s);
    const void *data = PyUnicode_DATA(s);
    Py_ssize_t n = b_end - a;
    if (esc == ESC_NONE && PyUnicode_IS_ASCII(s)) {
        if (buf_grow(b, n) < 0)
            return -1;
        put(b, (const char *)data + a, n);
        return 1;
    }
    if (PyUnicode_IS_ASCII(s)) { /* escaped: runs of characters kept, copied at once */
        const unsigned char *p = (const unsigned char *)data, *keep = esc == ESC_JSON ? JSON_KEEP : HTML_KEEP;
        Py_ssize_t i = a;
        while (i < b_end) {
            Py_ssize_t j = i;
            while (j < b_end && keep[p[j]])
                j++;
            if (buf_grow(b, j - i + 6) < 0)
                return -1;
            put(b, (const char *)p + i, j - i);
            if (j < b_end) {
                char *o = b->buf + b->len;
                b->len = put_escape(o, p[j], esc) - b->buf;
                j++;
            }
            i = j;
        }
        return 1;
    }
    /* at most 6 bytes a character (a JSON \u00XX escape; HTML's longest is 5, UTF-8's 4) */
    if (n > (PY_SSIZE_T_MAX - b->len) / 6) {
        PyErr_NoMemory();
        return -1;
    }
    if (buf_grow(b, 6 * n) < 0)
        return -1;
    char *o = b->buf + b->len;
    for (Py_ssize_t i = a; i < b_end; i++) {
        Py_UCS4 c = PyUnicode_READ(kind, data, i);
        if (c < 0x80)
            o = put_escape(o, (unsigned char)c, esc);
        else if (c < 0x800) {
            *o++ = (char)(0xC0 | (c >> 6));
            *o++ = (char)(0x80 | (c & 0x3F));
        }
        else if (c < 0x10000) {
            if (c >= 0xD800 && c <= 0xDFFF)
                return 0; /* not encodable: the Python path says so */
            *o++ = (char)(0xE0 | (c >> 12));
            *o++ = (char)(0x80 | ((c >> 6) & 0x3F));
            *o++ = (char)(0x80 | (c & 0x3F));
        }
        else {
            *o++ = (char)(0xF0 | (c >> 18));
            *o++ = (char)(0x80 | ((c >> 12) & 0x3F));
            *o++ = (char)(0x80 | ((c >> 6) & 0x3F));
            *o++ = (char)(0x80 | (c & 0x3F));
        }
    }
    b->len = o - b->buf;
    return 1;
}

static PyObject *s_start, *s_end, *s_kind, *s_text, *s_href;

/* A Link's str attribute (a new reference), or NULL with an error set. */
static PyObject *
str_attr(PyObject *link, PyObject *name)
{
    PyObject *v = PyObject_GetAttr(link, name);
    if (v && !PyUnicode_Check(v)) {
        PyErr_Format(PyExc_TypeError, "Link.%U must be a str", name);
        Py_CLEAR(v);
    }
    return v;
}

static int
int_attr(PyObject *link, PyObject *name, Py_ssize_t *out)
{
    PyObject *v = PyObject_GetAttr(link, name);
    if (!v)
        return -1;
    *out = PyLong_Check(v) ? PyLong_AsSsize_t(v) : -1;
    Py_DECREF(v);
    if (*out < 0 && !PyErr_Occurred())
        PyErr_Format(PyExc_ValueError, "Link.%U is not a valid offset", name);
    return PyErr_Occurred() ? -1 : 0;
}

static int
put_int(Buf *b, Py_ssize_t v) /* v >= 0: an offset */
{
    char tmp[24];
    int n = 0;
    size_t u = (size_t)v;
    do {
        tmp[sizeof tmp - 1 - n++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (buf_grow(b, n) < 0)
        return -1;
    put(b, tmp + sizeof tmp - n, n);
    return 0;
}

#define LIT(b, s) (buf_grow((b), sizeof(s) - 1) < 0 ? -1 : (put((b), (s), sizeof(s) - 1), 0))

static PyObject *
render(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 7 || !PyLong_Check(args[0]) || !PyUnicode_Check(args[1]) || !PyList_Check(args[2]) ||
        !PyLong_Check(args[3]) || !PyLong_Check(args[4]) || !PyBytes_Check(args[5]) ||
        (args[6] != Py_None && !PyList_Check(args[6]))) {
        PyErr_SetString(PyExc_TypeError, "render(mode, text, links, lo, hi, head, anchors)");
        return NULL;
    }
    long mode = PyLong_AsLong(args[0]);
    PyObject *text = args[1], *links = args[2], *head = args[5], *anchors = args[6];
    Py_ssize_t lo = PyLong_AsSsize_t(args[3]), hi = PyLong_AsSsize_t(args[4]);
    if (PyErr_Occurred() || PyUnicode_READY(text) < 0)
        return NULL;
    Py_ssize_t n = PyList_GET_SIZE(links), len = PyUnicode_GET_LENGTH(text);
    if (mode < 0 || mode > 2 || (mode == 2 && (anchors == Py_None || PyList_GET_SIZE(anchors) != n))) {
        PyErr_SetString(PyExc_ValueError, "render: a bad mode, or anchors not one per link");
        return NULL;
    }
    if (lo < 0 || (mode != 1 && !(lo <= hi && hi <= len))) {
        PyErr_SetString(PyExc_ValueError, "render: lo and hi must be 0 <= lo <= hi <= len(text)");
        return NULL;
    }
    /* tuples of the lists' items: a Link's attribute may run Python code (a subclass's
     * property), which must not pull an item from under this loop */
    PyObject *lt = PyList_AsTuple(links), *at = mode == 2 ? PyList_AsTuple(anchors) : NULL;
    if (!lt || (mode == 2 && !at)) {
        Py_XDECREF(lt);
        return NULL;
    }
    Buf b = {NULL, 0, 0};
    if (buf_grow(&b, mode == 1 ? n * 96 + 1 : (hi - lo) + n * 8 + 1) < 0) {
        Py_DECREF(lt);
        Py_XDECREF(at);
        return NULL;
    }
    Py_ssize_t pos = lo;
    PyObject *t = NULL, *k = NULL, *h = NULL;
    int r = 1;
    for (Py_ssize_t i = 0; i < n && r == 1; i++) {
        PyObject *link = PyTuple_GET_ITEM(lt, i);
        Py_ssize_t start, end;
        if (int_attr(link, s_start, &start) < 0 || int_attr(link, s_end, &end) < 0)
            goto error;
        if (mode == 1) {
            if (!(t = str_attr(link, s_text)) || !(k = str_attr(link, s_kind)) || !(h = str_attr(link, s_href)))
                goto error;
            if (PyUnicode_READY(t) < 0 || PyUnicode_READY(k) < 0 || PyUnicode_READY(h) < 0)
                goto error;
            if (buf_grow(&b, PyBytes_GET_SIZE(head)) < 0)
                goto error;
            put(&b, PyBytes_AS_STRING(head), PyBytes_GET_SIZE(head));
            if (put_int(&b, lo + start) < 0 || LIT(&b, ", \"end\": ") < 0 || put_int(&b, lo + end) < 0 ||
                LIT(&b, ", \"kind\": \"") < 0)
                goto error;
            if ((r = put_str(&b, k, 0, PyUnicode_GET_LENGTH(k), ESC_JSON)) != 1)
                goto check;
            if (LIT(&b, "\", \"text\": \"") < 0)
                goto error;
            if ((r = put_str(&b, t, 0, PyUnicode_GET_LENGTH(t), ESC_JSON)) != 1)
                goto check;
            if (LIT(&b, "\", \"href\": \"") < 0)
                goto error;
            if ((r = put_str(&b, h, 0, PyUnicode_GET_LENGTH(h), ESC_JSON)) != 1)
                goto check;
            if (LIT(&b, "\"}\n") < 0)
                goto error;
            Py_CLEAR(t);
            Py_CLEAR(k);
            Py_CLEAR(h);
            continue;
        }
        if (!(pos <= start && start <= end && end <= hi)) {
            PyErr_SetString(PyExc_ValueError, "render: the links must lie in [lo, hi], in order");
            goto error;
        }
        if ((r = put_str(&b, text, pos, start, mode == 2 ? ESC_HTML : ESC_NONE)) != 1)
            goto check;
        if (mode == 0) {
            if (!(t = str_attr(link, s_text)) || PyUnicode_READY(t) < 0)
                goto error;
            if (LIT(&b, "\xe2\xb8\xa0") < 0) /* U+2E20 */
                goto error;
            if ((r = put_str(&b, t, 0, PyUnicode_GET_LENGTH(t), ESC_NONE)) != 1)
                goto check;
            if (LIT(&b, "\xe2\xb8\xa1") < 0) /* U+2E21 */
                goto error;
            Py_CLEAR(t);
        }
        else {
            PyObject *a = PyTuple_GET_ITEM(at, i);
            if (!PyUnicode_Check(a) || PyUnicode_READY(a) < 0) {
                if (!PyErr_Occurred())
                    PyErr_SetString(PyExc_TypeError, "render: an anchor must be a str");
                goto error;
            }
            if ((r = put_str(&b, a, 0, PyUnicode_GET_LENGTH(a), ESC_NONE)) != 1)
                goto check;
        }
        pos = end;
    }
    if (r == 1 && mode != 1)
        r = put_str(&b, text, pos, hi, mode == 2 ? ESC_HTML : ESC_NONE);
check:
    if (r < 0)
        goto error;
    Py_XDECREF(t);
    Py_XDECREF(k);
    Py_XDECREF(h);
    Py_DECREF(lt);
    Py_XDECREF(at);
    if (r == 0) {
        PyMem_Free(b.buf);
        Py_RETURN_NONE;
    }
    PyObject *out = PyBytes_FromStringAndSize(b.buf, b.len);
    PyMem_Free(b.buf);
    return out;
error:
    Py_XDECREF(t);
    Py_XDECREF(k);
    Py_XDECREF(h);
    Py_DECREF(lt);
    Py_XDECREF(at);
    PyMem_Free(b.buf);
    return NULL;
}

static PyMethodDef methods[] = {
    {"render", (PyCFunction)(void (*)(void))render, METH_FASTCALL,
     "render(mode, text, links, lo, hi, head, anchors) -> bytes | None: cli.py's output writer."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "uts58_icu._clirender", "The uts58 command line's output writer (cli.py).", -1, methods,
};

PyMODINIT_FUNC
PyInit__clirender(void)
{
#define INTERN(var, lit)                                \
    if (!var && !(var = PyUnicode_InternFromString(lit))) \
        return NULL;
    INTERN(s_start, "start");
    INTERN(s_end, "end");
    INTERN(s_kind, "kind");
    INTERN(s_text, "text");
    INTERN(s_href, "href");
#undef INTERN
    init_tables();
    return PyModule_Create(&module);
}
