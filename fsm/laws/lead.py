"""Laws 41 and 54: the clarification period, the face-down opening lead, and its facing.

After the final pass the presumed declarer's LHO leads face down (41A); the leader's partner
and the presumed declarer may ask for a review (41B); facing the lead ends the auction
period (41C, 17D1). A faced lead by the wrong defender is a lead out of turn (54).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fsm.laws import parties
from fsm.spec import LawModule, Option, Rule, StateSpec, words

if TYPE_CHECKING:
    from fsm.board import Board, Event


@words("par l'entameur, face cachée", "by the opening leader, face down")
def leader_face_down(board: Board, event: Event) -> bool:
    return event.seat is board.opening_leader() and event.face_down


@words("par l'entameur, face visible", "by the opening leader, face up")
def leader_faced(board: Board, event: Event) -> bool:
    return event.seat is board.opening_leader() and not event.face_down


@words("par le partenaire de l'entameur, face visible", "by the leader's partner, face up")
def partner_of_leader_faced(board: Board, event: Event) -> bool:
    leader = board.opening_leader()
    return leader is not None and event.seat is leader.partner and not event.face_down


@words("par le partenaire de l'entameur, face cachée", "by the leader's partner, face down")
def partner_of_leader_face_down(board: Board, event: Event) -> bool:
    leader = board.opening_leader()
    return leader is not None and event.seat is leader.partner and event.face_down


@words("par l'entameur", "by the opening leader")
def by_leader(board: Board, event: Event) -> bool:
    return event.seat is board.opening_leader()


@words("par le partenaire de l'entameur ou le déclarant présumé", "by the leader's partner or the presumed declarer")
def by_leader_partner_or_declarer(board: Board, event: Event) -> bool:
    return event.seat in parties.leader_partner_and_declarer(board)


@words("avant l'entame", "before the lead")
def before_the_lead(board: Board, event: Event) -> bool:
    return board.opening_lead is None


@words("pas le mort", "not dummy")
def not_dummy(board: Board, event: Event) -> bool:
    return event.seat is not board.dummy()


@words("l'entame est posée", "the lead is placed")
def place_lead(board: Board, event: Event) -> None:
    from fsm.board import Lead

    assert event.seat is not None and event.card is not None
    board.opening_lead = Lead(event.seat, event.card, faced=not event.face_down)


@words("l'entame est retournée", "the lead is faced")
def face_the_lead(board: Board, event: Event) -> None:
    from fsm.board import Lead

    lead = board.opening_lead
    assert lead is not None
    board.opening_lead = Lead(lead.seat, lead.card, faced=True)


@words("la carte retourne dans la main, sans rectification", "the card goes back to the hand, no rectification")
def return_wrong_face_down_lead(board: Board, event: Event) -> None:
    """41A: only the correct leader's face-down card is a lead; the other goes back (practice)."""


@words("la demande est notée", "the request is noted")
def note_clarification(board: Board, event: Event) -> None:
    """41B/20C: the review is given at the table; the board's data does not change."""


MODULE = LawModule(
    name="lead",
    laws="41, 54",
    states=[
        StateSpec("clarification", "17D1", "Période de clarification", "Clarification period"),
        StateSpec("clarification.face_down_lead", "41A", "Entame face cachée attendue", "Face-down lead awaited", initial=True),
        StateSpec("clarification.lead_made", "41B", "Entame face cachée posée", "Face-down lead made"),
        StateSpec("lead_out_of_turn", "54", "Entame hors tour face visible", "Opening lead out of turn", waiting=True),
    ],
    rules=[
        Rule("lead", "clarification.face_down_lead", "clarification.lead_made", "41A",
             "l'entameur entame face cachée", "the leader leads face down", (leader_face_down,), (place_lead,)),
        Rule("lead", "clarification.face_down_lead", "play", "41C",
             "l'entameur entame face visible : le jeu commence", "the leader leads face up: play begins", (leader_faced,), (place_lead,)),
        Rule("lead", "clarification.face_down_lead", None, "41A",
             "entame face cachée du mauvais défenseur : rendue", "face-down lead by the wrong defender: returned",
             (partner_of_leader_face_down,), (return_wrong_face_down_lead,)),
        Rule("lead", "clarification", "lead_out_of_turn", "54",
             "entame face visible par le mauvais défenseur", "faced lead by the wrong defender", (partner_of_leader_faced,), (place_lead,)),
        Rule("face_lead", "clarification.lead_made", "play", "41C",
             "l'entame est retournée : fin de la période des annonces", "the lead is faced: the auction period ends",
             (by_leader,), (face_the_lead,)),
        Rule("review", "play", None, "20C1", "le déclarant ou un défenseur à son premier tour de jouer (20C1)",
             "declarer or a defender at his first turn to play (20C1)", (not_dummy,), (note_clarification,)),
        Rule("review", "clarification", None, "41B", "rappel des annonces (41B, 20C1)", "review of the auction (41B, 20C1)",
             (by_leader_partner_or_declarer,), (note_clarification,)),
        Rule("explain", "clarification", None, "41B", "explications (41B, 20C2)", "explanations (41B, 20C2)",
             (by_leader_partner_or_declarer,), (note_clarification,)),
        Rule("review", "clarification", None, "20C1", "l'entameur, avant d'entamer (20C1)",
             "the opening leader, before leading (20C1)", (by_leader, before_the_lead), (note_clarification,)),
        Rule("explain", "clarification", None, "20F2", "l'entameur, à son tour de jouer (20F2)",
             "the opening leader, at his turn to play (20F2)", (by_leader, before_the_lead), (note_clarification,)),
    ],
    options={
        "clarification.face_down_lead": [
            Option("lead", parties.opening_leader, "41A", "entame face cachée", "leads face down"),
            Option("review", parties.opening_leader, "20C1", "peut demander un rappel des annonces avant d'entamer",
                   "may ask for a review of the auction before leading"),
            Option("review", parties.leader_partner_and_declarer, "41B", "peut demander un rappel des annonces", "may ask for a review of the auction"),
        ],
        "clarification.lead_made": [
            Option("face_lead", parties.opening_leader, "41C", "retourne l'entame : le jeu commence", "faces the lead: play begins"),
            Option("review", parties.leader_partner_and_declarer, "41B", "peut demander un rappel des annonces", "may ask for a review of the auction"),
        ],
        "lead_out_of_turn": [
            Option("director", None, "54", "le Directeur est appelé", "the Director is called"),
        ],
    },
)  # fmt: skip
