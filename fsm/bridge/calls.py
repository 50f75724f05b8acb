"""Seats, denominations, calls and cards: parsing and printing in PBN, French and English.

Machine formats use PBN tokens (``1C``..``7NT``, ``Pass``, ``X``, ``XX``; seats ``N E S W``;
cards ``SK``, ``HT``). French is parsed only when asked (``lang="fr"``) because letters clash:
``C`` is *cœur* in French and clubs in English.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum
from typing import Literal

from fsm.bridge.errors import InputError

Lang = Literal["pbn", "fr", "en"]


# The words of the seats, suits and denominations, in French (the FFB's) and English: this module
# owns them; the rest of the package reads them from here.
SEAT_NAMES: dict[str, dict[str, str]] = {
    "fr": {"N": "Nord", "E": "Est", "S": "Sud", "W": "Ouest"},
    "en": {"N": "North", "E": "East", "S": "South", "W": "West"},
}
SEAT_LETTERS_FR = {"N": "N", "E": "E", "S": "S", "W": "O"}  # Ouest
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
SUIT_NAMES: dict[str, dict[str, str]] = {
    "fr": {"C": "trèfle", "D": "carreau", "H": "cœur", "S": "pique"},
    "en": {"C": "club", "D": "diamond", "H": "heart", "S": "spade"},
}
NOTRUMP = {"fr": "SA", "en": "NT"}  # Sans-Atout


class Seat(str, Enum):
    N = "N"
    E = "E"
    S = "S"
    W = "W"

    # Set on each seat once, below: plain attributes, read at every call.
    lho: Seat
    partner: Seat
    rho: Seat
    side: str  # "NS" or "EW"

    def label(self, lang: Lang = "pbn") -> str:
        if lang == "fr":
            return SEAT_LETTERS_FR[self.value]
        return self.value

    def name_in(self, lang: Lang) -> str:
        return SEAT_NAMES.get(lang, SEAT_NAMES["en"])[self.value]

    def __str__(self) -> str:
        return self.value


SEATS: tuple[Seat, ...] = (Seat.N, Seat.E, Seat.S, Seat.W)
for _i, _seat in enumerate(SEATS):
    _seat.lho, _seat.partner, _seat.rho = SEATS[(_i + 1) % 4], SEATS[(_i + 2) % 4], SEATS[(_i + 3) % 4]
    _seat.side = "NS" if _i % 2 == 0 else "EW"


def parse_seat(text: object, lang: Lang | None = None) -> Seat:
    """``N E S W``; in French ``O`` (Ouest) for West, and the full names in either language."""
    if isinstance(text, Seat):
        return text
    token = str(text).strip()
    key = token.upper()
    aliases = {
        "N": "N", "E": "E", "S": "S", "W": "W",
        "NORTH": "N", "EAST": "E", "SOUTH": "S", "WEST": "W",
        "NORD": "N", "EST": "E", "SUD": "S", "OUEST": "W",
    }  # fmt: skip
    if lang == "fr":
        aliases["O"] = "W"
        aliases.pop("W")
    if key in aliases:
        return Seat(aliases[key])
    raise InputError(
        f"« {token} » n'est pas une place (N, E, S, O)",
        f"'{token}' is not a seat (N, E, S, W)",
        token=token,
    )


class Strain(str, Enum):
    """Denominations in rank order (18B): clubs lowest, notrump highest."""

    C = "C"
    D = "D"
    H = "H"
    S = "S"
    NT = "NT"

    @property
    def rank(self) -> int:
        return STRAINS.index(self)

    @property
    def is_suit(self) -> bool:
        return self is not Strain.NT

    def label(self, lang: Lang = "pbn") -> str:
        if lang in NOTRUMP:
            return NOTRUMP[lang] if self is Strain.NT else SUIT_SYMBOLS[self.value]
        return self.value

    def __str__(self) -> str:
        return self.value


STRAINS: tuple[Strain, ...] = (Strain.C, Strain.D, Strain.H, Strain.S, Strain.NT)
SUITS: tuple[Strain, ...] = STRAINS[:4]
_SYMBOL_TO_SUIT = {v: k for k, v in SUIT_SYMBOLS.items()}
_SYMBOL_TO_SUIT.update({"♤": "S", "♡": "H", "♢": "D", "♧": "C"})
# French suit letters: Trèfle, Carreau, Cœur, Pique.
_FR_SUIT = {"T": "C", "K": "D", "CA": "D", "CO": "H", "C": "H", "P": "S"}
_EN_SUIT = {"C": "C", "D": "D", "H": "H", "S": "S"}


def parse_strain(text: str, lang: Lang | None = None) -> Strain:
    token = text.strip()
    if token in _SYMBOL_TO_SUIT:
        return Strain(_SYMBOL_TO_SUIT[token])
    key = token.upper()
    if lang == "fr":
        if key in ("SA", "NT"):
            return Strain.NT
        if key in _FR_SUIT:
            return Strain(_FR_SUIT[key])
    else:
        if key in ("NT", "N"):
            return Strain.NT
        if key in _EN_SUIT:
            return Strain(key)
    raise InputError(
        f"« {token} » n'est pas une dénomination",
        f"'{token}' is not a denomination",
        token=token,
    )


_TOKENS = {"pass": "Pass", "double": "X", "redouble": "XX"}  # the PBN token of each call that is no bid


@dataclass(frozen=True, slots=True)
class Call:
    """A call: a bid (level and strain), a pass, a double or a redouble.

    Levels above seven are representable on purpose: a bid of eight is an irregularity
    the Laws rectify (38), not an input error.
    """

    kind: Literal["bid", "pass", "double", "redouble"]
    level: int = 0
    strain: Strain | None = None
    # What every call is asked, worked out when it is made (a call is made once, asked often).
    is_bid: bool = field(init=False, repr=False, compare=False)
    is_pass: bool = field(init=False, repr=False, compare=False)
    is_double: bool = field(init=False, repr=False, compare=False)
    is_redouble: bool = field(init=False, repr=False, compare=False)
    rank: int = field(init=False, repr=False, compare=False)  # 18B: a higher rank supersedes a lower one; -1 for no bid
    token: str = field(init=False, repr=False, compare=False)  # its PBN token, as pbn() gives it

    def __post_init__(self) -> None:
        init = object.__setattr__  # the record is frozen: its derived fields are set once, here
        bid = self.kind == "bid"
        init(self, "is_bid", bid)
        init(self, "is_pass", self.kind == "pass")
        init(self, "is_double", self.kind == "double")
        init(self, "is_redouble", self.kind == "redouble")
        init(self, "rank", self.level * 5 + self.strain.rank if bid and self.strain is not None else -1)
        init(self, "token", f"{self.level}{self.strain}" if bid else _TOKENS[self.kind])

    def pbn(self) -> str:
        return self.token

    def label(self, lang: Lang = "pbn") -> str:
        if lang == "pbn":
            return self.pbn()
        if self.kind == "bid":
            assert self.strain is not None
            return f"{self.level}{self.strain.label(lang)}"
        words = {
            "fr": {"pass": "Passe", "double": "Contre", "redouble": "Surcontre"},
            "en": {"pass": "Pass", "double": "Double", "redouble": "Redouble"},
        }
        return words[lang][self.kind]

    def __str__(self) -> str:
        return self.pbn()


PASS = Call("pass")
DOUBLE = Call("double")
REDOUBLE = Call("redouble")

_WORDS: dict[str, dict[str, Call]] = {
    "pbn": {"PASS": PASS, "P": PASS, "X": DOUBLE, "XX": REDOUBLE},
    "en": {
        "PASS": PASS, "P": PASS, "X": DOUBLE, "XX": REDOUBLE,
        "DOUBLE": DOUBLE, "DBL": DOUBLE, "REDOUBLE": REDOUBLE, "RDBL": REDOUBLE,
    },
    "fr": {
        "PASSE": PASS, "P": PASS, "X": DOUBLE, "XX": REDOUBLE,
        "CONTRE": DOUBLE, "SURCONTRE": REDOUBLE,
    },
}  # fmt: skip
_BID = re.compile(r"^(\d+)\s*(.+)$")


def parse_call(text: object, lang: Lang | None = None) -> Call:
    """Parse one call; ``lang`` is ``None``/``"pbn"``/``"en"`` (English and PBN) or ``"fr"``.

    Text that cannot be a call (``1X``, ``0H``, ``Contre-moi``) raises :class:`InputError`.
    """
    if isinstance(text, Call):
        return text
    token = str(text).strip()
    words = _WORDS["fr" if lang == "fr" else "en"]
    upper = token.upper()
    if upper in words:
        return words[upper]
    match = _BID.match(token)
    if match:
        level = int(match.group(1))
        try:
            strain = parse_strain(match.group(2), lang)
        except InputError:
            strain = None
        if strain is not None and level >= 1:
            return Call("bid", level, strain)
    raise InputError(
        f"« {token} » n'est pas une déclaration",
        f"'{token}' is not a call",
        token=token,
    )


RANKS = "23456789TJQKA"
FR_RANK_LETTERS = {"J": "V", "Q": "D", "K": "R"}  # Valet, Dame, Roi
_FR_RANKS = {**{fr: rank for rank, fr in FR_RANK_LETTERS.items()}, "A": "A"}


@dataclass(frozen=True, slots=True)
class Card:
    suit: Strain
    rank: str  # PBN rank letter, T for the ten

    @property
    def is_honour(self) -> bool:
        """Card of honour rank (Law 24B): ace, king, queen, jack or ten."""
        return self.rank in "AKQJT"

    def pbn(self) -> str:
        # the enumeration's value read directly: formatting an Enum member goes through Python code
        return self.suit._value_ + self.rank  # type: ignore[no-any-return]

    def label(self, lang: Lang = "pbn") -> str:
        if lang == "pbn":
            return self.pbn()
        rank = "10" if self.rank == "T" else self.rank
        if lang == "fr":
            rank = FR_RANK_LETTERS.get(rank, rank)
        return f"{SUIT_SYMBOLS[self.suit.value]}{rank}"

    def __str__(self) -> str:
        return self.pbn()


def parse_card(text: object, lang: Lang | None = None) -> Card:
    """``SK``, ``H10``, ``HT``, ``♠K``; in French ``♠R``, ``PR`` (pique roi), ``K10`` (carreau dix)."""
    if isinstance(text, Card):
        return text
    token = str(text).strip()
    body = token.upper()
    suit: Strain | None = None
    rank_text = ""
    if token[:1] in _SYMBOL_TO_SUIT:
        suit, rank_text = Strain(_SYMBOL_TO_SUIT[token[:1]]), token[1:].upper()
    elif lang == "fr" and body[:1] in "TKCP":
        suit, rank_text = Strain(_FR_SUIT[body[:1]]), body[1:]
    elif lang != "fr" and body[:1] in "CDHS":
        suit, rank_text = Strain(body[:1]), body[1:]
    if rank_text == "10":
        rank_text = "T"
    # R, D, V are no English rank: a French player's king, queen and jack are read in either language
    rank_text = _FR_RANKS.get(rank_text, rank_text)
    if suit is None or len(rank_text) != 1 or rank_text not in RANKS:
        raise InputError(
            f"« {token} » n'est pas une carte : une couleur (♠ ♥ ♦ ♣, ou S H D C) puis une hauteur "
            "(A R D V 10 9 … 2, ou A K Q J T)",
            f"'{token}' is not a card: a suit (♠ ♥ ♦ ♣, or S H D C) then a rank (A K Q J T 9 … 2, or the "
            "French R D V and 10)",
            token=token,
        )
    return Card(suit, rank_text)
