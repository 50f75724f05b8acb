"""The indexes the auction keeps so that every cost is flat in the record's length (each seat's last
standing call, the denominations its standing calls named, the calls removed, the standing calls
around a call): what they answer is what the record says, after calls are added, cancelled, moved,
and after a refused event is undone."""

from __future__ import annotations

import pytest

from fsm import Board, FsmError
from fsm.bridge.calls import Seat, Strain
from fsm.bridge.context import leader_restriction_suits

from . import invariants


def numbers(entries) -> list[int]:  # noqa: ANN001
    return [e.n for e in entries]


def test_since_a_call_and_of_a_seat():
    board = Board()
    board.calls("1H 1S Pass")  # N 1H (1), E 1S (2), S Pass (3)
    a = board.auction
    assert numbers(a.standing_after(1)) == [2, 3]
    assert numbers(a.standing_before(3)) == [2, 1]
    assert numbers(a.standing_before(1)) == []
    assert numbers(a.standing_after(99)) == [] and numbers(a.standing_before(99)) == []
    assert a.opponent_called_after(1, Seat.N) is True  # East's 1S
    assert a.opponent_called_after(2, Seat.N) is False  # only South, North's partner, since
    assert a.opponent_called_after(2, Seat.E) is True
    assert a.opponent_called_after(99, Seat.N) is False
    assert a.last_call_of(Seat.E).call.token == "1S" and a.last_call_of(Seat.W) is None
    assert a.partner_silent_since_own_call(Seat.E) is True  # West has not called
    assert a.partner_silent_since_own_call(Seat.N) is False  # South passed after North's 1H
    assert a.partner_silent_since_own_call(Seat.W) is False  # West has no call
    assert a.names(Seat.N, Strain.H) and a.names(Seat.E, Strain.S) and not a.names(Seat.S, Strain.H)
    assert invariants._indexes(a) == []


def test_the_indexes_follow_cancellations_and_an_undone_event():
    board = Board()
    board.calls("Pass Pass Pass Pass")
    board.call("N", "1H")  # after a pass-out: cancelled (39A)
    board.call("E", "2C")
    a = board.auction
    assert [e.token() for e in a.removed()] == ["N:1H", "E:2C"]
    assert a.last_call_of(Seat.N).call.token == "Pass" and not a.names(Seat.N, Strain.H)
    before = (numbers(a.entries), numbers(a.removed()), a.last_call_of(Seat.E))
    with pytest.raises(FsmError):
        board.calls("3C nonsense")  # refused as a whole: the first call is undone too
    assert (numbers(a.entries), numbers(a.removed()), a.last_call_of(Seat.E)) == before
    assert invariants._indexes(a) == []


def test_an_accepted_insufficient_bid_and_a_change_of_call_keep_the_indexes():
    board = Board()
    board.calls("1H")
    board.call("E", "1C")  # insufficient (27)
    board.accept("S")  # 27A1: it stands
    assert board.auction.last_call_of(Seat.E).call.token == "1C"
    assert board.auction.names(Seat.E, Strain.C)
    board.call("S", "1D")
    board.substitute("S", "1S")  # an unintended call changed (25A): the new call takes its place
    assert invariants._indexes(board.auction) == []


def test_the_leaders_restricted_suits_are_named_once():
    """26B: two calls after the final pass by East, each withdrawn, restrict West twice (each with its
    source); the suits declarer may prohibit are named once each, as before they were repeated."""
    board = Board()
    board.calls("1H Pass Pass Pass")  # declarer North, East leads
    for _ in range(2):
        board.call("W", "2C")  # a defender's call after the final pass (39C)
        board.director()
    restrictions = [r for r in board.table.lead_restrictions if r.seat is Seat.E]
    assert len(restrictions) == 2
    assert leader_restriction_suits(board.table) == ["C", "D", "H", "S"]
    assert [r["suits"] for r in board.snapshot()["lead_restrictions"]] == [["C", "D", "H", "S"]] * 2


def test_the_checker_finds_an_index_that_differs_from_the_record():
    """The invariant can fail: an index changed behind the auction's back is reported."""
    board = Board()
    board.calls("1H 1S")
    board.auction._last[Seat.E] = None  # noqa: SLF001 - the index corrupted on purpose
    found = invariants._indexes(board.auction)
    assert [v.detail for v in found if "last call of E" in v.detail] != []
    assert {v.kind for v in found} == {"an index of the auction differs from its record"}
