"""The "hard" computer player: the easy player's judgement, plus search where games are won.

Games are decided in the coup (18.71, 18.72), unit by unit. Where the easy player
steps greedily towards the nearest target, this one searches every plan a unit
has: every hex it can still reach this activation (breadth first, through the
engine's own movement rules), and from each, every harassment it could then make,
valued by the odds of the Coup Harassment Table (expected value over the die).
It activates the unit with the best plan and walks that plan step by step.

Like every computer player it works on a state drawn from its own view
(determinise), so the search never touches what the side cannot see; the think
budget bounds it (the best plan found so far is used when time runs out).
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

import attrs

from plot_core import Action, GameState, PlayerView, Rules, Verb
from plot_core.engine import Phase, harass_cost, harass_problem, movement_allowance, reach

from . import easy
from .determinise import determinise

COUP_PHASES = (Phase.COUP_INTERPHASE, Phase.COUP_MOVEMENT)
# Hitler alive costs the Abwehr 2 points of bonus every Coup-Turn (18.52): striking at him
# early outweighs any single SS unit (measured: 8 -> 31%, 16 -> 36%, 30 -> 40% of games won
# by the Abwehr against the easy SS, seeds 3000-3099).
HITLER_WORTH = 30.0
NOTHING_WORTH_IT = 0.1  # below this, a unit's best plan is not worth activating it for


@attrs.frozen
class Plan:
    value: float
    goal: int  # where the unit ends its walk
    first: int | None  # the first step towards it (None: it is there)
    target: str | None  # whom it harasses from there


def choose(v: PlayerView, legal: Sequence[Action], rules: Rules, rnd: random.Random, think: float) -> Action:
    if v.phase not in COUP_PHASES or v.pending or v.coup is None:
        return easy.choose(v, legal, rules, rnd)
    s = determinise(v, rules, random.Random(rnd.getrandbits(32)))
    deadline = time.perf_counter() + think
    thumb = easy.Heuristic(s, v, hitler=HITLER_WORTH)
    if s.active is None:
        return _activation(s, thumb, legal, deadline) or easy.choose(v, legal, rules, rnd)
    return _step(s, thumb, legal) or easy.choose(v, legal, rules, rnd)


def _activation(
    s: GameState, thumb: easy.Heuristic, legal: Sequence[Action], deadline: float
) -> Action | None:
    """Which unit to move next: the one with the best plan."""
    best, best_value = None, NOTHING_WORTH_IT
    for a in legal:
        if a.verb is not Verb.ACTIVATE:
            continue
        plan = best_plan(attrs.evolve(s, active=a.unit, mp_spent=0), thumb)
        if plan is not None and plan.value > best_value:
            best, best_value = a, plan.value
        if time.perf_counter() > deadline:
            break
    if best is not None:
        return best
    return next((a for a in legal if a.verb is Verb.END_PHASE), None)


def _step(s: GameState, thumb: easy.Heuristic, legal: Sequence[Action]) -> Action | None:
    """The active unit's next step along its best plan."""
    plan = best_plan(s, thumb)
    if plan is None:
        return None
    if plan.first is not None:
        want = Action(Verb.MOVE, hex=plan.first)
    elif plan.target is not None:
        want = Action(Verb.HARASS, unit=plan.target)
    else:
        want = Action(Verb.END)
    return want if want in legal else None


def best_plan(s: GameState, thumb: easy.Heuristic) -> Plan | None:
    """Every stop the active unit can reach, and the best harassment from each."""
    uid = s.mover
    u = s.unit(uid)
    if u.hex is None:
        return None
    allowance = movement_allowance(s.rules, u)
    cost = harass_cost(s)
    first_step: dict[int, int | None] = {u.hex: None}
    stops = [(u.hex, s.mp_spent)]
    for r in reach(s, uid):
        first_step[r.hex] = r.hex if r.came_from == u.hex else first_step[r.came_from]
        if r.stops:  # 8.11: a walk ends on an empty hex
            stops.append((r.hex, r.spent))
    best = None
    for hex_, spent in stops:
        value, target = _from(s, thumb, uid, hex_, spent, allowance, cost)
        value += _standing(thumb, uid, u.hex, hex_)
        if best is None or value > best.value:
            best = Plan(value, hex_, first_step[hex_], target)
    return best


def _from(
    s: GameState, thumb: easy.Heuristic, uid: str, hex_: int, spent: int, allowance: int, cost: int
) -> tuple[float, str | None]:
    """The best harassments open from ``hex_`` with the points left after walking there."""
    tries = (allowance - spent) // cost
    if tries < 1:
        return 0.0, None
    probe = attrs.evolve(s.with_unit(uid, hex=hex_), mp_spent=spent)
    thumb_here = easy.Heuristic(probe, thumb.v, hitler=thumb.hitler)
    occ = probe.occupancy()
    values = []
    for n in s.rules.map.neighbours[hex_]:
        for other in occ.get(n, ()):
            if harass_problem(probe, other) is None:
                values.append((thumb_here.harass_value(other), other))
    values = sorted((x for x in values if x[0] > 0), reverse=True)
    if not values:
        return 0.0, None
    total = values[0][0] + (0.5 * values[1][0] if tries >= 2 and len(values) > 1 else 0.0)
    return 1.0 + total, values[0][1]


def _standing(thumb: easy.Heuristic, uid: str, start: int, end: int) -> float:
    """Where the unit is left standing, compared with where it stood: a unit with nothing
    to strike at closes in on the enemy; the party that must hold the streets stays in
    them."""
    value = 0.3 * (thumb.goal_distance(start) - thumb.goal_distance(end))
    if thumb.party(uid) is thumb.my_party and thumb.in_streets(start) and not thumb.in_streets(end):
        value -= 20.0
    return value
