"""The machine as data: states, transitions (rules) and options, each with its law and labels.

Law modules declare these; :mod:`fsm.machine` builds the transitions machine from them, and
the diagrams, the export and ``options()`` read the same tables, so nothing is said twice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fsm.board import Board, Event

Guard = Callable[["Board", "Event"], bool]
Action = Callable[["Board", "Event"], None]
Holder = Callable[["Board"], Sequence[Any]]


def words(fr: str, en: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Attach the French and English wording of a guard or an action, for diagrams and the spec."""

    def mark(fn: Callable[..., Any]) -> Callable[..., Any]:
        fn.fr = fr  # type: ignore[attr-defined]
        fn.en = en  # type: ignore[attr-defined]
        return fn

    return mark


def wording(fn: Callable[..., Any], lang: str) -> str:
    return str(getattr(fn, lang, getattr(fn, "__name__", repr(fn))))


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
    """A transition: on ``event`` in ``source``, if every guard holds, run the actions and go to ``dest``.

    ``dest`` is ``None`` for an internal transition (the state does not change).
    Rules for one event and source are tried in the order declared: that order is the
    decision tree the Laws lay down.
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

    @property
    def target(self) -> str:
        return self.dest or self.source

    @property
    def id(self) -> str:
        guard = ",".join(g.__name__ for g in self.guards)
        return f"{self.source}--{self.event}[{guard}]->{self.target}"


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
