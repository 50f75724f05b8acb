"""Laws 18D, 23 and 27: the insufficient bid.

In rotation it waits in ``auction.insufficient_bid.offered`` for the offender's LHO, who may
accept it (27A1), outright or by calling over it. Not accepted, it is withdrawn and the offender
replaces it in ``….replacement``: by the lowest sufficient bid specifying the same
denomination(s) (27B1(a), decided from the calls and their ``specifies``), by a comparable call
(27B1(b), the Director's judgement, taken in ``….ruling`` unless the call carries it), by another
bid or a pass (27B2: partner passes for the rest of the auction), by a double or redouble that is
not comparable (27B3: cancelled, replaced again, partner barred) or by another insufficient bid,
which waits in ``….second`` for the LHO to accept it (27B4) or not (as 27B3). A replacement made
before the ruling stands unless the LHO accepts the insufficient bid (27C). Out of rotation it
is Law 31 (27A2); when the offender must then repeat it (31A1) and the repeat is insufficient, the
repeat is made, and Law 27 applies to it afresh.
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
    e_refuse,
    e_remove,
    e_review,
    e_set,
    e_stand,
    e_status,
    e_ui,
    e_with,
)
from fsm.bridge.records import PASS_REST, REPEAT_CALL, CallKind
from fsm.laws import parties
from fsm.laws.acceptance import (
    NOTHING_PENDING,
    acceptance_rules,
    by_offender,
    by_offender_lho,
    director_present,
    note_director,
)
from fsm.laws.classify import KIND_GUARDS, hold_irregular_call
from fsm.laws.spec import LawModule, Not, Option, Rule, StateSpec, action, all_of, ctx, equals, guard, var
from fsm.laws.withdrawn import CARRIES, judged

STATE = "auction.insufficient_bid"
OFFERED = f"{STATE}.offered"
SECOND = f"{STATE}.second"
REPLACEMENT = f"{STATE}.replacement"
RULING = f"{STATE}.ruling"


# --- guards ---------------------------------------------------------------------------------
repeats_forced_call = guard(
    "la déclaration que le fautif doit répéter (31A1, 32A1)",
    "the call the offender must repeat (31A1, 32A1)",
    "repeats_forced_call",
    {"==": [{"must_repeat": [var("event.seat")]}, var("event.call")]},
)
no_replacement_held = guard(
    "aucun remplacement encore", "no replacement yet", "no_replacement_held", equals("irregularity.replacement", None)
)
offender_legal_call = guard(
    "par le fautif, déclaration légale",
    "by the offender, a legal call",
    "offender_legal_call",
    {"and": [equals("event.seat", var("irregularity.offender")), {"legal": [var("event.seat"), var("event.call")]}]},
)
# 27B3 « si le joueur fautif tente de remplacer son enchère insuffisante par Contre ou Surcontre »: an
# attempt, so a double or redouble that Law 19 forbids is one too (it cannot be comparable: 27B1(b) needs a
# legal replacement, 27B).
offender_inadmissible_double = guard(
    "par le fautif, un contre ou surcontre que la Loi 19 interdit",
    "by the offender, a double or redouble Law 19 forbids",
    "offender_inadmissible_double",
    {
        "and": [
            equals("event.seat", var("irregularity.offender")),
            {"in": [var("event.call"), ["X", "XX"]]},
            {"!": {"legal": [var("event.seat"), var("event.call")]}},
        ]
    },
)
replacement_insufficient = guard(
    "encore insuffisante",
    "insufficient again",
    "replacement_insufficient",
    {"and": [{">": [{"level": [var("event.call")]}, 0]}, {"!": {"sufficient": [var("event.call")]}}]},
)
# 27B1(a): the lowest sufficient bid specifying the same denomination(s) as the insufficient bid. What
# a call specifies is the Director's input (``specifies``); without it a natural bid specifies the
# strain it names. A natural replacement must also be the lowest level in that strain; an
# artificial one is taken at the Director's word.
is_lowest_same = guard(
    "la plus petite enchère suffisante spécifiant la même dénomination",
    "the lowest sufficient bid specifying the same denomination",
    "is_lowest_same",
    {
        "and": [
            {"sufficient": [var("event.call")]},
            {">": [{"count": [var("irregularity.denominations")]}, 0]},
            {
                "same_set": [
                    var("irregularity.denominations"),
                    {"denominations": [var("event.call"), var("event.specifies"), var("event.artificial")]},
                ]
            },
            {
                "or": [
                    {"!=": [var("event.specifies"), None]},
                    var("event.artificial"),
                    {"lowest_sufficient": [var("event.call")]},
                ]
            },
        ]
    },
)
bid_or_pass = guard(
    "une enchère ou un passe",
    "a bid or a pass",
    "bid_or_pass",
    {"or": [{">": [{"level": [var("event.call")]}, 0]}, equals("event.call", "Pass")]},
)
held_bid_or_pass = guard(
    "le remplacement retenu est une enchère ou un passe",
    "the replacement held is a bid or a pass",
    "held_bid_or_pass",
    {"or": [{">": [{"level": [var("irregularity.replacement")]}, 0]}, equals("irregularity.replacement", "Pass")]},
)

SUFFICIENT_OTHER = all_of(
    Not(replacement_insufficient, "suffisante", "sufficient"),
    Not(
        is_lowest_same,
        "autre que la plus petite enchère de même dénomination",
        "other than the lowest bid of the same denomination",
    ),
)
DOUBLE = Not(bid_or_pass, "un contre ou un surcontre", "a double or a redouble")
HELD_DOUBLE = Not(
    held_bid_or_pass,
    "le remplacement retenu est un contre ou un surcontre",
    "the replacement held is a double or a redouble",
)


# --- actions ---------------------------------------------------------------------------------
OFFENDER = var("irregularity.offender")
PARTNER = {"partner": [OFFENDER]}
REPLACEMENT_N = var("irregularity.replacement_n")
HAS_REPLACEMENT = {"!=": [REPLACEMENT_N, None]}

# 31A1: the repetition is made, whatever Law 27 then does with it (accepted, or replaced).
repeat_made_insufficient = action(
    "l'obligation de répéter la déclaration est remplie",
    "the obligation to repeat the call is fulfilled",
    "repeat_made_insufficient",
    [e_remove("obligations", {"and": [{"==": [var("seat"), ctx("event.seat")]}, {"==": [var("kind"), REPEAT_CALL]}]})],
)
hold_premature = action(
    "le remplacement fait avant l'arbitrage est retenu (27C)",
    "the replacement made before the ruling is held (27C)",
    "hold_premature",
    [e_call("pending", into="replacement")],
)
# 27C: a replacement held is now dealt with under 27B: made afresh once the bid is withdrawn.
refuse_insufficient = action(
    "l'enchère insuffisante est retirée : le fautif doit la remplacer",
    "the insufficient bid is withdrawn: the offender must replace it",
    "refuse_insufficient",
    [
        e_status(var("irregularity.n"), "withdrawn", "27B"),
        e_if(
            HAS_REPLACEMENT,
            [e_with(REPLACEMENT_N, [e_set("irregularity.replacement", None), {"remake": {"n": var("")}}])],
        ),
    ],
)
refuse_then_replace = action(
    "le fautif remplace alors son enchère",
    "the offender then replaces his bid",
    "refuse_then_replace",
    [e_status(var("irregularity.n"), "withdrawn", "27B"), AGAIN],
)
hold_second = action(
    "l'enchère insuffisante de remplacement attend l'adversaire de gauche",
    "the insufficient replacement awaits the LHO",
    "hold_second",
    [
        e_set(
            "irregularity.original",
            {
                "if": [
                    {"!=": [var("irregularity.original_n"), None]},
                    var("irregularity.original_n"),
                    var("irregularity.n"),
                ]
            },
        ),
        e_call("pending", into="entry"),
    ],
)
hold_for_ruling = action(
    "le remplacement attend le jugement de l'arbitre",
    "the replacement awaits the Director's judgement",
    "hold_for_ruling",
    [e_call("pending", into="replacement")],
)
# The replacement (held, or made now) takes its place in the auction; the irregularity is over.
FINISH = [e_if(HAS_REPLACEMENT, [e_stand(REPLACEMENT_N)], [e_call("standing")]), CLOSE]
# Setting ``partner_bar_27B3_27B4 = lifted_by_27B1``: a 27B1 replacement frees partner.
LIFT_BAR = e_if(
    {"==": [var("settings.partner_bar_27B3_27B4"), "lifted_by_27B1"]},
    [
        e_remove(
            "obligations",
            {
                "and": [
                    {"==": [var("seat"), {"partner": [ctx("irregularity.offender")]}]},
                    {"in": [var("law"), ["27B3", "27B4"]]},
                ]
            },
        )
    ],
)
apply_27B1a = action(
    "aucune autre rectification ; révision possible (27D)",
    "no further rectification; the Director may review (27D)",
    "apply_27B1a",
    [*e_review("27D"), LIFT_BAR, *FINISH],
)
apply_27B1b = action(
    "déclaration comparable : aucune autre rectification (27D, 23C)",
    "comparable call: no further rectification (27D, 23C)",
    "apply_27B1b",
    [*e_review("27D", "23C"), LIFT_BAR, *FINISH],
)


def _bar_partner(law: str) -> list[Any]:
    """27B2-B4: partner passes for the rest of the auction, 26B, 72C; the withdrawn calls are UI to him."""
    first = var("irregularity.original_source")
    return [
        e_append("obligations", unless_same=["seat", "kind"], seat=PARTNER, kind=PASS_REST, law=law),
        e_append(
            "lead_restrictions",
            unless_same=["offender", "source"],
            seat=PARTNER,
            law="26B",
            offender=OFFENDER,
            source={"if": [{"!=": [first, None]}, first, var("irregularity.source")]},
        ),
        e_each(
            {
                "filter": [
                    var("auction.calls"),
                    {
                        "and": [
                            {"in": [var("status"), ["cancelled", "withdrawn"]]},
                            {"in": [var("law"), ["27B", "27B3", "27B4"]]},
                        ]
                    },
                ]
            },
            [
                e_append(
                    "unauthorized_information",
                    unless_same=["source"],
                    source=var("source"),
                    law="16C",
                    **{"for": [{"partner": [ctx("irregularity.offender")]}]},
                )
            ],
        ),
        *e_review("72C"),
    ]


apply_27B2 = action(
    "le partenaire du fautif passe jusqu'à la fin des annonces (26B, 72C)",
    "the offender's partner passes for the rest of the auction (26B, 72C)",
    "apply_27B2",
    [*_bar_partner("27B2"), *FINISH],
)
apply_27B3 = action(
    "contre annulé ; le fautif remplace à nouveau ; partenaire barré (26B, 72C)",
    "double cancelled; the offender replaces again; partner barred (26B, 72C)",
    "apply_27B3",
    [
        e_if(HAS_REPLACEMENT, [e_status(REPLACEMENT_N, "cancelled", "27B3")], [e_call("cancelled", law="27B3")]),
        *_bar_partner("27B3"),
        e_set("irregularity.replacement", None),
    ],
)
refuse_second = action(
    "seconde enchère insuffisante non acceptée : annulée, comme 27B3",
    "second insufficient bid refused: cancelled, as 27B3",
    "refuse_second",
    [e_status(var("irregularity.n"), "cancelled", "27B4"), *_bar_partner("27B4")],
)
# 27B4 → 27A1: the first insufficient bid stays withdrawn and is UI to the offender's partner.
accept_second = action(
    "la première enchère insuffisante reste retirée (16C)",
    "the first insufficient bid stays withdrawn (16C)",
    "accept_second",
    [e_if({"!=": [var("irregularity.original_n"), None]}, [e_ui(var("irregularity.original_source"), [PARTNER])])],
)
# 27B: refused, and the board is left as it was (the machine restores it).
refuse_replacement = action(
    "la déclaration de remplacement doit être une déclaration légale du fautif",
    "the replacement must be a legal call by the offender",
    "refuse_replacement",
    [
        e_refuse(
            "27B",
            "le fautif doit remplacer l'enchère insuffisante par une déclaration légale",
            "the offender must replace the insufficient bid with a legal call",
        )
    ],
)


_REPLACE = "le fautif remplace l'enchère insuffisante"
_REPLACE_EN = "the offender replaces the insufficient bid"
LEGAL = offender_legal_call

MODULE = LawModule(
    name="insufficient",
    rank=10,
    laws="18D, 23, 27",
    states=[
        StateSpec(name=STATE, law="27", fr="Enchère insuffisante", en="Insufficient bid"),
        StateSpec(
            name=OFFERED,
            law="27A",
            fr="Enchère insuffisante, que l'adversaire de gauche peut accepter",
            en="Insufficient bid: the LHO may accept it",
            initial=True,
            waiting=True,
        ),
        StateSpec(
            name=SECOND, law="27B4", fr="Seconde enchère insuffisante", en="Second insufficient bid", waiting=True
        ),
        StateSpec(name=REPLACEMENT, law="27B", fr="Déclaration de remplacement", en="Replacement call", waiting=True),
        StateSpec(
            name=RULING,
            law="23A",
            fr="Le remplacement est-il comparable ?",
            en="Ruling: comparable replacement?",
            waiting=True,
        ),
    ],
    rules=[
        Rule(
            event="call",
            source="auction.calling",
            dest=STATE,
            law="18D",
            fr="enchère insuffisante à son tour",
            en="insufficient bid in turn",
            guards=(
                KIND_GUARDS[CallKind.INSUFFICIENT],
                Not(repeats_forced_call, "pas une répétition forcée", "not a forced repeat"),
            ),
            actions=(hold_irregular_call,),
        ),
        Rule(
            event="call",
            source="auction.calling",
            dest=STATE,
            law="31A1",
            fr="la répétition est une enchère insuffisante : faite, la Loi 27 s'applique",
            en="the repeat is an insufficient bid: made, Law 27 applies",
            guards=(KIND_GUARDS[CallKind.INSUFFICIENT], repeats_forced_call),
            actions=(repeat_made_insufficient, hold_irregular_call),
            cites=("27A2", "18D"),
        ),
        Rule(
            event="director",
            source=STATE,
            dest=None,
            law="27B",
            fr="l'arbitre expose les options",
            en="the Director sets out the options",
            guards=(NOTHING_PENDING,),
            actions=(note_director,),
        ),
        *acceptance_rules(OFFERED, "27A1", "l'enchère insuffisante", "the insufficient bid"),
        Rule(
            event="refuse",
            source=OFFERED,
            dest=REPLACEMENT,
            law="27B",
            fr="l'adversaire de gauche n'accepte pas : le fautif doit remplacer",
            en="the LHO refuses: the offender must replace it",
            guards=(by_offender_lho,),
            actions=(refuse_insufficient,),
        ),
        Rule(
            event="call",
            source=OFFERED,
            dest=None,
            law="27C",
            fr="remplacement avant l'arbitrage : retenu",
            en="replacement before the ruling: held",
            guards=(
                by_offender,
                Not(director_present, "avant l'arbitrage", "before the ruling"),
                no_replacement_held,
                offender_legal_call,
            ),
            actions=(hold_premature,),
        ),
        Rule(
            event="call",
            source=OFFERED,
            dest=REPLACEMENT,
            law="27B",
            fr="le fautif remplace : l'adversaire de gauche n'a pas accepté",
            en="the offender replaces: the LHO has not accepted",
            guards=(by_offender, director_present, no_replacement_held),
            actions=(refuse_then_replace,),
        ),
        *acceptance_rules(
            SECOND, "27B4", "la seconde enchère insuffisante", "the second insufficient bid", actions=(accept_second,)
        ),
        Rule(
            event="refuse",
            source=SECOND,
            dest=REPLACEMENT,
            law="27B4",
            fr="l'adversaire de gauche n'accepte pas la seconde : comme 27B3",
            en="the LHO refuses the second one: as 27B3",
            guards=(by_offender_lho,),
            actions=(refuse_second,),
            ruling=True,
            cites=("27B3", "26B", "72C"),
        ),
        # --- the replacement (27B) ---
        Rule(
            event="call",
            source=REPLACEMENT,
            dest=SECOND,
            law="27B4",
            fr=f"{_REPLACE} par une autre enchère insuffisante",
            en=f"{_REPLACE_EN} with another insufficient bid",
            guards=(LEGAL, replacement_insufficient),
            actions=(hold_second,),
        ),
        Rule(
            event="call",
            source=REPLACEMENT,
            dest="auction.calling",
            law="27B1(a)",
            fr=f"{_REPLACE} par la plus petite enchère suffisante de même dénomination",
            en=f"{_REPLACE_EN} with the lowest sufficient bid of the same denomination",
            guards=(LEGAL, is_lowest_same),
            actions=(apply_27B1a,),
            ruling=True,
            cites=("27D",),
        ),
        Rule(
            event="call",
            source=REPLACEMENT,
            dest="auction.calling",
            law="27B1(b)",
            fr=f"{_REPLACE} par une déclaration comparable",
            en=f"{_REPLACE_EN} with a comparable call",
            guards=(LEGAL, SUFFICIENT_OTHER, CARRIES[True]),
            actions=(apply_27B1b,),
            ruling=True,
            cites=("27D", "23C", "26A"),
        ),
        Rule(
            event="call",
            source=REPLACEMENT,
            dest="auction.calling",
            law="27B2",
            fr=f"{_REPLACE} par une autre enchère ou un passe",
            en=f"{_REPLACE_EN} with another bid or a pass",
            guards=(LEGAL, SUFFICIENT_OTHER, CARRIES[False], bid_or_pass),
            actions=(apply_27B2,),
            ruling=True,
            cites=("26B", "72C"),
        ),
        Rule(
            event="call",
            source=REPLACEMENT,
            dest=None,
            law="27B3",
            fr=f"{_REPLACE} par un contre non comparable",
            en=f"{_REPLACE_EN} with a double that is not comparable",
            guards=(LEGAL, SUFFICIENT_OTHER, CARRIES[False], DOUBLE),
            actions=(apply_27B3,),
            ruling=True,
            cites=("26B", "72C"),
        ),
        Rule(
            event="call",
            source=REPLACEMENT,
            dest=None,
            law="27B3",
            fr=f"{_REPLACE} par un contre ou surcontre inadmissible (19) : tentative annulée",
            en=f"{_REPLACE_EN} with a double or redouble Law 19 forbids: the attempt is cancelled",
            guards=(offender_inadmissible_double,),
            actions=(apply_27B3,),
            ruling=True,
            cites=("19A1", "19B1", "26B", "72C", "16C"),
        ),
        Rule(
            event="call",
            source=REPLACEMENT,
            dest=RULING,
            law="23A",
            fr=f"{_REPLACE} : comparable ?",
            en=f"{_REPLACE_EN}: comparable?",
            guards=(LEGAL, SUFFICIENT_OTHER, CARRIES[None]),
            actions=(hold_for_ruling,),
        ),
        Rule(
            event="call",
            source=REPLACEMENT,
            dest=None,
            law="27B",
            fr="toute autre déclaration du fautif est refusée",
            en="any other call by the offender is refused",
            guards=(
                by_offender,
                Not(LEGAL, "pas une déclaration légale", "not a legal call"),
                Not(
                    offender_inadmissible_double,
                    "ni une tentative de contre ou surcontre du fautif",
                    "nor an attempted double or redouble by the offender",
                ),
            ),
            actions=(refuse_replacement,),
        ),
        # --- the Director's judgement (23A) ---
        Rule(
            event="judge",
            source=RULING,
            dest="auction.calling",
            law="27B1(b)",
            fr="comparable : aucune autre rectification",
            en="comparable: no further rectification",
            guards=(judged("comparable", True),),
            actions=(apply_27B1b,),
            ruling=True,
            cites=("23A", "27D", "23C", "26A"),
        ),
        Rule(
            event="judge",
            source=RULING,
            dest="auction.calling",
            law="27B2",
            fr="non comparable : partenaire barré",
            en="not comparable: partner barred",
            guards=(judged("comparable", False), held_bid_or_pass),
            actions=(apply_27B2,),
            ruling=True,
            cites=("23A", "26B", "72C"),
        ),
        Rule(
            event="judge",
            source=RULING,
            dest=REPLACEMENT,
            law="27B3",
            fr="contre non comparable : annulé, à remplacer",
            en="double not comparable: cancelled, to be replaced",
            guards=(judged("comparable", False), HELD_DOUBLE),
            actions=(apply_27B3,),
            ruling=True,
            cites=("23A", "26B", "72C"),
        ),
    ],
    options={
        OFFERED: [
            Option(
                event="accept",
                holder=parties.offender_lho,
                law="27A1",
                fr="accepte l'enchère insuffisante",
                en="accepts the insufficient bid",
            ),
            Option(
                event="call",
                holder=parties.offender_lho,
                law="27A1",
                fr="accepte en déclarant à son tour",
                en="accepts by calling over it",
            ),
            Option(
                event="refuse",
                holder=parties.offender_lho,
                law="27B",
                fr="n'accepte pas l'enchère insuffisante : le fautif doit la remplacer",
                en="refuses the insufficient bid: the offender must replace it",
            ),
            Option(
                event="director",
                holder=None,
                law="27B",
                fr="l'arbitre expose les options du fautif",
                en="the Director sets out the offender's options",
            ),
        ],
        SECOND: [
            Option(
                event="accept",
                holder=parties.offender_lho,
                law="27B4",
                fr="accepte la seconde enchère insuffisante",
                en="accepts the second insufficient bid",
            ),
            Option(
                event="call",
                holder=parties.offender_lho,
                law="27B4",
                fr="l'accepte en déclarant à son tour",
                en="accepts it by calling over it",
            ),
            Option(
                event="refuse",
                holder=parties.offender_lho,
                law="27B4",
                fr="n'accepte pas la seconde enchère insuffisante : elle est annulée, comme en 27B3",
                en="refuses the second insufficient bid: it is cancelled, as in 27B3",
            ),
        ],
        REPLACEMENT: [
            Option(
                event="call",
                holder=parties.offender,
                law="27B1(a)",
                fr="la remplace par l'enchère suffisante la moins forte de même dénomination, sans autre rectification",
                en="replaces it with the lowest sufficient bid in the same denomination, with no further rectification",
            ),
            Option(
                event="call",
                holder=parties.offender,
                law="27B1(b)",
                fr="la remplace par une déclaration comparable, sans autre rectification (27D)",
                en="replaces it with a comparable call, with no further rectification (27D)",
            ),
            Option(
                event="call",
                holder=parties.offender,
                law="27B2",
                fr="la remplace par toute autre enchère ou par Passe : le partenaire passe jusqu'à la fin des annonces (26B, 72C)",
                en="replaces it with any other bid or a pass: partner passes for the rest of the auction (26B, 72C)",
            ),
            Option(
                event="call",
                holder=parties.offender,
                law="27B3",
                fr="la remplace par un Contre non comparable : il est annulé et le partenaire est barré",
                en="replaces it with a double that is not comparable: it is cancelled and partner is barred",
            ),
            Option(
                event="call",
                holder=parties.offender,
                law="27B4",
                fr="la remplace par une autre enchère insuffisante : l'adversaire de gauche peut l'accepter",
                en="replaces it with another insufficient bid: the LHO may accept it",
            ),
        ],
        RULING: [
            Option(
                event="judge",
                holder=None,
                law="23A",
                fr="l'arbitre juge si le remplacement est comparable",
                en="the Director judges whether the replacement is comparable",
            ),
        ],
    },
)
