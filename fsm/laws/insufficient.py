"""Laws 18D, 23 and 27: the insufficient bid.

In rotation it waits in ``auction.insufficient_bid`` for the offender's LHO, who may accept it
(27A1), outright or by calling over it. Not accepted, it is withdrawn and the offender replaces
it in ``auction.replacement``: by the lowest sufficient bid specifying the same denomination(s)
(27B1(a), decided from the calls and their ``specifies``), by a comparable call (27B1(b), the
Director's judgement, taken in ``auction.ruling`` unless the call carries it), by another bid or
a pass (27B2: partner passes for the rest of the auction), by a double or redouble that is not
comparable (27B3: cancelled, replaced again, partner barred) or by another insufficient bid,
which the LHO may accept (27B4) or not (as 27B3). A replacement made before the ruling stands
unless the LHO accepts the insufficient bid (27C). Out of rotation it is Law 31 (27A2).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from fsm.auction import CANCELLED, PENDING, STANDING, WITHDRAWN, Entry
from fsm.calls import Call
from fsm.events import call_event
from fsm.laws import parties
from fsm.laws.acceptance import acceptance_rules, by_offender, by_offender_lho, note_director
from fsm.laws.classify import KIND_GUARDS, CallKind, hold_irregular_call, is_inadmissible
from fsm.laws.normal import stand
from fsm.laws.withdrawn import (
    REPLACEMENT,
    RULING,
    bar,
    carries_comparable,
    carries_no_judgement,
    carries_not_comparable,
    judged_comparable,
    judged_not_comparable,
    restrict,
    review,
    ui,
)
from fsm.rulings import PASS_REST
from fsm.spec import LawModule, Option, Rule, StateSpec, words

if TYPE_CHECKING:
    from fsm.board import Board, Event

STATE = "auction.insufficient_bid"


def _irr(board: Board):  # noqa: ANN202
    irr = board.irregularity
    assert irr is not None
    return irr


def _is_27(board: Board) -> bool:
    irr = board.irregularity
    return irr is not None and irr.classification.kind is CallKind.INSUFFICIENT


# --- guards ---------------------------------------------------------------------------------
@words("première enchère insuffisante", "first insufficient bid")
def first_insufficient(board: Board, event: Event) -> bool:
    return _is_27(board) and _irr(board).stage == "offered"


@words("enchère insuffisante de remplacement (27B4)", "insufficient replacement bid (27B4)")
def second_insufficient(board: Board, event: Event) -> bool:
    return _is_27(board) and _irr(board).stage == "second"


@words("avant l'arbitrage", "before the ruling")
def before_director(board: Board, event: Event) -> bool:
    return not _irr(board).director


@words("le Directeur étant à la table", "the Director being at the table")
def director_present(board: Board, event: Event) -> bool:
    return _irr(board).director


@words("un remplacement déjà fait (27C)", "a replacement already made (27C)")
def replacement_held(board: Board, event: Event) -> bool:
    return _irr(board).replacement is not None


@words("aucun remplacement encore", "no replacement yet")
def no_replacement_held(board: Board, event: Event) -> bool:
    return _irr(board).replacement is None


@words("par le fautif, déclaration légale", "by the offender, a legal call")
def offender_legal_call(board: Board, event: Event) -> bool:
    """27B: the replacement must be a legal call (not a bid above seven, not an inadmissible double)."""
    assert event.call is not None and event.seat is not None
    if not (_is_27(board) and event.seat is _irr(board).entry.seat):
        return False
    call = event.call
    return not (call.is_bid and call.level > 7) and not is_inadmissible(board.auction, event.seat, call)


@words("encore insuffisante", "insufficient again")
def replacement_insufficient(board: Board, event: Event) -> bool:
    assert event.call is not None
    return event.call.is_bid and not board.auction.is_sufficient(event.call)


def lowest_same_denominations(board: Board, ib: Entry, call: Call, specifies: tuple | None, artificial: bool) -> bool:
    """27B1(a): the lowest sufficient bid specifying the same denomination(s) as the insufficient bid.

    What a call specifies is the Director's input (``specifies``); without it a natural bid
    specifies the strain it names. A natural replacement must also be the lowest level in that
    strain; an artificial one is taken at the Director's word.
    """
    if not call.is_bid or not board.auction.is_sufficient(call):
        return False
    wanted = set(ib.denominations())
    got = set(Entry(ib.seat, call, artificial=artificial, specifies=specifies).denominations())
    if not wanted or wanted != got:
        return False
    if specifies is None and not artificial:
        lower = Call("bid", call.level - 1, call.strain)
        return call.level == 1 or not board.auction.is_sufficient(lower)
    return True


@words(
    "la plus petite enchère suffisante spécifiant la même dénomination",
    "the lowest sufficient bid specifying the same denomination",
)
def is_lowest_same(board: Board, event: Event) -> bool:
    assert event.call is not None
    irr = _irr(board)
    return lowest_same_denominations(board, irr.original or irr.entry, event.call, event.specifies, event.artificial)


@words(
    "autre que la plus petite enchère dans la même dénomination", "other than the lowest bid in the same denomination"
)
def not_lowest_same(board: Board, event: Event) -> bool:
    return not replacement_insufficient(board, event) and not is_lowest_same(board, event)


@words("une enchère ou un passe", "a bid or a pass")
def bid_or_pass(board: Board, event: Event) -> bool:
    assert event.call is not None
    return event.call.is_bid or event.call.is_pass


@words("un contre ou un surcontre", "a double or a redouble")
def double_or_redouble(board: Board, event: Event) -> bool:
    assert event.call is not None
    return event.call.is_double or event.call.is_redouble


@words("remplacement d'une enchère insuffisante (Loi 27)", "replacement of an insufficient bid (Law 27)")
def judging_27(board: Board, event: Event) -> bool:
    return _is_27(board) and _irr(board).stage == "ruling"


@words("le remplacement est une enchère ou un passe", "the replacement is a bid or a pass")
def held_bid_or_pass(board: Board, event: Event) -> bool:
    held = _irr(board).replacement
    return held is not None and (held.call.is_bid or held.call.is_pass)


@words("le remplacement est un contre ou un surcontre", "the replacement is a double or a redouble")
def held_double(board: Board, event: Event) -> bool:
    held = _irr(board).replacement
    return held is not None and (held.call.is_double or held.call.is_redouble)


# --- actions ---------------------------------------------------------------------------------
@words(
    "le remplacement fait avant l'arbitrage est retenu (27C)", "the replacement made before the ruling is held (27C)"
)
def hold_premature(board: Board, event: Event) -> None:
    irr = _irr(board)
    entry = _entry(event, PENDING)
    board.auction.entries.append(entry)
    board.irregularity = replace(irr, replacement=entry)


@words(
    "l'enchère insuffisante est retirée : le fautif doit la remplacer",
    "the insufficient bid is withdrawn: the offender must replace it",
)
def refuse_insufficient(board: Board, event: Event) -> None:
    irr = _irr(board)
    board.auction.with_status(irr.entry, WITHDRAWN, "27B")
    board.irregularity = replace(irr, stage="replacement")
    irr = board.irregularity
    if irr.replacement is not None:  # 27C: that replacement is now dealt with under 27B
        held = irr.replacement
        board.auction.entries.remove(next(e for e in board.auction.entries if e is held))
        board.irregularity = replace(irr, replacement=None)
        event.follow = call_event(held)


@words("le fautif remplace alors son enchère", "the offender then replaces his bid")
def refuse_then_replace(board: Board, event: Event) -> None:
    irr = _irr(board)
    board.auction.with_status(irr.entry, WITHDRAWN, "27B")
    board.irregularity = replace(irr, stage="replacement")
    event.follow = event.again()


@words(
    "l'enchère insuffisante de remplacement attend l'adversaire de gauche",
    "the insufficient replacement awaits the LHO",
)
def hold_second(board: Board, event: Event) -> None:
    irr = _irr(board)
    entry = _entry(event, PENDING)
    board.auction.entries.append(entry)
    board.irregularity = replace(irr, entry=entry, stage="second", original=irr.original or irr.entry)


@words("le remplacement attend le jugement du Directeur", "the replacement awaits the Director's judgement")
def hold_for_ruling(board: Board, event: Event) -> None:
    entry = _entry(event, PENDING)
    board.auction.entries.append(entry)
    board.irregularity = replace(_irr(board), replacement=entry, stage="ruling")


def _finish(board: Board, entry: Entry) -> None:
    """The replacement takes its place in the auction; the irregularity is over."""
    if entry.status == PENDING:
        board.auction.entries.remove(next(e for e in board.auction.entries if e is entry))
    board.irregularity = None
    stand(board, replace(entry, status=STANDING))


def _lift_bar_if_setting(board: Board, offender) -> None:  # noqa: ANN001
    """Setting ``partner_bar_27B3_27B4 = lifted_by_27B1``: a 27B1 replacement frees partner."""
    if board.settings.partner_bar_27B3_27B4 == "lifted_by_27B1":
        board.obligations = [
            o for o in board.obligations if not (o.seat is offender.partner and o.law in ("27B3", "27B4"))
        ]


@words(
    "aucune autre rectification ; révision possible (27D)", "no further rectification; the Director may review (27D)"
)
def apply_27B1a(board: Board, event: Event) -> None:
    irr = _irr(board)
    review(board, "27D")
    _lift_bar_if_setting(board, irr.entry.seat)
    _finish(board, _entry(event, STANDING))


@words(
    "déclaration comparable : aucune autre rectification (27D, 23C)",
    "comparable call: no further rectification (27D, 23C)",
)
def apply_27B1b(board: Board, event: Event) -> None:
    irr = _irr(board)
    review(board, "27D", "23C")
    _lift_bar_if_setting(board, irr.entry.seat)
    _finish(board, irr.replacement if irr.replacement is not None else _entry(event, STANDING))


def _withdrawn_insufficient(board: Board) -> list[Entry]:
    return [e for e in board.auction.entries if e.status in (WITHDRAWN, CANCELLED) and e.law in ("27B", "27B3", "27B4")]


def _bar_partner(board: Board, law: str) -> None:
    """27B2-B4: partner passes for the rest of the auction, 26B, 72C; the withdrawn calls are UI to him."""
    irr = _irr(board)
    offender = irr.entry.seat
    if not any(o.seat is offender.partner and o.kind == PASS_REST for o in board.obligations):
        bar(board, offender.partner, PASS_REST, law)
    source = irr.original or irr.entry
    if not any(r.offender is offender and r.source == source.token() for r in board.lead_restrictions):
        restrict(board, offender, source)
    for e in _withdrawn_insufficient(board):
        if not any(u.source == e.token() for u in board.unauthorized_information):
            ui(board, e, (offender.partner,))
    review(board, "72C")


@words(
    "le partenaire du fautif passe jusqu'à la fin des annonces (26B, 72C)",
    "the offender's partner passes for the rest of the auction (26B, 72C)",
)
def apply_27B2(board: Board, event: Event) -> None:
    irr = _irr(board)
    _bar_partner(board, "27B2")
    _finish(board, irr.replacement if irr.replacement is not None else _entry(event, STANDING))


@words(
    "contre annulé ; le fautif remplace à nouveau ; partenaire barré (26B, 72C)",
    "double cancelled; the offender replaces again; partner barred (26B, 72C)",
)
def apply_27B3(board: Board, event: Event) -> None:
    irr = _irr(board)
    if irr.replacement is not None:
        board.auction.with_status(irr.replacement, CANCELLED, "27B3")
    else:
        board.auction.entries.append(replace(_entry(event, CANCELLED), law="27B3"))
    _bar_partner(board, "27B3")
    board.irregularity = replace(_irr(board), replacement=None, stage="replacement", barred=True)


@words(
    "seconde enchère insuffisante refusée : annulée, comme 27B3", "second insufficient bid refused: cancelled, as 27B3"
)
def refuse_second(board: Board, event: Event) -> None:
    irr = _irr(board)
    board.auction.with_status(irr.entry, CANCELLED, "27B4")
    _bar_partner(board, "27B4")
    board.irregularity = replace(_irr(board), stage="replacement", barred=True)


@words("la seconde enchère insuffisante est acceptée", "the second insufficient bid is accepted")
def accept_second(board: Board, event: Event) -> None:
    """27B4 → 27A1: the first insufficient bid stays withdrawn and is UI to the offender's partner."""
    irr = _irr(board)
    first = irr.original
    if first is not None:
        ui(board, first, (first.seat.partner,))


@words("pendant le remplacement d'une enchère insuffisante", "while an insufficient bid is being replaced")
def replacing_27(board: Board, event: Event) -> bool:
    return _is_27(board) and _irr(board).stage == "replacement"


@words(
    "la déclaration de remplacement doit être une déclaration légale du fautif",
    "the replacement must be a legal call by the offender",
)
def refuse_replacement(board: Board, event: Event) -> None:
    """27B: refused, and the board is left as it was (the dispatcher restores it)."""
    from fsm.errors import IllegalEvent

    raise IllegalEvent(
        "le fautif doit remplacer l'enchère insuffisante par une déclaration légale",
        "the offender must replace the insufficient bid with a legal call",
        law="27B",
    )


def _entry(event: Event, status: str) -> Entry:
    assert event.seat is not None and event.call is not None
    return Entry(event.seat, event.call, status, artificial=event.artificial, specifies=event.specifies)


_REPLACE = "le fautif remplace l'enchère insuffisante"
_REPLACE_EN = "the offender replaces the insufficient bid"

MODULE = LawModule(
    name="insufficient",
    laws="18D, 23, 27",
    states=[StateSpec(STATE, "27", "Enchère insuffisante", "Insufficient bid", waiting=True)],
    rules=[
        Rule("call", "auction.calling", STATE, "18D", "enchère insuffisante à son tour", "insufficient bid in turn",
             (KIND_GUARDS[CallKind.INSUFFICIENT],), (hold_irregular_call,)),
        *acceptance_rules(STATE, "27A1", "l'enchère insuffisante", "the insufficient bid", (first_insufficient,)),
        *acceptance_rules(STATE, "27B4", "la seconde enchère insuffisante", "the second insufficient bid",
                          (second_insufficient,), (accept_second,)),
        Rule("refuse", STATE, REPLACEMENT, "27B", "l'adversaire de gauche refuse : le fautif doit remplacer",
             "the LHO refuses: the offender must replace it", (by_offender_lho, first_insufficient), (refuse_insufficient,)),
        Rule("refuse", STATE, REPLACEMENT, "27B4", "l'adversaire de gauche refuse la seconde : comme 27B3",
             "the LHO refuses the second one: as 27B3", (by_offender_lho, second_insufficient), (refuse_second,), ruling=True),
        Rule("director", STATE, None, "27B", "le Directeur expose les options", "the Director sets out the options",
             (), (note_director,)),
        Rule("call", STATE, None, "27C", "remplacement avant l'arbitrage : retenu", "replacement before the ruling: held",
             (by_offender, first_insufficient, before_director, no_replacement_held), (hold_premature,)),
        Rule("call", STATE, REPLACEMENT, "27B", "le fautif remplace : l'adversaire de gauche n'a pas accepté",
             "the offender replaces: the LHO has not accepted", (by_offender, director_present, no_replacement_held),
             (refuse_then_replace,)),
        # --- the replacement (27B) ---
        Rule("call", REPLACEMENT, STATE, "27B4", f"{_REPLACE} par une autre enchère insuffisante",
             f"{_REPLACE_EN} with another insufficient bid", (offender_legal_call, replacement_insufficient), (hold_second,)),
        Rule("call", REPLACEMENT, "auction.calling", "27B1(a)", f"{_REPLACE} par la plus petite enchère suffisante de même dénomination",
             f"{_REPLACE_EN} with the lowest sufficient bid of the same denomination", (offender_legal_call, is_lowest_same),
             (apply_27B1a,), ruling=True),
        Rule("call", REPLACEMENT, "auction.calling", "27B1(b)", f"{_REPLACE} par une déclaration comparable",
             f"{_REPLACE_EN} with a comparable call", (offender_legal_call, not_lowest_same, carries_comparable),
             (apply_27B1b,), ruling=True),
        Rule("call", REPLACEMENT, "auction.calling", "27B2", f"{_REPLACE} par une autre enchère ou un passe",
             f"{_REPLACE_EN} with another bid or a pass", (offender_legal_call, not_lowest_same, carries_not_comparable, bid_or_pass),
             (apply_27B2,), ruling=True),
        Rule("call", REPLACEMENT, None, "27B3", f"{_REPLACE} par un contre non comparable",
             f"{_REPLACE_EN} with a double that is not comparable", (offender_legal_call, not_lowest_same, carries_not_comparable, double_or_redouble),
             (apply_27B3,), ruling=True),
        Rule("call", REPLACEMENT, RULING, "23A", f"{_REPLACE} : comparable ?", f"{_REPLACE_EN}: comparable?",
             (offender_legal_call, not_lowest_same, carries_no_judgement), (hold_for_ruling,)),
        Rule("call", REPLACEMENT, None, "27B", "toute autre déclaration est refusée", "any other call is refused",
             (replacing_27,), (refuse_replacement,)),
        # --- the Director's judgement (23A) ---
        Rule("judge", RULING, "auction.calling", "27B1(b)", "comparable : aucune autre rectification",
             "comparable: no further rectification", (judging_27, judged_comparable), (apply_27B1b,), ruling=True),
        Rule("judge", RULING, "auction.calling", "27B2", "non comparable : partenaire barré",
             "not comparable: partner barred", (judging_27, judged_not_comparable, held_bid_or_pass), (apply_27B2,), ruling=True),
        Rule("judge", RULING, REPLACEMENT, "27B3", "contre non comparable : annulé, à remplacer",
             "double not comparable: cancelled, to be replaced", (judging_27, judged_not_comparable, held_double),
             (apply_27B3,), ruling=True),
    ],
    options={
        STATE: [
            Option("accept", parties.offender_lho, "27A1", "accepte l'enchère insuffisante", "accepts the insufficient bid"),
            Option("call", parties.offender_lho, "27A1", "accepte en déclarant à son tour", "accepts by calling over it"),
            Option("refuse", parties.offender_lho, "27B", "refuse : le fautif doit remplacer son enchère", "refuses: the offender must replace his bid"),
            Option("director", None, "27B", "le Directeur expose les options du fautif", "the Director sets out the offender's options"),
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
    },
)  # fmt: skip
