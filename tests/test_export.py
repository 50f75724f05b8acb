"""The published machine: JSON that reloads into an equivalent machine, SCXML read back by an
independent reader (python-statemachine's), and Mermaid text."""

import json
import re
import subprocess
from xml.etree import ElementTree as ET

import pytest
from statemachine.io.scxml import reader  # not its public API: the test extra pins the version (3.2 moved it)

from fsm import Board
from fsm.bridge.errors import InputError
from fsm.cli import main
from fsm.interop.export import ecmascript, effects_js, from_json, scxml_cond, to_dict, to_json, to_mermaid, to_scxml
from fsm.laws.spec import effects_of
from fsm.model.machine import default_engine, rules, states
from fsm.model.scenario import board_for, corpus_files, load, run

SCENARIOS = [s for path in corpus_files() for s in load(path)]
SCXML = "{http://www.w3.org/2005/07/scxml}"
LAW = "{urn:fsm-bridge-auction:law}"
# What the host keeps up to date and gives (docs/interop.md, the SCXML export).
DATAMODEL = {"call", "entry", "irregularity", "table", "auction", "settings", "ops", "fx"}


def decided_prefix(spec):
    """(state, event) → what a transition's cond starts with: the decisions made before its guards."""
    out = {}
    for d in spec["decisions"]:
        made = f"(({d['name']} = decide_{d['name'].replace('.', '_')}(_event)), true)"
        for s in spec["states"]:
            if s["name"] == d["state"] or s["name"].startswith(d["state"] + "."):
                out[(s["name"], d["event"])] = made + " && "
    return out


def trigger_cond(trigger):
    return f'triggered !== _event && _event?.type === "external" && ({ecmascript(trigger["when"])})'


def effect_calls(effects, control):
    """Every host effect an action's effects name, in the order written, through if, each and with."""
    for eff in effects:
        ((name, args),) = eff.items()
        if name in control:
            for branch in args[1:]:
                yield from effect_calls(branch, control)
        else:
            yield name


def transitions_by_rule(text, spec):
    """Each rule of the export with its transition element: a state's transitions are its rules, in order."""
    root = ET.fromstring(text)
    elements = {e.get("id"): e for e in root.iter() if e.tag in (SCXML + "state", SCXML + "final")}
    mine = {sid: [t for t in e.findall(SCXML + "transition") if t.get("event")] for sid, e in elements.items()}
    return [(r, mine[r["source"]].pop(0)) for r in spec["rules"]], root


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
    spec = to_dict()
    definition = reader.parse_scxml(to_scxml())
    found_states: dict[str, object] = {}
    found_transitions = []
    contents = {}

    def walk(state_map):
        for sid, st in state_map.items():
            found_states[sid] = st
            for t in st.transitions:
                if not t.initial:
                    found_transitions.append((sid, t.event, t.target, t.cond))
                    contents.setdefault((sid, t.event, t.target, t.cond), []).append(t.on.actions)
            walk(st.states)

    walk(definition.states)
    assert set(found_states) == set(states())
    assert {sid for sid, st in found_states.items() if st.final} == {s.name for s in states().values() if s.final}
    decided = decided_prefix(spec)
    expected = [
        (r.source, r.event, r.dest, decided.get((r.source, r.event), "") + scxml_cond(r.guards) or None)
        for r in rules()
    ]
    triggers = [(t["state"], None, None, trigger_cond(t)) for t in spec["triggers"]]
    assert sorted(found_transitions, key=repr) == sorted(expected + triggers, key=repr)
    # The executable content too: the actions' effects as one script, a trigger's script and raise.
    for r in rules():
        key = (r.source, r.event, r.dest, decided.get((r.source, r.event), "") + scxml_cond(r.guards) or None)
        actions = contents[key].pop(0)
        if r.actions:
            assert [type(a).__name__ for a in actions] == ["ScriptAction"]
            assert (
                actions[0].content.split() == "\n".join(x for a in r.actions for x in effects_js(effects_of(a))).split()
            )
        else:
            assert actions == []
    for t in spec["triggers"]:
        (actions,) = contents[(t["state"], None, None, trigger_cond(t))]
        assert [type(a).__name__ for a in actions] == ["ScriptAction", "RaiseAction"]
        assert actions[1].event == t["raise"]
    defs, script = definition.datamodel.scripts
    assert defs.content.strip().startswith("var defs = {};")
    assert script.content.startswith("// call.kind (17)")
    assert {d.id for d in definition.datamodel.data} == {*DATAMODEL, "triggered"}


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
    assert "defs.lowest_sufficient(_event.data.call)" in text  # is_lowest_same: a definition of the data
    assert "defs.lowest_sufficient = (a_call) =&gt; " in text  # written out as a function of the document
    assert "guards." not in text  # no guard is left to the host by name


def test_json_export_states_every_guard_as_an_expression():
    spec = json.loads(to_json())
    assert spec["version"] == 13
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


def test_scxml_transitions_carry_every_guard_and_every_effect():
    spec = to_dict()
    control = set(spec["effects"]["control"])
    pairs, _ = transitions_by_rule(to_scxml(), spec)
    assert len(pairs) == len(spec["rules"])
    for rule, t in pairs:
        assert (t.get("event"), t.get("target")) == (rule["event"], rule["dest"]), rule["id"]
        cond = t.get("cond") or ""
        for g in rule["guards"]:
            assert f"({ecmascript(g['test'])})" in cond, (rule["id"], g["name"])
        assert t.get(LAW + "guards", "").split() == [g["name"] for g in rule["guards"]]
        assert t.get(LAW + "actions", "").split() == [a["name"] for a in rule["actions"]]
        scripts = t.findall(SCXML + "script")
        written = re.findall(r"\bfx\.(\w+)\(", scripts[0].text) if scripts else []
        named = [n for a in rule["actions"] for n in effect_calls(a["effects"], control)]
        assert written == named, rule["id"]  # every effect, once per place it is written, in order
        assert len(scripts) == (1 if rule["actions"] else 0)


def test_scxml_effects_write_parameters_and_control_forms():
    text = "\n".join(e.text for e in ET.fromstring(to_scxml()).iter(SCXML + "script"))
    # cancel_held_28B and others: a status with its values, as the effect data gives them
    assert 'fx.status({n: irregularity.held_n, status: "cancelled", law: "28B"});' in text
    assert "if ((irregularity.replacement_n != null)) {" in text  # `if`, null tested loosely
    assert "for (const it of [...(_event.data.cards ?? [])]) {" in text  # `each`, over a copy
    assert (  # `with`, over an item found in a collection (await_judgement)
        "const it = ((table.deferred ?? []).find((it) => ((it?.waiting_for === entry.seat) && "
        "(it?.offender === entry.seat))) ?? null);"
    ) in text
    assert 'fx.remove({from: "obligations", where: (it) => ' in text  # an item parameter, a function
    assert 'fx.append({to: "unauthorized_information", fields: {source: ' in text  # fields, an object


def test_scxml_starts_where_the_export_says(tmp_path, capsys):
    initial = to_dict()["initial"]
    assert initial == {"default": "auction.calling", "cards_in_board": "board"}
    for cards_in_board, key in ((False, "default"), (True, "cards_in_board")):
        text = to_scxml(cards_in_board=cards_in_board)
        assert ET.fromstring(text).get("initial") == initial[key]
        assert reader.parse_scxml(text).initial_states == [initial[key]]
    assert main(["export", "--format", "scxml", "--cards-in-board", "--out", str(tmp_path / "b.scxml")]) == 0
    assert ET.parse(tmp_path / "b.scxml").getroot().get("initial") == "board"
    capsys.readouterr()
    assert main(["export", "--format", "scxml"]) == 0
    assert ET.fromstring(capsys.readouterr().out).get("initial") == "auction.calling"


def rows_of(rows):
    for row in rows:
        yield row
        yield from rows_of(row.get("rows", ()))


def test_scxml_writes_the_decision_tables_and_the_triggers():
    spec = to_dict()
    pairs, root = transitions_by_rule(to_scxml(lang="en"), spec)
    defs, script = root.findall(SCXML + "script")
    (decision,) = spec["decisions"]
    assert [line.split(" = ")[0].strip() for line in defs.text.strip().splitlines()[1:]] == [
        f"defs.{d['name']}" for d in spec["context"]["definitions"]
    ]
    assert "function decide_call_kind(_event) {" in script.text
    rows = list(rows_of(decision["rows"]))
    for row in rows:
        if "when" in row:
            assert f"if ({ecmascript(row['when'])}) {{" in script.text, row["en"]
        assert f"// {row['law']}: {row['en']}" in script.text
    returned = re.findall(r'return "(\w+)";', script.text)
    assert returned == [row["then"] for row in rows if "then" in row]  # every outcome, in the rows' order
    assert set(returned) == set(decision["outcomes"])
    # The decision is made before the guards of every transition its state and event reach, only there.
    for rule, t in pairs:
        made = (t.get("cond") or "").startswith("((call.kind = decide_call_kind(_event)), true)")
        assert made == (rule["event"] == decision["event"] and rule["source"] == decision["state"]), rule["id"]
    # A state's triggers are its eventless transitions, in the triggers' order: the first whose
    # condition holds raises its event, in SCXML as in the engine.
    for name in dict.fromkeys(trigger["state"] for trigger in spec["triggers"]):
        state = next(e for e in root.iter(SCXML + "state") if e.get("id") == name)
        written = [t for t in state.findall(SCXML + "transition") if t.get("event") is None]
        triggers = [trigger for trigger in spec["triggers"] if trigger["state"] == name]
        assert len(written) == len(triggers), name
        for t, trigger in zip(written, triggers, strict=True):
            assert t.get("cond") == trigger_cond(trigger)
            assert t.get("target") is None and t.get(LAW + "trigger") == trigger["raise"]
            assert [r.get("event") for r in t.findall(SCXML + "raise")] == [trigger["raise"]]
            assert t.find(SCXML + "script").text.strip() == "triggered = _event;"


def test_scxml_calls_only_documented_operators_and_annotates_what_each_state_takes():
    spec = to_dict()
    text = to_scxml()
    operators = {o["name"] for o in spec["context"]["operators"]}
    assert set(re.findall(r"\bops\.(\w+)\(", text)) <= operators
    assert set(re.findall(r"\bfx\.(\w+)\(", text)) <= {e["name"] for e in spec["effects"]["effects"]}
    root = ET.fromstring(text)
    takes = {e.get("id"): e.get(LAW + "takes", "").split() for e in root.iter() if e.get("id")}
    assert {s["name"]: s["takes"] for s in spec["states"]} == {s["name"]: takes[s["name"]] for s in spec["states"]}
    assert {d.get("id") for d in root.find(SCXML + "datamodel")} == {*DATAMODEL, "triggered"}


# --- the scripts run: node evaluates a few transitions against a recording `fx` ---------------------
PARTNER = {"N": "S", "S": "N", "E": "W", "W": "E"}
RHO = {"N": "W", "E": "N", "S": "E", "W": "S"}
BOARD = {
    "irregularity": {
        "n": 4, "offender": "E", "source": "E:1C", "replacement_n": 5, "original_n": None,
        "original_source": None, "held_n": 6, "held_source": "W:Pass", "held_seat": "W",
    },
    "auction": {
        "calls": [
            {"n": 1, "seat": "N", "call": "1D", "status": "cancelled", "law": "27B", "source": "N:1D"},
            {"n": 2, "seat": "E", "call": "1S", "status": "standing", "law": None, "source": "E:1S"},
            {"n": 3, "seat": "S", "call": "Pass", "status": "pending", "law": None, "source": "S:Pass"},
            {"n": 4, "seat": "W", "call": "2C", "status": "withdrawn", "law": "27B4", "source": "W:2C"},
        ],
    },
    "table": {}, "settings": {}, "entry": {"seat": "S"}, "call": {},
}  # fmt: skip
EVENT = {"seat": "S", "call": "2C", "cards": ["SA", "H2"]}
NODE_ACTIONS = ["cancel_forfeited", "refuse_second", "refuse_insufficient", "expose_and_bar", "release_held_call"]


def reference(rule, data, item=None):
    """The effects' values worked out from their JSON, apart from the translator, for the board above."""
    if isinstance(rule, list):
        return [reference(x, data, item) for x in rule]
    if not isinstance(rule, dict):
        return rule
    ((op, args),) = rule.items()
    args = args if isinstance(args, list) else [args]
    if op in ("var", "ctx"):
        value, path = (item, args[0]) if op == "var" and item is not None else (data, args[0])
        for part in filter(None, str(path).split(".")):
            value = value.get(part) if isinstance(value, dict) else None
        return value
    if op in ("filter", "first", "map"):
        items = reference(args[0], data, item) or []
        if op == "map":
            return [reference(args[1], data, x) for x in items]
        hits = [x for x in items if reference(args[1], data, x)] if len(args) > 1 else items
        return hits if op == "filter" else (hits[0] if hits else None)
    if op == "if":
        for i in range(0, len(args) - 1, 2):
            if reference(args[i], data, item):
                return reference(args[i + 1], data, item)
        return reference(args[-1], data, item) if len(args) % 2 else None
    values = [reference(a, data, item) for a in args]
    if op in data.get("ops", {}):  # a host operator the case fixes, whatever its arguments
        return data["ops"][op]
    builtin = {
        "==": lambda: values[0] == values[1],
        "!=": lambda: values[0] != values[1],
        "!": lambda: not values[0],
        "and": lambda: all(values),
        "in": lambda: values[1] is not None and values[0] in values[1],
        ">=": lambda: values[0] >= values[1],
        ">": lambda: values[0] > values[1],
        "or": lambda: next((v for v in values if v), values[-1]),
        "count": lambda: len(values[0] or []),
        "cat": lambda: "".join("" if v is None else str(v) for v in values),
        "partner": lambda: PARTNER.get(values[0]),
        "rho": lambda: RHO.get(values[0]),
    }
    if op not in builtin and "ops" in data:  # an operator the case leaves unset gives null, as the stub does
        return None
    return builtin[op]()


def reference_calls(effects, kinds, data, item=None):
    calls = []
    for eff in effects:
        ((name, args),) = eff.items()
        if name == "if":
            branch = 1 if reference(args[0], data, item) else 2
            calls += reference_calls(args[branch], kinds, data, item) if branch < len(args) else []
        elif name == "each":
            for x in reference(args[0], data, item) or []:
                calls += reference_calls(args[1], kinds, data, x)
        elif name == "with":
            calls += reference_calls(args[1], kinds, data, reference(args[0], data, item))
        else:
            values = {}
            for key, value in args.items():
                kind = kinds[name][key]
                if kind == "fields":
                    values[key] = {k: reference(x, data, item) for k, x in value.items()}
                elif kind == "item":
                    values[key] = "<item function>"
                elif kind in ("name", "literal"):
                    values[key] = value
                else:
                    values[key] = reference(value, data, item)
            calls.append([name, values])
    return calls


def test_node_runs_transition_scripts_as_the_effects_say(node, tmp_path):
    spec = to_dict()
    kinds = {e["name"]: {p["name"]: p["kind"] for p in e["params"]} for e in spec["effects"]["effects"]}
    pairs, _ = transitions_by_rule(to_scxml(), spec)
    chosen = {}
    for rule, t in pairs:
        for a in rule["actions"]:
            if a["name"] in NODE_ACTIONS and a["name"] not in chosen:
                chosen[a["name"]] = (rule, t.find(SCXML + "script").text)
    assert sorted(chosen) == sorted(NODE_ACTIONS)
    program = [
        "const calls = [];",
        "const fx = new Proxy({}, {get: (_, name) => (args) => { calls.push([name, args]); }});",
        f"const ops = {{partner: (s) => ({json.dumps(PARTNER)})[s] ?? null, rho: (s) => ({json.dumps(RHO)})[s] ?? null}};",
        *(f"const {k} = {json.dumps(v)};" for k, v in BOARD.items()),
        f"const _event = {{name: 'x', type: 'external', data: {json.dumps(EVENT)}}};",
        "const out = {};",
    ]
    for name, (_rule, script) in chosen.items():
        program += [f"calls.length = 0; {{ {script} }} out[{json.dumps(name)}] = [...calls];"]
    program.append(
        "console.log(JSON.stringify(out, (k, v) => typeof v === 'function' ? '<item function>' : v === undefined ? null : v));"
    )
    path = tmp_path / "scripts.js"
    path.write_text("\n".join(program), encoding="utf-8")
    result = subprocess.run([node, str(path)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    got = json.loads(result.stdout)
    data = {**BOARD, "event": EVENT}
    for name, (rule, _) in chosen.items():
        expected = [c for a in rule["actions"] for c in reference_calls(a["effects"], kinds, data)]
        assert got[name] == expected, name
        assert expected  # each chosen action does something on this board


DECISION_CASES = [  # host operators and definitions fixed per case, and what the board says
    ({"level": 8}, {"seat": "S", "call": "8C"}, "S"),
    ({"level": 1, "insufficient": True, "must_pass": False}, {"seat": "S", "call": "1C"}, "S"),
    ({"level": 2, "insufficient": False, "must_pass": False, "deferred_law": None}, {"seat": "S", "call": "2C"}, "S"),
    ({"level": 0, "relation": "RHO", "rho": "W", "partner_silent": False, "over_partner_artificial": False},
     {"seat": "S", "call": "Pass", "artificial": False}, "N"),
    ({"level": 0, "legal": False}, {"seat": "S", "call": "X"}, "N"),
    ({"level": 0, "legal": True, "relation": "LHO_PREV"}, {"seat": "S", "call": "XX"}, "W"),
]  # fmt: skip


def test_node_runs_the_decision_table_as_its_rows_say(node, tmp_path):
    (decision,) = to_dict()["decisions"]
    scripts = ET.fromstring(to_scxml()).findall(SCXML + "script")
    board = {"auction": {"turn": None}, "table": {"obligations": [], "deferred": [], "misinformation_ruled": False}}
    program = (
        [f"const {k} = {json.dumps(v)};" for k, v in board.items()] + [s.text for s in scripts] + ["const out = [];"]
    )
    expected = []
    for ops, event, turn in DECISION_CASES:
        program += [
            f"auction.turn = {json.dumps(turn)};",
            f"var ops = new Proxy({{}}, {{get: (_, name) => () => ({json.dumps(ops)})[name] ?? null}});",
            f"defs = new Proxy({{}}, {{get: (_, name) => () => ({json.dumps(ops)})[name] ?? null}});",
            f"out.push(decide_call_kind({{data: {json.dumps(event)}}}));",
        ]
        data = {**board, "auction": {"turn": turn}, "event": event, "ops": ops}
        rows = decision["rows"]
        while True:  # the first row that holds decides; its own rows, or the rows after it
            row = next(r for r in rows if "when" not in r or reference(r["when"], data))
            if "then" in row:
                expected.append(row["then"])
                break
            rows = row["rows"]
    program.append("console.log(JSON.stringify(out));")
    path = tmp_path / "decide.js"
    path.write_text("\n".join(program), encoding="utf-8")
    result = subprocess.run([node, str(path)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == expected
    assert len(set(expected)) == len(expected)  # each case reaches another outcome


def test_the_snapshot_keys_the_export_gives_an_expression_for_agree_with_the_board(portable_corpus):
    """What the export says a snapshot key is (its expression over the context) is what the board
    gives, at every step of every scenario; and an irregularity's law is the law of its kind."""
    from fsm.bridge.context import CONTEXT

    spec = to_dict()
    computed = {x["key"]: CONTEXT.compile(x["expr"]) for x in spec["snapshot"] if "expr" in x}
    assert {"turn", "state", "declarer", "lead_constraints", "reviews"} <= set(computed)
    kinds = {k["name"]: k["law"] for k in spec["kinds"]}
    compared = 0
    for path in sorted(portable_corpus.glob("*--*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        board = Board(**doc["setup"])
        for step in doc["steps"]:
            ((name, args),) = step["event"].items()
            if "refused" in step:
                continue
            board.apply(name, args)
            snapshot = board.snapshot()
            for key, get in computed.items():
                assert json.loads(json.dumps(get(board.table, None))) == snapshot[key], (doc["id"], key)
                compared += 1
            if snapshot["irregularity"]:
                assert snapshot["irregularity"]["law"] == kinds[snapshot["irregularity"]["kind"]], doc["id"]
    assert compared > 10_000
