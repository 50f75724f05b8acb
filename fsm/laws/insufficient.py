"""Laws 18D, 23 and 27: the insufficient bid.

In rotation it waits in ``auction.insufficient_bid.offered`` for the offender's LHO, who may
accept it (27A1), outright or by calling over it. Not accepted, it is withdrawn and the offender
replaces it in ``….replacement``: by the lowest sufficient bid specifying the same
denomination(s) (27B1(a), decided from the calls and their ``specifies``), by a comparable call
(27B1(b), the Director's judgement, taken in ``….ruling`` unless the call carries it), by another
bid or a pass (27B2: partner passes for the rest of the auction), by a double or redouble that is
not comparable (27B3: cancelled, replaced again, partner barred) or by another insufficient bid,
which waits in ``….second`` for the LHO to accept it (27B4) or not (as 27B3). A replacement made
before the ruling stands unless the LHO accepts the insufficient bid (27C). Out of rotation it
is Law 31 (27A2); when the offender must then repeat it (31A1) and the repeat is insufficient, the
repeat is made, and Law 27 applies to it afresh.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from fsm.auction import CANCELLED, PENDING, STANDING, WITHDRAWN
from fsm.calls import Seat
from fsm.errors import IllegalEvent
from fsm.events import call_event
from fsm.laws import parties
from fsm.laws.acceptance import acceptance_rules, by_offender, by_offender_lho, director_present, note_director
from fsm.laws.classify import KIND_GUARDS, entry_of, hold_irregular_call
from fsm.laws.normal import stand
from fsm.laws.withdrawn import CARRIES, bar, judged, restrict, review, ui
from fsm.records import PASS_REST, REPEAT_CALL, CallKind, Irregularity
from fsm.spec import LawModule, Not, Option, Rule, StateSpec, action, all_of, equals, guard, var

if TYPE_CHECKING:
    from fsm.events import Event
    from fsm.table import Table

STATE = "auction.insufficient_bid"
OFFERED = f"{STATE}.offered"
SECOND = f"{STATE}.second"
REPLACEMENT = f"{STATE}.replacement"
RULING = f"{STATE}.ruling"


def _irr(table: Table) -> Irregularity:
    irr = table.irregularity
    assert irr is not None
    return irr


# --- guards ---------------------------------------------------------------------------------
repeats_forced_call = guard(
    "la déclaration que le fautif doit répéter (31A1, 32A1)",
    "the call the offender must repeat (31A1, 32A1)",
    "repeats_forced_call",
    {"==": [{"must_repeat": [var("event.seat")]}, var("event.call")]},
)
no_replacement_held = guard(
    "aucun remplacement encore", "no replacement yet", "no_replacement_held", equals("irregularity.replacement", None)
)
offender_legal_call = guard(
    "par le fautif, déclaration légale",
    "by the offender, a legal call",
    "offender_legal_call",
    {"and": [equals("event.seat", var("irregularity.offender")), {"legal": [var("event.seat"), var("event.call")]}]},
)
replacement_insufficient = guard(
    "encore insuffisante",
    "insufficient again",
    "replacement_insufficient",
    {"and": [{">": [{"level": [var("event.call")]}, 0]}, {"!": {"sufficient": [var("event.call")]}}]},
)
# 27B1(a): the lowest sufficient bid specifying the same denomination(s) as the insufficient bid. What
# a call specifies is the Director's input (``specifies``); without it a natural bid specifies the
# strain it names. A natural replacement must also be the lowest level in that strain; an
# artificial one is taken at the Director's word.
is_lowest_same = guard(
    "la plus petite enchère suffisante spécifiant la même dénomination",
    "the lowest sufficient bid specifying the same denomination",
    "is_lowest_same",
    {
        "and": [
            {"sufficient": [var("event.call")]},
            {">": [{"count": [var("irregularity.denominations")]}, 0]},
            {
                "same_set": [
                    var("irregularity.denominations"),
                    {"denominations": [var("event.call"), var("event.specifies"), var("event.artificial")]},
                ]
            },
            {
                "or": [
                    {"!=": [var("event.specifies"), None]},
                    var("event.artificial"),
                    {"lowest_sufficient": [var("event.call")]},
                ]
            },
        ]
    },
)
bid_or_pass = guard(
    "une enchère ou un passe",
    "a bid or a pass",
    "bid_or_pass",
    {"or": [{">": [{"level": [var("event.call")]}, 0]}, equals("event.call", "Pass")]},
)
held_bid_or_pass = guard(
    "le remplacement retenu est une enchère ou un passe",
    "the replacement held is a bid or a pass",
    "held_bid_or_pass",
    {"or": [{">": [{"level": [var("irregularity.replacement")]}, 0]}, equals("irregularity.replacement", "Pass")]},
)

SUFFICIENT_OTHER = all_of(
    Not(replacement_insufficient, "suffisante", "sufficient"),
    Not(is_lowest_same, "autre que la plus petite enchère de même dénomination",
        "other than the lowest bid of the same denomination"),
)  # fmt: skip
DOUBLE = Not(bid_or_pass, "un contre ou un surcontre", "a double or a redouble")
HELD_DOUBLE = Not(held_bid_or_pass, "le remplacement retenu est un contre ou un surcontre", "the replacement held is a double or a redouble")  # fmt: skip


# --- actions ---------------------------------------------------------------------------------
@action("l'obligation de répéter la déclaration est remplie", "the obligation to repeat the call is fulfilled")
def repeat_made_insufficient(table: Table, event: Event) -> None:
    """31A1: the repetition is made, whatever Law 27 then does with it (accepted, or replaced)."""
    assert event.seat is not None
    table.obligations = tuple(o for o in table.obligations if not (o.seat is event.seat and o.kind == REPEAT_CALL))


@action(
    "le remplacement fait avant l'arbitrage est retenu (27C)", "the replacement made before the ruling is held (27C)"
)
def hold_premature(table: Table, event: Event) -> None:
    entry = table.auction.add(entry_of(event, PENDING))
    table.irregularity = replace(_irr(table), replacement=entry)


@action(
    "l'enchère insuffisante est retirée : le fautif doit la remplacer",
    "the insufficient bid is withdrawn: the offender must replace it",
)
def refuse_insufficient(table: Table, event: Event) -> None:
    irr = _irr(table)
    table.auction.set_status(irr.entry, WITHDRAWN, "27B")
    held = irr.replacement
    table.irregularity = replace(irr, replacement=None)
    if held is not None:  # 27C: that replacement is now dealt with under 27B
        table.auction.drop(held)
        event.follow = call_event(held)


@action("le fautif remplace alors son enchère", "the offender then replaces his bid")
def refuse_then_replace(table: Table, event: Event) -> None:
    table.auction.set_status(_irr(table).entry, WITHDRAWN, "27B")
    event.follow = event.again()


@action(
    "l'enchère insuffisante de remplacement attend l'adversaire de gauche",
    "the insufficient replacement awaits the LHO",
)
def hold_second(table: Table, event: Event) -> None:
    irr = _irr(table)
    entry = table.auction.add(entry_of(event, PENDING))
    table.irregularity = replace(irr, entry=entry, original=irr.original or irr.entry)


@action("le remplacement attend le jugement de l'arbitre", "the replacement awaits the Director's judgement")
def hold_for_ruling(table: Table, event: Event) -> None:
    entry = table.auction.add(entry_of(event, PENDING))
    table.irregularity = replace(_irr(table), replacement=entry)


def _finish(table: Table, event: Event) -> None:
    """The replacement (held, or made now) takes its place in the auction; the irregularity is over."""
    held = _irr(table).replacement
    table.irregularity = None
    if held is not None:
        stand(table, table.auction.set_status(held, STANDING))
    else:
        stand(table, entry_of(event, STANDING))


def _lift_bar_if_setting(table: Table, offender: Seat) -> None:
    """Setting ``partner_bar_27B3_27B4 = lifted_by_27B1``: a 27B1 replacement frees partner."""
    if table.settings.partner_bar_27B3_27B4 == "lifted_by_27B1":
        table.obligations = tuple(
            o for o in table.obligations if not (o.seat is offender.partner and o.law in ("27B3", "27B4"))
        )


@action(
    "aucune autre rectification ; révision possible (27D)", "no further rectification; the Director may review (27D)"
)
def apply_27B1a(table: Table, event: Event) -> None:
    review(table, "27D")
    _lift_bar_if_setting(table, _irr(table).entry.seat)
    _finish(table, event)


@action(
    "déclaration comparable : aucune autre rectification (27D, 23C)",
    "comparable call: no further rectification (27D, 23C)",
)
def apply_27B1b(table: Table, event: Event) -> None:
    review(table, "27D", "23C")
    _lift_bar_if_setting(table, _irr(table).entry.seat)
    _finish(table, event)


def _bar_partner(table: Table, law: str) -> None:
    """27B2-B4: partner passes for the rest of the auction, 26B, 72C; the withdrawn calls are UI to him."""
    irr = _irr(table)
    offender = irr.entry.seat
    if not any(o.seat is offender.partner and o.kind == PASS_REST for o in table.obligations):
        bar(table, offender.partner, PASS_REST, law)
    source = irr.original or irr.entry
    if not any(r.offender is offender and r.source == source.token() for r in table.lead_restrictions):
        restrict(table, offender, source)
    withdrawn = [e for e in table.auction.removed() if e.law in ("27B", "27B3", "27B4")]
    for e in withdrawn:
        if not any(u.source == e.token() for u in table.unauthorized_information):
            ui(table, e, (offender.partner,))
    review(table, "72C")


@action(
    "le partenaire du fautif passe jusqu'à la fin des annonces (26B, 72C)",
    "the offender's partner passes for the rest of the auction (26B, 72C)",
)
def apply_27B2(table: Table, event: Event) -> None:
    _bar_partner(table, "27B2")
    _finish(table, event)


@action(
    "contre annulé ; le fautif remplace à nouveau ; partenaire barré (26B, 72C)",
    "double cancelled; the offender replaces again; partner barred (26B, 72C)",
)
def apply_27B3(table: Table, event: Event) -> None:
    irr = _irr(table)
    if irr.replacement is not None:
        table.auction.set_status(irr.replacement, CANCELLED, "27B3")
    else:
        table.auction.add(entry_of(event, CANCELLED)._replace(law="27B3"))
    _bar_partner(table, "27B3")
    table.irregularity = replace(_irr(table), replacement=None)


@action(
    "seconde enchère insuffisante refusée : annulée, comme 27B3", "second insufficient bid refused: cancelled, as 27B3"
)
def refuse_second(table: Table, event: Event) -> None:
    table.auction.set_status(_irr(table).entry, CANCELLED, "27B4")
    _bar_partner(table, "27B4")


@action("la première enchère insuffisante reste retirée (16C)", "the first insufficient bid stays withdrawn (16C)")
def accept_second(table: Table, event: Event) -> None:
    """27B4 → 27A1: the first insufficient bid stays withdrawn and is UI to the offender's partner."""
    first = _irr(table).original
    if first is not None:
        ui(table, first, (first.seat.partner,))


@action("la déclaration de remplacement doit être une déclaration légale du fautif",
        "the replacement must be a legal call by the offender")  # fmt: skip
def refuse_replacement(table: Table, event: Event) -> None:
    """27B: refused, and the board is left as it was (the machine restores it)."""
    raise IllegalEvent(
        "le fautif doit remplacer l'enchère insuffisante par une déclaration légale",
        "the offender must replace the insufficient bid with a legal call",
        law="27B",
    )


_REPLACE = "le fautif remplace l'enchère insuffisante"
_REPLACE_EN = "the offender replaces the insufficient bid"
LEGAL = offender_legal_call

MODULE = LawModule(
    name="insufficient",
    laws="18D, 23, 27",
    states=[
        StateSpec(STATE, "27", "Enchère insuffisante", "Insufficient bid"),
        StateSpec(OFFERED, "27A", "Enchère insuffisante : l'adversaire de gauche peut l'accepter",
                  "Insufficient bid: the LHO may accept it", initial=True, waiting=True),
        StateSpec(SECOND, "27B4", "Seconde enchère insuffisante", "Second insufficient bid", waiting=True),
        StateSpec(REPLACEMENT, "27B", "Déclaration de remplacement", "Replacement call", waiting=True),
        StateSpec(RULING, "23A", "Jugement : remplacement comparable ?", "Ruling: comparable replacement?", waiting=True),
    ],
    rules=[
        Rule("call", "auction.calling", STATE, "18D", "enchère insuffisante à son tour", "insufficient bid in turn",
             (KIND_GUARDS[CallKind.INSUFFICIENT], Not(repeats_forced_call, "pas une répétition forcée", "not a forced repeat")),
             (hold_irregular_call,)),
        Rule("call", "auction.calling", STATE, "31A1", "la répétition est une enchère insuffisante : faite, la Loi 27 s'applique",
             "the repeat is an insufficient bid: made, Law 27 applies", (KIND_GUARDS[CallKind.INSUFFICIENT], repeats_forced_call),
             (repeat_made_insufficient, hold_irregular_call), cites=("27A2", "18D")),
        Rule("director", STATE, None, "27B", "l'arbitre expose les options", "the Director sets out the options",
             (), (note_director,)),
        *acceptance_rules(OFFERED, "27A1", "l'enchère insuffisante", "the insufficient bid"),
        Rule("refuse", OFFERED, REPLACEMENT, "27B", "l'adversaire de gauche n'accepte pas : le fautif doit remplacer",
             "the LHO refuses: the offender must replace it", (by_offender_lho,), (refuse_insufficient,)),
        Rule("call", OFFERED, None, "27C", "remplacement avant l'arbitrage : retenu", "replacement before the ruling: held",
             (by_offender, Not(director_present, "avant l'arbitrage", "before the ruling"), no_replacement_held,
              offender_legal_call), (hold_premature,)),
        Rule("call", OFFERED, REPLACEMENT, "27B", "le fautif remplace : l'adversaire de gauche n'a pas accepté",
             "the offender replaces: the LHO has not accepted", (by_offender, director_present, no_replacement_held),
             (refuse_then_replace,)),
        *acceptance_rules(SECOND, "27B4", "la seconde enchère insuffisante", "the second insufficient bid",
                          actions=(accept_second,)),
        Rule("refuse", SECOND, REPLACEMENT, "27B4", "l'adversaire de gauche n'accepte pas la seconde : comme 27B3",
             "the LHO refuses the second one: as 27B3", (by_offender_lho,), (refuse_second,), ruling=True,
             cites=("27B3", "26B", "72C")),
        # --- the replacement (27B) ---
        Rule("call", REPLACEMENT, SECOND, "27B4", f"{_REPLACE} par une autre enchère insuffisante",
             f"{_REPLACE_EN} with another insufficient bid", (LEGAL, replacement_insufficient), (hold_second,)),
        Rule("call", REPLACEMENT, "auction.calling", "27B1(a)", f"{_REPLACE} par la plus petite enchère suffisante de même dénomination",
             f"{_REPLACE_EN} with the lowest sufficient bid of the same denomination", (LEGAL, is_lowest_same),
             (apply_27B1a,), ruling=True, cites=("27D",)),
        Rule("call", REPLACEMENT, "auction.calling", "27B1(b)", f"{_REPLACE} par une déclaration comparable",
             f"{_REPLACE_EN} with a comparable call", (LEGAL, SUFFICIENT_OTHER, CARRIES[True]),
             (apply_27B1b,), ruling=True, cites=("27D", "23C")),
        Rule("call", REPLACEMENT, "auction.calling", "27B2", f"{_REPLACE} par une autre enchère ou un passe",
             f"{_REPLACE_EN} with another bid or a pass", (LEGAL, SUFFICIENT_OTHER, CARRIES[False], bid_or_pass),
             (apply_27B2,), ruling=True, cites=("26B", "72C")),
        Rule("call", REPLACEMENT, None, "27B3", f"{_REPLACE} par un contre non comparable",
             f"{_REPLACE_EN} with a double that is not comparable", (LEGAL, SUFFICIENT_OTHER, CARRIES[False], DOUBLE),
             (apply_27B3,), ruling=True, cites=("26B", "72C")),
        Rule("call", REPLACEMENT, RULING, "23A", f"{_REPLACE} : comparable ?", f"{_REPLACE_EN}: comparable?",
             (LEGAL, SUFFICIENT_OTHER, CARRIES[None]), (hold_for_ruling,)),
        Rule("call", REPLACEMENT, None, "27B", "toute autre déclaration est refusée", "any other call is refused",
             (Not(LEGAL, "pas une déclaration légale du fautif", "not a legal call by the offender"),), (refuse_replacement,)),
        # --- the Director's judgement (23A) ---
        Rule("judge", RULING, "auction.calling", "27B1(b)", "comparable : aucune autre rectification",
             "comparable: no further rectification", (judged("comparable", True),), (apply_27B1b,), ruling=True,
             cites=("23A", "27D", "23C")),
        Rule("judge", RULING, "auction.calling", "27B2", "non comparable : partenaire barré",
             "not comparable: partner barred", (judged("comparable", False), held_bid_or_pass), (apply_27B2,),
             ruling=True, cites=("23A", "26B", "72C")),
        Rule("judge", RULING, REPLACEMENT, "27B3", "contre non comparable : annulé, à remplacer",
             "double not comparable: cancelled, to be replaced", (judged("comparable", False), HELD_DOUBLE),
             (apply_27B3,), ruling=True, cites=("23A", "26B", "72C")),
    ],
    options={
        OFFERED: [
            Option("accept", parties.offender_lho, "27A1", "accepte l'enchère insuffisante", "accepts the insufficient bid"),
            Option("call", parties.offender_lho, "27A1", "accepte en déclarant à son tour", "accepts by calling over it"),
            Option("refuse", parties.offender_lho, "27B", "n'accepte pas l'enchère insuffisante : le fautif doit la remplacer", "refuses the insufficient bid: the offender must replace it"),
            Option("director", None, "27B", "l'arbitre expose les options du fautif", "the Director sets out the offender's options"),
        ],
        SECOND: [
            Option("accept", parties.offender_lho, "27B4", "accepte la seconde enchère insuffisante", "accepts the second insufficient bid"),
            Option("call", parties.offender_lho, "27B4", "l'accepte en déclarant à son tour", "accepts it by calling over it"),
            Option("refuse", parties.offender_lho, "27B4", "n'accepte pas la seconde enchère insuffisante : elle est annulée, comme en 27B3", "refuses the second insufficient bid: it is cancelled, as in 27B3"),
        ],
        REPLACEMENT: [
            Option("call", parties.offender, "27B1(a)", "la plus petite enchère suffisante de même dénomination : sans autre rectification",
                   "the lowest sufficient bid in the same denomination: no further rectification"),
            Option("call", parties.offender, "27B1(b)", "une déclaration comparable : sans autre rectification (27D)",
                   "a comparable call: no further rectification (27D)"),
            Option("call", parties.offender, "27B2", "toute autre enchère ou passe : le partenaire passe jusqu'à la fin (26B, 72C)",
                   "any other bid or pass: partner passes for the rest of the auction (26B, 72C)"),
            Option("call", parties.offender, "27B3", "un contre non comparable est annulé et le partenaire est barré",
                   "a double that is not comparable is cancelled and partner is barred"),
            Option("call", parties.offender, "27B4", "une autre enchère insuffisante : l'adversaire de gauche peut l'accepter",
                   "another insufficient bid: the LHO may accept it"),
        ],
        RULING: [
            Option("judge", None, "23A", "l'arbitre juge si le remplacement est comparable",
                   "the Director judges whether the replacement is comparable"),
        ],
    },
)  # fmt: skip
