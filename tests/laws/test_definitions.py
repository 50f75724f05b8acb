"""The words of the Laws defined in the data (fsm/laws/definitions.py): their test vectors and the
builtins' agree in Python and in JavaScript, each vector states what the Law says, and the Python
host's native versions rule every scenario as the definitions do."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from fsm.bridge.context import CONTEXT
from fsm.engine import Definition, ExpressionError, Vocabulary
from fsm.interop import vectors

ROOT = Path(__file__).resolve().parents[2]


def test_the_builtins_give_the_values_the_vectors_state():
    assert vectors.run(vectors.builtin_vectors()) == []


def test_every_definition_gives_the_values_its_vectors_state():
    assert vectors.run(vectors.definition_vectors()) == []


def test_the_definitions_with_vectors_are_those_that_read_no_host_index():
    """A definition is tested by vectors unless it calls an operator that reads the board (the record's
    indexes), which a vector has not: those are run by the corpus, both ways, below."""
    untested = {d.name for d in CONTEXT.definitions.values() if not d.examples}
    assert untested == {
        "partner_silent",
        "in_rotation",
        "lead_restricted",
        "last_standing_like",
        "pending_call",
        "over_partner_artificial",
    }


def test_the_javascript_interpreter_agrees_with_every_vector(node, portable_corpus):
    done = subprocess.run(
        [node, str(ROOT / "fsm" / "js" / "vectors.js"), str(portable_corpus / "machine.json")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.strip().endswith(
        f"{len(vectors.builtin_vectors()) + len(vectors.definition_vectors())} vectors agree"
    )


def test_the_corpus_rules_the_same_with_the_definitions_evaluated_from_the_data():
    """FSM_NATIVE=0: every definition is evaluated from its expression, not by the host's native version."""
    env = {**os.environ, "FSM_NATIVE": "0"}
    done = subprocess.run(
        [sys.executable, "-m", "fsm", "run", "-q"], cwd=ROOT, env=env, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert done.stdout.strip().endswith(" 0 failed")


def test_a_law_of_18D_is_said_by_its_vectors():
    """18D « Une enchère est suffisante si elle surenchérit l'enchère précédente » : 1SA over 1SA is not."""
    examples = {
        (x["sufficient"][0], c["auction.last_bid"]): v for x, c, v in CONTEXT.definitions["sufficient"].examples
    }
    assert examples[("1NT", "1NT")] is False and examples[("2C", "1NT")] is True


def test_a_definition_reads_its_arguments_also_inside_an_array_operation():
    v = Vocabulary()
    v.use_natives = False
    v.variable("xs", "any", "")(lambda r, e: r["xs"])
    v.define(Definition("count_of", ("x",), {"count": [{"var": "xs"}, {"==": [{"var": ""}, {"arg": "x"}]}]}, ""))
    v.define(Definition("twice", ("x",), {"+": [{"count_of": [{"arg": "x"}]}, {"count_of": [{"arg": "x"}]}]}, ""))
    f = v.compile({"map": [{"var": "xs"}, {"twice": [{"var": ""}]}]})
    assert f({"xs": [1, 2, 1]}, None) == [4, 2, 4]


@pytest.mark.parametrize(
    "bad",
    [
        {"arg": "y"},  # no such parameter
        {"self": [{"arg": "x"}]},  # a definition calls only what is defined before it
        {"nowhere": [1]},
    ],
)
def test_a_definition_that_cannot_be_compiled_is_refused(bad):
    v = Vocabulary()
    with pytest.raises(ExpressionError):
        v.define(Definition("self", ("x",), bad, ""))
    assert "self" not in v.definitions


def test_arg_outside_a_definition_is_refused():
    with pytest.raises(ExpressionError, match="arg"):
        Vocabulary().compile({"arg": "x"})


def _globals(context: dict) -> dict:
    """A vector's context as the SCXML document's data: `auction.last_bid` as `auction = {last_bid}`."""
    heads: dict = {head: {} for head in ("call", "entry", "irregularity", "table", "auction", "settings")}
    heads["_event"] = {"data": {}}
    for name, value in context.items():
        head, _, rest = name.partition(".")
        if not rest:
            heads[head] = value
            continue
        target = heads["_event"]["data"] if head == "event" else heads.setdefault(head, {})
        *path, last = rest.split(".")
        for p in path:
            target = target.setdefault(p, {})
        target[last] = value
    return heads


def test_the_scxml_translation_agrees_with_every_vector_it_can_say(node, tmp_path):
    """The SCXML export writes each expression as ECMAScript (`ecmascript`), and each definition as a
    function of the document (`defs`). Run over the same vectors, it gives the same values, except where
    ECMAScript's own truth and equality differ from the language's (an empty array is true, two arrays
    are never equal): the guards never rely on those (docs/interop.md), and those vectors are listed."""
    from fsm.interop.export import definitions_js, ecmascript

    every = vectors.builtin_vectors() + vectors.definition_vectors()
    everywhere = {name for x in every for name in _globals(x["context"])}
    program = [
        f"const OPS = require({json.dumps(str(ROOT / 'fsm' / 'js' / 'bridge' / 'operators.js'))}).OPERATORS;",
        "var ops = new Proxy({}, {get: (_, n) => (...a) => OPS[n](null, null, ...a)});",
        *definitions_js(),
        "const out = [];",
    ]
    for x in every:
        given = {**dict.fromkeys(everywhere), **_globals(x["context"])}  # the document declares every name
        sets = "; ".join(f"globalThis[{json.dumps(k)}] = {json.dumps(v)}" for k, v in given.items())
        program.append(
            f"{sets}; try {{ out.push({ecmascript(x['expr'])} ?? null); }} catch (e) {{ out.push('error'); }}"
        )
    program.append("console.log(JSON.stringify(out));")
    path = tmp_path / "vectors.js"
    path.write_text("\n".join(program), encoding="utf-8")
    done = subprocess.run([node, str(path)], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    got = json.loads(done.stdout)
    differ = [json.dumps(x["expr"]) for x, g in zip(every, got, strict=True) if g != x["value"]]
    # ECMAScript's own: true is not 1 (===), two arrays are never equal, an empty array is true.
    assert differ == [json.dumps(e) for e in ({"==": [True, 1]}, {"==": [[1, "a"], [1, "a"]]}, {"!": [[]]})]
