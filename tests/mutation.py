"""A mutation check of the law data: how much of the machine the scenario corpus pins down.

Each mutant is the machine's export (:func:`fsm.interop.export.to_dict`) with one change to its law
data (a guard negated or dropped, a constant changed, an effect dropped, a rule sent elsewhere or
citing a neighbouring paragraph, a decision row, a trigger or an option dropped, an option given to
another holder), rebuilt into an engine whose guards, actions and holders are compiled afresh from
the changed expressions, and run on every scenario of the corpus (:mod:`fsm.model.scenario`). A
mutant is killed when some scenario fails on it; one whose engine refuses to build is invalid; one
that no event sequence can tell apart from the machine is listed, with the reason, in
``tests/data/mutants-equivalent.yaml``. The score is killed / (total - invalid - equivalent).

The mutants are made from the data alone, in a fixed order, each with a readable id
(``guard-negated:new_call_above_seven``, ``rule-law:<rule id>:30A->30B``...), so two runs make the
same ones.

    python tests/mutation.py [--only SUBSTRING] [--json FILE] [--processes N] [--write-not-yet-killed]

Survivors that no scenario kills yet, and that are not equivalent, are listed in
``tests/data/mutants-not-yet-killed.txt``: the work left, which may only shrink (the deep test).
"""

from __future__ import annotations

import argparse
import copy
import json
import re
import signal
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if __name__ == "__main__":  # run as a script: the package of this checkout, not an installed one
    sys.path.insert(0, str(ROOT))

from fsm.bridge.context import CONTEXT  # noqa: E402
from fsm.bridge.effects import EFFECTS  # noqa: E402
from fsm.engine.decisions import Decision, Trigger  # noqa: E402
from fsm.engine.machine import Engine  # noqa: E402
from fsm.engine.tables import Option, Registry, Rule, StateSpec  # noqa: E402
from fsm.interop.export import to_dict  # noqa: E402
from fsm.laws.spec import REGISTRY, condition_of, effects_of  # noqa: E402
from fsm.model.machine import BRIDGE, LAW_REF  # noqa: E402
from fsm.model.scenario import Scenario, corpus_files, load, run  # noqa: E402

EQUIVALENT = ROOT / "tests" / "data" / "mutants-equivalent.yaml"
# The survivors no scenario kills yet, not equivalent: the work left, one id a line. The deep test fails on a
# survivor not listed here (the corpus lost a kill) and on a listed one the corpus now kills (drop it).
NOT_YET_KILLED = ROOT / "tests" / "data" / "mutants-not-yet-killed.txt"
# What the strict runner says when two rules hold at once (fsm/engine/machine.py), and how it is reported.
OVERLAP_FR, OVERLAP_EN, OVERLAP = "plusieurs règles tiennent", "several rules hold", "two rules hold at once"
TIMEOUT = 120  # seconds for one mutant on the whole corpus: more is a hang, which counts as killed

# Constants swapped inside an expression: a role, a seat, a kind of penalty card or of obligation.
SWAPS: dict[str, str] = {
    "LHO": "RHO", "RHO": "LHO", "N": "S", "S": "N", "E": "W", "W": "E", "major": "minor", "minor": "major",
    "pass_rest": "pass_next_turn", "pass_next_turn": "pass_rest", "require": "prohibit", "prohibit": "require",
    "X": "XX", "XX": "X",
}  # fmt: skip
# Operators of one seat swapped: the left-hand opponent for the right-hand one, and back.
SEAT_OPS = {"lho": "rho", "rho": "lho"}
# Seats of the record swapped for their counterpart: the offender for his partner or LHO, declarer
# for dummy...
VAR_SWAPS: dict[str, str] = {
    "irregularity.offender": "irregularity.offender_lho", "irregularity.offender_lho": "irregularity.offender",
    "table.declarer": "table.dummy", "table.dummy": "table.declarer",
    "table.opening_leader": "table.leader_partner", "table.leader_partner": "table.opening_leader",
    "table.presumed_declarer": "table.presumed_dummy", "table.presumed_dummy": "table.presumed_declarer",
}  # fmt: skip
# The swapped seats are null together (each is the other's partner or LHO): a test that one is null
# is not changed by the swap, and neither is the side of a seat swapped for its partner.
PARTNERS = {"table.declarer", "table.dummy", "table.opening_leader", "table.leader_partner",
            "table.presumed_declarer", "table.presumed_dummy"}  # fmt: skip
_STRUCTURAL = ("var", "ctx")


def _same_after_swap(expr: dict[str, Any]) -> bool:
    """An expression no seat swap changes: a seat tested against null, or a partner's side."""
    ((op, args),) = expr.items() if len(expr) == 1 else ((None, None),)
    if op in ("==", "!=") and isinstance(args, list) and None in args:
        return True
    if op == "side" and isinstance(args, list) and len(args) == 1 and isinstance(args[0], dict):
        path = next(iter(args[0].values()), None)
        return isinstance(path, str) and path in PARTNERS
    return False


@dataclass(frozen=True)
class Mutant:
    id: str
    change: Callable[[dict[str, Any]], None]  # changes the export in place


# --- the machine as data, and back ------------------------------------------------------------------


@cache
def _spec_text() -> str:
    return json.dumps(to_dict())


def spec() -> dict[str, Any]:
    """A fresh copy of the machine's export."""
    data: dict[str, Any] = json.loads(_spec_text())
    return data


class _Overlay(Registry):
    """The project's registry with some names given other functions: those the mutant changed."""

    def __init__(self) -> None:
        super().__init__()
        self.by_name = dict(REGISTRY.by_name)
        self.fresh = False  # compile every piece afresh, though its expression is the project's


def _fresh(overlay: _Overlay, kind: str, data: dict[str, Any]) -> Callable[..., Any]:
    """The registered function for this guard, action or holder when its expression or effects are
    the project's, else one compiled afresh from them (and registered in the overlay under its name)."""
    name = data["name"]
    known = REGISTRY.get(name, kind)
    if known is None:
        raise ValueError(f"unknown {kind} '{name}'")
    if not overlay.fresh and data.get("test") == condition_of(known) and data.get("effects") == effects_of(known):
        return known
    mine = overlay.by_name.get(name)
    if mine is not known and mine is not None:  # already made for this mutant
        if getattr(mine, "test", None) != data.get("test") or getattr(mine, "effects", None) != data.get("effects"):
            raise ValueError(f"{kind} '{name}' has two expressions in one mutant")
        return mine
    fn: Any
    if kind == "action":
        fn = EFFECTS.compile(data["effects"])
        fn.effects = data["effects"]
    elif kind == "guard":
        fn = CONTEXT.compile(data["test"])
    else:
        from fsm.bridge.calls import Seat

        compiled = CONTEXT.compile(data["test"])

        def fn(table: Any, compiled: Any = compiled) -> list[str] | None:
            got = compiled(table, None)
            if got is True:  # offered now, to no seat (as fsm.laws.spec.holder reads it)
                return None
            return [Seat(s).value for s in got or ()]

    fn.fsm_name, fn.fsm_kind, fn.fr, fn.en = name, kind, known.fr, known.en  # type: ignore[attr-defined]
    fn.test = data.get("test")
    # A changed guard may hold where the project's could not: it needs nothing the dispatch may skip on.
    fn.needs = ()
    overlay.by_name[name] = fn
    return fn  # type: ignore[no-any-return]


class StrictEngine(Engine):
    """An engine that dispatches every event with the strict runner, whatever runner the board
    asks for: two rules of one state that hold at once for an event refuse it (SpecError). The
    order of declaration never chooses a ruling (docs/model.md), so a mutant that makes a rule
    overlap its sibling is a changed machine even where the rule declared first happens to give
    the same ruling."""

    def dispatch(self, record: Any, event: Any, runner: str = "compiled", undo: bool = True) -> Any:
        return super().dispatch(record, event, "strict", undo)


def build(data: dict[str, Any], strict: bool = False, fresh: bool = False) -> Engine:
    """An engine from a (changed) export: what :func:`fsm.interop.export.from_json` does, except that
    a guard, action or holder whose expression or effects differ from the project's is compiled
    from the export instead of being refused. ``strict``: a :class:`StrictEngine`; ``fresh``: every
    guard, action and holder compiled afresh (a changed definition is in each that calls it)."""
    overlay = _Overlay()
    if fresh:
        overlay.fresh = True
    specs = [StateSpec(**{**s, "takes": tuple(s["takes"])}) for s in data["states"]]
    rules = [
        Rule(
            r["event"], r["source"], r["dest"], r["law"], r["fr"], r["en"],
            tuple(_fresh(overlay, "guard", g) for g in r["guards"]),
            tuple(_fresh(overlay, "action", a) for a in r["actions"]),
            r["ruling"], tuple(r.get("cites", ())),
            (r["outcome"]["fr"], r["outcome"]["en"]) if r.get("outcome") else None,
        )
        for r in data["rules"]
    ]  # fmt: skip
    holders = {h["name"]: _fresh(overlay, "holder", h) for h in data["holders"]}
    options = {
        state: [Option(o["event"], holders[o["holder"]] if o["holder"] else None, o["law"], o["fr"], o["en"]) for o in opts]
        for state, opts in data["options"].items()
    }  # fmt: skip
    decisions = [Decision.from_data(d) for d in data["decisions"]]
    triggers = [Trigger.from_data(t) for t in data["triggers"]]
    kind = StrictEngine if strict else Engine
    return kind(specs, rules, options, decisions, triggers, host=BRIDGE._replace(registry=overlay))


# --- the mutants ------------------------------------------------------------------------------------


def _short(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else value


def _key(expr: Any) -> str:
    return json.dumps(expr, sort_keys=True)


def variants(expr: Any, others: frozenset[str] = frozenset(), top: bool = True) -> Iterator[tuple[str, Any]]:
    """Each expression made from ``expr`` by changing one constant: an integer by one (0 to 1, any
    other either way), true and false, a role, seat or kind for its counterpart, a seat operator
    (lho/rho) or a seat of the record (the offender for his LHO, declarer for dummy...) for the
    other. Law references, labels and names of fields are left alone, and so is a part that is
    another guard's whole expression (``others``: that guard's own mutants change it)."""
    if not top and isinstance(expr, dict) and _key(expr) in others:
        return
    if isinstance(expr, dict) and _same_after_swap(expr):
        yield from _no_swap(expr, others)
        return
    if isinstance(expr, bool):
        yield f"{_short(expr)}->{_short(not expr)}", not expr
    elif isinstance(expr, int):
        for new in (expr + 1,) if expr == 0 else (expr + 1, expr - 1):
            yield f"{expr}->{new}", new
    elif isinstance(expr, str):
        if expr in SWAPS:
            yield f"{expr}->{SWAPS[expr]}", SWAPS[expr]
    elif isinstance(expr, list):
        for i, x in enumerate(expr):
            for label, new in variants(x, others, False):
                yield label, [*expr[:i], new, *expr[i + 1 :]]
    elif isinstance(expr, dict):
        for key, x in expr.items():
            if key in _STRUCTURAL:
                if isinstance(x, str) and x in VAR_SWAPS:
                    yield f"{x}->{VAR_SWAPS[x]}", {**expr, key: VAR_SWAPS[x]}
                continue
            if key in SEAT_OPS:
                yield f"{key}->{SEAT_OPS[key]}", {SEAT_OPS[key]: x}
            if key in ("law", "fr", "en", "field", "from", "into", "to", "key", "kind") and isinstance(x, str):
                if key == "kind" and x in SWAPS:  # a penalty card's or an obligation's kind
                    yield f"{x}->{SWAPS[x]}", {**expr, key: SWAPS[x]}
                continue
            for label, new in variants(x, others, False):
                yield label, {**expr, key: new}


def _no_swap(expr: dict[str, Any], others: frozenset[str]) -> Iterator[tuple[str, Any]]:
    """The variants of an expression a seat swap does not change: its other constants only."""
    ((op, args),) = expr.items()
    for i, x in enumerate(args):
        if isinstance(x, dict) and set(x) <= set(_STRUCTURAL):
            continue
        for label, new in variants(x, others, False):
            yield label, {op: [*args[:i], new, *args[i + 1 :]]}


def _first(pairs: Iterator[tuple[str, Any]]) -> Iterator[tuple[str, Any]]:
    """The first occurrence of each change in one piece: the same swap further on in the same
    guard or action is most often the same mistake again, and would multiply the mutants."""
    seen: set[str] = set()
    for label, new in pairs:
        if label not in seen:
            seen.add(label)
            yield label, new


def _effect_drops(effects: list[Any], at: str = "", depth: int = 1) -> Iterator[tuple[str, list[Any]]]:
    """Each list of effects with one effect dropped: at the top and directly inside an ``if``,
    ``each`` or ``with`` (deeper, a block's effects are dropped with the block)."""
    for i, eff in enumerate(effects):
        ((name, args),) = eff.items()
        where = f"{at}{i + 1}"
        yield f"{where}:{name}", effects[:i] + effects[i + 1 :]
        if depth > 1:
            continue
        if name == "if":
            for branch in (1, 2):
                if branch < len(args):
                    for label, inner in _effect_drops(args[branch], f"{where}.{'then' if branch == 1 else 'else'}.", 2):
                        new_args = [*args[:branch], inner, *args[branch + 1 :]]
                        yield label, [*effects[:i], {name: new_args}, *effects[i + 1 :]]
        elif name in ("each", "with"):
            for label, inner in _effect_drops(args[1], f"{where}.", 2):
                yield label, [*effects[:i], {name: [args[0], inner]}, *effects[i + 1 :]]


def neighbour(law: str) -> str | None:
    """The next paragraph of a law reference: 30A->30B, 31A1->31A2, 27B1(b)->27B1(c), 17->18."""
    m = re.match(r"^(.*?)([0-9]+|[A-Ga-d]|i{1,3}|iv)(\)?)$", law)
    if m is None:
        return None
    head, last, close = m.groups()
    if last.isdigit():
        new = str(int(last) + 1)
    elif last in ("i", "ii", "iii"):
        new = last + "i"
    elif last == "iv":
        return None
    else:
        new = chr(ord(last) + 1)
    out = f"{head}{new}{close}"
    return out if LAW_REF.match(out) else None


def _pieces(data: dict[str, Any], kind: str) -> dict[str, dict[str, Any]]:
    """The named guards or actions of the rules, once each, in their order of first use."""
    out: dict[str, dict[str, Any]] = {}
    for r in data["rules"]:
        for x in r[kind]:
            out.setdefault(x["name"], x)
    return out


def _every(data: dict[str, Any], kind: str, name: str) -> Iterator[dict[str, Any]]:
    for r in data["rules"]:
        for x in r[kind]:
            if x["name"] == name:
                yield x


def _replace(expr: Any, old: Any, new: Any) -> Any:
    """``expr`` with every part equal to ``old`` made ``new`` (never looking inside ``new``)."""
    if expr == old:
        return copy.deepcopy(new)
    if isinstance(expr, list):
        return [_replace(x, old, new) for x in expr]
    if isinstance(expr, dict):
        return {k: _replace(x, old, new) for k, x in expr.items()}
    return expr


def _everywhere(d: dict[str, Any], old: Any, new: Any) -> None:
    """A guard's expression changed wherever it is written: in the guard, and in the guards, option
    holders, triggers and decision rows made from it (``all_of``, ``Not``...): one piece of law."""
    for r in d["rules"]:
        for g in r["guards"]:
            g["test"] = _replace(g["test"], old, new)
    for h in d["holders"]:
        h["test"] = _replace(h["test"], old, new)
    for t in d["triggers"]:
        t["when"] = _replace(t["when"], old, new)
    for dec in d["decisions"]:
        for _, row in _rows(dec["rows"]):
            if "when" in row:
                row["when"] = _replace(row["when"], old, new)


def _set_test(name: str, old: Any, new: Any) -> Callable[[dict[str, Any]], None]:
    def change(d: dict[str, Any]) -> None:
        if isinstance(old, dict):
            _everywhere(d, old, new)
        else:  # a bare constant is no piece of law of its own (and true == 1 for Python)
            for g in _every(d, "guards", name):
                g["test"] = copy.deepcopy(new)

    return change


def _drop_guard(name: str, old: Any) -> Callable[[dict[str, Any]], None]:
    """The guard gone from the rules that name it, and true wherever it is part of another."""

    def change(d: dict[str, Any]) -> None:
        for r in d["rules"]:
            r["guards"] = [g for g in r["guards"] if g["name"] != name]
        if isinstance(old, dict):
            _everywhere(d, old, True)

    return change


def _set_effects(name: str, effects: list[Any]) -> Callable[[dict[str, Any]], None]:
    def change(d: dict[str, Any]) -> None:
        for a in _every(d, "actions", name):
            a["effects"] = copy.deepcopy(effects)

    return change


def _set_holder_test(name: str, test: Any) -> Callable[[dict[str, Any]], None]:
    def change(d: dict[str, Any]) -> None:
        for h in d["holders"]:
            if h["name"] == name:
                h["test"] = copy.deepcopy(test)

    return change


def _set_rule(index: int, key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(d: dict[str, Any]) -> None:
        d["rules"][index][key] = value

    return change


def _option(state: str, index: int, holder: str | None) -> Callable[[dict[str, Any]], None]:
    """The option's holder changed to ``holder``, or the option dropped when ``holder`` is ``"-"``."""

    def change(d: dict[str, Any]) -> None:
        if holder == "-":
            del d["options"][state][index]
        else:
            d["options"][state][index]["holder"] = holder

    return change


def _drop_row(decision: int, path: tuple[int, ...]) -> Callable[[dict[str, Any]], None]:
    def change(d: dict[str, Any]) -> None:
        rows = d["decisions"][decision]["rows"]
        for i in path[:-1]:
            rows = rows[i]["rows"]
        del rows[path[-1]]

    return change


def _drop_trigger(index: int) -> Callable[[dict[str, Any]], None]:
    def change(d: dict[str, Any]) -> None:
        del d["triggers"][index]

    return change


_ORDER_SWAPS = {
    "<": "<=",
    "<=": "<",
    ">": ">=",
    ">=": ">",
    "first": "last",
    "last": "first",
    "after": "before",
    "before": "after",
}


def _definition_variants(expr: Any, at: str = "") -> Iterator[tuple[str, Any]]:
    """A definition's expression with one order swapped (``<`` for ``<=``, ``first`` for ``last``...) or
    one operand of an ``and`` / ``or`` left out: the slips a hand-written law makes."""
    if isinstance(expr, list):
        for i, x in enumerate(expr):
            for label, new in _definition_variants(x, at):
                yield label, [*expr[:i], new, *expr[i + 1 :]]
        return
    if not isinstance(expr, dict) or len(expr) != 1:
        return
    ((op, args),) = expr.items()
    one_item = isinstance(args, list) and len(args) == 1 and _one_item(args[0])
    if op in _ORDER_SWAPS and not one_item:  # the first of one item is the last (field_of)
        yield f"{op}->{_ORDER_SWAPS[op]}@{_key(args)[:40].rstrip()}", {_ORDER_SWAPS[op]: args}
    if op in ("and", "or") and isinstance(args, list) and len(args) > 1:
        for i in range(len(args)):
            rest = [*args[:i], *args[i + 1 :]]
            yield f"{op}-operand-dropped:{_key(args[i])[:40].rstrip()}", {op: rest}
    for label, new in _definition_variants(args, at):
        yield label, {op: new}


def _one_item(expr: Any) -> bool:
    """An array of one item by construction: a literal of one, or ``map`` over one."""
    if isinstance(expr, list):
        return len(expr) == 1
    if isinstance(expr, dict) and len(expr) == 1 and "map" in expr:
        return _one_item(expr["map"][0])
    return False


def _set_definition(name: str, expr: Any) -> Callable[[dict[str, Any]], None]:
    def change(d: dict[str, Any]) -> None:
        (x,) = [x for x in d["context"]["definitions"] if x["name"] == name]
        x["expr"] = expr

    return change


def _rows(rows: list[dict[str, Any]], at: tuple[int, ...] = ()) -> Iterator[tuple[tuple[int, ...], dict[str, Any]]]:
    for i, row in enumerate(rows):
        yield (*at, i), row
        yield from _rows(row.get("rows", []), (*at, i))


def _written(data: dict[str, Any]) -> set[str]:
    """Every part of every expression of the guards, holders, triggers and decision rows."""
    out: set[str] = set()

    def walk(expr: Any) -> None:
        if isinstance(expr, dict):
            out.add(_key(expr))
            for x in expr.values():
                walk(x)
        elif isinstance(expr, list):
            for x in expr:
                walk(x)

    for r in data["rules"]:
        for g in r["guards"]:
            walk(g["test"])
    for h in data["holders"]:
        walk(h["test"])
    for t in data["triggers"]:
        walk(t["when"])
    for d in data["decisions"]:
        for _, row in _rows(d["rows"]):
            walk(row.get("when"))
    return out


def mutants() -> list[Mutant]:
    """Every mutant, in a fixed order, each id once."""
    data = spec()
    out: list[Mutant] = []
    actions = _pieces(data, "actions")
    guards = {name: g["test"] for name, g in _pieces(data, "guards").items()}
    # the guards no rule names, written inside others (``all_of``, ``Not``): pieces of law too
    written = _written(data)
    for name, fn in REGISTRY.by_name.items():
        test = condition_of(fn)
        if getattr(fn, "fsm_kind", None) == "guard" and name not in guards and _key(test) in written:
            guards[name] = test
    everyone = frozenset(_key(t) for t in guards.values() if isinstance(t, dict))
    for name, test in guards.items():
        out.append(Mutant(f"guard-negated:{name}", _set_test(name, test, {"!": test})))
        out.append(Mutant(f"guard-dropped:{name}", _drop_guard(name, test)))
        for label, new in _first(variants(test, everyone)):
            out.append(Mutant(f"guard-const:{name}:{label}", _set_test(name, test, new)))
    for name, a in actions.items():
        for label, new in _effect_drops(a["effects"]):
            out.append(Mutant(f"effect-dropped:{name}:{label}", _set_effects(name, new)))
        for label, new in _first(variants(a["effects"])):
            out.append(Mutant(f"effect-const:{name}:{label}", _set_effects(name, new)))
    holder_names = [h["name"] for h in data["holders"]]
    for h in data["holders"]:
        for label, new in _first(variants(h["test"], everyone)):
            out.append(Mutant(f"holder-const:{h['name']}:{label}", _set_holder_test(h["name"], new)))
    for i, r in enumerate(data["rules"]):
        if r["dest"] is not None and r["dest"] != r["source"]:
            out.append(Mutant(f"rule-dest:{r['id']}:->stay", _set_rule(i, "dest", None)))
        new_law = neighbour(r["law"])
        # A rule that only refuses fires no step: its refusal cites the law its effect names, and no event
        # sequence shows the rule's own (equivalent by construction, so not made).
        if new_law is not None and not _only_refuses(r):
            out.append(Mutant(f"rule-law:{r['id']}:{r['law']}->{new_law}", _set_rule(i, "law", new_law)))
    for state, opts in data["options"].items():
        for j, o in enumerate(opts):
            what = f"{state}:{o['event']}:{o['holder']}:{o['law']}"
            out.append(Mutant(f"option-dropped:{what}", _option(state, j, "-")))
            if o["holder"] is not None:
                other = holder_names[(holder_names.index(o["holder"]) + 1) % len(holder_names)]
                out.append(Mutant(f"option-holder:{what}->{other}", _option(state, j, other)))
    for k, d in enumerate(data["decisions"]):
        for path, row in _rows(d["rows"]):
            where = ".".join(str(i + 1) for i in path)
            out.append(
                Mutant(
                    f"decision-row-dropped:{d['name']}:{where}:{row['law']}:{row.get('then', '…')}", _drop_row(k, path)
                )
            )
    for k, t in enumerate(data["triggers"]):
        out.append(Mutant(f"trigger-dropped:{t['state']}:{t['raise']}", _drop_trigger(k)))
    for d in data["context"]["definitions"]:
        pairs = list(_first(variants(d["expr"]))) + list(_first(_definition_variants(d["expr"])))
        for label, new in pairs:
            out.append(Mutant(f"definition:{d['name']}:{label}", _set_definition(d["name"], new)))
    ids = Counter(m.id for m in out)
    twice = [i for i, n in ids.items() if n > 1]
    if twice:
        raise ValueError(f"mutant ids made twice: {twice[:5]}")
    return out


# --- running ----------------------------------------------------------------------------------------


@cache
def corpus() -> list[Scenario]:
    return [s for path in corpus_files() for s in load(path)]


def _alarm(signum: int, frame: Any) -> None:
    raise TimeoutError


def _changed_definitions(data: dict[str, Any]) -> dict[str, Any]:
    """The definitions whose expression the mutant changed: name → its new expression."""
    return {
        d["name"]: d["expr"] for d in data["context"]["definitions"] if CONTEXT.definitions[d["name"]].expr != d["expr"]
    }


@contextmanager
def _definitions(changed: dict[str, Any]) -> Iterator[None]:
    """The context's definitions as the mutant has them, every one valued from its expression (no native
    version stands for a changed definition), for the time the mutant is built and run."""
    if not changed:
        yield
        return
    saved, natives, variables = dict(CONTEXT.definitions), CONTEXT.use_natives, dict(CONTEXT.variables)
    for name, expr in changed.items():
        CONTEXT.definitions[name] = replace(CONTEXT.definitions[name], expr=expr)
    CONTEXT.use_natives = False
    for name in CONTEXT.derived:  # the variables the data defines, valued from it too, in their order
        v = CONTEXT.variables[name]
        CONTEXT.variables[name] = replace(v, get=CONTEXT.compile(v.expr))
    try:
        yield
    finally:
        CONTEXT.definitions.clear()
        CONTEXT.definitions.update(saved)
        CONTEXT.variables.clear()
        CONTEXT.variables.update(variables)
        CONTEXT.use_natives = natives


def check(mutant: Mutant, strict: bool = True) -> tuple[str, str, str]:
    """``(id, verdict, why)``: verdict ``invalid`` (the engine refuses to build), ``killed`` (the
    scenario that noticed and its message) or ``survived``. The corpus is run in an order that
    starts with the scenario that last killed a mutant in this process; ``strict``: with the strict
    runner (:class:`StrictEngine`)."""
    data = spec()
    mutant.change(data)
    changed = _changed_definitions(data)
    with _definitions(changed):
        return _check(mutant, data, strict, bool(changed))


def _check(mutant: Mutant, data: dict[str, Any], strict: bool, fresh: bool) -> tuple[str, str, str]:
    try:
        engine = build(data, strict, fresh)
    except Exception as err:  # noqa: BLE001 - any refusal of the mutated tables makes it invalid
        return mutant.id, "invalid", f"{type(err).__name__}: {str(err)[:200]}"
    scenarios = corpus()
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(TIMEOUT)
    try:
        for k, s in enumerate(scenarios):
            try:
                result = run(s, engine=engine)
                ok, message = result.ok, result.message
            except TimeoutError:
                raise
            except Exception as err:  # noqa: BLE001 - a crash is noticed too
                ok, message = False, f"{type(err).__name__}: {err}"
            if not ok:
                scenarios.insert(0, scenarios.pop(k))  # a killer kills its neighbours' mutants often
                if OVERLAP_FR in message or OVERLAP_EN in message:
                    message = f"{OVERLAP}: {message}"
                return mutant.id, "killed", f"{s.id}: {message[:200]}"
    except TimeoutError:
        return mutant.id, "killed", f"timeout after {TIMEOUT} s (a hang)"
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    return mutant.id, "survived", ""


@cache
def _by_id() -> dict[str, Mutant]:
    return {m.id: m for m in mutants()}


STRICT = [True]  # the runner of this process's checks (set before the workers fork)


def _check_id(mutant_id: str) -> tuple[str, str, str]:
    return check(_by_id()[mutant_id], STRICT[0])


def equivalents() -> dict[str, str]:
    """The mutants no event sequence can tell apart from the machine: id → the reason."""
    if not EQUIVALENT.exists():
        return {}
    from fsm.bridge import yamltext

    data = yamltext.loads(EQUIVALENT.read_text(encoding="utf-8"), str(EQUIVALENT)) or {}
    return {str(k): str(v) for k, v in data.items()}


def _only_refuses(rule: dict[str, Any]) -> bool:
    return _refuses([e for a in rule["actions"] for e in a.get("effects") or []])


def _refuses(effects: list[Any]) -> bool:
    """Whether these effects refuse on every path: a refusal, or an ``if`` whose branches both do."""
    for e in effects:
        if isinstance(e, dict) and set(e) == {"refuse"}:
            return True
        branches = e.get("if") if isinstance(e, dict) and set(e) == {"if"} else None
        if branches is not None and len(branches) == 3 and _refuses(branches[1]) and _refuses(branches[2]):
            return True
    return False


def not_yet_killed() -> list[str]:
    """The survivors listed as work left (``NOT_YET_KILLED``)."""
    if not NOT_YET_KILLED.exists():
        return []
    lines = NOT_YET_KILLED.read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def write_not_yet_killed(out: dict[str, Any]) -> Path:
    head = [
        "# The survivors of the mutation check no scenario kills yet (not equivalent): the work left.",
        f"# Written by `python tests/mutation.py --write-not-yet-killed`: score {out['score']:.1%}, "
        f"{out['survivors']} survivors among {out['total'] - out['invalid'] - out['equivalent']} mutants judged.",
    ]
    NOT_YET_KILLED.write_text("\n".join(head + out["surviving"]) + "\n", encoding="utf-8")
    return NOT_YET_KILLED


def _progress(done: int, total: int, start: float) -> None:
    if done % 200 == 0 or done == total:
        print(f"  {done}/{total} ({time.monotonic() - start:.0f} s)", file=sys.stderr, flush=True)


def run_all(only: str | None = None, processes: int = 2, strict: bool = True) -> dict[str, Any]:
    """Every mutant (or those whose id contains ``only``) checked on the corpus; the summary.
    ``strict``: the strict runner (a mutant whose rules overlap on some scenario is killed)."""
    STRICT[0] = strict
    equivalent = equivalents()  # read first: a malformed list fails before the run, not after
    chosen = [m.id for m in mutants() if only is None or only in m.id]
    start = time.monotonic()
    if processes > 1 and len(chosen) > 1:
        import multiprocessing

        with multiprocessing.get_context("fork").Pool(processes) as pool:
            results = []
            for result in pool.imap(_check_id, chosen, chunksize=4):
                results.append(result)
                _progress(len(results), len(chosen), start)
    else:
        results = []
        for i in chosen:
            results.append(_check_id(i))
            _progress(len(results), len(chosen), start)
    seconds = time.monotonic() - start
    verdicts = {i: (v, why) for i, v, why in results}
    invalid = sorted(i for i, (v, _) in verdicts.items() if v == "invalid")
    killed = sorted(i for i, (v, _) in verdicts.items() if v == "killed")
    surviving = [i for i, (v, _) in verdicts.items() if v == "survived"]
    equiv = sorted(i for i in surviving if i in equivalent)
    survivors = sorted(i for i in surviving if i not in equivalent)
    # an id listed as equivalent that the corpus kills, or that is no longer made, is a stale entry
    stale = sorted(i for i in equivalent if i in verdicts and verdicts[i][0] != "survived")
    if only is None:
        stale += sorted(i for i in equivalent if i not in verdicts)
    listed = set(not_yet_killed())
    new_survivors = sorted(i for i in survivors if i not in listed)
    # a listed id the corpus now kills, or (on a whole run) one no longer made: drop it from the list
    now_killed = sorted(i for i in listed if i in verdicts and verdicts[i][0] != "survived")
    if only is None:
        now_killed += sorted(i for i in listed if i not in verdicts)
    judged = len(results) - len(invalid) - len(equiv)
    return {
        "total": len(results),
        "invalid": len(invalid),
        "killed": len(killed),
        "killed_as_overlap": sum(OVERLAP in verdicts[i][1] for i in killed),
        "survivors": len(survivors),
        "equivalent": len(equiv),
        "score": round(len(killed) / judged, 4) if judged else None,
        "seconds": round(seconds, 1),
        "surviving": survivors,
        "invalid_ids": {i: verdicts[i][1] for i in invalid},
        "equivalent_ids": equiv,
        "stale_equivalents": stale,
        "new_survivors": new_survivors,
        "now_killed": now_killed,
        "killed_by": {i: verdicts[i][1] for i in killed},
    }


def summary_text(out: dict[str, Any]) -> str:
    lines = [
        f"mutants: {out['total']}  invalid: {out['invalid']}  killed: {out['killed']} "
        f"({out['killed_as_overlap']} as two rules holding at once)  "
        f"equivalent: {out['equivalent']}  survivors: {out['survivors']}  "
        f"score: {out['score']:.1%}  ({out['seconds']} s)"
        if out["score"] is not None
        else f"mutants: {out['total']} (none judged)",
    ]
    if out["stale_equivalents"]:
        lines.append("listed as equivalent but killed or no longer made: " + ", ".join(out["stale_equivalents"]))
    lines += [f"  survivor {i}" + ("" if i in out["new_survivors"] else " (listed)") for i in out["surviving"]]
    if out["new_survivors"]:
        lines.append(
            f"{len(out['new_survivors'])} survivor(s) not listed in {NOT_YET_KILLED.name}: the corpus lost a kill"
        )
    if out["now_killed"]:
        lines.append(f"{len(out['now_killed'])} listed in {NOT_YET_KILLED.name} and now killed: drop them")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--only", help="the mutants whose id contains this")
    parser.add_argument("--json", type=Path, help="write the summary there")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--list", action="store_true", help="list the mutants' ids and stop")
    parser.add_argument(
        "--compiled", action="store_true", help="the compiled runner, which lets the rule declared first win an overlap"
    )
    parser.add_argument(
        "--write-not-yet-killed", action="store_true", help=f"write the survivors to tests/data/{NOT_YET_KILLED.name}"
    )
    args = parser.parse_args(argv)
    if args.list:
        for m in mutants():
            if args.only is None or args.only in m.id:
                print(m.id)
        return 0
    out = run_all(args.only, args.processes, not args.compiled)
    print(summary_text(out))
    if args.write_not_yet_killed:
        if args.only is not None or args.compiled:
            parser.error("--write-not-yet-killed needs the whole run with the strict runner")
        print(f"written: {write_not_yet_killed(out)}")
    if args.json:
        from fsm.bridge import jsontext

        args.json.write_text(jsontext.dumps(out) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
