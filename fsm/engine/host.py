"""What the engine needs from its host, and nothing more: the events it declares, the vocabulary
its expressions read, the registry of its named guards, actions and holders, and a few hooks.

The engine never names a state, an event or a field of the record; the host's tables and this
object say them all.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple, Protocol

from fsm.engine.expr import Vocabulary
from fsm.engine.tables import Registry


class EventDecl(Protocol):
    """One declared event: the law that answers when no rule takes it, its words, and whether an
    option holder makes it (``by_state``: the state's own law answers) or the machine raises it."""

    @property
    def law(self) -> str: ...
    @property
    def fr(self) -> str: ...
    @property
    def en(self) -> str: ...
    @property
    def by_state(self) -> bool: ...
    @property
    def internal(self) -> bool: ...


class Record(Protocol):
    """The record a machine runs on: its control state, the internal events raised and not yet
    handled, and a way to save it and to put it back as saved (undo)."""

    state: str
    raised: list[Any]

    def save(self) -> Any: ...
    def restore(self, saved: Any) -> None: ...


def _any_law(law: str) -> bool:
    return bool(law)


class Host(NamedTuple):
    """The host's vocabulary and hooks."""

    events: Mapping[str, EventDecl]
    vocabulary: Vocabulary
    registry: Registry
    internal: Callable[[str], Any]  # the internal event a trigger raises, made from its name
    starts: tuple[str, ...]  # the states a record may start in: every other is reached from them
    cites: Callable[[str], bool] = _any_law  # whether a law reference is well formed
    ruled: Callable[[Any, str], None] | None = None  # notes on the record the law of a `ruling` rule that fired
