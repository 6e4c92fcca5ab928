"""The game state: a tree of frozen attrs classes, changed only by evolve.

Units and chits are tuples in the fixed order of rules_data (unit ids
ascending; chits as chits.toml lists them), so a state is small and its
equality is cheap. ``GameState.rules`` is the loaded rules_data: carried
for convenience, not part of equality or serialisation.
"""

from __future__ import annotations

import operator
from enum import StrEnum
from functools import cache
from typing import Any, TypeVar

import attrs

from ..data.chits import ChitKind
from ..data.tables import GermanAssignment
from ..data.units import HITLER as HITLER
from ..data.units import Sides, Unit
from ..hexgrid import Hex
from ..parties import Party, Player
from ..rules import Rules
from .facts import Basis, derived
from .pending import Decision as Decision
from .pending import DecisionKind as DecisionKind
from .rules_lookup import lookup


class Box(StrEnum):
    """Places off the map (3.23)."""

    ALLIED_HOLDING = "allied_holding"
    SS_RETIREMENT = "ss_retirement"
    ABWEHR_RETIREMENT = "abwehr_retirement"
    INTERROGATION = "interrogation_cell"
    ELIMINATED = "eliminated"
    UNPLACED = "unplaced"  # waiting to be set up (4.3)


def retirement_box(player: Player) -> Box:
    return Box.SS_RETIREMENT if player is Player.SS else Box.ABWEHR_RETIREMENT


class Marker(StrEnum):
    MASKED = "masked"
    NEUTRALIZED = "neutralized"


class Phase(StrEnum):
    SETUP = "setup"  # 4.3
    ASSIGNMENT = "assignment"  # 5.2 A
    MOVEMENT = "movement"  # 5.2 B1, C1
    RECRUITMENT = "recruitment"  # 5.2 B2, C2
    INVESTIGATION = "investigation"  # 5.2 C3
    INTERROGATION = "interrogation"  # 5.2 C4
    STATUS = "status"  # 5.2 B3, C5
    COUP_INTERPHASE = "coup_interphase"  # 18.2: the Abwehr's moves before the first Coup-Turn
    COUP_MOVEMENT = "coup_movement"  # 5.3 A1, 18.3: alternating, unit by unit
    COUP_STATUS = "coup_status"  # 5.3 A2
    GAME_OVER = "game_over"


# How the phases are named on screen and in game accounts, with their rules.
PHASE_TITLES = {
    Phase.SETUP: "Set-up (4.3)",
    Phase.ASSIGNMENT: "Assignment (7.0)",
    Phase.MOVEMENT: "Movement and Harassment (9.0, 10.0)",
    Phase.RECRUITMENT: "Recruitment (12.0)",
    Phase.INVESTIGATION: "Investigation (13.0)",
    Phase.INTERROGATION: "Interrogation (14.0)",
    Phase.STATUS: "Status Adjustment (15.0)",
    Phase.COUP_INTERPHASE: "Coup: Abwehr interphase (18.2)",
    Phase.COUP_MOVEMENT: "Coup: alternating movement (18.3)",
    Phase.COUP_STATUS: "Coup: status adjustment (18.34)",
    Phase.GAME_OVER: "Game over (18.7)",
}


class Step(StrEnum):
    """Where inside its phase's procedure the game is: sequence.py walks the automatic
    steps; at FREE a player acts as the phase allows."""

    FREE = "free"
    # the set-up (4.3)
    NAMED = "named"
    SS_MARKED = "ss_marked"
    SS_COMMON = "ss_common"
    ABWEHR_MARKED = "abwehr_marked"
    ABWEHR_COMMON = "abwehr_common"
    DONE = "done"
    # the Assignment Inter-Phase (7.0, 9.63, 16.1, 6.23)
    HITLER8 = "hitler8"
    ADVANCE = "advance"
    ROLL = "roll"
    GERMAN = "german"
    RANDOMIZER = "randomizer"
    # the SS's Movement Phase opens with Hitler's roll (9.61)
    HITLER = "hitler"
    # Status Adjustment: retirement rolls (15.12), OKW panic (12.81), the coup (18.11)
    RETIRE = "retire"
    PANIC = "panic"
    COUP_WINDOW = "coup_window"
    AFTER_WINDOW = "after_window"
    # the Interrogation Phase takes each prisoner in turn (14.12)
    INTERROGATE = "interrogate"
    # a Coup-Turn: the move passes to the side that moves next (18.32)
    HANDOFF = "handoff"
    OVER = "over"


CUP = "cup"


@attrs.frozen  # slots: the engine reads units' fields more than anything
class UnitState:
    id: str
    hex: Hex | None = None  # on the map, or None when in a box
    box: Box | None = None
    controller: Player | None = None
    recruited: bool = False  # recruitment-sided units: Recruited side up (2.2)
    suspected: bool = False  # suspicion-sided units: Suspected side up (2.2)
    semi: bool = False  # Semi-Recruitment marker (12.35)
    marker: Marker | None = None  # Mask or Neutralized marker (10.71)

    # For code that has already established where a unit is, or who holds it: the fact,
    # typed as present (a type checker cannot follow "it is on the map" by itself).
    @property
    def at(self) -> Hex:
        """Its hex; asked only of a unit known to be on the map."""
        if self.hex is None:
            raise AssertionError(f"unit {self.id} is not on the map")
        return self.hex

    @property
    def owner(self) -> Player:
        """Its controller; asked only of a unit known to be controlled."""
        if self.controller is None:
            raise AssertionError(f"unit {self.id} is controlled by no one")
        return self.controller


@attrs.frozen
class Event:
    """Something that happened, for the log: always with its case number.

    ``private`` events (a chit drawn, say) are seen only by that player.
    """

    case: str
    text: str
    roll: tuple[int, ...] = ()
    table: str | None = None
    row: int | None = None
    column: int | None = None
    result: str | None = None
    private: Player | None = None

    def seen_by(self, side: Player | None) -> bool:
        """May ``side`` see it? (None: a spectator, who sees only public events.)"""
        return self.private is None or self.private is side


@attrs.frozen
class CoupState:
    """What a successful Walkyrie roll set (18.15-18.18, 18.22) and how it has run since."""

    penalty: int  # movement points per harassment (18.17, 18.56)
    bonus: int  # the SS's differential bonus, and the Abwehr's at first
    abwehr_bonus: int  # falls by 2 per Coup-Turn while Hitler lives (18.52)
    interphase_units: int  # Abwehr units that may move in the interphase (18.22)
    turn: int = 0  # Coup-Turn, 1..6 (0 during the interphase)
    passed: frozenset[Player] = frozenset()  # 18.33: who will move no more units

    def bonus_for(self, player: Player) -> int:
        return self.bonus if player is Player.SS else self.abwehr_bonus


@attrs.frozen
class Outcome:
    winner: str  # "ss", "abwehr" or "allies"
    case: str
    reason: str


@attrs.frozen(kw_only=True, slots=False)  # a __dict__: see evolve() below
class GameState:
    rules: Rules = attrs.field(default=None, eq=False, repr=False)
    seed: int
    turn: int
    phase: Phase
    phasing: Player
    step: Step  # where inside the phase's procedure we are
    units: tuple[UnitState, ...]
    chits: tuple[str, ...]  # where each chit is: "cup", "ss", "abwehr", or the id of
    # the unit it lies on in a Coup-Turn (18.61)
    rng: int
    dice: tuple[int, ...] = ()  # scripted rolls, used before the generator
    picks: tuple[int, ...] = ()  # scripted picks (rolls.py), used before the generator
    pending: tuple[Decision, ...] = ()
    active: str | None = None  # the unit moving now (9.14)
    mp_spent: int = 0
    activated: frozenset[str] = frozenset()  # units that have moved/recruited/investigated
    targeted: frozenset[str] = frozenset()  # units recruited or investigated at this phase
    german_assignment: GermanAssignment | None = None  # 7.22: rolled, not yet carried out
    coup: CoupState | None = None  # set once a coup is declared (18.1)
    events: tuple[Event, ...] = ()  # what the last action caused
    outcome: Outcome | None = None
    # The stores of facts worked out from this state (facts.py says what they may hold
    # and why a state stays a value): the units' facts, the chits', and this state's own.
    _memo: dict[Any, Any] = attrs.field(factory=dict, init=False, eq=False, repr=False)
    _chitmemo: dict[Any, Any] = attrs.field(factory=dict, init=False, eq=False, repr=False)
    _scratch: dict[Any, Any] = attrs.field(factory=dict, init=False, eq=False, repr=False)

    @property
    def mover(self) -> str:
        """The unit moving now (9.14); asked only where one is (table._needs_active)."""
        if self.active is None:
            raise AssertionError("no unit is moving")
        return self.active

    @property
    def coup_state(self) -> CoupState:
        """The coup's numbers; asked only once a coup is under way (18.1)."""
        if self.coup is None:
            raise AssertionError("no coup is under way")
        return self.coup

    @property
    def actor(self) -> Player:
        """Who acts now; asked only while the game goes on."""
        player = self.to_act
        if player is None:
            raise AssertionError("the game is over: no one acts")
        return player

    @property
    def to_act(self) -> Player | None:
        if self.outcome is not None:
            return None
        if self.pending:
            return self.pending[-1].player
        return self.phasing

    def __deepcopy__(self, memo: dict[int, Any]) -> GameState:
        """A state is a value: its deep copy is itself (what it keeps, facts.py, is
        shared as it is between equal states), not a copy of the rules it points to."""
        return self

    # -- lookups -----------------------------------------------------------
    def unit(self, uid: str) -> UnitState:
        return self.units[self.rules.unit_order[uid]]

    def info(self, uid: str) -> Unit:
        return self.rules.units[uid]

    @derived(Basis.UNITS)
    def occupancy(self) -> dict[Hex, list[str]]:
        """Units by hex. Shared between callers: do not change what it returns."""
        occ: dict[Hex, list[str]] = {}
        for u in self.units:
            if u.hex is not None:
                occ.setdefault(u.hex, []).append(u.id)
        return occ

    @derived(Basis.CHITS)
    def chits_of(self, holder: str) -> list[str]:
        """The chits ``holder`` has, in chits.toml's order. Shared: do not change it."""
        ids = chit_ids(self.rules)
        return [ids[i] for i, where in enumerate(self.chits) if where == holder]

    @derived(Basis.CHITS)
    def holders(self) -> frozenset[str]:
        """Every place some chit is: the cup, a box, or a unit it lies on (18.61)."""
        return frozenset(self.chits)

    @derived(Basis.CHITS)
    def loyalty_held(self, player: Player) -> list[str]:
        """The units whose Loyalty chits ``player`` holds, in unit order. Shared: do not
        change what it returns."""
        by_id, order = self.rules.chits.by_id(), self.rules.unit_order
        held = [
            u
            for c in self.chits_of(player)
            if by_id[c].kind is ChitKind.LOYALTY and (u := by_id[c].unit) is not None
        ]
        return sorted(held, key=order.__getitem__)

    def holds(self, holder: str, chit: str) -> bool:
        """Does ``holder`` have ``chit``?"""
        return chit in self._chit_set(holder)

    @derived(Basis.CHITS)
    def _chit_set(self, holder: str) -> frozenset[str]:
        return frozenset(self.chits_of(holder))

    # -- changes -----------------------------------------------------------
    def units_with(self, uid: str, **changes: Any) -> tuple[UnitState, ...]:
        """The units, with ``uid`` changed."""
        i = unit_index(self.rules, uid)
        units = list(self.units)
        units[i] = evolve(units[i], **changes)
        return tuple(units)

    def with_unit(self, uid: str, **changes: Any) -> GameState:
        return evolve(self, units=self.units_with(uid, **changes))

    def with_chit(self, chit: str, holder: str) -> GameState:
        i = chit_index(self.rules, chit)
        chits = list(self.chits)
        chits[i] = holder
        return evolve(self, chits=tuple(chits))

    def log(self, *events: Event) -> GameState:
        return evolve(self, events=self.events + events)


_STATE_FIELDS = frozenset(a.name for a in attrs.fields(GameState) if a.init)
# A UnitState's fields in __init__'s order: every one is an argument (no converters,
# no validators), so a copy is __init__ given the old values and the changes.
_UNIT_NAMES = [a.name for a in attrs.fields(UnitState) if a.init]
_UNIT_INDEX = {name: i for i, name in enumerate(_UNIT_NAMES)}
if len(_UNIT_INDEX) != len(attrs.fields(UnitState)):
    raise AssertionError("every field of UnitState must be an argument of its __init__")
_unit_fields = operator.attrgetter(*_UNIT_NAMES)
_new = object.__new__
_set = object.__setattr__


T = TypeVar("T")


def evolve(inst: T, **changes: Any) -> T:
    """``attrs.evolve``, several times cheaper for the two classes every action copies.

    A GameState or UnitState has no validators or converters, so a copy of a state's
    ``__dict__`` with the changes is exactly what ``__init__`` would build, and a unit's
    copy is ``__init__`` given its fields with the changes. A state's memos start
    empty, as their factory would make them, unless the copy keeps the very tuple of
    units (or chits) they were worked out from (facts.py). Anything else goes to attrs.
    """
    cls = type(inst)
    if cls is GameState:
        if not _STATE_FIELDS.issuperset(changes):
            raise TypeError(f"GameState has no field {sorted(set(changes) - _STATE_FIELDS)}")
        d: dict[str, Any] = inst.__dict__.copy()
        d.update(changes)
        if "units" in changes:
            d["_memo"] = {}
        if "chits" in changes:
            d["_chitmemo"] = {}
        if len(changes) > 1 or "events" not in changes:  # the log decides nothing
            d["_scratch"] = {}
    elif cls is UnitState:
        fields = list(_unit_fields(inst))
        for name, value in changes.items():
            i = _UNIT_INDEX.get(name)
            if i is None:
                raise TypeError(f"UnitState has no field {sorted(changes.keys() - _UNIT_INDEX.keys())}")
            fields[i] = value
        return cls(*fields)
    else:
        return attrs.evolve(inst, **changes)  # type: ignore[misc]  # (any attrs class)
    new: T = _new(cls)
    _set(new, "__dict__", d)
    return new


def game_over(state: GameState, outcome: Outcome) -> GameState:
    """The game ends with ``outcome`` (18.7): nothing more is asked, nobody acts."""
    return evolve(state, phase=Phase.GAME_OVER, step=Step.OVER, pending=(), outcome=outcome)


def unit_index(rules: Rules, uid: str) -> int:
    return rules.unit_order[uid]


@cache
def chit_ids(rules: Rules) -> tuple[str, ...]:
    return tuple(c.id for c in rules.chits.chits)


@cache
def _chit_order(rules: Rules) -> dict[str, int]:
    return {cid: i for i, cid in enumerate(chit_ids(rules))}


def chit_index(rules: Rules, chit: str) -> int:
    return _chit_order(rules)[chit]


# -- what a unit is now --------------------------------------------------------


def effectiveness(rules: Rules, u: UnitState) -> int:
    return rules.units[u.id].front.effectiveness or 0


def defence(rules: Rules, u: UnitState) -> int:
    """2.2: both sides of every counter show the same defence strength."""
    return rules.units[u.id].front.defence


def movement_allowance(rules: Rules, u: UnitState) -> int:
    return lookup(rules).movement[u.id]


def is_unrecruited(rules: Rules, u: UnitState) -> bool:
    """2.2: a recruitment-sided unit showing its Unrecruited side."""
    return not u.recruited and u.id in lookup(rules).recruitment_sided


def is_allied(rules: Rules, u: UnitState) -> bool:
    return u.id in lookup(rules).allied


def is_unsuspected_abwehr(rules: Rules, u: UnitState) -> bool:
    """12.72, 12.74: Abwehr units and Goerdeler showing the Unsuspected side."""
    return rules.units[u.id].sides is Sides.SUSPICION and not u.suspected


# 12.14-12.16: a control marker shows who holds a unit the party colours would not tell:
# the SS never marks SS or Nazi units, the Abwehr never Abwehr or OKW units.
_UNMARKED = {Player.SS: (Party.SS, Party.NAZI), Player.ABWEHR: (Party.ABWEHR, Party.OKW)}


def control_marker(rules: Rules, u: UnitState) -> Player | None:
    """Whose control marker lies on the unit, if any (12.14, 12.15, 12.16, 12.63)."""
    if u.controller is None or u.semi:
        return None
    party = rules.units[u.id].party
    return None if party in _UNMARKED[u.controller] else u.controller
