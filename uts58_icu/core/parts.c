/*
 * parts.c -- the parts of §3.5.1 Table 3-3 (path, query, fragment, fragment
 * directive): parts.py's Part.terminator_at, initiator_at and Part.clear_stack_open_at.
 */
#include "_speedups.h"

/* Part.terminator_at: length of the Terminator matched at i, else 0. */
Py_ssize_t
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
int
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
Py_ssize_t
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
