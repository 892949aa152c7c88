"""Issue 18, the twelfth real-text sample (bench/realtext12): JavaScript property accesses.

The reproducers are made up, in the shape of the sample's errors: a property access whose
last label is a ccTLD (``letter.id``, ``arr.at``) passed to a call (``onToggle(letter.id);``,
``handleItemChange(item.id, e)``) or set as an object member's value in a fenced code block
(``    id: todo.id,``) was linked as a host. ``reject_code_expressions`` now rejects these; the
same names in prose stay links. A property test covers the class; the last test compares
the compiled gate with the Python rules on these shapes (as tests/test_accel_policy.py does).
"""

from __future__ import annotations

import re

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
import test_accel_policy as tap  # tests/ is on sys.path: the compiled gate's differential helpers
from test_context_realtext5 import REC, texts, without
from test_context_realtext8 import test_realtext8_rule as check_rule

from uts58_icu.linkification.context import _CODE_RECEIVERS

FENCE = "```js\nconst todo = {\n    id: todo.id,\n    done: false,\n    owner: user.id\n};\n```\n"

# (text, links in recommended, the field that decides)
CASES = [
    ("            onToggle(letter.id);\n", [], "reject_code_expressions"),
    ("                handleItemChange(item.id, e)\n", [], "reject_code_expressions"),
    ("document.getElementById(menu.id)", [], "reject_code_expressions"),
    ("map.set(user.id, user);", [], "reject_code_expressions"),
    ("console.log(arr.at)", [], "reject_code_expressions"),
    ("f(a, item.id)", [], "reject_code_expressions"),
    ("      <button onClick={() => onDelete(task.id)}>", [], "reject_code_expressions"),
    (FENCE, [], "reject_code_expressions"),
    ("```javascript\r\n  id: todo.id\r\n```\r\n", [], "reject_code_expressions"),
]


@pytest.mark.parametrize(("text", "expected", "field"), CASES)
def test_realtext12_rule(text: str, expected: list[str], field: str) -> None:
    check_rule(text, expected, field)  # the links, the field decides, explain names it


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # prose: a bracket after a space, a sentence, a label, a list in brackets
        ("(see example.id)", ["example.id"]),
        ("Visit example.id today", ["example.id"]),
        ("Website: example.id", ["example.id"]),
        ("Website: example.id\n", ["example.id"]),
        ("Sites (a.com, example.id) and more", ["a.com", "example.id"]),
        ("Sites: a.com, example.id, b.de", ["a.com", "example.id", "b.de"]),
        # a company in an IRC nick after '_(' (judging rule 28), a hyphenated first label
        ("<jane_doe_(example.id)> hello", ["example.id"]),
        ("Russell_H_(example.io): yes", ["example.io"]),
        ("call(my-site.id)", ["my-site.id"]),
        # three labels, a path, a port: not a property access
        ("fetch(www.example.id)", ["www.example.id"]),
        ("open(example.id/docs)", ["example.id/docs"]),
        # a member-shaped line outside a fence, or after a closed one, or in a fence with no language
        ("  id: todo.id,\n", ["todo.id"]),
        ("```js\nx\n```\n  id: todo.id,\n", ["todo.id"]),
        ("```\n  id: todo.id,\n```\n", ["todo.id"]),
        # a member line whose value goes on
        ("```js\n  site: example.id + x,\n```\n", ["example.id"]),
    ],
)
def test_realtext12_rules_keep(text: str, expected: list[str]) -> None:
    assert texts(text) == expected


_ident = st.from_regex(r"[a-z][A-Za-z0-9]{0,10}", fullmatch=True)
_cctld = st.sampled_from(["id", "at", "io", "de", "me", "to", "is", "in", "it", "us"])
_callee = st.from_regex(r"[a-z][A-Za-z0-9]{0,10}(?:\.[a-z][A-Za-z0-9]{0,8})?", fullmatch=True)


@given(_callee, _ident, _cctld, st.sampled_from([");", ")", ", e)", ",", ")}>"]),
       st.sampled_from(["", "  ", "\t", "x = "]), st.booleans())
@example("onToggle", "letter", "id", ");", "    ", False)
def test_property_access_in_code_never_links(callee: str, receiver: str, tld: str, close: str, indent: str,
                                             second: bool) -> None:
    name = f"{receiver}.{tld}"
    args = f"a, {name}" if second else name
    assert texts(f"{indent}{callee}({args}{close}\n") == []
    assert texts(f"```js\nconst o = {{\n{indent.strip(' x=') or '  '}{receiver}Id: {name},\n}};\n```\n") == []
    # the same name in prose: this rule rejects none of it (other rules may, ``a.in``), but
    # a camelCase name's ``id`` member, wherever it stands (realtext27: ``WidgetCore.id``)
    prose = f"see {name} or ({name}), {receiver}: {name}\n"
    if tld == "id" and re.search("[a-z0-9][A-Z]", receiver):
        assert name not in texts(prose)
    elif receiver not in _CODE_RECEIVERS:  # (``np.id``, ``std.io``: a receiver's member anywhere)
        assert texts(prose) == texts(prose, without("reject_code_expressions"))


# ------------------------------------------------------------------ compiled gate parity

SHAPES = [
    "\n", " ", "\r\n", "  ", "\t", "```js\n", "```\n", "```", "js", "(", ")", ",", ", ", ";", ":", ": ", "{", "}",
    "onToggle", "f", "_", "$", "a", "id", "letter.id", "item.id", "example.id", "arr.at", "x.io", "www.x.id",
    "my-site.id", "x.id/p", "=", " + ",
]
shapes = st.lists(st.sampled_from(SHAPES), max_size=14).map("".join)


@given(shapes)
@example("```js\nconst o = {\n    id: todo.id,\n    x: a.id\n};\n```\nonToggle(letter.id); f(a, item.id, e)\n")
@example("(see example.id) Website: example.id, <j_(example.id)>\n")
def test_gate_agrees_on_realtext12_shapes(text: str) -> None:
    tap.assert_gate_parity(text, REC)
