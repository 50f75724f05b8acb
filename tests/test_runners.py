"""The compiled dispatch is a shortcut over the rules, never another set of rules: the two runners
(compiled table, ``transitions`` machine of record) give the same steps, snapshots, options and
refusals on random event streams; and the compiled table skips a guard only when the guard could
not have held (``needs``: a table field it requires is empty; a test of a decided variable, such as
``call.kind``, against another value than the one decided).

The corpus is replayed through both runners in tests/test_rules.py."""

from __future__ import annotations

import contextlib
import os

from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from fsm import Board, FsmError
from fsm.bridge.context import CONTEXT
from fsm.bridge.errors import SpecError
from fsm.bridge.events import Event
from fsm.bridge.table import Table
from fsm.engine.machine import decided_test
from fsm.laws.spec import Rule, needs_of
from fsm.model.machine import Engine, default_engine
from fsm.model.scenario import apply_event, corpus_files, load

from .randomplay import SEATS, random_event

EXAMPLES = int(os.environ.get("FSM_FUZZ_EXAMPLES", "100"))


def outcome(board: Board, name: str, args: object) -> tuple:
    try:
        steps = board.apply(name, args)  # type: ignore[arg-type]
    except SpecError:
        raise  # the strict runner found two rules holding at once: a fault of the tables, never an outcome
    except FsmError as err:
        return ("refused", type(err).__name__, err.law, err.message_fr, err.message_en, err.details)
    return ("fired", [s.as_dict() for s in steps], board.snapshot(), board.options(), board.events[-1])


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), derandomize=EXAMPLES <= 100)
@given(st.integers(0, 3), st.randoms(use_true_random=False), st.integers(5, 60))
def test_both_runners_agree_on_a_random_stream(dealer, rng, length):
    compiled = Board(dealer=SEATS[dealer])
    machine = Board(dealer=SEATS[dealer], runner="transitions")
    strict = Board(dealer=SEATS[dealer], runner="strict")  # no two rules of one state hold at once
    for _ in range(length):
        name, args = random_event(compiled, rng)
        note(f"{name} {args!r}")
        expected = outcome(compiled, name, args)
        assert outcome(machine, name, args) == expected
        assert outcome(strict, name, args) == expected
    assert compiled.record() == machine.record() == strict.record()
    assert compiled.trace == machine.trace == strict.trace


def _check_shortcuts(engine: Engine, table: Table, event: Event, wrong: list[str]) -> None:
    """Ask every candidate rule's guards, in order, as the transitions runner does; note any that the
    compiled table would have skipped and that hold."""
    decided = {d.name: None for d in engine.decisions}
    engine.decide(table, event)  # as the compiled runner does before it narrows the rules
    for rule in engine.candidates(table.state, event.name):
        for g in rule.guards:
            holds = g(table, event)
            empty = [f for f in needs_of(g) if not getattr(table, f)]
            if empty and holds:
                wrong.append(f"{rule.id}: {g.fsm_name} holds with {empty} empty")
            test = decided_test(g, decided)
            if test is not None and holds != (CONTEXT.compile({"var": test[0]})(table, event) == test[1]):
                wrong.append(f"{rule.id}: {g.fsm_name} is not a test of the value decided")
            if not holds:
                break  # the guards after it are never asked: they may assume it held


def test_no_guard_skipped_by_the_compiled_table_could_have_held(monkeypatch):
    """At every event of the corpus, internal events included, each guard declared to need a field
    is false while that field is empty, and each test of a decided variable (the kind of call)
    holds exactly when the value decided is the one it tests."""
    engine = default_engine()
    fire = engine.fire_compiled
    wrong: list[str] = []
    asked = [0]

    def checked(table: Table, event: Event) -> Rule | None:
        _check_shortcuts(engine, table, event, wrong)
        asked[0] += 1
        return fire(table, event)

    monkeypatch.setattr(engine, "fire_compiled", checked)
    for path in corpus_files():
        for scenario in load(path):
            board = Board(dealer=scenario.dealer, vulnerable=scenario.vulnerable, settings=scenario.settings,
                          cards_in_board=scenario.cards_in_board, engine=engine)  # fmt: skip
            for entry in scenario.events:
                ((name, args),) = entry.items()
                with contextlib.suppress(FsmError):  # a refusal is part of the scenario
                    apply_event(board, args["event"] if name == "rejected" else entry)
                assert not wrong, f"{scenario.id}: {wrong}"
    assert asked[0] > 2000
