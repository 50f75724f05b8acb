"""The mutation check of the law data (tests/mutation.py): the corpus must tell every mutant of the
machine's law data from the machine, save those listed as equivalent with their reason."""

import pytest

from fsm.interop.export import to_dict
from fsm.laws.spec import REGISTRY
from fsm.model.machine import default_engine
from tests import mutation


def _mutant(mutant_id):
    (found,) = [m for m in mutation.mutants() if m.id == mutant_id]
    return found


def test_the_unmutated_machine_rebuilt_from_its_export_passes_the_whole_corpus():
    engine = mutation.build(mutation.spec())
    # nothing changed, nothing compiled afresh: the project's own functions
    assert [r.guards for r in engine.rules] == [r.guards for r in default_engine().rules]
    assert [r.actions for r in engine.rules] == [r.actions for r in default_engine().rules]
    failed = [s.id for s in mutation.corpus() if not mutation.run(s, engine=engine).ok]
    assert failed == []


def test_a_negated_guard_is_compiled_afresh_and_the_corpus_kills_it():
    mutant = _mutant("guard-negated:new_call_above_seven")
    data = mutation.spec()
    mutant.change(data)
    engine = mutation.build(data)
    fresh = {g for r in engine.rules for g in r.guards if g.fsm_name == "new_call_above_seven"}
    (guard,) = fresh
    assert guard is not REGISTRY.get("new_call_above_seven", "guard")
    assert guard.test == {"!": {">": [{"level": [{"var": "irregularity.call"}]}, 7]}}
    # the composite guard made from it changes with it: one piece of law
    (composite,) = [g for r in data["rules"] for g in r["guards"] if g["name"] == "not_new_call_above_seven"][:1]
    assert composite["test"] == {"!": {"!": {">": [{"level": [{"var": "irregularity.call"}]}, 7]}}}
    verdict, why = mutation.check(mutant)[1:]
    assert verdict == "killed", why


@pytest.mark.parametrize(
    "mutant_id",
    [
        "trigger-dropped:auction.calling:release_held",
        "decision-row-dropped:call.kind:1:38:bid_above_seven",
        "guard-const:new_call_above_seven:7->8",
    ],
)
def test_the_corpus_kills_a_mutant_it_notices(mutant_id):
    verdict, why = mutation.check(_mutant(mutant_id))[1:]
    assert verdict == "killed", why


def test_a_mutant_whose_tables_the_engine_refuses_is_invalid_not_killed():
    def no_way_out(data):  # a state no rule reaches is refused by the engine's validation
        data["rules"] = [r for r in data["rules"] if r["dest"] != "auction.insufficient_bid"]

    verdict, why = mutation.check(mutation.Mutant("test:unreachable", no_way_out))[1:]
    assert verdict == "invalid"
    assert "SpecError" in why


def test_mutant_ids_are_made_once_each_and_the_same_every_time():
    first = [m.id for m in mutation.mutants()]
    assert len(first) == len(set(first))
    assert first == [m.id for m in mutation.mutants()]
    assert len(first) > 300
    assert mutation.spec() == to_dict()  # each mutant changes its own copy


def test_a_law_reference_is_moved_to_its_next_paragraph():
    assert [mutation.neighbour(x) for x in ("30A", "31A1", "27B1(b)", "17", "16B1(a)(ii)", "16B1(a)(iv)")] == [
        "30B",
        "31A2",
        "27B1(c)",
        "18",
        "16B1(a)(iii)",
        None,
    ]


@pytest.mark.deep
def test_the_corpus_kills_every_mutant_of_the_law_data_not_listed_as_equivalent():
    out = mutation.run_all()
    assert out["stale_equivalents"] == [], "listed as equivalent, but killed or no longer made"
    assert out["surviving"] == [], mutation.summary_text(out)
