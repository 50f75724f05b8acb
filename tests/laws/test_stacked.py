"""9B2, 28B: a call made while a ruling waits is held, never refused, and ruled once it is given."""

import pytest

from fsm import Board, IllegalEvent


def test_a_call_over_a_waiting_insufficient_bid_is_held_then_cancelled_by_the_LHO_call_28B():
    board = Board()
    board.calls("1H")
    board.call("E", "1D")  # insufficient: South chooses (27)
    board.call("W", "2D")  # East's partner, before South's choice: held (9B2)
    snap = board.snapshot()
    assert snap["held"] == ["W:2D"] and snap["state"] == "auction.insufficient_bid.offered"
    board.call("S", "2H")  # accepts by calling at his turn (27A1): cancels the right to rectify (28B)
    snap = board.snapshot()
    assert snap["auction"] == ["N:1H", "E:1D", "S:2H"] and snap["cancelled"] == ["W:2D"]
    assert snap["rulings"] == ["27A1", "28B"] and snap["turn"] == "W" and snap["held"] == []
    assert {"source": "W:2D", "for": ["E"], "law": "16C2"} in snap["unauthorized_information"]


def test_a_held_call_with_no_opponent_call_since_is_made_afresh():
    board = Board()
    board.calls("1H")
    board.call("E", "1D")
    board.call("W", "3C")  # held while East must replace
    board.refuse("S")
    board.call("E", "2D")  # 27B1(a), by West's partner: no 28B
    snap = board.snapshot()
    assert snap["state"] == "auction.bid_out_of_rotation" and snap["held"] == []
    assert snap["irregularity"]["source"] == "W:3C" and snap["irregularity"]["relation"] == "RHO"


def test_a_second_call_after_the_final_pass_is_kept_and_ruled_after_the_first_in_one_visit_39():
    board = Board()
    board.calls("1H Pass Pass Pass")
    board.call("E", "2C")
    board.call("W", "2D")  # not East's LHO: held, the first is not overwritten
    assert board.snapshot()["irregularity"]["source"] == "E:2C" and board.snapshot()["held"] == ["W:2D"]
    steps = board.director()
    assert [s.law for s in steps] == ["39C"]  # one visit rules both, oldest first
    snap = board.snapshot()
    assert snap["cancelled"] == ["E:2C", "W:2D"] and snap["irregularity"] is None
    assert snap["state"] == "clarification.face_down_lead" and snap["held"] == []
    # 39C for each defender's bid: 26B for the partner of each, 16C for each partner
    assert snap["lead_restrictions"] == [
        {"seat": "W", "law": "26B", "suits": ["C", "D", "H", "S"]},
        {"seat": "E", "law": "26B", "suits": ["C", "D", "H", "S"]},
    ]
    assert snap["unauthorized_information"] == [
        {"source": "E:2C", "for": ["W"], "law": "16C"},
        {"source": "W:2D", "for": ["E"], "law": "16C"},
    ]
    with pytest.raises(IllegalEvent):  # nothing is left for a second visit to rule
        board.judge(comparable=True)


def test_a_held_call_of_the_declaring_side_after_the_final_pass_brings_no_26B_39B():
    board = Board()
    board.calls("1H Pass Pass Pass")
    board.call("E", "2C")
    board.call("N", "2D")  # declarer, East's RHO: held
    board.director()
    snap = board.snapshot()
    assert snap["cancelled"] == ["E:2C", "N:2D"] and snap["held"] == []
    assert snap["lead_restrictions"] == [{"seat": "W", "law": "26B", "suits": ["C", "D", "H", "S"]}]
    assert {"source": "N:2D", "for": ["S"], "law": "16C"} in snap["unauthorized_information"]
