"""The event vocabulary: names, arguments, and their validation into a typed :class:`Event`.

An event is a name and JSON-serialisable keyword arguments (DESIGN.md, "Events"). This module
turns raw arguments (from Python, a scenario file or a log) into typed values, or raises an
:class:`~fsm.errors.InputError` naming the argument; it knows no law.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from fsm.calls import Call, Card, Lang, Seat, Strain, parse_call, parse_card, parse_seat, parse_strain
from fsm.errors import InputError

if TYPE_CHECKING:
    from fsm.laws.classify import Classification

JUDGEMENTS = ("comparable", "unintended", "could_see_dummy", "misinformation")

# event -> (required arguments, optional arguments)
EVENTS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "take_cards": (("seat",), ()),
    "call": (("seat", "call"), ("artificial", "specifies", "comparable", "names")),
    "substitute": (("seat", "call"), ("artificial", "specifies", "comparable")),
    "director": ((), ()),
    "withdraw": (("seat",), ()),
    "accept": (("seat",), ()),
    "refuse": (("seat",), ()),
    "judge": ((), JUDGEMENTS),
    "expose": (("seat", "cards"), ("led",)),
    "lead": (("seat", "card"), ("face_down",)),
    "face_lead": (("seat",), ()),
    "spread": (("seat",), ()),
    "prohibit": (("seat", "suit"), ()),
    "require": (("seat", "suit"), ()),
    "leave_penalty_card": (("seat",), ()),
    "review": (("seat",), ()),
    "explain": (("seat",), ()),
    "return_hands": ((), ()),
}


@dataclass(slots=True)
class Event:
    """One event, its arguments parsed; ``args`` is its normalised, JSON-able form for the log."""

    name: str
    args: dict[str, Any]
    seat: Seat | None = None
    call: Call | None = None
    artificial: bool = False
    specifies: tuple[Strain, ...] | None = None
    comparable: bool | None = None
    judgement: tuple[str, bool] | None = None
    cards: tuple[Card, ...] = ()
    card: Card | None = None
    led: bool = False
    face_down: bool = False
    suit: Strain | None = None
    names: Call | None = None  # 19A3/19B3: the bid a double or redouble named, if not the one made
    classification: Classification | None = None
    follow: Event | None = field(default=None)  # an event the machine handles next (acceptance by calling…)

    def again(self) -> Event:
        """The same event, to be routed afresh from the state the board has reached."""
        return Event(
            self.name, self.args, self.seat, self.call, self.artificial, self.specifies, self.comparable,
            self.judgement, self.cards, self.card, self.led, self.face_down, self.suit, self.names,
        )  # fmt: skip

    def as_log(self) -> dict[str, Any]:
        return {self.name: dict(self.args)}


def _bool(name: str, value: Any) -> bool:
    if isinstance(value, bool):
        return value
    raise InputError(
        f"l'argument « {name} » doit valoir true ou false, pas « {value} »",
        f"argument '{name}' must be true or false, not '{value}'",
        key=name,
    )


def parse_event(name: str, raw: dict[str, Any] | None, lang: Lang | None = None) -> Event:
    """Validate and type one event; the log form keeps PBN tokens whatever ``lang`` was used."""
    if name not in EVENTS:
        raise InputError(
            f"événement inconnu « {name} » (connus : {', '.join(EVENTS)})",
            f"unknown event '{name}' (known: {', '.join(EVENTS)})",
            key=name,
        )
    raw = dict(raw or {})
    required, optional = EVENTS[name]
    unknown = sorted(set(raw) - set(required) - set(optional))
    if unknown:
        raise InputError(
            f"« {name} » ne prend pas l'argument « {unknown[0]} »",
            f"'{name}' takes no argument '{unknown[0]}'",
            key=unknown[0],
        )
    missing = [k for k in required if raw.get(k) is None]
    if missing:
        raise InputError(
            f"« {name} » demande l'argument « {missing[0]} »",
            f"'{name}' needs the argument '{missing[0]}'",
            key=missing[0],
        )
    ev = Event(name, {})
    args = ev.args
    if "seat" in raw:
        ev.seat = parse_seat(raw["seat"], lang)
        args["seat"] = ev.seat.value
    if "call" in raw:
        ev.call = parse_call(raw["call"], lang)
        args["call"] = ev.call.pbn()
    if raw.get("names") is not None:
        ev.names = parse_call(raw["names"], lang)
        args["names"] = ev.names.pbn()
    if raw.get("artificial") is not None:
        ev.artificial = _bool("artificial", raw["artificial"])
        args["artificial"] = ev.artificial
    if raw.get("specifies") is not None:
        spec = raw["specifies"]
        items = spec.split() if isinstance(spec, str) else list(spec)
        ev.specifies = tuple(parse_strain(str(s), lang) for s in items)
        args["specifies"] = [s.value for s in ev.specifies]
    if raw.get("comparable") is not None and name != "judge":
        ev.comparable = _bool("comparable", raw["comparable"])
        args["comparable"] = ev.comparable
    if name == "judge":
        given = [k for k in JUDGEMENTS if raw.get(k) is not None]
        if len(given) != 1:
            raise InputError(
                f"« judge » prend exactement un jugement parmi {', '.join(JUDGEMENTS)}",
                f"'judge' takes exactly one judgement among {', '.join(JUDGEMENTS)}",
                key="judge",
            )
        ev.judgement = (given[0], _bool(given[0], raw[given[0]]))
        args[given[0]] = ev.judgement[1]
    if "cards" in raw:
        items = raw["cards"].split() if isinstance(raw["cards"], str) else list(raw["cards"])
        ev.cards = tuple(parse_card(c, lang) for c in items)
        if not ev.cards:
            raise InputError("« cards » est vide", "'cards' is empty", key="cards")
        args["cards"] = [c.pbn() for c in ev.cards]
    if raw.get("led") is not None:
        ev.led = _bool("led", raw["led"])
        args["led"] = ev.led
    if "card" in raw:
        ev.card = parse_card(raw["card"], lang)
        args["card"] = ev.card.pbn()
    if name == "lead":
        ev.face_down = _bool("face_down", raw.get("face_down", False))
        args["face_down"] = ev.face_down
    if "suit" in raw:
        ev.suit = parse_strain(str(raw["suit"]), lang)
        if not ev.suit.is_suit:
            raise InputError("« suit » doit être une couleur", "'suit' must be a suit", key="suit")
        args["suit"] = ev.suit.value
    return ev


def call_event(entry: Any) -> Event:
    """The ``call`` event that makes this auction entry again (a replacement held, then made)."""
    args = {"seat": entry.seat.value, "call": entry.call.pbn()}
    return Event("call", args, entry.seat, entry.call, entry.artificial, entry.specifies)
