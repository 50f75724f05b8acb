"""Laws 21 and 25: changes of call.

A call at one's LHO's turn right after one's own call (30B2, 31C, 32C), or a ``substitute``
("I meant 1♠") while partner has not called since (25A4), waits in ``auction.change_of_call``
for the Director's judgement. Unintended (25A): the intended call replaces the first, with no
lead restriction (25A1), and the LHO may take back a call he made over the first one (25A6).
A change of mind (25B): the LHO may accept the new call by calling over it (25B1: the first call
is withdrawn), otherwise it is cancelled and the first call stands (25B2); 26B then applies
unless the substitute carried ``comparable: true``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from fsm.auction import CANCELLED, STANDING, WITHDRAWN, Entry, Relation
from fsm.calls import Seat
from fsm.events import call_event
from fsm.laws import parties
from fsm.laws.acceptance import by_offender_lho, note_director, then_his_call
from fsm.laws.classify import KIND_GUARDS, CallKind, Classification, hold_irregular_call
from fsm.laws.normal import AFTER_CALL
from fsm.laws.withdrawn import restrict, ui
from fsm.spec import LawModule, Option, Rule, StateSpec, words

if TYPE_CHECKING:
    from fsm.board import Board, Event

STATE = "auction.change_of_call"
INTENDED = "auction.intended_change"


@words(
    "sur sa propre dernière déclaration, le partenaire n'ayant pas déclaré depuis",
    "of his own last call, partner not having called since",
)
def own_call_partner_silent(board: Board, event: Event) -> bool:
    assert event.seat is not None
    return board.auction.partner_silent_since_own_call(event.seat)


@words("jugée non intentionnelle", "judged unintended")
def judged_unintended(board: Board, event: Event) -> bool:
    return event.judgement == ("unintended", True)


@words("jugée intentionnelle (changement d'avis)", "judged intended (a change of mind)")
def judged_intended(board: Board, event: Event) -> bool:
    return event.judgement == ("unintended", False)


@words("jugée fondée sur une information erronée d'un adversaire", "judged based on misinformation from an opponent")
def judged_misinformed(board: Board, event: Event) -> bool:
    return event.judgement == ("misinformation", True)


@words("pas d'information erronée : la Loi 25 s'applique", "no misinformation: Law 25 applies")
def judged_not_misinformed(board: Board, event: Event) -> bool:
    return event.judgement == ("misinformation", False)


@words(
    "par l'adversaire de gauche, sur la déclaration qu'il peut reprendre (25A6)",
    "by the LHO, of the call he may take back (25A6)",
)
def may_withdraw(board: Board, event: Event) -> bool:
    return board.withdrawable is not None and event.seat is board.withdrawable.seat and board.withdraw_law == "25A6"


@words(
    "par l'adversaire de gauche du joueur mal informé, sur sa déclaration suivante (21B2)",
    "by the misinformed player's LHO, of his later call (21B2)",
)
def may_change_after_21B1(board: Board, event: Event) -> bool:
    return board.withdrawable is not None and event.seat is board.withdrawable.seat and board.withdraw_law == "21B2"


@words("la substitution attend le jugement du Directeur", "the substitution awaits the Director's judgement")
def hold_substitution(board: Board, event: Event) -> None:
    assert event.seat is not None
    event.classification = Classification(CallKind.CHANGE, board.auction.turn(), Relation.LHO_PREV)
    hold_irregular_call(board, event)
    assert board.irregularity is not None
    board.irregularity = replace(board.irregularity, comparable=event.comparable)


@words(
    "le Directeur a déjà jugé l'information erronée : 21B1 s'applique",
    "the Director already judged misinformation: 21B1 applies",
)
def apply_ruled_misinformation(board: Board, event: Event) -> None:
    """Issue order "judge(misinformation) then the new call": the change is settled at once (21B1)."""
    from fsm.events import Event as Ev

    if board.misinformation_ruled:
        board.misinformation_ruled = False
        event.follow = Ev("judge", {"misinformation": True}, judgement=("misinformation", True))


@words(
    "le Directeur juge qu'un joueur a déclaré sur une information erronée",
    "the Director judges that a player called on misinformation",
)
def note_misinformation(board: Board, event: Event) -> None:
    """21B1: the misinformed player may now change his call, while his partner has not called since."""
    board.misinformation_ruled = True


def _misinformation_window_closes(board: Board, entry: Entry) -> None:
    """The judgement opens the way for the misinformed player's next call only."""
    board.misinformation_ruled = False


AFTER_CALL.append(_misinformation_window_closes)


def _original(board: Board, seat: Seat) -> Entry:
    return next(e for e in reversed(board.auction.standing()) if e.seat is seat)


def _put_in_place(board: Board, original: Entry, substitute: Entry) -> None:
    """The new call takes the first one's place in the auction, before the calls made over it."""
    entries = board.auction.entries
    entries.remove(next(e for e in entries if e is substitute))
    at = next(i for i, e in enumerate(entries) if e is original) + 1
    entries.insert(at, replace(substitute, status=STANDING))


def _replace_first_call(board: Board, event: Event, law: str, told: tuple[Seat, ...] | None = None) -> None:
    """25A and 21B1: the new call takes the first one's place; the LHO may take back a call made over it."""
    irr = board.irregularity
    assert irr is not None
    offender = irr.entry.seat
    original = _original(board, offender)
    standing = board.auction.standing()
    later = standing[standing.index(original) + 1 :]
    original = board.auction.with_status(original, WITHDRAWN, law)
    ui(board, original, told if told is not None else (offender.partner,))
    board.irregularity = None
    board.opening_lead = None  # 25A5: a face-down lead goes back if the auction reopens
    if not later:  # nobody called over it: the new call is made now, and judged as any call
        board.auction.entries.remove(next(e for e in board.auction.entries if e is irr.entry))
        event.follow = call_event(irr.entry)
        return
    _put_in_place(board, original, irr.entry)
    board.withdrawable = later[0]  # the LHO's call over the first call (25A6, 21B2)
    board.withdraw_law = "25A6" if law == "25A" else "21B2"


@words("la déclaration voulue remplace la première (sans 26B) ; l'adversaire de gauche peut reprendre la sienne",
       "the intended call replaces the first (no 26B); the LHO may take his own back")  # fmt: skip
def apply_25A(board: Board, event: Event) -> None:
    _replace_first_call(board, event, "25A")


@words("la déclaration est changée sans autre rectification ; l'adversaire de gauche peut changer la sienne",
       "the call is changed with no other rectification; the LHO may change his own")  # fmt: skip
def apply_21B1(board: Board, event: Event) -> None:
    """21B1: the misinformed side is not the offending side: its withdrawn call is UI to the opponents only."""
    irr = board.irregularity
    assert irr is not None
    offender = irr.entry.seat
    _replace_first_call(board, event, "21B1", (offender.lho, offender.rho))


@words(
    "changement accepté : la première déclaration est retirée (26B)",
    "change accepted: the first call is withdrawn (26B)",
)
def apply_25B1(board: Board, event: Event) -> None:
    irr = board.irregularity
    assert irr is not None
    offender = irr.entry.seat
    original = board.auction.with_status(_original(board, offender), WITHDRAWN, "25B1")
    _put_in_place(board, original, irr.entry)
    board.opening_lead = None
    ui(board, original, (offender.partner,))
    if irr.comparable is not True:
        restrict(board, offender, original)
    board.irregularity = None


@words(
    "changement refusé : annulé, la première déclaration est maintenue (26B)",
    "change refused: cancelled, the first call stands (26B)",
)
def apply_25B2(board: Board, event: Event) -> None:
    irr = board.irregularity
    assert irr is not None
    offender = irr.entry.seat
    board.auction.with_status(irr.entry, CANCELLED, "25B2")
    ui(board, irr.entry, (offender.partner,))
    if irr.comparable is not True:
        restrict(board, offender, irr.entry)
    board.irregularity = None


@words("sa déclaration est retirée ; il déclare à nouveau", "his call is withdrawn; he calls again")
def withdraw_later_call(board: Board, event: Event) -> None:
    """25A6: the withdrawn call is authorized for his side, unauthorized for the opponents."""
    entry = _take_back(board, "25A6")
    ui(board, entry, (entry.seat.lho, entry.seat.rho), "25A6")


@words("sa déclaration est retirée (16C) ; il déclare à nouveau", "his call is withdrawn (16C); he calls again")
def change_later_call(board: Board, event: Event) -> None:
    """21B2: he is of the side that gave the misinformation: his withdrawn call is UI to his partner."""
    entry = _take_back(board, "21B2")
    ui(board, entry, (entry.seat.partner,))


def _take_back(board: Board, law: str) -> Entry:
    entry = board.withdrawable
    assert entry is not None
    board.withdrawable = None
    return board.auction.with_status(entry, WITHDRAWN, law)


@words("un joueur dont le partenaire n'a pas déclaré depuis", "a player whose partner has not called since")
def may_substitute(board: Board) -> list[Seat]:
    """The option holders of 25A: whoever may still replace his last call."""
    return [seat for seat in parties.everyone(board) if board.auction.partner_silent_since_own_call(seat)]


@words("l'adversaire de gauche qui a déclaré sur la première", "the LHO who called over the first call")
def _withdrawer(board: Board) -> list[Seat]:
    return [board.withdrawable.seat] if board.withdrawable is not None else []


MODULE = LawModule(
    name="changes",
    laws="21, 25",
    states=[
        StateSpec(STATE, "25", "Changement de déclaration", "Change of call", waiting=True),
        StateSpec(INTENDED, "25B", "Changement d'avis", "Change of mind", waiting=True),
    ],
    rules=[
        Rule("call", "auction.calling", STATE, "25", "déclaration au tour de l'adversaire de gauche, juste après la sienne",
             "call at his LHO's turn right after his own", (KIND_GUARDS[CallKind.CHANGE],), (hold_irregular_call, apply_ruled_misinformation)),
        Rule("substitute", "auction.calling", STATE, "25", "le joueur remplace sa dernière déclaration",
             "the player replaces his last call", (own_call_partner_silent,), (hold_substitution, apply_ruled_misinformation)),
        Rule("substitute", "clarification", STATE, "25A5", "après le passe final, le partenaire n'ayant pas déclaré depuis",
             "after the final pass, partner not having called since", (own_call_partner_silent,), (hold_substitution, apply_ruled_misinformation)),
        Rule("judge", "auction.calling", None, "21B1", "information erronée jugée avant le changement",
             "misinformation judged before the change", (judged_misinformed,), (note_misinformation,)),
        Rule("judge", "clarification", None, "21B1", "information erronée jugée avant le changement",
             "misinformation judged before the change", (judged_misinformed,), (note_misinformation,)),
        Rule("director", STATE, None, "25", "le Directeur est appelé", "the Director is called", (), (note_director,)),
        Rule("judge", STATE, "auction.calling", "25A", "non intentionnelle : la déclaration voulue est maintenue",
             "unintended: the intended call stands", (judged_unintended,), (apply_25A,), ruling=True),
        Rule("judge", STATE, "auction.calling", "21B1", "information erronée : la déclaration est changée",
             "misinformation: the call is changed", (judged_misinformed,), (apply_21B1,), ruling=True),
        Rule("judge", STATE, None, "21B1", "pas d'information erronée : reste la question de la Loi 25",
             "no misinformation: the Law 25 question remains", (judged_not_misinformed,)),
        Rule("judge", STATE, INTENDED, "25B", "intentionnelle : l'adversaire de gauche peut l'accepter",
             "intended: the LHO may accept it", (judged_intended,)),
        Rule("director", INTENDED, None, "25B", "le Directeur est appelé", "the Director is called", (), (note_director,)),
        Rule("accept", INTENDED, "auction.calling", "25B1", "l'adversaire de gauche accepte le changement",
             "the LHO accepts the change", (by_offender_lho,), (apply_25B1,), ruling=True),
        Rule("call", INTENDED, "auction.calling", "25B1", "l'adversaire de gauche déclare : il accepte le changement",
             "the LHO calls: he accepts the change", (by_offender_lho,), (apply_25B1, then_his_call), ruling=True),
        Rule("refuse", INTENDED, "auction.calling", "25B2", "l'adversaire de gauche refuse le changement",
             "the LHO refuses the change", (by_offender_lho,), (apply_25B2,), ruling=True),
        Rule("withdraw", "auction.calling", None, "25A6", "l'adversaire de gauche reprend la déclaration faite sur la première",
             "the LHO takes back the call he made over the first one", (may_withdraw,), (withdraw_later_call,), ruling=True),
        Rule("withdraw", "auction.calling", None, "21B2", "l'adversaire de gauche change sa déclaration suivante",
             "the LHO changes his later call", (may_change_after_21B1,), (change_later_call,), ruling=True),
    ],
    options={
        "auction.calling": [
            Option("substitute", may_substitute, "25A", "un joueur remplace sa dernière déclaration tant que son partenaire n'a pas déclaré",
                   "a player replaces his last call while his partner has not called"),
            Option("withdraw", _withdrawer, "25A6 / 21B2", "reprend la déclaration faite sur la déclaration changée",
                   "takes back the call he made over the changed call"),
        ],
        STATE: [
            Option("judge", None, "25A", "le Directeur juge si la première déclaration était non intentionnelle (unintended: true/false)",
                   "the Director judges whether the first call was unintended (unintended: true/false)"),
            Option("judge", None, "21B1", "ou si elle était fondée sur une information erronée (misinformation: true)",
                   "or whether it was based on misinformation (misinformation: true)"),
        ],
        INTENDED: [
            Option("call", parties.offender_lho, "25B1", "accepte le changement en déclarant", "accepts the change by calling"),
            Option("accept", parties.offender_lho, "25B1", "accepte le changement", "accepts the change"),
            Option("refuse", parties.offender_lho, "25B2", "refuse : la première déclaration est maintenue", "refuses: the first call stands"),
        ],
    },
)  # fmt: skip
