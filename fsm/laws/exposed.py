"""Law 24: cards exposed or led during the auction.

A single card below honour rank, not prematurely led: no further rectification (24A). An honour,
or a card prematurely led: the offender's partner must pass at his next turn (24B). Two or more
cards: the same (24C). The cards stay face up until the auction ends; the offending side may not
use them (16C). When the auction ends the declaring side takes them back (24D); a defender's
become penalty cards (24E): minor for a single card below honour rank exposed unintentionally,
major otherwise (50, 51); and when one defender then holds two or more penalty cards, from one
exposure or several, all of them are major (50B). After a pass-out there is no play: they go
back to the hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fsm.laws.lead import all_major_when_two
from fsm.laws.withdrawn import bar, review, ui
from fsm.records import PASS_NEXT_TURN, Exposure, PenaltyCard
from fsm.spec import LawModule, Not, Option, Rule, action, ctx, guard, var

if TYPE_CHECKING:
    from fsm.events import Event
    from fsm.table import Table


single_low_card = guard(
    "une seule carte au-dessous de l'honneur, non attaquée",
    "a single card below honour rank, not led",
    "single_low_card",
    {
        "and": [
            {"==": [{"count": [var("event.cards")]}, 1]},
            {"none": [var("event.cards"), {"honour": [var("")]}]},
            {"!": var("event.led")},
        ]
    },
)
honour_or_led = guard(
    "un seul honneur, ou une carte attaquée prématurément",
    "a single honour, or a card prematurely led",
    "honour_or_led",
    {
        "and": [
            {"==": [{"count": [var("event.cards")]}, 1]},
            {"or": [{"some": [var("event.cards"), {"honour": [var("")]}]}, var("event.led")]},
        ]
    },
)
several_cards = guard(
    "deux cartes ou plus", "two or more cards", "several_cards", {">=": [{"count": [var("event.cards")]}, 2]}
)


def _expose(table: Table, event: Event, major: bool) -> None:
    assert event.seat is not None
    for card in event.cards:
        table.exposed = (*table.exposed, Exposure(event.seat, card, major))
        ui(table, f"{event.seat.value}:{card.pbn()}", (event.seat.partner,), "24")


@action(
    "les cartes restent face visible jusqu'à la fin des annonces", "the cards stay face up until the end of the auction"
)
def expose_low(table: Table, event: Event) -> None:
    _expose(table, event, False)


@action(
    "le partenaire du fautif passe à son prochain tour (72C)", "the offender's partner passes at his next turn (72C)"
)
def expose_and_bar(table: Table, event: Event) -> None:
    assert event.seat is not None
    _expose(table, event, True)
    bar(table, event.seat.partner, PASS_NEXT_TURN, "24C" if len(event.cards) >= 2 else "24B")
    review(table, "72C")


def _declaring_side(table: Table) -> str | None:
    declarer = table.declarer()
    return declarer.side if declarer is not None else None


declaring_side_exposed = guard(
    "le camp du déclarant a des cartes exposées",
    "the declaring side has exposed cards",
    "declaring_side_exposed",
    {"some": [var("table.exposed"), {"==": [{"side": [var("seat")]}, {"side": [ctx("table.declarer")]}]}]},
    needs=("exposed",),
)
defender_exposed = guard(
    "un défenseur a des cartes exposées",
    "a defender has exposed cards",
    "defender_exposed",
    {
        "and": [
            {"!=": [var("table.declarer"), None]},
            {"some": [var("table.exposed"), {"!=": [{"side": [var("seat")]}, {"side": [ctx("table.declarer")]}]}]},
        ]
    },
    needs=("exposed",),
)
cards_exposed = guard(
    "des cartes sont exposées", "cards are exposed", "cards_exposed", {">": [{"count": [var("table.exposed")]}, 0]}
)


@action("les cartes retournent dans la main", "the cards go back to the hand")
def back_to_hand(table: Table, event: Event) -> None:
    side = _declaring_side(table)
    table.exposed = tuple(x for x in table.exposed if side is not None and x.seat.side != side)


@action(
    "les cartes deviennent des cartes pénalisées ; deux ou plus du même défenseur sont toutes majeures (50B)",
    "the cards become penalty cards; two or more of one defender are all major (50B)",
)
def become_penalty_cards(table: Table, event: Event) -> None:
    for x in table.exposed:
        table.penalty_cards = (
            *table.penalty_cards,
            PenaltyCard(x.seat, x.card, "major" if x.major else "minor", "24E"),
        )
    table.exposed = ()
    all_major_when_two(table)


NO_DECLARING_SIDE_CARDS = Not(
    declaring_side_exposed, "le camp du déclarant n'en a plus", "the declaring side has none left"
)

MODULE = LawModule(
    name="exposed",
    laws="24",
    rules=[
        Rule("expose", "auction", None, "24A", "une carte basse exposée", "a low card exposed",
             (single_low_card,), (expose_low,), ruling=True),
        Rule("expose", "auction", None, "24B", "un honneur exposé ou une carte attaquée", "an honour exposed or a card led",
             (honour_or_led,), (expose_and_bar,), ruling=True, cites=("72C",)),
        Rule("expose", "auction", None, "24C", "deux cartes ou plus exposées", "two or more cards exposed",
             (several_cards,), (expose_and_bar,), ruling=True, cites=("72C",)),
        Rule("auction_ends", "clarification", None, "24D", "fin des annonces : cartes du camp du déclarant",
             "end of the auction: cards of the declaring side", (declaring_side_exposed,), (back_to_hand,), ruling=True),
        Rule("auction_ends", "clarification", None, "24E", "fin des annonces : cartes d'un défenseur",
             "end of the auction: a defender's cards", (defender_exposed, NO_DECLARING_SIDE_CARDS),
             (become_penalty_cards,), ruling=True, cites=("50B",)),
        Rule("auction_ends", "passed_out", None, "24", "donne passée : pas de jeu de la carte",
             "passed out: there is no play", (cards_exposed,), (back_to_hand,)),
    ],
    options={
        "auction": [
            Option("expose", None, "24", "une carte exposée pendant les annonces est signalée", "a card exposed during the auction is reported"),
        ],
    },
)  # fmt: skip
