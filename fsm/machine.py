"""Assembles the law modules into one ``transitions`` machine, shared by every board.

Boards are never added to the machine as models: :func:`dispatch` hands a board to
``trigger_event`` directly, so the machine holds no reference to any board and adding a board
costs the same however many exist.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

from transitions import MachineError
from transitions.extensions.nesting import HierarchicalMachine, NestedState

from fsm.errors import IllegalEvent
from fsm.spec import LawModule, Option, Rule, StateSpec, wording

if TYPE_CHECKING:
    from fsm.board import Board, Step
    from fsm.events import Event

NestedState.separator = "."

# The law that governs an event when the state offers no transition for it at all.
EVENT_LAWS = {
    "take_cards": "17A",
    "call": "17D1",
    "substitute": "25",
    "director": "9B1",
    "withdraw": "25A6",
    "accept": "29A",
    "refuse": "29A",
    "judge": "12",
    "expose": "24",
    "lead": "41A",
    "face_lead": "41C",
    "spread": "54A",
    "prohibit": "26B",
    "require": "50D2",
    "leave_penalty_card": "50D2",
    "review": "20",
    "explain": "20",
    "return_hands": "17D2",
}


STATE_EVENTS = {"accept", "refuse", "judge", "withdraw"}


def modules() -> list[LawModule]:
    from fsm.laws import changes, director, exposed, inadmissible, insufficient, lead, normal, rotation, withdrawn

    # The Director's generic rules come last: a law's own rectification is always tried first.
    return [
        normal.MODULE, withdrawn.MODULE, insufficient.MODULE, rotation.MODULE,
        changes.MODULE, inadmissible.MODULE, exposed.MODULE, lead.MODULE, director.MODULE,
    ]  # fmt: skip


@dataclass(frozen=True)
class Engine:
    """A machine and the tables it was built from: the law modules', or a reloaded spec's."""

    states: dict[str, StateSpec]
    rules: tuple[Rule, ...]
    options: dict[str, list[Option]]
    machine: HierarchicalMachine = field(repr=False)


def build_engine(specs: list[StateSpec], rules: list[Rule], options: dict[str, list[Option]]) -> Engine:
    m = HierarchicalMachine(
        model=None,
        states=_tree(specs),
        initial="auction",
        auto_transitions=False,
        send_event=True,
        ignore_invalid_triggers=False,
    )
    for rule in rules:
        m.add_transition(
            rule.event,
            rule.source,
            rule.dest,
            conditions=[_Guard(g) for g in rule.guards],
            after=[*(_Action(a) for a in rule.actions), _Fired(rule)],
        )
    return Engine({s.name: s for s in specs}, tuple(rules), options, m)


@cache
def default_engine() -> Engine:
    """The one machine of the process, built once from the law modules' tables."""
    options: dict[str, list[Option]] = {}
    for m in modules():
        for state, opts in m.options.items():
            options.setdefault(state, []).extend(opts)
    return build_engine([s for m in modules() for s in m.states], [r for m in modules() for r in m.rules], options)


def states() -> dict[str, StateSpec]:
    return default_engine().states


def rules() -> tuple[Rule, ...]:
    return default_engine().rules


def machine() -> HierarchicalMachine:
    return default_engine().machine


def initial_state(cards_in_board: bool) -> str:
    return "board" if cards_in_board else "auction.calling"


def phase(state: str) -> str:
    return state.split(".", 1)[0]


class _Guard:
    """Adapts a law guard ``(board, event)`` to a transitions condition."""

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
    """Tells the dispatcher which rule fired: the step record of the event."""

    __slots__ = ("rule",)

    def __init__(self, rule: Rule) -> None:
        self.rule = rule

    def __call__(self, event_data: Any) -> None:
        event_data.kwargs["fired"].append(self.rule)


def _tree(specs: list[StateSpec]) -> list[dict[str, Any]]:
    def children(parent: str | None) -> list[dict[str, Any]]:
        out = []
        for s in specs:
            if s.parent == parent:
                node: dict[str, Any] = {"name": s.name.rpartition(".")[2]}
                kids = children(s.name)
                if kids:
                    node["children"] = kids
                    initial = [k for k in specs if k.parent == s.name and k.initial]
                    node["initial"] = initial[0].name.rpartition(".")[2]
                if s.final:
                    node["final"] = True
                out.append(node)
        return out

    return children(None)


AUCTION_ENDS = "auction_ends"  # a completion event: fired by the machine itself, never logged


def dispatch(board: Board, event: Event) -> list[Step]:
    """Route one event through the machine; raise :class:`IllegalEvent` when no rule takes it.

    An action may hand on a follow-up event (the LHO's own call after his acceptance by calling);
    once a call stands and three passes close the auction, the machine fires ``auction_ends``.
    """
    from fsm.events import Event
    from fsm.laws.classify import classify

    steps: list[Step] = []
    current: Event | None = event
    while current is not None:
        if current.name == "call" and board.state == "auction.calling":
            assert current.seat is not None and current.call is not None
            current.classification = classify(board, current.seat, current.call, current.artificial)
        current.follow = None
        steps.append(_fire(board, current))
        current = current.follow
        if current is None and board.state == "auction.calling" and board.auction.is_over():
            current = Event(AUCTION_ENDS, {})
    return steps


def _fire(board: Board, event: Event) -> Step:
    from fsm.board import Step

    source = board.state
    fired: list[Rule] = []
    engine = board.engine
    if event.name not in engine.machine.events:  # an event no law of the machine handles yet
        raise _refusal(board, event, None)
    try:
        engine.machine.trigger_event(board, event.name, event=event, fired=fired)
    except MachineError:
        raise _refusal(board, event, None) from None
    if not fired:
        raise _refusal(board, event, source)
    rule = fired[-1]
    if rule.ruling:
        board.rulings.append(rule.law)
    step = Step(event.name, dict(event.args), source, board.state, rule.law, rule.id)
    board.trace.append(step)
    return step


def ancestry(state: str) -> list[str]:
    """The state and its ancestors, child first: the order in which their rules are tried."""
    parts = state.split(".")
    return [".".join(parts[:i]) for i in range(len(parts), 0, -1)]


def candidate_rules(state: str, event: str, engine: Engine | None = None) -> list[Rule]:
    """The rules for ``event`` from ``state`` or any of its ancestors, child first."""
    table = (engine or default_engine()).rules
    return [r for n in ancestry(state) for r in table if r.source == n and r.event == event]


def _refusal(board: Board, event: Event, source: str | None) -> IllegalEvent:
    spec = board.engine.states[board.state]
    candidates = candidate_rules(board.state, event.name, board.engine)
    if not candidates:
        # An option holder's event means what the state makes of it; the others carry their own law.
        by_state = spec.waiting or event.name in STATE_EVENTS
        law = spec.law if by_state else EVENT_LAWS[event.name]
        return IllegalEvent(
            f"« {event.name} » n'est pas permis dans l'état « {spec.fr} »",
            f"'{event.name}' is not allowed in the state '{spec.en}'",
            law=law,
            event=event.name,
            state=board.state,
        )
    conditions_fr = " ; ou ".join(", ".join(wording(g, "fr") for g in r.guards) for r in candidates)
    conditions_en = "; or ".join(", ".join(wording(g, "en") for g in r.guards) for r in candidates)
    return IllegalEvent(
        f"« {event.name} » n'est permis ici que {conditions_fr}",
        f"'{event.name}' is allowed here only {conditions_en}",
        law=candidates[0].law,
        event=event.name,
        state=board.state,
    )


def options_for(board: Board, own_state_only: bool = False) -> list[dict[str, Any]]:
    """The options of the current state and its ancestors, with their holders resolved."""
    out = []
    for name in ancestry(board.state)[:1] if own_state_only else ancestry(board.state):
        for opt in board.engine.options.get(name, []):
            seats = None if opt.holder is None else [s.value for s in opt.holder(board)]
            out.append({"event": opt.event, "seats": seats, "law": opt.law, "fr": opt.fr, "en": opt.en})
    return out
