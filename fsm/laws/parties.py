"""Who is who around an irregularity: the option holders that ``options()`` names.

Each holder is an expression that gives an array of seats (docs/expressions.md). The offender's
relation to the player whose turn it was is decided in :func:`fsm.bridge.auction.relation`.
"""

from __future__ import annotations

from fsm.laws.spec import SEATS_ALL, holder, one, var

turn_seat = holder(
    "le joueur dont c'est le tour", "the player whose turn it is", "turn_seat", [var("auction.turn")]
)  # 17C
offender = holder("le fautif", "the offender", "offender", one(var("irregularity.offender")))
# The option holder for acceptance (27A1, 29A, 25B1): always the offender's LHO.
offender_lho = holder(
    "l'adversaire de gauche du fautif", "the offender's LHO", "offender_lho", one(var("irregularity.offender_lho"))
)
opening_leader = holder("l'entameur", "the opening leader", "opening_leader", one(var("table.opening_leader")))
# 41B: the opening leader's partner and the presumed declarer (not the presumed dummy).
leader_partner_and_declarer = holder(
    "le partenaire de l'entameur ou le déclarant présumé",  # each may: the subject of one verb
    "the leader's partner or the presumed declarer",
    "leader_partner_and_declarer",
    {
        "if": [
            {"!=": [var("table.opening_leader"), None]},
            [{"partner": [var("table.opening_leader")]}, {"rho": [var("table.opening_leader")]}],
            [],
        ]
    },
)
declarer = holder("le déclarant", "declarer", "declarer", one(var("table.declarer")))
everyone = holder("tout joueur", "any player", "everyone", SEATS_ALL)
