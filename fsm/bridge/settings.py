"""The readings of the Laws that directors dispute, as named settings with their documented defaults (docs/readings.md)."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from fsm.bridge.errors import InputError, quoted

CHOICES: dict[str, tuple[Any, ...]] = {
    # 27B3/27B4: partner's bar after an attempted double or a second insufficient bid.
    "partner_bar_27B3_27B4": ("literal", "lifted_by_27B1"),
    # 30A/31A1: does 26B follow a forced repeat of the same call? (the Laws are silent; directors differ)
    "lead_restriction_after_forced_repeat": (False, True),
    # 24: the FFB's « durant la période des annonces » (until the lead is faced, 17D1) or the English « during the auction ».
    "law24_during": ("auction_period", "auction"),
    # 24 before the first call: the WBF Laws Committee (15 August 2017, item 7) returns a card shown before the
    # auction commences to the hand, Law 16 for the information; the literal text applies 24 from 17A.
    "law24_from": ("first_call", "cards_taken"),
}


@dataclass(frozen=True)
class Settings:
    partner_bar_27B3_27B4: str = "literal"
    lead_restriction_after_forced_repeat: bool = False
    law24_during: str = "auction_period"
    law24_from: str = "first_call"

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> Settings:
        if not isinstance(raw, dict):
            raise InputError("« settings » attend une table", "'settings' takes a mapping", key="settings")
        for key, value in raw.items():
            if key not in CHOICES:
                raise InputError(
                    f"réglage inconnu « {key} » (connus : {quoted(CHOICES)})",
                    f"unknown setting '{key}' (known: {', '.join(CHOICES)})",
                    key=key,
                )
            if not any(type(value) is type(c) and value == c for c in CHOICES[key]):  # 1 is not True
                allowed = ", ".join(str(c) for c in CHOICES[key])
                raise InputError(
                    f"valeur « {value} » impossible pour « {key} » ({quoted(CHOICES[key])})",
                    f"value '{value}' not allowed for '{key}' ({allowed})",
                    key=key,
                )
        return cls(**raw)

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)
