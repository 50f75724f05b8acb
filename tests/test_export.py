"""The published machine: JSON that reloads into an equivalent machine, SCXML read back by an
independent reader (python-statemachine's), and Mermaid text."""

import json

import pytest

from fsm.bridge.errors import InputError
from fsm.cli import main
from fsm.interop.export import from_json, scxml_cond, to_json, to_mermaid, to_scxml
from fsm.model.machine import default_engine, rules, states
from fsm.model.scenario import board_for, corpus_files, load, run

SCENARIOS = [s for path in corpus_files() for s in load(path)]


@pytest.fixture(scope="module")
def reloaded():
    return from_json(to_json())


def test_json_reloads_every_rule_and_state(reloaded):
    assert [r.id for r in reloaded.rules] == [r.id for r in rules()]
    assert list(reloaded.states) == list(states())
    assert reloaded.machine is not default_engine().machine


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.id for s in SCENARIOS])
def test_reloaded_machine_replays_the_corpus_identically(scenario, reloaded):
    assert run(scenario, engine=reloaded).ok
    from fsm.model.scenario import play

    original = play(scenario)
    again = board_for(scenario, reloaded)
    for entry in scenario.events:
        if "rejected" not in entry:
            from fsm.model.scenario import apply_event

            apply_event(again, entry)
    assert again.snapshot() == original.snapshot()
    assert [s.rule for s in again.trace] == [s.rule for s in original.trace]


def test_scxml_read_back_by_an_independent_reader():
    reader = pytest.importorskip("statemachine.io.scxml.reader")
    definition = reader.parse_scxml(to_scxml())
    found_states: dict[str, object] = {}
    found_transitions = []

    def walk(state_map):
        for sid, st in state_map.items():
            found_states[sid] = st
            for t in st.transitions:
                if not t.initial:
                    found_transitions.append((sid, t.event, t.target, t.cond))
            walk(st.states)

    walk(definition.states)
    assert set(found_states) == set(states())
    assert {sid for sid, st in found_states.items() if st.final} == {s.name for s in states().values() if s.final}
    expected = [(r.source, r.event, r.dest, scxml_cond(r.guards) or None) for r in rules()]
    assert sorted(found_transitions, key=repr) == sorted(expected, key=repr)


def test_mermaid_names_every_state_and_transition():
    text = to_mermaid(lang="en")
    assert text.startswith("stateDiagram-v2")
    for name in states():
        assert name.replace(".", "__") in text
    assert text.count(" --> ") >= len(rules())


def test_cli_export(tmp_path, capsys):
    assert main(["export", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["format"] == "fsm-bridge-auction/machine"
    assert main(["export", "--format", "scxml", "--out", str(tmp_path / "m.scxml")]) == 0
    assert (tmp_path / "m.scxml").read_text(encoding="utf-8").startswith("<?xml")


@pytest.mark.parametrize("name", ["builtins:exec", "builtins:print", "os:system", "no_such_guard"])
def test_a_spec_naming_an_unregistered_function_is_refused_before_anything_runs(name):
    data = json.loads(to_json())
    data["rules"][0]["guards"] = [{"name": name, "fr": "x", "en": "x"}]
    with pytest.raises(InputError) as err:
        from_json(json.dumps(data))
    assert name in err.value.message_en


def test_a_spec_that_is_not_one_is_refused():
    for text in ("[]", '{"format": "other"}', "{", json.dumps({**json.loads(to_json()), "rules": [{}]})):
        with pytest.raises(InputError):
            from_json(text)


def test_the_export_declares_every_event_with_its_arguments():
    events = {e["name"]: e for e in json.loads(to_json())["events"]}
    assert events["call"]["args"][:2] == [
        {"name": "seat", "type": "seat", "required": True},
        {"name": "call", "type": "call", "required": True},
    ]
    assert events["call_stands"]["internal"] and events["judge"]["one_of"]


def test_scxml_conditions_write_every_guard_out():
    text = to_scxml()
    assert 'datamodel="ecmascript"' in text
    assert "_event.data.seat === irregularity.offender_lho" in text  # by_offender_lho
    assert "call.kind === &quot;insufficient&quot;" in text  # call_is_insufficient
    assert "ops.lowest_sufficient(_event.data.call)" in text  # is_lowest_same: a host operator
    assert "guards." not in text  # no guard is left to the host by name


def test_json_export_states_every_guard_as_an_expression():
    spec = json.loads(to_json())
    assert spec["version"] == 7
    guards = {g["name"]: g for r in spec["rules"] for g in r["guards"]}
    assert guards["judged_comparable"]["test"] == {"==": [{"var": "event.judgement.comparable"}, True]}
    assert guards["by_offender_lho"]["test"] == {"==": [{"var": "event.seat"}, {"var": "irregularity.offender_lho"}]}
    assert {"lowest_sufficient": [{"var": "event.call"}]} in guards["is_lowest_same"]["test"]["and"][3]["or"]
    assert all("test" in g for g in guards.values())
    variables = {v["name"] for v in spec["context"]["variables"]}
    assert {"event.seat", "irregularity.offender_lho", "auction.last_bid", "table.obligations"} <= variables


def test_a_spec_whose_guard_says_something_else_is_refused():
    spec = json.loads(to_json())
    next(r for r in spec["rules"] if r["guards"])["guards"][0]["test"] = True
    with pytest.raises(InputError, match="expression"):
        from_json(json.dumps(spec))


def test_a_spec_whose_action_does_something_else_is_refused():
    spec = json.loads(to_json())
    rule = next(r for r in spec["rules"] if r["actions"])
    rule["actions"][0]["effects"] = [{"again": {}}]
    with pytest.raises(InputError, match="effects"):
        from_json(json.dumps(spec))


def test_the_export_says_what_each_state_takes_whatever_its_options():
    spec = json.loads(to_json())
    takes = {s["name"]: s["takes"] for s in spec["states"]}
    assert "call" in takes["auction"] and "director" in takes["auction"]  # 17C-39 and 9B1
    assert {"call", "lead", "director"} <= set(takes["clarification"])  # 39, 41/54, 9B1
    assert takes["auction.calling"] == []  # offered there, or taken by the auction around it
    again = from_json(to_json())
    assert {n: s.takes for n, s in again.states.items()} == {n: s.takes for n, s in default_engine().states.items()}
