"""Laws 16C2, 17D3, 28–34: calls out of rotation.

A pass, a bid or a double out of rotation each waits in its own state (30, 31, 32) for the
offender's LHO, who may accept it by calling (29A). The player whose turn it was, when he is
the offender's RHO, may call instead: the call out of rotation is cancelled without
rectification (28B). Otherwise it is cancelled and the turn goes back to that player (29B),
with what Laws 30, 31 and 32 leave behind, by whose turn it was:

- at the RHO's turn: a pass obliges the offender to pass at his next turn (30A); after a bid
  or a double, if the RHO passes the offender must repeat his call (31A1, 32A1), and if the RHO
  calls, the offender's next call is judged comparable or not (31A2, 32A2);
- at partner's turn, or at the LHO's when the offender had not called: partner is free (16C2)
  and the offender's next call is judged comparable or not (30B1, 31B, 32B);
- comparable: no further rectification (23C); not comparable: partner passes at his next turn,
  26B and 72C.

A call at the turn of a player required to pass, by his LHO, is in rotation (28A). Three passes
that would end the auction after one skipped a player do not end it (17D3, 34). A call made at
the same time as the in-turn call is deemed made after it (33): the events' order says which.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fsm.auction import CANCELLED, STANDING, Entry, Relation
from fsm.calls import PASS
from fsm.laws import parties
from fsm.laws.acceptance import acceptance_rules, by_offender_lho, note_director, then_his_call
from fsm.laws.classify import KIND_GUARDS, CallKind, hold_irregular_call
from fsm.laws.normal import AFTER_CALL, record_call, stand
from fsm.laws.withdrawn import (
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
from fsm.rulings import PASS_NEXT_TURN, REPEAT_CALL, Deferred
from fsm.spec import LawModule, Option, Rule, StateSpec, words

if TYPE_CHECKING:
    from fsm.board import Board, Event

PASS_STATE = "auction.pass_out_of_rotation"
BID_STATE = "auction.bid_out_of_rotation"
DOUBLE_STATE = "auction.double_out_of_rotation"
OOT_STATES = (PASS_STATE, BID_STATE, DOUBLE_STATE)


def _relation(board: Board) -> Relation | None:
    irr = board.irregularity
    return irr.classification.relation if irr else None


# --- guards ---------------------------------------------------------------------------------
@words("c'était au tour de l'adversaire de droite du fautif", "it was the offender's RHO's turn")
def at_rho_turn(board: Board, event: Event) -> bool:
    return _relation(board) is Relation.RHO


@words("c'était au tour du partenaire, ou de l'adversaire de gauche avant que le fautif ait déclaré",
       "it was partner's turn, or the LHO's before the offender had called")  # fmt: skip
def at_partner_or_lho_turn(board: Board, event: Event) -> bool:
    return _relation(board) in (Relation.PARTNER, Relation.LHO_NOT_PREV)


@words("par le joueur dont c'était le tour, adversaire de droite du fautif, avant l'arbitrage",
       "by the player whose turn it was, the offender's RHO, before the ruling")  # fmt: skip
def by_skipped_rho(board: Board, event: Event) -> bool:
    irr = board.irregularity
    return (
        irr is not None
        and not irr.director
        and irr.classification.relation is Relation.RHO
        and event.seat is irr.classification.turn
    )


@words(
    "par le joueur dont c'était le tour, le Directeur étant là",
    "by the player whose turn it was, the Director being there",
)
def by_turn_after_director(board: Board, event: Event) -> bool:
    irr = board.irregularity
    return (
        irr is not None
        and irr.director
        and event.seat is irr.classification.turn
        and event.seat is not irr.entry.seat.lho
    )


@words("une passe, une enchère ou un contre dont la conséquence attend le tour suivant",
       "a call whose consequence waits for the next turn")  # fmt: skip
def judging_deferred(board: Board, event: Event) -> bool:
    irr = board.irregularity
    return irr is not None and irr.deferred is not None


# --- actions ---------------------------------------------------------------------------------
@words(
    "la déclaration hors tour est annulée sans rectification (16C2)",
    "the call out of rotation is cancelled without rectification (16C2)",
)
def cancel_forfeited(board: Board, event: Event) -> None:
    """28B: the right to rectification is forfeited; O's cancelled call is UI to his partner (16C2)."""
    irr = board.irregularity
    assert irr is not None
    board.auction.with_status(irr.entry, CANCELLED, "28B")
    ui(board, irr.entry, (irr.entry.seat.partner,), "16C2")
    board.irregularity = None


def _cancel(board: Board) -> Entry:
    """29B: the call out of rotation is cancelled; the turn goes back to the player whose turn it was."""
    irr = board.irregularity
    assert irr is not None
    board.auction.with_status(irr.entry, CANCELLED, "29B")
    board.irregularity = None
    return irr.entry


@words(
    "annulé ; le fautif passera à son prochain tour (72C)", "cancelled; the offender will pass at his next turn (72C)"
)
def apply_30A(board: Board, event: Event) -> None:
    entry = _cancel(board)
    bar(board, entry.seat, PASS_NEXT_TURN, "30A")
    ui(board, entry, (entry.seat.partner,), "16C2")  # LAWS.md, 30A: 16C2 for the offender's partner
    review(board, "72C")
    if board.settings.lead_restriction_after_forced_repeat:
        restrict(board, entry.seat, entry)


def _free_partner(board: Board, family: str) -> None:
    """30B1, 31B, 32B: partner calls freely (16C2); the offender's next call will be judged."""
    entry = _cancel(board)
    ui(board, entry, (entry.seat.partner,), "16C2")
    board.deferred.append(Deferred(entry.seat, family, entry.token(), entry.seat))


def _wait_for_rho(board: Board, family: str) -> None:
    """31A, 32A: what follows depends on the RHO's call, the first to come now."""
    entry = _cancel(board)
    ui(board, entry, (entry.seat.partner,))
    board.deferred.append(Deferred(entry.seat, family, entry.token(), entry.seat.rho))


@words(
    "annulé ; partenaire libre (16C2) ; la prochaine déclaration du fautif sera jugée",
    "cancelled; partner free (16C2); the offender's next call will be judged",
)
def apply_30B1(board: Board, event: Event) -> None:
    _free_partner(board, "30B1")


@words(
    "annulé ; la suite dépend de la déclaration de l'adversaire de droite",
    "cancelled; what follows depends on the RHO's call",
)
def apply_31A(board: Board, event: Event) -> None:
    _wait_for_rho(board, "31A")


@words(
    "annulé ; partenaire libre (16C2) ; la prochaine déclaration du fautif sera jugée",
    "cancelled; partner free (16C2); the offender's next call will be judged",
)
def apply_31B(board: Board, event: Event) -> None:
    _free_partner(board, "31B")


@words(
    "annulé ; la suite dépend de la déclaration de l'adversaire de droite",
    "cancelled; what follows depends on the RHO's call",
)
def apply_32A(board: Board, event: Event) -> None:
    _wait_for_rho(board, "32A")


@words(
    "annulé ; partenaire libre (16C2) ; la prochaine déclaration du fautif sera jugée",
    "cancelled; partner free (16C2); the offender's next call will be judged",
)
def apply_32B(board: Board, event: Event) -> None:
    _free_partner(board, "32B")


def after_call(board: Board, entry: Entry) -> None:
    """31A/32A: the RHO's call decides: a pass → the offender repeats (A1); else his call is judged (A2)."""
    for d in list(board.deferred):
        if d.waiting_for is not entry.seat or d.law not in ("31A", "32A"):
            continue
        board.deferred.remove(d)
        if entry.call.is_pass:
            bar(board, d.offender, REPEAT_CALL, f"{d.law}1", d.original.split(":", 1)[1])
            if board.settings.lead_restriction_after_forced_repeat:
                restrict(board, d.offender, d.original)
        else:
            board.deferred.append(Deferred(d.offender, f"{d.law}2", d.original, d.offender))
    if board.withdrawable is not None and entry.seat is not board.withdrawable.seat:
        board.withdrawable = None  # 25A6: the LHO's chance to take his call back has passed


AFTER_CALL.append(after_call)


@words(
    "la déclaration du fautif attend le jugement « comparable »",
    "the offender's call awaits the 'comparable' judgement",
)
def hold_judged_call(board: Board, event: Event) -> None:
    assert event.seat is not None and event.call is not None and event.classification is not None
    deferred = board.deferred_for(event.seat)
    assert deferred is not None
    board.deferred.remove(deferred)
    entry = Entry(event.seat, event.call, STANDING, artificial=event.artificial, specifies=event.specifies)
    stand(board, entry)
    from fsm.board import Irregularity

    board.irregularity = Irregularity(entry, event.classification, stage="ruling", deferred=deferred)


# The consequences of the judgement, by family: (law if comparable, law if not).
JUDGED_LAWS = {
    "30B1": ("30B1(b)(i)", "30B1(b)(ii)"),
    "31A2": ("31A2(a)", "31A2(b)"),
    "31B": ("31A2(a)", "31A2(b)"),  # 31B2: "the Director rules as in A2(a) or A2(b)"
    "32A2": ("32A2(a)", "32A2(b)"),
    "32B": ("32A2(a)", "32A2(b)"),  # 32B2
}


def _settle(board: Board, deferred: Deferred, comparable: bool) -> None:
    """Comparable: nothing more, the Director may review (23C). Not comparable: partner passes once, 26B, 72C."""
    if comparable:
        review(board, "23C")
        return
    bar(board, deferred.offender.partner, PASS_NEXT_TURN, JUDGED_LAWS[deferred.law][1])
    restrict(board, deferred.offender, deferred.original)
    review(board, "72C")


@words("comparable : aucune autre rectification (23C)", "comparable: no further rectification (23C)")
def settle_comparable(board: Board, event: Event) -> None:
    irr = board.irregularity
    assert irr is not None and irr.deferred is not None
    board.irregularity = None
    _settle(board, irr.deferred, True)


@words(
    "non comparable : le partenaire passe à son prochain tour (26B, 72C)",
    "not comparable: partner passes at his next turn (26B, 72C)",
)
def settle_not_comparable(board: Board, event: Event) -> None:
    irr = board.irregularity
    assert irr is not None and irr.deferred is not None
    board.irregularity = None
    _settle(board, irr.deferred, False)


@words(
    "la déclaration portant son jugement est enregistrée et réglée",
    "the call carrying its judgement is recorded and settled",
)
def record_judged_call(board: Board, event: Event) -> None:
    assert event.seat is not None
    deferred = board.deferred_for(event.seat)
    assert deferred is not None
    board.deferred.remove(deferred)
    record_call(board, event)
    _settle(board, deferred, bool(event.comparable))


def _family_is(family: str):  # noqa: ANN202 - a named guard
    def guard(board: Board, event: Event) -> bool:
        irr = board.irregularity
        if irr is not None and irr.deferred is not None:
            return irr.deferred.law == family
        if event.seat is not None:
            d = board.deferred_for(event.seat)
            return d is not None and d.law == family
        return False

    guard.__name__ = guard.__qualname__ = f"family_{family}"
    guard.fr = guard.en = f"Loi {family}"  # type: ignore[attr-defined]
    return guard


# --- 28A and 17D3 -----------------------------------------------------------------------------
@words("le passe du joueur tenu de passer est présumé", "the barred player's pass is deemed made")
def deem_barred_pass(board: Board, event: Event) -> None:
    """28A: the call is in rotation; the barred player's turn counts as a pass."""
    assert event.seat is not None
    stand(board, Entry(event.seat.rho, PASS, STANDING, law="28A"))
    event.follow = event.again()


@words("un joueur a été privé de son tour", "a player was deprived of his turn")
def a_player_deprived(board: Board, event: Event) -> bool:
    auction = board.auction
    seats = [e.seat for e in auction.passes_since_last_call()]
    return auction.is_completed() and auction.rotation_break(seats) is not None


@words(
    "les passes consécutifs sont annulés ; le tour revient au joueur privé",
    "the consecutive passes are cancelled; the turn goes back to the deprived player",
)
def cancel_passes_17D3(board: Board, event: Event) -> None:
    """17D3: cancel every pass from the first one that skipped a player; the turn is then his.

    16C: each cancelled pass is UI to the offending side, the side of that first pass.
    """
    passes = board.auction.passes_since_last_call()
    first = board.auction.rotation_break([e.seat for e in passes])
    assert first is not None
    offender = passes[first].seat
    for entry in passes[first:]:
        board.auction.with_status(entry, CANCELLED, "17D3")
        told = tuple(s for s in (offender, offender.partner) if s is not entry.seat)
        ui(board, entry, told)


@words("le joueur dont c'était le tour (Adv. D du fautif)", "the player whose turn it was (offender's RHO)")
def _rho_turn(board: Board) -> list:  # noqa: ANN202 - a holder
    irr = board.irregularity
    if irr is not None and irr.classification.relation is Relation.RHO and not irr.director:
        return [irr.classification.turn]
    return []


def _waiting(state: str, kind: CallKind, law: str, fr: str, en: str, accept_fr: str, accept_en: str,
             rho: tuple, other: tuple) -> list[Rule]:  # fmt: skip
    rho_law, rho_action = rho
    other_law, other_action = other
    rules = [
        Rule("call", "auction.calling", state, law, fr, en, (KIND_GUARDS[kind],), (hold_irregular_call,)),
        *acceptance_rules(state, "29A", accept_fr, accept_en),
        Rule(
            "call",
            state,
            "auction.calling",
            "28B",
            "le joueur dont c'était le tour déclare : annulation sans rectification",
            "the player whose turn it was calls: cancelled without rectification",
            (by_skipped_rho,),
            (cancel_forfeited, then_his_call),
            ruling=True,
        ),
        Rule("director", state, None, "29B", "le Directeur est appelé", "the Director is called", (), (note_director,)),
        Rule(
            "refuse",
            state,
            "auction.calling",
            rho_law,
            "refusé, au tour de l'adversaire de droite",
            "refused, at the RHO's turn",
            (by_offender_lho, at_rho_turn),
            (rho_action,),
            ruling=True,
        ),
        Rule(
            "call",
            state,
            "auction.calling",
            rho_law,
            "le joueur dont c'était le tour déclare : refusé (29B)",
            "the player whose turn it was calls: refused (29B)",
            (by_turn_after_director, at_rho_turn),
            (rho_action, then_his_call),
            ruling=True,
        ),
    ]
    if other_action is not None:
        rules += [
            Rule(
                "refuse",
                state,
                "auction.calling",
                other_law,
                "refusé, au tour du partenaire ou de l'adversaire de gauche",
                "refused, at partner's or the LHO's turn",
                (by_offender_lho, at_partner_or_lho_turn),
                (other_action,),
                ruling=True,
            ),
            Rule(
                "call",
                state,
                "auction.calling",
                other_law,
                "le partenaire déclare à son tour : refusé (29B)",
                "partner calls in turn: refused (29B)",
                (by_turn_after_director, at_partner_or_lho_turn),
                (other_action, then_his_call),
                ruling=True,
            ),
        ]
    return rules


FAMILY_GUARDS = {family: _family_is(family) for family in JUDGED_LAWS}
for _guard in FAMILY_GUARDS.values():  # so that the exported spec can name them
    assert _guard.__name__ not in globals(), _guard.__name__
    globals()[_guard.__name__] = _guard


def _judged_rules() -> list[Rule]:
    rules = []
    for family, (yes, no) in JUDGED_LAWS.items():
        guard = FAMILY_GUARDS[family]
        rules += [
            Rule(
                "call",
                "auction.calling",
                None,
                yes,
                "déclaration du fautif, comparable",
                "the offender's call, comparable",
                (KIND_GUARDS[CallKind.JUDGED], guard, carries_comparable),
                (record_judged_call,),
                ruling=True,
            ),
            Rule(
                "call",
                "auction.calling",
                None,
                no,
                "déclaration du fautif, non comparable",
                "the offender's call, not comparable",
                (KIND_GUARDS[CallKind.JUDGED], guard, carries_not_comparable),
                (record_judged_call,),
                ruling=True,
            ),
            Rule(
                "judge",
                RULING,
                "auction.calling",
                yes,
                "comparable",
                "comparable",
                (judging_deferred, guard, judged_comparable),
                (settle_comparable,),
                ruling=True,
            ),
            Rule(
                "judge",
                RULING,
                "auction.calling",
                no,
                "non comparable",
                "not comparable",
                (judging_deferred, guard, judged_not_comparable),
                (settle_not_comparable,),
                ruling=True,
            ),
        ]
    rules.append(
        Rule(
            "call",
            "auction.calling",
            RULING,
            "23A",
            "déclaration du fautif : comparable ?",
            "the offender's call: comparable?",
            (KIND_GUARDS[CallKind.JUDGED], carries_no_judgement),
            (hold_judged_call,),
        )
    )
    return rules


def _options(what_fr: str, what_en: str, law: str) -> list[Option]:
    return [
        Option("call", parties.offender_lho, "29A", f"accepte {what_fr} en déclarant", f"accepts {what_en} by calling"),
        Option("accept", parties.offender_lho, "29A", f"accepte {what_fr}", f"accepts {what_en}"),
        Option("refuse", parties.offender_lho, "29B", f"refuse {what_fr} : annulé, le tour revient au joueur dont c'était le tour",
               f"refuses {what_en}: cancelled, the turn goes back to the player whose turn it was"),
        Option("call", _rho_turn, "28B", "déclare à son tour : annulation sans rectification", "calls in turn: cancelled, no rectification"),
        Option("director", None, law, "le Directeur applique la Loi " + law, "the Director applies Law " + law),
    ]  # fmt: skip


MODULE = LawModule(
    name="rotation",
    laws="17D3, 28-34",
    states=[
        StateSpec(PASS_STATE, "30", "Passe hors tour", "Pass out of rotation", waiting=True),
        StateSpec(BID_STATE, "31", "Enchère hors tour", "Bid out of rotation", waiting=True),
        StateSpec(DOUBLE_STATE, "32", "Contre ou surcontre hors tour", "Double or redouble out of rotation", waiting=True),
    ],
    rules=[
        Rule("auction_ends", "auction.calling", None, "17D3", "trois passes dont un hors tour : les annonces continuent",
             "three passes, one out of rotation: the auction goes on", (a_player_deprived,), (cancel_passes_17D3,), ruling=True),
        Rule("call", "auction.calling", None, "28A", "au tour d'un joueur tenu de passer : déclaration en rotation",
             "at a barred player's turn: the call is in rotation", (KIND_GUARDS[CallKind.DEEMED_PASS],), (deem_barred_pass,)),
        *_waiting(PASS_STATE, CallKind.PASS_OUT_OF_ROTATION, "30", "passe hors tour", "pass out of rotation",
                  "le passe hors tour", "the pass out of rotation", ("30A", apply_30A), ("30B1", apply_30B1)),
        *_waiting(BID_STATE, CallKind.BID_OUT_OF_ROTATION, "31", "enchère hors tour", "bid out of rotation",
                  "l'enchère hors tour", "the bid out of rotation", ("31A", apply_31A), ("31B", apply_31B)),
        *_waiting(DOUBLE_STATE, CallKind.DOUBLE_OUT_OF_ROTATION, "32", "contre ou surcontre hors tour",
                  "double or redouble out of rotation", "le contre hors tour", "the double out of rotation",
                  ("32A", apply_32A), ("32B", apply_32B)),
        *_judged_rules(),
    ],
    options={
        PASS_STATE: _options("le passe hors tour", "the pass out of rotation", "30"),
        BID_STATE: _options("l'enchère hors tour", "the bid out of rotation", "31"),
        DOUBLE_STATE: _options("le contre hors tour", "the double out of rotation", "32"),
    },
)  # fmt: skip
