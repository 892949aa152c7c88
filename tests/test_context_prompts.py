"""Issue 18: a Python import typed at an interactive prompt was linked.

``>>> from sunpy.net import Fido`` and ``>>> import numpy.ma as ma`` (doctests, REPL
sessions pasted into mail, chat and tutorials) linked ``sunpy.net`` and ``numpy.ma``:
``reject_code_expressions`` read an ``import`` or ``from … import`` statement only at the
line's start. It now reads one after an interactive prompt too (``context._PROMPT``:
Python's ``>>>`` and ``...``, IPython's ``In [12]:``), in the Python rules and in the
compiled gate alike. The reproducers are made up, in the shape of the real one
(bench/realtext15's ``>>> from sunpy.net import Fido``).
"""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
import test_accel_policy as tap  # tests/ is on sys.path: the compiled gate's differential helpers
from test_context_realtext5 import REC, texts
from test_context_realtext8 import test_realtext8_rule as check_rule

from uts58_icu import LinkPolicy
from uts58_icu.linkification.rules import _REVERSE_DNS_FIRST

BASE = LinkPolicy()

CASES = [
    ">>> from sunpy.net import Fido",
    ">>> import numpy.ma as ma",
    "In [1]: from scipy.io import loadmat",
    "In[12]:  import scipy.io",
    "... import os.net",
    "  >>> import static java.net",
    "Try this:\n\n    >>> from astropy.io import fits\n    >>> fits.open(path)\n",
]


@pytest.mark.parametrize("text", CASES)
def test_import_after_a_prompt_is_code(text: str) -> None:
    check_rule(text, [], "reject_code_expressions")  # no link, the field decides, explain names it


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a prompt, then no import statement
        (">>> visit example.com", ["example.com"]),
        (">>> print('see example.com')", ["example.com"]),
        # no prompt: a quote marker, or text before the prompt on its line
        ("> import this.net", ["this.net"]),
        ("x >>> import a.io", ["a.io"]),
        # "package" and "using" count only first on their line, as before
        (">>> package java.io", ["java.io"]),
        ("... using example.com", ["example.com"]),
        # a prompt's number of more than six digits, or no blank after the prompt
        ("In [1234567]: import scipy.io", ["scipy.io"]),
        (">>>import numpy.ma", ["numpy.ma"]),
    ],
)
def test_prompt_rule_keeps(text: str, expected: list[str]) -> None:
    assert texts(text) == expected


_ident = st.from_regex(r"[a-z][a-z0-9]{0,8}", fullmatch=True)
_tld = st.sampled_from(["net", "io", "ma", "to", "org", "com", "py", "ai", "app", "dev"])
_prompt = st.sampled_from([">>> ", "... ", ">>>\t", "In [1]: ", "In [42]:  ", "In[7]: ", "  >>> ", "\t... "])
_statement = st.sampled_from(["import {} as x", "import {}", "from {} import y", "from {} import (a, b)", "import static {}"])


@given(st.lists(_ident, min_size=1, max_size=3).filter(lambda ls: ls[0] not in _REVERSE_DNS_FIRST), _tld, _prompt,
       _statement, st.sampled_from(["", "Example:\n", "x\n", "    "]))
@example(["sunpy"], "net", ">>> ", "from {} import y", "")
def test_imports_at_a_prompt_never_link(labels: list[str], tld: str, prompt: str, statement: str, lead: str) -> None:
    name = ".".join([*labels, tld])
    text = lead + prompt + statement.format(name) + "\n"
    assert texts(text) == []
    # the base links the name: only the §8 layer drops it
    assert name in texts(text, BASE)


SHAPES = ["\n", " ", "\t", ">>>", "...", "In [3]:", "In[12]:", "In [", "]:", "import", "from", "static", "package",
          "using", "sunpy.net", "numpy.ma", "example.com", "x", ">", " as ", "print(", ")", "\u0915"]


@given(st.lists(st.sampled_from(SHAPES), max_size=14).map("".join))
@example(">>> from sunpy.net import Fido\nIn [1]:  import numpy.ma\n... import static x.net\n>>> package example.com")
@example("In [1234567]: import numpy.ma")
@example("In\t[1]: import numpy.ma")
def test_gate_agrees_on_prompt_shapes(text: str) -> None:
    if tap._compiled is None:
        pytest.skip("the compiled core is not built")
    tap.assert_gate_parity(text, REC)
