"""9B1: the Director may come at any moment; a specific rectification always comes first."""

import pytest

from fsm import Board


@pytest.mark.parametrize(
    ("calls", "then"),
    [("", None), ("1H", None), ("1NT Pass Pass Pass", None), ("Pass Pass Pass Pass", "return_hands")],
)
def test_director_changes_nothing_where_nothing_awaits_him(calls, then):
    board = Board()
    if calls:
        board.calls(calls)
    if then:
        board.apply(then)
    before = board.snapshot()
    board.director()
    assert board.snapshot() == before


def test_a_pending_irregularity_is_rectified_even_in_play():
    board = Board()
    board.calls("1H X Pass")
    board.call("W", "XX")  # inadmissible: West redoubles his partner's double
    board.call("N", "Pass")  # the LHO calls over it: pending
    board.calls("Pass Pass")
    board.lead("E", "SA")
    board.director()
    assert board.snapshot()["contract"] == "1HX" and board.snapshot()["rulings"] == ["36C"]
