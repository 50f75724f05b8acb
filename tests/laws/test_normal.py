"""17, 18, 19, 20, 22: rotation, the end of the auction, the contract and declarer."""

import pytest

from fsm import Board, IllegalEvent


def test_dealer_calls_first_then_clockwise_17B_17C():
    board = Board(dealer="S")
    assert board.snapshot()["turn"] == "S"
    board.call("S", "Pass")
    assert board.snapshot()["turn"] == "W"


@pytest.mark.parametrize(
    ("dealer", "calls", "contract", "declarer"),
    [
        ("N", "1D 1H 2H Pass 3D Pass 4H Pass Pass Pass", "4H", "S"),  # the opponent named hearts first
        ("W", "1H X XX Pass Pass Pass", "1HXX", "W"),
        ("N", "1H X 2H Pass Pass Pass", "2H", "N"),  # 19C: the double is superseded
        ("E", "Pass Pass 1NT X Pass Pass XX Pass Pass Pass", "1NTXX", "W"),
    ],
)
def test_contract_and_declarer_22A(dealer, calls, contract, declarer):
    board = Board(dealer=dealer)
    board.calls(calls)
    snap = board.snapshot()
    assert (snap["contract"], snap["declarer"], snap["state"]) == (contract, declarer, "clarification.face_down_lead")


def test_four_passes_22B_then_hands_returned_17D2():
    board = Board(dealer="W")
    board.calls("Pass Pass Pass Pass")
    assert board.snapshot()["contract"] == "Pass" and board.state == "passed_out"
    board.return_hands()
    assert board.state == "returned"
    with pytest.raises(IllegalEvent):
        board.call("W", "1C")


def test_take_cards_17A():
    board = Board(cards_in_board=True)
    assert board.state == "board"
    board.take_cards("E")
    assert board.state == "auction.calling"
    with pytest.raises(IllegalEvent) as err:
        board.take_cards("W")
    assert err.value.law == "17A"
    board.take_cards("N")


def test_review_at_own_turn_only_20B():
    board = Board()
    board.call("N", "1H")
    board.review("E")
    with pytest.raises(IllegalEvent) as err:
        board.review("S")
    assert err.value.law == "20B"


def test_director_changes_nothing_on_a_regular_board():
    board = Board()
    board.call("N", "1H")
    before = board.snapshot()
    board.director()
    assert board.snapshot() == before


def test_end_of_auction_puts_obligations_aside_22():
    """Obligations end with the auction (the snapshot shows none), but are kept for a change that reopens it."""
    board = Board(dealer="N")
    board.calls("1H Pass Pass")
    board.call("N", "Pass")  # out of rotation at West's turn
    board.refuse("E")  # 30A: North must pass at his next turn
    board.call("W", "Pass")
    assert board.state == "clarification.face_down_lead"
    assert board.snapshot()["obligations"] == []
    assert [(o.seat.value, o.law) for o in board.table.obligations_at_end] == [("N", "30A")]
