"""Which law a call made during the auction falls under (18D, 19, 25, 29–32, 37, 38, 22, 17D3):
the decision table ``call.kind``, run on every call offered during the auction, before any rule.

The order of the rows is the decision tree the Laws lay down: a bid above seven (38) and an
inadmissible double or redouble (19 → 36) whoever makes them; then, at the caller's own turn, a
barred player's call (37), an insufficient bid (18D → 27), the call a judgement awaits (23A), or a
regular call; at his LHO's turn right after his own call, a change of call (25); at his partner's
turn after a RHO bound to pass, a pass deemed in rotation (28A); the other calls out of rotation
(29) by kind, a pass falling under Law 31, not 30, when it is artificial or made over partner's
artificial call (30C; the Director says a call is artificial: ``artificial`` on the call).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

from fsm.calls import Call, Seat
from fsm.context import CONTEXT, classification_of
from fsm.engine.decisions import Decision, Row
from fsm.events import Event
from fsm.records import CallKind, Classification
from fsm.spec import Guard, action, equals, guard, var

if TYPE_CHECKING:
    from fsm.table import Table

CALL, SEAT, TURN = var("event.call"), var("event.seat"), var("auction.turn")
BID = {">": [{"level": CALL}, 0]}


def _row(kind: CallKind, law: str, when: object, fr: str, en: str) -> Row:
    return Row(law, fr, en, when, kind.name.lower())


# The rows of the caller's own turn: obligations first (a barred player's call is not an
# insufficient bid), then the sufficiency of a bid, then a judgement the call settles. The
# obligations' rows are asked only when some obligation is in force, the judgement's only when some
# consequence is deferred: most calls are made with neither.
IN_TURN = (
    Row("37A", "une obligation est en vigueur", "an obligation is in force", {"count": [var("table.obligations")]}, rows=(
        _row(CallKind.BY_BARRED_PLAYER, "37A", {"and": [{"!=": [CALL, "Pass"]}, {"must_pass": SEAT}]},
             "il doit passer et ne passe pas", "he must pass and does not"),
        _row(CallKind.BY_BARRED_PLAYER, "37A", {"and": [{"must_repeat": SEAT}, {"!=": [CALL, {"must_repeat": SEAT}]}]},
             "il doit répéter sa déclaration et en fait une autre", "he must repeat his call and makes another"),
    )),
    _row(CallKind.INSUFFICIENT, "18D", {"and": [BID, {"insufficient": CALL}]},
         "enchère qui ne surclasse pas la dernière enchère", "a bid that does not supersede the last bid"),
    Row("23A", "une conséquence attend une déclaration", "a consequence awaits a call", {"count": [var("table.deferred")]}, rows=(
        _row(CallKind.JUDGED, "23A", {"deferred_law": SEAT},
             "déclaration qui règle une conséquence en attente", "a call that settles a deferred consequence"),
    )),
    Row("17C", "déclaration régulière", "regular call", then=CallKind.REGULAR.name.lower()),
)  # fmt: skip

KIND = Decision(
    "call.kind", "auction.calling", "call", "17", "nature de la déclaration", "kind of call",
    (
        _row(CallKind.BID_ABOVE_SEVEN, "38", {">": [{"level": CALL}, 7]},
             "enchère au-delà de sept, par qui que ce soit", "a bid above seven, by anyone"),
        _row(CallKind.INADMISSIBLE, "19A1", {"and": [{"in": [CALL, ["X", "XX"]]}, {"!": {"legal": [SEAT, CALL]}}]},
             "contre ou surcontre que 19 n'autorise pas, par qui que ce soit",
             "a double or redouble 19 does not allow, by anyone"),
        Row("17C", "à son tour", "at his own turn", {"==": [SEAT, TURN]}, rows=IN_TURN),
        _row(CallKind.CHANGE, "25", {"==": [{"relation": [SEAT, TURN]}, "LHO_PREV"]},
             "au tour de son adversaire de gauche, juste après sa propre déclaration",
             "at his LHO's turn, right after his own call"),
        _row(CallKind.DEEMED_PASS, "28A", {"and": [{"==": [{"rho": SEAT}, TURN]}, {"must_pass": {"rho": SEAT}}]},
             "au tour de son adversaire de droite, tenu de passer", "at the turn of his RHO, who must pass"),
        _row(CallKind.CHANGE, "21B1", {"and": [var("table.misinformation_ruled"), {"partner_silent": SEAT}]},
             "hors tour après une information erronée, avant que son partenaire déclare",
             "out of rotation after misinformation, before his partner calls"),
        _row(CallKind.PASS_OUT_OF_ROTATION, "30",
             {"and": [{"==": [CALL, "Pass"]}, {"!": var("event.artificial")}, {"!": {"over_partner_artificial": SEAT}}]},
             "passe hors tour, ni artificiel ni sur une déclaration artificielle du partenaire",
             "a pass out of rotation, neither artificial nor over partner's artificial call"),
        _row(CallKind.BID_OUT_OF_ROTATION, "30C", {"or": [{"==": [CALL, "Pass"]}, BID]},
             "enchère hors tour, ou passe hors tour artificiel (30C)",
             "a bid out of rotation, or an artificial pass out of rotation (30C)"),
        Row("32", "contre ou surcontre hors tour", "a double or redouble out of rotation",
            then=CallKind.DOUBLE_OUT_OF_ROTATION.name.lower()),
    ),
    tuple(k.name.lower() for k in CallKind if k is not CallKind.AFTER_FINAL_PASS),
    specialize=("event.call",),  # a few dozen calls: the table is worked out once for each
)  # fmt: skip
DECISIONS = [KIND]


@cache
def _decide_kind() -> Callable[[Table, Event], str]:
    return KIND.compile(CONTEXT)  # the machine compiles its own: this one serves tools and tests only


def classify(table: Table, seat: Seat, call: Call, artificial: bool = False) -> Classification:
    """The classification of a call offered now, as the machine decides it (for tests and tools)."""
    event = Event("call", {}, seat=seat, call=call, artificial=artificial)
    event.kind = _decide_kind()(table, event)
    return classification_of(table, event)


# The irregular call is on the table, neither standing nor cancelled, until someone acts on it.
hold_irregular_call = action(
    "la déclaration irrégulière attend une décision",
    "the irregular call awaits a decision",
    "hold_irregular_call",
    [{"irregularity": {}}],
)


# Each a plain test of the decided kind: the engine offers a call to the rules of its kind only.
KIND_GUARDS: dict[CallKind, Guard] = {
    kind: guard(kind.fr, kind.en, f"call_is_{kind.name.lower()}", equals("call.kind", kind.name.lower()))
    for kind in CallKind
}
