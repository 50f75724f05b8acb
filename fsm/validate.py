"""Checks a machine's tables before anything is built from them.

Every rule must leave from and go to a known state on a declared event, with registered guards
and actions and a law; every option must belong to a known state and name a declared event and a
registered holder; every state must be reachable; a waiting state must have a way out. Each
problem is reported with the rule or option that has it.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from fsm.errors import SpecError
from fsm.events import EVENTS
from fsm.spec import name_of, registered

if TYPE_CHECKING:
    from collections.abc import Sequence

    from fsm.engine.decisions import Decision, Trigger
    from fsm.spec import Option, Rule, StateSpec

LAW_REF = re.compile(r"^\d{1,2}([A-G](\d(\([a-d]\)(\((i|ii|iii|iv)\))?)?)?)?$")


def _rule(rule: Rule) -> str:
    return f"{rule.event} {rule.source} → {rule.dest or '(reste)'} ({rule.law})"


def validate(
    specs: list[StateSpec],
    rules: list[Rule],
    options: dict[str, list[Option]],
    decisions: Sequence[Decision] = (),
    triggers: Sequence[Trigger] = (),
) -> None:
    """Raise :class:`SpecError` listing every problem of these tables, or return quietly."""
    problems: list[tuple[str, str]] = []
    names = {s.name for s in specs}

    def bad(fr: str, en: str) -> None:
        problems.append((fr, en))

    for s in specs:
        if s.parent is not None and s.parent not in names:
            bad(f"état « {s.name} » : parent « {s.parent} » inconnu", f"state '{s.name}': unknown parent '{s.parent}'")
        kids = [k for k in specs if k.parent == s.name]
        if kids and sum(k.initial for k in kids) != 1:
            bad(f"état « {s.name} » : il faut un et un seul état initial parmi ses enfants",
                f"state '{s.name}': needs exactly one initial child")  # fmt: skip
        if not LAW_REF.match(s.law):
            bad(
                f"état « {s.name} » : référence de loi « {s.law} » illisible",
                f"state '{s.name}': unreadable law '{s.law}'",
            )
    for rule in rules:
        where = _rule(rule)
        if rule.event not in EVENTS:
            bad(
                f"règle « {where} » : événement « {rule.event} » inconnu",
                f"rule '{where}': unknown event '{rule.event}'",
            )
        for end in (rule.source, rule.dest):
            if end is not None and end not in names:
                bad(f"règle « {where} » : état « {end} » inconnu", f"rule '{where}': unknown state '{end}'")
        for law in rule.laws:
            if not LAW_REF.match(law):
                bad(
                    f"règle « {where} » : référence de loi « {law} » illisible",
                    f"rule '{where}': unreadable law '{law}'",
                )
        if not rule.fr or not rule.en:
            bad(f"règle « {where} » : libellé manquant", f"rule '{where}': missing label")
        for g in rule.guards:
            if not registered(g, "guard"):
                bad(f"règle « {where} » : condition « {name_of(g)} » non enregistrée",
                    f"rule '{where}': guard '{name_of(g)}' is not registered")  # fmt: skip
        for a in rule.actions:
            if not registered(a, "action"):
                bad(f"règle « {where} » : action « {name_of(a)} » non enregistrée",
                    f"rule '{where}': action '{name_of(a)}' is not registered")  # fmt: skip
    for state, opts in options.items():
        if state not in names:
            bad(f"options de l'état inconnu « {state} »", f"options of an unknown state '{state}'")
        for o in opts:
            if o.event not in EVENTS or EVENTS[o.event].internal:
                bad(f"option de « {state} » : événement « {o.event} » inconnu",
                    f"option of '{state}': unknown event '{o.event}'")  # fmt: skip
            if o.holder is not None and not registered(o.holder, "holder"):
                bad(f"option de « {state} » : titulaire « {name_of(o.holder)} » non enregistré",
                    f"option of '{state}': holder '{name_of(o.holder)}' is not registered")  # fmt: skip
    _check_decisions(names, rules, decisions, triggers, bad)
    if not problems:
        _check_graph(specs, rules, bad)
    if problems:
        raise SpecError(
            "machine invalide : " + " ; ".join(fr for fr, _ in problems),
            "invalid machine: " + "; ".join(en for _, en in problems),
            problems=[en for _, en in problems],
        )


def _check_graph(specs: list[StateSpec], rules: list[Rule], bad) -> None:  # noqa: ANN001
    """Every state reachable from the initial ones; every waiting state with a way out."""

    def within(state: str, scope: str) -> bool:
        return state == scope or state.startswith(scope + ".")

    def enter(state: str) -> str:
        while True:
            kids = [k.name for k in specs if k.parent == state and k.initial]
            if not kids:
                return state
            state = kids[0]

    leaves = [s.name for s in specs if not any(k.parent == s.name for k in specs)]
    reached = {enter("auction"), "board"}
    todo = list(reached)
    while todo:
        state = todo.pop()
        for rule in rules:
            if rule.dest is not None and within(state, rule.source):
                target = enter(rule.dest)
                if target not in reached:
                    reached.add(target)
                    todo.append(target)
    for leaf in leaves:
        if leaf not in reached:
            bad(f"état « {leaf} » inaccessible", f"state '{leaf}' cannot be reached")
    for s in specs:
        if not s.waiting:
            continue
        out = [r for r in rules if r.dest is not None and (within(s.name, r.source) or within(r.source, s.name))]
        if not any(not within(enter(r.dest), s.name) for r in out if r.dest is not None):
            bad(f"état d'attente « {s.name} » sans issue", f"waiting state '{s.name}' has no way out")


def _check_decisions(
    names: set[str], rules: list[Rule], decisions: Sequence[Decision], triggers: Sequence[Trigger], bad
) -> None:  # noqa: ANN001
    """Each decision for a known state and event, setting a variable the context lets it set, with
    rows that always decide and compile; each trigger in a known state, raising an internal event
    some rule of that state takes, on a condition that compiles."""
    from fsm.context import CONTEXT  # the context the expressions read: built from the bridge
    from fsm.engine import ExpressionError
    from fsm.engine.decisions import setter

    for d in decisions:
        if d.state not in names or d.event not in EVENTS:
            bad(f"décision « {d.name} » : état ou événement inconnu", f"decision '{d.name}': unknown state or event")
        for problem in d.problems():
            bad(f"décision « {d.name} » : {problem}", problem)
        try:
            setter(CONTEXT, d)
            d.compile(CONTEXT)
        except ExpressionError as err:
            bad(f"décision « {d.name} » : {err}", f"decision '{d.name}': {err}")
    for t in triggers:
        where = f"{t.raises} ({t.state})"
        if t.state not in names or t.raises not in EVENTS or not EVENTS[t.raises].internal:
            bad(f"déclencheur « {where} » : état inconnu ou événement non interne",
                f"trigger '{where}': unknown state or not an internal event")  # fmt: skip
        elif not any(
            r.event == t.raises and (t.state == r.source or t.state.startswith(r.source + ".")) for r in rules
        ):
            bad(
                f"déclencheur « {where} » : aucune règle ne prend cet événement",
                f"trigger '{where}': no rule takes its event",
            )
        try:
            CONTEXT.compile(t.when)
        except ExpressionError as err:
            bad(f"déclencheur « {where} » : {err}", f"trigger '{where}': {err}")
