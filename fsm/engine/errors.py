"""The engine's errors: each speaks French and English and, where a rule forbids, names its law."""

from __future__ import annotations


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


class InputError(FsmError, ValueError):
    """Text or arguments that cannot be read: a token that is not what it should be, a missing argument."""


class IllegalEvent(FsmError):
    """An event the record's state does not allow; the record is left exactly as it was."""


class SpecError(FsmError):
    """Tables that cannot make a machine: an unknown state, event or guard, an unreachable state…"""
