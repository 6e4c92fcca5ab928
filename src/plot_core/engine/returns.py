"""Putting a unit back on the map at a friendly HQ (14.33, 15.12): any empty hex of an
HQ friendly to it, or, when all are full, the nearest empty hex (ties: owner's choice)."""

from __future__ import annotations

from ..hexgrid import Hex, distance, label
from .actions import Verb, act, need
from .board import hq_friendly, impassable
from .decisions import DecisionRule, declare, pop, top
from .errors import IllegalAction
from .pending import Return
from .state import Event, GameState


def return_hexes(state: GameState, uid: str) -> list[Hex]:
    m = state.rules.map
    occ = state.occupancy()
    party = state.info(uid).party
    hq_hexes = [
        h
        for hq in m.hqs.values()
        if hq.friendly_to(uid, party)
        for h in hq.hexes
        if not impassable(state, m.area_of[h])
    ]
    free = [h for h in hq_hexes if h not in occ]
    if free or not hq_hexes:
        return sorted(free)
    open_hexes = [
        h
        for h in m.area_of
        if h not in occ and not impassable(state, m.area_of[h]) and hq_friendly(state, h, uid) is not False
    ]
    if not open_hexes:
        return []
    best = min(min(distance(h, q) for q in hq_hexes) for h in open_hexes)
    return sorted(h for h in open_hexes if min(distance(h, q) for q in hq_hexes) == best)


def choose_return(state: GameState, h: Hex) -> GameState:
    d = top(state, Return)
    if h not in return_hexes(state, d.unit):
        raise IllegalAction(
            d.case,
            f"{state.info(d.unit).short} returns to an empty "
            "friendly HQ hex, or the nearest empty hex if "
            "all are full",
        )
    state = pop(state).with_unit(d.unit, hex=h, box=None)
    return state.log(Event(d.case, f"{state.info(d.unit).short} returns to {label(h)}"))


# -- the decision of a unit coming back ------------------------------------------------------
def _forced(state: GameState, d: Return) -> GameState | None:
    options = return_hexes(state, d.unit)
    return choose_return(state, options[0]) if len(options) == 1 else None


declare(
    DecisionRule[Return](
        Return,
        "15.12",
        "where the returning unit goes",
        "choose where the returning unit goes (14.33, 15.12)",
        lambda s, d: [act(Verb.RETURN, None, h) for h in return_hexes(s, d.unit)],
        {Verb.RETURN: lambda s, d, a: choose_return(s, need(a.hex, "a hex"))},
        forced=_forced,
    )
)
