"""The bridge's machine: the law modules' tables, run by the generic engine (:mod:`fsm.engine`)
with the bridge's vocabulary.

What the bridge gives the engine (:class:`~fsm.engine.host.Host`): its events
(:mod:`fsm.bridge.events`), the board context its expressions read (:mod:`fsm.bridge.context`), the registry
of its guards, actions and holders (:mod:`fsm.laws.spec`), the internal event a trigger raises, the
states a board starts in, the form of a law reference, and where a ruling is noted (the board's
``rulings``). The dispatch semantics are the engine's, written in :mod:`fsm.engine.machine`.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import replace
from functools import cache
from typing import Any

from fsm.bridge.context import CONTEXT
from fsm.bridge.events import EVENTS, Event, internal
from fsm.bridge.growing import plus
from fsm.bridge.table import Table
from fsm.engine.decisions import Decision, Trigger
from fsm.engine.errors import FsmError, SpecError
from fsm.engine.host import Host
from fsm.engine.journal import Step
from fsm.engine.machine import RUNNERS, SETTLE_LIMIT
from fsm.engine.machine import Engine as _Engine
from fsm.engine.tables import ancestry
from fsm.laws.registry import EXTRA, law_modules
from fsm.laws.spec import REGISTRY, LawModule, Option, Rule, StateSpec

# A clause of the Laws: 27, 27B, 27B1, 27B1(b), 16B1(a)(ii)
LAW_REF = re.compile(r"^\d{1,2}([A-G](\d(\([a-d]\)(\((i|ii|iii|iv)\))?)?)?)?$")


def _ruled(table: Table, law: str) -> None:
    """A rectification or an acceptance: its law goes into the board's rulings."""
    table.rulings = plus(table.rulings, law)


BRIDGE = Host(
    events=EVENTS,
    vocabulary=CONTEXT,
    registry=REGISTRY,
    internal=internal,
    starts=("auction", "board"),
    cites=lambda law: LAW_REF.match(law) is not None,
    ruled=_ruled,
)


class Engine(_Engine):
    """The engine with the bridge's vocabulary: the law modules' tables, or any others written
    with the same events, context and registry (the tests' shuffled machines, a machine read back
    from its export)."""

    def __init__(
        self,
        specs: Sequence[StateSpec],
        rules: Sequence[Rule],
        options: dict[str, list[Option]],
        decisions: Sequence[Decision] = (),
        triggers: Sequence[Trigger] = (),
    ) -> None:
        super().__init__(specs, rules, options, decisions, triggers, host=BRIDGE)


def modules() -> list[LawModule]:
    """The law families' tables, in the order of their ranks (:mod:`fsm.laws.registry`)."""
    return law_modules()


@cache
def default_engine() -> Engine:
    """The one engine of the process, built once from the law modules' tables."""
    try:
        return _build()
    except (TypeError, ValueError, AttributeError, KeyError) as err:
        if isinstance(err, FsmError) or not os.environ.get(EXTRA):
            raise
        # A family of FSM_FAMILIES with a table of the wrong type (a law that is None…): said as such.
        raise SpecError(
            f"machine invalide avec les familles de {EXTRA} ({type(err).__name__} : {err})",
            f"invalid machine with the families of {EXTRA} ({type(err).__name__}: {err})",
            key=EXTRA,
        ) from None


def _build() -> Engine:
    options: dict[str, list[Option]] = {}
    for m in modules():
        for state, opts in m.options.items():
            options.setdefault(state, []).extend(opts)
    extra: dict[str, tuple[str, ...]] = {}
    for m in modules():
        for state, events in m.takes.items():
            extra[state] = (*extra.get(state, ()), *events)
    return Engine(
        [replace(s, takes=(*s.takes, *extra[s.name])) if s.name in extra else s for m in modules() for s in m.states],
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


def dispatch(engine: _Engine, table: Table, event: Event, runner: str = "compiled") -> list[Step]:
    """Route one event and everything it sets off; raise :class:`~fsm.bridge.errors.IllegalEvent` when no
    rule takes it. The table is not put back on an error: a board does it (:meth:`Engine.dispatch`)."""
    return engine.dispatch(table, event, runner, undo=False)


def options_for(engine: _Engine, table: Table, own_state_only: bool = False) -> list[dict[str, Any]]:
    """The options of the current state and its ancestors, with their holders resolved; an option
    whose holder is nobody now is left out (``seats`` is null only for the Director)."""
    return [
        {"event": opt.event, "seats": seats, "law": opt.law, "fr": opt.fr, "en": opt.en}
        for opt, seats in engine.offered(table, own_state_only)
    ]


__all__ = [
    "BRIDGE", "RUNNERS", "SETTLE_LIMIT", "Engine", "ancestry", "default_engine", "dispatch", "initial_state",
    "modules", "options_for", "rules", "states",
]  # fmt: skip
