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
    assert snap["penalty_cards"] == [{"seat": "E", "card": c, "kind": kind} for c in cards]  # 24E
    assert snap["exposed_cards"] == [] and snap["obligations"] == []


def test_declaring_side_takes_them_back_24D():
    board = Board()
    board.call("N", "1H")
    board.expose("S", ["SA"])
    board.calls("Pass Pass Pass")
    assert board.snapshot()["penalty_cards"] == [] and "24D" in board.snapshot()["rulings"]


def test_not_after_the_auction():
    board = Board()
    board.calls("1NT Pass Pass Pass")
    with pytest.raises(IllegalEvent) as err:
        board.expose("E", ["SA"])
    assert err.value.law == "24"


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
