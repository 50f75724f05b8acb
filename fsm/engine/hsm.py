"""The ``transitions`` machine of record: the same states and rules, built as a
``HierarchicalMachine`` whose conditions are the rules' guards and whose callbacks are their
actions. The diagrams and the stepper show this machine; the engine's second runner triggers it.

``transitions`` is imported only here, and only when this runner is asked for.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from transitions.extensions.nesting import HierarchicalMachine, NestedState

from fsm.engine.tables import Rule, StateSpec


class _DottedState(NestedState):
    separator = "."


class _Machine(HierarchicalMachine):
    state_cls = _DottedState


def build(specs: Sequence[StateSpec], rules: Sequence[Rule], initial: str) -> Any:
    """The machine with no model: each record is passed to ``trigger_event`` as it comes."""
    m = _Machine(
        model=None,
        states=tree(specs),
        initial=initial.split(".", 1)[0],
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
            before=[_Fired(rule)],
            after=[_Action(a) for a in rule.actions],
        )
    return m


def tree(specs: Sequence[StateSpec]) -> list[dict[str, Any]]:
    """The states nested as ``transitions`` declares them."""

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
    """Adapts a guard ``(record, event)`` to a transitions condition."""

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
