"""Laws 19, 35–39: inadmissible calls and calls after the final pass.

None of these may be accepted: each waits for the Director. An inadmissible double or
redouble (19A1, 19B1 → 36), a call by a player required to pass (37), a bid above seven (38),
a call after the final pass (39). After a pass-out a late call is simply cancelled (39A).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fsm.auction import CANCELLED, Entry
from fsm.laws.classify import KIND_GUARDS, CallKind, hold_irregular_call
from fsm.rulings import UnauthorizedInformation
from fsm.spec import LawModule, Option, Rule, StateSpec, words

if TYPE_CHECKING:
    from fsm.board import Board, Event

INADMISSIBLE = "auction.inadmissible_double"
BARRED = "auction.call_by_barred_player"
ABOVE_SEVEN = "auction.bid_above_seven"
AFTER_FINAL_PASS = "clarification.call_after_final_pass"


@words("la déclaration est annulée (39A)", "the call is cancelled (39A)")
def cancel_late_call(board: Board, event: Event) -> None:
    """39A after a pass-out: there is no declaring side and no defender, so nothing more (39B/C)."""
    assert event.seat is not None and event.call is not None
    entry = Entry(event.seat, event.call, CANCELLED, law="39A")
    board.auction.entries.append(entry)
    board.unauthorized_information.append(UnauthorizedInformation(entry.token(), (event.seat.partner,), "16C"))


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
        Rule("call", "clarification", AFTER_FINAL_PASS, "39", "déclaration après le passe final",
             "call after the final pass", (), (hold_irregular_call,)),
        Rule("call", "passed_out", None, "39A", "déclaration après le quatrième passe : annulée",
             "call after the fourth pass: cancelled", (), (cancel_late_call,), ruling=True),
    ],
    options={
        INADMISSIBLE: _director("36"),
        BARRED: _director("37"),
        ABOVE_SEVEN: _director("38"),
        AFTER_FINAL_PASS: _director("39"),
    },
)  # fmt: skip
