"""The project's errors: every one speaks French and English and, where a law forbids, names it."""

from __future__ import annotations

from collections.abc import Iterable


class FsmError(Exception):
    """Base class: ``message_fr``, ``message_en`` and the ``law`` that applies, if any."""

    def __init__(self, message_fr: str, message_en: str, law: str | None = None, **details: object):
        self.message_fr = message_fr
        self.message_en = message_en
        self.law = law
        self.details = details
        super().__init__(self.__str__())

    def __str__(self) -> str:
        prefix_fr = f"Loi {self.law} : " if self.law else ""
        prefix_en = f"Law {self.law}: " if self.law else ""
        return f"{prefix_fr}{self.message_fr} / {prefix_en}{self.message_en}"


def quoted(names: Iterable[object]) -> str:
    """Names the user may type (events, arguments, settings), each between French quotes, as a
    French sentence quotes them: « call », « judge »."""
    return ", ".join(f"« {n} »" for n in names)


class InputError(FsmError, ValueError):
    """Text or arguments that cannot be read: a token that is no call, an unknown seat, a missing argument."""


class IllegalEvent(FsmError):
    """An event the board's state does not allow; the board is left exactly as it was."""


class ScenarioError(FsmError):
    """A malformed scenario file: names the file, the scenario and the key."""


class SpecError(FsmError):
    """A machine's tables that cannot make a machine: an unknown state, event or guard, an unreachable state…"""
