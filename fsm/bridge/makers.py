"""Written from the event declarations of :mod:`fsm.bridge.events` by ``make docs``: do not edit.

The checked constructor of each player event (``make_call``…, and :data:`MAKERS` by name), and
the typed methods the ``Board`` has for them (:class:`EventMethods`). Written once as source
rather than made at import: a type checker reads them, and nothing is executed from text.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from fsm.bridge.calls import Call, Card, Lang, Seat, Strain
from fsm.bridge.events import PARSERS, Event, InputError, _missing, _one_of, _unreadable, reading
from fsm.engine.journal import Step

_new = object.__new__
_p_bool = PARSERS["bool"]
_p_call = PARSERS["call"]
_p_card = PARSERS["card"]
_p_cards = PARSERS["cards"]
_p_seat = PARSERS["seat"]
_p_strains = PARSERS["strains"]
_p_suit = PARSERS["suit"]


def make_take_cards(seat: Any = None, lang: Lang | None = None) -> Event:
    """The ``take_cards`` event, its arguments checked and typed."""
    if seat is None:
        raise _missing("take_cards", "seat")
    ev = _new(Event)
    ev.name = "take_cards"
    args: dict[str, Any] = {}
    ev.args = args
    key: str | None = None
    value: Any = None
    try:
        key, value = "seat", seat
        ev.seat, args["seat"] = _p_seat(key, value, lang)
    except InputError as err:
        if key is not None:
            err.details.setdefault("key", key)
        raise
    except (TypeError, ValueError, AttributeError, KeyError):
        raise _unreadable("take_cards", key, value) from None
    return ev


def make_call(
    seat: Any = None,
    call: Any = None,
    artificial: Any = None,
    specifies: Any = None,
    comparable: Any = None,
    names: Any = None,
    lang: Lang | None = None,
) -> Event:
    """The ``call`` event, its arguments checked and typed."""
    if seat is None:
        raise _missing("call", "seat")
    if call is None:
        raise _missing("call", "call")
    ev = _new(Event)
    ev.name = "call"
    args: dict[str, Any] = {}
    ev.args = args
    key: str | None = None
    value: Any = None
    try:
        key, value = "seat", seat
        ev.seat, args["seat"] = _p_seat(key, value, lang)
        key, value = "call", call
        ev.call, args["call"] = _p_call(key, value, lang)
        if artificial is not None:
            key, value = "artificial", artificial
            ev.artificial, args["artificial"] = _p_bool(key, value, lang)
        if specifies is not None:
            key, value = "specifies", specifies
            ev.specifies, args["specifies"] = _p_strains(key, value, lang)
        if comparable is not None:
            key, value = "comparable", comparable
            ev.comparable, args["comparable"] = _p_bool(key, value, lang)
        if names is not None:
            key, value = "names", names
            ev.names, args["names"] = _p_call(key, value, lang)
    except InputError as err:
        if key is not None:
            err.details.setdefault("key", key)
        raise
    except (TypeError, ValueError, AttributeError, KeyError):
        raise _unreadable("call", key, value) from None
    return ev


def make_substitute(
    seat: Any = None,
    call: Any = None,
    artificial: Any = None,
    specifies: Any = None,
    comparable: Any = None,
    lang: Lang | None = None,
) -> Event:
    """The ``substitute`` event, its arguments checked and typed."""
    if seat is None:
        raise _missing("substitute", "seat")
    if call is None:
        raise _missing("substitute", "call")
    ev = _new(Event)
    ev.name = "substitute"
    args: dict[str, Any] = {}
    ev.args = args
    key: str | None = None
    value: Any = None
    try:
        key, value = "seat", seat
        ev.seat, args["seat"] = _p_seat(key, value, lang)
        key, value = "call", call
        ev.call, args["call"] = _p_call(key, value, lang)
        if artificial is not None:
            key, value = "artificial", artificial
            ev.artificial, args["artificial"] = _p_bool(key, value, lang)
        if specifies is not None:
            key, value = "specifies", specifies
            ev.specifies, args["specifies"] = _p_strains(key, value, lang)
        if comparable is not None:
            key, value = "comparable", comparable
            ev.comparable, args["comparable"] = _p_bool(key, value, lang)
    except InputError as err:
        if key is not None:
            err.details.setdefault("key", key)
        raise
    except (TypeError, ValueError, AttributeError, KeyError):
        raise _unreadable("substitute", key, value) from None
    return ev


def make_director(lang: Lang | None = None) -> Event:
    """The ``director`` event, its arguments checked and typed."""
    ev = _new(Event)
    ev.name = "director"
    args: dict[str, Any] = {}
    ev.args = args
    return ev


def make_withdraw(seat: Any = None, lang: Lang | None = None) -> Event:
    """The ``withdraw`` event, its arguments checked and typed."""
    if seat is None:
        raise _missing("withdraw", "seat")
    ev = _new(Event)
    ev.name = "withdraw"
    args: dict[str, Any] = {}
    ev.args = args
    key: str | None = None
    value: Any = None
    try:
        key, value = "seat", seat
        ev.seat, args["seat"] = _p_seat(key, value, lang)
    except InputError as err:
        if key is not None:
            err.details.setdefault("key", key)
        raise
    except (TypeError, ValueError, AttributeError, KeyError):
        raise _unreadable("withdraw", key, value) from None
    return ev


def make_accept(seat: Any = None, lang: Lang | None = None) -> Event:
    """The ``accept`` event, its arguments checked and typed."""
    if seat is None:
        raise _missing("accept", "seat")
    ev = _new(Event)
    ev.name = "accept"
    args: dict[str, Any] = {}
    ev.args = args
    key: str | None = None
    value: Any = None
    try:
        key, value = "seat", seat
        ev.seat, args["seat"] = _p_seat(key, value, lang)
    except InputError as err:
        if key is not None:
            err.details.setdefault("key", key)
        raise
    except (TypeError, ValueError, AttributeError, KeyError):
        raise _unreadable("accept", key, value) from None
    return ev


def make_refuse(seat: Any = None, lang: Lang | None = None) -> Event:
    """The ``refuse`` event, its arguments checked and typed."""
    if seat is None:
        raise _missing("refuse", "seat")
    ev = _new(Event)
    ev.name = "refuse"
    args: dict[str, Any] = {}
    ev.args = args
    key: str | None = None
    value: Any = None
    try:
        key, value = "seat", seat
        ev.seat, args["seat"] = _p_seat(key, value, lang)
    except InputError as err:
        if key is not None:
            err.details.setdefault("key", key)
        raise
    except (TypeError, ValueError, AttributeError, KeyError):
        raise _unreadable("refuse", key, value) from None
    return ev


_judge_types = {
    "comparable": "bool",
    "unintended": "bool",
    "could_see_dummy": "bool",
    "misinformation": "bool",
}  # the declared type of each argument


def make_judge(
    comparable: Any = None,
    unintended: Any = None,
    could_see_dummy: Any = None,
    misinformation: Any = None,
    lang: Lang | None = None,
) -> Event:
    """The ``judge`` event, its arguments checked and typed."""
    ev = _new(Event)
    ev.name = "judge"
    args: dict[str, Any] = {}
    ev.args = args
    key: str | None = None
    value: Any = None
    try:
        given = [
            (k, v)
            for k, v in (
                ("comparable", comparable),
                ("unintended", unintended),
                ("could_see_dummy", could_see_dummy),
                ("misinformation", misinformation),
            )
            if v is not None
        ]
        if len(given) != 1:
            raise _one_of("judge", ["comparable", "unintended", "could_see_dummy", "misinformation"])
        key, value = given[0]
        typed, args[key] = PARSERS[_judge_types[key]](key, value, lang)
        ev.judgement = (key, typed)
    except InputError as err:
        if key is not None:
            err.details.setdefault("key", key)
        raise
    except (TypeError, ValueError, AttributeError, KeyError):
        raise _unreadable("judge", key, value) from None
    return ev


def make_expose(seat: Any = None, cards: Any = None, led: Any = None, lang: Lang | None = None) -> Event:
    """The ``expose`` event, its arguments checked and typed."""
    if seat is None:
        raise _missing("expose", "seat")
    if cards is None:
        raise _missing("expose", "cards")
    ev = _new(Event)
    ev.name = "expose"
    args: dict[str, Any] = {}
    ev.args = args
    key: str | None = None
    value: Any = None
    try:
        key, value = "seat", seat
        ev.seat, args["seat"] = _p_seat(key, value, lang)
        key, value = "cards", cards
        ev.cards, args["cards"] = _p_cards(key, value, lang)
        if led is not None:
            key, value = "led", led
            ev.led, args["led"] = _p_bool(key, value, lang)
    except InputError as err:
        if key is not None:
            err.details.setdefault("key", key)
        raise
    except (TypeError, ValueError, AttributeError, KeyError):
        raise _unreadable("expose", key, value) from None
    return ev


def make_lead(seat: Any = None, card: Any = None, face_down: Any = None, lang: Lang | None = None) -> Event:
    """The ``lead`` event, its arguments checked and typed."""
    if seat is None:
        raise _missing("lead", "seat")
    if card is None:
        raise _missing("lead", "card")
    ev = _new(Event)
    ev.name = "lead"
    args: dict[str, Any] = {}
    ev.args = args
    key: str | None = None
    value: Any = None
    try:
        key, value = "seat", seat
        ev.seat, args["seat"] = _p_seat(key, value, lang)
        key, value = "card", card
        ev.card, args["card"] = _p_card(key, value, lang)
        if face_down is not None:
            key, value = "face_down", face_down
            ev.face_down, args["face_down"] = _p_bool(key, value, lang)
    except InputError as err:
        if key is not None:
            err.details.setdefault("key", key)
        raise
    except (TypeError, ValueError, AttributeError, KeyError):
        raise _unreadable("lead", key, value) from None
    args.setdefault("face_down", False)
    return ev


def make_face_lead(seat: Any = None, lang: Lang | None = None) -> Event:
    """The ``face_lead`` event, its arguments checked and typed."""
    if seat is None:
        raise _missing("face_lead", "seat")
    ev = _new(Event)
    ev.name = "face_lead"
    args: dict[str, Any] = {}
    ev.args = args
    key: str | None = None
    value: Any = None
    try:
        key, value = "seat", seat
        ev.seat, args["seat"] = _p_seat(key, value, lang)
    except InputError as err:
        if key is not None:
            err.details.setdefault("key", key)
        raise
    except (TypeError, ValueError, AttributeError, KeyError):
        raise _unreadable("face_lead", key, value) from None
    return ev


def make_spread(seat: Any = None, lang: Lang | None = None) -> Event:
    """The ``spread`` event, its arguments checked and typed."""
    if seat is None:
        raise _missing("spread", "seat")
    ev = _new(Event)
    ev.name = "spread"
    args: dict[str, Any] = {}
    ev.args = args
    key: str | None = None
    value: Any = None
    try:
        key, value = "seat", seat
        ev.seat, args["seat"] = _p_seat(key, value, lang)
    except InputError as err:
        if key is not None:
            err.details.setdefault("key", key)
        raise
    except (TypeError, ValueError, AttributeError, KeyError):
        raise _unreadable("spread", key, value) from None
    return ev


def make_prohibit(seat: Any = None, suit: Any = None, lang: Lang | None = None) -> Event:
    """The ``prohibit`` event, its arguments checked and typed."""
    if seat is None:
        raise _missing("prohibit", "seat")
    if suit is None:
        raise _missing("prohibit", "suit")
    ev = _new(Event)
    ev.name = "prohibit"
    args: dict[str, Any] = {}
    ev.args = args
    key: str | None = None
    value: Any = None
    try:
        key, value = "seat", seat
        ev.seat, args["seat"] = _p_seat(key, value, lang)
        key, value = "suit", suit
        ev.suit, args["suit"] = _p_suit(key, value, lang)
    except InputError as err:
        if key is not None:
            err.details.setdefault("key", key)
        raise
    except (TypeError, ValueError, AttributeError, KeyError):
        raise _unreadable("prohibit", key, value) from None
    return ev


def make_require(seat: Any = None, suit: Any = None, lang: Lang | None = None) -> Event:
    """The ``require`` event, its arguments checked and typed."""
    if seat is None:
        raise _missing("require", "seat")
    if suit is None:
        raise _missing("require", "suit")
    ev = _new(Event)
    ev.name = "require"
    args: dict[str, Any] = {}
    ev.args = args
    key: str | None = None
    value: Any = None
    try:
        key, value = "seat", seat
        ev.seat, args["seat"] = _p_seat(key, value, lang)
        key, value = "suit", suit
        ev.suit, args["suit"] = _p_suit(key, value, lang)
    except InputError as err:
        if key is not None:
            err.details.setdefault("key", key)
        raise
    except (TypeError, ValueError, AttributeError, KeyError):
        raise _unreadable("require", key, value) from None
    return ev


def make_designate(seat: Any = None, card: Any = None, lang: Lang | None = None) -> Event:
    """The ``designate`` event, its arguments checked and typed."""
    if seat is None:
        raise _missing("designate", "seat")
    if card is None:
        raise _missing("designate", "card")
    ev = _new(Event)
    ev.name = "designate"
    args: dict[str, Any] = {}
    ev.args = args
    key: str | None = None
    value: Any = None
    try:
        key, value = "seat", seat
        ev.seat, args["seat"] = _p_seat(key, value, lang)
        key, value = "card", card
        ev.card, args["card"] = _p_card(key, value, lang)
    except InputError as err:
        if key is not None:
            err.details.setdefault("key", key)
        raise
    except (TypeError, ValueError, AttributeError, KeyError):
        raise _unreadable("designate", key, value) from None
    return ev


def make_leave_penalty_card(seat: Any = None, lang: Lang | None = None) -> Event:
    """The ``leave_penalty_card`` event, its arguments checked and typed."""
    if seat is None:
        raise _missing("leave_penalty_card", "seat")
    ev = _new(Event)
    ev.name = "leave_penalty_card"
    args: dict[str, Any] = {}
    ev.args = args
    key: str | None = None
    value: Any = None
    try:
        key, value = "seat", seat
        ev.seat, args["seat"] = _p_seat(key, value, lang)
    except InputError as err:
        if key is not None:
            err.details.setdefault("key", key)
        raise
    except (TypeError, ValueError, AttributeError, KeyError):
        raise _unreadable("leave_penalty_card", key, value) from None
    return ev


def make_review(seat: Any = None, lang: Lang | None = None) -> Event:
    """The ``review`` event, its arguments checked and typed."""
    if seat is None:
        raise _missing("review", "seat")
    ev = _new(Event)
    ev.name = "review"
    args: dict[str, Any] = {}
    ev.args = args
    key: str | None = None
    value: Any = None
    try:
        key, value = "seat", seat
        ev.seat, args["seat"] = _p_seat(key, value, lang)
    except InputError as err:
        if key is not None:
            err.details.setdefault("key", key)
        raise
    except (TypeError, ValueError, AttributeError, KeyError):
        raise _unreadable("review", key, value) from None
    return ev


def make_explain(seat: Any = None, lang: Lang | None = None) -> Event:
    """The ``explain`` event, its arguments checked and typed."""
    if seat is None:
        raise _missing("explain", "seat")
    ev = _new(Event)
    ev.name = "explain"
    args: dict[str, Any] = {}
    ev.args = args
    key: str | None = None
    value: Any = None
    try:
        key, value = "seat", seat
        ev.seat, args["seat"] = _p_seat(key, value, lang)
    except InputError as err:
        if key is not None:
            err.details.setdefault("key", key)
        raise
    except (TypeError, ValueError, AttributeError, KeyError):
        raise _unreadable("explain", key, value) from None
    return ev


def make_return_hands(lang: Lang | None = None) -> Event:
    """The ``return_hands`` event, its arguments checked and typed."""
    ev = _new(Event)
    ev.name = "return_hands"
    args: dict[str, Any] = {}
    ev.args = args
    return ev


MAKERS: dict[str, Callable[..., Event]] = {
    "take_cards": make_take_cards,
    "call": make_call,
    "substitute": make_substitute,
    "director": make_director,
    "withdraw": make_withdraw,
    "accept": make_accept,
    "refuse": make_refuse,
    "judge": make_judge,
    "expose": make_expose,
    "lead": make_lead,
    "face_lead": make_face_lead,
    "spread": make_spread,
    "prohibit": make_prohibit,
    "require": make_require,
    "designate": make_designate,
    "leave_penalty_card": make_leave_penalty_card,
    "review": make_review,
    "explain": make_explain,
    "return_hands": make_return_hands,
}
reading(MAKERS)


class EventMethods:
    """One method per player event, each returning the steps it fired."""

    def _run(self, event: Event) -> list[Step]:
        raise NotImplementedError

    def take_cards(self, seat: Seat | str, *, lang: Lang | None = None) -> list[Step]:
        """The ``take_cards`` event: 17A: that side's auction period begins (only for a board built with `cards_in_board=True`)"""
        return self._run(make_take_cards(seat, lang=lang))

    def call(
        self,
        seat: Seat | str,
        call: Call | str,
        artificial: bool | None = None,
        specifies: str | Sequence[Strain | str] | None = None,
        comparable: bool | None = None,
        names: Call | str | None = None,
        *,
        lang: Lang | None = None,
    ) -> list[Step]:
        """The ``call`` event: any call made at the table; the machine classifies it. `names` is the bid a double or redouble named, if not the one made (19A3/B3)"""
        return self._run(make_call(seat, call, artificial, specifies, comparable, names, lang=lang))

    def substitute(
        self,
        seat: Seat | str,
        call: Call | str,
        artificial: bool | None = None,
        specifies: str | Sequence[Strain | str] | None = None,
        comparable: bool | None = None,
        *,
        lang: Lang | None = None,
    ) -> list[Step]:
        """The ``substitute`` event: the player replaces his own last call (25), until the end of the auction period: after the final pass until the lead is faced, after a pass-out until the hands are back in the board (25A5, 22B, 17D2)"""
        return self._run(make_substitute(seat, call, artificial, specifies, comparable, lang=lang))

    def director(self, *, lang: Lang | None = None) -> list[Step]:
        """The ``director`` event: the Director is at the table; allowed at any moment; rectifies 36–39 and what the LHO called over (36A, 37A, 38D, 36C)"""
        return self._run(make_director(lang=lang))

    def withdraw(self, seat: Seat | str, *, lang: Lang | None = None) -> list[Step]:
        """The ``withdraw`` event: the LHO takes back the call he made over a changed call (25A6, 21B2)"""
        return self._run(make_withdraw(seat, lang=lang))

    def accept(self, seat: Seat | str, *, lang: Lang | None = None) -> list[Step]:
        """The ``accept`` event: the option holder accepts (27A1, 27B4, 29A, 25B; declarer in 54)"""
        return self._run(make_accept(seat, lang=lang))

    def refuse(self, seat: Seat | str, *, lang: Lang | None = None) -> list[Step]:
        """The ``refuse`` event: the option holder refuses (27B, 29B, 25B2; declarer in 54D)"""
        return self._run(make_refuse(seat, lang=lang))

    def judge(
        self,
        *,
        comparable: bool | None = None,
        unintended: bool | None = None,
        could_see_dummy: bool | None = None,
        misinformation: bool | None = None,
        lang: Lang | None = None,
    ) -> list[Step]:
        """The ``judge`` event: a Director's judgement (one at a time)"""
        return self._run(make_judge(comparable, unintended, could_see_dummy, misinformation, lang=lang))

    def expose(
        self, seat: Seat | str, cards: str | Sequence[Card | str], led: bool | None = None, *, lang: Lang | None = None
    ) -> list[Step]:
        """The ``expose`` event: 24: cards exposed during the auction"""
        return self._run(make_expose(seat, cards, led, lang=lang))

    def lead(
        self, seat: Seat | str, card: Card | str, face_down: bool | None = None, *, lang: Lang | None = None
    ) -> list[Step]:
        """The ``lead`` event: 41A face-down lead, or a faced lead (in turn, out of turn 54, by the declaring side 54E); `face_down` is false by default"""
        return self._run(make_lead(seat, card, face_down, lang=lang))

    def face_lead(self, seat: Seat | str, *, lang: Lang | None = None) -> list[Step]:
        """The ``face_lead`` event: 41C: the face-down lead is faced; the auction period ends (17D1)"""
        return self._run(make_face_lead(seat, lang=lang))

    def spread(self, seat: Seat | str, *, lang: Lang | None = None) -> list[Step]:
        """The ``spread`` event: 54A: declarer spreads his hand and becomes dummy"""
        return self._run(make_spread(seat, lang=lang))

    def prohibit(self, seat: Seat | str, suit: Strain | str, *, lang: Lang | None = None) -> list[Step]:
        """The ``prohibit`` event: declarer prohibits a suit for the opening lead (26B, 50D2)"""
        return self._run(make_prohibit(seat, suit, lang=lang))

    def require(self, seat: Seat | str, suit: Strain | str, *, lang: Lang | None = None) -> list[Step]:
        """The ``require`` event: declarer requires a suit for the opening lead (50D2)"""
        return self._run(make_require(seat, suit, lang=lang))

    def designate(self, seat: Seat | str, card: Card | str, *, lang: Lang | None = None) -> list[Step]:
        """The ``designate`` event: 50D1: declarer designates which of the opening leader's two or more penalty cards he must lead"""
        return self._run(make_designate(seat, card, lang=lang))

    def leave_penalty_card(self, seat: Seat | str, *, lang: Lang | None = None) -> list[Step]:
        """The ``leave_penalty_card`` event: 50D2: declarer leaves the retracted lead as a major penalty card"""
        return self._run(make_leave_penalty_card(seat, lang=lang))

    def review(self, seat: Seat | str, *, lang: Lang | None = None) -> list[Step]:
        """The ``review`` event: 20: at one's own turn unless required to pass (20B); before the lead, the leader (20C2) and the leader's partner and presumed declarer (41B); not dummy"""
        return self._run(make_review(seat, lang=lang))

    def explain(self, seat: Seat | str, *, lang: Lang | None = None) -> list[Step]:
        """The ``explain`` event: 20F1 at one's own turn unless required to pass; 41B in the clarification period"""
        return self._run(make_explain(seat, lang=lang))

    def return_hands(self, *, lang: Lang | None = None) -> list[Step]:
        """The ``return_hands`` event: 17D2: after a pass-out"""
        return self._run(make_return_hands(lang=lang))
