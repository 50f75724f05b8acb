"""The auction record: standing and cancelled calls, whose turn, last bid, sufficiency, end, contract, declarer.

Everything here is derived from the list of entries, so there is one truth: the turn is the
seat after the last standing call (rotation goes on from an accepted call out of rotation,
29A, and comes back to the right player when a call is cancelled, 29B).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum

from fsm.calls import Call, Seat, Strain

STANDING = "standing"
PENDING = "pending"  # an irregular call awaiting acceptance or rectification
CANCELLED = "cancelled"
WITHDRAWN = "withdrawn"


@dataclass(frozen=True, slots=True)
class Entry:
    seat: Seat
    call: Call
    status: str = STANDING
    artificial: bool = False
    specifies: tuple[Strain, ...] | None = None
    law: str | None = None  # the law that cancelled or withdrew it
    n: int = 0  # the entry's number in the order calls were made: its identity across status changes

    def token(self) -> str:
        return f"{self.seat}:{self.call}"

    def denominations(self) -> tuple[Strain, ...]:
        """What the call specifies (29C, 27B1(a), 26B): the director's input, else the strain it names."""
        if self.specifies is not None:
            return self.specifies
        if self.call.is_bid and self.call.strain is not None and not self.artificial:
            return (self.call.strain,)
        return ()


class Relation(str, Enum):
    """Where the player whose turn it was (T) sits, seen from the offender (O): RHO (O skipped him),
    PARTNER, LHO_NOT_PREV (T is O's LHO and O has not called yet), LHO_PREV (O calls again right
    after his own call: a change of call), IN_TURN (T is O)."""

    IN_TURN = "IN_TURN"
    RHO = "RHO"  # O skipped his RHO
    PARTNER = "PARTNER"
    LHO_NOT_PREV = "LHO_NOT_PREV"  # T is O's LHO and O has not called yet: 30B1, 31B
    LHO_PREV = "LHO_PREV"  # O calls again right after his own call: a change of call, Law 25


def relation(offender: Seat, turn: Seat, offender_has_called: bool) -> Relation:
    """The single place where the offender's relation to the player whose turn it was is decided."""
    if offender is turn:
        return Relation.IN_TURN
    if turn is offender.rho:
        return Relation.RHO
    if turn is offender.partner:
        return Relation.PARTNER
    return Relation.LHO_PREV if offender_has_called else Relation.LHO_NOT_PREV


@dataclass(slots=True)
class Auction:
    """The calls made at the table, in order, each with its status. Law modules change it only
    through :meth:`add`, :meth:`set_status`, :meth:`drop`, :meth:`move_after` and :meth:`cancel_from`."""

    dealer: Seat
    entries: list[Entry] = field(default_factory=list)
    made: int = 0  # how many entries were ever added: the next entry's number

    def copy(self) -> Auction:
        return Auction(self.dealer, list(self.entries), self.made)

    # --- changing ------------------------------------------------------------------
    def add(self, entry: Entry) -> Entry:
        """A call made at the table; it gets the next number."""
        self.made += 1
        entry = replace(entry, n=self.made)
        self.entries.append(entry)
        return entry

    def _index(self, entry: Entry) -> int:
        for i, e in enumerate(self.entries):
            if e.n == entry.n:
                return i
        raise KeyError(entry.token())  # pragma: no cover - an entry is never looked up once dropped

    def current(self, entry: Entry) -> Entry:
        """The entry as it stands now (its status may have changed since it was read)."""
        return self.entries[self._index(entry)]

    def set_status(self, entry: Entry, status: str, law: str | None = None) -> Entry:
        """The entry gets a new status (and the law that gave it); returns the entry as it now is."""
        i = self._index(entry)
        e = self.entries[i]
        self.entries[i] = replace(e, status=status, law=law if law is not None else e.law)
        return self.entries[i]

    def drop(self, entry: Entry) -> None:
        """The entry leaves the record (a call held for a ruling, made afresh as a new event)."""
        del self.entries[self._index(entry)]

    def move_after(self, entry: Entry, anchor: Entry, status: str = STANDING) -> Entry:
        """25A, 25B1, 21B1: the new call takes the place right after the call it replaces."""
        moved = replace(self.entries[self._index(entry)], status=status)
        self.drop(entry)
        self.entries.insert(self._index(anchor) + 1, moved)
        return moved

    def cancel_from(self, entry: Entry, law: str) -> list[Entry]:
        """Cancel ``entry`` and every standing call made after it (36A, 38B); returns what was cancelled."""
        start = self._index(entry)
        cancelled = []
        for i in range(start, len(self.entries)):
            e = self.entries[i]
            if e.status == STANDING or i == start:
                self.entries[i] = replace(e, status=CANCELLED, law=law)
                cancelled.append(self.entries[i])
        return cancelled

    # --- reading -----------------------------------------------------------------
    def standing(self) -> list[Entry]:
        return [e for e in self.entries if e.status == STANDING]

    def removed(self) -> list[Entry]:
        return [e for e in self.entries if e.status in (CANCELLED, WITHDRAWN)]

    def last_standing(self) -> Entry | None:
        for e in reversed(self.entries):
            if e.status == STANDING:
                return e
        return None

    def turn(self) -> Seat:
        last = self.last_standing()
        return self.dealer if last is None else last.seat.lho

    def has_called(self, seat: Seat) -> bool:
        return any(e.seat is seat for e in self.entries if e.status == STANDING)

    def partner_silent_since_own_call(self, seat: Seat) -> bool:
        """25A4, 21B1: the player has a call standing and his partner has not called since."""
        standing = self.standing()
        own = [i for i, e in enumerate(standing) if e.seat is seat]
        return bool(own) and all(e.seat is not seat.partner for e in standing[own[-1] + 1 :])

    def last_bid(self) -> Entry | None:
        for e in reversed(self.entries):
            if e.status == STANDING and e.call.is_bid:
                return e
        return None

    def last_non_pass(self) -> Entry | None:
        for e in reversed(self.entries):
            if e.status == STANDING and not e.call.is_pass:
                return e
        return None

    def is_sufficient(self, call: Call) -> bool:
        """18D: a bid is sufficient when it supersedes the last bid (18B order)."""
        last = self.last_bid()
        return last is None or call.rank > last.call.rank

    def double_permitted(self, seat: Seat) -> bool:
        """19A1: the last preceding bid, made by an opponent, with only passes since."""
        last = self.last_non_pass()
        return last is not None and last.call.is_bid and last.seat.side != seat.side

    def redouble_permitted(self, seat: Seat) -> bool:
        """19B1: the last preceding double, made by an opponent, with only passes since."""
        last = self.last_non_pass()
        return last is not None and last.call.is_double and last.seat.side != seat.side

    # --- the end of the auction (22, 17D3) ----------------------------------------------
    def trailing_passes(self) -> int:
        n = 0
        for e in reversed(self.standing()):
            if not e.call.is_pass:
                break
            n += 1
        return n

    def passes_since_last_call(self) -> list[Entry]:
        """17D3: the standing passes that follow a call: those after the last bid, double or redouble,
        or, when every call is a pass, those after the first pass (« une déclaration », a pass included)."""
        standing = self.standing()
        n = self.trailing_passes()
        if n and n == len(standing):
            return standing[1:]
        return standing[len(standing) - n :] if n else []

    def _anchor(self) -> Seat | None:
        """The seat of the call the closing passes follow: the last bid, double or redouble, else the first pass."""
        last = self.last_non_pass()
        if last is not None:
            return last.seat
        standing = self.standing()
        return standing[0].seat if standing else None

    def rotation_break(self, seats: list[Seat]) -> int | None:
        """17D3: index of the first of ``seats`` (the passes that follow a call) that skipped a player."""
        previous = self._anchor()
        if previous is None:
            return None
        for i, seat in enumerate(seats):
            if seat is not previous.lho:
                return i
            previous = seat
        return None

    def skipping_passes(self) -> list[Entry]:
        """17D3: the passes that follow the last call and skipped a player (made out of rotation)."""
        previous = self._anchor()
        out = []
        for e in self.passes_since_last_call():
            if previous is not None and e.seat is not previous.lho:
                out.append(e)
            previous = e.seat
        return out

    def three_passes_follow_a_call(self) -> bool:
        """17D3, 22: a call (a pass included) followed by three passes: the auction ends, unless one of
        those passes skipped a player (17D3)."""
        return len(self.passes_since_last_call()) >= 3

    def is_deprived(self) -> bool:
        """17D3: one of the passes that follow the last call skipped a player."""
        return self.rotation_break([e.seat for e in self.passes_since_last_call()]) is not None

    def is_passed_out(self) -> bool:
        """22B: the four players have passed (no bid, four different players), each pass after the
        first in rotation; a pass that skipped a player leaves the auction open (17D3)."""
        standing = self.standing()
        return self.last_bid() is None and {e.seat for e in standing} == set(Seat) and not self.is_deprived()

    def is_completed(self) -> bool:
        """22A: a bid followed by three consecutive passes."""
        return self.last_bid() is not None and self.trailing_passes() >= 3

    def is_over(self) -> bool:
        """The auction would end (22A, 22B), or 17D3 must say why it does not."""
        return self.three_passes_follow_a_call()

    def contract(self) -> str | None:
        """PBN notation of the contract (``4HX``), ``Pass`` after a pass-out, else ``None``."""
        if self.is_passed_out():
            return "Pass"
        if not self.is_completed():
            return None
        bid = self.last_bid()
        assert bid is not None
        suffix = ""
        for e in self.standing()[self.standing().index(bid) + 1 :]:
            if e.call.is_double:
                suffix = "X"
            elif e.call.is_redouble:
                suffix = "XX"
        return f"{bid.call}{suffix}"

    def declarer(self) -> Seat | None:
        """22A: the first player of the declaring side to name the contract's denomination.

        Only standing calls count (N8): cancelled and withdrawn calls never do, accepted ones do.
        """
        if not self.is_completed():
            return None
        bid = self.last_bid()
        assert bid is not None
        for e in self.standing():
            if e.call.is_bid and e.seat.side == bid.seat.side and e.call.strain is bid.call.strain:
                return e.seat
        return bid.seat  # pragma: no cover - the last bid itself always qualifies
