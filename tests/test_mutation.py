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


def test_a_negated_guard_is_compiled_afresh_in_every_guard_made_from_it_and_the_corpus_kills_it():
    above_seven = {">": [{"level": [{"var": "irregularity.call"}]}, 7]}
    mutant = _mutant("guard-negated:new_call_above_seven")
    data = mutation.spec()
    mutant.change(data)
    engine = mutation.build(data)
    # no rule names it: the rules name the guards made from it (all_of, Not), which change with it
    name = "change_of_standing_call_and_judged_unintended_and_new_call_above_seven"
    (guard,) = {g for r in engine.rules for g in r.guards if g.fsm_name == name}
    assert guard is not REGISTRY.get(name, "guard")
    assert guard.test["and"][-1] == {"!": above_seven}
    assert REGISTRY.get(name, "guard").test["and"][-1] == above_seven
    negated = "change_of_standing_call_and_judged_not_unintended_and_not_new_call_above_seven"
    (other,) = {g for r in engine.rules for g in r.guards if g.fsm_name == negated}
    assert other.test["and"][-1] == {"!": {"!": above_seven}}
    verdict, why = mutation.check(mutant)[1:]
    assert verdict == "killed", why


def test_a_mutant_whose_rules_overlap_is_killed_by_the_strict_runner_only():
    # two rules of one state then hold at once; the compiled runner lets the one declared first win
    mutant = _mutant("guard-dropped:not_is_double")
    assert mutation.check(mutant, strict=False)[1] == "survived"
    verdict, why = mutation.check(mutant)[1:]
    assert verdict == "killed"
    assert mutation.OVERLAP in why


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
    print(mutation.summary_text(out))  # the score and every survivor, in the deep run's log
    assert out["stale_equivalents"] == [], "listed as equivalent, but killed or no longer made"
    # the work left may only shrink: a survivor not listed is a kill the corpus lost; a listed one now killed
    # is dropped from the list (python tests/mutation.py --write-not-yet-killed)
    assert out["new_survivors"] == [], mutation.summary_text(out)
    assert out["now_killed"] == [], mutation.summary_text(out)


def test_the_not_yet_killed_list_names_mutants_that_are_made_once_and_not_equivalent():
    listed = mutation.not_yet_killed()
    assert listed == sorted(set(listed))
    assert set(listed) <= {m.id for m in mutation.mutants()}
    assert not set(listed) & set(mutation.equivalents())
