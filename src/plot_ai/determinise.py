"""A full game state consistent with what one side sees: its guess at the hidden rest.

The view holds the board, the pending decisions, the coup values and the side's own
chits; what it lacks is the opponent's hand (only its size), the cup, which Allied
unit waits face-down where, and the dice to come. Those are drawn at random here, so
a computer player can ask the engine "what if" without ever having looked.
"""

from __future__ import annotations

import random

import attrs

from plot_core import GameState, Player, PlayerView, Rules, seed_state
from plot_core.engine import CUP, PlaceAllied, UnitState, chit_ids

HIDDEN = "?"


def determinise(v: PlayerView, rules: Rules, rnd: random.Random) -> GameState:
    if v.side is None:
        raise ValueError("a spectator's view has no side to reason for")
    units, face_down = _units(v, rules, rnd)
    pending = tuple(
        attrs.evolve(d, unit=face_down.pop()) if isinstance(d, PlaceAllied) and d.unit == HIDDEN else d
        for d in v.pending
    )
    return GameState(
        rules=rules,
        seed=0,
        turn=v.turn,
        phase=v.phase,
        phasing=v.phasing,
        step=v.step,
        units=units,
        chits=_chits(v, rules, rnd),
        rng=seed_state(rnd.getrandbits(32)),
        pending=pending,
        active=v.active,
        mp_spent=v.mp_spent,
        activated=v.activated,
        targeted=v.targeted,
        german_assignment=v.german_assignment,
        coup=v.coup,
        outcome=v.outcome,
    )


def _units(v: PlayerView, rules: Rules, rnd: random.Random) -> tuple[tuple[UnitState, ...], list[str]]:
    """Face-down Allied units get ids drawn from those not seen on the board."""
    seen = {u.id for u in v.units if u.id != HIDDEN}
    unseen = [uid for uid in rules.units if uid not in seen]
    rnd.shuffle(unseen)
    pool = list(unseen)
    by_id: dict[str, UnitState] = {}
    for u in v.units:
        u = attrs.evolve(u, id=pool.pop()) if u.id == HIDDEN else u
        by_id[u.id] = u
    # the engine finds a unit by its place in the rules' order
    return tuple(by_id[uid] for uid in rules.units), list(unseen)


def _chits(v: PlayerView, rules: Rules, rnd: random.Random) -> tuple[str, ...]:
    if v.side is None:
        raise ValueError("a spectator's view has no side to reason for")
    me = v.side.value
    other = (Player.ABWEHR if v.side is Player.SS else Player.SS).value
    own = set(v.own_chits)
    where = {}
    unknown = []
    for c in chit_ids(rules):
        if c in own:
            where[c] = me
        elif c in v.laid:
            where[c] = v.laid[c]
        else:
            unknown.append(c)
    rnd.shuffle(unknown)
    n = v.chit_counts[other]
    for i, c in enumerate(unknown):
        where[c] = other if i < n else CUP
    return tuple(where[c] for c in chit_ids(rules))
