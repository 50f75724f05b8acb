"""Laws 18D, 23 and 27: the insufficient bid.

In rotation it waits in ``auction.insufficient_bid`` for the offender's LHO, who may accept it
(27A1), outright or by calling over it. Out of rotation it is a bid out of rotation (27A2 → 31).
"""

from __future__ import annotations

from fsm.laws import parties
from fsm.laws.acceptance import acceptance_rules
from fsm.laws.classify import KIND_GUARDS, CallKind, hold_irregular_call
from fsm.spec import LawModule, Option, Rule, StateSpec

STATE = "auction.insufficient_bid"

MODULE = LawModule(
    name="insufficient",
    laws="18D, 23, 27",
    states=[StateSpec(STATE, "27", "Enchère insuffisante", "Insufficient bid", waiting=True)],
    rules=[
        Rule("call", "auction.calling", STATE, "18D", "enchère insuffisante à son tour", "insufficient bid in turn",
             (KIND_GUARDS[CallKind.INSUFFICIENT],), (hold_irregular_call,)),
        *acceptance_rules(STATE, "27A1", "l'enchère insuffisante", "the insufficient bid"),
    ],
    options={
        STATE: [
            Option("accept", parties.offender_lho, "27A1", "accepte l'enchère insuffisante", "accepts the insufficient bid"),
            Option("call", parties.offender_lho, "27A1", "accepte en déclarant à son tour", "accepts by calling over it"),
            Option("director", None, "27B", "le Directeur expose les options du fautif", "the Director sets out the offender's options"),
        ]
    },
)  # fmt: skip
