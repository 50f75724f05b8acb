"""Every guard's exported expression, evaluated by a separate interpreter over the JSON form of the
board context, says what the machine's compiled guard says, at every event of the corpus."""

import json

import pytest

from fsm import Board
from fsm.bridge.context import CONTEXT
from fsm.interop.export import to_json
from fsm.interop.view import data_view
from fsm.laws.classify import KIND, classify
from fsm.laws.spec import REGISTRY, condition_of, name_of
from fsm.model.machine import default_engine
from fsm.model.scenario import apply_event, corpus_files, load


def truthy(value):
    """JsonLogic's truth: an empty array is false, as are null, false, 0 and ""."""
    return bool(value)


_DEFINITIONS: dict = {}


def definitions():
    """The export's definitions by name, read from its JSON (not from fsm.engine)."""
    if not _DEFINITIONS:
        _DEFINITIONS.update({d["name"]: d for d in json.loads(to_json())["context"]["definitions"]})
    return _DEFINITIONS


_NO_ITEM = object()  # outside an array operation (an item may itself be null)


def logic(rule, data, table, event, item=_NO_ITEM, frame=None):
    """A tree-walking JsonLogic interpreter, written apart from fsm.engine: the builtins the export
    documents, its definitions (``frame``: the arguments of the one being valued), and the host
    operators called with JSON values."""
    if isinstance(rule, list):
        return [logic(x, data, table, event, item, frame) for x in rule]
    if not isinstance(rule, dict):
        return rule
    ((op, args),) = rule.items()
    args = args if isinstance(args, list) else [args]

    def ev(x, it=item):
        return logic(x, data, table, event, it, frame)

    if op == "arg":
        return frame[args[0]]

    if op == "var" and item is not _NO_ITEM:
        value = item
        for part in filter(None, str(args[0]).split(".")):
            value = value.get(part) if isinstance(value, dict) else None
        return value
    if op in ("var", "ctx"):
        assert args[0] in data, f"the context has no variable {args[0]}"
        return data[args[0]]
    if op == "and":
        value = True
        for a in args:
            value = ev(a)
            if not truthy(value):
                return value
        return value
    if op == "or":
        value = False
        for a in args:
            value = ev(a)
            if truthy(value):
                return value
        return value
    if op == "if":
        for i in range(0, len(args) - 1, 2):
            if truthy(ev(args[i])):
                return ev(args[i + 1])
        return ev(args[-1]) if len(args) % 2 else None
    if op in ("some", "none", "all", "filter", "map", "count", "first", "last", "after", "before", "reverse"):
        items = ev(args[0]) or []
        if op == "reverse":
            return items[::-1]
        if op in ("after", "before"):
            i = next((i for i, x in enumerate(items) if truthy(ev(args[1], x))), None)
            return [] if i is None else items[i + 1 :] if op == "after" else items[:i]
        if op in ("count", "first", "last") and len(args) == 1:
            return len(items) if op == "count" else (items[0 if op == "first" else -1] if items else None)
        if op == "map":
            return [ev(args[1], x) for x in items]
        hits = [x for x in items if truthy(ev(args[1], x))]
        return {
            "some": bool(hits),
            "none": not hits,
            "all": bool(items) and len(hits) == len(items),
            "filter": hits,
            "count": len(hits),
            "first": hits[0] if hits else None,
            "last": hits[-1] if hits else None,
        }[op]
    values = [ev(a) for a in args]
    if op in definitions():
        d = definitions()[op]
        return logic(d["expr"], data, table, event, _NO_ITEM, dict(zip(d["params"], values, strict=True)))
    if op in ("+", "-"):
        if any(not isinstance(v, (int, float)) or isinstance(v, bool) for v in values):
            return None
        return sum(values) if op == "+" else (values[0] - values[1] if len(values) == 2 else -values[0])
    if op == "==":
        return values[0] == values[1]
    if op == "!=":
        return values[0] != values[1]
    if op == "!":
        return not truthy(values[0])
    if op == "!!":
        return truthy(values[0])
    if op in ("<", "<=", ">", ">="):
        a, b = values[0], values[1]
        if a is None or b is None:
            return False
        return {"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}[op]
    if op == "in":
        return values[1] is not None and values[0] in values[1]
    host = CONTEXT.operators[op]
    result = host.fn(table, event, *values)
    return json.loads(json.dumps(result))


def decide(rows, data, table, event, path=()):
    """A decision table read as docs/decisions.md says, apart from fsm.engine: the first row whose
    condition holds decides, by its outcome or its own rows; rows none of which holds decide nothing."""
    for i, row in enumerate(rows, 1):
        if row.when is not None and not truthy(logic(row.when, data, table, event)):
            continue
        if not row.rows:
            return row.then, (*path, i)
        found = decide(row.rows, data, table, event, (*path, i))
        if found[0] is not None:
            return found
    return None, ()


def test_every_guard_and_holder_of_the_export_carries_an_expression():
    spec = json.loads(to_json())
    guards = [g for r in spec["rules"] for g in r["guards"]] + spec["holders"]
    named = {o["holder"] for opts in spec["options"].values() for o in opts if o["holder"]}
    assert named == {h["name"] for h in spec["holders"]}
    assert guards
    assert [g["name"] for g in guards if "test" not in g] == []
    documented = {v["name"] for v in spec["context"]["variables"]}
    for g in guards:
        assert CONTEXT.reads(g["test"]) <= documented, g["name"]
        assert CONTEXT.uses(g["test"]) <= {o["name"] for o in spec["context"]["operators"]}, g["name"]
        assert CONTEXT.calls(g["test"]) <= {d["name"] for d in spec["context"]["definitions"]}, g["name"]


@pytest.mark.parametrize("op", sorted(CONTEXT.operators))
def test_each_operator_documents_an_example_it_satisfies(op):
    """Examples that need no board (the context column empty) are checked on an empty board."""
    operator = CONTEXT.operators[op]
    assert operator.doc and operator.examples
    board = Board(dealer="N")
    for expr, context, value in operator.examples:
        if context == "":
            assert json.loads(json.dumps(CONTEXT.compile(expr)(board.table, None))) == value, expr


def test_the_operators_examples_with_a_board_hold_on_that_board():
    board = Board(dealer="N")
    board.calls("1NT")
    ask = lambda expr: CONTEXT.compile(expr)(board.table, None)  # noqa: E731
    assert ask({"sufficient": "2C"}) and not ask({"sufficient": "1NT"})
    assert ask({"lowest_sufficient": "2H"}) and not ask({"lowest_sufficient": "3H"})
    assert ask({"has_called": "N"}) and not ask({"has_called": "E"})
    board.calls("1S")
    assert ask({"partner_silent": "N"}) and not ask({"partner_silent": "S"})


def test_every_guard_and_holder_agrees_with_its_expression_over_the_json_context_across_the_corpus():
    from fsm.bridge.events import parse_event

    checked, decided = set(), set()
    holders = {o.holder for opts in default_engine().options.values() for o in opts if o.holder is not None}
    for path in corpus_files():
        for s in load(path):
            board = Board(dealer=s.dealer, vulnerable=s.vulnerable, settings=s.settings,
                          cards_in_board=s.cards_in_board)  # fmt: skip
            for entry in s.events:
                event_entry = entry["rejected"]["event"] if "rejected" in entry else entry
                ((name, args),) = event_entry.items()
                if name != "calls":
                    event = parse_event(name, args)
                    if name == "call" and board.state == "auction.calling":
                        undecided = data_view(board.table, event)
                        kind, path = decide(KIND.rows, undecided, board.table, event)
                        event.kind = classify(board.table, event.seat, event.call, event.artificial).kind.name.lower()
                        assert kind == event.kind, (s.id, path)
                        decided.add(path)
                    data = data_view(board.table, event)
                    for h in holders:
                        seats = h(board.table)
                        got = logic(condition_of(h), data, board.table, None)
                        # ``true``: offered now to no seat (the Director's), as a holder's seats say it
                        assert (None if got is True else got) == seats, (s.id, name_of(h))
                    for rule in board.engine.candidates(board.state, name):
                        for g in rule.guards:
                            expected = bool(g(board.table, event))
                            got = truthy(logic(condition_of(g), data, board.table, event))
                            assert got == expected, (s.id, name_of(g))
                            checked.add(name_of(g))
                if "rejected" not in entry:
                    apply_event(board, entry)
    everywhere = {n for n, fn in REGISTRY.by_name.items() if getattr(fn, "fsm_kind", None) == "guard"}
    assert len(checked) >= len(everywhere) // 2, sorted(everywhere - checked)
    # every row of the classification decides some call of the corpus: none is dead or untested
    assert decided == set(KIND.paths()), sorted(set(KIND.paths()) - decided)
