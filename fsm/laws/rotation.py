"""Laws 16C2, 17D3, 28–34: calls out of rotation.

A pass, a bid or a double out of rotation each waits in its own state (30, 31, 32) for the
offender's LHO, who may accept it by calling (29A). The player whose turn it was, when he is
the offender's RHO, may call instead: the call out of rotation is cancelled without
rectification (28B). Otherwise it is cancelled and the turn goes back to that player (29B),
with what Laws 30, 31 and 32 leave behind, by whose turn it was:

- at the RHO's turn: a pass obliges the offender to pass at his next turn (30A); after a bid
  or a double, if the RHO passes the offender must repeat his call (31A1, 32A1), and if the RHO
  calls, the offender's next call is judged comparable or not (31A2, 32A2);
- at partner's turn, or at the LHO's when the offender had not called: partner is free (16C2)
  and the offender's next call is judged comparable or not (30B1, 31B, 32B);
- comparable: no further rectification (23C), and no 26B (26A); from then on the cancelled call is
  no unauthorized information (23B « La Loi 16C2 ne s'applique pas »), even when partner has
  already called under 16C2 (30B1(a), 31B1, 32B1): that call is the Director's under 23C; not
  comparable: partner passes at his next turn, 26B and 72C.

The judgement falls on the call the offender makes at his turn, as it stands once its own
rectification is over (accepted 27A1, replaced 27B, 36B, 38): it comes with the call
(``comparable``) or in ``auction.ruling``, where a call by the next player is held until it is
given. When that call ends the auction (22A), the auction ends and the judgement, which then
bears only on 26B and the review, is given in the clarification period (``pending``); when it
passes the board out (22B), it has no object left.

A call by the offender's partner before the LHO has chosen (and before the Director comes) is
held: 29A leaves the choice to the LHO alone. Once he has chosen, the held call is made afresh
against the auction as it then stands; if he chose by calling, the held call was made at his
turn and his call in turn cancels it (28B); the RHO's call in turn cancels both (28B).

A call at the turn of a player required to pass, by his LHO, is in rotation (28A). A call (a
pass included) followed by three passes, one of which skipped a player, does not end the
auction (17D3, 34). After a bid, the passes are cancelled at once. With no bid, four passes wait
(``auction.unnoticed_skip``): the hands returned before anyone notices end the board passed out,
with no rectification (17D2; the WBF commentary on Law 17, example 14), as they do while the
pass out of rotation still awaits its LHO; the Director called, or a call made, applies 17D3. A call made at the same time as the in-turn call is deemed made after it
(33): the events' order says which.
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
    e_remove,
    e_review,
    e_set,
    e_status,
    e_ui,
    e_with,
)
from fsm.bridge.records import PASS_NEXT_TURN, REPEAT_CALL, CallKind
from fsm.laws import parties
from fsm.laws.acceptance import (
    NOTHING_PENDING,
    accept_irregular_call,
    acceptance_rules,
    by_offender_lho,
    director_present,
    note_director,
    then_his_call,
)
from fsm.laws.classify import KIND_GUARDS, hold_irregular_call
from fsm.laws.exposed import back_to_hand
from fsm.laws.normal import a_player_deprived, end_auction, record_call
from fsm.laws.spec import (
    Action,
    Guard,
    LawModule,
    Not,
    Option,
    Rule,
    StateSpec,
    action,
    ctx,
    equals,
    field_of,
    guard,
    holder,
    seats_if,
    var,
)
from fsm.laws.withdrawn import CARRIES, e_bar, e_restrict, judged

PASS_STATE = "auction.pass_out_of_rotation"
BID_STATE = "auction.bid_out_of_rotation"
DOUBLE_STATE = "auction.double_out_of_rotation"
RULING = "auction.ruling"
UNNOTICED = "auction.unnoticed_skip"


# --- guards ---------------------------------------------------------------------------------
at_rho_turn = guard(
    "c'était au tour de l'adversaire de droite du fautif",
    "it was the offender's RHO's turn",
    "at_rho_turn",
    equals("irregularity.relation", "RHO"),
)
AT_OTHER_TURN = Not(
    at_rho_turn,
    "c'était au tour du partenaire, ou de l'adversaire de gauche avant que le fautif ait déclaré",
    "it was partner's turn, or the LHO's before the offender had called",
)
by_player_whose_turn_it_was = guard(
    "par le joueur dont c'était le tour",
    "by the player whose turn it was",
    "by_player_whose_turn_it_was",
    {
        "and": [
            equals("event.seat", var("irregularity.turn")),
            {"!=": [var("event.seat"), var("irregularity.offender_lho")]},
        ]
    },
)
BEFORE_DIRECTOR = Not(director_present, "avant l'arbitrage", "before the ruling")
by_offender_partner = guard(
    "par le partenaire du fautif",
    "by the offender's partner",
    "by_offender_partner",
    equals("event.seat", {"partner": [var("irregularity.offender")]}),
)
call_held = guard(
    "une déclaration est retenue", "a call is held", "call_held", {"!=": [var("irregularity.held"), None]}
)
NOTHING_HELD = Not(call_held, "aucune déclaration retenue", "no call held")
by_next_player = guard(
    "par le joueur dont c'est le tour",
    "by the player whose turn it is",
    "by_next_player",
    equals("event.seat", var("auction.turn")),
)


# --- actions ---------------------------------------------------------------------------------
OFFENDER = var("irregularity.offender")
PARTNER = {"partner": [OFFENDER]}
SOURCE = var("irregularity.source")
HELD_N = var("irregularity.held_n")


def _cancel(law: str = "29B") -> dict[str, Any]:
    """29B: the call out of rotation is cancelled; the turn goes back to the player whose turn it was
    (the irregularity is closed, ``CLOSE``, once what the cancelled call leaves behind is written)."""
    return e_status(var("irregularity.n"), "cancelled", law)


# 28B: the held call is cancelled without rectification; it is UI to its maker's partner (16C2).
CANCEL_HELD = e_if(
    {"!=": [HELD_N, None]},
    [
        e_status(HELD_N, "cancelled", "28B"),
        e_ui(var("irregularity.held_source"), [{"partner": [var("irregularity.held_seat")]}], "16C2"),
    ],
)

# 28B: the right to rectification is forfeited; O's cancelled call is UI to his partner (16C2).
# A call his partner made meanwhile, held, is an opponent's call out of rotation not yet ruled on
# either: the in-turn call cancels it in the same way.
cancel_forfeited = action(
    "la déclaration hors tour est annulée sans rectification (16C2)",
    "the call out of rotation is cancelled without rectification (16C2)",
    "cancel_forfeited",
    [_cancel("28B"), e_ui(SOURCE, [PARTNER], "16C2"), CANCEL_HELD, CLOSE],
)

# A call made before the LHO chose (29A) or the Director judged (23A): held, neither standing nor cancelled.
HOLD = [e_call("pending", into="held")]
hold_partner_call = action(
    "la déclaration du partenaire est retenue jusqu'au choix de l'adversaire de gauche (29A)",
    "the partner's call is held until the LHO has chosen (29A)",
    "hold_partner_call",
    HOLD,
)
hold_call_before_judgement = action(
    "la déclaration est retenue jusqu'au jugement de l'arbitre",
    "the call is held until the Director's judgement",
    "hold_call_before_judgement",
    HOLD,
)
cancel_held_28B = action(
    "la déclaration retenue, faite au tour de l'adversaire de gauche, est annulée par sa déclaration (28B)",
    "the held call, made at the LHO's turn, is cancelled by his call (28B)",
    "cancel_held_28B",
    [e_if({"!=": [HELD_N, None]}, [CANCEL_HELD, e_set("irregularity.held", None)])],
)
# The held call, found by its number (``irregularity.held_n``, never a search of the record), leaves the record
# and is made afresh once the ruling is over: classified against the auction as the ruling left it
# (29B, 23A). It runs before the ruling's own actions, which close the irregularity that numbers it.
release_held_call = action(
    "la déclaration retenue, s'il y en a une, sera examinée ensuite telle qu'elle se présentera",
    "the call held, if any, will then be dealt with as it then stands",
    "release_held_call",
    [e_if({"!=": [HELD_N, None]}, [{"remake": {"n": HELD_N}}])],
)
# 30A: the offender passes at his next turn; the cancelled pass is information for partner (16C2);
# the Director may adjust (72C); with the setting, 26B follows as after a forced repeat.
apply_30A = action(
    "annulé ; le fautif passera à son prochain tour (72C)",
    "cancelled; the offender will pass at his next turn (72C)",
    "apply_30A",
    [
        _cancel(),
        e_bar(OFFENDER, PASS_NEXT_TURN, "30A"),
        e_ui(SOURCE, [PARTNER], "16C2"),
        *e_review("72C"),
        e_if(var("settings.lead_restriction_after_forced_repeat"), [e_restrict(OFFENDER, SOURCE)]),
        CLOSE,
    ],
)


def _defer(family: str, waiting_for: Any) -> dict[str, Any]:
    """The consequence of the cancelled call waits for ``waiting_for``'s call (30B1, 31A, 31B, 32A, 32B)."""
    return e_append(
        "deferred",
        offender=OFFENDER,
        law=family,
        original=SOURCE,
        call=field_of({"call": [var("irregularity.n")]}, "call"),
        waiting_for=waiting_for,
    )


def _free_partner(family: str) -> Action:
    """30B1, 31B, 32B: partner calls freely (16C2); the offender's next call will be judged."""
    return action(
        "annulé ; partenaire libre (16C2) ; la prochaine déclaration du fautif sera jugée",
        "cancelled; partner free (16C2); the offender's next call will be judged",
        f"free_partner_{family}",
        [_cancel(), e_ui(SOURCE, [PARTNER], "16C2"), _defer(family, OFFENDER), CLOSE],
    )


def _wait_for_rho(family: str) -> Action:
    """31A, 32A: what follows depends on the RHO's call, the first to come now."""
    return action(
        "annulé ; la suite dépend de la déclaration de l'adversaire de droite",
        "cancelled; what follows depends on the RHO's call",
        f"wait_for_rho_{family}",
        [_cancel(), e_ui(SOURCE, [PARTNER]), _defer(family, {"rho": [OFFENDER]}), CLOSE],
    )


# 31A / 32A: the RHO's call, once it stands, decides: a pass → the offender repeats (A1), else his call is judged (A2).
def _rho_call(family: str, passed: bool) -> Guard:
    fr = "l'adversaire de droite passe" if passed else "l'adversaire de droite déclare (enchère, contre, surcontre)"
    en = "the RHO passes" if passed else "the RHO bids, doubles or redoubles"
    name = f"rho_{'passed' if passed else 'called'}_{family}"
    return guard(
        f"{fr} ({family})",
        f"{en} ({family})",
        name,
        {
            "and": [
                {"!=": [var("entry.call"), None]},
                {"==" if passed else "!=": [var("entry.call"), "Pass"]},
                {
                    "some": [
                        var("table.deferred"),
                        {"and": [{"==": [var("law"), family]}, {"==": [var("waiting_for"), ctx("entry.seat")]}]},
                    ]
                },
            ]
        },
        needs=("deferred",),
    )


def _settle_rho_call(family: str, passed: bool) -> Action:
    """31A1, 32A1: the RHO passed, the offender must repeat his call (26B with the setting);
    31A2, 32A2: he called, the offender's next call will be judged."""
    if passed:
        fr, en = "le fautif doit répéter sa déclaration", "the offender must repeat his call"
        then = [
            e_bar(var("offender"), REPEAT_CALL, f"{family}1", call=var("call")),
            e_if(
                ctx("settings.lead_restriction_after_forced_repeat"),
                [e_restrict(var("offender"), var("original"))],
            ),
        ]
    else:
        fr, en = "la prochaine déclaration du fautif sera jugée", "the offender's next call will be judged"
        then = [
            e_append(
                "deferred",
                offender=var("offender"),
                law=f"{family}2",
                original=var("original"),
                call=var("call"),
                waiting_for=var("offender"),
            )
        ]
    waiting = {"and": [{"==": [var("law"), family]}, {"==": [var("waiting_for"), ctx("entry.seat")]}]}
    return action(
        fr,
        en,
        f"{'repeat' if passed else 'judge_next'}_{family}",
        [e_each({"filter": [var("table.deferred"), waiting]}, [e_remove("deferred", value=var("")), *then])],
    )


# The consequences of the judgement, by family: (law if comparable, law if not).
JUDGED_LAWS = {
    "30B1": ("30B1(b)(i)", "30B1(b)(ii)"),
    "31A2": ("31A2(a)", "31A2(b)"),
    "31B": ("31A2(a)", "31A2(b)"),  # 31B2: "the Director rules as in A2(a) or A2(b)"
    "32A2": ("32A2(a)", "32A2(b)"),
    "32B": ("32A2(a)", "32A2(b)"),  # 32B2
}
# The clause that sends a family to the laws above, cited beside them (« l'Arbitre décide comme en A2(a) ou A2(b) »).
AS_IN = {"31B": ("31B2",), "32B": ("32B2",), "31": ("31B2",), "32": ("32B2",)}
# At partner's turn, or the LHO's before the offender called: « Le partenaire du joueur fautif peut faire n'importe
# quelle déclaration légale [...] mais la Loi 16C2 s'applique » (30B1(a), 31B1, 32B1).
PARTNER_FREE = {"30B1": "30B1(a)", "31B": "31B1", "32B": "32B1"}


judged_call_stands = guard(
    "la déclaration du fautif à son tour est acquise, après sa propre rectification s'il y a lieu",
    "the offender's call at his turn stands, after its own rectification if any",
    "judged_call_stands",
    # 30B1(b), 31A2, 31B2, 32A2, 32B2: the judgement falls on the call the offender makes at his turn,
    # as it stands once accepted (27A1) or rectified (27B, 36B, 38), never on a later call.
    {
        "and": [
            {"!=": [var("entry.n"), None]},
            {"!=": [{"deferred_law": [var("entry.seat")]}, None]},
            {"in_rotation": [var("entry.n")]},
        ]
    },
    needs=("deferred",),
)
auction_goes_on = guard(
    "les annonces continuent",
    "the auction goes on",
    "auction_goes_on",
    {"or": [{"!": var("auction.three_passes_follow")}, var("auction.deprived")]},
)
ends_on_a_contract = guard(
    "elle termine les annonces sur un contrat (22A)",
    "it ends the auction on a contract (22A)",
    "ends_on_a_contract",
    {"and": [var("auction.completed"), {"!": var("auction.deprived")}]},
)
passes_the_board_out = guard(
    "la donne est passée (22B)", "the board is passed out (22B)", "passes_the_board_out", var("auction.passed_out")
)


def _deferred_of(seat: Any) -> dict[str, Any]:
    """The judgement ``seat``'s next call awaits: the first item of ``table.deferred`` he both made and
    waits for (30B1, 31A2, 31B, 32A2, 32B), or null. ``seat`` reads the context with ``ctx``."""
    return {
        "first": [ctx("table.deferred"), {"and": [{"==": [var("waiting_for"), seat]}, {"==": [var("offender"), seat]}]}]
    }


# 23A: the offender's call at his turn stands; it is now the irregularity on the table, in turn,
# and carries the deferred consequence it settles.
await_judgement = action(
    "la déclaration du fautif attend le jugement « comparable »",
    "the offender's call awaits the 'comparable' judgement",
    "await_judgement",
    [
        e_with(
            _deferred_of(ctx("entry.seat")),
            [
                e_remove("deferred", value=var("")),
                {
                    "irregularity": {
                        "n": ctx("entry.n"),
                        "status": "standing",
                        "kind": "judged",
                        "turn": ctx("entry.seat"),
                        "deferred": var(""),
                    }
                },
            ],
        )
    ],
)
# The auction ends (22A); what the judgement still decides (26B, 23C or 72C) awaits the Director.
judge_after_the_auction = action(
    "le jugement « comparable » est rendu pendant la période de clarification",
    "the 'comparable' judgement is given in the clarification period",
    "judge_after_the_auction",
    [
        e_with(
            _deferred_of(ctx("entry.seat")),
            [
                e_remove("deferred", value=var("")),
                e_append(
                    "pending",
                    law=var("law"),
                    source=var("original"),
                    judged_call={"!=": [ctx("entry.n"), None]},
                    n=ctx("entry.n"),
                    awaits="judgement",
                ),
            ],
        )
    ],
)
# 22B: the board is passed out; the judgement the call awaited has no object left.
judgement_lapses = action(
    "le jugement n'a plus d'objet : la donne n'est pas jouée (22B)",
    "the judgement has no object left: the board is not played (22B)",
    "judgement_lapses",
    [e_remove("deferred", value=_deferred_of(ctx("entry.seat")))],
)


def _not_comparable_law(family: Any) -> dict[str, Any]:
    """The law of the partner's pass when the call is not comparable, by family (``JUDGED_LAWS``)."""
    return {"if": [*(x for f, (_, no) in JUDGED_LAWS.items() for x in ({"==": [family, f]}, no)), None]}


# 23B « les annonces et le jeu continuent sans autre rectification. La Loi 16C2 ne s'applique pas,
# mais voir C ci-dessous » once the offender's call is comparable, whoever has called since: after a
# call out of rotation at partner's turn, or at the LHO's before he called (30B1, 31B, 32B), partner
# has called under 16C2 (30B1(a), 31B1, 32B1 « mais la Loi 16C2 s'applique ») before the judgement;
# that call is made, and 23C, which names 30B1(b)(i) where partner has always called first, is the
# Director's recourse for it. The record binds partner until the comparable call, not after.


def _settle(
    offender: Any, family: Any, original: Any, comparable: bool, ended: bool = False, led: bool = False
) -> list[Any]:
    """Comparable: nothing more, the Director may review (23C); the cancelled call is no unauthorized
    information from then on (23B, 26A). Not comparable: partner passes once (unless the auction has
    ended), 26B, 72C. Once the lead is faced (``led``), 26B only while partner's first turn to lead is
    still to come: not when the opening lead was his.

    The deferred consequence's fields are expressions over the context (``ctx``): the removal of the
    unauthorized information reads the cancelled call from inside its item expression."""
    if comparable:
        drop = e_remove("unauthorized_information", {"==": [var("source"), original]})
        return [*e_review("23C"), drop]
    # while a change after the final pass awaits its ruling (25, 21B1), the auction may still be over: no pass is left
    bar = (
        []
        if ended
        else [
            e_if(
                {"!": ctx("auction.completed")},
                [e_bar({"partner": [offender]}, PASS_NEXT_TURN, _not_comparable_law(family))],
            )
        ]
    )
    restrict = e_restrict(offender, original)
    if led:
        restrict = e_if({"!=": [ctx("table.lead.seat"), {"partner": [offender]}]}, [restrict])
    return [*bar, restrict, *e_review("72C")]


def _settle_deferred(deferred: Any, comparable: bool) -> list[Any]:
    """:func:`_settle` for a deferred consequence (an item of ``table.deferred``) the context gives."""
    return _settle(
        field_of(deferred, "offender"), field_of(deferred, "law"), field_of(deferred, "original"), comparable
    )


# 23A: the Director's judgement settles the deferred consequence the judged call carries.
def _settle_judged(comparable: bool) -> Action:
    if comparable:
        fr, en = "comparable : aucune autre rectification (23C)", "comparable: no further rectification (23C)"
    else:
        fr = "non comparable : le partenaire passe à son prochain tour (26B, 72C)"
        en = "not comparable: partner passes at his next turn (26B, 72C)"
    return action(
        fr,
        en,
        f"settle_{'comparable' if comparable else 'not_comparable'}",
        [*_settle_deferred(ctx("irregularity.deferred"), comparable), CLOSE],
    )


# The offender's call carries its judgement: it is recorded, and the deferred consequence it
# settles is settled at once (the consequence is read before it leaves ``table.deferred``).
_CARRIED = _deferred_of(ctx("event.seat"))
record_judged_call = action(
    "la déclaration portant son jugement est enregistrée et réglée",
    "the call carrying its judgement is recorded and settled",
    "record_judged_call",
    [
        e_if(var("event.comparable"), _settle_deferred(_CARRIED, True), _settle_deferred(_CARRIED, False)),
        e_remove("deferred", value=_CARRIED),
        e_call("standing"),
    ],
)
# After the auction: the judgement awaited on the call that ended it, by law (30B1, 31, 32).
GROUPS = {"30B1": ("30B1",), "31": ("31A2", "31B"), "32": ("32A2", "32B")}


def _pending_judgement(group: str) -> Guard:
    return guard(
        f"le jugement de la Loi {group} est attendu",
        f"the Law {group} judgement is awaited",
        f"judgement_pending_{group}",
        {"some": [var("table.pending"), {"and": [{"in": [var("law"), list(GROUPS[group])]}, var("judged_call")]}]},
    )


# Where the judgement awaited on a call that ended the auction may be given (22A): in the clarification
# period; in the auction again, when a change of call reopened it and left that call standing (25A, 21B1);
# after the opening lead is faced, out of turn (54) or in turn, the play having begun (41C).
AFTER_AUCTION, REOPENED, AFTER_THE_LEAD = "after_auction", "reopened", "after_the_lead"
SETTLE_WORDS = {
    AFTER_AUCTION: (
        "non comparable : 26B et 72C (les annonces sont finies)",
        "not comparable: 26B and 72C (the auction is over)",
    ),
    REOPENED: (
        "non comparable : le partenaire passe à son prochain tour (26B, 72C)",
        "not comparable: partner passes at his next turn (26B, 72C)",
    ),
    AFTER_THE_LEAD: (
        "non comparable : 26B si le partenaire n'a pas encore attaqué ; 72C",
        "not comparable: 26B if partner has not led yet; 72C",
    ),
}


def _settle_after_auction(group: str, comparable: bool, when: str = AFTER_AUCTION) -> Action:
    """The judgement awaited on the call that ended the auction (22A) is given; the offender is that
    call's maker. After the auction no pass is left to make; in the auction reopened, partner passes at
    his next turn; after the lead, 26B bears on partner's first turn to lead (26B « au premier tour
    d’attaquer du partenaire du joueur fautif (qui peut être l’entame) »), which has passed if the
    opening lead was his, and 72C stays. Comparable, it is the same wherever it is given."""
    if comparable:
        fr, en = "comparable : aucune autre rectification (23C)", "comparable: no further rectification (23C)"
        when = AFTER_AUCTION
    else:
        fr, en = SETTLE_WORDS[when]
    prefix = "settle_after_auction" if when == AFTER_AUCTION else f"settle_{when}"
    name = f"{prefix}_{group}_{'comparable' if comparable else 'not_comparable'}"
    awaited = {
        "first": [ctx("table.pending"), {"and": [{"in": [var("law"), list(GROUPS[group])]}, var("judged_call")]}]
    }
    offender = field_of({"call": [field_of(awaited, "n")]}, "seat")
    settled = _settle(
        offender,
        field_of(awaited, "law"),
        field_of(awaited, "source"),
        comparable,
        ended=when != REOPENED,
        led=when == AFTER_THE_LEAD,
    )
    return action(fr, en, name, [*settled, e_remove("pending", value=awaited)])


def _family_is(family: str) -> Guard:
    """The judgement the call on the table settles, or else the one this player's next call awaits."""
    return guard(
        f"Loi {family}",
        f"Law {family}",
        f"family_{family}",
        {
            "if": [
                {"!=": [var("irregularity.family"), None]},
                equals("irregularity.family", family),
                {"==": [{"deferred_law": [var("event.seat")]}, family]},
            ]
        },
    )


# --- 28A and 17D3 -----------------------------------------------------------------------------
# 17D3: « Quand une déclaration a été suivie de trois Passe » — after a bid, a double, or a pass.
three_passes_follow = guard(
    "une déclaration (un Passe compris) suivie de trois Passe",
    "a call (a pass included) followed by three passes",
    "three_passes_follow",
    var("auction.three_passes_follow"),
)


# 17D2 « Si personne n'enchérit » : with no bid, the auction period ends when the four hands are back in
# the board, not at the fourth pass; four passes, one of which skipped a player, leave the board waiting
# for someone to notice (17D3) or for the hands to go back (17D2). A double or redouble on the record,
# awaiting Law 36, is no pass (22B): with it, the board does not look passed out, and 17D3 applies at once.
nobody_bid = guard(
    "seuls des Passe ont été faits",
    "only passes were made",
    "only_passes",
    {
        "none": [
            var("auction.calls"),
            {"and": [{"in": [var("status"), ["standing", "pending"]]}, {"!=": [var("call"), "Pass"]}]},
        ]
    },
)
A_BID_MADE = Not(nobody_bid, "après une enchère, un Contre ou un Surcontre", "after a bid, a double or a redouble")
# 25A: a change of one's own last call is not the notice of the skipped turn: it is ruled as during the
# auction (which has not ended, 17D3), and the auction, as it then stands, tells whether 17D3 still applies.
change_as_in_the_auction = action(
    "le changement est examiné comme pendant les annonces",
    "the change is dealt with as during the auction",
    "change_as_in_the_auction",
    [AGAIN],
)

# 28A: the call is in rotation; the barred player's turn counts as a pass.
deem_barred_pass = action(
    "le passe du joueur tenu de passer est présumé",
    "the barred player's pass is deemed made",
    "deem_barred_pass",
    [e_call("standing", seat={"rho": [var("event.seat")]}, call="Pass", law="28A"), AGAIN],
)
# 17D3: cancel every pass from the first one that skipped a player; the turn is then his.
# 16C: « tout joueur ayant passé hors tour étant fautif »: each cancelled pass is UI to the members of
# every offending side (a side one of whose passes skipped a player), other than the player who made it.
cancel_passes_17D3 = action(
    "tous les Passe consécutifs sont annulés ; la parole revient au joueur qui a manqué son tour",
    "the consecutive passes are cancelled; the turn goes back to the deprived player",
    "cancel_passes_17D3",
    [{"cancel_deprived_passes": {"law": "17D3", "ui_law": "16C"}}],
)


skipped_rho = holder(
    "le joueur dont c'était le tour (adversaire de droite du fautif)",
    "the player whose turn it was (offender's RHO)",
    "skipped_rho",
    seats_if(
        {"and": [equals("irregularity.relation", "RHO"), {"!": var("irregularity.director")}]},
        var("irregularity.turn"),
    ),
)
partner_before_choice = holder(
    "le partenaire du fautif, avant le choix de l'adversaire de gauche",
    "the offender's partner, before the LHO has chosen",
    "partner_before_choice",
    seats_if(
        {
            "and": [
                {"!=": [var("irregularity.offender"), None]},
                {"!": var("irregularity.director")},
                equals("irregularity.held", None),
            ]
        },
        {"partner": [var("irregularity.offender")]},
    ),
)
next_player_before_judgement = holder(
    "le joueur dont c'est le tour, avant le jugement",
    "the player whose turn it is, before the judgement",
    "next_player_before_judgement",
    seats_if(
        {"and": [{"!=": [var("irregularity.offender"), None]}, equals("irregularity.held", None)]},
        var("auction.turn"),
    ),
)


def _waiting(
    state: str,
    kind: CallKind,
    law: str,
    fr: str,
    en: str,
    accept_fr: str,
    accept_en: str,
    rho: tuple[str, Action],
    other: tuple[str, Action],
) -> list[Rule]:
    rho_law, rho_action = rho
    other_law, other_action = other
    # 30A with the setting `lead_restriction_after_forced_repeat`: the forced pass brings a 26B restriction
    rho_cites = ("29B", "16C2", "72C", "26B") if rho_law == "30A" else ("29B",)
    other_cites = ("29B", "16C2", PARTNER_FREE[other_law])
    by_turn = by_player_whose_turn_it_was
    return [
        Rule(
            event="call",
            source="auction.calling",
            dest=state,
            law=law,
            fr=fr,
            en=en,
            guards=(KIND_GUARDS[kind],),
            actions=(hold_irregular_call,),
        ),
        *acceptance_rules(state, "29A", accept_fr, accept_en, call_guards=(NOTHING_HELD,), held=(release_held_call,)),
        Rule(
            event="call",
            source=state,
            dest="auction.calling",
            law="29A",
            fr="l'adversaire de gauche déclare : il accepte ; la déclaration retenue de son adversaire de droite est annulée (28B)",
            en="the LHO calls: he accepts; his RHO's held call is cancelled (28B)",
            guards=(by_offender_lho, call_held),
            actions=(cancel_held_28B, accept_irregular_call, then_his_call),
            ruling=True,
            cites=("28B", "16C2"),
        ),
        Rule(
            event="call",
            source=state,
            dest=None,
            law="29A",
            fr="le partenaire du fautif déclare avant le choix de l'adversaire de gauche : déclaration retenue",
            en="the offender's partner calls before the LHO has chosen: the call is held",
            guards=(by_offender_partner, BEFORE_DIRECTOR, NOTHING_HELD),
            actions=(hold_partner_call,),
            cites=("29B",),
        ),
        Rule(
            event="call",
            source=state,
            dest="auction.calling",
            law="28B",
            fr="le joueur dont c'était le tour déclare : annulation sans rectification",
            en="the player whose turn it was calls: cancelled without rectification",
            guards=(by_turn, at_rho_turn, BEFORE_DIRECTOR),
            actions=(cancel_forfeited, then_his_call),
            ruling=True,
            cites=("16C2",),
        ),
        Rule(
            event="director",
            source=state,
            dest=None,
            law="29B",
            fr="l'arbitre est appelé",
            en="the Director is called",
            guards=(NOTHING_PENDING,),
            actions=(note_director,),
        ),
        Rule(
            event="refuse",
            source=state,
            dest="auction.calling",
            law=rho_law,
            fr="non acceptée par l'adversaire de gauche, au tour de l'adversaire de droite",
            en="refused, at the RHO's turn",
            guards=(by_offender_lho, at_rho_turn),
            actions=(release_held_call, rho_action),
            ruling=True,
            cites=rho_cites,
        ),
        Rule(
            event="call",
            source=state,
            dest="auction.calling",
            law=rho_law,
            fr="le joueur dont c'était le tour déclare : refusé (29B)",
            en="the player whose turn it was calls: refused (29B)",
            guards=(by_turn, at_rho_turn, director_present, NOTHING_HELD),
            actions=(rho_action, then_his_call),
            ruling=True,
            cites=rho_cites,
        ),
        Rule(
            event="refuse",
            source=state,
            dest="auction.calling",
            law=other_law,
            fr="non acceptée par l'adversaire de gauche, au tour du partenaire ou de l'adversaire de gauche",
            en="refused, at partner's or the LHO's turn",
            guards=(by_offender_lho, AT_OTHER_TURN),
            actions=(release_held_call, other_action),
            ruling=True,
            cites=other_cites,
        ),
        Rule(
            event="call",
            source=state,
            dest="auction.calling",
            law=other_law,
            fr="le partenaire déclare à son tour : refusé (29B)",
            en="partner calls in turn: refused (29B)",
            guards=(by_turn, AT_OTHER_TURN, director_present, NOTHING_HELD),
            actions=(other_action, then_his_call),
            ruling=True,
            cites=other_cites,
        ),
    ]


FAMILY_GUARDS = {family: _family_is(family) for family in JUDGED_LAWS}
JUDGED_CALL = KIND_GUARDS[CallKind.JUDGED]
SETTLE_COMPARABLE = _settle_judged(True)
SETTLE_NOT_COMPARABLE = _settle_judged(False)
JUDGEMENT_PENDING = {group: _pending_judgement(group) for group in GROUPS}


def _judged_rules() -> list[Rule]:
    rules = []
    for family, (yes, no) in JUDGED_LAWS.items():
        fam = FAMILY_GUARDS[family]
        also = AS_IN.get(family, ())
        rules += [
            Rule(
                event="call",
                source="auction.calling",
                dest=None,
                law=yes,
                fr="déclaration du fautif, comparable",
                en="the offender's call, comparable",
                guards=(JUDGED_CALL, fam, CARRIES[True]),
                actions=(record_judged_call,),
                ruling=True,
                cites=("23B", "23C", "26A", *also),
            ),
            Rule(
                event="call",
                source="auction.calling",
                dest=None,
                law=no,
                fr="déclaration du fautif, non comparable",
                en="the offender's call, not comparable",
                guards=(JUDGED_CALL, fam, CARRIES[False]),
                actions=(record_judged_call,),
                ruling=True,
                cites=("26B", "72C", *also),
            ),
            Rule(
                event="judge",
                source=RULING,
                dest="auction.calling",
                law=yes,
                fr="comparable",
                en="comparable",
                guards=(fam, judged("comparable", True)),
                actions=(release_held_call, SETTLE_COMPARABLE),
                ruling=True,
                cites=("23A", "23B", "23C", "26A", *also),
            ),
            Rule(
                event="judge",
                source=RULING,
                dest="auction.calling",
                law=no,
                fr="non comparable",
                en="not comparable",
                guards=(fam, judged("comparable", False)),
                actions=(release_held_call, SETTLE_NOT_COMPARABLE),
                ruling=True,
                cites=("23A", "26B", "72C", *also),
            ),
        ]
    for group, family in (("30B1", "30B1"), ("31", "31A2"), ("32", "32A2")):
        yes, no = JUDGED_LAWS[family]
        also = AS_IN.get(group, ())
        comparable = _settle_after_auction(group, True)
        settle = {when: _settle_after_auction(group, False, when) for when in (AFTER_AUCTION, REOPENED, AFTER_THE_LEAD)}
        for source, when, (fr, en), more in (
            ("clarification", AFTER_AUCTION, ("après les annonces", "after the auction"), ()),
            ("auction", REOPENED, ("les annonces rouvertes", "the auction reopened"), ()),
            ("lead_out_of_turn", AFTER_THE_LEAD, ("après l'entame hors tour", "after the lead out of turn"), ("54",)),
            ("play", AFTER_THE_LEAD, ("le jeu commencé", "play begun"), ("41C",)),
        ):
            rules += [
                Rule(
                    event="judge",
                    source=source,
                    dest=None,
                    law=yes,
                    fr=f"{fr} : comparable",
                    en=f"{en}: comparable",
                    guards=(JUDGEMENT_PENDING[group], judged("comparable", True)),
                    actions=(comparable,),
                    ruling=True,
                    cites=("23A", "23B", "23C", "26A", *also, *more),
                ),
                Rule(
                    event="judge",
                    source=source,
                    dest=None,
                    law=no,
                    fr=f"{fr} : non comparable",
                    en=f"{en}: not comparable",
                    guards=(JUDGEMENT_PENDING[group], judged("comparable", False)),
                    actions=(settle[when],),
                    ruling=True,
                    cites=("23A", "26B", "72C", *also, *more),
                ),
            ]
    rules += [
        Rule(
            event="call",
            source="auction.calling",
            dest=None,
            law="23A",
            fr="déclaration du fautif à son tour : à juger",
            en="the offender's call at his turn: to be judged",
            guards=(JUDGED_CALL, CARRIES[None]),
            actions=(record_call,),
        ),
        Rule(
            event="call_stands",
            source="auction.calling",
            dest=RULING,
            law="23A",
            fr="déclaration du fautif à son tour : comparable ?",
            en="the offender's call at his turn: comparable?",
            guards=(judged_call_stands, auction_goes_on),
            actions=(await_judgement,),
        ),
        Rule(
            event="call_stands",
            source="auction.calling",
            dest=None,
            law="23A",
            fr="elle termine les annonces : jugement après les annonces",
            en="it ends the auction: the judgement comes after it",
            guards=(judged_call_stands, ends_on_a_contract),
            actions=(judge_after_the_auction,),
            cites=("22A",),
        ),
        Rule(
            event="call_stands",
            source="auction.calling",
            dest=None,
            law="22B",
            fr="elle passe la donne : le jugement n'a plus d'objet",
            en="it passes the board out: the judgement has no object",
            guards=(judged_call_stands, passes_the_board_out),
            actions=(judgement_lapses,),
            cites=("23A",),
        ),
        Rule(
            event="call",
            source=RULING,
            dest=None,
            law="23A",
            fr="le joueur suivant déclare avant le jugement : déclaration retenue",
            en="the next player calls before the judgement: the call is held",
            guards=(by_next_player, NOTHING_HELD),
            actions=(hold_call_before_judgement,),
        ),
    ]
    for family in ("31A", "32A"):
        for passed in (True, False):
            law = f"{family}{1 if passed else 2}"
            rules.append(
                Rule(
                    event="call_stands",
                    source="auction",
                    dest=None,
                    law=law,
                    fr="l'adversaire de droite a passé" if passed else "l'adversaire de droite a déclaré",
                    en="the RHO passed" if passed else "the RHO called",
                    guards=(_rho_call(family, passed),),
                    actions=(_settle_rho_call(family, passed),),
                    ruling=False,
                    cites=("26B",) if passed else (),
                )
            )
    return rules


# 23A: the call the offender makes at this turn is the one the Director judges comparable or not.
offender_to_be_judged = holder(
    "le fautif dont la prochaine déclaration sera jugée",
    "the offender whose next call will be judged",
    "offender_to_be_judged",
    seats_if({"!=": [{"deferred_law": [var("auction.turn")]}, None]}, var("auction.turn")),
)


# 30B1(b), 31B2, 32B2: a judgement awaited on a call that ended the auction is the Director's to give,
# wherever the board has gone since (the clarification period, the auction reopened, the lead, the play).
judgement_owed = holder(
    "l'arbitre, tant qu'un jugement « comparable » reste dû",
    "the Director, while a 'comparable' judgement is still owed",
    "judgement_owed",
    {
        "if": [
            {"some": [var("table.pending"), {"and": [var("judged_call"), {"==": [var("awaits"), "judgement"]}]}]},
            True,
            [],
        ]
    },
)
JUDGEMENT_OWED = Option(
    event="judge",
    holder=judgement_owed,
    law="23A",
    fr="l'arbitre juge si la déclaration du fautif, qui a terminé les annonces, est comparable",
    en="the Director judges whether the offender's call, which ended the auction, is comparable",
)


def _options(what_fr: str, what_en: str, law: str, cancelled: str = "annulé") -> list[Option]:
    return [
        Option(
            event="call",
            holder=parties.offender_lho,
            law="29A",
            fr=f"accepte {what_fr} en déclarant",
            en=f"accepts {what_en} by calling",
        ),
        Option(
            event="accept", holder=parties.offender_lho, law="29A", fr=f"accepte {what_fr}", en=f"accepts {what_en}"
        ),
        Option(
            event="refuse",
            holder=parties.offender_lho,
            law="29B",
            fr=f"n'accepte pas {what_fr} : {cancelled}, le tour revient au joueur dont c'était le tour",
            en=f"refuses {what_en}: cancelled, the turn goes back to the player whose turn it was",
        ),
        Option(
            event="call",
            holder=skipped_rho,
            law="28B",
            fr="déclare à son tour : annulation sans rectification",
            en="calls in turn: cancelled, no rectification",
        ),
        Option(
            event="call",
            holder=partner_before_choice,
            law="29A",
            fr="déclare : sa déclaration est retenue jusqu'au choix de l'adversaire de gauche",
            en="calls: his call is held until the LHO has chosen",
        ),
        Option(
            event="director",
            holder=None,
            law=law,
            fr="l'arbitre est appelé et expose les options de l'adversaire de gauche",
            en="the Director is called and sets out the LHO's options",
        ),
    ]


MODULE = LawModule(
    name="rotation",
    rank=20,
    laws="17D3, 28-34",
    states=[
        # 17D2: with no bid, the hands may go back into the board while the pass out of rotation still awaits
        # the LHO's choice (the WBF commentary on Law 17, example 14).
        StateSpec(
            name=PASS_STATE,
            law="30",
            fr="Passe hors tour",
            en="Pass out of rotation",
            waiting=True,
            takes=("return_hands",),
        ),
        StateSpec(name=BID_STATE, law="31", fr="Enchère hors tour", en="Bid out of rotation", waiting=True),
        StateSpec(
            name=DOUBLE_STATE,
            law="32",
            fr="Contre ou surcontre hors tour",
            en="Double or redouble out of rotation",
            waiting=True,
        ),
        StateSpec(
            name=RULING,
            law="23A",
            fr="La déclaration est-elle comparable ?",
            en="Ruling: comparable call?",
            waiting=True,
        ),
        # 25A: a player may still change his last call, the auction not being over (17D3).
        StateSpec(
            name=UNNOTICED,
            law="17D3",
            fr="Quatre Passe dont un hors tour, non relevé",
            en="Four passes, a turn skipped, unnoticed",
            waiting=True,
            takes=("substitute",),
        ),
    ],
    rules=[
        Rule(
            event="auction_ends",
            source="auction.calling",
            dest=None,
            law="17D3",
            fr="trois Passe dont un hors tour : les annonces continuent",
            en="three passes, one out of rotation: the auction goes on",
            guards=(three_passes_follow, a_player_deprived, A_BID_MADE),
            actions=(cancel_passes_17D3,),
            ruling=True,
            cites=("16C", "34"),  # 34 « la Loi 17D3 s'applique »
        ),
        Rule(
            event="auction_ends",
            source="auction.calling",
            dest=UNNOTICED,
            law="17D3",
            fr="quatre Passe dont un hors tour : les annonces ne sont pas terminées",
            en="four passes, one out of rotation: the auction has not ended",
            guards=(three_passes_follow, a_player_deprived, nobody_bid),
            outcome=(
                "rien n'est annulé tant que personne ne relève l'irrégularité (17D2)",
                "nothing is cancelled while nobody notices the irregularity (17D2)",
            ),
            cites=("17D2",),
        ),
        Rule(
            event="director",
            source=UNNOTICED,
            dest="auction.calling",
            law="17D3",
            fr="l'arbitre est appelé : la parole revient au joueur qui a manqué son tour",
            en="the Director is called: the turn goes back to the player who missed it",
            actions=(cancel_passes_17D3,),
            ruling=True,
            cites=("16C",),
        ),
        Rule(
            event="call",
            source=UNNOTICED,
            dest="auction.calling",
            law="17D3",
            fr="une déclaration relève l'irrégularité : les Passe sont annulés, puis elle est examinée",
            en="a call brings the irregularity to light: the passes are cancelled, then the call is dealt with",
            actions=(cancel_passes_17D3, then_his_call),
            ruling=True,
            cites=("16C",),
        ),
        Rule(
            event="substitute",
            source=UNNOTICED,
            dest="auction.calling",
            law="25A",
            fr="un joueur change sa dernière déclaration, les annonces n'étant pas terminées",
            en="a player changes his last call, the auction not having ended",
            actions=(change_as_in_the_auction,),
            cites=("17D3",),
        ),
        Rule(
            event="return_hands",
            source=UNNOTICED,
            dest="returned",
            law="17D2",
            fr="les mains retournent dans l'étui avant que l'irrégularité soit relevée : donne passée, sans rectification",
            en="the hands go back into the board before the irregularity is noticed: passed out, no rectification",
            actions=(end_auction, back_to_hand),
            ruling=True,
            cites=("22B", "24"),
        ),
        Rule(
            event="return_hands",
            source=PASS_STATE,
            dest="returned",
            law="17D2",
            fr="les mains retournent dans l'étui avant tout choix : le passe hors tour est maintenu, donne passée",
            en="the hands go back into the board before any choice: the pass out of rotation stands, passed out",
            guards=(nobody_bid, NOTHING_HELD),
            actions=(accept_irregular_call, end_auction, back_to_hand),
            ruling=True,
            cites=("22B", "24"),
        ),
        Rule(
            event="call",
            source="auction.calling",
            dest=None,
            law="28A",
            fr="au tour d'un joueur tenu de passer : déclaration en rotation",
            en="at a barred player's turn: the call is in rotation",
            guards=(KIND_GUARDS[CallKind.DEEMED_PASS],),
            actions=(deem_barred_pass,),
        ),
        *_waiting(
            PASS_STATE,
            CallKind.PASS_OUT_OF_ROTATION,
            "30",
            "passe hors tour",
            "pass out of rotation",
            "le passe hors tour",
            "the pass out of rotation",
            ("30A", apply_30A),
            ("30B1", _free_partner("30B1")),
        ),
        *_waiting(
            BID_STATE,
            CallKind.BID_OUT_OF_ROTATION,
            "31",
            "enchère hors tour",
            "bid out of rotation",
            "l'enchère hors tour",
            "the bid out of rotation",
            ("31A", _wait_for_rho("31A")),
            ("31B", _free_partner("31B")),
        ),
        *_waiting(
            DOUBLE_STATE,
            CallKind.DOUBLE_OUT_OF_ROTATION,
            "32",
            "contre ou surcontre hors tour",
            "double or redouble out of rotation",
            "le contre hors tour",
            "the double out of rotation",
            ("32A", _wait_for_rho("32A")),
            ("32B", _free_partner("32B")),
        ),
        *_judged_rules(),
    ],
    options={
        **{state: [JUDGEMENT_OWED] for state in ("auction", "clarification", "lead_out_of_turn", "play")},
        "auction.calling": [
            Option(
                event="call",
                holder=offender_to_be_judged,
                law="23A",
                fr="déclare à son tour : l'arbitre jugera sa déclaration comparable ou non (30B1, 31A2, 31B, 32A2, 32B)",
                en="calls in turn: the Director will judge whether his call is comparable (30B1, 31A2, 31B, 32A2, 32B)",
            ),
        ],
        PASS_STATE: _options("le passe hors tour", "the pass out of rotation", "30"),
        BID_STATE: _options("l'enchère hors tour", "the bid out of rotation", "31", "annulée"),
        DOUBLE_STATE: _options("le contre hors tour", "the double out of rotation", "32"),
        UNNOTICED: [
            Option(
                event="director",
                holder=None,
                law="17D3",
                fr="l'arbitre est appelé : la parole revient au joueur qui a manqué son tour",
                en="the Director is called: the turn goes back to the player who missed it",
            ),
            Option(
                event="return_hands",
                holder=None,
                law="17D2",
                fr="les quatre mains retournent dans l'étui sans que personne ait rien relevé : donne passée",
                en="the four hands go back into the board with nobody noticing: passed out",
            ),
        ],
        RULING: [
            Option(
                event="judge",
                holder=None,
                law="23A",
                fr="l'arbitre juge si la déclaration du fautif est comparable",
                en="the Director judges whether the offender's call is comparable",
            ),
            Option(
                event="call",
                holder=next_player_before_judgement,
                law="23A",
                fr="déclare : sa déclaration attend le jugement",
                en="calls: his call waits for the judgement",
            ),
        ],
    },
)
