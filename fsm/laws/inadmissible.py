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

from fsm.auction import CANCELLED, STANDING, Entry
from fsm.calls import PASS
from fsm.laws.acceptance import by_offender_lho
from fsm.laws.classify import KIND_GUARDS, CallKind, hold_irregular_call, is_inadmissible
from fsm.laws.normal import stand
from fsm.laws.withdrawn import REPLACEMENT, bar, bar_side, not_comparable, restrict, review, ui
from fsm.rulings import PASS_NEXT_TURN, PASS_REST, REPEAT_CALL, Pending
from fsm.spec import LawModule, Option, Rule, StateSpec, words

if TYPE_CHECKING:
    from fsm.board import Board, Event

INADMISSIBLE = "auction.inadmissible_double"
BARRED = "auction.call_by_barred_player"
ABOVE_SEVEN = "auction.bid_above_seven"
AFTER_FINAL_PASS = "clarification.call_after_final_pass"


def _irr(board: Board):  # noqa: ANN202
    irr = board.irregularity
    assert irr is not None
    return irr


def _kind(board: Board) -> CallKind | None:
    irr = board.irregularity
    return irr.classification.kind if irr else None


def _out_of_rotation(board: Board) -> bool:
    irr = board.irregularity
    return irr is not None and irr.entry.seat is not irr.classification.turn


def _cancel_with_later(board: Board, entry: Entry, law: str) -> list[Entry]:
    """Cancel ``entry`` and every call made after it (36A, 38B); returns what was cancelled."""
    entries = board.auction.entries
    start = next(i for i, e in enumerate(entries) if e is entry)
    cancelled = []
    for e in list(entries[start:]):
        if e.status == STANDING or e is entry:
            cancelled.append(board.auction.with_status(e, CANCELLED, law))
    return cancelled


# --- guards ---------------------------------------------------------------------------------
@words("contre ou surcontre fait à son tour", "double or redouble made in turn")
def made_in_turn(board: Board, event: Event) -> bool:
    return not _out_of_rotation(board)


@words("contre ou surcontre fait hors tour", "double or redouble made out of rotation")
def made_out_of_rotation(board: Board, event: Event) -> bool:
    return _out_of_rotation(board)


@words(
    "en attente : contre inadmissible couvert par l'adversaire de gauche",
    "pending: an inadmissible double the LHO called over",
)
def pending_36(board: Board, event: Event) -> bool:
    return any(p.law == "36" for p in board.pending)


@words("en attente : déclaration d'un joueur tenu de passer", "pending: a call by a barred player")
def pending_37(board: Board, event: Event) -> bool:
    return any(p.law == "37" for p in board.pending)


@words("en attente : enchère au-delà de sept", "pending: a bid above seven")
def pending_38(board: Board, event: Event) -> bool:
    return any(p.law == "38" for p in board.pending)


@words(
    "passe d'un défenseur, ou déclaration du camp du déclarant", "a defender's pass, or any call of the declaring side"
)
def harmless_late_call(board: Board, event: Event) -> bool:
    entry = _irr(board).entry
    declarer = board.declarer()
    return declarer is not None and (entry.seat.side == declarer.side or entry.call.is_pass)


@words("enchère, contre ou surcontre d'un défenseur", "a defender's bid, double or redouble")
def defender_late_call(board: Board, event: Event) -> bool:
    return not harmless_late_call(board, event)


@words(
    "remplacement d'un contre inadmissible par le fautif, déclaration légale",
    "replacement of an inadmissible double by the offender, a legal call",
)
def legal_replacement_36(board: Board, event: Event) -> bool:
    irr = board.irregularity
    if irr is None or irr.classification.kind is not CallKind.INADMISSIBLE or irr.stage != "replacement":
        return False
    assert event.call is not None and event.seat is not None
    call = event.call
    return (
        event.seat is irr.entry.seat
        and not (call.is_bid and (call.level > 7 or not board.auction.is_sufficient(call)))
        and not is_inadmissible(board.auction, event.seat, call)
    )


@words("pendant le remplacement d'un contre inadmissible", "while an inadmissible double is being replaced")
def replacing_36(board: Board, event: Event) -> bool:
    irr = board.irregularity
    return irr is not None and irr.classification.kind is CallKind.INADMISSIBLE and irr.stage == "replacement"


# --- 36 ---------------------------------------------------------------------------------------
def _partner_barred(board: Board, law: str) -> None:
    irr = _irr(board)
    offender = irr.entry.seat
    bar(board, offender.partner, PASS_REST, law)
    not_comparable(board, irr.entry)


@words(
    "annulé ; le fautif doit faire une déclaration légale ; partenaire barré (26B, 72C)",
    "cancelled; the offender must make a legal call; partner barred (26B, 72C)",
)
def apply_36B(board: Board, event: Event) -> None:
    irr = _irr(board)
    board.auction.with_status(irr.entry, CANCELLED, "36B1")
    _partner_barred(board, "36B2")
    board.irregularity = replace(irr, stage="replacement")


@words(
    "annulé ; le tour revient au joueur dont c'était le tour ; partenaire barré (26B, 72C)",
    "cancelled; the turn goes back; partner barred (26B, 72C)",
)
def apply_36B4(board: Board, event: Event) -> None:
    irr = _irr(board)
    board.auction.with_status(irr.entry, CANCELLED, "36B4")
    _partner_barred(board, "36B4")
    board.irregularity = None


@words("la déclaration légale du fautif est enregistrée", "the offender's legal call is recorded")
def record_36_replacement(board: Board, event: Event) -> None:
    assert event.seat is not None and event.call is not None
    board.irregularity = None
    stand(board, Entry(event.seat, event.call, STANDING, artificial=event.artificial, specifies=event.specifies))


@words("le fautif doit faire une déclaration légale", "the offender must make a legal call")
def refuse_36_replacement(board: Board, event: Event) -> None:
    from fsm.errors import IllegalEvent

    raise IllegalEvent(
        "le fautif doit remplacer le contre inadmissible par une déclaration légale",
        "the offender must replace the inadmissible double with a legal call",
        law="36B2",
    )


@words(
    "l'adversaire de gauche déclare avant l'arbitrage : l'irrégularité reste en attente",
    "the LHO calls before the ruling: the irregularity stays pending",
)
def leave_pending(board: Board, event: Event) -> None:
    """36A, 37A, 38D: the call stands for now; the Director settles it when he comes."""
    irr = _irr(board)
    entry = board.auction.with_status(irr.entry, STANDING)
    law = irr.classification.kind.law
    board.pending.append(Pending(law, entry.token(), entry))
    if law == "37":  # a barred player's turn has passed: "at his next turn" is over, "throughout" goes on
        seat = entry.seat
        board.obligations = [
            o for o in board.obligations if not (o.seat is seat and o.kind in (PASS_NEXT_TURN, REPEAT_CALL))
        ]
    board.irregularity = None
    event.follow = event.again()


def _take_pending(board: Board, law: str) -> Entry | None:
    """The pending call, as it now stands; None if a later rectification already withdrew it."""
    p = next(p for p in board.pending if p.law == law)
    board.pending.remove(p)
    standing = board.auction.standing()
    if any(e is p.entry for e in standing):
        return p.entry  # type: ignore[no-any-return]
    same = [e for e in standing if e.seat is p.entry.seat and e.call == p.entry.call]
    return same[-1] if same else None


@words(
    "la déclaration inadmissible et toutes les suivantes sont annulées (sans 26B)",
    "the inadmissible call and every later call are cancelled (no 26B)",
)
def apply_36A(board: Board, event: Event) -> None:
    entry = _take_pending(board, "36")
    if entry is None:
        return
    for e in _cancel_with_later(board, entry, "36A"):
        ui(board, e, (e.seat.partner,))
    board.opening_lead = None


@words(
    "le contrat est marqué comme si la déclaration inadmissible n'avait pas été faite",
    "the contract is scored as if the inadmissible call had not been made",
)
def apply_36C(board: Board, event: Event) -> None:
    entry = _take_pending(board, "36")
    if entry is not None:
        board.auction.with_status(entry, CANCELLED, "36C")


@words(
    "toutes les déclarations sont maintenues ; le joueur barré le reste (sans 26B)",
    "every call stands; a barred player stays barred (no 26B)",
)
def apply_37A(board: Board, event: Event) -> None:
    _take_pending(board, "37")


# --- 37 ---------------------------------------------------------------------------------------
@words(
    "annulée, remplacée par Passe ; le camp fautif passe jusqu'à la fin (26B, 72C)",
    "cancelled, replaced by a pass; the offending side passes throughout (26B, 72C)",
)
def apply_37B(board: Board, event: Event) -> None:
    irr = _irr(board)
    offender = irr.entry.seat
    board.auction.with_status(irr.entry, CANCELLED, "37B1")
    board.obligations = [o for o in board.obligations if o.seat.side != offender.side or o.kind != PASS_REST]
    board.obligations = [o for o in board.obligations if not (o.seat is offender and o.kind == REPEAT_CALL)]
    bar_side(board, offender, "37B2")
    not_comparable(board, irr.entry)
    board.irregularity = None
    stand(board, Entry(offender, PASS, STANDING, law="37B2"))


# --- 38 ---------------------------------------------------------------------------------------
def _rectify_38(board: Board, entry: Entry, lho_called: bool) -> None:
    offender = entry.seat
    cancelled = _cancel_with_later(board, entry, "38B")
    for e in cancelled:
        ui(board, e, (e.seat.partner,))
    board.opening_lead = None
    if board.auction.turn() is offender:
        stand(board, Entry(offender, PASS, STANDING, law="38C"))
    if not board.auction.is_over():
        bar_side(board, offender, "38C")
    if not lho_called:  # 38D: no 26B and no 72C once the LHO called over it
        restrict(board, offender, entry)
        review(board, "72C")


@words(
    "annulée avec les suivantes, remplacée par Passe ; camp fautif barré (26B, 72C)",
    "cancelled with later calls, replaced by a pass; offending side barred (26B, 72C)",
)
def apply_38(board: Board, event: Event) -> None:
    irr = _irr(board)
    board.irregularity = None
    entry = board.auction.with_status(irr.entry, STANDING)  # so that it is cancelled in its place
    if irr.entry.seat is irr.classification.turn:
        _rectify_38(board, entry, lho_called=False)
    else:
        _rectify_38_oot(board, entry)


def _rectify_38_oot(board: Board, entry: Entry) -> None:
    """Out of rotation: cancelled, the turn goes back (29B); the offender passes at his turn anyway."""
    offender = entry.seat
    board.auction.with_status(entry, CANCELLED, "38B")
    bar_side(board, offender, "38C")
    not_comparable(board, entry)


@words(
    "annulée avec les suivantes, remplacée par Passe ; sans 26B ni 72C (38D)",
    "cancelled with later calls, replaced by a pass; no 26B nor 72C (38D)",
)
def apply_38D(board: Board, event: Event) -> None:
    entry = _take_pending(board, "38")
    if entry is not None:
        _rectify_38(board, entry, lho_called=True)


# --- 39 ---------------------------------------------------------------------------------------
@words("annulée, sans autre rectification", "cancelled, no further rectification")
def apply_39B(board: Board, event: Event) -> None:
    irr = _irr(board)
    board.auction.with_status(irr.entry, CANCELLED, "39A")
    ui(board, irr.entry, (irr.entry.seat.partner,))
    board.irregularity = None


@words(
    "annulée ; le déclarant pourra interdire une couleur au partenaire (26B)",
    "cancelled; declarer may prohibit a suit to partner (26B)",
)
def apply_39C(board: Board, event: Event) -> None:
    irr = _irr(board)
    board.auction.with_status(irr.entry, CANCELLED, "39A")
    ui(board, irr.entry, (irr.entry.seat.partner,))
    restrict(board, irr.entry.seat, irr.entry)
    board.irregularity = None


@words(
    "l'adversaire de gauche a déclaré : annulée sans rectification ; sa propre déclaration est examinée",
    "the LHO called: cancelled, no rectification; his own call is dealt with",
)
def lho_after_late_call(board: Board, event: Event) -> None:
    apply_39B(board, event)
    event.follow = event.again()


@words("la déclaration est annulée (39A)", "the call is cancelled (39A)")
def cancel_late_call(board: Board, event: Event) -> None:
    """39A after a pass-out: there is no declaring side and no defender, so nothing more (39B/C)."""
    assert event.seat is not None and event.call is not None
    entry = Entry(event.seat, event.call, CANCELLED, law="39A")
    board.auction.entries.append(entry)
    ui(board, entry, (event.seat.partner,))


def _director(law: str) -> list[Option]:
    return [
        Option(
            "director",
            None,
            law,
            f"le Directeur rectifie selon la Loi {law}",
            f"the Director rectifies under Law {law}",
        )
    ]


def _lho_calls(law: str) -> Option:
    from fsm.laws import parties

    return Option("call", parties.offender_lho, law, "peut déclarer avant l'arbitrage : l'irrégularité reste en attente",
                  "may call before the ruling: the irregularity stays pending")  # fmt: skip


PENDING_SOURCES = ("auction.calling", "clarification.face_down_lead", "clarification.lead_made")

MODULE = LawModule(
    name="inadmissible",
    laws="19, 35-39",
    states=[
        StateSpec(INADMISSIBLE, "36", "Contre ou surcontre inadmissible", "Inadmissible double or redouble", waiting=True),
        StateSpec(BARRED, "37", "Déclaration d'un joueur tenu de passer", "Call by a player required to pass", waiting=True),
        StateSpec(ABOVE_SEVEN, "38", "Enchère au-delà de sept", "Bid above seven", waiting=True),
        StateSpec(AFTER_FINAL_PASS, "39", "Déclaration après le passe final", "Call after the final pass", waiting=True),
    ],
    rules=[
        Rule("call", "auction.calling", INADMISSIBLE, "19A1", "contre ou surcontre que la Loi 19 interdit",
             "double or redouble that Law 19 forbids", (KIND_GUARDS[CallKind.INADMISSIBLE],), (hold_irregular_call,)),
        Rule("call", "auction.calling", BARRED, "37", "déclaration d'un joueur tenu de passer",
             "call by a player required to pass", (KIND_GUARDS[CallKind.BY_BARRED_PLAYER],), (hold_irregular_call,)),
        Rule("call", "auction.calling", ABOVE_SEVEN, "38", "enchère au-delà de sept", "bid above seven",
             (KIND_GUARDS[CallKind.BID_ABOVE_SEVEN],), (hold_irregular_call,)),
        # 36
        Rule("director", INADMISSIBLE, REPLACEMENT, "36B", "le Directeur annule : le fautif remplace",
             "the Director cancels it: the offender replaces it", (made_in_turn,), (apply_36B,), ruling=True),
        Rule("director", INADMISSIBLE, "auction.calling", "36B4", "le Directeur annule ; le tour revient",
             "the Director cancels it; the turn goes back", (made_out_of_rotation,), (apply_36B4,), ruling=True),
        Rule("call", REPLACEMENT, "auction.calling", "36B2", "le fautif fait une déclaration légale",
             "the offender makes a legal call", (legal_replacement_36,), (record_36_replacement,)),
        Rule("call", REPLACEMENT, None, "36B2", "toute autre déclaration est refusée", "any other call is refused",
             (replacing_36,), (refuse_36_replacement,)),
        Rule("call", INADMISSIBLE, "auction.calling", "36A", "l'adversaire de gauche déclare avant l'arbitrage",
             "the LHO calls before the ruling", (by_offender_lho,), (leave_pending,)),
        # 37
        Rule("director", BARRED, "auction.calling", "37B", "le Directeur annule : Passe, camp fautif barré",
             "the Director cancels it: a pass, the offending side barred", (), (apply_37B,), ruling=True),
        Rule("call", BARRED, "auction.calling", "37A", "l'adversaire de gauche déclare avant l'arbitrage",
             "the LHO calls before the ruling", (by_offender_lho,), (leave_pending,)),
        # 38
        Rule("director", ABOVE_SEVEN, "auction.calling", "38", "le Directeur annule : Passe, camp fautif barré",
             "the Director cancels it: a pass, the offending side barred", (), (apply_38,), ruling=True),
        Rule("call", ABOVE_SEVEN, "auction.calling", "38D", "l'adversaire de gauche déclare avant l'arbitrage",
             "the LHO calls before the ruling", (by_offender_lho,), (leave_pending,)),
        # the Director comes later to an irregularity the LHO called over
        *[
            r
            for source in PENDING_SOURCES
            for r in (
                Rule("director", source, "auction.calling", "36A", "le Directeur vient : 36A", "the Director comes: 36A",
                     (pending_36,), (apply_36A,), ruling=True),
                Rule("director", source, None, "37A", "le Directeur vient : 37A", "the Director comes: 37A",
                     (pending_37,), (apply_37A,), ruling=True),
                Rule("director", source, "auction.calling", "38D", "le Directeur vient : 38D", "the Director comes: 38D",
                     (pending_38,), (apply_38D,), ruling=True),
            )
        ],
        Rule("director", "play", None, "36C", "le Directeur vient après l'entame : 36C", "the Director comes after the lead: 36C",
             (pending_36,), (apply_36C,), ruling=True),
        # 39
        Rule("call", "clarification", AFTER_FINAL_PASS, "39", "déclaration après le passe final",
             "call after the final pass", (), (hold_irregular_call,)),
        Rule("director", AFTER_FINAL_PASS, "clarification", "39B", "passe d'un défenseur ou camp du déclarant : annulée",
             "a defender's pass or the declaring side: cancelled", (harmless_late_call,), (apply_39B,), ruling=True),
        Rule("director", AFTER_FINAL_PASS, "clarification", "39C", "enchère ou contre d'un défenseur : annulée, 26B",
             "a defender's bid or double: cancelled, 26B", (defender_late_call,), (apply_39C,), ruling=True),
        Rule("call", AFTER_FINAL_PASS, None, "39B", "l'adversaire de gauche déclare avant l'arbitrage",
             "the LHO calls before the ruling", (by_offender_lho,), (lho_after_late_call,), ruling=True),
        Rule("call", "passed_out", None, "39A", "déclaration après le quatrième passe : annulée",
             "call after the fourth pass: cancelled", (), (cancel_late_call,), ruling=True),
    ],
    options={
        INADMISSIBLE: [*_director("36"), _lho_calls("36A")],
        BARRED: [*_director("37"), _lho_calls("37A")],
        ABOVE_SEVEN: [*_director("38"), _lho_calls("38D")],
        AFTER_FINAL_PASS: _director("39"),
    },
)  # fmt: skip
