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
- comparable: no further rectification (23C), and the cancelled call is no unauthorized
  information (23B, 26A); not comparable: partner passes at his next turn, 26B and 72C.

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
auction (17D3, 34). A call made at the same time as the in-turn call is deemed made after it
(33): the events' order says which.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from fsm.auction import CANCELLED, PENDING, STANDING, Entry, Relation
from fsm.calls import PASS, Seat
from fsm.events import call_event
from fsm.laws import parties
from fsm.laws.acceptance import (
    accept_irregular_call,
    acceptance_rules,
    by_offender_lho,
    director_present,
    note_director,
    then_his_call,
)
from fsm.laws.classify import KIND_GUARDS, entry_of, hold_irregular_call
from fsm.laws.normal import a_player_deprived, record_call, stand
from fsm.laws.withdrawn import CARRIES, bar, judged, restrict, review, ui
from fsm.records import PASS_NEXT_TURN, REPEAT_CALL, CallKind, Classification, Deferred, Irregularity, Pending
from fsm.spec import (
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
    guard,
    holder,
    seats_if,
    var,
)
from fsm.table import without

if TYPE_CHECKING:
    from fsm.events import Event
    from fsm.table import Table

PASS_STATE = "auction.pass_out_of_rotation"
BID_STATE = "auction.bid_out_of_rotation"
DOUBLE_STATE = "auction.double_out_of_rotation"
RULING = "auction.ruling"


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
def _cancel(table: Table, law: str = "29B") -> Entry:
    """29B: the call out of rotation is cancelled; the turn goes back to the player whose turn it was."""
    irr = table.irregularity
    assert irr is not None
    table.auction.set_status(irr.entry, CANCELLED, law)
    table.irregularity = None
    return irr.entry


@action(
    "la déclaration hors tour est annulée sans rectification (16C2)",
    "the call out of rotation is cancelled without rectification (16C2)",
)
def cancel_forfeited(table: Table, event: Event) -> None:
    """28B: the right to rectification is forfeited; O's cancelled call is UI to his partner (16C2).

    A call his partner made meanwhile, held, is an opponent's call out of rotation not yet ruled on
    either: the in-turn call cancels it in the same way.
    """
    irr = table.irregularity
    held = irr.held if irr is not None else None
    entry = _cancel(table, "28B")
    ui(table, entry, (entry.seat.partner,), "16C2")
    if held is not None:
        ui(table, table.auction.set_status(held, CANCELLED, "28B"), (held.seat.partner,), "16C2")


def _cancel_held(table: Table) -> None:
    """28B: the held call is cancelled without rectification; it is UI to its maker's partner (16C2)."""
    irr = table.irregularity
    if irr is None or irr.held is None:
        return
    held = table.auction.set_status(irr.held, CANCELLED, "28B")
    ui(table, held, (held.seat.partner,), "16C2")
    table.irregularity = replace(irr, held=None)


def _hold(table: Table, event: Event) -> None:
    """A call made before the LHO chose (29A) or the Director judged (23A): held, neither standing nor cancelled."""
    irr = table.irregularity
    assert irr is not None
    table.irregularity = replace(irr, held=table.auction.add(entry_of(event, PENDING)))


@action(
    "la déclaration du partenaire est retenue jusqu'au choix de l'adversaire de gauche (29A)",
    "the partner's call is held until the LHO has chosen (29A)",
)
def hold_partner_call(table: Table, event: Event) -> None:
    _hold(table, event)


@action("la déclaration est retenue jusqu'au jugement de l'arbitre", "the call is held until the Director's judgement")
def hold_call_before_judgement(table: Table, event: Event) -> None:
    _hold(table, event)


@action(
    "la déclaration retenue, faite au tour de l'adversaire de gauche, est annulée par sa déclaration (28B)",
    "the held call, made at the LHO's turn, is cancelled by his call (28B)",
)
def cancel_held_28B(table: Table, event: Event) -> None:
    _cancel_held(table)


@action(
    "puis la déclaration retenue, s'il y en a une, est examinée telle qu'elle se présente alors",
    "then the call held, if any, is dealt with as it now stands",
)
def release_held_call(table: Table, event: Event) -> None:
    """The held call is made afresh: classified against the auction as the ruling left it (29B, 23A)."""
    held = [e for e in table.auction.entries if e.status == PENDING]
    if not held:
        return
    table.auction.drop(held[0])
    if table.irregularity is not None:
        table.irregularity = replace(table.irregularity, held=None)
    event.follow = call_event(held[0])


@action(
    "annulé ; le fautif passera à son prochain tour (72C)", "cancelled; the offender will pass at his next turn (72C)"
)
def apply_30A(table: Table, event: Event) -> None:
    entry = _cancel(table)
    bar(table, entry.seat, PASS_NEXT_TURN, "30A")
    ui(table, entry, (entry.seat.partner,), "16C2")  # 30A: the cancelled pass is information for partner (16C2)
    review(table, "72C")
    if table.settings.lead_restriction_after_forced_repeat:
        restrict(table, entry.seat, entry)


def _free_partner(family: str) -> Action:
    """30B1, 31B, 32B: partner calls freely (16C2); the offender's next call will be judged."""

    def free(table: Table, event: Event) -> None:
        entry = _cancel(table)
        ui(table, entry, (entry.seat.partner,), "16C2")
        table.deferred = (*table.deferred, Deferred(entry.seat, family, entry.token(), entry.seat))

    return action(  # type: ignore[no-any-return]
        "annulé ; partenaire libre (16C2) ; la prochaine déclaration du fautif sera jugée",
        "cancelled; partner free (16C2); the offender's next call will be judged",
        f"free_partner_{family}",
    )(free)


def _wait_for_rho(family: str) -> Action:
    """31A, 32A: what follows depends on the RHO's call, the first to come now."""

    def wait(table: Table, event: Event) -> None:
        entry = _cancel(table)
        ui(table, entry, (entry.seat.partner,))
        table.deferred = (*table.deferred, Deferred(entry.seat, family, entry.token(), entry.seat.rho))

    return action(  # type: ignore[no-any-return]
        "annulé ; la suite dépend de la déclaration de l'adversaire de droite",
        "cancelled; what follows depends on the RHO's call",
        f"wait_for_rho_{family}",
    )(wait)


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
    def settle(table: Table, event: Event) -> None:
        entry = event.entry
        assert entry is not None
        for d in [d for d in table.deferred if d.law == family and d.waiting_for is entry.seat]:
            table.deferred = without(table.deferred, d)
            if passed:
                bar(table, d.offender, REPEAT_CALL, f"{family}1", d.original.split(":", 1)[1])
                if table.settings.lead_restriction_after_forced_repeat:
                    restrict(table, d.offender, d.original)
            else:
                table.deferred = (*table.deferred, Deferred(d.offender, f"{family}2", d.original, d.offender))

    if passed:
        fr, en = "le fautif doit répéter sa déclaration", "the offender must repeat his call"
    else:
        fr, en = "la prochaine déclaration du fautif sera jugée", "the offender's next call will be judged"
    return action(fr, en, f"{'repeat' if passed else 'judge_next'}_{family}")(settle)  # type: ignore[no-any-return]


# The consequences of the judgement, by family: (law if comparable, law if not).
JUDGED_LAWS = {
    "30B1": ("30B1(b)(i)", "30B1(b)(ii)"),
    "31A2": ("31A2(a)", "31A2(b)"),
    "31B": ("31A2(a)", "31A2(b)"),  # 31B2: "the Director rules as in A2(a) or A2(b)"
    "32A2": ("32A2(a)", "32A2(b)"),
    "32B": ("32A2(a)", "32A2(b)"),  # 32B2
}


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


def _take_deferred(table: Table, seat: Seat) -> Deferred:
    deferred = table.deferred_for(seat)
    assert deferred is not None
    table.deferred = without(table.deferred, deferred)
    return deferred


@action(
    "la déclaration du fautif attend le jugement « comparable »",
    "the offender's call awaits the 'comparable' judgement",
)
def await_judgement(table: Table, event: Event) -> None:
    entry = event.entry
    assert entry is not None
    deferred = _take_deferred(table, entry.seat)
    classification = Classification(CallKind.JUDGED, entry.seat, Relation.IN_TURN)
    table.irregularity = Irregularity(entry, classification, deferred=deferred)


@action(
    "le jugement « comparable » est rendu pendant la période de clarification",
    "the 'comparable' judgement is given in the clarification period",
)
def judge_after_the_auction(table: Table, event: Event) -> None:
    """The auction ends (22A); what the judgement still decides (26B, 23C or 72C) awaits the Director."""
    entry = event.entry
    assert entry is not None
    deferred = _take_deferred(table, entry.seat)
    table.pending = (*table.pending, Pending(deferred.law, deferred.original, entry))


@action(
    "le jugement n'a plus d'objet : la donne n'est pas jouée (22B)",
    "the judgement has no object left: the board is not played (22B)",
)
def judgement_lapses(table: Table, event: Event) -> None:
    entry = event.entry
    assert entry is not None
    _take_deferred(table, entry.seat)


def _settle(table: Table, deferred: Deferred, comparable: bool, ended: bool = False) -> None:
    """Comparable: nothing more, the Director may review (23C); 16C does not apply to the cancelled call (23B,
    26A). Not comparable: partner passes once (unless the auction has ended), 26B, 72C."""
    if comparable:
        review(table, "23C")
        table.unauthorized_information = tuple(
            u for u in table.unauthorized_information if u.source != deferred.original
        )
        return
    if not ended:
        bar(table, deferred.offender.partner, PASS_NEXT_TURN, JUDGED_LAWS[deferred.law][1])
    restrict(table, deferred.offender, deferred.original)
    review(table, "72C")


def _settle_judged(comparable: bool) -> Action:
    def settle(table: Table, event: Event) -> None:
        irr = table.irregularity
        assert irr is not None and irr.deferred is not None
        table.irregularity = None
        _settle(table, irr.deferred, comparable)

    if comparable:
        fr, en = "comparable : aucune autre rectification (23C)", "comparable: no further rectification (23C)"
    else:
        fr = "non comparable : le partenaire passe à son prochain tour (26B, 72C)"
        en = "not comparable: partner passes at his next turn (26B, 72C)"
    return action(fr, en, f"settle_{'comparable' if comparable else 'not_comparable'}")(settle)  # type: ignore[no-any-return]


@action(
    "la déclaration portant son jugement est enregistrée et réglée",
    "the call carrying its judgement is recorded and settled",
)
def record_judged_call(table: Table, event: Event) -> None:
    assert event.seat is not None
    deferred = _take_deferred(table, event.seat)
    record_call(table, event)
    _settle(table, deferred, bool(event.comparable))


# After the auction: the judgement awaited on the call that ended it, by law (30B1, 31, 32).
GROUPS = {"30B1": ("30B1",), "31": ("31A2", "31B"), "32": ("32A2", "32B")}


def _pending_judgement(group: str) -> Guard:
    return guard(
        f"le jugement de la Loi {group} est attendu",
        f"the Law {group} judgement is awaited",
        f"judgement_pending_{group}",
        {"some": [var("table.pending"), {"and": [{"in": [var("law"), list(GROUPS[group])]}, var("judged_call")]}]},
    )


def _settle_after_auction(group: str, comparable: bool) -> Action:
    def settle(table: Table, event: Event) -> None:
        p = next(p for p in table.pending if p.law in GROUPS[group] and p.entry is not None)
        table.pending = without(table.pending, p)
        assert p.entry is not None
        _settle(table, Deferred(p.entry.seat, p.law, p.source, p.entry.seat), comparable, ended=True)

    if comparable:
        fr, en = "comparable : aucune autre rectification (23C)", "comparable: no further rectification (23C)"
    else:
        fr, en = (
            "non comparable : 26B et 72C (les annonces sont finies)",
            "not comparable: 26B and 72C (the auction is over)",
        )
    name = f"settle_after_auction_{group}_{'comparable' if comparable else 'not_comparable'}"
    return action(fr, en, name)(settle)  # type: ignore[no-any-return]


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


@action("le passe du joueur tenu de passer est présumé", "the barred player's pass is deemed made")
def deem_barred_pass(table: Table, event: Event) -> None:
    """28A: the call is in rotation; the barred player's turn counts as a pass."""
    assert event.seat is not None
    stand(table, Entry(event.seat.rho, PASS, STANDING, law="28A"))
    event.follow = event.again()


@action(
    "tous les Passe consécutifs sont annulés ; la parole revient au joueur qui a manqué son tour",
    "the consecutive passes are cancelled; the turn goes back to the deprived player",
)
def cancel_passes_17D3(table: Table, event: Event) -> None:
    """17D3: cancel every pass from the first one that skipped a player; the turn is then his.

    16C: « tout joueur ayant passé hors tour étant fautif »: each cancelled pass is UI to the members of
    every offending side (a side one of whose passes skipped a player), other than the player who made it.
    """
    auction = table.auction
    passes = auction.passes_since_last_call()
    first = auction.rotation_break([e.seat for e in passes])
    assert first is not None
    sides = {e.seat.side for e in auction.skipping_passes()}
    offenders = tuple(s for s in Seat if s.side in sides)
    for entry in passes[first:]:
        cancelled = auction.set_status(entry, CANCELLED, "17D3")
        ui(table, cancelled, tuple(s for s in offenders if s is not entry.seat))


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


def _waiting(state: str, kind: CallKind, law: str, fr: str, en: str, accept_fr: str, accept_en: str,
             rho: tuple[str, Action], other: tuple[str, Action]) -> list[Rule]:  # fmt: skip
    rho_law, rho_action = rho
    other_law, other_action = other
    rho_cites = ("29B", "16C2", "72C") if rho_law == "30A" else ("29B",)
    by_turn = by_player_whose_turn_it_was
    return [
        Rule("call", "auction.calling", state, law, fr, en, (KIND_GUARDS[kind],), (hold_irregular_call,)),
        *acceptance_rules(state, "29A", accept_fr, accept_en, call_guards=(NOTHING_HELD,), then=(release_held_call,)),
        Rule("call", state, "auction.calling", "29A",
             "l'adversaire de gauche déclare : il accepte ; la déclaration retenue de son adversaire de droite est annulée (28B)",
             "the LHO calls: he accepts; his RHO's held call is cancelled (28B)",
             (by_offender_lho, call_held), (cancel_held_28B, accept_irregular_call, then_his_call), ruling=True,
             cites=("28B", "16C2")),
        Rule("call", state, None, "29A",
             "le partenaire du fautif déclare avant le choix de l'adversaire de gauche : déclaration retenue",
             "the offender's partner calls before the LHO has chosen: the call is held",
             (by_offender_partner, BEFORE_DIRECTOR, NOTHING_HELD), (hold_partner_call,), cites=("29B",)),
        Rule("call", state, "auction.calling", "28B",
             "le joueur dont c'était le tour déclare : annulation sans rectification",
             "the player whose turn it was calls: cancelled without rectification",
             (by_turn, at_rho_turn, BEFORE_DIRECTOR), (cancel_forfeited, then_his_call), ruling=True, cites=("16C2",)),
        Rule("director", state, None, "29B", "l'arbitre est appelé", "the Director is called", (), (note_director,)),
        Rule("refuse", state, "auction.calling", rho_law, "refusé, au tour de l'adversaire de droite",
             "refused, at the RHO's turn", (by_offender_lho, at_rho_turn), (rho_action, release_held_call),
             ruling=True, cites=rho_cites),
        Rule("call", state, "auction.calling", rho_law, "le joueur dont c'était le tour déclare : refusé (29B)",
             "the player whose turn it was calls: refused (29B)", (by_turn, at_rho_turn, director_present, NOTHING_HELD),
             (rho_action, then_his_call), ruling=True, cites=rho_cites),
        Rule("refuse", state, "auction.calling", other_law, "refusé, au tour du partenaire ou de l'adversaire de gauche",
             "refused, at partner's or the LHO's turn", (by_offender_lho, AT_OTHER_TURN), (other_action, release_held_call),
             ruling=True, cites=("29B", "16C2")),
        Rule("call", state, "auction.calling", other_law, "le partenaire déclare à son tour : refusé (29B)",
             "partner calls in turn: refused (29B)", (by_turn, AT_OTHER_TURN, director_present, NOTHING_HELD),
             (other_action, then_his_call), ruling=True, cites=("29B", "16C2")),
    ]  # fmt: skip


FAMILY_GUARDS = {family: _family_is(family) for family in JUDGED_LAWS}
JUDGED_CALL = KIND_GUARDS[CallKind.JUDGED]
SETTLE_COMPARABLE = _settle_judged(True)
SETTLE_NOT_COMPARABLE = _settle_judged(False)
JUDGEMENT_PENDING = {group: _pending_judgement(group) for group in GROUPS}


def _judged_rules() -> list[Rule]:
    rules = []
    for family, (yes, no) in JUDGED_LAWS.items():
        fam = FAMILY_GUARDS[family]
        rules += [
            Rule("call", "auction.calling", None, yes, "déclaration du fautif, comparable", "the offender's call, comparable",
                 (JUDGED_CALL, fam, CARRIES[True]), (record_judged_call,), ruling=True, cites=("23B", "23C")),
            Rule("call", "auction.calling", None, no, "déclaration du fautif, non comparable", "the offender's call, not comparable",
                 (JUDGED_CALL, fam, CARRIES[False]), (record_judged_call,), ruling=True, cites=("26B", "72C")),
            Rule("judge", RULING, "auction.calling", yes, "comparable", "comparable",
                 (fam, judged("comparable", True)), (SETTLE_COMPARABLE, release_held_call), ruling=True,
                 cites=("23A", "23B", "23C")),
            Rule("judge", RULING, "auction.calling", no, "non comparable", "not comparable",
                 (fam, judged("comparable", False)), (SETTLE_NOT_COMPARABLE, release_held_call), ruling=True,
                 cites=("23A", "26B", "72C")),
        ]  # fmt: skip
    for group, family in (("30B1", "30B1"), ("31", "31A2"), ("32", "32A2")):
        yes, no = JUDGED_LAWS[family]
        rules += [
            Rule("judge", "clarification", None, yes, "après les annonces : comparable", "after the auction: comparable",
                 (JUDGEMENT_PENDING[group], judged("comparable", True)), (_settle_after_auction(group, True),),
                 ruling=True, cites=("23A", "23B", "23C")),
            Rule("judge", "clarification", None, no, "après les annonces : non comparable", "after the auction: not comparable",
                 (JUDGEMENT_PENDING[group], judged("comparable", False)), (_settle_after_auction(group, False),),
                 ruling=True, cites=("23A", "26B", "72C")),
        ]  # fmt: skip
    rules += [
        Rule("call", "auction.calling", None, "23A", "déclaration du fautif à son tour : à juger", "the offender's call at his turn: to be judged",
             (JUDGED_CALL, CARRIES[None]), (record_call,)),
        Rule("call_stands", "auction.calling", RULING, "23A", "déclaration du fautif à son tour : comparable ?",
             "the offender's call at his turn: comparable?", (judged_call_stands, auction_goes_on), (await_judgement,)),
        Rule("call_stands", "auction.calling", None, "23A", "elle termine les annonces : jugement après les annonces",
             "it ends the auction: the judgement comes after it", (judged_call_stands, ends_on_a_contract),
             (judge_after_the_auction,), cites=("22A",)),
        Rule("call_stands", "auction.calling", None, "22B", "elle passe la donne : le jugement n'a plus d'objet",
             "it passes the board out: the judgement has no object", (judged_call_stands, passes_the_board_out),
             (judgement_lapses,), cites=("23A",)),
        Rule("call", RULING, None, "23A", "le joueur suivant déclare avant le jugement : déclaration retenue",
             "the next player calls before the judgement: the call is held", (by_next_player, NOTHING_HELD),
             (hold_call_before_judgement,)),
    ]  # fmt: skip
    for family in ("31A", "32A"):
        for passed in (True, False):
            law = f"{family}{1 if passed else 2}"
            rules.append(
                Rule("call_stands", "auction", None, law,
                     "l'adversaire de droite a passé" if passed else "l'adversaire de droite a déclaré",
                     "the RHO passed" if passed else "the RHO called",
                     (_rho_call(family, passed),), (_settle_rho_call(family, passed),), ruling=False,
                     cites=("26B",) if passed else ())
            )  # fmt: skip
    return rules


# 23A: the call the offender makes at this turn is the one the Director judges comparable or not.
offender_to_be_judged = holder(
    "le fautif dont la prochaine déclaration sera jugée",
    "the offender whose next call will be judged",
    "offender_to_be_judged",
    seats_if({"!=": [{"deferred_law": [var("auction.turn")]}, None]}, var("auction.turn")),
)


def _options(what_fr: str, what_en: str, law: str, cancelled: str = "annulé") -> list[Option]:
    return [
        Option("call", parties.offender_lho, "29A", f"accepte {what_fr} en déclarant", f"accepts {what_en} by calling"),
        Option("accept", parties.offender_lho, "29A", f"accepte {what_fr}", f"accepts {what_en}"),
        Option("refuse", parties.offender_lho, "29B", f"n'accepte pas {what_fr} : {cancelled}, le tour revient au joueur dont c'était le tour",
               f"refuses {what_en}: cancelled, the turn goes back to the player whose turn it was"),
        Option("call", skipped_rho, "28B", "déclare à son tour : annulation sans rectification", "calls in turn: cancelled, no rectification"),
        Option("call", partner_before_choice, "29A", "déclare : sa déclaration est retenue jusqu'au choix de l'adversaire de gauche",
               "calls: his call is held until the LHO has chosen"),
        Option("director", None, law, "l'arbitre est appelé et expose les options de l'adversaire de gauche",
               "the Director is called and sets out the LHO's options"),
    ]  # fmt: skip


MODULE = LawModule(
    name="rotation",
    laws="17D3, 28-34",
    states=[
        StateSpec(PASS_STATE, "30", "Passe hors tour", "Pass out of rotation", waiting=True),
        StateSpec(BID_STATE, "31", "Enchère hors tour", "Bid out of rotation", waiting=True),
        StateSpec(DOUBLE_STATE, "32", "Contre ou surcontre hors tour", "Double or redouble out of rotation", waiting=True),
        StateSpec(RULING, "23A", "Jugement : déclaration comparable ?", "Ruling: comparable call?", waiting=True),
    ],
    rules=[
        Rule("auction_ends", "auction.calling", None, "17D3", "trois Passe dont un hors tour : les annonces continuent",
             "three passes, one out of rotation: the auction goes on", (three_passes_follow, a_player_deprived),
             (cancel_passes_17D3,), ruling=True, cites=("16C",)),
        Rule("call", "auction.calling", None, "28A", "au tour d'un joueur tenu de passer : déclaration en rotation",
             "at a barred player's turn: the call is in rotation", (KIND_GUARDS[CallKind.DEEMED_PASS],), (deem_barred_pass,)),
        *_waiting(PASS_STATE, CallKind.PASS_OUT_OF_ROTATION, "30", "passe hors tour", "pass out of rotation",
                  "le passe hors tour", "the pass out of rotation", ("30A", apply_30A), ("30B1", _free_partner("30B1"))),
        *_waiting(BID_STATE, CallKind.BID_OUT_OF_ROTATION, "31", "enchère hors tour", "bid out of rotation",
                  "l'enchère hors tour", "the bid out of rotation", ("31A", _wait_for_rho("31A")), ("31B", _free_partner("31B"))),
        *_waiting(DOUBLE_STATE, CallKind.DOUBLE_OUT_OF_ROTATION, "32", "contre ou surcontre hors tour",
                  "double or redouble out of rotation", "le contre hors tour", "the double out of rotation",
                  ("32A", _wait_for_rho("32A")), ("32B", _free_partner("32B"))),
        *_judged_rules(),
    ],
    options={
        "auction.calling": [
            Option("call", offender_to_be_judged, "23A",
                   "le fautif déclare à son tour : l'arbitre jugera sa déclaration comparable ou non (30B1, 31A2, 31B, 32A2, 32B)",
                   "the offender calls in turn: the Director will judge whether his call is comparable (30B1, 31A2, 31B, 32A2, 32B)"),
        ],
        PASS_STATE: _options("le passe hors tour", "the pass out of rotation", "30"),
        BID_STATE: _options("l'enchère hors tour", "the bid out of rotation", "31", "annulée"),
        DOUBLE_STATE: _options("le contre hors tour", "the double out of rotation", "32"),
        RULING: [Option("judge", None, "23A", "l'arbitre juge si la déclaration du fautif est comparable",
                        "the Director judges whether the offender's call is comparable"),
                 Option("call", next_player_before_judgement, "23A", "déclare : sa déclaration attend le jugement",
                        "calls: his call waits for the judgement")],
    },
)  # fmt: skip
