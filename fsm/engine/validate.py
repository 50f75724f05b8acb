"""Checks a machine's tables before anything is built from them.

Every rule must leave from and go to a known state on a declared event, with registered guards
and actions and a law; every option must belong to a known state and name a declared event and a
registered holder; every state must be reachable from a starting one; a waiting state must have a
way out; no rule may leave a final state; rule ids are unique; in every state each event offered
is taken by a rule, and each event a rule takes is offered or declared taken; every decision and
trigger must compile and fit its state. Each problem is reported with the rule, option, decision
or trigger that has it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from fsm.engine.decisions import Decision, Trigger, setter
from fsm.engine.errors import SpecError
from fsm.engine.expr import ExpressionError
from fsm.engine.host import Host
from fsm.engine.tables import Option, Rule, StateSpec, ancestry, enter, name_of, within

Bad = Callable[[str, str], None]


def _rule(rule: Rule) -> str:
    return f"{rule.event} {rule.source} → {rule.dest or '(reste)'} ({rule.law})"


def validate(
    specs: Sequence[StateSpec],
    rules: Sequence[Rule],
    options: dict[str, list[Option]],
    decisions: Sequence[Decision],
    triggers: Sequence[Trigger],
    host: Host,
) -> None:
    """Raise :class:`SpecError` listing every problem of these tables, or return quietly."""
    problems: list[tuple[str, str]] = []
    names = {s.name for s in specs}
    events, holds = host.events, host.registry.holds

    def bad(fr: str, en: str) -> None:
        problems.append((fr, en))

    for s in specs:
        if s.parent is not None and s.parent not in names:
            bad(f"état « {s.name} » : parent « {s.parent} » inconnu", f"state '{s.name}': unknown parent '{s.parent}'")
        kids = [k for k in specs if k.parent == s.name]
        if kids and sum(k.initial for k in kids) != 1:
            bad(
                f"état « {s.name} » : il faut un et un seul état initial parmi ses enfants",
                f"state '{s.name}': needs exactly one initial child",
            )
        if not host.cites(s.law):
            bad(
                f"état « {s.name} » : référence de loi « {s.law} » illisible",
                f"state '{s.name}': unreadable law '{s.law}'",
            )
    for rule in rules:
        where = _rule(rule)
        if rule.event not in events:
            bad(
                f"règle « {where} » : événement « {rule.event} » inconnu",
                f"rule '{where}': unknown event '{rule.event}'",
            )
        for end in (rule.source, rule.dest):
            if end is not None and end not in names:
                bad(f"règle « {where} » : état « {end} » inconnu", f"rule '{where}': unknown state '{end}'")
        for law in rule.laws:
            if not host.cites(law):
                bad(
                    f"règle « {where} » : référence de loi « {law} » illisible",
                    f"rule '{where}': unreadable law '{law}'",
                )
        if not rule.fr or not rule.en:
            bad(f"règle « {where} » : libellé manquant", f"rule '{where}': missing label")
        for g in rule.guards:
            if not holds(g, "guard"):
                bad(
                    f"règle « {where} » : condition « {name_of(g)} » non enregistrée",
                    f"rule '{where}': guard '{name_of(g)}' is not registered",
                )
        for a in rule.actions:
            if not holds(a, "action"):
                bad(
                    f"règle « {where} » : action « {name_of(a)} » non enregistrée",
                    f"rule '{where}': action '{name_of(a)}' is not registered",
                )
    for state, opts in options.items():
        if state not in names:
            bad(f"options de l'état inconnu « {state} »", f"options of an unknown state '{state}'")
        for o in opts:
            if o.event not in events or events[o.event].internal:
                bad(
                    f"option de « {state} » : événement « {o.event} » inconnu",
                    f"option of '{state}': unknown event '{o.event}'",
                )
            if o.holder is not None and not holds(o.holder, "holder"):
                bad(
                    f"option de « {state} » : titulaire « {name_of(o.holder)} » non enregistré",
                    f"option of '{state}': holder '{name_of(o.holder)}' is not registered",
                )
    seen: set[str] = set()
    for rule in rules:
        if rule.id in seen:
            bad(f"règle « {rule.id} » déclarée deux fois", f"rule '{rule.id}' is declared twice")
        seen.add(rule.id)
    for s in specs:
        for name in s.takes:
            if name not in events or events[name].internal:
                bad(
                    f"état « {s.name} » : événement pris « {name} » inconnu",
                    f"state '{s.name}': unknown taken event '{name}'",
                )
    _check_decisions(names, rules, decisions, triggers, host, bad)
    if not problems:
        _check_graph(specs, rules, host.starts, bad)
        _check_offers(specs, rules, options, host, bad)
    if problems:
        raise SpecError(
            "machine invalide : " + " ; ".join(fr for fr, _ in problems),
            "invalid machine: " + "; ".join(en for _, en in problems),
            problems=[en for _, en in problems],
        )


def _check_graph(specs: Sequence[StateSpec], rules: Sequence[Rule], starts: tuple[str, ...], bad: Bad) -> None:
    """Every state reachable from the starting ones; every waiting state with a way out."""
    leaves = [s.name for s in specs if not any(k.parent == s.name for k in specs)]
    reached = {enter(specs, s) for s in starts}
    todo = list(reached)
    while todo:
        state = todo.pop()
        for rule in rules:
            if rule.dest is not None and within(state, rule.source):
                target = enter(specs, rule.dest)
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
        if not any(not within(enter(specs, r.dest), s.name) for r in out if r.dest is not None):
            bad(f"état d'attente « {s.name} » sans issue", f"waiting state '{s.name}' has no way out")


def _check_offers(
    specs: Sequence[StateSpec], rules: Sequence[Rule], options: dict[str, list[Option]], host: Host, bad: Bad
) -> None:
    """No rule leaves a final state; in every state a record can be in, each event offered (an
    option of the state or of one around it) is taken by some rule there, and each event some rule
    takes there is offered or declared taken (``takes``)."""
    final = [s.name for s in specs if s.final]
    for rule in rules:
        if rule.dest is None:
            continue
        for f in final:
            if within(rule.source, f) and not within(enter(specs, rule.dest), f):
                bad(
                    f"règle « {_rule(rule)} » : quitte l'état final « {f} »",
                    f"rule '{rule.id}' leaves the final state '{f}'",
                )
    leaves = [s.name for s in specs if not any(k.parent == s.name for k in specs)]
    by_name = {s.name: s for s in specs}
    for leaf in leaves:
        up = ancestry(leaf)
        taken = {r.event for r in rules if r.source in up}
        offered = {o.event for name in up for o in options.get(name, [])}
        declared = {e for name in up for e in by_name[name].takes}
        for event in sorted(offered - taken):
            bad(
                f"état « {leaf} » : « {event} » est offert mais aucune règle ne le prend",
                f"state '{leaf}': '{event}' is offered but no rule takes it",
            )
        for event in sorted(taken - offered - declared):
            if not host.events[event].internal:
                bad(
                    f"état « {leaf} » : « {event} » est pris sans être offert ni déclaré pris",
                    f"state '{leaf}': '{event}' is taken but neither offered nor declared taken",
                )


def _check_decisions(
    names: set[str],
    rules: Sequence[Rule],
    decisions: Sequence[Decision],
    triggers: Sequence[Trigger],
    host: Host,
    bad: Bad,
) -> None:
    """Each decision for a known state and event, setting a variable the vocabulary lets it set,
    with rows that always decide; each trigger in a known state, raising an internal event some
    rule of that state takes, on a condition that compiles. (The decisions themselves are compiled
    once, by the engine that runs them: an expression that does not compile is refused there.)"""
    events = host.events
    for d in decisions:
        if d.state not in names or d.event not in events:
            bad(f"décision « {d.name} » : état ou événement inconnu", f"decision '{d.name}': unknown state or event")
        for problem in d.problems():
            bad(f"décision « {d.name} » : {problem}", problem)
        try:
            setter(host.vocabulary, d)
        except ExpressionError as err:
            bad(f"décision « {d.name} » : {err}", f"decision '{d.name}': {err}")
    for t in triggers:
        where = f"{t.raises} ({t.state})"
        if t.state not in names or t.raises not in events or not events[t.raises].internal:
            bad(
                f"déclencheur « {where} » : état inconnu ou événement non interne",
                f"trigger '{where}': unknown state or not an internal event",
            )
        elif not any(r.event == t.raises and within(t.state, r.source) for r in rules):
            bad(
                f"déclencheur « {where} » : aucune règle ne prend cet événement",
                f"trigger '{where}': no rule takes its event",
            )
        try:
            host.vocabulary.compile(t.when)
        except ExpressionError as err:
            bad(f"déclencheur « {where} » : {err}", f"trigger '{where}': {err}")
