"""41: the face-down lead by declarer's LHO, then faced; a faced lead by the wrong defender is 54."""

import pytest

from fsm import Board, IllegalEvent


def board_after(calls="1S Pass 4S Pass Pass Pass"):
    board = Board()
    board.calls(calls)
    return board


def test_leader_is_declarer_lho_41A():
    board = board_after()
    assert board.snapshot()["opening_leader"] == "E"
    board.lead("E", "HK", face_down=True)
    assert board.snapshot()["lead"] == {"seat": "E", "card": "HK", "faced": False}
    board.face_lead("E")
    assert board.state == "play" and board.snapshot()["turn"] is None


def test_faced_lead_by_wrong_defender_is_54():
    board = board_after()
    board.lead("W", "DA")
    assert board.state == "lead_out_of_turn"


def test_a_lead_by_the_declaring_side_goes_back_54E():
    board = board_after()
    board.lead("S", "DA")
    snap = board.snapshot()
    assert snap["state"] == "clarification.face_down_lead" and snap["lead"] is None and snap["rulings"] == ["54E"]
    assert snap["penalty_cards"] == []


def test_review_in_clarification_41B():
    board = board_after()
    board.review("W")  # leader's partner
    board.review("N")  # presumed declarer
    with pytest.raises(IllegalEvent) as err:
        board.review("S")  # presumed dummy
    assert err.value.law == "41B"
