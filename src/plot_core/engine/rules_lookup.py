"""Facts about the rules_data that never change in a game, worked out once per
loaded Rules so the engine's hot loops read a dict instead of asking again."""

from __future__ import annotations

from functools import cache

import attrs

from ..data.units import Sides
from ..hexgrid import Hex
from ..parties import Party
from ..rules import Rules

BERLIN, PRUSSIA = "BE", "PU"  # the two areas the rules name (docs/rules/map.md)


@attrs.frozen(eq=False)
class Lookup:
    party: dict[str, Party]
    of_party: dict[Party, tuple[str, ...]]  # each party's units, in unit order
    allied: frozenset[str]  # 17.24: Allied units
    recruitment_sided: frozenset[str]  # 2.2: Recruited/Unrecruited sides
    movement: dict[str, int]  # movement allowance (0 for none)
    zone: dict[Hex, frozenset[Hex]]  # 11.21: a unit's zone from that hex
    hexes_in: dict[str, tuple[Hex, ...]]  # every hex of an area, in map order
    hexes_beyond: dict[tuple[str, ...], tuple[Hex, ...]]  # 9.54, 9.58: outside these areas
    unfriendly_hq: dict[str, frozenset[Hex]]  # 9.23, 9.24: HQ hexes the unit may not enter
    streets: frozenset[Hex]  # 18.71, 18.72: Berlin's hexes outside the HQs


@cache
def lookup(rules: Rules) -> Lookup:
    m, units = rules.map, rules.units
    hexes_in: dict[str, list[Hex]] = {}
    for h, a in m.area_of.items():
        hexes_in.setdefault(a, []).append(h)
    return Lookup(
        party={uid: u.party for uid, u in units.items()},
        of_party={p: tuple(uid for uid, u in units.items() if u.party is p) for p in Party},
        allied=frozenset(uid for uid, u in units.items() if u.party is Party.ALLIED),
        recruitment_sided=frozenset(uid for uid, u in units.items() if u.sides is Sides.RECRUITMENT),
        movement={uid: u.front.movement or 0 for uid, u in units.items()},
        zone={h: frozenset(n for n in m.neighbours[h] if m.area_of[n] == m.area_of[h]) for h in m.area_of},
        hexes_in={a: tuple(hs) for a, hs in hexes_in.items()},
        hexes_beyond={
            areas: tuple(h for h, a in m.area_of.items() if a not in areas)
            for areas in ((BERLIN,), (BERLIN, PRUSSIA))
        },
        streets=frozenset(h for h, a in m.area_of.items() if a == BERLIN and h not in m.hq_of),
        unfriendly_hq=_shared(
            {
                uid: frozenset(
                    h for hq in m.hqs.values() if not hq.friendly_to(uid, u.party) for h in hq.hexes
                )
                for uid, u in units.items()
            }
        ),
    )


def _shared(sets: dict[str, frozenset[Hex]]) -> dict[str, frozenset[Hex]]:
    """The same sets, equal ones made one object: units of a party share their
    unfriendly HQ hexes, and so the ways worked out from them (movement._open_ways)."""
    one: dict[frozenset[Hex], frozenset[Hex]] = {}
    return {uid: one.setdefault(hexes, hexes) for uid, hexes in sets.items()}
