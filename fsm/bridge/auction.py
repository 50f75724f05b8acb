"""The auction record: standing and cancelled calls, whose turn, last bid, sufficiency, end, contract, declarer.

Everything here is derived from the list of entries, so there is one truth: the turn is the
seat after the last standing call (rotation goes on from an accepted call out of rotation,
29A, and comes back to the right player when a call is cancelled, 29B).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from enum import Enum
from typing import Any, NamedTuple

from fsm.bridge.calls import Call, Seat, Strain

STANDING = "standing"
PENDING = "pending"  # an irregular call awaiting acceptance or rectification
CANCELLED = "cancelled"
WITHDRAWN = "withdrawn"
REMOVED = (CANCELLED, WITHDRAWN)


class Entry(NamedTuple):
    """One call at the table, with its status. A named tuple: two are made at every call."""

    seat: Seat
    call: Call
    status: str = STANDING
    artificial: bool = False
    specifies: tuple[Strain, ...] | None = None
    law: str | None = None  # the law that cancelled or withdrew it
    n: int = 0  # the entry's number in the order calls were made: its identity across status changes

    def token(self) -> str:
        return _PREFIX[self.seat] + self.call.token  # a snapshot writes one per cancelled call: no formatting

    def denominations(self) -> tuple[Strain, ...]:
        """What the call specifies (29C, 27B1(a), 26B): the director's input, else the strain it names."""
        if self.specifies is not None:
            return self.specifies
        if self.call.is_bid and self.call.strain is not None and not self.artificial:
            return (self.call.strain,)
        return ()


_new_entry = tuple.__new__
_PREFIX = {s: f"{s.value}:" for s in Seat}


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


class Auction:
    """The calls made at the table, in order, each with its status. Law modules change it only
    through :meth:`add`, :meth:`set_status`, :meth:`drop`, :meth:`move_after` and :meth:`cancel_from`.

    A board may carry thousands of calls (calls after the final pass, each cancelled), and every
    event must cost the same at the last as at the first: the calls are a list appended to in
    place, found by number through a dict of their places, and what every call asks of the auction
    (the standing calls, the last bid, the last call that is not a pass, how many passes close it)
    is kept up to date by each change from the end of the record, where changes happen, rather
    than derived again from every call. So are the indexes of each seat's calls (its last standing
    call, the denominations its standing calls named), so that what is asked « since call n » or « of
    this seat » reads them instead of the record. A refused event is undone by a journal: each change
    in place writes how to undo it, :meth:`save` is a mark in the journal and :meth:`restore` undoes
    the changes made since, latest first.
    """

    __slots__ = (
        "dealer", "made", "_list", "_pos", "_standing", "_journal", "_last_bid", "_last_non_pass", "_trailing",
        "_epoch", "_declarer_at", "_declarer", "_last", "_named", "_removed",
    )  # fmt: skip

    def __init__(self, dealer: Seat, entries: tuple[Entry, ...] = (), made: int = 0) -> None:
        self.dealer = dealer
        self.made = made  # how many entries were ever added: the next entry's number
        self._list: list[Entry] = list(entries)
        self._pos: dict[int, int] = {e.n: i for i, e in enumerate(self._list)}
        self._standing: list[Entry] = [e for e in self._list if e.status == STANDING]
        self._journal: list[tuple[Any, ...]] = []
        # each seat's last standing call (None once it has none), and how many of a seat's standing
        # calls name each denomination (26B, 29C): kept by every change, journalled like the calls
        self._last: dict[Seat, Entry | None] = {}
        self._named: dict[tuple[Seat, Strain], int] = {}
        self._removed = {
            e.n for e in self._list if e.status in REMOVED
        }  # the numbers of the calls cancelled or withdrawn
        for e in self._standing:
            self._last[e.seat] = e
            for strain in e.denominations():
                self._named[e.seat, strain] = self._named.get((e.seat, strain), 0) + 1
        self._epoch = 0  # changes whenever the standing calls may have: what the declarer cache is keyed by
        self._declarer_at = -1
        self._declarer: Seat | None = None
        self._tail()

    def _tail(self) -> None:
        """What the end of the standing auction tells: read from the end, where it is."""
        self._epoch += 1
        self._last_bid: Entry | None = None
        self._last_non_pass: Entry | None = None
        self._trailing = 0
        standing = self._standing
        i = len(standing) - 1
        while i >= 0 and standing[i].call.is_pass:
            self._trailing += 1
            i -= 1
        if i >= 0:
            self._last_non_pass = standing[i]
        while i >= 0 and not standing[i].call.is_bid:
            i -= 1
        if i >= 0:
            self._last_bid = standing[i]

    # --- the journal ---------------------------------------------------------------------
    def save(self) -> tuple[object, ...]:
        """A mark: how many changes the journal holds, and the few values kept beside the calls."""
        return (len(self._journal), self.made, self._last_bid, self._last_non_pass, self._trailing)

    def restore(self, saved: tuple[object, ...]) -> None:
        """Undo every change made since :meth:`save` returned ``saved``, the latest first."""
        mark, self.made, self._last_bid, self._last_non_pass, self._trailing = saved  # type: ignore[assignment]
        journal = self._journal
        while len(journal) > mark:  # type: ignore[operator]
            undo = journal.pop()
            kind = undo[0]
            if kind == "add":  # the last call added: out of the list, of the places, of the standing calls
                e = self._list.pop()
                del self._pos[undo[1]]
                if undo[2]:
                    self._standing.pop()
                    self._last[e.seat] = undo[3]
            elif kind == "set":
                undo[1][undo[2]] = undo[3]
            elif kind == "delete":
                del undo[1][undo[2]]
            elif kind == "insert":
                undo[1].insert(undo[2], undo[3])
            elif kind == "removed":  # a call counted as removed, or no longer
                (self._removed.discard if undo[2] else self._removed.add)(undo[1])
            else:  # "suffix": the record from a place on, as it was
                self._set_suffix(undo[1], undo[2])
        self._epoch += 1

    def _replace(self, items: list[Any], i: int, item: Any) -> None:
        self._journal.append(("set", items, i, items[i]))
        items[i] = item

    def _insert(self, items: list[Any], i: int, item: Any) -> None:
        items.insert(i, item)
        self._journal.append(("delete", items, i))

    def _delete(self, items: list[Any], i: int) -> None:
        self._journal.append(("insert", items, i, items[i]))
        del items[i]

    def _set_suffix(self, start: int, suffix: list[Entry]) -> list[Entry]:
        """The record from ``start`` on becomes ``suffix`` (the same calls, or one fewer); returns what it was."""
        old = self._list[start:]
        for e in old:
            del self._pos[e.n]
        self._list[start:] = suffix
        for k, e in enumerate(suffix, start):
            self._pos[e.n] = k
        return old

    def copy(self) -> Auction:
        """An auction that shares nothing that changes with this one (its journal starts empty)."""
        out = Auction(self.dealer, (), self.made)
        out._list, out._pos, out._standing = list(self._list), dict(self._pos), list(self._standing)
        out._last, out._named, out._removed = dict(self._last), dict(self._named), set(self._removed)
        out._tail()
        return out

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Auction):
            return NotImplemented
        return (self.dealer, self._list, self.made) == (other.dealer, other._list, other.made)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Auction(dealer={self.dealer!r}, entries={self.entries!r}, made={self.made})"

    # --- changing ------------------------------------------------------------------
    def add(self, entry: Entry) -> Entry:
        """A call made at the table; it gets the next number."""
        n = self.made = self.made + 1
        entry = _new_entry(Entry, (*entry[:-1], n))  # the entry with its number
        items = self._list
        self._pos[n] = len(items)
        items.append(entry)
        if entry.status == STANDING:  # a call at the end: what the auction tells moves on by one call
            self._standing.append(entry)
            self._count(entry, 1)
            # one record undoes the four (the commonest change)
            self._journal.append(("add", n, True, self._last.get(entry.seat)))
            self._last[entry.seat] = entry
            self._epoch += 1
            call = entry.call
            if call.is_pass:
                self._trailing += 1
            else:
                self._trailing = 0
                self._last_non_pass = entry
                if call.is_bid:
                    self._last_bid = entry
        else:
            self._journal.append(("add", n, False))
            self._mark_removed(n, entry.status in REMOVED)
        return entry

    def _mark_removed(self, n: int, removed: bool) -> None:
        """The call numbered ``n`` is among the calls removed (cancelled or withdrawn), or no longer."""
        if (n in self._removed) is not removed:
            (self._removed.add if removed else self._removed.discard)(n)
            self._journal.append(("removed", n, removed))

    def _index(self, entry: Entry) -> int:
        return self._pos[entry.n]

    def _count(self, entry: Entry, delta: int) -> None:
        """The denominations a standing call names, counted for its seat (``delta`` 1) or no longer (-1)."""
        named = self._named
        for strain in entry.denominations():
            key = (entry.seat, strain)
            old = named.get(key, 0)
            self._journal.append(("set", named, key, old))
            named[key] = old + delta

    def _set_last(self, seat: Seat, entry: Entry | None) -> None:
        self._journal.append(("set", self._last, seat, self._last.get(seat)))
        self._last[seat] = entry

    def _unstand(self, entry: Entry) -> None:
        """The entry leaves the standing calls (searched from the end, where changes happen)."""
        standing = self._standing
        for k in range(len(standing) - 1, -1, -1):
            if standing[k].n == entry.n:
                self._delete(standing, k)
                self._count(entry, -1)
                last = self._last.get(entry.seat)
                if last is not None and last.n == entry.n:  # the seat's call before it, searched from there
                    j = k - 1
                    while j >= 0 and standing[j].seat is not entry.seat:
                        j -= 1
                    self._set_last(entry.seat, standing[j] if j >= 0 else None)
                return

    def _stand(self, entry: Entry) -> None:
        """The entry joins the standing calls at its place in the record."""
        standing, pos = self._standing, self._pos
        at = pos[entry.n]
        k = len(standing)
        while k > 0 and pos[standing[k - 1].n] > at:
            k -= 1
        self._insert(standing, k, entry)
        self._count(entry, 1)
        last = self._last.get(entry.seat)
        if last is None or pos[last.n] < at:
            self._set_last(entry.seat, entry)

    def entry(self, n: int) -> Entry:
        """The entry numbered ``n``, as it now stands."""
        return self._list[self._pos[n]]

    def has(self, n: int) -> bool:
        """A call numbered ``n`` is on the record."""
        return n in self._pos

    def current(self, entry: Entry) -> Entry:
        """The entry as it stands now (its status may have changed since it was read)."""
        return self._list[self._pos[entry.n]]

    def set_status(self, entry: Entry, status: str, law: str | None = None) -> Entry:
        """The entry gets a new status (and the law that gave it); returns the entry as it now is."""
        i = self._pos[entry.n]
        e = self._list[i]
        new = e._replace(status=status, law=law if law is not None else e.law)
        self._replace(self._list, i, new)
        self._mark_removed(e.n, status in REMOVED)
        if e.status == STANDING or status == STANDING:
            if e.status == STANDING:
                self._unstand(e)
            if status == STANDING:
                self._stand(new)
            self._tail()
        return new

    def _reorder(self, start: int, suffix: list[Entry]) -> None:
        """The record from ``start`` on becomes ``suffix``; the places of its entries follow."""
        self._journal.append(("suffix", start, self._set_suffix(start, suffix)))

    def drop(self, entry: Entry) -> None:
        """The entry leaves the record (a call held for a ruling, made afresh as a new event)."""
        i = self._pos[entry.n]
        e = self._list[i]
        if e.status == STANDING:
            self._unstand(e)
        self._mark_removed(e.n, False)
        self._reorder(i, self._list[i + 1 :])
        if e.status == STANDING:
            self._tail()

    def move_after(self, entry: Entry, anchor: Entry, status: str = STANDING) -> Entry:
        """25A, 25B1, 21B1: the new call takes the place right after the call it replaces."""
        i_e, i_a = self._pos[entry.n], self._pos[anchor.n]
        e = self._list[i_e]
        moved = e._replace(status=status)
        if e.status == STANDING:
            self._unstand(e)
        self._mark_removed(e.n, status in REMOVED)
        start = min(i_e, i_a + 1)  # nothing before both moves
        rest = [x for x in self._list[start:] if x.n != e.n]
        at = next((k + 1 for k in range(len(rest) - 1, -1, -1) if rest[k].n == anchor.n), 0)
        self._reorder(start, [*rest[:at], moved, *rest[at:]])
        if status == STANDING:
            self._stand(moved)
        self._tail()
        return moved

    def cancel_from(self, entry: Entry, law: str) -> list[Entry]:
        """Cancel ``entry`` and every call made after it that stands or awaits a ruling (36A « la
        déclaration inadmissible et les suivantes sont annulées », 38B « ainsi que toutes les
        déclarations suivantes »); returns what was cancelled."""
        start = self._pos[entry.n]
        cancelled = []
        for i in range(start, len(self._list)):
            e = self._list[i]
            if e.status in (STANDING, PENDING) or i == start:
                cancelled.append(self.set_status(e, CANCELLED, law))
        return cancelled

    @property
    def entries(self) -> tuple[Entry, ...]:
        """Every call made, in the order of the record, whatever its status (a copy: it costs the record's length)."""
        return tuple(self._list)

    def last_entry(self) -> Entry | None:
        """The last call in the order of the record, whatever its status."""
        return self._list[-1] if self._list else None

    def _place(self, e: Entry) -> int:
        return self._pos[e.n]

    def standing_after(self, n: int) -> list[Entry]:
        """The standing calls after the call numbered ``n`` in the order of the record (found by
        bisection: the standing calls are in the order of the record, and each knows its place)."""
        i = self._pos.get(n)
        return [] if i is None else self._standing[bisect_right(self._standing, i, key=self._place) :]

    def standing_before(self, n: int) -> list[Entry]:
        """The standing calls before the call numbered ``n`` in the order of the record, nearest first."""
        i = self._pos.get(n)
        if i is None:
            return []
        return self._standing[: bisect_left(self._standing, i, key=self._place)][::-1]

    def standing_just_before(self, n: int) -> Entry | None:
        """The nearest standing call before the call numbered ``n`` in the order of the record."""
        i = self._pos.get(n)
        k = 0 if i is None else bisect_left(self._standing, i, key=self._place)
        return self._standing[k - 1] if k else None

    def opponent_called_after(self, n: int, seat: Seat) -> bool:
        """28B: an opponent of ``seat`` has a standing call after the call numbered ``n`` in the order
        of the record (read from each opponent's last standing call)."""
        i = self._pos.get(n)
        if i is None:
            return False
        for other in (seat.lho, seat.rho):
            last = self._last.get(other)
            if last is not None and self._pos[last.n] > i:
                return True
        return False

    def last_call_of(self, seat: Seat) -> Entry | None:
        """The seat's last standing call in the order of the record."""
        return self._last.get(seat)

    def names(self, seat: Seat, strain: Strain) -> bool:
        """A standing call of the seat names (specifies) the denomination (26B, 29C)."""
        return self._named.get((seat, strain), 0) > 0

    def is_standing(self, n: int) -> bool:
        """The call numbered ``n`` is on the record and stands."""
        i = self._pos.get(n)
        return i is not None and self._list[i].status == STANDING

    # --- reading -----------------------------------------------------------------
    def standing(self) -> Sequence[Entry]:
        """The standing calls in the order of the record (the auction's own list: read it, never change it)."""
        return self._standing

    def removed(self) -> list[Entry]:
        """The calls cancelled or withdrawn, in the order of the record (read from their index)."""
        items, pos = self._list, self._pos
        return [items[i] for i in sorted([pos[n] for n in self._removed])]

    def last_standing(self) -> Entry | None:
        return self._standing[-1] if self._standing else None

    def turn(self) -> Seat:
        standing = self._standing
        return standing[-1].seat.lho if standing else self.dealer

    def has_called(self, seat: Seat) -> bool:
        return self._last.get(seat) is not None

    def partner_silent_since_own_call(self, seat: Seat) -> bool:
        """25A4, 21B1: the player has a call standing and his partner has not called since."""
        own = self._last.get(seat)
        if own is None:
            return False
        partner = self._last.get(seat.partner)
        return partner is None or self._pos[partner.n] < self._pos[own.n]

    def last_bid(self) -> Entry | None:
        return self._last_bid

    def last_non_pass(self) -> Entry | None:
        return self._last_non_pass

    def is_sufficient(self, call: Call) -> bool:
        """18D: a bid is sufficient when it supersedes the last bid (18B order)."""
        last = self._last_bid
        return last is None or call.rank > last.call.rank

    def double_permitted(self, seat: Seat) -> bool:
        """19A1: the last preceding bid, made by an opponent, with only passes since."""
        last = self.last_non_pass()
        return last is not None and last.call.is_bid and last.seat.side != seat.side

    def redouble_permitted(self, seat: Seat) -> bool:
        """19B1: the last preceding double, made by an opponent, with only passes since."""
        last = self.last_non_pass()
        return last is not None and last.call.is_double and last.seat.side != seat.side

    def inadmissible(self, seat: Seat, call: Call) -> bool:
        """19A1 / 19B1, judged on the standing auction from the caller's seat."""
        if call.is_double:
            return not self.double_permitted(seat)
        if call.is_redouble:
            return not self.redouble_permitted(seat)
        return False

    def allows(self, seat: Seat, call: Call) -> bool:
        """A call Laws 18 and 19 allow here: no bid above seven, no inadmissible double or redouble."""
        return not (call.is_bid and call.level > 7) and not self.inadmissible(seat, call)

    # --- the end of the auction (22, 17D3) ----------------------------------------------
    def trailing_passes(self) -> int:
        return self._trailing

    def passes_since_last_call(self) -> list[Entry]:
        """17D3: the standing passes that follow a call: those after the last bid, double or redouble,
        or, when every call is a pass, those after the first pass (« une déclaration », a pass included)."""
        standing = self._standing
        n = self._trailing
        if n and n == len(standing):
            return list(standing[1:])
        return list(standing[len(standing) - n :]) if n else []

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
        n = self._trailing
        return (n - 1 if n == len(self._standing) else n) >= 3

    def is_deprived(self) -> bool:
        """17D3: one of the passes that follow the last call skipped a player."""
        return self.rotation_break([e.seat for e in self.passes_since_last_call()]) is not None

    def is_passed_out(self) -> bool:
        """22B: the four players have passed (no bid, four different players), each pass after the
        first in rotation; a pass that skipped a player leaves the auction open (17D3). A double or
        redouble with no bid is not a pass: while it stands, awaiting Law 36, nobody has passed out."""
        standing = self.standing()
        return self._last_non_pass is None and {e.seat for e in standing} == set(Seat) and not self.is_deprived()

    def is_completed(self) -> bool:
        """22A: a bid followed by three consecutive passes."""
        return self._last_bid is not None and self._trailing >= 3

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
        last = self._last_non_pass  # after the last bid, only doubles, redoubles and passes
        assert last is not None
        suffix = "X" if last.call.is_double else "XX" if last.call.is_redouble else ""
        return f"{bid.call}{suffix}"

    def declarer(self) -> Seat | None:
        """22A: the first player of the declaring side to name the contract's denomination.

        Only standing calls count (N8): cancelled and withdrawn calls never do, accepted ones do.
        """
        if self._declarer_at == self._epoch:  # asked several times a step (the lead's guards): found once
            return self._declarer
        self._declarer_at, self._declarer = self._epoch, self._find_declarer()
        return self._declarer

    def _find_declarer(self) -> Seat | None:
        if not self.is_completed():
            return None
        bid = self.last_bid()
        assert bid is not None
        for e in self._standing:
            if e.call.is_bid and e.seat.side == bid.seat.side and e.call.strain is bid.call.strain:
                return e.seat
        return bid.seat  # pragma: no cover - the last bid itself always qualifies
