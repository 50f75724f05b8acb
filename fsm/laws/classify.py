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

from fsm.bridge.calls import Call, Seat
from fsm.bridge.context import CONTEXT, classification_of
from fsm.bridge.events import Event
from fsm.bridge.records import CallKind, Classification
from fsm.engine.decisions import Decision, Row
from fsm.laws.spec import Guard, action, equals, guard, var

if TYPE_CHECKING:
    from fsm.bridge.table import Table

CALL, SEAT, TURN = var("event.call"), var("event.seat"), var("auction.turn")
BID = {">": [{"level": CALL}, 0]}


def _row(kind: CallKind, law: str, when: object, fr: str, en: str) -> Row:
    return Row(law=law, fr=fr, en=en, when=when, then=kind.name.lower())


# The rows of the caller's own turn: obligations first (a barred player's call is not an
# insufficient bid), then the sufficiency of a bid, then a judgement the call settles. The
# obligations' rows are asked only when some obligation is in force, the judgement's only when some
# consequence is deferred: most calls are made with neither.
IN_TURN = (
    Row(
        law="37A",
        fr="une obligation est en vigueur",
        en="an obligation is in force",
        when={"count": [var("table.obligations")]},
        rows=(
            _row(
                kind=CallKind.BY_BARRED_PLAYER,
                law="37A",
                when={"and": [{"!=": [CALL, "Pass"]}, {"must_pass": SEAT}]},
                fr="il doit passer et ne passe pas",
                en="he must pass and does not",
            ),
            _row(
                kind=CallKind.BY_BARRED_PLAYER,
                law="37A",
                when={"and": [{"must_repeat": SEAT}, {"!=": [CALL, {"must_repeat": SEAT}]}]},
                fr="il doit répéter sa déclaration et en fait une autre",
                en="he must repeat his call and makes another",
            ),
        ),
    ),
    _row(
        kind=CallKind.INSUFFICIENT,
        law="18D",
        when={"and": [BID, {"insufficient": CALL}]},
        fr="enchère qui ne surclasse pas la dernière enchère",
        en="a bid that does not supersede the last bid",
    ),
    Row(
        law="23A",
        fr="une conséquence attend une déclaration",
        en="a consequence awaits a call",
        when={"count": [var("table.deferred")]},
        rows=(
            _row(
                kind=CallKind.JUDGED,
                law="23A",
                when={"deferred_law": SEAT},
                fr="déclaration qui règle une conséquence en attente",
                en="a call that settles a deferred consequence",
            ),
        ),
    ),
    Row(law="17C", fr="déclaration régulière", en="regular call", then=CallKind.REGULAR.name.lower()),
)

KIND = Decision(
    name="call.kind",
    state="auction.calling",
    event="call",
    law="17",
    fr="nature de la déclaration",
    en="kind of call",
    rows=(
        _row(
            kind=CallKind.BID_ABOVE_SEVEN,
            law="38",
            when={">": [{"level": CALL}, 7]},
            fr="enchère au-delà de sept, par qui que ce soit",
            en="a bid above seven, by anyone",
        ),
        _row(
            kind=CallKind.INADMISSIBLE,
            law="19A1",
            when={"and": [{"in": [CALL, ["X", "XX"]]}, {"!": {"legal": [SEAT, CALL]}}]},
            fr="contre ou surcontre que 19 n'autorise pas, par qui que ce soit",
            en="a double or redouble 19 does not allow, by anyone",
        ),
        Row(law="17C", fr="à son tour", en="at his own turn", when={"==": [SEAT, TURN]}, rows=IN_TURN),
        _row(
            kind=CallKind.CHANGE,
            law="25",
            when={"==": [{"relation": [SEAT, TURN]}, "LHO_PREV"]},
            fr="au tour de son adversaire de gauche, juste après sa propre déclaration",
            en="at his LHO's turn, right after his own call",
        ),
        _row(
            kind=CallKind.DEEMED_PASS,
            law="28A",
            when={"and": [{"==": [{"rho": SEAT}, TURN]}, {"must_pass": {"rho": SEAT}}]},
            fr="au tour de son adversaire de droite, tenu de passer",
            en="at the turn of his RHO, who must pass",
        ),
        _row(
            kind=CallKind.CHANGE,
            law="21B1",
            when={"and": [var("table.misinformation_ruled"), {"partner_silent": SEAT}]},
            fr="hors tour après une information erronée, avant que son partenaire déclare",
            en="out of rotation after misinformation, before his partner calls",
        ),
        _row(
            kind=CallKind.PASS_OUT_OF_ROTATION,
            law="30",
            when={
                "and": [
                    {"==": [CALL, "Pass"]},
                    {"!": var("event.artificial")},
                    {"!": {"over_partner_artificial": SEAT}},
                ]
            },
            fr="passe hors tour, ni artificiel ni sur une déclaration artificielle du partenaire",
            en="a pass out of rotation, neither artificial nor over partner's artificial call",
        ),
        _row(
            kind=CallKind.BID_OUT_OF_ROTATION,
            law="30C",
            when={"or": [{"==": [CALL, "Pass"]}, BID]},
            fr="enchère hors tour, ou passe hors tour artificiel (30C)",
            en="a bid out of rotation, or an artificial pass out of rotation (30C)",
        ),
        Row(
            law="32",
            fr="contre ou surcontre hors tour",
            en="a double or redouble out of rotation",
            then=CallKind.DOUBLE_OUT_OF_ROTATION.name.lower(),
        ),
    ),
    outcomes=tuple(k.name.lower() for k in CallKind if k is not CallKind.AFTER_FINAL_PASS),
    specialize=("event.call",),
)
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
