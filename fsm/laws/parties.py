"""Who is who around an irregularity: the option holders that ``options()`` names.

The offender's relation to the player whose turn it was is decided in :func:`fsm.auction.relation`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fsm.calls import SEATS, Seat
from fsm.spec import holder

if TYPE_CHECKING:
    from fsm.table import Table


@holder("le joueur dont c'est le tour", "the player whose turn it is")
def turn_seat(table: Table) -> list[Seat]:
    """The player whose turn it is to call (17C)."""
    return [table.auction.turn()]


@holder("le fautif", "the offender")
def offender(table: Table) -> list[Seat]:
    irr = table.irregularity
    return [irr.entry.seat] if irr else []


@holder("l'adversaire de gauche du fautif", "the offender's LHO")
def offender_lho(table: Table) -> list[Seat]:
    """The option holder for acceptance (27A1, 29A, 25B1): always the offender's LHO."""
    irr = table.irregularity
    return [irr.entry.seat.lho] if irr else []


@holder("l'entameur", "the opening leader")
def opening_leader(table: Table) -> list[Seat]:
    seat = table.opening_leader()
    return [seat] if seat else []


@holder("le partenaire de l'entameur et le déclarant présumé", "the leader's partner and the presumed declarer")
def leader_partner_and_declarer(table: Table) -> list[Seat]:
    """41B: the opening leader's partner and the presumed declarer (not the presumed dummy)."""
    leader = table.opening_leader()
    return [leader.partner, leader.rho] if leader else []


@holder("le déclarant", "declarer")
def declarer(table: Table) -> list[Seat]:
    seat = table.declarer()
    return [seat] if seat else []


@holder("tout joueur", "any player")
def everyone(table: Table) -> list[Seat]:
    return list(SEATS)
