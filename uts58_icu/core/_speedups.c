/*
 * uts58_icu.core._speedups -- the compiled scanning core (issue 11), module part.
 *
 * A line-by-line transliteration of the pure-Python reference, one C file beside
 * each Python module (see _speedups.h for the map): detection.c (_scan),
 * termination.c (_terminate), email.c (_email_start), parts.c, href.c, properties.c.
 * The Python modules stay the statement of the spec; tests/test_accel.py requires
 * identical Links from both paths.
 *
 * This file holds the module state, configure(), the Link class and the method table.
 * No Unicode data is compiled in: configure() receives, once, the tables that
 * properties.py and _classes.py derive from the ICU in use (Link_Term and
 * Link_Email per code point, Link_Bracket, host label characters) and packs
 * them into a 64 KiB flag table for the BMP plus a run list for astral code
 * points. Non-ASCII TLDs and every host go through the cached Python callbacks
 * (_tld_key, _ascii_host: ICU's UTS #46), IP addresses through _ipv4_ok/_ipv6_ok.
 */
#include "_speedups.h"

int configured = 0;

/* Python callbacks and objects. */
PyObject *cb_tld_key = NULL;
PyObject *cb_ascii_host = NULL;
PyObject *cb_ipv4_ok = NULL;
PyObject *cb_ipv6_ok = NULL;
PyObject *cb_dotless_ascii = NULL;
PyObject *special_schemes = NULL;
static PyObject *configure_hook = NULL;  /* called by the first scan: calls configure() */
PyObject *cb_default_tlds = NULL;
PyObject *default_tlds_obj = NULL;
char special_names[MAX_SPECIAL + 1][MAX_SCHEME + 1];
PyObject *special_strs[MAX_SPECIAL + 1];
static PyTypeObject *link_type = NULL;
#define MAX_FIELDS 16
static Py_ssize_t off_fields[MAX_FIELDS]; /* slot offsets of Link's fields, in field order */
static PyObject *field_defaults[MAX_FIELDS]; /* defaults of the fields after href */
static int n_fields = 0;
static int fast_link = 0;
/* Whether make_link's Links are untracked by the cyclic GC: every field it fills holds
 * an int, a str, a bool, None or the empty tuple, none of which can refer back to
 * anything, so such a Link can never be part of a cycle (the way CPython untracks a
 * tuple of atomic items). Thousands of Links per MB otherwise cost the collector a
 * visit each, and a full collection more (issue 19). */
static int untrack_link = 0;
PyObject *s_url = NULL, *s_email = NULL, *s_https = NULL, *s_http = NULL, *s_mailto = NULL;
PyObject *s_start = NULL, *s_end = NULL, *s_kind = NULL, *empty_tuple = NULL;

void
text_of(Text *t, PyObject *obj)
{
    t->obj = obj;
    t->kind = PyUnicode_KIND(obj);
    t->data = PyUnicode_DATA(obj);
    t->n = PyUnicode_GET_LENGTH(obj);
}

/* ------------------------------------------------------------- Links */

/* Link.start, Link.end and Link.kind (borrowed) read from the slots of a Link made by
 * this module's class: 1 when done, 0 when the caller must use getattr. */
int
link_slots(PyObject *link, Py_ssize_t *start, Py_ssize_t *end, PyObject **kind)
{
    if (!fast_link || Py_TYPE(link) != link_type)
        return 0;
    PyObject *vs = *(PyObject **)((char *)link + off_fields[0]);
    PyObject *ve = *(PyObject **)((char *)link + off_fields[1]);
    PyObject *vk = *(PyObject **)((char *)link + off_fields[2]);
    if (!vs || !ve || !vk || !PyLong_CheckExact(vs) || !PyLong_CheckExact(ve))
        return 0;
    *start = PyLong_AsSsize_t(vs);
    *end = PyLong_AsSsize_t(ve);
    if (PyErr_Occurred()) {
        PyErr_Clear();
        return 0;
    }
    *kind = vk;
    return 1;
}

/* The (text: str, index: int) arguments of terminate() and email_start(), the entry
 * points of the differential tests: 0, or -1 with an error set. The index must lie in
 * [0, len(text)], or [0, len(text)) when before_end. */
int
text_and_index(PyObject *const *args, Py_ssize_t nargs, const char *usage, const char *name, int before_end,
               Text *t, Py_ssize_t *index)
{
    if (nargs != 2 || !PyUnicode_Check(args[0]) || !PyLong_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, usage);
        return -1;
    }
    if (!configured && ensure_configured() < 0)
        return -1;
    if (PyUnicode_READY(args[0]) < 0)
        return -1;
    text_of(t, args[0]);
    *index = PyLong_AsSsize_t(args[1]);
    if (*index == -1 && PyErr_Occurred())
        return -1;
    if (*index < 0 || *index > t->n - (before_end ? 1 : 0)) {
        PyErr_Format(PyExc_ValueError, "%s out of range", name);
        return -1;
    }
    return 0;
}

PyObject *
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
            if (untrack_link)
                PyObject_GC_UnTrack(obj);
            return obj;
        }
    }
    else
        obj = PyObject_Vectorcall((PyObject *)link_type, vals, 5, NULL);
    for (int k = 0; k < 5; k++)
        Py_DECREF(vals[k]);
    return obj;
}

/* The first scan calls the hook set by set_hook() (uts58_icu.core._accel), which
 * derives the tables from ICU and calls configure(). */
int
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

/* ---------------------------------------------------------- configure */

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
    untrack_link = 0;
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
        /* start, end (int), kind, text, href (str) and defaults that are atomic */
        int atomic = PyType_IS_GC(link_type);
        for (int j = 5; atomic && j < k; j++) {
            PyObject *d = field_defaults[j];
            atomic = d == Py_None || PyBool_Check(d) || PyLong_CheckExact(d) || PyUnicode_CheckExact(d) ||
                     (PyTuple_CheckExact(d) && PyTuple_GET_SIZE(d) == 0);
        }
        untrack_link = atomic;
    }
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

PyObject *py_html_linkify(PyObject *, PyObject *const *, Py_ssize_t); /* ../html.c */
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
    {"gate", (PyCFunction)(void (*)(void))py_gate, METH_FASTCALL,
     "gate(text, links, config) -> bytes | None: the links some §8 rule may touch (gate.c)."},
    {"gate_reasons", (PyCFunction)(void (*)(void))py_gate_reasons, METH_FASTCALL,
     "gate_reasons(text, links, config) -> list[int]: why each link went to Python (gate.c lines)."},
    {"cjk_cut_possible", py_cjk_cut_possible, METH_O,
     "cjk_cut_possible(text) -> bool: whether rules.cjk_host_cuts may propose a link."},
    {"dotless_after_scheme", (PyCFunction)(void (*)(void))py_dotless_after_scheme, METH_FASTCALL,
     "dotless_after_scheme(text, hosts) -> bool: '://' then one of the ASCII host names."},
    {"scan_gated", (PyCFunction)(void (*)(void))py_scan_gated, METH_FASTCALL,
     "scan_gated(config, dotless_hosts, names, cjk_host_cut, text): scan and gate in one call (gate.c)."},
    {"html_linkify", (PyCFunction)(void (*)(void))py_html_linkify, METH_FASTCALL, "html.py's driver (../html.c)."},
    {"fast_links", fast_links, METH_NOARGS, "Whether Links are built without calling the class."},
    {"ascii_host_fast", py_ascii_host_fast, METH_O, "ascii_host_fast(host) -> str | None: an ASCII host's C path."},
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
        s_kind = PyUnicode_InternFromString("kind");
        empty_tuple = PyTuple_New(0);
        if (!s_url || !s_email || !s_https || !s_http || !s_mailto || !s_start || !s_end || !s_kind ||
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
