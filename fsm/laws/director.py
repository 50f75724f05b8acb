"""Law 9B1: the Director may be called at any moment of the board.

Where an irregularity awaits him, the law family concerned says what he does (36–39, 27B, 29B,
25…), in a state nested below these: a rule of a nested state is always tried before its
parent's. Everywhere else his coming changes nothing.
"""

from __future__ import annotations

from fsm.laws.inadmissible import PENDING_36
from fsm.spec import LawModule, Not, Rule

PHASES = ("board", "auction", "clarification", "lead_out_of_turn", "passed_out", "returned")
NOTHING = ("rien n'attend de rectification", "nothing awaits rectification")

MODULE = LawModule(
    name="director",
    laws="9B1",
    rules=[
        *[
            Rule("director", phase, None, "9B1", "appel à l'arbitre", "the Director is called", outcome=NOTHING)
            for phase in PHASES
        ],
        Rule("director", "play", None, "9B1", "appel à l'arbitre", "the Director is called",
             (Not(PENDING_36, "aucun contre inadmissible en attente", "no inadmissible double pending"),), outcome=NOTHING),
    ],
)  # fmt: skip
