"""The record's invariants (tests/invariants.py) after every event of every corpus scenario, and the
records that keep them: a call awaiting its ruling, a card sent back to the hand with its law."""

from __future__ import annotations

import pytest

from fsm import Board, Seat
from fsm.bridge.records import Returned
from fsm.model import scenario as corpus

from . import invariants

SCENARIOS = [s for f in corpus.corpus_files() for s in corpus.load(f)]


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.id for s in SCENARIOS])
def test_every_corpus_scenario_keeps_the_invariants(scenario):
    board = corpus.play(scenario)
    deal = corpus.hands(scenario)  # seat, then suit: ranks
    hands = {seat: tuple(s + r for s, ranks in suits.items() for r in ranks) for seat, suits in (deal or {}).items()}
    found = invariants.check(board) + invariants.check_record(board, hands or None)
    assert found == [], "\n".join(map(str, found))


def test_a_replacement_made_before_the_ruling_is_in_the_snapshot():
    """27C: East replaces his insufficient 1♦ by 2♦ before South has chosen; both are on the table."""
    board = Board()
    board.calls("1H 1D")
    board.call("E", "2D")
    irr = board.snapshot()["irregularity"]
    assert (irr["source"], irr["replacement"]) == ("E:1D", "E:2D")
    board.accept("S")  # 27A1: the insufficient bid stands, the replacement is cancelled
    snap = board.snapshot()
    assert snap["auction"] == ["N:1H", "E:1D"] and snap["cancelled"] == ["E:2D"] and snap["irregularity"] is None


def test_cards_exposed_on_a_passed_out_board_go_back_under_24():
    """24: no play follows a pass-out; East's exposed card goes back to his hand, recorded."""
    board = Board(dealer="N")
    board.call("N", "Pass")
    board.expose("E", ["H5"])
    board.calls("Pass Pass Pass")
    snap = board.snapshot()
    assert snap["contract"] == "Pass" and snap["exposed_cards"] == [] and snap["penalty_cards"] == []
    assert snap["returned_cards"] == [{"seat": "E", "card": "H5", "law": "24"}]


def test_the_declaring_side_s_exposed_card_goes_back_under_24D():
    """24D: South, who becomes dummy, exposed a card: it goes back to his hand, no penalty card."""
    board = Board(dealer="N")
    board.call("N", "1S")
    board.expose("S", ["D2"])
    board.calls("Pass 4S Pass Pass Pass")
    snap = board.snapshot()
    assert snap["declarer"] == "N" and snap["penalty_cards"] == []
    assert snap["returned_cards"] == [{"seat": "S", "card": "D2", "law": "24D"}]


def test_a_face_down_card_of_the_leader_s_partner_goes_back_under_41A():
    """41A: East is on lead; West puts a card face down: it goes back to his hand, East's lead stands."""
    board = Board(dealer="N")
    board.calls("1S Pass 4S Pass Pass Pass")
    board.lead("E", "D2", face_down=True)
    board.lead("W", "HK", face_down=True)
    snap = board.snapshot()
    assert snap["lead"] == {"seat": "E", "card": "D2", "faced": False}
    assert snap["returned_cards"] == [{"seat": "W", "card": "HK", "law": "41A"}]


def test_a_penalty_card_picked_up_under_50D2_is_recorded():
    """50D2: West holds a major penalty card (24E); declarer requires its suit, the card is picked up."""
    board = Board(dealer="N")
    board.call("N", "1S")
    board.expose("W", ["DK"])
    board.calls("Pass 4S Pass Pass Pass")
    assert board.snapshot()["penalty_cards"] == [{"seat": "W", "card": "DK", "kind": "major", "law": "24E"}]
    board.require("N", "D")
    snap = board.snapshot()
    assert snap["penalty_cards"] == [] and snap["lead_constraints"][0]["suit"] == "D"
    assert snap["returned_cards"] == [{"seat": "W", "card": "DK", "law": "50D2"}]


def test_the_checker_finds_a_card_gone_without_its_law():
    """The checker can fail: a card removed from the table by no rule that records it is reported."""
    board = Board(dealer="N")
    board.call("N", "1S")
    board.expose("E", ["SK"])
    before = board.snapshot()
    board.table.exposed = ()
    found = invariants.check_step(before, board, "call", {}, [object()], None)  # type: ignore[list-item]
    assert "card gone from the table, not returned" in {v.kind for v in found}


def test_a_card_exposed_twice_is_one_exposed_card_made_major_by_its_lead():
    """24: South exposes the ♣2 (24A: a single low card), then leads that same card face up: still one
    card face up, now major, and his partner North passes at his next turn (24B)."""
    board = Board(dealer="E")
    board.call("E", "1H")
    board.expose("S", ["C2"])
    board.expose("S", ["C2"], led=True)
    snap = board.snapshot()
    assert snap["exposed_cards"] == [{"seat": "S", "card": "C2", "law": "24"}]
    assert [x.major for x in board.table.exposed] == [True]  # 24B: a card led prematurely
    assert {"seat": "N", "kind": "pass_next_turn", "law": "24B"} in snap["obligations"]


def test_a_card_led_face_down_during_the_auction_goes_back_under_24():
    """24: a card led face down during the auction could not be seen by partner: it goes back, recorded."""
    board = Board(dealer="N")
    board.call("N", "1S")
    board.lead("E", "D7", face_down=True)
    snap = board.snapshot()
    assert snap["exposed_cards"] == [] and snap["obligations"] == []
    assert snap["returned_cards"] == [{"seat": "E", "card": "D7", "law": "24"}]


def test_a_card_shown_after_a_pass_out_goes_back_under_22B():
    """22B: the hands go back to the board unplayed: a card shown after a pass-out goes back, recorded."""
    board = Board(dealer="N")
    board.calls("Pass Pass Pass Pass")
    board.expose("E", ["SA"])
    snap = board.snapshot()
    assert snap["state"] == "passed_out" and snap["penalty_cards"] == [] and snap["exposed_cards"] == []
    assert snap["returned_cards"] == [{"seat": "E", "card": "SA", "law": "22B"}]


def test_a_penalty_card_led_again_out_of_turn_stays_one_penalty_card():
    """50B, 49: East's penalty card led again while West's lead out of turn waits is still one card."""
    board = Board(dealer="N")
    board.call("N", "1S")
    board.expose("E", ["SA"])  # 24B: an honour; East defends, 24E: a major penalty card
    board.calls("Pass 4S Pass Pass Pass")
    board.lead("W", "DK")  # out of turn: East is on lead
    board.lead("E", "SA", face_down=True)
    assert board.snapshot()["penalty_cards"] == [{"seat": "E", "card": "SA", "kind": "major", "law": "24E"}]


def test_the_face_down_lead_turned_up_while_a_change_awaits_stays_the_lead():
    """East's face-down lead lies on the table while West's change of call awaits the Director (25); East
    leads that same card face up: one card still, the lead, not a second, exposed card; partner has seen
    it (16C) and, a card led during the auction, West passes at his next turn (24B)."""
    board = Board(dealer="N")
    board.calls("1C Pass Pass Pass")
    board.lead("E", "H7", face_down=True)
    board.substitute("W", "1H")
    board.lead("E", "H7")
    snap = board.snapshot()
    assert snap["lead"] == {"seat": "E", "card": "H7", "faced": False} and snap["exposed_cards"] == []
    assert {"seat": "W", "kind": "pass_next_turn", "law": "24B"} in snap["obligations"]
    assert {"source": "E:H7", "for": ["W"], "law": "24"} in snap["unauthorized_information"]


def test_the_face_down_lead_shown_in_the_clarification_period_is_then_faced():
    """41C: East shows the card of his face-down lead, then faces it: the lead is made, play begins."""
    board = Board(dealer="N")
    board.calls("1C Pass Pass Pass")
    board.lead("E", "H7", face_down=True)
    board.expose("E", ["H7"])
    board.face_lead("E")
    snap = board.snapshot()
    assert snap["state"] == "play" and snap["lead"] == {"seat": "E", "card": "H7", "faced": True}
    assert snap["penalty_cards"] == [] and snap["exposed_cards"] == []


# --- a card in one place: exposed, a penalty card, the opening lead, or back in the hand ---------------
def _cards(board: Board) -> dict[str, object]:
    snap = board.snapshot()
    return {k: snap[k] for k in ("lead", "exposed_cards", "penalty_cards", "returned_cards")}


def test_a_card_led_face_down_then_exposed_is_exposed_only():
    """24: East's ♥4 led face down during the auction goes back to his hand (partner could not see it);
    shown afterwards, it is a card exposed from the hand (24A), no longer among the cards returned."""
    board = Board(dealer="N")
    board.call("N", "1H")
    board.lead("E", "H4", face_down=True)
    assert _cards(board)["returned_cards"] == [{"seat": "E", "card": "H4", "law": "24"}]
    board.expose("E", ["H4"])
    assert _cards(board) == {
        "lead": None,
        "exposed_cards": [{"seat": "E", "card": "H4", "law": "24"}],
        "penalty_cards": [],
        "returned_cards": [],
    }
    snap = board.snapshot()
    assert snap["rulings"] == ["24", "24A"] and snap["obligations"] == []
    assert snap["unauthorized_information"] == [{"source": "E:H4", "for": ["W"], "law": "24"}]
    board.calls("Pass Pass Pass")  # North declares, East defends: 24E
    assert _cards(board) == {
        "lead": None,
        "exposed_cards": [],
        "penalty_cards": [{"seat": "E", "card": "H4", "kind": "minor", "law": "24E"}],
        "returned_cards": [],
    }


def test_the_same_card_led_face_down_twice_is_returned_once():
    """24: the ♥4 led face down twice goes back to the hand twice: it is one card in the hand, recorded once
    (the Director's two notes stay in the rulings)."""
    board = Board(dealer="N")
    board.call("N", "1H")
    board.lead("E", "H4", face_down=True)
    board.lead("E", "H4", face_down=True)
    assert _cards(board) == {
        "lead": None,
        "exposed_cards": [],
        "penalty_cards": [],
        "returned_cards": [{"seat": "E", "card": "H4", "law": "24"}],
    }
    assert board.snapshot()["rulings"] == ["24", "24"]


def test_a_card_led_face_down_then_face_up_is_exposed_only():
    """24B: the ♥4 back in the hand is then led face up: a card led prematurely, face up until the end of
    the auction, and West passes at his next turn; it is no longer among the cards returned."""
    board = Board(dealer="N")
    board.call("N", "1H")
    board.lead("E", "H4", face_down=True)
    board.lead("E", "H4")
    assert _cards(board) == {
        "lead": None,
        "exposed_cards": [{"seat": "E", "card": "H4", "law": "24"}],
        "penalty_cards": [],
        "returned_cards": [],
    }
    assert board.snapshot()["obligations"] == [{"seat": "W", "kind": "pass_next_turn", "law": "24B"}]


def test_a_card_back_in_the_hand_exposed_in_the_clarification_period_is_a_penalty_card_only():
    """24A, 24E: the ♥4 went back to East's hand during the auction (24); exposed after the final pass by
    the future defender it becomes at once a minor penalty card, and nothing else."""
    board = Board(dealer="N")
    board.call("N", "1S")
    board.lead("E", "H4", face_down=True)
    board.calls("Pass 4S Pass Pass Pass")
    board.expose("E", ["H4"])
    assert _cards(board) == {
        "lead": None,
        "exposed_cards": [],
        "penalty_cards": [{"seat": "E", "card": "H4", "kind": "minor", "law": "24E"}],
        "returned_cards": [],
    }
    assert board.snapshot()["rulings"] == ["24", "24A", "24E"]


def test_a_card_back_in_the_hand_is_then_the_opening_lead():
    """41A: the ♥4 went back to East's hand during the auction (24); East, on lead, leads it face down:
    it is the opening lead and nothing else."""
    board = Board(dealer="N")
    board.call("N", "1S")
    board.lead("E", "H4", face_down=True)
    board.calls("Pass 4S Pass Pass Pass")
    board.lead("E", "H4", face_down=True)
    assert _cards(board) == {
        "lead": {"seat": "E", "card": "H4", "faced": False},
        "exposed_cards": [],
        "penalty_cards": [],
        "returned_cards": [],
    }


def test_the_face_down_lead_retracted_under_54_is_the_lead_again_when_led_again():
    """54: West faces a lead out of turn; East's face-down lead goes back to his hand. Declarer refuses
    (54D: the ♥K a major penalty card) and leaves it (50D2); East leads the ♦2 again: it is the lead, no
    longer among the cards returned."""
    board = Board(dealer="N")
    board.calls("1S Pass 4S Pass Pass Pass")
    board.lead("E", "D2", face_down=True)
    board.lead("W", "HK")
    assert _cards(board)["returned_cards"] == [{"seat": "E", "card": "D2", "law": "54"}]
    board.refuse("N")
    board.leave_penalty_card("N")
    board.lead("E", "D2", face_down=True)
    assert _cards(board) == {
        "lead": {"seat": "E", "card": "D2", "faced": False},
        "exposed_cards": [],
        "penalty_cards": [{"seat": "W", "card": "HK", "kind": "major", "law": "54D"}],
        "returned_cards": [],
    }
    assert board.snapshot()["rulings"] == ["54D", "50D2"]


def test_a_penalty_card_led_face_down_and_retracted_under_54_stays_a_penalty_card():
    """24E, 54: East's ♠A is a major penalty card; he leads it face down, then West faces a lead out of
    turn. The face-down lead is retracted, but a penalty card stays face up on the table until it is
    played (50): it is a penalty card still, not a card back in the hand."""
    board = Board(dealer="N")
    board.call("N", "1S")
    board.expose("E", ["SA"])
    board.calls("Pass 4S Pass Pass Pass")
    board.lead("E", "SA", face_down=True)
    board.lead("W", "DK")
    assert _cards(board) == {
        "lead": {"seat": "W", "card": "DK", "faced": True},
        "exposed_cards": [],
        "penalty_cards": [{"seat": "E", "card": "SA", "kind": "major", "law": "24E"}],
        "returned_cards": [],
    }


def test_a_penalty_card_led_then_the_auction_reopened_is_an_exposed_card_again():
    """25A5, 24: East's ♣4 became a penalty card at the end of the auction (24A, 24E) and he leads it face
    down; he changes his final pass, unintended, and the auction is reopened: the lead is withdrawn and the card is an
    exposed card of the auction again, face up until it ends, not a card back in the hand."""
    board = Board(dealer="N")
    board.call("N", "1S")
    board.expose("E", ["C4"])
    board.calls("Pass 4S Pass Pass Pass")
    board.lead("E", "C4", face_down=True)
    board.substitute("E", "5C")  # East's final pass was unintended (25A)
    board.judge(unintended=True)
    assert _cards(board) == {
        "lead": None,
        "exposed_cards": [{"seat": "E", "card": "C4", "law": "24"}],
        "penalty_cards": [],
        "returned_cards": [],
    }


def test_a_card_back_in_the_hand_shown_after_a_pass_out_is_returned_once_under_22B():
    """24, 22B: the ♥4 went back to East's hand during the auction; shown after the pass-out it goes back
    again: one record, the last law's."""
    board = Board(dealer="N")
    board.call("N", "Pass")
    board.lead("E", "H4", face_down=True)
    board.calls("Pass Pass Pass")
    board.expose("E", ["H4"])
    assert _cards(board)["returned_cards"] == [{"seat": "E", "card": "H4", "law": "22B"}]


def test_a_card_back_in_the_hand_led_while_a_lead_out_of_turn_waits_is_a_penalty_card_only():
    """54, 49: East's face-down ♦2 went back to his hand when West faced a lead out of turn; East leads
    it while declarer has not chosen: a defender's card played, a major penalty card, and nothing else."""
    board = Board(dealer="N")
    board.calls("1S Pass 4S Pass Pass Pass")
    board.lead("E", "D2", face_down=True)
    board.lead("W", "HK")
    board.lead("E", "D2")
    assert _cards(board) == {
        "lead": {"seat": "W", "card": "HK", "faced": True},
        "exposed_cards": [],
        "penalty_cards": [{"seat": "E", "card": "D2", "kind": "major", "law": "49"}],
        "returned_cards": [],
    }


def test_the_checker_finds_a_card_both_exposed_and_returned():
    """The checker can fail: a card exposed and also recorded as back in the hand is in two places."""
    board = Board(dealer="N")
    board.call("N", "1H")
    board.expose("E", ["H4"])
    assert invariants.check_record(board) == []
    board.table.returned_cards = (Returned(Seat.E, board.table.exposed[0].card, "24"),)
    assert "card in two places" in {v.kind for v in invariants.check_record(board)}


def test_the_same_card_put_face_down_twice_by_the_leader_s_partner_is_one_card_back_in_the_hand():
    """41A: West, not on lead, puts the ♥K face down twice; it goes back to his hand each time: one card
    in the hand, recorded once; the log keeps both acts."""
    board = Board(dealer="N")
    board.calls("1S Pass 4S Pass Pass Pass")
    board.lead("W", "HK", face_down=True)
    board.lead("W", "HK", face_down=True)
    assert _cards(board) == {
        "lead": None,
        "exposed_cards": [],
        "penalty_cards": [],
        "returned_cards": [{"seat": "W", "card": "HK", "law": "41A"}],
    }
    assert [next(iter(e)) for e in board.record()["events"]][-2:] == ["lead", "lead"]
