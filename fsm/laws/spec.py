"""What a law module writes its tables with: the engine's states, rules and options
(:mod:`fsm.engine.tables`), and the bridge's way of making guards, actions and option holders
from expressions over the board context and effects on the board record, each registered by name
in the one registry of the bridge.

Law modules declare these; :mod:`fsm.model.machine` builds the engine from them, and the diagrams, the
export and ``options()`` read the same tables, so nothing is said twice.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from fsm.engine.tables import (
    Action,
    Guard,
    Holder,
    Option,
    Registry,
    Rule,
    StateSpec,
    condition_of,
    effects_of,
    name_of,
    needs_of,
    wording,
)

if TYPE_CHECKING:
    from fsm.bridge.table import Table
    from fsm.engine.decisions import Decision, Trigger

REGISTRY = Registry()


def guard(fr: str, en: str, name: str, test: Any, needs: tuple[str, ...] = ()) -> Guard:
    """A guard: a condition written as an expression (JsonLogic over the board context of
    :mod:`fsm.bridge.context`, docs/expressions.md), compiled here to a closure ``(table, event) -> value``,
    and registered under ``name`` with the words a diagram prints for it.

    The expression is the guard's only definition: the machine asks the closure, the export
    publishes the expression, and other implementations evaluate it as it is.

    ``needs`` names fields of the table (``deferred``, ``obligations``…) without which the guard
    cannot hold: while one of them is empty the compiled dispatch does not ask it (the
    ``transitions`` runner always does, and the two runners are checked against each other).
    """
    known, fn = _compiled("guard", name, test)
    if known is not None:
        return known  # type: ignore[return-value]
    return REGISTRY.add("guard", fn, fr, en, name, test, needs)  # type: ignore[return-value]


def _compiled(kind: str, name: str, test: Any) -> tuple[Callable[..., Any] | None, Any]:
    """The guard or holder already registered under ``name`` with this expression, or else the
    expression compiled; a name registered with another expression is refused."""
    from fsm.bridge.context import CONTEXT  # the bridge's vocabulary: the context and its operators

    known = REGISTRY.get(name, kind)
    if known is not None:
        if condition_of(known) != test:
            raise ValueError(f"{kind} '{name}' is registered twice")
        return known, None
    return None, CONTEXT.compile(test)


def var(path: str) -> dict[str, str]:
    """JsonLogic: a value of the board context."""
    return {"var": path}


def ctx(path: str) -> dict[str, str]:
    """A value of the board context read from inside an array operation (the item is ``var``)."""
    return {"ctx": path}


def field_of(value: Any, name: str) -> dict[str, Any]:
    """A field of the object an expression gives (null for null): the one item of ``map`` over ``[value]``.
    ``value`` reads the context with ``ctx`` when it stands inside an item expression."""
    return {"first": [{"map": [[value], var(name)]}]}


def equals(path: str, value: Any) -> dict[str, Any]:
    """JsonLogic: a value of the context equals a constant, or another value (``var(...)``)."""
    return {"==": [var(path), value]}


def action(fr: str, en: str, name: str, effects: list[Any]) -> Action:
    """An action: what a rule changes on the board, as a list of effects (:mod:`fsm.bridge.effects`,
    docs/effects.md) compiled here to a closure ``(table, event) -> None`` and registered under
    ``name`` with the words that say what it leaves behind.

    The effects are the action's only definition: the machine runs the closure, the export
    publishes the list, and other implementations apply it as it is.
    """
    from fsm.bridge.effects import EFFECTS  # the bridge's effects

    known = REGISTRY.get(name, "action")
    if known is not None:
        if effects_of(known) != effects:
            raise ValueError(f"action '{name}' is registered twice")
        return known  # type: ignore[return-value]
    act = EFFECTS.compile(effects)
    act.effects = effects  # type: ignore[attr-defined]
    return REGISTRY.add("action", act, fr, en, name)  # type: ignore[return-value]


def holder(fr: str, en: str, name: str, test: Any) -> Holder:
    """An option holder: who may make an option's event now, as an expression that gives an array
    of seats (``N``, ``E``…, read over the board context, with no event), or ``true`` for an option
    the Director takes, offered now to no seat; compiled once and registered under ``name`` with its
    words. The export publishes the expression."""
    from fsm.bridge.calls import Seat

    known, fn = _compiled("holder", name, test)
    if known is not None:
        return known  # type: ignore[return-value]

    def seats(table: Table) -> list[str] | None:
        got = fn(table, None)
        if got is True:  # offered now, to no seat: the Director's (9B1)
            return None
        return [Seat(s).value for s in got or ()]

    return REGISTRY.add("holder", seats, fr, en, name, test)  # type: ignore[return-value]


def one(value: Any) -> dict[str, Any]:
    """A holder's array: the one seat ``value`` gives, or none when it gives null."""
    return {"if": [{"!=": [value, None]}, [value], []]}


def seats_if(condition: Any, seat: Any) -> dict[str, Any]:
    """A holder's array: ``seat`` when ``condition`` holds, else none."""
    return {"if": [condition, [seat], []]}


SEATS_ALL = ["N", "E", "S", "W"]


def Not(g: Guard, fr: str | None = None, en: str | None = None) -> Guard:  # noqa: N802 - reads as the logic word
    """The opposite guard, registered as ``not_<name>``; its words default to « pas : … »."""
    return guard(
        fr or f"pas : {wording(g, 'fr')}",
        en or f"not: {wording(g, 'en')}",
        f"not_{name_of(g)}",
        {"!": condition_of(g)},
    )


def all_of(*gs: Guard) -> Guard:
    """Every guard holds, registered as ``<a>_and_<b>``; its words join theirs."""
    return guard(
        " et ".join(wording(g, "fr") for g in gs),
        " and ".join(wording(g, "en") for g in gs),
        "_and_".join(name_of(g) for g in gs),
        {"and": [condition_of(g) for g in gs]},
        tuple(dict.fromkeys(n for g in gs for n in needs_of(g))),
    )


@dataclass
class LawModule:
    """What one law family contributes to the machine: its states, rules, options, decisions and
    triggers. ``rank`` places its rules among the families' (the order never chooses which rule
    fires: the strict runner checks it; it orders the export, the drawings, and the steps of an
    internal event that several families' rules settle). The family's drawings, overview box and
    lessons are in the data file beside its module (:mod:`fsm.laws.registry`)."""

    name: str
    laws: str
    rank: int = 50
    states: list[StateSpec] = field(default_factory=list)
    rules: list[Rule] = field(default_factory=list)
    options: dict[str, list[Option]] = field(default_factory=dict)
    decisions: list[Decision] = field(default_factory=list)  # what is decided of an event before the rules
    triggers: list[Trigger] = field(default_factory=list)  # what the machine raises once an event is handled
    # events that states of other families take whatever their options, because this family's rules
    # rule on them there (state -> events; see StateSpec.takes)
    takes: dict[str, tuple[str, ...]] = field(default_factory=dict)


__all__ = [
    "REGISTRY", "SEATS_ALL", "Action", "Guard", "Holder", "LawModule", "Not", "Option", "Rule", "StateSpec",
    "action", "all_of", "condition_of", "ctx", "effects_of", "equals", "guard", "holder", "name_of", "needs_of",
    "one", "seats_if", "var", "wording",
]  # fmt: skip
