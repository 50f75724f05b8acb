"""The machine as data: every rule fires somewhere in the corpus, every law a board records was
cited by a rule it fired, no rule's choice depends on the order rules are declared in (no two
rules of one state hold at once: the strict runner), and the runners (compiled table, transitions
machine, strict) agree event by event."""

import random

import pytest

from fsm import Board
from fsm.bridge.errors import FsmError, SpecError
from fsm.laws.spec import Rule
from fsm.model.machine import Engine, default_engine, modules
from fsm.model.scenario import apply_event, corpus_files, load

SCENARIOS = [s for path in corpus_files() for s in load(path)]


def _play(scenario, engine=None, runner="compiled"):
    """Each event's outcome: the steps fired (or the refusal's law and rule) and the board after it."""
    board = Board(
        dealer=scenario.dealer, vulnerable=scenario.vulnerable, settings=scenario.settings,
        cards_in_board=scenario.cards_in_board, engine=engine, runner=runner,
    )  # fmt: skip
    out = []
    for entry in scenario.events:
        ((name, args),) = entry.items()
        event = args["event"] if name == "rejected" else entry
        before = len(board.trace)
        try:
            apply_event(board, event)
            outcome = ("fired", [(s.rule, s.source, s.target, s.laws) for s in board.trace[before:]])
        except FsmError as err:
            outcome = ("refused", err.law, err.details.get("rule"))
        out.append((outcome, board.snapshot(), board.options()))
    return board, out


@pytest.fixture(scope="module")
def played():
    return {s.id: _play(s) for s in SCENARIOS}


def test_every_rule_fires_somewhere_in_the_corpus(played):
    fired = set()
    for _board, outcomes in played.values():
        for (kind, *rest), _snap, _opts in outcomes:
            if kind == "fired":
                fired.update(rule for rule, *_ in rest[0])
            elif rest[1] is not None:  # a rule that refuses, reached by a `rejected:` event
                fired.add(rest[1])
    never = [r.id for r in default_engine().rules if r.id not in fired]
    assert not never, f"{len(never)} rules never fire in the corpus:\n" + "\n".join(never)


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.id for s in SCENARIOS])
def test_every_law_recorded_is_cited_by_a_step_fired(scenario):
    board = Board(dealer=scenario.dealer, vulnerable=scenario.vulnerable, settings=scenario.settings,
                  cards_in_board=scenario.cards_in_board)  # fmt: skip
    for entry in scenario.events:
        if "rejected" in entry:
            continue
        apply_event(board, entry)
        cited = {law for step in board.trace for law in step.laws}
        t = board.table
        recorded = {
            *t.rulings,
            *(o.law for o in t.obligations),
            *(r.law for r in t.lead_restrictions),
            *(p.law for p in t.penalty_cards),
        }
        assert recorded <= cited, f"recorded but cited by no step: {sorted(recorded - cited)}"


def _shuffled_engine(seed):
    rng = random.Random(seed)
    rules = []
    for m in modules():
        mine = list(m.rules)
        rng.shuffle(mine)
        rules += mine
    rng.shuffle(rules)
    base = default_engine()
    return Engine(list(base.states.values()), rules, base.options, base.decisions, base.triggers)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_shuffling_the_rules_changes_no_outcome(seed, played):
    engine = _shuffled_engine(seed)
    for s in SCENARIOS:
        _board, outcomes = _play(s, engine)
        expected = played[s.id][1]
        for n, ((got, snap, opts), (want, wsnap, wopts)) in enumerate(zip(outcomes, expected, strict=True), 1):
            assert snap == wsnap and opts == wopts, f"{s.id}, event {n}"
            assert got[0] == want[0] and (got[0] == "fired" or got[1] == want[1]), f"{s.id}, event {n}"
            if got[0] == "fired":  # internal steps may come in another order; the rules fired may not differ
                assert sorted(got[1], key=repr) == sorted(want[1], key=repr), f"{s.id}, event {n}"


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.id for s in SCENARIOS])
def test_both_runners_agree_event_by_event(scenario, played):
    _board, outcomes = _play(scenario, runner="transitions")
    assert outcomes == played[scenario.id][1]


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.id for s in SCENARIOS])
def test_no_two_rules_of_one_state_hold_at_once_across_the_corpus(scenario, played):
    """The strict runner asks every candidate of the nearest state holding one, at every event and
    every internal event, and refuses the machine when two hold: the order of declaration never
    chooses. It then runs as the compiled runner does."""
    _board, outcomes = _play(scenario, runner="strict")
    assert outcomes == played[scenario.id][1]


def test_the_strict_runner_names_two_rules_that_hold_at_once():
    base = default_engine()
    twin = next(r for r in base.rules if r.event == "call" and r.source == "auction.calling" and r.law == "17C")
    loose = Rule(twin.event, twin.source, twin.dest, "17C", "double", "twin", twin.guards[:1], twin.actions,
                 cites=("17",))  # fmt: skip
    engine = Engine(list(base.states.values()), [*base.rules, loose], base.options, base.decisions, base.triggers)
    board = Board(engine=engine, runner="strict")
    with pytest.raises(SpecError) as err:
        board.call("N", "1C")
    assert set(err.value.details["rules"]) == {twin.id, loose.id}
    assert board.events == [] and board.snapshot()["auction"] == []
    Board(engine=engine).call("N", "1C")  # the compiled runner takes the first, as declared


def test_scenario_ids_are_unique_across_the_corpus():
    ids = [s.id for s in SCENARIOS]
    assert len(ids) == len(set(ids)), sorted({i for i in ids if ids.count(i) > 1})
