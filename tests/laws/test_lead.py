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
    assert snap["state"] == "clarification.face_down_lead" and snap["lead"] is None
    assert snap["rulings"] == ["54E", "24D"]  # 54E: Law 24 applies; the offender is dummy: 24D
    assert snap["penalty_cards"] == [] and snap["returned_cards"] == [{"seat": "S", "card": "DA", "law": "24D"}]


def test_review_in_clarification_41B():
    board = board_after()
    board.review("W")  # leader's partner
    board.review("N")  # presumed declarer
    with pytest.raises(IllegalEvent) as err:
        board.review("S")  # presumed dummy
    assert err.value.law == "41B"


def test_54C_declarer_bound_to_accept_may_neither_spread_nor_refuse():
    board = board_after()
    board.lead("W", "HK")
    board.judge(could_see_dummy=True)
    for event in ("spread", "refuse"):
        with pytest.raises(IllegalEvent) as err:
            board.apply(event, {"seat": "N"})
        assert err.value.law == "54C"


def test_after_an_ordinary_lead_spreading_is_refused_under_41C():
    board = board_after()
    board.lead("E", "HK")
    with pytest.raises(IllegalEvent) as err:
        board.spread("N")
    assert err.value.law == "41C"


def test_a_lead_out_of_turn_refused_makes_every_penalty_card_of_that_defender_major_50B():
    board = Board()
    board.call("N", "1S")
    board.expose("W", ["D5"])  # a single low card: minor once the auction ends (24A, 24E)
    board.calls("Pass 4S Pass Pass Pass")
    board.lead("W", "HK")
    board.refuse("N")
    assert [p["kind"] for p in board.snapshot()["penalty_cards"]] == ["major", "major"]


def test_the_leader_waits_for_declarer_50D2_and_options_say_so():
    board = Board()
    board.call("N", "1H")
    board.expose("W", ["SK"])
    board.calls("Pass Pass Pass")
    events = {o["event"] for o in board.options()}
    assert "lead" not in events and "require" in events
    with pytest.raises(IllegalEvent) as err:
        board.lead("E", "D2", face_down=True)
    assert err.value.law == "50D2"
    board.leave_penalty_card("N")
    events = {o["event"] for o in board.options()}
    assert "lead" in events and "require" not in events
    with pytest.raises(IllegalEvent) as err:
        board.require("N", "S")  # one choice only
    assert err.value.law == "50D2"


def test_options_never_list_a_holder_who_is_nobody():
    from fsm.model.scenario import apply_event, corpus_files, load

    for path in corpus_files():
        for scenario in load(path):
            board = Board(dealer=scenario.dealer, settings=scenario.settings, cards_in_board=scenario.cards_in_board)
            for entry in scenario.events:
                if "rejected" not in entry:
                    apply_event(board, entry)
                assert all(o["seats"] is None or o["seats"] for o in board.options()), scenario.id


def test_reviews_after_the_final_pass_cite_20C2_not_20C1():
    # 20C1 is « si c'est à lui d'entamer »; 20C2 is the review « à son premier tour de jouer ».
    board = board_after()
    assert board.review("E")[-1].law == "20C2"  # the opening leader, before his lead
    assert {o["law"] for o in board.options() if o["event"] == "review"} == {"20C2", "41B"}
    board.lead("E", "HK")
    assert board.review("N")[-1].law == "20C2"  # declarer at his first turn to play
    with pytest.raises(IllegalEvent) as err:
        board.review("S")  # dummy
    assert err.value.law == "20C2"


def test_20C1_text_has_no_stray_parenthesis():
    from fsm.laws import lawtext

    assert lawtext.text("20C1") == (
        "Après le Passe final, chaque joueur de la défense a le droit de demander si c’est à lui "
        "d’entamer (voir Lois 47E et 41)."
    )


def test_a_penalty_card_led_out_of_turn_and_refused_stays_one_penalty_card_54D():
    board = Board()
    board.call("N", "1S")
    board.expose("W", ["D5"])  # a minor penalty card once the auction ends (24A, 24E)
    board.calls("Pass 4S Pass Pass Pass")
    board.lead("W", "D5")  # that same card, led out of turn
    board.refuse("N")
    assert board.snapshot()["penalty_cards"] == [{"seat": "W", "card": "D5", "kind": "major", "law": "54D"}]


def _leader_with_two_penalty_cards():
    board = Board()
    board.call("N", "1H")
    board.expose("E", ["S5"])
    board.call("E", "Pass")
    board.expose("E", ["H3"])
    board.calls("Pass Pass")  # East leads, with two major penalty cards (24E, 50B)
    return board


def test_50D1_declarer_designates_and_options_say_so():
    board = _leader_with_two_penalty_cards()
    offered = {(o["event"], tuple(o["seats"] or ())) for o in board.options()}
    assert ("designate", ("N",)) in offered and not any(e == "lead" for e, _ in offered)
    for card in ("S5", "H3", "D2"):  # the defender's own choice comes before declarer's: refused
        with pytest.raises(IllegalEvent) as err:
            board.lead("E", card)
        assert err.value.law == "50D1"
    board.designate("N", "S5")
    assert not any(o["event"] == "designate" for o in board.options())
    with pytest.raises(IllegalEvent) as err:
        board.lead("E", "H3")  # not the card designated
    assert err.value.law == "50D1"
    board.lead("E", "S5")
    assert board.snapshot()["penalty_cards"] == [{"seat": "E", "card": "H3", "kind": "major", "law": "24E"}]


def test_50D1_no_designation_for_a_single_penalty_card_or_by_another_player():
    board = _leader_with_two_penalty_cards()
    for seat, card in (("S", "S5"), ("E", "S5"), ("N", "SA")):
        with pytest.raises(IllegalEvent) as err:
            board.designate(seat, card)
        assert err.value.law == "50D1"
    single = Board()
    single.call("N", "1H")
    single.expose("E", ["SK"])
    single.calls("Pass Pass Pass")
    with pytest.raises(IllegalEvent) as err:
        single.designate("N", "SK")  # one penalty card: nothing to designate
    assert err.value.law == "50D1"


def test_50D2_comes_before_50D1_when_both_defenders_hold_penalty_cards():
    board = Board()
    board.call("N", "1H")
    board.expose("E", ["S5"])
    board.call("E", "Pass")
    board.expose("E", ["H3"])
    board.call("S", "Pass")
    board.expose("W", ["CK"])
    board.calls("Pass")  # East leads; West holds a major penalty card
    events = {o["event"] for o in board.options()}
    assert "designate" not in events and "leave_penalty_card" in events
    before, logged = board.snapshot(), len(board.events)
    with pytest.raises(IllegalEvent) as err:
        board.designate("N", "S5")  # the 50D1 designation waits for declarer's 50D2 choice
    assert err.value.law == "50D1"
    assert board.snapshot() == before and len(board.events) == logged
    board.leave_penalty_card("N")
    assert "designate" in {o["event"] for o in board.options()}
    board.designate("N", "S5")
    board.lead("E", "S5")
    assert board.state == "play"


@pytest.mark.parametrize(
    ("leads", "lead"),
    [
        ([("lead", {"seat": "E", "card": "HK"})], {"seat": "E", "card": "HK", "faced": True}),  # in turn
        ([("lead", {"seat": "W", "card": "DA"})], {"seat": "W", "card": "DA", "faced": True}),  # out of turn
        (
            [("lead", {"seat": "E", "card": "HK", "face_down": True}), ("face_lead", {"seat": "E"})],
            {"seat": "E", "card": "HK", "faced": True},
        ),
    ],
)
def test_38_a_lead_faced_to_a_contract_above_seven_is_recorded_then_ruled(leads, lead):
    board = board_after("1S Pass 8S Pass Pass Pass")  # West called over South's 8S: 38D
    for name, args in leads:
        board.apply(name, args)
    snap = board.snapshot()
    assert snap["state"] == "lead_above_seven" and snap["lead"] == lead and snap["contract"] == "8S"
    assert [(o["event"], o["law"]) for o in board.options()] == [("director", "38A")]
    before, logged = board.snapshot(), len(board.events)
    with pytest.raises(IllegalEvent) as err:
        board.accept("N")  # no Law 54 option: no play begins (38A)
    assert err.value.law == "38A"
    assert board.snapshot() == before and len(board.events) == logged
    board.director()
    snap = board.snapshot()
    assert snap["state"] == "auction.calling" and snap["lead"] is None and snap["rulings"] == ["38D"]
    assert snap["cancelled"] == ["S:8S", "W:Pass", "N:Pass", "E:Pass"]  # 38B
    assert snap["auction"] == ["N:1S", "E:Pass", "S:Pass"]  # 38C: a pass instead
    assert snap["lead_restrictions"] == [] and snap["reviews"] == []  # 38D: the LHO called over it
    card = f"{lead['seat']}:{lead['card']}"
    # UI for the offending side (South, and his partner North), whoever led (16C)
    assert {"source": card, "for": ["S", "N"], "law": "16C"} in snap["unauthorized_information"]
