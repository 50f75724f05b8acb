"""The project's errors: every one speaks French and English and, where a law forbids, names it.

The engine's errors (:mod:`fsm.engine.errors`) are the project's; only the scenario files add one.
"""

from __future__ import annotations

from collections.abc import Iterable

from fsm.engine.errors import FsmError, IllegalEvent, InputError, SpecError


def quoted(names: Iterable[object]) -> str:
    """Names the user may type (events, arguments, settings), each between French quotes, as a
    French sentence quotes them: « call », « judge »."""
    return ", ".join(f"« {n} »" for n in names)


class ScenarioError(FsmError):
    """A malformed scenario file: names the file, the scenario and the key."""


__all__ = ["FsmError", "IllegalEvent", "InputError", "ScenarioError", "SpecError", "quoted"]
