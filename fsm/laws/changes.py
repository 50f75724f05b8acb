"""Laws 21 and 25: changes of call.

A call at one's LHO's turn right after one's own call (30B2, 31C, 32C), or a ``substitute``
("I meant 1♠") while partner has not called since (25A4), waits in ``auction.change_of_call``
for the Director's judgement. Unintended (25A): the intended call replaces the first, with no
lead restriction (25A1), and the LHO may take back a call he made over the first one (25A6).
A change of mind (25B): the LHO may accept the new call by calling over it (25B1: the first call
is withdrawn), otherwise it is cancelled and the first call stands (25B2); 26B then applies
unless the substitute carried ``comparable: true``. A call changed because of misinformation
(21B1) is changed without other rectification, and the LHO may change a later call (21B2).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from fsm.auction import CANCELLED, WITHDRAWN, Entry, Relation
from fsm.calls import Seat
from fsm.errors import IllegalEvent
from fsm.events import Event, call_event
from fsm.laws import parties
from fsm.laws.acceptance import by_offender_lho, note_director, then_his_call
from fsm.laws.classify import KIND_GUARDS, hold_irregular_call
from fsm.laws.withdrawn import judged, restrict, ui
from fsm.records import CallKind, Classification
from fsm.spec import LawModule, Option, Rule, StateSpec, action, guard, holder

if TYPE_CHECKING:
    from fsm.table import Table

STATE = "auction.change_of_call"
INTENDED = "auction.intended_change"


@guard(
    "sur sa propre dernière déclaration, le partenaire n'ayant pas déclaré depuis",
    "of his own last call, partner not having called since",
)
def own_call_partner_silent(table: Table, event: Event) -> bool:
    assert event.seat is not None
    return table.auction.partner_silent_since_own_call(event.seat)


def _may_take_back(law: str) -> object:
    def test(table: Table, event: Event) -> bool:
        return table.withdrawable is not None and event.seat is table.withdrawable.seat and table.withdraw_law == law

    if law == "25A6":
        fr, en = "par l'adversaire de gauche, sur la déclaration qu'il peut reprendre (25A6)", "by the LHO, of the call he may take back (25A6)"  # fmt: skip
    else:
        fr, en = "par l'adversaire de gauche du joueur mal informé, sur sa déclaration suivante (21B2)", "by the misinformed player's LHO, of his later call (21B2)"  # fmt: skip
    return guard(fr, en, f"may_take_back_{law}")(test)


def _window_closes(law: str) -> object:
    def test(table: Table, event: Event) -> bool:
        entry = event.entry
        w = table.withdrawable
        return w is not None and table.withdraw_law == law and entry is not None and entry.seat is not w.seat

    return guard("un autre joueur a déclaré depuis", "another player has called since", f"window_{law}_passed")(test)


MAY_WITHDRAW = _may_take_back("25A6")
MAY_CHANGE = _may_take_back("21B2")


def _nothing_to_take_back(law: str) -> tuple[object, object]:
    """A ``withdraw`` when no call may be taken back: refused under the law of the last change."""

    def test(table: Table, event: Event) -> bool:
        w = table.withdrawable
        return table.withdraw_law == law and (w is None or event.seat is not w.seat)

    def refuse(table: Table, event: Event) -> None:
        raise IllegalEvent(
            "aucune déclaration à reprendre : seul l'adversaire de gauche le peut, avant qu'un autre joueur ne déclare",
            "no call to take back: only the LHO may, before another player calls",
            law=law,
        )

    fr, en = "aucune déclaration qu'il puisse reprendre", "no call he may take back"
    return (
        guard(fr, en, f"nothing_to_take_back_{law}")(test),
        action("le retrait est refusé", "the withdrawal is refused", f"refuse_withdraw_{law}")(refuse),
    )


NOTHING_25A6 = _nothing_to_take_back("25A6")
NOTHING_21B2 = _nothing_to_take_back("21B2")


@guard("l'information erronée a été jugée avant ce changement", "misinformation was judged before this change")
def misinformation_pending(table: Table, event: Event) -> bool:
    return table.misinformation_ruled


@action("la substitution attend le jugement de l'arbitre", "the substitution awaits the Director's judgement")
def hold_substitution(table: Table, event: Event) -> None:
    event.classification = Classification(CallKind.CHANGE, table.auction.turn(), Relation.LHO_PREV)
    hold_irregular_call(table, event)
    assert table.irregularity is not None
    table.irregularity = replace(table.irregularity, comparable=event.comparable)


@action(
    "l'arbitre a déjà jugé l'information erronée : 21B1 s'applique",
    "the Director already judged misinformation: 21B1 applies",
)
def apply_ruled_misinformation(table: Table, event: Event) -> None:
    """The judgement came first, then the new call: the change is settled at once (21B1)."""
    if table.misinformation_ruled:
        table.misinformation_ruled = False
        event.follow = Event("judge", {"misinformation": True}, judgement=("misinformation", True))


@action(
    "l'arbitre juge qu'un joueur a déclaré sur une information erronée",
    "the Director judges that a player called on misinformation",
)
def note_misinformation(table: Table, event: Event) -> None:
    """21B1: the misinformed player may now change his call, while his partner has not called since."""
    table.misinformation_ruled = True


@action("le droit de changer sa déclaration (21B1) est passé", "the right to change the call (21B1) has passed")
def misinformation_window_closes(table: Table, event: Event) -> None:
    table.misinformation_ruled = False


@action("il ne peut plus reprendre sa déclaration", "he may no longer take his call back")
def take_back_window_closes(table: Table, event: Event) -> None:
    table.withdrawable = None


def _original(table: Table, seat: Seat) -> Entry:
    return next(e for e in reversed(table.auction.standing()) if e.seat is seat)


def _replace_first_call(table: Table, event: Event, law: str, told: tuple[Seat, ...] | None = None) -> None:
    """25A and 21B1: the new call takes the first one's place; the LHO may take back a call made over it."""
    irr = table.irregularity
    assert irr is not None
    offender = irr.entry.seat
    original = _original(table, offender)
    standing = table.auction.standing()
    later = standing[standing.index(original) + 1 :]
    original = table.auction.set_status(original, WITHDRAWN, law)
    ui(table, original, told if told is not None else (offender.partner,))
    table.irregularity = None
    table.opening_lead = None  # 25A5: a face-down lead goes back if the auction reopens
    if not later:  # nobody called over it: the new call is made now, and judged as any call
        table.auction.drop(irr.entry)
        event.follow = call_event(irr.entry)
        return
    table.auction.move_after(irr.entry, original)
    table.withdrawable = later[0]  # the LHO's call over the first call (25A6, 21B2)
    table.withdraw_law = "25A6" if law == "25A" else "21B2"


@action("la déclaration voulue remplace la première (sans 26B) ; l'adversaire de gauche peut reprendre la sienne",
        "the intended call replaces the first (no 26B); the LHO may take his own back")  # fmt: skip
def apply_25A(table: Table, event: Event) -> None:
    _replace_first_call(table, event, "25A")


@action("la déclaration est changée sans autre rectification ; l'adversaire de gauche peut changer la sienne",
        "the call is changed with no other rectification; the LHO may change his own")  # fmt: skip
def apply_21B1(table: Table, event: Event) -> None:
    """21B1: the misinformed side is not the offending side: its withdrawn call is UI to the opponents only."""
    irr = table.irregularity
    assert irr is not None
    offender = irr.entry.seat
    _replace_first_call(table, event, "21B1", (offender.lho, offender.rho))


@action(
    "changement accepté : la première déclaration est retirée (26B)",
    "change accepted: the first call is withdrawn (26B)",
)
def apply_25B1(table: Table, event: Event) -> None:
    irr = table.irregularity
    assert irr is not None
    offender = irr.entry.seat
    original = table.auction.set_status(_original(table, offender), WITHDRAWN, "25B1")
    table.auction.move_after(irr.entry, original)
    table.opening_lead = None
    ui(table, original, (offender.partner,))
    if irr.comparable is not True:
        restrict(table, offender, original)
    table.irregularity = None


@action("changement refusé : annulé, la première déclaration est maintenue (26B)",
        "change refused: cancelled, the first call stands (26B)")  # fmt: skip
def apply_25B2(table: Table, event: Event) -> None:
    irr = table.irregularity
    assert irr is not None
    offender = irr.entry.seat
    table.auction.set_status(irr.entry, CANCELLED, "25B2")
    ui(table, irr.entry, (offender.partner,))
    if irr.comparable is not True:
        restrict(table, offender, irr.entry)
    table.irregularity = None


def _take_back(table: Table, law: str) -> Entry:
    entry = table.withdrawable
    assert entry is not None
    table.withdrawable = None
    return table.auction.set_status(entry, WITHDRAWN, law)


@action("sa déclaration est retirée ; il déclare à nouveau", "his call is withdrawn; he calls again")
def withdraw_later_call(table: Table, event: Event) -> None:
    """25A6: the withdrawn call is authorized for his side, unauthorized for the opponents."""
    entry = _take_back(table, "25A6")
    ui(table, entry, (entry.seat.lho, entry.seat.rho), "25A6")


@action("sa déclaration est retirée (16C) ; il déclare à nouveau", "his call is withdrawn (16C); he calls again")
def change_later_call(table: Table, event: Event) -> None:
    """21B2: he is of the side that gave the misinformation: his withdrawn call is UI to his partner."""
    entry = _take_back(table, "21B2")
    ui(table, entry, (entry.seat.partner,))


@holder("un joueur dont le partenaire n'a pas déclaré depuis", "a player whose partner has not called since")
def may_substitute(table: Table) -> list[Seat]:
    """The option holders of 25A: whoever may still replace his last call."""
    return [seat for seat in parties.everyone(table) if table.auction.partner_silent_since_own_call(seat)]


@holder("l'adversaire de gauche qui a déclaré sur la première", "the LHO who called over the first call")
def withdrawer(table: Table) -> list[Seat]:
    return [table.withdrawable.seat] if table.withdrawable is not None else []


MODULE = LawModule(
    name="changes",
    laws="21, 25",
    states=[
        StateSpec(STATE, "25", "Changement de déclaration", "Change of call", waiting=True),
        StateSpec(INTENDED, "25B", "Déclaration intentionnelle", "Call intended", waiting=True),
    ],
    rules=[
        Rule("call", "auction.calling", STATE, "25", "déclaration au tour de l'adversaire de gauche, juste après la sienne",
             "call at his LHO's turn right after his own", (KIND_GUARDS[CallKind.CHANGE],), (hold_irregular_call, apply_ruled_misinformation)),
        Rule("substitute", "auction.calling", STATE, "25", "le joueur remplace sa dernière déclaration",
             "the player replaces his last call", (own_call_partner_silent,), (hold_substitution, apply_ruled_misinformation)),
        Rule("substitute", "clarification", STATE, "25A5", "après le passe final, le partenaire n'ayant pas déclaré depuis",
             "after the final pass, partner not having called since", (own_call_partner_silent,), (hold_substitution, apply_ruled_misinformation)),
        Rule("judge", "auction.calling", None, "21B1", "information erronée jugée avant le changement",
             "misinformation judged before the change", (judged("misinformation", True),), (note_misinformation,)),
        Rule("judge", "clarification", None, "21B1", "information erronée jugée avant le changement",
             "misinformation judged before the change", (judged("misinformation", True),), (note_misinformation,)),
        Rule("director", STATE, None, "25", "l'arbitre est appelé", "the Director is called", (), (note_director,)),
        Rule("judge", STATE, "auction.calling", "25A", "non intentionnelle : la déclaration voulue est maintenue",
             "unintended: the intended call stands", (judged("unintended", True),), (apply_25A,), ruling=True,
             cites=("25A1", "16C")),
        Rule("judge", STATE, "auction.calling", "21B1", "information erronée : la déclaration est changée",
             "misinformation: the call is changed", (judged("misinformation", True),), (apply_21B1,), ruling=True),
        Rule("judge", STATE, None, "21B1", "pas d'information erronée : reste la question de la Loi 25",
             "no misinformation: the Law 25 question remains", (judged("misinformation", False),),
             outcome=("la question de la Loi 25 reste posée", "the Law 25 question remains")),
        Rule("judge", STATE, INTENDED, "25B", "intentionnelle : l'adversaire de gauche peut l'accepter",
             "intended: the LHO may accept it", (judged("unintended", False),),
             outcome=("l'adversaire de gauche peut accepter le changement", "the LHO may accept the change")),
        Rule("director", INTENDED, None, "25B", "l'arbitre est appelé", "the Director is called", (), (note_director,)),
        Rule("accept", INTENDED, "auction.calling", "25B1", "l'adversaire de gauche accepte le changement",
             "the LHO accepts the change", (by_offender_lho,), (apply_25B1,), ruling=True, cites=("16C", "26B")),
        Rule("call", INTENDED, "auction.calling", "25B1", "l'adversaire de gauche déclare : il accepte le changement",
             "the LHO calls: he accepts the change", (by_offender_lho,), (apply_25B1, then_his_call), ruling=True,
             cites=("16C", "26B")),
        Rule("refuse", INTENDED, "auction.calling", "25B2", "l'adversaire de gauche refuse le changement",
             "the LHO refuses the change", (by_offender_lho,), (apply_25B2,), ruling=True, cites=("16C", "26B")),
        Rule("withdraw", "auction.calling", None, "25A6", "l'adversaire de gauche reprend la déclaration faite sur la première",
             "the LHO takes back the call he made over the first one", (MAY_WITHDRAW,), (withdraw_later_call,), ruling=True),
        Rule("withdraw", "auction.calling", None, "21B2", "l'adversaire de gauche change sa déclaration suivante",
             "the LHO changes his later call", (MAY_CHANGE,), (change_later_call,), ruling=True),
        Rule("withdraw", "auction", None, "25A6", "rien à reprendre (25A6)", "nothing to take back (25A6)",
             (NOTHING_25A6[0],), (NOTHING_25A6[1],)),
        Rule("withdraw", "auction", None, "21B2", "rien à changer (21B2)", "nothing to change (21B2)",
             (NOTHING_21B2[0],), (NOTHING_21B2[1],)),
        Rule("call_stands", "auction", None, "25A6", "un autre joueur a déclaré : l'adversaire de gauche ne peut plus reprendre",
             "another player called: the LHO may no longer take back", (_window_closes("25A6"),), (take_back_window_closes,)),
        Rule("call_stands", "auction", None, "21B2", "un autre joueur a déclaré : l'adversaire de gauche ne peut plus changer",
             "another player called: the LHO may no longer change", (_window_closes("21B2"),), (take_back_window_closes,)),
        Rule("call_stands", "auction", None, "21B1", "une déclaration est faite : le jugement ne vaut que pour elle",
             "a call is made: the judgement was for it only", (misinformation_pending,), (misinformation_window_closes,)),
    ],
    options={
        "auction.calling": [
            Option("substitute", may_substitute, "25A", "un joueur remplace sa dernière déclaration tant que son partenaire n'a pas déclaré",
                   "a player replaces his last call while his partner has not called"),
            Option("withdraw", withdrawer, "25A6", "reprend la déclaration faite sur la déclaration changée",
                   "takes back the call he made over the changed call"),
        ],
        STATE: [
            Option("judge", None, "25A", "l'arbitre juge si la première déclaration était non intentionnelle",
                   "the Director judges whether the first call was unintended"),
            Option("judge", None, "21B1", "ou si elle était fondée sur une information erronée",
                   "or whether it was based on misinformation"),
        ],
        INTENDED: [
            Option("call", parties.offender_lho, "25B1", "accepte le changement en déclarant", "accepts the change by calling"),
            Option("accept", parties.offender_lho, "25B1", "accepte le changement", "accepts the change"),
            Option("refuse", parties.offender_lho, "25B2", "refuse : la première déclaration est maintenue", "refuses: the first call stands"),
        ],
    },
)  # fmt: skip
