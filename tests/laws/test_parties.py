from fsm import Board
from fsm.laws import parties


def test_offender_and_his_lho():
    board = Board()
    board.call("N", "1H")
    board.call("W", "1S")
    assert parties.offender(board.table) == ["W"]
    assert parties.offender_lho(board.table) == ["N"]


def test_leader_partner_and_presumed_declarer():
    board = Board()
    board.calls("1NT Pass Pass Pass")
    assert parties.leader_partner_and_declarer(board.table) == ["W", "N"]
