"""Law 9B1: the Director may be called at any moment of the board.

Where an irregularity awaits him, the law family concerned says what he does (36–39, 27B, 29B,
25…), in a state nested below these: a rule of a nested state is always tried before its
parent's. An irregularity the LHO called over (36A, 37A, 38D) is ruled in the same state as
these rules, so they hold only when none is pending. Everywhere else his coming changes nothing.
"""

from __future__ import annotations

from fsm.laws.inadmissible import NOTHING_PENDING
from fsm.laws.spec import LawModule, Rule

PHASES = ("board", "passed_out", "returned")  # no pending irregularity is ruled in these states themselves
RULED_HERE = ("auction", "clarification", "lead_out_of_turn", "play")  # the pending ones are ruled here
NOTHING = ("rien n'attend de rectification", "nothing awaits rectification")

MODULE = LawModule(
    name="director",
    rank=90,
    laws="9B1",
    rules=[
        *[
            Rule(
                event="director",
                source=phase,
                dest=None,
                law="9B1",
                fr="appel à l'arbitre",
                en="the Director is called",
                outcome=NOTHING,
            )
            for phase in PHASES
        ],
        *[
            Rule(
                event="director",
                source=phase,
                dest=None,
                law="9B1",
                fr="appel à l'arbitre",
                en="the Director is called",
                guards=(NOTHING_PENDING,),
                outcome=NOTHING,
            )
            for phase in RULED_HERE
        ],
    ],
)
