"""Law 24: cards exposed or led during the auction.

A single card below honour rank, not prematurely led: no further rectification (24A). An honour,
or a card prematurely led: the offender's partner must pass at his next turn (24B). Two or more
cards: the same (24C). The cards stay face up until the auction ends; the offending side may not
use them (16C). When the auction ends the declaring side takes them back (24D); a defender's
become penalty cards (24E): minor for a single card below honour rank exposed unintentionally,
major otherwise (50, 51); and when one defender then holds two or more penalty cards, from one
exposure or several, all of them are major (50B). After a pass-out there is no play: they go
back to the hand.

The FFB's text says « durant la période des annonces », which lasts until the opening lead is
faced (17D1): a card exposed in the clarification period is a Law 24 case too, and since the
declaring side is known then, 24D or 24E applies at once (the machine settles it as at the end of
the auction). The 24B/24C obligation to pass is kept aside with those in force when the auction
ended: it binds partner only if a change of call reopens the auction. The English text says
« during the auction »; the setting ``law24_during = auction`` takes that reading, and a card
exposed after the final pass is then refused under 24.
"""

from __future__ import annotations

from typing import Any

from fsm.bridge.effects import (
    e_append,
    e_back_to_hand,
    e_each,
    e_if,
    e_out_of_hand,
    e_refuse,
    e_remove,
    e_review,
    e_ui,
)
from fsm.bridge.records import PASS_NEXT_TURN
from fsm.engine.decisions import Trigger
from fsm.laws.lead import ALL_MAJOR_WHEN_TWO, card_back, cards_back
from fsm.laws.spec import LawModule, Not, Option, Rule, action, ctx, equals, guard, var

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


# The event's cards that are not already face up as the seat's penalty cards (a change of call reopens
# the auction while they wait, 25A5), nor the seat's face-down opening lead (a change of call awaits
# the Director's judgement while it lies on the table): a card on the table is not exposed a second
# time, and the lead stays the lead; partner has seen it (16C).
_PENALTY_OF_SEAT = {
    "map": [{"filter": [ctx("table.penalty_cards"), {"==": [var("seat"), ctx("event.seat")]}]}, var("card")]
}


def _on_the_table(card: Any, seat: Any) -> dict[str, Any]:
    """``card`` of the event's seat lies on the table: one of his penalty cards, or his opening lead."""
    lead = {"and": [{"==": [card, ctx("table.lead.card")]}, {"==": [seat, ctx("table.lead.seat")]}]}
    return {"or": [{"in": [card, _PENALTY_OF_SEAT]}, lead]}


_NOT_ON_THE_TABLE = {"filter": [var("event.cards"), {"!": _on_the_table(var(""), ctx("event.seat"))}]}


def _lead_shown(cards: Any) -> dict[str, Any]:
    """The seat's face-down opening lead among the cards shown: partner has seen it (16C, 24)."""
    mine = {
        "and": [
            {"==": [var("table.lead.seat"), var("event.seat")]},
            {"in": [var("table.lead.card"), cards]},
            {"!": var("table.lead.faced")},
        ]
    }
    lead = {"cat": [var("table.lead.seat"), ":", var("table.lead.card")]}
    return e_if(mine, [e_ui(lead, [{"partner": [var("event.seat")]}], "24")])


def _expose(major: bool, settled: bool = False) -> list[Any]:
    """Each card stays face up until the auction ends; it is unauthorized information for partner (16C, 24).
    A card already face up is one card still: exposed once, major if either exposure makes it so."""
    seat = ctx("event.seat")
    return [
        _lead_shown(var("event.cards")),
        e_out_of_hand(seat, cards=ctx("event.cards")),  # a card that went back to the hand is shown again
        e_each(
            _NOT_ON_THE_TABLE,
            [
                e_append("exposed", seat=seat, card=var(""), major=major, law="24", unless_same=["seat", "card"]),
                e_ui({"cat": [seat, ":", var("")]}, [{"partner": [seat]}], "24"),
            ],
        ),
        *(_made_major({"in": [var("card"), ctx("event.cards")]}, settled) if major else []),
    ]


def _made_major(card: Any, settled: bool = False) -> list[dict[str, Any]]:
    """The exposed cards of the event's seat that ``card`` picks out are major (24B, 24C). After the
    final pass (``settled``) his cards face up are penalty cards already (24E): a minor one led or shown
    again with others is major now (50B: one card, major if either act makes it so)."""
    where = {"and": [{"==": [var("seat"), ctx("event.seat")]}, card]}
    if settled:
        return [{"update": {"in": "penalty_cards", "where": where, "field": "kind", "value": "major"}}]
    return [{"update": {"in": "exposed", "where": where, "field": "major", "value": True}}]


expose_low = action(
    "les cartes restent face visible jusqu'à la fin des annonces",
    "the cards stay face up until the end of the auction",
    "expose_low",
    _expose(False),
)
_BAR = e_append(
    "obligations",
    seat={"partner": [var("event.seat")]},
    kind=PASS_NEXT_TURN,
    law={"if": [{">=": [{"count": [var("event.cards")]}, 2]}, "24C", "24B"]},
)
expose_and_bar = action(
    "le partenaire du fautif passe à son prochain tour (72C)",
    "the offender's partner passes at his next turn (72C)",
    "expose_and_bar",
    [*_expose(True), _BAR, *e_review("72C")],
)
# After the final pass partner has no next turn to call unless a change of call reopens the auction
# (25A5, 21B1): the obligation joins those kept aside when the auction ended (reopen, add, set aside).
expose_and_bar_aside = action(
    "le partenaire du fautif passera à son prochain tour si les annonces reprennent (72C)",
    "the offender's partner will pass at his next turn if the auction is reopened (72C)",
    "expose_and_bar_aside",
    [*_expose(True, settled=True), {"reopen": {}}, _BAR, {"set_aside": {}}, *e_review("72C")],
)

# 24B: « une carte attaquée prématurément »: a card led face up during the auction is exposed, and
# the offender's partner passes at his next turn. Law 24 covers cards whose face partner could have
# seen (its first paragraph): a card led face down goes back to the hand, with no rectification.
led_face_down = guard("attaquée face cachée", "led face down", "led_face_down", var("event.face_down"))
led_during_the_auction = action(
    "la carte attaquée prématurément reste face visible ; le partenaire du fautif passe à son prochain tour (72C)",
    "the card led prematurely stays face up; the offender's partner passes at his next turn (72C)",
    "led_during_the_auction",
    [
        e_out_of_hand(ctx("event.seat"), ctx("event.card")),  # a card that went back to the hand is led again
        e_if(
            {"!": _on_the_table(var("event.card"), var("event.seat"))},
            [
                e_append(
                    "exposed",
                    seat=var("event.seat"),
                    card=var("event.card"),
                    major=True,
                    law="24",
                    unless_same=["seat", "card"],
                )
            ],
        ),
        *_made_major({"==": [var("card"), ctx("event.card")]}),
        e_ui({"cat": [var("event.seat"), ":", var("event.card")]}, [{"partner": [var("event.seat")]}], "24"),
        e_append("obligations", seat={"partner": [var("event.seat")]}, kind=PASS_NEXT_TURN, law="24B"),
        *e_review("72C"),
    ],
)


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


# 24D: the declaring side's cards go back; with no declarer (a pass-out), every card does (24: no play).
_GOES_BACK = {
    "or": [
        {"==": [ctx("table.declarer"), None]},
        {"==": [{"side": [var("seat")]}, {"side": [ctx("table.declarer")]}]},
    ]
}
_BACK_LAW = {"if": [{"==": [ctx("table.declarer"), None]}, "24", "24D"]}
back_to_hand = action(
    "les cartes retournent dans la main",
    "the cards go back to the hand",
    "back_to_hand",
    [
        {"keep_exposed": {}},
        e_each(
            var("table.exposed"),
            [e_if(_GOES_BACK, [e_append("returned_cards", seat=var("seat"), card=var("card"), law=_BACK_LAW)])],
        ),
        e_remove("exposed", _GOES_BACK),
    ],
)
become_penalty_cards = action(
    "les cartes deviennent des cartes pénalisées ; deux ou plus du même défenseur sont toutes majeures (50B)",
    "the cards become penalty cards; two or more of one defender are all major (50B)",
    "become_penalty_cards",
    [
        {"keep_exposed": {}},
        e_each(
            var("table.exposed"),
            [
                e_append(
                    "penalty_cards",
                    seat=var("seat"),
                    card=var("card"),
                    kind={"if": [var("major"), "major", "minor"]},
                    law="24E",
                )
            ],
        ),
        e_remove("exposed", True),
        ALL_MAJOR_WHEN_TWO,
    ],
)


# 24: « durant la période des annonces » (FFB), which lasts until the lead is faced (17D1); the
# setting `law24_during = auction` reads the English « during the auction » instead.
auction_period_reading = guard(
    "la Loi 24 vaut pendant toute la période des annonces (texte FFB)",
    "Law 24 covers the whole auction period (FFB text)",
    "auction_period_reading",
    equals("settings.law24_during", "auction_period"),
)
AUCTION_ONLY_READING = Not(
    auction_period_reading,
    "la Loi 24 ne vaut que pendant les annonces (texte anglais)",
    "Law 24 covers the auction only (English text)",
)
refuse_after_the_auction = action(
    "refusé : la Loi 24 ne vise que les annonces",
    "refused: Law 24 covers the auction only",
    "refuse_after_the_auction",
    [
        e_refuse(
            "24",
            "lecture du texte anglais : la Loi 24 ne vise que les cartes exposées avant le Passe final",
            "setting 'law24_during = auction': Law 24 covers only cards exposed during the auction",
        )
    ],
)
# A change of call after the face-down lead (25A5) leaves that lead on the table while the auction may
# reopen: the leader cannot put the same card face down a second time (found by the stacked campaign,
# where it was counted both as the lead and as a card back in the hand).
the_face_down_lead_itself = guard(
    "la carte est l'entame face cachée déjà sur la table",
    "the card is the face-down lead already on the table",
    "the_face_down_lead_itself",
    {"and": [
        equals("table.lead.seat", var("event.seat")),
        equals("table.lead.card", var("event.card")),
        {"!": var("table.lead.faced")},
    ]},
)  # fmt: skip
refuse_the_lead_again = action(
    "refusé : cette carte est déjà l'entame face cachée",
    "refused: this card is already the face-down lead",
    "refuse_the_lead_again",
    [
        e_refuse(
            "41A",
            "cette carte est déjà sur la table, entame face cachée : elle ne peut y être posée une seconde fois",
            "this card is already on the table as the face-down lead: it cannot be put there a second time",
        )
    ],
)
# Before the auction commences (no call yet), the WBF Laws Committee's reading (15 August 2017, item 7): the
# card goes back to the hand, with Law 16 for the information and no Law 24 rectification. The setting
# `law24_from = cards_taken` applies 24 from the moment the side takes its cards (17A), as the text reads.
before_the_first_call = guard(
    "avant la première déclaration, lecture de la WBF (la Loi 24 ne s'applique pas encore)",
    "before the first call, the WBF's reading (Law 24 does not apply yet)",
    "before_the_first_call",
    {"and": [equals("settings.law24_from", "first_call"), {"==": [{"count": [var("auction.calls")]}, 0]}]},
)
LED_FACE_UP = Not(led_face_down, "face visible", "face up")
LAW24_APPLIES = Not(
    before_the_first_call,
    "les annonces ont commencé, ou la Loi 24 s'applique dès que le camp a pris ses cartes",
    "the auction has begun, or Law 24 applies once the side has taken its cards",
)
BEFORE_THE_AUCTION = (
    "avant le début des annonces : la carte retourne dans la main, la Loi 16 s'applique à l'information",
    "before the auction commences: the card goes back to the hand, Law 16 applies to the information",
)


def _seen_by_partner(card: Any) -> dict[str, Any]:
    return e_ui({"cat": [ctx("event.seat"), ":", card]}, [{"partner": [ctx("event.seat")]}], "16")


shown_before_the_auction = action(
    *BEFORE_THE_AUCTION,
    "shown_before_the_auction",
    [
        e_out_of_hand(ctx("event.seat"), cards=ctx("event.cards")),
        e_each(
            var("event.cards"),
            [e_append("returned_cards", seat=ctx("event.seat"), card=var(""), law="16"), _seen_by_partner(var(""))],
        ),
    ],
)
led_before_the_auction = action(
    *BEFORE_THE_AUCTION,
    "led_before_the_auction",
    [*e_back_to_hand(ctx("event.seat"), ctx("event.card"), "16"), _seen_by_partner(ctx("event.card"))],
)
# A card exposed once the auction has ended is settled at once, as at its end (24D, 24E).
SETTLE_AT_ONCE = Trigger(
    state="clarification",
    when={">": [{"count": [var("table.exposed")]}, 0]},
    raises="auction_ends",
    law="24",
    fr="carte exposée après la fin des annonces : 24D ou 24E s'applique aussitôt",
    en="a card exposed after the end of the auction: 24D or 24E applies at once",
)


FACE_UNSEEN = (
    "sa face n'a pu être vue du partenaire : elle retourne dans la main, sans rectification",
    "partner could not have seen its face: it goes back to the hand, with no rectification",
)
PASSED_OUT_BACK = (
    "donne passée : pas de jeu de la carte, elle retourne dans la main",
    "passed out: there is no play, it goes back to the hand",
)
NO_DECLARING_SIDE_CARDS = Not(
    declaring_side_exposed, "le camp du déclarant n'en a plus", "the declaring side has none left"
)

MODULE = LawModule(
    name="exposed",
    rank=50,
    laws="24",
    rules=[
        Rule(
            event="expose",
            source="auction",
            dest=None,
            law="24A",
            fr="une carte basse exposée",
            en="a low card exposed",
            guards=(LAW24_APPLIES, single_low_card),
            actions=(expose_low,),
            ruling=True,
        ),
        Rule(
            event="expose",
            source="auction",
            dest=None,
            law="24B",
            fr="un honneur exposé ou une carte attaquée",
            en="an honour exposed or a card led",
            guards=(LAW24_APPLIES, honour_or_led),
            actions=(expose_and_bar,),
            ruling=True,
            cites=("72C",),
        ),
        Rule(
            event="expose",
            source="auction",
            dest=None,
            law="24C",
            fr="deux cartes ou plus exposées",
            en="two or more cards exposed",
            guards=(LAW24_APPLIES, several_cards),
            actions=(expose_and_bar,),
            ruling=True,
            cites=("72C",),
        ),
        Rule(
            event="lead",
            source="auction",
            dest=None,
            law="24B",
            fr="une carte attaquée face visible pendant les annonces",
            en="a card led face up during the auction",
            guards=(LAW24_APPLIES, LED_FACE_UP),
            actions=(led_during_the_auction,),
            ruling=True,
            cites=("72C",),
        ),
        Rule(
            event="expose",
            source="auction",
            dest=None,
            law="16",
            fr="une carte montrée avant le début des annonces (lecture de la WBF)",
            en="a card shown before the auction commences (the WBF's reading)",
            guards=(before_the_first_call,),
            actions=(shown_before_the_auction,),
            outcome=BEFORE_THE_AUCTION,
            ruling=True,
        ),
        Rule(
            event="lead",
            source="auction",
            dest=None,
            law="16",
            fr="une carte attaquée face visible avant le début des annonces (lecture de la WBF)",
            en="a card led face up before the auction commences (the WBF's reading)",
            guards=(before_the_first_call, LED_FACE_UP),
            actions=(led_before_the_auction,),
            outcome=BEFORE_THE_AUCTION,
            ruling=True,
        ),
        Rule(
            event="lead",
            source="auction",
            dest=None,
            law="41A",
            fr="l'entame face cachée posée une seconde fois pendant qu'un changement (25A5) attend : refusé",
            en="the face-down lead put down a second time while a change (25A5) awaits: refused",
            guards=(led_face_down, the_face_down_lead_itself),
            actions=(refuse_the_lead_again,),
        ),
        Rule(
            event="lead",
            source="auction",
            dest=None,
            law="24",
            fr="une carte attaquée face cachée pendant les annonces",
            en="a card led face down during the auction",
            guards=(led_face_down, Not(the_face_down_lead_itself, "une autre carte", "another card")),
            actions=(card_back("24", FACE_UNSEEN),),
            outcome=FACE_UNSEEN,
            ruling=True,
        ),
        # 22B: « Les mains sont remises dans l'étui sans être jouées »: a card shown or led after a
        # pass-out goes back to the hand; there is no play for it to bear on.
        Rule(
            event="expose",
            source="passed_out",
            dest=None,
            law="22B",
            fr="carte exposée après une donne passée",
            en="a card exposed after a pass-out",
            actions=(cards_back("22B", PASSED_OUT_BACK),),
            outcome=PASSED_OUT_BACK,
            ruling=True,
        ),
        Rule(
            event="lead",
            source="passed_out",
            dest=None,
            law="22B",
            fr="carte attaquée après une donne passée",
            en="a card led after a pass-out",
            actions=(card_back("22B", PASSED_OUT_BACK),),
            outcome=PASSED_OUT_BACK,
            ruling=True,
        ),
        # the clarification period (FFB: « durant la période des annonces », 17D1)
        Rule(
            event="expose",
            source="clarification",
            dest=None,
            law="24A",
            fr="une carte basse exposée après la fin des annonces",
            en="a low card exposed after the end of the auction",
            guards=(auction_period_reading, single_low_card),
            actions=(expose_low,),
            ruling=True,
            cites=("17D1",),
        ),
        Rule(
            event="expose",
            source="clarification",
            dest=None,
            law="24B",
            fr="un honneur exposé ou une carte attaquée après la fin des annonces",
            en="an honour exposed or a card led after the end of the auction",
            guards=(auction_period_reading, honour_or_led),
            actions=(expose_and_bar_aside,),
            ruling=True,
            cites=("17D1", "72C"),
        ),
        Rule(
            event="expose",
            source="clarification",
            dest=None,
            law="24C",
            fr="deux cartes ou plus exposées après la fin des annonces",
            en="two or more cards exposed after the end of the auction",
            guards=(auction_period_reading, several_cards),
            actions=(expose_and_bar_aside,),
            ruling=True,
            cites=("17D1", "72C"),
        ),
        Rule(
            event="expose",
            source="clarification",
            dest=None,
            law="24",
            fr="lecture « pendant les annonces » : refusé après le Passe final",
            en="reading 'during the auction': refused after the final pass",
            guards=(AUCTION_ONLY_READING,),
            actions=(refuse_after_the_auction,),
        ),
        Rule(
            event="auction_ends",
            source="clarification",
            dest=None,
            law="24D",
            fr="fin des annonces : cartes du camp du déclarant",
            en="end of the auction: cards of the declaring side",
            guards=(declaring_side_exposed,),
            actions=(back_to_hand,),
            ruling=True,
        ),
        Rule(
            event="auction_ends",
            source="clarification",
            dest=None,
            law="24E",
            fr="fin des annonces : cartes d'un défenseur",
            en="end of the auction: a defender's cards",
            guards=(defender_exposed, NO_DECLARING_SIDE_CARDS),
            actions=(become_penalty_cards,),
            ruling=True,
            cites=("50B",),
        ),
        Rule(
            event="auction_ends",
            source="passed_out",
            dest=None,
            law="24",
            fr="donne passée : pas de jeu de la carte",
            en="passed out: there is no play",
            guards=(cards_exposed,),
            actions=(back_to_hand,),
        ),
    ],
    triggers=[SETTLE_AT_ONCE],
    # A card exposed in the clarification period is reported whenever it is, and ruled on (24), or
    # refused under the reading « during the auction ».
    takes={"clarification": ("expose",), "auction": ("lead",), "passed_out": ("expose", "lead")},
    options={
        "auction": [
            Option(
                event="expose",
                holder=None,
                law="24",
                fr="une carte exposée pendant les annonces est signalée",
                en="a card exposed during the auction is reported",
            ),
        ],
    },
)
