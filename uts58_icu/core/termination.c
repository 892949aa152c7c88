/*
 * termination.c -- §3.5.1 Termination: termination.py's _terminate (trace=None),
 * step for step (the step numbers are the spec's), and terminate() for the
 * differential test of §3.5.1 alone.
 */
#include "_speedups.h"

Py_ssize_t
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

/* terminate(text, start) -> int, for the differential test of §3.5.1 alone. */
PyObject *
py_terminate(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    Text T;
    Py_ssize_t start;
    if (text_and_index(args, nargs, "terminate(text: str, start: int)", "start", 0, &T, &start) < 0)
        return NULL;
    return PyLong_FromSsize_t(terminate(&T, start));
}
