"""What rectifications leave behind: obligations to pass, lead restrictions, penalty cards, UI, reviews.

All records are frozen: a board's data is restored by copying its lists, never by undoing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from fsm.calls import Card, Seat

PASS_NEXT_TURN = "pass_next_turn"
PASS_REST = "pass_rest"
REPEAT_CALL = "repeat_call"
OBLIGATION_KINDS = (PASS_NEXT_TURN, PASS_REST, REPEAT_CALL)


@dataclass(frozen=True, slots=True)
class Obligation:
    seat: Seat
    kind: str
    law: str
    call: str | None = None  # the call to repeat (31A1, 32A1); not part of the snapshot

    def as_dict(self) -> dict[str, Any]:
        return {"seat": self.seat.value, "kind": self.kind, "law": self.law}

    @property
    def requires_pass(self) -> bool:
        return self.kind in (PASS_NEXT_TURN, PASS_REST)


@dataclass(frozen=True, slots=True)
class LeadRestriction:
    """26B: the offender's partner (``seat``) is restricted at his first turn to lead.

    The suits declarer may prohibit are those the offender did not specify in the legal
    auction, so they are computed from the auction as it stands (:func:`fsm.laws.restrictions.suits_open`).
    ``source`` is the withdrawn call that caused it.
    """

    seat: Seat
    law: str
    offender: Seat
    source: str


@dataclass(frozen=True, slots=True)
class PenaltyCard:
    seat: Seat
    card: Card
    kind: str  # major | minor

    def as_dict(self) -> dict[str, Any]:
        return {"seat": self.seat.value, "card": self.card.pbn(), "kind": self.kind}


@dataclass(frozen=True, slots=True)
class UnauthorizedInformation:
    """16C: a withdrawn call or exposed card (``source``) is UI to the seats in ``for_seats``."""

    source: str
    for_seats: tuple[Seat, ...]
    law: str

    def as_dict(self) -> dict[str, Any]:
        return {"source": self.source, "for": [s.value for s in self.for_seats], "law": self.law}


@dataclass(frozen=True, slots=True)
class Deferred:
    """A consequence that waits for a later call: the RHO's call (31A, 32A) or the offender's own
    call at his turn, to be judged comparable or not (30B1(b), 31A2, 31B2, 32A2, 32B2)."""

    offender: Seat
    law: str  # the family: 30B1, 31A, 31B, 32A, 32B, then 31A2 / 32A2 once the RHO has called
    original: str  # the cancelled call out of rotation, "E:1S"
    waiting_for: Seat


@dataclass(frozen=True, slots=True)
class Pending:
    """An irregularity awaiting the Director after the LHO called over it (36A, 37A, 38D, 39B)."""

    law: str
    source: str
    entry: Any = field(default=None, compare=False)  # the call itself, to cancel it later

    def as_dict(self) -> dict[str, Any]:
        return {"law": self.law, "source": self.source}
