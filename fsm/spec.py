"""The machine as data: states, rules (transitions) and options, each with its law and labels,
and the registry of the named guards, actions and option holders the rules use.

Law modules declare these; :mod:`fsm.machine` validates them and builds the engine, and the
diagrams, the export and ``options()`` read the same tables, so nothing is said twice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fsm.calls import Seat
    from fsm.engine.decisions import Decision, Trigger
    from fsm.events import Event
    from fsm.table import Table

Guard = Callable[["Table", "Event | None"], Any]
Action = Callable[["Table", "Event"], None]
Holder = Callable[["Table"], Sequence["Seat"]]


class Registry:
    """Every guard, action and option holder by name, with its French and English words.

    A machine read back from JSON finds its functions here, and only here: a name that is not
    registered is refused, and nothing is ever imported by path.
    """

    def __init__(self) -> None:
        self.by_name: dict[str, Callable[..., Any]] = {}

    def add(
        self,
        kind: str,
        fn: Callable[..., Any],
        fr: str,
        en: str,
        name: str | None = None,
        test: Any = None,
        needs: tuple[str, ...] = (),
    ) -> Callable[..., Any]:
        name = name or fn.__name__
        known = self.by_name.get(name)
        if known is not None and known is not fn:
            raise ValueError(f"{kind} '{name}' is registered twice")
        fn.fsm_name = name  # type: ignore[attr-defined]
        fn.fsm_kind = kind  # type: ignore[attr-defined]
        fn.fr = fr  # type: ignore[attr-defined]
        fn.en = en  # type: ignore[attr-defined]
        fn.test = test  # type: ignore[attr-defined]
        fn.needs = needs  # type: ignore[attr-defined]
        self.by_name[name] = fn
        return fn

    def get(self, name: str, kind: str) -> Callable[..., Any] | None:
        fn = self.by_name.get(name)
        return fn if fn is not None and getattr(fn, "fsm_kind", None) == kind else None


REGISTRY = Registry()


def name_of(fn: Callable[..., Any]) -> str:
    """The registered name of a guard, action or holder."""
    return str(getattr(fn, "fsm_name", getattr(fn, "__name__", repr(fn))))


def registered(fn: Callable[..., Any], kind: str) -> bool:
    return REGISTRY.get(name_of(fn), kind) is fn


def guard(fr: str, en: str, name: str, test: Any, needs: tuple[str, ...] = ()) -> Guard:
    """A guard: a condition written as an expression (JsonLogic over the board context of
    :mod:`fsm.context`, docs/expressions.md), compiled here to a closure ``(table, event) -> value``,
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
    from fsm.context import CONTEXT  # the bridge's vocabulary: the context and its operators

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


def equals(path: str, value: Any) -> dict[str, Any]:
    """JsonLogic: a value of the context equals a constant, or another value (``var(...)``)."""
    return {"==": [var(path), value]}


def condition_of(g: Callable[..., Any]) -> Any:
    """A guard's expression."""
    return getattr(g, "test", None)


def action(fr: str, en: str, name: str, effects: list[Any]) -> Action:
    """An action: what a rule changes on the board, as a list of effects (:mod:`fsm.effects`,
    docs/effects.md) compiled here to a closure ``(table, event) -> None`` and registered under
    ``name`` with the words that say what it leaves behind.

    The effects are the action's only definition: the machine runs the closure, the export
    publishes the list, and other implementations apply it as it is.
    """
    from fsm.effects import EFFECTS  # the bridge's effects

    known = REGISTRY.get(name, "action")
    if known is not None:
        if effects_of(known) != effects:
            raise ValueError(f"action '{name}' is registered twice")
        return known  # type: ignore[return-value]
    act = EFFECTS.compile(effects)
    act.effects = effects  # type: ignore[attr-defined]
    return REGISTRY.add("action", act, fr, en, name)  # type: ignore[return-value]


def effects_of(a: Callable[..., Any]) -> list[Any] | None:
    """An action's effects."""
    return getattr(a, "effects", None)


def holder(fr: str, en: str, name: str, test: Any) -> Holder:
    """An option holder: who may make an option's event now, as an expression that gives an array
    of seats (read over the board context, with no event), compiled once and registered under
    ``name`` with its words. The export publishes the expression."""
    from fsm.calls import Seat

    known, fn = _compiled("holder", name, test)
    if known is not None:
        return known  # type: ignore[return-value]

    def seats(table: Table) -> list[Seat]:
        return [Seat(s) for s in fn(table, None) or ()]

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


def needs_of(g: Callable[..., Any]) -> tuple[str, ...]:
    """The table fields without which a guard cannot hold (see :func:`guard`)."""
    return getattr(g, "needs", ())


def wording(fn: Callable[..., Any], lang: str) -> str:
    return str(getattr(fn, lang, name_of(fn)))


@dataclass(frozen=True)
class StateSpec:
    """A control state. ``name`` is dotted (``auction.calling``); ``law`` governs it.

    ``waiting`` marks a state where an irregularity awaits an option holder or the Director.
    """

    name: str
    law: str
    fr: str
    en: str
    initial: bool = False  # initial child of its parent
    final: bool = False
    waiting: bool = False

    @property
    def parent(self) -> str | None:
        return self.name.rpartition(".")[0] or None


@dataclass(frozen=True)
class Rule:
    """A transition: on ``event`` in ``source``, if every guard holds, go to ``dest`` and run the actions.

    ``dest`` is ``None`` for an internal transition (the state does not change). ``law`` is the
    clause the rule applies; ``cites`` the other clauses it applies at the same time (38B and
    38C; 27B2 with 26B and 72C). For one event and one source, at most one rule's guards may hold:
    the order of declaration never chooses. ``outcome`` says in words what the rule leaves behind
    when its actions do not (a request noted, a card back in the hand).
    """

    event: str
    source: str
    dest: str | None
    law: str
    fr: str
    en: str
    guards: tuple[Guard, ...] = ()
    actions: tuple[Action, ...] = ()
    ruling: bool = False  # a rectification or an acceptance: its law goes into the board's rulings
    cites: tuple[str, ...] = ()
    outcome: tuple[str, str] | None = None  # (fr, en)

    @property
    def target(self) -> str:
        return self.dest or self.source

    @cached_property
    def laws(self) -> tuple[str, ...]:
        return (self.law, *self.cites)

    @cached_property
    def id(self) -> str:
        guard = ",".join(name_of(g) for g in self.guards)
        return f"{self.source}--{self.event}[{guard}]->{self.target}"

    def outcome_text(self, lang: str) -> str:
        """What the branch leaves behind, in words."""
        if self.outcome is not None:
            return self.outcome[0 if lang == "fr" else 1]
        return "; ".join(wording(a, lang) for a in self.actions)


@dataclass(frozen=True)
class Option:
    """What may happen now in a state: an event, who may make it, the law and a sentence."""

    event: str
    holder: Holder | None  # None: the Director, or anyone at the table
    law: str
    fr: str
    en: str


@dataclass
class LawModule:
    """What one law family contributes to the machine."""

    name: str
    laws: str
    states: list[StateSpec] = field(default_factory=list)
    rules: list[Rule] = field(default_factory=list)
    options: dict[str, list[Option]] = field(default_factory=dict)
    decisions: list[Decision] = field(default_factory=list)  # what is decided of an event before the rules
    triggers: list[Trigger] = field(default_factory=list)  # what the machine raises once an event is handled
