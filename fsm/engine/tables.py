"""A machine as data: its states, rules (transitions) and options, each with its law and its
French and English words, and the registry of the named guards, actions and option holders the
rules use.

The host declares these; :mod:`fsm.engine.machine` validates them and builds the
engine, and the diagrams, the export and the options read the same tables, so nothing is said
twice. Nothing here knows what the guards read or what the actions change.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

Guard = Callable[[Any, Any], Any]  # (record, event or None) -> a value, true or false
Action = Callable[[Any, Any], None]  # (record, event): changes the record
# record -> who may make an option's event now; None: offered now to no one in particular
Holder = Callable[[Any], Sequence[str] | None]


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

    def holds(self, fn: Callable[..., Any], kind: str) -> bool:
        """Whether ``fn`` is the one registered under its name, as a ``kind``."""
        return self.get(name_of(fn), kind) is fn


def name_of(fn: Callable[..., Any]) -> str:
    """The registered name of a guard, action or holder."""
    return str(getattr(fn, "fsm_name", getattr(fn, "__name__", repr(fn))))


def wording(fn: Callable[..., Any], lang: str) -> str:
    """A guard's, action's or holder's words in ``lang`` (``fr`` or ``en``)."""
    return str(getattr(fn, lang, name_of(fn)))


def condition_of(g: Callable[..., Any]) -> Any:
    """A guard's or holder's expression."""
    return getattr(g, "test", None)


def effects_of(a: Callable[..., Any]) -> list[Any] | None:
    """An action's effects."""
    return getattr(a, "effects", None)


def needs_of(g: Callable[..., Any]) -> tuple[str, ...]:
    """The fields of the record without which a guard cannot hold: while one of them is empty
    the compiled dispatch does not ask it (the ``transitions`` runner always does, and the two
    runners are checked against each other)."""
    return getattr(g, "needs", ())


@dataclass(frozen=True)
class StateSpec:
    """A control state. ``name`` is dotted (``a.b``: ``b`` inside ``a``); ``law`` governs it.

    ``waiting`` marks a state where the record awaits someone's decision: it must have a way out.
    ``takes`` names the events this state and the states inside it accept without offering them:
    acts the machine takes whenever they come and rules on (each answers to its own law). Every
    other event a state accepts is one of its options, or an option of a state around it.
    """

    name: str
    law: str
    fr: str
    en: str
    initial: bool = False  # initial child of its parent
    final: bool = False
    waiting: bool = False
    takes: tuple[str, ...] = ()

    @property
    def parent(self) -> str | None:
        return self.name.rpartition(".")[0] or None


@dataclass(frozen=True)
class Rule:
    """A transition: on ``event`` in ``source``, if every guard holds, go to ``dest`` and run the actions.

    ``dest`` is ``None`` for an internal transition (the state does not change). ``law`` is the
    clause the rule applies; ``cites`` the other clauses it applies at the same time. For one
    event and one source, at most one rule's guards may hold: the order of declaration never
    chooses. ``outcome`` says in words what the rule leaves behind when its actions do not.
    ``ruling`` marks a rule whose law the host notes on the record when it fires.
    """

    event: str
    source: str
    dest: str | None
    law: str
    fr: str
    en: str
    guards: tuple[Guard, ...] = ()
    actions: tuple[Action, ...] = ()
    ruling: bool = False
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
        # French puts a space before « ; » as before « : » (the package writes an ordinary one everywhere)
        return (" ; " if lang == "fr" else "; ").join(wording(a, lang) for a in self.actions)


@dataclass(frozen=True)
class Option:
    """What may happen now in a state: an event, who may make it, the law and a sentence."""

    event: str
    holder: Holder | None  # None: no one in particular (the host says who), whenever the state is reached
    law: str
    fr: str
    en: str


def ancestry(state: str) -> list[str]:
    """The state and its ancestors, child first: the order in which their rules are tried."""
    parts = state.split(".")
    return [".".join(parts[:i]) for i in range(len(parts), 0, -1)]


def within(state: str, scope: str) -> bool:
    """Whether ``state`` is ``scope`` or inside it."""
    return state == scope or state.startswith(scope + ".")


def enter(specs: Sequence[StateSpec], state: str) -> str:
    """The leaf entering ``state`` reaches: a compound state enters its initial child, down to a leaf."""
    while True:
        kids = [s.name for s in specs if s.parent == state and s.initial]
        if not kids:
            return state
        state = kids[0]
