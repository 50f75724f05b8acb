"""Laws 16C, 23 and 26: what every rectification that withdraws or cancels a call leaves behind.

Written here once: the unauthorized information (16C), the lead restriction (26B), the reviews
(23C, 27D, 72C), and the Director's comparable-call judgement (23A) as guards, whether it comes
with the call (``comparable`` on the call) or after it (``judge(comparable=...)``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fsm.auction import Entry
from fsm.calls import SUITS, Seat, Strain
from fsm.records import PASS_REST, LeadRestriction, Obligation, UnauthorizedInformation
from fsm.spec import Guard, equals, guard

if TYPE_CHECKING:
    from fsm.table import Table


def ui(table: Table, entry: Entry | str, for_seats: tuple[Seat, ...] | list[Seat], law: str = "16C") -> None:
    """16C: a withdrawn or cancelled call is information for some seats only."""
    source = entry if isinstance(entry, str) else entry.token()
    table.unauthorized_information = (
        *table.unauthorized_information,
        UnauthorizedInformation(source, tuple(for_seats), law),
    )


def ui_to_offenders(table: Table, entry: Entry, offender: Seat, law: str = "16C") -> None:
    """16C: a cancelled call is authorized information for the non-offending side and unauthorized
    for the offending side, whoever made it (a player's own call is no news to him)."""
    ui(table, entry, tuple(s for s in (offender, offender.partner) if s is not entry.seat), law)


def restrict(table: Table, offender: Seat, source: Entry | str, law: str = "26B") -> None:
    """26B: the offender's partner may be prohibited one suit at his first turn to lead."""
    token = source if isinstance(source, str) else source.token()
    table.lead_restrictions = (*table.lead_restrictions, LeadRestriction(offender.partner, law, offender, token))


def bar(table: Table, seat: Seat, kind: str, law: str, call: str | None = None) -> None:
    table.obligations = (*table.obligations, Obligation(seat, kind, law, call))


def not_comparable(table: Table, entry: Entry) -> None:
    """A call withdrawn and not replaced by a comparable call: UI to the offender's partner (16C),
    a lead restriction (26B), and the Director may adjust after play (72C)."""
    ui(table, entry, (entry.seat.partner,))
    restrict(table, entry.seat, entry)
    review(table, "72C")


def bar_side(table: Table, seat: Seat, law: str) -> None:
    """37B2, 38C: each member of the offending side passes for the rest of the auction."""
    bar(table, seat, PASS_REST, law)
    bar(table, seat.partner, PASS_REST, law)


def review(table: Table, *laws: str) -> None:
    """72C, 23C, 27D: the Director may adjust the score after play."""
    for law in laws:
        if law not in table.reviews:
            table.reviews = (*table.reviews, law)


def suits_open(table: Table, offender: Seat) -> list[Strain]:
    """26B: the suits the offender did not specify in the legal auction (standing calls only)."""
    specified = {s for e in table.auction.standing() if e.seat is offender for s in e.denominations()}
    return [s for s in SUITS if s not in specified]


def lead_restrictions_now(table: Table) -> list[dict[str, Any]]:
    """The restrictions in force: once the auction is over, only for an offender who defends."""
    declarer = table.declarer()
    out = []
    for r in table.lead_restrictions:
        if declarer is not None and r.offender.side == declarer.side:
            continue  # the offender became declarer or dummy: 26B needs him to defend
        out.append({"seat": r.seat.value, "law": r.law, "suits": [s.value for s in suits_open(table, r.offender)]})
    return out


# --- the Director's judgements -------------------------------------------------------------
_JUDGED = {
    ("comparable", True): ("jugé comparable", "judged comparable"),
    ("comparable", False): ("jugé non comparable", "judged not comparable"),
    ("unintended", True): ("jugée non intentionnelle", "judged unintended"),
    ("unintended", False): ("jugée intentionnelle (changement d'avis)", "judged intended (a change of mind)"),
    ("misinformation", True): (
        "jugée fondée sur une information erronée d'un adversaire",
        "judged based on misinformation from an opponent",
    ),
    ("misinformation", False): ("pas d'information erronée", "no misinformation"),
    ("could_see_dummy", True): (
        "l'arbitre juge que le déclarant a pu voir les cartes du mort",
        "the Director judges declarer could have seen dummy's cards",
    ),
    ("could_see_dummy", False): (
        "l'arbitre juge qu'il n'a pas pu les voir",
        "the Director judges he could not have seen them",
    ),
}


def _judged(key: str, value: bool) -> Guard:
    fr, en = _JUDGED[key, value]
    name = f"judged_{key}" if value else f"judged_not_{key}"
    return guard(fr, en, name, equals(f"event.judgement.{key}", value))


JUDGED: dict[tuple[str, bool], Guard] = {k: _judged(*k) for k in _JUDGED}


def judged(key: str, value: bool) -> Guard:
    """The guard: the Director's judgement ``key`` came with ``value``."""
    return JUDGED[key, value]


_CARRIES = {
    True: ("déclaration portant son jugement « comparable »", "call carrying its 'comparable' judgement"),
    False: ("déclaration portant son jugement « non comparable »", "call carrying its 'not comparable' judgement"),
    None: ("sans jugement joint", "with no judgement attached"),
}


def _carries(value: bool | None) -> Guard:
    name = {True: "carries_comparable", False: "carries_not_comparable", None: "carries_no_judgement"}[value]
    return guard(*_CARRIES[value], name, equals("event.comparable", value))


CARRIES: dict[bool | None, Guard] = {v: _carries(v) for v in (True, False, None)}
