"""Laws 17, 18, 19, 20, 22: the board on the table, calls in rotation, the end of the auction.

A regular call in turn stays in ``auction.calling``; once it stands, the machine raises
``call_stands``, and the obligations it fulfils end (a pass at the next turn, a repeated call).
Every call offered during the auction is first classified (the decision table ``call.kind``,
:mod:`fsm.laws.classify`). When three passes follow a call, the machine raises ``auction_ends``
(the trigger ``AUCTION_ENDS``): after a bid the clarification period opens (22A, 17D1), after four
passes the board is passed out (22B, 17D2); when one of them skipped a player, the rules of
:mod:`fsm.laws.rotation` say what follows (17D3). Obligations to pass end with the auction; they are
kept aside in case a change of call reopens it (25A5, 21B1).

A review (20B) or an explanation (20F1) is asked for at one's turn to call, unless required to pass:
in rotation, by the player whose turn it is; while an irregular call awaits a choice or a ruling (27,
28-32, 23A, 25B, 36-38), by the players whose call now would be made at their turn (``QUESTION_TIMES``). The request is
noted and changes nothing else.
"""

from __future__ import annotations

from typing import Any

from fsm.bridge.effects import e_append, e_call, e_remove, e_set
from fsm.bridge.records import FULFILLED, PASS_NEXT_TURN, REPEAT_CALL, CallKind
from fsm.engine.decisions import Trigger
from fsm.laws import parties
from fsm.laws.classify import DECISIONS, KIND_GUARDS
from fsm.laws.spec import (
    LawModule,
    Not,
    Option,
    Rule,
    StateSpec,
    action,
    ctx,
    equals,
    guard,
    holder,
    one,
    seats_if,
    var,
)

# --- guards ---------------------------------------------------------------------------
side_still_in_board = guard(
    "par un camp qui n'a pas encore sorti ses cartes",
    "by a side that has not taken its cards yet",
    "side_still_in_board",
    {"!": {"in": [{"side": [var("event.seat")]}, var("table.sides_with_cards")]}},
)
misnames_the_bid = guard(
    "le contre ou surcontre nomme une autre enchère que la dernière",
    "the double or redouble names another bid",
    "misnames_the_bid",
    {
        "and": [
            {"!=": [var("event.names"), None]},
            {"!=": [var("auction.last_bid"), None]},
            {"!=": [var("event.names"), var("auction.last_bid")]},
        ]
    },
)
is_double = guard("un contre", "a double", "is_double", equals("event.call", "X"))
auction_completed = guard(
    "trois Passe consécutifs après une enchère",
    "three consecutive passes after a bid",
    "auction_completed",
    var("auction.completed"),
)
a_player_deprived = guard(
    "un joueur a été privé de son tour",
    "a player was deprived of his turn",
    "a_player_deprived",
    var("auction.deprived"),
)
EACH_IN_TURN = Not(a_player_deprived, "chacun à son tour", "each in turn")
# 41A: a face-down lead still on the table when the auction ends again (a change of call refused, 25B2)
# stays there; fsm/laws/lead.py ends the auction on it.
no_lead_on_table = guard(
    "aucune entame sur la table",
    "no lead on the table",
    "no_lead_on_table",
    {"==": [var("table.lead.seat"), None]},
)
all_four_passed = guard(
    "les quatre joueurs ont passé", "all four players have passed", "all_four_passed", var("auction.passed_out")
)
own_turn_not_barred = guard(
    "à son tour, sans obligation de passer",
    "at his own turn, not required to pass",
    "own_turn_not_barred",
    {"and": [equals("event.seat", var("auction.turn")), {"!": {"must_pass": [var("event.seat")]}}]},
)
fulfils_pass_next_turn = guard(
    "un passe du joueur tenu de passer à ce tour",
    "a pass by the player required to pass at this turn",
    "fulfils_pass_next_turn",
    {
        "and": [
            equals("entry.call", "Pass"),
            {
                "some": [
                    var("table.obligations"),
                    {"and": [{"==": [var("seat"), ctx("entry.seat")]}, {"==": [var("kind"), PASS_NEXT_TURN]}]},
                ]
            },
        ]
    },
    needs=("obligations",),
)
fulfils_repeat = guard(
    "la déclaration répétée",
    "the repeated call",
    "fulfils_repeat",
    {
        "some": [
            var("table.obligations"),
            {
                "and": [
                    {"==": [var("seat"), ctx("entry.seat")]},
                    {"==": [var("kind"), REPEAT_CALL]},
                    {"==": [var("call"), ctx("entry.call")]},
                ]
            },
        ]
    },
    needs=("obligations",),
)


# 20B, 20F1: a player required to pass may not ask at his turn.
turn_seat_not_barred = holder(
    "le joueur dont c'est le tour, s'il n'est pas tenu de passer",
    "the player whose turn it is, unless required to pass",
    "turn_seat_not_barred",
    {"if": [{"must_pass": [var("auction.turn")]}, [], [var("auction.turn")]]},
)


# 20B « à son tour de déclarer, à moins que la Loi ne l'oblige à passer », 20F1 « uniquement à son tour de
# déclarer »: while an irregular call awaits a choice, the players whose call now would be made at their
# turn may ask before calling; asking changes nothing of whose choice it is. Nobody else may.
def _at_turn(seats: Any) -> Any:
    """The seats given that the Law does not oblige to pass."""
    return {"filter": [seats, {"!": {"must_pass": [var("")]}}]}


# 27A1, 29A: the offender's LHO, whose call accepts the irregular call and is made at his turn.
LHO = var("irregularity.offender_lho")
# 28B: the player whose turn it was, the offender's RHO, whose call before the ruling is made at his turn.
SKIPPED_RHO = {"and": [equals("irregularity.relation", "RHO"), {"!": var("irregularity.director")}]}
ASKERS = {
    "lho": (
        "l'adversaire de gauche du fautif, à son tour de déclarer, s'il n'est pas tenu de passer",
        "the offender's LHO, at his turn to call, unless required to pass",
        _at_turn(one(LHO)),
    ),
    "lho_or_skipped_rho": (
        "l'adversaire de gauche du fautif, avant de choisir, ou le joueur dont c'était le tour s'il est "
        "l'adversaire de droite du fautif, s'il n'est pas tenu de passer",
        "the offender's LHO, before choosing, or the player whose turn it was if he is the offender's RHO, "
        "unless required to pass",
        _at_turn({"if": [SKIPPED_RHO, [LHO, var("irregularity.turn")], one(LHO)]}),
    ),
    "offender_replacing": (
        "le fautif, qui doit remplacer sa déclaration à son tour, s'il n'est pas tenu de passer",
        "the offender, who must replace his call at his turn, unless required to pass",
        _at_turn(one(var("irregularity.offender"))),
    ),
    "next_player_before_judgement": (
        "le joueur dont c'est le tour, avant le jugement, s'il n'est pas tenu de passer",
        "the player whose turn it is, before the judgement, unless required to pass",
        _at_turn(seats_if(equals("irregularity.held", None), var("auction.turn"))),
    ),
}
# Who is at his turn to call in each state where an irregular call awaits a choice or a ruling (27, 28-32, 23A,
# 25B, 36-38): 20F1 « uniquement à son tour de déclarer », in every such state. While the Director judges a
# replacement or a change (27B1(b), 23A, 25A2, 21B1), no call is taken: nobody is at his turn.
QUESTION_TIMES = {
    "auction.insufficient_bid.offered": "lho",
    "auction.insufficient_bid.second": "lho",
    "auction.insufficient_bid.replacement": "offender_replacing",
    "auction.pass_out_of_rotation": "lho_or_skipped_rho",
    "auction.bid_out_of_rotation": "lho_or_skipped_rho",
    "auction.double_out_of_rotation": "lho_or_skipped_rho",
    "auction.ruling": "next_player_before_judgement",
    "auction.intended_change": "lho",
    # an inadmissible double or a bid above seven may be made out of rotation (36, 38 « par qui que ce soit »):
    # the player whose turn it was, the offender's RHO, is at his turn too until the Director comes (28B)
    "auction.inadmissible_double.offered": "lho_or_skipped_rho",
    "auction.inadmissible_double.replacement": "offender_replacing",
    "auction.call_by_barred_player": "lho",
    "auction.bid_above_seven": "lho_or_skipped_rho",
}
ASKING = {
    name: (
        holder(fr, en, f"asks_{name}", seats),
        guard(f"par {fr}", f"by {en}", f"asking_{name}", {"in": [var("event.seat"), seats]}),
    )
    for name, (fr, en, seats) in ASKERS.items()
}


# --- actions --------------------------------------------------------------------------
take_side_cards = action(
    "le camp sort ses cartes de l'étui",
    "the side takes its cards out of the board",
    "take_side_cards",
    [e_append("sides_with_cards", {"side": [var("event.seat")]})],
)
record_call = action("la déclaration est enregistrée", "the call is recorded", "record_call", [e_call("standing")])
# Obligations to pass last "until the end of the auction" at most; so do deferred judgements. They
# are kept aside: a change of call after the final pass (25A5, 21B1) reopens the auction with the
# obligations that were in force when it seemed to end.
end_auction = action(
    "fin des annonces : les obligations de passer cessent",
    "end of the auction: obligations to pass end",
    "end_auction",
    [{"set_aside": {}}, e_set("table.withdrawable", None)],
)


def _discharge(kind: str) -> list[Any]:
    """The obligation of this kind of the player whose call now stands is fulfilled: kept with the call's number
    until he calls again, since a change of that call (25A, 21B1) brings it back."""
    mine = {"and": [{"==": [var("seat"), ctx("entry.seat")]}, {"==": [var("kind"), kind]}]}
    return [
        {"update": {"in": "obligations", "where": mine, "field": "n", "value": ctx("entry.n")}},
        {"update": {"in": "obligations", "where": mine, "field": "kind", "value": FULFILLED[kind]}},
    ]


# Once he calls again, the call that fulfilled an obligation is no longer his last call: no change of call (25A,
# 21B1) can reach it, and the obligation is not kept any more.
fulfilled_earlier = guard(
    "il avait rempli une obligation par sa déclaration précédente",
    "his previous call had fulfilled an obligation",
    "fulfilled_earlier",
    {
        "some": [
            var("table.obligations"),
            {
                "and": [
                    {"==": [var("seat"), ctx("entry.seat")]},
                    {"in": [var("kind"), list(FULFILLED.values())]},
                    {"!=": [var("n"), ctx("entry.n")]},
                ]
            },
        ]
    },
    needs=("obligations",),
)
forget_fulfilled = action(
    "l'obligation remplie par sa déclaration précédente n'est plus gardée",
    "the obligation his previous call fulfilled is no longer kept",
    "forget_fulfilled",
    [
        e_remove(
            "obligations",
            {
                "and": [
                    {"==": [var("seat"), ctx("entry.seat")]},
                    {"in": [var("kind"), list(FULFILLED.values())]},
                    {"!=": [var("n"), ctx("entry.n")]},
                ]
            },
        )
    ],
)


pass_made = action(
    "l'obligation de passer à ce tour est remplie",
    "the obligation to pass at this turn is fulfilled",
    "pass_made",
    _discharge(PASS_NEXT_TURN),
)
repeat_made = action(
    "l'obligation de répéter la déclaration est remplie",
    "the obligation to repeat the call is fulfilled",
    "repeat_made",
    _discharge(REPEAT_CALL),
)


REGULAR = KIND_GUARDS[CallKind.REGULAR]
NOTED = (
    "la demande est notée ; la réponse est donnée à la table",
    "the request is noted; the answer is given at the table",
)

# One option at whatever moment a player is at his turn to call: in rotation or before a choice.
ASK_REVIEW = ("demande un rappel des annonces à son tour", "asks for a review of the auction at his turn")
ASK_EXPLAIN = ("demande une explication à son tour", "asks for an explanation at his turn")


def _question_rules() -> list[Rule]:
    """20B, 20F1 in each state of ``QUESTION_TIMES``: the request is noted; the state, and the choice
    that waits, stay as they were."""
    rules = []
    for state, who in QUESTION_TIMES.items():
        asking = ASKING[who][1]
        rules += [
            Rule(
                event="review",
                source=state,
                dest=None,
                law="20B",
                fr="rappel des annonces à son tour, avant de déclarer",
                en="review of the auction at one's turn, before calling",
                guards=(asking,),
                outcome=NOTED,
            ),
            Rule(
                event="explain",
                source=state,
                dest=None,
                law="20F1",
                fr="explication à son tour, avant de déclarer",
                en="explanation at one's turn, before calling",
                guards=(asking,),
                outcome=NOTED,
            ),
        ]
    return rules


def _question_options() -> dict[str, list[Option]]:
    return {
        state: [
            Option(
                event="review",
                holder=ASKING[who][0],
                law="20B",
                fr=ASK_REVIEW[0],
                en=ASK_REVIEW[1],
            ),
            Option(
                event="explain",
                holder=ASKING[who][0],
                law="20F1",
                fr=ASK_EXPLAIN[0],
                en=ASK_EXPLAIN[1],
            ),
        ]
        for state, who in QUESTION_TIMES.items()
    }


# Three passes after a call close the auction unless one of them skipped a player (17D3): the
# rules for ``auction_ends`` tell the cases apart (22A, 22B, 17D3).
AUCTION_ENDS = Trigger(
    state="auction.calling",
    when=var("auction.three_passes_follow"),
    raises="auction_ends",
    law="22",
    fr="trois Passe suivent une déclaration : fin des annonces ?",
    en="three passes follow a call: does the auction end?",
)

MODULE = LawModule(
    name="normal",
    rank=0,
    laws="17, 18, 19, 20, 22",
    decisions=DECISIONS,
    triggers=[AUCTION_ENDS],
    states=[
        # takes: the Director may be called at any moment (9B1); during the auction, any call made
        # at the table is taken and classified (the irregular call is the point: 17C, 18D, 28-39), a
        # side takes its cards whenever it does (17A), and the LHO takes back his call over a change
        # while he may (25A6, 21B2), whatever else awaits; after a pass-out, a call is ruled on (22B, 25A5).
        StateSpec(name="board", law="17A", fr="Cartes dans l'étui", en="Cards in the board", takes=("director",)),
        StateSpec(
            name="auction",
            law="17",
            fr="Période des annonces",
            en="Auction period",
            takes=("call", "director", "take_cards", "withdraw"),
        ),
        StateSpec(
            name="auction.calling", law="17C", fr="Déclarations en rotation", en="Calls in rotation", initial=True
        ),
        StateSpec(name="passed_out", law="22B", fr="Donne passée", en="Passed out", takes=("call", "director")),
        StateSpec(
            name="returned",
            law="17D2",
            fr="Mains remises dans l'étui",
            en="Hands returned to the board",
            final=True,
            takes=("director", "substitute"),
        ),
        StateSpec(
            name="play",
            law="17D1",
            fr="Jeu de la carte",
            en="Play period",
            final=True,
            takes=("director", "refuse", "spread", "substitute"),
        ),
    ],
    rules=[
        Rule(
            event="take_cards",
            source="board",
            dest="auction",
            law="17A",
            fr="un camp sort ses cartes : la période des annonces commence",
            en="a side takes its cards: the auction period begins",
            actions=(take_side_cards,),
        ),
        Rule(
            event="take_cards",
            source="auction",
            dest=None,
            law="17A",
            fr="l'autre camp sort ses cartes",
            en="the other side takes its cards",
            guards=(side_still_in_board,),
            actions=(take_side_cards,),
        ),
        Rule(
            event="call",
            source="auction.calling",
            dest=None,
            law="17C",
            fr="déclaration à son tour",
            en="call in rotation",
            guards=(REGULAR, Not(misnames_the_bid, "sans erreur de nom", "naming no wrong bid")),
            actions=(record_call,),
            cites=("17B",),  # the turn starts at the dealer
        ),
        Rule(
            event="call",
            source="auction.calling",
            dest=None,
            law="19A3",
            fr="contre qui nomme une autre enchère : il vaut pour l'enchère faite",
            en="a double naming another bid: it counts for the bid made",
            guards=(REGULAR, misnames_the_bid, is_double),
            actions=(record_call,),
            ruling=True,
        ),
        Rule(
            event="call",
            source="auction.calling",
            dest=None,
            law="19B3",
            fr="surcontre qui nomme une autre enchère : il vaut pour l'enchère faite",
            en="a redouble naming another bid: it counts for the bid made",
            guards=(REGULAR, misnames_the_bid, Not(is_double, "un surcontre", "a redouble")),
            actions=(record_call,),
            ruling=True,
        ),
        Rule(
            event="auction_ends",
            source="auction.calling",
            dest="clarification",
            law="22A",
            fr="fin des annonces",
            en="the auction ends",
            guards=(auction_completed, EACH_IN_TURN, no_lead_on_table),
            actions=(end_auction,),
        ),
        Rule(
            event="auction_ends",
            source="auction.calling",
            dest="passed_out",
            law="22B",
            fr="donne passée",
            en="passed out",
            guards=(all_four_passed,),
            actions=(end_auction,),
        ),
        Rule(
            event="return_hands",
            source="passed_out",
            dest="returned",
            law="17D2",
            fr="les mains retournent dans l'étui",
            en="the hands go back into the board",
            outcome=("la période des annonces prend fin", "the auction period ends"),
        ),
        Rule(
            event="review",
            source="auction.calling",
            dest=None,
            law="20B",
            fr="rappel des annonces à son tour",
            en="review of the auction at one's turn",
            guards=(own_turn_not_barred,),
            outcome=NOTED,
        ),
        Rule(
            event="explain",
            source="auction.calling",
            dest=None,
            law="20F1",
            fr="explication à son tour",
            en="explanation at one's turn",
            guards=(own_turn_not_barred,),
            outcome=NOTED,
        ),
        *_question_rules(),
        Rule(
            event="call_stands",
            source="auction",
            dest=None,
            law="30A",
            fr="il a passé à son prochain tour",
            en="he passed at his next turn",
            guards=(fulfils_pass_next_turn,),
            actions=(pass_made,),
            cites=("24B", "24C", "30B1(b)(ii)", "31A2(b)", "32A2(b)"),
        ),
        Rule(
            event="call_stands",
            source="auction",
            dest=None,
            law="31A1",
            fr="il a répété sa déclaration",
            en="he repeated his call",
            guards=(fulfils_repeat,),
            actions=(repeat_made,),
            cites=("32A1",),
        ),
        Rule(
            event="call_stands",
            source="auction",
            dest=None,
            law="25A",
            fr="il déclare à nouveau : sa déclaration précédente ne peut plus être changée",
            en="he calls again: his previous call can no longer be changed",
            guards=(fulfilled_earlier,),
            actions=(forget_fulfilled,),
            cites=("25A4", "21B1"),
        ),
    ],
    options={
        "board": [
            Option(
                event="take_cards",
                holder=parties.everyone,
                law="17A",
                fr="sort ses cartes de l'étui",
                en="takes his cards out of the board",
            ),
        ],
        "auction.calling": [
            Option(event="call", holder=parties.turn_seat, law="17C", fr="déclare à son tour", en="calls in turn"),
            Option(event="review", holder=turn_seat_not_barred, law="20B", fr=ASK_REVIEW[0], en=ASK_REVIEW[1]),
            Option(event="explain", holder=turn_seat_not_barred, law="20F1", fr=ASK_EXPLAIN[0], en=ASK_EXPLAIN[1]),
        ],
        **_question_options(),
        "passed_out": [
            Option(
                event="return_hands",
                holder=None,
                law="17D2",
                fr="les quatre mains retournent dans l'étui",
                en="the four hands go back into the board",
            ),
        ],
    },
)
