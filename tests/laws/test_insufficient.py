"""27A1: the offender's LHO may accept an insufficient bid, outright or by calling."""

import pytest

from fsm import Board, IllegalEvent
from fsm.bridge.calls import Seat


def test_insufficient_bid_accepted_stands_and_counts():
    board = Board()
    board.calls("1H")
    board.call("E", "1D")
    assert board.snapshot()["auction"] == ["N:1H"]
    board.accept("S")
    snap = board.snapshot()
    assert snap["auction"] == ["N:1H", "E:1D"] and snap["turn"] == "S" and snap["rulings"] == ["27A1"]


def test_only_the_lho_may_accept():
    board = Board()
    board.calls("1H")
    board.call("E", "1D")
    for seat in "NEW":
        with pytest.raises(IllegalEvent) as err:
            board.accept(seat)
        assert err.value.law == "27A1"


def test_acceptance_by_calling_then_that_call_is_itself_classified():
    board = Board()
    board.calls("1H")
    board.call("E", "1D")
    steps = board.call("S", "1C")  # over the accepted 1D, 1C is insufficient in its turn
    assert [s.law for s in steps] == ["27A1", "18D"]
    assert board.state == "auction.insufficient_bid.offered"
    assert board.snapshot()["irregularity"]["source"] == "S:1C"


def test_an_insufficient_repeat_fulfils_the_obligation_to_repeat_31A1():
    board = Board(dealer="S")
    board.calls("1H")
    board.call("N", "1D")  # out of rotation and insufficient: Law 31 (27A2)
    board.refuse("E")
    board.call("W", "Pass")  # 31A1: North must repeat 1D
    assert board.snapshot()["obligations"] == [{"seat": "N", "kind": "repeat_call", "law": "31A1"}]
    steps = board.call("N", "1D")  # the repeat, insufficient in turn: Law 27 afresh
    assert [s.law for s in steps] == ["31A1"] and board.snapshot()["obligations"] == []
    board.refuse("E")
    board.call("N", "2D")  # 27B1(a)
    assert board.snapshot()["obligations"] == [] and board.state == "auction.calling"


# 27B3: an attempt to replace by a double or redouble, even one Law 19 forbids, is recorded and cancelled.
@pytest.mark.parametrize(
    ("calls", "offender", "insufficient", "attempt"), [("1NT", "E", "1S", "XX"), ("1H Pass", "S", "1D", "X")]
)
def test_27B3_attempted_inadmissible_double_is_cancelled_and_bars_partner(calls, offender, insufficient, attempt):
    board = Board(dealer="N")
    board.calls(calls)
    board.call(offender, insufficient)
    board.refuse(Seat(offender).lho.value)
    board.call(offender, attempt)  # not refused: an act at the table, ruled under 27B3
    snap = board.snapshot()
    partner = Seat(offender).partner.value
    assert board.state == "auction.insufficient_bid.replacement"  # he must still replace it
    assert f"{offender}:{attempt}" in snap["cancelled"]
    assert snap["obligations"] == [{"seat": partner, "kind": "pass_rest", "law": "27B3"}]
    assert {"source": f"{offender}:{attempt}", "for": [partner], "law": "16C"} in snap["unauthorized_information"]
    assert snap["rulings"] == ["27B3"]
