"""28B, 29A with a call held, 17D3, and the judgement of the offender's call at his turn."""

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
    board.call("W", "1S")  # at partner East's turn: East calling is not 28B, his call waits for North's choice
    board.call("E", "2C")
    snap = board.snapshot()
    assert snap["state"] == "auction.bid_out_of_rotation" and snap["auction"] == ["N:1H"]
    assert snap["irregularity"]["held"] == "E:2C" and snap["cancelled"] == []
    # a second call of East's, and South's, are calls too: held until North has chosen (9B2), never refused
    board.call("E", "2D")
    board.call("S", "2D")
    snap = board.snapshot()
    assert snap["held"] == ["E:2D", "S:2D"] and snap["irregularity"]["held"] == "E:2C"
    assert snap["state"] == "auction.bid_out_of_rotation" and snap["auction"] == ["N:1H"]


def test_a_held_call_is_made_afresh_once_the_LHO_has_chosen():
    board = Board()
    board.calls("1H")
    board.call("W", "1S")
    board.call("E", "2C")
    refused = Board.replay(board.record())
    refused.refuse("N")  # 29B: East's turn again, and his 2C was made at it
    assert refused.snapshot()["auction"] == ["N:1H", "E:2C"] and refused.state == "auction.calling"
    accepted = Board.replay(board.record())
    accepted.accept("N")  # 29A: North's turn, and East's 2C was made at it: out of rotation
    snap = accepted.snapshot()
    assert snap["auction"] == ["N:1H", "W:1S"] and snap["irregularity"]["source"] == "E:2C"
    assert snap["irregularity"]["relation"] == "RHO"


def test_no_call_is_held_once_the_Director_is_at_the_table():
    board = Board()
    board.calls("1H")
    board.call("W", "1S")
    board.director()
    board.call("E", "2C")  # East's call in turn with the Director there: North has not accepted (29B)
    assert board.snapshot()["auction"] == ["N:1H", "E:2C"] and board.snapshot()["rulings"] == ["31B"]


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


def test_17D3_after_an_opening_pass():
    board = Board()
    board.call("N", "Pass")
    board.call("S", "Pass")  # at East's turn
    board.call("W", "Pass")  # West accepts by passing
    board.call("N", "Pass")  # three passes follow North's: East was deprived of his turn
    assert board.state == "auction.unnoticed_skip"  # nobody bid: nothing happens until someone notices (17D2)
    board.director()
    snap = board.snapshot()
    assert snap["state"] == "auction.calling" and snap["turn"] == "E" and snap["auction"] == ["N:Pass"]
    assert snap["contract"] is None and snap["rulings"] == ["29A", "17D3"]


def _four_passes_east_skipped() -> Board:
    """North passes, South passes at East's turn, West accepts by passing, North passes: four passes, East
    never called (17D3), nobody bid (17D2)."""
    board = Board()
    for seat in "NSWN":
        board.call(seat, "Pass")
    return board


def test_17D3_four_passes_wait_for_someone_to_notice():
    board = _four_passes_east_skipped()
    snap = board.snapshot()
    assert snap["state"] == "auction.unnoticed_skip"
    assert snap["auction"] == ["N:Pass", "S:Pass", "W:Pass", "N:Pass"] and snap["cancelled"] == []
    assert snap["contract"] is None and snap["rulings"] == ["29A"] and snap["unauthorized_information"] == []
    laws = {(o["event"], o["law"]) for o in board.options()}
    assert {("director", "17D3"), ("return_hands", "17D2")} <= laws


def test_17D2_the_hands_returned_unnoticed_end_the_board_passed_out():
    board = _four_passes_east_skipped()
    board.return_hands()
    snap = board.snapshot()
    # passed out under 17D2: the state says so; no contract, the four passes in rotation of 22B never came
    assert snap["state"] == "returned" and snap["contract"] is None and snap["turn"] is None
    # no rectification: no pass cancelled, no 16C record; 17D2 is what settled the skipped turn
    assert snap["auction"] == ["N:Pass", "S:Pass", "W:Pass", "N:Pass"] and snap["cancelled"] == []
    assert snap["unauthorized_information"] == [] and snap["rulings"] == ["29A", "17D2"]
    with pytest.raises(IllegalEvent):
        board.call("E", "1S")  # the auction period is over (17D2)


def test_17D2_cards_exposed_go_back_and_obligations_end_with_the_hands_returned():
    board = _four_passes_east_skipped()
    board.expose("E", ["SA"])  # 24B: an honour exposed during the auction; West must pass at his next turn
    assert board.snapshot()["obligations"] == [{"seat": "W", "kind": "pass_next_turn", "law": "24B"}]
    board.return_hands()
    snap = board.snapshot()
    assert snap["obligations"] == [] and snap["exposed_cards"] == [] and snap["penalty_cards"] == []
    assert snap["returned_cards"] == [{"seat": "E", "card": "SA", "law": "24"}]


def test_17D3_a_call_by_the_deprived_player_is_made_at_his_turn():
    board = _four_passes_east_skipped()
    board.call("E", "1S")
    snap = board.snapshot()
    assert snap["state"] == "auction.calling" and snap["auction"] == ["N:Pass", "E:1S"] and snap["turn"] == "S"
    assert snap["cancelled"] == ["S:Pass", "W:Pass", "N:Pass"] and snap["rulings"] == ["29A", "17D3"]
    assert snap["unauthorized_information"] == [
        {"source": "S:Pass", "for": ["N"], "law": "16C"},
        {"source": "W:Pass", "for": ["N", "S"], "law": "16C"},
        {"source": "N:Pass", "for": ["S"], "law": "16C"},
    ]


def test_17D3_a_call_by_another_player_is_out_of_rotation_at_the_deprived_players_turn():
    board = _four_passes_east_skipped()
    board.call("S", "1S")  # East's turn once 17D3 applies: South's bid skips his RHO East (31A)
    snap = board.snapshot()
    assert snap["state"] == "auction.bid_out_of_rotation" and snap["auction"] == ["N:Pass"]
    assert snap["irregularity"]["source"] == "S:1S" and snap["irregularity"]["turn"] == "E"
    assert snap["irregularity"]["relation"] == "RHO" and snap["rulings"] == ["29A", "17D3"]


def test_17D2_example_14_the_hands_returned_before_the_LHO_chooses():
    board = Board(dealer="W")
    board.calls("Pass Pass")
    board.call("S", "Pass")  # at East's turn: West has not chosen yet
    board.return_hands()
    snap = board.snapshot()
    assert snap["state"] == "returned" and snap["contract"] is None and snap["irregularity"] is None
    assert snap["auction"] == ["W:Pass", "N:Pass", "S:Pass"] and snap["cancelled"] == []
    assert snap["rulings"] == ["17D2"] and snap["unauthorized_information"] == []


def test_17D2_a_bid_made_the_hands_cannot_end_the_auction_period():
    board = Board()
    board.calls("1H")
    board.call("W", "Pass")  # at South's turn
    with pytest.raises(IllegalEvent) as refused:
        board.return_hands()
    assert refused.value.law == "17D2" and board.state == "auction.pass_out_of_rotation"


def test_25A_a_change_of_the_last_pass_is_ruled_as_during_the_auction():
    board = _four_passes_east_skipped()
    board.substitute("N", "1S")  # North meant 1S: the auction has not ended, 25A applies
    assert board.state == "auction.change_of_call"
    board.judge(unintended=True)
    snap = board.snapshot()
    # 1S replaces North's last pass: no call is followed by three passes any more, 17D3 has no object
    assert snap["state"] == "auction.calling" and snap["turn"] == "E"
    assert snap["auction"] == ["N:Pass", "S:Pass", "W:Pass", "N:1S"] and "17D3" not in snap["rulings"]


def test_25B2_a_change_refused_leaves_four_passes_and_17D3_when_noticed():
    board = _four_passes_east_skipped()
    board.substitute("N", "1S")
    board.judge(unintended=False)
    board.refuse("E")  # 25B2: North's pass stands; four passes again, East still deprived
    assert board.state == "auction.unnoticed_skip" and board.snapshot()["cancelled"] == ["N:1S"]
    board.director()
    snap = board.snapshot()
    assert snap["state"] == "auction.calling" and snap["turn"] == "E" and snap["auction"] == ["N:Pass"]
    assert snap["cancelled"] == ["S:Pass", "W:Pass", "N:Pass", "N:1S"]  # in the order they were made
    assert snap["rulings"] == ["29A", "25B2", "17D3"]


def test_22B_needs_the_passes_after_the_first_in_rotation():
    board = Board()
    board.call("E", "Pass")
    board.accept("S")
    board.calls("Pass Pass Pass")
    auction = board.auction
    assert auction.is_passed_out() and board.state == "passed_out"


def test_a_judgement_awaited_when_the_call_ends_the_auction_is_given_after_it():
    board = Board()
    board.call("W", "1S")
    board.refuse("N")
    board.calls("1H Pass Pass")
    board.call("W", "Pass")
    assert board.state == "clarification.face_down_lead"
    assert board.snapshot()["pending"] == [{"law": "31B", "source": "W:1S"}]
    assert any(o["event"] == "lead" for o in board.options())
    board.judge(comparable=False)
    snap = board.snapshot()
    assert snap["pending"] == [] and snap["obligations"] == [] and snap["reviews"] == ["72C"]
    before, logged = board.snapshot(), len(board.events)
    with pytest.raises(IllegalEvent) as err:  # nothing is awaited any more: the face-down lead is (41A)
        board.judge(comparable=True)
    assert err.value.law == "41A"
    assert board.snapshot() == before and len(board.events) == logged


def test_the_judgement_falls_on_the_call_at_his_turn_never_a_later_one():
    board = Board()
    board.calls("1H")
    board.call("W", "1S")
    board.refuse("N")
    board.calls("2C 2H")
    board.call("W", "2D")  # insufficient at his turn
    board.refuse("N")
    board.call("W", "3D")  # 27B1(a): 3D is his call at his turn, judged now
    assert board.state == "auction.ruling"
    board.judge(comparable=True)
    board.calls("3H Pass Pass")
    board.call("W", "Pass")  # a later call, which ends the auction: nothing to judge
    assert board.state == "clarification.face_down_lead" and board.snapshot()["pending"] == []
    assert board.snapshot()["rulings"] == ["31B", "27B1(a)", "31A2(a)"]


def test_16C2_lapses_with_a_comparable_call_when_partner_called_under_it():
    """31B1: partner calls at his turn « mais la Loi 16C2 s'applique »; then the offender's comparable call:
    23B « les annonces et le jeu continuent sans autre rectification. La Loi 16C2 ne s'applique pas, mais
    voir C ci-dessous »: from it on the cancelled bid is no unauthorized information, and partner's call
    already made is the Director's under 23C."""
    board = Board(dealer="N")
    board.calls("1H")
    board.call("W", "1S")  # at partner East's turn
    board.refuse("N")
    board.calls("2C 2H")  # East calls under 16C2
    board.call("W", "2S")
    assert board.snapshot()["unauthorized_information"] == [{"source": "W:1S", "for": ["E"], "law": "16C2"}]
    board.judge(comparable=True)
    snap = board.snapshot()
    assert snap["state"] == "auction.calling" and snap["rulings"] == ["31B", "31A2(a)"]
    assert snap["unauthorized_information"] == [] and snap["cancelled"] == ["W:1S"]
    assert snap["obligations"] == [] and snap["lead_restrictions"] == [] and snap["reviews"] == ["23C"]


def test_no_16C2_after_a_comparable_call_at_the_RHO_turn():
    """31A2(a) and 23B: partner has not called since the bid out of rotation; the comparable call leaves
    no unauthorized information."""
    board = Board(dealer="N")
    board.call("E", "1S")  # at North's turn: East's RHO
    board.refuse("S")
    board.call("N", "1H")  # the RHO bids: 31A2
    assert board.snapshot()["unauthorized_information"] != []
    board.call("E", "1S", comparable=True)
    snap = board.snapshot()
    assert snap["rulings"] == ["31A", "31A2(a)"] and snap["unauthorized_information"] == []
    assert snap["reviews"] == ["23C"]


def test_30B1_once_judged_the_auction_goes_on_in_rotation():
    """30B1: the dealer's RHO passes at the dealer's turn (his LHO's, before he called); his call at his turn
    is judged (23A), then the auction goes on: not comparable, partner passes at his next turn (30B1(b)(ii))."""
    board = Board(dealer="N")
    board.call("W", "Pass")
    assert board.snapshot()["irregularity"]["relation"] == "LHO_NOT_PREV"
    board.refuse("N")
    board.calls("1D 1H 1S")
    board.call("W", "2C")
    assert board.state == "auction.ruling"
    board.judge(comparable=False)
    assert board.state == "auction.calling" and board.snapshot()["turn"] == "N"
    assert board.snapshot()["obligations"] == [{"seat": "E", "kind": "pass_next_turn", "law": "30B1(b)(ii)"}]
    board.calls("2D Pass")  # East's pass fulfils the obligation
    snap = board.snapshot()
    assert snap["state"] == "auction.calling" and snap["obligations"] == [] and snap["turn"] == "S"


def _refused_under_23A(board, seat, call, comparable):
    before = board.snapshot()
    with pytest.raises(IllegalEvent) as err:
        board.call(seat, call, comparable=comparable)
    assert err.value.law == "23A" and "comparable" in err.value.message_fr
    assert board.snapshot() == before  # the board is left as it was


def test_a_judgement_given_with_a_call_no_law_judges_is_refused_not_dropped():
    board = Board(dealer="N")
    _refused_under_23A(board, "N", "1H", True)  # a regular call: nothing is judged comparable
    board.call("N", "1H")
    board.call("S", "2H")  # out of rotation: West's choice awaits (29A)
    _refused_under_23A(board, "E", "2S", False)  # a call made meanwhile is held (9B2): it is judged, if ever, later
    assert board.snapshot()["held"] == []


def test_the_offender_s_call_at_his_turn_carries_the_30B1_judgement_it_settles():
    board = Board(dealer="N")
    board.call("S", "Pass")  # at partner's turn
    board.refuse("W")
    board.calls("1H Pass")
    board.call("S", "2D", comparable=False)  # the call 30B1 has judged: the judgement applies at once
    snap = board.snapshot()
    assert snap["obligations"] == [{"seat": "N", "kind": "pass_next_turn", "law": "30B1(b)(ii)"}]
    assert snap["lead_restrictions"] == [{"seat": "N", "law": "26B", "suits": ["C", "H", "S"]}]


def test_an_insufficient_bid_and_its_27B1a_correction_carry_no_judgement():
    board = Board(dealer="N")
    board.call("S", "Pass")
    board.refuse("W")
    board.calls("1H Pass")
    _refused_under_23A(board, "S", "1D", False)  # insufficient: 27 decides first which call remains
    board.call("S", "1D")
    board.refuse("W")
    _refused_under_23A(board, "S", "2D", False)  # 27B1(a): the Director judges it once it stands
    board.call("S", "2D")
    assert board.state == "auction.ruling" and board.snapshot()["obligations"] == []
