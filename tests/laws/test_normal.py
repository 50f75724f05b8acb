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


def _askers(board, event):
    return sorted(seat for o in board.options() if o["event"] == event for seat in o["seats"] or ())


def test_20B_20F1_the_LHO_asks_before_choosing_over_an_insufficient_bid():
    """27A1: the LHO's call accepts, so he is at his turn to call: he may ask (20B, 20F1), and only he."""
    board = Board(dealer="N")
    board.calls("1H")
    board.call("E", "1D")
    assert _askers(board, "review") == ["S"] and _askers(board, "explain") == ["S"]
    before = board.snapshot()
    board.review("S")
    board.explain("S")
    assert board.snapshot() == before and board.state == "auction.insufficient_bid.offered"
    for seat in ("N", "E", "W"):
        with pytest.raises(IllegalEvent) as err:
            board.review(seat)
        assert err.value.law == "20B"
        with pytest.raises(IllegalEvent) as err:
            board.explain(seat)
        assert err.value.law == "20F1"
    board.refuse("S")  # 27B: now the offender replaces at his turn, and he may ask
    assert _askers(board, "review") == ["E"] and _askers(board, "explain") == ["E"]


def test_20B_20F1_a_call_out_of_rotation_at_the_RHO_turn():
    """29A: the LHO may accept by calling; 28B: the player whose turn it was calls at his turn. Both may ask
    until the Director comes; then only the LHO, whose choice it is. Partner and offender never."""
    board = Board(dealer="N")
    board.call("E", "1S")  # at North's turn
    assert _askers(board, "review") == ["N", "S"] and _askers(board, "explain") == ["N", "S"]
    board.explain("N")
    for seat in ("E", "W"):
        with pytest.raises(IllegalEvent) as err:
            board.review(seat)
        assert err.value.law == "20B"
    board.director()
    assert _askers(board, "review") == ["S"]
    board.review("S")
    assert board.state == "auction.bid_out_of_rotation" and board.snapshot()["rulings"] == []


def test_20B_the_LHO_required_to_pass_may_not_ask():
    """20B « à moins que la Loi ne l'oblige à passer »: West, barred by 27B2, may not ask over South's
    insufficient bid although he holds the choice (27A1)."""
    board = Board(dealer="N")
    board.calls("1H")
    board.call("E", "1D")
    board.refuse("S")
    board.call("E", "2C", comparable=False)  # 27B2: West passes to the end
    board.call("S", "1S")
    assert board.state == "auction.insufficient_bid.offered" and _askers(board, "review") == []
    with pytest.raises(IllegalEvent) as err:
        board.review("W")
    assert err.value.law == "20B"


def test_20B_before_the_judgement_until_the_next_player_has_called():
    """23A: while the offender's call awaits the judgement, the player whose turn it is may ask until he calls."""
    board = Board(dealer="N")
    board.calls("1H")
    board.call("W", "1S")
    board.refuse("N")
    board.calls("2C 2H")
    board.call("W", "2S")
    assert board.state == "auction.ruling" and _askers(board, "review") == ["N"]
    board.review("N")
    board.call("N", "3H")  # held until the judgement
    assert _askers(board, "review") == []
    with pytest.raises(IllegalEvent) as err:
        board.review("N")
    assert err.value.law == "20B"
