"""The Board: one deal's data, driven through the shared machine one event at a time.

The Board holds data only; the machine (:mod:`fsm.machine`) routes each event to a rule of a
law module, whose guards read this data and whose actions change it. Every accepted event is
appended to the log; ``Board.replay(board.record())`` rebuilds an identical board.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from fsm.auction import Auction, Entry
from fsm.calls import Card, Lang, Seat, parse_seat
from fsm.errors import FsmError, InputError
from fsm.events import Event, parse_event
from fsm.laws.classify import Classification
from fsm.laws.withdrawn import lead_restrictions_now
from fsm.rulings import (
    REPEAT_CALL,
    Deferred,
    LeadRestriction,
    Obligation,
    PenaltyCard,
    Pending,
    UnauthorizedInformation,
)
from fsm.settings import Settings

VULNERABILITIES = ("None", "NS", "EW", "All")


@dataclass(frozen=True, slots=True)
class Irregularity:
    """The irregular call awaiting an option holder or the Director, and how far its rectification went.

    ``stage`` is the law family's own word (``offered``, ``second``, ``replacement``, ``intended``…);
    ``replacement`` is a call made before the ruling (27C) or awaiting a judgement (23A);
    ``barred`` records that 27B3/27B4 already barred the offender's partner.
    """

    entry: Entry
    classification: Classification
    stage: str = "offered"
    director: bool = False
    replacement: Entry | None = None
    barred: bool = False
    original: Entry | None = None  # the first insufficient bid, when a second one is offered (27B4)
    deferred: Deferred | None = None  # the consequence a judged call settles (30B1, 31A2, 31B, 32A2, 32B)
    comparable: bool | None = None  # carried by a substitute call (25B: 26B unless comparable)

    @property
    def law(self) -> str:
        return self.classification.kind.law

    def as_dict(self) -> dict[str, Any]:
        c = self.classification
        return {
            "law": c.kind.law,
            "kind": c.kind.name.lower(),
            "source": self.entry.token(),
            "turn": c.turn.value,
            "relation": c.relation.value,
        }


@dataclass(frozen=True, slots=True)
class Lead:
    seat: Seat
    card: Card
    faced: bool

    def as_dict(self) -> dict[str, Any]:
        return {"seat": self.seat.value, "card": self.card.pbn(), "faced": self.faced}


@dataclass(frozen=True, slots=True)
class Step:
    """What one event did: the record sismic-style tools keep (and diagrams draw)."""

    event: str
    args: dict[str, Any]
    source: str
    target: str
    law: str
    rule: str

    def as_dict(self) -> dict[str, Any]:
        return {
            "event": self.event,
            "args": self.args,
            "source": self.source,
            "target": self.target,
            "law": self.law,
            "rule": self.rule,
        }


# The data an event may change; saved before each event and restored if it fails.
_DATA = (
    "state",
    "sides_with_cards",
    "auction",
    "irregularity",
    "obligations",
    "deferred",
    "withdrawable",
    "withdraw_law",
    "misinformation_ruled",
    "exposed",
    "lead_restrictions",
    "penalty_cards",
    "unauthorized_information",
    "pending",
    "reviews",
    "rulings",
    "opening_lead",
    "roles_swapped",
    "must_accept_lead",
    "lead_constraints",
    "events",
    "trace",
)


class Board:
    """One board at the table. One method per event (DESIGN.md); each returns the steps it fired."""

    state: str

    def __init__(
        self,
        dealer: Seat | str = "N",
        vulnerable: str = "None",
        settings: dict[str, Any] | Settings | None = None,
        cards_in_board: bool = False,
        engine: Any = None,
    ) -> None:
        from fsm.machine import default_engine, initial_state

        self.engine = engine or default_engine()  # the machine that routes this board's events
        self.dealer = parse_seat(dealer)
        if vulnerable not in VULNERABILITIES:
            raise InputError(
                f"vulnérabilité « {vulnerable} » inconnue ({', '.join(VULNERABILITIES)})",
                f"unknown vulnerability '{vulnerable}' ({', '.join(VULNERABILITIES)})",
                key="vulnerable",
            )
        self.vulnerable = vulnerable
        self.settings = settings if isinstance(settings, Settings) else Settings.from_dict(settings or {})
        self.cards_in_board = cards_in_board
        self.state = initial_state(cards_in_board)
        self.sides_with_cards: tuple[str, ...] = () if cards_in_board else ("NS", "EW")
        self.auction = Auction(self.dealer)
        self.irregularity: Irregularity | None = None
        self.obligations: list[Obligation] = []
        self.deferred: list[Deferred] = []
        self.withdrawable: Entry | None = None  # 25A6 / 21B2: the LHO's call he may still take back
        self.withdraw_law = "25A6"
        self.misinformation_ruled = False  # 21B1 judged before the new call is made
        self.exposed: list[Any] = []  # 24: cards face up on the table until the auction ends
        self.lead_restrictions: list[LeadRestriction] = []
        self.penalty_cards: list[PenaltyCard] = []
        self.unauthorized_information: list[UnauthorizedInformation] = []
        self.pending: list[Pending] = []
        self.reviews: list[str] = []
        self.rulings: list[str] = []
        self.opening_lead: Lead | None = None
        self.roles_swapped = False  # 54A: declarer spread his hand and became dummy
        self.must_accept_lead = False  # 54C
        self.lead_constraints: list[Any] = []  # 26B / 50D2 choices for the opening lead
        self.events: list[dict[str, Any]] = []
        self.trace: list[Step] = []

    # --- events -----------------------------------------------------------------
    def apply(self, name: str, args: dict[str, Any] | None = None, lang: Lang | None = None) -> list[Step]:
        """Apply one event by name. On any error the board is left exactly as it was."""
        from fsm.machine import dispatch

        event = parse_event(name, args, lang)
        saved = self._save()
        try:
            steps = dispatch(self, event)
        except BaseException:
            self._restore(saved)
            raise
        self.events.append(event.as_log())
        return steps

    def take_cards(self, seat: Seat | str) -> list[Step]:
        return self.apply("take_cards", {"seat": seat})

    def call(
        self,
        seat: Seat | str,
        call: str,
        artificial: bool | None = None,
        specifies: list[str] | None = None,
        comparable: bool | None = None,
        lang: Lang | None = None,
    ) -> list[Step]:
        args = {"seat": seat, "call": call, "artificial": artificial, "specifies": specifies, "comparable": comparable}
        return self.apply("call", _given(args), lang)

    def next_caller(self) -> Seat:
        """Who calls next at the table: while an irregular call lies on the table awaiting its
        option holder, the offender's LHO (calling over it accepts it: 27A1, 29A); otherwise the
        player whose turn it is. In the clarification period, the presumed declarer's LHO."""
        irr = self.irregularity
        if irr is not None and irr.stage in ("offered", "second") and irr.classification.kind.law != "25":
            return irr.entry.seat.lho
        if self.state.startswith("clarification"):
            last = self.auction.last_standing()
            return last.seat.lho if last is not None else self.dealer
        return self.auction.turn()

    def calls(self, text: str, lang: Lang | None = None) -> list[Step]:
        """Successive calls, each by the player who calls next at the table (the scenario shorthand);
        ``AP`` (PBN's "all pass") passes until the auction ends.

        All or nothing: if one call fails, the board is left as it was before the first.
        """
        saved = self._save()
        steps: list[Step] = []
        try:
            for token in text.split():
                if token.upper() == "AP":  # PBN's "all pass": passes until the auction ends
                    for _ in range(4):
                        if not self.state.startswith("auction"):
                            break
                        steps += self.call(self.next_caller(), "Pass")
                    continue
                steps += self.call(self.next_caller(), token, lang=lang)
        except BaseException:
            self._restore(saved)
            raise
        return steps

    def substitute(self, seat: Seat | str, call: str, lang: Lang | None = None) -> list[Step]:
        return self.apply("substitute", {"seat": seat, "call": call}, lang)

    def director(self) -> list[Step]:
        return self.apply("director")

    def withdraw(self, seat: Seat | str) -> list[Step]:
        return self.apply("withdraw", {"seat": seat})

    def accept(self, seat: Seat | str) -> list[Step]:
        return self.apply("accept", {"seat": seat})

    def refuse(self, seat: Seat | str) -> list[Step]:
        return self.apply("refuse", {"seat": seat})

    def judge(self, **judgement: bool) -> list[Step]:
        return self.apply("judge", judgement)

    def expose(self, seat: Seat | str, cards: list[str] | str, led: bool | None = None) -> list[Step]:
        return self.apply("expose", _given({"seat": seat, "cards": cards, "led": led}))

    def lead(self, seat: Seat | str, card: str, face_down: bool = False) -> list[Step]:
        return self.apply("lead", {"seat": seat, "card": card, "face_down": face_down})

    def face_lead(self, seat: Seat | str) -> list[Step]:
        return self.apply("face_lead", {"seat": seat})

    def spread(self, seat: Seat | str) -> list[Step]:
        return self.apply("spread", {"seat": seat})

    def prohibit(self, seat: Seat | str, suit: str) -> list[Step]:
        return self.apply("prohibit", {"seat": seat, "suit": suit})

    def require(self, seat: Seat | str, suit: str) -> list[Step]:
        return self.apply("require", {"seat": seat, "suit": suit})

    def leave_penalty_card(self, seat: Seat | str) -> list[Step]:
        return self.apply("leave_penalty_card", {"seat": seat})

    def review(self, seat: Seat | str) -> list[Step]:
        return self.apply("review", {"seat": seat})

    def explain(self, seat: Seat | str) -> list[Step]:
        return self.apply("explain", {"seat": seat})

    def return_hands(self) -> list[Step]:
        return self.apply("return_hands")

    # --- persistence ---------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """The board's persistence format: its set-up and its event log."""
        return {
            "dealer": self.dealer.value,
            "vulnerable": self.vulnerable,
            "settings": self.settings.as_dict(),
            "cards_in_board": self.cards_in_board,
            "events": copy.deepcopy(self.events),
        }

    @classmethod
    def replay(cls, record: dict[str, Any] | list[dict[str, Any]], engine: Any = None, **setup: Any) -> Board:
        """Rebuild a board from ``record()`` (or from a bare event list and set-up keywords)."""
        if isinstance(record, list):
            record = {"events": record, **setup}
        board = cls(
            dealer=record.get("dealer", "N"),
            vulnerable=record.get("vulnerable", "None"),
            settings=record.get("settings"),
            cards_in_board=record.get("cards_in_board", False),
            engine=engine,
        )
        for entry in record["events"]:
            ((name, args),) = entry.items()
            board.apply(name, args)
        return board

    def _save(self) -> dict[str, Any]:
        saved = {}
        for key in _DATA:
            value = getattr(self, key)
            saved[key] = value.copy() if isinstance(value, (list, Auction)) else value
        return saved

    def _restore(self, saved: dict[str, Any]) -> None:
        for key, value in saved.items():
            setattr(self, key, value)

    # --- what the board tells ---------------------------------------------------------
    def must_pass(self, seat: Seat) -> Obligation | None:
        """The obligation that requires ``seat`` to pass at this turn, if any."""
        for o in self.obligations:
            if o.seat is seat and o.requires_pass:
                return o
        return None

    def must_repeat(self, seat: Seat) -> Obligation | None:
        """31A1/32A1: the obligation to repeat the call made out of rotation, if any."""
        for o in self.obligations:
            if o.seat is seat and o.kind == REPEAT_CALL:
                return o
        return None

    def deferred_for(self, seat: Seat) -> Deferred | None:
        """The judgement this offender's next call awaits (30B1, 31A2, 31B, 32A2, 32B), if any."""
        for d in self.deferred:
            if d.waiting_for is seat and d.offender is seat:
                return d
        return None

    def contract(self) -> str | None:
        return self.auction.contract()

    def declarer(self) -> Seat | None:
        seat = self.auction.declarer()
        if seat is not None and self.roles_swapped:
            return seat.partner
        return seat

    def dummy(self) -> Seat | None:
        seat = self.declarer()
        return seat.partner if seat else None

    def opening_leader(self) -> Seat | None:
        """41A: the presumed declarer's LHO (the auction's declarer, whatever 54A later swaps)."""
        seat = self.auction.declarer()
        return seat.lho if seat else None

    def turn(self) -> Seat | None:
        from fsm.machine import phase

        p = phase(self.state)
        if p in ("board", "auction"):
            return self.auction.turn()
        if p in ("clarification", "lead_out_of_turn"):
            return self.opening_leader()
        return None

    def snapshot(self) -> dict[str, Any]:
        """A JSON-able mapping of what the board tells (DESIGN.md, "What a board tells")."""
        turn = self.turn()
        declarer = self.declarer()
        dummy = self.dummy()
        leader = declarer.lho if declarer else None
        return {
            "state": self.state,
            "dealer": self.dealer.value,
            "vulnerable": self.vulnerable,
            "turn": turn.value if turn else None,
            "auction": [e.token() for e in self.auction.standing()],
            "cancelled": [e.token() for e in self.auction.removed()],
            "contract": self.contract(),
            "declarer": declarer.value if declarer else None,
            "dummy": dummy.value if dummy else None,
            "opening_leader": leader.value if leader else None,
            "irregularity": self.irregularity.as_dict() if self.irregularity else None,
            "lead": self.opening_lead.as_dict() if self.opening_lead else None,
            "lead_constraints": [c.as_dict() for c in self.lead_constraints],
            "obligations": [o.as_dict() for o in self.obligations],
            "lead_restrictions": lead_restrictions_now(self),
            "exposed_cards": [x.as_dict() for x in self.exposed],
            "penalty_cards": [p.as_dict() for p in self.penalty_cards],
            "unauthorized_information": [u.as_dict() for u in self.unauthorized_information],
            "pending": [p.as_dict() for p in self.pending],
            "reviews": list(self.reviews),
            "rulings": list(self.rulings),
        }

    def options(self, own_state_only: bool = False) -> list[dict[str, Any]]:
        """What may happen now: each event, who may make it, the law and a sentence in French and English.

        ``own_state_only`` leaves out the options of the enclosing phase (24 during the auction…).
        """
        from fsm.machine import options_for

        return options_for(self, own_state_only)

    def diagram(self, lang: str = "fr") -> Any:
        """This board's path drawn on the machine (a ``graphviz.Digraph``; displays inline in Jupyter)."""
        from fsm.diagrams import board_path

        return board_path(self, lang=lang)

    def __repr__(self) -> str:
        return f"<Board dealer={self.dealer.value} state={self.state} auction={' '.join(e.token() for e in self.auction.standing())}>"


def _given(args: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in args.items() if v is not None}


__all__ = ["Board", "Step", "Irregularity", "Lead", "FsmError", "Event"]
