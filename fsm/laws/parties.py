"""Who is who around an irregularity: the offender, the player whose turn it was, the option holder.

Option holders (``options()``) and guards read these; the relation itself is decided in
:func:`fsm.auction.relation`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fsm.calls import Seat
from fsm.spec import words

if TYPE_CHECKING:
    from fsm.board import Board


@words("le joueur dont c'est le tour", "the player whose turn it is")
def turn_seat(board: Board) -> list[Seat]:
    """The player whose turn it is to call (17C)."""
    return [board.auction.turn()]


@words("le fautif", "the offender")
def offender(board: Board) -> list[Seat]:
    irr = board.irregularity
    return [irr.entry.seat] if irr else []


@words("l'adversaire de gauche du fautif", "the offender's LHO")
def offender_lho(board: Board) -> list[Seat]:
    """The option holder for acceptance (27A1, 29A, 25B1): always the offender's LHO."""
    irr = board.irregularity
    return [irr.entry.seat.lho] if irr else []


@words("l'entameur", "the opening leader")
def opening_leader(board: Board) -> list[Seat]:
    seat = board.opening_leader()
    return [seat] if seat else []


@words("le partenaire de l'entameur et le déclarant présumé", "the leader's partner and the presumed declarer")
def leader_partner_and_declarer(board: Board) -> list[Seat]:
    """41B: the opening leader's partner and the presumed declarer (not the presumed dummy)."""
    leader = board.opening_leader()
    return [leader.partner, leader.rho] if leader else []


@words("le déclarant", "declarer")
def declarer(board: Board) -> list[Seat]:
    seat = board.declarer()
    return [seat] if seat else []


@words("tout joueur", "any player")
def everyone(board: Board) -> list[Seat]:
    return list(Seat)
