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


def _redoubled_by_the_wrong_side():
    board = Board()
    board.calls("1H X Pass")
    board.call("W", "XX")  # inadmissible: West redoubles his partner's double (19B1)
    board.call("N", "Pass")  # the LHO calls over it: pending
    board.calls("Pass Pass")
    return board


@pytest.mark.parametrize(
    ("events", "state"),
    [
        ([("lead", {"seat": "W", "card": "SA"})], "lead_out_of_turn"),
        ([("lead", {"seat": "W", "card": "SA"}), ("refuse", {"seat": "N"})], "clarification.declarer_options"),
        (
            [("lead", {"seat": "W", "card": "SA"}), ("judge", {"misinformation": True})],
            "clarification.face_down_lead",
        ),
        ([("lead", {"seat": "E", "card": "SA"})], "play"),
    ],
)
def test_36C_once_any_opening_lead_has_been_faced(events, state):
    board = _redoubled_by_the_wrong_side()
    for name, args in events:
        board.apply(name, args)
    board.director()
    snap = board.snapshot()
    assert snap["state"] == state and snap["contract"] == "1HX" and snap["pending"] == []
    assert snap["rulings"][-1] == "36C"


@pytest.mark.parametrize("state", ["lead_out_of_turn", "play"])
def test_the_director_changes_nothing_after_the_lead_when_nothing_is_pending(state):
    board = Board()
    board.calls("1S Pass 4S Pass Pass Pass")
    board.lead("W" if state == "lead_out_of_turn" else "E", "HK")
    assert board.state == state
    before = board.snapshot()
    board.director()
    assert board.snapshot() == before
