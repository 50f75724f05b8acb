"""25: a change of call waits for the Director; no substitution once partner has called (25A4)."""

import pytest

from fsm import Board, IllegalEvent


def test_substitute_waits_for_the_director():
    board = Board()
    board.call("N", "1H")
    board.substitute("N", "1S")
    assert board.state == "auction.change_of_call"
    assert board.options()[0]["event"] == "judge"


def test_substitute_is_possible_after_lho_called():
    board = Board()
    board.calls("1H Pass")
    board.substitute("N", "1S")  # East called, South did not: 25A4 allows it
    assert board.state == "auction.change_of_call"


def test_no_substitution_after_partner_called():
    board = Board()
    board.calls("1H Pass 2H")
    with pytest.raises(IllegalEvent) as err:
        board.substitute("N", "1S")
    assert err.value.law == "25A4"


def test_substitute_option_holders_are_those_whose_partner_is_silent():
    board = Board()
    board.calls("1H Pass")
    holders = next(o["seats"] for o in board.options() if o["event"] == "substitute")
    assert holders == ["N", "E"]
    board.call("S", "2H")  # North's partner has called: only East and South remain
    holders = next(o["seats"] for o in board.options() if o["event"] == "substitute")
    assert holders == ["E", "S"]


def _substitute_options(board):
    return [o for o in board.options() if o["event"] == "substitute"]


def test_the_25A_options_say_unintended_and_name_the_clause():
    board = Board()
    board.call("N", "1H")
    (opt,) = _substitute_options(board)
    assert opt["law"] == "25A" and "non intentionnelle" in opt["fr"] and "unintended" in opt["en"]
    board.calls("Pass Pass Pass")
    (opt,) = _substitute_options(board)  # 25A5: after the final pass, until the lead is faced
    assert opt["law"] == "25A5" and "non intentionnelle" in opt["fr"] and opt["seats"] == ["S", "W"]


def test_passed_out_board_change_until_the_hands_are_back_22B_17D2():
    board = Board(dealer="N")
    board.calls("Pass Pass Pass Pass")
    (opt,) = _substitute_options(board)
    assert opt["law"] == "25A5" and opt["seats"] == ["S", "W"] and "non intentionnelle" in opt["fr"]
    board.return_hands()
    assert _substitute_options(board) == []
    with pytest.raises(IllegalEvent) as err:
        board.substitute("W", "1H")
    assert err.value.law == "25A5"


def test_no_substitution_once_play_has_begun_25A5():
    board = Board(dealer="W")
    board.calls("1S Pass Pass Pass")
    board.lead("N", "HK")
    with pytest.raises(IllegalEvent) as err:
        board.substitute("S", "2H")
    assert err.value.law == "25A5"


def test_a_refused_change_after_the_final_pass_keeps_the_obligations_aside():
    """25B2 after the final pass: the auction ends again and puts the obligations aside again, so a
    later change by another player still reopens it with them."""
    board = Board(dealer="N")
    board.calls("1H")
    board.call("E", "1D")
    board.refuse("S")
    board.call("E", "Pass", comparable=False)  # 27B2: West passes for the rest of the auction
    board.calls("2H Pass 4H Pass Pass Pass")
    board.substitute("W", "X")
    board.judge(unintended=False)
    board.refuse("N")  # 25B2: West's final pass stands
    assert board.state == "clarification.face_down_lead" and board.snapshot()["obligations"] == []
    board.substitute("S", "5H")  # South's partner has not called since South's pass
    board.judge(unintended=True)
    assert board.snapshot()["obligations"] == [{"seat": "W", "kind": "pass_rest", "law": "27B2"}]
    board.withdraw("W")  # 25A6: West takes back his pass over South's changed call, and is still barred
    board.call("W", "X")
    assert board.state == "auction.call_by_barred_player"


def test_the_LHO_may_not_take_back_his_bid_once_it_is_accepted():
    board = Board()
    board.calls("1H 1S")
    board.substitute("N", "2H")
    board.judge(unintended=True)
    assert board.state == "auction.insufficient_bid.offered"
    board.accept("S")  # 27A1: East's 1S stands, and with it his chance to take it back is gone
    with pytest.raises(IllegalEvent) as err:
        board.withdraw("E")
    assert err.value.law == "25A6"


def test_a_sufficient_later_bid_stands_after_the_change():
    board = Board()
    board.calls("1H 2C")
    board.substitute("N", "1S")
    board.judge(unintended=True)
    assert board.state == "auction.calling" and board.snapshot()["auction"] == ["N:1S", "E:2C"]


# 25A1 « assujettie à la Loi appropriée », 38B: a change to a bid above seven never stands.
def test_25A_to_a_bid_above_seven_is_ruled_under_38_with_the_later_call():
    board = Board(dealer="N")
    board.calls("1H 2C")
    board.substitute("N", "8H")
    board.judge(unintended=True)
    assert board.state == "auction.bid_above_seven"
    board.director()
    snap = board.snapshot()
    assert snap["auction"] == ["N:Pass"]  # 38C: replaced by a pass
    assert {"N:8H", "E:2C"} <= set(snap["cancelled"])  # 38B: it and every later call
    assert {(o["seat"], o["law"]) for o in snap["obligations"]} == {("N", "38C"), ("S", "38C")}
    assert snap["rulings"] == ["25A", "38B"]


def test_25B_change_of_mind_to_a_bid_above_seven_cannot_be_accepted():
    board = Board(dealer="N")
    board.call("N", "1H")
    board.substitute("N", "8H")
    board.judge(unintended=False)
    before, logged = board.snapshot(), len(board.events)
    with pytest.raises(IllegalEvent) as err:
        board.accept("E")  # 25B1 lets the LHO accept a change, but 38A: a contract above seven is never played
    assert err.value.law == "38"
    assert board.snapshot() == before and len(board.events) == logged
    board.director()
    snap = board.snapshot()
    assert snap["auction"] == ["N:1H"] and snap["cancelled"] == ["N:8H"]  # 25B2: the first call stands
    assert snap["rulings"] == ["25B2", "38B"]
    # 38C: « chaque membre du camp fautif doit passer jusqu'à la fin des annonces »
    assert snap["obligations"] == [
        {"seat": "N", "kind": "pass_rest", "law": "38C"},
        {"seat": "S", "kind": "pass_rest", "law": "38C"},
    ]
    # 38D: East had not called over the 8H, so 26B and 72C apply: declarer may prohibit South, North's
    # partner, any one suit North did not specify in the legal auction (his 1H names hearts only).
    assert snap["lead_restrictions"] == [{"seat": "S", "law": "26B", "suits": ["C", "D", "S"]}]
    assert snap["reviews"] == ["72C"]
    assert snap["unauthorized_information"] == [{"source": "N:8H", "for": ["S"], "law": "16C"}]


def test_21B1_change_to_a_bid_above_seven_is_ruled_under_38():
    board = Board(dealer="N")
    board.calls("1NT Pass 2C")
    board.substitute("E", "8D")
    board.judge(misinformation=True)
    board.director()
    snap = board.snapshot()
    assert "S:2C" in snap["cancelled"] and snap["auction"] == ["N:1NT", "E:Pass"]
    assert snap["rulings"] == ["21B1", "38B"]


# 25A1: an unintended call is unintended in rotation or not; the intended call is then subject to its own law.
def test_25A_on_a_call_out_of_rotation_the_intended_call_is_the_one_ruled():
    board = Board(dealer="N")
    board.call("E", "1H")  # at North's turn
    assert "E" in next(o["seats"] for o in board.options() if o["event"] == "substitute")
    board.substitute("E", "1S")
    assert board.state == "auction.change_of_call"
    board.judge(unintended=True)
    snap = board.snapshot()
    assert board.state == "auction.bid_out_of_rotation"  # Law 31 on the 1S, not on the 1H
    assert snap["irregularity"]["source"] == "E:1S" and snap["cancelled"] == ["E:1H"]
    assert snap["unauthorized_information"] == [{"source": "E:1H", "for": ["W"], "law": "16C"}]


def test_25A_on_an_insufficient_bid_the_intended_call_may_be_insufficient_again():
    board = Board(dealer="N")
    board.calls("1NT")
    board.call("E", "1S")
    board.substitute("E", "1H")
    board.judge(unintended=True)
    snap = board.snapshot()
    assert board.state == "auction.insufficient_bid.offered" and snap["irregularity"]["source"] == "E:1H"


def test_only_the_offender_may_replace_his_pending_irregular_call():
    board = Board(dealer="N")
    board.call("E", "1H")
    before, logged = board.snapshot(), len(board.events)
    with pytest.raises(IllegalEvent) as err:
        board.substitute("S", "1S")  # 25A1: a player replaces « sa déclaration », his own
    assert err.value.law == "25A"
    assert board.snapshot() == before and len(board.events) == logged
    assert board.state == "auction.bid_out_of_rotation"


def test_25B_on_a_pending_call_the_substitute_is_cancelled_and_the_call_ruled_as_it_was():
    board = Board(dealer="N")
    board.calls("1H Pass")
    board.call("W", "Pass")  # at South's turn
    board.substitute("W", "1C")
    board.judge(unintended=False)
    snap = board.snapshot()
    assert board.state == "auction.pass_out_of_rotation" and snap["irregularity"]["source"] == "W:Pass"
    assert snap["cancelled"] == ["W:1C"] and snap["rulings"] == ["25B2"]


def test_a_21B1_change_after_partner_called_is_refused_under_21B1_not_25A4():
    board = Board(dealer="N")
    board.calls("1NT Pass 2C Pass")
    board.judge(misinformation=True)
    with pytest.raises(IllegalEvent) as err:
        board.substitute("E", "2D")
    assert err.value.law == "21B1"


# 19A1, 35, 36: a change that removes the bid the LHO doubled leaves his double inadmissible.
def test_a_double_of_the_bid_changed_away_is_ruled_under_36_unless_taken_back():
    board = Board(dealer="N")
    board.calls("1H X")
    board.substitute("N", "Pass")
    board.judge(unintended=True)
    assert board.state == "auction.inadmissible_double.offered"
    assert board.snapshot()["irregularity"]["source"] == "E:X"
    assert ("withdraw", ["E"], "25A6") in [(o["event"], o["seats"], o["law"]) for o in board.options()]
    board.director()  # 36B1: cancelled; 36B2: East makes a legal call, West passes to the end
    snap = board.snapshot()
    assert "E:X" in snap["cancelled"] and snap["obligations"] == [{"seat": "W", "kind": "pass_rest", "law": "36B2"}]
    assert snap["rulings"] == ["25A", "36B1"]


def test_the_LHO_may_take_back_his_double_made_inadmissible_25A6():
    board = Board(dealer="N")
    board.calls("1H X")
    board.substitute("N", "Pass")
    board.judge(unintended=True)
    board.withdraw("E")
    assert board.state == "auction.calling" and board.snapshot()["turn"] == "E"
    board.call("E", "1S")
    assert board.snapshot()["obligations"] == [] and board.snapshot()["auction"] == ["N:Pass", "E:1S"]


def test_a_double_still_legal_after_the_change_stands():
    board = Board(dealer="S")
    board.calls("1C Pass 1H X")
    board.substitute("N", "Pass")
    board.judge(unintended=True)  # East's double now doubles South's 1C (19A1)
    assert board.state == "auction.calling" and board.snapshot()["auction"][-1] == "E:X"


# 25A1 « assujettie à la Loi appropriée »: the obligation the first call fulfilled binds the intended call.
def test_changing_the_pass_owed_under_30A_brings_the_obligation_back_and_37_applies():
    board = Board(dealer="N")
    board.calls("1H Pass Pass")
    board.call("N", "Pass")  # at West's turn
    board.refuse("E")  # 30A: North must pass at his next turn
    board.call("W", "1S")
    board.call("N", "Pass")
    assert board.snapshot()["obligations"] == []
    board.substitute("N", "2H")
    board.judge(unintended=True)
    assert board.state == "auction.call_by_barred_player"
    assert board.snapshot()["obligations"] == [{"seat": "N", "kind": "pass_next_turn", "law": "30A"}]


def test_the_fulfilled_obligation_is_forgotten_once_its_maker_calls_again():
    board = Board(dealer="N")
    board.calls("1H Pass Pass")
    board.call("N", "Pass")
    board.refuse("E")
    board.calls("1S Pass Pass 2S Pass")
    board.call("N", "3H")  # North is free again: his previous pass can no longer be changed
    assert board.state == "auction.calling" and board.snapshot()["auction"][-1] == "N:3H"
    assert not any(o.seat.value == "N" for o in board.table.obligations)


# 41A: the face-down lead, once made, is not taken back when a change of call is refused.
def test_the_face_down_lead_cannot_be_exchanged_after_25B2():
    board = Board(dealer="N")
    board.calls("1S Pass Pass Pass")
    board.lead("E", "HK", face_down=True)
    board.substitute("W", "2H")
    board.judge(unintended=False)
    board.refuse("N")
    assert board.state == "clarification.lead_made"
    assert board.snapshot()["lead"] == {"seat": "E", "card": "HK", "faced": False}
    with pytest.raises(IllegalEvent) as err:
        board.lead("E", "SA", face_down=True)
    assert err.value.law == "41A"


def test_a_regular_new_call_in_place_leaves_the_LHO_his_call_and_his_25A6_choice():
    board = Board(dealer="W")
    board.calls("1C Pass Pass")
    board.substitute("N", "1H")
    board.apply("judge", {"unintended": True})
    assert board.snapshot()["auction"] == ["W:1C", "N:1H", "E:Pass"]
    assert any(o["event"] == "withdraw" and o["seats"] == ["E"] for o in board.options())


def test_a_reopened_auction_drops_the_lead_constraints_declarer_chose():
    """25A5: the auction goes on; declarer's 50D1 designation was for a lead that does not come, and the
    24E penalty cards are exposed cards of the auction again (24, until the auction ends)."""
    board = Board(dealer="W")
    board.calls("1S Pass Pass Pass")
    board.expose("N", ["DK", "DQ"])  # two penalty cards of the opening leader (24E, 50B)
    board.apply("designate", {"seat": "W", "card": "DK"})
    assert board.snapshot()["lead_constraints"]
    board.substitute("E", "2D")
    board.apply("judge", {"unintended": True})
    snap = board.snapshot()
    assert snap["lead_constraints"] == [] and snap["penalty_cards"] == []
    assert snap["exposed_cards"] == [{"seat": "N", "card": "DK", "law": "24"}, {"seat": "N", "card": "DQ", "law": "24"}]


def test_a_refused_change_after_the_final_pass_keeps_the_settlement_and_declarers_choice():
    """25B2: « La déclaration initiale est maintenue »: the auction never reopened, so the 24E penalty
    card and declarer's 50D2 choice made over it stand (24E, 50D2), and 24E is not ruled twice."""
    board = Board(dealer="W")
    board.calls("1S Pass Pass Pass")
    board.expose("S", ["HK"])  # the leader's partner: 24E, a major penalty card
    board.apply("prohibit", {"seat": "W", "suit": "H"})  # 50D2: hearts prohibited, the card picked up
    board.substitute("E", "2S")
    board.apply("judge", {"unintended": False})
    board.apply("refuse", {"seat": "S"})
    snap = board.snapshot()
    assert snap["lead_constraints"] == [{"seat": "N", "kind": "prohibit", "suit": "H", "law": "50D2"}]
    assert snap["penalty_cards"] == [] and snap["exposed_cards"] == []
    assert snap["rulings"].count("24E") == 1


def test_the_LHO_taking_his_forced_pass_back_is_bound_again():
    """24B: West's honour exposed, East must pass at his next turn; East's pass over North's first call
    fulfilled it. 25A6: East takes that pass back and calls at that turn again: the obligation binds
    him again, and a bid is a Law 37 case."""
    board = Board(dealer="W")
    board.calls("1C")
    board.expose("W", ["SK"])
    board.calls("Pass Pass")  # North, then East (forced)
    board.substitute("N", "1D")
    board.apply("judge", {"unintended": True})  # 1D over 1C is regular: East keeps his pass, may take it back
    board.apply("withdraw", {"seat": "E"})
    assert board.snapshot()["obligations"] == [{"seat": "E", "kind": "pass_next_turn", "law": "24B"}]
    board.call("E", "1H")
    assert board.state == "auction.call_by_barred_player"
    assert board.snapshot()["irregularity"]["source"] == "E:1H"


@pytest.mark.parametrize(("judgement", "law"), [({"unintended": True}, "25A6"), ({"misinformation": True}, "21B2")])
def test_the_LHO_s_right_over_a_changed_call_is_offered_under_the_law_of_the_change(judgement, law):
    # 25A6: after a 25A change the LHO « peut reprendre » the call he made over it; 21B2: after a 21B1 change
    # he « peut changer » it. East called 2C over North's 1H, which North changes to 1S.
    board = Board(dealer="N")
    board.call("N", "1H")
    board.call("E", "2C")
    board.apply("substitute", {"seat": "N", "call": "1S"})
    board.apply("judge", judgement)
    offered = [(o["law"], o["seats"]) for o in board.options() if o["event"] == "withdraw"]
    assert offered == [(law, ["E"])]
    assert [step.law for step in board.apply("withdraw", {"seat": "E"})] == [law]


# 25A1 reaches the offender's call at his turn awaiting the 30B1 / 31B / 32B judgement (23A).
def _awaiting_31B_judgement() -> Board:
    board = Board(dealer="N")
    board.call("W", "1D")  # at North's turn, West not having called: 31B
    board.refuse("N")
    board.calls("1H 1S Pass")
    board.call("W", "2D")  # at his turn: the Director judges it (31B2)
    assert board.state == "auction.ruling"
    return board


def test_25A_on_the_call_awaiting_its_judgement_the_intended_call_is_judged_instead():
    board = _awaiting_31B_judgement()
    board.call("N", "Pass")  # the LHO's call, held until the judgement: no bar to the change (25A4 is partner's)
    board.substitute("W", "3D")
    board.judge(unintended=True)
    snap = board.snapshot()
    assert board.state == "auction.ruling"
    assert snap["irregularity"]["source"] == "W:3D" and snap["irregularity"]["kind"] == "judged"
    assert snap["cancelled"] == ["W:1D", "W:2D"] and snap["held"] == ["N:Pass"]
    assert {"source": "W:2D", "for": ["E"], "law": "16C"} in snap["unauthorized_information"]
    assert snap["lead_restrictions"] == []  # 25A1: no 26B for the withdrawn call
    board.judge(comparable=False)  # 31A2(b) on the new call; then North's held pass is made
    snap = board.snapshot()
    assert snap["auction"][-2:] == ["W:3D", "N:Pass"] and snap["turn"] == "E"
    assert snap["obligations"] == [{"seat": "E", "kind": "pass_next_turn", "law": "31A2(b)"}]


def test_25B2_on_the_call_awaiting_its_judgement_the_first_call_awaits_it_again():
    board = _awaiting_31B_judgement()
    board.substitute("W", "3D", comparable=True)
    board.judge(unintended=False)
    snap = board.snapshot()
    assert board.state == "auction.ruling" and snap["rulings"] == ["31B", "25B2"]
    assert snap["irregularity"] == {
        "law": "23A",
        "kind": "judged",
        "source": "W:2D",
        "turn": "W",
        "relation": "IN_TURN",
    }
    assert snap["cancelled"] == ["W:1D", "W:3D"] and snap["lead_restrictions"] == []  # comparable: 26A


def test_a_partner_call_held_while_the_judgement_waits_bars_the_change():
    board = _awaiting_31B_judgement()
    board.call("E", "Pass")  # held (9B2): a call made all the same
    before = board.snapshot()
    with pytest.raises(IllegalEvent) as err:
        board.substitute("W", "3D")
    assert err.value.law == "25A4" and board.snapshot() == before


# 25A1 reaches a 27B replacement awaiting its comparability judgement (23A, 27B1(b)).
def _replacement_awaiting_judgement() -> Board:
    board = Board(dealer="N")
    board.calls("1NT")
    board.call("E", "1S")
    board.refuse("S")
    board.call("E", "2H")
    assert board.state == "auction.insufficient_bid.ruling"
    return board


def test_25A_on_a_27B_replacement_the_intended_call_replaces_the_insufficient_bid():
    board = _replacement_awaiting_judgement()
    board.substitute("E", "2S")
    assert board.snapshot()["irregularity"]["held"] == "E:2S"
    board.judge(unintended=True)
    snap = board.snapshot()
    assert board.state == "auction.calling" and snap["auction"] == ["N:1NT", "E:2S"]
    assert snap["rulings"] == ["25A", "27B1(a)"] and snap["obligations"] == [] and snap["lead_restrictions"] == []
    assert snap["unauthorized_information"] == [{"source": "E:2H", "for": ["W"], "law": "16C"}]


def test_25A_on_a_27B_replacement_another_call_is_judged_in_turn():
    board = _replacement_awaiting_judgement()
    board.substitute("E", "3C")
    board.judge(unintended=True)
    snap = board.snapshot()
    assert board.state == "auction.insufficient_bid.ruling" and snap["irregularity"]["replacement"] == "E:3C"
    board.judge(comparable=False)  # 27B2 on the new replacement
    assert board.snapshot()["obligations"] == [{"seat": "W", "kind": "pass_rest", "law": "27B2"}]


def test_25B2_on_a_27B_replacement_the_first_replacement_awaits_its_judgement_again():
    board = _replacement_awaiting_judgement()
    board.substitute("E", "2D")
    board.judge(unintended=False)
    snap = board.snapshot()
    assert board.state == "auction.insufficient_bid.ruling" and snap["irregularity"]["replacement"] == "E:2H"
    assert "held" not in snap["irregularity"] and snap["cancelled"] == ["E:1S", "E:2D"]
    assert snap["lead_restrictions"] == [{"seat": "W", "law": "26B", "suits": ["C", "D", "H", "S"]}]


def test_a_partner_call_held_while_the_replacement_waits_bars_the_change():
    board = _replacement_awaiting_judgement()
    board.call("W", "Pass")
    with pytest.raises(IllegalEvent) as err:
        board.substitute("E", "2S")
    assert err.value.law == "25A4"
