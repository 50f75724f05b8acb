"""The rule interpreter: a host's tables, validated, compiled for dispatch, and run on a record.

Dispatch semantics (the same whichever runner executes them):

- an event is first decided on: the decision tables for this event in the current state or an
  enclosing one set their variables, in the order given;
- it is then offered to the rules of the current state, then of each enclosing state, child
  first; among the rules of one state at most one has guards that hold (the host's tests check
  it); the first rule whose guards all hold fires: the state changes (entering a compound state
  enters its initial child), then its actions run;
- an action may raise internal events and may hand on a follow-up event; once the step is over,
  each internal event is offered again and again until no rule takes it (decided on afresh each
  time), then the follow-up event is routed like the first (a refusal refuses the whole event);
- when nothing is left, the first trigger of the state reached whose condition holds raises its
  internal event, which is settled in turn; a follow-up event an internal event's rule hands on is
  routed once the internal events are settled, like the first, and the triggers are asked again
  after it (a call held while a ruling waited, made afresh once it is given);
- an external event no rule takes is refused with the law that forbids it.

Two runners execute these semantics: the compiled table ``(state, event) → route`` (the
default), and the ``transitions`` ``HierarchicalMachine`` (:mod:`fsm.engine.hsm`,
``runner="transitions"``), which the diagrams describe. A third, ``strict``, is the compiled one
checking as it goes that no two rules of one state hold at once. Neither holds a reference to any record:
adding a record costs the same however many exist, and records may run on many threads at once.

The engine knows no word of its host: states, events, variables and effects are all the host's.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from operator import attrgetter
from typing import Any

from fsm.engine.decisions import Decision, Trigger, setter
from fsm.engine.errors import IllegalEvent, SpecError
from fsm.engine.expr import Compiled, ExpressionError
from fsm.engine.host import Host, Record
from fsm.engine.journal import Step
from fsm.engine.tables import (
    Guard,
    Option,
    Rule,
    StateSpec,
    ancestry,
    condition_of,
    effects_of,
    enter,
    needs_of,
    wording,
)
from fsm.engine.validate import validate

RUNNERS = ("compiled", "transitions", "strict")
SETTLE_LIMIT = 32  # an internal event taken more often than this is a loop in the rules
ROUTE_LIMIT = 1024  # events routed for one event from outside: more is a loop of follow-ups in the rules

Fire = Callable[[Any, Any], "Rule | None"]
Plan = tuple[tuple[Rule, tuple[Guard, ...]], ...]  # each rule that can hold, with the guards still to ask


class Engine:
    """A validated machine: its states, rules and options, the compiled dispatch table, and the
    ``transitions`` machine of record (built when first needed)."""

    def __init__(
        self,
        specs: Sequence[StateSpec],
        rules: Sequence[Rule],
        options: dict[str, list[Option]],
        decisions: Sequence[Decision] = (),
        triggers: Sequence[Trigger] = (),
        *,
        host: Host,
    ) -> None:
        validate(specs, rules, options, decisions, triggers, host)
        self.host = host
        self.states: dict[str, StateSpec] = {s.name: s for s in specs}
        self.rules: tuple[Rule, ...] = tuple(rules)
        self.options = options
        self.decisions: tuple[Decision, ...] = tuple(decisions)
        self.triggers: tuple[Trigger, ...] = tuple(triggers)
        vocabulary = host.vocabulary
        try:
            decided = [(d, d.compile(vocabulary), setter(vocabulary, d)) for d in self.decisions]
            when = [(t, vocabulary.compile(t.when, fresh=False), t.raises) for t in self.triggers]
        except ExpressionError as err:
            raise SpecError(f"machine invalide : {err}", f"invalid machine: {err}", problems=[str(err)]) from err
        self.leaf = {name: enter(specs, name) for name in self.states}
        self.leaves = [n for n in self.states if self.leaf[n] == n]
        self._candidates: dict[tuple[str, str], tuple[Rule, ...]] = {}
        # (state, event) → (the decisions as one closure or None, the rules to try): one lookup per event
        self._routes: dict[tuple[str, str], tuple[Callable[[Any, Any], None] | None, _Choice | Plan]] = {}
        self._triggers: dict[str, Callable[[Any, Any], str | None]] = {}
        for state in self.leaves:
            up = ancestry(state)
            found_t = [(test, raised) for t, test, raised in when if t.state in up]
            if found_t:
                self._triggers[state] = _triggering(found_t)
            for name in host.events:
                found = tuple(r for n in up for r in self.rules if r.source == n and r.event == name)
                if not found:
                    continue
                self._candidates[state, name] = found
                mine = [(d, fn, put) for d, fn, put in decided if d.event == name and d.state in up]
                decide = _deciding([(fn, put) for _, fn, put in mine]) if mine else None
                values = {d.name: vocabulary.compile({"var": d.name}, fresh=False) for d, _, _ in mine}
                choice = _Choice(found, values)
                # a choice with nothing to narrow by is its rules, looked up as they are
                self._routes[state, name] = (decide, choice if choice.fields or choice.tested else _plan(found, {}))
        self._ruled = host.ruled
        # An argument that must bear on what the event decides: refused when the rule that takes the
        # event from outside never reads it (the host's ``unread``: law and words of the refusal).
        self._must_read = {
            name: must
            for name, decl in host.events.items()
            if (must := tuple((a.name, a.unread) for a in getattr(decl, "args", ()) if getattr(a, "unread", None)))
        }
        self._reads = {r.id: reads_of(r) for r in self.rules if r.event in self._must_read}
        self._machine: Any = None
        self._lock = threading.Lock()

    def candidates(self, state: str, event: str) -> tuple[Rule, ...]:
        """The rules for ``event`` from ``state`` or any of its ancestors, child first."""
        return self._candidates.get((state, event), ())

    @property
    def machine(self) -> Any:
        """The ``transitions`` machine of record, built from the same rules."""
        with self._lock:
            if self._machine is None:
                from fsm.engine.hsm import build  # transitions is imported only when this runner is asked for

                self._machine = build(list(self.states.values()), self.rules, self.host.starts[0])
            return self._machine

    # --- running ---------------------------------------------------------------------------
    def firing(self, runner: str) -> Fire:
        """The runner's way of offering one event: it returns the rule that fired, or None when no
        rule takes the event."""
        return self.fire_compiled if runner == "compiled" else getattr(self, f"fire_{runner}")

    def decide(self, record: Record, event: Any) -> None:
        """Set what the decisions for this event in the record's state decide, as a runner does
        before it offers the event to the rules (for tools and tests: the runners do it themselves)."""
        route = self._routes.get((record.state, event.name))
        if route is not None and route[0] is not None:
            route[0](record, event)

    def fire_compiled(self, record: Record, event: Any) -> Rule | None:
        """The compiled runner: the route looked up, the event decided on, the candidate rules'
        guards asked in order."""
        route = self._routes.get((record.state, event.name))
        if route is None:
            return None
        decide, choice = route
        if decide is not None:
            decide(record, event)
        for rule, guards in choice if type(choice) is tuple else choice.pick(record, event):  # type: ignore[union-attr]
            for g in guards:
                if not g(record, event):
                    break
            else:
                if rule.dest is not None:
                    record.state = self.leaf[rule.dest]
                try:
                    for act in rule.actions:
                        act(record, event)
                except IllegalEvent as err:  # a rule that refuses: say which
                    err.details.setdefault("rule", rule.id)
                    raise
                return rule
        return None

    def fire_strict(self, record: Record, event: Any) -> Rule | None:
        """The strict runner: the compiled runner, after every candidate rule of the nearest state
        that has one holding has been asked, none skipped; two rules of one state that both hold
        for an event from outside mean the tables leave the choice to the order of declaration,
        and are refused (:class:`SpecError`, naming both). An internal event is offered until no
        rule takes it, so several of its rules may hold in turn, each settling its own part; that
        their order changes nothing is for the host's tests to show (by replaying with the rules
        shuffled, say). A runner for campaigns, not for speed."""
        candidates = self._candidates.get((record.state, event.name))
        if candidates is None or self.host.events[event.name].internal:
            return self.fire_compiled(record, event)
        self.decide(record, event)
        holding: list[Rule] = []
        for rule in candidates:
            if holding and rule.source != holding[0].source:
                break  # an enclosing state's rules: the nearest state's rule wins, by design
            if all(g(record, event) for g in rule.guards):
                holding.append(rule)
        if len(holding) > 1:
            ids = ", ".join(r.id for r in holding)
            raise SpecError(
                f"plusieurs règles tiennent pour « {event.name} » dans « {record.state} » : {ids}",
                f"several rules hold for '{event.name}' in '{record.state}': {ids}",
                rules=[r.id for r in holding],
            )
        return self.fire_compiled(record, event)

    def fire_transitions(self, record: Record, event: Any) -> Rule | None:
        """The ``transitions`` runner: the event decided on, then the same rules triggered on the
        machine of record."""
        route = self._routes.get((record.state, event.name))
        if route is None:
            return None
        if route[0] is not None:
            route[0](record, event)
        from transitions import MachineError

        fired: list[Rule] = []
        machine = self.machine
        with self._lock:  # the transitions machine keeps per-trigger state of its own
            try:
                machine.trigger_event(record, event.name, event=event, fired=fired)
            except MachineError:  # pragma: no cover - the compiled table says the event has rules here
                return None
            except IllegalEvent as err:  # a rule that refuses: say which
                if fired:
                    err.details.setdefault("rule", fired[-1].id)
                raise
        return fired[-1] if fired else None

    def dispatch(self, record: Record, event: Any, runner: str = "compiled", undo: bool = True) -> list[Step]:
        """Route one event and everything it sets off, and return the journal of its steps; raise
        :class:`IllegalEvent` when no rule takes it. On any error the record is put back as it was
        (``undo``; a caller that keeps its own copy may do without)."""
        saved = record.save() if undo else None
        try:
            steps: list[Step] = []
            fire = self.fire_compiled if runner == "compiled" else self.firing(runner)
            ruled = self._ruled
            current: Any = event
            handed: list[Any] = []  # follow-up events internal events' rules handed on, in order
            routed = 0
            while current is not None:
                while current is not None:
                    routed += 1
                    if routed > ROUTE_LIMIT:  # pragma: no cover - rules that hand on events endlessly
                        raise RuntimeError(f"events handed on endlessly from {event.name} in {record.state}")
                    current.follow = None
                    source = record.state
                    rule = fire(record, current)
                    if rule is None:
                        raise self.refusal(record, current)
                    if current is event and event.name in self._must_read:
                        self._check_read(rule, event)
                    if rule.ruling and ruled is not None:
                        ruled(record, rule.law)
                    # The event's arguments are its own, made afresh when it was read: the step may hold them.
                    steps.append(Step(current.name, current.args, source, record.state, rule.law, rule.id, rule.laws))
                    if record.raised:
                        self._settle(fire, record, steps, handed)
                    current = current.follow or (handed.pop(0) if handed else None)
                trigger = self._triggers.get(record.state)
                if trigger is not None:
                    raised = trigger(record, event)
                    if raised is not None:
                        record.raised.append(self.host.internal(raised))
                        self._settle(fire, record, steps, handed)
                        current = handed.pop(0) if handed else None
        except BaseException:
            if saved is not None:
                record.restore(saved)
            raise
        return steps

    def _check_read(self, rule: Rule, event: Any) -> None:
        """Refuse an argument given that the rule taking the event never reads: it would be dropped."""
        reads = self._reads.get(rule.id, frozenset())
        for name, (law, fr, en) in self._must_read[event.name]:
            if event.args.get(name) is not None and name not in reads:
                raise IllegalEvent(fr, en, law, event=event.name, argument=name, rule=rule.id)

    def _settle(self, fire: Fire, record: Record, steps: list[Step], handed: list[Any]) -> None:
        """Offer each internal event raised until no rule takes it, in the order raised; a follow-up
        event one of their rules hands on joins ``handed``, routed once they are settled."""
        raised = record.raised
        ruled = self._ruled
        while raised:
            event = raised.pop(0)
            taken = 0
            while True:
                source = record.state
                event.follow = None
                rule = fire(record, event)
                if rule is None:
                    break
                if event.follow is not None:
                    handed.append(event.follow)
                taken += 1
                if (
                    taken > SETTLE_LIMIT
                ):  # pragma: no cover - the rules' guards must turn false once their action has run
                    raise RuntimeError(f"internal event {event.name} is taken endlessly in {record.state}")
                if rule.ruling and ruled is not None:
                    ruled(record, rule.law)
                steps.append(Step(event.name, event.args, source, record.state, rule.law, rule.id, rule.laws))

    def refusal(self, record: Record, event: Any) -> IllegalEvent:
        """The refusal of an event no rule takes here, citing the law that answers.

        That law is the one the state's rules for this event share, when they share one; otherwise
        the state's own law for an option holder's event (or in a waiting state with no rule for the
        event), and the event's own law for the others.
        """
        spec = self.states[record.state]
        decl = self.host.events[event.name]
        candidates = self.candidates(record.state, event.name)
        laws = {r.law for r in candidates}
        if len(laws) == 1:
            law = laws.pop()
        elif decl.by_state or (spec.waiting and not candidates):
            law = spec.law
        else:
            law = decl.law
        if not candidates:
            return IllegalEvent(
                f"{decl.fr} : impossible ici, à l'étape « {spec.fr} »",
                f"{decl.en}: not possible here, at the step '{spec.en}'",
                law=law,
                event=event.name,
                state=record.state,
            )

        # The one rule that came nearest: the most guards holding before one fails (ties: by law, then id).
        def nearest(rule: Rule) -> tuple[int, bool, str]:
            held = 0
            for g in rule.guards:
                if not g(record, event):
                    break
                held += 1
            return (held, rule.law == law, rule.id)

        rule = max(candidates, key=nearest)
        failing = rule.guards[nearest(rule)[0]] if nearest(rule)[0] < len(rule.guards) else None
        # the unmet condition in the rule's own words (a guard states what must hold, not an order)
        need_fr = f" ; condition non remplie : {wording(failing, 'fr')}" if failing is not None else ""
        need_en = f"; condition not met: {wording(failing, 'en')}" if failing is not None else ""
        return IllegalEvent(
            f"« {decl.fr} » est refusé ici, à l'étape « {spec.fr} »{need_fr}",  # one « : » a sentence
            f"{decl.en}: refused here, at the step '{spec.en}'{need_en}",
            law=law,
            event=event.name,
            state=record.state,
            nearest=rule.id,
        )

    def offered(self, record: Record, own_state_only: bool = False) -> list[tuple[Option, list[Any] | None]]:
        """The options of the current state and its ancestors (child first), each with who may take
        it now as its holder says (None: an option with no holder, or a holder giving true: offered
        to no one in particular); an option whose holder is nobody now is left out. ``own_state_only`` leaves out the enclosing states' options."""
        out: list[tuple[Option, list[Any] | None]] = []
        for name in ancestry(record.state)[:1] if own_state_only else ancestry(record.state):
            for opt in self.options.get(name, []):
                # a holder that gives nobody leaves the option out; one that gives None (its
                # expression gave true) offers it now to no one in particular, as an option with no holder
                who = None if opt.holder is None else opt.holder(record)
                if who is None or who:
                    out.append((opt, None if who is None else list(who)))
        return out


class _Choice:
    """The candidate rules of one state and event, narrowed at run time to those that can hold.

    A rule cannot hold when one of its guards tests a decided variable against another value
    than the one decided (a guard ``{"==": [{"var": v}, value]}`` where a decision of this route
    sets ``v``), or needs a field of the record that is empty (``needs``). What is left, in the
    declared order, is worked out once for each decided value and each set of empty fields, then
    looked up. This is a shortcut over the same rules, never another rule: the ``transitions``
    runner asks every guard, and the host's tests require both runners to agree.
    """

    __slots__ = ("rules", "fields", "read", "single", "tested", "names", "value", "by_value", "by_fields")

    def __init__(self, rules: tuple[Rule, ...], decided: dict[str, Compiled]) -> None:
        self.rules = rules  # in the declared order, child state first
        self.fields = tuple(sorted({n for r in rules for g in r.guards for n in needs_of(g)}))
        self.read = attrgetter(*self.fields) if self.fields else None
        self.single = len(self.fields) == 1  # attrgetter of one field gives its value, not a tuple
        self.tested: dict[Guard, tuple[str, Any]] = {}
        for r in rules:
            for g in r.guards:
                test = decided_test(g, decided)
                if test is not None:
                    self.tested[g] = test
        self.names = sorted({name for name, _ in self.tested.values()})
        self.value = _values(self.names, decided)
        # decided value → fields key → plan (or fields key → plan when nothing is decided). The fields
        # key is 0 when every field is empty, the commonest case, and costs nothing to make or hash.
        self.by_value: dict[Any, dict[Any, Plan]] = {}
        self.by_fields: dict[Any, Plan] = {}

    def pick(self, record: Any, event: Any) -> Plan:
        read = self.read
        if read is None:
            key: Any = 0
        elif self.single:
            key = 1 if read(record) else 0
        else:
            got = read(record)
            key = tuple(map(bool, got)) if any(got) else 0
        if self.tested:
            value: Any = self.value(record, event)
            plans = self.by_value.get(value)
            if plans is None:
                plans = self.by_value[value] = {}
        else:
            value, plans = None, self.by_fields
        rules = plans.get(key)
        if rules is None:  # first time for this key: worked out, then kept (the same from any thread)
            rules = plans[key] = self._work_out(value, key)
        return rules

    def _work_out(self, value: Any, key: Any) -> Plan:
        fields = self.fields
        present = (False,) * len(fields) if key == 0 else (True,) if key == 1 else key
        empty = {f for f, there in zip(fields, present, strict=True) if not there}
        names = self.names
        values = dict(zip(names, value, strict=True)) if len(names) > 1 else dict.fromkeys(names, value)
        return _plan(tuple(r for r in self.rules if self._can_hold(r, values, empty)), self.tested)

    def _can_hold(self, rule: Rule, values: dict[str, Any], empty: set[str]) -> bool:
        for g in rule.guards:
            test = self.tested.get(g)
            if test is not None and values[test[0]] != test[1]:
                return False
            if empty.intersection(needs_of(g)):
                return False
        return True


def reads_of(rule: Rule) -> frozenset[str]:
    """The event's arguments the rule's guards and actions read (``{"var": "event.x"}``)."""
    found: set[str] = set()

    def walk(x: Any) -> None:
        if isinstance(x, dict):
            v = x.get("var")
            name = v[0] if isinstance(v, list) and v else v
            if isinstance(name, str) and name.startswith("event."):
                found.add(name[len("event.") :])
            for y in x.values():
                walk(y)
        elif isinstance(x, list):
            for y in x:
                walk(y)

    walk([condition_of(g) for g in rule.guards])
    walk([effects_of(a) for a in rule.actions])
    return frozenset(found)


def decided_test(g: Guard, decided: dict[str, Compiled]) -> tuple[str, Any] | None:
    """``(variable, value)`` when the guard is exactly a test that a decided variable equals a
    constant, else None."""
    test = condition_of(g)
    args = test.get("==") if isinstance(test, dict) and len(test) == 1 else None
    if not (isinstance(args, list) and len(args) == 2):
        return None
    left, right = args
    constant = right is None or isinstance(right, (str, int, float, bool))
    if isinstance(left, dict) and set(left) == {"var"} and left["var"] in decided and constant:
        return left["var"], right
    return None


def _values(names: list[str], decided: dict[str, Compiled]) -> Callable[[Any, Any], Any]:
    """The decided values a choice narrows by: one value, or a tuple of several."""
    getters = [decided[n] for n in names]
    if len(getters) == 1:
        return getters[0]
    return lambda record, event: tuple(get(record, event) for get in getters)


def _plan(rules: tuple[Rule, ...], tested: dict[Guard, tuple[str, Any]]) -> Plan:
    """Each rule with the guards left to ask: a test of a decided variable is known to hold once
    the candidates are narrowed to its value, and is not asked again."""
    return tuple((r, tuple(g for g in r.guards if g not in tested)) for r in rules)


def _deciding(decisions: list[tuple[Compiled, Callable[[Any, Any, Any], None]]]) -> Callable[[Any, Any], None]:
    """The decisions for one state and event as one closure: each sets its variable, in order."""
    if len(decisions) == 1:
        ((fn, put),) = decisions
        return lambda record, event: put(record, event, fn(record, event))

    def decide(record: Any, event: Any) -> None:
        for fn, put in decisions:
            put(record, event, fn(record, event))

    return decide


def _triggering(triggers: list[tuple[Compiled, str]]) -> Callable[[Any, Any], str | None]:
    """The triggers of one state as one closure: the event the first that holds raises, or None."""
    if len(triggers) == 1:
        ((holds, raised),) = triggers
        return lambda record, event: raised if holds(record, event) else None

    def first(record: Any, event: Any) -> str | None:
        return next((raised for holds, raised in triggers if holds(record, event)), None)

    return first
