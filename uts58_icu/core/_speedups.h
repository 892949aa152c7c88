/*
 * _speedups.h -- what the sources of the compiled core share (issue 19: one C file
 * beside each Python module it transliterates).
 *
 *   _speedups.c    the module: configure(), the Link class, the method table
 *   properties.c   the code-point flag table and Link_Bracket (properties.py, _classes.py)
 *   parts.c        the parts of §3.5.1 Table 3-3 (parts.py)
 *   termination.c  §3.5.1 termination (termination.py)
 *   email.c        §5.2 the start of an email address (email.py)
 *   href.c         percent-encoding of hrefs (detection.py _percent, _href, _mailto)
 *   detection.c    the scan (detection.py _scan and its helpers)
 *   gate.c         the gate of the §8 layer (linkification/apply.py, _gate.py)
 *
 * Every index is checked against the length; text is read in place for every
 * PyUnicode kind with PyUnicode_READ.
 */
#ifndef UTS58_SPEEDUPS_H
#define UTS58_SPEEDUPS_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <string.h>
#include <stdint.h>

/* The functions and tables below are shared between the sources of one extension
 * module, never exported from it. */
#if defined(__GNUC__) && !defined(_WIN32)
#pragma GCC visibility push(hidden)
#endif

/* Flag bits of one code point. */
#define F_TERM 0x07   /* Link_Term value: properties.py INCLUDE..CLOSE */
#define F_HOST 0x08   /* host label character (_classes.HOST_LABEL_CHAR) */
#define F_SEP 0x10    /* label separator (_classes.LABEL_SEPARATORS) */
#define F_EMAIL 0x20  /* Link_Email=Yes */
#define F_SYNTAX 0x40 /* first character of a Table 3-3 sequence */
#define F_IGNORABLE 0x80 /* Default_Ignorable_Code_Point */
#define F_DOMAIN (F_HOST | F_SEP)

enum { T_INCLUDE = 0, T_HARD = 1, T_SOFT = 2, T_OPEN = 3, T_CLOSE = 4 };

/* Bump with every change of the interface to _accel.py (configure, scan, set_hook), and
 * when the gate learns a rule the Python side now counts on (7: rt's round-3 rules). */
#define ABI_VERSION 8 /* 8: scan_gated takes the text last */
#define BRACKET_STACK_LIMIT 125
#define MAX_SCHEME 64 /* detection._MAX_SCHEME */
#define MAX_SPECIAL 16
#define MAX_HOST_LENGTH 253 /* detection.MAX_HOST_LENGTH */

/* ------------------------------------------------ properties.c */

extern uint8_t bmp[0x10000];
typedef struct { uint32_t lo, hi; uint8_t flags; } Run;
extern Run *astral;
extern Py_ssize_t n_astral;
typedef struct { uint32_t close, open; } Bracket;
extern Bracket *brackets;
extern Py_ssize_t n_brackets;

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

uint32_t bracket_of(Py_UCS4 close);
int read_table(PyObject *obj, const char *name, Py_buffer *view);
int mark_ranges(PyObject *ranges, uint8_t *map, uint8_t bit);

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

/* ------------------------------------------------ _speedups.c: module state */

extern int configured;
extern PyObject *cb_tld_key;       /* _tld_key(label) -> str */
extern PyObject *cb_ascii_host;    /* _ascii_host(host) -> str | None */
extern PyObject *cb_ipv4_ok;       /* _ipv4_ok(host) -> bool */
extern PyObject *cb_ipv6_ok;       /* _ipv6_ok("[...]") -> bool */
extern PyObject *cb_dotless_ascii; /* UTS #46 ToASCII of a dotless host name -> str */
extern PyObject *special_schemes;  /* detection.SPECIAL_SCHEMES (the default schemes) */
extern PyObject *cb_default_tlds;  /* default_tlds(), called once for tlds=None */
extern PyObject *default_tlds_obj;
extern char special_names[MAX_SPECIAL + 1][MAX_SCHEME + 1];
extern PyObject *special_strs[MAX_SPECIAL + 1];
extern PyObject *s_url, *s_email, *s_https, *s_http, *s_mailto;
extern PyObject *s_start, *s_end, *s_kind, *empty_tuple;

int ensure_configured(void);
int link_slots(PyObject *link, Py_ssize_t *start, Py_ssize_t *end, PyObject **kind);
PyObject *make_link(Py_ssize_t start, Py_ssize_t end, PyObject *kind, PyObject *text, PyObject *href);
/* Text of a str argument (after PyUnicode_READY). */
void text_of(Text *t, PyObject *obj);
int text_and_index(PyObject *const *args, Py_ssize_t nargs, const char *usage, const char *name, int before_end,
                   Text *t, Py_ssize_t *index);

/* ------------------------------------------------ parts.c */

enum { P_NONE = 0, P_PATH, P_QUERY, P_FRAGMENT, P_DIRECTIVE };

Py_ssize_t terminator_at(const Text *t, int part, Py_ssize_t i);
int initiator_at(const Text *t, Py_ssize_t i, Py_ssize_t *len);
Py_ssize_t clear_stack_open_at(const Text *t, int part, Py_ssize_t i);

/* ------------------------------------------------ termination.c */

Py_ssize_t terminate(const Text *t, Py_ssize_t start);
PyObject *py_terminate(PyObject *self, PyObject *const *args, Py_ssize_t nargs);

/* ------------------------------------------------ email.c */

Py_ssize_t email_start(const Text *t, Py_ssize_t at);
PyObject *py_email_start(PyObject *self, PyObject *const *args, Py_ssize_t nargs);

/* ------------------------------------------------ href.c */

extern uint8_t href_safe[128], mailto_safe[128];
int read_safe(PyObject *safe, uint8_t *tab);
Py_ssize_t percent_len(const Text *t, Py_ssize_t a, Py_ssize_t b, const uint8_t *safe);
/* A host given as text (build_href): the lower case of the text's [ha, hb). */
#define HOST_IN_TEXT Py_Ellipsis
PyObject *build_href(PyObject *prefix, const char *mid, PyObject *host, Py_ssize_t ha, Py_ssize_t hb,
                     const Text *t, Py_ssize_t a, Py_ssize_t b, const uint8_t *safe, int encode_first);

/* ------------------------------------------------ detection.c */

PyObject *scan(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
/* A link as the scan found it, without a Link object (the HTML driver, the gate). */
typedef struct {
    Py_ssize_t start, end;
    PyObject *href; /* owned; NULL: "https://" and the link's text in lower case (rec_href) */
    int email;
    int verdict; /* the gate's: 0 kept, 1 a suspect for the Python rules, 2 only _spelled_at may touch it */
} LinkRec;
typedef struct {
    LinkRec *v;
    Py_ssize_t n, cap;
} LinkRecs;
PyObject *scan_recs(PyObject *const *args, Py_ssize_t nargs, LinkRecs *recs);
int recs_push(LinkRecs *r, Py_ssize_t start, Py_ssize_t end, int email, PyObject *href); /* steals href */
void recs_free(LinkRecs *r);
PyObject *rec_link(PyObject *text, const LinkRec *r); /* a new Link of text */
PyObject *rec_href(PyObject *text, const LinkRec *r); /* its href, a new reference */
int ascii_host_is_fast(const Text *t, Py_ssize_t a, Py_ssize_t b);
PyObject *ascii_host_fast(const Text *t, Py_ssize_t a, Py_ssize_t b);
/* A bounded cache of a pure Python function of one str, keyed by text (detection.c). */
typedef struct Memo Memo;
extern Memo confusable_memo;
PyObject *memo_call(Memo *memo, PyObject *fn, const Text *t, Py_ssize_t a, Py_ssize_t b);
/* A frozenset of str looked up from C with ASCII labels (detection.c). */
typedef struct CSet CSet;
CSet *cset_of(PyObject *set);
int cset_any_nonascii(const CSet *c);
int cset_has(const CSet *c, const Text *t, Py_ssize_t a, Py_ssize_t b, int lower);
PyObject *py_ascii_host_fast(PyObject *self, PyObject *host);

/* ------------------------------------------------ gate.c */

PyObject *py_gate(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *py_gate_reasons(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *py_cjk_cut_possible(PyObject *self, PyObject *text);
PyObject *py_dotless_after_scheme(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *py_scan_gated(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
int scan_gated_recs(PyObject *const *argv, Py_ssize_t nargs, LinkRecs *recs, Py_ssize_t *suspects);
PyObject *recs_gated_result(PyObject *text, const LinkRecs *recs, Py_ssize_t suspects);

#if defined(__GNUC__) && !defined(_WIN32)
#pragma GCC visibility pop
#endif

#endif /* UTS58_SPEEDUPS_H */
