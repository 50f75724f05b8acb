"""Laws 19, 35–39: inadmissible calls and calls after the final pass.

None of these may be accepted; each is rectified when the Director comes (``director``):

- 36, a double or redouble that Law 19 forbids: cancelled; the offender makes a legal call (at
  his own turn if it was out of rotation, 36B4) and his partner passes for the rest of the
  auction; 26B, 72C (36B). If the LHO called first, the auction goes on with the irregularity
  pending; the Director then cancels it and every later call (36A, no 26B), or, once the opening
  lead is faced, the contract is scored as if it had not been made (36C).
- 37, a bid, double or redouble by a player required to pass: cancelled, replaced by a pass, both
  members of the offending side pass for the rest of the auction; 26B, 72C (37B). If the LHO
  called first, every call stands and an existing bar continues, no 26B (37A).
- 38, a bid above seven: it and every later call cancelled, replaced by a pass, the offending side
  passes for the rest of the auction unless it is over; 26B and 72C unless the LHO called after it
  before the rectification (38D).
- 39, a call after the final pass: cancelled (39A); nothing more when the LHO called, when it is a
  defender's pass or any call of the declaring side (39B); a defender's bid, double or redouble
  otherwise brings 26B (39C). After a pass-out the late call is simply cancelled (39A).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from fsm.auction import CANCELLED, STANDING, Entry, relation
from fsm.calls import PASS
from fsm.errors import IllegalEvent
from fsm.laws import parties
from fsm.laws.acceptance import by_offender_lho, then_his_call
from fsm.laws.classify import KIND_GUARDS, entry_of, hold_irregular_call, is_legal
from fsm.laws.normal import record_call, stand
from fsm.laws.withdrawn import bar, bar_side, not_comparable, restrict, review, ui, ui_to_offenders
from fsm.records import PASS_NEXT_TURN, PASS_REST, REPEAT_CALL, CallKind, Classification, Irregularity, Pending
from fsm.spec import Guard, LawModule, Not, Option, Rule, StateSpec, action, guard

if TYPE_CHECKING:
    from fsm.events import Event
    from fsm.table import Table

INADMISSIBLE = "auction.inadmissible_double"
INADMISSIBLE_OFFERED = f"{INADMISSIBLE}.offered"
REPLACEMENT = f"{INADMISSIBLE}.replacement"
BARRED = "auction.call_by_barred_player"
ABOVE_SEVEN = "auction.bid_above_seven"
AFTER_FINAL_PASS = "clarification.call_after_final_pass"


def _irr(table: Table) -> Irregularity:
    irr = table.irregularity
    assert irr is not None
    return irr


# --- guards ---------------------------------------------------------------------------------
@guard("contre ou surcontre fait à son tour", "double or redouble made in turn")
def made_in_turn(table: Table, event: Event) -> bool:
    irr = _irr(table)
    return irr.entry.seat is irr.classification.turn


def _pending(law: str, first: bool) -> Guard:
    def test(table: Table, event: Event) -> bool:
        if first:
            return bool(table.pending) and table.pending[0].law == law
        return any(p.law == law for p in table.pending)

    what = {
        "36": (
            "un contre inadmissible couvert par l'adversaire de gauche",
            "an inadmissible double the LHO called over",
        ),
        "37": ("une déclaration d'un joueur tenu de passer", "a call by a barred player"),
        "38": ("une enchère au-delà de sept", "a bid above seven"),
    }[law]
    if first:
        return guard(f"en attente d'abord : {what[0]}", f"pending first: {what[1]}", f"first_pending_{law}")(test)  # type: ignore[no-any-return]
    return guard(f"en attente : {what[0]}", f"pending: {what[1]}", f"pending_{law}")(test)  # type: ignore[no-any-return]


PENDING_36 = _pending("36", first=False)
FIRST_PENDING = {law: _pending(law, first=True) for law in ("36", "37", "38")}


@guard(
    "passe d'un défenseur, ou déclaration du camp du déclarant", "a defender's pass, or any call of the declaring side"
)
def harmless_late_call(table: Table, event: Event) -> bool:
    entry = _irr(table).entry
    declarer = table.declarer()
    return declarer is not None and (entry.seat.side == declarer.side or entry.call.is_pass)


@guard("par le fautif, déclaration légale et suffisante", "by the offender, a legal and sufficient call")
def legal_replacement_36(table: Table, event: Event) -> bool:
    assert event.call is not None and event.seat is not None
    call = event.call
    return (
        event.seat is _irr(table).entry.seat
        and is_legal(table.auction, event.seat, call)
        and not (call.is_bid and not table.auction.is_sufficient(call))
    )


# --- 36 ---------------------------------------------------------------------------------------
def _partner_barred(table: Table, law: str) -> None:
    irr = _irr(table)
    bar(table, irr.entry.seat.partner, PASS_REST, law)
    not_comparable(table, irr.entry)


@action(
    "annulé ; le fautif doit faire une déclaration légale ; partenaire barré (26B, 72C)",
    "cancelled; the offender must make a legal call; partner barred (26B, 72C)",
)
def apply_36B(table: Table, event: Event) -> None:
    table.auction.set_status(_irr(table).entry, CANCELLED, "36B1")
    _partner_barred(table, "36B2")


@action(
    "annulé ; le tour revient au joueur dont c'était le tour ; partenaire barré (26B, 72C)",
    "cancelled; the turn goes back; partner barred (26B, 72C)",
)
def apply_36B4(table: Table, event: Event) -> None:
    table.auction.set_status(_irr(table).entry, CANCELLED, "36B4")
    _partner_barred(table, "36B4")
    table.irregularity = None


@action("la déclaration légale du fautif est enregistrée", "the offender's legal call is recorded")
def record_36_replacement(table: Table, event: Event) -> None:
    table.irregularity = None
    record_call(table, event)


@action("le fautif doit faire une déclaration légale", "the offender must make a legal call")
def refuse_36_replacement(table: Table, event: Event) -> None:
    raise IllegalEvent(
        "le fautif doit remplacer le contre inadmissible par une déclaration légale",
        "the offender must replace the inadmissible double with a legal call",
        law="36B2",
    )


@action(
    "l'adversaire de gauche déclare avant l'arbitrage : l'irrégularité reste en attente",
    "the LHO calls before the ruling: the irregularity stays pending",
)
def leave_pending(table: Table, event: Event) -> None:
    """36A, 37A, 38D: the call stands for now; the Director settles it when he comes."""
    irr = _irr(table)
    entry = table.auction.set_status(irr.entry, STANDING)
    law = irr.classification.kind.law
    table.pending.append(Pending(law, entry.token(), entry))
    if law == "37":  # a barred player's turn has passed: "at his next turn" is over, "throughout" goes on
        seat = entry.seat
        table.obligations = [
            o for o in table.obligations if not (o.seat is seat and o.kind in (PASS_NEXT_TURN, REPEAT_CALL))
        ]
    table.irregularity = None
    event.follow = event.again()


def _take_pending(table: Table, law: str) -> Entry | None:
    """The pending call, as it now stands; None if a later rectification already withdrew it."""
    p = next(p for p in table.pending if p.law == law)
    table.pending.remove(p)
    standing = table.auction.standing()
    if p.entry is not None and any(e.n == p.entry.n for e in standing):
        return table.auction.current(p.entry)
    same = [e for e in standing if p.entry is not None and e.seat is p.entry.seat and e.call == p.entry.call]
    return same[-1] if same else None


@action(
    "la déclaration inadmissible et toutes les suivantes sont annulées (sans 26B)",
    "the inadmissible call and every later call are cancelled (no 26B)",
)
def apply_36A(table: Table, event: Event) -> None:
    entry = _take_pending(table, "36")
    if entry is None:
        return
    for e in table.auction.cancel_from(entry, "36A"):
        ui_to_offenders(table, e, entry.seat)
    table.opening_lead = None


@action(
    "le contrat est marqué comme si la déclaration inadmissible n'avait pas été faite",
    "the contract is scored as if the inadmissible call had not been made",
)
def apply_36C(table: Table, event: Event) -> None:
    entry = _take_pending(table, "36")
    if entry is not None:
        table.auction.set_status(entry, CANCELLED, "36C")


@action(
    "toutes les déclarations sont maintenues ; le joueur barré le reste (sans 26B)",
    "every call stands; a barred player stays barred (no 26B)",
)
def apply_37A(table: Table, event: Event) -> None:
    _take_pending(table, "37")


# --- 37 ---------------------------------------------------------------------------------------
@action(
    "annulée, remplacée par Passe ; le camp fautif passe jusqu'à la fin (26B, 72C)",
    "cancelled, replaced by a pass; the offending side passes throughout (26B, 72C)",
)
def apply_37B(table: Table, event: Event) -> None:
    irr = _irr(table)
    offender = irr.entry.seat
    table.auction.set_status(irr.entry, CANCELLED, "37B1")
    table.obligations = [o for o in table.obligations if o.seat.side != offender.side or o.kind != PASS_REST]
    table.obligations = [o for o in table.obligations if not (o.seat is offender and o.kind == REPEAT_CALL)]
    bar_side(table, offender, "37B2")
    not_comparable(table, irr.entry)
    table.irregularity = None
    stand(table, Entry(offender, PASS, STANDING, law="37B2"))


# --- 38 ---------------------------------------------------------------------------------------
def _rectify_38(table: Table, entry: Entry, lho_called: bool) -> None:
    offender = entry.seat
    for e in table.auction.cancel_from(entry, "38B"):
        ui_to_offenders(table, e, offender)
    table.opening_lead = None
    if table.auction.turn() is offender:
        stand(table, Entry(offender, PASS, STANDING, law="38C"))
    if not table.auction.is_over():
        bar_side(table, offender, "38C")
    if not lho_called:  # 38D: no 26B and no 72C once the LHO called over it
        restrict(table, offender, entry)
        review(table, "72C")


@action(
    "annulée avec les suivantes, remplacée par Passe ; camp fautif barré (26B, 72C)",
    "cancelled with later calls, replaced by a pass; offending side barred (26B, 72C)",
)
def apply_38(table: Table, event: Event) -> None:
    irr = _irr(table)
    table.irregularity = None
    entry = table.auction.set_status(irr.entry, STANDING)  # so that it is cancelled in its place
    if irr.entry.seat is irr.classification.turn:
        _rectify_38(table, entry, lho_called=False)
    else:  # out of rotation: cancelled, the turn goes back (29B); the offender passes at his turn anyway
        table.auction.set_status(entry, CANCELLED, "38B")
        bar_side(table, entry.seat, "38C")
        not_comparable(table, entry)


@action(
    "annulée avec les suivantes, remplacée par Passe ; sans 26B ni 72C (38D)",
    "cancelled with later calls, replaced by a pass; no 26B nor 72C (38D)",
)
def apply_38D(table: Table, event: Event) -> None:
    entry = _take_pending(table, "38")
    if entry is not None:
        _rectify_38(table, entry, lho_called=True)


# --- 39 ---------------------------------------------------------------------------------------
@action("la déclaration après le passe final attend l'arbitre", "the call after the final pass awaits the Director")
def hold_late_call(table: Table, event: Event) -> None:
    assert event.seat is not None
    turn = table.opening_leader() or event.seat
    event.classification = Classification(CallKind.AFTER_FINAL_PASS, turn, relation(event.seat, turn, True))
    hold_irregular_call(table, event)


@action("annulée, sans autre rectification", "cancelled, no further rectification")
def apply_39B(table: Table, event: Event) -> None:
    irr = _irr(table)
    table.auction.set_status(irr.entry, CANCELLED, "39A")
    ui(table, irr.entry, (irr.entry.seat.partner,))
    table.irregularity = None


@action("annulée ; le déclarant pourra interdire une couleur au partenaire (26B)",
        "cancelled; declarer may prohibit a suit to partner (26B)")  # fmt: skip
def apply_39C(table: Table, event: Event) -> None:
    irr = _irr(table)
    table.auction.set_status(irr.entry, CANCELLED, "39A")
    ui(table, irr.entry, (irr.entry.seat.partner,))
    restrict(table, irr.entry.seat, irr.entry)
    table.irregularity = None


@action("la déclaration est annulée (39A)", "the call is cancelled (39A)")
def cancel_late_call(table: Table, event: Event) -> None:
    """39A after a pass-out: there is no declaring side and no defender, so nothing more (39B/C)."""
    assert event.seat is not None
    entry = table.auction.add(replace(entry_of(event, CANCELLED), law="39A"))
    ui(table, entry, (event.seat.partner,))


def _director(law: str) -> list[Option]:
    return [
        Option(
            "director", None, law, f"l'arbitre rectifie selon la Loi {law}", f"the Director rectifies under Law {law}"
        )
    ]


def _lho_calls(law: str) -> Option:
    return Option("call", parties.offender_lho, law, "peut déclarer avant l'arbitrage : l'irrégularité reste en attente",
                  "may call before the ruling: the irregularity stays pending")  # fmt: skip


PENDING_SOURCES = ("auction.calling", "clarification.face_down_lead", "clarification.lead_made")
LHO_BEFORE = "l'adversaire de gauche déclare avant l'arbitrage", "the LHO calls before the ruling"

MODULE = LawModule(
    name="inadmissible",
    laws="19, 35-39",
    states=[
        StateSpec(INADMISSIBLE, "36", "Contre ou surcontre inadmissible", "Inadmissible double or redouble"),
        StateSpec(INADMISSIBLE_OFFERED, "36", "Contre ou surcontre inadmissible : l'arbitre est attendu",
                  "Inadmissible double or redouble: the Director is awaited", initial=True, waiting=True),
        StateSpec(REPLACEMENT, "36B", "Déclaration légale à la place du contre", "Legal call instead of the double", waiting=True),
        StateSpec(BARRED, "37", "Déclaration d'un joueur tenu de passer", "Call by a player required to pass", waiting=True),
        StateSpec(ABOVE_SEVEN, "38", "Enchère au-delà de sept", "Bid above seven", waiting=True),
        StateSpec(AFTER_FINAL_PASS, "39", "Déclaration après le passe final", "Call after the final pass", waiting=True),
    ],
    rules=[
        Rule("call", "auction.calling", INADMISSIBLE, "19A1", "contre ou surcontre que la Loi 19 interdit",
             "double or redouble that Law 19 forbids", (KIND_GUARDS[CallKind.INADMISSIBLE],), (hold_irregular_call,),
             cites=("19B1",)),
        Rule("call", "auction.calling", BARRED, "37", "déclaration d'un joueur tenu de passer",
             "call by a player required to pass", (KIND_GUARDS[CallKind.BY_BARRED_PLAYER],), (hold_irregular_call,)),
        Rule("call", "auction.calling", ABOVE_SEVEN, "38", "enchère au-delà de sept", "bid above seven",
             (KIND_GUARDS[CallKind.BID_ABOVE_SEVEN],), (hold_irregular_call,)),
        # 36
        Rule("director", INADMISSIBLE_OFFERED, REPLACEMENT, "36B1", "l'arbitre annule : le fautif remplace",
             "the Director cancels it: the offender replaces it", (made_in_turn,), (apply_36B,), ruling=True,
             cites=("36B2", "36B3", "26B", "72C")),
        Rule("director", INADMISSIBLE_OFFERED, "auction.calling", "36B4", "l'arbitre annule ; le tour revient",
             "the Director cancels it; the turn goes back",
             (Not(made_in_turn, "contre ou surcontre fait hors tour", "double or redouble made out of rotation"),),
             (apply_36B4,), ruling=True, cites=("26B", "72C")),
        Rule("call", REPLACEMENT, "auction.calling", "36B2", "le fautif fait une déclaration légale",
             "the offender makes a legal call", (legal_replacement_36,), (record_36_replacement,)),
        Rule("call", REPLACEMENT, None, "36B2", "toute autre déclaration est refusée", "any other call is refused",
             (Not(legal_replacement_36, "pas une déclaration légale du fautif", "not a legal call by the offender"),),
             (refuse_36_replacement,)),
        Rule("call", INADMISSIBLE_OFFERED, "auction.calling", "36A", *LHO_BEFORE, (by_offender_lho,), (leave_pending,)),
        # 37
        Rule("director", BARRED, "auction.calling", "37B1", "l'arbitre annule : Passe, camp fautif barré",
             "the Director cancels it: a pass, the offending side barred", (), (apply_37B,), ruling=True,
             cites=("37B2", "26B", "72C")),
        Rule("call", BARRED, "auction.calling", "37A", *LHO_BEFORE, (by_offender_lho,), (leave_pending,)),
        # 38
        Rule("director", ABOVE_SEVEN, "auction.calling", "38B", "l'arbitre annule : Passe, camp fautif barré",
             "the Director cancels it: a pass, the offending side barred", (), (apply_38,), ruling=True,
             cites=("38A", "38C", "26B", "72C")),
        Rule("call", ABOVE_SEVEN, "auction.calling", "38D", *LHO_BEFORE, (by_offender_lho,), (leave_pending,)),
        # the Director comes later to an irregularity the LHO called over: the first one pending
        *[
            r
            for source in PENDING_SOURCES
            for r in (
                Rule("director", source, "auction.calling", "36A", "l'arbitre vient : 36A", "the Director comes: 36A",
                     (FIRST_PENDING["36"],), (apply_36A,), ruling=True),
                Rule("director", source, None, "37A", "l'arbitre vient : 37A", "the Director comes: 37A",
                     (FIRST_PENDING["37"],), (apply_37A,), ruling=True),
                Rule("director", source, "auction.calling", "38D", "l'arbitre vient : 38D", "the Director comes: 38D",
                     (FIRST_PENDING["38"],), (apply_38D,), ruling=True, cites=("38B", "38C")),
            )
        ],
        Rule("director", "play", None, "36C", "l'arbitre vient après l'entame : 36C", "the Director comes after the lead: 36C",
             (PENDING_36,), (apply_36C,), ruling=True),
        # 39
        Rule("call", "clarification", AFTER_FINAL_PASS, "39", "déclaration après le passe final",
             "call after the final pass", (), (hold_late_call,)),
        Rule("director", AFTER_FINAL_PASS, "clarification", "39B", "passe d'un défenseur ou camp du déclarant : annulée",
             "a defender's pass or the declaring side: cancelled", (harmless_late_call,), (apply_39B,), ruling=True,
             cites=("39A",)),
        Rule("director", AFTER_FINAL_PASS, "clarification", "39C", "enchère ou contre d'un défenseur : annulée, 26B",
             "a defender's bid or double: cancelled, 26B",
             (Not(harmless_late_call, "enchère, contre ou surcontre d'un défenseur", "a defender's bid, double or redouble"),),
             (apply_39C,), ruling=True, cites=("39A", "26B")),
        Rule("call", AFTER_FINAL_PASS, None, "39B", "l'adversaire de gauche déclare avant l'arbitrage",
             "the LHO calls before the ruling", (by_offender_lho,), (apply_39B, then_his_call), ruling=True,
             cites=("39A",)),
        Rule("call", "passed_out", None, "39A", "déclaration après le quatrième passe : annulée",
             "call after the fourth pass: cancelled", (), (cancel_late_call,), ruling=True),
    ],
    options={
        INADMISSIBLE_OFFERED: [*_director("36"), _lho_calls("36A")],
        REPLACEMENT: [Option("call", parties.offender, "36B2", "le fautif fait une déclaration légale", "the offender makes a legal call")],
        BARRED: [*_director("37"), _lho_calls("37A")],
        ABOVE_SEVEN: [*_director("38"), _lho_calls("38D")],
        AFTER_FINAL_PASS: _director("39"),
    },
)  # fmt: skip
