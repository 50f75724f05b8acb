"""36-39: none may be accepted; after a pass-out a late call is simply cancelled (39A)."""

import pytest

from fsm import Board, IllegalEvent


# 32 intro: an inadmissible double or redouble "ne peut jamais l'être" (accepted), see Law 36;
# 38A: a contract above seven may never be played, so a bid above seven cannot stand.
@pytest.mark.parametrize(("calls", "seat", "call", "state", "law"), [
    ("1H", "E", "XX", "auction.inadmissible_double.offered", "36"),
    ("1H", "E", "8H", "auction.bid_above_seven", "38"),
])  # fmt: skip
def test_no_acceptance(calls, seat, call, state, law):
    board = Board()
    board.calls(calls)
    board.call(seat, call)
    assert board.state == state
    before, logged = board.snapshot(), len(board.events)
    with pytest.raises(IllegalEvent) as err:
        board.accept("S")
    assert err.value.law == law
    assert board.snapshot() == before and len(board.events) == logged


def test_call_after_pass_out_cancelled_39A():
    board = Board()
    board.calls("Pass Pass Pass Pass")
    board.call("S", "1C")
    snap = board.snapshot()
    assert snap["cancelled"] == ["S:1C"] and snap["rulings"] == ["39A"] and snap["state"] == "passed_out"


def test_pending_double_withdrawn_by_a_later_change_is_dropped():
    board = Board()
    board.calls("1H Pass")
    board.call("S", "X")  # doubling partner: inadmissible
    board.call("W", "Pass")  # the LHO calls over it: pending
    board.substitute("S", "2H")
    board.judge(unintended=True)  # 25A: the double is withdrawn, so no inadmissible double awaits him
    assert board.snapshot()["pending"] == []
    board.director()  # nothing left to rule
    snap = board.snapshot()
    assert snap["pending"] == [] and snap["auction"] == ["N:1H", "E:Pass", "S:2H", "W:Pass"]
    assert snap["rulings"] == ["25A"]


@pytest.mark.parametrize(
    ("seat", "call", "why"),
    [("S", "1C", "18D"), ("S", "X", "19A1"), ("S", "XX", "19B1"), ("S", "8H", "18A")],
)
def test_a_36B_replacement_refusal_cites_36B2_and_says_why(seat, call, why):
    """36B2 (« le joueur fautif doit faire une déclaration légale ») is the clause that forbids each of
    these replacements; the message names the law that makes the call illegal."""
    board = Board()
    board.calls("1H Pass")
    board.call("S", "X")  # doubling partner: inadmissible (19A1)
    board.director()
    assert board.state == "auction.inadmissible_double.replacement"
    # the offender replaces it at his turn: he alone may call (36B), or first ask (20B, 20F1)
    assert [(o["event"], o["law"], o["seats"]) for o in board.options(own_state_only=True)] == [
        ("review", "20B", ["S"]),
        ("explain", "20F1", ["S"]),
        ("call", "36B", ["S"]),
    ]
    with pytest.raises(IllegalEvent) as err:
        board.call(seat, call)
    assert err.value.law == "36B2" and f"({why})" in str(err.value)


def _contract_of_eight():
    board = Board()
    board.calls("7NT")
    board.call("E", "8C")
    board.call("S", "Pass")  # the LHO calls over the bid of eight: 38 waits for the Director
    board.calls("Pass Pass")
    assert board.snapshot()["contract"] == "8C"
    return board


def test_a_lead_faced_to_a_contract_above_seven_is_recorded_and_starts_no_play_38A():
    board = _contract_of_eight()
    board.lead("S", "HA", face_down=True)  # 41A: a face-down lead is no play
    assert not [o for o in board.options() if o["event"] == "face_lead"]  # the Director should come first
    board.face_lead("S")  # Law 38 has no time limit: the act at the table is recorded
    assert board.state == "lead_above_seven" and board.snapshot()["lead"]["faced"] is True
    board.director()  # 38D: the bid of eight and every later call cancelled, the card back
    snap = board.snapshot()
    assert snap["state"] == "auction.calling" and snap["auction"] == ["N:7NT", "E:Pass"] and snap["lead"] is None


def test_a_bid_of_eight_still_pending_in_play_is_cancelled_alone():
    board = Board()
    board.calls("7NT")
    board.call("E", "8C")
    board.call("S", "Pass")
    board.call("W", "7NT")  # insufficient over 8C
    board.call("N", "Pass")  # accepted by calling (27A1)
    board.calls("Pass Pass")
    board.lead("N", "SA")
    assert board.state == "play" and board.snapshot()["pending"] == [{"law": "38", "source": "E:8C"}]
    board.director()
    snap = board.snapshot()
    assert snap["pending"] == [] and snap["cancelled"] == ["E:8C"] and snap["contract"] == "7NT"
    assert snap["state"] == "play" and snap["rulings"][-1] == "38D"


@pytest.mark.parametrize(("seat", "call", "law"), [("S", "3NT", "39B"), ("E", "2S", "39C")])
def test_a_face_down_lead_stays_after_a_call_after_the_final_pass(seat, call, law):
    board = Board()
    board.calls("1NT Pass Pass Pass")
    board.lead("E", "SQ", face_down=True)
    board.call(seat, call)
    board.director()
    snap = board.snapshot()
    assert snap["state"] == "clarification.lead_made" and snap["rulings"] == [law]
    assert snap["lead"] == {"seat": "E", "card": "SQ", "faced": False}
    board.face_lead("E")
    assert board.state == "play"


@pytest.mark.parametrize(("opener", "dealer", "passes"), [("X", "N", 3), ("XX", "E", 4)])
def test_a_double_with_no_bid_is_not_a_pass_22B_36A(opener, dealer, passes):
    """22B ends the auction when the four players have passed: a double or redouble with no bid
    (19A1, 19B1) is no pass, so however many passes follow, no pass-out, no hands returned; the
    Director then cancels it and every later call (36A) and the offender calls again."""
    board = Board(dealer=dealer)
    board.call(dealer, opener)
    board.calls(" ".join(["Pass"] * passes))
    snap = board.snapshot()
    assert snap["state"] == "auction.calling" and snap["contract"] is None
    assert snap["pending"] == [{"law": "36", "source": f"{dealer}:{opener}"}]
    before, logged = board.snapshot(), len(board.events)
    with pytest.raises(IllegalEvent) as err:  # 17D2: hands go back only after a pass-out (22B)
        board.apply("return_hands", {})
    assert err.value.law == "17D2"
    assert board.snapshot() == before and len(board.events) == logged
    board.director()
    snap = board.snapshot()
    assert snap["auction"] == [] and len(snap["cancelled"]) == passes + 1
    assert snap["turn"] == dealer and snap["rulings"] == ["36A"] and snap["obligations"] == []


def test_39C_restricts_the_offender_s_partner_even_after_the_offender_s_own_faced_lead():
    """39C: East, the opening leader, bids after the final pass and then faces his lead; West, his partner,
    has not led yet: declarer may still prohibit him the suits East did not name (26B)."""
    board = Board(dealer="N")
    board.calls("1S Pass 4S Pass Pass Pass")
    board.call("E", "5C")
    board.lead("E", "D2")
    board.director()
    snap = board.snapshot()
    assert snap["rulings"] == ["39C"] and snap["cancelled"] == ["E:5C"]
    assert snap["lead_restrictions"] == [{"seat": "W", "law": "26B", "suits": ["C", "D", "H", "S"]}]
