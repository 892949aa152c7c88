/*
 * properties.c -- the per-code-point data of the compiled core, as configure() hands
 * it over from properties.py and _classes.py (derived from the ICU in use): the flag
 * table (Link_Term, Link_Email, host label characters, label separators,
 * Default_Ignorable_Code_Point) and Link_Bracket. No Unicode data is compiled in.
 */
#include "_speedups.h"

uint8_t bmp[0x10000];
Run *astral = NULL;
Py_ssize_t n_astral = 0;
Bracket *brackets = NULL;
Py_ssize_t n_brackets = 0;

/* properties.link_bracket: the opening bracket paired with a closing one. */
uint32_t
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

int
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
int
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
