"""The generated references: the guard catalogue (``docs/guards.md``: every guard with its words,
its expression and the laws of the rules that use it; every option holder with its expression), the
expression reference (``docs/expressions.md``: the language, the board context and the bridge
operators) and the effect reference (``docs/effects.md``: the effects and every action's list of
them), written from the registry, the rules, the context and the effects; and the typed event
constructors and Board methods (``fsm/bridge/makers.py``), written from the event declarations; and the
coverage of the Laws (``docs/coverage.md``, :mod:`fsm.interop.coverage`). ``make docs`` writes them; a
test checks they are current.
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path
from typing import Any

from fsm.bridge.context import CONTEXT
from fsm.bridge.events import MAKERS_PATH, formatted_makers
from fsm.engine import BUILTINS
from fsm.interop import coverage
from fsm.laws import definitions as _definitions  # noqa: F401 (the definitions documented)
from fsm.laws.spec import REGISTRY, condition_of, effects_of, name_of
from fsm.model.machine import default_engine

DOCS = Path(__file__).parent.parent.parent / "docs"
PATH = DOCS / "guards.md"
EXPRESSIONS = DOCS / "expressions.md"
EFFECTS = DOCS / "effects.md"
DECISIONS = DOCS / "decisions.md"

# Calls whose classification decisions.md shows: (dealer, calls made in rotation from the dealer,
# seat, call, artificial).
EXAMPLES = (
    ("N", "1H", "E", "1S", False),
    ("N", "1H", "E", "1D", False),
    ("N", "1H", "E", "8C", False),
    ("N", "1H", "S", "X", False),
    ("N", "1H", "N", "2H", False),
    ("N", "1H", "S", "2D", False),
    ("N", "1H", "W", "Pass", False),
    ("N", "1H", "S", "Pass", True),
    ("N", "1H", "W", "X", False),
)


def _compact(expr: Any) -> str:
    return json.dumps(expr, ensure_ascii=False, separators=(",", ":"))


def _law_key(law: str) -> tuple[int, str]:
    return (int("".join(c for c in law[:2] if c.isdigit())), law)


def _laws_using(part: str) -> dict[str, set[str]]:
    """The laws of the rules that use each guard (``part="guards"``) or action (``"actions"``), by name."""
    used: dict[str, set[str]] = defaultdict(set)
    for rule in default_engine().rules:
        for fn in getattr(rule, part):
            used[name_of(fn)].add(rule.law)
    return used


def guards_markdown() -> str:
    engine = default_engine()
    used = _laws_using("guards")
    lines = [
        "# The guard catalogue",
        "",
        "Every condition a rule may test, by its registered name (the name the JSON export and the",
        "SCXML use), in French and English, with the laws of the rules that test it and its",
        "expression: the guard's one definition, which the machine compiles and the export publishes",
        "(the language and the variables it reads: [expressions.md](expressions.md)). Written from the",
        "code by `make docs`; a test checks it.",
        "",
        "| guard | condition (fr) | condition (en) | rules' laws |",
        "|---|---|---|---|",
    ]
    guards = [
        (name, fn)
        for name, fn in sorted(REGISTRY.by_name.items())
        if getattr(fn, "fsm_kind", None) == "guard" and name in used
    ]
    for name, fn in guards:
        laws = ", ".join(sorted(used[name], key=_law_key))
        lines.append(f"| `{name}` | {fn.fr} | {fn.en} | {laws} |")  # type: ignore[attr-defined]
    lines += ["", "## Expressions", ""]
    for name, fn in guards:
        lines += [f"- `{name}`: `{_compact(condition_of(fn))}`"]
    holders = sorted({o.holder for opts in engine.options.values() for o in opts if o.holder}, key=name_of)
    lines += [
        "",
        "## Option holders",
        "",
        "Who may make an option's event now (`options()`, `seats`): an expression that gives an array",
        "of seats, read with no event.",
        "",
        "| holder | who (fr) | who (en) | expression |",
        "|---|---|---|---|",
    ]
    for h in holders:
        lines.append(f"| `{name_of(h)}` | {h.fr} | {h.en} | `{_compact(condition_of(h))}` |")  # type: ignore[attr-defined]
    return "\n".join(lines) + "\n"


def expressions_markdown() -> str:
    lines = [
        "# Expressions: the language of the guards and the option holders",
        "",
        "Every guard and every option holder is an expression in JsonLogic, with two operators of its",
        "own and a few operators of bridge arithmetic, evaluated over the board context below (a holder",
        "gives an array of seats, or `true` for an option the Director takes now, and reads no event).",
        "The Python machine compiles each expression once",
        "to a closure (`fsm/engine/expr.py`); the JSON export carries it as it is",
        "(`rules[].guards[].test`, `holders[].test`, with this reference under `context`), so that",
        "another implementation evaluates the same expressions over its own board. Written from the",
        "code by `make docs`; a test checks it.",
        "",
        "## The language",
        "",
        "An expression is a JSON constant (a string, a number, `true`, `false`, `null`), an array of",
        "expressions, or an object with exactly one key, the operator, whose value is its argument or",
        'the array of its arguments: `{"==": [{"var": "event.seat"}, "N"]}`. Truth is',
        'JsonLogic\'s: `null`, `false`, `0`, `""` and the empty array are false, anything else is',
        "true. Inside `some`, `all`, `none`, `filter`, `map` and `count` with a predicate, `var` reads",
        'a field of the current item (`{"var": ""}` is the item itself) and `ctx` reads the context; an',
        "array operation inside another reads its array from the outer one's item. A comparison with",
        "`null` on either side other than `==` and `!=` is false. The expressions never rely on the",
        "truth of an array: they count it.",
        "",
        "| operator | meaning |",
        "|---|---|",
    ]
    lines += [f"| `{name}` | {doc} |" for name, doc in BUILTINS.items()]
    lines += [
        "",
        "## The board context",
        "",
        "Values are JSON: seats `N` `E` `S` `W`, sides `NS` `EW`, calls as PBN tokens (`1H`, `Pass`,",
        "`X`, `XX`), cards as PBN tokens (`SK`, `HT`), strains `C` `D` `H` `S` `NT`, laws as their",
        "clause (`27B2`). What does not exist now (no irregularity on the table, no declarer yet) is",
        "`null`. `event.*` is the event being handled; `entry.*` the call that has just taken its place",
        "(the internal event `call_stands`); `call.kind` the kind a call made during the auction is",
        "classified as; `irregularity.*` the irregular call on the table; `table.*` the rest of the",
        "board record; `auction.*` what the standing calls tell.",
        "",
        "| variable | type | meaning |",
        "|---|---|---|",
    ]
    for v in CONTEXT.variables.values():
        lines.append(f"| `{v.name}` | {v.type} | {v.doc} |")
        for field, doc in v.items.items():
            lines.append(f"| `{v.name}[].{field}` | item field | {doc} |")
    lines += [
        "",
        "## Bridge operators",
        "",
        "Each takes JSON values and may read the board; a `null` argument gives `null` or false. An",
        "operator marked *pure* depends on its arguments only, never on the board (`pure` in the",
        "export): an engine may compute it ahead, once its arguments are known.",
        "",
    ]
    for o in CONTEXT.operators.values():
        pure = " *pure*" if o.pure else ""
        lines += [f"### `{o.name}` ({', '.join(o.args)}){pure}", "", o.doc[0].upper() + o.doc[1:] + ".", ""]
        for expr, context, value in o.examples:
            where = f" when {context}" if context else ""
            lines.append(f"- `{_compact(expr)}` gives `{_compact(value)}`{where}")
        lines.append("")
    lines += [
        "## Definitions: the words of the Laws in the data",
        "",
        "Each is a named expression of the export (`context.definitions`: `name`, `params`, `expr`, `law`),",
        "called as an operator: `{name: [values...]}`. A call values its arguments where it stands, then",
        'the expression, in which `{"arg": "p"}` is the value of the parameter `p`, also from inside an',
        "array operation; `var` and `ctx` read the board context as anywhere else. A definition calls",
        "only what is defined before it (no recursion). Each example is a test vector: the call, the",
        "values of the context variables it reads (any other is `null`), and its value; every",
        "implementation runs them (`tests/laws/test_definitions.py`, `fsm/js/vectors.js`). A host may compute",
        "a definition natively for speed, but the expression stays the law: the Python host does, and",
        "the corpus is run both ways (`FSM_NATIVE=0`).",
        "",
    ]
    for d in CONTEXT.definitions.values():
        pure = " *pure*" if CONTEXT.pure(d.name) else ""
        law = f" — {d.law}" if d.law else ""
        lines += [f"### `{d.name}` ({', '.join(d.params)}){pure}{law}", "", d.doc[0].upper() + d.doc[1:] + ".", ""]
        lines += ["```json", _compact(d.expr), "```", ""]
        for expr, given, value in d.examples:
            when = f" when `{_compact(given)}`" if given else ""
            lines.append(f"- `{_compact(expr)}` gives `{_compact(value)}`{when}")
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def effects_markdown() -> str:
    from fsm.bridge.effects import EFFECTS
    from fsm.engine.effects import CONTROL

    used = _laws_using("actions")
    lines = [
        "# Effects: what the actions change",
        "",
        "Every action of a rule is a list of effects, run in order once the rule fires: the action's one",
        "definition, which the Python machine compiles once (`fsm/engine/effects.py`) and the JSON",
        "export carries as it is (`rules[].actions[].effects`, with this reference under `effects`), so",
        "that another implementation applies the same changes to its own board. Written from the code",
        "by `make docs`; a test checks it.",
        "",
        "## The language",
        "",
        'An effect is an object with exactly one key, its name: `{"stand": {"n": {"var": "irregularity.n"}}}`.',
        "The value of a bridge effect is the object of its parameters; each parameter is an expression",
        "([expressions.md](expressions.md)) read when the effect runs, after the effects before it, so",
        "that it sees the board as they left it, unless its kind says otherwise: `name`, a word fixed",
        "in the rule (one of the choices listed); `fields`, an object each of whose values is an",
        "expression (a record to add); `item`, an expression read on each item of a collection (`var`",
        "reads the item, `ctx` the context); `literal`, a JSON value taken as it is. A parameter left",
        "out takes its default. Three effects belong to the engine:",
        "",
        "| effect | form |",
        "|---|---|",
    ]
    lines += [f"| `{name}` | {doc} |" for name, doc in CONTROL.items()]
    lines += [
        "",
        "Calls are named by their number `n` (the order in which they were made, their identity",
        "whatever their status); the collections are the arrays of the board context under `table.`,",
        "whose item fields [expressions.md](expressions.md) lists.",
        "",
        "## The bridge effects",
        "",
    ]
    for x in EFFECTS.effects.values():
        lines += [f"### `{x.name}`", "", x.doc, ""]
        if x.params:
            lines += ["| parameter | kind | default | meaning |", "|---|---|---|---|"]
            for p in x.params:
                kind = p.kind + (f": {', '.join(f'`{c}`' for c in p.choices)}" if p.choices else "")
                default = "required" if p.required else f"`{_compact(p.default)}`"
                lines.append(f"| `{p.name}` | {kind} | {default} | {p.doc} |")
            lines.append("")
        for example in x.examples:
            lines.append(f"- `{_compact(example)}`")
        if x.examples:
            lines.append("")
    lines += [
        "## The actions",
        "",
        "Every action by its registered name, with what it leaves behind in French and English, the",
        "laws of the rules that run it, and its effects.",
        "",
    ]
    actions = sorted(
        (name, fn)
        for name, fn in REGISTRY.by_name.items()
        if getattr(fn, "fsm_kind", None) == "action" and name in used
    )
    for name, fn in actions:
        laws = ", ".join(sorted(used[name], key=_law_key))
        lines += [
            f"### `{name}` ({laws})",
            "",
            f"{fn.fr} / {fn.en}",  # type: ignore[attr-defined]
            "",
            f"`{_compact(effects_of(fn))}`",
            "",
        ]
    return "\n".join(lines).rstrip() + "\n"


def _rows(rows: Any, path: str, lines: list[str]) -> None:
    for i, row in enumerate(rows, 1):
        at = f"{path}{i}"
        when = "always" if row.when is None else f"`{_compact(row.when)}`"
        then = f"`{row.then}`" if row.then is not None else f"the rows {at}.*"
        lines.append(f"| {at} | {when} | {then} | {row.law} | {row.fr} / {row.en} |")
        _rows(row.rows, at + ".", lines)


def decisions_markdown() -> str:
    from fsm.bridge.calls import Seat, parse_call
    from fsm.bridge.events import Event
    from fsm.model.board import Board

    engine = default_engine()
    lines = [
        "# Decisions and triggers: what is decided before the rules, and raised after them",
        "",
        "Two things the machine does on its own are data too, run by the engine like the rules and",
        "published in the JSON export (`decisions`, `triggers`). Written from the code by `make docs`;",
        "a test checks it.",
        "",
        "## Decision tables",
        "",
        "A decision sets one variable of the context for an event offered in a state (or a state",
        "inside it), before any rule is asked: the rules' guards then read that variable. It is an",
        "ordered table of rows. Each row has a condition (`when`, an expression of",
        "[expressions.md](expressions.md); absent: always) and either an outcome (`then`) or rows of",
        "its own (`rows`). **The first row whose condition holds decides**: its outcome, or what its",
        "own rows decide; rows none of which holds decide nothing, and the rows after their parent",
        "are tried. The last row of a table always holds and has an outcome, so that the decision",
        "always decides; the machine refuses a table that could decide nothing, or an outcome the",
        "decision does not declare. The order of the rows is part of the law: a bid above seven is a",
        "Law 38 case whoever makes it, before any question of rotation.",
        "",
        "A decision may name variables of the event whose values are few (`specialize`): a hint, never",
        "a meaning. The Python engine then works the table out once for each value met, putting the",
        "value in, computing what can be computed (the builtins and the *pure* operators of",
        "[expressions.md](expressions.md)) and leaving out the rows that can no longer hold: a pass is",
        "never asked whether it is a bid above seven. The outcome is the same (a test compares them);",
        "another implementation may ignore the hint.",
        "",
    ]
    for d in engine.decisions:
        lines += [
            f"### `{d.name}`: {d.fr} / {d.en} (Law {d.law})",
            "",
            f"Decided for the event `{d.event}` in the state `{d.state}`. Its outcomes: "
            + ", ".join(f"`{o}`" for o in d.outcomes)
            + ".",
            "",
            "| row | when | then | law | in words |",
            "|---|---|---|---|---|",
        ]
        _rows(d.rows, "", lines)
        lines.append("")
        if d.name == "call.kind":
            lines += [
                "Worked examples, dealer North (each call offered after the calls before it, in rotation):",
                "",
                "| calls made | call offered | row | outcome |",
                "|---|---|---|---|",
            ]
            for dealer, calls, seat, call, artificial in EXAMPLES:
                board = Board(dealer=dealer)
                board.calls(calls)
                event = Event("call", {}, seat=Seat(seat), call=parse_call(call), artificial=artificial)
                outcome, path = d.explain(CONTEXT, board.table, event)
                offered = f"{seat} {call}" + (" (artificial)" if artificial else "")
                lines.append(f"| {calls} | {offered} | {'.'.join(map(str, path))} | `{outcome}` |")
            lines.append("")
    lines += [
        "## Triggers",
        "",
        "A trigger raises an internal event in a state once an external event, and everything it",
        "set off, has been handled, when its condition holds; the event raised is then offered to",
        "the rules like any internal event. At most one trigger fires per external event: the first",
        "whose condition holds, in the order below.",
        "",
        "| state | when | raises | law | in words |",
        "|---|---|---|---|---|",
    ]
    for t in engine.triggers:
        lines.append(f"| `{t.state}` | `{_compact(t.when)}` | `{t.raises}` | {t.law} | {t.fr} / {t.en} |")
    return "\n".join(lines).rstrip() + "\n"


def write() -> list[Path]:
    PATH.write_text(guards_markdown(), encoding="utf-8")
    EXPRESSIONS.write_text(expressions_markdown(), encoding="utf-8")
    EFFECTS.write_text(effects_markdown(), encoding="utf-8")
    DECISIONS.write_text(decisions_markdown(), encoding="utf-8")
    MAKERS_PATH.write_text(formatted_makers(), encoding="utf-8")
    return [PATH, EXPRESSIONS, EFFECTS, DECISIONS, MAKERS_PATH, coverage.write()]
