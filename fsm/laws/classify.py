"""Which law a call made during the auction falls under (18D, 19, 25, 29–32, 37, 38, 22, 17D3).

A pass out of rotation falls under Law 31, not 30, when it is artificial or made over partner's
artificial call (30C); the Director says a call is artificial (``artificial`` on the call).

The order of the tests is the decision tree the Laws lay down: a bid above seven (38)
and an inadmissible double (19 → 36) whoever makes them; then, by where the caller sits from
the player whose turn it was (the table ``BY_RELATION``): a call at one's LHO's turn right after
one's own (25); the other calls out of rotation (29) by kind; in turn, a barred player's call
(37) and an insufficient bid (18D → 27).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fsm.auction import Auction, Relation, relation
from fsm.calls import Call, Seat
from fsm.records import CallKind, Classification
from fsm.spec import Guard, action, equals, guard

if TYPE_CHECKING:
    from fsm.table import Table


def over_partner_artificial_call(auction: Auction, seat: Seat) -> bool:
    """30C, 31: a pass « sur la déclaration artificielle de son partenaire »: the last call that is not an
    opponent's pass is the partner's, and the Director said it is artificial (``artificial`` on its call)."""
    for e in reversed(auction.standing()):
        if e.call.is_pass and e.seat.side != seat.side:
            continue
        return e.seat is seat.partner and e.artificial
    return False


def classify(table: Table, seat: Seat, call: Call, artificial: bool = False) -> Classification:
    auction = table.auction
    turn = auction.turn()
    rel = relation(seat, turn, seat is not turn and auction.has_called(seat))  # asked only when it matters
    kind = _kind(table, auction, seat, call, rel, artificial)
    return Classification(kind, turn, rel)


def _kind(table: Table, auction: Auction, seat: Seat, call: Call, rel: Relation, artificial: bool) -> CallKind:
    if call.is_bid and call.level > 7:
        return CallKind.BID_ABOVE_SEVEN
    if (call.is_double or call.is_redouble) and auction.inadmissible(seat, call):
        return CallKind.INADMISSIBLE
    return BY_RELATION[rel](table, auction, seat, call, artificial)


def _rho_skipped(table: Table, auction: Auction, seat: Seat, call: Call, artificial: bool) -> CallKind:
    """The offender skipped his RHO: a RHO bound to pass makes the call a pass in rotation (deemed)."""
    if table.must_pass(seat.rho) is not None:
        return CallKind.DEEMED_PASS
    return _out_of_rotation(table, auction, seat, call, artificial)


def _out_of_rotation(table: Table, auction: Auction, seat: Seat, call: Call, artificial: bool) -> CallKind:
    if table.misinformation_ruled and auction.partner_silent_since_own_call(seat):
        return CallKind.CHANGE  # 21B1, judged first: the misinformed player's new call replaces his own
    if call.is_pass and not artificial and not over_partner_artificial_call(auction, seat):
        return CallKind.PASS_OUT_OF_ROTATION
    if call.is_pass or call.is_bid:  # 30C: an artificial pass, or a pass over partner's artificial call (31)
        return CallKind.BID_OUT_OF_ROTATION
    return CallKind.DOUBLE_OUT_OF_ROTATION


def _change(table: Table, auction: Auction, seat: Seat, call: Call, artificial: bool) -> CallKind:
    return CallKind.CHANGE  # he calls again right after his own call (25)


def _in_turn(table: Table, auction: Auction, seat: Seat, call: Call, artificial: bool) -> CallKind:
    """At his own turn: a barred player's call (37), an insufficient bid (18D → 27), the call a
    judgement awaits (23A), or a regular call."""
    if table.obligations:  # most calls are made with no obligation in force: nothing to look up
        if not call.is_pass and table.must_pass(seat):
            return CallKind.BY_BARRED_PLAYER
        repeat = table.must_repeat(seat)
        if repeat is not None and call.pbn() != repeat.call:
            return CallKind.BY_BARRED_PLAYER  # an obligation to repeat broken is read as a Law 37 case
    if call.is_bid and not auction.is_sufficient(call):
        return CallKind.INSUFFICIENT
    if table.deferred and table.deferred_for(seat) is not None:
        return CallKind.JUDGED
    return CallKind.REGULAR


# The classification by table: where the caller sits from the player whose turn it was decides
# which of the Laws' tests apply, in the order they lay down.
BY_RELATION = {
    Relation.IN_TURN: _in_turn,
    Relation.RHO: _rho_skipped,
    Relation.PARTNER: _out_of_rotation,
    Relation.LHO_NOT_PREV: _out_of_rotation,
    Relation.LHO_PREV: _change,
}


# The irregular call is on the table, neither standing nor cancelled, until someone acts on it.
hold_irregular_call = action(
    "la déclaration irrégulière attend une décision",
    "the irregular call awaits a decision",
    "hold_irregular_call",
    [{"irregularity": {}}],
)


def _kind_guard(kind: CallKind) -> Guard:
    registered = guard(kind.fr, kind.en, f"call_is_{kind.name.lower()}", equals("call.kind", kind.name.lower()))
    registered.call_kind = kind  # type: ignore[attr-defined]  # the compiled dispatch offers the call to the rules of its kind only
    return registered


KIND_GUARDS: dict[CallKind, Guard] = {kind: _kind_guard(kind) for kind in CallKind}
