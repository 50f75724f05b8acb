"""The journal: what each event did, step by step (:meth:`fsm.engine.machine.Engine.dispatch`
returns it, and puts the record back as it was when the event fails)."""

from __future__ import annotations

from typing import Any, NamedTuple


class Step(NamedTuple):
    """What one event did: the rule that fired, from which state to which, and the laws it cites.

    A named tuple rather than a frozen dataclass: one is made at every step, and a tuple is made
    several times faster."""

    event: str
    args: dict[str, Any]
    source: str
    target: str
    law: str
    rule: str
    laws: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {
            "event": self.event,
            "args": self.args,
            "source": self.source,
            "target": self.target,
            "law": self.law,
            "laws": list(self.laws),
            "rule": self.rule,
        }
