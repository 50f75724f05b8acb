"""The engine: the law modules' tables, validated, compiled for dispatch, and the ``transitions``
machine of record built from the same tables.

Dispatch semantics (the same whichever runner executes them):

- an event is first decided on: the decision tables for this event in the current state or an
  enclosing one (the kind of a call during the auction, ``call.kind``) set their variables, in
  the order given;
- it is then offered to the rules of the current state, then of each enclosing state, child
  first; among the rules of one state at most one has guards that hold (checked by the tests);
  the first rule whose guards all hold fires: the state changes (entering a compound state
  enters its initial child), then its actions run;
- an action may raise internal events (``call_stands``) and may hand on a follow-up event (the
  LHO's own call after his acceptance by calling); once the step is over, each internal event
  is offered again and again until no rule takes it, then the follow-up event is routed like the
  first (a refusal refuses the whole event);
- when nothing is left, the first trigger of the state reached whose condition holds raises its
  internal event (``auction_ends`` when three passes follow a call), which is settled in turn;
- an external event no rule takes is refused with the law that forbids it; the board is then
  restored as it was.

Two runners execute these semantics: the compiled table ``(state, event) → candidate rules``
(the default), and the ``transitions`` ``HierarchicalMachine`` (``runner="transitions"``), which
the diagrams and the export describe. Neither holds a reference to any board: adding a board
costs the same however many exist, and boards may run on many threads at once.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from functools import cache
from operator import attrgetter
from typing import Any

from fsm.context import CONTEXT
from fsm.engine.decisions import Decision, Trigger, setter
from fsm.errors import IllegalEvent
from fsm.events import EVENTS, Event, internal
from fsm.laws import changes, director, exposed, inadmissible, insufficient, lead, normal, rotation
from fsm.records import Step
from fsm.spec import Guard, LawModule, Option, Rule, StateSpec, needs_of, wording
from fsm.table import Table
from fsm.validate import validate

RUNNERS = ("compiled", "transitions")
SETTLE_LIMIT = 32  # an internal event taken more often than this is a loop in the rules


def modules() -> list[LawModule]:
    return [
        normal.MODULE, insufficient.MODULE, rotation.MODULE,
        changes.MODULE, inadmissible.MODULE, exposed.MODULE, lead.MODULE, director.MODULE,
    ]  # fmt: skip


def ancestry(state: str) -> list[str]:
    """The state and its ancestors, child first: the order in which their rules are tried."""
    parts = state.split(".")
    return [".".join(parts[:i]) for i in range(len(parts), 0, -1)]


class Engine:
    """A validated machine: its states, rules and options, the compiled dispatch table, and the
    ``transitions`` machine of record (built when first needed)."""

    def __init__(
        self,
        specs: list[StateSpec],
        rules: list[Rule],
        options: dict[str, list[Option]],
        decisions: list[Decision] | tuple[Decision, ...] = (),
        triggers: list[Trigger] | tuple[Trigger, ...] = (),
    ) -> None:
        validate(specs, rules, options, decisions, triggers)
        self.states: dict[str, StateSpec] = {s.name: s for s in specs}
        self.rules: tuple[Rule, ...] = tuple(rules)
        self.options = options
        self.decisions: tuple[Decision, ...] = tuple(decisions)
        self.triggers: tuple[Trigger, ...] = tuple(triggers)
        compiled = [(d, d.compile(CONTEXT), setter(CONTEXT, d)) for d in self.decisions]
        when = [(t, CONTEXT.compile(t.when, fresh=False), t.raises) for t in self.triggers]
        self.leaf = {name: self._enter(name) for name in self.states}
        self.leaves = [n for n in self.states if self.leaf[n] == n]
        self._candidates: dict[tuple[str, str], tuple[Rule, ...]] = {}
        self._choices: dict[tuple[str, str], _Choice | Plan] = {}
        self._deciders: dict[tuple[str, str], Callable[[Table, Event], None]] = {}
        self._triggers: dict[str, Callable[[Table, Event], str | None]] = {}
        for state in self.leaves:
            up = ancestry(state)
            for name in {d.event for d in self.decisions}:
                found_d = [(fn, put) for d, fn, put in compiled if d.event == name and d.state in up]
                if found_d:
                    self._deciders[state, name] = _deciding(found_d)
            found_t = [(test, raised) for t, test, raised in when if t.state in up]
            if found_t:
                self._triggers[state] = _triggering(found_t)
            for name in EVENTS:
                found = tuple(r for n in ancestry(state) for r in self.rules if r.source == n and r.event == name)
                if found:
                    self._candidates[state, name] = found
                    choice = _Choice(found)
                    # a choice with nothing to narrow by is its rules, looked up as they are
                    self._choices[state, name] = choice if choice.fields or choice.kinds else _plan(found, None)
        self._machine: Any = None
        self._lock = threading.Lock()

    def _enter(self, state: str) -> str:
        """Entering a compound state enters its initial child, down to a leaf."""
        while True:
            kids = [s.name for s in self.states.values() if s.parent == state and s.initial]
            if not kids:
                return state
            state = kids[0]

    def candidates(self, state: str, event: str) -> tuple[Rule, ...]:
        """The rules for ``event`` from ``state`` or any of its ancestors, child first."""
        return self._candidates.get((state, event), ())

    @property
    def machine(self) -> Any:
        """The ``transitions`` machine of record, built from the same rules."""
        with self._lock:
            if self._machine is None:
                self._machine = self._build_machine()
            return self._machine

    def _build_machine(self) -> Any:
        # transitions is imported only here: the compiled runner, the default, does without it.
        from transitions.extensions.nesting import HierarchicalMachine, NestedState

        class DottedState(NestedState):  # type: ignore[misc]
            separator = "."

        class Machine(HierarchicalMachine):  # type: ignore[misc]
            state_cls = DottedState

        m = Machine(
            model=None, states=_tree(list(self.states.values())), initial="auction",
            auto_transitions=False, send_event=True, ignore_invalid_triggers=False,
        )  # fmt: skip
        for rule in self.rules:
            m.add_transition(
                rule.event, rule.source, rule.dest,
                conditions=[_Guard(g) for g in rule.guards],
                before=[_Fired(rule)],
                after=[_Action(a) for a in rule.actions],
            )  # fmt: skip
        return m

    # --- running ---------------------------------------------------------------------------
    def firing(self, runner: str) -> Callable[[Table, Event], Rule | None]:
        """The runner's way of offering one event: it returns the rule that fired, or None when no
        rule takes the event."""
        return self.fire_compiled if runner == "compiled" else self.fire_transitions

    def fire_compiled(self, table: Table, event: Event) -> Rule | None:
        """The compiled runner: the candidate rules looked up, their guards asked in order."""
        choice = self._choices.get((table.state, event.name))
        if choice is None:
            return None
        for rule, guards in choice if type(choice) is tuple else choice.pick(table, event):  # type: ignore[union-attr]
            for g in guards:
                if not g(table, event):
                    break
            else:
                if rule.dest is not None:
                    table.state = self.leaf[rule.dest]
                try:
                    for act in rule.actions:
                        act(table, event)
                except IllegalEvent as err:  # a rule that refuses: say which
                    err.details.setdefault("rule", rule.id)
                    raise
                return rule
        return None

    def fire_transitions(self, table: Table, event: Event) -> Rule | None:
        """The ``transitions`` runner: the same rules, triggered on the machine of record."""
        if (table.state, event.name) not in self._candidates:
            return None
        from transitions import MachineError

        fired: list[Rule] = []
        machine = self.machine
        with self._lock:  # the transitions machine keeps per-trigger state of its own
            try:
                machine.trigger_event(table, event.name, event=event, fired=fired)
            except MachineError:  # pragma: no cover - the compiled table says the event has rules here
                return None
            except IllegalEvent as err:  # a rule that refuses: say which
                if fired:
                    err.details.setdefault("rule", fired[-1].id)
                raise
        return fired[-1] if fired else None


class _Choice:
    """The candidate rules of one state and event, narrowed at run time to those that can hold.

    A rule cannot hold when one of its guards tests another kind of call than the one classified
    (``call_kind``), or needs a field of the table that is empty (``needs``). What is left, in the
    declared order, is worked out once for each kind of call and each set of empty fields, then
    looked up. This is a shortcut over the same rules, never another rule: the ``transitions``
    runner asks every guard, and the tests require both runners to agree.
    """

    __slots__ = ("rules", "fields", "read", "kinds", "narrowed")

    def __init__(self, rules: tuple[Rule, ...]) -> None:
        self.rules = rules  # in the declared order, child state first
        self.fields = tuple(sorted({n for r in rules for g in r.guards for n in needs_of(g)}))
        self.read = attrgetter(*self.fields) if len(self.fields) > 1 else None
        self.kinds = any(getattr(g, "call_kind", None) is not None for r in rules for g in r.guards)
        self.narrowed: dict[Any, Plan] = {}

    def pick(self, table: Table, event: Event) -> Plan:
        kind = event.kind if self.kinds else None
        fields = self.fields
        if not fields:
            present: tuple[bool, ...] = ()
            key: Any = kind
        else:
            present = (bool(getattr(table, fields[0])),) if self.read is None else tuple(map(bool, self.read(table)))
            key = (kind, present)
        rules = self.narrowed.get(key)
        if rules is None:  # first time for this key: worked out, then kept (the same from any thread)
            empty = {f for f, there in zip(fields, present, strict=True) if not there}
            rules = self.narrowed[key] = _plan(tuple(r for r in self.rules if _can_hold(r, kind, empty)), kind)
        return rules


Plan = tuple[tuple[Rule, tuple[Guard, ...]], ...]  # each rule that can hold, with the guards still to ask


def _plan(rules: tuple[Rule, ...], kind: Any) -> Plan:
    """Each rule with the guards left to ask: a test of the kind of call is known to hold once the
    candidates are narrowed to that kind, and is not asked again."""
    return tuple(
        (r, tuple(g for g in r.guards if kind is None or getattr(g, "call_kind", None) is None)) for r in rules
    )


def _can_hold(rule: Rule, kind: Any, empty: set[str]) -> bool:
    for g in rule.guards:
        wanted = getattr(g, "call_kind", None)
        if wanted is not None and wanted.name.lower() != kind:
            return False
        if empty.intersection(needs_of(g)):
            return False
    return True


def _tree(specs: list[StateSpec]) -> list[dict[str, Any]]:
    def children(parent: str | None) -> list[dict[str, Any]]:
        out = []
        for s in specs:
            if s.parent == parent:
                node: dict[str, Any] = {"name": s.name.rpartition(".")[2]}
                kids = children(s.name)
                if kids:
                    node["children"] = kids
                    node["initial"] = next(k for k in specs if k.parent == s.name and k.initial).name.rpartition(".")[2]
                if s.final:
                    node["final"] = True
                out.append(node)
        return out

    return children(None)


class _Guard:
    """Adapts a law guard ``(table, event)`` to a transitions condition."""

    __slots__ = ("fn",)

    def __init__(self, fn: Any) -> None:
        self.fn = fn

    def __call__(self, event_data: Any) -> bool:
        return bool(self.fn(event_data.model, event_data.kwargs["event"]))


class _Action(_Guard):
    __slots__ = ()

    def __call__(self, event_data: Any) -> None:  # type: ignore[override]
        self.fn(event_data.model, event_data.kwargs["event"])


class _Fired:
    """Tells the dispatcher which rule fired."""

    __slots__ = ("rule",)

    def __init__(self, rule: Rule) -> None:
        self.rule = rule

    def __call__(self, event_data: Any) -> None:
        event_data.kwargs["fired"].append(self.rule)


@cache
def default_engine() -> Engine:
    """The one engine of the process, built once from the law modules' tables."""
    options: dict[str, list[Option]] = {}
    for m in modules():
        for state, opts in m.options.items():
            options.setdefault(state, []).extend(opts)
    return Engine(
        [s for m in modules() for s in m.states],
        [r for m in modules() for r in m.rules],
        options,
        [d for m in modules() for d in m.decisions],
        [t for m in modules() for t in m.triggers],
    )


def states() -> dict[str, StateSpec]:
    return default_engine().states


def rules() -> tuple[Rule, ...]:
    return default_engine().rules


def initial_state(cards_in_board: bool) -> str:
    return "board" if cards_in_board else "auction.calling"


# --- dispatch ---------------------------------------------------------------------------------
def dispatch(engine: Engine, table: Table, event: Event, runner: str = "compiled") -> list[Step]:
    """Route one event and everything it sets off; raise :class:`IllegalEvent` when no rule takes it."""
    steps: list[Step] = []
    fire = engine.firing(runner)
    current: Event | None = event
    deciders = engine._deciders
    while current is not None:
        decide = deciders.get((table.state, current.name))
        if decide is not None:
            decide(table, current)
        current.follow = None
        source = table.state
        rule = fire(table, current)
        if rule is None:
            raise refusal(engine, table, current)
        steps.append(_step(table, current, source, rule))
        if table.raised:
            _settle(fire, table, steps)
        current = current.follow
    trigger = engine._triggers.get(table.state)
    if trigger is not None:
        raised = trigger(table, event)
        if raised is not None:
            table.raise_event(internal(raised))
            _settle(fire, table, steps)
    return steps


def _deciding(decisions: list[tuple[Any, Any]]) -> Callable[[Table, Event], None]:
    """The decisions for one state and event as one closure: each sets its variable, in order."""
    if len(decisions) == 1:
        ((fn, put),) = decisions
        return lambda table, event: put(table, event, fn(table, event))

    def decide(table: Table, event: Event) -> None:
        for fn, put in decisions:
            put(table, event, fn(table, event))

    return decide


def _triggering(triggers: list[tuple[Any, str]]) -> Callable[[Table, Event], str | None]:
    """The triggers of one state as one closure: the event the first that holds raises, or None."""
    if len(triggers) == 1:
        ((holds, raised),) = triggers
        return lambda table, event: raised if holds(table, event) else None

    def first(table: Table, event: Event) -> str | None:
        return next((raised for holds, raised in triggers if holds(table, event)), None)

    return first


def _step(table: Table, event: Event, source: str, rule: Rule) -> Step:
    if rule.ruling:
        table.rulings = (*table.rulings, rule.law)
    # The event's arguments are its own, made afresh when it was read: the step may hold them.
    return Step(event.name, event.args, source, table.state, rule.law, rule.id, rule.laws)


def _settle(fire: Callable[[Table, Event], Rule | None], table: Table, steps: list[Step]) -> None:
    """Offer each internal event raised until no rule takes it, in the order raised."""
    raised = table.raised
    while raised:
        event = raised.pop(0)
        for _ in range(SETTLE_LIMIT):
            source = table.state
            rule = fire(table, event)
            if rule is None:
                break
            steps.append(_step(table, event, source, rule))
        else:  # pragma: no cover - the rules' guards must turn false once their action has run
            raise RuntimeError(f"internal event {event.name} is taken endlessly in {table.state}")


def refusal(engine: Engine, table: Table, event: Event) -> IllegalEvent:
    """The refusal of an event no rule takes here, citing the law that answers.

    That law is the one the state's rules for this event share, when they share one; otherwise
    the state's own law for an option holder's event (or in a waiting state with no rule for the
    event), and the event's own law for the others.
    """
    spec = engine.states[table.state]
    decl = EVENTS[event.name]
    candidates = engine.candidates(table.state, event.name)
    laws = {r.law for r in candidates}
    if len(laws) == 1:
        law = laws.pop()
    elif decl.by_state or (spec.waiting and not candidates):
        law = spec.law
    else:
        law = decl.law
    if not candidates:
        return IllegalEvent(
            f"{decl.fr} : impossible dans l'état « {spec.fr} »",
            f"{decl.en}: not possible in the state '{spec.en}'",
            law=law,
            event=event.name,
            state=table.state,
        )

    # The one rule that came nearest: the most guards holding before one fails (ties: by law, then id).
    def nearest(rule: Rule) -> tuple[int, bool, str]:
        held = 0
        for g in rule.guards:
            if not g(table, event):
                break
            held += 1
        return (held, rule.law == law, rule.id)

    rule = max(candidates, key=nearest)
    failing = rule.guards[nearest(rule)[0]] if nearest(rule)[0] < len(rule.guards) else None
    need_fr = f" : il faudrait « {wording(failing, 'fr')} »" if failing is not None else ""
    need_en = f": it needs '{wording(failing, 'en')}'" if failing is not None else ""
    return IllegalEvent(
        f"{decl.fr} : refusé dans l'état « {spec.fr} »{need_fr}",
        f"{decl.en}: refused in the state '{spec.en}'{need_en}",
        law=law,
        event=event.name,
        state=table.state,
        nearest=rule.id,
    )


def options_for(engine: Engine, table: Table, own_state_only: bool = False) -> list[dict[str, Any]]:
    """The options of the current state and its ancestors, with their holders resolved; an option
    whose holder is nobody now is left out (``seats`` is null only for the Director)."""
    out = []
    for name in ancestry(table.state)[:1] if own_state_only else ancestry(table.state):
        for opt in engine.options.get(name, []):
            seats = None if opt.holder is None else [s.value for s in opt.holder(table)]
            if seats == []:
                continue
            out.append({"event": opt.event, "seats": seats, "law": opt.law, "fr": opt.fr, "en": opt.en})
    return out
