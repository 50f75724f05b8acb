"""Laws 16C, 23 and 26: what every rectification that withdraws or cancels a call leaves behind.

Written here once, as effects the law modules' actions are made of: the obligations to pass, the
lead restriction (26B), what a call not replaced by a comparable one leaves behind (16C, 26B,
72C); and the Director's judgements as guards, the comparable-call judgement (23A) whether it comes
with the call (``comparable`` on the call) or after it (``judge(comparable=...)``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fsm.bridge.effects import e_append, e_each, e_if, e_remove, e_review, e_ui
from fsm.bridge.records import PASS_REST
from fsm.laws.spec import Guard, equals, field_of, guard

# An irregularity awaiting the Director whose call no longer stands (cancelled with the calls after an
# earlier one, 36A, 38B; withdrawn by a change of call, 25A, 21B1, 25A6, 21B2) awaits nothing more. A
# judgement still owed on it is not lost (30B1(b), 31B2, 32B2 « à son tour »): the call it fell on is gone,
# so it falls again on the call its maker makes at his turn, as before that call (docs/readings.md).
_NOT_STANDING = {"!": {"==": [field_of({"call": [{"var": "n"}]}, "status"), "standing"]}}
_MAKER = field_of({"call": [{"var": "n"}]}, "seat")
DROP_CANCELLED_PENDING = e_each(
    {"filter": [{"ctx": "table.pending"}, {"and": [{"!=": [{"var": "n"}, None]}, _NOT_STANDING]}]},
    [
        e_if(
            {"==": [{"var": "awaits"}, "judgement"]},
            [
                e_append(
                    "deferred",
                    offender=_MAKER,
                    law={"var": "law"},
                    original={"var": "source"},
                    call=field_of({"call": [{"var": "n"}]}, "call"),
                    waiting_for=_MAKER,
                )
            ],
        ),
        e_remove("pending", value={"var": ""}),
    ],
)

if TYPE_CHECKING:
    pass


def e_bar(seat: Any, kind: str, law: Any, **call: Any) -> dict[str, Any]:
    """An obligation of ``seat`` to pass (at his next turn, or for the rest of the auction) or to
    repeat a call (31A1, 32A1: ``call=...``)."""
    return e_append("obligations", seat=seat, kind=kind, law=law, **call)


def e_bar_side(offender: Any, law: str) -> list[Any]:
    """37B2, 38C: each member of the offending side passes for the rest of the auction."""
    return [e_bar(offender, PASS_REST, law), e_bar({"partner": [offender]}, PASS_REST, law)]


def e_restrict(offender: Any, source: Any) -> dict[str, Any]:
    """26B: the offender's partner may be prohibited one suit at his first turn to lead."""
    return e_append("lead_restrictions", seat={"partner": [offender]}, law="26B", offender=offender, source=source)


def e_not_comparable(offender: Any, source: Any) -> list[Any]:
    """A call withdrawn and not replaced by a comparable call: UI to the offender's partner (16C),
    a lead restriction (26B), and the Director may adjust after play (72C)."""
    return [e_ui(source, [{"partner": [offender]}]), e_restrict(offender, source), *e_review("72C")]


# --- the Director's judgements -------------------------------------------------------------
_JUDGED = {
    ("comparable", True): ("jugé comparable", "judged comparable"),
    ("comparable", False): ("jugé non comparable", "judged not comparable"),
    ("unintended", True): ("jugée non intentionnelle", "judged unintended"),
    ("unintended", False): ("jugée intentionnelle (changement d'avis)", "judged intended (a change of mind)"),
    ("misinformation", True): (
        "jugée fondée sur une information erronée d'un adversaire",
        "judged based on misinformation from an opponent",
    ),
    ("misinformation", False): ("pas d'information erronée", "no misinformation"),
    ("could_see_dummy", True): (
        "l'arbitre juge que le déclarant a pu voir les cartes du mort",
        "the Director judges declarer could have seen dummy's cards",
    ),
    ("could_see_dummy", False): (
        "l'arbitre juge qu'il n'a pas pu les voir",
        "the Director judges he could not have seen them",
    ),
}


def _judged(key: str, value: bool) -> Guard:
    fr, en = _JUDGED[key, value]
    name = f"judged_{key}" if value else f"judged_not_{key}"
    return guard(fr, en, name, equals(f"event.judgement.{key}", value))


JUDGED: dict[tuple[str, bool], Guard] = {k: _judged(*k) for k in _JUDGED}


def judged(key: str, value: bool) -> Guard:
    """The guard: the Director's judgement ``key`` came with ``value``."""
    return JUDGED[key, value]


_CARRIES = {
    True: ("déclaration portant son jugement « comparable »", "call carrying its 'comparable' judgement"),
    False: ("déclaration portant son jugement « non comparable »", "call carrying its 'not comparable' judgement"),
    None: ("sans jugement joint", "with no judgement attached"),
}


def _carries(value: bool | None) -> Guard:
    name = {True: "carries_comparable", False: "carries_not_comparable", None: "carries_no_judgement"}[value]
    return guard(*_CARRIES[value], name, equals("event.comparable", value))


CARRIES: dict[bool | None, Guard] = {v: _carries(v) for v in (True, False, None)}
