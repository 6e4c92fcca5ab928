"""The two players and the six party affiliations (2.2)."""

from __future__ import annotations

from enum import StrEnum


class Player(StrEnum):
    SS = "ss"
    ABWEHR = "abwehr"

    @property
    def enemy(self) -> Player:
        return Player.ABWEHR if self is Player.SS else Player.SS

    @property  # (a word on screen, where str.title would be a method)
    def title(self) -> str:  # type: ignore[override]
        return "SS" if self is Player.SS else "Abwehr"


class Party(StrEnum):
    SS = "SS"
    NAZI = "Nazi"
    CIVILIAN = "Civilian"
    ABWEHR = "Abwehr"
    OKW = "OKW"
    ALLIED = "Allied"

    @property
    def german(self) -> bool:
        """2.2: every non-Allied unit is a German unit."""
        return self is not Party.ALLIED
