"""Acceptance of an irregular call by the offender's LHO (27A1, 27B4, 29A, 25B1), outright or by
calling, and the Director's coming to an irregularity that awaits him.

Calling over the irregularity is one event but two steps: the acceptance, then the LHO's own
call, routed afresh from the auction as it now stands (it may be irregular in its turn).
"""

from __future__ import annotations

from fsm.bridge.effects import AGAIN, CLOSE, e_if, e_set, e_stand, e_status
from fsm.laws.spec import Action, Guard, Not, Rule, action, equals, guard, var

by_offender_lho = guard(
    "par l'adversaire de gauche du fautif",
    "by the offender's LHO",
    "by_offender_lho",
    equals("event.seat", var("irregularity.offender_lho")),
)
by_offender = guard(
    "par le fautif", "by the offender", "by_offender", equals("event.seat", var("irregularity.offender"))
)
director_present = guard(
    "l'arbitre étant à la table",
    "the Director being at the table",
    "director_present",
    equals("irregularity.director", True),
)

# An irregularity the LHO called over awaits the Director (36A, 37A, 38D): when he comes, he rules it
# before the irregularity on the table, which came after it.
any_pending = guard(
    "une irrégularité attend l'arbitre (36A, 37A, 38D)",
    "an irregularity awaits the Director (36A, 37A, 38D)",
    "any_pending",
    {"!=": [var("table.first_pending"), None]},
)
NOTHING_PENDING = Not(any_pending, "aucune irrégularité en attente", "no irregularity pending")


# The call stands where it was made; a replacement made before the ruling falls (27C).
accept_irregular_call = action(
    "la déclaration irrégulière est acceptée et devient légale",
    "the irregular call is accepted and becomes legal",
    "accept_irregular_call",
    [
        e_if(
            {"!=": [var("irregularity.replacement_n"), None]},
            [e_status(var("irregularity.replacement_n"), "cancelled", "27C")],
        ),
        e_stand(var("irregularity.n")),
        CLOSE,
    ],
)
then_his_call = action(
    "puis sa propre déclaration est examinée", "then his own call is dealt with", "then_his_call", [AGAIN]
)
note_director = action(
    "l'arbitre est à la table",
    "the Director is at the table",
    "note_director",
    [e_set("irregularity.director", True)],
)


def acceptance_rules(
    source: str,
    law: str,
    what_fr: str,
    what_en: str,
    guards: tuple[Guard, ...] = (),
    actions: tuple[Action, ...] = (),
    call_guards: tuple[Guard, ...] = (),
    held: tuple[Action, ...] = (),
) -> list[Rule]:
    """``accept`` and acceptance by calling, for one waiting state. ``call_guards`` apply to the
    acceptance by calling only; ``held`` runs first on an ``accept``, while the irregularity still numbers the
    call held meanwhile (it is made afresh once the acceptance is over)."""
    return [
        Rule(
            event="accept",
            source=source,
            dest="auction.calling",
            law=law,
            fr=f"l'adversaire de gauche accepte {what_fr}",
            en=f"the LHO accepts {what_en}",
            guards=(by_offender_lho, *guards),
            actions=(*held, *actions, accept_irregular_call),
            ruling=True,
        ),
        Rule(
            event="call",
            source=source,
            dest="auction.calling",
            law=law,
            fr=f"l'adversaire de gauche déclare : il accepte {what_fr}",
            en=f"the LHO calls: he accepts {what_en}",
            guards=(by_offender_lho, *guards, *call_guards),
            actions=(*actions, accept_irregular_call, then_his_call),
            ruling=True,
        ),
    ]
