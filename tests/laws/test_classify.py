"""18D, 19, 25, 29-32, 37, 38: which law an irregular call falls under, and whose turn it was."""

import pytest

from fsm import Board
from fsm.bridge.auction import Relation, relation
from fsm.bridge.calls import Seat, parse_call
from fsm.bridge.context import CONTEXT
from fsm.bridge.records import PASS_REST, CallKind, Obligation
from fsm.laws.classify import classify

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


@pytest.mark.parametrize(
    ("offender", "turn", "called", "expected"),
    [
        (E, N, False, Relation.RHO),  # East jumps North: North is his RHO
        (S, N, False, Relation.PARTNER),
        (W, N, False, Relation.LHO_NOT_PREV),  # dealer's RHO calls first
        (W, N, True, Relation.LHO_PREV),  # calls again right after his own call: Law 25
        (N, N, True, Relation.IN_TURN),
    ],
)
def test_relation(offender, turn, called, expected):
    assert relation(offender, turn, called) is expected


@pytest.mark.parametrize(
    ("calls", "seat", "call", "kind"),
    [
        ("1H", E, "1D", CallKind.INSUFFICIENT),
        ("1H", E, "1H", CallKind.INSUFFICIENT),  # the same bid does not supersede (18D)
        ("1H", E, "1S", CallKind.REGULAR),
        ("1H", S, "1D", CallKind.BID_OUT_OF_ROTATION),  # 27A2
        ("1H", S, "2D", CallKind.BID_OUT_OF_ROTATION),
        ("1H", S, "Pass", CallKind.PASS_OUT_OF_ROTATION),
        ("1H", W, "X", CallKind.DOUBLE_OUT_OF_ROTATION),
        ("1H", S, "X", CallKind.INADMISSIBLE),  # doubling partner, out of rotation: 36 not 32
        ("1H", E, "XX", CallKind.INADMISSIBLE),
        ("1H X", S, "X", CallKind.INADMISSIBLE),  # already doubled
        ("1H X XX", W, "XX", CallKind.INADMISSIBLE),
        ("1H Pass Pass", W, "X", CallKind.REGULAR),  # passes in between do not matter
        ("1H X", S, "XX", CallKind.REGULAR),
        ("1H", E, "8C", CallKind.BID_ABOVE_SEVEN),
        ("1H", N, "2H", CallKind.CHANGE),  # at his LHO's turn right after his own call
        ("1H Pass", S, "Pass", CallKind.REGULAR),
        ("1H Pass Pass", W, "Pass", CallKind.REGULAR),  # the auction then ends (22A), see test_normal
        ("1H X", S, "Pass", CallKind.REGULAR),
    ],
)
def test_kind(calls, seat, call, kind):
    board = Board(dealer="N")
    board.calls(calls)
    seat = board.auction.turn() if seat is None else seat
    assert classify(board.table, seat, parse_call(call)).kind is kind


def test_artificial_pass_out_of_rotation_is_treated_as_a_bid_30C():
    board = Board()
    board.call("N", "1C")
    assert classify(board.table, S, parse_call("Pass"), artificial=True).kind is CallKind.BID_OUT_OF_ROTATION


@pytest.mark.parametrize(
    ("artificial", "kind"),
    [(True, CallKind.BID_OUT_OF_ROTATION), (False, CallKind.PASS_OUT_OF_ROTATION)],
)
def test_pass_out_of_rotation_over_partner_artificial_call_is_31_30C(artificial, kind):
    board = Board()
    board.calls("1NT Pass")
    board.call("S", "2D", artificial=artificial)
    assert classify(board.table, N, parse_call("Pass")).kind is kind  # at West's turn


def over_partner_artificial_call(board, seat):
    return CONTEXT.compile({"over_partner_artificial": seat.value})(board.table, None)


def test_over_partner_artificial_call_looks_past_opponents_passes_only():
    board = Board()
    board.call("N", "2C", artificial=True)
    board.call("E", "Pass")
    assert over_partner_artificial_call(board, S)  # South's own turn, but the reading is the same
    assert not over_partner_artificial_call(board, W)  # an opponent's artificial call
    board.call("S", "2D")
    assert not over_partner_artificial_call(board, N)  # his partner's last call is natural


def test_barred_player_bid_is_37_but_his_pass_is_regular():
    board = Board()
    board.calls("1H Pass")
    board.table.obligations += (Obligation(S, PASS_REST, "27B2"),)
    assert classify(board.table, S, parse_call("2H")).kind is CallKind.BY_BARRED_PLAYER
    assert classify(board.table, S, parse_call("Pass")).kind is CallKind.REGULAR


def test_barred_player_inadmissible_double_is_36_not_37():
    board = Board()
    board.calls("1H Pass")
    board.table.obligations += (Obligation(S, PASS_REST, "27B2"),)
    assert classify(board.table, S, parse_call("X")).kind is CallKind.INADMISSIBLE


def test_every_kind_has_its_own_waiting_state_and_option_holder():
    from fsm.model.machine import states

    cases = [
        ("1H", ("E", "1D"), "auction.insufficient_bid.offered", "27A1", ["S"]),
        ("1H", ("W", "Pass"), "auction.pass_out_of_rotation", "29A", ["N"]),
        ("1H", ("W", "1S"), "auction.bid_out_of_rotation", "29A", ["N"]),
        ("1H", ("W", "X"), "auction.double_out_of_rotation", "29A", ["N"]),
        ("1H", ("E", "XX"), "auction.inadmissible_double.offered", "36", None),
        ("1H", ("E", "8C"), "auction.bid_above_seven", "38", None),
        ("1H", ("N", "2H"), "auction.change_of_call", "25A", None),
        ("1H Pass Pass Pass", ("E", "2C"), "clarification.call_after_final_pass", "39", None),
    ]
    seen = set()
    for calls, (seat, call), state, law, holder in cases:
        board = Board()
        board.calls(calls)
        board.call(seat, call)
        assert board.state == state and states()[state].waiting
        option = next(o for o in board.options() if o["law"] == law)
        assert option["seats"] == holder
        seen.add(state)
    assert len(seen) == len(cases)


def test_barred_player_call_waits_for_the_director():
    board = Board()
    board.calls("1H Pass")
    board.table.obligations += (Obligation(S, PASS_REST, "27B2"),)
    board.call("S", "2H")
    assert board.state == "auction.call_by_barred_player"
    assert [o["law"] for o in board.options() if o["event"] == "director"] == ["37"]
