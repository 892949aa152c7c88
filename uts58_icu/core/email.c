/*
 * email.c -- §5.2 Email: email.py's _email_start (the start of the address before
 * an '@'), step for step, and email_start() for the differential test of §5.2 alone.
 */
#include "_speedups.h"

/* _email_start(text, at): start of the address, or -1. */
Py_ssize_t
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

/* email_start(text, at) -> int | None, for the differential test of §5.2 alone. */
PyObject *
py_email_start(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    Text T;
    Py_ssize_t at;
    if (text_and_index(args, nargs, "email_start(text: str, at: int)", "at", 1, &T, &at) < 0)
        return NULL;
    Py_ssize_t r = email_start(&T, at);
    if (r < 0)
        Py_RETURN_NONE;
    return PyLong_FromSsize_t(r);
}
