"""The guards the export states as data tests (JsonLogic over the data view) say exactly what the
Python guards say, at every event of the corpus."""

from fsm import Board
from fsm.laws.classify import classify
from fsm.scenario import apply_event, corpus_files, load
from fsm.spec import condition_of, name_of
from fsm.view import data_view


def logic(rule, data):
    """The part of JsonLogic the export uses: var, ==, !, and."""
    if not isinstance(rule, dict):
        return rule
    ((op, args),) = rule.items()
    if op == "var":
        value = data
        for part in args.split("."):
            value = value.get(part) if isinstance(value, dict) else None
        return value
    if op == "==":
        return logic(args[0], data) == logic(args[1], data)
    if op == "!":
        return not logic(args, data)
    if op == "and":
        return all(logic(a, data) for a in args)
    raise AssertionError(f"operator {op} is not in the documented subset")


def test_every_data_test_agrees_with_its_guard_over_the_corpus():
    from fsm.events import parse_event

    checked = set()
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
                        event.classification = classify(board.table, event.seat, event.call, event.artificial)
                    data = data_view(board.table, event)
                    for rule in board.engine.candidates(board.state, name):
                        for g in rule.guards:
                            if condition_of(g) is not None:
                                assert logic(condition_of(g), data) == bool(g(board.table, event)), (s.id, name_of(g))
                                checked.add(name_of(g))
                if "rejected" not in entry:
                    apply_event(board, entry)
    assert len(checked) >= 20, sorted(checked)
