"""The decisions the rules hand a player in the middle of something else: one frozen
record per kind, holding exactly what that kind is about.

Each class names its kind (``kind``, a class variable) and its player; a type checker
narrows a ``Decision`` to its class by ``isinstance``, and ``decisions.top`` hands a
reducer the class it expects. Each kind's rules (how it is asked, answered and forced)
are declared beside the rules that hand it out (decisions.declare).
"""

from __future__ import annotations

from enum import StrEnum
from typing import ClassVar

import attrs

from ..data.units import HITLER
from ..hexgrid import Hex
from ..parties import Player


class DecisionKind(StrEnum):
    """Every kind of decision, with the case that hands it to a player."""

    PLACE_ALLIED = "place_allied"  # 7.11
    ASSIGNMENT_CHITS = "assignment_chits"  # 7.4, 7.5
    ASSIGN = "assign"  # 7.23
    RETREAT = "retreat"  # 10.65
    ADVANCE = "advance"  # 10.67, 13.35
    HITLER = "hitler"  # 9.62
    DISPLACE = "displace"  # 9.63
    RECRUIT = "recruit"  # 12.25
    INVESTIGATE = "investigate"  # 13.25
    EXPOSE_INVESTIGATORS = "expose_investigators"  # 13.17
    ALIBI = "alibi"  # 13.18
    INTERROGATION_ALIBI = "interrogation_alibi"  # 14.21
    RETURN = "return"  # 14.33, 15.12
    PANIC = "panic"  # 12.83
    COUP = "coup"  # 18.11


@attrs.frozen
class Decision:
    """What every pending decision has: its kind and the player who must answer it."""

    kind: ClassVar[DecisionKind]
    player: Player

    @property
    def subject(self) -> str | None:
        """The unit the decision is about, if it is about one (for the screen and the
        saved JSON's "unit"): its ``unit`` field, for the kinds that have one."""
        unit: str | None = getattr(self, "unit", None)
        return unit


@attrs.frozen
class PlaceAllied(Decision):
    """7.11: the Abwehr puts the Allied unit drawn at random on an empty hex of the area."""

    kind: ClassVar[DecisionKind] = DecisionKind.PLACE_ALLIED
    unit: str
    area: str


@attrs.frozen
class AssignmentChits(Decision):
    """7.4, 7.5: the player whose ``count`` units go to ``area`` may reveal a chit."""

    kind: ClassVar[DecisionKind] = DecisionKind.ASSIGNMENT_CHITS
    party: Player  # whose units are to be sent
    count: int
    area: str


@attrs.frozen
class Assign(Decision):
    """7.23: ``player`` picks ``party``'s units to send, ``count`` more of them."""

    kind: ClassVar[DecisionKind] = DecisionKind.ASSIGN
    party: Player
    count: int
    area: str


@attrs.frozen
class Retreat(Decision):
    """10.65: where the harassed (or displaced) unit retreats."""

    kind: ClassVar[DecisionKind] = DecisionKind.RETREAT
    unit: str


@attrs.frozen
class Advance(Decision):
    """10.67: the harassing unit may advance into ``hex``; 13.35: one of the
    investigators ``units`` may (then ``unit`` is None)."""

    kind: ClassVar[DecisionKind] = DecisionKind.ADVANCE
    hex: Hex
    unit: str | None = None
    units: tuple[str, ...] = ()


@attrs.frozen
class HitlerHex(Decision):
    """9.62: the SS chooses which of ``options`` Hitler goes to."""

    kind: ClassVar[DecisionKind] = DecisionKind.HITLER
    options: tuple[Hex, ...]

    @property
    def subject(self) -> str | None:
        return HITLER


@attrs.frozen
class Displace(Decision):
    """9.63: the SS chooses which unit in the Führer HQ hexes ``options`` leaves."""

    kind: ClassVar[DecisionKind] = DecisionKind.DISPLACE
    options: tuple[Hex, ...]


@attrs.frozen
class Recruit(Decision):
    """12.25: recruiters gather against ``unit``, then roll (12.6: maybe a Double-Cross)."""

    kind: ClassVar[DecisionKind] = DecisionKind.RECRUIT
    unit: str
    double_cross: bool = False
    units: tuple[str, ...] = ()  # the recruiters gathered so far


@attrs.frozen
class Investigate(Decision):
    """13.25: investigators gather against ``unit``, then the SS announces."""

    kind: ClassVar[DecisionKind] = DecisionKind.INVESTIGATE
    unit: str
    units: tuple[str, ...] = ()  # the investigators gathered so far


@attrs.frozen
class Exposure(Decision):
    """An announced investigation of ``unit`` by ``units``, before its roll: the Loyalty
    chits revealed against investigators (``chits``) and those an Alibi/Arrest chit
    has covered (``cleared``)."""

    unit: str
    units: tuple[str, ...]
    chits: tuple[str, ...] = ()
    cleared: tuple[str, ...] = ()


@attrs.frozen
class ExposeInvestigators(Exposure):
    """13.17: the Abwehr may reveal investigators' Loyalty chits."""

    kind: ClassVar[DecisionKind] = DecisionKind.EXPOSE_INVESTIGATORS


@attrs.frozen
class Alibi(Exposure):
    """13.18: the SS may cover exposed investigators with Alibi/Arrest chits."""

    kind: ClassVar[DecisionKind] = DecisionKind.ALIBI


@attrs.frozen
class InterrogationAlibi(Decision):
    """14.21: the Abwehr may reveal Alibi/Arrest chits for the prisoner ``unit``."""

    kind: ClassVar[DecisionKind] = DecisionKind.INTERROGATION_ALIBI
    unit: str
    chits: tuple[str, ...] = ()


@attrs.frozen
class Return(Decision):
    """14.33, 15.12: where ``unit`` goes back on the map; ``case`` is the rule that sends
    it."""

    kind: ClassVar[DecisionKind] = DecisionKind.RETURN
    unit: str
    case: str


@attrs.frozen
class Panic(Decision):
    """12.83: the Abwehr chooses ``count`` more OKW units to panic."""

    kind: ClassVar[DecisionKind] = DecisionKind.PANIC
    count: int


@attrs.frozen
class CoupOffer(Decision):
    """18.11: the Abwehr may commit Führer Access chits (``chits``) and attempt a coup."""

    kind: ClassVar[DecisionKind] = DecisionKind.COUP
    chits: tuple[str, ...] = ()


# How a decision is written in a state's JSON: one object with every field any kind
# has (the shape saved games and stored tables already hold), the kind naming the
# class and "unit" holding the subject. Fields whose name in the class differs from
# their name in JSON:
JSON_NAMES = {"double_cross": "flag", "case": "area"}
JSON_DEFAULTS: dict[str, object] = {
    "unit": None,
    "hex": None,
    "area": None,
    "count": 0,
    "party": None,
    "flag": False,
    "options": (),
    "units": (),
    "chits": (),
    "cleared": (),
}


__all__ = [
    "JSON_DEFAULTS",
    "JSON_NAMES",
    "Advance",
    "Alibi",
    "Assign",
    "AssignmentChits",
    "CoupOffer",
    "Decision",
    "DecisionKind",
    "Displace",
    "ExposeInvestigators",
    "Exposure",
    "HitlerHex",
    "Investigate",
    "InterrogationAlibi",
    "Panic",
    "PlaceAllied",
    "Recruit",
    "Retreat",
    "Return",
]
