"""The structures that keep an event's cost flat: a growing tuple, and the auction's undo journal.

What they must keep is what a tuple replaced on every change kept: a value once read never
changes, and undoing an event puts the record back exactly as it was."""

from __future__ import annotations

import pickle

import pytest

from fsm import Board
from fsm.bridge.auction import CANCELLED, PENDING, STANDING, WITHDRAWN, Auction, Entry
from fsm.bridge.calls import Seat, parse_call
from fsm.bridge.errors import IllegalEvent
from fsm.bridge.growing import GrowingTuple, plus


def test_a_growing_tuple_never_changes_once_read():
    a = plus((), "27A1")
    b = plus(a, "29A")
    c = plus(b, "39A")
    assert (a, b, c) == (("27A1",), ("27A1", "29A"), ("27A1", "29A", "39A"))
    # b, put back as an undo would, grows on a branch of its own: c is untouched
    d = plus(b, "36A")
    assert c == ("27A1", "29A", "39A") and d == ("27A1", "29A", "36A")
    assert list(d) == ["27A1", "29A", "36A"] and d[-1] == "36A" and d[1:] == ("29A", "36A")
    assert "39A" in c and "39A" not in d and "36A" not in b
    assert GrowingTuple() == () and hash(d) == hash(("27A1", "29A", "36A"))


def test_a_growing_tuple_copies_and_pickles_as_its_items():
    a = GrowingTuple(["16C"])
    b = a.copy()
    plus(a, "16C2")
    assert b == ("16C",) and plus(b, "26B") == ("16C", "26B")
    assert pickle.loads(pickle.dumps(plus(a, "72C"))) == ("16C", "72C")
    assert repr(plus(a, "72C")) == "('16C', '72C')"


def _entry(seat: str, call: str, status: str = STANDING) -> Entry:
    return Entry(Seat(seat), parse_call(call), status)


def _state(auction: Auction) -> tuple[object, ...]:
    return (
        auction.entries, auction.made, tuple(auction.standing()), auction.last_bid(), auction.last_non_pass(),
        auction.trailing_passes(), auction.turn(), auction.contract(), auction.declarer(),
    )  # fmt: skip


def test_the_auction_journal_undoes_every_kind_of_change_latest_first():
    auction = Auction(Seat.N)
    one_h = auction.add(_entry("N", "1H"))
    auction.add(_entry("E", "Pass"))
    before, mark = _state(auction), auction.save()
    two_h = auction.add(_entry("S", "2H"))
    held = auction.add(_entry("W", "X", PENDING))
    auction.set_status(held, CANCELLED, "36A")
    auction.move_after(two_h, one_h, STANDING)  # 25A: the new call takes the place of the old
    auction.drop(auction.add(_entry("N", "3H", PENDING)))
    auction.cancel_from(auction.entry(two_h.n), "38B")
    auction.set_status(one_h, WITHDRAWN, "25A6")
    assert _state(auction) != before
    auction.restore(mark)
    assert _state(auction) == before
    assert auction.entry(one_h.n) == one_h and not auction.has(two_h.n)
    # and it goes on from there as if nothing had happened
    assert auction.add(_entry("S", "2H")).n == 3 and auction.turn() is Seat.W


def test_a_refused_event_after_thousands_leaves_the_board_as_it_was():
    board = Board()
    board.calls("1H Pass Pass Pass")
    for i in range(2_000):  # 39: each call after the final pass is a ruling, and is cancelled
        board.call("NESW"[i % 4], "2C")
    before = (board.snapshot(), board.options(), board.table.copy())
    with pytest.raises(IllegalEvent):
        board.face_lead("E")  # nobody has led yet: nothing to face (41C)
    assert (board.snapshot(), board.options(), board.table.copy()) == before
    assert Board.replay(board.record()).snapshot() == board.snapshot()
