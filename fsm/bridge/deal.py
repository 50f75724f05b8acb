"""A deal in the form of the PBN ``Deal`` tag: ``"N:AKQ2.KJ3.T98.Q76 J98.AQ2.KQ3.JT98 ..."``.

The letter before the colon is the seat of the first hand; the hands follow clockwise, each one
``spades.hearts.diamonds.clubs`` (PBN 2.1 §3.4.11); the French R D V and 10 are read as K Q J T. A
scenario's deal is complete: four hands of
thirteen cards, the fifty-two cards each once.
"""

from __future__ import annotations

from fsm.bridge.calls import SEAT_NAMES

SEATS = "NESW"
SUITS = "SHDC"
RANKS = "AKQJT98765432"
_FRENCH = str.maketrans("RDV", "KQJ")  # roi, dame, valet

Hands = dict[str, dict[str, str]]


class DealError(ValueError):
    """What is wrong with a deal, in French and in English."""

    def __init__(self, fr: str, en: str):
        super().__init__(en)
        self.fr, self.en = fr, en


def parse_deal(text: str) -> Hands:
    """Seat letter (N/E/S/W) -> suit letter (S/H/D/C) -> ranks, highest first ("AKQ2")."""
    first, sep, body = text.strip().partition(":")
    first = first.strip().upper()
    if not sep or first not in SEATS or len(first) != 1:
        raise DealError(
            "la donne doit commencer par la position de la première main, par exemple « N: »",
            "the deal must begin with the seat of the first hand, e.g. 'N:'",
        )
    parts = body.split()
    if len(parts) != 4:
        raise DealError(f"la donne compte {len(parts)} mains au lieu de 4", f"the deal has {len(parts)} hands, not 4")
    start = SEATS.index(first)
    hands: Hands = {}
    seen: dict[str, str] = {}
    for offset, part in enumerate(parts):
        seat = SEATS[(start + offset) % 4]
        # as a French player writes them too: R D V for K Q J, 10 for T
        suits = part.upper().replace("10", "T").translate(_FRENCH).split(".")
        if len(suits) != 4:
            raise DealError(
                f"la main de {_FR[seat]} doit avoir quatre couleurs séparées par des points",
                f"{_EN[seat]}'s hand must have four suits separated by dots",
            )
        hand: dict[str, str] = {}
        for suit, ranks in zip(SUITS, suits, strict=True):
            for rank in ranks:
                if rank not in RANKS:
                    raise DealError(
                        f"« {rank} » n'est pas une hauteur de carte (main de {_FR[seat]}) : A R D V 10 9 … 2, "
                        "ou A K Q J T",
                        f"'{rank}' is not a card rank ({_EN[seat]}'s hand): A K Q J T 9 … 2, or the French R D V 10",
                    )
                card = suit + rank
                if card in seen:
                    raise DealError(
                        f"la carte {card} figure deux fois (mains de {_FR[seen[card]]} et de {_FR[seat]})",
                        f"the card {card} is dealt twice ({_EN[seen[card]]}'s and {_EN[seat]}'s hands)",
                    )
                seen[card] = seat
            hand[suit] = "".join(sorted(ranks, key=RANKS.index))
        count = sum(map(len, hand.values()))
        if count != 13:
            raise DealError(
                f"la main de {_FR[seat]} compte {count} cartes au lieu de 13",
                f"{_EN[seat]}'s hand has {count} cards, not 13",
            )
        hands[seat] = hand
    return {seat: hands[seat] for seat in SEATS}


def holds(hands: Hands, seat: str, card: str) -> bool:
    """Whether ``seat`` was dealt ``card`` (PBN form, ``SA``, ``HT``)."""
    return len(card) == 2 and card[1] in hands[seat].get(card[0], "")


_FR, _EN = SEAT_NAMES["fr"], SEAT_NAMES["en"]
