"""What the table holds besides the calls: the irregularity on the table, obligations to pass,
lead restrictions, exposed and penalty cards, unauthorized information, pending irregularities,
and the opening lead.

All records are frozen: a board's data is changed by replacing them, so that it can be restored.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any, NamedTuple

from fsm.bridge.auction import Entry, Relation
from fsm.bridge.calls import Card, Seat, Strain

_LETTER = {s: s.value for s in Seat}  # read for every item of a snapshot: a look-up, not the enumeration's property


class CallKind(Enum):
    """The kinds of call, each with the law that governs it and its French and English name."""

    REGULAR = ("17C", "déclaration régulière", "regular call")
    JUDGED = (
        "23A",
        "déclaration du fautif à juger comparable ou non",
        "offender's call to be judged comparable or not",
    )
    DEEMED_PASS = (
        "28A",
        "au tour d'un joueur tenu de passer : son passe est présumé",
        "at a barred player's turn: his pass is deemed made",
    )
    BID_ABOVE_SEVEN = ("38", "enchère au-delà de sept", "bid above seven")
    INADMISSIBLE = ("36", "contre ou surcontre inadmissible", "inadmissible double or redouble")
    CHANGE = ("25", "changement de déclaration", "change of call")
    PASS_OUT_OF_ROTATION = ("30", "passe hors tour", "pass out of rotation")
    BID_OUT_OF_ROTATION = ("31", "enchère hors tour", "bid out of rotation")
    DOUBLE_OUT_OF_ROTATION = ("32", "contre ou surcontre hors tour", "double or redouble out of rotation")
    BY_BARRED_PLAYER = ("37", "déclaration d'un joueur tenu de passer", "call by a player required to pass")
    INSUFFICIENT = ("27", "enchère insuffisante", "insufficient bid")
    AFTER_FINAL_PASS = ("39", "déclaration après le passe final", "call after the final pass")

    @property
    def law(self) -> str:
        return self.value[0]

    @property
    def fr(self) -> str:
        return self.value[1]

    @property
    def en(self) -> str:
        return self.value[2]


class Classification(NamedTuple):
    """Which law a call falls under: its kind, whose turn it was, and where the caller sits from
    that player. A named tuple: one is made at every call."""

    kind: CallKind
    turn: Seat  # T: whose turn it was
    relation: Relation


PASS_NEXT_TURN = "pass_next_turn"
PASS_REST = "pass_rest"
REPEAT_CALL = "repeat_call"
# An obligation to pass at the next turn or to repeat a call, fulfilled by the call numbered ``n``: kept, out of
# force and out of the snapshot, until its maker calls again, so that it comes back if a change of call (25A,
# 21B1) withdraws that call (25A1 « assujettie à la Loi appropriée »).
FULFILLED = {PASS_NEXT_TURN: "fulfilled_pass_next_turn", REPEAT_CALL: "fulfilled_repeat_call"}


@dataclass(frozen=True, slots=True)
class Obligation:
    seat: Seat
    kind: str  # pass_next_turn | pass_rest | repeat_call
    law: str
    call: str | None = None  # the call to repeat (31A1, 32A1); not part of the snapshot
    n: int | None = None  # the call that fulfilled it (kinds of ``FULFILLED``); not part of the snapshot

    def as_dict(self) -> dict[str, Any]:
        return {"seat": self.seat.value, "kind": self.kind, "law": self.law}

    @property
    def in_force(self) -> bool:
        return self.kind not in FULFILLED.values()

    @property
    def requires_pass(self) -> bool:
        return self.kind in (PASS_NEXT_TURN, PASS_REST)


@dataclass(frozen=True, slots=True)
class LeadRestriction:
    """26B: the offender's partner (``seat``) is restricted at his first turn to lead.

    The suits declarer may prohibit are those the offender did not specify in the legal auction,
    so they are computed from the auction as it stands. ``source`` is the withdrawn call.
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
    law: str = "24E"  # 24E (exposed during the auction), 54D (a lead out of turn refused), 49 (exposed in play)

    def as_dict(self) -> dict[str, Any]:
        return {"seat": self.seat.value, "card": self.card.pbn(), "kind": self.kind, "law": self.law}


@dataclass(frozen=True, slots=True)
class Returned:
    """A card shown at the table (exposed, a penalty card, a lead) that went back to its hand, and the
    law that sent it back (24D, 41A, 50D2, 25A5…): the record never loses a card."""

    seat: Seat
    card: Card
    law: str

    def as_dict(self) -> dict[str, Any]:
        return {"seat": self.seat.value, "card": self.card.pbn(), "law": self.law}


@dataclass(frozen=True, slots=True)
class UnauthorizedInformation:
    """16C: a withdrawn call or exposed card (``source``) is UI to the seats in ``for_seats``."""

    source: str
    for_seats: tuple[Seat, ...]
    law: str

    def as_dict(self) -> dict[str, Any]:
        return {"source": self.source, "for": [_LETTER[s] for s in self.for_seats], "law": self.law}


@dataclass(frozen=True, slots=True)
class Deferred:
    """A consequence that waits for a later call: the RHO's call (31A, 32A) or the offender's own
    call at his turn, to be judged comparable or not (30B1(b), 31A2, 31B2, 32A2, 32B2)."""

    offender: Seat
    law: str  # the family: 30B1, 31A, 31B, 32A, 32B, then 31A2 / 32A2 once the RHO has called
    original: str  # the cancelled call out of rotation, "E:1S"
    waiting_for: Seat


@dataclass(frozen=True, slots=True)
class Held:
    """A call made while an irregularity awaited a choice, a judgement or a replacement, by a player
    whose call was none of the choices then open (9B2): on the record with the status ``pending``,
    neither standing nor cancelled, ruled once that irregularity is settled (28B, or made afresh)."""

    entry: Entry
    turn: Seat | None  # whose turn it was when it was made

    def as_dict(self) -> dict[str, Any]:
        return {"source": self.entry.token()}


@dataclass(frozen=True, slots=True)
class Pending:
    """An irregularity awaiting the Director after the LHO called over it (36A, 37A, 38D), or a call out
    of rotation whose offender's call at his turn ended the auction, awaiting the comparable judgement
    (30B1, 31B, 32B: ``entry`` is that call)."""

    law: str
    source: str
    entry: Entry | None = field(default=None, compare=False)  # the call itself, to cancel it later
    awaits: str = "director"  # `director`: ruled when he comes (36A, 37A, 38D); `judgement`: his judge event

    def as_dict(self) -> dict[str, Any]:
        return {"law": self.law, "source": self.source}


@dataclass(frozen=True, slots=True)
class Irregularity:
    """The irregular call on the table, awaiting an option holder or the Director.

    Where its rectification stands is the control state (``auction.insufficient_bid.replacement``…);
    this record holds only the data: the call, how it was classified, whether the Director is
    at the table, a replacement made before the ruling (27C) or awaiting a judgement (23A), the
    first insufficient bid when a second one is offered (27B4), the deferred consequence a judged
    call settles (30B1, 31A2, 31B, 32A2, 32B), the judgement a substituted call carried (25B), and
    a call made before the LHO chose (29A) or the Director judged (23A), held until then.
    """

    entry: Entry
    classification: Classification
    director: bool = False
    replacement: Entry | None = None
    original: Entry | None = None
    deferred: Deferred | None = None
    comparable: bool | None = None
    held: Entry | None = None  # a call made before the LHO chose or the Director judged, held until then

    @property
    def law(self) -> str:
        return self.classification.kind.law

    def as_dict(self) -> dict[str, Any]:
        c = self.classification
        out = {
            "law": c.kind.law,
            "kind": c.kind.name.lower(),
            "source": self.entry.token(),
            "turn": c.turn.value,
            "relation": c.relation.value,
        }
        # 27C, 23A: a replacement made before the ruling; 27B4: the first insufficient bid kept beside a second
        if self.replacement is not None:
            out["replacement"] = self.replacement.token()
        if self.original is not None:
            out["original"] = self.original.token()
        if self.held is not None:
            out["held"] = self.held.token()
        return out


@dataclass(frozen=True, slots=True)
class Exposure:
    """24: a card exposed during the auction, face up until the auction ends."""

    seat: Seat
    card: Card
    major: bool  # an honour, a card led, or one of two or more cards (24B, 24C → 50)
    law: str = "24"  # 24, or 54E (a lead attempted by the declaring side: Law 24 applies)

    def as_dict(self) -> dict[str, Any]:
        return {"seat": self.seat.value, "card": self.card.pbn(), "law": self.law}


@dataclass(frozen=True, slots=True)
class Lead:
    seat: Seat
    card: Card
    faced: bool

    def as_dict(self) -> dict[str, Any]:
        return {"seat": self.seat.value, "card": self.card.pbn(), "faced": self.faced}


@dataclass(frozen=True, slots=True)
class LeadConstraint:
    """What declarer required or prohibited for the opening lead (26B, 50D2), or the penalty card he
    designated to be led (50D1: ``card``, of suit ``suit``)."""

    seat: Seat
    kind: str  # require | prohibit | designate
    suit: Strain
    law: str
    card: Card | None = None

    def as_dict(self) -> dict[str, Any]:
        out = {"seat": self.seat.value, "kind": self.kind, "suit": self.suit.value, "law": self.law}
        if self.card is not None:
            out["card"] = self.card.pbn()
        return out
