"""Laws 17D3, 28–34: calls out of rotation.

A pass, a bid or a double out of rotation each waits in its own state (30, 31, 32) for the
offender's LHO, who may accept it by calling (29A); the player whose turn it was, when he is
the offender's RHO, may call instead, which cancels it without rectification (28B).
Three passes that would end the auction after one skipped a player do not end it (17D3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fsm.auction import CANCELLED, Relation
from fsm.laws import parties
from fsm.laws.acceptance import acceptance_rules, then_his_call
from fsm.laws.classify import KIND_GUARDS, CallKind, hold_irregular_call
from fsm.laws.normal import record_call
from fsm.rulings import UnauthorizedInformation
from fsm.spec import LawModule, Option, Rule, StateSpec, words

if TYPE_CHECKING:
    from fsm.board import Board, Event

PASS_STATE = "auction.pass_out_of_rotation"
BID_STATE = "auction.bid_out_of_rotation"
DOUBLE_STATE = "auction.double_out_of_rotation"


@words(
    "par le joueur dont c'était le tour, adversaire de droite du fautif",
    "by the player whose turn it was, the offender's RHO",
)
def by_skipped_rho(board: Board, event: Event) -> bool:
    irr = board.irregularity
    return irr is not None and irr.classification.relation is Relation.RHO and event.seat is irr.classification.turn


@words(
    "la déclaration hors tour est annulée sans rectification (16C2)",
    "the call out of rotation is cancelled without rectification (16C2)",
)
def cancel_forfeited(board: Board, event: Event) -> None:
    """28B: the right to rectification is forfeited; O's cancelled call is UI to his partner (16C2)."""
    irr = board.irregularity
    assert irr is not None
    board.auction.with_status(irr.entry, CANCELLED, "28B")
    board.unauthorized_information.append(UnauthorizedInformation(irr.entry.token(), (irr.entry.seat.partner,), "16C2"))
    board.irregularity = None


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
        board.unauthorized_information.append(UnauthorizedInformation(entry.token(), told, "16C"))


def _waiting(state: str, kind: CallKind, law: str, fr: str, en: str, accept_fr: str, accept_en: str) -> list[Rule]:
    return [
        Rule("call", "auction.calling", state, law, fr, en, (KIND_GUARDS[kind],), (hold_irregular_call,)),
        *acceptance_rules(state, "29A", accept_fr, accept_en),
        Rule("call", state, "auction.calling", "28B",
             "le joueur dont c'était le tour déclare : annulation sans rectification",
             "the player whose turn it was calls: cancelled without rectification",
             (by_skipped_rho,), (cancel_forfeited, then_his_call), ruling=True),
    ]  # fmt: skip


def _options(what_fr: str, what_en: str, law: str) -> list[Option]:
    return [
        Option("call", parties.offender_lho, "29A", f"accepte {what_fr} en déclarant", f"accepts {what_en} by calling"),
        Option("accept", parties.offender_lho, "29A", f"accepte {what_fr}", f"accepts {what_en}"),
        Option("call", _rho_turn, "28B", "déclare à son tour : annulation sans rectification", "calls in turn: cancelled, no rectification"),
        Option("director", None, law, "le Directeur applique la Loi " + law, "the Director applies Law " + law),
    ]  # fmt: skip


def _rho_turn(board: Board) -> list:  # noqa: ANN202 - a holder
    irr = board.irregularity
    if irr is not None and irr.classification.relation is Relation.RHO:
        return [irr.classification.turn]
    return []


MODULE = LawModule(
    name="rotation",
    laws="17D3, 28-34",
    states=[
        StateSpec(PASS_STATE, "30", "Passe hors tour", "Pass out of rotation", waiting=True),
        StateSpec(BID_STATE, "31", "Enchère hors tour", "Bid out of rotation", waiting=True),
        StateSpec(DOUBLE_STATE, "32", "Contre ou surcontre hors tour", "Double or redouble out of rotation", waiting=True),
    ],
    rules=[
        Rule("call", "auction.calling", None, "17D3", "trois passes dont un hors tour : les annonces continuent",
             "three passes, one out of rotation: the auction goes on",
             (KIND_GUARDS[CallKind.DEPRIVED],), (record_call, cancel_passes_17D3), ruling=True),
        *_waiting(PASS_STATE, CallKind.PASS_OUT_OF_ROTATION, "30", "passe hors tour", "pass out of rotation",
                  "le passe hors tour", "the pass out of rotation"),
        *_waiting(BID_STATE, CallKind.BID_OUT_OF_ROTATION, "31", "enchère hors tour", "bid out of rotation",
                  "l'enchère hors tour", "the bid out of rotation"),
        *_waiting(DOUBLE_STATE, CallKind.DOUBLE_OUT_OF_ROTATION, "32", "contre ou surcontre hors tour",
                  "double or redouble out of rotation", "le contre hors tour", "the double out of rotation"),
    ],
    options={
        PASS_STATE: _options("le passe hors tour", "the pass out of rotation", "30"),
        BID_STATE: _options("l'enchère hors tour", "the bid out of rotation", "31"),
        DOUBLE_STATE: _options("le contre hors tour", "the double out of rotation", "32"),
    },
)  # fmt: skip
