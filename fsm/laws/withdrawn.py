"""Laws 16C, 23 and 26: withdrawn calls, comparable calls, lead restrictions.

What every rectification that withdraws a call leaves behind is written here once:
the unauthorized information (16C), the lead restriction (26B) and the reviews (23C, 27D, 72C).
The two states shared by the law families live here too: ``auction.replacement``, where the
offender must replace a call, and ``auction.ruling``, where the Director judges whether a call
is comparable (23A).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fsm.auction import Entry
from fsm.calls import SUITS, Seat, Strain
from fsm.rulings import PASS_REST, LeadRestriction, Obligation, UnauthorizedInformation
from fsm.spec import LawModule, Option, StateSpec, words

if TYPE_CHECKING:
    from fsm.board import Board, Event

REPLACEMENT = "auction.replacement"
RULING = "auction.ruling"


def ui(board: Board, entry: Entry | str, for_seats: tuple[Seat, ...] | list[Seat], law: str = "16C") -> None:
    """16C: a withdrawn or cancelled call is information for some seats only."""
    source = entry if isinstance(entry, str) else entry.token()
    board.unauthorized_information.append(UnauthorizedInformation(source, tuple(for_seats), law))


def restrict(board: Board, offender: Seat, source: Entry | str, law: str = "26B") -> None:
    """26B: the offender's partner may be prohibited one suit at his first turn to lead."""
    token = source if isinstance(source, str) else source.token()
    board.lead_restrictions.append(LeadRestriction(offender.partner, law, offender, token))


def bar(board: Board, seat: Seat, kind: str, law: str, call: str | None = None) -> None:
    board.obligations.append(Obligation(seat, kind, law, call))


def not_comparable(board: Board, entry: Entry) -> None:
    """A call withdrawn and not replaced by a comparable call: UI to the offender's partner (16C),
    a lead restriction (26B), and the Director may adjust after play (72C)."""
    ui(board, entry, (entry.seat.partner,))
    restrict(board, entry.seat, entry)
    review(board, "72C")


def bar_side(board: Board, seat: Seat, law: str) -> None:
    """37B2, 38C: each member of the offending side passes for the rest of the auction."""
    bar(board, seat, PASS_REST, law)
    bar(board, seat.partner, PASS_REST, law)


def review(board: Board, *laws: str) -> None:
    """72C, 23C, 27D: the Director may adjust the score after play."""
    for law in laws:
        if law not in board.reviews:
            board.reviews.append(law)


def suits_open(board: Board, offender: Seat) -> list[Strain]:
    """26B: the suits the offender did not specify in the legal auction (standing calls only)."""
    specified = {s for e in board.auction.standing() if e.seat is offender for s in e.denominations()}
    return [s for s in SUITS if s not in specified]


def lead_restrictions_now(board: Board) -> list[dict[str, Any]]:
    """The restrictions in force: once the auction is over, only for an offender who defends."""
    declarer = board.declarer()
    out = []
    for r in board.lead_restrictions:
        if declarer is not None and r.offender.side == declarer.side:
            continue  # the offender became declarer or dummy: 26B needs him to defend
        out.append({"seat": r.seat.value, "law": r.law, "suits": [s.value for s in suits_open(board, r.offender)]})
    return out


# --- the shared states -------------------------------------------------------------------
@words("jugé comparable", "judged comparable")
def judged_comparable(board: Board, event: Event) -> bool:
    return event.judgement == ("comparable", True)


@words("jugé non comparable", "judged not comparable")
def judged_not_comparable(board: Board, event: Event) -> bool:
    return event.judgement == ("comparable", False)


@words("déclaration portant son jugement « comparable »", "call carrying its 'comparable' judgement")
def carries_comparable(board: Board, event: Event) -> bool:
    return event.comparable is True


@words("déclaration portant son jugement « non comparable »", "call carrying its 'not comparable' judgement")
def carries_not_comparable(board: Board, event: Event) -> bool:
    return event.comparable is False


@words("sans jugement joint", "with no judgement attached")
def carries_no_judgement(board: Board, event: Event) -> bool:
    return event.comparable is None


MODULE = LawModule(
    name="withdrawn",
    laws="16C, 23, 26",
    states=[
        StateSpec(REPLACEMENT, "27B", "Déclaration de remplacement", "Replacement call", waiting=True),
        StateSpec(RULING, "23A", "Jugement : déclaration comparable ?", "Ruling: comparable call?", waiting=True),
    ],
    options={
        RULING: [
            Option("judge", None, "23A", "le Directeur juge si la déclaration est comparable (comparable: true/false)",
                   "the Director judges whether the call is comparable (comparable: true/false)"),
        ],
    },
)  # fmt: skip
