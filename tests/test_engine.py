"""The generic engine (fsm/engine) runs a machine that is not bridge: a library's lending desk,
with its own events, record, vocabulary and registry. Dispatch, decisions and the narrowing they
allow, triggers, internal events, the journal, rulings noted through the host, refusals with
their law, undo, and the second runner, all without a word of bridge; and the engine's source
imports nothing else of the package and names nothing of the game."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from fsm.engine import Vocabulary
from fsm.engine.decisions import Decision, Row, Trigger
from fsm.engine.errors import IllegalEvent, SpecError
from fsm.engine.host import Host
from fsm.engine.machine import Engine
from fsm.engine.tables import Option, Registry, Rule, StateSpec

ENGINE = Path(__file__).parent.parent / "fsm" / "engine"


@dataclass
class Desk:
    """The record: the control state, the internal events raised, and the desk's own fields."""

    state: str = "desk.open"
    raised: list[Any] = field(default_factory=list)
    loans: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()

    def save(self) -> tuple[Any, ...]:
        return (self.state, self.loans, self.notes)

    def restore(self, saved: tuple[Any, ...]) -> None:
        self.state, self.loans, self.notes = saved
        self.raised = []


@dataclass
class Visit:
    """An event: its name, arguments, what the decisions set on it, and a follow-up event."""

    name: str
    args: dict[str, Any] = field(default_factory=dict)
    age: int = 30
    book: str = ""
    kind: str | None = None
    follow: Any = None


@dataclass(frozen=True)
class Decl:
    law: str
    fr: str
    en: str
    by_state: bool = False
    internal: bool = False


EVENTS = {
    "borrow": Decl("1", "emprunte", "borrows"),
    "approve": Decl("2", "approuve", "approves", by_state=True),
    "close": Decl("3", "ferme", "closes"),
    "full": Decl("4", "complet", "full", internal=True),
}


def vocabulary() -> Vocabulary:
    v = Vocabulary()
    v.variable("event.age", "integer", "the reader's age")(lambda r, e: e.age)
    v.variable("loans", "string[]", "the books lent")(lambda r, e: list(r.loans))
    v.variable(
        "loan.kind", "string|null", "the kind of loan decided", set=lambda r, e, value: setattr(e, "kind", value)
    )(lambda r, e: e.kind)
    return v


def machine(rules: list[Rule] | None = None, registry: Registry | None = None, **host: Any) -> tuple[Engine, list[str]]:
    v, ruled = vocabulary(), []
    registry = registry or Registry()

    def guard(name: str, test: Any) -> Any:
        return registry.add("guard", v.compile(test), name, name, name, test)

    def action(name: str, fn: Any) -> Any:
        return registry.add("action", fn, name, name, name)

    child = guard("child", {"==": [{"var": "loan.kind"}, "child"]})
    adult = guard("adult", {"==": [{"var": "loan.kind"}, "adult"]})
    lend = action("lend", lambda r, e: setattr(r, "loans", (*r.loans, e.book)))

    states = [
        StateSpec("desk", "1", "guichet", "desk", initial=True, takes=("close",)),  # closing time comes when it comes
        StateSpec("desk.open", "1", "ouvert", "open", initial=True),
        StateSpec("desk.waiting", "2", "en attente", "waiting", waiting=True),
        StateSpec("closed", "3", "fermé", "closed", final=True),
    ]
    rules = rules or [
        Rule("borrow", "desk.open", None, "1A", "prêt enfant", "child loan", (child,), (lend,), ruling=True),
        Rule("borrow", "desk.open", None, "1B", "prêt adulte", "adult loan", (adult,), (lend,)),
        Rule("full", "desk.open", "desk.waiting", "4", "complet", "full"),
        Rule("approve", "desk.waiting", "desk.open", "2", "approuvé", "approved"),
        Rule("close", "desk", "closed", "3", "fermé", "closed"),
    ]  # fmt: skip
    kind = Decision(
        "loan.kind", "desk", "borrow", "1", "genre de prêt", "kind of loan",
        (Row("1A", "enfant", "child", {"<": [{"var": "event.age"}, 12]}, "child"), Row("1B", "sinon", "else", then="adult")),
        ("child", "adult"),
    )  # fmt: skip
    full = Trigger("desk.open", {">=": [{"count": [{"var": "loans"}]}, 2]}, "full", "4", "complet", "full")
    options = {
        "desk.open": [Option("borrow", None, "1", "emprunter", "borrow")],
        "desk.waiting": [Option("approve", None, "2", "approuver", "approve")],
    }
    ruling = host.pop("ruled", lambda record, law: ruled.append(law))
    made = Host(EVENTS, v, registry, lambda name: Visit(name), ("desk",), ruled=ruling, **host)
    return Engine(states, rules, options, [kind], [full], host=made), ruled


@pytest.mark.parametrize("runner", ["compiled", "transitions"])
def test_a_machine_that_is_not_bridge_runs_on_the_engine(runner):
    engine, ruled = machine()
    desk = Desk()
    steps = engine.dispatch(desk, Visit("borrow", {"b": 1}, age=8, book="Babar"), runner)
    assert [(s.event, s.law, s.source, s.target) for s in steps] == [("borrow", "1A", "desk.open", "desk.open")]
    assert ruled == ["1A"]  # a ruling rule: the host noted its law
    steps = engine.dispatch(desk, Visit("borrow", age=40, book="Proust"), runner)
    # the second loan fills the desk: the trigger raises the internal event, settled at once
    assert [(s.event, s.law, s.target) for s in steps] == [("borrow", "1B", "desk.open"), ("full", "4", "desk.waiting")]
    assert desk.loans == ("Babar", "Proust") and ruled == ["1A"]
    assert engine.offered(desk) == [(engine.options["desk.waiting"][0], None)]


def test_a_refusal_cites_the_law_and_leaves_the_record_as_it_was():
    engine, _ = machine()
    desk = Desk(state="desk.waiting", loans=("a", "b"))
    with pytest.raises(IllegalEvent) as err:
        engine.dispatch(desk, Visit("borrow", age=8, book="c"))
    assert err.value.law == "2"  # a waiting state with no rule for the event: its own law answers
    assert desk == Desk(state="desk.waiting", loans=("a", "b"))


def test_an_action_that_refuses_is_undone_and_named():
    engine, _ = machine()
    registry = Registry()

    def forbid(r: Desk, e: Visit) -> None:
        r.loans = (*r.loans, e.book)
        raise IllegalEvent("livre interdit", "forbidden book", law="9")

    base = list(engine.rules)
    engine2, _ = machine([Rule("borrow", "desk.open", None, "9", "interdit", "forbidden",
                               (), (registry.add("action", forbid, "interdit", "forbidden", "forbid"),)), *base[2:]], registry)  # fmt: skip
    desk = Desk()
    with pytest.raises(IllegalEvent) as err:
        engine2.dispatch(desk, Visit("borrow", age=8, book="x"))
    assert err.value.law == "9" and err.value.details["rule"].startswith("desk.open--borrow")
    assert desk == Desk()


def test_the_decided_value_narrows_the_rules_asked():
    engine, _ = machine()
    desk = Desk()
    event = Visit("borrow", age=8, book="x")
    engine.decide(desk, event)
    assert event.kind == "child"
    route = engine._routes["desk.open", "borrow"][1]
    plan = route.pick(desk, event)  # type: ignore[union-attr]
    assert [r.law for r, _ in plan] == ["1A"] and plan[0][
        1
    ] == ()  # the adult rule is not asked, the child test known to hold


def test_tables_the_engine_cannot_run_are_refused_with_every_problem():
    with pytest.raises(SpecError) as err:
        machine([Rule("lend", "desk.open", "nowhere", "1", "x", "x")])
    problems = err.value.details["problems"]
    assert any("unknown event 'lend'" in p for p in problems)
    assert any("unknown state 'nowhere'" in p for p in problems)
    with pytest.raises(SpecError):
        machine(cites=lambda law: law.isdigit())  # "1A" is not a reference this host reads


def test_the_engine_imports_nothing_else_of_the_package():
    """fsm/engine is generic: it may import the standard library, ``transitions`` (its second
    runner) and itself, nothing of the bridge."""
    for path in ENGINE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                assert not name.startswith("fsm") or name.startswith("fsm.engine"), f"{path.name} imports {name}"


# Words of the game the engine must not say: it runs any tables, and the bridge's are the host's.
GAME = re.compile(
    r"\b(seats?|auction|bids?|declarer|dummy|director|arbitre|bridge|contract|redouble|vulnerab\w*|"
    r"cards?|deal|trick|opening|rho|lho|partner|board)\b",
    re.IGNORECASE,
)


def test_the_engine_names_nothing_of_the_game():
    found = [
        f"{path.name}:{i}: {line.strip()}"
        for path in sorted(ENGINE.glob("*.py"))
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if GAME.search(line)
    ]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("runner", ["compiled", "transitions"])
def test_a_follow_up_handed_on_by_an_internal_event_is_routed_and_the_triggers_asked_again(runner):
    """A trigger's internal event may hand on an external one (a call held while a ruling waited,
    made afresh once it is given): it is routed once the internal events are settled, then the
    triggers of the state it reaches are asked again."""
    registry = Registry()

    def shelve(r: Desk, e: Visit) -> None:
        r.notes, r.loans = (*r.notes, *r.loans), ()
        e.follow = Visit("approve")

    shelf = registry.add("action", shelve, "range", "shelves", "shelve")
    lend = registry.add("action", lambda r, e: setattr(r, "loans", (*r.loans, e.book)), "prête", "lends", "lend_book")
    rules = [
        Rule("borrow", "desk.open", None, "1", "prêt", "loan", (), (lend,)),
        Rule("full", "desk.open", "desk.waiting", "4", "complet", "full", (), (shelf,)),
        Rule("approve", "desk.waiting", "desk.open", "2", "approuvé", "approved"),
        Rule("close", "desk", "closed", "3", "fermé", "closed"),
    ]
    engine, _ = machine(rules, registry)
    desk = Desk()
    engine.dispatch(desk, Visit("borrow", book="Babar"), runner)
    steps = engine.dispatch(desk, Visit("borrow", book="Proust"), runner)
    assert [(s.event, s.target) for s in steps] == [
        ("borrow", "desk.open"),
        ("full", "desk.waiting"),
        ("approve", "desk.open"),  # handed on by the internal event's rule, routed like the first
    ]
    assert desk.state == "desk.open" and desk.notes == ("Babar", "Proust") and desk.loans == ()
