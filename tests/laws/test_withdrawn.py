"""16C, 23, 26: what a withdrawn call leaves behind, and the shared replacement and ruling states."""

import itertools

import pytest

from fsm import Board, FsmError
from fsm.bridge.calls import Seat
from fsm.bridge.events import EVENTS, PLAYER_EVENTS
from fsm.bridge.table import suits_open
from fsm.model.machine import states


def test_suits_open_are_those_not_specified_in_the_legal_auction():
    board = Board()
    board.calls("1H 1S 2H")
    board.call("W", "3C", artificial=True, specifies=["D", "S"])
    assert [s.value for s in suits_open(board.table, Seat.W)] == ["C", "H"]
    assert [s.value for s in suits_open(board.table, Seat.E)] == ["C", "D", "H"]


def test_restriction_falls_when_the_offender_becomes_declarer():
    board = Board()
    board.call("N", "1H")
    board.call("E", "1D")
    board.refuse("S")
    board.call("E", "2S", comparable=False)
    assert board.snapshot()["lead_restrictions"] == [{"seat": "W", "law": "26B", "suits": ["C", "D", "H"]}]
    board.calls("Pass Pass Pass")  # East's 2S is the contract: East declares
    assert board.snapshot()["declarer"] == "E"
    assert board.snapshot()["lead_restrictions"] == []


WAITING = {
    "insufficient": ("1H", [("call", {"seat": "E", "call": "1D"})]),
    "replacement": ("1H", [("call", {"seat": "E", "call": "1D"}), ("refuse", {"seat": "S"})]),
    "ruling": ("1H", [("call", {"seat": "E", "call": "1D"}), ("refuse", {"seat": "S"}), ("call", {"seat": "E", "call": "3D"})]),
    "pass_oot": ("1H", [("call", {"seat": "S", "call": "Pass"})]),
    "bid_oot": ("1H", [("call", {"seat": "W", "call": "1S"})]),
    "double_oot": ("1H", [("call", {"seat": "W", "call": "X"})]),
    "change": ("1H", [("substitute", {"seat": "N", "call": "1S"})]),
    "intended": ("1H", [("substitute", {"seat": "N", "call": "1S"}), ("judge", {"unintended": False})]),
    "inadmissible": ("1H", [("call", {"seat": "E", "call": "XX"})]),
    "above_seven": ("1H", [("call", {"seat": "E", "call": "8C"})]),
}  # fmt: skip

SAMPLE_ARGS = {
    "call": [{"seat": s, "call": c} for s in "NESW" for c in ("Pass", "1C", "2D", "X", "XX")],
    "substitute": [{"seat": s, "call": "2S"} for s in "NESW"],
    "judge": [{k: v} for k in ("comparable", "unintended", "could_see_dummy", "misinformation") for v in (True, False)],
    "expose": [{"seat": "E", "cards": ["SA"]}],
    "lead": [{"seat": s, "card": "SA"} for s in "NESW"],
    "prohibit": [{"seat": "N", "suit": "S"}],
    "require": [{"seat": "N", "suit": "S"}],
}


def _board(name):
    calls, events = WAITING[name]
    board = Board()
    board.calls(calls)
    for event, args in events:
        board.apply(event, args)
    return board


@pytest.mark.parametrize("name", WAITING)
def test_waiting_state_names_its_option_holder(name):
    board = _board(name)
    assert states()[board.state].waiting
    assert board.options(), f"{board.state} offers no option"


@pytest.mark.parametrize("name", WAITING)
def test_no_refused_event_changes_a_waiting_state(name):
    for event in PLAYER_EVENTS:
        for args in SAMPLE_ARGS.get(event, [{"seat": s} for s in "NESW"] if "seat" in EVENTS[event].required else [{}]):
            board = _board(name)
            before = board.snapshot()
            try:
                board.apply(event, args)
            except FsmError:
                assert board.snapshot() == before, (name, event, args)


def test_every_event_in_every_waiting_state_replays():
    for name, event in itertools.product(WAITING, PLAYER_EVENTS):
        board = _board(name)
        for args in SAMPLE_ARGS.get(event, [{"seat": "S"}] if "seat" in EVENTS[event].required else [{}]):
            try:
                board.apply(event, args)
            except FsmError:
                continue
        assert Board.replay(board.record()).snapshot() == board.snapshot()
