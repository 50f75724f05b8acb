"""24: cards exposed during the auction, and what they become when it ends."""

import pytest

from fsm import Board, IllegalEvent


@pytest.mark.parametrize(
    ("cards", "led", "bar", "kind"),
    [
        (["S5"], False, None, "minor"),  # 24A: a single card below honour rank
        (["SK"], False, "24B", "major"),  # 24B: an honour
        (["H2"], True, "24B", "major"),  # 24B: a card prematurely led
        (["D2", "D3"], False, "24C", "major"),  # 24C: two cards
    ],
)
def test_exposed_by_a_future_defender(cards, led, bar, kind):
    board = Board()
    board.call("N", "1H")
    board.expose("E", cards, led=led)
    obligations = board.snapshot()["obligations"]
    assert obligations == ([{"seat": "W", "kind": "pass_next_turn", "law": bar}] if bar else [])
    assert board.snapshot()["unauthorized_information"][0]["for"] == ["W"]
    board.calls("Pass Pass Pass")  # West's pass fulfils his obligation; North declares
    snap = board.snapshot()
    assert snap["penalty_cards"] == [{"seat": "E", "card": c, "kind": kind, "law": "24E"} for c in cards]
    assert snap["exposed_cards"] == [] and snap["obligations"] == []


def test_declaring_side_takes_them_back_24D():
    board = Board()
    board.call("N", "1H")
    board.expose("S", ["SA"])
    board.calls("Pass Pass Pass")
    assert board.snapshot()["penalty_cards"] == [] and "24D" in board.snapshot()["rulings"]


@pytest.mark.parametrize(
    ("seat", "cards", "penalty", "rulings"),
    [
        (
            "E",
            ["S5"],
            [{"seat": "E", "card": "S5", "kind": "minor", "law": "24E"}],
            ["24A", "24E"],
        ),  # the leader, a low card
        (
            "W",
            ["SK"],
            [{"seat": "W", "card": "SK", "kind": "major", "law": "24E"}],
            ["24B", "24E"],
        ),  # his partner, an honour
        ("S", ["D2", "D3"], [], ["24C", "24D"]),  # the presumed dummy takes them back
    ],
)
def test_in_the_clarification_period_24D_24E_apply_at_once(seat, cards, penalty, rulings):
    # FFB: « durant la période des annonces », which lasts until the lead is faced (17D1).
    board = Board()
    board.calls("1NT Pass Pass Pass")
    board.expose(seat, cards)
    snap = board.snapshot()
    assert snap["state"] == "clarification.face_down_lead"
    assert snap["penalty_cards"] == penalty and snap["exposed_cards"] == [] and snap["rulings"] == rulings
    assert snap["obligations"] == []  # the auction is over: partner has no next turn to call
    partner = {"N": "S", "E": "W", "S": "N", "W": "E"}[seat]
    assert [u["for"] for u in snap["unauthorized_information"]] == [[partner]] * len(cards)


def test_in_the_clarification_period_the_24B_bar_binds_if_the_auction_is_reopened():
    board = Board()
    board.calls("1H Pass Pass Pass")
    board.expose("E", ["SQ"])  # an honour: West must pass at his next turn (24B)
    board.substitute("S", "2H")
    board.judge(unintended=True)  # 25A: the auction is reopened
    assert board.snapshot()["obligations"] == [{"seat": "W", "kind": "pass_next_turn", "law": "24B"}]
    board.calls("3H Pass Pass")
    board.call("W", "4S")  # breaks the 24B obligation: a barred player's call (37)
    assert board.state == "auction.call_by_barred_player"


def test_english_reading_refuses_a_card_exposed_after_the_final_pass():
    board = Board(settings={"law24_during": "auction"})
    board.calls("1NT Pass Pass Pass")
    with pytest.raises(IllegalEvent) as err:
        board.expose("E", ["SA"])
    assert err.value.law == "24"
    assert board.snapshot()["penalty_cards"] == []


def test_after_a_faced_lead_law_24_no_longer_applies():
    board = Board()
    board.calls("1NT Pass Pass Pass")
    board.lead("E", "HK")  # the auction period is over (17D1)
    before, logged = board.snapshot(), len(board.events)
    with pytest.raises(IllegalEvent) as err:
        board.expose("W", ["SA"])  # Law 24: « durant la période des annonces », over at the faced lead (17D1)
    assert err.value.law == "24"
    assert board.snapshot() == before and len(board.events) == logged


@pytest.mark.parametrize(
    ("exposures", "kinds"),
    [
        ([["S5"]], ["minor"]),  # one low card: minor (24A, 50B)
        ([["S5"], ["H3"]], ["major", "major"]),  # two low cards one by one: both major (50B)
        ([["S5"], ["HK"]], ["major", "major"]),  # a low card and an honour: both major
    ],
)
def test_two_penalty_cards_of_one_defender_are_all_major_50B(exposures, kinds):
    board = Board()
    board.call("N", "1H")
    for cards in exposures:
        board.expose("W", cards)
    board.calls("Pass Pass Pass")  # an honour bars East once (24B): his pass fulfils it
    assert [p["kind"] for p in board.snapshot()["penalty_cards"]] == kinds


def test_each_exposed_and_penalty_card_names_the_law_that_made_it_so():
    """24: a card exposed during the auction is face up under Law 24; a defender's becomes a penalty card
    under 24E; a lead out of turn refused is a penalty card under 54D (each record keeps its own law)."""
    board = Board()
    board.call("N", "1S")
    board.expose("W", ["D5"])
    assert board.snapshot()["exposed_cards"] == [{"seat": "W", "card": "D5", "law": "24"}]
    board.calls("Pass 4S Pass Pass Pass")
    assert board.snapshot()["penalty_cards"] == [{"seat": "W", "card": "D5", "kind": "minor", "law": "24E"}]
    board.lead("W", "HK")  # out of turn: East is on lead
    board.refuse("N")
    assert board.snapshot()["penalty_cards"] == [
        {"seat": "W", "card": "D5", "kind": "major", "law": "24E"},  # 50B: two of one defender, all major
        {"seat": "W", "card": "HK", "kind": "major", "law": "54D"},
    ]


def _dummy_faces_the_diamond_ace():
    board = Board(dealer="N")
    board.calls("1S Pass 4S Pass Pass Pass")
    board.lead("S", "DA")  # the presumed dummy attempts the opening lead (54E)
    return board


def test_54E_a_card_faced_by_the_declaring_side_is_law_24_settled_at_once_24D():
    board = _dummy_faces_the_diamond_ace()
    snap = board.snapshot()
    assert snap["rulings"] == ["54E", "24D"] and snap["state"] == "clarification.face_down_lead"
    assert snap["exposed_cards"] == [] and snap["penalty_cards"] == [] and snap["lead"] is None
    assert snap["returned_cards"] == [{"seat": "S", "card": "DA", "law": "24D"}]
    # 24: unauthorized for the offending side (16C): his partner, the presumed declarer
    assert snap["unauthorized_information"] == [{"source": "S:DA", "for": ["N"], "law": "24"}]
    # 24B (a card prematurely led): North's bar is kept aside, out of force while the auction is over
    assert snap["obligations"] == [] and snap["reviews"] == ["72C"]
    assert [(o.seat.value, o.kind, o.law) for o in board.table.obligations_at_end] == [("N", "pass_next_turn", "24B")]


def test_54E_the_same_card_faced_twice_is_one_card_one_information_one_bar():
    board = _dummy_faces_the_diamond_ace()
    board.lead("S", "DA")
    snap = board.snapshot()
    assert snap["returned_cards"] == [{"seat": "S", "card": "DA", "law": "24D"}]
    assert snap["unauthorized_information"] == [{"source": "S:DA", "for": ["N"], "law": "24"}]
    assert len(board.table.obligations_at_end) == 1


def test_54E_the_card_comes_back_when_a_change_reopens_the_auction_25A5():
    board = _dummy_faces_the_diamond_ace()
    board.substitute("E", "5H")  # East's final pass was unintended
    board.judge(unintended=True)
    snap = board.snapshot()
    assert snap["state"] == "auction.calling" and snap["turn"] == "S"
    assert snap["exposed_cards"] == [{"seat": "S", "card": "DA", "law": "54E"}] and snap["returned_cards"] == []
    assert snap["obligations"] == [{"seat": "N", "kind": "pass_next_turn", "law": "24B"}]
    board.calls("Pass Pass")
    board.call("N", "2S")  # North bids although he must pass: Law 37
    assert board.snapshot()["irregularity"]["law"] == "37"


def test_54E_reopened_then_defending_the_card_is_a_major_penalty_card_24E():
    board = _dummy_faces_the_diamond_ace()
    board.substitute("E", "5H")
    board.judge(unintended=True)
    board.calls("Pass Pass Pass")  # North passes as he must; East declares 5H: South defends
    snap = board.snapshot()
    assert snap["declarer"] == "E" and snap["obligations"] == [] and snap["exposed_cards"] == []
    assert snap["penalty_cards"] == [{"seat": "S", "card": "DA", "kind": "major", "law": "24E"}]


def test_54E_a_card_put_face_down_by_the_declaring_side_goes_back_with_no_rectification():
    board = Board(dealer="N")
    board.calls("1S Pass 4S Pass Pass Pass")
    board.lead("N", "SA", face_down=True)  # partner could not have seen its face (24)
    snap = board.snapshot()
    assert snap["rulings"] == ["54E"] and snap["returned_cards"] == [{"seat": "N", "card": "SA", "law": "54E"}]
    assert snap["unauthorized_information"] == [] and snap["reviews"] == []
    assert board.table.obligations_at_end == ()
