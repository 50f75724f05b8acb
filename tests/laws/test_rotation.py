"""28B and 17D3."""

import pytest

from fsm import Board, IllegalEvent


def test_28B_cancels_without_rectification():
    board = Board()
    board.call("N", "1H")
    board.call("S", "2H")
    board.call("E", "1S")
    snap = board.snapshot()
    assert snap["cancelled"] == ["S:2H"] and snap["auction"] == ["N:1H", "E:1S"]
    assert snap["obligations"] == [] and snap["lead_restrictions"] == []
    assert snap["unauthorized_information"] == [{"source": "S:2H", "for": ["N"], "law": "16C2"}]


def test_28B_only_when_the_skipped_player_is_the_rho():
    board = Board()
    board.call("N", "1H")
    board.call("W", "1S")  # at partner East's turn: East calling is not 28B (LAWS.md N1)
    with pytest.raises(IllegalEvent):
        board.call("E", "2C")


def test_17D3_the_turn_goes_back_to_the_deprived_player():
    board = Board()
    board.calls("1H Pass")
    board.call("W", "Pass")
    board.call("N", "Pass")
    snap = board.snapshot()
    assert snap["state"] == "auction.calling" and snap["turn"] == "S"
    assert snap["cancelled"] == ["W:Pass", "N:Pass"] and snap["contract"] is None
    board.calls("Pass Pass Pass")
    assert board.snapshot()["contract"] == "1H"
