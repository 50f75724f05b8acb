"""36-39: none may be accepted; after a pass-out a late call is simply cancelled (39A)."""

import pytest

from fsm import Board, IllegalEvent


@pytest.mark.parametrize(("calls", "seat", "call", "state"), [
    ("1H", "E", "XX", "auction.inadmissible_double.offered"),
    ("1H", "E", "8H", "auction.bid_above_seven"),
])  # fmt: skip
def test_no_acceptance(calls, seat, call, state):
    board = Board()
    board.calls(calls)
    board.call(seat, call)
    assert board.state == state
    with pytest.raises(IllegalEvent):
        board.accept("S")


def test_call_after_pass_out_cancelled_39A():
    board = Board()
    board.calls("Pass Pass Pass Pass")
    board.call("S", "1C")
    snap = board.snapshot()
    assert snap["cancelled"] == ["S:1C"] and snap["rulings"] == ["39A"] and snap["state"] == "passed_out"


def test_pending_double_withdrawn_by_a_later_change_is_dropped():
    board = Board()
    board.calls("1H Pass")
    board.call("S", "X")  # doubling partner: inadmissible
    board.call("W", "Pass")  # the LHO calls over it: pending
    board.substitute("S", "2H")
    board.judge(unintended=True)
    board.director()  # nothing left to cancel: the double was withdrawn under 25A
    snap = board.snapshot()
    assert snap["pending"] == [] and snap["auction"] == ["N:1H", "E:Pass", "S:2H", "W:Pass"]
    assert snap["rulings"] == ["25A", "36A"]
