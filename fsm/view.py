"""The data view: what the guards that are plain tests on data read, as JSON.

Another implementation builds the same view from its own board and evaluates the JsonLogic
``test`` the machine export gives for such guards (docs/interop.md). The view is also what a
SCXML engine reads through its data model: ``_event.data`` is ``event``, and ``call``,
``irregularity`` and ``table`` are data of the document.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fsm.events import Event
    from fsm.table import Table


def data_view(table: Table, event: Event) -> dict[str, Any]:
    irr = table.irregularity
    declarer = table.auction.declarer()  # the presumed declarer: the auction's, whatever 54A swaps
    leader = declarer.lho if declarer else None
    kind = event.classification.kind.name.lower() if event.classification is not None else None
    return {
        "event": {
            **event.args,
            "name": event.name,
            "seat": event.seat.value if event.seat else None,
            "face_down": event.face_down,
            "comparable": event.comparable,
            "judgement": {event.judgement[0]: event.judgement[1]} if event.judgement else {},
        },
        "call": {"kind": kind},
        "irregularity": None
        if irr is None
        else {
            "offender": irr.entry.seat.value,
            "offender_lho": irr.entry.seat.lho.value,
            "relation": irr.classification.relation.value,
            "director": irr.director,
            "kind": irr.classification.kind.name.lower(),
            "turn": irr.classification.turn.value,
        },
        "table": {
            "state": table.state,
            "turn": table.auction.turn().value,
            "presumed_declarer": declarer.value if declarer else None,
            "presumed_dummy": declarer.partner.value if declarer else None,
            "opening_leader": leader.value if leader else None,
            "leader_partner": leader.partner.value if leader else None,
        },
    }
