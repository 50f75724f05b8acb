"""The record's invariants (tests/invariants.py) after every event of every corpus scenario, and the
records that keep them: a call awaiting its ruling, a card sent back to the hand with its law."""

from __future__ import annotations

import pytest

from fsm import Board
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
    assert board.snapshot()["penalty_cards"] == [{"seat": "W", "card": "DK", "kind": "major"}]
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
    assert snap["exposed_cards"] == [{"seat": "S", "card": "C2"}]
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
    assert board.snapshot()["penalty_cards"] == [{"seat": "E", "card": "SA", "kind": "major"}]


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
