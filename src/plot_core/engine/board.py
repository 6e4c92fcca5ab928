"""Questions about the board that many rules ask: who blocks, who controls
which hexes, which HQs and areas a unit may enter."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator

from ..data.mapdata import Area, Headquarters
from ..hexgrid import Hex, label
from ..parties import Party, Player
from ..rules import Rules
from .errors import IllegalAction
from .facts import Basis, derived
from .registry import case
from .rules_lookup import Lookup, lookup
from .state import GameState, UnitState, is_allied


def hex_in_area(rules: Rules, h: Hex) -> str:
    """ "Stockholm (3601)": a hex far from Berlin, said with the area it lies in (a hex of
    no area, by its number alone)."""
    area = rules.map.area_of.get(h)
    return f"{rules.map.areas[area].name} ({label(h)})" if area else label(h)


def is_enemy(state: GameState, player: Player, u: UnitState) -> bool:
    """Enemy of ``player``: controlled by the other player, or Allied (17.24)."""
    if is_allied(state.rules, u):
        return True
    return u.controller is not None and u.controller is not player


@case("11.11", "11.12", "11.13", "11.14", "12.44", "15.21", "15.22")
def exerts_zoc(u: UnitState, known: Lookup) -> bool:
    """Who has a zone of control (``known`` is the rules' lookup, which callers that ask
    this of every unit look up once)."""
    if u.hex is None or u.controller is None:  # 11.12: an Allied unit belongs to no one
        return False
    if (u.id in known.recruitment_sided and not u.recruited) or u.semi:  # 11.11, 12.44
        return False
    return u.marker is None  # 11.13, 15.21, 15.22; else 11.14


@case("11.0", "11.21", "9.15", "11.22", "11.52", "11.53", "9.25")
def zoc_of(state: GameState, u: UnitState) -> frozenset[Hex]:
    """The six hexes around the unit, except across area borders (11.21).

    An HQ hex projects no zone of its own (9.25); a unit in one still does.
    Zones of both players may overlap (11.22) and never hinder friends (11.52).
    """
    known = lookup(state.rules)
    if not exerts_zoc(u, known):
        return frozenset()
    return known.zone[u.at]


@derived(Basis.UNITS, also=lambda state: (state.phasing, state.activated))
def zones_of(state: GameState, which: Callable[[GameState, UnitState], bool]) -> dict[Hex, list[str]]:
    """For every hex, the units ``which(state, u)`` picks whose zone holds it, in unit
    order: who could recruit or investigate there (12.21, 13.13). ``which`` may ask
    only about the units, the phasing player and the units used this phase: the answer
    is kept while those stay the same (facts.py)."""
    found: dict[Hex, list[str]] = {}
    for u in state.units:
        if u.hex is not None and which(state, u):
            for h in zoc_of(state, u):
                found.setdefault(h, []).append(u.id)
    return found


@derived(Basis.UNITS, kept_by_step=lambda mover, party: [(mover,)])
def enemy_controlled(state: GameState, player: Player) -> frozenset[Hex]:
    """Hexes in the zone of any unit of ``player``'s enemy (a step by one of
    ``player``'s own units leaves them as they were)."""
    foe, known = player.enemy, lookup(state.rules)
    zone = known.zone
    return frozenset().union(
        *[zone[u.at] for u in state.units if u.controller is foe and exerts_zoc(u, known)]
    )


def hq_at(state: GameState, h: Hex) -> Headquarters | None:
    key = state.rules.map.hq_of.get(h)
    return None if key is None else state.rules.map.hqs[key]


def hq_name(state: GameState, h: Hex) -> str:
    """The name of the HQ at ``h``, a hex known to be part of one."""
    hq = hq_at(state, h)
    if hq is None:
        raise AssertionError(f"{label(h)} is no HQ hex")
    return hq.name


@case("9.22", "9.23")
def hq_friendly(state: GameState, h: Hex, uid: str) -> bool | None:
    """None if ``h`` is no HQ; else whether it is friendly to the unit, by party (9.23)."""
    hq = hq_at(state, h)
    if hq is None:
        return None
    return hq.friendly_to(uid, state.rules.units[uid].party)


@case("9.24")
def unfriendly_hq(state: GameState, dest: Hex, uid: str) -> IllegalAction | None:
    """Units never enter an unfriendly HQ by moving or Travel (only by advance after
    harassment, 10.6, within its own limits)."""
    if hq_friendly(state, dest, uid) is False:
        return IllegalAction("9.24", f"{hq_name(state, dest)} is not friendly to {state.info(uid).short}")
    return None


@case("16.11", "16.14")
def impassable(state: GameState, area: str) -> bool:
    """Is the area impassable now (16.14)?"""
    return _overrun(state.rules.map.areas[area], state.turn)


def _overrun(area: Area, turn: int) -> bool:
    """Occupied by Military Advance from the start of the Game-Turn printed in it (16.11)."""
    return area.military_advance is not None and area.military_advance <= turn


def impassable_areas(state: GameState) -> frozenset[str]:
    """Every area impassable now (16.14)."""
    return impassable_in(state.rules, state.turn)


@functools.cache
def impassable_in(rules: Rules, turn: int) -> frozenset[str]:
    """Every area impassable in Game-Turn ``turn``, worked out once per turn."""
    return frozenset(a for a, area in rules.map.areas.items() if _overrun(area, turn))


@case("17.21")
@derived(Basis.UNITS, kept_by_step=lambda mover, party: [()])
def influenced_areas(state: GameState) -> frozenset[str]:
    """Areas with an Allied unit in them: its zone of influence fills the area (a
    German unit's step leaves them as they were)."""
    area_of, allied = state.rules.map.area_of, lookup(state.rules).allied
    return frozenset(area_of[u.hex] for u in state.units if u.hex is not None and u.id in allied)


def units_in_streets(rules: Rules, party: Party, hex_of: Callable[[str], Hex | None]) -> Iterator[str]:
    """``party``'s own units in Berlin outside the HQs, the units 18.71 and 18.72 count.
    ``hex_of`` says where a unit stands: a state's places or a side's view of them (the
    units' places are public), so the engine and what the screens show count alike."""
    known = lookup(rules)
    return (uid for uid in known.of_party[party] if hex_of(uid) in known.streets)


@derived(Basis.UNITS, kept_by_step=lambda mover, party: [(q,) for q in Party if q is not party])
def party_in_streets(state: GameState, party: Party) -> bool:
    """Has ``party`` a unit in Berlin outside its HQs (18.72)? A step by a unit of
    another party leaves this as it was (movement.py hands on the mover's own)."""
    return next(units_in_streets(state.rules, party, lambda uid: state.unit(uid).hex), None) is not None


def empty_hexes(state: GameState, area: str) -> list[Hex]:
    occ = state.occupancy()
    return [h for h in lookup(state.rules).hexes_in[area] if h not in occ]
