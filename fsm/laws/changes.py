"""Laws 21 and 25: changes of call.

A call at one's LHO's turn right after one's own call (30B2, 31C, 32C), or a ``substitute``
("I meant 1♠") while partner has not called since (25A4), waits in ``auction.change_of_call``
for the Director's judgement. Unintended (25A): the intended call replaces the first, with no
lead restriction (25A1), and the LHO may take back a call he made over the first one (25A6).
A change of mind (25B): the LHO may accept the new call by calling over it (25B1: the first call
is withdrawn), otherwise it is cancelled and the first call stands (25B2); 26B then applies
unless the substitute carried ``comparable: true``. A call changed because of misinformation
(21B1) is changed without other rectification, and the LHO may change a later call (21B2).

A change may be made until the end of the auction period (25A5, 17D): after the final pass until
the lead is faced, and after a pass-out until the hands are back in the board (22B « mais voir
Loi 25 », 17D2). A change that takes effect then reopens the auction with the obligations and
deferred judgements that were in force when it seemed to end: a call in breach of them is a
Law 37 case. If the authorised change (25A, 21B1) leaves the LHO's later bid no longer sufficient
and he does not take it back (25A6, 21B2), that bid is an insufficient bid made in turn: the board
goes to ``auction.insufficient_bid.offered`` and his own LHO may accept it (27A1) or not (27B).
A substitution is refused under 25A4 once partner has called, and under 25A5 once the auction
period is over.
"""

from __future__ import annotations

from typing import Any

from fsm.bridge.effects import CLOSE, e_append, e_call, e_if, e_lead_back, e_refuse, e_set, e_status, e_ui, e_with
from fsm.bridge.records import FULFILLED, PASS_NEXT_TURN, PASS_REST, REPEAT_CALL, CallKind
from fsm.laws import parties
from fsm.laws.acceptance import NOTHING_PENDING, by_offender_lho, note_director, then_his_call
from fsm.laws.classify import KIND_GUARDS, hold_irregular_call
from fsm.laws.spec import (
    SEATS_ALL,
    Action,
    Guard,
    Holder,
    LawModule,
    Not,
    Option,
    Rule,
    StateSpec,
    action,
    all_of,
    ctx,
    equals,
    field_of,
    guard,
    holder,
    seats_if,
    var,
)
from fsm.laws.withdrawn import DROP_CANCELLED_PENDING, e_restrict, judged

STATE = "auction.change_of_call"
INTENDED = "auction.intended_change"
OFFERED_27 = "auction.insufficient_bid.offered"
ABOVE_SEVEN = "auction.bid_above_seven"
INADMISSIBLE = "auction.inadmissible_double"
INADMISSIBLE_OFFERED = f"{INADMISSIBLE}.offered"
JUDGED_RULING = "auction.ruling"
REPLACEMENT_27 = "auction.insufficient_bid.replacement"
RULING_27 = "auction.insufficient_bid.ruling"
# The states where the offender's irregular call waits for its option holder, or his call at his turn for the
# 30B1 / 31B / 32B judgement (23A): 25A is open to him there too.
PENDING_IRREGULAR = (
    "auction.pass_out_of_rotation",
    "auction.bid_out_of_rotation",
    "auction.double_out_of_rotation",
    OFFERED_27,
    "auction.inadmissible_double.offered",
    ABOVE_SEVEN,
    JUDGED_RULING,
)


own_call_partner_silent = guard(
    "sur sa propre dernière déclaration, le partenaire n'ayant pas déclaré depuis",
    "of his own last call, partner not having called since",
    "own_call_partner_silent",
    {"partner_silent": [var("event.seat")]},
)
partner_called_since = guard(
    "son partenaire a déclaré depuis sa dernière déclaration",
    "his partner has called since his last call",
    "partner_called_since",
    {"and": [{"has_called": [var("event.seat")]}, {"!": {"partner_silent": [var("event.seat")]}}]},
)


# 25A4: no change once partner has called since.
refuse_after_partner = action(
    "le changement est refusé : le partenaire a déclaré depuis",
    "the change is refused: partner has called since",
    "refuse_after_partner",
    [
        # 21B1 sets its own condition (« à condition que son partenaire n'ait pas déclaré consécutivement »):
        # after the Director judged misinformation, that clause decides.
        e_if(
            var("table.misinformation_ruled"),
            [
                e_refuse(
                    "21B1",
                    "un joueur ne peut changer une déclaration fondée sur une information erronée que si son "
                    "partenaire n'a pas déclaré consécutivement",
                    "a player may change a call based on misinformation only if his partner has not called since",
                )
            ],
            [
                e_refuse(
                    "25A4",
                    "aucun changement de déclaration ne peut être fait si le partenaire a déclaré par la suite",
                    "no change of call may be made if partner has called since",
                )
            ],
        )
    ],
)
# 25A5, 17D: no change once the auction period is over.
refuse_after_auction_period = action(
    "le changement est refusé : la période des annonces est finie",
    "the change is refused: the auction period is over",
    "refuse_after_auction_period",
    [
        e_refuse(
            "25A5",
            "aucun changement ne peut intervenir après la fin de la période des annonces (17D)",
            "no change may occur after the end of the auction period (17D)",
        )
    ],
)


# After the change, the LHO's bid over the first call no longer supersedes the bid before it (18D): a
# pass, double or redouble instead of the first call leaves the bid over it sufficient.
later_call_made_insufficient = guard(
    "la déclaration suivante de l'adversaire de gauche devient insuffisante",
    "the LHO's later call becomes insufficient",
    "later_call_made_insufficient",
    {
        "and": [
            {">": [{"level": [var("irregularity.next_call")]}, 0]},
            {">": [{"level": [var("irregularity.call")]}, 0]},
            {"<=": [{"rank": [var("irregularity.next_call")]}, {"rank": [var("irregularity.call")]}]},
        ]
    },
)
takes_back_the_call_made_irregular = guard(
    "sur sa déclaration que le changement a rendue irrégulière",
    "of his call the change made irregular",
    "takes_back_the_call_made_irregular",
    {"and": [{"!=": [var("irregularity.n"), None]}, equals("irregularity.n", var("table.withdrawable.n"))]},
)


# A ruling since the change (36A, 38D, 17D3) may have cancelled the LHO's call: nothing is left to take back.
STILL_ON_RECORD = {
    "in": [
        field_of({"call": [var("table.withdrawable.n")]}, "status"),
        ["standing", "pending"],
    ]
}


def _may_take_back(law: str) -> Guard:
    if law == "25A6":
        fr, en = (
            "par l'adversaire de gauche, sur la déclaration qu'il peut reprendre (25A6)",
            "by the LHO, of the call he may take back (25A6)",
        )
    else:
        fr, en = (
            "par l'adversaire de gauche du joueur mal informé, sur sa déclaration suivante (21B2)",
            "by the misinformed player's LHO, of his later call (21B2)",
        )
    return guard(
        fr,
        en,
        f"may_take_back_{law}",
        {
            "and": [
                {"!=": [var("table.withdrawable.seat"), None]},
                equals("event.seat", var("table.withdrawable.seat")),
                equals("table.withdraw_law", law),
                STILL_ON_RECORD,
            ]
        },
    )


def _window_closes(law: str) -> Guard:
    # Another player's call, or the LHO's own call accepted (27A1) or replaced (27B): the chance is gone.
    return guard(
        "une déclaration a pris place depuis",
        "a call has taken its place since",
        f"window_{law}_passed",
        {
            "and": [
                {"!=": [var("table.withdrawable.seat"), None]},
                equals("table.withdraw_law", law),
                {"!=": [var("entry.call"), None]},
            ]
        },
        needs=("withdrawable",),
    )


MAY_WITHDRAW = _may_take_back("25A6")
MAY_CHANGE = _may_take_back("21B2")


def _nothing_to_take_back(law: str) -> tuple[Guard, Action]:
    """A ``withdraw`` when no call may be taken back: refused under the law of the last change."""
    fr, en = "aucune déclaration qu'il puisse reprendre", "no call he may take back"
    return (
        guard(
            fr,
            en,
            f"nothing_to_take_back_{law}",
            {
                "and": [
                    equals("table.withdraw_law", law),
                    {
                        "or": [
                            {"==": [var("table.withdrawable.seat"), None]},
                            {"!=": [var("event.seat"), var("table.withdrawable.seat")]},
                            {"!": STILL_ON_RECORD},
                        ]
                    },
                ]
            },
        ),
        action(
            "le retrait est refusé",
            "the withdrawal is refused",
            f"refuse_withdraw_{law}",
            [
                e_refuse(
                    law,
                    "aucune déclaration à reprendre : seul l'adversaire de gauche le peut, avant qu'un autre joueur ne déclare",
                    "no call to take back: only the LHO may, before another player calls",
                )
            ],
        ),
    )


NOTHING_25A6 = _nothing_to_take_back("25A6")
NOTHING_21B2 = _nothing_to_take_back("21B2")


misinformation_pending = guard(
    "l'information erronée a été jugée avant ce changement",
    "misinformation was judged before this change",
    "misinformation_pending",
    var("table.misinformation_ruled"),
    needs=("misinformation_ruled",),
)


# --- actions ---------------------------------------------------------------------------------
OFFENDER = ctx("irregularity.offender")  # read from inside a ``with`` as well
PARTNER = {"partner": [OFFENDER]}
# The first call: the offender's last standing call (an item of ``auction.calls``), the one his new call replaces.
ORIGINAL = {"last_call": [var("irregularity.offender")]}

# A substitution ("I meant 1♠") is a change of call at his LHO's turn (the player has called, since his
# partner is silent): it waits for the Director with the judgement « comparable » it carries, if any.
hold_substitution = action(
    "la substitution attend le jugement de l'arbitre",
    "the substitution awaits the Director's judgement",
    "hold_substitution",
    [
        {"irregularity": {"kind": CallKind.CHANGE.name.lower(), "turn": var("auction.turn")}},
        e_set("irregularity.comparable", var("event.comparable")),
    ],
)
# The judgement came first, then the new call: the change is settled at once (21B1).
apply_ruled_misinformation = action(
    "l'arbitre a déjà jugé l'information erronée : 21B1 s'applique",
    "the Director already judged misinformation: 21B1 applies",
    "apply_ruled_misinformation",
    [
        e_if(
            var("table.misinformation_ruled"),
            [e_set("table.misinformation_ruled", False), {"follow": {"key": "misinformation", "value": True}}],
        )
    ],
)
# 21B1: the misinformed player may now change his call, while his partner has not called since.
note_misinformation = action(
    "l'arbitre juge qu'un joueur a déclaré sur une information erronée",
    "the Director judges that a player called on misinformation",
    "note_misinformation",
    [e_set("table.misinformation_ruled", True)],
)
# The judgement was for the next call only.
misinformation_window_closes = action(
    "le droit de changer sa déclaration (21B1) est passé",
    "the right to change the call (21B1) has passed",
    "misinformation_window_closes",
    [e_set("table.misinformation_ruled", False)],
)
# Another call took its place: the LHO's chance to take his call back is gone (25A6, 21B2).
take_back_window_closes = action(
    "il ne peut plus reprendre sa déclaration",
    "he may no longer take his call back",
    "take_back_window_closes",
    [e_set("table.withdrawable", None)],
)


# 25A1 « assujettie à la Loi appropriée »: an obligation the first call fulfilled (a pass at the next turn, a repeated
# call) is in force again when nobody called over it, and the new call, made afresh, is classified with it: a player
# who must pass and does not is a Law 37 case. When the LHO called over the first call, the new call takes its place if
# it is regular there, else the LHO's call is given back and the new call is made afresh (docs/readings.md).


_FIRST_N = field_of({"last_call": [ctx("irregularity.offender")]}, "n")


# 25A1 « assujettie à la Loi appropriée », 21B1: the new call, in the first call's place, is itself irregular
# there (19A1/19B1, 37, 18D) while the LHO has called over the first call.
_NEW = ctx("irregularity.call")
_BEFORE = {"map": [{"standing_before": [_FIRST_N]}, {"call": [var("")]}]}  # the auction before the first call
_LAST_NON_PASS = {"first": [_BEFORE, {"!=": [var("call"), "Pass"]}]}
_LAST_BID = {"first": [_BEFORE, {">": [{"level": [var("call")]}, 0]}]}
# 19A1, 19B1: a double of anything but an opposing bid, a redouble of anything but an opposing double.
_INADMISSIBLE_THERE = {
    "and": [
        {"in": [_NEW, ["X", "XX"]]},
        {
            "or": [
                {"==": [_LAST_NON_PASS, None]},
                {"==": [{"side": [field_of(_LAST_NON_PASS, "seat")]}, {"side": [OFFENDER]}]},
                {"and": [{"==": [_NEW, "X"]}, {"==": [{"level": [field_of(_LAST_NON_PASS, "call")]}, 0]}]},
                {"and": [{"==": [_NEW, "XX"]}, {"!=": [field_of(_LAST_NON_PASS, "call"), "X"]}]},
            ]
        },
    ]
}
# A double or redouble of a bid or double the change removed (the first call becomes a pass...) is one that
# Law 19 forbids (19A1, 19B1): unless the LHO takes it back (25A6, 21B2), Law 36 applies to it (35). The LHO's
# call is the standing call right after the first call; what it doubles or redoubles is now the new call, or the
# last call before the first that is not a pass when the new call is one.
_LATER_N = {"first": [{"standing_after": [_FIRST_N]}]}
_LATER = {"call": [_LATER_N]}
_LATER_CALL, _LATER_SEAT = field_of(_LATER, "call"), field_of(_LATER, "seat")
_OVER_NOTHING = {"and": [{"==": [_NEW, "Pass"]}, {"==": [_LAST_NON_PASS, None]}]}
_OVER_CALL = {"if": [{"!=": [_NEW, "Pass"]}, _NEW, field_of(_LAST_NON_PASS, "call")]}
_OVER_SEAT = {"if": [{"!=": [_NEW, "Pass"]}, OFFENDER, field_of(_LAST_NON_PASS, "seat")]}
later_call_made_inadmissible = guard(
    "le contre ou surcontre suivant de l'adversaire de gauche devient inadmissible (19A1, 19B1)",
    "the LHO's later double or redouble becomes inadmissible (19A1, 19B1)",
    "later_call_made_inadmissible",
    {
        # a field is read only from an item that is there
        "and": [
            {"!=": [_LATER_N, None]},
            {"in": [_LATER_CALL, ["X", "XX"]]},
            {
                "or": [
                    _OVER_NOTHING,
                    {"==": [{"side": [_OVER_SEAT]}, {"side": [_LATER_SEAT]}]},
                    {"and": [{"==": [_LATER_CALL, "X"]}, {"==": [{"level": [_OVER_CALL]}, 0]}]},
                    {"and": [{"==": [_LATER_CALL, "XX"]}, {"!=": [_OVER_CALL, "X"]}]},
                ]
            },
        ]
    },
    needs=("irregularity",),
)
# 37: an obligation to pass to the end, or one the first call fulfilled (to pass at that turn, or to repeat
# a call: the new call is another), whether in force or kept aside at the end of the auction.
_FULFILLED_BY_FIRST = {"==": [var("n"), _FIRST_N]}
_BARRED_BY = {
    "and": [
        {"==": [var("seat"), OFFENDER]},
        {
            "or": [
                {
                    "and": [
                        {"!=": [_NEW, "Pass"]},
                        {
                            "or": [
                                {"==": [var("kind"), PASS_REST]},
                                {"and": [{"==": [var("kind"), FULFILLED[PASS_NEXT_TURN]]}, _FULFILLED_BY_FIRST]},
                            ]
                        },
                    ]
                },
                {"and": [{"==": [var("kind"), FULFILLED[REPEAT_CALL]]}, _FULFILLED_BY_FIRST]},
            ]
        },
    ]
}
_BARRED_THERE = {
    "or": [{"some": [var("table.obligations"), _BARRED_BY]}, {"some": [var("table.obligations_at_end"), _BARRED_BY]}]
}
# 18D: a bid that does not supersede the last bid before the first call.
_INSUFFICIENT_THERE = {
    "and": [
        {">": [{"level": [_NEW]}, 0]},
        {"!=": [_LAST_BID, None]},
        {"<=": [{"rank": [_NEW]}, {"rank": [field_of(_LAST_BID, "call")]}]},
    ]
}
new_call_irregular_in_place = guard(
    "à sa place, la nouvelle déclaration est irrégulière (19, 37, 18D) et l'adversaire de gauche a déclaré depuis",
    "in its place the new call is irregular (19, 37, 18D) and the LHO has called since",
    "new_call_irregular_in_place",
    {
        "and": [
            {">": [{"count": [{"standing_after": [_FIRST_N]}]}, 0]},
            {"or": [_INADMISSIBLE_THERE, _BARRED_THERE, _INSUFFICIENT_THERE]},
        ]
    },
    needs=("irregularity",),
)
NEW_CALL_REGULAR_IN_PLACE = Not(
    new_call_irregular_in_place,
    "à sa place, la nouvelle déclaration est régulière, ou personne n'a déclaré depuis",
    "in its place the new call is regular, or nobody has called since",
)


def _restore_fulfilled_by(n: Any) -> dict[str, Any]:
    """The obligations the call numbered ``n`` fulfilled are in force again (its maker calls at that turn again)."""
    return {
        "update": {
            "in": "obligations",
            "where": {"and": [{"in": [var("kind"), list(FULFILLED.values())]}, {"==": [var("n"), n]}]},
            "field": "kind",
            "value": {"if": [{"==": [var("kind"), FULFILLED[REPEAT_CALL]]}, REPEAT_CALL, PASS_NEXT_TURN]},
        }
    }


RESTORE_FULFILLED = [e_if({"==": [{"count": [{"standing_after": [_FIRST_N]}]}, 0]}, [_restore_fulfilled_by(_FIRST_N)])]


def _take_back(law: str, told: list[Any], ui_law: str = "16C") -> list[Any]:
    """The LHO takes back the call he may (25A6, 21B2): it is withdrawn, and UI to ``told`` (read on it);
    an obligation that call fulfilled is in force again (he calls at that turn again)."""
    return [
        _restore_fulfilled_by(ctx("table.withdrawable.n")),
        e_with(
            {"call": [ctx("table.withdrawable.n")]},
            [
                e_set("table.withdrawable", None),
                e_status(var("n"), "withdrawn", law),
                e_ui(var("source"), told, ui_law),
            ],
        ),
        DROP_CANCELLED_PENDING,
    ]


# The law under which a change after the final pass sends a face-down lead back to the hand.
_REOPENED_BY = {"25A": "25A5", "21B1": "21B1"}


def _replace_first_call(law: str, told: list[Any]) -> list[Any]:
    """25A and 21B1: the new call takes the first one's place; the LHO may take back a call made over it.

    A change after the final pass (25A5, 21B1) first reopens the auction with the obligations that were
    in force when it seemed to end and the judgements still awaited. The first call is withdrawn and is
    unauthorized information for ``told``; a face-down lead goes back (25A5). If nobody called over the
    first call, the new call is made now, and judged as any call; otherwise it takes the first call's
    place and the LHO's call over it (the first standing call after it) may be taken back (25A6, 21B2).
    """
    later = {"standing_after": [var("n")]}  # inside the ``with``: the first call's number
    return [
        {"reopen": {}},
        {"unsettle_exposed": {}},
        *RESTORE_FULFILLED,
        e_with(
            ORIGINAL,
            [
                e_status(var("n"), "withdrawn", law),
                e_ui(var("source"), told),
                *e_lead_back(_REOPENED_BY[law]),
                e_if(
                    {"==": [{"count": [later]}, 0]},
                    [{"remake": {"n": ctx("irregularity.n")}}],
                    [
                        e_set("table.withdrawable", {"first": [later]}),
                        e_set("table.withdraw_law", "25A6" if law == "25A" else "21B2"),
                        {"move_after": {"n": ctx("irregularity.n"), "after": var("n")}},
                    ],
                ),
            ],
        ),
        DROP_CANCELLED_PENDING,
        CLOSE,
    ]


apply_25A = action(
    "la déclaration voulue remplace la première (sans 26B) ; l'adversaire de gauche peut reprendre la sienne",
    "the intended call replaces the first (no 26B); the LHO may take his own back",
    "apply_25A",
    _replace_first_call("25A", [PARTNER]),
)
# 21B1: the misinformed side is not the offending side: its withdrawn call is UI to the opponents only.
apply_21B1 = action(
    "la déclaration est changée sans autre rectification ; l'adversaire de gauche peut changer la sienne",
    "the call is changed with no other rectification; the LHO may change his own",
    "apply_21B1",
    _replace_first_call("21B1", [{"lho": [OFFENDER]}, {"rho": [OFFENDER]}]),
)


def _give_back_and_remake(law: str, told: list[Any]) -> list[Any]:
    """25A1 or 21B1 when the new call is itself irregular in the first call's place and the LHO has called
    over the first call: his call is given back to him (withdrawn under 25A6, 21B2, as if he took it back,
    docs/readings.md), the obligations his call and the first call fulfilled are in force again, and the
    new call is made afresh at the offender's turn, so that its own law deals with it (36, 37, 27) and the
    LHO makes his choice over it."""
    back, back_told, back_ui = (
        ("25A6", [{"lho": [var("seat")]}, {"rho": [var("seat")]}], "25A6")
        if law == "25A"
        else ("21B2", [{"partner": [var("seat")]}], "16C")
    )
    return [
        {"reopen": {}},
        {"unsettle_exposed": {}},
        e_set("table.withdrawable", {"first": [{"standing_after": [_FIRST_N]}]}),
        *_take_back(back, back_told, back_ui),
        *RESTORE_FULFILLED,
        e_with(
            ORIGINAL,
            [
                e_status(var("n"), "withdrawn", law),
                e_ui(var("source"), told),
                *e_lead_back(_REOPENED_BY[law]),
                {"remake": {"n": ctx("irregularity.n")}},
            ],
        ),
        DROP_CANCELLED_PENDING,
        CLOSE,
    ]


apply_25A_irregular_in_place = action(
    "la déclaration de l'adversaire de gauche lui est rendue (25A6) ; la déclaration voulue est faite à nouveau, "
    "selon sa Loi",
    "the LHO's call is given back to him (25A6); the intended call is made afresh, under its own law",
    "apply_25A_irregular_in_place",
    _give_back_and_remake("25A", [PARTNER]),
)
apply_21B1_irregular_in_place = action(
    "la déclaration de l'adversaire de gauche lui est rendue (21B2) ; la nouvelle déclaration est faite à nouveau, "
    "selon sa Loi",
    "the LHO's call is given back to him (21B2); the new call is made afresh, under its own law",
    "apply_21B1_irregular_in_place",
    _give_back_and_remake("21B1", [{"lho": [OFFENDER]}, {"rho": [OFFENDER]}]),
)

# The change being authorised, the LHO's bid over the first call no longer supersedes the bid before
# it: unless he takes it back (25A6, 21B2), it is an insufficient bid made in turn, which his own LHO
# may accept (27A1) or not (27B). The Director is at the table.
later_call_insufficient = action(
    "la déclaration suivante de l'adversaire de gauche devient une enchère insuffisante (27)",
    "the LHO's later call becomes an insufficient bid (27)",
    "later_call_insufficient",
    [
        {
            "irregularity": {
                "n": var("table.withdrawable.n"),
                "kind": CallKind.INSUFFICIENT.name.lower(),
                "turn": var("table.withdrawable.seat"),
                "director": True,
            }
        }
    ],
)
# The same for a double or redouble the change leaves with no bid or double to apply to: an inadmissible
# double made in turn (19A1, 19B1, 35), awaiting the Director's 36B ruling unless the LHO takes it back.
later_call_inadmissible = action(
    "le contre ou surcontre suivant de l'adversaire de gauche devient inadmissible (36)",
    "the LHO's later double or redouble becomes inadmissible (36)",
    "later_call_inadmissible",
    [
        {
            "irregularity": {
                "n": var("table.withdrawable.n"),
                "kind": CallKind.INADMISSIBLE.name.lower(),
                "turn": var("table.withdrawable.seat"),
                "director": True,
            }
        }
    ],
)
# He takes his call back: the irregular call is no longer on the table.
drop_irregular_later_call = action(
    "sa déclaration irrégulière est retirée avec elle",
    "his irregular call goes with it",
    "drop_irregular_later_call",
    [CLOSE],
)


# 25A1 « assujettie à la Loi appropriée », 21B1: a new call above the seven level is a Law 38 bid. It takes the
# first call's place (made at the offender's turn, so in rotation) and awaits the Director's 38B ruling there,
# which cancels it and every later call: the LHO's call over the first call goes with it.
new_call_above_seven = guard(
    "la nouvelle déclaration est une enchère au-delà du palier de sept (38)",
    "the new call is a bid above the seven level (38)",
    "new_call_above_seven",
    {">": [{"level": [var("irregularity.call")]}, 7]},
    needs=("irregularity",),
)
NOT_ABOVE_SEVEN = Not(
    new_call_above_seven,
    "la nouvelle déclaration n'est pas une enchère au-delà de sept",
    "the new call is no bid above seven",
)


def _replace_by_bid_above_seven(law: str, told: list[Any]) -> list[Any]:
    """25A1, 21B1 then 38: the first call is withdrawn (UI to ``told``), the new call takes its place as a
    bid above seven made in rotation, awaiting the Director (the LHO's later call is cancelled by 38B)."""
    return [
        {"reopen": {}},
        {"unsettle_exposed": {}},
        e_with(
            ORIGINAL,
            [
                e_status(var("n"), "withdrawn", law),
                e_ui(var("source"), told),
                *e_lead_back(_REOPENED_BY[law]),
                {"move_after": {"n": ctx("irregularity.n"), "after": var("n")}},
            ],
        ),
        DROP_CANCELLED_PENDING,
        {
            "irregularity": {
                "n": var("irregularity.n"),
                "kind": CallKind.BID_ABOVE_SEVEN.name.lower(),
                "turn": var("irregularity.offender"),
                "director": True,
            }
        },
    ]


apply_25A_above_seven = action(
    "la déclaration voulue prend la place de la première : enchère au-delà de sept, la Loi 38 s'applique",
    "the intended call takes the first one's place: a bid above seven, Law 38 applies",
    "apply_25A_above_seven",
    _replace_by_bid_above_seven("25A", [PARTNER]),
)
apply_21B1_above_seven = action(
    "la nouvelle déclaration prend la place de la première : enchère au-delà de sept, la Loi 38 s'applique",
    "the new call takes the first one's place: a bid above seven, Law 38 applies",
    "apply_21B1_above_seven",
    _replace_by_bid_above_seven("21B1", [{"lho": [OFFENDER]}, {"rho": [OFFENDER]}]),
)
# 25B with a bid above seven: the LHO may not accept it (38A: no contract above seven is ever played; Law 38
# offers no acceptance), so 25B1 cannot apply: the first call stands (25B2) and the substitute, made at the
# LHO's turn, is a bid above seven out of rotation that awaits the Director's 38 ruling.
hold_intended_above_seven = action(
    "la première déclaration est maintenue ; l'enchère au-delà de sept attend l'arbitre (38)",
    "the first call stands; the bid above seven awaits the Director (38)",
    "hold_intended_above_seven",
    [
        {
            "irregularity": {
                "n": var("irregularity.n"),
                "kind": CallKind.BID_ABOVE_SEVEN.name.lower(),
                "turn": var("irregularity.turn"),
                "director": True,
            }
        }
    ],
)


NOT_COMPARABLE = {"!=": [ctx("irregularity.comparable"), True]}

# --- 25A on an irregular call still on the table (out of rotation, 28-32; insufficient, 27) --------------
# An unintended call is unintended whether or not it was in rotation (25A1, 25A3): while it waits for its
# option holder, partner has not called since (25A4), and its maker may replace it by the call he meant.
# A call of his partner held while it waits (29A, 9B2) is a call made since (25A4).
# The irregularity's own held call is partner's (29A) while a call out of rotation waits, the LHO's while the
# offender's call at his turn awaits its judgement (23A): only partner's bars the change.
_PARTNER_HELD = {
    "or": [
        {"==": [var("irregularity.held_seat"), {"partner": [ctx("irregularity.offender")]}]},
        {
            "some": [
                var("table.held"),
                {
                    "==": [
                        field_of({"call": [var("n")]}, "seat"),
                        {"partner": [ctx("irregularity.offender")]},
                    ]
                },
            ]
        },
    ]
}
_MAY_REPLACE_PENDING = {"and": [{"==": [var("irregularity.replacement_n"), None]}, {"!": _PARTNER_HELD}]}
partner_call_held = guard(
    "par le fautif, dont le partenaire a déclaré depuis (déclaration retenue)",
    "by the offender, whose partner has called since (a call held)",
    "partner_call_held",
    {"and": [equals("event.seat", var("irregularity.offender")), _PARTNER_HELD]},
    needs=("irregularity",),
)
replaces_his_pending_call = guard(
    "le fautif remplace sa déclaration irrégulière qui attend une décision",
    "the offender replaces his irregular call awaiting a decision",
    "replaces_his_pending_call",
    {"and": [equals("event.seat", var("irregularity.offender")), _MAY_REPLACE_PENDING]},
    needs=("irregularity",),
)
pending_call_substituter = holder(
    "l'auteur de la déclaration irrégulière",
    "the maker of the irregular call",
    "pending_call_substituter",
    seats_if(
        {"and": [{"!=": [var("irregularity.offender"), None]}, _MAY_REPLACE_PENDING]}, var("irregularity.offender")
    ),
)
SUBSTITUTE_PENDING = Option(
    event="substitute",
    holder=pending_call_substituter,
    law="25A",
    fr="remplace sa déclaration non intentionnelle par celle qu'il voulait faire",
    en="replaces his unintended call by the one he meant",
)
hold_pending_substitution = action(
    "la substitution attend le jugement de l'arbitre",
    "the substitution awaits the Director's judgement",
    "hold_pending_substitution",
    [e_call("pending", into="replacement"), e_set("irregularity.comparable", var("event.comparable"))],
)
# 25A1: the intended call replaces the first, which is withdrawn (16C for partner, no 26B), and is made afresh:
# « assujettie à la Loi appropriée », it is classified as any call (out of rotation again: 29-32; 27; 38...).
apply_25A_to_pending_call = action(
    "la déclaration voulue remplace la déclaration irrégulière et est examinée selon la Loi appropriée",
    "the intended call replaces the irregular call and is dealt with under the appropriate law",
    "apply_25A_to_pending_call",
    [
        e_status(var("irregularity.n"), "withdrawn", "25A"),
        e_ui(var("irregularity.source"), [PARTNER]),
        e_with(var("irregularity.replacement_n"), [CLOSE, {"remake": {"n": var("")}}]),
    ],
)


def _cancel_substitute(n: Any) -> list[Any]:
    """25B2: the substitute numbered ``n`` is cancelled; 25B3 (16C) for partner, 26B unless it was comparable."""
    return [
        e_status(n, "cancelled", "25B2"),
        e_with({"call": [n]}, [e_ui(var("source"), [PARTNER])]),
        e_if(NOT_COMPARABLE, [e_with({"call": [n]}, [e_restrict(OFFENDER, var("source"))])]),
    ]


# 25B2: the substitute is cancelled (16C, 26B unless comparable) and the first irregular call is dealt with
# as it was, its option holder keeping his choice (29A, 27A1) over it.
apply_25B2_to_pending_call = action(
    "changement d'avis : la substitution est annulée, la déclaration irrégulière attend à nouveau sa décision",
    "a change of mind: the substitute is cancelled, the irregular call awaits its decision again",
    "apply_25B2_to_pending_call",
    [
        *_cancel_substitute(var("irregularity.replacement_n")),
        e_with(var("irregularity.n"), [CLOSE, {"remake": {"n": var("")}}]),
    ],
)

# --- 25A on the offender's call at his turn awaiting the 30B1 / 31B / 32B judgement (23A) ---------------------
# The judged call stands; its judgement is owed on « la déclaration » the offender makes « à son tour ». Changed
# under 25A, it is withdrawn (16C, 25B3; no 26B, 25A1) and the judgement goes back to wait for the new call,
# made afresh at his turn and judged in its turn once its own law has dealt with it (docs/readings.md). The
# next player's call held until the judgement (23A) waits now for the new call's ruling (9B2).
_HELD_N = var("irregularity.held_n")
apply_25A_to_judged_call = action(
    "la déclaration voulue remplace la déclaration à juger ; le jugement portera sur elle",
    "the intended call replaces the call to be judged; the judgement will bear on it",
    "apply_25A_to_judged_call",
    [
        e_status(var("irregularity.n"), "withdrawn", "25A"),
        e_ui(var("irregularity.source"), [PARTNER]),
        e_append("deferred", value=var("irregularity.deferred")),
        e_if(
            {"!=": [_HELD_N, None]},
            [
                e_append(
                    "held",
                    n=_HELD_N,
                    seat=field_of({"call": [_HELD_N]}, "seat"),
                    source=field_of({"call": [_HELD_N]}, "source"),
                    turn=var("irregularity.held_seat"),
                )
            ],
        ),
        e_with(var("irregularity.replacement_n"), [CLOSE, {"remake": {"n": var("")}}]),
    ],
)
# 25B2: the substitute is cancelled and the judged call awaits its judgement again, with the call held meanwhile.
apply_25B2_to_judged_call = action(
    "changement d'avis : la substitution est annulée, la déclaration attend à nouveau son jugement",
    "a change of mind: the substitute is cancelled, the call awaits its judgement again",
    "apply_25B2_to_judged_call",
    [*_cancel_substitute(var("irregularity.replacement_n")), e_set("irregularity.replacement", None)],
)

# --- 25A on a 27B replacement awaiting its comparability judgement (23A, 27B1(b)) --------------------------
# The replacement is the offender's call: changed under 25A it is withdrawn (16C, 25B3; no 26B, 25A1), and the
# new call replaces the insufficient bid in its place, under 27B (« assujettie à la Loi appropriée »): the
# lowest sufficient bid in the same denomination (27B1(a)), or a call the Director judges comparable or not
# (27B1(b), 27B2, 27B3). The substitute waits as the irregularity's held call, beside the replacement it changes.
_SUBSTITUTE_N = var("irregularity.held_n")
# While the replacement awaits its judgement no call is the irregularity's own held call: partner's is held as
# any call made while a ruling waits (9B2).
_PARTNER_HELD_9B2 = _PARTNER_HELD["or"][1]
replaces_his_replacement = guard(
    "le fautif change son remplacement, qui attend le jugement « comparable »",
    "the offender changes his replacement, awaiting the 'comparable' judgement",
    "replaces_his_replacement",
    {"and": [equals("event.seat", var("irregularity.offender")), {"!": _PARTNER_HELD_9B2}]},
    needs=("irregularity",),
)
replacement_substituter = holder(
    "l'auteur du remplacement qui attend le jugement",
    "the maker of the replacement awaiting the judgement",
    "replacement_substituter",
    seats_if(
        {"and": [{"!=": [var("irregularity.replacement"), None]}, {"!": _PARTNER_HELD_9B2}]},
        var("irregularity.offender"),
    ),
)
SUBSTITUTE_REPLACEMENT = Option(
    event="substitute",
    holder=replacement_substituter,
    law="25A",
    fr="remplace sa déclaration de remplacement non intentionnelle par celle qu'il voulait faire",
    en="replaces his unintended replacement by the one he meant",
)
hold_replacement_substitution = action(
    "la substitution attend le jugement de l'arbitre",
    "the substitution awaits the Director's judgement",
    "hold_replacement_substitution",
    [e_call("pending", into="held"), e_set("irregularity.comparable", var("event.comparable"))],
)
apply_25A_to_replacement = action(
    "la déclaration voulue prend la place du premier remplacement ; la Loi 27B s'y applique",
    "the intended call takes the first replacement's place; Law 27B applies to it",
    "apply_25A_to_replacement",
    [
        e_status(var("irregularity.replacement_n"), "withdrawn", "25A"),
        e_with({"call": [var("irregularity.replacement_n")]}, [e_ui(var("source"), [PARTNER])]),
        e_set("irregularity.replacement", None),
        e_with(_SUBSTITUTE_N, [e_set("irregularity.held", None), {"remake": {"n": var("")}}]),
    ],
)
apply_25B2_to_replacement = action(
    "changement d'avis : la substitution est annulée, le remplacement attend à nouveau son jugement",
    "a change of mind: the substitute is cancelled, the replacement awaits its judgement again",
    "apply_25B2_to_replacement",
    [*_cancel_substitute(_SUBSTITUTE_N), e_set("irregularity.held", None)],
)

# 25B1: the new call takes the first one's place, at the offender's turn: a judgement owed on the first call
# (30B1(b), 31B2, 32B2, after it ended the auction) falls on the new call, given while the auction goes on.
_JUDGEMENT_MOVES = {
    "update": {
        "in": "pending",
        "where": {"and": [{"==": [var("awaits"), "judgement"]}, {"==": [var("n"), _FIRST_N]}]},
        "field": "n",
        "value": ctx("irregularity.n"),
    }
}
# 25B1: the LHO accepts the change: the first call is withdrawn and the new call takes its place; the
# first call is UI to the offender's partner, and 26B applies unless the new call was judged comparable.
apply_25B1 = action(
    "changement accepté : la première déclaration est retirée (26B)",
    "change accepted: the first call is withdrawn (26B)",
    "apply_25B1",
    [
        {"reopen": {}},
        {"unsettle_exposed": {}},
        _JUDGEMENT_MOVES,
        e_with(
            ORIGINAL,
            [
                e_status(var("n"), "withdrawn", "25B1"),
                {"move_after": {"n": ctx("irregularity.n"), "after": var("n")}},
                *e_lead_back("25B1"),
                e_ui(var("source"), [PARTNER]),
                e_if(NOT_COMPARABLE, [e_restrict(OFFENDER, var("source"))]),
            ],
        ),
        DROP_CANCELLED_PENDING,
        CLOSE,
    ],
)
# 25B2: the change is cancelled and the first call stands (if it was the final pass, the auction ends
# again, and the end of the auction puts the reopened obligations aside once more). The cancelled call
# is UI to the offender's partner; 26B needs a defender: none after a pass-out (22B).
apply_25B2 = action(
    "changement non accepté : annulé, la première déclaration est maintenue (26B)",
    "change refused: cancelled, the first call stands (26B)",
    "apply_25B2",
    [
        {"reopen": {}},
        e_status(var("irregularity.n"), "cancelled", "25B2"),
        e_ui(var("irregularity.source"), [PARTNER]),
        e_if(
            {"and": [NOT_COMPARABLE, {"!": var("auction.passed_out")}]},
            [e_restrict(OFFENDER, var("irregularity.source"))],
        ),
        CLOSE,
    ],
)


# 25A6: the withdrawn call is authorized for his side, unauthorized for the opponents.
withdraw_later_call = action(
    "sa déclaration est retirée ; il déclare à nouveau",
    "his call is withdrawn; he calls again",
    "withdraw_later_call",
    _take_back("25A6", [{"lho": [var("seat")]}, {"rho": [var("seat")]}], "25A6"),
)
# 21B2: he is of the side that gave the misinformation: his withdrawn call is UI to his partner.
change_later_call = action(
    "sa déclaration est retirée (16C) ; il déclare à nouveau",
    "his call is withdrawn (16C); he calls again",
    "change_later_call",
    _take_back("21B2", [{"partner": [var("seat")]}]),
)


# The option holders of 25A: whoever may still replace his last call.
_PARTNER_SILENT_SEATS = {"filter": [SEATS_ALL, {"partner_silent": [var("")]}]}
may_substitute = holder(
    "un joueur dont le partenaire n'a pas déclaré depuis",
    "a player whose partner has not called since",
    "may_substitute",
    _PARTNER_SILENT_SEATS,
)
# After the final pass: nobody while a call after the final pass awaits the Director (9B2: he rules it first).
may_substitute_after_the_auction = holder(
    "un joueur dont le partenaire n'a pas déclaré depuis, aucune déclaration après le Passe final n'attendant l'arbitre",
    "a player whose partner has not called since, no call after the final pass awaiting the Director",
    "may_substitute_after_the_auction",
    {"if": [{"!=": [var("irregularity.n"), None]}, [], _PARTNER_SILENT_SEATS]},
)


# The LHO who called over the first call: he may take his call back after a 25A change (25A6), or change it
# after a 21B1 change (21B2); each right is offered under its own law.
def _withdrawer(law: str) -> Holder:
    return holder(
        f"l'adversaire de gauche qui a déclaré sur la première ({law})",
        f"the LHO who called over the first call ({law})",
        f"withdrawer_{law}",
        seats_if(
            {
                "and": [
                    {"!=": [var("table.withdrawable.seat"), None]},
                    equals("table.withdraw_law", law),
                    STILL_ON_RECORD,
                ]
            },
            var("table.withdrawable.seat"),
        ),
    )


withdrawer_25A6, withdrawer_21B2 = _withdrawer("25A6"), _withdrawer("21B2")


def _irregular_call_withdrawer(law: str) -> Holder:
    return holder(
        "l'adversaire de gauche dont la déclaration est devenue irrégulière",
        "the LHO whose call became irregular",
        f"irregular_call_withdrawer_{law}",
        seats_if(
            {
                "and": [
                    {"!=": [var("table.withdrawable.n"), None]},
                    equals("irregularity.n", var("table.withdrawable.n")),
                    equals("table.withdraw_law", law),
                ]
            },
            var("table.withdrawable.seat"),
        ),
    )


WITHDRAWER_25A6 = _irregular_call_withdrawer("25A6")
WITHDRAWER_21B2 = _irregular_call_withdrawer("21B2")


_SUFFICIENT = Not(
    later_call_made_insufficient,
    "aucune déclaration suivante ne devient insuffisante",
    "no later call becomes insufficient",
)
_ADMISSIBLE = Not(
    later_call_made_inadmissible,
    "aucun contre ou surcontre suivant ne devient inadmissible",
    "no later double or redouble becomes inadmissible",
)
# The change of call on the table: of a standing call (kind ``change``), or of an irregular call that waited
# for its option holder (25A on a call out of rotation or insufficient), kept with its own kind.
change_of_standing_call = guard(
    "changement d'une déclaration maintenue",
    "a change of a standing call",
    "change_of_standing_call",
    equals("irregularity.kind", CallKind.CHANGE.name.lower()),
    needs=("irregularity",),
)
# The offender's call at his turn awaiting its judgement (23A), kept with its kind ``judged``.
change_of_judged_call = guard(
    "changement de la déclaration du fautif à son tour, qui attend le jugement « comparable »",
    "a change of the offender's call at his turn, awaiting the 'comparable' judgement",
    "change_of_judged_call",
    equals("irregularity.kind", CallKind.JUDGED.name.lower()),
    needs=("irregularity",),
)
# A 27B replacement awaiting its judgement (23A): the substitute is the irregularity's held call.
change_of_replacement = guard(
    "changement du remplacement d'une enchère insuffisante, qui attend le jugement « comparable »",
    "a change of the replacement of an insufficient bid, awaiting the 'comparable' judgement",
    "change_of_replacement",
    {"and": [equals("irregularity.kind", CallKind.INSUFFICIENT.name.lower()), {"!=": [_SUBSTITUTE_N, None]}]},
    needs=("irregularity",),
)
ON_PENDING_CALL = guard(
    "changement d'une déclaration irrégulière en attente",
    "a change of an irregular call still awaiting its ruling",
    "change_of_pending_call",
    {
        "and": [
            {"!": {"in": [var("irregularity.kind"), [CallKind.CHANGE.name.lower(), CallKind.JUDGED.name.lower()]]}},
            {"==": [_SUBSTITUTE_N, None]},
        ]
    },
    needs=("irregularity",),
)
UNINTENDED_ON_PENDING_CALL = all_of(judged("unintended", True), ON_PENDING_CALL)
INTENDED_ON_PENDING_CALL = all_of(judged("unintended", False), ON_PENDING_CALL)
UNINTENDED_ON_JUDGED_CALL = all_of(judged("unintended", True), change_of_judged_call)
INTENDED_ON_JUDGED_CALL = all_of(judged("unintended", False), change_of_judged_call)
UNINTENDED_ON_REPLACEMENT = all_of(judged("unintended", True), change_of_replacement)
INTENDED_ON_REPLACEMENT = all_of(judged("unintended", False), change_of_replacement)
_REGULAR = NEW_CALL_REGULAR_IN_PLACE
UNINTENDED_SUFFICIENT = all_of(
    change_of_standing_call, judged("unintended", True), NOT_ABOVE_SEVEN, _REGULAR, _SUFFICIENT, _ADMISSIBLE
)
UNINTENDED_INADMISSIBLE = all_of(
    change_of_standing_call, judged("unintended", True), NOT_ABOVE_SEVEN, _REGULAR, later_call_made_inadmissible
)
UNINTENDED_INSUFFICIENT = all_of(
    change_of_standing_call, judged("unintended", True), NOT_ABOVE_SEVEN, _REGULAR, later_call_made_insufficient
)
UNINTENDED_IRREGULAR_IN_PLACE = all_of(
    change_of_standing_call, judged("unintended", True), NOT_ABOVE_SEVEN, new_call_irregular_in_place
)
UNINTENDED_ABOVE_SEVEN = all_of(change_of_standing_call, judged("unintended", True), new_call_above_seven)
MISINFORMED_SUFFICIENT = all_of(
    change_of_standing_call, judged("misinformation", True), NOT_ABOVE_SEVEN, _REGULAR, _SUFFICIENT, _ADMISSIBLE
)
MISINFORMED_INADMISSIBLE = all_of(
    change_of_standing_call, judged("misinformation", True), NOT_ABOVE_SEVEN, _REGULAR, later_call_made_inadmissible
)
MISINFORMED_INSUFFICIENT = all_of(
    change_of_standing_call, judged("misinformation", True), NOT_ABOVE_SEVEN, _REGULAR, later_call_made_insufficient
)
MISINFORMED_IRREGULAR_IN_PLACE = all_of(
    change_of_standing_call, judged("misinformation", True), NOT_ABOVE_SEVEN, new_call_irregular_in_place
)
MISINFORMED_ABOVE_SEVEN = all_of(change_of_standing_call, judged("misinformation", True), new_call_above_seven)
JUDGED_INTENDED = all_of(change_of_standing_call, judged("unintended", False), NOT_ABOVE_SEVEN)
JUDGED_INTENDED_ABOVE_SEVEN = all_of(change_of_standing_call, judged("unintended", False), new_call_above_seven)

MODULE = LawModule(
    name="changes",
    rank=30,
    laws="21, 25",
    states=[
        StateSpec(name=STATE, law="25", fr="Changement de déclaration", en="Change of call", waiting=True),
        StateSpec(name=INTENDED, law="25B", fr="Déclaration intentionnelle", en="Call intended", waiting=True),
    ],
    rules=[
        *[
            Rule(
                event="substitute",
                source=source,
                dest=STATE,
                law="25A",
                fr="le fautif remplace sa déclaration irrégulière avant que son partenaire déclare",
                en="the offender replaces his irregular call before his partner calls",
                guards=(replaces_his_pending_call,),
                actions=(hold_pending_substitution,),
                cites=("25A1", "25A3", "25A4"),
            )
            for source in PENDING_IRREGULAR
        ],
        *[
            Rule(
                event="substitute",
                source=source,
                dest=None,
                law="25A",  # the state's one law for a substitution, so that any other refusal cites it too
                fr="le partenaire a déclaré depuis, sa déclaration retenue : refusé",
                en="partner has called since, his call held: refused",
                guards=(partner_call_held,),
                actions=(refuse_after_partner,),
                cites=("25A4",),
            )
            for source in PENDING_IRREGULAR
        ],
        Rule(
            event="substitute",
            source=RULING_27,
            dest=STATE,
            law="25A",
            fr="le fautif change son remplacement avant que son partenaire déclare",
            en="the offender changes his replacement before his partner calls",
            guards=(replaces_his_replacement,),
            actions=(hold_replacement_substitution,),
            cites=("25A1", "25A3", "25A4"),
        ),
        Rule(
            event="substitute",
            source=RULING_27,
            dest=None,
            law="25A",
            fr="le partenaire a déclaré depuis, sa déclaration retenue : refusé",
            en="partner has called since, his call held: refused",
            guards=(partner_call_held,),
            actions=(refuse_after_partner,),
            cites=("25A4",),
        ),
        Rule(
            event="judge",
            source=STATE,
            dest="auction.calling",
            law="25A",
            fr="non intentionnelle : la déclaration voulue remplace la déclaration à juger, et sera jugée",
            en="unintended: the intended call replaces the call to be judged, and will be judged",
            guards=(UNINTENDED_ON_JUDGED_CALL,),
            actions=(apply_25A_to_judged_call,),
            ruling=True,
            cites=("25A1", "25B3", "16C", "23A"),
        ),
        Rule(
            event="judge",
            source=STATE,
            dest=JUDGED_RULING,
            law="25B2",
            fr="intentionnelle : la substitution est annulée, la déclaration attend son jugement",
            en="intended: the substitute is cancelled, the call awaits its judgement",
            guards=(INTENDED_ON_JUDGED_CALL,),
            actions=(apply_25B2_to_judged_call,),
            ruling=True,
            cites=("25B3", "16C", "26B", "26A"),
        ),
        Rule(
            event="judge",
            source=STATE,
            dest=REPLACEMENT_27,
            law="25A",
            fr="non intentionnelle : le remplacement voulu remplace l'enchère insuffisante, selon la Loi 27B",
            en="unintended: the intended replacement replaces the insufficient bid, under Law 27B",
            guards=(UNINTENDED_ON_REPLACEMENT,),
            actions=(apply_25A_to_replacement,),
            ruling=True,
            cites=("25A1", "25B3", "16C", "27B"),
        ),
        Rule(
            event="judge",
            source=STATE,
            dest=RULING_27,
            law="25B2",
            fr="intentionnelle : la substitution est annulée, le remplacement attend son jugement",
            en="intended: the substitute is cancelled, the replacement awaits its judgement",
            guards=(INTENDED_ON_REPLACEMENT,),
            actions=(apply_25B2_to_replacement,),
            ruling=True,
            cites=("25B3", "16C", "26B", "26A"),
        ),
        Rule(
            event="judge",
            source=STATE,
            dest="auction.calling",
            law="25A",
            fr="non intentionnelle : la déclaration voulue la remplace, selon la Loi appropriée",
            en="unintended: the intended call replaces it, under the appropriate law",
            guards=(UNINTENDED_ON_PENDING_CALL,),
            actions=(apply_25A_to_pending_call,),
            ruling=True,
            cites=("25A1", "16C"),
        ),
        Rule(
            event="judge",
            source=STATE,
            dest="auction.calling",
            law="25B2",
            fr="intentionnelle : la substitution est annulée, la déclaration irrégulière est examinée",
            en="intended: the substitute is cancelled, the irregular call is dealt with",
            guards=(INTENDED_ON_PENDING_CALL,),
            actions=(apply_25B2_to_pending_call,),
            ruling=True,
            cites=("25B3", "16C", "26B", "26A"),
        ),
        Rule(
            event="call",
            source="auction.calling",
            dest=STATE,
            law="25",
            fr="déclaration au tour de l'adversaire de gauche, juste après la sienne",
            en="call at his LHO's turn right after his own",
            guards=(KIND_GUARDS[CallKind.CHANGE],),
            actions=(hold_irregular_call, apply_ruled_misinformation),
            # « considéré comme un changement de déclaration. La Loi 25 s'applique » (30B2, 31C, 32C)
            cites=("30B2", "31C", "32C"),
        ),
        Rule(
            event="substitute",
            source="auction.calling",
            dest=STATE,
            law="25",
            fr="le joueur remplace sa dernière déclaration",
            en="the player replaces his last call",
            guards=(own_call_partner_silent,),
            actions=(hold_substitution, apply_ruled_misinformation),
        ),
        Rule(
            event="substitute",
            source="clarification",
            dest=STATE,
            law="25A5",
            fr="après le passe final, le partenaire n'ayant pas déclaré depuis",
            en="after the final pass, partner not having called since",
            guards=(own_call_partner_silent,),
            actions=(hold_substitution, apply_ruled_misinformation),
        ),
        Rule(
            event="substitute",
            source="passed_out",
            dest=STATE,
            law="25A5",
            fr="donne passée, mains pas encore dans l'étui, le partenaire n'ayant pas déclaré depuis",
            en="passed out, hands not yet in the board, partner not having called since",
            guards=(own_call_partner_silent,),
            actions=(hold_substitution, apply_ruled_misinformation),
            cites=("22B", "17D2"),
        ),
        *[
            Rule(
                event="substitute",
                source=source,
                dest=None,
                law="25A4",
                fr="le partenaire a déclaré depuis : refusé",
                en="partner has called since: refused",
                guards=(partner_called_since,),
                actions=(refuse_after_partner,),
            )
            for source in ("auction.calling", "clarification", "passed_out")
        ],
        *[
            Rule(
                event="substitute",
                source=source,
                dest=None,
                law="25A5",
                fr="la période des annonces est finie : refusé",
                en="the auction period is over: refused",
                actions=(refuse_after_auction_period,),
                cites=("17D1", "17D2"),
            )
            for source in ("play", "lead_out_of_turn", "returned")
        ],
        Rule(
            event="judge",
            source="auction.calling",
            dest=None,
            law="21B1",
            fr="information erronée jugée avant le changement",
            en="misinformation judged before the change",
            guards=(judged("misinformation", True),),
            actions=(note_misinformation,),
            # 20F4(b) « l'arbitre applique la Loi 21B », 20F6 « voir, selon le cas, Loi 21 »
            cites=("21B1(a)", "20F4(b)", "20F6"),
        ),
        Rule(
            event="judge",
            source="clarification",
            dest=None,
            law="21B1",
            fr="information erronée jugée avant le changement",
            en="misinformation judged before the change",
            guards=(judged("misinformation", True),),
            actions=(note_misinformation,),
            # 20F4(b) « l'arbitre applique la Loi 21B », 20F6 « voir, selon le cas, Loi 21 »
            cites=("21B1(a)", "20F4(b)", "20F6"),
        ),
        Rule(
            event="judge",
            source="passed_out",
            dest=None,
            law="21B1",
            fr="information erronée jugée avant le changement",
            en="misinformation judged before the change",
            guards=(judged("misinformation", True),),
            actions=(note_misinformation,),
            # 20F4(b) « l'arbitre applique la Loi 21B », 20F6 « voir, selon le cas, Loi 21 »
            cites=("21B1(a)", "20F4(b)", "20F6"),
        ),
        Rule(
            event="director",
            source=STATE,
            dest=None,
            law="25",
            fr="l'arbitre est appelé",
            en="the Director is called",
            guards=(NOTHING_PENDING,),
            actions=(note_director,),
        ),
        Rule(
            event="judge",
            source=STATE,
            dest="auction.calling",
            law="25A",
            fr="non intentionnelle : la déclaration voulue est maintenue",
            en="unintended: the intended call stands",
            guards=(UNINTENDED_SUFFICIENT,),
            actions=(apply_25A,),
            ruling=True,
            cites=("25A1", "16C"),
        ),
        Rule(
            event="judge",
            source=STATE,
            dest="auction.calling",
            law="25A",
            fr="non intentionnelle : à sa place la déclaration voulue est irrégulière ; elle est faite à nouveau",
            en="unintended: in its place the intended call is irregular; it is made afresh",
            guards=(UNINTENDED_IRREGULAR_IN_PLACE,),
            actions=(apply_25A_irregular_in_place,),
            ruling=True,
            cites=("25A1", "25A6", "16C"),
        ),
        Rule(
            event="judge",
            source=STATE,
            dest="auction.calling",
            law="21B1",
            fr="information erronée : à sa place la nouvelle déclaration est irrégulière ; elle est faite à nouveau",
            en="misinformation: in its place the new call is irregular; it is made afresh",
            guards=(MISINFORMED_IRREGULAR_IN_PLACE,),
            actions=(apply_21B1_irregular_in_place,),
            ruling=True,
            cites=("21B1(a)", "21B2", "16C"),
        ),
        Rule(
            event="judge",
            source=STATE,
            dest="auction.insufficient_bid",
            law="25A",
            fr="non intentionnelle : l'enchère suivante de l'adversaire de gauche devient insuffisante",
            en="unintended: the LHO's later bid becomes insufficient",
            guards=(UNINTENDED_INSUFFICIENT,),
            actions=(apply_25A, later_call_insufficient),
            ruling=True,
            cites=("25A1", "16C", "25A6", "18D"),
        ),
        Rule(
            event="judge",
            source=STATE,
            dest="auction.calling",
            law="21B1",
            fr="information erronée : la déclaration est changée",
            en="misinformation: the call is changed",
            guards=(MISINFORMED_SUFFICIENT,),
            actions=(apply_21B1,),
            ruling=True,
            cites=("21B1(a)",),
        ),
        Rule(
            event="judge",
            source=STATE,
            dest="auction.insufficient_bid",
            law="21B1",
            fr="information erronée : l'enchère suivante de l'adversaire de gauche devient insuffisante",
            en="misinformation: the LHO's later bid becomes insufficient",
            guards=(MISINFORMED_INSUFFICIENT,),
            actions=(apply_21B1, later_call_insufficient),
            ruling=True,
            cites=("21B1(a)", "21B2", "18D"),
        ),
        Rule(
            event="judge",
            source=STATE,
            dest=INADMISSIBLE,
            law="25A",
            fr="non intentionnelle : le contre ou surcontre suivant de l'adversaire de gauche devient inadmissible",
            en="unintended: the LHO's later double or redouble becomes inadmissible",
            guards=(UNINTENDED_INADMISSIBLE,),
            actions=(apply_25A, later_call_inadmissible),
            ruling=True,
            cites=("25A1", "16C", "25A6", "19A1", "19B1", "35"),
        ),
        Rule(
            event="judge",
            source=STATE,
            dest=INADMISSIBLE,
            law="21B1",
            fr="information erronée : le contre ou surcontre suivant de l'adversaire de gauche devient inadmissible",
            en="misinformation: the LHO's later double or redouble becomes inadmissible",
            guards=(MISINFORMED_INADMISSIBLE,),
            actions=(apply_21B1, later_call_inadmissible),
            ruling=True,
            cites=("21B1(a)", "21B2", "19A1", "19B1", "35"),
        ),
        Rule(
            event="judge",
            source=STATE,
            dest=None,
            law="21B1",
            fr="pas d'information erronée : reste la question de la Loi 25",
            en="no misinformation: the Law 25 question remains",
            guards=(change_of_standing_call, judged("misinformation", False)),
            outcome=("la question de la Loi 25 reste posée", "the Law 25 question remains"),
            cites=("21A",),  # « aucun recours » under 21B
        ),
        Rule(
            event="judge",
            source=STATE,
            dest=INTENDED,
            law="25B",
            fr="intentionnelle : l'adversaire de gauche peut l'accepter",
            en="intended: the LHO may accept it",
            guards=(JUDGED_INTENDED,),
            outcome=("l'adversaire de gauche peut accepter le changement", "the LHO may accept the change"),
        ),
        Rule(
            event="judge",
            source=STATE,
            dest=ABOVE_SEVEN,
            law="25B2",
            fr="intentionnelle, enchère au-delà de sept : non acceptable, la première est maintenue ; Loi 38",
            en="intended, a bid above seven: it cannot be accepted, the first call stands; Law 38",
            guards=(JUDGED_INTENDED_ABOVE_SEVEN,),
            actions=(hold_intended_above_seven,),
            ruling=True,
            cites=("38A", "38B"),
        ),
        Rule(
            event="judge",
            source=STATE,
            dest=ABOVE_SEVEN,
            law="25A",
            fr="non intentionnelle, la déclaration voulue est une enchère au-delà de sept : Loi 38",
            en="unintended, the intended call is a bid above seven: Law 38",
            guards=(UNINTENDED_ABOVE_SEVEN,),
            actions=(apply_25A_above_seven,),
            ruling=True,
            cites=("25A1", "16C", "38"),
        ),
        Rule(
            event="judge",
            source=STATE,
            dest=ABOVE_SEVEN,
            law="21B1",
            fr="information erronée, la nouvelle déclaration est une enchère au-delà de sept : Loi 38",
            en="misinformation, the new call is a bid above seven: Law 38",
            guards=(MISINFORMED_ABOVE_SEVEN,),
            actions=(apply_21B1_above_seven,),
            ruling=True,
            cites=("21B1(a)", "16C", "38"),
        ),
        Rule(
            event="director",
            source=INTENDED,
            dest=None,
            law="25B",
            fr="l'arbitre est appelé",
            en="the Director is called",
            guards=(NOTHING_PENDING,),
            actions=(note_director,),
        ),
        Rule(
            event="accept",
            source=INTENDED,
            dest="auction.calling",
            law="25B1",
            fr="l'adversaire de gauche accepte le changement",
            en="the LHO accepts the change",
            guards=(by_offender_lho,),
            actions=(apply_25B1,),
            ruling=True,
            cites=("16C", "26B", "26A"),
        ),
        Rule(
            event="call",
            source=INTENDED,
            dest="auction.calling",
            law="25B1",
            fr="l'adversaire de gauche déclare : il accepte le changement",
            en="the LHO calls: he accepts the change",
            guards=(by_offender_lho,),
            actions=(apply_25B1, then_his_call),
            ruling=True,
            cites=("16C", "26B", "26A"),
        ),
        Rule(
            event="refuse",
            source=INTENDED,
            dest="auction.calling",
            law="25B2",
            fr="l'adversaire de gauche n'accepte pas le changement",
            en="the LHO refuses the change",
            guards=(by_offender_lho,),
            actions=(apply_25B2,),
            ruling=True,
            cites=("16C", "26B", "26A"),
        ),
        Rule(
            event="withdraw",
            source="auction.calling",
            dest=None,
            law="25A6",
            fr="l'adversaire de gauche reprend la déclaration faite sur la première",
            en="the LHO takes back the call he made over the first one",
            guards=(MAY_WITHDRAW,),
            actions=(withdraw_later_call,),
            ruling=True,
        ),
        Rule(
            event="withdraw",
            source="auction.calling",
            dest=None,
            law="21B2",
            fr="l'adversaire de gauche change sa déclaration suivante",
            en="the LHO changes his later call",
            guards=(MAY_CHANGE,),
            actions=(change_later_call,),
            ruling=True,
        ),
        *[
            Rule(
                event="withdraw",
                source=source,
                dest="auction.calling",
                law=law,
                fr=f"l'adversaire de gauche {verb_fr} {what_fr}",
                en=f"the LHO {verb_en} {what_en}",
                guards=(may, takes_back_the_call_made_irregular),
                actions=(take_back, drop_irregular_later_call),
                ruling=True,
            )
            for source, what_fr, what_en in (
                (OFFERED_27, "son enchère devenue insuffisante", "his bid made insufficient"),
                (
                    INADMISSIBLE_OFFERED,
                    "son contre ou surcontre devenu inadmissible",
                    "his double or redouble made inadmissible",
                ),
            )
            for law, verb_fr, verb_en, may, take_back in (
                ("25A6", "reprend", "takes back", MAY_WITHDRAW, withdraw_later_call),
                ("21B2", "change", "changes", MAY_CHANGE, change_later_call),
            )
        ],
        Rule(
            event="withdraw",
            source="auction",
            dest=None,
            law="25A6",
            fr="rien à reprendre (25A6)",
            en="nothing to take back (25A6)",
            guards=(NOTHING_25A6[0],),
            actions=(NOTHING_25A6[1],),
        ),
        Rule(
            event="withdraw",
            source="auction",
            dest=None,
            law="21B2",
            fr="rien à changer (21B2)",
            en="nothing to change (21B2)",
            guards=(NOTHING_21B2[0],),
            actions=(NOTHING_21B2[1],),
        ),
        Rule(
            event="call_stands",
            source="auction",
            dest=None,
            law="25A6",
            fr="un autre joueur a déclaré : l'adversaire de gauche ne peut plus reprendre",
            en="another player called: the LHO may no longer take back",
            guards=(_window_closes("25A6"),),
            actions=(take_back_window_closes,),
        ),
        Rule(
            event="call_stands",
            source="auction",
            dest=None,
            law="21B2",
            fr="un autre joueur a déclaré : l'adversaire de gauche ne peut plus changer",
            en="another player called: the LHO may no longer change",
            guards=(_window_closes("21B2"),),
            actions=(take_back_window_closes,),
        ),
        Rule(
            event="call_stands",
            source="auction",
            dest=None,
            law="21B1",
            fr="une déclaration est faite : le jugement ne vaut que pour elle",
            en="a call is made: the judgement was for it only",
            guards=(misinformation_pending,),
            actions=(misinformation_window_closes,),
        ),
    ],
    options={
        **{
            source: [SUBSTITUTE_PENDING]
            for source in PENDING_IRREGULAR
            if source not in (OFFERED_27, INADMISSIBLE_OFFERED)
        },
        "auction.calling": [
            Option(
                event="judge",
                holder=None,
                law="21B1",
                fr="l'arbitre juge qu'une déclaration a pu être influencée par une information erronée",
                en="the Director judges that a call may have been influenced by misinformation",
            ),
            Option(
                event="substitute",
                holder=may_substitute,
                law="25A",
                fr="remplace sa déclaration non intentionnelle tant que son partenaire n'a pas déclaré",
                en="replaces his unintended call while his partner has not called",
            ),
            Option(
                event="withdraw",
                holder=withdrawer_25A6,
                law="25A6",
                fr="reprend la déclaration faite sur la déclaration changée",
                en="takes back the call he made over the changed call",
            ),
            Option(
                event="withdraw",
                holder=withdrawer_21B2,
                law="21B2",
                fr="change la déclaration faite sur la déclaration changée",
                en="changes the call he made over the changed call",
            ),
        ],
        "clarification": [
            Option(
                event="judge",
                holder=None,
                law="21B1",
                fr="l'arbitre juge qu'une déclaration a pu être influencée par une information erronée",
                en="the Director judges that a call may have been influenced by misinformation",
            ),
            Option(
                event="substitute",
                holder=may_substitute_after_the_auction,
                law="25A5",
                fr="remplace sa déclaration non intentionnelle jusqu'à l'entame faite face visible, son partenaire n'ayant pas déclaré depuis",
                en="replaces his unintended call until the lead is faced, his partner not having called since",
            ),
        ],
        "passed_out": [
            Option(
                event="judge",
                holder=None,
                law="21B1",
                fr="l'arbitre juge qu'une déclaration a pu être influencée par une information erronée",
                en="the Director judges that a call may have been influenced by misinformation",
            ),
            Option(
                event="substitute",
                holder=may_substitute,
                law="25A5",
                fr="remplace sa déclaration non intentionnelle tant que les mains ne sont pas dans l'étui, son partenaire n'ayant pas déclaré depuis",
                en="replaces his unintended call until the hands are back in the board, his partner not having called since",
            ),
        ],
        RULING_27: [SUBSTITUTE_REPLACEMENT],
        OFFERED_27: [
            SUBSTITUTE_PENDING,
            Option(
                event="withdraw",
                holder=WITHDRAWER_25A6,
                law="25A6",
                fr="reprend son enchère devenue insuffisante par le changement",
                en="takes back his bid made insufficient by the change",
            ),
            Option(
                event="withdraw",
                holder=WITHDRAWER_21B2,
                law="21B2",
                fr="change son enchère devenue insuffisante par le changement",
                en="changes his bid made insufficient by the change",
            ),
        ],
        INADMISSIBLE_OFFERED: [
            SUBSTITUTE_PENDING,
            Option(
                event="withdraw",
                holder=WITHDRAWER_25A6,
                law="25A6",
                fr="reprend son contre ou surcontre devenu inadmissible par le changement",
                en="takes back his double or redouble made inadmissible by the change",
            ),
            Option(
                event="withdraw",
                holder=WITHDRAWER_21B2,
                law="21B2",
                fr="change son contre ou surcontre devenu inadmissible par le changement",
                en="changes his double or redouble made inadmissible by the change",
            ),
        ],
        STATE: [
            Option(
                event="judge",
                holder=None,
                law="25A",
                fr="l'arbitre juge si la première déclaration était non intentionnelle",
                en="the Director judges whether the first call was unintended",
            ),
            Option(
                event="judge",
                holder=None,
                law="21B1",
                fr="l'arbitre juge si la première déclaration était fondée sur une information erronée",
                en="the Director judges whether the first call was based on misinformation",
            ),
        ],
        INTENDED: [
            Option(
                event="call",
                holder=parties.offender_lho,
                law="25B1",
                fr="accepte le changement en déclarant",
                en="accepts the change by calling",
            ),
            Option(
                event="accept",
                holder=parties.offender_lho,
                law="25B1",
                fr="accepte le changement",
                en="accepts the change",
            ),
            Option(
                event="refuse",
                holder=parties.offender_lho,
                law="25B2",
                fr="n'accepte pas le changement : la première déclaration est maintenue",
                en="refuses the change: the first call stands",
            ),
        ],
    },
)
