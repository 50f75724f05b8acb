"""The table: one board's data in one record, and what can be read from it.

Law modules see this record, never the :class:`~fsm.model.board.Board` that drives it: guards read
it, actions change it. The control state (``state``) is part of it, so that saving the record
saves the whole board, and restoring it undoes a refused event.

Every field holds a value that is never changed in place (a text, a frozen record, a tuple of
them): an action that changes a field puts a new value in it. Saving the table is therefore
taking the references of its fields (:meth:`Table.save`), which costs the same however much the
board holds, and a refused event is undone by putting them back (:meth:`Table.restore`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from operator import attrgetter
from typing import TYPE_CHECKING, Any, TypeVar

from fsm.bridge.auction import Auction, Entry
from fsm.bridge.calls import SUITS, Seat, Strain
from fsm.bridge.growing import GrowingTuple
from fsm.bridge.records import (
    REPEAT_CALL,
    Deferred,
    Exposure,
    Held,
    Irregularity,
    Lead,
    LeadConstraint,
    LeadRestriction,
    Obligation,
    PenaltyCard,
    Pending,
    Returned,
    UnauthorizedInformation,
)
from fsm.bridge.settings import Settings

if TYPE_CHECKING:
    from fsm.bridge.events import Event

T = TypeVar("T")


def phase(state: str) -> str:
    """The period a state belongs to: ``auction``, ``clarification``, ``play``…"""
    return state.split(".", 1)[0]


@dataclass(slots=True)
class Table:
    dealer: Seat
    state: str
    settings: Settings = field(default_factory=Settings)
    sides_with_cards: tuple[str, ...] = ("NS", "EW")
    auction: Auction = field(init=False)
    irregularity: Irregularity | None = None
    obligations: tuple[Obligation, ...] = ()
    deferred: tuple[Deferred, ...] = ()
    # 22: what was in force when the auction ended, in force again if a change reopens it (25A5, 21B1)
    obligations_at_end: tuple[Obligation, ...] = ()
    deferred_at_end: tuple[Deferred, ...] = ()
    exposed_at_end: tuple[Exposure, ...] = ()  # 24D, 24E: the cards settled when it ended
    withdrawable: Entry | None = None  # 25A6 / 21B2: the LHO's call he may still take back
    withdraw_law: str = "25A6"
    misinformation_ruled: bool = False  # 21B1 judged before the new call is made
    exposed: tuple[Exposure, ...] = ()  # 24: face up until the auction ends
    lead_restrictions: tuple[LeadRestriction, ...] = ()
    penalty_cards: tuple[PenaltyCard, ...] = ()
    returned_cards: tuple[Returned, ...] = ()  # cards shown that went back to the hand, with their law
    # the records that grow with every event: growing tuples once they grow (fsm.bridge.growing)
    unauthorized_information: Sequence[UnauthorizedInformation] = ()
    pending: tuple[Pending, ...] = ()
    held: tuple[Held, ...] = ()  # 9B2: calls made while a ruling waited, oldest first
    reviews: tuple[str, ...] = ()
    rulings: Sequence[str] = ()
    opening_lead: Lead | None = None
    roles_swapped: bool = False  # 54A: declarer spread his hand and became dummy
    must_accept_lead: bool = False  # 54C
    lead_constraints: tuple[LeadConstraint, ...] = ()  # 26B / 50D2
    raised: list[Event] = field(default_factory=list)  # internal events raised, not yet handled; empty between events
    # which offenders' restrictions bind each seat (26B), read from ``lead_restrictions`` and extended as they grow
    lead_index: Any = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.auction = Auction(self.dealer)

    def save(self) -> tuple[object, ...]:
        """What the table is now, to be put back by :meth:`restore`."""
        return (_read(self), self.auction.save())

    def restore(self, saved: tuple[object, ...]) -> None:
        values, auction = saved
        for name, value in zip(_FIELDS, values, strict=True):  # type: ignore[call-overload]
            setattr(self, name, value)
        self.auction.restore(auction)  # type: ignore[arg-type]
        self.raised = []

    def copy(self) -> Table:
        """A copy that shares nothing mutable with this one."""
        out = object.__new__(Table)
        for name, value in zip(_FIELDS, _read(self), strict=True):
            setattr(out, name, value.copy() if isinstance(value, GrowingTuple) else value)
        out.auction = self.auction.copy()
        out.raised = []
        out.lead_index = None
        return out

    def raise_event(self, event: Event) -> None:
        """An internal event (``call_stands``…), handled by the machine once the current step is over."""
        self.raised.append(event)

    # --- obligations -------------------------------------------------------------------
    def must_pass(self, seat: Seat) -> Obligation | None:
        """The obligation that requires ``seat`` to pass at this turn, if any."""
        for o in self.obligations:
            if o.seat is seat and o.requires_pass:
                return o
        return None

    def must_repeat(self, seat: Seat) -> Obligation | None:
        """31A1/32A1: the obligation to repeat the call made out of rotation, if any."""
        for o in self.obligations:
            if o.seat is seat and o.kind == REPEAT_CALL:
                return o
        return None

    def deferred_for(self, seat: Seat) -> Deferred | None:
        """The judgement this offender's next call awaits (30B1, 31A2, 31B, 32A2, 32B), if any."""
        for d in self.deferred:
            if d.waiting_for is seat and d.offender is seat:
                return d
        return None

    # --- who is who -----------------------------------------------------------------------
    def contract(self) -> str | None:
        return self.auction.contract()

    def declarer(self) -> Seat | None:
        seat = self.auction.declarer()
        if seat is not None and self.roles_swapped:
            return seat.partner
        return seat

    def dummy(self) -> Seat | None:
        seat = self.declarer()
        return seat.partner if seat else None

    def opening_leader(self) -> Seat | None:
        """41A: the presumed declarer's LHO (the auction's declarer, whatever 54A later swaps)."""
        seat = self.auction.declarer()
        return seat.lho if seat else None

    def turn(self) -> Seat | None:
        p = phase(self.state)
        if p in ("board", "auction"):
            return self.auction.turn()
        if p in ("clarification", "lead_out_of_turn"):
            return self.opening_leader()
        return None


# --- 26B: the lead restrictions in force -----------------------------------------------------
def suits_open(table: Table, offender: Seat) -> list[Strain]:
    """26B: the suits the offender did not specify in the legal auction (standing calls only)."""
    auction = table.auction
    return [s for s in SUITS if not auction.names(offender, s)]


def lead_restrictions_now(table: Table) -> list[dict[str, Any]]:
    """The restrictions in force: once the auction is over, only for an offender who defends."""
    declarer = table.declarer()
    out = []
    suits: dict[Seat, list[str]] = {}  # one offender's suits, found once
    for r in table.lead_restrictions:
        if declarer is not None and r.offender.side == declarer.side:
            continue  # the offender became declarer or dummy: 26B needs him to defend
        if r.offender not in suits:
            suits[r.offender] = [s.value for s in suits_open(table, r.offender)]
        out.append({"seat": r.seat.value, "law": r.law, "suits": list(suits[r.offender])})
    return out


def restricted_by(table: Table, seat: Seat) -> list[Seat]:
    """26B: the offenders whose lead restrictions bind ``seat``, each once, in the order of the
    restrictions. Read from an index of the restrictions kept on the table: a board may carry
    thousands of them (a defender's call after the final pass, again and again), and this is asked
    at every step; while they only grow (a growing tuple) the index is extended by what was added."""
    items = table.lead_restrictions
    key = items.storage if isinstance(items, GrowingTuple) else items
    cached = table.lead_index
    if cached is not None and cached[0] is key and cached[1] <= len(items):  # the same items, perhaps more
        _, done, index = cached
    else:
        done, index = 0, {}
    for k in range(done, len(items)):  # by place: a slice of a growing tuple would copy it whole
        r = items[k]
        index.setdefault(r.seat, {})[r.offender] = None
    table.lead_index = (key, len(items), index)
    return list(index.get(seat, ()))


_FIELDS = tuple(f.name for f in fields(Table) if f.name not in ("auction", "raised", "lead_index"))
_read = attrgetter(*_FIELDS)


def without(items: tuple[T, ...], item: T) -> tuple[T, ...]:
    """The tuple without the first element equal to ``item``."""
    i = items.index(item)
    return items[:i] + items[i + 1 :]
