"""Irregularities upon irregularities: a call made while a ruling waits (9B2, 28B).

While an irregularity awaits its option holder, a judgement of the Director or the offender's
replacement, the choices open are that state's options. A call by a player whose call is none of
them is still a call made at the table: it is never refused, and never lost. « Aucun joueur ne doit
agir avant que l'arbitre n'ait expliqué tout ce qui concerne la rectification » (9B2): the call is
held, on the record with the status ``pending`` and in ``table.held`` (the snapshot's ``held``),
and the Director settles the irregularities in the order they happened. Once the one it waited for
is settled, the oldest call held is ruled:

- if an opponent of its maker has called at his own turn since it was made, that call was made
  before the call out of turn was ruled on: it cancels the right to rectify it, and the auction goes
  on as if that player had not called (28B); it is unauthorized information for his partner (16C2);
- otherwise it is made afresh, against the auction as it then stands: classified like any call,
  it may stand, or be a call out of rotation (28–32), an insufficient bid (27), an inadmissible call
  (35–38) or a call after the final pass (39), and is ruled under its own law.

The Laws do not say how to rule two irregularities made before the first is settled; the model's
reading is written in docs/readings.md.
"""

from __future__ import annotations

from fsm.bridge.effects import e_append, e_call, e_refuse, e_remove, e_status, e_ui
from fsm.engine.decisions import Trigger
from fsm.laws.acceptance import by_offender_lho
from fsm.laws.spec import LawModule, Not, Rule, action, condition_of, field_of, guard, var

HELD_N, HELD_SEAT, HELD_SOURCE = var("held.n"), var("held.seat"), var("held.source")
LATE = "clarification.call_after_final_pass"
# the state where nothing waits: a held call is ruled on once the board is back in it. The board
# reaches a pass-out only from ``auction.calling``, where the held calls are ruled first; the calls
# held while a call after the final pass waits are ruled with it, in the Director's one visit (39).
SETTLED = ("auction.calling",)

late_call_waits = guard(
    "une déclaration après le Passe final attend l'arbitre",
    "a call after the final pass awaits the Director",
    "late_call_waits",
    {"!=": [var("irregularity.n"), None]},
)
held_calls = guard(
    "une déclaration a été retenue et rien n'attend plus",
    "a call was held and nothing waits any more",
    "held_calls_to_rule",
    {"and": [{">": [{"count": [var("table.held")]}, 0]}, {"==": [var("irregularity.n"), None]}]},
)
opponent_called_since = guard(
    "faite hors tour, et un adversaire de son auteur a déclaré à son tour depuis",
    "made out of turn, and an opponent of its maker has called at his own turn since",
    "opponent_called_since",
    {
        "and": [
            {"!=": [var("held.seat"), var("held.turn")]},
            # after it in the record, where a changed call (25A, 21B1) keeps its first call's place
            {"opponent_called_after": [HELD_N, HELD_SEAT]},
        ]
    },
)
NO_OPPONENT_SINCE = Not(opponent_called_since, "aucun adversaire n'a déclaré depuis", "no opponent has called since")

hold_call = action(
    "la déclaration est retenue jusqu'à ce que l'irrégularité en attente soit réglée (9B2)",
    "the call is held until the irregularity awaiting is settled (9B2)",
    "hold_call_while_a_ruling_waits",
    [
        e_call("pending"),
        e_append(
            "held",
            n=var("auction.made"),
            seat=field_of({"call": [var("auction.made")]}, "seat"),
            source=field_of({"call": [var("auction.made")]}, "source"),
            turn=var("auction.turn"),
        ),
    ],
)
# A change of call (25) made while a call after the final pass awaits the Director would reopen the
# auction over a call he has not ruled on: the Director rules the late call first (9B2).
refuse_change_while_late_call_waits = action(
    "refusé : l'arbitre statue d'abord sur la déclaration après le Passe final",
    "refused: the Director first rules on the call after the final pass",
    "refuse_change_while_late_call_waits",
    [
        e_refuse(
            "9B2",
            "une déclaration après le Passe final attend l'arbitre : aucun joueur ne doit agir avant qu'il "
            "n'ait expliqué la rectification, et aucun changement de déclaration n'est possible avant",
            "a call after the final pass awaits the Director: no player may act before he has explained "
            "the rectification, and no call can be changed before then",
        )
    ],
)
FIRST = {"first": [var("table.held")]}
cancel_held_28B = action(
    "la déclaration retenue est annulée sans rectification ; information non autorisée pour le partenaire (16C2)",
    "the held call is cancelled without rectification; unauthorized information for partner (16C2)",
    "cancel_held_call_28B",
    [
        e_status(HELD_N, "cancelled", "28B"),
        e_ui(HELD_SOURCE, [{"partner": [HELD_SEAT]}], "16C2"),
        e_remove("held", value=FIRST),
    ],
)
remake_held = action(
    "la déclaration retenue est faite à nouveau, telle que les annonces se présentent alors",
    "the held call is made afresh, against the auction as it then stands",
    "remake_held_call",
    [{"remake": {"n": HELD_N}}, e_remove("held", value=FIRST)],
)
TRIGGERS = [
    Trigger(
        state=state,
        when=condition_of(held_calls),  # the rules' own guard: a trigger raises only what they take
        raises="release_held",
        law="9B2",
        fr="l'irrégularité en attente est réglée : la déclaration retenue est examinée",
        en="the irregularity awaiting is settled: the held call is ruled on",
    )
    for state in SETTLED
]

MODULE = LawModule(
    name="stacked",
    rank=-10,  # its trigger comes before the end of the auction: a held call was made before the last pass
    laws="9B2, 28B",
    triggers=TRIGGERS,
    rules=[
        Rule(
            event="call",
            source="auction",
            dest=None,
            law="9B2",
            fr="déclaration faite pendant qu'une irrégularité attend : retenue",
            en="a call made while an irregularity waits: held",
            actions=(hold_call,),
        ),
        Rule(
            event="call",
            source=LATE,
            dest=None,
            law="9B2",
            fr="autre déclaration après le Passe final avant l'arbitrage : retenue",
            en="another call after the final pass before the ruling: held",
            guards=(late_call_waits, Not(by_offender_lho, "par un autre joueur", "by another player")),
            actions=(hold_call,),
        ),
        Rule(
            event="substitute",
            source=LATE,
            dest=None,
            law="9B2",
            fr="changement de déclaration pendant qu'une déclaration après le Passe final attend : refusé",
            en="a change of call while a call after the final pass awaits: refused",
            guards=(late_call_waits,),
            actions=(refuse_change_while_late_call_waits,),
        ),
        # During the auction an opponent may have called at his turn since (28B). After the final
        # pass no call stands any more: a held call is always a call after the final pass (39).
        Rule(
            event="release_held",
            source="auction.calling",
            dest=None,
            law="28B",
            fr="un adversaire a déclaré à son tour depuis : la déclaration retenue est annulée",
            en="an opponent has called at his turn since: the held call is cancelled",
            guards=(held_calls, opponent_called_since),
            actions=(cancel_held_28B,),
            ruling=True,
            cites=("16C2",),
        ),
        *[
            Rule(
                event="release_held",
                source=state,
                dest=None,
                law="9B2",
                fr="la déclaration retenue est examinée telle que les annonces se présentent",
                en="the held call is ruled on as the auction now stands",
                guards=(held_calls, NO_OPPONENT_SINCE),
                actions=(remake_held,),
            )
            for state in SETTLED
        ],
    ],
)
