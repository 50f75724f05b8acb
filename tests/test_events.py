"""The event vocabulary is declared once: the Board's methods, the argument checks and the
README's table all come from it."""

import inspect
import re
from pathlib import Path

import pytest

from fsm import Board, InputError
from fsm.bridge.events import EVENTS, PLAYER_EVENTS, SPECS, markdown_table, parse_event


def test_the_readme_event_table_is_written_from_the_declarations():
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    assert markdown_table() in readme


@pytest.mark.parametrize("spec", [s for s in SPECS if not s.internal], ids=lambda s: s.name)
def test_each_event_is_a_board_method_with_its_declared_arguments(spec):
    method = getattr(Board, spec.name)
    params = list(inspect.signature(method).parameters)
    assert params == ["self", *(a.name for a in spec.args), "lang"]
    for arg in spec.args:
        default = inspect.signature(method).parameters[arg.name].default
        assert (default is inspect.Parameter.empty) is (arg.required and not spec.one_of)


def test_the_typed_constructors_and_methods_are_written_from_the_declarations():
    """fsm/bridge/makers.py is source written from the declarations, never edited by hand nor made at
    import: the file is what the declarations write, and nothing in the package executes text."""
    from fsm.bridge.events import MAKERS_PATH, formatted_makers

    assert MAKERS_PATH.read_text(encoding="utf-8") == formatted_makers(), "run `make docs`"
    package = Path(__file__).parent.parent / "fsm"
    for path in package.rglob("*.py"):
        assert not re.search(r"\b(exec|eval)\(", path.read_text(encoding="utf-8")), path


def test_a_missing_required_argument_of_a_method_is_refused_in_both_languages():
    board = Board()
    with pytest.raises(InputError) as err:
        board.call("N", None)  # type: ignore[arg-type]
    assert err.value.details["key"] == "call" and "« call »" in err.value.message_fr
    assert board.events == []


def test_internal_events_are_not_for_players():
    for name in ("auction_ends", "call_stands"):
        assert EVENTS[name].internal and name not in PLAYER_EVENTS
        with pytest.raises(InputError):
            parse_event(name, {})


@pytest.mark.parametrize(("name", "args", "key"), [
    ("call", {"seat": 3, "call": "1H"}, "seat"),
    ("call", {"seat": "N", "call": ["1H"]}, "call"),
    ("call", {"seat": "N", "call": "1H", "artificial": "yes"}, "artificial"),
    ("call", {"seat": "N", "call": "1H", "specifies": 7}, "specifies"),
    ("expose", {"seat": "N", "cards": []}, "cards"),
    ("expose", {"seat": "N", "cards": {"S": "A"}}, "cards"),
    ("lead", {"seat": "N", "card": 12}, "card"),
    ("prohibit", {"seat": "N", "suit": "NT"}, "suit"),
    ("judge", {"comparable": True, "unintended": False}, "judge"),
    ("judge", {}, "judge"),
    ("call", {"seat": "N"}, "call"),
    ("call", {"seat": "N", "call": "1H", "alert": True}, "alert"),
    ("call", ["N", "1H"], "call"),
])  # fmt: skip
def test_a_malformed_argument_is_an_input_error_naming_it(name, args, key):
    board = Board()
    before = board.snapshot()
    with pytest.raises(InputError) as err:
        board.apply(name, args)
    assert err.value.details["key"] == key
    assert re.search(r"[«»]", err.value.message_fr) and "'" in err.value.message_en
    assert board.snapshot() == before and board.events == []


def test_the_log_keeps_pbn_tokens_whatever_the_language():
    board = Board()
    board.call("N", "1SA", lang="fr")
    board.call("E", "Contre", lang="fr")
    assert board.events == [{"call": {"seat": "N", "call": "1NT"}}, {"call": {"seat": "E", "call": "X"}}]


@pytest.mark.parametrize("cards", [["S5", "S5"], "SK S5 ♠R", ["♥10", "HT"]])
def test_a_card_named_twice_in_one_exposure_is_refused(cards):
    """One card shown is one card (50B): the same card twice is a slip of the input, never two penalty cards."""
    board = Board(dealer="N")
    board.calls("1H Pass Pass Pass")
    before = board.snapshot()
    with pytest.raises(InputError) as err:
        board.expose("E", cards)
    assert err.value.details["key"] == "cards" and "deux fois" in err.value.message_fr
    assert board.snapshot() == before
