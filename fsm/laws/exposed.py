"""Law 24: cards exposed or led during the auction.

A single card below honour rank, not prematurely led: no further rectification (24A). An honour,
or a card prematurely led: the offender's partner must pass at his next turn (24B). Two or more
cards: the same (24C). The cards stay face up until the auction ends; the offending side may not
use them (16C). At the end of the auction the declaring side takes them back (24D); a defender's
become penalty cards (24E): minor for a single card below honour rank exposed unintentionally,
major otherwise (50, 51).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from fsm.calls import Card, Seat
from fsm.laws.normal import AT_END
from fsm.laws.withdrawn import bar, review, ui
from fsm.rulings import PASS_NEXT_TURN, PenaltyCard
from fsm.spec import LawModule, Option, Rule, words

if TYPE_CHECKING:
    from fsm.board import Board, Event


@dataclass(frozen=True, slots=True)
class Exposure:
    seat: Seat
    card: Card
    major: bool  # an honour, a card led, or one of two or more cards (24B, 24C → 50)

    def as_dict(self) -> dict[str, Any]:
        return {"seat": self.seat.value, "card": self.card.pbn()}


@words("une seule carte au-dessous de l'honneur, non attaquée", "a single card below honour rank, not led")
def single_low_card(board: Board, event: Event) -> bool:
    return len(event.cards) == 1 and not event.cards[0].is_honour and not event.led


@words("un seul honneur, ou une carte attaquée prématurément", "a single honour, or a card prematurely led")
def honour_or_led(board: Board, event: Event) -> bool:
    return len(event.cards) == 1 and (event.cards[0].is_honour or event.led)


@words("deux cartes ou plus", "two or more cards")
def several_cards(board: Board, event: Event) -> bool:
    return len(event.cards) >= 2


def _expose(board: Board, event: Event, major: bool) -> None:
    assert event.seat is not None
    for card in event.cards:
        board.exposed.append(Exposure(event.seat, card, major))
        ui(board, f"{event.seat.value}:{card.pbn()}", (event.seat.partner,), "24")


@words(
    "les cartes restent face visible jusqu'à la fin des annonces", "the cards stay face up until the end of the auction"
)
def expose_low(board: Board, event: Event) -> None:
    _expose(board, event, False)


@words(
    "le partenaire du fautif passe à son prochain tour (72C)", "the offender's partner passes at his next turn (72C)"
)
def expose_and_bar(board: Board, event: Event) -> None:
    assert event.seat is not None
    _expose(board, event, True)
    bar(board, event.seat.partner, PASS_NEXT_TURN, "24C" if len(event.cards) >= 2 else "24B")
    review(board, "72C")


def at_end_of_auction(board: Board) -> None:
    """24D / 24E, when the auction ends: back to the hand, or penalty cards."""
    if not board.exposed:
        return
    declarer = board.declarer()
    for x in board.exposed:
        if declarer is None or x.seat.side == declarer.side:
            continue
        board.penalty_cards.append(PenaltyCard(x.seat, x.card, "major" if x.major else "minor"))
    if declarer is not None and any(x.seat.side == declarer.side for x in board.exposed):
        board.rulings.append("24D")
    if board.penalty_cards:
        board.rulings.append("24E")
    board.exposed = []


AT_END.append(at_end_of_auction)

MODULE = LawModule(
    name="exposed",
    laws="24",
    rules=[
        Rule("expose", "auction", None, "24A", "une carte basse exposée", "a low card exposed",
             (single_low_card,), (expose_low,), ruling=True),
        Rule("expose", "auction", None, "24B", "un honneur exposé ou une carte attaquée", "an honour exposed or a card led",
             (honour_or_led,), (expose_and_bar,), ruling=True),
        Rule("expose", "auction", None, "24C", "deux cartes ou plus exposées", "two or more cards exposed",
             (several_cards,), (expose_and_bar,), ruling=True),
    ],
    options={
        "auction": [
            Option("expose", None, "24", "une carte exposée pendant les annonces est signalée", "a card exposed during the auction is reported"),
        ],
    },
)  # fmt: skip
