"""A tuple that grows at its end in amortised constant time, for the table's records that grow with
every event (the rulings, the unauthorized information): a board of thousands of events must not
copy them at each one.

A :class:`GrowingTuple` is never changed: :meth:`~GrowingTuple.plus` returns a longer one. The
items live in a list that several of them share, each seeing only its own length. The first to
grow past the shared length appends in place; any other (an older one, put back when an event was
refused and undone) copies its own items first. Saving a table is therefore still taking
references, and a refused event is undone by putting the old value back.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any, TypeVar, overload

T = TypeVar("T")


class GrowingTuple(Sequence[T]):
    __slots__ = ("_items", "_len")

    def __init__(self, items: Iterable[T] = ()) -> None:
        self._items: list[T] = list(items)
        self._len = len(self._items)

    def plus(self, item: T) -> GrowingTuple[T]:
        """This tuple with ``item`` at its end."""
        items = self._items
        if len(items) != self._len:  # another tuple grew the shared list: this one takes its own copy
            items = items[: self._len]
        items.append(item)
        out: GrowingTuple[T] = object.__new__(GrowingTuple)
        out._items, out._len = items, self._len + 1
        return out

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, i: int) -> T: ...
    @overload
    def __getitem__(self, i: slice) -> tuple[T, ...]: ...
    def __getitem__(self, i: int | slice) -> T | tuple[T, ...]:
        if isinstance(i, slice):
            return tuple(self._items[: self._len][i])
        if i < 0:
            i += self._len
        if not 0 <= i < self._len:
            raise IndexError("GrowingTuple index out of range")
        return self._items[i]

    def __iter__(self) -> Iterator[T]:
        items = self._items
        return iter(items) if len(items) == self._len else iter(items[: self._len])

    def __contains__(self, value: object) -> bool:
        items = self._items
        return value in (items if len(items) == self._len else items[: self._len])

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (GrowingTuple, tuple)):
            return len(other) == self._len and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return repr(tuple(self))

    def __reduce__(self) -> tuple[Any, ...]:
        return (GrowingTuple, (tuple(self),))

    @property
    def storage(self) -> object:
        """The list this tuple is a prefix of, shared with the tuples it grew from or into: it is only
        ever appended to, so what an index read of it up to a length stays true while it is the same."""
        return self._items

    def copy(self) -> GrowingTuple[T]:
        """One that shares nothing with this one (for a board copied into another thread)."""
        return GrowingTuple(self)


def plus(items: Sequence[T], item: T) -> GrowingTuple[T]:
    """``items`` with ``item`` at its end, in amortised constant time once ``items`` is a growing tuple."""
    if isinstance(items, GrowingTuple):
        return items.plus(item)
    return GrowingTuple((*items, item))
