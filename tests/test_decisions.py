"""Decision tables and triggers (fsm.engine.decisions): the generic semantics on a toy vocabulary
that knows no bridge, then the bridge's own tables read from the export, not from the Python."""

import contextlib
import json

import pytest

from fsm import Board
from fsm.bridge.errors import IllegalEvent, InputError, SpecError
from fsm.engine import Vocabulary
from fsm.engine.decisions import Decision, Row, Trigger
from fsm.interop.export import from_json, to_dict

# --- the generic engine ---------------------------------------------------------------------------


def toy() -> Vocabulary:
    v = Vocabulary()
    v.variable("age", "integer", "the reader's age")(lambda r, e: r["age"])
    v.variable("member", "boolean", "a member of the library")(lambda r, e: r["member"])
    v.variable("shelf", "string|null", "the shelf decided", set=lambda r, e, value: r.update(shelf=value))(
        lambda r, e: r.get("shelf")
    )
    return v


SHELVES = Decision(
    "shelf", "open", "visit", "1", "rayon", "shelf",
    (
        Row("1", "enfant", "child", {"<": [{"var": "age"}, 12]}, "children"),
        Row("2", "membre", "member", {"var": "member"}, rows=(
            Row("2a", "membre âgé", "older member", {">": [{"var": "age"}, 60]}, "large_print"),
        )),
        Row("3", "sinon", "otherwise", then="general"),
    ),
    ("children", "large_print", "general"),
)  # fmt: skip


@pytest.mark.parametrize(
    ("age", "member", "shelf", "path"),
    [
        (8, True, "children", (1,)),  # the first row that holds decides, whatever comes after
        (70, True, "large_print", (2, 1)),  # a row's own table decides
        (30, True, "general", (3,)),  # its rows decide nothing: the next row of the table is tried
        (70, False, "general", (3,)),
    ],
)
def test_the_first_row_that_holds_decides(age, member, shelf, path):
    record = {"age": age, "member": member}
    assert SHELVES.compile(toy())(record, None) == shelf
    assert SHELVES.explain(toy(), record, None) == (shelf, path)


def test_a_decision_round_trips_through_its_json_form():
    data = json.loads(json.dumps(SHELVES.to_data()))
    assert Decision.from_data(data) == SHELVES
    assert "when" not in data["rows"][2] and data["rows"][1]["rows"][0]["then"] == "large_print"
    assert SHELVES.paths() == [(1,), (2, 1), (3,)]
    trigger = Trigger("open", {"var": "member"}, "close", "1", "fin", "end")
    assert Trigger.from_data(json.loads(json.dumps(trigger.to_data()))) == trigger


def test_a_table_that_may_decide_nothing_or_an_undeclared_outcome_is_a_problem():
    open_ended = Decision(
        "shelf", "open", "visit", "1", "r", "s", (Row("1", "a", "a", {"var": "member"}, "general"),), ("general",)
    )
    assert any("last row" in p for p in open_ended.problems())
    stray = Decision("shelf", "open", "visit", "1", "r", "s", (Row("1", "a", "a", then="attic"),), ("general",))
    assert any("undeclared outcome 'attic'" in p for p in stray.problems())
    both = Decision("shelf", "open", "visit", "1", "r", "s", (Row("1", "a", "a", then="general", rows=(Row("1", "b", "b", then="general"),)),), ("general",))  # fmt: skip
    assert any("not both" in p for p in both.problems())
    assert SHELVES.problems() == []


# --- the bridge's tables, run from the export -----------------------------------------------------


def _engine(change):
    spec = to_dict()
    change(spec)
    return from_json(json.dumps(spec))


def test_the_end_of_the_auction_is_the_trigger_of_the_export():
    board = Board(dealer="N")
    board.calls("1H Pass Pass Pass")
    assert board.state.startswith("clarification")  # 22A
    silent = Board(dealer="N", engine=_engine(lambda spec: spec["triggers"].clear()))
    silent.calls("1H Pass Pass Pass")
    assert silent.state == "auction.calling"  # no trigger, no end: the engine has no rule of its own


def test_the_classification_is_the_decision_table_of_the_export():
    def no_pass_out_of_rotation(spec):
        (kind,) = [d for d in spec["decisions"] if d["name"] == "call.kind"]
        kind["rows"] = [r for r in kind["rows"] if r.get("then") != "pass_out_of_rotation"]

    board = Board(dealer="N")
    board.call("N", "1H")
    board.call("W", "Pass")  # at East's turn: a pass out of rotation, Law 30
    assert board.state == "auction.pass_out_of_rotation"
    changed = Board(dealer="N", engine=_engine(no_pass_out_of_rotation))
    changed.call("N", "1H")
    changed.call("W", "Pass")  # the row removed, the pass falls to the next row: Law 31
    assert changed.state == "auction.bid_out_of_rotation"


def test_a_decision_the_context_cannot_set_or_a_trigger_no_rule_takes_is_refused():
    def unsettable(spec):
        spec["decisions"][0]["name"] = "auction.turn"

    def untaken(spec):
        spec["triggers"][0]["raise"] = "call_stands"
        spec["triggers"][0]["state"] = "board"

    with pytest.raises(SpecError, match="may set"):
        _engine(unsettable)
    with pytest.raises(SpecError, match="no rule takes"):
        _engine(untaken)


def test_a_call_after_the_auction_is_not_classified_by_the_auction_table():
    board = Board(dealer="N")
    board.calls("1H Pass Pass Pass")
    board.call("S", "1S")  # 39: after the final pass, whatever its kind in the auction would have been
    assert board.state == "clarification.call_after_final_pass"
    assert board.snapshot()["irregularity"]["kind"] == "after_final_pass"


def test_a_table_specialised_on_a_variable_decides_as_the_generic_one_and_asks_less():
    from fsm.engine.decisions import _fold, _prune

    v = toy()
    specialised = SHELVES._replace(specialize=("age",)).compile(v)
    generic = SHELVES.compile(v)
    for age in (5, 12, 30, 61, 80):
        for member in (True, False):
            record = {"age": age, "member": member}
            assert specialised(record, None) == generic(record, None)
    # a child: the first row always holds, nothing after it is kept
    assert [r.then for r in _prune(SHELVES.rows, {"age": 8}, v)] == ["children"]
    # a reader of 30: the child row never holds, the member's one row neither, and its group goes
    assert [r.then for r in _prune(SHELVES.rows, {"age": 30}, v)] == ["general"]
    # JsonLogic's value is kept: a known operand that decides ends an `and`, one that does not goes
    assert _fold({"and": [{"var": "member"}, {">": [{"var": "age"}, 60]}]}, {"age": 70}, v) == {
        "and": [{"var": "member"}, True]
    }
    assert _fold({"and": [{">": [{"var": "age"}, 60]}, {"var": "member"}]}, {"age": 70}, v) == {"var": "member"}
    assert _fold({"or": [{"var": "member"}, {"<": [{"var": "age"}, 12]}, {"var": "member"}]}, {"age": 70}, v) == {
        "or": [{"var": "member"}, {"var": "member"}]
    }


def test_the_classification_specialised_by_call_decides_as_the_generic_table_on_random_boards():
    import random

    from fsm.bridge.calls import Seat, parse_call
    from fsm.bridge.context import CONTEXT
    from fsm.bridge.events import Event
    from fsm.laws.classify import KIND
    from tests.randomplay import random_event

    generic = KIND._replace(specialize=()).compile(CONTEXT)
    specialised = KIND.compile(CONTEXT)
    rng = random.Random(22)
    tokens = ["Pass", "X", "XX", "8C", *(f"{lvl}{s}" for lvl in range(1, 8) for s in ("C", "D", "H", "S", "NT"))]
    asked = 0
    for _ in range(150):
        board = Board(dealer=rng.choice("NESW"))
        for _ in range(rng.randrange(1, 14)):
            if board.state == "auction.calling":
                for seat in Seat:
                    call = parse_call(rng.choice(tokens))
                    event = Event("call", {}, seat=seat, call=call, artificial=rng.random() < 0.2)
                    assert specialised(board.table, event) == generic(board.table, event)
                    asked += 1
            with contextlib.suppress(InputError, IllegalEvent):  # a refused event leaves the board as it was
                board.apply(*random_event(board, rng))
    assert asked > 1000
