"""What rectifications leave behind: obligations to pass, lead restrictions, penalty cards, UI, reviews.

All records are frozen: a board's data is restored by copying its lists, never by undoing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fsm.calls import Card, Seat, Strain

PASS_NEXT_TURN = "pass_next_turn"
PASS_REST = "pass_rest"
REPEAT_CALL = "repeat_call"
OBLIGATION_KINDS = (PASS_NEXT_TURN, PASS_REST, REPEAT_CALL)


@dataclass(frozen=True, slots=True)
class Obligation:
    seat: Seat
    kind: str
    law: str

    def as_dict(self) -> dict[str, Any]:
        return {"seat": self.seat.value, "kind": self.kind, "law": self.law}

    @property
    def requires_pass(self) -> bool:
        return self.kind in (PASS_NEXT_TURN, PASS_REST)


@dataclass(frozen=True, slots=True)
class LeadRestriction:
    """26B: ``seat`` is the restricted leader; declarer may prohibit one of ``suits``."""

    seat: Seat
    law: str
    suits: tuple[Strain, ...]

    def as_dict(self) -> dict[str, Any]:
        return {"seat": self.seat.value, "law": self.law, "suits": [s.value for s in self.suits]}


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
class Pending:
    """An irregularity awaiting the Director after the LHO called over it (36A, 37A, 38D, 39B)."""

    law: str
    source: str

    def as_dict(self) -> dict[str, Any]:
        return {"law": self.law, "source": self.source}
