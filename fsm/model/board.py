"""The Board: one deal at the table, driven through the shared engine one event at a time.

The board's data is one record, its :class:`~fsm.bridge.table.Table`; the engine routes each event to
a rule of a law module, whose guards read the table and whose actions change it. Every accepted
event is appended to the log; ``Board.replay(board.record())`` rebuilds an identical board. The
methods named after the events (``call``, ``judge``…) are written from the event declarations
(:class:`fsm.bridge.makers.EventMethods`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from fsm.bridge.auction import Auction
from fsm.bridge.calls import Lang, Seat, parse_seat
from fsm.bridge.errors import InputError, quoted
from fsm.bridge.events import Event, parse_event
from fsm.bridge.makers import EventMethods
from fsm.bridge.settings import Settings
from fsm.bridge.table import Table, lead_restrictions_now
from fsm.engine.journal import Step
from fsm.model.machine import RUNNERS, Engine, default_engine, initial_state, options_for

VULNERABILITIES = ("None", "NS", "EW", "All")
# States where the irregular call is not one the LHO may call over: a replacement or a ruling awaited, a change of call.
_NOT_OVER_IT = ("replacement", "ruling", "change_of_call", "intended_change")


class Board(EventMethods):
    """One board at the table: one method per event, each returning the steps it fired."""

    def __init__(
        self,
        dealer: Seat | str = "N",
        vulnerable: str = "None",
        settings: dict[str, Any] | Settings | None = None,
        cards_in_board: bool = False,
        engine: Engine | None = None,
        runner: str = "compiled",
    ) -> None:
        if vulnerable not in VULNERABILITIES:
            raise InputError(
                f"vulnérabilité « {vulnerable} » inconnue ({quoted(VULNERABILITIES)})",
                f"unknown vulnerability '{vulnerable}' ({', '.join(VULNERABILITIES)})",
                key="vulnerable",
            )
        if runner not in RUNNERS:
            raise InputError(
                f"moteur « {runner} » inconnu ({quoted(RUNNERS)})", f"unknown runner '{runner}' ({', '.join(RUNNERS)})",
                key="runner",
            )  # fmt: skip
        if not isinstance(cards_in_board, bool):
            raise InputError(
                "« cards_in_board » vaut « true » ou « false »",
                "'cards_in_board' is true or false",
                key="cards_in_board",
            )
        self.engine = engine or default_engine()  # the machine that routes this board's events
        self.runner = runner
        try:
            self.dealer = parse_seat(dealer)
        except InputError as err:
            err.details.setdefault("key", "dealer")
            raise
        self.vulnerable = vulnerable
        self.cards_in_board = cards_in_board
        self.table = Table(
            self.dealer,
            initial_state(cards_in_board),
            settings if isinstance(settings, Settings) else Settings.from_dict({} if settings is None else settings),
            () if cards_in_board else ("NS", "EW"),
        )
        self.events: list[dict[str, Any]] = []
        self.trace: list[Step] = []

    def __getattr__(self, name: str) -> Any:
        """The table's data reads through the board: ``board.auction``, ``board.obligations``…"""
        if name == "table":  # not yet set: the board is being built
            raise AttributeError(name)
        return getattr(self.table, name)

    @property
    def state(self) -> str:
        return self.table.state

    @property
    def auction(self) -> Auction:
        return self.table.auction

    @property
    def settings(self) -> Settings:
        return self.table.settings

    # --- events -----------------------------------------------------------------------
    def apply(self, name: str, args: dict[str, Any] | None = None, lang: Lang | None = None) -> list[Step]:
        """Apply one event by name. On any error the board is left exactly as it was."""
        return self._run(parse_event(name, args, lang))

    def _run(self, event: Event) -> list[Step]:
        steps = self.engine.dispatch(self.table, event, self.runner)
        self.trace.extend(steps)
        self.events.append(event.as_log())
        return steps

    def next_caller(self) -> Seat:
        """Who calls next at the table: while an irregular call lies on the table awaiting its
        option holder, the offender's LHO (calling over it accepts it: 27A1, 29A); otherwise the
        player whose turn it is. In the clarification period, the presumed declarer's LHO."""
        irr = self.table.irregularity
        state = self.table.state
        if irr is not None and not state.endswith(_NOT_OVER_IT):
            return irr.entry.seat.lho
        if state.startswith("clarification"):
            last = self.table.auction.last_standing()
            return last.seat.lho if last is not None else self.dealer
        return self.table.auction.turn()

    def calls(self, text: str, lang: Lang | None = None) -> list[Step]:
        """Successive calls, each by the player who calls next at the table (the scenario shorthand);
        ``AP`` (PBN's "all pass") passes until the auction ends.

        All or nothing: if one call fails, the board is left as it was before the first.
        """
        saved = (self.table.save(), len(self.events), len(self.trace))
        steps: list[Step] = []
        try:
            for token in text.split():
                if token.upper() == "AP":
                    for _ in range(4):
                        if not self.state.startswith("auction"):
                            break
                        steps += self.apply("call", {"seat": self.next_caller(), "call": "Pass"})
                    continue
                steps += self.apply("call", {"seat": self.next_caller(), "call": token}, lang)
        except BaseException:
            self.table.restore(saved[0])
            del self.events[saved[1] :]
            del self.trace[saved[2] :]
            raise
        return steps

    def copy(self) -> Board:
        """An independent board in the same position (what-if: try an event without touching this one)."""
        other = object.__new__(Board)
        other.__dict__.update(self.__dict__)
        other.table = self.table.copy()
        other.events = [dict(e) for e in self.events]
        other.trace = list(self.trace)
        return other

    # --- persistence --------------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """The board's persistence format: its set-up and its event log."""
        return {
            "dealer": self.dealer.value,
            "vulnerable": self.vulnerable,
            "settings": self.table.settings.as_dict(),
            "cards_in_board": self.cards_in_board,
            "events": [{name: _copy_args(args) for name, args in e.items()} for e in self.events],
        }

    @classmethod
    def replay(cls, record: dict[str, Any] | list[dict[str, Any]], engine: Engine | None = None, **setup: Any) -> Board:
        """Rebuild a board from ``record()`` (or from a bare event list and set-up keywords).

        A malformed record is an :class:`InputError` naming its key or its event's index, never
        another exception: a record is often read from a file."""
        if isinstance(record, list):
            record = {"events": record, **setup}
        if not isinstance(record, dict):
            raise _malformed("-", "un enregistrement est une table", "a record is a mapping")
        events = record.get("events")
        if not isinstance(events, list):
            raise _malformed("events", "une liste d'événements est attendue", "a list of events is expected")
        settings = record.get("settings")
        if settings is not None and not isinstance(settings, (dict, Settings)):
            raise _malformed("settings", "une table de réglages est attendue", "a mapping of settings is expected")
        cards_in_board = record.get("cards_in_board", False)
        if not isinstance(cards_in_board, bool):
            raise _malformed("cards_in_board", "« true » ou « false » est attendu", "true or false is expected")
        board = cls(
            dealer=record.get("dealer", "N"),
            vulnerable=record.get("vulnerable", "None"),
            settings=settings,
            cards_in_board=cards_in_board,
            engine=engine,
            runner=setup.get("runner", "compiled"),
        )
        for n, entry in enumerate(events):
            if not (isinstance(entry, dict) and len(entry) == 1 and isinstance(next(iter(entry)), str)):
                raise _malformed(
                    f"events[{n}]",
                    f"l'événement {n} n'est pas une table à une seule clé (son nom)",
                    f"event {n} is not a mapping with one key (its name)",
                )
            ((name, args),) = entry.items()
            board.apply(name, args)
        return board

    # --- what the board tells -------------------------------------------------------------
    def snapshot(self, keys: Iterable[str] | None = None) -> dict[str, Any]:
        """A JSON-able mapping of what the board tells; with ``keys``, only those keys, each
        computed alone (the oracle's ``--keys``: what is not asked costs nothing)."""
        t = self.table
        if keys is None:
            return {key: value(self, t) for key, value in _SNAPSHOT.items()}
        keys = list(keys)
        wrong = [k for k in keys if k not in _SNAPSHOT]
        if wrong:
            raise InputError(
                f"clé inconnue « {wrong[0]} » (connues : {quoted(_SNAPSHOT)})",
                f"unknown key '{wrong[0]}' (known: {', '.join(_SNAPSHOT)})",
                key="keys",
            )
        return {key: _SNAPSHOT[key](self, t) for key in keys}

    def options(self, own_state_only: bool = False) -> list[dict[str, Any]]:
        """What may happen now: each event, who may make it, the law and a sentence in French and English.

        ``own_state_only`` leaves out the options of the enclosing phase (24 during the auction…).
        """
        return options_for(self.engine, self.table, own_state_only)

    def diagram(self, lang: str = "fr") -> Any:
        """This board's path drawn on the machine (a ``graphviz.Digraph``; displays inline in Jupyter)."""
        from fsm.model.diagrams import board_path  # drawing is optional: graphviz is imported only when asked

        return board_path(self, lang=lang)

    def contract(self) -> str | None:
        return self.table.contract()

    def declarer(self) -> Seat | None:
        return self.table.declarer()

    def opening_leader(self) -> Seat | None:
        return self.table.opening_leader()

    def turn(self) -> Seat | None:
        return self.table.turn()

    def __repr__(self) -> str:
        standing = " ".join(e.token() for e in self.table.auction.standing())
        return f"<Board dealer={self.dealer.value} state={self.state} auction={standing}>"


def _copy_args(args: dict[str, Any]) -> dict[str, Any]:
    """A logged event's arguments, copied: their values are texts, booleans and lists of texts (the
    log form of :mod:`fsm.bridge.events`), so a copy of each list is a deep copy, made much faster."""
    return {k: list(v) if type(v) is list else v for k, v in args.items()}


__all__ = ["Board", "Step"]


def _malformed(key: str, fr: str, en: str) -> InputError:
    return InputError(f"enregistrement illisible : {fr}", f"unreadable record: {en}", key=key)


def _seat(seat: Seat | None) -> str | None:
    return seat.value if seat else None


def _leader(t: Table) -> str | None:
    declarer = t.declarer()
    return declarer.lho.value if declarer else None


# Each key of the snapshot and how the board tells it (docs/model.md, the schema ``snapshot``).
_SNAPSHOT: dict[str, Callable[[Board, Table], Any]] = {
    "state": lambda b, t: t.state,
    "dealer": lambda b, t: b.dealer.value,
    "vulnerable": lambda b, t: b.vulnerable,
    "turn": lambda b, t: _seat(t.turn()),
    "auction": lambda b, t: [e.token() for e in t.auction.standing()],
    "cancelled": lambda b, t: [e.token() for e in t.auction.removed()],
    "contract": lambda b, t: t.contract(),
    "declarer": lambda b, t: _seat(t.declarer()),
    "dummy": lambda b, t: _seat(t.dummy()),
    "opening_leader": lambda b, t: _leader(t),
    "irregularity": lambda b, t: t.irregularity.as_dict() if t.irregularity else None,
    "lead": lambda b, t: t.opening_lead.as_dict() if t.opening_lead else None,
    "lead_constraints": lambda b, t: [c.as_dict() for c in t.lead_constraints],
    "obligations": lambda b, t: [o.as_dict() for o in t.obligations if o.in_force],
    "lead_restrictions": lambda b, t: lead_restrictions_now(t),
    "exposed_cards": lambda b, t: [x.as_dict() for x in t.exposed],
    "penalty_cards": lambda b, t: [p.as_dict() for p in t.penalty_cards],
    "returned_cards": lambda b, t: [r.as_dict() for r in t.returned_cards],
    "unauthorized_information": lambda b, t: [u.as_dict() for u in t.unauthorized_information],
    "pending": lambda b, t: [p.as_dict() for p in t.pending],
    "held": lambda b, t: [h.entry.token() for h in t.held],
    "reviews": lambda b, t: list(t.reviews),
    "misinformation_judged": lambda b, t: t.misinformation_ruled,
    "sides_with_cards": lambda b, t: list(t.sides_with_cards),
    "rulings": lambda b, t: list(t.rulings),
}
