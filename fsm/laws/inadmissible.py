"""Laws 19, 35–39: inadmissible calls and calls after the final pass.

None of these may be accepted; each is rectified when the Director comes (``director``):

- 36, a double or redouble that Law 19 forbids: cancelled; the offender makes a legal call (at
  his own turn if it was out of rotation, 36B4) and his partner passes for the rest of the
  auction; 26B, 72C (36B). If the LHO called first, the auction goes on with the irregularity
  pending; the Director then cancels it and every later call (36A, no 26B), or, once an opening
  lead has been faced, in turn or out of turn (17D1), the contract is scored as if it had not
  been made (36C). A double or redouble with no bid is not a pass: the passes after it never make a
  pass-out (22B, ``Auction.is_passed_out``), and the auction goes on until the Director comes.
- 37, a bid, double or redouble by a player required to pass: cancelled, replaced by a pass, both
  members of the offending side pass for the rest of the auction; 26B, 72C (37B). If the LHO
  called first, every call stands and an existing bar continues, no 26B (37A).
- 38, a bid above seven: it and every later call cancelled, replaced by a pass, the offending side
  passes for the rest of the auction unless it is over; 26B and 72C unless the LHO called after it
  before the rectification (38D). No contract above seven is ever played (38A): a lead faced to it
  is recorded and starts no play; the Director's ruling sends it back (fsm/laws/lead.py). A bid above
  seven still pending once a lead has been faced (the contract, reached by calls over it, is seven
  or less) is cancelled alone: the play period has begun irrevocably (41C).
- 39, a call after the final pass: cancelled (39A); nothing more when the LHO called, when it is a
  defender's pass or any call of the declaring side (39B); a defender's bid, double or redouble
  otherwise brings 26B (39C). After a pass-out the late call is simply cancelled (39A). A
  face-down lead made before the late call stays on the table and is faced afterwards.

A pending 36, 37 or 38 is never left pending: the Director rules it whenever he comes, during
the auction, in the clarification period (before a faced lead: 36A, 37A, 38D; after one: 36C,
37A, 38D with 41C), during a lead out of turn, or in play.
"""

from __future__ import annotations

from typing import Any

from fsm.bridge.effects import (
    AGAIN,
    CLOSE,
    e_append,
    e_call,
    e_each,
    e_if,
    e_lead_back,
    e_refuse,
    e_remove,
    e_review,
    e_status,
    e_ui,
    e_with,
)
from fsm.bridge.records import FULFILLED, PASS_NEXT_TURN, PASS_REST, REPEAT_CALL, CallKind
from fsm.laws import parties
from fsm.laws.acceptance import NOTHING_PENDING, by_offender, by_offender_lho, then_his_call
from fsm.laws.classify import KIND_GUARDS, hold_irregular_call
from fsm.laws.normal import is_double
from fsm.laws.spec import (
    Guard,
    LawModule,
    Not,
    Option,
    Rule,
    StateSpec,
    action,
    condition_of,
    ctx,
    equals,
    field_of,
    guard,
    var,
)
from fsm.laws.withdrawn import DROP_CANCELLED_PENDING, e_bar, e_bar_side, e_not_comparable, e_restrict

INADMISSIBLE = "auction.inadmissible_double"
INADMISSIBLE_OFFERED = f"{INADMISSIBLE}.offered"
REPLACEMENT = f"{INADMISSIBLE}.replacement"
BARRED = "auction.call_by_barred_player"
ABOVE_SEVEN = "auction.bid_above_seven"
AFTER_FINAL_PASS = "clarification.call_after_final_pass"
FACE_DOWN_LEAD = "clarification.face_down_lead"
LEAD_MADE = "clarification.lead_made"


# --- guards ---------------------------------------------------------------------------------
made_in_turn = guard(
    "contre ou surcontre fait à son tour",
    "double or redouble made in turn",
    "made_in_turn",
    equals("irregularity.offender", var("irregularity.turn")),
)


def _first_pending(law: str) -> Guard:
    what = {
        "36": (
            "un contre inadmissible couvert par l'adversaire de gauche",
            "an inadmissible double the LHO called over",
        ),
        "37": ("une déclaration d'un joueur tenu de passer", "a call by a barred player"),
        "38": ("une enchère au-delà de sept", "a bid above seven"),
    }[law]
    return guard(
        f"en attente d'abord : {what[0]}",
        f"pending first: {what[1]}",
        f"first_pending_{law}",
        equals("table.first_pending", law),
    )


FIRST_PENDING = {law: _first_pending(law) for law in ("36", "37", "38")}


# 38A: the auction ended on a bid above seven (a contract that may never be played).
contract_above_seven = guard(
    "contrat au-delà du palier de sept (38A)",
    "a contract above the seven level (38A)",
    "contract_above_seven",
    {"and": [var("auction.completed"), {">": [{"level": [var("auction.last_bid")]}, 7]}]},
)
NOT_ABOVE_SEVEN = Not(
    contract_above_seven, "contrat au plus au palier de sept", "a contract at the seven level or below"
)


# 17D1: a defender faced the opening lead, in turn or out of turn; the auction period is over, even if
# the card went back since (54D, 47E1).
lead_faced = guard(
    "une entame a été faite face visible, qui termine la période des annonces (17D1)",
    "an opening lead was faced: the auction period is over (17D1)",
    "lead_faced",
    {
        "or": [
            {"in": [var("table.period"), ["lead_out_of_turn", "play"]]},
            {"in": ["54D", var("table.rulings")]},
            {"in": ["47E1", var("table.rulings")]},
        ]
    },
)
NO_LEAD_FACED = Not(lead_faced, "aucune entame faite face visible", "no opening lead faced yet")

face_down_lead_on_table = guard(
    "une entame face cachée est sur la table",
    "a face-down lead lies on the table",
    "face_down_lead_on_table",
    {"and": [{"!=": [var("table.lead.seat"), None]}, {"!": var("table.lead.faced")}]},
)
NO_FACE_DOWN_LEAD = Not(
    face_down_lead_on_table, "aucune entame face cachée sur la table", "no face-down lead on the table"
)
faced_lead_on_table = guard(
    "l'entame est sur la table face visible, ce qui termine la période des annonces (17D1)",
    "the lead lies face up on the table: the auction period is over (17D1)",
    "faced_lead_on_table",
    {"and": [{"!=": [var("table.lead.seat"), None]}, {"==": [var("table.lead.faced"), True]}]},
)
faced_lead_out_of_turn_on_table = guard(
    "une entame hors tour est sur la table face visible (54)",
    "a lead out of turn lies face up on the table (54)",
    "faced_lead_out_of_turn_on_table",
    {
        "and": [
            condition_of(faced_lead_on_table),
            {"!=": [var("table.lead.seat"), var("table.opening_leader")]},
        ]
    },
)
FACED_IN_TURN = Not(
    faced_lead_out_of_turn_on_table, "l'entame visible est celle de l'entameur", "the faced lead is the leader's"
)


def _harmless(seat: Any, call: Any, table: Any = var) -> dict[str, Any]:
    """39B: a defender's pass or any call of the declaring side; ``table`` reads the table (``ctx`` in an
    item's scope, where ``var`` reads the item)."""
    return {"or": [{"==": [{"side": [seat]}, {"side": [table("table.declarer")]}]}, {"==": [call, "Pass"]}]}


def _partner_lead_faced(seat: Any, table: Any = var) -> dict[str, Any]:
    """26B restricts the offender's partner's opening lead: none is left once that partner, the opening
    leader, has faced his own lead (17D1)."""
    return {
        "and": [
            {"==": [table("table.lead.faced"), True]},
            {"==": [table("table.lead.seat"), table("table.opening_leader")]},
            {"==": [table("table.opening_leader"), {"partner": [seat]}]},
        ]
    }


harmless_late_call = guard(
    "passe d'un défenseur, ou déclaration du camp du déclarant",
    "a defender's pass, or any call of the declaring side",
    "harmless_late_call",
    {
        "and": [
            {"!=": [var("table.declarer"), None]},
            _harmless(var("irregularity.offender"), var("irregularity.call")),
        ]
    },
)
legal_replacement_36 = guard(
    "par le fautif, déclaration légale et suffisante",
    "by the offender, a legal and sufficient call",
    "legal_replacement_36",
    {
        "and": [
            equals("event.seat", var("irregularity.offender")),
            {"legal": [var("event.seat"), var("event.call")]},
            {"or": [{"==": [{"level": [var("event.call")]}, 0]}, {"sufficient": [var("event.call")]}]},
        ]
    },
)


# --- fragments ------------------------------------------------------------------------------------
# The seat and the call a fragment speaks of are expressions: read from the irregularity on the
# table, or from a call of the record (an item of `auction.calls`) held by a `with`.
OFFENDER = var("irregularity.offender")
PARTNER = {"partner": [OFFENDER]}
SOURCE = var("irregularity.source")
N = var("irregularity.n")
# Inside a `with` over a call of the record: its number, its maker, the call with its maker.
ITEM_N, ITEM_SEAT, ITEM_SOURCE = var("n"), var("seat"), var("source")
# The call on the table as an item of the record (read before the irregularity is closed).
THE_CALL = {"call": [ctx("irregularity.n")]}


# When the Director comes, he rules every irregularity awaiting him, oldest first, then the one on the
# table: once one is ruled, his coming is dealt with again while any is left.
MORE_TO_RULE = e_if(
    {"or": [{"!=": [var("table.first_pending"), None]}, {"!=": [var("irregularity.n"), None]}]}, [AGAIN]
)


def _take_pending(law: str, effects: list[Any]) -> list[Any]:
    """The oldest irregularity of this law awaiting the Director leaves `table.pending`; the effects
    then run on its call as it now stands (an item of `auction.calls`: the call if it still stands,
    else the last standing call by the same player with the same call), and not at all if a later
    rectification already withdrew it. The Director then rules what is left (MORE_TO_RULE)."""
    return [
        e_with(
            {"call": [{"pending_call": [law]}]},
            [
                e_remove("pending", value={"first": [ctx("table.pending"), {"==": [var("law"), law]}]}),
                e_if({"!=": [var(""), None]}, effects),
            ],
        ),
        MORE_TO_RULE,
    ]


# --- 36 ---------------------------------------------------------------------------------------
def _partner_barred(law: str) -> list[Any]:
    """36B: the offender's partner passes for the rest of the auction; 16C, 26B, 72C."""
    return [e_bar(PARTNER, PASS_REST, law), *e_not_comparable(OFFENDER, SOURCE)]


apply_36B = action(
    "annulé ; le fautif doit faire une déclaration légale ; partenaire barré (26B, 72C)",
    "cancelled; the offender must make a legal call; partner barred (26B, 72C)",
    "apply_36B",
    [e_status(N, "cancelled", "36B1"), *_partner_barred("36B2")],
)
apply_36B4 = action(
    "annulé ; le tour revient au joueur dont c'était le tour ; partenaire barré (26B, 72C)",
    "cancelled; the turn goes back; partner barred (26B, 72C)",
    "apply_36B4",
    [e_status(N, "cancelled", "36B4"), *_partner_barred("36B4"), CLOSE],
)
record_36_replacement = action(
    "la déclaration légale du fautif est enregistrée",
    "the offender's legal call is recorded",
    "record_36_replacement",
    [CLOSE, e_call("standing")],
)


# 36B2 is the clause that forbids every refused replacement (« le joueur fautif doit faire une
# déclaration légale »); the message says which law makes the call made illegal (19A1, 19B1, 18A,
# 18D), the law that describes it, not the one that refuses it.
def _refuse_36(fr: str, en: str) -> dict[str, Any]:
    return e_refuse(
        "36B2",
        f"le fautif doit remplacer le contre inadmissible par une déclaration légale : {fr}",
        f"the offender must replace the inadmissible call with a legal call: {en}",
    )


refuse_36_replacement = action(
    "le fautif doit faire une déclaration légale",
    "the offender must make a legal call",
    "refuse_36_replacement",
    [
        e_if(
            equals("event.call", "X"),
            [_refuse_36("ce contre est lui aussi interdit (19A1)", "this double too is forbidden (19A1)")],
            [
                e_if(
                    equals("event.call", "XX"),
                    [_refuse_36("ce surcontre est lui aussi interdit (19B1)", "this redouble too is forbidden (19B1)")],
                    [
                        e_if(
                            {">": [{"level": [var("event.call")]}, 7]},
                            [
                                _refuse_36(
                                    "une enchère désigne de 1 à 7 levées (18A)",
                                    "a bid names from one to seven odd tricks (18A)",
                                )
                            ],
                            [_refuse_36("cette enchère est insuffisante (18D)", "this bid is insufficient (18D)")],
                        )
                    ],
                )
            ],
        )
    ],
)

# The law of the irregularity left pending: that of its kind.
PENDING_LAW = {
    "if": [
        x
        for kind in (CallKind.INADMISSIBLE, CallKind.BY_BARRED_PLAYER, CallKind.BID_ABOVE_SEVEN)
        for x in (equals("irregularity.kind", kind.name.lower()), kind.law)
    ]
    + [None]
}
# 36A, 37A, 38D: the call stands for now; the Director settles it when he comes. A barred player's
# turn has passed (37): "at his next turn" is over, "throughout" goes on.
leave_pending = action(
    "l'adversaire de gauche déclare avant l'arbitrage : l'irrégularité reste en attente",
    "the LHO calls before the ruling: the irregularity stays pending",
    "leave_pending",
    [
        e_status(N, "standing"),
        e_append("pending", law=PENDING_LAW, source=SOURCE, judged_call={"!=": [N, None]}, n=N, awaits="director"),
        e_if(
            equals("irregularity.kind", CallKind.BY_BARRED_PLAYER.name.lower()),
            [
                e_remove(
                    "obligations",
                    {
                        "and": [
                            {"==": [var("seat"), ctx("irregularity.offender")]},
                            {"in": [var("kind"), [PASS_NEXT_TURN, REPEAT_CALL]]},
                        ]
                    },
                )
            ],
        ),
        CLOSE,
        AGAIN,
    ],
)
# 36A « les annonces continuent comme si la déclaration inadmissible n'avait pas été faite », not as if the
# calls cancelled with it had never been owed: the offender's call at his turn that awaited the comparable
# judgement (30B1(b), 31B2, 32B2) is cancelled, so the judgement falls on his next call at his turn again;
# an obligation to pass or repeat that a cancelled call fulfilled is in force again (30A, 31A2(b)…).
_JUDGED_CALL_GOES = {
    "and": [
        {"==": [ctx("irregularity.kind"), CallKind.JUDGED.name.lower()]},
        {"in": [ctx("irregularity.n"), {"standing_after": [ITEM_N]}]},
    ]
}
_FULFILLED_BY_36A = {
    "and": [
        {"in": [var("kind"), list(FULFILLED.values())]},
        {"==": [field_of({"call": [var("n")]}, "law"), "36A"]},
    ]
}
_BACK_IN_FORCE = {"if": [{"==": [var("kind"), FULFILLED[REPEAT_CALL]]}, REPEAT_CALL, PASS_NEXT_TURN]}
apply_36A = action(
    "la déclaration inadmissible et toutes les suivantes sont annulées (sans 26B)",
    "the inadmissible call and every later call are cancelled (no 26B)",
    "apply_36A",
    _take_pending(
        "36",
        [
            e_if(_JUDGED_CALL_GOES, [e_append("deferred", value=ctx("irregularity.deferred"))]),
            {"cancel_from": {"n": ITEM_N, "law": "36A", "offender": ITEM_SEAT, "ui_law": "16C"}},
            {"update": {"in": "obligations", "where": _FULFILLED_BY_36A, "field": "kind", "value": _BACK_IN_FORCE}},
            DROP_CANCELLED_PENDING,
            *e_lead_back("36A"),
        ],
    ),
)
apply_36C = action(
    "le contrat est marqué comme si la déclaration inadmissible n'avait pas été faite",
    "the contract is scored as if the inadmissible call had not been made",
    "apply_36C",
    _take_pending("36", [e_status(ITEM_N, "cancelled", "36C")]),
)
apply_37A = action(
    "toutes les déclarations sont maintenues ; le joueur barré le reste (sans 26B)",
    "every call stands; a barred player stays barred (no 26B)",
    "apply_37A",
    [e_remove("pending", value={"first": [var("table.pending"), {"==": [var("law"), "37"]}]}), MORE_TO_RULE],
)


# --- 37 ---------------------------------------------------------------------------------------
apply_37B = action(
    "annulée, remplacée par Passe ; le camp fautif passe jusqu'à la fin (26B, 72C)",
    "cancelled, replaced by a pass; the offending side passes throughout (26B, 72C)",
    "apply_37B",
    [
        e_status(N, "cancelled", "37B1"),
        e_remove(
            "obligations",
            {
                "and": [
                    {"==": [{"side": [var("seat")]}, {"side": [ctx("irregularity.offender")]}]},
                    {"==": [var("kind"), PASS_REST]},
                ]
            },
        ),
        e_remove(
            "obligations",
            {"and": [{"==": [var("seat"), ctx("irregularity.offender")]}, {"==": [var("kind"), REPEAT_CALL]}]},
        ),
        *e_bar_side(OFFENDER, "37B2"),
        *e_not_comparable(OFFENDER, SOURCE),
        e_with(OFFENDER, [CLOSE, e_call("standing", seat=var(""), call="Pass", law="37B2")]),
    ],
)


# --- 38 ---------------------------------------------------------------------------------------
def _rectify_38(lho_called: bool) -> list[Any]:
    """38B, 38C on the bid above seven (the `with` item): it and every later call cancelled, the
    offender passes if it is his turn, the offending side passes unless the auction is over; 26B and
    72C unless the LHO called over it (38D)."""
    return [
        {"cancel_from": {"n": ITEM_N, "law": "38B", "offender": ITEM_SEAT, "ui_law": "16C"}},
        DROP_CANCELLED_PENDING,
        *e_lead_back("38B"),
        e_if({"==": [ctx("auction.turn"), ITEM_SEAT]}, [e_call("standing", seat=ITEM_SEAT, call="Pass", law="38C")]),
        e_if({"!": ctx("auction.three_passes_follow")}, e_bar_side(ITEM_SEAT, "38C")),
        *([] if lho_called else [e_restrict(ITEM_SEAT, ITEM_SOURCE), *e_review("72C")]),
    ]


# In rotation: 38B, 38C. Out of rotation: cancelled, the turn goes back (29B); the offender passes at
# his turn anyway. Made standing first, so that it is cancelled in its place.
apply_38 = action(
    "annulée avec les suivantes, remplacée par Passe ; le camp fautif passe jusqu'à la fin des annonces (38C) ; 26B, 72C",
    "cancelled with later calls, replaced by a pass; the offending side passes to the end of the auction (38C); 26B, 72C",
    "apply_38",
    [
        e_with(
            THE_CALL,
            [
                e_if(
                    {"==": [ITEM_SEAT, ctx("irregularity.turn")]},
                    [CLOSE, e_status(ITEM_N, "standing"), *_rectify_38(lho_called=False)],
                    [
                        CLOSE,
                        e_status(ITEM_N, "standing"),
                        e_status(ITEM_N, "cancelled", "38B"),
                        *e_bar_side(ITEM_SEAT, "38C"),
                        *e_not_comparable(ITEM_SEAT, ITEM_SOURCE),
                    ],
                )
            ],
        )
    ],
)
apply_38D = action(
    "annulée avec les suivantes, remplacée par Passe ; le camp fautif passe jusqu'à la fin des annonces (38C) ; "
    "sans 26B ni 72C (38D)",
    "cancelled with later calls, replaced by a pass; the offending side passes to the end of the auction (38C); "
    "no 26B nor 72C (38D)",
    "apply_38D",
    _take_pending("38", _rectify_38(lho_called=True)),
)
# 38B once a lead has been faced: the contract, reached by calls over the bid above seven, is at
# most seven (38A: a lead faced to a contract above seven starts no play); the play period has begun
# irrevocably (41C), so only the bid above seven itself is cancelled.
apply_38_after_the_lead = action(
    "l'enchère au-delà de sept est annulée ; le jeu ayant commencé, les déclarations suivantes restent "
    "(41C) ; sans 26B ni 72C (38D)",
    "the bid above seven is cancelled; play having begun, the later calls stand (41C); no 26B nor 72C (38D)",
    "apply_38_after_the_lead",
    _take_pending("38", [e_status(ITEM_N, "cancelled", "38B"), e_ui(ITEM_SOURCE, [{"partner": [ITEM_SEAT]}])]),
)


# --- 39 ---------------------------------------------------------------------------------------
# The late call waits on the table; it was made at the opening leader's turn (at the caller's own
# when there is none).
hold_late_call = action(
    "la déclaration après le passe final attend l'arbitre",
    "the call after the final pass awaits the Director",
    "hold_late_call",
    [
        {
            "irregularity": {
                "kind": CallKind.AFTER_FINAL_PASS.name.lower(),
                "turn": {"or": [var("table.opening_leader"), var("event.seat")]},
            }
        }
    ],
)
# 39A, 39B: cancelled; it is unauthorized information for the offender's partner.
_39B = [e_status(N, "cancelled", "39A"), e_ui(SOURCE, [PARTNER]), CLOSE]
apply_39B = action("annulée, sans autre rectification", "cancelled, no further rectification", "apply_39B", _39B)
# 39C: a defender's bid, double or redouble: also 26B (none once partner faced his own lead).
_39C = [
    e_status(N, "cancelled", "39A"),
    e_ui(SOURCE, [PARTNER]),
    e_if({"!": _partner_lead_faced(OFFENDER)}, [e_restrict(OFFENDER, SOURCE)]),
    CLOSE,
]
apply_39C = action(
    "annulée ; le déclarant pourra interdire une couleur au partenaire (26B)",
    "cancelled; declarer may prohibit a suit to partner (26B)",
    "apply_39C",
    _39C,
)
# 9B2: the calls made after the final pass while the Director was awaited were held; he rules them in
# the same visit, oldest first, each as a call after the final pass (39A with 39B or 39C). The partner's
# faced opening lead ends the 26B restriction as for the first (17D1).
HELD_LATE_CALLS = [
    e_each(
        var("table.held"),
        [
            e_with(
                {"call": [var("n")]},
                [
                    e_status(ITEM_N, "cancelled", "39A"),
                    e_ui(ITEM_SOURCE, [{"partner": [ITEM_SEAT]}]),
                    e_if(
                        {"!": {"or": [_harmless(ITEM_SEAT, var("call"), ctx), _partner_lead_faced(ITEM_SEAT, ctx)]}},
                        [e_restrict(ITEM_SEAT, ITEM_SOURCE)],
                    ),
                ],
            )
        ],
    ),
    e_remove("held", True),
]
# The Director's visit: the call on the table, then each held (the words say what a player sees ruled).
apply_39B_visit = action(
    "annulée, sans autre rectification",
    "cancelled, no further rectification",
    "apply_39B_in_the_visit",
    [*_39B, *HELD_LATE_CALLS],
)
apply_39C_visit = action(
    "annulée ; le déclarant pourra interdire une couleur au partenaire (26B)",
    "cancelled; declarer may prohibit a suit to partner (26B)",
    "apply_39C_in_the_visit",
    [*_39C, *HELD_LATE_CALLS],
)
# 39A after a pass-out: there is no declaring side and no defender, so nothing more (39B/C). The call
# is added cancelled; it is unauthorized information for the caller's partner.
cancel_late_call = action(
    "la déclaration est annulée (39A)",
    "the call is cancelled (39A)",
    "cancel_late_call",
    [
        e_call("cancelled", law="39A"),
        e_with({"call": [var("auction.made")]}, [e_ui(ITEM_SOURCE, [{"partner": [ITEM_SEAT]}])]),
    ],
)


def _director(law: str) -> list[Option]:
    return [
        Option(
            event="director",
            holder=None,
            law=law,
            fr="l'arbitre est appelé et rectifie",
            en="the Director is called and rectifies",
        )
    ]


def _lho_calls(law: str) -> Option:
    return Option(
        event="call",
        holder=parties.offender_lho,
        law=law,
        fr="peut déclarer avant l'arbitrage : l'irrégularité reste en attente",
        en="may call before the ruling: the irregularity stays pending",
    )


NOT_HARMLESS = Not(
    harmless_late_call, "enchère, contre ou surcontre d'un défenseur", "a defender's bid, double or redouble"
)
LHO_BEFORE = "l'adversaire de gauche déclare avant l'arbitrage", "the LHO calls before the ruling"

MODULE = LawModule(
    name="inadmissible",
    rank=40,
    laws="19, 35-39",
    states=[
        StateSpec(
            name=INADMISSIBLE, law="36", fr="Contre ou surcontre inadmissible", en="Inadmissible double or redouble"
        ),
        StateSpec(
            name=INADMISSIBLE_OFFERED,
            law="36",
            fr="Contre ou surcontre inadmissible, en attente de l'arbitre",
            en="Inadmissible double or redouble: the Director is awaited",
            initial=True,
            waiting=True,
        ),
        StateSpec(
            name=REPLACEMENT,
            law="36B",
            fr="Déclaration légale à la place du contre",
            en="Legal call instead of the double",
            waiting=True,
        ),
        StateSpec(
            name=BARRED,
            law="37",
            fr="Déclaration d'un joueur tenu de passer",
            en="Call by a player required to pass",
            waiting=True,
        ),
        StateSpec(name=ABOVE_SEVEN, law="38", fr="Enchère au-delà de sept", en="Bid above seven", waiting=True),
        StateSpec(
            name=AFTER_FINAL_PASS,
            law="39",
            fr="Déclaration après le passe final",
            en="Call after the final pass",
            waiting=True,
        ),
    ],
    rules=[
        # 19A1 for a double, 19B1 for a redouble: the paragraph that forbids the call made
        Rule(
            event="call",
            source="auction.calling",
            dest=INADMISSIBLE,
            law="19A1",
            fr="contre que la Loi 19A1 interdit",
            en="double that Law 19A1 forbids",
            guards=(KIND_GUARDS[CallKind.INADMISSIBLE], is_double),
            actions=(hold_irregular_call,),
        ),
        Rule(
            event="call",
            source="auction.calling",
            dest=INADMISSIBLE,
            law="19B1",
            fr="surcontre que la Loi 19B1 interdit",
            en="redouble that Law 19B1 forbids",
            guards=(KIND_GUARDS[CallKind.INADMISSIBLE], Not(is_double, "un surcontre", "a redouble")),
            actions=(hold_irregular_call,),
        ),
        Rule(
            event="call",
            source="auction.calling",
            dest=BARRED,
            law="37",
            fr="déclaration d'un joueur tenu de passer",
            en="call by a player required to pass",
            guards=(KIND_GUARDS[CallKind.BY_BARRED_PLAYER],),
            actions=(hold_irregular_call,),
        ),
        Rule(
            event="call",
            source="auction.calling",
            dest=ABOVE_SEVEN,
            law="38",
            fr="enchère au-delà de sept",
            en="bid above seven",
            guards=(KIND_GUARDS[CallKind.BID_ABOVE_SEVEN],),
            actions=(hold_irregular_call,),
        ),
        # 36
        Rule(
            event="director",
            source=INADMISSIBLE_OFFERED,
            dest=REPLACEMENT,
            law="36B1",
            fr="l'arbitre annule : le fautif remplace",
            en="the Director cancels it: the offender replaces it",
            guards=(made_in_turn, NOTHING_PENDING),
            actions=(apply_36B,),
            ruling=True,
            cites=("36B2", "36B3", "26B", "72C"),
        ),
        Rule(
            event="director",
            source=INADMISSIBLE_OFFERED,
            dest="auction.calling",
            law="36B4",
            fr="l'arbitre annule ; le tour revient",
            en="the Director cancels it; the turn goes back",
            guards=(
                Not(made_in_turn, "contre ou surcontre fait hors tour", "double or redouble made out of rotation"),
                NOTHING_PENDING,
            ),
            actions=(apply_36B4,),
            ruling=True,
            cites=("26B", "72C"),
        ),
        Rule(
            event="call",
            source=REPLACEMENT,
            dest="auction.calling",
            law="36B2",
            fr="le fautif fait une déclaration légale",
            en="the offender makes a legal call",
            guards=(legal_replacement_36,),
            actions=(record_36_replacement,),
        ),
        Rule(
            event="call",
            source=REPLACEMENT,
            dest=None,
            law="36B2",
            fr="toute autre déclaration du fautif est refusée",
            en="any other call by the offender is refused",
            guards=(
                by_offender,
                Not(legal_replacement_36, "pas une déclaration légale", "not a legal call"),
            ),
            actions=(refuse_36_replacement,),
        ),
        Rule(
            event="call",
            source=INADMISSIBLE_OFFERED,
            dest="auction.calling",
            law="36A",
            fr=LHO_BEFORE[0],
            en=LHO_BEFORE[1],
            guards=(by_offender_lho,),
            actions=(leave_pending,),
        ),
        # 37
        Rule(
            event="director",
            source=BARRED,
            dest="auction.calling",
            law="37B1",
            fr="l'arbitre annule : Passe, camp fautif barré",
            en="the Director cancels it: a pass, the offending side barred",
            guards=(NOTHING_PENDING,),
            actions=(apply_37B,),
            ruling=True,
            cites=("37B2", "26B", "72C"),
        ),
        Rule(
            event="call",
            source=BARRED,
            dest="auction.calling",
            law="37A",
            fr=LHO_BEFORE[0],
            en=LHO_BEFORE[1],
            guards=(by_offender_lho,),
            actions=(leave_pending,),
        ),
        # 38
        Rule(
            event="director",
            source=ABOVE_SEVEN,
            dest="auction.calling",
            law="38B",
            fr="l'arbitre annule : Passe, camp fautif barré",
            en="the Director cancels it: a pass, the offending side barred",
            guards=(NOTHING_PENDING,),
            actions=(apply_38,),
            ruling=True,
            cites=("38A", "38C", "26B", "72C"),
        ),
        Rule(
            event="call",
            source=ABOVE_SEVEN,
            dest="auction.calling",
            law="38D",
            fr=LHO_BEFORE[0],
            en=LHO_BEFORE[1],
            guards=(by_offender_lho,),
            actions=(leave_pending,),
        ),
        # the Director comes later to an irregularity the LHO called over: the first one pending.
        # During the auction, and in the clarification period before any lead is faced, 36A and 38D
        # reopen the auction; 37A leaves every call standing. The rules are the whole auction's: while
        # an irregularity waits on the table (its state's own rule for the Director needs nothing
        # pending), the older one is ruled first; 36A and 38B cancel the one on the table with every
        # later call, and after 37A the Director rules it in its turn (MORE_TO_RULE).
        Rule(
            event="director",
            source="auction",
            dest="auction.calling",
            law="36A",
            fr="l'arbitre vient : 36A",
            en="the Director comes: 36A",
            guards=(FIRST_PENDING["36"],),
            actions=(apply_36A,),
            ruling=True,
        ),
        Rule(
            event="director",
            source="auction",
            dest=None,
            law="37A",
            fr="l'arbitre vient : 37A",
            en="the Director comes: 37A",
            guards=(FIRST_PENDING["37"],),
            actions=(apply_37A,),
            ruling=True,
        ),
        Rule(
            event="director",
            source="auction",
            dest="auction.calling",
            law="38D",
            fr="l'arbitre vient : 38D",
            en="the Director comes: 38D",
            guards=(FIRST_PENDING["38"],),
            actions=(apply_38D,),
            ruling=True,
            cites=("38B", "38C"),
        ),
        Rule(
            event="director",
            source="clarification",
            dest="auction.calling",
            law="36A",
            fr="l'arbitre vient avant toute entame visible : 36A",
            en="the Director comes before any faced lead: 36A",
            guards=(NO_LEAD_FACED, FIRST_PENDING["36"]),
            actions=(apply_36A,),
            ruling=True,
        ),
        Rule(
            event="director",
            source="clarification",
            dest=None,
            law="37A",
            fr="l'arbitre vient : 37A",
            en="the Director comes: 37A",
            guards=(FIRST_PENDING["37"],),
            actions=(apply_37A,),
            ruling=True,
        ),
        Rule(
            event="director",
            source="clarification",
            dest="auction.calling",
            law="38D",
            fr="l'arbitre vient avant toute entame visible : 38D",
            en="the Director comes before any faced lead: 38D",
            guards=(NO_LEAD_FACED, FIRST_PENDING["38"]),
            actions=(apply_38D,),
            ruling=True,
            cites=("38B", "38C"),
        ),
        # once a lead has been faced, in turn or out of turn (17D1): 36C, 37A, and 38 for the bid alone (41C)
        Rule(
            event="director",
            source="clarification",
            dest=None,
            law="36C",
            fr="l'arbitre vient après une entame visible : 36C",
            en="the Director comes after a faced lead: 36C",
            guards=(lead_faced, FIRST_PENDING["36"]),
            actions=(apply_36C,),
            ruling=True,
            cites=("17D1",),
        ),
        Rule(
            event="director",
            source="clarification",
            dest=None,
            law="38D",
            fr="l'arbitre vient après une entame visible : 38B seule",
            en="the Director comes after a faced lead: 38B alone",
            guards=(lead_faced, FIRST_PENDING["38"]),
            actions=(apply_38_after_the_lead,),
            ruling=True,
            cites=("38A", "38B", "41C"),
        ),
        *[
            r
            for source in ("lead_out_of_turn", "play")
            for r in (
                Rule(
                    event="director",
                    source=source,
                    dest=None,
                    law="36C",
                    fr="l'arbitre vient après l'entame : 36C",
                    en="the Director comes after the lead: 36C",
                    guards=(FIRST_PENDING["36"],),
                    actions=(apply_36C,),
                    ruling=True,
                    cites=("17D1",),
                ),
                Rule(
                    event="director",
                    source=source,
                    dest=None,
                    law="37A",
                    fr="l'arbitre vient après l'entame : 37A",
                    en="the Director comes after the lead: 37A",
                    guards=(FIRST_PENDING["37"],),
                    actions=(apply_37A,),
                    ruling=True,
                ),
                Rule(
                    event="director",
                    source=source,
                    dest=None,
                    law="38D",
                    fr="l'arbitre vient après l'entame : 38B seule",
                    en="the Director comes after the lead: 38B alone",
                    guards=(FIRST_PENDING["38"],),
                    actions=(apply_38_after_the_lead,),
                    ruling=True,
                    cites=("38A", "38B", "41C"),
                ),
            )
        ],
        # 39
        Rule(
            event="call",
            source="clarification",
            dest=AFTER_FINAL_PASS,
            law="39",
            fr="déclaration après le passe final",
            en="call after the final pass",
            actions=(hold_late_call,),
        ),
        *[
            r
            for lead_guards, dest in (
                (
                    (NO_FACE_DOWN_LEAD, Not(faced_lead_on_table, "aucune entame face visible", "no faced lead")),
                    FACE_DOWN_LEAD,
                ),
                ((face_down_lead_on_table,), LEAD_MADE),
                ((faced_lead_on_table, FACED_IN_TURN), "play"),
                # a faced lead out of turn made while the late call waited: declarer's 54 options follow
                ((faced_lead_out_of_turn_on_table,), "lead_out_of_turn"),
            )
            for r in (
                Rule(
                    event="director",
                    source=AFTER_FINAL_PASS,
                    dest=dest,
                    law="39B",
                    fr="passe d'un défenseur ou camp du déclarant : annulée",
                    en="a defender's pass or the declaring side: cancelled",
                    guards=(harmless_late_call, *lead_guards, NOTHING_PENDING),
                    actions=(apply_39B_visit,),
                    ruling=True,
                    cites=("39A",),
                ),
                Rule(
                    event="director",
                    source=AFTER_FINAL_PASS,
                    dest=dest,
                    law="39C",
                    fr="enchère ou contre d'un défenseur : annulée, 26B",
                    en="a defender's bid or double: cancelled, 26B",
                    guards=(NOT_HARMLESS, *lead_guards, NOTHING_PENDING),
                    actions=(apply_39C_visit,),
                    ruling=True,
                    cites=("39A", "26B"),
                ),
            )
        ],
        Rule(
            event="call",
            source=AFTER_FINAL_PASS,
            dest=None,
            law="39B",
            fr="l'adversaire de gauche déclare avant l'arbitrage",
            en="the LHO calls before the ruling",
            guards=(by_offender_lho,),
            actions=(apply_39B, then_his_call),
            ruling=True,
            cites=("39A",),
        ),
        Rule(
            event="call",
            source="passed_out",
            dest=None,
            law="39A",
            fr="déclaration après le quatrième passe : annulée",
            en="call after the fourth pass: cancelled",
            actions=(cancel_late_call,),
            ruling=True,
        ),
    ],
    options={
        INADMISSIBLE_OFFERED: [*_director("36"), _lho_calls("36A")],
        REPLACEMENT: [
            Option(
                event="call",
                holder=parties.offender,
                law="36B",
                fr="fait une déclaration légale",
                en="makes a legal call",
            )
        ],
        BARRED: [*_director("37"), _lho_calls("37A")],
        ABOVE_SEVEN: [*_director("38"), _lho_calls("38D")],
        AFTER_FINAL_PASS: _director("39"),
    },
)
