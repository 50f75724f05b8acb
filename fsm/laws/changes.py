"""Laws 21 and 25: changes of call.

A call at one's LHO's turn right after one's own call (30B2, 31C, 32C), or a ``substitute``
("I meant 1♠") while partner has not called since (25A4), waits in ``auction.change_of_call``
for the Director's judgement: unintended (25A) or a change of mind (25B).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fsm.auction import Relation
from fsm.calls import Seat
from fsm.laws import parties
from fsm.laws.classify import KIND_GUARDS, CallKind, Classification, hold_irregular_call
from fsm.spec import LawModule, Option, Rule, StateSpec, words

if TYPE_CHECKING:
    from fsm.board import Board, Event

STATE = "auction.change_of_call"


def partner_silent_since_own_call(board: Board, seat: Seat) -> bool:
    """25A4: the player has a call standing and his partner has not called since."""
    standing = board.auction.standing()
    own = [i for i, e in enumerate(standing) if e.seat is seat]
    return bool(own) and all(e.seat is not seat.partner for e in standing[own[-1] + 1 :])


@words(
    "sur sa propre dernière déclaration, le partenaire n'ayant pas déclaré depuis",
    "of his own last call, partner not having called since",
)
def own_call_partner_silent(board: Board, event: Event) -> bool:
    assert event.seat is not None
    return partner_silent_since_own_call(board, event.seat)


@words("la substitution attend le jugement du Directeur", "the substitution awaits the Director's judgement")
def hold_substitution(board: Board, event: Event) -> None:
    assert event.seat is not None
    event.classification = Classification(CallKind.CHANGE, board.auction.turn(), Relation.LHO_PREV)
    hold_irregular_call(board, event)


def may_substitute(board: Board) -> list[Seat]:
    """The option holders of 25A: whoever may still replace his last call."""
    return [seat for seat in parties.everyone(board) if partner_silent_since_own_call(board, seat)]


MODULE = LawModule(
    name="changes",
    laws="21, 25",
    states=[StateSpec(STATE, "25", "Changement de déclaration", "Change of call", waiting=True)],
    rules=[
        Rule("call", "auction.calling", STATE, "25", "déclaration au tour de l'adversaire de gauche, juste après la sienne",
             "call at his LHO's turn right after his own", (KIND_GUARDS[CallKind.CHANGE],), (hold_irregular_call,)),
        Rule("substitute", "auction.calling", STATE, "25", "le joueur remplace sa dernière déclaration",
             "the player replaces his last call", (own_call_partner_silent,), (hold_substitution,)),
    ],
    options={
        "auction.calling": [
            Option("substitute", may_substitute, "25A", "un joueur remplace sa dernière déclaration tant que son partenaire n'a pas déclaré",
                   "a player replaces his last call while his partner has not called"),
        ],
        STATE: [
            Option("judge", None, "25A", "le Directeur juge si la première déclaration était non intentionnelle",
                   "the Director judges whether the first call was unintended"),
        ],
    },
)  # fmt: skip
