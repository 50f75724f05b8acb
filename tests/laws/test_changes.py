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
    assert err.value.law == "25"


def test_substitute_option_holders_are_those_whose_partner_is_silent():
    board = Board()
    board.calls("1H Pass")
    holders = next(o["seats"] for o in board.options() if o["event"] == "substitute")
    assert holders == ["N", "E"]
    board.call("S", "2H")  # North's partner has called: only East and South remain
    holders = next(o["seats"] for o in board.options() if o["event"] == "substitute")
    assert holders == ["E", "S"]
