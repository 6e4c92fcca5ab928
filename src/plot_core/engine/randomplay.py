"""Random legal play, for tests, soak runs and benchmarks (not an opponent).

``busy_policy`` still picks at random among legal actions, but leans towards
doing things (rolling, joining, harassing) rather than ending phases at once,
so that random games reach every table and every result.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence

from ..hexgrid import distance
from ..parties import Party, Player
from ..rules import Rules
from .actions import Action, Verb
from .api import apply, legal_actions, new_game
from .state import HITLER, DecisionKind, GameState

Policy = Callable[[GameState, Sequence[Action], random.Random], Action]

_WEIGHTS = {
    Verb.END_PHASE: 0.15,
    Verb.CANCEL: 0.05,
    Verb.TRAVEL: 0.02,
    Verb.ROLL: 6.0,
    Verb.JOIN: 3.0,
    Verb.HARASS: 3.0,
    Verb.RECRUIT: 2.0,
    Verb.INVESTIGATE: 4.0,
    Verb.EXPOSE: 0.5,
    Verb.END: 0.5,
    Verb.ADVANCE: 4.0,
}
_STORM_HQ = 30.0  # harassing a vacant HQ hex (10.69) or Hitler (18.51): rare by
# chance, so favoured


def uniform_policy(state: GameState, actions: Sequence[Action], rnd: random.Random) -> Action:
    return rnd.choice(actions)


# SS steps that close on an OKW-friendly HQ, where panic starts (12.81), and Abwehr steps
# in the coup that close on Hitler.
_CLOSING_IN = 4.0


def busy_policy(state: GameState, actions: Sequence[Action], rnd: random.Random) -> Action:
    return rnd.choices(actions, weights=_weights(state, actions))[0]


# In the coup window (18.11) most phases pass without an attempt, so that busy games
# reach every Game-Turn, and some end without a coup at all (18.74).
_COUP_WINDOW = {Verb.NO_REVEAL: 1.0, Verb.REVEAL: 0.15, Verb.COUP: 0.03}


def _weights(state: GameState, actions: Sequence[Action]) -> list[float]:
    if state.pending and state.pending[-1].kind == DecisionKind.COUP:
        return [_COUP_WINDOW[a.verb] for a in actions]
    near = None
    if state.active is not None:
        if state.phasing is Player.SS:
            near = _nearness(state.rules, _okw_hq_hexes(state.rules))
        elif state.coup is not None and (hitler := state.unit(HITLER).hex) is not None:
            near = _nearness(state.rules, (hitler,))  # 18.51: strike at Hitler
    here = near[state.unit(state.mover).at] if near is not None else 0
    weight, harass, move = _WEIGHTS.get, Verb.HARASS, Verb.MOVE  # (a hot loop)
    out = []
    for a in actions:
        verb = a.verb
        if verb is harass and (a.hex is not None or a.unit == HITLER):
            out.append(_STORM_HQ)
        elif verb is move and near is not None and a.hex is not None and near[a.hex] < here:
            out.append(_CLOSING_IN)
        else:
            out.append(weight(verb, 1.0))
    return out


@functools.cache
def _okw_hq_hexes(rules: Rules) -> tuple[int, ...]:
    return tuple(h for hq in rules.map.hqs.values() if Party.OKW in hq.friendly_parties for h in hq.hexes)


@functools.cache
def _nearness(rules: Rules, targets: tuple[int, ...]) -> dict[int, int]:
    """Every hex's distance to the nearest of ``targets``."""
    return {h: min(distance(h, t) for t in targets) for h in rules.map.area_of}


def play_random(
    seed: int,
    policy: Policy = uniform_policy,
    *,
    limit: int = 50_000,
    on_state: Callable[[GameState], None] | None = None,
) -> tuple[GameState, int]:
    """Play one game from ``new_game(seed)`` to its end; returns the last state and the
    number of actions taken."""
    rnd = random.Random(seed)
    state = new_game(seed)
    n = 0
    while state.outcome is None and n < limit:
        if on_state:
            on_state(state)
        state = apply(state, policy(state, legal_actions(state), rnd))
        n += 1
    if on_state:
        on_state(state)
    return state, n
