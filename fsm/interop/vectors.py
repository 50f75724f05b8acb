"""The test vectors of the expression language: the builtins' (``vectors.json``) and the definitions'
examples of the export (``context.definitions[].examples``), each evaluated over a context of plain
values, as another implementation runs them (``fsm/js/vectors.js`` for the JavaScript one)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fsm.bridge.context import CONTEXT
from fsm.engine import Definition, Vocabulary

PATH = Path(__file__).with_name("vectors.json")


def builtin_vectors() -> list[dict[str, Any]]:
    return list(json.loads(PATH.read_text(encoding="utf-8"))["vectors"])


def vocabulary(names: set[str]) -> Vocabulary:
    """The language over a context of plain values (a dict): these variables, the host's pure operators
    (its game primitives), and every definition of the data evaluated from its expression."""
    from fsm.laws import definitions  # noqa: F401 (registers the definitions)

    v = Vocabulary()
    v.use_natives = False
    for name in sorted(names | set(CONTEXT.variables)):
        v.variable(name, "any", "")(_reader(name))
    for o in CONTEXT.operators.values():
        if o.pure:
            v.operator(o.name, o.args, o.doc, pure=True)(lambda r, e, *a, fn=o.fn: fn(None, None, *a))
        else:  # it reads the board, which a vector does not have
            v.operator(o.name, o.args, o.doc)(lambda r, e, *a, name=o.name: _board(name))
    for d in CONTEXT.definitions.values():
        v.define(Definition(d.name, d.params, d.expr, d.doc, d.law))
    return v


def _reader(name: str) -> Callable[[Any, Any], Any]:
    return lambda r, e: r.get(name)


def _board(name: str) -> None:
    raise ValueError(f"the operator '{name}' reads the board: no test vector may call it")


def run(vectors: list[dict[str, Any]]) -> list[str]:
    """The vectors whose value differs, each said with what it gave."""
    names = {k for x in vectors for k in x["context"]}
    v = vocabulary(names)
    wrong = []
    for x in vectors:
        try:
            got = json.loads(json.dumps(v.compile(x["expr"])(x["context"], None)))
        except (ValueError, TypeError) as err:  # an ExpressionError is a ValueError
            got = f"error: {err}"
        if got != x["value"] or type(got) is not type(x["value"]):
            wrong.append(
                f"{json.dumps(x['expr'])} over {json.dumps(x['context'])}: {json.dumps(got)}, not {json.dumps(x['value'])}"
            )
    return wrong


def definition_vectors() -> list[dict[str, Any]]:
    from fsm.laws import definitions  # noqa: F401 (registers the definitions)

    return [{"expr": x, "context": c, "value": val} for d in CONTEXT.definitions.values() for x, c, val in d.examples]
