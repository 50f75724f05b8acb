"""29A: a call out of rotation accepted by the offender's LHO; the skipped player loses his turn."""

from fsm import Board


def test_accepting_a_pass_out_of_rotation_at_RHO_turn():
    board = Board(dealer="N")
    board.call("E", "Pass")  # North's turn
    board.accept("S")
    snap = board.snapshot()
    assert snap["auction"] == ["E:Pass"] and snap["turn"] == "S" and snap["rulings"] == ["29A"]


def test_dealer_accepts_his_RHO_opening_by_calling():
    board = Board(dealer="N")
    board.call("W", "1S")  # LHO_NOT_PREV: North, whose turn it was, is West's LHO
    board.call("N", "2H")
    assert board.snapshot()["auction"] == ["W:1S", "N:2H"]
    assert board.snapshot()["turn"] == "E"
