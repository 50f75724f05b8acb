"""The generic effect engine (fsm.engine.effects) on a toy record that knows no bridge, and the
bridge's actions as effects: each says what the law it applies changes on the board."""

import json

import pytest

from fsm.engine import ExpressionError, Vocabulary
from fsm.engine.effects import EffectVocabulary, Param
from fsm.interop.export import to_dict


def toy() -> EffectVocabulary:
    v = Vocabulary()
    v.variable("shelf.books", "string[]", "the books on the shelf")(lambda r, e: r["books"])
    v.variable("shelf.size", "integer", "how many books it holds")(lambda r, e: r["size"])
    v.variable("event.title", "string", "the book handed over")(lambda r, e: e)
    fx = EffectVocabulary(v)

    @fx.effect("put", "a book on the shelf", (Param("title", "which book", {"var": "event.title"}),))
    def put(r, e, title):
        r["books"].append(title)

    @fx.effect("sort", "the shelf sorted", (Param("order", "which way", "up", kind="name", choices=("up", "down")),))
    def sort(r, e, order):
        r["books"].sort(reverse=order == "down")

    @fx.effect("log", "a line in the log", (Param("line", "what", kind="fields"),))
    def log(r, e, line):
        r.setdefault("log", []).append(line)

    return fx


def run(effects, record=None, event="Zola"):
    record = record if record is not None else {"books": ["Hugo"], "size": 3}
    toy().compile(effects)(record, event)
    return record


def test_effects_run_in_order_and_read_the_record_as_the_previous_ones_left_it():
    record = run([{"put": {}}, {"log": {"line": {"n": {"count": [{"var": "shelf.books"}]}}}}])
    assert record["books"] == ["Hugo", "Zola"]  # the default: the event's book
    assert record["log"] == [{"n": 2}]  # counted after the put


def test_if_each_and_with():
    record = run(
        [
            {"if": [{"<": [{"count": [{"var": "shelf.books"}]}, {"var": "shelf.size"}]}, [{"put": {}}], []]},
            {"each": [["Balzac", "Camus"], [{"put": {"title": {"var": ""}}}]]},
            {"with": [{"first": [{"var": "shelf.books"}]}, [{"log": {"line": {"first": {"var": ""}}}}]]},
            {"sort": {"order": "down"}},
        ]
    )
    assert record["books"] == ["Zola", "Hugo", "Camus", "Balzac"]
    assert record["log"] == [{"first": "Hugo"}]
    full = run([{"if": [False, [{"put": {}}], [{"sort": {}}]]}], {"books": ["b", "a"], "size": 2})
    assert full["books"] == ["a", "b"]


@pytest.mark.parametrize(
    ("effects", "message"),
    [
        ([{"burn": {}}], "unknown effect 'burn'"),
        ([{"put": {"colour": "red"}}], "no parameter 'colour'"),
        ([{"sort": {"order": "sideways"}}], "one of up, down"),
        ([{"put": {"title": {"var": "shelf.colour"}}}], "unknown variable 'shelf.colour'"),
        ([{"if": [True]}], "'if' takes"),
        ({"put": {}}, "a list of effects"),
        ([{"put": {}, "sort": {}}], "not an effect"),
    ],
)
def test_a_bad_action_is_refused_when_compiled(effects, message):
    with pytest.raises(ExpressionError, match=message):
        toy().compile(effects)


def test_what_an_action_reads_and_uses():
    fx = toy()
    effects = [{"each": [{"var": "shelf.books"}, [{"put": {"title": {"var": "title"}}}]]}, {"sort": {}}]
    assert fx.reads(effects) == {"shelf.books"}  # `title` is a field of the item
    assert fx.uses(effects) == {"put", "sort"}


# --- the bridge's actions --------------------------------------------------------------------------
def _actions():
    spec = to_dict()
    return {a["name"]: a for r in spec["rules"] for a in r["actions"]}


def test_every_action_is_a_list_of_effects_in_the_export():
    actions = _actions()
    assert len(actions) > 90
    assert [name for name, a in actions.items() if "effects" not in a] == []
    assert json.loads(json.dumps(actions)) == actions  # plain JSON


def test_27B2_bars_partner_for_the_rest_of_the_auction_and_restricts_his_lead():
    effects = _actions()["apply_27B2"]["effects"]
    partner = {"partner": [{"var": "irregularity.offender"}]}
    bar = {
        "append": {
            "to": "obligations",
            "fields": {"seat": partner, "kind": "pass_rest", "law": "27B2", "call": None, "n": None},
            "unless_same": ["seat", "kind"],
        }
    }
    assert bar in effects
    restriction = next(x["append"] for x in effects if x.get("append", {}).get("to") == "lead_restrictions")
    assert restriction["fields"]["seat"] == partner and restriction["fields"]["law"] == "26B"
    assert {"append": {"to": "reviews", "value": "72C", "unless_same": []}} in effects  # 72C


def test_a_refusal_names_its_law_in_the_effects():
    (refuse,) = _actions()["refuse_replacement"]["effects"]
    assert refuse["refuse"]["law"] == "27B"
    assert "légale" in refuse["refuse"]["fr"] and "legal" in refuse["refuse"]["en"]


def test_every_effect_of_the_export_is_documented_with_its_parameters():
    spec = to_dict()
    declared = {x["name"]: {p["name"] for p in x["params"]} for x in spec["effects"]["effects"]}

    def walk(effects):
        for eff in effects:
            ((name, args),) = eff.items()
            if name in spec["effects"]["control"]:
                for branch in args[1:]:
                    yield from walk(branch)
            else:
                assert name in declared, name
                assert set(args) <= declared[name], (name, args)
                yield name

    used = {n for a in _actions().values() for n in walk(a["effects"])}
    assert used == set(declared)  # every effect is used, and none is used undeclared


def _appends(effects):
    for e in effects:
        ((name, args),) = e.items()
        if name == "if":
            for branch in args[1:]:
                yield from _appends(branch)
        elif name in ("each", "with"):
            yield from _appends(args[1])
        elif name == "append" and "fields" in args:
            yield args


def test_every_append_of_the_export_gives_each_field_its_collection_declares():
    """An item added field by field has every field `table.<to>` declares, but those it declares optional,
    and no other: an implementation that stores the item as the export writes it reads what Python reads."""
    from fsm.interop.export import to_dict

    spec = to_dict()
    declared = {v["name"]: v for v in spec["context"]["variables"]}
    seen = set()
    for rule in spec["rules"]:
        for action in rule["actions"]:
            for append in _appends(action["effects"]):
                v = declared[f"table.{append['to']}"]
                given = set(append["fields"])
                assert set(v["items"]) - set(v.get("optional", ())) <= given <= set(v["items"]), (rule["id"], append)
                seen.add(append["to"])
    assert {"held", "deferred", "pending", "obligations", "lead_constraints"} <= seen


def test_an_append_that_leaves_out_a_declared_field_is_refused_when_it_is_written():
    from fsm.bridge.effects import e_append

    with pytest.raises(ValueError, match="'seat'"):
        e_append("held", n=1, source="N:1H", turn="E")
    with pytest.raises(ValueError, match="does not declare"):
        e_append("held", n=1, seat="N", source="N:1H", turn="E", colour="red")
    assert e_append("obligations", seat="S", kind="pass_rest", law="27B2")["append"]["fields"]["call"] is None
