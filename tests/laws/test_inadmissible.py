"""36-39: none may be accepted; after a pass-out a late call is simply cancelled (39A)."""

import pytest

from fsm import Board, IllegalEvent


@pytest.mark.parametrize(("calls", "seat", "call", "state"), [
    ("1H", "E", "XX", "auction.inadmissible_double"),
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
