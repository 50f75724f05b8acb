"""Laws 41, 47E1, 50D and 54, with 26B and 24E at the opening lead.

After the final pass the presumed declarer's LHO leads face down (41A); he may first ask for a
review (20C2), and after it the leader's partner and the presumed declarer may (41B); facing the
lead ends the auction period (41C, 17D1). A face-down lead by the wrong defender goes back to his
hand. Before the lead declarer may prohibit a suit to a restricted leader (26B) and, when the
leader's partner holds a major penalty card, require or prohibit its suit or leave it (50D2).
While the leader's partner holds a major penalty card the leader may not lead until declarer has
stated his one choice (50D2). The leader must lead a major penalty card of his own that he may
legally lead (50D1); when he has two or more, declarer designates the one he leads, and the
leader's own choice before it is refused (50D1). He may not lead a lower card of the suit of a
minor one (50C). When one
defender holds two or more penalty cards, all of them are major (50B).

No contract above seven is ever played (38A), and Law 38 has no time limit: a lead faced to a
contract above seven, in turn or out of turn, is recorded, and awaits the Director, who rules
what is pending as before any faced lead (38D, 36A, 37A); the card goes back with the calls it
followed.

A faced lead by the wrong defender is a lead out of turn (54): a face-down lead by the correct
leader goes back (54 intro); declarer may spread his hand and become dummy (54A), accept it
(54B), or refuse it (54D: the card becomes a major penalty card and declarer chooses under 50D2
as the correct leader is on lead); he must accept it, and stays declarer, when the Director judges
he could have seen dummy's cards (54C), and then may neither spread nor refuse. A lead caused by an opponent's misinformation that it was
his lead goes back without rectification (47E1). A lead attempted by the declaring side goes back
to the hand (54E, 24D).
"""

from __future__ import annotations

from typing import Any

from fsm.bridge.calls import SUITS
from fsm.bridge.effects import (
    e_append,
    e_back_to_hand,
    e_each,
    e_if,
    e_lead_back,
    e_out_of_hand,
    e_refuse,
    e_remove,
    e_review,
    e_set,
    e_ui,
    e_with,
)
from fsm.bridge.records import PASS_NEXT_TURN
from fsm.laws import parties
from fsm.laws.inadmissible import (
    AFTER_FINAL_PASS as LATE_CALL,
)
from fsm.laws.inadmissible import (
    FIRST_PENDING,
    NOT_ABOVE_SEVEN,
    apply_36A,
    apply_37A,
    apply_38D,
    cancel_late_call,
    contract_above_seven,
    face_down_lead_on_table,
    faced_lead_on_table,
)
from fsm.laws.normal import EACH_IN_TURN, auction_completed, end_auction, no_lead_on_table
from fsm.laws.spec import (
    SEATS_ALL,
    Guard,
    LawModule,
    Not,
    Option,
    Rule,
    StateSpec,
    action,
    all_of,
    condition_of,
    ctx,
    equals,
    guard,
    holder,
    seats_if,
    var,
)
from fsm.laws.withdrawn import judged

OPTIONS_50D2 = "clarification.declarer_options"


# --- guards -----------------------------------------------------------------------------------
by_leader = guard(
    "par l'entameur", "by the opening leader", "by_leader", equals("event.seat", var("table.opening_leader"))
)
by_leader_partner = guard(
    "par le partenaire de l'entameur",
    "by the leader's partner",
    "by_leader_partner",
    equals("event.seat", var("table.leader_partner")),
)
face_down = guard("face cachée", "face down", "face_down", equals("event.face_down", True))
FACED = Not(face_down, "face visible", "face up")
by_declaring_side = guard(
    "par le déclarant présumé ou le mort présumé",
    "by the presumed declarer or dummy",
    "by_declaring_side",
    {
        "and": [
            {"!=": [var("table.presumed_declarer"), None]},
            {"==": [{"side": [var("event.seat")]}, {"side": [var("table.presumed_declarer")]}]},
        ]
    },
)
before_the_lead = guard("avant l'entame", "before the lead", "before_the_lead", equals("table.lead.seat", None))
not_dummy = guard("pas le mort", "not dummy", "not_dummy", {"!=": [var("event.seat"), var("table.dummy")]})
by_leader_partner_or_declarer = guard(
    "par le partenaire de l'entameur ou le déclarant présumé",
    "by the leader's partner or the presumed declarer",
    "by_leader_partner_or_declarer",
    {
        "and": [
            {"!=": [var("table.opening_leader"), None]},
            {
                "in": [
                    var("event.seat"),
                    [{"partner": [var("table.opening_leader")]}, {"rho": [var("table.opening_leader")]}],
                ]
            },
        ]
    },
)
by_presumed_dummy = guard(
    "par le mort présumé",
    "by the presumed dummy",
    "by_presumed_dummy",
    equals("event.seat", var("table.presumed_dummy")),
)
by_presumed_declarer = guard(
    "par le déclarant présumé",
    "by the presumed declarer",
    "by_presumed_declarer",
    equals("event.seat", var("table.presumed_declarer")),
)
_BY_DECLARER = condition_of(by_presumed_declarer)
# a major penalty card of the opening leader's partner (50D2)
_PARTNER_MAJOR = {"and": [{"==": [var("seat"), ctx("table.leader_partner")]}, {"==": [var("kind"), "major"]}]}
restricted_suit = guard(
    "une couleur que le fautif n'a pas spécifiée, l'entameur étant restreint (26B)",
    "a suit the offender did not specify, the leader being restricted (26B)",
    "restricted_suit",
    {
        "and": [
            _BY_DECLARER,
            {"!=": [var("event.suit"), None]},
            {"in": [var("event.suit"), var("table.lead_restriction_suits")]},
            {"none": [var("table.lead_constraints"), {"==": [var("law"), "26B"]}]},
            # a suit declarer already required (50D2) cannot also be prohibited: the leader could not lead
            {
                "none": [
                    var("table.lead_constraints"),
                    {"and": [{"==": [var("kind"), "require"]}, {"==": [var("suit"), ctx("event.suit")]}]},
                ]
            },
        ]
    },
)
# Requiring a suit already prohibited (26B) would leave the leader no lead.
suit_not_prohibited = guard(
    "une couleur que le déclarant n'a pas déjà interdite",
    "a suit declarer has not already prohibited",
    "suit_not_prohibited",
    {
        "none": [
            var("table.lead_constraints"),
            {"and": [{"==": [var("kind"), "prohibit"]}, {"==": [var("suit"), ctx("event.suit")]}]},
        ]
    },
)
penalty_card_suit = guard(
    "la couleur d'une carte pénalisée majeure du partenaire de l'entameur (50D2)",
    "the suit of a major penalty card of the leader's partner (50D2)",
    "penalty_card_suit",
    {
        "and": [
            _BY_DECLARER,
            {
                "some": [
                    var("table.penalty_cards"),
                    {"and": [_PARTNER_MAJOR, {"==": [{"suit": [var("card")]}, ctx("event.suit")]}]},
                ]
            },
        ]
    },
)
partner_has_major_card = guard(
    "le partenaire de l'entameur a une carte pénalisée majeure",
    "the leader's partner has a major penalty card",
    "partner_has_major_card",
    {"and": [_BY_DECLARER, {"some": [var("table.penalty_cards"), _PARTNER_MAJOR]}]},
)
# 50D2: declarer has stated his one choice for this lead (require, prohibit, or leave the card).
option_stated = guard(
    "le déclarant a déjà choisi son option (50D2)",
    "declarer has already stated his option (50D2)",
    "option_stated",
    {"in": ["50D2", var("table.rulings")]},
)
NOT_STATED = Not(option_stated, "le déclarant n'a pas encore choisi", "declarer has not chosen yet")
not_bound_to_accept = guard(
    "le déclarant n'est pas tenu d'accepter (54C)",
    "declarer is not bound to accept (54C)",
    "not_bound_to_accept",
    {"and": [_BY_DECLARER, {"!": var("table.must_accept_lead")}]},
)

# 50D1: the opening leader's penalty cards that he may legally lead (no 26B / 50D2 / 50D1 constraint
# forbids them); with two or more, declarer designates the one he leads.
_LEADER_LEGAL_PENALTY_CARDS = {
    "filter": [
        var("table.penalty_cards"),
        {
            "and": [
                {"==": [var("seat"), ctx("table.opening_leader")]},
                {"==": [{"breaks_constraint": [ctx("table.opening_leader"), var("card")]}, None]},
            ]
        },
    ]
}
_AWAITS_50D1 = {
    "and": [{"!=": [var("table.opening_leader"), None]}, {">=": [{"count": [_LEADER_LEGAL_PENALTY_CARDS]}, 2]}]
}
designation_awaited = guard(
    "l'entameur a deux cartes pénalisées ou plus qu'il peut entamer : le déclarant désigne (50D1)",
    "the opening leader has two or more penalty cards he may lead: declarer designates (50D1)",
    "designation_awaited",
    _AWAITS_50D1,
    needs=("penalty_cards",),
)
one_of_them = guard(
    "l'une de ces cartes pénalisées",
    "one of those penalty cards",
    "one_of_them",
    {"some": [_LEADER_LEGAL_PENALTY_CARDS, {"==": [var("card"), ctx("event.card")]}]},
)


# What forbids an opening lead the opening leader makes, in the order the refusal names the first
# that holds: 50D2 (declarer has not chosen yet), a 26B / 50D2 / 50D1 constraint, 50D1
# (declarer has not designated yet; a major penalty card first), 50C.
_LEADER_CARD = {"and": [equals("event.seat", var("table.opening_leader")), {"!=": [var("event.card"), None]}]}
_OWN = {"==": [var("seat"), ctx("event.seat")]}
_UNCONSTRAINED = {"==": [{"breaks_constraint": [ctx("event.seat"), var("card")]}, None]}
lead_before_50D2 = guard(  # noqa: N816 - the law's name
    "entame avant l'option du déclarant (50D2)",
    "a lead before declarer's option (50D2)",
    "lead_before_50D2",
    {"and": [{"some": [var("table.penalty_cards"), _PARTNER_MAJOR]}, {"!": condition_of(option_stated)}]},
)
lead_breaks_constraint = guard(
    "entame contraire à l'exigence ou à l'interdiction du déclarant (26B, 50D2)",
    "a lead against what declarer required or prohibited (26B, 50D2)",
    "lead_breaks_constraint",
    {"!=": [{"breaks_constraint": [var("event.seat"), var("event.card")]}, None]},
)
lead_before_50D1 = guard(  # noqa: N816 - the law's name
    "entame avant que le déclarant ait désigné la carte pénalisée (50D1)",
    "a lead before declarer has designated the penalty card (50D1)",
    "lead_before_50D1",
    {"and": [{"!": condition_of(lead_breaks_constraint)}, _AWAITS_50D1]},
)
lead_not_major_penalty_card = guard(
    "une autre carte qu'une carte pénalisée majeure qui peut être jouée (50D1)",
    "another card than a major penalty card that may be played (50D1)",
    "lead_not_major_penalty_card",
    {
        "and": [
            # 50D1: a lead restriction comes first; a major penalty card that may legally be led must be led
            {"some": [var("table.penalty_cards"), {"and": [_OWN, {"==": [var("kind"), "major"]}, _UNCONSTRAINED]}]},
            {
                "none": [
                    var("table.penalty_cards"),
                    {
                        "and": [
                            _OWN,
                            {"==": [var("kind"), "major"]},
                            _UNCONSTRAINED,
                            {"==": [var("card"), ctx("event.card")]},
                        ]
                    },
                ]
            },
        ]
    },
)
lead_low_of_minor_suit = guard(
    "une autre petite carte de la couleur d'une carte pénalisée mineure (50C)",
    "another low card of a minor penalty card's suit (50C)",
    "lead_low_of_minor_suit",
    {
        "and": [
            {"!": {"honour": [var("event.card")]}},
            {
                "some": [
                    var("table.penalty_cards"),
                    {
                        "and": [
                            _OWN,
                            {"==": [var("kind"), "minor"]},
                            {"==": [{"suit": [var("card")]}, {"suit": [ctx("event.card")]}]},
                            {"!=": [var("card"), ctx("event.card")]},
                        ]
                    },
                ]
            },
        ]
    },
)
lead_forbidden = guard(
    "entame interdite par une restriction ou une carte pénalisée",
    "a lead forbidden by a restriction or a penalty card",
    "lead_forbidden",
    {
        "and": [
            _LEADER_CARD,
            # each needs a penalty card or a constraint: most leads meet neither
            {
                "or": [
                    {">": [{"count": [var("table.penalty_cards")]}, 0]},
                    {">": [{"count": [var("table.lead_constraints")]}, 0]},
                ]
            },
            {
                "or": [
                    condition_of(g)
                    for g in (
                        lead_before_50D2,
                        lead_breaks_constraint,
                        lead_before_50D1,
                        lead_not_major_penalty_card,
                        lead_low_of_minor_suit,
                    )
                ]
            },
        ]
    },
)
ALLOWED = Not(lead_forbidden, "entame permise", "a lead allowed")


def _constraint_refusal() -> dict[str, Any]:
    """26B, 50D2: the refusal names the first constraint on this seat's lead the card breaks, in its words."""
    card_suit = {"suit": [ctx("event.card")]}
    breaks = {
        "and": [
            {"==": [var("seat"), ctx("event.seat")]},
            {
                "or": [
                    {"and": [{"==": [var("kind"), "prohibit"]}, {"==": [var("suit"), card_suit]}]},
                    {"and": [{"==": [var("kind"), "require"]}, {"!=": [var("suit"), card_suit]}]},
                    {
                        "and": [
                            {"==": [var("kind"), "designate"]},
                            {"!=": [var("card"), ctx("event.card")]},
                            # 50D1: unless a restriction forbids the designated card itself
                            {"==": [{"breaks_constraint": [ctx("event.seat"), var("card")]}, None]},
                        ]
                    },
                ]
            },
        ]
    }
    words: dict[str, list[Any]] = {"fr": [], "en": []}
    for kind, fr, en in (("prohibit", "interdit", "prohibited"), ("require", "exigé", "required")):
        for suit in SUITS:
            when = {"and": [{"==": [var("kind"), kind]}, {"==": [var("suit"), suit.value]}]}
            words["fr"] += [when, f"le déclarant a {fr} l'entame {suit.label('fr')}"]
            words["en"] += [when, f"declarer {en} a {suit} lead"]
    designated = {"==": [var("kind"), "designate"]}
    words["fr"] += [designated, "le déclarant a désigné une autre carte pénalisée"]
    words["en"] += [designated, "declarer designated another penalty card"]
    return e_with(
        {"first": [var("table.lead_constraints"), breaks]},
        [e_refuse(var("law"), {"if": [*words["fr"], ""]}, {"if": [*words["en"], ""]})],
    )


# What forbids an opening lead, the first that holds: 50D2 (declarer has not chosen yet), a 26B /
# 50D2 / 50D1 constraint, 50D1 (no designation yet; a major penalty card first), 50C.
_REFUSALS: tuple[tuple[Guard, tuple[str, str, str] | None], ...] = (
    (
        lead_before_50D2,
        (
            "50D2",
            "l'entameur ne peut pas entamer avant que le déclarant ait choisi son option (carte pénalisée du partenaire)",
            "the leader may not lead until declarer has stated his option (his partner's penalty card)",
        ),
    ),
    (lead_breaks_constraint, None),
    (
        lead_before_50D1,
        (
            "50D1",
            "l'entameur a deux cartes pénalisées ou plus : le déclarant désigne d'abord celle qu'il entame",
            "the leader has two or more penalty cards: declarer first designates the one he leads",
        ),
    ),
    (
        lead_not_major_penalty_card,
        (
            "50D1",
            "une carte pénalisée majeure doit être jouée à la première occasion",
            "a major penalty card must be played at the first opportunity",
        ),
    ),
    (
        lead_low_of_minor_suit,
        (
            "50C",
            "pas d'autre petite carte de la couleur d'une carte pénalisée mineure",
            "no other low card of a minor penalty card's suit",
        ),
    ),
)


def _refusals(rest: tuple[tuple[Guard, tuple[str, str, str] | None], ...]) -> list[Any]:
    (g, words), *others = rest
    refuse = [e_refuse(*words)] if words is not None else [_constraint_refusal()]
    return [e_if(condition_of(g), refuse, _refusals(tuple(others)) if others else None)]


# --- actions ----------------------------------------------------------------------------------
refuse_lead = action("l'entame est refusée", "the lead is refused", "refuse_lead", _refusals(_REFUSALS))
refuse_second_choice = action(
    "le déclarant a déjà choisi : un seul choix (50D2)",
    "declarer has already chosen: one choice only (50D2)",
    "refuse_second_choice",
    [
        e_refuse(
            "50D2",
            "le déclarant a déjà choisi son option pour cette entame",
            "declarer has already stated his option for this lead",
        )
    ],
)
refuse_after_the_lead = action(
    "refusé : le déclarant tenu d'accepter reste déclarant (54C), ou le jeu a commencé (41C)",
    "refused: a declarer bound to accept stays declarer (54C), or play has begun (41C)",
    "refuse_after_the_lead",
    [
        e_if(
            {"and": [var("table.must_accept_lead"), _BY_DECLARER]},
            [
                e_refuse(
                    "54C",
                    "le déclarant a pu voir le mort : il doit accepter l'entame et reste déclarant",
                    "declarer could have seen dummy: he must accept the lead and stays declarer",
                )
            ],
            [e_refuse("41C", "l'entame est faite : le jeu a commencé", "the lead has been made: play has begun")],
        )
    ],
)
refuse_dummy_request = action(
    "le mort présumé ne peut pas le demander (41B)",
    "the presumed dummy may not ask (41B)",
    "refuse_dummy_request",
    [
        e_refuse(
            "41B",
            "le mort présumé ne peut demander ni rappel ni explication",
            "the presumed dummy may ask for neither a review nor an explanation",
        )
    ],
)
# The card led leaves the hand: if it had gone back to the hand before (a lead retracted, 54, 47E1), it is
# not among the cards returned any more (one card, one place).
_FROM_HAND = e_out_of_hand(ctx("event.seat"), ctx("event.card"))
# The opening lead is faced: a penalty card led is played, a 26B restriction on the leader is spent.
_LEAD_SEAT = ctx("table.lead.seat")
PLAY_BEGINS = [
    e_remove(
        "penalty_cards", {"and": [{"==": [var("seat"), _LEAD_SEAT]}, {"==": [var("card"), ctx("table.lead.card")]}]}
    ),
    e_remove("lead_restrictions", {"==": [var("seat"), _LEAD_SEAT]}),
]
place_lead = action(
    "l'entame est posée",
    "the lead is placed",
    "place_lead",
    [
        _FROM_HAND,
        e_set(
            "table.opening_lead", seat=var("event.seat"), card=var("event.card"), faced={"!": var("event.face_down")}
        ),
        e_if({"!": var("event.face_down")}, PLAY_BEGINS),
    ],
)
face_the_lead = action(
    "l'entame est retournée",
    "the lead is faced",
    "face_the_lead",
    [e_set("table.opening_lead", seat=var("table.lead.seat"), card=var("table.lead.card"), faced=True), *PLAY_BEGINS],
)
lead_out_of_turn = action(
    "entame hors tour face visible ; l'entame face cachée de l'entameur lui revient",
    "faced lead out of turn; the leader's face-down card goes back",
    "lead_out_of_turn",
    [
        *e_lead_back("54"),
        _FROM_HAND,
        e_set("table.opening_lead", seat=var("event.seat"), card=var("event.card"), faced=True),
    ],
)
spread_hand = action(
    "le déclarant étale : il devient le mort",
    "declarer spreads: he becomes dummy",
    "spread_hand",
    [e_set("table.roles_swapped", True), *PLAY_BEGINS],
)
accept_lead = action(
    "l'entame est acceptée ; le mort s'étale, le déclarant joue la deuxième carte",
    "the lead is accepted; dummy is spread, declarer plays second",
    "accept_lead",
    PLAY_BEGINS,
)
forced_acceptance = action(
    "le déclarant doit accepter l'entame et reste déclarant",
    "declarer must accept the lead and stays declarer",
    "forced_acceptance",
    [e_set("table.must_accept_lead", True), *PLAY_BEGINS],
)
retract_misinformed_lead = action(
    "l'entame est reprise sans rectification",
    "the lead is taken back with no rectification",
    "retract_misinformed_lead",
    e_lead_back("47E1"),
)
# 38A: a lead faced to a contract above seven is recorded; no play begins (nothing is played, nothing spent).
lead_to_above_seven = action(
    "l'entame est posée face visible ; aucun jeu ne commence (38A)",
    "the lead lies face up; no play begins (38A)",
    "lead_to_above_seven",
    [_FROM_HAND, e_set("table.opening_lead", seat=var("event.seat"), card=var("event.card"), faced=True)],
)
face_lead_to_above_seven = action(
    "l'entame est retournée ; aucun jeu ne commence (38A)",
    "the lead is faced; no play begins (38A)",
    "face_lead_to_above_seven",
    [e_set("table.opening_lead", seat=var("table.lead.seat"), card=var("table.lead.card"), faced=True)],
)
# The Director's rectification cancels the calls the lead followed and the lead with them: the card goes
# back to the hand; as for the calls cancelled (16C), it is unauthorized information for the offender
# (of the irregularity ruled) and his partner, but for its maker.
lead_card_back = action(
    "la carte entamée retourne dans la main ; information non autorisée pour le camp fautif (16C)",
    "the card led goes back to the hand; unauthorized information for the offending side (16C)",
    "lead_card_back",
    [
        e_with(
            {"call": [{"pending_call": [var("table.first_pending")]}]},
            [
                e_if(
                    {"!=": [var(""), None]},
                    [
                        e_ui(
                            {"cat": [ctx("table.lead.seat"), ":", ctx("table.lead.card")]},
                            {
                                "filter": [
                                    [var("seat"), {"partner": [var("seat")]}],
                                    {"!=": [var(""), ctx("table.lead.seat")]},
                                ]
                            },
                            "16C",
                        )
                    ],
                )
            ],
        )
    ],
)


# 50B: when one defender holds two or more penalty cards, from whatever source, all are major.
ALL_MAJOR_WHEN_TWO = {
    "update": {
        "in": "penalty_cards",
        "where": {">=": [{"penalty_cards_held": [var("seat")]}, 2]},
        "field": "kind",
        "value": "major",
    }
}
refuse_lead_out_of_turn = action(
    "refusée : la carte devient pénalisée majeure ; l'entameur est en main",
    "refused: the card becomes a major penalty card; the leader is on lead",
    "refuse_lead_out_of_turn",
    [
        # a penalty card led out of turn stays one penalty card, now major under 54D: not a second one
        e_remove(
            "penalty_cards",
            {"and": [{"==": [var("seat"), ctx("table.lead.seat")]}, {"==": [var("card"), ctx("table.lead.card")]}]},
        ),
        e_append("penalty_cards", seat=var("table.lead.seat"), card=var("table.lead.card"), kind="major", law="54D"),
        ALL_MAJOR_WHEN_TWO,
        e_set("table.opening_lead", None),
    ],
)


def _constrain(kind: str, law: str) -> list[Any]:
    """Declarer's choice for the opening lead; under 50D2 the penalty card is picked up."""
    pick_up = []
    if law == "50D2":
        card = {"and": [_PARTNER_MAJOR, {"==": [{"suit": [var("card")]}, ctx("event.suit")]}]}
        pick_up = [
            e_with(
                {"first": [var("table.penalty_cards"), card]},
                [
                    e_append("returned_cards", seat=var("seat"), card=var("card"), law="50D2"),
                    e_remove("penalty_cards", value=var("")),
                ],
            )
        ]
    return [
        *pick_up,
        e_append("lead_constraints", seat=var("table.opening_leader"), kind=kind, suit=var("event.suit"), law=law),
    ]


designate_card = action(
    "la carte désignée doit être entamée ; les autres restent des cartes pénalisées",
    "the card designated must be led; the others stay penalty cards",
    "designate_card",
    [
        e_append(
            "lead_constraints",
            seat=var("table.opening_leader"),
            kind="designate",
            suit={"suit": [var("event.card")]},
            card=var("event.card"),
            law="50D1",
        )
    ],
)
refuse_designation = action(
    "désignation refusée (50D1)",
    "designation refused (50D1)",
    "refuse_designation",
    [
        e_refuse(
            "50D1",
            "seul le déclarant désigne, avant l'entame, l'une des deux cartes pénalisées ou plus que l'entameur peut "
            "entamer",
            "only declarer designates, before the lead, one of the two or more penalty cards the leader may lead",
        )
    ],
)
require_suit = action(
    "entame exigée dans cette couleur ; la carte pénalisée est reprise",
    "a lead in that suit is required; the penalty card is picked up",
    "require_suit",
    _constrain("require", "50D2"),
)
prohibit_penalty_suit = action(
    "entame interdite dans cette couleur ; la carte pénalisée est reprise",
    "a lead in that suit is prohibited; the penalty card is picked up",
    "prohibit_penalty_suit",
    _constrain("prohibit", "50D2"),
)
prohibit_restricted_suit = action(
    "entame interdite dans cette couleur tant qu'il garde la main",
    "a lead in that suit is prohibited while he keeps the lead",
    "prohibit_restricted_suit",
    _constrain("prohibit", "26B"),
)


_DECLARER = var("table.presumed_declarer")
_LEADER = var("table.opening_leader")
# 50D2: the leader's partner holds a major penalty card and declarer has not yet chosen.
_AWAITS_50D2 = {"and": [{"some": [var("table.penalty_cards"), _PARTNER_MAJOR]}, {"!": condition_of(option_stated)}]}
declarer_if_restricted = holder(
    "le déclarant",
    "declarer",
    "declarer_if_restricted",
    seats_if(
        {
            "and": [
                {"!=": [_DECLARER, None]},
                {">": [{"count": [var("table.lead_restriction_suits")]}, 0]},
                {"none": [var("table.lead_constraints"), {"==": [var("law"), "26B"]}]},
            ]
        },
        _DECLARER,
    ),
)
declarer_if_penalty_card = holder(
    "le déclarant",
    "declarer",
    "declarer_if_penalty_card",
    seats_if({"and": [{"!=": [_DECLARER, None]}, _AWAITS_50D2]}, _DECLARER),
)
# 50D2(a): a major penalty card's suit that no 26B prohibition already forbids.
declarer_may_require = holder(
    "le déclarant",
    "declarer",
    "declarer_may_require",
    seats_if(
        {
            "and": [
                {"!=": [_DECLARER, None]},
                _AWAITS_50D2,
                {
                    "some": [
                        var("table.penalty_cards"),
                        {
                            "and": [
                                _PARTNER_MAJOR,
                                {
                                    "!": {
                                        "in": [
                                            {"suit": [var("card")]},
                                            {
                                                "map": [
                                                    {
                                                        "filter": [
                                                            ctx("table.lead_constraints"),
                                                            {"==": [var("kind"), "prohibit"]},
                                                        ]
                                                    },
                                                    var("suit"),
                                                ]
                                            },
                                        ]
                                    }
                                },
                            ]
                        },
                    ]
                },
            ]
        },
        _DECLARER,
    ),
)
# 20C2, 20F2: the opening leader may ask before he leads (his first turn to play is the opening lead).
leader_before_the_lead = holder(
    "l'entameur, avant son entame",
    "the opening leader, before his lead",
    "leader_before_the_lead",
    seats_if({"and": [{"!=": [_LEADER, None]}, equals("table.lead.seat", None)]}, _LEADER),
)
# 20C2: declarer or a defender, at his first turn to play.
not_dummy_seats = holder(
    "tout joueur sauf le mort",
    "any player but dummy",
    "not_dummy_seats",
    {"filter": [SEATS_ALL, {"!=": [var(""), ctx("table.dummy")]}]},
)
# 41A: the opening leader, once declarer has stated his 50D2 option and designated his 50D1 card.
leader_free_to_lead = holder(
    "l'entameur, si rien ne l'en empêche (50D2, 50D1)",
    "the opening leader, unless he must wait (50D2, 50D1)",
    "leader_free_to_lead",
    seats_if({"and": [{"!=": [_LEADER, None]}, {"!": _AWAITS_50D2}, {"!": _AWAITS_50D1}]}, _LEADER),
)
# 50D1: declarer, once his 50D2 option is stated, when the leader has two or more penalty cards he may lead.
declarer_may_designate = holder(
    "le déclarant",
    "declarer",
    "declarer_may_designate",
    seats_if({"and": [{"!=": [_DECLARER, None]}, {"!": _AWAITS_50D2}, _AWAITS_50D1]}, _DECLARER),
)
# 41C: the opening leader faces his lead, unless the contract is above seven (38A).
leader_may_face = holder(
    "l'entameur, si le contrat peut se jouer (38A)",
    "the opening leader, if the contract may be played (38A)",
    "leader_may_face",
    seats_if({"and": [{"!=": [_LEADER, None]}, {"!": condition_of(contract_above_seven)}]}, _LEADER),
)


BACK = ("la carte retourne dans la main, sans rectification", "the card goes back to the hand, no rectification")
NO_FACED_LEAD = Not(faced_lead_on_table, "aucune entame face visible", "no faced lead")
by_defender = guard(
    "par un défenseur",
    "by a defender",
    "by_defender",
    {"in": [var("event.seat"), [var("table.opening_leader"), var("table.leader_partner")]]},
)


# The card the event leads is already face up on the table: exposed (24) or a penalty card.
_MINE = {"and": [{"==": [var("seat"), ctx("event.seat")]}, {"==": [var("card"), ctx("event.card")]}]}
_FACE_UP = {"or": [{"some": [var("table.exposed"), _MINE]}, {"some": [var("table.penalty_cards"), _MINE]}]}
card_face_up = guard(
    "une carte déjà face visible sur la table (exposée, pénalisée)",
    "a card already face up on the table (exposed, a penalty card)",
    "card_face_up",
    _FACE_UP,
)
NOT_FACE_UP = Not(card_face_up, "une carte de sa main", "a card from his hand")
refuse_face_up_card_face_down = action(
    "refusée : la carte est déjà face visible sur la table",
    "refused: the card is already face up on the table",
    "refuse_face_up_card_face_down",
    [
        e_refuse(
            "41A",
            "la carte est déjà face visible sur la table (exposée ou pénalisée) : elle ne peut être posée face cachée",
            "the card is already face up on the table (exposed or a penalty card): it cannot be put face down",
        )
    ],
)


def card_back(law: str, words: tuple[str, str] = BACK) -> Any:
    """The card the event leads goes back to the hand under ``law``; the record keeps it (``returned_cards``)."""
    return action(
        *words,
        f"card_back_{law}",
        # a card already face up on the table (exposed, a penalty card) stays there: it was never picked up
        [e_if({"!": _FACE_UP}, e_back_to_hand(ctx("event.seat"), ctx("event.card"), law))],
    )


def cards_back(law: str, words: tuple[str, str] = BACK) -> Any:
    """The cards the event exposes go back to the hand under ``law``; the record keeps them."""
    return action(
        *words,
        f"cards_back_{law}",
        [
            e_out_of_hand(ctx("event.seat"), cards=ctx("event.cards")),  # one record each, the latest law's
            e_each(var("event.cards"), [e_append("returned_cards", seat=ctx("event.seat"), card=var(""), law=law)]),
        ],
    )


# 54E « Law 24 applies » to a lead attempted face up by the declaring side: a card prematurely led (24B),
# face up until the end of the auction, unauthorized information for the offender's partner (24, 16C).
# The auction has ended: the card is settled at once (24D, the trigger of exposed.py) and the 24B bar is
# kept aside with the obligations in force when the auction ended; if a change of call reopens the
# auction (25A5, 21B1), the card is exposed again and the bar binds partner (`unsettle_exposed`, `reopen`).
SEEN_54E = (
    "la Loi 24 s'applique : la carte est exposée, le partenaire passera à son prochain tour si les annonces "
    "reprennent (24B) ; le fautif étant du camp du déclarant, elle retourne dans la main (24D)",
    "Law 24 applies: the card is exposed, partner will pass at his next turn if the auction is reopened (24B); "
    "the offender being of the declaring side, it goes back to the hand (24D)",
)
declaring_side_lead_exposed = action(
    "la carte attaquée est exposée (24) ; le partenaire passera à son prochain tour si les annonces reprennent (72C)",
    "the card led is exposed (24); partner will pass at his next turn if the auction is reopened (72C)",
    "declaring_side_lead_exposed",
    [
        _FROM_HAND,
        e_append(
            "exposed",
            seat=var("event.seat"),
            card=var("event.card"),
            major=True,
            law="54E",
            unless_same=["seat", "card"],
        ),
        # the same card attempted again is the same card, the same information, the same bar
        e_append(
            "unauthorized_information",
            unless_same=["source", "law"],
            **{
                "source": {"cat": [var("event.seat"), ":", var("event.card")]},
                "for": [{"partner": [var("event.seat")]}],
            },
            law="24",
        ),
        {"reopen": {}},
        e_append(
            "obligations",
            seat={"partner": [var("event.seat")]},
            kind=PASS_NEXT_TURN,
            law="24B",
            unless_same=["seat", "kind", "law"],
        ),
        {"set_aside": {}},
        *e_review("72C"),
    ],
)
card_back_41A, card_back_54E, card_back_48A, cards_back_48A = (
    card_back("41A"),
    card_back("54E"),
    card_back("48A"),
    cards_back("48A"),
)
# 49, 50B: minor for a single card below honour rank, major otherwise; two or more held: all major.
exposed_in_play = action(
    "les cartes deviennent des cartes pénalisées (50B)",
    "the cards become penalty cards (50B)",
    "exposed_in_play",
    [
        e_out_of_hand(ctx("event.seat"), cards=ctx("event.cards")),
        e_each(
            var("event.cards"),
            [
                e_append(
                    "penalty_cards",
                    seat=ctx("event.seat"),
                    card=var(""),
                    kind={
                        "if": [
                            {"or": [{">=": [{"count": [ctx("event.cards")]}, 2]}, {"honour": [var("")]}]},
                            "major",
                            "minor",
                        ]
                    },
                    law="49",
                    unless_same=["seat", "card"],  # a penalty card shown again is the same card
                )
            ],
        ),
        ALL_MAJOR_WHEN_TWO,
    ],
)
# 50B: a card led is a deliberate play: a major penalty card.
led_in_play = action(
    "la carte attaquée devient une carte pénalisée majeure (50B)",
    "the card led becomes a major penalty card (50B)",
    "led_in_play",
    [
        _FROM_HAND,
        e_append(
            "penalty_cards",
            seat=var("event.seat"),
            card=var("event.card"),
            kind="major",
            law="49",
            unless_same=["seat", "card"],
        ),
        # a minor penalty card led is played deliberately: major (50B)
        {"update": {"in": "penalty_cards", "where": _MINE, "field": "kind", "value": "major"}},
        ALL_MAJOR_WHEN_TWO,
    ],
)
refuse_exchange = action(
    "refusée : l'entame face cachée posée est l'entame",
    "refused: the face-down lead made is the lead",
    "refuse_exchange",
    [
        e_refuse(
            "41A",
            "l'entame face cachée est posée : elle ne peut être échangée",
            "the face-down lead is made: it cannot be exchanged",
        )
    ],
)
refuse_lead_while_late = action(
    "refusée : une entame visible est sur la table, l'arbitre statue d'abord sur la déclaration après le Passe final",
    "refused: a faced lead lies on the table, the Director first rules on the call after the final pass",
    "refuse_lead_while_late",
    [
        e_refuse(
            "9B2",
            "une entame est sur la table face visible et une déclaration après le Passe final attend l'arbitre : "
            "aucun joueur ne doit agir avant qu'il n'ait statué",
            "a lead lies face up on the table and a call after the final pass awaits the Director: no player may "
            "act before he has ruled",
        )
    ],
)
refuse_above_seven_while_late = action(
    "refusée : l'arbitre statue d'abord (38A, 39)",
    "refused: the Director rules first (38A, 39)",
    "refuse_above_seven_while_late",
    [
        e_refuse(
            "38A",
            "aucun contrat au-delà de sept n'est joué ; une déclaration après le Passe final attend l'arbitre",
            "no contract above seven is played; a call after the final pass awaits the Director",
        )
    ],
)
NOTED = (
    "la demande est notée ; la réponse est donnée à la table",
    "the request is noted; the answer is given at the table",
)
LEFT = ("la carte pénalisée reste sur la table", "the penalty card stays on the table")
PENALTY_SUIT = all_of(penalty_card_suit, Not(restricted_suit, "pas au titre de 26B", "not under 26B"))
DESIGNATION = all_of(
    by_presumed_declarer,
    Not(
        guard(
            "le déclarant doit d'abord choisir son option (50D2)",
            "declarer must first state his option (50D2)",
            "awaits_50D2",
            _AWAITS_50D2,
        ),
        "aucune option 50D2 en attente",
        "no 50D2 option awaited",
    ),
    designation_awaited,
    one_of_them,
)
FACE_DOWN_LEAD = "clarification.face_down_lead"
ABOVE_SEVEN_LEAD = "lead_above_seven"

MODULE = LawModule(
    name="lead",
    rank=60,
    laws="41, 47E1, 50D, 54",
    states=[
        # takes: a call after the final pass (39), a lead by whoever makes it (41, 54), the Director (9B1)
        StateSpec(
            name="clarification",
            law="17D1",
            fr="Période de clarification",
            en="Clarification period",
            takes=("call", "lead", "director"),
        ),
        StateSpec(
            name=FACE_DOWN_LEAD, law="41A", fr="Entame face cachée attendue", en="Face-down lead awaited", initial=True
        ),
        # takes: the leader faces his lead even when the contract is above seven (38A): the Director then rules
        StateSpec(
            name="clarification.lead_made",
            law="41B",
            fr="Entame face cachée posée",
            en="Face-down lead made",
            takes=("face_lead",),
        ),
        StateSpec(
            name=OPTIONS_50D2,
            law="50D2",
            fr="Options du déclarant (carte pénalisée)",
            en="Declarer's options (penalty card)",
            waiting=True,
        ),
        StateSpec(
            name=ABOVE_SEVEN_LEAD,
            law="38A",
            fr="Entame face visible d'un contrat au-delà de sept",
            en="Lead faced to a contract above seven",
            waiting=True,
            takes=("director",),
        ),
        StateSpec(
            name="lead_out_of_turn",
            law="54",
            fr="Entame hors tour face visible",
            en="Opening lead out of turn",
            waiting=True,
            takes=("director", "substitute", "call", "expose", "lead"),
        ),
    ],
    rules=[
        Rule(
            event="lead",
            source=FACE_DOWN_LEAD,
            dest=None,
            law="50D1",
            fr="entame refusée (38A, 26B, 50C, 50D)",
            en="lead refused (38A, 26B, 50C, 50D)",
            guards=(by_leader, lead_forbidden),
            actions=(refuse_lead,),
        ),
        Rule(
            event="lead",
            source=FACE_DOWN_LEAD,
            dest="clarification.lead_made",
            law="41A",
            fr="l'entameur entame face cachée",
            en="the leader leads face down",
            guards=(by_leader, face_down, ALLOWED),
            actions=(place_lead,),
        ),
        Rule(
            event="lead",
            source=FACE_DOWN_LEAD,
            dest="play",
            law="41C",
            fr="l'entameur entame face visible : le jeu commence",
            en="the leader leads face up: play begins",
            guards=(by_leader, FACED, ALLOWED, NOT_ABOVE_SEVEN),
            actions=(place_lead,),
        ),
        Rule(
            event="lead",
            source=FACE_DOWN_LEAD,
            dest=ABOVE_SEVEN_LEAD,
            law="38A",
            fr="entame face visible d'un contrat au-delà de sept : l'arbitre doit statuer",
            en="a faced lead to a contract above seven: the Director must rule",
            guards=(by_leader, FACED, ALLOWED, contract_above_seven),
            actions=(lead_to_above_seven,),
        ),
        Rule(
            event="lead",
            source=FACE_DOWN_LEAD,
            dest=None,
            law="41A",
            fr="entame face cachée du mauvais défenseur : rendue",
            en="face-down lead by the wrong defender: returned",
            guards=(by_leader_partner, face_down, NOT_FACE_UP),
            actions=(card_back_41A,),
            outcome=BACK,
        ),
        # the leader's partner puts face down a card that is face up on the table: it stays there
        Rule(
            event="lead",
            source="clarification",
            dest=None,
            law="41A",
            fr="le partenaire de l'entameur pose face cachée une carte déjà face visible : refusé",
            en="the leader's partner puts face down a card already face up: refused",
            guards=(by_leader_partner, face_down, card_face_up),
            actions=(refuse_face_up_card_face_down,),
        ),
        # A call after the final pass awaits the Director (39): the leader's face-down lead is made all
        # the same and stays on the table, as one made before the late call (the Director's 39 ruling
        # then leaves the board with a face-down lead made).
        Rule(
            event="lead",
            source=LATE_CALL,
            dest=None,
            law="41A",
            fr="l'entameur entame face cachée pendant qu'une déclaration après le Passe final attend",
            en="the leader leads face down while a call after the final pass awaits",
            guards=(by_leader, face_down, ALLOWED, no_lead_on_table),
            actions=(place_lead,),
        ),
        # a lead lies on the table while the late call waits: a face-down one is the lead (41A); a faced
        # one, in turn or out of turn, waits for the Director's ruling on the late call (9B2)
        Rule(
            event="lead",
            source=LATE_CALL,
            dest=None,
            law="41A",
            fr="l'entameur attaque une autre carte pendant qu'une déclaration après le Passe final attend : refusé",
            en="the leader leads another card while a call after the final pass awaits: refused",
            guards=(by_leader, face_down_lead_on_table),
            actions=(refuse_exchange,),
            cites=("17D1",),
        ),
        Rule(
            event="lead",
            source=LATE_CALL,
            dest=None,
            law="9B2",
            fr="une entame visible est sur la table pendant qu'une déclaration après le Passe final attend : refusé",
            en="a faced lead lies on the table while a call after the final pass awaits: refused",
            guards=(by_defender, faced_lead_on_table),
            actions=(refuse_lead_while_late,),
        ),
        # the leader's partner leads face up while the late call waits: a lead out of turn (54), recorded;
        # declarer's options come once the Director has ruled on the late call
        Rule(
            event="lead",
            source=LATE_CALL,
            dest=None,
            law="54",
            fr="entame face visible du mauvais défenseur pendant qu'une déclaration après le Passe final attend",
            en="a faced lead by the wrong defender while a call after the final pass awaits",
            guards=(by_leader_partner, FACED, NOT_ABOVE_SEVEN, NO_FACED_LEAD),
            actions=(lead_out_of_turn,),
        ),
        Rule(
            event="lead",
            source=LATE_CALL,
            dest=None,
            law="38A",
            fr="entame hors tour face visible d'un contrat au-delà de sept pendant qu'une déclaration tardive attend",
            en="a faced lead out of turn to a contract above seven while a late call awaits",
            guards=(by_leader_partner, FACED, contract_above_seven, NO_FACED_LEAD),
            actions=(refuse_above_seven_while_late,),
        ),
        # A face-down lead lies on the table: a card the leader's partner puts face down goes back (41A:
        # the face-down lead made is the lead; the leader's own second card is refused, 41A).
        Rule(
            event="lead",
            source="clarification.lead_made",
            dest=None,
            law="41A",
            fr="une autre carte posée face cachée par le partenaire de l'entameur : elle retourne dans la main",
            en="another card put face down by the leader's partner: it goes back to the hand",
            guards=(by_leader_partner, face_down, NOT_FACE_UP),
            actions=(card_back_41A,),
            outcome=BACK,
        ),
        Rule(
            event="lead",
            source="clarification.lead_made",
            dest=None,
            law="41A",
            fr="l'entameur attaque une autre carte : son entame face cachée ne s'échange pas",
            en="the leader leads another card: his face-down lead is not exchanged",
            guards=(by_leader,),
            actions=(refuse_exchange,),
        ),
        # A lead has been faced: the auction period is over (17D1). A card a defender exposes now is a
        # penalty card (49, 50); declarer's (or dummy's) goes back to the hand (48A).
        Rule(
            event="expose",
            source="lead_out_of_turn",
            dest=None,
            law="49",
            fr="carte exposée par un défenseur après l'entame hors tour : carte pénalisée",
            en="a card exposed by a defender after the lead out of turn: a penalty card",
            guards=(Not(by_declaring_side, "par un défenseur", "by a defender"),),
            actions=(exposed_in_play,),
            ruling=True,
            cites=("50B",),
        ),
        Rule(
            event="lead",
            source="lead_out_of_turn",
            dest=None,
            law="49",
            fr="autre carte attaquée par un défenseur après l'entame hors tour : carte pénalisée majeure",
            en="another card led by a defender after the lead out of turn: a major penalty card",
            guards=(Not(by_declaring_side, "par un défenseur", "by a defender"),),
            actions=(led_in_play,),
            ruling=True,
            cites=("50B",),
        ),
        Rule(
            event="lead",
            source="lead_out_of_turn",
            dest=None,
            law="48A",
            fr="carte attaquée par le camp du déclarant après l'entame hors tour",
            en="a card led by the declaring side after the lead out of turn",
            guards=(by_declaring_side,),
            actions=(card_back_48A,),
            outcome=(
                "pas de pénalité pour le déclarant : la carte retourne dans la main",
                "no penalty for declarer: the card goes back to the hand",
            ),
            ruling=True,
        ),
        Rule(
            event="expose",
            source="lead_out_of_turn",
            dest=None,
            law="48A",
            fr="carte exposée par le camp du déclarant après l'entame hors tour",
            en="a card exposed by the declaring side after the lead out of turn",
            guards=(by_declaring_side,),
            actions=(cards_back_48A,),
            outcome=(
                "pas de pénalité pour le déclarant : la carte retourne dans la main",
                "no penalty for declarer: the card goes back to the hand",
            ),
            ruling=True,
        ),
        # A lead has been faced: the auction period is over (17D1); a call made now is a call after the
        # final pass, cancelled (39A), and unauthorized information for the caller's partner (16C).
        Rule(
            event="call",
            source="lead_out_of_turn",
            dest=None,
            law="39A",
            fr="déclaration après une entame hors tour faite face visible : annulée",
            en="a call after a faced lead out of turn: cancelled",
            actions=(cancel_late_call,),
            ruling=True,
            cites=("17D1", "16C"),
        ),
        Rule(
            event="lead",
            source=LATE_CALL,
            dest=None,
            law="50D1",
            fr="entame refusée (38A, 26B, 50C, 50D) pendant qu'une déclaration après le Passe final attend",
            en="lead refused (38A, 26B, 50C, 50D) while a call after the final pass awaits",
            guards=(by_leader, lead_forbidden, no_lead_on_table),
            actions=(refuse_lead,),
        ),
        # No contract above seven is played (38A): with a call after the final pass to rule as well, the
        # Director rules first; the faced lead waits (see docs/readings.md).
        Rule(
            event="lead",
            source=LATE_CALL,
            dest=None,
            law="38A",
            fr="entame face visible d'un contrat au-delà de sept pendant qu'une déclaration tardive attend",
            en="a faced lead to a contract above seven while a late call awaits",
            guards=(by_leader, FACED, ALLOWED, contract_above_seven, no_lead_on_table),
            actions=(refuse_above_seven_while_late,),
        ),
        Rule(
            event="lead",
            source=LATE_CALL,
            dest=None,
            law="41C",
            fr="l'entameur entame face visible pendant qu'une déclaration après le Passe final attend",
            en="the leader leads face up while a call after the final pass awaits",
            guards=(by_leader, FACED, ALLOWED, NOT_ABOVE_SEVEN, no_lead_on_table),
            actions=(place_lead,),
            cites=("17D1",),
        ),
        Rule(
            event="lead",
            source=LATE_CALL,
            dest=None,
            law="41A",
            fr="entame face cachée du mauvais défenseur pendant qu'une déclaration après le Passe final attend : rendue",
            en="face-down lead by the wrong defender while a call after the final pass awaits: returned",
            guards=(by_leader_partner, face_down, NO_FACED_LEAD, NOT_FACE_UP),
            actions=(card_back_41A,),
            outcome=BACK,
        ),
        # The wrong defender's lead was not accepted (54D) and declarer is choosing under 50D2: a second card
        # he puts face down is no lead (the leader's lead is still to come) and goes back to the hand, as
        # in every other state where the lead is awaited (41A; found by the stacked campaign).
        Rule(
            event="lead",
            source=OPTIONS_50D2,
            dest=None,
            law="41A",
            fr="entame face cachée du mauvais défenseur pendant que le déclarant choisit (50D2) : rendue",
            en="face-down lead by the wrong defender while declarer chooses (50D2): returned",
            guards=(by_leader_partner, face_down, NOT_FACE_UP),
            actions=(card_back_41A,),
            outcome=BACK,
        ),
        # The leader leads before declarer has stated his 50D2 option: refused, with the law that makes
        # declarer choose first (found by the stacked campaign: it was refused for want of a rule).
        Rule(
            event="lead",
            source=OPTIONS_50D2,
            dest=None,
            law="50D2",
            fr="l'entameur entame avant que le déclarant ait choisi (50D2) : refusé",
            en="the leader leads before declarer has chosen (50D2): refused",
            guards=(by_leader, lead_forbidden),
            actions=(refuse_lead,),
        ),
        Rule(
            event="lead",
            source="clarification",
            dest="lead_out_of_turn",
            law="54",
            fr="entame face visible par le mauvais défenseur",
            en="faced lead by the wrong defender",
            guards=(by_leader_partner, FACED, NOT_ABOVE_SEVEN),
            actions=(lead_out_of_turn,),
        ),
        Rule(
            event="lead",
            source="clarification",
            dest=ABOVE_SEVEN_LEAD,
            law="38A",
            fr="entame face visible hors tour d'un contrat au-delà de sept : l'arbitre doit statuer",
            en="a faced lead out of turn to a contract above seven: the Director must rule",
            guards=(by_leader_partner, FACED, contract_above_seven),
            actions=(lead_to_above_seven,),
        ),
        Rule(
            event="lead",
            source="clarification",
            dest=None,
            law="54E",
            fr="entame face visible du camp du déclarant : la Loi 24 s'applique (24B, 24D)",
            en="a faced lead by the declaring side: Law 24 applies (24B, 24D)",
            guards=(by_declaring_side, FACED),
            actions=(declaring_side_lead_exposed,),
            ruling=True,
            cites=("24", "24B", "24D", "72C"),
            outcome=SEEN_54E,
        ),
        # 24: partner could not have seen the face of a card put face down: it goes back, no rectification.
        Rule(
            event="lead",
            source="clarification",
            dest=None,
            law="54E",
            fr="entame face cachée du camp du déclarant : la carte revient",
            en="a face-down lead by the declaring side: the card goes back",
            guards=(by_declaring_side, face_down),
            actions=(card_back_54E,),
            ruling=True,
            cites=("24",),
            outcome=BACK,
        ),
        # 41A: the auction ends again with a face-down lead still on the table (a change of call refused after
        # it, 25B2): the lead stays made; the leader may face it, not exchange it.
        Rule(
            event="auction_ends",
            source="auction.calling",
            dest="clarification.lead_made",
            law="41A",
            fr="fin des annonces, l'entame face cachée reste sur la table",
            en="the auction ends, the face-down lead stays on the table",
            guards=(auction_completed, EACH_IN_TURN, face_down_lead_on_table),
            actions=(end_auction,),
            cites=("22A",),
        ),
        Rule(
            event="face_lead",
            source="clarification.lead_made",
            dest="play",
            law="41C",
            fr="l'entame est retournée : fin de la période des annonces",
            en="the lead is faced: the auction period ends",
            guards=(by_leader, NOT_ABOVE_SEVEN),
            actions=(face_the_lead,),
        ),
        Rule(
            event="face_lead",
            source="clarification.lead_made",
            dest=ABOVE_SEVEN_LEAD,
            law="38A",
            fr="entame retournée d'un contrat au-delà de sept : l'arbitre doit statuer",
            en="a lead faced to a contract above seven: the Director must rule",
            guards=(by_leader, contract_above_seven),
            actions=(face_lead_to_above_seven,),
        ),
        # 38A: no contract above seven is played; the Director rules what is pending as before any faced
        # lead, and the card goes back with the calls it followed (38B, 36A)
        Rule(
            event="director",
            source=ABOVE_SEVEN_LEAD,
            dest="auction.calling",
            law="38D",
            fr="l'arbitre vient : 38D, l'entame retourne dans la main",
            en="the Director comes: 38D, the lead goes back to the hand",
            guards=(FIRST_PENDING["38"],),
            actions=(lead_card_back, apply_38D),
            ruling=True,
            cites=("38A", "38B", "38C", "16C"),
        ),
        Rule(
            event="director",
            source=ABOVE_SEVEN_LEAD,
            dest="auction.calling",
            law="36A",
            fr="l'arbitre vient : 36A, l'entame retourne dans la main",
            en="the Director comes: 36A, the lead goes back to the hand",
            guards=(FIRST_PENDING["36"],),
            actions=(lead_card_back, apply_36A),
            ruling=True,
            cites=("38A", "16C"),
        ),
        Rule(
            event="director",
            source=ABOVE_SEVEN_LEAD,
            dest=None,
            law="37A",
            fr="l'arbitre vient : 37A, puis la suite",
            en="the Director comes: 37A, then the rest",
            guards=(FIRST_PENDING["37"],),
            actions=(apply_37A,),
            ruling=True,
        ),
        # declarer's rights before the lead: 26B and 50D2
        Rule(
            event="prohibit",
            source=FACE_DOWN_LEAD,
            dest=None,
            law="26B",
            fr="interdit une couleur non spécifiée par le fautif",
            en="prohibits a suit the offender did not specify",
            guards=(restricted_suit,),
            actions=(prohibit_restricted_suit,),
            ruling=True,
        ),
        Rule(
            event="prohibit",
            source=FACE_DOWN_LEAD,
            dest=None,
            law="50D2",
            fr="interdit la couleur de la carte pénalisée",
            en="prohibits the penalty card's suit",
            guards=(PENALTY_SUIT, NOT_STATED),
            actions=(prohibit_penalty_suit,),
            ruling=True,
        ),
        Rule(
            event="prohibit",
            source=FACE_DOWN_LEAD,
            dest=None,
            law="50D2",
            fr="un second choix : refusé",
            en="a second choice: refused",
            guards=(PENALTY_SUIT, option_stated),
            actions=(refuse_second_choice,),
        ),
        Rule(
            event="require",
            source=FACE_DOWN_LEAD,
            dest=None,
            law="50D2",
            fr="exige la couleur de la carte pénalisée",
            en="requires the penalty card's suit",
            guards=(penalty_card_suit, NOT_STATED, suit_not_prohibited),
            actions=(require_suit,),
            ruling=True,
        ),
        Rule(
            event="require",
            source=FACE_DOWN_LEAD,
            dest=None,
            law="50D2",
            fr="un second choix : refusé",
            en="a second choice: refused",
            guards=(penalty_card_suit, option_stated),
            actions=(refuse_second_choice,),
        ),
        Rule(
            event="leave_penalty_card",
            source=FACE_DOWN_LEAD,
            dest=None,
            law="50D2",
            fr="laisse la carte pénalisée",
            en="leaves the penalty card",
            guards=(partner_has_major_card, NOT_STATED),
            ruling=True,
            outcome=LEFT,
        ),
        # 50D1: two or more penalty cards of the opening leader that he may lead
        Rule(
            event="designate",
            source=FACE_DOWN_LEAD,
            dest=None,
            law="50D1",
            fr="le déclarant désigne la carte pénalisée à entamer",
            en="declarer designates the penalty card to be led",
            guards=(DESIGNATION,),
            actions=(designate_card,),
            ruling=True,
        ),
        Rule(
            event="designate",
            source=FACE_DOWN_LEAD,
            dest=None,
            law="50D1",
            fr="une désignation hors de propos : refusée",
            en="a designation out of place: refused",
            guards=(Not(DESIGNATION, "pas une désignation permise", "not a designation allowed"),),
            actions=(refuse_designation,),
        ),
        # 54
        Rule(
            event="spread",
            source="lead_out_of_turn",
            dest="play",
            law="54A",
            fr="le déclarant étale son jeu et devient le mort",
            en="declarer spreads his hand and becomes dummy",
            guards=(not_bound_to_accept,),
            actions=(spread_hand,),
            ruling=True,
        ),
        Rule(
            event="accept",
            source="lead_out_of_turn",
            dest="play",
            law="54B",
            fr="le déclarant accepte l'entame",
            en="declarer accepts the lead",
            guards=(by_presumed_declarer,),
            actions=(accept_lead,),
            ruling=True,
        ),
        Rule(
            event="judge",
            source="lead_out_of_turn",
            dest="play",
            law="54C",
            fr="il a pu voir le mort : il doit accepter, il reste déclarant",
            en="he could have seen dummy: he must accept and stays declarer",
            guards=(judged("could_see_dummy", True),),
            actions=(forced_acceptance,),
            ruling=True,
        ),
        Rule(
            event="judge",
            source="lead_out_of_turn",
            dest=None,
            law="54C",
            fr="il n'a pas pu voir le mort",
            en="he could not have seen dummy",
            guards=(judged("could_see_dummy", False),),
            outcome=(
                "54C ne s'applique pas : le déclarant garde ses options",
                "54C does not apply: declarer keeps his options",
            ),
        ),
        Rule(
            event="judge",
            source="lead_out_of_turn",
            dest=FACE_DOWN_LEAD,
            law="47E1",
            fr="entame reprise, sans rectification",
            en="lead taken back, no rectification",
            guards=(judged("misinformation", True),),
            actions=(retract_misinformed_lead,),
            ruling=True,
        ),
        Rule(
            event="refuse",
            source="lead_out_of_turn",
            dest=OPTIONS_50D2,
            law="54D",
            fr="le déclarant n'accepte pas l'entame",
            en="declarer refuses the lead",
            guards=(not_bound_to_accept,),
            actions=(refuse_lead_out_of_turn,),
            ruling=True,
            cites=("50B",),
        ),
        Rule(
            event="spread",
            source="play",
            dest=None,
            law="54C",
            fr="étaler une fois le jeu commencé : refusé",
            en="spreading once play has begun: refused",
            actions=(refuse_after_the_lead,),
        ),
        Rule(
            event="refuse",
            source="play",
            dest=None,
            law="54C",
            fr="ne pas accepter l'entame une fois le jeu commencé : refusé",
            en="refusing the lead once play has begun: refused",
            actions=(refuse_after_the_lead,),
        ),
        Rule(
            event="require",
            source=OPTIONS_50D2,
            dest=FACE_DOWN_LEAD,
            law="50D2",
            fr="exige la couleur ; la carte est reprise",
            en="requires the suit; the card is picked up",
            guards=(penalty_card_suit, suit_not_prohibited),
            actions=(require_suit,),
            ruling=True,
        ),
        Rule(
            event="prohibit",
            source=OPTIONS_50D2,
            dest=FACE_DOWN_LEAD,
            law="50D2",
            fr="interdit la couleur ; la carte est reprise",
            en="prohibits the suit; the card is picked up",
            guards=(penalty_card_suit,),
            actions=(prohibit_penalty_suit,),
            ruling=True,
        ),
        Rule(
            event="leave_penalty_card",
            source=OPTIONS_50D2,
            dest=FACE_DOWN_LEAD,
            law="50D2",
            fr="laisse la carte pénalisée majeure",
            en="leaves the major penalty card",
            guards=(partner_has_major_card,),
            ruling=True,
            outcome=LEFT,
        ),
        # reviews (20, 41B)
        Rule(
            event="review",
            source="clarification",
            dest=None,
            law="41B",
            fr="rappel des annonces (41B, 20C2)",
            en="review of the auction (41B, 20C2)",
            guards=(by_leader_partner_or_declarer,),
            outcome=NOTED,
        ),
        Rule(
            event="explain",
            source="clarification",
            dest=None,
            law="41B",
            fr="explications (41B, 20F2)",
            en="explanations (41B, 20F2)",
            guards=(by_leader_partner_or_declarer,),
            outcome=NOTED,
        ),
        Rule(
            event="review",
            source="clarification",
            dest=None,
            law="41B",
            fr="le mort présumé : refusé",
            en="the presumed dummy: refused",
            guards=(by_presumed_dummy,),
            actions=(refuse_dummy_request,),
        ),
        Rule(
            event="explain",
            source="clarification",
            dest=None,
            law="41B",
            fr="le mort présumé : refusé",
            en="the presumed dummy: refused",
            guards=(by_presumed_dummy,),
            actions=(refuse_dummy_request,),
        ),
        Rule(
            event="review",
            source="clarification",
            dest=None,
            law="20C2",
            fr="l'entameur, avant d'entamer (20C2)",
            en="the opening leader, before leading (20C2)",
            guards=(by_leader, before_the_lead),
            outcome=NOTED,
        ),
        Rule(
            event="explain",
            source="clarification",
            dest=None,
            law="20F2",
            fr="l'entameur, à son tour de jouer (20F2)",
            en="the opening leader, at his turn to play (20F2)",
            guards=(by_leader, before_the_lead),
            outcome=NOTED,
        ),
        Rule(
            event="review",
            source="play",
            dest=None,
            law="20C2",
            fr="le déclarant ou un défenseur à son premier tour de jouer (20C2)",
            en="declarer or a defender at his first turn to play (20C2)",
            guards=(not_dummy,),
            outcome=NOTED,
        ),
    ],
    options={
        "clarification": [
            Option(
                event="review",
                holder=leader_before_the_lead,
                law="20C2",
                fr="peut demander un rappel des annonces avant d'entamer",
                en="may ask for a review of the auction before leading",
            ),
            Option(
                event="review",
                holder=parties.leader_partner_and_declarer,
                law="41B",
                fr="peut demander un rappel des annonces",
                en="may ask for a review of the auction",
            ),
            Option(
                event="explain",
                holder=parties.leader_partner_and_declarer,
                law="41B",
                fr="peut demander des explications",
                en="may ask for explanations",
            ),
            Option(
                event="explain",
                holder=leader_before_the_lead,
                law="20F2",
                fr="peut demander des explications avant d'entamer",
                en="may ask for explanations before leading",
            ),
        ],
        "play": [
            Option(
                event="review",
                holder=not_dummy_seats,
                law="20C2",
                fr="peut demander un rappel des annonces à son premier tour de jouer",
                en="may ask for a review of the auction at his first turn to play",
            ),
        ],
        FACE_DOWN_LEAD: [
            Option(event="lead", holder=leader_free_to_lead, law="41A", fr="entame face cachée", en="leads face down"),
            Option(
                event="prohibit",
                holder=declarer_if_restricted,
                law="26B",
                fr="peut interdire une couleur à l'entameur restreint",
                en="may prohibit a suit to the restricted leader",
            ),
            Option(
                event="require",
                holder=declarer_may_require,
                law="50D2",
                fr="peut exiger la couleur de la carte pénalisée (elle est reprise)",
                en="may require the penalty card's suit (it is picked up)",
            ),
            Option(
                event="prohibit",
                holder=declarer_if_penalty_card,
                law="50D2",
                fr="peut interdire cette couleur (la carte est reprise)",
                en="may prohibit that suit (the card is picked up)",
            ),
            Option(
                event="leave_penalty_card",
                holder=declarer_if_penalty_card,
                law="50D2",
                fr="peut laisser la carte pénalisée sur la table",
                en="may leave the penalty card on the table",
            ),
            Option(
                event="designate",
                holder=declarer_may_designate,
                law="50D1",
                fr="désigne laquelle des cartes pénalisées de l'entameur celui-ci entame",
                en="designates which of the leader's penalty cards he leads",
            ),
        ],
        "clarification.lead_made": [
            Option(
                event="face_lead",
                holder=leader_may_face,
                law="41C",
                fr="retourne l'entame : le jeu commence",
                en="faces the lead: play begins",
            ),
        ],
        ABOVE_SEVEN_LEAD: [
            Option(
                event="director",
                holder=None,
                law="38A",
                fr="l'arbitre statue : aucun contrat au-delà du palier de sept ne se joue",
                en="the Director rules: no contract above seven is ever played",
            ),
        ],
        "lead_out_of_turn": [
            Option(
                event="spread",
                holder=parties.declarer,
                law="54A",
                fr="étale son jeu et devient le mort",
                en="spreads his hand and becomes dummy",
            ),
            Option(
                event="accept",
                holder=parties.declarer,
                law="54B",
                fr="accepte l'entame : le mort s'étale, il joue en deuxième",
                en="accepts the lead: dummy is spread, he plays second",
            ),
            Option(
                event="refuse",
                holder=parties.declarer,
                law="54D",
                fr="n'accepte pas l'entame : la carte devient une carte pénalisée majeure (50D2)",
                en="refuses the lead: the card becomes a major penalty card (50D2)",
            ),
            Option(
                event="judge",
                holder=None,
                law="54C",
                fr="l'arbitre juge si le déclarant a pu voir le mort",
                en="the Director judges whether declarer could have seen dummy",
            ),
            Option(
                event="judge",
                holder=None,
                law="47E1",
                fr="l'arbitre juge si l'entame vient d'une information erronée",
                en="the Director judges whether the lead came from misinformation",
            ),
        ],
        OPTIONS_50D2: [
            Option(
                event="require",
                holder=parties.declarer,
                law="50D2",
                fr="exige l'entame dans la couleur de la carte pénalisée (elle est reprise)",
                en="requires a lead in the penalty card's suit (it is picked up)",
            ),
            Option(
                event="prohibit",
                holder=parties.declarer,
                law="50D2",
                fr="interdit cette couleur (la carte est reprise)",
                en="prohibits that suit (the card is picked up)",
            ),
            Option(
                event="leave_penalty_card",
                holder=parties.declarer,
                law="50D2",
                fr="laisse la carte pénalisée majeure",
                en="leaves the major penalty card",
            ),
        ],
    },
)
