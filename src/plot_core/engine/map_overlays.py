"""What the map can show on top of the board: where the moving unit can still go,
each player's zones of control, and the Allied zones of influence.

All of it follows from public facts (where units stand, which side they are on),
so any side's screen may show it.
"""

from __future__ import annotations

import functools

import attrs

from ..hexgrid import Hex
from ..parties import Player
from ..rules import Rules
from .board import enemy_controlled, influenced_areas
from .movement import reach
from .state import GameState


@attrs.frozen
class Overlays:
    reachable: frozenset[Hex]  # the active unit's possible steps (9.1, 8.11, 11.3)
    zones: dict[Player, frozenset[Hex]]  # hexes in each player's zones of control (11.x)
    influence: frozenset[Hex]  # hexes of areas under Allied influence (17.21)


def reachable(state: GameState) -> frozenset[Hex]:
    """Every hex the active unit could still walk to this activation with the points it
    has left (Travel aside)."""
    uid = state.active
    if uid is None or state.unit(uid).hex is None:
        return frozenset()
    return frozenset(r.hex for r in reach(state, uid))


def overlays(state: GameState) -> Overlays:
    return Overlays(
        reachable=reachable(state),
        zones={p: enemy_controlled(state, p.enemy) for p in Player},
        influence=_hexes_of(state.rules, influenced_areas(state)),
    )


@functools.lru_cache(64)
def _hexes_of(rules: Rules, areas: frozenset[str]) -> frozenset[Hex]:
    """Every hex of ``areas``: the same few sets of areas all game long."""
    return frozenset(h for h, a in rules.map.area_of.items() if a in areas)
